#!/usr/bin/env bash
# tests/cli_redteam.sh: the red-team findings of issue 17, one section per
# finding, so that none comes back: what -o does to what its path names
# (links, devices, FIFOs, modes, input files), reports that cannot be
# written, stopping every long phase (the table, the greedy seed,
# simulate), the out-of-memory message, NUL bytes and junk in tree files,
# a tree over its own guess limit, export's -o files, the messages of a
# stop and of verify --quiet, next's step limit, long -o names, word lists
# with a byte order mark, play's guess limit, repeated options, control
# bytes in messages and the OpenMP wait policy; and the findings of the
# red-team pass of 2026-12-01 (play's endless input, -o the file stdout
# is, a file-size limit, a list's name not UTF-8 in JSON, two readers of
# standard input).
#
# Same conventions as tests/cli.sh (tests/lib.sh).  Runs as root in CI:
# the device checks write only to /dev/null and /dev/full (never
# replacing them) and to a FIFO made here.  Takes about 15 s on two
# cores; the largest allocation is a 400 MB feedback table (20,000
# answers), stopped a second in.
# shellcheck disable=SC2034 # read by lib.sh
harness=redteam
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }
stop_ms=1000
[ "$sanitized" = 1 ] && stop_ms=3000
ms_now() { date +%s%N | cut -c1-13; }
# stop_said NAME FRAGMENT: a stop's line says FRAGMENT, or under a
# sanitizer (the NYT table alone takes seconds there) that it came while
# the feedback table was being built.
stop_said() {
  # A sanitizer build, or a loaded machine (the table of 20,000 answers
  # took over 1.5 s on a 2-core machine running four jobs), may still be
  # building the table: that stop says nothing was computed.
  if grep -q 'while building the feedback table: nothing was computed' "$tmp/err"; then
    note "$1: stopped while building the table (a slow or loaded machine)"
    pass
  else
    err_has "$1" "$2"
  fi
}

d="$tmp/d"
mkdir -p "$d"
"$OPTLE" solve --list small --quiet -o "$d/small.json" || { echo "cannot solve small"; exit 2; }

# ------------------------------------------------------------------
# 1. -o writes through what its path names, and keeps modes and owners.

# A symbolic link: the link stays, its target gets the tree.
echo secret >"$d/target.json"
chmod 600 "$d/target.json"
ln -s target.json "$d/link.json"
check "-o a symlink: written" 0 out "" "$OPTLE" solve --list small --quiet -o "$d/link.json"
expect "-o a symlink: still a link" -L "$d/link.json"
same_file "-o a symlink: its target has the tree" "$d/target.json" "$d/small.json"
expect "-o a symlink: the target's mode 600 kept" "$(stat -c %a "$d/target.json")" = 600
# A dangling link: its target is created, the link stays.
ln -s new-target.json "$d/dangling.json"
check "-o a dangling symlink" 0 out "" "$OPTLE" solve --list small --quiet -o "$d/dangling.json"
expect "-o a dangling symlink: still a link" -L "$d/dangling.json"
same_file "-o a dangling symlink: the target is created" "$d/new-target.json" "$d/small.json"
# A private file stays private.
echo private >"$d/private.json"
chmod 640 "$d/private.json"
check "-o a mode-640 file" 0 out "" "$OPTLE" solve --list small --quiet -o "$d/private.json"
expect "-o a mode-640 file: mode kept" "$(stat -c %a "$d/private.json")" = 640
# A new file: 0666 less the umask, as any new file.
(umask 027 && "$OPTLE" solve --list small --quiet -o "$d/new.json")
expect "-o a new file: mode from the umask" "$(stat -c %a "$d/new.json")" = 640
# The owner, when root can keep it.
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
  echo x >"$d/owned.json"
  chown nobody "$d/owned.json"
  check "-o another user's file (as root)" 0 out "" "$OPTLE" solve --list small --quiet -o "$d/owned.json"
  expect "-o another user's file: owner kept" "$(stat -c %U "$d/owned.json")" = nobody
else
  skip "-o another user's file: owner kept (not root, or no user nobody)"
fi
# A hard link: written in place, so both names keep one file.
echo old >"$d/hard1.json"
ln "$d/hard1.json" "$d/hard2.json"
check "-o a hard link" 0 out "" "$OPTLE" solve --list small --quiet -o "$d/hard1.json"
expect "-o a hard link: still one file" "$(stat -c %i "$d/hard1.json")" = "$(stat -c %i "$d/hard2.json")"
same_file "-o a hard link: the other name sees the tree" "$d/hard2.json" "$d/small.json"
# A FIFO: written into, not replaced.
mkfifo "$d/fifo.json"
cat "$d/fifo.json" >"$d/from-fifo.json" &
reader=$!
check "-o a FIFO" 0 out "" timeout 20 "$OPTLE" solve --list small --quiet -o "$d/fifo.json"
wait "$reader"
expect "-o a FIFO: still a FIFO" -p "$d/fifo.json"
same_file "-o a FIFO: the reader got the tree" "$d/from-fifo.json" "$d/small.json"
# A file that is there, in a directory that takes no new file (/proc):
# it said "No such file or directory" of a file that is there.
if [ -w /proc/version ]; then
  check_usage "-o /proc/version: why it cannot be written" \
    "/proc/version: cannot write: no temporary file can be made beside it, to write it whole" \
    "$OPTLE" export "$d/small.json" --format json -o /proc/version
elif [ -e /proc/version ]; then
  check_usage "-o /proc/version: not writable" "/proc/version: cannot write: Permission denied" \
    "$OPTLE" export "$d/small.json" --format json -o /proc/version
