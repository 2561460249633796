/*
 * api_search.c: the public API's calls that search (optle.h): solve,
 * next-guess advice and the ranking of first guesses, and the monitor
 * that runs beside each of them.
 *
 * One search at a time.  Stopping is the process's (clock.h: one flag,
 * which every search reads), so the calls that search take api.c's run
 * lock for their whole run (api_run_begin(), which clears the flag), and
 * optle_stop() raises it.
 *
 * The monitor.  When a call has a progress callback or a time limit, a
 * helper thread runs beside the search: it wakes every progress_interval
 * seconds (and at the deadline), calls the callback with the latest
 * report the search gave (search_opts.on_progress, copied under the
 * monitor's mutex) and raises the stop flag when the callback asks or
 * the time is up.  So the callback runs on one thread, never twice at
 * once and never inside the search's parallel regions, and the time
 * limit needs no signal (the CLI's uses SIGALRM: a library must not take
 * a process's signals).
 */
#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "advice.h"
#include "api_impl.h"
#include "clock.h"
#include "history.h"
#include "mem.h"
#include "memo.h"
#include "score.h"
#include "search.h"
#include "strategy.h"
#include "tuning.h"
#include "words.h"

/* ------------------------------------------------------------------ */
/* The monitor                                                          */

typedef struct {
  optle_progress_fn fn;
  void *arg;
  double interval, limit, t0;
  const game *g;
  pthread_t th;
  bool running;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  bool done;
  /* The latest report (under mu). */
  char phase[96];
  int settled, of, ndone, ntotal, best, best_g;
} monitor;

void optle_stop(void) { stop_request(); }

/* search_opts.on_progress: the report, kept for the next call. */
static void monitor_hook(void *arg, const search_progress *p) {
  monitor *m = arg;
  pthread_mutex_lock(&m->mu);
  snprintf(m->phase, sizeof m->phase, "%s", p->phase ? p->phase : "");
  m->settled = p->settled;
  m->of = p->of;
  m->ndone = p->done;
  m->ntotal = p->total;
  if (p->best < OPTLE_INF) m->best = p->best, m->best_g = p->best_g;
  pthread_mutex_unlock(&m->mu);
}

/* Longer than this is for ever: a time limit or an interval beyond it
 * (infinity, 1e300) would put the deadline past time_t's range, where a
 * timed wait returns at once, for ever (clock.c caps its budgets alike). */
#define MONITOR_MAX_SECONDS 1e9

static struct timespec deadline_of(double t) {
  assert(t >= 0 && t < 2 * MONITOR_MAX_SECONDS + OPTLE_INF);
  return clock_deadline(t);
}

/* Set on the monitor's thread while it runs the callback: a search
 * started from there would wait for ever on the lock its own caller's
 * search holds, which waits to join this thread (check_common()). */
static _Thread_local bool in_callback;

static void *monitor_main(void *arg) {
  monitor *m = arg;
  double next = m->fn ? m->t0 + m->interval : OPTLE_INF;
  double end = m->limit > 0 ? m->t0 + m->limit : OPTLE_INF;
  pthread_mutex_lock(&m->mu);
  while (!m->done) {
    struct timespec ts = deadline_of(next < end ? next : end);
    pthread_cond_timedwait(&m->cv, &m->mu, &ts);
    if (m->done) break;
    double t = now_seconds();
    if (t >= end) {
      stop_request();
      end = OPTLE_INF;
    }
    if (stop_requested()) { /* a stop asked for: no more calls, no more waking */
      next = end = OPTLE_INF;
      continue;
    }
    if (t < next) continue;
    next = t + m->interval;
    optle_progress p = {t - m->t0, "", m->settled, m->of, m->ndone, m->ntotal,
                        m->best < OPTLE_INF ? m->best : -1, NULL};
    char phase[sizeof m->phase];
    memcpy(phase, m->phase, sizeof phase);
    p.phase = phase;
    if (m->best < OPTLE_INF && m->best_g >= 0) p.best_first = m->g->guesses.w[m->best_g];
    pthread_mutex_unlock(&m->mu);
    in_callback = true;
    if (m->fn(&p, m->arg)) stop_request();
    in_callback = false;
    pthread_mutex_lock(&m->mu);
  }
  pthread_mutex_unlock(&m->mu);
  return NULL;
}

