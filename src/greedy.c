/* greedy.c: the greedy rules and rollouts (greedy.h). */
#include "greedy.h"

#include <assert.h>
#include <omp.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "feedback.h"
#include "score.h"
#include "tuning.h"
#include "util.h"

#define INF OPTLE_INF

/* Sets at least this large split their classes (or, for rollout, their
 * candidates) into OpenMP tasks; smaller ones are not worth a task. */
#define TASK_MIN_SET 24

/* ------------------------------------------------------------------ */
/* The greedy rules                                                     */

/*
 * A rule's score of a partition, lower better, computed while the
 * answers are counted into classes: either additive, the sum over
 * classes of f(c), kept up to date with the step table
 * step[c] = f(c + 1) - f(c) as each class grows, or the largest class.
 * Scores are integers, so equal partitions tie exactly.
 */
typedef enum { SCORE_ENTROPY, SCORE_SQUARES, SCORE_PARTS, SCORE_LARGEST } score_kind;

struct greedy_rule {
  const char *name;
  score_kind score;
  bool prefer_answers; /* ties: a possible answer before word order */
  const char *description;
};

static const greedy_rule rules[] = {
    {"entropy", SCORE_ENTROPY, true,
     "greatest entropy of the partition; ties: a possible answer, then word order"},
    {"entropy-plain", SCORE_ENTROPY, false,
     "greatest entropy; ties: word order only (the guess list's order)"},
    {"expected-size", SCORE_SQUARES, true,
     "fewest answers left on average (least sum of c^2); ties as entropy"},
    {"minimax", SCORE_LARGEST, true,
     "smallest largest class; ties: a possible answer, then word order"},
    {"most-parts", SCORE_PARTS, true, "most classes (distinct feedbacks); ties as entropy"},
};
#define NRULES ((int)(sizeof rules / sizeof *rules))

/* Step tables of the additive scores, for class sizes 0..OPTLE_MAX_ANSWERS-1:
 * entropy c*log2(c) in fixed point (score_clogc_table()), squares c^2,
 * parts -1 (mod 2^64) for each new class, so k classes score 2^64 - k:
 * the more classes, the lower. */
static uint64_t steps[3][OPTLE_MAX_ANSWERS];

static void steps_build(void) {
  const uint64_t *clogc = score_clogc_table();
  for (int c = 0; c < OPTLE_MAX_ANSWERS; c++) {
    steps[SCORE_ENTROPY][c] = clogc[c + 1] - clogc[c];
    steps[SCORE_SQUARES][c] = 2 * (uint64_t)c + 1;
    steps[SCORE_PARTS][c] = c == 0 ? (uint64_t)-1 : 0;
  }
}

/* Built once (pthread_once: the build happens before every later read). */
static const uint64_t *step_table(score_kind k) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, steps_build);
  return k == SCORE_LARGEST ? NULL : steps[k];
}

static const greedy_rule *rule_named(const char *name, size_t len) {
  for (int i = 0; i < NRULES; i++)
    if (strlen(rules[i].name) == len && !strncmp(rules[i].name, name, len)) return &rules[i];
  return NULL;
}

const char *greedy_rule_names(void) {
  return "entropy, entropy-plain, expected-size, minimax, most-parts";
}

int greedy_parse(const char *name, greedy *out) {
  memset(out, 0, sizeof *out);
  size_t len = strlen(name);
  if (!strncmp(name, "rollout:", 8)) {
    const char *base = name + 8, *colon = strchr(base, ':');
    if (!colon)
      return err_set("strategy '%s': a rollout is rollout:BASE:N (e.g. rollout:entropy:10)", name);
    out->rule = rule_named(base, (size_t)(colon - base));
    if (!out->rule)
      return err_set("strategy '%s': rollout base '%.*s' is not a greedy rule (%s)", name,
                     (int)(colon - base), base, greedy_rule_names());
    const char *num = colon + 1;
    long v = 0;
    for (const char *p = num; *p; p++) {
      if (*p < '0' || *p > '9' || v > GREEDY_ROLLOUT_MAX) {
        v = -1;
        break;
      }
      v = v * 10 + (*p - '0');
    }
    if (!*num || v < 1 || v > GREEDY_ROLLOUT_MAX)
      return err_set("strategy '%s': rollout count '%s' must be a whole number from 1 to %d", name,
                     num, GREEDY_ROLLOUT_MAX);
    out->top = (int)v;
    return 0;
  }
  out->rule = rule_named(name, len);
  if (!out->rule) return err_set("'%s': not a greedy rule (%s)", name, greedy_rule_names());
  return 0;
}

