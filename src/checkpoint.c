/*
 * checkpoint.c: the rank checkpoint (checkpoint.h): open and lock it,
 * read and verify every line, repair its end, append.
 */
#include "checkpoint.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "clock.h"
#include "feedback.h"
#include "tuning.h"
#include "util.h"
#include "words.h"

#define MAGIC "# optle rank checkpoint "
#define CHECK_HEX 16
/* A line is at most this long (a checkpoint longer than two such lines
 * a guess, a lower and a settled one, and the header, is not one of the
 * ranking). */
#define LINE_BYTES 128

struct ckpt {
  int fd;
  char *path;
  bool created;  /* this run made the file (removed at close if still empty) */
  const game *g;
  uint64_t seed; /* the header's checksum: every line's seed */
  off_t end;     /* the end of the whole lines: where the next one goes */
  double synced; /* when the lines were last synced to the disk */
  double last;   /* when the last line was appended */
  bool failed;
  char why[512]; /* why it failed */
};

/* ------------------------------------------------------------------ */
/* The format                                                          */

static int int_cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

uint64_t ckpt_words_hash(const int *guesses, int n) {
  int *s = xmalloc(sizeof *s * (size_t)(n > 0 ? n : 1)), k = 0;
  if (n > 0) memcpy(s, guesses, sizeof *s * (size_t)n);
  qsort(s, (size_t)(n > 0 ? n : 0), sizeof *s, int_cmp);
  for (int i = 0; i < n; i++)
    if (k == 0 || s[k - 1] != s[i]) s[k++] = s[i];
  /* As text, so the hash is the same on every host. */
  XXH64_state_t *st = XXH64_createState();
  XXH64_reset(st, 0);
  for (int i = 0; i < k; i++) {
    char b[16];
    int len = snprintf(b, sizeof b, "%d,", s[i]);
    XXH64_update(st, b, (size_t)len);
  }
  uint64_t h = XXH64_digest(st);
  XXH64_freeState(st);
  free(s);
  return h ? h : 1;
}

uint64_t ckpt_id_hash(const ckpt_id *id) {
  char b[160];
  int n = snprintf(b, sizeof b, "%s %d %d %d %016llx %d", id->rules, id->max_guesses, id->cutoff,
                   id->top, (unsigned long long)id->words, CKPT_ENGINE);
  assert(n > 0 && (size_t)n < sizeof b);
  uint64_t h = XXH64(b, (size_t)n, 0);
  return h ? h : 1;
}

/* FNV-1a's step, a 64-bit word at a time. */
static uint64_t fnv_mix(uint64_t h, uint64_t x) {
  return (h ^ x) * 0x100000001b3ull;
}

uint64_t ckpt_agree_key(const ckpt_id *id, const int *words, int nwords, int probe) {
  assert(nwords >= 0 && (words || !nwords) && probe >= -1);
  uint64_t k = ckpt_id_hash(id);
  for (int i = 0; i < nwords; i++) k = fnv_mix(k, (uint64_t)words[i]);
  k = fnv_mix(k, (uint64_t)(probe + 1));
  return k ? k : 1;
}

/* The header's text in format 3 (with this search's engine) or 2 (none:
 * engine 1, checkpoint.h). */
static void header_text(char *buf, size_t size, const ckpt_id *id, int format) {
  assert(format == 2 || format == CKPT_FORMAT);
  char lists[WORDS_HASH_HEX], words[WORDS_HASH_HEX] = "all", engine[32] = "";
  words_hash_hex(id->lists_hash, lists);
  if (id->words) words_hash_hex(id->words, words);
  if (format >= 3) snprintf(engine, sizeof engine, ", engine %d", CKPT_ENGINE);
  snprintf(buf, size,
           MAGIC "%d: lists_hash %s, rules %s, max_guesses %d, cutoff %d, top %d, words %s%s",
           format, lists, id->rules, id->max_guesses, id->cutoff, id->top, words, engine);
}

