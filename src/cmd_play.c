/*
 * cmd_play.c: `optle play`: Wordle at the terminal, with the optimal
 * player beside you.
 *
 * Game mode (default): optle hides an answer and the player guesses;
 * each guess shows as tiles, then the keyboard's letter states; hints
 * (the optimal next guess and its value, advice.h) on request; at the
 * end, the player's line next to the optimal line for that answer and
 * each guess's value against the best ("skill") and against what its
 * feedback left ("luck").
 *
 * Assist mode (--assist): the player types the guesses and colours of a
 * game played elsewhere; optle answers each line like `optle next`.
 *
 * Terminal or script.  Colours only when stdout is a terminal and
 * NO_COLOR is unset or empty (and TERM is not "dumb"); prompts only when
 * stdin is a terminal, so a script sees plain lines in and out.  Input is
 * read a line at a time into a fixed buffer: a longer line is refused
 * and skipped, never grown.  EOF or `quit` ends with status 0; bad input
 * gets a one-line reason and the prompt again.
 *
 * The random answer: splitmix64 (the generator the tests use) started at
 * the seed, the first output below the largest multiple of the answer
 * count, taken modulo the count (so every answer is equally likely).
 * The seed is --seed N, or the clock and process id folded to 31 bits,
 * and is printed so a game can be replayed.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "advice.h"
#include "cli.h"
#include "feedback.h"
#include "game.h"
#include "history.h"
#include "opts.h"
#include "tuning.h"
#include "util.h"
#include "verify.h"

/* Longest input line accepted, in bytes (without the newline). */
#define PLAY_LINE_MAX 200
/* Most guesses in one game when there is no guess limit. */
#define PLAY_MAX_STEPS 64

static const optuse play_opts[] = {
    OPT_USE_LISTS,
    OPT_USE(ASSIST),
    OPT_USE(ANSWER),
    OPT_USE(SEED),
    OPT_USE(HINTS),
    OPT_USE_HELP(TREE, "a solved tree: hints and the optimal line come from it where it applies"),
    OPT_USE(FORCE),
    OPT_USE_HELP(ANSWERS_FROM, "assist mode: the possible answers, 'answers' (the list; default) "
                               "or 'guesses' (every allowed guess that fits)"),
    OPT_USE_HELP(TOP, "assist mode: list the N best guesses (default 5)"),
    OPT_USE_HELP(MAX_GUESSES, "guesses allowed, 0 = no limit (default 6)"),
    OPT_USE(THREADS),
    OPT_USE(MEMO_MB),
    OPT_USE(HARD),
    OPT_USE_END,
};

static void play_help(FILE *fp) {
  fprintf(fp,
          "usage: optle play [--list NAME | --answers FILE [--guesses FILE]]\n"
          "                  [--assist | --answer WORD | --seed N] [--hints] [options]\n"
          "\n"
          "Play Wordle against a hidden answer, with the optimal player's hints on\n"
          "request and, at the end, your line next to the optimal one and each guess's\n"
          "cost against the best (the lists default to the list a JSON --tree records,\n"
          "else nyt).  With --assist, type\n"
          "the guesses and colours of a game played elsewhere (salet BBYBB) and get\n"
          "the optimal next guess after each.\n"
          "\n"
          "commands at the prompt: hint or :h (toggle hints), undo or :u (assist: take\n"
          "back the last line), help or :?, quit or :q (Ctrl-D works too)\n"
          "\n");
  print_options(fp, play_opts);
  fprintf(fp,
          "\nColours only when stdout is a terminal and NO_COLOR is not set.\n"
          "exit status: 0 game over or quit, 2 bad usage, 3 out of memory or internal error\n");
}

/* ------------------------------------------------------------------ */
/* Terminal output                                                      */

