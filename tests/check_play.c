/*
 * check_play.c: histories (history.h), the advice built on them
 * (advice.h), and `optle next` itself (cmd_next, run in-process with its
 * stdout and stderr sent to files).
 *
 * The answers that fit a history are always recomputed here from the
 * rules, with ref_feedback() (suites.h) over the answer words, never
 * with history_filter() or the game's table, and the values the advice
 * reports are checked against search_value() and search_guess_value()
 * on that independently filtered set.  Whether a pattern is possible at
 * all is checked against every one of the 26^5 five-letter strings.
 */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "advice.h"
#include "cli.h"
#include "feedback.h"
#include "game.h"
#include "history.h"
#include "utf8.h"
#include "cli.h"
#include "lists.h"
#include "search.h"
#include "strategy.h"
#include "suites.h"
#include "tree.h"
#include "tuning.h"
#include "util.h"


static void load(game *g, const char *name) {
  ck_assert_msg(lists_load(g, name, NULL) == 0, "%s", err_msg());
}

static int guess_of(const game *g, const char *w) {
  int i = words_find(&g->guesses, w);
  ck_assert_msg(i >= 0, "%s is not a guess", w);
  return i;
}

/* The answers fitting "word", "PATTERN" pairs, by the rules alone. */
static int ref_filter(const game *g, const char *const *steps, int k, uint16_t *out) {
  int n = 0;
  for (int a = 0; a < g->n_answers; a++) {
    bool fits = true;
    for (int i = 0; i < k && fits; i++)
      fits = ref_feedback(steps[2 * i], g->answers.w[a]) == pattern_parse(steps[2 * i + 1]);
    if (fits) out[n++] = (uint16_t)a;
  }
  return n;
}

/* Parse "word:PATTERN" arguments into steps, asserting success. */
static int parse_all(const game *g, const char *const *args, int k, hstep *h) {
  for (int i = 0; i < k; i++)
    ck_assert_msg(history_parse(g, args[i], &h[i]) == 0, "%s: %s", args[i], err_msg());
  return k;
}

/* ------------------------------------------------------------------ */
/* Parsing                                                              */

START_TEST(test_parse_good) {
  game g;
  load(&g, "nyt-2022-02");
  static const struct {
    const char *arg;
    const char *word, *pat;
  } ok[] = {
      {"salet:BBYBB", "salet", "BBYBB"},
      {"SALET:bbybb", "salet", "BBYBB"},
      {"Salet:00100", "salet", "BBYBB"},
      {"salet:x.-1X", "salet", "BBBYB"},
      {"clint:2Gy1b", "clint", "GGYYB"},
      {"salet BBYBB", "salet", "BBYBB"},
      {"  salet   bbybb \r\n", "salet", "BBYBB"},
      {"salet: BBYBB", "salet", "BBYBB"},
      {"cigar:GGGGG", "cigar", "GGGGG"},
      {"salet:⬛⬛🟨⬛⬛", "salet", "BBYBB"},
      {"salet ⬜⬜🟨⬜🟩", "salet", "BBYBG"},
      {"salet:⬛️⬛️🟨⬛️🟩", "salet", "BBYBG"}, /* with variation selectors */
      {"salet ⬛⬛🟦⬛🟧", "salet", "BBYBG"},     /* high contrast */
      {"salet:B⬛y🟨2", "salet", "BBYYG"},      /* letters and squares */
  };
  for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
    hstep st;
    ck_assert_msg(history_parse(&g, ok[i].arg, &st) == 0, "'%s': %s",
                  ok[i].arg, err_msg());
    ck_assert_str_eq(g.guesses.w[st.guess], ok[i].word);
    ck_assert_int_eq(st.pattern, pattern_parse(ok[i].pat));
    char b[HISTORY_STEP_CHARS];
    history_format(&g, st, b);
    char want[16];
    snprintf(want, sizeof want, "%s:%s", ok[i].word, ok[i].pat);
    ck_assert_str_eq(b, want);
  }
  game_free(&g);
}
END_TEST

