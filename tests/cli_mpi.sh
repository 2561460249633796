#!/usr/bin/env bash
# tests/cli_mpi.sh: optle-mpi, optle for Open MPI (dist.h,
# docs/cluster.md), on this machine: mpirun -np 2 (and 1 and 3), with
# --oversubscribe (ranks may outnumber cores) and --allow-run-as-root.
# What must hold: `rank` and `solve` give the same results as one
# process (the ranking byte for byte, the tree file byte for byte); a
# rank killed with SIGKILL stops the run with an error, and a rerun with
# the same checkpoint resumes to the same ranking; a rank frozen with
# SIGSTOP is found by its silent heartbeat and stops the run with status
# 4, and the rerun resumes likewise; errors are said once,
# by rank 0 (a usage error, a rank that fails alone, ranks with other
# lists); a bad hostfile fails with Open MPI's message; single-process
# commands run on rank 0 alone; optle-mpi started without mpirun runs as
# one process.  The ranking (--top 3), solve and the killed run are of
# the first 695 NYT answers with every NYT guess, as in cli_rank.sh;
# under a sanitizer build, where scans of 12947 guesses are some 50 times
# slower, of --list large (the killed run's ranking with every value
# exact, so that it lasts).  About 30 s on the 2-core development
# machine, 40 s under the sanitizers.
#
# Run from anywhere: `bash tests/cli_mpi.sh` (make cli-test, make mpi-test).
# shellcheck disable=SC2034 # read by lib.sh
harness=cli-mpi
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

MPI_OPTLE=${MPI_OPTLE:-$root/optle-mpi}
[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }
[ -x "$MPI_OPTLE" ] || { echo "optle-mpi binary not found at $MPI_OPTLE (run make mpi)"; exit 2; }
if ! command -v mpirun >/dev/null 2>&1; then
  skip "every MPI test: mpirun not found (Debian's openmpi-bin; make mpi installs it)"
  printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
  exit 0
fi
# Open MPI's own allocations are not freed at exit: the leak checker
# would fail every run of a sanitizer build.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
grep -v '^#' wordlists/nyt-answers.txt | head -n 695 >"$tmp/a695.txt"
W=(--answers "$tmp/a695.txt" --guesses wordlists/nyt-guesses.txt) what=695
R=("${W[@]}" --top 3)
K=("${R[@]}")
if grep -qaE '__(asan|tsan|msan)_init' "$MPI_OPTLE"; then
  W=(--list large) what=large
  R=("${W[@]}" --top 3)
  K=("${W[@]}")
fi
mpi() { mpirun --allow-run-as-root --oversubscribe "$@"; }

# same_ranking NAME A B: two rankings alike, byte for byte (the time is
# on stderr, never in the file).
same_ranking() {
  if cmp -s "$2" "$3"; then pass; else
    fail "$1" "$(diff "$2" "$3" | head -n 4)"
  fi
}

# ------------------------------------------------------------------
# Without mpirun: one process, as optle.
run "$MPI_OPTLE" --version
expect "--version: optle's line, then the MPI library" \
  "$(head -n 1 "$tmp/out")|$(sed -n 2p "$tmp/out" | cut -c1-20)" = "$("$OPTLE" --version)|optle-mpi: Open MPI "
"$OPTLE" rank --list small -o "$tmp/small.txt"
run "$MPI_OPTLE" rank --list small -o "$tmp/small-1.txt"
expect "no mpirun: runs as one process" "$rc" = 0
err_has "no mpirun: says so" "optle: not started by mpirun: optle-mpi runs as one process"
same_ranking "no mpirun: the ranking of optle" "$tmp/small-1.txt" "$tmp/small.txt"

