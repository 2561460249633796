/*
 * search.c: the exact branch-and-bound search (search.h).
 *
 * srch_solve(A, d, beta) answers: "is T_d(A) < beta, and if so what is it?"
 * It returns T_d(A) exactly when that is below beta, and otherwise some
 * proven lower bound that is >= beta (fail high).  Every cut below uses
 * only such proven bounds, so the root's value is exact.
 *
 * Bounds used (each proved in docs/search.md, and at
 * the code that uses it):
 *  - a set of n answers needs at least 2n - 1 guesses: one for the
 *    first answer found, two for every other;
 *  - exactly 2n - 1 when one of its answers splits the rest into
 *    singletons, otherwise at least 2n, and exactly 2n when an answer
 *    leaves one pair, for n = 3, or when another guess splits it into
 *    singletons (srch_quick(), srch_node());
 *  - a guess g splitting A into k classes (the winning one included)
 *    costs at least n + sum(2c - 1) = 3n - k - [g in A], and exactly that
 *    when no class has more than two answers (srch_scan());
 *  - c collisions part-way through a scan bound k by n - c (srch_scan());
 *  - a guess's bound is first refined by every class's quick bound, then,
 *    in a survivor's search only, by its big classes' L1 bounds, then
 *    class by class as classes are solved, and g is abandoned as soon as
 *    it reaches the best total found (srch_eval_guess()).
 *
 * Memory: each thread owns a ctx with one scratch level per recursion
 * ply (candidate list, partition buffer, class table), allocated the
 * first time that ply is reached and reused (search_level.c); the search
 * itself never allocates, but for a staged set's table and sums (a set
 * of STAGED_MIN answers or more in a survivor's search: staged_cands()).  Shared between threads: the game (read-only), the memo
 * (locked per shard, memo.h) and, at the root, the best total (atomic).
 */
#include <stdlib.h>
#include <string.h>

#include "search_impl.h"

static int srch_node(ctx *c, const uint16_t *A, int n, int d, int beta, int lb, uint64_t h,
                     int ply, const int *U, int nu, const rstate *rs);

/* Record v, T_d(A)'s exact value or a lower bound, in the memo (unless
 * the search is stopping: a stopped search proves nothing). */
static void store(ctx *c, uint64_t h, const uint16_t *A, int n, int dk, int v, bool exact,
                  const rstate *rs) {
  int klen;
  const void *key = rstate_key(rs, &klen);
  /* Every value and bound of a set is at least its floor (2n - 1). */
  assert(v >= set_floor(c->s, n) && set_sorted(A, n));
  if (!stopped(c->s)) memo_store_k(c->s->memo, h, A, n, dk, key, klen, v, exact);
}

void srch_remember(ctx *c, const uint16_t *A, int n, int d, int v, const rstate *rs) {
  klass k;
  srch_quick(c, A, n, d, &k, rs);
  if (k.exact || n < MEMO_MIN_SET || v >= INF) return;
  store(c, k.h, A, n, d >= n ? UNLIMITED : d, v, true, rs);
}

/* The recursion: see the top of this file for its contract. */
int srch_solve(ctx *c, const uint16_t *A, int n, int d, int beta, int ply, const int *U, int nu,
               const rstate *rs) {
  c->st.nodes++;
  if (stopped(c->s)) return INF;
  /* Step 1. The 2n - 1 bound needs no look at the set at all. */
  if (n >= 2 && d >= 2 && set_floor(c->s, n) >= beta) {
    c->st.cut_bound++;
    return set_floor(c->s, n);
  }
  /* Step 2. Closed forms, splits by A's own answers, the memo. */
  klass k;
  srch_quick(c, A, n, d, &k, rs);
  if (k.exact) return k.lb;
  if (k.lb >= beta) {
    c->st.cut_bound++;
    return k.lb;
  }
  /* Step 3. The full search. */
  return srch_node(c, A, n, d, beta, k.lb, k.h, ply, U, nu, rs);
}

/*
 * Pass 1b of srch_eval_guess(), in a survivor's search (c->l1b) below
 * its own classes: g's classes of s->l1_min answers or more, largest
 * first, each raised to its L1 bound, asked only for what would bring
 * g's sum (`sum`) to the best (srch_bound1() given want), until it does.
 * Returns the sum.  Each class's bound is its own, so any subset of
 * them raised gives a valid bound; a class L1 settles is marked exact.
 */
