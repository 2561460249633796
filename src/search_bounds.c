/*
 * search_bounds.c: the lookahead bounds' layer (search_impl.h): what a
 * bound is, and the bounds context every scan reads.
 *
 * A guess h on a set C of m answers splits it into k classes (the
 * winning one, when h is in C, included); every class of c answers
 * costs at least 2c - 1 (lb_floor()), so h costs at least
 * m + sum(2c - 1) = 3m - k - [h in C] = 3m - s_h (l1_term(), search_impl.h).  Hence:
 *
 *   L1(C) = 3m - max over all guesses h of s_h        (one guess ahead,
 *                                                       search_l1.c)
 *   L2(C) = min over h of m + sum over h's non-winning classes of L1
 *                                                       (two guesses ahead,
 *                                                       search_l2.c)
 *
 * Both are lower bounds of T_d(C) for every guess limit d >= 2 (a limit
 * only raises values), and both go into the memo as bounds under the
 * full answer set, where the exact search and other first guesses find
 * them.
 *
 * The guesses are scanned in a fixed order, strong splitters of the
 * root's answer set A first, from a copy of the feedback table with its
 * columns in that order (srch_bounds_new()), so that the best s
 * found early lets later guesses be abandoned after a few answers: a
 * guess with `coll` answers landing in classes already seen has
 * s <= m - coll + [h in C].  A guess's s on a subset of A is at most its
 * k + [h in A] on A (its cap), and the caps fall along the order, so a
 * scan ends as soon as a cap cannot beat the best.  Before a block of
 * the order is scanned, the letter caps (search_lcaps.c) drop the guesses
 * whose letters alone cannot beat the best.
 *
 * The scans themselves are the kernels' (kernel.h: one file per
 * instruction set, kernel.c picks one); every kernel gives the same
 * bounds.  This file owns the context: the permuted table, the order's
 * letters (for the letter caps) and, under rules that narrow, the rule
 * bitsets of the order (srch_bounds_allowed()).
 */
#include <stdlib.h>
#include <string.h>

#include "kernel.h"
#include "search_impl.h"

const char *srch_bounds_kernel(void) { return kernel_active()->name; }

/* lq: the letters of b's order by place (search_impl.h). */
void srch_bounds_letters(const game *G, bounds_ctx *b) {
  for (int i = 0; i < b->nstrong; i++) {
    const char *w = G->guesses.w[b->strong[i]];
    for (int q = 0; q < 5; q++) {
      assert(w[q] >= 'a' && w[q] <= 'z');
      b->lq[(size_t)q * (size_t)b->lqstride + (size_t)i] = (uint8_t)letter_code(w, q);
    }
  }
}

/* Rules that narrow: which positions of b's order have each letter in
 * each place, and at least c copies of it (srch_bounds_allowed()); made
 * anew for the order b has now (L2's own order changes with its set). */
void srch_bounds_rules(const search *s, bounds_ctx *b) {
  int nw = b->nwords = (b->nstrong + 63) / 64;
  size_t nat = (size_t)5 * 26 * (size_t)(nw ? nw : 1), nal = (size_t)26 * 7 * (size_t)(nw ? nw : 1);
  free(b->at);
  free(b->atleast);
  b->at = xcalloc(nat, sizeof *b->at);
  b->atleast = xcalloc(nal, sizeof *b->atleast);
  for (int i = 0; i < b->nstrong; i++) {
    const char *w = s->g->guesses.w[b->strong[i]];
    uint64_t bit = 1ull << (i % 64);
    size_t word = (size_t)(i / 64);
    for (int q = 0; q < 5; q++) {
      int L = w[q] - 'a', k = 1; /* this is L's k-th copy in w */
      for (int p = 0; p < q; p++) k += w[p] == w[q];
      b->at[((size_t)q * 26 + (size_t)L) * (size_t)nw + word] |= bit;
      b->atleast[((size_t)L * 7 + (size_t)k) * (size_t)nw + word] |= bit;
    }
  }
}

