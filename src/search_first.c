/*
 * search_first.c: a proven ranking of first guesses (search.h,
 * search_rank_first()), on the root proof's machinery (search_proof.c).
 *
 * Every first guess gets its exact total, or a proven lower bound above a
 * cutoff C.  The root proof refutes at its optimum; the ranking refutes at
 * C + 1, and searches what survives with C + 1 as the bound to beat, which
 * gives the exact total of every first guess of C or less:
 *
 *  0. one scan of the answers: the bounds' order (every informative guess,
 *     strong splitters first), and each first guess's class count (L0);
 *     first guesses with the same feedback on every answer (under the
 *     normal rules) are one, and share their value;
 *  1. the cutoff: given (--cutoff), none (every value exact), or for the
 *     N best (--top N): the N first guesses with the least L1 sums among
 *     the least L0 are solved exactly, and C is the N-th least value
 *     known; it only falls as better ones are found;
 *  2. L1 and 3. L2 refute at C + 1, as in the root proof;
 *  4. the exact search of the rest, least bound first, each against C + 1
 *     (below it the value is exact; at or above it, a bound above C).
 * A bound proven above a cutoff stays above the final one (it only
 * falls), so every line of a ranking is proven whenever it was found,
 * and a checkpoint can hold it.
 *
 * Each first guess is reported once, when it is settled, through the
 * caller's function (in a critical section), so a caller can append it
 * to a file at once.  Threads: each stage is a parallel loop over first
 * guesses, dynamic schedule, as in the root proof.
 */
#include <stdlib.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "search_impl.h"

/* A group of first guesses with the same feedback on every answer. */
typedef struct {
  opener o;
  int first;        /* its first word (index into the words) */
  bool done;        /* settled (here or in a checkpoint) */
  double seconds;   /* time spent on it */
} group;

typedef struct {
  search *s;
  const search_first_opts *fo;
  const int *words;
  int nwords;
  int *next;        /* the next word of the same group, or -1 */
  int *group_of;    /* a word's group */
  search_first_value *out;
  group *gr;
  int ngr;
  atomic_int cutoff; /* C: values above it may be bounds (INF: none) */
  int *best;         /* top mode: the least exact values found (have of top) */
  int have;
} ranking;

/* Settle group i (value v, exact or a bound): every word of it, told to
 * the caller unless it came from the caller (a checkpoint). */
static void settle(ranking *R, int i, int v, bool exact, bool tell) {
  group *g = &R->gr[i];
  if (v >= INF) exact = true; /* proven: no strategy within the limit */
#pragma omp critical(search_first_report)
  {
    if (!g->done) {
      g->done = true;
      g->o.bound = v;
      g->o.exact = exact;
      for (int w = g->first; w >= 0; w = R->next[w]) {
        R->out[w] = (search_first_value){R->words[w], v, exact, g->seconds, g->o.l0};
        if (tell && R->fo->report) R->fo->report(R->fo->arg, &R->out[w]);
      }
      /* Top N: C is the N-th least exact value known. */
      int top = R->fo->top;
      if (exact && top > 0) {
        bool fill = R->have < top; /* a slot still empty: v goes in */
        int k = fill ? R->have++ : top - 1;
        if (fill || v < R->best[k]) {
          while (k > 0 && R->best[k - 1] > v) {
            R->best[k] = R->best[k - 1];
            k--;
          }
          R->best[k] = v;
        }
        if (R->have == top && R->best[top - 1] < atomic_load(&R->cutoff))
          atomic_store(&R->cutoff, R->best[top - 1]);
      }
    }
  }
}

/* Groups: the words by their feedback on every answer of A (the normal
 * rules only: under rules that narrow two words with the same feedback
 * may allow different guesses after them, so each is its own). */
