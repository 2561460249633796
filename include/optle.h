/*
 * optle.h: optle as a library, the public C API (liboptle, pkg-config
 * optle).  Everything a program needs to load a game, solve it with
 * proof, walk and write the strategy tree, verify a tree file, get the
 * next guess for a game so far and rank first guesses.  docs/api.md is
 * the guide; this note is the contract.
 *
 * Stability.  Handles are opaque (no internal struct is exposed), every
 * exported name starts optle_ (the shared library exports no other), and
 * the option structs begin with their own size, set by their _init()
 * function, so later versions can add fields at the end without breaking
 * programs built against this one.  OPTLE_API_VERSION counts
 * incompatible changes; the library's soname follows VERSION's major
 * number.
 *
 * Errors.  Every call that can fail returns an optle_status: 0 is
 * success, and the other codes are the CLI's exit statuses (docs/cli.md),
 * so a failure means what the same failure of `optle` means.  The
 * message, the CLI's own words without its "optle: " prefix, is
 * optle_errmsg(): per thread, kept until the thread's next failing call.
 * The library never prints and never ends the process on bad input.
 *
 * How the library keeps that promise (the design choice).  Below this
 * API, optle's modules already return errors for bad input (err.h: a
 * per-thread message and a code); the API layer (src/api*.c) checks
 * what its callers give before any internal call (names, words,
 * patterns, limits), with the messages the CLI prints for the same
 * mistakes.  What is left are the fatal paths: running out of memory,
 * and broken invariants ("internal error"), where the CLI prints and
 * exits with status 3.  Those go through one function, err_fatal()
 * (err.h), and every API entry point arms a per-thread trap (setjmp):
 * a fatal error raised on the caller's own thread, outside a parallel
 * region (loading lists, the feedback table, reading trees, reserving
 * the memo, setting up a search), records the message and jumps back to
 * the entry point, which returns OPTLE_ENOMEM (what the abandoned call
 * had allocated is leaked: a process that ran out of memory has bigger
 * problems).  A fatal error on one of the search's worker threads, or
 * inside its parallel region, cannot be unwound (no thread may jump out
 * of an OpenMP region), and still prints and exits as the CLI does: in
 * practice running out of memory in the middle of a search; so does
 * OpenMP's runtime when it cannot start its threads (libgomp's own
 * message, status 1).  The memo, the one large allocation a search
 * makes, is reserved up front, so a memo_mb too large for the machine is
 * an error return, not an exit.
 *
 * Threads and stopping.  A solve, ranking or advice runs on the calling
 * thread and as many OpenMP threads as its options ask.  The library runs
 * one such search at a time per process (a lock: a second caller waits),
 * because stopping is the process's (optle_stop(), async-signal-safe, for
 * a caller's own SIGINT handler).  The progress callback is called from a
 * helper thread of the library, every progress_interval seconds, never
 * twice at once; it returns nonzero to stop the search, which then
 * returns OPTLE_ESTOPPED: a solve with what it had (its best tree, marked
 * not proven optimal, and the proven lower bound: optle_solve()), an
 * advice or a ranking with *out NULL.  The callback may not start a
 * search itself (OPTLE_EINPUT: the search that called it holds the
 * library until it ends).  The time limit works
 * the same way, without signals: the library installs no signal handler.
 * The same helper thread keeps both, so a callback that blocks delays
 * the time limit by as long; where that thread cannot be started (the
 * system's limit on threads), a call with a callback or a time limit
 * returns OPTLE_ENOMEM and searches nothing, rather than run without them.
 * Games and results are read-only once made, and may be shared between
 * threads; free each once.  A game's rules and guess limit
 * (optle_game_set_rules(), optle_game_set_max_guesses()) are set up
 * before it is shared: setting them while another thread's call uses
 * the game is a data race, as for any object written and read at once
 * (a result keeps the rules and limit it was made with).
 *
 * Words are five lowercase letters, NUL-terminated; the library's
 * strings are valid until the handle that gave them is freed.  Patterns
 * are five characters of G (green), Y (yellow), B (gray) on output; on
 * input any form the CLI takes (GYB, 210, the share grid's squares).
 */
#ifndef OPTLE_H
#define OPTLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define OPTLE_API_VERSION 1

/* The library's version, "0.9.0 (commit abc1234)": optle --version's. */
const char *optle_version(void);

/* ------------------------------------------------------------------ */
/* Errors                                                               */