else
  skip "-o /proc/version (no /proc here)"
fi
# Devices: written to, never replaced.
check "-o /dev/null" 0 out "" "$OPTLE" export "$d/small.json" --format json -o /dev/null
expect "-o /dev/null: still a character device" -c /dev/null
if [ -c /dev/full ]; then
  check_usage "-o /dev/full: the write fails" "/dev/full: cannot write: No space left on device" \
    "$OPTLE" export "$d/small.json" --format json -o /dev/full
  expect "-o /dev/full: still a character device" -c /dev/full
  # Standard output full: said once (it was said twice, by the write and
  # by the exit's check of stdout).
  check_usage "stdout /dev/full: one message" "stdout: cannot write: No space left on device" \
    sh -c '"$0" export "$1" --format json >/dev/full' "$OPTLE" "$d/small.json"
else
  skip "-o /dev/full (no /dev/full here)"
fi
# /dev/stdout: the report's own stream, not a new file.
"$OPTLE" export "$d/small.json" --format json -o /dev/stdout >"$d/stdout.json"
same_file "-o /dev/stdout: into stdout" "$d/stdout.json" "$d/small.json"
{ echo first; "$OPTLE" export "$d/small.json" --format json -o /dev/stdout; } >"$d/append.json"
expect "-o /dev/stdout: after what stdout already has" "$(head -n 1 "$d/append.json")" = first
# Two names of one file.
check_usage "-o: a link and its target" "the same file as -o $d/link.json" \
  "$OPTLE" solve --list small -o "$d/link.json" -o "$d/target.json"
leftover=$(find "$d" -name 'optle.tmp.*' | head -n 3)
expect "-o: no temporary file left ($leftover)" -z "$leftover"

# ------------------------------------------------------------------
# 2. -o never names an input.
grep -v '^#' wordlists/small.txt >"$d/list.txt"
cp "$d/list.txt" "$d/list.orig"
check_usage "-o the --answers file" "-o $d/list.txt: that is the --answers file" \
  "$OPTLE" solve --answers "$d/list.txt" -o "$d/list.txt"
ln -s list.txt "$d/list-link.txt"
check_usage "-o the --guesses file, by a link" "that is the --guesses file" \
  "$OPTLE" solve --list small --guesses "$d/list.txt" -o "$d/list-link.txt"
check_usage "simulate -o the --tree file" "that is the --tree file" \
  "$OPTLE" simulate --list small --tree "$d/small.json" -o "$d/small.json"
check_usage "export -o the tree it reads" "that is the tree file" \
  "$OPTLE" export "$d/small.json" --list small -o "$d/small.json"
same_file "-o an input: the list is untouched" "$d/list.txt" "$d/list.orig"
# The tree read from standard input, redirected from -o's file (a review).
cp "$d/small.json" "$d/stdin.json"
check_usage "export -: -o the file standard input reads" \
  "-o $d/stdin.json: that is the tree file - (standard input)" \
  sh -c '"$0" export - --list small --format paths -o "$1" <"$1"' "$OPTLE" "$d/stdin.json"
same_file "export -: the tree is untouched" "$d/stdin.json" "$d/small.json"
# Issue 49: the list files a tree records are inputs too (export -o A.txt
# once replaced the tree's own answer list, so the tree no longer
# verified), and names of files not made yet are compared by their
# directory and name: ./ckz and ckz, $PWD/ckz and ckz, ./y.json and
# y.json, a link by its absolute path to the tree not yet written.
head -n 30 "$d/list.txt" >"$d/A.txt"
cp "$d/list.txt" "$d/G.txt"
"$OPTLE" solve --answers "$d/A.txt" --guesses "$d/G.txt" --quiet -o "$d/ag.json"
cp "$d/A.txt" "$d/A.orig"
check_usage "export -o the answer list the tree records" "that is the answer list $d/A.txt" \
  "$OPTLE" export "$d/ag.json" -o "$d/A.txt"
check_usage "export -o the guess list the tree records, by another name" "that is the guess list" \
  "$OPTLE" export "$d/ag.json" -o "$d/./G.txt"
same_file "export -o a recorded list: the list is untouched" "$d/A.txt" "$d/A.orig"
check "export -o a recorded list: the tree still verifies" 0 out "valid" "$OPTLE" verify "$d/ag.json"
(cd "$d" && "$OPTLE" rank --list small --checkpoint ./ckz -o ckz >/dev/null 2>"$d/err1"); rc=$?
expect "rank --checkpoint ./ckz -o ckz: refused" "$rc" = 2
expect "rank --checkpoint ./ckz -o ckz: says why" "$(grep -c 'that is the checkpoint ./ckz' "$d/err1")" = 1
(cd "$d" && "$OPTLE" rank --list small --checkpoint ckz -o "$d/ckz" >/dev/null 2>"$d/err1"); rc=$?
expect "rank --checkpoint ckz -o \$PWD/ckz: refused" "$rc" = 2
expect "rank --checkpoint ckz -o \$PWD/ckz: nothing written" ! -e "$d/ckz"
(cd "$d" && "$OPTLE" solve --list small -o y.json -o ./y.json >/dev/null 2>"$d/err1"); rc=$?
expect "solve -o y.json -o ./y.json: refused" "$rc" = 2
expect "solve -o y.json -o ./y.json: says why" "$(cat "$d/err1")" = "optle: -o ./y.json: the same file as -o y.json"
ln -s "$d/q1.json" "$d/q2.txt"
check_usage "-o a link by absolute path to a tree not yet written" "-o $d/q2.txt: the same file as -o q1.json" \
  env -C "$d" "$OPTLE" solve --list small -o q1.json -o "$d/q2.txt"
