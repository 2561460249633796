/*
 * cmd_rank.c: `optle rank`: a proven ranking of first guesses
 * (search.h search_rank_first()), with a checkpoint to resume from.
 *
 * The checkpoint is a text file: a header line naming what the ranking
 * is of (the lists hash, rules, guess limit, cutoff or top), then one line
 * per settled word, "word<TAB>value<TAB>exact|bound<TAB>seconds<TAB>stage",
 * each appended and flushed as the word is settled, so a run killed at
 * any moment (SIGKILL too) loses only the words in flight.  The seconds
 * are what its group of feedback-alike words cost (on whichever rank),
 * the stage the one that settled it (search.h): tools/mpi_sim.py replays
 * them.  A rerun with the same file reads it, refuses it when its header
 * is not this ranking's, takes its words as settled, and appends the
 * rest; a line without the stage (written before it was) reads as well.
 * A last line cut short by a kill is left out (and rewritten when its
 * word is settled again).
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
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "dist.h"
#include "game.h"
#include "help.h"
#include "opts.h"
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
    OPT_USE(WORDS),
    OPT_USE_RULES,
    OPT_USE(MAX_GUESSES),
    OPT_USE(THREADS),
    OPT_USE(MEMO_MB),
    OPT_USE(CHECKPOINT),
    OPT_USE_HELP(OUT, "write the ranking here (any name), whole or not at all (default: "
                      "standard output)"),
    OPT_USE(TIME_LIMIT),
    OPT_USE_END,
};

const cmd_doc rank_doc = {
    .name = "rank",
    .summary = "a proven ranking of every first guess, resumable",
    .usage = "optle rank (--list NAME | --answers FILE [--guesses FILE]) [--cutoff TOTAL | --top N]\n"
             "                  [--words FILE] [--hard | --ultrahard] [--checkpoint FILE] [options]",
    .about = "Rank first guesses by their exact total (the optimal total over all answers\n"
             "when that guess comes first), with proof: every value is exact, or a proven\n"
             "lower bound above the cutoff (--cutoff TOTAL; with --top N the cutoff is the\n"
             "N-th best value, ties included; with neither, every value is exact, a whole\n"
             "search per first guess).  Bounds come from the root proof's lookahead bounds,\n"
             "exact values from the search.  Prints a few '#' lines (lists, rules, cutoff,\n"
             "time), then one line per first guess, tab-separated: the word, its value and\n"
             "'exact' or 'bound', by value, then word.  --checkpoint FILE appends each word\n"
             "as it is settled; a rerun with the same FILE and options resumes.",
    .opts = rank_opts,
    .notes = "optle-mpi (make mpi) ranks across the ranks of an Open MPI job, --threads\n"
             "each: mpirun -np N optle-mpi rank ...  The first guesses are dealt to the\n"
             "ranks as they ask, the cutoff going with each; rank 0 writes the ranking and\n"
             "the checkpoint, and the ranking is one process's, byte for byte.",
    .exit = "0 ranked, 2 bad usage or input (a checkpoint of another ranking),\n"
            "             3 out of memory or internal error, 4 stopped (what was settled stays\n"
            "             in the checkpoint)",
};

/* A value as written: "none" when no strategy with that first guess
 * keeps to the guess limit. */
static const char *value_text(int v, char buf[16]) {
  if (v >= OPTLE_INF) return "none";
  snprintf(buf, 16, "%d", v);
  return buf;
}

/* The ranking's identity, the checkpoint's first line. */
static void ckpt_header(char *buf, size_t size, const game *g, rules_mode m, int max_guesses,
                        int cutoff, int top) {
  char hex[WORDS_HASH_HEX];
  words_hash_hex(g->lists_hash, hex);
  snprintf(buf, size,
           "# optle rank checkpoint 1: lists_hash %s, rules %s, max_guesses %d, cutoff %d, top %d",
           hex, rules_name(m), max_guesses, cutoff, top);
}

/* Read a checkpoint: its settled words into *done (*ndone).  0; or
 * EXIT_USAGE after a message. */
