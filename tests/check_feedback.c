/*
 * check_feedback.c: feedback codes, pattern strings, pattern order and the
 * feedback table (feedback.h, game.h, lists.h).
 *
 * Golden cases are worked by hand from the rules (greens first, then
 * yellows left to right, each answer letter used once) and also checked
 * against ref_feedback() (suites.h), an independent implementation.
 */
#include <check.h>
#include <string.h>

#include "feedback.h"
#include "game.h"
#include "lists.h"
#include "suites.h"
#include "util.h"
#include "words.h"

typedef struct {
  const char *guess, *answer, *pattern;
  int code;
} golden;

/* Each worked by hand; the comment says why the repeated letters score
 * as they do. */
static const golden goldens[] = {
    {"trust", "least", "BBBGG", 216}, /* the t of least is taken by the green */
    {"oasis", "least", "BYYBB", 12},  /* one s in least: the first s is yellow */
    {"ruler", "euler", "BGGGG", 240}, /* the first r has no r left to match */
    {"speed", "abide", "BBYBY", 90},  /* one e in abide: first e yellow, second gray */
    {"speed", "eerie", "BBYYB", 36},  /* three e, none green: both e yellow */
    {"speed", "crepe", "BYGYB", 48},  /* e green at 3, the other e yellow */
    {"eerie", "speed", "YYBBB", 4},   /* two e in speed: first two yellow, last gray */
    {"geese", "those", "BBBGG", 216}, /* the one e of those is green at 5 */
    {"lolly", "hello", "BYGGB", 75},  /* both l of hello green: first l gray */
    {"kebab", "abbey", "BYGYY", 129}, /* second b of abbey left for the last b */
    {"error", "rarer", "YYGBG", 184}, /* three r in rarer: two green, one yellow */
    {"sassy", "asses", "YYGYB", 49},  /* three s each side: one green, two yellow */
    {"sissy", "missy", "BGGGG", 240}, /* greens take both s: the first s is gray */
    {"puppy", "happy", "BBGGG", 234}, /* the first p finds no p left */
    {"happy", "puppy", "BBGGG", 234},
    {"apple", "paper", "YYGBY", 103}, /* p green at 3, the other p yellow */
    {"llama", "hello", "YYBBB", 4},   /* two l, two yellow */
    {"salet", "salet", "GGGGG", 242},
    {"abcde", "fghij", "BBBBB", 0},
};

START_TEST(test_golden) {
  for (size_t i = 0; i < sizeof goldens / sizeof *goldens; i++) {
    const golden *c = &goldens[i];
    int fb = feedback_of(c->guess, c->answer);
    ck_assert_msg(fb == c->code, "feedback(%s, %s) = %d, expected %d (%s)", c->guess, c->answer,
                  fb, c->code, c->pattern);
    ck_assert_msg(ref_feedback(c->guess, c->answer) == c->code,
                  "reference feedback disagrees with the hand-worked %s/%s", c->guess,
                  c->answer);
    char s[6];
    pattern_format(fb, s);
    ck_assert_str_eq(s, c->pattern);
    ck_assert_int_eq(pattern_parse(c->pattern), c->code);
  }
}
END_TEST

/* Every pair of words over a tiny alphabet: duplicates everywhere. */
static void all_words(const char *alphabet, int k, char (*out)[6], int *n) {
  int total = 1;
  for (int i = 0; i < 5; i++) total *= k;
  for (int x = 0; x < total; x++) {
    int v = x;
    for (int i = 0; i < 5; i++, v /= k) out[x][i] = alphabet[v % k];
    out[x][5] = '\0';
  }
  *n = total;
}

START_TEST(test_exhaustive_small_alphabets) {
  static char w[1024][6];
  const char *alphabets[] = {"ab", "abc", "eaz", "qrst"};
  for (size_t a = 0; a < sizeof alphabets / sizeof *alphabets; a++) {
    int n;
    all_words(alphabets[a], (int)strlen(alphabets[a]), w, &n);
    for (int g = 0; g < n; g++)
      for (int x = 0; x < n; x++) {
        int fb = feedback_of(w[g], w[x]), ref = ref_feedback(w[g], w[x]);
        if (fb != ref)
          ck_abort_msg("feedback(%s, %s) = %d, reference %d", w[g], w[x], fb, ref);
      }
  }
}
END_TEST

