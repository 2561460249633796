/*
 * search_impl.h: what the search's files share (private to them).  From
 * the bottom up, each calling only the files above it in this list:
 *
 *   search_level.c  a thread's scratch levels (one per ply) and the
 *                   partitions in them
 *   search_quick.c  what is known of a set short of a scan: srch_quick()
 *                   (closed forms, splits by its own answers, the memo)
 *   search_bounds.c the lookahead bounds' layer: the bound arithmetic (below)
 *                   and the bounds context the caller owns
 *   search_lcaps.c  the letter caps (a bound on a guess's classes from its
 *                   letters)
 *   search_l1.c     L1, the one-guess lookahead bound: the scans
 *   search_l2.c     L2 and L3, the two- and three-guess lookahead bounds,
 *                   a big class's own order, and a guess's sums of its
 *                   classes' bounds
 *                   (the scans' kernels: kernel.h, one file per
 *                   instruction set)
 *   search.c        the recursion: srch_solve(), srch_scan(),
 *                   srch_eval_guess() (in a survivor's search with L1
 *                   first), srch_node() (a survivor's big sets' candidates
 *                   staged by their sums first)
 *   search_tree.c   building the tree once values are known (the tie
 *                   rule's guess at every node), the last stage of a solve
 *   search_root.c   set-up, the parallel root over first guesses (from the
 *                   seed's bound), progress, stopping, the value-only entry
 *                   points
 *   search_proof.c  search_solve(): the root proof in stages (lower bounds
 *                   refute first guesses before any search; proof, below),
 *                   and the classes of a fixed first guess, the big ones
 *                   each by its own proof
 *   search_feas.c   the feasibility test and the least depth
 *   search_rank.c   exact values of single guesses, and the ranking of
 *                   every guess at a set (mid-game advice)
 *   search_first.c  the proven ranking of first guesses (the root proof's
 *                   bounds at a cutoff)
 *
 * Ownership: each thread owns one ctx (scratch and counters); the game
 * is read-only; the memo is shared and locked per shard (memo.h); the
 * root's best total is an atomic.  A root proof owns its state and its
 * bounds (proof); nothing else is shared.
 */
#ifndef OPTLE_SEARCH_IMPL_H
#define OPTLE_SEARCH_IMPL_H

#include <assert.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "clock.h"
#include "err.h"
#include "feedback.h"
#include "kernel.h"
#include "mem.h"
#include "memo.h"
#include "rules.h"
#include "score.h"
#include "search.h"
#include "tuning.h"

#define INF OPTLE_INF
#define UNLIMITED OPTLE_DEPTH_UNLIMITED

/* A candidate guess at a set. */
typedef struct {
  int g;          /* guess index */
  int lb;         /* 3n - k - [g in A] */
  int green;      /* g is one of the answers */
  int bound;      /* a lower bound of its total: lb, or its staged sum
                   * (search.c stage_cands()) */
  uint64_t score; /* sum of c log2 c (smaller = more entropy) */
} cand;

/* One non-winning class of a guess's partition. */
typedef struct {
  int start, size;
  int lb;      /* quick(): exact value or lower bound */
  bool exact;
  uint8_t pat;
  uint64_t h;  /* memo hash (0 when not memoised) */
} klass;

/* The buckets of level.fx: a letter in each place, then anywhere. */
#define FX_BUCKETS (5 * 26 + 26)
/* Nodes of up to this many answers get level.fxg (bits of a uint64_t). */
#define FX_TABLE_MAX 64
/* level.fxc's slots (a power of 2) and level.fxl's room. */
#define FX_SLOTS 8192
#define FX_LIST_ROOM (1 << 18)

/* A class tested within 2 by the feasibility test (search_feas.c,
 * splitters()): its answers' rows in the node (bits of mask), the
 * bucket its guesses came from (-1: all of the node's), and the
 * positions of those that split it, level.fxl[off .. off + cnt). */
struct fx_slot {
  uint64_t mask;
  int bucket, off, cnt;
  uint32_t gen;
};

/* Scratch of one recursion ply, per thread. */
typedef struct {
  cand *cands;    /* n_guesses */
  int *glist;     /* the guesses worth trying on subsets of this set */
  int ng;
  uint16_t *part; /* n_answers: the set reordered by class */
  klass cls[PATTERN_COUNT];
  int ncls;
  /* Rules that narrow (rules.h) only: the state after this level's guess
   * by pattern (NULL: nothing known), and the guesses allowed in the
   * class being searched. */
  rstate *krs;       /* PATTERN_COUNT */
  uint64_t *allowed; /* srch_bound2()'s bitset of the guesses allowed */
  const rstate *kst[PATTERN_COUNT];
  int *ulist;        /* n_guesses */
  /* The feasibility test's index of a node's guesses U within 3
   * (search_feas.c, feas_index()): fx[fxs[b] .. fxs[b + 1]) are the
   * positions in U of those in bucket b, 26 * place + letter for a
   * letter in place, 130 + letter for a letter anywhere (10 * n_guesses,
   * made on first use); for a node of fxn answers (0: none), fxa[answer]
   * is its bit j and fxrow[j] its row of the feedback table, and, once a
   * split test has asked for them (fxgo[u] >= 0; -1 before), fxg[fxgo[u]
   * + j] are the partners of answer j under fxU[u], the u-th guess of the
   * node's U: the bits of the other answers it gives j's pattern
   * (fxgused of fxgcap taken). */
  int *fx;
  int fxs[FX_BUCKETS + 1];
  int fxn;
  const int *fxU;
  const uint8_t *fxrow[FX_TABLE_MAX];
  int *fxgo;
  uint64_t *fxg;
  size_t fxgused, fxgcap;
  uint16_t *fxa;
  /* With fxt: the node's classes tested so far, each with the guesses
   * of its bucket that split it (search_feas.c, splitters()): fxc's
   * slots of this node are those of generation fxgen, their lists in
   * fxl[0 .. fxused). */
  struct fx_slot *fxc;
  int *fxl;
  int fxused, fxply;
  uint32_t fxgen;
} level;

