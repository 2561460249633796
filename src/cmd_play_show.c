/* cmd_play_show.c: what `optle play` prints (cmd_play.h). */
#include "cmd_play.h"

#include <ctype.h>
#include <stdio.h>

#include "advice.h"
#include "feedback.h"
#include "game.h"
#include "history.h"
#include "ratio.h"
#include "tuning.h"
#include "util.h"

static const char *const tile_sgr[3] = {"\033[1;97;100m", "\033[1;30;43m", "\033[1;30;42m"};
#define SGR_RESET "\033[0m"

/* A guess as tiles (colour) or as "SALET BBYBB" (plain); returns its
 * width on the screen. */
int play_show_guess(const play *p, FILE *fp, hstep st) {
  const char *w = p->g->guesses.w[st.guess];
  if (p->colour) {
    int code = st.pattern;
    for (int i = 0; i < 5; i++, code /= 3)
      fprintf(fp, "%s %c %s", tile_sgr[code % 3], toupper((unsigned char)w[i]), SGR_RESET);
    return 15;
  }
  char f[6];
  pattern_format(st.pattern, f);
  for (int i = 0; i < 5; i++) fputc(toupper((unsigned char)w[i]), fp);
  fprintf(fp, " %s", f);
  return 11;
}

void play_update_keys(play *p, hstep st) {
  const char *w = p->g->guesses.w[st.guess];
  int code = st.pattern;
  for (int i = 0; i < 5; i++, code /= 3) {
    int state = code % 3 + 1, *k = &p->keys[w[i] - 'a'];
    if (state > *k) *k = state;
  }
}

/* The keyboard, qwerty rows: each key coloured by its best state; plain:
 * [A] green, (A) yellow, " . " gray, " A " not yet guessed. */
void play_show_keys(const play *p) {
  static const char *const rows[3] = {"qwertyuiop", "asdfghjkl", "zxcvbnm"};
  for (int r = 0; r < 3; r++) {
    printf("%*s", 2 + 2 * r, "");
    for (const char *c = rows[r]; *c; c++) {
      int s = p->keys[*c - 'a'], up = toupper((unsigned char)*c);
      if (p->colour) {
        if (s) printf("%s %c %s", tile_sgr[s - 1], up, SGR_RESET);
        else printf(" %c ", up);
      } else {
        static const char lb[] = "  ([", rb[] = "  )]"; /* by state */
        printf("%c%c%c", lb[s], s == 1 ? '.' : up, rb[s]);
      }
    }
    putchar('\n');
  }
}

/* ------------------------------------------------------------------ */
/* Advice during the game                                               */

/* "optle next LISTS word:PATTERN..." for the first k steps. */
static void play_next_command(const play *p, int k) {
  printf("optle next %s", p->lists);
  for (int i = 0; i < k; i++) {
    char b[HISTORY_STEP_CHARS];
    history_format(p->g, p->h[i], b);
    printf(" %s", b);
  }
}

void play_show_hint(play *p) {
  if (advisor_slow(p->adv, p->n, p->h, p->k)) {
    printf("hint: %d answers left: too many to solve on the spot (more than %d); '", p->n,
           ADVICE_QUICK_MAX);
    play_next_command(p, p->k);
    printf("' can, in minutes\n");
    return;
  }
  advice ad;
  int rc = advice_at(p->adv, p->set, p->n, p->h, p->k, 0, &ad);
  if (rc) {
    printf("hint: not available: %s\n", rc == EXIT_USAGE ? err_msg() : "stopped");
    return;
  }
  if (ad.best < 0) {
    printf("hint: %d answers left, and no strategy is sure to find the answer within the %d "
           "guess%s left\n",
           p->n, ad.left, ad.left == 1 ? "" : "es");
    return;
  }
  ratio_text e = ratio4(ad.total, ad.n);
  const char *w = p->g->guesses.w[ad.best];
  printf("hint: %d answer%s left; ", p->n, p->n == 1 ? "" : "s");
  if (ad.source == ADV_OPENER) printf("suggested guess %s (a fixed opener, not proven best)", w);
  else if (ad.source == ADV_TREE) printf("the tree's next guess %s", w);
  else printf("optimal next guess %s", w);
  printf(": %s expected guesses from here, this one included\n", e.s);
}

/* ------------------------------------------------------------------ */
/* The end of a game: lines side by side, skill and luck                */

