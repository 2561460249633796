/*
 * treeread.c: the JSON and text tree readers (treeread.h).
 *
 * Both readers work on the whole file in memory (at most
 * TREEREAD_MAX_BYTES).  The text reader is hand-written: lines are cut
 * with memchr, an indented line is rebuilt from the line above's tokens,
 * and the paths go into a trie, one node per distinct history, which
 * enforces "same history, same guess" and contiguous patterns.  The JSON
 * reader scans the nesting depth first, then hands the bytes to jansson
 * (a well-kept Debian package with line and column errors and
 * JSON_REJECT_DUPLICATES) and walks the document.
 */
#include "treeread.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "feedback.h"
#include "treeread_public.h"
#include "util.h"
#include "words.h"

/* Largest stored total accepted: far above any real tree
 * (TREEREAD_MAX_DEPTH guesses x 65535 answers), far below overflow. */
#define TOTAL_MAX 1000000000

const char *treeread_format_name(treefmt f) {
  return f == TREEFMT_JSON ? "JSON" : f == TREEFMT_TEXT ? "text" : treeread_public_name(f);
}

void treeread_info_free(treeread_info *info) {
  if (!info) return;
  free(info->line_of);
  info->line_of = NULL;
}

/* ------------------------------------------------------------------ */
/* Shared state: the first invalid spot, kept while reading goes on.   */

typedef struct {
  const char *name;
  const game *g;
  bool invalid;
  char problem[1024];
} reader;

static void invalid(reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void invalid(reader *r, const char *fmt, ...) {
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

/* A guess word: five letters (case folded) in the guess list.  Returns
 * its index, or -1 with err_msg() set ("where" is "name:line" or a path). */
static int word_of(const reader *r, const char *where, const char *s, size_t len) {
  char w[8] = {0}, b[32];
  bool ok = len == 5;
  for (size_t i = 0; ok && i < 5; i++) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
    ok = c >= 'a' && c <= 'z';
    w[i] = c;
  }
  if (!ok) return err_set("%s: '%s' is not a five-letter word", where, shown(s, len, b));
  int gi = words_find(&r->g->guesses, w);
  if (gi < 0)
    return err_set("%s: '%s' is not in the guess list %s", where, w, r->g->guesses.path);
  return gi;
}

static const char *gw(const reader *r, int guess) { return r->g->guesses.w[guess]; }

/* Record a wrong label: at depth j of a path with guesses path[0..j], the
 * file says pattern `got` where answer aw gives `want`.  where: the
 * location prefix ("name:line" or "name: jq-path"). */
static void bad_label(reader *r, const char *where, const char *aw, const int *path, int j,
                      int got, int want) {
  char gs[6], ws[6], h[TREEREAD_MAX_DEPTH * 6 + 1];
  pattern_format(got, gs);
  pattern_format(want, ws);
  size_t n = 0;
  for (int i = 0; i <= j; i++) {
    memcpy(h + n, gw(r, path[i]), 5);
    h[n + 5] = '/';
    n += 6;
  }
  h[n - 1] = '\0';
  invalid(r, "%s: answer '%s': pattern %s after '%s' but %s gives %s", where, aw, gs,
          gw(r, path[j]), h, ws);
}

/* ------------------------------------------------------------------ */
/* Reading the file                                                     */

static int read_all(const char *path, char **out, size_t *outlen) {
  const size_t cap = TREEREAD_MAX_BYTES;
  bool std = !strcmp(path, "-");
  FILE *fp = std ? stdin : fopen(path, "rb");
  if (!fp) return err_set("%s: cannot open: %s", path, strerror(errno));
  struct stat st;
  size_t hint = 1 << 16;
  if (fstat(fileno(fp), &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      if (!std) fclose(fp);
      return err_set("%s: is a directory, not a tree file", path);
    }
    if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > cap) {
      if (!std) fclose(fp);
      return err_set("%s: %.1f MiB is more than the %zu MiB a tree file may have", path,
                     (double)st.st_size / (1 << 20), cap >> 20);
    }
    if (S_ISREG(st.st_mode) && st.st_size > 0) hint = (size_t)st.st_size + 1;
  }
  size_t size = hint, len = 0;
  char *buf = xmalloc(size);
  for (;;) {
    if (len == size) {
      if (size > cap) break; /* cap + 1 bytes read: too big */
      size = size > cap / 2 ? cap + 1 : size * 2;
      buf = xrealloc(buf, size);
    }
    size_t got = fread(buf + len, 1, size - len, fp);
    len += got;
    if (got == 0) break;
  }
  int bad = ferror(fp) ? errno : 0;
  if (bad || len > cap) {
    free(buf);
    if (!std) fclose(fp);
    if (bad) return err_set("%s: read error: %s", path, strerror(bad));
    return err_set("%s: more than the %zu MiB a tree file may have", path, cap >> 20);
  }
  if (!std) fclose(fp);
  *out = buf;
  *outlen = len;
  return 0;
}

