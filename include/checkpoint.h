/*
 * checkpoint.h: the file `optle rank --checkpoint FILE` resumes from: the
 * one home of its format, its lock, and what a resume may believe.
 *
 * Format 3.  Text, one record a line, each line ending in a tab and
 * sixteen hex digits, its checksum:
 *   # optle rank checkpoint 3: lists_hash H, rules R, max_guesses M,
 *     cutoff C, top T, words W, engine E<TAB>CHECK (one line: the header)
 *   word<TAB>value<TAB>exact|bound|lower<TAB>seconds<TAB>stage<TAB>CHECK
 * The header names the ranking (W is "all", or the hash of --words'
 * set) and the search that proved its lines (E, CKPT_ENGINE); its CHECK
 * is XXH64 of the text before the tab, seed 0.  A line's
 * CHECK is XXH64 of its text before the last tab, seeded with the
 * header's CHECK, so a line is bound to the ranking it was proven for.
 * value is a total or "none" (no strategy within the guess limit);
 * stage is the one that settled it (1 to 4, docs/rank.md), or 0 for a
 * line a resume wrote back for a feedback-alike word of a group whose
 * line it read (the normal rules only).  A "lower" line settles
 * nothing: it keeps a proven lower bound below the cutoff, the bound
 * the refuting stage 3 found for a first guess it could not refute, so
 * that a resume goes on to that word's exact search without proving the
 * bound again (an hour or more of a bighidden root proof's survivors,
 * each session).  A bound is true whatever the cutoff, so the line
 * stays true as the cutoff falls.
 *
 * Invariants of a file this module accepts (ckpt_read()):
 *  - every line it returns passed its checksum, names a guess of the
 *    ranking once (and at most one lower line, before its settled one),
 *    and has a possible value: not below the first guess's class-count
 *    bound 3n - k - [an answer] (>= 2n - 1), an exact one not above n x
 *    the guess limit, "none" exact, a bound above a given cutoff, a
 *    lower bound a number, at or below a given cutoff, from stage 2 to 4,
 *    in a ranking with a cutoff.  Anything else is refused with
 *    "file:line: reason" (the
 *    caller exits with status 2): a changed or damaged line is never
 *    believed, and deleting it makes its first guess ranked again;
 *  - the end of the file is whole: a last line or header cut short (a
 *    full disk, a crash) is cut off under the lock before anything is
 *    appended, and its first guess is ranked again; a last line whole but
 *    for its newline is kept, and the newline added;
 *  - one run at a time: the file is locked (flock, exclusive) from
 *    ckpt_lock(), before the lists and their table are loaded, to
 *    ckpt_close(); a second run is refused at once.  A file the run
 *    made and never wrote (it failed first) is removed at close;
 *  - only a regular file, and not standard output or error, is a
 *    checkpoint.
 * Format 1 (no checksums) is refused, saying so: it cannot be verified.
 * Format 2 is format 3 without the engine, and is engine 1: it is read,
 * and appended to as it is, while CKPT_ENGINE is 1.  A header of another
 * engine is refused, saying so: its values may be ones a fix has since
 * changed.
 *
 * The checksum finds accidents (a damaged disk, an editor, a stray
 * append), not a forger: anyone can recompute XXH64.
 *
 * ckpt_append() writes each line with one pwrite() at the end of the
 * whole lines (a signal can cut even that short: a kill at any moment,
 * SIGKILL too, leaves whole lines and at most a torn last one, which
 * the next read cuts off), and syncs them to the disk (each line a
 * second or more after the one before, else every CKPT_SYNC_S at most,
 * and at close: tuning.h); a write that fails (a full disk) is
 * cut back off, and the checkpoint takes no more lines.  Calls must not
 * overlap (the ranking reports in a critical section).
 */
#ifndef OPTLE_CHECKPOINT_H
#define OPTLE_CHECKPOINT_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"

