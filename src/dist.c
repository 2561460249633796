/*
 * dist.c: the processes of a run (dist.h).  Built twice: plainly for
 * ./optle (one process: the dealt loop is an OpenMP loop), and with
 * -DOPTLE_MPI by mpicc for ./optle-mpi (make mpi), where the same calls
 * run ranks of an Open MPI job.  The MPI half is below the plain one.
 */
#include "dist.h"

#include <assert.h>
#include <omp.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tuning.h"
#include "util.h"

#ifdef OPTLE_MPI
#include <fcntl.h>
#include <mpi.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

static bool mpi_on; /* MPI_Init was called: there is a job (of 1 rank or more) */
#endif
static int my_rank = 0, n_ranks = 1;

int dist_rank(void) { return my_rank; }
int dist_size(void) { return n_ranks; }
double dist_stop_lag(void) { return my_rank ? DIST_STOP_LAG : 0; }

/* The loop in one process: what the search's stages always were. */
static void run_here(const dist_loop *L) {
  if (L->per_rank) {
    for (int k = 0; k < L->n && !L->stop(L->arg); k++) {
      int i = L->order ? L->order[k] : k;
      if (!L->pick(L->arg, i)) continue;
      dist_result r = L->body(L->arg, i);
      if (!(r.flags & DIST_UNDONE)) L->take(L->arg, &r);
    }
    return;
  }
#pragma omp parallel for schedule(dynamic, 1) num_threads(L->threads)
  for (int k = 0; k < L->n; k++) {
    int i = L->order ? L->order[k] : k;
    if (L->stop(L->arg) || !L->pick(L->arg, i)) continue;
    dist_result r = L->body(L->arg, i);
    if (!(r.flags & DIST_UNDONE)) L->take(L->arg, &r);
  }
}

#ifndef OPTLE_MPI

void dist_start(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
}
int dist_end(int rc) { return rc; }
const char *dist_library(void) { return NULL; }
int dist_agree(int rc, uint64_t key, uint64_t options) {
  (void)key, (void)options;
  return rc;
}
bool dist_solo(const char *what) {
  (void)what;
  return true;
}
void dist_share(void *buf, size_t len) {
  (void)buf;
  (void)len;
}
void dist_sum(uint64_t *v, int n) {
  (void)v;
  (void)n;
}
void dist_run(const dist_loop *L) { run_here(L); }

#else /* OPTLE_MPI */

const char *dist_library(void) {
  static char v[MPI_MAX_LIBRARY_VERSION_STRING];
  int len = 0;
  MPI_Get_library_version(v, &len); /* callable before MPI_Init */
  v[strcspn(v, ",\n")] = '\0';      /* "Open MPI v4.1.4" of its long string */
  return v;
}

/* ------------------------------------------------------------------ */
/* Start, end, the agreement */

enum { AGREE_NONE, AGREE_DONE, AGREE_SOLO };
static int agreed = AGREE_NONE;
static atomic_int broken; /* rank 0 gave up on ranks that did not answer */
static int saved_err = -1;   /* the other ranks: their standard error, held */
static int loop_seq;         /* dealt loops so far (the same count on every rank) */

/* Message tags: a request carries its loop's number (so a request can
 * never be taken for another loop's), a reply its thread's. */
enum { TAG_TEXT = 1, TAG_BEAT = 2, TAG_REQ = 16, TAG_REP = 1024 };
#define TAG_LOOPS 512

/* Started by a launcher (Open MPI's mpirun, or a PMI/PMIx one such as
 * srun)?  Otherwise optle-mpi runs as one process, without MPI. */
static bool launched(void) {
  return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK") || getenv("PMI_RANK");
}

/* ------------------------------------------------------------------ */
/* The heartbeat (dist.h)                                              */

enum { BEAT_BYE = 0, BEAT_ALIVE = 1 };
static int world;                 /* ranks at the start (dist_solo() makes n_ranks 1) */
static char (*hosts)[MPI_MAX_PROCESSOR_NAME + 1]; /* rank 0: each rank's node */
static double beat_timeout = DIST_BEAT_TIMEOUT;
static pthread_t beat_thread;
static bool beating;
static atomic_int beat_ending;    /* dist_end() reached: say bye, then finish */
static atomic_int beat_rc;        /* the command's status, once it is known */

