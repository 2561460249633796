/*
 * cmd_analyse.c: `optle analyse HISTORY...`: an exact analysis of a game,
 * finished or running, guess by guess: the answers left before it, the
 * best guess there with its exact expected guesses, the player's guess
 * with its own, what it cost, and the luck of its pattern; then the
 * game's length as a sum (docs/analyse.md defines each figure).
 *
 * The history is next's (opts_history(): word:PATTERN, word PATTERN, or
 * --share FILE and the words), and so are the values: advice.h's
 * advice_game_steps() asks the advisor for each step exactly what `optle
 * next` asks for it (its total, and its --guess total), so the two agree
 * at every step (tests/cli_analyse.sh checks it on random games).
 */
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "advice.h"
#include "cli.h"
#include "feedback.h"
#include "game.h"
#include "help.h"
#include "history.h"
#include "lists.h"
#include "opts.h"
#include "ratio.h"
#include "share.h"
#include "utf8.h"
#include "util.h"

/* Most steps (a game without a guess limit), and most arguments. */
#define ANALYSE_MAX_STEPS 64
#define ANALYSE_MAX_ARGS (2 * ANALYSE_MAX_STEPS)

static const optuse analyse_opts[] = {
    OPT_USE_LISTS,
    OPT_USE(SHARE),
    OPT_USE_HELP(PROVE, "on a big list: prove the best first guess (the root proof; about a "
                        "minute\n                         on the NYT lists), so the first guess's "
                        "cost is against it"),
    OPT_USE(JSON),
    OPT_USE_HELP(MAX_GUESSES, "guess limit of the game, 0 = none (default 6)"),
    OPT_USE_HELP(HARD, "hard mode: the game kept its rule, and the best guesses keep it too"),
    OPT_USE_HELP(HARDGRAY, "hard-gray mode: hard mode, and no letter shown gray comes back"),
    OPT_USE_HELP(ULTRAHARD, "ultrahard mode: every guess could still be the answer"),
    OPT_USE(THREADS),
    OPT_USE(MEMO_MB),
    OPT_USE_END,
};

const cmd_doc analyse_doc = {
    .name = "analyse",
    .summary = "an exact analysis of a game: each guess's cost and luck",
    .usage = "optle analyse [--list NAME | --answers FILE [--guesses FILE]] [options] "
             "word:PATTERN | word PATTERN ... | --share FILE word ...",
    .about = "Each guess of a game, finished or running, against the optimum: the answers\n"
             "left before it, the best guess there and the player's, each with its exact\n"
             "expected number of guesses from there (the figures optle next gives), what the\n"
             "guess cost, and its luck: the expected guesses still needed after it, averaged\n"
             "over the patterns it could have got, less those after the pattern it got (+ is\n"
             "lucky).  Then the game as a sum: guesses = expected with optimal play + cost -\n"
             "luck.  The game is given as for optle next: word:PATTERN or word PATTERN\n"
             "(letters, digits or the share grid's squares), or --share FILE, the pasted\n"
             "share text ('*' in its header means hard mode) with the words alone.  The lists\n"
             "default to nyt; there the best first guess is not ranked (as in next): the\n"
             "first guess is set against the list's fixed opener (tarse on nyt), unless\n"
             "--prove (a first guess better than it shows no cost: its cost against the best\n"
             "is not known).",
    .opts = analyse_opts,
    .exit = "0 analysed, 2 bad usage or input (history, word, share text, an answer\n"
            "             not on the list), 3 out of memory or internal error, 4 stopped\n"
            "             (Ctrl-C)",
};

typedef struct {
  optle_args a;
  char *pv[ANALYSE_MAX_ARGS];
  positionals pos;
  rules_mode rules;
  game g;
  tree_file tf; /* unused: no --tree (opts_load_tree_game()'s lists) */
  share_grid share;
  hstep h[ANALYSE_MAX_STEPS];
  int k;
  int n_left; /* answers that fit the whole game */
  advisor *adv;
  advice_step sv[ANALYSE_MAX_STEPS];
} analyse_run;

