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
/* Threads.  A command's count is --threads, else OMP_NUM_THREADS (as
 * libgomp read it), else the cores it may use; from the environment at
 * most OPTLE_THREADS_MAX (tuning.h), --threads' own limit.  threads_cap()
 * applies that limit to OpenMP's default team (cli.c, before any
 * command: a parallel region of 100,000 threads would end the process
 * with no message); threads_default() is the count a search uses when
 * --threads is not given.  threads_start(n) sets the count (n > 0: n;
 * 0: the default, saying on stderr when the environment asked for more
 * than the limit) and starts the threads now: if that fails, "optle: out
 * of memory" and exit status 3. */
void threads_cap(void);
int threads_default(void);
void threads_start(int n);
/*
 * Stopping: the one home of signal handling.  stop_catch_signals()
 * makes SIGINT, SIGTERM and SIGHUP set the process's stop flag (and
 * nothing else); every long phase (the feedback table, the greedy seed
 * and strategies, the search, the tree) checks stop_requested() and
 * returns what it has, and the commands then say what was done and
 * exit with status 4.  stop_after() sets a time limit: SIGALRM then
 * sets the flag too, and stop_timed_out() says so.  stop_request()
 * sets the flag from code (it is async-signal-safe: a lock-free atomic
 * store).  SIGHUP, and the signals below, stay ignored when the process
 * inherited them so (nohup; SIGPIPE ignored gives EPIPE instead);
 * SIGINT and SIGTERM are always caught (a shell starts a script's
 * background jobs with SIGINT ignored).
 *
 * The other signals that end a process by default (SIGQUIT, SIGUSR1,
 * SIGUSR2, SIGPIPE, SIGALRM without a time limit; SIGINT, SIGTERM and
 * SIGHUP where no stop is caught) first remove the output files'
 * temporary files, then end the process as before
 * (stop_catch_fatal(), also called by out_open()).
 */
extern atomic_int optle_stop_flag;
void stop_catch_signals(void);
void stop_catch_fatal(void);
void stop_request(void);
static inline bool stop_requested(void) {
  return atomic_load_explicit(&optle_stop_flag, memory_order_relaxed) != 0;
}
/* Stop after `seconds` (> 0) from now, as on Ctrl-C. */
void stop_after(double seconds);
bool stop_timed_out(void);
/* Seconds since the command began to catch stops (stop_catch_signals()
 * or stop_after(), whichever came first). */
double stop_elapsed(void);
/* "optle: stopped after 1.2 s, WHAT" (or "time limit reached after"),
 * on stderr: the one line a stopped command says why it ended. */
void stop_say(const char *what);

/* Standard output at the end of a command: flush it and check that
 * everything written reached it (a full disk, a closed pipe with
 * SIGPIPE ignored).  0, or -1 after printing "optle: standard output:
 * ..." on stderr. */
int stdout_close(void);

/* Control bytes (below 0x20, and 0x7f) of src as \t, \r, \n, \xHH,
 * into dst (always terminated): messages never echo raw control bytes of
 * user input to a terminal.  err_set() and usage_error() escape
 * everything they format. */
void esc_controls(char *dst, size_t size, const char *src);

/* Peak resident set size of this process in KiB, or 0 if unknown. */
long peak_rss_kib(void);

/*
 * Output files (util_out.c): the one home of writing them.  out_open()
 * decides how PATH is written by what it names:
 *  - "-", or the file standard output already is (/dev/stdout,
 *    /dev/fd/1, the file stdout was redirected to): standard output;
 *  - a regular file, or nothing yet: a temporary file in the target's
 *    own directory (symbolic links followed, so a link stays a link and
 *    its target gets the content), given the replaced file's mode and
 *    owner (a new file: 0666 less the umask); out_commit() flushes,
 *    fsyncs and renames it over the target, so the file is written whole
 *    or not at all.  On Linux the temporary file has no name
 *    (O_TMPFILE): a killed run, SIGKILL included, leaves nothing, and
 *    out_commit() links it in as "optle.tmp.HOST.PID.N" just before the
 *    rename.  Where the filesystem cannot (or /proc is missing) it is
 *    named "optle.tmp.HOST.PID.XXXXXX" from the start; each out_open()
 *    removes from the target's directory the files so named for this
 *    host whose PID is no longer a process (regular files of ours only).
 *    The temporary name (under 64 bytes) fits beside any legal file name;
 *  - anything else (a device, a FIFO), a regular file with other hard
 *    links, or one whose owner a rename cannot keep (another user's
 *    file, writable by us) or whose directory we cannot write: in
 *    place.  The content is gathered in memory; out_commit() opens the
 *    path and writes it.  A regular file first gets the space reserved
 *    (fallocate), so a full disk leaves it as it was; only a crash
 *    during that one write can leave it part-written.
 * out_abort() removes a temporary file; a fatal signal removes them
 * too (util.c; out_unlink_temps() is async-signal-safe).  Only SIGKILL
 * of a named one can leave one behind, until the next out_open() there.
 */
enum { OUT_RENAME = 1, OUT_DIRECT };
typedef struct {
  FILE *fp;
  char *path;   /* as given, for messages (NULL for "-") */
  char *target; /* where it goes: links followed */
  char *tmp;    /* OUT_RENAME: the temporary file's name (none yet when anon) */
  char *buf;    /* OUT_DIRECT: the content, gathered in memory */
  size_t len;
  int mode;     /* 0 (stdout), OUT_RENAME or OUT_DIRECT */
  bool anon;    /* OUT_RENAME: the temporary file has no name until out_commit() */
} outfile;
int out_open(outfile *o, const char *path);
int out_commit(outfile *o);
void out_abort(outfile *o);
void out_unlink_temps(void);
/* Whether two paths name one existing file (links followed). */
bool out_same_file(const char *a, const char *b);

/*
 * A command's -o files: the one home of writing them.
 *  - outs_open() opens every path up front, so a bad path fails before
 *    any long work (it prints why; nothing is left behind), and refuses
 *    two paths that name one file;
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
