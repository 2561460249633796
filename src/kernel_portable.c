/*
 * kernel_portable.c: the kernel for every other CPU (kernel.h), ARM's
 * among them, in GCC's and Clang's vector extensions: the compiler lowers
 * each 64-byte vector to what the target has (four NEON registers on
 * AArch64, SSE2 on an x86 without AVX2), so the same source runs the
 * AVX-512 kernels' steps everywhere.
 *
 *   block   64 guesses a vector, a byte lane each, row j compared with
 *           every earlier row (kernel_avx512.c's block)
 *   big     16 guesses a vector, each with a 256-bit set of the patterns
 *           seen, in 32-bit lanes; the rows put in without a test, the
 *           collisions counted (a bit count of the sets) at checks, as
 *           the AVX-512 set kernels do (kernel_avx512.h)
 *
 * Both fetch the lines they will want ahead (prefetch_ahead()).  The
 * vector extensions have no lane mask, so a lane's life is a vector
 * of 0xff/0 and "any lane alive" an OR of its eight 64-bit words.  The
 * letter caps and the gather take the scalar kernel's code: the vector
 * extensions have no variable table lookup that both compilers lower
 * well.
 */
#include <string.h>

#include "kernel.h"

typedef uint8_t v64u8 __attribute__((vector_size(64)));
typedef uint8_t v16u8 __attribute__((vector_size(16)));
typedef uint32_t v16u32 __attribute__((vector_size(64)));
typedef int32_t v16i32 __attribute__((vector_size(64)));

static inline bool any_lane(const void *v) {
  uint64_t w[8];
  memcpy(w, v, sizeof w);
  return (w[0] | w[1] | w[2] | w[3] | w[4] | w[5] | w[6] | w[7]) != 0;
}

/* Fetch, while row j is read, the line of the next block (the next pass
 * wants it) and this block's line PACK_AHEAD rows on: rows lie far apart
 * in the table, where the hardware prefetcher cannot guess them (without
 * it the row loads took half of this kernel's time). */
static inline void prefetch_ahead(const uint8_t *const *rows, int j, int m, int u0) {
  __builtin_prefetch(rows[j] + u0 + 64);
  if (j + PACK_AHEAD < m) __builtin_prefetch(rows[j + PACK_AHEAD] + u0);
}

static int block_portable(const uint8_t *const *rows, const uint8_t *isin, int m, int u0, int w,
                          uint64_t take, int lim, int *pos, int *sv, int *reads) {
  uint8_t gb[64] = {0}, ab[64] = {0};
  for (int l = 0; l < w; l++) {
    gb[l] = isin[u0 + l];
    ab[l] = (take >> l & 1) && (lim >= 0 || gb[l]) ? 0xff : 0; /* lim < 0: green lanes only */
  }
  v64u8 green, alive, coll = {0}, x[255];
  memcpy(&green, gb, sizeof green);
  memcpy(&alive, ab, sizeof alive);
  /* lim + green, as unsigned bytes (255 only on lanes already dead) */
  v64u8 limv = (uint8_t)(lim < 0 ? 255 : lim) + green;
  int j = 0;
  for (; j < m && any_lane(&alive); j++) {
    v64u8 xj, d0 = {0}, d1 = {0};
    memcpy(&xj, rows[j] + u0, sizeof xj);
    prefetch_ahead(rows, j, m, u0);
    int i = 0;
    for (; i + 1 < j; i += 2) {
      d0 |= (v64u8)(x[i] == xj);
      d1 |= (v64u8)(x[i + 1] == xj);
    }
    if (i < j) d0 |= (v64u8)(x[i] == xj);
    x[j] = xj;
    coll -= d0 | d1; /* a lane that saw the pattern is 0xff: +1 */
    alive &= (v64u8)(coll <= limv);
  }
  *reads = j;
  uint8_t cb[64];
  memcpy(ab, &alive, sizeof ab);
  memcpy(cb, &coll, sizeof cb);
  int ns = 0;
  for (int l = 0; l < w; l++)
    if (ab[l]) {
      pos[ns] = u0 + l;
      sv[ns++] = m - cb[l] + gb[l];
    }
  return ns;
}

