/*
 * fuzz_pattern.c: libFuzzer target for feedback pattern strings
 * (feedback.h: pattern_parse, pattern_format, pattern_cmp).
 *
 * The input, cut at its first NUL, is parsed as a pattern string and
 * compared with a reference reading of docs/lists.md's rule: exactly five
 * symbols, G g 2 green, Y y 1 yellow, B b X x . - 0 gray, position i
 * weighing 3^i.  A parsed code must be in 0..242, format as five of
 * B/Y/G that parse back to the same code, and the formatted string must
 * be the input with every symbol normalised.  Two codes taken from the
 * input's first bytes check pattern_cmp against strcmp of their strings
 * (trees list branches in that order: B < G < Y).  The whole code range
 * round-trips once at start-up.
 *
 * Built and run by `make fuzz-lists` (tests/fuzz/fuzz-lists.mk).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feedback.h"

#define CHECK(cond, ...)                                                      \
  do {                                                                        \
    if (!(cond)) {                                                            \
      fprintf(stderr, "fuzz_pattern: check failed: %s: ", #cond);             \
      fprintf(stderr, __VA_ARGS__);                                           \
      fprintf(stderr, "\n");                                                  \
      abort();                                                                \
    }                                                                         \
  } while (0)

/* 0 gray, 1 yellow, 2 green, -1 not a pattern symbol. */
static int symbol(unsigned char c) {
  switch (c) {
  case 'G': case 'g': case '2': return 2;
  case 'Y': case 'y': case '1': return 1;
  case 'B': case 'b': case 'X': case 'x': case '.': case '-': case '0': return 0;
  default: return -1;
  }
}

static int sign(int x) { return (x > 0) - (x < 0); }

static void check_code(int code) {
  char s[6];
  memset(s, '?', sizeof s);
  pattern_format(code, s);
  CHECK(s[5] == '\0' && strspn(s, "BYG") == 5, "format(%d) = '%.6s'", code, s);
  CHECK(pattern_parse(s) == code, "parse(format(%d)) = %d", code, pattern_parse(s));
}

static int once(void) {
  for (int c = 0; c < PATTERN_COUNT; c++) check_code(c);
  char win[6];
  pattern_format(PATTERN_WIN, win);
  CHECK(!strcmp(win, "GGGGG"), "the win is '%s'", win);
  CHECK(pattern_parse("BGYBG") == 177, "BGYBG is %d", pattern_parse("BGYBG"));
  return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int ready;
  if (!ready) ready = once();
  char *s = malloc(size + 1);
  memcpy(s, data, size);
  s[size] = '\0';

  int want = strlen(s) == 5 ? 0 : -1;
  for (int i = 0; i < 5 && want >= 0; i++) {
    int v = symbol((unsigned char)s[i]);
    want = v < 0 ? -1 : want + v * (int)(i == 0 ? 1 : i == 1 ? 3 : i == 2 ? 9 : i == 3 ? 27 : 81);
  }
  int got = pattern_parse(s);
  CHECK(got == want, "parse('%s') = %d, expected %d", s, got, want);
  if (got >= 0) {
    CHECK(got < PATTERN_COUNT, "code %d", got);
    char f[6];
    pattern_format(got, f);
    for (int i = 0; i < 5; i++)
      CHECK(f[i] == "BYG"[symbol((unsigned char)s[i])], "format(parse('%s')) = '%s'", s, f);
    check_code(got);
  }
  /* pattern_cmp orders codes as strcmp orders their strings. */
  if (size >= 2) {
    int a = data[0] % PATTERN_COUNT, b = data[1] % PATTERN_COUNT;
    char fa[6], fb[6];
    pattern_format(a, fa);
    pattern_format(b, fb);
    CHECK(sign(pattern_cmp(a, b)) == sign(strcmp(fa, fb)), "cmp(%s, %s) = %d", fa, fb,
          pattern_cmp(a, b));
    CHECK(sign(pattern_cmp(a, b)) == -sign(pattern_cmp(b, a)), "cmp(%s, %s) not antisymmetric", fa,
          fb);
  }
  free(s);
  return 0;
}
