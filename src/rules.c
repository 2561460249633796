/* rules.c: the game's rules and the objective (rules.h). */
#include "rules.h"

#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "feedback.h"
#include "util.h"

const char *rules_name(rules_mode m) {
  switch (m) {
  case RULES_NORMAL: return "normal";
  case RULES_HARD: return "hard";
  case RULES_HARDGRAY: return "hard-gray";
  case RULES_ULTRAHARD: return "ultrahard";
  }
  return "?";
}

const char *objective_name(objective o) {
  switch (o) {
  case OBJ_TOTAL: return "total";
  case OBJ_WORST: return "worst";
  }
  return "?";
}

int rules_parse(const char *name, rules_mode *m) {
  for (int i = RULES_NORMAL; i <= RULES_ULTRAHARD; i++)
    if (strcmp(name, rules_name((rules_mode)i)) == 0) {
      *m = (rules_mode)i;
      return 0;
    }
  return -1;
}

int objective_parse(const char *name, objective *o) {
  for (int i = OBJ_TOTAL; i <= OBJ_WORST; i++)
    if (strcmp(name, objective_name((objective)i)) == 0) {
      *o = (objective)i;
      return 0;
    }
  return -1;
}

/* 4-bit field of letter L (0..25) in a pair of words. */
static inline int field_get(const uint64_t f[2], int L) { return (int)(f[L >> 4] >> (4 * (L & 15)) & 15); }
static inline void field_set(uint64_t f[2], int L, int v) {
  f[L >> 4] = (f[L >> 4] & ~(15ull << (4 * (L & 15)))) | (uint64_t)v << (4 * (L & 15));
}

void rules_word(const char *w, rword *out) {
  memset(out, 0, sizeof *out);
  for (int i = 0; i < 5; i++) {
    int L = w[i] - 'a';
    out->w64 |= (uint64_t)(unsigned char)w[i] << (8 * i);
    field_set(out->cnt, L, field_get(out->cnt, L) + 1);
  }
}

rword *rules_words(const game *G) {
  rword *W = xmalloc(sizeof *W * (size_t)(G->n_guesses ? G->n_guesses : 1));
  for (int g = 0; g < G->n_guesses; g++) rules_word(G->guesses.w[g], &W[g]);
  return W;
}

#define ALL_LETTERS ((1u << 26) - 1)

void rstate_init(rstate *s) {
  memset(s, 0, sizeof *s);
  s->max[0] = s->max[1] = 0x7777777777777777ull;
  for (int i = 0; i < 5; i++) s->pos[i] = ALL_LETTERS;
}

/* The fields a key covers (rstate_key()): all but keylen and gmask. */
#define RSTATE_FIELDS offsetof(rstate, keylen)

bool rstate_empty(const rstate *s) {
  rstate e;
  rstate_init(&e);
  return memcmp(s, &e, RSTATE_FIELDS) == 0;
}

/* The key's length under rules m: the fields m can change (rules.h). */
static uint32_t key_bytes(rules_mode m) {
  switch (m) {
  case RULES_NORMAL: return 0;
  case RULES_HARD: return offsetof(rstate, max);
  case RULES_HARDGRAY: return offsetof(rstate, pos);
  case RULES_ULTRAHARD: return RSTATE_FIELDS;
  }
  return RSTATE_FIELDS;
}

#ifndef NDEBUG
/* What the key leaves out is what rstate_init() set, and gmask is
 * gval's letters: so equal keys under the same rules are equal states. */
static bool key_whole(const rstate *s) {
  rstate e;
  rstate_init(&e);
  uint64_t gm = 0;
  for (int i = 0; i < 5; i++)
    if (s->gval >> (8 * i) & 0xff) gm |= 0xffull << (8 * i);
  return gm == s->gmask && memcmp((const char *)s + s->keylen, (const char *)&e + s->keylen,
                                  RSTATE_FIELDS - s->keylen) == 0;
}
#endif

void rstate_add(rules_mode m, rstate *s, const rword *g, int p) {
  if (m == RULES_NORMAL) return;
  assert(s->keylen == 0 || s->keylen == key_bytes(m)); /* one state, one rules */
  s->keylen = key_bytes(m);
  int gy[26] = {0}, gray[26] = {0};
  for (int i = 0, q = p; i < 5; i++, q /= 3) {
    int t = q % 3, L = (int)(g->w64 >> (8 * i) & 0xff) - 'a';
    if (t == 2) {
      s->gmask |= 0xffull << (8 * i);
      s->gval |= (uint64_t)(L + 'a') << (8 * i);
      if (m == RULES_ULTRAHARD) s->pos[i] &= 1u << L;
    } else if (m == RULES_ULTRAHARD) {
      s->pos[i] &= ~(1u << L);
    }
    if (t) gy[L]++;
    else gray[L]++;
  }
  for (int L = 0; L < 26; L++) {
    if (gy[L] > field_get(s->min, L)) field_set(s->min, L, gy[L]);
    if (m >= RULES_HARDGRAY && gray[L] && gy[L] < field_get(s->max, L)) field_set(s->max, L, gy[L]);
  }
  assert(key_whole(s));
}

