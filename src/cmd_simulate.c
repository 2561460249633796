/* cmd_simulate.c: `optle simulate`, heuristic strategies played on every
 * answer, and `optle simulate --compare`, their table across first
 * guesses (strategy.h, simulate.h). */
#include <omp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "help.h"
#include "game.h"
#include "opts.h"
#include "simulate.h"
#include "strategy.h"
#include "tree.h"
#include "treeio.h"
#include "treeread.h"
#include "tuning.h"
#include "util.h"
#include "verify.h"

/* The compare defaults: the sixteen first guesses of the thesis's Table
 * 6.1 (../shared/background), and the strategies it compares. */
#define COMPARE_FIRST                                                                  \
  "salet,reast,crate,trace,slate,crane,carle,slane,prate,raise,train,trape,soare,clout," \
  "salut,lants"
#define COMPARE_STRATEGIES "entropy,entropy-plain,minimax,rollout:entropy:10,exact"

static const optuse sim_opts[] = {
    OPT_USE_LISTS,
    OPT_USE(STRATEGY),
    OPT_USE_HELP(FIRST, "fix the first guess (with --compare: a comma-separated list)"),
    OPT_USE_HELP(MAX_GUESSES, "answers needing more are failures, 0 = no limit (default 6)"),
    OPT_USE_HELP(HARD, "hard mode: every strategy picks among the guesses it allows"),
    OPT_USE_HELP(ULTRAHARD, "ultrahard mode: every guess could still be the answer"),
    OPT_USE(THREADS),
    OPT_USE_HELP(MEMO_MB, "exact: memo size cap in MiB (default 128)"),
    OPT_USE_HELP(TREE, "play the tree in FILE (JSON or text) instead of computing one"),
    OPT_USE_HELP(OUT, "the tree (.json/.txt), or with --compare the table (.md/.csv); repeatable"),
    OPT_USE(COMPARE),
    OPT_USE(STRATEGIES),
    OPT_USE(TIME_LIMIT),
    OPT_USE(QUIET),
    OPT_USE_END,
};

const cmd_doc simulate_doc = {
    .name = "simulate",
    .summary = "play a heuristic strategy on every answer, or compare strategies",
    .usage = "optle simulate (--list NAME | --answers FILE [--guesses FILE])\n"
             "                      [--strategy NAME | --tree FILE] [--first WORD] [options]\n"
             "optle simulate --compare [--first W1,W2,...] [--strategies S1,S2,...]\n"
             "                      (--list NAME | --answers FILE [--guesses FILE]) [options]",
    .about = "Play a strategy against every answer and report the average, the\n"
             "distribution of guesses, the answers beyond the guess limit (still played\n"
             "to the end) and the worst answers; -o writes the strategy's tree.  With\n"
             "--compare, a table of average guesses for each first guess and strategy,\n"
             "with the gap to the optimum when exact is among the strategies.  Defaults:\n"
             "  --first " COMPARE_FIRST "\n"
             "  --strategies " COMPARE_STRATEGIES,
    .opts = sim_opts,
    .items_title = "strategies",
    .items = strategy_doc,
    .notes = "Ctrl-C, SIGTERM or --time-limit stops it within a second; nothing is then\n"
             "written.",
    .exit = "0 done, 1 exact: no strategy within the guess limit, or\n"
            "             --tree: the tree is wrong, 2 bad usage or input,\n"
            "             3 out of memory or internal error, 4 stopped",
};

/* Split a comma-separated list in place: items into v (at most max). */
static int split_list(char *s, char **v, int max) {
  int n = 0;
  for (char *p = s;; p++) {
    char *c = strchr(p, ',');
    if (n == max) return -1;
    v[n++] = p;
    if (!c) break;
    *c = 0;
    p = c;
  }
  return n;
}

/* ------------------------------------------------------------------ */
/* --compare                                                            */

/* A compare table to write to -o files, each in its extension's format. */
typedef struct {
  const sim_compare *c;
  const game *g;
  const char *about;
} compare_job;

