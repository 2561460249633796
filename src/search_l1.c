/*
 * search_l1.c: L1, the one-guess lookahead bound (search_bounds.c's
 * note): L1(C) = 3m - the largest s of any guess on C, found by a scan of
 * the bounds context's order.
 *
 * A scan goes a pass at a time (srch_scan_pass()): the blocks of the
 * order from where it is, each block's lanes narrowed to the guesses the
 * rules allow and whose letter caps can beat the best s so far
 * (search_lcaps.c); when the kernel packs (kernel.h), up to PACK_SRC such
 * blocks, their taken lanes side by side, share one pass.  A scan ends
 * at the first block whose cap cannot beat the best, or once it has
 * found `enough`.
 *
 * srch_bound1() also answers what the search asks most: a wanted bound
 * ("is L1(C) at least want?"), which a scan proves by finding no s above
 * 3m - want (the want memo keeps such answers), and whether some guess
 * splits C into singletons (srch_bounds_splits(), the feasibility
 * test's).  L2 (search_l2.c) calls srch_bound1_capped() for its classes.
 */
#include "kernel.h"
#include "search_impl.h"

/* Fill rows and isin (permuted space) for the set C; unmark undoes. */
void srch_bounds_mark(const search *s, const bounds_ctx *b, const uint8_t **rows, uint8_t *isin,
                      const uint16_t *C, int m) {
  for (int j = 0; j < m; j++) {
    rows[j] = b->ptab + (size_t)b->prow[C[j]] * (size_t)b->pstride;
    __builtin_prefetch(rows[j]); /* the first block's lines */
    assert(b->ppos[s->g->ans2guess[C[j]]] >= 0); /* every answer is one of its guesses */
    isin[b->ppos[s->g->ans2guess[C[j]]]] = 1;
  }
}
void srch_bounds_unmark(const search *s, const bounds_ctx *b, uint8_t *isin, const uint16_t *C,
                        int m) {
  for (int j = 0; j < m; j++) isin[b->ppos[s->g->ans2guess[C[j]]]] = 0;
}

/* The lanes from block u0 on (of it, those in *left) that are taken
 * (allowed by the rules, with letters that can beat best), into ps until
 * it has 64 (a block's lanes may be split between two) or most blocks;
 * returns the block to go on from, with *left its lanes still to take,
 * and *end set when a cap ends the scan there. */
static int pack_collect(const kernel *K, const bounds_ctx *b, const kcaps *lc, const uint8_t *isin,
                        const uint64_t *allowed, int u0, uint64_t *left, int best, int most,
                        kpack *ps, bool *end) {
  ps->n = ps->lanes = 0;
  *end = false;
  for (; u0 < b->nstrong && ps->n < most; u0 += 64, *left = ~0ull) {
    if (ps->lanes == 64) return u0; /* full: this block goes in the next */
    if (b->cap[u0] <= best) break; /* nothing later can beat it */
    uint64_t mask = (allowed ? allowed[u0 / 64] : ~0ull) & *left;
    if (!mask) continue; /* the rules allow no guess of the block */
    /* The first allowed guess has the largest cap of every allowed guess
     * from here on (caps never rise along the order). */
    if (b->cap[u0 + __builtin_ctzll(mask)] <= best) break;
    int w = b->nstrong - u0 < 64 ? b->nstrong - u0 : 64;
    mask &= K->lcap_lanes(b->lq, (size_t)b->lqstride, lc, isin, u0, w, best);
    if (!mask) continue; /* no guess of the block has letters for more */
    uint64_t take = mask, rest = mask;
    for (int room = 64 - ps->lanes; rest && room > 0; room--) rest &= rest - 1;
    take &= ~rest; /* the first (64 - lanes) of them */
    assert(take); /* the pack had room */
    ps->u0[ps->n] = u0;
    ps->w[ps->n] = w;
    ps->mask[ps->n++] = take;
    ps->lanes += __builtin_popcountll(take);
    if (rest) { /* the block goes on in the next pack */
      *left = rest;
      return u0;
    }
  }
  *end = ps->n < most; /* a cap, or the order's end */
  return u0;
}

/* One pass of the kernel from *at on, over the lanes that may have
 * s > best (the caps, the rules' allowed, the letter caps lc), packed
 * when the CPU can: those with at most lim + isin collisions go to
 * pos[] (b's order) and sv[] (their s); returns their count. */
