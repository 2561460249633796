/* memo_file.c: the memo's records in a file (memo_file.h).  Both
 * ways stream: a save writes each shard's records as memo_each() shows
 * them, a load reads the file twice (every record checked and the
 * checksum compared first, then stored), so neither holds a second copy
 * of a memo of gigabytes. */
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

/* "optle memo 2", then a byte-order mark (0x0102 as this machine writes it). */
#define MAGIC_TEXT "optle memo 2"
#define MAGIC_BYTES 16
#define HEAD_BYTES (MAGIC_BYTES + 8)
#define TAIL_BYTES 24
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

/* A save in progress: the file, the checksum so far, what was written. */
typedef struct {
  FILE *fp;
  XXH3_state_t *h;
  uint64_t count, bytes;
  bool failed;
} writer;

static void put(writer *w, const void *p, size_t n) {
  if (!n || w->failed) return;
  if (fwrite(p, 1, n, w->fp) != n) w->failed = true;
  XXH3_64bits_update(w->h, p, n);
}

static void put_rec(void *arg, const memo_rec *r) {
  writer *w = arg;
  uint8_t head[REC_HEAD] = {0};
  uint16_t n = (uint16_t)r->n;
  int32_t v = r->value;
  memcpy(head, &n, 2);
  head[2] = (uint8_t)r->depth, head[3] = r->exact, head[4] = (uint8_t)r->klen;
  memcpy(head + 8, &v, 4);
  put(w, head, REC_HEAD);
  put(w, r->set, 2 * (size_t)r->n);
  put(w, r->key, (size_t)r->klen);
  static const uint8_t zero[4] = {0};
  size_t rb = rec_bytes(r->n, r->klen);
  put(w, zero, rb - REC_HEAD - 2 * (size_t)r->n - (size_t)r->klen);
  w->count++, w->bytes += rb;
}

int memo_file_save(memo *m, const char *path, uint64_t id, int min_n, long *saved) {
  outfile o;
  if (out_open(&o, path)) return -1;
  XXH3_state_t h;
  XXH3_64bits_reset(&h);
  writer w = {o.fp, &h, 0, 0, false};
  uint8_t head[HEAD_BYTES];
  magic(head);
  memcpy(head + MAGIC_BYTES, &id, 8);
  put(&w, head, HEAD_BYTES);
  memo_each(m, min_n, put_rec, &w);
  uint64_t tail[3] = {w.count, w.bytes, 0};
  put(&w, tail, 16);
  tail[2] = XXH3_64bits_digest(w.h);
  if (!w.failed && fwrite(&tail[2], 1, 8, o.fp) != 8) w.failed = true;
  if (w.failed) {
    err_set("%s: %s", path, strerror(errno ? errno : EIO));
    out_abort(&o);
    return -1;
  }
  if (out_commit(&o)) return -1;
  *saved = (long)w.count;
  return 0;
}

/* One pass over the records (the file at them, count of them): each
 * checked, and stored into m when store; the checksum of what was read
 * goes on in h.  0, or -1 after err_set(). */
static int records(memo *m, const char *path, FILE *f, XXH3_state_t *h, uint64_t count,
                   int n_answers, uint16_t *set, bool store) {
  uint8_t *key = (uint8_t *)(set + n_answers); /* room for 255 bytes past the set's */
  for (uint64_t k = 0; k < count; k++) {
    uint8_t head[REC_HEAD], pad[4];
    if (fread(head, 1, REC_HEAD, f) != REC_HEAD)
      return err_set("%s: record %llu is cut short", path, (unsigned long long)k + 1);
    uint16_t n;
    int32_t v;
    memcpy(&n, head, 2);
    memcpy(&v, head + 8, 4);
    int depth = head[2], exact = head[3], klen = head[4];
    if (n < 1 || n > n_answers || exact > 1 || v < 0 || v > OPTLE_INF)
      return err_set("%s: record %llu is not one of a memo for this list", path,
                     (unsigned long long)k + 1);
    size_t padn = rec_bytes(n, klen) - REC_HEAD - 2 * (size_t)n - (size_t)klen;
    if (fread(set, 2, n, f) != n || fread(key, 1, (size_t)klen, f) != (size_t)klen ||
        fread(pad, 1, padn, f) != padn)
      return err_set("%s: record %llu is cut short", path, (unsigned long long)k + 1);
    XXH3_64bits_update(h, head, REC_HEAD);
    XXH3_64bits_update(h, set, 2 * (size_t)n);
    XXH3_64bits_update(h, key, (size_t)klen);
    XXH3_64bits_update(h, pad, padn);
    for (int i = 0; i < n; i++)
      if (set[i] >= n_answers || (i && set[i] <= set[i - 1]))
        return err_set("%s: record %llu's answers are not a set of this list", path,
                       (unsigned long long)k + 1);
    if (store)
      memo_store_k(m, memo_hash_k(set, n, depth, key, klen), set, n, depth, key, klen, v,
                   exact != 0);
  }
  return 0;
}

