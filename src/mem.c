/* mem.c: memory (mem.h). */
#include "mem.h"

#include <limits.h>
#include <omp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "err.h"
#include "tuning.h"

static void oom(size_t n) {
  err_fatal(EXIT_INTERNAL, "out of memory (could not allocate %zu bytes): free some memory or "
                           "raise the limit (ulimit -v), or use smaller lists", n);
}

void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) oom(n);
  return p;
}

void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p) oom(n * size);
  return p;
}

void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) oom(n);
  return q;
}

char *xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(xmalloc(n), s, n);
}

void mem_huge(void *p, size_t n) {
#ifdef MADV_HUGEPAGE
  const uintptr_t huge = (uintptr_t)2 << 20;
  if (!p || n < MEM_HUGE_MIN) return;
  uintptr_t a = ((uintptr_t)p + huge - 1) & ~(huge - 1), e = ((uintptr_t)p + n) & ~(huge - 1);
  if (e > a) (void)madvise((void *)a, e - a, MADV_HUGEPAGE); /* advice: a refusal changes nothing */
#else
  (void)p, (void)n;
#endif
}

void *xaligned(size_t n) {
  void *p = NULL;
  if (posix_memalign(&p, 64, n ? n : 64)) oom(n);
  mem_huge(p, n);
  return p;
}

void *xmap(size_t n) {
  void *p = mmap(NULL, n ? n : 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) oom(n);
  mem_huge(p, n);
  return p;
}

void xunmap(void *p, size_t n) {
  if (p) munmap(p, n ? n : 1);
}

long peak_rss_kib(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru)) return 0;
  return ru.ru_maxrss;
}

/* Thread creation failing inside libgomp ends the process with status 1
 * and libgomp's own message; threads_start() starts the team up front,
 * when nothing else holds memory, and turns that exit into status 3. */
static volatile sig_atomic_t threads_starting;
static void threads_failed(void) {
  if (threads_starting) {
    fputs("optle: out of memory (cannot start the threads): give fewer --threads, or raise the "
          "limit (ulimit -v)\n", stderr);
    _exit(EXIT_INTERNAL);
  }
}

static int threads_asked; /* what OMP_NUM_THREADS asked, when over the limit */

void threads_cap(void) {
#ifdef _OPENMP /* the fuzz targets build the library without OpenMP */
  int m = omp_get_max_threads();
  if (m > OPTLE_THREADS_MAX) {
    threads_asked = m;
    omp_set_num_threads(OPTLE_THREADS_MAX);
  }
#endif
}

/* Is v a list of whole numbers from 1 (to INT_MAX when capped: libgomp
 * cuts a larger thread count to 32 bits, and 4294967296 ran 1 thread;
 * a larger limit is no limit), blanks around each, separated by commas
 * (one alone unless list)? */
static bool counts_ok(const char *v, bool list, bool capped) {
  const char *p = v;
  for (;;) {
    while (*p == ' ' || *p == '\t') p++;
    const char *d = p;
    long long n = 0;
    bool big = false;
    while (*p >= '0' && *p <= '9') {
      if (!big) n = n * 10 + (*p - '0');
      big |= n > INT_MAX;
      p++;
    }
    if (p == d || (n == 0 && !big) || (big && capped)) return false;
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) return true;
    if (!list || *p++ != ',') return false;
  }
}

const char *threads_env_bad(const char **name) {
  static const struct {
    const char *var;
    bool list, capped;
  } vars[] = {{"OMP_NUM_THREADS", true, true}, {"OMP_THREAD_LIMIT", false, false}};
  for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
    const char *v = getenv(vars[i].var);
    if (v && !counts_ok(v, vars[i].list, vars[i].capped)) {
      *name = vars[i].var;
      return v;
    }
  }
  return NULL;
}

int threads_usable(int n) {
#ifdef _OPENMP
  int limit = omp_get_thread_limit(); /* OMP_THREAD_LIMIT, else INT_MAX */
  return limit > 0 && n > limit ? limit : n;
#else
  (void)n;
  return 1;
#endif
}

int threads_default(void) {
#ifdef _OPENMP
  threads_cap();
  return threads_usable(omp_get_max_threads());
#else
  return 1;
#endif
}

void threads_start(int n) {
  static int registered;
  if (!registered) registered = !atexit(threads_failed);
  if (n <= 0) {
    n = threads_default();
    if (threads_asked)
      fprintf(stderr, "optle: OMP_NUM_THREADS asks for %d threads, more than --threads allows: "
                      "using %d\n", threads_asked, n);
    threads_asked = 0; /* said once */
  }
#ifdef _OPENMP
  omp_set_num_threads(n);
#endif
  threads_starting = 1;
  int started = 0;
  /* Not empty: gcc drops an empty parallel region, starting nothing. */
#pragma omp parallel reduction(+ : started)
  started++;
  threads_starting = 0;
  (void)started;
}
