/* tree.c: see tree.h. */
#include "tree.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "feedback.h"
#include "ratio.h"
#include "util.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

/* ------------------------------------------------------------------ */
/* Nodes                                                                */

tnode *tree_node_new(int guess, int total, int n, int nkids) {
  if (nkids < 0) nkids = 0;
  assert(nkids <= PATTERN_COUNT && n >= 0); /* one child per pattern at most */
  /* One block: the node, then the kid pointers (pointer-aligned, as
   * sizeof(tnode) is a multiple of the pointer alignment), then the
   * pattern bytes. */
  size_t bytes = sizeof(tnode) + (size_t)nkids * sizeof(tnode *) + (size_t)nkids;
  tnode *t = xmalloc(bytes);
  t->guess = guess;
  t->total = total;
  t->n = n;
  t->nkids = nkids;
  if (nkids > 0) {
    t->kid = (tnode **)(void *)(t + 1);
    t->pat = (uint8_t *)(t->kid + nkids);
    memset(t->kid, 0, (size_t)nkids * sizeof(tnode *));
    memset(t->pat, 0, (size_t)nkids);
  } else {
    t->kid = NULL;
    t->pat = NULL;
  }
  return t;
}

void tree_free(tnode *t) {
  if (!t) return;
  for (int i = 0; i < t->nkids; i++) tree_free(t->kid[i]);
  free(t);
}

/* ------------------------------------------------------------------ */
/* Check                                                                */

/* Path from the root to the node at `depth`: nodes[0..depth-1] and the
 * patterns pats[0..depth-1] taken below them. */
typedef struct {
  const tnode *nodes[TREE_MAX_DEPTH + 1];
  uint8_t pats[TREE_MAX_DEPTH + 1];
} tpath;

static const char *gword(const game *g, int guess) {
  return (guess >= 0 && guess < g->n_guesses) ? g->guesses.w[guess] : "?";
}

/* "at the root" or "after salet BBBBB courd BBYBB", bounded in length so
 * the whole message fits err_set's buffer. */
static const char *where(char *buf, size_t size, const game *g, const tpath *p,
                         int depth) {
  if (depth == 0) {
    snprintf(buf, size, "at the root");
    return buf;
  }
  size_t len = (size_t)snprintf(buf, size, "after");
  for (int d = 0; d < depth; d++) {
    char ps[6];
    pattern_format(p->pats[d], ps);
    if (len + 13 + 5 >= size) {
      snprintf(buf + len, size - len, " ...");
      break;
    }
    len += (size_t)snprintf(buf + len, size - len, " %s %s",
                            gword(g, p->nodes[d]->guess), ps);
  }
  return buf;
}

#define WHERE_SIZE 600

static int bad_node(const tnode *t, const game *g, const tpath *p, int depth) {
  char w[WHERE_SIZE];
  if (t->guess < 0 || t->guess >= g->n_guesses)
    return err_set("node %s: guess index %d is not in the guess list (0..%d)",
                   where(w, sizeof w, g, p, depth), t->guess, g->n_guesses - 1);
  if (t->nkids < 0 || t->nkids >= PATTERN_COUNT)
    return err_set("node '%s' %s: %d children (at most %d possible)",
                   gword(g, t->guess), where(w, sizeof w, g, p, depth), t->nkids,
                   PATTERN_COUNT - 1);
  if (t->nkids > 0 && (!t->kid || !t->pat))
    return err_set("node '%s' %s: %d children but no child arrays",
                   gword(g, t->guess), where(w, sizeof w, g, p, depth), t->nkids);
  return 0;
}

