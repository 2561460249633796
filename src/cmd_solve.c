/* cmd_solve.c: `optle solve`, the exact solver's command line.
 *
 * Under MPI (optle-mpi with more than one rank, dist.h), solve without
 * --first is a ranking of first guesses with --top 1 over every rank
 * (search_rank_first()), then rank 0 takes the tie rule's first guess of
 * the best value and builds the tree as solve --first does: the tree
 * solve gives in one process, the same hash.  With --first or
 * --objective worst it runs on rank 0 alone. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"
#include "cmd_stats.h"
#include "dist.h"
#include "help.h"
#include "game.h"
#include "lists.h"
#include "opts.h"
#include "score.h"
#include "search.h"
#include "strategy.h"
#include "tree.h"
#include "treeio.h"
#include "rank_run.h"
#include "ratio.h"
#include "tuning.h"
#include "util.h"

static const optuse solve_opts[] = {
    OPT_USE_LISTS,
    OPT_USE_HELP(FIRST, "fix the first guess and prove its optimal total"),
    OPT_USE(MAX_GUESSES),
    OPT_USE_RULES,
    OPT_USE(OBJECTIVE),
    OPT_USE(THREADS),
    OPT_USE(MEMO_MB),
    OPT_USE(PROBE_BUDGET),
    OPT_USE(PROBE),
    OPT_USE(OUT),
    OPT_USE_HELP(FORMAT, "every -o file's format: json, text, dot, svg, png, html, paths,\n"
                         "                         cpaths, map or mjs (default: each file's extension)"),
    OPT_USE(DEPTH),
    OPT_USE(TIME_LIMIT),
    OPT_USE_HELP(CHECKPOINT, "the root proof as rank --top 1 runs it, resumable: each first guess\n"
                             "                         is appended to FILE as it is settled, and a rerun\n"
                             "                         with FILE resumes (rank --top 1 --checkpoint FILE\n"
                             "                         resumes the same file; FILE.memo keeps stage 4's\n"
                             "                         proven sets)"),
    OPT_USE(STATS),
    OPT_USE(NO_SEED),
    OPT_USE(QUIET),
    OPT_USE_END,
};

const cmd_doc solve_doc = {
    .name = "solve",
    .summary = "find and prove an optimal strategy, and write its tree",
    .usage = "optle solve [--list NAME | --answers FILE [--guesses FILE]] [options]",
    .about = "Find the strategy with the fewest guesses in total over all answers, prove\n"
             "that none does better, and print a summary (and write the tree with -o, in\n"
             "any format export writes: -o best.html is the tree explorer, one page to open\n"
             "in a browser).",
    .opts = solve_opts,
    .notes = "Ctrl-C, SIGTERM, SIGHUP or --time-limit stops it within a second and prints\n"
             "what is proven so far: the best strategy found and the lower bound.  The\n"
             "best tree it had built (without --first: its probe's, once known) is still\n"
             "written to -o, marked not proven optimal with the lower bound (JSON\n"
             "\"proven\": false and \"lower_bound\"; a first '#' line in text; the page\n"
             "says so too; DOT and the other solvers' formats have no place for it, and a\n"
             "note on stderr names each such file); before any tree was built, nothing\n"
             "is written, and it says so.  A second Ctrl-C or SIGTERM a second or more\n"
             "after the first ends it at once, with no report and nothing more written.\n"
             "\n"
             "optle-mpi (make mpi) solves across the ranks of an Open MPI job, --threads\n"
             "each: mpirun -np N optle-mpi solve ...  Without --first the first guesses are\n"
             "ranked by every rank, and rank 0 builds the tree of the best: the tree one\n"
             "process writes, byte for byte.  With --first or --objective worst, rank 0\n"
             "solves alone.",
    .exit = "0 solved, 1 no strategy within the guess limit,\n"
            "             2 bad usage or input, 3 out of memory or internal error,\n"
            "             4 stopped before the proof finished",
};

/* The stop's one line on stderr: when, and what became of the tree
 * (tree: the best one the search had; files: -o was given). */
