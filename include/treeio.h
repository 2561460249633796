/*
 * treeio.h: writing strategy trees to files, in every format optle
 * writes.
 *
 * JSON (".json"):
 *   {"list": "nyt-2022-02", "lists_hash": "73bf96122ff9b3d2", "answers": 2309,
 *    "guesses": 12947, "max_guesses": 6, "rules": "normal", "objective": "total",
 *    "total": 7897, "average": 3.4201, "optle_version": "0.9.0 (commit 1d4f5cf)",
 *    "tree": NODE}
 *   "list" is the named list the game was loaded as (lists.h; left out
 *   for lists from files), "lists_hash" the lists' words_lists_hash() as
 *   16 hex digits (words.h), so a reader can tell the lists it was made for.
 *   Lists read from files (--answers FILE [--guesses FILE]: game.h's
 *   answers_file, guesses_file) are recorded in the place of "list" as
 *   {"answers_file": "/abs/answers.txt", "guesses_file": "/abs/guesses.txt",
 *   "lists_hash": ...}: the files' absolute paths, resolved (realpath) when
 *   the tree is written, so the tree finds them from any directory;
 *   "guesses_file" only when the guesses were a file of their own (else
 *   they are the answers).  A path that does not resolve, or that the
 *   reader would refuse (treeio_path_ok()), is left out with the other:
 *   both or neither.  A named list with --guesses FILE records neither.
 *   "optle_version" is version_full() (version.h): which optle wrote the
 *   file (export writes its own: the file is its writing).  The header is
 *   the first line, its keys always in the order shown (docs/formats.md;
 *   tests compare files byte for byte); the tree hash (tree.h) is the
 *   tree's alone, so the same tree written by two versions has one hash.
 *   NODE = {"guess": "salet", "total": 7897, "next": {"BBBBB": NODE, ...}}
 *   A leaf is {"guess": "abbey", "total": 1} (no "next").  Patterns in
 *   "next" are listed in pattern_cmp() order.  "average" has four
 *   decimals.  max_guesses 0 means no limit.  "rules" (normal, hard or
 *   ultrahard) and "objective" (total or worst) are what the tree was made
 *   for (rules.h); readers take a tree without them as normal and total.
 *   A stopped solve's best tree (treeio_job.unproven) says so after
 *   "average": "proven": false, "lower_bound": 7890 (the proven lower
 *   bound of the optimum); a proven tree has neither key.
 *
 * Text (".txt"): the format of the best-known exact solver
 *   (Alex Selby's; docs/formats.md): one line per answer, "word PATTERNk"
 *   pairs, ending "answer GGGGGk"; after a node's first line, the prefix
 *   up to and including the deepest shared node's guess is replaced by
 *   as many spaces.  Lines are in pattern_cmp() order at every node,
 *   with the winning line in its place among them.  A stopped solve's
 *   best tree opens with one comment line, TREEIO_UNPROVEN "... lower
 *   bound 7890"; the reader takes '#' lines before the tree as comments.
 *
 * The formats other solvers publish (docs/formats.md), written
 * by treeio_public.c in the same branch order:
 *   path lines (".paths"): one line per answer, "salet _____ courd _y_y_
 *     ... brook ggggg" (gray _, yellow y, green g), so that one grep
 *     finds an answer's whole path;
 *   compressed path lines (".cpaths"): each line starts with how many
 *     guesses it shares with the line above, the rest follows, and the
 *     final ggggg is left out: "0 salet _____ courd ... brook",
 *     "3 _gggg brown";
 *   map JSON (".map.json"): {"guess": "salet", "map": {"00000": NODE or
 *     "word", ..., "22222": "salet"}} (gray 0, yellow 1, green 2; a bare
 *     word is a guess that is the answer; "22222" names the node's own
 *     guess when it can be the answer), one node or leaf per line;
 *   the same as an ES module (".mjs", ".js"): "export default {...};".
 * And two pictures, written but never read: Graphviz DOT (".dot", ".gv";
 * dot.h, the first treeio_job.depth levels) and the explorer page
 * (".html", ".htm"; treehtml.h).  The page shows the mark of a stopped
 * solve's tree too; DOT and the other solvers' formats have no place for
 * it: they are written as they are, and the commands note each such file
 * on stderr (opts.h outputs_note_unmarked(); treeio_format_marks()).
 *
 * The format table (treeio.c) is the one list of these formats: their
 * --format names and -o extensions, for every command that writes a tree
 * (solve, simulate, export), its messages, --help's completion words;
 * treeio_write_job() is the one dispatch to their writers.
 *
 * Files are written to a temporary name and renamed (util.h outfile):
 * whole or not at all.
 */
#ifndef OPTLE_TREEIO_H
#define OPTLE_TREEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "rules.h"
#include "tree.h"