/* Signature table of one scan: finds guesses whose feedback on every
 * answer of the set is identical to an earlier guess's. */
typedef struct {
  uint64_t key;
  int g;
  uint32_t gen;
} sigslot;

/* What the lookahead bounds scan (search_bounds.c), for subsets of one
 * answer set A: a root proof's (each proof has its own, so the proof of a
 * big class, run inside the probe of another, has its own A), the
 * ranking's, or the feasibility test's.  Read-only once made: every
 * thread scans it. */
typedef struct bounds_ctx {
  int *strong, nstrong; /* the guesses, strong splitters of A first */
  int *cap;             /* k + [g in A] of strong[i] on A: no subset of A
                         * gives it more (non-increasing) */
  uint8_t *ptab;        /* the table, rows of A, columns in strong order */
  int pstride;          /* ptab's row length (a multiple of 64) */
  int *prow, *ppos;     /* answer -> ptab row; guess -> strong position */
  /* Rules that narrow only: bitsets over the order (nwords words each),
   * at[(place * 26 + letter)] and atleast[(letter * 7 + c)]: the guesses
   * with that letter there, and with at least c copies of it. */
  int nwords;
  uint64_t *at, *atleast;
  /* Wanted L1 bounds (srch_bound1() given want): "L1(C) >= v", keyed as
   * the memo's records, apart from it because the memo's bounds above 2m
   * are taken as they are, and these would weaken a later full L1.
   * Locked per shard like any memo, so shared by every thread. */
  memo *want;
  /* L2's own bounds of a big class only (srch_bound2(): a thread's
   * scratch, the want memo borrowed, the tables from xmap()): the bytes
   * reserved for ptab, and the patterns of the first ncols guesses of
   * the order (L2's candidates) on the set's answers, m bytes a guess,
   * so that partitions by them read one line for 64 answers. */
  size_t ptab_bytes, cols_bytes;
  uint8_t *cols, *colsdone; /* colsdone[i]: cols of guesses 64i .. 64i + 63 made */
  int ncols;
  /* The letter caps (search_bounds.c, lcap_lanes()): lq[q * lqstride +
   * i], the letter (0-25) at place q of the guess at position i of the
   * order, plus 26 when the guess has that letter more than once. */
  uint8_t *lq;
  int lqstride;
} bounds_ctx;

/* A feasibility test's offer (search_feas.c): once its answer is
 * decided, every share of it, and of the offers opened inside it, ends
 * (up: the offer it was opened in, or NULL). */
typedef struct offer_flag {
  atomic_int decided;
  const struct offer_flag *up;
} offer_flag;

/* Per-thread context: counters, scratch levels, scan tables. */
typedef struct {
  search *s;
  search_stats st;
  level **lv;
  int nlv;
  uint16_t cnt[PATTERN_COUNT]; /* all zero between uses */
  const uint8_t **rows;        /* scan scratch: the set's table rows */
  const uint8_t **rows2;       /* the same for srch_bound2()'s own set */
  uint8_t *isin, *isin2;       /* n_guesses: marks of the set's answers */
  uint64_t *allowed;           /* srch_bound1()'s bitset (rules that narrow) */
  cand *b2sort;                /* n_guesses: srch_bound2()'s candidates by term */
  int *b2run, *b2at;           /* n_answers + 4: their runs by term */
  uint8_t *b2pat;              /* n_answers: a candidate's patterns on the set */
  uint64_t *b2bits;            /* n_guesses bits, all clear between uses: a run sorted */
  struct bounds_ctx *sub;      /* srch_bound2()'s bounds of a big class (NULL: none yet) */
  struct bounds_ctx *sub3;     /* srch_bound3()'s of its big set: L2s under it use sub */
  int *subpos;                 /* n_guesses: its guesses' positions in the set's bounds */
  /* The bounds of the survivor being searched (srch_survivor()), that
   * srch_eval_guess() reads its classes' L1 from; NULL elsewhere. */
  const struct bounds_ctx *l1b;
  /* A ranking's exact search of a survivor (search_first.c): the nodes
   * of its classes, and offer_depth - 1 plies below them, offer their
   * candidates to the team's idle threads (search.c offer_cands(), and
   * the feasibility test's: search_feas.c); 0: none. */
  int offer_depth;
  /* The innermost feasibility offer this thread works in (NULL: none):
   * once it or one it was opened in is decided, its work is moot, and
   * unwinds as on a stop, storing nothing (search_feas.c). */
  const offer_flag *within;
  /* A feasibility test's try of one class in rounds (search_feas.c,
   * classes_pass()): its work is moot from this time on (now_seconds();
   * 0: no limit), read every FEAS_CLOCK_EVERY checks (feas_tick), and
   * once past it stays past (feas_over). */
  double feas_until;
  int feas_tick;
  bool feas_over;
  sigslot *sig;                /* sigmask + 1 slots */
  uint32_t sigmask, sig_gen;
  char pad[64];
} ctx;