/* ------------------------------------------------------------------ */
/* Text (Selby's format)                                                */

/* One node per distinct history; children are a sibling list in the
 * order lines first reach them. */
typedef struct {
  int guess;  /* -1 until a line names it */
  int line;   /* the line that first reached this node */
  int win;    /* the line ending here (the guess is the answer), 0 = none */
  int kid;    /* first child, -1 = none */
  int sib;    /* next sibling */
  int last;   /* the child the latest line went through, -1 = none */
  uint8_t pat; /* pattern from the parent */
} trie;

#define MAX_TOKENS (2 * TREEREAD_MAX_DEPTH)

/* A rebuilt line: its text, token offsets and parsed values. */
typedef struct {
  char s[TREEREAD_MAX_LINE + 1];
  int ntok, no; /* no: its line number */
  int start[MAX_TOKENS];
  int val[MAX_TOKENS]; /* guess index (even tokens) or pattern (odd) */
  int k[MAX_TOKENS];   /* odd tokens: the guess number written */
} tline;

typedef struct {
  reader r;
  trie *t;
  int nt, cap;
  int *line_of; /* per answer */
} textr;

static int trie_new(textr *x, int line, int pat) {
  if (x->nt == x->cap) {
    x->cap = x->cap ? 2 * x->cap : 1024;
    x->t = xrealloc(x->t, sizeof *x->t * (size_t)x->cap);
  }
  x->t[x->nt] = (trie){.guess = -1, .line = line, .kid = -1, .sib = -1, .last = -1,
                       .pat = (uint8_t)pat};
  return x->nt++;
}

/* "salet BBBBB courd BBBBY" for the first `pairs` pairs of line l. */
static const char *history(const textr *x, const tline *l, int pairs, char *buf, size_t size) {
  size_t n = 0;
  buf[0] = '\0';
  for (int j = 0; j < pairs && n + 16 < size; j++) {
    char ps[6];
    pattern_format(l->val[2 * j + 1], ps);
    n += (size_t)snprintf(buf + n, size - n, "%s%s %s", j ? " " : "", gw(&x->r, l->val[2 * j]), ps);
  }
  return buf;
}

/* Parse token i of l (text at l->s + l->start[i], length len). */
static int parse_token(textr *x, tline *l, int i, int len) {
  char where[600];
  snprintf(where, sizeof where, "%s:%d", x->r.name, l->no);
  const char *s = l->s + l->start[i];
  if (i % 2 == 0) {
    int gi = word_of(&x->r, where, s, (size_t)len);
    if (gi < 0) return -1;
    l->val[i] = gi;
    return 0;
  }
  char b[32], ps[6];
  int p = -1, k = 0, digits = len - 5;
  if (len >= 6 && digits <= 3) {
    memcpy(ps, s, 5);
    ps[5] = '\0';
    p = pattern_parse(ps);
    for (int d = 5; d < len && p >= 0; d++) {
      if (s[d] < '0' || s[d] > '9') p = -1;
      k = k * 10 + (s[d] - '0');
    }
  }
  if (p < 0)
    return err_set("%s: '%s' after '%s' is not a pattern and guess number (like BYBGB2)", where,
                   shown(s, (size_t)len, b), gw(&x->r, l->val[i - 1]));
  l->val[i] = p;
  l->k[i] = k;
  return 0;
}

/*
 * Rebuild line `no` (raw bytes s[0..len), CR and trailing blanks gone)
 * into cur, from prev when indented, and parse its new tokens.
 */