static int ckpt_read(const char *path, const char *header, const game *g,
                     search_first_value **done, int *ndone) {
  *done = NULL;
  *ndone = 0;
  FILE *fp = fopen(path, "r");
  if (!fp) {
    if (errno == ENOENT) return 0;
    fprintf(stderr, "optle: --checkpoint %s: %s\n", path, strerror(errno));
    return EXIT_USAGE;
  }
  char line[512];
  int ln = 0, cap = 0, rc = 0;
  while (fgets(line, sizeof line, fp)) {
    ln++;
    size_t len = strlen(line);
    if (len == 0 || line[len - 1] != '\n') {
      if (!feof(fp)) {
        fprintf(stderr, "optle: %s:%d: line too long\n", path, ln);
        rc = EXIT_USAGE;
      }
      break; /* a last line cut short by a kill: its word is settled again */
    }
    line[--len] = '\0';
    if (ln == 1) {
      if (strcmp(line, header)) {
        fprintf(stderr,
                "optle: --checkpoint %s is of another ranking (other lists, rules, guess limit "
                "or cutoff): it says \"%.200s\", this ranking is \"%s\"\n",
                path, line, header);
        rc = EXIT_USAGE;
        break;
      }
      continue;
    }
    char w[16], vt[16], kind[16], *end;
    double secs;
    int gi, stage = 0;
    long v = -1;
    if (sscanf(line, "%15[a-z]\t%15[a-z0-9]\t%15[a-z]\t%lf\t%d", w, vt, kind, &secs, &stage) >= 4) {
      v = strcmp(vt, "none") ? strtol(vt, &end, 10) : OPTLE_INF;
      if (v != OPTLE_INF && (*end || v > 1000000000)) v = -1;
    }
    if (v < 0 || (strcmp(kind, "exact") && strcmp(kind, "bound")) ||
        (gi = words_find(&g->guesses, w)) < 0) {
      fprintf(stderr, "optle: %s:%d: not a settled word (word, value, exact or bound, seconds)\n",
              path, ln);
      rc = EXIT_USAGE;
      break;
    }
    if (*ndone == cap) {
      cap = cap ? 2 * cap : 256;
      *done = xrealloc(*done, sizeof **done * (size_t)cap);
    }
    (*done)[(*ndone)++] = (search_first_value){gi, (int)v, !strcmp(kind, "exact"), secs, 0, stage};
  }
  fclose(fp);
  if (rc) {
    free(*done);
    *done = NULL;
    *ndone = 0;
  }
  return rc;
}

/* What the report function keeps: the checkpoint, and the progress. */
typedef struct {
  FILE *ckpt;
  const game *g;
  int total, settled, exact, best;
  int best_guess;
  double t0, last;
  bool progress;
  bool write_failed;
} rank_run;

static void on_settled(void *arg, const search_first_value *v) {
  rank_run *r = arg;
  r->settled++;
  if (v->exact) {
    r->exact++;
    if (v->value < r->best) r->best = v->value, r->best_guess = v->guess;
  }
  if (r->ckpt) {
    char b[16];
    fprintf(r->ckpt, "%s\t%s\t%s\t%.3f\t%d\n", r->g->guesses.w[v->guess],
            value_text(v->value, b), v->exact ? "exact" : "bound", v->seconds, v->stage);
    if (fflush(r->ckpt)) r->write_failed = true;
  }
  double t = now_seconds();
  if (r->progress && (t - r->last >= 0.5 || r->settled == r->total)) {
    r->last = t;
    double el = t - r->t0, eta = r->settled ? el / r->settled * (r->total - r->settled) : 0;
    fprintf(stderr, "\r%d/%d first guesses settled, %d exact", r->settled, r->total, r->exact);
    if (r->best < OPTLE_INF)
      fprintf(stderr, ", best %s %d", r->g->guesses.w[r->best_guess], r->best);
    fprintf(stderr, ", %.0f s, ETA %.0f s   ", el, eta);
    fflush(stderr);
  }
}

