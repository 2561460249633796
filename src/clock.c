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

double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Lock-free: safe to set from a signal handler, and to read from every
 * thread without a data race. */
atomic_int optle_stop_flag;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "a signal handler sets optle_stop_flag");
static volatile sig_atomic_t timed_out;

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
  atomic_store(&optle_stop_flag, 0);
}

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
  stop_catch_fatal(NULL);
}

/* A signal that ends the process: the cleanup (the output files'
 * temporary files), then the signal's own default action. */
static void on_fatal_signal(int sig) {
  cleanup_fn f = atomic_load(&fatal_cleanup);
  if (f) f();
  signal(sig, SIG_DFL);
  raise(sig);
}

void stop_catch_fatal(void (*cleanup)(void)) {
  static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM};
  if (cleanup) atomic_store(&fatal_cleanup, cleanup);
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

/* ------------------------------------------------------------------ */
/* Budgets: a watchdog thread waits on a condition variable until the
 * budget's end (CLOCK_MONOTONIC), then sets STOP_BUDGET; budget_end()
 * wakes it early and joins it. */

static struct {
  pthread_mutex_t mu;
  pthread_cond_t cv;
  pthread_t th;
  struct timespec until;
  bool on, over;
} bud = {.mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};

/* The condition variable waits on CLOCK_MONOTONIC, as now_seconds(). */
static void budget_clock(void) {
  pthread_condattr_t a;
  pthread_condattr_init(&a);
  pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
  pthread_cond_destroy(&bud.cv);
  pthread_cond_init(&bud.cv, &a);
  pthread_condattr_destroy(&a);
}

static void *budget_watch(void *arg) {
  (void)arg;
  pthread_mutex_lock(&bud.mu);
  int rc = 0;
  while (bud.on && rc != ETIMEDOUT) rc = pthread_cond_timedwait(&bud.cv, &bud.mu, &bud.until);
  if (bud.on) atomic_fetch_or_explicit(&optle_stop_flag, STOP_BUDGET, memory_order_relaxed);
  pthread_mutex_unlock(&bud.mu);
  return NULL;
}

void budget_begin(double seconds) {
  assert(!bud.on && seconds > 0);
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, budget_clock);
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  double end = (double)ts.tv_nsec * 1e-9 + seconds;
  bud.until.tv_sec = ts.tv_sec + (time_t)end;
  bud.until.tv_nsec = (long)((end - (double)(time_t)end) * 1e9);
  bud.on = true;
  /* No thread: no budget, and the work runs whole. */
  if (pthread_create(&bud.th, NULL, budget_watch, NULL)) bud.on = false;
}

bool budget_end(void) {
  if (!bud.on) return false;
  pthread_mutex_lock(&bud.mu);
  bud.on = false;
  pthread_cond_signal(&bud.cv);
  pthread_mutex_unlock(&bud.mu);
  pthread_join(bud.th, NULL);
  int was = atomic_fetch_and_explicit(&optle_stop_flag, ~STOP_BUDGET, memory_order_relaxed);
  return (was & STOP_BUDGET) != 0;
}
