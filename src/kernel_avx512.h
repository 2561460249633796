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

/* The packed passes (kernel.h's packed and big_packed), written once for
 * both AVX-512 kernels: only how a packed row is made differs (VBMI: a
 * byte permute per pair of blocks; without it: word permutes).  A
 * packer's functions, called with its spec:
 *   row(row, spec)            the packed row's 64 bytes (compare pass)
 *   group(spec, h, gs)        set up group h's 16 lanes into gs
 *   group_row(row, gs)        those 16 lanes' bytes as 32-bit lanes
 *   ahead(row, spec)          fetch a row's source lines
 * always_inline, so each kernel gets its own loop with its packer's
 * calls inlined. */
typedef struct {
  __m512i (*row)(const uint8_t *row, const void *spec);
  void (*group)(const void *spec, int h, void *gs);
  __m512i (*group_row)(const uint8_t *row, const void *gs);
  void (*ahead)(const uint8_t *row, const void *spec);
} kpacker;

#define KINLINE static inline __attribute__((always_inline))

/* kavx512_block() on packed rows (isout: isin packed; w lanes), each row
 * packed as it is read (a pass often ends within a few rows: packing all
 * m first took a quarter of the 3158-answer root proof); next: a row's
 * offset the next pass will read. */
KAVX512_TARGET KINLINE int kavx512_packed_block(const kpacker P, const void *spec,
                                                 const uint8_t *const *rows,
                                                 const uint8_t *isout, int next, int m, int w,
                                                 int lim, int *pos, int *sv, int *reads) {
  __m512i x[255];
  __mmask64 lanes = w >= 64 ? ~0ull : (1ull << w) - 1;
  __m512i green = _mm512_maskz_loadu_epi8(lanes, isout);
  __mmask64 gm = _mm512_test_epi8_mask(green, green);
  __mmask64 alive = lim >= 0 ? lanes : lanes & gm;
  if (lim < 0) lim = -1; /* then only green lanes, with no collision */
  __m512i limv = _mm512_add_epi8(_mm512_set1_epi8((char)lim), green);
  __m512i coll = _mm512_setzero_si512(), one = _mm512_set1_epi8(1);
  int j = 0;
  for (; j < m && alive; j++) {
    if (j + PACK_AHEAD < m) P.ahead(rows[j + PACK_AHEAD], spec);
    __m512i xj = P.row(rows[j], spec);
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

/* kavx512_big() on packed rows, each group of 16 lanes packed as it is
 * read; gs: room for a group's set-up. */
KAVX512_TARGET KINLINE int kavx512_packed_big(const kpacker P, const void *spec, void *gs,
                                               const uint8_t *const *rows, const uint8_t *isout,
                                               int m, int w, int lim, int *pos, int *sv,
                                               int *reads) {
  int ns = 0, most = 0;
  const __m512i one = _mm512_set1_epi32(1), five = _mm512_set1_epi32(31);
  for (int h = 0; h < w; h += 16) {
    int hw = w - h < 16 ? w - h : 16;
    __mmask16 lanes = hw >= 16 ? 0xffff : (__mmask16)((1u << hw) - 1);
    P.group(spec, h, gs);
    __m512i green = _mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(lanes, isout + h));
    __mmask16 gm = _mm512_test_epi32_mask(green, green);
    __mmask16 alive = lim >= 0 ? lanes : lanes & gm;
    __m512i limv = _mm512_add_epi32(_mm512_set1_epi32(lim < 0 ? -1 : lim), green);
    __m512i coll = _mm512_setzero_si512(), b[8];
    for (int k = 0; k < 8; k++) b[k] = coll;
    int j = 0;
    for (; j < m && alive; j++) {
      if (h == 0 && j + PACK_AHEAD < m) P.ahead(rows[j + PACK_AHEAD], spec);
      __m512i p = P.group_row(rows[j], gs);
      __m512i wi = _mm512_srli_epi32(p, 5);
      __m512i bit = _mm512_sllv_epi32(one, _mm512_and_si512(p, five));
      __mmask16 hit = kavx512_set_add(wi, bit, b);
      coll = _mm512_mask_add_epi32(coll, hit, coll, one);
      alive &= _mm512_cmple_epi32_mask(coll, limv);
    }
    most = j > most ? j : most;
    if (!alive) continue;
    int cb[16], gb[16];
    _mm512_storeu_si512((void *)cb, coll);
    _mm512_storeu_si512((void *)gb, green);
    ns = klanes_out(alive, hw, h, m, cb, gb, pos, sv, ns);
  }
  *reads = most;
  return ns;
}

int kavx512_block(const uint8_t *const *rows, const uint8_t *isin, int m, int u0, int w,
                  uint64_t take, int lim, int *pos, int *sv, int *reads);
int kavx512_big(const uint8_t *const *rows, const uint8_t *isin, int m, int u0, int w,
                uint64_t take, int lim, int *pos, int *sv, int *reads);
void kavx512_gather(uint8_t *out, const uint8_t *row, const int *pos, int n);
bool kavx512_available(void);
#endif

#endif