/* The ranking, for -o or stdout. */
typedef struct {
  const game *g;
  search_first_value *v;
  int n, cutoff, top;
  rules_mode rules;
  int max_guesses;
  double seconds;
  int resumed;
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
  fprintf(fp, "# optle rank: %s (%d answers), %s (%d guesses)\n", g->answers.path, g->n_answers,
          g->guesses.path, g->n_guesses);
  fprintf(fp, "# rules %s, guess limit %d\n", rules_name(o->rules), o->max_guesses);
  if (o->cutoff >= OPTLE_INF) fprintf(fp, "# cutoff none: every value exact\n");
  else if (o->top > 0)
    fprintf(fp, "# cutoff %d: the %d best values (ties included) exact, the rest proven above it\n",
            o->cutoff, o->top);
  else fprintf(fp, "# cutoff %d: values up to it exact, the rest proven above it\n", o->cutoff);
  fprintf(fp, "# %d first guesses: %d exact, %d bounds; %.1f s%s\n", o->n, nexact, o->n - nexact,
          o->seconds, o->resumed ? " (resumed)" : "");
  for (int i = 0; i < o->n; i++) {
    char b[16];
    fprintf(fp, "%s\t%s\t%s\n", g->guesses.w[o->v[i].guess], value_text(o->v[i].value, b),
            o->v[i].exact ? "exact" : "bound");
  }
  return ferror(fp) ? err_set("write error") : 0;
}

/* What every rank must rank alike (dist_agree()): the lists, and the
 * words of --words. */
static uint64_t ranking_key(const game *g, const int *words, int n) {
  uint64_t k = g->lists_hash;
  for (int i = 0; i < n; i++) k = (k ^ (uint64_t)words[i]) * 0x100000001b3ull;
  return k;
}

