/* cmd_stats.h: --stats's report of a search (cmd_stats.c; solve and rank). */
#ifndef OPTLE_CMD_STATS_H
#define OPTLE_CMD_STATS_H

#include <stdio.h>

struct search;

/* The counters of s, summed over its threads, one a line on out, then
 * the root proof's stages if s ran one. */
void counters_print(FILE *out, const struct search *s);

#endif
