/*
 * check_strategy.c: the heuristic strategies (strategy.h) and the
 * simulation and compare tables (simulate.h), against a reference.
 *
 * The reference is the rules as strategy.h states them and nothing more:
 * its own feedback function (position by position, with a used-letter
 * mask, not the library's or suites.h's), class sizes counted per guess
 * in plain loops, entropy as a double sum of c*log2(c) with ties within
 * 1e-9 (far below the gap between two different partitions of 60
 * answers, far above rounding), a full stable sort of every informative
 * guess for a rollout's top N, and no shortcuts: no small-set rules, no
 * guess lists handed down, no budgets.
 *
 * Instances are 20 to 60 NYT answers with 60 to 200 guesses (the answers
 * plus other NYT guesses), in shuffled order so that "word order" is
 * neither alphabetical nor answers-first, and six answers of each are
 * drawn from a look-alike family (-ight, -ound, -atch...) where ties
 * abound.  The
 * first instance's totals are also pinned as numbers.
 */
#include <check.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feedback.h"
#include "game.h"
#include "greedy.h"
#include "lists.h"
#include "search.h"
#include "simulate.h"
#include "strategy.h"
#include "suites.h"
#include "tree.h"
#include "tuning.h"
#include "util.h"
#include "words.h"

#define MAXA 64
#define MAXG 224
#define UNL OPTLE_DEPTH_UNLIMITED

/* ------------------------------------------------------------------ */
/* The reference                                                        */

/* Wordle feedback, position by position: greens, then for each other
 * guess letter the first unused, non-green equal answer letter. */
static int my_feedback(const char *guess, const char *answer) {
  bool used[5] = {false};
  int colour[5] = {0};
  for (int i = 0; i < 5; i++)
    if (guess[i] == answer[i]) {
      colour[i] = 2;
      used[i] = true;
    }
  for (int i = 0; i < 5; i++) {
    if (colour[i] == 2) continue;
    for (int j = 0; j < 5; j++)
      if (!used[j] && answer[j] == guess[i]) {
        used[j] = true;
        colour[i] = 1;
        break;
      }
  }
  int code = 0, w = 1;
  for (int i = 0; i < 5; i++, w *= 3) code += colour[i] * w;
  return code;
}

typedef struct {
  int na, ng;
  char ans[MAXA][6], gue[MAXG][6];
  uint8_t fb[MAXG][MAXA];
  int in_guess[MAXA]; /* guess index of answer a */
} inst;

enum { R_ENTROPY, R_SQUARES, R_LARGEST, R_PARTS };
typedef struct {
  const char *name;
  int kind;
  bool prefer; /* ties: a possible answer first */
} ref_rule;

static const ref_rule ref_rules[] = {
    {"entropy", R_ENTROPY, true},   {"entropy-plain", R_ENTROPY, false},
    {"expected-size", R_SQUARES, true}, {"minimax", R_LARGEST, true},
    {"most-parts", R_PARTS, true},
};
#define NREF 5

typedef struct {
  int g, green;
  double score;
} ref_eval;

/* Class sizes of guess g on A (n answers), by pattern. */
static void ref_sizes(const inst *I, const int *A, int n, int g, int size[PATTERN_COUNT]) {
  memset(size, 0, sizeof(int) * PATTERN_COUNT);
  for (int j = 0; j < n; j++) size[I->fb[g][A[j]]]++;
}

/* False when g gives no information on A. */
static bool ref_eval_guess(const inst *I, const ref_rule *r, const int *A, int n, int g,
                           ref_eval *e) {
  int size[PATTERN_COUNT];
  ref_sizes(I, A, n, g, size);
  int k = 0, largest = 0;
  double ent = 0, sq = 0;
  for (int p = 0; p < PATTERN_COUNT; p++)
    if (size[p]) {
      k++;
      ent += size[p] * log2((double)size[p]);
      sq += (double)size[p] * size[p];
      if (size[p] > largest) largest = size[p];
    }
  e->g = g;
  e->green = size[PATTERN_WIN] > 0;
  if (k == 1 && !e->green) return false;
  switch (r->kind) {
  case R_ENTROPY: e->score = ent; break;
  case R_SQUARES: e->score = sq; break;
  case R_LARGEST: e->score = largest; break;
  default: e->score = -k; break;
  }
  return true;
}

