/*
 * search.c: the exact branch-and-bound search (search.h).
 *
 * solve(A, d, beta) answers: "is T_d(A) < beta, and if so what is it?"
 * It returns T_d(A) exactly when that is below beta, and otherwise some
 * proven lower bound that is >= beta (fail high).  Every cut below uses
 * only such proven bounds, so the root's value is exact.
 *
 * Bounds used (each proved in the README, "How the search works", and at
 * the code that uses it):
 *  - a set of n answers needs at least 2n - 1 guesses: one for the
 *    first answer found, two for every other;
 *  - exactly 2n - 1 when one of its answers splits the rest into
 *    singletons, otherwise at least 2n, and exactly 2n when an answer
 *    leaves one pair, for n = 3, or when another guess splits it into
 *    singletons (quick(), search_node());
 *  - a guess g splitting A into k classes (the winning one included)
 *    costs at least n + sum(2c - 1) = 3n - k - [g in A], and exactly that
 *    when no class has more than two answers (scan());
 *  - c collisions part-way through a scan bound k by n - c (scan());
 *  - a guess's bound is first refined by every class's quick bound, then
 *    class by class as classes are solved, and g is abandoned as soon as
 *    it reaches the best total found (eval_guess()).
 *
 * Memory: each thread owns a ctx with one scratch level per recursion
 * ply (candidate list, partition buffer, class table), allocated the
 * first time that ply is reached and reused; the search itself never
 * allocates.  Shared between threads: the game (read-only), the memo
 * (locked per shard, memo.h) and, at the root, the best total (atomic).
 */
#include "search.h"

#include <omp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "feedback.h"
#include "heuristics.h"
#include "memo.h"
#include "tuning.h"
#include "util.h"

#define INF OPTLE_INF
#define UNLIMITED OPTLE_DEPTH_UNLIMITED

/*
 * Stopping (Ctrl-C, SIGTERM, --time-limit).  The flag is set from a
 * signal handler or when the deadline passes; every node checks it and
 * returns INF at once, which every caller treats as "fails high", so a
 * stop can only make results look worse, never better.  Nothing is stored
 * in the memo once the flag is set, so no stop-made bound outlives it.
 */
/* Lock-free atomics: safe to set from a signal handler, and to read from
 * every thread without a data race. */
static atomic_int signal_stop;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "a signal handler sets signal_stop");

void search_request_stop(void) { atomic_store_explicit(&signal_stop, 1, memory_order_relaxed); }

typedef struct {
  int g;          /* guess index */
  int lb;         /* 3n - k - [g in A] */
  int green;      /* g is one of the answers */
  uint64_t score; /* sum of c log2 c (smaller = more entropy) */
} cand;

typedef struct {
  int start, size;
  int lb;      /* quick(): exact value or lower bound */
  bool exact;
  uint8_t pat;
  uint64_t h;  /* memo hash (0 when not memoised) */
} klass;

typedef struct {
  cand *cands;    /* n_guesses */
  int *glist;     /* the guesses worth trying on subsets of this set */
  int ng;
  uint16_t *part; /* n_answers: the set reordered by class */
  klass cls[PATTERN_COUNT];
  int ncls;
} level;

/* Signature table of one scan: finds guesses whose feedback on every
 * answer of the set is identical to an earlier guess's. */
typedef struct {
  uint64_t key;
  int g;
  uint32_t gen;
} sigslot;

typedef struct {
  search *s;
  search_stats st;
  level **lv;
  int nlv;
  uint16_t cnt[PATTERN_COUNT]; /* all zero between uses */
  const uint8_t **rows;        /* scan scratch: the set's table rows */
  sigslot *sig;                /* sigmask + 1 slots */
  uint32_t sigmask, sig_gen;
  char pad[64];
} ctx;

struct search {
  const game *g;
  search_opts o;
  memo *memo;
  int depth; /* the root's guess limit, or UNLIMITED */
  ctx *ctx;  /* one per thread */
  int nctx;
  const uint64_t *clogc;
  int seed_bound;
  int *all; /* 0 .. n_guesses-1: the universe at the root */
  double t0, last_progress;
  double t_values, t_tree; /* seconds proving the value, building the tree */
  double deadline;         /* now_seconds() to stop at, 0 = none */
  atomic_int stop;         /* the deadline passed (set by any thread) */
  search_partial part;     /* what was proven when stopped */
};

/* Has this search been told to stop?  (Ctrl-C for every search, or this
 * search's own deadline, which then sticks until the next solve.) */
static inline bool stopped(search *s) {
  return atomic_load_explicit(&signal_stop, memory_order_relaxed) ||
         atomic_load_explicit(&s->stop, memory_order_relaxed);
}

static inline bool stopping(search *s) {
  if (stopped(s)) return true;
  if (s->deadline > 0 && now_seconds() > s->deadline) {
    atomic_store(&s->stop, 1);
    return true;
  }
  return false;
}

static inline int child_depth(int d) { return d == UNLIMITED ? d : d - 1; }
static inline int imin(int a, int b) { return a < b ? a : b; }

