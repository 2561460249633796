/*
 * search_proof.c: the root proof without a fixed first guess
 * (search_impl.h).  Almost every first guess is refuted by lower bounds
 * alone, in stages, cheapest first; only the few that survive every
 * bound are searched.
 *
 *  0. L0: one scan of the answers gives every first guess g its class
 *     counts, so its bound 3n - k - [g in A] (the recursion's own).
 *  1. An upper bound U: the first guesses with the least L0 get their
 *     full L1 sums, and the one with the least is solved exactly (as
 *     with --first, every thread on it).  The refutations below need U
 *     to be tight: at the optimum, nearly every first guess falls at L1.
 *  2. L1: every other first guess's classes, largest first, are bounded
 *     by L1 (search_bounds.c) until the sum reaches U + 1, which refutes
 *     it: its total exceeds U.
 *  3. L2 for the survivors, class by class, each with the budget the
 *     others' bounds leave.
 *  4. The exact search (srch_eval_guess()) for the few left, sharing the
 *     best total, least bound first.
 * Refuting at U + 1 rather than U keeps every first guess whose total
 * might equal the optimum, so the tie rule (score.h) picks the root's
 * guess among all of them, as it does everywhere else.  Class bounds go
 * into the memo under the full answer set, so first guesses that share
 * a class share its bound, and the exact search starts from them.
 *
 * Threads: each stage is a parallel loop over first guesses with
 * dynamic scheduling, so both threads stay busy to the end.
 */
#include <stdlib.h>
#include <string.h>

#include "search_impl.h"

static int opener_l0_cmp(const void *pa, const void *pb) {
  const opener *a = pa, *b = pb;
  if (a->l0 != b->l0) return a->l0 - b->l0;
  return score_tie_cmp(a->green, a->g, b->green, b->g);
}

static int opener_bound_cmp(const void *pa, const void *pb) {
  const opener *a = pa, *b = pb;
  if (a->bound != b->bound) return a->bound - b->bound;
  return score_tie_cmp(a->green, a->g, b->green, b->g);
}

/* The sum of the L1 bounds of g's classes on A, from the largest class,
 * stopping once it reaches `stop` (INF: the full sum). */
int srch_l1_sum(ctx *c, const uint16_t *A, int n, int d, const opener *o, int stop) {
  level *L = srch_level(c, 0);
  srch_partition(c->s->g, L, A, n, o->g);
  int sum = o->l0, cd = child_depth(d);
  for (int i = 0; i < L->ncls && sum < stop && !stopping(c->s); i++) {
    klass *k = &L->cls[i];
    bool exact;
    int v = srch_bound1(c, L->part + k->start, k->size, cd, &exact,
                        class_state(c->s, L, c->s->root_rs, o->g, k->pat),
                        stop < INF ? 2 * k->size - 1 + (stop - sum) : INF);
    sum = imin(sum + v - (2 * k->size - 1), INF);
  }
  return sum;
}

/* The same with L2, each class with the budget the others leave. */
int srch_l2_sum(ctx *c, const uint16_t *A, int n, int d, const opener *o, int stop) {
  level *L = srch_level(c, 0);
  srch_partition(c->s->g, L, A, n, o->g);
  int cd = child_depth(d);
  /* The L1 bounds first (memo hits by now), then raise them class by
   * class, largest first. */
  int *b1 = xmalloc(sizeof *b1 * (size_t)(L->ncls ? L->ncls : 1));
  long sum = o->l0;
  for (int i = 0; i < L->ncls; i++) {
    bool exact;
    b1[i] = srch_bound1(c, L->part + L->cls[i].start, L->cls[i].size, cd, &exact,
                        class_state(c->s, L, c->s->root_rs, o->g, L->cls[i].pat), INF);
    sum += b1[i] - (2 * L->cls[i].size - 1);
  }
  for (int i = 0; i < L->ncls && sum < stop && !stopped(c->s); i++) {
    klass *k = &L->cls[i];
    int need = (int)(stop - (sum - b1[i]));
    int v = srch_bound2(c, L->part + k->start, k->size, cd, need, 1,
                        c->s->rw ? L->kst[k->pat] : NULL);
    if (v > b1[i]) sum += v - b1[i];
  }
  free(b1);
  return sum < INF ? (int)sum : INF;
}

