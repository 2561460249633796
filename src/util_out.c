/*
 * util_out.c: output files and -o sets (util.h, "Output files"): how a
 * path is written (standard output, a temporary file renamed over the
 * target, or in place), the temporary files a fatal signal removes, the
 * -o sets of the commands, and the end of standard output.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

/* ------------------------------------------------------------------ */
/* Temporary files a fatal signal removes (clock.c's handler).         */

#define TEMPS_MAX (2 * OUTS_MAX)
static _Atomic(char *) temps[TEMPS_MAX];
_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2, "a signal handler reads temps[]");

static void temp_add(char *path) {
  for (int i = 0; i < TEMPS_MAX; i++) {
    char *none = NULL;
    if (atomic_compare_exchange_strong(&temps[i], &none, path)) return;
  }
}

static void temp_drop(const char *path) {
  for (int i = 0; i < TEMPS_MAX; i++)
    if (atomic_load(&temps[i]) == path) atomic_store(&temps[i], NULL);
}

void out_unlink_temps(void) {
  for (int i = 0; i < TEMPS_MAX; i++) {
    char *p = atomic_exchange(&temps[i], NULL);
    if (p) unlink(p); /* async-signal-safe */
  }
}

/* ------------------------------------------------------------------ */
/* Where a path leads                                                   */

/* PATH with every symbolic link on its last component followed, also
 * when the last link is dangling (its target does not exist yet): a
 * malloc'd path, or NULL with errno set. */
static char *resolve(const char *path) {
  char *p = xstrdup(path);
  for (int hops = 0; hops < 40; hops++) {
    struct stat st;
    int missing = lstat(p, &st);
    if (missing && errno != ENOENT) {
      free(p);
      return NULL;
    }
    if (missing || !S_ISLNK(st.st_mode)) {
      /* The end of the chain.  The directory part may hold links too:
       * realpath() it when it exists, so that a temporary file lands
       * beside the real target. */
      char *slash = strrchr(p, '/');
      if (!slash || slash == p) return p;
      *slash = '\0';
      char *dir = realpath(p, NULL);
      *slash = '/';
      if (!dir) return p;
      size_t n = strlen(dir) + strlen(slash) + 1;
      char *q = xmalloc(n);
      snprintf(q, n, "%s%s", strcmp(dir, "/") ? dir : "", slash);
      free(dir);
      free(p);
      return q;
    }
    char link[PATH_MAX];
    ssize_t len = readlink(p, link, sizeof link - 1);
    if (len < 0) {
      free(p);
      return NULL;
    }
    link[len] = '\0';
    char *next;
    const char *slash = strrchr(p, '/');
    if (link[0] == '/' || !slash) {
      next = xstrdup(link);
    } else {
      size_t n = (size_t)(slash - p) + 1 + (size_t)len + 1;
      next = xmalloc(n);
      snprintf(next, n, "%.*s%s", (int)(slash - p + 1), p, link);
    }
    free(p);
    p = next;
  }
  free(p);
  errno = ELOOP;
  return NULL;
}

/* The directory part of a path ("." when there is none). */
static char *dir_of(const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash) return xstrdup(".");
  if (slash == path) return xstrdup("/");
  size_t n = (size_t)(slash - path);
  char *d = xmalloc(n + 1);
  memcpy(d, path, n);
  d[n] = '\0';
  return d;
}

