/*
 * treeread_public.c: the readers for path lines, compressed path lines,
 * map JSON and its ES-module wrapping (treeread_public.h).
 *
 * Path lines: each line (rebuilt from the line above for the compressed
 * variant) becomes a full path of (guess, pattern) pairs ending in the
 * answer, and the paths go into a trie, one node per distinct history,
 * which enforces "same history, same guess".  Unlike Selby's format, the
 * lines need not be in tree order: a node's children are looked up by
 * pattern.
 *
 * Map JSON: a hand-written tokenizer with line and column for every
 * key, and a recursive descent over the nodes (depth bounded by
 * TREEREAD_MAX_DEPTH guesses, any other nesting by MAP_MAX_NEST) that
 * builds the tree directly.  A node's "guess" is needed before its map
 * can be checked; when "map" comes first, it is skipped and read again
 * once the guess is known.
 *
 * Both keep reading after the first invalid spot, so that an unusable
 * file is always reported as unusable; the message names the first
 * problem in file order.
 */
#include "treeread_public.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "feedback.h"
#include "util.h"
#include "words.h"

/* Nesting a map-JSON file may have: two levels a guess, and some room
 * for the statistics beside the nodes. */
#define MAP_MAX_NEST (2 * TREEREAD_MAX_DEPTH + 16)

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
static void spell(treefmt f, int p, char out[6]) {
  const char *d = f == TREEFMT_MAP || f == TREEFMT_MJS ? "012" : "_yg";
  for (int i = 0; i < 5; i++, p /= 3) out[i] = d[p % 3];
  out[5] = '\0';
}

/* Five symbols: '_' gray, or whatever pattern_parse() takes; -1 if not. */
static int pattern_of(const char *s, size_t len) {
  if (len != 5) return -1;
  char b[6];
  for (int i = 0; i < 5; i++) b[i] = s[i] == '_' ? 'B' : s[i];
  b[5] = '\0';
  return pattern_parse(b);
}

static bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_blank(char c) { return c == ' ' || c == '\t'; }

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
/* Shared: the first invalid spot, words, labels                        */

typedef struct {
  const char *name;
  const game *g;
  treefmt f;
  bool invalid;
  char problem[1024];
  int *line_of; /* per answer: where it ends (0: not yet) */
} preader;

static void invalid(preader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void invalid(preader *r, const char *fmt, ...) {
  if (r->invalid) return;
  r->invalid = true;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->problem, sizeof r->problem, fmt, ap);
  va_end(ap);
}

/* A token for messages: at most 24 bytes, non-printable bytes as '?'. */
static const char *shown(const char *s, size_t len, char buf[32]) {
  size_t n = len > 24 ? 24 : len;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    buf[i] = c >= 0x20 && c < 0x7f ? (char)c : '?';
  }
  if (len > n) {
    memcpy(buf + n, "...", 3);
    n += 3;
  }
  buf[n] = '\0';
  return buf;
}

static const char *gw(const preader *r, int guess) { return r->g->guesses.w[guess]; }

/* A guess word: five letters (case folded) in the guess list.  Its
 * index, or -1 with err_msg() "where: reason" (where ends the prefix,
 * tail follows the reason: a column for JSON). */
static int word_of(const preader *r, const char *where, const char *tail, const char *s,
                   size_t len) {
  char w[8] = {0}, b[32];
  bool ok = len == 5;
  for (size_t i = 0; ok && i < 5; i++) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
    ok = c >= 'a' && c <= 'z';
    w[i] = c;
  }
  if (!ok) return err_set("%s: '%s' is not a five-letter word%s", where, shown(s, len, b), tail);
  int gi = words_find(&r->g->guesses, w);
  if (gi < 0)
    return err_set("%s: '%s' is not in the guess list %s%s", where, w, r->g->guesses.path, tail);
  return gi;
}

/* "salet _____ courd _y_y_" (or "salet 00000 ...") for pairs 0..k). */
static const char *history(const preader *r, const int *guess, const int *pat, int k, char *buf,
                           size_t size) {
  size_t n = 0;
  buf[0] = '\0';
  for (int j = 0; j < k && n + 16 < size; j++) {
    char ps[6];
    spell(r->f, pat[j], ps);
    n += (size_t)snprintf(buf + n, size - n, "%s%s %s", j ? " " : "", gw(r, guess[j]), ps);
  }
  return buf;
}

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
} locs;

