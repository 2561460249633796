/*
 * check_api.c: the public C API (include/optle.h), from the outside: a
 * program's view of it, through optle.h alone (and err.h for the trap).
 *
 * Values are checked against what the CLI prints for the same lists
 * (tests/cli_api.sh and python/tests compare the two end to end); here
 * the contract: statuses and their messages, results and their trees
 * (sums at every node, the walk, every export format read back by
 * optle_verify()), a stop from the progress callback and from the time
 * limit, and the trap that turns a fatal error into a status.  The
 * repeated solves are for the sanitizer tier: LeakSanitizer ends the
 * test with an error if any call leaks.
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "optle.h"
#include "suites.h"

static optle_game *named(const char *list) {
  optle_game *g = NULL;
  ck_assert_int_eq(optle_game_named(list, &g), OPTLE_OK);
  ck_assert_ptr_nonnull(g);
  return g;
}

/* n and total add up at every node, and every answer ends once. */
static int walk(const optle_result *r, const optle_node *n, int depth, int *ends) {
  int below = 0, sum = 0;
  char pat[6];
  for (int i = 0; i < optle_node_branches(n); i++) {
    const optle_node *k = optle_node_child(n, i);
    ck_assert_ptr_eq(optle_node_follow(n, optle_node_pattern(n, i, pat)), k);
    below += optle_node_answers(k);
    sum += walk(r, k, depth + 1, ends);
  }
  ck_assert_int_eq(optle_node_wins(n), below < optle_node_answers(n));
  *ends += optle_node_wins(n);
  ck_assert_int_eq(optle_node_total(n), optle_node_answers(n) + sum);
  ck_assert_ptr_nonnull(optle_node_guess(r, n));
  return optle_node_total(n);
}

START_TEST(test_solve_small) {
  optle_game *g = named("small");
  ck_assert_int_eq(optle_game_answers(g), 50);
  ck_assert_str_eq(optle_game_describe(g), "small (50 answers, 50 guesses)");
  optle_result *r = NULL;
  ck_assert_int_eq(optle_solve(g, NULL, &r), OPTLE_OK);
  ck_assert_int_eq(optle_result_total(r), 120);
  ck_assert_int_eq(optle_result_lower_bound(r), 120);
  ck_assert(optle_result_proven(r));
  ck_assert_str_eq(optle_result_first(r), "agent");
  int dist[8] = {0}, most = optle_result_distribution(r, dist, 8), sum = 0;
  ck_assert_int_eq(most, 3);
  for (int k = 1; k <= most; k++) sum += k * dist[k];
  ck_assert_int_eq(sum, 120);
  int ends = 0;
  ck_assert_int_eq(walk(r, optle_result_root(r), 0, &ends), 120);
  ck_assert_int_eq(ends, 50);
  ck_assert_ptr_null(optle_node_follow(optle_result_root(r), "not a pattern"));
  /* The result keeps its game: its words outlive optle_game_free(). */
  optle_game_free(g);
  ck_assert_str_eq(optle_node_guess(r, optle_result_root(r)), "agent");
  optle_result_free(r);
}
END_TEST

/* Every format export writes; the ones verify reads, read back whole. */
START_TEST(test_export_formats) {
  static const char *const fmts[] = {"json", "text", "paths", "cpaths", "map", "mjs", "dot",
                                     "html"};
  optle_game *g = named("small");
  optle_result *r = NULL;
  optle_solve_opts o;
  optle_solve_opts_init(&o);
  o.first = "SCION"; /* any case, as the CLI takes it */
  ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_OK);
  ck_assert_str_eq(optle_result_first(r), "scion");
  char dir[] = "/tmp/optle-api-XXXXXX", path[64];
  ck_assert_ptr_nonnull(mkdtemp(dir));
  for (int i = 0; i < 8; i++) {
    char *data = NULL;
    size_t len = 0;
    ck_assert_int_eq(optle_export(r, fmts[i], &data, &len), OPTLE_OK);
    ck_assert_uint_gt(len, 0);
    optle_free(data);
    if (i >= 6) continue; /* pictures: written, never read */
    snprintf(path, sizeof path, "%s/t.%s", dir, fmts[i]);
    ck_assert_int_eq(optle_write(r, path, fmts[i]), OPTLE_OK);
    optle_result *v = NULL;
    ck_assert_msg(optle_verify(g, path, -1, &v) == OPTLE_OK, "%s: %s", fmts[i], optle_errmsg());
    ck_assert_int_eq(optle_result_total(v), optle_result_total(r));
    ck_assert_uint_eq(optle_result_hash(v), optle_result_hash(r));
    optle_result_free(v);
    unlink(path);
  }
  ck_assert_int_eq(optle_export(r, "yaml", &(char *){NULL}, NULL), OPTLE_EINPUT);
  ck_assert_ptr_nonnull(strstr(optle_errmsg(), "--format 'yaml': unknown format"));
  /* The library installs no signal handler (optle.h), not even for its
   * writes' temporary files: SIGTERM is still at its default. */
  signal(SIGTERM, SIG_DFL);
  snprintf(path, sizeof path, "%s/t.json", dir);
  ck_assert_int_eq(optle_write(r, path, "json"), OPTLE_OK);
  struct sigaction now;
  ck_assert_int_eq(sigaction(SIGTERM, NULL, &now), 0);
  ck_assert_msg(now.sa_handler == SIG_DFL, "optle_write() left a SIGTERM handler");
  unlink(path);
  ck_assert_int_eq(optle_write(r, "", "json"), OPTLE_EINPUT); /* said "No such file" */
  ck_assert_str_eq(optle_errmsg(), "an empty file name: give the file to write");
  snprintf(path, sizeof path, "%s/t.unknown", dir);
  ck_assert_int_eq(optle_write(r, path, NULL), OPTLE_EINPUT);
  ck_assert_ptr_nonnull(strstr(optle_errmsg(), "unknown tree format"));
  rmdir(dir);
  optle_result_free(r);
  optle_game_free(g);
}
END_TEST

