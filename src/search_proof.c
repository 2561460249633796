/*
 * search_proof.c: proofs at a root (search_impl.h): search_solve(), the
 * root proof without a fixed first guess, and the classes of a fixed one.
 * It stands on search_root.c (the parallel root, the seed, progress),
 * search_bounds.c and search.c, and nothing below calls back up here.
 *
 * The root proof.  Almost every first guess is refuted by lower bounds
 * alone, in stages, cheapest first; only the few that survive every bound
 * are searched.  Each stage is a function over one state struct (proof,
 * search_impl.h), run in this order by run_stages(), and one cleanup path
 * (proof_free()) frees what any of them made:
 *
 *  1. L0 (stage_l0): one scan of the answers gives every first guess g
 *     its class counts, so its bound 3n - k - [g in A] (the recursion's
 *     own), and the bounds' order of the guesses;
 *  2. the seed (stage_seed): the greedy strategy's total, the upper bound
 *     to start from (the top proof's; a nested one asks for it only when
 *     its probe finds nothing within the guess limit);
 *  3. an upper bound U from the best few (stage_probe): the first guesses
 *     with the least L0 get their full L1 sums, the best of those by L1
 *     their L2 sums, and the least by L2 is solved exactly (as with
 *     --first, every thread on it; a --probe word first; the next while
 *     the one solved has no strategy within the limit or a total above
 *     the seed's).  The refutations below need U to be tight: at the
 *     optimum, nearly every first guess falls at L1;
 *  4. L1 (stage_l1): every other first guess's classes, largest first, are
 *     bounded by L1 (search_bounds.c) until the sum reaches U + 1, which
 *     refutes it: its total exceeds U;
 *  5. L2 (stage_l2) for the survivors, class by class, each with the
 *     budget the others' bounds leave (on the big lists under the normal
 *     rules in rounds, each class asked for a share of what the sum
 *     lacks); on the big lists, L3 on the largest classes of those still
 *     short, in rounds (search_l2.c ask_rounds());
 *  6. the exact search of the survivors (stage_exact), least bound
 *     first: in the top proof under the normal rules each solved exactly
 *     as in stage 3, every thread on it (exact_each()); in a nested one,
 *     and under rules that narrow, on a thread each against the best
 *     total they share (exact_loop(), srch_survivor(): its L2 sum once
 *     more, as the memo may have evicted stage 5's bounds of its classes,
 *     then srch_eval_guess(), which raises the classes below to L1
 *     before it searches them: search.c l1_pass());
 *     the root's guess is the tie rule's among those that reach it;
 *  7. the tree (stage_tree, search_tree.c's srch_tree()), in the proof of
 *     search_solve() only: a proof nested in another proves a value.
 * Refuting at U + 1 rather than U keeps every first guess whose total
 * might equal the optimum, so the tie rule (score.h) picks the root's
 * guess among all of them, as it does everywhere else.  Class bounds go
 * into the memo under the full answer set, so first guesses that share
 * a class share its bound, and the exact search starts from them.
 *
 * Nothing of a proof lives on the search: a big class's proof, run from
 * srch_classes() (inside the probe of the proof above it, its exact
 * stage, or a ranking's exact search), has its own state and bounds.  Only search_solve()'s proof (top) publishes its stages' report
 * and its seed (search_root_report(), search_seed_bound()).  A stopped
 * stage leaves what is proven in the search's stop report (s->part).
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

/* One more first guess settled (ruled out or solved), for the progress
 * line's count: the top proof's only, and the same events as
 * p->settled, so the line and a stop's report agree. */
static void settle_one(proof *p) {
  if (p->top) atomic_fetch_add(&p->s->pg.settled, 1);
}

/* ------------------------------------------------------------------ */
/* A survivor, and the stages' sums.                                     */

/* A first guess that survived the L1 and L2 stages, against beta: its
 * L2 sum once more, then, below beta, srch_eval_guess() (at ply 1, with
 * the best total the survivors share when given).  The search starts
 * from its classes' bounds in the memo, and the L2 stage stored them,
 * but its later first guesses' bounds evict them from a full memo: the
 * hard nyt-2023-07 root proof's 165 survivors took 1010 s of thread time
 * without this, and 24 s in a ranking of those words alone (whose memo
 * kept their bounds).  An L2 sum costs a few tens of milliseconds; what
 * it stores is what the search reads first.  Given l3, the sum as the
 * stage ran it (srch_bound2_sum()'s stage: in rounds, and on the big
 * lists the L3 bounds of its classes too), which a resumed ranking has
 * lost with its process, and which keep the search's budgets tight:
 * LANTS on nyt-2022-02-all at 52777, resumed, 977 s -> 676 s
 * (docs/search.md).  Only the ranking's stage 4
 * (search_first.c) asks: a root proof is never resumed, and its nested
 * proofs (exact_loop()) ran L3 in their own stage 5 in this process. */
int srch_survivor(ctx *c, const bounds_ctx *b, const uint16_t *A, int n, int d, const opener *o,
                  int beta, atomic_int *shared, const int *U, int nu, const rstate *rs, bool l3) {
  int v = srch_bound2_sum(c, b, A, n, d, o, beta, rs, l3, 0);
  if (v >= beta || stopped(c->s)) return v;
  /* Every set below is a subset of A, so b bounds it (l1_pass()); a
   * nested proof's survivor sets its own and gives this one back. */
  const bounds_ctx *outer = c->l1b;
  c->l1b = b;
  v = srch_eval_guess(c, A, n, d, o->g, o->l0, beta, shared, 1, U, nu, rs);
  c->l1b = outer;
  return v;
}

/* An L2 stage's sum for o (the root proof's stage 5, the ranking's
 * stage 3): under rules that narrow, with a guess limit, the quick test
 * of o's small classes first (srch_refutes_small()), which finds most
 * first guesses with no strategy at a tenth of an L2 sum's cost (hard
 * nyt-2023-07: two thirds of those that reach the stage have none, and
 * 290 of a random 785 were refuted by it, search_feas.c's note).  INF
 * when it fails: o has no strategy at all.  Not in the root proofs of a
 * big class (small: false), whose first guesses mostly have one: there
 * the test cost more than it saved (hard nyt-2023-07 --first bumph, one
 * thread: 4.2-5.2 s without it, 7.0 s with it). */
static int l2_stage_sum(ctx *c, const bounds_ctx *b, const uint16_t *A, int n, int d,
                        const opener *o, int stop, const proof_at *at, bool small) {
  if (small && c->s->rw && d != UNLIMITED && srch_refutes_small(c, A, n, o->g, d, at))
    return INF;
  return srch_bound2_sum(c, b, A, n, d, o, stop, at->rs, true, 0);
}

/* The ranking's (search_first.c): the bounds it keeps in s->bx. */
int srch_l1_sum(ctx *c, const uint16_t *A, int n, int d, const opener *o, int stop) {
  return srch_bound1_sum(c, c->s->bx, A, n, d, o, stop, c->s->root_rs, 0);
}
int srch_l2_sum(ctx *c, const uint16_t *A, int n, int d, const opener *o, int stop) {
  proof_at at = srch_at_root(c->s);
  return l2_stage_sum(c, c->s->bx, A, n, d, o, stop, &at, true);
}

