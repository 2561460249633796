/*
 * check_formats.c: the tree formats other solvers publish (path lines,
 * compressed path lines, map JSON and its ES module; treeread_public.h
 * and treeio.h).
 *
 * The fixtures in tests/fixtures/formats are written for the 12-answer
 * instance of tests/fixtures/trees: the valid tree in each format (what
 * the writers give, byte for byte), one file per reader error (u-*,
 * status 2) and one per verification failure (i-*, status 1).  Then:
 * detection by content, the depth cap, mutated inputs (never a crash,
 * always a status and a message naming the file), round trips of
 * optle's own trees (small, medium, the NYT SALET tree) through every
 * format, and a hard-mode check of Selby's published trees.  The other
 * solvers' published files carry no licence, so they are not in the
 * repository: make test-public (tests/public.sh) verifies them.
 */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "feedback.h"
#include "game.h"
#include "lists.h"
#include "search.h"
#include "suites.h"
#include "tree.h"
#include "treeio.h"
#include "treeread.h"
#include "util.h"
#include "verify.h"

#define FIX "tests/fixtures/formats/"
#define TINY "tests/fixtures/trees/"
#define SELBY "tests/fixtures/alex1770/"

static void tiny_game(game *g) {
  ck_assert_msg(game_load(g, TINY "answers.txt", TINY "guesses.txt") == 0, "%s", err_msg());
}

static char *memwrite(const tnode *t, const game *g, treefmt f) {
  memout m;
  memout_open(&m);
  ck_assert_msg(treeio_write(m.fp, f, t, g, 6) == 0, "%s", err_msg());
  return memout_close(&m);
}

static const treefmt all_formats[] = {TREEFMT_JSON,   TREEFMT_TEXT, TREEFMT_PATHS,
                                      TREEFMT_CPATHS, TREEFMT_MAP,  TREEFMT_MJS};
#define NFORMATS (int)(sizeof all_formats / sizeof *all_formats)

/* Verify a fixture; check the status and that the message has frag. */
static void expect_file(const char *name, int status, const char *frag) {
  game g;
  tiny_game(&g);
  char path[256];
  snprintf(path, sizeof path, FIX "%s", name);
  tnode *t = NULL;
  treeread_info info;
  int rc = verify_file(path, &g, 0, &t, &info);
  ck_assert_msg(rc == status, "%s: status %d, expected %d (%s)", name, rc, status,
                rc ? err_msg() : "valid");
  ck_assert_ptr_null(t);
  ck_assert_msg(strstr(err_msg(), frag) != NULL, "%s: message '%s' lacks '%s'", name, err_msg(),
                frag);
  ck_assert_msg(strncmp(err_msg(), path, strlen(path)) == 0,
                "%s: message '%s' does not start with the file name", name, err_msg());
  ck_assert_ptr_null(strchr(err_msg(), '\n'));
  treeread_info_free(&info);
  game_free(&g);
}

/* ------------------------------------------------------------------ */
/* Valid files                                                          */

static const struct {
  const char *file;
  treefmt f;
} valid_files[] = {{"valid.paths", TREEFMT_PATHS},
                   {"valid.cpaths", TREEFMT_CPATHS},
                   {"valid.map.json", TREEFMT_MAP},
                   {"valid.mjs", TREEFMT_MJS}};

/* Each reads as the tree of valid.txt, and each writer gives its file
 * back byte for byte. */
START_TEST(test_valid_fixtures) {
  game g;
  tiny_game(&g);
  tnode *t0;
  treeread_info i0;
  ck_assert_msg(verify_file(TINY "valid.txt", &g, 0, &t0, &i0) == 0, "%s", err_msg());
  for (size_t i = 0; i < sizeof valid_files / sizeof *valid_files; i++) {
    char path[256];
    snprintf(path, sizeof path, FIX "%s", valid_files[i].file);
    tnode *t;
    treeread_info info;
    ck_assert_msg(verify_file(path, &g, 0, &t, &info) == VERIFY_VALID, "%s: %s", path, err_msg());
    ck_assert_int_eq(info.format, valid_files[i].f);
    ck_assert_int_eq(t->total, 30);
    ck_assert_uint_eq(tree_hash(t), tree_hash(t0));
    ck_assert_ptr_nonnull(info.line_of);
    for (int a = 0; a < g.n_answers; a++) ck_assert_int_gt(info.line_of[a], 0);
    char *want = slurp(path), *got = memwrite(t0, &g, valid_files[i].f);
    ck_assert_ptr_nonnull(want);
    ck_assert_msg(!strcmp(want, got), "%s: the writer gives\n%s", path, got);
    free(want);
    free(got);
    tree_free(t);
    treeread_info_free(&info);
  }
  tree_free(t0);
  treeread_info_free(&i0);
  game_free(&g);
}
END_TEST

