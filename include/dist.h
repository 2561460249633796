/*
 * dist.h: the processes of a run: one (./optle), or several ranks of an
 * Open MPI job (./optle-mpi under mpirun).  The one home of MPI: no other
 * file includes <mpi.h>, and the same calls compile in both builds.  In
 * ./optle (and in ./optle-mpi started without a launcher, or with one
 * rank) there is one process, rank 0 of 1, and a dealt loop is the
 * OpenMP loop the search always ran (below).
 *
 * Ranks.  Every rank runs the same command with the same options, loads
 * the same lists and builds the same table; rank 0 alone reads and
 * writes files (the output, -o, the checkpoint) and prints.  The other
 * ranks send their standard output to /dev/null, and hold their
 * standard error until the agreement.
 *
 * The agreement (dist_agree()).  Each rank of a command that runs
 * distributed calls it once, before the work, with its status so far and
 * two keys that must match, the lists' hash and the options' (what
 * changes a result: the rules, the guess limit, a cutoff, --top,
 * --words; ckpt_id_hash()): a rank that failed (a list file missing on
 * its node), read other lists, or was given other options (a launcher's
 * several commands, `mpirun -np 1 A : -np 1 B`), is reported by rank 0
 * as "optle: rank R on HOST: ..." with what it would have printed, and
 * every rank returns the same status.  A command that fails before it
 * gets there has dist_end() agree for it, so no rank waits for another
 * that has left.  Commands that are single-process call dist_solo():
 * rank 0 runs them alone, the others exit.  optle-mpi started without a
 * launcher runs as one process, without MPI, and its distributed
 * commands say so there.
 *
 * The dealt loop (dist_run()).  A loop over items (first guesses) whose
 * results go to rank 0:
 *  - pick(i), on rank 0, decides whether item i is dealt at all (it may
 *    settle it there and then, as with a bound already above the cutoff);
 *  - body(i), on any rank and thread, does the work and returns a small
 *    result (the value found, flags, the seconds it took);
 *  - take(r), on rank 0 alone, records a result (settles a first guess,
 *    writes its checkpoint line);
 *  - shared() on rank 0 is the value every rank must know at once (the
 *    ranking's cutoff C); learn(v) on the other ranks is told it.
 * In one process it is `omp parallel for schedule(dynamic, 1)` (or, for
 * a loop per rank, a plain loop): pick, body and take in turn, take
 * concurrently for different items.  Under MPI, items are dealt to the
 * threads of every rank as they ask: a thread that finishes asks rank 0
 * for more, sending its results with the request.  Rank 0 runs a server
 * thread that answers the other ranks (its own threads call the same
 * dealer directly), under one lock: take the results, pick the next
 * items, reply with them and with shared() now.  So a rank learns of a
 * new C with the next reply to any of its threads (with every item, or
 * chunk of cheap items, dealt to it), and each item reads its rank's C
 * as it starts, as in one process, where a thread reads C as each item
 * starts (a search in progress keeps the bound it started with, in
 * both).  Cheap loops (the bounds' stages) are dealt in chunks
 * that shrink as the loop runs out (guided: DIST_GUIDED), expensive ones
 * (exact searches) one at a time; in the ranking C falls only when an
 * exact value is settled, in the loops dealt one at a time, so a chunk
 * never holds back a new C.  A loop per rank deals items to ranks,
 * not threads: its body runs on the rank's main thread and uses every
 * thread itself.  dist_share() then sends rank 0's state to every rank,
 * so all enter the next stage alike.
 *
 * Stopping and failure.  A stop on rank 0 (a signal, its time limit) is
 * sent with every reply, and the other ranks stop too.  A rank's own time
 * limit is set DIST_STOP_LAG seconds later than rank 0's
 * (dist_stop_lag()): rank 0 decides, the others only end work that would
 * not hear of it.  A result that comes back undone (its rank was stopped
 * first) stops the run, so no item is ever lost.  When ranks do not
 * answer soon after a stop (DIST_SIGNAL_GRACE seconds after a signal,
 * which every rank gets at once; DIST_STOP_GRACE after the time limit),
 * as when a rank died (mpirun then names it, and signals the others with
 * a second to go), rank 0 gives up on them: dist_end() aborts the job
 * after the command has said what it did.
 * What was settled is in the checkpoint, which rank 0 flushes line by
 * line, so a rerun resumes.
 *
 * The heartbeat.  A rank that stops answering without dying (SIGSTOP, a
 * hung node, a network cut) would leave rank 0 waiting forever.  So
 * from dist_start() to dist_end() each rank runs a beat thread beside
 * its work: every DIST_BEAT_S seconds the other ranks send rank 0 a beat
 * and rank 0 sends each of them one (non-blocking sends, one in flight
 * per peer).  It watches the beats, not the work: a search of any length
 * keeps beating.  A rank silent for OPTLE_HEARTBEAT seconds (environment;
 * default DIST_BEAT_TIMEOUT) has stopped answering: rank 0 names it
 * ("rank R on HOST sent no heartbeat for T s"), stops the run as a
 * signal would (status 4; the checkpoint keeps what was settled) and
 * gives up on it, so its main thread says what was settled and
 * dist_end() ends the job; if the main thread cannot get there within
 * DIST_BEAT_GRACE seconds (it waits on the silent rank in a collective),
 * the beat thread ends the job itself with status 4.  The silent rank's
 * first guesses are not dealt to another rank: the stages' collectives
 * (dist_share()) need every rank of MPI_COMM_WORLD, and MPI without
 * fault tolerance cannot go on without one.  Another rank whose rank 0
 * falls silent ends the job the same way.  A beat thread that did not
 * run itself for DIST_BEAT_STALL seconds (its own process stopped)
 * blames no one for that time.  At the end each rank says bye, and rank
 * 0 waits for every bye (or a silence) before MPI_Finalize, and the
 * others for rank 0's; a rank that ran nothing (dist_solo()) says bye at
 * once and waits.
 *
 * Threads.  MPI_THREAD_MULTIPLE: the threads of a rank ask at once, each
 * with its own reply tag, and rank 0's server thread answers while its
 * main thread works.  The server polls (MPI_Iprobe) with a short sleep
 * rather than blocking, so that it does not spin on a core the search
 * needs.
 */
