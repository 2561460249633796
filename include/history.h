/*
 * history.h: a game so far, as the guesses made and the feedback each
 * got, and the answers that still fit it.  Shared by `optle next` and
 * `optle play`.
 *
 * A step is written "word:PATTERN" or "word PATTERN", on the command
 * line and in play's assist mode alike; words in any case, patterns in
 * any of feedback.h's symbols (G/Y/B, X . - _ 0 1 2, the share grid's
 * squares), or a pasted share grid with the words given apart.  A step
 * is rejected, with a one-line reason that names it, when the word is
 * not an allowed guess, the pattern is not five symbols, or the pattern
 * is one that no five-letter string at all could give that word (GGGGY:
 * a yellow needs a non-green place to go; "eerie:YBBBB": a yellow E
 * before a gray E is fine, a gray before a yellow is not).
 *
 * Possible patterns.  Feedback depends only on which answer letters
 * equal which guess letters, so every letter that is not in the guess
 * behaves alike.  pattern_possible() therefore tries every answer over
 * the guess's own letters plus one letter it lacks (at most 6^5 = 7776
 * strings) with feedback_of(): the check is exhaustive and uses the
 * game's own feedback rule, not a second statement of it.
 *
 * Filtering.  The answers that fit a history are those that give every
 * step's pattern for its word (the game's table).  When none fit, the
 * error names the step that emptied the set and how many answers fitted
 * before it; history_wider() then gives the allowed guesses that fit, as
 * the answers of a game of their own.  An all-green step ends the game: it may only be the last
 * step, and only when its word is one of the answers left.
 */
#ifndef OPTLE_HISTORY_H
#define OPTLE_HISTORY_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "rules.h"
#include "share.h"
#include "tree.h"

/* Longest step text "word:PATTERN" plus room: 5 + 1 + 5 + NUL. */
#define HISTORY_STEP_CHARS 12

typedef struct {
  int guess;   /* index into g->guesses */
  int pattern; /* 0..242 (feedback.h) */
} hstep;

/* Could any five-letter answer give `word` this pattern? */
bool pattern_possible(const char *word, int pattern);

/*
 * The steps of a history from words v[0..n) (command-line arguments; a
 * word may hold blanks, which split it further): each step is
 * "word:PATTERN" in one word, or the word (or "word:") and its pattern
 * in two, "crane BYBBG": one parser for next's arguments, analyse's and
 * a line of play's assist mode.  Patterns are pattern_read()'s (letters,
 * digits or the share grid's squares, feedback.h).  With grid (a share
 * text, share.h), the words are the guesses alone, one per row, and the
 * patterns the grid's.  Fills out[0..*k), at most max steps.  0, or -1
 * with err_msg() = "'ARG': reason" (ARG as given, shortened when long,
 * never cutting a character; a bad pattern's column in characters).
 * An empty word is named by its place: "argument I+1 of the game" (the
 * command line's), or with label "LABEL[I]" (the library's array).
 */
int history_parse_args(const game *g, const char *const *v, int n, const char *label,
                       const share_grid *grid, hstep *out, int max, int *k);
/* Exactly one step from a line (play's assist mode): the same forms. */
int history_parse(const game *g, const char *line, hstep *out);

/* "salet:BBYBB" into buf (HISTORY_STEP_CHARS bytes). */
void history_format(const game *g, hstep st, char *buf);

/* Keep the answers of set[0..n) that give st's pattern; returns the new
 * count (in place, order kept). */
int history_apply(const game *g, uint16_t *set, int n, hstep st);

/*
 * The answers that fit steps h[0..k): set must hold n_answers entries;
 * *n gets the count.  Returns 0, or -1 with err_msg() saying why: "no
 * answer fits: the set became empty at step 2, clint:BBYYB (3 answers
 * fitted before it)", or an all-green step that is not the last (checked
 * first, *n then n_answers: a set that empties earlier never hides it).
 * *bad_step (may be NULL) gets the 1-based step at fault, 0 if none.
 */
int history_filter(const game *g, const hstep *h, int k, uint16_t *set, int *n, int *bad_step);
/* A message of history_filter()'s without its "no answer fits: " (the
 * reason the set became empty); any other message as it is. */
const char *history_no_fit_reason(const char *msg);

/*
 * When the answer is not on the answer list (the NYT now picks answers
 * by hand, so a real game can end on any allowed word): the game whose
 * answers are the allowed guesses that fit steps h[0..k) (all of them
 * when k = 0), in guess-list order, and whose guesses are g's, the same
 * words in the same order, so the steps' guess indices hold in both.
 * The fit is checked with feedback_of(), word by word.  0, with *out to
 * game_free(); or -1 with err_msg() when no allowed guess fits either
 * ("no allowed guess fits either: none is left after step 2, ..."), a
 * win before the last step, or more fit than a game's answer list may
 * hold.
 */
int history_wider(const game *g, const hstep *h, int k, game *out);

/*
 * Under rules that narrow (rules.h): is guess g allowed after h[0..k)?
 * NULL when it is, else why not, as the game says it ("2nd letter must
 * be A", "guess must contain E"), in buf.
 */
const char *history_why(const game *g, rules_mode m, const hstep *h, int k, int guess,
                        char *buf, size_t size);
/* Every step of h[0..k) allowed after the ones before it: 0, or -1 with
 * err_msg() = "step 2, crony:BBYBB: guess must contain A (hard mode)". */
int history_check_rules(const game *g, rules_mode m, const hstep *h, int k);

/* A won game (h[k-1] all green) names its answer: every earlier step's
 * pattern must be its guess's against it.  0, or -1 with err_msg() =
 * "step 1, shade:BBBYB: shade gives BBBBG against wrote, the answer ..."
 * ("row 1 (line 3): ..." with rows, a share grid's line of each row).
 * Without it such a game is refused as fitting no answer of the list,
 * and the list, not the colours, gets the blame. */
int history_check_won(const game *g, const hstep *h, int k, const int *rows);

/* The step ends the game (all green). */
bool history_won(hstep st);

/*
 * Follow steps h[0..k) down a strategy tree: the node reached, or NULL
 * when the history leaves the tree (a guess other than the tree's, or a
 * pattern the tree has no branch for), with *left_at (may be NULL) the
 * 1-based step where it left.  A history that ends with an all-green
 * step reaches no node: NULL with *left_at = 0.
 */
const tnode *history_follow(const tnode *root, const hstep *h, int k, int *left_at);

#endif