static int text_line(textr *x, const tline *prev, tline *cur, const char *s, int len, int no) {
  const char *name = x->r.name;
  for (int i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x20 && c < 0x7f) continue;
    if (c == '\t')
      return err_set("%s:%d: tab at column %d (the text format indents with spaces)", name, no,
                     i + 1);
    return err_set("%s:%d: %s byte 0x%02x at column %d: not a text tree", name, no,
                   c == 0 ? "NUL" : c >= 0x80 ? "non-ASCII" : "control", c, i + 1);
  }
  int ind = 0;
  while (ind < len && s[ind] == ' ') ind++;
  int keep = 0; /* tokens kept from prev */
  if (ind > 0) {
    if (!prev)
      return err_set("%s:%d: the first line is indented, but there is no line above to share "
                     "a prefix with",
                     name, no);
    while (keep < prev->ntok && prev->start[keep] < ind) keep++;
    if (keep == prev->ntok || prev->start[keep] != ind) {
      char b[128];
      size_t n = 0;
      for (int i = 0; i < prev->ntok && i < 8; i++)
        n += (size_t)snprintf(b + n, sizeof b - n, "%s%d", i ? ", " : "", prev->start[i]);
      if (prev->ntok > 8) snprintf(b + n, sizeof b - n, ", ...");
      return err_set("%s:%d: indent of %d spaces does not land on a token boundary of line %d "
                     "(its tokens start after %s spaces)",
                     name, no, ind, prev->no, b);
    }
    memcpy(cur->s, prev->s, (size_t)ind);
    memcpy(cur->start, prev->start, sizeof *cur->start * (size_t)keep);
    memcpy(cur->val, prev->val, sizeof *cur->val * (size_t)keep);
    memcpy(cur->k, prev->k, sizeof *cur->k * (size_t)keep);
  }
  memcpy(cur->s + ind, s + ind, (size_t)(len - ind));
  cur->s[len] = '\0';
  cur->no = no;
  cur->ntok = keep;
  for (int i = ind; i < len;) {
    if (s[i] == ' ') {
      i++;
      continue;
    }
    int b = i;
    while (i < len && s[i] != ' ') i++;
    if (cur->ntok == MAX_TOKENS)
      return err_set("%s:%d: more than %d guesses on one line (optle reads trees at most %d "
                     "deep)",
                     name, no, TREEREAD_MAX_DEPTH, TREEREAD_MAX_DEPTH);
    int t = cur->ntok++;
    cur->start[t] = b;
    if (parse_token(x, cur, t, i - b)) return -1;
    if (t % 2 == 1 && cur->val[t] == PATTERN_WIN && i < len) {
      char b2[32];
      return err_set("%s:%d: '%s' ends the game, but the line goes on", name, no,
                     shown(cur->s + b, (size_t)(i - b), b2));
    }
  }
  if (cur->ntok % 2 == 1 || cur->val[cur->ntok - 1] != PATTERN_WIN)
    return err_set("%s:%d: the line does not end with the answer and GGGGGk (like 'salet "
                   "GGGGG1')",
                   name, no);
  /* Guess numbers: checked where written; the shared prefix was checked
   * on the line above. */
  for (int t = keep | 1; t < cur->ntok; t += 2)
    if (cur->k[t] != (t + 1) / 2) {
      char b[32];
      const char *tok = cur->s + cur->start[t];
      invalid(&x->r, "%s:%d: '%s' says guess %d, but '%s' is guess %d on this line", name, no,
              shown(tok, strcspn(tok, " "), b), cur->k[t], gw(&x->r, cur->val[t - 1]),
              (t + 1) / 2);
      break;
    }
  return 0;
}

/* The line's answer, labels and its walk down the trie. */
static void text_walk(textr *x, const tline *l) {
  const game *g = x->r.g;
  const char *name = x->r.name;
  int m = l->ntok / 2;
  int ans_guess = l->val[2 * (m - 1)];
  int a = g->guess2ans[ans_guess];
  if (a < 0) {
    invalid(&x->r, "%s:%d: the line ends with '%s', which is not in the answer list %s", name,
            l->no, gw(&x->r, ans_guess), g->answers.path);
    return;
  }
  if (x->line_of[a]) {
    invalid(&x->r, "%s:%d: answer '%s' appears twice (lines %d and %d)", name, l->no,
            g->answers.w[a], x->line_of[a], l->no);
    return;
  }
  x->line_of[a] = l->no;
  const char *aw = g->answers.w[a];
  char h[600];
  int node = 0, path[TREEREAD_MAX_DEPTH];
  for (int j = 0; j < m; j++) {
    int guess = l->val[2 * j], p = l->val[2 * j + 1];
    trie *t = &x->t[node];
    if (t->guess < 0) {
      t->guess = guess;
    } else if (t->guess != guess) {
      if (j == 0)
        invalid(&x->r, "%s:%d: the first guess is '%s', but line %d starts with '%s'", name,
                l->no, gw(&x->r, guess), t->line, gw(&x->r, t->guess));
      else
        invalid(&x->r, "%s:%d: after '%s' this line guesses '%s', but line %d guesses '%s' (the "
                "same history must lead to the same guess)",
                name, l->no, history(x, l, j, h, sizeof h), gw(&x->r, guess), t->line,
                gw(&x->r, t->guess));
      return;
    }
    path[j] = guess;
    int fb = feedback_of(gw(&x->r, guess), aw);
    if (fb != p) {
      char where[600];
      snprintf(where, sizeof where, "%s:%d", name, l->no);
      bad_label(&x->r, where, aw, path, j, p, fb);
      return;
    }
    if (p == PATTERN_WIN) {
      t->win = l->no; /* a second win here is the same answer twice: caught above */
      return;
    }
    int k = t->last;
    if (k < 0 || x->t[k].pat != p) {
      for (k = t->kid; k >= 0 && x->t[k].pat != p; k = x->t[k].sib) {
      }
      if (k >= 0) {
        char ps[6];
        pattern_format(p, ps);
        invalid(&x->r, "%s:%d: pattern %s under '%s'%s%s is listed twice (lines %d and %d): a "
                "node's lines for one pattern must be together",
                name, l->no, ps, gw(&x->r, guess), j ? " after " : "",
                j ? history(x, l, j, h, sizeof h) : "", x->t[k].line, l->no);
        return;
      }
      k = trie_new(x, l->no, p); /* may move x->t */
      t = &x->t[node];
      x->t[k].sib = t->kid;
      t->kid = k;
      t->last = k;
    }
    node = k;
  }
}

