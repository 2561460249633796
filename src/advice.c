/* advice.c: the optimal player's advice at a position (advice.h), and the
 * fixed opener of a list too big to rank, chosen once per advisor. */
#include "advice.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "feedback.h"
#include "lists.h"
#include "ratio.h"
#include "score.h"
#include "strategy.h"
#include "tuning.h"
#include "util.h"

struct advisor {
  const game *g;
  advisor_opts o;
  search *srch[TREE_MAX_DEPTH + 1]; /* by guesses left; [0]: no limit */
  int opener;            /* the fixed opener (-1: none has a strategy), once opener_ok */
  int opener_total;      /* its total on the whole list (OPTLE_INF with -1) */
  bool opener_ok;        /* chosen (fixed_opener()) */
  tnode *own_tree;       /* advisor_line's tree when none was given */
  adv_source own_src;
  bool own_tried;
};

/* ------------------------------------------------------------------ */

void advice_no_guesses(char *buf, size_t size, int max_guesses, int n) {
  int k = max_guesses == 1 ? snprintf(buf, size, "no guesses left: the one guess is used")
                           : snprintf(buf, size, "no guesses left: all %d are used", max_guesses);
  if (n > 0 && k >= 0 && (size_t)k < size)
    snprintf(buf + k, size - (size_t)k, " and %d answer%s still fit%s", n, n == 1 ? "" : "s",
             n == 1 ? "s" : "");
}

void advice_unsolved(char *buf, size_t size, int max_guesses, int left, int n) {
  if (left == 0) advice_no_guesses(buf, size, max_guesses, n);
  else
    snprintf(buf, size, "no strategy finds every one of the %d answers left within %d guess%s",
             n, left, left == 1 ? "" : "es");
}

void advisor_free(advisor *a) {
  if (!a) return;
  for (int i = 0; i <= TREE_MAX_DEPTH; i++) search_free(a->srch[i]);
  tree_free(a->own_tree);
  free(a);
}

bool advisor_big_root(const advisor *a, int n, int made) {
  return made == 0 && !a->o.wider && n == a->g->n_answers &&
         (long)n * a->g->n_guesses > ADVICE_ROOT_WORK;
}

bool advisor_slow(const advisor *a, int n, const hstep *h, int made) {
  if (n <= ADVICE_QUICK_MAX || advisor_big_root(a, n, made)) return false;
  return !(a->o.tree && history_follow(a->o.tree, h, made, NULL));
}

/* Guesses left after `made`: 0 = no limit, -1 = none left. */
static int left_after(const advisor *a, int made) {
  if (!a->o.max_guesses) return 0;
  return a->o.max_guesses > made ? a->o.max_guesses - made : -1;
}

/* The search whose own limit is `left` guesses (0 = none), made once
 * (strategy.h: out of memory is exit status 3). */
static search *search_for(advisor *a, int left) {
  if (!a->srch[left]) {
    search_opts so;
    strategy_search_opts(&so);
    so.max_guesses = left;
    so.threads = a->o.threads;
    so.rules = a->o.rules;
    if (a->o.memo_mb > 0) so.memo_mb = a->o.memo_mb;
    a->srch[left] = strategy_search_new(a->g, &so);
  }
  return a->srch[left];
}

advisor *advisor_new(const game *g, const advisor_opts *o) {
  advisor *a = xcalloc(1, sizeof *a);
  a->g = g;
  a->o = *o;
  if (a->o.threads < 1) {
    search_opts so;
    search_opts_default(&so);
    a->o.threads = so.threads;
  }
  a->opener = -1;
  int left = left_after(a, 0);
  if (left >= 0) search_for(a, left); /* the memo, up front */
  return a;
}

/* The search for a position: guesses left after `made`, and under rules
 * that narrow, the history h[0..made) that decides the allowed guesses
 * (search_set_history()). */
