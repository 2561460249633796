/*
 * cmd_next.c: `optle next HISTORY...`: the optimal next guess for a game
 * so far, its exact value, the best alternatives, and how any other
 * guess compares (advice.h does the work, history.h the parsing).
 */
#include <assert.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "advice.h"
#include "cli.h"
#include "help.h"
#include "feedback.h"
#include "game.h"
#include "history.h"
#include "lists.h"
#include "opts.h"
#include "tuning.h"
#include "util.h"

/* Most history steps, and most arguments (two per step at most). */
#define NEXT_MAX_STEPS 64
#define NEXT_MAX_ARGS (2 * NEXT_MAX_STEPS)

static const optuse next_opts[] = {
    OPT_USE_LISTS,
    OPT_USE(GUESS),
    OPT_USE(TOP),
    OPT_USE(TREE),
    OPT_USE(FORCE),
    OPT_USE(PROVE),
    OPT_USE(ANSWERS_FROM),
    OPT_USE(SHARE),
    OPT_USE(JSON),
    OPT_USE_HELP(MAX_GUESSES, "guess limit of the game, 0 = none (default 6)"),
    OPT_USE_HELP(HARD, "hard mode: the history must keep its rule, and so does the advice"),
    OPT_USE_HELP(HARDGRAY, "hard-gray mode: hard mode, and no letter shown gray comes back"),
    OPT_USE_HELP(ULTRAHARD, "ultrahard mode: every guess could still be the answer"),
    OPT_USE(THREADS),
    OPT_USE(MEMO_MB),
    OPT_USE_END,
};

const cmd_doc next_doc = {
    .name = "next",
    .summary = "the optimal next guess after a game so far, with exact values",
    .usage = "optle next [--list NAME | --answers FILE [--guesses FILE]] [options] "
             "[word:PATTERN | word PATTERN ...] | --share FILE [word ...]",
    .about = "The optimal next guess after the guesses made so far, each given as\n"
             "word:PATTERN or word PATTERN (salet:BBYBB; G green, Y yellow, B gray, or 2 1 0,\n"
             "or the share grid's squares: black or white gray, yellow, green; in high\n"
             "contrast blue yellow, orange green), or as --share FILE, the pasted share text\n"
             "(its header and grid; '*' there means hard mode) with the words alone, one per\n"
             "row; with the answers left, the exact expected number of guesses from here and\n"
             "the best alternatives.  The lists default to the list a JSON --tree records, else\n"
             "nyt (the newest).  With no history on a list too big to rank every first guess,\n"
             "the list's fixed opener (optle lists: tarse on nyt, normal and hard) is shown\n"
             "with its exact value, not proven best; --prove proves the best first guess\n"
             "instead (the root proof, with the --top best exact), and --tree gives a solved\n"
             "tree's first guess.",
    .opts = next_opts,
    .exit = "0 advice given (or the game is won), 1 no strategy within the\n"
            "             guesses left, 2 bad usage or input (history, word, tree),\n"
            "             3 out of memory or internal error, 4 stopped (Ctrl-C)",
};

/* The solved game: the history ends all green (off_list: the answer is
 * not on the answer list). */
static void print_solved(const game *g, const hstep *h, int k, bool json, bool off_list) {
  const char *w = g->guesses.w[h[k - 1].guess];
  if (json) {
    printf("{\"history\": [");
    for (int i = 0; i < k; i++) {
      char b[HISTORY_STEP_CHARS];
      history_format(g, h[i], b);
      printf("%s\"%s\"", i ? ", " : "", b);
    }
    printf("], \"guesses_made\": %d, \"solved\": true, \"answer\": \"%s\", "
           "\"answer_in_list\": %s}\n",
           k, w, off_list ? "false" : "true");
  } else {
    printf("solved: %s was the answer, found in %d guess%s%s\n", w, k, k == 1 ? "" : "es",
           off_list ? " (it is not on the answer list)" : "");
  }
}

/* The note of a wider answer set (advisor_opts.wider): why, and how many. */
static void wider_note(char *buf, size_t size, const char *why, int n, bool tree) {
  const char *not_used = "; the tree, made for the list, is not used";
  if (why)
    snprintf(buf, size, "no answer of the list fits this history (%s); the possible answers are "
                        "the %d allowed guess%s that fit%s it%s",
             why, n, n == 1 ? "" : "es", n == 1 ? "s" : "", tree ? not_used : "");
  else
    snprintf(buf, size, "the possible answers are the %d allowed guess%s that fit%s the history "
                        "(--answers-from guesses)%s",
             n, n == 1 ? "" : "es", n == 1 ? "s" : "", tree ? not_used : "");
}

/* One piece of advice, from the options to the report: cmd_next()'s
 * steps share it. */
