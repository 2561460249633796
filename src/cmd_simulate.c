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
#include "lists.h"
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
 * 6.1 (docs/simulate.md names the thesis), and the strategies it compares. */
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
    OPT_USE_HELP(HARDGRAY, "hard-gray mode: hard mode, and no letter shown gray comes back"),
    OPT_USE_HELP(ULTRAHARD, "ultrahard mode: every guess could still be the answer"),
    OPT_USE(THREADS),
    OPT_USE_HELP(MEMO_MB, "exact: memo size cap in MiB (default " OPTS_STR(MEMO_DEFAULT_MB) "; "
                          OPTS_STR(MEMO_BIG_MB) " from " OPTS_STR(MEMO_BIG_ANSWERS) " answers)"),
    OPT_USE_HELP(TREE, "play the tree in FILE (JSON or text) instead of computing one; the lists\n"
                       "                         default to those a JSON tree records"),
    OPT_USE(FORCE),
    OPT_USE_HELP(OUT, "the tree, in any format export writes, by its extension (.json,\n"
                      "                         .txt, .html, .dot, .paths, ...), or with --compare the\n"
                      "                         table (.md/.csv); repeatable"),
    OPT_USE(COMPARE),
    OPT_USE(STRATEGIES),
    OPT_USE(TIME_LIMIT),
    OPT_USE(QUIET),
    OPT_USE_END,
};

