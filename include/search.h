/*
 * search.h: the exact search.  T(A) = 0 for no answers, 1 for one, and
 * otherwise |A| + min over informative guesses g of the sum of T over
 * the non-winning classes of A under g, within a guess limit.
 *
 * The search is a depth-first branch and bound (search.c says how, step
 * by step).  Its answer is exact: every pruning rule uses a proven lower
 * bound, and the memo stores only exact values and proven lower bounds
 * under the full answer set (memo.h).
 *
 * Which guess a tree uses is decided after the values are known, by a
 * fixed rule: among the guesses that reach the optimum, the first that
 * is one of the remaining answers, in guess-list order, else the first
 * in guess-list order.  Values are unique, so the tree does not depend
 * on thread count or timing.
 *
 * Threads: the root is split across OpenMP threads (candidate first
 * guesses, or with a fixed first guess its feedback classes), sharing
 * the best bound and the memo.  Everything else is per thread.
 *
 * The seam.  The search is parameterised by, and never calls, what sits
 * above or beside it:
 *  - the rules (search_opts.rules, rules.h): which guesses are allowed
 *    after a history.  The search passes each node's guess list to its
 *    children; under the normal rules unchanged, under hard mode
 *    narrowed by rules_after() for the guess and pattern, with the
 *    allowed list then part of the memo key;
 *  - the objective (search_opts.objective, rules.h): how a node's value
 *    combines its classes' and the least value of a set.  Every bound
 *    of the recursion is built from objective_floor() and the guess
 *    bound in search_impl.h, so a new objective is a new case there;
 *  - the seed (search_opts.seed): an upper bound from some strategy.
 *    The strategies sit above the search (strategy.h sets the greedy
 *    entropy seed); the search only calls the function it is given.
 * The root proof (search_proof.c: first guesses refuted by lookahead
 * bounds before any search) stands on search_root.c, which owns the
 * parallel root; a proven ranking of first guesses comes the same way
 * (search_first.c), and deals its first guesses to the ranks of an MPI
 * run through dist.h.
 *
 * Files, each calling only the ones before it: search.c (the recursion
 * and its bounds), search_bounds.c (the L1/L2 lookahead bounds and their
 * kernels), search_tree.c (building the tree), search_root.c (set-up,
 * the parallel root, progress, stopping), search_proof.c (search_solve():
 * the root proof in stages, the classes of a fixed first guess),
 * search_feas.c (the worst case), search_rank.c (single guesses) and
 * search_first.c (rankings of first guesses); search_impl.h is what they
 * share.
 */
#ifndef OPTLE_SEARCH_H
#define OPTLE_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "memo.h"
#include "rules.h"
#include "tree.h"

/* A strategy's total on a set within `depth` guesses (OPTLE_INF past
 * it): an upper bound the search starts from.  Under rules that narrow
 * (rules.h) it plays by rules m, the guesses U (nu of them) allowed at
 * the set (U NULL: every guess).  Must be thread-safe.  threads: how
 * many it may use (1 inside the search's own parallel loops). */
typedef int (*search_seed_fn)(const game *g, const uint16_t *set, int n, int depth,
                              rules_mode m, const int *U, int nu, int threads);

/* Progress on stderr (search_opts.progress), in plain words: none; one
 * line rewritten in place, cut to the terminal's width, with the count
 * of first guesses settled, the best total so far, the step running and
 * its ETA (a terminal); or a few plain lines, "optle: ...", as the steps
 * of a long root proof start (a file or a pipe: PROGRESS_LINES_AFTER,
 * tuning.h).  Only the outermost proof reports; the line is cleared
 * before the search returns, so no message runs into it. */
enum { SEARCH_PROGRESS_OFF, SEARCH_PROGRESS_TERMINAL, SEARCH_PROGRESS_LINES };

/* What the progress report says, for a caller's own hook
 * (search_opts.on_progress; the library's progress callback, optle.h):
 * the step running (phase), its count done of total (0 of 0: none) in
 * unit (or NULL), the root proof's first guesses settled of `of` (0 of
 * 0: none), the best total so far and its first guess (INF, -1: none),
 * and the seconds since the search began.  Called where the line would
 * be rewritten (whether or not it is shown), one call at a time. */