static search *search_at(advisor *a, const hstep *h, int made) {
  search *s = search_for(a, left_after(a, made));
  if (rules_narrows(a->o.rules)) {
    int gs[TREE_MAX_DEPTH + 1], ps[TREE_MAX_DEPTH + 1];
    for (int i = 0; i < made && i <= TREE_MAX_DEPTH; i++) gs[i] = h[i].guess, ps[i] = h[i].pattern;
    search_set_history(s, gs, ps, made);
  }
  return s;
}

/* The fixed openers, in order: the named list's for the rules (lists.h),
 * then ADVICE_OPENER; each an allowed guess, no repeats. */
static int opener_cands(const advisor *a, int *out) {
  const lists_named *l = a->g->list ? lists_find(a->g->list) : NULL;
  const char *names[2] = {NULL, ADVICE_OPENER};
  if (l) names[0] = lists_opener(l, a->o.rules);
  int k = 0;
  for (int i = 0; i < 2; i++) {
    int w = names[i] ? words_find(&a->g->guesses, names[i]) : -1;
    /* A named list's own opener is one of its guesses (cli_lists.sh). */
    assert(i > 0 || !names[i] || w >= 0);
    if (w >= 0 && !(k == 1 && out[0] == w)) out[k++] = w;
  }
  return k;
}

/* The fixed opener: the first of opener_cands() with a strategy within
 * the guess limit on the whole list (under the hard rules SALET has none
 * on nyt-2023-07, where TARSE has 11627; under ultrahard neither has,
 * where PLAST has 11663), chosen once and kept with its
 * total (proven: a whole solve, about a second for the hidden lists'
 * openers, and refuted in less where there is none).  -1 when none has
 * one, or when stopped (then nothing is kept). */
static int fixed_opener(advisor *a, int *total) {
  if (!a->opener_ok) {
    int c[2], k = opener_cands(a, c), N = a->g->n_answers;
    uint16_t *all = xmalloc(sizeof *all * (size_t)N);
    for (int i = 0; i < N; i++) all[i] = (uint16_t)i;
    a->opener = -1, a->opener_total = OPTLE_INF;
    for (int i = 0; i < k && a->opener < 0 && !stop_requested(); i++) {
      int v = search_solve(search_at(a, NULL, 0), all, N, c[i], NULL);
      if (v < OPTLE_INF && !stop_requested()) a->opener = c[i], a->opener_total = v;
    }
    free(all);
    a->opener_ok = !stop_requested();
  }
  if (!a->opener_ok) return -1;
  if (total) *total = a->opener_total;
  return a->opener;
}

int advisor_opener(advisor *a) { return fixed_opener(a, NULL); }

static bool in_set(const uint16_t *set, int n, const game *g, int guess) {
  int ans = g->guess2ans[guess];
  for (int i = 0; i < n && ans >= 0; i++)
    if (set[i] == ans) return true;
  return false;
}

/* The tie rule's order among equal values (score.h). */
static int ranked_cmp(const void *pa, const void *pb) {
  const search_ranked *x = pa, *y = pb;
  if (x->value != y->value) return x->value < y->value ? -1 : 1;
  return score_tie_cmp(x->in_set, x->guess, y->in_set, y->guess);
}

/* advisor_opts.prove: the first guess of a big full list by the root
 * proof's ranking, its `top` best (at least one) exact. */
static int prove_first(advisor *a, search *s, const uint16_t *set, int n, int top, advice *out) {
  const game *g = a->g;
  int want = top > 0 ? top : 1, ng = g->n_guesses;
  search_first_value *vals = xcalloc((size_t)ng, sizeof *vals);
  search_first_opts fo = {.cutoff = -1, .top = want};
  int C = search_rank_first(s, set, n, &fo, vals);
  if (C < 0 || stop_requested()) {
    free(vals);
    return EXIT_STOPPED;
  }
  int k = 0;
  for (int i = 0; i < ng; i++) {
    const search_first_value *v = &vals[i];
    if (v->guess < 0 || !v->exact || v->value >= OPTLE_INF || v->value > C) continue;
    if (k == ADVICE_TOP_MAX) break; /* (ties beyond the most listed) */
    out->top[k++] = (search_ranked){v->guess, v->value, g->guess2ans[v->guess] >= 0};
  }
  free(vals);
  qsort(out->top, (size_t)k, sizeof *out->top, ranked_cmp);
  out->ntop = k;
  out->listed = k < top ? k : top;
  out->ranked = true;
  out->source = ADV_SEARCH;
  out->total = k ? out->top[0].value : OPTLE_INF;
  out->best = k ? out->top[0].guess : -1;
  return 0;
}

