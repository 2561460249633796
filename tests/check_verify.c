/*
 * check_verify.c: the tree readers (treeread.h), the whole-tree checks
 * (verify.h) and the DOT writer (dot.h).
 *
 * The fixtures in tests/fixtures/trees are written for a tiny instance
 * (answers.txt: 12 words, guesses.txt: those and plumb, clamp; its
 * optimal tree, valid.txt / valid.json, is 4 guesses deep, starts with a
 * guess that is no answer and has inner nodes whose guess can win).
 * Every reader error (status 2) and every verification failure (status
 * 1) has its own fixture, each run as one iteration of a loop test that
 * checks the status and a fragment of the message.  Then: round trips
 * through both writers, the published Selby tree, the guess limit, the
 * size and depth caps, the report and the DOT output.
 */
#include <check.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dot.h"
#include "feedback.h"
#include "game.h"
#include "lists.h"
#include "search.h"
#include "strategy.h"
#include "suites.h"
#include "tree.h"
#include "treeio.h"
#include "treeread.h"
#include "util.h"
#include "verify.h"
#include "version.h"

#define FIX "tests/fixtures/trees/"

/* ------------------------------------------------------------------ */
/* Helpers */

static void tiny_game(game *g) {
  ck_assert_msg(game_load(g, FIX "answers.txt", FIX "guesses.txt") == 0, "%s", err_msg());
}

/* Verify a fixture; check the status and that the message has frag. */
static void expect_file(const char *name, int max_guesses, int status, const char *frag) {
  game g;
  tiny_game(&g);
  char path[256];
  snprintf(path, sizeof path, FIX "%s", name);
  tnode *t = NULL;
  treeread_info info;
  int rc = verify_file(path, &g, max_guesses, &t, &info);
  ck_assert_msg(rc == status, "%s: status %d, expected %d (%s)", name, rc, status,
                rc ? err_msg() : "valid");
  if (status) {
    ck_assert_ptr_null(t);
    ck_assert_msg(strstr(err_msg(), frag) != NULL, "%s: message '%s' lacks '%s'", name,
                  err_msg(), frag);
    ck_assert_msg(strncmp(err_msg(), path, strlen(path)) == 0,
                  "%s: message '%s' does not start with the file name", name, err_msg());
  } else {
    ck_assert_ptr_nonnull(t);
  }
  tree_free(t);
  treeread_info_free(&info);
  game_free(&g);
}

static char *memwrite(const tnode *t, const game *g, int how, int arg) {
  memout m;
  memout_open(&m);
  int rc = how == 0 ? treeio_write_text(m.fp, t, g)
           : how == 1 ? treeio_write_json(m.fp, t, g, arg)
                      : dot_write(m.fp, t, g, arg);
  ck_assert_msg(rc == 0, "%s", err_msg());
  return memout_close(&m);
}

typedef struct {
  const char *file, *frag;
} fixture;

/* ------------------------------------------------------------------ */
/* Valid files */

static const char *const valid_files[] = {"valid.txt",           "valid.json",
                                          "valid-full.txt",      "valid-reordered.txt",
                                          "valid-spellings.json", "valid-recorded.json",
                                          "valid-unrecorded.json", "wrong-hash.json",
                                          "valid-versioned.json"};

START_TEST(test_valid_fixtures) {
  game g;
  tiny_game(&g);
  uint64_t h0 = 0;
  for (size_t i = 0; i < sizeof valid_files / sizeof *valid_files; i++) {
    char path[256];
    snprintf(path, sizeof path, FIX "%s", valid_files[i]);
    tnode *t;
    treeread_info info;
    int rc = verify_file(path, &g, 0, &t, &info);
    ck_assert_msg(rc == VERIFY_VALID, "%s: %s", path, err_msg());
    ck_assert_int_eq(info.format, strstr(path, ".json") ? TREEFMT_JSON : TREEFMT_TEXT);
    ck_assert_int_eq(t->total, 30);
    ck_assert_int_eq(t->n, 12);
    ck_assert_str_eq(g.guesses.w[t->guess], "clamp");
    if (i == 0) h0 = tree_hash(t);
    ck_assert_msg(tree_hash(t) == h0, "%s reads as another tree", path);
    if (info.format == TREEFMT_TEXT) {
      ck_assert_ptr_nonnull(info.line_of);
      ck_assert_int_gt(info.line_of[0], 0);
    } else {
      ck_assert_int_eq(info.max_guesses, 6);
      ck_assert_int_eq(info.guesses, 14);
    }
    tree_free(t);
    treeread_info_free(&info);
  }
  game_free(&g);
}
END_TEST

/* The readers fill the tree as tree.h defines it: n, total, sorted kids. */
START_TEST(test_tree_shape) {
  game g;
  tiny_game(&g);
  tnode *t;
  treeread_info info;
  ck_assert_int_eq(verify_file(FIX "valid-reordered.txt", &g, 0, &t, &info), 0);
  ck_assert_int_eq(t->nkids, 8);
  for (int i = 1; i < t->nkids; i++) ck_assert_int_lt(pattern_cmp(t->pat[i - 1], t->pat[i]), 0);
  const tnode *fight = t->kid[0]; /* BBBBB */
  ck_assert_str_eq(g.guesses.w[fight->guess], "fight");
  ck_assert_int_eq(fight->n, 3);
  ck_assert_int_eq(fight->total, 6);
  tree_summary s;
  tree_summarize(t, &s);
  ck_assert_int_eq(s.most, 4);
  ck_assert_int_eq(s.dist[2], 8);
  ck_assert_int_eq(s.dist[4], 2);
  tree_free(t);
  treeread_info_free(&info);
  game_free(&g);
}
END_TEST

/* What a tree records about its lists: JSON's "list" and "lists_hash",
 * read with the tree and alone (treeread_lists(), before any lists are
 * loaded), and written by the JSON writer; and "optle_version", the
 * optle that wrote it (absent from trees written before it). */