/* Begin a call that searches: the lock, a clear stop flag, and the
 * monitor when there is a callback or a time limit.  OPTLE_OK, or
 * OPTLE_ENOMEM with nothing begun when the monitor's thread cannot be
 * started (the system's thread limit): never a search whose time limit
 * or callback silently does not run. */
static int monitor_start(monitor *m, const game *g, optle_progress_fn fn, void *arg,
                         double interval, double limit) {
  memset(m, 0, sizeof *m);
  m->fn = fn;
  m->arg = arg;
  m->interval = interval > 0 ? fmin(interval, MONITOR_MAX_SECONDS) : 0.25;
  m->limit = fmin(limit, MONITOR_MAX_SECONDS);
  m->g = g;
  m->best = OPTLE_INF;
  m->best_g = -1;
  api_run_begin();
  m->t0 = now_seconds();
  pthread_mutex_init(&m->mu, NULL);
  int e = clock_cond_init(&m->cv);
  if (e) {
    pthread_mutex_destroy(&m->mu);
    api_run_end();
    return api_fail(OPTLE_ENOMEM, "cannot set up the %s's clock: %s",
                    fn ? "progress callback" : "time limit", strerror(e));
  }
  if (!(fn || limit > 0)) return OPTLE_OK;
  e = pthread_create(&m->th, NULL, monitor_main, m);
  m->running = !e;
  if (!e) return OPTLE_OK;
  pthread_cond_destroy(&m->cv);
  pthread_mutex_destroy(&m->mu);
  api_run_end();
  return api_fail(OPTLE_ENOMEM, "cannot start the thread that keeps the %s: %s",
                  fn ? "progress callback" : "time limit", strerror(e));
}

/* End it: the monitor joined, the lock released.  Whether it stopped. */
static bool monitor_end(monitor *m) {
  if (m->running) {
    pthread_mutex_lock(&m->mu);
    m->done = true;
    pthread_cond_signal(&m->cv);
    pthread_mutex_unlock(&m->mu);
    pthread_join(m->th, NULL);
    m->running = false;
  }
  bool stopped = stop_requested();
  pthread_cond_destroy(&m->cv);
  pthread_mutex_destroy(&m->mu);
  api_run_end();
  return stopped;
}

static int threads_of(int threads) { return threads > 0 ? threads : threads_default(); }

/* The options a call was given, or the defaults (a NULL or an older,
 * shorter struct: its size says which fields it has).  Size 0 is a
 * struct its _init() never set up (= {0}: a rank's cutoff 0, not -1),
 * refused by opts_unset() first, as is any size no version has
 * (opts_size_ok()). */
#define OPTS_COPY(type, init, o, use)                                          \
  do {                                                                         \
    init(&(use));                                                              \
    if (o) memcpy(&(use), (o), (o)->size < sizeof(use) ? (o)->size : sizeof(use)); \
    (use).size = sizeof(use);                                                  \
  } while (0)

/* The least size a caller's options may have: API 1's layout, the first
 * published (a later version adds fields at the end, so its structs are
 * larger, never smaller).  A size below it is a struct its _init() never
 * set up (0: = {0}, a rank's cutoff 0, not -1) or garbage, which copied
 * would cut a pointer in half.  Each struct of API 1 ends with its
 * progress_interval. */
#define OPTS_V1(type) (offsetof(type, progress_interval) + sizeof(double))

