/*
 * check_html.c: the tree explorer page (treehtml.h).
 *
 * The page's data is read back with jansson and compared with the tree
 * node by node (word, win, every branch's pattern), for the 12-answer
 * fixture tree and Selby's published SALET tree (7920, original lists;
 * tests/fixtures/alex1770).  The page is
 * self-contained (no URL, no src or href attribute), its template holds
 * the data marker once, a hostile list path can neither close the data's
 * script element nor get lost, and a malformed tree is refused.  What
 * the page does with the data is tests/cli_html.sh's (in Chromium).
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feedback.h"
#include "game.h"
#include "lists.h"
#include "suites.h"
#include "tree.h"
#include "treehtml.h"
#include "util.h"
#include "verify.h"

static int cmp5(const void *a, const void *b) { return memcmp(a, b, 5); }

#define FIX "tests/fixtures/trees/"
#define SELBY "tests/fixtures/alex1770/"

static int count(const char *s, const char *sub) {
  int n = 0;
  for (const char *p = s; (p = strstr(p, sub)); p++) n++;
  return n;
}

/* The page of t, written to memory, as m describes it. */
static char *page_meta(const tnode *t, const game *g, const treehtml_meta *m) {
  memout o;
  memout_open(&o);
  ck_assert_msg(treehtml_write(o.fp, t, g, m) == 0, "%s", err_msg());
  return memout_close(&o);
}

/* The page of a proven tree t, with guess limit 6. */
static char *page_of(const tnode *t, const game *g, const char *source) {
  treehtml_meta m = {RULES_NORMAL, OBJ_TOTAL, 6, source, false, -1};
  return page_meta(t, g, &m);
}

/* The page's data object, parsed. */
static json_t *data_of(const char *page) {
  const char *open = "id=\"optle-data\">";
  const char *at = strstr(page, open);
  ck_assert_ptr_nonnull(at);
  at += strlen(open);
  const char *end = strstr(at, "</script>");
  ck_assert_ptr_nonnull(end);
  json_error_t e;
  json_t *d = json_loadb(at, (size_t)(end - at), 0, &e);
  ck_assert_msg(d != NULL, "the data does not parse: line %d: %s", e.line, e.text);
  return d;
}

/* Is NODE (the data's) the tree t, all the way down?  Counts answers. */
static void same_tree(const json_t *x, const tnode *t, const char *words, const game *g,
                      int depth, long *answers, long *total) {
  const char *w = g->guesses.w[t->guess];
  if (json_is_integer(x)) {
    ck_assert_int_eq(t->nkids, 0);
    ck_assert_msg(!strncmp(words + 5 * json_integer_value(x), w, 5), "leaf %s", w);
    *answers += 1;
    *total += depth + 1;
    return;
  }
  ck_assert(json_is_array(x));
  ck_assert_int_eq(json_array_size(x), 2 + 2 * (size_t)t->nkids);
  ck_assert_msg(!strncmp(words + 5 * json_integer_value(json_array_get(x, 0)), w, 5), "node %s", w);
  int below = 0;
  for (int i = 0; i < t->nkids; i++) below += t->kid[i]->n;
  long win = json_integer_value(json_array_get(x, 1));
  ck_assert_int_eq(win, t->n > below);
  *answers += win;
  *total += win * (depth + 1);
  for (int i = 0; i < t->nkids; i++) {
    ck_assert_int_eq(json_integer_value(json_array_get(x, 2 + 2 * (size_t)i)), t->pat[i]);
    same_tree(json_array_get(x, 3 + 2 * (size_t)i), t->kid[i], words, g, depth + 1, answers,
              total);
  }
}

