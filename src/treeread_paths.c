/*
 * treeread_paths.c: the readers for path lines and compressed path lines
 * (treeread_public.h).
 *
 * Each line (rebuilt from the line above for the compressed variant)
 * becomes a full path of (guess, pattern) pairs ending in the answer,
 * and the paths go into a trie, one node per distinct history, which
 * enforces "same history, same guess".  Unlike Selby's format, the lines
 * need not be in tree order: a node's children are looked up by pattern.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "feedback.h"
#include "mem.h"
#include "treeread_core.h"


/* A line as a full path: guess[0..m), pat[m - 1] the winning pattern. */
typedef struct {
  int m, no;
  int guess[TREEREAD_MAX_DEPTH];
  int pat[TREEREAD_MAX_DEPTH];
} ppath;

typedef struct {
  reader r;
  tr_hnode *t;
  int nt, cap;
} pathr;

/* Cut s[0..len) at blanks: tokens' starts and lengths; -1 past max. */
static int tokens(const char *s, int len, int *start, int *tlen, int max) {
  int n = 0;
  for (int i = 0; i < len;) {
    if (is_blank(s[i])) {
      i++;
      continue;
    }
    if (n == max) return -1;
    start[n] = i;
    while (i < len && !is_blank(s[i])) i++;
    tlen[n] = i - start[n];
    n++;
  }
  return n;
}

#define PMAX_TOKENS (2 * TREEREAD_MAX_DEPTH + 2)

/* A pattern token after guess `after`; -1 (err_set) if it is none. */
static int pattern_token(pathr *x, int no, const char *s, int len, int after) {
  int p = tr_pattern_of(s, (size_t)len);
  if (p >= 0) return p;
  char b[TR_SHOWN_SIZE];
  const char *name = x->r.name;
  if (len > 5 && tr_pattern_of(s, 5) >= 0) {
    bool digits = true;
    for (int i = 5; i < len; i++) digits = digits && is_digit(s[i]);
    if (digits)
      return err_set("%s:%d: '%s' is a pattern with a guess number, as in Selby's text format, "
                     "but this file is %s: mixed formats",
                     name, no, tr_shown(s, (size_t)len, b), treeread_public_name(x->r.f));
  }
  return err_set("%s:%d: '%s' after '%s' is not a pattern (five of _, y, g)", name, no,
                 tr_shown(s, (size_t)len, b), gw(&x->r, after));
}

/* Only printable ASCII and tabs on line `no` (the whole line: its
 * columns count from its first byte): 0, or -1 (err_set). */
static int line_bytes(const pathr *x, const char *s, int len, int no) {
  for (int i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    if ((c >= 0x20 && c < 0x7f) || c == '\t') continue;
    return err_set("%s:%d: %s byte 0x%02x at column %d: not a path-lines tree", x->r.name, no,
                   c == 0 ? "NUL" : c >= 0x80 ? "non-ASCII" : "control", c, i + 1);
  }
  return 0;
}

/* A compressed line's first token t0 (tlen bytes): N, the guesses it
 * shares with the line above (prev, NULL for the first), copied into
 * cur.  N, or -1 (err_set). */
static int shared_guesses(const pathr *x, const ppath *prev, ppath *cur, const char *t0, int tlen,
                          int no) {
  const char *name = x->r.name;
  char b[TR_SHOWN_SIZE];
  if (!is_digit(t0[0])) {
    if (is_letter(t0[0]))
      return err_set("%s:%d: a full path line in a file of compressed path lines (each line "
                     "starts with how many guesses it shares with the line above): mixed "
                     "formats",
                     name, no);
    return err_set("%s:%d: '%s' is not a count of shared guesses", name, no,
                   tr_shown(t0, (size_t)tlen, b));
  }
  int k = 0;
  for (int j = 0; j < tlen; j++) {
    if (!is_digit(t0[j]) || k > 1000)
      return err_set("%s:%d: '%s' is not a count of shared guesses", name, no,
                     tr_shown(t0, (size_t)tlen, b));
    k = k * 10 + (t0[j] - '0');
  }
  int have = prev ? prev->m : 0;
  if (k > have) {
    if (!prev)
      return err_set("%s:%d: the first line shares %d guess%s, but there is no line above",
                     name, no, k, k == 1 ? "" : "es");
    return err_set("%s:%d: the line shares %d guesses with line %d, which has only %d", name, no,
                   k, prev->no, have);
  }
  if (k) {
    memcpy(cur->guess, prev->guess, sizeof *cur->guess * (size_t)k);
    memcpy(cur->pat, prev->pat, sizeof *cur->pat * (size_t)k);
  }
  cur->m = k;
  return k;
}