/* The progress report's state (srch_phase(), srch_progress()): the
 * context every line repeats, and what is on the terminal. */
typedef struct {
  int quiet;          /* > 0 inside a nested proof: it reports nothing */
  int of;             /* the root proof's first guesses (0: no root proof) */
  atomic_int settled; /* ... settled: ruled out or solved (p->settled's count) */
  int best, best_g;   /* the best total so far and its first guess (INF, -1) */
  char phase[96];     /* the step running, in plain words */
  double t_phase;     /* when it started */
  double last;        /* the last line written (terminal) or printed (lines) */
  int shown;          /* characters of the line now on the terminal (0: none) */
} sprogress;

struct search {
  const game *g;
  search_opts o;
  memo *memo;
  int depth; /* the root's guess limit, or UNLIMITED */
  ctx *ctx;  /* one per thread */
  int nctx;
  const uint64_t *clogc;
  uint64_t *fbmix; /* a random odd number per answer position: srch_fbhash() */
  int seed_bound;
  /* search_least_depth()'s set while its root has no fixed first guess:
   * the root's candidates report as the first guesses ruled out (feas) */
  const uint16_t *feas_top;
  /* srch_classes(): classes of this many answers or more are solved one
   * at a time with every thread (tuning.h SPLIT_CLASS_MIN*, by the list's
   * size; tests lower it to reach that path on small instances). */
  int split_min;
  /* srch_bound2_sum(): classes of this many answers or more are raised
   * to L3 when a first guess survives L2 (tuning.h L3_CLASS_MIN, on the
   * big lists; 0: never; tests lower it). */
  int l3_min;
  /* srch_bound2_sum(): a refuting stage's L2s in rounds, the first
   * asking each class for this many times its share of what the sum
   * lacks (tuning.h L2_FIRST_ASK, on the big lists under the normal
   * rules; 0: one pass; tests set it). */
  double l2_first;
  /* srch_eval_guess() in a survivor's search (ctx.l1b set): classes of
   * this many answers or more, below the survivor's own, get their L1
   * bounds before any is searched (tuning.h L1_PASS_MIN; 0: never;
   * tests lower it). */
  int l1_min;
  /* search.c stage_cands(): in a survivor's search, the candidates of a
   * set of this many answers or more are refuted by their L1 and L2 sums
   * first, the rest searched least sum first (tuning.h STAGED_MIN; 0:
   * never; tests lower it). */
  int staged_min;
  /* A ranking's survivors: ctx.offer_depth while one is searched
   * (tuning.h OFFER_DEPTH; 0: none; tests set it). */
  int offer_depth;
  /* The feasibility test of a first guess's classes, in rounds: the
   * first round's seconds for each class (tuning.h FEAS_ROUND_S; 0: no
   * rounds, one pass; tests set it). */
  double feas_round;
  int *all; /* 0 .. n_guesses-1: every guess */
  /* The root: its history's rules state (NULL: nothing known) and the
   * guesses it allows (all of them, unless search_set_history()). */
  rstate rs0;
  const rstate *root_rs;
  int *root_u, root_nu;
  rword *rw; /* every guess as the rules read it (NULL: normal rules) */
  uint64_t shown[PATTERN_COUNT]; /* hard mode: bytes a pattern shows (search.c) */
  struct bounds_ctx *bx;   /* the ranking's bounds (search_first.c), for its run */
  search_root_stats root;  /* the last root proof's stages */
  double t0;
  sprogress pg;            /* the progress report (search_root.c) */
  double t_values, t_tree; /* seconds proving the value, building the tree */
  search_partial part;     /* what was proven when stopped */
};

/* ------------------------------------------------------------------ */
/* Stopping: the process's stop flag (clock.h: Ctrl-C, a signal, or
 * --time-limit through stop_after()), which stops every search; and a
 * budget run out (clock.h, Budgets: the root's upper bound gives up a
 * slow exact solve, a big class's proof or test under rules that narrow
 * is put off), which unwinds the same way, nothing stored on the way
 * out, but ends only that work. */

static inline bool stopped(search *s) {
  (void)s;
  return stop_requested();
}
/* The run stops (not a budget): what decides to deal no more work. */
static inline bool stopping(search *s) {
  (void)s;
  return stop_final();
}

/* ------------------------------------------------------------------ */
/* Small helpers. */

#ifndef NDEBUG
/* The memo's key is canonical: a set's answer indices, ascending and
 * distinct (memo.h); partitions keep their set's order. */
static inline bool set_sorted(const uint16_t *A, int n) {
  for (int i = 1; i < n; i++)
    if (A[i - 1] >= A[i]) return false;
  return true;
}
#endif

static inline int child_depth(int d) { return d == UNLIMITED ? d : d - 1; }
static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }
static inline ctx *my_ctx(search *s) { return &s->ctx[omp_get_thread_num() % s->nctx]; }
/* Does a node `below` plies under a survivor's classes (0: one of them)
 * offer its candidates to the team's idle threads (ctx.offer_depth)? */
static inline bool srch_offers(const ctx *c, int below) {
  return below >= 0 && below < c->offer_depth && omp_in_parallel() && omp_get_num_threads() > 1;
}

/* An offer's share of work (search.c's candidates, search_feas.c's
 * classes and candidates): take the offer's next items in c until none
 * is left or the offer is settled; helper: not the owner's thread. */
