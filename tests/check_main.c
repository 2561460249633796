/*
 * check_main.c: runs every suite of tests/check_optle (suites.h) with one
 * SRunner.  CK_NORMAL prints each failure and the closing
 * "100%: Checks: N, Failures: 0, Errors: 0" line; the exit status is
 * nonzero when any test failed.  Check forks one process per test (unless
 * CK_FORK=no), so a crash fails one test, not the run.  CK_RUN_SUITE and
 * CK_RUN_CASE pick a suite or test case by name; OPTLE_SUITES a list of
 * suites ("search rules"), or all but a list ("!search rules").
 *
 * The tests run thousands of tiny 2-thread searches.  With libgomp's
 * default wait policy each idle worker spins after every parallel region,
 * which on a busy 2-core machine made the oracle test 3 to 4 times
 * slower.  libgomp reads OMP_WAIT_POLICY once, before main(), so when it
 * is unset the runner sets it to "passive" and executes itself again.
 * An explicit setting is left alone.
 */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "suites.h"

int main(int argc, char **argv) {
  (void)argc;
  if (!getenv("OMP_WAIT_POLICY")) {
    setenv("OMP_WAIT_POLICY", "passive", 1);
    execv("/proc/self/exe", argv); /* returns only on failure: run as is */
  }
  static const struct {
    const char *name; /* its suite_create() name */
    Suite *(*make)(void);
  } suites[] = {{"kernel", kernel_suite},   {"feedback", feedback_suite},
                {"words", words_suite},     {"memo", memo_suite},
                {"tree", tree_suite},       {"search", search_suite},
                {"strategy", strategy_suite}, {"verify", verify_suite},
                {"share", share_suite},     {"play", play_suite},
                {"formats", formats_suite}, {"rules", rules_suite},
                {"html", html_suite},       {"checkpoint", checkpoint_suite},
                {"api", api_suite}};
  enum { NSUITES = sizeof suites / sizeof *suites };
  /* OPTLE_SUITES: only these (names, space-separated), or with a
   * leading '!' all but these (the sanitizer tier's two lanes, Makefile,
   * which so cover every suite between them); every name must be a
   * suite's. */
  const char *only = getenv("OPTLE_SUITES");
  bool but = only && *only == '!';
  if (but) only++;
  bool want[NSUITES];
  for (size_t i = 0; i < NSUITES; i++) want[i] = !only || but;
  for (const char *p = only; p && *p;) {
    size_t n = strcspn(p, " "), i = 0;
    while (i < NSUITES && (strlen(suites[i].name) != n || strncmp(suites[i].name, p, n))) i++;
    if (n && i == NSUITES) {
      fprintf(stderr, "check_optle: OPTLE_SUITES: no suite '%.*s'\n", (int)n, p);
      return 2;
    }
    if (n) want[i] = !but;
    p += n + (p[n] == ' ');
  }
  SRunner *sr = srunner_create(NULL);
  for (size_t i = 0; i < NSUITES; i++)
    if (want[i]) srunner_add_suite(sr, suites[i].make());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
