/*
 * check_kernel.c: every kernel of the lookahead bounds (src/kernel.h)
 * against the scalar one, on random rows, blocks, packs, letter caps and
 * gathers: the same lanes, the same s, the same tables, bit for bit.
 *
 * Each kernel this host can run is tested; one it cannot (an AVX-512
 * kernel on an AVX2 machine, every x86 kernel on ARM) is reported as
 * skipped by name on stdout, never run as another.  The inputs are drawn
 * to reach every branch: pattern alphabets from 2 to 243 (few or many
 * collisions), lim from -1 (green lanes only) to m, sets across
 * BOUNDS_BITS_MIN, sparse and full lanes, packs of 2 to PACK_SRC blocks.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "suites.h"
#include "tuning.h"
/* White box: the kernels are private to the search. */
#include "../src/kernel.h"

enum { STRIDE = 64 * (PACK_SRC + 2), MAXROWS = 420 };

typedef struct {
  uint8_t *tab;           /* MAXROWS rows of STRIDE + 64 bytes */
  const uint8_t *rows[MAXROWS];
  uint8_t isin[STRIDE];
} bench;

/* Random rows whose patterns come from an alphabet of `alpha` values (at
 * most 243), rows in a shuffled order, isin set with probability 1/4. */
static void bench_fill(bench *b, uint64_t *seed, int m, int alpha) {
  for (size_t i = 0; i < (size_t)MAXROWS * (STRIDE + 64); i++)
    b->tab[i] = (uint8_t)(rng_next(seed) % (uint64_t)alpha);
  for (int j = 0; j < m; j++)
    b->rows[j] = b->tab + (size_t)rng_range(seed, 0, MAXROWS - 1) * (STRIDE + 64);
  for (int u = 0; u < STRIDE; u++) b->isin[u] = rng_range(seed, 0, 3) == 0;
}

static uint64_t random_take(uint64_t *seed) {
  switch (rng_range(seed, 0, 3)) {
  case 0: return ~0ull;
  case 1: return rng_next(seed);
  case 2: return rng_next(seed) & rng_next(seed) & rng_next(seed); /* sparse */
  default: return 1ull << rng_range(seed, 0, 63);
  }
}

/* The scalar kernel's lanes and s for one block. */
static int scalar_block(const bench *b, int m, int u0, int w, uint64_t take, int lim, int *pos,
                        int *sv) {
  int reads;
  return kscalar_block(b->rows, b->isin, m, u0, w, take, lim, pos, sv, &reads);
}

static void expect_same(const char *what, const kernel *K, int m, int lim, int n0, const int *p0,
                        const int *s0, int n1, const int *p1, const int *s1) {
  ck_assert_msg(n0 == n1, "%s, kernel %s, m %d lim %d: %d lanes, scalar %d", what, K->name, m,
                lim, n1, n0);
  for (int i = 0; i < n0; i++)
    ck_assert_msg(p0[i] == p1[i] && s0[i] == s1[i],
                  "%s, kernel %s, m %d lim %d: lane %d at %d s %d, scalar at %d s %d", what,
                  K->name, m, lim, i, p1[i], s1[i], p0[i], s0[i]);
}

static bool runs_here(const kernel *K) {
  if (K->available()) return true;
  printf("check_kernel: kernel %s skipped (this CPU lacks %s)\n", K->name, K->needs);
  return false;
}

/* Blocks, compare kernel and set kernel, against scalar. */
static void blocks(const kernel *K, bench *b, uint64_t *seed, int tries) {
  static const int alphas[] = {2, 5, 17, 60, 243};
  int pos[64], sv[64], p0[64], s0[64], reads;
  for (int t = 0; t < tries; t++) {
    bool big = t & 1;
    int m = big ? rng_range(seed, BOUNDS_BITS_MIN, MAXROWS) : rng_range(seed, 1, BOUNDS_BITS_MIN - 1);
    int alpha = alphas[rng_range(seed, 0, 4)];
    bench_fill(b, seed, m, alpha);
    int u0 = 64 * rng_range(seed, 0, STRIDE / 64 - 1), w = rng_range(seed, 0, 3) ? 64 : rng_range(seed, 1, 64);
    uint64_t take = random_take(seed);
    int lim = rng_range(seed, 0, 4) == 0 ? -1 : rng_range(seed, 0, m);
    int n0 = scalar_block(b, m, u0, w, take, lim, p0, s0);
    int n1 = (big ? K->big : K->block)(b->rows, b->isin, m, u0, w, take, lim, pos, sv, &reads);
    expect_same(big ? "big" : "block", K, m, lim, n0, p0, s0, n1, pos, sv);
    ck_assert_int_le(reads, m);
  }
}

