/*
 * check_search.c: the exact search (search.h) against a brute-force
 * oracle.
 *
 * The oracle is the definition and nothing else:
 *
 *   T(A, d) = 0                   for A empty
 *           = 1                   for |A| = 1
 *           = INF                 for d <= 1 and |A| >= 2
 *           = |A| + min over informative guesses g of
 *                   sum over the non-winning classes C of A under g of T(C, d-1)
 *
 * where g is informative unless all of A falls in one non-winning class.
 * It has no pruning, no memo and no closed forms, and scores guesses with
 * ref_feedback() (suites.h), not feedback_of() or the game's table.  One
 * recursion computes T for every guess limit at once (slot 0 is "no
 * limit", slot d the limit d), which is still the plain recursion: each
 * slot's value is the same sum and minimum as above.
 *
 * It is exponential, so the instances are small: 5 to 25 answers drawn
 * from the NYT answers (half of them with up to 12 look-alike words, the
 * hard case, where the limits bind), and 5 to 40 guesses, the answers plus
 * random NYT guesses, in shuffled order so that the tie rule is
 * exercised; a sixth with every word an answer (answers drawn from the
 * whole guess list, and no other guesses).  The seed is fixed.  An instance whose oracle would take more
 * than ORACLE_BUDGET nodes (a few in a hundred: look-alikes make the cost
 * grow like a factorial) is drawn again, so the suite's time is bounded;
 * on a 2-core machine the whole file takes under 10 s.
 *
 * Compared with the oracle: search_value (the search's own limit, and
 * every depth argument on one search whose memo carries over), the
 * total of search_solve and its tree (tree_check, total, guess limit),
 * the tree's guess at every node (the tie rule of search.h), with 1 and
 * 2 threads and a 1 MiB memo (identical tree_hash), the first guess
 * fixed (--first), informative or not, half the time with every class
 * of 2 answers or more solved alone by its own root proof (the path of
 * classes of 50+, or 16+ with every word an answer), and
 * search_value_window at the
 * window's edges (beta = T - 1, T, T + 1), where a bound left in the memo
 * must never come back as an exact value.
 */
#include <check.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "feedback.h"
#include "game.h"
#include "lists.h"
#include "search.h"
#include "strategy.h"
#include "suites.h"
#include "tree.h"
#include "tuning.h"
#include "util.h"
#include "words.h"
/* White box: the lookahead bounds (search_bounds.c) against their
 * definitions, below. */
#include "../src/search_impl.h"

#define INF OPTLE_INF
#define MAXA 25
#define MAXG 40
#define NSLOT 7 /* slot 0: no limit; slot d: at most d guesses (1..6) */
#define N_INSTANCES TEST_SCALED(400)
#define N_WINDOW TEST_SCALED(300) /* instances of the window test */

/* The limits compared in full, as (search max_guesses, oracle slot). */
static const int limits[][2] = {{0, 0}, {6, 6}, {3, 3}, {2, 2}};
#define NLIMITS 4

typedef struct {
  int na, ng;
  char ans[MAXA][6];
  char gue[MAXG][6];
  uint8_t fb[MAXG][MAXA]; /* ref_feedback(gue[g], ans[a]) */
  bool all;               /* every word an answer (make_instance()) */
} inst;

static long oracle_nodes;
/* Node budget: past it the oracle stops recursing (its values are then
 * meaningless) and next_instance() draws another instance. */
#define ORACLE_BUDGET 5000000L
static long oracle_budget = LONG_MAX;
static bool oracle_over;

static int sat_add(int a, int b) {
  long s = (long)a + b;
  return s >= INF ? INF : (int)s;
}

static void oracle_set(const inst *I, const uint8_t *A, int n, int out[NSLOT]);

/* Totals, slot by slot, of guessing g first on A (n >= 1): n plus T of
 * every non-winning class with one guess fewer.  Returns whether g is
 * informative on A; when it is not and `only_informative` is set, the
 * totals are not computed (that recursion would be A itself again). */
static bool oracle_first(const inst *I, const uint8_t *A, int n, int g, bool only_informative,
                         int tot[NSLOT]) {
  uint8_t part[MAXA] = {0}, pat[MAXA] = {0};
  /* Group A by pattern: insertion sort by pattern, stable. */
  for (int j = 0; j < n; j++) {
    uint8_t p = I->fb[g][A[j]], a = A[j];
    int k = j;
    while (k > 0 && pat[k - 1] > p) {
      pat[k] = pat[k - 1];
      part[k] = part[k - 1];
      k--;
    }
    pat[k] = p;
    part[k] = a;
  }
  bool informative = !(pat[0] == pat[n - 1] && pat[0] != PATTERN_WIN);
  if (!informative && only_informative) return false;
  int sum[NSLOT] = {0};
  for (int s = 0, e; s < n; s = e) {
    for (e = s + 1; e < n && pat[e] == pat[s]; e++)
      ;
    if (pat[s] == PATTERN_WIN) continue;
    int child[NSLOT];
    oracle_set(I, part + s, e - s, child);
    sum[0] = sat_add(sum[0], child[0]);
    sum[1] = INF; /* a class left over and no guess left for it */
    for (int d = 2; d < NSLOT; d++) sum[d] = sat_add(sum[d], child[d - 1]);
  }
  for (int d = 0; d < NSLOT; d++) tot[d] = sat_add(n, sum[d]);
  return informative;
}

/* T(A, d) for every slot; A has n >= 1 answer indices. */
static void oracle_set(const inst *I, const uint8_t *A, int n, int out[NSLOT]) {
  if (++oracle_nodes > oracle_budget) oracle_over = true;
  if (n == 1 || oracle_over) {
    for (int d = 0; d < NSLOT; d++) out[d] = 1;
    return;
  }
  for (int d = 0; d < NSLOT; d++) out[d] = INF;
  for (int g = 0; g < I->ng; g++) {
    int tot[NSLOT];
    if (!oracle_first(I, A, n, g, true, tot)) continue;
    for (int d = 0; d < NSLOT; d++)
      if (tot[d] < out[d]) out[d] = tot[d];
  }
}

/* Per-guess totals on A plus the optimum: tot[g][slot], best[slot],
 * informative[g]. */
typedef struct {
  int tot[MAXG][NSLOT];
  bool informative[MAXG];
  int best[NSLOT];
} oracle_root;

static void oracle_root_of(const inst *I, const uint8_t *A, int n, oracle_root *r) {
  for (int d = 0; d < NSLOT; d++) r->best[d] = n == 1 ? 1 : INF;
  for (int g = 0; g < I->ng; g++) {
    r->informative[g] = oracle_first(I, A, n, g, true, r->tot[g]);
    if (n >= 2 && r->informative[g])
      for (int d = 0; d < NSLOT; d++)
        if (r->tot[g][d] < r->best[d]) r->best[d] = r->tot[g][d];
  }
  /* An uninformative guess leaves A itself, one guess fewer:
   * n + T(A, d - 1), and nothing within one guess. */
  for (int g = 0; g < I->ng; g++)
    if (!r->informative[g]) {
      r->tot[g][0] = sat_add(n, r->best[0]);
      r->tot[g][1] = INF;
      for (int d = 2; d < NSLOT; d++) r->tot[g][d] = sat_add(n, r->best[d - 1]);
    }
}

/* The guess the tie rule picks on A for a slot: among informative guesses
 * reaching the optimum, the first that is in A in guess-list order, else
 * the first in guess-list order.  -1 if the optimum is INF. */
static int tie_rule_guess(const inst *I, const uint8_t *A, int n, const oracle_root *r, int d) {
  if (r->best[d] >= INF) return -1;
  for (int pass = 0; pass < 2; pass++)
    for (int g = 0; g < I->ng; g++) {
      bool in_a = false;
      for (int j = 0; j < n; j++) in_a |= strcmp(I->gue[g], I->ans[A[j]]) == 0;
      if (in_a != (pass == 0)) continue;
      if ((r->informative[g] || n == 1) && r->tot[g][d] == r->best[d]) return g;
    }
  return -1;
}

/* ------------------------------------------------------------------ */
/* Instances */

static int has_word(char (*w)[6], int n, const char *x) {
  for (int i = 0; i < n; i++)
    if (!strcmp(w[i], x)) return 1;
  return 0;
}

static int hamming(const char *a, const char *b) {
  int d = 0;
  for (int i = 0; i < 5; i++) d += a[i] != b[i];
  return d;
}

/* An instance of na answers and ng guesses, the guess order shuffled.
 * Half draw up to 12 answers from look-alikes of one word (one or two
 * letters apart), where guesses split poorly and the limits bind, and
 * then allow at most 6 guesses beyond the answers; a sixth have every
 * word an answer (the answers drawn from the whole guess list and the
 * guesses exactly them, as --list nyt-2022-02-all); the rest are drawn
 * at random. */
static void make_instance(const game *nyt, uint64_t *seed, int na, int ng, inst *I) {
  memset(I, 0, sizeof *I);
  I->na = 0;
  int kind = rng_range(seed, 0, 5);
  if (kind == 5) {
    while (I->na < na) {
      const char *w = nyt->guesses.w[rng_range(seed, 0, nyt->n_guesses - 1)];
      if (!has_word(I->ans, I->na, w)) strcpy(I->ans[I->na++], w);
    }
    ng = na;
    I->all = true;
  }
  if (kind <= 2) {
    const char *c = nyt->answers.w[rng_range(seed, 0, nyt->n_answers - 1)];
    int most = na < 12 ? na : 12, far = kind == 0 ? 1 : 2;
    for (int tries = 0; tries < 40000 && I->na < most; tries++) {
      const char *w = nyt->answers.w[rng_range(seed, 0, nyt->n_answers - 1)];
      if (hamming(w, c) <= far && !has_word(I->ans, I->na, w)) strcpy(I->ans[I->na++], w);
    }
    if (ng > na + 6) ng = na + 6;
  }
  while (I->na < na) {
    const char *w = nyt->answers.w[rng_range(seed, 0, nyt->n_answers - 1)];
    if (!has_word(I->ans, I->na, w)) strcpy(I->ans[I->na++], w);
  }
  I->ng = 0;
  for (int a = 0; a < na; a++) strcpy(I->gue[I->ng++], I->ans[a]);
  while (I->ng < ng) {
    const char *w = nyt->guesses.w[rng_range(seed, 0, nyt->n_guesses - 1)];
    if (!has_word(I->gue, I->ng, w)) strcpy(I->gue[I->ng++], w);
  }
  for (int i = I->ng - 1; i > 0; i--) { /* Fisher-Yates */
    int j = rng_range(seed, 0, i);
    char t[6];
    memcpy(t, I->gue[i], 6);
    memcpy(I->gue[i], I->gue[j], 6);
    memcpy(I->gue[j], t, 6);
  }
  for (int g = 0; g < I->ng; g++)
    for (int a = 0; a < I->na; a++) I->fb[g][a] = (uint8_t)ref_feedback(I->gue[g], I->ans[a]);
}

/* The next instance whose oracle fits the node budget (a few draws in a
 * hundred blow up factorially; they are drawn again, deterministically).
 * Returns the oracle's root in *r (malloc'd). */
static oracle_root *next_instance(const game *nyt, uint64_t *seed, int na_lo, int na_hi,
                                  int ng_hi, inst *I, int *redrawn) {
  oracle_root *r = malloc(sizeof *r);
  for (;;) {
    int na = rng_range(seed, na_lo, na_hi);
    int ng = rng_range(seed, na, ng_hi > na ? ng_hi : na);
    make_instance(nyt, seed, na, ng, I);
    uint8_t A8[MAXA];
    for (int i = 0; i < na; i++) A8[i] = (uint8_t)i;
    oracle_over = false;
    oracle_budget = oracle_nodes + ORACLE_BUDGET;
    oracle_root_of(I, A8, na, r);
    oracle_budget = LONG_MAX;
    if (!oracle_over) return r;
    (*redrawn)++;
  }
}

static void game_of(const inst *I, game *g) {
  const char *a[MAXA], *q[MAXG];
  for (int i = 0; i < I->na; i++) a[i] = I->ans[i];
  for (int i = 0; i < I->ng; i++) q[i] = I->gue[i];
  wordlist wa, wq;
  ck_assert_int_eq(words_from_array(a, I->na, &wa), 0);
  ck_assert_int_eq(words_from_array(q, I->ng, &wq), 0);
  ck_assert_msg(game_from_lists(g, wa, wq) == 0, "%s", err_msg());
}

/* Every answer of a list, in order: a ranking's set (the caller frees it). */
static uint16_t *every_answer(int n) {
  uint16_t *A = xmalloc(sizeof *A * (size_t)n);
  for (int i = 0; i < n; i++) A[i] = (uint16_t)i;
  return A;
}

static search *new_search(const game *g, int max_guesses, int threads, int memo_mb) {
  search_opts o;
  strategy_search_opts(&o);
  o.max_guesses = max_guesses;
  o.threads = threads;
  o.memo_mb = memo_mb;
  o.progress = false;
  return search_new(g, &o);
}

/* nyt-2022-02, loaded once: the oracle test case's unchecked fixture
 * loads it in Check's parent process (suite_in_parent()), so that every
 * test starts with its table built; tests copy the struct and never free
 * it. */
static game nyt_shared;
static bool nyt_loaded;
static const game *nyt_game(void) {
  if (!nyt_loaded) {
    ck_assert_msg(lists_load(&nyt_shared, "nyt-2022-02", NULL) == 0, "%s", err_msg());
    nyt_loaded = true;
  }
  return &nyt_shared;
}
static void nyt_load(void) { (void)nyt_game(); }
/* Under ThreadSanitizer each test loads it (nyt_game(), lazily): TSan
 * refuses threads in a child forked from a process whose OpenMP runtime
 * had started, even with one thread. */
static void nyt_setup(void) {
  if (!TEST_TSAN) suite_in_parent(nyt_load);
}
static void nyt_teardown(void) {
  if (nyt_loaded) game_free(&nyt_shared);
  nyt_loaded = false;
}

/* Check every internal node of t (reached by the n answers of A, with
 * `left` guesses left, slot d) picks the tie rule's guess, recursively. */
static void check_tie_rule(const inst *I, const tnode *t, const uint8_t *A, int n, int d,
                           int k, const char *what) {
  oracle_root *r = malloc(sizeof *r);
  oracle_root_of(I, A, n, r);
  int want = tie_rule_guess(I, A, n, r, d);
  ck_assert_msg(t->guess == want, "instance %d %s: node with %d answers guesses '%s', the tie "
                "rule says '%s'", k, what, n, I->gue[t->guess], want >= 0 ? I->gue[want] : "-");
  ck_assert_int_eq(t->total, r->best[d]);
  free(r);
  for (int i = 0; i < t->nkids; i++) {
    uint8_t sub[MAXA];
    int m = 0;
    for (int j = 0; j < n; j++)
      if (I->fb[t->guess][A[j]] == t->pat[i]) sub[m++] = A[j];
    ck_assert_int_eq(m, t->kid[i]->n);
    check_tie_rule(I, t->kid[i], sub, m, d == 0 ? 0 : d - 1, k, what);
  }
}

/* ------------------------------------------------------------------ */

START_TEST(test_oracle_sanity) {
  /* The oracle itself, on instances worked by hand (check_tree.c):
   * cigar hatch latch match = 8; hatch latch match patch = 10 with no
   * strategy within 3; cigar rebut sissy humph = 7. */
  static const char *sets[3][4] = {{"cigar", "hatch", "latch", "match"},
                                   {"hatch", "latch", "match", "patch"},
                                   {"cigar", "rebut", "sissy", "humph"}};
  static const int want[3][NSLOT] = {{8, INF, INF, 8, 8, 8, 8},
                                     {10, INF, INF, INF, 10, 10, 10},
                                     {7, INF, 7, 7, 7, 7, 7}};
  for (int k = 0; k < 3; k++) {
    inst I;
    memset(&I, 0, sizeof I);
    I.na = I.ng = 4;
    for (int i = 0; i < 4; i++) {
      strcpy(I.ans[i], sets[k][i]);
      strcpy(I.gue[i], sets[k][i]);
    }
    for (int g = 0; g < 4; g++)
      for (int a = 0; a < 4; a++) I.fb[g][a] = (uint8_t)ref_feedback(I.gue[g], I.ans[a]);
    uint8_t A[4] = {0, 1, 2, 3};
    int out[NSLOT];
    oracle_set(&I, A, 4, out);
    for (int d = 0; d < NSLOT; d++)
      ck_assert_msg(out[d] == want[k][d], "set %d slot %d: oracle %d, by hand %d", k, d, out[d],
                    want[k][d]);
  }
}
END_TEST

