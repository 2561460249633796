/* history.c: game histories: parsing, possible patterns, filtering (history.h). */
#include "history.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "feedback.h"
#include "tuning.h"
#include "util.h"

bool pattern_possible(const char *word, int pattern) {
  if (pattern < 0 || pattern >= PATTERN_COUNT) return false;
  /* The alphabet: the word's distinct letters and one letter it lacks. */
  char alpha[6] = {0};
  int na = 0;
  for (int i = 0; i < 5; i++)
    if (!memchr(alpha, word[i], (size_t)na)) alpha[na++] = word[i];
  for (char c = 'a'; c <= 'z'; c++)
    if (!memchr(word, c, 5)) {
      alpha[na++] = c;
      break;
    }
  /* Every answer over that alphabet, as a base-na counter. */
  int digit[5] = {0};
  char ans[6] = {0};
  for (;;) {
    for (int i = 0; i < 5; i++) ans[i] = alpha[digit[i]];
    if (feedback_of(word, ans) == pattern) return true;
    int i = 0;
    while (i < 5 && ++digit[i] == na) digit[i++] = 0;
    if (i == 5) return false;
  }
}

/* The argument as quoted in messages: at most 24 characters. */
static void quote(const char *arg, char *out, size_t size) {
  size_t len = strlen(arg);
  if (len + 1 <= size && len <= 24) {
    memcpy(out, arg, len + 1);
    return;
  }
  snprintf(out, size, "%.21s...", arg);
}

/* Copy a token of at most `max` characters, lowercased; -1 if longer. */
static int token(const char *s, size_t len, char *out, size_t max) {
  if (len > max) return -1;
  for (size_t i = 0; i < len; i++) out[i] = (char)tolower((unsigned char)s[i]);
  out[len] = '\0';
  return 0;
}

int history_parse(const game *g, const char *arg, bool colon_only, hstep *out) {
  char q[32];
  quote(arg, q, sizeof q);
  /* Split into word and pattern: at ':' or (unless colon_only) blanks. */
  const char *s = arg;
  while (!colon_only && isspace((unsigned char)*s)) s++;
  size_t wl = strcspn(s, colon_only ? ":" : ": \t\r\n");
  const char *p = s + wl;
  if (*p == ':') p++;
  else if (colon_only) return err_set("'%s': expected word:PATTERN, e.g. salet:BBYBB", q);
  else if (!*p) return err_set("'%s': expected a word and its pattern, e.g. salet BBYBB", q);
  while (!colon_only && isspace((unsigned char)*p)) p++;
  size_t pl = colon_only ? strlen(p) : strcspn(p, " \t\r\n");
  if (!colon_only) {
    const char *rest = p + pl;
    while (isspace((unsigned char)*rest)) rest++;
    if (*rest) return err_set("'%s': expected a word and its pattern, e.g. salet BBYBB", q);
  }
  char w[8], pat[8];
  if (token(s, wl, w, 5) || !words_valid(w))
    return err_set("'%s': '%.*s' is not a five-letter word", q, wl > 12 ? 12 : (int)wl, s);
  int gi = words_find(&g->guesses, w);
  if (gi < 0) return err_set("'%s': '%s' is not in the guess list", q, w);
  int code = token(p, pl, pat, 5) ? -1 : pattern_parse(pat);
  if (code < 0)
    return err_set("'%s': '%.*s' is not a pattern: five of G (green), Y (yellow), B (gray), "
                   "or 2 1 0 (also X . - for gray)",
                   q, pl > 12 ? 12 : (int)pl, p);
  if (!pattern_possible(w, code)) {
    char f[6];
    pattern_format(code, f);
    return err_set("'%s': no answer can give %s the pattern %s", q, w, f);
  }
  out->guess = gi;
  out->pattern = code;
  return 0;
}

void history_format(const game *g, hstep st, char *buf) {
  char f[6];
  pattern_format(st.pattern, f);
  snprintf(buf, HISTORY_STEP_CHARS, "%s:%s", g->guesses.w[st.guess], f);
}

bool history_won(hstep st) { return st.pattern == PATTERN_WIN; }

int history_apply(const game *g, uint16_t *set, int n, hstep st) {
  int m = 0;
  for (int i = 0; i < n; i++)
    if (game_fb(g, st.guess, set[i]) == st.pattern) set[m++] = set[i];
  return m;
}

/* How history_filter()'s message for an empty set begins. */
#define NO_FIT "no answer fits: "

