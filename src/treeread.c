/*
 * treeread.c: the top of the tree readers (treeread.h): the whole file
 * into memory, format detection, and the entry points, which dispatch to
 * the format readers below: the text format (treeread_text.c), optle's
 * JSON (treeread_json.c), and the formats other solvers publish
 * (treeread_paths.c, treeread_map.c), recognised first, by content
 * (treeread_public.c).  What every reader shares is treeread_core.c's;
 * nothing below calls back up here.
 */
#include "treeread.h"

#include <assert.h>
#include <errno.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "err.h"
#include "mem.h"
#include "treeread_core.h"

const char *treeread_format_name(treefmt f) {
  return f == TREEFMT_JSON ? "JSON" : f == TREEFMT_TEXT ? "text" : treeread_public_name(f);
}

void treeread_info_free(treeread_info *info) {
  if (!info) return;
  free(info->line_of);
  info->line_of = NULL;
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

/* The other solvers' formats: their reader (treeread_paths.c,
 * treeread_map.c) with the per-answer lines it records. */
static int read_public(const char *data, size_t len, const char *name, const game *g, treefmt f,
                       tnode **out, treeread_info *info) {
  *out = NULL;
  assert(treeread_public_format(f)); /* what treeread_public_sniff() found */
  info->format = f;
  reader r = {.name = name, .g = g, .f = f};
  r.line_of = xcalloc((size_t)g->n_answers + 1, sizeof *r.line_of);
  int rc = f == TREEFMT_MAP || f == TREEFMT_MJS ? tr_read_map(data, len, &r, out, info)
                                                : tr_read_paths(data, len, &r, out, info);
  if (rc) {
    free(r.line_of);
    return rc;
  }
  info->line_of = r.line_of;
  return 0;
}

/* ------------------------------------------------------------------ */

/* The blanks a tree may start with: the offset of its first other byte. */
static size_t blanks(const char *data, size_t len) {
  size_t i = 0;
  while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n')) i++;
  return i;
}

/* Whether a file starting with byte c (after blanks) is read as the text
 * format: a word, or a '#' comment. */
static bool text_start(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '#';
}

/* The refusal of a file in no format optle reads, whose first byte
 * after blanks is data[i] (i == len: nothing but blanks): -1. */
static int not_a_tree(const char *data, size_t len, size_t i, const char *name) {
  if (i == len) return err_set("%s: empty file: no tree", name);
  int line = 1;
  for (size_t k = 0; k < i; k++) line += data[k] == '\n';
  unsigned char c = (unsigned char)data[i];
  char found[16];
  snprintf(found, sizeof found, c > 0x20 && c < 0x7f ? "'%c'" : "byte 0x%02x", c);
  return err_set("%s:%d: not a tree file: neither JSON (starting with '{') nor the text format "
                 "(starting with a word or a '#' comment); found %s",
                 name, line, found);
}

int treeread_mem(const char *data, size_t len, const char *name, const game *g, tnode **out,
                 treeread_info *info) {
  *out = NULL;
  memset(info, 0, sizeof *info);
  info->answers = info->guesses = info->max_guesses = info->total = -1;
  info->lower_bound = info->mark_total = -1;
  info->average = -1;
  if (len > TREEREAD_MAX_BYTES)
    return err_set("%s: more than the %zu MiB a tree file may have", name,
                   TREEREAD_MAX_BYTES >> 20);
  if (len >= 3 && !memcmp(data, "\xef\xbb\xbf", 3)) { /* a UTF-8 byte order mark */
    data += 3;
    len -= 3;
  }
  size_t i = blanks(data, len);
  if (i == len) return not_a_tree(data, len, i, name);
  treefmt pf = treeread_public_sniff(data + i, len - i); /* the other solvers' formats */
  if (pf != TREEFMT_NONE) return read_public(data, len, name, g, pf, out, info);
  reader r = {.name = name, .g = g};
  unsigned char c = (unsigned char)data[i];
  if (c == '{') {
    info->format = TREEFMT_JSON;
    return tr_read_json(data, len, &r, out, info);
  }
  if (text_start(c)) {
    info->format = TREEFMT_TEXT;
    return tr_read_text(data, len, &r, out, info);
  }
  return not_a_tree(data, len, i, name);
}

int treeread_file(const char *path, char **data, size_t *len) { return read_all(path, data, len); }

int treeread_lists(const char *data, size_t len, const char *name, int max_answers,
                   treeread_info *info) {
  memset(info, 0, sizeof *info);
  info->answers = info->guesses = info->max_guesses = info->total = -1;
  info->lower_bound = info->mark_total = -1;
  info->average = -1;
  if (len >= 3 && !memcmp(data, "\xef\xbb\xbf", 3)) { /* as treeread_mem() */
    data += 3;
    len -= 3;
  }
  size_t i = blanks(data, len);
  if (i == len) return not_a_tree(data, len, i, name);
  unsigned char c = (unsigned char)data[i];
  /* The other solvers' formats record no lists, and their readers say
   * what is wrong with them: map JSON is never read by jansson here
   * (its extra keys may hold what jansson refuses: a number too big, a
   * \u0000, a lone surrogate, which the map reader skips). */
  treefmt pf = treeread_public_sniff(data + i, len - i);
  if (pf == TREEFMT_MAP) {
    info->format = TREEFMT_MAP;
    return 0;
  }
  if (c != '{') {
    if (!text_start(c) && pf == TREEFMT_NONE) return not_a_tree(data, len, i, name);
    info->format = text_start(c) ? TREEFMT_TEXT : TREEFMT_NONE;
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
    if (e.line > 0) return err_set("%s:%d: %s (column %d)", name, e.line, e.text, e.column);
    return err_set("%s: %s", name, e.text);
  }
  int rc = json_is_object(root) ? tr_json_lists_fields(name, data, len, root, info)
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
