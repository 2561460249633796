/*
 * cmd_rank_table.c: a published table of first-guess values, read and
 * checked, and a ranking compared with it (cmd_rank.h says what is
 * refused and what counts as a difference).
 */
#include <ctype.h>
#include <stdbool.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clock.h"
#include "cmd_rank.h"
#include "ratio.h"
#include "err.h"
#include "mem.h"
#include "tuning.h"
#include "words.h"

/* One row's fields, split on spaces and tabs: how many there were (at
 * most 4 kept). */
static int split_row(char *line, char *f[4]) {
  int k = 0;
  for (char *p = strtok(line, " \t\r\n"); p; p = strtok(NULL, " \t\r\n")) {
    if (k < 4) f[k] = p;
    k++;
  }
  return k;
}

/* A whole number of at most 9 digits, or -1. */
static int whole(const char *s) {
  if (!*s || strlen(s) > 9) return -1;
  for (const char *p = s; *p; p++)
    if (!isdigit((unsigned char)*p)) return -1;
  return atoi(s);
}

/* An average as the tables print it: digits, a point, digits; or -1. */
static double average(const char *s) {
  const char *p = s;
  while (isdigit((unsigned char)*p)) p++;
  if (p == s || *p != '.' || !isdigit((unsigned char)p[1])) return -1;
  for (p++; isdigit((unsigned char)*p); p++) {
  }
  return *p ? -1 : strtod(s, NULL);
}

/* Check one row (its fields f, k of them) against g: 0, or a reason in
 * why.  *gi and *total get the row's guess and total. */
static int check_row(const rank_table *t, const game *g, int max_guesses, char **f, int k,
                     int *gi, int *total, char *why, size_t nwhy) {
  int n = g->n_answers;
  if (k != 3) return snprintf(why, nwhy, "not a row 'word average total' (%d fields)", k), 1;
  for (char *p = f[0]; *p; p++) *p = (char)tolower((unsigned char)*p);
  /* "Infinity 1000000000": no strategy within the guess limit (hard
   * mode's tables have them), optle's "none". */
  bool none = !strcmp(f[1], "Infinity") && !strcmp(f[2], "1000000000");
  double avg = none ? 0 : average(f[1]);
  *total = none ? OPTLE_INF : whole(f[2]);
  if (*total < 0 || avg < 0)
    return snprintf(why, nwhy, "not a row 'word average total': '%s %s'", f[1], f[2]), 1;
  if ((*gi = words_find(&g->guesses, f[0])) < 0)
    return snprintf(why, nwhy, "'%s' is not an allowed guess of the list ranked (a table of "
                    "another list?)", f[0]), 1;
  if (t->total[*gi] >= 0)
    return snprintf(why, nwhy, "'%s' again: a word twice in the table", f[0]), 1;
  if (none) return 0;
  /* At most every answer at the limit; with none, n for the first guess
   * and n(n + 1) / 2 after it (each answer guessed in turn, which every
   * rule allows; a first guess that tells nothing leaves them all). */
  long most = max_guesses > 0 ? (long)n * max_guesses : n + (long)n * (n + 1) / 2;
  if (*total < 2 * n - 1 || *total > most)
    return snprintf(why, nwhy, "total %d: no first guess on %d answers has it (%d to %ld)", *total,
                    n, 2 * n - 1, most), 1;
  /* The table prints total / answers to 4 decimals: anything further off
   * is a table for another number of answers. */
  if (fabs(avg - (double)*total / n) > 0.00005 + 1e-9)
    return snprintf(why, nwhy, "average %s is not %d / %d answers = %s: a table of another "
                    "list (%.0f answers?)", f[1], *total, n, ratio4(*total, n).s,
                    avg > 0 ? *total / avg : 0.0), 1;
  return 0;
}

/* A table's line is at most this long (a row is about 20 bytes); only a
 * comment may be longer, its rest skipped. */
#define ROW_BYTES 512
enum { LINE_END = -1, LINE_NUL = -2, LINE_LONG = -3, LINE_STOP = -4 };

/* The next line of fp into buf[ROW_BYTES + 1], its newline dropped (and
 * on the first line, a UTF-8 byte order mark at its start, as the word
 * lists and tree files skip one): its length, or LINE_END, or LINE_NUL
 * or LINE_LONG as soon as the line is seen to hold a NUL byte or to be
 * too long, not at its end (a device of NUL bytes is one endless line),
 * or LINE_STOP when a stop (clock.h) was asked for: seen within
 * WORDS_STOP_POLL bytes (*bytes counts them), and when a read it broke
 * off ends early. */
static int next_line(FILE *fp, char *buf, bool first, unsigned long *bytes) {
  size_t len = 0;
  int c;
  bool any = false, comment = false;
  while ((c = getc(fp)) != EOF && c != '\n') {
    if (++*bytes % WORDS_STOP_POLL == 0 && stop_requested()) return LINE_STOP;
    any = true;
    if (c == '\0') return LINE_NUL;
    if (len < ROW_BYTES) {
      buf[len++] = (char)c;
      if (first && len == 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) len = 0, first = false;
    } else if (!comment) {
      buf[len] = '\0';
      size_t b = strspn(buf, " \t");
      if (b >= len || buf[b] != '#') return LINE_LONG;
      comment = true;
    }
  }
  if (c == EOF && stop_requested()) return LINE_STOP; /* EINTR, or the line's end */
  buf[len] = '\0';
  return any || c == '\n' ? (int)len : LINE_END;
}