/* Tokens i.. of line `no` (starts and lengths), words and patterns in
 * turn from want_word, onto cur.  Then the end: the answer and ggggg
 * (a compressed line leaves ggggg out).  0, or -1 (err_set). */
static int path_tokens(pathr *x, ppath *cur, const char *s, const int *start, const int *tlen,
                       int i, int nt, bool want_word, int no) {
  const char *name = x->r.name;
  bool won = false; /* the last token read was the winning pattern */
  for (; i < nt; i++) {
    const char *tok = s + start[i];
    char b[TR_SHOWN_SIZE];
    if (won)
      return err_set("%s:%d: the path goes on after ggggg ('%s')", name, no,
                     tr_shown(tok, (size_t)tlen[i], b));
    if (want_word) {
      if (cur->m == TREEREAD_MAX_DEPTH)
        return err_set("%s:%d: more than %d guesses on one line (optle reads trees at most %d "
                       "deep)",
                       name, no, TREEREAD_MAX_DEPTH, TREEREAD_MAX_DEPTH);
      char where[TR_WHERE_SIZE];
      snprintf(where, sizeof where, "%s:%d", name, no);
      int gi = tr_word_of(&x->r, where, "", tok, (size_t)tlen[i]);
      if (gi < 0) return -1;
      cur->guess[cur->m++] = gi;
    } else {
      int p = pattern_token(x, no, tok, tlen[i], cur->guess[cur->m - 1]);
      if (p < 0) return -1;
      cur->pat[cur->m - 1] = p;
      won = p == PATTERN_WIN;
    }
    want_word = !want_word;
  }
  /* Ends with the answer and ggggg; compressed lines leave ggggg out
   * (and "N" alone ends with the N-th guess). */
  if (won) return 0;
  if (!want_word && x->r.f == TREEFMT_CPATHS) {
    cur->pat[cur->m - 1] = PATTERN_WIN;
    return 0;
  }
  if (!want_word)
    return err_set("%s:%d: the line does not end with the answer and ggggg (like 'salet "
                   "ggggg')",
                   name, no);
  return err_set("%s:%d: the line ends with a pattern, not with the answer", name, no);
}

/*
 * Parse line `no` (s[0..len), trailing blanks and CR gone) into cur;
 * prev is the line above (NULL for the first), for the compressed
 * variant.  0, or -1 with err_set (unusable).
 */
static int path_line(pathr *x, const ppath *prev, ppath *cur, const char *s, int len, int no) {
  const char *name = x->r.name;
  int start[PMAX_TOKENS], tlen[PMAX_TOKENS];
  int nt = tokens(s, len, start, tlen, PMAX_TOKENS);
  if (nt < 0)
    return err_set("%s:%d: more than %d guesses on one line (optle reads trees at most %d deep)",
                   name, no, TREEREAD_MAX_DEPTH, TREEREAD_MAX_DEPTH);
  const char *t0 = s + start[0];
  if (t0[0] == '{' || t0[0] == '[' || (tlen[0] == 6 && !memcmp(t0, "export", 6)))
    return err_set("%s:%d: JSON in a file of %s: mixed formats", name, no,
                   treeread_public_name(x->r.f));
  cur->no = no;
  cur->m = 0;
  if (x->r.f != TREEFMT_CPATHS) {
    if (is_digit(t0[0]))
      return err_set("%s:%d: the line starts with a count, as compressed path lines do, but this "
                     "file is full path lines: mixed formats",
                     name, no);
    return path_tokens(x, cur, s, start, tlen, 0, nt, true, no);
  }
  int k = shared_guesses(x, prev, cur, t0, tlen[0], no);
  if (k < 0) return -1;
  if (k == 0 && nt == 1)
    return err_set("%s:%d: the line shares no guesses and names none", name, no);
  return path_tokens(x, cur, s, start, tlen, 1, nt, k == 0, no);
}