static int cmp_pat_kid(const void *a, const void *b) {
  const int *x = a, *y = b;
  return pattern_cmp(x[0], y[0]);
}

/* The tnode for trie node i, depth bounded by the line grammar. */
static tnode *text_build(const textr *x, int i) {
  const trie *t = &x->t[i];
  int pk[2 * PATTERN_COUNT], nk = 0;
  for (int k = t->kid; k >= 0; k = x->t[k].sib) {
    pk[2 * nk] = x->t[k].pat;
    pk[2 * nk + 1] = k;
    nk++;
  }
  qsort(pk, (size_t)nk, 2 * sizeof *pk, cmp_pat_kid);
  tnode *n = tree_node_new(t->guess, 0, t->win ? 1 : 0, nk);
  int below = 0;
  for (int k = 0; k < nk; k++) {
    n->pat[k] = (uint8_t)pk[2 * k];
    n->kid[k] = text_build(x, pk[2 * k + 1]);
    n->n += n->kid[k]->n;
    below += n->kid[k]->total;
  }
  n->total = n->n + below;
  return n;
}

static int read_text(const char *data, size_t len, reader *r, tnode **out, treeread_info *info) {
  textr x = {.r = *r};
  x.line_of = xcalloc((size_t)r->g->n_answers, sizeof *x.line_of);
  tline *lines = xmalloc(2 * sizeof *lines);
  tline *prev = NULL, *cur = &lines[0];
  trie_new(&x, 1, 0);
  int no = 0, rc = 0;
  for (size_t pos = 0; pos < len;) {
    const char *s = data + pos;
    const char *nl = memchr(s, '\n', len - pos);
    size_t n = nl ? (size_t)(nl - s) : len - pos;
    pos += n + (nl ? 1 : 0);
    no++;
    while (n > 0 && (s[n - 1] == '\r' || s[n - 1] == ' ')) n--;
    if (n == 0) continue;
    if (n > TREEREAD_MAX_LINE) {
      rc = err_set("%s:%d: line too long (more than %d bytes)", r->name, no, TREEREAD_MAX_LINE);
      break;
    }
    if ((rc = text_line(&x, prev, cur, s, (int)n, no))) break;
    if (!x.r.invalid) text_walk(&x, cur);
    prev = cur;
    cur = cur == &lines[0] ? &lines[1] : &lines[0];
  }
  info->lines = no;
  if (!rc && !prev) rc = err_set("%s: no tree lines in the file", r->name);
  if (!rc && x.r.invalid) rc = TREEREAD_INVALID;
  if (!rc) *out = text_build(&x, 0);
  if (rc == TREEREAD_INVALID) err_set("%s", x.r.problem);
  free(lines);
  free(x.t);
  if (rc) {
    free(x.line_of);
    return rc;
  }
  info->line_of = x.line_of;
  return 0;
}

/* ------------------------------------------------------------------ */
/* JSON                                                                 */

/* Deepest nesting a tree of TREEREAD_MAX_DEPTH guesses has: the top
 * object, then a node object and a "next" object per level. */
#define JSON_MAX_NEST (2 * TREEREAD_MAX_DEPTH + 2)

