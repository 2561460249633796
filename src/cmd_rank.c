/*
 * cmd_rank.c: `optle rank`: a proven ranking of first guesses
 * (search.h search_rank_first()), with a checkpoint to resume from.
 *
 * The checkpoint (checkpoint.h owns its format, lock and checks;
 * rank_run.h its run, shared with solve --checkpoint, and the progress
 * line): rank 0 opens it before any long work (a second run on it, a
 * changed or damaged line, a file of another ranking: status 2), hands
 * what it holds to the ranking as settled, and appends each first guess
 * as it is settled, so a run killed at any moment (SIGKILL too) loses
 * only the words in flight.  The seconds are what its group of feedback-alike
 * words cost (on whichever rank), the stage the one that settled it
 * (search.h): tools/mpi_sim.py replays them.  A bound read back must be
 * above the final cutoff, as every bound found is.
 *
 * Under MPI (optle-mpi, dist.h) every rank ranks, and rank 0 alone reads
 * and appends the checkpoint and writes the ranking.
 *
 * The output is canonical: a value above the final cutoff is shown as the
 * bound max(class-count bound, cutoff + 1), however it was found (a
 * stronger bound, an exact value found while the cutoff was higher, or
 * "none"), since what the search proves above the cutoff depends on the
 * timing and on what each memo held.  So the ranking is byte for byte the
 * same for any number of threads and ranks; the checkpoint keeps what
 * was found.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "checkpoint.h"
#include "cli.h"
#include "clock.h"
#include "cmd_rank.h"
#include "cmd_stats.h"
#include "dist.h"
#include "game.h"
#include "help.h"
#include "lists.h"
#include "opts.h"
#include "rank_run.h"
#include "ratio.h"
#include "rules.h"
#include "search.h"
#include "strategy.h"
#include "tuning.h"
#include "util.h"
#include "words.h"

static const optuse rank_opts[] = {
    OPT_USE_LISTS,
    OPT_USE(CUTOFF),
    OPT_USE(RANK_TOP),
    OPT_USE(RANK_ALL),
    OPT_USE(WORDS),
    OPT_USE_RULES,
    OPT_USE(MAX_GUESSES),
    OPT_USE(THREADS),
    OPT_USE(MEMO_MB),
    OPT_USE(PROBE_BUDGET),
    OPT_USE(PROBE),
    OPT_USE(CHECKPOINT),
    OPT_USE(RANK_COMPARE),
    OPT_USE(RANK_UPPER),
    OPT_USE_HELP(OUT, "write the ranking here (any name), whole or not at all (default: "
                      "standard output)"),
    OPT_USE(TIME_LIMIT),
    OPT_USE_HELP(STATS, "print the search counters and the stages' first guesses and\n"
                        "                         seconds to stderr at the end (the ranking is\n"
                        "                         as without it)"),
    OPT_USE_END,
};

const cmd_doc rank_doc = {
    .name = "rank",
    .summary = "a proven ranking of every first guess, resumable",
    .usage = "optle rank [--list NAME | --answers FILE [--guesses FILE]]\n"
             "                  [--cutoff TOTAL | --top N [--all]] [--words FILE]\n"
             "                  [--hard | --hard-gray | --ultrahard]\n"
             "                  [--checkpoint FILE] [--compare FILE | --compare-upper FILE]\n"
             "                  [options]",
    .about = "Rank first guesses by their exact total (the optimal total over all answers\n"
             "when that guess comes first), with proof: every value is exact, or a proven\n"
             "lower bound above the cutoff (--cutoff TOTAL; with --top N the cutoff is the\n"
             "N-th best value, ties included; with neither, every value is exact, a whole\n"
             "search per first guess).  Bounds come from the root proof's lookahead bounds,\n"
             "exact values from the search.  Prints four '#' lines (lists, rules, cutoff,\n"
             "counts), then one line per first guess, tab-separated: the word, its value,\n"
             "'exact' or 'bound', and the average (value / answers, 4 decimals), by value,\n"
             "then word; with --top N only the N best (ties included) and a line counting\n"
             "the rest (--all: every line).  The file is the same byte for byte whatever the\n"
             "threads, ranks or resumes (the time goes to the terminal).  --checkpoint FILE\n"
             "appends each word as it is settled; a rerun with the same FILE and options\n"
             "resumes (in stage 4, the exact search, FILE.memo keeps what the search had\n"
             "proven, for the rerun).  --compare FILE checks the values against a published table, word\n"
             "by word, and prints every difference (the ranking then goes to -o only);\n"
             "--compare-upper FILE does the same with a table of upper bounds, where a\n"
             "row may be above optle's value, never below it.",
    .opts = rank_opts,
    .notes = "optle-mpi (make mpi) ranks across the ranks of an Open MPI job, --threads\n"
             "each: mpirun -np N optle-mpi rank ...  The first guesses are dealt to the\n"
             "ranks as they ask, the cutoff going with each; rank 0 writes the ranking and\n"
             "the checkpoint, and the ranking is one process's, byte for byte.",
    .exit = "0 ranked, 1 the values differ from --compare's table (or are above\n"
            "             --compare-upper's), 2 bad usage or input (a checkpoint of another\n"
            "             ranking, in use by another run, or with a changed or damaged line,\n"
            "             or a damaged FILE.memo;\n"
            "             a bad table: FILE:LINE: reason), 3 out of memory\n"
            "             or internal error, 4 stopped (what was settled stays in the\n"
            "             checkpoint)",
};

/* --compare: the values differ from the table's (--compare-upper: some
 * are above it). */
