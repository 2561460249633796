/* heuristics.c: the c*log2(c) table and the entropy seed (heuristics.h). */
#include "heuristics.h"

#include <math.h>

#include "strategy.h"
#include "tuning.h"

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

/* The greedy entropy strategy lives in strategy.c with the other rules;
 * this is its depth-limited total, as the search's seed uses it. */
int heur_entropy_total(const game *g, const uint16_t *set, int n, int depth) {
  strategy entropy;
  strategy_parse("entropy", &entropy); /* cannot fail */
  return strategy_total(&entropy, g, set, n, -1, depth, NULL);
}
