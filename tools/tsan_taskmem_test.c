/* tools/tsan_taskmem_test.c: the false report tools/tsan_taskmem.c is
 * for, and a real race it must still let through.
 *
 *   tsan_taskmem_test        one thread creates batches of sibling tasks,
 *                            each reading its own firstprivate; the other
 *                            thread steals some, and the creator's next
 *                            tasks reuse their blocks.  No race: each task
 *                            writes only its own out[k], read after the
 *                            taskwait.  Plain Archer reports the reuse in
 *                            most runs; with tools/tsan_taskmem.c, never.
 *   tsan_taskmem_test race   the same tasks also add to one shared
 *                            counter, unguarded: a real race, which must
 *                            be reported with the library too.
 *
 * tools/tsan.sh runs all three (`taskmem_check`).  Prints the checksum. */
#include <stdio.h>
#include <string.h>

enum { ROUNDS = 200, BATCH = 200 };

static int work(int x) {
  volatile int s = 0;
  for (int i = 0; i < 2000; i++) s += x ^ i;
  return s;
}

int main(int argc, char **argv) {
  static int out[ROUNDS * BATCH];
  int racy = argc > 1 && !strcmp(argv[1], "race");
  long shared = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int r = 0; r < ROUNDS; r++) {
    for (int i = 0; i < BATCH; i++) {
      int k = r * BATCH + i;
#pragma omp task default(shared) firstprivate(k)
      {
        out[k] = work(k);
        if (racy) shared += k;
      }
    }
#pragma omp taskwait
  }
  long sum = 0;
  for (int i = 0; i < ROUNDS * BATCH; i++) sum += out[i];
  printf("%ld %ld\n", sum, shared);
  return 0;
}
