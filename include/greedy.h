/*
 * greedy.h: the greedy strategies and their rollouts, each a
 * deterministic function from the set of remaining answers to a guess,
 * and the trees and totals they give.  They are the baselines, and the
 * seed of the exact search's bound (strategy.h passes
 * greedy_entropy_total() to the search through its options: this layer
 * sits below the search and never calls it).
 *
 * Greedy rules.  A greedy rule scores every allowed guess by the sizes
 * of the classes its feedback splits the remaining answers into (the
 * winning class of size one included) and takes the least score.  Scores
 * are exact integers, so equal partitions always tie:
 *
 *   entropy        sum of c*log2(c) in fixed point (score_clogc_table());
 *                  the least sum is the greatest entropy
 *   entropy-plain  the same score; ties go to guess-list order only
 *   expected-size  sum of c^2 (n times the expected answers left)
 *   minimax        the largest class
 *   most-parts     the number of classes, the most first
 *
 * Ties go by the tie rule (score.h): a guess that is still a possible
 * answer (one of the set), then the lower guess index ("word order": the
 * order of the guess list file), except for entropy-plain, which uses
 * word order alone.
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
 * The strategy is a function of the remaining set alone, so the tree of
 * a strategy is the strategy, and its total is the total over all
 * answers of playing it.  Strategies play to the end: there is no guess
 * limit here (except the depth argument of greedy_total(), which only
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
#ifndef OPTLE_GREEDY_H
#define OPTLE_GREEDY_H

#include <stdint.h>
#include <stdio.h>

#include "game.h"
#include "rules.h"
#include "tree.h"

/* Largest N of rollout:BASE:N. */
#define GREEDY_ROLLOUT_MAX 100000

/* One greedy rule: a row of the table in greedy.c. */
typedef struct greedy_rule greedy_rule;

typedef struct {
  const greedy_rule *rule; /* the rule, or a rollout's BASE */
  int top;                 /* 0: the rule itself; N: rollout:BASE:N */
  rules_mode mode;         /* the game's rules: every pick is among the
                            * guesses the path so far allows (rules.h);
                            * greedy_pick() knows no path: normal */
} greedy;

/* Parse a greedy rule or rollout name.  0, or -1 with err_msg() saying
 * why (unknown name, bad rollout base or count). */
int greedy_parse(const char *name, greedy *out);
/* "entropy, entropy-plain, ...", for messages. */
const char *greedy_rule_names(void);
/* The i-th rule's name and description (i = 0, 1, ...), then rollout's
 * ("rollout:BASE:N"), for --help, the man page and completion: 1, or 0
 * past the last.  A '\n' in a description breaks its --help line. */
int greedy_doc(int i, const char **name, const char **about);

/* The guess the strategy makes on `set` (n >= 2 answer indices): always
 * informative; -1 for n < 2. */
int greedy_pick(const greedy *st, const game *g, const uint16_t *set, int n);

/*
 * Total guesses on `set` (n answer indices, any order), with the first
 * guess fixed when first >= 0, with at most `depth` guesses per answer
 * (OPTLE_DEPTH_UNLIMITED for none): OPTLE_INF when some answer needs
 * more.  *most (when not NULL) gets the most guesses any answer needs.
 * Single-threaded, no tree built.
 */
int greedy_total(const greedy *st, const game *g, const uint16_t *set, int n, int first,
                 int depth, int *most);

/* The strategy's tree on `set` (first guess fixed when first >= 0),
 * built with `threads` OpenMP threads; it passes tree_check() with no
 * guess limit.  Never NULL for n >= 1, unless stopped.
 *
 * Stopping: every scan checks stop_requested() (clock.h) and gives up
 * at once, so a stop ends greedy_total() (OPTLE_INF) and greedy_tree()
 * (NULL) within a scan of the guesses over one set. */
tnode *greedy_tree(const greedy *st, const game *g, const uint16_t *set, int n, int first,
                   int threads);

/*
 * The least total of the greedy rules that prefer possible answers
 * (entropy, expected-size, minimax, most-parts) on `set` within `depth`
 * guesses (OPTLE_INF if none fits): an upper bound on T(set), at a cost
 * of about four entropy runs.
 */
int greedy_best_total(const game *g, const uint16_t *set, int n, int depth);

/* The entropy rule's total within `depth` guesses: the exact search's
 * seed (search_opts.seed, search.h), under rules m from the guesses U
 * allowed at the set (nu of them; U NULL: every guess).  Thread-safe.
 * threads > 1, outside any OpenMP parallel region: big sets' scans and
 * classes are shared among that many threads, as OpenMP tasks; the
 * total is the same. */
int greedy_entropy_total(const game *g, const uint16_t *set, int n, int depth, rules_mode m,
                         const int *U, int nu, int threads);

#endif
