/*
 * check_memo.c: the transposition table (memo.h).
 *
 * The key is the whole sorted set plus the depth; the hash only picks the
 * slot.  Several tests pass the same hash for different keys on purpose,
 * so a memo that trusted the hash alone would return another set's value.
 */
#include <check.h>
#include <omp.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "mem.h"
#include "memo.h"
#include "memo_file.h"
#include "suites.h"
#include "tuning.h"

static bool probe_h(memo *m, uint64_t h, const uint16_t *set, int n, int depth, int *v,
                    bool *exact) {
  *v = -12345;
  *exact = false;
  return memo_probe(m, h, set, n, depth, v, exact);
}
static bool probe(memo *m, const uint16_t *set, int n, int depth, int *v, bool *exact) {
  return probe_h(m, memo_hash(set, n, depth), set, n, depth, v, exact);
}
static void store(memo *m, const uint16_t *set, int n, int depth, int value, bool exact) {
  memo_store(m, memo_hash(set, n, depth), set, n, depth, value, exact);
}

static void expect_hit(memo *m, const uint16_t *set, int n, int depth, int value, bool exact) {
  int v;
  bool ex;
  ck_assert_msg(probe(m, set, n, depth, &v, &ex), "expected a hit");
  ck_assert_int_eq(v, value);
  ck_assert_int_eq(ex, exact);
}

START_TEST(test_miss_then_hit) {
  memo *m = memo_new(1 << 20);
  uint16_t a[] = {1, 5, 9, 12};
  int v;
  bool ex;
  ck_assert(!probe(m, a, 4, 6, &v, &ex));
  store(m, a, 4, 6, 11, true);
  expect_hit(m, a, 4, 6, 11, true);
  memo_stats st;
  memo_get_stats(m, &st);
  ck_assert_uint_eq(st.stores, 1);
  ck_assert_uint_eq(st.records, 1);
  ck_assert_uint_eq(st.evictions, 0);
  ck_assert_uint_gt(st.bytes_used, 0);
  memo_free(m);
}
END_TEST

START_TEST(test_bound_only_rises) {
  memo *m = memo_new(1 << 20);
  uint16_t a[] = {0, 3, 4, 7, 8};
  store(m, a, 5, 255, 8, false);
  expect_hit(m, a, 5, 255, 8, false);
  store(m, a, 5, 255, 6, false); /* a weaker bound: ignored */
  expect_hit(m, a, 5, 255, 8, false);
  store(m, a, 5, 255, 8, false);
  expect_hit(m, a, 5, 255, 8, false);
  store(m, a, 5, 255, 10, false); /* a stronger bound: kept */
  expect_hit(m, a, 5, 255, 10, false);
  store(m, a, 5, 255, 12, true); /* the exact value replaces the bound */
  expect_hit(m, a, 5, 255, 12, true);
  store(m, a, 5, 255, 12, true); /* the same exact value again */
  expect_hit(m, a, 5, 255, 12, true);
  store(m, a, 5, 255, 11, false); /* a bound below it: the exact value stays */
  expect_hit(m, a, 5, 255, 12, true);
  store(m, a, 5, 255, 1, false);
  expect_hit(m, a, 5, 255, 12, true);
  memo_stats st;
  memo_get_stats(m, &st);
  ck_assert_uint_eq(st.records, 1); /* updates, not new records */
  memo_free(m);
}
END_TEST

/* Stores that contradict each other (two exact values, or a bound above
 * the exact value) are bugs in the caller.  A debug build's assert()
 * stops at once (SIGABRT, registered below); a release build keeps the
 * first exact value. */
START_TEST(test_exact_first_never_replaced) {
  memo *m = memo_new(1 << 20);
  uint16_t a[] = {2, 4, 6, 8};
  store(m, a, 4, 3, 9, true);
  store(m, a, 4, 3, 7, true);
  store(m, a, 4, 3, 11, true);
  store(m, a, 4, 3, 50, false);
  expect_hit(m, a, 4, 3, 9, true);
  memo_free(m);
}
END_TEST

