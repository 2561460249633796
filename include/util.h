/*
 * util.h: errors, allocation, time, and whole-or-nothing file output.
 *
 * Error model.  Library functions never exit on bad input: they record a
 * one-line message with err_set() ("file:line: reason" for files) and
 * return an error code; the CLI prints err_msg() and exits with status 2.
 * The one exception is running out of memory, which no caller can repair:
 * xmalloc() and friends print "optle: out of memory (N bytes)" and exit
 * with status 3.
 *
 * Exit statuses (documented in the README and --help):
 *   0 solved / valid   1 no strategy within the guess limit
 *   2 bad usage or input   3 out of memory or internal error
 *   4 stopped (Ctrl-C, SIGTERM or --time-limit) before the proof finished
 */
#ifndef OPTLE_UTIL_H
#define OPTLE_UTIL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { EXIT_OK = 0, EXIT_NOSTRATEGY = 1, EXIT_USAGE = 2, EXIT_INTERNAL = 3, EXIT_STOPPED = 4 };

/* Record the current error message (printf-style); always returns -1. */
int err_set(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *err_msg(void);

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* 64-byte aligned allocation, for tables the search scans. */
void *xaligned(size_t n);

/* Wall-clock seconds since an arbitrary origin (monotonic). */
double now_seconds(void);
/* Set the OpenMP thread count (n > 0; 0 keeps the default) and start the
 * threads now: if that fails, "optle: out of memory" and exit status 3. */
void threads_start(int n);
/*
 * Stopping: the one home of signal handling.  stop_catch_signals()
 * makes SIGINT and SIGTERM set the process's stop flag (and nothing
 * else); every search checks stop_requested() at each node and returns
 * what it has proven.  stop_request() sets the flag from code (it is
 * async-signal-safe: a lock-free atomic store).
 */
extern atomic_int optle_stop_flag;
void stop_catch_signals(void);
void stop_request(void);
static inline bool stop_requested(void) {
  return atomic_load_explicit(&optle_stop_flag, memory_order_relaxed) != 0;
}

/* Peak resident set size of this process in KiB, or 0 if unknown. */
long peak_rss_kib(void);

/*
 * Whole-or-nothing output: out_open() opens "PATH.tmp.PID"; out_commit()
 * flushes, fsyncs and renames it over PATH; out_abort() removes it.
 * A killed run never leaves a half-written PATH.  "-" means stdout.
 */
typedef struct {
  FILE *fp;
  char *path, *tmp;
} outfile;
int out_open(outfile *o, const char *path);
int out_commit(outfile *o);
void out_abort(outfile *o);

/*
 * A command's -o files: the one home of writing them.
 *  - outs_open() opens every path up front, so a bad path fails before
 *    any long work (it prints why; nothing is left behind);
 *  - outs_write() writes each file with `write` and commits it whole, or
 *    removes it and prints "optle: PATH: reason"; a failed file never
 *    stops the others;
 *  - outs_abort() removes them all (nothing to write: a stop, no
 *    strategy);
 *  - outs_report() prints "LABELPATH" for the files actually written,
 *    and only for those.
 */
#define OUTS_MAX 8
/* Write one file: 0, or -1 with err_msg() saying why. */
typedef int (*out_writer)(FILE *fp, const char *path, void *arg);
typedef struct {
  int n;
  const char *path[OUTS_MAX];
  outfile f[OUTS_MAX];
  bool wrote[OUTS_MAX];
} outset;
int outs_open(outset *o, const char *const *paths, int n);
int outs_write(outset *o, out_writer write, void *arg);
void outs_abort(outset *o);
void outs_report(const outset *o, FILE *fp, const char *label);

#endif