typedef struct {
  const char *phase;
  int done, total;
  const char *unit;
  int settled, of;
  int best, best_g;
  double seconds;
} search_progress;
typedef void (*search_progress_fn)(void *arg, const search_progress *p);

typedef struct {
  int max_guesses;     /* 0 = no limit */
  int threads;         /* >= 1 */
  int memo_mb;         /* memo cap in MiB; 0: the list's default (memo.h) */
  bool fixed_first;    /* a solve of one fixed first guess: its default memo (memo.h) */
  int progress;        /* SEARCH_PROGRESS_* (above) */
  search_seed_fn seed; /* NULL: no seed (strategy.h sets entropy's) */
  rules_mode rules;    /* which guesses are allowed (rules.h) */
  objective objective; /* what is minimised (rules.h) */
  search_progress_fn on_progress; /* NULL, or told what the report says */
  void *progress_arg;
  /* The root proof's upper bound: seconds the first exact solve may take
   * before it is given up for the next first guess (each round of tries
   * gets PROBE_GROWTH times more, the last none; tuning.h); 0: the
   * default, PROBE_BUDGET_S.  It changes only the time, never a value:
   * any first guess's total bounds the optimum. */
  double probe_budget;
  /* ... and the first guess the root proof solves first for it (a guess
   * index; -1: the proof's own picks, by their bounds).  With every word
   * an answer the picks' solves take hours where LANTS's takes two
   * minutes (docs/rank.md).  Only the time changes: any first guess's
   * total bounds the optimum. */
  int probe_g;
  /* Under rules that narrow, with a fixed first guess (and a whole
   * table's values): seconds a big class's proof may take before it is
   * put off for the feasibility tests (search_proof.c big_classes(),
   * tuning.h BIG_CLASS_BUDGET_S; 0: that default), and the least class
   * size that takes that path, below which the quick test takes them
   * (0: the quick test's own reach, 400 answers: tuning.h);
   * big_feas_budget: the feasibility tests' first round's (each next
   * round's twice the last; 0: big_budget's).  Only
   * the time changes, never a value or a tree (tests). */
  double big_budget, big_feas_budget;
  int big_min;
} search_opts;

/* Guess limit 6, all cores, the default memo, no seed, normal rules,
 * total guesses.  Most callers want strategy_search_opts() instead. */
void search_opts_default(search_opts *o);

/* Search counters: an X-macro, so --stats and summing stay in step. */
#define SEARCH_STATS(X)                                                   \
  X(nodes, "search nodes (calls of the recursion)")                       \
  X(scans, "scans of a guess list over a set")                            \
  X(scan_work, "guess x answer table reads of those scans")               \
  X(guess_evals, "candidate guesses evaluated by recursion")              \
  X(closed_form, "sets solved by a closed form (n <= 3)")                 \
  X(perfect_in, "sets split into singletons by one of their answers")     \
  X(perfect_out, "sets split into singletons by another guess")          \
  X(memo_probes, "memo probes")                                           \
  X(memo_hits, "memo hits (exact values and bounds)")                     \
  X(cut_bound, "nodes cut by their lower bound before scanning")          \
  X(dup_guesses, "guesses skipped: same feedback as another on the set") \
  X(cut_early, "guesses dropped part-way through a scan by their bound")  \
  X(cut_static, "guesses cut by their class-count bound")                 \
  X(cut_quick, "guesses cut by their classes' quick bounds, unsearched")  \
  X(l1_pass, "a survivor's classes bounded by L1 before their search") \
  X(cut_l1_pass, "... guesses those bounds cut, unsearched")            \
  X(staged, "a survivor's big sets whose candidates were staged (L1, L2)") \
  X(cut_staged, "... candidates their L1 or L2 sums cut, unsearched") \
  X(offers, "nodes whose candidates were offered to idle threads (stage 4)") \
  X(helped, "... candidates (searched, or staged sums) idle threads took") \
  X(small_class_ub, "nodes where a guess with classes <= 2 set the bound")\
  X(cut_class, "guesses abandoned part-way through their classes")       \
  X(fail_high, "nodes that proved only a lower bound")                    \
  X(bound1, "sets bounded by one-guess lookahead (L1)")                    \
  X(bound2, "sets bounded by two-guess lookahead (L2)")                    \
  X(bound2_quick, "... L2 guesses refuted by the classes too big to split")  \
  X(bound2_own, "... L2 sets whose classes were scanned in the set's own order") \
  X(bound3_own, "L3 sets whose candidates' classes were scanned in the set's own order") \
  X(bound1_want, "L1 scans that proved only the bound wanted of them")      \
  X(bound_scans, "guess scans of the lookahead bounds")                    \
  X(bound_guesses, "... guesses they read (abandoned or not)")             \
  X(bound_reads, "... and table reads")                                    \
  X(bound_big, "... guesses read on sets of 161+ answers")                  \
  X(feas_endgame, "sets without a strategy in the limit by an endgame's count") \
  X(feas_subset, "... by an endgame's or their union's own test")          \
  X(refute_small, "first guesses without one by a small class (L2 stages)") \
  X(refute_first, "first guesses without one by the test before their search (normal rules)") \
  X(feas_put_off, "... classes of theirs the test put off to a later round (its time)") \
  X(tree_nodes, "tree nodes whose guess was chosen after the proof")        \
  X(tree_own_evals, "... guesses of their own answers evaluated for it")   \
  X(tree_scans, "... nodes that needed a scan of every guess")             \
  X(tree_resolved, "... their classes not known exact at once, solved in a window") \
  X(tree_by_sum, "... and the largest such at each node, valued by the sum") \
  X(bound_sum, "searched sets solved exactly: sum of their bounds on entry")\
  X(exact_sum, "... and of their exact values (bound quality = ratio)")   \
  X(probe_gave_up, "exact solves for the root's upper bound given up at their budget") \
  X(big_gave_up, "tries of big classes' proofs that ran past their budget (hard mode)") \
  X(big_refuted, "... classes found with no strategy within the limit by the test")     \
  X(big_fits, "... classes found with one by the test (then proved, unless the guess is settled)") \
  X(big_found, "... classes whose proof's try had found one (the same)")

