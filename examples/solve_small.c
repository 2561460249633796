/*
 * solve_small.c: the optle library from C (include/optle.h, docs/api.md).
 * Solves the named list `small` with proof, prints the figures `optle
 * solve` prints, then walks the tree: the first guess's branches, and
 * one answer's path to the end.
 *
 *   cc solve_small.c $(pkg-config --cflags --libs optle) -o solve_small
 *   ./solve_small [LIST] [ANSWER]
 */
#include <optle.h>
#include <stdio.h>
#include <string.h>

/* Called every progress_interval seconds while the search runs. */
static int progress(const optle_progress *p, void *arg) {
  (void)arg;
  if (p->of > 0) fprintf(stderr, "%.1f s: %d of %d first guesses settled\n", p->seconds, p->settled, p->of);
  return 0; /* nonzero would stop the search */
}

/* The pattern an answer would get from a guess: what a player sees. */
static void feedback(const char *guess, const char *answer, char out[6]) {
  int used[5] = {0};
  for (int i = 0; i < 5; i++) {
    out[i] = 'B';
    if (guess[i] == answer[i]) out[i] = 'G', used[i] = 1;
  }
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 5 && out[i] == 'B'; j++)
      if (!used[j] && guess[i] == answer[j]) out[i] = 'Y', used[j] = 1;
  out[5] = '\0';
}

int main(int argc, char **argv) {
  const char *list = argc > 1 ? argv[1] : "small";
  const char *answer = argc > 2 ? argv[2] : NULL;
  optle_game *game;
  if (optle_game_named(list, &game)) {
    fprintf(stderr, "solve_small: %s\n", optle_errmsg());
    return 2;
  }
  optle_solve_opts opts;
  optle_solve_opts_init(&opts);
  opts.progress = progress;
  opts.progress_interval = 1.0;
  optle_result *r;
  int rc = optle_solve(game, &opts, &r);
  if (rc != OPTLE_OK) {
    fprintf(stderr, "solve_small: %s (%s)\n", optle_errmsg(), optle_status_name(rc));
    optle_result_free(r); /* a stopped solve's result; NULL is fine */
    optle_game_free(game);
    return rc;
  }
  printf("list          %s\n", optle_game_describe(game));
  printf("first guess   %s\n", optle_result_first(r));
  printf("total         %d (%s)\n", optle_result_total(r),
         optle_result_proven(r) ? "proven optimal" : "not proven");
  int dist[16], most = optle_result_distribution(r, dist, 16);
  printf("distribution ");
  for (int k = 1; k <= most && k < 16; k++) printf(" %d:%d", k, dist[k]);
  printf("\ntree hash     %016llx\n", (unsigned long long)optle_result_hash(r));

  /* The first guess's branches: each pattern, its answers, the next guess. */
  const optle_node *root = optle_result_root(r);
  char pat[6];
  for (int i = 0; i < optle_node_branches(root); i++) {
    const optle_node *kid = optle_node_child(root, i);
    printf("  %s  %2d answer%s  then %s\n", optle_node_pattern(root, i, pat),
           optle_node_answers(kid), optle_node_answers(kid) == 1 ? " " : "s",
           optle_node_guess(r, kid));
  }

  /* One answer's path: follow its feedback down the tree. */
  if (!answer) answer = optle_game_answer(game, optle_game_answers(game) - 1);
  printf("%s:", answer);
  for (const optle_node *n = root; n;) {
    const char *guess = optle_node_guess(r, n);
    feedback(guess, answer, pat);
    printf(" %s %s", guess, pat);
    if (!strcmp(pat, "GGGGG")) break;
    n = optle_node_follow(n, pat);
  }
  printf("\n");
  optle_result_free(r);
  optle_game_free(game);
  return 0;
}