void ckpt_header_text(char *buf, size_t size, const ckpt_id *id) {
  header_text(buf, size, id, CKPT_FORMAT);
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

/* Whether the record line[0..len) ends in a tab and the checksum of
 * what precedes it (seeded with seed); *text is that part's length. */
static bool checked(const char *line, size_t len, uint64_t seed, size_t *text) {
  if (len < CHECK_HEX + 1 || line[len - CHECK_HEX - 1] != '\t') return false;
  uint64_t want = 0;
  for (size_t i = len - CHECK_HEX; i < len; i++) {
    int d = hexval(line[i]);
    if (d < 0) return false;
    want = want << 4 | (uint64_t)d;
  }
  *text = len - CHECK_HEX - 1;
  return XXH64(line, *text, seed) == want;
}

/* text (len bytes, room for CHECK_HEX + 2 more), sealed: its tab,
 * checksum and newline.  The sealed length. */
static size_t seal(char *text, size_t len, uint64_t seed) {
  uint64_t h = XXH64(text, len, seed);
  snprintf(text + len, CHECK_HEX + 3, "\t%016" PRIx64 "\n", h);
  return len + CHECK_HEX + 2;
}

/* The fields of a line's text (NUL-terminated, the checksum cut off):
 * word, value, exact|bound|lower, seconds, stage.  False when they are
 * not. */
static bool parse_fields(const game *g, char *text, ckpt_entry *e) {
  char *f[5], *p = text;
  int nf = 0;
  for (;;) {
    if (nf == 5) return false; /* a sixth field */
    f[nf++] = p;
    char *tab = strchr(p, '\t');
    if (!tab) break;
    *tab = '\0';
    p = tab + 1;
  }
  if (nf != 5 || !words_valid(f[0]) || (e->guess = words_find(&g->guesses, f[0])) < 0) return false;
  size_t vl = strlen(f[1]);
  if (!strcmp(f[1], "none")) e->value = OPTLE_INF;
  else if (vl < 1 || vl > 9 || strspn(f[1], "0123456789") != vl) return false;
  else e->value = atoi(f[1]);
  if (strcmp(f[2], "exact") && strcmp(f[2], "bound") && strcmp(f[2], "lower")) return false;
  e->exact = !strcmp(f[2], "exact");
  e->lower = !strcmp(f[2], "lower");
  char *end;
  e->seconds = strtod(f[3], &end);
  if (end == f[3] || *end || !isfinite(e->seconds) || e->seconds < 0) return false;
  if (strlen(f[4]) != 1 || f[4][0] < '0' || f[4][0] > '4') return false;
  e->stage = f[4][0] - '0';
  return true;
}

/* ------------------------------------------------------------------ */
/* Opening: a regular file of its own, locked                          */

static bool same_as_fd(const struct stat *st, int fd) {
  struct stat o;
  return !fstat(fd, &o) && o.st_dev == st->st_dev && o.st_ino == st->st_ino;
}

/* Does path still name the open file fd (through links), and is that
 * file still linked (not removed)? */
static bool path_names_fd(const char *path, int fd) {
  struct stat st, o;
  return !stat(path, &st) && same_as_fd(&st, fd) && !fstat(fd, &o) && o.st_nlink > 0;
}

/* PATH opened for reading and writing (created when missing) and
 * locked, or -1 after err_set(). */
static int open_locked(const char *path) {
  static const char notreg[] = "%s: not a regular file: a checkpoint is a file of its own, which "
                               "a run locks, reads and appends to";
  struct stat st;
  if (!stat(path, &st) && !S_ISREG(st.st_mode)) return err_set(notreg, path);
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0666);
  if (fd < 0) return err_set("%s: %s", path, strerror(errno));
  const char *why = NULL;
  if (fstat(fd, &st) || !S_ISREG(st.st_mode)) why = "regular";
  else if (same_as_fd(&st, STDOUT_FILENO)) why = "output";
  else if (same_as_fd(&st, STDERR_FILENO)) why = "error";
  if (why) {
    close(fd);
    if (!strcmp(why, "regular")) return err_set(notreg, path);
    return err_set("%s: that is standard %s, which the checkpoint would be mixed into: give a "
                   "file of its own", path, why);
  }
  if (flock(fd, LOCK_EX | LOCK_NB)) {
    int e = errno;
    close(fd);
    if (e == EWOULDBLOCK)
      return err_set("%s: in use by another run (it holds the file's lock): wait for that run "
                     "to end, or give another file", path);
    return err_set("%s: cannot lock it: %s", path, strerror(e));
  }
  /* The lock is the file's, not its name's: a run that unlinked or
   * replaced the file between our open and our lock leaves us holding
   * one that the path no longer names, whose lines would be lost. */
  if (!path_names_fd(path, fd)) {
    close(fd);
    return err_set("%s: removed or replaced by another run as it was opened: run again", path);
  }
  return fd;
}

