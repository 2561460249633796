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

/* Add each of 16 lanes' pattern (set word wi, bit) to its 256-bit set
 * (word k of lane i's set is lane i of b[k]): the lanes that had it. */
KAVX512_TARGET static inline __mmask16 kavx512_set_add(__m512i wi, __m512i bit, __m512i b[8]) {
  __mmask16 hit = 0;
  for (int k = 0; k < 8; k++) {
    __mmask16 mw = _mm512_cmpeq_epi32_mask(wi, _mm512_set1_epi32(k));
    hit |= _mm512_mask_test_epi32_mask(mw, b[k], bit);
    b[k] = _mm512_mask_or_epi32(b[k], mw, b[k], bit);
  }
  return hit;
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