typedef struct {
  optle_args a;
  char *pv[NEXT_MAX_ARGS];
  positionals pos;      /* the history's steps as given (pv) */
  rules_mode rules;
  bool from_guesses;    /* --answers-from guesses */
  game g;               /* the lists' game */
  tree_file tf;         /* --tree's file */
  game wg;              /* the wider game (history.h), when in use */
  const game *cg;       /* the game the advice is for: &g or &wg */
  hstep h[NEXT_MAX_STEPS];
  int k;                /* steps */
  uint16_t *set;        /* the answers that fit h[0..k) */
  int n;
  int guess;            /* --guess, or -1 */
  char why[512];        /* why no answer of the list fits, or "" */
  char note[1024];      /* advisor_opts.wider, or "" */
  tnode *tree;          /* --tree's, checked */
  advisor *adv;
} next_run;

/* The problem err_msg() names: EXIT_USAGE. */
static int input_error(void) {
  err_print();
  return EXIT_USAGE;
}

/* Step 1: the options, and the checks that need no lists.  *help: --help
 * was asked for (and printed). */
static int next_options(int argc, char **argv, next_run *r, bool *help) {
  r->pos = (positionals){r->pv, 0, NEXT_MAX_ARGS, "history words"};
  int rc = parse_options("next", next_opts, argc, argv, &r->a, help, &r->pos);
  if (rc) return rc;
  if (*help) {
    help_text(stdout, &next_doc);
    return EXIT_OK;
  }
  if ((rc = opts_rules("next ", &r->a, &r->rules, NULL))) return rc;
  /* Standard input has one reader: the tree would take it all, and the
   * share text then found "no rows". */
  if (r->a.tree && r->a.share && !strcmp(r->a.tree, "-") && !strcmp(r->a.share, "-"))
    return usage_error("next ", "--tree - and --share -: standard input can be only one of "
                                "them: give the other a file name");
  stop_catch_signals(); /* from here on Ctrl-C means status 4 */
  return 0;
}

/* The allowed guesses that fit the history as the possible answers: a
 * game of their own (history_wider()), for --answers-from guesses or
 * when no answer of the list fits (r->why). */
static int widen(next_run *r) {
  const game *g = &r->g;
  if (!r->k && (long)g->n_guesses * g->n_guesses > ADVICE_ROOT_WORK)
    return usage_error("next ", "--answers-from guesses: with no guess made, all %d allowed "
                                "guesses could be the answer, too many to value a first guess; "
                                "give the guesses made so far",
                       g->n_guesses);
  if (history_wider(g, r->h, r->k, &r->wg)) {
    if (r->why[0]) fprintf(stderr, "optle: no answer fits: %s; and %s\n", r->why, err_msg());
    else err_print();
    return EXIT_USAGE;
  }
  r->cg = &r->wg;
  free(r->set);
  r->set = xmalloc(sizeof *r->set * (size_t)r->wg.n_answers);
  int all = history_filter(r->cg, r->h, r->k, r->set, &r->n, NULL); /* all of them */
  assert(all == 0 && r->n == r->wg.n_answers);
  (void)all;
  wider_note(r->note, sizeof r->note, r->why[0] ? r->why : NULL, r->n, r->a.tree != NULL);
  return 0;
}

/* Step 2: the history: each step parsed and kept to the rules, and the
 * answers that fit it (r->set); the allowed guesses that fit when none
 * of the list's does, or with --answers-from guesses (widen()). */
static int next_history(next_run *r) {
  const game *g = &r->g;
  r->set = xmalloc(sizeof *r->set * (size_t)g->n_answers);
  int rc = opts_history("next ", &r->a, &r->pos, g, &r->rules, NULL, r->h, NEXT_MAX_STEPS, &r->k);
  if (rc) return rc;
  if (history_filter(g, r->h, r->k, r->set, &r->n, NULL)) {
    if (r->n > 0) return input_error(); /* a win that is not the last step */
    /* No answer of the list fits: the allowed guesses may. */
    snprintf(r->why, sizeof r->why, "%s", history_no_fit_reason(err_msg()));
  }
  return r->from_guesses || r->why[0] ? widen(r) : 0;
}

/* Step 3: --guess, a guess the rules allow after the history. */
static int next_guess(next_run *r) {
  if (!r->a.guess) return 0;
  if ((r->guess = word_arg("next ", "--guess", r->a.guess, r->cg)) < 0) return EXIT_USAGE;
  char why[160];
  if (history_why(r->cg, r->rules, r->h, r->k, r->guess, why, sizeof why))
    return usage_error("next ", "--guess %s: %s (%s mode)", r->cg->guesses.w[r->guess], why,
                       rules_name(r->rules));
  return 0;
}

/* --guess's exact total, to set against the best's (none when it gives
 * every answer left the same colours: no information). */
