/*
 * verify.h: checking a strategy tree from a file against word lists, and
 * the report `optle verify` prints.
 *
 * verify_file() = treeread_load() (the reader's checks: format, labels,
 * same history -> same guess, extra and repeated answers, stored counts;
 * treeread.h) followed by verify_tree(), the checks on the whole tree:
 *
 *   1. no answer is missing: each answer of the list, followed down the
 *      tree by its feedback, reaches a node that guesses it and ends an
 *      answer there (the first missing answer in list order is named,
 *      with where its line or leaf would be);
 *   2. the guess limit: the first answer in tree order that needs more
 *      guesses.  The limit is max_guesses when given (>= 0; 0 = none),
 *      else a JSON file's own "max_guesses": a tree that breaks the limit
 *      it records is invalid unless the caller overrides it;
 *   3. tree_check() (tree.h) on every answer, an independent second
 *      opinion that recomputes feedback letter by letter;
 *   4. JSON's top-level fields against the tree and the lists: "answers"
 *      (the tree's answers), "total", "average" (four decimals) and
 *      "guesses" (the guess list's size); and a tree marked not proven
 *      optimal (treeread.h info->unproven) must not record a lower bound
 *      above its own total.
 *
 * Locations in messages: "file:line" for the text format (the line that
 * ends with the answer), "file: .tree.next.BBBBB..." (a jq path) for
 * JSON.  Results are exit statuses: VERIFY_VALID 0, VERIFY_INVALID 1,
 * VERIFY_UNUSABLE 2, with err_msg() naming the first problem.
 */
#ifndef OPTLE_VERIFY_H
#define OPTLE_VERIFY_H

#include <stdio.h>

#include "game.h"
#include "rules.h"
#include "tree.h"
#include "treeread.h"

enum { VERIFY_VALID = 0, VERIFY_INVALID = 1, VERIFY_UNUSABLE = 2 };

/* Read and check the tree at path ("-": stdin).  max_guesses 0 = no
 * limit; -1 = the JSON file's own "max_guesses" (none for other formats).  On VERIFY_VALID, *out holds the tree (tree_free it); info is
 * filled as far as reading got (treeread_info_free it either way). */
int verify_file(const char *path, const game *g, int max_guesses, tnode **out,
                treeread_info *info);
/* The same for a tree in memory (tests, the fuzzer). */
int verify_mem(const char *data, size_t len, const char *name, const game *g, int max_guesses,
               tnode **out, treeread_info *info);
/* Checks 1-4 above on a tree as the reader built it (n and total
 * consistent at every node); name is the file, for messages. */
int verify_tree(const tnode *t, const game *g, int max_guesses, const treeread_info *info,
                const char *name);

/* 5. Under rules that narrow (rules.h), every guess on every path legal
 * after the path's history; the first that is not (in tree order) is
 * named with an answer whose path reaches it, the rule it breaks and the
 * path: "file:12: answer 'brook': guess 3 'crane' must contain the E
 * shown yellow by guess 2, not allowed in hard mode (path: salet BBBBY,
 * courd BBYBB, crane)".  VERIFY_VALID or VERIFY_INVALID. */
int verify_rules(const tnode *t, const game *g, rules_mode m, const treeread_info *info,
                 const char *name);

/* The report of a valid tree: format, lists, what a JSON tree records
 * (its lists, the optle that wrote it), first guess, total, whether
 * it is marked not proven optimal (with its lower bound),
 * average, most guesses, distribution, the worst answers (up to 10, with
 * their paths) and the guess limits (max_guesses as for verify_file()).
 * The caller adds "valid". */
void verify_report(FILE *fp, const char *path, const tnode *t, const game *g,
                   const treeread_info *info, int max_guesses);

#endif