/* --words FILE: guess indices (deduplicated), or NULL after a message. */
static int *read_words(const char *path, const game *g, int *n) {
  wordlist wl;
  if (words_load(path, &wl)) {
    fprintf(stderr, "optle: --words %s\n", err_msg());
    return NULL;
  }
  int *w = xmalloc(sizeof *w * (size_t)(wl.n ? wl.n : 1)), k = 0;
  for (int i = 0; i < wl.n; i++) {
    int gi = words_find(&g->guesses, wl.w[i]);
    if (gi < 0) {
      fprintf(stderr, "optle: %s:%d: '%s' is not an allowed guess\n", path, wl.line[i], wl.w[i]);
      free(w);
      words_free(&wl);
      return NULL;
    }
    w[k++] = gi;
  }
  words_free(&wl);
  if (k == 0) {
    fprintf(stderr, "optle: --words %s: no words\n", path);
    free(w);
    return NULL;
  }
  *n = k;
  return w;
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
  if (a.words && (rc = outputs_clash("rank ", &a.out, "--words file", a.words))) return rc;
  if (a.checkpoint && (rc = outputs_clash("rank ", &a.out, "checkpoint", a.checkpoint))) return rc;
  stop_catch_signals();
  /* From now: the table counts too (rank 0 decides: dist.h). */
  if (a.time_limit) stop_after(a.time_limit + dist_stop_lag());
  threads_start(a.threads);
  game g;
  if ((rc = opts_load_game("rank ", &a.l, &g))) return rc;
  int nwords = 0, *words = NULL;
  if (a.words && !(words = read_words(a.words, &g, &nwords))) {
    game_free(&g);
    return EXIT_USAGE;
  }
  char header[256];
  int cutoff = a.cutoff >= 0 ? a.cutoff : OPTLE_INF;
  ckpt_header(header, sizeof header, &g, rules, a.max_guesses, a.cutoff, a.rank_top);
  search_first_value *done = NULL;
  int ndone = 0;
  /* Rank 0 owns the files and what is said (dist.h); the other ranks
   * only search. */
  bool own = dist_rank() == 0;
  rank_run run = {.g = &g, .best = OPTLE_INF, .best_guess = -1, .progress = own && isatty(2)};
  outset outs;
  const char *dest = own && a.out.n ? a.out.paths[0] : NULL, *ckpt = own ? a.checkpoint : NULL;
  if (ckpt && (rc = ckpt_read(ckpt, header, &g, &done, &ndone))) goto out;
  if (dest && outs_open(&outs, &dest, 1)) {
    rc = EXIT_USAGE;
    goto out;
  }
  if (ckpt) {
    bool fresh = access(ckpt, F_OK) != 0;
    if (!(run.ckpt = fopen(ckpt, "a"))) {
      fprintf(stderr, "optle: --checkpoint %s: %s\n", ckpt, strerror(errno));
      if (dest) outs_abort(&outs);
      rc = EXIT_USAGE;
      goto out;
    }
    if (fresh || ftell(run.ckpt) == 0) fprintf(run.ckpt, "%s\n", header);
    else if (ndone) fprintf(stderr, "optle: resumed %d settled first guesses from %s\n", ndone, ckpt);
    fflush(run.ckpt);
  }
  /* Every rank has come this far, with the same lists and words. */
  if ((rc = dist_agree(EXIT_OK, ranking_key(&g, words, nwords)))) {
    if (dest) outs_abort(&outs);
    goto out;
  }

  search_opts so;
  strategy_search_opts(&so);
  so.max_guesses = a.max_guesses;
  if (a.threads) so.threads = a.threads;
  so.memo_mb = a.memo_mb;
  so.rules = rules;
  search *s = strategy_search_new(&g, &so);
  uint16_t *all = xmalloc(sizeof *all * (size_t)g.n_answers);
  for (int i = 0; i < g.n_answers; i++) all[i] = (uint16_t)i;
  search_first_opts fo = {words, nwords, cutoff, a.rank_top, done, ndone, on_settled, &run};
  int n = words ? nwords : g.n_guesses;
  run.total = n;
  search_first_value *vals = xcalloc((size_t)n, sizeof *vals);
  run.t0 = now_seconds();
  int got = search_rank_first(s, all, g.n_answers, &fo, vals);
  double secs = now_seconds() - run.t0;
  if (run.progress) fputc('\n', stderr);
  if (!own) {
    /* Another rank: rank 0 says and writes what there is. */
  } else if (got < 0) {
    fprintf(stderr, "optle: %s after %.1f s: %d of %d first guesses settled%s\n",
            stop_timed_out() ? "time limit reached" : "stopped", secs, run.settled + ndone, n,
            ckpt ? " (they are in the checkpoint)" : "");
    if (dest) outs_abort(&outs);
    rc = EXIT_STOPPED;
  } else if (run.write_failed) {
    fprintf(stderr, "optle: --checkpoint %s: write failed\n", a.checkpoint);
    if (dest) outs_abort(&outs);
    rc = EXIT_USAGE;
  } else {
    /* Above the cutoff, what was found depends on what the memo held
     * then and on when the cutoff fell (threads, ranks, timing); what is
     * shown does not: the class-count bound or the cutoff + 1, whichever
     * is larger, both proven (the header's canonical output). */
    for (int i = 0; i < n; i++)
      if (got < OPTLE_INF && vals[i].value > got) {
        vals[i].value = vals[i].floor > got ? vals[i].floor : got + 1;
        vals[i].exact = false;
      }
    sort_game = &g;
    qsort(vals, (size_t)n, sizeof *vals, value_cmp);
    rank_out o = {&g, vals, n, got, a.rank_top, rules, a.max_guesses, secs, ndone};
    if (dest) rc = outs_write(&outs, rank_write, &o) ? EXIT_USAGE : EXIT_OK;
    else {
      rank_write(stdout, "-", &o);
      if (fflush(stdout) || ferror(stdout)) {
        fprintf(stderr, "optle: standard output: write error\n");
        rc = EXIT_USAGE;
      }
    }
  }
  free(vals);
  free(all);
  search_free(s);
out:
  if (run.ckpt && fclose(run.ckpt) && !rc) {
    fprintf(stderr, "optle: --checkpoint %s: write failed\n", a.checkpoint);
    rc = EXIT_USAGE;
  }
  free(done);
  free(words);
  game_free(&g);
  return rc;
}
