/* dot.c: strategy trees as Graphviz DOT (dot.h). */
#include "dot.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "feedback.h"
#include "ratio.h"
#include "util.h"

#define GREEN "#6aaa64"
#define YELLOW "#c9b458"
#define GRAY "#787c7e"

typedef struct {
  FILE *fp;
  const game *g;
  int max_depth;
  int ids; /* nodes written so far: the next id */
} dotw;

static void upper(char out[6], const char *w) {
  for (int i = 0; i < 5; i++) out[i] = (char)toupper((unsigned char)w[i]);
  out[5] = '\0';
}

/* The edge label: the parent's letters on tiles coloured by pattern p. */
static void tiles(FILE *fp, const char *guess, int p) {
  static const char *const colour[3] = {GRAY, YELLOW, GREEN};
  fputs("<<table border=\"0\" cellborder=\"0\" cellspacing=\"1\" cellpadding=\"2\"><tr>", fp);
  for (int i = 0; i < 5; i++, p /= 3)
    fprintf(fp, "<td bgcolor=\"%s\" width=\"13\"><font color=\"white\"><b>%c</b></font></td>",
            colour[p % 3], toupper((unsigned char)guess[i]));
  fputs("</tr></table>>", fp);
}

/* Write node t (level d, 0-based) and everything shown below it;
 * returns its id. */
static int node(dotw *w, const tnode *t, int d) {
  int id = w->ids++;
  const char *gw = w->g->guesses.w[t->guess];
  char up[6];
  upper(up, gw);
  if (t->nkids == 0) {
    fprintf(w->fp, "  n%d [label=\"%s\", style=filled, fillcolor=\"" GREEN
                   "\", color=\"" GREEN "\", fontcolor=white];\n",
            id, up);
    return id;
  }
  int below_n = 0;
  long below_total = 0;
  for (int i = 0; i < t->nkids; i++) {
    below_n += t->kid[i]->n;
    below_total += t->kid[i]->total;
  }
  int wins = t->n > below_n;
  fprintf(w->fp,
          "  n%d [label=<<b>%s</b><br/><font point-size=\"9\">%d answers, avg %s</font>>%s];\n",
          id, up, t->n, ratio_fmt(t->total, t->n, 2, false).s,
          wins ? ", color=\"" GREEN "\", penwidth=2.5" : "");
  if (w->max_depth > 0 && d + 1 >= w->max_depth) {
    int s = w->ids++;
    fprintf(w->fp,
            "  n%d [label=\"\xe2\x80\xa6 %d answer%s, avg %s\", style=\"rounded,dashed\", "
            "fillcolor=white, fontcolor=\"#555555\"];\n",
            s, below_n, below_n == 1 ? "" : "s", ratio_fmt(below_total, below_n, 2, false).s);
    fprintf(w->fp, "  n%d -> n%d [style=dashed, label=\"%d branch%s\"];\n", id, s, t->nkids,
            t->nkids == 1 ? "" : "es");
    return id;
  }
  for (int i = 0; i < t->nkids; i++) {
    int k = node(w, t->kid[i], d + 1);
    fprintf(w->fp, "  n%d -> n%d [label=", id, k);
    tiles(w->fp, gw, t->pat[i]);
    fputs("];\n", w->fp);
  }
  return id;
}

/* Does a node at depth d of t (or below) have guesses after the cut at
 * max_depth levels, which node() then summarises? */
static bool cut_below(const tnode *t, int d, int max_depth) {
  if (!t->nkids) return false;
  if (d + 1 >= max_depth) return true;
  for (int i = 0; i < t->nkids; i++)
    if (cut_below(t->kid[i], d + 1, max_depth)) return true;
  return false;
}

int dot_write(FILE *fp, const tnode *t, const game *g, int max_depth) {
  if (!t) return err_set("dot: nothing to write");
  char up[6];
  upper(up, g->guesses.w[t->guess]);
  fprintf(fp,
          "digraph optle {\n"
          "  graph [rankdir=LR, nodesep=0.06, ranksep=0.3, fontname=\"Helvetica\", "
          "fontsize=13, labelloc=t, labeljust=l,\n"
          "         label=<<b>%s</b>: %d answers, %d guesses in total, average %s<br/>"
          "<font point-size=\"10\">green box: the answer is found; green outline: the guess "
          "may itself be the answer%s</font>>];\n"
          "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#f2f2f2\", color=\"#a0a0a0\", "
          "fontname=\"Helvetica\", fontsize=11, margin=\"0.08,0.03\", height=0.3];\n"
          "  edge [color=\"#9a9a9a\", arrowsize=0.5, fontname=\"Helvetica\", fontsize=9];\n",
          up, t->n, t->total, ratio4(t->total, t->n).s,
          max_depth > 0 && cut_below(t, 0, max_depth) ? "; dashed: the guesses after these, summarised"
                                                     : "");
  dotw w = {.fp = fp, .g = g, .max_depth = max_depth};
  node(&w, t, 0);
  fputs("}\n", fp);
  if (ferror(fp)) return err_set("dot: write failed: %s", strerror(errno));
  return 0;
}

/* ------------------------------------------------------------------ */
/* The picture drawn by Graphviz                                        */

extern char **environ;

