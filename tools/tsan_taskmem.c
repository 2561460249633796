/* tools/tsan_taskmem.c: tells ThreadSanitizer when libomp hands a
 * finished task's storage back for reuse, then loads LLVM's Archer.
 * tools/tsan.sh builds it as build/tsan/libtsan_taskmem.so and preloads
 * it into every run (LD_PRELOAD), with TSAN_TASKMEM_CLIENT=libarcher.so.
 *
 * Why.  An explicit task's firstprivates and its pointers to the shared
 * variables live in a block libomp allocates when the task is created
 * (the creating thread writes them) and frees when the task ends (the
 * thread that ran it has read them).  libomp passes a block freed by
 * another thread back to its allocating thread through a lock-free list,
 * and that thread reuses it for a later task.  libomp is not built with
 * TSan, so TSan never sees that hand-over: when thread B runs a sibling
 * task that thread A created and A's next task reuses its block, TSan
 * reports A's write of the new task's firstprivates against B's read of
 * the old one's, at the `#pragma omp task` line and nowhere else (CI,
 * 2026-12-01: greedy.c classes_tasks(), 9 reports, one per word of the
 * block).  Archer (Debian's libomp-14-dev, and 16's) orders a task's
 * creation before its start and its end before the taskwait, but not its
 * end before the reuse of its block; TSan's AnnotateNewMemory, which later
 * Archers use for this, does nothing in clang 14's runtime.
 *
 * What.  The hand-over as a release and an acquire on one address per
 * block: the task's ompt_data_t, which libomp keeps inside the block's
 * header and passes to every OMPT callback about the task.
 *  - task end (OMPT task-schedule, complete or cancel): __tsan_release
 *    on the finished task's ompt_data_t, on the thread that ran it,
 *    before libomp frees the block;
 *  - task allocation (__kmpc_omp_task_alloc, which clang's code calls
 *    for every task and which this library overrides, being preloaded):
 *    the block from libomp, then __tsan_acquire on its ompt_data_t,
 *    before the caller writes the firstprivates.
 * Where the ompt_data_t lies in the block is libomp's business; the
 * first task-create callback on a thread learns it (the distance from
 * the block that thread's last allocation returned to the ompt_data_t
 * the callback names), and every later allocation uses it.  The first
 * block of all is never a reuse, so nothing is missed while it is
 * learnt.  So each acquire pairs with exactly the release of the task
 * that last had the block, as free() and malloc() would: no other order
 * is added, and every access in optle's code is still checked.
 *
 * Archer's own callbacks run unchanged: this library's ompt_start_tool()
 * (found first, being preloaded) loads Archer and gives its initialize a
 * lookup whose ompt_set_callback puts a wrapper around Archer's
 * task-create and task-schedule callbacks.  LLVM's ompt-multiplex.h could
 * load Archer too, but it wraps every callback and every task's data for
 * the sake of these two.
 *
 * tools/tsan_taskmem_test.c is the test: sibling tasks that give the
 * false report under plain Archer in most runs and never with this
 * library (tools/tsan.sh `taskmem_check`, before every TSan run). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp-tools.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* TSan's runtime, in the checked program; weak so that a program without
 * TSan still runs with this library loaded (it then only loads Archer). */
void __tsan_acquire(void *addr) __attribute__((weak));
void __tsan_release(void *addr) __attribute__((weak));

typedef ompt_start_tool_result_t *start_tool_fn(unsigned int, const char *);
typedef void *task_alloc_fn(void *, int32_t, int32_t, size_t, size_t, void *);

static ompt_start_tool_result_t *client; /* Archer's */
static ompt_function_lookup_t runtime_lookup;
static ompt_set_callback_t runtime_set_callback;
static ompt_callback_task_create_t client_create;
static ompt_callback_task_schedule_t client_schedule;

/* The ompt_data_t's distance below the task's kmp_task_t (what the
 * allocation returns); PTRDIFF_MIN until the first task-create. */
