/* cli.c: the subcommand table, top-level help, and the two options for
 * tools: the man page's generated sections and completion words (cli.h). */
#include "cli.h"

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "dist.h"
#include "err.h"
#include "help.h"
#include "lists.h"
#include "suggest.h"
#include "opts.h"
#include "search.h"
#include "strategy.h"
#include "treeio.h"
#include "util.h"
#include "version.h"
#include "words.h"

typedef struct {
  int (*run)(int argc, char **argv);
  const cmd_doc *doc; /* its name, summary, usage, options (help.h) */
  bool dist;          /* runs on every rank of an MPI run (dist.h); the
                       * others run on rank 0 alone */
} command;

static const command commands[] = {
    {cmd_solve, &solve_doc, true},       {cmd_verify, &verify_doc, false},
    {cmd_export, &export_doc, false},    {cmd_next, &next_doc, false},
    {cmd_analyse, &analyse_doc, false},  {cmd_play, &play_doc, false},
    {cmd_simulate, &simulate_doc, false},
    {cmd_rank, &rank_doc, true},         {cmd_lists, &lists_doc, false},
};
#define NCOMMANDS (sizeof commands / sizeof *commands)

static const command *command_named(const char *name) {
  for (size_t i = 0; i < NCOMMANDS; i++)
    if (!strcmp(commands[i].doc->name, name)) return &commands[i];
  return NULL;
}

/* "'NAME': unknown command", with a suggestion when NAME is close to
 * one (suggest.h). */
static int unknown_command(const char *prefix, const char *name) {
  const char *names[NCOMMANDS + 1];
  for (size_t i = 0; i < NCOMMANDS; i++) names[i] = commands[i].doc->name;
  names[NCOMMANDS] = "help";
  return usage_error(NULL, "%s'%s': unknown command%s", prefix, name,
                     suggest_hint(name, names, NCOMMANDS + 1));
}

static void main_help(FILE *fp) {
  fprintf(fp,
          "optle %s: provably optimal Wordle strategies\n"
          "\n"
          "usage: optle COMMAND [options]     (optle COMMAND --help for its options)\n"
          "\n"
          "commands:\n",
          version_number());
  for (size_t i = 0; i < NCOMMANDS; i++) {
    int col = fprintf(fp, "  %-10s ", commands[i].doc->name);
    help_fill(fp, commands[i].doc->summary, col, col);
  }
  fputc('\n', fp);
  help_fill(fp, lists_names(), fprintf(fp, "named lists (embedded): "), 2);
  fprintf(fp,
          "exit status: 0 success, 1 the answer is no (no strategy within the guess\n"
          "             limit, an invalid tree, a difference from a table), 2 bad usage\n"
          "             or input, 3 out of memory or internal error, 4 stopped before\n"
          "             the work was done\n");
}

/* ------------------------------------------------------------------ */
/* optle --help-roff SECTION: the man page's generated sections (cli.h) */

static int roff_lists(void) {
  for (int i = 0; i < lists_count(); i++) {
    const lists_named *l = lists_at(i);
    wordlist ans, gue;
    if (lists_words(l, &ans, &gue)) {
      fprintf(stderr, "optle: internal error: %s\n", err_msg());
      return EXIT_INTERNAL;
    }
    char line[1024];
    snprintf(line, sizeof line, "%s%s%s%s", l->name, l->alias ? " (or " : "",
             l->alias ? l->alias : "", l->alias ? ")" : "");
    printf(".TP\n.B ");
    help_roff_fill(stdout, line);
    snprintf(line, sizeof line, "%s: %d answers, %d guesses; %s", l->date, ans.n, gue.n,
             l->about);
    help_roff_fill(stdout, line);
    words_free(&ans);
    words_free(&gue);
  }
  return EXIT_OK;
}

static int help_roff_section(const char *section) {
  if (!strcmp(section, "commands")) {
    for (size_t i = 0; i < NCOMMANDS; i++) help_roff(stdout, commands[i].doc);
    return EXIT_OK;
  }
  if (!strcmp(section, "summary")) {
    for (size_t i = 0; i < NCOMMANDS; i++) {
      printf(".TP\n.B %s\n", commands[i].doc->name);
      help_roff_fill(stdout, commands[i].doc->summary);
    }
    return EXIT_OK;
  }
  if (!strcmp(section, "lists")) return roff_lists();
  return usage_error(NULL, "--help-roff '%s': give commands, summary or lists", section);
}

/* ------------------------------------------------------------------ */
/* optle --complete WHAT [ARG]: completion words, one a line (cli.h)    */

