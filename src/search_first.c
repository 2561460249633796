/*
 * search_first.c: a proven ranking of first guesses (search.h,
 * search_rank_first()), on the root proof's machinery (search_proof.c).
 *
 * Every first guess gets its exact total, or a proven lower bound above a
 * cutoff C.  The root proof refutes at its optimum; the ranking refutes at
 * C + 1, and searches what survives with C + 1 as the bound to beat, which
 * gives the exact total of every first guess of C or less:
 *
 *  0. one scan of the answers: the bounds' order (every informative guess,
 *     strong splitters first), and each first guess's class count (L0);
 *     first guesses with the same feedback on every answer (under the
 *     normal rules) are one, and share their value;
 *  1. the cutoff: given (--cutoff), none (every value exact), or for the
 *     N best (--top N): the N first guesses with the least L1 sums among
 *     the least L0 are solved exactly, and C is the N-th least value
 *     known; it only falls as better ones are found; a resume that
 *     knows it already (a checkpoint's exact lines) searches the asked
 *     word (--probe), if not settled, first, as stage 4 does
 *     (probe_resumed());
 *  2. L1 and 3. L2 refute at C + 1, as in the root proof; stage 3 takes
 *     the first guesses with the same letters side by side, for the memo
 *     (letters_order());
 *  4. the exact search of the rest, least bound first, each against C + 1
 *     (below it the value is exact; at or above it, a bound above C),
 *     each after its L2 sum once more (the memo may have lost stage 3's).
 *     With no cutoff (a whole table) each first guess is proven as solve
 *     --first proves it instead (value_body(): the seed, the classes
 *     split across one rank's threads, the memo carried over; under rules
 *     that narrow the feasibility test first), values only.
 * A bound proven above a cutoff stays above the final one (it only
 * falls), so every line of a ranking is proven whenever it was found,
 * and a checkpoint can hold it.
 *
 * Each first guess is reported once, when it is settled, through the
 * caller's function (in a critical section), so a caller can append it
 * to a file at once.
 *
 * Threads and ranks: each stage is a dealt loop over groups (dist.h): in
 * one process a parallel loop, dynamic schedule, as in the root proof;
 * under MPI the groups are dealt to the threads of every rank as they
 * ask, the cutoff C going out with every deal.  Each stage is three
 * functions: pick (rank 0: deal this group?  It settles one whose bound
 * is already above the cutoff), body (any rank: the bound or search) and
 * take (rank 0: record what the body found, settling the group).  Only
 * rank 0 settles and reports; after each stage it sends every rank the
 * groups' state (share_state()), so that all run the next stage alike.
 * The exact solves of stage 1 are dealt to ranks, one each, each using
 * all its threads (srch_classes()).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "dist.h"
#include "search_impl.h"

/* A group of first guesses with the same feedback on every answer. */
typedef struct {
  opener o;
  int first;        /* its first word (index into the words) */
  bool done;        /* settled (here or in a checkpoint) */
  int tried;        /* the last refuting stage run on it (an earlier run's: 0 none) */
  double seconds;   /* time spent on it */
} group;

typedef struct {
  search *s;
  const search_first_opts *fo;
  const int *words;
  int nwords;
  int *next;        /* the next word of the same group, or -1 */
  int *group_of;    /* a word's group */
  search_first_value *out;
  group *gr;
  int ngr;
  atomic_int cutoff; /* C: values above it may be bounds (INF: none) */
  int *best;         /* top mode: the least exact values found (have of top) */
  int have;
  /* What the stages' bodies need (every rank alike). */
  const uint16_t *A;
  int n, d;
  const int *U;      /* the guesses children scan */
  int nu;
  int stage;         /* the stage running (2 or 3 for the bounds) */
  int *sums;         /* stage 1: the probe's L1 sums (rank 0); after a round of
                      * tries, minus the answers each try finished, else 0 */
  int quota;         /* stage 1: exact solves still to deal (rank 0) */
  int inflight;      /* stage 1: solves dealt, not yet taken (rank 0) */
  double budget;     /* stage 1: this round's seconds for each solve (0: none) */
  int gave_up;       /* stage 1: solves given up this round (rank 0) */
  int abandoned;     /* stage 1: all rounds' (rank 0) */
  level *L;          /* stage 1: srch_classes()'s level and values (one per rank) */
  bool (*pick)(void *, int); /* the stage's pick and take (run_stage()) */
  void (*take)(void *, const dist_result *);
  search_first_where at;     /* where it is (rank 0: tell_where()) */
  int *vals;
} ranking;