START_TEST(test_search_matches_oracle) {
  game nyt = *nyt_game(); /* shared: never freed here */
  uint64_t seed = 20240601;
  double t0 = now_seconds();
  long compared = 0, inf_seen[NSLOT] = {0}, evictions = 0, quick = 0, wanted = 0;
  long with_survivors = 0, all_answers = 0; /* compared with every word an answer */
  long first_none = 0; /* survivors with no strategy, by the test before their search */
  int redrawn = 0;
  for (int k = 0; k < N_INSTANCES; k++) {
    inst I;
    oracle_root *r = next_instance(&nyt, &seed, 5, 25, 40, &I, &redrawn);
    int na = I.na, ng = I.ng;
    all_answers += I.all;
    game g;
    game_of(&I, &g);
    uint8_t A8[MAXA];
    uint16_t A[MAXA];
    for (int i = 0; i < na; i++) A8[i] = (uint8_t)(A[i] = (uint16_t)i);

    for (int l = 0; l < NLIMITS; l++) {
      int L = limits[l][0], d = limits[l][1], want = r->best[d];
      char what[32];
      snprintf(what, sizeof what, "limit %d", L);
      /* Values: search_value with the search's own limit. */
      search *s = new_search(&g, L, 1, 8);
      int v = search_value(s, A, na, 0);
      ck_assert_msg(v == want, "instance %d (%d answers, %d guesses) %s: search_value %d, "
                    "oracle %d", k, na, ng, what, v, want);
      search_free(s);
      /* The solve and its tree, 1 thread. */
      s = new_search(&g, L, 1, 8);
      tnode *t1 = NULL;
      int v1 = search_solve(s, A, na, -1, &t1);
      search_free(s);
      ck_assert_msg(v1 == want, "instance %d %s: search_solve %d, oracle %d", k, what, v1, want);
      /* 2 threads and a 1 MiB memo: the same value and the same tree
       * (every other instance with L3 on classes of 4 answers or more,
       * as every word an answer raises its classes of 256). */
      s = new_search(&g, L, 2, 1);
      if (k % 2) s->l3_min = 4;
      tnode *t2 = NULL;
      int v2 = search_solve(s, A, na, -1, &t2);
      search_stats st;
      search_get_stats(s, &st);
      /* Survivors of the bounds: the root proof's last stage takes
       * them one at a time (exact_each()), each solved by its classes
       * unless the best found meanwhile already refutes it. */
      const search_root_stats *rr = search_root_report(s);
      with_survivors += rr && rr->by_exact >= 1;
      evictions += (long)st.memo_evictions;
      quick += (long)st.bound2_quick;
      wanted += (long)st.bound1_want;
      first_none += (long)st.refute_first;
      search_free(s);
      ck_assert_msg(v2 == want, "instance %d %s, 2 threads: search_solve %d, oracle %d", k, what,
                    v2, want);
      if (want >= INF) {
        inf_seen[d]++;
        ck_assert_msg(t1 == NULL && t2 == NULL, "instance %d %s: a tree with no strategy", k,
                      what);
      } else {
        ck_assert_ptr_nonnull(t1);
        ck_assert_ptr_nonnull(t2);
        ck_assert_msg(tree_check(t1, &g, A, na, L) == 0, "instance %d %s: %s", k, what,
                      err_msg());
        ck_assert_msg(tree_check(t2, &g, A, na, L) == 0, "instance %d %s: %s", k, what,
                      err_msg());
        tree_summary sum;
        tree_summarize(t1, &sum);
        ck_assert_int_eq(t1->total, want);
        ck_assert_int_eq(sum.total, want);
        ck_assert_int_eq(sum.n, na);
        if (L) ck_assert_int_le(sum.most, L);
        ck_assert_msg(tree_hash(t1) == tree_hash(t2), "instance %d %s: trees differ between 1 "
                      "and 2 threads", k, what);
        int rule = tie_rule_guess(&I, A8, na, r, d);
        ck_assert_msg(t1->guess == rule, "instance %d %s: first guess '%s', the tie rule says "
                      "'%s'", k, what, I.gue[t1->guess], I.gue[rule]);
      }
      tree_free(t1);
      tree_free(t2);
      compared++;
    }
    free(r);
    game_free(&g);
  }
  double secs = now_seconds() - t0;
  printf("oracle: %d instances (%d redrawn, %ld with every word an answer), %ld "
         "comparisons, no strategy in %ld within 2 and %ld within 3, %ld oracle nodes, %ld "
         "memo evictions, %ld L2 guesses refuted by their big classes, %ld L1 scans to a "
         "wanted bound, %ld root proofs with survivors (%ld survivors with no strategy, by "
         "the test), %.1f s\n",
         N_INSTANCES, redrawn, all_answers, compared, inf_seen[2], inf_seen[3], oracle_nodes,
         evictions, quick, wanted, with_survivors, first_none, secs);
  /* The bounds' shortcuts (search_bounds.c) are on the oracle's path. */
  ck_assert_int_gt(quick, 0);
  ck_assert_int_gt(with_survivors, 0);
  /* Survivors with no strategy within the limit, found so by the test
   * before their total's search (srch_refutes_all()), on the path. */
  ck_assert_int_gt(first_none, 0);
  ck_assert_int_ge(all_answers, N_INSTANCES / 10); /* every word an answer, among them */
  ck_assert_int_gt(wanted, 0);
  /* The limits do bind, and not always. */
  ck_assert_int_gt(inf_seen[2], TEST_SCALED(20));
  ck_assert_int_lt(inf_seen[2], N_INSTANCES);
  ck_assert_int_ge(inf_seen[3], TEST_SCALED(3));
}
END_TEST

/* The lookahead bounds (search_bounds.c) against their definitions, on
 * random subsets C of oracle instances, with the instance's guesses in
 * the kernel's order (the most classes on A first):
 *  - L1 = 3m - max over guesses h of s_h (s_h = classes + [h in C]),
 *    from ref_feedback(); srch_bound1() gives at least that (a closed
 *    form may give more) and at most the oracle's T_d(C);
 *  - given a wanted bound, at least it or the bound without it, and never
 *    above T_d(C);
 *  - L2 = min over h of m + the sum of srch_bound1() of h's classes
 *    (lookahead_definition()): srch_bound2() gives exactly the larger of it and
 *    L1, whatever its shortcuts (bound2_quick, the wanted bounds of the
 *    classes) skip;
 *  - L3 (srch_bound3()) at least L2 and at most T_d(C), above L2 on some
 *    sets, and given a need either at least it or at least L2; with none
 *    (and 4 guesses or more), exactly the larger of L1 and the least
 *    over h of m + the sum of srch_bound2() of h's classes
 *    (lookahead_definition()). */
static int ref_smax(const inst *I, const game *G, const uint8_t *C, int m) {
  int best = 0;
  for (int h = 0; h < I->ng; h++) {
    bool seen[PATTERN_COUNT] = {false}, in = false;
    int k = 0;
    for (int j = 0; j < m; j++) {
      int p = I->fb[h][C[j]];
      k += !seen[p];
      seen[p] = true;
      in |= G->ans2guess[C[j]] == h;
    }
    if (k + in > best) best = k + in;
  }
  return best;
}

/* The bounds context of A (all of g's answers) as a root proof makes it:
 * every guess, the most classes on A plus [h in A] first. */
static bounds_ctx *bounds_of(search *base, const game *g, const uint16_t *A, int n) {
  int ng = g->n_guesses, *order = malloc(sizeof *order * (size_t)ng),
      *cap = malloc(sizeof *cap * (size_t)ng);
  for (int h = 0; h < ng; h++) {
    bool seen[PATTERN_COUNT] = {false};
    int k = 0;
    for (int a = 0; a < n; a++) k += !seen[game_fb(g, h, A[a])], seen[game_fb(g, h, A[a])] = true;
    order[h] = h;
    cap[h] = k + (g->guess2ans[h] >= 0);
  }
  for (int i = 1; i < ng; i++)
    for (int j = i; j > 0 && cap[j] > cap[j - 1]; j--) {
      int t = cap[j]; cap[j] = cap[j - 1]; cap[j - 1] = t;
      t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
    }
  bounds_ctx *bx = srch_bounds_new(base, A, n, order, cap, ng);
  free(order);
  free(cap);
  return bx;
}

/* srch_bound1() or srch_bound2() (need INF) of C on a fresh search over
 * bx; its bound1_want or bound2_quick counter is added to *count. */
static int bound_fresh(const game *g, bounds_ctx *bx, int level, const uint16_t *C, int m, int d,
                       int want, long *count) {
  search *s = new_search(g, 0, 1, 1);
  bool ex;
  int v = level == 1 ? srch_bound1(&s->ctx[0], bx, C, m, d, &ex, NULL, want)
                     : srch_bound2(&s->ctx[0], bx, C, m, d, INF, 1, NULL);
  search_stats st;
  search_get_stats(s, &st);
  *count += (long)(level == 1 ? st.bound1_want : st.bound2_quick);
  search_free(s);
  return v;
}

/* srch_bound3() of C on a fresh search over bx, stopping at need. */
static int bound3_fresh(const game *g, bounds_ctx *bx, const uint16_t *C, int m, int d, int need) {
  search *s = new_search(g, 0, 1, 1);
  int v = srch_bound3(&s->ctx[0], bx, C, m, d, need, 1, NULL);
  search_free(s);
  return v;
}

/* L2 (level 2) or L3 (level 3) of C from its definition: the least over
 * every guess h of m + the bound one level down of each of h's
 * non-winning classes (at child depth cd): srch_bound1() on one fresh
 * search, whose memo holds only those classes' exact L1, or
 * srch_bound2() each on a fresh search (L2 is checked against its own
 * definition). */
#define BOUNDS_MAXSET 64
#define BOUNDS_DEFSET 128 /* the most answers lookahead_definition() takes */
static int lookahead_definition(const game *g, bounds_ctx *bx, const uint16_t *C, int m, int cd,
                                int level) {
  ck_assert_int_le(m, BOUNDS_DEFSET);
  search *sc = new_search(g, 0, 1, 1);
  int best = INF;
  for (int h = 0; h < g->n_guesses; h++) {
    int sum = m;
    bool done[BOUNDS_DEFSET] = {false};
    for (int j = 0; j < m; j++) {
      if (done[j] || game_fb(g, h, C[j]) == PATTERN_WIN) continue;
      uint16_t D[BOUNDS_DEFSET];
      int c = 0;
      for (int q = j; q < m; q++)
        if (!done[q] && game_fb(g, h, C[q]) == game_fb(g, h, C[j])) D[c++] = C[q], done[q] = true;
      bool ex;
      long none = 0;
      sum = sat_add(sum, level == 2 ? srch_bound1(&sc->ctx[0], bx, D, c, cd, &ex, NULL, INF)
                                    : bound_fresh(g, bx, 2, D, c, cd, INF, &none));
    }
    if (sum < best) best = sum;
  }
  search_free(sc);
  return best;
}

START_TEST(test_bounds_against_definitions) {
  /* One thread throughout: nothing for ThreadSanitizer to see (and 35 s
   * of its tier), so its run leaves the test to the others. */
  if (TEST_TSAN) return;
  game nyt = *nyt_game(); /* shared: never freed here */
  uint64_t seed = 20261123;
  int redrawn = 0;
  long checked = 0, quick = 0, wanted = 0, above_l1 = 0, reused = 0, above_l2 = 0, l3_checked = 0;
  long stopped_apart = 0; /* stopped L1s of sets one of their answers splits apart */
  /* By hand: ten look-alikes, guessing only themselves or a few words
   * that split them a little more (guesses that leave big classes are
   * then the best L2 has). */
  static const char *alike[] = {"batch", "catch", "hatch", "latch", "match",
                                "patch", "watch", "botch", "notch", "hutch"};
  static const char *extra[][3] = {{NULL}, {"chomp", "blimp", NULL}, {"bawls", NULL}, {"thumb", "clonk", "pewit"}};
  int nhand = (int)(sizeof extra / sizeof extra[0]);
  for (int k = -nhand; k < TEST_SCALED(100); k++) {
    inst I;
    if (k < 0) {
      memset(&I, 0, sizeof I);
      I.na = I.ng = 10;
      for (int i = 0; i < 10; i++) strcpy(I.ans[i], alike[i]), strcpy(I.gue[i], alike[i]);
      for (int e = 0; e < 3 && extra[-k - 1][e]; e++) strcpy(I.gue[I.ng++], extra[-k - 1][e]);
      for (int h = 0; h < I.ng; h++)
        for (int a = 0; a < I.na; a++) I.fb[h][a] = (uint8_t)ref_feedback(I.gue[h], I.ans[a]);
    } else {
      free(next_instance(&nyt, &seed, 6, 25, 40, &I, &redrawn));
    }
    game g;
    game_of(&I, &g);
    int na = I.na;
    uint16_t A[MAXA];
    for (int i = 0; i < na; i++) A[i] = (uint16_t)i;
    search *base = new_search(&g, 0, 1, 1);
    bounds_ctx *bx = bounds_of(base, &g, A, na);
    for (int t = 0; t < 5; t++) {
      /* A random subset of at least 3 answers. */
      uint8_t C8[MAXA];
      uint16_t C[MAXA];
      int m = 0;
      /* A itself first, then the most look-alikes of one answer (where
       * guesses split poorly: L2 meets guesses that leave a class larger
       * than any guess splits), then about 3 answers in 4. */
      int centre = 0, most = -1;
      for (int a = 0; a < na; a++) {
        int near = 0;
        for (int b = 0; b < na; b++) near += hamming(I.ans[a], I.ans[b]) <= 1;
        if (near > most) most = near, centre = a;
      }
      for (int a = 0; a < na; a++)
        if (t == 0 || (t == 1 ? hamming(I.ans[a], I.ans[centre]) <= 1 : rng_range(&seed, 0, 3)))
          C8[m] = (uint8_t)a, C[m++] = (uint16_t)a;
      if (m < 3) continue;
      int T[NSLOT];
      oracle_set(&I, C8, m, T);
      int l1 = 3 * m - ref_smax(&I, &g, C8, m);
      const int limits_d[2][2] = {{OPTLE_DEPTH_UNLIMITED, 0}, {6, 6}};
      for (int l = 0; l < 2; l++) {
        int d = limits_d[l][0], Td = T[limits_d[l][1]], cd = child_depth(d);
        long none = 0;
        int b1 = bound_fresh(&g, bx, 1, C, m, d, INF, &none);
        ck_assert_msg(b1 >= l1 && b1 <= Td, "instance %d, %d answers, d %d: L1 %d, the "
                      "definition %d, T %d", k, m, d, b1, l1, Td);
        /* Stopped before its scan: the weakest bound, still proven (a
         * stopped proof reports it): 2m - 1 at least, never above T (2m
         * once, above a set that one of its answers splits apart). */
        stop_request();
        int bs = bound_fresh(&g, bx, 1, C, m, d, INF, &none);
        stop_reset();
        ck_assert_msg(bs >= 2 * m - 1 && bs <= Td, "instance %d, %d answers, d %d: L1 stopped "
                      "%d, T %d", k, m, d, bs, Td);
        stopped_apart += m >= MEMO_MIN_SET && Td == 2 * m - 1;
        /* A wanted bound. */
        int want = rng_range(&seed, 2 * m - 1, 3 * m);
        long before = wanted;
        int bw = bound_fresh(&g, bx, 1, C, m, d, want, &wanted);
        ck_assert_msg((bw == b1 || bw >= want) && bw <= Td, "instance %d, %d answers, d %d: "
                      "L1 wanting %d gives %d, L1 %d, T %d", k, m, d, want, bw, b1, Td);
        /* Again: a wanted bound is kept in the bounds' own memo (bx's),
         * and found there without a scan, the same value. */
        long w1 = 0;
        int bw1 = bound_fresh(&g, bx, 1, C, m, d, want, &w1);
        ck_assert_int_eq(bw1, bw);
        reused += wanted > before && w1 == 0;
        /* L2 from its definition. */
        int l2 = lookahead_definition(&g, bx, C, m, cd, 2);
        int b2 = bound_fresh(&g, bx, 2, C, m, d, INF, &quick);
        int want2 = d < 3 ? b1 : (l2 > b1 ? l2 : b1);
        above_l1 += want2 > b1;
        ck_assert_msg(b2 == want2 && b2 <= Td, "instance %d, %d answers, d %d: L2 %d, the "
                      "definition %d (L1 %d), T %d", k, m, d, b2, want2, b1, Td);
        /* L3: between L2 and T_d(C); with a need, at least it or L2. */
        int b3 = bound3_fresh(&g, bx, C, m, d, INF);
        ck_assert_msg(b3 >= b2 && b3 <= Td, "instance %d, %d answers, d %d: L3 %d, L2 %d, T %d",
                      k, m, d, b3, b2, Td);
        above_l2 += b3 > b2;
        /* Exactly the larger of its definition and L1, or L1 where a
         * closed form gave the exact value (then T_d(C), above both). */
        if (d >= 4) {
          int l3 = lookahead_definition(&g, bx, C, m, cd, 3), want3 = l3 > b1 ? l3 : b1;
          ck_assert_msg(b3 == want3 || (b3 == b1 && b1 == Td && l3 <= Td),
                        "instance %d, %d answers, d %d: L3 %d, the definition %d (L1 %d), T %d",
                        k, m, d, b3, l3, b1, Td);
          l3_checked++;
        }
        int need3 = rng_range(&seed, 2 * m - 1, b3 + 1);
        int b3n = bound3_fresh(&g, bx, C, m, d, need3);
        ck_assert_msg((b3n >= need3 || b3n >= b2) && b3n <= Td, "instance %d, %d answers, d %d: "
                      "L3 needing %d gives %d, L2 %d, T %d", k, m, d, need3, b3n, b2, Td);
        checked++;
      }
    }
    srch_bounds_free(bx);
    search_free(base);
    game_free(&g);
  }
  printf("bounds: %ld sets against the definitions, L2 above L1 on %ld, L3 above L2 on %ld, %ld "
         "L2 guesses refuted by their big classes, %ld L1 scans to a wanted bound (%ld found "
         "again without one)\n", checked, above_l1, above_l2, quick, wanted, reused);
  fflush(stdout);
  ck_assert_int_gt(checked, TEST_SCALED(300));
  ck_assert_int_gt(above_l1, TEST_SCALED(20));
  ck_assert_int_gt(above_l2, 0);
  ck_assert_int_gt(l3_checked, TEST_SCALED(300));
  ck_assert_int_gt(quick, 0);
  ck_assert_int_gt(wanted, 0);
  ck_assert_int_gt(reused, 0);
  ck_assert_int_gt(stopped_apart, 0);
}
END_TEST

