/* cli.c: subcommands, option tables and the solve summary (cli.h). */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <omp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game.h"
#include "lists.h"
#include "search.h"
#include "tree.h"
#include "treeio.h"
#include "tuning.h"
#include "util.h"

/* ------------------------------------------------------------------ */
/* Option tables. */

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

static int usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int usage_error(const char *cmd, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("optle: ", stderr);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, " (see 'optle %s--help')\n", cmd ? cmd : "");
  va_end(ap);
  return EXIT_USAGE;
}

static void print_options(FILE *fp, const optdef *defs) {
  for (const optdef *d = defs; d->flag; d++) {
    char left[64];
    snprintf(left, sizeof left, "%s%s%s", d->flag, d->arg ? " " : "", d->arg ? d->arg : "");
    fprintf(fp, "  %-22s %s\n", left, d->help);
  }
}

/* Parse "--flag value", "--flag=value" and flags into args.  Positional
 * arguments are refused (no command takes any yet). */
static int parse_options(const char *cmd, const optdef *defs, int argc, char **argv,
                         void *args, bool *help) {
  char sub[64];
  snprintf(sub, sizeof sub, "%s ", cmd);
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      *help = true;
      return 0;
    }
    const char *eq = strchr(a, '=');
    size_t flen = eq && a[0] == '-' && a[1] == '-' ? (size_t)(eq - a) : strlen(a);
    const optdef *d = defs;
    for (; d->flag; d++)
      if (strlen(d->flag) == flen && !strncmp(d->flag, a, flen)) break;
    if (!d->flag) {
      if (a[0] == '-') return usage_error(sub, "%s: unknown option for '%s'", a, cmd);
      return usage_error(sub, "'%s': unexpected argument for '%s'", a, cmd);
    }
    char *field = (char *)args + d->off;
    if (d->type == O_FLAG) {
      if (eq && a[flen] == '=') return usage_error(sub, "%s takes no value", d->flag);
      *(bool *)field = true;
      continue;
    }
    const char *val;
    if (a[flen] == '=') {
      val = a + flen + 1;
    } else {
      if (i + 1 >= argc) return usage_error(sub, "%s needs a value (%s)", d->flag, d->arg);
      val = argv[++i];
    }
    if (d->type == O_STR) {
      if (!*val) return usage_error(sub, "%s: empty value", d->flag);
      *(const char **)field = val;
    } else if (d->type == O_PATHS) {
      paths *p = (paths *)field;
      if (!*val) return usage_error(sub, "%s: empty file name", d->flag);
      if (p->n == MAX_OUTPUTS)
        return usage_error(sub, "%s: at most %d files", d->flag, MAX_OUTPUTS);
      p->paths[p->n++] = val;
    } else {
      char *end;
      errno = 0;
      long v = strtol(val, &end, 10);
      if (!*val || *end || errno == ERANGE || isspace((unsigned char)*val))
        return usage_error(sub, "%s: '%s' is not a whole number", d->flag, val);
      if (v < d->lo || v > d->hi)
        return usage_error(sub, "%s: %s is out of range (%ld to %ld)", d->flag, val, d->lo,
                           d->hi);
      *(int *)field = (int)v;
    }
  }
  return 0;
}

/* ------------------------------------------------------------------ */
/* Shared pieces: word lists from --list or --answers/--guesses. */

typedef struct {
  const char *list, *answers, *guesses;
} list_args;

#define LIST_OPTIONS(T)                                                                   \
  {"--list", "NAME", O_STR, offsetof(T, l.list), 0, 0,                                   \
   "a named list: small, medium, large (guesses = answers) or nyt"},                     \
  {"--answers", "FILE", O_STR, offsetof(T, l.answers), 0, 0, "the answer list"},         \
  {"--guesses", "FILE", O_STR, offsetof(T, l.guesses), 0, 0,                             \
   "the allowed guesses (default: the answers, or the named list's)"}

static int load_lists(const char *cmd, const list_args *l, game *g) {
  if (l->list && l->answers)
    return usage_error(cmd, "--list and --answers cannot be used together");
  if (!l->list && !l->answers) return usage_error(cmd, "give --list NAME or --answers FILE");
  int rc = l->list ? lists_load(g, l->list, l->guesses) : game_load(g, l->answers, l->guesses);
  if (!rc) return 0;
  fprintf(stderr, "optle: %s\n", err_msg());
  return EXIT_USAGE;
}

/* ------------------------------------------------------------------ */
/* optle solve */