/* The extension picks the format; .map.json before .json. */
START_TEST(test_format_of) {
  ck_assert_int_eq(treeio_format_of("a.paths"), TREEFMT_PATHS);
  ck_assert_int_eq(treeio_format_of("out/a.cpaths"), TREEFMT_CPATHS);
  ck_assert_int_eq(treeio_format_of("a.map.json"), TREEFMT_MAP);
  ck_assert_int_eq(treeio_format_of("x.map/a.json"), TREEFMT_JSON);
  ck_assert_int_eq(treeio_format_of("a.mjs"), TREEFMT_MJS);
  ck_assert_int_eq(treeio_format_of("a.tree.js"), TREEFMT_MJS);
  ck_assert_int_eq(treeio_format_of("a.paths.bak"), TREEFMT_NONE);
  ck_assert_int_eq(treeio_format_of("paths"), TREEFMT_NONE);
  ck_assert_str_eq(treeread_format_name(TREEFMT_CPATHS), "compressed path lines");
  /* The pictures, written only. */
  ck_assert_int_eq(treeio_format_of("a.dot"), TREEFMT_DOT);
  ck_assert_int_eq(treeio_format_of("a.gv"), TREEFMT_DOT);
  ck_assert_int_eq(treeio_format_of("out/a.html"), TREEFMT_HTML);
  ck_assert_int_eq(treeio_format_of("a.htm"), TREEFMT_HTML);
  ck_assert_int_eq(treeio_format_of("a.map.json.html"), TREEFMT_HTML);
  ck_assert_int_eq(treeio_format_of(".map.json"), TREEFMT_JSON); /* no name before it */
  ck_assert_int_eq(treeio_format_of("a.svg"), TREEFMT_SVG);
  ck_assert_int_eq(treeio_format_of("a.png"), TREEFMT_PNG);
  ck_assert_int_eq(treeio_format_of("a.bmp"), TREEFMT_NONE);
}
END_TEST