/* A size some version's struct has: API 1's (up to 0.10.0), or today's
 * and later ones' (after 0.10.0 solve's and rank's gained `probe`;
 * next's is as it was).  One between the two would copy half a pointer,
 * and is refused like one below. */
static bool opts_size_ok(size_t size, size_t v1, size_t now) {
  return size == v1 || size >= now;
}

static int opts_unset(size_t size, const char *init) {
  if (!size) return api_fail(OPTLE_EINPUT, "options of size 0: set them up with %s() first", init);
  return api_fail(OPTLE_EINPUT, "options of size %zu: not the size of any version's options "
                  "(set them up with %s())", size, init);
}

static int check_common(int threads, int memo_mb, double time_limit, double interval) {
  if (in_callback)
    return api_fail(OPTLE_EINPUT, "a progress callback cannot start a search (the search that "
                                  "called it holds the library until it ends)");
  if (threads < 0 || threads > OPTLE_THREADS_MAX)
    return api_fail(OPTLE_EINPUT, "--threads: %d is out of range (0 for the default, 1 to %d)",
                    threads, OPTLE_THREADS_MAX);
  if (memo_mb < 0 || memo_mb > (1 << 20))
    return api_fail(OPTLE_EINPUT, "--memo-mb: %d is out of range (0 for the default, 1 to %d)",
                    memo_mb, 1 << 20);
  if (!(time_limit >= 0) || !(interval >= 0))
    return api_fail(OPTLE_EINPUT, "a time limit and a progress interval are seconds, 0 or more");
  return OPTLE_OK;
}

/* ------------------------------------------------------------------ */
/* Solve                                                                */

void optle_solve_opts_init(optle_solve_opts *o) {
  memset(o, 0, sizeof *o);
  o->size = sizeof *o;
  o->progress_interval = 0.25;
}

typedef struct {
  optle_game *G;
  optle_solve_opts o;
  monitor *m;
  int first, probe; /* -1: none */
  objective obj;
  search *s;
  uint16_t *all;
  tnode *tree;
  optle_result *out;
  bool value_proven; /* stopped after the proof, before the tree */
} solve_args;

/* No strategy within the guess limit: the CLI's message. */
static int no_strategy(const optle_game *G, int first) {
  char f[64] = "";
  int limit = G->max_guesses;
  if (first >= 0) snprintf(f, sizeof f, " starting with '%s'", G->g.guesses.w[first]);
  return api_fail(OPTLE_EFAIL, "%s%s: no strategy%s solves every answer within %d %s",
                  G->g.words_given ? "" : "list ", G->about, f, limit,
                  limit == 1 ? "guess" : "guesses");
}

/* The search the options ask for (strategy.h's set-up), or NULL with
 * the CLI's message when its memo cannot be reserved. */
static search *search_make(const optle_game *G, int threads, int memo_mb, bool fixed_first,
                           int probe_g, monitor *m) {
  search_opts so;
  strategy_search_opts(&so);
  so.max_guesses = G->max_guesses;
  so.threads = threads_of(threads);
  so.memo_mb = memo_mb;
  so.fixed_first = fixed_first;
  so.probe_g = probe_g;
  so.progress = SEARCH_PROGRESS_OFF;
  so.rules = G->rules;
  so.on_progress = monitor_hook;
  so.progress_arg = m;
  search *s = search_new(&G->g, &so);
  if (!s)
    err_set("out of memory: cannot reserve %d MiB for the memo: give a smaller memo_mb (the "
            "default is %d for these lists), or raise the limit (ulimit -v)",
            memo_mb > 0 ? memo_mb : memo_default_mb(G->g.n_answers, fixed_first),
            memo_default_mb(G->g.n_answers, fixed_first));
  return s;
}

/* A stopped solve's result: what search_stopped() says was proven, and
 * the best tree the search had (checked), if any.  A tree's total is
 * its own (the root proof's probe may have another first guess than the
 * optimum's), and the tree is never marked proven; without one, the
 * total is the optimum when the proof had finished (proven), else the
 * best strategy's found: an exact search's, or else the greedy seed's. */