static level *get_level(ctx *c, int ply) {
  if (ply >= c->nlv) {
    int n = ply + 8;
    c->lv = xrealloc(c->lv, sizeof *c->lv * (size_t)n);
    for (int i = c->nlv; i < n; i++) {
      level *L = xcalloc(1, sizeof *L);
      L->cands = xmalloc(sizeof *L->cands * (size_t)c->s->g->n_guesses);
      L->glist = xmalloc(sizeof *L->glist * (size_t)c->s->g->n_guesses);
      L->part = xmalloc(sizeof *L->part * (size_t)c->s->g->n_answers);
      c->lv[i] = L;
    }
    c->nlv = n;
  }
  return c->lv[ply];
}

static ctx *my_ctx(search *s) { return &s->ctx[omp_get_thread_num() % s->nctx]; }

/* How well A's own answers split A: 2 if one gives every answer its own
 * pattern, 1 if one leaves exactly one pair (and singletons), else 0.
 * O(n^2) table reads, far less than a scan. */
static int splits_in(ctx *c, const uint16_t *A, int n) {
  if (n > PATTERN_COUNT) return 0;
  const game *G = c->s->g;
  const uint8_t **rows = c->rows;
  int best = 0;
  for (int j = 0; j < n; j++) rows[j] = game_answer_row(G, A[j]);
  for (int i = 0; i < n; i++) {
    int g = G->ans2guess[A[i]], dup = 0;
    uint64_t seen[4] = {0};
    for (int j = 0; j < n && dup < 2; j++) {
      uint8_t p = rows[j][g];
      dup += (int)(seen[p >> 6] >> (p & 63) & 1);
      seen[p >> 6] |= 1ull << (p & 63);
    }
    if (dup == 0) return 2;
    if (dup == 1) best = 1;
  }
  return best;
}

/* Partition A by guess g into L->part; L->cls gets the non-winning
 * classes, largest first (ties by pattern), each sorted by index. */
static void partition(const game *G, level *L, const uint16_t *A, int n, int g) {
  int start[PATTERN_COUNT + 1] = {0};
  for (int j = 0; j < n; j++) start[game_fb(G, g, A[j]) + 1]++;
  L->ncls = 0;
  for (int p = 0; p < PATTERN_COUNT; p++) {
    int c = start[p + 1];
    if (c && p != PATTERN_WIN)
      L->cls[L->ncls++] = (klass){.start = start[p], .size = c, .pat = (uint8_t)p};
    start[p + 1] += start[p];
  }
  for (int j = 0; j < n; j++) L->part[start[game_fb(G, g, A[j])]++] = A[j];
  /* Insertion sort: at most 242 classes, mostly small. */
  for (int i = 1; i < L->ncls; i++) {
    klass k = L->cls[i];
    int j = i;
    while (j > 0 && L->cls[j - 1].size < k.size) {
      L->cls[j] = L->cls[j - 1];
      j--;
    }
    L->cls[j] = k;
  }
}

static int search_node(ctx *c, const uint16_t *A, int n, int d, int beta, int lb, uint64_t h,
                       int ply, const int *U, int nu);

/*
 * Everything known about T_d(A) short of a scan: closed forms, splits by
 * A's own answers, and the memo.  Fills k->lb (the exact value when
 * k->exact, else a lower bound) and k->h.
 *
 * Why each is exact: a set of n answers needs 2n - 1 at least (one guess
 * finds one answer, every other answer needs two or more), and exactly
 * that when one of its answers splits the rest into singletons.
 * Otherwise every guess in A leaves a class of two or more (cost >= 2n)
 * and every other guess costs n + n at least, so T >= 2n; an answer that
 * leaves a single pair reaches it (n + (n - 3) + 3), as does guessing one
 * of three answers that no answer separates (3 + 3).
 */
static void store(ctx *c, uint64_t h, const uint16_t *A, int n, int dk, int v, bool exact) {
  if (!stopped(c->s)) memo_store(c->s->memo, h, A, n, dk, v, exact);
}

static void quick(ctx *c, const uint16_t *A, int n, int d, klass *k) {
  k->exact = true;
  k->h = 0;
  if (n == 1) { k->lb = 1; return; }
  if (d <= 1) { k->lb = INF; return; }
  if (n == 2) {
    c->st.closed_form++;
    k->lb = 3;
    return;
  }
  if (n >= MEMO_MIN_SET) {
    int v;
    bool exact;
    int dk = d >= n ? UNLIMITED : d;
    k->h = memo_hash(A, n, dk);
    c->st.memo_probes++;
    if (memo_probe(c->s->memo, k->h, A, n, dk, &v, &exact)) {
      /* A stored bound exceeds 2n, so the split checks below failed. */
      c->st.memo_hits++;
      k->lb = v;
      k->exact = exact;
      return;
    }
  }
  int split = splits_in(c, A, n);
  if (split == 2) {
    c->st.perfect_in++;
    k->lb = 2 * n - 1;
    return;
  }
  k->lb = 2 * n;
  if (d >= 3 && (n == 3 || split == 1)) {
    c->st.closed_form++;
    return;
  }
  k->exact = false;
}

/* The recursion: see the top of this file for its contract. */
static int solve(ctx *c, const uint16_t *A, int n, int d, int beta, int ply, const int *U,
                 int nu) {
  c->st.nodes++;
  if (stopping(c->s)) return INF;
  /* Step 1. The 2n - 1 bound needs no look at the set at all. */
  if (n >= 2 && d >= 2 && 2 * n - 1 >= beta) {
    c->st.cut_bound++;
    return 2 * n - 1;
  }
  /* Step 2. Closed forms, splits by A's own answers, the memo. */
  klass k;
  quick(c, A, n, d, &k);
  if (k.exact) return k.lb;
  if (k.lb >= beta) {
    c->st.cut_bound++;
    return k.lb;
  }
  /* Step 3. The full search. */
  return search_node(c, A, n, d, beta, k.lb, k.h, ply, U, nu);
}