START_TEST(test_win_only_for_equal_words) {
  char w[3][6] = {"aabbc", "aabbc", "aabcb"};
  ck_assert_int_eq(feedback_of(w[0], w[1]), PATTERN_WIN);
  ck_assert_int_ne(feedback_of(w[0], w[2]), PATTERN_WIN);
  ck_assert_int_ne(feedback_of(w[2], w[0]), PATTERN_WIN);
}
END_TEST

START_TEST(test_pattern_round_trip) {
  char seen[PATTERN_COUNT] = {0};
  for (int c = 0; c < PATTERN_COUNT; c++) {
    char s[6];
    memset(s, 'Z', sizeof s);
    pattern_format(c, s);
    ck_assert_int_eq(s[5], '\0');
    ck_assert_int_eq((int)strspn(s, "BYG"), 5);
    ck_assert_int_eq(pattern_parse(s), c);
    /* The code's digits, least significant first, are the symbols. */
    for (int i = 0, v = c; i < 5; i++, v /= 3) ck_assert_int_eq(s[i], "BYG"[v % 3]);
    /* Lower case parses the same. */
    char lower[6];
    for (int i = 0; i < 6; i++) lower[i] = s[i] ? (char)(s[i] - 'A' + 'a') : '\0';
    ck_assert_int_eq(pattern_parse(lower), c);
    seen[c] = 1;
  }
  for (int c = 0; c < PATTERN_COUNT; c++) ck_assert(seen[c]);
  char s[6];
  pattern_format(PATTERN_WIN, s);
  ck_assert_str_eq(s, "GGGGG");
  pattern_format(0, s);
  ck_assert_str_eq(s, "BBBBB");
  pattern_format(177, s);
  ck_assert_str_eq(s, "BGYBG");
}
END_TEST

START_TEST(test_pattern_parse_symbols) {
  /* (gray, green, yellow, gray, green) = 177 in every spelling. */
  const char *same[] = {"BGYBG", "bgybg", "02102", "X21-g", ".g1xG", "-Gy0g", "xGYBg"};
  for (size_t i = 0; i < sizeof same / sizeof *same; i++)
    ck_assert_msg(pattern_parse(same[i]) == 177, "pattern_parse(\"%s\") = %d, expected 177",
                  same[i], pattern_parse(same[i]));
  ck_assert_int_eq(pattern_parse("22222"), PATTERN_WIN);
  ck_assert_int_eq(pattern_parse("ggggg"), PATTERN_WIN);
  ck_assert_int_eq(pattern_parse("....."), 0);
  ck_assert_int_eq(pattern_parse("-----"), 0);
  ck_assert_int_eq(pattern_parse("xxxxX"), 0);
  ck_assert_int_eq(pattern_parse("00000"), 0);
  ck_assert_int_eq(pattern_parse("1BBBB"), 1);
  ck_assert_int_eq(pattern_parse("BBBBY"), 81);
  ck_assert_int_eq(pattern_parse("BBBBG"), 162);
}
END_TEST

