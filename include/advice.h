/*
 * advice.h: the optimal player at the table: for the answers that fit a
 * game so far, the next guess, its exact value, the best alternatives,
 * the value of any other guess, and the optimal line for an answer.
 * `optle next` prints one piece of advice; `optle play` asks for one
 * after every guess (hints, assist mode) and for the end-of-game
 * analysis.
 *
 * Values.  With k guesses made under a limit of M, the answers left
 * have M - k guesses (no limit when M = 0).  T is search.h's total over
 * the n answers left, the next guess included, so T / n is the expected
 * number of guesses from here, this one included, and k + T / n the
 * expected length of the whole game.  A search is kept per depth left,
 * each with its own memo, so later positions of one game reuse the work
 * of earlier ones.
 *
 * Where the next guess comes from, in this order:
 *  1. tree: a solved tree was given and the history follows it: the
 *     tree's guess and total, at once (labelled as the tree's; the
 *     alternatives are still ranked exactly when the set is not the full
 *     list, and a better one is pointed out);
 *  2. opener: the history is empty and the full list is too big to rank
 *     (n_answers x n_guesses > ADVICE_ROOT_WORK: on the NYT lists every
 *     first guess is a whole proof): the fixed opener, the named list's
 *     own for the rules (lists.h: the best of its published tables,
 *     TARSE on nyt-2023-07) or else ADVICE_OPENER (SALET, optimal on the
 *     original lists by published results), the first of them with a
 *     strategy within the guess limit (SALET has none under the hard
 *     rules on nyt-2023-07), whose exact total is proven on the spot
 *     (well under a second on the hidden lists) but which is not proven
 *     best here; with none, the root proof as for --prove; unless
 *     advisor_opts.prove asks for the root proof's ranking
 *     (search_rank_first(): the `top` best first guesses exact, ties
 *     included, every other one proven worse), which gives a search's
 *     advice, proven;
 *  3. search: the exact optimum, proven on the spot (search_solve) and
 *     the guess the tie rule picks (search_rank), so it is the guess
 *     `optle solve` would put in its tree.
 *
 * Answers off the list.  When no answer of the list fits a history (the
 * NYT picks answers by hand), `next` and `play` go on with the game of
 * history_wider() (history.h), whose answers are the allowed guesses
 * that fit, with advisor_opts.wider set: the advice is then exact for
 * that wider set, and the reports say so.
 *
 * Interrupts: once stop_catch_signals() (clock.h) runs, SIGINT and
 * SIGTERM stop the search; every later answer is then unusable, and
 * stop_requested() says so, so a caller must stop too (exit 4).
 */
#ifndef OPTLE_ADVICE_H
#define OPTLE_ADVICE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "game.h"
#include "history.h"
#include "ratio.h"
#include "rules.h"
#include "search.h"
#include "tuning.h"
#include "tree.h"

/* The opener used when the first guess cannot be ranked, after the
 * named list's own (lists_opener()). */
#define ADVICE_OPENER "salet"
/* Largest n_answers x n_guesses whose full answer set is ranked (the
 * named lists small, medium and large are at most 250,000). */
#define ADVICE_ROOT_WORK 1000000L
/* Most alternatives listed (--top). */
#define ADVICE_TOP_MAX 100
/* Most answers `optle play` solves on the spot, unasked (hints, the
 * end-of-game analysis): 460 answers take about 3 s on two cores, 800
 * about a minute, 1300 several minutes.  `optle next` solves any set. */
#define ADVICE_QUICK_MAX 500
/* A value not computed (the first guess on a big list, a set too big
 * to solve unasked). */
#define ADVICE_UNKNOWN (-1)

typedef enum { ADV_SEARCH, ADV_TREE, ADV_OPENER } adv_source;

typedef struct {
  int max_guesses;      /* 0 = no limit */
  int threads;          /* >= 1 */
  int memo_mb;          /* per search; 0 = the default */
  const tnode *tree;    /* a tree checked against these lists, or NULL */
  const char *tree_name;/* its file, for labels */
  /* NULL; or the game is history_wider()'s (its answers are the allowed
   * guesses that fit the history made so far, so its full answer set is
   * no first-guess root), and this says why, for the reports. */
  const char *wider;
  rules_mode rules;     /* the game's rules (rules.h): the guesses allowed */
  /* On a big full list, prove the first guess instead of showing the
   * opener: the root proof's ranking (search_rank_first()), the `top`
   * best exact and every other first guess proven worse (about a minute
   * on the NYT lists, 2 threads). */
  bool prove;
} advisor_opts;

