#!/usr/bin/env python3
"""tools/mpi_sim.py: how a ranking would scale on a cluster
(docs/cluster.md), from the per-word times of a checkpoint.

    tools/mpi_sim.py CHECKPOINT [--ranks 16,64,256] [--threads T]
                     [--measured-threads M] [--latency S] [--service S]

CHECKPOINT is what `optle rank --checkpoint FILE` (or optle-mpi) wrote:
one line per settled first guess, "word value exact|bound seconds stage".
The words of one group (feedback-alike first guesses, settled together
with the group's seconds) are consecutive lines with the same value, kind,
seconds and stage; each group is one item, as in the ranking.  A line of
stage 0 was written back by a resume for a word of a group whose line was
there already: no work of its own, so no item.

The replay.  Each item's time is put in the stage that settled it (1: the
exact solves that set the cutoff, 2: L0 and L1, 3: L2, 4: the exact
search), and the stages are replayed in order, each ending when its last
item does (every rank waits there, as optle-mpi's ranks do).  Within a
stage the items are dealt in the checkpoint's order (the order they were
settled: close to the order they were dealt) the way dist.c deals them:
stages 2 and 3 in guided chunks (remaining / (4 x threads), 1 to 64),
stage 4 one at a time, each to the first thread free, on R ranks of T
threads; a stage-1 solve to a whole rank (it uses every thread of its
rank: it took `seconds` with the M threads of the measured run, so M/T
times that on T threads, M x seconds of work).  Every request costs a
round trip (--latency) and is served by rank 0 one after another
(--service each), which is rank 0's bandwidth.  It prints, for each
count of ranks, the makespan, the speedup over the whole work done by
one thread, the efficiency (work / (threads x makespan)), the requests
and the share of the time rank 0's server is busy with them.

The shared bound.  What an item costs depends on the cutoff C it is
searched against: every bound refutes at C + 1, and every search is
against C + 1.  The replay uses the times as measured, so it assumes each
item sees the cutoff it saw in the measured run.  After stage 1 that is
the final C whenever stage 1 found the N best (as for --top 6 of the
original lists: 7930 from stage 1 on), and dist.c sends the current C
with every item dealt, so every rank does cut with it, as the measured
threads did.  What this leaves out:
  - under-estimates: each rank has its own memo, so the class bounds and
    values that first guesses share, found once in one process, are
    found again on each rank that needs them (most at many ranks), and a
    group's later stages run on another rank than its earlier ones;
    where stage 1 misses the best first guesses, C falls during stage 4,
    and with more ranks more searches start against the higher C; the
    L1 probe of stage 1 is not in the checkpoint;
  - over-estimates: the measured times include what the measured run's
    threads cost each other (two threads on two cores share caches and
    memory bandwidth); a group's earlier stages (its L1 and L2 bounds) are
    counted in the stage that settled it, which lengthens that stage a
    little and shortens the ones before.
"""
import argparse
import heapq
import sys


def read_items(path):
    """The checkpoint's groups, in order: [(stage, seconds)], and the
    count of words."""
    items, last, words = [], None, 0
    with open(path) as f:
        first = f.readline()
        if not first.startswith("# optle rank checkpoint"):
            sys.exit(f"mpi_sim: {path}: not an optle rank checkpoint")
        for n, line in enumerate(f, 2):
            cols = line.rstrip("\n").split("\t")
            if len(cols) < 4:
                continue  # a last line cut short by a kill
            try:
                secs = float(cols[3])
                stage = int(cols[4]) if len(cols) > 4 else 4
            except ValueError:
                sys.exit(f"mpi_sim: {path}:{n}: not a settled word")
            words += 1
            if stage == 0:
                continue  # written back by a resume: its group's work is counted
            key = (cols[1], cols[2], cols[3], stage)
            if key != last:
                items.append((stage, secs))
            last = key
    return items, words


def replay(items, ranks, threads, measured, latency, service):
    """The makespan of the items on ranks x threads, stage by stage, and
    the requests rank 0 answered."""
    t = 0.0
    server = 0.0  # when rank 0's server is free
    requests = 0
    for stage in (0, 1, 2, 3, 4):
        todo = [s for st, s in items if st == stage]
        if not todo:
            continue
        per_rank = stage == 1
        guided = stage in (2, 3)
        workers = ranks if per_rank else ranks * threads
        free = [(t, w) for w in range(workers)]
        heapq.heapify(free)
        end, i = t, 0
        while i < len(todo):
            at, w = heapq.heappop(free)
            # The request reaches rank 0, waits for the server, comes back.
            server = max(server, at + latency / 2) + service
            start = server + latency / 2
            requests += 1
            k = 1
            if guided:
                k = max(1, min(64, (len(todo) - i) // (4 * workers)))
            work = sum(todo[i:i + k])
            if per_rank:
                work *= measured / threads
            i += k
            done = start + work
            end = max(end, done)
            heapq.heappush(free, (done, w))
        t = end
    return t, requests


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("checkpoint")
    ap.add_argument("--ranks", default="16,64,256", help="rank counts (default 16,64,256)")
    ap.add_argument("--threads", type=int, default=1, help="threads per rank (default 1)")
    ap.add_argument("--measured-threads", type=int, default=1,
                    help="threads of the run that wrote the checkpoint (default 1)")
    ap.add_argument("--latency", type=float, default=50e-6,
                    help="seconds of a request's round trip (default 50e-6)")
    ap.add_argument("--service", type=float, default=10e-6,
                    help="seconds rank 0 spends on a request (default 10e-6)")
    a = ap.parse_args()
    items, words = read_items(a.checkpoint)
    if not items:
        sys.exit(f"mpi_sim: {a.checkpoint}: no settled words")
    m = a.measured_threads
    work = sum(s * (m if st == 1 else 1) for st, s in items)
    by = {}
    for st, s in items:
        n, w = by.get(st, (0, 0.0))
        by[st] = (n + 1, w + s * (m if st == 1 else 1))
    longest = max(items, key=lambda it: it[1])
    print(f"{a.checkpoint}: {words} first guesses in {len(items)} groups, "
          f"{work:.1f} s of work on one thread")
    print("stages: " + ", ".join(f"{st}: {n} groups, {w:.1f} s" for st, (n, w) in sorted(by.items())))
    print(f"longest item: {longest[1]:.2f} s (stage {longest[0]})")
    print(f"model: {a.threads} thread(s) per rank, round trip {a.latency * 1e6:.0f} us, "
          f"rank 0 {a.service * 1e6:.0f} us per request")
    print()
    print("| ranks | threads | makespan s | speedup | efficiency | requests | rank 0 busy |")
    print("|---|---|---|---|---|---|---|")
    for r in [1] + [int(x) for x in a.ranks.split(",") if x]:
        span, requests = replay(items, r, a.threads, m, a.latency, a.service)
        workers = r * a.threads
        print(f"| {r} | {workers} | {span:.2f} | {work / span:.1f} | "
              f"{100 * work / (workers * span):.0f}% | {requests} | "
              f"{100 * requests * a.service / span:.1f}% |")


if __name__ == "__main__":
    main()