START_TEST(test_whole_set_is_the_key) {
  memo *m = memo_new(1 << 20);
  uint16_t a[] = {1, 2, 3, 4}, b[] = {1, 2, 3, 5}, c[] = {1, 2, 3, 4, 5}, d[] = {0, 2, 3, 4};
  uint64_t h = memo_hash(a, 4, 6);
  memo_store(m, h, a, 4, 6, 17, true);
  int v;
  bool ex;
  /* Same hash, same length, another set: a miss, however the hash agrees. */
  ck_assert(!probe_h(m, h, b, 4, 6, &v, &ex));
  ck_assert(!probe_h(m, h, d, 4, 6, &v, &ex));
  ck_assert(!probe(m, b, 4, 6, &v, &ex));
  /* A prefix or an extension of the set is another key too. */
  ck_assert(!probe_h(m, h, a, 3, 6, &v, &ex));
  ck_assert(!probe_h(m, h, c, 5, 6, &v, &ex));
  /* Both keys under one hash live side by side. */
  memo_store(m, h, b, 4, 6, 23, false);
  ck_assert(probe_h(m, h, a, 4, 6, &v, &ex));
  ck_assert_int_eq(v, 17);
  ck_assert(ex);
  ck_assert(probe_h(m, h, b, 4, 6, &v, &ex));
  ck_assert_int_eq(v, 23);
  ck_assert(!ex);
  memo_store(m, h, c, 5, 6, 29, true);
  ck_assert(probe_h(m, h, c, 5, 6, &v, &ex));
  ck_assert_int_eq(v, 29);
  ck_assert(probe_h(m, h, a, 4, 6, &v, &ex));
  ck_assert_int_eq(v, 17);
  memo_free(m);
}
END_TEST

/* Hashes alike but in their top bits (the index slot's tag, memo.c):
 * one shard, one probe chain, tags alike for some and not for others.
 * Each key finds its own record; a key under another's hash, or a set
 * never stored, misses. */
START_TEST(test_tags_share_a_chain) {
  memo *m = memo_new(1 << 20);
  uint16_t sets[20][4];
  uint64_t h0 = memo_hash((const uint16_t[]){7, 8, 9, 10}, 4, 6);
  for (int i = 0; i < 20; i++) {
    for (int j = 0; j < 4; j++) sets[i][j] = (uint16_t)(100 * i + j);
    memo_store(m, h0 ^ (uint64_t)i << 58, sets[i], 4, 6, 1000 + i, i % 2 == 0);
  }
  int v;
  bool ex;
  for (int i = 0; i < 20; i++) {
    ck_assert_msg(probe_h(m, h0 ^ (uint64_t)i << 58, sets[i], 4, 6, &v, &ex), "record %d", i);
    ck_assert_int_eq(v, 1000 + i);
    ck_assert_int_eq(ex, i % 2 == 0);
    ck_assert(!probe_h(m, h0 ^ (uint64_t)((i + 1) % 20) << 58, sets[i], 4, 6, &v, &ex));
  }
  uint16_t none[] = {7, 8, 9, 11};
  for (int i = 0; i < 32; i++) ck_assert(!probe_h(m, h0 ^ (uint64_t)i << 58, none, 4, 6, &v, &ex));
  memo_stats st;
  memo_get_stats(m, &st);
  ck_assert_uint_eq(st.records, 20);
  memo_free(m);
}
END_TEST

