/*
 * treehtml.h: a strategy tree as one self-contained HTML page, the tree
 * explorer of `optle export TREE -o FILE.html`.
 *
 * The page is a template, src/treehtml.html (markup, style and script,
 * written and read as the HTML file it is), embedded in the binary at
 * build time with .incbin as lists.c embeds the word lists.  A C string
 * of a few hundred lines of HTML, CSS and JavaScript would be unreadable
 * and unreviewable; a generated header (xxd -i) would add a build step
 * and a tool.  The template holds the marker OPTLE-DATA exactly once, in
 * <script type="application/json" id="optle-data">, and the writer puts
 * the tree there.  Nothing else varies, so the page's code is the same
 * for every tree, and nothing is loaded from the network: no src or href
 * names another file, and the script makes no request.
 *
 * The data (the "optle-explorer 1" format), one JSON object:
 *   {"format": "optle-explorer 1",
 *    "list": "nyt-2022-02" or null, "lists_hash": "73bf96122ff9b3d2",
 *    "answers_file": "wordlists/nyt-answers.txt", "answers": 2309,
 *    "guesses_file": "wordlists/nyt-guesses.txt", "guesses": 12947,
 *    "rules": "normal", "objective": "total", "max_guesses": 6,
 *    "source": "outputs/nyt-salet.json", "total": 7897,
 *    "words": "saletcourd...",
 *    "tree": NODE}
 *  - "words" holds every word of the tree once, five letters each, in
 *    the order the tree first names them (preorder); a node names its
 *    word by its index there, so a word is 1-4 digits, not 7 bytes.
 *  - NODE is a number w for a leaf (the guess words[w] is the answer,
 *    and its only one), else [w, win, p1, NODE1, p2, NODE2, ...]: win
 *    is 1 when words[w] is itself an answer that ends here, and each p
 *    a branch's pattern as feedback.h codes it (position i weighs 3^i;
 *    gray 0, yellow 1, green 2), in the tree's branch order.
 *  - The page derives the rest (answers, totals, depths, the
 *    distribution) from the tree, and shows a warning if its total is
 *    not "total": the C side's and the page's arithmetic agree.
 *  - "rules" and "objective" are rules.h's names of the tree's rules and
 *    objective; "max_guesses" is the tree's guess limit (0: none).
 *  - A stopped solve's best tree (treeio.h) has "proven": false after
 *    "total", and "lower_bound": N when the bound is known, as JSON
 *    trees mark it; the page says so in its summary and its warning
 *    line.  A proven tree's data has neither key.
 *  - Strings are escaped as JSON, and '<', '>', '&' and '\'' besides
 *    (as \u003c ...), so no file name can close the script element or
 *    open a comment; bytes that are not UTF-8 become U+FFFD.
 *  The NYT SALET tree (3192 nodes) takes 34 KB; with the template (26
 *  KB) the page is 60 KB.
 */
#ifndef OPTLE_TREEHTML_H
#define OPTLE_TREEHTML_H

#include <stdbool.h>
#include <stdio.h>

#include "game.h"
#include "rules.h"
#include "tree.h"

/* What the page says about the tree besides the tree itself. */
typedef struct {
  rules_mode rules;
  objective objective;
  int max_guesses;    /* the tree's guess limit; 0 = none */
  const char *source; /* the tree file it came from, or NULL */
  bool unproven;      /* a stopped solve's best tree, not proven optimal (treeio.h) */
  int lower_bound;    /* with unproven: the optimum's proven lower bound, or -1 */
} treehtml_meta;

/* Write t (valid for g, as verify.h checks it) as the explorer page.
 * 0, or -1 (err_msg). */
int treehtml_write(FILE *fp, const tnode *t, const game *g, const treehtml_meta *m);

/* The embedded template (for tests): its bytes and length. */
const char *treehtml_template(size_t *len);

#endif
