/*
 * heuristics.h: the greedy entropy strategy as the exact search uses it,
 * to seed its bound, and the fixed-point c*log2(c) table every entropy
 * score uses.  The strategy itself, with the other greedy rules, rollout
 * and their trees, is in strategy.h; this header keeps the search's two
 * entry points stable.
 *
 * entropy: at every node pick the guess whose feedback partition of the
 * remaining answers has the greatest entropy (equivalently the least
 * sum of c*log2(c) over class sizes c); ties go to a guess that is
 * still a possible answer, then to the lower guess index.  Guesses that
 * leave every answer in one non-winning class are never picked.
 */
#ifndef OPTLE_HEURISTICS_H
#define OPTLE_HEURISTICS_H

#include <stdint.h>

#include "game.h"

/* Fixed-point c*log2(c) scale: scores are exact integers, so equal
 * partitions always compare equal (deterministic ordering). */
#define HEUR_LOG_SHIFT 24
/* Table of c * log2(c) * 2^HEUR_LOG_SHIFT, rounded, for 0 <= c <= 65535
 * (built once, thread-safe). */
const uint64_t *heur_clogc_table(void);

/*
 * Total guesses of the greedy entropy strategy on the answer set `set`
 * (n answer indices), with at most `depth` guesses (OPTLE_DEPTH_UNLIMITED
 * for none); OPTLE_INF when it runs past the limit.  Thread-safe.
 */
int heur_entropy_total(const game *g, const uint16_t *set, int n, int depth);

#endif
