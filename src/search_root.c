/*
 * search_root.c: the search's set-up and its root (search_impl.h): the
 * options, the per-thread contexts, the parallel root over candidate
 * first guesses (from the seed's bound), progress, stopping, and the
 * value-only entry points of search.h.  The proofs above it
 * (search_proof.c: search_solve()) call it; it calls none of them.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "search_impl.h"
#include "util.h"

void search_opts_default(search_opts *o) {
  memset(o, 0, sizeof *o);
  o->max_guesses = 6;
  o->threads = threads_default(); /* --threads, OMP_NUM_THREADS or the cores (mem.h) */
  o->memo_mb = 0; /* the list's default (memo_default_mb()), set by search_new() */
  o->seed = NULL; /* the caller's strategies supply one (strategy.h) */
  o->rules = RULES_NORMAL;
  o->objective = OBJ_TOTAL;
  o->probe_g = -1; /* the root proof's own picks */
}

search *search_new(const game *g, const search_opts *o) {
  search *s = xcalloc(1, sizeof *s);
  s->g = g;
  s->o = *o;
  if (s->o.threads < 1) s->o.threads = 1;
  if (s->o.memo_mb <= 0) s->o.memo_mb = memo_default_mb(g->n_answers, s->o.fixed_first);
  s->memo = memo_new((size_t)s->o.memo_mb << 20);
  if (!s->memo) {
    free(s);
    return NULL;
  }
  s->depth = o->max_guesses <= 0 ? UNLIMITED : o->max_guesses;
  s->nctx = s->o.threads;
  s->ctx = xaligned(sizeof *s->ctx * (size_t)s->nctx);
  memset(s->ctx, 0, sizeof *s->ctx * (size_t)s->nctx);
  uint32_t slots = 1024;
  while (slots < 2u * (uint32_t)g->n_guesses) slots *= 2;
  for (int i = 0; i < s->nctx; i++) {
    s->ctx[i].s = s;
    s->ctx[i].sig = xcalloc(slots, sizeof(sigslot));
    s->ctx[i].sigmask = slots - 1;
    s->ctx[i].rows = xmalloc(sizeof(uint8_t *) * (size_t)g->n_answers);
    s->ctx[i].rows2 = xmalloc(sizeof(uint8_t *) * (size_t)g->n_answers);
    s->ctx[i].isin = xcalloc((size_t)g->n_guesses + 64, 1); /* + a vector's tail */
    s->ctx[i].isin2 = xcalloc((size_t)g->n_guesses + 64, 1);
    s->ctx[i].b2sort = xmalloc(sizeof(cand) * (size_t)g->n_guesses);
    s->ctx[i].b2run = xmalloc(sizeof(int) * ((size_t)g->n_answers + 4));
    s->ctx[i].b2at = xmalloc(sizeof(int) * ((size_t)g->n_answers + 4));
    s->ctx[i].b2pat = xmalloc((size_t)g->n_answers);
    s->ctx[i].b2bits = xcalloc((size_t)g->n_guesses / 64 + 1, sizeof(uint64_t));
  }
  s->all = xmalloc(sizeof *s->all * (size_t)g->n_guesses);
  for (int i = 0; i < g->n_guesses; i++) s->all[i] = i;
  s->root_u = s->all;
  s->root_nu = g->n_guesses;
  s->root_rs = NULL;
  rstate_init(&s->rs0);
  if (rules_narrows(s->o.rules)) {
    s->rw = rules_words(g);
    srch_shown_init(s);
    for (int i = 0; i < s->nctx; i++)
      s->ctx[i].allowed = xmalloc(sizeof(uint64_t) * (size_t)(g->n_guesses / 64 + 2));
  }
  s->clogc = score_clogc_table();
  s->split_min = g->n_answers >= SPLIT_ALL_ANSWERS ? SPLIT_CLASS_MIN_ALL : SPLIT_CLASS_MIN;
  s->l3_min = g->n_answers >= SPLIT_ALL_ANSWERS ? L3_CLASS_MIN : 0;
  s->l2_first = g->n_answers >= SPLIT_ALL_ANSWERS && !s->rw ? L2_FIRST_ASK : 0;
  s->l1_min = L1_PASS_MIN;
  s->staged_min = STAGED_MIN;
  s->offer_depth = OFFER_DEPTH;
  s->feas_round = FEAS_ROUND_S;
  s->fbmix = xmalloc(sizeof *s->fbmix * (size_t)(g->n_answers ? g->n_answers : 1));
  for (uint64_t j = 0; j < (uint64_t)g->n_answers; j++)
    s->fbmix[j] = XXH3_64bits_withSeed(&j, sizeof j, 0x6f70746c65ull) | 1;
  s->seed_bound = INF;
  return s;
}