START_TEST(test_errors) {
  optle_game *g = NULL;
  ck_assert_int_eq(optle_game_named("nope", &g), OPTLE_EINPUT);
  ck_assert_ptr_null(g);
  ck_assert_ptr_nonnull(strstr(optle_errmsg(), "--list 'nope': unknown list"));
  const char *bad[] = {"crane", "cr4ne"};
  ck_assert_int_eq(optle_game_words(bad, 2, NULL, 0, &g), OPTLE_EINPUT);
  ck_assert_ptr_nonnull(strstr(optle_errmsg(), "answers:2:"));
  const char *ans[] = {"crane", "slate"}, *gs[] = {"crane"};
  ck_assert_int_eq(optle_game_words(ans, 2, gs, 1, &g), OPTLE_EINPUT);
  ck_assert_ptr_nonnull(strstr(optle_errmsg(), "is not in the guess list"));
  g = named("small");
  ck_assert_int_eq(optle_game_set_rules(g, "weird"), OPTLE_EINPUT);
  ck_assert_int_eq(optle_game_set_max_guesses(g, 255), OPTLE_EINPUT);
  optle_result *r = NULL;
  optle_solve_opts o;
  optle_solve_opts_init(&o);
  o.first = "xyzzy";
  ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_EINPUT);
  ck_assert_str_eq(optle_errmsg(), "--first 'xyzzy': not in the guess list wordlists/small.txt");
  o.first = NULL;
  o.objective = "best";
  ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_EINPUT);
  ck_assert_int_eq(optle_game_set_max_guesses(g, 2), OPTLE_OK);
  o.objective = NULL;
  ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_EFAIL);
  ck_assert_ptr_null(r);
  ck_assert_str_eq(optle_errmsg(), "list small (50 answers, 50 guesses): no strategy solves "
                                   "every answer within 2 guesses");
  ck_assert_str_eq(optle_status_name(OPTLE_EFAIL), "OPTLE_EFAIL");
  optle_game_free(g);
}
END_TEST

START_TEST(test_words_hard) {
  const char *ans[] = {"crane", "slate", "trace", "crate", "grace"};
  optle_game *g = NULL;
  ck_assert_int_eq(optle_game_words(ans, 5, NULL, 0, &g), OPTLE_OK);
  ck_assert_int_eq(optle_game_set_rules(g, "hard"), OPTLE_OK);
  ck_assert_str_eq(optle_game_rules(g), "hard");
  optle_result *r = NULL;
  ck_assert_int_eq(optle_solve(g, NULL, &r), OPTLE_OK);
  ck_assert_int_ge(optle_result_total(r), 5 + 4);
  ck_assert_int_eq(optle_result_answers(r), 5);
  ck_assert_str_eq(optle_result_rules(r), "hard");
  ck_assert_int_eq(optle_result_max_guesses(r), 6);
  ck_assert_str_eq(optle_result_objective(r), "total");
  optle_result_free(r);
  optle_game_free(g);
}
END_TEST

/* A verified tree's rules, limit and objective are its own, not its
 * game's: a hard "worst" tree with a limit of 7, read with a normal game
 * of limit 6, holds to hard, 7 and worst (the file's), or to the limit
 * the call gives. */
START_TEST(test_verify_keeps_the_tree_rules) {
  const char *ans[] = {"crane", "slate", "trace", "crate", "grace", "brace"};
  optle_game *g = NULL, *plain = NULL;
  ck_assert_int_eq(optle_game_words(ans, 6, NULL, 0, &g), OPTLE_OK);
  ck_assert_int_eq(optle_game_set_rules(g, "hard"), OPTLE_OK);
  ck_assert_int_eq(optle_game_set_max_guesses(g, 7), OPTLE_OK);
  optle_solve_opts o;
  optle_solve_opts_init(&o);
  o.objective = "worst";
  optle_result *r = NULL, *v = NULL;
  ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_OK);
  ck_assert_int_eq(optle_result_max_guesses(r), 7);
  char dir[] = "/tmp/optle-api-XXXXXX", path[64];
  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/t.json", dir);
  ck_assert_int_eq(optle_write(r, path, NULL), OPTLE_OK);
  ck_assert_int_eq(optle_game_words(ans, 6, NULL, 0, &plain), OPTLE_OK);
  ck_assert_int_eq(optle_verify(plain, path, -1, &v), OPTLE_OK);
  ck_assert_str_eq(optle_game_rules(plain), "normal");
  ck_assert_str_eq(optle_result_rules(v), "hard");
  ck_assert_int_eq(optle_result_max_guesses(v), 7);
  ck_assert_str_eq(optle_result_objective(v), "worst");
  optle_result_free(v);
  ck_assert_int_eq(optle_verify(plain, path, 5, &v), OPTLE_OK);
  ck_assert_int_eq(optle_result_max_guesses(v), 5);
  optle_result_free(v);
  ck_assert_str_eq(optle_result_rules(NULL), "");
  unlink(path);
  rmdir(dir);
  optle_result_free(r);
  optle_game_free(plain);
  optle_game_free(g);
}
END_TEST

/* The first "a total to beat: solving WORD" phase a progress call saw
 * (solve's probe), then a stop. */
typedef struct {
  char first[6];
} probe_phase;
static int see_probe_phase(const optle_progress *p, void *arg) {
  probe_phase *pp = arg;
  const char *at = strstr(p->phase, "a total to beat: solving ");
  if (!at) return 0;
  snprintf(pp->first, sizeof pp->first, "%.5s", at + 25);
  return 1;
}

/* The probe (solve's and rank's --probe, added after 0.10.0): the root
 * proof solves it first, and its progress names it (on nyt-2022-02
 * POPPY's solve lasts seconds, and the call stops there).  The greedy
 * seed and the scan before it take a second in the plain build and a
 * minute under AddressSanitizer, whose run leaves the test to the plain
 * one: under the sanitizers check_search.c's
 * test_stop_in_probe_keeps_seed still stops a probe's solve. */
START_TEST(test_probe_in_progress) {
  if (TEST_SAN) return;
  optle_game *g = named("nyt-2022-02");
  optle_solve_opts o;
  optle_solve_opts_init(&o);
  probe_phase pp = {""};
  o.progress = see_probe_phase, o.progress_arg = &pp, o.progress_interval = 0.01;
  o.threads = 1, o.probe = "poppy";
  optle_result *r = NULL;
  ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_ESTOPPED);
  ck_assert_str_eq(pp.first, "poppy");
  /* Stopped before any tree: the best total found is the greedy
   * strategy's, as the CLI's "best found 7998 ... the greedy entropy
   * strategy" (not -1), not proven, with no tree. */
  ck_assert_int_eq(optle_result_total(r), 7998);
  ck_assert_int_eq(optle_result_proven(r), 0);
  ck_assert_ptr_null(optle_result_root(r));
  optle_result_free(r);
  optle_game_free(g);
}
END_TEST

/* The probe changes nothing else (the large list's root proof and top
 * ranking); each refusal the CLI makes; an older caller's struct, which
 * ends before the field, is read without it. */
