/*
 * search_feas.c: the feasibility test (search.h): can a set be finished
 * within k guesses, every answer found by the k-th?  Much cheaper than
 * the total: a yes needs one guess whose classes all pass within k - 1,
 * found mostly at the first try, and a no must fail every guess, each at
 * one class.  The worst-case objective is its least k (rules.h), and the
 * total search then runs within it; srch_classes() runs its quick half
 * (srch_refutes()) before a guess's classes are solved, under rules that
 * narrow, where many first guesses have no strategy at all.
 *
 *  - k >= n: yes, by guessing the set's answers one by one (each is
 *    allowed under every rule, rules.h, and each wins or leaves fewer);
 *  - k = 1: only a single answer; k = 2: some guess puts every answer in
 *    its own class (one of the set's own answers first, then a scan that
 *    drops a guess at its first collision); under rules that narrow, the
 *    classes of a set within 3 read its guesses from an index made once
 *    for the set (feas_index(): by letter, each answer's partners by guess,
 *    and each class's splitters kept), not narrowed anew for each class;
 *  - else, first, the set's endgames (answers alike but at one place, as
 *    the _ATCH words): a strategy for the set is one for each of its
 *    subsets, so an endgame that a count shows cannot be finished, or
 *    that fails its own test (the largest, then their union), refutes
 *    the set (refuted_by_endgames());
 *  - then the guesses in order of their largest class (then entropy),
 *    one of each set with the same classes and states, each dropped at
 *    the first class that fails within k - 1: under rules that narrow
 *    the smallest first (the cheapest to settle, and the likeliest to
 *    fail), under the normal rules the largest first (the one that
 *    fails).  A guess with a class of more than 243 answers cannot pass
 *    when k - 1 = 2.  A set of FEAS_SPLIT_MEMO_MIN answers or more keeps
 *    its answer within 2 in the memo (two guesses in either order make
 *    the same set).
 * Answers go into the memo under the set, k (the record's depth), the
 * rules' state and a marker byte (so they never meet the total search's
 * records): 1 yes, 0 no.  The state stands for the guesses: every caller
 * passes the guesses it allows (rules_after(), class_guesses()), never a
 * list pruned otherwise.  A class's guesses are narrowed only once the
 * memo has no answer, and a miss is probed once (feas_unknown()).
 */
#include <stdlib.h>
#include <string.h>

#include "search_impl.h"

/* An endgame has one answer per letter at its odd place. */
#define ENDGAME_MAX 26

/* One question to the test: is A (n answers, sorted) within k guesses,
 * standing where the guesses allowed are U (nu of them: those the rules'
 * state rs allows, which the memo's key stands for), worked out in level
 * ply of the asking context and deeper? */
typedef struct {
  const uint16_t *A;
  int n, k, ply;
  const int *U;
  int nu;
  const rstate *rs;
} fq;

