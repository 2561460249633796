/* strategy.c: the strategy facade and the one search set-up (strategy.h). */
#include "strategy.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "memo.h"
#include "tuning.h"
#include "util.h"

int strategy_parse(const char *name, strategy *out) {
  memset(out, 0, sizeof *out);
  if (strlen(name) > STRATEGY_NAME_MAX)
    return err_set("strategy name too long: '%.20s...'", name);
  if (!strcmp(name, "exact")) {
    out->kind = STRAT_EXACT;
  } else if (greedy_parse(name, &out->gr)) {
    if (strncmp(name, "rollout:", 8)) /* a plain name: list every kind */
      return err_set("'%s': unknown strategy (%s, rollout:BASE:N, exact)", name,
                     greedy_rule_names());
    return -1; /* greedy_parse said what is wrong with the rollout */
  } else {
    out->kind = out->gr.top ? STRAT_ROLLOUT : STRAT_GREEDY;
  }
  snprintf(out->name, sizeof out->name, "%s", name);
  return 0;
}

int strategy_doc(int i, const char **name, const char **about) {
  if (i < 0) return 0;
  if (greedy_doc(i, name, about)) return 1;
  if (greedy_doc(i - 1, name, about)) { /* just past greedy's last */
    *name = "exact";
    *about = "the optimal strategy (the exact search)";
    return 1;
  }
  return 0;
}

int strategy_pick(const strategy *st, const game *g, const uint16_t *set, int n) {
  return st->kind == STRAT_EXACT ? -1 : greedy_pick(&st->gr, g, set, n);
}

int strategy_total(const strategy *st, const game *g, const uint16_t *set, int n, int first,
                   int depth, int *most) {
  if (most) *most = 0;
  if (n <= 0) return 0;
  if (st->kind == STRAT_EXACT) return OPTLE_INF;
  return greedy_total(&st->gr, g, set, n, first, depth, most);
}

int strategy_best_total(const game *g, const uint16_t *set, int n, int depth) {
  return greedy_best_total(g, set, n, depth);
}

void strategy_env_default(strategy_env *e) {
  memset(e, 0, sizeof *e);
  e->threads = omp_get_max_threads();
  e->max_guesses = 6;
  e->memo_mb = 0; /* the list's default */
}

void strategy_search_opts(search_opts *o) {
  search_opts_default(o);
  o->seed = greedy_entropy_total;
}

search *strategy_search_new(const game *g, const search_opts *o) {
  search *s = search_new(g, o);
  if (!s)
    err_fatal(EXIT_INTERNAL,
              "out of memory: cannot reserve %d MiB for the memo: give a smaller --memo-mb "
              "(the default is %d for these lists), or raise the limit (ulimit -v)",
              o->memo_mb > 0 ? o->memo_mb : memo_default_mb(g->n_answers, o->fixed_first),
              memo_default_mb(g->n_answers, o->fixed_first));
  return s;
}

static int cmp_u16(const void *a, const void *b) {
  return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

static tnode *exact_tree(const game *g, const uint16_t *set, int n, int first,
                         const strategy_env *env) {
  search *s = env->srch;
  if (!s) {
    search_opts so;
    strategy_search_opts(&so);
    so.max_guesses = env->max_guesses;
    so.threads = env->threads > 0 ? env->threads : 1;
    so.memo_mb = env->memo_mb; /* 0: the list's default */
    so.rules = env->rules;
    s = strategy_search_new(g, &so);
  }
  uint16_t *sorted = xmalloc(sizeof *sorted * (size_t)n);
  memcpy(sorted, set, sizeof *sorted * (size_t)n);
  qsort(sorted, (size_t)n, sizeof *sorted, cmp_u16);
  tnode *t = NULL;
  search_solve(s, sorted, n, first, &t);
  free(sorted);
  if (!env->srch) search_free(s);
  return t;
}

tnode *strategy_tree(const strategy *st, const game *g, const uint16_t *set, int n, int first,
                     const strategy_env *env) {
  if (n <= 0) return NULL;
  if (st->kind == STRAT_EXACT) return exact_tree(g, set, n, first, env);
  return greedy_tree(&st->gr, g, set, n, first, env && env->threads > 1 ? env->threads : 1);
}