static int compare_writer(FILE *fp, const char *path, void *arg) {
  const compare_job *j = arg;
  return sim_compare_write(fp, j->c, j->g, (sim_format)sim_format_of(path), j->about);
}

static int run_compare(const optle_args *a, game *g, rules_mode rules) {
  char *firsts = xstrdup(a->first ? a->first : COMPARE_FIRST);
  char *names = xstrdup(a->strategies ? a->strategies : COMPARE_STRATEGIES);
  int max_items = g->n_guesses + 1;
  char **fv = xmalloc(sizeof *fv * (size_t)max_items), **sv = xmalloc(sizeof *sv * 64);
  int *openers = xmalloc(sizeof *openers * (size_t)max_items);
  strategy strats[64];
  int nopen = split_list(firsts, fv, max_items), nstrat = split_list(names, sv, 64), rc = 0;
  if (nopen < 0) rc = usage_error("simulate ", "--first: more words than the guess list has");
  else if (nstrat < 0) rc = usage_error("simulate ", "--strategies: at most 64 strategies");
  for (int i = 0; !rc && i < nopen; i++)
    if (!*fv[i]) rc = usage_error("simulate ", "--first: an empty word in the list");
    else if ((openers[i] = word_arg("simulate ", "--first", fv[i], g)) < 0) rc = EXIT_USAGE;
  for (int i = 0; !rc && i < nstrat; i++)
    if (strategy_parse(sv[i], &strats[i]))
      rc = usage_error("simulate ", "--strategies: %s", err_msg());
    else strats[i].gr.mode = rules;
  outset outs;
  if (!rc && outs_open(&outs, a->out.paths, a->out.n)) rc = EXIT_USAGE;
  if (rc) {
    free(firsts), free(names), free(fv), free(sv), free(openers);
    return rc;
  }

  sim_compare c = {.nopen = nopen,
                   .nstrat = nstrat,
                   .openers = openers,
                   .strats = strats,
                   .threads = a->threads ? a->threads : omp_get_max_threads(),
                   .max_guesses = a->max_guesses,
                   .memo_mb = a->memo_mb,
                   .rules = rules};
  sim_compare_run(&c, g);
  if (stop_requested()) {
    outs_abort(&outs);
    char what[128];
    snprintf(what, sizeof what, "with %d of the table's %d cells computed: nothing written", c.done,
             nopen * nstrat);
    stop_say(what);
    sim_compare_free(&c);
    free(firsts), free(names), free(fv), free(sv), free(openers);
    return EXIT_STOPPED;
  }
  char about[1024];
  snprintf(about, sizeof about,
           "Average guesses per answer on %s (%d answers) and %s (%d guesses), first guess "
           "fixed per row%s; **bold**: the best first guess of each column%s; time: the "
           "seconds of each column's cells, summed (heuristic cells run one per thread, side "
           "by side; exact cells use every thread). %d threads, %.1f s in all.",
           g->answers.path, g->n_answers, g->guesses.path, g->n_guesses,
           c.exact_col >= 0 ? "; in parentheses the gap to exact (the optimum), or \"optimal\" when "
                             "there is none"
                           : "",
           a->max_guesses ? "; \"max N\": some answer needs N guesses, over the limit" : "",
           c.threads, c.wall);
  compare_job job = {&c, g, about};
  int status = outs_write(&outs, compare_writer, &job) ? EXIT_USAGE : EXIT_OK;
  if (!a->quiet) {
    sim_compare_write(stdout, &c, g, SIM_MARKDOWN, about);
    outs_report(&outs, stdout, "wrote ");
  }
  sim_compare_free(&c);
  free(firsts), free(names), free(fv), free(sv), free(openers);
  return status;
}

/* ------------------------------------------------------------------ */
/* One strategy                                                         */