/*
 * Total of guess g on A (its bound lbg already known), exact if below
 * the best total (read from *shared when given, else `best`), otherwise
 * a lower bound at least that best.
 *
 * Pass 1 bounds every class cheaply (quick(): closed forms, O(c^2) split
 * checks, the memo), and abandons g as soon as those bounds reach the
 * best: most guesses are refuted here, without a single scan.  Pass 2
 * searches the classes still open, largest first, each with the budget
 * left once every other class's bound is counted.  Children scan only
 * the guesses U (nu of them) that A's own scan kept.
 */
static int eval_guess(ctx *c, const uint16_t *A, int n, int d, int g, int lbg, int best,
                      atomic_int *shared, int ply, const int *U, int nu) {
  level *L = get_level(c, ply);
  partition(c->s->g, L, A, n, g);
  int sum = lbg, cd = child_depth(d);
  c->st.guess_evals++;
  for (int i = 0; i < L->ncls; i++) {
    klass *k = &L->cls[i];
    quick(c, L->part + k->start, k->size, cd, k);
    sum = imin(sum + k->lb - (2 * k->size - 1), INF);
    if (shared) best = imin(best, atomic_load_explicit(shared, memory_order_relaxed));
    if (sum >= best) {
      c->st.cut_quick++;
      return sum;
    }
  }
  for (int i = 0; i < L->ncls; i++) {
    klass *k = &L->cls[i];
    if (k->exact) continue;
    if (shared) best = imin(best, atomic_load_explicit(shared, memory_order_relaxed));
    int budget = best - (sum - k->lb);
    if (budget <= k->lb) {
      c->st.cut_class++;
      return sum;
    }
    c->st.nodes++;
    if (stopping(c->s)) return INF;
    int v = search_node(c, L->part + k->start, k->size, cd, budget, k->lb, k->h, ply + 1, U, nu);
    sum = imin(sum + v - k->lb, INF);
    if (v >= budget) {
      c->st.cut_class++;
      return sum;
    }
  }
  return sum;
}

static int cand_cmp(const void *pa, const void *pb) {
  const cand *a = pa, *b = pb;
  if (a->score != b->score) return a->score < b->score ? -1 : 1;
  if (a->green != b->green) return b->green - a->green;
  return a->g - b->g;
}

/* Do guesses g and r give every answer of A the same feedback? */
static bool same_feedback(const uint8_t **rows, int g, int r, int n) {
  for (int j = 0; j < n; j++)
    if (rows[j][g] != rows[j][r]) return false;
  return true;
}

/*
 * Scan the guesses U over A: count each guess's classes and keep in
 * L->glist the guesses worth trying on A and its subsets, dropping
 * 1. guesses that give no information on A (all of A in one non-winning
 *    class): they give none on any subset either;
 * 2. guesses whose feedback equals an earlier kept guess's on every
 *    answer of A (checked byte by byte, never by hash alone): they split
 *    every subset identically, so one of them is enough.
 * Of the kept guesses, those whose bound is below beta become candidates
 * in L->cands (the count is returned); *failmin gets the least bound of
 * those cut by beta, and *r the least bounds of step 2 of search_node().  When `perfect` is given and a guess not in A splits
 * A into singletons, *perfect gets it and the scan stops.
 */
typedef struct {
  int lbmin; /* least bound of any guess: a bound on T(A) */
  int ub2;   /* least total of a guess whose classes have <= 2 answers */
} scan_result;