void search_free(search *s) {
  if (!s) return;
  for (int i = 0; i < s->nctx; i++) {
    for (int j = 0; j < s->ctx[i].nlv; j++) {
      free(s->ctx[i].lv[j]->cands);
      free(s->ctx[i].lv[j]->glist);
      free(s->ctx[i].lv[j]->part);
      free(s->ctx[i].lv[j]->krs);
      free(s->ctx[i].lv[j]->ulist);
      free(s->ctx[i].lv[j]->fx);
      free(s->ctx[i].lv[j]->fxg);
      free(s->ctx[i].lv[j]->fxgo);
      free(s->ctx[i].lv[j]->fxa);
      free(s->ctx[i].lv[j]->fxc);
      free(s->ctx[i].lv[j]->fxl);
      free(s->ctx[i].lv[j]->allowed);
      free(s->ctx[i].lv[j]);
    }
    free(s->ctx[i].lv);
    free(s->ctx[i].sig);
    free(s->ctx[i].rows);
    free(s->ctx[i].rows2);
    free(s->ctx[i].isin);
    free(s->ctx[i].isin2);
    free(s->ctx[i].b2sort);
    free(s->ctx[i].b2run);
    free(s->ctx[i].b2at);
    free(s->ctx[i].b2pat);
    free(s->ctx[i].b2bits);
    free(s->ctx[i].allowed);
    srch_bounds_sub_free(s->ctx[i].sub);
    srch_bounds_sub_free(s->ctx[i].sub3);
    free(s->ctx[i].subpos);
  }
  free(s->ctx);
  if (s->root_u != s->all) free(s->root_u);
  free(s->all);
  free(s->fbmix);
  free(s->rw);
  memo_free(s->memo);
  free(s);
}

int search_set_history(search *s, const int *guesses, const int *pats, int nh) {
  rstate_init(&s->rs0);
  for (int i = 0; i < nh; i++)
    if (s->rw) rstate_add(s->o.rules, &s->rs0, &s->rw[guesses[i]], pats[i]);
  s->root_rs = rstate_empty(&s->rs0) ? NULL : &s->rs0;
  if (s->root_u != s->all) free(s->root_u);
  s->root_u = s->all;
  s->root_nu = s->g->n_guesses;
  if (s->root_rs) {
    s->root_u = xmalloc(sizeof *s->root_u * (size_t)s->g->n_guesses);
    s->root_nu = 0;
    for (int g = 0; g < s->g->n_guesses; g++)
      if (rstate_allows(s->root_rs, &s->rw[g])) s->root_u[s->root_nu++] = g;
  }
  assert(s->root_nu >= 0 && s->root_nu <= s->g->n_guesses);
  return s->root_nu;
}

/* ------------------------------------------------------------------ */
/* Progress (search.h, search_impl.h srch_phase()).                     */

/* Seconds as people read them: "42 s", "7 min", "2.5 h". */
static void say_seconds(char *b, size_t n, double sec) {
  long t = sec < 0 ? 0 : (long)(sec + 0.5);
  if (t < 100) snprintf(b, n, "%ld s", t);
  else if (t < 6000) snprintf(b, n, "%ld min", (t + 30) / 60);
  else snprintf(b, n, "%.1f h", t / 3600.0);
}

/* The line, in plain words: the root proof's first guesses settled and
 * the best total so far; the step running, its count and its ETA; the
 * time so far.  brief 1 leaves out the time, 2 the step's words too (a
 * narrow terminal). */