/* Phase 1: walk one answer from the root to the node that guesses it. */
static int walk_answer(const tnode *root, const game *g, int a, int max_guesses,
                       tpath *p) {
  const char *aw = g->answers.w[a];
  const tnode *t = root;
  char w[WHERE_SIZE];
  for (int depth = 0;; depth++) {
    if (depth >= TREE_MAX_DEPTH)
      return err_set("answer '%s': path deeper than %d guesses (%s)", aw,
                     TREE_MAX_DEPTH, where(w, sizeof w, g, p, depth));
    if (bad_node(t, g, p, depth)) return -1;
    const char *gw = g->guesses.w[t->guess];
    uint8_t fb = feedback_of(gw, aw);
    if (fb == PATTERN_WIN) {
      if (max_guesses > 0 && depth + 1 > max_guesses)
        return err_set("answer '%s' needs %d guesses, more than the limit %d "
                       "(guessed by '%s' %s)",
                       aw, depth + 1, max_guesses, gw,
                       where(w, sizeof w, g, p, depth));
      return 0;
    }
    int k = -1;
    for (int i = 0; i < t->nkids; i++)
      if (t->pat[i] == fb) {
        k = i;
        break;
      }
    if (k < 0) {
      char ps[6];
      pattern_format(fb, ps);
      if (t->nkids == 0)
        return err_set("answer '%s' reaches leaf '%s' %s, which is not the "
                       "answer (feedback %s)",
                       aw, gw, where(w, sizeof w, g, p, depth), ps);
      return err_set("answer '%s' has no branch %s under '%s' %s", aw, ps, gw,
                     where(w, sizeof w, g, p, depth));
    }
    if (!t->kid[k]) {
      char ps[6];
      pattern_format(fb, ps);
      return err_set("node '%s' %s: branch %s has no child node", gw,
                     where(w, sizeof w, g, p, depth), ps);
    }
    p->nodes[depth] = t;
    p->pats[depth] = fb;
    t = t->kid[k];
  }
}

/* A leaf: reached by exactly its own answer, with total 1. */
static int check_leaf(const tnode *t, const game *g, const uint16_t *list, int m, int depth,
                      tpath *p) {
  char w[WHERE_SIZE];
  const char *gw = g->guesses.w[t->guess];
  if (m != 1 || strcmp(g->answers.w[list[0]], gw) != 0)
    return err_set("leaf '%s' %s: reached by %d answers, must be 1 (itself)",
                   gw, where(w, sizeof w, g, p, depth), m);
  if (t->total != 1)
    return err_set("leaf '%s' %s: total %d but a leaf's total is 1", gw,
                   where(w, sizeof w, g, p, depth), t->total);
  return 0;
}

/* An inner node's branches, before descending: valid patterns, never
 * the winning one, each with a child, in pattern_cmp() order. */
static int check_branches(const tnode *t, const game *g, int depth, tpath *p) {
  char w[WHERE_SIZE];
  const char *gw = g->guesses.w[t->guess];
  for (int i = 0; i < t->nkids; i++) {
    if (t->pat[i] >= PATTERN_COUNT)
      return err_set("node '%s' %s: child %d has invalid pattern code %d", gw,
                     where(w, sizeof w, g, p, depth), i, t->pat[i]);
    char ps[6];
    pattern_format(t->pat[i], ps);
    if (t->pat[i] == PATTERN_WIN)
      return err_set("node '%s' %s: has a child for the winning pattern %s", gw,
                     where(w, sizeof w, g, p, depth), ps);
    if (!t->kid[i])
      return err_set("node '%s' %s: branch %s has no child node", gw,
                     where(w, sizeof w, g, p, depth), ps);
    if (i > 0 && pattern_cmp(t->pat[i - 1], t->pat[i]) >= 0) {
      char prev[6];
      pattern_format(t->pat[i - 1], prev);
      return err_set("node '%s' %s: branches out of order (%s before %s)", gw,
                     where(w, sizeof w, g, p, depth), prev, ps);
    }
  }
  return 0;
}

/* Phase 2: structure, bottom-up.  `list` holds the m answers that reach
 * t (phase 1 has shown every one of them ends at or below t). */
