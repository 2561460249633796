/*
 * treeread.c: reading tree files (treeread.h): the whole file into
 * memory, format detection, the entry points, and the helpers every
 * reader shares (treeread_impl.h: the first invalid spot, tokens in
 * messages, guess words, wrong labels).
 *
 * The readers themselves work on the whole file in memory (at most
 * TREEREAD_MAX_BYTES): the text format in treeread_text.c, optle's JSON
 * in treeread_json.c, the formats other solvers publish in
 * treeread_public.c (recognised first, by content).
 */
#include "treeread.h"

#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "feedback.h"
#include "treeread_impl.h"
#include "util.h"
#include "words.h"

const char *treeread_format_name(treefmt f) {
  return f == TREEFMT_JSON ? "JSON" : f == TREEFMT_TEXT ? "text" : treeread_public_name(f);
}

void treeread_info_free(treeread_info *info) {
  if (!info) return;
  free(info->line_of);
  info->line_of = NULL;
}

/* ------------------------------------------------------------------ */
/* Shared state: the first invalid spot, kept while reading goes on.   */

void tr_invalid(reader *r, const char *fmt, ...) {
  if (r->invalid) return;
  r->invalid = true;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->problem, sizeof r->problem, fmt, ap);
  va_end(ap);
}

/* A token for messages: at most 24 bytes, non-printable bytes as '?'. */
const char *tr_shown(const char *s, size_t len, char buf[32]) {
  size_t n = len > 24 ? 24 : len;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    buf[i] = c >= 0x20 && c < 0x7f ? (char)c : '?';
  }
  if (len > n) {
    memcpy(buf + n, "...", 3);
    n += 3;
  }
  buf[n] = '\0';
  return buf;
}

/* A guess word: five letters (case folded) in the guess list.  Returns
 * its index, or -1 with err_msg() "where: reason" ("where" is "name:line"
 * or a path and ends the prefix; tail follows the reason: a column for
 * map JSON, else ""). */
int tr_word_of(const reader *r, const char *where, const char *tail, const char *s, size_t len) {
  char w[8] = {0}, b[32];
  bool ok = len == 5;
  for (size_t i = 0; ok && i < 5; i++) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
    ok = c >= 'a' && c <= 'z';
    w[i] = c;
  }
  if (!ok) return err_set("%s: '%s' is not a five-letter word%s", where, tr_shown(s, len, b), tail);
  int gi = words_find(&r->g->guesses, w);
  if (gi < 0)
    return err_set("%s: '%s' is not in the guess list %s%s", where, w, r->g->guesses.path, tail);
  return gi;
}

/* Record a wrong label: at depth j of a path with guesses path[0..j], the
 * file says pattern `got` where answer aw gives `want`.  where: the
 * location prefix ("name:line" or "name: jq-path"). */
void tr_bad_label(reader *r, const char *where, const char *aw, const int *path, int j, int got,
                  int want) {
  char gs[6], ws[6], h[TREEREAD_MAX_DEPTH * 6 + 1];
  pattern_format(got, gs);
  pattern_format(want, ws);
  size_t n = 0;
  for (int i = 0; i <= j; i++) {
    memcpy(h + n, gw(r, path[i]), 5);
    h[n + 5] = '/';
    n += 6;
  }
  h[n - 1] = '\0';
  tr_invalid(r, "%s: answer '%s': pattern %s after '%s' but %s gives %s", where, aw, gs,
             gw(r, path[j]), h, ws);
}

/* ------------------------------------------------------------------ */
/* Reading the file                                                     */

static int read_all(const char *path, char **out, size_t *outlen) {
  const size_t cap = TREEREAD_MAX_BYTES;
  bool std = !strcmp(path, "-");
  FILE *fp = std ? stdin : fopen(path, "rb");
  if (!fp) return err_set("%s: cannot open: %s", path, strerror(errno));
  struct stat st;
  size_t hint = 1 << 16;
  if (fstat(fileno(fp), &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      if (!std) fclose(fp);
      return err_set("%s: is a directory, not a tree file", path);
    }
    if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > cap) {
      if (!std) fclose(fp);
      return err_set("%s: %.1f MiB is more than the %zu MiB a tree file may have", path,
                     (double)st.st_size / (1 << 20), cap >> 20);
    }
    if (S_ISREG(st.st_mode) && st.st_size > 0) hint = (size_t)st.st_size + 1;
  }
  size_t size = hint, len = 0;
  char *buf = xmalloc(size);
  for (;;) {
    if (len == size) {
      if (size > cap) break; /* cap + 1 bytes read: too big */
      size = size > cap / 2 ? cap + 1 : size * 2;
      buf = xrealloc(buf, size);
    }
    size_t got = fread(buf + len, 1, size - len, fp);
    len += got;
    if (got == 0) break;
  }
  int bad = ferror(fp) ? errno : 0;
  if (bad || len > cap) {
    free(buf);
    if (!std) fclose(fp);
    if (bad) return err_set("%s: read error: %s", path, strerror(bad));
    return err_set("%s: more than the %zu MiB a tree file may have", path, cap >> 20);
  }
  if (!std) fclose(fp);
  *out = buf;
  *outlen = len;
  return 0;
}

/* ------------------------------------------------------------------ */