int srch_scan_pass(ctx *c, const bounds_ctx *b, const uint8_t *const *rows, const uint8_t *isin,
                   int m, const kcaps *lc, const uint64_t *allowed, int best, int lim,
                   scan_at *at, int *pos, int *sv) {
  const kernel *K = kernel_active();
  bool big = m >= BOUNDS_BITS_MIN;
  kpacked_fn packed = big ? K->big_packed : K->packed;
  kpack ps;
  at->u0 = pack_collect(K, b, lc, isin, allowed, at->u0, &at->left, best, packed ? PACK_SRC : 1,
                        &ps, &at->end);
  if (!ps.n) return 0;
  int ns, reads;
  if (ps.n == 1) {
    ns = (big ? K->big : K->block)(rows, isin, m, ps.u0[0], ps.w[0], ps.mask[0], lim, pos, sv,
                                   &reads);
  } else {
    ns = packed(rows, isin, &ps, m, lim, pos, sv, &reads);
    for (int i = 0; i < ns; i++) pos[i] = kpack_pos(&ps, pos[i]);
  }
  c->st.bound_guesses += (uint64_t)ps.lanes;
  c->st.bound_reads += (uint64_t)reads * (uint64_t)ps.lanes;
  if (big) c->st.bound_big += (uint64_t)ps.lanes;
  return ns;
}

/* The largest s over all guesses on C (rows, isin marked), stopping at
 * `enough`; given a floor, only a larger s is looked for (a result at the
 * floor says no guess has more).  A stop (a large class takes a second)
 * gives m + 1, the largest s there is (one of C's own answers splitting
 * it into singletons): the weakest bound, 2m - 1, still a proven one (m
 * would say 2m, above such a set's value, and a stopped proof reports
 * its bounds as proven). */
static int smax(ctx *c, const bounds_ctx *b, const uint8_t *const *rows, const uint8_t *isin,
                const uint16_t *C, int m, int enough, int floor, const uint64_t *allowed) {
  int best = floor, pos[64], sv[64];
  kcaps lc;
  srch_lcaps(c->s->g, C, m, &lc);
  c->st.bound_scans++;
  for (scan_at at = {0, ~0ull, false}; at.u0 < b->nstrong && best < enough && !at.end;) {
    if (stopped(c->s)) return m + 1;
    int ns = srch_scan_pass(c, b, rows, isin, m, &lc, allowed, best, scan_lim(m, best + 1), &at,
                            pos, sv);
    for (int i = 0; i < ns; i++) best = sv[i] > best ? sv[i] : best;
  }
  return best;
}

#ifndef NDEBUG
/* smax() from the definition, for assert() on small cases: every guess,
 * the original table, no order, no caps, no abandoning. */
static int smax_slow(const game *G, const uint16_t *C, int m) {
  if ((long)m * G->n_guesses > 4000000) return -1;
  int best = 0;
  for (int g = 0; g < G->n_guesses; g++) {
    uint64_t b[4] = {0, 0, 0, 0};
    int k = 0, green = 0;
    for (int j = 0; j < m; j++) {
      int p = game_fb(G, g, C[j]);
      green |= p == PATTERN_WIN;
      k += !(b[p >> 6] >> (p & 63) & 1);
      b[p >> 6] |= 1ull << (p & 63);
    }
    best = k + green > best ? k + green : best;
  }
  return best > m ? m : best; /* smax() stops at m */
}
#endif

bool srch_bounds_splits(ctx *c, const bounds_ctx *b, const uint16_t *C, int m) {
  const uint8_t **rows = c->rows2;
  uint8_t *isin = c->isin2;
  srch_bounds_mark(c->s, b, rows, isin, C, m);
  kblock_fn scan = m < BOUNDS_BITS_MIN ? kernel_active()->block : kernel_active()->big;
  bool found = false;
  int pos[64], sv[64];
  c->st.bound_scans++;
  for (int u0 = 0; u0 < b->nstrong && !found; u0 += 64) {
    if (b->cap[u0] < m) break; /* fewer classes than answers from here on */
    int w = b->nstrong - u0 < 64 ? b->nstrong - u0 : 64, reads;
    int ns = scan(rows, isin, m, u0, w, ~0ull, 0, pos, sv, &reads);
    c->st.bound_guesses += (uint64_t)w;
    c->st.bound_reads += (uint64_t)reads * (uint64_t)w;
    /* s = m - collisions + [in C]: no collision is a split into singles. */
    for (int i = 0; i < ns && !found; i++) found = sv[i] - isin[pos[i]] == m;
  }
  srch_bounds_unmark(c->s, b, isin, C, m);
  return found;
}