int advice_at(advisor *a, const uint16_t *set, int n, const hstep *h, int made, int top,
              advice *out) {
  memset(out, 0, sizeof *out);
  out->n = n;
  out->made = made;
  out->best = -1;
  out->total = OPTLE_INF;
  out->source = ADV_SEARCH;
  int left = left_after(a, made);
  out->left = left < 0 ? 0 : left;
  if (stop_requested()) return EXIT_STOPPED;
  if (left < 0) return 0; /* no guesses left: no strategy */
  if (top > ADVICE_TOP_MAX) top = ADVICE_TOP_MAX;
  int asked = top;
  bool big = advisor_big_root(a, n, made);
  search *s = search_at(a, h, made);

  const tnode *node = a->o.tree ? history_follow(a->o.tree, h, made, NULL) : NULL;
  if (node) {
    if (node->n != n)
      err_fatal(EXIT_INTERNAL, "internal error: the tree has %d answers here, the lists %d",
                node->n, n);
    out->source = ADV_TREE;
    out->best = node->guess;
    out->total = node->total;
  } else if (big && a->o.prove) {
    int rc = prove_first(a, s, set, n, top, out);
    if (rc) return rc;
  } else if (big) {
    int c[2];
    if (!opener_cands(a, c)) {
      err_set("ranking the first guess on %d answers takes a whole proof per guess, and the "
              "opener %s is not an allowed guess; give --tree FILE (a solved tree) or a history",
              n, ADVICE_OPENER);
      return EXIT_USAGE;
    }
    out->source = ADV_OPENER;
    assert(n == a->g->n_answers); /* a big root: the whole list */
    out->total = OPTLE_INF;
    out->best = fixed_opener(a, &out->total);
    /* No fixed opener finishes within the limit: that says nothing of
     * the other first guesses, only a proof does (it once said that no
     * strategy could, with status 1). */
    if (out->total >= OPTLE_INF && !stop_requested()) {
      int rc = prove_first(a, s, set, n, top, out);
      if (rc) return rc;
    }
  } else {
    out->total = search_solve(s, set, n, -1, NULL);
    if (out->total >= OPTLE_INF) out->total = OPTLE_INF;
    if (out->total < OPTLE_INF && top < 1) top = 1; /* the rank gives the tie rule's guess */
  }
  if (stop_requested()) return EXIT_STOPPED;
  if (out->total < OPTLE_INF && !big && top > 0) {
    out->ntop = search_rank(s, set, n, 0, top, out->top);
    out->listed = out->ntop < asked ? out->ntop : asked;
    out->ranked = true;
    if (stop_requested()) return EXIT_STOPPED;
    if (out->source == ADV_SEARCH) {
      if (out->ntop < 1 || out->top[0].value != out->total)
        err_fatal(EXIT_INTERNAL, "internal error: the ranking's best (%d) is not the optimum %d",
                  out->ntop ? out->top[0].value : -1, out->total);
      out->best = out->top[0].guess;
    } else if (out->ntop > 0 && out->top[0].value < out->total) {
      out->tree_beaten = out->top[0].value;
    }
  }
  if (out->total >= OPTLE_INF) out->best = -1;
  if (out->best >= 0) out->best_in_set = in_set(set, n, a->g, out->best);
  return 0;
}

bool advice_no_info(const game *g, const uint16_t *set, int n, int guess) {
  uint8_t p0 = game_fb(g, guess, set[0]);
  bool same = p0 != PATTERN_WIN;
  for (int i = 1; i < n && same; i++) same = game_fb(g, guess, set[i]) == p0;
  return same;
}

