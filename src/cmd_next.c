/*
 * cmd_next.c: `optle next HISTORY...`: the optimal next guess for a game
 * so far, its exact value, the best alternatives, and how any other
 * guess compares (advice.h does the work, history.h the parsing).
 */
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
#include "opts.h"
#include "tuning.h"
#include "util.h"
#include "verify.h"

/* Most history steps on the command line. */
#define NEXT_MAX_STEPS 64

static const optuse next_opts[] = {
    OPT_USE_LISTS,
    OPT_USE(GUESS),
    OPT_USE(TOP),
    OPT_USE(TREE),
    OPT_USE(FORCE),
    OPT_USE(PROVE),
    OPT_USE(ANSWERS_FROM),
    OPT_USE(JSON),
    OPT_USE_HELP(MAX_GUESSES, "guess limit of the game, 0 = none (default 6)"),
    OPT_USE_HELP(HARD, "hard mode: the history must keep its rule, and so does the advice"),
    OPT_USE_HELP(ULTRAHARD, "ultrahard mode: every guess could still be the answer"),
    OPT_USE(THREADS),
    OPT_USE(MEMO_MB),
    OPT_USE_END,
};

const cmd_doc next_doc = {
    .name = "next",
    .summary = "the optimal next guess after a game so far, with exact values",
    .usage = "optle next [--list NAME | --answers FILE [--guesses FILE]] [options] "
             "[word:PATTERN ...]",
    .about = "The optimal next guess after the guesses made so far, each given as\n"
             "word:PATTERN (salet:BBYBB; G green, Y yellow, B gray, or 2 1 0), with the\n"
             "answers left, the exact expected number of guesses from here and the best\n"
             "alternatives.  The lists default to the list a JSON --tree records, else\n"
             "nyt.  With no history on a list too big to rank every first guess (nyt),\n"
             "the opener " ADVICE_OPENER " is shown with its exact value, not proven best;\n"
             "--prove proves the best first guess instead (the root proof, with the --top\n"
             "best exact), and --tree gives a solved tree's first guess.",
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

int cmd_next(int argc, char **argv) {
  optle_args a;
  bool help = false;
  char *pv[NEXT_MAX_STEPS];
  positionals pos = {pv, 0, NEXT_MAX_STEPS, "history steps"};
  int rc = parse_options("next", next_opts, argc, argv, &a, &help, &pos);
  if (rc) return rc;
  if (help) {
    help_text(stdout, &next_doc);
    return EXIT_OK;
  }
  rules_mode rules;
  if ((rc = opts_rules("next ", &a, &rules, NULL))) return rc;
  stop_catch_signals(); /* from here on Ctrl-C means status 4 */
  if (a.max_guesses && pos.n > a.max_guesses)
    return usage_error("next ", "%d guesses given, more than --max-guesses %d", pos.n,
                       a.max_guesses);
  game g;
  tree_file tf;
  if ((rc = opts_load_tree_game("next ", &a.l, a.tree, "--tree ", a.force, "nyt", &g, &tf))) return rc;

  bool from_guesses;
  if ((rc = opts_answers_from("next ", &a, &from_guesses))) {
    game_free(&g);
    opts_tree_release(&tf);
    return rc;
  }

  hstep h[NEXT_MAX_STEPS];
  uint16_t *set = xmalloc(sizeof *set * (size_t)g.n_answers);
  int n = 0, guess = -1;
  tnode *tree = NULL;
  advisor *adv = NULL;
  game wg = {0};           /* the wider game (history.h), when in use */
  const game *cg = &g;     /* the game the advice is for */
  char why[512] = "", note[1024] = "";
  for (int i = 0; i < pos.n && !rc; i++)
    if (history_parse(&g, pos.v[i], true, &h[i])) {
      fprintf(stderr, "optle: %s\n", err_msg());
      rc = EXIT_USAGE;
    }
  if (!rc && history_check_rules(&g, rules, h, pos.n)) {
    fprintf(stderr, "optle: %s\n", err_msg());
    rc = EXIT_USAGE;
  }
  if (!rc && history_filter(&g, h, pos.n, set, &n, NULL)) {
    if (n > 0) { /* a win that is not the last step */
      fprintf(stderr, "optle: %s\n", err_msg());
      rc = EXIT_USAGE;
    } else { /* no answer of the list fits: the allowed guesses may */
      snprintf(why, sizeof why, "%s", history_no_fit_reason(err_msg()));
    }
  }
  if (!rc && (from_guesses || why[0])) {
    if (!pos.n && (long)g.n_guesses * g.n_guesses > ADVICE_ROOT_WORK) {
      rc = usage_error("next ", "--answers-from guesses: with no guess made, all %d allowed "
                                "guesses could be the answer, too many to value a first guess; "
                                "give the guesses made so far",
                       g.n_guesses);
      goto done;
    }
    if (history_wider(&g, h, pos.n, &wg)) {
      if (why[0]) fprintf(stderr, "optle: no answer fits: %s; and %s\n", why, err_msg());
      else fprintf(stderr, "optle: %s\n", err_msg());
      rc = EXIT_USAGE;
      goto done;
    }
    cg = &wg;
    free(set);
    set = xmalloc(sizeof *set * (size_t)wg.n_answers);
    history_filter(cg, h, pos.n, set, &n, NULL); /* all of them */
    wider_note(note, sizeof note, why[0] ? why : NULL, n, a.tree != NULL);
  }
  if (!rc && a.guess && (guess = word_arg("next ", "--guess", a.guess, cg)) < 0) rc = EXIT_USAGE;
  char whyg[160];
  if (!rc && guess >= 0 && history_why(cg, rules, h, pos.n, guess, whyg, sizeof whyg))
    rc = usage_error("next ", "--guess %s: %s (%s mode)", cg->guesses.w[guess], whyg,
                     rules_name(rules));
  if (rc) goto done;
  if (pos.n && history_won(h[pos.n - 1])) {
    print_solved(cg, h, pos.n, a.json, g.guess2ans[h[pos.n - 1].guess] < 0);
    goto done;
  }
  if (a.tree && (rc = opts_verify_tree(a.tree, &tf, &g, a.max_guesses, rules, &tree))) goto done;

  advisor_opts ao = {a.max_guesses, a.threads, a.memo_mb, cg == &g ? tree : NULL, a.tree,
                     note[0] ? note : NULL, rules, a.prove};
  if (!(adv = advisor_new(cg, &ao))) {
    rc = usage_error("next ", "%s", err_msg());
    goto done;
  }
  if (advisor_slow(adv, n, h, pos.n) && isatty(STDERR_FILENO))
    fprintf(stderr, "optle: %d answers left: solving them exactly can take minutes (Ctrl-C "
                    "stops)\n", n);
  advice ad;
  if ((rc = advice_at(adv, set, n, h, pos.n, a.top, &ad))) {
    if (rc == EXIT_STOPPED) fprintf(stderr, "optle: stopped before the advice was proven\n");
    else fprintf(stderr, "optle: %s\n", err_msg());
    goto done;
  }
  advice_cmp cmp = {guess, OPTLE_INF, false};
  if (guess >= 0 && ad.best >= 0) {
    uint8_t p0 = game_fb(cg, guess, set[0]);
    cmp.no_info = p0 != PATTERN_WIN;
    for (int i = 1; i < n && cmp.no_info; i++) cmp.no_info = game_fb(cg, guess, set[i]) == p0;
    if (!cmp.no_info && advisor_big_root(adv, n) && guess != ad.best && isatty(STDERR_FILENO))
      fprintf(stderr, "optle: proving %s's exact total on %d answers: seconds for a good "
                      "opener, minutes or more for a poor one (Ctrl-C stops)\n",
              cg->guesses.w[guess], n);
    if (!cmp.no_info) cmp.total = advice_guess_total(adv, set, n, h, pos.n, guess);
    if (stop_requested()) {
      fprintf(stderr, "optle: stopped before %s's value was proven\n", cg->guesses.w[guess]);
      rc = EXIT_STOPPED;
      goto done;
    }
  }
  if (a.json) advice_print_json(stdout, cg, adv, set, h, &ad, guess >= 0 ? &cmp : NULL);
  else advice_print(stdout, cg, adv, set, h, &ad, guess >= 0 ? &cmp : NULL);
  if (ad.best < 0) {
    if (ad.left == 0)
      fprintf(stderr, "optle: no guesses left: all %d are used and %d answer%s still fit%s\n",
              a.max_guesses, n, n == 1 ? "" : "s", n == 1 ? "s" : "");
    else
      fprintf(stderr, "optle: no strategy finds every one of the %d answers left within %d "
                      "guess%s\n", n, ad.left, ad.left == 1 ? "" : "es");
    rc = EXIT_NOSTRATEGY;
  }
done:
  advisor_free(adv);
  tree_free(tree);
  opts_tree_release(&tf);
  free(set);
  game_free(&wg);
  game_free(&g);
  return rc;
}