static optle_result *stopped_result(solve_args *a, const search_partial *p) {
  optle_result *r = api_result_new(a->G, a->tree);
  a->tree = NULL;
  r->obj = a->obj;
  r->lower_bound = p->lower_bound < OPTLE_INF ? p->lower_bound : -1;
  a->value_proven = p->value_proven;
  r->proven = p->value_proven && !r->tree;
  int seed = search_seed_bound(a->s); /* the greedy strategy's, as the CLI's "best found" */
  if (!r->tree) r->total = p->value_proven        ? p->lower_bound
                           : p->best_found < OPTLE_INF ? p->best_found
                           : seed < OPTLE_INF          ? seed
                                                       : -1;
  assert(!r->proven || r->total == r->lower_bound);
  return r;
}

static int solve_fn(void *arg) {
  solve_args *a = arg;
  optle_game *G = a->G;
  const game *g = &G->g;
  if (api_game_table(G)) { /* stopped while building the table */
    a->out = api_result_new(G, NULL);
    return OPTLE_ESTOPPED;
  }
  int n = g->n_answers;
  if (!(a->s = search_make(G, a->o.threads, a->o.memo_mb, a->first >= 0, a->probe, a->m)))
    return OPTLE_ENOMEM;
  a->all = xmalloc(sizeof *a->all * (size_t)n);
  for (int i = 0; i < n; i++) a->all[i] = (uint16_t)i;
  /* The CLI's solve_tree(): --objective worst first finds the least
   * depth, then the least total within it. */
  int total = OPTLE_INF, worst = 0;
  if (a->obj == OBJ_WORST) {
    worst = search_least_depth(a->s, a->all, n, a->first, G->max_guesses);
    if (worst > 0) search_set_max_guesses(a->s, worst);
  }
  if (worst >= 0 && !(a->obj == OBJ_WORST && worst == 0))
    total = search_solve(a->s, a->all, n, a->first, &a->tree);
  const search_partial *stop = search_stopped(a->s);
  if (stop) {
    if (a->tree && tree_check(a->tree, g, a->all, n, G->max_guesses))
      return api_fail(OPTLE_ENOMEM, "internal error: the tree fails its check: %s", err_msg());
    a->out = stopped_result(a, stop);
    return OPTLE_ESTOPPED;
  }
  if (total >= OPTLE_INF) return no_strategy(G, a->first);
  if (tree_check(a->tree, g, a->all, n, G->max_guesses))
    return api_fail(OPTLE_ENOMEM, "internal error: the tree fails its check: %s", err_msg());
  optle_result *r = api_result_new(G, a->tree);
  a->tree = NULL;
  r->obj = a->obj;
  r->proven = true;
  r->lower_bound = r->total;
  a->out = r;
  return OPTLE_OK;
}