START_TEST(test_probe) {
  optle_game *g = named("large");
  optle_solve_opts o;
  optle_solve_opts_init(&o);
  optle_result *r0 = NULL, *r1 = NULL;
  ck_assert_int_eq(optle_solve(g, &o, &r0), OPTLE_OK);
  o.probe = "poppy";
  ck_assert_int_eq(optle_solve(g, &o, &r1), OPTLE_OK);
  ck_assert_int_eq(optle_result_total(r1), optle_result_total(r0));
  ck_assert_str_eq(optle_result_first(r1), optle_result_first(r0));
  ck_assert(optle_result_hash(r1) == optle_result_hash(r0) && optle_result_hash(r0));
  optle_result_free(r0), optle_result_free(r1);
  o.probe = "xyzzy";
  ck_assert_int_eq(optle_solve(g, &o, &r1), OPTLE_EINPUT);
  ck_assert_str_eq(optle_errmsg(), "--probe 'xyzzy': not in the guess list wordlists/large.txt");
  o.first = "slate", o.probe = "poppy";
  ck_assert_int_eq(optle_solve(g, &o, &r1), OPTLE_EINPUT);
  ck_assert_str_eq(optle_errmsg(), "--probe is the root proof's: with --first there is none");
  o.size = offsetof(optle_solve_opts, probe), o.first = NULL, o.probe = "xyzzy";
  ck_assert_int_eq(optle_solve(g, &o, &r1), OPTLE_OK);
  optle_result_free(r1);
  o.size = sizeof o - 4; /* half of the probe's pointer */
  ck_assert_int_eq(optle_solve(g, &o, &r1), OPTLE_EINPUT);
  ck_assert_ptr_nonnull(strstr(optle_errmsg(), "not the size of any version's options"));

  optle_rank_opts ro;
  optle_rank_opts_init(&ro);
  ro.top = 1;
  optle_ranking *k0 = NULL, *k1 = NULL;
  ck_assert_int_eq(optle_rank(g, &ro, &k0), OPTLE_OK);
  ro.probe = "poppy";
  ck_assert_int_eq(optle_rank(g, &ro, &k1), OPTLE_OK);
  ck_assert_int_eq(optle_ranking_count(k1), optle_ranking_count(k0));
  ck_assert_int_eq(optle_ranking_cutoff(k1), optle_ranking_cutoff(k0));
  for (int i = 0; i < optle_ranking_count(k0); i++) {
    ck_assert_str_eq(optle_ranking_guess(k1, i), optle_ranking_guess(k0, i));
    ck_assert_int_eq(optle_ranking_value(k1, i), optle_ranking_value(k0, i));
    ck_assert_int_eq(optle_ranking_exact(k1, i), optle_ranking_exact(k0, i));
  }
  optle_ranking_free(k0), optle_ranking_free(k1);
  ro.top = 0;
  ck_assert_int_eq(optle_rank(g, &ro, &k1), OPTLE_EINPUT);
  ck_assert_str_eq(optle_errmsg(), "--probe goes with --top N (its first stage's exact solves)");
  ro.top = 1, ro.words = (const char *const[]){"slate", "toast"}, ro.nwords = 2;
  ck_assert_int_eq(optle_rank(g, &ro, &k1), OPTLE_EINPUT);
  ck_assert_str_eq(optle_errmsg(), "--probe 'poppy': not among the words ranked");
  ro.probe = "toast";
  ck_assert_int_eq(optle_rank(g, &ro, &k1), OPTLE_OK);
  ck_assert_int_eq(optle_ranking_count(k1), 2);
  optle_ranking_free(k1);
  optle_game_free(g);
}
END_TEST

START_TEST(test_next_and_rank) {
  optle_game *g = named("small");
  const char *h[] = {"agent:BBYBY"};
  optle_advice *a = NULL;
  ck_assert_int_eq(optle_next(g, h, 1, NULL, &a), OPTLE_OK);
  ck_assert_int_eq(optle_advice_answers(a), 3);
  ck_assert_str_eq(optle_advice_guess(a), "lefty");
  ck_assert_int_eq(optle_advice_total(a), 5);
  ck_assert_str_eq(optle_advice_source(a), "search");
  ck_assert_int_eq(optle_advice_ranked(a), 5);
  optle_advice_free(a);
  const char *won[] = {"agent:BBYBY", "lefty:GGGGG"};
  ck_assert_int_eq(optle_next(g, won, 2, NULL, &a), OPTLE_OK);
  ck_assert(optle_advice_solved(a));
  ck_assert_ptr_null(optle_advice_guess(a));
  ck_assert_int_eq(optle_advice_made(a), 2);
  ck_assert_int_eq(optle_advice_left(a), 4); /* it said 0, "no limit" */
  optle_advice_free(a);
  const char *bad[] = {"agent:BBQBY"};
  ck_assert_int_eq(optle_next(g, bad, 1, NULL, &a), OPTLE_EINPUT);
  ck_assert_ptr_nonnull(strstr(optle_errmsg(), "'agent:BBQBY'"));
  /* An empty step is named by its place in the array, not as the
   * command line's "argument 2 of the game". */
  const char *blank[] = {"agent:BBYBY", " "};
  ck_assert_int_eq(optle_next(g, blank, 2, NULL, &a), OPTLE_EINPUT);
  ck_assert_msg(strstr(optle_errmsg(), "' ' (history[1]): an empty word") != NULL, "%s",
                optle_errmsg());
  optle_rank_opts ro;
  optle_rank_opts_init(&ro);
  ro.top = 3;
  optle_ranking *k = NULL;
  ck_assert_int_eq(optle_rank(g, &ro, &k), OPTLE_OK);
  ck_assert_int_eq(optle_ranking_count(k), 50);
  ck_assert_int_eq(optle_ranking_cutoff(k), 121);
  ck_assert_str_eq(optle_ranking_guess(k, 0), "agent");
  ck_assert_int_eq(optle_ranking_value(k, 0), 120);
  ck_assert(optle_ranking_exact(k, 3) && !optle_ranking_exact(k, 4));
  optle_ranking_free(k);
  ro.top = 0;
  ro.words = (const char *const[]){"agent", "zzzzz"};
  ro.nwords = 2;
  ck_assert_int_eq(optle_rank(g, &ro, &k), OPTLE_EINPUT);
  ck_assert_ptr_nonnull(strstr(optle_errmsg(), "'zzzzz': not in the guess list"));
  optle_game_free(g);
}
END_TEST

START_TEST(test_verify_bad) {
  optle_game *g = named("small");
  optle_result *r = NULL;
  char path[] = "/tmp/optle-api-tree-XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  /* Well formed, but two answers are missing: invalid (status 1). */
  const char *tree = "agent BBBBB1 chill GGGGG2\n";
  ck_assert_int_eq(write(fd, tree, strlen(tree)), (int)strlen(tree));
  close(fd);
  ck_assert_int_eq(optle_verify(g, path, -1, &r), OPTLE_EFAIL);
  ck_assert_ptr_null(r);
  ck_assert_ptr_nonnull(strstr(optle_errmsg(), path));
  FILE *fp = fopen(path, "w");
  fputs("\x01junk", fp);
  fclose(fp);
  ck_assert_int_eq(optle_verify(g, path, -1, &r), OPTLE_EINPUT);
  unlink(path);
  ck_assert_int_eq(optle_verify(g, path, -1, &r), OPTLE_EINPUT);
  optle_game_free(g);
}
END_TEST