const cmd_doc simulate_doc = {
    .name = "simulate",
    .summary = "play a heuristic strategy on every answer, or compare strategies",
    .usage = "optle simulate [--list NAME | --answers FILE [--guesses FILE]]\n"
             "                      [--strategy NAME | --tree FILE] [--first WORD] [options]\n"
             "optle simulate --compare [--first W1,W2,...] [--strategies S1,S2,...]\n"
             "                      [--list NAME | --answers FILE [--guesses FILE]] [options]",
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

/* The table's rows and columns: --first's words and --strategies'
 * strategies (or the defaults above), split out of copies of the two. */
#define COMPARE_MAX_STRATEGIES 64
typedef struct {
  char *firsts, *names; /* the copies, split in place */
  char **fv, **sv;      /* their items */
  int *openers, nopen;  /* the rows' first guesses */
  strategy strats[COMPARE_MAX_STRATEGIES];
  int nstrat;
} compare_axes;

static void compare_axes_free(compare_axes *x) {
  free(x->firsts), free(x->names), free(x->fv), free(x->sv), free(x->openers);
}

/* The default first guesses (COMPARE_FIRST), which the user did not
 * give, do not fit g's guess list: said as such, not as a --first of
 * theirs.  word: the one not in the list, NULL when they outnumber it. */
static int defaults_refused(const game *g, const char *word) {
  char why[64] = "more words than";
  if (word) snprintf(why, sizeof why, "'%s' is not in", word);
  return usage_error("simulate ", "--compare: the default first guesses (the thesis's sixteen) "
                                  "are for the big lists: %s the guess list %s; give --first "
                                  "W1,W2,...", why, g->guesses.path);
}

/* Parse the rows and columns into *x (compare_axes_free() it either
 * way): 0, or EXIT_USAGE after a message. */
static int compare_parse(const optle_args *a, const game *g, rules_mode rules, compare_axes *x) {
  x->firsts = xstrdup(a->first ? a->first : COMPARE_FIRST);
  x->names = xstrdup(a->strategies ? a->strategies : COMPARE_STRATEGIES);
  int max_items = g->n_guesses + 1;
  x->fv = xmalloc(sizeof *x->fv * (size_t)max_items);
  x->sv = xmalloc(sizeof *x->sv * COMPARE_MAX_STRATEGIES);
  x->openers = xmalloc(sizeof *x->openers * (size_t)max_items);
  x->nopen = split_list(x->firsts, x->fv, max_items);
  x->nstrat = split_list(x->names, x->sv, COMPARE_MAX_STRATEGIES);
  if (x->nopen < 0 && !a->first) return defaults_refused(g, NULL);
  if (x->nopen < 0) return usage_error("simulate ", "--first: more words than the guess list has");
  if (x->nstrat < 0)
    return usage_error("simulate ", "--strategies: at most %d strategies", COMPARE_MAX_STRATEGIES);
  for (int i = 0; i < x->nopen; i++)
    if (!*x->fv[i]) return usage_error("simulate ", "--first: an empty word in the list");
    else if (!a->first && words_find(&g->guesses, x->fv[i]) < 0) /* the defaults: not asked for */
      return defaults_refused(g, x->fv[i]);
    else if ((x->openers[i] = word_arg("simulate ", "--first", x->fv[i], g)) < 0)
      return EXIT_USAGE;
  /* A row or column twice would be the same numbers twice: a slip. */
  bool *seen = xcalloc((size_t)g->n_guesses, sizeof *seen);
  int twice = -1;
  for (int i = 0; i < x->nopen && twice < 0; i++)
    if (seen[x->openers[i]]) twice = i;
    else seen[x->openers[i]] = true;
  free(seen);
  if (twice >= 0) return usage_error("simulate ", "--first: '%s' given twice", x->fv[twice]);
  for (int i = 0; i < x->nstrat; i++) {
    if (strategy_parse(x->sv[i], &x->strats[i]))
      return usage_error("simulate ", "--strategies: %s", err_msg());
    x->strats[i].gr.mode = rules;
    for (int j = 0; j < i; j++)
      if (!strcmp(x->sv[i], x->sv[j]))
        return usage_error("simulate ", "--strategies: '%s' given twice", x->sv[i]);
  }
  return 0;
}

/* The table's caption: what it shows, on which lists, in how long. */
static void compare_about(char *about, size_t size, const sim_compare *c, const game *g,
                          int max_guesses) {
  char ans[4096], gs[4096]; /* the user's paths: no raw control bytes */
  esc_controls(ans, sizeof ans, g->answers.path);
  esc_controls(gs, sizeof gs, g->guesses.path);
  snprintf(about, size,
           "Average guesses per answer on %s (%d answer%s) and %s (%d guess%s), first guess "
           "fixed per row%s; **bold**: the best first guess of each column%s; time: the "
           "seconds of each column's cells, summed (heuristic cells run one per thread, side "
           "by side; exact cells use every thread). %d threads, %.1f s in all.",
           ans, g->n_answers, g->n_answers == 1 ? "" : "s", gs, g->n_guesses,
           g->n_guesses == 1 ? "" : "es",
           c->exact_col >= 0 ? "; in parentheses the gap to exact (the optimum), or \"optimal\" "
                               "when there is none"
                             : "",
           max_guesses ? "; \"max N\": some answer needs N guesses, over the limit" : "",
           c->threads, c->wall);
}

/* The table computed, written to the outputs and printed; or, after a
 * stop, nothing written. */
static int compare_report(const optle_args *a, const game *g, const sim_compare *c,
                          outset *outs) {
  if (stop_requested()) {
    outs_abort(outs);
    char what[128];
    snprintf(what, sizeof what, "with %d of the table's %d cells computed: nothing written",
             c->done, c->nopen * c->nstrat);
    stop_say(what);
    return EXIT_STOPPED;
  }
  char about[LISTS_DESCRIBE_SIZE + 512];
  compare_about(about, sizeof about, c, g, a->max_guesses);
  compare_job job = {c, g, about};
  int status = outs_write(outs, compare_writer, &job) ? EXIT_USAGE : EXIT_OK;
  if (!a->quiet) {
    sim_compare_write(stdout, c, g, SIM_MARKDOWN, about);
    outs_report(outs, stdout, "wrote ");
  }
  return status;
}

static int run_compare(const optle_args *a, const game *g, rules_mode rules) {
  compare_axes x = {0};
  int rc = compare_parse(a, g, rules, &x);
  outset outs;
  if (!rc && outs_open(&outs, a->out.paths, a->out.n)) rc = EXIT_USAGE;
  if (rc) {
    compare_axes_free(&x);
    return rc;
  }
  sim_compare c = {.nopen = x.nopen,
                   .nstrat = x.nstrat,
                   .openers = x.openers,
                   .strats = x.strats,
                   .threads = a->threads ? threads_usable(a->threads) : threads_default(),
                   .max_guesses = a->max_guesses,
                   .memo_mb = a->memo_mb,
                   .rules = rules};
  sim_compare_run(&c, g);
  rc = compare_report(a, g, &c, &outs);
  sim_compare_free(&c);
  compare_axes_free(&x);
  return rc;
}

/* ------------------------------------------------------------------ */
/* One strategy                                                         */

/* The tree of --tree FILE, checked in full as verify checks it (its
 * header's claims too: a JSON "total" that is not the tree's was once
 * played as if it were), with no guess limit; NULL after printing why
 * (*status). */
static tnode *load_tree(const char *path, const tree_file *tf, const game *g, int first,
                        rules_mode rules, int *status) {
  tnode *t = NULL;
  treeread_info info;
  int r = verify_mem(tf->data, tf->len, path, g, 0, &t, &info);
  if (r == VERIFY_VALID && verify_rules(t, g, rules, &info, path)) {
    tree_free(t);
    t = NULL;
    r = VERIFY_INVALID;
  }
  treeread_info_free(&info);
  if (r != VERIFY_VALID) {
    err_print();
    *status = r == VERIFY_INVALID ? EXIT_NOSTRATEGY : EXIT_USAGE;
    return NULL;
  }
  if (first < 0 || t->guess == first) return t;
  err_say("--first %s: the tree in %s starts with '%s'", g->guesses.w[first], path,
          g->guesses.w[t->guess]);
  *status = EXIT_USAGE;
  tree_free(t);
  return NULL;
}

static void print_report(const sim_report *r, const tnode *t, const game *g, const char *name,
                         int first, int limit, rules_mode rules) {
  char lists[LISTS_DESCRIBE_SIZE];
  lists_describe(g, lists, sizeof lists);
  printf("%-14s%s\n", g->list ? "list" : "lists", lists);
  printf("strategy      %s\n", name);
  if (rules != RULES_NORMAL) printf("rules         %s\n", rules_name(rules));
  printf("first guess   %s%s\n", g->guesses.w[t->guess], first >= 0 ? " (fixed)" : "");
  tree_print_totals(stdout, r->n, r->total, r->most, r->dist);
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

/* One strategy (or --tree) played on every answer: run_one()'s steps
 * share it. */
typedef struct {
  const optle_args *a;
  const game *g;
  rules_mode rules;
  const strategy *st; /* unless --tree */
  int first;          /* --first, or -1 */
  uint16_t *all;      /* every answer */
  strategy_env env;
  outset outs;
} one_run;

/* The strategy's tree on every answer, checked; NULL after saying why
 * (*status): a stop, or (exact) no strategy within the guess limit. */
static tnode *strategy_run(const one_run *o, int *status) {
  const game *g = o->g;
  tnode *tree = strategy_tree(o->st, g, o->all, g->n_answers, o->first, &o->env);
  if (stop_requested()) {
    tree_free(tree);
    char what[STRATEGY_NAME_MAX + 100];
    snprintf(what, sizeof what, "before the %s strategy's tree was finished: nothing written",
             o->st->name);
    stop_say(what);
    *status = EXIT_STOPPED;
    return NULL;
  }
  if (!tree) {
    if (o->first >= 0)
      fprintf(stderr,
              "optle: no strategy starting with '%s' solves every answer within %d guesses\n",
              g->guesses.w[o->first], o->env.max_guesses);
    else
      fprintf(stderr, "optle: no strategy solves every answer within %d guesses\n",
              o->env.max_guesses);
    *status = EXIT_NOSTRATEGY;
    return NULL;
  }
  if (tree_check(tree, g, o->all, g->n_answers, 0)) {
    fprintf(stderr, "optle: internal error: the strategy's tree fails its check: %s\n",
            err_msg());
    exit(EXIT_INTERNAL);
  }
  return tree;
}

/* The tree played, written to the outputs and reported; seconds: how
 * long it took to make. */
static int report_one(one_run *o, const tnode *tree, double seconds) {
  const optle_args *a = o->a;
  const game *g = o->g;
  sim_report r;
  sim_report_tree(tree, g, o->all, g->n_answers, a->max_guesses, &r);
  /* The file's guess limit is the game's when the tree keeps to it. */
  int file_limit = r.failures ? 0 : a->max_guesses;
  treeio_job job = {.t = tree, .g = g, .max_guesses = file_limit, .rules = o->rules};
  int status = outs_write(&o->outs, treeio_out_writer, &job) ? EXIT_USAGE : EXIT_OK;
  if (a->quiet) return status;
  char name[STRATEGY_NAME_MAX + 300];
  if (a->tree) {
    char shown[sizeof name - 8];
    esc_controls(shown, sizeof shown, a->tree); /* the user's path: no raw control bytes */
    snprintf(name, sizeof name, "tree %s", shown);
  } else {
    snprintf(name, sizeof name, "%s", o->st->name);
  }
  print_report(&r, tree, g, name, o->first, a->max_guesses, o->rules);
  printf("threads       %d\n", o->env.threads);
  printf("time          %.2f s (lists and table %.2f s, %s %.2f s)\n",
         g->load_seconds + seconds, g->load_seconds, a->tree ? "reading the tree" : "strategy",
         seconds);
  outs_report(&o->outs, stdout, "wrote         ");
  return status;
}

/* One strategy, or --tree, played on every answer. */
static int run_one(const optle_args *a, const game *g, const tree_file *tf, rules_mode rules,
                   const strategy *st) {
  one_run o = {.a = a, .g = g, .rules = rules, .st = st, .first = -1};
  if (a->first && (o.first = word_arg("simulate ", "--first", a->first, g)) < 0)
    return EXIT_USAGE;
  o.all = xmalloc(sizeof *o.all * (size_t)g->n_answers);
  for (int i = 0; i < g->n_answers; i++) o.all[i] = (uint16_t)i;
  if (outs_open(&o.outs, a->out.paths, a->out.n)) {
    free(o.all);
    return EXIT_USAGE;
  }
  strategy_env_default(&o.env);
  if (a->threads) o.env.threads = threads_usable(a->threads);
  o.env.max_guesses = a->max_guesses;
  o.env.memo_mb = a->memo_mb;
  o.env.rules = rules;
  double t0 = now_seconds();
  int status = EXIT_OK;
  tnode *tree = a->tree ? load_tree(a->tree, tf, g, o.first, rules, &status)
                        : strategy_run(&o, &status);
  double t1 = now_seconds();
  if (tree) status = report_one(&o, tree, t1 - t0);
  else outs_abort(&o.outs);
  tree_free(tree);
  free(o.all);
  return status;
}

/* The options, and the checks that need no lists. */
static int sim_options(int argc, char **argv, optle_args *a, rules_mode *rules, strategy *st,
                       bool *help) {
  int rc = parse_options("simulate", sim_opts, argc, argv, a, help, NULL);
  if (rc) return rc;
  if (*help) {
    help_text(stdout, &simulate_doc);
    return EXIT_OK;
  }
  if (a->compare) {
    if (a->strategy)
      return usage_error("simulate ", "--strategy plays one strategy; with --compare use "
                                      "--strategies");
    if (a->tree) return usage_error("simulate ", "--tree cannot be used with --compare");
    if ((rc = opts_check_outputs("simulate ", &a->out, OUT_TABLES, false))) return rc;
  } else {
    if (a->strategies) return usage_error("simulate ", "--strategies needs --compare");
    if ((rc = opts_check_outputs("simulate ", &a->out, OUT_TREES, false))) return rc;
  }
  if ((rc = opts_rules("simulate ", a, rules, NULL))) return rc;
  if (a->compare) return 0; /* the strategies are --strategies' (run_compare()) */
  if (strategy_parse(a->strategy ? a->strategy : "entropy", st))
    return usage_error("simulate ", "--strategy: %s", err_msg());
  st->gr.mode = *rules;
  if (a->tree && st->kind != STRAT_EXACT && a->strategy)
    return usage_error("simulate ", "--tree plays the tree in the file: leave out --strategy "
                                    "(or give exact)");
  return 0;
}

int cmd_simulate(int argc, char **argv) {
  optle_args a;
  rules_mode rules;
  strategy st;
  bool help = false;
  int rc = sim_options(argc, argv, &a, &rules, &st, &help);
  if (rc || help) return rc;
  /* From here on Ctrl-C, SIGTERM and --time-limit stop every phase
   * (clock.h): status 4, and no -o file is written. */
  stop_catch_signals();
  if (a.time_limit) stop_after(a.time_limit);
  game g;
  tree_file tf = {0};
  threads_start(a.threads);
  /* --tree: the lists it records unless the options give them, and
   * refused when made for other lists (as verify, next and play do). */
  rc = a.tree ? opts_load_tree_game("simulate ", &a.l, a.tree, "--tree ", a.force, LISTS_DEFAULT,
                                    &g, &tf)
              : opts_load_game("simulate ", &a.l, &g);
  if (rc) return rc;
  if (!(rc = outputs_clash_lists("simulate ", &a.out, &g)))
    rc = a.compare ? run_compare(&a, &g, rules) : run_one(&a, &g, &tf, rules, &st);
  opts_tree_release(&tf);
  game_free(&g);
  return rc;
}