static void say_stop(const search_partial *p, const tnode *tree, int files) {
  char what[256];
  snprintf(what, sizeof what, "%s%s",
           p->value_proven ? "after the proof, before the tree was finished: the total is proven"
                           : "before the proof finished",
           !files              ? ""
           : tree              ? "; wrote the best tree found, marked not proven optimal"
           : p->value_proven   ? ", no tree written"
                               : ", before any tree was built: no tree written");
  stop_say(what);
}

/* --objective worst, stopped while finding the least depth: the depths
 * ruled out and the one being tested (search.h search_partial); with a
 * fixed first guess, what is ruled out is only the strategies that
 * start with it. */
static void report_worst(const search_partial *p, const game *g) {
  int k = p->worst_testing;
  char from[32] = "";
  if (p->best_first >= 0)
    snprintf(from, sizeof from, " starting with %s", g->guesses.w[p->best_first]);
  if (p->worst_above > 0)
    printf("worst case    more than %d %s (proven: no strategy%s finds every answer within %d)\n",
           p->worst_above, p->worst_above == 1 ? "guess" : "guesses", from, p->worst_above);
  printf("progress      testing %d %s", k, k == 1 ? "guess" : "guesses");
  if (p->of > 0) printf(": %d of %d first guesses ruled out", p->done, p->of);
  printf("\n");
}

/* What a stopped search proved, on stdout, and the best tree it had
 * (search.h; may be NULL); the reason on stderr, saying the same.  root:
 * the root proof ran, and its count is of first guesses settled, as its
 * progress line showed.  The report's first line names the lists, as a
 * finished solve's does. */
static void report_stop(const search_partial *p, const game *g, const tnode *tree, int files,
                        int seed, bool root) {
  int n = g->n_answers;
  say_stop(p, tree, files);
  char lists[LISTS_DESCRIBE_SIZE];
  lists_describe(g, lists, sizeof lists);
  printf("%-14s%s\n", g->list ? "list" : "lists", lists);
  if (p->value_proven) {
    printf("total         %d (proven optimal; the tree was not finished)\n", p->lower_bound);
    printf("average       %s\n", ratio4(p->lower_bound, n).s);
  } else {
    if (p->lower_bound < OPTLE_INF) /* the average cut, not rounded: never above the bound */
      printf("lower bound   %d (proven: average at least %d.%04d)\n", p->lower_bound,
             p->lower_bound / n, (int)((long long)(p->lower_bound % n) * 10000 / n));
    if (p->best_found < OPTLE_INF)
      printf("best found    %d (average %s), first guess %s, not proven optimal\n",
             p->best_found, ratio4(p->best_found, n).s, g->guesses.w[p->best_first]);
    else if (seed < OPTLE_INF)
      printf("best found    %d (average %s), the greedy entropy strategy\n", seed,
             ratio4(seed, n).s);
    if (p->worst_testing > 0)
      report_worst(p, g);
    else if (p->best_first >= 0 && p->best_found >= OPTLE_INF)
      printf("first guess   %s: %d of %d classes solved\n", g->guesses.w[p->best_first], p->done,
             p->of);
    else
      printf("progress      %d of %d first guesses %s\n", p->done, p->of,
             root ? "settled (ruled out or solved)" : "tried");
  }
  if (tree) {
    printf("tree          first guess %s, total %d (average %s), not proven optimal\n",
           g->guesses.w[tree->guess], tree->total, ratio4(tree->total, n).s);
    printf("tree hash     %016llx\n", (unsigned long long)tree_hash(tree));
  } else {
    printf("tree          none: stopped before any tree was built\n");
  }
}

/* What the ranking proved of the first guesses other than g0 (best
 * value v), as the root proof reports it (search.h search_root_stats).
 * Above v what it found depends on the timing, the ranks and what a
 * checkpoint resumed, so it says what rank's canonical output says
 * (cmd_rank.c): the larger of the class-count bound and v + 1, a bound;
 * the ties at v are exact either way. */