/* The line's answer, labels, and its walk down the trie. */
static void path_walk(pathr *x, const ppath *l) {
  const char *name = x->r.name;
  char at[TR_WHERE_SIZE], h[800];
  snprintf(at, sizeof at, "%s:%d", name, l->no);
  tr_locs lc = {.at = at, .tail = ""};
  for (int j = 0; j < l->m; j++) lc.label[j] = at;
  /* path_line() ends every path with the answer and ggggg. */
  assert(l->m >= 1 && l->pat[l->m - 1] == PATTERN_WIN);
  int before = x->r.invalid;
  tr_answer_ends(&x->r, l->guess, l->pat, l->m - 1, &lc, l->no, NULL);
  if (x->r.invalid != before) return;
  int node = 0;
  for (int j = 0; j < l->m; j++) {
    int guess = l->guess[j], p = l->pat[j];
    assert(node < x->nt && p >= 0 && p < PATTERN_COUNT); /* parsed: a pattern */
    tr_hnode *t = &x->t[node];
    if (t->guess < 0) {
      t->guess = guess;
      t->line = l->no; /* the root's was made before any line */
    } else if (t->guess != guess) {
      if (j == 0)
        tr_invalid(&x->r, "%s: the first guess is '%s', but line %d starts with '%s'", at,
                   gw(&x->r, guess), t->line, gw(&x->r, t->guess));
      else
        tr_invalid(&x->r, "%s: after '%s' this line guesses '%s', but line %d guesses '%s' (the "
                   "same history must lead to the same guess)",
                   at, tr_history(&x->r, l->guess, l->pat, j, h, sizeof h), gw(&x->r, guess),
                   t->line, gw(&x->r, t->guess));
      return;
    }
    if (p == PATTERN_WIN) {
      t->win = l->no;
      return;
    }
    int k = t->last;
    if (k < 0 || x->t[k].pat != p)
      for (k = t->kid; k >= 0 && x->t[k].pat != p; k = x->t[k].sib) {
      }
    if (k < 0) {
      k = tr_hnode_new(&x->t, &x->nt, &x->cap, l->no, p); /* may move x->t */
      t = &x->t[node];
      x->t[k].sib = t->kid;
      t->kid = k;
    }
    t->last = k;
    node = k;
  }
}

int tr_read_paths(const char *data, size_t len, reader *r, tnode **out, treeread_info *info) {
  pathr x = {.r = *r};
  ppath *lines = xmalloc(2 * sizeof *lines);
  ppath *prev = NULL, *cur = &lines[0];
  tr_hnode_new(&x.t, &x.nt, &x.cap, 1, 0);
  int no = 0, rc = 0;
  for (size_t pos = 0; pos < len;) {
    const char *s = data + pos;
    const char *nl = memchr(s, '\n', len - pos);
    size_t n = nl ? (size_t)(nl - s) : len - pos;
    pos += n + (nl ? 1 : 0);
    no++;
    while (n > 0 && (s[n - 1] == '\r' || is_blank(s[n - 1]))) n--;
    size_t b = 0;
    while (b < n && is_blank(s[b])) b++;
    if (b == n) continue;
    if (n > TREEREAD_MAX_LINE) {
      rc = err_set("%s:%d: line too long (more than %d bytes)", r->name, no, TREEREAD_MAX_LINE);
      break;
    }
    if ((rc = line_bytes(&x, s, (int)n, no))) break;
    if ((rc = path_line(&x, prev, cur, s + b, (int)(n - b), no))) break;
    if (!x.r.invalid) path_walk(&x, cur);
    prev = cur;
    cur = cur == &lines[0] ? &lines[1] : &lines[0];
  }
  info->lines = no;
  if (!rc && !prev) rc = err_set("%s: no tree lines in the file", r->name);
  if (!rc && x.r.invalid) rc = TREEREAD_INVALID;
  if (!rc) *out = tr_hnode_build(x.t, 0);
  if (rc == TREEREAD_INVALID) err_set("%s", x.r.problem);
  free(lines);
  free(x.t);
  return rc;
}
