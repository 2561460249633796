/* clock.c: the clock and stopping (clock.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "clock.h"

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

void stop_request(void) { atomic_store_explicit(&optle_stop_flag, 1, memory_order_relaxed); }

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
