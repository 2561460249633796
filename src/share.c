/* share.c: the pasted share text: header line and grid (share.h). */
#include "share.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "err.h"
#include "feedback.h"
#include "mem.h"
#include "utf8.h"

/* The column (from 1, in characters) of byte `at` of a line. */
static int column(const char *line, size_t at) {
  int c = 1;
  uint32_t cp;
  for (size_t i = 0; i < at; c++) i += utf8_next(line + i, at - i, &cp);
  return c;
}

/* One line being read: its text (blanks around it cut off) and where it
 * stands (the characters cut at its start count in its columns). */
typedef struct {
  const char *s;
  size_t len;
  int no;   /* line number, from 1 */
  int lead; /* characters cut at the start */
} line_t;

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* The header's reason, at byte `at` of the line. */
static int header_error(const share_grid *g, const line_t *l, size_t at, const char *what) {
  char q[48];
  utf8_quote(l->s + at, l->len - at, 12, q, sizeof q);
  return err_set("%s:%d:%d: the header should read like 'Wordle 1,234 4/6*': %s%s%s%s", g->name,
                 l->no, l->lead + column(l->s, at), what, at < l->len ? ", not '" : "",
                 at < l->len ? q : "", at < l->len ? "'" : "");
}

/* Digits, with ',' or '.' between them (the puzzle's number): its value,
 * or -1.  *at moves past them. */
static long number(const line_t *l, size_t *at, bool separators) {
  long v = -1;
  size_t i = *at;
  while (i < l->len && (isdigit((unsigned char)l->s[i]) ||
                        (separators && v >= 0 && (l->s[i] == ',' || l->s[i] == '.') &&
                         i + 1 < l->len && isdigit((unsigned char)l->s[i + 1])))) {
    if (isdigit((unsigned char)l->s[i])) v = (v < 0 ? 0 : v) * 10 + (l->s[i] - '0');
    if (v > 99999999) return -1;
    i++;
  }
  *at = i;
  return v;
}

/* "Wordle 1,234 4/6*" into g. */
static int read_header(share_grid *g, const line_t *l) {
  size_t at = 6;
  if (at >= l->len || l->s[at] != ' ') return header_error(g, l, at, "a blank after 'Wordle'");
  while (at < l->len && l->s[at] == ' ') at++;
  if ((g->puzzle = number(l, &at, true)) < 0)
    return header_error(g, l, at, "the puzzle's number");
  if (at >= l->len || l->s[at] != ' ') return header_error(g, l, at, "a blank after the number");
  while (at < l->len && l->s[at] == ' ') at++;
  size_t r = at;
  if (at < l->len && (l->s[at] == 'X' || l->s[at] == 'x')) {
    g->result = 0;
    at++;
  } else if ((g->result = (int)number(l, &at, false)) < 1) {
    return header_error(g, l, r, "the result: the guesses it took, or X");
  }
  if (at >= l->len || l->s[at] != '/') return header_error(g, l, at, "'/' after the result");
  at++;
  size_t m = at;
  long limit = number(l, &at, false);
  if (limit < 1 || limit > SHARE_MAX_ROWS)
    return header_error(g, l, m, "the guess limit after '/', 1 to 64");
  g->limit = (int)limit;
  if (at < l->len && l->s[at] == '*') g->hard = true, at++;
  if (at < l->len) return header_error(g, l, at, "nothing after the result and '*'");
  if (g->result > g->limit)
    return err_set("%s:%d:%d: the result %d/%d is more guesses than the limit", g->name, l->no,
                   l->lead + column(l->s, r), g->result, g->limit);
  g->header = true;
  return 0;
}

/* A line that is a web address (http:// or https://). */
static bool is_link(const line_t *l) {
  return (l->len > 7 && !strncasecmp(l->s, "http://", 7)) ||
         (l->len > 8 && !strncasecmp(l->s, "https://", 8));
}

/* The link's bytes: a web address is printable ASCII, with no blank
 * (anything else is escaped in one: %20).  0, or -1 (err_set). */
static int link_bytes(const share_grid *g, const line_t *l) {
  for (size_t i = 0; i < l->len; i++) {
    unsigned char c = (unsigned char)l->s[i];
    if (c > 0x20 && c < 0x7f) continue;
    return err_set("%s:%d:%d: %s 0x%02x in the link: a web address is printable ASCII with no "
                   "blank",
                   g->name, l->no, l->lead + column(l->s, i),
                   c == 0 ? "a NUL byte" : c >= 0x80 ? "a byte" : "a control byte or blank", c);
  }
  return 0;
}

/* Could the line be a row?  A row is five colours with no blank and no
 * '/' inside; a first line with either is a header gone wrong. */
static bool row_like(const line_t *l) {
  return !memchr(l->s, ' ', l->len) && !memchr(l->s, '\t', l->len) && !memchr(l->s, '/', l->len);
}

/* The first line, neither a header nor a row ("Wordel 1,234 3/6"). */
static int not_header(const share_grid *g, const line_t *l) {
  char q[64];
  utf8_quote(l->s, l->len, 24, q, sizeof q);
  return err_set("%s:%d: '%s' is not a share header: it reads like 'Wordle 1,234 4/6*', and "
                 "the rows follow it (or give the rows alone)",
                 g->name, l->no, q);
}