/* Standard error as it really is (the other ranks hold theirs until the
 * agreement). */
static int real_err(void) { return saved_err >= 0 ? saved_err : 2; }

static void nap_us(long us) {
  struct timespec ts = {us / 1000000, (us % 1000000) * 1000};
  nanosleep(&ts, NULL);
}

/* The beat thread's clock: now, with last[] moved up to it when this
 * thread itself did not run for a while (its process stopped, or
 * starved of a core): that silence is no sign of the others'. */
static double beat_clock(double *prev, double *last, int n) {
  double t = now_seconds();
  if (t - *prev > DIST_BEAT_STALL)
    for (int r = 0; r < n; r++) last[r] = t > last[r] ? t : last[r];
  *prev = t;
  return t;
}

/* Send beat (one int) to rank r unless the last one is still on its way. */
static void beat_send(MPI_Request *req, const int32_t *beat, int r) {
  int done = 1;
  if (*req != MPI_REQUEST_NULL) MPI_Test(req, &done, MPI_STATUS_IGNORE);
  if (done) MPI_Isend(beat, 1, MPI_INT32_T, r, TAG_BEAT, MPI_COMM_WORLD, req);
}

/* The beats that came: last[r] = t for each sender r; a bye from r
 * marks gone[r] (once) and is counted in *byes. */
