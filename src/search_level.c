/*
 * search_level.c: a thread's levels and the partitions in them
 * (search_impl.h): srch_level(), one scratch level per recursion ply of
 * a context, allocated the first time that ply is reached and kept;
 * srch_partition() and srch_partition_by(), a set split by a guess's
 * feedback into a level's buffer, its classes largest first.  Every
 * search layer (the recursion, the bounds, the feasibility test, the
 * proofs) partitions here, so it stands below all of them.
 */
#include <stdlib.h>
#include <string.h>

#include "search_impl.h"

level *srch_level(ctx *c, int ply) {
  assert(ply >= 0);
  if (ply >= c->nlv) {
    int n = ply + 8;
    c->lv = xrealloc(c->lv, sizeof *c->lv * (size_t)n);
    for (int i = c->nlv; i < n; i++) {
      level *L = xcalloc(1, sizeof *L);
      L->cands = xmalloc(sizeof *L->cands * (size_t)c->s->g->n_guesses);
      L->glist = xmalloc(sizeof *L->glist * (size_t)c->s->g->n_guesses);
      L->part = xmalloc(sizeof *L->part * (size_t)c->s->g->n_answers);
      if (c->s->rw) {
        L->krs = xmalloc(sizeof *L->krs * PATTERN_COUNT);
        L->ulist = xmalloc(sizeof *L->ulist * (size_t)c->s->g->n_guesses);
        L->allowed = xmalloc(sizeof *L->allowed * (size_t)(c->s->g->n_guesses / 64 + 2));
      }
      c->lv[i] = L;
    }
    c->nlv = n;
  }
  return c->lv[ply];
}

/* L->cls, in pattern order, by size: largest first, ties by pattern.
 * Insertion sort: at most 242 classes, mostly small. */
static void classes_sort(level *L) {
  for (int i = 1; i < L->ncls; i++) {
    klass k = L->cls[i];
    int j = i;
    while (j > 0 && L->cls[j - 1].size < k.size) {
      L->cls[j] = L->cls[j - 1];
      j--;
    }
    L->cls[j] = k;
  }
}

/* L->cls from the class starts of a partition of n answers in L->part:
 * the non-winning classes, largest first (ties by pattern). */
static void classes_of(level *L, const int start[PATTERN_COUNT + 1], int n) {
  (void)n; /* for the assertion */
  L->ncls = 0;
  for (int p = 0; p < PATTERN_WIN; p++) {
    int c = start[p + 1] - start[p];
    if (c) L->cls[L->ncls++] = (klass){.start = start[p], .size = c, .pat = (uint8_t)p};
  }
  /* The classes and the winner (at most one answer) add up to the set. */
  assert(start[PATTERN_COUNT] == n && start[PATTERN_COUNT] - start[PATTERN_WIN] <= 1);
  classes_sort(L);
}

/* The same partition for a set of at most PART_SMALL answers (pat[j]:
 * A[j]'s pattern): the patterns present found by a bitmap, not by passes
 * over all 243.  Most partitions are of a few dozen answers, where those
 * passes cost more than the answers (every word an answer: 23% of LANTS
 * on nyt-2022-02-all). */
#define PART_SMALL 255
static void partition_small(level *L, const uint16_t *A, int n, const uint8_t *pat) {
  assert(n <= PART_SMALL);
  uint8_t cnt[256], at[256];
  uint64_t seen[4] = {0};
  memset(cnt, 0, sizeof cnt);
  for (int j = 0; j < n; j++) {
    cnt[pat[j]]++;
    seen[pat[j] >> 6] |= 1ull << (pat[j] & 63);
  }
  int pos = 0;
  L->ncls = 0;
  for (int w = 0; w < 4; w++)
    for (uint64_t b = seen[w]; b; b &= b - 1) {
      int p = w * 64 + __builtin_ctzll(b);
      if (p != PATTERN_WIN)
        L->cls[L->ncls++] = (klass){.start = pos, .size = cnt[p], .pat = (uint8_t)p};
      at[p] = (uint8_t)pos;
      pos += cnt[p];
    }
  assert(pos == n && (cnt[PATTERN_WIN] <= 1));
  for (int j = 0; j < n; j++) L->part[at[pat[j]]++] = A[j];
  classes_sort(L);
}

void srch_partition(const game *G, level *L, const uint16_t *A, int n, int g) {
  if (n <= PART_SMALL) {
    uint8_t pat[PART_SMALL];
    for (int j = 0; j < n; j++) pat[j] = game_fb(G, g, A[j]);
    partition_small(L, A, n, pat);
    return;
  }
  int start[PATTERN_COUNT + 1];
  score_partition(G, g, A, n, L->part, start);
  classes_of(L, start, n);
}

void srch_partition_by(level *L, const uint16_t *A, int n, const uint8_t *pat) {
  if (n <= PART_SMALL) {
    partition_small(L, A, n, pat);
    return;
  }
  int start[PATTERN_COUNT + 1], fill[PATTERN_COUNT];
  memset(start, 0, sizeof start);
  for (int j = 0; j < n; j++) start[pat[j] + 1]++;
  for (int p = 0; p < PATTERN_COUNT; p++) start[p + 1] += start[p];
  memcpy(fill, start, sizeof fill);
  for (int j = 0; j < n; j++) L->part[fill[pat[j]]++] = A[j];
  classes_of(L, start, n);
}