/* The tree of --tree FILE, checked; NULL after printing why (*status). */
static tnode *load_tree(const char *path, const game *g, const uint16_t *all, int first,
                        rules_mode rules, int *status) {
  tnode *t = NULL;
  treeread_info info;
  int r = treeread_load(path, g, &t, &info);
  if (r == TREEREAD_OK && verify_rules(t, g, rules, &info, path)) {
    tree_free(t);
    t = NULL;
    r = TREEREAD_INVALID;
  }
  treeread_info_free(&info);
  if (r != TREEREAD_OK) {
    fprintf(stderr, "optle: %s\n", err_msg());
    *status = r == TREEREAD_INVALID ? EXIT_NOSTRATEGY : EXIT_USAGE;
    return NULL;
  }
  if (tree_check(t, g, all, g->n_answers, 0)) {
    char why[1024];
    snprintf(why, sizeof why, "%s", err_msg());
    err_set("%s: %s", path, why); /* err_set() escapes the path */
    fprintf(stderr, "optle: %s\n", err_msg());
    *status = EXIT_NOSTRATEGY;
  } else if (first >= 0 && t->guess != first) {
    err_set("--first %s: the tree in %s starts with '%s'", g->guesses.w[first], path,
            g->guesses.w[t->guess]);
    fprintf(stderr, "optle: %s\n", err_msg());
    *status = EXIT_USAGE;
  } else {
    return t;
  }
  tree_free(t);
  return NULL;
}

static void print_report(const sim_report *r, const tnode *t, const game *g, const char *name,
                         int first, int limit, rules_mode rules) {
  printf("lists         %s (%d answers), %s (%d guesses)\n", g->answers.path, g->n_answers,
         g->guesses.path, g->n_guesses);
  printf("strategy      %s\n", name);
  if (rules != RULES_NORMAL) printf("rules         %s\n", rules_name(rules));
  printf("first guess   %s%s\n", g->guesses.w[t->guess], first >= 0 ? " (fixed)" : "");
  printf("total         %ld\n", r->total);
  printf("average       %.4f\n", (double)r->total / r->n);
  printf("most guesses  %d\n", r->most);
  printf("distribution ");
  for (int k = 1; k <= r->most && k <= TREE_MAX_DEPTH; k++) printf(" %d:%d", k, r->dist[k]);
  printf("\n");
  if (limit > 0)
    printf("failures      %d (answers needing more than %d guesses)\n", r->failures, limit);
  else
    printf("failures      - (no guess limit)\n");
  for (int w = 0; w < r->nworst; w++) {
    char path[256];
    sim_path(t, g, r->worst[w], path, sizeof path);
    printf("%-13s %d %s: %s\n", w ? "" : "worst", r->worst_guesses[w], g->answers.w[r->worst[w]],
           path);
  }
  printf("tree nodes    %d\n", r->nodes);
}