static void beat_take(double *last, bool *gone, int *byes, double t) {
  /* Rank 0 hears every rank; another rank only rank 0 (index 0). */
  int from = my_rank == 0 ? MPI_ANY_SOURCE : 0;
  for (;;) {
    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(from, TAG_BEAT, MPI_COMM_WORLD, &flag, &st);
    if (!flag) return;
    int32_t b, r = st.MPI_SOURCE;
    MPI_Recv(&b, 1, MPI_INT32_T, r, TAG_BEAT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(r >= 0 && r < world && (my_rank == 0 || r == 0));
    last[r] = t;
    if (b == BEAT_BYE && !gone[r]) gone[r] = true, ++*byes;
  }
}

/* Rank 0: rank r sent nothing for `silent` seconds.  The run stops (its
 * main thread says what was settled, and dist_end() ends the job); if
 * the main thread cannot (it waits on r in a collective, or it is done
 * and waits for r to end), the job ends here. */
static void beat_lost(int r, double silent) {
  dprintf(2, "optle: rank %d on %s sent no heartbeat for %.1f s (stopped, or its node lost): "
             "the run stops\n", r, hosts[r], silent);
  atomic_store(&broken, 1);
  stop_request();
  for (double t0 = now_seconds(); now_seconds() - t0 < DIST_BEAT_GRACE;) {
    if (atomic_load(&beat_ending)) break;
    nap_us(DIST_BEAT_POLL_US);
  }
  int rc = atomic_load(&beat_ending) ? atomic_load(&beat_rc) : EXIT_STOPPED;
  if (!atomic_load(&beat_ending))
    dprintf(2, "optle: rank 0 waits on rank %d, which does not answer: the job ends\n", r);
  MPI_Abort(MPI_COMM_WORLD, rc ? rc : EXIT_STOPPED);
}

/* Rank 0's beat thread: beats to every rank, and every rank watched
 * until it said bye; then, once dist_end() is reached, bye to all. */
static void *beat_watch(void *arg) {
  (void)arg;
  double *last = xcalloc((size_t)world, sizeof *last), t = now_seconds(), next = t, prev = t;
  bool *gone = xcalloc((size_t)world, sizeof *gone);
  MPI_Request *req = xmalloc(sizeof *req * (size_t)world);
  static const int32_t alive = BEAT_ALIVE, bye = BEAT_BYE;
  int byes = 0;
  for (int r = 0; r < world; r++) last[r] = t, req[r] = MPI_REQUEST_NULL;
  while (!(atomic_load(&beat_ending) && byes == world - 1)) {
    nap_us(DIST_BEAT_POLL_US);
    t = beat_clock(&prev, last, world);
    beat_take(last, gone, &byes, t);
    for (int r = 1; r < world && t >= next; r++) beat_send(&req[r], &alive, r);
    if (t >= next) next = t + DIST_BEAT_S;
    for (int r = 1; r < world; r++)
      if (!gone[r] && t - last[r] > beat_timeout) beat_lost(r, t - last[r]);
  }
  for (int r = 1; r < world; r++) {
    MPI_Wait(&req[r], MPI_STATUS_IGNORE);
    MPI_Isend(&bye, 1, MPI_INT32_T, r, TAG_BEAT, MPI_COMM_WORLD, &req[r]);
  }
  MPI_Waitall(world - 1, req + 1, MPI_STATUSES_IGNORE);
  free(last), free(gone), free(req);
  return NULL;
}

/* Another rank's beat thread: beats to rank 0 until dist_end(), then
 * bye; rank 0 watched until its bye.  Rank 0 silent: the job ends. */
static void *beat_other(void *arg) {
  (void)arg;
  double last[1], t = now_seconds(), next = t, prev = t;
  bool gone[1] = {false}, said = false;
  MPI_Request req = MPI_REQUEST_NULL;
  static const int32_t alive = BEAT_ALIVE, bye = BEAT_BYE;
  int byes = 0;
  last[0] = t;
  while (!byes) {
    nap_us(DIST_BEAT_POLL_US);
    t = beat_clock(&prev, last, 1);
    beat_take(last, gone, &byes, t);
    if (!said && atomic_load(&beat_ending)) {
      MPI_Wait(&req, MPI_STATUS_IGNORE);
      MPI_Isend(&bye, 1, MPI_INT32_T, 0, TAG_BEAT, MPI_COMM_WORLD, &req);
      said = true;
    } else if (!said && t >= next) {
      beat_send(&req, &alive, 0);
      next = t + DIST_BEAT_S;
    }
    if (t - last[0] > beat_timeout) {
      dprintf(real_err(), "optle: rank %d: rank 0 sent no heartbeat for %.1f s: the job ends\n",
              my_rank, t - last[0]);
      MPI_Abort(MPI_COMM_WORLD, EXIT_STOPPED);
    }
  }
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  return NULL;
}

/* OPTLE_HEARTBEAT: the seconds a rank may stay silent, read by rank 0
 * and sent to every rank: one setting for the job, and one rank to say
 * what is wrong with it (when every rank checked its own, another rank's
 * abort could end rank 0 before its message came out: cli_mpi.sh saw
 * it).  Exits (status 2, the job ended) when it is not a number from
 * DIST_BEAT_MIN: beats go every DIST_BEAT_S, so a shorter silence was
 * taken for a lost rank in every run. */
static void beat_setting(void) {
  double s = beat_timeout;
  const char *v = my_rank == 0 ? getenv("OPTLE_HEARTBEAT") : NULL;
  if (v) {
    char *end;
    s = strtod(v, &end);
    if (end == v || *end || !(s >= DIST_BEAT_MIN && s <= 1e6)) {
      char shown[64];
      esc_controls(shown, sizeof shown, v);
      fprintf(stderr, "optle: OPTLE_HEARTBEAT='%s': give the seconds a rank may stay silent "
                      "(%.0f to 1000000, the beats being %.1f s apart; default %.0f)\n", shown,
              DIST_BEAT_MIN, DIST_BEAT_S, DIST_BEAT_TIMEOUT);
      fflush(stderr);
      MPI_Abort(MPI_COMM_WORLD, EXIT_USAGE);
    }
  }
  MPI_Bcast(&s, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  beat_timeout = s;
}

/* Every rank: the nodes' names to rank 0, then the beat thread. */
static void beat_start(void) {
  world = n_ranks;
  beat_setting();
  if (world < 2) return;
  char host[MPI_MAX_PROCESSOR_NAME + 1] = "";
  int hl = 0;
  MPI_Get_processor_name(host, &hl);
  host[hl] = '\0';
  if (my_rank == 0) hosts = xmalloc(sizeof *hosts * (size_t)world);
  MPI_Gather(host, (int)sizeof host, MPI_CHAR, hosts, (int)sizeof host, MPI_CHAR, 0,
             MPI_COMM_WORLD);
  int err = pthread_create(&beat_thread, NULL, my_rank == 0 ? beat_watch : beat_other, NULL);
  if (err) {
    fprintf(stderr, "optle: cannot start the heartbeat thread: %s\n", strerror(err));
    MPI_Abort(MPI_COMM_WORLD, EXIT_INTERNAL);
  }
  beating = true;
}

/* dist_end(): bye, and wait for every rank's (rank 0) or rank 0's. */
static void beat_end(int rc) {
  if (!beating) return;
  atomic_store(&beat_rc, rc);
  atomic_store(&beat_ending, 1);
  pthread_join(beat_thread, NULL);
  beating = false;
}

void dist_start(int *argc, char ***argv) {
  if (!launched()) return;
  int provided = 0;
  if (MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS) {
    fprintf(stderr, "optle: MPI_Init_thread failed\n");
    exit(EXIT_INTERNAL);
  }
  mpi_on = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &n_ranks);
  if (provided < MPI_THREAD_MULTIPLE) {
    if (my_rank == 0)
      fprintf(stderr, "optle: this MPI library does not let threads call it at once "
                      "(MPI_THREAD_MULTIPLE), which optle-mpi needs\n");
    MPI_Finalize();
    exit(EXIT_INTERNAL);
  }
  if (my_rank != 0) {
    /* Rank 0 prints; the others hold their standard error until the
     * agreement, which forwards it if this rank alone failed. */
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
      dup2(null, 1);
      close(null);
    }
    FILE *held = tmpfile();
    saved_err = dup(2);
    if (held && saved_err >= 0) dup2(fileno(held), 2);
    /* The FILE stays open (its descriptor is 2's file too). */
  }
  beat_start();
}

