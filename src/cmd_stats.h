/* cmd_stats.h: --stats's report of a search (cmd_stats.c; solve and rank). */
#ifndef OPTLE_CMD_STATS_H
#define OPTLE_CMD_STATS_H

#include <stdio.h>

#include "search.h"

/* The counters of s, summed over its threads, plus others' (NULL:
 * none; the other ranks', counters_others()), one a line on out, then
 * the root proof's stages if s ran one. */
void counters_print(FILE *out, const search *s, const search_stats *others);
/* Under MPI the other ranks' counters, summed, on rank 0 (zeros on the
 * others and in one process): a collective, every rank calls it, at the
 * same point of the same command. */
void counters_others(const search *s, search_stats *others);

#endif