static void progress_text(search *s, char *b, size_t n, int done, int total, const char *unit,
                          int brief) {
  sprogress *pg = &s->pg;
  size_t k = 0;
  double t = now_seconds();
#define ADD(...) (k += k < n ? (size_t)snprintf(b + k, n - k, __VA_ARGS__) : 0)
  if (pg->of > 0) {
    ADD("%d of %d first guesses settled", atomic_load(&pg->settled), pg->of);
    if (pg->best < INF && pg->best_g >= 0)
      ADD(", best %s %d", s->g->guesses.w[pg->best_g], pg->best);
    else if (pg->best < INF)
      ADD(", best %d (greedy)", pg->best);
    ADD(brief < 2 ? "; " : "");
  }
  if (brief < 2) {
    ADD("%s", pg->phase);
    if (total > 0 && unit) ADD(", %d of %d %s", done, total, unit);
    else if (total > 0) ADD(", %d%%", (int)(100.0 * done / total));
  }
  char tb[32];
  if (total > 0 && done > 0 && done < total) {
    say_seconds(tb, sizeof tb, (t - pg->t_phase) / done * (total - done));
    ADD(", ETA %s", tb);
  }
  say_seconds(tb, sizeof tb, t - s->t0);
  if (brief < 1) ADD("; %s", tb);
#undef ADD
  if (k >= n) b[n - 1] = '\0';
}

/* Write the line: on a terminal over the last one (the most that fits
 * its width, padded over what is left of the last); else as a plain
 * line. */
static void progress_write(search *s, int done, int total, const char *unit, bool force) {
  sprogress *pg = &s->pg;
  double t = now_seconds(), run = t - s->t0;
  if (s->o.progress == SEARCH_PROGRESS_LINES) {
    /* The root proof's steps only: the rest is quick, or says enough
     * when it ends. */
    if (pg->of <= 0 || run < PROGRESS_LINES_AFTER || !(force || run >= 2 * pg->last)) return;
    pg->last = run;
  } else {
    if (!force && t - pg->last < PROGRESS_INTERVAL) return;
    pg->last = t;
  }
  char b[512];
  if (s->o.progress == SEARCH_PROGRESS_LINES) {
    progress_text(s, b, sizeof b, done, total, unit, 0);
    fprintf(stderr, "optle: %s\n", b);
  } else {
    int cols = stderr_cols(), len = 0;
    for (int brief = 0; brief <= 2; brief++) {
      progress_text(s, b, sizeof b, done, total, unit, brief);
      if ((len = (int)strlen(b)) < cols) break;
    }
    if (len > cols - 1) b[len = cols - 1] = '\0';
    fprintf(stderr, "\r%s%*s", b, pg->shown > len ? pg->shown - len : 0, "");
    pg->shown = len;
  }
  fflush(stderr);
}

static bool progress_on(const search *s) {
  return (s->o.progress != SEARCH_PROGRESS_OFF || s->o.on_progress) && s->pg.quiet == 0;
}

/* The caller's hook (search_opts.on_progress), in the critical section. */
static void progress_hook(search *s, int done, int total, const char *unit) {
  if (!s->o.on_progress) return;
  sprogress *pg = &s->pg;
  search_progress p = {pg->phase, done, total, unit, pg->of > 0 ? atomic_load(&pg->settled) : 0,
                       pg->of > 0 ? pg->of : 0, pg->best, pg->best_g, now_seconds() - s->t0};
  s->o.on_progress(s->o.progress_arg, &p);
}

void srch_phase(search *s, const char *fmt, ...) {
  if (!progress_on(s)) return;
  va_list ap;
  va_start(ap, fmt);
#pragma omp critical(search_progress)
  {
    vsnprintf(s->pg.phase, sizeof s->pg.phase, fmt, ap);
    s->pg.t_phase = now_seconds();
    if (s->o.progress != SEARCH_PROGRESS_OFF) progress_write(s, 0, 0, NULL, true);
    progress_hook(s, 0, 0, NULL);
  }
  va_end(ap);
}

void srch_progress(search *s, int done, int total, const char *unit, int best, int best_g) {
  if (!progress_on(s)) return;
#pragma omp critical(search_progress)
  {
    if (done == PROGRESS_SETTLED) done = atomic_load(&s->pg.settled);
    if (best < INF) s->pg.best = best, s->pg.best_g = best_g;
    if (s->o.progress != SEARCH_PROGRESS_OFF) progress_write(s, done, total, unit, false);
    progress_hook(s, done, total, unit);
  }
}