/* The checks every page must pass. */
static void check_page(const char *page, const tnode *t, const game *g) {
  ck_assert_msg(!strncmp(page, "<!DOCTYPE html>", 15), "%.40s", page);
  ck_assert_int_eq(count(page, "@OPTLE-DATA@"), 0);
  /* Self-contained: nothing names a thing to load. */
  ck_assert_int_eq(count(page, "http://") + count(page, "https://"), 0);
  ck_assert_int_eq(count(page, " src=") + count(page, " href=") + count(page, "<link"), 0);
  /* One data script and one program; the #path element of the contract. */
  ck_assert_int_eq(count(page, "<script"), 2);
  ck_assert_int_eq(count(page, "</script>"), 2);
  ck_assert_int_eq(count(page, "<nav id=\"path\" aria-label=\"the current path\" data-path=\"\">"), 1);

  json_t *d = data_of(page);
  ck_assert_str_eq(json_string_value(json_object_get(d, "format")), "optle-explorer 1");
  ck_assert_int_eq(json_integer_value(json_object_get(d, "answers")), g->n_answers);
  ck_assert_int_eq(json_integer_value(json_object_get(d, "guesses")), g->n_guesses);
  ck_assert_int_eq(json_integer_value(json_object_get(d, "total")), t->total);
  ck_assert_str_eq(json_string_value(json_object_get(d, "rules")), "normal");
  ck_assert_str_eq(json_string_value(json_object_get(d, "objective")), "total");
  const char *words = json_string_value(json_object_get(d, "words"));
  ck_assert_ptr_nonnull(words);
  ck_assert_int_eq(strlen(words) % 5, 0);
  size_t nw = strlen(words) / 5;
  for (size_t i = 0; i < nw; i++) {
    char w[6] = {0};
    memcpy(w, words + 5 * i, 5);
    ck_assert_msg(words_find(&g->guesses, w) >= 0, "'%s' is no guess", w);
  }
  /* No word twice: sorted, then neighbours (all pairs was 10^8 compares
   * on a big list, past the timeout on a loaded machine). */
  char *sorted = malloc(nw * 5 + 1);
  memcpy(sorted, words, nw * 5);
  qsort(sorted, nw, 5, cmp5);
  for (size_t i = 1; i < nw; i++)
    ck_assert_msg(memcmp(sorted + 5 * (i - 1), sorted + 5 * i, 5), "'%.5s' twice", sorted + 5 * i);
  free(sorted);
  long answers = 0, total = 0;
  same_tree(json_object_get(d, "tree"), t, words, g, 0, &answers, &total);
  ck_assert_int_eq(answers, g->n_answers);
  ck_assert_int_eq(total, t->total);
  json_decref(d);
}

static void load_tree(const char *path, game *g, tnode **t) {
  treeread_info info;
  ck_assert_msg(verify_file(path, g, 0, t, &info) == 0, "%s", err_msg());
  treeread_info_free(&info);
}

/* ------------------------------------------------------------------ */

START_TEST(test_fixture_page) {
  game g;
  ck_assert_msg(game_load(&g, FIX "answers.txt", FIX "guesses.txt") == 0, "%s", err_msg());
  tnode *t;
  load_tree(FIX "valid.txt", &g, &t);
  char *page = page_of(t, &g, FIX "valid.txt");
  check_page(page, t, &g);
  json_t *d = data_of(page);
  ck_assert(json_is_null(json_object_get(d, "list")));
  ck_assert_str_eq(json_string_value(json_object_get(d, "answers_file")), FIX "answers.txt");
  ck_assert_str_eq(json_string_value(json_object_get(d, "source")), FIX "valid.txt");
  ck_assert_int_eq(json_integer_value(json_object_get(d, "max_guesses")), 6);
  json_decref(d);
  /* The same tree, the same page. */
  char *again = page_of(t, &g, FIX "valid.txt");
  ck_assert_str_eq(page, again);
  free(again);
  free(page);
  tree_free(t);
  game_free(&g);
}
END_TEST

/* A stopped solve's best tree: the data says "proven": false, with the
 * lower bound when there is one; a proven tree's says neither. */
START_TEST(test_unproven_page) {
  game g;
  ck_assert_msg(game_load(&g, FIX "answers.txt", FIX "guesses.txt") == 0, "%s", err_msg());
  tnode *t;
  load_tree(FIX "valid.txt", &g, &t);
  char *page = page_of(t, &g, NULL);
  json_t *d = data_of(page);
  ck_assert_ptr_null(json_object_get(d, "proven"));
  ck_assert_ptr_null(json_object_get(d, "lower_bound"));
  json_decref(d);
  free(page);
  const int bounds[] = {28, -1};
  for (int i = 0; i < 2; i++) {
    treehtml_meta m = {RULES_NORMAL, OBJ_TOTAL, 6, NULL, true, bounds[i]};
    page = page_meta(t, &g, &m);
    check_page(page, t, &g);
    d = data_of(page);
    ck_assert(json_is_false(json_object_get(d, "proven")));
    if (bounds[i] >= 0)
      ck_assert_int_eq(json_integer_value(json_object_get(d, "lower_bound")), bounds[i]);
    else
      ck_assert_ptr_null(json_object_get(d, "lower_bound"));
    json_decref(d);
    free(page);
  }
  tree_free(t);
  game_free(&g);
}
END_TEST