enum { RANK_DIFFER = 1 };

/* A value as written: "none" when no strategy with that first guess
 * keeps to the guess limit. */
static const char *value_text(int v, char buf[16]) {
  if (v >= OPTLE_INF) return "none";
  snprintf(buf, 16, "%d", v);
  return buf;
}

/* The average as the published tables print it: total / answers, 4
 * decimals ("none" with the value). */
static ratio_text average_text(int v, int n) {
  if (v >= OPTLE_INF) return (ratio_text){"none"};
  return ratio4(v, n);
}

/* The ranking, for -o or stdout. */
typedef struct {
  const game *g;
  search_first_value *v;
  int n, cutoff, top;
  bool all;  /* --all: every line, also with --top */
  rules_mode rules;
  int max_guesses;
} rank_out;

/* By value, then word (qsort has no argument: the words to compare by). */
static const game *sort_game;
static int value_cmp(const void *pa, const void *pb) {
  const search_first_value *a = pa, *b = pb;
  if (a->value != b->value) return a->value < b->value ? -1 : 1;
  return strcmp(sort_game->guesses.w[a->guess], sort_game->guesses.w[b->guess]);
}

static int rank_write(FILE *fp, const char *path, void *arg) {
  (void)path;
  const rank_out *o = arg;
  const game *g = o->g;
  int nexact = 0;
  for (int i = 0; i < o->n; i++) nexact += o->v[i].exact;
  char lists[LISTS_DESCRIBE_SIZE];
  lists_describe(g, lists, sizeof lists);
  fprintf(fp, "# optle rank: %s %s\n", g->list ? "list" : "lists", lists);
  if (o->max_guesses > 0)
    fprintf(fp, "# rules %s, guess limit %d\n", rules_name(o->rules), o->max_guesses);
  else fprintf(fp, "# rules %s, no guess limit\n", rules_name(o->rules));
  if (o->cutoff >= OPTLE_INF) fprintf(fp, "# cutoff none: every value exact\n");
  else if (o->top > 0)
    fprintf(fp, "# cutoff %d: the %d best values (ties included) exact, the rest proven above it\n",
            o->cutoff, o->top);
  else fprintf(fp, "# cutoff %d: values up to it exact, the rest proven above it\n", o->cutoff);
  /* No seconds here (they go to the terminal): the file is the same byte
   * for byte whatever the threads, ranks, timing or resumes. */
  fprintf(fp, "# %d first guesses: %d exact, %d bounds\n", o->n, nexact, o->n - nexact);
  /* --top N: the N best (ties included), unless --all; they come first
   * (by value), every other one a bound above the cutoff. */
  int shown = o->n;
  if (o->top > 0 && !o->all)
    for (shown = 0; shown < o->n && o->v[shown].exact && o->v[shown].value <= o->cutoff;) shown++;
  for (int i = 0; i < shown; i++) {
    char b[16];
    fprintf(fp, "%s\t%s\t%s\t%s\n", g->guesses.w[o->v[i].guess], value_text(o->v[i].value, b),
            o->v[i].exact ? "exact" : "bound", average_text(o->v[i].value, g->n_answers).s);
  }
  if (shown < o->n)
    fprintf(fp, "# %d more first guesses proven worse than %d (--all lists them with their "
                "bounds)\n", o->n - shown, o->cutoff);
  return ferror(fp) ? err_set("write error") : 0;
}

