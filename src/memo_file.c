/* memo_file.c: the memo's big records in a file (memo_file.h). */
#include "memo_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "err.h"
#include "mem.h"
#include "tuning.h"
#include "util.h"

/* "optle memo 1", then a byte-order mark (0x0102 as this machine writes it). */
#define MAGIC_TEXT "optle memo 1"
#define MAGIC_BYTES 16
#define HEAD_BYTES (MAGIC_BYTES + 3 * 8)
#define REC_HEAD 12

static void magic(uint8_t out[MAGIC_BYTES]) {
  memset(out, 0, MAGIC_BYTES);
  memcpy(out, MAGIC_TEXT, sizeof MAGIC_TEXT - 1);
  uint16_t mark = 0x0102;
  memcpy(out + MAGIC_BYTES - 2, &mark, 2);
}

static size_t rec_bytes(int n, int klen) {
  return (REC_HEAD + 2 * (size_t)n + (size_t)klen + 3) & ~(size_t)3;
}

/* The file's bytes as they are gathered. */
typedef struct {
  uint8_t *buf;
  size_t len, cap;
  long count;
} gather;

static void put(gather *g, const void *p, size_t n) {
  if (g->len + n > g->cap) {
    g->cap = (g->len + n) * 2;
    g->buf = xrealloc(g->buf, g->cap);
  }
  memcpy(g->buf + g->len, p, n);
  g->len += n;
}

static void put_rec(void *arg, const memo_rec *r) {
  gather *g = arg;
  uint8_t head[REC_HEAD] = {0};
  uint16_t n = (uint16_t)r->n;
  int32_t v = r->value;
  memcpy(head, &n, 2);
  head[2] = (uint8_t)r->depth, head[3] = r->exact, head[4] = (uint8_t)r->klen;
  memcpy(head + 8, &v, 4);
  put(g, head, REC_HEAD);
  put(g, r->set, 2 * (size_t)r->n);
  put(g, r->key, (size_t)r->klen);
  static const uint8_t zero[4] = {0};
  size_t pad = rec_bytes(r->n, r->klen) - REC_HEAD - 2 * (size_t)r->n - (size_t)r->klen;
  put(g, zero, pad);
  g->count++;
}

int memo_file_save(memo *m, const char *path, uint64_t id, int min_n, long *saved) {
  gather g = {NULL, 0, 0, 0};
  uint8_t head[HEAD_BYTES] = {0};
  put(&g, head, HEAD_BYTES); /* filled in below */
  memo_each(m, min_n, put_rec, &g);
  uint64_t count = (uint64_t)g.count, bytes = g.len - HEAD_BYTES;
  magic(g.buf);
  memcpy(g.buf + MAGIC_BYTES, &id, 8);
  memcpy(g.buf + MAGIC_BYTES + 8, &count, 8);
  memcpy(g.buf + MAGIC_BYTES + 16, &bytes, 8);
  uint64_t sum = XXH3_64bits(g.buf, g.len);
  put(&g, &sum, 8);
  outfile o;
  int rc = out_open(&o, path);
  if (!rc && fwrite(g.buf, 1, g.len, o.fp) != g.len) {
    rc = err_set("%s: %s", path, strerror(errno ? errno : EIO));
    out_abort(&o);
  } else if (!rc) {
    rc = out_commit(&o);
  }
  free(g.buf);
  if (!rc) *saved = g.count;
  return rc ? -1 : 0;
}

/* The whole file in memory, or NULL (*missing when there is none). */
static uint8_t *slurp(const char *path, size_t *len, bool *missing) {
  *missing = false;
  FILE *f = fopen(path, "rb");
  if (!f) {
    *missing = errno == ENOENT;
    if (!*missing) err_set("%s: %s", path, strerror(errno));
    return NULL;
  }
  uint8_t *buf = NULL;
  size_t cap = 0, n = 0, got;
  do {
    if (n == cap) buf = xrealloc(buf, cap = cap ? cap * 2 : 1 << 16);
    got = fread(buf + n, 1, cap - n, f);
    n += got;
  } while (got > 0);
  bool bad = ferror(f);
  fclose(f);
  if (bad) {
    free(buf);
    err_set("%s: cannot be read", path);
    return NULL;
  }
  *len = n;
  return buf;
}

/* The records of buf (len bytes past the header), checked; stored into
 * m only when store (a first pass checks them all). */
static int records(memo *m, const char *path, const uint8_t *p, size_t len, uint64_t count,
                   int n_answers, uint16_t *set, bool store) {
  size_t at = 0;
  for (uint64_t k = 0; k < count; k++) {
    if (len - at < REC_HEAD)
      return err_set("%s: record %llu is cut short", path, (unsigned long long)k + 1);
    uint16_t n;
    int32_t v;
    memcpy(&n, p + at, 2);
    memcpy(&v, p + at + 8, 4);
    int depth = p[at + 2], exact = p[at + 3], klen = p[at + 4];
    size_t rb = rec_bytes(n, klen);
    if (n < 1 || n > n_answers || rb > len - at || exact > 1 || v < 0 || v > OPTLE_INF)
      return err_set("%s: record %llu is not one of a memo for this list", path,
                     (unsigned long long)k + 1);
    memcpy(set, p + at + REC_HEAD, 2 * (size_t)n);
    for (int i = 0; i < n; i++)
      if (set[i] >= n_answers || (i && set[i] <= set[i - 1]))
        return err_set("%s: record %llu's answers are not a set of this list", path,
                       (unsigned long long)k + 1);
    if (store) {
      const uint8_t *key = p + at + REC_HEAD + 2 * (size_t)n;
      memo_store_k(m, memo_hash_k(set, n, depth, key, klen), set, n, depth, key, klen, v,
                   exact != 0);
    }
    at += rb;
  }
  if (at != len) return err_set("%s: bytes after its records", path);
  return 0;
}

int memo_file_load(memo *m, const char *path, uint64_t id, int n_answers, long *loaded) {
  size_t len = 0;
  bool missing;
  uint8_t *buf = slurp(path, &len, &missing);
  if (!buf) return missing ? 1 : -1;
  uint8_t want[MAGIC_BYTES];
  magic(want);
  int rc = 0;
  uint64_t fid, count = 0, bytes = 0, sum;
  if (len < HEAD_BYTES + 8 || memcmp(buf, want, MAGIC_BYTES)) {
    rc = err_set("%s: not a memo file of this program (or of another byte order)", path);
  } else {
    memcpy(&fid, buf + MAGIC_BYTES, 8);
    memcpy(&count, buf + MAGIC_BYTES + 8, 8);
    memcpy(&bytes, buf + MAGIC_BYTES + 16, 8);
    memcpy(&sum, buf + len - 8, 8);
    if (bytes != len - HEAD_BYTES - 8 || sum != XXH3_64bits(buf, len - 8))
      rc = err_set("%s: damaged (its checksum or length does not match)", path);
    else if (fid != id)
      rc = err_set("%s: saved by another ranking (other lists or options)", path);
    else {
      uint16_t *set = xmalloc(sizeof *set * (size_t)n_answers);
      const uint8_t *p = buf + HEAD_BYTES;
      if (!(rc = records(m, path, p, (size_t)bytes, count, n_answers, set, false)))
        rc = records(m, path, p, (size_t)bytes, count, n_answers, set, true);
      free(set);
    }
  }
  free(buf);
  if (!rc) *loaded = (long)count;
  return rc ? -1 : 0;
}