/* The other ranks: standard error back (after the agreement). */
static void release_stderr(void) {
  if (saved_err < 0) return;
  fflush(stderr);
  dup2(saved_err, 2);
  close(saved_err);
  saved_err = -1;
}

/* What this rank held on standard error, up to size - 1 bytes. */
static void held_text(char *buf, size_t size) {
  fflush(stderr);
  ssize_t k = pread(2, buf, size - 1, 0);
  buf[k > 0 ? k : 0] = '\0';
}

/* Rank r's own lines, each as "optle: rank R on HOST: LINE" (the
 * "optle: " a line starts with dropped). */
static void say_rank_text(int r, const char *host, char *text) {
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    if (!strncmp(line, "optle: ", 7)) line += 7;
    fprintf(stderr, "optle: rank %d on %s: %s\n", r, host, line);
  }
}

int dist_agree(int rc, uint64_t key, uint64_t options) {
  if (!mpi_on && agreed == AGREE_NONE && rc == EXIT_OK)
    fprintf(stderr, "optle: not started by mpirun: optle-mpi runs as one process "
                    "(mpirun -np N optle-mpi ... runs N ranks)\n");
  if (!mpi_on || agreed != AGREE_NONE) {
    agreed = AGREE_DONE;
    return rc;
  }
  agreed = AGREE_DONE;
  struct {
    int64_t rc;
    uint64_t key, options;
  } mine = {rc, key, options}, *all = NULL;
  if (my_rank == 0) all = xmalloc(sizeof *all * (size_t)n_ranks);
  MPI_Gather(&mine, sizeof mine, MPI_BYTE, all, sizeof mine, MPI_BYTE, 0, MPI_COMM_WORLD);
  /* need[r]: 1 = rank r sends its text, 2 = it read other lists, 3 = it
   * was given other options; the last entry is the status every rank
   * returns. */
  int *need = xcalloc((size_t)n_ranks + 1, sizeof *need);
  if (my_rank == 0) {
    int final = rc;
    for (int r = 1; r < n_ranks; r++) {
      if (all[r].rc == 0 && rc == 0 && all[r].key != key && key && all[r].key) need[r] = 2;
      else if (all[r].rc == 0 && rc == 0 && all[r].options != options && options &&
               all[r].options)
        need[r] = 3;
      else if (all[r].rc != 0 && all[r].rc != rc) need[r] = 1;
      if (!final && need[r]) final = need[r] >= 2 ? EXIT_USAGE : (int)all[r].rc;
    }
    need[n_ranks] = final;
  }
  MPI_Bcast(need, n_ranks + 1, MPI_INT, 0, MPI_COMM_WORLD);
  char host[MPI_MAX_PROCESSOR_NAME + 1];
  int hl = 0;
  MPI_Get_processor_name(host, &hl);
  host[hl] = '\0';
  enum { TEXT_MAX = 4096 };
  if (my_rank != 0 && need[my_rank]) {
    char msg[MPI_MAX_PROCESSOR_NAME + 1 + TEXT_MAX];
    size_t at = (size_t)hl + 1;
    memcpy(msg, host, at);
    held_text(msg + at, TEXT_MAX);
    MPI_Send(msg, (int)(at + strlen(msg + at) + 1), MPI_CHAR, 0, TAG_TEXT, MPI_COMM_WORLD);
  } else if (my_rank == 0) {
    for (int r = 1; r < n_ranks; r++) {
      if (!need[r]) continue;
      char msg[MPI_MAX_PROCESSOR_NAME + 1 + TEXT_MAX];
      MPI_Recv(msg, sizeof msg, MPI_CHAR, r, TAG_TEXT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      msg[sizeof msg - 1] = '\0';
      char *text = msg + strlen(msg) + 1;
      if (need[r] == 2)
        fprintf(stderr,
                "optle: rank %d on %s read other word lists than rank 0 (lists hash "
                "%016llx, rank 0's %016llx): every rank needs the same files at the same paths\n",
                r, msg, (unsigned long long)all[r].key, (unsigned long long)key);
      else if (need[r] == 3)
        fprintf(stderr,
                "optle: rank %d on %s was given other options than rank 0 (the rules, guess "
                "limit, cutoff, --top or --words), or is another optle (its search's engine, "
                "checkpoint.h): every rank needs the same command and binary\n",
                r, msg);
      else if (*text) say_rank_text(r, msg, text);
      else fprintf(stderr, "optle: rank %d on %s failed (status %d)\n", r, msg, (int)all[r].rc);
    }
  }
  int final = need[n_ranks];
  free(need);
  free(all);
  release_stderr();
  return final;
}

bool dist_solo(const char *what) {
  if (!mpi_on) return true;
  agreed = AGREE_SOLO;
  if (my_rank != 0) return false;
  if (what && n_ranks > 1)
    fprintf(stderr, "optle: %s runs on rank 0 alone (the other %d rank%s nothing to do)\n",
            what, n_ranks - 1, n_ranks == 2 ? " has" : "s have");
  /* From now on rank 0 is a process alone: a ranking it runs (as next's
   * first guess does) deals to its own threads. */
  n_ranks = 1;
  return true;
}

int dist_end(int rc) {
  if (!mpi_on) return rc;
  if (agreed == AGREE_NONE) rc = dist_agree(rc, 0, 0);
  if (!atomic_load(&broken)) beat_end(rc);
  if (atomic_load(&broken)) {
    /* Ranks that did not answer (one died, or is stuck in work): end the
     * job, after what rank 0 said is out. */
    fflush(stdout);
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, rc ? rc : EXIT_STOPPED);
  }
  MPI_Finalize();
  return my_rank == 0 ? rc : 0;
}