/* What the ranking is (its checkpoint's header, and what every rank
 * must rank alike: dist_agree()): the lists, rules, guess limit, cutoff,
 * --top and the words of --words. */
static ckpt_id ranking_id(const game *g, rules_mode rules, const optle_args *a, const int *words,
                          int nwords) {
  return (ckpt_id){g->lists_hash, rules_name(rules), a->max_guesses, a->cutoff, a->rank_top,
                   words ? ckpt_words_hash(words, nwords) : 0};
}

/* --words FILE: guess indices (deduplicated), or NULL after a message. */
static int *read_words(const char *path, const game *g, int *n) {
  wordlist wl;
  if (words_load(path, &wl)) {
    if (!stop_requested()) fprintf(stderr, "optle: --words %s\n", err_msg()); /* else the caller's */
    return NULL;
  }
  int *w = xmalloc(sizeof *w * (size_t)(wl.n ? wl.n : 1)), k = 0;
  for (int i = 0; i < wl.n; i++) {
    int gi = words_find(&g->guesses, wl.w[i]);
    if (gi < 0) {
      /* err_say() escapes the path (err.h) */
      err_say("--words %s:%d: '%s' is not an allowed guess", path, wl.line[i], wl.w[i]);
      free(w);
      words_free(&wl);
      return NULL;
    }
    w[k++] = gi;
  }
  words_free(&wl);
  if (k == 0) {
    err_say("--words %s: no words", path);
    free(w);
    return NULL;
  }
  *n = k;
  return w;
}

/* What a ranking holds open beside its run (rank_run.h: the checkpoint):
 * its -o file and the table it is compared with (rank 0's). */
typedef struct {
  const char *dest; /* -o, or NULL: standard output */
  outset outs;
  bool pending;     /* outs open, not written yet */
  rank_table table; /* --compare or --compare-upper (table.total NULL: none) */
} rank_files;

/* The ranking, canonical (the header's), to -o or standard output.
 * The status. */
static int rank_output(rank_files *f, rank_out *o) {
  /* Above the cutoff, what was found depends on what the memo held then
   * and on when the cutoff fell (threads, ranks, timing); what is shown
   * does not: the class-count bound or the cutoff + 1, whichever is
   * larger, both proven (the header's canonical output). */
  int got = o->cutoff;
  for (int i = 0; i < o->n; i++)
    if (got < OPTLE_INF && o->v[i].value > got) {
      o->v[i].value = o->v[i].floor > got ? o->v[i].floor : got + 1;
      o->v[i].exact = false;
    }
  sort_game = o->g;
  qsort(o->v, (size_t)o->n, sizeof *o->v, value_cmp);
  if (f->dest) {
    f->pending = false; /* written, or removed */
    if (outs_write(&f->outs, rank_write, o)) return EXIT_USAGE;
  } else if (!f->table.total) {
    rank_write(stdout, "-", o);
  }
  /* --compare: standard output gets the differences, the ranking only
   * -o. */
  int rc = EXIT_OK;
  if (f->table.total && rank_table_compare(&f->table, o->g, o->v, o->n, stdout))
    rc = RANK_DIFFER;
  if (fflush(stdout) || ferror(stdout)) {
    fprintf(stderr, "optle: standard output: write error\n");
    return EXIT_USAGE;
  }
  return rc;
}

/* --probe's guess (it must be among the words ranked: only they fill
 * the top), or -2 when it is refused (said). */
static int probe_word(const optle_args *a, const game *g, const int *words, int nwords) {
  int pg = word_arg("rank ", "--probe", a->probe, g);
  if (pg < 0) return -2;
  bool among = !words;
  for (int i = 0; i < nwords && !among; i++) among = words[i] == pg;
  if (!among) {
    usage_error("rank ", "--probe '%s': not among the words ranked (--words %s)", a->probe, a->words);
    return -2;
  }
  return pg;
}