static int l1_pass(ctx *c, level *L, int g, int sum, int best, int cd, atomic_int *shared,
                   const rstate *rs) {
  for (int i = 0; i < L->ncls && L->cls[i].size >= c->s->l1_min; i++) {
    klass *k = &L->cls[i];
    if (k->exact) continue;
    if (shared) best = imin(best, atomic_load_explicit(shared, memory_order_relaxed));
    bool exact;
    int v = srch_bound1(c, c->l1b, L->part + k->start, k->size, cd, &exact,
                        class_state(c->s, L, rs, g, k->pat), best - (sum - k->lb));
    /* No class costs less than its floor, and its value no less than
     * any bound of it (the quick one, k->lb). */
    assert(stopped(c->s) || (v >= set_floor(c->s, k->size) && (!exact || v >= k->lb)));
    c->st.l1_pass++;
    if (v > k->lb) {
      sum = imin(sum + v - k->lb, INF);
      k->lb = v;
      k->exact = exact;
    }
    if (sum >= best || stopped(c->s)) break;
  }
  return sum;
}

/*
 * Total of guess g on A (its bound lbg already known), exact if below
 * the best total (read from *shared when given, else `best`), otherwise
 * a lower bound at least that best.
 *
 * Pass 1 bounds every class cheaply (srch_quick(): closed forms, O(c^2) split
 * checks, the memo), and abandons g as soon as those bounds reach the
 * best: most guesses are refuted here, without a single scan.  In a
 * survivor's search pass 1b then raises the big classes to their L1
 * bounds (l1_pass()).  Pass 2 searches the classes still open, smallest
 * first, each with the budget left once every other class's bound is
 * counted.  Children scan only the guesses U (nu of them) that A's own
 * scan kept.
 */
int srch_eval_guess(ctx *c, const uint16_t *A, int n, int d, int g, int lbg, int best,
                    atomic_int *shared, int ply, const int *U, int nu, const rstate *rs) {
  level *L = srch_level(c, ply);
  srch_partition(c->s->g, L, A, n, g);
  int sum = lbg, cd = child_depth(d);
  c->st.guess_evals++;
  for (int i = 0; i < L->ncls; i++) {
    klass *k = &L->cls[i];
    srch_quick(c, L->part + k->start, k->size, cd, k, class_state(c->s, L, rs, g, k->pat));
    sum = imin(sum + k->lb - set_floor(c->s, k->size), INF);
    if (shared) best = imin(best, atomic_load_explicit(shared, memory_order_relaxed));
    if (sum >= best) {
      c->st.cut_quick++;
      return sum;
    }
  }
  if (c->l1b && ply >= 2 && c->s->l1_min > 0 && c->s->o.objective == OBJ_TOTAL) {
    sum = l1_pass(c, L, g, sum, best, cd, shared, rs);
    if (shared) best = imin(best, atomic_load_explicit(shared, memory_order_relaxed));
    if (sum >= best) {
      c->st.cut_l1_pass++;
      return sum;
    }
    if (stopped(c->s)) return INF;
  }
  /* Then searched, smallest first: a small class is cheap to search,
   * and its value rises above its bound most often (under hard rules, a
   * small class's state allows few guesses), so a guess that cannot beat
   * best is mostly refuted before its big classes are searched.  Any
   * order gives the same value.  Hard nyt-2023-07, eight first guesses
   * (SLANT ... PLEAT) refuted at 11628, one thread: 489.8 s largest
   * first, 12.2 s smallest first; the fixed-first bench rows 15.37 ->
   * 14.86 s, the same hashes. */
  for (int i = L->ncls - 1; i >= 0; i--) {
    klass *k = &L->cls[i];
    if (k->exact) continue;
    if (shared) best = imin(best, atomic_load_explicit(shared, memory_order_relaxed));
    int budget = best - (sum - k->lb);
    if (budget <= k->lb) {
      c->st.cut_class++;
      return sum;
    }
    c->st.nodes++;
    if (stopped(c->s)) return INF;
    int cnu;
    const int *CU = class_guesses(c->s, L, U, nu, g, k->pat, &cnu);
    int v = srch_node(c, L->part + k->start, k->size, cd, budget, k->lb, k->h, ply + 1, CU, cnu,
                      c->s->rw ? L->kst[k->pat] : NULL);
    assert(stopped(c->s) || v >= k->lb); /* a class's value is at least its bound */
    sum = imin(sum + v - k->lb, INF);
    if (v >= budget) {
      c->st.cut_class++;
      return sum;
    }
  }
  return sum;
}