int cmd_simulate(int argc, char **argv) {
  optle_args a;
  bool help = false;
  int rc = parse_options("simulate", sim_opts, argc, argv, &a, &help, NULL);
  if (rc) return rc;
  if (help) {
    help_text(stdout, &simulate_doc);
    return EXIT_OK;
  }
  /* Usage checks that need no lists. */
  if (a.compare) {
    if (a.strategy)
      return usage_error("simulate ", "--strategy plays one strategy; with --compare use "
                                      "--strategies");
    if (a.tree) return usage_error("simulate ", "--tree cannot be used with --compare");
    for (int i = 0; i < a.out.n; i++)
      if (sim_format_of(a.out.paths[i]) < 0)
        return usage_error("simulate ", "-o %s: unknown table format (use .md or .csv)",
                           a.out.paths[i]);
  } else {
    if (a.strategies) return usage_error("simulate ", "--strategies needs --compare");
    for (int i = 0; i < a.out.n; i++)
      if (treeio_format_of(a.out.paths[i]) == TREEFMT_NONE)
        return usage_error("simulate ", "-o %s: unknown tree format (use " TREEIO_EXTENSIONS ")",
                           a.out.paths[i]);
  }
  rules_mode rules;
  if ((rc = rules_args("simulate ", &a, &rules, NULL))) return rc;
  strategy st;
  if (!a.compare && strategy_parse(a.strategy ? a.strategy : "entropy", &st))
    return usage_error("simulate ", "--strategy: %s", err_msg());
  st.gr.mode = rules;
  if (a.tree && st.kind != STRAT_EXACT && a.strategy)
    return usage_error("simulate ", "--tree plays the tree in the file: leave out --strategy "
                                    "(or give exact)");

  /* From here on Ctrl-C, SIGTERM and --time-limit stop every phase
   * (clock.h): status 4, and no -o file is written. */
  stop_catch_signals();
  if (a.time_limit) stop_after(a.time_limit);
  game g;
  threads_start(a.threads);
  if ((rc = load_lists("simulate ", &a.l, &g))) return rc;
  if (a.compare) {
    rc = run_compare(&a, &g, rules);
    game_free(&g);
    return rc;
  }

  int first = -1;
  if (a.first && (first = word_arg("simulate ", "--first", a.first, &g)) < 0) {
    game_free(&g);
    return EXIT_USAGE;
  }
  uint16_t *all = xmalloc(sizeof *all * (size_t)g.n_answers);
  for (int i = 0; i < g.n_answers; i++) all[i] = (uint16_t)i;
  outset outs;
  if (outs_open(&outs, a.out.paths, a.out.n)) {
    free(all);
    game_free(&g);
    return EXIT_USAGE;
  }

  strategy_env env;
  strategy_env_default(&env);
  if (a.threads) env.threads = a.threads;
  env.max_guesses = a.max_guesses;
  env.memo_mb = a.memo_mb;
  env.rules = rules;
  double t0 = now_seconds();
  tnode *tree = NULL;
  int status = EXIT_OK;
  char name[STRATEGY_NAME_MAX + 300];
  if (a.tree) {
    snprintf(name, sizeof name, "tree %s", a.tree);
    tree = load_tree(a.tree, &g, all, first, rules, &status);
  } else {
    snprintf(name, sizeof name, "%s", st.name);
    tree = strategy_tree(&st, &g, all, g.n_answers, first, &env);
    if (stop_requested()) {
      tree_free(tree);
      tree = NULL;
      char what[STRATEGY_NAME_MAX + 100];
      snprintf(what, sizeof what, "before the %s strategy's tree was finished: nothing written",
               st.name);
      stop_say(what);
      status = EXIT_STOPPED;
    } else if (!tree) {
      if (first >= 0)
        fprintf(stderr,
                "optle: no strategy starting with '%s' solves every answer within %d guesses\n",
                g.guesses.w[first], a.max_guesses);
      else
        fprintf(stderr, "optle: no strategy solves every answer within %d guesses\n",
                a.max_guesses);
      status = EXIT_NOSTRATEGY;
    } else if (tree_check(tree, &g, all, g.n_answers, 0)) {
      fprintf(stderr, "optle: internal error: the strategy's tree fails its check: %s\n",
              err_msg());
      exit(EXIT_INTERNAL);
    }
  }
  double t1 = now_seconds();
  if (!tree) {
    outs_abort(&outs);
    free(all);
    game_free(&g);
    return status;
  }

  sim_report r;
  sim_report_tree(tree, &g, all, g.n_answers, a.max_guesses, &r);
  /* The file's guess limit is the game's when the tree keeps to it. */
  int file_limit = r.failures ? 0 : a.max_guesses;
  treeio_job job = {tree, &g, file_limit, rules, OBJ_TOTAL};
  if (outs_write(&outs, treeio_out_writer, &job)) status = EXIT_USAGE;
  if (!a.quiet) {
    print_report(&r, tree, &g, name, first, a.max_guesses, rules);
    printf("threads       %d\n", env.threads);
    printf("time          %.2f s (lists and table %.2f s, %s %.2f s)\n",
           g.load_seconds + (t1 - t0), g.load_seconds, a.tree ? "reading the tree" : "strategy",
           t1 - t0);
    outs_report(&outs, stdout, "wrote         ");
  }
  tree_free(tree);
  free(all);
  game_free(&g);
  return status;
}
