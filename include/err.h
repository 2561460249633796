/*
 * err.h: errors.  The one-line message a failing library function leaves
 * for its caller, and the exit statuses the commands end with.
 *
 * Error model.  Library functions never exit on bad input: they record a
 * one-line message with err_set() ("file:line: reason" for files) and
 * return an error code; the CLI prints it as "optle: MESSAGE" with
 * err_print() (or sets and prints at once with err_say()) and exits with
 * status 2.  Notes that are no error (a checkpoint resumed) are printed
 * the same way, escaped, by err_note(): those three own that line.
 * The one exception is running out of memory, which no caller can repair
 * (mem.h: "optle: out of memory (N bytes)", status 3).
 *
 * The message is per thread (a _Thread_local buffer): a function that
 * fails on one thread never overwrites what another thread's caller is
 * about to read, and err_msg() returns the calling thread's last message.
 * Messages never echo raw control bytes: err_set() escapes everything it
 * formats (esc_controls()).
 *
 * Fatal errors (running out of memory, a broken invariant) all go
 * through err_fatal(): it prints "optle: MESSAGE" on stderr and exits
 * with the status, as the commands always have; unless the thread has
 * armed a trap (err_trap_arm(), the library's entry points, optle.h) and
 * is not inside an OpenMP parallel region, where it records the message
 * (err_msg()) and jumps back to the trap instead, so the library returns
 * an error where the CLI would exit.
 *
 * Exit statuses (documented in docs/cli.md and --help):
 *   0 solved / valid   1 no strategy within the guess limit
 *   2 bad usage or input   3 out of memory or internal error
 *   4 stopped (Ctrl-C, SIGTERM or --time-limit) before the proof finished
 */
#ifndef OPTLE_ERR_H
#define OPTLE_ERR_H

#include <setjmp.h>
#include <stddef.h>

enum { EXIT_OK = 0, EXIT_NOSTRATEGY = 1, EXIT_USAGE = 2, EXIT_INTERNAL = 3, EXIT_STOPPED = 4 };

/* Record this thread's error message (printf-style, control bytes
 * escaped, at most ERR_MAX - 1 bytes); always returns -1. */
#define ERR_MAX 1024
int err_set(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* This thread's last message ("unknown error" if none). */
const char *err_msg(void);
/* err_msg() on standard error, as "optle: MESSAGE". */
void err_print(void);
/* err_set(), then err_print(): -1. */
int err_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A note (not an error: err_msg() is kept) on standard error, as
 * "optle: NOTE", escaped as err_set() escapes: a resumed checkpoint, a
 * line cut short. */
void err_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Control bytes (below 0x20, and 0x7f) of src as \t, \r, \n, \xHH,
 * bytes that are not UTF-8 as \xHH and invisible characters (a no-break
 * space, a zero-width one, a byte order mark: utf8.h) as <U+00A0>, into
 * dst (always terminated): messages never echo raw control bytes of user
 * input to a terminal, nor show a blank that is not one.  err_set() and
 * usage_error() escape everything they format. */
void esc_controls(char *dst, size_t size, const char *src);

/* A fatal error: "optle: MESSAGE" and exit(status), or the trap's jump
 * (above).  Never returns. */
_Noreturn void err_fatal(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* This thread's trap, armed and used as
 *   err_trap t;
 *   err_trap_arm(&t);
 *   if (setjmp(t.jb)) return ...;   (a fatal error: err_msg() says it,
 *                                    t.status is its status, t disarmed)
 *   ... the work ...
 *   err_trap_disarm(&t);
 * (setjmp() stands alone in the condition, as C allows it.)  Traps nest
 * (the innermost catches). */
typedef struct err_trap {
  jmp_buf jb;
  int status;
  struct err_trap *prev;
} err_trap;
void err_trap_arm(err_trap *t);
void err_trap_disarm(err_trap *t);

#endif