static bool same_inode(const struct stat *a, const struct stat *b) {
  return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* Where a path leads, also when nothing is there yet: the directory its
 * last component lands in once every link is followed (a dangling
 * one's target included), by device and inode, and that component's
 * name.  False when that directory cannot be reached (nothing can be
 * written there either). */
typedef struct {
  dev_t dev;
  ino_t ino;
  char *name; /* malloc'd */
} place;

static bool place_of(const char *path, place *pl) {
  char *r = resolve(path);
  if (!r) return false;
  char *dir = dir_of(r);
  const char *slash = strrchr(r, '/');
  struct stat st;
  bool ok = !stat(dir, &st) && S_ISDIR(st.st_mode);
  if (ok) {
    pl->dev = st.st_dev;
    pl->ino = st.st_ino;
    pl->name = xstrdup(slash ? slash + 1 : r);
  }
  free(dir);
  free(r);
  return ok;
}

bool out_is_stdout(const char *path) {
  struct stat so, sp;
  if (fstat(STDOUT_FILENO, &so) || stat(path, &sp) || !same_inode(&so, &sp)) return false;
  return !S_ISCHR(so.st_mode) || isatty(STDOUT_FILENO);
}

bool out_same_file(const char *a, const char *b) {
  struct stat sa, sb;
  if (!stat(a, &sa) && !stat(b, &sb)) return same_inode(&sa, &sb); /* hard links too */
  place pa, pb;
  if (!place_of(a, &pa)) return false;
  bool same = false;
  if (place_of(b, &pb)) {
    same = pa.dev == pb.dev && pa.ino == pb.ino && !strcmp(pa.name, pb.name);
    free(pb.name);
  }
  free(pa.name);
  return same;
}

/* ------------------------------------------------------------------ */
/* One output file                                                      */

static void out_clear(outfile *o) {
  free(o->path);
  free(o->target);
  free(o->tmp);
  free(o->buf);
  memset(o, 0, sizeof *o);
}

/* In place: the content gathered in memory, written at commit. */
static int open_direct(outfile *o) {
  o->mode = OUT_DIRECT;
  o->fp = open_memstream(&o->buf, &o->len);
  if (!o->fp) return err_set("%s: cannot write: %s", o->path, strerror(errno));
  return 0;
}

/* ------------------------------------------------------------------ */
/* Temporary files: unnamed where the system allows, else named for    */
/* their process                                                        */

/* This host's name as a temporary name carries it: [A-Za-z0-9-], at
 * most 32 characters. */
static const char *host_tag(void) {
  static char tag[33];
  if (!tag[0]) {
    char h[256] = "";
    if (gethostname(h, sizeof h - 1)) h[0] = '\0';
    size_t i = 0;
    for (; h[i] && i < sizeof tag - 1; i++) {
      char c = h[i];
      bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
      tag[i] = ok || c == '-' ? c : '-';
    }
    if (i == 0) tag[i++] = '-';
    tag[i] = '\0';
  }
  return tag;
}

/* "DIR/optle.tmp.HOST.PID." followed by suffix: a malloc'd path. */
static char *temp_name(const char *dir, const char *suffix) {
  size_t n = strlen(dir) + strlen(suffix) + 64;
  char *p = xmalloc(n);
  snprintf(p, n, "%s/optle.tmp.%s.%ld.%s", dir, host_tag(), (long)getpid(), suffix);
  return p;
}

/* Remove the temporary files of this host's processes that no longer
 * exist (killed with SIGKILL while they wrote): regular files of ours,
 * named optle.tmp.HOST.PID.*, whose PID is no process. */
static void sweep_stale(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return;
  char prefix[64];
  int plen = snprintf(prefix, sizeof prefix, "optle.tmp.%s.", host_tag());
  struct dirent *e;
  while ((e = readdir(d))) {
    if (strncmp(e->d_name, prefix, (size_t)plen)) continue;
    char *end;
    long pid = strtol(e->d_name + plen, &end, 10);
    struct stat st;
    if (end == e->d_name + plen || *end != '.' || pid <= 0 || pid == (long)getpid()) continue;
    if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue; /* alive, or not ours to know */
    if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode) ||
        st.st_uid != geteuid())
      continue;
    unlinkat(dirfd(d), e->d_name, 0);
  }
  closedir(d);
}