/* Do guesses g and r give every answer of A the same feedback? */
static bool same_feedback(const uint8_t **rows, int g, int r, int n) {
  for (int j = 0; j < n; j++)
    if (rows[j][g] != rows[j][r]) return false;
  return true;
}

/* The bytes of a word (rword.w64) a pattern shows green or yellow. */
static uint64_t shown_bytes(int p) {
  uint64_t m = 0;
  for (int i = 0; i < 5; i++, p /= 3)
    if (p % 3) m |= 0xffull << (8 * i);
  return m;
}

void srch_shown_init(search *s) {
  for (int p = 0; p < PATTERN_COUNT; p++) s->shown[p] = shown_bytes(p);
}

/* Under hard mode, do guesses g and r, which give every answer of A the
 * same pattern, also leave the same constraint after each of them
 * (rules.h)?  Hard mode reads only the letters a pattern shows green or
 * yellow, so it is enough that g and r have the same letters there:
 * then every class gets the same state from either, and so does every
 * subset of A (its patterns are some of A's).  Ultrahard reads every
 * letter (a gray one is excluded), so two different words always differ. */
static bool same_rules_effect(const search *s, const uint8_t **rows, int n, int g, int r) {
  if (s->o.rules != RULES_HARD) return false;
  uint64_t diff = s->rw[g].w64 ^ s->rw[r].w64;
  for (int j = 0; j < n; j++)
    if (diff & s->shown[rows[j][g]]) return false;
  return true;
}

/* Do guesses g and r give every answer of A (its rows, n) the same
 * feedback and, under rules that narrow, leave the same constraint?
 * Then a scan keeps one of them (srch_same_as_kept(), the same two
 * tests), and their totals are one. */
bool srch_alike(const search *s, const uint8_t **rows, int n, int g, int r) {
  return same_feedback(rows, g, r, n) && (!s->rw || same_rules_effect(s, rows, n, g, r));
}

/* Step 2 of srch_scan() (and of the feasibility test's scan): does g
 * give every answer of A (rows, n) the feedback of a guess kept earlier
 * in this scan (generation gen), with, under rules that narrow, the
 * same effect on the allowed guesses?  If not, g is recorded as kept. */
bool srch_same_as_kept(ctx *c, const uint8_t **rows, int n, int g, int k, int green,
                       uint64_t score, uint64_t fh, uint32_t gen, bool narrow) {
  uint64_t key = (score * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)k << 1 | (uint64_t)green) ^ fh;
  key ^= key >> 29;
  uint32_t at = (uint32_t)(key >> 32) & c->sigmask;
  for (; c->sig[at].gen == gen; at = (at + 1) & c->sigmask)
    if (c->sig[at].key == key && same_feedback(rows, g, c->sig[at].g, n) &&
        (!narrow || same_rules_effect(c->s, rows, n, g, c->sig[at].g)))
      return true;
  c->sig[at] = (sigslot){key, g, gen};
  return false;
}

/* What step 1 of srch_scan() finds of one guess: its classes (k), the
 * winning one among them, its score and its largest class. */
typedef struct {
  uint64_t score, fh; /* fh: the feedback's hash (srch_fbhash()) */
  int k, green, maxc;
} gcount;

/* Step 1 of srch_scan() with no beta on a set of SCAN_BLOCK_MIN answers
 * or more: every guess then reads every answer, and a guess at a time
 * reads one byte of each answer's row (a cache miss each); so count a
 * block of SCAN_BLOCK guesses at a time, reading each answer's row once
 * per block, on every thread (called outside any parallel region).  The
 * counts are the guess-at-a-time loop's, sums in another order.  False
 * when stopped part-way. */
static bool scan_counts(ctx *c, const uint8_t **rows, int n, const int *U, int nu, gcount *out) {
  const uint64_t *clogc = c->s->clogc;
  int nb = (nu + SCAN_BLOCK - 1) / SCAN_BLOCK;
#pragma omp parallel for schedule(dynamic, 4) num_threads(c->s->o.threads)
  for (int b = 0; b < nb; b++) {
    if (stopped(c->s)) continue;
    uint16_t cnt[SCAN_BLOCK][PATTERN_COUNT];
    uint64_t fh[SCAN_BLOCK] = {0};
    int u0 = b * SCAN_BLOCK, w = nu - u0 < SCAN_BLOCK ? nu - u0 : SCAN_BLOCK;
    memset(cnt, 0, sizeof cnt);
    for (int j = 0; j < n; j++) {
      const uint8_t *row = rows[j];
      for (int q = 0; q < w; q++) {
        uint8_t p = row[U[u0 + q]];
        cnt[q][p]++;
        fh[q] += srch_fbhash(c->s, j, p);
      }
    }
    for (int q = 0; q < w; q++) {
      gcount g = {0, fh[q], 0, cnt[q][PATTERN_WIN] != 0, 0};
      for (int p = 0; p < PATTERN_COUNT; p++) {
        int m = cnt[q][p];
        g.k += m != 0;
        g.score += clogc[m];
        g.maxc = m > g.maxc ? m : g.maxc;
      }
      assert(g.k >= 1 && g.k <= n && g.maxc >= 1);
      out[u0 + q] = g;
    }
  }
  return !stopped(c->s);
}

