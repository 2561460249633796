/*
 * search_l2.c: L2, the two-guess lookahead bound (search_bounds.c's
 * note): L2(C) = min over guesses h of m + the sum of L1 over h's
 * non-winning classes.
 *
 * Pass 1 finds the candidates, the guesses whose own one-guess term
 * 3m - s is below what the caller needs (a scan of the order, as L1's);
 * pass 2 takes them least term first and sums their classes' L1, each
 * stopping once it reaches the best so far.  Most candidates end before
 * any partition, from the patterns alone: a class of c answers larger
 * than scap (the most s any guess has on C) costs at least 3c - scap
 * (bound2_quick_sum()).
 *
 * A big class (BOUNDS_SUB_MIN answers or more) gets its own order of the
 * guesses, by their s on it (bounds_sub()): its classes' scans then end
 * at the first guess that cannot beat their best, where the root's order
 * lets almost every guess through.  That order and its table are the
 * thread's scratch (ctx.sub), made anew for each such class.
 *
 * L3 (srch_bound3(), at the end): L3(C) = min over guesses h of m + the
 * sum of L2 over h's classes.  Every guess's one-guess term comes from
 * its patterns on C; the guesses below the best so far, least first,
 * get their L1 sum (bound2_guess()), and only those still below it their
 * classes' L2.  A big C gets its own order too (bound3_own(), in a
 * second scratch, ctx.sub3), for both: h's patterns are its column, the
 * scans of h's classes end at C's caps, and the L2s of those classes
 * start from it (a class of 40 or more makes its own order from C's, in
 * ctx.sub).  That is sound on every subset of C: bounds_sub() leaves
 * out only guesses with s = 1 on C, which tell nothing on its subsets
 * either, and caps each guess by its s on C, which no subset exceeds.
 * The refuting stages raise a survivor's biggest classes to it
 * (srch_bound2_sum(), tuning.h L3_CLASS_MIN), asking each for a share of
 * what the sum lacks at a time (ask_rounds()): the more an L3 is asked to
 * prove, the longer it takes.  So too their L2s (tuning.h L2_FIRST_ASK).
 *
 * A guess's sums (at the end): its classes' L1, L2 or L3 bounds added
 * up, a lower bound of its total: the root proof's and the ranking's
 * stages (search_proof.c, search_first.c) at the root, and a staged set's
 * candidates in a survivor's search (search.c stage_cands()) at the
 * node's ply.
 */
#include <stdlib.h>
#include <string.h>

#include "kernel.h"
#include "search_impl.h"

/* L2's pass 1 on C (rows and isin marked): every guess whose one-guess
 * term 3m - s is below need (beyond it the caller does not care):
 * s >= 3m - need + 1, so at most need - 2m - 1 + green collisions.
 * Their guesses and terms go to L->cands (the count is returned).
 * *scap gets the most s of any guess C allows: every guess with more
 * than 3m - need is a candidate, so with one at least, the largest
 * candidate's.  It caps every class of C under rules that narrow too:
 * a class's state is C's with one more guess added, so it allows only
 * guesses C allows (rstate_add() only narrows), and no guess has a
 * larger s on a subset (k and [h in C] only fall). */
static int bound2_cands(ctx *c, const bounds_ctx *b, level *L, const uint8_t *const *rows,
                        const uint8_t *isin, const uint16_t *C, int m, int need,
                        const uint64_t *allowed, int *scap) {
  int pos[64], sv[64], nc = 0, most = 0;
  kcaps lc;
  srch_lcaps(c->s->g, C, m, &lc);
  /* A candidate has s > 3m - need (as smax()'s best: no rise here). */
  int thr = l1_term(m, need), lim = imin(scan_lim(m, thr + 1), m);
  for (scan_at at = {0, ~0ull, false}; at.u0 < b->nstrong && !at.end && !stopped(c->s);) {
    int ns = srch_scan_pass(c, b, rows, isin, m, &lc, allowed, thr, lim, &at, pos, sv);
    for (int i = 0; i < ns; i++)
      if (sv[i] > thr) {
        L->cands[nc++] = (cand){.g = b->strong[pos[i]], .lb = l1_term(m, sv[i])};
        most = sv[i] > most ? sv[i] : most;
      }
  }
  *scap = most;
  return nc;
}

/* Rows ahead that sub_column() prefetches. */
#define SUB_PREFETCH 12

