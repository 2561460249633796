/*
 * search_bounds.c: lower bounds that look one and two guesses ahead
 * (search_impl.h), for refuting first guesses without a search.
 *
 * A guess h on a set C of m answers splits it into k classes (the
 * winning one, when h is in C, included); every class of c answers
 * costs at least 2c - 1, so h costs at least m + sum(2c - 1) =
 * 3m - k - [h in C] = 3m - s_h.  Hence:
 *
 *   L1(C) = 3m - max over all guesses h of s_h        (one guess ahead)
 *   L2(C) = min over h of m + sum over h's non-winning classes of L1
 *                                                       (two guesses ahead)
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
 * scan ends as soon as a cap cannot beat the best.
 *
 * The kernel takes the guesses 64 (AVX-512) or 32 (AVX2) at a time, one
 * byte lane each: answer j's feedback is compared with every earlier
 * answer's, a lane counts its collisions, and the block ends as soon as
 * every lane is abandoned.  A row costs a compare with each row before
 * it, so sets of BOUNDS_BITS_MIN answers or more (tuning.h) take a
 * 256-bit set per guess instead, 16 guesses a vector, where a group of
 * 16 abandoned ends early; CPUs without those instructions take the
 * portable path (a 243-bit set per guess);
 * the choice is made at run time, and every path gives the same bounds.
 *
 * Letter caps: before a block is scanned, each guess's classes on C are
 * bounded from letters alone (the colours its letter can get at each
 * place, from C's answers: lcaps_make()), and a guess whose cap cannot
 * beat the best is not taken.  That leaves about half the lanes of a
 * block, so with AVX-512 VBMI the taken lanes of up to PACK_SRC blocks
 * (tuning.h) are packed into one (a permute of two blocks' bytes per
 * pair of them, as each row is read), and one pass of the kernel serves
 * them all; under rules that narrow, the guesses a state disallows
 * leave blocks sparse too.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define HAVE_X86 1
#endif

#include "search_impl.h"

/* lq (bounds_ctx): the letters of the guesses order[0..no) by place. */
static void lq_fill(const game *G, uint8_t *lq, int stride, const int *order, int no) {
  for (int i = 0; i < no; i++) {
    const char *w = G->guesses.w[order[i]];
    for (int q = 0; q < 5; q++) {
      int L = w[q] - 'a', copies = 0;
      assert(L >= 0 && L < 26);
      for (int r = 0; r < 5; r++) copies += w[r] == w[q];
      lq[(size_t)q * (size_t)stride + (size_t)i] = (uint8_t)(L + (copies > 1 ? 26 : 0));
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
  /* Zeroed whole first, in one sequential pass: filling it directly (or
   * on two threads, or with 2 MiB pages asked for) ran 30-50% slower on
   * the AMD EPYC of docs/benchmarks.md.  Those runs predate the aligned
   * loops (-falign-loops=32, Makefile), and a change anywhere moved the
   * kernels' loops then, so part of it may have been that: not measured
   * again.  In steps of 32 MiB, polling for a stop between them: 20,000
   * answers make 400 MB, which took a stop past its second (one step for
   * the tables of real lists). */
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
  lq_fill(G, b->lq, b->lqstride, order, no);
  for (int i = 0; i < no; i++) {
    /* Distinct guesses, their caps never rising along the order (a scan
     * ends at the first cap that cannot beat its best). */
    assert(b->ppos[order[i]] < 0 && (i == 0 || cap[i] <= cap[i - 1]));
    b->ppos[order[i]] = i;
  }
  if (s->rw) {
    /* Rules that narrow: which positions of the order have each letter in
     * each place, and at least c copies of it (bounds_allowed()). */
    int nw = b->nwords = (no + 63) / 64;
    b->at = xcalloc((size_t)5 * 26 * (size_t)(nw ? nw : 1), sizeof *b->at);
    b->atleast = xcalloc((size_t)26 * 7 * (size_t)(nw ? nw : 1), sizeof *b->atleast);
    for (int i = 0; i < no; i++) {
      const char *w = G->guesses.w[order[i]];
      int cnt[26] = {0};
      for (int q = 0; q < 5; q++) {
        int L = w[q] - 'a';
        b->at[((size_t)q * 26 + (size_t)L) * (size_t)nw + (size_t)(i / 64)] |= 1ull << (i % 64);
        cnt[L]++;
      }
      for (int L = 0; L < 26; L++)
        for (int c = 1; c <= cnt[L]; c++)
          b->atleast[((size_t)L * 7 + (size_t)c) * (size_t)nw + (size_t)(i / 64)] |= 1ull << (i % 64);
    }
  }
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

/* ------------------------------------------------------------------ */
/* The kernel: which guesses of a block can still beat a bound.         */

/*
 * Guesses at positions u0 .. u0 + w - 1 of the order whose bit is set in
 * `take` (bit i: position u0 + i; the others are never reported, so a
 * block whose taken lanes are all abandoned ends: under rules that
 * narrow, the guesses a state disallows cost nothing), on the set whose
 * rows (in the permuted table) are rows[0..m) and whose answers' guess
 * positions are marked in isin: those with at most lim + isin[u]
 * collisions, i.e. s = m - coll + isin[u] >= m - lim.  Their positions
 * go to pos[] and their s to sv[]; the count is returned.  *reads gets
 * the answers the block needed (for the counters).
 */
typedef int (*block_fn)(const uint8_t *const *rows, const uint8_t *isin, int m, int u0, int w,
                        uint64_t take, int lim, int *pos, int *sv, int *reads);

static int block_scalar(const uint8_t *const *rows, const uint8_t *isin, int m, int u0, int w,
                        uint64_t take, int lim, int *pos, int *sv, int *reads) {
  int ns = 0, most = 0;
  for (int u = u0; u < u0 + w; u++) {
    if (!(take >> (u - u0) & 1)) continue;
    int green = isin[u], maxcoll = lim + green;
    if (maxcoll < 0) continue;
    uint64_t b[4] = {0, 0, 0, 0};
    int coll = 0, j = 0;
    for (; j < m; j++) {
      unsigned p = rows[j][u];
      uint64_t bit = 1ull << (p & 63);
      coll += (b[p >> 6] & bit) != 0;
      b[p >> 6] |= bit;
      if (coll > maxcoll) break;
    }
    most = j > most ? j : most;
    if (j < m) continue;
    pos[ns] = u;
    sv[ns++] = m - coll + green;
  }
  *reads = most;
  return ns;
}

#ifdef HAVE_X86
__attribute__((target("avx512f,avx512bw,avx512vl"))) static int
block_avx512(const uint8_t *const *rows, const uint8_t *isin, int m, int u0, int w,
             uint64_t take, int lim, int *pos, int *sv, int *reads) {
  __m512i x[255];
  __mmask64 lanes = (w >= 64 ? ~0ull : (1ull << w) - 1) & take;
  __m512i green = _mm512_maskz_loadu_epi8(lanes, isin + u0);
  __mmask64 gm = _mm512_test_epi8_mask(green, green);
  __mmask64 alive = lim >= 0 ? lanes : lanes & gm;
  if (lim < 0) lim = -1; /* then only green lanes, with no collision */
  __m512i limv = _mm512_add_epi8(_mm512_set1_epi8((char)lim), green);
  __m512i coll = _mm512_setzero_si512(), one = _mm512_set1_epi8(1);
  int j = 0;
  for (; j < m && alive; j++) {
    __m512i xj = _mm512_loadu_si512((const void *)(rows[j] + u0));
    /* The next block will want this row's next line: rows are far apart
     * in the table, so the hardware prefetcher cannot guess them. */
    _mm_prefetch((const char *)(rows[j] + u0 + 64), _MM_HINT_T0);
    _mm_prefetch((const char *)(rows[j] + u0 + 128), _MM_HINT_T0);
    __mmask64 d0 = 0, d1 = 0; /* two chains: compares do not wait */
    int i = 0;
    for (; i + 1 < j; i += 2) {
      d0 |= _mm512_cmpeq_epi8_mask(x[i], xj);
      d1 |= _mm512_cmpeq_epi8_mask(x[i + 1], xj);
    }
    if (i < j) d0 |= _mm512_cmpeq_epi8_mask(x[i], xj);
    __mmask64 dup = d0 | d1;
    x[j] = xj;
    coll = _mm512_mask_add_epi8(coll, dup, coll, one);
    alive &= _mm512_cmp_epu8_mask(coll, limv, _MM_CMPINT_LE); /* one block */
  }
  *reads = j;
  int ns = 0;
  if (!alive) return 0;
  uint8_t cb[64], gb[64];
  _mm512_storeu_si512((void *)cb, coll);
  _mm512_storeu_si512((void *)gb, green);
  for (int l = 0; l < w; l++)
    if (alive >> l & 1) {
      pos[ns] = u0 + l;
      sv[ns++] = m - cb[l] + gb[l];
    }
  return ns;
}

/* The set kernels' lanes still alive after a group: their positions
 * (base + lane) and s = m - collisions + green, appended at pos/sv[ns];
 * returns the new count. */
static int lanes_out(uint32_t alive, int hw, int base, int m, const int *cb, const int *gb,
                     int *pos, int *sv, int ns) {
  for (int l = 0; l < hw; l++)
    if (alive >> l & 1) {
      pos[ns] = base + l;
      sv[ns++] = m - cb[l] + gb[l];
    }
  return ns;
}

/* Sets of BOUNDS_BITS_MIN or more: a 256-bit set per guess, 16 a vector
 * (eight vectors of sixteen 32-bit words), collisions in 32-bit lanes. */
__attribute__((target("avx512f,avx512bw,avx512vl"))) static int
block_bits512(const uint8_t *const *rows, const uint8_t *isin, int m, int u0, int w,
              uint64_t take, int lim, int *pos, int *sv, int *reads) {
  int ns = 0, most = 0;
  const __m512i one = _mm512_set1_epi32(1), five = _mm512_set1_epi32(31);
  for (int h = 0; h < w; h += 16) {
    int hw = w - h < 16 ? w - h : 16;
    __mmask16 lanes = (hw >= 16 ? 0xffff : (__mmask16)((1u << hw) - 1)) & (__mmask16)(take >> h);
    if (!lanes) continue;
    __m512i green = _mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(lanes, isin + u0 + h));
    __mmask16 gm = _mm512_test_epi32_mask(green, green);
    __mmask16 alive = lim >= 0 ? lanes : lanes & gm;
    __m512i limv = _mm512_add_epi32(_mm512_set1_epi32(lim < 0 ? -1 : lim), green);
    __m512i coll = _mm512_setzero_si512();
    __m512i b0 = coll, b1 = coll, b2 = coll, b3 = coll, b4 = coll, b5 = coll, b6 = coll,
            b7 = coll;
    int j = 0;
    for (; j < m && alive; j++) {
      __m512i p = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(rows[j] + u0 + h)));
      if (h == 0) _mm_prefetch((const char *)(rows[j] + u0 + 64), _MM_HINT_T0);
      __m512i wi = _mm512_srli_epi32(p, 5);
      __m512i bit = _mm512_sllv_epi32(one, _mm512_and_si512(p, five));
      __mmask16 hit = 0, mw;
#define WORD(k, bk)                                                                   \
  mw = _mm512_cmpeq_epi32_mask(wi, _mm512_set1_epi32(k));                             \
  hit |= _mm512_mask_test_epi32_mask(mw, bk, bit);                                    \
  bk = _mm512_mask_or_epi32(bk, mw, bk, bit);
      WORD(0, b0) WORD(1, b1) WORD(2, b2) WORD(3, b3) WORD(4, b4) WORD(5, b5) WORD(6, b6)
      WORD(7, b7)
#undef WORD
      coll = _mm512_mask_add_epi32(coll, hit, coll, one);
      alive &= _mm512_cmple_epi32_mask(coll, limv);
    }
    most = j > most ? j : most;
    if (!alive) continue;
    int cb[16], gb[16];
    _mm512_storeu_si512((void *)cb, coll);
    _mm512_storeu_si512((void *)gb, green);
    ns = lanes_out(alive, hw, u0 + h, m, cb, gb, pos, sv, ns);
  }
  *reads = most;
  return ns;
}