/* <0 when a comes before b in the rule's order (index last). */
static int ref_cmp(const ref_rule *r, const ref_eval *a, const ref_eval *b) {
  if (fabs(a->score - b->score) > 1e-9) return a->score < b->score ? -1 : 1;
  if (r->prefer && a->green != b->green) return b->green - a->green;
  return a->g - b->g;
}

typedef struct {
  const ref_rule *rule;
  int top; /* 0: the greedy rule itself; N: rollout:rule:N */
} ref_strat;

static int ref_total(const inst *I, ref_strat s, const int *A, int n, int first, int *most);

/* n + totals of the classes of guess g on A. */
static int ref_guess_total(const inst *I, ref_strat s, const int *A, int n, int g, int *most) {
  int sum = n, deepest = 0;
  for (int p = 0; p < PATTERN_WIN; p++) {
    int C[MAXA], c = 0, m = 0;
    for (int j = 0; j < n; j++)
      if (I->fb[g][A[j]] == p) C[c++] = A[j];
    if (c) sum += ref_total(I, s, C, c, -1, &m);
    if (m > deepest) deepest = m;
  }
  *most = deepest + 1;
  return sum;
}

static int ref_pick(const inst *I, ref_strat s, const int *A, int n) {
  ref_eval ev[MAXG];
  int m = 0;
  for (int g = 0; g < I->ng; g++) {
    ref_eval e;
    if (ref_eval_guess(I, s.rule, A, n, g, &e)) ev[m++] = e;
  }
  /* Insertion sort, stable: the rule's order, then index. */
  for (int i = 1; i < m; i++)
    for (int j = i; j > 0 && ref_cmp(s.rule, &ev[j], &ev[j - 1]) < 0; j--) {
      ref_eval t = ev[j];
      ev[j] = ev[j - 1];
      ev[j - 1] = t;
    }
  if (s.top == 0) return ev[0].g;
  int best = -1, bq = 0, bgreen = 0;
  ref_strat base = {s.rule, 0};
  for (int i = 0; i < m && i < s.top; i++) {
    int most, q = ref_guess_total(I, base, A, n, ev[i].g, &most);
    if (best < 0 || q < bq || (q == bq && (ev[i].green > bgreen ||
                                           (ev[i].green == bgreen && ev[i].g < best)))) {
      best = ev[i].g;
      bq = q;
      bgreen = ev[i].green;
    }
  }
  return best;
}

static int ref_total(const inst *I, ref_strat s, const int *A, int n, int first, int *most) {
  *most = 1;
  if (n == 1 && first < 0) return 1;
  if (n == 1 && I->fb[first][A[0]] == PATTERN_WIN) return 1;
  int g = first >= 0 ? first : ref_pick(I, s, A, n);
  return ref_guess_total(I, s, A, n, g, most);
}

/* ------------------------------------------------------------------ */
/* Instances                                                            */

static void load_nyt(game *g) { ck_assert_msg(lists_load(g, "nyt-2022-02", NULL) == 0, "%s", err_msg()); }

static bool has_word(char (*list)[6], int n, const char *w) {
  for (int i = 0; i < n; i++)
    if (!strcmp(list[i], w)) return true;
  return false;
}

/* na answers (six from a look-alike family), ng guesses (the
 * answers and other NYT words), guesses shuffled; the game g is built by
 * the library from the same words. */
