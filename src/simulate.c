/* simulate.c: playing strategies on every answer, and compare tables
 * (simulate.h). */
#include "simulate.h"

#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "feedback.h"
#include "ratio.h"
#include "search.h"
#include "tuning.h"
#include "util.h"

/* ------------------------------------------------------------------ */
/* Playing a tree                                                       */

/* Guesses the tree takes for answer a (TREE_MAX_DEPTH + 1 when it never
 * guesses it: the caller has checked the tree, so that cannot happen). */
static int guesses_for(const tnode *t, const game *g, int a) {
  for (int k = 1; k <= TREE_MAX_DEPTH; k++) {
    uint8_t fb = game_fb(g, t->guess, a);
    if (fb == PATTERN_WIN) return k;
    const tnode *next = NULL;
    for (int i = 0; i < t->nkids && !next; i++)
      if (t->pat[i] == fb) next = t->kid[i];
    if (!next) break;
    t = next;
  }
  return TREE_MAX_DEPTH + 1;
}

void sim_path(const tnode *t, const game *g, int a, char *buf, size_t size) {
  size_t len = 0;
  buf[0] = 0;
  for (int k = 0; t && k < TREE_MAX_DEPTH; k++) {
    if (len + 10 >= size) {
      snprintf(buf + len, size - len, " ...");
      return;
    }
    len += (size_t)snprintf(buf + len, size - len, "%s%s", k ? " " : "", g->guesses.w[t->guess]);
    uint8_t fb = game_fb(g, t->guess, a);
    if (fb == PATTERN_WIN) return;
    const tnode *next = NULL;
    for (int i = 0; i < t->nkids && !next; i++)
      if (t->pat[i] == fb) next = t->kid[i];
    t = next;
  }
}

static int count_nodes(const tnode *t) {
  int c = 1;
  for (int i = 0; i < t->nkids; i++) c += count_nodes(t->kid[i]);
  return c;
}

void sim_report_tree(const tnode *t, const game *g, const uint16_t *set, int n, int limit,
                     sim_report *r) {
  memset(r, 0, sizeof *r);
  r->n = n;
  r->limit = limit;
  r->nodes = count_nodes(t);
  int *k = xmalloc(sizeof *k * (size_t)(n ? n : 1));
  for (int j = 0; j < n; j++) {
    k[j] = guesses_for(t, g, set[j]);
    int d = k[j] > TREE_MAX_DEPTH ? TREE_MAX_DEPTH : k[j];
    r->dist[d]++;
    r->total += k[j];
    r->most = k[j] > r->most ? k[j] : r->most;
    if (limit > 0 && k[j] > limit) r->failures++;
  }
  /* The worst: a partial selection, most guesses first, then answer
   * order (the set's order). */
  for (int w = 0; w < SIM_WORST && w < n; w++) {
    int b = -1;
    for (int j = 0; j < n; j++) {
      if (k[j] < 0) continue;
      if (b < 0 || k[j] > k[b] || (k[j] == k[b] && set[j] < set[b])) b = j;
    }
    r->worst[w] = set[b];
    r->worst_guesses[w] = k[b];
    r->nworst++;
    k[b] = -1;
  }
  free(k);
}

/* ------------------------------------------------------------------ */
/* Compare                                                              */

typedef struct {
  int cell;
  long cost; /* rough relative cost, for the schedule */
} job;

static int job_cmp(const void *pa, const void *pb) {
  const job *a = pa, *b = pb;
  if (a->cost != b->cost) return a->cost < b->cost ? 1 : -1;
  return a->cell - b->cell;
}