static int u64_cmp(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* The memo key: the state's key bytes (rstate_key(), if any) and 'F'. */
typedef struct {
  uint8_t b[sizeof(rstate) + 1];
} feas_key;

static const void *fkey(const rstate *rs, feas_key *k, int *len) {
  int sl;
  const void *sk = rstate_key(rs, &sl);
  if (sl) memcpy(k->b, sk, (size_t)sl);
  k->b[sl] = 'F';
  *len = sl + 1;
  return k->b;
}

/* Has a class's try in rounds used its time (classes_pass())? */
static inline bool over_limit(ctx *c) {
  if (c->feas_until <= 0 || c->feas_over) return c->feas_over;
  if (--c->feas_tick > 0) return false;
  c->feas_tick = FEAS_CLOCK_EVERY;
  return c->feas_over = now_seconds() >= c->feas_until;
}

/* A class's try: until `seconds` from now (0: no limit); its end. */
static void try_limit(ctx *c, double seconds) {
  c->feas_until = seconds > 0 ? now_seconds() + seconds : 0;
  c->feas_tick = FEAS_CLOCK_EVERY;
  c->feas_over = false;
}

/* Is this thread's work moot: a stop, or an offer it works in (or one
 * further up) decided, or its try's time used?  Then it unwinds as on
 * a stop: nothing stored, its answers thrown away. */
static bool moot(ctx *c) {
  if (stopped(c->s) || over_limit(c)) return true;
  for (const offer_flag *f = c->within; f; f = f->up)
    if (atomic_load_explicit(&f->decided, memory_order_relaxed)) return true;
  return false;
}

/* Does guess g give every answer of the set whose rows are in c->rows
 * (n of them) its own pattern? */
static inline bool splits_by(ctx *c, int n, int g) {
  uint16_t *cnt = c->cnt;
  const uint8_t **rows = c->rows;
  int j = 0;
  for (; j < n; j++)
    if (cnt[rows[j][g]]++) break;
  for (int q = 0; q <= j && q < n; q++) cnt[rows[q][g]] = 0;
  return j == n;
}

/* A's rows into c->rows; does one of A's own answers split it (the
 * usual winners, and allowed under every rule: the top)? */
static bool own_splits(ctx *c, const uint16_t *A, int n) {
  const game *G = c->s->g;
  for (int j = 0; j < n; j++) c->rows[j] = game_answer_row(G, A[j]);
  for (int i = 0; i < n; i++)
    if (splits_by(c, n, G->ans2guess[A[i]])) return true;
  return false;
}

/* k = 2: a guess of U that gives every answer of A its own pattern.
 * With a bounds context bx (search_least_depth()'s, may be NULL), its
 * vector kernel says first whether any guess at all does: none is the
 * common answer. */
static bool perfect_split(ctx *c, const bounds_ctx *bx, const uint16_t *A, int n, const int *U,
                          int nu) {
  if (n > PATTERN_COUNT) return false;
  if (bx) {
    if (!srch_bounds_splits(c, bx, A, n)) return false;
    if (!c->s->rw) return true; /* every guess is allowed */
  }
  if (own_splits(c, A, n)) return true;
  for (int u = 0; u < nu; u++) {
    if ((u & 1023) == 1023 && stopped(c->s)) return false;
    if (splits_by(c, n, U[u])) return true;
  }
  return false;
}

/* The u-th guess's partners on the node's answers (level.fxg), made
 * now: where they start in fxg. */
static int fx_partners(level *X, int u) {
  assert(X->fxgo[u] < 0 && X->fxn <= FX_TABLE_MAX);
  int h = X->fxU[u], n = X->fxn;
  if (X->fxgused + (size_t)n > X->fxgcap) {
    X->fxgcap = X->fxgcap ? 2 * X->fxgcap : 16384;
    X->fxg = xrealloc(X->fxg, sizeof *X->fxg * X->fxgcap);
  }
  uint64_t bits[PATTERN_COUNT];
  uint8_t pat[FX_TABLE_MAX];
  for (int j = 0; j < n; j++) bits[pat[j] = X->fxrow[j][h]] = 0;
  for (int j = 0; j < n; j++) bits[pat[j]] |= 1ull << j;
  uint64_t *g = X->fxg + X->fxgused;
  for (int j = 0; j < n; j++) g[j] = bits[pat[j]] & ~(1ull << j);
  X->fxgo[u] = (int)X->fxgused;
  X->fxgused += (size_t)n;
  return X->fxgo[u];
}

/* Within 3 under rules that narrow: the node's guesses U indexed by
 * letter in place and by letter anywhere (level.fx), so that a class's
 * test within 2 (split_within2()) reads only the bucket its pattern
 * requires that holds fewest, where narrowing all of U for each class
 * (class_guesses()) was most of a refutation's time (hard nyt-2023-07,
 * the first guess ACONE: 21.8 million classes narrowed within 2, 46% of
 * its time in rules_after()); and, for a node of up to FX_TABLE_MAX
 * answers, under each guess each answer's partners, made when a split
 * test first asks for that guess (fx_partners(), level.fxg: the node's
 * other answers it gives the same pattern, as bits), so that a class's
 * split test is one AND per answer, where reading the class's patterns
 * one by one was most of a refutation's time (hard nyt-2023-07 KAYAK,
 * 24.7 s then, 19.3 s so; patterns grouped by value instead, BUDIS 2.7
 * s where partners take 2.4 s: a small class walks every group). At
 * most 64 words a guess, made only for the guesses some class asks
 * about (KAYAK: 2.7 MB more at its peak). */
static void feas_index(ctx *c, level *X, int ply, const uint16_t *A, int n, const int *U, int nu) {
  const search *s = c->s;
  if (!X->fx) {
    X->fx = xmalloc(sizeof *X->fx * 10 * (size_t)s->g->n_guesses);
    X->fxgo = xmalloc(sizeof *X->fxgo * (size_t)s->g->n_guesses);
    X->fxa = xmalloc(sizeof *X->fxa * (size_t)s->g->n_answers);
    X->fxc = xcalloc(FX_SLOTS, sizeof *X->fxc);
    X->fxl = xmalloc(sizeof *X->fxl * FX_LIST_ROOM);
  }
  /* A new generation empties the cache of splitters (a slot of another
   * generation is free); when the counter wraps, the slots are cleared,
   * so that no slot of 2^32 generations ago passes for this one's. */
  if (++X->fxgen == 0) {
    memset(X->fxc, 0, sizeof *X->fxc * FX_SLOTS);
    X->fxgen = 1;
  }
  X->fxused = 0;
  X->fxply = ply;
  int *st = X->fxs, at[FX_BUCKETS];
  memset(X->fxs, 0, sizeof X->fxs);
  for (int pass = 0; pass < 2; pass++) {
    for (int u = 0; u < nu; u++) {
      uint64_t w = s->rw[U[u]].w64;
      uint32_t seen = 0;
      for (int i = 0; i < 5; i++) {
        int x = (int)(w >> (8 * i) & 0xff) - 'a', b = 26 * i + x;
        assert(x >= 0 && x < 26);
        if (pass) X->fx[at[b]++] = u;
        else st[b + 1]++;
        if (seen >> x & 1) continue;
        seen |= 1u << x;
        if (pass) X->fx[at[130 + x]++] = u;
        else st[130 + x + 1]++;
      }
    }
    if (pass) break;
    for (int b = 0; b < FX_BUCKETS; b++) st[b + 1] += st[b];
    memcpy(at, st, sizeof at);
  }
  assert(st[FX_BUCKETS] <= 10 * nu);
  X->fxn = n <= FX_TABLE_MAX ? n : 0;
  if (!X->fxn) return;
  for (int j = 0; j < n; j++) {
    X->fxrow[j] = game_answer_row(s->g, A[j]);
    X->fxa[A[j]] = (uint16_t)j;
  }
  X->fxU = U;
  memset(X->fxgo, 0xff, sizeof *X->fxgo * (size_t)nu); /* no guess's partners yet */
  X->fxgused = 0;
}

/* Does a guess whose partners are g (g[j]: the node's other answers
 * that share answer j's pattern) give every answer of the class (bits
 * c) its own pattern: no answer of it has a partner in it? */
static inline bool splits_bits(const uint64_t *g, uint64_t c) {
  for (uint64_t r = c; r; r &= r - 1)
    if (g[__builtin_ctzll(r)] & c) return false;
  return true;
}

#ifndef NDEBUG
/* The same answer from the class's patterns under guess h themselves
 * (the asserting builds check every split test by it). */
static bool splits_direct(const level *X, int h, uint64_t c) {
  uint64_t seen[4] = {0, 0, 0, 0};
  for (uint64_t r = c; r; r &= r - 1) {
    int p = X->fxrow[__builtin_ctzll(r)][h];
    if (seen[p >> 6] >> (p & 63) & 1) return false;
    seen[p >> 6] |= 1ull << (p & 63);
  }
  return true;
}
#endif

/* The guesses of H (nh positions in U; all of U when H is NULL) that
 * split C (n answers of the node), from the node's list when C was
 * tested before with the same bucket (most are: hard nyt-2023-07 TERAS,
 * 71%), else found and kept.  Every rule's test comes after, so one list
 * serves every guess g whose class C is.  NULL when it cannot be kept
 * (no table; another thread's level, read only; eight slots probed and
 * taken; or no room in the list): then *ns = -1, and the caller tests
 * the guesses itself. */
static const int *splitters(ctx *c, level *X, const uint16_t *C, int n, int bucket, const int *H,
                            int nh, int *ns) {
  *ns = -1;
  if (!X->fxn || X != srch_level(c, X->fxply)) return NULL; /* another thread's: read only */
  uint64_t mask = 0;
  assert(n <= X->fxn); /* C is a class of the node's set */
  for (int j = 0; j < n; j++) mask |= 1ull << X->fxa[C[j]];
  assert((bucket < 0) == !H && (!H || H == X->fx + X->fxs[bucket]));
  uint32_t h = (uint32_t)(((mask ^ (uint64_t)(bucket + 2) << 56) * 0x9E3779B97F4A7C15ull) >> 40);
  struct fx_slot *sl = NULL;
  for (int probe = 0; probe < 8; probe++) {
    struct fx_slot *q = &X->fxc[(h + (uint32_t)probe) & (FX_SLOTS - 1)];
    if (q->gen != X->fxgen) {
      sl = q;
      break;
    }
    if (q->mask == mask && q->bucket == bucket) {
      *ns = q->cnt;
      return X->fxl + q->off;
    }
  }
  if (!sl || X->fxused + nh > FX_LIST_ROOM) return NULL;
  int *out = X->fxl + X->fxused, k = 0;
  for (int i = 0; i < nh; i++) {
    if ((i & 1023) == 1023 && stopped(c->s)) return NULL; /* nothing kept */
    int u = H ? H[i] : i;
    int at = X->fxgo[u] >= 0 ? X->fxgo[u] : fx_partners(X, u);
    bool yes = splits_bits(X->fxg + at, mask);
    assert(yes == splits_direct(X, X->fxU[u], mask));
    if (yes) out[k++] = u;
  }
  *sl = (struct fx_slot){mask, bucket, X->fxused, k, X->fxgen};
  X->fxused += k;
  *ns = k;
  return out;
}

/* k = 2 in g's class p (C, n answers, n >= 3), under rules that narrow,
 * from the node's guesses indexed in X (feas_index(): U, nu): the class's
 * own answers first (always allowed), then the guesses of the fewest of
 * the buckets g's pattern requires (a green letter in its place, a
 * yellow or green letter anywhere; all of U when it shows none), each
 * tested against g's rule and then for the split.  perfect_split() on
 * the narrowed guesses, in another order: the same yes or no. */
static bool split_within2(ctx *c, level *X, const uint16_t *C, int n, const int *U, int nu,
                          int g, int p) {
  const search *s = c->s;
  if (n > PATTERN_COUNT) return false;
  if (own_splits(c, C, n)) return true;
  const int *H = NULL;
  int nh = nu, hb = -1;
  uint64_t wg = s->rw[g].w64;
  for (int i = 0, q = p; i < 5; i++, q /= 3) {
    if (q % 3 == 0) continue;
    int x = (int)(wg >> (8 * i) & 0xff) - 'a', b = q % 3 == 2 ? 26 * i + x : 130 + x;
    if (X->fxs[b + 1] - X->fxs[b] < nh)
      H = X->fx + X->fxs[b], nh = X->fxs[b + 1] - X->fxs[b], hb = b;
  }
  rstate st;
  rstate_init(&st);
  rstate_add(s->o.rules, &st, &s->rw[g], p);
  int ns;
  const int *S = splitters(c, X, C, n, hb, H, nh, &ns);
  if (S) {
    for (int i = 0; i < ns; i++)
      if (rstate_allows_in(s->o.rules, &st, &s->rw[U[S[i]]])) return true;
    return false;
  }
  for (int i = 0; i < nh; i++) {
    if ((i & 1023) == 1023 && stopped(c->s)) return false;
    int u = H ? H[i] : i, h = U[u];
    if (rstate_allows_in(s->o.rules, &st, &s->rw[h]) && splits_by(c, n, h)) return true;
  }
  return false;
}

/* Largest class first, then entropy, then the tie rule. */
static int feas_cand_cmp(const void *pa, const void *pb) {
  const cand *a = pa, *b = pb;
  if (a->lb != b->lb) return a->lb - b->lb;
  if (a->score != b->score) return a->score < b->score ? -1 : 1;
  return score_tie_cmp(a->green, a->g, b->green, b->g);
}

/* What is known of A within k without its guesses: 1 yes, 0 no, -1
 * not known (the answers of feas() that need no scan: the closed forms
 * and the memo).  *h gets A's memo hash when the memo was asked. */
static int feas_known(ctx *c, const uint16_t *A, int n, int k, const rstate *rs, uint64_t *h) {
  if (n <= 1) return n == 0 || k >= 1;
  if (k >= n) return 1;
  if (k <= 1) return 0;
  /* Within 2 the first guess must give every answer its own pattern. */
  if (k == 2 && n > PATTERN_COUNT) return 0;
  if (k == 2 && n < FEAS_SPLIT_MEMO_MIN) return -1; /* perfect_split(): a scan */
  feas_key key;
  int klen, v;
  bool exact;
  const void *kb = fkey(rs, &key, &klen);
  uint64_t hh = memo_hash_k(A, n, k, kb, klen);
  *h = hh;
  c->st.memo_probes++;
  if (memo_probe_k(c->s->memo, hh, A, n, k, kb, klen, &v, &exact)) {
    c->st.memo_hits++;
    assert(exact && (v == 0 || v == 1)); /* a feasibility answer, never a bound */
    return v;
  }
  return -1;
}

/* feas() once feas_known() has said "not known" (h: the hash it made,
 * when it asked the memo). */
static bool feas_unknown(ctx *c, const bounds_ctx *bx, const fq *q, bool split, uint64_t h);

static bool feas(ctx *c, const bounds_ctx *bx, const fq *q, bool split);

/* Does candidate g pass: every class of q's set under it within
 * q->k - 1?  Partitions in level q->ply of c; ix: the set's index
 * within 3 (feas_index()), or NULL. */
static bool cand_passes(ctx *c, const bounds_ctx *bx, const fq *q, int g, level *ix) {
  level *L = srch_level(c, q->ply);
  srch_partition(c->s->g, L, q->A, q->n, g);
  assert(!ix || q->k == 3);
  /* Any class that fails refutes g.  Under rules that narrow the
   * smallest first: the cheapest to settle and the likeliest to fail
   * (few guesses allowed).  Under the normal rules the largest first:
   * there it is the largest that fails (the original lists' least depth,
   * first guesses ruled out within 4 in 30 s on one thread: 109 smallest
   * first, 230 largest first). */
  bool big_first = !c->s->rw;
  for (int i = 0; i < L->ncls; i++) {
    klass *kq = &L->cls[big_first ? i : L->ncls - 1 - i];
    if (kq->size == 1) continue;
    const uint16_t *C = L->part + kq->start;
    if (ix) { /* within 2, from the index: no narrowing, no memo */
      if (kq->size > 2 && !split_within2(c, ix, C, kq->size, q->U, q->nu, g, kq->pat))
        return false;
      continue;
    }
    const rstate *cs = class_state(c->s, L, q->rs, g, kq->pat);
    uint64_t h = 0;
    int known = feas_known(c, C, kq->size, q->k - 1, cs, &h);
    if (known >= 0) {
      if (!known) return false;
      continue;
    }
    fq cq = {C, kq->size, q->k - 1, q->ply + 1, NULL, 0, cs};
    cq.U = class_guesses(c->s, L, q->U, q->nu, g, kq->pat, &cq.nu);
    if (!feas_unknown(c, bx, &cq, false, h)) return false;
  }
  return true;
}

/* The candidates of A within k, into L->cands: informative guesses of U
 * whose largest class can pass (at most n - 1 answers; at most 243
 * when k - 1 = 2), each with its largest class (as lb) and entropy.
 * Returns how many. */
static int feas_cands(ctx *c, level *L, const uint16_t *A, int n, int k, const int *U, int nu) {
  const game *G = c->s->g;
  const uint8_t **rows = c->rows;
  for (int j = 0; j < n; j++) rows[j] = game_answer_row(G, A[j]);
  uint16_t *cnt = c->cnt;
  int cap = k - 1 == 2 ? PATTERN_COUNT : n - 1, nc = 0;
  uint32_t gen = ++c->sig_gen;
  bool narrow = rules_narrows(c->s->o.rules);
  c->st.scans++;
  for (int u = 0; u < nu; u++) {
    int g = U[u], maxc = 0, ncls = 0;
    uint64_t score = 0;
    for (int j = 0; j < n; j++) {
      int x = ++cnt[rows[j][g]];
      ncls += x == 1;
      if (x > maxc && rows[j][g] != PATTERN_WIN) maxc = x;
    }
    uint64_t fh = 0;
    for (int j = 0; j < n; j++) {
      uint8_t p = rows[j][g];
      fh += srch_fbhash(c->s, j, p);
      if (cnt[p]) score += c->s->clogc[cnt[p]], cnt[p] = 0;
    }
    int green = 0;
    for (int j = 0; j < n; j++) green |= rows[j][g] == PATTERN_WIN;
    if (maxc == n || maxc > cap) continue; /* no information, or too big a class */
    /* The same classes, and states, as a guess kept before: the same answer. */
    if (srch_same_as_kept(c, rows, n, g, ncls, green, score, fh, gen, narrow)) continue;
    L->cands[nc++] = (cand){.g = g, .lb = maxc, .green = green, .bound = maxc, .score = score};
  }
  assert(nc <= nu);
  return nc;
}

/* The least depth's root (search.feas_top) is about to try its nc
 * candidates: the progress line counts them as first guesses settled. */
static bool top_begin(search *s, const uint16_t *A, int ply, int nc) {
  if (ply != 0 || A != s->feas_top) return false;
  s->pg.of = nc;
  atomic_store(&s->pg.settled, 0);
  srch_progress(s, 0, nc, NULL, INF, -1);
  return true;
}

/* One of them failed (not stopped part-way): one more ruled out (the
 * count read under the progress lock: threads never show it step back). */
static void top_ruled_out(search *s, int nc) {
  if (stopped(s)) return;
  atomic_fetch_add(&s->pg.settled, 1);
  srch_progress(s, PROGRESS_SETTLED, nc, NULL, INF, -1);
}

/* Does one of cands[0..nc) pass for q?  Split across threads, each in
 * its own context: the first that passes ends the loop for all. */
static bool some_passes_parallel(search *s, const bounds_ctx *bx, const cand *cands, int nc,
                                 const fq *q, level *ix) {
  cand *cs = xmalloc(sizeof *cs * (size_t)nc);
  memcpy(cs, cands, sizeof *cs * (size_t)nc);
  atomic_int found;
  atomic_init(&found, nc);
  bool at_top = top_begin(s, q->A, q->ply, nc);
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads)
  for (int i = 0; i < nc; i++) {
    if (atomic_load(&found) < nc || stopped(s)) continue;
    if (cand_passes(my_ctx(s), bx, q, cs[i].g, ix)) atomic_store(&found, i);
    else if (at_top) top_ruled_out(s, nc);
  }
  free(cs);
  return atomic_load(&found) < nc;
}