/* The whole file (at most cap bytes), NUL-terminated; NULL after
 * err_set(). */
static char *read_all(int fd, const char *path, size_t cap, size_t *len) {
  struct stat st;
  if (fstat(fd, &st)) {
    err_set("%s: %s", path, strerror(errno));
    return NULL;
  }
  if ((uint64_t)st.st_size > cap) {
    err_set("%s: %lld bytes, more than any checkpoint of this ranking can have (%zu): not one "
            "of its checkpoints", path, (long long)st.st_size, cap);
    return NULL;
  }
  size_t size = (size_t)st.st_size, n = 0;
  char *buf = xmalloc(size + 1);
  while (n < size) {
    ssize_t k = pread(fd, buf + n, size - n, (off_t)n);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) {
      err_set("%s: cannot read: %s", path, strerror(errno));
      free(buf);
      return NULL;
    }
    if (k == 0) break;
    n += (size_t)k;
  }
  buf[n] = '\0';
  *len = n;
  return buf;
}

/* pwrite() all of buf at off. */
static int write_at(int fd, const char *buf, size_t len, off_t off) {
  while (len) {
    ssize_t w = pwrite(fd, buf, len, off);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) return -1;
    if (w == 0) {
      errno = ENOSPC;
      return -1;
    }
    buf += w, len -= (size_t)w, off += w;
  }
  return 0;
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */

/* What a read needs and finds. */
typedef struct {
  const char *path;
  const ckpt_id *id;
  const game *g;
  const bool *ranked;
  ckpt_resume *r;
  uint64_t seed;
  off_t keep;        /* the end of what is kept */
  bool add_newline;  /* the last line lacks only its newline */
} reader;

/* The engine a header of text[0..len) in format (2 or 3) names: format
 * 2 has none, and is engine 1 (checkpoint.h); -1 when format 3 names
 * none. */
static int header_engine(const char *text, size_t len, int format) {
  if (format == 2) return 1;
  static const char key[] = ", engine ";
  size_t kl = sizeof key - 1;
  for (size_t i = len; i-- > kl;) /* the last field */
    if (!memcmp(text + i - kl, key, kl)) {
      int e = 0;
      size_t j = i;
      for (; j < len && j - i < 6 && text[j] >= '0' && text[j] <= '9'; j++) e = e * 10 + text[j] - '0';
      return j > i && j == len ? e : -1;
    }
  return -1;
}

/* The header (buf's first line): 0 when it is this ranking's (*hend:
 * where the lines start), 1 when the file has no whole header (empty,
 * or one cut short: nothing settled is lost by starting afresh), -1
 * after err_set(). */
