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
 * gets a one-line reason and the prompt again, except what is no
 * player's text (a NUL byte, a line past PLAY_LINE_CAP: /dev/zero would
 * be read for ever), which ends the game with status 2.
 *
 * The random answer: splitmix64 (the generator the tests use) started at
 * the seed, the first output below the largest multiple of the answer
 * count, taken modulo the count (so every answer is equally likely).
 * The seed is --seed N, or the clock and process id folded to 31 bits,
 * and is printed so a game can be replayed.
 */
#include <assert.h>
#include <errno.h>
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
#include "help.h"
#include "game.h"
#include "history.h"
#include "lists.h"
#include "opts.h"
#include "tuning.h"
#include "utf8.h"
#include "util.h"
#include "cmd_play.h"

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
    /* -1: not given (game mode refuses it; assist's default is 5) */
    OPT_USE_DEFAULT(TOP, -1, "assist mode: list the N best guesses (default 5)"),
    OPT_USE_HELP(MAX_GUESSES, "guesses allowed, 0 = no limit (at most 64; default 6)"),
    OPT_USE(THREADS),
    OPT_USE(MEMO_MB),
    OPT_USE_RULES,
    OPT_USE_END,
};

const cmd_doc play_doc = {
    .name = "play",
    .summary = "play Wordle, or get advice on a real game, with the optimal player",
    .usage = "optle play [--list NAME | --answers FILE [--guesses FILE]]\n"
             "                  [--assist | --answer WORD | --seed N] [--hints] [options]",
    .about = "Play Wordle against a hidden answer, with the optimal player's hints on\n"
             "request and, at the end, your line next to the optimal one and each guess's\n"
             "cost against the best (the lists default to the list a JSON --tree records,\n"
             "else nyt).  With --assist, type\n"
             "the guesses and colours of a game played elsewhere (salet BBYBB) and get\n"
             "the optimal next guess after each.\n"
             "\n"
             "commands at the prompt: hint or :h (toggle hints), undo or :u (assist: take\n"
             "back the last line), help or :?, quit or :q (Ctrl-D works too)",
    .opts = play_opts,
    .notes = "Colours only when stdout is a terminal and NO_COLOR is not set.",
    .exit = "0 game over or quit, 2 bad usage or an input line that is not text (a NUL "
            "byte), 3 out of memory or internal error",
};

/* ------------------------------------------------------------------ */
/* Input                                                                */

/*
 * One line into buf (size: PLAY_LINE_MAX + 2 bytes, room for the line,
 * a CR of a CRLF line end and the NUL), trimmed, without the newline
 * or that CR, read a byte at a time so that a NUL byte is seen (fgets()
 * and strlen() would stop at it and take the rest of the line, and the
 * next, as the tail of a long line).  *lineno counts the lines read.
 * Returns 1, 0 at end of input, -1 for a line that was too long (read
 * to its end and dropped), -2 for a line holding a NUL byte (read no
 * further: /dev/zero has no line end), -4 for a line of more than
 * PLAY_LINE_CAP bytes (read no further), or -3 when reading failed
 * (errno says why): never taken for the end of input, nor a line cut by
 * the failure for a whole one.
 */
static int read_line(char *buf, size_t size, int *lineno) {
  size_t len = 0, seen = 0;
  bool over = false;
  int c;
  assert(size >= 3);
  while ((c = getchar()) != EOF && c != '\n') {
    if (c == '\0') return ++*lineno, -2;
    if (++seen > PLAY_LINE_CAP) return ++*lineno, -4;
    if (len + 1 < size) buf[len++] = (char)c;
    else over = true;
  }
  if (c == EOF && ferror(stdin)) return -3;
  if (c == EOF && !len && !over) return 0;
  ++*lineno;
  if (len && buf[len - 1] == '\r') len--; /* a CRLF line end */
  if (*lineno == 1 && len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) { /* a byte order mark */
    memmove(buf, buf + 3, len - 3);
    len -= 3;
  }
  buf[len] = '\0';
  if (over || len > size - 2) return -1; /* more than PLAY_LINE_MAX bytes */
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

/* A command, in any case, as guesses are (QUIT, :Q). */
static bool is_cmd(const char *s, const char *word, const char *alias) {
  return !strcasecmp(s, word) || !strcasecmp(s, alias);
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
    if (p->hints) play_show_hint(p);
    return 1;
  }
  if (is_cmd(line, "undo", ":u")) {
    if (!p->assist) {
      printf("undo is for assist mode: a guess made cannot be taken back\n");
    } else if (!p->k) {
      printf("nothing to undo\n");
    } else {
      p->k--;
      play_fit(p, p->k);
      for (int i = 0; i < 26; i++) p->keys[i] = 0;
      for (int i = 0; i < p->k; i++) play_update_keys(p, p->h[i]);
      printf("took back guess %d\n", p->k + 1);
      return -1; /* show the advice again */
    }
    return 1;
  }
  return 0;
}

