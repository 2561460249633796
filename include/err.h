/*
 * err.h: errors.  The one-line message a failing library function leaves
 * for its caller, and the exit statuses the commands end with.
 *
 * Error model.  Library functions never exit on bad input: they record a
 * one-line message with err_set() ("file:line: reason" for files) and
 * return an error code; the CLI prints err_msg() and exits with status 2.
 * The one exception is running out of memory, which no caller can repair
 * (mem.h: "optle: out of memory (N bytes)", status 3).
 *
 * The message is per thread (a _Thread_local buffer): a function that
 * fails on one thread never overwrites what another thread's caller is
 * about to read, and err_msg() returns the calling thread's last message.
 * Messages never echo raw control bytes: err_set() escapes everything it
 * formats (esc_controls()).
 *
 * Exit statuses (documented in docs/cli.md and --help):
 *   0 solved / valid   1 no strategy within the guess limit
 *   2 bad usage or input   3 out of memory or internal error
 *   4 stopped (Ctrl-C, SIGTERM or --time-limit) before the proof finished
 */
#ifndef OPTLE_ERR_H
#define OPTLE_ERR_H

#include <stddef.h>

enum { EXIT_OK = 0, EXIT_NOSTRATEGY = 1, EXIT_USAGE = 2, EXIT_INTERNAL = 3, EXIT_STOPPED = 4 };

/* Record this thread's error message (printf-style, control bytes
 * escaped, at most ERR_MAX - 1 bytes); always returns -1. */
#define ERR_MAX 1024
int err_set(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* This thread's last message ("unknown error" if none). */
const char *err_msg(void);

/* Control bytes (below 0x20, and 0x7f) of src as \t, \r, \n, \xHH,
 * bytes that are not UTF-8 as \xHH and invisible characters (a no-break
 * space, a zero-width one, a byte order mark: utf8.h) as <U+00A0>, into
 * dst (always terminated): messages never echo raw control bytes of user
 * input to a terminal, nor show a blank that is not one.  err_set() and
 * usage_error() escape everything they format. */
void esc_controls(char *dst, size_t size, const char *src);

#endif