int advice_guess_total(advisor *a, const uint16_t *set, int n, const hstep *h, int made, int g) {
  int left = left_after(a, made);
  if (left < 0) return OPTLE_INF;
  /* A guess that tells nothing has no value here, as the search's own
   * (search_guess_value() skips it): a fixed first guess's solve once
   * valued it, and the step lost its "gave no information" note. */
  if (advice_no_info(a->g, set, n, g)) return OPTLE_INF;
  search *s = search_at(a, h, made);
  int v = advisor_big_root(a, n, made) ? search_solve(s, set, n, g, NULL)
                                 : search_guess_value(s, set, n, 0, g);
  return v >= OPTLE_INF ? OPTLE_INF : v;
}

int advice_value(advisor *a, const uint16_t *set, int n, const hstep *h, int made) {
  int left = left_after(a, made);
  if (left < 0) return OPTLE_INF;
  if (advisor_big_root(a, n, made)) return ADVICE_UNKNOWN;
  int v = search_solve(search_at(a, h, made), set, n, -1, NULL);
  return v >= OPTLE_INF ? OPTLE_INF : v;
}

int advisor_line(advisor *a, int ans, hstep *line, int max, adv_source *src) {
  const tnode *t = a->o.tree;
  adv_source s0 = ADV_TREE;
  if (!t) {
    if (!a->own_tried) {
      a->own_tried = true;
      int N = a->g->n_answers, first = -1, left = left_after(a, 0);
      a->own_src = ADV_SEARCH;
      if (advisor_big_root(a, N, 0)) {
        first = advisor_opener(a);
        a->own_src = ADV_OPENER;
      }
      if (left >= 0 && (first >= 0 || a->own_src == ADV_SEARCH)) {
        uint16_t *all = xmalloc(sizeof *all * (size_t)N);
        for (int i = 0; i < N; i++) all[i] = (uint16_t)i;
        search_solve(search_at(a, NULL, 0), all, N, first, &a->own_tree);
        free(all);
      }
    }
    t = a->own_tree;
    s0 = a->own_src;
  }
  if (src) *src = s0;
  if (!t || stop_requested()) return -1;
  int k = 0;
  while (t && k < max) {
    int p = game_fb(a->g, t->guess, ans);
    line[k++] = (hstep){t->guess, p};
    if (p == PATTERN_WIN) return k;
    const tnode *next = NULL;
    for (int j = 0; j < t->nkids; j++)
      if (t->pat[j] == p) next = t->kid[j];
    t = next;
  }
  return -1; /* the tree does not reach the answer (not a checked tree) */
}

/* ------------------------------------------------------------------ */
/* Reports. */

static const char *guess_word(const game *g, int guess) { return g->guesses.w[guess]; }

bool advice_reference(const advice *ad, int *guess, int *total) {
  if (ad->ranked && ad->ntop > 0) {
    *guess = ad->top[0].guess;
    *total = ad->top[0].value;
    return true;
  }
  *guess = ad->best;
  *total = ad->total;
  return ad->source == ADV_SEARCH;
}

static void print_answers(FILE *fp, const game *g, const uint16_t *set, int n) {
  int show = n <= ADVICE_LIST_ALL ? n : ADVICE_LIST_FEW;
  fprintf(fp, "answers left: %d:", n);
  for (int i = 0; i < show; i++) fprintf(fp, " %s", g->answers.w[set[i]]);
  if (show < n) fprintf(fp, " ... (%d more)", n - show);
  fputc('\n', fp);
}

static void print_history(FILE *fp, const game *g, const hstep *h, int made) {
  fprintf(fp, "history:");
  if (!made) fprintf(fp, " none (the start of the game)");
  for (int i = 0; i < made; i++) {
    char b[HISTORY_STEP_CHARS];
    history_format(g, h[i], b);
    b[5] = ' ';
    fprintf(fp, "%s %s", i ? "," : "", b);
  }
  fputc('\n', fp);
}

