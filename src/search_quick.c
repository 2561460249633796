/*
 * search_quick.c: what is known of a set short of a scan (search_impl.h
 * srch_quick()): the closed forms (n <= 3), the splits by the set's own
 * answers (O(n^2) table reads) and the memo.  The lowest of the search's
 * files: the recursion (search.c) and the lookahead bounds (search_l1.c)
 * both start from it, and it calls neither.
 *
 * Why each is exact: a set of n answers needs 2n - 1 at least (one guess
 * finds one answer, every other answer needs two or more), and exactly
 * that when one of its answers splits the rest into singletons.
 * Otherwise every guess in A leaves a class of two or more (cost >= 2n)
 * and every other guess costs n + n at least, so T >= 2n; an answer that
 * leaves a single pair reaches it (n + (n - 3) + 3), as does guessing one
 * of three answers that no answer separates (3 + 3).
 */
#include "search_impl.h"

/* How well A's own answers split A: 2 if one gives every answer its own
 * pattern, 1 if one leaves exactly one pair (and singletons), else 0.
 * O(n^2) table reads, far less than a scan. */
static int splits_in(ctx *c, const uint16_t *A, int n) {
  if (n > PATTERN_COUNT) return 0;
  const game *G = c->s->g;
  const uint8_t **rows = c->rows;
  int best = 0;
  for (int j = 0; j < n; j++) rows[j] = game_answer_row(G, A[j]);
  for (int i = 0; i < n; i++) {
    int g = G->ans2guess[A[i]], dup = 0;
    uint64_t seen[4] = {0};
    for (int j = 0; j < n && dup < 2; j++) {
      uint8_t p = rows[j][g];
      dup += (int)(seen[p >> 6] >> (p & 63) & 1);
      seen[p >> 6] |= 1ull << (p & 63);
    }
    if (dup == 0) return 2;
    if (dup == 1) best = 1;
  }
  return best;
}

/* Fills k->lb (the exact value when k->exact, else a lower bound) and
 * k->h, in the two steps search_impl.h names. */
bool srch_quick_memo(ctx *c, const uint16_t *A, int n, int d, klass *k, const rstate *rs) {
  k->exact = true;
  k->h = 0;
  /* A single answer takes one guess, if one is left: a class reached
   * with none left (a ranking's first guess under --max-guesses 1) has
   * no strategy, not a total of 1. */
  if (n == 1) { k->lb = d >= 1 ? 1 : INF; return true; }
  if (d <= 1) { k->lb = INF; return true; }
  if (n == 2) {
    c->st.closed_form++;
    k->lb = 3;
    return true;
  }
  if (n >= MEMO_MIN_SET) {
    int v;
    bool exact;
    int dk = d >= n ? UNLIMITED : d, klen;
    const void *key = rstate_key(rs, &klen);
    k->h = memo_hash_k(A, n, dk, key, klen);
    c->st.memo_probes++;
    if (memo_probe_k(c->s->memo, k->h, A, n, dk, key, klen, &v, &exact)) {
      /* A stored bound exceeds 2n, so the split checks below failed. */
      c->st.memo_hits++;
      assert(v >= set_floor(c->s, n));
      k->lb = v;
      k->exact = exact;
      return true;
    }
  }
  k->exact = false;
  k->lb = 2 * n - 1;
  return false;
}

void srch_quick_splits(ctx *c, const uint16_t *A, int n, int d, klass *k) {
  int split = splits_in(c, A, n);
  k->exact = true;
  if (split == 2) {
    c->st.perfect_in++;
    k->lb = 2 * n - 1; /* one of A's answers splits the rest */
    return;
  }
  k->lb = 2 * n;
  if (d >= 3 && (n == 3 || split == 1)) {
    c->st.closed_form++;
    return;
  }
  k->exact = false;
}

void srch_quick(ctx *c, const uint16_t *A, int n, int d, klass *k, const rstate *rs) {
  if (!srch_quick_memo(c, A, n, d, k, rs)) srch_quick_splits(c, A, n, d, k);
}

