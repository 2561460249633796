/*
 * check_tree.c: strategy trees (tree.h) and their files (treeio.h).
 *
 * tree_check is fed hand-built trees, each broken in one way, and must
 * name the fault.  The JSON and text writers are compared byte for byte
 * with output written out by hand for tiny instances, and the text format
 * is read back line by line (Selby's prefix rule) and replayed against
 * the feedback rules.  Averages as text (ratio.h) are checked against
 * worked cases and, on random fractions, against the definition.
 */
#include <check.h>
#include <dirent.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "feedback.h"
#include "game.h"
#include "lists.h"
#include "ratio.h"
#include "search.h"
#include "strategy.h"
#include "suites.h"
#include "tree.h"
#include "treeio.h"
#include "tuning.h"
#include "util.h"
#include "version.h"
#include "words.h"

/* ------------------------------------------------------------------ */
/* Helpers */

static void make_game(game *g, const char *const *answers, int na, const char *const *guesses,
                      int ng) {
  wordlist a, q;
  ck_assert_msg(words_from_array(answers, na, &a) == 0, "%s", err_msg());
  ck_assert_msg(words_from_array(guesses, ng, &q) == 0, "%s", err_msg());
  ck_assert_msg(game_from_lists(g, a, q) == 0, "%s", err_msg());
}

static int gi(const game *g, const char *w) {
  int i = words_find(&g->guesses, w);
  ck_assert_msg(i >= 0, "'%s' is not a guess", w);
  return i;
}

static int P(const char *s) {
  int p = pattern_parse(s);
  ck_assert_int_ge(p, 0);
  return p;
}

/* mk(g, guess, total, n, nkids, "PAT", kid, "PAT", kid, ...) */
static tnode *mk(const game *g, const char *guess, int total, int n, int nkids, ...) {
  tnode *t = tree_node_new(gi(g, guess), total, n, nkids);
  va_list ap;
  va_start(ap, nkids);
  for (int i = 0; i < nkids; i++) {
    t->pat[i] = (uint8_t)P(va_arg(ap, const char *));
    t->kid[i] = va_arg(ap, tnode *);
  }
  va_end(ap);
  return t;
}
static tnode *leaf(const game *g, const char *w) { return mk(g, w, 1, 1, 0); }

static void all_of(const game *g, uint16_t *set) {
  for (int i = 0; i < g->n_answers; i++) set[i] = (uint16_t)i;
}

static void expect_ok(const tnode *t, const game *g, int max_guesses) {
  uint16_t *set = malloc(sizeof *set * (size_t)g->n_answers);
  all_of(g, set);
  ck_assert_msg(tree_check(t, g, set, g->n_answers, max_guesses) == 0, "tree_check: %s",
                err_msg());
  free(set);
}

static void expect_bad(const tnode *t, const game *g, const uint16_t *set, int n,
                       int max_guesses, const char *fragment) {
  ck_assert_msg(tree_check(t, g, set, n, max_guesses) == -1,
                "tree_check passed a tree that should fail with '%s'", fragment);
  ck_assert_msg(strstr(err_msg(), fragment) != NULL, "message '%s' should contain '%s'",
                err_msg(), fragment);
}
static void expect_bad_all(const tnode *t, const game *g, int max_guesses, const char *fragment) {
  uint16_t *set = malloc(sizeof *set * (size_t)g->n_answers);
  all_of(g, set);
  expect_bad(t, g, set, g->n_answers, max_guesses, fragment);
  free(set);
}

static char *json_of(const tnode *t, const game *g, int max_guesses) {
  memout m;
  memout_open(&m);
  ck_assert_msg(treeio_write_json(m.fp, t, g, max_guesses) == 0, "%s", err_msg());
  return memout_close(&m);
}
/* got is the JSON want describes, where want's "@V@" stands for this
 * optle's version_full() (the header's "optle_version", treeio.h). */
static void ck_json_eq(const char *got, const char *want) {
  const char *at = strstr(want, "@V@");
  ck_assert_ptr_nonnull(at);
  size_t n = strlen(want) - 3 + strlen(version_full());
  char *w = malloc(n + 1);
  ck_assert_ptr_nonnull(w);
  snprintf(w, n + 1, "%.*s%s%s", (int)(at - want), want, version_full(), at + 3);
  ck_assert_str_eq(got, w);
  free(w);
}
static char *text_of(const tnode *t, const game *g) {
  memout m;
  memout_open(&m);
  ck_assert_msg(treeio_write_text(m.fp, t, g) == 0, "%s", err_msg());
  return memout_close(&m);
}

/* Solve every answer of g optimally with the given options. */
static tnode *solve_all(const game *g, int max_guesses, int threads, int *total) {
  search_opts o;
  strategy_search_opts(&o);
  o.max_guesses = max_guesses;
  o.threads = threads;
  o.memo_mb = 16;
  search *s = search_new(g, &o);
  uint16_t *set = malloc(sizeof *set * (size_t)g->n_answers);
  for (int i = 0; i < g->n_answers; i++) set[i] = (uint16_t)i;
  tnode *t = NULL;
  *total = search_solve(s, set, g->n_answers, -1, &t);
  free(set);
  search_free(s);
  return t;
}