START_TEST(test_depth_is_in_the_key) {
  memo *m = memo_new(1 << 20);
  uint16_t a[] = {10, 20, 30, 40, 50, 60};
  store(m, a, 6, 3, 15, true);
  int v;
  bool ex;
  ck_assert(!probe(m, a, 6, 4, &v, &ex));
  ck_assert(!probe(m, a, 6, 2, &v, &ex));
  ck_assert(!probe(m, a, 6, OPTLE_DEPTH_UNLIMITED, &v, &ex));
  /* Even under the hash of the stored key. */
  uint64_t h = memo_hash(a, 6, 3);
  ck_assert(!probe_h(m, h, a, 6, 4, &v, &ex));
  ck_assert(!probe_h(m, h, a, 6, OPTLE_DEPTH_UNLIMITED, &v, &ex));
  store(m, a, 6, OPTLE_DEPTH_UNLIMITED, 13, true);
  memo_store(m, h, a, 6, 4, 14, false);
  expect_hit(m, a, 6, 3, 15, true);
  expect_hit(m, a, 6, OPTLE_DEPTH_UNLIMITED, 13, true);
  ck_assert(probe_h(m, h, a, 6, 4, &v, &ex));
  ck_assert_int_eq(v, 14);
  ck_assert(!ex);
  memo_free(m);
}
END_TEST

START_TEST(test_hash) {
  uint16_t a[] = {1, 2, 3, 4, 5}, b[] = {1, 2, 3, 4, 6};
  ck_assert_uint_eq(memo_hash(a, 5, 6), memo_hash(a, 5, 6));
  ck_assert_uint_ne(memo_hash(a, 5, 6), memo_hash(a, 5, 5));
  ck_assert_uint_ne(memo_hash(a, 5, 6), memo_hash(b, 5, 6));
  ck_assert_uint_ne(memo_hash(a, 5, 6), memo_hash(a, 4, 6));
}
END_TEST

/* Key i of a pool: a sorted set of 4..max_n distinct indices below 4000,
 * the same every time it is asked for. */
static int pool_key(uint64_t i, int max_n, uint16_t *set, int *depth) {
  uint64_t s0 = i ^ 0x5deece66dull, s = rng_next(&s0);
  int n = 4 + (int)(rng_next(&s) % (uint64_t)(max_n - 3));
  int k = 0;
  while (k < n) {
    uint16_t x = (uint16_t)(rng_next(&s) % 4000);
    int j = k;
    while (j > 0 && set[j - 1] > x) j--;
    if (j > 0 && set[j - 1] == x) continue;
    memmove(set + j + 1, set + j, sizeof *set * (size_t)(k - j));
    set[j] = x;
    k++;
  }
  int depths[] = {2, 3, 4, 5, 6, OPTLE_DEPTH_UNLIMITED};
  *depth = depths[rng_next(&s) % 6];
  return n;
}
/* The value a key always stores: a function of the key (set and depth)
 * alone, FNV-1a folded to 1..100003, so two pool entries that happen to
 * draw the same key agree on its value. */
static int key_value(const uint16_t *set, int n, int depth) {
  uint64_t h = 1469598103934665603ull ^ (uint64_t)depth;
  for (int i = 0; i < n; i++) h = (h ^ set[i]) * 1099511628211ull;
  return (int)(h % 100003) + 1;
}
/* Keys with i % 3 == 0 use a deliberately colliding hash. */
static uint64_t pool_hash(uint64_t i, const uint16_t *set, int n, int depth) {
  return i % 3 == 0 ? (i % 5) * 0x1000100001ull : memo_hash(set, n, depth);
}

START_TEST(test_tiny_memo_heavy_stores) {
  memo *m = memo_new(0); /* the smallest memo: 4 KiB per shard */
  uint16_t set[64], q[64];
  uint64_t seed = 42;
  const uint64_t pool = 20000;
  int hits = 0, wrong = 0, fresh_misses = 0;
  for (uint64_t step = 0; step < 150000; step++) {
    uint64_t i = rng_next(&seed) % pool;
    int depth, n = pool_key(i, 60, set, &depth);
    memo_store(m, pool_hash(i, set, n, depth), set, n, depth, key_value(set, n, depth), true);
    /* The key just stored is there (it fits: under 1/16 of a shard). */
    int v;
    bool ex;
    if (!memo_probe(m, pool_hash(i, set, n, depth), set, n, depth, &v, &ex)) fresh_misses++;
    else if (v != key_value(set, n, depth) || !ex) wrong++;
    /* A random key of the pool: a hit must carry that key's own value. */
    uint64_t j = rng_next(&seed) % pool;
    int dj, nj = pool_key(j, 60, q, &dj);
    if (memo_probe(m, pool_hash(j, q, nj, dj), q, nj, dj, &v, &ex)) {
      hits++;
      if (v != key_value(q, nj, dj) || !ex) wrong++;
    }
  }
  ck_assert_int_eq(wrong, 0);
  ck_assert_int_eq(fresh_misses, 0);
  ck_assert_int_gt(hits, 1000);
  memo_stats st;
  memo_get_stats(m, &st);
  ck_assert_uint_gt(st.evictions, 0);
  ck_assert_uint_le(st.bytes_used, (uint64_t)MEMO_SHARDS * 4096);
  ck_assert_uint_le(st.records, st.stores);
  memo_free(m);
}
END_TEST

