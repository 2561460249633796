/*
 * treeread.h: reading strategy trees back from files, in either format
 * treeio.h writes, and the checks only the file itself can show.
 *
 * Formats are told apart by content, never by name: after blanks, '{'
 * starts optle's JSON, a letter starts the text format (Selby's, which
 * is also optle's own text output); anything else is not a tree.  The
 * formats other solvers publish (path lines, map JSON) are recognised
 * first and read by treeread_public.h, with the same two kinds of error.
 *
 * The reader sorts what can go wrong into two kinds, as `optle verify`
 * reports them:
 *
 *  unusable (-1, exit 2): the file cannot be read as a tree at all.
 *    I/O errors; a directory; more than TREEREAD_MAX_BYTES; an empty
 *    file; bytes that are neither JSON nor text (NUL, non-ASCII, control
 *    characters in text; a NUL anywhere in JSON); more JSON values than
 *    a tree over the lists can have; JSON syntax (jansson's line and column);
 *    duplicate JSON keys (JSON_REJECT_DUPLICATES); nesting deeper than a
 *    tree of TREEREAD_MAX_DEPTH guesses (checked by a scan before
 *    jansson parses, so no parser ever recurses further); wrong types,
 *    missing or unknown keys, numbers out of range; a token that is not
 *    a five-letter word or a pattern; a word not in the guess list;
 *    text lines longer than TREEREAD_MAX_LINE or off the grammar
 *    ("word PATk ... word GGGGGk"); an indent that does not land on a
 *    token boundary of the line above.
 *
 *  invalid (1, exit 1): a well-formed tree that is wrong.
 *    - same history, same guess: in the text format every line sharing a
 *      prefix of "guess PATTERN" pairs must name the same next guess,
 *      and a node's lines for one pattern must be contiguous (a pattern
 *      listed twice under a node is an error); in JSON, two keys that
 *      parse to the same pattern ("BBBBB", "bbbbb");
 *    - labels: on the path to each answer, every pattern must be
 *      feedback_of(guess, answer);
 *    - the winning pattern as a branch (JSON "GGGGG" key);
 *    - an answer line or leaf for a word that is not in the answer list,
 *      or for an answer seen before;
 *    - stored counts that do not add up: the text format's guess numbers
 *      k, JSON "total" at every node (answers ending at it + the
 *      children's n + totals; a leaf's total is 1).  Whether an answer
 *      ends at an inner node comes from the labels (its guess is an
 *      answer whose feedback every label on the path is), never from the
 *      total, so a wrong total is named at its own node.
 *  The reader reads on after the first invalid spot, so that an unusable
 *  file is always reported as unusable; the message names the first
 *  problem in file order.
 *
 * Left to verify.h: answers the file never reaches, the guess limit,
 * tree_check() as an independent second opinion, and JSON's top-level
 * fields, which info records as stored ("answers", "total", "average",
 * "guesses" against the tree and the lists; "max_guesses" is only
 * reported).  JSON's optional "proven" (false: a stopped solve's best
 * tree, not proven optimal; true is the same as absent) and
 * "lower_bound" (the optimum's proven lower bound, 0 to the total), and
 * the text format's leading '#' comment lines (TREEIO_UNPROVEN "...
 * lower bound N" marks the same), are read into info.  JSON's optional
 * "list" (the named list the tree was made
 * with, lists.h), "answers_file" and "guesses_file" (the list files it
 * was made from, treeio.h: treeio_path_ok() paths; "guesses_file" only
 * beside "answers_file", and neither beside "list") and "lists_hash"
 * (words.h's lists hash, 16 lowercase hex digits) are read into info
 * too, as is "optle_version" (the optle that wrote it, up to 64
 * printable ASCII characters; only reported), and treeread_lists() reads
 * the first four alone, before any lists are loaded; what they must match
 * is the commands' business (opts.h opts_load_tree_game()).  A bad value
 * of one of these four is refused as "file:line: top level: reason", the
 * line of its key (as are the other top-level keys' by treeread_mem()).
 * The tree the reader returns has n and total consistent at every node and branches in pattern_cmp() order, whatever
 * the file's order, so tree_check() and the writers take it as it is.
 *
 * Memory is bounded by the file size cap: the text reader keeps one
 * small trie node per distinct prefix and two lines; jansson holds the
 * JSON document.  Nothing is proportional to a number read from the file.
 * For JSON a scan comes first (NUL bytes, nesting, and at most as many
 * objects and commas as a tree over the lists' answers can have:
 * TREEREAD_MAX_DEPTH nodes per answer), so junk is refused in one pass
 * and jansson's memory is bounded by the lists, not the file.
 */
#ifndef OPTLE_TREEREAD_H
#define OPTLE_TREEREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "rules.h"
#include "tree.h"
#include "treeio.h"