typedef struct {
#define X(name, doc) uint64_t name;
  SEARCH_STATS(X)
#undef X
  uint64_t memo_stores, memo_evictions, memo_bytes;
} search_stats;

typedef struct search search;

/* NULL when the memo's memory (memo_mb) cannot be reserved. */
search *search_new(const game *g, const search_opts *o);
void search_free(search *s);

/*
 * Solve the answer set `set` (sorted answer indices, n >= 1) exactly.
 * first >= 0 fixes the first guess.  Returns the optimal total, or
 * OPTLE_INF when no strategy fits the guess limit.  With tree != NULL
 * and a finite total, *tree receives the optimal tree (tree_free it).
 * After a stop (OPTLE_INF, search_stopped()), *tree may still hold a
 * tree: the best the root proof had built (the exact tree of its probe's
 * first guess, built as soon as that total is known), not proven
 * optimal; NULL when none was built (a fixed first guess, a stop before
 * the probe finished, the root without the proof).
 */
int search_solve(search *s, const uint16_t *set, int n, int first, tnode **tree);

/* Exact T of a set within `depth` guesses, for tests and callers that
 * need a value only (depth 0 = the search's own limit). */
int search_value(search *s, const uint16_t *set, int n, int depth);

/* The recursion within a window, for tests of its cutoffs: T_d of the
 * set when it is below beta (*exact set), else a proven lower bound b
 * with beta <= b <= T (*exact clear; a bound of OPTLE_INF is exact: no
 * strategy fits).  With threads > 1 the root's guesses are split across
 * threads as in search_solve().  Bounds it proves go into the memo as
 * bounds, never as exact values. */
int search_value_window(search *s, const uint16_t *set, int n, int depth, int beta, bool *exact);

/* Exact total of the set when guess g comes first (n + the classes'
 * exact values within depth - 1), or OPTLE_INF: no information, or no
 * strategy within the limit.  depth 0 = the search's own limit. */
int search_guess_value(search *s, const uint16_t *set, int n, int depth, int g);

/* The `top` best guesses on a set by exact value, best first; equal
 * values in tie-rule order (in the set first, then guess index).  Fills
 * out[] and returns how many (fewer when fewer guesses are informative
 * and within the limit).  Single-threaded; meant for small sets (mid-game
 * advice): on a full list it is a whole root proof per guess. */
typedef struct {
  int guess;
  int value;
  int in_set; /* the guess is one of the set's answers */
} search_ranked;
int search_rank(search *s, const uint16_t *set, int n, int depth, int top, search_ranked *out);

