/*
 * check_share.c: the share text (share.h) and the patterns players write
 * (feedback.h pattern_read()): good texts read to the right patterns and
 * header, and many bad ones refused, each with its line and column in
 * characters, never a character cut in the message.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "feedback.h"
#include "share.h"
#include "suites.h"
#include "utf8.h"

/* A pattern from B/Y/G letters, by its definition (feedback.h): position
 * i has weight 3^i, gray 0, yellow 1, green 2. */
static int code_of(const char *bygs) {
  int code = 0, w = 1;
  for (int i = 0; i < 5; i++, w *= 3) code += w * (bygs[i] == 'G' ? 2 : bygs[i] == 'Y' ? 1 : 0);
  return code;
}

START_TEST(test_pattern_read) {
  static const struct {
    const char *s, *want;
    unsigned schemes;
  } ok[] = {
      {"BYBBG", "BYBBG", 0},
      {"⬛🟨⬛⬛🟩", "BYBBG", PATTERN_SQUARES},
      {"⬜🟨⬜⬜🟩", "BYBBG", PATTERN_SQUARES},
      {"⬛️🟨️⬛️⬛️🟩️", "BYBBG", PATTERN_SQUARES}, /* variation selectors */
      {"⬛🟦⬛⬛🟧", "BYBBG", PATTERN_CONTRAST}, /* blue yellow, orange green */
      {"🟧🟧🟧🟧🟧", "GGGGG", PATTERN_CONTRAST},
      {"⬛⬛⬛⬛⬛", "BBBBB", 0},
      {"2⬛y🟦x", "GBYYB", PATTERN_CONTRAST},
  };
  for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
    pattern_text pt;
    int code = pattern_read(ok[i].s, strlen(ok[i].s), &pt);
    ck_assert_msg(code == code_of(ok[i].want), "'%s': %d (%s)", ok[i].s, code,
                  code < 0 ? err_msg() : "");
    ck_assert_int_eq(pt.chars, 5);
    ck_assert_uint_eq(pt.schemes, ok[i].schemes);
  }
  /* Every pattern, written in squares, reads back. */
  static const char *const sq[3] = {"⬛", "🟨", "🟩"}, *const hc[3] = {"⬜", "🟦", "🟧"};
  for (int c = 0; c < PATTERN_COUNT; c++) {
    char a[64] = "", b[64] = "";
    for (int i = 0, v = c; i < 5; i++, v /= 3) strcat(a, sq[v % 3]), strcat(b, hc[v % 3]);
    pattern_text pt;
    ck_assert_int_eq(pattern_read(a, strlen(a), &pt), c);
    ck_assert_int_eq(pattern_read(b, strlen(b), &pt), c);
  }
}
END_TEST

START_TEST(test_pattern_read_bad) {
  static const struct {
    const char *s;
    int col;
    const char *reason;
  } bad[] = {
      {"", 0, "0 colours"},
      {"BYBB", 0, "4 colours"},
      {"⬛🟨⬛⬛", 0, "4 colours"},
      {"BYBBGG", 6, "one colour too many"},
      {"⬛🟨⬛⬛🟩🟩", 6, "one colour too many"},
      {"⬛🟨⬛⬛🟥", 5, "'🟥' is not a colour"},
      {"🟥🟨⬛⬛🟩", 1, "'🟥' is not a colour"},
      {"⬛️🟨️⬛️🟥⬛", 4, "'🟥' is not a colour"},
      {"⬛🟨🟧⬛🟩", 3, "mix the two colour schemes"},
      {"🟦🟨⬛⬛🟩", 2, "mix the two colour schemes: 🟨 🟩, and 🟦 🟧 of high contrast (column 1"},
      {"BY BG", 3, "' ' is not a colour"},
      {"BYZBG", 3, "'Z' is not a colour"},
      {"⬛🟨\xf0\x9f\x9f⬛", 3, "'\\xf0' is not a colour"}, /* a cut character */
      {"\xff🟨⬛⬛🟩", 1, "'\\xff' is not a colour"},
      {"⬛\x01⬛⬛🟩", 2, "'\\x01' is not a colour"},
      {"\xef\xb8\x8f⬛⬛⬛⬛", 1, "is not a colour"}, /* a selector with no square */
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    pattern_text pt;
    ck_assert_msg(pattern_read(bad[i].s, strlen(bad[i].s), &pt) == -1, "'%s' read", bad[i].s);
    ck_assert_msg(pt.col == bad[i].col, "'%s': column %d, expected %d", bad[i].s, pt.col,
                  bad[i].col);
    ck_assert_msg(strstr(err_msg(), bad[i].reason), "'%s': '%s' lacks '%s'", bad[i].s, err_msg(),
                  bad[i].reason);
    ck_assert_msg(ref_utf8_whole(err_msg()), "'%s': message cuts a character: %s", bad[i].s,
                  err_msg());
  }
}
END_TEST

/* Read a share text; 0 or -1. */
static int parse(const char *text, share_grid *g) { return share_parse(text, strlen(text), "t", g); }