__attribute__((target("avx2"))) static int
block_avx2(const uint8_t *const *rows, const uint8_t *isin, int m, int u0, int w, uint64_t take,
           int lim, int *pos, int *sv, int *reads) {
  /* Two halves of 32 lanes, each as the AVX-512 block above. */
  int ns = 0, most = 0;
  for (int h = 0; h < w; h += 32) {
    int hw = w - h < 32 ? w - h : 32;
    uint32_t lanes = (hw >= 32 ? 0xffffffffu : (1u << hw) - 1) & (uint32_t)(take >> h);
    if (!lanes) continue;
    uint8_t gb[32] = {0};
    memcpy(gb, isin + u0 + h, (size_t)hw);
    __m256i green = _mm256_loadu_si256((const __m256i *)gb);
    uint32_t gm = (uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(green, _mm256_setzero_si256()));
    uint32_t alive = lim >= 0 ? lanes : lanes & gm;
    int l0 = lim < 0 ? -1 : lim;
    /* lim + green, as unsigned bytes; -1 only on lanes already dead. */
    __m256i limv = _mm256_add_epi8(_mm256_set1_epi8((char)l0), green);
    __m256i coll = _mm256_setzero_si256();
    __m256i x[255];
    int j = 0;
    for (; j < m && alive; j++) {
      __m256i xj = _mm256_loadu_si256((const __m256i *)(rows[j] + u0 + h));
      _mm_prefetch((const char *)(rows[j] + u0 + 64), _MM_HINT_T0);
      /* Four chains, so that the compares do not wait on one OR each. */
      __m256i d0 = _mm256_setzero_si256(), d1 = d0, d2 = d0, d3 = d0;
      int i = 0;
      for (; i + 3 < j; i += 4) {
        d0 = _mm256_or_si256(d0, _mm256_cmpeq_epi8(x[i], xj));
        d1 = _mm256_or_si256(d1, _mm256_cmpeq_epi8(x[i + 1], xj));
        d2 = _mm256_or_si256(d2, _mm256_cmpeq_epi8(x[i + 2], xj));
        d3 = _mm256_or_si256(d3, _mm256_cmpeq_epi8(x[i + 3], xj));
      }
      for (; i < j; i++) d0 = _mm256_or_si256(d0, _mm256_cmpeq_epi8(x[i], xj));
      __m256i dup = _mm256_or_si256(_mm256_or_si256(d0, d1), _mm256_or_si256(d2, d3));
      x[j] = xj;
      coll = _mm256_sub_epi8(coll, dup); /* dup lanes are -1 */
      __m256i ok = _mm256_cmpeq_epi8(_mm256_max_epu8(coll, limv), limv); /* coll <= lim */
      alive &= (uint32_t)_mm256_movemask_epi8(ok);
    }
    most = j > most ? j : most;
    if (!alive) continue;
    uint8_t cb[32];
    _mm256_storeu_si256((__m256i *)cb, coll);
    for (int l = 0; l < hw; l++)
      if (alive >> l & 1) {
        pos[ns] = u0 + h + l;
        sv[ns++] = m - cb[l] + gb[l];
      }
  }
  *reads = most;
  return ns;
}

/* Sets of BOUNDS_BITS_MIN or more without AVX-512 (AMD Zen 2 and 3, many
 * Intel desktops): block_bits512() in eight 32-bit lanes, a 256-bit set
 * per guess held in eight vectors (word k of lane i's set is lane i of
 * bk), all in registers.  Before it, such machines took the portable
 * path for sets of 256 or more (each guess's set in memory, one guess at
 * a time) and the compares below that: the original lists' root proof,
 * 2 threads on an AMD EPYC, 92.8 s before, 56-61 s with it from 161 (the
 * same from 100 or 128; 66.6 s from 256). */
__attribute__((target("avx2"))) static int
block_bits256(const uint8_t *const *rows, const uint8_t *isin, int m, int u0, int w,
              uint64_t take, int lim, int *pos, int *sv, int *reads) {
  int ns = 0, most = 0;
  const __m256i one = _mm256_set1_epi32(1), low5 = _mm256_set1_epi32(31),
                zero = _mm256_setzero_si256();
  for (int h = 0; h < w; h += 8) {
    int hw = w - h < 8 ? w - h : 8;
    uint32_t lanes = (hw >= 8 ? 0xffu : (1u << hw) - 1) & (uint32_t)(take >> h) & 0xffu;
    if (!lanes) continue;
    uint8_t g8[16] = {0};
    memcpy(g8, isin + u0 + h, (size_t)hw);
    __m256i green = _mm256_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)g8));
    uint32_t gm =
        (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(green, zero)));
    uint32_t alive = lim >= 0 ? lanes : lanes & gm;
    __m256i limv = _mm256_add_epi32(_mm256_set1_epi32(lim < 0 ? -1 : lim), green);
    __m256i coll = zero, b0 = zero, b1 = zero, b2 = zero, b3 = zero, b4 = zero, b5 = zero,
            b6 = zero, b7 = zero;
    int j = 0;
    for (; j < m && alive; j++) {
      /* Eight bytes of the row (rows are padded to 64: never past it). */
      __m256i p = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(rows[j] + u0 + h)));
      if (h == 0) _mm_prefetch((const char *)(rows[j] + u0 + 64), _MM_HINT_T0);
      __m256i wi = _mm256_srli_epi32(p, 5);
      __m256i bit = _mm256_sllv_epi32(one, _mm256_and_si256(p, low5));
      __m256i hit = zero, sel;
#define WORD(k, bk)                                                                   \
  sel = _mm256_and_si256(_mm256_cmpeq_epi32(wi, _mm256_set1_epi32(k)), bit);          \
  hit = _mm256_or_si256(hit, _mm256_and_si256(bk, sel));                              \
  bk = _mm256_or_si256(bk, sel);
      WORD(0, b0) WORD(1, b1) WORD(2, b2) WORD(3, b3) WORD(4, b4) WORD(5, b5) WORD(6, b6)
      WORD(7, b7)