/*
 * Stopping.  stop_request() (clock.h, async-signal-safe, set by the
 * SIGINT/SIGTERM handlers of stop_catch_signals(), and by --time-limit's
 * alarm, stop_after()) stops every search in the process.  The search
 * then returns within a node or two, search_solve() returns OPTLE_INF,
 * and search_stopped() says what was proven before the stop.
 */
typedef struct {
  bool stopped;
  int lower_bound;   /* proven: no strategy does better */
  int best_found;    /* total of a strategy found (OPTLE_INF if none) */
  int best_first;    /* its first guess (the fixed one with --first), or -1 */
  int done, of;      /* first guesses tried (or classes solved) of all */
  bool value_proven; /* the optimum is proven (= lower_bound); only the tree
                      * was not finished */
  /* Stopped in search_least_depth() (--objective worst; lower_bound is
   * then OPTLE_INF: the total's search had not begun): no strategy keeps
   * every answer within worst_above guesses (proven; 0: none ruled out),
   * and it was testing worst_testing (best_first: the fixed first guess
   * they start with, or -1); done and of count the first guesses ruled
   * out there (no fixed first guess; else 0). */
  int worst_above, worst_testing;
} search_partial;

/* The guess limit of later calls (0 = none), as search_opts.max_guesses. */
void search_set_max_guesses(search *s, int max_guesses);

/* NULL unless the last call (search_solve, search_value,
 * search_guess_value, search_rank) was stopped; after a stopped
 * value-only call, only `stopped` is meaningful. */
const search_partial *search_stopped(const search *s);

/* The root proof without a fixed first guess, stage by stage: how many
 * first guesses each settled, and its seconds (search_proof.c). */
typedef struct {
  int openers; /* first guesses that tell anything (one of each alike set) */
  int by_l0, by_l1, by_l2, by_exact;
  int by_l2_none; /* ... of by_l2, those a small class shows have no
                   * strategy within the guess limit (rules that narrow) */
  int probed;  /* first guesses solved for the upper bound: more than one
                * when the best by the bounds has no strategy within the
                * guess limit, or a total no better than the greedy
                * strategy's (a --probe word's) */
  int probe_none; /* ... of them, those with no strategy within the limit */
  int by_survivors; /* of by_exact, the survivors of every bound (not
                     * stage 3's picks) */
  int abandoned; /* exact solves for the upper bound given up when their
                  * budget ran out (search_opts.probe_budget) */
  double t[5]; /* scan and seed; upper bound; L1; L2; exact search */
  /* What the finished proof knows of the other first guesses (value INF,
   * and nothing else, when it did not finish or no strategy fits the
   * guess limit): */
  int value;         /* the optimum */
  int first_guesses; /* every first guess the root allows */
  int ties;          /* other first guesses proven to reach the optimum too
                      * (those with the same feedback on every answer included) */
  int tie_guess;     /* the tie rule's first of them, or -1 */
  int next_bound;    /* every other first guess totals at least this (INF:
                      * there is no other) */
  int next_guess;    /* one that totals exactly next_bound, or -1 when only
                      * the bound is proven */
} search_root_stats;
/* The last search_solve() without a first guess; NULL if it used none. */
const search_root_stats *search_root_report(const search *s);
/* The lookahead bounds' kernel: the best this CPU has ("avx512-vbmi",
 * "avx512", "avx2", "portable" or "scalar"), or the one the environment
 * variable OPTLE_KERNEL names (for tests and measurements). */
const char *search_bounds_kernel(void);
/* 0 when OPTLE_KERNEL is unset or names a kernel this CPU has; else -1
 * with the error (err.h) naming every kernel. */
int search_check_kernel(void);

/*
 * The history the next searches start after (guesses[i] got pats[i], nh
 * of them): under rules that narrow (rules.h) it decides the guesses
 * allowed at the root and below; the answer set is the caller's.  Call it
 * before the first search of s (the memo's bounds at the root assume
 * one root).  Returns how many guesses the root allows.
 */
int search_set_history(search *s, const int *guesses, const int *pats, int nh);

/* Can the set be finished within k guesses, every answer by the k-th
 * (first >= 0: with that first guess)?  On the search's threads; false after a
 * stop (search_stopped() says so).  search_least_depth() is the least
 * such k up to limit (0: none): 0 when none is, -1 when stopped. */