static void ranked_report(const game *g, search_first_value *vals, int g0, int v,
                          search_root_stats *k) {
  for (int i = 0; i < g->n_guesses; i++)
    if (vals[i].value > v) {
      vals[i].value = vals[i].floor > v ? vals[i].floor : v + 1;
      vals[i].exact = false;
    }
  *k = (search_root_stats){.value = v, .first_guesses = g->n_guesses, .tie_guess = -1,
                           .next_bound = OPTLE_INF, .next_guess = -1};
  for (int i = 0; i < g->n_guesses; i++)
    if (vals[i].guess != g0 && vals[i].exact && vals[i].value == v) {
      if (k->ties++ == 0) k->tie_guess = vals[i].guess; /* in guess order */
    } else if (vals[i].guess != g0 && vals[i].value < k->next_bound) {
      k->next_bound = vals[i].value;
    }
  for (int i = 0; i < g->n_guesses && k->next_bound < OPTLE_INF; i++)
    if (vals[i].guess != g0 && vals[i].exact && vals[i].value == k->next_bound &&
        k->next_guess < 0)
      k->next_guess = vals[i].guess;
}

/* Under MPI, or with --checkpoint: the best first guess by a ranking
 * with --top 1 (over every rank), the tie rule's of the best value (rank
 * 0; -1 on the others, and when stopped or there is none within the
 * guess limit: total INF, with search_stopped() saying which); k gets
 * what the ranking proved of the others.  run: its checkpoint (resumed
 * from, appended to) and progress line (rank_run.h). */
static int ranked_first(search *s, const game *g, const uint16_t *all, search_root_stats *k,
                        rank_run *run) {
  search_first_value *vals = xcalloc((size_t)g->n_guesses, sizeof *vals);
  run->total = g->n_guesses;
  run->resumed = run->res.ndone;
  run->t0 = now_seconds();
  search_first_opts fo = {.cutoff = OPTLE_INF, .top = 1};
  rank_run_opts(run, &fo);
  if (rank_run_memo_begin(run, s)) { /* said */
    run->bad = true;
    free(vals);
    return -1;
  }
  int best = search_rank_first(s, all, g->n_answers, &fo, vals), g0 = -1;
  rank_run_memo_end(run, best >= 0);
  /* A bound read back from the checkpoint must be above the optimum. */
  if (dist_rank() == 0 && best >= 0 && rank_run_check(run, best)) run->bad = true;
  if (dist_rank() == 0 && best >= 0 && best < OPTLE_INF && !run->bad)
    for (int i = 0; i < g->n_guesses; i++) {
      const search_first_value *v = &vals[i];
      if (v->exact && v->value == best &&
          (g0 < 0 || score_tie_cmp(g->guess2ans[v->guess] >= 0, v->guess, g->guess2ans[g0] >= 0,
                                   g0) < 0))
        g0 = v->guess;
    }
  k->value = OPTLE_INF;
  if (g0 >= 0) ranked_report(g, vals, g0, best, k);
  free(vals);
  return g0;
}

/* One solve, from the options to the report: cmd_solve()'s steps share it. */
typedef struct {
  optle_args a;
  rules_mode rules;
  objective obj;
  bool ranked;      /* under MPI or --checkpoint: the first guesses ranked (rank --top 1) */
  rank_run run;     /* the ranking's checkpoint and progress line (rank 0's) */
  bool own;         /* this rank writes the outputs and the report (rank 0) */
  game g;
  int first;        /* --first, or -1 */
  int probe;        /* --probe, or -1 */
  outset outs;
  treefmt format;   /* --format, or TREEFMT_NONE: each file's extension's */
  search_opts so;
  search *s;
  uint16_t *all;    /* every answer */
  tnode *tree;      /* the optimal tree, or NULL */
  search_stats others; /* --stats under MPI: the other ranks' counters (rank 0) */
  search_root_stats mpi_root; /* under MPI: what the ranking proved of the
                               * other first guesses */
  int total, worst; /* its total (OPTLE_INF: none); --objective worst's least depth */
  double t0, t1;    /* the search's start and end */
  double t_depth;   /* --objective worst: seconds finding the least depth */
} solve_run;

