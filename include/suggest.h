/*
 * suggest.h: "did you mean" for a mistyped command, option or list name.
 *
 * The closest candidate by optimal string alignment distance (Levenshtein
 * with the swap of two adjacent characters as one edit), compared without
 * case.  A candidate is offered only when it is close enough to be a
 * typo rather than another word: at most 1 edit for names of up to 4
 * characters, else at most 2, and never more than half the typed name.
 * Ties go to the earlier candidate, so a suggestion is deterministic.
 *
 * Hand-written rather than taken from a library: Debian packages no small
 * C library for it (the ones that exist drag in a whole text toolkit),
 * and it is twenty lines with a unit test.
 */
#ifndef OPTLE_SUGGEST_H
#define OPTLE_SUGGEST_H

#include <stddef.h>

/* The edit distance between a and b (case ignored); names longer than
 * SUGGEST_MAX bytes count as far from everything (SUGGEST_MAX + 1). */
#define SUGGEST_MAX 63
int suggest_distance(const char *a, const char *b);

/* The candidate (of n, any NULL skipped) closest to typed, or NULL when
 * none is close enough (see above) or typed equals one exactly. */
const char *suggest_best(const char *typed, const char *const *cands, size_t n);

/* " (did you mean 'X'?)", or "" when there is no suggestion: for
 * appending to an error message.  The text lives in a per-thread buffer
 * until the next call. */
const char *suggest_hint(const char *typed, const char *const *cands, size_t n);

#endif
