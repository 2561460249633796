/* dot.c: strategy trees as Graphviz DOT (dot.h). */
#include "dot.h"

#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "feedback.h"
#include "util.h"

#define GREEN "#6aaa64"
#define YELLOW "#c9b458"
#define GRAY "#787c7e"

typedef struct {
  FILE *fp;
  const game *g;
  int max_depth;
  int ids; /* nodes written so far: the next id */
} dotw;

static void upper(char out[6], const char *w) {
  for (int i = 0; i < 5; i++) out[i] = (char)toupper((unsigned char)w[i]);
  out[5] = '\0';
}

/* The edge label: the parent's letters on tiles coloured by pattern p. */
static void tiles(FILE *fp, const char *guess, int p) {
  static const char *const colour[3] = {GRAY, YELLOW, GREEN};
  fputs("<<table border=\"0\" cellborder=\"0\" cellspacing=\"1\" cellpadding=\"2\"><tr>", fp);
  for (int i = 0; i < 5; i++, p /= 3)
    fprintf(fp, "<td bgcolor=\"%s\" width=\"13\"><font color=\"white\"><b>%c</b></font></td>",
            colour[p % 3], toupper((unsigned char)guess[i]));
  fputs("</tr></table>>", fp);
}

/* Write node t (level d, 0-based) and everything shown below it;
 * returns its id. */
static int node(dotw *w, const tnode *t, int d) {
  int id = w->ids++;
  const char *gw = w->g->guesses.w[t->guess];
  char up[6];
  upper(up, gw);
  if (t->nkids == 0) {
    fprintf(w->fp, "  n%d [label=\"%s\", style=filled, fillcolor=\"" GREEN
                   "\", color=\"" GREEN "\", fontcolor=white];\n",
            id, up);
    return id;
  }
  int below_n = 0;
  long below_total = 0;
  for (int i = 0; i < t->nkids; i++) {
    below_n += t->kid[i]->n;
    below_total += t->kid[i]->total;
  }
  int wins = t->n > below_n;
  fprintf(w->fp,
          "  n%d [label=<<b>%s</b><br/><font point-size=\"9\">%d answers, avg %.2f</font>>%s];\n",
          id, up, t->n, (double)t->total / t->n,
          wins ? ", color=\"" GREEN "\", penwidth=2.5" : "");
  if (w->max_depth > 0 && d + 1 >= w->max_depth) {
    int s = w->ids++;
    fprintf(w->fp,
            "  n%d [label=\"\xe2\x80\xa6 %d answer%s, avg %.2f\", style=\"rounded,dashed\", "
            "fillcolor=white, fontcolor=\"#555555\"];\n",
            s, below_n, below_n == 1 ? "" : "s", (double)below_total / below_n);
    fprintf(w->fp, "  n%d -> n%d [style=dashed, label=\"%d branch%s\"];\n", id, s, t->nkids,
            t->nkids == 1 ? "" : "es");
    return id;
  }
  for (int i = 0; i < t->nkids; i++) {
    int k = node(w, t->kid[i], d + 1);
    fprintf(w->fp, "  n%d -> n%d [label=", id, k);
    tiles(w->fp, gw, t->pat[i]);
    fputs("];\n", w->fp);
  }
  return id;
}

int dot_write(FILE *fp, const tnode *t, const game *g, int max_depth) {
  if (!t) return err_set("dot: nothing to write");
  char up[6];
  upper(up, g->guesses.w[t->guess]);
  fprintf(fp,
          "digraph optle {\n"
          "  graph [rankdir=LR, nodesep=0.06, ranksep=0.3, fontname=\"Helvetica\", "
          "fontsize=13, labelloc=t, labeljust=l,\n"
          "         label=<<b>%s</b>: %d answers, %d guesses in total, average %.4f<br/>"
          "<font point-size=\"10\">green box: the answer is found; green outline: the guess "
          "may itself be the answer%s</font>>];\n"
          "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#f2f2f2\", color=\"#a0a0a0\", "
          "fontname=\"Helvetica\", fontsize=11, margin=\"0.08,0.03\", height=0.3];\n"
          "  edge [color=\"#9a9a9a\", arrowsize=0.5, fontname=\"Helvetica\", fontsize=9];\n",
          up, t->n, t->total, t->n ? (double)t->total / t->n : 0.0,
          max_depth > 0 ? "; dashed: the guesses after these, summarised" : "");
  dotw w = {.fp = fp, .g = g, .max_depth = max_depth};
  node(&w, t, 0);
  fputs("}\n", fp);
  if (ferror(fp)) return err_set("dot: write failed: %s", strerror(errno));
  return 0;
}