typedef void offer_take_fn(ctx *c, void *work, bool helper);

/* A helper's task: nothing on the owner's thread (search.c offer_cands()
 * says why); else in its own context, with the owner's survivor bounds,
 * offering nothing itself. */
static inline void srch_offer_help(search *s, offer_take_fn *take, void *work, int owner,
                                   const struct bounds_ctx *l1b) {
  if (omp_get_thread_num() == owner) return;
  ctx *c = my_ctx(s);
  const struct bounds_ctx *own = c->l1b;
  int depth = c->offer_depth;
  c->l1b = l1b, c->offer_depth = 0;
  take(c, work, true);
  c->l1b = own, c->offer_depth = depth;
}

/* An offer (srch_offers() said yes): one helper task for each other
 * thread of the team, and the owner's own share, in a taskgroup, which
 * waits for this offer's helpers alone (not those of the offers it
 * stands in, as a taskwait would). */
static inline void srch_offer_run(ctx *c, offer_take_fn *take, void *work) {
  search *s = c->s;
  int owner = omp_get_thread_num();
  const struct bounds_ctx *l1b = c->l1b;
  c->st.offers++;
#pragma omp taskgroup
  {
    for (int h = 1; h < omp_get_num_threads(); h++) {
#pragma omp task firstprivate(s, take, work, owner, l1b)
      srch_offer_help(s, take, work, owner, l1b);
    }
    take(c, work, false);
  }
}

/* The objective's bounds (rules.h), as the recursion uses them: a set
 * of n answers costs at least floor(n); a guess splitting n answers into
 * k classes (the winning one included) costs at least n + sum(2c - 1)
 * = 3n - k - green. */
static inline int set_floor(const search *s, int n) { return objective_floor(s->o.objective, n); }
static inline int guess_floor(const search *s, int n, int k, int green) {
  (void)s;
  return 3 * n - k - green;
}

/* The rules' state of guess g's class with pattern p, from the state rs
 * of its parent: L->kst[p] (NULL while nothing is known). */
static inline const rstate *class_state(const search *s, level *L, const rstate *rs, int g,
                                        int p) {
  if (!s->rw) return NULL;
  assert(p >= 0 && p < PATTERN_WIN); /* a class, never the winner */
  rstate *k = &L->krs[p];
  if (rs) *k = *rs;
  else rstate_init(k);
  rstate_add(s->o.rules, k, &s->rw[g], p);
  return L->kst[p] = rstate_empty(k) ? NULL : k;
}

/* The guesses of U allowed in g's class p: U itself under the normal
 * rules, else narrowed into L->ulist. */
static inline const int *class_guesses(const search *s, level *L, const int *U, int nu, int g,
                                       int p, int *cnu) {
  if (!s->rw) {
    *cnu = nu;
    return U;
  }
  assert(p >= 0 && p < PATTERN_WIN && nu <= s->g->n_guesses);
  *cnu = rules_after(s->o.rules, s->rw, U, nu, g, p, L->ulist);
  assert(*cnu <= nu); /* the rules only narrow */
  return L->ulist;
}

/* The candidates' order: the highest entropy first, then the tie rule. */
static inline int cand_cmp(const void *pa, const void *pb) {
  const cand *a = pa, *b = pb;
  if (a->score != b->score) return a->score < b->score ? -1 : 1;
  return score_tie_cmp(a->green, a->g, b->green, b->g);
}

/* ------------------------------------------------------------------ */
/* search_level.c: the levels and partitions. */

level *srch_level(ctx *c, int ply);
/* Partition A by g into L->part; L->cls gets the non-winning classes,
 * largest first (ties by pattern), each in A's order. */
void srch_partition(const game *G, level *L, const uint16_t *A, int n, int g);
/* The same from the patterns of A's answers (pat[j]: A[j]'s), not the
 * game's table. */
void srch_partition_by(level *L, const uint16_t *A, int n, const uint8_t *pat);

/* ------------------------------------------------------------------ */
/* search.c: the recursion. */

/* Fill s->shown (hard mode's feedback-alike test, search.c). */
void srch_shown_init(search *s);
/* T_d(A) if below beta, else a proven lower bound >= beta (search.c). */
int srch_solve(ctx *c, const uint16_t *A, int n, int d, int beta, int ply, const int *U, int nu,
               const rstate *rs);
/* Closed forms, splits by A's own answers, the memo (search_quick.c).  In two
 * steps for a caller that may not need the second: srch_quick_memo(),
 * closed forms for n <= 2 and the memo (true: k is settled; false: k->h
 * set, k->lb the floor 2n - 1, not exact), then srch_quick_splits(), the
 * splits by A's own answers (O(n^2) table reads) and n = 3. */
void srch_quick(ctx *c, const uint16_t *A, int n, int d, klass *k, const rstate *rs);
bool srch_quick_memo(ctx *c, const uint16_t *A, int n, int d, klass *k, const rstate *rs);
void srch_quick_splits(ctx *c, const uint16_t *A, int n, int d, klass *k);
/* Record v as T_d(A)'s exact value (under state rs) in the memo: for
 * values proven outside the recursion (a class's own root proof), which
 * the tree then finds instead of searching again. */
void srch_remember(ctx *c, const uint16_t *A, int n, int d, int v, const rstate *rs);
/* A guess's total on A, exact below best (search.c). */
int srch_eval_guess(ctx *c, const uint16_t *A, int n, int d, int g, int lbg, int best,
                    atomic_int *shared, int ply, const int *U, int nu, const rstate *rs);

