/* heuristics.c: the c*log2(c) table and the entropy seed (heuristics.h). */
#include "heuristics.h"

#include <math.h>
#include <pthread.h>

#include "strategy.h"
#include "tuning.h"

static uint64_t clogc[OPTLE_MAX_ANSWERS + 1];

static void clogc_build(void) {
  for (int i = 2; i <= OPTLE_MAX_ANSWERS; i++)
    clogc[i] = (uint64_t)llround(i * log2((double)i) * (double)(1u << HEUR_LOG_SHIFT));
}

/* Built once, by whichever thread comes first; pthread_once orders the
 * build before every later read. */
const uint64_t *heur_clogc_table(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, clogc_build);
  return clogc;
}

/* The greedy entropy strategy lives in strategy.c with the other rules;
 * this is its depth-limited total, as the search's seed uses it. */
int heur_entropy_total(const game *g, const uint16_t *set, int n, int depth) {
  strategy entropy;
  strategy_parse("entropy", &entropy); /* cannot fail */
  return strategy_total(&entropy, g, set, n, -1, depth, NULL);
}