/* A new temporary file in dir: unnamed (O_TMPFILE: nothing to leave
 * behind; out_commit() links it in) where the filesystem allows and
 * /proc can name it, else named for this process (o->tmp), for the
 * signal handler to remove.  Its descriptor, or -1 with errno set. */
static int temp_create(outfile *o, const char *dir) {
  int fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
  if (fd >= 0) {
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    if (!access(proc, F_OK)) {
      o->anon = true;
      return fd;
    }
    close(fd);
  }
  o->tmp = temp_name(dir, "XXXXXX");
  fd = mkostemp(o->tmp, O_CLOEXEC);
  if (fd < 0) {
    int e = errno;
    free(o->tmp);
    o->tmp = NULL;
    errno = e;
    return -1;
  }
  temp_add(o->tmp);
  return fd;
}

/* The unnamed temporary file (o->anon) given a name beside the target
 * (o->tmp), for the rename.  0, or -1 with errno set. */
static int temp_link(outfile *o) {
  static unsigned seq;
  char proc[64], suffix[32];
  snprintf(proc, sizeof proc, "/proc/self/fd/%d", fileno(o->fp));
  char *dir = dir_of(o->target);
  int rc = -1;
  for (int tries = 0; tries < 64 && rc; tries++) {
    snprintf(suffix, sizeof suffix, "%06x", (unsigned)(now_seconds() * 1e6) * 2654435761u + seq++);
    o->tmp = temp_name(dir, suffix);
    temp_add(o->tmp); /* from before the link: a signal between link and rename removes it */
    rc = linkat(AT_FDCWD, proc, AT_FDCWD, o->tmp, AT_SYMLINK_FOLLOW);
    if (rc) {
      int e = errno;
      temp_drop(o->tmp);
      free(o->tmp);
      o->tmp = NULL;
      errno = e;
      if (e != EEXIST) break;
    }
  }
  free(dir);
  return rc;
}

