/*
 * api_impl.h: what the public API's two files share (private; optle.h is
 * the contract).  api.c owns the handles (games, results, trees), errors,
 * the trap and the run lock (one search at a time); api_search.c the
 * calls that search (solve, next, rank) and the monitor that runs beside
 * them (progress, time limit).
 *
 * Handles.  A game is the loaded lists (game.h, the feedback table built
 * the first time a search needs it, under the game's lock) with the rules
 * and guess limit set on it, and a count of references: every result
 * holds one, so a result's words stay valid after optle_game_free().
 * A result is a tree (or none) with its figures, computed once when it is
 * made; a node is the tree's own tnode, cast.
 */
#ifndef OPTLE_API_IMPL_H
#define OPTLE_API_IMPL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "err.h"
#include "game.h"
#include "lists.h"
#include "optle.h"
#include "rules.h"
#include "tree.h"

struct optle_game {
  game g;
  rules_mode rules;
  int max_guesses;
  char about[LISTS_DESCRIBE_SIZE]; /* lists_describe() */
  pthread_mutex_t table_lock;
  atomic_int refs;
};

struct optle_result {
  optle_game *game; /* a reference */
  tnode *tree;      /* NULL: none */
  int total, lower_bound;
  bool proven;
  rules_mode rules;
  objective obj;
  int max_guesses;  /* JSON's "max_guesses" when written */
  double seconds;
  tree_summary sum; /* of the tree */
  uint64_t hash;
};

/* The statuses are the CLI's exit statuses (err.h), one for one. */
_Static_assert((int)OPTLE_EFAIL == (int)EXIT_NOSTRATEGY && (int)OPTLE_EINPUT == (int)EXIT_USAGE &&
                   (int)OPTLE_ENOMEM == (int)EXIT_INTERNAL &&
                   (int)OPTLE_ESTOPPED == (int)EXIT_STOPPED,
               "optle.h's statuses are err.h's");

/* Run fn(arg) with this thread's trap armed (err.h): fn's status, or
 * OPTLE_ENOMEM when a fatal error jumped back (err_msg() says it). */
int api_trapped(int (*fn)(void *), void *arg);

/* A status with a message: err_set()'s, returned as code. */
int api_fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* One search at a time: a call that searches holds the run lock from
 * api_run_begin() (which clears the stop flag, clock.h) to api_run_end().
 * A call that does not search but reads the flag (a game's load) clears
 * a stop left from an earlier call with api_run_idle_reset(): only when
 * no search runs, whose stop is its own (a load beside it stops too). */
void api_run_begin(void);
void api_run_end(void);
void api_run_idle_reset(void);

/* The game's feedback table, built once (its lock); 0, or -1 when stopped. */
int api_game_table(optle_game *G);
optle_game *api_game_ref(optle_game *G);

/* A result for G (a reference taken) holding tree (may be NULL). */
optle_result *api_result_new(optle_game *G, tnode *tree);

/* A word argument as the CLI's word_arg() checks it: the guess index, or
 * -1 after err_set("WHAT 'word': reason"); NULL is refused as such. */
int api_word(const optle_game *G, const char *what, const char *word);

#endif