static int scan(ctx *c, level *L, const uint16_t *A, int n, int d, int beta, const int *U,
                int nu, int *failmin, int *perfect, scan_result *r) {
  const game *G = c->s->g;
  const uint64_t *clogc = c->s->clogc;
  uint16_t *cnt = c->cnt;
  uint32_t gen = ++c->sig_gen;
  int nc = 0, ng = 0;
  r->lbmin = r->ub2 = INF;
  const uint8_t **rows = c->rows;
  for (int j = 0; j < n; j++) rows[j] = game_answer_row(G, A[j]);
  c->st.scans++;
  c->st.scan_work += (uint64_t)nu * (uint64_t)n;
  /* An answer that lands in a class already used is a "collision"; a
   * guess with `coll` of them has k <= n - coll classes, so its bound is
   * at least 2n + coll - 1 (INF with two guesses left), and it is dropped
   * as soon as that reaches beta, mostly after a few answers. */
  int maxcoll = d == 2 ? 1 : beta >= INF ? n + 1 : beta - 2 * n + 1;
  if (maxcoll < 1) maxcoll = 1;
  for (int u = 0; u < nu; u++) {
    if ((u & 1023) == 1023 && stopping(c->s)) break; /* the caller sees the stop */
    int g = U[u];
    int coll = 0, j = 0;
    for (; j < n; j++)
      if (cnt[rows[j][g]]++ && ++coll >= maxcoll) break;
    if (j < n) {
      for (int i = 0; i <= j; i++) cnt[rows[i][g]] = 0;
      int lbg = d == 2 ? INF : 2 * n + coll - 1;
      r->lbmin = imin(r->lbmin, lbg);
      *failmin = imin(*failmin, lbg);
      L->glist[ng++] = g; /* kept for subsets: it may do better there */
      c->st.cut_early++;
      continue;
    }
    int k = n - coll;
    int green = cnt[PATTERN_WIN] != 0;
    uint64_t score = 0;
    int maxc = 0;
    for (int j = 0; j < n; j++) {
      uint8_t p = rows[j][g];
      score += clogc[cnt[p]];
      maxc = cnt[p] > maxc ? cnt[p] : maxc;
      cnt[p] = 0;
    }
    if (k == 1 && !green) continue; /* 1. no information */
    /* 2. the same feedback as a kept guess: equal (score, k, green) first */
    uint64_t key = (score * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)k << 1 | (uint64_t)green);
    uint32_t at = (uint32_t)(key >> 32) & c->sigmask;
    bool dup = false;
    for (; c->sig[at].gen == gen; at = (at + 1) & c->sigmask)
      if (c->sig[at].key == key && same_feedback(rows, g, c->sig[at].g, n)) {
        dup = true;
        break;
      }
    if (dup) {
      c->st.dup_guesses++;
      continue;
    }
    c->sig[at] = (sigslot){key, g, gen};
    L->glist[ng++] = g;

    int lbg = 3 * n - k - green;
    if (d == 2 && k != n) lbg = INF; /* one guess left after this one */
    r->lbmin = imin(r->lbmin, lbg);
    if (maxc <= 2 && (d >= 3 || maxc == 1)) r->ub2 = imin(r->ub2, lbg);
    if (k == n && !green && perfect && lbg < beta) {
      *perfect = g;
      break;
    }
    if (lbg >= beta) {
      c->st.cut_static++;
      *failmin = imin(*failmin, lbg);
      continue;
    }
    L->cands[nc++] = (cand){g, lbg, green, score};
  }
  L->ng = ng;
  return nc;
}

/*
 * The full search of a set that quick() could not settle: lb is its bound
 * so far (lb < beta) and h its memo hash.  Returns as solve() does, and
 * records the result in the memo.
 */
static int search_node(ctx *c, const uint16_t *A, int n, int d, int beta, int lb, uint64_t h,
                       int ply, const int *U, int nu) {
  bool memoise = n >= MEMO_MIN_SET;
  int dk = d >= n ? UNLIMITED : d, lb0 = lb;

  /* Step 1. Scan the guesses for their class counts and bounds.  A guess
   * not in A that splits A into singletons costs 2n, the bound quick()
   * proved, so it is optimal and ends the scan. */
  level *L = get_level(c, ply);
  int failmin = INF, perfect = -1;
  scan_result r;
  int nc = scan(c, L, A, n, d, beta, U, nu, &failmin, &perfect, &r);
  if (perfect >= 0) {
    c->st.perfect_out++;
    if (memoise) store(c, h, A, n, dk, 2 * n, true);
    return 2 * n;
  }

  /* Step 2. The least bound over all guesses bounds T(A).  A guess whose
   * classes all have at most two answers costs exactly its bound (classes
   * of one and two cost 1 and 3), so the least such total is achieved:
   * it starts as the best, and if it meets the least bound it is T(A). */
  if (r.lbmin > lb) lb = r.lbmin;
  if (lb >= beta) {
    c->st.fail_high++;
    if (memoise) store(c, h, A, n, dk, lb, false);
    return lb;
  }
  int best = beta;
  if (r.ub2 < best) {
    best = r.ub2;
    c->st.small_class_ub++;
  }
  if (best <= lb) {
    if (memoise) store(c, h, A, n, dk, best, true);
    c->st.bound_sum += (uint64_t)lb0;
    c->st.exact_sum += (uint64_t)best;
    return best;
  }

  /* Step 3. Order: the highest-entropy candidate first (it is usually
   * best, and its total is the bound the others must beat); the rest
   * are sorted only once that total has pruned them. */
  if (nc > 0) {
    int top = 0;
    for (int i = 1; i < nc; i++)
      if (cand_cmp(&L->cands[i], &L->cands[top]) < 0) top = i;
    cand first = L->cands[top];
    L->cands[top] = L->cands[--nc];
    int v = first.lb < best
                ? eval_guess(c, A, n, d, first.g, first.lb, best, NULL, ply, L->glist, L->ng)
                : first.lb;
    if (v < best) best = v;
    else failmin = imin(failmin, v);
    int kept = 0;
    for (int i = 0; i < nc; i++) {
      if (L->cands[i].lb < best) L->cands[kept++] = L->cands[i];
      else failmin = imin(failmin, L->cands[i].lb);
    }
    nc = kept;
    qsort(L->cands, (size_t)nc, sizeof *L->cands, cand_cmp);
  }

  /* Step 4. Evaluate the rest in order; each must beat the best so far,
   * and nothing can beat the least bound. */
  for (int i = 0; i < nc && best > lb && !stopped(c->s); i++) {
    cand cd = L->cands[i];
    if (cd.lb >= best) {
      c->st.cut_static++;
      failmin = imin(failmin, cd.lb);
      continue;
    }
    int v = eval_guess(c, A, n, d, cd.g, cd.lb, best, NULL, ply, L->glist, L->ng);
    if (v < best) best = v;
    else failmin = imin(failmin, v);
  }

  /* Step 5. Record what was proved: the exact value, or a bound. */
  if (best < beta) {
    if (memoise) store(c, h, A, n, dk, best, true);
    c->st.bound_sum += (uint64_t)lb0;
    c->st.exact_sum += (uint64_t)best;
    return best;
  }
  c->st.fail_high++;
  if (failmin < lb) failmin = lb;
  if (memoise) store(c, h, A, n, dk, failmin, false);
  return failmin;
}