/* Close a temporary file that is not to be used. */
static void temp_discard(outfile *o, int fd) {
  close(fd);
  if (o->tmp) {
    temp_drop(o->tmp);
    unlink(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
  }
  o->anon = false;
}

/* A temporary file beside the target, with the mode and owner of the
 * file it replaces (st, or NULL for a new file).  1 when a rename could
 * not keep them (the caller writes in place instead). */
static int open_temp(outfile *o, const struct stat *st) {
  char *dir = dir_of(o->target);
  sweep_stale(dir);
  int fd = temp_create(o, dir);
  if (fd < 0) {
    int e = errno;
    struct stat ds;
    bool dir_there = !stat(dir, &ds) && S_ISDIR(ds.st_mode);
    free(dir);
    if (st && (e == EACCES || e == EPERM || e == EROFS) && !access(o->target, W_OK)) return 1;
    /* The file and its directory are there, but the directory takes no
     * new file (/proc): say so, rather than a bare "No such file or
     * directory" of a file that is there. */
    if (st && dir_there)
      return err_set("%s: cannot write: no temporary file can be made beside it, to write it "
                     "whole: %s", o->path, strerror(e));
    return err_set("%s: cannot write: %s", o->path, strerror(e));
  }
  free(dir);
  mode_t mode;
  if (st) {
    mode = st->st_mode & 07777;
  } else {
    mode_t mask = umask(0);
    umask(mask);
    mode = 0666 & ~mask;
  }
  bool kept = !fchmod(fd, mode);
  if (st && (st->st_uid != geteuid() || st->st_gid != getegid()))
    kept = kept && !fchown(fd, st->st_uid, st->st_gid);
  if (!kept) { /* rename would change who may read it: write in place */
    temp_discard(o, fd);
    return 1;
  }
  o->fp = fdopen(fd, "w");
  if (!o->fp) {
    int e = errno;
    temp_discard(o, fd);
    return err_set("%s: cannot write: %s", o->path, strerror(e));
  }
  o->mode = OUT_RENAME;
  return 0;
}

int out_open(outfile *o, const char *path) {
  memset(o, 0, sizeof *o);
  if (!strcmp(path, "-")) {
    o->fp = stdout;
    return 0;
  }
  if (!*path) return err_set("an empty file name: give the file to write");
  stop_catch_fatal(out_unlink_temps); /* a fatal signal removes the temporary file */
  o->path = xstrdup(path);
  struct stat st, out;
  if (stat(path, &st)) {
    if (errno != ENOENT) {
      err_set("%s: cannot write: %s", path, strerror(errno));
      out_clear(o);
      return -1;
    }
    /* Nothing there yet (or a dangling link): a new file, where the
     * links lead. */
    o->target = resolve(path);
    if (!o->target) {
      err_set("%s: cannot write: %s", path, strerror(errno));
      out_clear(o);
      return -1;
    }
    if (open_temp(o, NULL)) {
      out_clear(o);
      return -1;
    }
    return 0;
  }
  if (S_ISDIR(st.st_mode)) {
    err_set("%s: cannot write: is a directory", path);
    out_clear(o);
    return -1;
  }
  if (!fstat(STDOUT_FILENO, &out) && same_inode(&st, &out)) {
    /* /dev/stdout, /dev/fd/1, or the file stdout was redirected to. */
    o->fp = stdout;
    return 0;
  }
  if (access(path, W_OK)) {
    err_set("%s: cannot write: %s", path, strerror(errno));
    out_clear(o);
    return -1;
  }
  o->target = S_ISREG(st.st_mode) ? realpath(path, NULL) : NULL;
  if (!S_ISREG(st.st_mode) || st.st_nlink > 1 || !o->target) {
    if (!o->target) o->target = xstrdup(path);
    if (open_direct(o)) {
      out_clear(o);
      return -1;
    }
    return 0;
  }
  int r = open_temp(o, &st);
  if (r == 1) r = open_direct(o);
  if (r) {
    out_clear(o);
    return -1;
  }
  return 0;
}

/* write() all of buf to fd. */
static int write_all(int fd, const char *buf, size_t len) {
  while (len) {
    ssize_t w = write(fd, buf, len);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return -1;
    buf += w;
    len -= (size_t)w;
  }
  return 0;
}

/* The in-place write: reserve the space first, so that a full disk
 * leaves a regular file as it was; then the content, then the length;
 * for a regular file the fatal signals held meanwhile (clock.h), so that
 * Ctrl-C or SIGTERM leaves it whole, old or new, never the new content
 * over the old one's tail. */
static int commit_direct(outfile *o) {
  int fd = open(o->target, O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return -1;
  struct stat st;
  bool reg = !fstat(fd, &st) && S_ISREG(st.st_mode);
  /* Only a regular file's write is held: one to a FIFO or a pipe can
   * block for as long as its reader stalls, and a kill must still end it. */
  if (reg) stop_fatal_hold();
  int bad = 0;
  if (reg && o->len && fallocate(fd, 0, 0, (off_t)o->len) && errno != EOPNOTSUPP &&
      errno != ENOSYS)
    bad = 1;
  if (!bad) bad = write_all(fd, o->buf, o->len);
  if (!bad && reg) bad = ftruncate(fd, (off_t)o->len) || fsync(fd);
  int e = errno; /* the first failure's, kept past close and the release */
  if (close(fd) && !bad) bad = 1, e = errno;
  if (reg) stop_fatal_release();
  errno = e;
  return bad ? -1 : 0;
}

int out_commit(outfile *o) {
  if (o->fp == stdout) {
    int bad = fflush(stdout) || ferror(stdout);
    if (bad) err_set("%s: cannot write: %s", o->path ? o->path : "stdout", strerror(errno));
    if (bad) clearerr(stdout); /* said once: stdout_close() says nothing more of it */
    out_clear(o);
    return bad ? -1 : 0;
  }
  int bad = ferror(o->fp) != 0;
  if (o->mode == OUT_RENAME) {
    bad = bad || fflush(o->fp) || fsync(fileno(o->fp));
    if (!bad && o->anon && temp_link(o)) bad = 1;
    int e = errno;
    bad |= fclose(o->fp) != 0;
    o->fp = NULL;
    if (!bad && rename(o->tmp, o->target)) bad = 1;
    else errno = e;
    if (bad) {
      err_set("%s: cannot write: %s", o->path, strerror(errno));
      if (o->tmp) unlink(o->tmp);
    }
    if (o->tmp) temp_drop(o->tmp);
  } else {
    bad |= fclose(o->fp) != 0; /* the memory stream: its buffer is final */
    o->fp = NULL;
    if (bad) err_set("%s: cannot write: out of memory", o->path);
    else if (commit_direct(o)) bad = 1, err_set("%s: cannot write: %s", o->path, strerror(errno));
  }
  out_clear(o);
  return bad ? -1 : 0;
}

void out_abort(outfile *o) {
  if (o->fp && o->fp != stdout) fclose(o->fp);
  if (o->tmp) {
    unlink(o->tmp);
    temp_drop(o->tmp);
  }
  out_clear(o);
}

/* ------------------------------------------------------------------ */
/* A command's -o files                                                 */

int outs_open(outset *o, const char *const *paths, int n) {
  memset(o, 0, sizeof *o);
  for (int i = 0; i < n && i < OUTS_MAX; i++) {
    if (out_open(&o->f[i], paths[i])) {
      err_print(); /* names the path */
      outs_abort(o);
      return -1;
    }
    o->path[i] = paths[i];
    o->n = i + 1;
    /* Two names of one file (a link and its target, ./x and x): the
     * second write would undo the first. */
    for (int j = 0; j < i; j++) {
      const outfile *a = &o->f[i], *b = &o->f[j];
      bool same = a->fp == stdout ? b->fp == stdout
                                  : b->target && a->target && (!strcmp(a->target, b->target) ||
                                                               out_same_file(a->target, b->target));
      if (same) {
        err_say("-o %s: the same file as -o %s", paths[i], paths[j]);
        outs_abort(o);
        return -1;
      }
    }
  }
  return 0;
}

int outs_write(outset *o, out_writer write, void *arg) {
  int rc = 0;
  for (int i = 0; i < o->n; i++) {
    if (write(o->f[i].fp, o->path[i], arg)) {
      char why[1024];
      snprintf(why, sizeof why, "%s", err_msg());
      err_say("%s: %s", o->path[i], why); /* escapes the path */
      out_abort(&o->f[i]);
      rc = -1;
    } else if (out_commit(&o->f[i])) {
      err_print(); /* names the path */
      rc = -1;
    } else {
      o->wrote[i] = true;
    }
  }
  return rc;
}

void outs_abort(outset *o) {
  for (int i = 0; i < o->n; i++) out_abort(&o->f[i]);
  o->n = 0;
}

void outs_report(const outset *o, FILE *fp, const char *label) {
  char shown[4096]; /* the user's path: no raw control bytes (a newline would split the line) */
  for (int i = 0; i < o->n; i++)
    if (o->wrote[i]) {
      esc_controls(shown, sizeof shown, o->path[i]);
      fprintf(fp, "%s%s\n", label, shown);
    }
}

/* ------------------------------------------------------------------ */
/* Standard output                                                      */

int stderr_cols(void) {
  struct winsize w;
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col >= 20) return w.ws_col;
  return 80;
}

int stdout_close(void) {
  int bad = fflush(stdout) ? errno : 0;
  if (!bad && ferror(stdout)) bad = -1;
  if (!bad && fclose(stdout)) bad = errno;
  if (!bad) return 0;
  fprintf(stderr, "optle: standard output: %s\n",
          bad > 0 ? strerror(bad) : "write error (the output is incomplete)");
  return -1;
}
