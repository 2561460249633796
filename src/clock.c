/* clock.c: the clock and stopping (clock.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "clock.h"

#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "tuning.h"

double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int clock_cond_init(pthread_cond_t *cv) {
  pthread_condattr_t a;
  int rc = pthread_condattr_init(&a);
  if (rc) return rc;
  rc = pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
  assert(rc == 0); /* else the waits would read another clock */
  if (!rc) rc = pthread_cond_init(cv, &a);
  pthread_condattr_destroy(&a);
  return rc;
}

struct timespec clock_deadline(double t) {
  assert(t >= 0);
  struct timespec ts;
  ts.tv_sec = (time_t)t;
  ts.tv_nsec = (long)((t - (double)ts.tv_sec) * 1e9);
  if (ts.tv_nsec > 999999999) ts.tv_nsec = 999999999;
  return ts;
}

/* Lock-free: safe to set from a signal handler, and to read from every
 * thread without a data race. */
atomic_int optle_stop_flag;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "a signal handler sets optle_stop_flag");
static volatile sig_atomic_t timed_out;
/* When the first stop signal came (on_stop_signal()): the monotonic
 * clock in ms, + 1, so that 0 means none yet. */
static atomic_llong stop_first_ms;
_Static_assert(ATOMIC_LLONG_LOCK_FREE == 2, "a signal handler sets stop_first_ms");
/* Whether stderr was a terminal when the stop signals were caught (the
 * handler cannot ask: isatty() is not async-signal-safe). */
static atomic_bool stderr_tty;
_Static_assert(ATOMIC_BOOL_LOCK_FREE == 2, "a signal handler reads stderr_tty");

/* What a fatal signal runs first (stop_catch_fatal()); read by the
 * handler, so a lock-free atomic too. */
typedef void (*cleanup_fn)(void);
static _Atomic(cleanup_fn) fatal_cleanup;
_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2, "a signal handler reads fatal_cleanup");

void stop_request(void) {
  atomic_fetch_or_explicit(&optle_stop_flag, STOP_FINAL, memory_order_relaxed);
}

void stop_reset(void) {
  timed_out = 0;
  atomic_store(&stop_first_ms, 0);
  atomic_store(&optle_stop_flag, 0);
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

/* The fatal signals' state: FATAL_IDLE; FATAL_HELD while a write in
 * place runs (stop_fatal_hold()), when a fatal signal only leaves itself
 * in fatal_pending for the release; FATAL_DYING once a handler has
 * begun to end the process, after which no hold begins (the write it
 * would guard could be cut in two).  Each change is one compare-and-swap,
 * so a handler in one thread and a hold in another cannot both win. */
enum { FATAL_IDLE, FATAL_HELD, FATAL_DYING };
static atomic_int fatal_state, fatal_pending;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "a signal handler reads fatal_state");

/* A signal that ends the process: the cleanup (the output files'
 * temporary files), then the signal's own default action; while a write
 * in place holds them, kept for its end.  errno is the interrupted
 * code's again when it returns. */
static void on_fatal_signal(int sig) {
  int idle = FATAL_IDLE, e = errno;
  if (!atomic_compare_exchange_strong(&fatal_state, &idle, FATAL_DYING) && idle == FATAL_HELD) {
    atomic_store(&fatal_pending, sig);
    errno = e;
    return;
  }
  cleanup_fn f = atomic_load(&fatal_cleanup);
  if (f) f();
  signal(sig, SIG_DFL);
  raise(sig); /* delivered when the handler returns (or at once: SA_NODEFER) */
  errno = e;
}

/* The monotonic clock in ms, + 1 (0: no signal yet). */
static long long stop_clock_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts); /* async-signal-safe */
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000 + 1;
}

/* A stop signal (SIGINT, SIGTERM, SIGHUP) a second or more after the
 * first ends the process as a fatal one does: a stop takes well under a
 * second, so one still running then is stuck, or its user does not want
 * its end (the stopped run's report, the best tree written).  Closer
 * signals are one stop: one Ctrl-C can reach a process twice, as the
 * terminal's SIGINT and as the SIGTERM of a launcher that passes it on
 * (mpirun).  The time limit's SIGALRM is not the user's: never counted.
 * The first one's time is stop_first_ms (above). */