static atomic_ptrdiff_t data_offset = PTRDIFF_MIN;
static _Thread_local char *last_alloc;
static task_alloc_fn *real_task_alloc; /* libomp's */

__attribute__((constructor)) static void find_task_alloc(void) {
  real_task_alloc = (task_alloc_fn *)dlsym(RTLD_NEXT, "__kmpc_omp_task_alloc");
}

void *__kmpc_omp_task_alloc(void *loc, int32_t gtid, int32_t flags, size_t task_size,
                            size_t shareds_size, void *entry) {
  char *task = real_task_alloc(loc, gtid, flags, task_size, shareds_size, entry);
  ptrdiff_t off = atomic_load(&data_offset);
  if (off != PTRDIFF_MIN && __tsan_acquire) __tsan_acquire(task - off);
  last_alloc = task;
  return task;
}

static void task_create(ompt_data_t *parent, const ompt_frame_t *frame, ompt_data_t *task,
                        int flags, int deps, const void *code) {
  if ((flags & ompt_task_explicit) && last_alloc) {
    ptrdiff_t off = last_alloc - (char *)task, none = PTRDIFF_MIN;
    if (!atomic_compare_exchange_strong(&data_offset, &none, off) && none != off) {
      fprintf(stderr, "tsan_taskmem: a task's ompt_data_t moved in its block (%td, %td)\n",
              none, off);
      abort();
    }
    last_alloc = NULL;
  }
  if (client_create) client_create(parent, frame, task, flags, deps, code);
}

static void task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next) {
  if ((status == ompt_task_complete || status == ompt_task_cancel) && __tsan_release)
    __tsan_release(prior);
  if (client_schedule) client_schedule(prior, status, next);
}

static ompt_set_result_t set_callback(ompt_callbacks_t event, ompt_callback_t callback) {
  if (event == ompt_callback_task_create) {
    client_create = (ompt_callback_task_create_t)callback;
    callback = (ompt_callback_t)task_create;
  } else if (event == ompt_callback_task_schedule) {
    client_schedule = (ompt_callback_task_schedule_t)callback;
    callback = (ompt_callback_t)task_schedule;
  }
  return runtime_set_callback(event, callback);
}

static ompt_interface_fn_t lookup(const char *name) {
  if (!strcmp(name, "ompt_set_callback")) return (ompt_interface_fn_t)set_callback;
  return runtime_lookup(name);
}

/* Ours are set even if Archer leaves either unset. */
static int initialize(ompt_function_lookup_t fn, int device, ompt_data_t *data) {
  (void)data;
  runtime_lookup = fn;
  runtime_set_callback = (ompt_set_callback_t)fn("ompt_set_callback");
  int ok = client->initialize(lookup, device, &client->tool_data);
  if (!client_create) runtime_set_callback(ompt_callback_task_create, (ompt_callback_t)task_create);
  if (!client_schedule)
    runtime_set_callback(ompt_callback_task_schedule, (ompt_callback_t)task_schedule);
  return ok;
}

static void finalize(ompt_data_t *data) {
  (void)data;
  client->finalize(&client->tool_data);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int version, const char *runtime) {
  static ompt_start_tool_result_t self = {initialize, finalize, {0}};
  const char *path = getenv("TSAN_TASKMEM_CLIENT");
  void *lib = path ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : NULL;
  start_tool_fn *start = lib ? (start_tool_fn *)dlsym(lib, "ompt_start_tool") : NULL;
  if (!start) {
    const char *why = !path ? "unset" : !lib ? dlerror() : "no ompt_start_tool in it";
    fprintf(stderr, "tsan_taskmem: cannot load Archer from TSAN_TASKMEM_CLIENT: %s\n", why);
    abort();
  }
  client = start(version, runtime);
  if (!client) {
    fprintf(stderr, "tsan_taskmem: Archer declined (ARCHER_OPTIONS enable=0?)\n");
    abort();
  }
  return &self;
}