/* Step 1: the options, and the checks that need no lists.  *help: --help
 * was asked for (and printed). */
static int solve_options(int argc, char **argv, solve_run *r, bool *help) {
  int rc = parse_options("solve", solve_opts, argc, argv, &r->a, help, NULL);
  if (rc) return rc;
  if (*help) {
    help_text(stdout, &solve_doc);
    return EXIT_OK;
  }
  if (r->a.format && !r->a.out.n) /* solve prints a summary, never the tree */
    return usage_error("solve ", "--format %s: give -o FILE for the tree", r->a.format);
  if ((rc = opts_tree_outputs("solve ", &r->a, r->a.out.paths, r->a.out.n, false, &r->format)))
    return rc;
  /* Options that would do nothing are refused, never silently dropped. */
  if (r->a.probe_budget && r->a.first)
    return usage_error("solve ", "--probe-budget is the root proof's: with --first there is none");
  if (r->a.probe && r->a.first)
    return usage_error("solve ", "--probe is the root proof's: with --first there is none");
  if (r->a.stats && r->a.quiet)
    return usage_error("solve ", "--stats prints after the summary, which --quiet leaves out");
  if ((rc = opts_rules("solve ", &r->a, &r->rules, &r->obj))) return rc;
  if (r->a.checkpoint && r->a.first)
    return usage_error("solve ", "--checkpoint is the root proof's: with --first there is one solve, "
                                 "nothing to resume");
  if (r->a.checkpoint && r->obj != OBJ_TOTAL)
    return usage_error("solve ", "--checkpoint goes with --objective total");
  if (r->a.checkpoint && (rc = outputs_clash("solve ", &r->a.out, "checkpoint", r->a.checkpoint)))
    return rc;
  r->ranked = (dist_size() > 1 || r->a.checkpoint) && !r->a.first && r->obj == OBJ_TOTAL;
  r->own = dist_rank() == 0;
  rank_run_init(&r->run, r->own ? r->a.checkpoint : NULL,
                !r->own || r->a.quiet    ? SEARCH_PROGRESS_OFF
                : isatty(STDERR_FILENO) ? SEARCH_PROGRESS_TERMINAL
                                        : SEARCH_PROGRESS_LINES);
  return 0;
}

/* Step 2: the lists and their table, --first, and the outputs, opened
 * now so that a bad path fails before a long solve; every rank must have
 * the same lists (dist.h). */
static int solve_load(solve_run *r) {
  int rc;
  threads_start(r->a.threads);
  if ((rc = opts_load_game("solve ", &r->a.l, &r->g))) return rc;
  r->first = -1;
  if (r->a.first && (r->first = word_arg("solve ", "--first", r->a.first, &r->g)) < 0) {
    game_free(&r->g);
    return EXIT_USAGE;
  }
  r->probe = -1;
  if (r->a.probe && (r->probe = word_arg("solve ", "--probe", r->a.probe, &r->g)) < 0) {
    game_free(&r->g);
    return EXIT_USAGE;
  }
  if (outs_open(&r->outs, r->own ? r->a.out.paths : NULL, r->own ? r->a.out.n : 0)) {
    game_free(&r->g);
    return EXIT_USAGE;
  }
  /* The checkpoint is rank --top 1's, with no cutoff nor --words. */
  ckpt_id id = {r->g.lists_hash, rules_name(r->rules), r->a.max_guesses, -1, 1, 0};
  rc = rank_run_resume(&r->run, &r->g, &id, NULL);
  /* --probe too: every rank must have it (checkpoint.h). */
  if ((rc = dist_agree(rc, r->g.lists_hash, ckpt_agree_key(&id, NULL, 0, r->probe)))) {
    outs_abort(&r->outs);
    game_free(&r->g);
    return rc;
  }
  return 0;
}