static void answer_ends(preader *r, const int *guess, const int *pat, int d, const locs *l,
                        int loc, int *seen_where) {
  const game *g = r->g;
  int a = g->guess2ans[guess[d]];
  if (a < 0) {
    invalid(r, "%s: '%s' ends a path, but it is not in the answer list %s%s", l->at,
            gw(r, guess[d]), g->answers.path, l->tail);
    return;
  }
  const char *aw = g->answers.w[a];
  for (int j = 0; j < d; j++) {
    int fb = feedback_of(gw(r, guess[j]), aw);
    if (fb == pat[j]) continue;
    char gs[6], ws[6], h[TREEREAD_MAX_DEPTH * 6 + 1];
    spell(r->f, pat[j], gs);
    spell(r->f, fb, ws);
    size_t n = 0;
    for (int i = 0; i <= j; i++) {
      memcpy(h + n, gw(r, guess[i]), 5);
      h[n + 5] = '/';
      n += 6;
    }
    h[n - 1] = '\0';
    invalid(r, "%s: answer '%s': pattern %s after '%s' but %s gives %s%s", l->label[j], aw, gs,
            gw(r, guess[j]), h, ws, l->tail);
    return;
  }
  if (r->line_of[a]) {
    if (seen_where)
      invalid(r, "%s: answer '%s' appears twice (at %d:%d and %d:%d, line:column)", l->at, aw,
              r->line_of[a], seen_where[a], loc, seen_where[g->n_answers]);
    else
      invalid(r, "%s: answer '%s' appears twice (lines %d and %d)", l->at, aw, r->line_of[a],
              loc);
    return;
  }
  r->line_of[a] = loc;
  if (seen_where) seen_where[a] = seen_where[g->n_answers];
}

typedef struct {
  int pat;
  tnode *kid;
} patkid;

static int cmp_patkid(const void *a, const void *b) {
  return pattern_cmp(((const patkid *)a)->pat, ((const patkid *)b)->pat);
}

/* ------------------------------------------------------------------ */
/* Path lines                                                           */

/* One node per distinct history. */
typedef struct {
  int guess; /* -1 until a line names it */
  int line;  /* the line that first reached it */
  int win;   /* the line that ends here, 0 = none */
  int kid, sib, last; /* first child, next sibling, last child used; -1 = none */
  uint8_t pat;        /* pattern from the parent */
} ptrie;

/* A line as a full path: guess[0..m), pat[m - 1] the winning pattern. */
typedef struct {
  int m, no;
  int guess[TREEREAD_MAX_DEPTH];
  int pat[TREEREAD_MAX_DEPTH];
} ppath;

typedef struct {
  preader r;
  ptrie *t;
  int nt, cap;
} pathr;

static int ptrie_new(pathr *x, int line, int pat) {
  if (x->nt == x->cap) {
    x->cap = x->cap ? 2 * x->cap : 1024;
    x->t = xrealloc(x->t, sizeof *x->t * (size_t)x->cap);
  }
  x->t[x->nt] = (ptrie){.guess = -1, .line = line, .kid = -1, .sib = -1, .last = -1,
                        .pat = (uint8_t)pat};
  return x->nt++;
}

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
  int p = pattern_of(s, (size_t)len);
  if (p >= 0) return p;
  char b[32];
  const char *name = x->r.name;
  if (len > 5 && pattern_of(s, 5) >= 0) {
    bool digits = true;
    for (int i = 5; i < len; i++) digits = digits && is_digit(s[i]);
    if (digits)
      return err_set("%s:%d: '%s' is a pattern with a guess number, as in Selby's text format, "
                     "but this file is %s: mixed formats",
                     name, no, shown(s, (size_t)len, b), treeread_public_name(x->r.f));
  }
  return err_set("%s:%d: '%s' after '%s' is not a pattern (five of _, y, g)", name, no,
                 shown(s, (size_t)len, b), gw(&x->r, after));
}

/*
 * Parse line `no` (s[0..len), trailing blanks and CR gone) into cur;
 * prev is the line above (NULL for the first), for the compressed
 * variant.  0, or -1 with err_set (unusable).
 */