/* --guess against the best (or the tree's or the opener's guess). */
static void print_comparison(FILE *fp, const game *g, const advice *ad, const advice_cmp *cmp) {
  const char *cw = guess_word(g, cmp->guess);
  int rg, rt;
  bool proven = advice_reference(ad, &rg, &rt);
  const char *rw = guess_word(g, rg);
  if (cmp->total >= OPTLE_INF) {
    if (cmp->no_info)
      fprintf(fp, "%s gives no information on these answers\n", cw);
    else
      fprintf(fp, "%s cannot be sure of finding every answer within the %d guesses left\n", cw,
              ad->left);
  } else if (cmp->total == rt && proven) {
    if (cmp->guess == rg)
      fprintf(fp, "%s is optimal\n", cw);
    else
      fprintf(fp, "%s is optimal too (it ties with %s, which the tie rule lists first)\n", cw, rw);
  } else if (cmp->guess == rg) { /* the unproven reference itself: not "0.0000 worse" than itself */
    fprintf(fp, "%s is %s, not proven optimal: %s expected from here (%d in total)\n", cw,
            ad->source == ADV_OPENER ? "the fixed opener" : "the tree's guess",
            ratio4(cmp->total, ad->n).s, cmp->total);
  } else {
    int d = cmp->total - rt;
    fprintf(fp, "%s would be %s guesses %s on average than %s%s: %s expected from here "
                "(%d in total)\n",
            cw, ratio4(d < 0 ? -d : d, ad->n).s, d < 0 ? "better" : "worse", rw,
            proven ? "" : ad->source == ADV_OPENER ? " (the fixed opener)" : " (the tree's guess)",
            ratio4(cmp->total, ad->n).s, cmp->total);
  }
}

void advice_print(FILE *fp, const game *g, const advisor *a, const uint16_t *set,
                  const hstep *h, const advice *ad, const advice_cmp *cmp) {
  print_history(fp, g, h, ad->made);
  if (a->o.wider) fprintf(fp, "note: %s\n", a->o.wider);
  print_answers(fp, g, set, ad->n);
  if (a->o.max_guesses)
    fprintf(fp, "guesses left: %d of %d (%d made)\n", ad->left, a->o.max_guesses, ad->made);
  else
    fprintf(fp, "guesses left: no limit (%d made)\n", ad->made);
  if (ad->best < 0) {
    char b[96];
    advice_no_guesses(b, sizeof b, a->o.max_guesses, 0);
    if (a->o.max_guesses && ad->made >= a->o.max_guesses)
      fprintf(fp, "%s\n", b);
    else
      fprintf(fp, "no strategy finds every answer left within the %d guess%s left\n", ad->left,
              ad->left == 1 ? "" : "es");
    if (cmp && cmp->no_info) /* --guess: said of it too, as the JSON says it */
      fprintf(fp, "%s gives no information on these answers\n", guess_word(g, cmp->guess));
    else if (cmp && !(a->o.max_guesses && ad->made >= a->o.max_guesses))
      fprintf(fp, "%s cannot be sure of finding every answer either\n", guess_word(g, cmp->guess));
    return;
  }
  const char *w = guess_word(g, ad->best);
  switch (ad->source) {
  case ADV_SEARCH:
    fprintf(fp, "optimal next guess: %s%s\n", w, ad->best_in_set ? " (could be the answer)" : "");
    break;
  case ADV_TREE:
    fprintf(fp, "next guess from the tree %s: %s%s\n", a->o.tree_name, w,
            ad->best_in_set ? " (could be the answer)" : "");
    break;
  case ADV_OPENER:
    fprintf(fp,
            "suggested first guess: %s (a fixed opener, not proven best here: ranking every "
            "first guess on %d answers is a proof per guess; give --prove, --tree FILE or a history)\n",
            w, ad->n);
    break;
  }
  ratio_text e = ratio4(ad->total, ad->n);
  fprintf(fp, "expected guesses from here, this one included: %s (%d in total over %d answer%s)\n",
          e.s, ad->total, ad->n, ad->n == 1 ? "" : "s");
  fprintf(fp, "expected game length: %s (%d made + %s)\n",
          ratio4((long long)ad->made * ad->n + ad->total, ad->n).s, ad->made, e.s);
  if (ad->tree_beaten)
    fprintf(fp, "note: the tree is not optimal here: %s reaches %s (%d in total)\n",
            guess_word(g, ad->top[0].guess), ratio4(ad->tree_beaten, ad->n).s, ad->tree_beaten);
  if (ad->ranked && ad->listed > 0) {
    fprintf(fp, "top %d (exact expected guesses from here, this one included):\n", ad->listed);
    for (int i = 0; i < ad->listed; i++)
      fprintf(fp, "  %3d. %s  %s  (%d)%s\n", i + 1, guess_word(g, ad->top[i].guess),
              ratio4(ad->top[i].value, ad->n).s, ad->top[i].value,
              ad->top[i].in_set ? "  could be the answer" : "");
  } else if (!ad->ranked && ad->source != ADV_SEARCH && advisor_big_root(a, ad->n, ad->made)) {
    fprintf(fp, "top guesses: not ranked (every first guess on %d answers is a whole proof)\n",
            ad->n);
  }
  if (cmp) print_comparison(fp, g, ad, cmp);
}

