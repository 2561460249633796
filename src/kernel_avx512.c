/*
 * kernel_avx512.c: the kernel for AVX-512 without VBMI (kernel.h):
 * AVX-512 F, BW and VL, as on Intel Xeons from Skylake to Cascade Lake.
 *
 *   block       64 guesses a vector, a byte lane each: row j's patterns
 *               compared with every earlier row's (kavx512_seen()), a
 *               lane counting its collisions, the block ending once every
 *               lane is abandoned
 *   big         16 guesses a vector, each with a 256-bit set of the
 *               patterns seen (eight vectors of sixteen 32-bit words),
 *               the collisions counted at checks (kernel_avx512.h)
 *   lcap_*      the letter caps with byte shuffles (vpshufb looks up 16
 *               entries; four of them and two blends look up 64)
 *   gather      a dword gather, packed to bytes
 *
 * No packing: the two-block byte permutes it takes are VBMI's
 * (kernel_vbmi.c); packing by word permutes was tried and was slower
 * (NEWS, issue 46).
 */
#include "kernel_avx512.h"

#ifdef KERNEL_X86
#include <string.h>

#define TARGET KAVX512_TARGET

TARGET int kavx512_block(const uint8_t *const *rows, const uint8_t *isin, int m, int u0,
                         int w, uint64_t take, int lim, int *pos, int *sv, int *reads) {
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
    __mmask64 dup = kavx512_seen(x, j, xj);
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

/* Sets of BOUNDS_BITS_MIN or more: a 256-bit set per guess, 16 a vector
 * (eight vectors of sixteen 32-bit words), collisions in 32-bit lanes. */
TARGET int kavx512_big(const uint8_t *const *rows, const uint8_t *isin, int m, int u0,
                       int w, uint64_t take, int lim, int *pos, int *sv, int *reads) {
  int ns = 0, most = 0;
  for (int h = 0; h < w; h += 16) {
    int hw = w - h < 16 ? w - h : 16;
    __mmask16 lanes = (hw >= 16 ? 0xffff : (__mmask16)((1u << hw) - 1)) & (__mmask16)(take >> h);
    if (!lanes) continue;
    __m512i green = _mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(lanes, isin + u0 + h));
    __mmask16 gm = _mm512_test_epi32_mask(green, green);
    __mmask16 alive = lim >= 0 ? lanes : lanes & gm;
    __m512i limv = _mm512_add_epi32(_mm512_set1_epi32(lim < 0 ? -1 : lim), green);
    __m512i coll = _mm512_setzero_si512(), b[8];
    for (int k = 0; k < 8; k++) b[k] = coll;
    int j = 0;
    for (int next = kavx512_set_check(b, 0, m, limv, &alive, &coll); next;
         next = kavx512_set_check(b, j, m, limv, &alive, &coll))
      for (; j < next; j++) {
        __m512i p = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(rows[j] + u0 + h)));
        if (h == 0) {
          _mm_prefetch((const char *)(rows[j] + u0 + 64), _MM_HINT_T0);
          if (j + PACK_AHEAD < m) _mm_prefetch((const char *)(rows[j + PACK_AHEAD] + u0), _MM_HINT_T0);
        }
        kavx512_set_put(p, b);
      }
    most = j > most ? j : most;
    if (!alive) continue;
    int cb[16], gb[16];
    _mm512_storeu_si512((void *)cb, coll);
    _mm512_storeu_si512((void *)gb, green);
    ns = klanes_out(alive, hw, u0 + h, m, cb, gb, pos, sv, ns);
  }
  *reads = most;
  return ns;
}


/* tab[idx] for 64 byte lanes of indices below 64: vpshufb looks up 16
 * entries within each 128-bit lane, so four tables of 16, chosen by the
 * index's bits 4 and 5. */
TARGET static inline __m512i lookup64(__m512i idx, const uint8_t tab[64]) {
  __m512i t0 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)tab));
  __m512i t1 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(tab + 16)));
  __m512i t2 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(tab + 32)));
  __m512i t3 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(tab + 48)));
  __mmask64 b4 = _mm512_test_epi8_mask(idx, _mm512_set1_epi8(16));
  __mmask64 b5 = _mm512_test_epi8_mask(idx, _mm512_set1_epi8(32));
  __m512i lo = _mm512_mask_shuffle_epi8(_mm512_shuffle_epi8(t0, idx), b4, t1, idx);
  __m512i hi = _mm512_mask_shuffle_epi8(_mm512_shuffle_epi8(t2, idx), b4, t3, idx);
  return _mm512_mask_blend_epi8(b5, lo, hi);
}

TARGET void kavx512_codes(const uint64_t gr[5], const uint64_t ye[5], const uint64_t gy[5],
                          kcaps *t) {
  const __m512i one = _mm512_set1_epi8(1);
  /* colours 0-3 -> exponent code 0, 0, 1, 8 (a 16-entry table per lane) */
  const __m512i ex = _mm512_set4_epi32(0, 0, 0, 0x08010000);
  for (int q = 0; q < 5; q++) {
    __m512i n = _mm512_add_epi8(_mm512_maskz_mov_epi8(gr[q], one),
                                _mm512_add_epi8(_mm512_maskz_mov_epi8(ye[q], one),
                                                _mm512_maskz_mov_epi8(gy[q], one)));
    _mm512_storeu_si512((void *)t->code[q], _mm512_shuffle_epi8(ex, n));
  }
}

TARGET static uint64_t lanes_avx512(const uint8_t *lq, size_t lqstride, const kcaps *t,
                                    const uint8_t *isin, int u0, int w, int best) {
  if (best >= 244) return 0; /* no cap exceeds 243 + 1 */
  if (best < 0) return w >= 64 ? ~0ull : (1ull << w) - 1;
  __m512i e = _mm512_setzero_si512();
  for (int q = 0; q < 5; q++) {
    __m512i codes = _mm512_loadu_si512((const void *)(lq + (size_t)q * lqstride + (size_t)u0));
    e = _mm512_add_epi8(e, lookup64(codes, t->code[q]));
  }
  __mmask64 lanes = w >= 64 ? ~0ull : (1ull << w) - 1; /* isin ends at the last guess */
  __m512i cap = lookup64(e, kcap_pow);
  cap = _mm512_adds_epu8(cap, _mm512_maskz_loadu_epi8(lanes, isin + u0));
  return _mm512_mask_cmpgt_epu8_mask(lanes, cap, _mm512_set1_epi8((char)best));
}

TARGET void kavx512_gather(uint8_t *out, const uint8_t *row, const int *pos, int n) {
  int i = 0;
  for (; i + 16 <= n; i += 16) {
    __m512i ix = _mm512_loadu_si512((const void *)(pos + i));
    __m512i v = _mm512_i32gather_epi32(ix, (const void *)row, 1);
    _mm_storeu_si128((__m128i *)(out + i), _mm512_cvtepi32_epi8(v));
  }
  kscalar_gather(out + i, row, pos + i, n - i);
}

bool kavx512_available(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl");
}

const kernel kernel_avx512 = {
    .name = "avx512",
    .needs = "AVX-512 F, BW and VL",
    .available = kavx512_available,
    .block = kavx512_block,
    .big = kavx512_big,
    .lcap_codes = kavx512_codes,
    .lcap_lanes = lanes_avx512,
    .gather = kavx512_gather,
};
#endif