/* Step 1: options, lists and the game. */
static int analyse_input(int argc, char **argv, analyse_run *r, bool *help) {
  r->pos = (positionals){r->pv, 0, ANALYSE_MAX_ARGS, "history words"};
  int rc = parse_options("analyse", analyse_opts, argc, argv, &r->a, help, &r->pos);
  if (rc || *help) return rc;
  if ((rc = opts_rules("analyse ", &r->a, &r->rules, NULL))) return rc;
  if (!r->pos.n && !r->a.share)
    return usage_error("analyse ", "give the game: its guesses with their patterns "
                                   "(salet:BBYBB or salet BBYBB), or --share FILE and the words");
  stop_catch_signals(); /* from here on Ctrl-C means status 4 */
  threads_start(r->a.threads); /* up front: a failure to start them says "out of memory" */
  if ((rc = opts_load_tree_game("analyse ", &r->a.l, NULL, "", false, LISTS_DEFAULT, &r->g, &r->tf)))
    return rc;
  if ((rc = opts_history("analyse ", &r->a, &r->pos, &r->g, &r->rules, &r->share, r->h,
                         ANALYSE_MAX_STEPS, &r->k)))
    return rc;
  uint16_t *set = xmalloc(sizeof *set * (size_t)r->g.n_answers);
  rc = history_filter(&r->g, r->h, r->k, set, &r->n_left, NULL);
  free(set);
  if (rc && r->n_left > 0) {
    err_print();
    return EXIT_USAGE;
  }
  if (rc)
    return fprintf(stderr, "optle: no answer of the list fits this game (%s): analyse values a "
                           "game on its answer list; is the answer on another list (--list)?\n",
                   history_no_fit_reason(err_msg())),
           EXIT_USAGE;
  return 0;
}

/* ------------------------------------------------------------------ */
/* The report, as text                                                  */

static const char *word_of(const analyse_run *r, int guess) {
  return guess >= 0 ? r->g.guesses.w[guess] : "none";
}

/* A puzzle number as the game writes it: 1,234. */
static void thousands(char *buf, size_t size, long v) {
  if (v >= 1000) {
    thousands(buf, size, v / 1000);
    size_t len = strlen(buf);
    snprintf(buf + len, size - len, ",%03ld", v % 1000);
  } else {
    snprintf(buf, size, "%ld", v);
  }
}

/* The lists, the rules and the share header. */
static void text_head(const analyse_run *r) {
  const game *g = &r->g;
  char lists[LISTS_DESCRIBE_SIZE];
  lists_describe(g, lists, sizeof lists);
  printf("%s %s\n", g->list ? "list    " : "lists   ", lists);
  if (r->a.max_guesses) printf("rules    %s, guess limit %d\n", rules_name(r->rules), r->a.max_guesses);
  else printf("rules    %s, no guess limit\n", rules_name(r->rules));
  const share_grid *s = &r->share;
  if (r->a.share && s->header) {
    char res[16], no[32];
    if (s->result) snprintf(res, sizeof res, "%d/%d", s->result, s->limit);
    else snprintf(res, sizeof res, "X/%d", s->limit);
    thousands(no, sizeof no, s->puzzle);
    printf("share    Wordle %s %s%s%s\n", no, res, s->hard ? "*" : "",
           s->hard ? " (hard mode)" : "");
  }
  printf("expected guesses from each position, this guess included (exact: total / answers);\n"
         "luck: expected after the guess, over its patterns, less after the one it got;\n"
         "(avg): the answers its patterns leave on average:\n");
  printf("%3s  %-11s  %-13s %7s  %-6s  %-14s  %7s  %7s\n", "#", "guess", "answers", "(avg)",
         "yours", "best", "cost", "luck");
}

/* A step's cost is shown against its reference (best), which is the
 * optimum or, marked *, an unproven one (the fixed opener): then a guess
 * that beats it has a cost that is not known, and none is shown (never
 * a negative one).  False when there is none to show. */
static bool step_cost(const advice_step *s, ratio_text *cost) {
  if (!advice_known(s->E) || !advice_known(s->ref)) return false;
  if (s->E < s->ref) return false; /* only an unproven reference: V <= E */
  *cost = ratio4(s->E - s->ref, s->n);
  return true;
}