expect "-o q1.json and its link: nothing written" ! -e "$d/q1.json"

# ------------------------------------------------------------------
# 3. A report that cannot be written is a failure: a full disk, and a
# closed pipe with SIGPIPE ignored.
if [ -c /dev/full ]; then
  for c in "solve --list small" "verify $d/small.json" "next --list small" \
    "simulate --list small" "export $d/small.json --format text" "lists" "--version" "--help"; do
    # shellcheck disable=SC2086
    "$OPTLE" $c >/dev/full 2>"$tmp/err"
    rc=$?
    expect "stdout on a full disk: optle $c: status 2 (got $rc)" "$rc" = 2
    err_has "stdout on a full disk: optle $c: says so" "No space left on device"
  done
else
  skip "stdout on a full disk (no /dev/full here)"
fi
for c in "solve --list small" "verify $d/small.json"; do
  # (The reader closes the pipe first, and says so with a file; only then
  # does optle start, so it always writes into a closed pipe.)
  rm -f "$tmp/closed"
  # shellcheck disable=SC2016
  st=$(bash -c 'trap "" PIPE; f=$1; shift
    (until [ -e "$f" ]; do sleep 0.01; done; exec "$@") 2>/dev/null |
      (exec 0<&-; : >"$f"; sleep 0.5); echo "${PIPESTATUS[0]}"' \
    _ "$tmp/closed" "$OPTLE" $c)
  expect "stdout a closed pipe, SIGPIPE ignored: optle $c: status 2 (got $st)" "$st" = 2
done

# ------------------------------------------------------------------
# 4. Every long phase stops within a second: the feedback table, the
# greedy seed (20,000 answers: it took 12.9 s to stop), the search.
awk -v N=20000 'BEGIN { L = "abcdefghijklmnopqrstuvwxyz"; M = 11881376; K = 7919191
  for (i = 0; n < N; i++) { x = (i * K + 12345) % M; w = ""
    for (j = 0; j < 5; j++) { w = w substr(L, 1 + x % 26, 1); x = int(x / 26) }
    if (!(w in s)) { s[w] = 1; print w; n++ } } }' >"$d/a20k.txt"

# stop_after NAME DELAY SIGNAL CMD...: starts CMD, signals it DELAY
# seconds in, and checks status 4, the latency and one "optle: stopped"
# line; $tmp/out and $tmp/err hold what it printed.
stop_after() {
  local name=$1 delay=$2 sig=$3 pid t0 ms
  shift 3
  "$@" >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  sleep "$delay"
  t0=$(ms_now)
  kill -s "$sig" "$pid"
  wait "$pid"
  rc=$?
  ms=$(($(ms_now) - t0))
  note "$name: SIG$sig to exit: $ms ms"
  expect "$name: status 4 (got $rc)" "$rc" = 4
  expect "$name: exits within $stop_ms ms (took $ms ms)" "$ms" -le "$stop_ms"
  expect "$name: says it stopped" "$(grep -c '^optle: stopped after' "$tmp/err")" = 1
}
for delay in 0.3 1.5; do
  stop_after "20,000 answers, SIGINT at $delay s" "$delay" INT \
    "$OPTLE" solve --answers "$d/a20k.txt" --threads 2 -o "$d/stop.json"
done
# Stopped before any tree was built (the table or the seed): no file,
# and the stop's line says so (a stop after the root proof's probe
# writes its tree: tests/cli_root.sh).
expect "20,000 answers: no tree written" ! -e "$d/stop.json"
stop_said "20,000 answers: says no tree was written" "no tree written"
t0=$(ms_now)
check "20,000 answers, --time-limit 1" 4 err "optle: time limit reached after" \
  "$OPTLE" solve --answers "$d/a20k.txt" --threads 2 --time-limit 1
ms=$(($(ms_now) - t0))
expect "20,000 answers, --time-limit 1: ends within ${stop_ms} ms of it (${ms} ms in all)" \
  "$ms" -le $((1000 + stop_ms))
# --time-limit counts from the start, the table included.
head -n 12000 "$d/a20k.txt" >"$d/a12k.txt"
check "12,000 answers x 20,000 guesses, --time-limit 1: the table or the seed is stopped" 4 err \
  "optle: time limit reached after 1." "$OPTLE" solve --answers "$d/a12k.txt" --guesses "$d/a20k.txt" \
  --threads 2 --time-limit 1

# ------------------------------------------------------------------
# 5. simulate stops like solve: status 4, one line, no -o file and no
# temporary file; SIGHUP stops solve and simulate; other signals remove
# the temporary files.
# (BYWAY in hard mode on nyt-2023-07: about 50 s here, its proof 10 s.
# QUINT, which has no strategy within six guesses, took over a minute
# until the quick feasibility test refuted it in a blink; ZYMIC hard on
# nyt-2022-08, once 5 s, now under one, and BUTYL and GOTHY hard could
# finish before the signal.)
stop_after "simulate exact, SIGINT" 1 INT \
  "$OPTLE" simulate --list nyt-2023-07 --strategy exact --hard --first byway --threads 2 -o "$d/sim.json"
stop_said "simulate exact, SIGINT: says what was not done" "before the exact strategy's tree was finished"
stop_after "simulate --compare, SIGTERM" 1 TERM \
  "$OPTLE" simulate --compare --list nyt-2022-02 --strategies entropy,rollout:entropy:50,exact --threads 2 \
  -o "$d/table.md"