/* L2 on a larger set than the oracle takes (57 rhymes, guessing only
 * themselves: most guesses leave classes larger than any guess splits),
 * against the same definition, from the game's own table. */
START_TEST(test_bound2_rhymes) {
  static const char *w[] = {
      "aider", "baste", "batch", "bound", "bully", "bunny", "caste", "catch", "cater", "cider",
      "cling", "cower", "dully", "eater", "eight", "fight", "fling", "found", "fully", "funny",
      "gully", "haste", "hatch", "hater", "hound", "latch", "later", "light", "lower", "match",
      "might", "mound", "mower", "night", "paste", "patch", "pound", "power", "rider", "right",
      "round", "rower", "sight", "sling", "sound", "sower", "sully", "sunny", "taste", "tight",
      "tower", "waste", "watch", "water", "wider", "wight", "wound"};
  int n = (int)(sizeof w / sizeof w[0]);
  wordlist wa, wq;
  ck_assert_int_eq(words_from_array(w, n, &wa), 0);
  ck_assert_int_eq(words_from_array(w, n, &wq), 0);
  game g;
  ck_assert_msg(game_from_lists(&g, wa, wq) == 0, "%s", err_msg());
  uint16_t A[BOUNDS_MAXSET];
  for (int i = 0; i < n; i++) A[i] = (uint16_t)i;
  search *base = new_search(&g, 0, 1, 1);
  bounds_ctx *bx = bounds_of(base, &g, A, n);
  uint64_t seed = 57;
  long quick = 0, differ = 0;
  for (int t = 0; t < 40; t++) {
    uint16_t C[BOUNDS_MAXSET];
    int m = 0;
    for (int a = 0; a < n; a++)
      if (t == 0 || rng_range(&seed, 0, 1 + t % 3)) C[m++] = (uint16_t)a;
    if (m < 3) continue;
    int d = OPTLE_DEPTH_UNLIMITED;
    long none = 0;
    int b1 = bound_fresh(&g, bx, 1, C, m, d, INF, &none);
    int l2 = lookahead_definition(&g, bx, C, m, child_depth(d), 2);
    int b2 = bound_fresh(&g, bx, 2, C, m, d, INF, &quick);
    int want = l2 > b1 ? l2 : b1;
    differ += want > b1;
    ck_assert_msg(b2 == want, "rhymes, set %d of %d answers: L2 %d, the definition %d (L1 %d)",
                  t, m, b2, want, b1);
  }
  printf("rhymes: L2 above L1 on %ld sets, %ld L2 guesses refuted by their big classes\n", differ,
         quick);
  fflush(stdout);
  ck_assert_int_gt(quick, 100);
  srch_bounds_free(bx);
  search_free(base);
  game_free(&g);
}
END_TEST

/* L2 where its least guess is reached only after a worse one and leaves
 * a class larger than any guess splits (S = 4 here: the seven -OKE words
 * other than the guess stay together under DITCH and RABID): the
 * partition-only refutation (bound2_quick_sum()) must count such a class
 * exactly, c + 1 - S; one more and that guess is skipped, and L2 comes
 * out 23.  Found by a search of random look-alike sets (the mutant
 * bounds-l2-quick-class had survived every other instance). */
START_TEST(test_bound2_quick_edge) {
  static const char *w[] = {"broke", "choke", "stoke", "evoke", "spoke", "awoke", "smoke", "bloke"};
  static const char *q[] = {"broke", "choke", "stoke", "evoke", "spoke",
                            "awoke", "smoke", "bloke", "ditch", "rabid"};
  int n = 8;
  wordlist wa, wq;
  ck_assert_int_eq(words_from_array(w, n, &wa), 0);
  ck_assert_int_eq(words_from_array(q, 10, &wq), 0);
  game g;
  ck_assert_msg(game_from_lists(&g, wa, wq) == 0, "%s", err_msg());
  uint16_t A[8];
  for (int i = 0; i < n; i++) A[i] = (uint16_t)i;
  search *base = new_search(&g, 0, 1, 1);
  bounds_ctx *bx = bounds_of(base, &g, A, n);
  long quick = 0, none = 0;
  int d = OPTLE_DEPTH_UNLIMITED;
  int b1 = bound_fresh(&g, bx, 1, A, n, d, INF, &none);
  int l2 = lookahead_definition(&g, bx, A, n, child_depth(d), 2);
  int b2 = bound_fresh(&g, bx, 2, A, n, d, INF, &quick);
  ck_assert_int_eq(l2, 22);
  ck_assert_int_lt(b1, l2);
  ck_assert_int_eq(b2, l2);
  ck_assert_int_gt(quick, 0); /* the shortcut was taken */
  srch_bounds_free(bx);
  search_free(base);
  game_free(&g);
}
END_TEST

/* Look-alikes, where guesses split poorly and L3 passes L2: g's answers
 * ending in -ATCH, -IGHT, -OUND, -ILLY, -ASTE and -ER, into A (their
 * count returned). */
static int lookalikes(const game *g, uint16_t *A) {
  static const char *ends[] = {"atch", "ight", "ound", "illy", "aste", "er"};
  int na = 0;
  for (int a = 0; a < g->n_answers; a++)
    for (size_t e = 0; e < sizeof ends / sizeof *ends; e++)
      if (!strcmp(g->answers.w[a] + 5 - strlen(ends[e]), ends[e])) {
        A[na++] = (uint16_t)a;
        break;
      }
  return na;
}

/* First guess h on A[0..na) as the refuting stages take it: its L0 (the
 * recursion's own bound, 3n - classes - 2 [h in A]), bound unset. */
static opener opener_of(const game *g, const uint16_t *A, int na, int h) {
  bool seen[PATTERN_COUNT] = {false};
  int cls = 0, green = 0;
  for (int a = 0; a < na; a++) {
    int p = game_fb(g, h, A[a]);
    if (p == PATTERN_WIN) green = 1;
    else cls += !seen[p], seen[p] = true;
  }
  return (opener){.g = h, .green = green, .l0 = 3 * na - cls - 2 * green};
}

/* A survivor's sum again (srch_survivor()) raises its classes to L3 on
 * the big lists (s->l3_min), as stage 3 did: a resumed ranking has lost
 * stage 3's L3 bounds with its process (issue 47).  On a fresh memo,
 * every first guess whose L3 sum passes its L2 sum is refuted at
 * beta = L2 sum + 1 by that sum alone, with no node searched; with the
 * L2 sum alone it would be below beta, and searched. */
START_TEST(test_survivor_raises_to_l3) {
  game g = *nyt_game(); /* shared: never freed here */
  uint16_t A[4096];
  int na = lookalikes(&g, A);
  int d = 6;
  search *base = new_search(&g, d, 1, 1);
  bounds_ctx *bx = bounds_of(base, &g, A, na);
  long raised = 0, tried = 0;
  for (int h = 0; h < g.n_guesses; h += 97) {
    opener o = opener_of(&g, A, na, h);
    o.bound = o.l0;
    search *s2 = new_search(&g, d, 1, 1);
    int l2 = srch_bound2_sum(&s2->ctx[0], bx, A, na, d, &o, INF, NULL, false, 0);
    search_free(s2);
    if (l2 >= INF) continue;
    tried++;
    /* Its L3 sum, stopping at l2 + 1 (as the refuting stages take it). */
    search *s3 = new_search(&g, d, 1, 1);
    s3->l3_min = 4;
    int l3 = srch_bound2_sum(&s3->ctx[0], bx, A, na, d, &o, l2 + 1, NULL, true, 0);
    search_free(s3);
    ck_assert_int_ge(l3, l2); /* never below what L2 proved */
    if (l3 == l2) continue; /* the survivor would be searched */
    search *s = new_search(&g, d, 1, 1);
    s->l3_min = 4;
    proof_at at = srch_at_root(s);
    int v = srch_survivor(&s->ctx[0], bx, A, na, d, &o, l2 + 1, NULL, at.U, at.nu, NULL, true);
    search_stats st;
    search_get_stats(s, &st);
    search_free(s);
    ck_assert_msg(v == l3 && st.nodes == 0, "guess %s: L3 sum %d at %d, the survivor's %d "
                  "after %llu nodes", g.guesses.w[h], l3, l2 + 1, v, (unsigned long long)st.nodes);
    raised++;
  }
  printf("survivors: %d look-alike answers, %ld first guesses, %ld refuted by L3 above their "
         "L2 sums\n", na, tried, raised);
  fflush(stdout);
  ck_assert_int_gt(raised, 10);
  srch_bounds_free(bx);
  search_free(base);
}
END_TEST

/* The refuting stages' L2 (srch_bound2_sum() given stage, search_l2.c
 * ask_rounds()) asks its classes in rounds, from L2_FIRST_ASK times
 * their share of what the sum lacks; the sum must end as one pass over
 * the classes leaves it (the same call not as a stage, with no stop):
 * at or above stop when the classes' L2 sum reaches stop, else that sum
 * itself, every class at its L2.  Each first guess (every 97th guess)
 * is asked at stops between its L1 sum and past its L2 sum, each on a
 * fresh search (no L3: l3_min 0), on the look-alikes above. */
START_TEST(test_l2_rounds_as_one_pass) {
  game g = *nyt_game(); /* shared: never freed here */
  uint16_t A[4096];
  int na = lookalikes(&g, A);
  int d = 6;
  search *base = new_search(&g, d, 1, 1);
  bounds_ctx *bx = bounds_of(base, &g, A, na);
  long asked = 0, refuted = 0, kept = 0;
  for (int h = 0; h < g.n_guesses; h += 97) {
    opener o = opener_of(&g, A, na, h);
    int sums[2]; /* L1's, then every class's L2 in one pass */
    for (int l2 = 0; l2 < 2; l2++) {
      search *s = new_search(&g, d, 1, 1);
      ck_assert(s->l3_min == 0 && s->l2_first == 0);
      sums[l2] = l2 ? srch_bound2_sum(&s->ctx[0], bx, A, na, d, &o, INF, NULL, false, 0)
                    : srch_bound1_sum(&s->ctx[0], bx, A, na, d, &o, INF, NULL, 0);
      search_free(s);
    }
    int l1 = sums[0], full = sums[1];
    if (full >= INF || full == l1) continue; /* nothing for L2 to raise */
    ck_assert_int_gt(full, l1);
    int stops[] = {l1 + 1, l1 + (full - l1) / 3 + 1, l1 + 2 * (full - l1) / 3 + 1, full,
                   full + 1, full + 50};
    for (size_t t = 0; t < sizeof stops / sizeof *stops; t++) {
      search *s = new_search(&g, d, 1, 1);
      s->l2_first = L2_FIRST_ASK; /* the big lists' (0 on this one) */
      int v = srch_bound2_sum(&s->ctx[0], bx, A, na, d, &o, stops[t], NULL, true, 0);
      search_free(s);
      asked++;
      if (full >= stops[t]) {
        ck_assert_msg(v >= stops[t] && v <= full, "guess %s: %d at stop %d, one pass %d",
                      g.guesses.w[h], v, stops[t], full);
        refuted++;
      } else {
        ck_assert_msg(v == full, "guess %s: %d at stop %d, one pass %d (every class at its L2)",
                      g.guesses.w[h], v, stops[t], full);
        kept++;
      }
    }
  }
  printf("L2 rounds: %ld sums asked, %ld at their stop, %ld every class at its L2\n", asked,
         refuted, kept);
  fflush(stdout);
  ck_assert_int_gt(refuted, 40);
  ck_assert_int_gt(kept, 20);
  srch_bounds_free(bx);
  search_free(base);
}
END_TEST

/* The refuting stages' L3 (srch_bound2_sum() given stage, search_l2.c
 * ask_rounds()) asks its classes in rounds, a share of what the sum lacks
 * at a time; the sum must end as one pass over the classes leaves it:
 * at or above stop when the classes' L3 sum reaches stop, else that sum
 * itself, every class at its L3.  One pass is the same call with a stop
 * no sum reaches (its first round asks each class for all it has), and
 * each first guess is asked again at stops between its L2 sum and past
 * its L3 sum, each on a fresh search, on the look-alikes above. */
START_TEST(test_l3_rounds_as_one_pass) {
  game g = *nyt_game(); /* shared: never freed here */
  uint16_t A[4096];
  int na = lookalikes(&g, A);
  int d = 6, never = INF / 2; /* a stop no sum reaches: one pass */
  search *base = new_search(&g, d, 1, 1);
  bounds_ctx *bx = bounds_of(base, &g, A, na);
  long asked = 0, refuted = 0, kept = 0;
  for (int h = 0; h < g.n_guesses; h += 193) {
    opener o = opener_of(&g, A, na, h);
    int sums[2]; /* L2's, then every class's L3 in one pass */
    for (int l3 = 0; l3 < 2; l3++) {
      search *s = new_search(&g, d, 1, 1);
      s->l3_min = 4;
      sums[l3] = srch_bound2_sum(&s->ctx[0], bx, A, na, d, &o, never, NULL, l3, 0);
      search_free(s);
    }
    int l2 = sums[0], full = sums[1];
    if (l2 >= INF || full == l2) continue; /* nothing for L3 to raise */
    ck_assert_int_gt(full, l2);
    int stops[] = {l2 + 1, l2 + (full - l2) / 3 + 1, l2 + 2 * (full - l2) / 3 + 1, full,
                   full + 1, full + 50};
    for (size_t t = 0; t < sizeof stops / sizeof *stops; t++) {
      search *s = new_search(&g, d, 1, 1);
      s->l3_min = 4;
      int v = srch_bound2_sum(&s->ctx[0], bx, A, na, d, &o, stops[t], NULL, true, 0);
      search_free(s);
      asked++;
      if (full >= stops[t]) {
        ck_assert_msg(v >= stops[t] && v <= full, "guess %s: %d at stop %d, one pass %d",
                      g.guesses.w[h], v, stops[t], full);
        refuted++;
      } else {
        ck_assert_msg(v == full, "guess %s: %d at stop %d, one pass %d (every class at its L3)",
                      g.guesses.w[h], v, stops[t], full);
        kept++;
      }
    }
  }
  printf("L3 rounds: %ld sums asked, %ld at their stop, %ld every class at its L3\n", asked,
         refuted, kept);
  fflush(stdout);
  ck_assert_int_gt(refuted, 20);
  ck_assert_int_gt(kept, 10);
  srch_bounds_free(bx);
  search_free(base);
}
END_TEST

/* L2 of a big class (BOUNDS_SUB_MIN answers or more: the class's own
 * order of the guesses and its caps, search_bounds.c) against the same
 * definition, over every NYT guess: classes of 40 to 64 answers that
 * first guesses leave on the NYT lists. */
START_TEST(test_bound2_own_order) {
  game g = *nyt_game(); /* shared: never freed here */
  int n = g.n_answers;
  uint16_t *A = malloc(sizeof *A * (size_t)n);
  for (int i = 0; i < n; i++) A[i] = (uint16_t)i;
  search *base = new_search(&g, 0, 1, 1);
  bounds_ctx *bx = bounds_of(base, &g, A, n);
  uint64_t seed = 40;
  long quick = 0, own = 0, differ = 0, checked = 0;
  while (checked < TEST_SCALED(4)) {
    /* A random first guess's classes within the size range. */
    int f = rng_range(&seed, 0, g.n_guesses - 1);
    for (int p = 0; p < PATTERN_WIN && checked < TEST_SCALED(4); p++) {
      uint16_t C[BOUNDS_MAXSET];
      int m = 0;
      for (int a = 0; a < n && m <= BOUNDS_MAXSET; a++)
        if (game_fb(&g, f, a) == p) {
          if (m < BOUNDS_MAXSET) C[m] = (uint16_t)a;
          m++;
        }
      if (m < BOUNDS_SUB_MIN || m > BOUNDS_MAXSET) continue;
      int d = 5; /* a first guess's classes */
      long none = 0;
      int b1 = bound_fresh(&g, bx, 1, C, m, d, INF, &none);
      int l2 = lookahead_definition(&g, bx, C, m, child_depth(d), 2);
      search *s = new_search(&g, 0, 1, 1);
      int b2 = srch_bound2(&s->ctx[0], bx, C, m, d, INF, 1, NULL);
      search_stats st;
      search_get_stats(s, &st);
      search_free(s);
      quick += (long)st.bound2_quick;
      own += (long)st.bound2_own;
      int want = l2 > b1 ? l2 : b1;
      differ += want > b1;
      ck_assert_msg(b2 == want, "%s's class %d (%d answers): L2 %d, the definition %d (L1 %d)",
                    g.guesses.w[f], p, m, b2, want, b1);
      checked++;
    }
  }
  printf("own order: %ld classes of %d+ answers, L2 above L1 on %ld, %ld L2 guesses refuted by "
         "their big classes\n", checked, BOUNDS_SUB_MIN, differ, quick);
  fflush(stdout);
  ck_assert_int_eq(own, checked); /* every one took the class's own order */
  ck_assert_int_gt(differ, 0);
  srch_bounds_free(bx);
  search_free(base);
  free(A);
}
END_TEST