# ------------------------------------------------------------------
# Rankings: byte for byte one process's, with 1, 2 and 3 ranks.
run mpi -np 2 "$MPI_OPTLE" rank --list small --threads 1 -o "$tmp/small-2.txt"
expect "rank small -np 2: exits 0" "$rc" = 0
same_ranking "rank small -np 2: one process's ranking" "$tmp/small-2.txt" "$tmp/small.txt"
# --stats: the counters of every rank, summed (rank 0's alone were
# about half of one process's with 3 ranks: 1,223 of 2,567 L1 bounds);
# the stages' table whole.
ST=(rank --list large --cutoff 1500 --threads 1 --stats -o /dev/null)
run "$OPTLE" "${ST[@]}"
one=$(awk '$1 == "bound1" { print $2 }' "$tmp/err")
run mpi -np 3 "$MPI_OPTLE" "${ST[@]}"
expect "rank --stats: L1 bounds counted" "$one" -gt 0
three=$(awk '$1 == "bound1" { print $2 }' "$tmp/err")
expect "rank --stats -np 3: exits 0" "$rc" = 0
expect "rank --stats -np 3: every rank's L1 bounds ($three against one process's $one)" \
  "$((three * 10))" -ge "$((one * 9))"
err_has "rank --stats -np 3: the stages settle all 500" "ranking by stage: 500 first guesses, 0 resumed, 500 settled now"
run mpi -np 2 "$MPI_OPTLE" solve --list large --threads 1 --stats
expect "solve --stats -np 2: exits 0 (every rank sums its counters)" "$rc" = 0
has "solve --stats -np 2: the ranking's stages" "ranking by stage: 500 first guesses, 0 resumed, 500 settled now"
# Stage 1's exact solves, dealt: the first (IRATE) has no strategy within
# 4 and gives its place back; the next must still be dealt (a rank that
# asked meanwhile once passed every position over, and the ranking then
# solved all 496 first guesses exactly): as many exact lines as one
# process writes.
grep -v '^#' wordlists/large.txt | grep -vx -e slate -e alter -e stare -e stale >"$tmp/wX.txt"
S1=(rank --list large --hard --max-guesses 4 --top 1 --words "$tmp/wX.txt" --threads 1)
run "$OPTLE" "${S1[@]}" --checkpoint "$tmp/stage1-1.ckpt" -o "$tmp/stage1-1.txt"
run mpi -np 2 "$MPI_OPTLE" "${S1[@]}" --checkpoint "$tmp/stage1-2.ckpt" -o "$tmp/stage1-2.txt"
expect "rank --top 1 -np 2: exits 0" "$rc" = 0
same_ranking "rank --top 1 -np 2: one process's ranking" "$tmp/stage1-2.txt" "$tmp/stage1-1.txt"
expect "rank --top 1 -np 2: stage 1 dealt as one process deals it (its exact solves)" \
  "$(grep -c '	exact	' "$tmp/stage1-2.ckpt")" = "$(grep -c '	exact	' "$tmp/stage1-1.ckpt")"
"$OPTLE" rank --list medium --threads 2 -o "$tmp/medium.txt"
for np in 1 3; do
  run mpi -np "$np" "$MPI_OPTLE" rank --list medium --threads 1 -o "$tmp/medium-$np.txt"
  same_ranking "rank medium (every value exact) -np $np: one process's" "$tmp/medium-$np.txt" "$tmp/medium.txt"
done
"$OPTLE" rank "${R[@]}" --threads 2 -o "$tmp/fresh.txt"
run mpi -np 2 "$MPI_OPTLE" rank "${R[@]}" --threads 1 -o "$tmp/np2.txt"
expect "rank $what --top 3 -np 2: exits 0" "$rc" = 0
same_ranking "rank $what --top 3 -np 2 x 1 thread: one process's" "$tmp/np2.txt" "$tmp/fresh.txt"
run mpi -np 3 "$MPI_OPTLE" rank "${R[@]}" --threads 1 -o "$tmp/np3.txt"
same_ranking "rank $what --top 3 -np 3: one process's" "$tmp/np3.txt" "$tmp/fresh.txt"
# A run past 2 s logs its progress there (stderr not a terminal: plain
# `optle: ... first guesses settled` lines), as a loaded host showed
# (2026-11-30, twice): those are allowed, nothing else is.
expect "rank -np 3: nothing on stderr but progress lines (the time goes to a terminal only)" \
  "$(grep -v '^optle: .*first guesses settled' "$tmp/err" | head -c 300 | tr '\n' '|')" = ""

