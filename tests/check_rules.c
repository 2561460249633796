/*
 * check_rules.c: hard mode, ultrahard and the worst-case objective
 * (rules.h), against the rules' own definitions.
 *
 * The definitions, written here from the game's text and nothing else:
 *  - hard: after each earlier guess, its green letters stay in place, and
 *    every letter it showed green or yellow appears at least as often as
 *    it was shown (legal_hard());
 *  - hard-gray: hard, and a letter the earlier guess showed gray appears
 *    no more often than that guess showed it green or yellow
 *    (legal_gray());
 *  - ultrahard: the guess gives every earlier guess the pattern that guess
 *    got, scored with ref_feedback() (legal_ultra());
 *  - worst: the least guess limit d with any strategy within it, then the
 *    least total within d.
 * None of them uses rstate, rules_after() or the game's table.  The
 * states' memo keys (rstate_key()) are equal exactly when the states are.
 *
 * The oracle is check_search.c's plain recursion with the history added:
 *
 *   T(A, d, H) = 1 for |A| = 1, INF for d <= 1 and |A| >= 2, else
 *              |A| + min over informative guesses g legal after H of
 *                    sum over the non-winning classes C (pattern p) of
 *                    T(C, d - 1, H + (g, p))
 *
 * computed for every guess limit at once (slot 0 is no limit).  Compared
 * on hundreds of random small instances, half of them look-alike words
 * (where the rules bite), one in eight with every word an answer, for the three rule sets: search_value at several
 * limits, search_solve's total and tree (every guess on every path legal
 * by the definition), a fixed first guess, a history set with
 * search_set_history(), 1 and 2 threads (identical trees), and the worst
 * case: search_least_depth() against the least finite slot.
 */
#include <check.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "feedback.h"
#include "game.h"
#include "lists.h"
#include "rules.h"
#include "../src/search_impl.h"
#include "search.h"
#include "strategy.h"
#include "suites.h"
#include "tree.h"
#include "tuning.h"
#include "util.h"
#include "words.h"

#include "../src/search_impl.h" /* srch_set_refuted(), the search's guesses */

#define INF OPTLE_INF
#define MAXA 16
#define MAXG 32
#define NSLOT 7
#define MAXH 16
#define BUDGET 3000000L

typedef struct {
  int na, ng;
  char ans[MAXA][6];
  char gue[MAXG][6];
  uint8_t fb[MAXG][MAXA];
  rules_mode mode;
  bool all; /* every word an answer (make_inst()) */
} inst;

typedef struct {
  int n;
  int g[MAXH];
  int p[MAXH];
} hist;

/* ------------------------------------------------------------------ */
/* The definitions. */

static int count_in(const char *w, char c) {
  int k = 0;
  for (int i = 0; i < 5; i++) k += w[i] == c;
  return k;
}

static bool legal_hard(const char *w, const char *g, int p) {
  int t[5];
  for (int i = 0; i < 5; i++, p /= 3) t[i] = p % 3;
  for (int i = 0; i < 5; i++) {
    if (t[i] == 2 && w[i] != g[i]) return false;
    if (t[i] == 0) continue;
    int shown = 0;
    for (int j = 0; j < 5; j++) shown += g[j] == g[i] && t[j] != 0;
    if (count_in(w, g[i]) < shown) return false;
  }
  return true;
}

static bool legal_gray(const char *w, const char *g, int p) {
  int t[5];
  for (int i = 0, q = p; i < 5; i++, q /= 3) t[i] = q % 3;
  for (int i = 0; i < 5; i++) {
    if (t[i] != 0) continue;
    int shown = 0;
    for (int j = 0; j < 5; j++) shown += g[j] == g[i] && t[j] != 0;
    if (count_in(w, g[i]) > shown) return false;
  }
  return legal_hard(w, g, p);
}

static bool legal(const inst *I, const hist *H, const char *w) {
  for (int h = 0; h < H->n; h++) {
    const char *g = I->gue[H->g[h]];
    if (I->mode == RULES_HARD && !legal_hard(w, g, H->p[h])) return false;
    if (I->mode == RULES_HARDGRAY && !legal_gray(w, g, H->p[h])) return false;
    if (I->mode == RULES_ULTRAHARD && ref_feedback(g, w) != H->p[h]) return false;
  }
  return true;
}

/* ------------------------------------------------------------------ */
/* The oracle. */

static long nodes, budget = LONG_MAX;
static bool over;

static int sat_add(int a, int b) {
  long s = (long)a + b;
  return s >= INF ? INF : (int)s;
}

static void oracle_set(const inst *I, const uint8_t *A, int n, hist *H, int out[NSLOT]);

/* Totals of guess g first on A by slot; false when g tells nothing. */
static bool oracle_first(const inst *I, const uint8_t *A, int n, hist *H, int g, int tot[NSLOT]) {
  uint8_t part[MAXA] = {0}, pat[MAXA] = {0};
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
  if (pat[0] == pat[n - 1] && pat[0] != PATTERN_WIN) return false;
  int sum[NSLOT] = {0};
  for (int s = 0, e; s < n; s = e) {
    for (e = s + 1; e < n && pat[e] == pat[s]; e++)
      ;
    if (pat[s] == PATTERN_WIN) continue;
    int child[NSLOT];
    H->g[H->n] = g;
    H->p[H->n] = pat[s];
    H->n++;
    oracle_set(I, part + s, e - s, H, child);
    H->n--;
    sum[0] = sat_add(sum[0], child[0]);
    sum[1] = INF;
    for (int d = 2; d < NSLOT; d++) sum[d] = sat_add(sum[d], child[d - 1]);
  }
  for (int d = 0; d < NSLOT; d++) tot[d] = sat_add(n, sum[d]);
  return true;
}

static void oracle_set(const inst *I, const uint8_t *A, int n, hist *H, int out[NSLOT]) {
  if (++nodes > budget) over = true;
  if (n == 1 || over || H->n >= MAXH - 1) {
    for (int d = 0; d < NSLOT; d++) out[d] = n == 1 ? 1 : INF;
    return;
  }
  for (int d = 0; d < NSLOT; d++) out[d] = INF;
  for (int g = 0; g < I->ng; g++) {
    int tot[NSLOT];
    if (!legal(I, H, I->gue[g]) || !oracle_first(I, A, n, H, g, tot)) continue;
    for (int d = 0; d < NSLOT; d++)
      if (tot[d] < out[d]) out[d] = tot[d];
  }
}

/* ------------------------------------------------------------------ */
/* Instances: answers drawn from the NYT answers (half of them look-alikes
 * of one word), guesses the answers plus random NYT guesses, shuffled. */

static bool has(char (*w)[6], int n, const char *x) {
  for (int i = 0; i < n; i++)
    if (!strcmp(w[i], x)) return true;
  return false;
}

