/* suggest.c: "did you mean" (suggest.h). */
#include "suggest.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

int suggest_distance(const char *a, const char *b) {
  size_t m = strlen(a), n = strlen(b);
  if (m > SUGGEST_MAX || n > SUGGEST_MAX) return SUGGEST_MAX + 1;
  int d[SUGGEST_MAX + 1][SUGGEST_MAX + 1];
  for (size_t i = 0; i <= m; i++) d[i][0] = (int)i;
  for (size_t j = 0; j <= n; j++) d[0][j] = (int)j;
  for (size_t i = 1; i <= m; i++)
    for (size_t j = 1; j <= n; j++) {
      int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
      int best = d[i - 1][j - 1] + (ca != cb);
      if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
      if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
          tolower((unsigned char)a[i - 2]) == cb && d[i - 2][j - 2] + 1 < best)
        best = d[i - 2][j - 2] + 1;
      d[i][j] = best;
    }
  return d[m][n];
}

/* The most edits a typo of a name this long may have. */
static int allowed(size_t len) {
  int most = len <= 4 ? 1 : 2;
  return (int)len / 2 < most ? (int)len / 2 : most;
}

const char *suggest_best(const char *typed, const char *const *cands, size_t n) {
  const char *best = NULL;
  int best_d = allowed(strlen(typed)) + 1;
  for (size_t i = 0; i < n; i++) {
    if (!cands[i]) continue;
    int d = suggest_distance(typed, cands[i]);
    if (d == 0 && !strcmp(typed, cands[i])) return NULL;
    if (d < best_d) best_d = d, best = cands[i];
  }
  assert(!best || best_d <= 2);
  return best;
}

const char *suggest_hint(const char *typed, const char *const *cands, size_t n) {
  static _Thread_local char buf[SUGGEST_MAX + 32];
  const char *s = suggest_best(typed, cands, n);
  if (!s) return "";
  snprintf(buf, sizeof buf, " (did you mean '%s'?)", s);
  return buf;
}