/* ------------------------------------------------------------------ */
/* The stages of the root proof, in order.  Each returns false when the
 * proof stopped there, having said what is proven (proof_stopped()).   */

/* What a stop leaves proven: the least bound of any first guess (the
 * guesses' bound of every set, before the scan has given any). */
static bool proof_stopped(proof *p) {
  search *s = p->s;
  if (!p->op) {
    s->part = (search_partial){true, set_floor(s, p->n), INF, -1, 0, p->at.nu, false, 0, 0};
    return false;
  }
  int lb = INF;
  for (int i = 0; i < p->no; i++) lb = imin(lb, p->op[i].bound);
  /* The best first guess's bound is at most its value, the optimum,
   * which no achieved total is below. */
  assert(lb <= p->ub);
  /* A total without its first guess is the greedy seed's: the caller
   * reports that one from search_seed_bound(). */
  s->part = (search_partial){true,  imin(lb, p->ub), p->ub_g >= 0 ? p->ub : INF, p->ub_g,
                             p->settled, p->no, false, 0, 0};
  return false;
}

/* Stage 1, L0: every first guess's class counts (the scan also drops
 * guesses that tell nothing, and keeps one of each set of guesses with
 * the same feedback on every answer: the lowest index, which the tie
 * rule would pick of them), and the bounds' order. */
static bool stage_l0(proof *p) {
  search *s = p->s;
  p->ub = INF, p->ub_g = -1; /* no total yet (a stop's report reads them) */
  ctx *c0 = &s->ctx[0];
  if (p->top) srch_phase(s, "scanning the first guesses");
  level *L0 = srch_level(c0, 0);
  int failmin = INF;
  scan_result r;
  int n = p->n, no = srch_scan(c0, L0, p->A, n, p->d, INF, p->at.U, p->at.nu, &failmin, NULL, &r);
  if (stopped(s)) return proof_stopped(p);
  p->no = no;
  p->op = xmalloc(sizeof *p->op * (size_t)(no ? no : 1));
  for (int i = 0; i < no; i++) {
    cand *cd = &L0->cands[i];
    p->op[i] = (opener){cd->g, cd->green, cd->lb, cd->lb, false, false};
  }
  p->nu = L0->ng;
  p->U = xmalloc(sizeof *p->U * (size_t)(p->nu ? p->nu : 1));
  memcpy(p->U, L0->glist, sizeof *p->U * (size_t)p->nu);
  qsort(p->op, (size_t)no, sizeof *p->op, opener_l0_cmp);
  p->st.openers = no;
  if (p->top) s->pg.of = no;
  /* The bounds scan these guesses, strong splitters of A first: every
   * guess that tells anything on A, one of each feedback-alike set (the
   * others split every subset of A the same way). */
  int *order = xmalloc(sizeof *order * (size_t)(no ? no : 1));
  int *cap = xmalloc(sizeof *cap * (size_t)(no ? no : 1));
  for (int i = 0; i < no; i++) {
    order[i] = p->op[i].g;
    cap[i] = 3 * n - p->op[i].l0; /* k + green: l0 = 3n - k - green */
    assert(i == 0 || cap[i] <= cap[i - 1]); /* the bounds' caps never rise */
  }
  p->bx = srch_bounds_new(s, p->A, n, order, cap, no);
  free(order);
  free(cap);
  return stopped(s) ? proof_stopped(p) : true;
}

/* Stage 2: the greedy total + 1 (INF: none), the first upper bound.  A
 * nested proof (a big class's) leaves it to the probe, which needs it
 * only when none of its picks fits the guess limit (greedy_late()): its
 * exact pick is as good a bound, and the seed is a sequential pass over
 * every guess at each level of the greedy tree. */
static bool stage_seed(proof *p) {
  search *s = p->s;
  p->seed = INF;
  if (p->top) {
    srch_phase(s, "a first total from the greedy strategy");
    p->seed = srch_seed_beta(s, p->A, p->n, p->d, p->at.U, p->at.nu);
    s->seed_bound = p->seed < INF ? p->seed - 1 : INF;
    srch_progress(s, 0, 0, NULL, s->seed_bound, -1);
  }
  p->st.t[0] = now_seconds() - p->t;
  return true;
}

/* The table rows of the proof's answers, for srch_alike() (the caller
 * frees them). */
static const uint8_t **answer_rows(const proof *p) {
  const uint8_t **rows = xmalloc(sizeof *rows * (size_t)(p->n ? p->n : 1));
  for (int j = 0; j < p->n; j++) rows[j] = game_answer_row(p->s->g, p->A[j]);
  return rows;
}

/* The opener of the top proof whose total the caller asked to solve
 * first (search_opts.probe_g): the one of its alike set that the scan
 * kept; -1 when none was asked, or it tells nothing on the answers. */
static int probe_hint(const proof *p) {
  int hg = p->s->o.probe_g;
  if (!p->top || hg < 0) return -1;
  const uint8_t **rows = answer_rows(p);
  int h = -1;
  for (int i = 0; i < p->no && h < 0; i++)
    if (p->op[i].g == hg || srch_alike(p->s, rows, p->n, p->op[i].g, hg)) h = i;
  free(rows);
  return h;
}

/* pick[0..np) with the asked opener first (the others after it in their
 * order; the last dropped if it was not among them and pick[] is full).
 * The new count. */
static int probe_hint_first(const proof *p, int *pick, int np) {
  int h = probe_hint(p), at = np;
  if (h < 0) return np;
  for (int j = 0; j < np; j++)
    if (pick[j] == h) at = j;
  if (at == np && np < ROOT_PROBE_L2) np++;
  assert(np >= 1 && np <= ROOT_PROBE_L2);
  for (int j = at < np ? at : np - 1; j > 0; j--) pick[j] = pick[j - 1];
  pick[0] = h;
  return np;
}

/* Stage 3's probe: the full L1 sums of the first guesses with the least
 * L0, then the L2 sums of the best few by L1 (L1 ranks them only
 * roughly: it is ~100 below the optimum on the real lists; L2 picks
 * SALET on the NYT lists, 7896 against 7897 exact).  Fills pick[] with
 * the best few by L2 (least first, ties in L1 order): the ones to solve,
 * in turn; returns how many. */
static int probe_pick(proof *p, int *pick) {
  search *s = p->s;
  opener *op = p->op;
  int probe = p->no < ROOT_PROBE ? p->no : ROOT_PROBE;
  int *sums = xmalloc(sizeof *sums * (size_t)(probe ? probe : 1));
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads)
  for (int i = 0; i < probe; i++)
    sums[i] = srch_bound1_sum(my_ctx(s), p->bx, p->A, p->n, p->d, &op[i], INF, p->at.rs, 0);
  for (int i = 0; i < probe; i++) op[i].bound = sums[i] > op[i].bound ? sums[i] : op[i].bound;
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
    int v = srch_bound2_sum(my_ctx(s), p->bx, p->A, p->n, p->d, o, INF, p->at.rs, false, 0);
    if (!stopped(s) && v > o->bound) o->bound = v;
  }
  for (int i = 0; i < probe2; i++) { /* insertion sort by L2 sum, stable */
    pick[i] = byl1[i];
    for (int j = i; j > 0 && op[pick[j]].bound < op[pick[j - 1]].bound; j--) {
      int t2 = pick[j];
      pick[j] = pick[j - 1];
      pick[j - 1] = t2;
    }
  }
  free(byl1);
  free(sums);
  return probe_hint_first(p, pick, probe2);
}

