/* treeio.c: see treeio.h. */
#include "treeio.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dot.h"
#include "feedback.h"
#include "ratio.h"
#include "treehtml.h"
#include "utf8.h"
#include "util.h"
#include "version.h"

/* The format table: each format's --format name and -o extensions.  An
 * alias is a name accepted but not offered (--help, completion), and
 * comes after its format's offered row, which format_row() finds first;
 * marks: the format writes the "not proven optimal" mark
 * (treeio_write_job()), read from that first row. */
static const struct {
  const char *name;
  treefmt f;
  const char *ext[2];
  bool alias, marks;
} formats[] = {
    {"json", TREEFMT_JSON, {".json"}, false, true},
    {"text", TREEFMT_TEXT, {".txt"}, false, true},
    {"txt", TREEFMT_TEXT, {NULL}, true, true},
    {"dot", TREEFMT_DOT, {".dot", ".gv"}, false, false},
    {"svg", TREEFMT_SVG, {".svg"}, false, false},
    {"png", TREEFMT_PNG, {".png"}, false, false},
    {"html", TREEFMT_HTML, {".html", ".htm"}, false, true},
    {"htm", TREEFMT_HTML, {NULL}, true, true},
    {"paths", TREEFMT_PATHS, {".paths"}, false, false},
    {"cpaths", TREEFMT_CPATHS, {".cpaths"}, false, false},
    {"map", TREEFMT_MAP, {".map.json"}, false, false},
    {"mjs", TREEFMT_MJS, {".mjs", ".js"}, false, false},
    {"js", TREEFMT_MJS, {NULL}, true, false},
};
#define NFORMATS (sizeof formats / sizeof *formats)
#define NEXT 2

/* Whether the file name base ends with ext; an extension of two parts
 * (".map.json") needs a name before it. */
static bool has_ext(const char *base, size_t n, const char *ext) {
  size_t k = strlen(ext);
  return n >= k + (strchr(ext + 1, '.') != NULL) && !strcmp(base + n - k, ext);
}

treefmt treeio_format_of(const char *path) {
  if (!path) return TREEFMT_NONE;
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t n = strlen(base), best = 0;
  treefmt f = TREEFMT_NONE;
  for (size_t i = 0; i < NFORMATS; i++)
    for (int e = 0; e < NEXT && formats[i].ext[e]; e++)
      if (strlen(formats[i].ext[e]) > best && has_ext(base, n, formats[i].ext[e])) {
        best = strlen(formats[i].ext[e]);
        f = formats[i].f;
      }
  return f;
}

treefmt treeio_format_named(const char *name) {
  for (size_t i = 0; name && i < NFORMATS; i++)
    if (!strcmp(name, formats[i].name)) return formats[i].f;
  return TREEFMT_NONE;
}

/* The first row of f in the table: its offered name and its mark. */
static int format_row(treefmt f) {
  for (size_t i = 0; i < NFORMATS; i++)
    if (formats[i].f == f) return (int)i;
  return -1;
}

bool treeio_format_marks(treefmt f) {
  int i = format_row(f);
  return i >= 0 && formats[i].marks;
}

const char *treeio_format_label(treefmt f) {
  int i = format_row(f);
  return i >= 0 ? formats[i].name : "unknown";
}

const char *treeio_format_name(int i) {
  for (size_t k = 0; k < NFORMATS; k++)
    if (!formats[k].alias && i-- == 0) return formats[k].name;
  return NULL;
}

/* items[0..n) joined by sep, the last by " or " when sep is ", ". */
static const char *joined(char *buf, size_t size, const char *const *items, int n,
                          const char *sep) {
  size_t k = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && k < size; i++)
    k += (size_t)snprintf(buf + k, size - k, "%s%s",
                          i == 0 ? "" : i + 1 < n || strcmp(sep, ", ") ? sep : " or ", items[i]);
  return buf;
}

const char *treeio_format_names(const char *sep) {
  static char bar[128], comma[128];
  const char *items[NFORMATS];
  int n = 0;
  for (const char *name; (name = treeio_format_name(n)); n++) items[n] = name;
  return joined(strcmp(sep, "|") ? comma : bar, sizeof bar, items, n, sep);
}

const char *treeio_extensions(void) {
  static char buf[160];
  const char *items[NFORMATS * NEXT];
  int n = 0;
  for (size_t i = 0; i < NFORMATS; i++)
    for (int e = 0; e < NEXT && formats[i].ext[e]; e++) items[n++] = formats[i].ext[e];
  return joined(buf, sizeof buf, items, n, ", ");
}

bool treeio_path_ok(const char *s, size_t n) {
  if (n == 0 || n > TREEIO_PATH_MAX || s[0] != '/') return false;
  for (size_t i = 0; i < n;) {
    uint32_t cp;
    size_t k = utf8_next(s + i, n - i, &cp);
    bool bad = cp == UTF8_BAD && (k != 3 || memcmp(s + i, "\xef\xbf\xbd", 3));
    if (bad || cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0)) return false;
    i += k;
  }
  return true;
}

static int write_failed(FILE *fp) {
  if (ferror(fp)) return err_set("tree: write failed: %s", strerror(errno));
  return 0;
}

