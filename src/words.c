/*
 * words.c: loading and validating word lists (words.h).
 *
 * Lines are read byte by byte into a small buffer, so a file with a
 * huge line or no newline at all costs no more memory than a normal
 * one.  The word -> index map is a uthash table: a general-purpose hash
 * map is all this needs, and uthash is a well-kept Debian package.
 */
#include "words.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <uthash.h>

#include "clock.h"
#include "tuning.h"
#include "util.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

typedef struct wentry {
  char key[8];
  int idx;
  UT_hash_handle hh;
} wentry;

/* The uthash head and its entries live beside the list (one block). */
typedef struct {
  wentry *head;
  wentry *cells;
} windex;

bool words_valid(const char *s) {
  for (int i = 0; i < 5; i++)
    if (s[i] < 'a' || s[i] > 'z') return false;
  return s[5] == '\0';
}

static windex *index_of(const wordlist *wl) { return (windex *)(wl->w + wl->n); }

/* Grow-by-doubling storage while loading. */
typedef struct {
  char (*w)[8];
  int *line;
  int n, cap;
} growlist;

static void push(growlist *g, const char *word, int line) {
  if (g->n == g->cap) {
    g->cap = g->cap ? 2 * g->cap : 4096;
    g->w = xrealloc(g->w, sizeof *g->w * (size_t)g->cap);
    g->line = xrealloc(g->line, sizeof *g->line * (size_t)g->cap);
  }
  memset(g->w[g->n], 0, 8);
  memcpy(g->w[g->n], word, 5);
  g->line[g->n++] = line;
}

/*
 * Build the final list: the word cells followed by the hash index in one
 * allocation, then reject duplicates.  Takes ownership of g's arrays.
 */
static int finish(growlist *g, const char *path, wordlist *out) {
  size_t words_bytes = sizeof *g->w * (size_t)g->n;
  char (*w)[8] = xmalloc(words_bytes + sizeof(windex) + sizeof(wentry) * (size_t)g->n);
  memcpy(w, g->w, words_bytes);
  free(g->w);
  *out = (wordlist){.n = g->n, .w = w, .line = g->line, .path = xstrdup(path)};
  windex *ix = index_of(out);
  ix->head = NULL;
  ix->cells = (wentry *)(ix + 1);
  for (int i = 0; i < g->n; i++) {
    wentry *e = &ix->cells[i], *old;
    HASH_FIND(hh, ix->head, w[i], 5, old);
    if (old) {
      int first = out->line[old->idx], here = out->line[i];
      err_set("%s:%d: duplicate word '%s' (first on line %d)", path, here, w[i], first);
      words_free(out);
      return -1;
    }
    memcpy(e->key, w[i], 8);
    e->idx = i;
    HASH_ADD(hh, ix->head, key, 5, e);
  }
  return 0;
}

static int words_read(FILE *fp, const char *path, bool quote, wordlist *out);

/* Check one trimmed line; on success writes the folded word into out.
 * A bad line is quoted (its first 20 bytes) when `quote`; a file a tree
 * names (words_load_regular()) may be any file, /etc/shadow, so its
 * lines are not shown, only what is wrong with them. */
static int parse_word(const char *path, int line, const char *s, size_t len, bool quote,
                      char out[6]) {
  int shown = quote ? (int)(len > 20 ? 20 : len) : 0;
  const char *q = quote ? "'" : "", *sep = quote ? "' " : "";
  for (size_t i = 0; i < len; i++)
    if ((unsigned char)s[i] >= 0x80)
      return err_set("%s:%d: non-ASCII byte 0x%02x%s%s%.*s%s (words are five letters a-z)", path,
                     line, (unsigned char)s[i], quote ? " in " : "", q, shown, s, q);
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
    if (c < 'a' || c > 'z') {
      const char *what = c == '\0'               ? "a NUL byte"
                         : c == ' ' || c == '\t' ? "a blank"
                                                 : "a non-letter";
      return err_set("%s:%d: %s%.*s%shas %s at position %zu (words are five letters a-z)", path,
                     line, q, shown, s, quote ? sep : "the line ", what, i + 1);
    }
    if (i < 5) out[i] = c;
  }
  if (len != 5)
    return err_set("%s:%d: %s%.*s%s%shas %zu letters, expected 5", path, line, q, shown, s,
                   quote && len > 20 ? "..." : "", quote ? sep : "the line ", len);
  out[5] = '\0';
  return 0;
}

/* Open path for reading: with `regular`, only a regular file, checked
 * on the opened file (fstat(), not the path, which may have changed
 * since) and opened without blocking (a FIFO put in its place would
 * otherwise wait for a writer). */
static int load_path(const char *path, bool regular, wordlist *out) {
  memset(out, 0, sizeof *out);
  int fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC | (regular ? O_NONBLOCK : 0));
  if (fd < 0) return err_set("%s: cannot open: %s", path, strerror(errno));
  struct stat st;
  if (fstat(fd, &st)) {
    int e = errno;
    close(fd);
    return err_set("%s: cannot open: %s", path, strerror(e));
  }
  if (S_ISDIR(st.st_mode)) {
    close(fd);
    return err_set("%s: is a directory, not a word list", path);
  }
  if (regular && !S_ISREG(st.st_mode)) {
    close(fd);
    return err_set("%s: not a regular file", path);
  }
  if (regular) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  FILE *fp = fdopen(fd, "rb");
  if (!fp) {
    int e = errno;
    close(fd);
    return err_set("%s: cannot open: %s", path, strerror(e));
  }
  int rc = words_read(fp, path, !regular, out);
  fclose(fp);
  return rc;
}