/* Settle group i (value v, exact or a bound, in stage 1 to 4): every
 * word of it, each told to the caller unless it came from the caller (a
 * checkpoint's line: had[w], had NULL for none; a word alike with one
 * that had a line, but with none of its own, a run stopped between the
 * group's lines, is told, so that it is written and counted). */
static void settle(ranking *R, int i, int v, bool exact, const bool *had, int stage) {
  assert(i >= 0 && i < R->ngr);
  group *g = &R->gr[i];
  /* Every first guess costs at least 2n - 1 (one guess, then at least
   * two for each answer but one); a value below it was never proven. */
  assert(v >= 2 * R->n - 1);
  if (v >= INF) exact = true; /* proven: no strategy within the limit */
#pragma omp critical(search_first_report)
  {
    if (!g->done) {
      g->done = true;
      g->o.bound = v;
      g->o.exact = exact;
      for (int w = g->first; w >= 0; w = R->next[w]) {
        R->out[w] = (search_first_value){R->words[w], v, exact, g->seconds, g->o.l0, stage};
        if ((!had || !had[w]) && R->fo->report) R->fo->report(R->fo->arg, &R->out[w]);
      }
      /* Top N: C is the N-th least exact value known, over words (each
       * word of the group takes a place: --top counts first guesses,
       * not the feedback-alike groups of the normal rules). */
      int top = R->fo->top;
      for (int w = g->first; w >= 0 && exact && top > 0 && v < INF; w = R->next[w]) {
        /* INF: no strategy, no place in the top */
        bool fill = R->have < top; /* a slot still empty: v goes in */
        int k = fill ? R->have++ : top - 1;
        if (fill || v < R->best[k]) {
          while (k > 0 && R->best[k - 1] > v) {
            R->best[k] = R->best[k - 1];
            k--;
          }
          R->best[k] = v;
        }
        assert(R->have <= top && (k == 0 || R->best[k - 1] <= R->best[k]));
        if (R->have == top && R->best[top - 1] < atomic_load(&R->cutoff))
          atomic_store(&R->cutoff, R->best[top - 1]);
      }
    }
  }
}

/* Groups: the words by their feedback on every answer of A (the normal
 * rules only: under rules that narrow two words with the same feedback
 * may allow different guesses after them, so each is its own). */
static void make_groups(ranking *R, const uint16_t *A, int n) {
  search *s = R->s;
  const game *G = s->g;
  int nw = R->nwords;
  R->next = xmalloc(sizeof *R->next * (size_t)(nw ? nw : 1));
  R->group_of = xmalloc(sizeof *R->group_of * (size_t)(nw ? nw : 1));
  R->gr = xcalloc((size_t)(nw ? nw : 1), sizeof *R->gr);
  int *last = xmalloc(sizeof *last * (size_t)(nw ? nw : 1));
  uint8_t *col = xmalloc((size_t)n * 2 + 1);
  uint32_t slots = 1;
  while (slots < 2u * (uint32_t)nw + 2) slots *= 2;
  int *table = xmalloc(sizeof *table * slots); /* group index, or -1 */
  uint64_t *keys = xmalloc(sizeof *keys * slots);
  for (uint32_t i = 0; i < slots; i++) table[i] = -1;
  for (int w = 0; w < nw; w++) {
    int g = R->words[w];
    for (int j = 0; j < n; j++) col[j] = game_fb(G, g, A[j]);
    uint64_t h = XXH3_64bits(col, (size_t)n);
    int found = -1;
    uint32_t at = (uint32_t)h & (slots - 1);
    if (!s->rw) {
      for (; table[at] >= 0; at = (at + 1) & (slots - 1)) {
        if (keys[at] != h) continue;
        int r = R->gr[table[at]].o.g, j = 0;
        while (j < n && game_fb(G, r, A[j]) == col[j]) j++;
        if (j == n) {
          found = table[at];
          break;
        }
      }
    }
    R->next[w] = -1;
    if (found >= 0) {
      R->next[last[found]] = w;
      last[found] = w;
      R->group_of[w] = found;
      continue;
    }
    if (!s->rw) {
      while (table[at] >= 0) at = (at + 1) & (slots - 1);
      table[at] = R->ngr;
      keys[at] = h;
    }
    int k = 0, green = 0;
    uint16_t *cnt = s->ctx[0].cnt;
    for (int j = 0; j < n; j++) k += cnt[col[j]]++ == 0;
    green = cnt[PATTERN_WIN] != 0;
    for (int j = 0; j < n; j++) cnt[col[j]] = 0;
    int l0 = 3 * n - k - green;
    R->gr[R->ngr] = (group){{g, green, l0, l0, false, false}, w, false, 0, 0};
    last[R->ngr] = w;
    R->group_of[w] = R->ngr++;
  }
  free(last), free(col), free(table), free(keys);
}