static int value_guess(next_run *r, const advice *ad, advice_cmp *cmp) {
  const game *cg = r->cg;
  int n = r->n, guess = r->guess;
  cmp->no_info = advice_no_info(cg, r->set, n, guess);
  if (!cmp->no_info && advisor_big_root(r->adv, n, r->k) && guess != ad->best &&
      isatty(STDERR_FILENO))
    fprintf(stderr, "optle: proving %s's exact total on %d answers: seconds for a good "
                    "opener, minutes or more for a poor one (Ctrl-C stops)\n",
            cg->guesses.w[guess], n);
  if (!cmp->no_info) cmp->total = advice_guess_total(r->adv, r->set, n, r->h, r->k, guess);
  if (stop_requested()) {
    fprintf(stderr, "optle: stopped before %s's value was proven\n", cg->guesses.w[guess]);
    return EXIT_STOPPED;
  }
  return 0;
}

/* The advice, as text or JSON; status 1 when no strategy is sure to
 * finish within the guesses left. */
static int print_advice(const next_run *r, const advice *ad, const advice_cmp *cmp) {
  const advice_cmp *c = r->guess >= 0 ? cmp : NULL;
  if (r->a.json) advice_print_json(stdout, r->cg, r->adv, r->set, r->h, ad, c);
  else advice_print(stdout, r->cg, r->adv, r->set, r->h, ad, c);
  if (ad->best >= 0) return EXIT_OK;
  char why[160];
  advice_unsolved(why, sizeof why, r->a.max_guesses, ad->left, r->n);
  fprintf(stderr, "optle: %s\n", why);
  return EXIT_NOSTRATEGY;
}

/* The first line of a text answer: the list the advice is for. */
static void say_list(const next_run *r) {
  if (r->a.json) return;
  char d[LISTS_DESCRIBE_SIZE];
  lists_describe(&r->g, d, sizeof d);
  printf("%s: %s\n", r->g.list ? "list" : "lists", d);
}

/* Step 4: the advice (the game is solved; or the best next guess, with
 * --guess's value beside it), from --tree where it applies. */
static int next_advise(next_run *r) {
  const optle_args *a = &r->a;
  int rc;
  if (r->k && history_won(r->h[r->k - 1])) {
    say_list(r);
    print_solved(r->cg, r->h, r->k, a->json, r->g.guess2ans[r->h[r->k - 1].guess] < 0);
    return EXIT_OK;
  }
  if (a->tree && (rc = opts_verify_tree(a->tree, &r->tf, &r->g, a->max_guesses, r->rules,
                                        &r->tree)))
    return rc;
  advisor_opts ao = {a->max_guesses, a->threads, a->memo_mb, r->cg == &r->g ? r->tree : NULL,
                     a->tree, r->note[0] ? r->note : NULL, r->rules, a->prove};
  if (!(r->adv = advisor_new(r->cg, &ao))) return usage_error("next ", "%s", err_msg());
  if (advisor_slow(r->adv, r->n, r->h, r->k) && isatty(STDERR_FILENO))
    fprintf(stderr, "optle: %d answers left: solving them exactly can take minutes (Ctrl-C "
                    "stops)\n", r->n);
  advice ad;
  if ((rc = advice_at(r->adv, r->set, r->n, r->h, r->k, a->top, &ad))) {
    if (rc == EXIT_STOPPED) fprintf(stderr, "optle: stopped before the advice was proven\n");
    else err_print();
    return rc;
  }
  advice_cmp cmp = {r->guess, OPTLE_INF, false};
  if (r->guess >= 0 && ad.best >= 0 && (rc = value_guess(r, &ad, &cmp))) return rc;
  if (r->guess >= 0 && ad.best < 0) cmp.no_info = advice_no_info(r->cg, r->set, r->n, r->guess);
  say_list(r);
  return print_advice(r, &ad, &cmp);
}

static void next_free(next_run *r) {
  advisor_free(r->adv);
  tree_free(r->tree);
  opts_tree_release(&r->tf);
  free(r->set);
  game_free(&r->wg);
  game_free(&r->g);
}

int cmd_next(int argc, char **argv) {
  next_run r = {.guess = -1};
  bool help = false;
  int rc = next_options(argc, argv, &r, &help);
  if (rc || help) return rc;
  threads_start(r.a.threads); /* up front: a failure to start them says "out of memory" */
  rc = opts_load_tree_game("next ", &r.a.l, r.a.tree, "--tree ", r.a.force, LISTS_DEFAULT, &r.g, &r.tf);
  if (rc) return rc;
  r.cg = &r.g;
  rc = opts_answers_from("next ", &r.a, &r.from_guesses);
  if (!rc) rc = next_history(&r);
  if (!rc) rc = next_guess(&r);
  if (!rc) rc = next_advise(&r);
  next_free(&r);
  return rc;
}