typedef struct {
  const game *g;                /* the game of the answers that fit: main_g or &wide */
  advisor *adv;                 /* its advisor: main_adv or wide_adv */
  const game *main_g;           /* the lists' game */
  advisor *main_adv;
  bool from_guesses;            /* --answers-from guesses */
  game wide;                    /* history_wider()'s game for h[0..wide_from) */
  advisor *wide_adv;
  int wide_from;                /* -1: not in use */
  char wide_note[1024];         /* advisor_opts.wider */
  advisor_opts ao;              /* the main advisor's options */
  bool colour, prompt, hints, assist;
  int max_guesses, top;
  const char *tree_name;
  char lists[160];              /* the list options, for suggested commands */
  int answer;                   /* game mode: the hidden answer */
  int tree_first;               /* the tree's first guess, or -1 */
  hstep h[PLAY_MAX_STEPS];
  int k;                        /* guesses made */
  uint16_t *set;                /* the answers that fit h[0..k) */
  int n;
  int keys[26];                 /* 0 unknown, 1 gray, 2 yellow, 3 green */
} play;

static const char *const tile_sgr[3] = {"\033[1;97;100m", "\033[1;30;43m", "\033[1;30;42m"};
#define SGR_RESET "\033[0m"

/* A guess as tiles (colour) or as "SALET BBYBB" (plain); returns its
 * width on the screen. */