# ------------------------------------------------------------------
# solve without --first: the ranking over the ranks, the tree on rank 0,
# the same tree file as one process's solve.
"$OPTLE" solve --list medium --threads 2 -o "$tmp/medium.json" >/dev/null
run mpi -np 3 "$MPI_OPTLE" solve --list medium --threads 1 -o "$tmp/medium-3.json"
expect "solve medium -np 3: exits 0" "$rc" = 0
same_file "solve medium -np 3: one process's tree file" "$tmp/medium-3.json" "$tmp/medium.json"
run "$OPTLE" solve "${W[@]}" --threads 2 -o "$tmp/w.json"
want_hash=$(summary_value "tree hash") want_first=$(summary_word "first guess")
run mpi -np 2 "$MPI_OPTLE" solve "${W[@]}" --threads 1 -o "$tmp/w-2.json"
expect "solve $what -np 2: exits 0" "$rc" = 0
same_file "solve $what -np 2: one process's tree file" "$tmp/w-2.json" "$tmp/w.json"
expect "solve $what -np 2: the tree hash" "$(summary_value "tree hash")" = "$want_hash"
expect "solve $what -np 2: the first guess, not fixed" "$(summary_word "first guess")" = "$want_first"
has "solve -np 2: says the ranks" "ranks         2"
run "$OPTLE" solve --list medium --hard --threads 2 -o "$tmp/hard.json"
run mpi -np 2 "$MPI_OPTLE" solve --list medium --hard --threads 1 -o "$tmp/hard-2.json"
same_file "solve medium --hard -np 2: one process's tree file" "$tmp/hard-2.json" "$tmp/hard.json"
run mpi -np 2 "$MPI_OPTLE" solve --list small --first agent
expect "solve --first -np 2: exits 0" "$rc" = 0
err_has "solve --first -np 2: runs on rank 0 alone, and says so" "solve --first runs on rank 0 alone"
expect "solve --first -np 2: one summary" "$(grep -c '^total ' "$tmp/out")" = 1

# ------------------------------------------------------------------
# A rank killed part-way (SIGKILL, not rank 0): the run stops with an
# error; the rerun with the same checkpoint gives the same ranking.
[ "${K[*]}" = "${R[*]}" ] || "$OPTLE" rank "${K[@]}" --threads 2 -o "$tmp/fresh.txt"
mpirun --allow-run-as-root --oversubscribe -np 2 "$MPI_OPTLE" rank "${K[@]}" --threads 1 \
  --checkpoint "$tmp/ck" -o "$tmp/killed.txt" >"$tmp/kill.out" 2>"$tmp/kill.err" &
mp=$!
for _ in $(seq 1 200); do
  [ -e "$tmp/ck" ] && [ "$(wc -l <"$tmp/ck")" -gt 100 ] && break
  sleep 0.02
done
# Rank 1: the child of this mpirun whose environment says so.
for p in $(pgrep -P "$mp"); do
  tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx OMPI_COMM_WORLD_RANK=1 && kill -KILL "$p"
done
wait "$mp"
krc=$?
expect "rank 1 killed: the run fails" "$krc" -ne 0
if grep -q "rank 1" "$tmp/kill.err"; then pass; else
  fail "rank 1 killed: the error names rank 1" "$(head -c 600 "$tmp/kill.err")"