bool dot_found(void) {
  const char *path = getenv("PATH");
  if (!path || !*path) path = "/usr/bin:/bin";
  for (const char *p = path; *p;) {
    const char *end = strchr(p, ':');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    char file[PATH_MAX];
    struct stat st;
    if (n && n + sizeof DOT_PROGRAM + 1 < sizeof file) {
      snprintf(file, sizeof file, "%.*s/%s", (int)n, p, DOT_PROGRAM);
      if (!stat(file, &st) && S_ISREG(st.st_mode) && !access(file, X_OK)) return true;
    }
    p += n + (end != NULL);
  }
  return false;
}

/* Run `dot -T<format>` with stdin from fd in, copying its stdout to fp.
 * 0, or -1 after err_set(). */
static int spawn_dot(int in, FILE *fp, const char *format) {
  int out[2];
  if (pipe2(out, O_CLOEXEC)) return err_set("cannot run %s: %s", DOT_PROGRAM, strerror(errno));
  char t[16];
  snprintf(t, sizeof t, "-T%s", format);
  char *argv[] = {DOT_PROGRAM, t, NULL};
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in, STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&fa, out[1], STDOUT_FILENO);
  pid_t pid;
  int e = posix_spawnp(&pid, DOT_PROGRAM, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(out[1]);
  if (e) {
    close(out[0]);
    return err_set("cannot run %s (Graphviz, package %s): %s", DOT_PROGRAM, DOT_PACKAGE,
                   strerror(e));
  }
  char buf[65536];
  ssize_t r;
  bool bad_write = false;
  size_t got = 0;
  while ((r = read(out[0], buf, sizeof buf)) != 0) {
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) break;
    got += (size_t)r;
    if (!bad_write && fwrite(buf, 1, (size_t)r, fp) != (size_t)r) bad_write = true;
  }
  close(out[0]);
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return err_set("%s: %s", DOT_PROGRAM, strerror(errno));
  if (WIFSIGNALED(status))
    return err_set("%s -T%s was killed by signal %d: nothing written", DOT_PROGRAM, format,
                   WTERMSIG(status));
  if (WEXITSTATUS(status))
    return err_set("%s -T%s failed (status %d): nothing written", DOT_PROGRAM, format,
                   WEXITSTATUS(status));
  if (bad_write) return err_set("cannot write: %s", strerror(errno));
  /* A picture is never empty: a dot that says it drew one and wrote
   * nothing is not trusted (the file is then not written: util.h). */
  if (!got) return err_set("%s -T%s wrote nothing: nothing written", DOT_PROGRAM, format);
  return 0;
}

/* SIGCHLD at its default while any thread runs dot.  An ignored SIGCHLD
 * (a parent's SIG_IGN survives exec; or SA_NOCLDWAIT) has the kernel
 * reap dot itself, and waitpid() then fails with ECHILD: its status,
 * whether it drew the picture, would be lost.  The disposition is a
 * process's, so the threads that draw at once share one change: the
 * first sets the default, the last restores what it found (each one
 * restoring its own once let another's dot be reaped unseen).  A host
 * that ignores SIGCHLD meanwhile has its own children that end while a
 * picture is drawn left for it to wait for. */
static pthread_mutex_t chld_lock = PTHREAD_MUTEX_INITIALIZER;
static int chld_users;         /* threads running dot now */
static bool chld_reset;        /* the first of them set the default */
static struct sigaction chld_old; /* and what it found */

static void chld_default(void) {
  pthread_mutex_lock(&chld_lock);
  if (chld_users++ == 0) {
    chld_reset = !sigaction(SIGCHLD, NULL, &chld_old) &&
                 (chld_old.sa_handler == SIG_IGN || (chld_old.sa_flags & SA_NOCLDWAIT));
    if (chld_reset) {
      struct sigaction dfl;
      memset(&dfl, 0, sizeof dfl);
      dfl.sa_handler = SIG_DFL;
      sigemptyset(&dfl.sa_mask);
      sigaction(SIGCHLD, &dfl, NULL);
    }
  }
  pthread_mutex_unlock(&chld_lock);
}

static void chld_restore(void) {
  pthread_mutex_lock(&chld_lock);
  assert(chld_users > 0);
  if (--chld_users == 0 && chld_reset) sigaction(SIGCHLD, &chld_old, NULL);
  pthread_mutex_unlock(&chld_lock);
}

static int run_dot(int in, FILE *fp, const char *format) {
  chld_default();
  int rc = spawn_dot(in, fp, format);
  chld_restore();
  return rc;
}

int dot_render(FILE *fp, const tnode *t, const game *g, int max_depth, const char *format) {
  FILE *src = tmpfile();
  if (!src) return err_set("cannot make a temporary file for %s: %s", DOT_PROGRAM, strerror(errno));
  int rc = dot_write(src, t, g, max_depth);
  if (!rc && (fflush(src) || ferror(src)))
    rc = err_set("cannot write a temporary file for %s: %s", DOT_PROGRAM, strerror(errno));
  if (!rc && lseek(fileno(src), 0, SEEK_SET) < 0)
    rc = err_set("cannot read back a temporary file: %s", strerror(errno));
  if (!rc) rc = run_dot(fileno(src), fp, format);
  fclose(src);
  return rc;
}
