/*
 * kernel.h: the lookahead bounds' kernels, one file per instruction set
 * (private to the search: src/search_l1.c and src/search_l2.c call them).
 *
 * A kernel is a table of functions over a bounds table's rows (a row per
 * answer, a byte per guess: its feedback pattern), with no knowledge of
 * the search.  For a block of guesses (lanes) of a set of m answers it
 * counts, per guess, the answers whose pattern an earlier answer already
 * had (collisions), and abandons a guess once it has more than lim + green
 * of them (green: the guess is one of the set's answers).  A guess's s =
 * m - collisions + green is its classes plus [h in C]; L1 and L2
 * (search_bounds.c's note) are built on it.
 *
 *   block       the compare kernel: row j against rows 0 .. j-1 (sets of
 *               fewer than BOUNDS_BITS_MIN answers)
 *   big         a 256-bit set of patterns seen per guess (larger sets)
 *   packed,     the same over a pack: the taken lanes of up to PACK_SRC
 *   big_packed  blocks side by side in one pass (NULL: this kernel takes
 *               one block a pass)
 *   lcap_codes  the letter caps' table for a set (search_lcaps.c's note)
 *   lcap_lanes  which lanes of a block the letter caps let through
 *   gather      out[i] = row[pos[i]]: a row in another order
 *
 * Every kernel gives exactly the scalar kernel's outputs (the same lanes,
 * the same s, the same reads), which tests/check_kernel.c checks for each
 * kernel the host can run; so the bounds, the trees and the counters
 * never depend on the kernel.  kernel.c picks the best one the CPU has,
 * or OPTLE_KERNEL's.
 *
 * A row is readable 64 bytes past any lane a kernel is asked for (the
 * tables pad every row to a multiple of 64 and add 64 after the last),
 * and isin is readable to the block's last lane.
 */
#ifndef OPTLE_KERNEL_H
#define OPTLE_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tuning.h"

#if defined(__x86_64__) || defined(__i386__)
#define KERNEL_X86 1
#endif

/* Lanes u0 .. u0 + w - 1 (w <= 64) of rows whose bit is set in take:
 * those with at most lim + isin[u] collisions go to pos[] (their lane
 * positions) and sv[] (their s); returns their count.  *reads: the rows
 * the longest-lived lane needed. */
typedef int (*kblock_fn)(const uint8_t *const *rows, const uint8_t *isin, int m, int u0, int w,
                         uint64_t take, int lim, int *pos, int *sv, int *reads);

/* A pack: the taken lanes (mask[t]) of blocks at u0[t], in order, side by
 * side: packed lane o is the o-th taken lane (kpack_pos()). */
typedef struct {
  int n, lanes; /* blocks, lanes taken in all (at most 64) */
  int u0[PACK_SRC], w[PACK_SRC];
  uint64_t mask[PACK_SRC];
} kpack;

/* A kblock_fn over a pack's lanes: pos[] gets packed lane numbers. */
typedef int (*kpacked_fn)(const uint8_t *const *rows, const uint8_t *isin, const kpack *p, int m,
                          int lim, int *pos, int *sv, int *reads);

/* The letter caps' table of a set: code[q][c], the colours letter code c
 * (0-51: letter, +26 when the guess has it twice) can get at place q, as
 * an exponent code (0 one colour, 1 two, 8 three); kcap_pow[] turns the
 * five codes' sum into the cap 2^e2 3^e3. */
typedef struct {
  uint8_t code[5][64];
} kcaps;
extern const uint8_t kcap_pow[64];

/* code[q][c] from the colours possible: bit c of gr/ye/gy[q] (green,
 * yellow, grey). */
typedef void (*kcodes_fn)(const uint64_t gr[5], const uint64_t ye[5], const uint64_t gy[5],
                          kcaps *t);
/* The lanes u0 .. u0 + w - 1 whose cap (from lq[q * lqstride + u], the
 * guesses' letter codes) plus isin[u] is above best. */
typedef uint64_t (*klanes_fn)(const uint8_t *lq, size_t lqstride, const kcaps *t,
                              const uint8_t *isin, int u0, int w, int best);
/* out[i] = row[pos[i]] for i < n (row readable 3 bytes past each). */
typedef void (*kgather_fn)(uint8_t *out, const uint8_t *row, const int *pos, int n);

typedef struct kernel {
  const char *name;  /* OPTLE_KERNEL's word for it */
  const char *needs; /* what the CPU must have, in words */
  bool (*available)(void);
  kblock_fn block, big;
  kpacked_fn packed, big_packed;
  kcodes_fn lcap_codes;
  klanes_fn lcap_lanes;
  kgather_fn gather;
} kernel;

/* The kernels (kernel_*.c), best first. */
extern const kernel kernel_scalar, kernel_portable;
#ifdef KERNEL_X86
extern const kernel kernel_avx2, kernel_avx512, kernel_vbmi;
#endif

/* kernel.c: every kernel built in, best first (*n of them). */
const kernel *const *kernel_all(int *n);
/* The one the bounds use: OPTLE_KERNEL's when it names one this CPU has,
 * else the best the CPU has. */
const kernel *kernel_active(void);
/* 0 when OPTLE_KERNEL is unset or names a kernel this CPU has; else -1
 * with err_set() naming the kernels (the CLI exits 2 on it). */
int kernel_check_env(void);

/* The set kernels' next check (kernel_avx512.h's note): after row j of
 * m, where the live lane nearest its limit may take `room` more
 * collisions, the row where it could first pass it, at least
 * BOUNDS_SET_STEP on and at most m. */
static inline int kset_next(int j, int m, int room) {
  int next = j + (room + 1 > BOUNDS_SET_STEP ? room + 1 : BOUNDS_SET_STEP);
  return next < m ? next : m;
}

/* kernel_scalar.c: what the kernels share.  The order position of packed
 * lane o of p. */
int kpack_pos(const kpack *p, int o);
/* The scalar kernel's functions, for kernels that have no better one. */
int kscalar_block(const uint8_t *const *rows, const uint8_t *isin, int m, int u0, int w,
                  uint64_t take, int lim, int *pos, int *sv, int *reads);
void kscalar_codes(const uint64_t gr[5], const uint64_t ye[5], const uint64_t gy[5], kcaps *t);
uint64_t kscalar_lanes(const uint8_t *lq, size_t lqstride, const kcaps *t, const uint8_t *isin,
                       int u0, int w, int best);
void kscalar_gather(uint8_t *out, const uint8_t *row, const int *pos, int n);
/* Lanes 0 .. hw-1 alive in `alive`: positions base + lane and s = m -
 * cb[lane] + gb[lane] appended at pos/sv[ns]; returns the new count. */
int klanes_out(uint64_t alive, int hw, int base, int m, const int *cb, const int *gb, int *pos,
               int *sv, int ns);
/* The least room[l] of the lanes l < n alive (bit l), or INT_MAX. */
int kleast_room(const int *room, uint64_t alive, int n);

#endif
