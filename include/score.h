/*
 * score.h: what every strategy, greedy or exact, measures a guess by:
 * how it partitions a set of answers, the entropy of that partition, and
 * the rule that breaks ties between equally good guesses.  One home for
 * each, so that the greedy rules, the exact search, its trees and its
 * ranking can never disagree.
 *
 * The partition.  Guess g splits the answer set A into classes by the
 * feedback each answer gives; score_partition() is a counting sort of A
 * by pattern code, every class keeping A's order (so a sorted A gives
 * sorted classes, the form the memo keys on).
 *
 * Entropy in fixed point.  A partition's entropy is log2(n) - (1/n) sum
 * c log2 c over its class sizes c, so the least sum of c log2 c is the
 * greatest entropy.  score_clogc_table() holds c log2 c scaled by
 * 2^SCORE_LOG_SHIFT and rounded: scores are exact integers, so equal
 * partitions always compare equal and every order is deterministic.
 *
 * The tie rule.  Among guesses that are equally good by whatever
 * measure (a greedy score, an exact total), the one that is still a
 * possible answer (one of the set) goes first, then the lower guess
 * index (guess-list order).  Trees, rankings and the greedy rules all
 * use score_tie_cmp(); with it the tree is a function of the values
 * alone, whatever the thread count or timing.
 */
#ifndef OPTLE_SCORE_H
#define OPTLE_SCORE_H

#include <stdbool.h>
#include <stdint.h>

#include "feedback.h"
#include "game.h"

/* Fixed-point scale of c*log2(c). */
#define SCORE_LOG_SHIFT 24

/* c * log2(c) * 2^SCORE_LOG_SHIFT, rounded, for 0 <= c <= 65535 (built
 * once, thread-safe). */
const uint64_t *score_clogc_table(void);

/*
 * Partition A (n answer indices) by the feedback of guess g: class p
 * goes to out[start[p] .. start[p+1]-1], in pattern-code order, each in
 * A's order.  The winning class (PATTERN_WIN, at most one answer) is
 * last.  out must hold n entries.
 */
void score_partition(const game *G, int g, const uint16_t *A, int n, uint16_t *out,
                     int start[PATTERN_COUNT + 1]);

/* The tie rule: < 0 when guess ga (in_a: one of the set's answers) goes
 * before gb, 0 only for the same guess. */
static inline int score_tie_cmp(bool in_a, int ga, bool in_b, int gb) {
  if (in_a != in_b) return in_a ? -1 : 1;
  return (ga > gb) - (ga < gb);
}

#endif
