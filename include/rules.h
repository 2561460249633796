/*
 * rules.h: the game's rules and the objective, the two parameters every
 * exact search, tree and ranking takes (search_opts.rules, .objective).
 *
 * Rules: which guesses are allowed after a history of (guess, pattern).
 *  - RULES_NORMAL: every guess of the list, at every turn.  The allowed
 *    set never changes: the search's memo keys on the answer set alone,
 *    and it passes a node's guess list to its children unchanged.
 *  - RULES_HARD, the New York Times rule: every letter shown green stays
 *    in its place, and every letter shown green or yellow is used again,
 *    as many times as it was shown.  Gray letters may come back, and a
 *    yellow letter may stay where it was.
 *  - RULES_HARDGRAY, hard mode as some write-ups define it: hard mode,
 *    and a letter shown gray is not used again, beyond the copies of it
 *    the same guess showed green or yellow.  A yellow letter may still
 *    stay where it was.  (The 2026 paper's 8117 without a guess limit
 *    is this rule's optimum; the NYT rule's is 8116: README.)
 *  - RULES_ULTRAHARD: every guess could still be the answer: it gives
 *    each earlier guess exactly the pattern that guess received.
 *
 * What the history leaves is an rstate: letters allowed at each
 * position, and a least and a greatest count of each letter.  The rules
 * are cumulative, so the state after one more guess is the old state
 * and the new guess's own constraint together (rstate_add()), and a
 * guess is allowed when it meets the state (rstate_allows()).  Why the
 * state is exact:
 *  - hard mode reads only greens (a position's letter) and green or
 *    yellow counts (a letter's least count): the state holds exactly
 *    those; its other fields stay at "anything";
 *  - hard-gray reads those and, for a letter with a gray tile, its
 *    green or yellow count as its greatest count (positions stay
 *    "anything" but the greens);
 *  - ultrahard: guess g with pattern p is consistent with word w exactly
 *    when w has g's letter at p's green positions and not at the others,
 *    and, for every letter L of g, min(count of L in g, in w) is the
 *    number of L's green and yellow tiles (the pattern is a function of
 *    those: greens first, yellows left to right).  So w's count of L is
 *    that number exactly when a tile of L is gray, and at least it
 *    otherwise.
 * Every answer still possible meets both rules (it is consistent with
 * every pattern), so the search's closed forms, which guess answers of
 * the set, stay exact; its other bounds are minima over the guesses it
 * scans, and it scans only allowed ones.  A guess that tells nothing on
 * a set only narrows the allowed guesses: it is never worth making.
 *
 * Two histories with the same state allow the same guesses, so the memo
 * keys on the set and the state (the state's bytes, rstate_key()); the
 * empty state (nothing known) is the normal key, so the root and the
 * normal rules pay nothing.
 *
 * Checking a guess: rules_why() names the first rule a guess breaks
 * after a history, in the words the game uses ("2nd letter must be A",
 * "guess must contain E") or, for verify, with the guess that showed it.
 *
 * Objective: what a strategy minimises.
 *  - OBJ_TOTAL: the total number of guesses over all answers (the
 *    average times the answer count).  T(A) = |A| + sum over the
 *    non-winning classes of T(class), and a set of n answers costs at
 *    least 2n - 1 (objective_floor(), objective_combine()).
 *  - OBJ_WORST: the fewest guesses the worst answer needs, then the
 *    fewest in total among the strategies that need no more.  The
 *    strategy layer finds that depth D by the search's feasibility test
 *    (search_feasible(): can these answers be finished within k
 *    guesses?), then runs the total search within D guesses: the least
 *    total within the least feasible depth is the lexicographic optimum.
 */
#ifndef OPTLE_RULES_H
#define OPTLE_RULES_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

/* From the least strict to the most: each allows no guess the one before
 * it forbids (verify checks a tree under the stricter of two). */
typedef enum { RULES_NORMAL = 0, RULES_HARD, RULES_HARDGRAY, RULES_ULTRAHARD } rules_mode;
typedef enum { OBJ_TOTAL = 0, OBJ_WORST } objective;

/* "normal", "hard", "hard-gray", "ultrahard"; "total", "worst". */
const char *rules_name(rules_mode m);
const char *objective_name(objective o);
/* By name: 0, or -1 for an unknown name. */
int rules_parse(const char *name, rules_mode *m);
int objective_parse(const char *name, objective *o);

/* Do the rules ever narrow the allowed guesses after a guess? */
static inline bool rules_narrows(rules_mode m) { return m != RULES_NORMAL; }