/* Refuse deep nesting before jansson parses (it recurses per level). */
static int json_scan(const char *s, size_t n, const char *name) {
  int depth = 0, line = 1;
  bool str = false, esc = false;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c == '\n') line++;
    if (str) {
      if (esc) esc = false;
      else if (c == '\\') esc = true;
      else if (c == '"') str = false;
    } else if (c == '"') {
      str = true;
    } else if (c == '{' || c == '[') {
      if (++depth > JSON_MAX_NEST)
        return err_set("%s:%d: JSON nested more than %d levels deep (a tree at most %d guesses "
                       "deep needs %d)",
                       name, line, JSON_MAX_NEST, TREEREAD_MAX_DEPTH, JSON_MAX_NEST - 1);
    } else if (c == '}' || c == ']') {
      depth--;
    }
  }
  return 0;
}

static const char *jtype(const json_t *v) {
  switch (json_typeof(v)) {
  case JSON_OBJECT: return "an object";
  case JSON_ARRAY: return "an array";
  case JSON_STRING: return "a string";
  case JSON_INTEGER: return "an integer";
  case JSON_REAL: return "a real number";
  case JSON_TRUE:
  case JSON_FALSE: return "a boolean";
  default: return "null";
  }
}

typedef struct {
  reader r;
  uint8_t *seen; /* per answer */
  /* The path to the current node: guesses, patterns and the jq path. */
  int guess[TREEREAD_MAX_DEPTH + 1];
  uint8_t pat[TREEREAD_MAX_DEPTH + 1];
  char path[TREEREAD_MAX_DEPTH * 16 + 32];
  size_t plen[TREEREAD_MAX_DEPTH + 2];
} jsonr;

/* An integer member in [lo, hi]: 0, or -1 (err_set, unusable). */
static int jint(const jsonr *x, const json_t *v, const char *key, long long lo, long long hi,
                int *out) {
  if (!json_is_integer(v))
    return err_set("%s: %s: \"%s\" must be an integer, not %s", x->r.name, x->path, key,
                   jtype(v));
  long long i = json_integer_value(v);
  if (i < lo || i > hi)
    return err_set("%s: %s: \"%s\" is %lld, out of range (%lld to %lld)", x->r.name, x->path,
                   key, i, lo, hi);
  *out = (int)i;
  return 0;
}

/* The answer whose path ends at the node at depth d (its guess): in the
 * answer list, every label on the path its feedback, seen once. */
static void json_answer_ends(jsonr *x, int d, bool leaf) {
  const game *g = x->r.g;
  int guess = x->guess[d];
  int a = g->guess2ans[guess];
  if (a < 0) {
    if (leaf)
      invalid(&x->r, "%s: %s: leaf '%s' is not in the answer list %s", x->r.name, x->path,
              gw(&x->r, guess), g->answers.path);
    else
      invalid(&x->r, "%s: %s: \"total\" counts '%s' as an answer that ends here, but it is not "
              "in the answer list %s (the total is one too many)",
              x->r.name, x->path, gw(&x->r, guess), g->answers.path);
    return;
  }
  const char *aw = g->answers.w[a];
  for (int j = 0; j < d; j++) {
    int fb = feedback_of(gw(&x->r, x->guess[j]), aw);
    if (fb == x->pat[j]) continue;
    char where[sizeof x->path + 512];
    snprintf(where, sizeof where, "%s: %s", x->r.name, x->path);
    bad_label(&x->r, where, aw, x->guess, j, x->pat[j], fb);
    return;
  }
  /* Two nodes ending one answer cannot both pass the labels (they part
   * at a node where both patterns would be its feedback); a guard. */
  if (x->seen[a]) invalid(&x->r, "%s: %s: answer '%s' appears twice", x->r.name, x->path, aw);
  x->seen[a] = 1;
}

typedef struct {
  int pat;
  tnode *kid;
} patkid;

static int cmp_patkid(const void *a, const void *b) {
  return pattern_cmp(((const patkid *)a)->pat, ((const patkid *)b)->pat);
}

/* Convert the node v at depth d (x->path names it).  NULL on an
 * unusable node (err_set); invalid spots are recorded and reading goes on. */