static void make_inst(const game *nyt, uint64_t seed, int na, int ng, inst *I, game *g) {
  static const char *const fam[] = {"ight", "ound", "atch", "ower", "aste", "ill"};
  uint64_t r = seed;
  memset(I, 0, sizeof *I);
  I->na = na;
  I->ng = ng;
  int n = 0;
  while (n < na) { /* six look-alikes (every family has them), then any */
    const char *w = nyt->answers.w[rng_range(&r, 0, nyt->n_answers - 1)];
    const char *sfx = fam[seed % 6];
    if (n < 6 && strcmp(w + 5 - strlen(sfx), sfx)) continue;
    if (has_word(I->ans, n, w)) continue;
    snprintf(I->ans[n++], 6, "%s", w);
  }
  for (int i = 0; i < na; i++) memcpy(I->gue[i], I->ans[i], 6); /* 5 letters + NUL */
  for (int m = na; m < ng;) {
    const char *w = nyt->guesses.w[rng_range(&r, 0, nyt->n_guesses - 1)];
    if (!has_word(I->gue, m, w)) snprintf(I->gue[m++], 6, "%s", w);
  }
  for (int i = ng - 1; i > 0; i--) { /* Fisher-Yates */
    int j = rng_range(&r, 0, i);
    char t[6];
    memcpy(t, I->gue[i], 6);
    memcpy(I->gue[i], I->gue[j], 6);
    memcpy(I->gue[j], t, 6);
  }
  for (int gi = 0; gi < ng; gi++)
    for (int a = 0; a < na; a++) I->fb[gi][a] = (uint8_t)my_feedback(I->gue[gi], I->ans[a]);
  for (int a = 0; a < na; a++)
    for (int gi = 0; gi < ng; gi++)
      if (!strcmp(I->gue[gi], I->ans[a])) I->in_guess[a] = gi;
  const char *av[MAXA], *gv[MAXG];
  for (int i = 0; i < na; i++) av[i] = I->ans[i];
  for (int i = 0; i < ng; i++) gv[i] = I->gue[i];
  wordlist wa, wq;
  ck_assert_int_eq(words_from_array(av, na, &wa), 0);
  ck_assert_int_eq(words_from_array(gv, ng, &wq), 0);
  ck_assert_msg(game_from_lists(g, wa, wq) == 0, "%s", err_msg());
}

static void all_of(int n, uint16_t *set, int *iset) {
  for (int i = 0; i < n; i++) set[i] = (uint16_t)(iset[i] = i);
}

/* The strategies every instance checks: the five rules, and rollouts. */
static const char *const names[] = {
    "entropy",           "entropy-plain",       "expected-size",      "minimax",
    "most-parts",        "rollout:entropy:1",   "rollout:entropy:3",  "rollout:entropy-plain:4",
    "rollout:minimax:5", "rollout:most-parts:2", "rollout:expected-size:50"};
#define NNAMES ((int)(sizeof names / sizeof *names))

static ref_strat ref_of(const char *name) {
  char base[32];
  int top = 0;
  if (sscanf(name, "rollout:%31[^:]:%d", base, &top) != 2) {
    snprintf(base, sizeof base, "%s", name);
    top = 0;
  }
  for (int i = 0; i < NREF; i++)
    if (!strcmp(ref_rules[i].name, base)) return (ref_strat){&ref_rules[i], top};
  ck_abort_msg("no reference for %s", name);
  return (ref_strat){NULL, 0};
}

/* ------------------------------------------------------------------ */
/* Tests                                                                */

/* The first instance: 48 answers, 160 guesses, every strategy's total
 * pinned (the reference's numbers), with and without a fixed first guess. */
static const int pinned[NNAMES] = {117, 125, 121, 123, 117, 117, 117, 123, 121, 117, 117};

START_TEST(test_pinned_totals) {
  game nyt, g;
  inst *I = malloc(sizeof *I);
  load_nyt(&nyt);
  make_inst(&nyt, 20220219, 48, 160, I, &g);
  uint16_t set[MAXA];
  int iset[MAXA];
  all_of(I->na, set, iset);
  for (int k = 0; k < NNAMES; k++) {
    strategy st;
    ck_assert_msg(strategy_parse(names[k], &st) == 0, "%s: %s", names[k], err_msg());
    int rm, lm, want = ref_total(I, ref_of(names[k]), iset, I->na, -1, &rm);
    int got = strategy_total(&st, &g, set, I->na, -1, UNL, &lm);
    ck_assert_msg(got == want, "%s: library %d, reference %d", names[k], got, want);
    ck_assert_msg(want == pinned[k], "%s: reference %d, pinned %d", names[k], want, pinned[k]);
    ck_assert_int_eq(lm, rm);
  }
  game_free(&g);
  game_free(&nyt);
  free(I);
}
END_TEST

/* Many instances, every strategy, with and without a first guess, and
 * the depth limit: the library equals the reference. */