/* L3 of a big set (BOUNDS_SUB_MIN answers or more: the set's own order,
 * for its candidates' classes and the L2s under them, search_l2.c
 * bound3_own()) against its definition and the lookahead bounds below
 * it, on small games: the answers of a class of 40 to 128 that a NYT
 * first guess leaves, with those and 5 other NYT guesses to guess (few
 * guesses split a set poorly, so that L3 rises above L2 on some, and
 * some candidates leave classes of 40 or more, whose L2s then make their
 * own order from the set's); the whole set (no guess limit) and about 3
 * answers in 4 of it (at most 5 guesses). */
static void small_game(const game *nyt, uint64_t *seed, const char **a, int na, game *g) {
  const char *q[BOUNDS_DEFSET + 5];
  int nq = 0;
  for (int i = 0; i < na; i++) q[nq++] = a[i];
  while (nq < na + 5) {
    const char *w = nyt->guesses.w[rng_range(seed, 0, nyt->n_guesses - 1)];
    bool dup = false;
    for (int i = 0; i < nq && !dup; i++) dup = !strcmp(q[i], w);
    if (!dup) q[nq++] = w;
  }
  wordlist wa, wq;
  ck_assert_int_eq(words_from_array(a, na, &wa), 0);
  ck_assert_int_eq(words_from_array(q, nq, &wq), 0);
  ck_assert_msg(game_from_lists(g, wa, wq) == 0, "%s", err_msg());
}

START_TEST(test_bound3_own_order) {
  const game *nyt = nyt_game();
  uint64_t seed = 47;
  long checked = 0, own = 0, above_l2 = 0, own2 = 0;
  while (checked < TEST_SCALED(24)) {
    int f = rng_range(&seed, 0, nyt->n_guesses - 1), p = rng_range(&seed, 0, PATTERN_WIN - 1);
    const char *a[BOUNDS_DEFSET];
    int na = 0;
    for (int i = 0; i < nyt->n_answers && na <= BOUNDS_DEFSET; i++)
      if (game_fb(nyt, f, i) == p && na++ < BOUNDS_DEFSET) a[na - 1] = nyt->answers.w[i];
    if (na < BOUNDS_SUB_MIN || na > BOUNDS_DEFSET) continue;
    game g;
    small_game(nyt, &seed, a, na, &g);
    uint16_t A[BOUNDS_DEFSET], C[BOUNDS_DEFSET];
    for (int i = 0; i < na; i++) A[i] = (uint16_t)i;
    search *base = new_search(&g, 0, 1, 1);
    bounds_ctx *bx = bounds_of(base, &g, A, na);
    for (int t = 0; t < 2; t++) {
      int m = 0, d = t == 0 ? OPTLE_DEPTH_UNLIMITED : 5;
      for (int i = 0; i < na; i++)
        if (t == 0 || rng_range(&seed, 0, 3)) C[m++] = (uint16_t)i;
      if (m < BOUNDS_SUB_MIN) continue;
      long none = 0;
      int b1 = bound_fresh(&g, bx, 1, C, m, d, INF, &none);
      int b2 = bound_fresh(&g, bx, 2, C, m, d, INF, &none);
      int l3 = lookahead_definition(&g, bx, C, m, child_depth(d), 3), want = l3 > b1 ? l3 : b1;
      search *s = new_search(&g, 0, 1, 1);
      int b3 = srch_bound3(&s->ctx[0], bx, C, m, d, INF, 1, NULL);
      search_stats st;
      search_get_stats(s, &st);
      search_free(s);
      own += (long)st.bound3_own;
      own2 += (long)st.bound2_own;
      ck_assert_msg(b3 == want && b3 >= b2, "%s's class %d (%d of %d answers), d %d: L3 %d, the "
                    "definition %d (L1 %d, L2 %d)", nyt->guesses.w[f], p, m, na, d, b3, l3, b1, b2);
      above_l2 += b3 > b2;
      /* Given a need: at least it or L3, never above L3. */
      int need = rng_range(&seed, b2, b3 + 1);
      int b3n = bound3_fresh(&g, bx, C, m, d, need);
      ck_assert_msg(b3n >= (need < b3 ? need : b3) && b3n <= b3, "%s's class %d (%d answers), "
                    "d %d: L3 needing %d gives %d, L3 %d", nyt->guesses.w[f], p, m, d, need, b3n,
                    b3);
      checked++;
    }
    srch_bounds_free(bx);
    search_free(base);
    game_free(&g);
  }
  printf("L3's own order: %ld sets of %d+ answers, L3 above L2 on %ld, %ld L2s under them in "
         "their own order\n", checked, BOUNDS_SUB_MIN, above_l2, own2);
  fflush(stdout);
  ck_assert_int_eq(own, checked); /* every one took the set's own order */
  ck_assert_int_gt(above_l2, 0);
  ck_assert_int_gt(own2, 0); /* a class of 40+ answers under one: its bounds from the set's */
}
END_TEST

/* The letter caps (search_bounds.c) over every NYT guess, on classes
 * that first guesses leave (4 to 400 answers): each at least the guess's
 * classes there, and some of them exactly that; and L1 of each class,
 * scanned with the caps (and the packed blocks, on a CPU with AVX-512
 * VBMI), against its definition: 3m - the largest s of any guess (m + 1
 * only when an answer splits C into singletons: T = 2m - 1).  A wanted
 * L1 is L1, or at least what was wanted. */
START_TEST(test_letter_caps) {
  game g = *nyt_game(); /* shared: never freed here */
  int n = g.n_answers;
  uint16_t *A = malloc(sizeof *A * (size_t)n), *C = malloc(sizeof *C * (size_t)n);
  for (int i = 0; i < n; i++) A[i] = (uint16_t)i;
  search *base = new_search(&g, 0, 1, 1);
  bounds_ctx *bx = bounds_of(base, &g, A, n);
  uint64_t seed = 41;
  long checked = 0, tight = 0, below = 0, guesses = 0;
  while (checked < TEST_SCALED(12)) {
    int f = rng_range(&seed, 0, g.n_guesses - 1), p = rng_range(&seed, 0, PATTERN_WIN - 1), m = 0;
    for (int a = 0; a < n; a++)
      if (game_fb(&g, f, a) == p) C[m++] = (uint16_t)a;
    if (m < 4 || m > 400) continue;
    int smax = 0;
    for (int h = 0; h < g.n_guesses; h++) {
      bool seen[PATTERN_COUNT] = {false};
      int k = 0, green = 0;
      for (int j = 0; j < m; j++) {
        int q = game_fb(&g, h, C[j]);
        k += !seen[q];
        seen[q] = true;
        green |= q == PATTERN_WIN;
      }
      int cap = srch_letter_cap(&g, C, m, h);
      ck_assert_msg(cap >= k, "%s on %s's class %d (%d answers): %d classes, letter cap %d",
                    g.guesses.w[h], g.guesses.w[f], p, m, k, cap);
      tight += cap == k;
      below += cap < m;
      guesses++;
      smax = k + green > smax ? k + green : smax;
    }
    long none = 0;
    int l1 = 3 * m - smax;
    int b1 = bound_fresh(&g, bx, 1, C, m, 5, INF, &none);
    ck_assert_msg(b1 == l1, "%s's class %d (%d answers): L1 %d, the definition %d",
                  g.guesses.w[f], p, m, b1, l1);
    int want = rng_range(&seed, 2 * m - 1, 3 * m);
    int bw = bound_fresh(&g, bx, 1, C, m, 5, want, &none);
    ck_assert_msg(bw <= l1 && (bw == l1 || bw >= want), "%s's class %d (%d answers): L1 %d, "
                  "wanting %d gives %d", g.guesses.w[f], p, m, l1, want, bw);
    checked++;
  }
  printf("letter caps: %ld classes, %ld guesses: the cap below the class's size on %ld, exact on "
         "%ld; %s kernel\n", checked, guesses, below, tight, srch_bounds_kernel());
  fflush(stdout);
  ck_assert_int_gt(tight, 0);
  ck_assert_int_gt(below, guesses / 10); /* it does cut */
  srch_bounds_free(bx);
  search_free(base);
  free(A);
  free(C);
}
END_TEST

/* search_value's depth argument, every limit from one search, on random
 * subsets too; and the tie rule at every node of the trees. */
START_TEST(test_values_subsets_and_tie_rule) {
  game nyt = *nyt_game(); /* shared: never freed here */
  uint64_t seed = 777;
  double t0 = now_seconds();
  int redrawn = 0;
  for (int k = 0; k < TEST_SCALED(200); k++) {
    inst I;
    free(next_instance(&nyt, &seed, 5, 20, 36, &I, &redrawn));
    int na = I.na;
    game g;
    game_of(&I, &g);
    /* One search shared by all calls: its memo carries over. */
    search *s = new_search(&g, 0, 1, 1);
    for (int rep = 0; rep < 4; rep++) {
      uint8_t S8[MAXA];
      uint16_t S[MAXA];
      int n = 0;
      for (int i = 0; i < na; i++)
        if (rep == 0 || rng_range(&seed, 0, 2)) {
          S8[n] = (uint8_t)i;
          S[n++] = (uint16_t)i;
        }
      if (n == 0) continue;
      int out[NSLOT];
      oracle_set(&I, S8, n, out);
      const int depths[] = {255, 1, 2, 3, 4, 5, 6};
      for (int d = 0; d < NSLOT; d++) {
        int v = search_value(s, S, n, depths[d]);
        ck_assert_msg(v == out[d], "instance %d, %d answers, depth %d: search_value %d, oracle %d",
                      k, n, depths[d], v, out[d]);
      }
    }
    search_free(s);
    /* Every node of every tree follows the tie rule. */
    uint8_t A8[MAXA];
    uint16_t A[MAXA];
    for (int i = 0; i < na; i++) A8[i] = (uint8_t)(A[i] = (uint16_t)i);
    for (int l = 0; l < NLIMITS; l++) {
      s = new_search(&g, limits[l][0], 2, 4);
      tnode *t = NULL;
      int v = search_solve(s, A, na, -1, &t);
      search_free(s);
      if (v < INF) check_tie_rule(&I, t, A8, na, limits[l][1], k, "tree");
      tree_free(t);
    }
    game_free(&g);
  }
  printf("subsets and tie rule: %d instances, %.1f s\n", TEST_SCALED(200), now_seconds() - t0);
}
END_TEST

/* --first: the optimum with the first guess fixed, any guess at all
 * (even one that tells nothing), against the oracle's total for it. */
START_TEST(test_first_guess_fixed) {
  game nyt = *nyt_game(); /* shared: never freed here */
  uint64_t seed = 4242;
  int compared = 0, redrawn = 0;
  double t0 = now_seconds();
  for (int k = 0; k < TEST_SCALED(200); k++) {
    inst I;
    oracle_root *r = next_instance(&nyt, &seed, 5, 20, 36, &I, &redrawn);
    int na = I.na;
    game g;
    game_of(&I, &g);
    uint8_t A8[MAXA];
    uint16_t A[MAXA];
    for (int i = 0; i < na; i++) A8[i] = (uint8_t)(A[i] = (uint16_t)i);
    for (int rep = 0; rep < 2; rep++) {
      int first = rng_range(&seed, 0, I.ng - 1);
      for (int l = 0; l < NLIMITS; l++) {
        int L = limits[l][0], d = limits[l][1], want = r->tot[first][d];
        int threads = 1 + (rep + l) % 2;
        search *s = new_search(&g, L, threads, 4);
        /* Every other solve takes each class of 2 or more alone, by its
         * own root proof (as every word an answer does from 16). */
        if ((k + l) % 2) s->split_min = 2;
        tnode *t = NULL;
        int v = search_solve(s, A, na, first, &t);
        search_free(s);
        ck_assert_msg(v == want, "instance %d, first '%s' (%s), limit %d: %d, oracle %d", k,
                      I.gue[first], r->informative[first] ? "informative" : "uninformative", L,
                      v, want);
        if (want < INF) {
          ck_assert_ptr_nonnull(t);
          ck_assert_int_eq(t->guess, first);
          ck_assert_int_eq(t->total, want);
          ck_assert_msg(tree_check(t, &g, A, na, L) == 0, "%s", err_msg());
        } else {
          ck_assert_ptr_null(t);
        }
        tree_free(t);
        compared++;
      }
    }
    /* The best first guess, fixed, gives the unconstrained optimum. */
    int best = tie_rule_guess(&I, A8, na, r, 6);
    if (best >= 0) {
      search *s = new_search(&g, 6, 1, 4);
      ck_assert_int_eq(search_solve(s, A, na, best, NULL), r->best[6]);
      search_free(s);
    }
    free(r);
    game_free(&g);
  }
  printf("first guess fixed: %d comparisons, %.1f s\n", compared, now_seconds() - t0);
  ck_assert_int_ge(compared, TEST_SCALED(1600));
}
END_TEST

/*
 * The window's edges.  search_value_window(beta) must return T exactly
 * when T < beta and otherwise a proven bound b with beta <= b <= T; and
 * a bound it leaves in the memo must never come back as an exact value.
 * Random instances as above, each guess limit, beta at T - 1, T and T + 1
 * (the edges: a fail high whose bound equals beta, a fail low whose value
 * is beta - 1), at the least bounds 2n - 1 and 2n, and unbounded; with 1
 * thread and an 8 MiB memo, and with 2 threads (the root split) and a
 * 1 MiB memo.  After every window the same search, memo and all, must
 * still give T with no window, and so must windows and plain values on
 * subsets of the instance, whose bounds the memo also holds.
 */
static int window_fail_high, window_at_edge;

static void window_check(search *s, const uint16_t *A, int n, int beta, int want,
                         const char *what) {
  bool exact;
  int v = search_value_window(s, A, n, 0, beta, &exact);
  if (beta > want) {
    ck_assert_msg(exact && v == want, "%s, %d answers, beta %d: %d (%s), expected exactly %d",
                  what, n, beta, v, exact ? "exact" : "a bound", want);
  } else {
    ck_assert_msg(beta <= v && v <= want, "%s, %d answers, beta %d: %d, expected a bound in "
                  "[%d, %d]", what, n, beta, v, beta, want);
    ck_assert_msg(exact == (v >= INF), "%s, %d answers, beta %d: %d returned as %s", what, n,
                  beta, v, exact ? "exact" : "a bound");
    window_fail_high++;
    window_at_edge += v == beta;
  }
  /* What the window stored is a bound: no window, the exact value. */
  int u = search_value(s, A, n, 0);
  ck_assert_msg(u == want, "%s, %d answers: search_value %d after a window at %d, expected %d",
                what, n, u, beta, want);
}

START_TEST(test_window_edges) {
  game nyt = *nyt_game(); /* shared: never freed here */
  uint64_t seed = 8675309;
  double t0 = now_seconds();
  int redrawn = 0, sets = 0;
  window_fail_high = window_at_edge = 0;
  for (int k = 0; k < N_WINDOW; k++) {
    inst I;
    oracle_root *r = next_instance(&nyt, &seed, 5, 20, 36, &I, &redrawn);
    int na = I.na;
    game g;
    game_of(&I, &g);
    uint16_t A[MAXA];
    for (int i = 0; i < na; i++) A[i] = (uint16_t)i;
    /* Two subsets of 4 or more answers (memoised sets) and their values. */
    uint8_t S8[2][MAXA];
    uint16_t S[2][MAXA];
    int ns[2], sv[2][NSLOT];
    for (int j = 0; j < 2; j++) {
      do {
        ns[j] = 0;
        for (int i = 0; i < na; i++)
          if (rng_range(&seed, 0, 2)) {
            S8[j][ns[j]] = (uint8_t)i;
            S[j][ns[j]++] = (uint16_t)i;
          }
      } while (ns[j] < 4);
      oracle_set(&I, S8[j], ns[j], sv[j]);
    }
    for (int l = 0; l < NLIMITS; l++) {
      int L = limits[l][0], d = limits[l][1], V = r->best[d];
      for (int cfg = 0; cfg < 2; cfg++) {
        char what[64];
        snprintf(what, sizeof what, "instance %d, limit %d, %d thread%s", k, L, cfg + 1,
                 cfg ? "s" : "");
        search *s = new_search(&g, L, cfg + 1, cfg ? 1 : 8);
        const int betas[] = {V - 1, V, V + 1, 2 * na - 1, 2 * na, INF};
        for (size_t b = 0; b < sizeof betas / sizeof *betas; b++)
          if (betas[b] >= 1) window_check(s, A, na, betas[b], V, what);
        for (int j = 0; j < 2; j++) {
          int W = sv[j][d];
          const int sb[] = {W - 1, W, W + 1};
          for (int b = 0; b < 3; b++) window_check(s, S[j], ns[j], sb[b], W, what);
          sets++;
        }
        search_free(s);
      }
    }
    free(r);
    game_free(&g);
  }
  printf("windows: %d instances (%d redrawn), %d subsets, %d fail-highs, %d of them at beta "
         "itself, %.1f s\n",
         N_WINDOW, redrawn, sets, window_fail_high, window_at_edge, now_seconds() - t0);
  /* The edge is reached, often. */
  ck_assert_int_gt(window_at_edge, TEST_SCALED(1000));
}
END_TEST