#undef WORD
      /* +1 where the pattern was seen: (hit == 0) is -1 exactly where not. */
      coll = _mm256_add_epi32(coll, _mm256_add_epi32(one, _mm256_cmpeq_epi32(hit, zero)));
      alive &= ~(uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(coll, limv)));
    }
    most = j > most ? j : most;
    if (!alive) continue;
    int cb[8], gb[8];
    _mm256_storeu_si256((__m256i *)cb, coll);
    _mm256_storeu_si256((__m256i *)gb, green);
    ns = lanes_out(alive, hw, u0 + h, m, cb, gb, pos, sv, ns);
  }
  *reads = most;
  return ns;
}
#endif

/* ------------------------------------------------------------------ */
/* Letter caps: a bound on every guess's classes on C from its letters.  */

/*
 * Guess h's pattern on answer a is a colour per place; at place q, with
 * L = h[q], over the answers of C:
 *   green  only if some answer has L at q;
 *   yellow only if some answer has L, but not at q;
 *   grey   only if some answer lacks L (h has L once: its L at q is
 *          yellow whenever a has an L elsewhere, since no other place of
 *          h takes it), or, when h has L more than once, only if some
 *          answer has no L at q.
 * So h has at most the product over places of the colours possible
 * there classes on C: k_h <= prod, s_h <= prod + [h in C].  The table
 * gives, per place and letter code (lq), the colours' count as an
 * exponent code, 0 for one colour, 1 for two, 8 for three; the five
 * codes' sum e2 + 8 e3 (at most 40) indexes LCAP_POW, 2^e2 3^e3.
 */
typedef struct {
  uint8_t code[5][64]; /* place, letter code (0-51) -> exponent code */
} lcaps;

/* e2 + 8 e3 -> 2^e2 3^e3 (at most 243; 255 where e2 + e3 > 5, unused). */
static uint8_t lcap_pow[64];

static void lcap_pow_make(void) {
  for (int e = 0; e < 64; e++) {
    int e2 = e % 8, e3 = e / 8, v = 1;
    for (int i = 0; i < e2 + e3 && i < 5; i++) v *= i < e2 ? 2 : 3;
    lcap_pow[e] = (uint8_t)(e2 + e3 <= 5 ? v : 255);
  }
}

/* The colours possible at each place, as masks over letter codes (bit
 * c: code c, 0-51): green, yellow, grey. */
static void lcap_masks(const game *G, const uint16_t *C, int m, uint64_t gr[5], uint64_t ye[5],
                       uint64_t gy[5]) {
  const uint32_t all = (1u << 26) - 1;
  uint32_t at[5] = {0}, elsewhere[5] = {0}, lacks = 0;
  for (int j = 0; j < m; j++) {
    const char *w = G->answers.w[C[j]];
    uint32_t has = 0;
    for (int q = 0; q < 5; q++) has |= 1u << (w[q] - 'a');
    lacks |= all & ~has;
    for (int q = 0; q < 5; q++) {
      uint32_t bit = 1u << (w[q] - 'a');
      at[q] |= bit;
      elsewhere[q] |= has & ~bit;
    }
  }
  for (int q = 0; q < 5; q++) {
    uint64_t notat = __builtin_popcount(at[q]) == 1 ? all & ~at[q] : all;
    gr[q] = (uint64_t)at[q] | (uint64_t)at[q] << 26;
    ye[q] = (uint64_t)elsewhere[q] | (uint64_t)elsewhere[q] << 26;
    gy[q] = (uint64_t)lacks | notat << 26;
  }
}

static void lcaps_make_scalar(const game *G, const uint16_t *C, int m, lcaps *t) {
  uint64_t gr[5], ye[5], gy[5];
  lcap_masks(G, C, m, gr, ye, gy);
  for (int q = 0; q < 5; q++)
    for (int code = 0; code < 64; code++) {
      int n = (int)(gr[q] >> code & 1) + (int)(ye[q] >> code & 1) + (int)(gy[q] >> code & 1);
      assert(m == 0 || code >= 52 || n >= 1); /* every answer gives a colour */
      t->code[q][code] = (uint8_t)(n == 3 ? 8 : n == 2 ? 1 : 0);
    }
}

#ifdef HAVE_X86
__attribute__((target("avx512f,avx512bw,avx512vbmi"))) static void
lcaps_make_vbmi(const game *G, const uint16_t *C, int m, lcaps *t) {
  uint64_t gr[5], ye[5], gy[5];
  lcap_masks(G, C, m, gr, ye, gy);
  const __m512i one = _mm512_set1_epi8(1);
  /* colours 0-3 -> exponent code 0, 0, 1, 8 */
  const __m512i ex = _mm512_set_epi32(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x08010000);
  for (int q = 0; q < 5; q++) {
    __m512i n = _mm512_add_epi8(_mm512_maskz_mov_epi8(gr[q], one),
                                _mm512_add_epi8(_mm512_maskz_mov_epi8(ye[q], one),
                                                _mm512_maskz_mov_epi8(gy[q], one)));
    _mm512_storeu_si512((void *)t->code[q], _mm512_permutexvar_epi8(n, ex));
  }
}
#endif

typedef void (*lcaps_fn)(const game *, const uint16_t *, int, lcaps *);
static lcaps_fn lcaps_make = lcaps_make_scalar;

int srch_letter_cap(const game *G, const uint16_t *C, int m, int h) {
  srch_bounds_kernel(); /* lcap_pow, lcaps_make */
  lcaps t;
  lcaps_make(G, C, m, &t);
  uint8_t lq[5];
  int order[1] = {h};
  lq_fill(G, lq, 1, order, 1);
  int e = 0;
  for (int q = 0; q < 5; q++) e += t.code[q][lq[q]];
  return lcap_pow[e];
}

/* The lanes u0 .. u0 + w - 1 of b's order whose cap by letters (plus
 * isin: [h in C]) is above best: the only ones that may beat it. */
static uint64_t lcap_lanes_scalar(const bounds_ctx *b, const lcaps *t, const uint8_t *isin,
                                  int u0, int w, int best) {
  uint64_t out = 0;
  for (int l = 0; l < w; l++) {
    int e = 0;
    for (int q = 0; q < 5; q++) e += t->code[q][b->lq[(size_t)q * (size_t)b->lqstride + (size_t)(u0 + l)]];
    if (lcap_pow[e] + isin[u0 + l] > best) out |= 1ull << l;
  }
  return out;
}

#ifdef HAVE_X86
__attribute__((target("avx512f,avx512bw,avx512vbmi"))) static uint64_t
lcap_lanes_vbmi(const bounds_ctx *b, const lcaps *t, const uint8_t *isin, int u0, int w,
                int best) {
  if (best >= 244) return 0; /* no cap exceeds 243 + 1 */
  if (best < 0) return w >= 64 ? ~0ull : (1ull << w) - 1;
  __m512i e = _mm512_setzero_si512();
  for (int q = 0; q < 5; q++) {
    __m512i codes = _mm512_loadu_si512((const void *)(b->lq + (size_t)q * (size_t)b->lqstride + (size_t)u0));
    e = _mm512_add_epi8(e, _mm512_permutexvar_epi8(codes, _mm512_loadu_si512((const void *)t->code[q])));
  }
  __mmask64 lanes = w >= 64 ? ~0ull : (1ull << w) - 1; /* isin ends at the last guess */
  __m512i cap = _mm512_permutexvar_epi8(e, _mm512_loadu_si512((const void *)lcap_pow));
  cap = _mm512_adds_epu8(cap, _mm512_maskz_loadu_epi8(lanes, isin + u0));
  return _mm512_mask_cmpgt_epu8_mask(lanes, cap, _mm512_set1_epi8((char)best));
}
#endif

typedef uint64_t (*lanes_fn)(const bounds_ctx *, const lcaps *, const uint8_t *, int, int, int);
static lanes_fn lcap_lanes = lcap_lanes_scalar;

static block_fn block_vector, block_big;

/* The best the CPU has, or OPTLE_KERNEL's lesser one: scalar, avx2, or
 * avx512 (without VBMI: no packed blocks, the letter caps in scalar). */
static void choose_kernel(void) {
  block_vector = block_big = block_scalar;
  lcap_pow_make();
#ifdef HAVE_X86
  const char *want = getenv("OPTLE_KERNEL");
  if (want && !strcmp(want, "scalar")) return;
  __builtin_cpu_init();
  bool avx2 = __builtin_cpu_supports("avx2");
  bool avx512 = __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
                !(want && !strcmp(want, "avx2"));
  bool vbmi = avx512 && __builtin_cpu_supports("avx512vbmi") &&
              __builtin_cpu_supports("avx512vbmi2") && !(want && !strcmp(want, "avx512"));
  if (avx512) {
    block_vector = block_avx512;
    block_big = block_bits512;
  } else if (avx2) {
    block_vector = block_avx2;
    block_big = block_bits256;
  }
  if (vbmi) {
    lcap_lanes = lcap_lanes_vbmi;
    lcaps_make = lcaps_make_vbmi;
  }
#endif
}