/* One row of the grid. */
static int read_row(share_grid *g, const line_t *l, unsigned *schemes, int *scheme_line) {
  if (g->n == SHARE_MAX_ROWS)
    return err_set("%s:%d: more than %d rows", g->name, l->no, SHARE_MAX_ROWS);
  if (g->n && g->pattern[g->n - 1] == PATTERN_WIN)
    return err_set("%s:%d: the game was won at line %d: no row can follow it", g->name, l->no,
                   g->line[g->n - 1]);
  assert(l->len > 0);
  pattern_text pt;
  int code = pattern_read(l->s, l->len, &pt);
  if (code < 0 && pt.col)
    return err_set("%s:%d:%d: %s", g->name, l->no, l->lead + pt.col, err_msg());
  if (code < 0) return err_set("%s:%d: %s", g->name, l->no, err_msg());
  if (pt.schemes && *schemes && pt.schemes != *schemes)
    return err_set("%s:%d: this row's squares are of the other colour scheme than line %d's "
                   "(🟨 🟩, and 🟦 🟧 of high contrast): one grid has one scheme",
                   g->name, l->no, *scheme_line);
  if (pt.schemes && !*schemes) *schemes = pt.schemes, *scheme_line = l->no;
  g->pattern[g->n] = code;
  g->line[g->n++] = l->no;
  return 0;
}

/* The grid against its header's result. */
static int check_result(const share_grid *g) {
  bool won = g->n && g->pattern[g->n - 1] == PATTERN_WIN;
  char res[16];
  if (g->result) snprintf(res, sizeof res, "%d/%d", g->result, g->limit);
  else snprintf(res, sizeof res, "X/%d", g->limit);
  if (g->result && g->n != g->result)
    return err_set("%s: the header says %s but the grid has %d row%s", g->name, res, g->n,
                   g->n == 1 ? "" : "s");
  if (g->result && !won)
    return err_set("%s:%d: the header says %s, a win, but the last row is not all green", g->name,
                   g->line[g->n - 1], res);
  if (!g->result && (won || g->n != g->limit))
    return err_set("%s: the header says %s, a lost game: %d rows, none all green, but the "
                   "grid has %d row%s%s",
                   g->name, res, g->limit, g->n, g->n == 1 ? "" : "s",
                   won ? " and ends all green" : "");
  return 0;
}

int share_parse(const char *s, size_t len, const char *name, share_grid *out) {
  memset(out, 0, sizeof *out);
  out->puzzle = -1;
  snprintf(out->name, sizeof out->name, "%s", name);
  if (len >= 3 && !memcmp(s, "\xef\xbb\xbf", 3)) s += 3, len -= 3;
  unsigned schemes = 0;
  int scheme_line = 0, no = 0, link = 0;
  for (size_t at = 0; at < len;) {
    const char *nl = memchr(s + at, '\n', len - at);
    size_t end = nl ? (size_t)(nl - s) : len, b = at;
    line_t l = {s + at, 0, ++no, 0};
    at = nl ? end + 1 : len;
    while (b < end && blank(s[b])) b++, l.lead++;
    while (end > b && blank(s[end - 1])) end--;
    l.s = s + b;
    l.len = end - b;
    if (!l.len) continue;
    /* A link under the grid (some apps add the game's address when
     * sharing): ignored, as long as nothing follows it. */
    if (link)
      return err_set("%s:%d: a line after the link on line %d: the link ends a share text",
                     name, no, link);
    if (out->n && is_link(&l)) {
      if (link_bytes(out, &l)) return -1;
      link = no;
      continue;
    }
    bool first = !out->n && !out->header;
    int rc = first && l.len >= 6 && !strncasecmp(l.s, "wordle", 6) ? read_header(out, &l)
             : first && !row_like(&l) ? not_header(out, &l)
                                      : read_row(out, &l, &schemes, &scheme_line);
    if (rc) return rc;
  }
  if (!out->n)
    return err_set("%s: no rows: a share text is its header line and one row of five squares per "
                   "guess",
                   name);
  return out->header ? check_result(out) : 0;
}

int share_load(const char *path, share_grid *out) {
  bool std = !strcmp(path, "-");
  const char *name = std ? "standard input" : path;
  FILE *fp = std ? stdin : fopen(path, "rb");
  if (!fp) return err_set("%s: cannot open: %s", name, strerror(errno));
  char *buf = xmalloc(SHARE_MAX_BYTES + 1);
  size_t len = fread(buf, 1, SHARE_MAX_BYTES + 1, fp);
  int bad = ferror(fp) ? errno : 0;
  if (!std) fclose(fp);
  int rc = bad ? err_set("%s: read error: %s", name, strerror(bad))
           : len > SHARE_MAX_BYTES
               ? err_set("%s: more than the %d KiB a share text may have", name,
                         SHARE_MAX_BYTES >> 10)
               : share_parse(buf, len, name, out);
  free(buf);
  return rc;
}