START_TEST(test_matches_reference) {
  game nyt;
  load_nyt(&nyt);
  inst *I = malloc(sizeof *I);
  uint64_t r = 99;
  for (int k = 0; k < 12; k++) {
    game g;
    int na = rng_range(&r, 20, 60), ng = rng_range(&r, na + 10 > 60 ? na + 10 : 60, 200);
    make_inst(&nyt, 1000 + (uint64_t)k, na, ng, I, &g);
    uint16_t set[MAXA];
    int iset[MAXA];
    all_of(na, set, iset);
    int first = rng_range(&r, 0, ng - 1);
    for (int s = 0; s < NNAMES; s++) {
      strategy st;
      ck_assert_int_eq(strategy_parse(names[s], &st), 0);
      ref_strat rs = ref_of(names[s]);
      int rm, lm;
      int want = ref_total(I, rs, iset, na, -1, &rm);
      int got = strategy_total(&st, &g, set, na, -1, UNL, &lm);
      ck_assert_msg(got == want, "instance %d (%d answers, %d guesses) %s: library %d, reference %d",
                    k, na, ng, names[s], got, want);
      ck_assert_int_eq(lm, rm);
      /* The depth limit: exactly at the most guesses, and one below. */
      ck_assert_int_eq(strategy_total(&st, &g, set, na, -1, rm, NULL), want);
      ck_assert_int_eq(strategy_total(&st, &g, set, na, -1, rm - 1, NULL), OPTLE_INF);
      want = ref_total(I, rs, iset, na, first, &rm);
      got = strategy_total(&st, &g, set, na, first, UNL, &lm);
      ck_assert_msg(got == want, "instance %d %s first '%s': library %d, reference %d", k,
                    names[s], I->gue[first], got, want);
      /* A subset: the odd answers. */
      uint16_t sub[MAXA];
      int isub[MAXA], m = 0;
      for (int i = 1; i < na; i += 2) sub[m] = (uint16_t)(isub[m] = i), m++;
      ck_assert_int_eq(strategy_total(&st, &g, sub, m, -1, UNL, NULL),
                       ref_total(I, rs, isub, m, -1, &rm));
    }
    game_free(&g);
  }
  free(I);
  game_free(&nyt);
}
END_TEST

/* Every node of a library tree guesses what the reference picks on the
 * answers that reach it (the tie rules, node by node). */
static void check_tree_ref(const inst *I, ref_strat rs, const tnode *t, const int *A, int n,
                           int first, const char *name) {
  int want = first >= 0 ? first : n == 1 ? I->in_guess[A[0]] : ref_pick(I, rs, A, n);
  ck_assert_msg(t->guess == want, "%s: a node of %d answers (first '%s') guesses '%s', the "
                "reference '%s'", name, n, I->ans[A[0]], I->gue[t->guess], I->gue[want]);
  for (int i = 0; i < t->nkids; i++) {
    int C[MAXA], c = 0;
    for (int j = 0; j < n; j++)
      if (I->fb[t->guess][A[j]] == t->pat[i]) C[c++] = A[j];
    ck_assert_int_eq(c, t->kid[i]->n);
    check_tree_ref(I, rs, t->kid[i], C, c, -1, name);
  }
}

/* Trees: valid (tree_check, no limit), every node's guess the
 * reference's, the same total and guesses as the totals, the same for 1
 * and 2 threads; rollouts never worse than their
 * base; exact never worse than any. */
START_TEST(test_trees) {
  game nyt, g;
  inst *I = malloc(sizeof *I);
  load_nyt(&nyt);
  make_inst(&nyt, 7, 40, 120, I, &g);
  uint16_t set[MAXA];
  int iset[MAXA];
  all_of(I->na, set, iset);
  strategy_env e1, e2;
  strategy_env_default(&e1);
  e1.threads = 1;
  e1.max_guesses = 0;
  e2 = e1;
  e2.threads = 2;
  strategy ex;
  ck_assert_int_eq(strategy_parse("exact", &ex), 0);
  tnode *te = strategy_tree(&ex, &g, set, I->na, -1, &e1);
  ck_assert_ptr_nonnull(te);
  ck_assert_msg(tree_check(te, &g, set, I->na, 0) == 0, "exact: %s", err_msg());
  for (int k = 0; k < NNAMES; k++) {
    strategy st;
    ck_assert_int_eq(strategy_parse(names[k], &st), 0);
    for (int first = -1; first < 2; first++) {
      int f = first < 0 ? -1 : I->in_guess[first] + 1 < I->ng ? I->in_guess[first] + 1 : 0;
      tnode *t1 = strategy_tree(&st, &g, set, I->na, f, &e1);
      tnode *t2 = strategy_tree(&st, &g, set, I->na, f, &e2);
      ck_assert_msg(tree_check(t1, &g, set, I->na, 0) == 0, "%s: %s", names[k], err_msg());
      check_tree_ref(I, ref_of(names[k]), t1, iset, I->na, f, names[k]);
      int most, total = strategy_total(&st, &g, set, I->na, f, UNL, &most);
      ck_assert_int_eq(t1->total, total);
      tree_summary sum;
      tree_summarize(t1, &sum);
      ck_assert_int_eq(sum.total, total);
      ck_assert_int_eq(sum.most, most);
      ck_assert_msg(tree_hash(t1) == tree_hash(t2), "%s: trees differ between 1 and 2 threads",
                    names[k]);
      if (f < 0) {
        ck_assert_int_ge(total, te->total);
        ck_assert_int_eq(t1->guess, strategy_pick(&st, &g, set, I->na));
      } else {
        ck_assert_int_eq(t1->guess, f);
      }
      tree_free(t1);
      tree_free(t2);
    }
    if (st.kind == STRAT_ROLLOUT) {
      strategy base = {.kind = STRAT_GREEDY, .gr = {.rule = st.gr.rule, .top = 0}};
      ck_assert_int_le(strategy_total(&st, &g, set, I->na, -1, UNL, NULL),
                       strategy_total(&base, &g, set, I->na, -1, UNL, NULL));
    }
  }
  tree_free(te);
  game_free(&g);
  game_free(&nyt);
  free(I);
}
END_TEST

