/*
 * rank_run.c: a ranking's checkpoint and progress line (rank_run.h).
 */
#include "rank_run.h"

#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "clock.h"
#include "err.h"
#include "mem.h"
#include "memo_file.h"
#include "tuning.h"
#include "util.h"

void rank_run_init(rank_run *r, const char *path, int progress) {
  assert(progress == SEARCH_PROGRESS_OFF || progress == SEARCH_PROGRESS_TERMINAL ||
         progress == SEARCH_PROGRESS_LINES);
  *r = (rank_run){.path = path, .best = OPTLE_INF, .best_guess = -1, .progress = progress};
}

int rank_run_lock(rank_run *r) {
  if (r->path && !(r->ck = ckpt_lock(r->path))) {
    err_print(); /* names the file */
    return EXIT_USAGE;
  }
  return 0;
}

/* A line's guess and the hash of its feedback on every answer. */
typedef struct {
  uint64_t h;
  int i;
} column_hash;

static int column_hash_cmp(const void *pa, const void *pb) {
  const column_hash *a = pa, *b = pb;
  if (a->h != b->h) return a->h < b->h ? -1 : 1;
  return a->i - b->i;
}

/* Does guess x give the same feedback as guess y on every answer? */
static bool same_column(const game *g, int x, int y) {
  for (int a = 0; a < g->n_answers; a++) {
    const uint8_t *row = g->fb + (size_t)a * (size_t)g->n_guesses;
    if (row[x] != row[y]) return false;
  }
  return true;
}

/* Under the normal rules first guesses with the same feedback on every
 * answer share one value (search_first.c ranks each such group once, and
 * takes the first of its lines it resumes): lines of one group that
 * differ were never written by a run, and are refused.  Under rules that
 * narrow they do not (after XZZZZ a guess must hold X, after YZZZZ a Y,
 * though both are yellow on the same answers), so nothing is checked.
 * The guesses' columns are hashed answer by answer (rows are
 * answer-major, game.h), then those alike compared. */
static int check_alike(const rank_run *r, const game *g, const ckpt_id *id) {
  int n = r->res.ndone, rc = 0;
  const ckpt_entry *e = r->res.done;
  if (n < 2 || !g->fb || strcmp(id->rules, rules_name(RULES_NORMAL))) return 0;
  column_hash *c = xmalloc(sizeof *c * (size_t)n);
  for (int i = 0; i < n; i++) c[i] = (column_hash){0xcbf29ce484222325ull, i};
  for (int a = 0; a < g->n_answers; a++) {
    const uint8_t *row = g->fb + (size_t)a * (size_t)g->n_guesses;
    for (int i = 0; i < n; i++) c[i].h = (c[i].h ^ row[e[i].guess]) * 0x100000001b3ull;
  }
  qsort(c, (size_t)n, sizeof *c, column_hash_cmp);
  for (int k = 1; k < n && !rc; k++) {
    const ckpt_entry *y = &e[c[k - 1].i], *x = &e[c[k].i]; /* x the later line */
    if (c[k - 1].h != c[k].h || (x->value == y->value && x->exact == y->exact) ||
        !same_column(g, x->guess, y->guess))
      continue;
    char vx[16] = "none", vy[16] = "none";
    if (x->value < OPTLE_INF) snprintf(vx, sizeof vx, "%d", x->value);
    if (y->value < OPTLE_INF) snprintf(vy, sizeof vy, "%d", y->value);
    rc = err_set("%s:%d: '%s %s %s' differs from '%s %s %s' (line %d), which gives the same "
                 "feedback on every answer and so has the same value",
                 r->path, x->line, g->guesses.w[x->guess], vx, x->exact ? "exact" : "bound",
                 g->guesses.w[y->guess], vy, y->exact ? "exact" : "bound", y->line);
  }
  free(c);
  return rc;
}

/* Guess g has a lower line: one more first guess left to the exact
 * search (each at most once: the reader refuses a second line). */
static void mark_lower(rank_run *r, int g) {
  if (!r->has_lower) r->has_lower = xcalloc((size_t)r->g->n_guesses, sizeof *r->has_lower);
  assert(g >= 0 && g < r->g->n_guesses && !r->has_lower[g]);
  r->has_lower[g] = true;
  r->left_exact++;
}

/* Guess g is settled: if it had a lower line, one fewer left. */
static void settled_lower(rank_run *r, int g) {
  if (r->has_lower && r->has_lower[g]) {
    r->has_lower[g] = false;
    r->left_exact--;
  }
  assert(r->left_exact >= 0);
}

/* An exact value, resumed or settled now: counted (with no strategy
 * within the limit, "none", counted apart too), and the best kept. */
