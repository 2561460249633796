/* treehtml.c: the tree explorer page (treehtml.h). */
#include "treehtml.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "embed.h"
#include "feedback.h"
#include "utf8.h"
#include "util.h"
#include "words.h"

/* The template, src/treehtml.html, as the symbols treehtml_page and
 * treehtml_page_end (embed.h; the Makefile makes treehtml.o depend on
 * the file). */
EMBED_FILE(treehtml_page, "src/treehtml.html");

#define MARKER "@OPTLE-DATA@"

const char *treehtml_template(size_t *len) {
  *len = (size_t)(treehtml_page_end - treehtml_page);
  return treehtml_page;
}

/* ------------------------------------------------------------------ */
/* JSON strings                                                         */

/* s as a JSON string that is safe inside <script>: quotes, backslash,
 * control characters and < > & ' escaped; invalid UTF-8 as U+FFFD. */
static void json_string(FILE *fp, const char *str) {
  if (!str) {
    fputs("null", fp);
    return;
  }
  const unsigned char *s = (const unsigned char *)str;
  size_t n = strlen(str);
  putc('"', fp);
  for (size_t i = 0; i < n;) {
    unsigned char c = s[i];
    if (c >= 0x80) { /* utf8.h's decoder: a lead byte past 0xF4 was once let through */
      uint32_t cp;
      size_t k = utf8_next(str + i, n - i, &cp);
      if (cp != UTF8_BAD) fwrite(s + i, 1, k, fp);
      else fputs("\\ufffd", fp);
      i += k;
      continue;
    }
    if (c == '"' || c == '\\') fprintf(fp, "\\%c", c);
    else if (c < 0x20 || c == 0x7f || c == '<' || c == '>' || c == '&' || c == '\'')
      fprintf(fp, "\\u%04x", c);
    else putc(c, fp);
    i++;
  }
  putc('"', fp);
}

/* ------------------------------------------------------------------ */
/* The tree                                                             */

typedef struct {
  FILE *fp;
  const game *g;
  int *slot;   /* slot[guess]: its index in "words", or -1 */
  int nwords;
  char *words; /* 5 bytes a word, nwords of them */
} htmlw;

/* Give every word of the tree its slot, in preorder. */
static int collect(htmlw *w, const tnode *t, int depth) {
  if (tree_node_bad(t, w->g, depth, PATTERN_WIN)) return -1;
  if (w->slot[t->guess] < 0) {
    w->slot[t->guess] = w->nwords;
    memcpy(w->words + 5 * (size_t)w->nwords++, w->g->guesses.w[t->guess], 5);
  }
  for (int i = 0; i < t->nkids; i++)
    if (collect(w, t->kid[i], depth + 1)) return -1;
  return 0;
}

/* NODE: a leaf's word index, or [w, win, p, NODE, ...], each inner node
 * on a line of its own so that the page's source diffs by node. */
static void node(htmlw *w, const tnode *t) {
  int s = w->slot[t->guess];
  if (t->nkids == 0) {
    fprintf(w->fp, "%d", s);
    return;
  }
  int below = 0;
  for (int i = 0; i < t->nkids; i++) below += t->kid[i]->n;
  fprintf(w->fp, "\n[%d,%d", s, t->n > below);
  for (int i = 0; i < t->nkids; i++) {
    fprintf(w->fp, ",%d,", t->pat[i]);
    node(w, t->kid[i]);
  }
  putc(']', w->fp);
}

/* The data object of treehtml.h. */
static void data(htmlw *w, const tnode *t, const treehtml_meta *m) {
  FILE *fp = w->fp;
  const game *g = w->g;
  char hex[WORDS_HASH_HEX];
  words_hash_hex(g->lists_hash, hex);
  fputs("{\"format\": \"optle-explorer 1\", \"list\": ", fp);
  json_string(fp, g->list);
  fprintf(fp, ", \"lists_hash\": \"%s\",\n\"answers_file\": ", hex);
  json_string(fp, g->answers.path);
  fprintf(fp, ", \"answers\": %d, \"guesses_file\": ", g->n_answers);
  json_string(fp, g->guesses.path);
  fprintf(fp, ", \"guesses\": %d,\n\"rules\": ", g->n_guesses);
  json_string(fp, rules_name(m->rules));
  fputs(", \"objective\": ", fp);
  json_string(fp, objective_name(m->objective));
  fprintf(fp, ", \"max_guesses\": %d, \"source\": ", m->max_guesses);
  json_string(fp, m->source);
  fprintf(fp, ", \"total\": %d", t->total);
  if (m->unproven) fputs(", \"proven\": false", fp);
  if (m->unproven && m->lower_bound >= 0) fprintf(fp, ", \"lower_bound\": %d", m->lower_bound);
  fprintf(fp, ",\n\"words\": \"%.*s\",\n\"tree\": ", 5 * w->nwords, w->words);
  node(w, t);
  fputs("}", fp);
}

int treehtml_write(FILE *fp, const tnode *t, const game *g, const treehtml_meta *m) {
  if (!t) return err_set("tree: nothing to write");
  size_t len;
  const char *page = treehtml_template(&len);
  const char *at = memmem(page, len, MARKER, strlen(MARKER));
  if (!at || memmem(at + 1, len - (size_t)(at + 1 - page), MARKER, strlen(MARKER)))
    return err_set("internal error: the page template needs the data marker exactly once");

  htmlw w = {fp, g, xmalloc(sizeof(int) * (size_t)g->n_guesses), 0, NULL};
  for (int i = 0; i < g->n_guesses; i++) w.slot[i] = -1;
  w.words = xmalloc(5 * (size_t)g->n_guesses);
  int rc = collect(&w, t, 0);
  if (rc == 0) {
    fwrite(page, 1, (size_t)(at - page), fp);
    data(&w, t, m);
    size_t after = (size_t)(at - page) + strlen(MARKER);
    fwrite(page + after, 1, len - after, fp);
    if (ferror(fp)) rc = err_set("page: write failed: %s", strerror(errno));
  }
  free(w.words);
  free(w.slot);
  return rc;
}