START_TEST(test_share_good) {
  share_grid g;
  ck_assert_msg(!parse("Wordle 1,234 3/6*\n\n⬛🟨⬛⬛🟩\n⬛🟩🟩🟩🟩\n🟩🟩🟩🟩🟩\n", &g), "%s",
                err_msg());
  ck_assert(g.header && g.hard);
  ck_assert_int_eq(g.puzzle, 1234);
  ck_assert_int_eq(g.result, 3);
  ck_assert_int_eq(g.limit, 6);
  ck_assert_int_eq(g.n, 3);
  ck_assert_int_eq(g.pattern[0], code_of("BYBBG"));
  ck_assert_int_eq(g.pattern[1], code_of("BGGGG"));
  ck_assert_int_eq(g.pattern[2], PATTERN_WIN);
  ck_assert_int_eq(g.line[0], 3);
  ck_assert_int_eq(g.line[2], 5);
  /* CRLF, a byte order mark, blanks around lines, '.' between thousands,
   * variation selectors, light squares, no '*'. */
  ck_assert_msg(!parse("\xef\xbb\xbf  Wordle 1.234 2/6 \r\n\r\n \t⬜️🟨⬜️⬜️🟩 \r\n🟩🟩🟩🟩🟩\r\n", &g),
                "%s", err_msg());
  ck_assert(g.header && !g.hard);
  ck_assert_int_eq(g.puzzle, 1234);
  ck_assert_int_eq(g.n, 2);
  /* A lost game: X/6 and six rows, none all green. */
  ck_assert_msg(!parse("Wordle 999 X/6\n⬛⬛⬛⬛⬛\n⬛⬛⬛⬛⬛\n⬛⬛⬛⬛⬛\n⬛⬛⬛⬛⬛\n⬛⬛⬛⬛⬛\n🟩🟩🟩🟩⬛",
                       &g),
                "%s", err_msg());
  ck_assert_int_eq(g.result, 0);
  ck_assert_int_eq(g.n, 6);
  /* High contrast; a grid without its header; letters. */
  ck_assert(!parse("Wordle 1,000 2/6\n⬛🟦⬛⬛🟧\n🟧🟧🟧🟧🟧\n", &g));
  ck_assert_int_eq(g.pattern[0], code_of("BYBBG"));
  ck_assert(!parse("⬛🟦⬛⬛🟧\n", &g));
  ck_assert(!g.header);
  ck_assert_int_eq(g.puzzle, -1);
  ck_assert(!parse("BYBBG\nGGGGG", &g));
  ck_assert_int_eq(g.n, 2);
}
END_TEST