/* ------------------------------------------------------------------ */
/* Instance A: cigar hatch latch match.  hatch leaves {latch, match}
 * (BGGGG) and {cigar} (BYBYB): 4 + 3 + 1 = 8, the least possible, since
 * no answer splits the others apart.  cigar would cost 10. */

static const char *const A_words[] = {"cigar", "hatch", "latch", "match"};

static tnode *tree_A(const game *g) {
  return mk(g, "hatch", 8, 4, 2,                                      /* */
            "BGGGG", mk(g, "latch", 3, 2, 1, "BGGGG", leaf(g, "match")), /* */
            "BYBYB", leaf(g, "cigar"));
}

static const char json_A[] =
    "{\"lists_hash\": \"05113ed00b2c84e8\", "
    "\"answers\": 4, \"guesses\": 4, \"max_guesses\": 6, \"rules\": \"normal\", \"objective\": \"total\", \"total\": 8, \"average\": 2.0000,"
    " \"optle_version\": \"@V@\",\n"
    " \"tree\": {\"guess\": \"hatch\", \"total\": 8, \"next\": {\n"
    "  \"BGGGG\": {\"guess\": \"latch\", \"total\": 3, \"next\": {\n"
    "   \"BGGGG\": {\"guess\": \"match\", \"total\": 1}\n"
    "  }},\n"
    "  \"BYBYB\": {\"guess\": \"cigar\", \"total\": 1}\n"
    " }}}\n";

static const char text_A[] =
    "hatch BGGGG1 latch BGGGG2 match GGGGG3\n"
    "                   GGGGG2\n"
    "      BYBYB1 cigar GGGGG2\n"
    "      GGGGG1\n";

/* Instance B: hatch latch match patch, nothing else to guess: a chain,
 * 1 + 2 + 3 + 4 = 10, and no strategy within 3 guesses. */
static const char *const B_words[] = {"hatch", "latch", "match", "patch"};

static const char json_B[] =
    "{\"lists_hash\": \"c8a7c454ef480887\", "
    "\"answers\": 4, \"guesses\": 4, \"max_guesses\": 0, \"rules\": \"normal\", \"objective\": \"total\", \"total\": 10, \"average\": 2.5000,"
    " \"optle_version\": \"@V@\",\n"
    " \"tree\": {\"guess\": \"hatch\", \"total\": 10, \"next\": {\n"
    "  \"BGGGG\": {\"guess\": \"latch\", \"total\": 6, \"next\": {\n"
    "   \"BGGGG\": {\"guess\": \"match\", \"total\": 3, \"next\": {\n"
    "    \"BGGGG\": {\"guess\": \"patch\", \"total\": 1}\n"
    "   }}\n"
    "  }}\n"
    " }}}\n";

static const char text_B[] =
    "hatch BGGGG1 latch BGGGG2 match BGGGG3 patch GGGGG4\n"
    "                                GGGGG3\n"
    "                   GGGGG2\n"
    "      GGGGG1\n";

/* Instance C: the same answers, plus plumb, which gives each answer its
 * own pattern (hatch BBBBB, match BBBYB, latch BYBBB, patch GBBBB):
 * 4 + 4 = 8.  It is no answer, so no line wins at the root. */
static const char *const C_guesses[] = {"hatch", "latch", "match", "patch", "plumb", "lymph"};

static const char json_C[] =
    "{\"lists_hash\": \"f243a187c93b902a\", "
    "\"answers\": 4, \"guesses\": 6, \"max_guesses\": 2, \"rules\": \"normal\", \"objective\": \"total\", \"total\": 8, \"average\": 2.0000,"
    " \"optle_version\": \"@V@\",\n"
    " \"tree\": {\"guess\": \"plumb\", \"total\": 8, \"next\": {\n"
    "  \"BBBBB\": {\"guess\": \"hatch\", \"total\": 1},\n"
    "  \"BBBYB\": {\"guess\": \"match\", \"total\": 1},\n"
    "  \"BYBBB\": {\"guess\": \"latch\", \"total\": 1},\n"
    "  \"GBBBB\": {\"guess\": \"patch\", \"total\": 1}\n"
    " }}}\n";

static const char text_C[] =
    "plumb BBBBB1 hatch GGGGG2\n"
    "      BBBYB1 match GGGGG2\n"
    "      BYBBB1 latch GGGGG2\n"
    "      GBBBB1 patch GGGGG2\n";

/* ------------------------------------------------------------------ */
/* tree_check */

START_TEST(test_check_accepts_good_tree) {
  game g;
  make_game(&g, A_words, 4, A_words, 4);
  tnode *t = tree_A(&g);
  expect_ok(t, &g, 0);
  expect_ok(t, &g, 6);
  expect_ok(t, &g, 3);
  /* A subset: the latch subtree checks against {latch, match}. */
  uint16_t sub[] = {2, 3};
  ck_assert_msg(tree_check(t->kid[0], &g, sub, 2, 2) == 0, "%s", err_msg());
  tree_summary s;
  tree_summarize(t, &s);
  ck_assert_int_eq(s.n, 4);
  ck_assert_int_eq(s.total, 8);
  ck_assert_int_eq(s.most, 3);
  ck_assert_int_eq(s.nodes, 4);
  ck_assert_int_eq(s.dist[1], 1);
  ck_assert_int_eq(s.dist[2], 2);
  ck_assert_int_eq(s.dist[3], 1);
  tree_free(t);
  game_free(&g);
}
END_TEST

