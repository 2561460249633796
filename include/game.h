/*
 * game.h: one problem instance: the answer list, the guess list, and
 * the feedback table between them.
 *
 * Invariants after game_load():
 *  - every answer is also an allowed guess (a missing one is an input
 *    error naming the answer's line);
 *  - ans2guess[a] is the guess index of answer a, guess2ans[g] the
 *    answer index of guess g or -1;
 *  - fb[g * n_answers + a] = feedback_of(guess g, answer a).
 *
 * The game is read-only once loaded, so every thread shares it.
 */
#ifndef OPTLE_GAME_H
#define OPTLE_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "words.h"

typedef struct {
  wordlist answers, guesses;
  int n_answers, n_guesses;
  int *ans2guess, *guess2ans;
  uint8_t *fb;
  double load_seconds; /* time to load lists and build the table */
} game;

/* Load from files.  guesses_path may be NULL: the guesses are then the
 * answers themselves (the assignment's setting).  0 or -1 (err_msg). */
int game_load(game *g, const char *answers_path, const char *guesses_path);
/* Build from word lists it takes ownership of (tests, subsets). */
int game_from_lists(game *g, wordlist answers, wordlist guesses);
void game_free(game *g);

static inline const uint8_t *game_row(const game *g, int guess) {
  return g->fb + (size_t)guess * (size_t)g->n_answers;
}

#endif
