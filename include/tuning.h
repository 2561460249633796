/*
 * tuning.h: every tuning constant and hard limit of optle, in one place.
 *
 * Nothing here changes results: these values trade memory for time, or
 * bound what inputs we accept.  A change to any of them must keep the
 * oracle tests passing and `make bench` totals identical.
 */
#ifndef OPTLE_TUNING_H
#define OPTLE_TUNING_H

/* Largest answer list: answer sets are arrays of uint16_t. */
#define OPTLE_MAX_ANSWERS 65535
/* The most first guesses rank --top (optle_rank()'s top) ranks exactly. */
#define RANK_TOP_MAX 1000000
/* Largest guess list: guesses are int32 indices, but the feedback table
 * (guesses x answers bytes) must also fit OPTLE_MAX_TABLE_BYTES. */
#define OPTLE_MAX_GUESSES 1000000
#define OPTLE_MAX_TABLE_BYTES (4ull << 30)

/* Most words one list file may hold (any more is an input error). */
#define OPTLE_WORDS_MAX 1000000
/* Bytes a list file is read between two looks at the stop flag
 * (clock.h): 64 KiB, well under a millisecond of getc(). */
#define WORDS_STOP_POLL 65536ul

/* A value no real total reaches: "no strategy fits the guess limit". */
#define OPTLE_INF 0x3fffffff

/* Most threads a process runs: --threads' range, and the cap on
 * OMP_NUM_THREADS (util.h threads_start()). */
#define OPTLE_THREADS_MAX 1024

/* Guess limit meaning "unlimited" inside the search (depths are uint8). */
#define OPTLE_DEPTH_UNLIMITED 255

/* Sets smaller than this are never memoised: they are solved from
 * closed forms (n <= 3) faster than a probe. */
#define MEMO_MIN_SET 4
/* Default memo size in MiB (--memo-mb), and from MEMO_BIG_ANSWERS
 * answers on (memo_default_mb()): the nyt-2023-07 lists' root proof
 * stores about 194 MB of bounds; with 128 MiB it evicted 1.7 million
 * records, with 512 MiB none, and took 268.5 s, 421 MB (2 threads,
 * 2026-11-26; L2 131 s against 249 s).  300 MiB, not 512, keeps the hard
 * nyt-2023-07 root proof, whose memo always fills, under 512 MB with
 * the ~190 MB it holds outside the memo (issue 48; docs/benchmarks.md):
 * the normal root proofs evict nothing at 300 either, and the hard
 * table's sample took 528 s with 320 MiB against 500 s with 512. */
#define MEMO_DEFAULT_MB 128
#define MEMO_BIG_ANSWERS 2500
#define MEMO_BIG_MB 300
/* The same lists' default for a solve of one fixed first guess, which
 * holds far less beside its memo than a root proof (no bounds' copy of
 * the table, no stages' scratch).  It was set when a proof that
 * overflowed its memo made the tree phase solve again, with no window,
 * what the proof had solved (hard NONNA on nyt-2023-07, 315 MiB of
 * records: 744.8 s at 300 MiB, the tree 569.4 s of it); since the tree
 * solves within windows (search_tree.c) the same took 180.1 s, the tree
 * 2.6 s, and at 512 MiB 167.8 s, 450 MB, none evicted: the proof
 * itself still gains (2026-12-01, docs/benchmarks.md).  Memory is
 * touched only as used, so a solve that fits in less pays nothing. */
