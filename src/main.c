/* main.c: optle's entry point; the command line lives in cli.c, the
 * ranks of an MPI run in dist.c.
 *
 * libgomp's default wait policy has idle threads spin after every
 * parallel region.  On a machine whose cores are shared that spinning
 * takes the cores the search needs (NYT --first salet, 2 threads, on the
 * busy 2-core development machine: 1.1-1.7 s spinning, 0.8-1.1 s
 * passive; docs/reliability.md).  libgomp reads OMP_WAIT_POLICY once,
 * before main(), so when neither it nor GOMP_SPINCOUNT is set, optle
 * sets it to "passive" and executes itself again (about a millisecond);
 * an explicit setting is left alone.
 *
 * A standard stream the caller closed (`2>&-`) would be the next file
 * optle opens: its messages would go into an -o file being written, and
 * its report into a checkpoint.  So each closed one is first opened on
 * /dev/null, for the other direction (as gnulib's stdopen does): a write
 * to a closed stdout still fails (status 2, as before), one to a closed
 * stderr goes nowhere, and no file of optle's is fd 0, 1 or 2 (unless
 * /dev/null itself cannot be opened: then as before).
 *
 * The kernel names a process by the file it executed, so the one that
 * executed /proc/self/exe would be "exe" in ps, top and pgrep: on Linux
 * it takes back the name of its argv[0] (prctl(PR_SET_NAME), which the
 * threads made later inherit). */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <signal.h>
#include <stdio.h>

#include "cli.h"
#include "dist.h"
#include "err.h"

/* Every exit() optle calls itself has status 3 (err.h); only main's
 * return gives another.  libgomp, short of memory for a team or a task,
 * prints its own message and calls exit(1), which here would mean "no
 * strategy": so any exit but main's own return ends with status 3. */
static volatile sig_atomic_t returning;
static void exit_guard(void) {
  if (returning) return;
  fflush(NULL);
  _exit(EXIT_INTERNAL);
}

static void std_fds_open(void) {
  for (int fd = 0; fd <= 2; fd++) {
    if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF) continue;
    int got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
    assert(got < 0 || got == fd); /* the lowest free one */
    (void)got;
  }
}

/* The process's name, argv[0]'s last part (the kernel keeps 15 bytes). */
static void name_self(const char *argv0) {
#ifdef __linux__
  if (!argv0 || !*argv0) return;
  const char *base = strrchr(argv0, '/');
  base = base ? base + 1 : argv0;
  if (*base) prctl(PR_SET_NAME, base, 0, 0, 0);
#else
  (void)argv0;
#endif
}

int main(int argc, char **argv) {
  std_fds_open();
  if (!getenv("OMP_WAIT_POLICY") && !getenv("GOMP_SPINCOUNT")) {
    setenv("OMP_WAIT_POLICY", "passive", 1);
    execv("/proc/self/exe", argv); /* returns only on failure: run as is */
  }
  name_self(argc > 0 ? argv[0] : NULL);
  /* optle-mpi under mpirun: one of the job's ranks (dist.h). */
  dist_start(&argc, &argv);
  atexit(exit_guard);
  int rc = dist_end(cli_main(argc, argv));
  returning = 1;
  return rc;
}