static int group_l0_cmp(const void *pa, const void *pb) {
  const group *a = pa, *b = pb;
  if (a->o.l0 != b->o.l0) return a->o.l0 - b->o.l0;
  return score_tie_cmp(a->o.green, a->o.g, b->o.green, b->o.g);
}

/* ------------------------------------------------------------------ */
/* The stages as dealt loops (dist.h): pick on rank 0, body anywhere,
 * take on rank 0. */

enum {
  SETTLE = DIST_USER,     /* a bound's result settles its group */
  GAVE_UP = DIST_USER * 2 /* stage 1: the solve's budget ran out */
};

static bool halt(void *arg) { return stopping(((ranking *)arg)->s); }
static int cutoff_now(void *arg) { return atomic_load(&((ranking *)arg)->cutoff); }
/* Another rank's cutoff, dealt with its items: it only falls. */
static void cutoff_learn(void *arg, int c) {
  ranking *R = arg;
  int now = atomic_load(&R->cutoff);
  while (c < now && !atomic_compare_exchange_weak(&R->cutoff, &now, c)) {
  }
}
static int beta_now(ranking *R) {
  int C = atomic_load(&R->cutoff);
  return C < INF ? C + 1 : INF;
}
static dist_result undone(int i) { return (dist_result){i, 0, DIST_UNDONE, 0, 0}; }

static void tell_where(ranking *R, bool one_more, bool passed, double busy);
static void tell_dealt(ranking *R, int g, double budget);

/* Stage 1, the probe: full L1 sums of the groups with the least L0. */
static bool probe_pick(void *arg, int i) {
  (void)arg, (void)i;
  return true;
}
static dist_result probe_body(void *arg, int i) {
  ranking *R = arg;
  int v = srch_l1_sum(my_ctx(R->s), R->A, R->n, R->d, &R->gr[i].o, INF);
  return (dist_result){i, v, 0, 1, 0};
}
static void probe_take(void *arg, const dist_result *r) { ((ranking *)arg)->sums[r->item] = r->value; }

/* Stage 1, the cutoff: the groups of the least L1 sums solved exactly,
 * as many as the top still lacks, each by one rank with all its threads
 * (the first `quota` not settled yet, in L1 order, as a plain loop would
 * solve them until `top` values are known: each solve with a total fills
 * a place for each word of its group).  In rounds, each solve with the
 * round's budget (rank_cutoff()): one that runs out gives its place in
 * the quota to the next group, and after PROBE_TRIES of those the round
 * ends. */
static bool solve_pick(void *arg, int i) {
  ranking *R = arg;
  if (R->gr[i].done || R->quota <= 0 || R->gave_up >= PROBE_TRIES) return false;
  R->quota--, R->inflight++;
  tell_dealt(R, R->gr[i].o.g, R->budget);
  return true;
}
static dist_result solve_body(void *arg, int i) {
  ranking *R = arg;
  double t = now_seconds();
  proof_at at = srch_at_root(R->s);
  bool over; /* v: then how far it got */
  int v = srch_classes_within(R->s, R->L, R->A, R->n, R->d, R->gr[i].o.g, R->vals, NULL, &at,
                              R->budget, &over);
  if (stopping(R->s)) return undone(i);
  return (dist_result){i, v, over ? GAVE_UP : 0, 1, now_seconds() - t};
}
static void solve_take(void *arg, const dist_result *r) {
  ranking *R = arg;
  R->inflight--;
  assert(R->inflight >= 0);
  R->gr[r->item].seconds += r->seconds;
  if (r->flags & GAVE_UP) {
    R->quota++, R->gave_up++, R->abandoned++;
    R->sums[r->item] = -r->value; /* the next round's order: the furthest first */
    return;
  }
  if (r->value >= INF) R->quota++; /* no strategy: the next one takes its place */
  settle(R, r->item, r->value, true, NULL, 1);
}

/* Group i left to the exact search by stage 3, with its bound (below
 * the cutoff): told to the caller for each of its words (rank 0), so
 * that a resume need not prove the bound again. */