#define MEMO_FIXED_FIRST_MB 512
/* Tables of MEM_HUGE_MIN bytes or more (mem.c mem_huge(): the feedback
 * table, the bounds' permuted copy, L2's own tables) ask for huge pages
 * (Linux's transparent huge pages, whose default mode, `madvise`, gives
 * them only where asked), and so does a memo of MEMO_HUGE_MIN bytes or
 * more: the scans read a line of each answer's row, rows a table's width
 * apart, a TLB miss each on 4 KiB pages, and every 4 KiB page touched is
 * a fault.  The 2-core AMD EPYC (Zen 5, a VM whose faults are dear),
 * 2 threads, old and new in turn: 12 random nyt-2022-02-all first
 * guesses refuted at 52646 with --memo-mb 2048, 45.45 / 44.83 s -> 41.38
 * / 42.33 s (system time 7.0 -> 3.3 s); the original lists' root proof
 * 14.37 -> 12.50 s (AVX2 kernel 26.13 -> 22.11 s), hard nyt-2022-02's
 * 13.98 -> 12.16 s (AVX2 27.58 -> 27.51 s); the same trees, the same
 * peak RSS.  A small memo does not ask: every shard's first record would
 * back 2 MiB, so a memo of 128 MiB would be resident whole at once (a
 * memo of 2 GiB is: 0.97 -> 1.77 GB peak for the 12 first guesses). */
#define MEM_HUGE_MIN ((size_t)4 << 20)
#define MEMO_HUGE_MIN ((size_t)1 << 30)
/* Slots a memo shard's index starts with (a power of two); it doubles
 * as records come, up to its share of --memo-mb. */
#define MEMO_INDEX_START 256
/* Number of independently locked memo shards (a power of two). */
#define MEMO_SHARDS 256
/* A ranking with a checkpoint saves its memo's records of sets of
 * MEMO_SAVE_MIN answers or more beside it (FILE.memo: rank_run.c), every
 * MEMO_SAVE_S seconds while its stage 4 runs and once more when it is
 * stopped there,
 * so that a survivor's exact search of hours goes on where it was after
 * a restart.  Every record: with those of 16 answers or more only, the
 * second guesses of PARTS's class of 1,205 answers took 72 s against
 * 88 s before the stop (most refutations end in small sets); with all
 * of them (and a memo that holds them), 192 such guesses took 0.95 s
 * against 344 s (issue 47, 2026-12-04, the AMD EPYC). */
#define MEMO_SAVE_MIN MEMO_MIN_SET
#define MEMO_SAVE_S 600

/* The greedy seed with threads (greedy_entropy_total()): a scan of a set
 * of at least GREEDY_SCAN_PAR_MIN answers scores its guesses as OpenMP
 * tasks of GREEDY_SCAN_GRAIN guesses each. */
#define GREEDY_SCAN_PAR_MIN 256
#define GREEDY_SCAN_GRAIN 512
/* Reads of a held shard lock before its waiter yields its core (memo.c:
 * lock()): a probe holds it for well under this many pauses, so only a
 * holder that lost its core (more threads than cores) makes one wait. */
#define MEMO_SPIN_YIELD 4096

/* With a fixed first guess, classes of at least this many answers are
 * solved one at a time, each by its own root proof (search_proof.c:
 * bounds first, then all threads on the guesses left, its guess kept for
 * the tree); the rest one class per thread.  50 against 100: the fixed
 * first-guess rows 5% faster in all, TARSE on the 3158 list 35%. */
#define SPLIT_CLASS_MIN 50
/* ... and from SPLIT_CLASS_MIN_ALL answers on lists of SPLIT_ALL_ANSWERS
 * answers or more (every word an answer).  There classes of 20 to 47
 * answers four guesses from the end took 2 to 16 s of one thread each
 * while the other idled: LANTS on nyt-2022-02-all used 143% of two
 * threads.  From 16, 190%, and 181-195 s -> 134-148 s (10: 136 s, 20:
 * 139 s, 30: 174 s); on the hidden lists 20 cost the fixed first-guess
 * rows up to 30%, so they keep 50. */
#define SPLIT_CLASS_MIN_ALL 16
#define SPLIT_ALL_ANSWERS 5000