const char *srch_bounds_kernel(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, choose_kernel);
#ifdef HAVE_X86
  if (lcap_lanes == lcap_lanes_vbmi) return "avx512-vbmi";
  if (block_vector == block_avx512) return "avx512";
  if (block_vector == block_avx2) return "avx2";
#endif
  return "scalar";
}

/* ------------------------------------------------------------------ */

/* Fill rows and isin (permuted space) for the set C; unmark() undoes. */
static void mark(const search *s, const bounds_ctx *b, const uint8_t **rows, uint8_t *isin,
                 const uint16_t *C, int m) {
  for (int j = 0; j < m; j++) {
    rows[j] = b->ptab + (size_t)b->prow[C[j]] * (size_t)b->pstride;
    __builtin_prefetch(rows[j]); /* the first block's lines */
    assert(b->ppos[s->g->ans2guess[C[j]]] >= 0); /* every answer is one of its guesses */
    isin[b->ppos[s->g->ans2guess[C[j]]]] = 1;
  }
}
static void unmark(const search *s, const bounds_ctx *b, uint8_t *isin, const uint16_t *C, int m) {
  for (int j = 0; j < m; j++) isin[b->ppos[s->g->ans2guess[C[j]]]] = 0;
}

static block_fn kernel_for(int m) {
  srch_bounds_kernel();
  return m < BOUNDS_BITS_MIN ? block_vector : block_big;
}

/*
 * Packed blocks.  A block whose taken lanes are few (the rules allow few
 * of its guesses, or their letters cannot beat the best) still costs a
 * whole pass of the kernel over the rows; so up to PACK_SRC such blocks,
 * in order, are packed side by side into one of at most 64 lanes (with
 * AVX-512 VBMI, a two-block permute per pair of them and a row), and one
 * pass serves them all.  The packed rows are made whole before the pass.
 */
typedef struct {
  int n, lanes;                /* source blocks, lanes taken in all */
  int u0[PACK_SRC], w[PACK_SRC];
  uint64_t mask[PACK_SRC];     /* each block's taken lanes */
} packset;

/* How a packset's rows are packed: for each pair of its blocks (the
 * last alone when odd), a two-block permute's index (bit 6: the pair's
 * second block), zero past the 64 lanes so that a group's index can be
 * read from its lane on, and the lanes of the packed row it fills. */
typedef struct {
  int np;                                 /* pairs */
  int ua[PACK_SRC / 2], ub[PACK_SRC / 2]; /* their blocks' first positions */
  uint8_t idx[PACK_SRC / 2][128];
  uint64_t blend[PACK_SRC / 2];
} packspec;

/* The order position of packed lane o. */
static int pack_pos(const packset *ps, const packspec *sp, int o) {
  for (int k = 0; k < sp->np; k++)
    if (sp->blend[k] >> o & 1) {
      int i = sp->idx[k][o];
      return ps->u0[2 * k + (i >> 6)] + (i & 63);
    }
  assert(0); /* every packed lane comes from a block */
  return -1;
}

#ifdef HAVE_X86
#define PACK_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2")))

/* ps's recipe: each block's taken lanes compressed, then expanded into
 * the packed row's lanes that follow the blocks before it. */
PACK_TARGET static void pack_spec(const packset *ps, packspec *sp) {
  static const uint8_t iota[64] = {
      0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
      22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43,
      44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63};
  const __m512i lane = _mm512_loadu_si512((const void *)iota), hi = _mm512_set1_epi8(64);
  sp->np = (ps->n + 1) / 2;
  int o = 0;
  for (int k = 0; k < sp->np; k++) {
    __m512i ix = _mm512_setzero_si512();
    uint64_t bl = 0;
    for (int t = 2 * k; t < ps->n && t < 2 * k + 2; t++) {
      int pop = __builtin_popcountll(ps->mask[t]);
      uint64_t range = pop >= 64 ? ~0ull : ((1ull << pop) - 1) << o;
      __m512i from = t & 1 ? _mm512_add_epi8(lane, hi) : lane;
      ix = _mm512_mask_expand_epi8(ix, range, _mm512_maskz_compress_epi8(ps->mask[t], from));
      bl |= range;
      o += pop;
    }
    sp->ua[k] = ps->u0[2 * k];
    sp->ub[k] = 2 * k + 1 < ps->n ? ps->u0[2 * k + 1] : ps->u0[2 * k];
    _mm512_storeu_si512((void *)sp->idx[k], ix);
    _mm512_storeu_si512((void *)(sp->idx[k] + 64), _mm512_setzero_si512());
    sp->blend[k] = bl;
  }
  assert(o == ps->lanes && o <= 64);
}

/* One packed row: 64 bytes from row (a table row, or isin) by sp. */
PACK_TARGET static inline __m512i pack_row(const uint8_t *row, const packspec *sp,
                                           const __m512i *ix) {
  __m512i acc = _mm512_setzero_si512();
  for (int k = 0; k < sp->np; k++) {
    __m512i va = _mm512_loadu_si512((const void *)(row + sp->ua[k]));
    __m512i vb = _mm512_loadu_si512((const void *)(row + sp->ub[k]));
    acc = _mm512_mask_blend_epi8(sp->blend[k], acc, _mm512_permutex2var_epi8(va, ix[k], vb));
  }
  return acc;
}

/* isin packed (masked loads: isin ends at the last guess). */
PACK_TARGET static void pack_isin(const uint8_t *isin, const packset *ps, const packspec *sp,
                                  uint8_t *isout) {
  __m512i acc = _mm512_setzero_si512();
  for (int k = 0; k < sp->np; k++) {
    int a = 2 * k, b = 2 * k + 1 < ps->n ? 2 * k + 1 : 2 * k;
    __m512i va = _mm512_maskz_loadu_epi8(ps->mask[a], isin + ps->u0[a]);
    __m512i vb = _mm512_maskz_loadu_epi8(ps->mask[b], isin + ps->u0[b]);
    acc = _mm512_mask_blend_epi8(sp->blend[k], acc,
                                 _mm512_permutex2var_epi8(va, _mm512_loadu_si512(sp->idx[k]), vb));
  }
  _mm512_storeu_si512((void *)isout, acc);
}

/* Fetch the sources' lines of a row some way ahead: rows are far apart
 * in the table, and the blocks past the next two were never fetched. */
PACK_TARGET static inline void pack_ahead(const uint8_t *row, const packspec *sp) {
  for (int k = 0; k < sp->np; k++) {
    _mm_prefetch((const char *)(row + sp->ua[k]), _MM_HINT_T0);
    _mm_prefetch((const char *)(row + sp->ub[k]), _MM_HINT_T0);
  }
}

/* block_bits512() on packed rows, each group of 16 lanes packed as it is
 * read, from the pairs that fill it. */
PACK_TARGET static int block_bits512_packed(const uint8_t *const *rows, const packspec *sp,
                                            const uint8_t *isout, int m, int w, int lim,
                                            int *pos, int *sv, int *reads) {
  int ns = 0, most = 0;
  const __m512i one = _mm512_set1_epi32(1), five = _mm512_set1_epi32(31);
  for (int h = 0; h < w; h += 16) {
    int hw = w - h < 16 ? w - h : 16, nk = 0;
    __mmask16 lanes = hw >= 16 ? 0xffff : (__mmask16)((1u << hw) - 1);
    __m512i ixg[PACK_SRC / 2];
    __mmask64 bg[PACK_SRC / 2];
    int ua[PACK_SRC / 2], ub[PACK_SRC / 2];
    for (int k = 0; k < sp->np; k++)
      if (sp->blend[k] >> h & 0xffff) {
        ixg[nk] = _mm512_loadu_si512((const void *)(sp->idx[k] + h));
        bg[nk] = sp->blend[k] >> h & 0xffff;
        ua[nk] = sp->ua[k];
        ub[nk++] = sp->ub[k];
      }
    __m512i green = _mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(lanes, isout + h));
    __mmask16 gm = _mm512_test_epi32_mask(green, green);
    __mmask16 alive = lim >= 0 ? lanes : lanes & gm;
    __m512i limv = _mm512_add_epi32(_mm512_set1_epi32(lim < 0 ? -1 : lim), green);
    __m512i coll = _mm512_setzero_si512();
    __m512i b0 = coll, b1 = coll, b2 = coll, b3 = coll, b4 = coll, b5 = coll, b6 = coll,
            b7 = coll;
    int j = 0;
    for (; j < m && alive; j++) {
      if (h == 0 && j + PACK_AHEAD < m) pack_ahead(rows[j + PACK_AHEAD], sp);
      __m512i r = _mm512_setzero_si512();
      for (int t = 0; t < nk; t++) {
        __m512i va = _mm512_loadu_si512((const void *)(rows[j] + ua[t]));
        __m512i vb = _mm512_loadu_si512((const void *)(rows[j] + ub[t]));
        r = _mm512_mask_blend_epi8(bg[t], r, _mm512_permutex2var_epi8(va, ixg[t], vb));
      }
      __m512i p = _mm512_cvtepu8_epi32(_mm512_castsi512_si128(r));
      __m512i wi = _mm512_srli_epi32(p, 5);
      __m512i bit = _mm512_sllv_epi32(one, _mm512_and_si512(p, five));
      __mmask16 hit = 0, mw;
#define WORD(k, bk)                                                                   \
  mw = _mm512_cmpeq_epi32_mask(wi, _mm512_set1_epi32(k));                             \
  hit |= _mm512_mask_test_epi32_mask(mw, bk, bit);                                    \
  bk = _mm512_mask_or_epi32(bk, mw, bk, bit);
      WORD(0, b0) WORD(1, b1) WORD(2, b2) WORD(3, b3) WORD(4, b4) WORD(5, b5) WORD(6, b6)
      WORD(7, b7)
#undef WORD
      coll = _mm512_mask_add_epi32(coll, hit, coll, one);
      alive &= _mm512_cmple_epi32_mask(coll, limv);
    }
    most = j > most ? j : most;
    if (!alive) continue;
    int cb[16], gb[16];
    _mm512_storeu_si512((void *)cb, coll);
    _mm512_storeu_si512((void *)gb, green);
    ns = lanes_out(alive, hw, h, m, cb, gb, pos, sv, ns);
  }
  *reads = most;
  return ns;
}