/* A word as the rules read it: its letters, one per byte, and its letter
 * counts, a 4-bit field per letter (a..p in cnt[0], q..z in cnt[1]). */
typedef struct {
  uint64_t w64;
  uint64_t cnt[2];
} rword;
/* The rword of every guess of G (free() it). */
rword *rules_words(const game *G);
void rules_word(const char *w, rword *out);

/* What a history allows (see the top).  Build it only with rstate_init()
 * and rstate_add().  Its memo key (rstate_key()) is its first keylen
 * bytes, the fields its rules can change: hard mode sets only the greens
 * and the least counts (24 bytes), hard-gray the greatest counts too
 * (40), ultrahard the letters allowed at each place as well (60); the
 * fields after them keep rstate_init()'s values under those rules, and
 * gmask follows from gval (a letter is never 0).  Hard mode's keys were
 * the whole 72 bytes, most of a small set's memo record. */
typedef struct {
  uint64_t gval;           /* green letters in place, 0 bytes elsewhere */
  uint64_t min[2], max[2]; /* least and greatest counts, 4-bit fields */
  uint32_t pos[5];         /* letters allowed at each position (bit 0 = a) */
  uint32_t keylen;         /* the key's bytes under the rules that made it (0: none) */
  uint64_t gmask;          /* green positions: bytes of w64 that must match gval */
} rstate;

/* Nothing known. */
void rstate_init(rstate *s);
bool rstate_empty(const rstate *s);
/* Add what guess g's pattern p tells under mode m. */
void rstate_add(rules_mode m, rstate *s, const rword *g, int p);
/* Does word w meet the state? */
static inline bool rstate_allows(const rstate *s, const rword *w) {
  const uint64_t H = 0x8888888888888888ull;
  if ((w->w64 & s->gmask) != s->gval) return false;
  if ((((w->cnt[0] | H) - s->min[0]) & H) != H) return false;
  if ((((w->cnt[1] | H) - s->min[1]) & H) != H) return false;
  if ((((s->max[0] | H) - w->cnt[0]) & H) != H) return false;
  if ((((s->max[1] | H) - w->cnt[1]) & H) != H) return false;
  for (int i = 0; i < 5; i++)
    if (!(s->pos[i] >> ((w->w64 >> (8 * i) & 0xff) - 'a') & 1)) return false;
  return true;
}
/* rstate_allows() for a word that already meets the history before the
 * state's last guess, under mode m: hard mode's state sets only greens
 * and least counts, two tests. */
static inline bool rstate_allows_in(rules_mode m, const rstate *s, const rword *w) {
  if (m != RULES_HARD) return rstate_allows(s, w);
  const uint64_t H = 0x8888888888888888ull;
  return (w->w64 & s->gmask) == s->gval && (((w->cnt[0] | H) - s->min[0]) & H) == H &&
         (((w->cnt[1] | H) - s->min[1]) & H) == H;
}
/* The memo's key bytes of a state: NULL (and 0) for the empty one. */
static inline const void *rstate_key(const rstate *s, int *len) {
  if (!s || rstate_empty(s)) {
    *len = 0;
    return NULL;
  }
  assert(s->keylen > 0 && s->keylen <= offsetof(rstate, keylen));
  *len = (int)s->keylen;
  return s;
}

/*
 * The guesses of U (nu of them) still allowed after guess g got pattern
 * p, in U's order, written to out (which may be U itself); returns their
 * count.  U must already meet the history before g.
 */
int rules_after(rules_mode m, const rword *W, const int *U, int nu, int g, int p, int *out);

/*
 * Is `guess` allowed after the history (hist[i] guessed with pattern
 * pats[i], nh of them)?  NULL when it is, else the first rule it
 * breaks, written to buf: with verbose, naming the guess and the one
 * that showed it ("guess 3 'crane' must contain the E shown yellow by
 * guess 2"), else as the game says it ("guess must contain E").
 */
const char *rules_why(rules_mode m, const char (*hist)[8], const int *pats, int nh,
                      const char *guess, bool verbose, char *buf, size_t size);

/* The least value any strategy can have on n >= 1 answers. */
static inline int objective_floor(objective o, int n) {
  (void)o;
  return 2 * n - 1;
}

/* The value of a node: its n answers and its classes' values, summed
 * (sum = the classes' values together). */
static inline long objective_combine(objective o, int n, long sum) {
  (void)o;
  return n + sum;
}

#endif