static void make_groups(ranking *R, const uint16_t *A, int n) {
  search *s = R->s;
  const game *G = s->g;
  int nw = R->nwords;
  R->next = xmalloc(sizeof *R->next * (size_t)(nw ? nw : 1));
  R->group_of = xmalloc(sizeof *R->group_of * (size_t)(nw ? nw : 1));
  R->gr = xcalloc((size_t)(nw ? nw : 1), sizeof *R->gr);
  int *last = xmalloc(sizeof *last * (size_t)(nw ? nw : 1));
  uint8_t *col = xmalloc((size_t)n * 2 + 1);
  uint32_t slots = 1;
  while (slots < 2u * (uint32_t)nw + 2) slots *= 2;
  int *table = xmalloc(sizeof *table * slots); /* group index, or -1 */
  uint64_t *keys = xmalloc(sizeof *keys * slots);
  for (uint32_t i = 0; i < slots; i++) table[i] = -1;
  for (int w = 0; w < nw; w++) {
    int g = R->words[w];
    for (int j = 0; j < n; j++) col[j] = game_fb(G, g, A[j]);
    uint64_t h = XXH3_64bits(col, (size_t)n);
    int found = -1;
    uint32_t at = (uint32_t)h & (slots - 1);
    if (!s->rw) {
      for (; table[at] >= 0; at = (at + 1) & (slots - 1)) {
        if (keys[at] != h) continue;
        int r = R->gr[table[at]].o.g, j = 0;
        while (j < n && game_fb(G, r, A[j]) == col[j]) j++;
        if (j == n) {
          found = table[at];
          break;
        }
      }
    }
    R->next[w] = -1;
    if (found >= 0) {
      R->next[last[found]] = w;
      last[found] = w;
      R->group_of[w] = found;
      continue;
    }
    if (!s->rw) {
      while (table[at] >= 0) at = (at + 1) & (slots - 1);
      table[at] = R->ngr;
      keys[at] = h;
    }
    int k = 0, green = 0;
    uint16_t *cnt = s->ctx[0].cnt;
    for (int j = 0; j < n; j++) k += cnt[col[j]]++ == 0;
    green = cnt[PATTERN_WIN] != 0;
    for (int j = 0; j < n; j++) cnt[col[j]] = 0;
    int l0 = 3 * n - k - green;
    R->gr[R->ngr] = (group){{g, green, l0, l0, false, false}, w, false, 0};
    last[R->ngr] = w;
    R->group_of[w] = R->ngr++;
  }
  free(last), free(col), free(table), free(keys);
}

/* The bounds' order: the least class-count bound first, then index. */
static int cand_cmp_lb(const void *pa, const void *pb) {
  const cand *a = pa, *b = pb;
  if (a->lb != b->lb) return a->lb - b->lb;
  return (a->g > b->g) - (a->g < b->g);
}

static int group_l0_cmp(const void *pa, const void *pb) {
  const group *a = pa, *b = pb;
  if (a->o.l0 != b->o.l0) return a->o.l0 - b->o.l0;
  return score_tie_cmp(a->o.green, a->o.g, b->o.green, b->o.g);
}