bool search_feasible(search *s, const uint16_t *A, int n, int first, int k);
int search_least_depth(search *s, const uint16_t *A, int n, int first, int limit);

/*
 * A proven ranking of first guesses (search_first.c): for each word of
 * words (nwords; NULL: every guess the root allows), its exact total with
 * it first, or a proven lower bound above the cutoff.  cutoff: values
 * above it may be bounds (OPTLE_INF: every value exact); top > 0 (and no
 * cutoff): exact for the `top` best, ties with the top-th included, the
 * cutoff being the top-th least value.  done (ndone): words settled in an
 * earlier run, taken as they are.  report (may be NULL) is told each word
 * as it is settled, in a critical section, once.  lower (nlower): lower
 * bounds an earlier run proved below its cutoff (value, stage), each
 * raising its word's bound, the refuting stages up to its own not run on
 * it again; report_lower (may be NULL) is told each word the refuting
 * stage 3 leaves to the exact search, with the bound it proved, as
 * report is (stage 3).  out[i] is words[i]'s.
 * Returns the final cutoff (OPTLE_INF: none), or -1 when stopped (what
 * was reported stands; search_stopped() then gives the least bound of
 * any word, and the best exact value settled with its word).
 *
 * Under MPI (dist.h) every rank calls it alike, and the words are dealt
 * to them; only rank 0 reports, reads done and fills out[] (the other
 * ranks give done NULL and get out[] unfilled), and every rank returns
 * the same cutoff, or -1 on every rank.
 */
typedef struct {
  int guess;
  int value;
  bool exact;     /* else a lower bound above the cutoff */
  double seconds; /* time spent on it (on its group of feedback-alike words) */
  int floor;      /* its class-count bound 3n - k - [in A] (out[] only): with
                   * cutoff + 1, a bound that does not depend on timing */
  int stage;      /* the stage that settled it: 1 the cutoff's exact solves, 2 L0
                   * or L1, 3 L2, 4 the exact search (0: given in done) */
} search_first_value;
typedef void (*search_first_fn)(void *arg, const search_first_value *v);
/* Where the ranking is (rank 0, in the same critical section as report):
 * its stage (as search_first_value.stage: 1 the cutoff's probe and exact
 * solves, 2 L1, 3 L2, 4 the exact search), the groups of feedback-alike
 * first guesses the stage has finished of those it runs over, and the
 * cutoff now (OPTLE_INF: none); in stages 1 and 4, the first guess dealt
 * last (stage 1's with its budget).  Told as each stage starts, as each
 * group is done, and as each of stage 1's solves and stage 4's searches
 * is dealt. */
typedef struct {
  int stage;
  int done, total;
  int cutoff;
  int solving;   /* stage 1: the first guess whose exact solve was dealt last, stage 4:
                  * whose exact search was, or -1 */
  double budget; /* ... and its budget in seconds (0: none) */
  int passed;    /* of done, the groups passed over with no work (settled by
                  * their bound, or an earlier run's stage left them here) */
  double busy;   /* the seconds the stage's work on those groups took, summed
                  * over the threads (and ranks) that did it */
} search_first_where;
typedef void (*search_first_stage_fn)(void *arg, const search_first_where *w);
typedef struct {
  const int *words;
  int nwords;
  int cutoff;
  int top;
  const search_first_value *done;
  int ndone;
  search_first_fn report;
  void *arg;
  search_first_stage_fn where; /* NULL, or told where the ranking is (arg) */
  const search_first_value *lower;
  int nlower;
  search_first_fn report_lower;
} search_first_opts;
int search_rank_first(search *s, const uint16_t *A, int n, const search_first_opts *o,
                      search_first_value *out);

/* Counters summed over threads, memo included. */
void search_get_stats(const search *s, search_stats *out);
/* The search's memo (memo.h: shared by its threads; rank_run.c saves
 * its records beside a ranking's checkpoint and reads them back). */
memo *search_memo(search *s);
/* Seconds the last search_solve() spent proving the value and building
 * the tree. */
void search_times(const search *s, double *values, double *tree);
/* Upper bound the greedy seed gave the root, or OPTLE_INF. */
int search_seed_bound(const search *s);

#endif