/* The patterns of the guess at position at (< ncols) of L2's own
 * bounds sb on its set's m answers: its column of the table, copied out
 * with the 63 beside it the first time one of them is asked for (a
 * block's rows are one line each). */
static const uint8_t *sub_column(bounds_ctx *sb, int at, int m) {
  assert(at >= 0 && at < sb->ncols);
  int blk = at / 64;
  if (!sb->colsdone[blk]) {
    int i0 = blk * 64, w = sb->ncols - i0 < 64 ? sb->ncols - i0 : 64;
    size_t stride = (size_t)sb->pstride;
    const uint8_t *row = sb->ptab + i0;
    uint8_t *out = sb->cols + (size_t)i0 * (size_t)m;
    for (int r = 0; r < m; r++, row += stride) {
      /* One line of each row: rows a table's width apart, which the
       * hardware's prefetchers do not follow (a big class's table is
       * tens of MB), so ask for the line SUB_PREFETCH rows ahead (while
       * there is one: a pointer past the table is not even formed). */
      if (r + SUB_PREFETCH < m) __builtin_prefetch(row + SUB_PREFETCH * stride);
      for (int i = 0; i < w; i++) out[(size_t)i * (size_t)m + (size_t)r] = row[i];
    }
    sb->colsdone[blk] = 1;
  }
  return sb->cols + (size_t)at * (size_t)m;
}

/* L2's pass 2, first from the patterns pat of candidate h on C alone:
 * sum (h's term) plus, for each class of c answers larger than scap,
 * c + 1 - scap (such a class costs at least 3c - scap: no guess splits
 * it into more), counted as the patterns are read (a class adds 2 when
 * it passes scap, then 1 an answer), and stopping once it reaches best.
 * Most candidates end here (bound2_quick: 19 million of hard
 * nyt-2023-07's L2 stage), so before any partition is made. */
static int bound2_quick_sum(const uint8_t *pat, int m, int sum, int scap, int best) {
  uint16_t cnt[PATTERN_COUNT];
  memset(cnt, 0, sizeof cnt);
  for (int j = 0; j < m && sum < best; j++) {
    int p = pat[j], x = ++cnt[p];
    if (p != PATTERN_WIN) sum += (x > scap) + (x == scap + 1);
  }
  return sum;
}

/* L2's pass 2: the total of candidate guess h on C, its classes bounded
 * by L1, stopping once it reaches best.  The classes larger than scap
 * first, from the patterns alone (bound2_quick_sum()): a guess that
 * leaves a big class is done without a partition or a scan. */
static int bound2_guess(ctx *c, const bounds_ctx *b, bounds_ctx *own, level *L, const uint16_t *C,
                        int m, int d, cand h, int best, int scap, const rstate *rs) {
  assert(!own || own == b);
  int sum = h.lb, kd = child_depth(d);
  int at = own ? own->ppos[h.g] : -1;
  const uint8_t *pat;
  if (at >= 0 && at < own->ncols) {
    pat = sub_column(own, at, m);
  } else {
    const game *G = c->s->g;
    for (int j = 0; j < m; j++) c->b2pat[j] = game_fb(G, h.g, C[j]);
    pat = c->b2pat;
  }
  int quick = bound2_quick_sum(pat, m, sum, scap, best);
  if (quick >= best) {
    c->st.bound2_quick++;
    return quick;
  }
  srch_partition_by(L, C, m, pat);
  for (int q = 0; q < L->ncls && sum < best; q++) {
    klass *kq = &L->cls[q];
    bool ex;
    /* What ends this guess: a class bound of 2c - 1 + (best - sum). */
    int cq = kq->size;
    int v = srch_bound1_capped(c, b, L->part + kq->start, cq, kd, &ex,
                          class_state(c->s, L, rs, h.g, kq->pat), lb_floor(cq) + (best - sum),
                          scap);
    sum = imin(sum + v - lb_floor(kq->size), INF);
  }
  return sum;
}

/* The run r[0..k) of candidates of one term (each guess once, green and
 * score 0) sorted by index, completing the order of least term, then
 * index: a long run through the context's bitmap of the guesses (the
 * bits set, then read in order, and clear again), a short one by
 * insertion.  Long runs are common on a big set, whose thousands of
 * candidates share a few hundred terms: qsort() here and in L3's sort
 * took 13% of a bighidden ranking's L2 stage (perf, issue 47). */