/* Limits on what the readers accept (each gives a clear error). */
#define TREEREAD_MAX_BYTES ((size_t)256 << 20) /* file size: 256 MiB */
#define TREEREAD_MAX_DEPTH 64                  /* guesses on one path */
#define TREEREAD_MAX_LINE 4096                 /* text line, in bytes */
#define TREEREAD_LIST_MAX 32                   /* a "list" name, in bytes */
#define TREEREAD_VERSION_MAX 64                /* an "optle_version", in bytes */

enum { TREEREAD_OK = 0, TREEREAD_INVALID = 1, TREEREAD_UNUSABLE = -1 };

typedef struct {
  treefmt format;   /* the format detected (TREEFMT_NONE before) */
  int lines;        /* lines in the file */
  /* JSON's top-level fields as stored; -1 for the text format. */
  int answers, guesses, max_guesses, total;
  double average;
  /* JSON's optional "list" ("" when absent) and "lists_hash". */
  char list[TREEREAD_LIST_MAX + 1];
  bool has_lists_hash;
  uint64_t lists_hash;
  /* JSON's optional "answers_file" and "guesses_file" ("" when absent):
   * the list files the tree was made from (treeio.h). */
  char answers_file[TREEIO_PATH_MAX + 1], guesses_file[TREEIO_PATH_MAX + 1];
  /* JSON's optional "rules" and "objective" (rules.h): normal and total
   * when absent; has_rules says "rules" was there. */
  rules_mode rules;
  objective objective;
  bool has_rules;
  /* JSON's optional "optle_version": which optle wrote it ("" when absent:
   * trees written before it, or by other tools). */
  char version[TREEREAD_VERSION_MAX + 1];
  /* A stopped solve's best tree (treeio.h): JSON's "proven": false, or
   * the text format's TREEIO_UNPROVEN comment line; lower_bound is the
   * proven lower bound it records (-1: none). */
  bool unproven;
  int lower_bound;
  /* The text mark's "total N" (-1: none), checked against the tree's
   * total as JSON's "total" is. */
  int mark_total;
  /* Text format and path lines: line_of[a] is the line ending with
   * answer a (0: none); map JSON: the line of the key naming it.  NULL
   * for optle's JSON, whose locations are paths (verify.h). */
  int *line_of;
} treeread_info;

/* Whether a tree of this total read with info is optimal: it carries no
 * "not proven" mark, or the lower bound it records is its total (a
 * stopped solve's best tree can reach it).  verify's report, its last
 * line and optle_verify() all ask this. */
static inline bool treeread_optimal(const treeread_info *info, long total) {
  return !info->unproven || info->lower_bound == total;
}

/*
 * Read the tree in the file at path ("-": standard input) against the
 * lists of g.  Returns TREEREAD_OK with *out set (the caller frees it
 * with tree_free) and info filled; or TREEREAD_INVALID or
 * TREEREAD_UNUSABLE with *out NULL and err_msg() naming the first
 * problem as "path:line: reason" (JSON: "path: .tree.next.BBBBB: reason"
 * past parsing).  info is filled as far as it got either way; free it
 * with treeread_info_free.
 */
int treeread_load(const char *path, const game *g, tnode **out, treeread_info *info);
/* The same from memory; name stands for the path in messages. */
int treeread_mem(const char *data, size_t len, const char *name, const game *g, tnode **out,
                 treeread_info *info);
void treeread_info_free(treeread_info *info);

/* The whole file at path ("-": standard input), at most
 * TREEREAD_MAX_BYTES, into *data (free it); 0 or -1 (err_msg). */
int treeread_file(const char *path, char **data, size_t *len);
/*
 * What a tree in memory records about its lists, read without them:
 * info->format, and for JSON info->list, info->answers_file,
 * info->guesses_file and info->lists_hash.  A file
 * that does not start like JSON records nothing (0; the format is
 * TREEFMT_TEXT when it starts like the text format or like one of the
 * other solvers' formats that start so, TREEFMT_NONE for the others:
 * treeread_mem() says what is wrong with it).  An empty file, one in
 * no format optle reads, JSON that
 * does not parse, or whose list keys are malformed, is -1
 * with err_msg() naming the problem as treeread_mem() does (which
 * refuses the file too, naming its first problem).  max_answers bounds
 * what jansson may allocate, as the lists' answers do for treeread_mem()
 * (see below): the lists' count when they are known, else the most of
 * any named list (lists.h lists_max_answers()).
 */
int treeread_lists(const char *data, size_t len, const char *name, int max_answers,
                   treeread_info *info);

/* "JSON" or "text", for reports. */
const char *treeread_format_name(treefmt f);

#endif
