/* cli.c: the subcommand table and top-level help (cli.h). */
#include "cli.h"

#include <stdio.h>
#include <string.h>

#include "lists.h"
#include "opts.h"
#include "util.h"


typedef struct {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} command;

static const command commands[] = {
    {"solve", cmd_solve, "find and prove an optimal strategy, and write its tree"},
    {"verify", cmd_verify, "check a tree file (JSON or text) against the word lists"},
    {"export", cmd_export, "write a checked tree as JSON, text or Graphviz DOT"},
    {"next", cmd_next, "the optimal next guess after a game so far, with exact values"},
    {"play", cmd_play, "play Wordle, or get advice on a real game, with the optimal player"},
    {"simulate", cmd_simulate, "play a heuristic strategy on every answer, or compare strategies"},
    {"lists", cmd_lists, "the named word lists embedded in optle: dates, counts, sources"},
};

static void main_help(FILE *fp) {
  fprintf(fp,
          "optle %s: provably optimal Wordle strategies\n"
          "\n"
          "usage: optle COMMAND [options]     (optle COMMAND --help for its options)\n"
          "\n"
          "commands:\n",
          OPTLE_VERSION);
  for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
    fprintf(fp, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf(fp,
          "\n"
          "named lists (embedded): %s\n"
          "exit status: 0 success, 1 no strategy within the guess limit (or an\n"
          "             invalid tree), 2 bad usage or input, 3 out of memory or\n"
          "             internal error, 4 stopped before the proof finished\n",
          lists_names());
}

int cli_main(int argc, char **argv) {
  if (argc < 2) {
    main_help(stderr);
    return EXIT_USAGE;
  }
  const char *c = argv[1];
  if (!strcmp(c, "--help") || !strcmp(c, "-h") || !strcmp(c, "help")) {
    if (!strcmp(c, "help") && argc > 2) {
      char *h[] = {argv[2], "--help"};
      for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(commands[i].name, argv[2])) return commands[i].run(1, h + 1);
      return usage_error(NULL, "'%s': unknown command", argv[2]);
    }
    main_help(stdout);
    return EXIT_OK;
  }
  if (!strcmp(c, "--version") || !strcmp(c, "-V")) {
    printf("optle %s\n", OPTLE_VERSION);
    return EXIT_OK;
  }
  for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
    if (!strcmp(commands[i].name, c)) return commands[i].run(argc - 2, argv + 2);
  return usage_error(NULL, "'%s': unknown command", c);
}
