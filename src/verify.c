/* verify.c: whole-tree checks and the verify report (verify.h). */
#include "verify.h"

#include "lists.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "feedback.h"
#include "ratio.h"
#include "treeread_public.h"
#include "util.h"

/* A path from the root: nodes[0..depth) and the patterns taken. */
typedef struct {
  const tnode *nodes[TREE_MAX_DEPTH + 1];
  uint8_t pats[TREE_MAX_DEPTH + 1];
} vpath;

/* Answers that end at t: its n less what its branches take. */
static int ends_here(const tnode *t) {
  int below = 0;
  for (int i = 0; i < t->nkids; i++) below += t->kid[i]->n;
  return t->n - below;
}

static const char *word(const game *g, const tnode *t) { return g->guesses.w[t->guess]; }

/* JSON: ".tree.next.BBBBB.next.BYBGB" for the first depth patterns. */
static const char *json_path(char *buf, size_t size, const vpath *p, int depth) {
  size_t n = (size_t)snprintf(buf, size, ".tree");
  for (int d = 0; d < depth && n + 12 < size; d++) {
    char ps[6];
    pattern_format(p->pats[d], ps);
    n += (size_t)snprintf(buf + n, size - n, ".next.%s", ps);
  }
  return buf;
}

/* Text: "salet BBBBB1 courd BBBBB2" for the first depth levels. */
static const char *text_prefix(char *buf, size_t size, const game *g, const vpath *p,
                               int depth) {
  size_t n = 0;
  buf[0] = '\0';
  for (int d = 0; d < depth && n + 16 < size; d++) {
    char ps[6];
    pattern_format(p->pats[d], ps);
    n += (size_t)snprintf(buf + n, size - n, "%s%s %s%d", d ? " " : "", word(g, p->nodes[d]), ps,
                          d + 1);
  }
  return buf;
}

/* 1. Follow answer a down by its feedback; 0 if a node guessing it ends
 * an answer, else -1 with the message. */
static int find_answer(const tnode *root, const game *g, int a, const treeread_info *info,
                       const char *name, vpath *p) {
  const char *aw = g->answers.w[a];
  const tnode *t = root;
  char buf[700];
  bool text = info && info->format == TREEFMT_TEXT;
  treefmt pub = info && treeread_public_format(info->format) ? info->format : TREEFMT_NONE;
  for (int d = 0; d < TREE_MAX_DEPTH; d++) {
    p->nodes[d] = t;
    if (t->guess == g->ans2guess[a]) {
      if (ends_here(t) >= 1) return 0;
      if (pub) return treeread_public_missing(name, g, pub, aw, p->nodes, p->pats, d, 1);
      if (text)
        return err_set("%s: answer '%s' is missing: no line ends with it (it would be '%s%s%s "
                       "GGGGG%d')",
                       name, aw, text_prefix(buf, sizeof buf, g, p, d), d ? " " : "", aw, d + 1);
      return err_set("%s: answer '%s' is missing: it reaches '%s' at %s, but that node's total "
                     "counts no answer ending there",
                     name, aw, aw, json_path(buf, sizeof buf, p, d));
    }
    uint8_t fb = feedback_of(word(g, t), aw);
    const tnode *next = NULL;
    for (int i = 0; i < t->nkids && !next; i++)
      if (t->pat[i] == fb) next = t->kid[i];
    if (!next) {
      char ps[6];
      pattern_format(fb, ps);
      p->pats[d] = fb;
      if (pub) return treeread_public_missing(name, g, pub, aw, p->nodes, p->pats, d, 0);
      if (text)
        return err_set("%s: answer '%s' is missing: no line ends with it (its line would start "
                       "'%s ...', and no line does)",
                       name, aw, text_prefix(buf, sizeof buf, g, p, d + 1));
      return err_set("%s: answer '%s' is missing: at %s, '%s' has no branch %s for it", name, aw,
                     json_path(buf, sizeof buf, p, d), word(g, t), ps);
    }
    p->pats[d] = fb;
    t = next;
  }
  return err_set("%s: answer '%s': path deeper than %d guesses", name, aw, TREE_MAX_DEPTH);
}