/* Step 3: the search the options ask for, and the set of every answer. */
static void solve_search_new(solve_run *r) {
  search_opts *so = &r->so;
  strategy_search_opts(so);
  so->max_guesses = r->a.max_guesses;
  if (r->a.threads) so->threads = threads_usable(r->a.threads);
  so->memo_mb = r->a.memo_mb;
  so->fixed_first = r->first >= 0;
  so->probe_budget = r->a.probe_budget;
  so->probe_g = r->probe;
  so->progress = r->a.quiet || !r->own || r->ranked ? SEARCH_PROGRESS_OFF /* the ranking's line */
                 : isatty(STDERR_FILENO)              ? SEARCH_PROGRESS_TERMINAL
                                                      : SEARCH_PROGRESS_LINES;
  if (r->a.no_seed) so->seed = NULL;
  so->rules = r->rules;
  so->objective = r->obj;
  r->s = strategy_search_new(&r->g, so);
  r->all = xmalloc(sizeof *r->all * (size_t)r->g.n_answers);
  for (int i = 0; i < r->g.n_answers; i++) r->all[i] = (uint16_t)i;
}

/* Step 4: the optimal tree.  --objective worst first finds the least
 * depth any strategy keeps to, then the least total within it (rules.h);
 * under MPI every rank ranks the first guesses and rank 0 builds the
 * tree of the best. */
static void solve_tree(solve_run *r) {
  int n = r->g.n_answers;
  r->t0 = now_seconds();
  r->total = OPTLE_INF;
  if (r->obj == OBJ_WORST) {
    r->worst = search_least_depth(r->s, r->all, n, r->first, r->a.max_guesses);
    if (r->worst > 0) search_set_max_guesses(r->s, r->worst);
    r->t_depth = now_seconds() - r->t0;
  }
  if (r->ranked) {
    int g0 = ranked_first(r->s, &r->g, r->all, &r->mpi_root, &r->run);
    if (r->a.stats) counters_others(r->s, &r->others); /* every rank */
    if (r->run.progress == SEARCH_PROGRESS_TERMINAL) fputc('\n', stderr);
    if (r->own && g0 >= 0 && !r->run.write_failed)
      r->total = search_solve(r->s, r->all, n, g0, &r->tree);
  } else if (r->worst >= 0 && !(r->obj == OBJ_WORST && r->worst == 0)) {
    r->total = search_solve(r->s, r->all, n, r->first, &r->tree);
  }
  r->t1 = now_seconds();
}

/* What the proof says of the other first guesses: "proven best of 12972
 * first guesses; next best reast, +3", or only what it proved of them
 * ("every other first guess 7921 or more, +1"). */
static void say_proven(const solve_run *r, const search_root_stats *k) {
  const game *g = &r->g;
  printf(" (proven best of %d first guesses", k ? k->first_guesses : g->n_guesses);
  if (!k || k->value >= OPTLE_INF) {
    printf(")\n");
    return;
  }
  if (k->ties == 1)
    printf(", tied with %s (the tie rule picks %s)", g->guesses.w[k->tie_guess],
           g->guesses.w[r->tree->guess]);
  else if (k->ties > 1)
    printf(", tied with %s and %d more (the tie rule picks %s)", g->guesses.w[k->tie_guess],
           k->ties - 1, g->guesses.w[r->tree->guess]);
  if (k->next_bound >= OPTLE_INF)
    printf("; no other first guess keeps to the guess limit)\n");
  else if (k->next_guess >= 0)
    printf("; next best %s, +%d)\n", g->guesses.w[k->next_guess], k->next_bound - k->value);
  else
    printf("; every other first guess %d or more, +%d)\n", k->next_bound,
           k->next_bound - k->value);
}

/* The summary's first guess: fixed, or proven best and what is known of
 * the rest. */
