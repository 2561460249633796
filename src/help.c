/* help.c: a command's --help and man page section from its cmd_doc (help.h). */
#include "help.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Text: optle CMD --help                                               */

static void text_options(FILE *fp, const optuse *uses) {
  for (const optuse *u = uses; u->id != OPT_END; u++) {
    optshow o = opt_show(u);
    char left[64];
    snprintf(left, sizeof left, "%s%s%s", o.flag, o.arg ? " " : "", o.arg ? o.arg : "");
    fprintf(fp, "  %-22s %s\n", left, o.help);
  }
}

/* The lines of a string, one at a time:
 * for (lines it = {s, NULL, 0}; next_line(&it);) use it.line, it.len. */
typedef struct {
  const char *rest, *line;
  size_t len;
} lines;
static bool next_line(lines *it) {
  if (!it->rest) return false;
  const char *nl = strchr(it->rest, '\n');
  it->line = it->rest;
  it->len = nl ? (size_t)(nl - it->rest) : strlen(it->rest);
  it->rest = nl ? nl + 1 : NULL;
  return true;
}

void help_text(FILE *fp, const cmd_doc *d) {
  bool first = true;
  for (lines it = {d->usage, NULL, 0}; next_line(&it); first = false) {
    const char *lead = first ? "usage: " : !strncmp(it.line, "optle ", 6) ? "       " : "";
    fprintf(fp, "%s%.*s\n", lead, (int)it.len, it.line);
  }
  fprintf(fp, "\n%s\n\n", d->about);
  if (d->opts->id != OPT_END) {
    text_options(fp, d->opts);
    fputc('\n', fp);
  }
  if (d->items) {
    fprintf(fp, "%s:\n", d->items_title);
    const char *name, *about;
    for (int i = 0; d->items(i, &name, &about); i++) {
      bool head = true;
      for (lines it = {about, NULL, 0}; next_line(&it); head = false)
        fprintf(fp, "  %-16s %.*s\n", head ? name : "", (int)it.len, it.line);
    }
    fputc('\n', fp);
  }
  if (d->notes) fprintf(fp, "%s\n\n", d->notes);
  fprintf(fp, "exit status: %s\n", d->exit);
}

/* ------------------------------------------------------------------ */
/* Roff: the command's section of the man page                          */

/* s[0..n) as roff text; *bol: at the start of an output line.  A line
 * may break after a ',' or '/' inside a word (\:), so that long lists
 * ("salet,reast,...") and paths fit narrow terminals. */
static void roff_chars(FILE *fp, const char *s, size_t n, bool *bol) {
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (*bol && (c == '.' || c == '\'')) fputs("\\&", fp);
    *bol = false;
    if (c == '\\') fputs("\\e", fp);
    else if (c == '-') fputs("\\-", fp);
    else putc(c, fp);
    if ((c == ',' || c == '/') && i + 1 < n && !isspace((unsigned char)s[i + 1])) fputs("\\:", fp);
  }
}

void help_roff_fill(FILE *fp, const char *s) {
  bool bol = true;
  for (const char *p = s; *p;) {
    while (isspace((unsigned char)*p)) p++;
    size_t n = 0;
    while (p[n] && !isspace((unsigned char)p[n])) n++;
    if (!n) break;
    if (!bol) putc(' ', fp);
    roff_chars(fp, p, n, &bol);
    p += n;
  }
  putc('\n', fp);
}

/* Paragraphs of s (about, notes): ".PP" at each blank line, lines refilled,
 * except that a line starting with two spaces keeps a line of its own. */
static void roff_paragraphs(FILE *fp, const char *s) {
  bool para = true;
  for (lines it = {s, NULL, 0}; next_line(&it);) {
    const char *line = it.line;
    size_t len = it.len;
    if (len == 0) {
      para = true;
      continue;
    }
    if (para) fputs(".PP\n", fp);
    para = false;
    bool own = len >= 2 && line[0] == ' ' && line[1] == ' ';
    if (own) fputs(".br\n", fp);
    size_t k = 0;
    while (k < len && line[k] == ' ') k++;
    bool bol = true;
    roff_chars(fp, line + k, len - k, &bol);
    fputc('\n', fp);
    if (own) fputs(".br\n", fp);
  }
}

/* A usage form's text after "optle CMD": capitals (NAME, W1) in italics,
 * no word hyphenated (\%). */
static void roff_usage(FILE *fp, const char *s, size_t n) {
  bool bol = false;
  for (size_t i = 0; i < n;) {
    if (s[i] != ' ' && (i == 0 || s[i - 1] == ' ')) fputs("\\%", fp);
    bool start = isupper((unsigned char)s[i]) && (i == 0 || !isalnum((unsigned char)s[i - 1]));
    size_t k = i;
    while (start && k < n && (isupper((unsigned char)s[k]) || isdigit((unsigned char)s[k]))) k++;
    if (start && (k == n || !islower((unsigned char)s[k]))) {
      fputs("\\fI", fp);
      roff_chars(fp, s + i, k - i, &bol);
      fputs("\\fR", fp);
      i = k;
    } else {
      roff_chars(fp, s + i, 1, &bol);
      i++;
    }
  }
}

void help_roff(FILE *fp, const cmd_doc *d) {
  fprintf(fp, ".SS optle %s\n", d->name);
  /* The forms: "optle CMD" in bold, the rest refilled. */
  bool first = true;
  for (lines it = {d->usage, NULL, 0}; next_line(&it);) {
    const char *line = it.line;
    size_t len = it.len;
    size_t k = 0;
    while (k < len && line[k] == ' ') k++;
    if (k == 0 && !strncmp(line, "optle ", 6)) {
      fputs(first ? ".PP\n" : ".br\n", fp);
      size_t cmd = 6 + strcspn(line + 6, " \n");
      fprintf(fp, ".B %.*s\n", (int)cmd, line);
      k = cmd + (cmd < len);
      first = false;
    }
    if (k < len) {
      roff_usage(fp, line + k, len - k);
      fputc('\n', fp);
    }
  }
  roff_paragraphs(fp, d->about);
  if (d->opts->id != OPT_END) {
    fputs(".PP\nOptions:\n", fp);
    for (const optuse *u = d->opts; u->id != OPT_END; u++) {
      optshow o = opt_show(u);
      bool bol = false;
      fputs(".TP\n\\fB", fp);
      roff_chars(fp, o.flag, strlen(o.flag), &bol);
      fputs("\\fR", fp);
      if (o.arg) fprintf(fp, " \\fI%s\\fR", o.arg);
      fputc('\n', fp);
      help_roff_fill(fp, o.help);
    }
  }
  if (d->items) {
    fprintf(fp, ".PP\n%c%s:\n", toupper((unsigned char)d->items_title[0]), d->items_title + 1);
    const char *name, *about;
    for (int i = 0; d->items(i, &name, &about); i++) {
      bool bol = false;
      fputs(".TP\n\\fB", fp);
      roff_chars(fp, name, strlen(name), &bol);
      fputs("\\fR\n", fp);
      help_roff_fill(fp, about);
    }
  }
  if (d->notes) roff_paragraphs(fp, d->notes);
  fputs(".PP\nExit status: ", fp);
  help_roff_fill(fp, d->exit);
}