/* L3 (search_l2.c, srch_bound3()): on lists of SPLIT_ALL_ANSWERS answers
 * or more, a first guess that survives its L2 sum has its classes of
 * L3_CLASS_MIN answers or more raised to L3, a share of what the sum
 * lacks at a time (search_l2.c ask_rounds()), until the sum reaches
 * what refutes it or every such class is at its L3.  LANTS on
 * nyt-2022-02-all: L2 misses 674 of its exact 52777, 551 of them in its
 * 13 classes of 256 answers or more; L3 closes 241 of the 266 in its two
 * largest (docs/rank.md).  On the hidden lists a first guess's classes
 * are smaller and L2 misses little, so L3 is off there (0).  16, not 256
 * (2026-12-01, 2 threads, rank --cutoff 52776): MARLS, which the exact
 * search had not settled in 20 minutes, is refuted by it in 60 s at 64;
 * of PRATE, LARNT and PANTS, 256 refutes LARNT (42 s), 64 PRATE and
 * LARNT (63, 47 s), 16 PANTS too (77 s); and `solve --first lants` 79.7 s
 * at 256, 70.9 at 64, 69.1 at 16, the same tree.  Only a first guess L2
 * did not refute pays. */
#define L3_CLASS_MIN 16

/* The refuting stages' L2 sums (search_l2.c srch_bound2_sum(), ask_rounds()):
 * every class is asked, smallest first, for L2_FIRST_ASK times its share
 * (by size) of what the first guess's sum lacks, then in rounds as L3's.
 * One pass (each class, smallest first, asked for all the sum lacks, so
 * all but the last at their full L2) read 536 billion table entries for
 * 24 random first guesses of nyt-2022-02-all refuted at 52646, 111.4 s
 * (2 threads, AMD EPYC Zen 5, VBMI); in rounds from the share itself 427
 * billion, 97.6 s; from 1.2 times it 382 billion, 76.5 s (1.1: 80.0 s,
 * 1.3: 82.6 s; 12 others: 1.0 48.7 s, 1.2 41.6-43.4 s, 1.4 43.5 s, 1.7
 * 50.8 s, 2.0 55.2 s): most first guesses are then refuted in the first
 * round, before their largest class is asked for much.  Shares by size
 * to the power 0.6, 0.8 and 1.2 instead: 95.4, 92.7 and 80.8 s; later
 * rounds at least 1.5 or 3 times the last instead of 2: 75.3 and 75.1 s
 * against 73.9 s (the same 24 first guesses).  Only on lists of
 * SPLIT_ALL_ANSWERS answers or more under the normal rules (search_root.c
 * s->l2_first): the bench's root proofs, old and new in turn, the same
 * totals and trees: original 14.77 / 14.80 s, nyt-2022-02 16.47 / 15.58 s,
 * nyt-2023-07 65.90 / 71.92 s, original with OPTLE_KERNEL=avx2 25.93 /
 * 27.09 s (no gain on the small lists), and hard mode lost: hard
 * nyt-2022-02 13.54 / 19.06 s, hard nyt-2023-07 131.67 / 347.93 s (754
 * thousand nodes / 2.3 million: the one pass's full class bounds, kept in
 * the memo, are what its nested searches start from). */
#define L2_FIRST_ASK 1.2

/* A survivor's search (search.c srch_eval_guess(), under
 * srch_survivor()): below the survivor's own classes, each class of
 * L1_PASS_MIN answers or more gets its L1 bound (srch_bound1(), asked
 * only for what would refute the guess) before any class of the guess
 * is searched.  Without it a guess whose quick bounds (2m - 1 where the
 * memo holds nothing) leave room had its smallest class solved exactly
 * under that loose budget, and so on down.  nyt-2022-02-all at 52778
 * (2026-12-02, the Xeon with VBMI, one thread, `rank --cutoff 52777
 * --words W`): TAINS's exact search 190 s -> 4 s (64: 54 s), TORAS's
 * not settled in 27 minutes -> 103 s (2: 103 s, 4: 101 s, 16: 121 s).
 * Exact solves do not pay (LANTS's, stage 1 of a ranking: 134 -> 141 s
 * at 4), so the pass is a survivor's only. */