static void on_stop_signal(int sig) {
  if (sig == SIGALRM) {
    timed_out = 1;
    stop_request();
    return;
  }
  long long t = stop_clock_ms(), first = 0;
  if (!atomic_compare_exchange_strong(&stop_first_ms, &first, t) && t - first >= STOP_FORCE_MS) {
    /* On a terminal a progress line may be half-written: a line of its
     * own.  errno kept: the write may fail (a closed stderr is
     * /dev/null read-only, main.c) under a write in place that reads it. */
    static const char msg[] = "\noptle: a second stop signal: ending at once\n";
    int skip = atomic_load(&stderr_tty) ? 0 : 1, e = errno;
    ssize_t w = write(STDERR_FILENO, msg + skip, sizeof msg - 1 - (size_t)skip);
    (void)w;
    errno = e;
    on_fatal_signal(sig);
    return;
  }
  stop_request();
}

void stop_catch_signals(void) {
  stop_own_signals();
  mark_start();
  atomic_store(&stderr_tty, isatty(STDERR_FILENO) != 0);
  /* SIGINT and SIGTERM always (a shell starts a script's background jobs
   * with SIGINT ignored, and `kill -INT` must still stop them); SIGHUP
   * not under nohup. */
  catch(SIGINT, on_stop_signal, 0, false, true);
  catch(SIGTERM, on_stop_signal, 0, false, true);
  catch(SIGHUP, on_stop_signal, 0, false, false);
  stop_catch_fatal(NULL);
}

/* Whether the process's signals are optle's (stop_own_signals()). */
static atomic_bool signals_owned;

void stop_own_signals(void) { atomic_store(&signals_owned, true); }

void stop_catch_fatal(void (*cleanup)(void)) {
  static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM};
  if (cleanup) atomic_store(&fatal_cleanup, cleanup);
  if (!atomic_load(&signals_owned)) return; /* the library's caller's */
  for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
    catch(sigs[i], on_fatal_signal, SA_NODEFER, true, false);
}

void stop_fatal_hold(void) {
  int idle = FATAL_IDLE;
  if (atomic_compare_exchange_strong(&fatal_state, &idle, FATAL_HELD)) return;
  assert(idle == FATAL_DYING); /* never nested (clock.h) */
  for (;;) pause(); /* a handler is ending the process: no write begins */
}

