/*
 * search_lcaps.c: the letter caps, a bound on every guess's classes on a
 * set C from its letters alone (search_bounds.c's layer; the lookups are
 * the kernel's, kernel.h).
 *
 * Guess h's pattern on answer a is a colour per place; at place q, with
 * L = h[q], over the answers of C:
 *   green  only if some answer has L at q;
 *   yellow only if some answer has L, but not at q;
 *   grey   only if some answer lacks L (h has L once: its L at q is
 *          yellow whenever a has an L elsewhere, since no other place of
 *          h takes it), or, when h has L more than once, only if some
 *          answer has no L at q.
 * So h has at most the product over places of the colours possible
 * there classes on C: k_h <= prod, s_h <= prod + [h in C].  The table
 * gives, per place and letter code (the bounds context's lq), the
 * colours' count as an exponent code, 0 for one colour, 1 for two, 8 for
 * three; the five codes' sum e2 + 8 e3 (at most 40) indexes kcap_pow,
 * 2^e2 3^e3.  Before a block is scanned, a guess whose cap cannot beat
 * the best is not taken (search_l1.c).
 */
#include "kernel.h"
#include "search_impl.h"

/* The colours possible at each place, as masks over letter codes (bit
 * c: code c, 0-51): green, yellow, grey. */
static void lcap_masks(const game *G, const uint16_t *C, int m, uint64_t gr[5], uint64_t ye[5],
                       uint64_t gy[5]) {
  const uint32_t all = (1u << 26) - 1;
  uint32_t at[5] = {0}, elsewhere[5] = {0}, lacks = 0;
  for (int j = 0; j < m; j++) {
    const char *w = G->answers.w[C[j]];
    uint32_t has = 0;
    for (int q = 0; q < 5; q++) has |= 1u << (w[q] - 'a');
    lacks |= all & ~has;
    for (int q = 0; q < 5; q++) {
      uint32_t bit = 1u << (w[q] - 'a');
      at[q] |= bit;
      elsewhere[q] |= has & ~bit;
    }
  }
  for (int q = 0; q < 5; q++) {
    uint64_t notat = __builtin_popcount(at[q]) == 1 ? all & ~at[q] : all;
    gr[q] = (uint64_t)at[q] | (uint64_t)at[q] << 26;
    ye[q] = (uint64_t)elsewhere[q] | (uint64_t)elsewhere[q] << 26;
    gy[q] = (uint64_t)lacks | notat << 26;
  }
}

void srch_lcaps(const game *G, const uint16_t *C, int m, kcaps *t) {
  uint64_t gr[5], ye[5], gy[5];
  lcap_masks(G, C, m, gr, ye, gy);
  kernel_active()->lcap_codes(gr, ye, gy, t);
#ifndef NDEBUG
  for (int q = 0; q < 5; q++) /* every answer gives a letter code a colour */
    for (int code = 0; code < 52 && m > 0; code++)
      assert((gr[q] | ye[q] | gy[q]) >> code & 1);
#endif
}

int srch_letter_cap(const game *G, const uint16_t *C, int m, int h) {
  kcaps t;
  srch_lcaps(G, C, m, &t);
  int e = 0;
  for (int q = 0; q < 5; q++) e += t.code[q][letter_code(G->guesses.w[h], q)];
  return kcap_pow[e];
}