#define L1_PASS_MIN 8

/* A survivor's search (search.c staged_cands()): a set of STAGED_MIN
 * answers or more, after its highest-entropy candidate, has its other
 * candidates' L1 and L2 sums over a table of its own, and only those
 * below the best are searched, least sum first.  PARTS on
 * nyt-2022-02-all, its class of 1,205 answers: 1,899 s -> 621 s (one
 * thread; docs/search.md, "Staged candidates on a survivor's big
 * sets").  Smaller sets were not measured staged (PARTS's classes of
 * 206 to 491 answers take 0.02 to 30 s each unstaged). */
#define STAGED_MIN 500

/* A ranking's exact search of a survivor (search_first.c): the nodes
 * of its classes, and OFFER_DEPTH - 1 plies below them, offer their
 * candidates to the team's idle threads (search.c offer_cands(); the
 * feasibility test's, search_feas.c), so that the stage's last survivor
 * is not one thread's alone (docs/search.md, "A ranking's last
 * survivors": TORAS's stage 4 alone on 2 threads, 545 s -> 19 s).  Any
 * depth gives the same values (tests/check_search.c). */
#define OFFER_DEPTH 2

/* The feasibility test of a survivor's classes (search_feas.c
 * classes_pass(), the normal rules): in rounds, each class not yet
 * settled given this many seconds in the first and four times the
 * last's in each next, so that one class that has no strategy ends the
 * test before a slow one that has (TORAS on nyt-2022-02-all: its class of
 * 615 answers passes in 581 s of a thread, its class of 862 fails in 15
 * s, and the classes go smallest first).  Nodes were a poor measure:
 * the 615's cost several times the 862's each.  The clock is read every
 * FEAS_CLOCK_EVERY checks of a try's end. */
#define FEAS_ROUND_S 0.01
#define FEAS_CLOCK_EVERY 64

/* The root proof (search_proof.c): the first guesses with the least
 * class-count bound whose full L1 sums choose the one solved first, for
 * the upper bound every refutation needs. */
#define ROOT_PROBE 32
/* ... of which this many, the least by L1, get full L2 sums; the least
 * of those is solved. */
#define ROOT_PROBE_L2 8
/* The upper bound's exact solve, tried in rounds (search_proof.c,
 * search_first.c): each round tries the first PROBE_TRIES picks in turn,
 * each for its budget, until one finishes; the first round's budget is
 * PROBE_BUDGET_S seconds, each next one PROBE_GROWTH times as much, and
 * after PROBE_ROUNDS rounds the first pick runs to the end.  On every
 * hidden list the first pick finishes within a minute, and nothing
 * changes; every word an answer (nyt-2022-02-all), TARES, the best by
 * L2, had an ETA of 19.6 h, LANTS took 157 s. */
#define PROBE_BUDGET_S 300.0
/* Under rules that narrow, a big class (search_proof.c class_proof())
 * beyond srch_refutes()'s reach whose own root proof runs past this many
 * seconds is tested for a strategy within the limit at all (search_feas.c,
 * srch_set_refuted()), to the end, before its proof runs again, whole;
 * the tests' first round gets as long, each next one twice as long
 * (search_proof.c later_classes()).  Hard nyt-2023-07 THETA: its class of
 * 322 answers has none within five, which the feasibility test shows in
 * 13 s and its proof took 73 s to (measured when the reach was 300; now
 * the quick test takes it: MEUMS's 711 is the kind, 428 s and 1,600 s);
 * a class that has one, and whose proof takes longer, pays the test
 * (JOULE's 559: 198 s; the row 530 s -> 700 s) and the lost budget,
 * unless the proof's try had found a strategy. */