/* A JSON string: words, patterns and file names (escaped). */
static void json_str(FILE *fp, const char *s) {
  fputc('"', fp);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') fprintf(fp, "\\%c", c);
    else if (c < 0x20) fprintf(fp, "\\u%04x", c);
    else fputc(c, fp);
  }
  fputc('"', fp);
}

static const char *source_name(adv_source s) {
  return s == ADV_TREE ? "tree" : s == ADV_OPENER ? "opener" : "search";
}

void advice_print_json(FILE *fp, const game *g, const advisor *a, const uint16_t *set,
                       const hstep *h, const advice *ad, const advice_cmp *cmp) {
  fprintf(fp, "{\"history\": [");
  for (int i = 0; i < ad->made; i++) {
    char b[HISTORY_STEP_CHARS];
    history_format(g, h[i], b);
    fprintf(fp, "%s\"%s\"", i ? ", " : "", b);
  }
  fprintf(fp, "],\n \"answers_from\": \"%s\", ", a->o.wider ? "guesses" : "answers");
  if (a->o.wider) {
    fprintf(fp, "\"note\": ");
    json_str(fp, a->o.wider);
    fprintf(fp, ", ");
  }
  fprintf(fp, "\"guesses_made\": %d, \"max_guesses\": %d, \"guesses_left\": ", ad->made,
          a->o.max_guesses);
  if (a->o.max_guesses) fprintf(fp, "%d", ad->left);
  else fprintf(fp, "null");
  fprintf(fp, ",\n \"remaining\": %d, \"answers\": [", ad->n);
  for (int i = 0; i < ad->n; i++) fprintf(fp, "%s\"%s\"", i ? ", " : "", g->answers.w[set[i]]);
  fprintf(fp, "],\n \"solved\": false,\n \"next\": ");
  if (ad->best < 0) {
    fprintf(fp, "null");
  } else {
    fprintf(fp, "{\"guess\": \"%s\", \"source\": \"%s\", ", guess_word(g, ad->best),
            source_name(ad->source));
    if (ad->source == ADV_TREE) {
      fprintf(fp, "\"tree\": ");
      json_str(fp, a->o.tree_name ? a->o.tree_name : "");
      fprintf(fp, ", ");
    }
    fprintf(fp, "\"proven_optimal\": %s, \"total\": %d, \"expected\": %s, \"could_be_answer\": %s}",
            ad->source == ADV_SEARCH ? "true" : "false", ad->total,
            ratio4(ad->total, ad->n).s, ad->best_in_set ? "true" : "false");
    fprintf(fp, ",\n \"expected_game_length\": %s",
            ratio4((long long)ad->made * ad->n + ad->total, ad->n).s);
  }
  fprintf(fp, ",\n \"top\": ");
  if (!ad->ranked) {
    fprintf(fp, "null");
  } else {
    fprintf(fp, "[");
    for (int i = 0; i < ad->listed; i++)
      fprintf(fp, "%s\n  {\"guess\": \"%s\", \"total\": %d, \"expected\": %s, \"could_be_answer\": %s}",
              i ? "," : "", guess_word(g, ad->top[i].guess), ad->top[i].value,
              ratio4(ad->top[i].value, ad->n).s, ad->top[i].in_set ? "true" : "false");
    fprintf(fp, "]");
  }
  if (cmp) {
    fprintf(fp, ",\n \"compare\": {\"guess\": \"%s\", ", guess_word(g, cmp->guess));
    if (cmp->total >= OPTLE_INF || ad->best < 0) {
      fprintf(fp, "\"total\": null, \"expected\": null, \"compared_with\": null, "
                  "\"worse_by\": null, \"optimal\": false, \"no_information\": %s}",
              cmp->no_info ? "true" : "false");
    } else {
      int rg, rt;
      bool proven = advice_reference(ad, &rg, &rt);
      fprintf(fp, "\"total\": %d, \"expected\": %s, \"compared_with\": \"%s\", "
                  "\"worse_by\": %s, \"optimal\": %s, \"no_information\": false}",
              cmp->total, ratio4(cmp->total, ad->n).s, guess_word(g, rg),
              ratio4(cmp->total - rt, ad->n).s, proven && cmp->total == rt ? "true" : "false");
    }
  }
  fprintf(fp, "}\n");
}