/* Work offered to the team's idle threads near the top of a ranking's
 * survivor (ctx.offer_depth; search.c offer_cands() says how an offer
 * works), under the normal rules only (no index, no class states: what
 * the owner's level holds is only read), as srch_refutes_all() runs
 * there alone.  Either a set's candidates (any: does one pass?) or a
 * first guess's classes (all: does every one pass?); every thread takes
 * the next until the answer is decided (a candidate passes, a class
 * fails) or none is left. */
typedef struct {
  const bounds_ctx *bx;
  bool all;          /* classes: every one must pass (else candidates: one) */
  const fq *q;       /* candidates: the set, and them */
  const cand *cands;
  level *L;          /* classes: the first guess's partition, its guess, */
  int first, k;      /* the guesses' limit, and where the guesses stand */
  const proof_at *at;
  const int *items;  /* classes: the classes of L asked (indices) */
  double seconds;    /* classes: each one's time (0: no limit) */
  bool *over;        /* classes: those that used them (the next round's) */
  int n;             /* the items */
  atomic_int next;
  offer_flag flag;   /* decided: a candidate passed, a class failed */
} feas_offer;

/* Class i of L (of a first guess, at ply 0) as a question within k - 1. */
static fq class_question(search *s, level *L, int i, int first, int k, const proof_at *at) {
  klass *kq = &L->cls[i];
  fq q = {L->part + kq->start, kq->size, k - 1, 1, NULL, 0,
          class_state(s, L, at->rs, first, kq->pat)};
  q.U = class_guesses(s, L, at->U, at->nu, first, kq->pat, &q.nu);
  return q;
}