typedef struct {
  int lbmin; /* least bound of any guess: a bound on T(A) */
  int ub2;   /* least total of a guess whose classes have <= 2 answers */
} scan_result;
int srch_scan(ctx *c, level *L, const uint16_t *A, int n, int d, int beta, const int *U, int nu,
         int *failmin, int *perfect, scan_result *r);
/* Does g (k classes on A, the winner among them if green, entropy
 * score, fh its feedback's hash: srch_fbhash()) split A (rows, n) as a
 * guess kept earlier in this scan does (generation gen, ++c->sig_gen
 * per scan), with the same effect on the guesses allowed when narrow?
 * If not, it is recorded as kept. */
bool srch_same_as_kept(ctx *c, const uint8_t **rows, int n, int g, int k, int green,
                       uint64_t score, uint64_t fh, uint32_t gen, bool narrow);
/* Do g and r give every answer of A (its rows, game_answer_row()) the
 * same feedback and, under rules that narrow, the same constraint (the
 * pairs srch_same_as_kept() keeps one of)? */
bool srch_alike(const search *s, const uint8_t **rows, int n, int g, int r);
/* A guess's feedback on answer j of a set, p, as its share of the
 * feedback's hash: the sum over j.  Equal feedback on every answer gives
 * an equal sum; the signature table (srch_same_as_kept()) then compares
 * byte by byte.  Without it, guesses with the same class sizes (every
 * split into singletons, say) shared one key and one run of slots, each
 * compared with all before it: 20% of LANTS on nyt-2022-02-all. */
static inline uint64_t srch_fbhash(const search *s, int j, uint8_t p) {
  return s->fbmix[j] * (uint64_t)(p + 1);
}

/* ------------------------------------------------------------------ */
/* The lookahead bounds (search_bounds.c's note), over a bounds context b. */

/* The bound arithmetic (the total objective's, which the lookahead
 * bounds serve).  A set of m answers costs at least lb_floor(m) = 2m - 1
 * (one answer guessed at once, each other in two).  A guess with
 * s = k + [h in C] on it (its classes, plus one when it is one of the
 * answers) costs at least l1_term(m, s) = 3m - s, and a term t says
 * s = l1_term(m, t) back.  scan_lim(m, s): the collisions a guess may
 * have (besides [h in C]) and still have s at least s: m - s. */
static inline int lb_floor(int m) { return 2 * m - 1; }
static inline int l1_term(int m, int s) { return 3 * m - s; }
static inline int scan_lim(int m, int s) { return m - s; }
/* A bound above 2m is worth a memo record (below it the closed forms
 * say as much). */
static inline bool bound_above_closed(int m, int lb) { return lb > 2 * m; }

/* Where a scan of b's order is: the block, its lanes still to take,
 * and whether a cap (or the order's end) has ended it. */
typedef struct {
  int u0;
  uint64_t left;
  bool end;
} scan_at;

/* search_bounds.c.  A bounds context for subsets of A, the guesses in
 * `order` (no of them, strong splitters first, cap[i] as in bounds_ctx);
 * free it with srch_bounds_free() (NULL: nothing). */
bounds_ctx *srch_bounds_new(const search *s, const uint16_t *A, int n, const int *order,
                            const int *cap, int no);
/* srch_bounds_new() in the order of a scan of A with no beta (srch_scan()
 * at UNLIMITED and INF: every informative guess, one of each
 * feedback-alike set), cs[0 .. nc) its candidates, which it sorts: by
 * class-count bound, strong splitters first, then by index. */
bounds_ctx *srch_bounds_cands(const search *s, const uint16_t *A, int n, cand *cs, int nc);
void srch_bounds_free(bounds_ctx *b);
/* b->lq, and under rules that narrow b's rule bitsets, for b's order
 * (b->strong[0 .. nstrong)). */
void srch_bounds_letters(const game *G, bounds_ctx *b);
void srch_bounds_rules(const search *s, bounds_ctx *b);
/* The kernel the bounds run (kernel.h's names: "avx512-vbmi", "avx512",
 * "avx2", "portable", "scalar"). */
const char *srch_bounds_kernel(void);
/* Under rules that narrow: the positions of b's order that the state
 * rs allows, as a bitset (b->nwords words).  The bounds of a set with
 * a state (rs, may be NULL: nothing known) count only those guesses, and
 * go into the memo under the set and the state. */
void srch_bounds_allowed(const search *s, const bounds_ctx *b, const rstate *rs, uint64_t *out);
/* The letter code of place q of word w: its letter (0-25), plus 26 when
 * w has that letter more than once. */
static inline int letter_code(const char *w, int q) {
  int copies = 0;
  for (int r = 0; r < 5; r++) copies += w[r] == w[q];
  return w[q] - 'a' + (copies > 1 ? 26 : 0);
}

/* search_lcaps.c.  The letter caps' table of C (kernel.h's kcaps). */
void srch_lcaps(const game *G, const uint16_t *C, int m, kcaps *t);
/* The letter cap of guess h on C: the product over places of the
 * colours h can get there from C's answers, at least its classes on C
 * (k_h, the winning one included); for tests, as the scans use it, from
 * the same tables. */
int srch_letter_cap(const game *G, const uint16_t *C, int m, int h);

/* search_l1.c.  rows and isin (b's positions) of the set C; unmark
 * clears isin again. */