static void count_exact(rank_run *r, const search_first_value *v) {
  if (!v->exact) return;
  r->exact++;
  if (v->value >= OPTLE_INF) r->none++;
  if (v->value < r->best) r->best = v->value, r->best_guess = v->guess;
}

int rank_run_resume(rank_run *r, const game *g, const ckpt_id *id, const bool *ranked) {
  r->g = g;
  if (!r->ck) return 0;
  uint64_t ids[2] = {g->lists_hash, ckpt_id_hash(id)};
  r->memo_id = XXH3_64bits(ids, sizeof ids);
  if (ckpt_read(r->ck, id, g, ranked, &r->res) || check_alike(r, g, id)) {
    err_print(); /* names the file (and line) */
    return EXIT_USAGE;
  }
  if (r->res.cut_header)
    err_note("%s: its header was cut short (a run stopped as it began): started afresh",
             r->path);
  if (r->res.cut_line)
    err_note("%s:%d: the last line was cut short (a run stopped while writing it): cut off, and "
             "its first guess is ranked again", r->path, r->res.cut_line);
  int n = r->res.ndone, nl = r->res.nlower;
  if (n) err_note("resumed %d settled first guess%s from %s", n, n == 1 ? "" : "es", r->path);
  r->done = xmalloc(sizeof *r->done * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++) {
    const ckpt_entry *e = &r->res.done[i];
    r->done[i] = (search_first_value){e->guess, e->value, e->exact, e->seconds, 0, e->stage};
    count_exact(r, &r->done[i]); /* the progress line's exact and best count them too */
  }
  r->lower = xmalloc(sizeof *r->lower * (size_t)(nl ? nl : 1));
  for (int i = 0; i < nl; i++) {
    const ckpt_entry *e = &r->res.lower[i];
    r->lower[i] = (search_first_value){e->guess, e->value, false, e->seconds, 0, e->stage};
    mark_lower(r, e->guess);
  }
  /* A survivor's lower line stays when stage 4 settles it. */
  for (int i = 0; i < n; i++) settled_lower(r, r->done[i].guess);
  if (r->left_exact)
    err_note("resumed %d lower bound%s (first guesses left to the exact search) from %s",
             r->left_exact, r->left_exact == 1 ? "" : "s", r->path);
  return 0;
}

void rank_run_opts(rank_run *r, search_first_opts *fo) {
  fo->done = r->done, fo->ndone = r->res.ndone;
  fo->lower = r->lower, fo->nlower = r->res.nlower;
  fo->report = rank_run_settled, fo->report_lower = rank_run_lower, fo->arg = r;
  fo->where = rank_run_where; /* the progress line's, and --stats's stages */
}

/* A bound from the checkpoint must be above the final cutoff, as every
 * bound found is (the cutoff only falls): one that is not was never
 * proven for this ranking. */
int rank_run_check(const rank_run *r, int cutoff) {
  for (int i = 0; i < r->res.ndone; i++) {
    const ckpt_entry *e = &r->res.done[i];
    if (!e->exact && e->value <= cutoff) {
      /* No cutoff is OPTLE_INF inside: never shown as a number. */
      char cut[64] = "no cutoff: every value exact";
      if (cutoff < OPTLE_INF) snprintf(cut, sizeof cut, "the ranking's cutoff %d", cutoff);
      err_say("%s:%d: '%s %d bound' is not above %s: no run of this ranking proved it", r->path,
              e->line, r->g->guesses.w[e->guess], e->value, cut);
      return EXIT_USAGE;
    }
  }
  return 0;
}

int rank_run_close(rank_run *r, int rc) {
  if (r->ck && ckpt_close(r->ck) && !rc) {
    err_print();
    rc = EXIT_USAGE;
  }
  r->ck = NULL;
  free(r->res.done), free(r->res.lower);
  free(r->done), free(r->lower), free(r->has_lower);
  r->has_lower = NULL;
  r->res.done = NULL, r->done = NULL, r->res.lower = NULL, r->lower = NULL;
  return rc;
}

/* The progress line's text, at brief 0 (all), 1 (no rate nor time) or
 * 2 (the stage alone): the ranking's stage (search.h), how far into it
 * and that stage's ETA at its rate so far (over the groups it worked on:
 * a resumed run passes over those an earlier run settled or left to the
 * exact search at once, and counting them made the first ETAs of issue
 * 47's resumed stage 3 a fraction of the next), or the first guess stage 1
 * solves and its budget; then the first guesses settled, the best, this
 * run's rate and time (and, before any stage is told, the ETA at that
 * rate).  Once every first guess is settled, no stage. */
