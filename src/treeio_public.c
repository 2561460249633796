/*
 * treeio_public.c: writers for the tree formats other solvers publish
 * (treeio.h): path lines, compressed path lines, map JSON and map JSON
 * as an ES module.  The formats are described in docs/formats.md; the
 * readers are in treeread_paths.c and treeread_map.c.
 *
 * Every writer walks the tree in optle's canonical order (branches in
 * pattern_cmp() order, an answer that ends at a node in the place of
 * the winning pattern among them), the order the text writer uses, so
 * one tree gives the same lines in every line format.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "feedback.h"
#include "treeio.h"
#include "util.h"

/* Does an answer end at t (the guess wins there)? */
static int wins_here(const tnode *t) {
  int below = 0;
  for (int i = 0; i < t->nkids; i++) below += t->kid[i]->n;
  return t->nkids == 0 || t->n > below;
}

/* Pattern p with the digits for gray, yellow, green: "_yg" or "012". */
static void pattern_spell(int p, const char *digits, char out[6]) {
  for (int i = 0; i < 5; i++, p /= 3) out[i] = digits[p % 3];
  out[5] = '\0';
}

static int write_failed(FILE *fp) {
  if (ferror(fp)) return err_set("tree: write failed: %s", strerror(errno));
  return 0;
}

/* ------------------------------------------------------------------ */
/* Path lines                                                           */

typedef struct {
  FILE *fp;
  const game *g;
  int compressed;
  int shared; /* guesses the next line shares with the line above */
  int guess[TREE_MAX_DEPTH];
  int pat[TREE_MAX_DEPTH];
} pathw;

/* One line: the path guess[0..m) whose last guess is the answer. */
static void path_emit(pathw *w, int m) {
  FILE *fp = w->fp;
  char ps[6];
  if (!w->compressed) {
    for (int j = 0; j < m; j++) {
      pattern_spell(j + 1 < m ? w->pat[j] : PATTERN_WIN, "_yg", ps);
      fprintf(fp, "%s %s%s", w->g->guesses.w[w->guess[j]], ps, j + 1 < m ? " " : "\n");
    }
    return;
  }
  /* "N rest": rest starts with the pattern after the N-th guess (with
   * the first guess when N is 0) and ends with the answer. */
  int s = w->shared;
  fprintf(fp, "%d ", s);
  for (int j = s > 0 ? s - 1 : 0, first = 1; j < m; j++) {
    if (j >= s) {
      fprintf(fp, "%s%s", first ? "" : " ", w->g->guesses.w[w->guess[j]]);
      first = 0;
    }
    if (j + 1 < m) {
      pattern_spell(w->pat[j], "_yg", ps);
      fprintf(fp, "%s%s", first ? "" : " ", ps);
      first = 0;
    }
  }
  fputc('\n', fp);
}

static int path_node(pathw *w, const tnode *t, int depth) {
  if (tree_node_bad(t, w->g, depth, PATTERN_COUNT)) return -1;
  w->guess[depth] = t->guess;
  int win = wins_here(t);
  for (int i = 0; i <= t->nkids; i++) {
    if (win && (i == t->nkids || pattern_cmp(PATTERN_WIN, t->pat[i]) < 0)) {
      path_emit(w, depth + 1);
      w->shared = depth + 1;
      win = 0;
    }
    if (i == t->nkids) break;
    w->pat[depth] = t->pat[i];
    if (path_node(w, t->kid[i], depth + 1)) return -1;
    w->shared = depth + 1;
  }
  return 0;
}

int treeio_write_paths(FILE *fp, const tnode *t, const game *g, int compressed) {
  if (!t) return err_set("tree: nothing to write");
  pathw *w = xcalloc(1, sizeof *w);
  w->fp = fp;
  w->g = g;
  w->compressed = compressed;
  int rc = path_node(w, t, 0);
  free(w);
  if (rc) return rc;
  return write_failed(fp);
}

/* ------------------------------------------------------------------ */
/* Map JSON                                                             */

static void indent(FILE *fp, int k) {
  for (int i = 0; i < k; i++) putc(' ', fp);
}

/* The node from its '{' to its last '}': one entry per line. */
static int map_node(FILE *fp, const tnode *t, const game *g, int depth) {
  if (tree_node_bad(t, g, depth, PATTERN_COUNT)) return -1;
  const char *gw = g->guesses.w[t->guess];
  fprintf(fp, "{\"guess\": \"%s\", \"map\": {\n", gw);
  int win = wins_here(t);
  char ps[6];
  for (int i = 0; i <= t->nkids; i++) {
    if (win && (i == t->nkids || pattern_cmp(PATTERN_WIN, t->pat[i]) < 0)) {
      indent(fp, depth + 1);
      fprintf(fp, "\"22222\": \"%s\"%s\n", gw, i < t->nkids ? "," : "");
      win = 0;
    }
    if (i == t->nkids) break;
    const tnode *k = t->kid[i];
    pattern_spell(t->pat[i], "012", ps);
    indent(fp, depth + 1);
    fprintf(fp, "\"%s\": ", ps);
    if (k->nkids == 0) {
      if (tree_node_bad(k, g, depth + 1, PATTERN_COUNT)) return -1;
      fprintf(fp, "\"%s\"", g->guesses.w[k->guess]);
    } else if (map_node(fp, k, g, depth + 1)) {
      return -1;
    }
    fputs(i + 1 < t->nkids || win ? ",\n" : "\n", fp);
  }
  indent(fp, depth);
  fputs("}}", fp);
  return 0;
}

int treeio_write_map(FILE *fp, const tnode *t, const game *g, int module) {
  if (!t) return err_set("tree: nothing to write");
  if (module) fputs("export default ", fp);
  if (map_node(fp, t, g, 0)) return -1;
  fputs(module ? ";\n" : "\n", fp);
  return write_failed(fp);
}