void stop_fatal_release(void) {
  int held = FATAL_HELD;
  bool was = atomic_compare_exchange_strong(&fatal_state, &held, FATAL_IDLE);
  assert(was); /* after a hold */
  (void)was;
  int sig = atomic_exchange(&fatal_pending, 0);
  if (sig) on_fatal_signal(sig);
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

/* ------------------------------------------------------------------ */
/* Budgets: one watchdog thread per process, started by the first
 * budget and kept: it waits on a condition variable until the budget's
 * end (CLOCK_MONOTONIC), then sets STOP_BUDGET, and waits for the next.
 * A thread per budget cost more than the work it timed where the
 * budgets are many and short: 3,485 threads in the search suite's
 * oracle case, and under AddressSanitizer their stacks' mappings took
 * half of its time.
 *
 * Invariant: the watcher sets the bit only under the lock, for the
 * budget still on (bud.on, and bud.gen unchanged since it began), and
 * marks that budget as run out (bud.fired); budget_end() turns it off
 * under the same lock, so no budget's bit can be set after its end, and
 * reports the mark, not the shared bit (which stop_reset() may clear).
 * A fork's child has no watcher (only the forking thread is copied) and
 * no budget: budget_fork_child() clears the bit and lets its next budget
 * start a watcher. */

/* The longest budget: its end stays well inside a timespec. */
#define BUDGET_MAX_SECONDS 1e9

static struct {
  pthread_mutex_t mu;
  pthread_cond_t cv;
  struct timespec until;
  unsigned gen;   /* budgets begun */
  unsigned fired; /* the last one that ran out (its gen) */
  bool on, started;
} bud = {.mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};

/* The condition variable waits on CLOCK_MONOTONIC, as now_seconds(). */
static void budget_cv_init(void) {
  int rc = clock_cond_init(&bud.cv);
  assert(rc == 0); /* only ENOMEM, which Linux's condition variables never need */
  (void)rc;
}

/* Around a fork: the lock held across it by the forking thread, so the
 * child's copy is whole and that thread (the child's only one) owns it.
 * The child's condition variable is made anew: the parent's watcher
 * waits on the copied one, and a waiter that is not there hangs it. */
static void budget_fork_prepare(void) { pthread_mutex_lock(&bud.mu); }
static void budget_fork_parent(void) { pthread_mutex_unlock(&bud.mu); }
static void budget_fork_child(void) {
  bud.on = bud.started = false;
  atomic_fetch_and_explicit(&optle_stop_flag, ~STOP_BUDGET, memory_order_relaxed);
  budget_cv_init();
  pthread_mutex_unlock(&bud.mu);
}

/* Once: the monotonic condition variable, and the fork handlers. */
static void budget_once(void) {
  pthread_cond_destroy(&bud.cv);
  budget_cv_init();
  int rc = pthread_atfork(budget_fork_prepare, budget_fork_parent, budget_fork_child);
  assert(rc == 0); /* only ENOMEM */
  (void)rc;
}

static void *budget_watch(void *arg) {
  (void)arg;
  pthread_mutex_lock(&bud.mu);
  for (;;) {
    while (!bud.on) pthread_cond_wait(&bud.cv, &bud.mu);
    unsigned gen = bud.gen;
    int rc = 0;
    while (bud.on && bud.gen == gen && rc == 0)
      rc = pthread_cond_timedwait(&bud.cv, &bud.mu, &bud.until);
    assert(rc == 0 || rc == ETIMEDOUT); /* until is a valid time (budget_begin()) */
    if (bud.on && bud.gen == gen) {
      bud.fired = gen;
      atomic_fetch_or_explicit(&optle_stop_flag, STOP_BUDGET, memory_order_relaxed);
    }
    while (bud.on && bud.gen == gen) pthread_cond_wait(&bud.cv, &bud.mu);
  }
  return NULL;
}

/* The watcher, started once (bud.mu held).  False when it cannot be.
 * It blocks every signal (its mask is the creator's while it starts): a
 * stop's SIGINT or SIGTERM must reach a thread whose blocking call it
 * is meant to interrupt, never the watcher, which lives on. */
static bool budget_watcher(void) {
  if (bud.started) return true;
  pthread_attr_t a;
  pthread_t th;
  if (pthread_attr_init(&a)) return false;
  pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  bud.started = !pthread_create(&th, &a, budget_watch, NULL);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  pthread_attr_destroy(&a);
  return bud.started;
}

void budget_begin(double seconds) {
  assert(seconds > 0);
  if (!(seconds > 0)) seconds = 1e-9; /* NaN or none: run out at once */
  if (seconds > BUDGET_MAX_SECONDS) seconds = BUDGET_MAX_SECONDS;
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, budget_once);
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  double end = (double)ts.tv_nsec * 1e-9 + seconds;
  pthread_mutex_lock(&bud.mu);
  assert(!bud.on); /* one at a time */
  assert(!(atomic_load(&optle_stop_flag) & STOP_BUDGET)); /* set only while one is on */
  /* No thread: no budget, and the work runs whole. */
  if (budget_watcher()) {
    bud.until.tv_sec = ts.tv_sec + (time_t)end;
    bud.until.tv_nsec = (long)((end - (double)(time_t)end) * 1e9);
    bud.gen++;
    bud.on = true;
    pthread_cond_broadcast(&bud.cv);
  }
  pthread_mutex_unlock(&bud.mu);
}

bool budget_running(void) {
  pthread_mutex_lock(&bud.mu);
  bool on = bud.on;
  pthread_mutex_unlock(&bud.mu);
  return on;
}

bool budget_end(void) {
  pthread_mutex_lock(&bud.mu);
  bool was_on = bud.on, ran_out = bud.on && bud.fired == bud.gen;
  bud.on = false;
  pthread_cond_broadcast(&bud.cv);
  pthread_mutex_unlock(&bud.mu);
  if (was_on) atomic_fetch_and_explicit(&optle_stop_flag, ~STOP_BUDGET, memory_order_relaxed);
  return ran_out;
}
