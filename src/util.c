/* util.c: see util.h. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "util.h"

#include "tuning.h"

#include <errno.h>
#include <omp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static char errbuf[1024];

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

int threads_default(void) {
#ifdef _OPENMP
  threads_cap();
  return omp_get_max_threads();
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

/* Lock-free: safe to set from a signal handler, and to read from every
 * thread without a data race. */
atomic_int optle_stop_flag;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "a signal handler sets optle_stop_flag");
static volatile sig_atomic_t timed_out;

void stop_request(void) { atomic_store_explicit(&optle_stop_flag, 1, memory_order_relaxed); }

static void on_stop_signal(int sig) {
  if (sig == SIGALRM) timed_out = 1;
  stop_request();
}

/* Install handler for sig; unless always, not when the process inherited
 * it as ignored, and when only_default, not when it has a handler. */
static void catch(int sig, void (*handler)(int), int flags, bool only_default, bool always) {
  struct sigaction old;
  if (sigaction(sig, NULL, &old)) return;
  if (old.sa_handler == SIG_IGN && !always) return;
  if (only_default && old.sa_handler != SIG_DFL) return;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = handler;
  sa.sa_flags = flags;
  sigemptyset(&sa.sa_mask);
  sigaction(sig, &sa, NULL);
}

/* When the command began to catch stops: what stop_elapsed() counts from. */
static double t_start;
static void mark_start(void) {
  if (t_start == 0) t_start = now_seconds();
}

double stop_elapsed(void) { return t_start > 0 ? now_seconds() - t_start : 0; }

void stop_say(const char *what) {
  fprintf(stderr, "optle: %s after %.1f s, %s\n", timed_out ? "time limit reached" : "stopped",
          stop_elapsed(), what);
}

void stop_catch_signals(void) {
  mark_start();
  /* SIGINT and SIGTERM always (a shell starts a script's background jobs
   * with SIGINT ignored, and `kill -INT` must still stop them); SIGHUP
   * not under nohup. */
  catch(SIGINT, on_stop_signal, 0, false, true);
  catch(SIGTERM, on_stop_signal, 0, false, true);
  catch(SIGHUP, on_stop_signal, 0, false, false);
  stop_catch_fatal();
}

/* A signal that ends the process: remove the temporary output files,
 * then end it by the signal's own default action. */
static void on_fatal_signal(int sig) {
  out_unlink_temps();
  signal(sig, SIG_DFL);
  raise(sig);
}

void stop_catch_fatal(void) {
  static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM};
  for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
    catch(sigs[i], on_fatal_signal, SA_NODEFER, true, false);
}

void stop_after(double seconds) {
  mark_start();
  catch(SIGALRM, on_stop_signal, 0, false, true);
  struct itimerval it;
  memset(&it, 0, sizeof it);
  it.it_value.tv_sec = (time_t)seconds;
  it.it_value.tv_usec = (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6);
  if (!it.it_value.tv_sec && !it.it_value.tv_usec) it.it_value.tv_usec = 1;
  setitimer(ITIMER_REAL, &it, NULL);
}

bool stop_timed_out(void) { return timed_out != 0; }

int stdout_close(void) {
  int bad = fflush(stdout) ? errno : 0;
  if (!bad && ferror(stdout)) bad = -1;
  if (!bad && fclose(stdout)) bad = errno;
  if (!bad) return 0;
  fprintf(stderr, "optle: standard output: %s\n",
          bad > 0 ? strerror(bad) : "write error (the output is incomplete)");
  return -1;
}

void esc_controls(char *dst, size_t size, const char *src) {
  size_t n = 0;
  if (!size) return;
  for (; *src && n + 1 < size; src++) {
    unsigned char c = (unsigned char)*src;
    char e[8];
    if (c >= 0x20 && c != 0x7f) {
      dst[n++] = (char)c;
      continue;
    }
    snprintf(e, sizeof e, c == '\t' ? "\\t" : c == '\r' ? "\\r" : c == '\n' ? "\\n" : "\\x%02x", c);
    size_t k = strlen(e);
    if (n + k + 1 > size) break;
    memcpy(dst + n, e, k);
    n += k;
  }
  dst[n] = '\0';
}

int err_set(const char *fmt, ...) {
  char raw[sizeof errbuf];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(raw, sizeof raw, fmt, ap);
  va_end(ap);
  esc_controls(errbuf, sizeof errbuf, raw);
  return -1;
}

const char *err_msg(void) { return errbuf[0] ? errbuf : "unknown error"; }

static void oom(size_t n) {
  fprintf(stderr, "optle: out of memory (could not allocate %zu bytes): free some memory or "
                  "raise the limit (ulimit -v), or use smaller lists\n", n);
  exit(EXIT_INTERNAL);
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

void *xaligned(size_t n) {
  void *p = NULL;
  if (posix_memalign(&p, 64, n ? n : 64)) oom(n);
  return p;
}

double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

long peak_rss_kib(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru)) return 0;
  return ru.ru_maxrss;
}