/* The index grows while records come in (from MEMO_INDEX_START slots a
 * shard): every record stored is found again.  The store that grew the
 * index once wrote its record into the slot found in the smaller one,
 * over a record grow() had just moved there: that record was lost. */
START_TEST(test_index_grows_keeps_every_record) {
  memo *m = memo_new((size_t)64 << 20); /* arena room for all: no eviction */
  const int count = 300000;
  for (int i = 0; i < count; i++) {
    uint16_t set[2] = {(uint16_t)(i / 10000), (uint16_t)(50000 + i % 10000)};
    store(m, set, 2, 5, 3 + i % 1000, true);
  }
  memo_stats st;
  memo_get_stats(m, &st);
  ck_assert_uint_eq(st.evictions, 0);
  ck_assert_uint_eq(st.stores, (uint64_t)count);
  ck_assert_uint_eq(st.records, (uint64_t)count);
  int lost = 0;
  for (int i = 0; i < count; i++) {
    uint16_t set[2] = {(uint16_t)(i / 10000), (uint16_t)(50000 + i % 10000)};
    int v;
    bool ex;
    if (!probe(m, set, 2, 5, &v, &ex)) lost++;
    else ck_assert(v == 3 + i % 1000 && ex);
  }
  ck_assert_int_eq(lost, 0);
  memo_free(m);
}
END_TEST

START_TEST(test_oversized_set_not_stored) {
  uint16_t big[300];
  for (int i = 0; i < 300; i++) big[i] = (uint16_t)(3 * i);
  memo *tiny = memo_new(0);
  store(tiny, big, 300, 6, 600, true);
  int v;
  bool ex;
  ck_assert(!probe(tiny, big, 300, 6, &v, &ex));
  memo_stats st;
  memo_get_stats(tiny, &st);
  ck_assert_uint_eq(st.stores, 0);
  memo_free(tiny);
  memo *roomy = memo_new(64 << 20);
  store(roomy, big, 300, 6, 600, true);
  expect_hit(roomy, big, 300, 6, 600, true);
  memo_free(roomy);
}
END_TEST

/* A random key of a pool of `pool` (its set in set[], 36 answers at
 * most, its size *n and depth *depth): its hash. */
static uint64_t pool_pick(uint64_t *seed, uint64_t pool, uint16_t set[40], int *n, int *depth) {
  uint64_t i = rng_next(seed) % pool;
  *n = pool_key(i, 36, set, depth);
  return pool_hash(i, set, *n, *depth);
}

START_TEST(test_concurrent_stores_and_probes) {
  memo *m = memo_new(1 << 20);
  const uint64_t pool = 30000;
  int wrong = 0, hits = 0;
#pragma omp parallel num_threads(4) reduction(+ : wrong, hits)
  {
    uint64_t seed = 1000 + (uint64_t)omp_get_thread_num();
    uint16_t set[40];
    for (int step = 0; step < 40000; step++) {
      int n, depth;
      uint64_t h = pool_pick(&seed, pool, set, &n, &depth);
      int v;
      bool ex;
      if (step % 2) {
        /* Bounds first, then the exact value: both must stay consistent. */
        memo_store(m, h, set, n, depth, key_value(set, n, depth) - 1, false);
        memo_store(m, h, set, n, depth, key_value(set, n, depth), true);
      } else if (memo_probe(m, h, set, n, depth, &v, &ex)) {
        hits++;
        if (ex ? v != key_value(set, n, depth) : v > key_value(set, n, depth)) wrong++;
      }
    }
  }
  ck_assert_int_eq(wrong, 0);
  ck_assert_int_gt(hits, 0);
  memo_free(m);
}
END_TEST