/* ------------------------------------------------------------------ */
/* Root: setup, parallel split, progress. */

void search_opts_default(search_opts *o) {
  memset(o, 0, sizeof *o);
  o->max_guesses = 6;
  o->threads = omp_get_num_procs();
  o->memo_mb = MEMO_DEFAULT_MB;
  o->seed = true;
}

search *search_new(const game *g, const search_opts *o) {
  search *s = xcalloc(1, sizeof *s);
  s->g = g;
  s->o = *o;
  if (s->o.threads < 1) s->o.threads = 1;
  s->memo = memo_new((size_t)o->memo_mb << 20);
  if (!s->memo) {
    free(s);
    return NULL;
  }
  s->depth = o->max_guesses <= 0 ? UNLIMITED : o->max_guesses;
  s->nctx = s->o.threads;
  s->ctx = xaligned(sizeof *s->ctx * (size_t)s->nctx);
  memset(s->ctx, 0, sizeof *s->ctx * (size_t)s->nctx);
  uint32_t slots = 1024;
  while (slots < 2u * (uint32_t)g->n_guesses) slots *= 2;
  for (int i = 0; i < s->nctx; i++) {
    s->ctx[i].s = s;
    s->ctx[i].sig = xcalloc(slots, sizeof(sigslot));
    s->ctx[i].sigmask = slots - 1;
    s->ctx[i].rows = xmalloc(sizeof(uint8_t *) * (size_t)g->n_answers);
  }
  s->all = xmalloc(sizeof *s->all * (size_t)g->n_guesses);
  for (int i = 0; i < g->n_guesses; i++) s->all[i] = i;
  s->clogc = heur_clogc_table();
  s->seed_bound = INF;
  return s;
}

void search_free(search *s) {
  if (!s) return;
  for (int i = 0; i < s->nctx; i++) {
    for (int j = 0; j < s->ctx[i].nlv; j++) {
      free(s->ctx[i].lv[j]->cands);
      free(s->ctx[i].lv[j]->glist);
      free(s->ctx[i].lv[j]->part);
      free(s->ctx[i].lv[j]);
    }
    free(s->ctx[i].lv);
    free(s->ctx[i].sig);
    free(s->ctx[i].rows);
  }
  free(s->ctx);
  free(s->all);
  memo_free(s->memo);
  free(s);
}

static void progress(search *s, const char *what, int done, int total, int best) {
  if (!s->o.progress) return;
#pragma omp critical(search_progress)
  {
    double t = now_seconds();
    if (t - s->last_progress >= PROGRESS_INTERVAL || done == total) {
      s->last_progress = t;
      if (best < INF)
        fprintf(stderr, "\r%s %d/%d, best total %d, %.1f s   ", what, done, total, best,
                t - s->t0);
      else
        fprintf(stderr, "\r%s %d/%d, %.1f s   ", what, done, total, t - s->t0);
      if (done == total) fputc('\n', stderr);
      fflush(stderr);
    }
  }
}

/* Greedy seed for a set: its total plus one is a safe first beta. */
static int seed_beta(search *s, const uint16_t *A, int n, int d) {
  if (!s->o.seed || n < MEMO_MIN_SET || stopping(s)) return INF;
  int ub = heur_entropy_total(s->g, A, n, d);
  return ub < INF ? ub + 1 : INF;
}

/* Exact values of the non-winning classes of guess g on A, computed in
 * parallel (one class per task, largest first).  vals[i] is class i of
 * L's partition.  Returns n + their sum, or INF. */
static int solve_root(search *s, const uint16_t *A, int n, int d);