int history_filter(const game *g, const hstep *h, int k, uint16_t *set, int *n, int *bad_step) {
  int m = g->n_answers;
  for (int i = 0; i < m; i++) set[i] = (uint16_t)i;
  if (bad_step) *bad_step = 0;
  for (int i = 0; i < k; i++) {
    char b[HISTORY_STEP_CHARS];
    history_format(g, h[i], b);
    if (history_won(h[i]) && i + 1 < k) {
      if (bad_step) *bad_step = i + 1;
      *n = m;
      return err_set("step %d, %s, already won the game: nothing can follow it", i + 1, b);
    }
    int before = m;
    m = history_apply(g, set, m, h[i]);
    if (m == 0) {
      if (bad_step) *bad_step = i + 1;
      *n = 0;
      if (history_won(h[i]))
        return err_set(NO_FIT "the set became empty at step %d, %s (%s is not one of "
                       "the %d answer%s that fitted before it)",
                       i + 1, b, g->guesses.w[h[i].guess], before, before == 1 ? "" : "s");
      return err_set(NO_FIT "the set became empty at step %d, %s (%d answer%s "
                     "fitted before it)",
                     i + 1, b, before, before == 1 ? "" : "s");
    }
  }
  *n = m;
  return 0;
}

const char *history_no_fit_reason(const char *msg) {
  size_t len = strlen(NO_FIT);
  return strncmp(msg, NO_FIT, len) ? msg : msg + len;
}

const tnode *history_follow(const tnode *root, const hstep *h, int k, int *left_at) {
  const tnode *t = root;
  if (left_at) *left_at = 0;
  for (int i = 0; i < k; i++) {
    if (!t || t->guess != h[i].guess) {
      if (left_at) *left_at = i + 1;
      return NULL;
    }
    if (history_won(h[i])) return NULL;
    const tnode *next = NULL;
    for (int j = 0; j < t->nkids; j++)
      if (t->pat[j] == h[i].pattern) next = t->kid[j];
    if (!next) {
      if (left_at) *left_at = i + 1;
      return NULL;
    }
    t = next;
  }
  return t;
}

/* A list of the words g->guesses.w[idx[0..n)], with their file and lines. */
static wordlist sublist(const game *g, const int *idx, int n) {
  const char **v = xmalloc(sizeof *v * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++) v[i] = g->guesses.w[idx[i]];
  wordlist out;
  words_from_array(v, n, &out); /* cannot fail: the words are valid and distinct */
  free(v);
  free(out.path);
  out.path = xstrdup(g->guesses.path);
  for (int i = 0; i < n; i++) out.line[i] = g->guesses.line[idx[i]];
  return out;
}

int history_wider(const game *g, const hstep *h, int k, game *out) {
  memset(out, 0, sizeof *out);
  int G = g->n_guesses, m = G;
  int *fit = xmalloc(sizeof *fit * (size_t)G);
  for (int i = 0; i < G; i++) fit[i] = i;
  for (int s = 0; s < k; s++) {
    const char *w = g->guesses.w[h[s].guess];
    int before = m;
    m = 0;
    for (int i = 0; i < before; i++)
      if (feedback_of(w, g->guesses.w[fit[i]]) == h[s].pattern) fit[m++] = fit[i];
    if (m == 0) {
      free(fit);
      char b[HISTORY_STEP_CHARS];
      history_format(g, h[s], b);
      return err_set("no allowed guess fits either: none is left after step %d, %s (%d allowed "
                     "guess%s fitted before it)",
                     s + 1, b, before, before == 1 ? "" : "es");
    }
  }
  if (m > OPTLE_MAX_ANSWERS) {
    free(fit);
    return err_set("%d allowed guesses fit the history: more possible answers than optle "
                   "handles (%d)",
                   m, OPTLE_MAX_ANSWERS);
  }
  int *all = xmalloc(sizeof *all * (size_t)G);
  for (int i = 0; i < G; i++) all[i] = i;
  wordlist a = sublist(g, fit, m), q = sublist(g, all, G);
  free(fit);
  free(all);
  return game_from_lists(out, a, q);
}

const char *history_why(const game *g, rules_mode m, const hstep *h, int k, int guess,
                        char *buf, size_t size) {
  if (m == RULES_NORMAL) return NULL;
  char(*words)[8] = xmalloc(sizeof *words * (size_t)(k ? k : 1));
  int *pats = xmalloc(sizeof *pats * (size_t)(k ? k : 1));
  for (int i = 0; i < k; i++) {
    memcpy(words[i], g->guesses.w[h[i].guess], 8);
    pats[i] = h[i].pattern;
  }
  const char *why = rules_why(m, (const char(*)[8])words, pats, k, g->guesses.w[guess], false, buf, size);
  free(words);
  free(pats);
  return why;
}

int history_check_rules(const game *g, rules_mode m, const hstep *h, int k) {
  char why[160];
  for (int i = 1; i < k; i++)
    if (history_why(g, m, h, i, h[i].guess, why, sizeof why)) {
      char st[HISTORY_STEP_CHARS];
      history_format(g, h[i], st);
      return err_set("step %d, %s: %s (%s mode)", i + 1, st, why, rules_name(m));
    }
  return 0;
}