stop_said "simulate --compare, SIGTERM: counts the cells" "cells computed: nothing written"
# (A SIGHUP ignored when the tests start, as under nohup, stays ignored
# in every child, as it should: then those two cases cannot run.)
hup_ignored=0
if [ -r /proc/self/status ] &&
  (($(printf '%d' "0x$(awk '/^SigIgn:/ { print $2 }' /proc/self/status)") & 1)); then
  hup_ignored=1
fi
if [ "$hup_ignored" = 1 ]; then
  skip "SIGHUP stops simulate and solve (SIGHUP is ignored here, as under nohup)"
else
  stop_after "simulate rollout, SIGHUP" 1 HUP \
    "$OPTLE" simulate --list nyt-2022-02 --strategy rollout:entropy:100 -o "$d/sim.json"
  stop_after "solve, SIGHUP" 0.5 HUP "$OPTLE" solve --list nyt-2023-07 --hard --first byway --threads 2 -o "$d/sim.json"
fi
check "simulate --time-limit 1" 4 err "optle: time limit reached after 1." \
  "$OPTLE" simulate --list nyt-2022-02 --strategy rollout:entropy:100 --time-limit 1 -o "$d/sim.json"
"$OPTLE" solve --list nyt-2023-07 --hard --first byway --threads 2 -o "$d/sim.json" >/dev/null 2>&1 &
pid=$!
sleep 0.5
kill -USR1 "$pid"
wait "$pid" 2>/dev/null
rc=$?
expect "solve, SIGUSR1: ends by the signal (status $rc)" "$rc" = $((128 + 10))
leftover=$(find "$d" -name 'optle.tmp.*' -o -name 'sim.json*' -o -name 'table.md*' | head -n 3)
expect "stops and signals: no output or temporary file left ($leftover)" -z "$leftover"

# ------------------------------------------------------------------
# 6. Out of memory at start-up: status 3, and the message says what to do
# without naming an option the user never gave.
if [ "$sanitized" = 1 ]; then
  skip "ulimit -v (sanitizer build)"
else
  check "ulimit -v 150000: nyt --first salet" 3 err "optle: out of memory" \
    bash -c 'ulimit -v 150000 && exec "$0" solve --list nyt-2022-02 --first salet' "$OPTLE"
  err_has "ulimit -v 150000: says what to do" "raise the limit (ulimit -v)"
  expect "ulimit -v 150000: names no --memo-mb value" "$(grep -c -- '--memo-mb 128' "$tmp/err")" = 0
  # next, analyse and play start their threads up front too (the
  # red-team pass of 2026-12-01: only libgomp's line, then status 3).
  for c in "next --list small agent:BBBBB" "analyse --list small agent:BBBBB" \
    "play --list small --seed 1"; do
    check "ulimit -v 8000: $c" 3 err "optle: out of memory (cannot start the threads)" \
      bash -c 'ulimit -v 8000 && exec "$0" $1 --threads 2 </dev/null' "$OPTLE" "$c"
  done
fi

# ------------------------------------------------------------------
# 7. A NUL byte in a JSON tree (jansson's number parser stops at one).
jq -c . "$d/small.json" | sed 's/"total":\([0-9]*\),/"total":\1\x00,/' >"$d/nul.json"
expect "a NUL byte was planted" "$(tr -cd '\000' <"$d/nul.json" | wc -c)" -ge 1
check_usage "JSON with a NUL byte after a number" "nul.json:1: a NUL byte (column" \
  "$OPTLE" verify "$d/nul.json"

# ------------------------------------------------------------------
# 8. A JSON tree that breaks its own max_guesses is invalid, unless
# --max-guesses overrides it.
"$OPTLE" solve --list medium --quiet -o "$d/medium.json"
jq '.max_guesses = 3' "$d/medium.json" >"$d/over.json"
check_invalid "verify: over the file's own limit" "more than the file's \"max_guesses\" 3" \
  "$OPTLE" verify "$d/over.json"
check "verify --max-guesses 0 overrides the file's limit" 0 out "exceeded; not checked: --max-guesses 0" \
  "$OPTLE" verify "$d/over.json" --max-guesses 0
check "verify --max-guesses 5 overrides the file's limit" 0 out "guess limit   5" \
  "$OPTLE" verify "$d/over.json" --max-guesses 5
check_invalid "export: over the file's own limit: refused" "more than the file's \"max_guesses\" 3" \
  "$OPTLE" export "$d/over.json" -o "$d/over-out.json"
expect "export: over the limit: nothing written" ! -e "$d/over-out.json"
check "export --max-guesses 0: written with no limit" 0 out "" \
  "$OPTLE" export "$d/over.json" --max-guesses 0 -o "$d/over-out.json"
expect "export --max-guesses 0: max_guesses 0" "$(jq .max_guesses "$d/over-out.json")" = 0

# ------------------------------------------------------------------
# 9. export writes every -o file, each in its extension's format.
check "export: two -o files" 0 out "" "$OPTLE" export "$d/small.json" -o "$d/e1.json" -o "$d/e2.txt"
same_file "export: the JSON file" "$d/e1.json" "$d/small.json"
"$OPTLE" export "$d/small.json" --format text >"$d/small.txt"
same_file "export: the text file" "$d/e2.txt" "$d/small.txt"
check_usage "export: --depth without a DOT file" "--depth applies to --format dot only" \
  "$OPTLE" export "$d/small.json" -o "$d/e3.json" --depth 2