/* 2. The first answer in tree order deeper than max_guesses. */
static int over_limit(const tnode *t, const game *g, int max_guesses, int d, vpath *p,
                      const treeread_info *info, const char *name, const char *whose) {
  if (d >= TREE_MAX_DEPTH) return 0; /* tree_check names it */
  if (d + 1 > max_guesses && ends_here(t) >= 1) {
    const char *aw = word(g, t);
    int a = g->guess2ans[t->guess];
    char buf[700];
    if (info && info->format != TREEFMT_JSON && info->line_of && a >= 0)
      return err_set("%s:%d: answer '%s' needs %d guesses, more than %s %d", name,
                     info->line_of[a], aw, d + 1, whose, max_guesses);
    return err_set("%s: %s: answer '%s' needs %d guesses, more than %s %d", name,
                   json_path(buf, sizeof buf, p, d), aw, d + 1, whose, max_guesses);
  }
  for (int i = 0; i < t->nkids; i++) {
    p->pats[d] = t->pat[i];
    if (over_limit(t->kid[i], g, max_guesses, d + 1, p, info, name, whose)) return -1;
  }
  return 0;
}

/* The limit to check: max_guesses when given (>= 0), else the JSON
 * file's own "max_guesses" (0 when it has none). */
static int limit_of(int max_guesses, const treeread_info *info) {
  if (max_guesses >= 0) return max_guesses;
  return info && info->format == TREEFMT_JSON && info->max_guesses > 0 ? info->max_guesses : 0;
}

/* 4. JSON's top-level fields; the lower bound of a tree not proven
 * optimal (JSON or text) at most its total, which a strategy reaches. */
static int header_check(const tnode *t, const game *g, const treeread_info *info,
                        const char *name) {
  if (info && info->unproven && info->lower_bound > t->total)
    return err_set("%s: the recorded lower bound %d is above the tree's total %d (no strategy "
                   "does better than a lower bound)",
                   name, info->lower_bound, t->total);
  if (info && info->mark_total >= 0 && info->mark_total != t->total)
    return err_set("%s: the \"not proven optimal\" line says total %d, but the tree's total is "
                   "%d", name, info->mark_total, t->total);
  if (!info || info->format != TREEFMT_JSON) return 0;
  if (info->answers != t->n)
    return err_set("%s: top-level \"answers\" is %d, but the tree has %d answers", name,
                   info->answers, t->n);
  if (info->total != t->total)
    return err_set("%s: top-level \"total\" is %d, but the tree's total is %d", name,
                   info->total, t->total);
  double avg = (double)t->total / t->n;
  if (fabs(info->average - avg) > 0.00005 + 1e-9)
    return err_set("%s: top-level \"average\" is %g, but %d / %d = %s", name, info->average,
                   t->total, t->n, ratio4(t->total, t->n).s);
  if (info->guesses != g->n_guesses)
    return err_set("%s: top-level \"guesses\" is %d, but the guess list %s has %d words (the "
                   "tree was made for other lists)",
                   name, info->guesses, g->guesses.path, g->n_guesses);
  return 0;
}

int verify_tree(const tnode *t, const game *g, int max_guesses, const treeread_info *info,
                const char *name) {
  if (!t) {
    err_set("%s: no tree", name);
    return VERIFY_UNUSABLE;
  }
  const char *whose = max_guesses >= 0 ? "--max-guesses" : "the file's \"max_guesses\"";
  max_guesses = limit_of(max_guesses, info);
  vpath *p = xmalloc(sizeof *p);
  int rc = 0;
  for (int a = 0; a < g->n_answers && !rc; a++) rc = find_answer(t, g, a, info, name, p);
  if (!rc && max_guesses > 0) rc = over_limit(t, g, max_guesses, 0, p, info, name, whose);
  free(p);
  if (!rc) {
    uint16_t *all = xmalloc(sizeof *all * (size_t)g->n_answers);
    for (int a = 0; a < g->n_answers; a++) all[a] = (uint16_t)a;
    if (tree_check(t, g, all, g->n_answers, max_guesses)) {
      char msg[1024];
      snprintf(msg, sizeof msg, "%s", err_msg());
      rc = err_set("%s: %s", name, msg);
    }
    free(all);
  }
  if (!rc) rc = header_check(t, g, info, name);
  return rc ? VERIFY_INVALID : VERIFY_VALID;
}

/* 5. The rules (verify_rules()): the first node in tree order whose
 * guess the history above it forbids. */
