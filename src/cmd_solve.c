/* cmd_solve.c: `optle solve`, the exact solver's command line.
 *
 * Under MPI (optle-mpi with more than one rank, dist.h), solve without
 * --first is a ranking of first guesses with --top 1 over every rank
 * (search_rank_first()), then rank 0 takes the tie rule's first guess of
 * the best value and builds the tree as solve --first does: the tree
 * solve gives in one process, the same hash.  With --first or
 * --objective worst it runs on rank 0 alone. */
#include <omp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "dist.h"
#include "help.h"
#include "game.h"
#include "opts.h"
#include "score.h"
#include "search.h"
#include "strategy.h"
#include "tree.h"
#include "treeio.h"
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
    OPT_USE(OUT),
    OPT_USE(TIME_LIMIT),
    OPT_USE(STATS),
    OPT_USE(NO_SEED),
    OPT_USE(QUIET),
    OPT_USE_END,
};

const cmd_doc solve_doc = {
    .name = "solve",
    .summary = "find and prove an optimal strategy, and write its tree",
    .usage = "optle solve (--list NAME | --answers FILE [--guesses FILE]) [options]",
    .about = "Find the strategy with the fewest guesses in total over all answers, prove\n"
             "that none does better, and print a summary (and write the tree with -o).",
    .opts = solve_opts,
    .notes = "Ctrl-C, SIGTERM, SIGHUP or --time-limit stops it within a second and prints\n"
             "what is proven so far: the best strategy found and the lower bound.\n"
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

/* The root proof's stages (search.h): first guesses settled, seconds. */
static void print_root(const search_root_stats *r) {
  printf("root proof: %d first guesses (one of each alike set), %s kernel\n", r->openers,
         search_bounds_kernel());
  printf("  %-30s %8.2f s\n", "scan and seed", r->t[0]);
  printf("  %-30s %8.2f s\n", "upper bound (one exact search)", r->t[1]);
  printf("  %-30s %8d %8.2f s\n", "refuted by L1 (and L0)", r->by_l1 + r->by_l0, r->t[2]);
  printf("  %-30s %8d\n", "  of them by L0 alone", r->by_l0);
  printf("  %-30s %8d %8.2f s\n", "refuted by L2", r->by_l2, r->t[3]);
  printf("  %-30s %8d %8.2f s\n", "settled by exact search", r->by_exact, r->t[4]);
}

/* What a stopped search proved, on stdout; the reason on stderr, saying
 * the same. */
static void report_stop(const search_partial *p, const game *g, int n, int seed) {
  if (p->value_proven) {
    stop_say("after the proof, before the tree was finished: the total is proven, no tree "
             "written");
    printf("total         %d (proven optimal; the tree was not finished)\n", p->lower_bound);
    printf("average       %.4f\n", (double)p->lower_bound / n);
    return;
  }
  stop_say("before the proof finished");
  if (p->lower_bound < OPTLE_INF)
    printf("lower bound   %d (proven: average at least %.4f)\n", p->lower_bound,
           (double)p->lower_bound / n);
  if (p->best_found < OPTLE_INF)
    printf("best found    %d (average %.4f), first guess %s, not proven optimal\n",
           p->best_found, (double)p->best_found / n, g->guesses.w[p->best_first]);
  else if (seed < OPTLE_INF)
    printf("best found    %d (average %.4f), the greedy entropy strategy\n", seed,
           (double)seed / n);
  if (p->best_first >= 0 && p->best_found >= OPTLE_INF)
    printf("first guess   %s: %d of %d classes solved\n", g->guesses.w[p->best_first], p->done,
           p->of);
  else
    printf("progress      %d of %d first guesses tried\n", p->done, p->of);
}

/* Under MPI: the best first guess by a ranking with --top 1 over every
 * rank, the tie rule's of the best value (rank 0; -1 on the others, and
 * when stopped or there is none within the guess limit: total INF, with
 * search_stopped() saying which). */
static int ranked_first(search *s, const game *g, const uint16_t *all) {
  search_first_value *vals = xcalloc((size_t)g->n_guesses, sizeof *vals);
  search_first_opts fo = {NULL, 0, OPTLE_INF, 1, NULL, 0, NULL, NULL};
  int best = search_rank_first(s, all, g->n_answers, &fo, vals), g0 = -1;
  if (dist_rank() == 0 && best >= 0 && best < OPTLE_INF)
    for (int i = 0; i < g->n_guesses; i++) {
      const search_first_value *v = &vals[i];
      if (v->exact && v->value == best &&
          (g0 < 0 || score_tie_cmp(g->guess2ans[v->guess] >= 0, v->guess, g->guess2ans[g0] >= 0,
                                   g0) < 0))
        g0 = v->guess;
    }
  free(vals);
  return g0;
}

int cmd_solve(int argc, char **argv) {
  optle_args a;
  bool help = false;
  int rc = parse_options("solve", solve_opts, argc, argv, &a, &help, NULL);
  if (rc) return rc;
  if (help) {
    help_text(stdout, &solve_doc);
    return EXIT_OK;
  }
  if ((rc = opts_check_outputs("solve ", &a.out, OUT_TREES, true))) return rc;
  /* From here on Ctrl-C and SIGTERM only raise the search's stop flag:
   * a stop during loading ends the search at its first node, and the
   * output files are then removed, not left half-written. */
  rules_mode rules;
  objective obj;
  if ((rc = opts_rules("solve ", &a, &rules, &obj))) return rc;
  bool ranked = dist_size() > 1 && !a.first && obj == OBJ_TOTAL;
  if (dist_size() > 1 && !ranked && !dist_solo(a.first ? "solve --first" : "solve --objective worst"))
    return EXIT_OK;
  bool own = dist_rank() == 0; /* the outputs and the report are rank 0's */
  stop_catch_signals();
  /* From now: the table counts too (rank 0 decides: dist.h). */
  if (a.time_limit) stop_after(a.time_limit + dist_stop_lag());
  game g;
  threads_start(a.threads);
  if ((rc = opts_load_game("solve ", &a.l, &g))) return rc;

  int first = -1;
  if (a.first && (first = word_arg("solve ", "--first", a.first, &g)) < 0) {
    game_free(&g);
    return EXIT_USAGE;
  }
  /* Open outputs now, so a bad path fails before a long solve. */
  outset outs;
  if (outs_open(&outs, own ? a.out.paths : NULL, own ? a.out.n : 0)) {
    game_free(&g);
    return EXIT_USAGE;
  }
  if ((rc = dist_agree(EXIT_OK, g.lists_hash))) {
    outs_abort(&outs);
    game_free(&g);
    return rc;
  }

  search_opts so;
  strategy_search_opts(&so);
  so.max_guesses = a.max_guesses;
  if (a.threads) so.threads = a.threads;
  so.memo_mb = a.memo_mb;
  so.progress = !a.quiet && own && isatty(2);
  if (a.no_seed) so.seed = NULL;
  so.rules = rules;
  so.objective = obj;
  search *s = strategy_search_new(&g, &so);

  uint16_t *all = xmalloc(sizeof *all * (size_t)g.n_answers);
  for (int i = 0; i < g.n_answers; i++) all[i] = (uint16_t)i;
  double t0 = now_seconds();
  tnode *tree = NULL;
  int total = OPTLE_INF, worst = 0;
  if (obj == OBJ_WORST) {
    /* The least depth any strategy keeps to, then the least total
     * within it (rules.h). */
    worst = search_least_depth(s, all, g.n_answers, first, a.max_guesses);
    if (worst > 0) {
      search_set_max_guesses(s, worst);
    }
  }
  if (ranked) {
    /* Every rank ranks; rank 0 builds the tree of the best. */
    int g0 = ranked_first(s, &g, all);
    if (!own) {
      free(all);
      search_free(s);
      game_free(&g);
      return EXIT_OK;
    }
    if (g0 >= 0) total = search_solve(s, all, g.n_answers, g0, &tree);
  } else if (worst >= 0 && !(obj == OBJ_WORST && worst == 0))
    total = search_solve(s, all, g.n_answers, first, &tree);
  double t1 = now_seconds();

  int status = EXIT_OK;
  const search_partial *stop = search_stopped(s);
  if (stop) {
    outs_abort(&outs);
    report_stop(stop, &g, g.n_answers, search_seed_bound(s));
    if (a.stats) {
      search_stats st;
      search_get_stats(s, &st);
      print_stats(&st);
      if (search_root_report(s)) print_root(search_root_report(s));
    }
    status = EXIT_STOPPED;
  } else if (total >= OPTLE_INF) {
    outs_abort(&outs);
    if (first >= 0)
      fprintf(stderr, "optle: no strategy starting with '%s' solves every answer within %d %s\n",
              g.guesses.w[first], a.max_guesses, a.max_guesses == 1 ? "guess" : "guesses");
    else
      fprintf(stderr, "optle: no strategy solves every answer within %d %s\n", a.max_guesses,
              a.max_guesses == 1 ? "guess" : "guesses");
    status = EXIT_NOSTRATEGY;
  } else {
    if (tree_check(tree, &g, all, g.n_answers, a.max_guesses)) {
      fprintf(stderr, "optle: internal error: the tree fails its check: %s\n", err_msg());
      exit(EXIT_INTERNAL);
    }
    treeio_job job = {tree, &g, a.max_guesses, rules, obj};
    if (outs_write(&outs, treeio_out_writer, &job)) status = EXIT_USAGE;
    if (!a.quiet) {
      tree_summary sum;
      tree_summarize(tree, &sum);
      search_stats st;
      search_get_stats(s, &st);
      printf("lists         %s (%d answers), %s (%d guesses)\n", g.answers.path, g.n_answers,
             g.guesses.path, g.n_guesses);
      printf("guess limit   %s", a.max_guesses ? "" : "none\n");
      if (a.max_guesses) printf("%d\n", a.max_guesses);
      if (rules != RULES_NORMAL) printf("rules         %s\n", rules_name(rules));
      if (obj == OBJ_WORST)
        printf("objective     worst: every answer within %d guesses, proven the least; then the "
               "least total\n", worst);
      printf("first guess   %s%s\n", g.guesses.w[tree->guess], first >= 0 ? " (fixed)" : "");
      tree_print_totals(stdout, sum.n, sum.total, sum.most, sum.dist);
      printf("nodes         %llu\n", (unsigned long long)st.nodes);
      printf("tree hash     %016llx\n", (unsigned long long)tree_hash(tree));
      printf("threads       %d\n", so.threads);
      if (ranked)
        printf("ranks         %d (first guesses ranked by every rank, the tree built by rank 0)\n",
               dist_size());
      printf("peak RSS      %.1f MB\n", peak_rss_kib() / 1024.0);
      double tv, tt;
      search_times(s, &tv, &tt);
      if (ranked) tv = t1 - t0 - tt; /* the ranking, and the best one's values again */
      printf("time          %.2f s (lists and table %.2f s, proof %.2f s, tree %.2f s)\n",
             g.load_seconds + (t1 - t0), g.load_seconds, tv, tt);
      outs_report(&outs, stdout, "wrote         ");
      if (a.stats) print_stats(&st);
      if (a.stats && search_root_report(s)) print_root(search_root_report(s));
    }
  }
  tree_free(tree);
  free(all);
  search_free(s);
  game_free(&g);
  return status;
}

