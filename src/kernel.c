/*
 * kernel.c: which kernel the bounds run (kernel.h).  The kernels are a
 * table, best first; the first one this CPU has is taken, or the one
 * OPTLE_KERNEL names (for tests and measurements: any kernel's name).
 * An OPTLE_KERNEL that names no kernel, or one this CPU lacks, is
 * refused by the CLI (kernel_check_env(): status 2 with the names), never
 * run as another; the library itself then takes the best.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "kernel.h"

static const kernel *const kernels[] = {
#ifdef KERNEL_X86
    &kernel_vbmi, &kernel_avx512, &kernel_avx2,
#endif
    &kernel_portable, &kernel_scalar,
};
enum { NKERNELS = (int)(sizeof kernels / sizeof *kernels) };

const kernel *const *kernel_all(int *n) {
  *n = NKERNELS;
  return kernels;
}

static const kernel *by_name(const char *name) {
  for (int i = 0; i < NKERNELS; i++)
    if (!strcmp(kernels[i]->name, name)) return kernels[i];
  return NULL;
}

static const kernel *active;

static void choose(void) {
  const char *want = getenv("OPTLE_KERNEL");
  const kernel *k = want && *want ? by_name(want) : NULL;
  if (k && k->available()) {
    active = k;
    return;
  }
  for (int i = 0; i < NKERNELS && !active; i++)
    if (kernels[i]->available()) active = kernels[i];
}

const kernel *kernel_active(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, choose);
  return active;
}

int kernel_check_env(void) {
  const char *want = getenv("OPTLE_KERNEL");
  if (!want || !*want) return 0;
  const kernel *k = by_name(want);
  if (k && k->available()) return 0;
  char names[256] = "";
  for (int i = 0; i < NKERNELS; i++) {
    size_t at = strlen(names);
    snprintf(names + at, sizeof names - at, "%s%s%s", at ? ", " : "", kernels[i]->name,
             kernels[i]->available() ? "" : " (not on this CPU)");
  }
  if (k)
    return err_set("OPTLE_KERNEL='%s': this CPU lacks %s; the kernels: %s", want, k->needs, names);
  return err_set("OPTLE_KERNEL='%s': no such kernel; the kernels: %s", want, names);
}