typedef enum {
  OPTLE_OK = 0,
  OPTLE_EFAIL = 1,    /* the answer is no: no strategy within the guess limit,
                       * or (optle_verify) the tree is invalid */
  OPTLE_EINPUT = 2,   /* bad argument or input (a word, list, file, history) */
  OPTLE_ENOMEM = 3,   /* out of memory, or an internal error */
  OPTLE_ESTOPPED = 4  /* stopped (callback, time limit, optle_stop()) */
} optle_status;

/* This thread's last error message ("" when none). */
const char *optle_errmsg(void);
/* The status's name, "OPTLE_EINPUT", for logs. */
const char *optle_status_name(int status);
/* Stop the search running now (any thread, or a signal handler). */
void optle_stop(void);
/* Free memory the library gave the caller (optle_export()'s data). */
void optle_free(void *p);

/* ------------------------------------------------------------------ */
/* Games: the lists, the rules, the guess limit                         */

typedef struct optle_game optle_game;

/* A named list (optle lists: small, medium, large, original,
 * nyt-2022-02, nyt-2022-08, nyt-2023-07 or nyt, and every word an
 * answer: original-all, nyt-2022-02-all, nyt-2022-08-all; NULL: nyt). */
int optle_game_named(const char *list, optle_game **out);
/* List files, one word a line (docs/formats.md); guesses NULL: the
 * answers are the guesses. */
int optle_game_files(const char *answers, const char *guesses, optle_game **out);
/* Word arrays (any case); guesses NULL: the answers are the guesses. */
int optle_game_words(const char *const *answers, int nanswers, const char *const *guesses,
                     int nguesses, optle_game **out);
/* The lists a tree file records (a JSON tree's "list", or its list
 * files), else nyt, as `optle verify` finds them; a JSON tree whose
 * recorded lists hash is not the lists' is refused unless force.
 * OPTLE_EINPUT too for an empty file, one in no tree format, and list
 * files that are not regular files (a FIFO is never waited on) or no
 * longer word lists (their lines are not quoted: a tree may name any
 * file). */
int optle_game_for_tree(const char *tree_path, int force, optle_game **out);
void optle_game_free(optle_game *g);

/* The rules: "normal" (the default), "hard", "hard-gray" or
 * "ultrahard" (docs/rules.md). */
int optle_game_set_rules(optle_game *g, const char *rules);
/* The guess limit per answer, 0 = none (default 6; at most 254). */
int optle_game_set_max_guesses(optle_game *g, int max_guesses);

int optle_game_answers(const optle_game *g);
int optle_game_guesses(const optle_game *g);
const char *optle_game_answer(const optle_game *g, int i);
const char *optle_game_guess(const optle_game *g, int i);
/* "small (50 answers, 50 guesses)", as the CLI's first lines say it;
 * "3 answers and 3 guesses given as words" for optle_game_words(). */
const char *optle_game_describe(const optle_game *g);
const char *optle_game_rules(const optle_game *g);
int optle_game_max_guesses(const optle_game *g);

/* ------------------------------------------------------------------ */
/* Progress and the options every search takes                          */

typedef struct {
  double seconds;         /* since the call began */
  const char *phase;      /* the step running, in words ("" before the first) */
  int settled, of;        /* the root proof's first guesses settled, of `of`
                           * (0, 0: no root proof running) */
  int done, total;        /* the step's own count, when it has one (else 0, 0) */
  int best;               /* the best total found so far, or -1 */
  const char *best_first; /* its first guess, or NULL */
} optle_progress;
/* Return nonzero to stop. */
typedef int (*optle_progress_fn)(const optle_progress *p, void *arg);

/* ------------------------------------------------------------------ */
/* Solving                                                              */

typedef struct {
  size_t size;           /* sizeof(optle_solve_opts): set by the init */
  const char *first;     /* a fixed first guess, or NULL: the root proof */
  const char *objective; /* "total" (default) or "worst" */
  int threads;           /* 0: OMP_NUM_THREADS, else every core */
  int memo_mb;           /* 0: the list's default (docs/solve.md) */
  double time_limit;     /* seconds, 0: none */
  optle_progress_fn progress;
  void *progress_arg;
  double progress_interval; /* seconds between calls (default 0.25) */
  /* Added after 0.10.0 (an older caller's struct ends above: NULL for it). */
  const char *probe; /* the root proof's first total to beat: this first
                      * guess's, solved before the proof's own picks (solve
                      * --probe; NULL: none; not with first) */
} optle_solve_opts;
void optle_solve_opts_init(optle_solve_opts *o);