static void tell_lower(ranking *R, int i) {
  const group *g = &R->gr[i];
  assert(!g->done && g->o.bound >= g->o.l0 && g->o.bound < INF);
  if (!R->fo->report_lower) return;
#pragma omp critical(search_first_report)
  for (int w = g->first; w >= 0; w = R->next[w]) {
    search_first_value v = {R->words[w], g->o.bound, false, g->seconds, g->o.l0, 3};
    R->fo->report_lower(R->fo->arg, &v);
  }
}

/* Stages 2 and 3: L1, then L2, refute at C + 1 (not again where an
 * earlier run's lower line says this stage left the group unrefuted:
 * its bound is that run's, and the stage would find it again). */
static bool refute_pick(void *arg, int i) {
  ranking *R = arg;
  group *g = &R->gr[i];
  if (g->done) return false;
  if (g->o.bound >= beta_now(R)) {
    settle(R, i, g->o.bound, false, NULL, R->stage);
    return false;
  }
  if (g->tried >= R->stage) return false;
  /* L1 cannot reach C + 1 (l1_may_reach()): on to L2. */
  return R->stage != 2 || l1_may_reach(R->s, &g->o, R->n, beta_now(R));
}
static dist_result refute_body(void *arg, int i) {
  ranking *R = arg;
  const opener *o = &R->gr[i].o;
  int thr = beta_now(R);
  double t = now_seconds();
  int v = R->stage == 2 ? srch_l1_sum(my_ctx(R->s), R->A, R->n, R->d, o, thr)
                        : srch_l2_sum(my_ctx(R->s), R->A, R->n, R->d, o, thr);
  if (stopped(R->s)) return undone(i);
  return (dist_result){i, v, v >= thr ? SETTLE : 0, R->stage, now_seconds() - t};
}
static void refute_take(void *arg, const dist_result *r) {
  ranking *R = arg;
  group *g = &R->gr[r->item];
  g->seconds += r->seconds;
  if (r->value > g->o.bound) g->o.bound = r->value;
  if (r->flags & SETTLE) settle(R, r->item, r->value, false, NULL, r->stage);
  else if (r->stage == 3) tell_lower(R, r->item);
}

/* Stage 4: the exact search of the rest against C + 1, least bound
 * first: below it the value is exact, at or above it a bound.  Each
 * first guess's L2 sum comes again first, as in the root proof's stage
 * 6 (srch_survivor()). */
static bool search_pick(void *arg, int i) {
  ranking *R = arg;
  group *g = &R->gr[i];
  if (g->done) return false;
  if (g->o.bound >= beta_now(R)) {
    settle(R, i, g->o.bound, false, NULL, 4);
    return false;
  }
  tell_dealt(R, g->o.g, 0); /* the progress line names it (the one dealt last) */
  return true;
}
static dist_result search_body(void *arg, int i) {
  ranking *R = arg;
  const group *g = &R->gr[i];
  int beta = beta_now(R);
  double t = now_seconds();
  ctx *c = my_ctx(R->s);
  /* Whether g has a strategy within the limit at all first, under the
   * normal rules (srch_refutes_all(): nothing else asks, and the total's
   * search of one with none can take hours). */
  proof_at at = {R->U, R->nu, R->s->root_rs};
  /* Its nodes near the top offer their candidates to idle threads (the
   * stage's last survivors: search.c, offer_cands()). */
  c->offer_depth = R->s->offer_depth;
  bool none = srch_refutes_all(c, R->s->bx, R->A, R->n, g->o.g, R->d, &at, false);
  int v = none ? INF
               : srch_survivor(c, R->s->bx, R->A, R->n, R->d, &g->o, beta, NULL, R->U, R->nu,
                               R->s->root_rs, true);
  c->offer_depth = 0;
  if (stopped(R->s)) return undone(i);
  return (dist_result){i, v, v < beta ? SETTLE : 0, 4, now_seconds() - t};
}
static void search_take(void *arg, const dist_result *r) {
  ranking *R = arg;
  group *g = &R->gr[r->item];
  g->seconds += r->seconds;
  bool exact = r->flags & SETTLE;
  settle(R, r->item, exact ? r->value : (r->value > g->o.bound ? r->value : g->o.bound), exact,
         NULL, 4);
}

/* Stage 4 with no cutoff (a whole table): each first guess as solve
 * --first proves it (srch_classes(): every class from the greedy seed's
 * bound, the big ones by their own root proof, the rest split across
 * the threads), by one rank with all its threads, its value only: no
 * tree.  The memo keeps what it solved for the next first guesses, which
 * share many classes.  Against beta = INF on one thread, with no seed,
 * the same words cost 30 to 40 times as much.  Under rules that narrow,
 * many first guesses have no strategy within the limit at all (2136 of
 * nyt-2022-08's 14855 in hard mode): srch_classes()'s quick feasibility
 * test (srch_refutes()) says so first, at a fraction of the cost of
 * solving every class. */