typedef struct {
  const game *g;
  rules_mode m;
  const treeread_info *info;
  const char *name;
  char hist[TREE_MAX_DEPTH + 1][8];
  int pats[TREE_MAX_DEPTH + 1];
  vpath p;
} rwalk;

/* The first answer in tree order that ends at or below t. */
static const tnode *first_answer(const tnode *t) {
  while (ends_here(t) < 1 && t->nkids > 0) t = t->kid[0];
  return t;
}

static int rules_walk(rwalk *w, const tnode *t, int d) {
  if (d >= TREE_MAX_DEPTH) return 0; /* tree_check() names it */
  w->p.nodes[d] = t;
  char why[200];
  const char *gw = word(w->g, t);
  if (rules_why(w->m, (const char(*)[8])w->hist, w->pats, d, gw, true, why, sizeof why)) {
    const tnode *a = first_answer(t);
    const char *aw = word(w->g, a);
    char path[700];
    size_t n = 0;
    path[0] = '\0';
    for (int i = 0; i < d && n + 20 < sizeof path; i++) {
      char ps[6];
      pattern_format(w->pats[i], ps);
      n += (size_t)snprintf(path + n, sizeof path - n, "%s %s, ", w->hist[i], ps);
    }
    snprintf(path + n, sizeof path - n, "%s", gw);
    int ai = w->g->guess2ans[a->guess];
    if (w->info && w->info->format != TREEFMT_JSON && w->info->line_of && ai >= 0 &&
        w->info->line_of[ai] > 0)
      return err_set("%s:%d: answer '%s': %s, not allowed in %s mode (path: %s)", w->name,
                     w->info->line_of[ai], aw, why, rules_name(w->m), path);
    char jp[700];
    return err_set("%s: %s: answer '%s': %s, not allowed in %s mode (path: %s)", w->name,
                   json_path(jp, sizeof jp, &w->p, d), aw, why, rules_name(w->m), path);
  }
  memcpy(w->hist[d], gw, 8);
  for (int i = 0; i < t->nkids; i++) {
    w->pats[d] = t->pat[i];
    w->p.pats[d] = t->pat[i];
    if (rules_walk(w, t->kid[i], d + 1)) return -1;
  }
  return 0;
}

int verify_rules(const tnode *t, const game *g, rules_mode m, const treeread_info *info,
                 const char *name) {
  if (m == RULES_NORMAL || !t) return VERIFY_VALID;
  rwalk *w = xcalloc(1, sizeof *w);
  w->g = g;
  w->m = m;
  w->info = info;
  w->name = name;
  int rc = rules_walk(w, t, 0);
  free(w);
  return rc ? VERIFY_INVALID : VERIFY_VALID;
}

static int finish(int rc, const game *g, int max_guesses, tnode **out, treeread_info *info,
                  const char *name) {
  if (rc == TREEREAD_UNUSABLE) return VERIFY_UNUSABLE;
  if (rc == TREEREAD_INVALID) return VERIFY_INVALID;
  rc = verify_tree(*out, g, max_guesses, info, name);
  if (rc) {
    tree_free(*out);
    *out = NULL;
  }
  return rc;
}

int verify_file(const char *path, const game *g, int max_guesses, tnode **out,
                treeread_info *info) {
  return finish(treeread_load(path, g, out, info), g, max_guesses, out, info, path);
}

int verify_mem(const char *data, size_t len, const char *name, const game *g, int max_guesses,
               tnode **out, treeread_info *info) {
  return finish(treeread_mem(data, len, name, g, out, info), g, max_guesses, out, info, name);
}

/* ------------------------------------------------------------------ */
/* Report                                                               */

typedef struct {
  FILE *fp;
  const game *g;
  int most, shown;
  vpath p;
} worst;

/* Print the first 10 answers needing `most` guesses, in tree order. */
static void list_worst(worst *w, const tnode *t, int d) {
  if (w->shown >= 10 || d >= TREE_MAX_DEPTH) return;
  w->p.nodes[d] = t;
  if (d + 1 == w->most && ends_here(t) >= 1) {
    fprintf(w->fp, "              %-6s", word(w->g, t));
    for (int i = 0; i <= d; i++) fprintf(w->fp, " %s", word(w->g, w->p.nodes[i]));
    fputc('\n', w->fp);
    w->shown++;
  }
  if (d + 1 < w->most)
    for (int i = 0; i < t->nkids; i++) list_worst(w, t->kid[i], d + 1);
}