#define OPTLE_HUGE INFINITY

static double cpu_seconds(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return (double)u.ru_utime.tv_sec + (double)u.ru_stime.tv_sec +
         ((double)u.ru_utime.tv_usec + (double)u.ru_stime.tv_usec) * 1e-6;
}

static int never_stop(const optle_progress *p, void *arg) {
  (void)p;
  (*(int *)arg)++;
  return 0;
}

/* The CPU seconds of a one-thread solve of original with SALET. */
static double solve_cpu(optle_game *g, optle_progress_fn fn, void *arg, double interval,
                        double limit) {
  optle_solve_opts o;
  optle_solve_opts_init(&o);
  o.first = "salet";
  o.threads = 1;
  o.progress = fn;
  o.progress_arg = arg;
  o.progress_interval = interval;
  o.time_limit = limit;
  optle_result *r = NULL;
  double t = cpu_seconds();
  ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_OK);
  t = cpu_seconds() - t;
  ck_assert(optle_result_proven(r));
  optle_result_free(r);
  return t;
}

/* A time limit and an interval beyond any clock (infinity) mean none,
 * and the monitor sleeps through them: it once woke at once for ever (a
 * deadline past time_t's range), a core's worth of CPU beside the search,
 * which a one-thread solve's CPU time shows (against the same solve with
 * no monitor; the table is built by the first).  Negative and NaN ones
 * are refused. */
START_TEST(test_huge_limits) {
  optle_game *g = named("original");
  int calls = 0;
  /* Under the sanitizers (CI's 15 minutes) one solve: it returns, proven
   * (the spinning monitor also held its lock: the call never returned). */
  bool measure = !(TEST_ASAN || TEST_TSAN);
  if (measure) solve_cpu(g, NULL, NULL, 0.25, 0);
  double plain = measure ? solve_cpu(g, NULL, NULL, 0.25, 0) : 0;
  double huge = solve_cpu(g, never_stop, &calls, OPTLE_HUGE, OPTLE_HUGE);
  ck_assert_msg(!measure || huge < plain * 1.3 + 0.05, "CPU %.2f s with the monitor, %.2f s without",
                huge, plain);
  ck_assert_int_eq(calls, 0);
  if (measure) huge = solve_cpu(g, never_stop, &calls, 0.25, OPTLE_HUGE);
  ck_assert_msg(!measure || huge < plain * 1.3 + 0.05, "CPU %.2f s with a limit, %.2f s without",
                huge, plain);
  optle_solve_opts o;
  optle_solve_opts_init(&o);
  optle_result *r = NULL;
  double bad[] = {-1, NAN};
  for (int i = 0; i < 4; i++) {
    optle_solve_opts_init(&o);
    *(i < 2 ? &o.time_limit : &o.progress_interval) = bad[i % 2];
    ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_EINPUT);
    ck_assert_ptr_null(r);
  }
  optle_game_free(g);
}
END_TEST

static int stop_at_once(const optle_progress *p, void *arg) {
  (void)p;
  (*(int *)arg)++;
  return 1;
}

/* A stop once the proof is done and its tree is being built (a review
 * found the message "before the proof finished" there, and read that
 * the total could be the optimum's while the tree kept was the probe's):
 * random 100-answer games of the large list until one is stopped in that
 * phase (the monitor's timing decides which; one in about 40). */
static int stop_building(const optle_progress *p, void *arg) {
  if (!strstr(p->phase, "proven best: building")) return 0;
  *(int *)arg = 1;
  return 1;
}

START_TEST(test_stop_after_proof) {
  optle_game *L = named("large");
  int ng = optle_game_guesses(L), hits = 0;
  const char **gw = malloc(sizeof *gw * (size_t)ng), *aw[100];
  for (int i = 0; i < ng; i++) gw[i] = optle_game_guess(L, i);
  uint32_t x = 12345;
  for (int t = 0; t < 400 && hits < 2; t++) {
    char *used = calloc((size_t)ng, 1);
    for (int n = 0; n < 100;) {
      x = x * 1103515245u + 12345u;
      int k = (int)((x >> 8) % (uint32_t)ng);
      if (!used[k]) used[k] = 1, aw[n++] = gw[k];
    }
    free(used);
    optle_game *g = NULL;
    ck_assert_int_eq(optle_game_words(aw, 100, gw, ng, &g), OPTLE_OK);
    optle_solve_opts o;
    optle_solve_opts_init(&o);
    int hit = 0;
    o.progress = stop_building, o.progress_arg = &hit, o.progress_interval = 1e-9, o.threads = 2;
    optle_result *r = NULL;
    int rc = optle_solve(g, &o, &r);
    if (hit && rc == OPTLE_ESTOPPED) {
      hits++;
      ck_assert_msg(strstr(optle_errmsg(), "after the proof"), "%s", optle_errmsg());
      const optle_node *root = optle_result_root(r);
      if (root) {
        ck_assert_int_eq(optle_result_total(r), optle_node_total(root));
        ck_assert(!optle_result_proven(r));
      } else {
        ck_assert(optle_result_proven(r));
        ck_assert_int_eq(optle_result_total(r), optle_result_lower_bound(r));
      }
      ck_assert_int_ge(optle_result_total(r), optle_result_lower_bound(r));
    }
    optle_result_free(r);
    optle_game_free(g);
  }
  if (!hits) fprintf(stderr, "api: no solve stopped while building its tree (timing): nothing tested\n");
  free(gw);
  optle_game_free(L);
}
END_TEST

/* A progress callback that starts a search is refused (it waited for
 * ever: the lock its caller's search holds), and the search goes on. */
static int search_from_callback(const optle_progress *p, void *arg) {
  (void)p;
  int *rc = arg;
  if (rc[0] < 0) {
    optle_game *g = NULL;
    optle_result *r = NULL;
    optle_advice *a = NULL;
    optle_ranking *k = NULL;
    ck_assert_int_eq(optle_game_named("small", &g), OPTLE_OK);
    rc[0] = optle_solve(g, NULL, &r);
    rc[1] = optle_next(g, NULL, 0, NULL, &a);
    rc[2] = optle_rank(g, NULL, &k);
    ck_assert_ptr_null(r);
    optle_game_free(g);
  }
  return 0;
}

#ifdef __linux__
/* The runner is linked with -Wl,--wrap=pthread_create (Makefile,
 * TEST_WRAP): the library's own calls of pthread_create() come here,
 * and fail while fail_threads is set (OpenMP's threads, made inside
 * libgomp, never do). */
static atomic_int fail_threads;
int __real_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg);
int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg);
int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg) {
  if (atomic_load(&fail_threads)) return EAGAIN;
  return __real_pthread_create(t, a, fn, arg);
}