# ------------------------------------------------------------------
# 10. A stop says one thing: after the proof (the tree unfinished) or
# before it, on stdout and stderr alike.  Stops at several moments of a
# half-second solve, around the end of its proof (timed by a first run);
# each must be consistent.
# Under the sanitizers the solve takes ~17 s, not half a second: three
# stops (before, during and after the tree) instead of eight.
fstep=0.2
[ "$sanitized" = 1 ] && fstep=0.7
run "$OPTLE" solve --list nyt-2022-02 --first salet --threads 2
delays=$(sed -n 's/^time .*lists and table \([0-9.]*\) s, proof \([0-9.]*\) s, tree \([0-9.]*\) s.*/\1 \2 \3/p' "$tmp/out" |
  awk -v s="$fstep" '{ e = $1 + $2 + 0.02; for (f = -0.4; f <= 1.0 + 1e-9; f += s) printf "%.2f ", (e + f * $3 > 0.05 ? e + f * $3 : 0.05) }')
hits=0
for delay in ${delays:-0.2 0.3 0.4 0.5 0.6}; do
  "$OPTLE" solve --list nyt-2022-02 --first salet --threads 2 >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  sleep "$delay"
  kill -INT "$pid" 2>/dev/null
  wait "$pid"
  rc=$?
  [ "$rc" = 4 ] || continue
  if grep -q 'proven optimal' "$tmp/out"; then
    hits=$((hits + 1))
    expect "stop at $delay s: stdout says proven, stderr agrees" \
      "$(grep -c 'after the proof, before the tree was finished' "$tmp/err")" = 1
  elif grep -q 'while building the feedback table: nothing was computed' "$tmp/err"; then
    note "stop at $delay s: stopped while building the table (a slow or loaded machine)"
  else
    expect "stop at $delay s: stderr says before the proof" \
      "$(grep -c 'before the proof finished' "$tmp/err")" = 1
  fi
done
note "stops after the proof, during the tree: $hits (delays $delays)"

# ------------------------------------------------------------------
# 11. verify --quiet with the wrong --expect: the failure alone, on stderr.
small_total=$(jq .total "$d/small.json")
check_invalid "verify --expect wrong --quiet: one line, nothing on stdout" \
  "the total is $small_total, not the expected 1" "$OPTLE" verify "$d/small.json" --expect 1 --quiet
check "verify --expect wrong: the report ends saying so" 1 out "valid tree, but not the expected total" \
  "$OPTLE" verify "$d/small.json" --expect 1

# ------------------------------------------------------------------
# 12. next's step limit.
steps=()
for _ in $(seq 65); do steps+=(salet:BBBBB); done
check_usage "next: 65 steps" "'salet:BBBBB': more than 64 steps" "$OPTLE" next "${steps[@]}"

# ------------------------------------------------------------------
# 13. A legal 255-byte -o name (the temporary name is short).
long=$(printf 'x%.0s' $(seq 250)).json
check "-o a 255-byte name" 0 out "" "$OPTLE" solve --list small --quiet -o "$d/$long"
same_file "-o a 255-byte name: written" "$d/$long" "$d/small.json"

# ------------------------------------------------------------------
# 14. Junk is refused before it costs memory: a 20 MB JSON array, and a
# large answer list with verify (which builds no feedback table).
awk 'BEGIN { printf "{\"x\": ["; for (i = 0; i < 10000000; i++) printf "1,"; print "1]}" }' >"$d/junk.json"
have_gnu_time=0
/usr/bin/time -v true >/dev/null 2>&1 && have_gnu_time=1
timed() {
  if [ "$have_gnu_time" = 1 ]; then
    /usr/bin/time -v -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    rss_kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$tmp/time")
  else
    run "$@"
    rss_kb=0
  fi
}
timed "$OPTLE" verify "$d/junk.json" --list small
expect "junk JSON: status 2 (got $rc)" "$rc" = 2
err_has "junk JSON: more values than a tree can have" "more JSON values than a tree of 50 answers can have"
timed "$OPTLE" verify "$d/junk.json"
err_has "junk JSON, no lists: bounded by the largest named list" "more JSON values than a tree of 14855 answers"
grep -v '^#' wordlists/small.txt | cat - "$d/a20k.txt" | awk '!s[$1]++' >"$d/a20k-small.txt"
timed "$OPTLE" verify "$d/small.json" --answers "$d/a20k-small.txt" --force
expect "verify with 20,050 answers: invalid tree, status 1 (got $rc)" "$rc" = 1
if [ "$have_gnu_time" = 1 ] && [ "$sanitized" = 0 ]; then
  timed "$OPTLE" verify "$d/junk.json" --list small
  expect "junk JSON: peak RSS ${rss_kb} KB < 60 MB (the file itself is 20 MB)" "$rss_kb" -lt 61440
  timed "$OPTLE" verify "$d/small.json" --answers "$d/a20k-small.txt" --force
  expect "verify, 20,050 answers: no 400 MB table (peak RSS ${rss_kb} KB < 60 MB)" "$rss_kb" -lt 61440
else
  skip "peak RSS of junk input (no GNU time, or a sanitizer build)"
fi

# ------------------------------------------------------------------
# 15. A byte order mark starts a word list as it starts a tree file.
printf '\xef\xbb\xbfcigar\nrebut\nsissy\n' >"$d/bom.txt"
check "a word list with a byte order mark" 0 out "(3 answers)" "$OPTLE" solve --answers "$d/bom.txt"
printf '\xef\xbbcigar\n' >"$d/half-bom.txt"
check_usage "half a byte order mark is refused" "half-bom.txt:1: non-ASCII byte 0xef" \
  "$OPTLE" solve --answers "$d/half-bom.txt"
