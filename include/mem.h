/*
 * mem.h: memory.  Allocation that never returns NULL, huge pages for
 * large tables, the peak resident size, and starting the threads (whose
 * failure is running out of memory too).
 *
 * Running out of memory is the one error no caller can repair: xmalloc()
 * and friends print "optle: out of memory (could not allocate N bytes)"
 * with what to do about it, and exit with status 3 (err.h err_fatal():
 * inside the library's entry points, optle.h, an error return where it
 * can be).  Every other
 * error is returned (err.h).  A size of 0 allocates a byte, so a result
 * is always a pointer that free() takes.
 */
#ifndef OPTLE_MEM_H
#define OPTLE_MEM_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* 64-byte aligned allocation, for tables the search scans. */
void *xaligned(size_t n);
/* n zeroed, page-aligned bytes straight from the system, given back
 * whole by xunmap(p, n) (p NULL: nothing): for a large scratch table
 * that is freed and made again larger, many times (the C library's
 * heap may keep each one freed as a hole: the L2 scratch of one root
 * proof grew the heap by 60 MB so). */
void *xmap(size_t n);
void xunmap(void *p, size_t n);
/* Asks the system to back [p, p + n) with huge pages where it can (the
 * 2 MiB-aligned part of it, when n is MEM_HUGE_MIN or more, tuning.h):
 * advice only, nothing changes if it is refused.  xaligned() and xmap()
 * ask it for every large table; the memo (memo.c) for a large memo. */
void mem_huge(void *p, size_t n);

/* Peak resident set size of this process in KiB, or 0 if unknown. */
long peak_rss_kib(void);

/* Threads.  A command's count is --threads, else OMP_NUM_THREADS (as
 * libgomp read it), else the cores it may use; from the environment at
 * most OPTLE_THREADS_MAX (tuning.h), --threads' own limit.  threads_cap()
 * applies that limit to OpenMP's default team (cli.c, before any
 * command: a parallel region of 100,000 threads would end the process
 * with no message); threads_default() is the count a search uses when
 * --threads is not given (at most OMP_THREAD_LIMIT).  threads_start(n) sets the count (n > 0: n;
 * 0: the default, saying on stderr when the environment asked for more
 * than the limit) and starts the threads now: if that fails, "optle: out
 * of memory" and exit status 3. */
void threads_cap(void);
/* The value of OMP_NUM_THREADS or OMP_THREAD_LIMIT (its name in *name)
 * when it is set but not what OpenMP takes (whole numbers from 1, up to
 * INT_MAX and comma-separated for the first, one for the second: libgomp
 * warns and ignores it, or cuts a count past INT_MAX to 32 bits), else
 * NULL: cli.c refuses to run a command under it. */
const char *threads_env_bad(const char **name);
/* n threads asked (--threads): at most the team OpenMP will start
 * (OMP_THREAD_LIMIT), which is what a command reports as its threads. */
int threads_usable(int n);
int threads_default(void);
void threads_start(int n);

#endif