void srch_progress_end(search *s) {
  if (s->o.progress != SEARCH_PROGRESS_TERMINAL || !s->pg.shown) return;
  fprintf(stderr, "\r%*s\r", s->pg.shown, "");
  fflush(stderr);
  s->pg.shown = 0;
}

/* Greedy seed for a set: its total plus one is a safe first beta. */
int srch_seed_beta(search *s, const uint16_t *A, int n, int d, const int *U, int nu) {
  if (!s->o.seed || n < MEMO_MIN_SET || stopped(s)) return INF;
  /* Every thread, unless called from one of the search's parallel loops
   * (a class's seed in small_classes()). */
  int threads = omp_in_parallel() ? 1 : s->o.threads;
  int ub = s->rw ? s->o.seed(s->g, A, n, d, s->o.rules, U, nu, threads)
                 : s->o.seed(s->g, A, n, d, RULES_NORMAL, NULL, 0, threads);
  assert(ub >= set_floor(s, n)); /* a strategy's total: at least the floor */
  return ub < INF ? ub + 1 : INF;
}

/* The root without a fixed guess: candidates split across threads, all
 * sharing the best total found, starting from the seed's bound.  Returns
 * T_d(A). */
int srch_root(search *s, const uint16_t *A, int n, int d, const int *U, int nu,
              const rstate *rs, bool top) {
  int beta = srch_seed_beta(s, A, n, d, U, nu);
  if (top) s->seed_bound = beta < INF ? beta - 1 : INF;
  int v = srch_root_window(s, A, n, d, beta, U, nu, rs);
  /* Nothing beat beta: with a finite seed that cannot happen (the seed's
   * own tree is within it); with beta = INF no strategy fits. */
  return v < beta ? v : INF;
}

/* A stop before any first guess was settled: only the bound every set
 * of n answers has remains (s->part, which search_stopped() reports). */
static int root_stopped(search *s, int n, int nu) {
  s->part = (search_partial){true, set_floor(s, n), INF, -1, 0, nu, false, 0, 0};
  return INF;
}

/* The parallel root within a window, with srch_solve()'s contract:
 * T_d(A) when it is below beta, else a proven lower bound >= beta. */
int srch_root_window(search *s, const uint16_t *A, int n, int d, int beta, const int *U, int nu,
                     const rstate *rs) {
  ctx *c0 = &s->ctx[0];
  if (n <= 3 || d <= 1) {
    int v = srch_solve(c0, A, n, d, beta, 0, U, nu, rs);
    /* Stopped, its INF is no proof that nothing fits: a stop, as below. */
    if (stopped(s)) return root_stopped(s, n, nu);
    return v;
  }
  level *L = srch_level(c0, 0);
  int failmin = INF;
  scan_result r;
  int nc = srch_scan(c0, L, A, n, d, beta, U, nu, &failmin, NULL, &r);
  /* A partial scan proves nothing about the guesses it did not reach. */
  if (stopped(s)) return root_stopped(s, n, nu);
  cand *cands = xmalloc(sizeof *cands * (size_t)(nc ? nc : 1));
  memcpy(cands, L->cands, sizeof *cands * (size_t)nc);
  qsort(cands, (size_t)nc, sizeof *cands, cand_cmp);
  srch_phase(s, "trying the first guesses");
  atomic_int best;
  atomic_init(&best, beta);
  int done = 0, best_g = -1;
  /* What each candidate proved, for a report if the search is stopped:
   * its exact total or a bound (its static bound if it never ran). */
  int *proved = xmalloc(sizeof *proved * (size_t)(nc ? nc : 1));
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads)
  for (int i = 0; i < nc; i++) {
    ctx *c = my_ctx(s);
    int b = atomic_load(&best);
    proved[i] = cands[i].lb;
    if (stopped(s)) continue;
    if (cands[i].lb < b) {
      int v = srch_eval_guess(c, A, n, d, cands[i].g, cands[i].lb, b, &best, 1, L->glist, L->ng, rs);
      /* After a stop a node may return the best total it had found as if
       * exact: an achieved total, but no longer a lower bound. */
      if (!stopped(s)) proved[i] = v;
#pragma omp critical(search_root_best)
      {
        if (v < atomic_load(&best)) {
          atomic_store(&best, v);
          best_g = cands[i].g;
        }
      }
    } else {
      c->st.cut_static++;
    }
    int now;
#pragma omp atomic capture
    now = ++done;
    srch_progress(s, now, nc, "tried", INF, -1);
  }
  int v = atomic_load(&best);
  if (stopped(s)) {
    int lb = failmin; /* guesses the scan already cut by beta */
    for (int i = 0; i < nc; i++) lb = imin(lb, proved[i]);
    s->part = (search_partial){true, imin(lb, v), v < beta ? v : INF, best_g, done, nc, false, 0, 0};
    v = INF;
  } else if (v >= beta) {
    /* Fail high: every guess was cut by a bound >= beta, or evaluated to
     * one; the least of them is proven. */
    v = failmin;
    for (int i = 0; i < nc; i++) v = imin(v, proved[i]);
    assert(v >= beta);
  }
  free(proved);
  free(cands);
  return v;
}