START_TEST(test_recorded_lists) {
  game g;
  tiny_game(&g);
  char hex[WORDS_HASH_HEX];
  words_hash_hex(g.lists_hash, hex);
  ck_assert_str_eq(hex, "ebf05342bd49ca66"); /* tests/fixtures/trees/valid-recorded.json */
  static const struct {
    const char *file, *list;
    int format;
    bool has;
    uint64_t hash;
  } cases[] = {
      {"valid-recorded.json", "tiny-fixture", TREEFMT_JSON, true, 0xebf05342bd49ca66ull},
      {"wrong-hash.json", "", TREEFMT_JSON, true, 0x73bf96122ff9b3d2ull},
      {"valid.json", "", TREEFMT_JSON, true, 0xebf05342bd49ca66ull},
      {"valid-unrecorded.json", "", TREEFMT_JSON, false, 0},
      {"valid.txt", "", TREEFMT_TEXT, false, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char path[256];
    snprintf(path, sizeof path, FIX "%s", cases[i].file);
    char *data;
    size_t len;
    ck_assert_int_eq(treeread_file(path, &data, &len), 0);
    treeread_info rec;
    ck_assert_msg(treeread_lists(data, len, path, 0, &rec) == 0, "%s: %s", path, err_msg());
    ck_assert_int_eq(rec.format, cases[i].format);
    ck_assert_str_eq(rec.list, cases[i].list);
    ck_assert_int_eq(rec.has_lists_hash, cases[i].has);
    ck_assert(rec.lists_hash == cases[i].hash);
    if (cases[i].format == TREEFMT_JSON) { /* the reader agrees */
      tnode *t;
      treeread_info info;
      ck_assert_int_eq(treeread_mem(data, len, path, &g, &t, &info), TREEREAD_OK);
      ck_assert_str_eq(info.list, cases[i].list);
      ck_assert_int_eq(info.has_lists_hash, cases[i].has);
      ck_assert(info.lists_hash == cases[i].hash);
      ck_assert_str_eq(info.version, ""); /* written before "optle_version" */
      tree_free(t);
      treeread_info_free(&info);
    }
    free(data);
  }
  /* A tree from an optle that records its version. */
  {
    tnode *t;
    treeread_info info;
    ck_assert_int_eq(treeread_load(FIX "valid-versioned.json", &g, &t, &info), TREEREAD_OK);
    ck_assert_str_eq(info.version, "0.9.0 (commit 1d4f5cf)");
    tree_free(t);
    treeread_info_free(&info);
  }
  /* Malformed JSON and malformed fields, and a file in no tree format or
   * an empty one (read once as recording nothing, so the library's
   * optle_game_for_tree() gave it the default lists): the reader's own
   * message, before any lists are loaded. */
  static const char *const bad[] = {"j-truncated.json", "j-list-type.json", "j-list-name.json",
                                    "j-lists-hash.json", "j-deep.json", "j-duplicate-key.json",
                                    "t-junk.bin",       "t-empty.txt",      "t-blank.txt"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    char path[256], want[1024];
    snprintf(path, sizeof path, FIX "%s", bad[i]);
    char *data;
    size_t len;
    ck_assert_int_eq(treeread_file(path, &data, &len), 0);
    tnode *t;
    treeread_info rec, info;
    ck_assert_int_eq(treeread_mem(data, len, path, &g, &t, &info), TREEREAD_UNUSABLE);
    snprintf(want, sizeof want, "%s", err_msg());
    ck_assert_int_eq(treeread_lists(data, len, path, 0, &rec), -1);
    ck_assert_str_eq(err_msg(), want);
    treeread_info_free(&info);
    free(data);
  }
  /* A missing file. */
  char *data;
  size_t len;
  ck_assert_int_eq(treeread_file(FIX "no-such-file.json", &data, &len), -1);
  ck_assert_ptr_nonnull(strstr(err_msg(), "cannot open"));
  game_free(&g);

  /* Written: a named list records its name and hash, lists from files
   * their files (resolved) and the hash; both read back. */
  char *small_abs = realpath("wordlists/small.txt", NULL);
  ck_assert_ptr_nonnull(small_abs);
  for (int named = 0; named < 2; named++) {
    if (named) ck_assert_int_eq(lists_load(&g, "small", NULL), 0);
    else ck_assert_int_eq(game_load(&g, "wordlists/small.txt", NULL), 0);
    search_opts so;
    strategy_search_opts(&so);
    so.threads = 1;
    search *s = strategy_search_new(&g, &so);
    uint16_t *all = malloc(sizeof *all * (size_t)g.n_answers);
    for (int a = 0; a < g.n_answers; a++) all[a] = (uint16_t)a;
    tnode *t = NULL;
    ck_assert_int_eq(search_solve(s, all, g.n_answers, -1, &t), 120);
    char *j = memwrite(t, &g, 1, 6);
    char head[4200];
    if (named)
      snprintf(head, sizeof head, "{\"list\": \"small\", \"lists_hash\": \"a769d96ef27b0abc\", "
                                  "\"answers\": 50,");
    else
      snprintf(head, sizeof head, "{\"answers_file\": \"%s\", \"lists_hash\": "
                                  "\"a769d96ef27b0abc\", \"answers\": 50,", small_abs);
    ck_assert_msg(!strncmp(j, head, strlen(head)), "got %.100s", j);
    tnode *back;
    treeread_info info;
    ck_assert_int_eq(verify_mem(j, strlen(j), "mem", &g, 6, &back, &info), VERIFY_VALID);
    ck_assert_str_eq(info.list, named ? "small" : "");
    ck_assert_str_eq(info.answers_file, named ? "" : small_abs);
    ck_assert_str_eq(info.guesses_file, "");
    ck_assert(info.has_lists_hash && info.lists_hash == g.lists_hash);
    ck_assert_str_eq(info.version, version_full()); /* which optle wrote it */
    tree_free(back);
    treeread_info_free(&info);
    free(j);
    tree_free(t);
    free(all);
    search_free(s);
    game_free(&g);
  }
  free(small_abs);
}
END_TEST

/* The tree of t over g as JSON, then what treeread_lists() and the
 * reader make of it (both must agree): the files recorded. */
static void files_written(const tnode *t, const game *g, const char *answers, const char *guesses) {
  char *j = memwrite(t, g, 1, 6);
  treeread_info rec, info;
  ck_assert_msg(treeread_lists(j, strlen(j), "mem", 0, &rec) == 0, "%s", err_msg());
  tnode *back;
  ck_assert_int_eq(verify_mem(j, strlen(j), "mem", g, 6, &back, &info), VERIFY_VALID);
  ck_assert_str_eq(rec.answers_file, answers);
  ck_assert_str_eq(rec.guesses_file, guesses);
  ck_assert_str_eq(info.answers_file, answers);
  ck_assert_str_eq(info.guesses_file, guesses);
  ck_assert_str_eq(info.list, "");
  tree_free(back);
  treeread_info_free(&info);
  free(j);
}

/* Bad values of the list file keys, put first in valid.json's header:
 * the key, and the message's fragment. */
static const struct {
  const char *keys, *frag;
} bad_files[] = {
    {"\"answers_file\": 5, ", "mem:1: top level: \"answers_file\" must be a string, not an integer"},
    {"\"answers_file\": null, ", "mem:1: top level: \"answers_file\" must be a string, not null"},
    {"\"answers_file\": \"/a\\u0001b.txt\", ",
     "mem:1: top level: \"answers_file\" is '/a\\x01b.txt' (8 bytes), not a list file's path"},
    {"\"answers_file\": \"/a\\nb\", ", "not a list file's path"},
    {"\"answers_file\": \"/a\\u007fb\", ", "not a list file's path"},
    {"\"answers_file\": \"rel/a.txt\", ", "\"answers_file\" is 'rel/a.txt' (9 bytes), not a list"},
    {"\"answers_file\": \"\", ", "\"answers_file\" is '' (0 bytes)"},
    {NULL, "(5001 bytes), not a list file's path (an absolute path of 1 to 4096 bytes"},
    {"\"answers_file\": \"/a.txt\", \"guesses_file\": [], ",
     "mem:1: top level: \"guesses_file\" must be a string, not an array"},
    {"\"guesses_file\": \"/g.txt\", ",
     "mem:1: top level: \"guesses_file\" without \"answers_file\""},
    {"\"list\": \"small\", \"answers_file\": \"/a.txt\", ",
     "mem:1: top level: \"answers_file\" beside \"list\": a tree records a named list or list "
     "files, not both"},
    {"\n\n\"answers_file\":\n 7, ", "mem:3: top level: \"answers_file\" must be a string"},
    {"\"optle_version\": \"answers_file\",\n\"answers_file\" : 7, ",
     "mem:2: top level: \"answers_file\" must be a string"},
    {"\"answers\\u005ffile\": 7, ", "mem: top level: \"answers_file\" must be a string"},
};

/* JSON trees of lists from files record the files, absolute (both, or
 * the answers alone when they are the guesses too); a named list with
 * its own --guesses records neither.  Bad values of the keys are refused
 * with the file, the key's line and the reason, by treeread_lists() and
 * the reader alike. */
START_TEST(test_recorded_files) {
  game g;
  char *a = realpath(FIX "answers.txt", NULL), *q = realpath(FIX "guesses.txt", NULL);
  ck_assert(a && q);
  ck_assert_int_eq(game_load_words(&g, FIX "answers.txt", FIX "guesses.txt"), 0);
  tnode *t;
  treeread_info info;
  ck_assert_int_eq(treeread_load(FIX "valid.json", &g, &t, &info), TREEREAD_OK);
  treeread_info_free(&info);
  files_written(t, &g, a, q);
  game_free(&g);
  ck_assert_int_eq(lists_load_words(&g, "small", "wordlists/small.txt"), 0);
  ck_assert(!g.answers_file && g.guesses_file && !g.list);
  game_free(&g);

  ck_assert_int_eq(game_load_words(&g, FIX "answers.txt", FIX "guesses.txt"), 0);
  char *long_key = malloc(5100);
  char *lp = malloc(5002);
  lp[0] = '/';
  memset(lp + 1, 'a', 5000);
  lp[5001] = '\0';
  snprintf(long_key, 5100, "\"answers_file\": \"%s\", ", lp);
  char *data;
  size_t len;
  ck_assert_int_eq(treeread_file(FIX "valid.json", &data, &len), 0);
  for (size_t i = 0; i < sizeof bad_files / sizeof *bad_files; i++) {
    const char *keys = bad_files[i].keys ? bad_files[i].keys : long_key;
    size_t k = strlen(keys);
    char *j = malloc(len + k + 1);
    j[0] = '{';
    memcpy(j + 1, keys, k);
    memcpy(j + 1 + k, data + 1, len - 1);
    j[len + k] = '\0';
    treeread_info rec;
    tnode *back;
    const char *frag = bad_files[i].frag;
    ck_assert_int_eq(treeread_lists(j, len + k, "mem", 0, &rec), -1);
    ck_assert_msg(strstr(err_msg(), frag), "%zu: '%s' lacks '%s'", i, err_msg(), frag);
    ck_assert_int_eq(treeread_mem(j, len + k, "mem", &g, &back, &info), TREEREAD_UNUSABLE);
    ck_assert_msg(strstr(err_msg(), frag), "%zu: '%s' lacks '%s'", i, err_msg(), frag);
    treeread_info_free(&info);
    free(j);
  }
  free(data);
  free(lp);
  free(long_key);
  free(a);
  free(q);
  tree_free(t);
  game_free(&g);
}
END_TEST

/* Bad top-level fields, each an edit of valid.json: every message names
 * the key's line, as the list keys' do. */
static const struct {
  const char *from, *to, *frag;
} bad_top[] = {
    {", \"rules\": \"normal\"", ",\n\"rules\": \"easy\"",
     "mem:2: top level: \"rules\" must be \"normal\", \"hard\", \"hard-gray\" or \"ultrahard\", "
     "not 'easy'"},
    {", \"objective\": \"total\"", ",\n\n\"objective\": 3",
     "mem:3: top level: \"objective\" must be \"total\" or \"worst\", not an integer"},
    {", \"answers\": 12", ",\n\"answers\": 0",
     "mem:2: top level: \"answers\" is 0, out of range (1 to 65535)"},
    {", \"max_guesses\": 6", ",\n\"max_guesses\": \"6\"",
     "mem:2: top level: \"max_guesses\" must be an integer, not a string"},
    {", \"average\": 2.5000", ",\n\"average\": -1",
     "mem:2: top level: \"average\" must be a number from 0 to 1000000"},
    {"{\"lists_hash\"", "{\"proven\": 1,\n\"lists_hash\"",
     "mem:1: top level: \"proven\" must be true or false, not an integer"},
    {"{\"lists_hash\"", "{\"proven\": true,\n\n\"lower_bound\": 5, \"lists_hash\"",
     "mem:3: top level: \"lower_bound\" belongs to a tree not proven optimal"},
    {"{\"lists_hash\"", "{\"proven\": false,\n\"lower_bound\": -2, \"lists_hash\"",
     "mem:2: top level: \"lower_bound\" is -2, out of range (0 to"},
    {"{\"lists_hash\"", "{\n\"colour\": 1, \"lists_hash\"",
     "mem:2: unknown top-level key \"colour\""},
    {"{\"lists_hash\"", "{\"optle_version\":\n 3, \"lists_hash\"",
     "mem:1: top level: \"optle_version\" must be a string, not an integer"},
};

START_TEST(test_bad_top_lines) {
  game g;
  ck_assert_int_eq(game_load_words(&g, FIX "answers.txt", FIX "guesses.txt"), 0);
  char *data;
  size_t len;
  ck_assert_int_eq(treeread_file(FIX "valid.json", &data, &len), 0);
  for (size_t i = 0; i < sizeof bad_top / sizeof *bad_top; i++) {
    const char *at = strstr(data, bad_top[i].from);
    ck_assert_msg(at, "%zu: valid.json lacks '%s'", i, bad_top[i].from);
    size_t head = (size_t)(at - data), from = strlen(bad_top[i].from), to = strlen(bad_top[i].to);
    size_t n = len - from + to;
    char *j = malloc(n + 1);
    memcpy(j, data, head);
    memcpy(j + head, bad_top[i].to, to);
    memcpy(j + head + to, at + from, len - head - from);
    j[n] = '\0';
    tnode *back;
    treeread_info info;
    ck_assert_int_eq(treeread_mem(j, n, "mem", &g, &back, &info), TREEREAD_UNUSABLE);
    ck_assert_msg(strstr(err_msg(), bad_top[i].frag), "%zu: '%s' lacks '%s'", i, err_msg(),
                  bad_top[i].frag);
    treeread_info_free(&info);
    free(j);
  }
  free(data);
  game_free(&g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Reader errors: status 2 */

static const fixture unusable[] = {
    {"t-indent.txt", ":4: indent of 7 spaces does not land on a token boundary of line 3"},
    {"t-indent-first.txt", ":1: the first line is indented"},
    {"t-bad-word.txt", ":5: 'l1ght' is not a five-letter word"},
    {"t-unknown-word.txt", ":5: 'zesty' is not in the guess list"},
    {"t-bad-pattern.txt", ":5: 'BYQBB1' after 'clamp' is not a pattern and guess number"},
    {"t-no-win.txt", ":5: the line does not end with the answer and GGGGGk"},
    {"t-win-midline.txt", ":5: 'GGGGG2' ends the game, but the line goes on"},
    {"t-nul.txt", ":5: NUL byte 0x00 at column 16"},
    {"t-non-ascii.txt", ":5: non-ASCII byte 0xc3 at column 15"},
    {"t-tab.txt", ":5: tab at column 13"},
    {"t-long-line.txt", ":5: line too long (more than 4096 bytes)"},
    {"t-too-deep.txt", ":1: more than 64 guesses on one line"},
    {"t-empty.txt", ": empty file: no tree"},
    {"t-blank.txt", ": empty file: no tree"},
    {"t-junk.bin", ":1: not a tree file: neither JSON"},
    {"j-truncated.json", ":9: premature end of input"},
    {"j-duplicate-key.json", ":1: duplicate object key"},
    {"j-wrong-type.json", ": .tree.next.BBBYB: \"total\" must be an integer, not a string"},
    {"j-huge-number.json", ":8: too big integer"},
    {"j-out-of-range.json", "\"total\" is 12345678901, out of range"},
    {"j-unknown-key.json", ": .tree.next.BBBYB: unknown key \"note\" in a node"},
    {"j-missing-key.json", ": .tree.next.BBBYB: a node needs \"total\""},
    {"j-missing-top-key.json", ": missing top-level key \"max_guesses\""},
    {"j-unknown-word.json", ": .tree.next.BBBYB: 'zesty' is not in the guess list"},
    {"j-bad-word.json", ": .tree.next.BBBYB: 'mig' is not a five-letter word"},
    {"j-bad-pattern.json", ": .tree.next: \"BBBQB\" is not a pattern"},
    {"j-empty-next.json", ": .tree.next.BBBYB: \"next\" has 0 branches"},
    {"j-not-object.json", ": .tree: a node must be an object, not an array"},
    {"j-trailing.json", ":20: end of file expected"},
    {"j-deep.json", ":1: JSON nested more than 130 levels deep"},
    {"j-list-type.json", ":1: top level: \"list\" must be a string, not an integer"},
    {"j-list-name.json", ":1: top level: \"list\" is 'NYT 2022', not a list name"},
    {"j-lists-hash.json",
     ":1: top level: \"lists_hash\" is '73BF96122FF9B3D2', not 16 lowercase hex digits"},
    {"j-version-type.json", ":1: top level: \"optle_version\" must be a string, not an integer"},
    {"j-version-text.json",
     ":1: top level: \"optle_version\" is '0.9.0\\x1b[2J', not a version (1 to 64 printable ASCII"},
    {"no-such-file.txt", ": cannot open: No such file or directory"},
};

START_TEST(test_unusable) {
  expect_file(unusable[_i].file, 0, VERIFY_UNUSABLE, unusable[_i].frag);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Verification failures: status 1 */

static const fixture invalid[] = {
    {"v-label.txt", ":1: answer 'sight': pattern BGGGY after 'night' but clamp/fight/night gives "
                    "BGGGG"},
    {"v-same-prefix.txt", ":2: after 'clamp BBBBB' this line guesses 'light', but line 1 "
                          "guesses 'fight'"},
    {"v-first-guess.txt", ":12: the first guess is 'plumb', but line 1 starts with 'clamp'"},
    {"v-pattern-twice.txt", ":12: pattern BBBBB under 'clamp' is listed twice (lines 1 and 12)"},
    {"v-extra.txt", ":13: the line ends with 'plumb', which is not in the answer list"},
    {"v-duplicate.txt", ":6: answer 'light' appears twice (lines 5 and 6)"},
    {"v-missing.txt", ": answer 'match' is missing: no line ends with it (its line would start "
                      "'clamp YBYYB1 ...'"},
    {"v-missing-last.txt", ": answer 'sight' is missing: no line ends with it (its line would "
                           "start 'clamp BBBBB1 fight BGGGG2 night BGGGG3 ...', and no line does)"},
    {"v-missing-win.txt", ": answer 'night' is missing: no line ends with it (it would be 'clamp "
                          "BBBBB1 fight BGGGG2 night GGGGG3')"},
    {"v-guess-number.txt", ":4: 'GGGGG3' says guess 3, but 'might' is guess 2"},
    {"v-label.json", ": .tree.next.YBYBG: answer 'patch': pattern YBYBG after 'clamp' but clamp "
                     "gives YBYBY"},
    {"v-total.json", ": .tree.next.BBBBB: \"total\" is 7, but its branches add up to 2 answers "
                     "and 3 guesses, and 'fight' is an answer that ends here: it should be 6"},
    {"v-leaf-total.json", ": .tree.next.BBBYB: leaf 'might' has total 2"},
    {"v-win-branch.json", ": .tree.next.GGGGG: the winning pattern is a branch under 'clamp'"},
    {"v-pattern-twice.json", ": .tree.next.yyybb: pattern yyybb is listed twice under 'clamp'"},
    {"v-extra.json", ": .tree.next.BBBYB.next.BBBBB: leaf 'plumb' is not in the answer list"},
    {"v-missing.json", ": answer 'match' is missing: at .tree, 'clamp' has no branch YBYYB"},
    {"v-missing-last.json", ": answer 'sight' is missing: at .tree.next.BBBBB.next.BGGGG, 'night' "
                            "has no branch BGGGG for it"},
    {"v-not-answer.json", ": .tree: \"total\" counts 'clamp' as an answer that ends here, but it "
                          "is not in the answer list"},
    {"v-header-total.json", ": top-level \"total\" is 31, but the tree's total is 30"},
    {"v-header-answers.json", ": top-level \"answers\" is 13, but the tree has 12 answers"},
    {"v-header-average.json", ": top-level \"average\" is 2.5001, but 30 / 12 = 2.5000"},
    {"v-header-guesses.json", ": top-level \"guesses\" is 15, but the guess list"},
};

START_TEST(test_invalid) { expect_file(invalid[_i].file, 0, VERIFY_INVALID, invalid[_i].frag); }
END_TEST

/* The last answer of the list (sight) dropped: the message is exactly
 * the missing answer's, whole, not a later check's.  A loop over the
 * answers that stopped one short would let the tree through to
 * tree_check(), which refuses it with another message. */
START_TEST(test_last_answer_missing) {
  static const char *const files[] = {"v-missing-last.txt", "v-missing-last.json"};
  static const char *const want[] = {
      FIX "v-missing-last.txt: answer 'sight' is missing: no line ends with it (its line would "
          "start 'clamp BBBBB1 fight BGGGG2 night BGGGG3 ...', and no line does)",
      FIX "v-missing-last.json: answer 'sight' is missing: at .tree.next.BBBBB.next.BGGGG, "
          "'night' has no branch BGGGG for it"};
  for (int i = 0; i < 2; i++) {
    game g;
    tiny_game(&g);
    ck_assert_str_eq(g.answers.w[g.n_answers - 1], "sight");
    char path[256];
    snprintf(path, sizeof path, FIX "%s", files[i]);
    tnode *t = NULL;
    treeread_info info;
    ck_assert_int_eq(verify_file(path, &g, 0, &t, &info), VERIFY_INVALID);
    ck_assert_str_eq(err_msg(), want[i]);
    ck_assert_ptr_null(t);
    treeread_info_free(&info);
    game_free(&g);
  }
}
END_TEST

/* The guess limit: only when asked, with the answer's line or path. */
START_TEST(test_guess_limit) {
  expect_file("valid.txt", 4, VERIFY_VALID, "");
  expect_file("valid.txt", 0, VERIFY_VALID, "");
  expect_file("valid.txt", 3, VERIFY_INVALID,
              "valid.txt:1: answer 'sight' needs 4 guesses, more than --max-guesses 3");
  expect_file("valid.json", 3, VERIFY_INVALID,
              ": .tree.next.BBBBB.next.BGGGG.next.BGGGG: answer 'sight' needs 4 guesses");
  expect_file("valid.txt", 1, VERIFY_INVALID, "valid.txt:3: answer 'fight' needs 2 guesses");
}
END_TEST

/* A tree for other lists: its words are unknown (2), or its answers are
 * missing (1). */
START_TEST(test_other_lists) {
  game g;
  ck_assert_int_eq(lists_load(&g, "small", NULL), 0);
  tnode *t;
  treeread_info info;
  ck_assert_int_eq(verify_file(FIX "valid.txt", &g, 0, &t, &info), VERIFY_UNUSABLE);
  ck_assert_ptr_nonnull(strstr(err_msg(), "valid.txt:1: 'clamp' is not in the guess list"));
  treeread_info_free(&info);
  game_free(&g);
  /* Fewer answers than the tree: the extra ones are named. */
  const char *few[] = {"batch", "catch", "hatch", "latch", "match", "patch", "watch",
                       "fight", "light", "might", "night", "plumb", "clamp", "sight"};
  wordlist a, q;
  ck_assert_int_eq(words_from_array(few, 11, &a), 0);
  ck_assert_int_eq(words_from_array(few, 14, &q), 0);
  ck_assert_int_eq(game_from_lists(&g, a, q), 0);
  ck_assert_int_eq(verify_file(FIX "valid.txt", &g, 0, &t, &info), VERIFY_INVALID);
  ck_assert_msg(strstr(err_msg(), "valid.txt:1: the line ends with 'sight', which is not in the "
                                  "answer list") != NULL,
                "%s", err_msg());
  treeread_info_free(&info);
  game_free(&g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Round trips and real trees */

/* Solve a named list, write JSON; JSON -> text -> JSON is byte-identical
 * and both read back as the same tree. */
START_TEST(test_round_trip) {
  const char *names[] = {"small", "medium"};
  for (int k = 0; k < 2; k++) {
    game g;
    ck_assert_int_eq(lists_load(&g, names[k], NULL), 0);
    search_opts o;
    strategy_search_opts(&o);
    o.threads = 1;
    o.memo_mb = 16;
    search *s = search_new(&g, &o);
    uint16_t *all = malloc(sizeof *all * (size_t)g.n_answers);
    for (int i = 0; i < g.n_answers; i++) all[i] = (uint16_t)i;
    tnode *t0 = NULL;
    int total = search_solve(s, all, g.n_answers, -1, &t0);
    ck_assert_int_eq(t0->total, total);
    char *json = memwrite(t0, &g, 1, 6);
    tnode *t1, *t2;
    treeread_info i1, i2;
    ck_assert_msg(verify_mem(json, strlen(json), "a.json", &g, 6, &t1, &i1) == 0, "%s",
                  err_msg());
    char *text = memwrite(t1, &g, 0, 0);
    ck_assert_msg(verify_mem(text, strlen(text), "a.txt", &g, 6, &t2, &i2) == 0, "%s",
                  err_msg());
    ck_assert_int_eq(i2.format, TREEFMT_TEXT);
    char *json2 = memwrite(t2, &g, 1, 6);
    ck_assert_str_eq(json, json2);
    char *text2 = memwrite(t2, &g, 0, 0);
    ck_assert_str_eq(text, text2);
    ck_assert_uint_eq(tree_hash(t0), tree_hash(t1));
    ck_assert_uint_eq(tree_hash(t0), tree_hash(t2));
    free(json);
    free(json2);
    free(text);
    free(text2);
    tree_free(t0);
    tree_free(t1);
    tree_free(t2);
    treeread_info_free(&i1);
    treeread_info_free(&i2);
    free(all);
    search_free(s);
    game_free(&g);
  }
}
END_TEST

/* The published tree verifies at 7920, and optle's text writer gives
 * back Selby's file byte for byte. */
START_TEST(test_selby_tree) {
  const char *tree = "tests/fixtures/alex1770/salet.original.selby.tree";
  const char *ans = "wordlists/original-answers.txt";
  const char *gue = "wordlists/original-guesses.txt";
  game g;
  ck_assert_int_eq(game_load(&g, ans, gue), 0);
  tnode *t;
  treeread_info info;
  ck_assert_msg(verify_file(tree, &g, 6, &t, &info) == 0, "%s", err_msg());
  ck_assert_int_eq(info.format, TREEFMT_TEXT);
  ck_assert_int_eq(t->total, 7920);
  ck_assert_int_eq(t->n, 2315);
  tree_summary s;
  tree_summarize(t, &s);
  ck_assert_int_eq(s.most, 5);
  char *orig = slurp(tree), *mine = memwrite(t, &g, 0, 0);
  ck_assert_msg(orig != NULL, "cannot open %s", tree);
  ck_assert_msg(!strcmp(orig, mine), "the text writer does not give Selby's file back");
  free(orig);
  free(mine);
  tree_free(t);
  treeread_info_free(&info);
  game_free(&g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Caps */

START_TEST(test_size_cap) {
  char path[] = "/tmp/optle-verify-big-XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(ftruncate(fd, (off_t)TREEREAD_MAX_BYTES + 1), 0); /* sparse */
  close(fd);
  game g;
  tiny_game(&g);
  tnode *t;
  treeread_info info;
  ck_assert_int_eq(treeread_load(path, &g, &t, &info), TREEREAD_UNUSABLE);
  ck_assert_msg(strstr(err_msg(), "MiB is more than the 256 MiB a tree file may have") != NULL,
                "%s", err_msg());
  unlink(path);
  /* A directory. */
  ck_assert_int_eq(treeread_load("tests", &g, &t, &info), TREEREAD_UNUSABLE);
  ck_assert_ptr_nonnull(strstr(err_msg(), "tests: is a directory"));
  game_free(&g);
}
END_TEST

/* 64 guesses deep is read; 65 is not, in either format. */
START_TEST(test_depth_cap) {
  game g;
  tiny_game(&g);
  char *buf = malloc(1 << 16);
  for (int depth = 64; depth <= 65; depth++) {
    /* JSON: clamp BBBBB clamp BBBBB ... sight (not a valid tree). */
    size_t n = (size_t)sprintf(buf, "{\"answers\": 1, \"guesses\": 14, \"max_guesses\": 0, "
                                    "\"total\": 1, \"average\": 1, \"tree\": ");
    for (int d = 1; d < depth; d++)
      n += (size_t)sprintf(buf + n, "{\"guess\": \"clamp\", \"total\": 1, \"next\": {\"BBBBB\": ");
    n += (size_t)sprintf(buf + n, "{\"guess\": \"sight\", \"total\": 1}");
    for (int d = 1; d < depth; d++) n += (size_t)sprintf(buf + n, "}}");
    n += (size_t)sprintf(buf + n, "}\n");
    tnode *t;
    treeread_info info;
    int rc = treeread_mem(buf, n, "deep.json", &g, &t, &info);
    if (depth == 64) {
      ck_assert_msg(rc == TREEREAD_INVALID, "%d: %s", rc, err_msg()); /* totals are wrong */
    } else {
      ck_assert_int_eq(rc, TREEREAD_UNUSABLE);
      ck_assert_msg(strstr(err_msg(), "deeper than 64 guesses") != NULL, "%s", err_msg());
    }
    /* Text: the same path as one line. */
    n = 0;
    for (int d = 1; d < depth; d++) n += (size_t)sprintf(buf + n, "clamp BBBBB%d ", d);
    n += (size_t)sprintf(buf + n, "sight GGGGG%d\n", depth);
    rc = treeread_mem(buf, n, "deep.txt", &g, &t, &info);
    if (depth == 64) {
      ck_assert_msg(rc == TREEREAD_OK, "%s", err_msg()); /* valid as a file; sight ends */
      tree_summary s;
      tree_summarize(t, &s);
      ck_assert_int_eq(s.most, 64);
      tree_free(t);
      treeread_info_free(&info);
    } else {
      ck_assert_int_eq(rc, TREEREAD_UNUSABLE);
      ck_assert_msg(strstr(err_msg(), "more than 64 guesses on one line") != NULL, "%s",
                    err_msg());
    }
  }
  free(buf);
  game_free(&g);
}
END_TEST

/* Formats come from content: a text tree named .json and JSON named
 * .txt read fine; CRLF, a byte order mark and leading blank lines too. */
START_TEST(test_detect_by_content) {
  game g;
  tiny_game(&g);
  char *text = slurp(FIX "valid.txt"), *json = slurp(FIX "valid.json");
  ck_assert_msg(text && json, "cannot open the valid fixtures");
  tnode *t;
  treeread_info info;
  ck_assert_int_eq(verify_mem(text, strlen(text), "tree.json", &g, 0, &t, &info), 0);
  ck_assert_int_eq(info.format, TREEFMT_TEXT);
  tree_free(t);
  treeread_info_free(&info);
  ck_assert_int_eq(verify_mem(json, strlen(json), "tree.txt", &g, 0, &t, &info), 0);
  ck_assert_int_eq(info.format, TREEFMT_JSON);
  tree_free(t);
  treeread_info_free(&info);
  char *b = malloc(strlen(json) + 16);
  sprintf(b, "\xef\xbb\xbf\n\n  %s", json);
  ck_assert_msg(verify_mem(b, strlen(b), "bom.json", &g, 0, &t, &info) == 0, "%s", err_msg());
  tree_free(t);
  treeread_info_free(&info);
  /* '[' and a digit are neither format. */
  ck_assert_int_eq(verify_mem("[1]", 3, "x", &g, 0, &t, &info), VERIFY_UNUSABLE);
  ck_assert_ptr_nonnull(strstr(err_msg(), "x:1: not a tree file"));
  ck_assert_int_eq(verify_mem("\n\n7", 3, "x", &g, 0, &t, &info), VERIFY_UNUSABLE);
  ck_assert_ptr_nonnull(strstr(err_msg(), "x:3: not a tree file"));
  free(b);
  free(text);
  free(json);
  game_free(&g);
}
END_TEST

/* verify_tree on a tree from elsewhere (no file info): JSON-style paths. */
START_TEST(test_verify_tree_direct) {
  game g;
  tiny_game(&g);
  tnode *t;
  treeread_info info;
  ck_assert_int_eq(verify_file(FIX "valid.json", &g, 0, &t, &info), 0);
  ck_assert_int_eq(verify_tree(t, &g, 0, NULL, "mem"), VERIFY_VALID);
  ck_assert_int_eq(verify_tree(t, &g, 3, NULL, "mem"), VERIFY_INVALID);
  ck_assert_ptr_nonnull(strstr(err_msg(), "mem: .tree.next.BBBBB.next.BGGGG.next.BGGGG: answer"));
  /* Drop the match leaf (YBYYB): missing, found by the walk. */
  tnode *keep = t->kid[6];
  ck_assert_int_eq(t->pat[6], pattern_parse("YBYYB"));
  t->kid[6] = t->kid[7];
  t->pat[6] = t->pat[7];
  t->nkids = 7;
  t->n -= 1;
  t->total -= 2;
  ck_assert_int_eq(verify_tree(t, &g, 0, NULL, "mem"), VERIFY_INVALID);
  ck_assert_ptr_nonnull(strstr(err_msg(), "mem: answer 'match' is missing: at .tree, 'clamp' "
                                          "has no branch YBYYB for it"));
  tree_free(keep);
  ck_assert_int_eq(verify_tree(NULL, &g, 0, NULL, "mem"), VERIFY_UNUSABLE);
  tree_free(t);
  treeread_info_free(&info);
  game_free(&g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Report and DOT */

START_TEST(test_report) {
  game g;
  tiny_game(&g);
  tnode *t;
  treeread_info info;
  ck_assert_int_eq(verify_file(FIX "valid.json", &g, 4, &t, &info), 0);
  memout m;
  memout_open(&m);
  verify_report(m.fp, "valid.json", t, &g, &info, 4);
  char *r = memout_close(&m);
  const char *want[] = {"format        JSON\n",
                        "first guess   clamp\n",
                        "total         30\n",
                        "average       2.5000\n",
                        "most guesses  4\n",
                        "distribution  1:0 2:8 3:2 4:2\n",
                        "worst         2 answers take 4 guesses:\n",
                        "              sight  clamp fight night sight\n",
                        "              watch  clamp batch hatch watch\n",
                        "guess limit   4: every answer within it\n",
                        "file's limit  6 (\"max_guesses\"",
                        "recorded      lists hash ebf05342bd49ca66 (these lists')\n"};
  for (size_t i = 0; i < sizeof want / sizeof *want; i++)
    ck_assert_msg(strstr(r, want[i]) != NULL, "report lacks '%s':\n%s", want[i], r);
  free(r);
  tree_free(t);
  treeread_info_free(&info);
  game_free(&g);
}
END_TEST

static int count(const char *s, const char *sub) {
  int n = 0;
  for (const char *p = s; (p = strstr(p, sub)); p++) n++;
  return n;
}

START_TEST(test_dot) {
  game g;
  tiny_game(&g);
  tnode *t;
  treeread_info info;
  ck_assert_int_eq(verify_file(FIX "valid.txt", &g, 0, &t, &info), 0);
  char *d = memwrite(t, &g, 2, 0);
  ck_assert_msg(!strncmp(d, "digraph optle {\n", 16), "%s", d);
  ck_assert_int_eq(d[strlen(d) - 2], '}');
  /* 13 nodes: 8 leaves, 4 inner nodes that can win, clamp; 12 edges. */
  ck_assert_int_eq(count(d, "label=<<table"), 12);
  ck_assert_int_eq(count(d, " -> "), 12);
  ck_assert_ptr_nonnull(strstr(d, "<b>CLAMP</b><br/><font point-size=\"9\">12 answers, avg 2.50"));
  ck_assert_ptr_nonnull(strstr(d, "[label=\"SIGHT\", style=filled, fillcolor=\"#6aaa64\""));
  /* fight can win (it is an answer); clamp cannot. */
  ck_assert_ptr_nonnull(strstr(d, "<b>FIGHT</b><br/><font point-size=\"9\">3 answers, avg "
                                  "2.00</font>>, color=\"#6aaa64\", penwidth=2.5"));
  ck_assert_ptr_nonnull(strstr(d, "avg 2.50</font>>];"));
  /* The edge clamp -> catch is GBYBB: C green, L gray, A yellow. */
  ck_assert_ptr_nonnull(strstr(d, "<td bgcolor=\"#6aaa64\" width=\"13\"><font color=\"white\">"
                                  "<b>C</b></font></td><td bgcolor=\"#787c7e\" width=\"13\">"
                                  "<font color=\"white\"><b>L</b></font></td><td bgcolor="
                                  "\"#c9b458\""));
  ck_assert_int_eq(count(d, "\xe2\x80\xa6"), 0);
  free(d);
  /* --depth 1: clamp and one summary node. */
  d = memwrite(t, &g, 2, 1);
  ck_assert_int_eq(count(d, " -> "), 1);
  ck_assert_ptr_nonnull(strstr(d, "\xe2\x80\xa6 12 answers, avg 1.50"));
  ck_assert_ptr_nonnull(strstr(d, "label=\"8 branches\""));
  free(d);
  /* --depth 2: fight and batch summarise their 2 answers (night, sight). */
  d = memwrite(t, &g, 2, 2);
  ck_assert_int_eq(count(d, "\xe2\x80\xa6 2 answers, avg 1.50"), 2);
  free(d);
  tree_free(t);
  treeread_info_free(&info);
  game_free(&g);
}
END_TEST

Suite *verify_suite(void) {
  Suite *s = suite_create("verify");
  TCase *tc = tcase_create("read");
  tcase_add_test(tc, test_valid_fixtures);
  tcase_add_test(tc, test_recorded_lists);
  tcase_add_test(tc, test_recorded_files);
  tcase_add_test(tc, test_bad_top_lines);
  tcase_add_test(tc, test_tree_shape);
  tcase_add_loop_test(tc, test_unusable, 0, (int)(sizeof unusable / sizeof *unusable));
  tcase_add_loop_test(tc, test_invalid, 0, (int)(sizeof invalid / sizeof *invalid));
  tcase_add_test(tc, test_last_answer_missing);
  tcase_add_test(tc, test_guess_limit);
  tcase_add_test(tc, test_other_lists);
  tcase_add_test(tc, test_size_cap);
  tcase_add_test(tc, test_depth_cap);
  tcase_add_test(tc, test_detect_by_content);
  tcase_add_test(tc, test_verify_tree_direct);
  suite_add_tcase(s, tc);
  tc = tcase_create("write");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_round_trip);
  tcase_add_test(tc, test_selby_tree);
  tcase_add_test(tc, test_report);
  tcase_add_test(tc, test_dot);
  suite_add_tcase(s, tc);
  return s;
}
