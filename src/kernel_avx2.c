/*
 * kernel_avx2.c: the kernel for AVX2 (kernel.h), as on Intel desktops
 * since Haswell (Alder Lake and later among them) and AMD Zen 1 to 3.
 *
 *   block       32 guesses a vector, a byte lane each (a block of 64 in
 *               two halves), row j compared with every earlier row
 *   big         8 guesses a vector, each with a 256-bit set of the
 *               patterns seen, in 32-bit lanes, the collisions counted
 *               at checks (block_bits256())
 *   lcap_*      the letter caps with byte shuffles (vpshufb looks up 16
 *               entries; four of them and two blends look up 64)
 *   gather      a dword gather, packed to bytes
 *
 * No packing: AVX2 has no byte permute across 128-bit lanes.
 */
#include "kernel.h"

#ifdef KERNEL_X86
#include <immintrin.h>
#include <string.h>

#define TARGET __attribute__((target("avx2")))

/* Put each lane's pattern p in its set (word k of lane i's set is lane
 * i of b[k]).  No test: the collisions so far are the rows read less
 * the set's bits (set_count()), counted every few rows (block_bits256()). */
TARGET static inline void set_put(__m256i p, __m256i b[8]) {
  __m256i wi = _mm256_srli_epi32(p, 5);
  __m256i bit = _mm256_sllv_epi32(_mm256_set1_epi32(1), _mm256_and_si256(p, _mm256_set1_epi32(31)));
  for (int k = 0; k < 8; k++)
    b[k] = _mm256_or_si256(b[k], _mm256_and_si256(_mm256_cmpeq_epi32(wi, _mm256_set1_epi32(k)), bit));
}

/* The bits of each lane's set: a nibble lookup per byte, the bytes of
 * the eight words summed (at most 64 each), then the lane's four. */
TARGET static inline __m256i set_count(const __m256i b[8]) {
  const __m256i lut = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2,
                                       1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const __m256i low4 = _mm256_set1_epi8(0x0f);
  __m256i acc = _mm256_setzero_si256();
  for (int k = 0; k < 8; k++) {
    __m256i lo = _mm256_and_si256(b[k], low4);
    __m256i hi = _mm256_and_si256(_mm256_srli_epi16(b[k], 4), low4);
    acc = _mm256_add_epi8(acc, _mm256_add_epi8(_mm256_shuffle_epi8(lut, lo),
                                               _mm256_shuffle_epi8(lut, hi)));
  }
  __m256i w16 = _mm256_maddubs_epi16(acc, _mm256_set1_epi8(1));
  return _mm256_madd_epi16(w16, _mm256_set1_epi16(1));
}

TARGET static int block_avx2(const uint8_t *const *rows, const uint8_t *isin, int m, int u0,
                             int w, uint64_t take, int lim, int *pos, int *sv, int *reads) {
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
      if (h == 0 && j + PACK_AHEAD < m)
        _mm_prefetch((const char *)(rows[j + PACK_AHEAD] + u0), _MM_HINT_T0);
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

/* Sets of BOUNDS_BITS_MIN or more: eight guesses a vector, a 256-bit set
 * per guess held in eight vectors (word k of lane i's set is lane i of
 * b[k]), all in registers.  The rows go in without a test each; the
 * lanes' collisions (rows read less the bits set) are counted at a check,
 * and the next check comes when the lane nearest its limit could first
 * pass it, at least BOUNDS_SET_STEP rows on (a lane that passed its limit
 * between two checks is as dead: collisions only grow, so the lanes that
 * live and their s are the scalar kernel's; only *reads may be later). */
TARGET static int block_bits256(const uint8_t *const *rows, const uint8_t *isin, int m, int u0,
                                int w, uint64_t take, int lim, int *pos, int *sv, int *reads) {
  int ns = 0, most = 0;
  const __m256i zero = _mm256_setzero_si256();
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
    __m256i coll = zero, b[8];
    for (int k = 0; k < 8; k++) b[k] = zero;
    int j = 0, next = 0;
    for (;;) {
      for (; j < next; j++) {
        /* Eight bytes of the row (rows are padded to 64: never past it). */
        __m256i p = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(rows[j] + u0 + h)));
        if (h == 0) {
          _mm_prefetch((const char *)(rows[j] + u0 + 64), _MM_HINT_T0);
          if (j + PACK_AHEAD < m) _mm_prefetch((const char *)(rows[j + PACK_AHEAD] + u0), _MM_HINT_T0);
        }
        set_put(p, b);
      }
      coll = _mm256_sub_epi32(_mm256_set1_epi32(j), set_count(b));
      alive &= ~(uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(coll, limv)));
      if (!alive || j >= m) break;
      int room[8];
      _mm256_storeu_si256((__m256i *)room, _mm256_sub_epi32(limv, coll));
      next = kset_next(j, m, kleast_room(room, alive, 8));
    }
    most = j > most ? j : most;
    if (!alive) continue;
    int cb[8], gb[8];
    _mm256_storeu_si256((__m256i *)cb, coll);
    _mm256_storeu_si256((__m256i *)gb, green);
    ns = klanes_out(alive, hw, u0 + h, m, cb, gb, pos, sv, ns);
  }
  *reads = most;
  return ns;
}