static dist_result value_body(void *arg, int i) {
  ranking *R = arg;
  search *s = R->s;
  double t = now_seconds();
  proof_at at = srch_at_root(s);
  int v = srch_classes(s, R->L, R->A, R->n, R->d, R->gr[i].o.g, R->vals, NULL, &at);
  if (stopped(R->s)) return undone(i);
  return (dist_result){i, v, SETTLE, 4, now_seconds() - t};
}

/* Where the ranking is, told to the caller (rank 0): each item a stage's
 * pick passes over (one more passed too: no work) or its take records is
 * one more done, with the seconds its body took (busy). */
static void tell_locked(ranking *R) { /* under search_first_report */
  R->at.cutoff = atomic_load(&R->cutoff);
  R->fo->where(R->fo->arg, &R->at);
}
static void tell_where(ranking *R, bool one_more, bool passed, double busy) {
  if (!R->fo->where) return;
#pragma omp critical(search_first_report)
  {
    R->at.done += one_more;
    R->at.passed += passed;
    R->at.busy += busy;
    tell_locked(R);
  }
}
/* A pick deals first guess g (stage 1's solve with its budget; stage
 * 4's search, 0): R->at is the line's, written only under its lock, as
 * stage 4's picks run on every thread at once. */
static void tell_dealt(ranking *R, int g, double budget) {
  if (!R->fo->where) return;
#pragma omp critical(search_first_report)
  {
    R->at.solving = g, R->at.budget = budget;
    tell_locked(R);
  }
}
static bool pick_told(void *arg, int i) {
  ranking *R = arg;
  bool was = R->gr[i].done, deal = R->pick(arg, i); /* i: a group (dist.h maps the order) */
  if (!deal && !was) tell_where(R, true, true, 0);
  return deal;
}
static void take_told(void *arg, const dist_result *r) {
  ranking *R = arg;
  R->take(arg, r);
  tell_where(R, true, false, r->seconds);
}

/* Stage 1's solves, under MPI: the quota is in use by solves not yet
 * back, one of which may give its place to the next group (no strategy,
 * or its budget ran out): hold the next pick until it is back. */
static bool solve_busy(void *arg) {
  const ranking *R = arg;
  return R->quota <= 0 && R->inflight > 0 && R->gave_up < PROBE_TRIES;
}

static void run_stage(ranking *R, int stage, int n, const int *order, bool per_rank, bool guided,
                      bool (*pick)(void *, int), dist_result (*body)(void *, int),
                      void (*take)(void *, const dist_result *)) {
  R->pick = pick, R->take = take;
  int left = 0; /* what the stage has to do: the groups not settled */
  for (int i = 0; i < n; i++) left += !R->gr[order ? order[i] : i].done;
  R->at = (search_first_where){stage, 0, left, atomic_load(&R->cutoff), -1, 0, 0, 0};
  if (dist_rank() == 0 && !stopping(R->s)) tell_where(R, false, false, 0); /* a stop starts none */
  dist_loop L = {n,         order,        per_rank, guided, R->s->o.threads, pick_told, body,
                 take_told, cutoff_now,   cutoff_learn, halt,
                 pick == solve_pick ? solve_busy : NULL, R};
  dist_run(&L);
}

/* Rank 0's state of the groups, on every rank (dist.h): the cutoff, the
 * stop, and each group's bound, settled and exact marks. */
static void share_state(ranking *R) {
  if (dist_size() == 1) return;
  size_t bytes = sizeof(int32_t) * (2 + 2 * (size_t)R->ngr);
  int32_t *b = xmalloc(bytes);
  if (dist_rank() == 0) {
    b[0] = atomic_load(&R->cutoff);
    b[1] = stopping(R->s);
    for (int i = 0; i < R->ngr; i++) {
      b[2 + 2 * i] = R->gr[i].o.bound;
      b[3 + 2 * i] = R->gr[i].done | R->gr[i].o.exact << 1;
    }
  }
  dist_share(b, bytes);
  if (dist_rank() != 0) {
    atomic_store(&R->cutoff, b[0]);
    if (b[1] && !stop_final()) stop_request();
    for (int i = 0; i < R->ngr; i++) {
      R->gr[i].o.bound = b[2 + 2 * i];
      R->gr[i].done = b[3 + 2 * i] & 1;
      R->gr[i].o.exact = b[3 + 2 * i] >> 1;
    }
  }
  free(b);
}