static void sort_run(ctx *c, cand *r, int k) {
  if (k <= 24) {
    for (int i = 1; i < k; i++)
      for (int j = i; j > 0 && r[j].g < r[j - 1].g; j--) {
        cand t = r[j];
        r[j] = r[j - 1];
        r[j - 1] = t;
      }
    return;
  }
  uint64_t *bits = c->b2bits;
  int lo = INF, hi = -1, lb = r[0].lb;
  for (int i = 0; i < k; i++) {
    int g = r[i].g;
    assert(r[i].lb == lb && !r[i].green && !r[i].score && !(bits[g >> 6] >> (g & 63) & 1));
    bits[g >> 6] |= 1ull << (g & 63);
    lo = g < lo ? g : lo, hi = g > hi ? g : hi;
  }
  int at = 0;
  for (int w = lo >> 6; w <= hi >> 6; w++) {
    for (uint64_t x = bits[w]; x; x &= x - 1)
      r[at++] = (cand){.g = w * 64 + __builtin_ctzll(x), .lb = lb};
    bits[w] = 0;
  }
  assert(at == k);
}

/* L2's pass 2 over the candidates L->cands[0..nc): the least total,
 * capped at need.  The most promising first (least term, then guess
 * index), so that the best total falls early and the rest stop at once.
 * The order is a counting sort on the term (a narrow range: between
 * 2m - 1 and 3m), each term's run sorted by index only when the loop
 * reaches it: the loop usually ends within the first few runs, so most
 * candidates are never sorted (a full qsort here took a quarter of a
 * fixed-first proof). */
static int bound2_best(ctx *c, const bounds_ctx *b, bounds_ctx *own, level *L, int nc,
                       const uint16_t *C, int m, int d, int need, int scap, const rstate *rs) {
  int tlo = INF, thi = -1;
  for (int i = 0; i < nc; i++) {
    if (L->cands[i].lb < tlo) tlo = L->cands[i].lb;
    if (L->cands[i].lb > thi) thi = L->cands[i].lb;
  }
  int nt = nc && thi >= tlo ? thi - tlo + 2 : 1;
  /* Terms lie in [2m - 1, 3m], so nt <= m + 3 (the context's scratch:
   * nothing is allocated here). */
  assert(nt <= c->s->g->n_answers + 4 && nc <= c->s->g->n_guesses);
  int *run = c->b2run, *at = c->b2at; /* run[t]: where term tlo + t starts */
  cand *byterm = c->b2sort;
  memset(run, 0, sizeof *run * (size_t)nt);
  for (int i = 0; i < nc; i++) run[L->cands[i].lb - tlo + 1]++;
  for (int t = 1; t < nt; t++) run[t] += run[t - 1];
  memcpy(at, run, sizeof *at * (size_t)nt);
  for (int i = 0; i < nc; i++) byterm[at[L->cands[i].lb - tlo]++] = L->cands[i];
  int best = need, sorted = 0; /* byterm[0..sorted) is in order */
  for (int i = 0; i < nc && byterm[i].lb < best && !stopped(c->s); i++) {
    if (i == sorted) { /* the next term's run */
      int t = byterm[i].lb - tlo, end = run[t + 1];
      sort_run(c, byterm + i, end - i);
      sorted = end;
    }
    L->cands[i] = byterm[i];
    int sum = bound2_guess(c, b, own, L, C, m, d, byterm[i], best, scap, rs);
    if (sum < best) best = sum;
  }
  return best;
}

/* ------------------------------------------------------------------ */
/* L2's own bounds for a big class.                                      */

void srch_bounds_sub_free(bounds_ctx *sb) {
  if (!sb) return;
  sb->want = NULL; /* borrowed */
  xunmap(sb->ptab, sb->ptab_bytes);
  xunmap(sb->cols, sb->cols_bytes);
  free(sb->colsdone);
  sb->ptab = NULL;
  srch_bounds_free(sb);
}

/* The least s on a big class C that its own order keeps (bounds_sub()). */
#define SUB_S_MIN 2

/* Every guess of b (allowed by `allowed`, NULL: all) with its s on C
 * (rows, isin marked in b's space): s[i] for position i of b's order, 0
 * for the guesses not counted.  Counting stops at the first block whose
 * cap on b's set is below SUB_S_MIN (the rest have less on C too);
 * returns where. */