int search_rank_first(search *s, const uint16_t *A, int n, const search_first_opts *fo,
                      search_first_value *out) {
  srch_begin(s);
  int d = s->depth;
  ranking R = {.s = s, .fo = fo, .out = out};
  R.words = fo->words ? fo->words : s->root_u;
  R.nwords = fo->words ? fo->nwords : s->root_nu;
  atomic_init(&R.cutoff, fo->cutoff < INF && fo->cutoff >= 0 ? fo->cutoff : INF);
  R.best = xmalloc(sizeof *R.best * (size_t)(fo->top > 0 ? fo->top : 1));

  /* Stage 0: the bounds' order over every informative guess, as in the
   * root proof, and the guesses children scan. */
  ctx *c0 = &s->ctx[0];
  level *L0 = srch_level(c0, 0);
  int failmin = INF;
  scan_result r;
  int nc = srch_scan(c0, L0, A, n, d, INF, s->root_u, s->root_nu, &failmin, NULL, &r);
  cand *cs = xmalloc(sizeof *cs * (size_t)(nc ? nc : 1));
  memcpy(cs, L0->cands, sizeof *cs * (size_t)nc);
  int nu = L0->ng, *U = xmalloc(sizeof *U * (size_t)(nu ? nu : 1));
  memcpy(U, L0->glist, sizeof *U * (size_t)nu);
  qsort(cs, (size_t)nc, sizeof *cs, cand_cmp_lb);
  int *order = xmalloc(sizeof *order * (size_t)(nc ? nc : 1));
  int *cap = xmalloc(sizeof *cap * (size_t)(nc ? nc : 1));
  for (int i = 0; i < nc; i++) order[i] = cs[i].g, cap[i] = 3 * n - cs[i].lb;
  bounds_ctx *outer = s->bx;
  s->bx = srch_bounds_new(s, A, n, order, cap, nc);
  free(order), free(cap), free(cs);

  make_groups(&R, A, n);
  qsort(R.gr, (size_t)R.ngr, sizeof *R.gr, group_l0_cmp);
  for (int i = 0; i < R.ngr; i++) /* the sort moved the groups */
    for (int w = R.gr[i].first; w >= 0; w = R.next[w]) R.group_of[w] = i;
  /* Finished in an earlier run (a checkpoint): settled as they were. */
  int *word_of = xmalloc(sizeof *word_of * (size_t)s->g->n_guesses); /* guess -> word, or -1 */
  for (int i = 0; i < s->g->n_guesses; i++) word_of[i] = -1;
  for (int w = R.nwords - 1; w >= 0; w--) word_of[R.words[w]] = w;
  for (int k = 0; k < fo->ndone; k++) {
    int w = word_of[fo->done[k].guess];
    if (w < 0) continue; /* not among the words ranked now */
    R.gr[R.group_of[w]].seconds = fo->done[k].seconds;
    settle(&R, R.group_of[w], fo->done[k].value, fo->done[k].exact, false);
  }
  free(word_of);

  /* Stage 1: the cutoff for the N best: the least L1 sums of the least
   * L0 solved exactly. */
  if (fo->top > 0 && atomic_load(&R.cutoff) >= INF && R.ngr > fo->top) {
    int probe = R.ngr < ROOT_PROBE + 4 * fo->top ? R.ngr : ROOT_PROBE + 4 * fo->top;
    int *sums = xmalloc(sizeof *sums * (size_t)probe), *idx = xmalloc(sizeof *idx * (size_t)probe);
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads)
    for (int i = 0; i < probe; i++) sums[i] = srch_l1_sum(my_ctx(s), A, n, d, &R.gr[i].o, INF);
    for (int i = 0; i < probe; i++) idx[i] = i;
    for (int i = 1; i < probe; i++)
      for (int j = i; j > 0 && sums[idx[j]] < sums[idx[j - 1]]; j--) {
        int t = idx[j];
        idx[j] = idx[j - 1];
        idx[j - 1] = t;
      }
    level *L = xcalloc(1, sizeof *L);
    L->part = xmalloc(sizeof *L->part * (size_t)n);
    int *vals = xmalloc(sizeof *vals * PATTERN_COUNT);
    for (int i = 0; i < probe && R.have < fo->top && !stopping(s); i++) {
      group *g = &R.gr[idx[i]];
      if (g->done) continue;
      double t = now_seconds();
      int v = srch_classes(s, L, A, n, d, g->o.g, vals, NULL);
      g->seconds += now_seconds() - t;
      if (!stopped(s)) settle(&R, idx[i], v, true, true);
    }
    free(vals), free(L->part), free(L), free(sums), free(idx);
  }

  /* Stages 2 and 3: L1, then L2, refute at C + 1. */
  for (int stage = 1; stage <= 2 && atomic_load(&R.cutoff) < INF; stage++) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads)
    for (int i = 0; i < R.ngr; i++) {
      group *g = &R.gr[i];
      int thr = atomic_load(&R.cutoff) + 1;
      if (g->done || stopping(s)) continue;
      if (g->o.l0 >= thr) {
        settle(&R, i, g->o.l0, false, true);
        continue;
      }
      double t = now_seconds();
      int v = stage == 1 ? srch_l1_sum(my_ctx(s), A, n, d, &g->o, thr)
                         : srch_l2_sum(my_ctx(s), A, n, d, &g->o, thr);
      g->seconds += now_seconds() - t;
      if (stopped(s)) continue;
      if (v > g->o.bound) g->o.bound = v;
      if (v >= thr) settle(&R, i, v, false, true);
    }
  }

  /* Stage 4: the exact search of the rest, least bound first. */
  int *left = xmalloc(sizeof *left * (size_t)(R.ngr ? R.ngr : 1)), nleft = 0;
  for (int i = 0; i < R.ngr; i++)
    if (!R.gr[i].done) left[nleft++] = i;
  for (int i = 1; i < nleft; i++)
    for (int j = i; j > 0 && R.gr[left[j]].o.bound < R.gr[left[j - 1]].o.bound; j--) {
      int t = left[j];
      left[j] = left[j - 1];
      left[j - 1] = t;
    }
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads)
  for (int j = 0; j < nleft; j++) {
    group *g = &R.gr[left[j]];
    int C = atomic_load(&R.cutoff), beta = C < INF ? C + 1 : INF;
    if (stopping(s)) continue;
    if (g->o.bound >= beta) {
      settle(&R, left[j], g->o.bound, false, true);
      continue;
    }
    double t = now_seconds();
    int v = srch_eval_guess(my_ctx(s), A, n, d, g->o.g, g->o.l0, beta, NULL, 1, U, nu,
                            s->root_rs);
    g->seconds += now_seconds() - t;
    if (stopped(s)) continue;
    settle(&R, left[j], v < beta ? v : (v > g->o.bound ? v : g->o.bound), v < beta, true);
  }
  int C = atomic_load(&R.cutoff);
  srch_bounds_free(s->bx);
  s->bx = outer;
  free(left), free(U), free(R.best), free(R.next), free(R.group_of), free(R.gr);
  if (stopped(s)) {
    s->part = (search_partial){true, 0, INF, -1, 0, 0, false};
    return -1;
  }
  return C;
}