int rules_after(rules_mode m, const rword *W, const int *U, int nu, int g, int p, int *out) {
  if (m == RULES_NORMAL) {
    if (out != U) memmove(out, U, sizeof *out * (size_t)nu);
    return nu;
  }
  rstate st;
  rstate_init(&st);
  rstate_add(m, &st, &W[g], p);
  int k = 0;
  for (int i = 0; i < nu; i++)
    if (rstate_allows_in(m, &st, &W[U[i]])) out[k++] = U[i];
  return k;
}

static const char *ordinal(int i) {
  static const char *const o[] = {"1st", "2nd", "3rd", "4th", "5th"};
  return o[i];
}

static int count_of(const char *w, char c) {
  int k = 0;
  for (int i = 0; i < 5; i++) k += w[i] == c;
  return k;
}

static const char *times(int k) {
  static const char *const t[] = {"", "", " twice", " three times", " four times", " five times"};
  return k >= 0 && k <= 5 ? t[k] : "";
}

const char *rules_why(rules_mode m, const char (*hist)[8], const int *pats, int nh,
                      const char *guess, bool verbose, char *buf, size_t size) {
  if (m == RULES_NORMAL) return NULL;
  char who[48] = "guess";
  if (verbose) snprintf(who, sizeof who, "guess %d '%s'", nh + 1, guess);
  for (int h = 0; h < nh; h++) {
    const char *g = hist[h];
    int t[5];
    for (int i = 0, q = pats[h]; i < 5; i++, q /= 3) t[i] = q % 3;
    char by[40] = "";
    if (verbose) snprintf(by, sizeof by, " by guess %d", h + 1);
    /* Greens stay in place (every mode but normal). */
    for (int i = 0; i < 5; i++)
      if (t[i] == 2 && guess[i] != g[i]) {
        if (verbose)
          snprintf(buf, size, "%s must have %c as its %s letter, shown green%s", who,
                   g[i] - 32, ordinal(i), by);
        else
          snprintf(buf, size, "%s letter must be %c", ordinal(i), g[i] - 32);
        return buf;
      }
    /* Letters shown green or yellow are used again, as often. */
    for (int i = 0; i < 5; i++) {
      if (t[i] == 0) continue;
      int need = 0;
      bool yellow = false;
      for (int j = 0; j < 5; j++)
        if (g[j] == g[i] && t[j]) {
          need++;
          yellow |= t[j] == 1;
        }
      if (count_of(guess, g[i]) < need) {
        if (verbose)
          snprintf(buf, size, "%s must contain the %c%s shown %s%s", who, g[i] - 32, times(need),
                   yellow ? "yellow" : "green", by);
        else
          snprintf(buf, size, "guess must contain %c%s", g[i] - 32, times(need));
        return buf;
      }
    }
    if (m == RULES_HARD) continue;
    /* Hard-gray and ultrahard: a letter shown gray is not used beyond
     * its copies shown green or yellow. */
    for (int i = 0; i < 5; i++) {
      if (t[i] != 0) continue;
      int shown = 0;
      for (int j = 0; j < 5; j++) shown += g[j] == g[i] && t[j];
      if (count_of(guess, g[i]) > shown) {
        if (shown == 0)
          snprintf(buf, size, "%s cannot contain %c, shown gray%s", verbose ? who : "guess",
                   g[i] - 32, by);
        else
          snprintf(buf, size, "%s cannot contain %c more than %d time%s, shown gray%s",
                   verbose ? who : "guess", g[i] - 32, shown, shown == 1 ? "" : "s", by);
        return buf;
      }
    }
    if (m != RULES_ULTRAHARD) continue;
    /* Ultrahard: the guess must be consistent with every pattern. */
    for (int i = 0; i < 5; i++)
      if (t[i] != 2 && guess[i] == g[i]) {
        snprintf(buf, size, "%s cannot have %c as its %s letter, shown %s%s", verbose ? who : "guess",
                 g[i] - 32, ordinal(i), t[i] ? "yellow there" : "gray", by);
        return buf;
      }
    /* The checks above are the whole consistency test (rules.h); this
     * one is the definition, and keeps them honest. */
    if (feedback_of(g, guess) != pats[h]) {
      char ps[6];
      pattern_format(pats[h], ps);
      snprintf(buf, size, "%s could not be the answer: guess %d '%s' got %s", verbose ? who : "guess",
               h + 1, g, ps);
      return buf;
    }
  }
  return NULL;
}
