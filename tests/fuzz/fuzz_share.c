/*
 * fuzz_share.c: libFuzzer target for the share text (share.h) and the
 * patterns players write (feedback.h pattern_read()).
 *
 * Any bytes: share_parse() must return 0 or -1 and never crash.  On 0 the
 * grid must agree with itself: 1 to SHARE_MAX_ROWS rows, each pattern in
 * 0..242, lines rising, only the last row all green; a header's result N
 * with N rows, X with `limit` rows.  On -1 the message must name the text
 * ("t:" or "t: ") and be whole UTF-8 (no character cut, no stray byte).
 * The same bytes as one pattern: pattern_read() returns a code in 0..242
 * after five characters, or -1 with its column within the characters it
 * read, and a whole message.
 *
 * Built and run by `make fuzz-lists` (tests/fuzz/fuzz-lists.mk).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "feedback.h"
#include "share.h"
#include "utf8.h"

#define CHECK(cond, ...)                                                      \
  do {                                                                        \
    if (!(cond)) {                                                            \
      fprintf(stderr, "fuzz_share: check failed: %s: ", #cond);               \
      fprintf(stderr, __VA_ARGS__);                                           \
      fprintf(stderr, "\n");                                                  \
      abort();                                                                \
    }                                                                         \
  } while (0)

static int whole(const char *s) {
  size_t len = strlen(s);
  for (size_t at = 0; at < len;) {
    uint32_t cp;
    size_t n = utf8_next(s + at, len - at, &cp);
    if (cp == UTF8_BAD && n == 1) return 0;
    at += n;
  }
  return 1;
}

static void check_grid(const share_grid *g) {
  CHECK(g->n >= 1 && g->n <= SHARE_MAX_ROWS, "%d rows", g->n);
  for (int i = 0; i < g->n; i++) {
    CHECK(g->pattern[i] >= 0 && g->pattern[i] < PATTERN_COUNT, "row %d: %d", i, g->pattern[i]);
    CHECK(i == 0 || g->line[i] > g->line[i - 1], "row %d: line %d", i, g->line[i]);
    CHECK(g->pattern[i] != PATTERN_WIN || i == g->n - 1, "a row after a win");
  }
  if (g->header && g->result) CHECK(g->n == g->result, "%d rows, result %d", g->n, g->result);
  if (g->header && !g->result) CHECK(g->n == g->limit, "%d rows, X/%d", g->n, g->limit);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  share_grid g;
  if (share_parse((const char *)data, size, "t", &g) == 0) {
    check_grid(&g);
  } else {
    const char *m = err_msg();
    CHECK(!strncmp(m, "t:", 2), "message '%s'", m);
    CHECK(whole(m), "message cuts a character: '%s'", m);
  }
  pattern_text pt;
  int code = pattern_read((const char *)data, size, &pt);
  if (code >= 0) {
    CHECK(code < PATTERN_COUNT && pt.chars == 5, "code %d after %d characters", code, pt.chars);
  } else {
    CHECK(pt.col >= 0 && pt.col <= pt.chars, "column %d of %d", pt.col, pt.chars);
    CHECK(whole(err_msg()), "message cuts a character: '%s'", err_msg());
  }
  return 0;
}