static int complete(int argc, char **argv) {
  const char *what = argc > 0 ? argv[0] : "", *arg = argc > 1 ? argv[1] : NULL;
  if (!strcmp(what, "commands") && argc == 1) {
    for (size_t i = 0; i < NCOMMANDS; i++) printf("%s\n", commands[i].doc->name);
    printf("help\n");
    return EXIT_OK;
  }
  if (!strcmp(what, "options") && argc == 2) {
    const command *c = command_named(arg);
    if (!c) return unknown_command("--complete options ", arg);
    for (const optuse *u = c->doc->opts; u->id != OPT_END; u++) {
      optshow o = opt_show(u);
      printf("%s%s%s\n", o.flag, o.arg ? " " : "", o.arg ? o.arg : "");
    }
    printf("--help\n");
    return EXIT_OK;
  }
  if (!strcmp(what, "values") && argc == 2) {
    const char *name, *about;
    if (!strcmp(arg, "--list")) {
      for (int i = 0; i < lists_count(); i++) {
        printf("%s\n", lists_at(i)->name);
        if (lists_at(i)->alias) printf("%s\n", lists_at(i)->alias);
      }
    } else if (!strcmp(arg, "--strategy") || !strcmp(arg, "--strategies")) {
      /* Every strategy by name; rollout:BASE:N as rollout:RULE: for each
       * greedy rule (the count is the user's). */
      for (int i = 0; strategy_doc(i, &name, &about); i++)
        if (strcmp(name, "rollout:BASE:N")) printf("%s\n", name);
      for (int i = 0; strategy_doc(i, &name, &about); i++)
        if (strcmp(name, "rollout:BASE:N") && strcmp(name, "exact"))
          printf("rollout:%s:\n", name);
    } else if (!strcmp(arg, "--format")) {
      for (int i = 0; treeio_format_name(i); i++) printf("%s\n", treeio_format_name(i));
    } else if (!strcmp(arg, "--answers-from")) {
      printf("answers\nguesses\n");
    } else if (!strcmp(arg, "--objective")) {
      printf("total\nworst\n");
    }
    return EXIT_OK;
  }
  return usage_error(NULL, "--complete: give commands, options COMMAND or values FLAG");
}

/* ------------------------------------------------------------------ */

static int dispatch(int argc, char **argv) {
  if (argc < 2) {
    main_help(stderr);
    return EXIT_USAGE;
  }
  const char *c = argv[1];
  if (!strcmp(c, "--help") || !strcmp(c, "-h") || !strcmp(c, "help")) {
    bool help = !strcmp(c, "help");
    if (argc > (help ? 3 : 2)) /* never an argument silently dropped */
      return usage_error(NULL, "'%s': unexpected argument after '%s'", argv[help ? 3 : 2],
                         help ? "help COMMAND" : c);
    /* help [help | --help | -h]: this text; help COMMAND: the command's. */
    if (help && argc > 2 && strcmp(argv[2], "help") && strcmp(argv[2], "--help") &&
        strcmp(argv[2], "-h")) {
      char *h[] = {argv[2], "--help"};
      const command *cmd = command_named(argv[2]);
      if (cmd) return cmd->run(1, h + 1);
      return unknown_command("", argv[2]);
    }
    main_help(stdout);
    return EXIT_OK;
  }
  if (!strcmp(c, "--version") || !strcmp(c, "-V")) {
    if (argc > 2) return usage_error(NULL, "'%s': unexpected argument after '%s'", argv[2], c);
    printf("optle %s\n", version_full());
    if (dist_library()) printf("optle-mpi: %s\n", dist_library());
    return EXIT_OK;
  }
  if (!strcmp(c, "--help-roff")) {
    if (argc != 3) return usage_error(NULL, "--help-roff: give commands, summary or lists");
    return help_roff_section(argv[2]);
  }
  if (!strcmp(c, "--complete")) return complete(argc - 2, argv + 2);
  const command *cmd = command_named(c);
  if (!cmd) return unknown_command("", c);
  /* OMP_NUM_THREADS=0 and the like: libgomp warns (twice) and ignores
   * it; say what is wrong rather than run with a count nobody asked for.
   * A command's --help runs whatever the variable (as `help CMD` does). */
  bool asks_help = false;
  for (int i = 2; i < argc; i++) asks_help |= !strcmp(argv[i], "--help") || !strcmp(argv[i], "-h");
  /* Never another kernel than the one asked for: a bad OPTLE_KERNEL
   * stops a command, not --version or a command's --help. */
  if (!asks_help && search_check_kernel() < 0) {
    err_print();
    return EXIT_USAGE;
  }
  const char *var = NULL, *bad = asks_help ? NULL : threads_env_bad(&var);
  if (bad)
    return strcmp(var, "OMP_NUM_THREADS")
               ? usage_error(NULL, "%s='%s' is not a thread count (a whole number from 1), so "
                                   "OpenMP ignores it: unset it or set it to 1 or more", var, bad)
               : usage_error(NULL, "%s='%s' is not a thread count (whole numbers, comma-"
                                   "separated, from 1 to %d), so OpenMP ignores it or misreads "
                                   "it: unset it or set it to 1 or more (--threads N sets a "
                                   "command's count)", var, bad, INT_MAX);
  /* Under MPI, a command that is single-process runs on rank 0 alone. */
  if (!cmd->dist && !dist_solo(cmd->doc->name)) return EXIT_OK;
  return cmd->run(argc - 2, argv + 2);
}

int cli_main(int argc, char **argv) {
  stop_own_signals(); /* the process is optle's: its signals too (clock.h) */
  /* A write past a file-size limit (ulimit -f) fails with EFBIG, which
   * every writer reports (status 2), where SIGXFSZ would end the process
   * with no message and a torn file behind it. */
  signal(SIGXFSZ, SIG_IGN);
  threads_cap(); /* OMP_NUM_THREADS within --threads' limit (mem.h) */
  int rc = dispatch(argc, argv);
  /* What did not reach stdout is a failure (a full disk, a closed pipe
   * with SIGPIPE ignored): status 2 when the command itself succeeded,
   * its own status otherwise. */
  if (stdout_close() && rc == EXIT_OK) rc = EXIT_USAGE;
  return rc;
}