/* A guess limit of one: only a single answer can be solved. */
START_TEST(test_limit_one) {
  const char *w[] = {"cigar", "rebut", "sissy", "humph"};
  wordlist a, q;
  ck_assert_int_eq(words_from_array(w, 4, &a), 0);
  ck_assert_int_eq(words_from_array(w, 4, &q), 0);
  game g;
  ck_assert_int_eq(game_from_lists(&g, a, q), 0);
  uint16_t A[] = {0, 1, 2, 3};
  search *s = new_search(&g, 1, 1, 1);
  ck_assert_int_eq(search_value(s, A, 4, 0), INF);
  ck_assert_int_eq(search_value(s, A, 1, 0), 1);
  ck_assert_int_eq(search_solve(s, A + 2, 1, -1, NULL), 1);
  ck_assert_int_eq(search_solve(s, A, 2, -1, NULL), INF);
  search_free(s);
  /* cigar splits the other three apart, but that takes a second guess. */
  s = new_search(&g, 1, 1, 1);
  tnode *t = NULL;
  int v = search_solve(s, A, 4, -1, &t);
  search_free(s);
  ck_assert_msg(v == INF, "search_solve with max_guesses 1 on 4 answers: %d, expected no "
                "strategy (OPTLE_INF)", v);
  tree_free(t);
  s = new_search(&g, 1, 1, 1);
  ck_assert_int_eq(search_solve(s, A, 4, 0, NULL), INF);
  search_free(s);
  game_free(&g);
}
END_TEST

/* One answer, two answers, three: the closed forms, with and without a
 * fixed first guess. */
START_TEST(test_tiny_sets) {
  const char *w[] = {"hatch", "latch", "match", "plumb"};
  wordlist a, q;
  ck_assert_int_eq(words_from_array(w, 3, &a), 0);
  ck_assert_int_eq(words_from_array(w, 4, &q), 0);
  game g;
  ck_assert_int_eq(game_from_lists(&g, a, q), 0);
  uint16_t A[] = {0, 1, 2};
  search *s = new_search(&g, 6, 1, 1);
  ck_assert_int_eq(search_value(s, A, 1, 0), 1);
  ck_assert_int_eq(search_value(s, A, 2, 0), 3);
  ck_assert_int_eq(search_value(s, A, 3, 0), 6);  /* guess them in turn: 1 + 2 + 3 */
  ck_assert_int_eq(search_value(s, A, 3, 2), 6);  /* plumb, then the one left: 2 + 2 + 2 */
  ck_assert_int_eq(search_value(s, A, 2, 1), INF);
  tnode *t = NULL;
  ck_assert_int_eq(search_solve(s, A + 1, 1, -1, &t), 1);
  ck_assert_int_eq(t->guess, 1);
  ck_assert_int_eq(t->nkids, 0);
  tree_free(t);
  /* One answer, another first guess: 2. */
  ck_assert_int_eq(search_solve(s, A + 1, 1, 3, &t), 2);
  ck_assert_int_eq(t->guess, 3);
  ck_assert_int_eq(t->nkids, 1);
  ck_assert_msg(tree_check(t, &g, A + 1, 1, 6) == 0, "%s", err_msg());
  tree_free(t);
  search_free(s);
  s = new_search(&g, 2, 1, 1);
  ck_assert_int_eq(search_solve(s, A, 3, -1, &t), 6);
  ck_assert_str_eq(g.guesses.w[t->guess], "plumb");
  ck_assert_msg(tree_check(t, &g, A, 3, 2) == 0, "%s", err_msg());
  tree_free(t);
  search_free(s);
  game_free(&g);
}
END_TEST

/* Look-alikes no guess tells apart but by hitting them: T = 1 + 2 + ... + n,
 * and nothing within n - 1 guesses.  One search answers every depth, in
 * both orders, so its memo holds values of the same sets at different
 * depths: the depth must be part of the key exactly where it binds. */
/* The memo's default cap follows the list (memo_default_mb()): the
 * default for a list under MEMO_BIG_ANSWERS answers, MEMO_BIG_MB from
 * there (MEMO_FIXED_FIRST_MB for a fixed first guess); a --memo-mb given
 * is kept. */
START_TEST(test_memo_default_by_list) {
  static const struct { const char *list; int mb; } want[] = {
      {"small", MEMO_DEFAULT_MB}, {"nyt-2022-02", MEMO_DEFAULT_MB}, {"nyt-2023-07", MEMO_BIG_MB}};
  ck_assert_int_gt(MEMO_BIG_MB, MEMO_DEFAULT_MB);
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    game g;
    ck_assert_msg(lists_load(&g, want[i].list, NULL) == 0, "%s", err_msg());
    ck_assert_int_eq(g.n_answers >= MEMO_BIG_ANSWERS, want[i].mb == MEMO_BIG_MB);
    search *s = new_search(&g, 6, 1, 0);
    ck_assert_msg(s->o.memo_mb == want[i].mb, "%s: memo %d MiB, want %d", want[i].list,
                  s->o.memo_mb, want[i].mb);
    search_free(s);
    s = new_search(&g, 6, 1, 3);
    ck_assert_int_eq(s->o.memo_mb, 3);
    search_free(s);
    game_free(&g);
  }
  ck_assert_int_eq(memo_default_mb(MEMO_BIG_ANSWERS - 1, false), MEMO_DEFAULT_MB);
  ck_assert_int_eq(memo_default_mb(MEMO_BIG_ANSWERS, false), MEMO_BIG_MB);
  /* A solve of one fixed first guess: a larger default on big lists
   * only (its proof's overflow made the tree phase solve it again). */
  ck_assert_int_gt(MEMO_FIXED_FIRST_MB, MEMO_BIG_MB);
  ck_assert_int_eq(memo_default_mb(MEMO_BIG_ANSWERS - 1, true), MEMO_DEFAULT_MB);
  ck_assert_int_eq(memo_default_mb(MEMO_BIG_ANSWERS, true), MEMO_FIXED_FIRST_MB);
  game g;
  ck_assert_msg(lists_load(&g, "nyt-2023-07", NULL) == 0, "%s", err_msg());
  search_opts o;
  strategy_search_opts(&o);
  o.fixed_first = true;
  search *s = search_new(&g, &o);
  ck_assert_int_eq(s->o.memo_mb, MEMO_FIXED_FIRST_MB);
  search_free(s);
  game_free(&g);
}
END_TEST

START_TEST(test_depth_keys_share_one_memo) {
  const char *w[] = {"batch", "catch", "hatch", "latch", "match", "patch", "watch"};
  inst I;
  memset(&I, 0, sizeof I);
  I.na = I.ng = 7;
  for (int i = 0; i < 7; i++) {
    strcpy(I.ans[i], w[i]);
    strcpy(I.gue[i], w[i]);
  }
  for (int g = 0; g < 7; g++)
    for (int a = 0; a < 7; a++) I.fb[g][a] = (uint8_t)ref_feedback(I.gue[g], I.ans[a]);
  game g;
  game_of(&I, &g);
  uint8_t A8[7] = {0, 1, 2, 3, 4, 5, 6};
  uint16_t A[7] = {0, 1, 2, 3, 4, 5, 6};
  for (int order = 0; order < 2; order++) {
    search *s = new_search(&g, 0, 1, 8);
    for (int n = 4; n <= 7; n++) {
      int out[NSLOT];
      oracle_set(&I, A8 + 7 - n, n, out);
      ck_assert_int_eq(out[0], n * (n + 1) / 2);
      for (int i = 0; i <= 7; i++) {
        int d = order == 0 ? (i == 7 ? 255 : i + 1) : (i == 0 ? 255 : 8 - i);
        int want = d >= n ? n * (n + 1) / 2 : INF;
        if (d < NSLOT) ck_assert_int_eq(out[d], want);
        int v = search_value(s, A + 7 - n, n, d);
        ck_assert_msg(v == want, "%d look-alikes within %d guesses (order %d): %d, expected %d",
                      n, d, order, v, want);
      }
    }
    search_free(s);
  }
  for (int L = 5; L <= 8; L++) {
    search *s = new_search(&g, L, 2, 1);
    tnode *t = NULL;
    int v = search_solve(s, A, 7, -1, &t);
    search_free(s);
    int want = L >= 7 ? 28 : INF;
    ck_assert_msg(v == want, "7 look-alikes, limit %d: %d, expected %d", L, v, want);
    if (t) {
      tree_summary sum;
      tree_summarize(t, &sum);
      ck_assert_int_eq(sum.most, 7);
      ck_assert_msg(tree_check(t, &g, A, 7, L) == 0, "%s", err_msg());
    }
    tree_free(t);
  }
  game_free(&g);
}
END_TEST

/* A 1 MiB memo under many searches: evictions happen, results do not
 * change.  One search object is reused for thousands of sets of the
 * large list, so its memo fills, and each value is compared with a
 * search whose memo never fills. */
START_TEST(test_memo_evictions_change_nothing) {
  game g;
  ck_assert_int_eq(lists_load(&g, "large", NULL), 0);
  search *small = new_search(&g, 6, 1, 1), *roomy = new_search(&g, 6, 1, 256);
  double t0 = now_seconds();
  uint64_t seed = 99;
  uint16_t A[64];
  /* Look-alike words (one letter apart from a pivot, in two positions)
   * make sets the closed forms do not settle. */
  int mismatches = 0, calls = 0;
  for (int round = 0; round < 2; round++) {
    uint64_t s2 = seed;
    for (int k = 0; k < 6000; k++, calls++) {
      int pivot = rng_range(&s2, 0, g.n_answers - 1);
      int n = 0;
      for (int a = 0; a < g.n_answers && n < 60; a++)
        if (hamming(g.answers.w[a], g.answers.w[pivot]) <= 3 || rng_range(&s2, 0, 99) == 0)
          A[n++] = (uint16_t)a;
      int depth = rng_range(&s2, 3, 6);
      int v1 = search_value(small, A, n, depth), v2 = search_value(roomy, A, n, depth);
      if (v1 != v2) mismatches++;
    }
  }
  search_stats st;
  search_get_stats(small, &st);
  printf("memo: %d calls, %llu stores, %llu evictions in a 1 MiB memo, %.1f s\n", calls,
         (unsigned long long)st.memo_stores, (unsigned long long)st.memo_evictions,
         now_seconds() - t0);
  ck_assert_int_eq(mismatches, 0);
  ck_assert_uint_gt(st.memo_evictions, 0);
  search_free(small);
  search_free(roomy);
  game_free(&g);
}
END_TEST

/* The tree of a proven value with an empty memo: the same tree as the
 * solve's own.  Every class of the root's guess, and many below it (the
 * guesses' own evaluations store some), is then one the memo lost,
 * solved within the window its siblings leave, the largest valued by
 * their sum (search_tree.c, kid_values()); before, each was solved
 * with no window, and hard BYWAY (nyt-2023-07, --memo-mb 16) built its
 * tree in 538 s after a 7.3 s proof.  The normal and the hard rules,
 * the root's guess by the tie rule and a fixed first guess, the answers
 * near three others (closed forms do not settle them), 1 and 2 threads.
 * A window one too narrow, or a wrong remainder, fails here (the first
 * by kid_values()'s assertions, in the sanitizer tier's build). */
START_TEST(test_tree_with_a_lost_memo) {
  game g = *nyt_game(); /* shared: never freed here */
  uint64_t seed = 7, resolved = 0, by_sum = 0;
  uint16_t A[200];
  int trees = 0;
  for (int k = 0; k < 24; k++) {
    int n = 0, pivot[3];
    for (int i = 0; i < 3; i++) pivot[i] = rng_range(&seed, 0, g.n_answers - 1);
    for (int a = 0; a < g.n_answers && n < 200; a++)
      for (int i = 0; i < 3; i++)
        if (hamming(g.answers.w[a], g.answers.w[pivot[i]]) <= 2) {
          A[n++] = (uint16_t)a;
          break;
        }
    int first = k % 4 >= 2 ? g.ans2guess[A[rng_range(&seed, 0, n - 1)]] : -1;
    search_opts o;
    strategy_search_opts(&o);
    o.max_guesses = 6, o.memo_mb = 16, o.progress = false;
    o.rules = k % 2 ? RULES_HARD : RULES_NORMAL;
    search *s = search_new(&g, &o);
    tnode *t = NULL, *again = NULL;
    int v = search_solve(s, A, n, first, &t);
    search_free(s);
    if (v >= INF) continue;
    o.threads = 1 + k % 3 / 2;
    s = search_new(&g, &o); /* its memo empty */
    srch_begin(s);
    ck_assert_int_eq(srch_tree(s, A, n, s->depth, v, t->guess, NULL, &again), v);
    search_stats st;
    search_get_stats(s, &st);
    resolved += st.tree_resolved, by_sum += st.tree_by_sum;
    search_free(s);
    ck_assert_ptr_nonnull(again);
    ck_assert_msg(tree_check(again, &g, A, n, 6) == 0, "set %d: %s", k, err_msg());
    ck_assert_msg(tree_hash(again) == tree_hash(t), "set %d (%d answers, %s): the trees differ",
                  k, n, k % 2 ? "hard" : "normal");
    trees++;
    tree_free(t);
    tree_free(again);
  }
  printf("tree with a lost memo: %d trees, %llu classes solved again in a window, %llu valued "
         "by the sum\n", trees, (unsigned long long)resolved, (unsigned long long)by_sum);
  ck_assert_int_ge(trees, 20);
  ck_assert_uint_gt(resolved, 0);
  ck_assert_uint_gt(by_sum, 0);
}
END_TEST

/* A fatal signal while held (clock.h: a write in place, util_out.c)
 * waits: the process goes on, the cleanup has not run; the release runs
 * it and then the signal's default action (the test ends by SIGTERM). */
static volatile sig_atomic_t cleaned;
static void mark_cleaned(void) { cleaned = 1; }
START_TEST(test_fatal_signal_held) {
  /* The handlers Check's runner left (they kill the test's group) are
   * not the defaults stop_catch_fatal() replaces. */
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  stop_own_signals(); /* the CLI's process, as cli_main() says */
  stop_catch_fatal(mark_cleaned);
  stop_fatal_hold();
  raise(SIGINT); /* unheld, the test would end here, by SIGINT: a failure */
  ck_assert_int_eq(cleaned, 0);
  raise(SIGTERM); /* the last one held is the one acted on */
  ck_assert_int_eq(cleaned, 0);
  stop_fatal_release(); /* cleanup, then SIGTERM's default: the end */
  ck_abort_msg("still running after the release of a held SIGTERM");
}
END_TEST

/* A second stop signal (clock.h): within STOP_FORCE_MS of the first it
 * is the same stop (the process goes on, its stop flag set); later, it
 * runs the cleanup and then its default action, or, while a write in
 * place holds the fatal signals, waits for its release.  The cleanup
 * here ends the test with the status in exit_as, so each part that must
 * not end it says so by its own. */
static volatile sig_atomic_t exit_as;
static void cleanup_exit(void) { _exit(exit_as); }

/* The first stop signal and one at once after it: the same stop. */
static double two_stop_signals(void) {
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  stop_catch_signals();
  stop_catch_fatal(cleanup_exit);
  ck_assert(!stop_final());
  double t0 = now_seconds();
  exit_as = 70; /* ended here: the second signal was not the same stop */
  raise(SIGINT);
  ck_assert(stop_final());
  raise(SIGINT);
  ck_assert(now_seconds() - t0 < 0.9); /* else the test itself is too slow to say */
  while (now_seconds() - t0 < STOP_FORCE_MS / 1000.0 + 0.1) usleep(20000);
  return t0;
}

START_TEST(test_second_stop_signal) {
  two_stop_signals();
  exit_as = 77;
  raise(SIGTERM); /* the stop is over a second old: the cleanup, the end */
  ck_abort_msg("still running after a second stop signal");
}
END_TEST

START_TEST(test_second_stop_signal_held) {
  two_stop_signals();
  stop_fatal_hold();
  exit_as = 71; /* ended here: the hold did not hold */
  raise(SIGTERM);
  exit_as = 77;
  stop_fatal_release(); /* now the cleanup, the end */
  ck_abort_msg("still running after the release of a second stop signal");
}
END_TEST

/* A budget (clock.h): running out sets the unwinding bit, which
 * stop_requested() reads and stop_final() does not; budget_end() says so
 * and clears it; one ended early never sets it; a real stop stays. */
