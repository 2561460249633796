/* util.c: see util.h. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "util.h"

#include <errno.h>
#include <omp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char errbuf[1024];

/* Thread creation failing inside libgomp ends the process with status 1
 * and libgomp's own message; threads_start() starts the team up front,
 * when nothing else holds memory, and turns that exit into status 3. */
static volatile sig_atomic_t threads_starting;
static void threads_failed(void) {
  if (threads_starting) {
    fputs("optle: out of memory (cannot start the threads)\n", stderr);
    _exit(EXIT_INTERNAL);
  }
}

void threads_start(int n) {
  static int registered;
  if (!registered) registered = !atexit(threads_failed);
#ifdef _OPENMP /* the fuzz targets build the library without OpenMP */
  if (n > 0) omp_set_num_threads(n);
#else
  (void)n;
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

void stop_request(void) { atomic_store_explicit(&optle_stop_flag, 1, memory_order_relaxed); }

static void on_stop_signal(int sig) {
  (void)sig;
  stop_request();
}

void stop_catch_signals(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}

int err_set(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(errbuf, sizeof errbuf, fmt, ap);
  va_end(ap);
  return -1;
}

const char *err_msg(void) { return errbuf[0] ? errbuf : "unknown error"; }

static void oom(size_t n) {
  fprintf(stderr, "optle: out of memory (%zu bytes)\n", n);
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

int out_open(outfile *o, const char *path) {
  memset(o, 0, sizeof *o);
  if (!strcmp(path, "-")) {
    o->fp = stdout;
    return 0;
  }
  struct stat st;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
    return err_set("%s: cannot write: is a directory", path);
  o->path = xstrdup(path);
  size_t n = strlen(path) + 32;
  o->tmp = xmalloc(n);
  snprintf(o->tmp, n, "%s.tmp.%ld", path, (long)getpid());
  o->fp = fopen(o->tmp, "w");
  if (!o->fp) {
    err_set("%s: cannot write: %s", path, strerror(errno));
    free(o->path);
    free(o->tmp);
    o->path = o->tmp = NULL;
    return -1;
  }
  return 0;
}

int out_commit(outfile *o) {
  if (!o->path) return fflush(stdout) ? err_set("stdout: write failed") : 0;
  int bad = ferror(o->fp) || fflush(o->fp) || fsync(fileno(o->fp));
  bad |= fclose(o->fp) != 0;
  o->fp = NULL;
  if (bad || rename(o->tmp, o->path)) {
    err_set("%s: cannot write: %s", o->path, strerror(errno));
    unlink(o->tmp);
    bad = 1;
  }
  free(o->path);
  free(o->tmp);
  o->path = o->tmp = NULL;
  return bad ? -1 : 0;
}

void out_abort(outfile *o) {
  if (o->path) {
    if (o->fp) fclose(o->fp);
    unlink(o->tmp);
    free(o->path);
    free(o->tmp);
  }
  memset(o, 0, sizeof *o);
}

int outs_open(outset *o, const char *const *paths, int n) {
  memset(o, 0, sizeof *o);
  for (int i = 0; i < n && i < OUTS_MAX; i++) {
    if (out_open(&o->f[i], paths[i])) {
      fprintf(stderr, "optle: %s\n", err_msg()); /* names the path */
      outs_abort(o);
      return -1;
    }
    o->path[i] = paths[i];
    o->n = i + 1;
  }
  return 0;
}

int outs_write(outset *o, out_writer write, void *arg) {
  int rc = 0;
  for (int i = 0; i < o->n; i++) {
    if (write(o->f[i].fp, o->path[i], arg)) {
      fprintf(stderr, "optle: %s: %s\n", o->path[i], err_msg());
      out_abort(&o->f[i]);
      rc = -1;
    } else if (out_commit(&o->f[i])) {
      fprintf(stderr, "optle: %s\n", err_msg()); /* names the path */
      rc = -1;
    } else {
      o->wrote[i] = true;
    }
  }
  return rc;
}

void outs_abort(outset *o) {
  for (int i = 0; i < o->n; i++) out_abort(&o->f[i]);
  o->n = 0;
}

void outs_report(const outset *o, FILE *fp, const char *label) {
  for (int i = 0; i < o->n; i++)
    if (o->wrote[i]) fprintf(fp, "%s%s\n", label, o->path[i]);
}
