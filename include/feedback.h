/*
 * feedback.h: Wordle feedback patterns and the precomputed table.
 *
 * A pattern is the assignment's base-3 code: position i (0-based, from
 * the left) has weight 3^i, gray = 0, yellow = 1, green = 2.  So
 * (gray, green, yellow, gray, green) = 2*3 + 1*9 + 2*81 = 177 and the
 * all-green pattern is 242 (PATTERN_WIN).  Codes fit one byte.
 *
 * Duplicate letters: greens are marked first, then yellows from left
 * to right, each answer letter used at most once.
 *
 * Pattern strings use G, Y and B; the parser also takes X . - 0 for
 * gray, 1 for yellow and 2 for green, in either case.  Players' input
 * (pattern_read(): histories, share rows, the API's patterns) may also
 * use _ for gray, as the .paths files have it, and the share grid's
 * squares, UTF-8: ⬛ or ⬜ gray (dark and light theme), 🟨 yellow, 🟩
 * green; in the game's high contrast mode 🟦 (blue) is yellow and 🟧
 * (orange) green.  A variation
 * selector (U+FE0F) after a square belongs to it.  One pattern may mix
 * letters and squares, but not 🟨🟩 with 🟦🟧: that would be two colour
 * schemes, and is refused.  Tree files keep to pattern_parse()'s ASCII.
 *
 * The table: row a holds feedback(guess g, answer a) for every guess,
 * one byte each, contiguous (answer-major; game.h says why and owns it).
 */
#ifndef OPTLE_FEEDBACK_H
#define OPTLE_FEEDBACK_H

#include <stddef.h>
#include <stdint.h>

#define PATTERN_COUNT 243
#define PATTERN_WIN 242

/* Feedback for guess g against answer a (five letters each). */
uint8_t feedback_of(const char *guess, const char *answer);

/* Parse a five-symbol pattern string; returns 0..242, or -1. */
int pattern_parse(const char *s);
/*
 * A pattern as a player wrote it: s[0..len) (no NUL needed), five
 * symbols, nothing else.  Returns the code, or -1 with err_msg() saying
 * why (the bad symbol quoted whole, never cut) and out->col the fault's
 * column, for the caller to say where.
 * Columns count characters from 1 (a square is one, its variation
 * selector included), never bytes.
 */
#define PATTERN_SQUARES 1u  /* 🟨 or 🟩 */
#define PATTERN_CONTRAST 2u /* 🟦 or 🟧 */
typedef struct {
  int col;          /* the fault's column; 0: the count of symbols is wrong */
  int chars;        /* characters read */
  unsigned schemes; /* which squares it holds: PATTERN_SQUARES, PATTERN_CONTRAST */
} pattern_text;
int pattern_read(const char *s, size_t len, pattern_text *out);

/* Format a pattern as five of B/Y/G plus NUL. */
void pattern_format(int code, char out[6]);
/* Compare two patterns as strings (B < G < Y), the order trees list
 * their branches in. */
int pattern_cmp(int a, int b);

/* Fill table[a * n_guesses + g] for all pairs, using OpenMP threads.
 * After a stop (clock.h stop_requested()) the table is incomplete. */
void feedback_table_fill(uint8_t *table, const char (*guesses)[8], int n_guesses,
                         const char (*answers)[8], int n_answers);

#endif