static void progress_text(const rank_run *r, double t, int brief, char *b, size_t n) {
  int done = r->resumed + r->settled, left = r->total - done;
  double el = t - r->t0, rate = el > 0 ? r->settled / el : 0;
  size_t k = 0;
#define ADD(...) (k < n ? (void)(k += (size_t)snprintf(b + k, n - k, __VA_ARGS__)) : (void)0)
  static const char *const stages[] = {"", "the cutoff", "L1 bounds", "L2 bounds", "exact search"};
  const search_first_where *w = &r->at;
  bool staged = w->stage >= 1 && w->stage <= 4 && w->total > 0 && left > 0;
  if (staged) {
    ADD("stage %d of 4 (%s", w->stage, stages[w->stage]);
    if (w->cutoff < OPTLE_INF) ADD(" at %d", w->cutoff + 1);
    ADD(")");
    if (w->stage == 1 && w->solving >= 0) {
      ADD(" solving %s exactly", r->g->guesses.w[w->solving]);
      if (w->budget > 0) ADD(" (for %.0f s at most)", w->budget);
    } else {
      double st = t - r->stage_t0;
      ADD(" %d/%d", w->done, w->total);
      int worked = w->done - w->passed;
      assert(worked >= 0);
      if (worked > 0 && w->done < w->total) ADD(" ETA %.0f s", st / worked * (w->total - w->done));
      if (w->stage == 4 && w->solving >= 0) ADD(", searching %s", r->g->guesses.w[w->solving]);
    }
    if (brief >= 2) return;
    ADD("; ");
  }
  ADD("%d/%d first guesses settled", done, r->total);
  if (r->resumed) ADD(" (%d resumed)", r->resumed);
  if (r->left_exact) ADD(", %d left to the exact search", r->left_exact);
  ADD(", %d exact", r->exact);
  if (r->none) ADD(" (%d of them none)", r->none);
  if (r->best < OPTLE_INF) ADD(", best %s %d", r->g->guesses.w[r->best_guess], r->best);
  if (brief >= 1) return;
  if (rate >= 1) ADD(", %.1f/s", rate);
  else if (r->settled) ADD(", %.1f s each", el / r->settled);
  ADD(", %.0f s", el);
  if (r->settled && left && !staged) ADD(", ETA %.0f s", left / rate);
#undef ADD
}

/* The progress line: on a terminal the most of it that fits the
 * terminal's width, written over the last one and padded over what is
 * left of it; else (a log) the whole of it as a line of its own. */
static void show_progress(rank_run *r, double t) {
  char b[512];
  if (r->progress == SEARCH_PROGRESS_LINES) {
    progress_text(r, t, 0, b, sizeof b);
    fprintf(stderr, "optle: %s\n", b);
    fflush(stderr);
    return;
  }
  int cols = stderr_cols(), len = 0;
  for (int brief = 0; brief <= 2; brief++) {
    progress_text(r, t, brief, b, sizeof b);
    if ((len = (int)strlen(b)) < cols) break;
  }
  if (len > cols - 1) b[len = cols - 1] = '\0';
  fprintf(stderr, "\r%s%*s", b, r->shown > len ? r->shown - len : 0, "");
  r->shown = len;
  fflush(stderr);
}

/* Is the line due at t?  On a terminal every PROGRESS_INTERVAL seconds,
 * or at once for news; as lines (a log: rank_run.h) none in the run's
 * first PROGRESS_LINES_AFTER seconds, then one for news, and else
 * whenever the run's time has doubled since the last, or
 * PROGRESS_LINES_GAP seconds have passed: a few lines for a short run,
 * and a steady pulse for a ranking of hours. */
static bool progress_due(rank_run *r, double t, bool news) {
  if (r->progress == SEARCH_PROGRESS_TERMINAL) {
    if (!news && t - r->last < PROGRESS_INTERVAL) return false;
    r->last = t;
    return true;
  }
  double run = t - r->t0;
  if (r->progress != SEARCH_PROGRESS_LINES || run < PROGRESS_LINES_AFTER) return false;
  if (!news && run < r->next_line) return false;
  r->next_line = run + (run < PROGRESS_LINES_GAP ? run : PROGRESS_LINES_GAP);
  return true;
}

/* Where the ranking is (search.h), for the progress line. */
/* The tally of a first guess's stage (search_first_value.stage), NULL
 * for none (0: given in the resumed lines). */
static rank_stage *stage_of(rank_run *r, int stage) {
  return stage >= 1 && stage <= 4 ? &r->stages[stage] : NULL;
}