static int sub_counts(ctx *c, const bounds_ctx *b, const uint8_t *const *rows,
                      const uint8_t *isin, int m, const uint64_t *allowed, int *s) {
  kblock_fn scan = kernel_active()->big;
  int pos[64], sv[64], u0 = 0;
  for (; u0 < b->nstrong && b->cap[u0] >= SUB_S_MIN && !stopped(c->s); u0 += 64) {
    int w = b->nstrong - u0 < 64 ? b->nstrong - u0 : 64, reads;
    memset(s + u0, 0, sizeof *s * (size_t)w);
    uint64_t mask = allowed ? allowed[u0 / 64] : ~0ull;
    if (!mask) continue;
    /* lim = m: no lane is ever abandoned, each gets its s. */
    int ns = scan(rows, isin, m, u0, w, mask, m, pos, sv, &reads);
    c->st.bound_guesses += (uint64_t)w;
    c->st.bound_reads += (uint64_t)reads * (uint64_t)w;
    for (int i = 0; i < ns; i++)
      if (mask >> (pos[i] - u0) & 1) s[pos[i]] = sv[i];
  }
  return u0 < b->nstrong ? u0 : b->nstrong;
}

/* The thread's scratch bounds in *slot (c->sub or c->sub3), made on
 * first use. */
static bounds_ctx *sub_scratch(ctx *c, bounds_ctx **slot) {
  const game *G = c->s->g;
  if (!*slot) {
    bounds_ctx *sb = *slot = xcalloc(1, sizeof *sb);
    sb->strong = xmalloc(sizeof *sb->strong * (size_t)G->n_guesses);
    sb->cap = xmalloc(sizeof *sb->cap * (size_t)G->n_guesses);
    sb->prow = xmalloc(sizeof *sb->prow * (size_t)G->n_answers);
    sb->ppos = xmalloc(sizeof *sb->ppos * (size_t)G->n_guesses);
    for (int i = 0; i < G->n_guesses; i++) sb->ppos[i] = -1;
    if (!c->subpos) c->subpos = xmalloc(sizeof *c->subpos * (size_t)G->n_guesses);
    sb->colsdone = xmalloc((size_t)G->n_guesses / 64 + 1);
    sb->lqstride = (G->n_guesses + 63) & ~63;
    sb->lq = xcalloc((size_t)5 * (size_t)sb->lqstride + 64, 1);
  }
  return *slot;
}

/* p (have bytes, from xmap()) with room for want bytes. */
static uint8_t *sub_room(uint8_t *p, size_t *have, size_t want) {
  if (want <= *have) return p;
  xunmap(p, *have);
  *have = want;
  return xmap(want);
}

/* sb's order: the guesses of b counted on C (s[] by b's position, nb
 * of them) with s >= SUB_S_MIN, largest s first, b's order within each
 * s (a counting sort), capped by s; s[] then maps sb's positions to b's. */
static void sub_order(ctx *c, const bounds_ctx *b, bounds_ctx *sb, int m, int *sv, int nb) {
  for (int i = 0; i < sb->nstrong; i++) sb->ppos[sb->strong[i]] = -1; /* the last class's */
  int *run = c->b2run; /* m + 3 <= n_answers + 4 */
  memset(run, 0, sizeof *run * (size_t)(m + 3));
  for (int i = 0; i < nb; i++)
    if (sv[i] >= SUB_S_MIN) run[m + 1 - sv[i] + 1]++;
  for (int t = 1; t <= m + 2; t++) run[t] += run[t - 1];
  int no = run[m + 2];
  for (int i = 0; i < nb; i++)
    if (sv[i] >= SUB_S_MIN) {
      int at = run[m + 1 - sv[i]]++;
      sb->strong[at] = b->strong[i];
      sb->cap[at] = sv[i];
    }
  sb->nstrong = no;
  srch_bounds_letters(c->s->g, sb);
  for (int i = 0; i < no; i++) {
    int bp = b->ppos[sb->strong[i]];
    assert(bp >= 0 && (i == 0 || sb->cap[i] <= sb->cap[i - 1]));
    sv[i] = bp;
    sb->ppos[sb->strong[i]] = i;
  }
}

/* sb's table: C's rows (rows, in b's space) with their columns in sb's
 * order (bpos[i]: b's position of sb's i), and room for the columns of
 * L2's candidates, the guesses whose term 3m - s is below need (copied
 * out by sub_column() when first asked for). */
