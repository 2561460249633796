/*
 * cli.h: the command line.  `optle COMMAND [options]`; commands are a
 * table in cli.c ({name, handler, summary}), each in its own file, and
 * each command's options are a table (opts.h).
 *
 * Every usage or input error prints one line, "optle: reason" (or
 * "file:line: reason"), and returns EXIT_USAGE (2).
 */
#ifndef OPTLE_CLI_H
#define OPTLE_CLI_H

#define OPTLE_VERSION "0.1.0"

int cli_main(int argc, char **argv);

/* The subcommands (one file each, src/cmd_NAME.c): argv excludes the
 * command name.  Each returns an exit status. */
int cmd_solve(int argc, char **argv);
int cmd_simulate(int argc, char **argv);
int cmd_verify(int argc, char **argv); /* cmd_verify.c: optle verify TREE */
int cmd_export(int argc, char **argv); /* cmd_verify.c: optle export TREE */
int cmd_next(int argc, char **argv);   /* cmd_next.c: optle next HISTORY... */
int cmd_play(int argc, char **argv);   /* cmd_play.c: optle play */
int cmd_lists(int argc, char **argv);  /* cmd_lists.c: optle lists */

#endif