void rank_run_where(void *arg, const search_first_where *w) {
  rank_run *r = arg;
  double t = now_seconds();
  rank_stage *st = stage_of(r, w->stage);
  assert(st); /* the ranking's stages are 1 to 4 */
  if (!st->reached) {
    st->reached = true, st->began = t;
  } else if (w->done == 0 && w->solving < 0) { /* the stage runs again: stage 1's next
                                                * round, or stage 4 after a resume's probe */
    st->done0 = st->done, st->passed0 = st->passed, st->busy0 = st->busy;
    st->wall0 = st->wall, st->began = t; /* the stages between are not its time */
  }
  st->done = st->done0 + w->done, st->passed = st->passed0 + w->passed;
  st->busy = st->busy0 + w->busy, st->wall = st->wall0 + (t - st->began);
  if (w->stage != r->at.stage || w->done == 0) r->stage_t0 = t;
  /* Shown at once: a new stage, or stage 1's next solve; stage 4 at its
   * first deal, naming the first guess searched (a resume's --probe is
   * one), but not at each: a table's stage 4 deals thousands. */
  bool news = w->stage == 4 ? w->solving >= 0 && (r->at.stage != 4 || r->at.solving < 0)
                            : w->stage != r->at.stage ||
                                  (w->stage == 1 && w->solving != r->at.solving);
  bool start = w->done == 0 && r->progress == SEARCH_PROGRESS_TERMINAL; /* a stage's 0/N */
  r->at = *w;
  /* Only while stage 4 runs: a resume's --probe search (stage 4's) comes
   * before stage 3 goes on, whose memo holds bounds not worth saving. */
  atomic_store(&r->in_stage4, w->stage == 4);
  if (progress_due(r, t, news || start)) show_progress(r, t);
}

/* A line could not be appended (rc -1): what is found from now could
 * not be kept, so the run stops (status 2). */
static void appended(rank_run *r, int rc) {
  if (!rc) return;
  r->write_failed = true;
  snprintf(r->why, sizeof r->why, "%s", err_msg());
  stop_request();
}

/* A first guess settled: counted, appended to the checkpoint, shown. */
void rank_run_settled(void *arg, const search_first_value *v) {
  rank_run *r = arg;
  r->settled++;
  rank_stage *st = stage_of(r, v->stage);
  if (st) st->settled++;
  settled_lower(r, v->guess);
  count_exact(r, v);
  if (r->ck && !r->write_failed)
    appended(r, ckpt_append(r->ck, v->guess, v->value, v->exact, v->seconds, v->stage));
  double t = now_seconds();
  if (progress_due(r, t, r->resumed + r->settled == r->total)) show_progress(r, t);
}

/* A first guess left to the exact search, with its bound: a lower line. */
void rank_run_lower(void *arg, const search_first_value *v) {
  rank_run *r = arg;
  mark_lower(r, v->guess);
  rank_stage *st = stage_of(r, v->stage);
  if (st) st->lower++;
  if (r->ck && !r->write_failed)
    appended(r, ckpt_append_lower(r->ck, v->guess, v->value, v->seconds, v->stage));
}

void rank_run_print_stages(FILE *out, const rank_run *r) {
  static const char *const name[5] = {"", "1 exact solves (the cutoff)", "2 L0 and L1 bounds",
                                      "3 L2 and L3 bounds", "4 exact search"};
  fprintf(out, "ranking by stage: %d first guesses, %d resumed, %d settled now\n", r->total,
          r->resumed, r->settled);
  fprintf(out, "  %-28s %7s %7s %7s %6s %10s %9s\n", "stage", "groups", "worked", "settled",
          "lower", "threads s", "wall s");
  for (int i = 1; i <= 4; i++) {
    const rank_stage *st = &r->stages[i];
    if (!st->reached) {
      fprintf(out, "  %-28s %7s\n", name[i], "not run");
      continue;
    }
    assert(st->passed <= st->done && st->busy >= 0);
    fprintf(out, "  %-28s %7d %7d %7d %6d %10.2f %9.2f\n", name[i], st->done,
            st->done - st->passed, st->settled, st->lower, st->busy, st->wall);
  }
}

/* ------------------------------------------------------------------ */
/* The memo beside the checkpoint (rank_run.h, memo_file.h).            */

struct memo_saver {
  pthread_t t;
  pthread_mutex_t mu;
  pthread_cond_t cv; /* waits on CLOCK_MONOTONIC, as now_seconds() */
  bool quit;
  rank_run *r;
  memo *m;
};

/* Save the memo's records; a failure is said, and the run goes on
 * (the checkpoint still keeps what it settles). */