void sim_compare_run(sim_compare *c, const game *g) {
  int cells = c->nopen * c->nstrat, n = g->n_answers;
  c->n = n;
  c->total = xcalloc((size_t)cells, sizeof *c->total);
  c->most = xcalloc((size_t)cells, sizeof *c->most);
  c->seconds = xcalloc((size_t)cells, sizeof *c->seconds);
  c->exact_col = -1;
  for (int s = 0; s < c->nstrat; s++)
    if (c->strats[s].kind == STRAT_EXACT && c->exact_col < 0) c->exact_col = s;
  uint16_t *all = xmalloc(sizeof *all * (size_t)n);
  for (int i = 0; i < n; i++) all[i] = (uint16_t)i;
  double t0 = now_seconds();

  /* Heuristic cells: one job per thread, costliest first. */
  job *jobs = xmalloc(sizeof *jobs * (size_t)(cells ? cells : 1));
  int nj = 0;
  for (int o = 0; o < c->nopen; o++)
    for (int s = 0; s < c->nstrat; s++) {
      const strategy *st = &c->strats[s];
      if (st->kind == STRAT_EXACT) continue;
      jobs[nj].cell = o * c->nstrat + s;
      jobs[nj].cost = st->kind == STRAT_ROLLOUT ? 4L * st->gr.top : 1;
      nj++;
    }
  qsort(jobs, (size_t)nj, sizeof *jobs, job_cmp);
  int done = 0;
#pragma omp parallel for schedule(dynamic, 1) num_threads(c->threads) reduction(+ : done)
  for (int i = 0; i < nj; i++) {
    if (stop_requested()) continue; /* clock.h: the table is abandoned */
    int cell = jobs[i].cell;
    double t = now_seconds();
    c->total[cell] = strategy_total(&c->strats[cell % c->nstrat], g, all, n,
                                    c->openers[cell / c->nstrat], OPTLE_DEPTH_UNLIMITED,
                                    &c->most[cell]);
    c->seconds[cell] = now_seconds() - t;
    if (!stop_requested()) done++;
  }
  free(jobs);
  c->done = done;

  /* Exact cells: one search, all threads, its memo shared by the rows. */
  if (c->exact_col >= 0) {
    search_opts so;
    strategy_search_opts(&so);
    so.max_guesses = c->max_guesses;
    so.threads = c->threads;
    so.memo_mb = c->memo_mb; /* 0: the list's default */
    so.rules = c->rules;
    search *srch = strategy_search_new(g, &so);
    for (int o = 0; o < c->nopen && !stop_requested(); o++) {
      int cell = o * c->nstrat + c->exact_col;
      double t = now_seconds();
      c->total[cell] = search_solve(srch, all, n, c->openers[o], NULL);
      c->most[cell] = 0; /* not measured: no tree is built */
      c->seconds[cell] = now_seconds() - t;
      if (search_stopped(srch)) break;
      c->done++;
      for (int s = c->exact_col + 1; s < c->nstrat; s++)
        if (c->strats[s].kind == STRAT_EXACT) {
          c->total[o * c->nstrat + s] = c->total[cell];
          c->seconds[o * c->nstrat + s] = 0;
          c->done++;
        }
    }
    search_free(srch);
  }
  free(all);
  c->wall = now_seconds() - t0;
}

void sim_compare_free(sim_compare *c) {
  free(c->total);
  free(c->most);
  free(c->seconds);
  c->total = c->most = NULL;
  c->seconds = NULL;
}

int sim_format_of(const char *path) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  const char *ext = strrchr(base, '.');
  if (ext && !strcmp(ext, ".md")) return SIM_MARKDOWN;
  if (ext && !strcmp(ext, ".csv")) return SIM_CSV;
  return -1;
}

/* Whether a cell is a strategy within the guess limit: a heuristic is
 * played with none, and one that needs more is no rival of the optimum
 * within it (it once showed "(+-0.16%)", as if it beat the optimum). */
static bool within_limit(const sim_compare *c, int cell) {
  return c->total[cell] < OPTLE_INF && (c->max_guesses <= 0 || c->most[cell] <= c->max_guesses);
}

/* Gap of a cell to the optimum in percent, exactly: *num / *den (printed
 * by ratio.h's rule, as the averages); false when there is none. */
static bool gap_of(const sim_compare *c, int o, int s, long long *num, long long *den) {
  if (c->exact_col < 0 || c->strats[s].kind == STRAT_EXACT) return false;
  int opt = c->total[o * c->nstrat + c->exact_col], t = c->total[o * c->nstrat + s];
  if (opt >= OPTLE_INF || !within_limit(c, o * c->nstrat + s)) return false;
  assert(t >= opt); /* a strategy within the limit never beats the optimum */
  *num = 100LL * (t - opt), *den = opt; /* in percent, exactly (ratio.h) */
  return true;
}

/* Whether every column of row o is a strategy within the limit. */
static bool row_whole(const sim_compare *c, int o) {
  for (int s = 0; s < c->nstrat; s++)
    if (!within_limit(c, o * c->nstrat + s)) return false;
  return true;
}