static int read_header(reader *R, const char *buf, size_t len, size_t *hend) {
  const char *path = R->path, *nl = memchr(buf, '\n', len);
  size_t m = strlen(MAGIC);
  if (!nl) {
    /* Cut short as it began: nothing, NULs, or the start of this
     * ranking's own header line (of either format).  Anything else is
     * refused (a whole checkpoint whose line ends were made CR would be
     * lost). */
    size_t zeros = 0;
    while (zeros < len && !buf[zeros]) zeros++;
    if (zeros == len) return 1;
    static const int formats[] = {2, CKPT_FORMAT}; /* those read */
    for (size_t i = 0; i < sizeof formats / sizeof *formats; i++) {
      char h[256 + CHECK_HEX + 3];
      header_text(h, 256, R->id, formats[i]);
      size_t hl = seal(h, strlen(h), 0);
      if (len < hl && !memcmp(buf, h, len)) return 1;
    }
    if (len >= m && !memcmp(buf, MAGIC, m))
      return err_set("%s:1: no line end in %zu bytes, and not the start of this ranking's "
                     "header: its line ends were changed (CR?), or it is of another ranking",
                     path, len);
    return err_set("%s:1: not an optle rank checkpoint", path);
  }
  size_t hl = (size_t)(nl - buf), tl;
  if (memchr(buf, '\0', hl)) return err_set("%s:1: a NUL byte", path);
  if (hl < m || memcmp(buf, MAGIC, m)) return err_set("%s:1: not an optle rank checkpoint", path);
  long format = strtol(buf + m, NULL, 10);
  if (format == 1)
    return err_set("%s:1: a checkpoint of format 1, written by an older optle: its lines carry no "
                   "checksums, so they cannot be verified; rank again with a new file (delete "
                   "this one, or move it aside)", path);
  if (format != 2 && format != CKPT_FORMAT)
    return err_set("%s:1: a checkpoint of format %ld, which this optle (format %d) does not read",
                   path, format, CKPT_FORMAT);
  if (hl && buf[hl - 1] == '\r')
    return err_set("%s:1: a CR before the line end: the file's line ends were made CRLF (a "
                   "checkpoint's lines end in LF alone; turn them back, e.g. sed -i 's/\\r$//' "
                   "FILE)",
                   path);
  if (!checked(buf, hl, 0, &tl))
    return err_set("%s:1: checksum mismatch: the header was changed or damaged", path);
  int engine = header_engine(buf, tl, (int)format);
  if (engine >= 0 && engine != CKPT_ENGINE) /* none: not this ranking's header, below */
    return err_set("%s:1: written by an optle whose search is engine %d (this one's is %d): a fix "
                   "since may have changed the values it holds (NEWS.md); rank again with a new "
                   "file (delete this one, or move it aside)",
                   path, engine, CKPT_ENGINE);
  char want[256];
  header_text(want, sizeof want, R->id, (int)format);
  if (tl != strlen(want) || memcmp(buf, want, tl))
    return err_set("%s is of another ranking (other lists, rules, guess limit, cutoff, --top "
                   "or --words): it says \"%.*s\", this ranking is \"%s\"",
                   path, (int)(tl < 300 ? tl : 300), buf, want);
  R->seed = XXH64(buf, tl, 0);
  *hend = hl + 1;
  return 0;
}

/* One record (len bytes, no newline) into e: 0, or why not ("a NUL
 * byte", ...). */
