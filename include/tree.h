/*
 * tree.h: the strategy tree, as the search builds it and as files hold it.
 *
 * A node is one guess.  Its children are the non-winning feedback
 * patterns that some answer below it produces, kept in pattern_cmp()
 * order (B < G < Y as strings), the order both file formats list them.
 * The winning pattern is never a child: when the guess is one of the
 * answers below, that answer ends here.
 *
 *   n      answers that reach this node
 *   total  guesses summed over those answers, counted from this node on,
 *          this guess included; for a leaf (n = 1, guess = the answer) 1.
 *
 * So total = n + sum of the children's totals, and the root's total is
 * the strategy's score.  Guesses are indices into game.guesses.
 */
#ifndef OPTLE_TREE_H
#define OPTLE_TREE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "game.h"

typedef struct tnode {
  int guess;
  int total;
  int n;
  int nkids;
  uint8_t *pat;        /* pat[i]: the pattern leading to kid[i] */
  struct tnode **kid;
} tnode;

/* A node with room for nkids children (filled by the caller). */
tnode *tree_node_new(int guess, int total, int n, int nkids);
void tree_free(tnode *t);

/* Do n and total add up at every node (total = n + the children's
 * totals, children's n at most n - at most one winner)?  For assert():
 * trees the program builds must, trees read from files are checked by
 * tree_check() instead. */
bool tree_sums_ok(const tnode *t);

/*
 * Independent check of a tree against the answer set `set` (answer
 * indices, n of them): feedback is recomputed letter by letter with
 * feedback_of(), not read from the table.  Every answer must reach
 * exactly one node whose guess is itself; every branch must be the
 * feedback some answer gives, and must be non-empty; n and total must
 * add up at every node; no path may be longer than max_guesses (0 = no
 * limit).  Returns 0, or -1 with err_msg() naming the first problem.
 */
int tree_check(const tnode *t, const game *g, const uint16_t *set, int n,
               int max_guesses);

/* One node's shape, for the writers (treeio, treeio_public, treehtml),
 * which walk trees they are handed: depth below TREE_MAX_DEPTH, a guess
 * of g, children present, and their patterns below pat_end
 * (PATTERN_COUNT, or PATTERN_WIN where no child may be the win).
 * Returns 0, or -1 with err_msg() saying what is wrong. */
int tree_node_bad(const tnode *t, const game *g, int depth, int pat_end);

#define TREE_MAX_DEPTH 255
typedef struct {
  int n;          /* answers */
  long total;     /* guesses summed over answers */
  int most;       /* most guesses any answer needs */
  int dist[TREE_MAX_DEPTH + 1]; /* dist[k]: answers needing k guesses */
  int nodes;      /* tree nodes */
} tree_summary;
void tree_summarize(const tnode *t, tree_summary *s);
/* The summary lines solve, simulate and verify print alike: "total",
 * "average", "most guesses" and "distribution" (k:answers, k = 1..most)
 * of n answers that take total guesses (dist as in tree_summary). */
void tree_print_totals(FILE *fp, int n, long total, int most, const int *dist);

/* A short hash of the tree's shape and words, for benches and tests. */
uint64_t tree_hash(const tnode *t);

#endif
