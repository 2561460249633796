/* history.c: game histories: parsing, possible patterns, filtering (history.h). */
#include "history.h"

#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "feedback.h"
#include "tuning.h"
#include "utf8.h"
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

/* Text as quoted in messages: at most 24 characters, else the first 21
 * and "..."; never a character cut (utf8.h). */
static void quote(const char *s, size_t len, char *out, size_t size) {
  utf8_quote(s, len, utf8_prefix(s, len, 24) < len ? 21 : 24, out, size);
}

/* Copy a token of at most `max` characters, lowercased; -1 if longer. */
static int token(const char *s, size_t len, char *out, size_t max) {
  if (len > max) return -1;
  for (size_t i = 0; i < len; i++) out[i] = (char)tolower((unsigned char)s[i]);
  out[len] = '\0';
  return 0;
}

/* A piece of text: a blank-separated word of an argument. */
typedef struct {
  const char *s;
  size_t len;
  int arg; /* the argument it is part of */
} piece;

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* The blank-separated words of v[0..n), into a new array (*np of them). */
static piece *split(const char *const *v, int n, int *np) {
  size_t cap = 0;
  for (int i = 0; i < n; i++) cap += strlen(v[i]) / 2 + 1;
  piece *p = xmalloc(sizeof *p * cap);
  int k = 0;
  for (int i = 0; i < n; i++)
    for (const char *s = v[i]; *s;) {
      while (is_blank(*s)) s++;
      size_t len = 0;
      while (s[len] && !is_blank(s[len])) len++;
      if (len) p[k++] = (piece){s, len, i};
      s += len;
    }
  *np = k;
  return p;
}

/* The step with word w and pattern p (code, when p.s is NULL: a grid's
 * row); q quotes the step as given. */
static int parse_step(const game *g, piece w, piece p, int code, const char *q, hstep *out) {
  char word[8], wq[48];
  utf8_quote(w.s, w.len, 12, wq, sizeof wq);
  if (token(w.s, w.len, word, 5) || !words_valid(word))
    return err_set("'%s': '%s' is not a five-letter word", q, wq);
  int gi = words_find(&g->guesses, word);
  if (gi < 0) return err_set("'%s': '%s' is not in the guess list", q, word);
  if (p.s) {
    pattern_text pt;
    char pq[48];
    utf8_quote(p.s, p.len, 12, pq, sizeof pq);
    if ((code = pattern_read(p.s, p.len, &pt)) < 0) {
      char why[ERR_MAX];
      snprintf(why, sizeof why, "%s", err_msg());
      if (pt.col) return err_set("'%s': '%s' is not a pattern: column %d: %s", q, pq, pt.col, why);
      return err_set("'%s': '%s' is not a pattern: %s", q, pq, why);
    }
  }
  if (!pattern_possible(word, code)) {
    char f[6];
    pattern_format(code, f);
    return err_set("'%s': no answer can give %s the pattern %s", q, word, f);
  }
  out->guess = gi;
  out->pattern = code;
  return 0;
}

/* The step at pieces[*i]: "word:PATTERN" in one piece, or the word (or
 * "word:") and its pattern in two.  *i moves past it; q gets its quote. */
static int next_step(const piece *pc, int np, int *i, piece *w, piece *p, char *q, size_t qs) {
  assert(*i < np);
  piece a = pc[(*i)++];
  const char *colon = memchr(a.s, ':', a.len);
  *w = (piece){a.s, colon ? (size_t)(colon - a.s) : a.len, a.arg};
  if (colon && colon + 1 < a.s + a.len) {
    *p = (piece){colon + 1, a.len - w->len - 1, a.arg};
    quote(a.s, a.len, q, qs);
    return 0;
  }
  if (*i == np) {
    quote(a.s, a.len, q, qs);
    char wq[48];
    utf8_quote(w->s, w->len, 12, wq, sizeof wq);
    return err_set("'%s': its pattern is missing: give %s:PATTERN or %s PATTERN, e.g. salet:BBYBB",
                   q, wq, wq);
  }
  *p = pc[(*i)++];
  char joined[2 * 12 * 4 + 8]; /* two pieces of 12 characters, 4 bytes at most each */
  if (p->arg == a.arg) { /* the two as typed, blanks and all */
    quote(a.s, (size_t)(p->s + p->len - a.s), q, qs);
  } else {
    snprintf(joined, sizeof joined, "%.*s %.*s", (int)utf8_prefix(a.s, a.len, 12), a.s,
             (int)utf8_prefix(p->s, p->len, 12), p->s);
    quote(joined, strlen(joined), q, qs);
  }
  return 0;
}