int greedy_doc(int i, const char **name, const char **about) {
  if (i < 0 || i > NRULES) return 0;
  if (i < NRULES) {
    *name = rules[i].name;
    *about = rules[i].description;
  } else {
    *name = "rollout:BASE:N";
    *about = "at each set, the N best guesses by BASE (a rule above), each scored by\n"
             "playing BASE to the end on its classes; least total wins, ties as entropy";
  }
  return 1;
}

/* ------------------------------------------------------------------ */
/* Scanning guesses over a set                                          */

typedef struct {
  int g;        /* guess index */
  int green;    /* 1 when g is one of the set's answers */
  uint64_t score;
} cand;

/* a strictly before b in the rule's order: the better score, then, for
 * rules that prefer answers, the tie rule (score.h).  Scans run in
 * guess-index order, so an equal guess found later never moves ahead:
 * for entropy-plain the earlier guess keeps its place. */
static bool rule_better(const greedy_rule *r, const cand *a, const cand *b) {
  if (a->score != b->score) return a->score < b->score;
  return r->prefer_answers && score_tie_cmp(a->green, a->g, b->green, b->g) < 0;
}

/* A rule's score of a split of n answers into single answers: the best
 * score there is. */
static uint64_t perfect_score(score_kind k, int n) {
  switch (k) {
  case SCORE_ENTROPY: return 0;
  case SCORE_SQUARES: return (uint64_t)n;
  case SCORE_PARTS: return (uint64_t)0 - (uint64_t)n;
  default: return 1;
  }
}

/* One guess's score on a set (rows: its answers' table rows, n >= 2),
 * whether it is one of them (green), and whether it tells nothing (one
 * class, not the winning one).  cnt: PATTERN_COUNT zeroed counters,
 * left zeroed. */
typedef struct {
  uint64_t score;
  bool green, none;
} qscore;

static qscore score_one(const uint64_t *step, const uint8_t *const *rows, int n, int q,
                        uint16_t *cnt) {
  qscore r = {0, false, false};
  if (step) {
    for (int j = 0; j < n; j++) r.score += step[cnt[rows[j][q]]++];
  } else {
    unsigned largest = 0;
    for (int j = 0; j < n; j++) {
      unsigned c = ++cnt[rows[j][q]];
      largest = c > largest ? c : largest;
    }
    r.score = largest;
  }
  r.green = cnt[PATTERN_WIN] != 0;
  r.none = !r.green && cnt[rows[0][q]] == n;
  for (int j = 0; j < n; j++) cnt[rows[j][q]] = 0;
  return r;
}

/* Every guess's score (score_one()), GREEDY_SCAN_GRAIN guesses an OpenMP
 * task, into sc[0..nu): a big set's scan on every thread of the team.
 * false when a stop (clock.h) came first: sc is then incomplete. */
static bool score_tasks(const uint64_t *step, const uint8_t *const *rows, int n, const int *U,
                        int nu, qscore *sc) {
  for (int u0 = 0; u0 < nu; u0 += GREEDY_SCAN_GRAIN) {
#pragma omp task default(shared) firstprivate(u0)
    {
      uint16_t cnt[PATTERN_COUNT] = {0};
      int end = nu - u0 < GREEDY_SCAN_GRAIN ? nu : u0 + GREEDY_SCAN_GRAIN;
      for (int u = u0; u < end && !stop_requested(); u++)
        sc[u] = score_one(step, rows, n, U[u], cnt);
    }
  }
#pragma omp taskwait
  return !stop_requested(); /* a stop stays: none of sc is read then */
}

/* One more scanned guess q (score sc) into out[0..*m) (the best `top`,
 * best first) and, if informative, Unext[0..*nn): true when the scan can
 * end here: nothing beats a split into single answers except, for a rule
 * that prefers answers, one by an answer (stop_perfect: no answer of the
 * set makes one, or the rule does not prefer answers).  Its classes scan
 * nothing, so Unext may stop here. */