static void sub_table(bounds_ctx *sb, const uint8_t *const *rows, const uint16_t *C, int m,
                      const int *bpos, int need) {
  int no = sb->nstrong, nk = 0;
  sb->pstride = (no + 63) & ~63;
  sb->ptab = sub_room(sb->ptab, &sb->ptab_bytes, (size_t)m * (size_t)sb->pstride + 64);
  for (int r = 0; r < m; r++) {
    uint8_t *out = sb->ptab + (size_t)r * (size_t)sb->pstride;
    kernel_active()->gather(out, rows[r], bpos, no); /* each read at most 3 bytes past */
    memset(out + no, 0, (size_t)(sb->pstride - no) + (r == m - 1 ? 64 : 0));
    sb->prow[C[r]] = r;
  }
  while (nk < no && l1_term(m, sb->cap[nk]) < need) nk++;
  sb->ncols = nk;
  sb->cols = sub_room(sb->cols, &sb->cols_bytes, (size_t)nk * (size_t)m);
  memset(sb->colsdone, 0, (size_t)(nk + 63) / 64);
}

/*
 * The bounds of the subsets of a big class C (m answers, a subset of
 * b's set; rows, isin marked in b's space), for L2's pass 2: b's guesses
 * that C's state allows, ordered by their s on C, largest first, each
 * capped by it (no guess has a larger s on a subset of C: k and [h in C]
 * only fall), and a table of C's rows in that order.  A class's scan
 * then ends at the first guess whose s on C cannot beat its best, where
 * b's caps (on the whole set) let almost every guess through.  Guesses
 * with s = 1 on C are left out: outside C and telling nothing, such a
 * guess is never optimal at C (it costs m and leaves C as it was, with a
 * state no wider: rstate_add() only narrows), so L2's minimum over the
 * rest is still at most T_d(C).  Those with s = 2 (outside C, two
 * classes) stay, last: every subset D of C that L1 scans has 4 answers
 * or more, and each of them is a guess allowed at D (an answer is
 * consistent with its history, which every rule allows) with s >= 3, so
 * the subsets' scans end before them, but one may be L2's own best at C
 * (a need above 3m - 2); they were once left out with no proof that such
 * a guess is never C's only optimum.  C's own answers (s >= 3 on C) all
 * stay, as mark() needs.  L2's candidates, the guesses whose term 3m - s
 * on C is below need, are the first ncols of the order.  The context's
 * scratch in *slot, with b's want memo.
 */
static bounds_ctx *bounds_sub(ctx *c, bounds_ctx **slot, const bounds_ctx *b,
                              const uint8_t *const *rows, const uint8_t *isin, const uint16_t *C,
                              int m, const uint64_t *allowed, int need) {
  bounds_ctx *sb = sub_scratch(c, slot);
  int *sv = c->subpos;
  int nb = sub_counts(c, b, rows, isin, m, allowed, sv);
  sub_order(c, b, sb, m, sv, nb);
  sub_table(sb, rows, C, m, sv, need);
  if (c->s->rw) srch_bounds_rules(c->s, sb);
  sb->want = b->want;
  return sb;
}

int srch_bound2(ctx *c, const bounds_ctx *b, const uint16_t *C, int m, int d, int need, int ply,
                const rstate *rs) {
  bool exact;
  int lb1 = srch_bound1(c, b, C, m, d, &exact, rs, INF);
  if (exact || lb1 >= need || d < 3) return lb1;
  c->st.bound2++;
  search *s = c->s;
  klass k;
  srch_quick(c, C, m, d, &k, rs); /* for its memo hash (a probe: cheap) */
  level *L = srch_level(c, ply);
  /* Under rules that narrow, only the guesses the state allows (this
   * level's own copy: srch_bound1() below reuses the context's). */
  uint64_t *allowed = NULL;
  if (rs && s->rw) {
    allowed = L->allowed;
    srch_bounds_allowed(s, b, rs, allowed);
  }
  const uint8_t **rows = c->rows2;
  uint8_t *isin = c->isin2;
  srch_bounds_mark(s, b, rows, isin, C, m);
  int scap, nc, best;
  if (m >= BOUNDS_SUB_MIN) {
    /* C's own bounds: its candidates are their guesses with the least
     * terms (their s on C, largest first). */
    bounds_ctx *sb = bounds_sub(c, &c->sub, b, rows, isin, C, m, allowed, need);
    c->st.bound2_own++;
    srch_bounds_unmark(s, b, isin, C, m);
    for (nc = 0; nc < sb->ncols; nc++)
      L->cands[nc] = (cand){.g = sb->strong[nc], .lb = l1_term(m, sb->cap[nc])};
    scap = sb->nstrong ? sb->cap[0] : 0;
    best = stopped(s) ? need : bound2_best(c, sb, sb, L, nc, C, m, d, need, scap, rs);
  } else {
    nc = bound2_cands(c, b, L, rows, isin, C, m, need, allowed, &scap);
    best = bound2_best(c, b, NULL, L, nc, C, m, d, need, scap, rs);
    srch_bounds_unmark(s, b, isin, C, m);
  }
  if (stopped(s)) return lb1; /* a partial pass proves nothing more */
  int lb = best > lb1 ? best : lb1;
  assert(lb >= lb_floor(m) && lb >= lb1); /* never below L1, nor the floor */
  srch_bounds_keep(c, &k, C, m, d, lb, rs);
  return lb;
}