/*
 * Scan the guesses U over A: count each guess's classes and keep in
 * L->glist the guesses worth trying on A and its subsets, dropping
 * 1. guesses that give no information on A (all of A in one non-winning
 *    class): they give none on any subset either;
 * 2. guesses whose feedback equals an earlier kept guess's on every
 *    answer of A (checked byte by byte, never by hash alone): they split
 *    every subset identically, so one of them is enough.
 * Of the kept guesses, those whose bound is below beta become candidates
 * in L->cands (the count is returned); *failmin gets the least bound of
 * those cut by beta, and *r the least bounds of step 2 of srch_node().  When `perfect` is given and a guess not in A splits
 * A into singletons, *perfect gets it and the scan stops.
 */
int srch_scan(ctx *c, level *L, const uint16_t *A, int n, int d, int beta, const int *U,
                int nu, int *failmin, int *perfect, scan_result *r) {
  const game *G = c->s->g;
  const uint64_t *clogc = c->s->clogc;
  uint16_t *cnt = c->cnt;
  uint32_t gen = ++c->sig_gen;
  int nc = 0, ng = 0;
  r->lbmin = r->ub2 = INF;
  const uint8_t **rows = c->rows;
  for (int j = 0; j < n; j++) rows[j] = game_answer_row(G, A[j]);
  c->st.scans++;
  c->st.scan_work += (uint64_t)nu * (uint64_t)n;
  /* An answer that lands in a class already used is a "collision"; a
   * guess with `coll` of them has k <= n - coll classes, so its bound is
   * at least 2n + coll - 1 (INF with two guesses left), and it is dropped
   * as soon as that reaches beta, mostly after a few answers. */
  int maxcoll = d == 2 ? 1 : beta >= INF ? n + 1 : beta - 2 * n + 1;
  bool narrow = rules_narrows(c->s->o.rules);
  if (maxcoll < 1) maxcoll = 1;
  /* Stops are polled every 1024 guesses, or every guess on a set of
   * 1024 answers or more: a guess then reads a row per answer, cache
   * misses all (20,000 answers: 1024 guesses took a second). */
  int every = n >= 1024 ? 0 : 1023;
  /* With no beta (no guess is dropped part-way) on a big set, step 1
   * for every guess at once, on every thread: for the scans that begin a
   * proof (outside any parallel region).  Taken inside the search's
   * parallel loops too, and from 64 answers, it made the ranking of issue
   * 34's sample 45% slower (measured; the cause was not). */
  gcount *counted = NULL;
  if (maxcoll > n && n >= SCAN_BLOCK_MIN && nu > 0 && !omp_in_parallel()) {
    counted = xmalloc(sizeof *counted * (size_t)nu);
    if (!scan_counts(c, rows, n, U, nu, counted)) nu = 0; /* stopped */
  }
  for (int u = 0; u < nu; u++) {
    if ((u & every) == every && stopped(c->s)) break; /* the caller sees the stop */
    int g = U[u];
    int k, green, maxc;
    uint64_t score = 0, fh = 0;
    if (counted) {
      k = counted[u].k, green = counted[u].green, maxc = counted[u].maxc;
      score = counted[u].score, fh = counted[u].fh;
    } else {
      int coll = 0, j = 0;
      for (; j < n; j++)
        if (cnt[rows[j][g]]++ && ++coll >= maxcoll) break;
      if (j < n) {
        for (int i = 0; i <= j; i++) cnt[rows[i][g]] = 0;
        int lbg = d == 2 ? INF : 2 * n + coll - 1;
        r->lbmin = imin(r->lbmin, lbg);
        *failmin = imin(*failmin, lbg);
        L->glist[ng++] = g; /* kept for subsets: it may do better there */
        c->st.cut_early++;
        continue;
      }
      k = n - coll;
      green = cnt[PATTERN_WIN] != 0;
      maxc = 0;
      for (int j = 0; j < n; j++) {
        uint8_t p = rows[j][g];
        score += clogc[cnt[p]];
        fh += srch_fbhash(c->s, j, p);
        maxc = cnt[p] > maxc ? cnt[p] : maxc;
        cnt[p] = 0;
      }
    }
    if (k == 1 && !green) continue; /* 1. no information */
    /* 2. the same feedback as a kept guess: equal (score, k, green, the
     * feedback's hash) first (under rules that narrow, and the same
     * effect on what is allowed after it). */
    if (srch_same_as_kept(c, rows, n, g, k, green, score, fh, gen, narrow)) {
      c->st.dup_guesses++;
      continue;
    }
    L->glist[ng++] = g;

    int lbg = guess_floor(c->s, n, k, green);
    if (d == 2 && k != n) lbg = INF; /* one guess left after this one */
    r->lbmin = imin(r->lbmin, lbg);
    if (maxc <= 2 && (d >= 3 || maxc == 1)) r->ub2 = imin(r->ub2, lbg);
    if (k == n && !green && perfect && lbg < beta) {
      *perfect = g;
      break;
    }
    if (lbg >= beta) {
      c->st.cut_static++;
      *failmin = imin(*failmin, lbg);
      continue;
    }
    L->cands[nc++] = (cand){.g = g, .lb = lbg, .green = green, .bound = lbg, .score = score};
  }
  L->ng = ng;
  assert(nc <= ng && ng <= nu); /* candidates are kept guesses, kept ones are U's */
  free(counted);
  return nc;
}