typedef struct {
  list_args l;
  const char *first;
  int max_guesses, threads, memo_mb;
  paths out;
  bool quiet, stats, no_seed;
} solve_args;

static const optdef solve_opts[] = {
    LIST_OPTIONS(solve_args),
    {"--first", "WORD", O_STR, offsetof(solve_args, first), 0, 0,
     "fix the first guess and prove its optimal total"},
    {"--max-guesses", "N", O_INT, offsetof(solve_args, max_guesses), 0, 254,
     "guess limit per answer, 0 = none (default 6)"},
    {"--threads", "N", O_INT, offsetof(solve_args, threads), 1, 1024,
     "OpenMP threads (default: all cores)"},
    {"--memo-mb", "N", O_INT, offsetof(solve_args, memo_mb), 1, 1 << 20,
     "memo size cap in MiB (default 128)"},
    {"-o", "FILE", O_PATHS, offsetof(solve_args, out), 0, 0,
     "write the tree: FILE.json (JSON) or FILE.txt (text); repeatable"},
    {"--stats", NULL, O_FLAG, offsetof(solve_args, stats), 0, 0, "print the search counters"},
    {"--no-seed", NULL, O_FLAG, offsetof(solve_args, no_seed), 0, 0,
     "do not seed the bound with the greedy entropy strategy"},
    {"--quiet", NULL, O_FLAG, offsetof(solve_args, quiet), 0, 0,
     "print nothing on success (errors still go to stderr)"},
    {NULL, NULL, 0, 0, 0, 0, NULL},
};

static void solve_help(FILE *fp) {
  fprintf(fp,
          "usage: optle solve (--list NAME | --answers FILE [--guesses FILE]) [options]\n"
          "\n"
          "Find the strategy with the fewest guesses in total over all answers, prove\n"
          "that none does better, and print a summary (and write the tree with -o).\n"
          "\n");
  print_options(fp, solve_opts);
  fprintf(fp,
          "\nexit status: 0 solved, 1 no strategy within the guess limit,\n"
          "             2 bad usage or input, 3 out of memory or internal error\n");
}

static void print_stats(const search_stats *st) {
  printf("search counters:\n");
#define X(name, doc) printf("  %-16s %14llu  %s\n", #name, (unsigned long long)st->name, doc);
  SEARCH_STATS(X)
#undef X
  printf("  %-16s %14llu  %s\n", "memo_stores", (unsigned long long)st->memo_stores,
         "records stored in the memo");
  printf("  %-16s %14llu  %s\n", "memo_evictions", (unsigned long long)st->memo_evictions,
         "records evicted (memo.h, Replacement)");
  printf("  %-16s %14llu  %s\n", "memo_bytes", (unsigned long long)st->memo_bytes,
         "memo bytes in use at the end");
  if (st->exact_sum)
    printf("  %-16s %13.1f%%  %s\n", "bound_quality",
           100.0 * (double)st->bound_sum / (double)st->exact_sum,
           "entry bounds of searched sets / their exact values");
  if (st->memo_probes)
    printf("  %-16s %13.1f%%  %s\n", "memo_hit_rate",
           100.0 * (double)st->memo_hits / (double)st->memo_probes,
           "probes answered by the memo");
}

