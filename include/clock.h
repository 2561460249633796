/*
 * clock.h: the clock and stopping.  Wall-clock time, and the one home of
 * signal handling: how a command is told to stop, by a signal or its
 * time limit, and what a signal that ends the process does first.
 *
 * Stopping.  stop_catch_signals() makes SIGINT, SIGTERM and SIGHUP set
 * the process's stop flag (and nothing else, but for a second one,
 * below); every long phase (the feedback table, the greedy seed and
 * strategies, the search, the tree)
 * checks stop_requested() and returns what it has, and the commands then
 * say what was done and exit with status 4.  stop_after() sets a time
 * limit: SIGALRM then sets the flag too, and stop_timed_out() says so.
 * stop_request() sets the flag from code (it is async-signal-safe: a
 * lock-free atomic store).  SIGHUP, and the signals below, stay ignored
 * when the process inherited them so (nohup; SIGPIPE ignored gives EPIPE
 * instead); SIGINT and SIGTERM are always caught (a shell starts a
 * script's background jobs with SIGINT ignored).  A second stop signal,
 * STOP_FORCE_MS (tuning.h) or more after the first, ends the process as
 * the fatal ones below do (a stop still running then is stuck, or
 * unwanted); closer ones are the same stop.
 *
 * The other signals that end a process by default (SIGQUIT, SIGUSR1,
 * SIGUSR2, SIGPIPE, SIGALRM without a time limit; SIGINT, SIGTERM and
 * SIGHUP where no stop is caught) first run the cleanup given to
 * stop_catch_fatal() (the output files' out_unlink_temps(), util.h, which
 * removes their temporary files), then end the process as before.  The
 * cleanup is a function pointer, so this module knows nothing of output
 * files (they call it: out_open()).  Only a process whose signals are
 * optle's (the CLI: stop_own_signals()) installs them; in the library's
 * caller's process stop_catch_fatal() keeps the cleanup and installs
 * nothing (optle.h: the library installs no signal handler).
 *
 * Budgets.  A search may try a piece of work for a while and give it up
 * (the root proof's upper bound, and a hard-mode big class's proof and
 * feasibility test: search_proof.c, search_first.c), with
 * budget_begin(seconds) and budget_end().  Running out sets a second bit
 * of the same flag (STOP_BUDGET), so every check that unwinds on a stop
 * (stop_requested(), read in the search's inner loops) unwinds on it
 * too, at no extra cost; budget_end() clears it, and says whether it was
 * set.  What decides that the run itself ends (the dealt loops of
 * dist.c, a command's exit) reads stop_final(), the stop bit alone.  A
 * watchdog thread, started by the first budget and kept for the next,
 * sets the bit: one budget at a time per process.
 *
 * Invariants: the stop bit only goes from 0 to 1 within a command (the
 * library, optle.h, clears it with stop_reset() as each call that
 * searches begins, under its run lock, and as a game's load begins only
 * while no search runs: api_impl.h); the budget bit is set only between
 * budget_begin() and budget_end(); the handlers touch only lock-free
 * atomics and async-signal-safe calls.
 */
#ifndef OPTLE_CLOCK_H
#define OPTLE_CLOCK_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>

/* Wall-clock seconds since an arbitrary origin (monotonic). */
double now_seconds(void);
/* A condition variable whose timed waits read now_seconds()'s clock
 * (CLOCK_MONOTONIC), so that a wall clock set back or forth moves no
 * deadline; its deadlines are clock_deadline()'s.  0, or pthread's
 * error. */
int clock_cond_init(pthread_cond_t *cv);
/* now_seconds()'s time t (>= 0) as a timed wait's deadline. */
struct timespec clock_deadline(double t);

extern atomic_int optle_stop_flag;
void stop_catch_signals(void);
/* Install the fatal signals' handlers (above).  cleanup, when not NULL,
 * becomes what they run first (async-signal-safe; the last one given). */
void stop_catch_fatal(void (*cleanup)(void));
/* The process's signals are optle's: its command line (cli_main()), never
 * the library.  stop_catch_signals() says so too. */
void stop_own_signals(void);
/* Between hold and release a fatal signal waits: release acts on it
 * (the cleanup, then the default action).  For a write in place, which
 * a signal must not cut in two (util_out.c); never nested. */
void stop_fatal_hold(void);
void stop_fatal_release(void);
void stop_request(void);
/* Clear the flag and the time limit's mark: a new call of the library
 * (never the CLI's commands, whose stop is final). */
void stop_reset(void);
enum { STOP_FINAL = 1, STOP_BUDGET = 2 }; /* optle_stop_flag's bits */
/* Unwind now: a stop, or a budget run out. */
static inline bool stop_requested(void) {
  return atomic_load_explicit(&optle_stop_flag, memory_order_relaxed) != 0;
}
/* The run stops: a signal, the time limit, stop_request(). */
static inline bool stop_final(void) {
  return (atomic_load_explicit(&optle_stop_flag, memory_order_relaxed) & STOP_FINAL) != 0;
}
/* A budget of `seconds` (> 0; at most 10^9 are counted) from now:
 * stop_requested() becomes true when it runs out, until budget_end().
 * One at a time.  Where the watcher thread cannot be started, there is
 * no budget: the work runs whole, and budget_end() says it did. */
void budget_begin(double seconds);
/* The budget's end: true when it ran out (its work is incomplete and
 * must be thrown away), whatever cleared the flag since; the budget bit
 * is clear again. */
bool budget_end(void);
/* Whether a budget is on (between budget_begin() and budget_end()):
 * a caller that would begin one first asks, as they never nest. */
bool budget_running(void);
/* Stop after `seconds` (> 0) from now, as on Ctrl-C. */
void stop_after(double seconds);
bool stop_timed_out(void);
/* Seconds since the command began to catch stops (stop_catch_signals()
 * or stop_after(), whichever came first). */
double stop_elapsed(void);
/* "optle: stopped after 1.2 s, WHAT" (or "time limit reached after"),
 * on stderr: the one line a stopped command says why it ended. */
void stop_say(const char *what);

#endif