/* ------------------------------------------------------------------ */
/* A finished game (advice.h). */

/* The sum over a guess's classes of size^2 (advice_step.left_sq: over
 * n, the answers its patterns leave on average). */
static long long left_squares(const game *g, const uint16_t *set, int n, int guess) {
  int count[PATTERN_COUNT] = {0};
  for (int i = 0; i < n; i++) count[game_fb(g, guess, set[i])]++;
  long long sq = 0;
  for (int p = 0; p < PATTERN_COUNT; p++) sq += (long long)count[p] * count[p];
  return sq;
}

/* V, best and ref of a step: what advice_at() says, as `next` says it. */
static void step_reference(advisor *a, const uint16_t *set, int n, const hstep *h, int i,
                           advice_step *s) {
  advice ad;
  if (advice_at(a, set, n, h, i, 1, &ad)) return; /* stopped: unknown */
  s->source = ad.source;
  s->best = ad.best;
  s->ref = ad.total;
  if (ad.source == ADV_SEARCH) s->V = ad.total;
  if (ad.source == ADV_SEARCH && ad.ranked && ad.ntop) s->best = ad.top[0].guess;
}

/* One step of advice_game_steps(), on set[0..n). */
static void value_step(advisor *a, const uint16_t *set, int n, const hstep *h, int i,
                       int tree_first, bool all, advice_step *s) {
  int gi = h[i].guess;
  assert(n >= 1 && n <= a->g->n_answers);
  s->n = n;
  s->best = -1;
  s->source = ADV_SEARCH;
  s->V = s->E = s->ref = ADVICE_UNKNOWN;
  s->left_sq = left_squares(a->g, set, n, gi);
  if (all) {
    step_reference(a, set, n, h, i, s);
    s->E = gi == s->best && advice_known(s->ref) ? s->ref
                                                 : advice_guess_total(a, set, n, h, i, gi);
  } else if (advisor_big_root(a, n, i)) {
    if (gi == advisor_opener(a) || gi == tree_first) s->E = advice_guess_total(a, set, n, h, i, gi);
  } else if (!advisor_slow(a, n, h, i)) {
    advice ad;
    if (!advice_at(a, set, n, h, i, 1, &ad)) {
      s->V = s->ref = ad.ranked && ad.ntop ? ad.top[0].value : OPTLE_INF;
      if (ad.ranked && ad.ntop) s->best = ad.top[0].guess;
    }
    s->E = advice_guess_total(a, set, n, h, i, gi);
  }
  if (stop_requested()) s->V = s->E = s->ref = ADVICE_UNKNOWN;
}