/* Packs of 2 .. PACK_SRC blocks: the packed lanes, mapped back, are the
 * scalar kernel's on each block in turn. */
static void packs(const kernel *K, bench *b, uint64_t *seed, int tries) {
  int pos[64], sv[64], p0[64], s0[64], reads;
  for (int t = 0; t < tries; t++) {
    bool big = t & 1;
    kpacked_fn packed = big ? K->big_packed : K->packed;
    int m = big ? rng_range(seed, BOUNDS_BITS_MIN, MAXROWS) : rng_range(seed, 1, BOUNDS_BITS_MIN - 1);
    bench_fill(b, seed, m, rng_range(seed, 0, 1) ? 243 : 9);
    kpack p = {0};
    int n = rng_range(seed, 2, PACK_SRC), u0 = 0;
    for (int i = 0; i < n && p.lanes < 64; i++) {
      u0 += 64 * rng_range(seed, 0, 1);
      if (u0 >= STRIDE) break;
      uint64_t mask = random_take(seed) & rng_next(seed);
      int room = 64 - p.lanes;
      while (__builtin_popcountll(mask) > room) mask &= mask - 1;
      if (!mask) mask = 1;
      if (__builtin_popcountll(mask) > room) break;
      p.u0[p.n] = u0;
      p.w[p.n] = 64;
      p.mask[p.n++] = mask;
      p.lanes += __builtin_popcountll(mask);
      u0 += 64;
    }
    if (p.n < 2) continue;
    int lim = rng_range(seed, 0, 4) == 0 ? -1 : rng_range(seed, 0, m);
    int n0 = 0;
    for (int i = 0; i < p.n; i++)
      n0 += scalar_block(b, m, p.u0[i], p.w[i], p.mask[i], lim, p0 + n0, s0 + n0);
    int n1 = packed(b->rows, b->isin, &p, m, lim, pos, sv, &reads);
    for (int i = 0; i < n1; i++) pos[i] = kpack_pos(&p, pos[i]);
    expect_same(big ? "big packed" : "packed", K, m, lim, n0, p0, s0, n1, pos, sv);
  }
}

/* The letter caps' table and lanes. */
static void caps(const kernel *K, uint64_t *seed, int tries) {
  static const uint8_t codes[3] = {0, 1, 8};
  uint8_t lq[5 * 128 + 64], isin[128];
  for (int t = 0; t < tries; t++) {
    uint64_t gr[5], ye[5], gy[5];
    for (int q = 0; q < 5; q++) {
      gr[q] = rng_next(seed) & rng_next(seed);
      ye[q] = rng_next(seed);
      gy[q] = ~(gr[q] | ye[q]) | (rng_next(seed) & rng_next(seed)); /* one colour at least */
    }
    kcaps a, c;
    kscalar_codes(gr, ye, gy, &a);
    K->lcap_codes(gr, ye, gy, &c);
    ck_assert_msg(!memcmp(&a, &c, sizeof a), "kernel %s: letter caps' table", K->name);
    for (int q = 0; q < 5; q++)
      for (int i = 0; i < 64; i++) c.code[q][i] = codes[rng_range(seed, 0, 2)];
    for (size_t i = 0; i < sizeof lq; i++) lq[i] = (uint8_t)rng_range(seed, 0, 51);
    for (int i = 0; i < 128; i++) isin[i] = rng_range(seed, 0, 3) == 0;
    int u0 = 64 * rng_range(seed, 0, 1), w = rng_range(seed, 0, 1) ? 64 : rng_range(seed, 1, 64);
    int best = rng_range(seed, 0, 9) == 0 ? rng_range(seed, -2, 250) : rng_range(seed, 0, 60);
    uint64_t l0 = kscalar_lanes(lq, 128, &c, isin, u0, w, best);
    uint64_t l1 = K->lcap_lanes(lq, 128, &c, isin, u0, w, best);
    ck_assert_msg(l0 == l1, "kernel %s: letter cap lanes %016llx, scalar %016llx (best %d, w %d)",
                  K->name, (unsigned long long)l1, (unsigned long long)l0, best, w);
  }
}

static void gathers(const kernel *K, uint64_t *seed, int tries) {
  uint8_t row[STRIDE + 64], a[STRIDE], c[STRIDE];
  int pos[STRIDE];
  for (int t = 0; t < tries; t++) {
    for (size_t i = 0; i < sizeof row; i++) row[i] = (uint8_t)rng_next(seed);
    int n = rng_range(seed, 0, STRIDE);
    for (int i = 0; i < n; i++) pos[i] = rng_range(seed, 0, STRIDE - 1);
    kscalar_gather(a, row, pos, n);
    K->gather(c, row, pos, n);
    ck_assert_msg(!memcmp(a, c, (size_t)n), "kernel %s: gather of %d", K->name, n);
  }
}