/* The total of first guess g by its classes' exact values, with
 * every thread (as with --first): INF when no strategy fits the guess
 * limit after it.  known (or NULL): its classes' guesses and values, for
 * srch_build().  Within `budget` seconds (0: none): *over when it ran
 * out, and then the answers of the classes it finished
 * (srch_classes_within()). */
static int probe_solve(proof *p, int g, kids_known *known, double budget, bool *over) {
  level *L = xcalloc(1, sizeof *L);
  L->part = xmalloc(sizeof *L->part * (size_t)p->n);
  int *vals = xmalloc(sizeof *vals * PATTERN_COUNT);
  int v = srch_classes_within(p->s, L, p->A, p->n, p->d, g, vals, known, &p->at, budget, over);
  free(vals);
  free(L->part);
  free(L);
  return v;
}

/* search_solve()'s proof, with a tree wanted: the tree of the probe's
 * pick (total ub, first guess ub_g; known: what its classes' proofs found), the
 * best found so far.  A stop leaves it (search.h), and when the pick is
 * the tie rule's best, as on every real list, it is the proof's own tree,
 * built once (the same tree: values are unique, and the tie rule picks
 * every guess). */
static void probe_tree(proof *p, const kids_known *known) {
  search *s = p->s;
  double t = now_seconds();
  srch_phase(s, "%s: building its tree", s->g->guesses.w[p->ub_g]);
#pragma omp parallel num_threads(s->o.threads)
#pragma omp single
  p->best = srch_build(s, p->A, p->n, p->d, p->ub, p->ub_g, known, p->at.U, p->at.nu, p->at.rs);
  assert(!p->best || (tree_sums_ok(p->best) && p->best->total == p->ub));
  p->best_g = p->ub_g;
  p->t_best = now_seconds() - t;
}

/* A nested proof's seed, when its probe found no pick within the guess
 * limit (stage_seed()): U is then the greedy total, if it has one. */
static void greedy_late(proof *p) {
  search *s = p->s;
  if (p->top || p->ub_g >= 0 || stopped(s)) return;
  p->seed = srch_seed_beta(s, p->A, p->n, p->d, p->at.U, p->at.nu);
  p->ub = p->seed < INF ? p->seed - 1 : INF;
}

/* One try of the upper bound's solve: pick o solved exactly within
 * `budget` seconds (0: none).  True when it finished: o is then exact (a
 * total, or INF: no strategy within the limit); false when the budget
 * ran out (what the solve did is thrown away, except the memo's exact
 * values and proven bounds, stored before it ran out) or the run
 * stopped.  *done: the
 * answers of the classes it finished. */
static bool probe_try(proof *p, opener *o, double budget, kids_known *known, int *done) {
  search *s = p->s;
  if (p->top)
    srch_phase(s, budget > 0 ? "a total to beat: solving %s exactly (for %.0f s at most)"
                             : "a total to beat: solving %s exactly",
               s->g->guesses.w[o->g], budget);
  bool over;
  int v = probe_solve(p, o->g, known, budget, &over);
  /* stopped(), not stopping(): a budget of an outer try (a nested proof
   * under BIG_TRY) that ran out left v a stopped solve's, not exact;
   * over says this try's own ran out (its budget_end() has cleared the
   * bit). */
  if (stopped(s)) return false;
  if (over) {
    *done = v;
    p->st.abandoned++;
    s->ctx[0].st.probe_gave_up++; /* outside the parallel loops */
    return false;
  }
  o->bound = v;
  o->exact = true;
  return true;
}

/* The picks by how far their last tries got (most answers done first),
 * else in their order: a try's finished classes are in the memo, so
 * the next round resumes it where it gave up. */
static void by_progress(int *pick, int *got, int np) {
  for (int i = 1; i < np; i++)
    for (int j = i; j > 0 && got[j] > got[j - 1]; j--) {
      int t = pick[j], u = got[j];
      pick[j] = pick[j - 1], got[j] = got[j - 1];
      pick[j - 1] = t, got[j - 1] = u;
    }
}

/* o was solved exactly by its classes, which k knows: kept for the tree
 * when o is the least so far (ties by the tie rule), as stage_exact()
 * picks the root's guess. */
static void known_take(proof *p, const opener *o, const kids_known *k) {
  const opener *b = &p->kk_o;
  if (!o->exact || o->bound >= INF) return;
  if (b->g >= 0 && (o->bound > b->bound ||
                    (o->bound == b->bound && score_tie_cmp(o->green, o->g, b->green, b->g) > 0)))
    return;
  p->kk = *k;
  p->kk_o = *o;
}

/* Stage 3: the upper bound U from the best few: the probe's picks solved
 * exactly, least L2 first (a --probe word before them), until one fits
 * the guess limit with a total no worse than the greedy strategy's (the
 * seed's).  Under the normal rules with six guesses the first always
 * does; in hard mode the best by the bounds often does not (the bounds
 * know no limit: on nyt-2023-07 SALET, least by L2, is infeasible, and
 * TARSE, next, is the optimum), and U would be the seed's, far above the
 * optimum; nor does a --probe word the greedy strategy beats.
 *
 * Nor may it sit on one slow solve: with every word an answer the best
 * by the bounds (TARES on nyt-2022-02-all) had an ETA of 19.6 h, where
 * LANTS took 157 s.  So in the top proof the picks are tried in rounds
 * (tuning.h, PROBE_*): each round walks them in order, each unsolved one
 * for the round's budget, until one finishes with a total, or
 * PROBE_TRIES of them ran out of time; each round's budget is larger,
 * and the last has none.  After the first round the picks go in order
 * of how far their tries got (by_progress()).  The first to finish
 * within the seed's total gives U; the others are refuted or searched by
 * the stages below, as any first guess is.  The last pick solved is the
 * one that gives U, so known holds its classes'. */
