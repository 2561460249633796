/* memo.c: the shared transposition table (memo.h). */
#include "memo.h"

#include <assert.h>
#include <sched.h>

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "mem.h"
#include "tuning.h"

typedef struct {
  uint64_t hash;
  int32_t value;
  uint16_t n;
  uint8_t depth;
  uint8_t exact;
  uint8_t klen;   /* bytes of the rules' key after the set (memo.h) */
  uint8_t pad[3];
  uint16_t set[]; /* n sorted answer indices, then klen key bytes */
} record;

typedef struct {
  atomic_int lock; /* 1: held (lock()) */
  uint8_t *arena;     /* records, 8-byte aligned */
  uint32_t *index;    /* slots (slot_of()), 0 for empty */
  uint32_t used;      /* arena bytes in use */
  uint32_t records;   /* records in the index */
  uint32_t mask;      /* slots in use - 1: the index grows with its records
                       * (so only its pages in use cost RSS), up to
                       * memo.index_mask */
  uint64_t stores, evictions;
  char pad[64];
} shard;

struct memo {
  shard *shards;
  uint8_t *arenas;      /* one block for all shards: untouched pages cost no RSS */
  uint32_t *indexes;
  uint32_t arena_bytes; /* per shard */
  uint32_t index_mask;  /* index slots - 1 (a power of two) */
  int offbits;          /* a slot's low bits: arena offset / 8 + 1; the rest a tag */
};

/* An index slot: the record's arena offset (a multiple of 8) / 8 + 1 in
 * its low offbits bits, and above them the top bits of its hash, a tag:
 * a probe passes over a slot whose tag differs without reading its
 * record, a cache miss far away.  At 3/4 full, linear probing looks at
 * about 8 slots on a miss (one or two lines of the index, but 8 records
 * without the tag: the memo's find() was 12% of hard nyt-2023-07's L2
 * stage).  A shard of a 300 or a 512 MiB memo keeps 14 bits of tag. */
static uint32_t tag_of(const memo *m, uint64_t h) {
  return (uint32_t)(h >> (32 + m->offbits));
}
static uint32_t slot_of(const memo *m, uint64_t h, uint32_t offset) {
  assert(offset % 8 == 0 && offset / 8 + 1 < (1ull << m->offbits));
  return (uint32_t)((uint64_t)tag_of(m, h) << m->offbits) | (offset / 8 + 1);
}
static record *record_at(const memo *m, const shard *s, uint32_t slot) {
  assert(slot != 0);
  return (record *)(s->arena + ((size_t)(slot & ((1ull << m->offbits) - 1)) - 1) * 8);
}

static size_t record_size(int n, int klen) {
  return (sizeof(record) + 2 * (size_t)n + (size_t)klen + 7) & ~(size_t)7;
}

memo *memo_new(size_t bytes) {
  memo *m = xcalloc(1, sizeof *m);
  size_t per = bytes / MEMO_SHARDS;
  if (per < 4096) per = 4096;
  /* Split each shard's share: 7/8 arena, 1/8 index (4-byte slots, about
   * one slot per 32 arena bytes, the size of a typical record). */
  size_t slots = 1;
  while (slots * 2 * 4 <= per / 8) slots *= 2;
  size_t arena = per - slots * 4;
  if (arena > 0xffffff00u) arena = 0xffffff00u;
  m->arena_bytes = (uint32_t)(arena & ~(size_t)7);
  m->index_mask = (uint32_t)(slots - 1);
  /* Offsets / 8 + 1 up to arena_bytes / 8 (< 2^29): at least 3 tag bits. */
  m->offbits = 1;
  while ((1ull << m->offbits) <= m->arena_bytes / 8) m->offbits++;
  assert(m->offbits <= 29);
  m->shards = xcalloc(MEMO_SHARDS, sizeof *m->shards);
  /* Two large blocks, so the C library maps them from the OS: pages are
   * only backed by memory once touched, and calloc's are zero for free. */
  m->arenas = malloc((size_t)m->arena_bytes * MEMO_SHARDS);
  m->indexes = calloc(slots * MEMO_SHARDS, sizeof(uint32_t));
  if (!m->arenas || !m->indexes) {
    memo_free(m);
    return NULL;
  }
  if (bytes >= MEMO_HUGE_MIN) { /* each shard's first touch backs 2 MiB */
    mem_huge(m->arenas, (size_t)m->arena_bytes * MEMO_SHARDS);
    mem_huge(m->indexes, slots * MEMO_SHARDS * sizeof(uint32_t));
  }
  for (int i = 0; i < MEMO_SHARDS; i++) {
    atomic_init(&m->shards[i].lock, 0);
    m->shards[i].arena = m->arenas + (size_t)i * m->arena_bytes;
    m->shards[i].index = m->indexes + (size_t)i * slots;
    m->shards[i].mask = m->index_mask < MEMO_INDEX_START - 1 ? m->index_mask
                                                              : MEMO_INDEX_START - 1;
  }
  return m;
}