/* tab[idx] for 32 byte lanes of indices below 64: vpshufb looks up 16
 * entries within each 128-bit lane, so four tables of 16, chosen by the
 * index's bits 4 and 5. */
TARGET static inline __m256i lookup64(__m256i idx, const uint8_t tab[64]) {
  __m256i t0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)tab));
  __m256i t1 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(tab + 16)));
  __m256i t2 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(tab + 32)));
  __m256i t3 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(tab + 48)));
  __m256i b4 = _mm256_slli_epi16(idx, 3), b5 = _mm256_slli_epi16(idx, 2); /* to bit 7 */
  __m256i lo = _mm256_blendv_epi8(_mm256_shuffle_epi8(t0, idx), _mm256_shuffle_epi8(t1, idx), b4);
  __m256i hi = _mm256_blendv_epi8(_mm256_shuffle_epi8(t2, idx), _mm256_shuffle_epi8(t3, idx), b4);
  return _mm256_blendv_epi8(lo, hi, b5);
}

TARGET static uint64_t lanes_avx2(const uint8_t *lq, size_t lqstride, const kcaps *t,
                                  const uint8_t *isin, int u0, int w, int best) {
  if (best >= 244) return 0; /* no cap exceeds 243 + 1 */
  if (best < 0) return w >= 64 ? ~0ull : (1ull << w) - 1;
  uint8_t gb[64] = {0};
  memcpy(gb, isin + u0, (size_t)w); /* isin ends at the last guess */
  const __m256i bv = _mm256_set1_epi8((char)best);
  uint64_t out = 0;
  for (int h = 0; h < 64; h += 32) {
    __m256i e = _mm256_setzero_si256();
    for (int q = 0; q < 5; q++) {
      __m256i codes = _mm256_loadu_si256((const __m256i *)(lq + (size_t)q * lqstride + (size_t)(u0 + h)));
      e = _mm256_add_epi8(e, lookup64(codes, t->code[q]));
    }
    __m256i cap = _mm256_adds_epu8(lookup64(e, kcap_pow), _mm256_loadu_si256((const __m256i *)(gb + h)));
    /* cap > best, unsigned: max(cap, best) is not best */
    __m256i le = _mm256_cmpeq_epi8(_mm256_max_epu8(cap, bv), bv);
    out |= (uint64_t)(uint32_t)~_mm256_movemask_epi8(le) << h;
  }
  return w >= 64 ? out : out & ((1ull << w) - 1);
}

TARGET static void gather_avx2(uint8_t *out, const uint8_t *row, const int *pos, int n) {
  int i = 0;
  const __m256i low = _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                       -1, 0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                       -1);
  for (; i + 8 <= n; i += 8) {
    __m256i ix = _mm256_loadu_si256((const __m256i *)(pos + i));
    __m256i v = _mm256_shuffle_epi8(_mm256_i32gather_epi32((const int *)row, ix, 1), low);
    uint32_t a = (uint32_t)_mm256_extract_epi32(v, 0), b = (uint32_t)_mm256_extract_epi32(v, 4);
    memcpy(out + i, &a, 4);
    memcpy(out + i + 4, &b, 4);
  }
  kscalar_gather(out + i, row, pos + i, n - i);
}

static bool has_avx2(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
}

const kernel kernel_avx2 = {
    .name = "avx2",
    .needs = "AVX2",
    .available = has_avx2,
    .block = block_avx2,
    .big = block_bits256,
    .lcap_codes = kscalar_codes,
    .lcap_lanes = lanes_avx2,
    .gather = gather_avx2,
};
#endif
