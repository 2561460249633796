/* game.c: loading a problem instance and building its feedback table (game.h). */
#include "game.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
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

int game_from_words(game *g, wordlist answers, wordlist guesses) {
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
  g->load_seconds = now_seconds() - t0;
  return 0;
fail:
  words_free(&answers);
  words_free(&guesses);
  return -1;
}

int game_table(game *g) {
  if (g->fb) return 0;
  double t0 = now_seconds();
  g->fb = xaligned((size_t)g->n_answers * (size_t)g->n_guesses);
  feedback_table_fill(g->fb, (const char (*)[8])g->guesses.w, g->n_guesses,
                      (const char (*)[8])g->answers.w, g->n_answers);
  g->load_seconds += now_seconds() - t0;
  if (stop_requested()) { /* the fill gave up part-way (clock.h, Stopping) */
    free(g->fb);
    g->fb = NULL;
    return err_set("stopped while building the feedback table (%d answers x %d guesses)",
                   g->n_answers, g->n_guesses);
  }
  return 0;
}

int game_from_lists(game *g, wordlist answers, wordlist guesses) {
  if (game_from_words(g, answers, guesses)) return -1;
  if (!game_table(g)) return 0;
  game_free(g);
  return -1;
}

int game_load(game *g, const char *answers_path, const char *guesses_path) {
  if (game_load_words(g, answers_path, guesses_path)) return -1;
  if (!game_table(g)) return 0;
  game_free(g);
  return -1;
}

static int load_words(game *g, const char *answers_path, const char *guesses_path,
                      int (*load)(const char *, wordlist *)) {
  double t0 = now_seconds();
  wordlist a, q;
  memset(g, 0, sizeof *g);
  if (load(answers_path, &a)) return -1;
  if (guesses_path) {
    if (load(guesses_path, &q)) {
      words_free(&a);
      return -1;
    }
  } else {
    q = copy_list(&a);
  }
  if (game_from_words(g, a, q)) return -1;
  g->answers_file = true;
  g->guesses_file = guesses_path != NULL;
  g->load_seconds = now_seconds() - t0;
  return 0;
}

int game_load_words(game *g, const char *answers_path, const char *guesses_path) {
  return load_words(g, answers_path, guesses_path, words_load);
}

/* One list file a tree records (what: "answers" or "guesses"): still a
 * regular file we can open.  It is opened without blocking and the
 * opened file is checked (fstat()), not the path: a FIFO put there
 * after a stat() of the path would make the open wait for a writer.
 * 0, or -1 after err_set(). */
static int recorded_file_ok(const char *label, const char *tree_path, const char *what,
                            const char *path) {
  struct stat st;
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  int bad = fd < 0 ? errno : fstat(fd, &st) ? errno : 0;
  if (fd >= 0) close(fd);
  if (!bad && !S_ISREG(st.st_mode))
    return err_set("%s%s records its %s as %s: not a regular file (give --answers FILE "
                   "[--guesses FILE])", label, tree_path, what, path);
  if (!bad) return 0;
  return err_set("%s%s records its %s as %s: cannot open: %s (moved? give --answers FILE "
                 "[--guesses FILE])", label, tree_path, what, path, strerror(bad));
}

int game_load_tree_files(game *g, const char *label, const char *tree_path, const char *answers,
                         const char *guesses) {
  memset(g, 0, sizeof *g);
  if (recorded_file_ok(label, tree_path, "answers", answers) ||
      (guesses && recorded_file_ok(label, tree_path, "guesses", guesses)))
    return -1;
  if (!load_words(g, answers, guesses, words_load_regular)) return 0;
  if (stop_requested()) return -1; /* the reader's message says so */
  char why[ERR_MAX];
  snprintf(why, sizeof why, "%s", err_msg());
  return err_set("%s%s records its lists as files that are no longer word lists: %s (changed "
                 "since? give the lists it was made with)", label, tree_path, why);
}

const char *game_guesses_named(const game *g, char *buf, size_t size) {
  if (g->words_given) snprintf(buf, size, "the guesses given");
  else snprintf(buf, size, "the guess list %s", g->guesses.path);
  return buf;
}

void game_free(game *g) {
  words_free(&g->answers);
  words_free(&g->guesses);
  free(g->ans2guess);
  free(g->guess2ans);
  free(g->fb);
  memset(g, 0, sizeof *g);
}
