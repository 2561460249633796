/*
 * share.h: the share text a player pastes after a game, read whole.
 *
 * The game's "Share" button copies a header line and the grid, one row
 * of five squares per guess and no words:
 *
 *     Wordle 1,234 4/6*
 *
 *     ⬛🟨⬛⬛🟩
 *     🟩🟩🟩🟩🟩
 *
 * The header is "Wordle", the puzzle's number (digits, with ',' or '.'
 * between thousands), the result N/M (N the guesses it took, or X when
 * the game was lost; M the guess limit) and '*' for hard mode.  It is
 * optional (a grid alone is read too), and when present the grid must
 * agree with it: N rows ending all green, or X and M rows not ending
 * green.  Rows are patterns as pattern_read() takes them (feedback.h):
 * the squares of either colour scheme, or letters; one grid keeps to
 * one scheme.  Blank lines, blanks around a line, CRLF line ends and a
 * byte order mark are allowed; anything else is refused.
 *
 * Errors say where, in characters, never bytes: "NAME:LINE:COLUMN:
 * reason" (or "NAME:LINE: reason" when the whole line is at fault), with
 * a bad character quoted whole.  The words are not in the text: the
 * command line gives them, one per row (history.h joins the two).
 */
#ifndef OPTLE_SHARE_H
#define OPTLE_SHARE_H

#include <stdbool.h>
#include <stddef.h>

/* Most rows (a game without a guess limit may run to 64 guesses). */
#define SHARE_MAX_ROWS 64
/* Largest share text read (a real one is about 200 bytes). */
#define SHARE_MAX_BYTES 65536

typedef struct {
  bool header;                   /* a header line was there */
  long puzzle;                   /* its number, or -1 */
  int result;                    /* N of N/M, 0 for X (lost) */
  int limit;                     /* M */
  bool hard;                     /* '*': hard mode */
  int n;                         /* rows */
  int pattern[SHARE_MAX_ROWS];   /* each row's pattern, 0..242 */
  int line[SHARE_MAX_ROWS];      /* each row's line, from 1 */
  char name[256];                /* the text's name in messages */
} share_grid;

/* Read the share text s[0..len); name stands for it in messages.  0, or
 * -1 with err_msg(). */
int share_parse(const char *s, size_t len, const char *name, share_grid *out);
/* The same from a file ("-": standard input, named so in messages). */
int share_load(const char *path, share_grid *out);

#endif
