/*
 * opts.h: command-line options shared by every subcommand.
 *
 * Each command describes its options as a table of optdef rows (flag,
 * argument name, type, field offset, range, help text).  One table drives
 * parsing, range checks and the --help text, so they never disagree.
 * Options take "--opt VALUE" or "--opt=VALUE"; words that do not start
 * with '-' are positional arguments, accepted up to the command's limit.
 *
 * Every usage error prints one line, "optle: reason (see 'optle CMD
 * --help')", and the caller returns EXIT_USAGE (2).
 */
#ifndef OPTLE_OPTS_H
#define OPTLE_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "game.h"

enum { O_FLAG, O_STR, O_INT, O_PATHS };
#define MAX_OUTPUTS 8

typedef struct {
  const char *flag, *arg; /* "--threads", "N" (NULL for a flag) */
  int type;
  size_t off;             /* field in the command's args struct */
  long lo, hi;            /* O_INT range */
  const char *help;
} optdef;

typedef struct {
  const char *paths[MAX_OUTPUTS];
  int n;
} paths;

/* Positional arguments a command accepts. */
typedef struct {
  char **v;
  int n, max;
} positionals;

/* Print "optle: <message> (see 'optle CMD --help')"; returns EXIT_USAGE. */
int usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void print_options(FILE *fp, const optdef *defs);
/* Parse argv into args by defs.  *help is set by -h/--help.  pos may be
 * NULL (no positional arguments).  Returns 0 or EXIT_USAGE. */
int parse_options(const char *cmd, const optdef *defs, int argc, char **argv, void *args,
                  bool *help, positionals *pos);

/* Word lists: --list NAME or --answers FILE [--guesses FILE]. */
typedef struct {
  const char *list, *answers, *guesses;
} list_args;

#define LIST_OPTIONS(T)                                                                   \
  {"--list", "NAME", O_STR, offsetof(T, l.list), 0, 0,                                   \
   "a named list: small, medium, large (guesses = answers) or nyt"},                     \
  {"--answers", "FILE", O_STR, offsetof(T, l.answers), 0, 0, "the answer list"},         \
  {"--guesses", "FILE", O_STR, offsetof(T, l.guesses), 0, 0,                             \
   "the allowed guesses (default: the answers, or the named list's)"}

/* Load the lists the options name; prints the error and returns EXIT_USAGE. */
int load_lists(const char *cmd, const list_args *l, game *g);

/* The guess index of a word given on the command line (any case), or -1
 * after printing "optle: OPTION 'word': reason". */
int word_arg(const char *cmd, const char *option, const char *word, const game *g);

#endif