static bool stage_probe(proof *p) {
  search *s = p->s;
  p->t = now_seconds();
  if (p->top) srch_phase(s, "a total to beat: bounding the likeliest");
  int pick[ROOT_PROBE_L2];
  kids_known known;
  int np = probe_pick(p, pick);
  p->ub = p->seed < INF ? p->seed - 1 : INF;
  p->ub_g = -1;
  int solved = 0, got[ROOT_PROBE_L2] = {0}; /* got: answers done by its last try */
  for (int round = 0; p->ub_g < 0 && !stopping(s); round++) {
    double budget = p->top ? srch_probe_budget(s, round) : 0;
    int tries = 0, left = 0;
    if (round > 0) by_progress(pick, got, np);
    for (int j = 0; j < np && !stopping(s) && (budget == 0 || tries < PROBE_TRIES); j++) {
      opener *o = &p->op[pick[j]];
      if (o->exact) continue; /* solved in an earlier round */
      if (!probe_try(p, o, budget, p->tree ? &known : NULL, &got[j])) {
        tries++, left++;
        continue;
      }
      solved++;
      p->st.probe_none += o->bound >= INF;
      if (p->tree) known_take(p, o, &known);
      if (o->bound < INF && o->bound <= p->ub) {
        p->ub = o->bound;
        p->ub_g = o->g;
        if (p->top) srch_progress(s, 0, 0, NULL, p->ub, p->ub_g);
      }
      /* A total below the seed's is the one to beat; one that is not
       * (a --probe word the greedy strategy beats) leaves the stage to
       * the next pick, as if the word had not been asked for, so that
       * a stop still finds the picks' tree. */
      if (p->ub_g >= 0) break;
    }
    if (budget == 0 || left == 0) break; /* every pick solved, or the last round */
  }
  greedy_late(p);
  /* The others solved (infeasible, or worse than the seed) count as
   * settled by an exact search; the one that gives U is the upper
   * bound's. */
  p->st.by_exact = solved > 0 && p->ub_g >= 0 ? solved - 1 : solved;
  p->st.probed = solved;
  p->st.t[1] = now_seconds() - p->t;
  if (p->top && p->tree && p->ub_g >= 0 && !stopped(s)) {
    probe_tree(p, &known);
    p->t = now_seconds() - p->st.t[1]; /* the stage's time leaves the tree out */
  }
  p->st.t[1] = now_seconds() - p->t;
  p->settled = solved;
  return stopped(s) ? proof_stopped(p) : true;
}

/* Stage 4: L1 refutes at U + 1 (a first guess whose total might equal
 * the optimum stays, for the tie rule).  Without an upper bound nothing
 * can be refuted: on to the exact search. */
static bool stage_l1(proof *p) {
  search *s = p->s;
  opener *op = p->op;
  p->t = now_seconds();
  p->thr = p->ub < INF ? p->ub + 1 : INF;
  int thr = p->thr, settled = p->settled, done = 0;
  if (p->top) {
    atomic_store(&s->pg.settled, settled);
    srch_phase(s, "ruling out by lower bounds");
  }
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads) reduction(+ : settled)
  for (int i = 0; i < p->no; i++) {
    if (op[i].exact || thr >= INF || stopped(s)) continue;
    if (op[i].l0 >= thr) {
      op[i].out = true;
      settled++;
      settle_one(p);
      continue;
    }
    /* Past the most L1 can give: left to L2 (l1_may_reach()). */
    int v = l1_may_reach(s, &op[i], p->n, thr)
                ? srch_bound1_sum(my_ctx(s), p->bx, p->A, p->n, p->d, &op[i], thr, p->at.rs, 0)
                : op[i].l0;
    if (stopped(s)) continue;
    if (v > op[i].bound) op[i].bound = v;
    if (v >= thr) {
      op[i].out = true;
      settled++;
      settle_one(p);
    }
    int now;
#pragma omp atomic capture
    now = ++done;
    srch_progress(s, now, p->no, NULL, INF, -1);
  }
  for (int i = 0; i < p->no; i++) {
    assert(op[i].bound >= op[i].l0); /* bounds only rise */
    p->st.by_l0 += op[i].out && op[i].l0 >= thr;
  }
  p->st.by_l1 = settled - p->settled - p->st.by_l0;
  p->st.t[2] = now_seconds() - p->t;
  p->settled = settled;
  return stopped(s) ? proof_stopped(p) : true;
}

/* The first guesses neither refuted nor solved, into p->left. */
static void survivors(proof *p) {
  if (!p->left) p->left = xmalloc(sizeof *p->left * (size_t)(p->no ? p->no : 1));
  p->nleft = 0;
  for (int i = 0; i < p->no; i++)
    if (!p->op[i].out && !p->op[i].exact) p->left[p->nleft++] = i;
}

/* Stage 5: L2 for the survivors. */
static bool stage_l2(proof *p) {
  search *s = p->s;
  p->t = now_seconds();
  survivors(p);
  int by_l2 = 0, none = 0, done = 0, thr = p->thr;
  if (p->top) srch_phase(s, "closer bounds for the %d left", p->nleft);
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads) reduction(+ : by_l2, none)
  for (int j = 0; j < p->nleft; j++) {
    opener *o = &p->op[p->left[j]];
    if (thr >= INF || stopped(s)) continue;
    int v = l2_stage_sum(my_ctx(s), p->bx, p->A, p->n, p->d, o, thr, &p->at, p->top);
    if (stopped(s)) continue;
    if (v > o->bound) o->bound = v;
    if (v >= thr) {
      o->out = true;
      by_l2++;
      none += v >= INF;
      settle_one(p);
    }
    int now;
#pragma omp atomic capture
    now = ++done;
    srch_progress(s, now, p->nleft, NULL, INF, -1);
  }
  p->st.by_l2 = by_l2;
  p->st.by_l2_none = none;
  p->settled += by_l2;
  p->st.t[3] = now_seconds() - p->t;
  return stopped(s) ? proof_stopped(p) : true;
}

/* What stage 6 learnt of o: v, its search's result against *best (the
 * best total plus one).  Below it, o's exact total, and perhaps the new
 * best; at or above it, a lower bound, and o is out.  (exact: v is o's
 * total whatever *best was.)  Called by one thread at a time. */
static void exact_take(opener *o, int v, bool exact, atomic_int *best, int *best_g) {
  if (v < atomic_load(best) || exact) {
    o->bound = v;
    o->exact = true;
    o->out = v >= atomic_load(best);
    if (v + 1 < atomic_load(best)) {
      atomic_store(best, v + 1);
      *best_g = o->g;
    }
  } else {
    if (v > o->bound) o->bound = v;
    o->out = true;
  }
}

/* Stage 6 of the top proof: the survivors one at a time, each by its
 * classes with every thread (probe_solve(), as --first proves it), its
 * exact total.  exact_loop() searched each against the best on one
 * thread: the 3158-answer list's root proof has one survivor, SALET,
 * which took 22.5 s of one thread to refute at 11220 (19-20 s at 8 and
 * 16 threads alike on a 16-core machine, docs/benchmarks.md), and 0.8 s
 * of one thread to solve exactly (11235).  Nested proofs keep
 * exact_loop(): solving theirs so too changed nothing measurable (rank's
 * 100-word sample: 96-101 s against 92-104 s, the same values).  Under
 * rules that narrow the top proof keeps exact_loop() too: there most
 * survivors are far from the best or have no strategy within the limit,
 * and a total without a bound to beat is costly (hard nyt-2023-07: PLEAT
 * solved, 11735, in 22.9 s of one thread against 12.6 s refuted at
 * 11628; QUINT, with none within six, not solved in 10 minutes of two;
 * of its 171-175 survivors, exact_each() took 20-40 s each on two
 * threads; exact_loop() settled 21 in 9 minutes). */