START_TEST(test_budget_bit) {
  ck_assert(!stop_requested());
  double t0 = now_seconds(); /* before the budget: a busy host may pause between them */
  budget_begin(0.02);
  while (!stop_requested() && now_seconds() - t0 < 10) {
  }
  ck_assert(stop_requested());
  ck_assert(!stop_final());
  ck_assert(now_seconds() - t0 >= 0.015);
  ck_assert(budget_end());
  ck_assert(!stop_requested());
  budget_begin(60);
  ck_assert(!stop_requested());
  ck_assert(!budget_end()); /* at once, well before it ran out */
  ck_assert(!stop_requested());
  ck_assert(!budget_end()); /* no budget: nothing */
  budget_begin(1e-6);
  stop_request();
  while (!(atomic_load(&optle_stop_flag) & STOP_BUDGET) && now_seconds() - t0 < 10) {
  }
  ck_assert(budget_end());
  ck_assert(stop_final()); /* the stop outlives the budget */
  stop_reset();
  ck_assert(!stop_requested());
  /* One watcher serves budget after budget (the probes give hundreds),
   * and one ended early never sets the bit later. */
  for (int i = 0; i < 100; i++) {
    budget_begin(i % 2 ? 1e-4 : 30);
    double t1 = now_seconds();
    while (i % 2 && !stop_requested() && now_seconds() - t1 < 10) {
    }
    ck_assert_msg(budget_end() == (i % 2 == 1), "budget %d", i);
    ck_assert(!stop_requested());
  }
  /* Run out, then the flag cleared by another (stop_reset(), as a call
   * of the library begins): budget_end() still says it ran out. */
  budget_begin(1e-4);
  for (double t1 = now_seconds(); !stop_requested() && now_seconds() - t1 < 10;) {
  }
  stop_reset();
  ck_assert(budget_end());
  ck_assert(!stop_requested());
  /* Ended (most likely before its 10 ms, though a busy host may pause
   * here longer): the watcher's wait still runs out, and sets nothing. */
  budget_begin(0.01);
  (void)budget_end();
  for (double t1 = now_seconds(); now_seconds() - t1 < 0.05;) ck_assert(!stop_requested());
  /* A fork's child has no watcher thread: its budgets start their own
   * (not under ThreadSanitizer, which cannot start threads after a
   * multi-threaded process forks). */
  if (TEST_TSAN) return;
  /* Forked while the parent's budget has run out: the child has no
   * budget, so its copy of the bit is clear. */
  budget_begin(1e-4);
  for (double t1 = now_seconds(); !stop_requested() && now_seconds() - t1 < 10;) {
  }
  ck_assert(stop_requested());
  pid_t pid = fork();
  ck_assert_int_ge(pid, 0);
  if (pid == 0) {
    if (stop_requested()) _exit(2);
    budget_begin(0.01);
    double t1 = now_seconds();
    while (!stop_requested() && now_seconds() - t1 < 10) {
    }
    _exit(budget_end() ? 0 : 1);
  }
  ck_assert(budget_end());
  ck_assert(!stop_requested());
  int status = 0;
  ck_assert_int_eq(waitpid(pid, &status, 0), pid);
  ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) != 2,
                "the child began with its parent's budget bit set");
  ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the child's budget never ran out");
}
END_TEST

/* The root's upper bound under budgets that run out (search_opts.
 * probe_budget, tuning.h PROBE_*): a microsecond to a few milliseconds,
 * so that tries give up before, inside and after the big classes, until
 * a later round runs one whole.  Nothing but the time may change: the
 * root proof's total and tree, and a ranking's top, in both rule sets,
 * are those of the default budget, which gives up nothing here.  (A try
 * given up once left its stop report behind, and the proof said it was
 * stopped.)  The watchdog may start after a short solve is over, so the
 * budgets that gave up are counted over them all, not asserted each. */
typedef struct {
  char first[8]; /* the word the first "solving W" phase names */
} probe_seen;

static void see_probe(void *arg, const search_progress *p) {
  probe_seen *ps = arg;
  const char *at = strstr(p->phase ? p->phase : "", "a total to beat: solving ");
  if (at && !ps->first[0]) memcpy(ps->first, at + 25, 5);
}

/* A search for the root proof's total to beat: its budget (0: the
 * default), the word it solves first (-1: none, search_opts.probe_g)
 * and, when ps is given, the word it solved first. */
static search *probe_search(const game *g, rules_mode rules, int threads, double budget,
                            int probe_g, probe_seen *ps) {
  search_opts o;
  strategy_search_opts(&o);
  o.threads = threads;
  o.progress = false;
  o.rules = rules;
  o.probe_budget = budget;
  o.probe_g = probe_g;
  o.on_progress = ps ? see_probe : NULL;
  o.progress_arg = ps;
  return search_new(g, &o);
}
static search *budget_search(const game *g, rules_mode rules, double budget) {
  return probe_search(g, rules, 2, budget, -1, NULL);
}

/* Two rankings' tops (cutoffs c0, c1) hold the same exact values. */
static void same_top(const search_first_value *r0, int c0, const search_first_value *r1, int c1,
                     int n) {
  for (int i = 0; i < n; i++)
    if ((r0[i].exact && r0[i].value <= c0) || (r1[i].exact && r1[i].value <= c1)) {
      ck_assert(r1[i].exact && r0[i].exact);
      ck_assert_int_eq(r1[i].value, r0[i].value);
    }
}

static uint64_t gave_up(const search *s) {
  search_stats st = {0};
  search_get_stats(s, &st);
  return st.probe_gave_up;
}

/* The least exact value of a ranking with a top, and how many exact
 * values at most its cutoff it has. */
static int rank_best(search *s, const game *g, const uint16_t *A, int top, int *cut,
                     search_first_value *r) {
  search_first_opts fo = {.cutoff = OPTLE_INF, .top = top};
  *cut = search_rank_first(s, A, g->n_answers, &fo, r);
  int best = OPTLE_INF;
  for (int i = 0; i < g->n_guesses; i++)
    if (r[i].exact && r[i].value < best) best = r[i].value;
  return best;
}

/* Under ThreadSanitizer the trees are left out (values and tops only):
 * the tree's OpenMP tasks, after the greedy seed's in the same process,
 * get task records libomp's own allocator hands from one thread to
 * another, which TSan (libomp uninstrumented) reports as a race at the
 * task's creation in srch_build(); no optle data is shared there. */
#define TREES (!TEST_TSAN)

/* A stop while the root proof's upper bound solves its first pick, once
 * a class is done: the greedy total stays the search's seed bound, which
 * a stopped solve reports ("best found N, the greedy entropy strategy"),
 * where a review found srch_classes() wiping it. */
static void stop_in_probe(void *arg, const search_progress *p) {
  if (p->unit && !strcmp(p->unit, "patterns") && p->done >= 1 &&
      !strncmp(p->phase, "a total to beat: solving", 24)) {
    *(int *)arg = 1;
    stop_request();
  }
}

START_TEST(test_stop_in_probe_keeps_seed) {
  game g;
  ck_assert_int_eq(lists_load(&g, "large", NULL), 0);
  uint16_t *A = every_answer(g.n_answers);
  int hit = 0;
  search_opts o;
  strategy_search_opts(&o);
  o.threads = 1;
  o.progress = false;
  o.on_progress = stop_in_probe;
  o.progress_arg = &hit;
  search *s = search_new(&g, &o);
  stop_reset();
  search_solve(s, A, g.n_answers, -1, NULL);
  ck_assert_msg(hit, "never stopped in the probe's solve");
  ck_assert_ptr_nonnull(search_stopped(s));
  stop_reset(); /* the greedy pass stops on the flag too */
  /* The seed the proof's stage 2 took: the greedy total at its depth. */
  int seed = o.seed(&g, A, g.n_answers, s->depth, RULES_NORMAL, NULL, 0, 1);
  ck_assert_int_lt(seed, OPTLE_INF);
  ck_assert_int_eq(search_seed_bound(s), seed);
  search_free(s);
  free(A);
  game_free(&g);
}
END_TEST

/* The L1 pass of a survivor's search (search.c l1_pass()) changes no
 * value: the large list (every word an answer), normal and hard, each
 * ranked at cutoffs from its best to 80 above, with the pass off, on
 * classes of 2 answers or more, and of L1_PASS_MIN: the same first
 * guesses exact at or below the cutoff, with the same values, and the
 * same refuted; stage 4 settles some of them, and the pass cuts guesses
 * in their searches.  Under the sanitizers one cutoff (80 above, the
 * most stage-4 work) with the pass on alone, its two variants compared
 * with each other: the plain run compares them with the pass off (TSan
 * took 25 s for all 24 rankings). */
START_TEST(test_l1_pass_changes_nothing) {
  game g;
  ck_assert_int_eq(lists_load(&g, "large", NULL), 0);
  uint16_t *A = every_answer(g.n_answers);
  search_first_value *r[3];
  for (int v = 0; v < 3; v++) r[v] = xcalloc((size_t)g.n_guesses, sizeof *r[v]);
  const rules_mode modes[] = {RULES_NORMAL, RULES_HARD};
  const int mins[] = {0, 2, L1_PASS_MIN}, above[] = {80, 0, 5, 20};
  const int first = TEST_SAN ? 1 : 0; /* the variant compared with */
  long cuts = 0, by_search = 0;
  for (int m = 0; m < 2; m++)
    for (size_t a = 0; a < TEST_SCALED(4); a++) {
      int cut[3] = {0}, best = m ? 1472 : 1466; /* SLATE, `rank --list large --top 1` */
      for (int v = first; v < 3; v++) {
        search *s = budget_search(&g, modes[m], 0);
        s->l1_min = mins[v];
        search_first_opts fo = {.cutoff = best + above[a]};
        cut[v] = search_rank_first(s, A, g.n_answers, &fo, r[v]);
        search_stats st;
        search_get_stats(s, &st);
        if (v == 0) ck_assert(st.l1_pass == 0);
        cuts += (long)st.cut_l1_pass;
        search_free(s);
      }
      for (int v = first + 1; v < 3; v++) {
        ck_assert_int_eq(cut[v], cut[first]);
        same_top(r[first], cut[first], r[v], cut[v], g.n_guesses);
        for (int i = 0; i < g.n_guesses; i++) {
          ck_assert_int_eq(r[v][i].guess, r[first][i].guess);
          ck_assert(r[v][i].exact == r[first][i].exact);
        }
      }
      for (int i = 0; i < g.n_guesses; i++) by_search += r[first][i].stage == 4;
    }
  ck_assert_msg(by_search > 0, "no first guess settled by the exact search");
  ck_assert_msg(cuts > 0, "the L1 pass cut nothing");
  printf("L1 pass: %ld first guesses settled by the exact search, %ld guesses cut by their "
         "classes' L1\n", by_search, cuts);
  for (int v = 0; v < 3; v++) free(r[v]);
  free(A);
  game_free(&g);
}
END_TEST

/* nyt-2022-02's eight openers of the offers' and rounds' tests, as
 * guess indices (within 4 guesses six of them have no strategy). */
static void eight_openers(const game *G, int w[8]) {
  static const char *const openers[] = {"salet", "trace", "crane", "slate",
                                        "roate", "soare", "light", "fuzzy"};
  for (int i = 0; i < 8; i++) ck_assert_int_ge(w[i] = words_find(&G->guesses, openers[i]), 0);
}

/* A survivor's nodes offered to idle threads (search.c offer_cands(),
 * search_feas.c's offers) change no value.  The large list, normal and
 * hard, at cutoffs from its best to 80 above; and nyt-2022-02's eight
 * openers within 4 and 5 guesses (within 4 six have no strategy: the
 * feasibility test's offers, of classes and of candidates), each ranked
 * on 2 threads with no offers, offers at the survivor's classes only,
 * at OFFER_DEPTH and 4 plies deep (within 4 no offers and OFFER_DEPTH
 * only): the same first guesses exact at or below the cutoff, with the
 * same values, and the same refuted.  Then SALET alone, within 6, whose
 * search leaves the other thread idle from the start: it takes
 * candidates from the offers (helped) at every depth but 0.  (Within 6
 * too, and every depth within 4, the test took 69 s of the plain unit
 * suite, beside what it costs the sanitizers.)  Under the sanitizers
 * OFFER_DEPTH alone, and within 4 SALET alone (OPENERS_RANKED): the
 * eight took 67 of the test's 92 s under ThreadSanitizer. */
/* A ranking on s (then freed) with offers `depth` plies deep: its cutoff
 * in cut, its lines in r, its counters in st. */
static void rank_offering(search *s, const uint16_t *A, int n, int depth,
                          const search_first_opts *fo, search_first_value *r, int *cut,
                          search_stats *st) {
  s->offer_depth = depth;
  *cut = search_rank_first(s, A, n, fo, r);
  search_get_stats(s, st);
  search_free(s);
}

/* Variant v of a test's rankings left out: it takes ranking 0's nw lines
 * and cutoff, so that same_rankings() passes over it. */
static void left_out(search_first_value *const *r, int *cut, int v, int nw) {
  cut[v] = cut[0];
  memcpy(r[v], r[0], (size_t)nw * sizeof *r[v]);
}

/* Rankings r[0 .. nv) of the same nw words (cutoffs cut[]): the same lines. */
static void same_rankings(search_first_value *const *r, const int *cut, int nv, int nw) {
  for (int v = 1; v < nv; v++) {
    ck_assert_int_eq(cut[v], cut[0]);
    same_top(r[0], cut[0], r[v], cut[v], nw);
    for (int i = 0; i < nw; i++) {
      ck_assert_int_eq(r[v][i].guess, r[0][i].guess);
      ck_assert(r[v][i].exact == r[0][i].exact);
      ck_assert(!r[v][i].exact || r[v][i].value == r[0][i].value);
    }
  }
}

/* A ranking's digest: its cutoff, how many of its first guesses are
 * exact (at any value) and how many with no strategy, and a hash of
 * which are exact and their values: what same_rankings() compares. */
typedef struct {
  int cut, exact, none;
  uint64_t hash;
} rank_digest;

static rank_digest digest_of(const search_first_value *r, int cut, int nw) {
  rank_digest d = {.cut = cut, .hash = 14695981039346656037ull};
  for (int i = 0; i < nw; i++) {
    if (!r[i].exact) continue;
    d.exact++, d.none += r[i].value >= OPTLE_INF;
    d.hash = (d.hash ^ ((uint64_t)i << 32 | (uint32_t)r[i].value)) * 1099511628211ull;
  }
  return d;
}

/* A ranking's nw lines (cutoff cut) have the digest *want. */
static void check_digest(const search_first_value *r, int cut, int nw, const rank_digest *want) {
  rank_digest d = digest_of(r, cut, nw);
  ck_assert_msg(d.cut == want->cut && d.exact == want->exact && d.none == want->none &&
                    d.hash == want->hash,
                "digest {.cut = %d, .exact = %d, .none = %d, .hash = 0x%016llxull}, want "
                "{%d, %d, %d, 0x%016llx}",
                d.cut, d.exact, d.none, (unsigned long long)d.hash, want->cut, want->exact,
                want->none, (unsigned long long)want->hash);
}

/* Rankings r[first .. nv) (cutoffs cut[]) of the same nw words: with
 * first 0 (the plain build) the same lines; then r[first] has the
 * digest *want (NULL: none asked).  Under the sanitizers a test that
 * compares variants runs only the last, whose threads they check
 * (first nv - 1), against the digest: they look for a race or a bad
 * access, and the plain run compares the values, and checks the digest
 * too, so that it stays true (docs/testing.md, "Over the limit"). */
static void check_variants(search_first_value *const *r, const int *cut, int first, int nv,
                           int nw, const rank_digest *want) {
  ck_assert(first == 0 || first == nv - 1);
  if (first == 0) same_rankings(r, cut, nv, nw);
  if (want) check_digest(r[first], cut[first], nw, want);
}

/* The digests: the large list's rankings at SLATE's value (normal,
 * hard), and nyt-2022-02's eight openers within 4 guesses at 8000, and
 * SALET's line of those alone. */
static const rank_digest large_at_slate[2] = {
    {.cut = 1466, .exact = 1, .none = 0, .hash = 0xaf686ff48607a02dull},
    {.cut = 1472, .exact = 1, .none = 0, .hash = 0xaf68b5f48608171full},
};
static const rank_digest nyt_eight_within4 = {
    .cut = 8000, .exact = 6, .none = 6, .hash = 0xbb3dd523eb906c6full};
static const rank_digest salet_within4 = {
    .cut = 8000, .exact = 1, .none = 1, .hash = 0x6b1d72ab39fe466eull};

/* The openers ranked (eight_openers()): all eight, or under the
 * sanitizers SALET alone, the first.  Within 4 its search has classes
 * put off in rounds and offered to the other thread, as the eight's
 * have, for a seventh of their cost (ThreadSanitizer: 13 s of 85 in
 * the feasibility rounds' test). */
#define OPENERS_RANKED (TEST_SAN ? 1 : 8)

/* Rankings of the openers within 4 (check_variants()): against the
 * eight's digest, or SALET's alone, which the plain run checks too. */