/*
 * A node's candidates offered to the team's idle threads (try_cands()
 * near the top of a ranking's exact search of a survivor, ctx.offer_depth:
 * search_first.c).  The stage deals one survivor to a thread,
 * and its last survivor can run for hours with the other threads idle
 * at the stage's end: each of its nodes at those plies then lets them
 * take its candidates, as the owner does, one at a time in the order,
 * each against the best total they share (srch_eval_guess()'s shared:
 * below it exact, else a bound at least it).  An idle thread waits at
 * the loop's barrier, where it runs the offer's tasks; a busy one runs
 * none of another's (a task runs where its creator waits, or at a
 * barrier: tied tasks, OpenMP's scheduling constraint), so a helper's
 * levels, from the offer's ply down, are its own to use.  Offers nest
 * (the owner's share may open more below it, each in a taskgroup that
 * waits for its own helpers alone), so at a scheduling point inside its
 * share the owner may run a helper of its own offer further up, which
 * would overwrite the partition it stands in: a helper on the owner's
 * thread does nothing (the owner takes its share anyway).  Alone the
 * owner takes every candidate in order, as the loop below would, and its
 * helpers' tasks find none left.  The value is the same either way: the
 * best is an achieved total, and below beta the least (every candidate
 * reaches it or is refuted against a best at least it); the fail-high
 * bound is the least of the candidates', all of them evaluated against
 * beta then.
 */
typedef struct {
  const uint16_t *A;
  int n, d, lb, ply, nc, ng;
  const cand *cands;
  const int *glist;
  const rstate *rs;
  atomic_int next, best, failmin;
} offer;

/* Are A's candidates staged (stage_cands())?  A big set in a survivor's
 * search under the normal rules, the total's objective, with at least a
 * guess after the next. */
static bool staged(const ctx *c, int n, int d) {
  const search *s = c->s;
  return c->l1b && s->staged_min > 0 && n >= s->staged_min && d >= 3 && !s->rw &&
         s->o.objective == OBJ_TOTAL;
}

/* Candidate cd's total on A, as srch_eval_guess() gives it.  On a
 * staged set (stage_cands()) its L2 sum first, again: the sums stored
 * its classes' bounds in the memo, where the search reads them first,
 * but the staging of hundreds or thousands of candidates since may have
 * evicted them, and the search then starts from the classes' quick
 * bounds (as a ranking's survivor does: search_proof.c srch_survivor()). */
static int eval_cand(ctx *c, const uint16_t *A, int n, int d, const cand *cd, int best,
                     atomic_int *shared, int ply, const int *U, int nu, const rstate *rs) {
  if (staged(c, n, d)) {
    opener o = {.g = cd->g, .green = cd->green, .l0 = cd->lb};
    int v = srch_bound2_sum(c, c->l1b, A, n, d, &o, best, rs, false, ply);
    if (v >= best) {
      c->st.cut_staged++;
      return v;
    }
  }
  return srch_eval_guess(c, A, n, d, cd->g, cd->lb, best, shared, ply, U, nu, rs);
}