fi
expect "rank 1 killed: words settled before are in the checkpoint" "$(wc -l <"$tmp/ck")" -gt 100
expect "rank 1 killed: no -o file" ! -e "$tmp/killed.txt"
run mpi -np 2 "$MPI_OPTLE" rank "${K[@]}" --threads 1 --checkpoint "$tmp/ck" -o "$tmp/resumed.txt"
expect "resumed: exits 0" "$rc" = 0
err_has "resumed: says what it resumed" "resumed "
same_ranking "resumed: one process's ranking" "$tmp/resumed.txt" "$tmp/fresh.txt"
expect "resumed: every word once in the checkpoint" \
  "$(tail -n +2 "$tmp/ck" | cut -f1 | sort | uniq -d | wc -l)" = 0
expect "resumed: the checkpoint has each word's seconds and stage" \
  "$(awk -F'\t' 'NR > 1 && !($4 ~ /^[0-9.]+$/ && $5 ~ /^[0-4]$/)' "$tmp/ck" | wc -l)" = 0

# A rank that freezes (SIGSTOP, not rank 0): its heartbeat stops, and
# after OPTLE_HEARTBEAT seconds (2 here; 30 by default) rank 0 names it
# and stops the run with status 4, the checkpoint keeping what was
# settled; the rerun resumes to the same ranking.  A run that hangs
# instead fails here after a minute.
OPTLE_HEARTBEAT=2 mpirun --allow-run-as-root --oversubscribe -np 2 "$MPI_OPTLE" rank "${K[@]}" \
  --threads 1 --checkpoint "$tmp/fz.ck" -o "$tmp/frozen.txt" >"$tmp/fz.out" 2>"$tmp/fz.err" &
mp=$!
for _ in $(seq 1 200); do
  [ -e "$tmp/fz.ck" ] && [ "$(wc -l <"$tmp/fz.ck")" -gt 100 ] && break
  sleep 0.02
done
frozen=""
for p in $(pgrep -P "$mp"); do
  tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx OMPI_COMM_WORLD_RANK=1 && kill -STOP "$p" && frozen=$p
done
t0=$(date +%s)
for _ in $(seq 1 600); do
  kill -0 "$mp" 2>/dev/null || break
  sleep 0.1
done
if kill -0 "$mp" 2>/dev/null; then
  fail "rank 1 frozen: the job ends (it still ran after a minute)"
  kill -KILL "$mp"
fi
wait "$mp"
frc=$?
[ -n "$frozen" ] && kill -KILL "$frozen" 2>/dev/null
expect "rank 1 frozen: it was frozen while the run went on" -n "$frozen"
expect "rank 1 frozen: status 4" "$frc" = 4
if grep -q "optle: rank 1 on .* sent no heartbeat for" "$tmp/fz.err"; then pass; else
  fail "rank 1 frozen: rank 0 names it" "$(head -c 600 "$tmp/fz.err")"
fi
# Rank 0's main thread says what was settled; or, when it was itself
# waiting on the frozen rank (its own share done: the faster the bounds,
# the likelier), its beat thread ends the job and says so (dist.c,
# beat_lost()).  Either way the checkpoint keeps what was settled.
if grep -qF -- "(they are in the checkpoint)" "$tmp/fz.err"; then pass
elif grep -q "^optle: rank 0 waits on rank 1, which does not answer: the job ends" "$tmp/fz.err"; then
  note "rank 1 frozen: rank 0 was waiting on it, and its beat thread ended the job"
  pass
else
  fail "rank 1 frozen: says what was settled, or that it waited on rank 1" "$(head -c 600 "$tmp/fz.err")"