START_TEST(test_published_page) {
  game g;
  ck_assert_msg(lists_load(&g, "original", NULL) == 0, "%s", err_msg());
  tnode *t;
  load_tree(SELBY "salet.original.selby.tree", &g, &t);
  ck_assert_int_eq(t->total, 7920);
  char *page = page_of(t, &g, NULL);
  check_page(page, t, &g);
  /* Well under a few MB: the data is word indices and pattern codes. */
  ck_assert_msg(strlen(page) < 200000, "%zu bytes", strlen(page));
  json_t *d = data_of(page);
  ck_assert_str_eq(json_string_value(json_object_get(d, "list")), "original");
  ck_assert(json_is_null(json_object_get(d, "source")));
  json_decref(d);
  free(page);
  tree_free(t);
  game_free(&g);
}
END_TEST

/* A list path with everything a page must not paste raw: the end of a
 * script, a comment's start, quotes, control bytes, bytes that are not
 * UTF-8 (0xff; a lone continuation byte) and a real UTF-8 letter. */
START_TEST(test_hostile_names) {
  game g;
  ck_assert_msg(game_load(&g, FIX "answers.txt", FIX "guesses.txt") == 0, "%s", err_msg());
  tnode *t;
  load_tree(FIX "valid.txt", &g, &t);
  free(g.answers.path);
  /* \xff\x80\x80: a lead byte past 0xF4 with two continuation bytes,
   * once passed through raw (invalid UTF-8 in the page). */
  g.answers.path = xstrdup("a</script><script>alert(1)</script><!--'\"\\\n\t\x01\xff\x80\xc3\xa9"
                           "\xff\x80\x80.txt");
  char *page = page_of(t, &g, "</SCRIPT >&amp;");
  check_page(page, t, &g);
  ck_assert_int_eq(count(page, "alert(1)</script>"), 0);
  ck_assert_int_eq(count(page, "<!--'"), 0);
  ck_assert_int_eq(count(page, "</SCRIPT"), 0);
  json_t *d = data_of(page);
  ck_assert_str_eq(json_string_value(json_object_get(d, "answers_file")),
                   "a</script><script>alert(1)</script><!--'\"\\\n\t\x01"
                   "\xef\xbf\xbd\xef\xbf\xbd\xc3\xa9\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd.txt");
  ck_assert_str_eq(json_string_value(json_object_get(d, "source")), "</SCRIPT >&amp;");
  json_decref(d);
  free(page);
  tree_free(t);
  game_free(&g);
}
END_TEST

START_TEST(test_template) {
  size_t len;
  const char *tpl = treehtml_template(&len);
  ck_assert_uint_gt(len, 1000);
  char *s = strndup(tpl, len);
  ck_assert_int_eq(count(s, "@OPTLE-DATA@"), 1);
  ck_assert_int_eq(strlen(s), len); /* no NUL inside */
  free(s);
}
END_TEST

START_TEST(test_malformed_tree) {
  game g;
  ck_assert_msg(game_load(&g, FIX "answers.txt", FIX "guesses.txt") == 0, "%s", err_msg());
  treehtml_meta m = {RULES_NORMAL, OBJ_TOTAL, 0, NULL, false, -1};
  memout o;
  memout_open(&o);
  tnode *t = tree_node_new(g.n_guesses, 1, 1, 0); /* no such guess */
  ck_assert_int_eq(treehtml_write(o.fp, t, &g, &m), -1);
  ck_assert_msg(strstr(err_msg(), "not in the guess list"), "%s", err_msg());
  tree_free(t);
  t = tree_node_new(0, 3, 2, 1);
  t->kid[0] = tree_node_new(1, 1, 1, 0);
  t->pat[0] = PATTERN_WIN; /* the win as a branch */
  ck_assert_int_eq(treehtml_write(o.fp, t, &g, &m), -1);
  ck_assert_msg(strstr(err_msg(), "malformed child"), "%s", err_msg());
  ck_assert_int_eq(treehtml_write(o.fp, NULL, &g, &m), -1);
  tree_free(t);
  free(memout_close(&o));
  game_free(&g);
}
END_TEST

Suite *html_suite(void) {
  Suite *s = suite_create("html");
  TCase *tc = tcase_create("page");
  tcase_set_timeout(tc, 30);
  tcase_add_test(tc, test_fixture_page);
  tcase_add_test(tc, test_unproven_page);
  tcase_add_test(tc, test_published_page);
  tcase_add_test(tc, test_hostile_names);
  tcase_add_test(tc, test_template);
  tcase_add_test(tc, test_malformed_tree);
  suite_add_tcase(s, tc);
  return s;
}
