/*
 * simulate.h: playing a strategy against every answer, and comparing
 * strategies across first guesses.
 *
 * Simulation.  A strategy's tree (strategy.h) is the whole strategy, so
 * playing every answer is walking the tree once per answer: each answer
 * follows the branches its feedback (the game's table) picks until the
 * node that guesses it.  The report counts guesses per answer: total,
 * distribution, the answers beyond a guess limit ("failures": the game
 * would be lost, but the strategy is still played to the end and
 * counted), and the answers that need the most guesses.
 *
 * Compare.  One row per first guess, one column per strategy: each cell
 * is the strategy's total with that first guess.  Greedy and rollout
 * cells are independent jobs, run one per thread (dynamic schedule,
 * costliest first) with no tree built; exact cells are solved one after
 * another, each with every thread, sharing one search and its memo.
 * With exact among the columns, every other cell also gets its gap to
 * the optimum in percent, 100 * (total - optimum) / optimum.  Tables go
 * out as Markdown (for reading) and CSV (for plots: one row per first
 * guess, four columns per strategy).
 */
#ifndef OPTLE_SIMULATE_H
#define OPTLE_SIMULATE_H

#include <stdio.h>

#include "game.h"
#include "strategy.h"
#include "tree.h"

/* Answers listed as the worst. */
#define SIM_WORST 10

typedef struct {
  int n;            /* answers played */
  long total;       /* guesses over all answers */
  int most;         /* most guesses any answer needs */
  int dist[TREE_MAX_DEPTH + 1]; /* dist[k]: answers taking k guesses */
  int limit;        /* the guess limit failures are counted against (0 none) */
  int failures;     /* answers taking more than limit guesses */
  int nodes;        /* nodes of the tree */
  int nworst;       /* worst[0..nworst-1]: answers, most guesses first, */
  int worst[SIM_WORST]; /* then in answer-list order */
  int worst_guesses[SIM_WORST];
} sim_report;

/* Play the tree on every answer of `set` (n of them; each must reach its
 * own node: tree_check() first). */
void sim_report_tree(const tnode *t, const game *g, const uint16_t *set, int n, int limit,
                     sim_report *r);

/* The guesses the tree makes for answer a, as "salet courd nymph whiff"
 * (truncated to fit size). */
void sim_path(const tnode *t, const game *g, int a, char *buf, size_t size);

typedef struct {
  int nopen, nstrat;
  const int *openers;       /* guess indices, nopen */
  const strategy *strats;   /* nstrat */
  int threads;              /* >= 1 */
  int max_guesses;          /* the game's limit: exact solves under it, and
                               heuristic cells that exceed it are marked */
  int memo_mb;              /* exact's memo */
  rules_mode rules;         /* the game's rules: exact's (the strategies
                               carry their own, greedy.mode) */
  /* Results, [opener * nstrat + strategy]: */
  int *total;               /* OPTLE_INF: exact found no strategy */
  int *most;                /* most guesses any answer needs */
  double *seconds;          /* time of the cell's own computation */
  int exact_col;            /* the exact column, or -1 */
  int n;                    /* answers */
  double wall;              /* seconds for the whole table */
  int done;                 /* cells computed: all of them unless stopped */
} sim_compare;

/* Compute every cell (allocates the result arrays; sim_compare_free).  A
 * stop (clock.h stop_requested()) abandons the table: the cells computed
 * by then are counted in `done`, the others are meaningless. */
void sim_compare_run(sim_compare *c, const game *g);
void sim_compare_free(sim_compare *c);

typedef enum { SIM_MARKDOWN, SIM_CSV } sim_format;
/* Format of a table file from its extension (".md", ".csv"), or -1. */
int sim_format_of(const char *path);
/* Write the table; `about` (may be NULL) is a line said above a Markdown
 * table.  0, or -1 with err_msg() on a write error. */
int sim_compare_write(FILE *fp, const sim_compare *c, const game *g, sim_format f,
                      const char *about);

#endif