static void check_within4(search_first_value *const *r, const int *cut, int first, int nv) {
  check_variants(r, cut, first, nv, OPENERS_RANKED,
                 TEST_SAN ? &salet_within4 : &nyt_eight_within4);
  if (!TEST_SAN) check_digest(r[first], cut[first], 1, &salet_within4);
}

static const int offer_depths[] = {0, OFFER_DEPTH, 1, 4};
/* The variants run, OFFER_FIRST to OFFER_RUNS: under the sanitizers
 * (TSan, ASan and UBSan) OFFER_DEPTH alone, against the digests
 * (check_variants()), the offering code's paths all taken at a fraction
 * of the cost (ASan: 120 s of CI's tier with all four). */
#define OFFER_RUNS (TEST_SAN ? 2 : 4)
#define OFFER_FIRST (TEST_SAN ? 1 : 0)

START_TEST(test_offers_change_nothing) {
  game g;
  ck_assert_int_eq(lists_load(&g, "large", NULL), 0);
  uint16_t *A = every_answer(g.n_answers);
  search_first_value *r[4];
  for (int v = 0; v < 4; v++) r[v] = xcalloc((size_t)g.n_guesses, sizeof *r[v]);
  const rules_mode modes[] = {RULES_NORMAL, RULES_HARD};
  const int above[] = {0, 20, 80};
  for (int m = 0; m < 2; m++)
    for (size_t a = 0; a < TEST_SCALED(3); a++) {
      int cut[4];
      search_stats st;
      for (int v = OFFER_FIRST; v < OFFER_RUNS; v++) {
        search_first_opts fo = {.cutoff = (m ? 1472 : 1466) + above[a]}; /* SLATE's */
        rank_offering(budget_search(&g, modes[m], 0), A, g.n_answers, offer_depths[v], &fo,
                      r[v], &cut[v], &st);
        if (v == 0) ck_assert(st.offers == 0 && st.helped == 0);
      }
      check_variants(r, cut, OFFER_FIRST, OFFER_RUNS, g.n_guesses,
                     a == 0 ? &large_at_slate[m] : NULL);
    }
  for (int v = 0; v < 4; v++) free(r[v]);
  free(A);
  game_free(&g);

  const game *G = nyt_game();
  int w[8];
  eight_openers(G, w);
  A = every_answer(G->n_answers);
  for (int v = 0; v < 4; v++) r[v] = xcalloc(8, sizeof *r[v]);
  /* Within 4 (six have no strategy: the digest checks it) depths 0 and
   * OFFER_DEPTH, within 5 all four; within 6 SALET's search below has
   * them all. */
  const int limits[] = {4, 5};
  uint64_t helped[4] = {0};
  for (size_t l = 0; l < TEST_SCALED(2); l++) {
    int cut[4];
    for (int v = OFFER_FIRST; v < OFFER_RUNS; v++) {
      if (limits[l] == 4 && v >= 2) {
        left_out(r, cut, v, 8);
        continue;
      }
      search_first_opts fo = {
          .cutoff = limits[l] == 4 ? 8000 : 7925, .words = w, .nwords = OPENERS_RANKED};
      search_stats st;
      rank_offering(new_search(G, limits[l], 2, 0), A, G->n_answers, offer_depths[v], &fo, r[v],
                    &cut[v], &st);
      helped[v] += st.helped;
    }
    if (limits[l] == 4)
      check_within4(r, cut, OFFER_FIRST, OFFER_RUNS);
    else
      check_variants(r, cut, 0, OFFER_RUNS, 8, NULL); /* the plain build's alone */
  }
  /* SALET alone (7897), searched against its value: the other thread
   * idle from the start (under the sanitizers at OFFER_DEPTH only: its
   * offers taken are what the race check needs, a minute there each). */
  for (int v = OFFER_FIRST; v < OFFER_RUNS; v++) {
    search_first_opts fo = {.cutoff = 7897, .words = w, .nwords = 1};
    search_stats st;
    int cut;
    rank_offering(new_search(G, 6, 2, 0), A, G->n_answers, offer_depths[v], &fo, r[v], &cut, &st);
    ck_assert(r[v][0].exact && r[v][0].value == 7897 && r[v][0].stage == 4);
    helped[v] += st.helped;
    ck_assert_msg((helped[v] > 0) == (offer_depths[v] > 0), "depth %d: %llu helped",
                  offer_depths[v], (unsigned long long)helped[v]);
  }
  printf("offers: %llu candidates or classes taken by an idle thread at depth %d, %llu at 4\n",
         (unsigned long long)helped[1], OFFER_DEPTH, (unsigned long long)helped[3]);
  for (int v = 0; v < 4; v++) free(r[v]);
  free(A);
}
END_TEST

/* Staged candidates in a survivor's search (search.c stage_cands())
 * change no value: the large list (every word an answer) ranked at
 * cutoffs from its best to 80 above (80 first), on 2 threads (offers on), with no
 * staging, on sets of 2 answers or more and of 32: the same lines; the
 * sums refute candidates, and stage 4 settles first guesses. */
START_TEST(test_staged_changes_nothing) {
  game g;
  ck_assert_int_eq(lists_load(&g, "large", NULL), 0);
  uint16_t *A = every_answer(g.n_answers);
  search_first_value *r[3];
  for (int v = 0; v < 3; v++) r[v] = xcalloc((size_t)g.n_guesses, sizeof *r[v]);
  /* 80 first: the sanitizers' builds rank at one cutoff only, and the
   * nearer ones stage few sets (at 20, three of 2 answers or more and
   * none of 32) and cut nothing. */
  const int mins[] = {0, 2, 32}, above[] = {80, 0, 5, 20};
  uint64_t staged[3] = {0}, cut_staged = 0;
  long by_search = 0;
  for (size_t a = 0; a < TEST_SCALED(4); a++) {
    int cut[3];
    for (int v = 0; v < 3; v++) {
      search *s = budget_search(&g, RULES_NORMAL, 0);
      s->staged_min = mins[v];
      search_first_opts fo = {.cutoff = 1466 + above[a]}; /* SLATE's */
      search_stats st;
      rank_offering(s, A, g.n_answers, OFFER_DEPTH, &fo, r[v], &cut[v], &st);
      staged[v] += st.staged;
      if (v == 1) cut_staged += st.cut_staged;
    }
    same_rankings(r, cut, 3, g.n_guesses);
    for (int i = 0; i < g.n_guesses; i++) by_search += r[0][i].stage == 4;
  }
  ck_assert_uint_eq(staged[0], 0);
  ck_assert_msg(staged[1] > staged[2] && staged[2] > 0, "staged %llu, %llu",
                (unsigned long long)staged[1], (unsigned long long)staged[2]);
  ck_assert_msg(cut_staged > 0, "the staged sums cut nothing");
  ck_assert_msg(by_search > 0, "no first guess settled by the exact search");
  printf("staged: %llu sets (%llu of 32 or more), %llu candidates cut by their sums\n",
         (unsigned long long)staged[1], (unsigned long long)staged[2],
         (unsigned long long)cut_staged);
  for (int v = 0; v < 3; v++) free(r[v]);
  free(A);
  game_free(&g);
}
END_TEST

/* The feasibility test of a survivor's classes in rounds (search_feas.c
 * classes_in_rounds()) changes no value: nyt-2022-02's eight openers
 * within 4 and 5 guesses (within 4 six have no strategy), in one pass
 * and in rounds, one thread from 1 us (every class put off at first)
 * and from FEAS_ROUND_S (the search's own), and on 2 threads from 1 ms
 * (the classes offered too): the same lines; classes are put off.
 * Within 5 (every opener has a strategy, and 4 classes are put off) one
 * pass and the threaded rounds; under the sanitizers the threaded rounds
 * alone, within 4, SALET alone (OPENERS_RANKED), against its digest
 * (check_within4()).  (Five runs a limit took 58 s of the plain unit
 * suite and 227 s of the ASan tier; rounds from 1 us on 2 threads, the
 * dearest, 11 s.) */
START_TEST(test_feas_rounds_change_nothing) {
  const game *G = nyt_game();
  int w[8];
  eight_openers(G, w);
  uint16_t *A = every_answer(G->n_answers);
  enum { VARIANTS = 4 };
  const double rounds[VARIANTS] = {0, 1e-6, FEAS_ROUND_S, 1e-3};
  const int threads[VARIANTS] = {1, 1, 1, 2};
  const int limits[] = {4, 5};
  search_first_value *r[VARIANTS];
  for (int v = 0; v < VARIANTS; v++) r[v] = xcalloc(8, sizeof *r[v]);
  uint64_t put_off[VARIANTS] = {0};
  const int first = TEST_SAN ? VARIANTS - 1 : 0; /* check_variants() says why */
  for (size_t l = 0; l < TEST_SCALED(2); l++) {
    int cut[VARIANTS];
    for (int v = first; v < VARIANTS; v++) {
      bool run = v == 0 || v == VARIANTS - 1 || limits[l] == 4;
      if (!run) {
        left_out(r, cut, v, 8);
        continue;
      }
      search *s = new_search(G, limits[l], threads[v], 0);
      s->feas_round = rounds[v];
      search_first_opts fo = {
          .cutoff = limits[l] == 4 ? 8000 : 7925, .words = w, .nwords = OPENERS_RANKED};
      search_stats st;
      rank_offering(s, A, G->n_answers, OFFER_DEPTH, &fo, r[v], &cut[v], &st);
      put_off[v] += st.feas_put_off;
    }
    if (limits[l] == 4)
      check_within4(r, cut, first, VARIANTS);
    else
      check_variants(r, cut, 0, VARIANTS, 8, NULL); /* the plain build's alone */
  }
  ck_assert(put_off[VARIANTS - 1] > 0); /* under the sanitizers the one variant run */
  ck_assert(TEST_SAN || (put_off[0] == 0 && put_off[1] > 0 && put_off[2] > 0));
  printf("feasibility rounds: %llu classes put off from 1 us, %llu from %g s, "
         "%llu from 1 ms on 2 threads\n",
         (unsigned long long)put_off[1], (unsigned long long)put_off[2], FEAS_ROUND_S,
         (unsigned long long)put_off[3]);
  for (int v = 0; v < VARIANTS; v++) free(r[v]);
  free(A);
}
END_TEST

START_TEST(test_probe_budget_changes_nothing) {
  game g;
  ck_assert_int_eq(lists_load(&g, "large", NULL), 0);
  uint16_t *A = every_answer(g.n_answers);
  search_first_value *r0 = xcalloc((size_t)g.n_guesses, sizeof *r0);
  search_first_value *r1 = xcalloc((size_t)g.n_guesses, sizeof *r1);
  const rules_mode modes[] = {RULES_NORMAL, RULES_HARD};
  const double budgets[] = {1e-4, 1e-3, 1e-6, 1e-5, 3e-4, 3e-3};
  const size_t nb = TEST_SCALED(6); /* 1 under the sanitizers, 10 times slower */
  uint64_t solves_given_up = 0, ranks_given_up = 0;
  for (int m = 0; m < 2; m++) {
    search *s0 = budget_search(&g, modes[m], 0);
    tnode *t0 = NULL;
    int v0 = search_solve(s0, A, g.n_answers, -1, TREES ? &t0 : NULL), c0;
    ck_assert(!TREES || t0);
    ck_assert_ptr_null(search_stopped(s0));
    int b0 = rank_best(s0, &g, A, 3, &c0, r0);
    ck_assert_int_eq(b0, v0); /* the ranking's best is the root proof's */
    ck_assert_uint_eq(gave_up(s0), 0);
    for (size_t k = 0; k < nb; k++) {
      search *s1 = budget_search(&g, modes[m], budgets[k]);
      tnode *t1 = NULL;
      int v1 = search_solve(s1, A, g.n_answers, -1, TREES ? &t1 : NULL);
      ck_assert_int_eq(v1, v0);
      ck_assert_ptr_null(search_stopped(s1));
      ck_assert(!TREES || (t1 && tree_hash(t1) == tree_hash(t0)));
      uint64_t solve_gave = gave_up(s1);
      ck_assert_int_eq(search_root_report(s1)->abandoned, (int)solve_gave);
      solves_given_up += solve_gave;
      int c1, b1 = rank_best(s1, &g, A, 3, &c1, r1);
      ck_assert_int_eq(b1, b0);
      ck_assert_int_eq(c1, c0);
      ck_assert_ptr_null(search_stopped(s1));
      same_top(r0, c0, r1, c1, g.n_guesses);
      ranks_given_up += gave_up(s1) - solve_gave;
      tree_free(t1);
      search_free(s1);
    }
    tree_free(t0);
    search_free(s0);
  }
  printf("probe budgets: %llu exact solves given up by the root proofs, %llu by the rankings, "
         "the same totals, %s and tops\n",
         (unsigned long long)solves_given_up, (unsigned long long)ranks_given_up,
         TREES ? "trees" : "(no trees under TSan)");
  ck_assert_uint_gt(solves_given_up, 0);
  ck_assert_uint_gt(ranks_given_up, 0);
  free(r0), free(r1), free(A);
  game_free(&g);
}
END_TEST

/* The root proof's total to beat from an asked first guess
 * (search_opts.probe_g, --probe): the root proof solves it first (its
 * progress names it), a ranking's top holds its exact value, and
 * nothing else changes: the total, the tree and the top, in both rule
 * sets, for a poor word (POPPY: few classes), a middling one and
 * the best, on 1 and 2 threads, and with budgets that run out (the
 * word's try given up, the next rounds by how far each got). */
START_TEST(test_probe_word_changes_nothing) {
  game g;
  ck_assert_int_eq(lists_load(&g, "large", NULL), 0);
  uint16_t *A = every_answer(g.n_answers);
  search_first_value *r0 = xcalloc((size_t)g.n_guesses, sizeof *r0);
  search_first_value *r1 = xcalloc((size_t)g.n_guesses, sizeof *r1);
  const rules_mode modes[] = {RULES_NORMAL, RULES_HARD};
  const char *hints[] = {"poppy", "toast", "slate"};
  for (int m = 0; m < 2; m++) {
    search *s0 = budget_search(&g, modes[m], 0);
    tnode *t0 = NULL;
    int v0 = search_solve(s0, A, g.n_answers, -1, TREES ? &t0 : NULL), c0;
    int b0 = rank_best(s0, &g, A, 1, &c0, r0);
    ck_assert_int_eq(b0, v0);
    for (size_t k = 0; k < sizeof hints / sizeof *hints; k++) {
      int h = words_find(&g.guesses, hints[k]);
      ck_assert_int_ge(h, 0);
      search *sf = budget_search(&g, modes[m], 0); /* the asked word's value (INF: none) */
      int vf = search_solve(sf, A, g.n_answers, h, NULL);
      search_free(sf);
      /* 1 and 2 threads, then 2 with budgets that run out (TSan: the
       * threaded runs alone; one thread has no race to find, and took a
       * third of the test's 42 s there) */
      const struct {
        int threads;
        double budget;
      } runs[] = {{1, 0}, {2, 0}, {2, 1e-4}};
      for (size_t j = TEST_TSAN ? 1 : 0; j < sizeof runs / sizeof *runs; j++) {
        probe_seen ps = {{0}};
        search *s1 = probe_search(&g, modes[m], runs[j].threads, runs[j].budget, h, &ps);
        tnode *t1 = NULL;
        ck_assert_int_eq(search_solve(s1, A, g.n_answers, -1, TREES ? &t1 : NULL), v0);
        ck_assert_msg(!strcmp(ps.first, hints[k]), "%s: the proof solved %s first", hints[k],
                      ps.first);
        ck_assert(!TREES || (t1 && tree_hash(t1) == tree_hash(t0)));
        int c1, b1 = rank_best(s1, &g, A, 1, &c1, r1);
        ck_assert_int_eq(b1, b0);
        ck_assert_int_eq(c1, c0);
        same_top(r0, c0, r1, c1, g.n_guesses);
        /* The asked word was solved: its exact value, unless its try
         * ran out of budget. */
        ck_assert_msg(runs[j].budget > 0 || (r1[h].exact && r1[h].value == vf),
                      "%s: %d %s, --first %d", hints[k], r1[h].value,
                      r1[h].exact ? "exact" : "bound", vf);
        tree_free(t1);
        search_free(s1);
      }
    }
    tree_free(t0);
    search_free(s0);
  }
  free(r0), free(r1), free(A);
  game_free(&g);
}
END_TEST

/* The asked word alike to another (the same feedback on every answer:
 * EQQQQ and EZZZZ, a yellow E for ABCDE alone): the root proof's scan
 * keeps the first of them, and that one is solved first; a ranking
 * solves the asked word's group.  A word that tells nothing (XYXYX) is
 * solved by neither. */