typedef enum {
  TREEFMT_NONE,
  TREEFMT_JSON,
  TREEFMT_TEXT,
  TREEFMT_PATHS,  /* path lines */
  TREEFMT_CPATHS, /* compressed path lines */
  TREEFMT_MAP,    /* map JSON */
  TREEFMT_MJS,    /* map JSON as an ES module */
  TREEFMT_DOT,    /* Graphviz DOT (dot.h): written, never read */
  TREEFMT_SVG,    /* the DOT picture drawn by Graphviz's dot (dot_render()): written only */
  TREEFMT_PNG,    /* the same as PNG */
  TREEFMT_HTML    /* the explorer page (treehtml.h): written, never read */
} treefmt;

/* The text format's first line for a tree not proven optimal. */
#define TREEIO_UNPROVEN "# optle: not proven optimal"

/* Format from a file name's extension (the longest the table knows:
 * "a.map.json" is map JSON), or TREEFMT_NONE. */
treefmt treeio_format_of(const char *path);
/* Format by its --format name ("json", "text" or "txt", "dot", "html"
 * or "htm", "paths", "cpaths", "map", "mjs" or "js"), or TREEFMT_NONE. */
treefmt treeio_format_named(const char *name);
/* The i-th name offered (--help, completion), i = 0, 1, ...; NULL past
 * the last.  Other names (txt, htm, js) are accepted, not offered. */
const char *treeio_format_name(int i);
/* For messages: the names offered, "json, text, ... or mjs" (sep ", ")
 * or "json|text|...|mjs" (sep "|"); and every extension, ".json, .txt,
 * ... or .js". */
const char *treeio_format_names(const char *sep);
const char *treeio_extensions(void);
/* Does format f write the mark of a tree not proven optimal (JSON's
 * "proven": false, text's TREEIO_UNPROVEN line, the page's banner)?  The
 * path formats, the map and the pictures have no place for it.  And f's
 * --format name ("unknown" for TREEFMT_NONE). */
bool treeio_format_marks(treefmt f);
const char *treeio_format_label(treefmt f);

/* A list file's path as JSON may record it ("answers_file",
 * "guesses_file"): absolute, 1 to TREEIO_PATH_MAX bytes, no control
 * bytes, UTF-8.  The writer records only such paths, and the reader
 * accepts only them (treeread.h). */
#define TREEIO_PATH_MAX 4096
bool treeio_path_ok(const char *s, size_t n);

int treeio_write_json(FILE *fp, const tnode *t, const game *g, int max_guesses);
/* The same recording the rules and the objective the tree was made for
 * (treeio_write_json(): normal, total). */
int treeio_write_json_mode(FILE *fp, const tnode *t, const game *g, int max_guesses,
                           rules_mode rules, objective obj);
int treeio_write_text(FILE *fp, const tnode *t, const game *g);
/* The public formats (treeio_public.c). */
int treeio_write_paths(FILE *fp, const tnode *t, const game *g, int compressed);
int treeio_write_map(FILE *fp, const tnode *t, const game *g, int module);
/* Write t in format f (not TREEFMT_NONE); max_guesses is JSON's and the
 * page's only (treeio_write_job() with the rest zero).  0 or -1 (err_msg). */
int treeio_write(FILE *fp, treefmt f, const tnode *t, const game *g, int max_guesses);

/* A tree to write to -o files (util.h outs_write()), in any format. */
typedef struct {
  const tnode *t;
  const game *g;
  treefmt format;   /* every file's format (--format), or TREEFMT_NONE: each
                     * file's extension's */
  int max_guesses;  /* JSON's "max_guesses", the page's guess limit */
  rules_mode rules; /* JSON's and the page's "rules" and "objective" (zero:
                     * normal, total) */
  objective objective;
  bool unproven;    /* a stopped solve's best tree: marked not proven optimal in
                     * JSON, text and the page, with lower_bound, the optimum's
                     * proven lower bound (-1: none) */
  int lower_bound;
  int depth;          /* DOT: the guesses shown (dot.h; 0: all) */
  const char *source; /* the page: the tree file it came from, or NULL */
} treeio_job;

/* Is j's tree not known optimal: marked unproven, and its total above
 * the proven lower bound (one equal to it is optimal all the same)? */
bool treeio_job_unproven(const treeio_job *j);
/* The format a file gets: format (--format), or else path's extension's. */
treefmt treeio_format_for(treefmt format, const char *path);
/* outs_write()'s writer: the job (a treeio_job) to path, in
 * treeio_format_for() the job's format and path. */
int treeio_out_writer(FILE *fp, const char *path, void *job);
/* The job in format f (not TREEFMT_NONE), marked as it says; 0 or -1
 * (err_msg). */
int treeio_write_job(FILE *fp, treefmt f, const treeio_job *j);
/* Write to path in the format its extension names; 0 or -1 (err_msg). */
int treeio_save(const char *path, const tnode *t, const game *g, int max_guesses);

#endif