/* A time limit or a callback whose thread cannot start: the call fails
 * (OPTLE_ENOMEM), never a search that runs with neither; one that needs
 * no such thread runs; the library is usable after. */
START_TEST(test_monitor_thread_fails) {
  optle_game *g = named("small");
  optle_solve_opts o;
  optle_solve_opts_init(&o);
  o.time_limit = 30;
  optle_result *r = NULL;
  atomic_store(&fail_threads, 1);
  ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_ENOMEM);
  ck_assert_ptr_null(r);
  ck_assert_msg(strstr(optle_errmsg(), "cannot start the thread that keeps the time limit"), "%s",
                optle_errmsg());
  optle_rank_opts ro;
  optle_rank_opts_init(&ro);
  ro.progress = stop_at_once, ro.top = 1;
  optle_ranking *k = NULL;
  ck_assert_int_eq(optle_rank(g, &ro, &k), OPTLE_ENOMEM);
  ck_assert_ptr_null(k);
  ck_assert_msg(strstr(optle_errmsg(), "the progress callback"), "%s", optle_errmsg());
  optle_solve_opts_init(&o); /* neither: no thread wanted */
  ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_OK);
  ck_assert_int_eq(optle_result_total(r), 120);
  optle_result_free(r);
  atomic_store(&fail_threads, 0);
  o.time_limit = 30;
  ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_OK); /* the lock was released */
  optle_result_free(r);
  optle_game_free(g);
}
END_TEST
#endif

START_TEST(test_search_from_callback) {
  optle_game *g = named("medium");
  optle_solve_opts o;
  optle_solve_opts_init(&o);
  int rc[3] = {-1, -1, -1};
  o.progress = search_from_callback, o.progress_arg = rc, o.progress_interval = 1e-9;
  optle_result *r = NULL;
  ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_OK);
  ck_assert(optle_result_proven(r));
  optle_result_free(r);
  if (rc[0] >= 0) /* the callback ran */
    for (int i = 0; i < 3; i++) ck_assert_int_eq(rc[i], OPTLE_EINPUT);
  optle_game_free(g);
}
END_TEST

/* Array elements a list file would skip (a blank line, a '#' comment)
 * are refused, not dropped: the game's indices are the array's. */
START_TEST(test_words_not_skipped) {
  { /* options never set up by their _init() (size 0) are refused */
    optle_game *s = named("small");
    optle_result *r = NULL;
    optle_ranking *k = NULL;
    optle_advice *a = NULL;
    ck_assert_int_eq(optle_solve(s, &(optle_solve_opts){0}, &r), OPTLE_EINPUT);
    ck_assert_ptr_nonnull(strstr(optle_errmsg(), "optle_solve_opts_init()"));
    ck_assert_int_eq(optle_rank(s, &(optle_rank_opts){0}, &k), OPTLE_EINPUT);
    ck_assert_int_eq(optle_next(s, NULL, 0, &(optle_next_opts){0}, &a), OPTLE_EINPUT);
    ck_assert_ptr_null(r);
    /* Nor is a size below any version's (12 once copied half of `first`,
     * and the solve crashed on the pointer); a larger one (a later
     * version's) is taken. */
    optle_solve_opts o;
    optle_solve_opts_init(&o);
    o.first = "scion";
    o.size = 12;
    ck_assert_int_eq(optle_solve(s, &o, &r), OPTLE_EINPUT);
    ck_assert_ptr_nonnull(strstr(optle_errmsg(), "options of size 12: not the size of any"));
    optle_rank_opts ro;
    optle_rank_opts_init(&ro);
    ro.size = sizeof ro - 1; /* today's, short of its probe: half a pointer */
    ck_assert_int_eq(optle_rank(s, &ro, &k), OPTLE_EINPUT);
    ro.size = offsetof(optle_rank_opts, progress_interval) + sizeof(double) - 1;
    ck_assert_int_eq(optle_rank(s, &ro, &k), OPTLE_EINPUT);
    optle_next_opts no;
    optle_next_opts_init(&no);
    no.size = 1;
    ck_assert_int_eq(optle_next(s, NULL, 0, &no, &a), OPTLE_EINPUT);
    struct {
      optle_solve_opts o;
      int later; /* a field a later version may add */
    } big = {o, 7};
    big.o.size = sizeof big;
    ck_assert_int_eq(optle_solve(s, &big.o, &r), OPTLE_OK);
    ck_assert_str_eq(optle_result_first(r), "scion");
    optle_result_free(r);
    optle_game_free(s);
  }
  const char *h[] = {"#cigar", "rebut"}, *e[] = {"cigar", "", "sissy"}, *b[] = {"cigar", " \t"};
  optle_game *g = (optle_game *)1;
  ck_assert_int_eq(optle_game_words(h, 2, NULL, 0, &g), OPTLE_EINPUT);
  ck_assert_ptr_null(g);
  ck_assert_ptr_nonnull(strstr(optle_errmsg(), "answers:1: not a word"));
  ck_assert_int_eq(optle_game_words(e, 3, NULL, 0, &g), OPTLE_EINPUT);
  ck_assert_ptr_nonnull(strstr(optle_errmsg(), "answers:2: not a word"));
  ck_assert_int_eq(optle_game_words(e, 1, b, 2, &g), OPTLE_EINPUT);
  ck_assert_ptr_nonnull(strstr(optle_errmsg(), "guesses:2: not a word"));
  g = (optle_game *)1;
  ck_assert_int_eq(optle_game_words(NULL, 1, NULL, 0, &g), OPTLE_EINPUT);
  ck_assert_ptr_null(g); /* cleared on every failure */
  g = (optle_game *)1;
  ck_assert_int_eq(optle_game_files(NULL, NULL, &g), OPTLE_EINPUT);
  ck_assert_ptr_null(g);
}
END_TEST

/* Threads writing one path at once: each write is whole (they shared
 * one temporary name, "PATH.optle-tmp.PID", so one could truncate
 * another's or rename it away), and no temporary file is left. */
typedef struct {
  const optle_result *r;
  const char *path;
  int fails;
} writer_arg;

static void *writer(void *p) {
  writer_arg *w = p;
  for (int i = 0; i < 25; i++) w->fails += optle_write(w->r, w->path, "json") != OPTLE_OK;
  return NULL;
}

