/* cmd_stats.c: --stats, a search's counters as solve and rank print them
 * (search.h SEARCH_STATS, one line each with its meaning), and the root
 * proof's stages when the search ran one.  Under MPI the counters are
 * every rank's, summed on rank 0 (counters_others()). */
#include "cmd_stats.h"

#include "dist.h"
#include "search.h"

static void print_stats(FILE *out, const search_stats *st) {
  fprintf(out, "search counters (%s kernel):\n", search_bounds_kernel());
#define X(name, doc) fprintf(out, "  %-16s %14llu  %s\n", #name, (unsigned long long)st->name, doc);
  SEARCH_STATS(X)
#undef X
  fprintf(out, "  %-16s %14llu  %s\n", "memo_stores", (unsigned long long)st->memo_stores,
          "records stored in the memo");
  fprintf(out, "  %-16s %14llu  %s\n", "memo_evictions", (unsigned long long)st->memo_evictions,
          "records evicted (memo.h, Replacement)");
  fprintf(out, "  %-16s %14llu  %s\n", "memo_bytes", (unsigned long long)st->memo_bytes,
          "memo bytes in use at the end");
  if (st->exact_sum)
    fprintf(out, "  %-16s %13.1f%%  %s\n", "bound_quality",
            100.0 * (double)st->bound_sum / (double)st->exact_sum,
            "entry bounds of searched sets / their exact values");
  if (st->memo_probes)
    fprintf(out, "  %-16s %13.1f%%  %s\n", "memo_hit_rate",
            100.0 * (double)st->memo_hits / (double)st->memo_probes,
            "probes answered by the memo");
}

/* The root proof's stages (search.h): first guesses settled, seconds. */
static void print_root(FILE *out, const search_root_stats *r) {
  fprintf(out, "root proof: %d first guesses (one of each alike set), %s kernel\n", r->openers,
          search_bounds_kernel());
  fprintf(out, "  %-30s %8.2f s\n", "scan and seed", r->t[0]);
  char ub[96], given_up[32] = "";
  if (r->abandoned) snprintf(given_up, sizeof given_up, ", %d given up", r->abandoned);
  snprintf(ub, sizeof ub, "upper bound (%d exact search%s%s)", r->probed,
           r->probed == 1 ? "" : "es", given_up);
  fprintf(out, "  %-30s %8.2f s\n", ub, r->t[1]);
  fprintf(out, "  %-30s %8d %8.2f s\n", "refuted by L1 (and L0)", r->by_l1 + r->by_l0, r->t[2]);
  fprintf(out, "  %-30s %8d\n", "  of them by L0 alone", r->by_l0);
  fprintf(out, "  %-30s %8d %8.2f s\n", "refuted by L2", r->by_l2, r->t[3]);
  if (r->by_l2_none) fprintf(out, "  %-30s %8d\n", "  of them: none fits the limit", r->by_l2_none);
  fprintf(out, "  %-30s %8d %8.2f s\n", "settled by exact search", r->by_exact, r->t[4]);
}

/* The counters as an array (search_stats is nothing but uint64_t). */
#define STATS_N ((int)(sizeof(search_stats) / sizeof(uint64_t)))
_Static_assert(sizeof(search_stats) % sizeof(uint64_t) == 0, "search_stats: uint64_t only");

void counters_others(const search *s, search_stats *others) {
  search_stats mine;
  search_get_stats(s, &mine);
  *others = mine;
  uint64_t *o = (uint64_t *)others, *m = (uint64_t *)&mine;
  dist_sum(o, STATS_N);
  for (int i = 0; i < STATS_N; i++) o[i] = dist_rank() == 0 ? o[i] - m[i] : 0;
}

void counters_print(FILE *out, const search *s, const search_stats *others) {
  search_stats st;
  search_get_stats(s, &st);
  if (others)
    for (int i = 0; i < STATS_N; i++) ((uint64_t *)&st)[i] += ((const uint64_t *)others)[i];
  print_stats(out, &st);
  if (search_root_report(s)) print_root(out, search_root_report(s));
}