static const char *read_record(const reader *R, char *line, size_t len, ckpt_entry *e) {
  size_t tl;
  if (memchr(line, '\0', len))
    return "a NUL byte (after a power cut, lines not yet on the disk can read as NUL bytes: "
           "delete this line and those after it to rank their first guesses again)";
  /* Lines no run writes, named as what they are (each would fail its
   * checksum, and "delete the line to rank that first guess again"
   * would be no help). */
  if (len && line[len - 1] == '\r')
    return "a CR before the line end: the file's line ends were made CRLF (a checkpoint's lines "
           "end in LF alone; turn them back, e.g. sed -i 's/\\r$//' FILE)";
  if (strspn(line, " \t\r") == len) return "a blank line, which no run writes (delete it)";
  if (len >= strlen(MAGIC) && !memcmp(line, MAGIC, strlen(MAGIC)))
    return "a second header: two checkpoints joined into one file?";
  if (line[0] == '#') return "a comment line, which no run writes (delete it)";
  if (!checked(line, len, R->seed, &tl))
    return "checksum mismatch: the line was changed or damaged after it was written (delete "
           "the line to rank that first guess again)";
  line[tl] = '\0';
  static char unknown[64]; /* the reading is one thread's */
  size_t wl = strcspn(line, "\t");
  if (wl == 5 && line[wl] == '\t') {
    char w[6];
    memcpy(w, line, 5);
    w[5] = '\0';
    if (words_valid(w) && words_find(&R->g->guesses, w) < 0) {
      snprintf(unknown, sizeof unknown, "'%s' is not an allowed guess of these lists", w);
      return unknown;
    }
  }
  if (!parse_fields(R->g, line, e))
    return "not a settled word (word, value, exact, bound or lower, seconds, stage, checksum)";
  return NULL;
}

/* e appended to *v (n of them, room for *cap). */
static void add_entry(ckpt_entry **v, int *n, int *cap, const ckpt_entry *e) {
  if (*n == *cap) {
    *cap = *cap ? 2 * *cap : 256;
    *v = xrealloc(*v, sizeof **v * (size_t)*cap);
  }
  (*v)[(*n)++] = *e;
}

/* Every line after the header, into R->r->done or ->lower; the torn end
 * noted.  0, or -1 after err_set(). */
static int read_lines(reader *R, char *buf, size_t len, size_t pos) {
  int cap = 0, lcap = 0;
  ckpt_resume *r = R->r;
  for (int ln = 2; pos < len; ln++) {
    char *line = buf + pos, *nl = memchr(line, '\n', len - pos);
    size_t ll = nl ? (size_t)(nl - line) : len - pos;
    ckpt_entry e = {0};
    const char *why = read_record(R, line, ll, &e);
    if (why && !nl) { /* a last line cut short: cut off, its word ranked again */
      r->cut_line = ln;
      break;
    }
    if (why) return err_set("%s:%d: %s", R->path, ln, why);
    e.line = ln;
    if (e.lower) add_entry(&r->lower, &r->nlower, &lcap, &e);
    else add_entry(&r->done, &r->ndone, &cap, &e);
    pos += ll + (nl != NULL);
    R->add_newline = !nl;
  }
  R->keep = (off_t)pos;
  return 0;
}

/* Each entry's class-count bound 3n - k - [an answer] (k: its classes):
 * one pass over the table's answer rows. */
static int *floors_of(const game *g, const ckpt_entry *e, int n) {
  uint64_t (*cls)[4] = xcalloc((size_t)(n ? n : 1), sizeof *cls);
  for (int a = 0; a < g->n_answers; a++) {
    const uint8_t *row = game_answer_row(g, a);
    for (int i = 0; i < n; i++) {
      int p = row[e[i].guess];
      cls[i][p >> 6] |= 1ull << (p & 63);
    }
  }
  int *f = xmalloc(sizeof *f * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++) {
    int k = 0;
    for (int j = 0; j < 4; j++) k += __builtin_popcountll(cls[i][j]);
    int green = (cls[i][PATTERN_WIN >> 6] >> (PATTERN_WIN & 63)) & 1;
    f[i] = 3 * g->n_answers - k - green;
  }
  free(cls);
  return f;
}

/* What a lower line may say, beyond its checksum: a guess ranked, one
 * lower line a word, before its settled line (settled[guess]: its line,
 * or 0), a number at least the class-count bound and at most a given
 * cutoff (at or above the cutoff the word is settled, as a bound), from
 * a refuting stage, in a ranking that has one.  0, or -1 after
 * err_set(). */