/* ------------------------------------------------------------------ */
/* JSON                                                                 */

static void indent(FILE *fp, int k) {
  for (int i = 0; i < k; i++) putc(' ', fp);
}

/* Writes the node from its '{' to its last '}', nothing after. */
static int json_node(FILE *fp, const tnode *t, const game *g, int depth) {
  if (tree_node_bad(t, g, depth, PATTERN_COUNT)) return -1;
  fprintf(fp, "{\"guess\": \"%s\", \"total\": %d", g->guesses.w[t->guess],
          t->total);
  if (t->nkids == 0) {
    putc('}', fp);
    return 0;
  }
  fputs(", \"next\": {\n", fp);
  for (int i = 0; i < t->nkids; i++) {
    char ps[6];
    pattern_format(t->pat[i], ps);
    indent(fp, depth + 2);
    fprintf(fp, "\"%s\": ", ps);
    if (json_node(fp, t->kid[i], g, depth + 1)) return -1;
    if (i + 1 < t->nkids) putc(',', fp);
    putc('\n', fp);
  }
  indent(fp, depth + 1);
  fputs("}}", fp);
  return 0;
}

static int json_write(FILE *fp, const tnode *t, const game *g, int max_guesses, rules_mode rules,
                      objective obj, bool unproven, int lower_bound);

int treeio_write_json(FILE *fp, const tnode *t, const game *g, int max_guesses) {
  return treeio_write_json_mode(fp, t, g, max_guesses, RULES_NORMAL, OBJ_TOTAL);
}

int treeio_write_json_mode(FILE *fp, const tnode *t, const game *g, int max_guesses,
                           rules_mode rules, objective obj) {
  return json_write(fp, t, g, max_guesses, rules, obj, false, -1);
}

/* A path as a JSON string: treeio_path_ok() leaves only '"' and '\\' to
 * escape. */
static void json_path(FILE *fp, const char *key, const char *path) {
  fprintf(fp, "\"%s\": \"", key);
  for (const char *c = path; *c; c++) {
    if (*c == '"' || *c == '\\') putc('\\', fp);
    putc(*c, fp);
  }
  fputs("\", ", fp);
}

/* The list files a JSON header records (treeio.h): "answers_file" and,
 * when the guesses were a file of their own, "guesses_file", resolved;
 * both or neither. */
static bool recordable(const char *path) { return path && treeio_path_ok(path, strlen(path)); }
static void json_list_files(FILE *fp, const game *g) {
  if (!g->answers_file) return;
  char *a = realpath(g->answers.path, NULL);
  char *q = g->guesses_file ? realpath(g->guesses.path, NULL) : NULL;
  if (recordable(a) && (!g->guesses_file || recordable(q))) {
    json_path(fp, "answers_file", a);
    if (q) json_path(fp, "guesses_file", q);
  }
  free(a);
  free(q);
}

/* The JSON file; unproven: not proven optimal ("proven": false), with
 * the proven lower bound when known (>= 0, "lower_bound"). */
static int json_write(FILE *fp, const tnode *t, const game *g, int max_guesses, rules_mode rules,
                      objective obj, bool unproven, int lower_bound) {
  if (!t) return err_set("tree: nothing to write");
  char hex[WORDS_HASH_HEX], mark[64];
  if (lower_bound >= 0)
    snprintf(mark, sizeof mark, "\"proven\": false, \"lower_bound\": %d, ", lower_bound);
  else
    snprintf(mark, sizeof mark, "\"proven\": false, ");
  words_hash_hex(g->lists_hash, hex);
  putc('{', fp);
  if (g->list) fprintf(fp, "\"list\": \"%s\", ", g->list);
  else json_list_files(fp, g);
  fprintf(fp,
          "\"lists_hash\": \"%s\", \"answers\": %d, \"guesses\": %d, \"max_guesses\": %d, "
          "\"rules\": \"%s\", \"objective\": \"%s\", \"total\": %d, \"average\": %s, "
          "%s\"optle_version\": \"%s\",\n",
          hex, t->n, g->n_guesses, max_guesses, rules_name(rules), objective_name(obj), t->total,
          ratio4(t->total, t->n).s, unproven ? mark : "", version_full());
  fputs(" \"tree\": ", fp);
  if (json_node(fp, t, g, 0)) return -1;
  fputs("}\n", fp);
  return write_failed(fp);
}

/* ------------------------------------------------------------------ */
/* Text (Selby's format)                                                */

/* Per level: "guess " (6) and "PATTERNk " (at most 8): 14 bytes. */
#define LINE_MAX_BYTES (TREE_MAX_DEPTH * 16 + 32)

typedef struct {
  FILE *fp;
  const game *g;
  char line[LINE_MAX_BYTES];
  int shared; /* leading bytes of the next line to print as spaces */
} textw;

/* Emit the current line, of length len, with its shared prefix blanked. */
static void text_emit(textw *w, int len) {
  int s = w->shared < len ? w->shared : len;
  indent(w->fp, s);
  fwrite(w->line + s, 1, (size_t)(len - s), w->fp);
  putc('\n', w->fp);
}