static void memo_save(rank_run *r, memo *m, bool say) {
  long n = 0;
  if (memo_file_save(m, r->memo_path, r->memo_id, MEMO_SAVE_MIN, &n))
    err_note("%s (the memo is not saved; the checkpoint is)", err_msg());
  else if (say)
    err_note("saved %ld memo records to %s", n, r->memo_path);
}

static void *saver_main(void *arg) {
  struct memo_saver *v = arg;
  pthread_mutex_lock(&v->mu);
  while (!v->quit) {
    struct timespec until = clock_deadline(now_seconds() + MEMO_SAVE_S);
    while (!v->quit && pthread_cond_timedwait(&v->cv, &v->mu, &until) != ETIMEDOUT) {
    }
    if (v->quit) break;
    pthread_mutex_unlock(&v->mu);
    if (atomic_load(&v->r->in_stage4) && !stop_requested()) memo_save(v->r, v->m, false);
    pthread_mutex_lock(&v->mu);
  }
  pthread_mutex_unlock(&v->mu);
  return NULL;
}

/* A memo file the memo cannot hold with room to spare (docs/rank.md,
 * "The memo beside it": at least twice the file): the file more than half
 * the records' room, or 1% of its records or more evicted as it was read
 * (fewer are buckets filled by chance).  What does not fit is evicted, a
 * slower search, never a wrong one: said, with a --memo-mb that holds it
 * (twice the file). */
static void memo_fit_note(const char *path, memo *m, uint64_t ev0, long n) {
  memo_stats st;
  memo_get_stats(m, &st);
  uint64_t ev = st.evictions - ev0;
  struct stat sb;
  if (n <= 0 || stat(path, &sb)) return;
  uint64_t size = (uint64_t)sb.st_size;
  if (ev * 100 < (uint64_t)n && size * 2 <= st.capacity) return;
  long mb = (long)((size * 2 + (1u << 20) - 1) >> 20);
  err_note("%s: %.1f MB, %ld records, is more than the memo holds with room to spare (%.1f MB; "
           "%llu evicted as it was read): a slower search, not a wrong one; --memo-mb %ld or "
           "more holds it",
           path, (double)size / 1e6, n, (double)st.capacity / 1e6, (unsigned long long)ev, mb);
}

int rank_run_memo_begin(rank_run *r, search *s) {
  if (!r->ck) return 0;
  size_t len = strlen(r->path);
  r->memo_path = xmalloc(len + sizeof ".memo");
  memcpy(r->memo_path, r->path, len);
  memcpy(r->memo_path + len, ".memo", sizeof ".memo");
  long n = 0;
  memo_stats st;
  memo_get_stats(search_memo(s), &st);
  int rc = memo_file_load(search_memo(s), r->memo_path, r->memo_id, r->g->n_answers, &n);
  if (rc < 0) {
    err_say("%s (remove it to resume without it)", err_msg());
    return EXIT_USAGE;
  }
  if (rc == 0) {
    err_note("resumed %ld memo records from %s", n, r->memo_path);
    memo_fit_note(r->memo_path, search_memo(s), st.evictions, n);
  }
  struct memo_saver *v = xcalloc(1, sizeof *v);
  v->r = r, v->m = search_memo(s);
  pthread_mutex_init(&v->mu, NULL);
  /* No thread (or no clock for it): no periodic saves; a stop still
   * saves (below). */
  bool cv = !clock_cond_init(&v->cv);
  if (!cv || pthread_create(&v->t, NULL, saver_main, v)) {
    if (cv) pthread_cond_destroy(&v->cv);
    pthread_mutex_destroy(&v->mu);
    v->quit = true;
  }
  r->saver = v;
  return 0;
}

void rank_run_memo_end(rank_run *r, bool finished) {
  struct memo_saver *v = r->saver;
  if (!v) return;
  if (!v->quit) {
    pthread_mutex_lock(&v->mu);
    v->quit = true;
    pthread_cond_signal(&v->cv);
    pthread_mutex_unlock(&v->mu);
    pthread_join(v->t, NULL);
    pthread_cond_destroy(&v->cv);
    pthread_mutex_destroy(&v->mu);
  }
  if (finished) {
    if (remove(r->memo_path) && errno != ENOENT)
      err_note("%s: %s (no longer needed: every first guess is settled)", r->memo_path,
               strerror(errno));
  } else if (!r->write_failed && atomic_load(&r->in_stage4)) {
    memo_save(r, v->m, true); /* stopped in stage 4 (before it, the memo is stage 3's bounds) */
  }
  free(v);
  r->saver = NULL;
  free(r->memo_path);
  r->memo_path = NULL;
}
