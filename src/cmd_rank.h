/*
 * cmd_rank.h: what `optle rank` keeps beside the search (private to the
 * cmd_rank files): a published table of first-guess values, read and
 * checked, and the comparison of a ranking with it (cmd_rank_table.c).
 *
 * A published table (alex1770/wordle's results_* files, docs/rank.md)
 * has one row per first guess, "word average total", separated by spaces
 * or tabs, where total is the exact optimal total with that first guess
 * and average is total / answers to 4 decimals ("Infinity 1000000000": no
 * strategy within the guess limit, optle's "none").  It is untrusted input:
 * every row is checked before any ranking starts, and the first bad one
 * refused as "FILE:LINE: reason" (exit status 2): a row that is not
 * "word average total", a word that is not an allowed guess of the list
 * ranked, a word twice, a total no first guess can have (below 2n - 1),
 * and an average that is not total / answers (a table for another
 * number of answers: another list).  A table that lacks first guesses the
 * ranking has is no error: each missing one is a difference.
 *
 * The comparison, word by word over the first guesses ranked: an exact
 * value equal to the table's agrees; a bound (above a cutoff) agrees when
 * the table's total is at or above it; anything else, and a first guess
 * the table lacks, is a difference, each printed on its own line.
 *
 * A table of upper bounds (--compare-upper: alex1770/wordle's
 * results_upperbound*, each row the total of a strategy found by a
 * narrowed search, so at or above the exact value) is read the same way,
 * and a row agrees when it is at or above optle's value, exact or bound;
 * optle's "none" (no strategy) below a row with a total is a difference.
 * Such a table covers only some first guesses: one it lacks is counted,
 * not a difference.
 */
#ifndef OPTLE_CMD_RANK_H
#define OPTLE_CMD_RANK_H

#include <stdbool.h>
#include <stdio.h>

#include "game.h"
#include "search.h"

typedef struct {
  const char *path;
  int *total; /* by guess index: the table's total, or -1 (not in it) */
  int rows;
  bool upper; /* its totals are upper bounds (--compare-upper) */
} rank_table;

/* Read and check path (upper: a table of upper bounds) against g's
 * lists (max_guesses: the guess limit).  0, or EXIT_USAGE after a message
 * naming the file and line. */
int rank_table_read(const char *path, bool upper, const game *g, int max_guesses, rank_table *t);
void rank_table_free(rank_table *t);

/* Compare the ranking v[0..n) with t, printing every difference and a
 * summary to out.  Returns the number of differences. */
int rank_table_compare(const rank_table *t, const game *g, const search_first_value *v, int n,
                       FILE *out);

#endif