/* What a JSON tree records of its lists, one line (none when nothing):
 * "recorded      list small, lists hash ... (these lists')", or its
 * files (treeio.h; paths without control characters, treeread.h). */
static const char *recorded_item(FILE *fp, const char *sep, const char *what, const char *v) {
  if (!v[0]) return sep;
  fprintf(fp, "%s%s %s", sep, what, v);
  return ", ";
}
static void report_recorded(FILE *fp, const game *g, const treeread_info *info) {
  if (!info->list[0] && !info->answers_file[0] && !info->has_lists_hash) return;
  fprintf(fp, "recorded     ");
  const char *sep = recorded_item(fp, " ", "list", info->list);
  sep = recorded_item(fp, sep, "answers file", info->answers_file);
  sep = recorded_item(fp, sep, "guesses file", info->guesses_file);
  if (info->has_lists_hash) {
    char hex[WORDS_HASH_HEX];
    words_hash_hex(info->lists_hash, hex);
    fprintf(fp, "%slists hash %s (%s)", sep, hex,
            info->lists_hash == g->lists_hash ? "these lists'" : "NOT these lists'");
  }
  fputc('\n', fp);
}

void verify_report(FILE *fp, const char *path, const tnode *t, const game *g,
                   const treeread_info *info, int max_guesses) {
  tree_summary s;
  tree_summarize(t, &s);
  char shown[4096]; /* the user's path: no raw control bytes (a newline would split the line) */
  esc_controls(shown, sizeof shown, path);
  fprintf(fp, "tree          %s\n", shown);
  if (info->format == TREEFMT_TEXT)
    fprintf(fp, "format        text (Selby's format), %d lines\n", info->lines);
  else if (treeread_public_format(info->format))
    fprintf(fp, "format        %s, %d line%s\n", treeread_public_name(info->format), info->lines,
            info->lines == 1 ? "" : "s");
  else
    fprintf(fp, "format        JSON\n");
  char lists[LISTS_DESCRIBE_SIZE];
  lists_describe(g, lists, sizeof lists);
  fprintf(fp, "%-14s%s\n", g->list ? "list" : "lists", lists);
  if (info->format == TREEFMT_JSON) report_recorded(fp, g, info);
  if (info->format == TREEFMT_JSON && info->version[0])
    fprintf(fp, "written by    optle %s\n", info->version);
  fprintf(fp, "first guess   %s\n", word(g, t));
  tree_print_totals(fp, s.n, s.total, s.most, s.dist);
  if (info->unproven && treeread_optimal(info, s.total))
    fprintf(fp, "proven        yes: a stopped solve's best tree, whose total is the proven lower "
                "bound\n");
  else if (info->unproven && info->lower_bound >= 0)
    fprintf(fp, "proven        no: a stopped solve's best tree; the optimum is %d to %ld\n",
            info->lower_bound, (long)s.total);
  else if (info->unproven)
    fprintf(fp, "proven        no: a stopped solve's best tree, not proven optimal\n");
  fprintf(fp, "tree hash     %016llx\n", (unsigned long long)tree_hash(t));
  int nw = s.dist[s.most];
  fprintf(fp, "worst         %d answer%s take%s %d guess%s", nw, nw == 1 ? "" : "s",
          nw == 1 ? "s" : "", s.most, s.most == 1 ? "" : "es");
  fprintf(fp, nw > 10 ? "; the first 10 in tree order:\n" : ":\n");
  worst *w = xcalloc(1, sizeof *w);
  w->fp = fp;
  w->g = g;
  w->most = s.most;
  list_worst(w, t, 0);
  free(w);
  if (max_guesses > 0)
    fprintf(fp, "guess limit   %d: every answer within it\n", max_guesses);
  if (info->format == TREEFMT_JSON) {
    if (info->max_guesses > 0 && max_guesses < 0)
      fprintf(fp, "file's limit  %d (\"max_guesses\"): every answer within it\n",
              info->max_guesses);
    else if (info->max_guesses > 0)
      fprintf(fp, "file's limit  %d (\"max_guesses\"; %s; not checked: --max-guesses %d%s)\n",
              info->max_guesses, s.most <= info->max_guesses ? "met" : "exceeded", max_guesses,
              max_guesses ? " is checked instead" : "");
    else
      fprintf(fp, "file's limit  none (\"max_guesses\" 0)\n");
  }
}