static int check_lower(const reader *R, const int *settled) {
  const ckpt_resume *r = R->r;
  const game *g = R->g;
  int *floor = floors_of(g, r->lower, r->nlower);
  int *seen = xcalloc((size_t)g->n_guesses, sizeof *seen), rc = 0;
  for (int i = 0; i < r->nlower && !rc; i++) {
    const ckpt_entry *e = &r->lower[i];
    const char *w = g->guesses.w[e->guess];
    if (R->ranked && !R->ranked[e->guess])
      rc = err_set("%s:%d: '%s' is not among the first guesses ranked", R->path, e->line, w);
    else if (seen[e->guess])
      rc = err_set("%s:%d: '%s' has a second lower line (the first on line %d): a run writes one",
                   R->path, e->line, w, seen[e->guess]);
    else if (settled[e->guess] && settled[e->guess] < e->line)
      rc = err_set("%s:%d: '%s' has a lower line after its settled line (line %d): a run writes "
                   "it before", R->path, e->line, w, settled[e->guess]);
    else if (e->value >= OPTLE_INF)
      rc = err_set("%s:%d: '%s none lower': a lower bound is a total", R->path, e->line, w);
    else if (R->id->cutoff < 0 && !R->id->top)
      rc = err_set("%s:%d: '%s %d lower': a ranking with no cutoff (neither --cutoff nor --top) "
                   "has no refuting stages, so no lower lines", R->path, e->line, w, e->value);
    else if (e->value < floor[i])
      rc = err_set("%s:%d: '%s %d lower' is impossible: no total with that first guess is below "
                   "%d (3n - classes - [an answer])", R->path, e->line, w, e->value, floor[i]);
    else if (R->id->cutoff >= 0 && e->value > R->id->cutoff)
      rc = err_set("%s:%d: '%s %d lower': above the cutoff %d a bound settles its first guess "
                   "(a bound line), so no run writes it as lower", R->path, e->line, w, e->value,
                   R->id->cutoff);
    else if (e->stage < 2)
      rc = err_set("%s:%d: '%s %d lower' from stage %d: only the refuting stages (2 to 4) write "
                   "lower lines", R->path, e->line, w, e->value, e->stage);
    seen[e->guess] = e->line;
  }
  free(floor);
  free(seen);
  return rc;
}

/* What a settled line may say, beyond its checksum: a guess ranked,
 * once; a value that is possible.  0, or -1 after err_set(). */
static int check_entries(const reader *R) {
  const ckpt_resume *r = R->r;
  const game *g = R->g;
  int n = g->n_answers, depth = R->id->max_guesses > 0 ? R->id->max_guesses : OPTLE_DEPTH_UNLIMITED;
  int *floor = floors_of(g, r->done, r->ndone), *seen = xcalloc((size_t)g->n_guesses, sizeof *seen);
  int rc = 0;
  for (int i = 0; i < r->ndone && !rc; i++) {
    const ckpt_entry *e = &r->done[i];
    const char *w = g->guesses.w[e->guess];
    if (R->ranked && !R->ranked[e->guess])
      rc = err_set("%s:%d: '%s' is not among the first guesses ranked", R->path, e->line, w);
    else if (seen[e->guess])
      rc = err_set("%s:%d: '%s' is settled twice (also on line %d)", R->path, e->line, w,
                   seen[e->guess]);
    else if (e->value >= OPTLE_INF && !e->exact)
      rc = err_set("%s:%d: '%s none bound': no strategy is a proven value, always exact", R->path,
                   e->line, w);
    else if (e->value >= OPTLE_INF && R->id->max_guesses <= 0)
      rc = err_set("%s:%d: '%s none' is impossible: with no guess limit every first guess has a "
                   "strategy (the answers one by one, each allowed under every rule)",
                   R->path, e->line, w);
    else if (e->value < floor[i])
      rc = err_set("%s:%d: '%s %d' is impossible: no total with that first guess is below %d "
                   "(3n - classes - [an answer]; none at all is below 2n - 1 = %d)",
                   R->path, e->line, w, e->value, floor[i], 2 * n - 1);
    else if (e->exact && e->value < OPTLE_INF && (long)e->value > (long)n * depth)
      rc = err_set("%s:%d: '%s %d' is impossible: %d answers take at most %d guesses each",
                   R->path, e->line, w, e->value, n, depth);
    else if (!e->exact && R->id->cutoff >= 0 && e->value <= R->id->cutoff)
      rc = err_set("%s:%d: '%s %d bound': a bound is proven only above the cutoff %d", R->path,
                   e->line, w, e->value, R->id->cutoff);
    else if (!e->exact && R->id->cutoff < 0 && !R->id->top)
      rc = err_set("%s:%d: '%s %d bound': a ranking with no cutoff (neither --cutoff nor --top) "
                   "has every value exact, never a bound", R->path, e->line, w, e->value);
    seen[e->guess] = e->line;
  }
  if (!rc) rc = check_lower(R, seen);
  free(floor);
  free(seen);
  return rc;
}

