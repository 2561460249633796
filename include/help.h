/*
 * help.h: each command's documentation, written once and shown two
 * ways: as `optle CMD --help` (text) and as the command's section of the
 * man page (roff: `optle --help-roff commands`, which tools/man.sh puts
 * into optle.1).
 *
 * A command describes itself in one cmd_doc (in its own file): its
 * usage, what it does, its options (its optuse list, shown through
 * opt_show(), opts.h), an optional list of named items (simulate's
 * strategies, from strategy_doc()), notes and exit statuses.  cli.c's
 * command table points at each, for `optle --help`, the man page and the
 * completion.  So --help and the man page cannot say different things,
 * and tests/cli_man.sh checks that the committed page is what the
 * code generates now.
 *
 * The strings are written for --help and read well in roff too:
 *  - usage: the lines of --help after "usage: ".  A line starting
 *    "optle " begins a form (its own synopsis line in the man page); a
 *    line starting with spaces continues the form above;
 *  - about and notes: paragraphs separated by a blank line, refilled
 *    in both (--help to 79 columns, help.c); a line starting with two
 *    spaces keeps a line of its own in both;
 *  - option help, items and exit: refilled beside their names (after
 *    "exit status: "), so a help string's own line breaks do not matter.
 * None ends with a newline.  In roff, '\' and '-' are escaped and a
 * line's leading '.' or '\'' guarded; capitals in usage (NAME, FILE) are
 * placeholders, set in italics.
 */
#ifndef OPTLE_HELP_H
#define OPTLE_HELP_H

#include <stdio.h>

#include "opts.h"

typedef struct {
  const char *name;    /* "solve" */
  const char *summary; /* one line, for optle --help and the man page */
  const char *usage;
  const char *about;
  const optuse *opts; /* ends with OPT_USE_END (may be only that) */
  /* Named items after the options, or NULL: items(i, &name, &about) is
   * 1 for the i-th (i = 0, 1, ...), 0 past the last; '\n' in an about
   * breaks its --help line (strategy_doc(), strategy.h). */
  const char *items_title; /* "strategies" */
  int (*items)(int i, const char **name, const char **about);
  const char *notes; /* or NULL */
  const char *exit;
} cmd_doc;

/* `optle CMD --help`. */
void help_text(FILE *fp, const cmd_doc *d);
/* The command's section of the man page: ".SS optle CMD" and on. */
void help_roff(FILE *fp, const cmd_doc *d);
/* s as filled roff text (whitespace runs, newlines included, become one
 * space), escaped; ends with a newline. */
void help_roff_fill(FILE *fp, const char *s);
/* s as --help's text: its words from column col (already written) filled
 * to 79 columns, later lines indented by indent (< 79); a newline after. */
void help_fill(FILE *fp, const char *s, int col, int indent);

#endif