static bool take(const greedy_rule *r, int q, qscore sc, uint64_t perfect, int top,
                 bool stop_perfect, cand *out, int *m, int *Unext, int *nn) {
  if (sc.none) return false;
  Unext[(*nn)++] = q;
  cand c = {q, sc.green, sc.score};
  if (*m == top && !rule_better(r, &c, &out[*m - 1])) return false;
  int pos = *m < top ? (*m)++ : top - 1;
  while (pos > 0 && rule_better(r, &c, &out[pos - 1])) {
    out[pos] = out[pos - 1];
    pos--;
  }
  out[pos] = c;
  return top == 1 && sc.score == perfect && (sc.green || stop_perfect);
}

/*
 * Scan the guesses U[0..nu-1] (ascending indices) over the set A (n >= 2)
 * with rule r: the best `top` guesses, best first, go to out[] (the count
 * is returned), and the guesses informative on A, in order, to Unext
 * (*nnext of them).  Uninformative guesses are skipped.  With top = 1,
 * the scan stops at a split into single answers by one of A's answers,
 * or by any guess when stop_perfect says no answer of A makes one (or
 * the rule does not prefer answers).  tasks: a set of GREEDY_SCAN_PAR_MIN
 * answers or more is scored on every thread first (score_tasks()), then
 * taken in order as a single scan would: the same picks.
 */
static int scan(const greedy_rule *r, const game *g, const uint16_t *A, int n, const int *U,
                int nu, int top, cand *out, int *Unext, int *nnext, bool stop_perfect,
                bool tasks) {
  const uint64_t *step = step_table(r->score);
  uint64_t perfect = perfect_score(r->score, n);
  const uint8_t **rows = xmalloc(sizeof *rows * (size_t)n);
  for (int j = 0; j < n; j++) rows[j] = game_answer_row(g, A[j]);
  uint16_t cnt[PATTERN_COUNT] = {0};
  qscore *sc = NULL;
  int m = 0, nn = 0;
  bool stop = false;
  if (tasks && n >= GREEDY_SCAN_PAR_MIN && nu > GREEDY_SCAN_GRAIN) {
    sc = xmalloc(sizeof *sc * (size_t)nu);
    stop = !score_tasks(step, rows, n, U, nu, sc);
  }
  /* A stop (clock.h) ends the scan with no pick: the callers then give
   * OPTLE_INF or no tree, so a seed on a big set stops in time.  Polled
   * every 256 guesses, or every guess on 1024 answers or more (a guess
   * then costs a cache miss per answer). */
  int every = n >= 1024 ? 0 : 255;
  for (int u = 0; u < nu && !stop; u++) {
    if (!sc && !(u & every) && (stop = stop_requested())) break;
    qscore one = sc ? sc[u] : score_one(step, rows, n, U[u], cnt);
    if (take(r, U[u], one, perfect, top, stop_perfect, out, &m, Unext, &nn)) break;
  }
  if (stop) m = 0;
  free(sc);
  free(rows);
  *nnext = nn;
  return m;
}

/* ------------------------------------------------------------------ */
/* Totals and picks                                                     */

typedef struct {
  const greedy *st;
  const game *g;
  bool tasks;     /* split large sets into OpenMP tasks */
  const rword *W; /* rules that narrow (st->mode): the guesses as they read them */
} run;

/* The guesses of U allowed in guess q's class p: U itself under the
 * normal rules, else a new list (*own set: free it). */
static const int *class_list(const run *R, const int *U, int nu, int q, int p, int *cnu,
                             int **own) {
  *own = NULL;
  *cnu = nu;
  if (!R->W) return U;
  *own = xmalloc(sizeof **own * (size_t)(nu ? nu : 1));
  *cnu = rules_after(R->st->mode, R->W, U, nu, q, p, *own);
  return *own;
}

static int total_rec(const run *R, const uint16_t *A, int n, int first, int depth, const int *U,
                     int nu, int *most, long budget);

static int sat_sum(long s) { return s < INF ? (int)s : INF; }

/* guess_total()'s classes with no budget, as OpenMP tasks (R->tasks):
 * their totals' sum, each class's total as it would be alone (none
 * depends on another's), and *deepest the most guesses of any. */