START_TEST(test_share_bad) {
  static const struct {
    const char *text, *where, *reason;
  } bad[] = {
      {"", "t: ", "no rows"},
      {"\n\n  \r\n", "t: ", "no rows"},
      {"Wordle 1,234 3/6\n", "t: ", "no rows"},
      {"Wordle 1,234 3/6\n⬛🟨⬛⬛🟥\n", "t:2:5: ", "'🟥' is not a colour"},
      {"Wordle 1,234 3/6\n  ⬛🟨⬛⬛🟥\n", "t:2:7: ", "'🟥' is not a colour"},
      {"Wordle 1,234 3/6\n⬛️🟨️⬛️⬛️🟥\n", "t:2:5: ", "'🟥' is not a colour"},
      {"Wordle 1,234 1/6\n⬛🟨⬛⬛\n", "t:2: ", "4 colours"},
      {"Wordle 1,234 1/6\n⬛🟨⬛⬛🟩🟩\n", "t:2:6: ", "one colour too many"},
      {"Wordle 1,234 1/6\n⬛🟨⬛⬛🟩 crane\n", "t:2:6: ", "' ' is not a colour"},
      {"Wordle 1,234 2/6\n⬛🟨⬛⬛🟩\n⬛🟦⬛⬛🟧\n", "t:3: ", "other colour scheme than line 2"},
      {"Wordle 1,234 2/6\n⬛🟨⬛⬛🟩\n⬛🟦⬛⬛🟩\n", "t:3:5: ", "mix the two colour schemes: 🟨 🟩, and 🟦 🟧 of high contrast (column 2 has the other)"},
      {"Wordle 1,234 2/6\n🟩🟩🟩🟩🟩\n⬛🟨⬛⬛🟩\n", "t:3: ", "won at line 2"},
      {"Wordle 1,234 3/6\n⬛🟨⬛⬛🟩\n🟩🟩🟩🟩🟩\n", "t: ", "the header says 3/6 but the grid has 2 rows"},
      {"Wordle 1,234 2/6\n⬛🟨⬛⬛🟩\n⬛🟨⬛⬛🟩\n", "t:3: ", "the last row is not all green"},
      {"Wordle 1,234 X/6\n🟩🟩🟩🟩🟩\n", "t: ", "ends all green"},
      {"Wordle 1,234 X/6\n⬛🟨⬛⬛🟩\n", "t: ", "a lost game: 6 rows"},
      {"Wordle 1,234 7/6\n⬛🟨⬛⬛🟩\n", "t:1:14: ", "more guesses than the limit"},
      {"Wordle 1,234 0/6\n🟩🟩🟩🟩🟩\n", "t:1:14: ", "the result"},
      {"Wordle\n🟩🟩🟩🟩🟩\n", "t:1:7: ", "a blank after 'Wordle'"},
      {"Wordle abc 1/6\n🟩🟩🟩🟩🟩\n", "t:1:8: ", "the puzzle's number, not 'abc 1/6'"},
      {"Wordle 1,23x 1/6\n🟩🟩🟩🟩🟩\n", "t:1:12: ", "a blank after the number"},
      {"Wordle 1,234 1-6\n🟩🟩🟩🟩🟩\n", "t:1:15: ", "'/' after the result"},
      {"Wordle 1,234 1/\n🟩🟩🟩🟩🟩\n", "t:1:16: ", "the guess limit"},
      {"Wordle 1,234 1/6** \n🟩🟩🟩🟩🟩\n", "t:1:18: ", "nothing after the result"},
      {"Wordle 1,234 1/6 🟩\n🟩🟩🟩🟩🟩\n", "t:1:17: ", "nothing after the result and '*', not ' 🟩'"},
      {"Wordle 1,234 1/6\n🟩🟩🟩🟩🟩\nWordle 1,234 1/6\n", "t:3: ", "won at line 2"},
      {"Wordle 1,234 2/6\n⬛🟨⬛⬛🟩\nWordle 1,234 1/6\n", "t:3:1: ", "'W' is not a colour"},
      {"Wordle 1,234 1/6\n⬛ö⬛⬛🟩\n", "t:2:2: ", "'ö' is not a colour"},
      {"Wordle 1,234 1/6\n\xff\xfe🟩🟩🟩\n", "t:2:1: ", "'\\xff' is not a colour"},
      {"Wordle 1,234 1/6\n🟩🟩\xf0\x9f\x9f🟩🟩\n", "t:2:3: ", "'\\xf0' is not a colour"},
      {"Wordle 1,234 1/6\n🟩🟩\0🟩🟩\n", "t:2:3: ", "'\\x00' is not a colour"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    share_grid g;
    size_t len = strlen(bad[i].text);
    if (strstr(bad[i].reason, "x00")) len += strlen(bad[i].text + len + 1) + 1; /* past the NUL */
    ck_assert_msg(share_parse(bad[i].text, len, "t", &g) == -1, "grid %zu read", i);
    const char *m = err_msg();
    ck_assert_msg(!strncmp(m, bad[i].where, strlen(bad[i].where)), "grid %zu: '%s' is not at '%s'",
                  i, m, bad[i].where);
    ck_assert_msg(strstr(m, bad[i].reason), "grid %zu: '%s' lacks '%s'", i, m, bad[i].reason);
    ck_assert_msg(ref_utf8_whole(m), "grid %zu: the message cuts a character: %s", i, m);
  }
  /* More rows than a game may have. */
  char big[4096] = "";
  for (int i = 0; i <= SHARE_MAX_ROWS; i++) strcat(big, "⬛⬛⬛⬛⬛\n");
  share_grid g;
  ck_assert_int_eq(parse(big, &g), -1);
  ck_assert_msg(strstr(err_msg(), "t:65: more than 64 rows"), "%s", err_msg());
}
END_TEST

START_TEST(test_share_load) {
  share_grid g;
  ck_assert_int_eq(share_load("/nonexistent/share.txt", &g), -1);
  ck_assert_msg(strstr(err_msg(), "/nonexistent/share.txt: cannot open"), "%s", err_msg());
  char path[] = "/tmp/optle-share-XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  FILE *fp = fdopen(fd, "w");
  for (int i = 0; i < SHARE_MAX_BYTES / 8 + 1; i++) fputs("        ", fp);
  fclose(fp);
  ck_assert_int_eq(share_load(path, &g), -1);
  ck_assert_msg(strstr(err_msg(), "more than the 64 KiB"), "%s", err_msg());
  fp = fopen(path, "w");
  fputs("Wordle 1,234 2/6*\n\n⬛🟨⬛⬛🟩\n🟩🟩🟩🟩🟩\n", fp);
  fclose(fp);
  ck_assert_msg(!share_load(path, &g), "%s", err_msg());
  ck_assert(g.hard && g.n == 2);
  ck_assert_str_eq(g.name, path);
  remove(path);
}
END_TEST

Suite *share_suite(void) {
  Suite *s = suite_create("share");
  TCase *tc = tcase_create("share");
  tcase_add_test(tc, test_pattern_read);
  tcase_add_test(tc, test_pattern_read_bad);
  tcase_add_test(tc, test_share_good);
  tcase_add_test(tc, test_share_bad);
  tcase_add_test(tc, test_share_load);
  suite_add_tcase(s, tc);
  return s;
}
