/*
 * treeread_map.c: the readers for map JSON and its ES-module wrapping
 * (treeread_public.h).
 *
 * A hand-written tokenizer with line and column for every key, and a
 * recursive descent over the nodes (depth bounded by TREEREAD_MAX_DEPTH
 * guesses, any other nesting by MAP_MAX_NEST) that builds the tree
 * directly.  A node's "guess" is needed before its map can be checked;
 * when "map" comes first, it is skipped and read again once the guess is
 * known.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "feedback.h"
#include "mem.h"
#include "treeread_core.h"

/* Nesting a map-JSON file may have: two levels a guess, and some room
 * for the statistics beside the nodes. */
#define MAP_MAX_NEST (2 * TREEREAD_MAX_DEPTH + 16)

typedef struct {
  reader r;
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

/* Labels' and answers' locations for tr_answer_ends(): the path's keys. */
static void map_locs(mapr *x, int d, int line, int column, tr_locs *l, char (*buf)[TR_WHERE_SIZE],
                     char *tail) {
  assert(d >= 0 && d <= TREEREAD_MAX_DEPTH); /* buf has d + 1 rows, l->label room */
  snprintf(tail, 32, " (column %d)", column);
  for (int j = 0; j < d; j++) {
    snprintf(buf[j], TR_WHERE_SIZE, "%s:%d", x->r.name, x->kline[j]);
    l->label[j] = buf[j];
  }
  snprintf(buf[d], TR_WHERE_SIZE, "%s:%d", x->r.name, line);
  l->at = buf[d];
  l->tail = tail;
}

/* The answer ending at depth d, named by the key at (line, column). */
static void map_answer(mapr *x, int d, int line, int column) {
  if (x->r.invalid) return;
  tr_locs l;
  char (*buf)[TR_WHERE_SIZE] = xmalloc(TR_WHERE_SIZE * (size_t)(d + 1));
  char tail[32];
  map_locs(x, d, line, column, &l, buf, tail);
  x->col_of[x->r.g->n_answers] = column; /* where this answer is named */
  tr_answer_ends(&x->r, x->guess, x->pat, d, &l, line, x->col_of);
  free(buf);
}

static tnode *map_node(mapr *x, int d);

/* A map being read: the branches kept so far, by pattern. */
typedef struct {
  int guess;      /* the node's guess */
  patkid *pk;     /* the branches kept (PATTERN_COUNT room) */
  int have;
  int win;        /* a "22222" key naming the guess: it ends an answer here */
  int *seen;      /* per pattern: the line of its key, 0 = none */
} mapb;

/* The word value of pattern p's key (at kline, kcol) in the map at depth
 * d: the guess after p, which is the answer.  keep: the key is not a
 * repeat.  0, or -1 (err_set). */
static int map_word(mapr *x, mapb *m, int d, int p, bool keep, int kline, int kcol) {
  int wline = x->line, wcol = col(x, x->pos);
  char w[32], where[TR_WHERE_SIZE], tail[32];
  size_t wlen;
  if (jstring(x, w, sizeof w, &wlen)) return -1;
  snprintf(where, sizeof where, "%s:%d", x->r.name, wline);
  snprintf(tail, sizeof tail, " (column %d)", wcol);
  int gi = tr_word_of(&x->r, where, tail, w, wlen < sizeof w ? wlen : sizeof w - 1);
  if (gi < 0) return -1;
  if (p == PATTERN_WIN && gi == m->guess) {
    if (keep) {
      m->win = 1;
      map_answer(x, d, kline, kcol);
    }
    return 0;
  }
  if (d + 1 >= TREEREAD_MAX_DEPTH)
    return bad_at(x, kline, kcol, "deeper than %d guesses (optle reads trees at most %d deep)",
                  TREEREAD_MAX_DEPTH, TREEREAD_MAX_DEPTH);
  x->guess[d + 1] = gi;
  if (keep) map_answer(x, d + 1, kline, kcol); /* 22222: the label check names it */
  if (keep && p != PATTERN_WIN) m->pk[m->have++] = (patkid){p, tree_node_new(gi, 1, 1, 0)};
  return 0;
}

/* One "pattern": value entry of the map at depth d.  0, or -1 (err_set). */
static int map_entry(mapr *x, mapb *m, int d) {
  const char *name = x->r.name;
  char key[32], b[TR_SHOWN_SIZE], c16[16];
  size_t klen;
  if (peek(x) != '"') return BAD(x, "expected a pattern key, found %s", what(peek(x), c16));
  int kline = x->line, kcol = col(x, x->pos);
  if (jstring(x, key, sizeof key, &klen) || expect(x, ':', "':'")) return -1;
  int p = klen < sizeof key ? tr_pattern_of(key, klen) : -1;
  if (p < 0)
    return bad_at(x, kline, kcol, "\"%s\" under '%s' is not a pattern (five of 0, 1, 2)",
                  tr_shown(key, klen < sizeof key ? klen : sizeof key - 1, b),
                  gw(&x->r, m->guess));
  x->pat[d] = p;
  x->kline[d] = kline;
  x->kcol[d] = kcol;
  bool keep = true;
  if (m->seen[p]) {
    char ps[6];
    tr_spell(x->r.f, p, ps);
    tr_invalid(&x->r, "%s:%d: pattern %s is listed twice under '%s' (lines %d and %d; column %d)",
               name, kline, ps, gw(&x->r, m->guess), m->seen[p], kline, kcol);
    keep = false;
  }
  m->seen[p] = kline;
  int c = peek(x);
  if (c == '"') return map_word(x, m, d, p, keep, kline, kcol); /* a word: it is the answer */
  if (c != '{')
    return bad_at(x, kline, kcol, "the value of \"%s\" under '%s' must be a word or a node, not %s",
                  key, gw(&x->r, m->guess), c < 0 ? "missing" : jtype(c));
  if (p == PATTERN_WIN) {
    tr_invalid(&x->r, "%s:%d: the winning pattern is a subtree under '%s' (when the guess is "
               "the answer, the game ends) (column %d)",
               name, kline, gw(&x->r, m->guess), kcol);
    keep = false;
  }
  tnode *kid = map_node(x, d + 1);
  if (!kid) return -1;
  if (keep) m->pk[m->have++] = (patkid){p, kid};
  else tree_free(kid);
  return 0;
}

/* The map of the node at depth d (its guess known), from its '{'. */
static tnode *map_map(mapr *x, int d, int mline, int mcol) {
  mapb m = {.guess = x->guess[d]};
  x->pos++;
  x->nest++;
  m.pk = xmalloc(sizeof *m.pk * PATTERN_COUNT);
  m.seen = xcalloc(PATTERN_COUNT, sizeof *m.seen);
  tnode *t = NULL;
  bool ok = true;
  if (peek(x) == '}') {
    bad_at(x, mline, mcol, "the map of '%s' is empty", gw(&x->r, m.guess));
    ok = false;
  }
  while (ok) {
    ok = !map_entry(x, &m, d);
    if (!ok || peek(x) == '}') break;
    ok = !expect(x, ',', "',' or '}'");
  }
  if (ok) {
    x->pos++;
    x->nest--;
    assert(m.have < PATTERN_COUNT); /* one branch per pattern, never the win */
    qsort(m.pk, (size_t)m.have, sizeof *m.pk, cmp_patkid);
    t = tree_node_new(m.guess, 0, m.win, m.have);
    int below = 0;
    for (int i = 0; i < m.have; i++) {
      t->pat[i] = (uint8_t)m.pk[i].pat;
      t->kid[i] = m.pk[i].kid;
      t->n += m.pk[i].kid->n;
      below += m.pk[i].kid->total;
    }
    t->total = t->n + below;
  } else {
    for (int i = 0; i < m.have; i++) tree_free(m.pk[i].kid);
  }
  free(m.pk);
  free(m.seen);
  return t;
}

/* A node being read: where its keys were, and its tree once read. */
typedef struct {
  int guess, gline;    /* the guess and its key's line (0: not yet) */
  int mline, mcol, mkl; /* the map's '{', and its key's line (0: not yet) */
  size_t mpos, mbol;   /* a map before the guess: where to read it again */
  bool deferred;
  tnode *t;
} mnode;

/* The node's "guess" value (its key at kline).  0, or -1 (err_set). */
static int node_guess(mapr *x, mnode *nd, int d, int kline, int kcol) {
  int c = peek(x);
  if (c != '"')
    return bad_at(x, kline, kcol, "\"guess\" must be a string, not %s",
                  c < 0 ? "missing" : jtype(c));
  int wcol = col(x, x->pos);
  char w[32], where[TR_WHERE_SIZE], tail[32];
  size_t wlen;
  if (jstring(x, w, sizeof w, &wlen)) return -1;
  snprintf(where, sizeof where, "%s:%d", x->r.name, kline);
  snprintf(tail, sizeof tail, " (column %d)", wcol);
  nd->guess = tr_word_of(&x->r, where, tail, w, wlen < sizeof w ? wlen : sizeof w - 1);
  if (nd->guess < 0) return -1;
  nd->gline = kline;
  x->guess[d] = nd->guess;
  return 0;
}

/* The node's "map" value (its key at kline): read now if the guess is
 * known, else skipped and read again once it is.  0, or -1 (err_set). */
static int node_map(mapr *x, mnode *nd, int d, int kline, int kcol) {
  int c = peek(x);
  if (c != '{')
    return bad_at(x, kline, kcol, "\"map\" must be an object, not %s",
                  c < 0 ? "missing" : jtype(c));
  nd->mkl = kline;
  nd->mline = x->line;
  nd->mcol = col(x, x->pos);
  if (nd->guess >= 0) return (nd->t = map_map(x, d, nd->mline, nd->mcol)) ? 0 : -1;
  nd->mpos = x->pos;
  nd->mbol = x->bol;
  nd->deferred = true;
  return skip_value(x);
}

/* One key: value of the node at depth d.  0, or -1 (err_set). */
static int node_entry(mapr *x, mnode *nd, int d) {
  char key[32], c16[16];
  size_t klen;
  if (peek(x) != '"') return BAD(x, "expected a key, found %s", what(peek(x), c16));
  int kline = x->line, kcol = col(x, x->pos);
  if (jstring(x, key, sizeof key, &klen) || expect(x, ':', "':'")) return -1;
  bool is_guess = klen == 5 && !strcmp(key, "guess"), is_map = klen == 3 && !strcmp(key, "map");
  if ((is_guess && nd->gline) || (is_map && nd->mkl))
    return bad_at(x, kline, kcol, "duplicate key \"%s\" in a node (first on line %d)", key,
                  is_guess ? nd->gline : nd->mkl);
  if (is_guess) return node_guess(x, nd, d, kline, kcol);
  if (is_map) return node_map(x, nd, d, kline, kcol);
  if ((klen == 4 && (!strcmp(key, "next") || !strcmp(key, "tree"))) ||
      (klen == 5 && !strcmp(key, "total")))
    return bad_at(x, kline, kcol,
                  "key \"%s\" belongs to optle's JSON, not to map JSON: mixed formats", key);
  return skip_value(x);
}

/* The node at depth d, from its '{': {"guess": w, "map": {...}, ...}. */
static tnode *map_node(mapr *x, int d) {
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
  mnode nd = {.guess = -1};
  bool ok = true;
  if (peek(x) != '}')
    while (ok) {
      ok = !node_entry(x, &nd, d);
      if (!ok || peek(x) == '}') break;
      ok = !expect(x, ',', "',' or '}'");
    }
  if (ok && (!nd.gline || !nd.mkl)) {
    bad_at(x, oline, ocol, "a node needs \"%s\" (like {\"guess\": \"salet\", \"map\": {...}})",
           nd.gline ? "map" : "guess");
    ok = false;
  }
  if (!ok) {
    tree_free(nd.t);
    return NULL;
  }
  if (nd.deferred) {
    size_t end = x->pos, ebol = x->bol;
    int eline = x->line;
    x->pos = nd.mpos;
    x->bol = nd.mbol;
    x->line = nd.mline;
    x->guess[d] = nd.guess;
    nd.t = map_map(x, d, nd.mline, nd.mcol);
    if (!nd.t) return NULL;
    x->pos = end;
    x->bol = ebol;
    x->line = eline;
  }
  x->pos++; /* the node's '}' */
  x->nest--;
  return nd.t;
}

int tr_read_map(const char *data, size_t len, reader *r, tnode **out, treeread_info *info) {
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