static long classes_tasks(const run *R, const uint16_t *part, const int *start, int q, int child,
                          const int *U, int nu, int *deepest) {
  int tot[PATTERN_WIN] = {0}, deep[PATTERN_WIN] = {0};
  for (int p = 0; p < PATTERN_WIN; p++) {
    int c = start[p + 1] - start[p];
    if (!c) continue;
#pragma omp task default(shared) firstprivate(p, c) if (c >= TASK_MIN_SET)
    {
      int cnu, *own;
      const int *CU = class_list(R, U, nu, q, p, &cnu, &own);
      tot[p] = total_rec(R, part + start[p], c, -1, child, CU, cnu, &deep[p], INF);
      free(own);
    }
  }
#pragma omp taskwait
  long sum = 0;
  for (int p = 0; p < PATTERN_WIN; p++) {
    sum += tot[p];
    *deepest = deep[p] > *deepest ? deep[p] : *deepest;
  }
  return sum;
}

/*
 * n + the strategy's totals on the non-winning classes of guess q over
 * A, each with depth - 1 guesses; the classes scan the guesses U.  *most
 * gets the most guesses any answer needs.
 *
 * Budget: the result is exact when it is at most `budget`; otherwise it
 * is only some value above it, found as soon as the classes' totals so
 * far plus 2c - 1 for each class of c answers still to play (no
 * strategy does better: one answer of a class can be found with its
 * first guess, every other needs two or more) exceed the budget.  The
 * strategy's guesses never depend on the budget, only how soon we stop.
 * INF means no budget; then, with R->tasks, the classes of a set of
 * TASK_MIN_SET answers or more are played as tasks (classes_tasks()).
 */
static int guess_total(const run *R, const uint16_t *A, int n, int q, int depth, const int *U,
                       int nu, int *most, long budget) {
  uint16_t *part = xmalloc(sizeof *part * (size_t)n);
  int start[PATTERN_COUNT + 1];
  score_partition(R->g, q, A, n, part, start);
  int child = depth == OPTLE_DEPTH_UNLIMITED ? depth : depth - 1, deepest = 0;
  long rest = 0; /* lower bound of the classes still to play */
  for (int p = 0; p < PATTERN_WIN; p++)
    if (start[p + 1] > start[p]) rest += 2 * (start[p + 1] - start[p]) - 1;
  long sum = n;
  if (R->tasks && budget >= INF && n >= TASK_MIN_SET) {
    sum += classes_tasks(R, part, start, q, child, U, nu, &deepest);
    rest = 0;
  } else {
    for (int p = 0; p < PATTERN_WIN && sum < INF; p++) {
      int c = start[p + 1] - start[p], m = 0;
      if (!c) continue;
      if (budget < INF && sum + rest > budget) break;
      rest -= 2 * c - 1;
      long cb = budget < INF ? budget - sum - rest : INF;
      int cnu, *own;
      const int *CU = class_list(R, U, nu, q, p, &cnu, &own);
      sum += total_rec(R, part + start[p], c, -1, child, CU, cnu, &m, cb);
      free(own);
      deepest = m > deepest ? m : deepest;
    }
  }
  free(part);
  *most = deepest + 1;
  return sat_sum(sum + rest);
}

/*
 * Perfect splits by an answer, for rules that prefer possible answers
 * (and rollouts over them).  When one of the set's own answers splits
 * it into single answers, that is the best score of every rule, and
 * being a possible answer wins the tie; of those answers, the lowest
 * guess index.  A rollout agrees: 2n - 1 is the least total there is,
 * only such an answer reaches it, and its base ranks the same one first.
 * Checked for sets of at most PERFECT_CHECK_MAX answers (n^2 table
 * reads, cheaper than a scan); -1 when none (the scan decides).
 */
#define PERFECT_CHECK_MAX 16
static int perfect_answer(const game *g, const uint16_t *A, int n) {
  if (n == 2) {
    int a = g->ans2guess[A[0]], b = g->ans2guess[A[1]];
    return a < b ? a : b;
  }
  int best = -1;
  for (int i = 0; i < n; i++) {
    int q = g->ans2guess[A[i]];
    if (best >= 0 && q > best) continue;
    uint8_t seen[PATTERN_COUNT] = {0};
    int j = 0;
    for (; j < n; j++) {
      uint8_t p = game_fb(g, q, A[j]);
      if (seen[p]) break;
      seen[p] = 1;
    }
    if (j == n) best = q;
  }
  return best;
}

/*
 * The strategy's guess on A (n >= 2), scanning U; the guesses informative
 * on A go to Unext (*nnext).
 */