static int solve_classes(search *s, level *L, const uint16_t *A, int n, int d, int g, int *vals) {
  partition(s->g, L, A, n, g);
  int cd = child_depth(d), ncls = L->ncls, done = 0, big = 0;
  long sum = n;
  /* The largest classes first, one at a time, with every thread on its
   * candidate guesses (as at the root): one class can hold most of the
   * work, and a thread per class would leave the others idle. */
  while (s->o.threads > 1 && big < ncls && L->cls[big].size >= SPLIT_CLASS_MIN) {
    int v = INF;
    if (!stopping(s)) {
      v = solve_root(s, L->part + L->cls[big].start, L->cls[big].size, cd);
      if (stopped(s)) v = -1;
    }
    vals[big++] = v;
    sum += v;
    progress(s, "classes solved", ++done, ncls, INF);
  }
  s->seed_bound = INF; /* solve_root() recorded a class's seed */
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads) reduction(+ : sum)
  for (int i = big; i < ncls; i++) {
    ctx *c = my_ctx(s);
    const uint16_t *cls = L->part + L->cls[i].start;
    int size = L->cls[i].size, v = INF;
    if (!stopping(s)) {
      v = solve(c, cls, size, cd, seed_beta(s, cls, size, cd), 1, s->all, s->g->n_guesses);
      if (stopped(s)) v = -1; /* may be incomplete: see below */
    }
    vals[i] = v;
    sum += v;
    int now;
#pragma omp atomic capture
    now = ++done;
    progress(s, "classes solved", now, ncls, INF);
  }
  if (stopped(s)) {
    /* Proven so far: exact values of the classes finished before the
     * stop, quick() bounds for the rest. */
    ctx *c = &s->ctx[0];
    long lb = n;
    int solved = 0;
    for (int i = 0; i < ncls; i++) {
      if (vals[i] >= 0 && vals[i] < INF) {
        lb += vals[i];
        solved++;
        continue;
      }
      klass k;
      quick(c, L->part + L->cls[i].start, L->cls[i].size, cd, &k);
      lb += k.lb;
    }
    s->part = (search_partial){true, lb < INF ? (int)lb : INF, INF, g, solved, ncls, false};
    return INF;
  }
  return sum < INF ? (int)sum : INF;
}

/* The root without a fixed guess: candidates split across threads, all
 * sharing the best total found.  Returns T_d(A). */
static int solve_root(search *s, const uint16_t *A, int n, int d) {
  ctx *c0 = &s->ctx[0];
  int beta = seed_beta(s, A, n, d);
  s->seed_bound = beta < INF ? beta - 1 : INF;
  if (n <= 3 || d <= 1) return solve(c0, A, n, d, INF, 0, s->all, s->g->n_guesses);
  level *L = get_level(c0, 0);
  int failmin = INF;
  scan_result r;
  int nc = scan(c0, L, A, n, d, beta, s->all, s->g->n_guesses, &failmin, NULL, &r);
  if (stopped(s)) {
    /* A partial scan proves nothing about the guesses it did not reach:
     * only the bound every set has remains. */
    s->part = (search_partial){true, 2 * n - 1, INF, -1, 0, s->g->n_guesses, false};
    return INF;
  }
  cand *cands = xmalloc(sizeof *cands * (size_t)(nc ? nc : 1));
  memcpy(cands, L->cands, sizeof *cands * (size_t)nc);
  qsort(cands, (size_t)nc, sizeof *cands, cand_cmp);
  atomic_int best;
  atomic_init(&best, beta);
  int done = 0, best_g = -1;
  /* What each candidate proved, for a report if the search is stopped:
   * its exact total or a bound (its static bound if it never ran). */
  int *proved = xmalloc(sizeof *proved * (size_t)(nc ? nc : 1));
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->o.threads)
  for (int i = 0; i < nc; i++) {
    ctx *c = my_ctx(s);
    int b = atomic_load(&best);
    proved[i] = cands[i].lb;
    if (stopping(s)) continue;
    if (cands[i].lb < b) {
      int v = eval_guess(c, A, n, d, cands[i].g, cands[i].lb, b, &best, 1, L->glist, L->ng);
      /* After a stop a node may return the best total it had found as if
       * exact: an achieved total, but no longer a lower bound. */
      if (!stopped(s)) proved[i] = v;
#pragma omp critical(search_root_best)
      {
        if (v < atomic_load(&best)) {
          atomic_store(&best, v);
          best_g = cands[i].g;
        }
      }
    } else {
      c->st.cut_static++;
    }
    int now;
#pragma omp atomic capture
    now = ++done;
    progress(s, "first guesses tried", now, nc, atomic_load(&best));
  }
  int v = atomic_load(&best);
  if (stopped(s)) {
    int lb = failmin; /* guesses the scan already cut by beta */
    for (int i = 0; i < nc; i++) lb = imin(lb, proved[i]);
    s->part = (search_partial){true, imin(lb, v), v < beta ? v : INF, best_g, done, nc, false};
    v = INF;
  }
  free(proved);
  free(cands);
  /* Nothing beat beta: with a finite seed that cannot happen (the seed's
   * own tree is within it); with beta = INF no strategy fits. */
  return v < beta ? v : INF;
}

/* ------------------------------------------------------------------ */
/* Trees: which guess, by the fixed rule, once values are known. */

static int int_cmp(const void *pa, const void *pb) {
  int a = *(const int *)pa, b = *(const int *)pb;
  return (a > b) - (a < b);
}

static int cand_lb_cmp(const void *pa, const void *pb) {
  const cand *a = pa, *b = pb;
  if (a->lb != b->lb) return a->lb - b->lb;
  if (a->green != b->green) return b->green - a->green;
  return a->g - b->g;
}

static int tie_cmp(const void *pa, const void *pb) {
  const cand *a = pa, *b = pb;
  if (a->green != b->green) return b->green - a->green;
  return a->g - b->g;
}

/*
 * First guess in tie-rule order whose total on A is V (= T_d(A)): one of
 * A's answers if any reaches V, by guess index, else the lowest index.
 * A scan with beta = V + 1 lists the guesses whose bound allows V (of
 * guesses with identical feedback on A it keeps the lowest index, which
 * the rule would pick anyway); they are tried in rule order, at the root
 * in parallel, where the lowest position that reaches V wins.
 */
