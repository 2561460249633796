/*
 * search_tree.c: the tree of a solved set (search_impl.h).  Values come
 * first (the proof); then, node by node, the guess the tie rule picks
 * among those that reach the node's value (score.h), and the children's
 * values: mostly memo hits, else solved within the window the node's
 * value leaves them (kid_values()), never searched without a bound, so
 * a memo that lost the proof's records costs the tree little.  Children
 * are built as OpenMP tasks.
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

/* The open classes (order[0..open)) by size, then position: the
 * largest last. */
static void by_size(int *order, int open, const int *start, const int *pats) {
  for (int a = 1; a < open; a++)
    for (int b = a; b > 0; b--) {
      int x = order[b - 1], y = order[b];
      int sx = start[pats[x] + 1] - start[pats[x]], sy = start[pats[y] + 1] - start[pats[y]];
      if (sx < sy || (sx == sy && x < y)) break;
      order[b - 1] = y;
      order[b] = x;
    }
}

/*
 * The classes' exact values (v[i] for pats[i]), which add up to V - n
 * (rest) since g reaches V: known[] (by pattern, may be NULL) where the
 * proof gave them (-1: not known), else mostly memo hits.  One not known
 * exact at once (the memo lost it, or holds only a bound) is solved
 * within the window the others leave: below rest, less the values found
 * and the others' bounds, + 1, so the solve is exact and cut off like
 * the proof's own (with no window, beta = INF, a lost class cost a
 * search without cutoffs: hard BYWAY with --memo-mb 16 built its tree in
 * 538 s after a 7.3 s proof).  Smallest first, where the window is
 * loosest; the largest, the costliest to solve again, is what the rest
 * leave: exact when V is (the proof's value, or srch_choose()'s), and a
 * V that is not shows as a remainder below the class's bound (always
 * checked) or, where assertions are on, unequal to its solve.
 */
static void kid_values(search *s, const uint16_t *part, const int *start, const int *pats,
                       int np, int cd, int rest, const int *known, const int *U, int nu,
                       const kid_rules *kr, int *v) {
  ctx *c = my_ctx(s);
  klass k[PATTERN_COUNT];
  int order[PATTERN_COUNT], open = 0;
  long bounds = 0;
  assert(np <= PATTERN_COUNT);
  for (int i = 0; i < np; i++) v[i] = INF; /* what a stop leaves */
  for (int i = 0; i < np; i++) {
    int p = pats[i];
    if (known && known[p] >= 0) k[i] = (klass){.lb = known[p], .exact = true};
    else srch_quick(c, part + start[p], start[p + 1] - start[p], cd, &k[i], kr ? kr[i].rs : NULL);
    if (k[i].exact) {
      v[i] = k[i].lb;
      rest -= k[i].lb;
    } else {
      order[open++] = i;
      bounds += k[i].lb;
    }
  }
  assert(open || rest == 0); /* every value known: they add up */
  by_size(order, open, start, pats);
  for (int j = 0; j < open && !stopped(s); j++) {
    int i = order[j], p = pats[i], size = start[p + 1] - start[p];
    const int *CU = kr ? kr[i].U : U;
    int cnu = kr ? kr[i].nu : nu;
    const rstate *crs = kr ? kr[i].rs : NULL;
    bounds -= k[i].lb;
    if (j == open - 1) {
      c->st.tree_by_sum++;
      if (rest < k[i].lb)
        err_fatal(EXIT_INTERNAL, "internal error: a class of %d left %d, below its bound %d",
                  size, rest, k[i].lb);
#ifndef NDEBUG
      int again = srch_solve(c, part + start[p], size, cd, rest + 1, 1, CU, cnu, crs);
      assert(stopped(s) || again == rest); /* V was exact */
#endif
      v[i] = rest;
      break;
    }
    c->st.tree_resolved++;
    int beta = (int)(rest - bounds) + 1;
    assert(beta > k[i].lb); /* the class's value fits what the others leave */
    v[i] = srch_solve(c, part + start[p], size, cd, beta, 1, CU, cnu, crs);
    assert(stopped(s) || v[i] < beta); /* so it is exact */
    rest -= v[i];
  }
}

/* Build the subtree for A (value V) with guess g, or the rule's guess
 * when g < 0.  Children are built as OpenMP tasks. */
tnode *srch_build(search *s, const uint16_t *A, int n, int d, int V, int g, const kids_known *hint,
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
  for (int i = 0; i < np && kr; i++) kid_rules_make(s, &kr[i], U, nu, rs, g, pats[i]);
  int v[PATTERN_COUNT];
  kid_values(s, part, start, pats, np, cd, V - n, hint ? hint->v : NULL, U, nu, kr, v);
  for (int i = 0; i < np; i++) {
    int p = pats[i], size = start[p + 1] - start[p], vi = v[i];
    const int *KU = kr ? kr[i].U : U;
    int knu = kr ? kr[i].nu : nu;
    const rstate *krs = kr ? kr[i].rs : NULL;
    assert(stopped(s) || (vi >= set_floor(s, size) && vi < INF)); /* inside a proven V */
    check += vi;
    t->pat[i] = (uint8_t)p;
    t->kid[i] = NULL;
#pragma omp task default(shared) firstprivate(i, p, vi, size, KU, knu, krs) if (s->o.threads > 1 && size > 8)
    t->kid[i] = srch_build(s, part + start[p], size, cd, vi, hint ? hint->g[p] : -1, NULL, KU, knu, krs);
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
 * rule's when g < 0), hint giving what the proof knows of g's classes. */
int srch_tree(search *s, const uint16_t *A, int n, int d, int V, int g, const kids_known *hint,
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