/* greedy_entropy_total (the search's seed) is the entropy strategy, with
 * its depth limit; strategy_best_total is the least of the four rules
 * that prefer answers. */
START_TEST(test_seed_functions) {
  game nyt, g;
  inst *I = malloc(sizeof *I);
  load_nyt(&nyt);
  make_inst(&nyt, 11, 50, 150, I, &g);
  uint16_t set[MAXA];
  int iset[MAXA];
  all_of(I->na, set, iset);
  ref_strat re = {&ref_rules[0], 0};
  int rm, want = ref_total(I, re, iset, I->na, -1, &rm);
  ck_assert_int_eq(greedy_entropy_total(&g, set, I->na, UNL, RULES_NORMAL, NULL, 0, 1), want);
  ck_assert_int_eq(greedy_entropy_total(&g, set, I->na, rm, RULES_NORMAL, NULL, 0, 1), want);
  ck_assert_int_eq(greedy_entropy_total(&g, set, I->na, rm - 1, RULES_NORMAL, NULL, 0, 1), OPTLE_INF);
  ck_assert_int_eq(greedy_entropy_total(&g, set, 1, 1, RULES_NORMAL, NULL, 0, 1), 1);
  ck_assert_int_eq(greedy_entropy_total(&g, set, 0, UNL, RULES_NORMAL, NULL, 0, 1), 0);
  /* With threads, its classes are tasks (50 answers: above TASK_MIN_SET). */
  ck_assert_int_eq(greedy_entropy_total(&g, set, I->na, UNL, RULES_NORMAL, NULL, 0, 2), want);
  ck_assert_int_eq(greedy_entropy_total(&g, set, I->na, rm - 1, RULES_NORMAL, NULL, 0, 3), OPTLE_INF);
  int best = OPTLE_INF;
  for (int i = 0; i < NREF; i++)
    if (ref_rules[i].prefer) {
      int t = ref_total(I, (ref_strat){&ref_rules[i], 0}, iset, I->na, -1, &rm);
      best = t < best ? t : best;
    }
  ck_assert_int_eq(strategy_best_total(&g, set, I->na, UNL), best);
  ck_assert_int_eq(strategy_best_total(&g, set, I->na, 1), OPTLE_INF);
  game_free(&g);
  game_free(&nyt);
  free(I);
}
END_TEST

/* The seed with threads is the seed: on a whole list (its scans of the
 * big sets scored as tasks, GREEDY_SCAN_PAR_MIN) and under hard rules
 * (the classes' guess lists narrowed in each task), the same totals
 * as one thread's; the normal one also the entropy strategy's own. */