int optle_solve(optle_game *G, const optle_solve_opts *o, optle_result **out) {
  if (!out) return api_fail(OPTLE_EINPUT, "no place for the result (out is NULL)");
  *out = NULL;
  if (!G) return api_fail(OPTLE_EINPUT, "no game");
  if (o && !opts_size_ok(o->size, OPTS_V1(optle_solve_opts), sizeof *o))
    return opts_unset(o->size, "optle_solve_opts_init");
  solve_args a = {.G = G, .first = -1, .probe = -1};
  OPTS_COPY(optle_solve_opts, optle_solve_opts_init, o, a.o);
  int rc = check_common(a.o.threads, a.o.memo_mb, a.o.time_limit, a.o.progress_interval);
  if (rc) return rc;
  if (a.o.first && (a.first = api_word(G, "--first", a.o.first)) < 0) return OPTLE_EINPUT;
  if (a.o.probe && a.o.first)
    return api_fail(OPTLE_EINPUT, "--probe is the root proof's: with --first there is none");
  if (a.o.probe && (a.probe = api_word(G, "--probe", a.o.probe)) < 0) return OPTLE_EINPUT;
  if (a.o.objective && objective_parse(a.o.objective, &a.obj))
    return api_fail(OPTLE_EINPUT, "--objective '%s': use total or worst", a.o.objective);
  monitor m;
  a.m = &m;
  if ((rc = monitor_start(&m, &G->g, a.o.progress, a.o.progress_arg, a.o.progress_interval,
                          a.o.time_limit)))
    return rc;
  rc = api_trapped(solve_fn, &a);
  monitor_end(&m);
  if (a.out) a.out->seconds = now_seconds() - m.t0;
  tree_free(a.tree);
  free(a.all);
  search_free(a.s);
  if (rc && rc != OPTLE_ESTOPPED) {
    optle_result_free(a.out);
    return rc;
  }
  *out = a.out;
  if (rc == OPTLE_ESTOPPED)
    api_fail(OPTLE_ESTOPPED, "stopped after %.1f s, %s", a.out->seconds,
             a.value_proven ? "after the proof, before the tree was finished: the optimum, the "
                              "lower bound, is proven"
                            : "before the proof finished");
  return rc;
}

/* ------------------------------------------------------------------ */
/* Advice                                                               */

#define NEXT_MAX_STEPS 64

struct optle_advice {
  optle_game *game;
  bool solved;
  int n, made, left;
  uint16_t *set;
  advice ad;
};

void optle_next_opts_init(optle_next_opts *o) {
  memset(o, 0, sizeof *o);
  o->size = sizeof *o;
  o->top = 5;
  o->progress_interval = 0.25;
}

typedef struct {
  optle_game *G;
  const char *const *history;
  int nsteps;
  optle_next_opts o;
  monitor *m;
  advisor *adv;
  optle_advice *out;
} next_args;

static int next_fn(void *arg) {
  next_args *a = arg;
  optle_game *G = a->G;
  const game *g = &G->g;
  if (api_game_table(G)) return api_fail(OPTLE_ESTOPPED, "%s", err_msg());
  hstep h[NEXT_MAX_STEPS];
  int k = 0;
  if (history_parse_args(g, a->history, a->nsteps, "history", NULL, h, NEXT_MAX_STEPS, &k))
    return OPTLE_EINPUT;
  if (G->max_guesses && k > G->max_guesses)
    return api_fail(OPTLE_EINPUT, "%d guesses given, more than --max-guesses %d", k,
                    G->max_guesses);
  if (history_check_rules(g, G->rules, h, k)) return OPTLE_EINPUT;
  optle_advice *r = xcalloc(1, sizeof *r);
  r->game = api_game_ref(G);
  r->made = k;
  r->set = xmalloc(sizeof *r->set * (size_t)g->n_answers);
  r->ad.best = -1;
  a->out = r;
  if (history_filter(g, h, k, r->set, &r->n, NULL)) return OPTLE_EINPUT;
  if (k && history_won(h[k - 1])) {
    r->solved = true;
    r->left = G->max_guesses ? G->max_guesses - k : 0; /* unused, as the advice would */
    return OPTLE_OK;
  }
  advisor_opts ao = {G->max_guesses, threads_of(a->o.threads), a->o.memo_mb, NULL, NULL, NULL,
                     G->rules, a->o.prove != 0};
  a->adv = advisor_new(g, &ao);
  int rc = advice_at(a->adv, r->set, r->n, h, k, a->o.top, &r->ad);
  if (rc == EXIT_STOPPED) return api_fail(OPTLE_ESTOPPED, "stopped before the advice was proven");
  if (rc) return OPTLE_EINPUT; /* err_msg() says why */
  r->left = r->ad.left;
  if (r->ad.best >= 0) return OPTLE_OK;
  char why[160];
  advice_unsolved(why, sizeof why, G->max_guesses, r->ad.left, r->n);
  return api_fail(OPTLE_EFAIL, "%s", why);
}