static tnode *json_node(jsonr *x, json_t *v, int d) {
  const char *name = x->r.name;
  if (d >= TREEREAD_MAX_DEPTH) {
    err_set("%s: %s: deeper than %d guesses (optle reads trees at most %d deep)", name, x->path,
            TREEREAD_MAX_DEPTH, TREEREAD_MAX_DEPTH);
    return NULL;
  }
  if (!json_is_object(v)) {
    err_set("%s: %s: a node must be an object, not %s", name, x->path, jtype(v));
    return NULL;
  }
  json_t *jg = NULL, *jt = NULL, *jn = NULL;
  const char *key;
  json_t *val;
  json_object_foreach(v, key, val) {
    if (!strcmp(key, "guess")) jg = val;
    else if (!strcmp(key, "total")) jt = val;
    else if (!strcmp(key, "next")) jn = val;
    else {
      char b[32];
      err_set("%s: %s: unknown key \"%s\" in a node (a node has guess, total and next)", name,
              x->path, shown(key, strlen(key), b));
      return NULL;
    }
  }
  if (!jg || !jt) {
    err_set("%s: %s: a node needs \"%s\"", name, x->path, jg ? "total" : "guess");
    return NULL;
  }
  if (!json_is_string(jg)) {
    err_set("%s: %s: \"guess\" must be a string, not %s", name, x->path, jtype(jg));
    return NULL;
  }
  char where[sizeof x->path + 512];
  snprintf(where, sizeof where, "%s: %s", name, x->path);
  int guess = word_of(&x->r, where, json_string_value(jg), json_string_length(jg));
  int total;
  if (guess < 0 || jint(x, jt, "total", 1, TOTAL_MAX, &total)) return NULL;
  x->guess[d] = guess;

  if (!jn) { /* a leaf: its guess is the answer */
    if (total != 1 && !x->r.invalid)
      invalid(&x->r, "%s: %s: leaf '%s' has total %d, but a leaf's total is 1", name, x->path,
              gw(&x->r, guess), total);
    if (!x->r.invalid) json_answer_ends(x, d, true);
    return tree_node_new(guess, total, 1, 0);
  }
  if (!json_is_object(jn)) {
    err_set("%s: %s: \"next\" must be an object, not %s", name, x->path, jtype(jn));
    return NULL;
  }
  size_t nk = json_object_size(jn);
  if (nk == 0 || nk >= PATTERN_COUNT) {
    err_set("%s: %s: \"next\" has %zu branches (1 to %d; a leaf has no \"next\")", name,
            x->path, nk, PATTERN_COUNT - 1);
    return NULL;
  }
  patkid *pk = xmalloc(sizeof *pk * nk);
  int have = 0;
  long long below_n = 0, below_total = 0;
  tnode *t = NULL;
  json_object_foreach(jn, key, val) {
    char b[32];
    int p = strlen(key) == 5 ? pattern_parse(key) : -1;
    if (p < 0) {
      err_set("%s: %s.next: \"%s\" is not a pattern (five of B, Y, G)", name, x->path,
              shown(key, strlen(key), b));
      goto fail;
    }
    x->pat[d] = (uint8_t)p;
    bool alpha = (key[0] >= 'A' && key[0] <= 'Z') || (key[0] >= 'a' && key[0] <= 'z');
    snprintf(x->path + x->plen[d], sizeof x->path - x->plen[d],
             alpha ? ".next.%s" : ".next[\"%s\"]", key);
    x->plen[d + 1] = strlen(x->path);
    bool keep = true;
    if (p == PATTERN_WIN) {
      invalid(&x->r, "%s: %s: the winning pattern is a branch under '%s' (when the guess is the "
              "answer, the game ends)", name, x->path, gw(&x->r, guess));
      keep = false;
    }
    for (int i = 0; i < have && keep; i++)
      if (pk[i].pat == p) {
        invalid(&x->r, "%s: %s: pattern %s is listed twice under '%s'", name, x->path, key,
                gw(&x->r, guess));
        keep = false;
      }
    tnode *kid = json_node(x, val, d + 1);
    x->path[x->plen[d]] = '\0';
    if (!kid) goto fail;
    if (!keep) {
      tree_free(kid);
      continue;
    }
    pk[have++] = (patkid){p, kid};
    below_n += kid->n;
    below_total += kid->total;
  }
  qsort(pk, (size_t)have, sizeof *pk, cmp_patkid);
  t = tree_node_new(guess, total, 0, have);
  for (int i = 0; i < have; i++) {
    t->pat[i] = (uint8_t)pk[i].pat;
    t->kid[i] = pk[i].kid;
  }
  free(pk);
  /* total = (1 if the guess ends an answer here) + children's n + totals. */
  long long ends = total - below_n - below_total;
  if ((ends < 0 || ends > 1) && !x->r.invalid)
    invalid(&x->r, "%s: %s: \"total\" is %d, but its branches add up to %lld answers and %lld "
            "guesses: it should be %lld (or %lld if '%s' is an answer that ends here)",
            name, x->path, total, below_n, below_total, below_n + below_total,
            below_n + below_total + 1, gw(&x->r, guess));
  if (ends == 1 && !x->r.invalid) json_answer_ends(x, d, false);
  t->n = (int)below_n + (ends == 1 ? 1 : 0);
  return t;
fail:
  for (int i = 0; i < have; i++) tree_free(pk[i].kid);
  free(pk);
  return NULL;
}