START_TEST(test_write_concurrent) {
  optle_game *g = named("medium");
  optle_result *r = NULL;
  ck_assert_int_eq(optle_solve(g, NULL, &r), OPTLE_OK);
  char *want = NULL;
  size_t wlen = 0;
  ck_assert_int_eq(optle_export(r, "json", &want, &wlen), OPTLE_OK);
  char dir[] = "/tmp/optle-api-XXXXXX", path[64];
  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/t.json", dir);
  pthread_t th[4];
  writer_arg w[4];
  for (int i = 0; i < 4; i++) {
    w[i] = (writer_arg){r, path, 0};
    ck_assert_int_eq(pthread_create(&th[i], NULL, writer, &w[i]), 0);
  }
  for (int i = 0; i < 4; i++) {
    pthread_join(th[i], NULL);
    ck_assert_int_eq(w[i].fails, 0);
  }
  FILE *fp = fopen(path, "rb");
  ck_assert_ptr_nonnull(fp);
  char *got = malloc(wlen + 2);
  size_t glen = fread(got, 1, wlen + 1, fp);
  fclose(fp);
  ck_assert_uint_eq(glen, wlen);
  ck_assert(!memcmp(got, want, wlen));
  free(got);
  optle_free(want);
  DIR *d = opendir(dir);
  int files = 0;
  for (struct dirent *e; (e = readdir(d));) files += e->d_name[0] != '.';
  closedir(d);
  ck_assert_int_eq(files, 1); /* t.json alone */
  unlink(path);
  rmdir(dir);
  optle_result_free(r);
  optle_game_free(g);
}
END_TEST

/* A stop from the callback, and from the time limit: OPTLE_ESTOPPED
 * with what was proven; then the next solve runs to the end. */
START_TEST(test_stop) {
  optle_game *g = named("large");
  optle_solve_opts o;
  optle_solve_opts_init(&o);
  o.first = "agent"; /* a quick solve first: the table is built, the stop comes in the search */
  optle_result *r = NULL;
  ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_OK);
  optle_result_free(r);
  o.first = NULL;
  int calls = 0;
  o.progress = stop_at_once;
  o.progress_arg = &calls;
  o.progress_interval = 0.001;
  o.threads = 2;
  int rc = optle_solve(g, &o, &r);
  if (rc == OPTLE_OK) { /* the proof beat the first call: nothing to test */
    optle_result_free(r);
    optle_game_free(g);
    return;
  }
  ck_assert_int_eq(rc, OPTLE_ESTOPPED);
  ck_assert_int_eq(calls, 1);
  ck_assert_ptr_nonnull(r);
  ck_assert(!optle_result_proven(r) || !optle_result_root(r));
  ck_assert_ptr_nonnull(strstr(optle_errmsg(), "stopped after"));
  optle_result_free(r);
  o.progress = NULL;
  o.time_limit = 0.001;
  ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_ESTOPPED);
  optle_result_free(r);
  o.time_limit = 0;
  ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_OK);
  ck_assert(optle_result_proven(r));
  optle_result_free(r);
  optle_game_free(g);
}
END_TEST

/* A tree file at path whose header records rec (JSON members, each with
 * its comma), then the keys every tree has. */
static void tree_header(const char *path, const char *rec) {
  FILE *fp = fopen(path, "w");
  ck_assert_ptr_nonnull(fp);
  fprintf(fp, "{%s\"answers\": 1, \"guesses\": 1, \"max_guesses\": 6, \"total\": 1, "
          "\"average\": 1.0, \"tree\": {\"guess\": \"salet\", \"total\": 1}}\n", rec);
  ck_assert_int_eq(fclose(fp), 0);
}

/* optle_game_for_tree(): the lists a tree records, as verify finds
 * them.  A FIFO or a device named as a list file is refused, never
 * waited on (the old reader blocked for a writer); a file in no tree
 * format is refused as verify refuses it, not given the default lists. */
START_TEST(test_game_for_tree) {
  char dir[] = "/tmp/optle-api-XXXXXX", tree[96], fifo[96], words[96], rec[256];
  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(tree, sizeof tree, "%s/t.json", dir);
  snprintf(fifo, sizeof fifo, "%s/fifo", dir);
  snprintf(words, sizeof words, "%s/words.txt", dir);
  ck_assert_int_eq(mkfifo(fifo, 0600), 0);
  FILE *fp = fopen(words, "w");
  ck_assert_ptr_nonnull(fp);
  fputs("salet\ncrane\n", fp);
  ck_assert_int_eq(fclose(fp), 0);
  optle_game *g = NULL;
  static const char *const devices[] = {NULL, "/dev/zero"};
  for (int i = 0; i < 2; i++) {
    snprintf(rec, sizeof rec, "\"answers_file\": \"%s\", ", devices[i] ? devices[i] : fifo);
    tree_header(tree, rec);
    ck_assert_int_eq(optle_game_for_tree(tree, 0, &g), OPTLE_EINPUT);
    ck_assert_ptr_null(g);
    ck_assert_msg(strstr(optle_errmsg(), "t.json records its answers as ") &&
                      strstr(optle_errmsg(), ": not a regular file (give --answers FILE"),
                  "%s", optle_errmsg());
  }
  snprintf(rec, sizeof rec, "\"answers_file\": \"%s\", ", words);
  tree_header(tree, rec);
  ck_assert_int_eq(optle_game_for_tree(tree, 0, &g), OPTLE_OK);
  ck_assert_int_eq(optle_game_answers(g), 2);
  optle_game_free(g);
  static const struct {
    const char *text, *frag;
  } bad[] = {{"", "empty file: no tree"},
             {"\n  \n", "empty file: no tree"},
             {"\n[1, 2]\n", "t.json:2: not a tree file"},
             {"\x89PNG\r\n", "t.json:1: not a tree file"}};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    fp = fopen(tree, "w");
    ck_assert_ptr_nonnull(fp);
    fputs(bad[i].text, fp);
    ck_assert_int_eq(fclose(fp), 0);
    g = NULL;
    ck_assert_int_eq(optle_game_for_tree(tree, 0, &g), OPTLE_EINPUT);
    ck_assert_ptr_null(g);
    ck_assert_msg(strstr(optle_errmsg(), bad[i].frag), "%zu: %s", i, optle_errmsg());
  }
  ck_assert_int_eq(optle_game_for_tree("/dev/null", 0, &g), OPTLE_EINPUT);
  ck_assert_ptr_nonnull(strstr(optle_errmsg(), "/dev/null: empty file: no tree"));
  unlink(tree);
  unlink(fifo);
  unlink(words);
  ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* One thread's pictures, drawn by dot: NULL, or the first failure's
 * message (malloc'd). */
static void *draw_pictures(void *arg) {
  optle_result *r = arg;
  for (int i = 0; i < 12; i++) {
    char *data = NULL;
    size_t len = 0;
    int rc = optle_export(r, i % 2 ? "svg" : "png", &data, &len);
    optle_free(data);
    if (rc) return strdup(optle_errmsg());
  }
  return NULL;
}

/* Pictures drawn by several threads at once, with SIGCHLD ignored (a
 * disposition a host program may have): each thread's dot is waited
 * for.  The disposition is the process's: each thread once set the
 * default and restored SIG_IGN itself, which let the kernel reap
 * another thread's dot ("dot: No child processes"); and the host's
 * SIG_IGN is back after. */
START_TEST(test_pictures_in_threads) {
  optle_game *g = named("small");
  optle_result *r = NULL;
  optle_solve_opts o;
  optle_solve_opts_init(&o);
  o.first = "scion";
  ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_OK);
  char *svg = NULL;
  if (optle_export(r, "svg", &svg, NULL) != OPTLE_OK) { /* no Graphviz here: nothing to test */
    ck_assert_ptr_nonnull(strstr(optle_errmsg(), "cannot run dot"));
    fprintf(stderr, "test_pictures_in_threads: skipped (%s)\n", optle_errmsg());
    optle_result_free(r);
    optle_game_free(g);
    return;
  }
  optle_free(svg);
  struct sigaction ign, old, now;
  memset(&ign, 0, sizeof ign);
  ign.sa_handler = SIG_IGN;
  sigemptyset(&ign.sa_mask);
  ck_assert_int_eq(sigaction(SIGCHLD, &ign, &old), 0);
  enum { THREADS = 4 };
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++)
    ck_assert_int_eq(pthread_create(&t[i], NULL, draw_pictures, r), 0);
  char *why[THREADS];
  for (int i = 0; i < THREADS; i++) ck_assert_int_eq(pthread_join(t[i], (void **)&why[i]), 0);
  ck_assert_int_eq(sigaction(SIGCHLD, &old, &now), 0);
  ck_assert_msg(now.sa_handler == SIG_IGN, "SIGCHLD's SIG_IGN not restored");
  for (int i = 0; i < THREADS; i++) {
    ck_assert_msg(!why[i], "thread %d: %s", i, why[i] ? why[i] : "");
    free(why[i]);
  }
  optle_result_free(r);
  optle_game_free(g);
}
END_TEST