static void feas_take(ctx *c, void *work, bool helper) {
  feas_offer *o = work;
  const offer_flag *within = c->within;
  c->within = &o->flag;
  for (int i; !moot(c) && (i = atomic_fetch_add(&o->next, 1)) < o->n;) {
    c->st.helped += helper;
    bool ok;
    if (o->all) {
      fq q = class_question(c->s, o->L, o->items[i], o->first, o->k, o->at);
      try_limit(c, o->seconds);
      ok = feas(c, o->bx, &q, false);
      bool over = c->feas_over;
      try_limit(c, 0);
      if (over && !stopped(c->s)) { /* the next round's */
        o->over[i] = true;
        c->st.feas_put_off++;
        continue;
      }
    } else {
      ok = cand_passes(c, o->bx, o->q, o->cands[i].g, NULL);
    }
    if (ok != o->all && !moot(c)) atomic_store(&o->flag.decided, 1);
  }
  /* This share's class used its time (it is in one of the classes'
   * rounds): the offer's answer is moot, and its helpers stop too. */
  if (c->feas_over) atomic_store(&o->flag.decided, 1);
  c->within = within;
}

/* The offer's answer: decided (a candidate passed, a class failed) or
 * not; moot (a stop, an offer further up decided) leaves it undecided,
 * and the caller stores nothing then. */