START_TEST(test_pattern_parse_rejects) {
  const char *bad[] = {"",       "B",      "BBBB",  "BBBBBB", "BBBBA", "BB BB", "3BBBB",
                       "BBBB\n", "GGGGG ", " GGGG", "BYG2Z", "bbbb?", "yyyy+", "B\tBBB"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    ck_assert_msg(pattern_parse(bad[i]) == -1, "pattern_parse(\"%s\") = %d, expected -1",
                  bad[i], pattern_parse(bad[i]));
}
END_TEST

static int sign(int x) { return (x > 0) - (x < 0); }

START_TEST(test_pattern_cmp_order) {
  /* B < G < Y, leftmost symbol first: exactly strcmp of the strings,
   * since 'B' < 'G' < 'Y' in ASCII too. */
  for (int a = 0; a < PATTERN_COUNT; a++)
    for (int b = 0; b < PATTERN_COUNT; b++) {
      char sa[6], sb[6];
      pattern_format(a, sa);
      pattern_format(b, sb);
      if (sign(pattern_cmp(a, b)) != sign(strcmp(sa, sb)))
        ck_abort_msg("pattern_cmp(%s, %s) = %d", sa, sb, pattern_cmp(a, b));
    }
  ck_assert_int_lt(pattern_cmp(pattern_parse("BBBBB"), pattern_parse("GBBBB")), 0);
  ck_assert_int_lt(pattern_cmp(pattern_parse("GBBBB"), pattern_parse("YBBBB")), 0);
  ck_assert_int_lt(pattern_cmp(pattern_parse("BBBBB"), pattern_parse("YBBBB")), 0);
  /* Not code order: GBBBB (2) sorts after BYBBB (3), GGGGG (242) before
   * GGGGY (161). */
  ck_assert_int_gt(pattern_cmp(pattern_parse("GBBBB"), pattern_parse("BYBBB")), 0);
  ck_assert_int_lt(pattern_cmp(PATTERN_WIN, pattern_parse("GGGGY")), 0);
  ck_assert_int_gt(pattern_cmp(PATTERN_WIN, pattern_parse("GGGGB")), 0);
  ck_assert_int_eq(pattern_cmp(177, 177), 0);
}
END_TEST

/* Every table entry the game holds for (guess gi, answer ai). */
static void check_entry(const game *g, int gi, int ai) {
  const char *gw = g->guesses.w[gi], *aw = g->answers.w[ai];
  int t = game_fb(g, gi, ai);
  if (t != game_answer_row(g, ai)[gi]) ck_abort_msg("game_fb and game_answer_row disagree");
  int f = feedback_of(gw, aw), r = ref_feedback(gw, aw);
  if (t != f || t != r)
    ck_abort_msg("table[%s][%s] = %d, feedback_of %d, reference %d", gw, aw, t, f, r);
}

static void check_maps(const game *g) {
  for (int a = 0; a < g->n_answers; a++) {
    int gi = g->ans2guess[a];
    ck_assert_int_ge(gi, 0);
    ck_assert_int_lt(gi, g->n_guesses);
    ck_assert_str_eq(g->guesses.w[gi], g->answers.w[a]);
    ck_assert_int_eq(g->guess2ans[gi], a);
  }
  int answers_seen = 0;
  for (int gi = 0; gi < g->n_guesses; gi++) {
    int a = g->guess2ans[gi];
    if (a < 0) {
      ck_assert_int_eq(a, -1);
      ck_assert_int_lt(words_find(&g->answers, g->guesses.w[gi]), 0);
      continue;
    }
    answers_seen++;
    ck_assert_int_eq(g->ans2guess[a], gi);
  }
  ck_assert_int_eq(answers_seen, g->n_answers);
}

START_TEST(test_table_nyt_random_pairs) {
  game g;
  ck_assert_msg(lists_load(&g, "nyt-2022-02", NULL) == 0, "%s", err_msg());
  ck_assert_int_eq(g.n_answers, 2309);
  ck_assert_int_eq(g.n_guesses, 12947);
  check_maps(&g);
  uint64_t seed = 0x5eed0001;
  for (int i = 0; i < 500; i++)
    check_entry(&g, rng_range(&seed, 0, g.n_guesses - 1), rng_range(&seed, 0, g.n_answers - 1));
  /* The corners of the table and a few named pairs. */
  check_entry(&g, 0, 0);
  check_entry(&g, g.n_guesses - 1, g.n_answers - 1);
  check_entry(&g, 0, g.n_answers - 1);
  check_entry(&g, g.n_guesses - 1, 0);
  int trust = words_find(&g.guesses, "trust"), least = words_find(&g.answers, "least");
  ck_assert_int_ge(trust, 0);
  ck_assert_int_ge(least, 0);
  ck_assert_int_eq(game_fb(&g, trust, least), 216);
  game_free(&g);
}
END_TEST

START_TEST(test_table_full_small_games) {
  const char *names[] = {"small", "medium"};
  for (size_t k = 0; k < 2; k++) {
    game g;
    ck_assert_msg(lists_load(&g, names[k], NULL) == 0, "%s", err_msg());
    ck_assert_int_eq(g.n_guesses, g.n_answers);
    check_maps(&g);
    for (int gi = 0; gi < g.n_guesses; gi++)
      for (int a = 0; a < g.n_answers; a++) check_entry(&g, gi, a);
    game_free(&g);
  }
}
END_TEST

/* A game whose guess list is not the answer list: extra words, and the
 * answers in another order, so rows and columns are not the same index. */
START_TEST(test_table_custom_game) {
  const char *answers[] = {"speed", "abide", "eerie", "crepe", "those", "hello", "abbey", "rarer"};
  const char *guesses[] = {"rarer", "geese", "kebab", "abbey", "lolly", "hello", "error",
                           "those", "crepe", "eerie", "abide", "sassy", "speed", "puppy"};
  wordlist a, q;
  ck_assert_int_eq(words_from_array(answers, 8, &a), 0);
  ck_assert_int_eq(words_from_array(guesses, 14, &q), 0);
  game g;
  ck_assert_msg(game_from_lists(&g, a, q) == 0, "%s", err_msg());
  ck_assert_int_eq(g.n_answers, 8);
  ck_assert_int_eq(g.n_guesses, 14);
  check_maps(&g);
  for (int gi = 0; gi < g.n_guesses; gi++)
    for (int ai = 0; ai < g.n_answers; ai++) check_entry(&g, gi, ai);
  ck_assert_int_eq(g.ans2guess[0], 12); /* speed */
  ck_assert_int_eq(g.guess2ans[1], -1); /* geese is no answer */
  /* "speed" against abide, eerie, crepe: the golden cases. */
  ck_assert_int_eq(game_fb(&g, 12, 1), 90);
  ck_assert_int_eq(game_fb(&g, 12, 2), 36);
  ck_assert_int_eq(game_fb(&g, 12, 3), 48);
  ck_assert_int_eq(game_fb(&g, 12, 0), PATTERN_WIN);
  /* One answer's row: abbey (answer 6) against every guess. */
  const uint8_t *row = game_answer_row(&g, 6);
  ck_assert_int_eq(row[2], 129); /* kebab */
  ck_assert_int_eq(row[3], PATTERN_WIN);
  game_free(&g);
}
END_TEST

/* The table is answer-major: table[a * n_guesses + g].  Sizes that are
 * not multiples of any vector width, and one large enough for the
 * vector paths. */
START_TEST(test_table_fill_direct) {
  char guesses[3][8] = {"speed", "kebab", "zzzzz"}, answers[2][8] = {"abide", "abbey"};
  uint8_t table[7];
  memset(table, 0xff, sizeof table);
  feedback_table_fill(table, (const char(*)[8])guesses, 3, (const char(*)[8])answers, 2);
  for (int g = 0; g < 3; g++)
    for (int a = 0; a < 2; a++)
      ck_assert_int_eq(table[a * 3 + g], ref_feedback(guesses[g], answers[a]));
  ck_assert_int_eq(table[0], 90);  /* speed, abide */
  ck_assert_int_eq(table[4], 129); /* kebab, abbey */
  ck_assert_int_eq(table[2], 0);   /* zzzzz, abide */
  ck_assert_int_eq(table[6], 0xff); /* nothing written past the end */

  /* Random words over a small alphabet (repeats everywhere), odd sizes. */
  enum { NG = 261, NA = 37 };
  static char (*gw)[8], (*aw)[8];
  gw = calloc(NG, 8);
  aw = calloc(NA, 8);
  uint64_t seed = 5;
  for (int i = 0; i < NG; i++)
    for (int k = 0; k < 5; k++) gw[i][k] = "abcde"[rng_next(&seed) % 5];
  for (int i = 0; i < NA; i++)
    for (int k = 0; k < 5; k++) aw[i][k] = "abcdef"[rng_next(&seed) % 6];
  uint8_t *big = malloc(NG * NA + 1);
  big[NG * NA] = 0xee;
  feedback_table_fill(big, (const char(*)[8])gw, NG, (const char(*)[8])aw, NA);
  for (int a = 0; a < NA; a++)
    for (int g = 0; g < NG; g++)
      if (big[a * NG + g] != ref_feedback(gw[g], aw[a]))
        ck_abort_msg("table[%s][%s] = %d, reference %d", aw[a], gw[g], big[a * NG + g],
                     ref_feedback(gw[g], aw[a]));
  ck_assert_int_eq(big[NG * NA], 0xee);
  free(big);
  free(gw);
  free(aw);
}
END_TEST

Suite *feedback_suite(void) {
  Suite *s = suite_create("feedback");
  TCase *tc = tcase_create("patterns");
  tcase_set_timeout(tc, 60); /* generous: sanitizer builds, busy machines */
  tcase_add_test(tc, test_golden);
  tcase_add_test(tc, test_exhaustive_small_alphabets);
  tcase_add_test(tc, test_win_only_for_equal_words);
  tcase_add_test(tc, test_pattern_round_trip);
  tcase_add_test(tc, test_pattern_parse_symbols);
  tcase_add_test(tc, test_pattern_parse_rejects);
  tcase_add_test(tc, test_pattern_cmp_order);
  suite_add_tcase(s, tc);
  tc = tcase_create("table");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_table_nyt_random_pairs);
  tcase_add_test(tc, test_table_full_small_games);
  tcase_add_test(tc, test_table_custom_game);
  tcase_add_test(tc, test_table_fill_direct);
  suite_add_tcase(s, tc);
  return s;
}