static int pick(const run *R, const uint16_t *A, int n, const int *U, int nu, int *Unext,
                int *nnext) {
  const greedy *st = R->st;
  bool checked = st->rule->prefer_answers && n <= PERFECT_CHECK_MAX;
  int q = checked ? perfect_answer(R->g, A, n) : -1;
  if (q >= 0) {
    *nnext = 0; /* the classes are single answers: they scan nothing */
    return q;
  }
  if (st->top == 0) {
    cand best;
    int m = scan(st->rule, R->g, A, n, U, nu, 1, &best, Unext, nnext,
                 !st->rule->prefer_answers || checked, R->tasks);
    return m ? best.g : -1;
  }
  /* Rollout: BASE's top N, each scored by BASE played to the end. */
  int top = st->top < nu ? st->top : nu;
  cand *cs = xmalloc(sizeof *cs * (size_t)(top ? top : 1));
  int m = scan(st->rule, R->g, A, n, U, nu, top, cs, Unext, nnext, false, R->tasks);
  greedy base = {.rule = st->rule, .top = 0, .mode = st->mode};
  run RB = {&base, R->g, false, R->W};
  int *tot = xmalloc(sizeof *tot * (size_t)(m ? m : 1)), most;
  /* BASE's own pick first, in full; any other guess matters only if it
   * does at least as well, so its total is wanted only up to that
   * (guess_total's budget).  A sequential run tightens the budget as
   * better guesses turn up. */
  long best = m ? tot[0] = guess_total(&RB, A, n, cs[0].g, OPTLE_DEPTH_UNLIMITED, Unext, *nnext,
                                       &most, INF)
                : INF;
  bool split = R->tasks && n >= TASK_MIN_SET && m > 2;
  for (int i = 1; i < m; i++) {
#pragma omp task default(shared) firstprivate(i) if (split)
    {
      int mo;
      tot[i] = guess_total(&RB, A, n, cs[i].g, OPTLE_DEPTH_UNLIMITED, Unext, *nnext, &mo, best);
      if (!split && tot[i] < best) best = tot[i];
    }
  }
#pragma omp taskwait
  int b = -1;
  for (int i = 0; i < m; i++) {
    if (b >= 0 && tot[i] > tot[b]) continue;
    if (b >= 0 && tot[i] == tot[b] && score_tie_cmp(cs[i].green, cs[i].g, cs[b].green, cs[b].g) > 0)
      continue;
    b = i;
  }
  q = b >= 0 ? cs[b].g : -1;
  free(tot);
  free(cs);
  return q;
}

/* Total on A with at most `depth` guesses (INF past it), exact up to
 * `budget` (guess_total()); the first guess is `first` when >= 0.
 * Guesses are scanned from U.  *most gets the most guesses any answer
 * needs (when the total is exact). */
static int total_rec(const run *R, const uint16_t *A, int n, int first, int depth, const int *U,
                     int nu, int *most, long budget) {
  *most = 1;
  if (first < 0 && n == 1) return 1;
  if (first >= 0 && n == 1 && game_fb(R->g, first, A[0]) == PATTERN_WIN) return 1;
  if (depth <= 1) return INF;
  if (first >= 0) return guess_total(R, A, n, first, depth, U, nu, most, budget);
  int *Unext = xmalloc(sizeof *Unext * (size_t)(nu ? nu : 1)), nnext = 0;
  int q = pick(R, A, n, U, nu, Unext, &nnext);
  int t = q < 0 ? INF : guess_total(R, A, n, q, depth, Unext, nnext, most, budget);
  free(Unext);
  return t;
}

static int *all_guesses(const game *g) {
  int *U = xmalloc(sizeof *U * (size_t)g->n_guesses);
  for (int i = 0; i < g->n_guesses; i++) U[i] = i;
  return U;
}

/* The rules' words when st's rules narrow (free it), else NULL. */
static rword *words_for(const greedy *st, const game *g) {
  return rules_narrows(st->mode) ? rules_words(g) : NULL;
}

int greedy_pick(const greedy *st, const game *g, const uint16_t *set, int n) {
  if (n < 2) return -1;
  run R = {st, g, false, NULL};
  int *U = all_guesses(g), *Unext = all_guesses(g), nnext;
  int q = pick(&R, set, n, U, g->n_guesses, Unext, &nnext);
  free(U);
  free(Unext);
  return q;
}