bounds_ctx *srch_bounds_new(const search *s, const uint16_t *A, int n, const int *order,
                            const int *cap, int no) {
  const game *G = s->g;
  bounds_ctx *b = xcalloc(1, sizeof *b);
  b->nstrong = no;
  b->strong = xmalloc(sizeof *b->strong * (size_t)(no ? no : 1));
  b->cap = xmalloc(sizeof *b->cap * (size_t)(no ? no : 1));
  memcpy(b->strong, order, sizeof *b->strong * (size_t)no);
  memcpy(b->cap, cap, sizeof *b->cap * (size_t)no);
  b->pstride = (no + 63) & ~63;
  b->ptab = xaligned((size_t)n * (size_t)b->pstride + 64);
  /* Zeroed whole first, in one sequential pass (filling it directly was
   * slower: NEWS's speed history), in steps of 32 MiB, polling for a stop
   * between them: 20,000 answers make 400 MB. */
  size_t bytes = (size_t)n * (size_t)b->pstride + 64, step = (size_t)32 << 20;
  bool stop = false;
  for (size_t at = 0; at < bytes && !stop; at += step) {
    memset(b->ptab + at, 0, bytes - at < step ? bytes - at : step);
    stop = stopped((search *)s);
  }
  b->prow = xmalloc(sizeof *b->prow * (size_t)G->n_answers);
  /* An eighth of the memo's cap (pages cost only once touched; NULL, if
   * it cannot be reserved, only means no reuse). */
  b->want = memo_new(((size_t)s->o.memo_mb << 20) / 8);
  b->ppos = xmalloc(sizeof *b->ppos * (size_t)G->n_guesses);
  for (int r = 0; r < n; r++) b->prow[A[r]] = r;
  /* A stop part-way leaves the rest of the table unfilled: every reader
   * of it (smax(), the L2 scan) checks for a stop first, and a stop
   * stays, so none reads it. */
  for (int r = 0; r < n && !stop; r++) {
    const uint8_t *row = game_answer_row(G, A[r]);
    uint8_t *out = b->ptab + (size_t)r * (size_t)b->pstride;
    for (int i = 0; i < no; i++) out[i] = row[order[i]];
    stop = (r & 63) == 63 && stopped((search *)s);
  }
  for (int i = 0; i < G->n_guesses; i++) b->ppos[i] = -1;
  b->lqstride = b->pstride;
  b->lq = xcalloc((size_t)5 * (size_t)b->lqstride + 64, 1);
  srch_bounds_letters(G, b);
  for (int i = 0; i < no; i++) {
    /* Distinct guesses, their caps never rising along the order (a scan
     * ends at the first cap that cannot beat its best). */
    assert(b->ppos[order[i]] < 0 && (i == 0 || cap[i] <= cap[i - 1]));
    b->ppos[order[i]] = i;
  }
  if (s->rw) srch_bounds_rules(s, b);
  return b;
}

void srch_bounds_allowed(const search *s, const bounds_ctx *b, const rstate *rs, uint64_t *out) {
  assert(s->rw && b->at && b->atleast); /* made under rules that narrow */
  int nw = b->nwords;
  for (int w = 0; w < nw; w++) out[w] = ~0ull;
  if (b->nstrong % 64) out[nw - 1] = (1ull << (b->nstrong % 64)) - 1;
  for (int q = 0; q < 5; q++) {
    if (rs->gmask >> (8 * q) & 0xff) {
      int L = (int)(rs->gval >> (8 * q) & 0xff) - 'a';
      const uint64_t *m = b->at + ((size_t)q * 26 + (size_t)L) * (size_t)nw;
      for (int w = 0; w < nw; w++) out[w] &= m[w];
    }
    if (s->o.rules == RULES_ULTRAHARD)
      for (int L = 0; L < 26; L++)
        if (!(rs->pos[q] >> L & 1)) {
          const uint64_t *m = b->at + ((size_t)q * 26 + (size_t)L) * (size_t)nw;
          for (int w = 0; w < nw; w++) out[w] &= ~m[w];
        }
  }
  for (int L = 0; L < 26; L++) {
    int lo = (int)(rs->min[L >> 4] >> (4 * (L & 15)) & 15);
    int hi = (int)(rs->max[L >> 4] >> (4 * (L & 15)) & 15);
    if (lo > 5) lo = 6; /* no five-letter word has six */
    if (lo > 0) {
      const uint64_t *m = b->atleast + ((size_t)L * 7 + (size_t)lo) * (size_t)nw;
      for (int w = 0; w < nw; w++) out[w] &= m[w];
    }
    if (hi < 5) {
      const uint64_t *m = b->atleast + ((size_t)L * 7 + (size_t)hi + 1) * (size_t)nw;
      for (int w = 0; w < nw; w++) out[w] &= ~m[w];
    }
  }
}

static int cand_lb_order(const void *pa, const void *pb) {
  const cand *a = pa, *b = pb;
  if (a->lb != b->lb) return a->lb - b->lb;
  return (a->g > b->g) - (a->g < b->g);
}

bounds_ctx *srch_bounds_cands(const search *s, const uint16_t *A, int n, cand *cs, int nc) {
  qsort(cs, (size_t)nc, sizeof *cs, cand_lb_order);
  int *order = xmalloc(sizeof *order * (size_t)(nc ? nc : 1));
  int *cap = xmalloc(sizeof *cap * (size_t)(nc ? nc : 1));
  for (int i = 0; i < nc; i++) order[i] = cs[i].g, cap[i] = 3 * n - cs[i].lb; /* k + green */
  bounds_ctx *b = srch_bounds_new(s, A, n, order, cap, nc);
  free(order);
  free(cap);
  return b;
}

void srch_bounds_free(bounds_ctx *b) {
  if (!b) return;
  free(b->strong);
  free(b->cap);
  free(b->ptab);
  free(b->prow);
  free(b->ppos);
  free(b->at);
  free(b->atleast);
  free(b->lq);
  if (b->want) memo_free(b->want);
  free(b);
}