static bool feas_offered(ctx *c, feas_offer *o, bool tasks) {
  atomic_init(&o->next, 0);
  atomic_init(&o->flag.decided, 0);
  o->flag.up = c->within;
  if (tasks) srch_offer_run(c, feas_take, o);
  else feas_take(c, o, false);
  return atomic_load(&o->flag.decided);
}

/* q's candidates, tried in order (the most promising first, alone,
 * unless split): does one pass?  split: they are split across the
 * threads.  Children work in deeper levels; this level's partition is
 * redone for each candidate. */
static bool some_passes(ctx *c, const bounds_ctx *bx, const fq *q, bool split, level *ix) {
  level *L = srch_level(c, q->ply);
  int nc = feas_cands(c, L, q->A, q->n, q->k, q->U, q->nu);
  /* The most promising first, alone: it usually passes, and the rest
   * need sorting only when it does not. */
  int top = 0, from = 0;
  for (int i = 1; i < nc; i++)
    if (feas_cand_cmp(&L->cands[i], &L->cands[top]) < 0) top = i;
  if (nc > 1 && !split) {
    cand best = L->cands[top];
    L->cands[top] = L->cands[0];
    L->cands[0] = best;
    if (cand_passes(c, bx, q, best.g, ix)) return true;
    /* cand_passes() used this level's partition, not its candidates. */
    qsort(L->cands + 1, (size_t)nc - 1, sizeof *L->cands, feas_cand_cmp);
    from = 1;
  } else {
    qsort(L->cands, (size_t)nc, sizeof *L->cands, feas_cand_cmp);
  }
  if (split && c->s->o.threads > 1 && nc > 1)
    return some_passes_parallel(c->s, bx, L->cands, nc, q, ix);
  /* A first guess's classes are at ply 1. */
  if (!ix && !c->s->rw && nc - from > 1 && srch_offers(c, q->ply - 1)) {
    feas_offer o = {.bx = bx, .q = q, .cands = L->cands + from, .n = nc - from};
    return feas_offered(c, &o, true) && !moot(c);
  }
  bool ok = false, at_top = split && top_begin(c->s, q->A, q->ply, nc);
  for (int i = from; i < nc && !ok && !moot(c); i++) {
    ok = cand_passes(c, bx, q, L->cands[i].g, ix);
    if (!ok && at_top) top_ruled_out(c->s, nc);
  }
  return ok;
}