START_TEST(test_seed_threads) {
  game nyt;
  load_nyt(&nyt);
  int n = nyt.n_answers, *U = malloc(sizeof *U * (size_t)nyt.n_guesses);
  uint16_t *all = malloc(sizeof *all * (size_t)n);
  for (int i = 0; i < n; i++) all[i] = (uint16_t)i;
  for (int i = 0; i < nyt.n_guesses; i++) U[i] = i;
  greedy entropy;
  ck_assert_int_eq(greedy_parse("entropy", &entropy), 0);
  int one = greedy_entropy_total(&nyt, all, n, UNL, RULES_NORMAL, NULL, 0, 1);
  ck_assert_int_eq(one, greedy_total(&entropy, &nyt, all, n, -1, UNL, NULL));
  ck_assert_int_lt(one, OPTLE_INF);
  ck_assert_int_eq(greedy_entropy_total(&nyt, all, n, UNL, RULES_NORMAL, NULL, 0, 2), one);
  ck_assert_int_eq(greedy_entropy_total(&nyt, all, n, UNL, RULES_NORMAL, NULL, 0, 3), one);
  /* Every 4th answer: 579, above GREEDY_SCAN_PAR_MIN. */
  int m = 0;
  for (int i = 0; i < n; i += 4) all[m++] = (uint16_t)i;
  int hard = greedy_entropy_total(&nyt, all, m, UNL, RULES_HARD, U, nyt.n_guesses, 1);
  ck_assert_int_lt(hard, OPTLE_INF);
  ck_assert_int_eq(greedy_entropy_total(&nyt, all, m, UNL, RULES_HARD, U, nyt.n_guesses, 2), hard);
  free(all);
  free(U);
  game_free(&nyt);
}
END_TEST