START_TEST(test_parse_bad) {
  game g;
  load(&g, "nyt-2022-02");
  /* Each reason names the argument as given and says what is wrong. */
  static const struct {
    const char *arg;
    const char *reason;
  } bad[] = {
      {"salet", "expected a word and its pattern"},
      {"salet BBYBB extra", "expected a word and its pattern"},
      {"salet:BBYBB clint:BBBBB", "expected a word and its pattern"},
      {"salet:BBYB", "'BBYB' is not a pattern: 4 colours"},
      {"salet:BBYBBB", "is not a pattern: column 6: one colour too many"},
      {"salet:BBYBQ", "'BBYBQ' is not a pattern: column 5: 'Q' is not a colour"},
      {"salet:", "expected a word and its pattern"},
      {":BBBBB", "is not a five-letter word"},
      {"salt:BBBBB", "'salt' is not a five-letter word"},
      {"sa1et:BBBBB", "is not a five-letter word"},
      {"xyzzy:BBBBB", "'xyzzy' is not in the guess list"},
      {"salet:GGGGY", "no answer can give salet the pattern GGGGY"},
      {"salet:🟩🟩🟩🟩🟨", "no answer can give salet the pattern GGGGY"},
      {"eerie:BYBBB", "no answer can give eerie the pattern BYBBB"},
      {"salet:BB:BB", "is not a pattern: column 3: ':' is not a colour"},
      /* Multi-byte characters are quoted whole, columns count them. */
      {"crane:⬛🟨⬛⬛🟥", "'⬛🟨⬛⬛🟥' is not a pattern: column 5: '🟥' is not a colour"},
      {"crane:⬛️🟨⬛️⬛️🟥", "is not a pattern: column 5: '🟥' is not a colour"},
      {"crane:⬛🟨🟧⬛🟩", "column 3: the squares mix the two colour schemes"},
      {"crane:⬛🟨⬛⬛", "'⬛🟨⬛⬛' is not a pattern: 4 colours"},
      {"crane:⬛🟨⬛⬛🟩⬛", "column 6: one colour too many"},
      {"crane:\xf0\x9f\x9f", "column 1: '\\xf0' is not a colour"},
      {"crane:⬛🟨⬛⬛\xff", "column 5: '\\xff' is not a colour"},
      {"créme BBBBB", "'créme' is not a five-letter word"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    hstep st;
    ck_assert_msg(history_parse(&g, bad[i].arg, &st) == -1, "'%s' accepted",
                  bad[i].arg);
    const char *m = err_msg();
    ck_assert_msg(strstr(m, bad[i].reason), "'%s': message '%s' lacks '%s'", bad[i].arg, m,
                  bad[i].reason);
    char q[40];
    size_t ascii = strcspn(bad[i].arg, "\x80\x81\x82\x83\x84\x85\x86\x87\x88\x89\x8a\x8b"
                                       "\x8c\x8d\x8e\x8f\x90\x91\x92\x93\x94\x95\x96\x97"
                                       "\x98\x99\x9a\x9b\x9c\x9d\x9e\x9f\xa0\xc3\xe2\xef"
                                       "\xf0\xff");
    snprintf(q, sizeof q, "'%.*s", (int)(ascii < 21 ? ascii : 21), bad[i].arg);
    ck_assert_msg(strncmp(m, q, strlen(q)) == 0, "'%s': message '%s' does not name it",
                  bad[i].arg, m);
    ck_assert_msg(ref_utf8_whole(m), "'%s': message '%s' cuts a character", bad[i].arg, m);
  }
  /* A very long argument is named, shortened, without overflow, and
   * never cut inside a character. */
  char longarg[4096];
  memset(longarg, 'a', sizeof longarg - 1);
  longarg[sizeof longarg - 1] = '\0';
  hstep st;
  ck_assert_int_eq(history_parse(&g, longarg, &st), -1);
  ck_assert_msg(strlen(err_msg()) < 200, "%s", err_msg());
  for (int shift = 0; shift < 4; shift++) {
    char squares[512] = "crane:";
    for (int i = 0; i < shift; i++) strcat(squares, "B");
    for (int i = 0; i < 40; i++) strcat(squares, i % 2 ? "🟩" : "⬛");
    ck_assert_int_eq(history_parse(&g, squares, &st), -1);
    ck_assert_msg(ref_utf8_whole(err_msg()), "message '%s' cuts a character", err_msg());
    ck_assert_msg(strlen(err_msg()) < 400, "%s", err_msg());
  }
  game_free(&g);
}
END_TEST

/* Every pattern of a word against all 26^5 strings, with ref_feedback. */
START_TEST(test_pattern_possible_exhaustive) {
  static const char *const words[] = {"salet", "eerie", "mamma"};
  for (size_t w = 0; w < sizeof words / sizeof *words; w++) {
    bool seen[PATTERN_COUNT] = {false};
    char a[6] = {0};
    for (int x = 0; x < 26 * 26 * 26 * 26 * 26; x++) {
      int v = x;
      for (int i = 0; i < 5; i++, v /= 26) a[i] = (char)('a' + v % 26);
      seen[ref_feedback(words[w], a)] = true;
    }
    int possible = 0;
    for (int p = 0; p < PATTERN_COUNT; p++) {
      ck_assert_msg(pattern_possible(words[w], p) == seen[p], "%s pattern %d", words[w], p);
      possible += seen[p];
    }
    /* Five distinct letters: every pattern but four greens and a yellow
     * (five ways) can happen. */
    if (!strcmp(words[w], "salet")) ck_assert_int_eq(possible, PATTERN_COUNT - 5);
  }
  ck_assert(!pattern_possible("salet", -1));
  ck_assert(!pattern_possible("salet", PATTERN_COUNT));
}
END_TEST

/* ------------------------------------------------------------------ */
/* Filtering                                                            */

START_TEST(test_filter_matches_rules) {
  game g;
  load(&g, "nyt-2022-02");
  uint16_t *set = xmalloc(sizeof *set * (size_t)g.n_answers);
  uint16_t *ref = xmalloc(sizeof *ref * (size_t)g.n_answers);
  uint64_t rng = 20260601;
  /* Random games: an answer, then random guesses and their feedback. */
  for (int round = 0; round < 200; round++) {
    int ans = rng_range(&rng, 0, g.n_answers - 1), k = rng_range(&rng, 0, 4);
    const char *steps[8];
    char pats[4][6];
    hstep h[4];
    for (int i = 0; i < k; i++) {
      int gi = rng_range(&rng, 0, g.n_guesses - 1);
      pattern_format(ref_feedback(g.guesses.w[gi], g.answers.w[ans]), pats[i]);
      steps[2 * i] = g.guesses.w[gi];
      steps[2 * i + 1] = pats[i];
      h[i] = (hstep){gi, pattern_parse(pats[i])};
    }
    int n = -1, bad = -1;
    ck_assert_msg(history_filter(&g, h, k, set, &n, &bad) == 0, "%s", err_msg());
    ck_assert_int_eq(bad, 0);
    int rn = ref_filter(&g, steps, k, ref);
    ck_assert_int_eq(n, rn);
    ck_assert(memcmp(set, ref, sizeof *set * (size_t)n) == 0);
    bool has = false;
    for (int i = 0; i < n; i++) has |= set[i] == ans;
    ck_assert(has);
  }
  free(set);
  free(ref);
  game_free(&g);
}
END_TEST

START_TEST(test_filter_empty_step) {
  game g;
  load(&g, "nyt-2022-02");
  uint16_t *set = xmalloc(sizeof *set * (size_t)g.n_answers);
  uint16_t *ref = xmalloc(sizeof *ref * (size_t)g.n_answers);
  hstep h[3];
  int n, bad;
  /* Step 2 empties the set: the message names it and the count before. */
  static const char *const args[] = {"salet:BBYBB", "clint:BBYYB", "courd:GGGGG"};
  static const char *const steps[] = {"salet", "BBYBB", "clint", "BBYYB"};
  parse_all(&g, args, 3, h);
  int before = ref_filter(&g, steps, 1, ref);
  ck_assert_int_gt(before, 0);
  ck_assert_int_eq(ref_filter(&g, steps, 2, ref), 0);
  ck_assert_int_eq(history_filter(&g, h, 3, set, &n, &bad), -1);
  ck_assert_int_eq(bad, 2);
  ck_assert_int_eq(n, 0);
  char want[160];
  snprintf(want, sizeof want,
           "no answer fits: the set became empty at step 2, clint:BBYYB (%d answers fitted "
           "before it)",
           before);
  ck_assert_str_eq(err_msg(), want);

  /* The first step alone can empty it too (salet is not an answer). */
  static const char *const won[] = {"salet:GGGGG"};
  parse_all(&g, won, 1, h);
  ck_assert_int_eq(history_filter(&g, h, 1, set, &n, &bad), -1);
  ck_assert_int_eq(bad, 1);
  ck_assert_msg(strstr(err_msg(), "step 1, salet:GGGGG (salet is not one of the 2309 answers"),
                "%s", err_msg());

  /* A win must be the last step. */
  static const char *const after_win[] = {"cigar:GGGGG", "salet:BBBBB"};
  parse_all(&g, after_win, 2, h);
  ck_assert_int_eq(history_filter(&g, h, 2, set, &n, &bad), -1);
  ck_assert_int_eq(bad, 1);
  ck_assert_msg(strstr(err_msg(), "already won"), "%s", err_msg());
  ck_assert_int_eq(history_filter(&g, h, 1, set, &n, &bad), 0);
  ck_assert_int_eq(n, 1);
  ck_assert_str_eq(g.answers.w[set[0]], "cigar");
  ck_assert(history_won(h[0]) && !history_won(h[1]));
  free(set);
  free(ref);
  game_free(&g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Advice against the search on independently filtered sets             */

static const char *const positions[][4] = {
    {"salet", "BBBBB", NULL, NULL},
    {"salet", "BBYBB", NULL, NULL},
    {"salet", "BYBBB", "courd", "GBBYB"},
    {"crane", "BBBBY", NULL, NULL},
    {"salet", "YBBBB", "brick", "BBBBB"},
};

START_TEST(test_advice_matches_search) {
  game g;
  load(&g, "nyt-2022-02");
  advisor_opts ao = {6, 2, 64, NULL, NULL, NULL, RULES_NORMAL, false};
  advisor *adv = advisor_new(&g, &ao);
  search_opts so;
  strategy_search_opts(&so);
  so.threads = 1;
  so.memo_mb = 64;
  search *s = search_new(&g, &so); /* its own memo: nothing shared */
  uint16_t *ref = xmalloc(sizeof *ref * (size_t)g.n_answers);
  for (size_t p = 0; p < sizeof positions / sizeof *positions; p++) {
    const char *const *st = positions[p];
    int k = st[2] ? 2 : 1;
    int n = ref_filter(&g, st, k, ref);
    hstep h[2];
    for (int i = 0; i < k; i++) h[i] = (hstep){guess_of(&g, st[2 * i]), pattern_parse(st[2 * i + 1])};
    advice ad;
    ck_assert_int_eq(advice_at(adv, ref, n, h, k, 5, &ad), 0);
    ck_assert_int_eq(ad.n, n);
    ck_assert_int_eq(ad.left, 6 - k);
    ck_assert_int_eq(ad.source, ADV_SEARCH);
    int V = search_value(s, ref, n, 6 - k);
    ck_assert_int_eq(ad.total, V);
    ck_assert_int_eq(search_guess_value(s, ref, n, 6 - k, ad.best), V);
    ck_assert(ad.ranked && ad.ntop == 5);
    ck_assert_int_eq(ad.top[0].guess, ad.best);
    for (int i = 0; i < ad.ntop; i++) {
      ck_assert_int_eq(search_guess_value(s, ref, n, 6 - k, ad.top[i].guess), ad.top[i].value);
      if (i) ck_assert_int_le(ad.top[i - 1].value, ad.top[i].value);
      ck_assert_int_eq(advice_guess_total(adv, ref, n, h, k, ad.top[i].guess), ad.top[i].value);
    }
    /* A few other guesses: never better than the best. */
    for (int gi = 0; gi < g.n_guesses; gi += 1013) {
      int v = search_guess_value(s, ref, n, 6 - k, gi);
      ck_assert_int_ge(v, V);
      ck_assert_int_eq(advice_guess_total(adv, ref, n, h, k, gi), v);
    }
    ck_assert_int_eq(advice_value(adv, ref, n, h, k), V);
  }
  free(ref);
  search_free(s);
  advisor_free(adv);
  game_free(&g);
}
END_TEST

/* On the small list every guess can be valued: the ranking must be the
 * first N of all guesses ordered by (value, could be the answer, index). */
START_TEST(test_rank_is_full_order) {
  game g;
  load(&g, "small");
  advisor_opts ao = {6, 1, 16, NULL, NULL, NULL, RULES_NORMAL, false};
  advisor *adv = advisor_new(&g, &ao);
  uint16_t all[64];
  int n = g.n_answers;
  for (int i = 0; i < n; i++) all[i] = (uint16_t)i;
  /* Empty history on a small list: ranked exactly, not the opener. */
  ck_assert(!advisor_big_root(adv, n, 0));
  advice ad;
  ck_assert_int_eq(advice_at(adv, all, n, NULL, 0, 20, &ad), 0);
  ck_assert_int_eq(ad.source, ADV_SEARCH);
  int val[64];
  for (int gi = 0; gi < g.n_guesses; gi++) val[gi] = advice_guess_total(adv, all, n, NULL, 0, gi);
  /* Selection by the rule: all guesses are answers here (in the set). */
  bool used[64] = {false};
  for (int r = 0; r < ad.ntop; r++) {
    int pick = -1;
    for (int gi = 0; gi < g.n_guesses; gi++)
      if (!used[gi] && val[gi] < OPTLE_INF && (pick < 0 || val[gi] < val[pick])) pick = gi;
    used[pick] = true;
    ck_assert_int_eq(ad.top[r].guess, pick);
    ck_assert_int_eq(ad.top[r].value, val[pick]);
  }
  ck_assert_int_eq(ad.total, ad.top[0].value);
  ck_assert_int_eq(ad.total, 120); /* README: agent, 120 on the small list */
  advisor_free(adv);
  game_free(&g);
}
END_TEST

/* The big list's start: the opener, with its proven total, unranked. */
START_TEST(test_advice_opener_on_big_list) {
  game g;
  load(&g, "nyt-2022-02");
  advisor_opts ao = {6, 2, 64, NULL, NULL, NULL, RULES_NORMAL, false};
  advisor *adv = advisor_new(&g, &ao);
  uint16_t *all = xmalloc(sizeof *all * (size_t)g.n_answers);
  for (int i = 0; i < g.n_answers; i++) all[i] = (uint16_t)i;
  ck_assert(advisor_big_root(adv, g.n_answers, 0));
  /* After a guess that eliminated nothing, every answer is left but it
   * is no longer the start: no fixed opener there. */
  ck_assert(!advisor_big_root(adv, g.n_answers, 1));
  ck_assert_int_eq(advice_value(adv, all, g.n_answers, NULL, 0), ADVICE_UNKNOWN);
  advice ad;
  ck_assert_int_eq(advice_at(adv, all, g.n_answers, NULL, 0, 5, &ad), 0);
  ck_assert_int_eq(ad.source, ADV_OPENER);
  ck_assert_str_eq(g.guesses.w[ad.best], ADVICE_OPENER);
  ck_assert_int_eq(ad.total, 7897); /* README: SALET's proven total on the NYT lists */
  ck_assert(!ad.ranked);
  /* No guesses left: no strategy. */
  ck_assert_int_eq(advice_at(adv, all, 1, NULL, 6, 5, &ad), 0);
  ck_assert_int_eq(ad.best, -1);
  ck_assert_int_eq(ad.total, OPTLE_INF);
  free(all);
  advisor_free(adv);
  game_free(&g);
}
END_TEST

/* Following a tree, and the optimal line for every answer. */
START_TEST(test_tree_follow_and_lines) {
  game g;
  load(&g, "medium");
  int n = g.n_answers;
  uint16_t *all = xmalloc(sizeof *all * (size_t)n);
  for (int i = 0; i < n; i++) all[i] = (uint16_t)i;
  search_opts so;
  strategy_search_opts(&so);
  so.threads = 1;
  search *s = search_new(&g, &so);
  tnode *t = NULL;
  int T = search_solve(s, all, n, -1, &t);
  ck_assert_ptr_nonnull(t);
  advisor_opts plain = {6, 1, 16, NULL, NULL, NULL, RULES_NORMAL, false}, with_tree = {6, 1, 16, t, "mem", NULL, RULES_NORMAL, false};
  advisor *a0 = advisor_new(&g, &plain), *a1 = advisor_new(&g, &with_tree);
  long sum0 = 0, sum1 = 0;
  for (int ans = 0; ans < n; ans++) {
    hstep line[16];
    adv_source src;
    int k = advisor_line(a0, ans, line, 16, &src);
    ck_assert_int_eq(src, ADV_SEARCH);
    ck_assert_int_ge(k, 1);
    ck_assert_int_le(k, 6);
    for (int i = 0; i < k; i++)
      ck_assert_int_eq(line[i].pattern, ref_feedback(g.guesses.w[line[i].guess], g.answers.w[ans]));
    ck_assert_str_eq(g.guesses.w[line[k - 1].guess], g.answers.w[ans]);
    sum0 += k;
    hstep line1[16];
    int k1 = advisor_line(a1, ans, line1, 16, &src);
    ck_assert_int_eq(src, ADV_TREE);
    ck_assert_int_eq(k1, k);
    ck_assert(memcmp(line, line1, sizeof *line * (size_t)k) == 0);
    sum1 += k1;
    /* Following the line down the tree reaches the node that guesses it. */
    if (k > 1) {
      int left;
      const tnode *node = history_follow(t, line, k - 1, &left);
      ck_assert_ptr_nonnull(node);
      ck_assert_int_eq(left, 0);
      ck_assert_int_eq(node->guess, line[k - 1].guess);
      /* The advice there is the tree's, and the exact ranking agrees. */
      uint16_t sub[256];
      int m = 0;
      for (int b = 0; b < n; b++) {
        bool fits = true;
        for (int i = 0; i < k - 1 && fits; i++)
          fits = ref_feedback(g.guesses.w[line[i].guess], g.answers.w[b]) == line[i].pattern;
        if (fits) sub[m++] = (uint16_t)b;
      }
      advice ad;
      ck_assert_int_eq(advice_at(a1, sub, m, line, k - 1, 3, &ad), 0);
      ck_assert_int_eq(ad.source, ADV_TREE);
      ck_assert_int_eq(ad.total, node->total);
      ck_assert_int_eq(ad.tree_beaten, 0);
      ck_assert_int_eq(ad.top[0].value, node->total);
    }
    /* A history off the tree: left at step 1 (another first guess). */
    hstep off = {line[0].guess == 0 ? 1 : 0, 0};
    int left;
    ck_assert_ptr_null(history_follow(t, &off, 1, &left));
    ck_assert_int_eq(left, 1);
  }
  ck_assert_int_eq(sum0, T);
  ck_assert_int_eq(sum1, T);
  advisor_free(a0);
  advisor_free(a1);
  tree_free(t);
  search_free(s);
  free(all);
  game_free(&g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* `optle next` in-process                                              */

typedef struct {
  int rc;
  char *out, *err;
} run_result;

static char *slurp_stream(FILE *fp) {
  fflush(fp);
  long len = ftell(fp);
  char *buf = xmalloc((size_t)len + 1);
  rewind(fp);
  size_t got = fread(buf, 1, (size_t)len, fp);
  buf[got] = '\0';
  return buf;
}

/* Run cmd_next with stdout and stderr captured (Check forks each test,
 * so redirecting the descriptors here touches nothing else). */
static run_result run_next(char **argv) {
  int argc = 0;
  while (argv[argc]) argc++;
  FILE *o = tmpfile(), *e = tmpfile();
  ck_assert(o && e);
  fflush(stdout);
  fflush(stderr);
  int so = dup(1), se = dup(2);
  dup2(fileno(o), 1);
  dup2(fileno(e), 2);
  run_result r;
  r.rc = cmd_next(argc, argv);
  fflush(stdout);
  fflush(stderr);
  dup2(so, 1);
  dup2(se, 2);
  close(so);
  close(se);
  r.out = slurp_stream(o);
  r.err = slurp_stream(e);
  fclose(o);
  fclose(e);
  return r;
}

/* The integer after `"key": ` in a JSON text (after `from`), or -1. */
static long json_int(const char *text, const char *from, const char *key) {
  const char *p = from ? strstr(text, from) : text;
  char k[64];
  snprintf(k, sizeof k, "\"%s\": ", key);
  p = p ? strstr(p, k) : NULL;
  return p ? strtol(p + strlen(k), NULL, 10) : -1;
}

START_TEST(test_next_command_values) {
  game g;
  load(&g, "nyt-2022-02");
  search_opts so;
  strategy_search_opts(&so);
  so.threads = 1;
  search *s = search_new(&g, &so);
  uint16_t *ref = xmalloc(sizeof *ref * (size_t)g.n_answers);
  static const char *const steps[] = {"salet", "BBYBB", "clint", "BYBBB"};
  int n = ref_filter(&g, steps, 2, ref);
  ck_assert_int_gt(n, 1);
  char *argv[] = {"--list", "nyt-2022-02", "--json", "--top", "3", "--guess", "CLINT", "--threads", "1",
                  "salet:BBYBB", "clint:BYBBB", NULL};
  run_result r = run_next(argv);
  ck_assert_msg(r.rc == 0, "rc %d: %s", r.rc, r.err);
  ck_assert_str_eq(r.err, "");
  ck_assert_int_eq(json_int(r.out, NULL, "remaining"), n);
  ck_assert_int_eq(json_int(r.out, NULL, "guesses_left"), 4);
  int V = search_value(s, ref, n, 4);
  ck_assert_int_eq(json_int(r.out, "\"next\"", "total"), V);
  /* clint again: no information on answers that all gave it BYBBB. */
  ck_assert_msg(strstr(r.out, "\"no_information\": true"), "%s", r.out);
  /* Every answer listed, in list order. */
  for (int i = 0; i < n; i++) {
    char w[16];
    snprintf(w, sizeof w, "\"%s\"", g.answers.w[ref[i]]);
    ck_assert_msg(strstr(r.out, w), "%s missing", w);
  }
  free(r.out);
  free(r.err);

  /* --guess with a real alternative, in text: value and difference. */
  char *argv2[] = {"--list", "nyt-2022-02", "--guess", "round", "--threads", "1", "salet:BBBBB", NULL};
  static const char *const st2[] = {"salet", "BBBBB"};
  n = ref_filter(&g, st2, 1, ref);
  int best = search_value(s, ref, n, 5), round = search_guess_value(s, ref, n, 5, guess_of(&g, "round"));
  r = run_next(argv2);
  ck_assert_int_eq(r.rc, 0);
  char want[200];
  snprintf(want, sizeof want, "expected guesses from here, this one included: %.4f (%d in total over %d answers)",
           (double)best / n, best, n);
  ck_assert_msg(strstr(r.out, want), "%s\nlacks %s", r.out, want);
  snprintf(want, sizeof want, "expected game length: %.4f", 1 + (double)best / n);
  ck_assert_msg(strstr(r.out, want), "%s\nlacks %s", r.out, want);
  snprintf(want, sizeof want, "round would be %.4f guesses worse on average than courd: %.4f expected",
           (double)(round - best) / n, (double)round / n);
  ck_assert_msg(strstr(r.out, want), "%s\nlacks %s", r.out, want);
  free(r.out);
  free(r.err);

  /* The optimal guess itself. */
  char *argv3[] = {"--list", "nyt-2022-02", "--guess", "courd", "--top", "0", "salet:BBBBB", NULL};
  r = run_next(argv3);
  ck_assert_int_eq(r.rc, 0);
  ck_assert_msg(strstr(r.out, "courd is optimal\n"), "%s", r.out);
  free(r.out);
  free(r.err);
  free(ref);
  search_free(s);
  game_free(&g);
}
END_TEST

START_TEST(test_next_command_errors) {
  static const struct {
    const char *args[4];
    int rc;
    const char *err;
  } cases[] = {
      {{"salet:BBYBB", "clint:BBYYB", NULL}, 2, "empty at step 2, clint:BBYYB ("},
      {{"salet:GGGGY", NULL}, 2, "'salet:GGGGY': no answer can give"},
      {{"qqqqq:BBBBB", NULL}, 2, "'qqqqq' is not in the guess list"},
      {{"salet", NULL}, 2, "'salet': its pattern is missing: give salet:PATTERN or salet PATTERN"},
      {{"crane", "⬛🟨⬛⬛🟥", NULL}, 2,
       "'crane ⬛🟨⬛⬛🟥': '⬛🟨⬛⬛🟥' is not a pattern: column 5: '🟥' is not a colour"},
      {{"salet", "BBBBB", "clint:BBBBB", "cigar"}, 2, "'cigar': its pattern is missing"},
      {{"--hard", "salet:BYBYY", "crony:BBBBB", NULL}, 2,
       "step 2, crony:BBBBB: guess must contain A (hard mode)"},
      {{"--ultrahard", "salet:BYBYY", "stage:BBBBB", NULL}, 2,
       "step 2, stage:BBBBB: guess cannot contain S, shown gray (ultrahard mode)"},
      {{"--hard", "--ultrahard", NULL}, 2, "--hard and --ultrahard: choose one"},
      {{"--bogus", NULL}, 2, "--bogus: unknown option"},
      {{"--max-guesses", "1", "salet:BBBBB", "clint:BBBBB"}, 2, "more than --max-guesses 1"},
      {{"--max-guesses", "1", "salet:BBBBB", NULL}, 1, "no guesses left"},
      {{"--max-guesses", "2", "salet:BBBBB", NULL}, 1, "no strategy finds every one of the"},
      {{"--tree", "/nonexistent/tree.json", NULL}, 2, "--tree "},
      {{"--answers-from", "words", NULL}, 2, "--answers-from 'words': give answers or guesses"},
      {{"--answers-from", "guesses", NULL}, 2, "with no guess made, all 14855 allowed guesses"},
      {{"salet:BBBBB", "cigar:GGGGG", NULL},
       2,
       "step 1, salet:BBBBB: salet gives BYBBB against cigar, the answer (the last guess)"},
      {{"salet:BBBBB", "abbey:GGGGB", NULL},
       2,
       "; and no allowed guess fits either: none is left after step 2, abbey:GGGGB"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char *argv[8];
    int k = 0;
    for (; k < 4 && cases[i].args[k]; k++) argv[k] = (char *)cases[i].args[k];
    argv[k] = NULL;
    run_result r = run_next(argv);
    ck_assert_msg(r.rc == cases[i].rc, "case %zu: rc %d, want %d: %s", i, r.rc, cases[i].rc,
                  r.err);
    ck_assert_msg(strstr(r.err, cases[i].err), "case %zu: stderr '%s' lacks '%s'", i, r.err,
                  cases[i].err);
    /* Exactly one line on stderr. */
    char *nl = strchr(r.err, '\n');
    ck_assert_msg(nl && nl[1] == '\0', "case %zu: stderr not one line: '%s'", i, r.err);
    if (cases[i].rc == 2) ck_assert_str_eq(r.out, "");
    free(r.out);
    free(r.err);
  }
  /* A finished game is not an error. */
  char *argv[] = {"--list", "nyt-2022-02", "salet:BBBBB", "cigar:GGGGG", NULL};
  run_result r = run_next(argv);
  ck_assert_int_eq(r.rc, 2); /* cigar does not fit salet:BBBBB (it has an a) */
  free(r.out);
  free(r.err);
  char *argv2[] = {"--list", "nyt-2022-02", "salet:BYBBB", "cigar:GGGGG", NULL};
  r = run_next(argv2);
  ck_assert_int_eq(r.rc, 0);
  ck_assert_str_eq(r.out, "list: nyt-2022-02 (2309 answers, 12947 guesses)\n"
                          "solved: cigar was the answer, found in 2 guesses\n");
  free(r.out);
  free(r.err);
}
END_TEST


/* ------------------------------------------------------------------ */
/* Answers off the list: the allowed guesses that fit (history_wider)   */

/* The guesses fitting "word", "PATTERN" pairs, by the rules alone. */
static int ref_filter_guesses(const game *g, const char *const *steps, int k, int *out) {
  int n = 0;
  for (int q = 0; q < g->n_guesses; q++) {
    bool fits = true;
    for (int i = 0; i < k && fits; i++)
      fits = ref_feedback(steps[2 * i], g->guesses.w[q]) == pattern_parse(steps[2 * i + 1]);
    if (fits) out[n++] = q;
  }
  return n;
}

/* Random games whose answer is an allowed guess that is not an answer:
 * the wider game's answers are exactly the guesses that fit, by the
 * rules, in guess-list order; its guesses are the same list; the
 * answer is among them, and the steps filter it to all of them. */
START_TEST(test_wider_matches_rules) {
  game g;
  load(&g, "nyt-2022-02");
  int *ref = xmalloc(sizeof *ref * (size_t)g.n_guesses);
  uint16_t *set = xmalloc(sizeof *set * (size_t)g.n_guesses);
  uint64_t rng = 20260722;
  for (int round = 0; round < 40; round++) {
    int ans;
    do ans = rng_range(&rng, 0, g.n_guesses - 1);
    while (g.guess2ans[ans] >= 0);
    int k = rng_range(&rng, 1, 3);
    const char *steps[6];
    char pats[3][6];
    hstep h[3];
    for (int i = 0; i < k; i++) {
      int gi = rng_range(&rng, 0, g.n_guesses - 1);
      pattern_format(ref_feedback(g.guesses.w[gi], g.guesses.w[ans]), pats[i]);
      steps[2 * i] = g.guesses.w[gi];
      steps[2 * i + 1] = pats[i];
      h[i] = (hstep){gi, pattern_parse(pats[i])};
    }
    game w;
    ck_assert_msg(history_wider(&g, h, k, &w) == 0, "%s", err_msg());
    int rn = ref_filter_guesses(&g, steps, k, ref);
    ck_assert_int_eq(w.n_answers, rn);
    ck_assert_int_eq(w.n_guesses, g.n_guesses);
    bool has = false;
    for (int i = 0; i < rn; i++) {
      ck_assert_str_eq(w.answers.w[i], g.guesses.w[ref[i]]);
      has |= ref[i] == ans;
    }
    ck_assert(has);
    for (int q = 0; q < g.n_guesses; q += 97) ck_assert_str_eq(w.guesses.w[q], g.guesses.w[q]);
    ck_assert_ptr_null(w.list);
    int n;
    ck_assert_int_eq(history_filter(&w, h, k, set, &n, NULL), 0);
    ck_assert_int_eq(n, rn);
    game_free(&w);
  }
  /* No history: every guess.  Nothing fits: the step that emptied it. */
  game s;
  load(&s, "small");
  game w;
  ck_assert_int_eq(history_wider(&s, NULL, 0, &w), 0);
  ck_assert_int_eq(w.n_answers, s.n_guesses);
  game_free(&w);
  hstep h[2];
  static const char *const args[] = {"salet:BBYBB", "clint:BBYYB"};
  parse_all(&g, args, 2, h);
  ck_assert_int_eq(history_wider(&g, h, 2, &w), -1);
  ck_assert_msg(strstr(err_msg(), "no allowed guess fits either: none is left after step 2, "
                                  "clint:BBYYB ("),
                "%s", err_msg());
  game_free(&s);
  free(ref);
  free(set);
  game_free(&g);
}
END_TEST

/* The advice on the wider set is exact for it: the same as on a game
 * built independently from those words (words_from_array), valued by
 * the search; and `optle next` goes there by itself when no answer of
 * the list fits, saying so.  The case is real: ALIAS, a NYT answer of
 * 2023 that the 2022 answer list lacks, after SALET and CHALS. */
START_TEST(test_wider_advice) {
  game g;
  load(&g, "nyt-2022-02");
  static const char *const steps[] = {"salet", "YYYBB", "chals", "BBYYG"};
  static const char *const args[] = {"salet:YYYBB", "chals:BBYYG"};
  uint16_t *set = xmalloc(sizeof *set * (size_t)g.n_guesses);
  hstep h[2];
  parse_all(&g, args, 2, h);
  int n;
  ck_assert_int_eq(history_filter(&g, h, 2, set, &n, NULL), -1);
  ck_assert_int_eq(n, 0);
  ck_assert_int_lt(words_find(&g.answers, "alias"), 0);
  int *ref = xmalloc(sizeof *ref * (size_t)g.n_guesses);
  int rn = ref_filter_guesses(&g, steps, 2, ref);
  ck_assert_int_gt(rn, 1);

  /* The independent game: those words as answers, the NYT guesses. */
  const char **aw = xmalloc(sizeof *aw * (size_t)rn);
  const char **gw = xmalloc(sizeof *gw * (size_t)g.n_guesses);
  for (int i = 0; i < rn; i++) aw[i] = g.guesses.w[ref[i]];
  for (int i = 0; i < g.n_guesses; i++) gw[i] = g.guesses.w[i];
  wordlist la, lg;
  ck_assert_int_eq(words_from_array(aw, rn, &la), 0);
  ck_assert_int_eq(words_from_array(gw, g.n_guesses, &lg), 0);
  game ind;
  ck_assert_int_eq(game_from_lists(&ind, la, lg), 0);
  search_opts so;
  strategy_search_opts(&so);
  so.threads = 1;
  search *s = search_new(&ind, &so);
  uint16_t *all = xmalloc(sizeof *all * (size_t)rn);
  for (int i = 0; i < rn; i++) all[i] = (uint16_t)i;
  int V = search_value(s, all, rn, 4);

  game w;
  ck_assert_int_eq(history_wider(&g, h, 2, &w), 0);
  ck_assert(w.lists_hash == ind.lists_hash); /* the same words, in the same order */
  advisor_opts ao = {6, 2, 64, NULL, NULL, "test", RULES_NORMAL, false};
  advisor *adv = advisor_new(&w, &ao);
  ck_assert_int_eq(history_filter(&w, h, 2, set, &n, NULL), 0);
  ck_assert_int_eq(n, rn);
  ck_assert(!advisor_big_root(adv, n, 2)); /* never the opener's case */
  advice ad;
  ck_assert_int_eq(advice_at(adv, set, n, h, 2, 5, &ad), 0);
  ck_assert_int_eq(ad.source, ADV_SEARCH);
  ck_assert_int_eq(ad.total, V);
  for (int i = 0; i < ad.ntop; i++)
    ck_assert_int_eq(search_guess_value(s, all, rn, 4, ad.top[i].guess), ad.top[i].value);

  /* optle next, in-process: the note, the set, the value. */
  char *argv[] = {"--list", "nyt-2022-02", "--json", "--threads", "1", "salet:YYYBB", "chals:BBYYG", NULL};
  run_result r = run_next(argv);
  ck_assert_msg(r.rc == 0, "rc %d: %s", r.rc, r.err);
  ck_assert_str_eq(r.err, "");
  ck_assert_msg(strstr(r.out, "\"answers_from\": \"guesses\""), "%s", r.out);
  ck_assert_msg(strstr(r.out, "no answer of the list fits this history (the set became empty at "
                              "step 2, chals:BBYYG"),
                "%s", r.out);
  ck_assert_int_eq(json_int(r.out, NULL, "remaining"), rn);
  ck_assert_int_eq(json_int(r.out, "\"next\"", "total"), V);
  ck_assert_msg(strstr(r.out, "\"alias\""), "%s", r.out);
  free(r.out);
  free(r.err);
  /* The same on request, with the list's own answers fitting too. */
  char *argv2[] = {"--list", "nyt-2022-02", "--answers-from", "guesses", "--top", "0", "salet:YYYBB", NULL};
  static const char *const st1[] = {"salet", "YYYBB"};
  int r1 = ref_filter_guesses(&g, st1, 1, ref);
  r = run_next(argv2);
  ck_assert_msg(r.rc == 0, "rc %d: %s", r.rc, r.err);
  char want[160];
  snprintf(want, sizeof want, "answers left: %d:", r1);
  ck_assert_msg(strstr(r.out, want), "%s", r.out);
  ck_assert_msg(strstr(r.out, "note: the possible answers are the "), "%s", r.out);
  free(r.out);
  free(r.err);
  /* A game won on a word off the list. */
  char *argv3[] = {"--list", "nyt-2022-02", "salet:YYYBB", "chals:BBYYG", "alias:GGGGG", NULL};
  r = run_next(argv3);
  ck_assert_int_eq(r.rc, 0);
  ck_assert_str_eq(r.out, "list: nyt-2022-02 (2309 answers, 12947 guesses)\n"
                          "solved: alias was the answer, found in 3 guesses (it is not on the "
                          "answer list)\n");
  free(r.out);
  free(r.err);

  advisor_free(adv);
  game_free(&w);
  search_free(s);
  game_free(&ind);
  free(all), free(aw), free(gw), free(ref), free(set);
  game_free(&g);
}
END_TEST

/* advice_game_sum(): the game's length is base + skill lost - luck,
 * exactly, whichever steps are valued. */
static void sum_is(const advice_sum *sum, long long skill_num, long long skill_den,
                   long long luck_num, long long luck_den, int guesses) {
  ck_assert(sum->skill.exact && sum->skill.num == skill_num && sum->skill.den == skill_den);
  ck_assert(sum->luck.exact && sum->luck.num == luck_num && sum->luck.den == luck_den);
  ratio_sum len = ratio_sum_zero(); /* base + skill - luck */
  ratio_sum_add(&len, sum->base_total, sum->base_n);
  ratio_sum_add(&len, skill_num, skill_den);
  ratio_sum_add(&len, -luck_num, luck_den);
  ck_assert(len.exact && len.num == guesses && len.den == 1);
}

START_TEST(test_game_sum_identity) {
  advice_step sv[2] = {
      {.n = 10, .V = 25, .best = 3, .E = 27, .after = 6, .n_after = 3},
      {.n = 3, .V = 6, .best = 4, .E = 6, .after = 0, .n_after = 1},
  };
  advice_sum sum;
  ck_assert(advice_game_sum(sv, 2, &sum));
  ck_assert_int_eq(sum.from, 0);
  ck_assert(!sum.first_counted);
  ck_assert_int_eq(sum.base_total, 25);
  ck_assert_int_eq(sum.base_n, 10);
  /* Each step's luck as an exact fraction: 27/10 - 1 - 6/3 = -3/10;
   * 6/3 - 1 - 0/1 = 1. */
  const long long want[2][2] = {{-3, 10}, {1, 1}};
  for (int i = 0; i < 2; i++) {
    long long num, den;
    advice_step_luck_frac(&sv[i], &num, &den);
    ck_assert_int_gt(den, 0);
    ck_assert(num * want[i][1] == want[i][0] * den);
  }
  sum_is(&sum, 1, 5, 7, 10, 2); /* 25/10 + 2/10 - (-3/10 + 1) = 2 */
  /* The best first guess unknown (a big list): the first guess's own
   * expectation is the base, its luck counts. */
  sv[0].V = ADVICE_UNKNOWN;
  ck_assert(advice_game_sum(sv, 2, &sum));
  ck_assert_int_eq(sum.from, 1);
  ck_assert(sum.first_counted);
  ck_assert_int_eq(sum.base_total, 27);
  ck_assert_int_eq(sum.base_n, 10);
  sum_is(&sum, 0, 1, 7, 10, 2); /* step 2's cost, 0; both steps' luck */
  bool bad;
  ck_assert_str_eq(advice_luck_text(&sum, &bad).s, "0.7000");
  ck_assert(!bad);
  /* Nothing valued at the last step: no sum. */
  sv[1].after = ADVICE_UNKNOWN;
  ck_assert(!advice_game_sum(sv, 2, &sum));
  /* A cost that ends in 5 past the fourth decimal: 1/32 prints 0.0313,
   * as every average (printf's "%.4f" of the double gave 0.0312). */
  advice_step tie[1] = {{.n = 32, .V = 73, .best = 1, .E = 74, .after = 0, .n_after = 1}};
  ck_assert(advice_game_sum(tie, 1, &sum));
  ck_assert_str_eq(ratio_sum_fmt(&sum.skill, 4, false).s, "0.0313");
  ck_assert_str_eq(ratio_sum_fmt(&sum.luck, 4, false).s, "1.3125"); /* 74/32 - 1 */
  /* Bad luck: its size, the sign apart (40/32 - 1 - 7/4 = -1.5). */
  tie[0] = (advice_step){.n = 32, .V = 40, .best = 1, .E = 40, .after = 7, .n_after = 4};
  ck_assert(advice_game_sum(tie, 1, &sum));
  ck_assert_str_eq(advice_luck_text(&sum, &bad).s, "1.5000");
  ck_assert(bad);
}
END_TEST

Suite *play_suite(void) {
  Suite *s = suite_create("play");
  TCase *tc = tcase_create("history");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_parse_good);
  tcase_add_test(tc, test_parse_bad);
  tcase_add_test(tc, test_pattern_possible_exhaustive);
  tcase_add_test(tc, test_filter_matches_rules);
  tcase_add_test(tc, test_filter_empty_step);
  suite_add_tcase(s, tc);
  tc = tcase_create("advice");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, test_advice_matches_search);
  tcase_add_test(tc, test_rank_is_full_order);
  tcase_add_test(tc, test_tree_follow_and_lines);
  tcase_add_test(tc, test_next_command_errors);
  tcase_add_test(tc, test_game_sum_identity);
  suite_add_tcase(s, tc);
  /* Exact values on the NYT lists: searches over 12947 guesses, minutes
   * under the sanitizers, whose tier leaves them to the plain run (the
   * same code is there on the small lists above). */
  tc = tcase_create("advice-big");
  tcase_set_tags(tc, "heavy");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, test_advice_opener_on_big_list);
  tcase_add_test(tc, test_next_command_values);
  tcase_add_test(tc, test_wider_matches_rules);
  tcase_add_test(tc, test_wider_advice);
  suite_add_tcase(s, tc);
  return s;
}