static int show_guess(const play *p, FILE *fp, hstep st) {
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

static void update_keys(play *p, hstep st) {
  const char *w = p->g->guesses.w[st.guess];
  int code = st.pattern;
  for (int i = 0; i < 5; i++, code /= 3) {
    int state = code % 3 + 1, *k = &p->keys[w[i] - 'a'];
    if (state > *k) *k = state;
  }
}

/* The keyboard, qwerty rows: each key coloured by its best state; plain:
 * [A] green, (A) yellow, " . " gray, " A " not yet guessed. */
static void show_keys(const play *p) {
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
/* Input                                                                */

/*
 * One line into buf (PLAY_LINE_MAX + 2 bytes), trimmed, without the
 * newline.  Returns 1, 0 at end of input, or -1 for a line that was too
 * long (read to its end and dropped).
 */
static int read_line(char *buf, size_t size) {
  if (!fgets(buf, (int)size, stdin)) return 0;
  size_t len = strlen(buf);
  if (len && buf[len - 1] == '\n') {
    buf[--len] = '\0';
  } else if (!feof(stdin)) {
    int c;
    while ((c = getchar()) != EOF && c != '\n')
      ;
    return -1;
  }
  while (len && isspace((unsigned char)buf[len - 1])) buf[--len] = '\0';
  size_t lead = strspn(buf, " \t");
  memmove(buf, buf + lead, len - lead + 1);
  return 1;
}

static void prompt(const play *p) {
  if (!p->prompt) return;
  if (p->max_guesses) printf("guess %d/%d> ", p->k + 1, p->max_guesses);
  else printf("guess %d> ", p->k + 1);
  fflush(stdout);
}

static bool is_cmd(const char *s, const char *word, const char *alias) {
  return !strcasecmp(s, word) || !strcmp(s, alias);
}

/* ------------------------------------------------------------------ */
/* Advice during the game                                               */

/* "optle next LISTS word:PATTERN..." for the first k steps. */
static void next_command(const play *p, int k) {
  printf("optle next %s", p->lists);
  for (int i = 0; i < k; i++) {
    char b[HISTORY_STEP_CHARS];
    history_format(p->g, p->h[i], b);
    printf(" %s", b);
  }
}

static void show_hint(play *p) {
  if (advisor_slow(p->adv, p->n, p->h, p->k)) {
    printf("hint: %d answers left: too many to solve on the spot (more than %d); '", p->n,
           ADVICE_QUICK_MAX);
    next_command(p, p->k);
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
  double e = advice_avg(ad.total, ad.n);
  const char *w = p->g->guesses.w[ad.best];
  printf("hint: %d answer%s left; ", p->n, p->n == 1 ? "" : "s");
  if (ad.source == ADV_OPENER) printf("suggested guess %s (a fixed opener, not proven best)", w);
  else if (ad.source == ADV_TREE) printf("the tree's next guess %s", w);
  else printf("optimal next guess %s", w);
  printf(": %.4f expected guesses from here, this one included\n", e);
}

/* ------------------------------------------------------------------ */
/* The end of a game: lines side by side, skill and luck                */

static void show_lines(play *p, int answer) {
  hstep opt[PLAY_MAX_STEPS];
  adv_source src = ADV_SEARCH;
  int m = answer >= 0 ? advisor_line(p->adv, answer, opt, PLAY_MAX_STEPS, &src) : -1;
  int rows = p->k > m ? p->k : m;
  int width = p->colour ? 15 : 11;
  printf("\n      %-*s  %s\n", width, "you", m >= 0 ? "optimal" : "");
  for (int i = 0; i < rows; i++) {
    printf("  %2d  ", i + 1);
    int w = i < p->k ? show_guess(p, stdout, p->h[i]) : 0;
    if (i < m) {
      printf("%*s  ", width - w, "");
      show_guess(p, stdout, opt[i]);
    }
    putchar('\n');
  }
  if (m >= 0 && src == ADV_TREE)
    printf("  (the optimal line is the tree %s's)\n", p->tree_name);
  else if (m >= 0 && src == ADV_OPENER)
    printf("  (the optimal line after the fixed opener %s: the best first guess on %d "
           "answers is not computed)\n",
           ADVICE_OPENER, p->g->n_answers);
}

/* Each guess against the best, then the game's length as a sum:
 * guesses = expected with optimal play + skill lost - luck, which holds
 * step by step: V_i + (E_i - V_i) - (E_i - 1 - V_i+1) = 1 + V_i+1. */
static void show_analysis(play *p, bool won) {
  advice_step sv[PLAY_MAX_STEPS];
  advice_game_steps(p->adv, p->h, p->k, p->tree_first, sv);
  const game *g = p->g;
  printf("\neach guess against the best, in exact expected guesses from there, this one "
         "included;\nluck = expected guesses with your guess - (1 + expected after its feedback), "
         "+ is lucky:\n");
  for (int i = 0; i < p->k; i++) {
    const advice_step *s = &sv[i];
    const char *w = g->guesses.w[p->h[i].guess];
    printf("  guess %d %s: ", i + 1, w);
    if (s->E == ADVICE_UNKNOWN) {
      if (advisor_big_root(p->adv, s->n)) {
        printf("not valued (an exact first-guess value on %d answers is a whole proof: "
               "'optle solve %s --first %s')\n",
               s->n, p->lists, w);
      } else {
        printf("not valued (%d answers: too many to solve unasked; '", s->n);
        next_command(p, i);
        printf(" --guess %s' can)\n", w);
      }
      continue;
    }
    if (s->E >= OPTLE_INF) {
      if (s->no_info) printf("gave no information (every answer left gives it the same colours)\n");
      else printf("cannot be sure of finding every answer within the guesses left\n");
      continue;
    }
    double e = advice_avg(s->E, s->n);
    if (advice_known(s->V)) {
      const char *bw = s->best >= 0 ? g->guesses.w[s->best] : "?";
      if (s->E == s->V && s->best == p->h[i].guess) printf("optimal (%.4f)", e);
      else if (s->E == s->V) printf("optimal (%.4f, ties with %s)", e, bw);
      else
        printf("%.4f worse than best (%s): %.4f against %.4f", advice_avg(s->E - s->V, s->n), bw,
               e, advice_avg(s->V, s->n));
    } else {
      printf("%.4f (the best first guess on %d answers is not computed)", e, s->n);
    }
    if (advice_known(s->after)) printf("; luck %+.4f", e - 1 - advice_avg(s->after, s->n_after));
    putchar('\n');
  }
  advice_sum sum;
  if (!won || !advice_game_sum(sv, p->k, &sum)) return;
  double skill = sum.skill, luck = sum.luck;
  char base[160];
  if (sum.from == 0)
    snprintf(base, sizeof base, "%.4f (optimal play from the start)", sum.base);
  else if (sum.from == 1 && sum.first_counted)
    snprintf(base, sizeof base, "%.4f (your first guess, then optimal play)", sum.base);
  else
    snprintf(base, sizeof base, "%d + %.4f (optimal play after guess %d)", sum.from, sum.base,
             sum.from);
  printf("%d guess%s = %s + %.4f (your choices) %s %.4f (%s)\n", p->k, p->k == 1 ? "" : "es",
         base, skill, luck >= 0 ? "-" : "+", luck >= 0 ? luck : -luck,
         luck >= 0 ? "luck" : "bad luck");
}

/* ------------------------------------------------------------------ */
/* Answers off the list (advice.h): the allowed guesses that fit        */

static void wide_drop(play *p) {
  if (p->wide_from < 0) return;
  advisor_free(p->wide_adv);
  game_free(&p->wide);
  p->wide_adv = NULL;
  p->wide_from = -1;
  p->g = p->main_g;
  p->adv = p->main_adv;
}

/* err_msg() without a leading "no answer fits: ". */
static const char *why_of(const char *msg) {
  const char *pre = "no answer fits: ";
  return strncmp(msg, pre, strlen(pre)) ? msg : msg + strlen(pre);
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
static int fit(play *p, int k) {
  if (p->wide_from > k) wide_drop(p);
  int n;
  char why[512] = "";
  if (p->wide_from >= 0) {
    if (history_filter(p->g, p->h, k, p->set, &n, NULL)) {
      if (n == 0) {
        snprintf(why, sizeof why, "%s", why_of(err_msg()));
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
    snprintf(why, sizeof why, "%s", why_of(err_msg()));
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

static void game_over(play *p, bool won, int answer) {
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
  show_lines(p, answer);
  show_analysis(p, won);
}

/* ------------------------------------------------------------------ */
/* The two modes                                                        */

static bool out_of_guesses(const play *p) {
  return p->max_guesses ? p->k >= p->max_guesses : p->k >= PLAY_MAX_STEPS;
}

static void help_line(const play *p) {
  if (p->assist)
    printf("type each guess and the colours it got: salet BBYBB or salet:BBYBB (G green, Y "
           "yellow, B gray);\nundo or :u takes the last line back; quit or :q ends\n");
  else
    printf("type a five-letter guess; hint or :h toggles hints; quit or :q ends\n");
}

/* A command word; returns 1 when handled, 2 to quit, 0 if not one. */
static int command(play *p, const char *line) {
  if (is_cmd(line, "quit", ":q") || is_cmd(line, "exit", ":x")) return 2;
  if (is_cmd(line, "help", ":?") || !strcmp(line, "?")) {
    help_line(p);
    return 1;
  }
  if (is_cmd(line, "hint", ":h")) {
    if (p->assist) {
      printf("assist mode always shows the advice\n");
      return 1;
    }
    p->hints = !p->hints;
    printf("hints %s\n", p->hints ? "on" : "off");
    if (p->hints) show_hint(p);
    return 1;
  }
  if (is_cmd(line, "undo", ":u")) {
    if (!p->assist) {
      printf("undo is for assist mode: a guess made cannot be taken back\n");
    } else if (!p->k) {
      printf("nothing to undo\n");
    } else {
      p->k--;
      fit(p, p->k);
      for (int i = 0; i < 26; i++) p->keys[i] = 0;
      for (int i = 0; i < p->k; i++) update_keys(p, p->h[i]);
      printf("took back guess %d\n", p->k + 1);
      return -1; /* show the advice again */
    }
    return 1;
  }
  return 0;
}

/* Prompt and read the next non-empty line into buf; false at end of
 * input.  A line over PLAY_LINE_MAX is refused with a reason, not read. */
static bool next_line(play *p, char *buf, size_t size) {
  for (;;) {
    prompt(p);
    int r = read_line(buf, size);
    if (r == 0) return false;
    if (r < 0) {
      printf("line too long (over %d characters): ignored\n", PLAY_LINE_MAX);
      continue;
    }
    if (*buf) return true;
  }
}

static int game_mode(play *p) {
  char buf[PLAY_LINE_MAX + 2];
  while (next_line(p, buf, sizeof buf)) {
    int c = command(p, buf);
    if (c == 2) break;
    if (c) continue;
    char w[8] = {0};
    size_t len = strlen(buf);
    for (size_t i = 0; i < len && i < 6; i++) w[i] = (char)tolower((unsigned char)buf[i]);
    if (len != 5 || !words_valid(w)) {
      printf("'%.20s%s': a guess is one word of five letters (help: :?)\n", buf,
             len > 20 ? "..." : "");
      continue;
    }
    int gi = words_find(&p->g->guesses, w);
    if (gi < 0) {
      printf("%s is not in the word list: no guess used\n", w);
      continue;
    }
    hstep st = {gi, game_fb(p->g, gi, p->answer)};
    p->h[p->k++] = st;
    p->n = history_apply(p->g, p->set, p->n, st);
    update_keys(p, st);
    if (p->max_guesses) printf("%d/%d  ", p->k, p->max_guesses);
    else printf("%d  ", p->k);
    show_guess(p, stdout, st);
    putchar('\n');
    show_keys(p);
    if (history_won(st)) {
      game_over(p, true, p->answer);
      return EXIT_OK;
    }
    if (out_of_guesses(p)) {
      game_over(p, false, p->answer);
      return EXIT_OK;
    }
    if (p->hints) show_hint(p);
  }
  printf("\nthe answer was %s\n", p->g->answers.w[p->answer]);
  return EXIT_OK;
}

static void assist_advice(play *p) {
  if (p->n == 0) { /* --answers-from guesses, no guess made */
    printf("no advice before the first guess with --answers-from guesses: every one of the %d "
           "allowed guesses could be the answer\n",
           p->main_g->n_guesses);
    return;
  }
  advice ad;
  int rc = advice_at(p->adv, p->set, p->n, p->h, p->k, p->top, &ad);
  if (rc) printf("no advice: %s\n", rc == EXIT_USAGE ? err_msg() : "stopped");
  else advice_print(stdout, p->g, p->adv, p->set, p->h, &ad, NULL);
}

static int assist_mode(play *p) {
  char buf[PLAY_LINE_MAX + 2];
  assist_advice(p);
  while (next_line(p, buf, sizeof buf)) {
    int c = command(p, buf);
    if (c == 2) break;
    if (c == -1) assist_advice(p);
    if (c) continue;
    hstep st;
    if (history_parse(p->g, buf, false, &st)) {
      printf("%s\n", err_msg());
      continue;
    }
    p->h[p->k] = st;
    if (fit(p, p->k + 1)) {
      printf("%s; not added (check the colours, or undo)\n", err_msg());
      fit(p, p->k);
      continue;
    }
    p->k++;
    update_keys(p, st);
    show_guess(p, stdout, st);
    putchar('\n');
    if (history_won(st)) {
      game_over(p, true, p->set[0]);
      return EXIT_OK;
    }
    if (out_of_guesses(p)) {
      game_over(p, false, p->n == 1 ? p->set[0] : -1);
      return EXIT_OK;
    }
    assist_advice(p);
  }
  return EXIT_OK;
}

/* ------------------------------------------------------------------ */

static uint64_t splitmix64(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Answer index for a seed: uniform over n (rejection, then modulo). */
static int draw_answer(uint64_t seed, int n) {
  uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n, x;
  do x = splitmix64(&seed);
  while (x >= limit);
  return (int)(x % (uint64_t)n);
}

static bool colour_wanted(void) {
  const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
  if (nc && *nc) return false;
  if (term && !strcmp(term, "dumb")) return false;
  return isatty(STDOUT_FILENO);
}

int cmd_play(int argc, char **argv) {
  optle_args a;
  bool help = false;
  int rc = parse_options("play", play_opts, argc, argv, &a, &help, NULL);
  if (rc) return rc;
  if (help) {
    play_help(stdout);
    return EXIT_OK;
  }
  if (a.hard)
    return usage_error("play ", "--hard: hard mode does not exist yet (optle's strategies are "
                                "for normal mode)");
  if (a.assist && (a.answer || a.seed >= 0))
    return usage_error("play ", "--assist takes no --answer or --seed: the answer is unknown");
  if (a.answer && a.seed >= 0) return usage_error("play ", "give --answer or --seed, not both");
  bool from_guesses = false;
  if (a.answers_from && !(from_guesses = !strcmp(a.answers_from, "guesses")) &&
      strcmp(a.answers_from, "answers"))
    return usage_error("play ", "--answers-from '%s': give answers or guesses", a.answers_from);
  if (from_guesses && !a.assist)
    return usage_error("play ", "--answers-from guesses is for --assist (a game played "
                                "elsewhere); optle's own games hide an answer of the list");
  game g;
  tree_file tf;
  if ((rc = load_tree_lists("play ", &a.l, a.tree, "--tree ", a.force, "nyt", &g, &tf))) return rc;
  /* The list's name as the options would give it, for messages. */
  const char *lname = a.l.list      ? a.l.list
                      : a.l.answers ? NULL
                      : tf.list_from_tree ? g.list
                                          : "nyt";

  play p = {.g = &g, .main_g = &g, .max_guesses = a.max_guesses, .top = a.top,
            .hints = a.hints, .assist = a.assist, .tree_name = a.tree, .answer = -1,
            .tree_first = -1, .from_guesses = from_guesses, .wide_from = -1};
  tnode *tree = NULL;
  if (a.answer) {
    char w[8] = {0};
    size_t len = strlen(a.answer);
    for (size_t i = 0; i < len && i < 6; i++) w[i] = (char)tolower((unsigned char)a.answer[i]);
    p.answer = len == 5 ? words_find(&g.answers, w) : -1;
    if (p.answer < 0) {
      rc = usage_error("play ", "--answer '%s': not in the answer list %s", a.answer,
                       g.answers.path);
      goto done;
    }
  }
  if (a.tree) {
    treeread_info info;
    int v = verify_mem(tf.data, tf.len, a.tree, &g, a.max_guesses, &tree, &info);
    treeread_info_free(&info);
    if (v != VERIFY_VALID) {
      fprintf(stderr, "optle: --tree %s\n", err_msg());
      rc = EXIT_USAGE;
      goto done;
    }
    p.tree_first = tree->guess;
  }
  if (lname) snprintf(p.lists, sizeof p.lists, "--list %s", lname);
  else snprintf(p.lists, sizeof p.lists, "--answers %s%s%s", a.l.answers,
                a.l.guesses ? " --guesses " : "", a.l.guesses ? a.l.guesses : "");
  if (from_guesses)
    snprintf(p.lists + strlen(p.lists), sizeof p.lists - strlen(p.lists),
             " --answers-from guesses");
  p.colour = colour_wanted();
  p.prompt = isatty(STDIN_FILENO);
  p.ao = (advisor_opts){a.max_guesses, a.threads, a.memo_mb, tree, a.tree, NULL};
  if (!(p.adv = p.main_adv = advisor_new(&g, &p.ao))) {
    rc = usage_error("play ", "%s", err_msg());
    goto done;
  }
  /* Room for the answers of the list or of a wider game (history.h). */
  int room = g.n_guesses < OPTLE_MAX_ANSWERS ? g.n_guesses : OPTLE_MAX_ANSWERS;
  p.set = xmalloc(sizeof *p.set * (size_t)(room > g.n_answers ? room : g.n_answers));
  if (fit(&p, 0)) {
    rc = usage_error("play ", "%s", err_msg());
    goto done;
  }

  const char *name = lname ? lname : g.answers.path;
  if (a.assist) {
    printf("optle play --assist (%s: %d answers, %d allowed guesses", name, g.n_answers,
           g.n_guesses);
    if (a.max_guesses) printf(", %d guesses", a.max_guesses);
    printf(")\n");
    help_line(&p);
    rc = assist_mode(&p);
  } else {
    if (p.answer < 0) {
      uint64_t seed = a.seed >= 0 ? (uint64_t)a.seed
                                  : ((uint64_t)time(NULL) ^ ((uint64_t)getpid() << 16)) & 0x7fffffff;
      p.answer = draw_answer(seed, g.n_answers);
      printf("optle play: seed %llu (replay this game with --seed %llu)\n",
             (unsigned long long)seed, (unsigned long long)seed);
    }
    printf("find the hidden word");
    if (a.max_guesses) printf(" in %d guesses", a.max_guesses);
    printf(" (%s: %d answers, %d allowed guesses)\n", name, g.n_answers, g.n_guesses);
    help_line(&p);
    if (p.hints) show_hint(&p);
    rc = game_mode(&p);
  }
  fflush(stdout);
done:
  wide_drop(&p);
  advisor_free(p.main_adv);
  free(p.set);
  tree_free(tree);
  tree_file_free(&tf);
  game_free(&g);
  return rc;
}