/* Each lane's bits of its set (a bit count of each word, in halves,
 * nibbles and bytes, the eight words' byte counts summed, then the
 * lane's four bytes). */
static inline void set_count(const v16u32 b[8], v16u32 *out) {
  v16u32 acc = {0};
  for (int k = 0; k < 8; k++) {
    v16u32 x = b[k];
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    acc += (x + (x >> 4)) & 0x0f0f0f0fu; /* at most 8 a byte, 64 in all */
  }
  *out = (acc * 0x01010101u) >> 24; /* not returned: a 64-byte vector
                                     * return changes the ABI on x86 */
}

/* The set kernel as the AVX-512 one (kernel_avx512.h): rows put in
 * without a test, the collisions counted at checks. */
static int big_portable(const uint8_t *const *rows, const uint8_t *isin, int m, int u0, int w,
                        uint64_t take, int lim, int *pos, int *sv, int *reads) {
  int ns = 0, most = 0;
  const v16u32 one = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  for (int h = 0; h < w; h += 16) {
    int hw = w - h < 16 ? w - h : 16;
    if (!((take >> h) & (hw >= 16 ? 0xffffull : (1ull << hw) - 1))) continue;
    int gb[16] = {0}, ab[16] = {0}, cb[16];
    for (int l = 0; l < hw; l++) {
      gb[l] = isin[u0 + h + l];
      ab[l] = (take >> (h + l) & 1) && (lim >= 0 || gb[l]) ? -1 : 0;
    }
    v16i32 green, alive, coll = {0};
    memcpy(&green, gb, sizeof green);
    memcpy(&alive, ab, sizeof alive);
    v16i32 limv = (lim < 0 ? -1 : lim) + green;
    v16u32 b[8] = {{0}};
    int j = 0, next = 0;
    for (;;) {
      for (; j < next; j++) {
        v16u8 pb;
        memcpy(&pb, rows[j] + u0 + h, sizeof pb); /* rows are padded past any lane */
        if (h == 0) prefetch_ahead(rows, j, m, u0);
        v16u32 p = __builtin_convertvector(pb, v16u32);
        v16u32 wi = p >> 5, bit = one << (p & 31);
        for (int k = 0; k < 8; k++) b[k] |= (v16u32)(wi == (uint32_t)k) & bit;
      }
      v16u32 bits;
      set_count(b, &bits);
      coll = (v16i32)((uint32_t)j - bits);
      alive &= (v16i32)(coll <= limv);
      if (j >= m || !any_lane(&alive)) break;
      int al[16], room[16];
      memcpy(al, &alive, sizeof al);
      v16i32 left = limv - coll;
      memcpy(room, &left, sizeof room);
      uint64_t live = 0;
      for (int l = 0; l < 16; l++) live |= (uint64_t)(al[l] != 0) << l;
      next = kset_next(j, m, kleast_room(room, live, 16));
    }
    most = j > most ? j : most;
    memcpy(ab, &alive, sizeof ab);
    memcpy(cb, &coll, sizeof cb);
    uint64_t live = 0;
    for (int l = 0; l < hw; l++) live |= (uint64_t)(ab[l] != 0) << l;
    ns = klanes_out(live, hw, u0 + h, m, cb, gb, pos, sv, ns);
  }
  *reads = most;
  return ns;
}

static bool always(void) { return true; }

const kernel kernel_portable = {
    .name = "portable",
    .needs = "any CPU (GCC or Clang vector extensions)",
    .available = always,
    .block = block_portable,
    .big = big_portable,
    .lcap_codes = kscalar_codes,
    .lcap_lanes = kscalar_lanes,
    .gather = kscalar_gather,
};
