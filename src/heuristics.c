/* heuristics.c: greedy strategies (heuristics.h). */
#include "heuristics.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "feedback.h"
#include "tuning.h"
#include "util.h"

const uint64_t *heur_clogc_table(void) {
  static uint64_t table[OPTLE_MAX_ANSWERS + 1];
  static int ready;
  int done;
#pragma omp atomic read
  done = ready;
  if (!done) {
#pragma omp critical(heur_clogc_init)
    if (!ready) {
      for (int i = 2; i <= OPTLE_MAX_ANSWERS; i++)
        table[i] = (uint64_t)llround(i * log2((double)i) * (double)(1u << HEUR_LOG_SHIFT));
#pragma omp atomic write
      ready = 1;
    }
  }
  return table;
}

/* Best guess by entropy for set (n >= 2), or -1 if no guess informs. */
static int pick_entropy(const game *g, const uint16_t *set, int n) {
  uint16_t cnt[PATTERN_COUNT] = {0};
  const uint64_t *clogc = heur_clogc_table();
  int best = -1, best_green = 0;
  uint64_t best_score = UINT64_MAX;
  const uint8_t **rows = xmalloc(sizeof *rows * (size_t)n);
  for (int j = 0; j < n; j++) rows[j] = game_answer_row(g, set[j]);
  for (int q = 0; q < g->n_guesses; q++) {
    int k = 0;
    for (int j = 0; j < n; j++) k += cnt[rows[j][q]]++ == 0;
    int green = cnt[PATTERN_WIN] != 0;
    uint64_t score = 0;
    for (int j = 0; j < n; j++) {
      uint8_t p = rows[j][q];
      if (cnt[p]) {
        score += clogc[cnt[p]];
        cnt[p] = 0;
      }
    }
    if (k == 1 && !green) continue; /* no information */
    if (score < best_score || (score == best_score && green > best_green)) {
      best = q;
      best_score = score;
      best_green = green;
    }
  }
  free(rows);
  return best;
}

static int total(const game *g, const uint16_t *set, int n, int depth) {
  if (n == 1) return 1;
  if (depth <= 1) return OPTLE_INF;
  int q = pick_entropy(g, set, n);
  if (q < 0) return OPTLE_INF;
  uint8_t *row = xmalloc((size_t)n);
  for (int j = 0; j < n; j++) row[j] = game_fb(g, q, set[j]);
  /* Counting sort of the set by pattern: classes stay sorted. */
  int start[PATTERN_COUNT + 1] = {0};
  for (int j = 0; j < n; j++) start[row[j] + 1]++;
  for (int p = 0; p < PATTERN_COUNT; p++) start[p + 1] += start[p];
  uint16_t *part = xmalloc(sizeof *part * (size_t)n);
  int fill[PATTERN_COUNT];
  memcpy(fill, start, sizeof fill);
  for (int j = 0; j < n; j++) part[fill[row[j]]++] = set[j];
  free(row);
  int child = depth == OPTLE_DEPTH_UNLIMITED ? depth : depth - 1;
  long sum = n;
  for (int p = 0; p < PATTERN_WIN && sum < OPTLE_INF; p++) {
    int c = start[p + 1] - start[p];
    if (c) sum += total(g, part + start[p], c, child);
  }
  free(part);
  return sum < OPTLE_INF ? (int)sum : OPTLE_INF;
}

int heur_entropy_total(const game *g, const uint16_t *set, int n, int depth) {
  if (n <= 0) return 0;
  return total(g, set, n, depth);
}