/* block_avx512() on packed rows, each packed as it is read (a pass
 * often ends within a few rows: packing all m first took a quarter of
 * the 3158-answer root proof). */
PACK_TARGET static int block_avx512_packed(const uint8_t *const *rows, const packspec *sp,
                                           const uint8_t *isout, int m, int w, int lim,
                                           int *pos, int *sv, int *reads) {
  __m512i x[255], ix[PACK_SRC / 2];
  for (int k = 0; k < sp->np; k++) ix[k] = _mm512_loadu_si512((const void *)sp->idx[k]);
  __mmask64 lanes = w >= 64 ? ~0ull : (1ull << w) - 1;
  __m512i green = _mm512_maskz_loadu_epi8(lanes, isout);
  __mmask64 gm = _mm512_test_epi8_mask(green, green);
  __mmask64 alive = lim >= 0 ? lanes : lanes & gm;
  if (lim < 0) lim = -1; /* then only green lanes, with no collision */
  __m512i limv = _mm512_add_epi8(_mm512_set1_epi8((char)lim), green);
  __m512i coll = _mm512_setzero_si512(), one = _mm512_set1_epi8(1);
  int j = 0, next = sp->ub[sp->np - 1] + 64;
  for (; j < m && alive; j++) {
    if (j + PACK_AHEAD < m) pack_ahead(rows[j + PACK_AHEAD], sp);
    __m512i xj = pack_row(rows[j], sp, ix);
    _mm_prefetch((const char *)(rows[j] + next), _MM_HINT_T0); /* the next pass's line */
    __mmask64 d0 = 0, d1 = 0;
    int i = 0;
    for (; i + 1 < j; i += 2) {
      d0 |= _mm512_cmpeq_epi8_mask(x[i], xj);
      d1 |= _mm512_cmpeq_epi8_mask(x[i + 1], xj);
    }
    if (i < j) d0 |= _mm512_cmpeq_epi8_mask(x[i], xj);
    x[j] = xj;
    coll = _mm512_mask_add_epi8(coll, d0 | d1, coll, one);
    alive &= _mm512_cmp_epu8_mask(coll, limv, _MM_CMPINT_LE); /* packed */
  }
  *reads = j;
  int ns = 0;
  if (!alive) return 0;
  uint8_t cb[64], gb[64];
  _mm512_storeu_si512((void *)cb, coll);
  _mm512_storeu_si512((void *)gb, green);
  for (int l = 0; l < w; l++)
    if (alive >> l & 1) {
      pos[ns] = l;
      sv[ns++] = m - cb[l] + gb[l];
    }
  return ns;
}
#endif

/* The lanes from block u0 on (of it, those in *left) that are taken
 * (allowed by the rules, with letters that can beat best), into ps until
 * it has 64 (a block's lanes may be split between two) or most blocks;
 * returns the block to go on from, with *left its lanes still to take,
 * and *end set when a cap ends the scan there. */
static int pack_collect(const bounds_ctx *b, const lcaps *lc, const uint8_t *isin,
                        const uint64_t *allowed, int u0, uint64_t *left, int best, int most,
                        packset *ps, bool *end) {
  ps->n = ps->lanes = 0;
  *end = false;
  for (; u0 < b->nstrong && ps->n < most; u0 += 64, *left = ~0ull) {
    if (ps->lanes == 64) return u0; /* full: this block goes in the next */
    if (b->cap[u0] <= best) break; /* nothing later can beat it */
    uint64_t mask = (allowed ? allowed[u0 / 64] : ~0ull) & *left;
    if (!mask) continue; /* the rules allow no guess of the block */
    /* The first allowed guess has the largest cap of every allowed guess
     * from here on (caps never rise along the order). */
    if (b->cap[u0 + __builtin_ctzll(mask)] <= best) break;
    int w = b->nstrong - u0 < 64 ? b->nstrong - u0 : 64;
    mask &= lcap_lanes(b, lc, isin, u0, w, best);
    if (!mask) continue; /* no guess of the block has letters for more */
    uint64_t take = mask, rest = mask;
    for (int room = 64 - ps->lanes; rest && room > 0; room--) rest &= rest - 1;
    take &= ~rest; /* the first (64 - lanes) of them */
    assert(take); /* the pack had room */
    ps->u0[ps->n] = u0;
    ps->w[ps->n] = w;
    ps->mask[ps->n++] = take;
    ps->lanes += __builtin_popcountll(take);
    if (rest) { /* the block goes on in the next pack */
      *left = rest;
      return u0;
    }
  }
  *end = ps->n < most; /* a cap, or the order's end */
  return u0;
}

/* Where a scan of b's order is: the block, its lanes still to take,
 * and whether a cap (or the order's end) has ended it. */
typedef struct {
  int u0;
  uint64_t left;
  bool end;
} scan_at;

/* One pass of the kernel from *at on, over the lanes that may have
 * s > best (the caps, the rules' allowed, the letter caps lc), packed
 * when the CPU can: those with at most lim + isin collisions go to
 * pos[] (b's order) and sv[] (their s); returns their count. */
static int scan_pass(ctx *c, const bounds_ctx *b, const uint8_t *const *rows,
                     const uint8_t *isin, int m, const lcaps *lc, const uint64_t *allowed,
                     int best, int lim, scan_at *at, int *pos, int *sv) {
  block_fn scan = kernel_for(m);
  packset ps;
  at->u0 = pack_collect(b, lc, isin, allowed, at->u0, &at->left, best,
                        lcap_lanes != lcap_lanes_scalar ? PACK_SRC : 1, &ps, &at->end);
  if (!ps.n) return 0;
  int ns, reads;
  if (ps.n == 1) {
    ns = scan(rows, isin, m, ps.u0[0], ps.w[0], ps.mask[0], lim, pos, sv, &reads);
  } else {
#ifdef HAVE_X86
    uint8_t isout[64];
    packspec sp;
    pack_spec(&ps, &sp);
    pack_isin(isin, &ps, &sp, isout);
    if (m < BOUNDS_BITS_MIN)
      ns = block_avx512_packed(rows, &sp, isout, m, ps.lanes, lim, pos, sv, &reads);
    else
      ns = block_bits512_packed(rows, &sp, isout, m, ps.lanes, lim, pos, sv, &reads);
    for (int i = 0; i < ns; i++) pos[i] = pack_pos(&ps, &sp, pos[i]);
#else
    assert(0); /* packs only with VBMI */
    ns = reads = 0;
#endif
  }
  c->st.bound_guesses += (uint64_t)ps.lanes;
  c->st.bound_reads += (uint64_t)reads * (uint64_t)ps.lanes;
  if (m >= BOUNDS_BITS_MIN) c->st.bound_big += (uint64_t)ps.lanes;
  return ns;
}

/* The largest s over all guesses on C (rows, isin marked), stopping at
 * `enough`; given a floor, only a larger s is looked for (a result at the
 * floor says no guess has more).  A stop (a large class takes a second)
 * gives m, the largest s there is: the weakest bound, still a proven one. */
static int smax(ctx *c, const bounds_ctx *b, const uint8_t *const *rows, const uint8_t *isin,
                const uint16_t *C, int m, int enough, int floor, const uint64_t *allowed) {
  int best = floor, pos[64], sv[64];
  lcaps lc;
  srch_bounds_kernel();
  lcaps_make(c->s->g, C, m, &lc);
  c->st.bound_scans++;
  for (scan_at at = {0, ~0ull, false}; at.u0 < b->nstrong && best < enough && !at.end;) {
    if (stopped(c->s)) return m;
    int ns = scan_pass(c, b, rows, isin, m, &lc, allowed, best, m - best - 1, &at, pos, sv);
    for (int i = 0; i < ns; i++) best = sv[i] > best ? sv[i] : best;
  }
  return best;
}