int optle_next(optle_game *G, const char *const *history, int nsteps, const optle_next_opts *o,
               optle_advice **out) {
  if (!out) return api_fail(OPTLE_EINPUT, "no place for the advice (out is NULL)");
  *out = NULL;
  if (!G) return api_fail(OPTLE_EINPUT, "no game");
  if (nsteps < 0 || (nsteps && !history)) return api_fail(OPTLE_EINPUT, "no history");
  for (int i = 0; i < nsteps; i++)
    if (!history[i]) return api_fail(OPTLE_EINPUT, "history step %d is NULL", i + 1);
  if (nsteps > 2 * NEXT_MAX_STEPS)
    return api_fail(OPTLE_EINPUT, "too many history words: at most %d steps", NEXT_MAX_STEPS);
  if (o && !opts_size_ok(o->size, OPTS_V1(optle_next_opts), sizeof *o))
    return opts_unset(o->size, "optle_next_opts_init");
  next_args a = {.G = G, .history = history, .nsteps = nsteps};
  OPTS_COPY(optle_next_opts, optle_next_opts_init, o, a.o);
  int rc = check_common(a.o.threads, a.o.memo_mb, a.o.time_limit, a.o.progress_interval);
  if (rc) return rc;
  if (a.o.top < 0 || a.o.top > ADVICE_TOP_MAX)
    return api_fail(OPTLE_EINPUT, "--top: %d is out of range (0 to %d)", a.o.top, ADVICE_TOP_MAX);
  monitor m;
  a.m = &m;
  if ((rc = monitor_start(&m, &G->g, a.o.progress, a.o.progress_arg, a.o.progress_interval,
                          a.o.time_limit)))
    return rc;
  rc = api_trapped(next_fn, &a);
  monitor_end(&m);
  advisor_free(a.adv);
  if (rc) {
    optle_advice_free(a.out);
    return rc;
  }
  *out = a.out;
  return OPTLE_OK;
}

void optle_advice_free(optle_advice *r) {
  if (!r) return;
  free(r->set);
  optle_game_free(r->game);
  free(r);
}

static const char *guess_word(const optle_advice *r, int g) {
  return g >= 0 ? r->game->g.guesses.w[g] : NULL;
}
int optle_advice_solved(const optle_advice *r) { return r && r->solved; }
int optle_advice_answers(const optle_advice *r) { return r ? r->n : 0; }
const char *optle_advice_answer(const optle_advice *r, int i) {
  return r && i >= 0 && i < r->n ? r->game->g.answers.w[r->set[i]] : NULL;
}
int optle_advice_made(const optle_advice *r) { return r ? r->made : 0; }
int optle_advice_left(const optle_advice *r) { return r ? r->left : 0; }
const char *optle_advice_guess(const optle_advice *r) {
  return r && !r->solved ? guess_word(r, r->ad.best) : NULL;
}
int optle_advice_total(const optle_advice *r) {
  return r && !r->solved && r->ad.best >= 0 && r->ad.total < OPTLE_INF ? r->ad.total : -1;
}
const char *optle_advice_source(const optle_advice *r) {
  if (!r || r->solved) return "";
  return r->ad.source == ADV_OPENER ? "opener" : r->ad.source == ADV_TREE ? "tree" : "search";
}
int optle_advice_ranked(const optle_advice *r) {
  return r && !r->solved && r->ad.ranked ? r->ad.listed : 0;
}
const char *optle_advice_rank_guess(const optle_advice *r, int i) {
  return i >= 0 && i < optle_advice_ranked(r) ? guess_word(r, r->ad.top[i].guess) : NULL;
}
int optle_advice_rank_total(const optle_advice *r, int i) {
  return i >= 0 && i < optle_advice_ranked(r) ? r->ad.top[i].value : -1;
}
int optle_advice_rank_in_set(const optle_advice *r, int i) {
  return i >= 0 && i < optle_advice_ranked(r) ? r->ad.top[i].in_set : 0;
}