/* What a stop leaves proven: the least bound of any first guess. */
static void stop_report(search *s, const opener *op, int no, int ub, int ub_g, int settled) {
  int lb = INF;
  for (int i = 0; i < no; i++) lb = imin(lb, op[i].bound);
  /* A total without its first guess is the greedy seed's: the caller
   * reports that one from search_seed_bound(). */
  s->part = (search_partial){true, imin(lb, ub), ub_g >= 0 ? ub : INF, ub_g, settled, no, false};
}

static int root_proof(search *s, const uint16_t *A, int n, int d, int *g0) {
  ctx *c0 = &s->ctx[0];
  search_root_stats *rs = &s->root;
  memset(rs, 0, sizeof *rs);
  double t = now_seconds();
  *g0 = -1;

  /* Stage 0: every first guess's class counts (the scan also drops
   * guesses that tell nothing, and keeps one of each set of guesses with
   * the same feedback on every answer: the lowest index, which the tie
   * rule would pick of them). */
  level *L0 = srch_level(c0, 0);
  int failmin = INF;
  scan_result r;
  int nc = srch_scan(c0, L0, A, n, d, INF, s->root_u, s->root_nu, &failmin, NULL, &r);
  if (stopped(s)) {
    s->part = (search_partial){true, set_floor(s, n), INF, -1, 0, s->root_nu, false};
    return INF;
  }
  int no = nc;
  opener *op = xmalloc(sizeof *op * (size_t)(no ? no : 1));
  for (int i = 0; i < no; i++) {
    cand *cd = &L0->cands[i];
    op[i] = (opener){cd->g, cd->green, cd->lb, cd->lb, false, false};
  }
  int *U = xmalloc(sizeof *U * (size_t)(L0->ng ? L0->ng : 1)), nu = L0->ng;
  memcpy(U, L0->glist, sizeof *U * (size_t)nu);
  qsort(op, (size_t)no, sizeof *op, opener_l0_cmp);
  rs->openers = no;
  /* The bounds scan these guesses, strong splitters of A first: every
   * guess that tells anything on A, one of each feedback-alike set (the
   * others split every subset of A the same way). */
  int *order = xmalloc(sizeof *order * (size_t)(no ? no : 1));
  int *cap = xmalloc(sizeof *cap * (size_t)(no ? no : 1));
  for (int i = 0; i < no; i++) {
    order[i] = op[i].g;
    cap[i] = 3 * n - op[i].l0; /* k + green: l0 = 3n - k - green */
  }
  s->bx = srch_bounds_new(s, A, n, order, cap, no);
  free(order);
  free(cap);
  int seed = srch_seed_beta(s, A, n, d, s->root_u, s->root_nu); /* the greedy total + 1, or INF */
  s->seed_bound = seed < INF ? seed - 1 : INF;
  rs->t[0] = now_seconds() - t;

  /* Stage 1: an upper bound.  The least full L1 sum of the first
   * guesses with the least L0 picks the one to solve. */
  t = now_seconds();
  int probe = no < ROOT_PROBE ? no : ROOT_PROBE;
  int *sums = xmalloc(sizeof *sums * (size_t)(probe ? probe : 1));
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads)
  for (int i = 0; i < probe; i++) sums[i] = srch_l1_sum(my_ctx(s), A, n, d, &op[i], INF);
  for (int i = 0; i < probe; i++) op[i].bound = sums[i] > op[i].bound ? sums[i] : op[i].bound;
  /* L1 ranks them only roughly (it is ~100 below the optimum on the
   * real lists); L2 of the best few by L1 picks the one to solve (on
   * the NYT lists SALET, 7896 against 7897 exact). */
  int *byl1 = xmalloc(sizeof *byl1 * (size_t)(probe ? probe : 1));
  for (int i = 0; i < probe; i++) byl1[i] = i;
  for (int i = 1; i < probe; i++) /* insertion sort by L1 sum, then order */
    for (int j = i; j > 0 && sums[byl1[j]] < sums[byl1[j - 1]]; j--) {
      int t2 = byl1[j];
      byl1[j] = byl1[j - 1];
      byl1[j - 1] = t2;
    }
  int probe2 = probe < ROOT_PROBE_L2 ? probe : ROOT_PROBE_L2;
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads)
  for (int i = 0; i < probe2; i++) {
    opener *o = &op[byl1[i]];
    int v = srch_l2_sum(my_ctx(s), A, n, d, o, INF);
    if (!stopped(s) && v > o->bound) o->bound = v;
  }
  int pick = -1;
  for (int i = 0; i < probe2; i++)
    if (pick < 0 || op[byl1[i]].bound < op[pick].bound) pick = byl1[i];
  free(byl1);
  free(sums);
  int ub = seed < INF ? seed - 1 : INF, ub_g = -1;
  if (pick >= 0 && !stopping(s)) {
    level *L = xcalloc(1, sizeof *L);
    L->part = xmalloc(sizeof *L->part * (size_t)n);
    int *vals = xmalloc(sizeof *vals * PATTERN_COUNT);
    int v = srch_classes(s, L, A, n, d, op[pick].g, vals, NULL);
    free(vals);
    free(L->part);
    free(L);
    if (!stopped(s) && v < INF) {
      op[pick].bound = v;
      op[pick].exact = true;
      if (v <= ub) {
        ub = v;
        ub_g = op[pick].g;
      }
    }
  }
  rs->t[1] = now_seconds() - t;
  if (stopped(s)) {
    stop_report(s, op, no, ub, ub_g, 0);
    free(op), free(U);
    return INF;
  }

  /* Stage 2: L1 refutes at ub + 1 (a first guess whose total might equal
   * the optimum stays, for the tie rule). */
  t = now_seconds();
  int thr = ub < INF ? ub + 1 : INF, settled = 1, done = 0;
  /* Without an upper bound nothing can be refuted: straight to stage 4. */
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads) reduction(+ : settled)
  for (int i = 0; i < no; i++) {
    if (op[i].exact || thr >= INF || stopping(s)) continue;
    if (op[i].l0 >= thr) {
      op[i].out = true;
      settled++;
      continue;
    }
    int v = srch_l1_sum(my_ctx(s), A, n, d, &op[i], thr);
    if (stopped(s)) continue;
    if (v > op[i].bound) op[i].bound = v;
    if (v >= thr) {
      op[i].out = true;
      settled++;
    }
    int now;
#pragma omp atomic capture
    now = ++done;
    srch_progress(s, "L1: first guesses bounded", now, no, ub);
  }
  for (int i = 0; i < no; i++) rs->by_l0 += op[i].out && op[i].l0 >= thr;
  rs->by_l1 = settled - 1 - rs->by_l0;
  rs->t[2] = now_seconds() - t;
  if (stopped(s)) {
    stop_report(s, op, no, ub, ub_g, settled);
    free(op), free(U);
    return INF;
  }

  /* Stage 3: L2 for the survivors. */
  t = now_seconds();
  int *left = xmalloc(sizeof *left * (size_t)(no ? no : 1)), nleft = 0;
  for (int i = 0; i < no; i++)
    if (!op[i].out && !op[i].exact) left[nleft++] = i;
  int by_l2 = 0, done2 = 0;
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads) reduction(+ : by_l2)
  for (int j = 0; j < nleft; j++) {
    opener *o = &op[left[j]];
    if (thr >= INF || stopping(s)) continue;
    int v = srch_l2_sum(my_ctx(s), A, n, d, o, thr);
    if (stopped(s)) continue;
    if (v > o->bound) o->bound = v;
    if (v >= thr) {
      o->out = true;
      by_l2++;
    }
    int now;
#pragma omp atomic capture
    now = ++done2;
    srch_progress(s, "L2: first guesses bounded", now, nleft, ub);
  }
  rs->by_l2 = by_l2;
  settled += by_l2;
  rs->t[3] = now_seconds() - t;
  if (stopped(s)) {
    stop_report(s, op, no, ub, ub_g, settled);
    free(left), free(op), free(U);
    return INF;
  }

  /* Stage 4: the exact search for what is left, least bound first, all
   * sharing the best total (plus one: ties stay exact). */
  t = now_seconds();
  nleft = 0;
  for (int i = 0; i < no; i++)
    if (!op[i].out && !op[i].exact) left[nleft++] = i;
  opener *rest = xmalloc(sizeof *rest * (size_t)(nleft ? nleft : 1));
  for (int j = 0; j < nleft; j++) rest[j] = op[left[j]];
  qsort(rest, (size_t)nleft, sizeof *rest, opener_bound_cmp);
  atomic_int best;
  atomic_init(&best, thr);
  int by_exact = 0, done4 = 0, best_g = ub_g;
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads) reduction(+ : by_exact)
  for (int j = 0; j < nleft; j++) {
    opener *o = &rest[j];
    int b = atomic_load(&best);
    if (stopping(s)) continue;
    by_exact++;
    if (o->bound >= b) {
      o->out = true;
      continue;
    }
    int v = srch_eval_guess(my_ctx(s), A, n, d, o->g, o->l0, b, &best, 1, U, nu, s->root_rs);
    if (stopped(s)) continue;
#pragma omp critical(search_root_best)
    {
      /* Below every best this guess was measured against: exact. */
      if (v < atomic_load(&best)) {
        o->bound = v;
        o->exact = true;
        if (v + 1 < atomic_load(&best)) {
          atomic_store(&best, v + 1);
          best_g = o->g;
        }
      } else {
        if (v > o->bound) o->bound = v;
        o->out = true;
      }
    }
    int now;
#pragma omp atomic capture
    now = ++done4;
    srch_progress(s, "exact: first guesses searched", now, nleft, atomic_load(&best) - 1);
  }
  rs->by_exact = by_exact;
  rs->t[4] = now_seconds() - t;
  int V = atomic_load(&best);
  V = V >= INF ? INF : V - 1; /* thr - 1 = ub, or lower if found */
  if (stopped(s)) {
    for (int j = 0; j < nleft; j++) op[left[j]] = rest[j];
    stop_report(s, op, no, V < ub ? V : ub, V < ub ? best_g : ub_g, settled + by_exact);
    free(rest), free(left), free(op), free(U);
    return INF;
  }
  /* The root's guess: the tie rule's first of those whose total is V. */
  for (int j = 0; j < nleft; j++) op[left[j]] = rest[j];
  int bi = -1;
  for (int i = 0; i < no && V < INF; i++)
    if (op[i].exact && op[i].bound == V &&
        (bi < 0 || score_tie_cmp(op[i].green, op[i].g, op[bi].green, op[bi].g) < 0))
      bi = i;
  *g0 = bi >= 0 ? op[bi].g : -1;
  free(rest), free(left), free(op), free(U);
  return V;
}

/* The proof of a big class runs inside the probe of the proof above it
 * (srch_classes()): it gets its own bounds, and the report and seed of
 * the proof above are kept. */
int srch_root_proof(search *s, const uint16_t *A, int n, int d, int *g0) {
  bounds_ctx *outer = s->bx;
  search_root_stats report = s->root;
  int seed = s->seed_bound;
  s->bx = NULL;
  int v = root_proof(s, A, n, d, g0);
  srch_bounds_free(s->bx);
  s->bx = outer;
  if (outer) {
    s->root = report;
    s->seed_bound = seed;
  }
  return v;
}