/* Prompt and read the next non-empty line into buf; false at end of
 * input.  A line over PLAY_LINE_MAX is refused with a reason, not read.
 * A line holding a NUL byte is not text, and one over PLAY_LINE_CAP is
 * not a player's: the game ends there (*rc =
 * EXIT_USAGE, with the line's number), since what follows may not be
 * the lines the player meant either; so does a read that fails. */
static bool next_line(play *p, char *buf, size_t size, int *rc) {
  for (;;) {
    prompt(p);
    errno = 0;
    int r = read_line(buf, size, &p->lineno);
    if (r == 0) return false;
    if (r == -3) {
      int e = errno;
      char after[32] = "";
      if (p->lineno) snprintf(after, sizeof after, " after line %d", p->lineno);
      fflush(stdout);
      fprintf(stderr, "optle: play: cannot read the input%s: %s\n", after,
              e ? strerror(e) : "read error");
      *rc = EXIT_USAGE;
      return false;
    }
    if (r == -2) {
      fflush(stdout);
      fprintf(stderr, "optle: play: input line %d holds a NUL byte, so the input is not "
                      "text: stopped there (no later line read)\n", p->lineno);
      *rc = EXIT_USAGE;
      return false;
    }
    if (r == -4) {
      fflush(stdout);
      fprintf(stderr, "optle: play: input line %d is over %d bytes, so the input is not a "
                      "player's: stopped there (no later line read)\n", p->lineno, PLAY_LINE_CAP);
      *rc = EXIT_USAGE;
      return false;
    }
    if (r < 0) {
      printf("line too long (over %d bytes): ignored\n", PLAY_LINE_MAX);
      continue;
    }
    if (*buf) return true;
  }
}