static void print_first(const solve_run *r) {
  printf("first guess   %s", r->g.guesses.w[r->tree->guess]);
  if (r->first >= 0) printf(" (fixed)\n");
  else say_proven(r, r->ranked ? &r->mpi_root : search_root_report(r->s));
}

/* The summary of a solved tree, and the files written. */
static void print_summary(const solve_run *r) {
  const game *g = &r->g;
  tree_summary sum;
  tree_summarize(r->tree, &sum);
  search_stats st;
  search_get_stats(r->s, &st);
  char lists[LISTS_DESCRIBE_SIZE];
  lists_describe(g, lists, sizeof lists);
  printf("%-14s%s\n", g->list ? "list" : "lists", lists);
  printf("guess limit   %s", r->a.max_guesses ? "" : "none\n");
  if (r->a.max_guesses) printf("%d\n", r->a.max_guesses);
  if (r->rules != RULES_NORMAL) printf("rules         %s\n", rules_name(r->rules));
  if (r->obj == OBJ_WORST)
    printf("objective     worst: every answer within %d guesses, proven the least; then the "
           "least total\n", r->worst);
  print_first(r);
  tree_print_totals(stdout, sum.n, sum.total, sum.most, sum.dist);
  printf("nodes         %llu\n", (unsigned long long)st.nodes);
  printf("tree hash     %016llx\n", (unsigned long long)tree_hash(r->tree));
  printf("threads       %d\n", r->so.threads);
  if (r->ranked && dist_size() > 1)
    printf("ranks         %d (first guesses ranked by every rank, the tree built by rank 0)\n",
           dist_size());
  if (r->run.path) {
    char shown[4096]; /* the user's path: no raw control bytes */
    esc_controls(shown, sizeof shown, r->run.path);
    printf("checkpoint    %s (%d first guesses resumed, %d settled now)\n", shown,
           r->run.resumed, r->run.settled);
  }
  printf("peak RSS      %.1f MB\n", peak_rss_kib() / 1024.0);
  double tv, tt;
  search_times(r->s, &tv, &tt);
  if (r->ranked) tv = r->t1 - r->t0 - tt; /* the ranking, and the best one's values again */
  printf("time          %.2f s (lists and table %.2f s, ", g->load_seconds + (r->t1 - r->t0),
         g->load_seconds);
  if (r->obj == OBJ_WORST) printf("least depth %.2f s, ", r->t_depth);
  printf("proof %.2f s, tree %.2f s)\n", tv, tt);
  outs_report(&r->outs, stdout, "wrote         ");
  if (r->a.stats) counters_print(stdout, r->s, &r->others);
  if (r->a.stats && r->ranked) rank_run_print_stages(stdout, &r->run);
}

/* The tree to write to the outputs, in --format's format or each file's
 * extension's (treeio.h; a proven tree, unless the caller marks it). */
static treeio_job solve_job(const solve_run *r) {
  return (treeio_job){.t = r->tree, .g = &r->g, .format = r->format,
                      .max_guesses = r->a.max_guesses, .rules = r->rules, .objective = r->obj,
                      .lower_bound = -1, .depth = r->a.depth};
}

/* Step 5 after a stop: what is proven, and the best tree the search had
 * (search.h), checked and written to the outputs marked not proven
 * optimal, with the lower bound; with none, no file.  Status 4 (a file
 * that cannot be written is said, as always). */
