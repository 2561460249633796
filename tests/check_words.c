/*
 * check_words.c: word list loading and validation (words.h), and the
 * list-level checks of game.h and lists.h.
 *
 * Every error case writes a real file under a fresh mkdtemp directory and
 * checks the whole "file:line: " prefix of err_msg() plus the reason.
 */
#include <check.h>
#include <ftw.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "game.h"
#include "lists.h"
#include "suggest.h"
#include "suites.h"
#include "err.h"
#include "util.h"
#include "words.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

static char tmpdir[PATH_MAX];

static void make_tmpdir(void) {
  const char *base = getenv("TMPDIR");
  snprintf(tmpdir, sizeof tmpdir, "%s/optle-words-XXXXXX", base && *base ? base : "/tmp");
  ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

static void remove_tmpdir(void) {
  if (tmpdir[0]) nftw(tmpdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
  tmpdir[0] = '\0';
}

/* Write len bytes to tmpdir/name; returns the path (malloc'd). */
static char *put_bytes(const char *name, const char *data, size_t len) {
  char *path;
  ck_assert_int_ge(asprintf(&path, "%s/%s", tmpdir, name), 0);
  FILE *fp = fopen(path, "wb");
  ck_assert_ptr_nonnull(fp);
  ck_assert_uint_eq(fwrite(data, 1, len, fp), len);
  ck_assert_int_eq(fclose(fp), 0);
  return path;
}
static char *put(const char *name, const char *text) { return put_bytes(name, text, strlen(text)); }

/* words_load(path) must fail with err_msg() = "<prefix><rest>" where
 * prefix is "path:line: " (line > 0) or "path: " (line 0), and the rest
 * contains `reason`. */
static void expect_error(const char *path, int line, const char *reason) {
  wordlist wl;
  int rc = words_load(path, &wl);
  ck_assert_msg(rc == -1, "%s: loaded (%d words) but should fail with '%s'", path, wl.n, reason);
  char prefix[PATH_MAX + 32];
  if (line > 0) snprintf(prefix, sizeof prefix, "%s:%d: ", path, line);
  else snprintf(prefix, sizeof prefix, "%s: ", path);
  const char *msg = err_msg();
  ck_assert_msg(strncmp(msg, prefix, strlen(prefix)) == 0, "message '%s' should start with '%s'",
                msg, prefix);
  ck_assert_msg(strstr(msg + strlen(prefix), reason) != NULL, "message '%s' should contain '%s'",
                msg, reason);
  ck_assert_msg(strchr(msg, '\n') == NULL, "message '%s' is more than one line", msg);
}

static void expect_words(const wordlist *wl, const char *const *words, const int *lines, int n) {
  ck_assert_int_eq(wl->n, n);
  for (int i = 0; i < n; i++) {
    ck_assert_str_eq(wl->w[i], words[i]);
    ck_assert_int_eq(wl->line[i], lines[i]);
    ck_assert_int_eq(words_find(wl, words[i]), i);
  }
}

/* ------------------------------------------------------------------ */

START_TEST(test_load_happy) {
  char *p = put("ok.txt",
                "# a comment\n"
                "\n"
                "  Apple \r\n"
                "BERRY\r\n"
                "\tcrane\t\n"
                "   # indented comment\n"
                "   \t \n"
                "sLaTe");  /* no final newline */
  wordlist wl;
  ck_assert_msg(words_load(p, &wl) == 0, "%s", err_msg());
  const char *w[] = {"apple", "berry", "crane", "slate"};
  const int lines[] = {3, 4, 5, 8};
  expect_words(&wl, w, lines, 4);
  ck_assert_str_eq(wl.path, p);
  ck_assert_int_eq(words_find(&wl, "salet"), -1);
  ck_assert_int_eq(words_find(&wl, "APPLE"), -1); /* lookups take folded words */
  words_free(&wl);
  free(p);
}
END_TEST

START_TEST(test_load_crlf_everywhere) {
  char *p = put("crlf.txt", "# list\r\nAPPLE\r\n\r\nberry\r\n  crane  \r\n");
  wordlist wl;
  ck_assert_msg(words_load(p, &wl) == 0, "%s", err_msg());
  const char *w[] = {"apple", "berry", "crane"};
  const int lines[] = {2, 4, 5};
  expect_words(&wl, w, lines, 3);
  words_free(&wl);
  free(p);
}
END_TEST

START_TEST(test_load_long_comment_ok) {
  char buf[2100];
  memset(buf, 'x', sizeof buf);
  memcpy(buf, "# ", 2);
  buf[2000] = '\n';
  memcpy(buf + 2001, "apple\n", 7);
  char *p = put_bytes("comment.txt", buf, 2007);
  wordlist wl;
  ck_assert_msg(words_load(p, &wl) == 0, "%s", err_msg());
  const char *w[] = {"apple"};
  const int lines[] = {2};
  expect_words(&wl, w, lines, 1);
  words_free(&wl);
  free(p);
}
END_TEST

START_TEST(test_error_wrong_length) {
  char *p = put("short.txt", "apple\nabc\n");
  expect_error(p, 2, "'abc' has 3 letters, expected 5");
  free(p);
  p = put("long.txt", "# x\napple\nberry\napples\n");
  expect_error(p, 4, "'apples' has 6 letters, expected 5");
  free(p);
  p = put("one.txt", "a\n");
  expect_error(p, 1, "has 1 letters");
  free(p);
  /* 63 letters: fits the line buffer, still the wrong length. */
  char line[64];
  memset(line, 'q', 63);
  line[63] = '\n';
  p = put_bytes("sixtythree.txt", line, 64);
  expect_error(p, 1, "has 63 letters, expected 5");
  free(p);
}
END_TEST

START_TEST(test_error_digit_and_symbols) {
  char *p = put("digit.txt", "apple\nberry\nab1de\n");
  expect_error(p, 3, "'ab1de' has a non-letter at position 3");
  free(p);
  p = put("apos.txt", "don't\n");
  expect_error(p, 1, "has a non-letter at position 4");
  free(p);
  p = put("blank.txt", "apple\nab cd\n");
  expect_error(p, 2, "'ab cd' has a blank at position 3");
  free(p);
  p = put("inline.txt", "apple # fruit\n");
  expect_error(p, 1, "has a blank at position 6");
  free(p);
  p = put_bytes("nul.txt", "apple\nab\0de\n", 12);
  expect_error(p, 2, "has a NUL byte at position 3");
  free(p);
}
END_TEST

START_TEST(test_error_non_ascii) {
  char *p = put("cafe.txt", "apple\ncaf\xc3\xa9\n");
  expect_error(p, 2, "non-ASCII byte 0xc3");
  free(p);
  /* Five bytes that are not five letters: a Latin-1 e-acute. */
  p = put("latin1.txt", "cafe\xe9\n");
  expect_error(p, 1, "non-ASCII byte 0xe9");
  free(p);
}
END_TEST

START_TEST(test_error_empty_and_comments_only) {
  char *p = put("empty.txt", "");
  expect_error(p, 0, "no words in the list");
  free(p);
  p = put("comments.txt", "# nothing\n\n   # more nothing\r\n\n");
  expect_error(p, 0, "no words in the list");
  free(p);
}
END_TEST

START_TEST(test_error_directory_and_missing) {
  char *d;
  ck_assert_int_ge(asprintf(&d, "%s/sub", tmpdir), 0);
  ck_assert_int_eq(mkdir(d, 0700), 0);
  expect_error(d, 0, "is a directory");
  free(d);
  char *m;
  ck_assert_int_ge(asprintf(&m, "%s/no-such-file.txt", tmpdir), 0);
  expect_error(m, 0, "cannot open");
  expect_error(m, 0, "No such file or directory");
  free(m);
}
END_TEST

START_TEST(test_error_duplicate) {
  char *p = put("dup.txt", "apple\nberry\n\n# c\nAPPLE\n");
  expect_error(p, 5, "duplicate word 'apple' (first on line 1)");
  free(p);
  p = put("dup2.txt", "crane\napple\n apple\r\n");
  expect_error(p, 3, "duplicate word 'apple' (first on line 2)");
  free(p);
}
END_TEST

START_TEST(test_error_very_long_line) {
  size_t n = 100000;
  char *buf = malloc(n + 16);
  memcpy(buf, "apple\n", 6);
  memset(buf + 6, 'a', n);
  memcpy(buf + 6 + n, "\nberry\n", 7);
  char *p = put_bytes("huge.txt", buf, n + 13);
  expect_error(p, 2, "line too long");
  free(p);
  /* Just past the line buffer. */
  memset(buf, 'b', 70);
  buf[70] = '\n';
  p = put_bytes("seventy.txt", buf, 71);
  expect_error(p, 1, "line too long");
  free(p);
  /* A huge final line with no newline at all. */
  memset(buf, 'c', n);
  p = put_bytes("nonl.txt", buf, n);
  expect_error(p, 1, "line too long");
  free(p);
  free(buf);
}
END_TEST

/* A list a tree records is read only from a regular file, checked on
 * the opened file: a FIFO is refused at once, never waited on (issue 49:
 * a FIFO swapped in after a stat() of the path made the open block). */
START_TEST(test_regular_only) {
  char *f;
  ck_assert_int_ge(asprintf(&f, "%s/fifo.txt", tmpdir), 0);
  ck_assert_int_eq(mkfifo(f, 0600), 0);
  wordlist wl;
  ck_assert_int_eq(words_load_regular(f, &wl), -1);
  ck_assert_msg(strstr(err_msg(), "not a regular file"), "%s", err_msg());
  game g;
  char *ok = put("ok.txt", "apple\nberry\n");
  ck_assert_int_eq(game_load_tree_files(&g, "--tree ", "t.json", ok, f), -1);
  ck_assert_msg(strstr(err_msg(), "--tree t.json records its guesses as ") &&
                    strstr(err_msg(), "fifo.txt: not a regular file (give --answers FILE"),
                "%s", err_msg());
  char *bad = put("bad.txt", "apple\nsecret-token\n");
  ck_assert_int_eq(game_load_tree_files(&g, "", "t.json", bad, NULL), -1);
  ck_assert_msg(strstr(err_msg(), "t.json records its lists as files that are no longer word "
                                  "lists: ") &&
                    strstr(err_msg(), "bad.txt:2: the line has a non-letter at position 7") &&
                    !strstr(err_msg(), "secret"),
                "%s", err_msg());
  free(bad);
  ck_assert_int_eq(game_load_tree_files(&g, "", "t.json", ok, NULL), 0);
  ck_assert_int_eq(g.n_answers, 2);
  game_free(&g);
  free(ok);
  free(f);
}
END_TEST

/* A line that is not a comment is refused when it outgrows the buffer,
 * not at its end; a stop ends the reading of a long comment (issue 49:
 * a 20 GB file was read for minutes, deaf to Ctrl-C). */
START_TEST(test_long_line_refused_early_and_stop) {
  size_t n = 1 << 20;
  char *buf = malloc(n);
  memset(buf, 0, n);
  char *p = put_bytes("nul.txt", buf, n);
  expect_error(p, 1, "line too long");
  free(p);
  buf[0] = '#';
  p = put_bytes("comment.txt", buf, n);
  stop_request();
  expect_error(p, 1, "stopped while reading the list");
  free(p);
  free(buf);
}
END_TEST

START_TEST(test_first_error_wins) {
  /* Line 2 is bad, so the duplicate on line 4 is never reached. */
  char *p = put("first.txt", "apple\nab1de\nberry\napple\n");
  expect_error(p, 2, "non-letter");
  free(p);
}
END_TEST

START_TEST(test_load_mem) {
  const char text[] = "# mem\nApple\r\n\n berry\n";
  wordlist wl;
  ck_assert_msg(words_load_mem(text, sizeof text - 1, "mem.txt", &wl) == 0, "%s", err_msg());
  const char *w[] = {"apple", "berry"};
  const int lines[] = {2, 4};
  expect_words(&wl, w, lines, 2);
  ck_assert_str_eq(wl.path, "mem.txt");
  words_free(&wl);
  const char bad[] = "apple\nberry\nbe rr\n";
  ck_assert_int_eq(words_load_mem(bad, sizeof bad - 1, "mem.txt", &wl), -1);
  ck_assert_msg(strncmp(err_msg(), "mem.txt:3: ", 11) == 0, "%s", err_msg());
  /* The length bounds the buffer: what follows is not read. */
  const char cut[] = "apple\nberry\nxx";
  ck_assert_int_eq(words_load_mem(cut, 12, "cut.txt", &wl), 0);
  ck_assert_int_eq(wl.n, 2);
  words_free(&wl);
}
END_TEST

START_TEST(test_from_array_and_find) {
  const char *ok[] = {"crane", "slate", "trace"};
  wordlist wl;
  ck_assert_int_eq(words_from_array(ok, 3, &wl), 0);
  ck_assert_int_eq(wl.n, 3);
  for (int i = 0; i < 3; i++) {
    ck_assert_str_eq(wl.w[i], ok[i]);
    ck_assert_int_eq(words_find(&wl, ok[i]), i);
  }
  ck_assert_int_eq(words_find(&wl, "salet"), -1);
  ck_assert_int_eq(words_find(&wl, "cran"), -1);
  ck_assert_int_eq(words_find(&wl, "cranes"), -1);
  ck_assert_int_eq(words_find(&wl, ""), -1);
  words_free(&wl);

  const char *upper[] = {"crane", "Slate"};
  ck_assert_int_eq(words_from_array(upper, 2, &wl), -1);
  const char *shortw[] = {"cran"};
  ck_assert_int_eq(words_from_array(shortw, 1, &wl), -1);
  const char *dup[] = {"crane", "slate", "crane"};
  ck_assert_int_eq(words_from_array(dup, 3, &wl), -1);
  ck_assert_ptr_nonnull(strstr(err_msg(), "duplicate word 'crane'"));

  ck_assert(words_valid("crane"));
  ck_assert(!words_valid("Crane"));
  ck_assert(!words_valid("cran"));
  ck_assert(!words_valid("cranes"));
  ck_assert(!words_valid("cr4ne"));
}
END_TEST

/* ------------------------------------------------------------------ */
/* Lists of a game. */

START_TEST(test_game_answer_missing) {
  char *a = put("answers.txt", "# answers\napple\nberry\ncrane\n");
  char *q = put("guesses.txt", "crane\napple\nslate\n");
  game g;
  ck_assert_int_eq(game_load(&g, a, q), -1);
  char want[2 * PATH_MAX];
  snprintf(want, sizeof want, "%s:3: answer 'berry' is not in the guess list %s", a, q);
  ck_assert_msg(strncmp(err_msg(), want, strlen(want)) == 0, "got '%s', want '%s...'", err_msg(),
                want);
  free(a);
  free(q);
}
END_TEST

START_TEST(test_game_errors_name_their_file) {
  char *a = put("answers.txt", "apple\nberry\n");
  char *q = put("guesses.txt", "apple\nberry\nbad\n");
  game g;
  ck_assert_int_eq(game_load(&g, a, q), -1);
  char want[PATH_MAX + 16];
  snprintf(want, sizeof want, "%s:3: ", q);
  ck_assert_msg(strncmp(err_msg(), want, strlen(want)) == 0, "%s", err_msg());
  char *bad = put("bad-answers.txt", "apple\napple\n");
  ck_assert_int_eq(game_load(&g, bad, q), -1);
  snprintf(want, sizeof want, "%s:2: duplicate", bad);
  ck_assert_msg(strncmp(err_msg(), want, strlen(want)) == 0, "%s", err_msg());
  free(a);
  free(q);
  free(bad);
}
END_TEST

START_TEST(test_game_guesses_default_to_answers) {
  char *a = put("answers.txt", "crane\nSLATE\ntrace\n");
  game g;
  ck_assert_msg(game_load(&g, a, NULL) == 0, "%s", err_msg());
  ck_assert_int_eq(g.n_answers, 3);
  ck_assert_int_eq(g.n_guesses, 3);
  for (int i = 0; i < 3; i++) {
    ck_assert_str_eq(g.guesses.w[i], g.answers.w[i]);
    ck_assert_int_eq(g.ans2guess[i], i);
    ck_assert_int_eq(g.guess2ans[i], i);
  }
  ck_assert_str_eq(g.answers.w[1], "slate");
  game_free(&g);

  /* With a guess file: answers map into it wherever they sit. */
  char *q = put("guesses.txt", "salet\ntrace\ncrane\nslate\nroate\n");
  ck_assert_msg(game_load(&g, a, q) == 0, "%s", err_msg());
  ck_assert_int_eq(g.n_guesses, 5);
  ck_assert_int_eq(g.ans2guess[0], 2);
  ck_assert_int_eq(g.ans2guess[1], 3);
  ck_assert_int_eq(g.ans2guess[2], 1);
  ck_assert_int_eq(g.guess2ans[0], -1);
  ck_assert_int_eq(g.guess2ans[4], -1);
  game_free(&g);
  free(a);
  free(q);
}
END_TEST

/* suggest.h: the edit distance (a swap is one edit, case is ignored),
 * and which names are close enough to suggest. */
START_TEST(test_suggest) {
  ck_assert_int_eq(suggest_distance("solve", "solve"), 0);
  ck_assert_int_eq(suggest_distance("sovle", "solve"), 1);
  ck_assert_int_eq(suggest_distance("NYT", "nyt"), 0);
  ck_assert_int_eq(suggest_distance("", "abc"), 3);
  ck_assert_int_eq(suggest_distance("kitten", "sitting"), 3);
  ck_assert_int_eq(suggest_distance("ca", "abc"), 3); /* OSA, not full Damerau */
  const char *cmds[] = {"solve", "rank", "verify", NULL, "export", "next", "play"};
  size_t n = sizeof cmds / sizeof *cmds;
  ck_assert_str_eq(suggest_best("sovle", cmds, n), "solve");
  ck_assert_str_eq(suggest_best("rnak", cmds, n), "rank");
  ck_assert_str_eq(suggest_best("verfy", cmds, n), "verify");
  ck_assert_ptr_null(suggest_best("solve", cmds, n)); /* exact: nothing to suggest */
  ck_assert_ptr_null(suggest_best("zzzzz", cmds, n));
  ck_assert_ptr_null(suggest_best("ne", cmds, n));   /* 2 edits from next: too short */
  ck_assert_str_eq(suggest_best("nex", cmds, n), "next");
  ck_assert_str_eq(suggest_best("pley", cmds, n), "play");
  char longname[SUGGEST_MAX + 8];
  memset(longname, 'a', sizeof longname - 1);
  longname[sizeof longname - 1] = 0;
  ck_assert_int_eq(suggest_distance(longname, "a"), SUGGEST_MAX + 1);
  ck_assert_ptr_null(suggest_best(longname, cmds, n));
  ck_assert_str_eq(suggest_hint("sovle", cmds, n), " (did you mean 'solve'?)");
  ck_assert_str_eq(suggest_hint("qqqq", cmds, n), "");
}
END_TEST

START_TEST(test_lists_named) {
  static const struct {
    const char *name, *record, *afile, *gfile;
    int answers, guesses;
  } named[] = {
      {"small", "small", "wordlists/small.txt", "wordlists/small.txt", 50, 50},
      {"medium", "medium", "wordlists/medium.txt", "wordlists/medium.txt", 200, 200},
      {"large", "large", "wordlists/large.txt", "wordlists/large.txt", 500, 500},
      {"original", "original", "wordlists/original-answers.txt", "wordlists/original-guesses.txt",
       2315, 12972},
      {"nyt", "nyt-2023-07", "wordlists/nyt-2023-07-answers.txt",
       "wordlists/nyt-2022-08-guesses.txt", 3158, 14855},
      {"NYT-2022-02", "nyt-2022-02", "wordlists/nyt-answers.txt", "wordlists/nyt-guesses.txt",
       2309, 12947},
      {"nyt-2022-02", "nyt-2022-02", "wordlists/nyt-answers.txt", "wordlists/nyt-guesses.txt",
       2309, 12947},
      {"nyt-2022-08", "nyt-2022-08", "wordlists/nyt-answers.txt",
       "wordlists/nyt-2022-08-guesses.txt", 2309, 14855},
      {"nyt-2023-07", "nyt-2023-07", "wordlists/nyt-2023-07-answers.txt",
       "wordlists/nyt-2022-08-guesses.txt", 3158, 14855}};
  for (size_t i = 0; i < sizeof named / sizeof *named; i++) {
    game g;
    ck_assert_msg(lists_load(&g, named[i].name, NULL) == 0, "%s", err_msg());
    ck_assert_int_eq(g.n_answers, named[i].answers);
    ck_assert_int_eq(g.n_guesses, named[i].guesses);
    ck_assert_str_eq(g.answers.path, named[i].afile);
    ck_assert_str_eq(g.guesses.path, named[i].gfile);
    ck_assert_str_eq(g.list, named[i].record);
    /* The embedded copies match the committed files, word for word and
     * line for line (run from the repo root, as `make unit` does), and
     * the lists hash is the files' too. */
    wordlist f[2];
    const wordlist *emb[2] = {&g.answers, &g.guesses};
    const char *file[2] = {named[i].afile, named[i].gfile};
    if (access(file[0], R_OK) == 0 && access(file[1], R_OK) == 0) {
      for (int k = 0; k < 2; k++) {
        ck_assert_msg(words_load(file[k], &f[k]) == 0, "%s", err_msg());
        ck_assert_int_eq(f[k].n, emb[k]->n);
        for (int j = 0; j < f[k].n; j++) {
          ck_assert_str_eq(f[k].w[j], emb[k]->w[j]);
          ck_assert_int_eq(f[k].line[j], emb[k]->line[j]);
        }
      }
      ck_assert(words_lists_hash(&f[0], &f[1]) == g.lists_hash);
      words_free(&f[0]);
      words_free(&f[1]);
    }
    /* lists_words gives the same words, without a table. */
    wordlist a, q;
    ck_assert_int_eq(lists_words(lists_find(named[i].name), &a, &q), 0);
    ck_assert_int_eq(a.n, g.n_answers);
    ck_assert_int_eq(q.n, g.n_guesses);
    ck_assert(words_lists_hash(&a, &q) == g.lists_hash);
    words_free(&a);
    words_free(&q);
    game_free(&g);
  }
  /* A named list with other guesses records no name. */
  game g;
  ck_assert_int_eq(lists_load(&g, "small", "wordlists/medium.txt"), 0);
  ck_assert_ptr_null(g.list);
  game_free(&g);
  /* The alias names the newest version, the default; lookups ignore
   * case but are otherwise exact. */
  ck_assert_ptr_eq(lists_find("nyt"), lists_find("nyt-2023-07"));
  ck_assert_ptr_eq(lists_find(LISTS_DEFAULT), lists_find("nyt-2023-07"));
  ck_assert_ptr_eq(lists_find("NYT"), lists_find("nyt-2023-07"));
  ck_assert_ptr_eq(lists_find("Original"), lists_find("original"));
  ck_assert_ptr_null(lists_find("nyt-2022"));
  ck_assert_ptr_null(lists_find("nytt"));
  /* An unknown name close to a known one gets a suggestion. */
  ck_assert_str_eq(lists_suggest("nytt"), " (did you mean 'nyt'?)");
  ck_assert_str_eq(lists_suggest("nyt-2023-7"), " (did you mean 'nyt-2023-07'?)");
  ck_assert_str_eq(lists_suggest("smal"), " (did you mean 'small'?)");
  ck_assert_str_eq(lists_suggest("tiny"), "");
  ck_assert_str_eq(lists_suggest("hard"), "");
  ck_assert_int_eq(lists_count(), 10);
  for (int i = 0; i < lists_count(); i++)
    ck_assert_ptr_eq(lists_find(lists_at(i)->name), lists_at(i));
  /* Every word an answer: each guess list as both lists (words only: a
   * table would be 12947 x 12947 bytes). */
  static const struct {
    const char *name, *of;
    int n;
  } all[] = {{"original-all", "original", 12972},
             {"nyt-2022-02-all", "nyt-2022-02", 12947},
             {"nyt-2022-08-all", "nyt-2022-08", 14855}};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
    wordlist a, q, a0, q0;
    ck_assert_int_eq(lists_words(lists_find(all[i].name), &a, &q), 0);
    ck_assert_int_eq(lists_words(lists_find(all[i].of), &a0, &q0), 0);
    ck_assert_int_eq(a.n, all[i].n);
    ck_assert_int_eq(q.n, all[i].n);
    ck_assert_int_eq(q0.n, all[i].n);
    for (int j = 0; j < a.n; j++) {
      ck_assert_str_eq(a.w[j], q0.w[j]);
      ck_assert_str_eq(q.w[j], q0.w[j]);
    }
    words_free(&a), words_free(&q), words_free(&a0), words_free(&q0);
  }
}
END_TEST

/* The lists hash is XXH3-64 of the canonical text (words.h), computed
 * here in one call over a buffer built independently of words.c; the
 * same words from a file with comments, CRLF, capitals and blanks hash
 * the same, and any change of word, order or list boundary changes it. */
static uint64_t canon_hash(const char *const *a, int na, const char *const *q, int nq) {
  char buf[512];
  size_t n = 0;
  for (int i = 0; i < na; i++) n += (size_t)sprintf(buf + n, "%s\n", a[i]);
  buf[n++] = '\n';
  for (int i = 0; i < nq; i++) n += (size_t)sprintf(buf + n, "%s\n", q[i]);
  return XXH3_64bits(buf, n);
}

START_TEST(test_lists_hash) {
  static const char *const A[] = {"cigar", "rebut"}, *const Q[] = {"cigar", "rebut", "salet"};
  static const char *const Q2[] = {"rebut", "cigar", "salet"};
  wordlist a, q, q2, one, rest;
  ck_assert_int_eq(words_from_array(A, 2, &a), 0);
  ck_assert_int_eq(words_from_array(Q, 3, &q), 0);
  ck_assert_int_eq(words_from_array(Q2, 3, &q2), 0);
  uint64_t h = words_lists_hash(&a, &q);
  ck_assert(h == canon_hash(A, 2, Q, 3));
  ck_assert(words_lists_hash(&a, &q2) != h);
  /* The boundary counts: {cigar, rebut} + {salet} and {cigar} + {rebut,
   * salet} are the same words in the same order. */
  static const char *const A1[] = {"cigar"}, *const Q3[] = {"rebut", "salet"};
  static const char *const Q1[] = {"salet"};
  ck_assert_int_eq(words_from_array(A1, 1, &one), 0);
  ck_assert_int_eq(words_from_array(Q3, 2, &rest), 0);
  wordlist q1;
  ck_assert_int_eq(words_from_array(Q1, 1, &q1), 0);
  ck_assert(words_lists_hash(&one, &rest) != words_lists_hash(&a, &q1));
  ck_assert(words_lists_hash(&a, &q1) == canon_hash(A, 2, Q1, 1));
  words_free(&q1);
  char *fa = put("a.txt", "# answers\r\n  CIGAR \r\n\n rebut\n");
  char *fq = put("q.txt", "# guesses\ncigar\nRebut\n\nsalet\n");
  wordlist la, lq;
  ck_assert_int_eq(words_load(fa, &la), 0);
  ck_assert_int_eq(words_load(fq, &lq), 0);
  ck_assert(words_lists_hash(&la, &lq) == h);
  char hex[WORDS_HASH_HEX];
  words_hash_hex(h, hex);
  ck_assert_int_eq((int)strlen(hex), 16);
  ck_assert_int_eq((int)strspn(hex, "0123456789abcdef"), 16);
  words_hash_hex(0x00ab, hex);
  ck_assert_str_eq(hex, "00000000000000ab");
  game g;
  ck_assert_int_eq(game_load(&g, fa, fq), 0);
  ck_assert(g.lists_hash == h);
  ck_assert_ptr_null(g.list);
  game_free(&g);
  words_free(&a), words_free(&q), words_free(&q2), words_free(&one), words_free(&rest);
  words_free(&la), words_free(&lq);
  free(fa), free(fq);
}
END_TEST

START_TEST(test_lists_unknown_and_custom_guesses) {
  game g;
  ck_assert_int_eq(lists_load(&g, "tiny", NULL), -1);
  ck_assert_str_eq(err_msg(), "--list 'tiny': unknown list (known: small, medium, large, original, "
                              "nyt-2022-02, nyt-2022-08, nyt-2023-07 (or nyt), original-all, "
                              "nyt-2022-02-all, nyt-2022-08-all)");
  ck_assert_int_eq(lists_load(&g, "", NULL), -1);
  ck_assert_int_eq(lists_load(&g, "smal", NULL), -1);
  ck_assert_str_eq(err_msg(), "--list 'smal': unknown list (did you mean 'small'?) (known: small, "
                              "medium, large, original, nyt-2022-02, nyt-2022-08, nyt-2023-07 (or "
                              "nyt), original-all, nyt-2022-02-all, nyt-2022-08-all)");
  ck_assert_int_eq(lists_load(&g, "SMALL", NULL), 0); /* case is ignored */
  ck_assert_str_eq(g.list, "small");
  game_free(&g);

  /* small with a guess file lacking its first answer (abate, line 4). */
  char *q = put("guesses.txt", "acrid\nagent\n");
  ck_assert_int_eq(lists_load(&g, "small", q), -1);
  char want[PATH_MAX + 96];
  snprintf(want, sizeof want,
           "wordlists/small.txt:4: answer 'abate' is not in the guess list %s", q);
  ck_assert_msg(strncmp(err_msg(), want, strlen(want)) == 0, "got '%s'", err_msg());

  /* A bad guess file is reported as itself. */
  char *bad = put("bad.txt", "acrid\n12345\n");
  ck_assert_int_eq(lists_load(&g, "small", bad), -1);
  snprintf(want, sizeof want, "%s:2: ", bad);
  ck_assert_msg(strncmp(err_msg(), want, strlen(want)) == 0, "got '%s'", err_msg());

  /* small with the NYT guesses: 50 answers, 12947 guesses. */
  if (access("wordlists/nyt-guesses.txt", R_OK) == 0) {
    ck_assert_msg(lists_load(&g, "small", "wordlists/nyt-guesses.txt") == 0, "%s", err_msg());
    ck_assert_int_eq(g.n_answers, 50);
    ck_assert_int_eq(g.n_guesses, 12947);
    ck_assert_str_eq(g.guesses.path, "wordlists/nyt-guesses.txt");
    game_free(&g);
  }
  free(q);
  free(bad);
}
END_TEST

/* err.h: each thread its own message.  A thread that fails while the
 * main thread holds a message leaves that message as it was, and reads
 * back its own. */
static void *fail_in_thread(void *arg) {
  (void)arg;
  err_set("thread: %s", "its own error");
  return strcmp(err_msg(), "thread: its own error") ? (void *)"wrong" : NULL;
}

START_TEST(test_err_per_thread) {
  err_set("main: %d", 1);
  pthread_t t;
  void *bad = (void *)"not run";
  ck_assert_int_eq(pthread_create(&t, NULL, fail_in_thread, NULL), 0);
  ck_assert_int_eq(pthread_join(t, &bad), 0);
  ck_assert_ptr_null(bad);
  ck_assert_str_eq(err_msg(), "main: 1");
  /* Control bytes are escaped, and a long message is cut, terminated. */
  err_set("a\tb\n%c", 1);
  ck_assert_str_eq(err_msg(), "a\\tb\\n\\x01");
  char big[2 * ERR_MAX];
  memset(big, 'x', sizeof big - 1);
  big[sizeof big - 1] = '\0';
  err_set("%s", big);
  ck_assert_uint_eq(strlen(err_msg()), ERR_MAX - 1);
}
END_TEST

Suite *words_suite(void) {
  Suite *s = suite_create("words");
  TCase *tc = tcase_create("load");
  tcase_set_timeout(tc, 60); /* generous: sanitizer builds, busy machines */
  tcase_add_checked_fixture(tc, make_tmpdir, remove_tmpdir);
  tcase_add_test(tc, test_load_happy);
  tcase_add_test(tc, test_load_crlf_everywhere);
  tcase_add_test(tc, test_load_long_comment_ok);
  tcase_add_test(tc, test_error_wrong_length);
  tcase_add_test(tc, test_error_digit_and_symbols);
  tcase_add_test(tc, test_error_non_ascii);
  tcase_add_test(tc, test_error_empty_and_comments_only);
  tcase_add_test(tc, test_error_directory_and_missing);
  tcase_add_test(tc, test_error_duplicate);
  tcase_add_test(tc, test_error_very_long_line);
  tcase_add_test(tc, test_first_error_wins);
  tcase_add_test(tc, test_regular_only);
  tcase_add_test(tc, test_long_line_refused_early_and_stop);
  tcase_add_test(tc, test_load_mem);
  tcase_add_test(tc, test_from_array_and_find);
  tcase_add_test(tc, test_err_per_thread);
  suite_add_tcase(s, tc);
  tc = tcase_create("game");
  tcase_set_timeout(tc, 120);
  tcase_add_checked_fixture(tc, make_tmpdir, remove_tmpdir);
  tcase_add_test(tc, test_game_answer_missing);
  tcase_add_test(tc, test_game_errors_name_their_file);
  tcase_add_test(tc, test_game_guesses_default_to_answers);
  tcase_add_test(tc, test_suggest);
  tcase_add_test(tc, test_lists_named);
  tcase_add_test(tc, test_lists_hash);
  tcase_add_test(tc, test_lists_unknown_and_custom_guesses);
  suite_add_tcase(s, tc);
  return s;
}