#ifndef NDEBUG
/* smax() from the definition, for assert() on small cases: every guess,
 * the original table, no order, no caps, no abandoning. */
static int smax_slow(const game *G, const uint16_t *C, int m) {
  if ((long)m * G->n_guesses > 4000000) return -1;
  int best = 0;
  for (int g = 0; g < G->n_guesses; g++) {
    uint64_t b[4] = {0, 0, 0, 0};
    int k = 0, green = 0;
    for (int j = 0; j < m; j++) {
      int p = game_fb(G, g, C[j]);
      green |= p == PATTERN_WIN;
      k += !(b[p >> 6] >> (p & 63) & 1);
      b[p >> 6] |= 1ull << (p & 63);
    }
    best = k + green > best ? k + green : best;
  }
  return best > m ? m : best; /* smax() stops at m */
}
#endif

bool srch_bounds_splits(ctx *c, const bounds_ctx *b, const uint16_t *C, int m) {
  const uint8_t **rows = c->rows2;
  uint8_t *isin = c->isin2;
  mark(c->s, b, rows, isin, C, m);
  block_fn scan = kernel_for(m);
  bool found = false;
  int pos[64], sv[64];
  c->st.bound_scans++;
  for (int u0 = 0; u0 < b->nstrong && !found; u0 += 64) {
    if (b->cap[u0] < m) break; /* fewer classes than answers from here on */
    int w = b->nstrong - u0 < 64 ? b->nstrong - u0 : 64, reads;
    int ns = scan(rows, isin, m, u0, w, ~0ull, 0, pos, sv, &reads);
    c->st.bound_guesses += (uint64_t)w;
    c->st.bound_reads += (uint64_t)reads * (uint64_t)w;
    /* s = m - collisions + [in C]: no collision is a split into singles. */
    for (int i = 0; i < ns && !found; i++) found = sv[i] - isin[pos[i]] == m;
  }
  unmark(c->s, b, isin, C, m);
  return found;
}

/* A bound worth keeping for later probes (closed forms are cheaper). */
static void keep(ctx *c, const klass *k, const uint16_t *C, int m, int d, int lb,
                 const rstate *rs) {
  /* Under a root history (search_set_history()) every set the search
   * meets has a state; a bound over the guesses the root allows, kept
   * under no state, would stand for the set with nothing known. */
  if (c->s->root_rs && !rs) return;
  int klen;
  const void *key = rstate_key(rs, &klen);
  assert(set_sorted(C, m));
  if (m >= MEMO_MIN_SET && lb > 2 * m && !stopped(c->s))
    memo_store_k(c->s->memo, k->h, C, m, d >= m ? UNLIMITED : d, key, klen, lb, false);
}

/* srch_bound1() given scap: no guess has s above it on C (C lies in a
 * set where none does: k and [h in C] only fall on a subset), so the
 * scan ends once it finds that much. */
static int bound1_capped(ctx *c, const bounds_ctx *b, const uint16_t *C, int m, int d,
                         bool *exact, const rstate *rs, int want, int scap) {
  int floor = want < INF ? 3 * m - want : 0; /* s at most this gives want */
  klass k;
  /* The splits by C's own answers (srch_quick_splits(), O(m^2) reads
   * far apart) only where a scan cannot rule them out: an answer that
   * splits C into singletons has s = m + 1, one that leaves one pair
   * s = m, so a largest s below m says neither. */
  bool splits = srch_quick_memo(c, C, m, d, &k, rs) || m < MEMO_MIN_SET;
  if (!k.exact && m < MEMO_MIN_SET) srch_quick_splits(c, C, m, d, &k);
  *exact = k.exact;
  /* A stored bound above 2m is used as it is: it came from L1, L2 or a
   * search (valid either way, and rarely below L1). */
  if (k.exact || k.lb > 2 * m) return k.lb;
  /* A wanted bound proven before, at least as high as this one wants. */
  int dk = d >= m ? UNLIMITED : d, klen, wv;
  const void *key = rstate_key(rs, &klen);
  bool wx, wok = want < INF && b->want && m >= MEMO_MIN_SET && !(c->s->root_rs && !rs);
  if (wok && memo_probe_k(b->want, k.h, C, m, dk, key, klen, &wv, &wx) && wv >= want) {
    assert(!wx && wv > k.lb); /* only bounds, above 2m */
    return wv;
  }
  c->st.bound1++;
  /* Not exact: no answer of C splits it into singletons or leaves one
   * pair, so s <= m, and s = m (a bound of 2m) is the best there is. */
  uint64_t *allowed = NULL;
  if (rs && c->s->rw) { /* only the guesses the state allows */
    allowed = c->allowed;
    srch_bounds_allowed(c->s, b, rs, allowed);
  }
  int enough = imin(m, scap);
  if (floor >= enough) { /* s <= enough: no scan can say more */
    if (!splits && scap >= m) { /* unless an answer has s = m or m + 1 */
      splits = true;
      srch_quick_splits(c, C, m, d, &k);
      if ((*exact = k.exact)) return k.lb;
    }
    c->st.bound1_want++;
    return 3 * m - enough > k.lb ? 3 * m - enough : k.lb;
  }
  mark(c->s, b, c->rows, c->isin, C, m);
  int sm = smax(c, b, c->rows, c->isin, C, m, enough, floor > 0 ? floor : 0, allowed);
  unmark(c->s, b, c->isin, C, m);
  assert(stopped(c->s) || allowed || smax_slow(c->s->g, C, m) < 0 ||
         (floor > 0 && sm == floor ? smax_slow(c->s->g, C, m) <= floor
                                   : imin(sm, m) == smax_slow(c->s->g, C, m)));
  if (sm >= m && !splits && !stopped(c->s)) { /* an answer may split C: ask */
    splits = true;
    srch_quick_splits(c, C, m, d, &k);
    if ((*exact = k.exact)) return k.lb;
  }
  assert(stopped(c->s) || (sm >= 0 && sm <= m)); /* not exact: no guess splits C apart */
  int lb = 3 * m - sm;
  if (lb < k.lb) lb = k.lb;
  /* At the floor the bound is the floor's, not L1: not kept (the memo's
   * bounds above 2m are taken as they are). */
  if (floor > 0 && sm == floor) {
    c->st.bound1_want++;
    if (wok && lb > 2 * m && !stopped(c->s))
      memo_store_k(b->want, k.h, C, m, dk, key, klen, lb, false);
  } else
    keep(c, &k, C, m, d, lb, rs);
  return lb;
}

int srch_bound1(ctx *c, const bounds_ctx *b, const uint16_t *C, int m, int d, bool *exact,
                const rstate *rs, int want) {
  return bound1_capped(c, b, C, m, d, exact, rs, want, INF);
}

/* Pass 2's order: the least one-guess term first, then guess index. */
static int cand_term_cmp(const void *pa, const void *pb) {
  const cand *a = pa, *b = pb;
  if (a->lb != b->lb) return a->lb - b->lb;
  return (a->g > b->g) - (a->g < b->g);
}

/* L2's pass 1 on C (rows and isin marked): every guess whose one-guess
 * term 3m - s is below need (beyond it the caller does not care):
 * s >= 3m - need + 1, so at most need - 2m - 1 + green collisions.
 * Their guesses and terms go to L->cands (the count is returned).
 * *scap gets the most s of any guess C allows: every guess with more
 * than 3m - need is a candidate, so with one at least, the largest
 * candidate's.  It caps every class of C under rules that narrow too:
 * a class's state is C's with one more guess added, so it allows only
 * guesses C allows (rstate_add() only narrows), and no guess has a
 * larger s on a subset (k and [h in C] only fall). */
static int bound2_cands(ctx *c, const bounds_ctx *b, level *L, const uint8_t *const *rows,
                        const uint8_t *isin, const uint16_t *C, int m, int need,
                        const uint64_t *allowed, int *scap) {
  int pos[64], sv[64], nc = 0, most = 0;
  lcaps lc;
  srch_bounds_kernel();
  lcaps_make(c->s->g, C, m, &lc);
  /* A candidate has s > 3m - need (as smax()'s best: no rise here). */
  int thr = 3 * m - need, lim = imin(need - 2 * m - 1, m);
  for (scan_at at = {0, ~0ull, false}; at.u0 < b->nstrong && !at.end && !stopped(c->s);) {
    int ns = scan_pass(c, b, rows, isin, m, &lc, allowed, thr, lim, &at, pos, sv);
    for (int i = 0; i < ns; i++)
      if (sv[i] > thr) {
        L->cands[nc++] = (cand){b->strong[pos[i]], 3 * m - sv[i], 0, 0};
        most = sv[i] > most ? sv[i] : most;
      }
  }
  *scap = most;
  return nc;
}

/* The patterns of the guess at position at (< ncols) of L2's own
 * bounds sb on its set's m answers: its column of the table, copied out
 * with the 63 beside it the first time one of them is asked for (a
 * block's rows are one line each). */