int memo_default_mb(int n_answers, bool fixed_first) {
  if (n_answers < MEMO_BIG_ANSWERS) return MEMO_DEFAULT_MB;
  return fixed_first ? MEMO_FIXED_FIRST_MB : MEMO_BIG_MB;
}

void memo_free(memo *m) {
  if (!m) return;
  free(m->arenas);
  free(m->indexes);
  free(m->shards);
  free(m);
}

uint64_t memo_hash(const uint16_t *set, int n, int depth) {
  return XXH3_64bits_withSeed(set, 2 * (size_t)n, (uint64_t)depth);
}

uint64_t memo_hash_k(const uint16_t *set, int n, int depth, const void *key, int klen) {
  uint64_t h = memo_hash(set, n, depth);
  return klen ? h ^ XXH3_64bits_withSeed(key, (size_t)klen, h) : h;
}

/* A spin pause: the core's hint that this is a wait loop (it yields
 * the pipeline to a sibling hyperthread and saves power). */
static inline void spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

/* Test and test-and-set: a waiter spins on a plain read of its line,
 * shared in its cache, not on exchanges that take the line from the
 * holder; after MEMO_SPIN_YIELD reads it gives up its core, so that a
 * holder preempted with more threads than cores (--threads above the
 * cores) runs again sooner.  Held only for a probe or a store. */
static void lock(shard *s) {
  for (;;) {
    if (!atomic_exchange_explicit(&s->lock, 1, memory_order_acquire)) return;
    for (int k = 0; atomic_load_explicit(&s->lock, memory_order_relaxed); k++) {
      spin_pause();
      if (k >= MEMO_SPIN_YIELD) {
        sched_yield();
        k = 0;
      }
    }
  }
}
static void unlock(shard *s) { atomic_store_explicit(&s->lock, 0, memory_order_release); }

static shard *shard_of(memo *m, uint64_t h) { return &m->shards[h & (MEMO_SHARDS - 1)]; }

/* Slot of the record for this key, or of the empty slot where it goes. */
static uint32_t *find(memo *m, shard *s, uint64_t h, const uint16_t *set, int n, int depth,
                      const void *key, int klen) {
  uint32_t i = (uint32_t)(h >> 20) & s->mask, tag = tag_of(m, h);
  for (;; i = (i + 1) & s->mask) {
    uint32_t *slot = &s->index[i];
    if (!*slot) return slot;
    if (*slot >> m->offbits != tag) continue;
    record *r = record_at(m, s, *slot);
    if (r->hash == h && r->n == n && r->depth == depth && r->klen == klen &&
        !memcmp(r->set, set, 2 * (size_t)n) &&
        (!klen || !memcmp((const uint8_t *)r->set + 2 * (size_t)n, key, (size_t)klen)))
      return slot;
  }
}

/* Double the shard's index: every record is placed again (the same
 * probe rule, the larger mask). */
static void grow(memo *m, shard *s) {
  uint32_t old = s->mask + 1;
  uint32_t *keep = xmalloc(sizeof *keep * (size_t)s->records);
  uint32_t k = 0;
  for (uint32_t i = 0; i < old; i++)
    if (s->index[i]) keep[k++] = s->index[i];
  memset(s->index, 0, sizeof(uint32_t) * (size_t)old);
  s->mask = old * 2 - 1;
  for (uint32_t j = 0; j < k; j++) {
    const record *r = record_at(m, s, keep[j]);
    uint32_t i = (uint32_t)(r->hash >> 20) & s->mask;
    while (s->index[i]) i = (i + 1) & s->mask;
    s->index[i] = keep[j];
  }
  assert(k == s->records);
  free(keep);
}

