/*
 * treeread_text.c: the text tree reader (Selby's format, which is also
 * optle's own text output; treeread.h).
 *
 * The reader is hand-written: lines are cut with memchr, an indented
 * line is rebuilt from the line above's tokens, and the paths go into a
 * trie (tr_hnode, treeread_core.h), one node per distinct history, which
 * enforces "same history, same guess" and contiguous patterns.
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
  tr_hnode *t;
  int nt, cap;
  int *line_of; /* per answer */
} textr;

/* "salet BBBBB courd BBBBY" for the first `pairs` pairs of line l. */
static const char *history(const textr *x, const tline *l, int pairs, char *buf, size_t size) {
  assert(pairs >= 0 && 2 * pairs <= l->ntok); /* pairs the line has */
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
  char where[TR_WHERE_SIZE];
  snprintf(where, sizeof where, "%s:%d", x->r.name, l->no);
  const char *s = l->s + l->start[i];
  if (i % 2 == 0) {
    int gi = tr_word_of(&x->r, where, "", s, (size_t)len);
    if (gi < 0) return -1;
    l->val[i] = gi;
    return 0;
  }
  char b[TR_SHOWN_SIZE], ps[6];
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
                   tr_shown(s, (size_t)len, b), gw(&x->r, l->val[i - 1]));
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
      char b2[TR_SHOWN_SIZE];
      return err_set("%s:%d: '%s' ends the game, but the line goes on", name, no,
                     tr_shown(cur->s + b, (size_t)(i - b), b2));
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
      char b[TR_SHOWN_SIZE];
      const char *tok = cur->s + cur->start[t];
      tr_invalid(&x->r, "%s:%d: '%s' says guess %d, but '%s' is guess %d on this line", name, no,
                 tr_shown(tok, strcspn(tok, " "), b), cur->k[t], gw(&x->r, cur->val[t - 1]),
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
    tr_invalid(&x->r, "%s:%d: the line ends with '%s', which is not in the answer list %s", name,
               l->no, gw(&x->r, ans_guess), g->answers.path);
    return;
  }
  if (x->line_of[a]) {
    tr_invalid(&x->r, "%s:%d: answer '%s' appears twice (lines %d and %d)", name, l->no,
               g->answers.w[a], x->line_of[a], l->no);
    return;
  }
  x->line_of[a] = l->no;
  const char *aw = g->answers.w[a];
  char h[600];
  int node = 0, path[TREEREAD_MAX_DEPTH];
  for (int j = 0; j < m; j++) {
    int guess = l->val[2 * j], p = l->val[2 * j + 1];
    assert(node < x->nt && p >= 0 && p < PATTERN_COUNT); /* parsed: a pattern */
    tr_hnode *t = &x->t[node];
    if (t->guess < 0) {
      t->guess = guess;
      t->line = l->no; /* the root's was made before any line */
    } else if (t->guess != guess) {
      if (j == 0)
        tr_invalid(&x->r, "%s:%d: the first guess is '%s', but line %d starts with '%s'", name,
                   l->no, gw(&x->r, guess), t->line, gw(&x->r, t->guess));
      else
        tr_invalid(&x->r, "%s:%d: after '%s' this line guesses '%s', but line %d guesses '%s' (the "
                   "same history must lead to the same guess)",
                   name, l->no, history(x, l, j, h, sizeof h), gw(&x->r, guess), t->line,
                   gw(&x->r, t->guess));
      return;
    }
    path[j] = guess;
    int fb = feedback_of(gw(&x->r, guess), aw);
    if (fb != p) {
      char where[TR_WHERE_SIZE];
      snprintf(where, sizeof where, "%s:%d", name, l->no);
      tr_bad_label(&x->r, where, aw, path, j, p, fb);
      return;
    }
    if (p == PATTERN_WIN) {
      t->win = l->no; /* a second win here is the same answer twice: caught above */
      t->last = -1;   /* it ends the run of lines of the pattern before it */
      return;
    }
    int k = t->last;
    if (k < 0 || x->t[k].pat != p) {
      for (k = t->kid; k >= 0 && x->t[k].pat != p; k = x->t[k].sib) {
      }
      if (k >= 0) {
        char ps[6];
        pattern_format(p, ps);
        tr_invalid(&x->r, "%s:%d: pattern %s under '%s'%s%s is listed twice (lines %d and %d): a "
                   "node's lines for one pattern must be together",
                   name, l->no, ps, gw(&x->r, guess), j ? " after " : "",
                   j ? history(x, l, j, h, sizeof h) : "", x->t[k].line, l->no);
        return;
      }
      k = tr_hnode_new(&x->t, &x->nt, &x->cap, l->no, p); /* may move x->t */
      t = &x->t[node];
      x->t[k].sib = t->kid;
      t->kid = k;
      t->last = k;
    }
    node = k;
  }
}