static int check_node(const tnode *t, const game *g, const uint16_t *list, int m,
                      int depth, tpath *p) {
  char w[WHERE_SIZE];
  if (depth >= TREE_MAX_DEPTH)
    return err_set("tree deeper than %d (%s)", TREE_MAX_DEPTH,
                   where(w, sizeof w, g, p, depth));
  if (bad_node(t, g, p, depth)) return -1;
  const char *gw = g->guesses.w[t->guess];

  if (t->n != m)
    return err_set("node '%s' %s: n is %d but %d answers reach it", gw,
                   where(w, sizeof w, g, p, depth), t->n, m);

  if (t->nkids == 0) return check_leaf(t, g, list, m, depth, p);
  if (check_branches(t, g, depth, p)) return -1;

  /* Partition the answers by feedback (counting sort): m feedback bytes,
   * padded to an even offset, then the m sorted answer indices. */
  size_t fbsize = ((size_t)m + 1) & ~(size_t)1;
  uint8_t *fb = xmalloc(fbsize + (size_t)m * sizeof(uint16_t));
  uint16_t *sorted = (uint16_t *)(void *)(fb + fbsize);
  int cnt[PATTERN_COUNT], off[PATTERN_COUNT];
  memset(cnt, 0, sizeof cnt);
  for (int i = 0; i < m; i++) {
    fb[i] = feedback_of(gw, g->answers.w[list[i]]);
    cnt[fb[i]]++;
  }
  for (int q = 0, s = 0; q < PATTERN_COUNT; q++) {
    off[q] = s;
    s += cnt[q];
  }
  for (int i = 0; i < m; i++) sorted[off[fb[i]]++] = list[i];
  for (int q = 0; q < PATTERN_COUNT; q++) off[q] -= cnt[q];
  /* The classes add up to the m answers, in pattern order. */
  assert(off[PATTERN_COUNT - 1] + cnt[PATTERN_COUNT - 1] == m);

  int rc = 0;
  int covered = cnt[PATTERN_WIN];
  long sum = 0;
  for (int i = 0; i < t->nkids && rc == 0; i++) {
    int q = t->pat[i];
    if (cnt[q] == 0) {
      char ps[6];
      pattern_format(q, ps);
      rc = err_set("node '%s' %s: branch %s is empty (no answer gives it)", gw,
                   where(w, sizeof w, g, p, depth), ps);
      break;
    }
    covered += cnt[q];
    p->nodes[depth] = t;
    p->pats[depth] = (uint8_t)q;
    rc = check_node(t->kid[i], g, sorted + off[q], cnt[q], depth + 1, p);
    sum += t->kid[i]->total;
  }
  free(fb);
  if (rc) return rc;

  if (covered != m) /* phase 1 rules this out; kept as a guard */
    return err_set("node '%s' %s: %d of its %d answers take no branch", gw,
                   where(w, sizeof w, g, p, depth), m - covered, m);
  if ((long)t->total != (long)m + sum)
    return err_set("node '%s' %s: total %d but n + children = %ld", gw,
                   where(w, sizeof w, g, p, depth), t->total, (long)m + sum);
  return 0;
}