static void atomic_lower(atomic_int *a, int v) {
  int cur = atomic_load(a);
  while (v < cur && !atomic_compare_exchange_weak(a, &cur, v)) {
  }
}

/* The offer's candidates, the next one each time, until none is left or
 * nothing can beat its floor (lb); helper: not the owner's thread. */
static void offer_take(ctx *c, void *work, bool helper) {
  offer *o = work;
  for (int i; !stopped(c->s) && (i = atomic_fetch_add(&o->next, 1)) < o->nc;) {
    int best = atomic_load(&o->best);
    if (best <= o->lb) break;
    cand cd = o->cands[i];
    if (cd.bound >= best) {
      c->st.cut_static++;
      atomic_lower(&o->failmin, cd.bound);
      continue;
    }
    c->st.helped += helper;
    int v = eval_cand(c, o->A, o->n, o->d, &cd, best, &o->best, o->ply, o->glist, o->ng, o->rs);
    if (v < best) atomic_lower(&o->best, v); /* exact, or a bound above a lower best */
    else atomic_lower(&o->failmin, v);
  }
}

/* Step 4 of try_cands() with the candidates offered: its best. */
static int offer_cands(ctx *c, level *L, int nc, const uint16_t *A, int n, int d, int best, int lb,
                       int *failmin, int ply, const rstate *rs) {
  offer o = {.A = A, .n = n, .d = d, .lb = lb, .ply = ply, .nc = nc, .ng = L->ng,
             .cands = L->cands, .glist = L->glist, .rs = rs};
  atomic_init(&o.next, 0);
  atomic_init(&o.best, best);
  atomic_init(&o.failmin, *failmin);
  srch_offer_run(c, offer_take, &o);
  *failmin = atomic_load(&o.failmin);
  return atomic_load(&o.best);
}

/* Does this node offer its candidates (offer_cands())?  The survivor's
 * classes are at ply 2 (srch_eval_guess() of it at ply 1). */
static bool offers(const ctx *c, int ply, int nc) {
  return nc > 1 && srch_offers(c, ply - 2);
}

static int cand_bound_cmp(const void *pa, const void *pb) {
  const cand *a = pa, *b = pb;
  if (a->bound != b->bound) return a->bound < b->bound ? -1 : 1;
  return cand_cmp(pa, pb);
}

/* Step 4 of srch_node(): the candidates L->cands[0..nc), in order, as
 * try_cands() returns.  Each must beat the best so far, and nothing can
 * beat the least bound. */
static int eval_cands(ctx *c, level *L, int nc, const uint16_t *A, int n, int d, int best, int lb,
                      int *failmin, int ply, const rstate *rs) {
  if (best > lb && offers(c, ply, nc))
    return offer_cands(c, L, nc, A, n, d, best, lb, failmin, ply, rs);
  for (int i = 0; i < nc && best > lb && !stopped(c->s); i++) {
    cand cd = L->cands[i];
    if (cd.bound >= best) {
      c->st.cut_static++;
      *failmin = imin(*failmin, cd.bound);
      continue;
    }
    int v = eval_cand(c, A, n, d, &cd, best, NULL, ply, L->glist, L->ng, rs);
    if (v < best) best = v;
    else *failmin = imin(*failmin, v);
  }
  return best;
}

/* The candidates of a staged set (stage_cands()), each summed by one
 * thread: bound[i] gets cands[i]'s sum (at least best: refuted). */
typedef struct {
  const uint16_t *A;
  int n, d, best, ply;
  const rstate *rs;
  const cand *cands;
  int *bound;
  int nc;
  atomic_int next;
} stage_work;

/* Candidate cd's L1 sum, then below w->best its L2 sum. */
static int cand_sums(ctx *c, const stage_work *w, const cand *cd) {
  opener o = {.g = cd->g, .green = cd->green, .l0 = cd->lb};
  int v = cd->lb;
  if (v < w->best && l1_may_reach(c->s, &o, w->n, w->best))
    v = srch_bound1_sum(c, c->l1b, w->A, w->n, w->d, &o, w->best, w->rs, w->ply);
  /* Both are bounds: the larger (a memo bound read by L2 may leave its
   * sum a little below L1's). */
  if (v < w->best)
    v = imax(v, srch_bound2_sum(c, c->l1b, w->A, w->n, w->d, &o, w->best, w->rs, false, w->ply));
  return v;
}