/* line[0..len) holds the path down to t ("salet BBBBB1 courd BBBBB2 "). */
static int text_node(textw *w, const tnode *t, int depth, int len) {
  if (tree_node_bad(t, w->g, depth, PATTERN_COUNT)) return -1;
  memcpy(w->line + len, w->g->guesses.w[t->guess], 5);
  w->line[len + 5] = ' ';
  int here = len + 6; /* through this node's guess and its space */

  /* The guess ends the game here when some answer below is the guess:
   * the answers not passed on to a child. */
  int below = 0;
  for (int i = 0; i < t->nkids; i++) below += t->kid[i]->n;
  int win = t->nkids == 0 || t->n > below;

  for (int i = 0; i <= t->nkids; i++) {
    if (win && (i == t->nkids || pattern_cmp(PATTERN_WIN, t->pat[i]) < 0)) {
      int k = here + snprintf(w->line + here, LINE_MAX_BYTES - (size_t)here,
                              "GGGGG%d", depth + 1);
      text_emit(w, k);
      w->shared = here;
      win = 0;
    }
    if (i == t->nkids) break;
    char ps[6];
    pattern_format(t->pat[i], ps);
    int k = here + snprintf(w->line + here, LINE_MAX_BYTES - (size_t)here,
                            "%s%d ", ps, depth + 1);
    if (text_node(w, t->kid[i], depth + 1, k)) return -1;
    w->shared = here;
  }
  return 0;
}

int treeio_write_text(FILE *fp, const tnode *t, const game *g) {
  if (!t) return err_set("tree: nothing to write");
  textw *w = xmalloc(sizeof *w);
  w->fp = fp;
  w->g = g;
  w->shared = 0;
  int rc = text_node(w, t, 0, 0);
  free(w);
  if (rc) return rc;
  return write_failed(fp);
}

/* ------------------------------------------------------------------ */

int treeio_write(FILE *fp, treefmt f, const tnode *t, const game *g, int max_guesses) {
  treeio_job j = {.t = t, .g = g, .max_guesses = max_guesses, .lower_bound = -1};
  return treeio_write_job(fp, f, &j);
}

/* The writer's side of treeread_optimal() (treeread.h), the same rule: a
 * bound equal to the total proves the tree optimal. */
bool treeio_job_unproven(const treeio_job *j) {
  return j->unproven && !(j->t && j->lower_bound == j->t->total);
}

treefmt treeio_format_for(treefmt format, const char *path) {
  return format ? format : treeio_format_of(path);
}

int treeio_out_writer(FILE *fp, const char *path, void *job) {
  const treeio_job *j = job;
  return treeio_write_job(fp, treeio_format_for(j->format, path), j);
}

/* The page: the job's rules, objective, guess limit, source and mark. */
static int html_write(FILE *fp, const treeio_job *j) {
  treehtml_meta m = {j->rules, j->objective, j->max_guesses, j->source, j->unproven,
                     j->unproven ? j->lower_bound : -1};
  return treehtml_write(fp, j->t, j->g, &m);
}

int treeio_write_job(FILE *fp, treefmt f, const treeio_job *j) {
  const tnode *t = j->t;
  const game *g = j->g;
  switch (f) {
  case TREEFMT_JSON:
    return json_write(fp, t, g, j->max_guesses, j->rules, j->objective, j->unproven,
                      j->lower_bound);
  case TREEFMT_TEXT:
    if (j->unproven && t) {
      fprintf(fp, TREEIO_UNPROVEN " (a stopped solve's best tree, total %d)", t->total);
      if (j->lower_bound >= 0) fprintf(fp, "; lower bound %d", j->lower_bound);
      putc('\n', fp);
    }
    return treeio_write_text(fp, t, g);
  case TREEFMT_PATHS: return treeio_write_paths(fp, t, g, 0);
  case TREEFMT_CPATHS: return treeio_write_paths(fp, t, g, 1);
  case TREEFMT_MAP: return treeio_write_map(fp, t, g, 0);
  case TREEFMT_MJS: return treeio_write_map(fp, t, g, 1);
  case TREEFMT_DOT: return dot_write(fp, t, g, j->depth);
  case TREEFMT_SVG: return dot_render(fp, t, g, j->depth, "svg");
  case TREEFMT_PNG: return dot_render(fp, t, g, j->depth, "png");
  case TREEFMT_HTML: return html_write(fp, j);
  case TREEFMT_NONE: break;
  }
  return err_set("unknown tree format (use %s)", treeio_extensions());
}

int treeio_save(const char *path, const tnode *t, const game *g, int max_guesses) {
  treefmt f = treeio_format_of(path);
  if (f == TREEFMT_NONE)
    return err_set("%s: unknown tree format (use %s)", path, treeio_extensions());
  outfile o;
  if (out_open(&o, path)) return -1;
  int rc = treeio_write(o.fp, f, t, g, max_guesses);
  if (rc) {
    char msg[1024];
    snprintf(msg, sizeof msg, "%s", err_msg());
    out_abort(&o);
    return err_set("%s: %s", path, msg);
  }
  return out_commit(&o);
}