static int cmd_solve(int argc, char **argv) {
  solve_args a = {.max_guesses = 6, .threads = 0, .memo_mb = MEMO_DEFAULT_MB};
  bool help = false;
  int rc = parse_options("solve", solve_opts, argc, argv, &a, &help);
  if (rc) return rc;
  if (help) {
    solve_help(stdout);
    return EXIT_OK;
  }
  for (int i = 0; i < a.out.n; i++)
    if (treeio_format_of(a.out.paths[i]) == TREEFMT_NONE)
      return usage_error("solve ", "-o %s: unknown tree format (use .json or .txt)",
                         a.out.paths[i]);
  game g;
  if ((rc = load_lists("solve ", &a.l, &g))) return rc;

  int first = -1;
  if (a.first) {
    char w[8] = {0};
    size_t len = strlen(a.first);
    for (size_t i = 0; i < len && i < 7; i++) w[i] = (char)tolower((unsigned char)a.first[i]);
    if (len != 5 || !words_valid(w)) {
      game_free(&g);
      return usage_error("solve ", "--first '%s': not a five-letter word", a.first);
    }
    first = words_find(&g.guesses, w);
    if (first < 0) {
      usage_error("solve ", "--first '%s': not in the guess list %s", a.first, g.guesses.path);
      game_free(&g);
      return EXIT_USAGE;
    }
  }
  /* Open outputs now, so a bad path fails before a long solve. */
  outfile outs[MAX_OUTPUTS];
  for (int i = 0; i < a.out.n; i++)
    if (out_open(&outs[i], a.out.paths[i])) {
      fprintf(stderr, "optle: %s\n", err_msg());
      for (int j = 0; j < i; j++) out_abort(&outs[j]);
      game_free(&g);
      return EXIT_USAGE;
    }

  search_opts so;
  search_opts_default(&so);
  so.max_guesses = a.max_guesses;
  if (a.threads) so.threads = a.threads;
  so.memo_mb = a.memo_mb;
  so.progress = !a.quiet && isatty(2);
  so.seed = !a.no_seed;
  search *s = search_new(&g, &so);

  uint16_t *all = xmalloc(sizeof *all * (size_t)g.n_answers);
  for (int i = 0; i < g.n_answers; i++) all[i] = (uint16_t)i;
  double t0 = now_seconds();
  tnode *tree = NULL;
  int total = search_solve(s, all, g.n_answers, first, &tree);
  double t1 = now_seconds();

  int status = EXIT_OK;
  if (total >= OPTLE_INF) {
    for (int i = 0; i < a.out.n; i++) out_abort(&outs[i]);
    if (first >= 0)
      fprintf(stderr, "optle: no strategy starting with '%s' solves every answer within %d guesses\n",
              g.guesses.w[first], a.max_guesses);
    else
      fprintf(stderr, "optle: no strategy solves every answer within %d guesses\n",
              a.max_guesses);
    status = EXIT_NOSTRATEGY;
  } else {
    if (tree_check(tree, &g, all, g.n_answers, a.max_guesses)) {
      fprintf(stderr, "optle: internal error: the tree fails its check: %s\n", err_msg());
      exit(EXIT_INTERNAL);
    }
    for (int i = 0; i < a.out.n; i++) {
      const char *p = a.out.paths[i];
      int bad = treeio_format_of(p) == TREEFMT_JSON
                    ? treeio_write_json(outs[i].fp, tree, &g, a.max_guesses)
                    : treeio_write_text(outs[i].fp, tree, &g);
      if (bad || out_commit(&outs[i])) {
        fprintf(stderr, "optle: %s: %s\n", p, err_msg());
        out_abort(&outs[i]);
        status = EXIT_USAGE;
      }
    }
    if (!a.quiet) {
      tree_summary sum;
      tree_summarize(tree, &sum);
      search_stats st;
      search_get_stats(s, &st);
      printf("lists         %s (%d answers), %s (%d guesses)\n", g.answers.path, g.n_answers,
             g.guesses.path, g.n_guesses);
      printf("guess limit   %s", a.max_guesses ? "" : "none\n");
      if (a.max_guesses) printf("%d\n", a.max_guesses);
      printf("first guess   %s%s\n", g.guesses.w[tree->guess], first >= 0 ? " (fixed)" : "");
      printf("total         %ld\n", sum.total);
      printf("average       %.4f\n", (double)sum.total / sum.n);
      printf("most guesses  %d\n", sum.most);
      printf("distribution ");
      for (int k = 1; k <= sum.most; k++) printf(" %d:%d", k, sum.dist[k]);
      printf("\n");
      printf("nodes         %llu\n", (unsigned long long)st.nodes);
      printf("tree hash     %016llx\n", (unsigned long long)tree_hash(tree));
      printf("threads       %d\n", so.threads);
      printf("peak RSS      %.1f MB\n", peak_rss_kib() / 1024.0);
      double tv, tt;
      search_times(s, &tv, &tt);
      printf("time          %.2f s (lists and table %.2f s, proof %.2f s, tree %.2f s)\n",
             g.load_seconds + (t1 - t0), g.load_seconds, tv, tt);
      for (int i = 0; i < a.out.n; i++) printf("wrote         %s\n", a.out.paths[i]);
      if (a.stats) print_stats(&st);
    }
  }
  tree_free(tree);
  free(all);
  search_free(s);
  game_free(&g);
  return status;
}

/* ------------------------------------------------------------------ */
/* Dispatch. */

typedef struct {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} command;

static const command commands[] = {
    {"solve", cmd_solve, "find and prove an optimal strategy, and write its tree"},
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
          "exit status: 0 success, 1 no strategy within the guess limit,\n"
          "             2 bad usage or input, 3 out of memory or internal error\n",
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