void search_set_max_guesses(search *s, int max_guesses) {
  s->o.max_guesses = max_guesses;
  s->depth = max_guesses <= 0 ? UNLIMITED : max_guesses;
}

/* Every public entry point starts here: the clock, no stop report. */
void srch_begin(search *s) {
  s->t0 = now_seconds();
  s->pg.last = 0;
  s->pg.of = 0;
  s->pg.best = INF;
  s->pg.best_g = -1;
  atomic_store(&s->pg.settled, 0);
  s->part = (search_partial){0};
}

double srch_probe_budget(const search *s, int round) {
  if (round >= PROBE_ROUNDS) return 0;
  double b = s->o.probe_budget > 0 ? s->o.probe_budget : PROBE_BUDGET_S;
  for (int r = 0; r < round; r++) b *= PROBE_GROWTH;
  return b;
}

/* Every value-only entry point ends here: a stop makes its INF a "don't
 * know", which search_stopped() reports. */
int srch_finish(search *s, int v) {
  srch_progress_end(s);
  if (stopped(s)) {
    s->part = (search_partial){true, 0, INF, -1, 0, 0, false, 0, 0};
    return INF;
  }
  return v;
}

int search_value(search *s, const uint16_t *A, int n, int depth) {
  if (n <= 0) return 0;
  srch_begin(s);
  int v = srch_solve(&s->ctx[0], A, n, depth > 0 ? depth : s->depth, INF, 0, s->root_u, s->root_nu,
                     s->root_rs);
  return srch_finish(s, v);
}

int search_value_window(search *s, const uint16_t *A, int n, int depth, int beta, bool *exact) {
  *exact = true;
  if (n <= 0) return 0;
  srch_begin(s);
  int d = depth > 0 ? depth : s->depth;
  if (beta > INF) beta = INF; /* values stop at INF: beta = INF asks for them all */
  int v = s->o.threads > 1
              ? srch_root_window(s, A, n, d, beta, s->root_u, s->root_nu, s->root_rs)
              : srch_solve(&s->ctx[0], A, n, d, beta, 0, s->root_u, s->root_nu, s->root_rs);
  v = srch_finish(s, v);
  /* A bound of INF is exact: no strategy fits the limit. */
  *exact = !s->part.stopped && (v < beta || v >= INF);
  return v;
}

memo *search_memo(search *s) { return s->memo; }

void search_get_stats(const search *s, search_stats *out) {
  memset(out, 0, sizeof *out);
  for (int i = 0; i < s->nctx; i++) {
#define X(name, doc) out->name += s->ctx[i].st.name;
    SEARCH_STATS(X)
#undef X
  }
  memo_stats ms;
  memo_get_stats(s->memo, &ms);
  out->memo_stores = ms.stores;
  out->memo_evictions = ms.evictions;
  out->memo_bytes = ms.bytes_used;
}

int search_seed_bound(const search *s) { return s->seed_bound; }

const char *search_bounds_kernel(void) { return srch_bounds_kernel(); }
int search_check_kernel(void) { return kernel_check_env(); }

const search_root_stats *search_root_report(const search *s) {
  return s->root.openers ? &s->root : NULL;
}

const search_partial *search_stopped(const search *s) {
  return s->part.stopped ? &s->part : NULL;
}

void search_times(const search *s, double *values, double *tree) {
  *values = s->t_values;
  *tree = s->t_tree;
}
