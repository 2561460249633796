/*
 * kernel_avx512.h: what the two AVX-512 kernels share (kernel_avx512.c,
 * and kernel_vbmi.c, which adds VBMI's packing and letter caps to it):
 * the 256-bit-set step and the unpacked kernels.  x86 only.
 */
#ifndef OPTLE_KERNEL_AVX512_H
#define OPTLE_KERNEL_AVX512_H

#include "kernel.h"

#ifdef KERNEL_X86
#include <immintrin.h>

#define KAVX512_TARGET __attribute__((target("avx512f,avx512bw,avx512vl")))

/* The compare kernels' step (kernel_avx512.c's block, kernel_vbmi.c's
 * packed): the byte lanes of xj equal to the same lane of some x[i],
 * i < j.  A lane's least xor with them is 0; vector mins, not mask ORs
 * of compares (half the time on a Zen 5: mask ops are fewer a cycle),
 * in four chains. */
KAVX512_TARGET static inline __mmask64 kavx512_seen(const __m512i *x, int j, __m512i xj) {
  __m512i d0 = _mm512_set1_epi8(-1), d1 = d0, d2 = d0, d3 = d0;
  int i = 0;
  for (; i + 3 < j; i += 4) {
    d0 = _mm512_min_epu8(d0, _mm512_xor_si512(x[i], xj));
    d1 = _mm512_min_epu8(d1, _mm512_xor_si512(x[i + 1], xj));
    d2 = _mm512_min_epu8(d2, _mm512_xor_si512(x[i + 2], xj));
    d3 = _mm512_min_epu8(d3, _mm512_xor_si512(x[i + 3], xj));
  }
  for (; i < j; i++) d0 = _mm512_min_epu8(d0, _mm512_xor_si512(x[i], xj));
  d0 = _mm512_min_epu8(_mm512_min_epu8(d0, d1), _mm512_min_epu8(d2, d3));
  return _mm512_testn_epi8_mask(d0, d0);
}

/* The 256-bit-set kernels (kernel_avx512.c's big, kernel_vbmi.c's
 * big_packed): 16 guesses a vector, word k of lane i's set in lane i of
 * b[k].  A row goes in without a test (kavx512_set_put()); the lanes'
 * collisions, the rows read less their sets' bits, are counted at a check
 * (kavx512_set_check()), and the next check comes when the lane nearest
 * its limit could first pass it, at least BOUNDS_SET_STEP rows on.  A lane
 * that passed its limit between two checks is as dead (collisions only
 * grow), so the lanes that live and their s are the scalar kernel's; only
 * the rows read may be more. */
KAVX512_TARGET static inline void kavx512_set_put(__m512i p, __m512i b[8]) {
  __m512i wi = _mm512_srli_epi32(p, 5);
  __m512i bit = _mm512_sllv_epi32(_mm512_set1_epi32(1), _mm512_and_si512(p, _mm512_set1_epi32(31)));
  for (int k = 0; k < 8; k++)
    b[k] = _mm512_mask_or_epi32(b[k], _mm512_cmpeq_epi32_mask(wi, _mm512_set1_epi32(k)), b[k], bit);
}

/* Each lane's bits: a nibble lookup per byte, the eight words' bytes
 * summed (at most 64 each), then the lane's four bytes. */
KAVX512_TARGET static inline __m512i kavx512_set_count(const __m512i b[8]) {
  const __m512i lut = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4));
  const __m512i low4 = _mm512_set1_epi8(0x0f);
  __m512i acc = _mm512_setzero_si512();
  for (int k = 0; k < 8; k++) {
    __m512i lo = _mm512_and_si512(b[k], low4);
    __m512i hi = _mm512_and_si512(_mm512_srli_epi16(b[k], 4), low4);
    acc = _mm512_add_epi8(acc, _mm512_add_epi8(_mm512_shuffle_epi8(lut, lo),
                                               _mm512_shuffle_epi8(lut, hi)));
  }
  __m512i w16 = _mm512_maddubs_epi16(acc, _mm512_set1_epi8(1));
  return _mm512_madd_epi16(w16, _mm512_set1_epi16(1));
}

/* A check after j rows: *coll the lanes' collisions, the lanes past limv
 * dropped from *alive; returns the row of the next check (at most m), or
 * 0 when none is left. */
KAVX512_TARGET static inline int kavx512_set_check(const __m512i b[8], int j, int m, __m512i limv,
                                                   __mmask16 *alive, __m512i *coll) {
  *coll = _mm512_sub_epi32(_mm512_set1_epi32(j), kavx512_set_count(b));
  *alive &= _mm512_cmple_epi32_mask(*coll, limv);
  if (!*alive || j >= m) return 0;
  return kset_next(j, m, _mm512_mask_reduce_min_epi32(*alive, _mm512_sub_epi32(limv, *coll)));
}

int kavx512_block(const uint8_t *const *rows, const uint8_t *isin, int m, int u0, int w,
                  uint64_t take, int lim, int *pos, int *sv, int *reads);
int kavx512_big(const uint8_t *const *rows, const uint8_t *isin, int m, int u0, int w,
                uint64_t take, int lim, int *pos, int *sv, int *reads);
/* The letter caps' table (kernel.h kcodes_fn), VBMI's too: its lookups
 * have 4 entries, within one vpshufb. */
void kavx512_codes(const uint64_t gr[5], const uint64_t ye[5], const uint64_t gy[5], kcaps *t);
void kavx512_gather(uint8_t *out, const uint8_t *row, const int *pos, int n);
bool kavx512_available(void);
#endif

#endif