/* The work's next candidates, one at a time, until none is left. */
static void stage_take(ctx *c, void *work, bool helper) {
  stage_work *w = work;
  for (int i; !stopped(c->s) && (i = atomic_fetch_add(&w->next, 1)) < w->nc;) {
    w->bound[i] = cand_sums(c, w, &w->cands[i]);
    c->st.helped += helper;
  }
}

/*
 * Step 3 of try_cands() on a big set in a survivor's search, after its
 * highest-entropy candidate, as a ranking refutes first guesses: each
 * candidate's L1 sum (its classes' L1 bounds over c->l1b, the set's own
 * table: staged_cands()), then, below best, its L2 sum; a sum at best
 * refutes it unsearched.  The rest keep their sum (cand.bound), to be
 * searched least sum first.  The search of a candidate costs seconds on
 * a set of a thousand answers, its sums milliseconds, and the sums
 * refute nearly all of them: PARTS's class of 1,205 answers on
 * nyt-2022-02-all (within five, best 4467) had every one of its 11,347
 * second guesses searched in turn, 2 to 3 s each, 1,899 s in all; its
 * sums refute all but 538 (85 s), and the class took 621 s (one
 * thread, the AMD EPYC Zen 5, beside other jobs: docs/search.md,
 * "Staged candidates").  The sums are offered to the team's idle
 * threads as the candidates' searches are (offers()).  Returns how many
 * are left, sorted.
 */
static int stage_cands(ctx *c, level *L, int nc, const uint16_t *A, int n, int d, int best,
                       int *failmin, int ply, const rstate *rs) {
  c->st.staged++;
  int *bound = xmalloc(sizeof *bound * (size_t)(nc ? nc : 1));
  for (int i = 0; i < nc; i++) bound[i] = L->cands[i].lb; /* a stop leaves some unsummed */
  stage_work w = {.A = A, .n = n, .d = d, .best = best, .ply = ply, .rs = rs,
                  .cands = L->cands, .bound = bound, .nc = nc};
  atomic_init(&w.next, 0);
  if (offers(c, ply, nc)) srch_offer_run(c, stage_take, &w);
  else stage_take(c, &w, false);
  int kept = 0;
  for (int i = 0; i < nc && !stopped(c->s); i++) {
    if (bound[i] >= best) {
      c->st.cut_staged++;
      *failmin = imin(*failmin, bound[i]);
      continue;
    }
    cand cd = L->cands[i];
    cd.bound = bound[i];
    L->cands[kept++] = cd;
  }
  free(bound);
  qsort(L->cands, (size_t)kept, sizeof *L->cands, cand_bound_cmp);
  return kept;
}

/* The bounds over a staged set A (its own table, srch_bounds_cands()),
 * for its candidates' sums and the searches below them: a scan of the
 * guesses A's kept (L->glist) with no beta, in level ply + 1 (the
 * node's children have not begun). */
static bounds_ctx *stage_bounds(ctx *c, const level *L, const uint16_t *A, int n, int ply) {
  level *T = srch_level(c, ply + 1);
  int failmin = INF;
  scan_result r;
  int nt = srch_scan(c, T, A, n, UNLIMITED, INF, L->glist, L->ng, &failmin, NULL, &r);
  return srch_bounds_cands(c->s, A, n, T->cands, nt);
}

/* Steps 3 and 4 of a staged set, after its first candidate: its own
 * bounds for the survivor's (c->l1b) while its candidates are summed and
 * searched.  The survivor's table is over every answer, in the whole
 * list's order, its caps what a guess gives on the whole list: a subset
 * of a class reads its rows scattered through it and rarely reaches a
 * cap, so its scans cannot stop early.  PARTS's class of 1,205: the 539
 * searched in 140 s with its own table, not in 17 minutes with the
 * survivor's. */
static int staged_cands(ctx *c, level *L, int nc, const uint16_t *A, int n, int d, int best,
                        int lb, int *failmin, int ply, const rstate *rs) {
  const bounds_ctx *outer = c->l1b;
  bounds_ctx *own = stage_bounds(c, L, A, n, ply);
  c->l1b = own;
  if (!stopped(c->s)) {
    nc = stage_cands(c, L, nc, A, n, d, best, failmin, ply, rs);
    best = eval_cands(c, L, nc, A, n, d, best, lb, failmin, ply, rs);
  }
  c->l1b = outer;
  srch_bounds_free(own);
  return best;
}