/* cs[0..nc), in index order, put in order of term, least first, then
 * index: a stable counting sort on the term (each term's run keeps the
 * index order), in the context's scratch, where a qsort() of thousands
 * of candidates ran for each L3 pass (sort_run()'s note). */
static void sort_by_term(ctx *c, cand *cs, int nc) {
  int tlo = INF, thi = -1;
  for (int i = 0; i < nc; i++) {
    assert(i == 0 || cs[i - 1].g < cs[i].g);
    tlo = cs[i].lb < tlo ? cs[i].lb : tlo;
    thi = cs[i].lb > thi ? cs[i].lb : thi;
  }
  if (nc < 2) return;
  int nt = thi - tlo + 1, *run = c->b2run;
  /* Terms lie in [2m - 1, 3m] (m <= n_answers): the scratch holds them. */
  assert(nt <= c->s->g->n_answers + 4 && nc <= c->s->g->n_guesses);
  memset(run, 0, sizeof *run * (size_t)nt);
  for (int i = 0; i < nc; i++) run[cs[i].lb - tlo]++;
  for (int t = 0, at = 0; t < nt; t++) {
    int k = run[t];
    run[t] = at;
    at += k;
  }
  for (int i = 0; i < nc; i++) c->b2sort[run[cs[i].lb - tlo]++] = cs[i];
  memcpy(cs, c->b2sort, sizeof *cs * (size_t)nc);
}

/* L3's candidates: every guess with its one-guess term m + the classes'
 * floors (3m - s, s = k + 2 [h in C]) below need, least first, then by
 * index, in L->cands; *scap gets the largest s of any guess on C, which
 * caps every subset's (bound2_quick_sum()).  Returns how many. */
static int bound3_cands(ctx *c, level *L, const uint16_t *C, int m, int need, int *scap) {
  const game *G = c->s->g;
  int nc = 0, most = 0;
  for (int h = 0; h < G->n_guesses; h++) {
    uint64_t seen[4] = {0, 0, 0, 0};
    int k = 0, w = 0;
    for (int j = 0; j < m; j++) {
      int p = game_fb(G, h, C[j]);
      if (p == PATTERN_WIN) {
        w = 1;
      } else if (!(seen[p >> 6] >> (p & 63) & 1)) {
        seen[p >> 6] |= 1ull << (p & 63);
        k++;
      }
    }
    int sv = k + 2 * w;
    most = sv > most ? sv : most;
    if (l1_term(m, sv) < need) L->cands[nc++] = (cand){.g = h, .lb = l1_term(m, sv)};
  }
  sort_by_term(c, L->cands, nc);
  for (int i = 1; i < nc; i++) /* least term first, then index */
    assert(L->cands[i - 1].lb < L->cands[i].lb ||
           (L->cands[i - 1].lb == L->cands[i].lb && L->cands[i - 1].g < L->cands[i].g));
  *scap = most;
  return nc;
}

/* L3's own bounds of a big set C (normal rules), in the context's
 * second scratch (c->sub3: the L2s under it make theirs in c->sub). */
static bounds_ctx *bound3_own(ctx *c, const bounds_ctx *b, const uint16_t *C, int m, int need) {
  assert(!c->s->rw && m >= BOUNDS_SUB_MIN);
  const uint8_t **rows = c->rows2;
  uint8_t *isin = c->isin2;
  srch_bounds_mark(c->s, b, rows, isin, C, m);
  bounds_ctx *own = bounds_sub(c, &c->sub3, b, rows, isin, C, m, NULL, need);
  srch_bounds_unmark(c->s, b, isin, C, m);
  c->st.bound3_own++;
  return own;
}