typedef struct optle_result optle_result;
typedef struct optle_node optle_node;

/* Solve the game.  OPTLE_OK: *out holds the proven optimum and its
 * tree.  OPTLE_ESTOPPED: *out holds what was proven, the lower bound,
 * and the best tree the search had, if any, with its own total, not
 * proven optimal; with no tree, the total is the optimum and
 * optle_result_proven() 1 when the proof had finished (the tree was
 * cut short), else the best total found (-1: none) and proven 0.
 * OPTLE_EFAIL: no strategy within the guess limit (the CLI's message;
 * *out NULL).  o may be NULL (defaults). */
int optle_solve(optle_game *g, const optle_solve_opts *o, optle_result **out);

/* Read a tree file in any format `optle verify` reads and check it in
 * full against the game (its rules too, or the stricter ones a JSON
 * tree records).  max_guesses: the limit to check, 0 none, -1 the JSON
 * file's own.  OPTLE_OK: *out holds the tree and its figures;
 * OPTLE_EFAIL: the tree is invalid, OPTLE_EINPUT: unusable (the message
 * names the first problem as `optle verify` does). */
int optle_verify(optle_game *g, const char *path, int max_guesses, optle_result **out);

void optle_result_free(optle_result *r);
/* The game the result is for (it keeps the game alive: free both, in
 * any order). */
const optle_game *optle_result_game(const optle_result *r);
/* The total guesses over all answers: the optimum when proven, else the
 * best tree's or strategy's found (-1: none found). */
int optle_result_total(const optle_result *r);
/* 1 when the total is proven optimal: of every strategy, or of those
 * that start with the solve's fixed first guess (o->first); for
 * optle_verify()'s result, when the file does not mark the tree as not
 * proven optimal ("proven": false, the text format's mark line): verify
 * checks that a tree is valid and what it totals, not that it is
 * optimal. */
int optle_result_proven(const optle_result *r);
/* The proven lower bound of the optimum, in the same sense (= total when
 * proven; -1 none): with a fixed first guess, of the strategies that
 * start with it. */
int optle_result_lower_bound(const optle_result *r);
/* The tree's first guess, or NULL (no tree). */
const char *optle_result_first(const optle_result *r);
/* The answers the tree covers (0: no tree). */
int optle_result_answers(const optle_result *r);
/* The distribution: dist[k] = answers found with the k-th guess, for k
 * = 0 .. size - 1 (dist[0] is 0); returns the most guesses any answer
 * needs (0: no tree), which may be >= size (then cut). */
int optle_result_distribution(const optle_result *r, int *dist, int size);
/* The tree hash (solve's "tree hash"; 0: no tree). */
uint64_t optle_result_hash(const optle_result *r);
/* Seconds the call took (lists included for a solve). */
double optle_result_seconds(const optle_result *r);
/* The rules, guess limit and objective the result holds to, which a
 * verified tree can make differ from its game's: verify checks the
 * stricter of the game's rules and those a JSON tree records, and the
 * limit is the one given, else the file's own (the limit JSON records
 * when the tree is written again).  "normal", "hard", "hard-gray" or
 * "ultrahard"; 0: no limit; "total" or "worst". */
const char *optle_result_rules(const optle_result *r);
int optle_result_max_guesses(const optle_result *r);
const char *optle_result_objective(const optle_result *r);

/* Write the tree in any format `optle export` writes: "json", "text",
 * "dot", "html", "paths", "cpaths", "map" or "mjs", or "svg" and "png"
 * when Graphviz's dot is installed (format NULL: the path's extension's;
 * optle_export()'s: json).  optle_write() writes path whole or not at
 * all, as `optle export -o` does ("-" is standard output; a temporary
 * file of its own beside path, renamed over it, so threads may write one
 * path at once); optle_export() gives the bytes (optle_free() them). */
int optle_write(const optle_result *r, const char *path, const char *format);
int optle_export(const optle_result *r, const char *format, char **data, size_t *len);

/* ------------------------------------------------------------------ */
/* Walking the tree (nodes belong to their result)                      */