int greedy_total(const greedy *st, const game *g, const uint16_t *set, int n, int first,
                   int depth, int *most) {
  int m = 0;
  if (most) *most = 0;
  if (n <= 0) return 0;
  rword *W = words_for(st, g);
  run R = {st, g, false, W};
  int *U = all_guesses(g);
  int t = total_rec(&R, set, n, first, depth, U, g->n_guesses, &m, INF);
  free(U);
  free(W);
  if (most && t < INF) *most = m;
  return t;
}

int greedy_best_total(const game *g, const uint16_t *set, int n, int depth) {
  int best = INF;
  for (int i = 0; i < NRULES; i++) {
    if (!rules[i].prefer_answers) continue;
    greedy st = {.rule = &rules[i], .top = 0};
    int t = greedy_total(&st, g, set, n, -1, depth, NULL);
    best = t < best ? t : best;
  }
  return best;
}

/* ------------------------------------------------------------------ */
/* Trees                                                                */

static int cmp_pattern(const void *a, const void *b) {
  return pattern_cmp(*(const uint8_t *)a, *(const uint8_t *)b);
}

static tnode *tree_rec(const run *R, const uint16_t *A, int n, int first, const int *U, int nu) {
  const game *g = R->g;
  if (first < 0 && n == 1) return tree_node_new(g->ans2guess[A[0]], 1, 1, 0);
  int *Unext = NULL, nnext = nu, q = first;
  if (first < 0) {
    Unext = xmalloc(sizeof *Unext * (size_t)(nu ? nu : 1));
    q = pick(R, A, n, U, nu, Unext, &nnext);
    if (q < 0) { /* stopped */
      free(Unext);
      return NULL;
    }
  }
  const int *Uc = Unext ? Unext : U;
  uint16_t *part = xmalloc(sizeof *part * (size_t)n);
  int start[PATTERN_COUNT + 1];
  score_partition(g, q, A, n, part, start);
  uint8_t pats[PATTERN_COUNT];
  int k = 0;
  for (int p = 0; p < PATTERN_WIN; p++)
    if (start[p + 1] > start[p]) pats[k++] = (uint8_t)p;
  qsort(pats, (size_t)k, 1, cmp_pattern);
  tnode *t = tree_node_new(q, 0, n, k);
  for (int i = 0; i < k; i++) {
    int p = pats[i], c = start[p + 1] - start[p];
    t->pat[i] = (uint8_t)p;
#pragma omp task default(shared) firstprivate(i, p, c) if (R->tasks && c >= TASK_MIN_SET)
    {
      int cnu, *own;
      const int *CU = class_list(R, Uc, nnext, q, p, &cnu, &own);
      t->kid[i] = tree_rec(R, part + start[p], c, -1, CU, cnu);
      free(own);
    }
  }
#pragma omp taskwait
  long total = n;
  bool whole = true;
  for (int i = 0; i < k; i++)
    if (t->kid[i]) total += t->kid[i]->total;
    else whole = false; /* stopped below */
  t->total = sat_sum(total);
  free(part);
  free(Unext);
  if (!whole) {
    tree_free(t);
    return NULL;
  }
  return t;
}

tnode *greedy_tree(const greedy *st, const game *g, const uint16_t *set, int n, int first,
                   int threads) {
  if (n <= 0) return NULL;
  if (threads < 1) threads = 1;
  rword *W = words_for(st, g);
  run R = {st, g, threads > 1, W};
  int *U = all_guesses(g);
  tnode *t = NULL;
#pragma omp parallel num_threads(threads) if (threads > 1)
#pragma omp single
  t = tree_rec(&R, set, n, first, U, g->n_guesses);
  free(U);
  free(W);
  assert(!t || tree_sums_ok(t));
  return t;
}

int greedy_entropy_total(const game *g, const uint16_t *set, int n, int depth, rules_mode m,
                         const int *U, int nu, int threads) {
  if (n <= 0) return 0;
  greedy entropy = {.rule = &rules[0], .top = 0, .mode = m}; /* rules[0] is entropy */
  bool given = U && rules_narrows(m);
  int *all = given ? NULL : all_guesses(g), most, t = INF;
  rword *W = words_for(&entropy, g);
  run R = {&entropy, g, threads > 1 && !omp_in_parallel(), W};
#pragma omp parallel num_threads(threads) if (R.tasks)
#pragma omp single
  t = total_rec(&R, set, n, -1, depth, given ? U : all, given ? nu : g->n_guesses, &most, INF);
  free(all);
  free(W);
  return t;
}