/* memo_each() (a memo file's save, rank_run.c's thread) beside threads
 * storing into a small memo, evictions and index growth included: every
 * record it shows is whole (a sorted set, its exact value or a bound at
 * most it), never one torn by a store.  Under tools/tsan.sh unit an
 * unlocked read would be reported. */
static void each_check(void *arg, const memo_rec *r) {
  int *bad = arg;
  for (int i = 1; i < r->n; i++)
    if (r->set[i] <= r->set[i - 1]) (*bad)++;
  int want = key_value(r->set, r->n, r->depth);
  if (r->klen || (r->exact ? r->value != want : r->value > want)) (*bad)++;
}

START_TEST(test_each_beside_stores) {
  memo *m = memo_new(1 << 20);
  const uint64_t pool = 30000;
  int wrong = 0, walks = 0;
#pragma omp parallel num_threads(3) reduction(+ : wrong, walks)
  {
    if (omp_get_thread_num() == 0) {
      for (int k = 0; k < 20; k++, walks++) memo_each(m, 1, each_check, &wrong);
    } else {
      uint64_t seed = 2000 + (uint64_t)omp_get_thread_num();
      uint16_t set[40];
      for (int step = 0; step < 30000; step++) {
        int n, depth;
        uint64_t h = pool_pick(&seed, pool, set, &n, &depth);
        memo_store(m, h, set, n, depth, key_value(set, n, depth) - (step % 2), step % 2 == 0);
      }
    }
  }
  ck_assert_int_eq(wrong, 0);
  ck_assert_int_eq(walks, 20);
  memo_free(m);
}
END_TEST

/*
 * Threads appending to one shard at the same moment, round after round:
 * without the shard's lock two stores take the same arena offset or
 * index slot, or lose an increment of a count, so a record goes missing
 * or carries another key's value.  Each round uses its own shard (the
 * hash's low byte) and starts on a spin barrier, so the threads' stores
 * overlap whenever they run on separate cores; the memo is large enough
 * that nothing is evicted, so afterwards every key must be there with
 * its value and the counts must add up exactly.  (A race shows here only
 * by chance; tools/tsan.sh unit, run by CI, sees every unlocked access.)
 */
#define CONTENTION_KEYS 90 /* per thread and round: 4 x 90 < 384, a shard's index */

static void contention_key(int t, int i, int round, uint16_t set[4], uint64_t *h) {
  set[0] = (uint16_t)t;
  set[1] = (uint16_t)(100 + i);
  set[2] = (uint16_t)(1000 + round);
  set[3] = 3000;
  uint64_t x = (uint64_t)(t * 1000 + i + 1) * 0x9e3779b97f4a7c15ull;
  *h = (x & ~(uint64_t)(MEMO_SHARDS - 1)) | (uint64_t)round;
}

/* One pass: every thread stores its keys, round by round, then checks
 * its own; returns the keys lost or wrong, counting a final check of all
 * of them and of the memo's counts. */