/* A's endgames: the answers that agree on four letters in place and
 * differ in the fifth (at most ENDGAME_MAX).  Those of more than k
 * answers (the others pass within k), each as a run of eg->at, their
 * union in eg->un.  Returns how many. */
typedef struct {
  uint16_t *at;   /* the endgames' answers, run after run */
  int start[5 * ENDGAME_MAX + 1], size[5 * ENDGAME_MAX + 1];
  int n;          /* endgames */
  uint16_t *un;   /* their union */
  int nun;
} endgames;

static int endgames_of(const game *G, const uint16_t *A, int n, int k, endgames *eg) {
  uint64_t *key = xmalloc(sizeof *key * (size_t)n);
  uint8_t *in = xcalloc((size_t)n, 1);
  int at = 0;
  eg->n = 0;
  for (int p = 0; p < 5; p++) {
    for (int i = 0; i < n; i++) {
      const char *w = G->answers.w[A[i]];
      uint64_t x = 0;
      for (int j = 0; j < 5; j++)
        if (j != p) x = x << 5 | (uint64_t)(w[j] - 'a');
      key[i] = x << 16 | (uint64_t)i;
    }
    qsort(key, (size_t)n, sizeof *key, u64_cmp);
    for (int i = 0, j; i < n; i = j) {
      for (j = i + 1; j < n && key[j] >> 16 == key[i] >> 16; j++) {}
      if (j - i <= k || eg->n == 5 * ENDGAME_MAX) continue;
      assert(j - i <= ENDGAME_MAX);
      eg->start[eg->n] = at;
      eg->size[eg->n++] = j - i;
      for (int q = i; q < j; q++) {
        int x = (int)(key[q] & 0xffff);
        eg->at[at++] = A[x];
        in[x] = 1;
      }
    }
  }
  eg->nun = 0;
  for (int i = 0; i < n; i++)
    if (in[i]) eg->un[eg->nun++] = A[i];
  free(key);
  free(in);
  return eg->n;
}

/* Can the endgame E (m answers) be finished within k?  Every guess's
 * classes on an endgame are one class of the answers whose odd letter
 * it lacks, and single answers (a letter it has changes the pattern at
 * that letter's own places): so on the path where that class is hit
 * each time, the i-th guess t_i leaves at most D(t_i) - 1 answers fewer
 * (D: t's patterns on E), and the k-th must then be the one answer
 * left: m - 1 <= the sum of the k - 1 largest D(t) - 1 over U.  Under
 * hard mode the guesses only narrow, so U's holds deeper too.  No means
 * no; yes means maybe. */
static bool endgame_may_pass(ctx *c, const uint16_t *E, int m, int k, const int *U, int nu) {
  const game *G = c->s->g;
  const uint8_t **rows = c->rows;
  for (int j = 0; j < m; j++) rows[j] = game_answer_row(G, E[j]);
  uint16_t *cnt = c->cnt;
  int top[ENDGAME_MAX + 1] = {0}, want = imin(k - 1, ENDGAME_MAX); /* the largest, descending */
  for (int u = 0; u < nu; u++) {
    int g = U[u], d = 0;
    for (int j = 0; j < m; j++) d += !cnt[rows[j][g]]++;
    for (int j = 0; j < m; j++) cnt[rows[j][g]] = 0;
    if (d - 1 <= top[want - 1]) continue;
    int i = want - 1;
    for (; i > 0 && top[i - 1] < d - 1; i--) top[i] = top[i - 1];
    top[i] = d - 1;
  }
  int sum = 0;
  for (int i = 0; i < want; i++) sum += top[i];
  return m - 1 <= sum;
}

/* Is q's set A refuted within k by its endgames (subsets: a strategy
 * for A is one for each of them)?  Each endgame of more than k answers by the
 * count above, then by their own tests the largest and their union.
 * Hard mode's failures are mostly such sets (_ATCH: every guess must
 * keep ATCH, and so names one answer).  Hard nyt-2023-07, first guesses
 * refuted, one thread (the AMD EPYC of docs/benchmarks.md): BUDOS 158 s
 * by the largest class first with no endgames, 68 s smallest first,
 * 20 s with the largest endgame and the union, 10 s with the duplicate
 * guesses dropped. */
static bool refuted_by_endgames(ctx *c, const bounds_ctx *bx, const fq *q, bool split) {
  int n = q->n, k = q->k;
  endgames eg;
  eg.at = xmalloc(sizeof *eg.at * (size_t)n * 5);
  eg.un = xmalloc(sizeof *eg.un * (size_t)n);
  bool no = false;
  if (endgames_of(c->s->g, q->A, n, k, &eg)) {
    int big = 0;
    for (int e = 0; e < eg.n && !no; e++) {
      no = !endgame_may_pass(c, eg.at + eg.start[e], eg.size[e], k, q->U, q->nu);
      if (eg.size[e] > eg.size[big]) big = e;
    }
    if (no) {
      c->st.feas_endgame++;
    } else {
      /* The same question of a subset: the same guesses, state and level. */
      fq big_q = *q, un_q = *q;
      big_q.A = eg.at + eg.start[big], big_q.n = eg.size[big];
      un_q.A = eg.un, un_q.n = eg.nun;
      if (big_q.n < n) no = !feas(c, bx, &big_q, split);
      if (!no && eg.n > 1 && un_q.n < n) no = !feas(c, bx, &un_q, split);
      if (no && !moot(c)) c->st.feas_subset++; /* by their own test, not counted twice */
    }
  }
  free(eg.at);
  free(eg.un);
  return no;
}