/* Stops at random moments on random small games that always have a
 * strategy (at most 6 answers, each guessed in turn, within 6 guesses):
 * OPTLE_OK or OPTLE_ESTOPPED, never OPTLE_EFAIL, whatever the objective,
 * the first guess, the rules or the threads. */
START_TEST(test_stop_never_no_strategy) {
  static const char *const pool[] = {"salet", "crane", "about", "fight", "chill", "frill",
                                     "humid", "agent", "scion", "blurt", "acrid", "night"};
  enum { POOL = sizeof pool / sizeof *pool };
  static const char *const rules[] = {"normal", "hard", "ultrahard"};
  unsigned x = 12345;
  for (int i = 0; i < TEST_SCALED(300); i++) {
    x = x * 1103515245u + 12345u;
    int n = 1 + (int)(x >> 16) % 6, off = (int)(x >> 8) % POOL;
    const char *w[6];
    for (int k = 0; k < n; k++) w[k] = pool[(off + k) % POOL];
    optle_game *g;
    ck_assert_int_eq(optle_game_words(w, n, pool, POOL, &g), OPTLE_OK);
    /* Hard rules may leave no strategy: only the normal rules promise one. */
    ck_assert_int_eq(optle_game_set_rules(g, rules[i % 3]), OPTLE_OK);
    optle_solve_opts o;
    optle_solve_opts_init(&o);
    o.time_limit = (x >> 4) % 3 ? 1e-6 : 1e-4;
    o.threads = 1 + i % 2;
    o.objective = i % 4 == 3 ? "worst" : "total";
    o.first = i % 5 == 4 ? w[0] : NULL;
    optle_result *r = NULL;
    int rc = optle_solve(g, &o, &r);
    if (i % 3 == 0)
      ck_assert_msg(rc == OPTLE_OK || rc == OPTLE_ESTOPPED, "%d: n %d, %s, first %s: %d (%s)", i,
                    n, o.objective, o.first ? o.first : "-", rc, optle_errmsg());
    else
      ck_assert_msg(rc != OPTLE_EINPUT && rc != OPTLE_ENOMEM, "%d: %d (%s)", i, rc,
                    optle_errmsg());
    optle_result_free(r);
    optle_game_free(g);
  }
}
END_TEST

/* A game of words given as arrays names them so: its lists have no
 * file names (they were "answers (3 answers), answers (3 guesses)"), a
 * NULL word of a ranking is named as optle_game_words() names one, and
 * a limit of one guess is singular. */
START_TEST(test_word_game_messages) {
  const char *w[] = {"salet", "crane", "about"};
  optle_game *g;
  ck_assert_int_eq(optle_game_words(w, 3, NULL, 0, &g), OPTLE_OK);
  ck_assert_str_eq(optle_game_describe(g), "3 answers and 3 guesses given as words");
  optle_solve_opts o;
  optle_solve_opts_init(&o);
  o.first = "xyzzy";
  optle_result *r = NULL;
  ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_EINPUT);
  ck_assert_str_eq(optle_errmsg(), "--first 'xyzzy': not in the guesses given");
  char dir[] = "/tmp/optle-api-XXXXXX", path[64];
  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/t.txt", dir);
  FILE *fp = fopen(path, "w");
  ck_assert_ptr_nonnull(fp);
  fputs("agent GGGGG1\n", fp);
  ck_assert_int_eq(fclose(fp), 0);
  ck_assert_int_eq(optle_verify(g, path, -1, &r), OPTLE_EINPUT);
  ck_assert_ptr_nonnull(strstr(optle_errmsg(), ":1: 'agent' is not in the guesses given"));
  unlink(path);
  rmdir(dir);
  ck_assert_int_eq(optle_game_set_max_guesses(g, 1), OPTLE_OK);
  ck_assert_int_eq(optle_solve(g, NULL, &r), OPTLE_EFAIL);
  ck_assert_str_eq(optle_errmsg(), "3 answers and 3 guesses given as words: no strategy solves "
                                   "every answer within 1 guess");
  const char *h[] = {"salet:BYBYB"}; /* crane */
  optle_advice *a = NULL;
  ck_assert_int_eq(optle_next(g, h, 1, NULL, &a), OPTLE_EFAIL);
  ck_assert_str_eq(optle_errmsg(),
                   "no guesses left: the one guess is used and 1 answer still fits");
  optle_rank_opts ro;
  optle_rank_opts_init(&ro);
  const char *words[] = {"salet", NULL};
  ro.words = words;
  ro.nwords = 2;
  optle_ranking *k = NULL;
  ck_assert_int_eq(optle_rank(g, &ro, &k), OPTLE_EINPUT);
  ck_assert_str_eq(optle_errmsg(), "words: word 2, a NULL word");
  ro.words = NULL;
  ro.nwords = 0;
  ro.cutoff = -2;
  ck_assert_int_eq(optle_rank(g, &ro, &k), OPTLE_EINPUT);
  ck_assert_str_eq(optle_errmsg(), "--cutoff: -2 is out of range (-1: none, or 0 and up)");
  ro.cutoff = -1;
  ro.top = 1000001;
  ck_assert_int_eq(optle_rank(g, &ro, &k), OPTLE_EINPUT);
  ck_assert_str_eq(optle_errmsg(), "--top: 1000001 is out of range (0: none, or 1 to 1000000)");
  ck_assert_int_eq(optle_verify(g, "/dev/null", -2, &r), OPTLE_EINPUT);
  ck_assert_str_eq(optle_errmsg(),
                   "--max-guesses: -2 is out of range (-1: the tree's own, 0: none, or 1 to "
                   "254)");
  optle_game_free(g);
}
END_TEST