/* A pass over the whole file: its header, records and tail checked
 * (stored into m when store).  0, or -1 after err_set(). */
static int pass(memo *m, const char *path, FILE *f, uint64_t id, int n_answers, long size,
                uint16_t *set, bool store, uint64_t *count) {
  uint8_t head[HEAD_BYTES], want[MAGIC_BYTES];
  magic(want);
  rewind(f);
  if (size < HEAD_BYTES + TAIL_BYTES || fread(head, 1, HEAD_BYTES, f) != HEAD_BYTES ||
      memcmp(head, want, MAGIC_BYTES))
    return err_set("%s: not a memo file of this program (or of another byte order)", path);
  uint64_t tail[3];
  if (fseek(f, size - TAIL_BYTES, SEEK_SET) || fread(tail, 1, TAIL_BYTES, f) != TAIL_BYTES)
    return err_set("%s: cannot be read", path);
  *count = tail[0];
  if (tail[1] != (uint64_t)size - HEAD_BYTES - TAIL_BYTES)
    return err_set("%s: damaged (its checksum or length does not match)", path);
  if (fseek(f, HEAD_BYTES, SEEK_SET)) return err_set("%s: cannot be read", path);
  XXH3_state_t hs, *h = &hs;
  XXH3_64bits_reset(h);
  XXH3_64bits_update(h, head, HEAD_BYTES);
  int rc = records(m, path, f, h, tail[0], n_answers, set, store);
  if (rc && !store) { /* a record that is no record: damage, when the checksum says so */
    char why[512];
    snprintf(why, sizeof why, "%s", err_msg());
    uint8_t buf[1 << 16];
    XXH3_64bits_reset(h);
    rewind(f);
    for (long left = size - 8; left > 0;) {
      size_t n = fread(buf, 1, left < (long)sizeof buf ? (size_t)left : sizeof buf, f);
      if (!n) break;
      XXH3_64bits_update(h, buf, n);
      left -= (long)n;
    }
    uint64_t sum;
    memcpy(&sum, &tail[2], 8);
    rc = XXH3_64bits_digest(h) != sum ? err_set("%s: damaged (its checksum or length does not "
                                                "match)", path)
                                      : err_set("%s", why);
  } else if (!rc && ftell(f) != size - TAIL_BYTES) {
    rc = err_set("%s: damaged (its checksum or length does not match)", path);
  } else if (!rc) {
    XXH3_64bits_update(h, tail, 16);
    if (XXH3_64bits_digest(h) != tail[2])
      rc = err_set("%s: damaged (its checksum or length does not match)", path);
  }
  uint64_t fid;
  memcpy(&fid, head + MAGIC_BYTES, 8);
  if (!rc && fid != id) rc = err_set("%s: saved by another ranking (other lists or options)", path);
  return rc;
}

int memo_file_load(memo *m, const char *path, uint64_t id, int n_answers, long *loaded) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    if (errno == ENOENT) return 1;
    err_set("%s: %s", path, strerror(errno));
    return -1;
  }
  long size = -1;
  if (!fseek(f, 0, SEEK_END)) size = ftell(f);
  uint16_t *set = xmalloc(sizeof *set * (size_t)n_answers + 256);
  uint64_t count = 0;
  int rc = size < 0 ? err_set("%s: cannot be read", path)
                    : pass(m, path, f, id, n_answers, size, set, false, &count);
  if (!rc) rc = pass(m, path, f, id, n_answers, size, set, true, &count);
  free(set);
  fclose(f);
  if (!rc) *loaded = (long)count;
  return rc ? -1 : 0;
}