void srch_bounds_mark(const search *s, const bounds_ctx *b, const uint8_t **rows, uint8_t *isin,
                      const uint16_t *C, int m);
void srch_bounds_unmark(const search *s, const bounds_ctx *b, uint8_t *isin, const uint16_t *C,
                        int m);
/* One pass of the kernel from *at on, over the lanes that may have
 * s > best (the caps, the rules' allowed, the letter caps lc), packed
 * when the kernel can: those with at most lim + isin collisions go to
 * pos[] (b's order) and sv[] (their s); returns their count. */
int srch_scan_pass(ctx *c, const bounds_ctx *b, const uint8_t *const *rows, const uint8_t *isin,
                   int m, const kcaps *lc, const uint64_t *allowed, int best, int lim,
                   scan_at *at, int *pos, int *sv);
/* A bound of C worth keeping for later probes, into the memo. */
void srch_bounds_keep(ctx *c, const klass *k, const uint16_t *C, int m, int d, int lb,
                      const rstate *rs);
/* L1 and L2 of a set C (a subset of b's set) at guess limit d, lower
 * bounds of T_d(C), stored in the memo.  *exact: the value is T_d(C)
 * itself.  srch_bound1() given want (INF: none) may prove only that much:
 * its value is then L1 or at least want, whichever is less work (the
 * scan rejects guesses sooner), and a value short of L1 is not stored.
 * srch_bound1_capped() knows no guess has s above scap on C.
 * srch_bound2() may stop at `need` (its value is then >= need); it
 * partitions in level `ply`.  Both are at least lb_floor(|C|), and at
 * most T_d(C). */
int srch_bound1(ctx *c, const bounds_ctx *b, const uint16_t *C, int m, int d, bool *exact,
                const rstate *rs, int want);
int srch_bound1_capped(ctx *c, const bounds_ctx *b, const uint16_t *C, int m, int d, bool *exact,
                       const rstate *rs, int want, int scap);
/* Does some guess of b split C (a subset of its set) into single
 * answers?  Every guess it holds, allowed or not. */
bool srch_bounds_splits(ctx *c, const bounds_ctx *b, const uint16_t *C, int m);

/* search_l2.c. */
int srch_bound2(ctx *c, const bounds_ctx *b, const uint16_t *C, int m, int d, int need, int ply,
                const rstate *rs);
/* L3 of C under the normal rules: m + the least, over every guess h, of
 * the sum of L2 over h's classes (h's L1 sum first: only a guess whose
 * L1 sum is below the best so far has its classes raised to L2).  It
 * may stop at need (its value is then >= need); it partitions in level
 * ply and its classes' L2 in ply + 1.  At least srch_bound2()'s value
 * with the same need, at most T_d(C); stored in the memo.  Under rules
 * that narrow, and below a guess limit of 4, it is srch_bound2(). */
int srch_bound3(ctx *c, const bounds_ctx *b, const uint16_t *C, int m, int d, int need, int ply,
                const rstate *rs);
/* A thread's scratch bounds (ctx.sub and ctx.sub3, made by srch_bound2() and
 * srch_bound3()). */
void srch_bounds_sub_free(bounds_ctx *sb);

/* ------------------------------------------------------------------ */
/* search_tree.c */

/* What a proof knows of a guess's classes, by pattern, for the tree:
 * the guess the class's own root proof picked (-1: none) and the class's
 * exact value (-1: not known), both for the classes of guess g only. */
typedef struct {
  int g[PATTERN_COUNT], v[PATTERN_COUNT];
} kids_known;

/* The tree of A (value V) with guess g, or the tie rule's when g < 0;
 * hint (may be NULL) gives what is known of g's classes already. */
tnode *srch_build(search *s, const uint16_t *A, int n, int d, int V, int g, const kids_known *hint,
                  const int *U, int nu, const rstate *rs);
int srch_choose(search *s, const uint16_t *A, int n, int d, int V, bool parallel, const int *U,
                int nu, const rstate *rs);
/* The last stage of every search_solve(): the value V is proven (INF:
 * none, or a stop).  Records the value's and the tree's times, and with
 * tree != NULL builds the tree (root guess g, the tie rule's when g < 0;
 * hint as above), with every thread.  Returns V, or INF after a stop. */
int srch_tree(search *s, const uint16_t *A, int n, int d, int V, int g, const kids_known *hint,
              tnode **tree);

/* ------------------------------------------------------------------ */
/* search_root.c: the search's set-up and its root. */

/* Every public entry point starts with srch_begin(); value-only ones end
 * with srch_finish(), which turns a stop into "don't know". */
void srch_begin(search *s);
int srch_finish(search *s, int v);
/* Progress (search.h).  srch_phase() names the step that starts, in
 * plain words (printf-style), and starts its clock; srch_progress() gives
 * its count, done of total (total 0: none; unit NULL: shown as a share),
 * and the best total so far with its first guess (INF, -1: unchanged).
 * done PROGRESS_SETTLED is the count s->pg.settled, read under the
 * progress lock, so that threads that count it never show it step back.
 * srch_progress_end() clears the terminal's line.  Thread-safe; silent
 * while s->pg.quiet (a nested proof). */
