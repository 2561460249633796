/* game.c: loading a problem instance and building its feedback table (game.h). */
#include "game.h"

#include <stdlib.h>
#include <string.h>

#include "feedback.h"
#include "tuning.h"
#include "util.h"

static wordlist copy_list(const wordlist *src) {
  const char **v = xmalloc(sizeof *v * (size_t)src->n);
  for (int i = 0; i < src->n; i++) v[i] = src->w[i];
  wordlist out;
  words_from_array(v, src->n, &out); /* cannot fail: src is valid */
  free(v);
  free(out.path);
  out.path = xstrdup(src->path);
  memcpy(out.line, src->line, sizeof *out.line * (size_t)src->n);
  return out;
}

int game_from_lists(game *g, wordlist answers, wordlist guesses) {
  memset(g, 0, sizeof *g);
  double t0 = now_seconds();
  if (answers.n > OPTLE_MAX_ANSWERS || guesses.n > OPTLE_MAX_GUESSES) {
    err_set("%s: %d answers and %d guesses is more than optle handles (%d answers, %d guesses)",
            answers.path, answers.n, guesses.n, OPTLE_MAX_ANSWERS, OPTLE_MAX_GUESSES);
    goto fail;
  }
  if ((unsigned long long)answers.n * (unsigned long long)guesses.n > OPTLE_MAX_TABLE_BYTES) {
    err_set("%s: %d answers x %d guesses needs a %.1f GiB feedback table (at most %.0f GiB)",
            answers.path, answers.n, guesses.n,
            (double)answers.n * guesses.n / (1 << 30), (double)OPTLE_MAX_TABLE_BYTES / (1 << 30));
    goto fail;
  }
  g->answers = answers;
  g->guesses = guesses;
  g->n_answers = answers.n;
  g->n_guesses = guesses.n;
  g->ans2guess = xmalloc(sizeof(int) * (size_t)answers.n);
  g->guess2ans = xmalloc(sizeof(int) * (size_t)guesses.n);
  for (int i = 0; i < guesses.n; i++) g->guess2ans[i] = -1;
  for (int a = 0; a < answers.n; a++) {
    int gi = words_find(&guesses, answers.w[a]);
    if (gi < 0) {
      err_set("%s:%d: answer '%s' is not in the guess list %s (every answer must be an allowed "
              "guess)", answers.path, answers.line[a], answers.w[a], guesses.path);
      game_free(g);
      return -1;
    }
    g->ans2guess[a] = gi;
    g->guess2ans[gi] = a;
  }
  g->lists_hash = words_lists_hash(&answers, &guesses);
  g->fb = xaligned((size_t)answers.n * (size_t)guesses.n);
  feedback_table_fill(g->fb, (const char (*)[8])guesses.w, guesses.n,
                      (const char (*)[8])answers.w, answers.n);
  g->load_seconds = now_seconds() - t0;
  return 0;
fail:
  words_free(&answers);
  words_free(&guesses);
  return -1;
}

int game_load(game *g, const char *answers_path, const char *guesses_path) {
  double t0 = now_seconds();
  wordlist a, q;
  memset(g, 0, sizeof *g);
  if (words_load(answers_path, &a)) return -1;
  if (guesses_path) {
    if (words_load(guesses_path, &q)) {
      words_free(&a);
      return -1;
    }
  } else {
    q = copy_list(&a);
  }
  if (game_from_lists(g, a, q)) return -1;
  g->load_seconds = now_seconds() - t0;
  return 0;
}

void game_free(game *g) {
  words_free(&g->answers);
  words_free(&g->guesses);
  free(g->ans2guess);
  free(g->guess2ans);
  free(g->fb);
  memset(g, 0, sizeof *g);
}