/* The top-level keys: the first TOP_REQUIRED must be there, the rest may. */
static const char *const top_keys[] = {"answers", "guesses", "max_guesses", "total", "average",
                                       "tree",    "list",    "lists_hash"};
#define TOP_REQUIRED 6
#define TOP_KEYS 8

/* "list" and "lists_hash" (either may be NULL: absent) into info: 0, or
 * -1 (err_set, unusable). */
static int json_lists_fields(const char *name, const json_t *list, const json_t *hash,
                             treeread_info *info) {
  char b[32];
  if (list) {
    if (!json_is_string(list))
      return err_set("%s: top level: \"list\" must be a string, not %s", name, jtype(list));
    const char *v = json_string_value(list);
    size_t n = json_string_length(list);
    if (n == 0 || n > TREEREAD_LIST_MAX ||
        strspn(v, "abcdefghijklmnopqrstuvwxyz0123456789-") != n)
      return err_set("%s: top level: \"list\" is '%s', not a list name (1 to %d of a-z, 0-9 "
                     "and -)",
                     name, shown(v, n, b), TREEREAD_LIST_MAX);
    memcpy(info->list, v, n + 1);
  }
  if (hash) {
    if (!json_is_string(hash))
      return err_set("%s: top level: \"lists_hash\" must be a string, not %s", name,
                     jtype(hash));
    const char *v = json_string_value(hash);
    size_t n = json_string_length(hash);
    if (n != 16 || strspn(v, "0123456789abcdef") != 16)
      return err_set("%s: top level: \"lists_hash\" is '%s', not 16 lowercase hex digits", name,
                     shown(v, n, b));
    info->lists_hash = strtoull(v, NULL, 16);
    info->has_lists_hash = true;
  }
  return 0;
}

static int read_json(const char *data, size_t len, reader *r, tnode **out, treeread_info *info) {
  const char *name = r->name;
  info->lines = 1;
  for (size_t i = 0; i < len; i++) info->lines += data[i] == '\n';
  if (json_scan(data, len, name)) return -1;
  json_error_t e;
  json_t *root = json_loadb(data, len, JSON_REJECT_DUPLICATES, &e);
  if (!root) {
    if (e.line > 0) return err_set("%s:%d: %s (column %d)", name, e.line, e.text, e.column);
    return err_set("%s: %s", name, e.text);
  }
  jsonr *x = xcalloc(1, sizeof *x);
  x->r = *r;
  x->seen = xcalloc((size_t)r->g->n_answers + 1, 1);
  int rc = -1;
  json_t *fields[TOP_KEYS] = {0};
  if (!json_is_object(root)) {
    err_set("%s: the JSON must be an object, not %s", name, jtype(root));
    goto done;
  }
  const char *key;
  json_t *val;
  json_object_foreach(root, key, val) {
    size_t k = 0;
    while (k < TOP_KEYS && strcmp(key, top_keys[k])) k++;
    if (k == TOP_KEYS) {
      char b[32];
      err_set("%s: unknown top-level key \"%s\" (expected answers, guesses, max_guesses, "
              "total, average, tree, and optionally list and lists_hash)",
              name, shown(key, strlen(key), b));
      goto done;
    }
    fields[k] = val;
  }
  for (size_t k = 0; k < TOP_REQUIRED; k++)
    if (!fields[k]) {
      err_set("%s: missing top-level key \"%s\"", name, top_keys[k]);
      goto done;
    }
  if (json_lists_fields(name, fields[6], fields[7], info)) goto done;
  snprintf(x->path, sizeof x->path, "top level");
  if (jint(x, fields[0], "answers", 1, 65535, &info->answers) ||
      jint(x, fields[1], "guesses", 1, 1000000, &info->guesses) ||
      jint(x, fields[2], "max_guesses", 0, 254, &info->max_guesses) ||
      jint(x, fields[3], "total", 0, TOTAL_MAX, &info->total))
    goto done;
  if (!json_is_number(fields[4]) || !isfinite(json_number_value(fields[4])) ||
      json_number_value(fields[4]) < 0 || json_number_value(fields[4]) > 1e6) {
    err_set("%s: \"average\" must be a number from 0 to 1000000", name);
    goto done;
  }
  info->average = json_number_value(fields[4]);
  x->plen[0] = (size_t)snprintf(x->path, sizeof x->path, ".tree");
  tnode *t = json_node(x, fields[5], 0);
  if (!t) goto done;
  if (x->r.invalid) {
    tree_free(t);
    err_set("%s", x->r.problem);
    rc = TREEREAD_INVALID;
    goto done;
  }
  *out = t;
  rc = 0;
done:
  json_decref(root);
  free(x->seen);
  free(x);
  return rc;
}

