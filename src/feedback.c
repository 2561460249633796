/* feedback.c: Wordle feedback, pattern strings, and the table (feedback.h). */
#include "feedback.h"

#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"
#include "util.h"

static const int pow3[5] = {1, 3, 9, 27, 81};

/*
 * Greens first; then, left to right, a non-green guess letter is yellow
 * if an answer letter equal to it is neither green nor already used by
 * an earlier yellow.  `used` holds the consumed answer positions.
 */
static inline uint8_t score(const char *g, const char *a, uint32_t amask) {
  unsigned used = 0;
  int code = 0;
  for (int i = 0; i < 5; i++)
    if (g[i] == a[i]) {
      used |= 1u << i;
      code += 2 * pow3[i];
    }
  for (int i = 0; i < 5; i++) {
    if (used >> i & 1 && g[i] == a[i]) continue;
    if (!(amask >> (g[i] - 'a') & 1)) continue; /* letter absent: gray */
    for (int j = 0; j < 5; j++)
      if (!(used >> j & 1) && a[j] == g[i]) {
        used |= 1u << j;
        code += pow3[i];
        break;
      }
  }
  return (uint8_t)code;
}

static uint32_t letter_mask(const char *w) {
  uint32_t m = 0;
  for (int i = 0; i < 5; i++) m |= 1u << (w[i] - 'a');
  return m;
}

uint8_t feedback_of(const char *guess, const char *answer) {
  return score(guess, answer, letter_mask(answer));
}

int pattern_parse(const char *s) {
  int code = 0;
  for (int i = 0; i < 5; i++) {
    int v;
    switch (s[i]) {
    case 'G': case 'g': case '2': v = 2; break;
    case 'Y': case 'y': case '1': v = 1; break;
    case 'B': case 'b': case 'X': case 'x': case '.': case '-': case '0': v = 0; break;
    default: return -1; /* includes an early NUL */
    }
    code += v * pow3[i];
  }
  return s[5] == '\0' ? code : -1;
}

/* The symbols of pattern_read(): a code point, its colour, its scheme. */
static const struct {
  uint32_t cp;
  int colour;
  unsigned scheme;
} symbols[] = {
    {'G', 2, 0},       {'g', 2, 0},       {'2', 2, 0},       {'Y', 1, 0},
    {'y', 1, 0},       {'1', 1, 0},       {'B', 0, 0},       {'b', 0, 0},
    {'X', 0, 0},       {'x', 0, 0},       {'.', 0, 0},       {'-', 0, 0},
    {'0', 0, 0},       {'_', 0, 0},       {0x2B1B, 0, 0},    {0x2B1C, 0, 0}, /* ⬛ ⬜ */
    {0x1F7E8, 1, PATTERN_SQUARES},  {0x1F7E9, 2, PATTERN_SQUARES},  /* 🟨 🟩 */
    {0x1F7E6, 1, PATTERN_CONTRAST}, {0x1F7E7, 2, PATTERN_CONTRAST}, /* 🟦 🟧 */
};
#define VARIATION_SELECTOR 0xFE0Fu

static int symbol_of(uint32_t cp, unsigned *scheme) {
  for (size_t i = 0; i < sizeof symbols / sizeof *symbols; i++)
    if (symbols[i].cp == cp) {
      *scheme = symbols[i].scheme;
      return symbols[i].colour;
    }
  return -1;
}

/* What a pattern may be made of, for messages. */
#define PATTERN_SYMBOLS "G (green), Y (yellow), B (gray), or 2 1 0 (also X . - _ for gray), " \
                        "or the squares ⬛ ⬜ 🟨 🟩 (🟦 🟧 in high contrast)"

int pattern_read(const char *s, size_t len, pattern_text *out) {
  memset(out, 0, sizeof *out);
  int code = 0, first_col[3] = {0, 0, 0};
  size_t at = 0;
  while (at < len) {
    uint32_t cp;
    size_t n = utf8_next(s + at, len - at, &cp);
    int col = ++out->chars;
    unsigned scheme = 0;
    int v = symbol_of(cp, &scheme);
    if (v < 0) {
      char q[32];
      utf8_quote(s + at, len - at, 1, q, sizeof q);
      size_t ql = strlen(q);
      if (ql >= 3 && !strcmp(q + ql - 3, "...")) q[ql - 3] = '\0';
      out->col = col;
      return err_set("'%s' is not a colour: a pattern is five of " PATTERN_SYMBOLS, q);
    }
    at += n;
    if (at < len && cp > 0x7f) { /* a square's variation selector */
      uint32_t vs;
      size_t m = utf8_next(s + at, len - at, &vs);
      if (vs == VARIATION_SELECTOR) at += m;
    }
    if (col > 5) {
      out->col = col;
      return err_set("one colour too many: a pattern has five");
    }
    if (scheme && !first_col[scheme]) first_col[scheme] = col;
    out->schemes |= scheme;
    if (out->schemes == (PATTERN_SQUARES | PATTERN_CONTRAST)) {
      out->col = col;
      return err_set("the squares mix the two colour schemes: 🟨 🟩, and 🟦 🟧 of high "
                     "contrast (column %d has the other)",
                     first_col[scheme == PATTERN_SQUARES ? 2 : 1]);
    }
    code += v * pow3[col - 1];
  }
  assert(code >= 0 && code < PATTERN_COUNT);
  if (out->chars != 5)
    return err_set("%d colour%s: a pattern has five, of " PATTERN_SYMBOLS, out->chars,
                   out->chars == 1 ? "" : "s");
  return code;
}

void pattern_format(int code, char out[6]) {
  static const char sym[3] = {'B', 'Y', 'G'};
  for (int i = 0; i < 5; i++, code /= 3) out[i] = sym[code % 3];
  out[5] = '\0';
}