typedef struct advisor advisor;

/* NULL, with err_msg(), when the memo (memo_mb, 0 = the default) cannot
 * be allocated.  Each search (one per number of guesses left) has a memo
 * of its own, each capped at memo_mb. */
advisor *advisor_new(const game *g, const advisor_opts *o);
void advisor_free(advisor *a);

typedef struct {
  int n;              /* answers that fit */
  int made;           /* guesses made */
  int left;           /* guesses left; 0 = no limit */
  adv_source source;
  int best;           /* the next guess, or -1: no strategy within the limit */
  int total;          /* best's total over the n answers, or OPTLE_INF */
  bool best_in_set;   /* best could be the answer */
  bool ranked;        /* top[] holds the exact ranking */
  int ntop;           /* entries of top[] */
  int listed;         /* how many of them were asked for (--top) */
  search_ranked top[ADVICE_TOP_MAX];
  int tree_beaten;    /* tree source: a better exact total found, else 0 */
} advice;

/*
 * Advice for set[0..n) (n >= 1), the answers that fit h[0..made), with
 * the `top` best guesses ranked (0..ADVICE_TOP_MAX; none on a big full
 * list).  Returns 0; or EXIT_USAGE when the full list is too big and
 * neither a tree nor the opener is available (err_msg() says so); or
 * EXIT_STOPPED after an interrupt.  No strategy within the guesses left:
 * 0 with best = -1 and total = OPTLE_INF.
 */
int advice_at(advisor *a, const uint16_t *set, int n, const hstep *h, int made, int top,
              advice *out);

/* Exact total of set[0..n) with guess g next (made guesses made, h[0..made):
 * the rules' history), or
 * OPTLE_INF (no information, or no strategy within the guesses left).
 * On a big full list this is a whole proof (seconds for a good opener,
 * minutes or more for a poor one). */
int advice_guess_total(advisor *a, const uint16_t *set, int n, const hstep *h, int made, int g);

/* Whether guess g tells nothing on set[0..n): every answer gives it one
 * pattern, and it is none of them. */
bool advice_no_info(const game *g, const uint16_t *set, int n, int guess);

/* Exact optimal total of set[0..n), OPTLE_INF, or ADVICE_UNKNOWN on a
 * big full list (too costly). */
int advice_value(advisor *a, const uint16_t *set, int n, const hstep *h, int made);

/* True when set[0..n), after `made` guesses, is the start of the game
 * on a list too big to rank: no guess made yet, every answer left (a
 * guess that eliminated nothing was once taken for the start, and the
 * fixed opener suggested after it). */
bool advisor_big_root(const advisor *a, int n, int made);
/* True when advice_at() on this position would solve more than
 * ADVICE_QUICK_MAX answers (not the full list, not in the tree). */
bool advisor_slow(const advisor *a, int n, const hstep *h, int made);
/* The fixed opener's guess index (chosen once, with a solve of the full
 * list per opener tried), or -1 when no fixed opener is an allowed guess
 * with a strategy within the guess limit, or when stopped. */
int advisor_opener(advisor *a);

/*
 * The optimal line for answer `ans`: the guesses and patterns the tree
 * plays (the given tree, else one solved now from the start: exactly,
 * or after the opener on a big list).  Fills line[0..max) and returns
 * the number of guesses (the last one all green), or -1 (no strategy
 * within the limit, or stopped).  *src (may be NULL) gets the source of
 * the first guess.
 */
int advisor_line(advisor *a, int ans, hstep *line, int max, adv_source *src);


/* How the answers of a set are listed. */
#define ADVICE_LIST_ALL 20 /* list them all up to this many */
#define ADVICE_LIST_FEW 10 /* else the first this many */

/* The best guess and total known for certain: the ranking's first when
 * ranked, else the advice's own.  True when it is proven optimal. */
bool advice_reference(const advice *ad, int *guess, int *total);

/* A guess to compare with the best (--guess): its exact total. */
typedef struct {
  int guess;
  int total; /* OPTLE_INF: no information, or no strategy within the limit */
  bool no_info;
} advice_cmp;

/* The report of `optle next` (and of each line of assist mode): the
 * history, the answers left, the guess limit, the next guess with its
 * values, the ranking, and cmp (may be NULL). */
void advice_print(FILE *fp, const game *g, const advisor *a, const uint16_t *set,
                  const hstep *h, const advice *ad, const advice_cmp *cmp);