void advice_game_steps(advisor *a, const hstep *h, int k, int tree_first, bool all,
                       advice_step *out) {
  const game *g = a->g;
  uint16_t *set = xmalloc(sizeof *set * (size_t)g->n_answers);
  int n = g->n_answers;
  for (int i = 0; i < n; i++) set[i] = (uint16_t)i;
  for (int i = 0; i < k; i++) {
    advice_step *s = &out[i];
    value_step(a, set, n, h, i, tree_first, all, s);
    int m = history_apply(g, set, n, h[i]);
    s->no_info = !history_won(h[i]) && m == n;
    n = s->n_after = m;
    if (history_won(h[i])) s->after = 0;
    else if (n == 0) s->after = OPTLE_INF;
    else if (n > ADVICE_QUICK_MAX && !all) s->after = ADVICE_UNKNOWN;
    else if (i + 1 < k && all) s->after = ADVICE_UNKNOWN; /* the next step's V, below */
    else s->after = advice_value(a, set, n, h, i + 1);
    if (stop_requested()) s->after = ADVICE_UNKNOWN;
  }
  for (int i = 0; all && i + 1 < k; i++)
    if (!history_won(h[i]) && out[i].n_after) out[i].after = out[i + 1].V;
  free(set);
}

void advice_step_luck_frac(const advice_step *s, long long *num, long long *den) {
  if (!s->n_after) { /* advice_avg()'s 0 for no answers after */
    *num = (long long)s->E - s->n, *den = s->n;
    return;
  }
  *num = (long long)s->E * s->n_after - (long long)s->n * s->n_after - (long long)s->after * s->n;
  *den = (long long)s->n * s->n_after;
}

/* Skill and luck of the step are both known. */
static bool step_full(const advice_step *s) {
  return advice_known(s->V) && advice_known(s->E) && advice_known(s->after);
}

/* The step's luck, and with skill its cost, into the sums. */
static void add_step(advice_sum *out, const advice_step *s, bool skill) {
  long long num, den;
  assert(s->n > 0);
  if (skill) ratio_sum_add(&out->skill, (long long)s->E - s->V, s->n);
  advice_step_luck_frac(s, &num, &den);
  ratio_sum_add(&out->luck, num, den);
}

bool advice_game_sum(const advice_step *sv, int k, advice_sum *out) {
  memset(out, 0, sizeof *out);
  int s0 = k;
  while (s0 > 0 && step_full(&sv[s0 - 1])) s0--;
  /* A first guess valued but not against a proven best still counts
   * (below): a one-guess game then has its sum too. */
  bool first_only = s0 == 1 && advice_known(sv[0].E) && advice_known(sv[0].after);
  if (s0 == k && !first_only) return false;
  out->skill = out->luck = ratio_sum_zero();
  for (int i = s0; i < k; i++) add_step(out, &sv[i], true);
  out->from = s0;
  if (s0 == 0) {
    out->base_total = sv[0].V, out->base_n = sv[0].n;
  } else if (first_only) {
    out->first_counted = true;
    add_step(out, &sv[0], false);
    out->base_total = sv[0].E, out->base_n = sv[0].n;
  } else {
    out->base_total = sv[s0].V, out->base_n = sv[s0].n;
  }
  return true;
}

ratio_text advice_luck_text(const advice_sum *s, bool *bad) {
  ratio_text t = ratio_sum_fmt(&s->luck, 4, false);
  *bad = t.s[0] == '-'; /* ratio.h: a value that rounds to zero has no sign */
  if (*bad) memmove(t.s, t.s + 1, strlen(t.s));
  return t;
}