static int game_mode(play *p) {
  char buf[PLAY_LINE_MAX + 2];
  int rc = EXIT_OK;
  while (next_line(p, buf, sizeof buf, &rc)) {
    int c = command(p, buf);
    if (c == 2) break;
    if (c) continue;
    char w[8] = {0};
    size_t len = strlen(buf);
    for (size_t i = 0; i < len && i < 6; i++) w[i] = (char)tolower((unsigned char)buf[i]);
    if (len != 5 || !words_valid(w)) {
      /* The user's line: 20 characters at most, none cut, control bytes
       * and invisible characters shown (utf8.h). */
      char shown[20 * 16 + 8];
      utf8_quote(buf, len, 20, shown, sizeof shown);
      printf("'%s': a guess is one word of five letters (help: :?)\n", shown);
      continue;
    }
    int gi = words_find(&p->g->guesses, w);
    if (gi < 0) {
      printf("%s is not in the word list: no guess used\n", w);
      continue;
    }
    char why[160];
    if (history_why(p->g, p->ao.rules, p->h, p->k, gi, why, sizeof why)) {
      printf("%s (%s mode): no guess used\n", why, rules_name(p->ao.rules));
      continue;
    }
    hstep st = {gi, game_fb(p->g, gi, p->answer)};
    p->h[p->k++] = st;
    p->n = history_apply(p->g, p->set, p->n, st);
    play_update_keys(p, st);
    if (p->max_guesses) printf("%d/%d  ", p->k, p->max_guesses);
    else printf("%d  ", p->k);
    play_show_guess(p, stdout, st);
    putchar('\n');
    play_show_keys(p);
    if (history_won(st)) {
      play_game_over(p, true, p->answer);
      return EXIT_OK;
    }
    if (out_of_guesses(p)) {
      play_game_over(p, false, p->answer);
      return EXIT_OK;
    }
    if (p->hints) play_show_hint(p);
  }
  if (rc) return rc;
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
  int rc = EXIT_OK;
  assist_advice(p);
  while (next_line(p, buf, sizeof buf, &rc)) {
    int c = command(p, buf);
    if (c == 2) break;
    if (c == -1) assist_advice(p);
    if (c) continue;
    hstep st;
    if (history_parse(p->g, buf, &st)) {
      printf("%s\n", err_msg());
      continue;
    }
    char why[160];
    if (history_why(p->g, p->ao.rules, p->h, p->k, st.guess, why, sizeof why)) {
      printf("%s (%s mode): not added\n", why, rules_name(p->ao.rules));
      continue;
    }
    p->h[p->k] = st;
    if (play_fit(p, p->k + 1)) {
      printf("%s; not added (check the colours, or undo)\n", err_msg());
      play_fit(p, p->k);
      continue;
    }
    p->k++;
    play_update_keys(p, st);
    play_show_guess(p, stdout, st);
    putchar('\n');
    if (history_won(st)) {
      play_game_over(p, true, p->set[0]);
      return EXIT_OK;
    }
    if (out_of_guesses(p)) {
      play_game_over(p, false, p->n == 1 ? p->set[0] : -1);
      return EXIT_OK;
    }
    assist_advice(p);
  }
  return rc;
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

/* Step 1: the options, and the checks that need no lists.  *help: --help
 * was asked for (and printed). */
static int play_options(int argc, char **argv, optle_args *a, rules_mode *rules,
                        bool *from_guesses, bool *help) {
  int rc = parse_options("play", play_opts, argc, argv, a, help, NULL);
  if (rc) return rc;
  if (*help) {
    help_text(stdout, &play_doc);
    return EXIT_OK;
  }
  if (a->max_guesses > PLAY_MAX_STEPS) /* a game's steps are kept in PLAY_MAX_STEPS slots */
    return usage_error("play ", "--max-guesses: %d is out of range (0 to %d)", a->max_guesses,
                       PLAY_MAX_STEPS);
  if ((rc = opts_rules("play ", a, rules, NULL))) return rc;
  if (a->tree && !strcmp(a->tree, "-")) /* the game would find its input at its end */
    return usage_error("play ", "--tree -: standard input is the game's (the guesses typed): "
                                "give the tree a file name");
  if (a->assist && (a->answer || a->seed >= 0))
    return usage_error("play ", "--assist takes no --answer or --seed: the answer is unknown");
  if (a->answer && a->seed >= 0) return usage_error("play ", "give --answer or --seed, not both");
  if ((rc = opts_answers_from("play ", a, from_guesses))) return rc;
  if (*from_guesses && !a->assist)
    return usage_error("play ", "--answers-from guesses is for --assist (a game played "
                                "elsewhere); optle's own games hide an answer of the list");
  /* Options that would do nothing are refused, never silently dropped. */
  if (a->top >= 0 && !a->assist)
    return usage_error("play ", "--top is for --assist: a game's hints give the one best guess");
  if (a->hints && a->assist)
    return usage_error("play ", "--hints is for a game: --assist always shows the advice");
  if (a->top < 0) a->top = PLAY_TOP_DEFAULT;
  return 0;
}

/* --answer's index in the answer list (any case), or -1 after a message. */
static int answer_arg(const char *word, const game *g) {
  char w[8] = {0};
  size_t len = strlen(word);
  for (size_t i = 0; i < len && i < 6; i++) w[i] = (char)tolower((unsigned char)word[i]);
  int idx = len == 5 ? words_find(&g->answers, w) : -1;
  if (idx < 0)
    usage_error("play ", "--answer '%s': not in the answer list %s", word, g->answers.path);
  return idx;
}

/* s as one shell word at out (which has room for 4 * strlen(s) + 3):
 * as it is when every byte is plain, else in single quotes, each ' in it
 * as '\''.  Returns the end. */
static char *shell_word(char *out, const char *s) {
  if (*s && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./+-=:,@%") ==
                strlen(s))
    return out + sprintf(out, "%s", s);
  *out++ = '\'';
  for (; *s; s++) {
    if (*s == '\'') out += sprintf(out, "'\\''");
    else *out++ = *s;
  }
  *out++ = '\'';
  *out = '\0';
  return out;
}

/* The list options as play was given them (lname: the list's name, NULL
 * for --answers), for the commands it suggests (p->lists): whole, never
 * cut (a cut once dropped --hard from the command), and each path one
 * shell word. */
static void lists_options(play *p, const list_args *l, const char *lname, rules_mode rules) {
  /* The files given, or else those a --tree recorded (the game's). */
  const game *g = p->main_g;
  const char *ans = l->answers ? l->answers : g->answers.path;
  const char *gs = l->answers                                 ? l->guesses
                   : strcmp(g->guesses.path, g->answers.path) ? g->guesses.path
                                                              : NULL;
  size_t size = 4 * (strlen(lname ? lname : ans) + (gs ? strlen(gs) : 0) +
                     (l->guesses ? strlen(l->guesses) : 0)) + 96;
  char *b = p->lists = xmalloc(size);
  if (lname) {
    b += sprintf(b, "--list ");
    b = shell_word(b, lname);
    if (l->guesses) b = shell_word(b + sprintf(b, " --guesses "), l->guesses);
  } else {
    b += sprintf(b, "--answers ");
    b = shell_word(b, ans);
    if (gs) b = shell_word(b + sprintf(b, " --guesses "), gs);
  }
  if (p->from_guesses) b += sprintf(b, " --answers-from guesses");
  if (rules != RULES_NORMAL) b += sprintf(b, " --%s", rules_name(rules));
  assert((size_t)(b - p->lists) < size);
}

/* Step 2: the player: the hidden answer (--answer), the tree (checked),
 * the advisor, and the answers that fit before any guess. */
static int play_setup(play *p, const optle_args *a, const tree_file *tf, const char *lname,
                      rules_mode rules, tnode **tree) {
  const game *g = p->main_g;
  int rc;
  if (a->answer && (p->answer = answer_arg(a->answer, g)) < 0) return EXIT_USAGE;
  if (a->tree) {
    if ((rc = opts_verify_tree(a->tree, tf, g, a->max_guesses, rules, tree))) return rc;
    p->tree_first = (*tree)->guess;
  }
  lists_options(p, &a->l, lname, rules);
  p->colour = colour_wanted();
  p->prompt = isatty(STDIN_FILENO);
  p->ao = (advisor_opts){a->max_guesses, a->threads, a->memo_mb, *tree, a->tree, NULL, rules,
                         false};
  if (!(p->adv = p->main_adv = advisor_new(g, &p->ao)))
    return usage_error("play ", "%s", err_msg());
  /* Room for the answers of the list or of a wider game (history.h). */
  int room = g->n_guesses < OPTLE_MAX_ANSWERS ? g->n_guesses : OPTLE_MAX_ANSWERS;
  p->set = xmalloc(sizeof *p->set * (size_t)(room > g->n_answers ? room : g->n_answers));
  if (play_fit(p, 0)) return usage_error("play ", "%s", err_msg());
  return 0;
}

/* Step 3, assist mode: the header, then the lines the player types.
 * name: the lists' name. */
static int start_assist(play *p, const char *name) {
  const game *g = p->main_g;
  printf("optle play --assist (%s: %d answers, %d allowed guesses", name, g->n_answers,
         g->n_guesses);
  if (p->max_guesses) printf(", %d guesses", p->max_guesses);
  if (p->ao.rules != RULES_NORMAL) printf(", %s mode", rules_name(p->ao.rules));
  printf(")\n");
  help_line(p);
  return assist_mode(p);
}

/* Step 3, game mode: the answer drawn from the seed (--seed, else the
 * clock) unless --answer gave it, the header, then the game. */
static int start_game(play *p, int seed_arg, const char *name) {
  const game *g = p->main_g;
  if (p->answer < 0) {
    uint64_t from_clock = ((uint64_t)time(NULL) ^ ((uint64_t)getpid() << 16)) & 0x7fffffff;
    uint64_t seed = seed_arg >= 0 ? (uint64_t)seed_arg : from_clock;
    p->answer = draw_answer(seed, g->n_answers);
    printf("optle play: seed %llu (replay this game with --seed %llu)\n",
           (unsigned long long)seed, (unsigned long long)seed);
  }
  printf("find the hidden word");
  if (p->max_guesses) printf(" in %d guesses", p->max_guesses);
  if (p->ao.rules != RULES_NORMAL) printf(", %s mode", rules_name(p->ao.rules));
  printf(" (%s: %d answers, %d allowed guesses)\n", name, g->n_answers, g->n_guesses);
  help_line(p);
  if (p->hints) play_show_hint(p);
  return game_mode(p);
}

int cmd_play(int argc, char **argv) {
  optle_args a;
  rules_mode rules;
  bool from_guesses, help = false;
  int rc = play_options(argc, argv, &a, &rules, &from_guesses, &help);
  if (rc || help) return rc;
  game g;
  tree_file tf;
  threads_start(a.threads); /* up front: a failure to start them says "out of memory" */
  rc = opts_load_tree_game("play ", &a.l, a.tree, "--tree ", a.force, LISTS_DEFAULT, &g, &tf);
  if (rc) return rc;
  /* The list's name as the options would give it, for messages. */
  const char *lname = g.list ? g.list : a.l.list;
  play p = {.g = &g, .main_g = &g, .max_guesses = a.max_guesses, .top = a.top,
            .hints = a.hints, .assist = a.assist, .tree_name = a.tree, .answer = -1,
            .tree_first = -1, .from_guesses = from_guesses, .wide_from = -1};
  tnode *tree = NULL;
  if (!(rc = play_setup(&p, &a, &tf, lname, rules, &tree))) {
    const char *name = lname ? lname : g.answers.path;
    rc = a.assist ? start_assist(&p, name) : start_game(&p, a.seed, name);
    fflush(stdout);
  }
  play_wide_drop(&p);
  advisor_free(p.main_adv);
  free(p.set);
  free(p.lists);
  tree_free(tree);
  opts_tree_release(&tf);
  game_free(&g);
  return rc;
}
