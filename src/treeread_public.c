/*
 * treeread_public.c: the tree formats other solvers publish
 * (treeread_public.h): detection, their names and pattern spellings,
 * what the path-lines reader (treeread_paths.c) and the map-JSON reader
 * (treeread_map.c) share, and verify.h's messages for missing answers.
 * It sits between the core (treeread_core.c) and those two readers: it
 * calls neither of them (treeread.c dispatches to them).
 *
 * Both readers keep reading after the first invalid spot, so that an
 * unusable file is always reported as unusable; the message names the
 * first problem in file order.
 */
#include "treeread_public.h"

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "feedback.h"
#include "treeread_core.h"

int treeread_public_format(treefmt f) {
  return f == TREEFMT_PATHS || f == TREEFMT_CPATHS || f == TREEFMT_MAP || f == TREEFMT_MJS;
}

const char *treeread_public_name(treefmt f) {
  switch (f) {
  case TREEFMT_PATHS: return "path lines";
  case TREEFMT_CPATHS: return "compressed path lines";
  case TREEFMT_MAP: return "map JSON";
  case TREEFMT_MJS: return "map JSON (ES module)";
  default: return "unknown";
  }
}

/* A pattern as format f writes it: "_yg" for path lines, "012" for map JSON. */
void tr_spell(treefmt f, int p, char out[6]) {
  assert(p >= 0 && p < PATTERN_COUNT);
  const char *d = f == TREEFMT_MAP || f == TREEFMT_MJS ? "012" : "_yg";
  for (int i = 0; i < 5; i++, p /= 3) out[i] = d[p % 3];
  out[5] = '\0';
}

/* Five symbols: '_' gray, or whatever pattern_parse() takes; -1 if not. */
int tr_pattern_of(const char *s, size_t len) {
  if (len != 5) return -1;
  char b[6];
  for (int i = 0; i < 5; i++) b[i] = s[i] == '_' ? 'B' : s[i];
  b[5] = '\0';
  return pattern_parse(b);
}

/* ------------------------------------------------------------------ */
/* Detection                                                            */

/* Does the JSON object at s have "guess" or "map" among its top-level
 * keys, and not "tree"?  A rough scan: strings, braces and commas. */
static bool map_keys(const char *s, size_t n) {
  int depth = 0;
  bool want_key = false, found = false;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c == '"') {
      size_t b = ++i;
      while (i < n && s[i] != '"') i += s[i] == '\\' ? 2 : 1;
      if (i >= n) break;
      if (depth == 1 && want_key) {
        size_t len = i - b;
        if ((len == 5 && !memcmp(s + b, "guess", 5)) || (len == 3 && !memcmp(s + b, "map", 3)))
          found = true;
        if (len == 4 && !memcmp(s + b, "tree", 4)) return false;
      }
      want_key = false;
    } else if (c == '{' || c == '[') {
      depth++;
      want_key = c == '{' && depth == 1;
    } else if (c == '}' || c == ']') {
      if (--depth <= 0) break;
    } else if (c == ',' && depth == 1) {
      want_key = true;
    }
  }
  return found;
}

treefmt treeread_public_sniff(const char *s, size_t n) {
  if (n == 0) return TREEFMT_NONE;
  if (n >= 6 && !memcmp(s, "export", 6) && (n == 6 || !is_letter(s[6]))) return TREEFMT_MJS;
  if (s[0] == '{') return map_keys(s, n) ? TREEFMT_MAP : TREEFMT_NONE;
  size_t i = 0;
  if (is_digit(s[0])) { /* "0 tarse ...": a count, blanks, a word */
    while (i < n && is_digit(s[i])) i++;
    size_t b = i;
    while (i < n && is_blank(s[i])) i++;
    return i > b && i < n && is_letter(s[i]) ? TREEFMT_CPATHS : TREEFMT_NONE;
  }
  if (!is_letter(s[0])) return TREEFMT_NONE;
  /* Path lines when the first line's second token has five bytes
   * (Selby's carries the guess number: six or more). */
  while (i < n && !is_blank(s[i]) && s[i] != '\n' && s[i] != '\r') i++;
  while (i < n && is_blank(s[i])) i++;
  size_t b = i;
  while (i < n && !is_blank(s[i]) && s[i] != '\n' && s[i] != '\r') i++;
  return i - b == 5 ? TREEFMT_PATHS : TREEFMT_NONE;
}