/* The same as one JSON object (and a newline). */
void advice_print_json(FILE *fp, const game *g, const advisor *a, const uint16_t *set,
                       const hstep *h, const advice *ad, const advice_cmp *cmp);

/* Expected guesses: total / n, to print with four decimals. */
static inline double advice_avg(int total, int n) { return n ? (double)total / n : 0.0; }
/* A value that is known and finite (not ADVICE_UNKNOWN, not OPTLE_INF). */
static inline bool advice_known(int v) { return v != ADVICE_UNKNOWN && v < OPTLE_INF; }

/*
 * A game, guess by guess (play's analysis and `optle analyse`).  Each
 * step is valued on the set it was made on, replayed from the full list:
 *   V      the optimal total there (proven: a search's);
 *   E      the total with the player's guess, then optimal play;
 *   after  the optimal total of what its feedback left (0 when won).
 * Each is exact, OPTLE_INF, or ADVICE_UNKNOWN where it is not computed.
 * V, E and after are the figures `optle next` gives at that step: V its
 * total (advice_at()), E its --guess total (advice_guess_total()).
 *
 * Two depths.  play (all = false) values only what is quick: not sets of
 * more than ADVICE_QUICK_MAX answers, and on a big list not the best
 * first guess (the first guess itself only when it is the opener or
 * tree_first, the tree's first guess: a quick proof).  analyse (all =
 * true) values every step, whatever it costs, and on a big list gives
 * the first step's reference as `next` does: the opener (or a tree's
 * first guess), valued exactly but not proven best, so V stays unknown;
 * or with advisor_opts.prove the root proof's best, proven.
 */
typedef struct {
  int n;        /* answers before the guess */
  int V;
  int best;     /* the reference guess: the tie rule's best when V is
                 * known, else the opener's or the tree's; -1 if none */
  int ref;      /* best's total: V, or the opener's or tree's total */
  adv_source source; /* where best comes from (advice.h's sources) */
  int E;
  int after;
  int n_after;  /* answers after it */
  bool no_info; /* the guess split nothing: every answer left gave it one pattern */
  /* Over n, the answers its patterns leave on average, each pattern
   * weighted by its likelihood: the sum over its classes of size^2. */
  long long left_sq;
} advice_step;
void advice_game_steps(advisor *a, const hstep *h, int k, int tree_first, bool all,
                       advice_step *out);

/* A step's cost is E - V over n (skill lost), its luck E / n - 1 -
 * after / n_after (the expected guesses still needed after this guess,
 * over the patterns it could get, less those after the one it got; + is
 * lucky); each needs its values known.  The luck as the exact fraction
 * *num / *den (ratio.h prints it). */
void advice_step_luck_frac(const advice_step *s, long long *num, long long *den);

/*
 * The game's length as a sum: guesses = base + skill lost - luck, which
 * holds step by step (V_i + (E_i - V_i) - (E_i - 1 - V_i+1) = 1 +
 * V_i+1).  The sum runs from step `from` on, all of whose values are
 * known: base is then the expected guesses of optimal play from there
 * (plus `from` guesses made), or with first_counted (from = 1 and only
 * the first guess's best unknown) the first guess's own expectation,
 * whose luck counts (a one-guess game included).  false when no step's
 * values are all known and the first guess's own are not either.
 */
typedef struct {
  int from;
  bool first_counted;
  int base_total, base_n; /* base = base_total / base_n */
  ratio_sum skill, luck;  /* exact sums of the steps' fractions (ratio.h) */
} advice_sum;
bool advice_game_sum(const advice_step *steps, int k, advice_sum *out);
/* The sum's luck as printed, "- 0.1234 (luck)" or "+ 0.1234 (bad
 * luck)": its size to four decimals, and *bad when it is below zero
 * (a luck that rounds to zero is no luck, never bad). */
ratio_text advice_luck_text(const advice_sum *s, bool *bad);

/* "no guesses left: all N are used" ("the one guess is used" for a
 * limit of 1), then " and N answers still fit" when n > 0: the one
 * wording of the CLI's and the library's. */
void advice_no_guesses(char *buf, size_t size, int max_guesses, int n);
/* Why a game has no advice: advice_no_guesses() when no guess is left,
 * else "no strategy finds every one of the N answers left within K
 * guesses". */
void advice_unsolved(char *buf, size_t size, int max_guesses, int left, int n);

#endif
