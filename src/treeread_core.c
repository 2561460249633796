/*
 * treeread_core.c: the bottom of the tree readers (treeread_core.h):
 * what every reader shares, and nothing that knows a format.  The first
 * invalid spot (tr_invalid()), tokens in messages (tr_shown()), guess
 * words (tr_word_of()), wrong labels (tr_bad_label()), and the history
 * trie the line readers build, with its tree (tr_hnode_new(),
 * tr_hnode_build()).
 *
 * It calls nothing of the readers above it (treeread_public.c, the four
 * format readers, treeread.c): the readers' files depend on it, never
 * the other way.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "feedback.h"
#include "mem.h"
#include "treeread_core.h"
#include "utf8.h"
#include "words.h"

/* ------------------------------------------------------------------ */
/* The first invalid spot, kept while reading goes on.                 */

void tr_invalid(reader *r, const char *fmt, ...) {
  if (r->invalid) return;
  r->invalid = true;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->problem, sizeof r->problem, fmt, ap);
  va_end(ap);
}

/* treeread_core.h: utf8_quote()'s 24 characters. */
const char *tr_shown(const char *s, size_t len, char buf[TR_SHOWN_SIZE]) {
  utf8_quote(s, len, 24, buf, TR_SHOWN_SIZE);
  return buf;
}

/* A guess word: five letters (case folded) in the guess list.  Returns
 * its index, or -1 with err_msg() "where: reason" ("where" is "name:line"
 * or a path and ends the prefix; tail follows the reason: a column for
 * map JSON, else ""). */
int tr_word_of(const reader *r, const char *where, const char *tail, const char *s, size_t len) {
  char w[8] = {0}, b[TR_SHOWN_SIZE];
  bool ok = len == 5;
  for (size_t i = 0; ok && i < 5; i++) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
    ok = c >= 'a' && c <= 'z';
    w[i] = c;
  }
  if (!ok) return err_set("%s: '%s' is not a five-letter word%s", where, tr_shown(s, len, b), tail);
  int gi = words_find(&r->g->guesses, w);
  char named[ERR_MAX];
  if (gi < 0)
    return err_set("%s: '%s' is not in %s%s", where, w,
                   game_guesses_named(r->g, named, sizeof named), tail);
  return gi;
}

void tr_guess_path(const reader *r, const int *path, int j, char h[TR_GUESS_PATH_SIZE]) {
  assert(j >= 0 && j < TREEREAD_MAX_DEPTH); /* h has room */
  size_t n = 0;
  for (int i = 0; i <= j; i++) {
    memcpy(h + n, gw(r, path[i]), 5);
    h[n + 5] = '/';
    n += 6;
  }
  h[n - 1] = '\0';
}

/* Record a wrong label: at depth j of a path with guesses path[0..j], the
 * file says pattern `got` where answer aw gives `want`.  where: the
 * location prefix ("name:line" or "name: jq-path"). */
void tr_bad_label(reader *r, const char *where, const char *aw, const int *path, int j, int got,
                  int want) {
  char gs[6], ws[6], h[TR_GUESS_PATH_SIZE];
  assert(got != want); /* a wrong label */
  pattern_format(got, gs);
  pattern_format(want, ws);
  tr_guess_path(r, path, j, h);
  tr_invalid(r, "%s: answer '%s': pattern %s after '%s' but %s gives %s", where, aw, gs,
             gw(r, path[j]), h, ws);
}

/* ------------------------------------------------------------------ */
/* The history trie of the line readers (text, path lines).            */

int tr_hnode_new(tr_hnode **t, int *nt, int *cap, int line, int pat) {
  assert(pat >= 0 && pat < PATTERN_WIN); /* a branch is never the winning pattern */
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
  assert(nk < PATTERN_COUNT); /* a child per distinct non-winning pattern */
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