static void play_show_lines(play *p, int answer) {
  hstep opt[PLAY_MAX_STEPS];
  adv_source src = ADV_SEARCH;
  int m = answer >= 0 ? advisor_line(p->adv, answer, opt, PLAY_MAX_STEPS, &src) : -1;
  int rows = p->k > m ? p->k : m;
  int width = p->colour ? 15 : 11;
  printf("\n      %-*s  %s\n", width, "you", m >= 0 ? "optimal" : "");
  for (int i = 0; i < rows; i++) {
    printf("  %2d  ", i + 1);
    int w = i < p->k ? play_show_guess(p, stdout, p->h[i]) : 0;
    if (i < m) {
      printf("%*s  ", width - w, "");
      play_show_guess(p, stdout, opt[i]);
    }
    putchar('\n');
  }
  if (m >= 0 && src == ADV_TREE)
    printf("  (the optimal line is the tree %s's)\n", p->tree_name);
  else if (m >= 0 && src == ADV_OPENER)
    printf("  (the optimal line after the fixed opener %s: the best first guess on %d "
           "answers is not computed)\n",
           p->g->guesses.w[opt[0].guess], p->g->n_answers);
}

/* Each guess against the best, then the game's length as a sum:
 * guesses = expected with optimal play + skill lost - luck, which holds
 * step by step: V_i + (E_i - V_i) - (E_i - 1 - V_i+1) = 1 + V_i+1. */
static void play_show_analysis(play *p, bool won) {
  advice_step sv[PLAY_MAX_STEPS];
  advice_game_steps(p->adv, p->h, p->k, p->tree_first, false, sv);
  const game *g = p->g;
  printf("\neach guess against the best, in exact expected guesses from there, this one "
         "included;\nluck = expected guesses with your guess - (1 + expected after its feedback), "
         "+ is lucky:\n");
  for (int i = 0; i < p->k; i++) {
    const advice_step *s = &sv[i];
    const char *w = g->guesses.w[p->h[i].guess];
    printf("  guess %d %s: ", i + 1, w);
    if (s->E == ADVICE_UNKNOWN) {
      if (advisor_big_root(p->adv, s->n, i)) {
        printf("not valued (an exact first-guess value on %d answers is a whole proof: "
               "'optle solve %s --first %s')\n",
               s->n, p->lists, w);
      } else {
        printf("not valued (%d answers: too many to solve unasked; '", s->n);
        play_next_command(p, i);
        printf(" --guess %s' can)\n", w);
      }
      continue;
    }
    if (s->E >= OPTLE_INF) {
      if (s->no_info) printf("gave no information (every answer left gives it the same colours)\n");
      else printf("cannot be sure of finding every answer within the guesses left\n");
      continue;
    }
    ratio_text et = ratio4(s->E, s->n);
    const char *e = et.s;
    if (advice_known(s->V)) {
      const char *bw = s->best >= 0 ? g->guesses.w[s->best] : "?";
      if (s->E == s->V && s->best == p->h[i].guess) printf("optimal (%s)", e);
      else if (s->E == s->V) printf("optimal (%s, ties with %s)", e, bw);
      else
        printf("%s worse than best (%s): %s against %s", ratio4(s->E - s->V, s->n).s, bw, e,
               ratio4(s->V, s->n).s);
    } else {
      printf("%s (the best first guess on %d answers is not computed)", e, s->n);
    }
    if (advice_known(s->after)) {
      long long num, den;
      advice_step_luck_frac(s, &num, &den);
      printf("; luck %s", ratio_fmt(num, den, 4, true).s);
    }
    putchar('\n');
  }
  advice_sum sum;
  if (!won || !advice_game_sum(sv, p->k, &sum)) return;
  char base[160];
  ratio_text bt = ratio4(sum.base_total, sum.base_n);
  if (sum.from == 0)
    snprintf(base, sizeof base, "%s (optimal play from the start)", bt.s);
  else if (sum.from == 1 && sum.first_counted)
    snprintf(base, sizeof base, "%s (your first guess, then optimal play)", bt.s);
  else
    snprintf(base, sizeof base, "%d + %s (optimal play after guess %d)", sum.from, bt.s,
             sum.from);
  bool bad;
  ratio_text lt = advice_luck_text(&sum, &bad);
  printf("%d guess%s = %s + %s (your choices) %s %s (%s)\n", p->k, p->k == 1 ? "" : "es", base,
         ratio_sum_fmt(&sum.skill, 4, false).s, bad ? "+" : "-", lt.s, bad ? "bad luck" : "luck");
}