START_TEST(test_check_wrong_total) {
  game g;
  make_game(&g, A_words, 4, A_words, 4);
  tnode *t = tree_A(&g);
  t->total = 9;
  expect_bad_all(t, &g, 6, "total 9 but n + children = 8");
  t->total = 7;
  expect_bad_all(t, &g, 6, "total 7 but n + children = 8");
  t->total = 8;
  t->kid[0]->total = 4; /* inner node */
  expect_bad_all(t, &g, 6, "node 'latch' after hatch BGGGG: total 4 but n + children = 3");
  t->kid[0]->total = 3;
  t->kid[1]->total = 2; /* leaf */
  expect_bad_all(t, &g, 6, "leaf 'cigar' after hatch BYBYB: total 2");
  t->kid[1]->total = 1;
  expect_ok(t, &g, 6);
  tree_free(t);
  game_free(&g);
}
END_TEST

START_TEST(test_check_wrong_n) {
  game g;
  make_game(&g, A_words, 4, A_words, 4);
  tnode *t = tree_A(&g);
  t->kid[0]->n = 3;
  expect_bad_all(t, &g, 6, "n is 3 but 2 answers reach it");
  t->kid[0]->n = 2;
  t->n = 5;
  expect_bad_all(t, &g, 6, "n is 5 but 4 answers reach it");
  tree_free(t);
  game_free(&g);
}
END_TEST

START_TEST(test_check_missing_answer) {
  game g;
  make_game(&g, A_words, 4, A_words, 4);
  /* The cigar branch is missing. */
  tnode *t = mk(&g, "hatch", 7, 4, 1, "BGGGG", mk(&g, "latch", 3, 2, 1, "BGGGG", leaf(&g, "match")));
  expect_bad_all(t, &g, 6, "answer 'cigar' has no branch BYBYB under 'hatch' at the root");
  /* Checked against the three answers it does solve, with n fixed, it passes. */
  t->n = 3;
  t->total = 6;
  uint16_t three[] = {1, 2, 3};
  ck_assert_msg(tree_check(t, &g, three, 3, 6) == 0, "%s", err_msg());
  tree_free(t);
  /* A leaf reached by an answer it does not guess. */
  t = mk(&g, "hatch", 8, 4, 2, "BGGGG", mk(&g, "latch", 3, 2, 1, "BGGGG", leaf(&g, "match")),
         "BYBYB", leaf(&g, "match"));
  expect_bad_all(t, &g, 6, "answer 'cigar' reaches leaf 'match' after hatch BYBYB, which is not the answer");
  tree_free(t);
  game_free(&g);
}
END_TEST

START_TEST(test_check_pattern_order) {
  game g;
  make_game(&g, A_words, 4, A_words, 4);
  tnode *t = mk(&g, "hatch", 8, 4, 2, "BYBYB", leaf(&g, "cigar"), /* Y before G: wrong */
                "BGGGG", mk(&g, "latch", 3, 2, 1, "BGGGG", leaf(&g, "match")));
  expect_bad_all(t, &g, 6, "branches out of order (BYBYB before BGGGG)");
  tree_free(t);
  game_free(&g);
}
END_TEST

START_TEST(test_check_depth_limit) {
  game g;
  make_game(&g, A_words, 4, A_words, 4);
  tnode *t = tree_A(&g);
  expect_bad_all(t, &g, 2, "answer 'match' needs 3 guesses, more than the limit 2");
  expect_bad_all(t, &g, 1, "more than the limit 1");
  tree_free(t);
  game_free(&g);
}
END_TEST

START_TEST(test_check_bad_branches) {
  game g;
  make_game(&g, A_words, 4, A_words, 4);
  /* A branch no answer gives. */
  tnode *t = mk(&g, "hatch", 9, 4, 3, "BBBBB", leaf(&g, "cigar"),
                "BGGGG", mk(&g, "latch", 3, 2, 1, "BGGGG", leaf(&g, "match")),
                "BYBYB", leaf(&g, "cigar"));
  expect_bad_all(t, &g, 6, "branch BBBBB is empty");
  tree_free(t);
  /* A branch for the winning pattern. */
  t = mk(&g, "hatch", 9, 4, 3, "BGGGG", mk(&g, "latch", 3, 2, 1, "BGGGG", leaf(&g, "match")),
         "BYBYB", leaf(&g, "cigar"), "GGGGG", leaf(&g, "hatch"));
  expect_bad_all(t, &g, 6, "winning pattern GGGGG");
  tree_free(t);
  /* The same branch twice. */
  t = mk(&g, "hatch", 11, 4, 3, "BGGGG", mk(&g, "latch", 3, 2, 1, "BGGGG", leaf(&g, "match")),
         "BGGGG", mk(&g, "latch", 3, 2, 1, "BGGGG", leaf(&g, "match")), "BYBYB", leaf(&g, "cigar"));
  uint16_t all4[] = {0, 1, 2, 3};
  ck_assert_int_eq(tree_check(t, &g, all4, 4, 6), -1);
  tree_free(t);
  /* A guess index outside the list. */
  t = tree_A(&g);
  t->kid[1]->guess = 99;
  expect_bad_all(t, &g, 6, "guess index 99 is not in the guess list");
  tree_free(t);
  /* The set itself: an answer twice, an index out of range. */
  t = tree_A(&g);
  uint16_t twice[] = {0, 1, 1, 2};
  expect_bad(t, &g, twice, 4, 6, "listed twice");
  uint16_t range[] = {0, 1, 2, 7};
  expect_bad(t, &g, range, 4, 6, "out of range");
  ck_assert_int_eq(tree_check(NULL, &g, twice, 2, 6), -1);
  tree_free(t);
  game_free(&g);
}
END_TEST

