/*
 * game.h: one problem instance: the answer list, the guess list, and
 * the feedback table between them.
 *
 * Invariants after game_load() (all but the table after game_load_words()):
 *  - every answer is also an allowed guess (a missing one is an input
 *    error naming the answer's line);
 *  - ans2guess[a] is the guess index of answer a, guess2ans[g] the
 *    answer index of guess g or -1;
 *  - fb[a * n_guesses + g] = feedback_of(guess g, answer a).
 *
 * The table is answer-major: one answer's feedback from every guess is
 * contiguous.  The search's hot loop scans many guesses over a small set
 * of answers, so it streams n rows forward; guess-major rows made every
 * read a cache miss for small sets (NEWS.md, "Speed history").
 *
 * The game is read-only once loaded, so every thread shares it.
 */
#ifndef OPTLE_GAME_H
#define OPTLE_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "words.h"

typedef struct {
  wordlist answers, guesses;
  int n_answers, n_guesses;
  int *ans2guess, *guess2ans;
  uint8_t *fb;
  double load_seconds; /* time to load lists and build the table */
  const char *list;    /* the named list (lists.h) loaded whole, or NULL */
  /* Which lists were read from files, their paths as given the lists'
   * path (words.h): the answers by game_load_words(), the guesses when
   * a guess file was given (else they are the answers, or the named
   * list's).  JSON trees record such files (treeio.h). */
  bool answers_file, guesses_file;
  /* The lists were given as words (the library's arrays): their paths
   * are mere labels, "answers" and "guesses", for the messages about
   * the words themselves ("answers:3: ..."); the lists are named so by
   * lists_describe() and game_guesses_named(). */
  bool words_given;
  uint64_t lists_hash; /* words_lists_hash() of the two lists */
} game;

/* Load from files.  guesses_path may be NULL: the guesses are then the
 * answers themselves (the assignment's setting).  0 or -1 (err_msg). */
int game_load(game *g, const char *answers_path, const char *guesses_path);
/* Build from word lists it takes ownership of (tests, subsets). */
int game_from_lists(game *g, wordlist answers, wordlist guesses);
/*
 * The same without the feedback table (fb stays NULL): all that reading
 * and checking trees needs (verify, export; tree.h and treeread.h use
 * feedback_of(), never the table), so that a bad tree file is refused
 * before a large table is built.  game_table() builds the table later;
 * a stop (clock.h) during the fill gives -1 ("stopped while building the
 * feedback table ..."), with the game left without a table.
 */
int game_load_words(game *g, const char *answers_path, const char *guesses_path);
/* game_load_words() for the list files a tree at tree_path records (its
 * "answers_file", and "guesses_file" or NULL), as verify and the library
 * load them: each must still be a regular file we can open (a FIFO or a
 * device a tree names is refused, never waited on or read), and a line
 * of one that is no word list is not quoted (words_load_regular()).  0,
 * or -1 after err_set() naming the tree (after label, "" or "--tree ")
 * and what to do; a stop (clock.h) leaves the reader's message. */
int game_load_tree_files(game *g, const char *label, const char *tree_path, const char *answers,
                         const char *guesses);
int game_from_words(game *g, wordlist answers, wordlist guesses);
int game_table(game *g);
/* The guess list as a message names it: "the guess list PATH", or "the
 * guesses given" (words_given); cut to size. */
const char *game_guesses_named(const game *g, char *buf, size_t size);
void game_free(game *g);

/* Feedback of every guess for one answer (indexed by guess). */
static inline const uint8_t *game_answer_row(const game *g, int answer) {
  return g->fb + (size_t)answer * (size_t)g->n_guesses;
}
static inline uint8_t game_fb(const game *g, int guess, int answer) {
  return g->fb[(size_t)answer * (size_t)g->n_guesses + (size_t)guess];
}

#endif