int words_load(const char *path, wordlist *out) { return load_path(path, false, out); }

int words_load_regular(const char *path, wordlist *out) { return load_path(path, true, out); }

int words_load_mem(const char *data, size_t len, const char *name, wordlist *out) {
  memset(out, 0, sizeof *out);
  FILE *fp = fmemopen((void *)data, len, "rb");
  if (!fp) return err_set("%s: cannot read: %s", name, strerror(errno));
  int rc = words_read(fp, name, true, out);
  fclose(fp);
  return rc;
}

static int words_read(FILE *fp, const char *path, bool quote, wordlist *out) {
  growlist g = {0};
  char buf[64];
  size_t len = 0;
  int line = 1, c, rc = 0;
  /* A UTF-8 byte order mark at the very start is skipped, as the tree
   * readers skip one: editors on some systems write it. */
  static const unsigned char bom[3] = {0xef, 0xbb, 0xbf};
  int nb = 0;
  while (nb < 3 && (c = getc(fp)) == bom[nb]) nb++;
  if (nb < 3) {
    if (c != EOF) ungetc(c, fp);
    for (int i = 0; i < nb; i++) buf[len++] = (char)bom[i]; /* not a mark: a bad word */
  }
  unsigned long bytes = 0;
  do {
    c = getc(fp);
    /* A stop (clock.h) is seen within WORDS_STOP_POLL bytes: a huge
     * comment line, or a huge file of short lines, reads for minutes. */
    if (++bytes % WORDS_STOP_POLL == 0 && stop_requested()) {
      rc = err_set("%s:%d: stopped while reading the list", path, line);
      break;
    }
    if (c != '\n' && c != EOF) {
      if (len < sizeof buf) {
        buf[len++] = (char)c;
        continue;
      }
      /* Only a comment line may be longer than buf: any other is
       * refused here, not at its end (a 20 GB file of NUL bytes is one
       * line). */
      size_t b = 0;
      while (b < len && (buf[b] == ' ' || buf[b] == '\t')) b++;
      if (b == len) { /* blanks alone so far: dropped (an indented comment may follow) */
        len = 0;
        buf[len++] = (char)c;
        continue;
      }
      if (buf[b] != '#' && (c == ' ' || c == '\t' || c == '\r'))
        continue; /* blanks after a word are dropped, as blanks before it */
      if (buf[b] != '#') {
        rc = err_set("%s:%d: line too long (words are five letters a-z)", path, line);
        break;
      }
      continue;
    }
    if (c == EOF && ferror(fp)) {
      rc = err_set("%s:%d: read error: %s", path, line, strerror(errno));
      break;
    }
    /* Trim CR and blanks at both ends. */
    size_t b = 0, e = len;
    while (e > b && (buf[e - 1] == '\r' || buf[e - 1] == ' ' || buf[e - 1] == '\t')) e--;
    while (b < e && (buf[b] == ' ' || buf[b] == '\t')) b++;
    if (e > b && buf[b] != '#') {
      char word[6];
      if ((rc = parse_word(path, line, buf + b, e - b, quote, word))) break;
      if (g.n >= OPTLE_WORDS_MAX) {
        rc = err_set("%s:%d: too many words (at most %d)", path, line, OPTLE_WORDS_MAX);
        break;
      }
      push(&g, word, line);
    }
    len = 0;
    line++;
  } while (c != EOF);
  if (!rc && g.n == 0) rc = err_set("%s: no words in the list", path);
  if (rc) {
    free(g.w);
    free(g.line);
    return -1;
  }
  return finish(&g, path, out);
}

int words_from_array(const char *const *words, int n, wordlist *out) {
  growlist g = {0};
  for (int i = 0; i < n; i++) {
    if (!words_valid(words[i])) {
      free(g.w);
      free(g.line);
      return err_set("word %d '%s' is not five letters a-z", i + 1, words[i]);
    }
    push(&g, words[i], i + 1);
  }
  if (n == 0) {
    g.w = xmalloc(8);
    g.line = xmalloc(sizeof(int));
  }
  return finish(&g, "(memory)", out);
}

void words_free(wordlist *wl) {
  if (wl->w) {
    windex *ix = index_of(wl);
    HASH_CLEAR(hh, ix->head);
  }
  free(wl->w);
  free(wl->line);
  free(wl->path);
  memset(wl, 0, sizeof *wl);
}

int words_find(const wordlist *wl, const char *word) {
  if (!wl->w || strlen(word) != 5) return -1;
  wentry *e;
  HASH_FIND(hh, index_of(wl)->head, word, 5, e);
  return e ? e->idx : -1;
}

/* XXH3 of "word\n" for each word of each list, a "\n" between the lists. */
uint64_t words_lists_hash(const wordlist *answers, const wordlist *guesses) {
  XXH3_state_t st;
  XXH3_64bits_reset(&st);
  const wordlist *l[2] = {answers, guesses};
  for (int k = 0; k < 2; k++) {
    if (k) XXH3_64bits_update(&st, "\n", 1);
    for (int i = 0; i < l[k]->n; i++) {
      char line[6];
      memcpy(line, l[k]->w[i], 5);
      line[5] = '\n';
      XXH3_64bits_update(&st, line, 6);
    }
  }
  return XXH3_64bits_digest(&st);
}

void words_hash_hex(uint64_t h, char out[WORDS_HASH_HEX]) {
  snprintf(out, WORDS_HASH_HEX, "%016llx", (unsigned long long)h);
}