static int exact_each(proof *p, opener *rest, int nr, atomic_int *best, int *best_g) {
  search *s = p->s;
  int by_exact = 0;
  for (int j = 0; j < nr && !stopped(s); j++) {
    opener *o = &rest[j];
    by_exact++;
    settle_one(p);
    if (o->bound >= atomic_load(best)) {
      o->out = true;
      continue;
    }
    srch_phase(s, "searching the %d left exactly: %s", nr - j, s->g->guesses.w[o->g]);
    bool over;
    kids_known k;
    /* Whether it has a strategy within the limit at all first: under
     * the normal rules nothing else asks (srch_refutes_all()). */
    bool none = srch_refutes_all(&s->ctx[0], p->bx, p->A, p->n, o->g, p->d, &p->at, true);
    int v = none ? INF : probe_solve(p, o->g, p->tree ? &k : NULL, 0, &over);
    if (stopped(s)) break;
    exact_take(o, v, true, best, best_g);
    if (p->tree && !none) known_take(p, o, &k);
    srch_progress(s, j + 1, nr, "searched", *best_g >= 0 ? atomic_load(best) - 1 : INF, *best_g);
  }
  return by_exact;
}

/* Stage 6's loop: the exact search of rest[0..nr), least bound first,
 * all sharing the best total (plus one: ties stay exact), *best.
 * Returns how many it settled; *best_g gets the best one's guess. */
static int exact_loop(proof *p, opener *rest, int nr, atomic_int *best, int *best_g) {
  search *s = p->s;
  int by_exact = 0, done = 0;
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads) reduction(+ : by_exact)
  for (int j = 0; j < nr; j++) {
    opener *o = &rest[j];
    int b = atomic_load(best);
    if (stopped(s)) continue;
    by_exact++;
    settle_one(p);
    if (o->bound >= b) {
      o->out = true;
      continue;
    }
    /* No L3 again: the root proof's stage 5 ran it in this process. */
    int v = srch_survivor(my_ctx(s), p->bx, p->A, p->n, p->d, o, b, best, p->U, p->nu, p->at.rs,
                          false);
    if (stopped(s)) continue;
    int shown_v, shown_g; /* the best so far, for the progress line */
#pragma omp critical(search_root_best)
    {
      /* Below every best this guess was measured against: exact. */
      exact_take(o, v, false, best, best_g);
      shown_v = atomic_load(best) - 1;
      shown_g = *best_g;
    }
    int now;
#pragma omp atomic capture
    now = ++done;
    srch_progress(s, now, nr, "searched", shown_g >= 0 ? shown_v : INF, shown_g);
  }
  return by_exact;
}

/* Guesses other than g0 alike to it on A (srch_alike(): the scan keeps
 * one of each such set, so they are not in op[], and their totals are
 * g0's), and in *first the tie rule's first of them (-1: none).  None of
 * them is in A (an answer's feedback on itself is all green, which only
 * that answer gives it), so the tie rule orders them by index. */
static int alike_count(const proof *p, int g0, int *first) {
  *first = -1;
  if (g0 < 0) return 0;
  const uint8_t **rows = answer_rows(p);
  int k = 0;
  for (int i = 0; i < p->at.nu; i++) {
    int g = p->at.U[i];
    if (g == g0 || !srch_alike(p->s, rows, p->n, g0, g)) continue;
    k++;
    if (*first < 0 || score_tie_cmp(false, g, false, *first) < 0) *first = g;
  }
  free(rows);
  return k;
}

/* What the finished proof knows of the other first guesses (search.h
 * search_root_stats): the ties (exact at the value V: refuting at U + 1
 * keeps every guess that might tie, and the exact search measures each
 * against at least V + 1), and the least bound of the rest, with a
 * guess known to reach it exactly when there is one. */
static void proof_report(proof *p) {
  search_root_stats *r = &p->st;
  int V = p->V;
  r->value = V;
  r->first_guesses = p->at.nu;
  int alike;
  r->ties = alike_count(p, p->g0, &alike);
  r->tie_guess = r->next_guess = -1;
  r->next_bound = INF;
  if (V >= INF) return; /* no strategy within the limit: nothing to compare */
  const opener *tie = NULL, *next = NULL;
  for (int i = 0; i < p->no; i++) {
    const opener *o = &p->op[i];
    if (o->g == p->g0) continue;
    if (o->exact && o->bound == V) {
      int twin; /* the scan kept one of each alike set: its twins tie too */
      r->ties += 1 + alike_count(p, o->g, &twin);
      if (!tie || score_tie_cmp(o->green, o->g, tie->green, tie->g) < 0) tie = o;
      continue;
    }
    assert(o->bound > V); /* every other guess is refuted or exact above V */
    r->next_bound = imin(r->next_bound, o->bound);
  }
  for (int i = 0; i < p->no; i++) {
    const opener *o = &p->op[i];
    if (o->g != p->g0 && o->exact && o->bound == r->next_bound &&
        (!next || score_tie_cmp(o->green, o->g, next->green, next->g) < 0))
      next = o;
  }
  r->tie_guess = tie ? tie->g : alike;
  if (tie && alike >= 0 && score_tie_cmp(false, alike, tie->green, tie->g) < 0)
    r->tie_guess = alike;
  assert(r->ties == 0 || r->tie_guess >= 0); /* every tie counted can be named */
  r->next_guess = next ? next->g : -1;
}

/* Stage 6: the exact search of the survivors; then the root's guess,
 * the tie rule's first of those whose total is the value. */
static bool stage_exact(proof *p) {
  p->t = now_seconds();
  survivors(p);
  int nr = p->nleft;
  opener *rest = xmalloc(sizeof *rest * (size_t)(nr ? nr : 1));
  for (int j = 0; j < nr; j++) rest[j] = p->op[p->left[j]];
  qsort(rest, (size_t)nr, sizeof *rest, opener_bound_cmp);
  atomic_int best;
  atomic_init(&best, p->thr);
  int best_g = p->ub_g;
  if (p->top) srch_phase(p->s, "searching the %d left exactly", nr);
  int by_exact = p->top && !p->s->rw ? exact_each(p, rest, nr, &best, &best_g)
                                     : exact_loop(p, rest, nr, &best, &best_g);
  p->st.by_exact += by_exact;
  p->st.by_survivors = by_exact;
  p->st.t[4] = now_seconds() - p->t;
  int V = atomic_load(&best);
  V = V >= INF ? INF : V - 1; /* thr - 1 = ub, or lower if found */
  for (int j = 0; j < nr; j++) p->op[p->left[j]] = rest[j];
  free(rest);
  assert(V <= p->ub); /* the search only lowers the upper bound */
  if (stopped(p->s)) {
    if (V < p->ub) p->ub = V, p->ub_g = best_g;
    p->settled += by_exact;
    return proof_stopped(p);
  }
  int bi = -1;
  for (int i = 0; i < p->no && V < INF; i++)
    if (p->op[i].exact && p->op[i].bound == V &&
        (bi < 0 || score_tie_cmp(p->op[i].green, p->op[i].g, p->op[bi].green, p->op[bi].g) < 0))
      bi = i;
  p->V = V;
  p->g0 = bi >= 0 ? p->op[bi].g : -1;
  if (p->top) proof_report(p);
  return true;
}

/* Stage 7 (search_solve()'s proof only): the tree: the probe's when its
 * first guess is the proof's (its build counts as the tree's time), else
 * a new one.  After a stop, the probe's tree is what is left (search.h),
 * not proven optimal. */