#ifndef OPTLE_DIST_H
#define OPTLE_DIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Before anything else (main): under a launcher (mpirun), MPI_Init;
 * otherwise nothing (one process).  Exits with status 3 when the MPI
 * library cannot give threads (MPI_THREAD_MULTIPLE). */
void dist_start(int *argc, char ***argv);
/* Last (main): the status this process exits with (the other ranks: 0).
 * Agrees for a command that did not (see above), then MPI_Finalize, or
 * MPI_Abort after rank 0 gave up on ranks that did not answer. */
int dist_end(int rc);

int dist_rank(void); /* 0 .. dist_size() - 1 */
/* The ranks the command runs on: 1 in one process, and after
 * dist_solo(). */
int dist_size(void);
/* The MPI library optle-mpi was built with ("Open MPI v4.1.4"), whether
 * or not this run has ranks; NULL in the plain build. */
const char *dist_library(void);

/* The agreement: every rank of a distributed command once, with its
 * status and the keys that must match (lists, options).  Returns the
 * status every rank shares: rank 0's when it failed, else the first
 * other rank's failure (which rank 0 has then reported; a rank whose keys
 * differ fails with EXIT_USAGE). */
int dist_agree(int rc, uint64_t lists, uint64_t options);
/* A command that runs on rank 0 alone: true on rank 0 (which says so
 * on standard error, "optle: WHAT runs on rank 0 alone", when there are
 * other ranks and what is not NULL), false on the others, which return
 * at once. */
bool dist_solo(const char *what);
/* Rank 0's len bytes at buf, on every rank (a no-op in one process, and
 * after rank 0 gave up on the others). */
void dist_share(void *buf, size_t len);
/* Every rank's n counters at v, summed on rank 0 (the others' v are
 * left as they were): a collective, every rank calls it.  A no-op in
 * one process, and after rank 0 gave up on the others (rank 0 keeps its
 * own). */
void dist_sum(uint64_t *v, int n);
/* Seconds a rank's time limit runs past rank 0's (0 on rank 0). */
double dist_stop_lag(void);

/* One item's result, sent to rank 0. */
enum {
  DIST_UNDONE = 1, /* stopped before it was done: not taken (the run stops) */
  DIST_USER = 2    /* the loop's own flags: DIST_USER and up */
};
typedef struct {
  int32_t item;
  int32_t value;
  int32_t flags;
  int32_t stage; /* the loop's own */
  double seconds;
} dist_result;

typedef struct {
  int n;            /* how many items: 0 .. n - 1, or order[0 .. n - 1] */
  const int *order; /* rank 0: the items in the order they are dealt (NULL: 0 .. n - 1) */
  bool per_rank;    /* dealt to ranks, the body using every thread; else to threads */
  bool guided;      /* many cheap items: chunks (else one at a time) */
  int threads;      /* per rank (a loop per thread) */
  bool (*pick)(void *arg, int item);         /* rank 0 */
  dist_result (*body)(void *arg, int item);  /* any rank, any thread */
  void (*take)(void *arg, const dist_result *r); /* rank 0 */
  int (*shared)(void *arg);                  /* rank 0 */
  void (*learn)(void *arg, int value);       /* the other ranks */
  bool (*stop)(void *arg);                   /* any rank: deal nothing more */
  /* Rank 0, may be NULL: nothing may be dealt now, but something may be
   * once an item dealt comes back (a quota in use: stage 1's exact
   * solves).  The asking thread then waits and asks again, and no
   * position of the order is passed over meanwhile: one process deals
   * item by item, and a pick declined only for the moment must not be
   * declined for good (a stage 1 under MPI once lost its second solve so,
   * and the ranking solved every first guess exactly). */
  bool (*busy)(void *arg);
  void *arg;
} dist_loop;
void dist_run(const dist_loop *L);

#endif