printf 'cigar\n\xef\xbb\xbfrebut\n' >"$d/late-bom.txt"
check_usage "a byte order mark later is refused" "late-bom.txt:2: non-ASCII byte 0xef" \
  "$OPTLE" solve --answers "$d/late-bom.txt"

# ------------------------------------------------------------------
# 16. play keeps at most 64 guesses, as docs/play.md says.
check_usage "play --max-guesses 65" "--max-guesses: 65 is out of range (0 to 64)" \
  "$OPTLE" play --max-guesses 65
check_usage "play --max-guesses 254" "--max-guesses: 254 is out of range (0 to 64)" \
  "$OPTLE" play --max-guesses 254
check "play --max-guesses 64" 0 out "in 64 guesses" "$OPTLE" play --list small --answer abate --max-guesses 64

# ------------------------------------------------------------------
# 17. An option that takes a value may be given once.
check_usage "--threads twice" "--threads given twice" "$OPTLE" solve --list small --threads 1 --threads 2
check_usage "--list twice" "--list given twice" "$OPTLE" solve --list small --list medium
check_usage "--first twice" "--first given twice" "$OPTLE" solve --list small --first abate --first=agent
check_usage "--expect twice" "--expect given twice" "$OPTLE" verify "$d/small.json" --expect 1 --expect 2
check "-o repeatable" 0 out "" "$OPTLE" solve --list small --quiet -o "$d/r.json" -o "$d/r.txt"
check "a flag twice is the flag once" 0 out "" "$OPTLE" solve --list small --quiet --quiet

# ------------------------------------------------------------------
# Control bytes of user input are escaped in every message.
check_usage "an escape byte in --list" "--list 'nyt\\x1b[31m': unknown list" \
  "$OPTLE" solve --list "$(printf 'nyt\033[31m')"
expect "an escape byte in --list: no raw ESC" "$(tr -cd '\033' <"$tmp/err" | wc -c)" = 0
check_usage "an escape byte in an argument" "\\x1b" "$OPTLE" next "$(printf 'salet:\033]0;x\007')"
expect "an escape byte in an argument: no raw control byte" "$(tr -cd '\033\007' <"$tmp/err" | wc -c)" = 0
printf 'cigar\nre\033but\n' >"$d/esc.txt"
check_usage "an escape byte in a word list" "esc.txt:2: 're\\x1bbut'" "$OPTLE" solve --answers "$d/esc.txt"
run_with 'ab\033[2Jc\n:q\n' "$OPTLE" play --list small --answer abate
expect "play: a typed escape byte is not echoed raw" "$(tr -cd '\033' <"$tmp/out" | wc -c)" = 0
has "play: a typed escape byte is shown escaped" "'ab\x1b[2Jc': a guess is one word"
cp "$d/small.json" "$d/$(printf 'tab\t')".json
check_invalid "verify --expect: the path's control bytes escaped" "tab\\t.json: the total is" \
  "$OPTLE" verify "$d/$(printf 'tab\t')".json --expect 1 --quiet
check_usage "a newline in a file name" "cannot open" "$OPTLE" solve --answers "$(printf 'a\nb')"
expect "a newline in a file name: one line" "$(wc -l <"$tmp/err")" = 1
# Issue 49: bytes that are not UTF-8 are escaped too (\xff), and
# characters that show as nothing or a blank are named (<U+00A0>), in a
# command, an option, a list name, a step and a list file.
check_usage "a byte not UTF-8 in a command" "'sol\xffve': unknown command" "$OPTLE" "$(printf 'sol\377ve')"
expect "a byte not UTF-8 in a command: no raw byte" "$(tr -cd '\377' <"$tmp/err" | wc -c)" = 0
check_usage "a byte not UTF-8 in an option" "--li\xffst: unknown option" "$OPTLE" solve "$(printf -- '--li\377st')" small
check_usage "a byte not UTF-8 in a list name" "--list 'sm\xffall': unknown list" "$OPTLE" solve --list "$(printf 'sm\377all')"
check_usage "a no-break space in a list name" "--list 'small<U+00A0>': unknown list" "$OPTLE" solve --list "$(printf 'small\302\240')"
check_usage "a zero-width space in a step" "'agent<U+200B>' is not a five-letter word" \
  "$OPTLE" next --list small "$(printf 'agent\342\200\213:BBBBB')"
check_usage "a zero-width joiner in a pattern" "'<U+200D>' is not a colour" \
  "$OPTLE" next --list small "$(printf 'agent:BB\342\200\215BB')"
printf 'cigar\n\357\273\277rebut\n' >"$d/bom2.txt"
check_usage "a byte order mark inside a word list" "bom2.txt:2: non-ASCII byte 0xef in '<U+FEFF>rebut'" \
  "$OPTLE" solve --answers "$d/bom2.txt"
printf 'agent 2.4000 120\n\302\240graft 2.4200 121\n' >"$d/nbsp.rows"
check_usage "rank --compare: a no-break space in a row" "nbsp.rows:2: '<U+00A0>graft' is not an allowed guess" \
  "$OPTLE" rank --list small --compare "$d/nbsp.rows"
printf '\357\273\277agent 2.4000 120\n' >"$d/bom.rows"
check "rank --compare: a byte order mark at the start is skipped" 1 out "(1 row): 50 first guesses, 1 equal" \
  "$OPTLE" rank --list small --compare "$d/bom.rows"
# The lists named in a message or a summary: their paths escaped too.
nl="$d/$(printf 'new\nline')".txt
cp wordlists/small.txt "$nl"
check "a newline in a list's path: the no-strategy message" 1 err "new\nline.txt (50 answers)" \
  "$OPTLE" solve --answers "$nl" --max-guesses 1