void dist_share(void *buf, size_t len) {
  if (!mpi_on || n_ranks == 1 || atomic_load(&broken)) return;
  MPI_Bcast(buf, (int)len, MPI_BYTE, 0, MPI_COMM_WORLD);
}

void dist_sum(uint64_t *v, int n) {
  if (!mpi_on || n_ranks == 1 || atomic_load(&broken)) return;
  if (my_rank == 0)
    MPI_Reduce(MPI_IN_PLACE, v, n, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  else
    MPI_Reduce(v, NULL, n, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
}

/* ------------------------------------------------------------------ */
/* The dealt loop */

/* A request: a thread's results, and whether it wants more; sent up to
 * its nres results.  A reply: the items dealt to it (none: the loop is
 * over for that thread), rank 0's shared value and stop; sent up to its
 * nitems items.  Ranks of one job run one build on one kind of machine,
 * so the structs travel as bytes. */
typedef struct {
  int32_t seq, tid, team, want, nres;
  dist_result res[DIST_CHUNK_MAX];
} request;
typedef struct {
  int32_t seq, shared, stop, nitems;
  int32_t items[DIST_CHUNK_MAX];
} reply;
#define REQ_SIZE(q) ((int)(offsetof(request, res) + sizeof(dist_result) * (size_t)(q)->nres))
#define REP_SIZE(p) \
  ((int)(offsetof(reply, items) + sizeof(int32_t) * (size_t)((p)->nitems > 0 ? (p)->nitems : 0)))

typedef struct {
  const dist_loop *L;
  pthread_mutex_t mu;
  int seq;
  int pos;        /* the next position of the order */
  int *team;      /* per rank: its threads (0 = not heard from yet) */
  int *finished;  /* per rank: threads told the loop is over */
  int ranks_done; /* other ranks whose threads were all told */
} dealer;

/* The threads asking, as far as known (ranks not heard from count one). */
static int workers(const dealer *D) {
  int w = D->L->per_rank ? 1 : D->L->threads;
  for (int r = 1; r < n_ranks; r++) w += D->team[r] ? D->team[r] : 1;
  return w;
}

/* What deal() answers a thread that must wait (dist_loop.busy), and
 * that thread's wait before it asks again. */
#define DEAL_WAIT (-1)
static void deal_wait(void) {
  struct timespec ts = {0, DIST_BUSY_WAIT_US * 1000L};
  nanosleep(&ts, NULL);
}

/* Take a thread's results, and deal it its next items (none when the
 * loop is over, or stopped, or it wants none; DEAL_WAIT while the loop
 * is busy).  Under the lock. */
static int deal(dealer *D, int from, const dist_result *res, int nres, bool want, int32_t *items,
                int32_t *shared, int32_t *stop) {
  const dist_loop *L = D->L;
  pthread_mutex_lock(&D->mu);
  for (int k = 0; k < nres; k++) {
    if (!(res[k].flags & DIST_UNDONE)) {
      L->take(L->arg, &res[k]);
      continue;
    }
    /* Its rank stopped before rank 0 did: the run stops (the item would
     * be lost otherwise). */
    if (!L->stop(L->arg)) {
      fprintf(stderr, "optle: rank %d stopped before rank 0 did: the run stops\n", from);
      stop_request();
    }
  }
  int n = 0;
  bool halt = L->stop(L->arg);
  if (want && !halt && L->busy && L->busy(L->arg) && D->pos < L->n) {
    n = DEAL_WAIT; /* the items dealt must come back first: the position kept */
  } else if (want && !halt) {
    int chunk = 1;
    if (L->guided) {
      chunk = (L->n - D->pos) / (DIST_GUIDED * workers(D));
      chunk = chunk < 1 ? 1 : chunk > DIST_CHUNK_MAX ? DIST_CHUNK_MAX : chunk;
    }
    while (n < chunk && D->pos < L->n) {
      int i = L->order ? L->order[D->pos] : D->pos;
      D->pos++;
      if (L->pick(L->arg, i)) items[n++] = i;
    }
  }
  *shared = L->shared(L->arg);
  *stop = halt;
  pthread_mutex_unlock(&D->mu);
  return n;
}

/* Rank 0's server: answers the other ranks' threads until each was told
 * the loop is over; after a stop, DIST_STOP_GRACE seconds at most. */
static void *serve(void *arg) {
  dealer *D = arg;
  request *in = xmalloc(sizeof *in);
  reply *out = xmalloc(sizeof *out);
  long nap = DIST_POLL_MIN_US;
  double stop_at = 0;
  int tag = TAG_REQ + D->seq % TAG_LOOPS;
  while (D->ranks_done < n_ranks - 1 && !atomic_load(&broken)) {
    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &flag, &st);
    if (!flag) {
      if (stop_final() || D->L->stop(D->L->arg)) {
        /* A signal reaches every rank at once (mpirun passes Ctrl-C on,
         * and signals them all when one dies, with a second to go); a
         * time limit comes DIST_STOP_LAG later on the other ranks. */
        double t = now_seconds(), grace = stop_timed_out() ? DIST_STOP_GRACE : DIST_SIGNAL_GRACE;
        if (stop_at == 0) stop_at = t;
        else if (t - stop_at > grace) {
          int left = 0;
          for (int r = 1; r < n_ranks; r++) left += !D->team[r] || D->finished[r] < D->team[r];
          fprintf(stderr, "optle: %d rank%s did not answer within %.1f s of the stop: the job ends\n",
                  left, left == 1 ? "" : "s", grace);
          atomic_store(&broken, 1);
          break;
        }
      }
      struct timespec ts = {0, nap * 1000};
      nanosleep(&ts, NULL);
      nap = nap * 2 > DIST_POLL_MAX_US ? DIST_POLL_MAX_US : nap * 2;
      continue;
    }
    nap = DIST_POLL_MIN_US;
    int src = st.MPI_SOURCE;
    MPI_Recv(in, (int)sizeof *in, MPI_BYTE, src, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (in->seq != D->seq || in->nres < 0 || in->nres > DIST_CHUNK_MAX || in->team < 1) {
      fprintf(stderr, "optle: internal error: rank %d sent a request of loop %d to loop %d\n", src,
              in->seq, D->seq);
      MPI_Abort(MPI_COMM_WORLD, EXIT_INTERNAL);
    }
    if (!D->team[src]) D->team[src] = in->team;
    out->seq = D->seq;
    out->nitems =
        deal(D, src, in->res, in->nres, in->want, out->items, &out->shared, &out->stop);
    MPI_Send(out, REP_SIZE(out), MPI_BYTE, src, TAG_REP + in->tid, MPI_COMM_WORLD);
    if (out->nitems == 0 && ++D->finished[src] == D->team[src]) D->ranks_done++;
    assert(out->nitems >= DEAL_WAIT && out->nitems <= DIST_CHUNK_MAX);
  }
  free(in);
  free(out);
  return NULL;
}

/* A thread of rank 0: its items straight from the dealer. */
static void work_here(dealer *D) {
  const dist_loop *L = D->L;
  dist_result res[DIST_CHUNK_MAX];
  int32_t items[DIST_CHUNK_MAX], shared, stop;
  int nres = 0, n;
  while ((n = deal(D, 0, res, nres, !L->stop(L->arg), items, &shared, &stop)) != 0) {
    nres = 0;
    if (n == DEAL_WAIT) {
      deal_wait();
      continue;
    }
    for (int k = 0; k < n; k++) res[nres++] = L->body(L->arg, items[k]);
  }
}

/* A thread of another rank: its items from rank 0, by message. */
static void work_there(const dist_loop *L, int seq, int tid, int team) {
  request *out = xmalloc(sizeof *out);
  reply *in = xmalloc(sizeof *in);
  out->nres = 0;
  for (;;) {
    out->seq = seq, out->tid = tid, out->team = team, out->want = !L->stop(L->arg);
    MPI_Send(out, REQ_SIZE(out), MPI_BYTE, 0, TAG_REQ + seq % TAG_LOOPS, MPI_COMM_WORLD);
    MPI_Recv(in, (int)sizeof *in, MPI_BYTE, 0, TAG_REP + tid, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (in->stop && !stop_final()) stop_request();
    L->learn(L->arg, in->shared);
    out->nres = 0;
    if (in->nitems == DEAL_WAIT) { /* the loop is busy: ask again soon */
      deal_wait();
      continue;
    }
    if (in->nitems <= 0) break;
    for (int k = 0; k < in->nitems; k++) out->res[out->nres++] = L->body(L->arg, in->items[k]);
  }
  free(out);
  free(in);
}

void dist_run(const dist_loop *L) {
  if (!mpi_on || n_ranks == 1) {
    run_here(L);
    return;
  }
  int seq = loop_seq++;
  if (atomic_load(&broken)) return;
  if (my_rank != 0) {
    if (L->per_rank) work_there(L, seq, 0, 1);
    else {
#pragma omp parallel num_threads(L->threads)
      work_there(L, seq, omp_get_thread_num(), omp_get_num_threads());
    }
    return;
  }
  dealer D = {.L = L, .seq = seq};
  pthread_mutex_init(&D.mu, NULL);
  D.team = xcalloc((size_t)n_ranks, sizeof *D.team);
  D.finished = xcalloc((size_t)n_ranks, sizeof *D.finished);
  pthread_t server;
  int err = pthread_create(&server, NULL, serve, &D);
  if (err) {
    fprintf(stderr, "optle: cannot start rank 0's server thread: %s\n", strerror(err));
    MPI_Abort(MPI_COMM_WORLD, EXIT_INTERNAL);
  }
  if (L->per_rank) work_here(&D);
  else {
#pragma omp parallel num_threads(L->threads)
    work_here(&D);
  }
  pthread_join(server, NULL);
  pthread_mutex_destroy(&D.mu);
  free(D.team);
  free(D.finished);
}

#endif /* OPTLE_MPI */
