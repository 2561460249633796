/*
 * fuzz_words.c: libFuzzer target for the word-list loader (words.h,
 * words_load_mem, the path every list file and embedded list takes).
 *
 * Beyond "no crash, no leak, no undefined behaviour", every input is
 * compared with a reference model of the format written here from the
 * docs/lists.md's rules (one word per line, five letters a-z after folding
 * uppercase; CR, blanks and tabs trimmed; blank lines and '#' comments
 * skipped; lines over 64 bytes refused unless they are comments; no
 * duplicates; at least one word):
 *   - the loader accepts exactly the inputs the model accepts;
 *   - an accepted list holds the model's words, in file order, with their
 *     line numbers, and words_find() maps each word to its index;
 *   - a refused input gives one line, "NAME:LINE: reason" naming the line
 *     the model blames (the first bad line, else the first repeat), or
 *     "NAME: no words in the list".
 *
 * Built and run by `make fuzz-lists` (tests/fuzz/fuzz-lists.mk).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "words.h"

#define NAME "fuzz.txt"
#define LINE_MAX_BYTES 64 /* words.c's line buffer */

typedef struct {
  int n;
  char (*w)[6];
  int *line;
  int bad_line;  /* first line with a bad word, or 0 */
  int dup_line;  /* line of the first repeat, or 0 (only without bad_line) */
} model;

static int is_blank(unsigned char c) { return c == ' ' || c == '\t'; }

/* The reference: a plain reading of the format, independent of words.c. */
static void model_read(const uint8_t *d, size_t len, model *m) {
  memset(m, 0, sizeof *m);
  m->w = malloc(sizeof *m->w * (len / 2 + 1));
  m->line = malloc(sizeof *m->line * (len / 2 + 1));
  /* A UTF-8 byte order mark at the start is skipped. */
  size_t start = len >= 3 && d[0] == 0xef && d[1] == 0xbb && d[2] == 0xbf ? 3 : 0;
  for (int line = 1; start <= len; line++) {
    size_t end = start;
    while (end < len && d[end] != '\n') end++;
    size_t raw = end - start;
    /* Only the first 64 bytes of a long line are looked at (a comment
     * may be longer). */
    size_t e = raw > LINE_MAX_BYTES ? LINE_MAX_BYTES : raw, b = 0;
    const uint8_t *s = d + start;
    while (e > b && (s[e - 1] == '\r' || is_blank(s[e - 1]))) e--;
    while (b < e && is_blank(s[b])) b++;
    int comment = b < e && s[b] == '#';
    if (raw > LINE_MAX_BYTES && !comment) {
      m->bad_line = line;
      return;
    }
    if (b < e && !comment) {
      char word[6] = {0};
      int ok = e - b == 5;
      for (size_t i = b; i < e && ok; i++) {
        int c = s[i];
        if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
        if (c < 'a' || c > 'z') ok = 0;
        else word[i - b] = (char)c;
      }
      if (!ok) {
        m->bad_line = line;
        return;
      }
      memcpy(m->w[m->n], word, 6);
      m->line[m->n++] = line;
    }
    if (end == len) break;
    start = end + 1;
  }
  /* The first word, in file order, seen before. */
  for (int i = 0; i < m->n && !m->dup_line; i++)
    for (int j = 0; j < i; j++)
      if (!memcmp(m->w[i], m->w[j], 5)) {
        m->dup_line = m->line[i];
        break;
      }
}

static void model_free(model *m) {
  free(m->w);
  free(m->line);
}

#define CHECK(cond, ...)                                                      \
  do {                                                                        \
    if (!(cond)) {                                                            \
      fprintf(stderr, "fuzz_words: check failed: %s: ", #cond);               \
      fprintf(stderr, __VA_ARGS__);                                           \
      fprintf(stderr, "\n");                                                  \
      abort();                                                                \
    }                                                                         \
  } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* The quadratic duplicate check of the model bounds the input size. */
  if (size > 16384) return 0;
  model m;
  model_read(data, size, &m);
  wordlist wl;
  int rc = words_load_mem((const char *)data, size, NAME, &wl);
  int want_ok = !m.bad_line && !m.dup_line && m.n > 0;
  const char *msg = err_msg();
  CHECK((rc == 0) == want_ok, "loader %s, model %s (bad line %d, repeat on line %d, %d words); %s",
        rc ? "refused" : "accepted", want_ok ? "accepts" : "refuses", m.bad_line, m.dup_line,
        m.n, rc ? msg : "");
  if (rc == 0) {
    CHECK(wl.n == m.n, "%d words, model %d", wl.n, m.n);
    CHECK(!strcmp(wl.path, NAME), "path '%s'", wl.path);
    for (int i = 0; i < wl.n; i++) {
      CHECK(words_valid(wl.w[i]), "word %d not valid", i);
      CHECK(!memcmp(wl.w[i], m.w[i], 6), "word %d '%s', model '%s'", i, wl.w[i], m.w[i]);
      CHECK(wl.line[i] == m.line[i], "word %d on line %d, model %d", i, wl.line[i], m.line[i]);
      CHECK(words_find(&wl, wl.w[i]) == i, "words_find(%s) != %d", wl.w[i], i);
    }
    words_free(&wl);
  } else {
    char want[64];
    int blamed = m.bad_line ? m.bad_line : m.dup_line;
    if (blamed)
      snprintf(want, sizeof want, "%s:%d: ", NAME, blamed);
    else
      snprintf(want, sizeof want, "%s: no words in the list", NAME);
    CHECK(!strncmp(msg, want, strlen(want)), "message '%s', expected it to start '%s'", msg, want);
    CHECK(!strchr(msg, '\n'), "message has a newline: '%s'", msg);
    CHECK(wl.w == NULL && wl.n == 0, "a refused list left words behind");
  }
  model_free(&m);
  return 0;
}