static int choose(search *s, const uint16_t *A, int n, int d, int V, bool parallel) {
  ctx *c0 = my_ctx(s);
  const game *G = s->g;
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
      int lbg = d == 2 && k != n ? INF : 3 * n - k - 1;
      if (lbg <= V &&
          eval_guess(c0, A, n, d, g, lbg, V + 1, NULL, 1, s->all, G->n_guesses) == V)
        pick = g;
    }
    free(in);
    if (pick >= 0) return pick;
  }
  level *L = get_level(c0, 0);
  int failmin = INF;
  scan_result r;
  int nc = scan(c0, L, A, n, d, V + 1, s->all, s->g->n_guesses, &failmin, NULL, &r);
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
      if (eval_guess(c, A, n, d, cands[i].g, cands[i].lb, V + 1, NULL, 1, U, nu) == V) {
        int cur = atomic_load(&found);
        while (i < cur && !atomic_compare_exchange_weak(&found, &cur, i))
          ;
      }
    }
  } else {
    for (int i = 0; i < nc; i++)
      if (eval_guess(c0, A, n, d, cands[i].g, cands[i].lb, V + 1, NULL, 1, U, nu) == V) {
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
static int value_of(search *s, const uint16_t *A, int n, int d) {
  return solve(my_ctx(s), A, n, d, INF, 1, s->all, s->g->n_guesses);
}

/* Build the subtree for A (value V) with guess g, or the rule's guess
 * when g < 0.  Children are built as OpenMP tasks. */
static tnode *build(search *s, const uint16_t *A, int n, int d, int V, int g) {
  const game *G = s->g;
  if (g < 0 && n == 1) return tree_node_new(G->ans2guess[A[0]], 1, 1, 0);
  if (stopped(s)) return NULL;
  if (g < 0) g = choose(s, A, n, d, V, false);
  if (stopped(s)) return NULL;
  if (g < 0) {
    fprintf(stderr, "optle: internal error: no guess reaches the proven total %d\n", V);
    exit(EXIT_INTERNAL);
  }
  /* Partition into a private buffer: the level scratch is the search's. */
  int cnt[PATTERN_COUNT] = {0}, start[PATTERN_COUNT + 1];
  for (int j = 0; j < n; j++) cnt[game_fb(G, g, A[j])]++;
  int pats[PATTERN_COUNT], np = 0;
  for (int p = 0; p < PATTERN_COUNT; p++)
    if (cnt[p] && p != PATTERN_WIN) pats[np++] = p;
  /* Children in pattern_cmp order, each class contiguous in part. */
  for (int i = 1; i < np; i++)
    for (int j = i; j > 0 && pattern_cmp(pats[j - 1], pats[j]) > 0; j--) {
      int t = pats[j];
      pats[j] = pats[j - 1];
      pats[j - 1] = t;
    }
  uint16_t *part = xmalloc(sizeof *part * (size_t)n);
  int at = 0;
  for (int i = 0; i < np; i++) {
    start[pats[i]] = at;
    at += cnt[pats[i]];
  }
  int fill[PATTERN_COUNT];
  memcpy(fill, start, sizeof fill);
  for (int j = 0; j < n; j++) {
    int p = game_fb(G, g, A[j]);
    if (p != PATTERN_WIN) part[fill[p]++] = A[j];
  }
  tnode *t = tree_node_new(g, V, n, np);
  int cd = child_depth(d);
  long check = n;
  for (int i = 0; i < np; i++) {
    int p = pats[i], v = value_of(s, part + start[p], cnt[p], cd);
    check += v;
    t->pat[i] = (uint8_t)p;
    t->kid[i] = NULL;
#pragma omp task default(shared) firstprivate(i, p, v) if (s->o.threads > 1 && cnt[p] > 8)
    t->kid[i] = build(s, part + start[p], cnt[p], cd, v, -1);
  }
#pragma omp taskwait
  for (int i = 0; i < np; i++)
    if (!t->kid[i]) atomic_store(&s->stop, 1);
  if (stopped(s)) {
    tree_free(t);
    free(part);
    return NULL;
  }
  if (check != V) {
    fprintf(stderr, "optle: internal error: children total %ld, expected %d\n", check, V);
    exit(EXIT_INTERNAL);
  }
  free(part);
  return t;
}

void search_set_time_limit(search *s, double seconds) { s->o.time_limit = seconds; }

/* Every public entry point starts here: the clock, the deadline, no stop. */
static void begin(search *s) {
  s->t0 = now_seconds();
  s->last_progress = 0;
  s->deadline = s->o.time_limit > 0 ? s->t0 + s->o.time_limit : 0;
  atomic_store(&s->stop, 0);
  s->part = (search_partial){0};
}

/* Every value-only entry point ends here: a stop makes its INF a "don't
 * know", which search_stopped() reports. */
static int finish(search *s, int v) {
  if (stopped(s)) {
    s->part = (search_partial){true, 0, INF, -1, 0, 0, false};
    return INF;
  }
  return v;
}

int search_solve(search *s, const uint16_t *A, int n, int first, tnode **tree) {
  begin(s);
  int d = s->depth, V;
  if (tree) *tree = NULL;
  if (first >= 0) {
    level *L = xcalloc(1, sizeof *L);
    L->part = xmalloc(sizeof *L->part * (size_t)n);
    int *vals = xmalloc(sizeof *vals * PATTERN_COUNT);
    /* A guess limit of one leaves nothing after the first guess. */
    if (d == 1 && !(n == 1 && game_fb(s->g, first, A[0]) == PATTERN_WIN)) V = INF;
    else V = solve_classes(s, L, A, n, d, first, vals);
    free(vals);
    free(L->part);
    free(L);
  } else {
    V = solve_root(s, A, n, d);
  }
  s->t_values = now_seconds() - s->t0;
  if (V < INF && tree) {
    /* The root's guess is chosen with all threads, before the tasks. */
    int g0 = first >= 0 || n == 1 ? first : choose(s, A, n, d, V, true);
#pragma omp parallel num_threads(s->o.threads)
#pragma omp single
    *tree = build(s, A, n, d, V, g0);
    if (stopped(s)) {
      /* The value is proven; only the tree was cut short. */
      tree_free(*tree);
      *tree = NULL;
      s->part = (search_partial){true, V, V, g0, 0, 0, true};
    }
  }
  s->t_tree = now_seconds() - s->t0 - s->t_values;
  return s->part.stopped ? INF : V;
}

int search_value(search *s, const uint16_t *A, int n, int depth) {
  if (n <= 0) return 0;
  begin(s);
  int v = solve(&s->ctx[0], A, n, depth > 0 ? depth : s->depth, INF, 0, s->all, s->g->n_guesses);
  return finish(s, v);
}

/* The value of guessing g first: n + the classes' exact values. */
static int guess_value(search *s, const uint16_t *A, int n, int d, int g, int beta) {
  if (d <= 1) return n == 1 && game_fb(s->g, g, A[0]) == PATTERN_WIN ? 1 : INF;
  ctx *c = &s->ctx[0];
  level *L = get_level(c, 0);
  partition(s->g, L, A, n, g);
  if (L->ncls == 1 && L->cls[0].size == n) return INF; /* no information */
  int lbg = n;
  for (int i = 0; i < L->ncls; i++) lbg += 2 * L->cls[i].size - 1;
  if (lbg >= beta) return lbg;
  return eval_guess(c, A, n, d, g, lbg, beta, NULL, 0, s->all, s->g->n_guesses);
}

int search_guess_value(search *s, const uint16_t *A, int n, int depth, int g) {
  if (n <= 0) return 0;
  begin(s);
  return finish(s, guess_value(s, A, n, depth > 0 ? depth : s->depth, g, INF));
}

static int ranked_cmp(const void *pa, const void *pb) {
  const search_ranked *a = pa, *b = pb;
  if (a->value != b->value) return a->value < b->value ? -1 : 1;
  if (a->in_set != b->in_set) return b->in_set - a->in_set;
  return a->guess - b->guess;
}

int search_rank(search *s, const uint16_t *A, int n, int depth, int top, search_ranked *out) {
  if (n <= 0 || top <= 0) return 0;
  begin(s);
  int d = depth > 0 ? depth : s->depth;
  const game *G = s->g;
  ctx *c = &s->ctx[0];
  /* Every informative guess's class-count bound (no dedupe: guesses
   * with the same feedback are equal alternatives, and all are listed). */
  cand *cands = xmalloc(sizeof *cands * (size_t)G->n_guesses);
  int nc = 0;
  for (int g = 0; g < G->n_guesses; g++) {
    int k = 0;
    for (int j = 0; j < n; j++) k += c->cnt[game_fb(G, g, A[j])]++ == 0;
    int green = c->cnt[PATTERN_WIN] != 0;
    for (int j = 0; j < n; j++) c->cnt[game_fb(G, g, A[j])] = 0;
    if (k == 1 && !green) continue;
    cands[nc++] = (cand){g, 3 * n - k - green, green, 0};
  }
  qsort(cands, (size_t)nc, sizeof *cands, cand_lb_cmp);
  int have = 0;
  for (int i = 0; i < nc; i++) {
    /* Sorted by bound: once the bound passes the worst kept value, stop. */
    if (have == top && cands[i].lb > out[have - 1].value) break;
    int beta = have == top ? out[have - 1].value + 1 : INF;
    int v = guess_value(s, A, n, d, cands[i].g, beta);
    if (v >= beta || v >= INF) continue;
    search_ranked e = {cands[i].g, v, cands[i].green};
    if (have == top) {
      if (ranked_cmp(&e, &out[have - 1]) >= 0) continue;
      have--;
    }
    out[have++] = e;
    qsort(out, (size_t)have, sizeof *out, ranked_cmp);
  }
  free(cands);
  return finish(s, have) == INF ? 0 : have;
}

void search_get_stats(const search *s, search_stats *out) {
  memset(out, 0, sizeof *out);
  for (int i = 0; i < s->nctx; i++) {
#define X(name, doc) out->name += s->ctx[i].st.name;
    SEARCH_STATS(X)
#undef X
  }
  memo_stats ms;
  memo_get_stats(s->memo, &ms);
  out->memo_stores = ms.stores;
  out->memo_evictions = ms.evictions;
  out->memo_bytes = ms.bytes_used;
}

int search_seed_bound(const search *s) { return s->seed_bound; }

const search_partial *search_stopped(const search *s) {
  return s->part.stopped ? &s->part : NULL;
}

void search_times(const search *s, double *values, double *tree) {
  *values = s->t_values;
  *tree = s->t_tree;
}
