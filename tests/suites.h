/*
 * suites.h: the Check suites of tests/check_optle, one per layer, and the
 * few helpers more than one of them needs.
 *
 * The helpers are deliberately independent of the library where the
 * library is under test: ref_feedback() scores a guess with letter
 * counts, a different algorithm from feedback.c's used-position mask, so
 * the oracle and the golden tables never lean on the code they check.
 */
#ifndef OPTLE_TESTS_SUITES_H
#define OPTLE_TESTS_SUITES_H

#include <check.h>
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The sanitizer tier (make test-sanitize) runs the unit suite under
 * AddressSanitizer, about ten times slower.  There the random-instance
 * loops run an eighth of their instances: the same code paths, at a
 * cost the tier (and CI's 15 minutes) can afford; the plain run (make
 * test, and make mutants) keeps them whole.  ThreadSanitizer (make
 * tsan-unit) runs an eighth too: still a hundred threaded searches
 * with 2 threads and a 1 MiB memo (the memo suite's hammering, which
 * catches an unlocked memo, is not scaled).  Tests too heavy for the
 * tier are in test cases tagged "heavy" (CK_EXCLUDE_TAGS=heavy there). */
#if defined(__SANITIZE_ADDRESS__)
#define TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_ASAN 1
#endif
#endif
#ifndef TEST_ASAN
#define TEST_ASAN 0
#endif
#if defined(__SANITIZE_THREAD__)
#define TEST_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TEST_TSAN 1
#endif
#endif
#ifndef TEST_TSAN
#define TEST_TSAN 0
#endif
/* A sanitizer build (ASan and UBSan, or TSan): minutes where the plain
 * build takes seconds, so the loops run at an eighth and the costliest
 * variants only where the plain run has them all (docs/testing.md). */
#define TEST_SAN (TEST_ASAN || TEST_TSAN)
#define TEST_SCALED(n) (TEST_SAN ? ((n) + 7) / 8 : (n))

/* One per tests/check_*.c file, from the bottom layer up; check_main.c
 * runs them all, in this order. */
Suite *kernel_suite(void);
Suite *feedback_suite(void);
Suite *words_suite(void);
Suite *share_suite(void);
Suite *memo_suite(void);
Suite *tree_suite(void);
Suite *search_suite(void);
Suite *strategy_suite(void);
Suite *verify_suite(void);
Suite *play_suite(void);
Suite *formats_suite(void);
Suite *rules_suite(void);
Suite *html_suite(void);
Suite *checkpoint_suite(void);
Suite *api_suite(void);

/* fn() in Check's parent process, for an unchecked fixture that loads a
 * list once for every test of its case (each a forked child) to share
 * (its table takes seconds under the sanitizers): with one OpenMP
 * thread, since OpenMP's threads do not survive fork(), and a child whose
 * parent had started them hangs in its first parallel region. */
static inline void suite_in_parent(void (*fn)(void)) {
  int t = omp_get_max_threads();
  omp_set_num_threads(1);
  fn();
  omp_set_num_threads(t);
}

/* s is whole UTF-8: every lead byte has all its continuation bytes, so
 * no message cut a character in half.  By byte classes, independent of
 * utf8.c's decoder (whose cuts it checks). */
static inline bool ref_utf8_whole(const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    int more = *p < 0x80 ? 0 : (*p >> 5) == 6 ? 1 : (*p >> 4) == 14 ? 2 : (*p >> 3) == 30 ? 3 : -1;
    if (more < 0) return false;
    p++;
    for (int i = 0; i < more; i++, p++)
      if ((*p & 0xC0) != 0x80) return false;
  }
  return true;
}

/* Reference Wordle feedback from the rules, by letter counts: greens
 * first, then each remaining guess letter, left to right, is yellow while
 * the answer still has an unmatched copy of it.  Base-3 code, weight 3^i. */
static inline int ref_feedback(const char *guess, const char *answer) {
  int left[26] = {0}, colour[5] = {0};
  for (int i = 0; i < 5; i++) {
    if (guess[i] == answer[i]) colour[i] = 2;
    else left[answer[i] - 'a']++;
  }
  for (int i = 0; i < 5; i++)
    if (colour[i] != 2 && left[guess[i] - 'a'] > 0) {
      left[guess[i] - 'a']--;
      colour[i] = 1;
    }
  int code = 0;
  for (int i = 4; i >= 0; i--) code = code * 3 + colour[i];
  return code;
}

/* splitmix64: a small fixed-seed generator, identical on every host. */
static inline uint64_t rng_next(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
/* Uniform in [lo, hi]. */
static inline int rng_range(uint64_t *s, int lo, int hi) {
  return lo + (int)(rng_next(s) % (uint64_t)(hi - lo + 1));
}

/* Contents of a memory stream, as a malloc'd NUL-terminated string. */
typedef struct {
  FILE *fp;
  char *buf;
  size_t len;
} memout;

/* The whole file as a NUL-terminated string ("" when empty), or NULL
 * when it cannot be opened; free() it. */
static inline char *slurp(const char *path) {
  FILE *fp = fopen(path, "rb");
  if (!fp) return NULL;
  char *buf = NULL;
  size_t cap = 0;
  ssize_t n = getdelim(&buf, &cap, '\0', fp);
  fclose(fp);
  if (n < 0) {
    free(buf);
    return strdup("");
  }
  return buf;
}

static inline void memout_open(memout *m) {
  m->buf = NULL;
  m->len = 0;
  m->fp = open_memstream(&m->buf, &m->len);
  ck_assert_ptr_nonnull(m->fp);
}
/* Closes the stream; the caller frees m->buf. */
static inline char *memout_close(memout *m) {
  ck_assert_int_eq(fclose(m->fp), 0);
  m->fp = NULL;
  return m->buf;
}

#endif