int treeread_mem(const char *data, size_t len, const char *name, const game *g, tnode **out,
                 treeread_info *info) {
  *out = NULL;
  memset(info, 0, sizeof *info);
  info->answers = info->guesses = info->max_guesses = info->total = -1;
  info->average = -1;
  if (len > TREEREAD_MAX_BYTES)
    return err_set("%s: more than the %zu MiB a tree file may have", name,
                   TREEREAD_MAX_BYTES >> 20);
  if (len >= 3 && !memcmp(data, "\xef\xbb\xbf", 3)) { /* a UTF-8 byte order mark */
    data += 3;
    len -= 3;
  }
  size_t i = 0;
  int line = 1;
  for (; i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n');
       i++)
    line += data[i] == '\n';
  if (i == len) return err_set("%s: empty file: no tree", name);
  treefmt pf = treeread_public_sniff(data + i, len - i); /* the other solvers' formats */
  if (pf != TREEFMT_NONE) return treeread_public(data, len, name, g, pf, out, info);
  reader r = {.name = name, .g = g};
  unsigned char c = (unsigned char)data[i];
  if (c == '{') {
    info->format = TREEFMT_JSON;
    return tr_read_json(data, len, &r, out, info);
  }
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
    info->format = TREEFMT_TEXT;
    return tr_read_text(data, len, &r, out, info);
  }
  char found[16];
  snprintf(found, sizeof found, c > 0x20 && c < 0x7f ? "'%c'" : "byte 0x%02x", c);
  return err_set("%s:%d: not a tree file: neither JSON (starting with '{') nor the text format "
                 "(starting with a word); found %s",
                 name, line, found);
}

int treeread_file(const char *path, char **data, size_t *len) { return read_all(path, data, len); }

int treeread_lists(const char *data, size_t len, const char *name, int max_answers,
                   treeread_info *info) {
  memset(info, 0, sizeof *info);
  info->answers = info->guesses = info->max_guesses = info->total = -1;
  info->average = -1;
  if (len >= 3 && !memcmp(data, "\xef\xbb\xbf", 3)) { /* as treeread_mem() */
    data += 3;
    len -= 3;
  }
  size_t i = 0;
  while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n')) i++;
  unsigned char c = i < len ? (unsigned char)data[i] : 0;
  if (c != '{') {
    info->format = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ? TREEFMT_TEXT : TREEFMT_NONE;
    return 0;
  }
  info->format = TREEFMT_JSON;
  if (len > TREEREAD_MAX_BYTES)
    return err_set("%s: more than the %zu MiB a tree file may have", name,
                   TREEREAD_MAX_BYTES >> 20);
  if (tr_json_scan(data, len, name, max_answers)) return -1;
  json_error_t e;
  json_t *root = json_loadb(data, len, JSON_REJECT_DUPLICATES, &e);
  if (!root) {
    /* Map JSON records no lists, and its reader reports a pattern listed
     * twice with the line of each (treeread_map.c): leave it to that. */
    json_error_t lax_e;
    json_t *lax = json_loadb(data, len, 0, &lax_e);
    bool map = lax && json_is_object(lax) && json_object_get(lax, "map") &&
               !json_object_get(lax, "tree");
    json_decref(lax);
    if (map) return 0;
    if (e.line > 0) return err_set("%s:%d: %s (column %d)", name, e.line, e.text, e.column);
    return err_set("%s: %s", name, e.text);
  }
  int rc = json_is_object(root) ? tr_json_lists_fields(name, json_object_get(root, "list"),
                                                       json_object_get(root, "lists_hash"), info)
                                : 0; /* treeread_mem() says what is wrong */
  json_decref(root);
  return rc;
}

int treeread_load(const char *path, const game *g, tnode **out, treeread_info *info) {
  *out = NULL;
  memset(info, 0, sizeof *info);
  char *buf = NULL;
  size_t len = 0;
  if (read_all(path, &buf, &len)) return -1;
  int rc = treeread_mem(buf, len, path, g, out, info);
  free(buf);
  return rc;
}

int tr_hnode_new(tr_hnode **t, int *nt, int *cap, int line, int pat) {
  if (*nt == *cap) {
    *cap = *cap ? 2 * *cap : 1024;
    *t = xrealloc(*t, sizeof **t * (size_t)*cap);
  }
  (*t)[*nt] = (tr_hnode){.guess = -1, .line = line, .kid = -1, .sib = -1, .last = -1,
                         .pat = (uint8_t)pat};
  return (*nt)++;
}

static int cmp_pat_kid(const void *a, const void *b) {
  return pattern_cmp(((const int *)a)[0], ((const int *)b)[0]);
}

tnode *tr_hnode_build(const tr_hnode *t, int i) {
  const tr_hnode *h = &t[i];
  int pk[2 * PATTERN_COUNT], nk = 0;
  for (int k = h->kid; k >= 0; k = t[k].sib) {
    pk[2 * nk] = t[k].pat;
    pk[2 * nk + 1] = k;
    nk++;
  }
  qsort(pk, (size_t)nk, 2 * sizeof *pk, cmp_pat_kid);
  tnode *n = tree_node_new(h->guess, 0, h->win ? 1 : 0, nk);
  int below = 0;
  for (int k = 0; k < nk; k++) {
    n->pat[k] = (uint8_t)pk[2 * k];
    n->kid[k] = tr_hnode_build(t, pk[2 * k + 1]);
    n->n += n->kid[k]->n;
    below += n->kid[k]->total;
  }
  n->total = n->n + below;
  return n;
}