/*
 * Steps 3 and 4 of srch_node(): the candidates L->cands[0..nc) of A,
 * each against the best total so far (best, which nothing can bring
 * below lb).  Returns the best total; *failmin gets the least bound of
 * those that did not beat it.
 */
static int try_cands(ctx *c, level *L, int nc, const uint16_t *A, int n, int d, int best,
                        int lb, int *failmin, int ply, const rstate *rs) {
  /* Step 3. Order: the highest-entropy candidate first (it is usually
   * best, and its total is the bound the others must beat); the rest
   * are sorted only once that total has pruned them.  A big set in a
   * survivor's search: the rest by their staged sums against it. */
  if (nc > 0) {
    int top = 0;
    for (int i = 1; i < nc; i++)
      if (cand_cmp(&L->cands[i], &L->cands[top]) < 0) top = i;
    cand first = L->cands[top];
    L->cands[top] = L->cands[--nc];
    int v = first.lb < best
                ? srch_eval_guess(c, A, n, d, first.g, first.lb, best, NULL, ply, L->glist, L->ng, rs)
                : first.lb;
    if (v < best) best = v;
    else *failmin = imin(*failmin, v);
    int kept = 0;
    for (int i = 0; i < nc; i++) {
      if (L->cands[i].lb < best) L->cands[kept++] = L->cands[i];
      else *failmin = imin(*failmin, L->cands[i].lb);
    }
    nc = kept;
    if (nc > 0 && best > lb && staged(c, n, d) && !stopped(c->s))
      return staged_cands(c, L, nc, A, n, d, best, lb, failmin, ply, rs);
    qsort(L->cands, (size_t)nc, sizeof *L->cands, cand_cmp);
  }
  return eval_cands(c, L, nc, A, n, d, best, lb, failmin, ply, rs);
}

/*
 * The full search of a set that srch_quick() could not settle: lb is its bound
 * so far (lb < beta) and h its memo hash.  Returns as srch_solve() does, and
 * records the result in the memo.
 */
static int srch_node(ctx *c, const uint16_t *A, int n, int d, int beta, int lb, uint64_t h,
                     int ply, const int *U, int nu, const rstate *rs) {
  bool memoise = n >= MEMO_MIN_SET;
  int dk = d >= n ? UNLIMITED : d, lb0 = lb;

  /* Step 1. Scan the guesses for their class counts and bounds.  A guess
   * not in A that splits A into singletons costs 2n, the bound srch_quick()
   * proved, so it is optimal and ends the scan. */
  level *L = srch_level(c, ply);
  int failmin = INF, perfect = -1;
  scan_result r;
  int nc = srch_scan(c, L, A, n, d, beta, U, nu, &failmin, &perfect, &r);
  if (perfect >= 0) {
    c->st.perfect_out++;
    if (memoise) store(c, h, A, n, dk, 2 * n, true, rs);
    return 2 * n;
  }

  /* Step 2. The least bound over all guesses bounds T(A).  A guess whose
   * classes all have at most two answers costs exactly its bound (classes
   * of one and two cost 1 and 3), so the least such total is achieved:
   * it starts as the best, and if it meets the least bound it is T(A). */
  if (r.lbmin > lb) lb = r.lbmin;
  if (lb >= beta) {
    c->st.fail_high++;
    if (memoise) store(c, h, A, n, dk, lb, false, rs);
    return lb;
  }
  int best = beta;
  if (r.ub2 < best) {
    best = r.ub2;
    c->st.small_class_ub++;
  }
  if (best <= lb) {
    if (memoise) store(c, h, A, n, dk, best, true, rs);
    c->st.bound_sum += (uint64_t)lb0;
    c->st.exact_sum += (uint64_t)best;
    return best;
  }

  /* Steps 3 and 4. The candidates, best first (try_cands()). */
  best = try_cands(c, L, nc, A, n, d, best, lb, &failmin, ply, rs);

  /* Step 5. Record what was proved: the exact value, or a bound.  No
   * proven bound exceeds a value found. */
  assert(stopped(c->s) || best >= lb);
  if (best < beta) {
    if (memoise) store(c, h, A, n, dk, best, true, rs);
    c->st.bound_sum += (uint64_t)lb0;
    c->st.exact_sum += (uint64_t)best;
    return best;
  }
  c->st.fail_high++;
  /* Fail high: every guess was cut or evaluated at or above beta. */
  assert(stopped(c->s) || failmin >= beta);
  if (failmin < lb) failmin = lb;
  if (memoise) store(c, h, A, n, dk, failmin, false, rs);
  return failmin;
}