static int solve_stopped(solve_run *r, const search_partial *stop) {
  const game *g = &r->g;
  if (r->tree && tree_check(r->tree, g, r->all, g->n_answers, r->a.max_guesses)) {
    fprintf(stderr, "optle: internal error: the tree fails its check: %s\n", err_msg());
    exit(EXIT_INTERNAL);
  }
  /* The stop's report first: a file's error (outs_write()) comes after
   * it, on a line of its own. */
  report_stop(stop, g, r->tree, r->outs.n, search_seed_bound(r->s),
              search_root_report(r->s) != NULL);
  fflush(stdout);
  if (r->tree) {
    treeio_job job = solve_job(r);
    job.unproven = true;
    job.lower_bound = stop->lower_bound < OPTLE_INF ? stop->lower_bound : -1; /* -1: none known */
    outs_write(&r->outs, treeio_out_writer, &job);
    outs_report(&r->outs, stdout, "wrote         ");
    fflush(stdout); /* the notes come after the report */
    if (treeio_job_unproven(&job)) outputs_note_unmarked(&r->outs, r->format);
  } else {
    outs_abort(&r->outs);
  }
  if (r->a.stats) counters_print(stdout, r->s, &r->others);
  return EXIT_STOPPED;
}

/* Step 5: what was found: a stop, no strategy, or the tree, written to
 * the outputs and summed up.  Returns the exit status. */
static int solve_report(solve_run *r) {
  const game *g = &r->g;
  int limit = r->a.max_guesses;
  if (r->run.bad) { /* said already */
    outs_abort(&r->outs);
    return EXIT_USAGE;
  }
  if (r->run.write_failed) {
    outs_abort(&r->outs);
    err_note("%s: the run stopped (the checkpoint keeps what was settled before)", r->run.why);
    return EXIT_USAGE;
  }
  const search_partial *stop = search_stopped(r->s);
  if (stop) {
    if (r->run.path)
      err_note("%s keeps the %d first guesses settled: a rerun with it resumes", r->run.path,
               r->run.resumed + r->run.settled);
    return solve_stopped(r, stop);
  }
  if (r->total >= OPTLE_INF) {
    outs_abort(&r->outs);
    char lists[LISTS_DESCRIBE_SIZE], first[64] = "";
    lists_describe(g, lists, sizeof lists);
    if (r->first >= 0) snprintf(first, sizeof first, " starting with '%s'", g->guesses.w[r->first]);
    fprintf(stderr, "optle: list %s: no strategy%s solves every answer within %d %s\n", lists,
            first, limit, limit == 1 ? "guess" : "guesses");
    /* Where a refutation's time went is asked of these runs too. */
    if (r->a.stats) counters_print(stdout, r->s, &r->others);
    return EXIT_NOSTRATEGY;
  }
  if (tree_check(r->tree, g, r->all, g->n_answers, limit)) {
    fprintf(stderr, "optle: internal error: the tree fails its check: %s\n", err_msg());
    exit(EXIT_INTERNAL);
  }
  treeio_job job = solve_job(r);
  int status = outs_write(&r->outs, treeio_out_writer, &job) ? EXIT_USAGE : EXIT_OK;
  if (!r->a.quiet) print_summary(r);
  return status;
}

static void solve_free(solve_run *r) {
  tree_free(r->tree);
  free(r->all);
  search_free(r->s);
  game_free(&r->g);
}

int cmd_solve(int argc, char **argv) {
  solve_run r = {0};
  bool help = false;
  int rc = solve_options(argc, argv, &r, &help);
  if (rc || help) return rc;
  if (dist_size() > 1 && !r.ranked &&
      !dist_solo(r.a.first ? "solve --first" : "solve --objective worst"))
    return EXIT_OK;
  /* From here on Ctrl-C and SIGTERM only raise the search's stop flag:
   * a stop during loading ends the search at its first node, and the
   * output files are then removed, not left half-written.  The time
   * limit counts the table too (rank 0 decides: dist.h). */
  stop_catch_signals();
  if (r.a.time_limit) stop_after(r.a.time_limit + dist_stop_lag());
  /* The checkpoint is locked before the lists are loaded: a second run
   * on it is refused at once. */
  if ((rc = rank_run_lock(&r.run))) return rc;
  if ((rc = solve_load(&r))) return rank_run_close(&r.run, rc);
  solve_search_new(&r);
  solve_tree(&r);
  rc = r.own ? solve_report(&r) : EXIT_OK; /* the other ranks only ranked */
  solve_free(&r);
  return rank_run_close(&r.run, rc);
}
