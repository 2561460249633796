/*
 * util.h: output files (util_out.c): the one home of writing them, and
 * of standard output's end.
 *
 * For the files that include it for everything, it also brings the base
 * modules below it, each with its own header and design note: err.h
 * (errors and exit statuses), mem.h (allocation, peak memory, starting
 * the threads) and clock.h (the clock, stopping and signals).  A module
 * that needs only those includes them instead.
 */
#ifndef OPTLE_UTIL_H
#define OPTLE_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "clock.h"
#include "err.h"
#include "mem.h"

/* Standard output at the end of a command: flush it and check that
 * everything written reached it (a full disk, a closed pipe with
 * SIGPIPE ignored).  0, or -1 after printing "optle: standard output:
 * ..." on stderr. */
int stdout_close(void);
/* The width of the terminal on standard error, or 80 (not one, or too
 * narrow to say): what a progress line rewritten in place may fill. */
int stderr_cols(void);

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
 * too (clock.h; out_unlink_temps() is async-signal-safe).  Only SIGKILL
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
/* Whether two paths name one file (links followed): the same inode
 * when both exist, else the same name in the same directory (by its
 * device and inode) once links, a dangling one's target included, are
 * followed: ckz and $PWD/ckz, ./y.json and y.json, a link and the file
 * it will make. */
bool out_same_file(const char *a, const char *b);
/* Whether path names the file standard output writes to (the same
 * inode: a file stdout is redirected to, /dev/stdout, /dev/fd/1), where
 * a command's report would land in its -o file too.  Not a device other
 * than a terminal (/dev/null keeps nothing, so nothing is mixed). */
bool out_is_stdout(const char *path);

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
