/*
 * rank_run.h: what a ranking of first guesses keeps beside the search
 * (search.h search_rank_first()) while it runs, for `optle rank` and for
 * `optle solve --checkpoint`, which runs the same proof (rank --top 1):
 * its checkpoint (checkpoint.h owns the format, lock and checks) and its
 * progress line on a terminal.  Rank 0's alone (dist.h).
 *
 * The checkpoint: locked before any long work (rank_run_lock(): a second
 * run on it is refused before the lists are loaded), read, verified and
 * repaired once the lists are (rank_run_resume(): what it holds becomes
 * the ranking's settled words, r->done), and appended to as each first
 * guess is settled (rank_run_settled(), the ranking's report function),
 * so a run killed at any moment loses only the words in flight; and a
 * lower line for each word the refuting stage 3 leaves to the exact
 * search (rank_run_lower()), whose bound a resume takes (r->lower)
 * instead of proving it again.  A line
 * that cannot be written stops the run (r->write_failed, r->why).  A
 * bound read back must be above the final cutoff (rank_run_check()).
 * Both commands write the same ranking's file: `solve --checkpoint F` and
 * `rank --top 1 --checkpoint F` resume each other.
 *
 * The progress line (rank_run_settled() and rank_run_where(), the
 * ranking's where function): the stage, how far into it and its ETA, the
 * first guess stage 1 is solving with its budget; the first guesses
 * settled, the best, the rate.  On a terminal it is one line written
 * over; where stderr is not a terminal (a ranking of hours run in the
 * background, its stderr a log), plain lines: one at each stage and first
 * guess stage 1 turns to, else as the run's time doubles, at most
 * PROGRESS_LINES_GAP seconds apart (tuning.h).
 *
 * The stages (--stats, rank_run_print_stages()): the where function and
 * the report functions tally each stage's groups, first guesses settled
 * and left to the exact search, threads' seconds and wall time; the
 * ranking tells where as each group is done, whatever the progress.
 */
#ifndef OPTLE_RANK_RUN_H
#define OPTLE_RANK_RUN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#include "checkpoint.h"
#include "game.h"
#include "search.h"

/* What one stage of this run did (search_first_where, the first
 * guesses told), for --stats: rank_run_print_stages(). */
typedef struct {
  bool reached;
  int done, passed;   /* its groups finished, of them passed over (the last where) */
  int settled, lower; /* first guesses it settled, and left to the exact search */
  double busy;        /* the threads' seconds on its groups (where's busy) */
  double began, wall; /* when it began, and its time to its last where */
  int done0, passed0; /* ... of them, its earlier runs' (stage 1 runs in rounds; stage
                       * 4 once for a resume's --probe, then again after stage 3) */
  double busy0, wall0;
} rank_stage;

typedef struct {
  const char *path; /* the checkpoint (NULL: none) */
  ckpt *ck;
  ckpt_resume res;
  search_first_value *done;  /* res's lines as the ranking takes them */
  search_first_value *lower; /* ... and its lower lines */
  const game *g;
  int total, resumed, settled, exact, best;
  int none; /* of the exact, those with no strategy within the limit */
  int best_guess;
  /* First guesses left to the exact search: those with a lower line
   * (resumed or told), less those settled since; has_lower (a flag a
   * guess, made at the first) says which, for the progress line. */
  int left_exact;
  bool *has_lower;
  double t0, last;
  int progress;          /* SEARCH_PROGRESS_* (search.h) */
  double next_line;      /* lines: the run's time the next is due at */
  int shown;             /* the length of the progress line last written */
  search_first_where at; /* the ranking's stage, and how far into it */
  double stage_t0;       /* when that stage began */
  rank_stage stages[5];  /* by stage, 1 to 4 (search_first_value.stage) */
  bool write_failed;
  char why[512]; /* why a checkpoint line could not be written */
  bool bad;      /* a line read back failed rank_run_check() (said) */
  /* The memo saved beside the checkpoint (rank_run_memo_begin()). */
  char *memo_path;              /* the checkpoint's path + ".memo" */
  uint64_t memo_id;             /* the ranking's: its lists and options */
  struct memo_saver *saver;     /* the thread that saves it */
  atomic_bool in_stage4;        /* the ranking is in stage 4 (its memo worth saving) */
} rank_run;

/* A run with the checkpoint path (NULL: none) and its progress
 * (SEARCH_PROGRESS_*: none, a terminal's line, or plain lines). */
void rank_run_init(rank_run *r, const char *path, int progress);
/* Lock the checkpoint, if any.  0, or EXIT_USAGE after a message. */
int rank_run_lock(rank_run *r);
/* Read it for the ranking id of g (ranked: the guesses ranked, NULL all):
 * r->done and r->res.ndone, with what was cut off or resumed said on
 * stderr.  0, or EXIT_USAGE after a message naming the file (and line). */
int rank_run_resume(rank_run *r, const game *g, const ckpt_id *id, const bool *ranked);
/* fo's fields for the run: what was resumed (done, lower), and the
 * report, report_lower and (with a progress line) where functions. */
void rank_run_opts(rank_run *r, search_first_opts *fo);
/* The memo beside the checkpoint (memo_file.h; none without one): read
 * FILE.memo into s's memo when there is one (a file the memo cannot hold
 * with room to spare is said, with a --memo-mb that holds it), then save
 * s's records there every MEMO_SAVE_S seconds while stage 4 runs
 * (tuning.h), by a thread of its own.  0, or EXIT_USAGE after a message
 * naming the file (damaged, or another ranking's: the run does not
 * start). */
int rank_run_memo_begin(rank_run *r, search *s);
/* The saver's end, after the ranking: finished (every first guess
 * settled), the file is removed; stopped in stage 4, saved once more. */
void rank_run_memo_end(rank_run *r, bool finished);
/* The ranking's report (search_first_opts.report), report_lower and
 * where (.where) functions; arg is the rank_run. */
void rank_run_settled(void *arg, const search_first_value *v);
void rank_run_lower(void *arg, const search_first_value *v);
void rank_run_where(void *arg, const search_first_where *w);
/* The stages of the run as a table on out (--stats): for each, the
 * groups it finished and worked on, the first guesses it settled and
 * left to the exact search, its threads' seconds and its wall time. */
void rank_run_print_stages(FILE *out, const rank_run *r);
/* Every bound read back is above the final cutoff.  0, or EXIT_USAGE
 * after a message. */
int rank_run_check(const rank_run *r, int cutoff);
/* Close the checkpoint (unlocked) and free what was read.  The status:
 * rc, or EXIT_USAGE when closing failed after rc 0. */
int rank_run_close(rank_run *r, int rc);

#endif