/* The answer to q (fq).  split: the top of a test, not inside a
 * thread's share of one, whose candidates may be split across the
 * threads.  False when stopped; nothing is stored then. */
static bool feas(ctx *c, const bounds_ctx *bx, const fq *q, bool split) {
  if (moot(c)) return false;
  uint64_t h = 0;
  int known = feas_known(c, q->A, q->n, q->k, q->rs, &h);
  if (known >= 0) return known;
  return feas_unknown(c, bx, q, split, h);
}

static bool feas_unknown(ctx *c, const bounds_ctx *bx, const fq *q, bool split, uint64_t h) {
  const uint16_t *A = q->A;
  int n = q->n, k = q->k;
  /* feas_known()'s closed forms are not it */
  assert(set_sorted(A, n) && k >= 2 && n > k && q->nu >= 0);
  if (moot(c)) return false;
  if (k == 2 && n < FEAS_SPLIT_MEMO_MIN) return perfect_split(c, bx, A, n, q->U, q->nu);
  feas_key key;
  int klen;
  const void *kb = fkey(q->rs, &key, &klen);
  if (k == 2) {
    bool ok = perfect_split(c, bx, A, n, q->U, q->nu);
    if (!moot(c)) memo_store_k(c->s->memo, h, A, n, 2, kb, klen, ok, true);
    return ok;
  }
  c->st.nodes++;
  bool ok = false;
  if (refuted_by_endgames(c, bx, q, split)) {
    if (!moot(c)) memo_store_k(c->s->memo, h, A, n, k, kb, klen, false, true);
    return false;
  }
  /* Within 3 under rules that narrow, the index of U for the classes'
   * tests (after the endgames: their own tests use this level too). */
  level *ix = NULL;
  if (k == 3 && c->s->rw) {
    ix = srch_level(c, q->ply);
    feas_index(c, ix, q->ply, A, n, q->U, q->nu);
  }
  /* Within 3: the set's own answers first (each class must then split
   * into single answers, a cheap test), as they usually pass. */
  if (k == 3 && n <= FEAS_OWN_MAX)
    for (int i = 0; i < n && !ok; i++)
      ok = cand_passes(c, bx, q, c->s->g->ans2guess[A[i]], ix);
  if (!ok) ok = some_passes(c, bx, q, split, ix);
  if (!moot(c)) memo_store_k(c->s->memo, h, A, n, k, kb, klen, ok, true);
  return ok;
}

/* Do the classes of L in items[0..n) (the smallest first) all pass
 * within k - 1?  Under the normal rules a class with a strategy can take
 * minutes where one without takes seconds (TORAS on nyt-2022-02-all: its
 * class of 615 answers passes in 581 s of a thread, the larger one of 862
 * fails in 15 s): so, given rounds, in rounds, each class not yet settled
 * given s->feas_round seconds in the first and four times the last's in
 * each next, one that uses them put off to the next round (what it
 * finished is in the memo, where its next try reads it); and, given
 * tasks, the classes offered to idle threads (feas_offer).  The answer is
 * one pass's; the cost of the rounds, about a third more at most for a
 * class put off that passes. */
static bool classes_pass(ctx *c, const bounds_ctx *bx, level *L, int *items, int n, int first,
                         int k, const proof_at *at, bool rounds, bool tasks) {
  assert(c->feas_until == 0 && n <= PATTERN_COUNT);
  bool over[PATTERN_COUNT];
  for (double t = rounds ? c->s->feas_round : 0; n > 0; t *= 4) {
    memset(over, 0, sizeof over);
    feas_offer o = {.bx = bx, .all = true, .L = L, .first = first, .k = k, .at = at,
                    .items = items, .seconds = t, .over = over, .n = n};
    if (feas_offered(c, &o, tasks) || moot(c)) return false; /* a class failed, or a stop */
    int left = 0;
    for (int i = 0; i < n; i++)
      if (over[i]) items[left++] = items[i];
    n = left;
  }
  return true;
}

/* Are the classes of A under first, up to most answers each (INF:
 * all), each within k - 1?  The smallest first: a first guess with no
 * strategy mostly fails at a small class (under hard mode, one that
 * allows few guesses), and a big one can take seconds to pass (hard
 * nyt-2023-07 ZYMIC: its class of 1188 answers 15 s, the one that
 * fails, 15 answers, 0.03 s).  So under the normal rules too, unlike
 * cand_passes(): with every word an answer (nyt-2022-02-all, within 5,
 * 2 threads) the largest first refuted COPRA in 1.8 s (56.6 s smallest
 * first) and ZAMBO in 2.5 s, but took 41.7 s on LANTS (2.7 s smallest
 * first) and 57.8 s on TARES. */