/* Rank, and write the ranking (rank 0).  The status. */
static int rank_all(rank_files *f, rank_run *run, const game *g, const optle_args *a,
                    rules_mode rules, const int *words, int nwords, int probe_g) {
  search_opts so;
  strategy_search_opts(&so);
  so.max_guesses = a->max_guesses;
  if (a->threads) so.threads = threads_usable(a->threads);
  so.memo_mb = a->memo_mb;
  so.probe_budget = a->probe_budget;
  so.probe_g = probe_g;
  so.rules = rules;
  search *s = strategy_search_new(g, &so);
  uint16_t *all = xmalloc(sizeof *all * (size_t)g->n_answers);
  for (int i = 0; i < g->n_answers; i++) all[i] = (uint16_t)i;
  int ndone = run->res.ndone, cutoff = a->cutoff >= 0 ? a->cutoff : OPTLE_INF;
  search_first_opts fo = {.words = words, .nwords = nwords, .cutoff = cutoff, .top = a->rank_top};
  rank_run_opts(run, &fo);
  int n = words ? nwords : g->n_guesses, rc = EXIT_OK;
  run->total = n;
  run->resumed = ndone;
  search_first_value *vals = xcalloc((size_t)n, sizeof *vals);
  run->t0 = now_seconds();
  if (rank_run_memo_begin(run, s)) {
    free(vals);
    free(all);
    search_free(s);
    return EXIT_USAGE;
  }
  int got = search_rank_first(s, all, g->n_answers, &fo, vals);
  rank_run_memo_end(run, got >= 0);
  double secs = now_seconds() - run->t0;
  if (run->progress == SEARCH_PROGRESS_TERMINAL) fputc('\n', stderr);
  if (dist_rank() != 0) {
    /* Another rank: rank 0 says and writes what there is. */
  } else if (run->write_failed) {
    err_note("%s: the run stopped (the checkpoint keeps what was settled before)", run->why);
    rc = EXIT_USAGE;
  } else if (got < 0) {
    fprintf(stderr, "optle: %s after %.1f s: %d of %d first guesses settled%s\n",
            stop_timed_out() ? "time limit reached" : "stopped", secs, run->settled + ndone, n,
            run->path ? " (they are in the checkpoint)" : "");
    rc = EXIT_STOPPED;
  } else if (!(rc = rank_run_check(run, got))) {
    rank_out o = {g, vals, n, got, a->rank_top, a->rank_all, rules, a->max_guesses};
    rc = rank_output(f, &o);
    /* The time goes to the terminal, never into the ranking. */
    if (rc != EXIT_USAGE && run->progress == SEARCH_PROGRESS_TERMINAL) {
      fprintf(stderr, "rank: %d first guesses settled in %.1f s", run->settled, secs);
      fprintf(stderr, ndone ? " (%d more resumed)\n" : "\n", ndone);
    }
  }
  if (a->stats) {
    search_stats others;
    counters_others(s, &others); /* every rank */
    if (dist_rank() == 0) {
      counters_print(stderr, s, &others);
      rank_run_print_stages(stderr, run);
    }
  }
  free(vals);
  free(all);
  search_free(s);
  return rc;
}

/* -o opened, and the checkpoint (rank 0's, locked) read, before the
 * ranking.  0, or the status after a message. */
static int rank_open(rank_files *f, rank_run *run, const game *g, rules_mode rules,
                     const optle_args *a, const int *words, int nwords) {
  if (f->dest && outs_open(&f->outs, &f->dest, 1)) return EXIT_USAGE;
  f->pending = f->dest != NULL;
  const char *table = a->rank_compare ? a->rank_compare : a->rank_upper;
  if (table && dist_rank() == 0 &&
      rank_table_read(table, a->rank_upper != NULL, g, a->max_guesses, &f->table)) {
    int rc = opts_stopped_reading("while reading the table to compare with: nothing was computed");
    return rc ? rc : EXIT_USAGE;
  }
  ckpt_id id = ranking_id(g, rules, a, words, nwords);
  bool *ranked = NULL;
  if (words) {
    ranked = xcalloc((size_t)g->n_guesses, sizeof *ranked);
    for (int i = 0; i < nwords; i++) ranked[words[i]] = true;
  }
  int rc = rank_run_resume(run, g, &id, ranked);
  free(ranked);
  return rc;
}

/* Close what rank_open() opened: -o removed unless written, the
 * checkpoint closed (and unlocked).  The status. */
static int rank_close(rank_files *f, rank_run *run, int rc) {
  if (f->pending) outs_abort(&f->outs);
  rc = rank_run_close(run, rc);
  rank_table_free(&f->table);
  return rc;
}

