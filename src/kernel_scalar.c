/*
 * kernel_scalar.c: the reference kernel (kernel.h), in plain C, one guess
 * at a time; and what every kernel shares (the caps' powers, a pack's
 * lane positions, the lanes' output).
 *
 * Every other kernel must give this one's lanes and s exactly
 * (tests/check_kernel.c).  It is also the fallback wherever a kernel has
 * no better code for a step.
 */
#include <assert.h>
#include <limits.h>

#include "kernel.h"

/* e2 + 8 e3 -> 2^e2 3^e3 (at most 243; 255 where e2 + e3 > 5, which no
 * five places give). */
const uint8_t kcap_pow[64] = {1,   2,   4,   8,   16,  32,  255, 255, 3,   6,   12,  24,  48,
                              255, 255, 255, 9,   18,  36,  72,  255, 255, 255, 255, 27,  54,
                              108, 255, 255, 255, 255, 255, 81,  162, 255, 255, 255, 255, 255,
                              255, 243, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
                              255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255};

int kpack_pos(const kpack *p, int o) {
  assert(o >= 0 && o < p->lanes);
  for (int t = 0; t < p->n; t++) {
    int pop = __builtin_popcountll(p->mask[t]);
    if (o < pop) {
      uint64_t m = p->mask[t];
      while (o--) m &= m - 1; /* drop the o lanes before it */
      return p->u0[t] + __builtin_ctzll(m);
    }
    o -= pop;
  }
  assert(0); /* every packed lane comes from a block */
  return -1;
}

int klanes_out(uint64_t alive, int hw, int base, int m, const int *cb, const int *gb, int *pos,
               int *sv, int ns) {
  for (int l = 0; l < hw; l++)
    if (alive >> l & 1) {
      pos[ns] = base + l;
      sv[ns++] = m - cb[l] + gb[l];
    }
  return ns;
}

int kleast_room(const int *room, uint64_t alive, int n) {
  int least = INT_MAX;
  for (int l = 0; l < n; l++)
    if (alive >> l & 1 && room[l] < least) least = room[l];
  return least;
}

int kscalar_block(const uint8_t *const *rows, const uint8_t *isin, int m, int u0, int w,
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

void kscalar_codes(const uint64_t gr[5], const uint64_t ye[5], const uint64_t gy[5], kcaps *t) {
  for (int q = 0; q < 5; q++)
    for (int code = 0; code < 64; code++) {
      int n = (int)(gr[q] >> code & 1) + (int)(ye[q] >> code & 1) + (int)(gy[q] >> code & 1);
      t->code[q][code] = (uint8_t)(n == 3 ? 8 : n == 2 ? 1 : 0);
    }
}

uint64_t kscalar_lanes(const uint8_t *lq, size_t lqstride, const kcaps *t, const uint8_t *isin,
                       int u0, int w, int best) {
  uint64_t out = 0;
  for (int l = 0; l < w; l++) {
    int e = 0;
    for (int q = 0; q < 5; q++) e += t->code[q][lq[(size_t)q * lqstride + (size_t)(u0 + l)]];
    if (kcap_pow[e] + isin[u0 + l] > best) out |= 1ull << l;
  }
  return out;
}

void kscalar_gather(uint8_t *out, const uint8_t *row, const int *pos, int n) {
  for (int i = 0; i < n; i++) out[i] = row[pos[i]];
}

static bool always(void) { return true; }

const kernel kernel_scalar = {
    .name = "scalar",
    .needs = "any CPU",
    .available = always,
    .block = kscalar_block,
    .big = kscalar_block,
    .lcap_codes = kscalar_codes,
    .lcap_lanes = kscalar_lanes,
    .gather = kscalar_gather,
};