/* A stop on a game of 1 to 3 answers, or a guess limit of 1, where the
 * root is one plain search: OPTLE_ESTOPPED or the answer, never "no
 * strategy" (a stopped search's INF once read as one). */
START_TEST(test_stop_small) {
  const char *w[] = {"salet", "crane", "about", "fight"};
  for (int n = 1; n <= 4; n++)
    for (int limit = 0; limit <= 1; limit++) {
      optle_game *g;
      ck_assert_int_eq(optle_game_words(w, n, NULL, 0, &g), OPTLE_OK);
      if (limit) ck_assert_int_eq(optle_game_set_max_guesses(g, 1), OPTLE_OK);
      for (int i = 0; i < 200; i++) {
        optle_solve_opts o;
        optle_solve_opts_init(&o);
        o.time_limit = 1e-6;
        o.threads = 1 + i % 2;
        /* The least memo: the default's reservation, 1,600 times, took
         * this test past its 120 s under ASan on a busy machine (6 s
         * with this). */
        o.memo_mb = 1;
        optle_result *r = NULL;
        int rc = optle_solve(g, &o, &r);
        bool fits = !limit || n == 1;
        ck_assert_msg(rc == OPTLE_ESTOPPED || rc == (fits ? OPTLE_OK : OPTLE_EFAIL),
                      "n %d, limit %d: %d (%s)", n, limit, rc, optle_errmsg());
        optle_result_free(r);
      }
      optle_game_free(g);
    }
}
END_TEST

/* The first callback stops the search and then loads a game, as
 * another thread of the program may while a search runs. */
static int stop_then_load(const optle_progress *p, void *arg) {
  (void)p;
  if ((*(int *)arg)++ == 0) {
    optle_stop();
    optle_game *h = NULL;
    if (optle_game_named("small", &h) == OPTLE_OK) optle_game_free(h);
  }
  return 0;
}

/* A game loaded while a search runs leaves that search's stop alone
 * (the load clears a stop only when no search runs): the search still
 * ends stopped, not proven as if it had run whole. */
START_TEST(test_load_beside_search) {
  optle_game *g = named("large");
  optle_solve_opts o;
  optle_solve_opts_init(&o);
  int calls = 0;
  o.progress = stop_then_load;
  o.progress_arg = &calls;
  o.progress_interval = 0.001;
  o.threads = 2;
  optle_result *r = NULL;
  int rc = optle_solve(g, &o, &r);
  if (calls > 0) {
    ck_assert_int_eq(rc, OPTLE_ESTOPPED);
    ck_assert(!optle_result_proven(r) || !optle_result_root(r));
  }
  optle_result_free(r);
  /* No search running: a stop left from the one before is cleared (the
   * guesses of nyt, 77,914 bytes, are read polling for a stop). */
  optle_stop();
  optle_game *h = named("nyt");
  optle_game_free(h);
  optle_game_free(g);
}
END_TEST

/* The trap (err.h): a fatal error on a trapped thread comes back as a
 * status and a message, not an exit. */
START_TEST(test_trap) {
  err_trap t;
  volatile int reached = 0;
  err_trap_arm(&t);
  if (setjmp(t.jb)) {
    ck_assert_int_eq(t.status, EXIT_INTERNAL);
    ck_assert_str_eq(err_msg(), "out of memory (42 bytes)");
    ck_assert_int_eq(reached, 1);
    return;
  }
  reached = 1;
  err_fatal(EXIT_INTERNAL, "out of memory (%d bytes)", 42);
}
END_TEST

/* Many solves, advice and rankings in one process: nothing leaks (the
 * sanitizer tier's LeakSanitizer), nothing is left locked or stopped. */
START_TEST(test_repeated) {
  optle_game *g = named("small");
  int rounds = TEST_SCALED(20);
  for (int i = 0; i < rounds; i++) {
    optle_result *r = NULL;
    optle_solve_opts o;
    optle_solve_opts_init(&o);
    o.first = i % 2 ? "scion" : NULL;
    o.threads = 1 + i % 2;
    ck_assert_int_eq(optle_solve(g, &o, &r), OPTLE_OK);
    char *data;
    ck_assert_int_eq(optle_export(r, i % 2 ? "html" : "json", &data, NULL), OPTLE_OK);
    optle_free(data);
    optle_result_free(r);
    optle_advice *a = NULL;
    const char *h[] = {"agent:BBBBB"};
    ck_assert_int_eq(optle_next(g, h, 1, NULL, &a), OPTLE_OK);
    optle_advice_free(a);
    ck_assert_int_eq(optle_solve(g, &(optle_solve_opts){.size = sizeof o, .first = "zzzzz"}, &r),
                     OPTLE_EINPUT);
  }
  optle_game_free(g);
}
END_TEST

Suite *api_suite(void) {
  Suite *s = suite_create("api");
  TCase *tc = tcase_create("api");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_solve_small);
  tcase_add_test(tc, test_export_formats);
  tcase_add_test(tc, test_errors);
  tcase_add_test(tc, test_words_hard);
  tcase_add_test(tc, test_verify_keeps_the_tree_rules);
  tcase_add_test(tc, test_next_and_rank);
  tcase_add_test(tc, test_probe_in_progress);
  tcase_add_test(tc, test_probe);
  tcase_add_test(tc, test_verify_bad);
  tcase_add_test(tc, test_stop);
  tcase_add_test(tc, test_stop_small);
  tcase_add_test(tc, test_stop_never_no_strategy);
  tcase_add_test(tc, test_word_game_messages);
  tcase_add_test(tc, test_game_for_tree);
  tcase_add_test(tc, test_pictures_in_threads);
  tcase_add_test(tc, test_stop_after_proof);
  tcase_add_test(tc, test_write_concurrent);
  tcase_add_test(tc, test_search_from_callback);
  tcase_add_test(tc, test_words_not_skipped);
  tcase_add_test(tc, test_huge_limits);
  tcase_add_test(tc, test_load_beside_search);
  tcase_add_test(tc, test_trap);
  tcase_add_test(tc, test_repeated);
#ifdef __linux__
  tcase_add_test(tc, test_monitor_thread_fails);
#endif
  suite_add_tcase(s, tc);
  return s;
}