static int contention_pass(int threads) {
  memo *m = memo_new(8 << 20); /* 32 KiB a shard: room for 384 records */
  atomic_int arrived;
  atomic_init(&arrived, 0);
  int wrong = 0;
#pragma omp parallel num_threads(threads) reduction(+ : wrong)
  {
    int t = omp_get_thread_num();
    for (int round = 0; round < MEMO_SHARDS; round++) {
      /* Spin (yielding only after a while, on a busy machine): a thread
       * woken from sched_yield() would start its stores too late. */
      atomic_fetch_add(&arrived, 1);
      for (int spins = 0; atomic_load(&arrived) < threads * (round + 1); spins++)
        if (spins > 10000) sched_yield();
      uint16_t set[4];
      uint64_t h;
      for (int i = 0; i < CONTENTION_KEYS; i++) {
        contention_key(t, i, round, set, &h);
        memo_store(m, h, set, 4, 6, t * 1000 + i + round, true);
      }
      for (int i = 0; i < CONTENTION_KEYS; i++) {
        int v;
        bool ex;
        contention_key(t, i, round, set, &h);
        if (!memo_probe(m, h, set, 4, 6, &v, &ex) || v != t * 1000 + i + round || !ex) wrong++;
      }
    }
  }
  for (int round = 0; round < MEMO_SHARDS; round++)
    for (int t = 0; t < threads; t++)
      for (int i = 0; i < CONTENTION_KEYS; i++) {
        uint16_t set[4];
        uint64_t h;
        int v;
        bool ex;
        contention_key(t, i, round, set, &h);
        if (!memo_probe(m, h, set, 4, 6, &v, &ex) || v != t * 1000 + i + round || !ex) wrong++;
      }
  memo_stats st;
  memo_get_stats(m, &st);
  uint64_t want = (uint64_t)MEMO_SHARDS * (uint64_t)threads * CONTENTION_KEYS;
  if (st.records != want || st.stores != want || st.evictions != 0) wrong++;
  memo_free(m);
  return wrong;
}

START_TEST(test_one_shard_contention) {
  int threads = omp_get_num_procs();
  threads = threads < 2 ? 2 : threads > 4 ? 4 : threads;
  for (int pass = 0; pass < 2; pass++) {
    int wrong = contention_pass(threads);
    ck_assert_msg(wrong == 0, "pass %d, %d threads: %d keys lost or wrong, or the counts are off",
                  pass, threads, wrong);
  }
}
END_TEST

/* The memo's big records saved and read back (memo_file.h): every
 * record of min_n answers or more comes back with its value and kind
 * (rules' key bytes too), none smaller; a file damaged anywhere, cut
 * short, saved under another id or with a record that is no set of the
 * list is refused whole (nothing stored); a missing one is said apart. */
#define MF_LIST 300
static const char *mf_path(void) {
  static char path[64];
  snprintf(path, sizeof path, "/tmp/optle-memo-test.%d", (int)getpid());
  return path;
}
/* Set i: (i % 40) + 1 answers from 3i on, stepping by 1 + i % 3 (so the
 * first 40 have 1 to 40 answers); depth i % 7; value 2n - 1 + i. */
static int mf_set(int i, uint16_t *set) {
  int n = i % 40 + 1;
  for (int j = 0; j < n; j++) set[j] = (uint16_t)((3 * i + j * (1 + i % 3)) % MF_LIST);
  /* sorted and distinct: the steps wrap at most once, so sort */
  for (int a = 1; a < n; a++)
    for (int b = a; b > 0 && set[b] < set[b - 1]; b--) {
      uint16_t t = set[b];
      set[b] = set[b - 1];
      set[b - 1] = t;
    }
  return n;
}
static memo *mf_filled(void) {
  memo *m = memo_new(1 << 22);
  uint16_t set[64];
  for (int i = 0; i < 200; i++) {
    int n = mf_set(i, set);
    uint8_t key[3] = {(uint8_t)i, 7, 9};
    int klen = i % 5 == 0 ? 3 : 0;
    memo_store_k(m, memo_hash_k(set, n, i % 7, key, klen), set, n, i % 7, key, klen,
                 2 * n - 1 + i, i % 2 == 0);
  }
  return m;
}