START_TEST(test_hash_and_summary) {
  game g;
  make_game(&g, A_words, 4, A_words, 4);
  tnode *t = tree_A(&g), *u = tree_A(&g);
  ck_assert_uint_eq(tree_hash(t), tree_hash(u));
  u->kid[1]->guess = gi(&g, "match"); /* another word in one leaf */
  ck_assert_uint_ne(tree_hash(t), tree_hash(u));
  u->kid[1]->guess = gi(&g, "cigar");
  ck_assert_uint_eq(tree_hash(t), tree_hash(u));
  u->kid[0]->total = 4;
  ck_assert_uint_ne(tree_hash(t), tree_hash(u));
  tree_free(t);
  tree_free(u);
  game_free(&g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Writers, against hand-written output */

START_TEST(test_write_instance_A) {
  game g;
  make_game(&g, A_words, 4, A_words, 4);
  tnode *hand = tree_A(&g);
  char *j = json_of(hand, &g, 6), *x = text_of(hand, &g);
  ck_json_eq(j, json_A);
  ck_assert_str_eq(x, text_A);
  free(j);
  free(x);
  for (int threads = 1; threads <= 2; threads++) {
    int total;
    tnode *t = solve_all(&g, 6, threads, &total);
    ck_assert_int_eq(total, 8);
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(tree_hash(t), tree_hash(hand));
    j = json_of(t, &g, 6);
    x = text_of(t, &g);
    ck_json_eq(j, json_A);
    ck_assert_str_eq(x, text_A);
    free(j);
    free(x);
    tree_free(t);
  }
  tree_free(hand);
  game_free(&g);
}
END_TEST

START_TEST(test_write_instance_B) {
  game g;
  make_game(&g, B_words, 4, B_words, 4);
  int total;
  tnode *t = solve_all(&g, 0, 1, &total);
  ck_assert_int_eq(total, 10);
  expect_ok(t, &g, 0);
  char *j = json_of(t, &g, 0), *x = text_of(t, &g);
  ck_json_eq(j, json_B);
  ck_assert_str_eq(x, text_B);
  free(j);
  free(x);
  tree_free(t);
  /* Four guesses are needed: none within three. */
  t = solve_all(&g, 3, 2, &total);
  ck_assert_int_eq(total, OPTLE_INF);
  ck_assert_ptr_null(t);
  t = solve_all(&g, 4, 2, &total);
  ck_assert_int_eq(total, 10);
  tree_free(t);
  game_free(&g);
}
END_TEST

START_TEST(test_write_instance_C) {
  game g;
  make_game(&g, B_words, 4, C_guesses, 6);
  int total;
  tnode *t = solve_all(&g, 2, 1, &total);
  ck_assert_int_eq(total, 8);
  expect_ok(t, &g, 2);
  char *j = json_of(t, &g, 2), *x = text_of(t, &g);
  ck_json_eq(j, json_C);
  ck_assert_str_eq(x, text_C);
  free(j);
  free(x);
  tree_free(t);
  game_free(&g);
  /* lymph splits them too (BBBBG, GBBBG, BBYBG, BBBYG); listed before
   * plumb it is the one the tie rule picks. */
  const char *swapped[] = {"hatch", "latch", "match", "patch", "lymph", "plumb"};
  make_game(&g, B_words, 4, swapped, 6);
  t = solve_all(&g, 6, 2, &total);
  ck_assert_int_eq(total, 8);
  ck_assert_str_eq(g.guesses.w[t->guess], "lymph");
  x = text_of(t, &g);
  ck_assert_str_eq(x,
                   "lymph BBBBG1 hatch GGGGG2\n"
                   "      BBBYG1 patch GGGGG2\n"
                   "      BBYBG1 match GGGGG2\n"
                   "      GBBBG1 latch GGGGG2\n");
  free(x);
  tree_free(t);
  game_free(&g);
}
END_TEST

START_TEST(test_write_perfect_split_with_win_line) {
  /* cigar gives rebut BBBBY, sissy BGBBB, humph BBBBB: 1 + 2 + 2 + 2. */
  const char *w[] = {"cigar", "rebut", "sissy", "humph"};
  game g;
  make_game(&g, w, 4, w, 4);
  int total;
  tnode *t = solve_all(&g, 6, 1, &total);
  ck_assert_int_eq(total, 7);
  char *x = text_of(t, &g);
  ck_assert_str_eq(x,
                   "cigar BBBBB1 humph GGGGG2\n"
                   "      BBBBY1 rebut GGGGG2\n"
                   "      BGBBB1 sissy GGGGG2\n"
                   "      GGGGG1\n");
  free(x);
  x = json_of(t, &g, 6);
  ck_json_eq(x,
             "{\"lists_hash\": \"cea0a77ecd70ca77\", "
             "\"answers\": 4, \"guesses\": 4, \"max_guesses\": 6, \"rules\": \"normal\", \"objective\": \"total\", \"total\": 7, "
             "\"average\": 1.7500, \"optle_version\": \"@V@\",\n"
             " \"tree\": {\"guess\": \"cigar\", \"total\": 7, \"next\": {\n"
             "  \"BBBBB\": {\"guess\": \"humph\", \"total\": 1},\n"
             "  \"BBBBY\": {\"guess\": \"rebut\", \"total\": 1},\n"
             "  \"BGBBB\": {\"guess\": \"sissy\", \"total\": 1}\n"
             " }}}\n");
  free(x);
  tree_free(t);
  game_free(&g);
}
END_TEST

START_TEST(test_write_single_leaf) {
  const char *a[] = {"crane"}, *q[] = {"slate", "crane"};
  game g;
  make_game(&g, a, 1, q, 2);
  int total;
  tnode *t = solve_all(&g, 6, 1, &total);
  ck_assert_int_eq(total, 1);
  char *x = text_of(t, &g), *j = json_of(t, &g, 6);
  ck_assert_str_eq(x, "crane GGGGG1\n");
  ck_json_eq(j,
             "{\"lists_hash\": \"388927aec555c56c\", "
             "\"answers\": 1, \"guesses\": 2, \"max_guesses\": 6, \"rules\": \"normal\", \"objective\": \"total\", \"total\": 1, "
             "\"average\": 1.0000, \"optle_version\": \"@V@\",\n"
             " \"tree\": {\"guess\": \"crane\", \"total\": 1}}\n");
  free(x);
  free(j);
  tree_free(t);
  game_free(&g);
}
END_TEST

START_TEST(test_format_of) {
  ck_assert_int_eq(treeio_format_of("a.json"), TREEFMT_JSON);
  ck_assert_int_eq(treeio_format_of("out/tree.txt"), TREEFMT_TEXT);
  ck_assert_int_eq(treeio_format_of("x.tar.txt"), TREEFMT_TEXT);
  ck_assert_int_eq(treeio_format_of("a.csv"), TREEFMT_NONE);
  ck_assert_int_eq(treeio_format_of("json"), TREEFMT_NONE);
  ck_assert_int_eq(treeio_format_of("dir.json/tree"), TREEFMT_NONE);
  ck_assert_int_eq(treeio_format_of("a.json.bak"), TREEFMT_NONE);
  ck_assert_int_eq(treeio_format_of(NULL), TREEFMT_NONE);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Reading the text format back */

/* Check text against the rules of the format: one line per answer, each
 * the full path to it once its blanked prefix is restored from the line
 * above, "word PATTERNk" pairs with k counting up from 1 and every
 * PATTERN the feedback of its word against the line's answer, ending in
 * "answer GGGGGk".  Returns the number of lines; *total gets sum of k. */
static int replay_text(const char *text, const wordlist *answers, long *total) {
  char prev[4096] = "", line[4096];
  char *seen = calloc((size_t)answers->n, 1);
  int lines = 0;
  *total = 0;
  const char *p = text;
  while (*p) {
    const char *nl = strchr(p, '\n');
    ck_assert_msg(nl != NULL, "text does not end with a newline");
    size_t len = (size_t)(nl - p), lead = strspn(p, " ");
    ck_assert_uint_lt(len, sizeof line);
    ck_assert_msg(lead <= strlen(prev), "line %d: %zu blanks, longer than the line above",
                  lines + 1, lead);
    memcpy(line, prev, lead);
    memcpy(line + lead, p + lead, len - lead);
    line[len] = '\0';
    /* Tokens: word, PATTERNk, word, PATTERNk, ... */
    char answer[6] = "";
    int k = 0;
    const char *q = line;
    char words[64][6], pats[64][6];
    int m = 0;
    while (*q) {
      ck_assert_msg(strlen(q) >= 12 && q[5] == ' ', "line %d: malformed '%s'", lines + 1, line);
      ck_assert_int_lt(m, 64);
      memcpy(words[m], q, 5);
      words[m][5] = '\0';
      memcpy(pats[m], q + 6, 5);
      pats[m][5] = '\0';
      int kk = 0;
      const char *r = q + 11;
      while (*r >= '0' && *r <= '9') kk = kk * 10 + (*r++ - '0');
      ck_assert_msg(kk == ++k, "line %d: guess number %d, expected %d", lines + 1, kk, k);
      ck_assert_msg(*r == ' ' || *r == '\0', "line %d: malformed '%s'", lines + 1, line);
      m++;
      q = *r ? r + 1 : r;
    }
    ck_assert_int_ge(m, 1);
    ck_assert_str_eq(pats[m - 1], "GGGGG");
    memcpy(answer, words[m - 1], 6);
    for (int i = 0; i < m; i++) {
      char ps[6];
      pattern_format(ref_feedback(words[i], answer), ps);
      ck_assert_msg(!strcmp(ps, pats[i]), "line %d: %s gives %s against %s, the file says %s",
                    lines + 1, words[i], ps, answer, pats[i]);
    }
    int a = words_find(answers, answer);
    ck_assert_msg(a >= 0, "line %d: '%s' is no answer", lines + 1, answer);
    ck_assert_msg(!seen[a], "line %d: '%s' solved twice", lines + 1, answer);
    seen[a] = 1;
    *total += k;
    lines++;
    strcpy(prev, line);
    p = nl + 1;
  }
  free(seen);
  return lines;
}

START_TEST(test_text_replays) {
  const char *names[] = {"medium", "large"};
  for (int i = 0; i < 2; i++) {
    game g;
    ck_assert_int_eq(lists_load(&g, names[i], NULL), 0);
    int total;
    tnode *t = solve_all(&g, 6, 2, &total);
    expect_ok(t, &g, 6);
    char *x = text_of(t, &g);
    long sum;
    ck_assert_int_eq(replay_text(x, &g.answers, &sum), g.n_answers);
    ck_assert_int_eq(sum, total);
    free(x);
    tree_free(t);
    game_free(&g);
  }
}
END_TEST

/* The replay reads the published tree too: the format is Selby's. */
START_TEST(test_text_replay_reads_selby) {
  const char *tree = "tests/fixtures/alex1770/salet.original.selby.tree";
  const char *ans = "wordlists/original-answers.txt";
  FILE *fp = fopen(tree, "rb");
  ck_assert_ptr_nonnull(fp);
  char *buf = NULL;
  size_t cap = 0;
  ssize_t n = getdelim(&buf, &cap, '\0', fp);
  fclose(fp);
  ck_assert_int_gt(n, 0);
  wordlist a;
  ck_assert_int_eq(words_load(ans, &a), 0);
  long sum;
  ck_assert_int_eq(replay_text(buf, &a, &sum), 2315);
  ck_assert_int_eq(sum, 7920);
  words_free(&a);
  free(buf);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Determinism across threads, and files */

START_TEST(test_threads_byte_identical) {
  const char *names[] = {"medium", "large"};
  for (int i = 0; i < 2; i++) {
    game g;
    ck_assert_int_eq(lists_load(&g, names[i], NULL), 0);
    int t1, t2;
    tnode *a = solve_all(&g, 6, 1, &t1), *b = solve_all(&g, 6, 2, &t2);
    ck_assert_int_eq(t1, t2);
    ck_assert_int_eq(a->total, t1);
    ck_assert_uint_eq(tree_hash(a), tree_hash(b));
    char *ja = json_of(a, &g, 6), *jb = json_of(b, &g, 6);
    char *xa = text_of(a, &g), *xb = text_of(b, &g);
    ck_assert_msg(!strcmp(ja, jb), "%s: JSON differs between 1 and 2 threads", names[i]);
    ck_assert_msg(!strcmp(xa, xb), "%s: text differs between 1 and 2 threads", names[i]);
    free(ja);
    free(jb);
    free(xa);
    free(xb);
    tree_free(a);
    tree_free(b);
    game_free(&g);
  }
}
END_TEST

static char tmpdir[PATH_MAX];
static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

/* Entries in a directory, . and .. aside. */
static int entries(const char *dir) {
  DIR *d = opendir(dir);
  ck_assert_ptr_nonnull(d);
  int n = 0;
  for (struct dirent *e; (e = readdir(d));)
    n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
  closedir(d);
  return n;
}

START_TEST(test_save_files) {
  const char *base = getenv("TMPDIR");
  snprintf(tmpdir, sizeof tmpdir, "%s/optle-tree-XXXXXX", base && *base ? base : "/tmp");
  ck_assert_ptr_nonnull(mkdtemp(tmpdir));
  game g;
  make_game(&g, A_words, 4, A_words, 4);
  tnode *t = tree_A(&g);
  char path[PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/tree.json", tmpdir);
  ck_assert_msg(treeio_save(path, t, &g, 6) == 0, "%s", err_msg());
  char *got = slurp(path);
  ck_assert_ptr_nonnull(got);
  ck_json_eq(got, json_A);
  free(got);
  snprintf(path, sizeof path, "%s/tree.txt", tmpdir);
  ck_assert_msg(treeio_save(path, t, &g, 6) == 0, "%s", err_msg());
  got = slurp(path);
  ck_assert_ptr_nonnull(got);
  ck_assert_str_eq(got, text_A);
  free(got);
  ck_assert_int_eq(entries(tmpdir), 2); /* no temporary files left */
  /* Unknown format and a missing directory: an error, and no file. */
  snprintf(path, sizeof path, "%s/tree.xml", tmpdir);
  ck_assert_int_eq(treeio_save(path, t, &g, 6), -1);
  ck_assert_ptr_nonnull(strstr(err_msg(), "unknown tree format"));
  snprintf(path, sizeof path, "%s/missing/tree.json", tmpdir);
  ck_assert_int_eq(treeio_save(path, t, &g, 6), -1);
  ck_assert_ptr_nonnull(strstr(err_msg(), "cannot write"));
  ck_assert_int_eq(entries(tmpdir), 2);
  tree_free(t);
  game_free(&g);
  nftw(tmpdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}
END_TEST

/* A writer that fails on files named "*bad*" (after writing part). */
static int half_writer(FILE *fp, const char *path, void *arg) {
  fputs((const char *)arg, fp);
  if (strstr(path, "bad")) return err_set("the writer failed");
  return 0;
}

/* outs_write(): a failed file is removed and reported, the others are
 * written whole, and outs_report() names only the files written. */
START_TEST(test_outs_honest) {
  const char *base = getenv("TMPDIR");
  snprintf(tmpdir, sizeof tmpdir, "%s/optle-outs-XXXXXX", base && *base ? base : "/tmp");
  ck_assert_ptr_nonnull(mkdtemp(tmpdir));
  char p0[PATH_MAX + 32], p1[PATH_MAX + 32], p2[PATH_MAX + 32];
  snprintf(p0, sizeof p0, "%s/one.txt", tmpdir);
  snprintf(p1, sizeof p1, "%s/bad.txt", tmpdir);
  snprintf(p2, sizeof p2, "%s/two.txt", tmpdir);
  const char *paths[] = {p0, p1, p2};
  outset o;
  ck_assert_int_eq(outs_open(&o, paths, 3), 0);
  /* Three temporary files: unnamed (O_TMPFILE) where the filesystem
   * allows, else named in the directory (util.h). */
  int named = 0;
  for (int i = 0; i < 3; i++) named += !o.f[i].anon;
  ck_assert_int_eq(entries(tmpdir), named);
  char errpath[PATH_MAX + 32];
  snprintf(errpath, sizeof errpath, "%s.err", tmpdir);
  ck_assert_ptr_nonnull(freopen(errpath, "w", stderr)); /* this test's own process */
  ck_assert_int_eq(outs_write(&o, half_writer, "content\n"), -1);
  fflush(stderr);
  char *err = slurp(errpath);
  ck_assert_ptr_nonnull(err);
  ck_assert_ptr_nonnull(strstr(err, "bad.txt: the writer failed"));
  ck_assert_ptr_null(strstr(err, "one.txt"));
  free(err);
  ck_assert(o.wrote[0] && !o.wrote[1] && o.wrote[2]);
  ck_assert_int_eq(entries(tmpdir), 2); /* one.txt and two.txt only */
  char *got = slurp(p2);
  ck_assert_ptr_nonnull(got);
  ck_assert_str_eq(got, "content\n");
  free(got);
  ck_assert_ptr_null(slurp(p1));
  char *buf = NULL;
  size_t len = 0;
  FILE *fp = open_memstream(&buf, &len);
  outs_report(&o, fp, "wrote ");
  fclose(fp);
  ck_assert_ptr_null(strstr(buf, "bad.txt"));
  ck_assert_ptr_nonnull(strstr(buf, "one.txt"));
  ck_assert_ptr_nonnull(strstr(buf, "two.txt"));
  free(buf);
  /* A path that cannot be opened: nothing is left of the others. */
  snprintf(p1, sizeof p1, "%s/missing/x.txt", tmpdir);
  snprintf(p0, sizeof p0, "%s/three.txt", tmpdir);
  ck_assert_int_eq(outs_open(&o, paths, 3), -1);
  ck_assert_int_eq(entries(tmpdir), 2);
  nftw(tmpdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
  unlink(errpath);
}
END_TEST

/* ratio.h: worked cases, the ties printf got wrong among them. */
START_TEST(test_ratio_cases) {
  static const struct {
    long long num, den;
    int digits;
    bool plus;
    const char *want;
  } c[] = {
      {443, 160, 4, false, "2.7688"}, /* printf("%.4f"): 2.7687 (the double is below) */
      {73, 32, 4, false, "2.2813"},   /* printf: 2.2812 (an exact double: to even) */
      {71, 32, 4, false, "2.2188"},   {21, 8, 2, false, "2.63"},
      {-21, 8, 2, false, "-2.63"},    {-1, 300, 4, false, "-0.0033"},
      {-1, 30000, 4, false, "0.0000"}, /* no "-0.0000" */
      {-1, 30000, 4, true, "+0.0000"}, {1, 3, 4, true, "+0.3333"},
      {-2, 3, 4, true, "-0.6667"},    {7, 0, 4, false, "0.0000"},
      {5, -2, 1, false, "-2.5"},      {5, 2, 0, false, "3"},
      {7897, 2309, 4, false, "3.4201"}, {1, 1, 6, false, "1.000000"},
  };
  for (size_t i = 0; i < sizeof c / sizeof *c; i++)
    ck_assert_str_eq(ratio_fmt(c[i].num, c[i].den, c[i].digits, c[i].plus).s, c[i].want);
  ck_assert_str_eq(ratio4(12345, 1000).s, "12.3450");
}
END_TEST

/* ratio.h against its definition, on random fractions: the text is p /
 * 10^d with |num/den - p/10^d| <= 1/2 10^-d, and on a tie |p| is the
 * larger. */
START_TEST(test_ratio_definition) {
  unsigned long long x = 88172211;
  for (int i = 0; i < TEST_SCALED(20000); i++) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    long long den = (long long)(x >> 40) % 400 + 1, num = (long long)(x >> 20) % 200000 - 100000;
    int d = (int)((x >> 8) % 5);
    const char *t = ratio_fmt(num, den, d, false).s;
    long long p = 0, scale = 1;
    bool neg = *t == '-';
    for (const char *q = t + neg; *q; q++)
      if (*q != '.') p = p * 10 + (*q - '0');
    for (int k = 0; k < d; k++) scale *= 10;
    if (neg) p = -p;
    long long err = num * scale - p * den; /* (num/den - p/scale) * scale * den */
    long long aerr = err < 0 ? -err : err;
    ck_assert_msg(2 * aerr <= den, "%lld/%lld to %d: %s", num, den, d, t);
    if (2 * aerr == den) ck_assert_msg((p < 0) == (num < 0) && llabs(p) * den > llabs(num) * scale,
                                       "%lld/%lld to %d: %s (a tie goes away from zero)", num, den,
                                       d, t);
    ck_assert_msg(!(neg && p == 0), "%s: a negative zero", t);
  }
}
END_TEST

/* ratio_sum: random sums of 1 to 6 quotients (counts up to 15,000, as a
 * game's steps) against the same sum in 128-bit integers, unreduced:
 * while exact, num / den is that sum in lowest terms and prints as
 * ratio_fmt() of it; a sum past 64 bits is not exact and prints its
 * double, rounded half away from zero. */
START_TEST(test_ratio_sum) {
  unsigned long long x = 1442695040888963407ULL;
  int inexact = 0;
  for (int i = 0; i < TEST_SCALED(5000); i++) {
    ratio_sum s = ratio_sum_zero();
    __int128 num = 0, den = 1;
    int terms = 1 + (int)(i % 6);
    for (int k = 0; k < terms; k++) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      long long d = (long long)(x >> 40) % 15000 + 1, n = (long long)(x >> 16) % 60001 - 30000;
      if (k & 1) d = -d;
      ratio_sum_add(&s, n, d);
      num = num * d + (__int128)n * den, den *= d;
    }
    if (!s.exact) {
      inexact++;
      continue;
    }
    ck_assert_int_gt(s.den, 0);
    ck_assert_msg((__int128)s.num * den == num * (__int128)s.den, "sum %d: %lld/%lld", i, s.num,
                  s.den);
    ck_assert_str_eq(ratio_sum_fmt(&s, 4, false).s, ratio_fmt(s.num, s.den, 4, false).s);
  }
  ck_assert_int_lt(inexact, TEST_SCALED(5000) / 2);
  /* Exact at a tie: 1/32 prints 0.0313 (printf's "%.4f" of the double:
   * 0.0312); 73/32 - 1/16 = 71/32 = 2.21875 -> 2.2188. */
  ratio_sum t = ratio_sum_zero();
  ratio_sum_add(&t, 1, 32);
  ck_assert_str_eq(ratio_sum_fmt(&t, 4, false).s, "0.0313");
  t = ratio_sum_zero();
  ratio_sum_add(&t, 73, 32);
  ratio_sum_add(&t, -1, 16);
  ck_assert(t.exact && t.num == 71 && t.den == 32);
  ck_assert_str_eq(ratio_sum_fmt(&t, 4, false).s, "2.2188");
  /* Past 64 bits: the double, rounded; no negative zero. */
  const long long primes[] = {1000003, 1000033, 1000037, 1000039};
  t = ratio_sum_zero();
  for (int k = 0; k < 4; k++) ratio_sum_add(&t, 1, primes[k]);
  ck_assert(!t.exact);
  ck_assert_str_eq(ratio_sum_fmt(&t, 4, false).s, "0.0000");
  ck_assert_str_eq(ratio_sum_fmt(&t, 6, true).s, "+0.000004");
  ratio_sum_add(&t, -3, 1);
  ck_assert_str_eq(ratio_sum_fmt(&t, 4, false).s, "-3.0000");
  t.approx = -0.00004;
  ck_assert_str_eq(ratio_sum_fmt(&t, 4, false).s, "0.0000");
}
END_TEST

Suite *tree_suite(void) {
  Suite *s = suite_create("tree");
  TCase *tc = tcase_create("check");
  tcase_set_timeout(tc, 60); /* generous: sanitizer builds, busy machines */
  tcase_add_test(tc, test_check_accepts_good_tree);
  tcase_add_test(tc, test_check_wrong_total);
  tcase_add_test(tc, test_check_wrong_n);
  tcase_add_test(tc, test_check_missing_answer);
  tcase_add_test(tc, test_check_pattern_order);
  tcase_add_test(tc, test_check_depth_limit);
  tcase_add_test(tc, test_check_bad_branches);
  tcase_add_test(tc, test_hash_and_summary);
  suite_add_tcase(s, tc);
  tc = tcase_create("io");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_write_instance_A);
  tcase_add_test(tc, test_write_instance_B);
  tcase_add_test(tc, test_write_instance_C);
  tcase_add_test(tc, test_write_perfect_split_with_win_line);
  tcase_add_test(tc, test_write_single_leaf);
  tcase_add_test(tc, test_format_of);
  tcase_add_test(tc, test_text_replays);
  tcase_add_test(tc, test_text_replay_reads_selby);
  tcase_add_test(tc, test_threads_byte_identical);
  tcase_add_test(tc, test_save_files);
  tcase_add_test(tc, test_outs_honest);
  tcase_add_test(tc, test_ratio_cases);
  tcase_add_test(tc, test_ratio_definition);
  tcase_add_test(tc, test_ratio_sum);
  suite_add_tcase(s, tc);
  return s;
}