/* What a stop leaves proven (rank 0): every group's bound, so the least
 * is a bound on the best total; the best exact value settled, its first
 * guess the tie rule's. */
static void stop_report(ranking *R) {
  search *s = R->s;
  int lb = INF, best = INF, best_g = -1, best_green = 0, settled = 0;
  for (int i = 0; i < R->ngr; i++) {
    const group *g = &R->gr[i];
    lb = imin(lb, g->o.bound);
    settled += g->done;
    if (g->done && g->o.exact && g->o.bound < INF &&
        (g->o.bound < best ||
         (g->o.bound == best && score_tie_cmp(g->o.green, g->o.g, best_green, best_g) < 0))) {
      best = g->o.bound;
      best_g = g->o.g;
      best_green = g->o.green;
    }
  }
  s->part = (search_partial){true, lb, best, best_g, settled, R->ngr, false, 0, 0};
}

/* Stage 0: the bounds' order over every informative guess, as in the
 * root proof, and the guesses children scan (every rank alike); the
 * search's bounds context becomes this order's (the caller restores
 * `outer`).  Returns the guesses (R->U), which the caller frees. */
static int *rank_bounds(ranking *R, const uint16_t *A, int n) {
  search *s = R->s;
  ctx *c0 = &s->ctx[0];
  level *L0 = srch_level(c0, 0);
  int failmin = INF;
  scan_result r;
  int nc = srch_scan(c0, L0, A, n, R->d, INF, s->root_u, s->root_nu, &failmin, NULL, &r);
  cand *cs = xmalloc(sizeof *cs * (size_t)(nc ? nc : 1));
  memcpy(cs, L0->cands, sizeof *cs * (size_t)nc);
  int nu = L0->ng, *U = xmalloc(sizeof *U * (size_t)(nu ? nu : 1));
  memcpy(U, L0->glist, sizeof *U * (size_t)nu);
  R->U = U, R->nu = nu;
  s->bx = srch_bounds_cands(s, A, n, cs, nc);
  free(cs);
  return U;
}

/* The words finished in an earlier run (a checkpoint, rank 0's):
 * settled as they were. */
static void rank_resume(ranking *R) {
  const search_first_opts *fo = R->fo;
  int ng = R->s->g->n_guesses;
  int *word_of = xmalloc(sizeof *word_of * (size_t)ng); /* guess -> word, or -1 */
  for (int i = 0; i < ng; i++) word_of[i] = -1;
  for (int w = R->nwords - 1; w >= 0; w--) word_of[R->words[w]] = w;
  bool *had = xcalloc((size_t)(R->nwords ? R->nwords : 1), sizeof *had); /* a line of its own */
  for (int k = 0; k < fo->ndone; k++)
    if (word_of[fo->done[k].guess] >= 0) had[word_of[fo->done[k].guess]] = true;
  for (int k = 0; k < fo->ndone; k++) {
    int w = word_of[fo->done[k].guess];
    if (w < 0) continue; /* not among the words ranked now */
    R->gr[R->group_of[w]].seconds = fo->done[k].seconds;
    settle(R, R->group_of[w], fo->done[k].value, fo->done[k].exact, had, 0);
  }
  /* Lower bounds of words not settled: the group's bound raised, the
   * stage that proved it not run again. */
  for (int k = 0; k < fo->nlower; k++) {
    const search_first_value *v = &fo->lower[k];
    int w = word_of[v->guess];
    if (w < 0 || R->gr[R->group_of[w]].done) continue;
    group *g = &R->gr[R->group_of[w]];
    assert(v->value >= g->o.l0 && v->value < INF && v->stage >= 2 && v->stage <= 4);
    if (v->value > g->o.bound) g->o.bound = v->value;
    if (v->stage > g->tried) g->tried = v->stage;
    if (v->seconds > g->seconds) g->seconds = v->seconds;
  }
  free(had);
  free(word_of);
}

/* Sort idx[0..k) by key[idx[i]] ascending (insertion sort: stable). */
static void sort_idx_by(int *idx, int k, const int *key) {
  for (int i = 1; i < k; i++)
    for (int j = i; j > 0 && key[idx[j]] < key[idx[j - 1]]; j--) {
      int t = idx[j];
      idx[j] = idx[j - 1];
      idx[j - 1] = t;
    }
}