START_TEST(test_memo_file_round_trip) {
  memo *m = mf_filled();
  long saved = -1, loaded = -1;
  ck_assert_int_eq(memo_file_save(m, mf_path(), 42, 16, &saved), 0);
  memo *r = memo_new(1 << 22);
  ck_assert_int_eq(memo_file_load(r, mf_path(), 42, MF_LIST, &loaded), 0);
  ck_assert_int_eq(loaded, saved);
  long want = 0;
  uint16_t set[64];
  for (int i = 0; i < 200; i++) {
    int n = mf_set(i, set), v;
    bool ex;
    uint8_t key[3] = {(uint8_t)i, 7, 9};
    int klen = i % 5 == 0 ? 3 : 0;
    bool hit = memo_probe_k(r, memo_hash_k(set, n, i % 7, key, klen), set, n, i % 7, key, klen,
                            &v, &ex);
    ck_assert_msg(hit == (n >= 16), "set %d (%d answers): %s", i, n, hit ? "hit" : "miss");
    if (hit) ck_assert(v == 2 * n - 1 + i && ex == (i % 2 == 0));
    want += n >= 16;
  }
  ck_assert_int_eq(saved, want);
  memo_free(r);
  memo_free(m);
  unlink(mf_path());
}
END_TEST

/* The file's bytes, to damage. */
static long mf_bytes(unsigned char **buf) {
  FILE *f = fopen(mf_path(), "rb");
  ck_assert_ptr_nonnull(f);
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  rewind(f);
  *buf = malloc((size_t)len);
  ck_assert_int_eq((long)fread(*buf, 1, (size_t)len, f), len);
  fclose(f);
  return len;
}
static void mf_write(const unsigned char *buf, long len) {
  FILE *f = fopen(mf_path(), "wb");
  ck_assert_ptr_nonnull(f);
  ck_assert_int_eq((long)fwrite(buf, 1, (size_t)len, f), len);
  fclose(f);
}
/* Loaded into a fresh memo: refused (-1, the message naming the file
 * and holding why) with nothing stored. */
static void mf_refused(uint64_t id, int n_answers, const char *why) {
  memo *r = memo_new(1 << 22);
  long loaded = -1;
  ck_assert_int_eq(memo_file_load(r, mf_path(), id, n_answers, &loaded), -1);
  ck_assert_msg(strstr(err_msg(), mf_path()) && strstr(err_msg(), why), "%s", err_msg());
  memo_stats st;
  memo_get_stats(r, &st);
  ck_assert_int_eq(st.records, 0);
  memo_free(r);
}

START_TEST(test_memo_file_refused) {
  memo *m = mf_filled();
  long saved, loaded;
  memo *r = memo_new(1 << 22);
  unlink(mf_path());
  ck_assert_int_eq(memo_file_load(r, mf_path(), 42, MF_LIST, &loaded), 1); /* none */
  memo_free(r);
  ck_assert_int_eq(memo_file_save(m, mf_path(), 42, 1, &saved), 0);
  unsigned char *buf;
  long len = mf_bytes(&buf);
  mf_refused(43, MF_LIST, "another ranking");
  mf_refused(42, 100, "not"); /* answers past a list of 100 */
  for (long at = 0; at < len; at += len / 13 + 1) { /* a bit flipped anywhere */
    buf[at] ^= 4;
    mf_write(buf, len);
    mf_refused(42, MF_LIST, at < 16 ? "not a memo file" : "damaged");
    buf[at] ^= 4;
  }
  mf_write(buf, len - 9); /* cut short */
  mf_refused(42, MF_LIST, "damaged");
  mf_write(buf, 10);
  mf_refused(42, MF_LIST, "not a memo file");
  free(buf);
  memo_free(m);
  unlink(mf_path());
}
END_TEST

/* The bytes of this process's mappings that carry the huge-page advice
 * ("hg" among /proc/self/smaps' VmFlags), or -1 where the system cannot
 * say (no transparent huge pages, no VmFlags). */
static long huge_advised_bytes(void) {
  if (access("/sys/kernel/mm/transparent_hugepage/enabled", R_OK)) return -1;
  FILE *f = fopen("/proc/self/smaps", "r");
  if (!f) return -1;
  char line[512];
  unsigned long lo = 0, hi = 0;
  long total = 0;
  bool flags = false;
  while (fgets(line, sizeof line, f)) {
    unsigned long a, b;
    if (sscanf(line, "%lx-%lx ", &a, &b) == 2 && strchr(line, '-') < strchr(line, ' ')) {
      lo = a, hi = b;
    } else if (!strncmp(line, "VmFlags:", 8)) {
      flags = true;
      if (strstr(line, " hg")) total += (long)(hi - lo);
    }
  }
  fclose(f);
  return flags ? total : -1;
}