#define BIG_CLASS_BUDGET_S 20.0
#define PROBE_GROWTH 4.0
#define PROBE_TRIES 4
#define PROBE_ROUNDS 3

/* A scan of every guess over a set of this many answers or more with no
 * beta (search.c, scan_counts()) counts a block of SCAN_BLOCK guesses at
 * a time, one row segment per answer, on every thread; below it a
 * guess at a time (a cache miss per answer, but few answers). */
#define SCAN_BLOCK_MIN 128
#define SCAN_BLOCK 32

/* The lookahead bounds' kernel (search_bounds.c): sets of this many
 * answers or more take the 256-bit-set kernel rather than the compares
 * (each compare kernel row costs the rows before it; measured on the
 * original lists' root proof, 160 beat 255 by 15% on the L1 stage with
 * AVX-512, and the AVX2 set kernel from 161 took the proof from 66.6 to
 * 56-61 s against 256, the same as from 100 or 128). */
#define BOUNDS_BITS_MIN 161
/* The set kernels (kernel_avx512.h) count their lanes' collisions at
 * most every this many rows: a count is a bit count of eight vectors,
 * so a check every row cost what the test it replaced did; a lane that
 * passes its limit is seen at most this many rows late. */
#define BOUNDS_SET_STEP 8
_Static_assert(BOUNDS_BITS_MIN >= 2 && BOUNDS_BITS_MIN <= 256, "the compare kernel holds 255 rows");

/* The bounds' packed blocks (search_bounds.c, AVX-512 VBMI): at most
 * PACK_SRC blocks of the order share one pass of the kernel, their
 * lanes packed side by side, and the rows PACK_AHEAD ahead are fetched
 * while one is packed.  The original lists' root proof's L1 stage, 2
 * threads: 20.4 -> 14.0 s (no prefetch: 17.4 s); 4 or 16 blocks, or 4
 * or 16 rows ahead, the same within 3% (two runs each, in turn). */
#define PACK_SRC 8
#define PACK_AHEAD 8
_Static_assert(PACK_SRC >= 2 && PACK_SRC % 2 == 0, "blocks are packed in pairs");

/* L2 (search_bounds.c, srch_bound2()) bounds the subsets of a class of
 * this many answers or more by the class's own order of the guesses
 * (30 of the 3158-answer list's L1 survivors, 1 thread, `rank --cutoff`:
 * 4.3 CPU s from 20 or 40, 4.8 s from 80, 11.9 s never). */
#define BOUNDS_SUB_MIN 40

/* MPI runs (dist.h).  The dealt loops' chunks: a cheap loop deals a
 * thread (remaining items) / (DIST_GUIDED x threads asking), at least 1
 * and at most DIST_CHUNK_MAX; an expensive one deals one at a time. */
#define DIST_GUIDED 4
#define DIST_CHUNK_MAX 64
/* Rank 0's server polls for requests, sleeping between polls from
 * DIST_POLL_MIN_US, doubling while none comes, up to DIST_POLL_MAX_US
 * (so at most that much latency, and no core spent spinning). */
#define DIST_POLL_MIN_US 10
#define DIST_POLL_MAX_US 500
/* A thread told to wait (dist.h dist_loop.busy: a quota of exact solves
 * in use, each of seconds) asks again this often. */
#define DIST_BUSY_WAIT_US 2000
/* Seconds a rank's time limit runs past rank 0's, and that rank 0 waits
 * for the other ranks after it reached its time limit, or after a signal
 * (which every rank gets at once; mpirun kills a rank 1 s after its
 * SIGTERM), before it ends the job. */
/* A second stop signal this many ms or more after the first ends the
 * process at once (clock.c); closer ones are the same stop, as the SIGINT
 * and SIGTERM one Ctrl-C gives a rank under mpirun. */
