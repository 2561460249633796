/*
 * kernel_vbmi.c: the kernel for AVX-512 with VBMI and VBMI2 (kernel.h),
 * as on Intel Xeons since Ice Lake and AMD Zen 4 and 5: the AVX-512
 * kernel (kernel_avx512.c) plus what byte permutes across the whole
 * vector allow.
 *
 *   packed,     a block whose taken lanes are few still costs a whole
 *   big_packed  pass over the rows; so up to PACK_SRC such blocks, in
 *               order, are packed side by side into one of at most 64
 *               lanes (a two-block vpermt2b per pair of them, as each
 *               row is read), and one pass serves them all
 *   lcap_*      the letter caps with vpermb, a 64-entry table lookup
 */
#include "kernel_avx512.h"

#ifdef KERNEL_X86
#include <assert.h>

#define TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2")))

/* How a kpack's rows are packed: for each pair of its blocks (the
 * last alone when odd), a two-block permute's index (bit 6: the pair's
 * second block), zero past the 64 lanes so that a group's index can be
 * read from its lane on, and the lanes of the packed row it fills. */
typedef struct {
  int np;                                 /* pairs */
  int ua[PACK_SRC / 2], ub[PACK_SRC / 2]; /* their blocks' first positions */
  uint8_t idx[PACK_SRC / 2][128];
  uint64_t blend[PACK_SRC / 2];
} packspec;


/* ps's recipe: each block's taken lanes compressed, then expanded into
 * the packed row's lanes that follow the blocks before it. */
TARGET static void pack_spec(const kpack *ps, packspec *sp) {
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

/* isin packed (masked loads: isin ends at the last guess). */
TARGET static void pack_isin(const uint8_t *isin, const kpack *ps, const packspec *sp,
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



/* One packed row: 64 bytes from row (a table row) by sp, ix its pairs'
 * indices. */
TARGET static inline __m512i pack_row(const uint8_t *row, const packspec *sp,
                                      const __m512i *ix) {
  __m512i acc = _mm512_setzero_si512();
  for (int k = 0; k < sp->np; k++) {
    __m512i va = _mm512_loadu_si512((const void *)(row + sp->ua[k]));
    __m512i vb = _mm512_loadu_si512((const void *)(row + sp->ub[k]));
    acc = _mm512_mask_blend_epi8(sp->blend[k], acc, _mm512_permutex2var_epi8(va, ix[k], vb));
  }
  return acc;
}
/* Fetch the sources' lines of a row some way ahead: rows are far apart
 * in the table, and the blocks past the next two were never fetched. */
TARGET static inline void pack_ahead(const uint8_t *row, const packspec *sp) {
  for (int k = 0; k < sp->np; k++) {
    _mm_prefetch((const char *)(row + sp->ua[k]), _MM_HINT_T0);
    _mm_prefetch((const char *)(row + sp->ub[k]), _MM_HINT_T0);
  }
}
/* block_bits512() on packed rows, each group of 16 lanes packed as it is
 * read, from the pairs that fill it. */
TARGET static int block_bits512_packed(const uint8_t *const *rows, const packspec *sp,
                                            const uint8_t *isout, int m, int w, int lim,
                                            int *pos, int *sv, int *reads) {
  int ns = 0, most = 0;
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
    __m512i coll = _mm512_setzero_si512(), b[8];
    for (int k = 0; k < 8; k++) b[k] = coll;
    int j = 0;
    for (int next = kavx512_set_check(b, 0, m, limv, &alive, &coll); next;
         next = kavx512_set_check(b, j, m, limv, &alive, &coll))
      for (; j < next; j++) {
        if (h == 0 && j + PACK_AHEAD < m) pack_ahead(rows[j + PACK_AHEAD], sp);
        __m512i r = _mm512_setzero_si512();
        for (int t = 0; t < nk; t++) {
          __m512i va = _mm512_loadu_si512((const void *)(rows[j] + ua[t]));
          __m512i vb = _mm512_loadu_si512((const void *)(rows[j] + ub[t]));
          r = _mm512_mask_blend_epi8(bg[t], r, _mm512_permutex2var_epi8(va, ixg[t], vb));
        }
        kavx512_set_put(_mm512_cvtepu8_epi32(_mm512_castsi512_si128(r)), b);
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

/* block_avx512() on packed rows, each packed as it is read (a pass
 * often ends within a few rows: packing all m first took a quarter of
 * the 3158-answer root proof). */
TARGET static int block_avx512_packed(const uint8_t *const *rows, const packspec *sp,
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
    __mmask64 dup = kavx512_seen(x, j, xj);
    x[j] = xj;
    coll = _mm512_mask_add_epi8(coll, dup, coll, one);
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


/* The packed kernels' entry: ps's recipe and isin packed, then the pass;
 * pos[] gets packed lanes. */
TARGET static int packed_vbmi(const uint8_t *const *rows, const uint8_t *isin, const kpack *ps,
                              int m, int lim, int *pos, int *sv, int *reads) {
  uint8_t isout[64];
  packspec sp;
  pack_spec(ps, &sp);
  pack_isin(isin, ps, &sp, isout);
  return block_avx512_packed(rows, &sp, isout, m, ps->lanes, lim, pos, sv, reads);
}

TARGET static int big_packed_vbmi(const uint8_t *const *rows, const uint8_t *isin,
                                  const kpack *ps, int m, int lim, int *pos, int *sv,
                                  int *reads) {
  uint8_t isout[64];
  packspec sp;
  pack_spec(ps, &sp);
  pack_isin(isin, ps, &sp, isout);
  return block_bits512_packed(rows, &sp, isout, m, ps->lanes, lim, pos, sv, reads);
}

TARGET static uint64_t lanes_vbmi(const uint8_t *lq, size_t lqstride, const kcaps *t,
                                  const uint8_t *isin, int u0, int w, int best) {
  if (best >= 244) return 0; /* no cap exceeds 243 + 1 */
  if (best < 0) return w >= 64 ? ~0ull : (1ull << w) - 1;
  __m512i e = _mm512_setzero_si512();
  for (int q = 0; q < 5; q++) {
    __m512i codes = _mm512_loadu_si512((const void *)(lq + (size_t)q * lqstride + (size_t)u0));
    e = _mm512_add_epi8(e, _mm512_permutexvar_epi8(codes, _mm512_loadu_si512((const void *)t->code[q])));
  }
  __mmask64 lanes = w >= 64 ? ~0ull : (1ull << w) - 1; /* isin ends at the last guess */
  __m512i cap = _mm512_permutexvar_epi8(e, _mm512_loadu_si512((const void *)kcap_pow));
  cap = _mm512_adds_epu8(cap, _mm512_maskz_loadu_epi8(lanes, isin + u0));
  return _mm512_mask_cmpgt_epu8_mask(lanes, cap, _mm512_set1_epi8((char)best));
}

static bool has_vbmi(void) {
  __builtin_cpu_init();
  return kavx512_available() && __builtin_cpu_supports("avx512vbmi") &&
         __builtin_cpu_supports("avx512vbmi2");
}

const kernel kernel_vbmi = {
    .name = "avx512-vbmi",
    .needs = "AVX-512 F, BW, VL, VBMI and VBMI2",
    .available = has_vbmi,
    .block = kavx512_block,
    .big = kavx512_big,
    .packed = packed_vbmi,
    .big_packed = big_packed_vbmi,
    .lcap_codes = kavx512_codes,
    .lcap_lanes = lanes_vbmi,
    .gather = kavx512_gather,
};
#endif
