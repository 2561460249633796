/*
 * treeread_public.h: readers for the tree formats other solvers publish
 * (../shared/trees/README.md), hooked into treeread.c's detection.
 *
 * What the rest of optle asks of them (verify.h): which formats these
 * are, their names, and the message for an answer missing from a tree
 * read from one.  The readers (treeread_public.c, treeread_paths.c,
 * treeread_map.c) and their entry points are private to the treeread
 * module (src/treeread_core.h).
 *
 * Formats, told apart by content (treeread_public_sniff), never by name:
 *  - path lines (TREEFMT_PATHS): one line per answer, "tarse _____ godly
 *    _____ ... finch ggggg"; the first line's second token is a bare
 *    five-symbol pattern (Selby's has a guess number after it);
 *  - compressed path lines (TREEFMT_CPATHS): "N rest", N the guesses
 *    (with the patterns between them) shared with the line above, the
 *    final ggggg left out; the first line starts with a count and a word;
 *  - map JSON (TREEFMT_MAP): a JSON object whose top level has "guess" or
 *    "map" (optle's JSON has "tree");
 *  - map JSON as an ES module (TREEFMT_MJS): "export default {...};".
 *
 * In patterns, '_' is gray besides everything pattern_parse() takes (so
 * "_yg", "012" and "BYG" all read); words fold case.  Path lines may come
 * in any order; the same history must still lead to the same guess.
 * Extra keys of a map-JSON node ("depth", "ranking") are skipped, but
 * optle's own keys ("next", "total", "tree") there are mixed formats.
 *
 * The map-JSON reader has its own small tokenizer (not jansson), so that
 * every key's line and column are known: messages name the line (and the
 * column, as the published files are one line long) of the offending key.
 *
 * Errors follow treeread.h's two kinds.  Unusable (-1, exit 2): bytes
 * that are not text, JSON syntax, a non-word or a word not in the guess
 * list, a token that is not a pattern, a path that goes on after ggggg
 * or does not end with the answer, a compressed line that shares more
 * than the line above has, mixed formats in one file, a wrong JSON type,
 * a node without "guess" or "map", an empty map, more than
 * TREEREAD_MAX_DEPTH guesses.  Invalid (1, exit 1), as the other readers
 * classify the same faults: a pattern that is not the feedback its guess
 * gives the answer, an answer twice, a word ending a path that is not an
 * answer, one history leading to two guesses, a pattern listed twice
 * under a node (also as two equal keys in map JSON), the winning pattern
 * as a subtree.  Missing answers are found by verify.h.
 */
#ifndef OPTLE_TREEREAD_PUBLIC_H
#define OPTLE_TREEREAD_PUBLIC_H

#include <stddef.h>
#include <stdint.h>

#include "treeread.h"

/* True for the four formats above. */
int treeread_public_format(treefmt f);
/* "path lines", "compressed path lines", "map JSON", "map JSON (ES module)". */
const char *treeread_public_name(treefmt f);

/* verify.h's message for answer aw missing from a tree read from format
 * f: the path nodes[0..d] with patterns pats[0..d) (at_node: nodes[d]
 * guesses aw but ends no answer; else pats[d] is aw's feedback there and
 * nodes[d] has no such branch).  Sets err_msg(); returns -1. */
int treeread_public_missing(const char *name, const game *g, treefmt f, const char *aw,
                            const tnode *const *nodes, const uint8_t *pats, int d, int at_node);

#endif