/* The word, and *at its place, of the largest endgame of 100 random
 * draws: the answers equal to it but at that place. */
static const char *big_endgame(const game *nyt, uint64_t *seed, int *at) {
  const char *best = NULL;
  int most = -1;
  for (int draw = 0; draw < 100; draw++) {
    const char *c = nyt->answers.w[rng_range(seed, 0, nyt->n_answers - 1)];
    int p = rng_range(seed, 0, 4), m = 0;
    for (int a = 0; a < nyt->n_answers; a++) {
      const char *w = nyt->answers.w[a];
      int other = 0;
      for (int i = 0; i < 5; i++) other += w[i] != c[i] && i != p;
      m += other == 0;
    }
    if (m > most) most = m, best = c, *at = p;
  }
  return best;
}

static void make_inst(const game *nyt, uint64_t *seed, inst *I) {
  memset(I, 0, sizeof *I);
  int na = rng_range(seed, 4, 12), ng = rng_range(seed, na, na + 14);
  const char *c = NULL;
  /* One in eight has every word an answer: answers drawn from the whole
   * guess list, and the guesses exactly them (as nyt-2022-02-all). */
  if (rng_range(seed, 0, 7) == 0) {
    while (I->na < na) {
      const char *w = nyt->guesses.w[rng_range(seed, 0, nyt->n_guesses - 1)];
      if (!has(I->ans, I->na, w)) strcpy(I->ans[I->na++], w);
    }
    ng = na;
    I->all = true;
  }
  /* A third of the time the answers are words within two letters of one
   * word, and a third within one letter at one place (an endgame, as
   * _ATCH, which hard mode cannot finish fast): the feasibility test's
   * endgame refutations (search_feas.c) take part. */
  int kind = rng_range(seed, 0, 2), at = rng_range(seed, 0, 4);
  if (kind == 1) c = nyt->answers.w[rng_range(seed, 0, nyt->n_answers - 1)];
  if (kind == 2) c = big_endgame(nyt, seed, &at);
  if (kind) {
    for (int tries = 0; tries < 30000 && I->na < na; tries++) {
      const char *w = nyt->answers.w[rng_range(seed, 0, nyt->n_answers - 1)];
      int d = 0, other = 0;
      for (int i = 0; i < 5; i++) d += w[i] != c[i], other += w[i] != c[i] && i != at;
      bool near = kind == 1 ? d <= 2 : other == 0 || (d <= 2 && tries > 20000);
      if (near && !has(I->ans, I->na, w)) strcpy(I->ans[I->na++], w);
    }
  }
  while (I->na < na) {
    const char *w = nyt->answers.w[rng_range(seed, 0, nyt->n_answers - 1)];
    if (!has(I->ans, I->na, w)) strcpy(I->ans[I->na++], w);
  }
  for (int a = 0; a < na; a++) strcpy(I->gue[I->ng++], I->ans[a]);
  /* Look-alike guesses too: many give the same feedback on every answer
   * and differ only in what hard mode makes of them. */
  for (int tries = 0; c && tries < 30000 && I->ng < (na + ng) / 2; tries++) {
    const char *w = nyt->guesses.w[rng_range(seed, 0, nyt->n_guesses - 1)];
    int d = 0;
    for (int i = 0; i < 5; i++) d += w[i] != c[i];
    if (d <= 2 && !has(I->gue, I->ng, w)) strcpy(I->gue[I->ng++], w);
  }
  while (I->ng < ng) {
    const char *w = nyt->guesses.w[rng_range(seed, 0, nyt->n_guesses - 1)];
    if (!has(I->gue, I->ng, w)) strcpy(I->gue[I->ng++], w);
  }
  for (int i = I->ng - 1; i > 0; i--) {
    int j = rng_range(seed, 0, i);
    char t[6];
    memcpy(t, I->gue[i], 6);
    memcpy(I->gue[i], I->gue[j], 6);
    memcpy(I->gue[j], t, 6);
  }
  for (int g = 0; g < I->ng; g++)
    for (int a = 0; a < I->na; a++) I->fb[g][a] = (uint8_t)ref_feedback(I->gue[g], I->ans[a]);
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

/* The game's guess index of the instance's guess g (game_of() keeps the
 * order; checked). */
static search *new_search(const game *g, rules_mode m, int max_guesses, int threads) {
  search_opts o;
  strategy_search_opts(&o);
  o.max_guesses = max_guesses;
  o.threads = threads;
  o.memo_mb = 4;
  o.rules = m;
  return search_new(g, &o);
}

/* Every guess of t, on every path, legal by the definition after the
 * path's history H; returns the number of nodes checked. */
static int check_legal(const inst *I, const tnode *t, hist *H, int k) {
  ck_assert_msg(legal(I, H, I->gue[t->guess]), "instance %d (%s): guess '%s' after %d guesses "
                "breaks the rules", k, rules_name(I->mode), I->gue[t->guess], H->n);
  int c = 1;
  for (int i = 0; i < t->nkids; i++) {
    H->g[H->n] = t->guess;
    H->p[H->n] = t->pat[i];
    H->n++;
    ck_assert(H->n < MAXH);
    c += check_legal(I, t->kid[i], H, k);
    H->n--;
  }
  return c;
}

static game nyt;
/* Loaded once, in Check's parent (an unchecked fixture,
 * suite_in_parent()), for every test to share. */
static void load_nyt(void) { ck_assert_msg(lists_load(&nyt, "nyt-2022-02", NULL) == 0, "%s", err_msg()); }
static void setup_nyt(void) { suite_in_parent(load_nyt); }
static void teardown_nyt(void) { game_free(&nyt); }

/* The next instance whose oracle (no history) fits the budget. */
static void next_inst(uint64_t *seed, rules_mode m, inst *I, int best[NSLOT]) {
  for (;;) {
    make_inst(&nyt, seed, I);
    I->mode = m;
    uint8_t A[MAXA];
    for (int i = 0; i < I->na; i++) A[i] = (uint8_t)i;
    hist H = {0};
    over = false;
    budget = nodes + BUDGET;
    oracle_set(I, A, I->na, &H, best);
    budget = LONG_MAX;
    if (!over) return;
  }
}

/* ------------------------------------------------------------------ */

START_TEST(test_state_matches_definition) {
  /* rstate_allows() after a random history, and rules_after() step by
   * step, against the definitions, on random NYT words. */
  uint64_t seed = 42 + (uint64_t)_i;
  static const rules_mode modes[] = {RULES_HARD, RULES_HARDGRAY, RULES_ULTRAHARD};
  rules_mode m = modes[_i % 3];
  rword *W = rules_words(&nyt);
  int *U = malloc(sizeof *U * (size_t)nyt.n_guesses), nu = nyt.n_guesses;
  for (int g = 0; g < nu; g++) U[g] = g;
  inst I = {.mode = m};
  hist H = {0};
  rstate st;
  rstate_init(&st);
  const char *answer = nyt.answers.w[rng_range(&seed, 0, nyt.n_answers - 1)];
  for (int step = 0; step < 4; step++) {
    /* A legal guess (a random one of U), its pattern against the answer. */
    int g = U[rng_range(&seed, 0, nu - 1)];
    int p = ref_feedback(nyt.guesses.w[g], answer);
    strcpy(I.gue[step], nyt.guesses.w[g]);
    H.g[H.n] = step;
    H.p[H.n++] = p;
    rstate_add(m, &st, &W[g], p);
    nu = rules_after(m, W, U, nu, g, p, U);
    int k = 0, disagree = 0;
    for (int w = 0; w < nyt.n_guesses; w++) {
      bool def = legal(&I, &H, nyt.guesses.w[w]);
      disagree += def != rstate_allows(&st, &W[w]);
      if (def) {
        ck_assert_msg(k < nu && U[k] == w, "%s step %d: rules_after() misses '%s'",
                      rules_name(m), step, nyt.guesses.w[w]);
        k++;
      }
    }
    ck_assert_int_eq(k, nu);
    ck_assert_msg(disagree == 0, "%s step %d: rstate_allows() disagrees on %d words",
                  rules_name(m), step, disagree);
    /* The answer itself is always allowed. */
    ck_assert(rstate_allows(&st, &W[nyt.ans2guess[words_find(&nyt.answers, answer)]]));
  }
  free(U);
  free(W);
}
END_TEST

/* The memo key of a state (rstate_key()): the fields the rules change,
 * 24 bytes in hard mode, 40 in hard-gray, 60 in ultrahard; two states
 * of the same rules have equal keys exactly when they are equal states
 * (every field, gmask too), on 300 random histories per rules (every
 * pair compared). */
START_TEST(test_state_key) {
  static const rules_mode modes[] = {RULES_HARD, RULES_HARDGRAY, RULES_ULTRAHARD};
  static const int bytes[] = {24, 40, 60};
  enum { N = 300 };
  rword *W = rules_words(&nyt);
  rstate *st = malloc(sizeof *st * N);
  for (int mi = 0; mi < 3; mi++) {
    uint64_t seed = 7 + (uint64_t)mi;
    rules_mode m = modes[mi];
    for (int i = 0; i < N; i++) {
      rstate_init(&st[i]);
      const char *answer = nyt.answers.w[rng_range(&seed, 0, 40)]; /* few answers: equal states */
      int steps = (int)rng_range(&seed, 1, 2);
      for (int k = 0; k < steps; k++) {
        int g = nyt.ans2guess[rng_range(&seed, 0, 60)];
        rstate_add(m, &st[i], &W[g], ref_feedback(nyt.guesses.w[g], answer));
      }
    }
    int same = 0, differ = 0;
    for (int i = 0; i < N; i++) {
      int li, lj;
      const void *ki = rstate_key(&st[i], &li);
      ck_assert(li == 0 || li == bytes[mi]);
      ck_assert_int_eq(li == 0, rstate_empty(&st[i]));
      for (int j = 0; j < i; j++) {
        const void *kj = rstate_key(&st[j], &lj);
        bool keys = li == lj && (li == 0 || memcmp(ki, kj, (size_t)li) == 0);
        bool states = memcmp(&st[i], &st[j], offsetof(rstate, keylen)) == 0 &&
                      st[i].gmask == st[j].gmask;
        ck_assert_msg(keys == states, "%s: states %d and %d: keys %s, states %s", rules_name(m),
                      i, j, keys ? "equal" : "differ", states ? "equal" : "differ");
        same += states;
        differ += !states;
      }
    }
    ck_assert_msg(same >= 20 && differ > 1000, "%s: %d equal pairs, %d unequal", rules_name(m),
                  same, differ);
  }
  free(st);
  free(W);
}
END_TEST

START_TEST(test_why_messages) {
  char hist[2][8] = {"salet", "crane"}, buf[160];
  /* salet against "trace": s gray, a yellow, l gray, e yellow, t yellow. */
  int pats[2] = {feedback_of("salet", "trace"), feedback_of("crane", "trace")};
  ck_assert_ptr_null(rules_why(RULES_HARD, hist, pats, 1, "crate", false, buf, sizeof buf));
  ck_assert_str_eq(rules_why(RULES_HARD, hist, pats, 1, "crony", false, buf, sizeof buf),
                   "guess must contain A");
  ck_assert_str_eq(rules_why(RULES_HARD, hist, pats, 1, "crony", true, buf, sizeof buf),
                   "guess 2 'crony' must contain the A shown yellow by guess 1");
  /* crane against trace: c yellow, r green, a green, n gray, e green. */
  ck_assert_str_eq(rules_why(RULES_HARD, hist, pats, 2, "brace", false, buf, sizeof buf),
                   "guess must contain T");
  ck_assert_str_eq(rules_why(RULES_HARD, hist, pats, 2, "tease", false, buf, sizeof buf),
                   "2nd letter must be R");
  ck_assert_ptr_null(rules_why(RULES_HARD, hist, pats, 2, "trace", false, buf, sizeof buf));
  /* Ultrahard: a gray letter may not come back; the same guess is fine
   * in hard mode. */
  ck_assert_ptr_null(rules_why(RULES_HARD, hist, pats, 1, "stage", false, buf, sizeof buf));
  ck_assert_str_eq(rules_why(RULES_ULTRAHARD, hist, pats, 1, "stage", false, buf, sizeof buf),
                   "guess cannot contain S, shown gray");
  ck_assert_str_eq(rules_why(RULES_ULTRAHARD, hist, pats, 1, "taste", true, buf, sizeof buf),
                   "guess 2 'taste' cannot contain S, shown gray by guess 1");
  /* Hard-gray: the gray S may not come back either, but a yellow letter
   * may stay where it was (ultrahard refuses both). */
  ck_assert_str_eq(rules_why(RULES_HARDGRAY, hist, pats, 1, "stage", false, buf, sizeof buf),
                   "guess cannot contain S, shown gray");
  ck_assert_ptr_null(rules_why(RULES_HARDGRAY, hist, pats, 1, "taped", false, buf, sizeof buf));
  ck_assert_str_eq(rules_why(RULES_ULTRAHARD, hist, pats, 1, "taped", false, buf, sizeof buf),
                   "guess cannot have A as its 2nd letter, shown yellow there");
  ck_assert_ptr_null(rules_why(RULES_NORMAL, hist, pats, 2, "xxxxx", false, buf, sizeof buf));
  /* Two E's shown: two needed. */
  char h2[1][8] = {"geese"};
  int p2[1] = {feedback_of("geese", "elder")};
  ck_assert_str_eq(rules_why(RULES_HARD, h2, p2, 1, "rider", false, buf, sizeof buf),
                   "guess must contain E twice");
}
END_TEST

/* Values, trees and the worst case against the oracle, no history. */
static void oracle_run(rules_mode m, uint64_t seed0, int count) {
  uint64_t seed = seed0;
  int refallback = 0; /* root proofs whose first pick had no strategy */
  int searched = 0;   /* root proofs whose stage 6 searched survivors */
  long quick = 0;     /* L2 guesses refuted by a class too big to split */
  long small_none = 0; /* first guesses the L2 stage's quick test refuted */
  long first_none = 0; /* survivors the normal rules' test refuted: none here */
  int fixed_inf = 0;  /* fixed first guesses with no strategy in a limit */
  long endgame_cuts = 0, subset_cuts = 0; /* the feasibility test's refutations */
  long all_answers = 0; /* instances with every word an answer */
  for (int k = 0; k < count; k++) {
    inst I;
    int best[NSLOT];
    next_inst(&seed, m, &I, best);
    all_answers += I.all;
    game g;
    game_of(&I, &g);
    for (int i = 0; i < I.ng; i++) ck_assert_str_eq(g.guesses.w[i], I.gue[i]);
    uint16_t A[MAXA];
    for (int i = 0; i < I.na; i++) A[i] = (uint16_t)i;
    static const int limits[] = {0, 6, 3, 2};
    for (int li = 0; li < 4; li++) {
      int d = limits[li];
      search *s = new_search(&g, m, d, 1);
      int v = search_value(s, A, I.na, 0);
      ck_assert_msg(v == best[d], "instance %d (%s), limit %d: search %d, oracle %d", k,
                    rules_name(m), d, v, best[d]);
      tnode *t = NULL;
      int tot = search_solve(s, A, I.na, -1, &t);
      ck_assert_int_eq(tot, best[d]);
      /* The root proof's upper bound: past a first guess with no strategy
       * within the limit, the next (search_proof.c, stage 3). */
      const search_root_stats *rr = search_root_report(s);
      refallback += rr && rr->probe_none > 0;
      /* Survivors of every bound, searched against the best (under rules
       * that narrow, exact_loop() in the top proof too): beyond the
       * probe's picks, stage 6 settled some. */
      searched += rr && tot < INF && rr->by_survivors >= 1;
      search_stats st;
      search_get_stats(s, &st);
      quick += (long)st.bound2_quick;
      small_none += (long)st.refute_small;
      first_none += (long)st.refute_first;
      if (tot < INF) {
        ck_assert_msg(tree_check(t, &g, A, I.na, d) == 0, "%s", err_msg());
        ck_assert_int_eq(t->total, tot);
        hist H = {0};
        check_legal(&I, t, &H, k);
        /* Two threads: the same tree. */
        search *s2 = new_search(&g, m, d, 2);
        tnode *t2 = NULL;
        ck_assert_int_eq(search_solve(s2, A, I.na, -1, &t2), tot);
        ck_assert_uint_eq(tree_hash(t2), tree_hash(t));
        tree_free(t2);
        search_free(s2);
      }
      tree_free(t);
      search_free(s);
    }
    /* The worst case: the least limit that has a strategy. */
    int least = 0;
    for (int d = 1; d < NSLOT && !least; d++)
      if (best[d] < INF) least = d;
    search *s = new_search(&g, m, 6, 1);
    int got = search_least_depth(s, A, I.na, -1, 6);
    ck_assert_msg(got == least, "instance %d (%s): least depth %d, oracle %d", k, rules_name(m),
                  got, least);
    if (least) {
      search_set_max_guesses(s, least);
      ck_assert_int_eq(search_value(s, A, I.na, 0), best[least]);
    }
    search_free(s);
    /* A fixed first guess (legal at the root: every guess is). */
    int f = rng_range(&seed, 0, I.ng - 1);
    uint8_t A8[MAXA];
    for (int i = 0; i < I.na; i++) A8[i] = (uint8_t)i;
    hist H = {0};
    int tf[NSLOT];
    over = false;
    bool inf = oracle_first(&I, A8, I.na, &H, f, tf);
    if (inf) {
      /* Under every limit: the value, with the quick refutation first
       * (srch_refutes()), and the feasibility test. */
      for (int d = 2; d < NSLOT; d++) {
        s = new_search(&g, m, d, 2);
        tnode *t = NULL;
        ck_assert_msg(search_solve(s, A, I.na, f, &t) == tf[d],
                      "instance %d (%s), first %s, limit %d: %d, oracle %d", k, rules_name(m),
                      I.gue[f], d, t ? t->total : INF, tf[d]);
        ck_assert_int_eq(search_feasible(s, A, I.na, f, d), tf[d] < INF);
        ck_assert_int_eq(search_feasible(s, A, I.na, -1, d), best[d] < INF);
        fixed_inf += tf[d] >= INF;
        search_stats st;
        search_get_stats(s, &st);
        endgame_cuts += (long)st.feas_endgame;
        subset_cuts += (long)st.feas_subset;
        if (t) {
          hist H2 = {0};
          check_legal(&I, t, &H2, k);
        }
        tree_free(t);
        search_free(s);
      }
    }
    game_free(&g);
  }
  /* Under limits that bind, the probe's pick is sometimes infeasible:
   * the fallback is among the paths compared with the oracle. */
  if (m != RULES_NORMAL && count >= 100) ck_assert_int_gt(refallback, 0);
  if (count >= 100) ck_assert_int_gt(searched, 0);
  if (count >= 100) ck_assert_int_ge(all_answers, count / 20); /* every word an answer */
  printf("oracle %s: %d instances (%ld with every word an answer), %d root proofs past an "
         "infeasible pick, %d with survivors searched; %d fixed first guesses with no "
         "strategy in a limit, %ld sets refuted by an endgame's count, %ld by an endgame's "
         "test\n",
         rules_name(m), count, all_answers, refallback, searched, fixed_inf, endgame_cuts,
         subset_cuts);
  /* The endgame refutations are among the paths compared. */
  if (count >= 100) ck_assert(fixed_inf > 0 && endgame_cuts > 0 && subset_cuts > 0);
  /* L2's cap on a class (the most s of any guess its parent allows)
   * holds under the rules too, and is among the paths compared. */
  if (count >= 100) ck_assert_int_gt(quick, 0);
  /* Under rules that narrow, the L2 stage's test of the small classes
   * (srch_refutes_small()) refutes first guesses in the root proofs
   * compared (test_rank_oracle() checks every first guess's
   * value, which a wrong refutation changes). */
  if (count >= 100 && m != RULES_NORMAL) ck_assert_int_gt(small_none, 0);
  /* The test before a survivor's total (srch_refutes_all()) is the
   * normal rules' alone (test_search_matches_oracle() compares it there):
   * never under rules that narrow. */
  ck_assert_int_eq(first_none, 0);
}

START_TEST(test_oracle_hard) { oracle_run(RULES_HARD, 7, TEST_SCALED(300)); }
END_TEST

START_TEST(test_oracle_hardgray) { oracle_run(RULES_HARDGRAY, 29, TEST_SCALED(300)); }
END_TEST

START_TEST(test_oracle_ultrahard) { oracle_run(RULES_ULTRAHARD, 11, TEST_SCALED(300)); }
END_TEST

START_TEST(test_oracle_normal_worst) {
  /* The worst case under the normal rules too. */
  uint64_t seed = 13;
  for (int k = 0; k < TEST_SCALED(300); k++) {
    inst I;
    int best[NSLOT];
    next_inst(&seed, RULES_NORMAL, &I, best);
    game g;
    game_of(&I, &g);
    uint16_t A[MAXA];
    for (int i = 0; i < I.na; i++) A[i] = (uint16_t)i;
    int least = 0;
    for (int d = 1; d < NSLOT && !least; d++)
      if (best[d] < INF) least = d;
    search *s = new_search(&g, RULES_NORMAL, 6, 1);
    ck_assert_int_eq(search_least_depth(s, A, I.na, -1, 6), least);
    for (int d = 1; d < NSLOT; d++)
      ck_assert_int_eq(search_feasible(s, A, I.na, -1, d), best[d] < INF);
    search_free(s);
    game_free(&g);
  }
}
END_TEST

START_TEST(test_oracle_history) {
  /* Mid-game: a random first guess and pattern, the answers it leaves,
   * and the search told the history. */
  uint64_t seed = 17;
  for (int k = 0; k < TEST_SCALED(450); k++) {
    static const rules_mode modes[] = {RULES_HARD, RULES_HARDGRAY, RULES_ULTRAHARD};
    rules_mode m = modes[k % 3];
    inst I;
    int best0[NSLOT];
    next_inst(&seed, m, &I, best0);
    int f = rng_range(&seed, 0, I.ng - 1), a0 = rng_range(&seed, 0, I.na - 1);
    int p = I.fb[f][a0];
    uint8_t A8[MAXA];
    uint16_t A[MAXA];
    int n = 0;
    for (int i = 0; i < I.na; i++)
      if (I.fb[f][i] == p && p != PATTERN_WIN) A8[n] = (uint8_t)i, A[n++] = (uint16_t)i;
    if (n < 2) continue;
    hist H = {1, {f}, {p}};
    int best[NSLOT];
    over = false;
    oracle_set(&I, A8, n, &H, best);
    game g;
    game_of(&I, &g);
    search *s = new_search(&g, m, 0, 2);
    int allowed = search_set_history(s, &f, &p, 1);
    int want = 0;
    for (int q = 0; q < I.ng; q++) want += legal(&I, &H, I.gue[q]);
    ck_assert_int_eq(allowed, want);
    tnode *t = NULL;
    ck_assert_msg(search_solve(s, A, n, -1, &t) == best[0], "instance %d (%s): after '%s' %d",
                  k, rules_name(m), I.gue[f], p);
    if (t) check_legal(&I, t, &H, k);
    tree_free(t);
    search_free(s);
    game_free(&g);
  }
}
END_TEST

/* What a ranking told: how many words it settled, and the lower bounds
 * stage 3 left to the exact search (report_lower). */
typedef struct {
  int told;
  search_first_value low[MAXG];
  int nlow;
} rank_told;

static void no_report(void *arg, const search_first_value *v) {
  rank_told *t = arg;
  t->told++;
  ck_assert(v->guess >= 0);
}
static void low_report(void *arg, const search_first_value *v) {
  rank_told *t = arg;
  ck_assert(t->nlow < MAXG && v->guess >= 0 && v->stage == 3);
  t->low[t->nlow++] = *v;
}

/* The ranking fo of s again (cutoff C at its end), resumed from the
 * lower bounds the first run told (t, out): the same cutoff, every value
 * as the first run's are (exact: the oracle's, want; else above the
 * cutoff and at most the oracle's; exact at or below the cutoff: which
 * ones above it are exact, and a bound's number, may differ, as the memo
 * the first run left raises some bounds), and stage 3 not run again on
 * them (none of them told again). */
static void rank_again(search *s, const uint16_t *A, int n, const search_first_opts *fo, int C,
                       const search_first_value *out, const rank_told *t, const int *want) {
  search_first_opts again = *fo;
  rank_told t2 = {0};
  search_first_value out2[MAXG];
  again.lower = t->low, again.nlower = t->nlow, again.arg = &t2;
  ck_assert_int_eq(search_rank_first(s, A, n, &again, out2), C);
  ck_assert_int_eq(t2.told, t->told);
  for (int i = 0; i < t2.nlow; i++) /* others may be: the memo differs */
    for (int j = 0; j < t->nlow; j++) ck_assert(t2.low[i].guess != t->low[j].guess);
  for (int q = 0; q < t->told; q++) {
    int g = out2[q].guess, v = out2[q].value;
    ck_assert(g == out[q].guess);
    if (out2[q].exact) ck_assert_int_eq(v, want[g]);
    else ck_assert(v > C && v <= want[g]);
    if (want[g] <= C) ck_assert(out2[q].exact);
  }
}

START_TEST(test_rank_oracle) {
  /* search_rank_first() against the oracle's value of every first guess:
   * with no cutoff every value exact and equal; with a cutoff, exact up
   * to it and a bound above it, never above the true value; with --top,
   * the N best exact.  Half the instances at the limit 6, the others at
   * 3, 2 and 1 (a first guess whose classes then have no guess left: a
   * singleton once counted 1 there, not "no strategy").  The lower
   * bounds stage 3 tells are true, and a ranking resumed from them ends
   * alike (rank_again()).  Every other ranking takes the L1 pass of its
   * survivors' searches on classes of 2 answers or more (l1_min), as the
   * big lists take it on classes of 8 (search.c l1_pass()). */
  static const int lims[] = {6, 3, 2, 1};
  uint64_t seed = 23;
  int lowered = 0;
  long l1cut = 0, none_first = 0;
  for (int k = 0; k < 200; k++) {
    rules_mode m = (rules_mode)(k % 4);
    int L = (k / 4) % 2 ? lims[1 + (k / 8) % 3] : 6;
    inst I;
    int best[NSLOT];
    next_inst(&seed, m, &I, best);
    game g;
    game_of(&I, &g);
    uint16_t A[MAXA];
    uint8_t A8[MAXA];
    for (int i = 0; i < I.na; i++) A[i] = (uint16_t)i, A8[i] = (uint8_t)i;
    int want[MAXG];
    for (int q = 0; q < I.ng; q++) {
      hist H = {0};
      int tot[NSLOT];
      over = false;
      want[q] = oracle_first(&I, A8, I.na, &H, q, tot) ? tot[L] : INF;
      if (want[q] == INF && L > 1) {
        /* No information, but under the rules it still binds the rest
         * (hard COULD on the six _OUNDs: O, U and D kept in place leave
         * one answer per guess, so none within 6). */
        hist H1 = {1, {q}, {I.fb[q][0]}};
        int rest[NSLOT];
        oracle_set(&I, A8, I.na, &H1, rest);
        want[q] = sat_add(I.na, rest[L - 1]);
      }
      if (I.na == 1) /* slot 0 is no limit: after a miss at the limit 1, none left */
        want[q] = !strcmp(I.gue[q], I.ans[0]) ? 1 : L > 1 ? sat_add(1, best[L - 1]) : INF;
    }
    int lo = INF;
    for (int q = 0; q < I.ng; q++) lo = want[q] < lo ? want[q] : lo;
    for (int mode = 0; mode < 3; mode++) {
      search *s = new_search(&g, m, L, 1 + k % 2);
      s->l1_min = (k + mode) % 2 ? 2 : 0;
      search_first_value out[MAXG];
      rank_told t = {0};
      int cutoff = mode == 1 ? lo + rng_range(&seed, 0, 3) : INF;
      search_first_opts fo = {.cutoff = cutoff, .top = mode == 2 ? 2 : 0, .report = no_report,
                              .report_lower = low_report, .arg = &t};
      int C = search_rank_first(s, A, I.na, &fo, out);
      ck_assert_int_eq(t.told, I.ng);
      lowered += t.nlow;
      if (mode == 0) ck_assert_int_eq(t.nlow, 0); /* no cutoff: no refuting stages */
      for (int i = 0; i < t.nlow; i++) /* each a true lower bound */
        ck_assert_msg(t.low[i].value <= want[t.low[i].guess], "instance %d: %s lower %d, oracle "
                      "%d", k, I.gue[t.low[i].guess], t.low[i].value, want[t.low[i].guess]);

      for (int q = 0; q < I.ng; q++) {
        int gq = out[q].guess, v = out[q].value;
        if (out[q].exact)
          ck_assert_msg(v == want[gq], "instance %d (%s, limit %d) mode %d: %s exact %d, oracle %d",
                        k, rules_name(m), L, mode, I.gue[gq], v, want[gq]);
        else
          ck_assert_msg(v > C && v <= want[gq], "instance %d (%s) mode %d: %s bound %d, cutoff %d, "
                        "oracle %d", k, rules_name(m), mode, I.gue[gq], v, C, want[gq]);
        if (mode == 0) ck_assert(out[q].exact);
        if (want[gq] <= C) ck_assert_msg(out[q].exact, "instance %d: %s (%d) at or below the "
                                         "cutoff %d is not exact", k, I.gue[gq], want[gq], C);
      }
      if (t.nlow) rank_again(s, A, I.na, &fo, C, out, &t, want);
      search_stats st;
      search_get_stats(s, &st);
      if (!s->l1_min) ck_assert(st.l1_pass == 0);
      l1cut += (long)st.cut_l1_pass;
      if (m != RULES_NORMAL) ck_assert(st.refute_first == 0); /* the normal rules' alone */
      none_first += (long)st.refute_first;
      search_free(s);
    }
    game_free(&g);
  }
  ck_assert_msg(lowered > 0, "no ranking left a word to the exact search: lower lines untested");
  ck_assert_msg(l1cut > 0, "no guess cut by the L1 pass: l1_pass() untested");
  /* Under the normal rules, survivors with no strategy within the limit,
   * settled by the feasibility test before their search
   * (srch_refutes_all()): their values are among those compared. */
  ck_assert_msg(none_first > 0, "no survivor refuted by the test: srch_refutes_all() untested");
  printf("rank oracle: %d first guesses left to the exact search, each resumed from its lower "
         "bound; %ld guesses cut by their classes' L1 in the survivors' searches; %ld survivors "
         "with no strategy found by the test first\n", lowered, l1cut, none_first);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The feasibility test within 3 on sets of up to 64 answers and more,
 * larger than the oracle's instances: search_feas.c's index of a node's
 * guesses by letter, its table of their patterns and its lists of a
 * class's splitters, kept per node and shared by the guesses that make
 * the same class.  Every word an answer: F3_WORDS words of NYT, half of
 * them look-alikes (endgames, where the rules bite), a first guess that
 * leaves big classes, and each class of it within 3 after it (a history
 * set with search_set_history()), against the definition: some guess
 * legal after the history whose every class within 2 (of at most 2
 * answers, or split into single answers by a guess legal after it
 * too), the feedback by ref_feedback().  Under the normal rules too
 * (every word legal), where the classes' largest subsets are tried
 * first and a subset of FEAS_SPLIT_MEMO_MIN answers or more keeps its
 * answer within 2 in the memo for the other guesses that make it. */

#define F3_WORDS 300

typedef struct {
  char w[F3_WORDS][6];
  int nw;                         /* words in w, every one a guess */
  uint8_t fb[F3_WORDS][F3_WORDS]; /* ref_feedback(word i guessed, word j the answer) */
  rules_mode m;
  int hg[2], hp[2], nh; /* the history */
} f3inst;

static bool f3_legal(const f3inst *I, int w) {
  for (int h = 0; h < I->nh; h++) {
    const char *g = I->w[I->hg[h]];
    if (I->m == RULES_HARD && !legal_hard(I->w[w], g, I->hp[h])) return false;
    if (I->m == RULES_HARDGRAY && !legal_gray(I->w[w], g, I->hp[h])) return false;
    if (I->m == RULES_ULTRAHARD && I->fb[I->hg[h]][w] != I->hp[h]) return false;
  }
  return true;
}

/* D (n answers) within 2 after I's history. */
static bool f3_within2(const f3inst *I, const int *D, int n) {
  if (n <= 2) return true;
  for (int h = 0; h < I->nw; h++) {
    if (!f3_legal(I, h)) continue;
    bool seen[PATTERN_COUNT] = {false}, ok = true;
    for (int j = 0; j < n && ok; j++) {
      ok = !seen[I->fb[h][D[j]]];
      seen[I->fb[h][D[j]]] = true;
    }
    if (ok) return true;
  }
  return false;
}

/* C (n answers) within 3 after I's history of one guess. */
static bool f3_within3(f3inst *I, const int *C, int n) {
  if (n <= 3) return true;
  for (int g = 0; g < I->nw; g++) {
    if (!f3_legal(I, g)) continue;
    bool ok = true;
    for (int p = 0; p < PATTERN_WIN && ok; p++) {
      int D[F3_WORDS], nd = 0;
      for (int j = 0; j < n; j++)
        if (I->fb[g][C[j]] == p) D[nd++] = C[j];
      if (!nd) continue;
      I->hg[1] = g, I->hp[1] = p, I->nh = 2;
      ok = f3_within2(I, D, nd);
      I->nh = 1;
    }
    if (ok) return true;
  }
  return false;
}

/* An instance of F3_WORDS words, every one an answer: look-alikes of
 * one word, then words at random, their feedback, and its game, whose
 * guesses are the words, or all of `guesses` when given. */
static void f3_make(f3inst *I, game *g, uint64_t *seed, const wordlist *guesses) {
  int nw = 0;
  while (nw < F3_WORDS) {
    const char *c = nyt.guesses.w[rng_range(seed, 0, nyt.n_guesses - 1)];
    int at = rng_range(seed, 0, 4);
    for (int q = 0; q < nyt.n_guesses && nw < F3_WORDS; q++) {
      const char *w = nyt.guesses.w[q];
      int other = 0;
      for (int i = 0; i < 5; i++) other += w[i] != c[i] && i != at;
      bool take = nw >= F3_WORDS / 2 ? rng_range(seed, 0, 40) == 0 : other == 0;
      if (take && !has(I->w, nw, w)) strcpy(I->w[nw++], w);
    }
  }
  I->nw = F3_WORDS;
  for (int x = 0; x < F3_WORDS; x++)
    for (int a = 0; a < F3_WORDS; a++) I->fb[x][a] = (uint8_t)ref_feedback(I->w[x], I->w[a]);
  const char *wp[F3_WORDS];
  for (int i = 0; i < F3_WORDS; i++) wp[i] = I->w[i];
  wordlist wa, wq;
  ck_assert_int_eq(words_from_array(wp, F3_WORDS, &wa), 0);
  if (guesses) {
    const char **gp = malloc(sizeof *gp * (size_t)guesses->n);
    for (int i = 0; i < guesses->n; i++) gp[i] = guesses->w[i];
    ck_assert_int_eq(words_from_array(gp, guesses->n, &wq), 0);
    free(gp);
  } else {
    ck_assert_int_eq(words_from_array(wp, F3_WORDS, &wq), 0);
  }
  ck_assert_msg(game_from_lists(g, wa, wq) == 0, "%s", err_msg());
}

START_TEST(test_feasible_within3) {
  uint64_t seed = 41;
  long classes = 0, no = 0, over32 = 0;
  for (int k = 0; k < TEST_SCALED(6); k++) {
    static f3inst I;
    game g;
    f3_make(&I, &g, &seed, NULL);
    /* The first guess of 30 at random with the largest class. */
    int f = 0, most = -1;
    for (int t = 0; t < 30; t++) {
      int x = rng_range(&seed, 0, F3_WORDS - 1), cnt[PATTERN_COUNT] = {0}, big = 0;
      for (int a = 0; a < F3_WORDS; a++)
        if (++cnt[I.fb[x][a]] > big) big = cnt[I.fb[x][a]];
      if (big > most) most = big, f = x;
    }
    for (rules_mode m = RULES_NORMAL; m <= RULES_ULTRAHARD; m++) {
      I.m = m;
      for (int p = 0; p < PATTERN_WIN; p++) {
        int C[F3_WORDS], n = 0;
        uint16_t C16[F3_WORDS];
        for (int a = 0; a < F3_WORDS; a++)
          if (I.fb[f][a] == p) C16[n] = (uint16_t)a, C[n++] = a;
        if (n <= 3) continue;
        I.hg[0] = f, I.hp[0] = p, I.nh = 1;
        bool want = f3_within3(&I, C, n);
        search *s = new_search(&g, m, 0, 1 + (p & 1));
        search_set_history(s, &f, &p, 1);
        ck_assert_msg(search_feasible(s, C16, n, -1, 3) == want,
                      "instance %d (%s): after '%s' %d, %d answers: within 3 %d", k,
                      rules_name(m), I.w[f], p, n, want);
        search_free(s);
        classes++, no += !want, over32 += n > 32;
      }
    }
    game_free(&g);
  }
  printf("feasible within 3: %ld classes of up to %d answers, %ld of them with no strategy, "
         "%ld of more than 32\n", classes, F3_WORDS, no, over32);
  ck_assert(no > 0 && no < classes && over32 > 0);
}
END_TEST

/* The memo's answers within 2 under rules that narrow (sets of
 * FEAS_SPLIT_MEMO_MIN answers or more keep them), where what a set can
 * do depends on the guesses its state allows: one search, one memo,
 * asked of the same set after two histories (srch_set_refuted() with
 * the guesses each allows, as big classes are asked), against the
 * definition: a guess legal after the history that gives every answer
 * its own pattern.  The answers are an f3 instance's words, the guesses
 * all of NYT's, so that sets of a dozen answers and more can pass.  A
 * memo key without the state would answer the second from the first. */
static bool w2_legal(const game *g, rules_mode m, int hg, int hp, int x) {
  const char *w = g->guesses.w[x], *h = g->guesses.w[hg];
  if (m == RULES_HARD) return legal_hard(w, h, hp);
  if (m == RULES_HARDGRAY) return legal_gray(w, h, hp);
  return ref_feedback(h, w) == hp;
}

static bool w2_within2(const game *g, rules_mode m, int hg, int hp, const uint16_t *C, int n) {
  for (int x = 0; x < g->n_guesses; x++) {
    if (!w2_legal(g, m, hg, hp, x)) continue;
    bool seen[PATTERN_COUNT] = {false}, ok = true;
    for (int j = 0; j < n && ok; j++) {
      int q = ref_feedback(g->guesses.w[x], g->answers.w[C[j]]);
      ok = !seen[q];
      seen[q] = true;
    }
    if (ok) return true;
  }
  return false;
}

START_TEST(test_feasible_within2_states) {
  uint64_t seed = 43;
  long asked = 0, yes = 0, differ = 0;
  for (int k = 0; k < TEST_SCALED(2); k++) {
    static f3inst I;
    game g;
    f3_make(&I, &g, &seed, &nyt.guesses);
    int *U = malloc(sizeof *U * (size_t)g.n_guesses);
    for (rules_mode m = RULES_HARD; m <= RULES_ULTRAHARD; m++) {
      search *s = new_search(&g, m, 0, 1);
      for (int t = 0; t < 30; t++) {
        int f = rng_range(&seed, 0, F3_WORDS - 1), p = I.fb[f][rng_range(&seed, 0, F3_WORDS - 1)];
        uint16_t C[F3_WORDS];
        int n = 0;
        for (int a = 0; a < F3_WORDS; a++)
          if (I.fb[f][a] == p && p != PATTERN_WIN) C[n++] = (uint16_t)a;
        if (n < FEAS_SPLIT_MEMO_MIN || n > 40) continue;
        /* The other history: a guess at random of those that give every
         * answer of C one pattern (the answers are legal after it, as
         * every caller's are). */
        int other = -1, seen = 0;
        for (int x = 0; x < g.n_guesses; x++) {
          int j = 1;
          while (j < n && game_fb(&g, x, C[j]) == game_fb(&g, x, C[0])) j++;
          if (j == n && game_fb(&g, x, C[0]) != PATTERN_WIN && rng_range(&seed, 0, seen++) == 0)
            other = x;
        }
        bool was[2];
        for (int h = 0; h < 2; h++) { /* its own history, then the other */
          int hg = h ? other : g.ans2guess[f], hp = game_fb(&g, hg, C[0]);
          ck_assert(hg >= 0 && (h || hp == p));
          bool want = w2_within2(&g, m, hg, hp, C, n);
          rstate rs;
          rstate_init(&rs);
          rstate_add(m, &rs, &s->rw[hg], hp);
          int nu = rules_after(m, s->rw, s->all, g.n_guesses, hg, hp, U);
          bool got = !srch_set_refuted(s, C, n, 2, U, nu, rstate_empty(&rs) ? NULL : &rs);
          ck_assert_msg(got == want, "instance %d (%s): %d answers after '%s' %d: within 2 %d",
                        k, rules_name(m), n, g.guesses.w[hg], hp, want);
          was[h] = want;
          asked++, yes += want;
        }
        differ += was[0] != was[1];
      }
      search_free(s);
    }
    free(U);
    game_free(&g);
  }
  printf("feasible within 2: %ld sets of %d to 40 answers, each after two histories, %ld of the %ld "
         "answers yes, %ld sets with two different answers\n", asked / 2, FEAS_SPLIT_MEMO_MIN, yes,
         asked, differ);
  ck_assert(differ > 0 && yes < asked);
}
END_TEST

/* A class's splitters are kept under the set of its rows in the node's
 * table, a 64-bit mask (search_feas.c, splitters()).  A node of 64
 * answers in twin halves: b + XY + "ne" and c + XY + "ne" for the same 32
 * pairs XY in the same order, so that answers j and j + 32 differ only
 * in their first letter, and a class of b- words under one guess and the
 * class of their twins under another have masks alike in their low 32
 * bits.  After ZUVWE (every answer ----G), no guess has a strategy
 * within 3 under any of the three rules: a mask folded to 32 bits (the
 * mutant feas-splitters-alias) finds one, a twin class taking the
 * splitters of the other.  The instance came from a search of such
 * nodes with that mutant built in: 5 of 2,000 told it apart. */
START_TEST(test_feasible_within3_twins) {
  static const char pairs[] = "aiorrbarabracbrciioaribriaicoiaocrobroccrroocobobaioibocbbircaac";
  static const char *const extra[] = {
      "zuvwe", "crrbe", "croaa", "bacie", "bicbe", "bcbie", "arcce", "bocra", "braia", "aaore",
      "airae", "carre", "cobbb", "cbbca", "boice", "acroe", "brobe", "bocie", "ciooe", "iobce",
      "crcie", "ioaie", "baare", "bococ", "biabe", "cbiie", "ciiri", "iobbe", "biaie", "iaboe",
      "birbc"};
  enum { NA = 64, NX = sizeof extra / sizeof *extra };
  static f3inst I;
  const char *wp[NA + NX];
  I.nw = 0;
  for (int h = 0; h < 2; h++)
    for (int j = 0; j < NA / 2; j++)
      snprintf(I.w[I.nw++], 6, "%c%.2sne", "bc"[h], pairs + 2 * j);
  for (int x = 0; x < NX; x++) strcpy(I.w[I.nw++], extra[x]);
  for (int i = 0; i < I.nw; i++) {
    wp[i] = I.w[i];
    for (int a = 0; a < I.nw; a++) I.fb[i][a] = (uint8_t)ref_feedback(I.w[i], I.w[a]);
  }
  int f = NA, p = I.fb[f][0], C[NA];
  uint16_t C16[NA];
  for (int a = 0; a < NA; a++) {
    ck_assert_int_eq(I.fb[f][a], p); /* one class after ZUVWE */
    C[a] = a, C16[a] = (uint16_t)a;
  }
  wordlist wa, wq;
  ck_assert_int_eq(words_from_array(wp, NA, &wa), 0);
  ck_assert_int_eq(words_from_array(wp, I.nw, &wq), 0);
  game g;
  ck_assert_msg(game_from_lists(&g, wa, wq) == 0, "%s", err_msg());
  for (rules_mode m = RULES_HARD; m <= RULES_ULTRAHARD; m++) {
    I.m = m, I.hg[0] = f, I.hp[0] = p, I.nh = 1;
    bool want = f3_within3(&I, C, NA);
    ck_assert_msg(!want, "%s: the instance is meant to have no strategy", rules_name(m));
    for (int threads = 1; threads <= 2; threads++) {
      search *s = new_search(&g, m, 0, threads);
      search_set_history(s, &f, &p, 1);
      ck_assert_msg(search_feasible(s, C16, NA, -1, 3) == want, "%s, %d threads: within 3 %d",
                    rules_name(m), threads, want);
      search_free(s);
    }
  }
  game_free(&g);
}
END_TEST

Suite *rules_suite(void) {
  Suite *s = suite_create("rules");
  TCase *tc = tcase_create("rules");
  if (TEST_TSAN) /* each test loads it: nyt_setup() in check_search.c says why */
    tcase_add_checked_fixture(tc, load_nyt, teardown_nyt);
  else
    tcase_add_unchecked_fixture(tc, setup_nyt, teardown_nyt);
  tcase_set_timeout(tc, 300);
  tcase_add_loop_test(tc, test_state_matches_definition, 0, 12);
  tcase_add_test(tc, test_state_key);
  tcase_add_test(tc, test_why_messages);
  tcase_add_test(tc, test_oracle_hard);
  tcase_add_test(tc, test_oracle_hardgray);
  tcase_add_test(tc, test_oracle_ultrahard);
  tcase_add_test(tc, test_oracle_normal_worst);
  tcase_add_test(tc, test_oracle_history);
  tcase_add_test(tc, test_rank_oracle);
  tcase_add_test(tc, test_feasible_within3);
  tcase_add_test(tc, test_feasible_within2_states);
  tcase_add_test(tc, test_feasible_within3_twins);
  suite_add_tcase(s, tc);
  return s;
}