/* "2.6535", or a dash when not a finite value. */
static void fmt_avg(char *buf, size_t size, int total, int n) {
  if (advice_known(total)) snprintf(buf, size, "%s", ratio4(total, n).s);
  else snprintf(buf, size, "-");
}

/* The step's luck, exactly: "+0.1234". */
static ratio_text luck_text(const advice_step *s) {
  long long num, den;
  advice_step_luck_frac(s, &num, &den);
  return ratio_fmt(num, den, 4, true);
}

static void text_step(const analyse_run *r, int i) {
  const advice_step *s = &r->sv[i];
  char pat[6], yours[sizeof(ratio_text)], best[sizeof(ratio_text)], left[16], avg[sizeof(ratio_text) + 2];
  char cost[sizeof(ratio_text)] = "-", luck[sizeof(ratio_text)] = "-";
  pattern_format(r->h[i].pattern, pat);
  if (history_won(r->h[i])) snprintf(left, sizeof left, "won");
  else snprintf(left, sizeof left, "%d", s->n_after);
  snprintf(avg, sizeof avg, "(%s)", ratio_fmt(s->left_sq, s->n, 1, false).s);
  fmt_avg(yours, sizeof yours, s->E, s->n);
  fmt_avg(best, sizeof best, s->ref, s->n);
  ratio_text c;
  if (step_cost(s, &c)) snprintf(cost, sizeof cost, "%s", c.s);
  if (advice_known(s->E) && advice_known(s->after))
    snprintf(luck, sizeof luck, "%s", luck_text(s).s);
  printf("%3d  %s %s  %5d -> %-4s %7s  %-6s  %s %-6s%s  %7s  %7s\n", i + 1,
         word_of(r, r->h[i].guess), pat, s->n, left, avg, yours, word_of(r, s->best), best,
         advice_known(s->V) || s->best < 0 ? "  " : " *", cost, luck);
}

/* Notes under the table: unproven references, steps with no value. */
static void text_notes(const analyse_run *r) {
  for (int i = 0; i < r->k; i++) {
    const advice_step *s = &r->sv[i];
    const char *w = word_of(r, r->h[i].guess);
    if (s->best >= 0 && !advice_known(s->V) && s->source == ADV_OPENER) {
      printf("  * guess %d: the fixed opener %s, not proven best: ranking every first guess on "
             "%d answers is a proof per guess (--prove proves it)",
             i + 1, word_of(r, s->best), s->n);
      ratio_text c;
      if (step_cost(s, &c))
        printf("; the cost is against %s\n", word_of(r, s->best));
      else if (advice_known(s->E) && advice_known(s->ref))
        printf("; %s does better than %s (by %s), so its cost against the best is not "
               "known\n", w, word_of(r, s->best), ratio4(s->ref - s->E, s->n).s);
      else
        printf("\n");
    }
    if (s->E >= OPTLE_INF && s->no_info)
      printf("  guess %d: %s gave no information (every answer left gives it the same colours)\n",
             i + 1, w);
    else if (s->E >= OPTLE_INF)
      printf("  guess %d: with %s no strategy is sure to find every answer left within the "
             "guesses left\n",
             i + 1, w);
  }
}

/* The game as a sum (advice.h advice_game_sum()). */
static void text_sum(const analyse_run *r) {
  const advice_step *last = &r->sv[r->k - 1];
  bool won = history_won(r->h[r->k - 1]);
  advice_sum sum;
  if (!advice_game_sum(r->sv, r->k, &sum)) {
    if (!won && last->after >= OPTLE_INF && last->n_after)
      printf("not solved: %d answer%s still fit%s, and no strategy finds every one within the "
             "guesses left\n",
             last->n_after, last->n_after == 1 ? "" : "s", last->n_after == 1 ? "s" : "");
    return;
  }
  char base[160];
  ratio_text bt = ratio4(sum.base_total, sum.base_n);
  if (sum.from == 0)
    snprintf(base, sizeof base, "%s (optimal play from the start)", bt.s);
  else if (sum.first_counted)
    snprintf(base, sizeof base, "%s (your first guess, then optimal play)", bt.s);
  else
    snprintf(base, sizeof base, "%d + %s (optimal play after guess %d)", sum.from, bt.s,
             sum.from);
  if (won) printf("solved in %d guess%s = ", r->k, r->k == 1 ? "" : "es");
  else
    printf("%d made, %d answer%s left: expected game length %s = ", r->k, last->n_after,
           last->n_after == 1 ? "" : "s",
           ratio4((long long)r->k * last->n_after + last->after, last->n_after).s);
  bool bad;
  ratio_text lt = advice_luck_text(&sum, &bad);
  printf("%s + %s (cost of your guesses) %s %s (%s)\n", base,
         ratio_sum_fmt(&sum.skill, 4, false).s, bad ? "+" : "-", lt.s, bad ? "bad luck" : "luck");
}