START_TEST(test_kernels_match_scalar) {
  int nk, tested = 0;
  const kernel *const *all = kernel_all(&nk);
  bench *b = malloc(sizeof *b);
  ck_assert_ptr_nonnull(b);
  b->tab = malloc((size_t)MAXROWS * (STRIDE + 64));
  ck_assert_ptr_nonnull(b->tab);
  for (int k = 0; k < nk; k++) {
    const kernel *K = all[k];
    if (!runs_here(K)) continue;
    uint64_t seed = 0x6b65726e656cull + (uint64_t)k;
    blocks(K, b, &seed, TEST_SCALED(600));
    if (K->packed || K->big_packed) {
      ck_assert_msg(K->packed && K->big_packed, "kernel %s packs both kinds of set", K->name);
      packs(K, b, &seed, TEST_SCALED(600));
    }
    caps(K, &seed, TEST_SCALED(2000));
    gathers(K, &seed, TEST_SCALED(200));
    tested++;
  }
  ck_assert_int_ge(tested, 2); /* scalar and portable run everywhere */
  free(b->tab);
  free(b);
}
END_TEST

/* The scalar kernel itself, on a block worked by hand: four answers,
 * lane 0 sees patterns 1 1 2 3 (one collision), lane 1 sees 5 5 5 5
 * (three), lane 2 is one of the answers with 7 8 9 6 (none). */
START_TEST(test_scalar_by_hand) {
  static uint8_t r[4][128];
  const uint8_t col[3][4] = {{1, 1, 2, 3}, {5, 5, 5, 5}, {7, 8, 9, 6}};
  for (int j = 0; j < 4; j++)
    for (int l = 0; l < 3; l++) r[j][l] = col[l][j];
  const uint8_t *rows[4] = {r[0], r[1], r[2], r[3]};
  uint8_t isin[64] = {0, 0, 1};
  int pos[64], sv[64], reads;
  /* lim 1: lanes with at most 1 (+ green) collisions: 0 (s 3) and 2 (s 5). */
  int n = kscalar_block(rows, isin, 4, 0, 3, ~0ull, 1, pos, sv, &reads);
  ck_assert_int_eq(n, 2);
  ck_assert_int_eq(pos[0], 0);
  ck_assert_int_eq(sv[0], 3);
  ck_assert_int_eq(pos[1], 2);
  ck_assert_int_eq(sv[1], 5);
  /* lim -1: green lanes with no collision: lane 2. */
  n = kscalar_block(rows, isin, 4, 0, 3, ~0ull, -1, pos, sv, &reads);
  ck_assert_int_eq(n, 1);
  ck_assert_int_eq(pos[0], 2);
  /* lim 3 with lane 0 not taken: lanes 1 (s 1) and 2. */
  n = kscalar_block(rows, isin, 4, 0, 3, ~1ull, 3, pos, sv, &reads);
  ck_assert_int_eq(n, 2);
  ck_assert_int_eq(pos[0], 1);
  ck_assert_int_eq(sv[0], 1);
  ck_assert_int_eq(sv[1], 5);
}
END_TEST

START_TEST(test_kernel_env) {
  int nk;
  const kernel *const *all = kernel_all(&nk);
  ck_assert_str_eq(all[nk - 1]->name, "scalar");
  setenv("OPTLE_KERNEL", "scalar", 1);
  ck_assert_int_eq(kernel_check_env(), 0);
  setenv("OPTLE_KERNEL", "neon9", 1);
  ck_assert_int_eq(kernel_check_env(), -1);
  ck_assert_ptr_nonnull(strstr(err_msg(), "no such kernel"));
  ck_assert_ptr_nonnull(strstr(err_msg(), "portable"));
  for (int k = 0; k < nk; k++)
    if (!all[k]->available()) { /* named, but not on this CPU */
      setenv("OPTLE_KERNEL", all[k]->name, 1);
      ck_assert_int_eq(kernel_check_env(), -1);
      ck_assert_ptr_nonnull(strstr(err_msg(), "lacks"));
    }
  unsetenv("OPTLE_KERNEL");
  ck_assert_int_eq(kernel_check_env(), 0);
}
END_TEST

Suite *kernel_suite(void) {
  Suite *s = suite_create("kernel");
  TCase *tc = tcase_create("kernel");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_scalar_by_hand);
  tcase_add_test(tc, test_kernels_match_scalar);
  tcase_add_test(tc, test_kernel_env);
  suite_add_tcase(s, tc);
  return s;
}