static bool stage_tree(proof *p) {
  search *s = p->s;
  if (p->best && p->V < INF && p->g0 == p->best_g) {
    assert(p->best->total == p->V); /* the probe's total was the optimum */
    s->t_values = now_seconds() - s->t0 - p->t_best;
    s->t_tree = p->t_best;
    *p->tree = p->best;
    p->best = NULL;
    return true;
  }
  if (p->g0 >= 0 && p->tree)
    srch_phase(s, "%s proven best: building its tree", s->g->guesses.w[p->g0]);
  /* The exact solve's own values of its classes, when it had them. */
  const kids_known *k = p->kk_o.g >= 0 && p->kk_o.g == p->g0 ? &p->kk : NULL;
  assert(!k || p->kk_o.bound == p->V);
  p->V = srch_tree(s, p->A, p->n, p->d, p->V, p->g0, k, p->tree);
  if (stopped(s) && p->tree && p->best) {
    *p->tree = p->best;
    p->best = NULL;
  }
  return p->V < INF || !stopped(s);
}

/* ------------------------------------------------------------------ */

static void proof_free(proof *p) {
  tree_free(p->best); /* not the one returned */
  srch_bounds_free(p->bx);
  free(p->op);
  free(p->U);
  free(p->left);
}

/* The value stages, then (top) the tree, which also runs after a stop:
 * it then only records the times (srch_tree()). */
static int run_stages(proof *p) {
  static bool (*const value_stages[])(proof *) = {stage_l0,  stage_seed, stage_probe,
                                                  stage_l1,  stage_l2,   stage_exact};
  p->t = now_seconds();
  p->st.value = INF; /* until proof_report() */
  bool ok = true;
  for (size_t i = 0; ok && i < sizeof value_stages / sizeof *value_stages; i++)
    ok = value_stages[i](p);
  if (!ok) p->V = INF, p->g0 = -1;
  if (p->top) {
    p->s->root = p->st;
    stage_tree(p);
  }
  int v = p->V;
  proof_free(p);
  return v;
}

int srch_root_proof(search *s, const uint16_t *A, int n, int d, int *g0, const proof_at *at) {
  proof p = {.s = s, .A = A, .n = n, .d = d, .at = *at, .V = INF, .g0 = -1, .kk_o = {.g = -1}};
  int v = run_stages(&p);
  *g0 = p.g0;
  return v;
}

/* ------------------------------------------------------------------ */
/* A fixed first guess: its classes' exact values.                      */

/* A try under a time budget (clock.h, Budgets; none when budget <= 0),
 * for class_proof() and srch_classes_within(): try_begin() starts it and
 * returns what a stop would report now; try_given_up(s, was, timed),
 * after the work, ends it (timed: a budget was begun) and says whether
 * the work was given up, its budget run out with no stop asked for, in
 * which case the stop report is put back as it was: a given-up try's is
 * not one. */
static search_partial try_begin(const search *s, double budget) {
  if (budget > 0) budget_begin(budget);
  return s->part;
}

static bool try_given_up(search *s, search_partial was, bool timed) {
  if (!(timed && budget_end()) || stopping(s)) return false;
  s->part = was;
  return true;
}

/* How big_class() solves a class (big_classes() for why):
 *  - BIG_WHOLE: its root proof, to the end;
 *  - BIG_TRY: the proof for `budget` seconds: past it BIG_FITS when it
 *    had found a strategy within the limit (its stop report names a
 *    total: a guess it solved exactly), else BIG_LATER;
 *  - BIG_FEAS: only the test for a strategy within the limit, for
 *    `budget` seconds: INF when there is none, BIG_FITS when there is
 *    one, BIG_LATER past the budget.
 * The budgeted modes are for rules that narrow, on the calling thread,
 * where no budget is on (they never nest: a top proof's probe may be
 * running this); the memo keeps the exact values, proven bounds and
 * tests' answers a given-up try stored, so the next try resumes it. */
enum { BIG_WHOLE, BIG_TRY, BIG_FEAS };
#define BIG_LATER (-2)
#define BIG_FITS (-3)

/* The class's own proof (cd >= 3), in mode `how`. */
static int class_proof(search *s, const uint16_t *cls, int size, int cd, int *g0,
                       const proof_at *cat, int how, double budget) {
  if (how == BIG_WHOLE) return srch_root_proof(s, cls, size, cd, g0, cat);
  search_partial was = try_begin(s, budget);
  s->part = (search_partial){.best_found = INF}; /* the try's own stop report */
  int v = how == BIG_TRY ? srch_root_proof(s, cls, size, cd, g0, cat)
          : srch_set_refuted(s, cls, size, cd, cat->U, cat->nu, cat->rs) ? INF
                                                                           : BIG_FITS;
  bool found = how == BIG_TRY && s->part.stopped && s->part.best_found < INF;
  if (try_given_up(s, was, true)) {
    s->ctx[0].st.big_gave_up += how == BIG_TRY;
    s->ctx[0].st.big_found += found;
    return found ? BIG_FITS : BIG_LATER;
  }
  if (!stopping(s)) s->part = was;
  if (how == BIG_FEAS && !stopping(s)) {
    s->ctx[0].st.big_refuted += v >= INF;
    s->ctx[0].st.big_fits += v == BIG_FITS;
  }
  return v;
}

/* A first guess's big classes under way (big_classes()): its partition
 * L (guess g, standing at `at`), the classes' depth cd, where their
 * values, what the tree may know of them (may be NULL) and count of classes finished go, their
 * sum so far; the classes put off (later[], nl of them, largest first)
 * and which of those are known to have a strategy within the limit. */
typedef struct {
  search *s;
  level *L;
  int g, cd;
  const proof_at *at;
  int *vals, *done;
  kids_known *known;
  long sum;
  int later[PATTERN_COUNT], nl;
  bool fits[PATTERN_COUNT];
  bool later_run; /* later_classes() has run (once) */
} bigs;

/* Class i of b's partition, of 50 answers or more (16 on lists of every
 * word an answer: tuning.h), alone, with every thread, in mode `how`
 * (class_proof()): within 3 guesses or more by its own root proof
 * (within 2, srch_root()) (under rules that narrow, standing at the
 * class: the guesses and state after g), its value remembered for the
 * tree.  b->known gets the proof's guess for the class: the tie rule's
 * (the proof refutes at its value plus one, so every guess that ties
 * stays exact), which the tree takes as it is.  Under rules that narrow
 * the tree used to choose it again, by the tie rule over the class's own
 * answers first: hard nyt-2023-07 BYWAY's class of 1216 took 44 s of a
 * 50 s solve (TRINE, the proof's guess too); the same trees on every hard
 * row compared.  -1 when stopped; BIG_LATER or BIG_FITS when a budgeted
 * mode ran past its budget (class_proof()). */