static void print_text(const analyse_run *r) {
  text_head(r);
  for (int i = 0; i < r->k; i++) text_step(r, i);
  text_notes(r);
  text_sum(r);
}

/* ------------------------------------------------------------------ */
/* The report, as JSON (jansson)                                        */

/* An exact figure's text (ratio.h) as a JSON number. */
static json_t *jtext(ratio_text t) { return json_real(strtod(t.s, NULL)); }
/* total / n when the total is finite, else null. */
static json_t *javg(int total, int n) {
  return advice_known(total) ? jtext(ratio4(total, n)) : json_null();
}
static json_t *jint(int v) { return advice_known(v) ? json_integer(v) : json_null(); }

static const char *source_name(adv_source s) {
  return s == ADV_TREE ? "tree" : s == ADV_OPENER ? "opener" : "search";
}

static json_t *json_best(const analyse_run *r, const advice_step *s) {
  if (s->best < 0) return json_null();
  return json_pack("{s:s, s:s, s:b, s:o, s:o}", "guess", word_of(r, s->best), "source",
                   source_name(s->source), "proven_optimal", advice_known(s->V), "total",
                   jint(s->ref), "expected", javg(s->ref, s->n));
}

static json_t *json_step(const analyse_run *r, int i) {
  const advice_step *s = &r->sv[i];
  char pat[6];
  pattern_format(r->h[i].pattern, pat);
  bool e = advice_known(s->E);
  json_t *o = json_pack("{s:i, s:s, s:s, s:i, s:i, s:o}", "step", i + 1, "guess",
                        word_of(r, r->h[i].guess), "pattern", pat, "answers_before", s->n,
                        "answers_after", s->n_after, "expected_answers_left", jtext(ratio4(s->left_sq, s->n)));
  json_object_set_new(o, "total", jint(s->E));
  json_object_set_new(o, "expected", javg(s->E, s->n));
  json_object_set_new(o, "no_information", json_boolean(s->no_info));
  json_object_set_new(o, "best", json_best(r, s));
  json_object_set_new(o, "optimal_total", jint(s->V));
  ratio_text c;
  json_object_set_new(o, "cost", step_cost(s, &c) ? jtext(c) : json_null());
  json_object_set_new(o, "after_total", jint(s->after));
  json_object_set_new(o, "after_expected", javg(s->after, s->n_after));
  json_object_set_new(o, "luck", e && advice_known(s->after) ? jtext(luck_text(s)) : json_null());
  return o;
}

static json_t *json_share(const analyse_run *r) {
  const share_grid *s = &r->share;
  if (!r->a.share) return json_null();
  if (!s->header) return json_pack("{s:b}", "header", false);
  return json_pack("{s:b, s:I, s:o, s:i, s:b}", "header", true, "puzzle", (json_int_t)s->puzzle,
                   "result", s->result ? json_integer(s->result) : json_string("X"), "limit",
                   s->limit, "hard", s->hard);
}

static json_t *json_sum(const analyse_run *r) {
  advice_sum sum;
  if (!advice_game_sum(r->sv, r->k, &sum)) return json_null();
  const char *from = sum.from == 0 ? "start" : sum.first_counted ? "first_guess" : "later";
  return json_pack("{s:i, s:s, s:o, s:o, s:o}", "from_step", sum.from + 1, "base_is", from,
                   "base",
                   jtext(ratio4((sum.from && !sum.first_counted ? (long long)sum.from * sum.base_n
                                                                : 0) + sum.base_total,
                                sum.base_n)),
                   "cost", jtext(ratio_sum_fmt(&sum.skill, 4, false)), "luck",
                   jtext(ratio_sum_fmt(&sum.luck, 4, false)));
}

