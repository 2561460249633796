/*
 * memo.h: the transposition table of the exact search.
 *
 * What it stores.  For an answer set A (sorted answer indices) and a
 * depth key d (guesses left, or 255 when the limit cannot bind because
 * d >= |A|), one record holds either the exact optimal total T_d(A) or
 * a proven lower bound on it.  A lower bound only ever rises; an exact
 * value replaces a bound and is never replaced.
 *
 * The key is the whole set (and, under hard mode, the rules' state,
 * below).  Records keep the full sorted index list
 * next to a 64-bit XXH3 hash of it; a probe compares the hash, then the
 * length, depth and every index.  A hash collision therefore costs one
 * comparison, never a wrong value.  (A sorted index list is a canonical
 * form of the answer bitset, and is smaller than the 290-byte bitset of
 * the full list for every set under 145 answers, which is nearly all.)
 *
 * Layout.  MEMO_SHARDS shards, chosen by the hash's low bits, each with
 * its own spinlock, an append-only arena of records, and an open-
 * addressing index of 32-bit slots (linear probing, at most 3/4 full),
 * each a record's arena offset and, in the bits the offset leaves, a tag
 * of its hash, so that a probe reads only the records whose tag matches.  A record is 24 bytes of header plus 2 bytes per answer,
 * rounded up to 8.  The index starts at MEMO_INDEX_START slots and
 * doubles (its records rehashed under the lock) as records come, up to
 * its share of the cap: memory is reserved for the cap but touched only
 * as used, and a sparse index spread over every page of its share cost
 * up to 16 MiB of RSS for a few thousand records (a fixed first guess's
 * proof: 62 -> 48 MB peak).
 *
 * Replacement.  When a shard's arena or index is full, the whole shard
 * is cleared (its records are evicted) and filling starts again.  This
 * keeps memory fixed at the cap chosen with --memo-mb, needs no per-
 * record bookkeeping, and loses only 1/MEMO_SHARDS of the table at a
 * time.  Sets that would take more than 1/16 of a shard are not stored.
 *
 * Concurrency.  Every access to a shard holds that shard's lock, and a
 * probe copies the value out under the lock, so threads share one memo
 * safely.  Entries are facts about sets, true whoever stored them, so
 * the order in which threads store them cannot change a result.  The
 * lock is a test-and-test-and-set spinlock that yields its core after
 * MEMO_SPIN_YIELD reads (tuning.h): with 256 shards two threads rarely
 * meet, and only a holder that lost its core keeps a waiter long.
 */
#ifndef OPTLE_MEMO_H
#define OPTLE_MEMO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct memo memo;

/* A memo of about `bytes` bytes, or NULL when that cannot be reserved. */
memo *memo_new(size_t bytes);
/* --memo-mb's default for a list of n answers: MEMO_DEFAULT_MB, or
 * from MEMO_BIG_ANSWERS answers (tuning.h), where a root proof's bounds
 * alone fill the smaller one, MEMO_BIG_MB, and MEMO_FIXED_FIRST_MB for a
 * solve of one fixed first guess (fixed_first). */
int memo_default_mb(int n_answers, bool fixed_first);
void memo_free(memo *m);

uint64_t memo_hash(const uint16_t *set, int n, int depth);

/* On a hit, *value is the stored value and *exact says whether it is
 * exact (else a lower bound).  Returns false on a miss. */
bool memo_probe_k(memo *m, uint64_t h, const uint16_t *set, int n, int depth, const void *key,
                  int klen, int *value, bool *exact);
void memo_store_k(memo *m, uint64_t h, const uint16_t *set, int n, int depth, const void *key,
                  int klen, int value, bool exact);

/* The key's extra bytes: the rules' state after the history (rules.h,
 * rstate_key()), klen < 256 of them, compared byte for byte like the
 * set; none (klen 0) under the normal rules.  memo_hash_k() mixes them
 * into the hash. */
uint64_t memo_hash_k(const uint16_t *set, int n, int depth, const void *key, int klen);
static inline bool memo_probe(memo *m, uint64_t h, const uint16_t *set, int n, int depth,
                              int *value, bool *exact) {
  return memo_probe_k(m, h, set, n, depth, NULL, 0, value, exact);
}
static inline void memo_store(memo *m, uint64_t h, const uint16_t *set, int n, int depth,
                              int value, bool exact) {
  memo_store_k(m, h, set, n, depth, NULL, 0, value, exact);
}

/* One record as memo_each() shows it (the set and key are the memo's:
 * read them in the callback only). */
typedef struct {
  const uint16_t *set;
  const uint8_t *key;
  int n, depth, klen, value;
  bool exact;
} memo_rec;
typedef void memo_each_fn(void *arg, const memo_rec *r);
/* fn on every record of a set of min_n answers or more, a shard at a
 * time under its lock (threads may go on probing and storing: each
 * record is seen whole, as it was at its shard's turn; fn must not call
 * the memo).  memo_file.c saves them so. */
void memo_each(memo *m, int min_n, memo_each_fn *fn, void *arg);

typedef struct {
  uint64_t stores, evictions, bytes_used, records;
  uint64_t capacity; /* the records' room, bytes (the arenas) */
} memo_stats;
void memo_get_stats(memo *m, memo_stats *out);

#endif