#define PROGRESS_SETTLED (-1)
void srch_phase(search *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void srch_progress(search *s, int done, int total, const char *unit, int best, int best_g);
void srch_progress_end(search *s);
/* The root proof's upper bound: round r's budget for each exact solve
 * tried (search_opts.probe_budget, tuning.h PROBE_*), 0 for none. */
double srch_probe_budget(const search *s, int round);
/* The greedy seed's total + 1 on a set (INF: none). */
int srch_seed_beta(search *s, const uint16_t *A, int n, int d, const int *U, int nu);
/* The root without a fixed guess: T_d(A), candidates across threads.
 * top: the solve's own root, whose seed it publishes for a stop's report
 * (search_seed_bound()); a big class's (search_proof.c) leaves it. */
int srch_root(search *s, const uint16_t *A, int n, int d, const int *U, int nu,
              const rstate *rs, bool top);
/* The same within a window: srch_solve()'s contract, with threads. */
int srch_root_window(search *s, const uint16_t *A, int n, int d, int beta, const int *U, int nu,
                     const rstate *rs);

/* ------------------------------------------------------------------ */
/* search_proof.c: proofs at a root. */

/* Where a proof, or a fixed first guess's classes, stand: the guesses
 * the set's root allows and the rules' state there (NULL: nothing
 * known).  The search's own root for the top proof and the ranking; a
 * class's own (its guesses and state after the guess before it) for a
 * big class's proof under rules that narrow. */
typedef struct {
  const int *U;
  int nu;
  const rstate *rs;
} proof_at;
static inline proof_at srch_at_root(const search *s) {
  return (proof_at){s->root_u, s->root_nu, s->root_rs};
}

/* One first guess and what is proven of it. */
typedef struct {
  int g, green;
  int l0;     /* 3n - k - green */
  int bound;  /* proven lower bound of its total (its value when exact) */
  bool exact; /* bound is its exact total */
  bool out;   /* refuted: bound > the optimum (or the cutoff) */
} opener;

/* Whether L1 can reach thr for first guess o on n answers, under the
 * normal rules.  L1 gives a class of m answers at most 3m - 1 (one
 * guess, then two for each answer but the one it may hit: s >= 1), so
 * srch_bound1_sum() at most l0 + n = 4n - k - green, unless the memo
 * holds a higher bound of a class (from L2 or a search).  With every
 * word an answer the optimum is above 4n (nyt-2022-02-all: 52777 against
 * 51788): L1 alone refuted none of 12,947 first guesses, in 620 s of 2
 * threads, and the stage skips them all.  Under rules that narrow L1
 * may also find a class with no guess left (INF), so it always runs. */
static inline bool l1_may_reach(const search *s, const opener *o, int n, int thr) {
  return s->rw || thr >= INF || (long)o->l0 + n >= thr;
}

/*
 * One root proof without a fixed first guess, from its first stage to
 * its cleanup (search_proof.c runs the stages: L0, seed, the upper bound
 * from the best few, L1, L2, the exact search of the survivors, and for
 * search_solve()'s proof the tree).  Each stage reads what the ones
 * before it left here and adds its own; nothing of it is on the search.
 * Invariants once a stage has run: op[] holds every informative first
 * guess of A (one of each feedback-alike set), least L0 first, each
 * bound a proven lower bound of its total (>= l0); ub is an achieved
 * total (of ub_g, or the seed's when ub_g < 0); thr = ub + 1 is what a
 * bound must reach to refute.
 */
typedef struct {
  search *s;
  const uint16_t *A;
  int n, d;
  bool top;             /* search_solve()'s: publishes the report and the seed,
                         * and builds the tree */
  tnode **tree;         /* top: where the tree goes (may be NULL) */
  proof_at at;          /* A's guesses and state: the first guesses are at.U */
  opener *op;           /* L0: the first guesses, least L0 first */
  int no;
  int *U, nu;           /* L0: the guesses the children scan */
  bounds_ctx *bx;       /* L0: this proof's bounds */
  int seed;             /* seed: the greedy total + 1, or INF */
  int ub, ub_g;         /* the upper bound: the best total achieved, its guess */
  int thr;              /* L1 on: refute at ub + 1 */
  int settled;          /* first guesses settled so far, for a stop's report */
  int *left, nleft;     /* L2 on: the survivors (indices into op) */
  int V, g0;            /* exact: the value and the tie rule's first guess */
  tnode *best;          /* top, with a tree wanted: the probe's tree (total ub,
                         * first guess best_g), built once ub is known: what
                         * a stop leaves, and usually the proof's own tree */
  int best_g;
  double t_best;        /* seconds building it */
  kids_known kk;        /* top, with a tree wanted: what the solves by
                         * classes (the probe's, exact_each()'s) knew of
                         * the classes of kk_o, the least total so solved
                         * (ties by the tie rule), for the tree (kk_o.g
                         * -1: none) */
  opener kk_o;
  search_root_stats st; /* the stages' counts and times */
  double t;             /* when the running stage began */
} proof;

/* search_l2.c (declared here, after opener): the sum of the L1 (L2)
 * bounds of o's classes on A, the bounds of b, L1's largest class
 * first, L2's smallest first, stopping once it reaches `stop` (INF: the
 * full sum): a lower bound of o's total.  The per-guess bodies of the L1 and
 * L2 stages; srch_l1_sum() and srch_l2_sum() are the same over s->bx
 * (the ranking's, search_first.c).  ply: the level A's partition goes
 * to (0 at a root; a search's node passes its own, search.c
 * stage_cands()), the classes' bounds using those below it. */
int srch_bound1_sum(ctx *c, const bounds_ctx *b, const uint16_t *A, int n, int d, const opener *o,
                    int stop, const rstate *rs, int ply);
/* srch_bound2_sum() given stage (the refuting stages, and a survivor's
 * sum again, srch_survivor(); never a full sum, stop INF) asks its
 * classes for their L2 in rounds, a share of what the sum lacks at a
 * time (tuning.h L2_FIRST_ASK), and below stop after every class's L2
 * raises the classes of s->l3_min answers or more to L3 (srch_bound3()),
 * largest first, in rounds too; it ends as one pass would: at stop or
 * above, or with every class so raised.  Not given it (a staged set's
 * candidates, search.c), one pass, smallest class first, each asked
 * for all the sum lacks. */
int srch_bound2_sum(ctx *c, const bounds_ctx *b, const uint16_t *A, int n, int d, const opener *o,
                    int stop, const rstate *rs, bool stage, int ply);
int srch_l1_sum(ctx *c, const uint16_t *A, int n, int d, const opener *o, int stop);
int srch_l2_sum(ctx *c, const uint16_t *A, int n, int d, const opener *o, int stop);
/* A survivor of those stages against beta: its L2 sum again (the memo
 * may have lost its classes' bounds; given l3, with srch_bound2_sum()'s
 * L3 raise: the ranking's stage 4), then the search (srch_eval_guess(),
 * sharing *shared when given); as srch_eval_guess() returns. */
int srch_survivor(ctx *c, const bounds_ctx *b, const uint16_t *A, int n, int d, const opener *o,
                  int beta, atomic_int *shared, const int *U, int nu, const rstate *rs, bool l3);

/* The staged root proof of A (nested: value only), standing at `at`:
 * T_d(A), and *g0 the tie rule's first guess reaching it (-1 after a
 * stop). */
int srch_root_proof(search *s, const uint16_t *A, int n, int d, int *g0, const proof_at *at);
/* The quick half of search_feasible(A, first, k) (search_feas.c),
 * standing at `at`: true when first is proven to have no strategy
 * within k by one of its classes of up to a few hundred answers (the
 * smallest first); false when none of them fails, or after a stop.  A
 * false says nothing: the exact search still finds it out.
 * srch_classes() runs it first under rules that narrow (hard
 * nyt-2023-07 ZYMIC: 10 s of search, now 0.1 s).  Uses level 0 of the
 * caller's context. */
bool srch_refutes(search *s, const uint16_t *A, int n, int first, int k, const proof_at *at);
/* A set (a big class, search_proof.c) with no strategy within k at
 * all: feasibility, the set's guesses U and state rs, level 1 of the
 * calling thread's context up (its caller's partition may be in level
 * 0 or its own).  Not in a parallel region. */
bool srch_set_refuted(search *s, const uint16_t *A, int n, int k, const int *U, int nu,
                      const rstate *rs);
/* Whether srch_refutes() tests the classes of n answers. */
bool srch_refutes_covers(const search *s, int n);
/* srch_refutes() on c's thread alone (in a stage's parallel loop), with
 * the classes of up to REFUTE_SMALL_MAX answers only (search_feas.c):
 * the L2 stages under rules that narrow run it before a first guess's L2
 * sum (search_proof.c l2_stage_sum()).  Uses level 0 of c. */
bool srch_refutes_small(ctx *c, const uint16_t *A, int n, int first, int k, const proof_at *at);
/* search_feasible(A, first, k) in context c, every class tested, the
 * smallest first: true when first has no strategy within k; false when
 * it has one, or after a stop.  Under the normal rules nothing else asks
 * before a first guess's total is searched, and with every word an
 * answer some have none (TARES on nyt-2022-02-all: its class of 809
 * answers ending in S has none within 5; the test says so in about two
 * minutes of one thread, where its total's search had not settled in
 * forty), so the ranking's stage 4 and the top proof's exact stage run
 * it first.  False at once under rules that narrow (their L2 stages test
 * the small classes: srch_refutes_small()) and with no limit.  Uses
 * level 0 of c and deeper.  bx: the stage's bounds over A (the kernel's
 * table for its classes' splits, as search_least_depth() builds one:
 * TARES 128 s without it), or NULL.  split: each set's candidate
 * guesses split across the threads, outside a parallel region only (in
 * one, a nested region's thread would take another thread's context:
 * the ranking's stage 4 passes false). */
bool srch_refutes_all(ctx *c, const bounds_ctx *bx, const uint16_t *A, int n, int first, int k,
                      const proof_at *at, bool split);

/* The exact values of guess g's classes on A (n + their sum, or INF),
 * vals[i] class i of L's partition; known (may be NULL) gets the tie
 * rule's guess of each class its own root proof settled, -1 for the
 * others, and every class's value once all are exact (else -1). */
int srch_classes(search *s, level *L, const uint16_t *A, int n, int d, int g, int *vals,
                 kids_known *known, const proof_at *at);
/* srch_classes() within `budget` seconds (0: none; clock.h, Budgets).
 * *over when the budget ran out (and no stop was asked for: then the
 * stop is the caller's, *over false): what it did is thrown away (the memo
 * keeps only what was proven before), the search's stop report is as it
 * was, and it returns the answers of the classes it had finished, how far
 * it got.  A real stop (stopping()) is the caller's to see. */
int srch_classes_within(search *s, level *L, const uint16_t *A, int n, int d, int g, int *vals,
                        kids_known *known, const proof_at *at, double budget, bool *over);

/* ------------------------------------------------------------------ */
/* search_rank.c */
int srch_guess_value(search *s, const uint16_t *A, int n, int d, int g, int beta);

#endif