int tree_check(const tnode *t, const game *g, const uint16_t *set, int n,
               int max_guesses) {
  if (!t) return err_set("tree check: no tree");
  if (n <= 0) return err_set("tree check: no answers to check");

  /* The set itself: valid, distinct answer indices. */
  uint8_t *seen = xcalloc((size_t)g->n_answers + 1, 1);
  for (int i = 0; i < n; i++) {
    if (set[i] >= g->n_answers) {
      free(seen);
      return err_set("tree check: answer index %d out of range (%d answers)",
                     set[i], g->n_answers);
    }
    if (seen[set[i]]) {
      free(seen);
      return err_set("tree check: answer '%s' listed twice in the set",
                     g->answers.w[set[i]]);
    }
    seen[set[i]] = 1;
  }
  free(seen);

  tpath *p = xmalloc(sizeof *p);
  int rc = 0;
  for (int i = 0; i < n && rc == 0; i++)
    rc = walk_answer(t, g, set[i], max_guesses, p);
  if (rc == 0) rc = check_node(t, g, set, n, 0, p);
  free(p);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Summary                                                              */

static void summarize(const tnode *t, int depth, tree_summary *s) {
  s->nodes++;
  int below = 0;
  for (int i = 0; i < t->nkids; i++)
    if (t->kid[i]) below += t->kid[i]->n;
  int ends = t->nkids == 0 ? t->n : t->n - below;
  if (ends > 0) {
    int k = depth + 1 > TREE_MAX_DEPTH ? TREE_MAX_DEPTH : depth + 1;
    s->dist[k] += ends;
    s->n += ends;
    s->total += (long)ends * (depth + 1);
    if (depth + 1 > s->most) s->most = depth + 1;
  }
  if (depth >= TREE_MAX_DEPTH) return; /* malformed; tree_check says so */
  for (int i = 0; i < t->nkids; i++)
    if (t->kid[i]) summarize(t->kid[i], depth + 1, s);
}

int tree_node_bad(const tnode *t, const game *g, int depth, int pat_end) {
  if (depth >= TREE_MAX_DEPTH) return err_set("tree: deeper than %d guesses", TREE_MAX_DEPTH);
  if (t->guess < 0 || t->guess >= g->n_guesses)
    return err_set("tree: guess index %d is not in the guess list", t->guess);
  if (t->nkids < 0 || (t->nkids > 0 && (!t->kid || !t->pat)))
    return err_set("tree: node '%s' has malformed children", g->guesses.w[t->guess]);
  for (int i = 0; i < t->nkids; i++)
    if (!t->kid[i] || t->pat[i] >= pat_end)
      return err_set("tree: node '%s' has a malformed child", g->guesses.w[t->guess]);
  return 0;
}

bool tree_sums_ok(const tnode *t) {
  if (!t) return false;
  long total = t->n, n = 0;
  for (int i = 0; i < t->nkids; i++) {
    if (!t->kid[i] || !tree_sums_ok(t->kid[i])) return false;
    total += t->kid[i]->total;
    n += t->kid[i]->n;
  }
  return total == t->total && (n == t->n || n == t->n - 1) && (t->nkids || t->n == 1);
}

void tree_summarize(const tnode *t, tree_summary *s) {
  memset(s, 0, sizeof *s);
  if (t) summarize(t, 0, s);
}

void tree_print_totals(FILE *fp, int n, long total, int most, const int *dist) {
  fprintf(fp, "total         %ld\n", total);
  fprintf(fp, "average       %s\n", ratio4(total, n).s);
  fprintf(fp, "most guesses  %d\n", most);
  fprintf(fp, "distribution ");
  for (int k = 1; k <= most && k <= TREE_MAX_DEPTH; k++) fprintf(fp, " %d:%d", k, dist[k]);
  fprintf(fp, "\n");
}

/* ------------------------------------------------------------------ */
/* Hash                                                                 */

/* Canonical preorder serialisation, little-endian whatever the host:
 * guess, total, n, nkids (4 bytes each), then the nkids pattern bytes. */
static void put32(XXH3_state_t *st, int32_t v) {
  uint32_t u = (uint32_t)v;
  unsigned char b[4] = {(unsigned char)u, (unsigned char)(u >> 8),
                        (unsigned char)(u >> 16), (unsigned char)(u >> 24)};
  XXH3_64bits_update(st, b, sizeof b);
}

static void hash_node(XXH3_state_t *st, const tnode *t, int depth) {
  if (!t) {
    put32(st, -1);
    return;
  }
  assert(t->nkids == 0 || (t->kid && t->pat)); /* tree_node_new()'s shape */
  put32(st, t->guess);
  put32(st, t->total);
  put32(st, t->n);
  put32(st, t->nkids);
  if (t->nkids > 0) XXH3_64bits_update(st, t->pat, (size_t)t->nkids);
  if (depth >= TREE_MAX_DEPTH) return;
  for (int i = 0; i < t->nkids; i++) hash_node(st, t->kid[i], depth + 1);
}

uint64_t tree_hash(const tnode *t) {
  XXH3_state_t *st = XXH3_createState();
  if (!st) err_fatal(EXIT_INTERNAL, "out of memory (%zu bytes)", sizeof *st);
  XXH3_64bits_reset(st);
  hash_node(st, t, 0);
  uint64_t h = XXH3_64bits_digest(st);
  XXH3_freeState(st);
  return h;
}