fi
expect "rank 1 frozen: what was settled is in the checkpoint" "$(wc -l <"$tmp/fz.ck")" -gt 100
expect "rank 1 frozen: ended within 20 s" $(($(date +%s) - t0)) -lt 20
expect "rank 1 frozen: no -o file" ! -e "$tmp/frozen.txt"
run mpi -np 2 "$MPI_OPTLE" rank "${K[@]}" --threads 1 --checkpoint "$tmp/fz.ck" -o "$tmp/fz-resumed.txt"
expect "rank 1 frozen, resumed: exits 0" "$rc" = 0
same_ranking "rank 1 frozen, resumed: one process's ranking" "$tmp/fz-resumed.txt" "$tmp/fresh.txt"
run env OPTLE_HEARTBEAT=soon mpirun --allow-run-as-root --oversubscribe -np 2 "$MPI_OPTLE" rank --list small
expect "OPTLE_HEARTBEAT not a number: status 2" "$rc" = 2
err_has "OPTLE_HEARTBEAT not a number: says so" "OPTLE_HEARTBEAT='soon'"
# Below a second: beats go every 0.2 s, and 0.2 took every run for a lost
# rank (status 4, no output); refused.
run env OPTLE_HEARTBEAT=0.2 mpirun --allow-run-as-root --oversubscribe -np 2 "$MPI_OPTLE" rank --list small
expect "OPTLE_HEARTBEAT=0.2: refused (status 2)" "$rc" = 2
err_has "OPTLE_HEARTBEAT=0.2: says the least" "OPTLE_HEARTBEAT='0.2': give the seconds a rank may stay silent (1 to 1000000"

# tools/mpi_sim.py replays the checkpoint's times for 16, 64 and 256
# ranks: a row each, no efficiency above 100%.
run python3 tools/mpi_sim.py "$tmp/ck" --measured-threads 1
expect "mpi_sim.py: exits 0" "$rc" = 0
expect "mpi_sim.py: rows for 1, 16, 64 and 256 ranks" \
  "$(grep -cE '^\| (1|16|64|256) \|' "$tmp/out")" = 4
expect "mpi_sim.py: efficiencies at most 100%" \
  "$(awk -F'|' '/^\| [0-9]/ { e = $6 + 0; if (e > 100 || e <= 0) bad++ } END { print bad + 0 }' "$tmp/out")" = 0
run python3 tools/mpi_sim.py "$tmp/a695.txt"
expect "mpi_sim.py: not a checkpoint, status 1" "$rc" = 1
err_has "mpi_sim.py: not a checkpoint, says so" "not an optle rank checkpoint"

# A time limit: rank 0 decides, every rank stops, status 4.
run mpi -np 2 "$MPI_OPTLE" rank --list original --top 6 --threads 1 --time-limit 1 \
  --checkpoint "$tmp/stop.ck" -o "$tmp/stop.txt"
expect "rank --time-limit -np 2: status 4" "$rc" = 4
err_has "rank --time-limit -np 2: rank 0 says so" "optle: time limit reached after"
expect "rank --time-limit -np 2: no -o file" ! -e "$tmp/stop.txt"

# ------------------------------------------------------------------
# Errors, said once by rank 0.
run mpi -np 2 "$MPI_OPTLE" rank --list small --top 0
expect "usage error -np 2: status 2" "$rc" = 2
expect "usage error -np 2: said once" "$(grep -c '^optle: ' "$tmp/err")" = 1
printf 'agent\n' >"$tmp/one.txt"
run mpi -np 1 "$MPI_OPTLE" rank --list small : -np 1 "$MPI_OPTLE" rank --list small --words "$tmp/none.txt"
expect "a rank failing alone: status 2" "$rc" = 2
err_has "a rank failing alone: rank 0 says which and why" "optle: rank 1 on "
err_has "a rank failing alone: its own message" "none.txt"
run mpi -np 1 "$MPI_OPTLE" rank --list small : -np 1 "$MPI_OPTLE" rank --list medium
expect "ranks with other lists: status 2" "$rc" = 2
err_has "ranks with other lists: rank 0 says so" "read other word lists than rank 0"
run mpi -np 1 "$MPI_OPTLE" rank --list small --words "$tmp/one.txt" : -np 1 "$MPI_OPTLE" rank --list small
expect "ranks with other --words: status 2" "$rc" = 2
err_has "ranks with other --words: rank 0 says so" "was given other options than rank 0"
# The options that change a result are agreed on too: a launcher's
# several commands would otherwise rank one table by two rules at once.
for other in "--hard" "--max-guesses 5" "--cutoff 300" "--top 3"; do
  # shellcheck disable=SC2086
  run mpi -np 1 "$MPI_OPTLE" rank --list small : -np 1 "$MPI_OPTLE" rank --list small $other
  expect "ranks with other options ($other): status 2" "$rc" = 2
  err_has "ranks with other options ($other): rank 0 says so" "rank 1 on "
  err_has "ranks with other options ($other): which" "was given other options than rank 0"
