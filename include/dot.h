/*
 * dot.h: strategy trees as Graphviz DOT, for `optle export --format dot`.
 *
 * The picture reads left to right (rankdir=LR), so a node with a hundred
 * branches becomes a tall column rather than a very wide row.
 *   - An inner node shows its guess in capitals, the answers left there
 *     and their average guesses counted from it (total / n, 2 decimals).
 *     When the guess can itself be the answer, its outline is green.
 *   - A leaf is a green box with the answer in white.
 *   - An edge is labelled with its pattern drawn as Wordle tiles: a
 *     one-row HTML-like table of five cells, the parent's letters in
 *     white on green #6aaa64, yellow #c9b458 or gray #787c7e.
 *   - max_depth N > 0 shows the first N guesses; below a node of the
 *     N-th level, the whole rest is one dashed summary node
 *     ("… 37 answers, avg 2.41": the answers below it and their average
 *     guesses from the next level on), so big trees stay readable.
 * The graph's title gives the first guess, answers, total and average.
 * Words are a-z, so labels need no escaping.
 */
#ifndef OPTLE_DOT_H
#define OPTLE_DOT_H

#include <stdbool.h>
#include <stdio.h>

#include "game.h"
#include "tree.h"

/* Write t as DOT; max_depth 0 = the whole tree.  0, or -1 (err_msg). */
int dot_write(FILE *fp, const tnode *t, const game *g, int max_depth);

/* The program that draws DOT (Graphviz's dot, Debian package graphviz). */
#define DOT_PROGRAM "dot"
#define DOT_PACKAGE "graphviz"
/* Whether DOT_PROGRAM is an executable file on PATH. */
bool dot_found(void);
/* The picture drawn: t as DOT (dot_write()) run through `dot -T<format>`
 * ("svg", "png"), its output copied to fp.  The DOT goes to dot through
 * an unnamed temporary file, so neither side waits on the other; a dot
 * that fails (its status, or a signal) gives -1 with err_msg() saying
 * so, and the caller's output file is then not written (util.h: whole
 * or not at all).  0, or -1. */
int dot_render(FILE *fp, const tnode *t, const game *g, int max_depth, const char *format);

#endif