static bool first_feasible(ctx *c, const bounds_ctx *bx, const uint16_t *A, int n, int first,
                           int k, int most, const proof_at *at, bool split) {
  if (k <= 0) return false;
  search *s = c->s;
  level *L = srch_level(c, 0);
  srch_partition(s->g, L, A, n, first);
  int upto = 0; /* the classes asked: up to `most` answers, smallest first */
  while (upto < L->ncls && L->cls[L->ncls - 1 - upto].size <= most) upto++;
  if (!split && !s->rw && c->within == NULL && upto > 1) { /* the normal rules, alone */
    int items[PATTERN_COUNT];
    for (int j = 0; j < upto; j++) items[j] = L->ncls - 1 - j;
    return classes_pass(c, bx, L, items, upto, first, k, at, s->feas_round > 0, srch_offers(c, 0));
  }
  bool ok = true;
  for (int j = 0; j < upto && ok; j++) {
    fq q = class_question(s, L, L->ncls - 1 - j, first, k, at);
    ok = feas(c, bx, &q, split);
  }
  return ok;
}

/* search_feasible() within the bounds bx (may be NULL). */
static bool feasible(search *s, const bounds_ctx *bx, const uint16_t *A, int n, int first, int k) {
  srch_begin(s);
  if (n <= 0) return true;
  if (first < 0)
    srch_phase(s, "worst case: every answer within %d %s?", k, k == 1 ? "guess" : "guesses");
  else
    srch_phase(s, "worst case: every answer within %d %s after %s?", k,
               k == 1 ? "guess" : "guesses", s->g->guesses.w[first]);
  proof_at at = srch_at_root(s);
  fq q = {A, n, k, 0, at.U, at.nu, at.rs};
  bool ok = first < 0 ? feas(&s->ctx[0], bx, &q, true)
                      : first_feasible(my_ctx(s), bx, A, n, first, k, INF, &at, true);
  return srch_finish(s, ok) == 1;
}

bool search_feasible(search *s, const uint16_t *A, int n, int first, int k) {
  return feasible(s, NULL, A, n, first, k);
}

/* The largest class srch_refutes() tests: REFUTE_CLASS_MAX, or below
 * search_opts.big_min where that is set (tests: the classes from there
 * on are big_classes()'s, search_proof.c). */
static int refute_max(const search *s) {
  return s->o.big_min > 0 ? s->o.big_min - 1 : REFUTE_CLASS_MAX;
}

bool srch_refutes(search *s, const uint16_t *A, int n, int first, int k, const proof_at *at) {
  assert(first >= 0 && n > 0);
  return !first_feasible(my_ctx(s), NULL, A, n, first, k, refute_max(s), at, true) && !stopped(s);
}

bool srch_set_refuted(search *s, const uint16_t *A, int n, int k, const int *U, int nu,
                      const rstate *rs) {
  assert(n > 0 && k > 0 && !omp_in_parallel());
  fq q = {A, n, k, 1, U, nu, rs};
  return !feas(my_ctx(s), NULL, &q, true) && !stopped(s);
}

bool srch_refutes_covers(const search *s, int n) { return n <= refute_max(s); }

bool srch_refutes_all(ctx *c, const bounds_ctx *bx, const uint16_t *A, int n, int first, int k,
                      const proof_at *at, bool split) {
  assert(first >= 0 && n > 0 && (!split || !omp_in_parallel()));
  if (c->s->rw || k == UNLIMITED) return false; /* the normal rules with a limit only */
  bool no = !first_feasible(c, bx, A, n, first, k, INF, at, split) && !stopped(c->s);
  c->st.refute_first += no;
  return no;
}

bool srch_refutes_small(ctx *c, const uint16_t *A, int n, int first, int k, const proof_at *at) {
  assert(first >= 0 && n > 0);
  bool no = !first_feasible(c, NULL, A, n, first, k, REFUTE_SMALL_MAX, at, false) && !stopped(c->s);
  c->st.refute_small += no;
  return no;
}

/* The bounds context for subsets of A (srch_bounds_splits()): every
 * informative guess, strong splitters first. */
static bounds_ctx *splits_ctx(search *s, const uint16_t *A, int n) {
  ctx *c = &s->ctx[0];
  level *L = srch_level(c, 0);
  int failmin = INF;
  scan_result r;
  int nc = srch_scan(c, L, A, n, UNLIMITED, INF, s->all, s->g->n_guesses, &failmin, NULL, &r);
  return srch_bounds_cands(s, A, n, L->cands, nc);
}

/* The least k up to limit (0: none), within the bounds bx: 0 when none
 * is, -1 when stopped (search_stopped() then says the depths ruled out,
 * the one being tested and, with no fixed first guess, the first
 * guesses ruled out at it: search.h search_partial). */
static int least_depth(search *s, const bounds_ctx *bx, const uint16_t *A, int n, int first,
                       int limit) {
  for (int k = 1; limit <= 0 || k <= limit; k++) {
    bool ok = feasible(s, bx, A, n, first, k);
    if (search_stopped(s)) {
      s->part.lower_bound = INF; /* the total's search has not begun */
      s->part.worst_above = k - 1;
      s->part.worst_testing = k;
      s->part.best_first = first; /* what was ruled out started with it */
      s->part.done = first < 0 ? atomic_load(&s->pg.settled) : 0;
      s->part.of = first < 0 ? s->pg.of : 0;
      return -1;
    }
    if (ok) return k;
    /* k >= n always passes (n + 1 with an uninformative first guess). */
    assert(k <= n);
    if (k > n + 1) break;
  }
  return 0;
}

int search_least_depth(search *s, const uint16_t *A, int n, int first, int limit) {
  /* The kernel's table pays for itself on big sets only. */
  bounds_ctx *bx = n >= FEAS_KERNEL_MIN ? splits_ctx(s, A, n) : NULL;
  s->feas_top = first < 0 ? A : NULL;
  int got = least_depth(s, bx, A, n, first, limit);
  s->feas_top = NULL;
  srch_bounds_free(bx);
  return got;
}
