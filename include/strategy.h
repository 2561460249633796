/*
 * strategy.h: the strategy facade.  Every way optle plays, greedy or
 * exact, behind one name ("entropy", "rollout:entropy:10", "exact"), and
 * the one place an exact search is set up.
 *
 * Layers.  greedy.h (the greedy rules and rollouts) sits below the exact
 * search (search.h), which sits below this facade: the search never
 * calls a strategy.  Its seed (an upper bound to start from) enters
 * through search_opts.seed, and strategy_search_new() is where that seed
 * is chosen (the greedy entropy strategy) for every command.
 *
 *   greedy, rollout   greedy.h: a deterministic function from the set of
 *                     remaining answers to a guess
 *   exact             the optimum under the guess limit (search.h)
 *
 * The strategy is a function of the remaining set alone, so the tree of
 * a strategy is the strategy, and its total is the total over all
 * answers of playing it.
 */
#ifndef OPTLE_STRATEGY_H
#define OPTLE_STRATEGY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "game.h"
#include "greedy.h"
#include "search.h"
#include "tree.h"

/* Longest strategy name accepted ("rollout:expected-size:1000" fits). */
#define STRATEGY_NAME_MAX 48

typedef enum { STRAT_GREEDY, STRAT_ROLLOUT, STRAT_EXACT } strategy_kind;

typedef struct {
  strategy_kind kind;
  greedy gr;                        /* greedy and rollout: the rule */
  char name[STRATEGY_NAME_MAX + 1]; /* as given, e.g. "rollout:entropy:10" */
} strategy;

/* Parse a strategy name.  0, or -1 with err_msg() saying why (unknown
 * name, bad rollout base or count). */
int strategy_parse(const char *name, strategy *out);

/* The i-th strategy's name and description (i = 0, 1, ...): greedy's
 * (greedy_doc(), rollout:BASE:N last), then exact; 1, or 0 past the last.
 * For simulate's --help and man page section, and for completion. */
int strategy_doc(int i, const char **name, const char **about);

/* The guess a greedy or rollout strategy makes on `set` (n >= 2 answer
 * indices): always informative.  -1 for exact (no per-set pick). */
int strategy_pick(const strategy *st, const game *g, const uint16_t *set, int n);

/* greedy_total() for greedy and rollout strategies; OPTLE_INF for exact
 * (which has a tree, strategy_tree(), but no per-set rule). */
int strategy_total(const strategy *st, const game *g, const uint16_t *set, int n, int first,
                   int depth, int *most);

/* Settings of strategy_tree(). */
typedef struct {
  int threads;     /* OpenMP threads, >= 1 */
  /* exact only: */
  int max_guesses; /* the guess limit it optimises under (0 = none) */
  int memo_mb;     /* memo cap of the search it creates */
  search *srch;    /* a search to use (and keep, with its memo), or NULL */
  rules_mode rules; /* the rules of the search it creates (a greedy
                     * strategy carries its own: greedy.mode) */
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

/* greedy_best_total(): an upper bound on T(set) from four greedy rules. */
int strategy_best_total(const game *g, const uint16_t *set, int n, int depth);

/*
 * The one way to set up an exact search.  strategy_search_opts() is
 * search_opts_default() with the greedy entropy seed (clear o->seed for
 * none); strategy_search_new() makes the search, and when its memo
 * cannot be reserved prints "optle: out of memory: --memo-mb N: ..." and
 * exits with status 3, as every other allocation failure does.
 */
void strategy_search_opts(search_opts *o);
search *strategy_search_new(const game *g, const search_opts *o);

#endif