/* ------------------------------------------------------------------ */
/* Ranking first guesses                                                */

struct optle_ranking {
  optle_game *game;
  int n, cutoff;
  search_first_value *v;
};

void optle_rank_opts_init(optle_rank_opts *o) {
  memset(o, 0, sizeof *o);
  o->size = sizeof *o;
  o->cutoff = -1;
  o->progress_interval = 0.25;
}

typedef struct {
  optle_game *G;
  optle_rank_opts o;
  monitor *m;
  int *words;
  int probe; /* -1: none */
  search *s;
  uint16_t *all;
  optle_ranking *out;
} rank_args;

/* By value, then word (qsort has no argument: the game to compare by;
 * one ranking at a time, under api.c's run lock). */
static const game *sort_game;
static int value_cmp(const void *pa, const void *pb) {
  const search_first_value *a = pa, *b = pb;
  if (a->value != b->value) return a->value < b->value ? -1 : 1;
  return strcmp(sort_game->guesses.w[a->guess], sort_game->guesses.w[b->guess]);
}

/* The monitor's report for a ranking: first guesses settled. */
typedef struct {
  monitor *m;
  int settled, of;
} rank_count;
static void rank_settled(void *arg, const search_first_value *v) {
  rank_count *c = arg;
  c->settled++;
  monitor *m = c->m;
  pthread_mutex_lock(&m->mu);
  m->settled = c->settled;
  m->of = c->of;
  if (v->exact && v->value < m->best) m->best = v->value, m->best_g = v->guess;
  pthread_mutex_unlock(&m->mu);
}

static int rank_fn(void *arg) {
  rank_args *a = arg;
  optle_game *G = a->G;
  const game *g = &G->g;
  int nwords = 0;
  if (a->o.words) {
    a->words = xmalloc(sizeof *a->words * (size_t)(a->o.nwords ? a->o.nwords : 1));
    bool *seen = xcalloc((size_t)g->n_guesses, 1);
    for (int i = 0; i < a->o.nwords; i++) {
      char what[32];
      snprintf(what, sizeof what, "words: word %d,", i + 1);
      int w = api_word(G, what, a->o.words[i]);
      if (w < 0) {
        free(seen);
        return OPTLE_EINPUT;
      }
      if (!seen[w]) seen[w] = true, a->words[nwords++] = w;
    }
    free(seen);
    if (!nwords) return api_fail(OPTLE_EINPUT, "words: no words");
  }
  if (a->o.probe && (a->probe = api_word(G, "--probe", a->o.probe)) < 0) return OPTLE_EINPUT;
  bool among = a->probe < 0 || !a->words;
  for (int i = 0; i < nwords && !among; i++) among = a->words[i] == a->probe;
  if (!among) /* only the words ranked fill the top */
    return api_fail(OPTLE_EINPUT, "--probe '%s': not among the words ranked", a->o.probe);
  if (api_game_table(G)) return api_fail(OPTLE_ESTOPPED, "%s", err_msg());
  int n = g->n_answers;
  if (!(a->s = search_make(G, a->o.threads, a->o.memo_mb, false, a->probe, a->m)))
    return OPTLE_ENOMEM;
  a->all = xmalloc(sizeof *a->all * (size_t)n);
  for (int i = 0; i < n; i++) a->all[i] = (uint16_t)i;
  int count = a->words ? nwords : g->n_guesses;
  rank_count rc = {a->m, 0, count};
  int cutoff = a->o.cutoff >= 0 ? a->o.cutoff : OPTLE_INF;
  search_first_opts fo = {.words = a->words, .nwords = nwords, .cutoff = cutoff, .top = a->o.top,
                          .report = rank_settled, .arg = &rc};
  optle_ranking *k = xcalloc(1, sizeof *k);
  k->game = api_game_ref(G);
  k->n = count;
  k->v = xcalloc((size_t)count, sizeof *k->v);
  a->out = k;
  int got = search_rank_first(a->s, a->all, n, &fo, k->v);
  if (got < 0) return api_fail(OPTLE_ESTOPPED, "stopped: %d of %d first guesses settled",
                               rc.settled, count);
  /* Canonical, as `optle rank` writes it (cmd_rank.c rank_output()):
   * above the cutoff, the class-count bound or the cutoff + 1. */
  for (int i = 0; i < count; i++)
    if (got < OPTLE_INF && k->v[i].value > got) {
      k->v[i].value = k->v[i].floor > got ? k->v[i].floor : got + 1;
      k->v[i].exact = false;
    }
  sort_game = g;
  qsort(k->v, (size_t)count, sizeof *k->v, value_cmp);
  k->cutoff = got < OPTLE_INF ? got : -1;
  return OPTLE_OK;
}