static const uint8_t *sub_column(bounds_ctx *sb, int at, int m) {
  assert(at >= 0 && at < sb->ncols);
  int blk = at / 64;
  if (!sb->colsdone[blk]) {
    int i0 = blk * 64, i1 = sb->ncols - i0 < 64 ? sb->ncols : i0 + 64;
    for (int r = 0; r < m; r++) {
      const uint8_t *row = sb->ptab + (size_t)r * (size_t)sb->pstride;
      for (int i = i0; i < i1; i++) sb->cols[(size_t)i * (size_t)m + (size_t)r] = row[i];
    }
    sb->colsdone[blk] = 1;
  }
  return sb->cols + (size_t)at * (size_t)m;
}

/* L2's pass 2, first from the patterns pat of candidate h on C alone:
 * sum (h's term) plus, for each class of c answers larger than scap,
 * c + 1 - scap (such a class costs at least 3c - scap: no guess splits
 * it into more), counted as the patterns are read (a class adds 2 when
 * it passes scap, then 1 an answer), and stopping once it reaches best.
 * Most candidates end here (bound2_quick: 19 million of hard
 * nyt-2023-07's L2 stage), so before any partition is made. */
static int bound2_quick_sum(const uint8_t *pat, int m, int sum, int scap, int best) {
  uint16_t cnt[PATTERN_COUNT];
  memset(cnt, 0, sizeof cnt);
  for (int j = 0; j < m && sum < best; j++) {
    int p = pat[j], x = ++cnt[p];
    if (p != PATTERN_WIN) sum += (x > scap) + (x == scap + 1);
  }
  return sum;
}

/* L2's pass 2: the total of candidate guess h on C, its classes bounded
 * by L1, stopping once it reaches best.  The classes larger than scap
 * first, from the patterns alone (bound2_quick_sum()): a guess that
 * leaves a big class is done without a partition or a scan. */
static int bound2_guess(ctx *c, const bounds_ctx *b, level *L, const uint16_t *C, int m, int d,
                        cand h, int best, int scap, const rstate *rs) {
  int sum = h.lb, kd = child_depth(d);
  int at = b == c->sub ? b->ppos[h.g] : -1;
  const uint8_t *pat;
  if (at >= 0 && at < b->ncols) {
    pat = sub_column(c->sub, at, m);
  } else {
    const game *G = c->s->g;
    for (int j = 0; j < m; j++) c->b2pat[j] = game_fb(G, h.g, C[j]);
    pat = c->b2pat;
  }
  int quick = bound2_quick_sum(pat, m, sum, scap, best);
  if (quick >= best) {
    c->st.bound2_quick++;
    return quick;
  }
  srch_partition_by(L, C, m, pat);
  for (int q = 0; q < L->ncls && sum < best; q++) {
    klass *kq = &L->cls[q];
    bool ex;
    /* What ends this guess: a class bound of 2c - 1 + (best - sum). */
    int cq = kq->size;
    int v = bound1_capped(c, b, L->part + kq->start, cq, kd, &ex,
                          class_state(c->s, L, rs, h.g, kq->pat), 2 * cq - 1 + (best - sum),
                          scap);
    sum = imin(sum + v - (2 * kq->size - 1), INF);
  }
  return sum;
}

/* L2's pass 2 over the candidates L->cands[0..nc): the least total,
 * capped at need.  The most promising first (least term, then guess
 * index), so that the best total falls early and the rest stop at once.
 * The order is a counting sort on the term (a narrow range: between
 * 2m - 1 and 3m), each term's run sorted by index only when the loop
 * reaches it: the loop usually ends within the first few runs, so most
 * candidates are never sorted (a full qsort here took a quarter of a
 * fixed-first proof). */
static int bound2_best(ctx *c, const bounds_ctx *b, level *L, int nc, const uint16_t *C, int m,
                       int d, int need, int scap, const rstate *rs) {
  int tlo = INF, thi = -1;
  for (int i = 0; i < nc; i++) {
    if (L->cands[i].lb < tlo) tlo = L->cands[i].lb;
    if (L->cands[i].lb > thi) thi = L->cands[i].lb;
  }
  int nt = nc && thi >= tlo ? thi - tlo + 2 : 1;
  /* Terms lie in [2m - 1, 3m], so nt <= m + 3 (the context's scratch:
   * nothing is allocated here). */
  assert(nt <= c->s->g->n_answers + 4 && nc <= c->s->g->n_guesses);
  int *run = c->b2run, *at = c->b2at; /* run[t]: where term tlo + t starts */
  cand *byterm = c->b2sort;
  memset(run, 0, sizeof *run * (size_t)nt);
  for (int i = 0; i < nc; i++) run[L->cands[i].lb - tlo + 1]++;
  for (int t = 1; t < nt; t++) run[t] += run[t - 1];
  memcpy(at, run, sizeof *at * (size_t)nt);
  for (int i = 0; i < nc; i++) byterm[at[L->cands[i].lb - tlo]++] = L->cands[i];
  int best = need, sorted = 0; /* byterm[0..sorted) is in order */
  for (int i = 0; i < nc && byterm[i].lb < best && !stopped(c->s); i++) {
    if (i == sorted) { /* the next term's run */
      int t = byterm[i].lb - tlo, end = run[t + 1];
      qsort(byterm + i, (size_t)(end - i), sizeof *byterm, cand_term_cmp);
      sorted = end;
    }
    L->cands[i] = byterm[i];
    int sum = bound2_guess(c, b, L, C, m, d, byterm[i], best, scap, rs);
    if (sum < best) best = sum;
  }
  return best;
}

/* ------------------------------------------------------------------ */
/* L2's own bounds for a big class.                                      */

void srch_bounds_sub_free(bounds_ctx *sb) {
  if (!sb) return;
  sb->want = NULL; /* borrowed */
  xunmap(sb->ptab, sb->ptab_bytes);
  xunmap(sb->cols, sb->cols_bytes);
  free(sb->colsdone);
  sb->ptab = NULL;
  srch_bounds_free(sb);
}

/* Every guess of b (allowed by `allowed`, NULL: all) with its s on C
 * (rows, isin marked in b's space): s[i] for position i of b's order, 0
 * for the guesses not counted.  Counting stops at the first block whose
 * cap on b's set is below 3 (the rest have s < 3 on C too); returns
 * where. */
static int sub_counts(ctx *c, const bounds_ctx *b, const uint8_t *const *rows,
                      const uint8_t *isin, int m, const uint64_t *allowed, int *s) {
  srch_bounds_kernel();
  block_fn scan = block_big;
  int pos[64], sv[64], u0 = 0;
  for (; u0 < b->nstrong && b->cap[u0] >= 3 && !stopped(c->s); u0 += 64) {
    int w = b->nstrong - u0 < 64 ? b->nstrong - u0 : 64, reads;
    memset(s + u0, 0, sizeof *s * (size_t)w);
    uint64_t mask = allowed ? allowed[u0 / 64] : ~0ull;
    if (!mask) continue;
    /* lim = m: no lane is ever abandoned, each gets its s. */
    int ns = scan(rows, isin, m, u0, w, mask, m, pos, sv, &reads);
    c->st.bound_guesses += (uint64_t)w;
    c->st.bound_reads += (uint64_t)reads * (uint64_t)w;
    for (int i = 0; i < ns; i++)
      if (mask >> (pos[i] - u0) & 1) s[pos[i]] = sv[i];
  }
  return u0 < b->nstrong ? u0 : b->nstrong;
}

/* The rules' bitsets of sb's order (as srch_bounds_new() makes them). */
static void sub_letters(const search *s, bounds_ctx *sb) {
  int nw = sb->nwords = (sb->nstrong + 63) / 64;
  size_t nat = (size_t)5 * 26 * (size_t)(nw ? nw : 1), nal = (size_t)26 * 7 * (size_t)(nw ? nw : 1);
  free(sb->at);
  free(sb->atleast);
  sb->at = xcalloc(nat, sizeof *sb->at);
  sb->atleast = xcalloc(nal, sizeof *sb->atleast);
  for (int i = 0; i < sb->nstrong; i++) {
    const char *w = s->g->guesses.w[sb->strong[i]];
    int cnt[26] = {0};
    for (int q = 0; q < 5; q++) {
      int L = w[q] - 'a';
      sb->at[((size_t)q * 26 + (size_t)L) * (size_t)nw + (size_t)(i / 64)] |= 1ull << (i % 64);
      cnt[L]++;
    }
    for (int L = 0; L < 26; L++)
      for (int k = 1; k <= cnt[L]; k++)
        sb->atleast[((size_t)L * 7 + (size_t)k) * (size_t)nw + (size_t)(i / 64)] |= 1ull << (i % 64);
  }
}