/* Stage 3's order: the groups by their first word's letters, as a set
 * (sorted, the set's letters compared in turn), then by index.  The
 * first guesses with the same letters are then side by side: they share
 * their all-gray class, most often the largest and the dearest to bound,
 * and much below it, which the memo keeps from one to the next, where
 * stage 2's order (least L0 first) puts them thousands apart and the
 * memo has evicted it by then.  50 first guesses of nyt-2022-02-all side
 * by side in this order, refuted at 52646 with a memo of 64 MB: 348 s of
 * thread in L0 order, 292-327 s in this one (docs/rank.md).  Any order
 * gives the same bounds; only the memo's hits differ. */
typedef struct {
  uint32_t key; /* the letters' set, 'a' its top bit */
  int i;
} letters_key;
static int letters_cmp(const void *pa, const void *pb) {
  const letters_key *a = pa, *b = pb;
  if (a->key != b->key) return a->key > b->key ? -1 : 1;
  return a->i - b->i;
}
static int *letters_order(const ranking *R) {
  int n = R->ngr;
  letters_key *k = xmalloc(sizeof *k * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++) {
    const char *w = R->s->g->guesses.w[R->gr[i].o.g];
    k[i] = (letters_key){0, i};
    for (int j = 0; w[j]; j++) {
      assert(w[j] >= 'a' && w[j] <= 'z');
      k[i].key |= 1u << ('z' - w[j]);
    }
  }
  qsort(k, (size_t)n, sizeof *k, letters_cmp);
  int *order = xmalloc(sizeof *order * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++) order[i] = k[i].i;
  free(k);
  return order;
}

/* srch_classes()'s level and values (stages 1 and 4, one per rank). */
static void level_for_classes(ranking *R) {
  R->L = xcalloc(1, sizeof *R->L);
  R->L->part = xmalloc(sizeof *R->L->part * (size_t)(R->n ? R->n : 1));
  R->vals = xmalloc(sizeof *R->vals * PATTERN_COUNT);
}
static void level_free(ranking *R) {
  free(R->vals), free(R->L->part), free(R->L);
  R->vals = NULL, R->L = NULL;
}

/* The group of the word the caller asked to solve first
 * (search_opts.probe_g, among the words ranked), or -1: none, or one
 * that tells nothing on the answers (one class, not the win: l0 =
 * 3n - 1), as the root proof's scan drops such a word (search_proof.c
 * probe_hint()). */
static int probe_group(const ranking *R) {
  int h = -1;
  for (int w = 0; w < R->nwords && h < 0 && R->s->o.probe_g >= 0; w++)
    if (R->words[w] == R->s->o.probe_g) h = R->group_of[w];
  return h >= 0 && R->gr[h].o.l0 < 3 * R->n - 1 ? h : -1;
}

/* probe_group() put first in idx[0..np), or added first when the probe
 * left it out.  The new count. */
static int hint_first(const ranking *R, int *idx, int np) {
  int h = probe_group(R);
  if (h < 0) return np;
  int at = np;
  for (int j = 0; j < np; j++)
    if (idx[j] == h) at = j;
  if (at == np) np++;
  assert(np <= R->ngr);
  for (int j = at; j > 0; j--) idx[j] = idx[j - 1];
  idx[0] = h;
  return np;
}

/* A resume (a cutoff known, from a checkpoint's exact lines) asked for
 * a word not settled yet (search_opts.probe_g): its group's exact search
 * first, as stage 4's (search_body(): against C + 1), before stages 2
 * and 3 go on.  A first guess found better since the checkpoint began
 * (by a --first solve, say) lowers C for every other at once: PARTS's
 * 52762 on nyt-2022-02-all, where the checkpoint's C was LANTS's 52777
 * (docs/rank.md).  Its value is exact below C + 1, a bound above C
 * otherwise, as stage 4 would find it later. */
static void probe_resumed(ranking *R) {
  int h = probe_group(R);
  if (h < 0 || R->gr[h].done || R->fo->top <= 0 || atomic_load(&R->cutoff) >= INF) return;
  run_stage(R, 4, 1, &h, false, false, search_pick, search_body, search_take);
  share_state(R);
}

/* Stage 1: the cutoff for the N best: the least L1 sums of the least L0
 * solved exactly, the asked word's first. */
