/*
 * treeio.h: writing strategy trees to files.
 *
 * JSON (".json"):
 *   {"list": "nyt-2022-02", "lists_hash": "73bf96122ff9b3d2", "answers": 2309,
 *    "guesses": 12947, "max_guesses": 6, "total": 7897, "average": 3.4201,
 *    "tree": NODE}
 *   "list" is the named list the game was loaded as (lists.h; left out
 *   for lists from files), "lists_hash" the lists' words_lists_hash() as
 *   16 hex digits (words.h), so a reader can tell the lists it was made for.
 *   NODE = {"guess": "salet", "total": 7897, "next": {"BBBBB": NODE, ...}}
 *   A leaf is {"guess": "abbey", "total": 1} (no "next").  Patterns in
 *   "next" are listed in pattern_cmp() order.  "average" has four
 *   decimals.  max_guesses 0 means no limit.
 *
 * Text (".txt"): the format of the best-known exact solver
 *   (../shared/trees/README.md): one line per answer, "word PATTERNk"
 *   pairs, ending "answer GGGGGk"; after a node's first line, the prefix
 *   up to and including the deepest shared node's guess is replaced by
 *   as many spaces.  Lines are in pattern_cmp() order at every node,
 *   with the winning line in its place among them.
 *
 * Files are written to a temporary name and renamed (util.h outfile):
 * whole or not at all.
 */
#ifndef OPTLE_TREEIO_H
#define OPTLE_TREEIO_H

#include <stdio.h>

#include "tree.h"

typedef enum { TREEFMT_NONE, TREEFMT_JSON, TREEFMT_TEXT } treefmt;

/* Format from a file name's extension, or TREEFMT_NONE. */
treefmt treeio_format_of(const char *path);

int treeio_write_json(FILE *fp, const tnode *t, const game *g, int max_guesses);
int treeio_write_text(FILE *fp, const tnode *t, const game *g);
/* Write t in format f; 0 or -1 (err_msg). */
int treeio_write(FILE *fp, treefmt f, const tnode *t, const game *g, int max_guesses);

/* A tree to write to -o files (util.h outs_write()): the format of each
 * file is its extension's. */
typedef struct {
  const tnode *t;
  const game *g;
  int max_guesses; /* JSON's "max_guesses" */
} treeio_job;
int treeio_out_writer(FILE *fp, const char *path, void *job);
/* Write to path in the format its extension names; 0 or -1 (err_msg). */
int treeio_save(const char *path, const tnode *t, const game *g, int max_guesses);

#endif