/* The thread's scratch bounds, made on first use. */
static bounds_ctx *sub_scratch(ctx *c) {
  const game *G = c->s->g;
  if (!c->sub) {
    bounds_ctx *sb = c->sub = xcalloc(1, sizeof *sb);
    sb->strong = xmalloc(sizeof *sb->strong * (size_t)G->n_guesses);
    sb->cap = xmalloc(sizeof *sb->cap * (size_t)G->n_guesses);
    sb->prow = xmalloc(sizeof *sb->prow * (size_t)G->n_answers);
    sb->ppos = xmalloc(sizeof *sb->ppos * (size_t)G->n_guesses);
    for (int i = 0; i < G->n_guesses; i++) sb->ppos[i] = -1;
    c->subpos = xmalloc(sizeof *c->subpos * (size_t)G->n_guesses);
    sb->colsdone = xmalloc((size_t)G->n_guesses / 64 + 1);
    sb->lqstride = (G->n_guesses + 63) & ~63;
    sb->lq = xcalloc((size_t)5 * (size_t)sb->lqstride + 64, 1);
  }
  return c->sub;
}

/* p (have bytes, from xmap()) with room for want bytes. */
static uint8_t *sub_room(uint8_t *p, size_t *have, size_t want) {
  if (want <= *have) return p;
  xunmap(p, *have);
  *have = want;
  return xmap(want);
}

/* sb's order: the guesses of b counted on C (s[] by b's position, nb
 * of them) with s >= 3, largest s first, b's order within each s (a
 * counting sort), capped by s; s[] then maps sb's positions to b's. */
static void sub_order(ctx *c, const bounds_ctx *b, bounds_ctx *sb, int m, int *sv, int nb) {
  for (int i = 0; i < sb->nstrong; i++) sb->ppos[sb->strong[i]] = -1; /* the last class's */
  int *run = c->b2run; /* m + 3 <= n_answers + 4 */
  memset(run, 0, sizeof *run * (size_t)(m + 3));
  for (int i = 0; i < nb; i++)
    if (sv[i] >= 3) run[m + 1 - sv[i] + 1]++;
  for (int t = 1; t <= m + 2; t++) run[t] += run[t - 1];
  int no = run[m + 2];
  for (int i = 0; i < nb; i++)
    if (sv[i] >= 3) {
      int at = run[m + 1 - sv[i]]++;
      sb->strong[at] = b->strong[i];
      sb->cap[at] = sv[i];
    }
  sb->nstrong = no;
  lq_fill(c->s->g, sb->lq, sb->lqstride, sb->strong, no);
  for (int i = 0; i < no; i++) {
    int bp = b->ppos[sb->strong[i]];
    assert(bp >= 0 && (i == 0 || sb->cap[i] <= sb->cap[i - 1]));
    sv[i] = bp;
    sb->ppos[sb->strong[i]] = i;
  }
}

/* out[i] = row[pos[i]] for i < n: a row of the table in another order
 * (16 at a time with AVX-512: a dword gather, each read at most 3 bytes
 * past its byte, which every row of a bounds table has after it, then
 * packed to bytes; the scalar loop took half of hard L2's own-order
 * set-up by `perf`). */
static void row_gather_scalar(uint8_t *out, const uint8_t *row, const int *pos, int n) {
  for (int i = 0; i < n; i++) out[i] = row[pos[i]];
}
#ifdef HAVE_X86
__attribute__((target("avx512f"))) static void row_gather_avx512(uint8_t *out, const uint8_t *row,
                                                                  const int *pos, int n) {
  int i = 0;
  for (; i + 16 <= n; i += 16) {
    __m512i ix = _mm512_loadu_si512((const void *)(pos + i));
    __m512i v = _mm512_i32gather_epi32(ix, (const void *)row, 1);
    _mm_storeu_si128((__m128i *)(out + i), _mm512_cvtepi32_epi8(v));
  }
  row_gather_scalar(out + i, row, pos + i, n - i);
}
#endif
static void row_gather(uint8_t *out, const uint8_t *row, const int *pos, int n) {
#ifdef HAVE_X86
  if (block_vector == block_avx512) {
    row_gather_avx512(out, row, pos, n);
    return;
  }
#endif
  row_gather_scalar(out, row, pos, n);
}

/* sb's table: C's rows (rows, in b's space) with their columns in sb's
 * order (bpos[i]: b's position of sb's i), and room for the columns of
 * L2's candidates, the guesses whose term 3m - s is below need (copied
 * out by sub_column() when first asked for). */
static void sub_table(bounds_ctx *sb, const uint8_t *const *rows, const uint16_t *C, int m,
                      const int *bpos, int need) {
  int no = sb->nstrong, nk = 0;
  sb->pstride = (no + 63) & ~63;
  sb->ptab = sub_room(sb->ptab, &sb->ptab_bytes, (size_t)m * (size_t)sb->pstride + 64);
  for (int r = 0; r < m; r++) {
    uint8_t *out = sb->ptab + (size_t)r * (size_t)sb->pstride;
    row_gather(out, rows[r], bpos, no);
    memset(out + no, 0, (size_t)(sb->pstride - no) + (r == m - 1 ? 64 : 0));
    sb->prow[C[r]] = r;
  }
  while (nk < no && 3 * m - sb->cap[nk] < need) nk++;
  sb->ncols = nk;
  sb->cols = sub_room(sb->cols, &sb->cols_bytes, (size_t)nk * (size_t)m);
  memset(sb->colsdone, 0, (size_t)(nk + 63) / 64);
}

/*
 * The bounds of the subsets of a big class C (m answers, a subset of
 * b's set; rows, isin marked in b's space), for L2's pass 2: b's guesses
 * that C's state allows, ordered by their s on C, largest first, each
 * capped by it (no guess has a larger s on a subset of C: k and [h in C]
 * only fall), and a table of C's rows in that order.  A class's scan
 * then ends at the first guess whose s on C cannot beat its best, where
 * b's caps (on the whole set) let almost every guess through.  Guesses
 * with s < 3 on C are left out: every subset D of C that L1 scans has 4
 * answers or more, and each of them is a guess allowed at D (an answer
 * is consistent with its history, which every rule allows) with s >= 3
 * (it wins on itself and leaves another class), so none of those raises
 * the maximum; C's own answers (s >= 3 on C) all stay, as mark() needs.
 * L2's candidates, the guesses whose term 3m - s on C is below need,
 * are the first ncols of the order.  The context's own scratch
 * (c->sub), with b's want memo.  On the nyt-2023-07 lists' root proof
 * (2 threads) the L2 stage took 249 s with it, 410 s without.
 */
static const bounds_ctx *bounds_sub(ctx *c, const bounds_ctx *b, const uint8_t *const *rows,
                                    const uint8_t *isin, const uint16_t *C, int m,
                                    const uint64_t *allowed, int need) {
  bounds_ctx *sb = sub_scratch(c);
  int *sv = c->subpos;
  int nb = sub_counts(c, b, rows, isin, m, allowed, sv);
  sub_order(c, b, sb, m, sv, nb);
  sub_table(sb, rows, C, m, sv, need);
  if (c->s->rw) sub_letters(c->s, sb);
  sb->want = b->want;
  return sb;
}

int srch_bound2(ctx *c, const bounds_ctx *b, const uint16_t *C, int m, int d, int need, int ply,
                const rstate *rs) {
  bool exact;
  int lb1 = srch_bound1(c, b, C, m, d, &exact, rs, INF);
  if (exact || lb1 >= need || d < 3) return lb1;
  c->st.bound2++;
  search *s = c->s;
  klass k;
  srch_quick(c, C, m, d, &k, rs); /* for its memo hash (a probe: cheap) */
  level *L = srch_level(c, ply);
  /* Under rules that narrow, only the guesses the state allows (this
   * level's own copy: srch_bound1() below reuses the context's). */
  uint64_t *allowed = NULL;
  if (rs && s->rw) {
    allowed = L->allowed;
    srch_bounds_allowed(s, b, rs, allowed);
  }
  const uint8_t **rows = c->rows2;
  uint8_t *isin = c->isin2;
  mark(s, b, rows, isin, C, m);
  int scap, nc, best;
  if (m >= BOUNDS_SUB_MIN) {
    /* C's own bounds: its candidates are their guesses with the least
     * terms (their s on C, largest first). */
    const bounds_ctx *sb = bounds_sub(c, b, rows, isin, C, m, allowed, need);
    c->st.bound2_own++;
    unmark(s, b, isin, C, m);
    for (nc = 0; nc < sb->ncols; nc++)
      L->cands[nc] = (cand){sb->strong[nc], 3 * m - sb->cap[nc], 0, 0};
    scap = sb->nstrong ? sb->cap[0] : 0;
    best = stopped(s) ? need : bound2_best(c, sb, L, nc, C, m, d, need, scap, rs);
  } else {
    nc = bound2_cands(c, b, L, rows, isin, C, m, need, allowed, &scap);
    best = bound2_best(c, b, L, nc, C, m, d, need, scap, rs);
    unmark(s, b, isin, C, m);
  }
  if (stopped(s)) return lb1; /* a partial pass proves nothing more */
  int lb = best > lb1 ? best : lb1;
  assert(lb >= 2 * m - 1 && lb >= lb1); /* never below L1, nor the floor */
  keep(c, &k, C, m, d, lb, rs);
  return lb;
}