START_TEST(test_parse) {
  strategy st;
  static const char *const good[] = {"entropy", "entropy-plain", "expected-size", "minimax",
                                     "most-parts", "exact", "rollout:entropy:10",
                                     "rollout:minimax:1", "rollout:most-parts:100000"};
  for (size_t i = 0; i < sizeof good / sizeof *good; i++)
    ck_assert_msg(strategy_parse(good[i], &st) == 0, "%s: %s", good[i], err_msg());
  ck_assert_int_eq(strategy_parse("rollout:entropy:10", &st), 0);
  ck_assert_int_eq(st.kind, STRAT_ROLLOUT);
  ck_assert_int_eq(st.gr.top, 10);
  ck_assert_str_eq(st.name, "rollout:entropy:10");
  static const char *const bad[][2] = {
      {"nosuch", "unknown strategy"},
      {"", "unknown strategy"},
      {"Entropy", "unknown strategy"},
      {"rollout:entropy:0", "from 1 to"},
      {"rollout:entropy:-3", "from 1 to"},
      {"rollout:entropy:x", "from 1 to"},
      {"rollout:entropy:", "from 1 to"},
      {"rollout:entropy:100001", "from 1 to"},
      {"rollout:entropy:99999999999999999999", "from 1 to"},
      {"rollout:foo:3", "not a greedy rule"},
      {"rollout:exact:3", "not a greedy rule"},
      {"rollout:rollout:entropy:3", "not a greedy rule"},
      {"rollout:entropy", "rollout:BASE:N"},
      {"rollout", "unknown strategy"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    ck_assert_msg(strategy_parse(bad[i][0], &st) == -1, "'%s' accepted", bad[i][0]);
    ck_assert_msg(strstr(err_msg(), bad[i][1]), "'%s': message '%s' lacks '%s'", bad[i][0],
                  err_msg(), bad[i][1]);
    ck_assert_ptr_null(strchr(err_msg(), '\n'));
  }
}
END_TEST

/* The report of a tree, and a compare table. */
START_TEST(test_report_and_compare) {
  game nyt, g;
  inst *I = malloc(sizeof *I);
  load_nyt(&nyt);
  make_inst(&nyt, 5, 30, 80, I, &g);
  uint16_t set[MAXA];
  int iset[MAXA];
  all_of(I->na, set, iset);
  strategy st[3];
  ck_assert_int_eq(strategy_parse("entropy-plain", &st[0]), 0);
  ck_assert_int_eq(strategy_parse("rollout:minimax:3", &st[1]), 0);
  ck_assert_int_eq(strategy_parse("exact", &st[2]), 0);
  strategy_env e;
  strategy_env_default(&e);
  e.threads = 1;
  tnode *t = strategy_tree(&st[0], &g, set, I->na, -1, &e);
  int most;
  int total = strategy_total(&st[0], &g, set, I->na, -1, UNL, &most);
  sim_report r;
  sim_report_tree(t, &g, set, I->na, most - 1, &r);
  ck_assert_int_eq(r.total, total);
  ck_assert_int_eq(r.most, most);
  ck_assert_int_eq(r.n, I->na);
  int sum = 0, fail = 0;
  for (int k = 1; k <= most; k++) sum += r.dist[k];
  ck_assert_int_eq(sum, I->na);
  fail = r.dist[most];
  ck_assert_int_eq(r.failures, fail);
  ck_assert_int_eq(r.nworst, SIM_WORST < I->na ? SIM_WORST : I->na);
  ck_assert_int_eq(r.worst_guesses[0], most);
  for (int w = 1; w < r.nworst; w++) ck_assert_int_le(r.worst_guesses[w], r.worst_guesses[w - 1]);
  /* The worst answer's path ends with the answer itself. */
  char path[256];
  sim_path(t, &g, r.worst[0], path, sizeof path);
  const char *last = strrchr(path, ' ');
  ck_assert_str_eq(last ? last + 1 : path, g.answers.w[r.worst[0]]);
  sim_report_tree(t, &g, set, I->na, 0, &r);
  ck_assert_int_eq(r.failures, 0);
  tree_free(t);

  int openers[2] = {I->in_guess[0], 3};
  sim_compare c = {.nopen = 2, .nstrat = 3, .openers = openers, .strats = st, .threads = 2,
                   .max_guesses = 6, .memo_mb = 16};
  sim_compare_run(&c, &g);
  ck_assert_int_eq(c.exact_col, 2);
  search_opts so;
  strategy_search_opts(&so);
  so.threads = 1;
  for (int o = 0; o < 2; o++) {
    for (int s = 0; s < 2; s++)
      ck_assert_int_eq(c.total[o * 3 + s],
                       strategy_total(&st[s], &g, set, I->na, openers[o], UNL, NULL));
    search *srch = search_new(&g, &so);
    ck_assert_int_eq(c.total[o * 3 + 2], search_solve(srch, set, I->na, openers[o], NULL));
    search_free(srch);
    ck_assert_int_le(c.total[o * 3 + 2], c.total[o * 3 + 1]);
  }
  memout m;
  memout_open(&m);
  ck_assert_int_eq(sim_compare_write(m.fp, &c, &g, SIM_CSV, NULL), 0);
  char *csv = memout_close(&m);
  ck_assert_msg(!strncmp(csv, "first_guess,entropy-plain_total,entropy-plain_avg,"
                              "entropy-plain_gap_pct,entropy-plain_most,entropy-plain_seconds,",
                         62),
                "%s", csv);
  int lines = 0;
  for (char *p = csv; *p; p++) lines += *p == '\n';
  ck_assert_int_eq(lines, 3);
  char want[64];
  snprintf(want, sizeof want, "\n%s,%d,%.4f,", g.guesses.w[openers[0]], c.total[0],
           (double)c.total[0] / I->na);
  ck_assert_msg(strstr(csv, want), "%s lacks %s", csv, want);
  free(csv);
  memout_open(&m);
  ck_assert_int_eq(sim_compare_write(m.fp, &c, &g, SIM_MARKDOWN, "about"), 0);
  char *md = memout_close(&m);
  ck_assert_msg(strstr(md, "| first guess | entropy-plain | rollout:minimax:3 | exact |"), "%s", md);
  ck_assert_msg(strstr(md, "| mean |") && strstr(md, "| time (s) |") && strstr(md, "%)"), "%s",
                md);
  free(md);
  ck_assert_int_eq(sim_format_of("a/b.md"), SIM_MARKDOWN);
  ck_assert_int_eq(sim_format_of("x.csv"), SIM_CSV);
  ck_assert_int_eq(sim_format_of("x.md.txt"), -1);
  sim_compare_free(&c);
  game_free(&g);
  game_free(&nyt);
  free(I);
}
END_TEST

Suite *strategy_suite(void) {
  Suite *s = suite_create("strategy");
  TCase *tc = tcase_create("rules");
  tcase_add_test(tc, test_parse);
  suite_add_tcase(s, tc);
  tc = tcase_create("reference");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, test_pinned_totals);
  tcase_add_test(tc, test_matches_reference);
  tcase_add_test(tc, test_trees);
  tcase_add_test(tc, test_seed_functions);
  tcase_add_test(tc, test_seed_threads);
  tcase_add_test(tc, test_report_and_compare);
  suite_add_tcase(s, tc);
  return s;
}
