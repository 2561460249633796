/*
 * search_tree.c: the tree of a solved set (search_impl.h).  Values come
 * first (the proof); then, node by node, the guess the tie rule picks
 * among those that reach the node's value (score.h), and the children's
 * values, mostly memo hits.  Children are built as OpenMP tasks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search_impl.h"

static int int_cmp(const void *pa, const void *pb) {
  int a = *(const int *)pa, b = *(const int *)pb;
  return (a > b) - (a < b);
}

/* The tie rule alone (score.h). */
static int tie_cmp(const void *pa, const void *pb) {
  const cand *a = pa, *b = pb;
  return score_tie_cmp(a->green, a->g, b->green, b->g);
}

/*
 * First guess in tie-rule order whose total on A is V (= T_d(A)): one of
 * A's answers if any reaches V, by guess index, else the lowest index.
 * A scan with beta = V + 1 lists the guesses whose bound allows V (of
 * guesses with identical feedback on A it keeps the lowest index, which
 * the rule would pick anyway); they are tried in rule order, at the root
 * in parallel, where the lowest position that reaches V wins.
 */
int srch_choose(search *s, const uint16_t *A, int n, int d, int V, bool parallel, const int *U0,
                int nu0, const rstate *rs) {
  ctx *c0 = my_ctx(s);
  const game *G = s->g;
  c0->st.tree_nodes++;
  assert(V >= set_floor(s, n) && V < INF); /* a proven value to reach */
  if (!parallel || s->o.threads == 1) {
    /* Most nodes are settled by one of their own answers: try those
     * first, cheaply (n table reads each for the bound), before a scan. */
    int *in = xmalloc(sizeof *in * (size_t)n), pick = -1;
    for (int j = 0; j < n; j++) in[j] = G->ans2guess[A[j]];
    qsort(in, (size_t)n, sizeof *in, int_cmp);
    for (int j = 0; j < n && pick < 0; j++) {
      int g = in[j], k = 0;
      for (int i = 0; i < n; i++) k += c0->cnt[game_fb(G, g, A[i])]++ == 0;
      for (int i = 0; i < n; i++) c0->cnt[game_fb(G, g, A[i])] = 0;
      int lbg = d == 2 && k != n ? INF : guess_floor(s, n, k, 1);
      if (lbg > V) continue;
      c0->st.tree_own_evals++;
      if (srch_eval_guess(c0, A, n, d, g, lbg, V + 1, NULL, 1, U0, nu0, rs) == V)
        pick = g;
    }
    free(in);
    if (pick >= 0) return pick;
  }
  level *L = srch_level(c0, 0);
  int failmin = INF;
  scan_result r;
  c0->st.tree_scans++;
  int nc = srch_scan(c0, L, A, n, d, V + 1, U0, nu0, &failmin, NULL, &r);
  cand *cands = xmalloc(sizeof *cands * (size_t)(nc ? nc : 1));
  memcpy(cands, L->cands, sizeof *cands * (size_t)nc);
  int *U = xmalloc(sizeof *U * (size_t)(L->ng ? L->ng : 1)), nu = L->ng;
  memcpy(U, L->glist, sizeof *U * (size_t)nu);
  qsort(cands, (size_t)nc, sizeof *cands, tie_cmp);
  atomic_int found;
  atomic_init(&found, nc);
  if (parallel && s->o.threads > 1) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads)
    for (int i = 0; i < nc; i++) {
      if (i > atomic_load(&found)) continue;
      ctx *c = my_ctx(s);
      if (srch_eval_guess(c, A, n, d, cands[i].g, cands[i].lb, V + 1, NULL, 1, U, nu, rs) == V) {
        int cur = atomic_load(&found);
        while (i < cur && !atomic_compare_exchange_weak(&found, &cur, i))
          ;
      }
    }
  } else {
    for (int i = 0; i < nc; i++)
      if (srch_eval_guess(c0, A, n, d, cands[i].g, cands[i].lb, V + 1, NULL, 1, U, nu, rs) == V) {
        atomic_store(&found, i);
        break;
      }
  }
  int i = atomic_load(&found), pick = i < nc ? cands[i].g : -1;
  free(cands);
  free(U);
  return pick;
}

/* Exact value of a set the tree needs (usually a memo hit). */
static int value_of(search *s, const uint16_t *A, int n, int d, const int *U, int nu,
                    const rstate *rs) {
  return srch_solve(my_ctx(s), A, n, d, INF, 1, U, nu, rs);
}

/* A child's guesses and state under rules that narrow (rules.h): its own
 * copies, since the children are built as tasks. */
typedef struct {
  int *U, nu;
  rstate st;
  const rstate *rs;
} kid_rules;

