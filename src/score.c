/* score.c: the c*log2(c) table and the partition (score.h). */
#include "score.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

#include "tuning.h"

static uint64_t clogc[OPTLE_MAX_ANSWERS + 1];

static void clogc_build(void) {
  for (int i = 2; i <= OPTLE_MAX_ANSWERS; i++)
    clogc[i] = (uint64_t)llround(i * log2((double)i) * (double)(1u << SCORE_LOG_SHIFT));
}

/* Built once, by whichever thread comes first; pthread_once orders the
 * build before every later read. */
const uint64_t *score_clogc_table(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, clogc_build);
  return clogc;
}

void score_partition(const game *G, int g, const uint16_t *A, int n, uint16_t *out,
                     int start[PATTERN_COUNT + 1]) {
  memset(start, 0, sizeof(int) * (PATTERN_COUNT + 1));
  for (int j = 0; j < n; j++) start[game_fb(G, g, A[j]) + 1]++;
  for (int p = 0; p < PATTERN_COUNT; p++) start[p + 1] += start[p];
  int fill[PATTERN_COUNT];
  memcpy(fill, start, sizeof fill);
  for (int j = 0; j < n; j++) out[fill[game_fb(G, g, A[j])]++] = A[j];
}