/* ------------------------------------------------------------------ */
/* The checkpoint                                                      */

/* A file with no whole header: emptied, and this ranking's header
 * written. */
static int start_afresh(ckpt *c, const ckpt_id *id) {
  char h[256 + CHECK_HEX + 3];
  ckpt_header_text(h, 256, id);
  size_t len = strlen(h);
  c->seed = XXH64(h, len, 0);
  len = seal(h, len, 0);
  if (ftruncate(c->fd, 0) || write_at(c->fd, h, len, 0))
    return err_set("%s: cannot write: %s", c->path, strerror(errno));
  c->end = (off_t)len;
  return 0;
}

/* Read what the file holds (c->fd, locked) and repair its end. */
static int resume(ckpt *c, const ckpt_id *id, const bool *ranked, ckpt_resume *r) {
  const game *g = c->g;
  size_t len, hend = 0, cap = (size_t)LINE_BYTES * (2 * (size_t)g->n_guesses + 2);
  char *buf = read_all(c->fd, c->path, cap, &len);
  if (!buf) return -1;
  reader R = {c->path, id, g, ranked, r, 0, 0, false};
  int rc = read_header(&R, buf, len, &hend);
  if (rc == 1) {
    r->fresh = true;
    r->cut_header = len > 0;
    free(buf);
    return start_afresh(c, id);
  }
  if (!rc) rc = read_lines(&R, buf, len, hend);
  free(buf);
  if (!rc) rc = check_entries(&R);
  if (rc) return rc;
  c->seed = R.seed;
  c->end = R.keep;
  if (r->cut_line && ftruncate(c->fd, R.keep))
    return err_set("%s: cannot cut off its last line: %s", c->path, strerror(errno));
  if (R.add_newline) {
    if (write_at(c->fd, "\n", 1, c->end)) return err_set("%s: cannot write: %s", c->path, strerror(errno));
    c->end++;
  }
  return 0;
}

ckpt *ckpt_lock(const char *path) {
  struct stat st;
  /* Made by this run: no name at all before (lstat(): a dangling link
   * is a name, and its target is not ours to remove as unused). */
  bool created = lstat(path, &st) && errno == ENOENT;
  int fd = open_locked(path);
  if (fd < 0) return NULL;
  ckpt *c = xcalloc(1, sizeof *c);
  c->fd = fd;
  c->path = xstrdup(path);
  c->created = created;
  return c;
}

int ckpt_read(ckpt *c, const ckpt_id *id, const game *g, const bool *ranked, ckpt_resume *r) {
  memset(r, 0, sizeof *r);
  c->g = g;
  if (!resume(c, id, ranked, r)) return 0;
  free(r->done), free(r->lower);
  r->done = NULL, r->lower = NULL;
  r->ndone = r->nlower = 0;
  return -1;
}