/* A path as a JSON string: jansson takes only valid UTF-8, and a file's
 * name may be any bytes, so each invalid one becomes U+FFFD (as the
 * tree explorer shows it). */
static json_t *json_path_text(const char *s) {
  size_t len = strlen(s);
  char *v = xmalloc(3 * len + 1), *o = v;
  for (size_t i = 0; i < len;) {
    uint32_t cp;
    size_t k = utf8_next(s + i, len - i, &cp);
    memcpy(o, cp == UTF8_BAD ? "\xef\xbf\xbd" : s + i, cp == UTF8_BAD ? 3 : k);
    o += cp == UTF8_BAD ? 3 : k;
    i += k;
  }
  *o = '\0';
  json_t *j = json_string(v);
  free(v);
  return j;
}

static int print_json(const analyse_run *r) {
  const game *g = &r->g;
  const advice_step *last = &r->sv[r->k - 1];
  json_t *steps = json_array(), *hist = json_array();
  for (int i = 0; i < r->k; i++) {
    char b[HISTORY_STEP_CHARS];
    history_format(g, r->h[i], b);
    json_array_append_new(hist, json_string(b));
    json_array_append_new(steps, json_step(r, i));
  }
  bool won = history_won(r->h[r->k - 1]);
  json_t *o = json_pack("{s:o, s:i, s:o, s:i, s:s, s:i, s:o, s:o, s:o, s:b, s:i, s:o, s:o}",
                        "answers", json_path_text(g->answers.path), "n_answers", g->n_answers,
                        "guesses", json_path_text(g->guesses.path), "n_guesses", g->n_guesses,
                        "rules", rules_name(r->rules),
                        "max_guesses", r->a.max_guesses, "share", json_share(r), "history", hist,
                        "steps", steps, "solved", won, "guesses_made", r->k,
                        "expected_length",
                        advice_known(last->after)
                            ? jtext(ratio4((long long)r->k * (last->n_after ? last->n_after : 1) +
                                               last->after,
                                           last->n_after ? last->n_after : 1))
                            : json_null(),
                        "sum", json_sum(r));
  if (!o) {
    fprintf(stderr, "optle: internal error: the analysis as JSON\n");
    return EXIT_INTERNAL;
  }
  int rc = json_dumpf(o, stdout, JSON_INDENT(1) | JSON_REAL_PRECISION(10));
  putchar('\n');
  json_decref(o);
  return rc ? EXIT_INTERNAL : EXIT_OK;
}

/* ------------------------------------------------------------------ */

/* Step 2: every step valued, as `optle next` values it. */
static int analyse_values(analyse_run *r) {
  const optle_args *a = &r->a;
  advisor_opts ao = {a->max_guesses, a->threads, a->memo_mb, NULL, NULL, NULL, r->rules, a->prove};
  if (!(r->adv = advisor_new(&r->g, &ao))) return usage_error("analyse ", "%s", err_msg());
  if (isatty(STDERR_FILENO) && advisor_big_root(r->adv, r->g.n_answers, 0))
    fprintf(stderr, "optle: valuing every guess exactly: seconds for good guesses, minutes for "
                    "poor ones on a big list (Ctrl-C stops)\n");
  advice_game_steps(r->adv, r->h, r->k, -1, true, r->sv);
  if (stop_requested()) {
    fprintf(stderr, "optle: stopped before the analysis was proven\n");
    return EXIT_STOPPED;
  }
  return 0;
}

int cmd_analyse(int argc, char **argv) {
  analyse_run *r = xcalloc(1, sizeof *r);
  bool help = false;
  int rc = analyse_input(argc, argv, r, &help);
  if (help) help_text(stdout, &analyse_doc);
  if (!rc && !help && !(rc = analyse_values(r))) {
    if (r->a.json) rc = print_json(r);
    else print_text(r);
  }
  advisor_free(r->adv);
  opts_tree_release(&r->tf);
  game_free(&r->g);
  free(r);
  return rc;
}