expect "a newline in a list's path: one line" "$(wc -l <"$tmp/err")" = 1
check "a newline in a list's path: the summary" 0 out "lists         $d/new\nline.txt (50 answers)" \
  "$OPTLE" solve --answers "$nl"
# ... and in the other reports that name a file (the red-team pass of
# 2026-12-01: verify's tree line, simulate's strategy and its table's
# caption, rank's comparison line printed the newline raw).
nlt="$d/$(printf 'new\nline')"
"$OPTLE" solve --list small --quiet -o "$nlt.json"
check "a newline in a tree's path: verify's tree line" 0 out "tree          $d/new\nline.json" \
  "$OPTLE" verify "$nlt.json"
check "a newline in a tree's path: simulate's strategy line" 0 out \
  "strategy      tree $d/new\nline.json" "$OPTLE" simulate --list small --tree "$nlt.json"
printf 'agent 2.4000 120\n' >"$nlt.tsv"
printf 'agent\n' >"$d/agent.words"
check "a newline in a table's path: rank's comparison line" 0 out "# compared with $d/new\nline.tsv (1 row): 1 first guess, 1 equal" \
  "$OPTLE" rank --list small --words "$d/agent.words" --compare "$nlt.tsv"
check "a newline in a list's path: simulate --compare's caption" 0 out \
  "Average guesses per answer on $d/new\nline.txt (50 answers)" \
  "$OPTLE" simulate --answers "$nl" --compare --first agent --strategies entropy
check "a newline in an -o path: solve's wrote line" 0 out "wrote         $d/new\nline.txt" \
  "$OPTLE" solve --list small -o "$nlt.txt"
check "a newline in a checkpoint's path: solve's checkpoint line" 0 out \
  "checkpoint    $d/new\nline.ck (0 first guesses resumed" \
  "$OPTLE" solve --list small --checkpoint "$nlt.ck"
printf 'agent\nzzzzz\n' >"$nlt.words"
check_usage "a newline in --words' path: its message" "--words $d/new\nline.words:2: 'zzzzz' is not an allowed guess" \
  "$OPTLE" rank --list small --words "$nlt.words"

# ------------------------------------------------------------------
# The red-team pass of 2026-12-01 (the seventeenth session).
# play read an endless input to its end: /dev/zero (NUL bytes, no line
# end) spun at 100% CPU for ever, and so did one endless line.
t0=$(ms_now)
run sh -c 'timeout 20 "$0" play --list small --seed 1 </dev/zero' "$OPTLE"
expect "play </dev/zero: status 2 (124: it hung)" "$rc" = 2
err_has "play </dev/zero: says why" "input line 1 holds a NUL byte"
expect "play </dev/zero: at once ($(($(ms_now) - t0)) ms)" "$(($(ms_now) - t0))" -lt 10000
run sh -c 'tr "\\000" a </dev/zero | timeout 20 "$0" play --list small --seed 1' "$OPTLE"
expect "play, an endless line: status 2 (124: it hung)" "$rc" = 2
err_has "play, an endless line: says why" "input line 1 is over 65536 bytes"
run_with 'agent\n%70000s\nchill\n' "$OPTLE" play --list small --seed 1
expect "play, a line of 70,000 bytes then more: status 2" "$rc" = 2
err_has "play, a line of 70,000 bytes: its number" "input line 2 is over 65536 bytes"
run_with 'agent\n%300s\n:q\n' "$OPTLE" play --list small --seed 1
expect "play, a line of 300 bytes: only ignored (status 0)" "$rc" = 0
has "play, a line of 300 bytes: says so" "line too long (over 200 bytes): ignored"
# -o the file standard output is: the report was mixed into the tree
# (solve -o x.json > x.json gave a JSON file with the summary after it,
# and status 0).
check_usage "solve -o the file stdout is" "that is standard output, which has the report" \
  sh -c '"$0" solve --list small -o "$1" >"$1"' "$OPTLE" "$d/same.json"
check_usage "solve -o /dev/stdout" "-o /dev/stdout: that is standard output" \
  "$OPTLE" solve --list small --format json -o /dev/stdout
check_usage "simulate -o the file stdout is" "that is standard output, which has the report" \
  sh -c '"$0" simulate --list small -o "$1" >"$1"' "$OPTLE" "$d/same.json"
check_usage "simulate --compare -o the table stdout is" "give the table another file" \
  sh -c '"$0" simulate --list small --compare --first agent --strategies entropy -o "$1" >"$1"' \
  "$OPTLE" "$d/same.csv"
printf 'agent 2.4000 120\n' >"$d/agent.table"
check_usage "rank --compare -o the file stdout is" "give the ranking another file" \
  sh -c '"$0" rank --list small --compare "$2" -o "$1" >"$1"' "$OPTLE" "$d/same.tsv" "$d/agent.table"
# rank without a comparison prints nothing else on stdout: -o /dev/stdout
# is the ranking alone, as before.
run sh -c '"$0" rank --list small -o /dev/stdout | grep -v "^#" | head -n 3' "$OPTLE"
has "rank -o /dev/stdout, no comparison: the ranking" "agent"
expect "rank -o /dev/stdout, no comparison: nothing said" "$(wc -c <"$tmp/err")" = 0
check "solve -o /dev/null, stdout /dev/null: not refused" 0 out "" \
  sh -c '"$0" solve --list small --format json -o /dev/null >/dev/null' "$OPTLE"