#define CKPT_FORMAT 3
/* The search's version for what a checkpoint holds: raise it with every
 * change that can change a value or bound a line records (a fix of a
 * wrong value; not a speed-up, which the tests show keeps them), so that
 * no run believes the lines an older search wrote.  1: every optle since
 * format 2 (2026-11-25); the one fix of values since then (52bdcbd,
 * 2026-11-29) made --max-guesses 1 rankings' first guesses with no
 * strategy "none", whose wrong exact lines the value checks refuse (a
 * total of at least the class-count bound, above n x 1; an old bound
 * line stays true: no strategy is above every bound), and its bound change
 * moved no measured value or tree (docs/rank.md). */
#define CKPT_ENGINE 1

/* The ranking a checkpoint is of. */
typedef struct {
  uint64_t lists_hash;
  const char *rules; /* rules_name() */
  int max_guesses;   /* the guess limit (0: none) */
  int cutoff, top;   /* as given: -1 and 0 when not */
  uint64_t words;    /* 0: every guess; else ckpt_words_hash() of --words */
} ckpt_id;

/* A settled first guess read back. */
typedef struct {
  int guess;
  int value; /* OPTLE_INF: none */
  bool exact;
  double seconds;
  int stage;
  int line;   /* its line in the file */
  bool lower; /* a lower line (ckpt_resume.lower), not a settled one */
} ckpt_entry;

/* What ckpt_read() found. */
typedef struct {
  ckpt_entry *done; /* the settled first guesses (free() it) */
  int ndone;
  ckpt_entry *lower; /* the lower lines (free() it): exact false */
  int nlower;
  bool fresh;       /* new or empty: the header was written */
  bool cut_header;  /* the header was cut short: started afresh */
  int cut_line;     /* > 0: this last line was cut short and cut off */
} ckpt_resume;

typedef struct ckpt ckpt;

/* The hash of a set of first guesses (--words): order and repeats do
 * not count.  Never 0. */
uint64_t ckpt_words_hash(const int *guesses, int n);
/* The hash of an id's options (all but the lists: the rules, guess
 * limit, cutoff, top and words) and of CKPT_ENGINE, the same on every
 * host; never 0 (the ranks' agreement, dist.h, compares it). */
uint64_t ckpt_id_hash(const ckpt_id *id);
/* The ranks' agreement key (dist_agree()) of a run with this id: its
 * hash, then the words of --words in their order (words[0..nwords), a
 * dealt loop's items are read in it; NULL, 0: none) and --probe's guess
 * (probe, -1: none; on a resume it decides whether a loop runs before
 * stage 2: search_first.c probe_resumed()).  Never 0. */
uint64_t ckpt_agree_key(const ckpt_id *id, const int *words, int nwords, int probe);
/* The header's text (without its checksum), for messages. */
void ckpt_header_text(char *buf, size_t size, const ckpt_id *id);

/* Open PATH (created when missing) and lock it, before any long work:
 * the checkpoint, or NULL with err_msg() saying why (not a regular file
 * of its own, in use by another run, cannot be opened). */
ckpt *ckpt_lock(const char *path);
/* Read and verify it for the ranking id of g (which has its table),
 * ranked[guess] saying which guesses are ranked (NULL: all); repair its
 * end, or write the header of a new or empty file.  0, or -1 with
 * err_msg() saying why ("PATH: reason" or "PATH:LINE: reason"); the
 * checkpoint stays open and locked either way. */
int ckpt_read(ckpt *c, const ckpt_id *id, const game *g, const bool *ranked, ckpt_resume *r);
/* ckpt_lock() and ckpt_read(): the checkpoint, or NULL (closed) with
 * err_msg() saying why. */
ckpt *ckpt_open(const char *path, const ckpt_id *id, const game *g, const bool *ranked,
                ckpt_resume *r);
/* Append a settled first guess.  0, or -1 with err_msg() set: the write
 * failed, the partial line is cut off, and later calls do nothing and
 * return -1. */
int ckpt_append(ckpt *c, int guess, int value, bool exact, double seconds, int stage);
/* Append a lower line: a bound below the cutoff the refuting stage
 * proved (value a total, stage 2 to 4); as ckpt_append(). */
int ckpt_append_lower(ckpt *c, int guess, int value, double seconds, int stage);
/* Close and unlock (NULL: nothing).  0, or -1 with err_msg() set (an
 * append had failed, or close did). */
int ckpt_close(ckpt *c);

#endif