int pattern_cmp(int a, int b) {
  static const int rank[3] = {0, 2, 1}; /* gray B < green G < yellow Y */
  for (int i = 0; i < 5; i++, a /= 3, b /= 3) {
    int d = rank[a % 3] - rank[b % 3];
    if (d) return d;
  }
  return 0;
}

/*
 * The table uses a second, branch-light formulation of the same rule, so
 * it also cross-checks feedback_of() in the tests.  For an answer, pm[L]
 * is the mask of positions holding letter L; for guess letter i, pm[g[i]]
 * says where it occurs in the answer.  Greens are bit i of that mask;
 * yellows take, left to right, any answer position with the letter that
 * is neither green nor taken (which one does not change the pattern).
 */
static inline uint8_t score_masks(const uint8_t *gl, const uint8_t *pm) {
  unsigned m[5] = {pm[gl[0]], pm[gl[1]], pm[gl[2]], pm[gl[3]], pm[gl[4]]};
  unsigned green = (m[0] & 1) | (m[1] & 2) | (m[2] & 4) | (m[3] & 8) | (m[4] & 16);
  unsigned avail = 0x1f & ~green;
  unsigned code = 0;
  /* Branch-free: patterns are close to random, so branches mispredict. */
  for (int i = 0; i < 5; i++) {
    unsigned gi = green >> i & 1;
    unsigned x = m[i] & avail & (gi - 1); /* nothing to take when green */
    avail &= ~(x & -x);                   /* take the lowest such position */
    code += (unsigned)pow3[i] * (2 * gi + (x != 0));
  }
  return (uint8_t)code;
}

#ifdef __AVX2__
#include <immintrin.h>

/* score_masks() for 32 guesses at once: planes[i][g] is guess g's letter
 * i (0..25); the pm lookup is two in-lane byte shuffles (letters 0-15 and
 * 16-25), and the rest is the same bit arithmetic on bytes. */
static int fill_avx2(uint8_t *row, const uint8_t *const planes[5], int n, const uint8_t pm[32]) {
  const __m256i tlo = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)pm));
  const __m256i thi = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(pm + 16)));
  const __m256i k16 = _mm256_set1_epi8(16), zero = _mm256_setzero_si256();
  int g = 0;
  for (; g + 32 <= n; g += 32) {
    __m256i m[5], green = zero;
    for (int i = 0; i < 5; i++) {
      __m256i L = _mm256_loadu_si256((const __m256i *)(planes[i] + g));
      __m256i lo = _mm256_and_si256(_mm256_shuffle_epi8(tlo, L), _mm256_cmpgt_epi8(k16, L));
      __m256i hi = _mm256_shuffle_epi8(thi, _mm256_sub_epi8(L, k16));
      m[i] = _mm256_or_si256(lo, hi);
      green = _mm256_or_si256(green, _mm256_and_si256(m[i], _mm256_set1_epi8((char)(1 << i))));
    }
    __m256i avail = _mm256_andnot_si256(green, _mm256_set1_epi8(0x1f)), code = zero;
    for (int i = 0; i < 5; i++) {
      __m256i bit = _mm256_set1_epi8((char)(1 << i));
      __m256i isg = _mm256_cmpeq_epi8(_mm256_and_si256(green, bit), bit);
      __m256i x = _mm256_andnot_si256(isg, _mm256_and_si256(m[i], avail));
      avail = _mm256_andnot_si256(_mm256_and_si256(x, _mm256_sub_epi8(zero, x)), avail);
      __m256i isy = _mm256_andnot_si256(_mm256_cmpeq_epi8(x, zero), _mm256_set1_epi8(-1));
      code = _mm256_add_epi8(code, _mm256_and_si256(isg, _mm256_set1_epi8((char)(2 * pow3[i]))));
      code = _mm256_add_epi8(code, _mm256_and_si256(isy, _mm256_set1_epi8((char)pow3[i])));
    }
    _mm256_storeu_si256((__m256i *)(row + g), code);
  }
  return g;
}
#endif

void feedback_table_fill(uint8_t *table, const char (*guesses)[8], int n_guesses,
                         const char (*answers)[8], int n_answers) {
  /* Letter planes: plane i holds letter i of every guess, as 0..25. */
  uint8_t *planes = xmalloc(5 * (size_t)n_guesses + 64);
  for (int g = 0; g < n_guesses; g++)
    for (int i = 0; i < 5; i++) planes[(size_t)i * n_guesses + g] = (uint8_t)(guesses[g][i] - 'a');
  const uint8_t *const pl[5] = {planes, planes + n_guesses, planes + 2 * (size_t)n_guesses,
                                planes + 3 * (size_t)n_guesses, planes + 4 * (size_t)n_guesses};
#pragma omp parallel for schedule(static)
  for (int a = 0; a < n_answers; a++) {
    /* A stop (clock.h) skips the rest: a large table takes seconds, and
     * the caller (game_table()) then discards it. */
    if (stop_requested()) continue;
    uint8_t pm[32] = {0};
    for (int j = 0; j < 5; j++) pm[answers[a][j] - 'a'] |= (uint8_t)(1u << j);
    uint8_t *row = table + (size_t)a * (size_t)n_guesses;
    int g = 0;
#ifdef __AVX2__
    g = fill_avx2(row, pl, n_guesses, pm);
#endif
    for (; g < n_guesses; g++) {
      uint8_t gl[5] = {pl[0][g], pl[1][g], pl[2][g], pl[3][g], pl[4][g]};
      row[g] = score_masks(gl, pm);
    }
  }
  free(planes);
}