ckpt *ckpt_open(const char *path, const ckpt_id *id, const game *g, const bool *ranked,
                ckpt_resume *r) {
  memset(r, 0, sizeof *r);
  ckpt *c = ckpt_lock(path);
  if (c && ckpt_read(c, id, g, ranked, r)) {
    char why[1024];
    snprintf(why, sizeof why, "%s", err_msg());
    ckpt_close(c);
    err_set("%s", why);
    c = NULL;
  }
  return c;
}

/* Append a line of status kind ("exact", "bound" or "lower"). */
static int append(ckpt *c, int guess, int value, const char *kind, double seconds, int stage) {
  if (c->failed) return -1;
  char line[LINE_BYTES + CHECK_HEX + 3], v[16];
  if (value >= OPTLE_INF) snprintf(v, sizeof v, "none");
  else snprintf(v, sizeof v, "%d", value);
  if (!(seconds >= 0 && seconds < 1e9)) seconds = 0;
  int n = snprintf(line, LINE_BYTES, "%s\t%s\t%s\t%.3f\t%d", c->g->guesses.w[guess], v, kind,
                   seconds, stage);
  size_t len = seal(line, (size_t)n, c->seed);
  if (!path_names_fd(c->path, c->fd)) { /* moved, replaced or removed while we ran */
    c->failed = true;
    snprintf(c->why, sizeof c->why, "%s: moved, replaced or removed while this run wrote it: "
             "what it settles from now on would be lost (the file's lines so far are kept)",
             c->path);
    return err_set("%s", c->why);
  }
  if (write_at(c->fd, line, len, c->end)) {
    int e = errno;
    /* What part of the line went is cut off again: the file stays whole. */
    if (ftruncate(c->fd, c->end)) {
    }
    c->failed = true;
    snprintf(c->why, sizeof c->why, "%s: cannot write: %s", c->path, strerror(e));
    return err_set("%s", c->why);
  }
  c->end += (off_t)len;
  /* On the disk at once when lines are rare (a second or more apart),
   * else every CKPT_SYNC_S at most (a sync a line would cost a small
   * list's ranking more than its search); the last of a burst waits for
   * the next line, the close or the kernel's own writeback (about 30 s
   * on Linux's defaults). */
  double now = now_seconds(), gap = now - c->last;
  c->last = now;
  if (gap >= 1 || now - c->synced >= CKPT_SYNC_S) {
    c->synced = now;
    (void)fdatasync(c->fd); /* a failure is no lost line: they are in the file */
  }
  return 0;
}

int ckpt_append(ckpt *c, int guess, int value, bool exact, double seconds, int stage) {
  return append(c, guess, value, exact ? "exact" : "bound", seconds, stage);
}

int ckpt_append_lower(ckpt *c, int guess, int value, double seconds, int stage) {
  assert(value < OPTLE_INF && stage >= 2 && stage <= 4);
  return append(c, guess, value, "lower", seconds, stage);
}

/* A file this run made and never wrote (the run failed before): removed,
 * under the lock, unless the path names another file by now. */
static void drop_if_unused(const ckpt *c) {
  struct stat a, b;
  if (c->created && c->end == 0 && !fstat(c->fd, &a) && a.st_size == 0 && !lstat(c->path, &b) &&
      S_ISREG(b.st_mode) && same_as_fd(&b, c->fd))
    unlink(c->path);
}

int ckpt_close(ckpt *c) {
  if (!c) return 0;
  drop_if_unused(c);
  if (c->end > 0) (void)fdatasync(c->fd); /* the last lines, on the disk */
  int rc = c->failed ? err_set("%s", c->why) : 0;
  if (close(c->fd) && !rc) rc = err_set("%s: cannot write: %s", c->path, strerror(errno));
  free(c->path);
  free(c);
  return rc;
}
