/*
 * strategy.h: heuristic strategies, each a deterministic function from
 * the set of remaining answers to a guess, and the trees and totals they
 * give.
 *
 * Greedy rules.  A greedy rule scores every allowed guess by the sizes
 * of the classes its feedback splits the remaining answers into (the
 * winning class of size one included) and takes the least score.  Scores
 * are exact integers, so equal partitions always tie:
 *
 *   entropy        sum of c*log2(c) in fixed point (heur_clogc_table());
 *                  the least sum is the greatest entropy
 *   entropy-plain  the same score; ties go to guess-list order only
 *   expected-size  sum of c^2 (n times the expected answers left)
 *   minimax        the largest class
 *   most-parts     the number of classes, the most first
 *
 * Ties go to a guess that is still a possible answer (one of the set),
 * then to the lower guess index ("word order": the order of the guess
 * list file), except for entropy-plain, which uses word order alone.
 * Guesses that give no information (the whole set in one non-winning
 * class) are never picked, so every rule always makes progress: any
 * answer of the set is informative when two or more remain.
 *
 * rollout:BASE:N.  At a set, take the N best guesses by the greedy rule
 * BASE (in BASE's own order, ties included), and score each by playing
 * BASE to the end on every class it leaves: n + sum of BASE's totals.
 * The least such total wins; ties go to a possible answer, then to word
 * order.  Then the same again in every class.  At every set the guess
 * BASE itself picks is among the N, so rollout's total is never worse
 * than BASE's (by induction over the tree).
 *
 * exact.  The optimum under the guess limit, from search.h.
 *
 * The strategy is a function of the remaining set alone, so the tree of
 * a strategy is the strategy, and its total is the total over all
 * answers of playing it.  Strategies play to the end: there is no guess
 * limit here (except the depth argument of strategy_total(), which only
 * reports OPTLE_INF past it, for the search's seed).
 *
 * Speed.  Guesses are scanned over the set's rows of the answer-major
 * feedback table (game_answer_row()): for each guess, n byte reads while
 * the score is kept up to date, and n to clear the counts.  Shortcuts,
 * none of which changes a pick:
 *  - a guess that gives no information on a set gives none on its
 *    subsets, so children scan only the guesses their parent found
 *    informative (a few percent fewer);
 *  - nothing scores better than a split into single answers, so a scan
 *    for one guess stops at the first such split that the tie rule
 *    cannot beat; rules that prefer answers first look for one among the
 *    set's own answers when the set is small (n^2 reads, no scan);
 *  - a rollout scores its candidates after BASE's own pick with a budget
 *    (the best total so far): a candidate is dropped as soon as its
 *    classes' totals plus a lower bound of 2c - 1 for each class of c
 *    answers still to play exceed it.
 * Trees of large sets split into OpenMP tasks (one per class, and for
 * rollout one per candidate).
 *
 * Everything here is thread-safe: scratch is per call.
 */
#ifndef OPTLE_STRATEGY_H
#define OPTLE_STRATEGY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "game.h"
#include "search.h"
#include "tree.h"

/* Longest strategy name accepted ("rollout:expected-size:1000" fits). */
#define STRATEGY_NAME_MAX 48
/* Largest N of rollout:BASE:N. */
#define STRATEGY_ROLLOUT_MAX 100000

typedef enum { STRAT_GREEDY, STRAT_ROLLOUT, STRAT_EXACT } strategy_kind;

/* One greedy rule: a row of the table in strategy.c. */
typedef struct strategy_rule strategy_rule;

typedef struct {
  strategy_kind kind;
  const strategy_rule *rule; /* greedy: the rule; rollout: BASE; exact: NULL */
  int top;                   /* rollout: N candidates per set */
  char name[STRATEGY_NAME_MAX + 1]; /* canonical, e.g. "rollout:entropy:10" */
} strategy;

/* Parse a strategy name.  0, or -1 with err_msg() saying why (unknown
 * name, bad rollout base or count). */
int strategy_parse(const char *name, strategy *out);

/* The strategies for --help: one "  name   description" line each. */
void strategy_print_help(FILE *fp);

/* The guess a greedy or rollout strategy makes on `set` (n >= 2 answer
 * indices): always informative.  -1 for exact (no per-set pick). */
int strategy_pick(const strategy *st, const game *g, const uint16_t *set, int n);

/*
 * Total guesses of a greedy or rollout strategy on `set` (n answer
 * indices, any order), with the first guess fixed when first >= 0, with
 * at most `depth` guesses per answer (OPTLE_DEPTH_UNLIMITED for none):
 * OPTLE_INF when some answer needs more.  *most (when most is not NULL)
 * gets the most guesses any answer needs.  Single-threaded, no tree
 * built: compare tables and the search's seed use it.
 */
int strategy_total(const strategy *st, const game *g, const uint16_t *set, int n, int first,
                   int depth, int *most);

/* Settings of strategy_tree(). */
typedef struct {
  int threads;     /* OpenMP threads, >= 1 */
  /* exact only: */
  int max_guesses; /* the guess limit it optimises under (0 = none) */
  int memo_mb;     /* memo cap of the search it creates */
  search *srch;    /* a search to use (and keep, with its memo), or NULL */
} strategy_env;

void strategy_env_default(strategy_env *e);

/*
 * The strategy's tree on `set` (first guess fixed when first >= 0), or
 * NULL when exact finds no strategy within its guess limit.  tree_free()
 * it.  Greedy and rollout trees are never NULL and pass tree_check()
 * with no guess limit.
 */
tnode *strategy_tree(const strategy *st, const game *g, const uint16_t *set, int n, int first,
                     const strategy_env *env);

/*
 * The least total of the greedy strategies that have a tie rule for
 * possible answers (entropy, expected-size, minimax, most-parts) on
 * `set`, within `depth` guesses (OPTLE_INF if none fits): an upper bound
 * on T(set), at a cost of about four entropy runs.
 */
int strategy_best_total(const game *g, const uint16_t *set, int n, int depth);

#endif