const optle_node *optle_result_root(const optle_result *r);
const char *optle_node_guess(const optle_result *r, const optle_node *n);
/* Answers that reach the node, and their guesses summed from it on. */
int optle_node_answers(const optle_node *n);
int optle_node_total(const optle_node *n);
/* 1 when the node's guess is one of the answers that reach it (an
 * answer ends here). */
int optle_node_wins(const optle_node *n);
/* Branches: the patterns (not all green) some answer gives, in the order
 * trees list them; pattern into buf (6 bytes: "BBYGB"). */
int optle_node_branches(const optle_node *n);
const char *optle_node_pattern(const optle_node *n, int i, char buf[6]);
const optle_node *optle_node_child(const optle_node *n, int i);
/* The child for a pattern in any form the CLI reads, or NULL (no such
 * branch, or not a pattern). */
const optle_node *optle_node_follow(const optle_node *n, const char *pattern);

/* ------------------------------------------------------------------ */
/* Advice: the next guess for a game so far (`optle next`)              */

typedef struct {
  size_t size;
  int top;           /* alternatives ranked exactly (default 5, at most 100) */
  int prove;         /* no history on a big list: prove the best first guess */
  int threads, memo_mb;
  double time_limit;
  optle_progress_fn progress;
  void *progress_arg;
  double progress_interval;
} optle_next_opts;
void optle_next_opts_init(optle_next_opts *o);

typedef struct optle_advice optle_advice;
/* history[0..nsteps): "salet:BBYBB" (or "salet BBYBB"), each kept to the
 * game's rules.  A history that ends all green gives advice with
 * optle_advice_solved() 1.  OPTLE_EFAIL: no strategy within the guesses
 * left (the CLI's message). */
int optle_next(optle_game *g, const char *const *history, int nsteps, const optle_next_opts *o,
               optle_advice **out);
void optle_advice_free(optle_advice *a);
int optle_advice_solved(const optle_advice *a);
/* The answers that fit the history. */
int optle_advice_answers(const optle_advice *a);
const char *optle_advice_answer(const optle_advice *a, int i);
/* Guesses made, and left within the guess limit (0: no limit; also a
 * game won with the limit's last guess). */
int optle_advice_made(const optle_advice *a);
int optle_advice_left(const optle_advice *a);
/* The next guess (NULL: solved), its total over the answers left, and
 * where it comes from: "search" (proven best), "opener" (a big list's
 * fixed opener, its value exact but not proven best). */
const char *optle_advice_guess(const optle_advice *a);
int optle_advice_total(const optle_advice *a);
const char *optle_advice_source(const optle_advice *a);
/* The ranking: the best guesses by exact total (tie-rule order). */
int optle_advice_ranked(const optle_advice *a);
const char *optle_advice_rank_guess(const optle_advice *a, int i);
int optle_advice_rank_total(const optle_advice *a, int i);
int optle_advice_rank_in_set(const optle_advice *a, int i);

/* ------------------------------------------------------------------ */
/* Ranking first guesses (`optle rank`)                                 */

typedef struct {
  size_t size;
  int top;             /* > 0: exact for the top best (ties included) */
  int cutoff;          /* >= 0: exact up to this total, bounds above (-1: none) */
  const char *const *words; /* rank only these (NULL: every allowed guess) */
  int nwords;
  int threads, memo_mb;
  double time_limit;
  optle_progress_fn progress;
  void *progress_arg;
  double progress_interval;
  /* Added after 0.10.0 (an older caller's struct ends above: NULL for it). */
  const char *probe; /* with top: this first guess solved first in the
                      * first stage (rank --probe; among words, if given) */
} optle_rank_opts;
void optle_rank_opts_init(optle_rank_opts *o);

typedef struct optle_ranking optle_ranking;
/* The ranking, by value then word, as `optle rank` writes it (values
 * above the final cutoff shown as proven lower bounds). */
int optle_rank(optle_game *g, const optle_rank_opts *o, optle_ranking **out);
void optle_ranking_free(optle_ranking *k);
int optle_ranking_count(const optle_ranking *k);
/* The final cutoff (-1: none, every value exact). */
int optle_ranking_cutoff(const optle_ranking *k);
const char *optle_ranking_guess(const optle_ranking *k, int i);
/* Its total (-1: no strategy within the guess limit), and whether it is
 * exact (else a proven lower bound). */
int optle_ranking_value(const optle_ranking *k, int i);
int optle_ranking_exact(const optle_ranking *k, int i);

#ifdef __cplusplus
}
#endif
#endif
