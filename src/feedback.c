/* feedback.c: Wordle feedback, pattern strings, and the table (feedback.h). */
#include "feedback.h"

#include <stddef.h>
#include <stdint.h>

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

void feedback_table_fill(uint8_t *table, const char (*guesses)[8], int n_guesses,
                         const char (*answers)[8], int n_answers) {
#pragma omp parallel for schedule(static)
  for (int a = 0; a < n_answers; a++) {
    uint8_t *row = table + (size_t)a * (size_t)n_guesses;
    const char *aw = answers[a];
    uint32_t mask = letter_mask(aw); /* absent letters skip the yellow scan */
    for (int g = 0; g < n_guesses; g++) row[g] = score(guesses[g], aw, mask);
  }
}
