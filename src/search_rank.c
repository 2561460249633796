/*
 * search_rank.c: exact values of single guesses at a set, and the
 * ranking of every guess by exact value (search.h), for mid-game advice.
 */
#include <stdlib.h>
#include <string.h>

#include "search_impl.h"

/* The value of guessing g first: n + the classes' exact values. */
int srch_guess_value(search *s, const uint16_t *A, int n, int d, int g, int beta) {
  if (d <= 1) return n == 1 && game_fb(s->g, g, A[0]) == PATTERN_WIN ? 1 : INF;
  ctx *c = &s->ctx[0];
  level *L = srch_level(c, 0);
  srch_partition(s->g, L, A, n, g);
  if (L->ncls == 1 && L->cls[0].size == n) return INF; /* no information */
  int lbg = n;
  for (int i = 0; i < L->ncls; i++) lbg += set_floor(s, L->cls[i].size);
  if (lbg >= beta) return lbg;
  return srch_eval_guess(c, A, n, d, g, lbg, beta, NULL, 0, s->root_u, s->root_nu, s->root_rs);
}

int search_guess_value(search *s, const uint16_t *A, int n, int depth, int g) {
  if (n <= 0) return 0;
  srch_begin(s);
  return srch_finish(s, srch_guess_value(s, A, n, depth > 0 ? depth : s->depth, g, INF));
}

/* By class-count bound, then the tie rule. */
static int cand_lb_cmp(const void *pa, const void *pb) {
  const cand *a = pa, *b = pb;
  if (a->lb != b->lb) return a->lb - b->lb;
  return score_tie_cmp(a->green, a->g, b->green, b->g);
}

static int ranked_cmp(const void *pa, const void *pb) {
  const search_ranked *a = pa, *b = pb;
  if (a->value != b->value) return a->value < b->value ? -1 : 1;
  return score_tie_cmp(a->in_set, a->guess, b->in_set, b->guess);
}

int search_rank(search *s, const uint16_t *A, int n, int depth, int top, search_ranked *out) {
  if (n <= 0 || top <= 0) return 0;
  srch_begin(s);
  int d = depth > 0 ? depth : s->depth;
  const game *G = s->g;
  ctx *c = &s->ctx[0];
  /* Every informative guess's class-count bound (no dedupe: guesses
   * with the same feedback are equal alternatives, and all are listed). */
  cand *cands = xmalloc(sizeof *cands * (size_t)G->n_guesses);
  int nc = 0;
  for (int u = 0; u < s->root_nu; u++) { /* the guesses the history allows */
    int g = s->root_u[u], k = 0;
    for (int j = 0; j < n; j++) k += c->cnt[game_fb(G, g, A[j])]++ == 0;
    int green = c->cnt[PATTERN_WIN] != 0;
    for (int j = 0; j < n; j++) c->cnt[game_fb(G, g, A[j])] = 0;
    if (k == 1 && !green) continue;
    cands[nc++] = (cand){.g = g, .lb = guess_floor(s, n, k, green), .green = green};
  }
  qsort(cands, (size_t)nc, sizeof *cands, cand_lb_cmp);
  int have = 0;
  for (int i = 0; i < nc; i++) {
    /* Sorted by bound: once the bound passes the worst kept value, stop. */
    if (have == top && cands[i].lb > out[have - 1].value) break;
    int beta = have == top ? out[have - 1].value + 1 : INF;
    int v = srch_guess_value(s, A, n, d, cands[i].g, beta);
    if (v >= beta || v >= INF) continue;
    search_ranked e = {cands[i].g, v, cands[i].green};
    if (have == top) {
      if (ranked_cmp(&e, &out[have - 1]) >= 0) continue;
      have--;
    }
    out[have++] = e;
    qsort(out, (size_t)have, sizeof *out, ranked_cmp);
  }
  free(cands);
  return srch_finish(s, have) == INF ? 0 : have;
}