static void kid_rules_make(search *s, kid_rules *k, const int *U, int nu, const rstate *rs,
                           int g, int p) {
  k->U = xmalloc(sizeof *k->U * (size_t)(nu ? nu : 1));
  k->nu = rules_after(s->o.rules, s->rw, U, nu, g, p, k->U);
  if (rs) k->st = *rs;
  else rstate_init(&k->st);
  rstate_add(s->o.rules, &k->st, &s->rw[g], p);
  k->rs = rstate_empty(&k->st) ? NULL : &k->st;
}

/* Build the subtree for A (value V) with guess g, or the rule's guess
 * when g < 0.  Children are built as OpenMP tasks. */
tnode *srch_build(search *s, const uint16_t *A, int n, int d, int V, int g, const int *hint,
                  const int *U, int nu, const rstate *rs) {
  const game *G = s->g;
  if (g < 0 && n == 1) return tree_node_new(G->ans2guess[A[0]], 1, 1, 0);
  if (stopped(s)) return NULL;
  if (g < 0) g = srch_choose(s, A, n, d, V, false, U, nu, rs);
  if (stopped(s)) return NULL;
  if (g < 0) err_fatal(EXIT_INTERNAL, "internal error: no guess reaches the proven total %d", V);
  /* Partition into a private buffer (the level scratch is the search's);
   * children in pattern_cmp order, as trees list them. */
  int start[PATTERN_COUNT + 1], pats[PATTERN_COUNT], np = 0;
  uint16_t *part = xmalloc(sizeof *part * (size_t)n);
  score_partition(G, g, A, n, part, start);
  /* The classes and the winner (at most one answer) add up to the set. */
  assert(start[PATTERN_COUNT] == n && start[PATTERN_COUNT] - start[PATTERN_WIN] <= 1);
  for (int p = 0; p < PATTERN_WIN; p++)
    if (start[p + 1] > start[p]) pats[np++] = p;
  for (int i = 1; i < np; i++)
    for (int j = i; j > 0 && pattern_cmp(pats[j - 1], pats[j]) > 0; j--) {
      int tmp = pats[j];
      pats[j] = pats[j - 1];
      pats[j - 1] = tmp;
    }
  tnode *t = tree_node_new(g, V, n, np);
  int cd = child_depth(d);
  long check = n;
  kid_rules *kr = s->rw ? xmalloc(sizeof *kr * (size_t)(np ? np : 1)) : NULL;
  for (int i = 0; i < np; i++) {
    int p = pats[i], size = start[p + 1] - start[p];
    const int *KU = U;
    int knu = nu;
    const rstate *krs = NULL;
    if (kr) {
      kid_rules_make(s, &kr[i], U, nu, rs, g, p);
      KU = kr[i].U, knu = kr[i].nu, krs = kr[i].rs;
    }
    int v = value_of(s, part + start[p], size, cd, KU, knu, krs);
    assert(stopped(s) || (v >= set_floor(s, size) && v < INF)); /* inside a proven V */
    check += v;
    t->pat[i] = (uint8_t)p;
    t->kid[i] = NULL;
#pragma omp task default(shared) firstprivate(i, p, v, size, KU, knu, krs) if (s->o.threads > 1 && size > 8)
    t->kid[i] = srch_build(s, part + start[p], size, cd, v, hint ? hint[p] : -1, NULL, KU, knu, krs);
  }
#pragma omp taskwait
  if (kr) {
    for (int i = 0; i < np; i++) free(kr[i].U);
    free(kr);
  }
  /* A child is missing only after a stop. */
  if (stopped(s)) {
    tree_free(t);
    free(part);
    return NULL;
  }
  if (check != V)
    err_fatal(EXIT_INTERNAL, "internal error: children total %ld, expected %d", check, V);
  free(part);
  return t;
}

/* The last stage of every solve (search_solve()): the value V is proven
 * (INF: none, or a stop); the tree with guess g at the root (the tie
 * rule's when g < 0), hint giving children's guesses known already. */
int srch_tree(search *s, const uint16_t *A, int n, int d, int V, int g, const int *hint,
              tnode **tree) {
  s->t_values = now_seconds() - s->t0;
  if (V < INF && tree) {
    /* The root's guess is chosen with all threads, before the tasks. */
    if (g < 0 && n > 1) g = srch_choose(s, A, n, d, V, true, s->root_u, s->root_nu, s->root_rs);
#pragma omp parallel num_threads(s->o.threads)
#pragma omp single
    *tree = srch_build(s, A, n, d, V, g, hint, s->root_u, s->root_nu, s->root_rs);
    if (stopped(s)) {
      /* The value is proven; only the tree was cut short. */
      tree_free(*tree);
      *tree = NULL;
      s->part = (search_partial){true, V, V, g, 0, 0, true, 0, 0};
    }
  }
  s->t_tree = now_seconds() - s->t0 - s->t_values;
  assert(!tree || !*tree || (tree_sums_ok(*tree) && (*tree)->total == V));
  return s->part.stopped ? INF : V;
}