int srch_bound3(ctx *c, const bounds_ctx *b, const uint16_t *C, int m, int d, int need, int ply,
                const rstate *rs) {
  search *s = c->s;
  if (s->rw || d < 4) return srch_bound2(c, b, C, m, d, need, ply, rs);
  bool exact;
  int known = srch_bound1(c, b, C, m, d, &exact, NULL, INF); /* L2 or better, from the memo */
  if (exact || known >= need) return known;
  klass k;
  srch_quick(c, C, m, d, &k, NULL); /* for its memo hash */
  level *L = srch_level(c, ply);
  int scap, nc = bound3_cands(c, L, C, m, need, &scap), best = need, kd = child_depth(d);
  bounds_ctx *own = m >= BOUNDS_SUB_MIN ? bound3_own(c, b, C, m, need) : NULL;
  const bounds_ctx *b3 = own ? own : b;
  for (int i = 0; i < nc && L->cands[i].lb < best && !stopped(s); i++) {
    /* h's L1 sum, stopping at best; below it, L holds h's whole
     * partition, and the sum is taken again with its classes' L2 (each
     * at least its L1: a memo's value may differ from the one above). */
    if (bound2_guess(c, b3, own, L, C, m, d, L->cands[i], best, scap, NULL) >= best) continue;
    int sum = L->cands[i].lb; /* m + every class's floor */
    for (int q = 0; q < L->ncls && sum < best && !stopped(s); q++) {
      int cq = L->cls[q].size;
      int v = srch_bound2(c, b3, L->part + L->cls[q].start, cq, kd, lb_floor(cq) + (best - sum),
                          ply + 1, NULL);
      sum = imin(sum + v - lb_floor(cq), INF);
    }
    if (sum < best && !stopped(s)) best = sum;
  }
  if (stopped(s)) return known; /* a partial pass proves nothing more */
  int lb = best > known ? best : known;
  assert(lb >= lb_floor(m));
  srch_bounds_keep(c, &k, C, m, d, lb, NULL);
  return lb;
}

/* ------------------------------------------------------------------ */
/* The bounds of one first guess: its classes' L1 or L2 sums.           */

int srch_bound1_sum(ctx *c, const bounds_ctx *b, const uint16_t *A, int n, int d, const opener *o,
                    int stop, const rstate *rs, int ply) {
  level *L = srch_level(c, ply);
  srch_partition(c->s->g, L, A, n, o->g);
  int sum = o->l0, cd = child_depth(d);
  for (int i = 0; i < L->ncls && sum < stop && !stopped(c->s); i++) {
    klass *k = &L->cls[i];
    bool exact;
    int v = srch_bound1(c, b, L->part + k->start, k->size, cd, &exact,
                        class_state(c->s, L, rs, o->g, k->pat),
                        stop < INF ? 2 * k->size - 1 + (stop - sum) : INF);
    assert(stopped(c->s) || v >= 2 * k->size - 1); /* no class costs less */
    sum = imin(sum + v - (2 * k->size - 1), INF);
  }
  return sum;
}

/* A first guess's sum with one class's bound raised from *b to v (when
 * higher): the class's part of the sum is its bound. */
static inline void raise_class(long *sum, int *b, int v) {
  if (v > *b) *sum += v - *b, *b = v;
}

/* What a round raises a class to: its L2 (the state of a class under
 * rules that narrow) or its L3 (normal rules only). */
static int raise_one(ctx *c, const bounds_ctx *b, level *L, int i, int ask, int cd, int ply,
                     bool l3) {
  klass *k = &L->cls[i];
  const uint16_t *C = L->part + k->start;
  if (l3) return srch_bound3(c, b, C, k->size, cd, ask, ply + 1, NULL);
  return srch_bound2(c, b, C, k->size, cd, ask, ply + 1, c->s->rw ? L->kst[k->pat] : NULL);
}

/* The classes cl[0..ncl) of a first guess (b1[] their bounds so far,
 * sum the first guess's) raised to L2 or L3 until the sum reaches stop
 * or every one of them is at that bound, in rounds.  What a bound costs
 * grows fast with what it is asked to prove (each candidate guess stops
 * once its classes' sum reaches the ask), so asking each class in turn
 * for all that would refute the first guess spent most of the time on a
 * few: ROIST on nyt-2022-02-all (one thread) took 103 s to raise its
 * class of 1,496 answers to L3 by the 214 the sum lacked, which a dozen
 * middling classes gave in 11 s.  So each round asks every class still
 * open for its share of what the sum lacks, by its size (the first round
 * `first` times it, later rounds at least twice the last round's share):
 * a class whose bound comes back below its ask is at it (closed); one
 * that reaches its ask may give more next round; an ask is never above
 * what would refute the first guess, and one at it closes the class
 * either way.  So the sum ends as one pass over the classes would leave
 * it: at stop, or with every class at its bound (a first guess left to
 * the exact search keeps all of them). */