done
# --probe too: on a resume it decides whether a loop runs before stage 2.
run mpi -np 1 "$MPI_OPTLE" rank --list small --top 1 : -np 1 "$MPI_OPTLE" rank --list small --top 1 --probe acrid
expect "ranks with other --probe: status 2" "$rc" = 2
err_has "ranks with other --probe: rank 0 says so" "was given other options than rank 0"
run mpi -np 1 "$MPI_OPTLE" solve --list small --probe acrid : -np 1 "$MPI_OPTLE" solve --list small --probe bacon
expect "solve, ranks with other --probe: status 2" "$rc" = 2
err_has "solve, ranks with other --probe: rank 0 says so" "was given other options than rank 0"
# Ranks that agree on --probe, on a resume that knows its cutoff: the
# probe's exact search first (search_first.c probe_resumed()), then the
# dealt stages, and the one process's ranking.
run "$OPTLE" rank --list large --threads 1 --top 1 --probe poppy --checkpoint "$tmp/pp.ck" \
  -o "$tmp/pp1.txt"
head -n 2 "$tmp/pp.ck" >"$tmp/ppr.ck"
run mpi -np 2 "$MPI_OPTLE" rank --list large --threads 1 --top 1 --probe slate \
  --checkpoint "$tmp/ppr.ck" -o "$tmp/ppr.txt"
expect "2 ranks, resumed --probe: exits 0" "$rc" = 0
expect "2 ranks, resumed --probe: SLATE's exact search next, in stage 4" \
  "$(sed -n 3p "$tmp/ppr.ck" | cut -f 1-3,5)" = "slate	1466	exact	4"
same_ranking "2 ranks, resumed --probe: the one process's ranking" "$tmp/ppr.txt" "$tmp/pp1.txt"
run mpi -np 1 "$MPI_OPTLE" solve --list small : -np 1 "$MPI_OPTLE" solve --list small --hard
expect "solve, ranks with other rules: status 2" "$rc" = 2
err_has "solve, ranks with other rules: rank 0 says so" "was given other options than rank 0"
run mpi -np 1 "$MPI_OPTLE" rank --list small --threads 1 : -np 1 "$MPI_OPTLE" rank --list small --threads 2
expect "ranks with other --threads (the same result): status 0" "$rc" = 0
# A bad hostfile: Open MPI's own message, a failure.
run timeout 60 mpirun --allow-run-as-root --hostfile "$tmp/no-such-hostfile" -np 2 "$MPI_OPTLE" lists
expect "missing hostfile: fails" "$rc" -ne 0
err_has "missing hostfile: Open MPI says so" "hostfile"
printf 'no-such-host.invalid slots=2\n' >"$tmp/hosts"
run timeout 60 mpirun --allow-run-as-root --hostfile "$tmp/hosts" -np 2 "$MPI_OPTLE" lists
expect "hostfile naming an unknown host: fails" "$rc" -ne 0
expect "hostfile naming an unknown host: says why" "$(wc -c <"$tmp/err")" -gt 0

# Single-process commands: rank 0 alone, output once.
run mpi -np 2 "$MPI_OPTLE" lists
expect "lists -np 2: exits 0" "$rc" = 0
expect "lists -np 2: printed once" "$(grep -c '^small ' "$tmp/out")" = 1
err_has "lists -np 2: says it runs on rank 0 alone" "lists runs on rank 0 alone"

printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
[ "$failed" -eq 0 ]
