/*
 * cli.h: the command line.  `optle COMMAND [options]`; commands are a
 * table in cli.c ({name, handler, summary}), and each command's options
 * are a table of optdef rows that drives parsing, range checks and the
 * --help text alike, so the three never disagree.
 *
 * Every usage or input error prints one line, "optle: reason" (or
 * "file:line: reason"), and returns EXIT_USAGE (2).
 */
#ifndef OPTLE_CLI_H
#define OPTLE_CLI_H

#define OPTLE_VERSION "0.1.0"

int cli_main(int argc, char **argv);

#endif