/* ------------------------------------------------------------------ */

int treeread_mem(const char *data, size_t len, const char *name, const game *g, tnode **out,
                 treeread_info *info) {
  *out = NULL;
  memset(info, 0, sizeof *info);
  info->answers = info->guesses = info->max_guesses = info->total = -1;
  info->average = -1;
  if (len > TREEREAD_MAX_BYTES)
    return err_set("%s: more than the %zu MiB a tree file may have", name,
                   TREEREAD_MAX_BYTES >> 20);
  if (len >= 3 && !memcmp(data, "\xef\xbb\xbf", 3)) { /* a UTF-8 byte order mark */
    data += 3;
    len -= 3;
  }
  size_t i = 0;
  int line = 1;
  for (; i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n');
       i++)
    line += data[i] == '\n';
  if (i == len) return err_set("%s: empty file: no tree", name);
  treefmt pf = treeread_public_sniff(data + i, len - i); /* the other solvers' formats */
  if (pf != TREEFMT_NONE) return treeread_public(data, len, name, g, pf, out, info);
  reader r = {.name = name, .g = g};
  unsigned char c = (unsigned char)data[i];
  if (c == '{') {
    info->format = TREEFMT_JSON;
    return read_json(data, len, &r, out, info);
  }
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
    info->format = TREEFMT_TEXT;
    return read_text(data, len, &r, out, info);
  }
  char found[16];
  snprintf(found, sizeof found, c > 0x20 && c < 0x7f ? "'%c'" : "byte 0x%02x", c);
  return err_set("%s:%d: not a tree file: neither JSON (starting with '{') nor the text format "
                 "(starting with a word); found %s",
                 name, line, found);
}

int treeread_file(const char *path, char **data, size_t *len) { return read_all(path, data, len); }

int treeread_lists(const char *data, size_t len, const char *name, treeread_info *info) {
  memset(info, 0, sizeof *info);
  info->answers = info->guesses = info->max_guesses = info->total = -1;
  info->average = -1;
  if (len >= 3 && !memcmp(data, "\xef\xbb\xbf", 3)) { /* as treeread_mem() */
    data += 3;
    len -= 3;
  }
  size_t i = 0;
  while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n')) i++;
  unsigned char c = i < len ? (unsigned char)data[i] : 0;
  if (c != '{') {
    info->format = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ? TREEFMT_TEXT : TREEFMT_NONE;
    return 0;
  }
  info->format = TREEFMT_JSON;
  if (len > TREEREAD_MAX_BYTES)
    return err_set("%s: more than the %zu MiB a tree file may have", name,
                   TREEREAD_MAX_BYTES >> 20);
  if (json_scan(data, len, name)) return -1;
  json_error_t e;
  json_t *root = json_loadb(data, len, JSON_REJECT_DUPLICATES, &e);
  if (!root) {
    /* Map JSON records no lists, and its reader reports a pattern listed
     * twice with the line of each (treeread_public.c): leave it to that. */
    json_error_t lax_e;
    json_t *lax = json_loadb(data, len, 0, &lax_e);
    bool map = lax && json_is_object(lax) && json_object_get(lax, "map") &&
               !json_object_get(lax, "tree");
    json_decref(lax);
    if (map) return 0;
    if (e.line > 0) return err_set("%s:%d: %s (column %d)", name, e.line, e.text, e.column);
    return err_set("%s: %s", name, e.text);
  }
  int rc = json_is_object(root) ? json_lists_fields(name, json_object_get(root, "list"),
                                                    json_object_get(root, "lists_hash"), info)
                                : 0; /* treeread_mem() says what is wrong */
  json_decref(root);
  return rc;
}

int treeread_load(const char *path, const game *g, tnode **out, treeread_info *info) {
  *out = NULL;
  memset(info, 0, sizeof *info);
  char *buf = NULL;
  size_t len = 0;
  if (read_all(path, &buf, &len)) return -1;
  int rc = treeread_mem(buf, len, path, g, out, info);
  free(buf);
  return rc;
}