static void write_markdown(FILE *fp, const sim_compare *c, const game *g, const char *about) {
  int ns = c->nstrat;
  if (about) fprintf(fp, "%s\n\n", about);
  fprintf(fp, "| first guess |");
  for (int s = 0; s < ns; s++) fprintf(fp, " %s |", c->strats[s].name);
  fprintf(fp, "\n|---|");
  for (int s = 0; s < ns; s++) fprintf(fp, "---:|");
  fputc('\n', fp);
  /* The best first guess of each column is in bold (of its strategies
   * within the limit). */
  int *best = xmalloc(sizeof *best * (size_t)(ns ? ns : 1));
  for (int s = 0; s < ns; s++) {
    best[s] = OPTLE_INF;
    for (int o = 0; o < c->nopen; o++)
      if (within_limit(c, o * ns + s) && c->total[o * ns + s] < best[s])
        best[s] = c->total[o * ns + s];
  }
  for (int o = 0; o < c->nopen; o++) {
    fprintf(fp, "| %s |", g->guesses.w[c->openers[o]]);
    for (int s = 0; s < ns; s++) {
      int t = c->total[o * ns + s];
      if (t >= OPTLE_INF) {
        fprintf(fp, " none within %d |", c->max_guesses);
        continue;
      }
      const char *b = t == best[s] ? "**" : "";
      fprintf(fp, " %s%s%s", b, ratio4(t, c->n).s, b);
      long long gn, gd;
      if (gap_of(c, o, s, &gn, &gd)) {
        if (t == c->total[o * ns + c->exact_col]) fprintf(fp, " (optimal)");
        else fprintf(fp, " (%s%%)", ratio_fmt(gn, gd, 2, true).s);
      }
      if (c->max_guesses > 0 && c->most[o * ns + s] > c->max_guesses)
        fprintf(fp, " max %d", c->most[o * ns + s]);
      fprintf(fp, " |");
    }
    fputc('\n', fp);
  }
  /* Means over the rows, and the time each column took: over the rows
   * where every column is a strategy within the limit (each column over
   * the same first guesses, and the gaps too), named when some are not. */
  int rows = 0;
  for (int o = 0; o < c->nopen; o++) rows += row_whole(c, o);
  if (rows == c->nopen) fprintf(fp, "| mean |");
  else if (c->max_guesses > 0)
    fprintf(fp, "| mean of the %d row%s every column solves within %d |", rows,
            rows == 1 ? "" : "s", c->max_guesses);
  else fprintf(fp, "| mean of the %d row%s every column solves |", rows, rows == 1 ? "" : "s");
  for (int s = 0; s < ns; s++) {
    long long sum = 0; /* the rows' totals: the mean of their averages is sum / (n rows) */
    int kg = 0;
    for (int o = 0; o < c->nopen; o++) {
      long long gn, gd;
      kg += row_whole(c, o) && gap_of(c, o, s, &gn, &gd);
    }
    ratio_sum gmean = ratio_sum_zero(); /* the gaps' mean, exactly */
    for (int o = 0; o < c->nopen; o++) {
      if (!row_whole(c, o)) continue;
      long long gn, gd;
      sum += c->total[o * ns + s];
      if (gap_of(c, o, s, &gn, &gd)) ratio_sum_add(&gmean, gn, gd * kg);
    }
    if (rows) fprintf(fp, " %s", ratio4(sum, (long long)c->n * rows).s);
    else fprintf(fp, " –");
    if (kg) fprintf(fp, " (%s%%)", ratio_sum_fmt(&gmean, 2, true).s);
    fprintf(fp, " |");
  }
  fprintf(fp, "\n| time (s) |");
  for (int s = 0; s < ns; s++) {
    double sec = 0;
    for (int o = 0; o < c->nopen; o++) sec += c->seconds[o * ns + s];
    fprintf(fp, " %.2f |", sec);
  }
  fputc('\n', fp);
  free(best);
}

static void write_csv(FILE *fp, const sim_compare *c, const game *g) {
  int ns = c->nstrat;
  fprintf(fp, "first_guess");
  for (int s = 0; s < ns; s++) {
    const char *nm = c->strats[s].name;
    fprintf(fp, ",%s_total,%s_avg,%s_gap_pct,%s_most,%s_seconds", nm, nm, nm, nm, nm);
  }
  fputc('\n', fp);
  for (int o = 0; o < c->nopen; o++) {
    fprintf(fp, "%s", g->guesses.w[c->openers[o]]);
    for (int s = 0; s < ns; s++) {
      int cell = o * ns + s, t = c->total[cell];
      long long gn, gd;
      if (t >= OPTLE_INF) fprintf(fp, ",,");
      else fprintf(fp, ",%d,%s", t, ratio4(t, c->n).s);
      if (gap_of(c, o, s, &gn, &gd)) fprintf(fp, ",%s", ratio_fmt(gn, gd, 2, false).s);
      else fprintf(fp, c->strats[s].kind == STRAT_EXACT && t < OPTLE_INF ? ",0.00" : ",");
      if (c->most[cell] > 0) fprintf(fp, ",%d", c->most[cell]);
      else fprintf(fp, ",");
      fprintf(fp, ",%.3f", c->seconds[cell]);
    }
    fputc('\n', fp);
  }
}

int sim_compare_write(FILE *fp, const sim_compare *c, const game *g, sim_format f,
                      const char *about) {
  if (f == SIM_CSV) write_csv(fp, c, g);
  else write_markdown(fp, c, g, about);
  if (ferror(fp)) return err_set("write failed: %s", strerror(errno));
  return 0;
}