/* The steps with a share grid: the words alone, one per row. */
static int parse_grid(const game *g, const piece *pc, int np, const share_grid *grid, hstep *out) {
  assert(np == grid->n);
  for (int i = 0; i < np; i++) {
    char q[128];
    quote(pc[i].s, pc[i].len, q, sizeof q);
    if (memchr(pc[i].s, ':', pc[i].len))
      return err_set("'%s': with a share grid give the words alone: the grid has the patterns",
                     q);
    if (parse_step(g, pc[i], (piece){NULL, 0, 0}, grid->pattern[i], q, &out[i])) {
      char why[ERR_MAX]; /* the row's word against its line of the grid */
      snprintf(why, sizeof why, "%s", err_msg());
      return err_set("%s:%d: %s", grid->name, grid->line[i], why);
    }
  }
  return 0;
}

int history_parse_args(const game *g, const char *const *v, int n, const char *label,
                       const share_grid *grid, hstep *out, int max, int *k) {
  int np, rc = 0;
  *k = 0;
  /* An empty (or blank) argument is no step: refused, not dropped, as
   * `next ""` once gave the start of the game's advice. */
  for (int i = 0; i < n; i++) {
    const char *s = v[i];
    while (is_blank(*s)) s++;
    if (!*s) {
      char q[64], at[64];
      quote(v[i], strlen(v[i]), q, sizeof q);
      if (label) snprintf(at, sizeof at, "%.40s[%d]", label, i);
      else snprintf(at, sizeof at, "argument %d of the game", i + 1);
      return err_set("'%s' (%s): an empty word: give each step as word:PATTERN or word "
                     "PATTERN, e.g. salet:BBYBB", q, at);
    }
  }
  piece *pc = split(v, n, &np);
  if (grid && np != grid->n) {
    rc = err_set("%s: the grid has %d row%s, and %d word%s %s given: give the words guessed, one "
                 "per row, in order",
                 grid->name, grid->n, grid->n == 1 ? "" : "s", np, np == 1 ? "" : "s",
                 np == 1 ? "was" : "were");
  } else if (grid && np > max) {
    rc = err_set("%s: %d rows: at most %d guesses", grid->name, np, max);
  } else if (grid) {
    rc = parse_grid(g, pc, np, grid, out);
    if (!rc) *k = np;
  }
  for (int i = 0; !grid && !rc && i < np;) {
    piece w, p;
    char q[128];
    if ((rc = next_step(pc, np, &i, &w, &p, q, sizeof q))) break;
    if (*k == max) rc = err_set("'%s': more than %d steps", q, max);
    else rc = parse_step(g, w, p, 0, q, &out[(*k)++]);
  }
  free(pc);
  return rc;
}

int history_parse(const game *g, const char *line, hstep *out) {
  int np;
  piece *pc = split(&line, 1, &np);
  char lq[128], q[128];
  quote(line, strlen(line), lq, sizeof lq);
  int i = 0, rc;
  piece w, p;
  if (np == 0 || np > 2 || next_step(pc, np, &i, &w, &p, q, sizeof q) || i < np)
    rc = err_set("'%s': expected a word and its pattern, e.g. salet BBYBB or salet:BBYBB", lq);
  else
    rc = parse_step(g, w, p, 0, q, out);
  free(pc);
  return rc;
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

/* A win before the last step, refused before any filtering: a set that
 * empties earlier must not hide it (the wider set of allowed guesses
 * would then be asked what follows a win).  Its step (1-based), or 0. */
static int won_early(const game *g, const hstep *h, int k) {
  for (int i = 0; i + 1 < k; i++)
    if (history_won(h[i])) {
      char b[HISTORY_STEP_CHARS];
      history_format(g, h[i], b);
      err_set("step %d, %s, already won the game: nothing can follow it", i + 1, b);
      return i + 1;
    }
  return 0;
}

int history_filter(const game *g, const hstep *h, int k, uint16_t *set, int *n, int *bad_step) {
  int m = g->n_answers;
  for (int i = 0; i < m; i++) set[i] = (uint16_t)i;
  if (bad_step) *bad_step = 0;
  int won = won_early(g, h, k);
  if (won) {
    if (bad_step) *bad_step = won;
    *n = m;
    return -1;
  }
  for (int i = 0; i < k; i++) {
    char b[HISTORY_STEP_CHARS];
    history_format(g, h[i], b);
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
  if (won_early(g, h, k)) return -1;
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

int history_check_won(const game *g, const hstep *h, int k, const int *rows) {
  if (k < 2 || !history_won(h[k - 1])) return 0;
  const char *answer = g->guesses.w[h[k - 1].guess];
  for (int i = 0; i < k - 1; i++) {
    const char *w = g->guesses.w[h[i].guess];
    int want = feedback_of(w, answer);
    if (want == h[i].pattern) continue;
    char gives[6], has[6];
    pattern_format(want, gives);
    pattern_format(h[i].pattern, has);
    if (rows)
      return err_set("row %d (line %d): %s gives %s against %s, the answer, not %s: check the "
                     "grid's row or the word",
                     i + 1, rows[i], w, gives, answer, has);
    return err_set("step %d, %s:%s: %s gives %s against %s, the answer (the last guess): check "
                   "the colours",
                   i + 1, w, has, w, gives, answer);
  }
  return 0;
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