/* A bound worth keeping for later probes (closed forms are cheaper). */
void srch_bounds_keep(ctx *c, const klass *k, const uint16_t *C, int m, int d, int lb,
                      const rstate *rs) {
  /* Under a root history (search_set_history()) every set the search
   * meets has a state; a bound over the guesses the root allows, kept
   * under no state, would stand for the set with nothing known. */
  if (c->s->root_rs && !rs) return;
  int klen;
  const void *key = rstate_key(rs, &klen);
  assert(set_sorted(C, m));
  if (m >= MEMO_MIN_SET && bound_above_closed(m, lb) && !stopped(c->s))
    memo_store_k(c->s->memo, k->h, C, m, d >= m ? UNLIMITED : d, key, klen, lb, false);
}

/* srch_bound1() given scap: no guess has s above it on C (C lies in a
 * set where none does: k and [h in C] only fall on a subset), so the
 * scan ends once it finds that much. */
int srch_bound1_capped(ctx *c, const bounds_ctx *b, const uint16_t *C, int m, int d, bool *exact,
                       const rstate *rs, int want, int scap) {
  int floor = want < INF ? l1_term(m, want) : 0; /* s at most this gives want */
  klass k;
  /* The splits by C's own answers (srch_quick_splits(), O(m^2) reads
   * far apart) only where a scan cannot rule them out: an answer that
   * splits C into singletons has s = m + 1, one that leaves one pair
   * s = m, so a largest s below m says neither. */
  bool splits = srch_quick_memo(c, C, m, d, &k, rs) || m < MEMO_MIN_SET;
  if (!k.exact && m < MEMO_MIN_SET) srch_quick_splits(c, C, m, d, &k);
  *exact = k.exact;
  /* A stored bound above 2m is used as it is: it came from L1, L2 or a
   * search (valid either way, and rarely below L1). */
  if (k.exact || bound_above_closed(m, k.lb)) return k.lb;
  /* A wanted bound proven before, at least as high as this one wants. */
  int dk = d >= m ? UNLIMITED : d, klen, wv;
  const void *key = rstate_key(rs, &klen);
  bool wx, wok = want < INF && b->want && m >= MEMO_MIN_SET && !(c->s->root_rs && !rs);
  if (wok && memo_probe_k(b->want, k.h, C, m, dk, key, klen, &wv, &wx) && wv >= want) {
    assert(!wx && wv > k.lb); /* only bounds, above 2m */
    return wv;
  }
  c->st.bound1++;
  /* Not exact: no answer of C splits it into singletons or leaves one
   * pair, so s <= m, and s = m (a bound of 2m) is the best there is. */
  uint64_t *allowed = NULL;
  if (rs && c->s->rw) { /* only the guesses the state allows */
    allowed = c->allowed;
    srch_bounds_allowed(c->s, b, rs, allowed);
  }
  int enough = imin(m, scap);
  if (floor >= enough) { /* s <= enough: no scan can say more */
    if (!splits && scap >= m) { /* unless an answer has s = m or m + 1 */
      splits = true;
      srch_quick_splits(c, C, m, d, &k);
      if ((*exact = k.exact)) return k.lb;
    }
    c->st.bound1_want++;
    return l1_term(m, enough) > k.lb ? l1_term(m, enough) : k.lb;
  }
  srch_bounds_mark(c->s, b, c->rows, c->isin, C, m);
  int sm = smax(c, b, c->rows, c->isin, C, m, enough, floor > 0 ? floor : 0, allowed);
  srch_bounds_unmark(c->s, b, c->isin, C, m);
  assert(stopped(c->s) || allowed || smax_slow(c->s->g, C, m) < 0 ||
         (floor > 0 && sm == floor ? smax_slow(c->s->g, C, m) <= floor
                                   : imin(sm, m) == smax_slow(c->s->g, C, m)));
  if (sm >= m && !splits && !stopped(c->s)) { /* an answer may split C: ask */
    splits = true;
    srch_quick_splits(c, C, m, d, &k);
    if ((*exact = k.exact)) return k.lb;
  }
  assert(stopped(c->s) || (sm >= 0 && sm <= m)); /* not exact: no guess splits C apart */
  assert(!stopped(c->s) || sm <= m + 1);
  int lb = l1_term(m, sm);
  if (lb < k.lb) lb = k.lb;
  /* At the floor the bound is the floor's, not L1: not kept (the memo's
   * bounds above 2m are taken as they are). */
  if (floor > 0 && sm == floor) {
    c->st.bound1_want++;
    if (wok && bound_above_closed(m, lb) && !stopped(c->s))
      memo_store_k(b->want, k.h, C, m, dk, key, klen, lb, false);
  } else
    srch_bounds_keep(c, &k, C, m, d, lb, rs);
  return lb;
}

int srch_bound1(ctx *c, const bounds_ctx *b, const uint16_t *C, int m, int d, bool *exact,
                const rstate *rs, int want) {
  return srch_bound1_capped(c, b, C, m, d, exact, rs, want, INF);
}