bool memo_probe_k(memo *m, uint64_t h, const uint16_t *set, int n, int depth, const void *key,
                  int klen, int *value, bool *exact) {
  shard *s = shard_of(m, h);
  lock(s);
  uint32_t *slot = find(m, s, h, set, n, depth, key, klen);
  bool hit = *slot != 0;
  if (hit) {
    record *r = record_at(m, s, *slot);
    assert(r->n == n && r->depth == depth && !memcmp(r->set, set, 2 * (size_t)n));
    *value = r->value;
    *exact = r->exact;
  }
  unlock(s);
  return hit;
}

void memo_store_k(memo *m, uint64_t h, const uint16_t *set, int n, int depth, const void *key,
                  int klen, int value, bool exact) {
  assert(klen >= 0 && klen < 256);
  assert(n >= 1 && n <= UINT16_MAX && depth >= 0 && depth <= UINT8_MAX); /* the record's fields */
  size_t need = record_size(n, klen);
  if (need > m->arena_bytes / 16) return;
  shard *s = shard_of(m, h);
  lock(s);
  uint32_t *slot = find(m, s, h, set, n, depth, key, klen);
  if (*slot) {
    record *r = record_at(m, s, *slot);
    /* The same set twice: exact values agree, and a lower bound never
     * exceeds the exact value. */
    assert(!(r->exact && exact) || r->value == value);
    assert(!r->exact || exact || value <= r->value);
    assert(r->exact || !exact || value >= r->value);
    if (!r->exact && (exact || value > r->value)) {
      r->value = value;
      r->exact = exact;
    }
    unlock(s);
    return;
  }
  /* Three quarters full: a larger index, while there is room for one
   * (the records are rehashed; the arena stays as it is), and the empty
   * slot found again: the one found before lay in the smaller index, and
   * writing there lost the record grow() had moved into it (a debug
   * build's assert in grow() caught it; a lost record is only a miss). */
  bool grew = false;
  for (; (s->records + 1) * 4 > (s->mask + 1) * 3 && s->mask < m->index_mask; grew = true)
    grow(m, s);
  if (grew) {
    slot = find(m, s, h, set, n, depth, key, klen);
    assert(!*slot);
  }
  if (s->used + need > m->arena_bytes || (s->records + 1) * 4 > (s->mask + 1) * 3) {
    /* Full: evict the whole shard (memo.h, "Replacement"). */
    s->evictions += s->records;
    s->records = 0;
    s->used = 0;
    memset(s->index, 0, sizeof(uint32_t) * ((size_t)s->mask + 1));
    slot = find(m, s, h, set, n, depth, key, klen);
  }
  record *r = (record *)(s->arena + s->used);
  r->hash = h;
  r->value = value;
  r->n = (uint16_t)n;
  r->depth = (uint8_t)depth;
  r->exact = exact;
  r->klen = (uint8_t)klen;
  memset(r->pad, 0, sizeof r->pad);
  memcpy(r->set, set, 2 * (size_t)n);
  if (klen) memcpy((uint8_t *)r->set + 2 * (size_t)n, key, (size_t)klen);
  *slot = slot_of(m, h, s->used);
  s->used += (uint32_t)need;
  s->records++;
  s->stores++;
  unlock(s);
}

void memo_get_stats(memo *m, memo_stats *out) {
  memset(out, 0, sizeof *out);
  for (int i = 0; i < MEMO_SHARDS; i++) {
    shard *s = &m->shards[i];
    lock(s);
    out->stores += s->stores;
    out->evictions += s->evictions;
    out->bytes_used += s->used;
    out->records += s->records;
    unlock(s);
  }
  out->capacity = (uint64_t)m->arena_bytes * MEMO_SHARDS;
}

void memo_each(memo *m, int min_n, memo_each_fn *fn, void *arg) {
  for (int i = 0; i < MEMO_SHARDS; i++) {
    shard *s = &m->shards[i];
    lock(s);
    /* The arena holds the shard's records one after another, each once
     * (a store of a set already there updates it in place). */
    for (uint32_t at = 0; at < s->used;) {
      const record *r = (const record *)(s->arena + at);
      if (r->n >= min_n) {
        memo_rec x = {r->set, (const uint8_t *)r->set + 2 * (size_t)r->n, r->n, r->depth,
                      r->klen, r->value, r->exact != 0};
        fn(arg, &x);
      }
      at += (uint32_t)record_size(r->n, r->klen);
    }
    unlock(s);
  }
}