/* Read every row, checking each (rank_table_read()). */
static int read_rows(FILE *fp, const game *g, int max_guesses, rank_table *t) {
  char line[ROW_BYTES + 1], why[256];
  int len, lineno = 0, rc = 0;
  unsigned long bytes = 0;
  while (!rc && (len = next_line(fp, line, lineno == 0, &bytes)) != LINE_END) {
    lineno++;
    char *f[4];
    int gi = -1, total = 0;
    if (len == LINE_STOP) return EXIT_USAGE; /* the caller says it stopped */
    if (len < 0) {
      snprintf(why, sizeof why, len == LINE_NUL ? "a NUL byte"
                                                : "line too long (a row is 'word average total')");
      rc = 1;
    } else {
      char *p = line + strspn(line, " \t\r\n");
      if (!*p || *p == '#') continue; /* blank, or a comment */
      rc = check_row(t, g, max_guesses, f, split_row(line, f), &gi, &total, why, sizeof why);
    }
    if (rc) err_say("%s:%d: %s", t->path, lineno, why); /* escapes the row's bytes (err.h) */
    else t->total[gi] = total, t->rows++;
  }
  if (!rc && ferror(fp)) {
    err_say("%s: read error", t->path); /* err_say() escapes the path (err.h) */
    rc = 1;
  }
  if (!rc && t->rows == 0) {
    err_say("%s: no rows 'word average total'", t->path);
    rc = 1;
  }
  return rc ? EXIT_USAGE : 0;
}

int rank_table_read(const char *path, bool upper, const game *g, int max_guesses, rank_table *t) {
  *t = (rank_table){path, NULL, 0, upper};
  const char *opt = upper ? "--compare-upper" : "--compare";
  FILE *fp = fopen(path, "r");
  if (!fp) {
    if (stop_requested()) return EXIT_USAGE; /* a stop in open(): the caller says so */
    err_say("%s %s: %s", opt, path, strerror(errno)); /* err_say() escapes the path */
    return EXIT_USAGE;
  }
  struct stat st;
  if (!fstat(fileno(fp), &st) && S_ISDIR(st.st_mode)) {
    err_say("%s %s: a directory, not a table", opt, path);
    fclose(fp);
    return EXIT_USAGE;
  }
  t->total = xmalloc(sizeof *t->total * (size_t)g->n_guesses);
  for (int i = 0; i < g->n_guesses; i++) t->total[i] = -1;
  int rc = read_rows(fp, g, max_guesses, t);
  fclose(fp);
  if (rc) rank_table_free(t);
  return rc;
}

void rank_table_free(rank_table *t) {
  free(t->total);
  t->total = NULL;
}

/* The table's word for optle's value v: "exact 7920", "bound 7921" or
 * "none". */
static void value_kind(const search_first_value *v, char *kind, size_t n) {
  if (v->value < OPTLE_INF) snprintf(kind, n, "%s %d", v->exact ? "exact" : "bound", v->value);
  else snprintf(kind, n, "none");
}

/* An exact table: every word in it, each exact value equal, each bound
 * at or below its total. */
static int compare_exact(const rank_table *t, const game *g, const search_first_value *v, int n,
                         FILE *out) {
  int differ = 0, equal = 0, bounds = 0, missing = 0;
  for (int i = 0; i < n; i++) {
    const char *w = g->guesses.w[v[i].guess];
    int want = t->total[v[i].guess], got = v[i].value;
    char kind[32];
    value_kind(&v[i], kind, sizeof kind);
    if (want < 0) {
      fprintf(out, "%s\toptle %s\ttable: missing\n", w, kind);
      missing++, differ++;
    } else if (v[i].exact ? got == want : got <= want) {
      v[i].exact ? equal++ : bounds++;
    } else {
      if (want < OPTLE_INF) fprintf(out, "%s\toptle %s\ttable %d\n", w, kind, want);
      else fprintf(out, "%s\toptle %s\ttable: none (Infinity)\n", w, kind);
      differ++;
    }
  }
  char shown[4096]; /* the user's path: no raw control bytes */
  esc_controls(shown, sizeof shown, t->path);
  fprintf(out, "# compared with %s (%d row%s): %d first guess%s, %d equal, %d bounds at or below "
               "the table's total, %d differences (%d missing from the table)\n",
          shown, t->rows, t->rows == 1 ? "" : "s", n, n == 1 ? "" : "es", equal, bounds, differ,
          missing);
  return differ;
}

/* A table of upper bounds: optle's value, exact or a lower bound, at or
 * below each row it has (an "Infinity" row bounds nothing). */
static int compare_upper(const rank_table *t, const game *g, const search_first_value *v, int n,
                         FILE *out) {
  int differ = 0, equal = 0, below = 0, bounds = 0, absent = 0;
  for (int i = 0; i < n; i++) {
    int want = t->total[v[i].guess], got = v[i].value;
    if (want < 0) {
      absent++;
    } else if (got <= want) {
      !v[i].exact ? bounds++ : got == want ? equal++ : below++;
    } else {
      char kind[32];
      value_kind(&v[i], kind, sizeof kind);
      fprintf(out, "%s\toptle %s\tabove the table's upper bound %d\n", g->guesses.w[v[i].guess],
              kind, want);
      differ++;
    }
  }
  char shown[4096]; /* the user's path: no raw control bytes */
  esc_controls(shown, sizeof shown, t->path);
  fprintf(out, "# compared with the upper bounds of %s (%d row%s): %d first guess%s, %d exact "
               "and equal to the table's, %d exact and below it, %d bounds at or below it, "
               "%d differences (%d not in the table)\n",
          shown, t->rows, t->rows == 1 ? "" : "s", n, n == 1 ? "" : "es", equal, below, bounds,
          differ, absent);
  return differ;
}

int rank_table_compare(const rank_table *t, const game *g, const search_first_value *v, int n,
                       FILE *out) {
  return (t->upper ? compare_upper : compare_exact)(t, g, v, n, out);
}