#define STOP_FORCE_MS 1000
#define DIST_STOP_LAG 1.0
#define DIST_STOP_GRACE 3.0
#define DIST_SIGNAL_GRACE 0.5
/* The heartbeat (dist.h): every rank's beat thread sends one each
 * DIST_BEAT_S seconds, and checks for beats each DIST_BEAT_POLL_US; a
 * rank silent for DIST_BEAT_TIMEOUT seconds (OPTLE_HEARTBEAT in the
 * environment changes it) has stopped answering.  Rank 0 then stops the
 * run and gives its main thread DIST_BEAT_GRACE seconds to say what was
 * settled before it ends the job itself. */
#define DIST_BEAT_S 0.2
/* The least OPTLE_HEARTBEAT: a few beats, and a stall's worth. */
#define DIST_BEAT_MIN 1.0
#define DIST_BEAT_POLL_US 10000
#define DIST_BEAT_TIMEOUT 30.0
#define DIST_BEAT_GRACE 5.0
/* A beat thread that itself did not run for this many seconds (its
 * process stopped, or starved) blames no other rank for that time. */
#define DIST_BEAT_STALL 1.0

/* Progress line on stderr: seconds between updates. */
#define PROGRESS_INTERVAL 0.5
/* Progress as plain lines (stderr not a terminal): none in a search's
 * first PROGRESS_LINES_AFTER seconds, then a line as each step of a root
 * proof starts, and within a step whenever the run's time has doubled
 * since the last line: a few lines, however long the run. */
#define PROGRESS_LINES_AFTER 2.0
/* A ranking's progress as plain lines (rank_run.h): at most this many
 * seconds apart, so that a log of a ranking of hours shows it going. */
#define PROGRESS_LINES_GAP 600.0

/* The feasibility test (search_feas.c). */
/* Sets from this size get the vector kernel's table. */
#define FEAS_KERNEL_MIN 200
/* Sets from this size keep their answer within 2 guesses in the memo:
 * the same set comes back by another path (two guesses in the other
 * order), and its scan over every guess costs more than a probe. */
#define FEAS_SPLIT_MEMO_MIN 12
/* Sets up to this size try their own answers first within 3 guesses. */
#define FEAS_OWN_MAX 64
/* srch_refutes() tests a first guess's classes up to this size: the
 * hard nyt-2023-07 sample's failing classes have up to 263 answers, and
 * a class that passes can take seconds to show it (ABRAY, which has a
 * strategy: 5.8 s up to 600 answers, 0.17 s up to 300, of a 13 s solve;
 * the sample's 45 and 60 other first guesses with none were refuted
 * alike at either size).  But the whole table's slow `none`s mostly fail
 * at a class just past 300 (six drawn from its 115 rows of 40 to 100 s:
 * 304 to 366 answers), which its own proof, the other big classes'
 * proofs and the later test took 287 s in all to settle, the test alone
 * at 400 106 s; four of its 21 rows of 100 to 300 s, 632 s -> 57 s;
 * eight rows with a strategy 105.1 -> 109.6 s at 400, 131.2 s at 600
 * (2 threads, the Zen 5 of docs/benchmarks.md, 2026-11-30). */
#define REFUTE_CLASS_MAX 400
/* srch_refutes_small() tests classes up to this size: a random 1000
 * first guesses of hard nyt-2023-07 (`rank --cutoff 11628`, one thread),
 * of the 785 that reached the L2 stage, 524 with no strategy: up to 20
 * answers, 290 refuted in 1.2 s in all and 495 passed in 3.1 s, where
 * an L2 sum takes about 30 ms; up to 60, 380 refuted in 32 s (one took
 * 14 s) and 405 passed in 12 s; up to 300 one took 110 s. */
#define REFUTE_SMALL_MAX 20

/* A rank checkpoint's lines that come faster than one a second are
 * synced to the disk at most this often (checkpoint.c; rarer ones at
 * once), where a sync a line would slow a small list's ranking. */
#define CKPT_SYNC_S 10.0

#endif