/* ------------------------------------------------------------------ */
/* Shared by path lines and map JSON: histories, answers, labels        */

/* "salet _____ courd _y_y_" (or "salet 00000 ...") for pairs 0..k). */
const char *tr_history(const reader *r, const int *guess, const int *pat, int k, char *buf,
                       size_t size) {
  size_t n = 0;
  buf[0] = '\0';
  for (int j = 0; j < k && n + 16 < size; j++) {
    char ps[6];
    tr_spell(r->f, pat[j], ps);
    n += (size_t)snprintf(buf + n, size - n, "%s%s %s", j ? " " : "", gw(r, guess[j]), ps);
  }
  return buf;
}

void tr_answer_ends(reader *r, const int *guess, const int *pat, int d, const tr_locs *l, int loc,
                    int *seen_where) {
  const game *g = r->g;
  assert(d >= 0 && d <= TREEREAD_MAX_DEPTH && r->line_of); /* the public formats' reader */
  int a = g->guess2ans[guess[d]];
  if (a < 0) {
    tr_invalid(r, "%s: '%s' ends a path, but it is not in the answer list %s%s", l->at,
               gw(r, guess[d]), g->answers.path, l->tail);
    return;
  }
  const char *aw = g->answers.w[a];
  for (int j = 0; j < d; j++) {
    int fb = feedback_of(gw(r, guess[j]), aw);
    if (fb == pat[j]) continue;
    char gs[6], ws[6], h[TR_GUESS_PATH_SIZE];
    tr_spell(r->f, pat[j], gs);
    tr_spell(r->f, fb, ws);
    tr_guess_path(r, guess, j, h);
    tr_invalid(r, "%s: answer '%s': pattern %s after '%s' but %s gives %s%s", l->label[j], aw, gs,
               gw(r, guess[j]), h, ws, l->tail);
    return;
  }
  if (r->line_of[a]) {
    if (seen_where)
      tr_invalid(r, "%s: answer '%s' appears twice (at %d:%d and %d:%d, line:column)", l->at, aw,
                 r->line_of[a], seen_where[a], loc, seen_where[g->n_answers]);
    else
      tr_invalid(r, "%s: answer '%s' appears twice (lines %d and %d)", l->at, aw, r->line_of[a],
                 loc);
    return;
  }
  r->line_of[a] = loc;
  if (seen_where) seen_where[a] = seen_where[g->n_answers];
}

/* ------------------------------------------------------------------ */
/* verify.h's message for a missing answer                            */

int treeread_public_missing(const char *name, const game *g, treefmt f, const char *aw,
                            const tnode *const *nodes, const uint8_t *pats, int d, int at_node) {
  reader r = {.name = name, .g = g, .f = f};
  int guess[TREE_MAX_DEPTH + 1] = {0}, pat[TREE_MAX_DEPTH + 1] = {0};
  if (d > TREEREAD_MAX_DEPTH) d = TREEREAD_MAX_DEPTH; /* readers build no deeper trees */
  for (int j = 0; j <= d; j++) {
    guess[j] = nodes[j]->guess;
    pat[j] = pats[j];
  }
  char h[800], ps[6];
  bool map = f == TREEFMT_MAP || f == TREEFMT_MJS;
  tr_history(&r, guess, pat, d, h, sizeof h);
  const char *gd = g->guesses.w[guess[d]];
  if (at_node) {
    if (map)
      return err_set("%s: answer '%s' is missing: it reaches '%s'%s%s%s, but that node's map has "
                     "no \"22222\": \"%s\"",
                     name, aw, aw, d ? " after '" : "", h, d ? "'" : "", aw);
    return err_set("%s: answer '%s' is missing: no line ends with it (it would be '%s%s%s ggggg')",
                   name, aw, h, d ? " " : "", aw);
  }
  tr_spell(f, pats[d], ps);
  if (map)
    return err_set("%s: answer '%s' is missing: the map of '%s'%s%s%s has no key \"%s\" (its "
                   "feedback) for it",
                   name, aw, gd, d ? " after '" : "", h, d ? "'" : "", ps);
  tr_history(&r, guess, pat, d + 1, h, sizeof h);
  return err_set("%s: answer '%s' is missing: no line ends with it (its line would start '%s "
                 "...', and no line does)",
                 name, aw, h);
}