/* ------------------------------------------------------------------ */
/* Answers off the list (advice.h): the allowed guesses that fit        */

void play_wide_drop(play *p) {
  if (p->wide_from < 0) return;
  advisor_free(p->wide_adv);
  game_free(&p->wide);
  p->wide_adv = NULL;
  p->wide_from = -1;
  p->g = p->main_g;
  p->adv = p->main_adv;
}

/*
 * The answers that fit h[0..k) into p->set and p->n: from the answer
 * list; or, when none of it fits (or with --answers-from guesses), from
 * the allowed guesses that fit (history_wider(), built once at the step
 * where it is first needed and dropped when an undo goes back before it).
 * 0; or -1 with err_msg() when the steps cannot stand (no allowed guess
 * fits either, a win that is not the last step).  With --answers-from
 * guesses and no guess made on a big list, p->n is 0: no advice yet.
 */
int play_fit(play *p, int k) {
  if (p->wide_from > k) play_wide_drop(p);
  int n;
  char why[512] = "";
  if (p->wide_from >= 0) {
    if (history_filter(p->g, p->h, k, p->set, &n, NULL)) {
      if (n == 0) {
        snprintf(why, sizeof why, "%s", history_no_fit_reason(err_msg()));
        return err_set("no allowed guess fits either: %s", why);
      }
      return -1;
    }
    p->n = n;
    return 0;
  }
  if (!p->from_guesses) {
    if (!history_filter(p->main_g, p->h, k, p->set, &n, NULL)) {
      p->n = n;
      return 0;
    }
    if (n > 0) return -1; /* a win that is not the last step */
    snprintf(why, sizeof why, "%s", history_no_fit_reason(err_msg()));
  } else if (k == 0 && (long)p->main_g->n_guesses * p->main_g->n_guesses > ADVICE_ROOT_WORK) {
    p->n = 0;
    return 0;
  }
  game w;
  if (history_wider(p->main_g, p->h, k, &w)) {
    if (why[0]) {
      char m[512];
      snprintf(m, sizeof m, "%s", err_msg());
      return err_set("no answer fits: %s; and %s", why, m);
    }
    return -1;
  }
  if (why[0])
    snprintf(p->wide_note, sizeof p->wide_note,
             "no answer of the list fits this history (%s); from guess %d on, the possible "
             "answers are the allowed guesses that fit it",
             why, k);
  else
    snprintf(p->wide_note, sizeof p->wide_note,
             "the possible answers are the allowed guesses that fit the history (--answers-from "
             "guesses)");
  p->wide = w;
  advisor_opts ao = p->ao;
  ao.tree = NULL;
  ao.wider = p->wide_note;
  if (!(p->wide_adv = advisor_new(&p->wide, &ao))) {
    char m[512];
    snprintf(m, sizeof m, "%s", err_msg());
    game_free(&p->wide);
    return err_set("%s", m);
  }
  p->wide_from = k;
  p->g = &p->wide;
  p->adv = p->wide_adv;
  history_filter(p->g, p->h, k, p->set, &p->n, NULL); /* all of them */
  return 0;
}

void play_game_over(play *p, bool won, int answer) {
  if (won)
    printf("\nsolved in %d guess%s: %s\n", p->k, p->k == 1 ? "" : "es",
           p->g->answers.w[answer]);
  else if (answer >= 0)
    printf("\nout of guesses: the answer was %s\n", p->g->answers.w[answer]);
  else {
    printf("\nout of guesses: %d answer%s still fit%s:", p->n, p->n == 1 ? "" : "s",
           p->n == 1 ? "s" : "");
    for (int i = 0; i < p->n && i < ADVICE_LIST_ALL; i++) printf(" %s", p->g->answers.w[p->set[i]]);
    printf("%s\n", p->n > ADVICE_LIST_ALL ? " ..." : "");
  }
  if (p->wide_from >= 0) {
    printf("\n(from guess %d on, the possible answers were the allowed guesses that fit: the "
           "optimal line and the analysis, which start from the answer list, are left out)\n",
           p->wide_from);
    return;
  }
  play_show_lines(p, answer);
  play_show_analysis(p, won);
}
