/*
 * cli.h: the command line.  `optle COMMAND [options]`; commands are a
 * table in cli.c ({handler, documentation}), each in its own file, each
 * documented once (help.h: its --help and its man page section), and
 * each command's options are a table (opts.h).
 *
 * Two options are for tools rather than people, and are left out of
 * --help: `optle --help-roff SECTION` prints a generated section of the
 * man page (tools/man.sh builds optle.1 from optle.1.in with
 * it), and `optle --complete WHAT [ARG]` prints completion words, one a
 * line (completions/optle.bash calls it):
 *   --help-roff commands     each command's section (help_roff())
 *   --help-roff summary      the commands and their summaries
 *   --help-roff lists        the named lists: dates, counts, sources
 *   --complete commands      the command names, and help
 *   --complete options CMD   CMD's options: "FLAG" or "FLAG ARG" (ARG
 *                            is the argument's name: FILE, N, ...)
 *   --complete values FLAG   the values FLAG takes, where there is a
 *                            fixed set: --list's names, --strategy's and
 *                            --strategies' strategies, --format's
 *                            formats, --answers-from's sets (nothing for
 *                            other flags: files, numbers, words)
 * An unknown SECTION, WHAT or CMD is a usage error (status 2).
 *
 * Every usage or input error prints one line, "optle: reason" (or
 * "file:line: reason"), and returns EXIT_USAGE (2).
 */
#ifndef OPTLE_CLI_H
#define OPTLE_CLI_H

#include "help.h"

int cli_main(int argc, char **argv);

/* The subcommands (one file each, src/cmd_NAME.c): argv excludes the
 * command name.  Each returns an exit status; each has its cmd_doc. */
int cmd_solve(int argc, char **argv);
int cmd_simulate(int argc, char **argv);
int cmd_verify(int argc, char **argv); /* cmd_verify.c: optle verify TREE */
int cmd_export(int argc, char **argv); /* cmd_verify.c: optle export TREE */
int cmd_next(int argc, char **argv);   /* cmd_next.c: optle next HISTORY... */
int cmd_analyse(int argc, char **argv); /* cmd_analyse.c: optle analyse HISTORY... */
int cmd_play(int argc, char **argv);   /* cmd_play.c: optle play */
int cmd_lists(int argc, char **argv);  /* cmd_lists.c: optle lists */
int cmd_rank(int argc, char **argv);   /* cmd_rank.c: optle rank */
extern const cmd_doc solve_doc, simulate_doc, verify_doc, export_doc, next_doc, analyse_doc,
    play_doc, lists_doc, rank_doc;

#endif