static void rank_cutoff(ranking *R) {
  const search_first_opts *fo = R->fo;
  int probe = R->ngr < ROOT_PROBE + 4 * fo->top ? R->ngr : ROOT_PROBE + 4 * fo->top;
  assert(fo->top > 0 && probe > 0 && probe <= R->ngr);
  R->sums = xcalloc((size_t)R->ngr, sizeof *R->sums);
  int *idx = xmalloc(sizeof *idx * (size_t)(probe + 1));
  run_stage(R, 1, probe, NULL, false, true, probe_pick, probe_body, probe_take);
  for (int i = 0; i < probe; i++) idx[i] = i;
  sort_idx_by(idx, probe, R->sums);
  int np = hint_first(R, idx, probe);
  level_for_classes(R);
  for (int round = 0;; round++) {
    R->budget = srch_probe_budget(R->s, round);
    R->quota = fo->top - R->have;
    R->gave_up = R->inflight = 0;
    if (round > 0) { /* the tries of the last round by how far they got, then the rest */
      for (int i = 0; i < np; i++) R->sums[idx[i]] = R->sums[idx[i]] < 0 ? R->sums[idx[i]] : 0;
      sort_idx_by(idx, np, R->sums);
    }
    run_stage(R, 1, np, idx, true, false, solve_pick, solve_body, solve_take);
    /* Another round while a solve gave up and the top lacks values;
     * rank 0 decides for every rank. */
    int32_t again = R->budget > 0 && R->gave_up > 0 && R->have < fo->top && !stopping(R->s);
    if (dist_size() > 1) dist_share(&again, sizeof again);
    if (!again) break;
  }
  share_state(R);
  level_free(R);
  free(R->sums), free(idx);
}

/* Stage 4: the exact search of the rest, least bound first. */
static void rank_exact(ranking *R) {
  int *left = xmalloc(sizeof *left * (size_t)(R->ngr ? R->ngr : 1)), nleft = 0;
  for (int i = 0; i < R->ngr; i++)
    if (!R->gr[i].done) left[nleft++] = i;
  for (int i = 1; i < nleft; i++)
    for (int j = i; j > 0 && R->gr[left[j]].o.bound < R->gr[left[j - 1]].o.bound; j--) {
      int t = left[j];
      left[j] = left[j - 1];
      left[j - 1] = t;
    }
  for (int i = 1; i < nleft; i++) /* least bound first */
    assert(R->gr[left[i - 1]].o.bound <= R->gr[left[i]].o.bound);
  if (atomic_load(&R->cutoff) >= INF && R->d >= 2) {
    level_for_classes(R);
    run_stage(R, 4, nleft, left, true, false, search_pick, value_body, search_take);
    level_free(R);
  } else {
    run_stage(R, 4, nleft, left, false, false, search_pick, search_body, search_take);
  }
  share_state(R);
  free(left);
}

int search_rank_first(search *s, const uint16_t *A, int n, const search_first_opts *fo,
                      search_first_value *out) {
  srch_begin(s);
  int d = s->depth;
  ranking R = {.s = s, .fo = fo, .out = out, .A = A, .n = n, .d = d};
  R.words = fo->words ? fo->words : s->root_u;
  R.nwords = fo->words ? fo->nwords : s->root_nu;
  atomic_init(&R.cutoff, fo->cutoff < INF && fo->cutoff >= 0 ? fo->cutoff : INF);
  R.best = xmalloc(sizeof *R.best * (size_t)(fo->top > 0 ? fo->top : 1));

  bounds_ctx *outer = s->bx;
  int *U = rank_bounds(&R, A, n);
  make_groups(&R, A, n);
  qsort(R.gr, (size_t)R.ngr, sizeof *R.gr, group_l0_cmp);
  for (int i = 0; i < R.ngr; i++) /* the sort moved the groups */
    for (int w = R.gr[i].first; w >= 0; w = R.next[w]) R.group_of[w] = i;
  rank_resume(&R);
  share_state(&R);
  probe_resumed(&R);

  if (fo->top > 0 && atomic_load(&R.cutoff) >= INF && R.ngr > fo->top) rank_cutoff(&R);
  /* Stages 2 and 3: L1, then L2, refute at C + 1. */
  int *by_letters = letters_order(&R);
  for (R.stage = 2; R.stage <= 3 && atomic_load(&R.cutoff) < INF; R.stage++) {
    run_stage(&R, R.stage, R.ngr, R.stage == 3 ? by_letters : NULL, false, true, refute_pick,
              refute_body, refute_take);
    share_state(&R);
  }
  free(by_letters);
  rank_exact(&R);

  int C = atomic_load(&R.cutoff);
  s->ctx[0].st.probe_gave_up += (uint64_t)R.abandoned; /* rank 0's; no loop runs now */
  srch_bounds_free(s->bx);
  s->bx = outer;
  bool stop = stopping(s);
  if (stop) stop_report(&R);
  free(U), free(R.best), free(R.next), free(R.group_of), free(R.gr);
  return stop ? -1 : C;
}