int optle_rank(optle_game *G, const optle_rank_opts *o, optle_ranking **out) {
  if (!out) return api_fail(OPTLE_EINPUT, "no place for the ranking (out is NULL)");
  *out = NULL;
  if (!G) return api_fail(OPTLE_EINPUT, "no game");
  if (o && !opts_size_ok(o->size, OPTS_V1(optle_rank_opts), sizeof *o))
    return opts_unset(o->size, "optle_rank_opts_init");
  rank_args a = {.G = G, .probe = -1};
  OPTS_COPY(optle_rank_opts, optle_rank_opts_init, o, a.o);
  int rc = check_common(a.o.threads, a.o.memo_mb, a.o.time_limit, a.o.progress_interval);
  if (rc) return rc;
  if (a.o.cutoff >= 0 && a.o.top > 0)
    return api_fail(OPTLE_EINPUT, "give --cutoff or --top, not both");
  if (a.o.top < 0 || a.o.top > RANK_TOP_MAX)
    return api_fail(OPTLE_EINPUT, "--top: %d is out of range (0: none, or 1 to %d)", a.o.top,
                    RANK_TOP_MAX);
  if (a.o.cutoff < -1)
    return api_fail(OPTLE_EINPUT, "--cutoff: %d is out of range (-1: none, or 0 and up)",
                    a.o.cutoff);
  if (a.o.words && a.o.nwords < 1) return api_fail(OPTLE_EINPUT, "words: no words");
  if (a.o.probe && a.o.top <= 0)
    return api_fail(OPTLE_EINPUT, "--probe goes with --top N (its first stage's exact solves)");
  monitor m;
  a.m = &m;
  if ((rc = monitor_start(&m, &G->g, a.o.progress, a.o.progress_arg, a.o.progress_interval,
                          a.o.time_limit)))
    return rc;
  rc = api_trapped(rank_fn, &a);
  monitor_end(&m);
  free(a.words);
  free(a.all);
  search_free(a.s);
  if (rc) {
    optle_ranking_free(a.out);
    return rc;
  }
  *out = a.out;
  return OPTLE_OK;
}

void optle_ranking_free(optle_ranking *k) {
  if (!k) return;
  free(k->v);
  optle_game_free(k->game);
  free(k);
}

int optle_ranking_count(const optle_ranking *k) { return k ? k->n : 0; }
int optle_ranking_cutoff(const optle_ranking *k) { return k ? k->cutoff : -1; }
const char *optle_ranking_guess(const optle_ranking *k, int i) {
  return k && i >= 0 && i < k->n ? k->game->g.guesses.w[k->v[i].guess] : NULL;
}
int optle_ranking_value(const optle_ranking *k, int i) {
  return k && i >= 0 && i < k->n && k->v[i].value < OPTLE_INF ? k->v[i].value : -1;
}
int optle_ranking_exact(const optle_ranking *k, int i) {
  return k && i >= 0 && i < k->n && k->v[i].exact;
}