/* mem_huge() (mem.h, tuning.h MEM_HUGE_MIN): a large table asks for huge
 * pages over its 2 MiB-aligned part, a small one does not; the advice
 * leaves the bytes as they were. */
START_TEST(test_large_tables_ask_huge_pages) {
  long before = huge_advised_bytes();
  if (before < 0) return; /* this system cannot tell */
  size_t big = MEM_HUGE_MIN * 2, small = MEM_HUGE_MIN / 2;
  uint8_t *p = xmap(small);
  ck_assert_int_eq(huge_advised_bytes(), before);
  uint8_t *q = xmap(big);
  long after = huge_advised_bytes();
  ck_assert_msg(after - before >= (long)big - (4l << 20) && after - before <= (long)big,
                "%ld bytes advised of %zu", after - before, big);
  for (size_t i = 0; i < big; i += 4096) ck_assert_int_eq(q[i], 0); /* zeroed still */
  q[big - 1] = 7;
  ck_assert_int_eq(q[big - 1], 7);
  xunmap(q, big);
  xunmap(p, small);
  ck_assert_int_eq(huge_advised_bytes(), before);
}
END_TEST

/* A memo of MEMO_HUGE_MIN bytes or more asks for huge pages; a smaller
 * one does not (each shard's first record would back 2 MiB). */
START_TEST(test_large_memo_asks_huge_pages) {
  long before = huge_advised_bytes();
  if (before < 0) return;
  memo *m = memo_new(MEMO_HUGE_MIN / 2);
  ck_assert_ptr_nonnull(m);
  ck_assert_int_eq(huge_advised_bytes(), before);
  memo_free(m);
  m = memo_new(MEMO_HUGE_MIN);
  if (!m) return; /* no room for 1 GiB of address space here (ulimit -v) */
  long added = huge_advised_bytes() - before;
  ck_assert_msg(added >= (long)MEMO_HUGE_MIN - (8l << 20) && added <= (long)MEMO_HUGE_MIN,
                "%ld bytes advised", added);
  uint16_t set[5] = {1, 2, 3, 4, 5};
  store(m, set, 5, 6, 11, true);
  expect_hit(m, set, 5, 6, 11, true);
  memo_free(m);
}
END_TEST

Suite *memo_suite(void) {
  Suite *s = suite_create("memo");
  TCase *tc = tcase_create("memo");
  tcase_set_timeout(tc, 120); /* generous: sanitizer builds, busy machines */
  tcase_add_test(tc, test_miss_then_hit);
  tcase_add_test(tc, test_bound_only_rises);
#ifdef NDEBUG
  tcase_add_test(tc, test_exact_first_never_replaced);
#else
  tcase_add_test_raise_signal(tc, test_exact_first_never_replaced, SIGABRT);
#endif
  tcase_add_test(tc, test_whole_set_is_the_key);
  tcase_add_test(tc, test_depth_is_in_the_key);
  tcase_add_test(tc, test_tags_share_a_chain);
  tcase_add_test(tc, test_hash);
  tcase_add_test(tc, test_tiny_memo_heavy_stores);
  tcase_add_test(tc, test_index_grows_keeps_every_record);
  tcase_add_test(tc, test_oversized_set_not_stored);
  tcase_add_test(tc, test_concurrent_stores_and_probes);
  tcase_add_test(tc, test_one_shard_contention);
  tcase_add_test(tc, test_each_beside_stores);
  tcase_add_test(tc, test_memo_file_round_trip);
  tcase_add_test(tc, test_memo_file_refused);
  tcase_add_test(tc, test_large_tables_ask_huge_pages);
  tcase_add_test(tc, test_large_memo_asks_huge_pages);
  suite_add_tcase(s, tc);
  return s;
}