/* The most a total can be (JSON's "lower_bound" has the same range). */
#define TEXT_BOUND_MAX 1000000000

/* The number after key in the mark line s[0..n) (line no of name) into
 * *v, or -1 when the key is not there.  The digits end the line or come
 * before ')' or ';', as treeio.c writes them: "lower bound -5" or
 * "lower bound 100x" is refused, not read as no bound or as 100.  0, or
 * -1 with the message. */
static int mark_field(const char *s, size_t n, const char *key, int *v, const char *name,
                      int no) {
  size_t k = strlen(key);
  *v = -1;
  for (size_t i = 0; i + k <= n; i++) {
    if (memcmp(s + i, key, k)) continue;
    long x = 0;
    size_t at = i + k + (i + k < n && s[i + k] == ' '), j = at;
    bool over = false;
    for (; j < n && s[j] >= '0' && s[j] <= '9'; j++)
      if (!over && (x = x * 10 + (s[j] - '0')) > TEXT_BOUND_MAX) over = true;
    int digits = (int)(j - at), shown = digits < 24 ? digits : 20;
    if (over)
      return err_set("%s:%d: %s %.*s%s: out of range (0 to %d)", name, no, key, shown, s + at,
                     digits < 24 ? "" : "...", TEXT_BOUND_MAX);
    if (at == i + k || !digits || (j < n && s[j] != ')' && s[j] != ';'))
      return err_set("%s:%d: '%s' is not followed by a whole number, as optle writes the "
                     "mark line (\"%s (a stopped solve's best tree, total N); lower bound N\")",
                     name, no, key, TREEIO_UNPROVEN);
    *v = (int)x;
    return 0;
  }
  return 0;
}

/* A '#' line before the tree (line no of name): a comment, unless it is
 * TREEIO_UNPROVEN's (treeio.h), whose "total N" and "lower bound N" go
 * into info; a second such line is refused (which would hold?).  0, or
 * -1 with the message (a bound out of range is never wrapped). */
static int text_comment(const char *s, size_t n, treeread_info *info, const char *name, int no) {
  size_t m = strlen(TREEIO_UNPROVEN);
  if (n < m || memcmp(s, TREEIO_UNPROVEN, m)) return 0;
  if (info->unproven)
    return err_set("%s:%d: a second \"%s\" line: the tree has one mark", name, no,
                   TREEIO_UNPROVEN);
  info->unproven = true;
  int rc = mark_field(s + m, n - m, "total", &info->mark_total, name, no);
  return rc ? rc : mark_field(s + m, n - m, "lower bound", &info->lower_bound, name, no);
}

int tr_read_text(const char *data, size_t len, reader *r, tnode **out, treeread_info *info) {
  textr x = {.r = *r};
  x.line_of = xcalloc((size_t)r->g->n_answers, sizeof *x.line_of);
  tline *lines = xmalloc(2 * sizeof *lines);
  tline *prev = NULL, *cur = &lines[0];
  tr_hnode_new(&x.t, &x.nt, &x.cap, 1, 0);
  int no = 0, rc = 0;
  for (size_t pos = 0; pos < len;) {
    const char *s = data + pos;
    const char *nl = memchr(s, '\n', len - pos);
    size_t n = nl ? (size_t)(nl - s) : len - pos;
    pos += n + (nl ? 1 : 0);
    no++;
    while (n > 0 && (s[n - 1] == '\r' || s[n - 1] == ' ')) n--;
    if (n == 0) continue;
    if (!prev && s[0] == '#') { /* a comment before the tree */
      if ((rc = text_comment(s, n, info, r->name, no))) break;
      continue;
    }
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
  if (!rc) *out = tr_hnode_build(x.t, 0);
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