static int path_line(pathr *x, const ppath *prev, ppath *cur, const char *s, int len, int no) {
  const char *name = x->r.name;
  bool comp = x->r.f == TREEFMT_CPATHS;
  for (int i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    if ((c >= 0x20 && c < 0x7f) || c == '\t') continue;
    return err_set("%s:%d: %s byte 0x%02x at column %d: not a path-lines tree", name, no,
                   c == 0 ? "NUL" : c >= 0x80 ? "non-ASCII" : "control", c, i + 1);
  }
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
  int i = 0;
  bool want_word = true;
  if (comp) {
    if (!is_digit(t0[0])) {
      if (is_letter(t0[0]))
        return err_set("%s:%d: a full path line in a file of compressed path lines (each line "
                       "starts with how many guesses it shares with the line above): mixed "
                       "formats",
                       name, no);
      char b[32];
      return err_set("%s:%d: '%s' is not a count of shared guesses", name, no,
                     shown(t0, (size_t)tlen[0], b));
    }
    int k = 0;
    for (int j = 0; j < tlen[0]; j++) {
      if (!is_digit(t0[j]) || k > 1000) {
        char b[32];
        return err_set("%s:%d: '%s' is not a count of shared guesses", name, no,
                       shown(t0, (size_t)tlen[0], b));
      }
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
    want_word = k == 0;
    i = 1;
    if (k == 0 && nt == 1)
      return err_set("%s:%d: the line shares no guesses and names none", name, no);
  } else if (is_digit(t0[0])) {
    return err_set("%s:%d: the line starts with a count, as compressed path lines do, but this "
                   "file is full path lines: mixed formats",
                   name, no);
  }
  bool won = false; /* the last token read was the winning pattern */
  for (; i < nt; i++) {
    const char *tok = s + start[i];
    char b[32];
    if (won)
      return err_set("%s:%d: the path goes on after ggggg ('%s')", name, no,
                     shown(tok, (size_t)tlen[i], b));
    if (want_word) {
      if (cur->m == TREEREAD_MAX_DEPTH)
        return err_set("%s:%d: more than %d guesses on one line (optle reads trees at most %d "
                       "deep)",
                       name, no, TREEREAD_MAX_DEPTH, TREEREAD_MAX_DEPTH);
      char where[600];
      snprintf(where, sizeof where, "%s:%d", name, no);
      int gi = word_of(&x->r, where, "", tok, (size_t)tlen[i]);
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
  if (!want_word && comp) {
    cur->pat[cur->m - 1] = PATTERN_WIN;
    return 0;
  }
  if (!want_word)
    return err_set("%s:%d: the line does not end with the answer and ggggg (like 'salet "
                   "ggggg')",
                   name, no);
  return err_set("%s:%d: the line ends with a pattern, not with the answer", name, no);
}

/* The line's answer, labels, and its walk down the trie. */
static void path_walk(pathr *x, const ppath *l) {
  const char *name = x->r.name;
  char at[600], h[800];
  snprintf(at, sizeof at, "%s:%d", name, l->no);
  locs lc = {.at = at, .tail = ""};
  for (int j = 0; j < l->m; j++) lc.label[j] = at;
  int before = x->r.invalid;
  answer_ends(&x->r, l->guess, l->pat, l->m - 1, &lc, l->no, NULL);
  if (x->r.invalid != before) return;
  int node = 0;
  for (int j = 0; j < l->m; j++) {
    int guess = l->guess[j], p = l->pat[j];
    ptrie *t = &x->t[node];
    if (t->guess < 0) {
      t->guess = guess;
    } else if (t->guess != guess) {
      if (j == 0)
        invalid(&x->r, "%s: the first guess is '%s', but line %d starts with '%s'", at,
                gw(&x->r, guess), t->line, gw(&x->r, t->guess));
      else
        invalid(&x->r, "%s: after '%s' this line guesses '%s', but line %d guesses '%s' (the "
                "same history must lead to the same guess)",
                at, history(&x->r, l->guess, l->pat, j, h, sizeof h), gw(&x->r, guess), t->line,
                gw(&x->r, t->guess));
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
      k = ptrie_new(x, l->no, p); /* may move x->t */
      t = &x->t[node];
      x->t[k].sib = t->kid;
      t->kid = k;
    }
    t->last = k;
    node = k;
  }
}

static int cmp_pat_idx(const void *a, const void *b) {
  return pattern_cmp(((const int *)a)[0], ((const int *)b)[0]);
}

/* The tnode for trie node i, depth bounded by the line grammar. */
static tnode *path_build(const pathr *x, int i) {
  const ptrie *t = &x->t[i];
  int pk[2 * PATTERN_COUNT], nk = 0;
  for (int k = t->kid; k >= 0; k = x->t[k].sib) {
    pk[2 * nk] = x->t[k].pat;
    pk[2 * nk + 1] = k;
    nk++;
  }
  qsort(pk, (size_t)nk, 2 * sizeof *pk, cmp_pat_idx);
  tnode *n = tree_node_new(t->guess, 0, t->win ? 1 : 0, nk);
  int below = 0;
  for (int k = 0; k < nk; k++) {
    n->pat[k] = (uint8_t)pk[2 * k];
    n->kid[k] = path_build(x, pk[2 * k + 1]);
    n->n += n->kid[k]->n;
    below += n->kid[k]->total;
  }
  n->total = n->n + below;
  return n;
}

static int read_paths(const char *data, size_t len, preader *r, tnode **out,
                      treeread_info *info) {
  pathr x = {.r = *r};
  ppath *lines = xmalloc(2 * sizeof *lines);
  ppath *prev = NULL, *cur = &lines[0];
  ptrie_new(&x, 1, 0);
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
    if ((rc = path_line(&x, prev, cur, s + b, (int)(n - b), no))) break;
    if (!x.r.invalid) path_walk(&x, cur);
    prev = cur;
    cur = cur == &lines[0] ? &lines[1] : &lines[0];
  }
  info->lines = no;
  if (!rc && !prev) rc = err_set("%s: no tree lines in the file", r->name);
  if (!rc && x.r.invalid) rc = TREEREAD_INVALID;
  if (!rc) *out = path_build(&x, 0);
  if (rc == TREEREAD_INVALID) err_set("%s", x.r.problem);
  free(lines);
  free(x.t);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Map JSON                                                             */

typedef struct {
  preader r;
  const char *s;
  size_t n, pos;
  int line;
  size_t bol; /* where the current line begins */
  int nest;
  int *col_of; /* per answer: the column of its key; [n_answers]: the current one */
  /* The path to the current node: guesses, patterns, their keys' places. */
  int guess[TREEREAD_MAX_DEPTH + 1];
  int pat[TREEREAD_MAX_DEPTH + 1];
  int kline[TREEREAD_MAX_DEPTH + 1], kcol[TREEREAD_MAX_DEPTH + 1];
} mapr;

static int col(const mapr *x, size_t pos) { return (int)(pos - x->bol) + 1; }

/* An unusable spot at (line, column). */
static int bad_at(const mapr *x, int line, int column, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int bad_at(const mapr *x, int line, int column, const char *fmt, ...) {
  char msg[700];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return err_set("%s:%d: %s (column %d)", x->r.name, line, msg, column);
}
#define BAD(x, ...) bad_at((x), (x)->line, col((x), (x)->pos), __VA_ARGS__)

static void ws(mapr *x) {
  while (x->pos < x->n) {
    char c = x->s[x->pos];
    if (c == '\n') {
      x->line++;
      x->bol = x->pos + 1;
    } else if (c != ' ' && c != '\t' && c != '\r') {
      return;
    }
    x->pos++;
  }
}

static int peek(mapr *x) {
  ws(x);
  return x->pos < x->n ? (unsigned char)x->s[x->pos] : -1;
}

static const char *what(int c, char buf[16]) {
  if (c < 0) return "the end of the file";
  snprintf(buf, 16, c > 0x20 && c < 0x7f ? "'%c'" : "byte 0x%02x", c);
  return buf;
}

static int expect(mapr *x, char c, const char *as) {
  int got = peek(x);
  if (got == c) {
    x->pos++;
    return 0;
  }
  char b[16];
  return BAD(x, "expected %s, found %s", as, what(got, b));
}

/* A string at pos (its '"'); up to cap - 1 decoded bytes kept in buf
 * (NUL-terminated), *len the full decoded length. */
static int jstring(mapr *x, char *buf, size_t cap, size_t *len) {
  size_t n = 0;
  x->pos++; /* the quote */
  for (;;) {
    if (x->pos >= x->n) return BAD(x, "unterminated string");
    unsigned char c = (unsigned char)x->s[x->pos];
    if (c == '"') break;
    if (c < 0x20) return BAD(x, "control byte 0x%02x in a string", c);
    if (c == '\\') {
      if (x->pos + 1 >= x->n) return BAD(x, "unterminated string");
      char e = x->s[x->pos + 1];
      const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
      const char *k = strchr(from, e);
      if (e && k) {
        c = (unsigned char)to[k - from];
        x->pos += 2;
      } else if (e == 'u') {
        unsigned v = 0;
        for (int i = 0; i < 4; i++) {
          char h = x->pos + 2 + (size_t)i < x->n ? x->s[x->pos + 2 + (size_t)i] : 0;
          int lo = h | 0x20;
          int d = is_digit(h) ? h - '0' : lo >= 'a' && lo <= 'f' ? lo - 'a' + 10 : -1;
          if (d < 0) return BAD(x, "bad \\u escape in a string");
          v = v * 16 + (unsigned)d;
        }
        x->pos += 6;
        c = v < 0x80 && v > 0 ? (unsigned char)v : '?'; /* only ASCII can spell a word */
      } else {
        return BAD(x, "bad escape '\\%c' in a string", e >= 0x20 && e < 0x7f ? e : '?');
      }
    } else {
      x->pos++;
    }
    if (n + 1 < cap) buf[n] = (char)c;
    n++;
  }
  x->pos++;
  if (cap) buf[n < cap ? n : cap - 1] = '\0';
  *len = n;
  return 0;
}

static int skip_value(mapr *x);

/* Skip an object or array (its opening at pos). */
static int skip_compound(mapr *x) {
  char open = x->s[x->pos], close = open == '{' ? '}' : ']';
  if (++x->nest > MAP_MAX_NEST)
    return BAD(x, "JSON nested more than %d levels deep (a tree at most %d guesses deep needs "
               "far fewer)",
               MAP_MAX_NEST, TREEREAD_MAX_DEPTH);
  x->pos++;
  if (peek(x) == close) {
    x->pos++;
    x->nest--;
    return 0;
  }
  for (;;) {
    if (open == '{') {
      size_t len;
      if (peek(x) != '"') {
        char b[16];
        return BAD(x, "expected a key, found %s", what(peek(x), b));
      }
      if (jstring(x, NULL, 0, &len) || expect(x, ':', "':'")) return -1;
    }
    if (skip_value(x)) return -1;
    int c = peek(x);
    if (c == close) break;
    if (expect(x, ',', open == '{' ? "',' or '}'" : "',' or ']'")) return -1;
  }
  x->pos++;
  x->nest--;
  return 0;
}

static int skip_value(mapr *x) {
  int c = peek(x);
  char b[16];
  if (c == '{' || c == '[') return skip_compound(x);
  if (c == '"') {
    size_t len;
    return jstring(x, NULL, 0, &len);
  }
  const char *lit[] = {"true", "false", "null"};
  for (int i = 0; i < 3; i++) {
    size_t l = strlen(lit[i]);
    if (x->n - x->pos >= l && !memcmp(x->s + x->pos, lit[i], l)) {
      x->pos += l;
      return 0;
    }
  }
  if (c == '-' || is_digit((char)c)) { /* JSON's number grammar */
    size_t p = x->pos;
    if (x->s[p] == '-') p++;
    if (p >= x->n || !is_digit(x->s[p])) return BAD(x, "bad number");
    if (x->s[p] == '0') p++;
    else
      while (p < x->n && is_digit(x->s[p])) p++;
    if (p < x->n && x->s[p] == '.') {
      if (++p >= x->n || !is_digit(x->s[p])) return BAD(x, "bad number");
      while (p < x->n && is_digit(x->s[p])) p++;
    }
    if (p < x->n && (x->s[p] == 'e' || x->s[p] == 'E')) {
      p++;
      if (p < x->n && (x->s[p] == '+' || x->s[p] == '-')) p++;
      if (p >= x->n || !is_digit(x->s[p])) return BAD(x, "bad number");
      while (p < x->n && is_digit(x->s[p])) p++;
    }
    x->pos = p;
    return 0;
  }
  return BAD(x, "expected a value, found %s", what(c, b));
}

static const char *jtype(int c) {
  return c == '{' ? "an object" : c == '[' ? "an array" : c == '"' ? "a string"
         : c == 't' || c == 'f' ? "a boolean" : c == 'n' ? "null" : "a number";
}

/* Labels' and answers' locations for answer_ends(): the path's keys. */
static void map_locs(mapr *x, int d, int line, int column, locs *l, char (*buf)[600],
                     char *tail) {
  snprintf(tail, 32, " (column %d)", column);
  for (int j = 0; j < d; j++) {
    snprintf(buf[j], 600, "%s:%d", x->r.name, x->kline[j]);
    l->label[j] = buf[j];
  }
  snprintf(buf[d], 600, "%s:%d", x->r.name, line);
  l->at = buf[d];
  l->tail = tail;
}

/* The answer ending at depth d, named by the key at (line, column). */
static void map_answer(mapr *x, int d, int line, int column) {
  if (x->r.invalid) return;
  locs l;
  char (*buf)[600] = xmalloc(600 * (size_t)(d + 1));
  char tail[32];
  map_locs(x, d, line, column, &l, buf, tail);
  x->col_of[x->r.g->n_answers] = column; /* where this answer is named */
  answer_ends(&x->r, x->guess, x->pat, d, &l, line, x->col_of);
  free(buf);
}

static tnode *map_node(mapr *x, int d);

/* The map of the node at depth d (its guess known), from its '{'. */
static tnode *map_map(mapr *x, int d, int mline, int mcol) {
  const char *name = x->r.name;
  int guess = x->guess[d];
  x->pos++;
  x->nest++;
  patkid *pk = xmalloc(sizeof *pk * PATTERN_COUNT);
  int *seen = xcalloc(PATTERN_COUNT, sizeof *seen); /* line of a pattern's key, 0 = none */
  int have = 0, win = 0;
  tnode *t = NULL;
  if (peek(x) == '}') {
    bad_at(x, mline, mcol, "the map of '%s' is empty", gw(&x->r, guess));
    goto fail;
  }
  for (;;) {
    char key[32], b[32], c16[16];
    size_t klen;
    if (peek(x) != '"') {
      BAD(x, "expected a pattern key, found %s", what(peek(x), c16));
      goto fail;
    }
    int kline = x->line, kcol = col(x, x->pos);
    if (jstring(x, key, sizeof key, &klen) || expect(x, ':', "':'")) goto fail;
    int p = klen < sizeof key ? pattern_of(key, klen) : -1;
    if (p < 0) {
      bad_at(x, kline, kcol, "\"%s\" under '%s' is not a pattern (five of 0, 1, 2)",
             shown(key, klen < sizeof key ? klen : sizeof key - 1, b), gw(&x->r, guess));
      goto fail;
    }
    x->pat[d] = p;
    x->kline[d] = kline;
    x->kcol[d] = kcol;
    bool keep = true;
    if (seen[p]) {
      char ps[6];
      spell(x->r.f, p, ps);
      invalid(&x->r, "%s:%d: pattern %s is listed twice under '%s' (lines %d and %d; column %d)",
              name, kline, ps, gw(&x->r, guess), seen[p], kline, kcol);
      keep = false;
    }
    seen[p] = kline;
    int c = peek(x);
    if (c == '"') { /* a word: guess it, it is the answer */
      int wline = x->line, wcol = col(x, x->pos);
      char w[32], where[600], tail[32];
      size_t wlen;
      if (jstring(x, w, sizeof w, &wlen)) goto fail;
      snprintf(where, sizeof where, "%s:%d", name, wline);
      snprintf(tail, sizeof tail, " (column %d)", wcol);
      int gi = word_of(&x->r, where, tail, w, wlen < sizeof w ? wlen : sizeof w - 1);
      if (gi < 0) goto fail;
      if (p == PATTERN_WIN && gi == guess) {
        if (keep) {
          win = 1;
          map_answer(x, d, kline, kcol);
        }
      } else {
        if (d + 1 >= TREEREAD_MAX_DEPTH) {
          bad_at(x, kline, kcol, "deeper than %d guesses (optle reads trees at most %d deep)",
                 TREEREAD_MAX_DEPTH, TREEREAD_MAX_DEPTH);
          goto fail;
        }
        x->guess[d + 1] = gi;
        if (keep) map_answer(x, d + 1, kline, kcol); /* 22222: the label check names it */
        if (keep && p != PATTERN_WIN) pk[have++] = (patkid){p, tree_node_new(gi, 1, 1, 0)};
      }
    } else if (c == '{') {
      if (p == PATTERN_WIN) {
        invalid(&x->r, "%s:%d: the winning pattern is a subtree under '%s' (when the guess is "
                "the answer, the game ends) (column %d)",
                name, kline, gw(&x->r, guess), kcol);
        keep = false;
      }
      tnode *kid = map_node(x, d + 1);
      if (!kid) goto fail;
      if (keep) pk[have++] = (patkid){p, kid};
      else tree_free(kid);
    } else {
      bad_at(x, kline, kcol, "the value of \"%s\" under '%s' must be a word or a node, not %s",
             key, gw(&x->r, guess), c < 0 ? "missing" : jtype(c));
      goto fail;
    }
    c = peek(x);
    if (c == '}') break;
    if (expect(x, ',', "',' or '}'")) goto fail;
  }
  x->pos++;
  x->nest--;
  qsort(pk, (size_t)have, sizeof *pk, cmp_patkid);
  t = tree_node_new(guess, 0, win, have);
  int below = 0;
  for (int i = 0; i < have; i++) {
    t->pat[i] = (uint8_t)pk[i].pat;
    t->kid[i] = pk[i].kid;
    t->n += pk[i].kid->n;
    below += pk[i].kid->total;
  }
  t->total = t->n + below;
  free(pk);
  free(seen);
  return t;
fail:
  for (int i = 0; i < have; i++) tree_free(pk[i].kid);
  free(pk);
  free(seen);
  return NULL;
}

/* The node at depth d, from its '{': {"guess": w, "map": {...}, ...}. */
static tnode *map_node(mapr *x, int d) {
  const char *name = x->r.name;
  int oline = x->line, ocol = col(x, x->pos);
  if (d >= TREEREAD_MAX_DEPTH) {
    BAD(x, "deeper than %d guesses (optle reads trees at most %d deep)", TREEREAD_MAX_DEPTH,
        TREEREAD_MAX_DEPTH);
    return NULL;
  }
  if (++x->nest > MAP_MAX_NEST) {
    BAD(x, "JSON nested more than %d levels deep", MAP_MAX_NEST);
    return NULL;
  }
  x->pos++;
  int guess = -1, gline = 0;
  int mline = 0, mcol = 0, mkl = 0;
  size_t mpos = 0, mbol = 0;
  tnode *t = NULL;
  bool deferred = false;
  if (peek(x) != '}')
    for (;;) {
      char key[32], c16[16];
      size_t klen;
      if (peek(x) != '"') {
        BAD(x, "expected a key, found %s", what(peek(x), c16));
        goto fail;
      }
      int kline = x->line, kcol = col(x, x->pos);
      if (jstring(x, key, sizeof key, &klen) || expect(x, ':', "':'")) goto fail;
      int c = peek(x);
      bool is_guess = klen == 5 && !strcmp(key, "guess"), is_map = klen == 3 && !strcmp(key, "map");
      if ((is_guess && gline) || (is_map && mkl)) {
        bad_at(x, kline, kcol, "duplicate key \"%s\" in a node (first on line %d)", key,
               is_guess ? gline : mkl);
        goto fail;
      }
      if (is_guess) {
        if (c != '"') {
          bad_at(x, kline, kcol, "\"guess\" must be a string, not %s",
                 c < 0 ? "missing" : jtype(c));
          goto fail;
        }
        int wcol = col(x, x->pos);
        char w[32], where[600], tail[32];
        size_t wlen;
        if (jstring(x, w, sizeof w, &wlen)) goto fail;
        snprintf(where, sizeof where, "%s:%d", name, kline);
        snprintf(tail, sizeof tail, " (column %d)", wcol);
        guess = word_of(&x->r, where, tail, w, wlen < sizeof w ? wlen : sizeof w - 1);
        if (guess < 0) goto fail;
        gline = kline;
        x->guess[d] = guess;
      } else if (is_map) {
        if (c != '{') {
          bad_at(x, kline, kcol, "\"map\" must be an object, not %s", c < 0 ? "missing" : jtype(c));
          goto fail;
        }
        mkl = kline;
        mline = x->line;
        mcol = col(x, x->pos);
        if (guess >= 0) {
          if (!(t = map_map(x, d, mline, mcol))) goto fail;
        } else { /* read once the guess is known */
          mpos = x->pos;
          mbol = x->bol;
          deferred = true;
          if (skip_value(x)) goto fail;
        }
      } else if ((klen == 4 && (!strcmp(key, "next") || !strcmp(key, "tree"))) ||
                 (klen == 5 && !strcmp(key, "total"))) {
        bad_at(x, kline, kcol, "key \"%s\" belongs to optle's JSON, not to map JSON: mixed formats",
               key);
        goto fail;
      } else if (skip_value(x)) {
        goto fail;
      }
      c = peek(x);
      if (c == '}') break;
      if (expect(x, ',', "',' or '}'")) goto fail;
    }
  if (!gline || !mkl) {
    bad_at(x, oline, ocol, "a node needs \"%s\" (like {\"guess\": \"salet\", \"map\": {...}})",
           gline ? "map" : "guess");
    goto fail;
  }
  if (deferred) {
    size_t end = x->pos, ebol = x->bol;
    int eline = x->line;
    x->pos = mpos;
    x->bol = mbol;
    x->line = mline;
    x->guess[d] = guess;
    t = map_map(x, d, mline, mcol);
    if (!t) return NULL;
    x->pos = end;
    x->bol = ebol;
    x->line = eline;
  }
  x->pos++; /* the node's '}' */
  x->nest--;
  return t;
fail:
  tree_free(t);
  return NULL;
}

static int read_map(const char *data, size_t len, preader *r, tnode **out, treeread_info *info) {
  mapr *x = xcalloc(1, sizeof *x);
  x->r = *r;
  x->s = data;
  x->n = len;
  x->line = 1;
  x->col_of = xcalloc((size_t)r->g->n_answers + 1, sizeof *x->col_of);
  info->lines = len > 0 && data[len - 1] != '\n'; /* as the path reader counts them */
  for (size_t i = 0; i < len; i++) info->lines += data[i] == '\n';
  int rc = -1;
  tnode *t = NULL;
  char b[16];
  ws(x);
  if (r->f == TREEFMT_MJS) {
    /* export default {...}; */
    x->pos += 6;
    size_t p0 = x->pos;
    ws(x);
    if (x->pos == p0 || x->n - x->pos < 7 || memcmp(x->s + x->pos, "default", 7) ||
        (x->n - x->pos > 7 && !strchr(" \t\r\n{", x->s[x->pos + 7]))) {
      BAD(x, "expected 'default' after 'export' (an ES module: export default {...};)");
      goto done;
    }
    x->pos += 7;
  }
  int c = peek(x);
  if (c != '{') {
    BAD(x, "the tree must be a JSON object, found %s",
        c == '"' || c == '[' ? jtype(c) : what(c, b));
    goto done;
  }
  t = map_node(x, 0);
  if (!t) goto done;
  c = peek(x);
  if (r->f == TREEFMT_MJS && c == ';') {
    x->pos++;
    c = peek(x);
  }
  if (c >= 0) {
    BAD(x, "%s after the tree's JSON object (one tree per file; mixed formats?)", what(c, b));
    goto done;
  }
  if (x->r.invalid) {
    err_set("%s", x->r.problem);
    rc = TREEREAD_INVALID;
    goto done;
  }
  *out = t;
  t = NULL;
  rc = 0;
done:
  tree_free(t);
  free(x->col_of);
  free(x);
  return rc;
}

/* ------------------------------------------------------------------ */

int treeread_public(const char *data, size_t len, const char *name, const game *g, treefmt f,
                    tnode **out, treeread_info *info) {
  *out = NULL;
  info->format = f;
  preader r = {.name = name, .g = g, .f = f};
  r.line_of = xcalloc((size_t)g->n_answers + 1, sizeof *r.line_of);
  int rc = f == TREEFMT_MAP || f == TREEFMT_MJS ? read_map(data, len, &r, out, info)
                                                : read_paths(data, len, &r, out, info);
  if (rc) {
    free(r.line_of);
    return rc;
  }
  info->line_of = r.line_of;
  return 0;
}

int treeread_public_missing(const char *name, const game *g, treefmt f, const char *aw,
                            const tnode *const *nodes, const uint8_t *pats, int d, int at_node) {
  preader r = {.name = name, .g = g, .f = f};
  int guess[TREE_MAX_DEPTH + 1] = {0}, pat[TREE_MAX_DEPTH + 1] = {0};
  if (d > TREEREAD_MAX_DEPTH) d = TREEREAD_MAX_DEPTH; /* readers build no deeper trees */
  for (int j = 0; j <= d; j++) {
    guess[j] = nodes[j]->guess;
    pat[j] = pats[j];
  }
  char h[800], ps[6];
  bool map = f == TREEFMT_MAP || f == TREEFMT_MJS;
  history(&r, guess, pat, d, h, sizeof h);
  const char *gd = g->guesses.w[guess[d]];
  if (at_node) {
    if (map)
      return err_set("%s: answer '%s' is missing: it reaches '%s'%s%s%s, but that node's map has "
                     "no \"22222\": \"%s\"",
                     name, aw, aw, d ? " after '" : "", h, d ? "'" : "", aw);
    return err_set("%s: answer '%s' is missing: no line ends with it (it would be '%s%s%s ggggg')",
                   name, aw, h, d ? " " : "", aw);
  }
  spell(f, pats[d], ps);
  if (map)
    return err_set("%s: answer '%s' is missing: the map of '%s'%s%s%s has no key \"%s\" (its "
                   "feedback) for it",
                   name, aw, gd, d ? " after '" : "", h, d ? "'" : "", ps);
  history(&r, guess, pat, d + 1, h, sizeof h);
  return err_set("%s: answer '%s' is missing: no line ends with it (its line would start '%s "
                 "...', and no line does)",
                 name, aw, h);
}