START_TEST(test_probe_word_alike) {
  inst I = {.na = 5, .ng = 9};
  const char *a[] = {"abcde", "abcdf", "abcdg", "abcdh", "abcdi"};
  const char *q[] = {"abcde", "abcdf", "abcdg", "abcdh", "abcdi", "eqqqq", "ezzzz", "efghi",
                     "xyxyx"};
  for (int i = 0; i < I.na; i++) strcpy(I.ans[i], a[i]);
  for (int i = 0; i < I.ng; i++) strcpy(I.gue[i], q[i]);
  game g;
  game_of(&I, &g);
  uint16_t A[5] = {0, 1, 2, 3, 4};
  search_first_value r[9];
  const struct {
    const char *ask, *solved;
  } cases[] = {{"ezzzz", "eqqqq"}, {"eqqqq", "eqqqq"}, {"xyxyx", ""}};
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    probe_seen ps = {{0}};
    search *s = probe_search(&g, RULES_NORMAL, 1, 0, words_find(&g.guesses, cases[k].ask), &ps);
    ck_assert_int_eq(search_solve(s, A, 5, -1, NULL), 5 * 2); /* EFGHI: all apart */
    if (cases[k].solved[0]) /* else the proof's own pick, EFGHI (or none at all) */
      ck_assert_msg(!strcmp(ps.first, cases[k].solved), "%s: %s solved first", cases[k].ask,
                    ps.first);
    else
      ck_assert_msg(strcmp(ps.first, "xyxyx"), "xyxyx was solved");
    int cut, best = rank_best(s, &g, A, 1, &cut, r);
    ck_assert_int_eq(best, 10);
    int h = words_find(&g.guesses, cases[k].ask);
    bool tells = cases[k].solved[0] != 0;
    ck_assert_msg(r[h].exact == tells, "%s: %s in the ranking", cases[k].ask,
                  r[h].exact ? "exact" : "a bound");
    search_free(s);
  }
  game_free(&g);
}
END_TEST

/* Hard mode's big classes put off (search_opts.big_budget and big_min,
 * search_proof.c big_classes() and later_classes()): each class of 50
 * answers or more gets a proof's try of a microsecond to ten
 * milliseconds, and the tests of those put off a first round as long,
 * doubled each round until they finish, so that proofs and tests give
 * up before, inside and after their work, and the classes are proved
 * later, whole, or a guess is settled by a test that finds no strategy.
 * Round 0 gives the tests ten seconds, so that they finish on their
 * first try and say yes or no (fits, refuted: asserted), where every
 * proof's try gives up at once; round 4 gives the proofs three thousand
 * times the tests' first budget, so that some tries find a strategy
 * before they give up (found: how many depends on the clock, so it is
 * printed, not asserted; such a class is proved whole anyway, so only
 * the time depends on it).  The fixed first guesses of the large list
 * within four and five guesses (many with none; those whose all-gray
 * class is over 300 answers, which srch_refutes() does not test, among
 * them): nothing but the time may change, the totals and trees are
 * those without budgets, on two threads, whether the budgeted search has
 * one thread or two (docs/search.md, Determinism). */
static int largest_class(const game *g, int guess) {
  int cnt[PATTERN_COUNT] = {0}, most = 0;
  for (int a = 0; a < g->n_answers; a++) {
    int p = game_answer_row(g, a)[guess];
    if (p != PATTERN_WIN && ++cnt[p] > most) most = cnt[p];
  }
  return most;
}

START_TEST(test_big_budget_changes_nothing) {
  double t_start = now_seconds();
  game g;
  ck_assert_int_eq(lists_load(&g, "large", NULL), 0);
  uint16_t *A = every_answer(g.n_answers);
  int firsts[12], nf = 0;
  for (int i = 0; i < g.n_guesses && nf < 6; i++) /* a class beyond srch_refutes()'s reach */
    if (largest_class(&g, i) > 300) firsts[nf++] = i;
  for (int i = 0; i < g.n_guesses && nf < 12; i += 41) firsts[nf++] = i;
  const double budgets[] = {1e-6, 1e-3, 1e-2, 1e-4, 3e-3};
  const double feas_budgets[] = {10, 0, 0, 0, 1e-6};
  const size_t nb = TEST_SCALED(5);
  uint64_t gave = 0, refuted = 0, fits = 0, found = 0;
  int none = 0;
  for (int limit = 4; limit <= 5; limit++) {
    search_opts o;
    strategy_search_opts(&o);
    o.threads = 2, o.progress = false, o.rules = RULES_HARD, o.max_guesses = limit;
    search *s0 = search_new(&g, &o);
    for (size_t k = 0; k < nb; k++) {
      search_opts o1 = o;
      o1.big_budget = budgets[k], o1.big_feas_budget = feas_budgets[k], o1.big_min = 50;
      /* The same trees with one thread or two: rounds 1 and 3 on one
       * (the sanitizer builds run round 0 alone, on two, as before). */
      o1.threads = 2 - (int)(k & 1);
      search *s1 = search_new(&g, &o1);
      for (int f = 0; f < nf; f++) {
        tnode *t0 = NULL, *t1 = NULL;
        int v0 = search_solve(s0, A, g.n_answers, firsts[f], TREES ? &t0 : NULL);
        int v1 = search_solve(s1, A, g.n_answers, firsts[f], TREES ? &t1 : NULL);
        ck_assert_msg(v1 == v0, "%s within %d, budget %g: %d, without %d",
                      g.guesses.w[firsts[f]], limit, budgets[k], v1, v0);
        ck_assert_ptr_null(search_stopped(s1));
        ck_assert(!TREES || v0 >= OPTLE_INF || tree_hash(t1) == tree_hash(t0));
        none += k == 0 && v0 >= OPTLE_INF;
        tree_free(t0), tree_free(t1);
      }
      search_stats st = {0};
      search_get_stats(s1, &st);
      gave += st.big_gave_up, refuted += st.big_refuted, fits += st.big_fits;
      found += st.big_found;
      search_free(s1);
    }
    search_free(s0);
  }
  printf("big classes: %llu proofs' tries given up, %llu guesses settled by a feasibility test, "
         "%llu classes found to have a strategy by it, %llu by a proof's try; %d of %d "
         "first guesses with no strategy; the same totals%s (%.1f s)\n",
         (unsigned long long)gave, (unsigned long long)refuted, (unsigned long long)fits,
         (unsigned long long)found, none, 2 * nf,
         TREES ? " and trees" : "", now_seconds() - t_start);
  ck_assert_int_gt(none, 0);
  ck_assert_uint_gt(gave, 0);
  ck_assert_uint_gt(refuted, 0);
  ck_assert_uint_gt(fits, 0);
  free(A);
  game_free(&g);
}
END_TEST

/* The put-off classes' tests come before the proofs of the classes the
 * quick test covered (search_proof.c big_classes()): with the reach at
 * 119 answers (big_min 120), every big class of 50 to 119 is known to
 * have a strategy and is proved whole, those of 120 or more get a try
 * that gives up at once, then their tests.  The large list's first
 * guesses, every 37th, that have a class of 120 or more (five), fixed,
 * within four guesses in hard mode: two are settled with none by a test
 * (the old order, proofs first, proved two covered classes for them in
 * vain); the totals are those without budgets. */
START_TEST(test_big_tests_come_first) {
  game g;
  ck_assert_int_eq(lists_load(&g, "large", NULL), 0);
  uint16_t *A = every_answer(g.n_answers);
  search_opts o;
  strategy_search_opts(&o);
  o.threads = 2, o.progress = false, o.rules = RULES_HARD, o.max_guesses = 4;
  search_opts o1 = o;
  o1.big_budget = 1e-6, o1.big_feas_budget = 10, o1.big_min = 120;
  search *s0 = search_new(&g, &o), *s1 = search_new(&g, &o1);
  int tried = 0;
  for (int f = 0; f < g.n_guesses; f += 37) {
    if (largest_class(&g, f) < 120) continue;
    tried++;
    int v0 = search_solve(s0, A, g.n_answers, f, NULL);
    int v1 = search_solve(s1, A, g.n_answers, f, NULL);
    ck_assert_msg(v1 == v0, "%s: %d, without budgets %d", g.guesses.w[f], v1, v0);
  }
  ck_assert_int_eq(tried, 5);
  search_stats st = {0};
  search_get_stats(s1, &st);
  printf("tests first: %d first guesses, %llu settled with none by a test\n", tried,
         (unsigned long long)st.big_refuted);
  ck_assert_uint_gt(st.big_refuted, 0);
  search_free(s0), search_free(s1);
  free(A);
  game_free(&g);
}
END_TEST

/* The scan's helpers on the game's own table (nyt-2022-02).
 * srch_partition() (the small sets' path up to 255 answers, and the big
 * sets') against score_partition() and the classes' order by definition
 * (the non-winning patterns, largest first, ties by pattern), and
 * srch_partition_by() the same from the patterns.  srch_scan()'s
 * signature table with no beta (the guess-at-a-time path, and from 128
 * answers the blocked one): of every guess, one per distinct feedback on
 * the set is kept, the first in the guesses' order, and none that gives
 * no information. */
static const uint8_t *col_base;
static int col_n;
static int col_cmp(const void *pa, const void *pb) {
  int a = *(const int *)pa, b = *(const int *)pb;
  int c = memcmp(col_base + (size_t)a * (size_t)col_n, col_base + (size_t)b * (size_t)col_n,
                 (size_t)col_n);
  return c ? c : (a > b) - (a < b);
}

static void random_set(const game *G, uint64_t *seed, uint16_t *A, int n) {
  static uint16_t pool[OPTLE_MAX_ANSWERS];
  for (int i = 0; i < G->n_answers; i++) pool[i] = (uint16_t)i;
  for (int i = 0; i < n; i++) { /* a partial shuffle, then A's order sorted as the search's sets are */
    int j = rng_range(seed, i, G->n_answers - 1);
    uint16_t t = pool[i];
    pool[i] = pool[j], pool[j] = t;
    A[i] = pool[i];
  }
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && A[j] < A[j - 1]; j--) {
      uint16_t t = A[j];
      A[j] = A[j - 1], A[j - 1] = t;
    }
}

static void check_classes(const level *L, const uint16_t *ref, const int *start, int n, int g) {
  ck_assert_msg(memcmp(L->part, ref, sizeof *ref * (size_t)n) == 0, "%d answers, guess %d: part", n,
                g);
  klass want[PATTERN_COUNT];
  int nw = 0;
  for (int p = 0; p < PATTERN_WIN; p++) {
    int size = start[p + 1] - start[p];
    if (!size) continue;
    int j = nw++;
    for (; j > 0 && want[j - 1].size < size; j--) want[j] = want[j - 1];
    want[j] = (klass){.start = start[p], .size = size, .pat = (uint8_t)p};
  }
  ck_assert_int_eq(L->ncls, nw);
  for (int i = 0; i < nw; i++)
    ck_assert_msg(L->cls[i].start == want[i].start && L->cls[i].size == want[i].size &&
                      L->cls[i].pat == want[i].pat,
                  "%d answers, guess %d: class %d", n, g, i);
}

START_TEST(test_partition_and_dedupe) {
  game nyt = *nyt_game(); /* shared: never freed here */
  uint64_t seed = 20261128;
  search *s = new_search(&nyt, 6, 1, 1);
  ctx *c = &s->ctx[0];
  static uint16_t A[600], ref[600];
  static uint8_t pat[600];
  int small = 0, big = 0;
  for (int t = 0; t < TEST_SCALED(300); t++) {
    int n = t % 4 == 0 ? rng_range(&seed, 256, 600) : rng_range(&seed, 1, 255);
    random_set(&nyt, &seed, A, n);
    int g = rng_range(&seed, 0, nyt.n_guesses - 1), start[PATTERN_COUNT + 1];
    score_partition(&nyt, g, A, n, ref, start);
    level *L = srch_level(c, 1);
    srch_partition(&nyt, L, A, n, g);
    check_classes(L, ref, start, n, g);
    for (int j = 0; j < n; j++) pat[j] = game_fb(&nyt, g, A[j]);
    srch_partition_by(L, A, n, pat);
    check_classes(L, ref, start, n, g);
    small += n <= 255, big += n > 255;
  }
  ck_assert_int_gt(small, 0);
  ck_assert_int_gt(big, 0);

  int ng = nyt.n_guesses, *idx = malloc(sizeof *idx * (size_t)ng), dups = 0;
  uint8_t *col = malloc((size_t)ng * 200);
  bool *kept = malloc((size_t)ng);
  for (int t = 0; t < TEST_SCALED(24); t++) {
    int n = t % 3 == 0 ? rng_range(&seed, 128, 200) : rng_range(&seed, 1, 40);
    random_set(&nyt, &seed, A, n);
    level *L0 = srch_level(c, 0);
    int failmin = INF;
    scan_result r;
    srch_scan(c, L0, A, n, 6, INF, s->all, ng, &failmin, NULL, &r);
    memset(kept, 0, (size_t)ng);
    for (int i = 0; i < L0->ng; i++) kept[L0->glist[i]] = true;
    for (int h = 0; h < ng; h++) {
      idx[h] = h;
      for (int j = 0; j < n; j++) col[(size_t)h * (size_t)n + (size_t)j] = game_fb(&nyt, h, A[j]);
    }
    col_base = col, col_n = n;
    qsort(idx, (size_t)ng, sizeof *idx, col_cmp);
    for (int i = 0; i < ng;) { /* a run of guesses with the same feedback, by index */
      int e = i + 1;
      while (e < ng && memcmp(col + (size_t)idx[i] * (size_t)n, col + (size_t)idx[e] * (size_t)n,
                              (size_t)n) == 0)
        e++;
      const uint8_t *v = col + (size_t)idx[i] * (size_t)n;
      bool same = true; /* no information: all of A in one non-winning class */
      for (int j = 1; j < n; j++) same = same && v[j] == v[0];
      bool info = !(same && v[0] != PATTERN_WIN);
      ck_assert_msg(kept[idx[i]] == info, "%d answers: guess %d (first of %d alike) kept %d, "
                    "informative %d", n, idx[i], e - i, kept[idx[i]], info);
      for (int k = i + 1; k < e; k++)
        ck_assert_msg(!kept[idx[k]], "%d answers: guess %d kept, the feedback of %d", n, idx[k],
                      idx[i]);
      dups += e - i - 1;
      i = e;
    }
  }
  ck_assert_int_gt(dups, 0);
  free(idx), free(col), free(kept);
  search_free(s);
}
END_TEST

Suite *search_suite(void) {
  Suite *s = suite_create("search");
  TCase *tc = tcase_create("small");
  tcase_set_timeout(tc, 60); /* generous: sanitizer builds, busy machines */
  tcase_add_test(tc, test_oracle_sanity);
  tcase_add_test(tc, test_limit_one);
  tcase_add_test(tc, test_tiny_sets);
  tcase_add_test(tc, test_depth_keys_share_one_memo);
  tcase_add_test(tc, test_memo_default_by_list);
  tcase_add_test(tc, test_budget_bit);
  tcase_add_test_raise_signal(tc, test_fatal_signal_held, SIGTERM);
  tcase_add_exit_test(tc, test_second_stop_signal, 77);
  tcase_add_exit_test(tc, test_second_stop_signal_held, 77);
  suite_add_tcase(s, tc);
  tc = tcase_create("oracle");
  tcase_add_unchecked_fixture(tc, nyt_setup, nyt_teardown);
  tcase_add_test(tc, test_bounds_against_definitions);
  tcase_add_test(tc, test_bound2_rhymes);
  tcase_add_test(tc, test_bound2_quick_edge);
  tcase_add_test(tc, test_letter_caps);
  tcase_add_test(tc, test_partition_and_dedupe);
  tcase_set_timeout(tc, 600); /* about 10 s; minutes under sanitizers */
  tcase_add_test(tc, test_search_matches_oracle);
  tcase_add_test(tc, test_values_subsets_and_tie_rule);
  tcase_add_test(tc, test_first_guess_fixed);
  tcase_add_test(tc, test_window_edges);
  tcase_add_test(tc, test_memo_evictions_change_nothing);
  tcase_add_test(tc, test_tree_with_a_lost_memo);
  tcase_add_test(tc, test_l1_pass_changes_nothing);
  tcase_add_test(tc, test_offers_change_nothing);
  tcase_add_test(tc, test_staged_changes_nothing);
  tcase_add_test(tc, test_feas_rounds_change_nothing);
  tcase_add_test(tc, test_probe_budget_changes_nothing);
  tcase_add_test(tc, test_probe_word_changes_nothing);
  tcase_add_test(tc, test_probe_word_alike);
  tcase_add_test(tc, test_big_budget_changes_nothing);
  tcase_add_test(tc, test_big_tests_come_first);
  tcase_add_test(tc, test_stop_in_probe_keeps_seed);
  suite_add_tcase(s, tc);
  /* L2 over every NYT guess on big classes: a second in the plain run,
   * 40 under AddressSanitizer, which the sanitizer tier leaves out
   * (CK_EXCLUDE_TAGS=heavy; its code is the oracle's, there); so too L3
   * over them for a survivor's sum (8 s in the plain run; the oracle
   * there runs every other instance with L3). */
  tc = tcase_create("oracle-heavy");
  tcase_set_tags(tc, "heavy");
  tcase_add_unchecked_fixture(tc, nyt_setup, nyt_teardown);
  tcase_set_timeout(tc, 600);
  tcase_add_test(tc, test_bound2_own_order);
  tcase_add_test(tc, test_bound3_own_order);
  tcase_add_test(tc, test_survivor_raises_to_l3);
  tcase_add_test(tc, test_l2_rounds_as_one_pass);
  tcase_add_test(tc, test_l3_rounds_as_one_pass);
  suite_add_tcase(s, tc);
  return s;
}