/* --format's names: the table's, the aliases accepted, not offered. */
START_TEST(test_format_names) {
  const char *names[] = {"json", "text", "dot",    "svg", "png",
                         "html", "paths", "cpaths", "map", "mjs"};
  const treefmt f[] = {TREEFMT_JSON, TREEFMT_TEXT,  TREEFMT_DOT,    TREEFMT_SVG, TREEFMT_PNG,
                       TREEFMT_HTML, TREEFMT_PATHS, TREEFMT_CPATHS, TREEFMT_MAP, TREEFMT_MJS};
  for (int i = 0; i < 10; i++) {
    ck_assert_str_eq(treeio_format_name(i), names[i]);
    ck_assert_int_eq(treeio_format_named(names[i]), f[i]);
  }
  ck_assert_ptr_null(treeio_format_name(10));
  ck_assert_int_eq(treeio_format_named("txt"), TREEFMT_TEXT);
  ck_assert_int_eq(treeio_format_named("htm"), TREEFMT_HTML);
  ck_assert_int_eq(treeio_format_named("js"), TREEFMT_MJS);
  ck_assert_int_eq(treeio_format_named("bmp"), TREEFMT_NONE);
  ck_assert_int_eq(treeio_format_named(NULL), TREEFMT_NONE);
  ck_assert_str_eq(treeio_format_names(", "), "json, text, dot, svg, png, html, paths, cpaths, map or mjs");
  ck_assert_str_eq(treeio_format_names("|"), "json|text|dot|svg|png|html|paths|cpaths|map|mjs");
  ck_assert_str_eq(treeio_extensions(),
                   ".json, .txt, .dot, .gv, .svg, .png, .html, .htm, .paths, .cpaths, .map.json, .mjs or .js");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Reader errors: status 2, file:line: reason */

typedef struct {
  const char *file, *frag;
} fixture;

static const fixture unusable[] = {
    {"u-paths-non-word.paths", ":5: 'l1ght' is not a five-letter word"},
    {"u-paths-unknown-word.paths", ":5: 'zesty' is not in the guess list"},
    {"u-paths-bad-pattern.paths", ":5: '_y_q_' after 'clamp' is not a pattern"},
    {"u-paths-after-win.paths", ":3: the path goes on after ggggg ('night')"},
    {"u-paths-no-win.paths", ":5: the line does not end with the answer and ggggg"},
    {"u-paths-ends-pattern.paths", ":5: the line ends with a pattern, not with the answer"},
    {"u-paths-mixed-selby.paths", ":4: 'BBBYB1' is a pattern with a guess number, as in Selby's "
                                  "text format, but this file is path lines: mixed formats"},
    {"u-paths-mixed-compressed.paths", ":4: the line starts with a count, as compressed path "
                                       "lines do, but this file is full path lines: mixed"},
    {"u-paths-mixed-json.paths", ":6: JSON in a file of path lines: mixed formats"},
    {"u-paths-nul.paths", ":5: NUL byte 0x00 at column 15"},
    {"u-paths-non-ascii.paths", ":5: non-ASCII byte 0xc3 at column 14"},
    {"u-cpaths-shares-too-much.cpaths", ":4: the line shares 5 guesses with line 3, which has "
                                        "only 2"},
    {"u-cpaths-first-shares.cpaths", ":1: the first line shares 1 guess, but there is no line "
                                     "above"},
    {"u-cpaths-mixed.cpaths", ":5: a full path line in a file of compressed path lines"},
    {"u-cpaths-after-win.cpaths", ":4: the path goes on after ggggg ('light')"},
    {"u-cpaths-bad-count.cpaths", ":4: '1x' is not a count of shared guesses"},
    {"u-cpaths-ends-pattern.cpaths", ":4: the line ends with a pattern, not with the answer"},
    {"u-cpaths-non-word.cpaths", ":4: 'm1ght' is not a five-letter word"},
    {"u-cpaths-word-for-pattern.cpaths", ":4: 'might' after 'clamp' is not a pattern"},
    {"u-map-non-word.map.json", ":9: 'm1ght' is not a five-letter word (column 11)"},
    {"u-map-unknown-word.map.json", ":9: 'zesty' is not in the guess list"},
    {"u-map-bad-pattern.map.json", ":9: \"00030\" under 'clamp' is not a pattern (five of 0, 1, "
                                   "2) (column 2)"},
    {"u-map-truncated.map.json", ":19: expected a pattern key, found the end of the file"},
    {"u-map-trailing.map.json", ":23: 'c' after the tree's JSON object (one tree per file; mixed "
                                "formats?) (column 1)"},
    {"u-map-mixed-optle.map.json", ":9: key \"total\" belongs to optle's JSON, not to map JSON: "
                                   "mixed formats (column 30)"},
    {"u-map-no-guess.map.json", ":3: a node needs \"guess\""},
    {"u-map-no-map.map.json", ":3: a node needs \"map\""},
    {"u-map-empty-map.map.json", ":9: the map of 'might' is empty"},
    {"u-map-wrong-type.map.json", ":9: the value of \"00010\" under 'clamp' must be a word or a "
                                  "node, not a number (column 2)"},
    {"u-map-duplicate-guess.map.json", ":3: duplicate key \"guess\" in a node"},
    {"u-map-bad-escape.map.json", ":9: bad escape '\\g' in a string (column 14)"},
    {"u-mjs-no-default.mjs", ":1: expected 'default' after 'export'"},
    {"u-mjs-trailing.mjs", ":23: 'c' after the tree's JSON object"},
    {"u-mjs-not-object.mjs", ":1: the tree must be a JSON object, found an array (column 16)"},
};

START_TEST(test_unusable) { expect_file(unusable[_i].file, VERIFY_UNUSABLE, unusable[_i].frag); }
END_TEST

/* ------------------------------------------------------------------ */
/* Verification failures: status 1, as the other readers classify them */

static const fixture invalid[] = {
    {"i-paths-label.paths", ":1: answer 'sight': pattern _ggg_ after 'night' but "
                            "clamp/fight/night gives _gggg"},
    {"i-paths-missing.paths", ": answer 'patch' is missing: no line ends with it (its line would "
                              "start 'clamp y_y_y ...'"},
    {"i-paths-missing-win.paths", ": answer 'night' is missing: no line ends with it (it would be "
                                  "'clamp _____ fight _gggg night ggggg')"},
    {"i-paths-twice.paths", ":6: answer 'light' appears twice (lines 5 and 6)"},
    {"i-paths-not-answer.paths", ":13: 'plumb' ends a path, but it is not in the answer list"},
    {"i-paths-same-history.paths", ":2: after 'clamp _____' this line guesses 'light', but line 1 "
                                   "guesses 'fight'"},
    {"i-paths-first-guess.paths", ":12: answer 'latch': pattern yyy__ after 'plumb'"},
    {"i-cpaths-label.cpaths", ":4: answer 'might': pattern ____y after 'clamp' but clamp gives "
                              "___y_"},
    {"i-cpaths-twice.cpaths", ":3: answer 'night' appears twice (lines 2 and 3)"},
    {"i-cpaths-missing.cpaths", ": answer 'patch' is missing"},
    {"i-map-label.map.json", ":9: answer 'might': pattern 00011 after 'clamp' but clamp gives "
                             "00010 (column 2)"},
    {"i-map-missing.map.json", ": answer 'match' is missing: the map of 'clamp' has no key "
                               "\"10110\""},
    {"i-map-missing-win.map.json", ": answer 'fight' is missing: it reaches 'fight' after 'clamp "
                                   "00000', but that node's map has no \"22222\": \"fight\""},
    {"i-map-twice.map.json", ":10: pattern 00010 is listed twice under 'clamp' (lines 9 and 10"},
    {"i-map-win-subtree.map.json", ":5: the winning pattern is a subtree under 'night'"},
    {"i-map-win-other.map.json", ":2: answer 'light': pattern 00000 after 'clamp'"},
    {"i-map-not-answer.map.json", ":22: 'plumb' ends a path, but it is not in the answer list"},
    {"i-mjs-label.mjs", ":10: answer 'might': pattern 01000 after 'clamp' but clamp gives 00010"},
};

START_TEST(test_invalid) { expect_file(invalid[_i].file, VERIFY_INVALID, invalid[_i].frag); }
END_TEST

/* The guess limit names the answer's line in every new format. */
START_TEST(test_guess_limit) {
  game g;
  tiny_game(&g);
  const char *want[] = {"valid.paths:1: answer 'sight' needs 4 guesses",
                        "valid.cpaths:1: answer 'sight' needs 4 guesses",
                        "valid.map.json:4: answer 'sight' needs 4 guesses",
                        "valid.mjs:4: answer 'sight' needs 4 guesses"};
  for (size_t i = 0; i < sizeof valid_files / sizeof *valid_files; i++) {
    char path[256];
    snprintf(path, sizeof path, FIX "%s", valid_files[i].file);
    tnode *t;
    treeread_info info;
    ck_assert_int_eq(verify_file(path, &g, 4, &t, &info), VERIFY_VALID);
    tree_free(t);
    treeread_info_free(&info);
    ck_assert_int_eq(verify_file(path, &g, 3, &t, &info), VERIFY_INVALID);
    ck_assert_msg(strstr(err_msg(), want[i]) != NULL, "%s", err_msg());
    treeread_info_free(&info);
  }
  game_free(&g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Detection and limits                                                 */

static int read_mem(const game *g, const char *s, treefmt *f) {
  tnode *t = NULL;
  treeread_info info;
  int rc = verify_mem(s, strlen(s), "mem", g, 0, &t, &info);
  *f = info.format;
  tree_free(t);
  treeread_info_free(&info);
  return rc;
}

START_TEST(test_detect_by_content) {
  game g;
  tiny_game(&g);
  treefmt f;
  /* One answer, each format; blanks, CRLF and a byte order mark first. */
  const char *one[] = {"\xef\xbb\xbf\r\n  clamp y_yy_ match ggggg\r\n",
                       "\n0 clamp y_yy_ match\n",
                       "  {\"map\": {\"10110\": \"match\"}, \"guess\": \"clamp\", \"depth\": 1}",
                       "export default {\"guess\":\"clamp\",\"map\":{\"10110\":\"match\"}}",
                       "clamp Y.YY. match GGGGG\n",
                       ("{\"guess\": \"clamp\", \"ranking\": {\"counts\": [0, 1e3, -0.5, true, "
                        "null, \"x\\u0041\"]}, \"map\": {\"10110\": \"\\u006datch\"}}")};
  const treefmt want[] = {TREEFMT_PATHS, TREEFMT_CPATHS, TREEFMT_MAP,
                          TREEFMT_MJS,   TREEFMT_PATHS,  TREEFMT_MAP};
  for (size_t i = 0; i < sizeof one / sizeof *one; i++) {
    ck_assert_int_eq(read_mem(&g, one[i], &f), VERIFY_INVALID); /* the other answers are missing */
    ck_assert_msg(f == want[i], "%zu: format %d", i, (int)f);
    ck_assert_msg(strstr(err_msg(), "answer 'batch' is missing") != NULL, "%zu: %s", i,
                  err_msg());
  }
  /* Selby's text and optle's JSON are still theirs; a bare count is no tree. */
  ck_assert_int_eq(read_mem(&g, "clamp YBYYB1 match GGGGG2\n", &f), VERIFY_INVALID);
  ck_assert_int_eq(f, TREEFMT_TEXT);
  ck_assert_int_eq(read_mem(&g, "{\"tree\": {}, \"guess\": 1}", &f), VERIFY_UNUSABLE);
  ck_assert_int_eq(f, TREEFMT_JSON);
  ck_assert_int_eq(read_mem(&g, "7\n", &f), VERIFY_UNUSABLE);
  ck_assert_ptr_nonnull(strstr(err_msg(), "mem:1: not a tree file"));
  ck_assert_int_eq(read_mem(&g, "exporter", &f), VERIFY_UNUSABLE);
  ck_assert_int_eq(f, TREEFMT_TEXT);
  game_free(&g);
}
END_TEST

/* 64 guesses deep is read; 65 is not, in every new format. */
START_TEST(test_depth_cap) {
  game g;
  tiny_game(&g);
  char *buf = malloc(1 << 16);
  for (int depth = 64; depth <= 65; depth++)
    for (int k = 0; k < 3; k++) {
      size_t n = 0;
      if (k == 0) { /* clamp _____ clamp _____ ... sight ggggg */
        for (int d = 1; d < depth; d++) n += (size_t)sprintf(buf + n, "clamp _____ ");
        n += (size_t)sprintf(buf + n, "sight ggggg\n");
      } else if (k == 1) {
        n += (size_t)sprintf(buf + n, "0");
        for (int d = 1; d < depth; d++) n += (size_t)sprintf(buf + n, " clamp _____");
        n += (size_t)sprintf(buf + n, " sight\n");
      } else {
        for (int d = 1; d < depth; d++)
          n += (size_t)sprintf(buf + n, "{\"guess\": \"clamp\", \"map\": {\"00000\": ");
        n += (size_t)sprintf(buf + n, "\"sight\"");
        for (int d = 1; d < depth; d++) n += (size_t)sprintf(buf + n, "}}");
      }
      tnode *t;
      treeread_info info;
      int rc = treeread_mem(buf, n, "deep", &g, &t, &info);
      if (depth == 64) {
        ck_assert_msg(rc == TREEREAD_OK, "%d: %s", k, err_msg());
        tree_summary s;
        tree_summarize(t, &s);
        ck_assert_int_eq(s.most, 64);
        tree_free(t);
      } else {
        ck_assert_int_eq(rc, TREEREAD_UNUSABLE);
        ck_assert_msg(strstr(err_msg(), k < 2 ? "more than 64 guesses on one line"
                                              : "deeper than 64 guesses") != NULL,
                      "%d: %s", k, err_msg());
      }
      treeread_info_free(&info);
    }
  /* Nesting beside the nodes is capped too, before any recursion. */
  size_t n = (size_t)sprintf(buf, "{\"guess\": \"clamp\", \"x\": ");
  for (int d = 0; d < 1000; d++) buf[n++] = '[';
  tnode *t;
  treeread_info info;
  ck_assert_int_eq(treeread_mem(buf, n, "nest", &g, &t, &info), TREEREAD_UNUSABLE);
  ck_assert_msg(strstr(err_msg(), "nest:1: JSON nested more than") != NULL, "%s", err_msg());
  free(buf);
  game_free(&g);
}
END_TEST

/* Every fixture, mutated: a status of 0, 1 or 2, one line naming the
 * file, and (under the sanitizers) no bad access. */
START_TEST(test_mutations) {
  game g;
  tiny_game(&g);
  static const char *const files[] = {"valid.paths", "valid.cpaths", "valid.map.json",
                                      "valid.mjs"};
  static const char alphabet[] = " \n_yg012{}[]\":,;\\ufamilyclampsightGY5";
  uint64_t seed = 23;
  for (size_t k = 0; k < sizeof files / sizeof *files; k++) {
    char path[256];
    snprintf(path, sizeof path, FIX "%s", files[k]);
    char *orig = slurp(path);
    ck_assert_ptr_nonnull(orig);
    size_t len = strlen(orig);
    char *buf = malloc(len + 64);
    for (int round = 0; round < 1500; round++) {
      memcpy(buf, orig, len);
      size_t n = len;
      int edits = rng_range(&seed, 1, 4);
      for (int e = 0; e < edits; e++) {
        size_t at = (size_t)rng_range(&seed, 0, (int)n - 1);
        int what = rng_range(&seed, 0, 3);
        char c = alphabet[rng_range(&seed, 0, (int)sizeof alphabet - 2)];
        if (what == 0) {
          buf[at] = c;
        } else if (what == 1 && n > 1) { /* delete */
          memmove(buf + at, buf + at + 1, n - at - 1);
          n--;
        } else if (what == 2 && n < len + 60) { /* insert */
          memmove(buf + at + 1, buf + at, n - at);
          buf[at] = c;
          n++;
        } else {
          n = at + 1; /* truncate */
        }
      }
      tnode *t = NULL;
      treeread_info info;
      int rc = verify_mem(buf, n, "mut", &g, 0, &t, &info);
      ck_assert_msg(rc >= 0 && rc <= 2, "status %d", rc);
      ck_assert_msg((rc == 0) == (t != NULL), "status %d with tree %p", rc, (void *)t);
      if (rc) {
        ck_assert_msg(!strncmp(err_msg(), "mut", 3), "'%s'", err_msg());
        ck_assert_ptr_null(strchr(err_msg(), '\n'));
      } else {
        ck_assert_int_eq(t->n, 12);
      }
      tree_free(t);
      treeread_info_free(&info);
    }
    free(buf);
    free(orig);
  }
  game_free(&g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Round trips of optle's own trees                                     */

/* Through every format and back: the same tree hash; each writer's
 * output, read and written again, is identical. */
static void round_trip(const game *g, const tnode *t0) {
  uint64_t h = tree_hash(t0);
  for (int i = 0; i < NFORMATS; i++) {
    char *a = memwrite(t0, g, all_formats[i]);
    tnode *t1;
    treeread_info info;
    ck_assert_msg(verify_mem(a, strlen(a), "rt", g, 6, &t1, &info) == 0, "format %d: %s",
                  (int)all_formats[i], err_msg());
    ck_assert_int_eq(info.format, all_formats[i]);
    ck_assert_uint_eq(tree_hash(t1), h);
    char *b = memwrite(t1, g, all_formats[i]);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    tree_free(t1);
    treeread_info_free(&info);
  }
}

START_TEST(test_round_trips) {
  /* The NYT solve takes 20 s under AddressSanitizer: that tier round-trips
   * the two small trees (suites.h). */
  const char *names[] = {"small", "medium", "nyt-2022-02"};
  for (int k = 0; k < (TEST_ASAN ? 2 : 3); k++) {
    game g;
    ck_assert_int_eq(lists_load(&g, names[k], NULL), 0);
    search_opts o;
    search_opts_default(&o);
    o.threads = 1;
    search *s = search_new(&g, &o);
    uint16_t *all = malloc(sizeof *all * (size_t)g.n_answers);
    for (int i = 0; i < g.n_answers; i++) all[i] = (uint16_t)i;
    tnode *t = NULL;
    int first = k == 2 ? words_find(&g.guesses, "salet") : -1;
    int total = search_solve(s, all, g.n_answers, first, &t);
    ck_assert_ptr_nonnull(t);
    if (k == 2) ck_assert_int_eq(total, 7897);
    round_trip(&g, t);
    tree_free(t);
    free(all);
    search_free(s);
    game_free(&g);
  }
}
END_TEST

/* ------------------------------------------------------------------ */
/* Hard mode, checked on the test side (optle has no hard mode yet).    */

/* Is guess h legal in hard mode after guess w gave pattern p?  Greens
 * stay in place; every green or yellow letter of w is used again, as
 * many times as w's hints show it. */
static bool hard_legal(const char *h, const char *w, int p) {
  int need[26] = {0}, have[26] = {0};
  for (int i = 0; i < 5; i++, p /= 3) {
    if (p % 3 == 2 && h[i] != w[i]) return false;
    if (p % 3) need[w[i] - 'a']++;
    have[h[i] - 'a']++;
  }
  for (int c = 0; c < 26; c++)
    if (have[c] < need[c]) return false;
  return true;
}

/* The first node whose guess breaks the rule given its history; its
 * description in buf, or false when there is none. */
static bool hard_break(const tnode *t, const game *g, const int *hist, const int *pats, int d,
                       char *buf, size_t size) {
  int h[TREE_MAX_DEPTH + 1], p[TREE_MAX_DEPTH + 1];
  if (d > 0) {
    memcpy(h, hist, sizeof *h * (size_t)d);
    memcpy(p, pats, sizeof *p * (size_t)d);
  }
  const char *gw = g->guesses.w[t->guess];
  for (int j = 0; j < d; j++)
    if (!hard_legal(gw, g->guesses.w[h[j]], p[j])) {
      char ps[6];
      pattern_format(p[j], ps);
      snprintf(buf, size, "'%s' after '%s' %s", gw, g->guesses.w[h[j]], ps);
      return true;
    }
  h[d] = t->guess;
  for (int i = 0; i < t->nkids; i++) {
    p[d] = t->pat[i];
    if (hard_break(t->kid[i], g, h, p, d + 1, buf, size)) return true;
  }
  return false;
}

START_TEST(test_hard_rule) {
  /* The rule itself, on hand cases. */
  ck_assert(hard_legal("salty", "salet", pattern_parse("GGGBB")));
  ck_assert(!hard_legal("sauce", "salet", pattern_parse("GGGBB"))); /* L moved */
  ck_assert(hard_legal("least", "salet", pattern_parse("YYYYY")));
  ck_assert(hard_legal("cloud", "salet", pattern_parse("BBYBB")));
  ck_assert(!hard_legal("cloud", "salet", pattern_parse("BYYBB"))); /* L kept, A not */
  ck_assert(!hard_legal("steal", "eerie", pattern_parse("YYBBB"))); /* two Es needed */
  ck_assert(hard_legal("geese", "eerie", pattern_parse("YYBBG")));
}
END_TEST

START_TEST(test_hard_mode_trees) {
  /* Selby's hard-mode trees (tests/fixtures/alex1770, MIT) break no rule;
   * his normal-mode tree does.  The other public formats' hard-mode tree
   * is make test-public's (tests/public.sh). */
  game g;
  ck_assert_msg(lists_load(&g, "original", NULL) == 0, "%s", err_msg());
  const char *files[] = {SELBY "salet.hard.original.selby.tree",
                         SELBY "palet.hard5.original.selby.tree",
                         SELBY "salet.original.selby.tree"};
  const int totals[] = {8122, 8206, 7920};
  for (int i = 0; i < 3; i++) {
    tnode *t;
    treeread_info info;
    ck_assert_msg(verify_file(files[i], &g, 0, &t, &info) == 0, "%s: %s", files[i], err_msg());
    ck_assert_int_eq(t->total, totals[i]);
    char why[128] = "";
    bool broken = hard_break(t, &g, NULL, NULL, 0, why, sizeof why);
    if (i < 2) ck_assert_msg(!broken, "%s breaks hard mode: %s", files[i], why);
    else ck_assert_msg(broken, "%s keeps to hard mode everywhere", files[i]);
    tree_free(t);
    treeread_info_free(&info);
  }
  game_free(&g);
}
END_TEST

Suite *formats_suite(void) {
  Suite *s = suite_create("formats");
  TCase *tc = tcase_create("read");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_valid_fixtures);
  tcase_add_test(tc, test_format_of);
  tcase_add_test(tc, test_format_names);
  tcase_add_loop_test(tc, test_unusable, 0, (int)(sizeof unusable / sizeof *unusable));
  tcase_add_loop_test(tc, test_invalid, 0, (int)(sizeof invalid / sizeof *invalid));
  tcase_add_test(tc, test_guess_limit);
  tcase_add_test(tc, test_detect_by_content);
  tcase_add_test(tc, test_depth_cap);
  tcase_add_test(tc, test_mutations);
  suite_add_tcase(s, tc);
  tc = tcase_create("trees");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_round_trips);
  tcase_add_test(tc, test_hard_rule);
  tcase_add_test(tc, test_hard_mode_trees);
  suite_add_tcase(s, tc);
  return s;
}
