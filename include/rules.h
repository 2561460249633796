/*
 * rules.h: the game's rules and the objective, the two parameters every
 * exact search, tree and ranking takes (search_opts.rules, .objective).
 * They are the seam the next rules plug into: a new mode or objective is
 * a new case here and in the few functions below, not a copy of the
 * search.
 *
 * Rules: which guesses are allowed after a history.
 *  - RULES_NORMAL: every guess of the list, at every turn.  The allowed
 *    set never changes, so the search's memo keys on the answer set
 *    alone, and rules_narrows() is false: the search passes a node's
 *    guess list to its children unchanged, at no cost.
 *  - Hard mode (greens stay in place, yellows are used again) and
 *    ultrahard are the next cases.  There the guesses allowed at a child
 *    are rules_after() of the parent's, for the guess made and the
 *    pattern it got; every node then owns its allowed list, and the memo
 *    must key on that list too (the same answers with fewer allowed
 *    guesses can cost more).
 *
 * Objective: what a strategy minimises.
 *  - OBJ_TOTAL: the total number of guesses over all answers (the
 *    average times the answer count).  T(A) = |A| + sum over the
 *    non-winning classes of T(class), and a set of n answers costs at
 *    least 2n - 1: these are objective_combine() and objective_floor(),
 *    which the search's bounds are built from (search_impl.h).
 *  - The worst case (the fewest guesses that always win) is the next
 *    case: combine by maximum, floor by depth.
 */
#ifndef OPTLE_RULES_H
#define OPTLE_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"

typedef enum { RULES_NORMAL = 0 } rules_mode;
typedef enum { OBJ_TOTAL = 0 } objective;

/* "normal"; "total". */
const char *rules_name(rules_mode m);
const char *objective_name(objective o);

/* Do the rules ever narrow the allowed guesses after a guess? */
static inline bool rules_narrows(rules_mode m) {
  (void)m;
  return false;
}

/*
 * The guesses of U (nu, ascending) still allowed after guess g got
 * pattern p: written to out (which may be U itself), count returned.
 * Under RULES_NORMAL, all of them.
 */
int rules_after(rules_mode m, const game *G, const int *U, int nu, int g, int p, int *out);

/* The least value any strategy can have on n >= 1 answers. */
static inline int objective_floor(objective o, int n) {
  (void)o;
  return 2 * n - 1;
}

/* The value of a node: its n answers and its classes' values, summed
 * (sum = the classes' values together). */
static inline long objective_combine(objective o, int n, long sum) {
  (void)o;
  return n + sum;
}

#endif