static long ask_rounds(ctx *c, const bounds_ctx *b, level *L, const int *cl, int ncl, int *b1,
                       long sum, int stop, int cd, int ply, bool l3, double first) {
  assert(ncl > 0 && ncl <= L->ncls && sum < stop && stop < INF && first >= 1);
  bool open[PATTERN_COUNT];
  long size_open = 0; /* the answers of the open classes */
  for (int j = 0; j < ncl; j++) open[j] = true, size_open += L->cls[cl[j]].size;
  double per = 0; /* this round's ask per answer */
  while (size_open > 0 && sum < stop && !stopped(c->s)) {
    double share = (double)(stop - sum) / (double)size_open * (per == 0 ? first : 1);
    per = share > 2 * per ? share : 2 * per;
    for (int j = 0; j < ncl && sum < stop && !stopped(c->s); j++) {
      if (!open[j]) continue;
      int i = cl[j], size = L->cls[i].size;
      long all = stop - (sum - b1[i]); /* the class's bound that refutes */
      double want = b1[i] + per * size + 1; /* a double: per doubles */
      long ask = want < (double)all ? (long)want : all;
      assert(ask > b1[i] && ask <= all);
      int v = raise_one(c, b, L, i, (int)ask, cd, ply, l3);
      raise_class(&sum, &b1[i], v);
      if (v < ask || ask == all) open[j] = false, size_open -= size;
    }
  }
  return sum;
}

int srch_bound2_sum(ctx *c, const bounds_ctx *b, const uint16_t *A, int n, int d, const opener *o,
                    int stop, const rstate *rs, bool stage, int ply) {
  level *L = srch_level(c, ply);
  srch_partition(c->s->g, L, A, n, o->g);
  int cd = child_depth(d);
  /* The L1 bounds first (memo hits by now), then raise them class by
   * class, smallest first: a small class's L2 is cheap (no own order,
   * a short scan), and under hard rules the small classes, whose states
   * allow few guesses, give most of what refutes (a sample of 40 first
   * guesses of nyt-2023-07, hard, refuted at 11628: 15.2 s of one
   * thread largest first, 9.8 s smallest first).  Any order gives a
   * valid bound: each class's bound is its own. */
  int b1[PATTERN_COUNT], cl[PATTERN_COUNT];
  assert(L->ncls <= PATTERN_COUNT);
  long sum = o->l0;
  for (int i = 0; i < L->ncls; i++) {
    bool exact;
    b1[i] = srch_bound1(c, b, L->part + L->cls[i].start, L->cls[i].size, cd, &exact,
                        class_state(c->s, L, rs, o->g, L->cls[i].pat), INF);
    sum += b1[i] - (2 * L->cls[i].size - 1);
    cl[L->ncls - 1 - i] = i; /* smallest first */
  }
  if (stage && stop < INF && c->s->l2_first > 0 && L->ncls > 0 && sum < stop) {
    /* A refuting stage's on the big lists: in rounds (tuning.h
     * L2_FIRST_ASK). */
    sum = ask_rounds(c, b, L, cl, L->ncls, b1, sum, stop, cd, ply, false, c->s->l2_first);
  } else {
    for (int j = 0; j < L->ncls && sum < stop && !stopped(c->s); j++) {
      int i = cl[j];
      int v = raise_one(c, b, L, i, (int)(stop - (sum - b1[i])), cd, ply, false);
      raise_class(&sum, &b1[i], v);
    }
  }
  /* L3 on the largest classes (normal rules: no class state), largest
   * first, in rounds from the share itself. */
  int n3 = 0;
  bool raise = stage && stop < INF && c->s->l3_min > 0 && !c->s->rw;
  while (raise && n3 < L->ncls && L->cls[n3].size >= c->s->l3_min) n3++;
  if (n3 > 0 && sum < stop) {
    for (int i = 0; i < n3; i++) cl[i] = i;
    sum = ask_rounds(c, b, L, cl, n3, b1, sum, stop, cd, ply, true, 1.0);
  }
  return sum < INF ? (int)sum : INF;
}