static int big_class(const bigs *b, int i, int how, double budget) {
  search *s = b->s;
  const level *L = b->L;
  const proof_at *at = b->at;
  const uint16_t *cls = L->part + L->cls[i].start;
  int size = L->cls[i].size, g0 = -1, pat = L->cls[i].pat, cd = b->cd, v;
  s->pg.quiet++; /* its own proof reports nothing: the line is the caller's */
  if (s->rw) {
    int *CU = xmalloc(sizeof *CU * (size_t)(at->nu ? at->nu : 1)), cnu;
    cnu = rules_after(s->o.rules, s->rw, at->U, at->nu, b->g, pat, CU);
    rstate cs = at->rs ? *at->rs : s->rs0;
    rstate_add(s->o.rules, &cs, &s->rw[b->g], pat);
    const rstate *st = rstate_empty(&cs) ? NULL : &cs;
    proof_at cat = {CU, cnu, st};
    v = cd >= 3 ? class_proof(s, cls, size, cd, &g0, &cat, how, budget)
                : srch_root(s, cls, size, cd, CU, cnu, st, false);
    if (v >= 0 && v < INF && !stopped(s)) srch_remember(&s->ctx[0], cls, size, cd, v, st);
    free(CU);
  } else {
    v = cd >= 3 ? srch_root_proof(s, cls, size, cd, &g0, at)
                : srch_root(s, cls, size, cd, s->all, s->g->n_guesses, NULL, false);
    /* The tree needs the class's value again: the proof's stages keep
     * only bounds in the memo. */
    if (v < INF && !stopped(s)) srch_remember(&s->ctx[0], cls, size, cd, v, NULL);
  }
  s->pg.quiet--;
  if ((v == BIG_LATER || v == BIG_FITS) && !stopped(s)) return v;
  if (b->known && cd >= 3 && v < INF && !stopped(s) && g0 >= 0) b->known->g[pat] = g0;
  assert(stopped(s) || v >= set_floor(s, size));
  return stopped(s) ? -1 : v;
}

/* Class i's value v is in: into the sum and the progress line. */
static void big_done(bigs *b, int i, int v) {
  b->vals[i] = v;
  b->sum += v;
  srch_progress(b->s, ++*b->done, b->L->ncls, "patterns", INF, -1);
}

/* The budgets of big_classes()'s first round: the proofs' and the tests'
 * (search_opts, else tuning.h). */
static double proof_budget(const search *s) {
  return s->o.big_budget > 0 ? s->o.big_budget : BIG_CLASS_BUDGET_S;
}

static double feas_budget(const search *s) {
  return s->o.big_feas_budget > 0 ? s->o.big_feas_budget : proof_budget(s);
}

/* The classes put off (b->later[]), once, after the tries and before
 * any class that srch_refutes() covered is proved (big_classes()):
 * their tests (BIG_FEAS) in rounds, each open class, smallest first,
 * for the round's budget, which doubles each round, until a test finds
 * no strategy (the guess has none: the sum is INF) or every class has
 * one; then their proofs, whole, largest first.
 *
 * No proof runs between two tries of a test: each try resumes from the
 * answers the test's last try stored in the memo (LEESE's class of 399
 * with no strategy: 163 s whole, 214 s in tries of 20, 40, 80 and 160 s
 * on 2 threads), but a proof's try of that length fills the memo, whose
 * full shards are emptied, and the test starts over (LEESE took 1,136 s
 * with proofs and tests taking turns at doubling budgets, 834 s with
 * the test given 20 s once).  Other classes' tests between two tries
 * fill it too, but only while more than one class is open. */
static void later_classes(bigs *b) {
  search *s = b->s;
  bool open = true;
  assert(!b->later_run);
  b->later_run = true;
  for (double tb = feas_budget(s); open && b->sum < INF && !stopped(s); tb *= 2) {
    open = false;
    for (int j = b->nl - 1; j >= 0 && b->sum < INF && !stopped(s); j--) {
      if (b->fits[j]) continue;
      int v = big_class(b, b->later[j], BIG_FEAS, tb);
      if (v == BIG_LATER) open = true;
      else if (v == BIG_FITS) b->fits[j] = true;
      else if (v >= INF && !stopped(s)) b->sum = INF;
    }
  }
  for (int j = 0; j < b->nl && b->sum < INF && !stopped(s); j++) {
    assert(b->fits[j]); /* every test said yes, or the guess is settled */
    big_done(b, b->later[j], big_class(b, b->later[j], BIG_WHOLE, 0));
  }
}

/* Is class i of L big (its own proof, big_class())? */
static bool is_big(const search *s, const level *L, int i) {
  return i < L->ncls && L->cls[i].size >= s->split_min;
}

/* Big class i in mode `how`: its value into the sum, or put off for its
 * test (a try that ran past its budget: BIG_LATER, BIG_FITS), or INF
 * once the sum is. */
static void big_one(bigs *b, int i, int how) {
  search *s = b->s;
  if (b->sum >= INF && !stopped(s)) { /* no strategy fits: nor for g */
    b->vals[i] = INF;
    return;
  }
  int v = stopped(s) ? INF : big_class(b, i, how, proof_budget(s));
  if (v == BIG_LATER || v == BIG_FITS) {
    assert(how == BIG_TRY && !b->later_run); /* else neither tested nor proved */
    b->fits[b->nl] = v == BIG_FITS;
    b->later[b->nl++] = i;
    b->vals[i] = INF; /* unless solved in later_classes() */
    return;
  }
  big_done(b, i, v);
}

/* srch_classes()'s big classes, from 0 on while they are big, one at a
 * time, in vals[]; *big: where they end.  Their sum, INF as soon as one
 * has no strategy within the limit.
 *
 * Under rules that narrow, a class that srch_refutes() did not test
 * (more answers than it takes) may have none, and its proof can take
 * minutes to find that out (hard nyt-2023-07 MEUMS's class of 711 about
 * 1,600 s; THETA's of 322, 73 s, when the reach was 300), where a test
 * of feasibility alone takes a fraction of it (428 s; 13 s); while a class
 * that has a strategy is mostly proved within seconds, and there the
 * test is time lost.  So, where budgets can be used, each such class's
 * proof runs for a budget (BIG_TRY); the ones that ran past it wait for
 * their tests, which run to the end, with growing budgets so that no one
 * class's test holds up the others' (later_classes()), then for their
 * proofs, whole.  A class with a strategy then pays its test as well as
 * its proof (JOULE's 559: its test 198 s, the row 530 s -> 700 s), unless
 * its proof's try had found a strategy before it ran out; one with none
 * is settled by the test alone (LEESE's 399, under the reach of 300 then:
 * 218 s, the row 834 s in the table's run before).
 *
 * The classes come largest first, so the ones srch_refutes() covered
 * (each has a strategy) follow every one put off: the second loop, after
 * the put-off classes' tests, which may settle the guess with none, so
 * that no covered class is proved for a guess a test then settles.  The
 * order adds no proof or test, and the classes' values do not depend on
 * it (NEWS, docs/rank.md: what it saved). */
static long big_classes(search *s, level *L, int g, int cd, int *vals, kids_known *known,
                        const proof_at *at, int *big, int *done) {
  bigs b = {.s = s, .L = L, .g = g, .cd = cd, .at = at, .vals = vals, .known = known,
            .done = done};
  bool timed = s->rw && cd != UNLIMITED && cd >= 3 && !omp_in_parallel() && !budget_running();
  int i = 0;
  /* The classes the quick test does not reach (the largest): tries. */
  for (; timed && is_big(s, L, i) && !srch_refutes_covers(s, L->cls[i].size); i++)
    big_one(&b, i, BIG_TRY);
  later_classes(&b); /* the tests of those put off, then their proofs */
  for (; is_big(s, L, i); i++) {
    assert(!timed || srch_refutes_covers(s, L->cls[i].size)); /* largest first */
    big_one(&b, i, BIG_WHOLE);
  }
  *big = i;
  return b.sum < INF ? b.sum : INF;
}