int cmd_rank(int argc, char **argv) {
  optle_args a;
  bool help = false;
  int rc = parse_options("rank", rank_opts, argc, argv, &a, &help, NULL);
  if (rc) return rc;
  if (help) {
    help_text(stdout, &rank_doc);
    return EXIT_OK;
  }
  rules_mode rules;
  if ((rc = opts_rules("rank ", &a, &rules, NULL))) return rc;
  if (a.cutoff >= 0 && a.rank_top > 0) return usage_error("rank ", "give --cutoff or --top, not both");
  if (a.out.n > 1) return usage_error("rank ", "-o: give one file (or none: standard output)");
  /* With a comparison its differences go to stdout, the ranking to -o
   * only: one file for both would mix them.  Without one, stdout has
   * nothing else, and -o /dev/stdout is the ranking alone. */
  if (a.out.n && (a.rank_compare || a.rank_upper) && out_is_stdout(a.out.paths[0]))
    return usage_error("rank ", "-o %s: that is standard output, which has the comparison's "
                                "report: give the ranking another file", a.out.paths[0]);
  if (a.rank_all && a.rank_top <= 0) return usage_error("rank ", "--all goes with --top N");
  if (a.probe_budget && a.rank_top <= 0) /* only --top's first stage probes */
    return usage_error("rank ",
                       "--probe-budget goes with --top N (its first stage's exact solves)");
  if (a.probe && a.rank_top <= 0)
    return usage_error("rank ", "--probe goes with --top N (its first stage's exact solves)");
  if (a.rank_compare && a.rank_upper)
    return usage_error("rank ", "give --compare or --compare-upper, not both");
  if (a.rank_compare && (rc = outputs_clash("rank ", &a.out, "--compare table", a.rank_compare)))
    return rc;
  if (a.rank_upper && (rc = outputs_clash("rank ", &a.out, "--compare-upper table", a.rank_upper)))
    return rc;
  if (a.words && (rc = outputs_clash("rank ", &a.out, "--words file", a.words))) return rc;
  if (a.checkpoint && (rc = outputs_clash("rank ", &a.out, "checkpoint", a.checkpoint))) return rc;
  /* The checkpoint is written: a table to compare with is read, and one
   * file cannot be both (a new one was said to have "no rows"). */
  const char *table = a.rank_compare ? a.rank_compare : a.rank_upper;
  if (a.checkpoint && table && out_same_file(a.checkpoint, table))
    return usage_error("rank ", "--checkpoint %s: that is the table to compare with (%s): give "
                                "the checkpoint its own file",
                       a.checkpoint, a.rank_compare ? "--compare" : "--compare-upper");
  /* Rank 0 owns the files and what is said (dist.h); the other ranks
   * only search.  The checkpoint is locked first: a second run on it is
   * refused before the lists and their table are loaded. */
  bool own = dist_rank() == 0;
  rank_files f = {.dest = own && a.out.n ? a.out.paths[0] : NULL};
  rank_run run;
  rank_run_init(&run, own ? a.checkpoint : NULL,
                !own ? SEARCH_PROGRESS_OFF
                : isatty(STDERR_FILENO) ? SEARCH_PROGRESS_TERMINAL : SEARCH_PROGRESS_LINES);
  if ((rc = rank_run_lock(&run))) return rc;
  stop_catch_signals();
  /* From now: the table counts too (rank 0 decides: dist.h). */
  if (a.time_limit) stop_after(a.time_limit + dist_stop_lag());
  threads_start(a.threads);
  game g;
  int nwords = 0, *words = NULL;
  if ((rc = opts_load_game("rank ", &a.l, &g))) return rank_close(&f, &run, rc);
  run.g = &g;
  if (a.words && !(words = read_words(a.words, &g, &nwords))) {
    game_free(&g);
    rc = opts_stopped_reading("while reading --words: nothing was computed");
    return rank_close(&f, &run, rc ? rc : EXIT_USAGE);
  }
  int probe_g = a.probe ? probe_word(&a, &g, words, nwords) : -1;
  if (probe_g < -1) {
    free(words);
    game_free(&g);
    return rank_close(&f, &run, EXIT_USAGE);
  }
  rc = rank_open(&f, &run, &g, rules, &a, words, nwords);
  /* Every rank has come this far, with the same lists and options. */
  ckpt_id id = ranking_id(&g, rules, &a, words, nwords);
  rc = dist_agree(rc, g.lists_hash, ckpt_agree_key(&id, words, nwords, probe_g));
  if (!rc) rc = rank_all(&f, &run, &g, &a, rules, words, nwords, probe_g);
  rc = rank_close(&f, &run, rc);
  free(words);
  game_free(&g);
  return rc;
}
