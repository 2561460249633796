/*
 * help.c: a command's --help and man page section from its cmd_doc
 * (help.h).  Both refill the text: --help to 79 columns (the option and
 * item help beside its name, the usage forms under their first
 * argument), the man page by roff.
 */
#include "help.h"

#include <assert.h>
#include <ctype.h>
#include <stdbool.h>
#include <string.h>

/* --help's text fits a terminal of 80 columns: lines of HELP_WIDTH
 * columns at most, an option's help from column HELP_OPTION_INDENT, a
 * named item's (simulate's strategies) from HELP_ITEM_INDENT. */
#define HELP_WIDTH 79
#define HELP_OPTION_INDENT 25
#define HELP_ITEM_INDENT 19

/* ------------------------------------------------------------------ */
/* Text: optle CMD --help                                               */

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

/* The words of s[0..n) (split at any blank or newline) from column col,
 * filled to HELP_WIDTH columns, later lines indented by indent.  A word
 * too long for any line (simulate's default openers) breaks after a ','
 * where one fits, as in the man page.  Ends with a newline. */
static void text_fill(FILE *fp, const char *s, size_t n, int col, int indent) {
  assert(indent < HELP_WIDTH);
  bool first = true, glued = false; /* glued: the piece continues a word */
  for (size_t i = 0; i < n;) {
    while (!glued && i < n && isspace((unsigned char)s[i])) i++;
    size_t w = 0;
    while (i + w < n && !isspace((unsigned char)s[i + w])) w++;
    if (!w) break;
    glued = false;
    if ((int)w > HELP_WIDTH - indent) { /* the longest piece up to a ',' that fits */
      int room = HELP_WIDTH - col - !first; /* first on this line, then a fresh one */
      size_t cut = 0;
      for (int pass = 0; pass < 2 && !cut; pass++, room = HELP_WIDTH - indent)
        for (size_t k = 0; k < w && (int)k < room; k++)
          if (s[i + k] == ',') cut = k + 1;
      if (cut) w = cut, glued = true;
    }
    if (!first && col + 1 + (int)w > HELP_WIDTH) {
      fprintf(fp, "\n%*s", indent, "");
      col = indent;
    } else if (!first) {
      putc(' ', fp);
      col++;
    }
    fprintf(fp, "%.*s", (int)w, s + i);
    col += (int)w;
    first = false;
    i += w;
    if (glued) { /* the rest of the word on the next line */
      fprintf(fp, "\n%*s", indent, "");
      col = indent;
      first = true;
    }
  }
  putc('\n', fp);
}

void help_fill(FILE *fp, const char *s, int col, int indent) {
  text_fill(fp, s, strlen(s), col, indent);
}

/* Paragraphs (about, notes): lines refilled, as in the man page, except
 * that a blank line stays and a line starting with two spaces keeps a
 * line of its own (broken only where it is too long). */
static void text_paragraphs(FILE *fp, const char *s) {
  const char *run = NULL; /* the lines being gathered */
  size_t len = 0;
  for (lines it = {s, NULL, 0}; next_line(&it);) {
    bool own = it.len == 0 || (it.len >= 2 && it.line[0] == ' ' && it.line[1] == ' ');
    if (own) {
      if (run) text_fill(fp, run, len, 0, 0);
      run = NULL;
      if (!it.len) {
        fputc('\n', fp);
        continue;
      }
      size_t k = 0; /* an own line too long breaks as any other, indented */
      while (k < it.len && it.line[k] == ' ') k++;
      fprintf(fp, "%*s", (int)k, "");
      text_fill(fp, it.line + k, it.len - k, (int)k, (int)k + 2);
      continue;
    }
    if (!run) run = it.line;
    len = (size_t)(it.line + it.len - run);
  }
  if (run) text_fill(fp, run, len, 0, 0);
}

/* Each option and its help, filled beside it. */
static void text_options(FILE *fp, const optuse *uses) {
  for (const optuse *u = uses; u->id != OPT_END; u++) {
    optshow o = opt_show(u);
    char left[64];
    snprintf(left, sizeof left, "%s%s%s", o.flag, o.arg ? " " : "", o.arg ? o.arg : "");
    int col = fprintf(fp, "  %-22s ", left);
    text_fill(fp, o.help, strlen(o.help), col, HELP_OPTION_INDENT);
  }
}

/* The usage forms: each "optle ..." line and the lines continuing it,
 * filled with later lines under the form's first argument. */
static void text_usage(FILE *fp, const char *usage) {
  bool first = true;
  const char *form = NULL;
  size_t len = 0;
  for (lines it = {usage, NULL, 0};;) {
    bool more = next_line(&it);
    if (form && (!more || strncmp(it.line, "optle ", 6) == 0)) {
      size_t cmd = 6 + strcspn(form + 6, " \n");
      bool args = len > cmd; /* "optle lists" has none: no blank after it */
      int lead = fprintf(fp, "%s%.*s%s", first ? "usage: " : "       ", (int)cmd, form,
                         args ? " " : "");
      text_fill(fp, form + cmd, len - cmd, lead, lead);
      first = false;
      form = NULL;
    }
    if (!more) break;
    if (!form) form = it.line;
    len = (size_t)(it.line + it.len - form);
  }
}

void help_text(FILE *fp, const cmd_doc *d) {
  text_usage(fp, d->usage);
  fputc('\n', fp);
  text_paragraphs(fp, d->about);
  fputc('\n', fp);
  if (d->opts->id != OPT_END) {
    text_options(fp, d->opts);
    fputc('\n', fp);
  }
  if (d->items) {
    fprintf(fp, "%s:\n", d->items_title);
    const char *name, *about;
    for (int i = 0; d->items(i, &name, &about); i++) {
      int col = fprintf(fp, "  %-16s ", name);
      text_fill(fp, about, strlen(about), col, HELP_ITEM_INDENT);
    }
    fputc('\n', fp);
  }
  if (d->notes) {
    text_paragraphs(fp, d->notes);
    fputc('\n', fp);
  }
  int col = fprintf(fp, "exit status: ");
  text_fill(fp, d->exit, strlen(d->exit), col, col);
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
