/*
 * check_main.c: runs every suite of tests/check_optle (suites.h) with one
 * SRunner.  CK_NORMAL prints each failure and the closing
 * "100%: Checks: N, Failures: 0, Errors: 0" line; the exit status is
 * nonzero when any test failed.  Check forks one process per test (unless
 * CK_FORK=no), so a crash fails one test, not the run.  CK_RUN_SUITE and
 * CK_RUN_CASE pick a suite or test case by name.
 *
 * The tests run thousands of tiny 2-thread searches.  With libgomp's
 * default wait policy each idle worker spins after every parallel region,
 * which on a busy 2-core machine made the oracle test 3 to 4 times
 * slower.  libgomp reads OMP_WAIT_POLICY once, before main(), so when it
 * is unset the runner sets it to "passive" and executes itself again.
 * An explicit setting is left alone.
 */
#include <check.h>
#include <stdlib.h>
#include <unistd.h>

#include "suites.h"

int main(int argc, char **argv) {
  (void)argc;
  if (!getenv("OMP_WAIT_POLICY")) {
    setenv("OMP_WAIT_POLICY", "passive", 1);
    execv("/proc/self/exe", argv); /* returns only on failure: run as is */
  }
  Suite *(*const suites[])(void) = {kernel_suite,   feedback_suite, words_suite,   memo_suite,
                                    tree_suite,     search_suite,  strategy_suite,
                                    verify_suite,   share_suite,   play_suite,    formats_suite,
                                    rules_suite,    html_suite,    checkpoint_suite, api_suite};
  SRunner *sr = srunner_create(suites[0]());
  for (size_t i = 1; i < sizeof suites / sizeof *suites; i++) srunner_add_suite(sr, suites[i]());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