# A file-size limit (ulimit -f): SIGXFSZ killed optle (status 153, no
# message, a torn file); now the write fails and says so.
check_usage "ulimit -f: solve -o says the file is too large" "cannot write: File too large" \
  sh -c 'ulimit -f 1; "$0" solve --list small --quiet -o "$1"' "$OPTLE" "$d/big.json"
expect "ulimit -f: no tree left" ! -e "$d/big.json"
run sh -c 'ulimit -f 1; "$0" export "$1" --format json >"$2"' "$OPTLE" "$d/small.json" "$d/big2.json"
expect "ulimit -f: export to stdout, status 2 (153: killed)" "$rc" = 2
err_has "ulimit -f: export to stdout says why" "File too large"
# analyse --json with a list whose name is not UTF-8: status 3 ("internal
# error"), as jansson refused the string; now U+FFFD stands for the byte.
bad="$d/bad$(printf '\377').txt"
cp wordlists/small.txt "$bad"
check "analyse --json, a list's name not UTF-8: status 0" 0 out '"n_answers": 50' \
  "$OPTLE" analyse --answers "$bad" --json agent:BBBBB
expect "analyse --json, a list's name not UTF-8: the byte as U+FFFD" \
  "$(jq -r .answers "$tmp/out")" = "$d/bad$(printf '\357\277\275').txt"
# Two readers of standard input: the second found it empty.
"$OPTLE" solve --list small --quiet -o "$d/small.txt"
check_usage "next --tree - --share -: refused" "standard input can be only one of them" \
  "$OPTLE" next --list small --share - --tree - agent
check_usage "play --tree -: refused (standard input is the game's)" \
  "--tree -: standard input is the game's" "$OPTLE" play --tree - --seed 1
# -o a directory: said as such (it was "unknown tree format").
check_usage "solve -o a directory" "-o $d: is a directory: give a file name" \
  "$OPTLE" solve --list small -o "$d"
check_usage "simulate -o a directory" "-o $d: is a directory" "$OPTLE" simulate --list small -o "$d"
check_usage "export -o a directory" "-o $d: is a directory" "$OPTLE" export "$d/small.json" -o "$d"
# rank's checkpoint and the table it compares with, one file: refused
# (a new one was said to have "no rows"; an old table would have been
# read as the checkpoint's rows).
check_usage "rank --checkpoint F --compare F (F new)" "--checkpoint $d/ck-table: that is the table to compare with (--compare)" \
  "$OPTLE" rank --list small --checkpoint "$d/ck-table" --compare "$d/ck-table"
expect "rank --checkpoint F --compare F: no file made" ! -e "$d/ck-table"
check_usage "rank --checkpoint ./T --compare-upper T" "that is the table to compare with (--compare-upper)" \
  sh -c 'cd "$1" && "$0" rank --list small --checkpoint ./agent.table --compare-upper agent.table' "$OPTLE" "$d"
# A list of one word: "(1 answer)", not "(1 answers)".
printf 'cigar\n' >"$d/one.txt"
check "a one-word list: the summary's singular" 0 out "one.txt (1 answer), $d/one.txt (1 guess)" \
  "$OPTLE" solve --answers "$d/one.txt" --guesses "$d/one.txt"

# ------------------------------------------------------------------
# OpenMP threads wait passively between parallel regions unless the user
# says otherwise (src/main.c).
# libgomp shows its settings at start-up (in both processes when optle
# executes itself again): the last spin count shown is the one in force.
spin() { grep "GOMP_SPINCOUNT = " "$tmp/err" | tail -n 1 | tr -dc '0-9'; }
run env -u OMP_WAIT_POLICY -u GOMP_SPINCOUNT OMP_DISPLAY_ENV=verbose "$OPTLE" solve --list small --quiet
expect "OpenMP: passive by default (spin count $(spin))" "$(spin)" = 0
run env -u OMP_WAIT_POLICY GOMP_SPINCOUNT=1000 OMP_DISPLAY_ENV=verbose "$OPTLE" solve --list small --quiet
expect "OpenMP: the user's GOMP_SPINCOUNT kept ($(spin))" "$(spin)" = 1000
run env OMP_WAIT_POLICY=active OMP_DISPLAY_ENV=verbose "$OPTLE" solve --list small --quiet
err_has "OpenMP: the user's OMP_WAIT_POLICY kept" "OMP_WAIT_POLICY = 'ACTIVE'"
# Executed again, the process keeps its own name (ps, top, pgrep), not
# the "exe" of /proc/self/exe, while play waits for its input: polled
# until the second image (its environment has the passive policy, which
# the suites' own may have too) bears the name, for 5 s at most; the
# name seen last is the one said.
if [ -r /proc/self/comm ]; then
  mkfifo "$tmp/hold"
  env -u OMP_WAIT_POLICY -u GOMP_SPINCOUNT "$OPTLE" play --list small <"$tmp/hold" >/dev/null 2>&1 &
  pid=$!
  exec 7>"$tmp/hold"
  want=$(basename "$OPTLE" | cut -c 1-15) name=
  for _ in $(seq 50); do
    name=$(cat "/proc/$pid/comm" 2>/dev/null)
    [ "$name" = "$want" ] && [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$(readlink -f "$OPTLE")" ] &&
      tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx 'OMP_WAIT_POLICY=passive' && break
    sleep 0.1
  done
  exec 7>&-
  wait "$pid" 2>/dev/null
  expect "executed again: the process is named $want ($name)" "$name" = "$want"
else
  skip "the process's name: no /proc"
fi

if [ "$skipped" -gt 0 ]; then
  printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
else
  printf '%d passed, %d failed\n' "$passed" "$failed"
fi
[ "$failed" -eq 0 ]