/* The classes from `from` on, in parallel, one per thread, each by the
 * recursion from the seed's bound; *done counts them.  Their sum (a
 * stopped class counts -1).  Once a class has no strategy within the
 * limit (INF), neither has the guess: the classes not yet begun are
 * skipped, INF. */
static long small_classes(search *s, level *L, int g, int from, int cd, int *vals, int *done,
                          const proof_at *at) {
  long sum = 0;
  int ncls = L->ncls, none = 0;
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads) reduction(+ : sum)
  for (int i = from; i < ncls; i++) {
    ctx *c = my_ctx(s);
    const uint16_t *cls = L->part + L->cls[i].start;
    int size = L->cls[i].size, v = INF, skip;
#pragma omp atomic read
    skip = none;
    if (!stopped(s) && !skip) {
      /* The class's guesses and state under the rules (level 0 of this
       * thread is free: the recursion starts at level 1). */
      level *L0 = srch_level(c, 0);
      int cnu;
      const int *CU = class_guesses(s, L0, at->U, at->nu, g, L->cls[i].pat, &cnu);
      const rstate *cs = class_state(s, L0, at->rs, g, L->cls[i].pat);
      int beta = srch_seed_beta(s, cls, size, cd, CU, cnu);
      v = srch_solve(c, cls, size, cd, beta, 1, CU, cnu, cs);
      if (stopped(s)) v = -1; /* may be incomplete: see classes_stopped() */
      /* Exact: the seed's own tree is within beta (srch_root()). */
      assert(v < 0 || (v >= set_floor(s, size) && (v < beta || beta >= INF)));
      if (v >= INF) {
#pragma omp atomic write
        none = 1;
      }
    }
    vals[i] = v;
    sum += v;
    int now;
#pragma omp atomic capture
    now = ++*done;
    srch_progress(s, now, ncls, "patterns", INF, -1);
  }
  return sum;
}

/* What a stop leaves proven: exact values of the classes finished
 * before it, srch_quick() bounds for the rest. */
static void classes_stopped(search *s, level *L, int n, int g, int cd, const int *vals,
                            const proof_at *at) {
  ctx *c = &s->ctx[0];
  long lb = n;
  int solved = 0;
  for (int i = 0; i < L->ncls; i++) {
    if (vals[i] >= 0 && vals[i] < INF) {
      lb += vals[i];
      solved++;
      continue;
    }
    klass k;
    level *L0 = srch_level(c, 0);
    srch_quick(c, L->part + L->cls[i].start, L->cls[i].size, cd, &k,
               class_state(s, L0, at->rs, g, L->cls[i].pat));
    lb += k.lb;
  }
  s->part = (search_partial){true, lb < INF ? (int)lb : INF, INF, g, solved, L->ncls, false, 0, 0};
}

/* The largest classes first, one at a time, with every thread on its
 * candidate guesses (as at the root): one class can hold most of the
 * work, and a thread per class would leave the others idle.  Then the
 * rest in parallel. */
int srch_classes(search *s, level *L, const uint16_t *A, int n, int d, int g, int *vals,
                 kids_known *known, const proof_at *at) {
  if (known)
    for (int p = 0; p < PATTERN_COUNT; p++) known->g[p] = known->v[p] = -1;
  srch_partition(s->g, L, A, n, g);
  /* Under rules that narrow, a guess with no strategy within the limit
   * mostly fails at a small class, which the quick feasibility test
   * finds (srch_refutes(), in level 0 of the caller's context, not L):
   * before any class is solved. */
  if (s->rw && d != UNLIMITED && srch_refutes(s, A, n, g, d, at)) {
    for (int i = 0; i < L->ncls; i++) vals[i] = INF;
    return INF;
  }
  int cd = child_depth(d), ncls = L->ncls, done = 0, big = 0;
  long sum = n + big_classes(s, L, g, cd, vals, known, at, &big, &done);
  if (sum >= INF && !stopped(s)) {
    for (int i = big; i < ncls; i++) vals[i] = INF;
    return INF;
  }
  sum += small_classes(s, L, g, big, cd, vals, &done, at);
  if (stopped(s)) {
    classes_stopped(s, L, n, g, cd, vals, at);
    return INF;
  }
  /* Every value exact: the tree takes them as they are, so none is
   * solved again when the memo has lost it (search_tree.c). */
  for (int i = 0; known && sum < INF && i < ncls; i++) known->v[L->cls[i].pat] = vals[i];
  return sum < INF ? (int)sum : INF;
}

/* After srch_classes() was stopped: the answers in the classes it had
 * finished, how far it got. */
static int classes_done(const level *L, const int *vals) {
  int done = 0;
  for (int i = 0; i < L->ncls; i++) done += vals[i] >= 0 && vals[i] < INF ? L->cls[i].size : 0;
  return done;
}

int srch_classes_within(search *s, level *L, const uint16_t *A, int n, int d, int g, int *vals,
                        kids_known *known, const proof_at *at, double budget, bool *over) {
  search_partial was = try_begin(s, budget);
  int v = srch_classes(s, L, A, n, d, g, vals, known, at);
  *over = try_given_up(s, was, budget > 0);
  return *over ? classes_done(L, vals) : v;
}

/* ------------------------------------------------------------------ */
/* The entry point                                                      */

static int solve_inner(search *s, const uint16_t *A, int n, int first, tnode **tree);

/* The solve, then the progress line cleared (search.h: no message runs
 * into it). */
int search_solve(search *s, const uint16_t *A, int n, int first, tnode **tree) {
  int v = solve_inner(s, A, n, first, tree);
  srch_progress_end(s);
  return v;
}

static int solve_inner(search *s, const uint16_t *A, int n, int first, tnode **tree) {
  srch_begin(s);
  int d = s->depth;
  if (tree) *tree = NULL;
  if (first < 0 && n >= MEMO_MIN_SET && d >= 3) {
    /* The root proof, its report and seed published, and its tree. */
    proof p = {.s = s, .A = A, .n = n, .d = d, .top = true, .tree = tree, .at = srch_at_root(s),
               .V = INF, .g0 = -1, .kk_o = {.g = -1}};
    return run_stages(&p);
  }
  s->root.openers = 0;
  if (first < 0) {
    int V = srch_root(s, A, n, d, s->root_u, s->root_nu, s->root_rs, true);
    return srch_tree(s, A, n, d, V, -1, NULL, tree);
  }
  kids_known known;
  int V;
  /* A guess limit of one leaves nothing after the first guess. */
  if (d == 1 && !(n == 1 && game_fb(s->g, first, A[0]) == PATTERN_WIN)) {
    V = INF;
  } else {
    srch_phase(s, "solving %s", s->g->guesses.w[first]);
    level *L = xcalloc(1, sizeof *L);
    L->part = xmalloc(sizeof *L->part * (size_t)n);
    int *vals = xmalloc(sizeof *vals * PATTERN_COUNT);
    proof_at at = srch_at_root(s);
    V = srch_classes(s, L, A, n, d, first, vals, &known, &at);
    free(vals);
    free(L->part);
    free(L);
  }
  return srch_tree(s, A, n, d, V, first, d == 1 ? NULL : &known, tree);
}
