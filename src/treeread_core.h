/*
 * treeread_core.h: the tree readers' base, treeread_core.c's header: the
 * types and helpers every reader file shares (private to them; named for
 * the file that owns them, so that no tool reads it as treeread.c's).
 * They stand in three layers, each calling only the ones below it:
 *
 *   treeread.c         the top: reading the file, detection, the entry
 *                      points of treeread.h, the dispatch to a reader
 *   treeread_text.c    the text format (Selby's): tr_read_text()
 *   treeread_json.c    optle's JSON: tr_read_json(), and the depth scan
 *                      and the "list"/"lists_hash" fields that
 *                      treeread_lists() reads too
 *   treeread_paths.c   path lines and compressed path lines: tr_read_paths()
 *   treeread_map.c     map JSON and its ES module, with the map reader's
 *                      own tokenizer: tr_read_map()
 *   treeread_public.c  what the last two share (treeread_public.h):
 *                      detection, the formats' names and pattern
 *                      spellings, the answer and label checks, verify.h's
 *                      missing answers
 *   treeread_core.c    the bottom, no format of its own: the first
 *                      invalid spot, tokens in messages, guess words,
 *                      wrong labels, the history trie and its tree
 *
 * Every reader gets the whole file in memory (at most TREEREAD_MAX_BYTES)
 * and one reader struct for it: the first invalid spot is kept there
 * while reading goes on, so that an unusable file is always reported as
 * unusable (treeread.h's two kinds of error).  Readers keep no state
 * between calls and share nothing between threads.
 */
#ifndef OPTLE_TREEREAD_CORE_H
#define OPTLE_TREEREAD_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "feedback.h"
#include "treeread.h"
#include "treeread_public.h"

/* ------------------------------------------------------------------ */
/* treeread_core.c: the first invalid spot, kept while reading goes on. */

typedef struct {
  const char *name;
  const game *g;
  treefmt f;    /* the public formats: which one (how patterns are spelt) */
  bool invalid;
  char problem[1024];
  int *line_of; /* the public formats: per answer, where it ends (0: not yet) */
} reader;

/* Record the first invalid spot (later ones are ignored). */
void tr_invalid(reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A token for messages: at most 24 characters, quoted as every message
 * quotes (utf8_quote(): control and invalid bytes as \xHH, invisible
 * characters as <U+XXXX>, others as they are), into buf. */
#define TR_SHOWN_SIZE 128
const char *tr_shown(const char *s, size_t len, char buf[TR_SHOWN_SIZE]);

/* A guess word: five letters (case folded) in the guess list.  Its
 * index, or -1 with err_msg() "where: reason" ("where" is "name:line" or
 * a path and ends the prefix; tail follows the reason: a column for map
 * JSON, else ""). */
int tr_word_of(const reader *r, const char *where, const char *tail, const char *s, size_t len);

static inline const char *gw(const reader *r, int guess) { return r->g->guesses.w[guess]; }

/* Room for a message's "file:line" (or "file:line:column"): as long as
 * a whole message (err.h), so a long path is never cut before its line. */
#define TR_WHERE_SIZE ERR_MAX

/* The guesses path[0..j] spelled "salet/courd/...", for messages. */
#define TR_GUESS_PATH_SIZE (TREEREAD_MAX_DEPTH * 6 + 1)
void tr_guess_path(const reader *r, const int *path, int j, char h[TR_GUESS_PATH_SIZE]);

/* Record a wrong label: at depth j of a path with guesses path[0..j], the
 * file says pattern `got` where answer aw gives `want`.  where: the
 * location prefix ("name:line" or "name: jq-path"). */
void tr_bad_label(reader *r, const char *where, const char *aw, const int *path, int j, int got,
                  int want);

static inline bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
static inline bool is_blank(char c) { return c == ' ' || c == '\t'; }

/* A branch while a node's branches are collected, and their order. */
typedef struct {
  int pat;
  tnode *kid;
} patkid;

static inline int cmp_patkid(const void *a, const void *b) {
  return pattern_cmp(((const patkid *)a)->pat, ((const patkid *)b)->pat);
}

/* treeread_core.c: the history trie the line readers (text, path
 * lines) build: one node per distinct history; children are a sibling
 * list in the order lines first reach them. */
typedef struct {
  int guess;          /* -1 until a line names it */
  int line;           /* the line that first reached this node */
  int win;            /* the line ending here (the guess is the answer), 0 = none */
  int kid, sib, last; /* first child, next sibling, the child the latest line
                       * went through; -1 = none */
  uint8_t pat;        /* pattern from the parent */
} tr_hnode;
/* A new node in *t (nt of cap, grown as needed: pointers into it move). */
int tr_hnode_new(tr_hnode **t, int *nt, int *cap, int line, int pat);
/* The tnode for node i, children in pattern_cmp() order; depth is bounded
 * by the line grammar. */
tnode *tr_hnode_build(const tr_hnode *t, int i);

/* ------------------------------------------------------------------ */
/* treeread_public.c: what the public formats' readers share. */

/* The public format the bytes s[0..n) start (blanks and a byte order
 * mark already skipped), or TREEFMT_NONE. */
treefmt treeread_public_sniff(const char *s, size_t n);

/* A pattern as format f writes it: "_yg" for path lines, "012" for map JSON. */
void tr_spell(treefmt f, int p, char out[6]);
/* Five symbols: '_' gray, or whatever pattern_parse() takes; -1 if not. */
int tr_pattern_of(const char *s, size_t len);
/* "salet _____ courd _y_y_" (or "salet 00000 ...") for pairs 0..k). */
const char *tr_history(const reader *r, const int *guess, const int *pat, int k, char *buf,
                       size_t size);

/*
 * The answer that ends the path guess[0..d] (patterns pat[0..d), the
 * last one the answer's own): in the answer list, every label its
 * feedback, not seen before.  where(j) locates label j for messages, at
 * = the location of the answer itself; loc is the line recorded for it.
 */
typedef struct {
  const char *label[TREEREAD_MAX_DEPTH + 1]; /* "name:line" prefixes, per label */
  const char *at;                            /* the answer's own location */
  const char *tail;                          /* after the reason: " (column N)" or "" */
} tr_locs;

void tr_answer_ends(reader *r, const int *guess, const int *pat, int d, const tr_locs *l, int loc,
                    int *seen_where);

/* ------------------------------------------------------------------ */
/* The readers: data[0..len) in one format, treeread_mem()'s contract
 * (r names the file and the game; info gets lines, and line_of where
 * the format has one). */

/* treeread_text.c */
int tr_read_text(const char *data, size_t len, reader *r, tnode **out, treeread_info *info);

/* treeread_json.c */
int tr_read_json(const char *data, size_t len, reader *r, tnode **out, treeread_info *info);
/* Refuse deep nesting before jansson parses (it recurses per level). */
int tr_json_scan(const char *s, size_t n, const char *name, int max_answers);
/* The list keys of the top-level object root: "list", "answers_file",
 * "guesses_file" and "lists_hash" (each may be absent) into info,
 * checked (treeread.h); data[0..len) is the file, for the keys' lines.
 * 0, or -1 (err_set, unusable). */
struct json_t;
int tr_json_lists_fields(const char *name, const char *data, size_t len,
                         const struct json_t *root, treeread_info *info);

/* treeread_paths.c: path lines and compressed path lines (r->f). */
int tr_read_paths(const char *data, size_t len, reader *r, tnode **out, treeread_info *info);
/* treeread_map.c: map JSON and its ES module (r->f). */
int tr_read_map(const char *data, size_t len, reader *r, tnode **out, treeread_info *info);

#endif
