#!/usr/bin/env bash
# tests/cli_checkpoint.sh: a checkpoint is checked, not trusted, and a
# long run survives faults (issue 30; docs/reliability.md; the
# checkpoint's format and checks: include/checkpoint.h, whose Check
# suite also forges lines with valid checksums).  Here, as a user would
# meet them: an edited value, a NUL byte, a duplicate, format 1; two
# runs on one new file (normal and --hard, and two alike) and a second
# run while one holds the file; a torn last line (by hand, and by a
# file size limit, as a full disk) resumed twice, a torn header, a last
# line short of its newline; lower lines, resumed after stage 3;
# /dev/stdout, devices, FIFOs and directories as checkpoints; line ends
# made CR; a dangling link; a file moved while its run writes; several
# kills, then the ranking byte for byte; OMP_NUM_THREADS=100000; no temporary file after a kill; a
# resume's progress lines (its resumed best, stage 4's word: 20 s of it).  The
# frozen MPI rank is in tests/cli_mpi.sh.  About 40 s.
#
# Run from anywhere: `bash tests/cli_checkpoint.sh` (make cli-test).
# shellcheck disable=SC2034 # read by lib.sh
harness=cli-checkpoint
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }

# same_ranking NAME A B: byte for byte an uninterrupted run's (the time
# goes to stderr, never into the file).
same_ranking() {
  if cmp -s "$2" "$3"; then pass; else
    fail "$1" "$(diff "$2" "$3" | head -n 4)"
  fi
}
# once NAME CKPT: every word of the checkpoint settled once (beside at
# most one lower line), one header.
once() {
  expect "$1: one header" "$(grep -c '^# optle rank checkpoint' "$2")" = 1
  expect "$1: every word settled once" \
    "$(tail -n +2 "$2" | awk -F'\t' '$3 != "lower"' | cut -f1 | sort | uniq -d | wc -l)" = 0
  expect "$1: at most one lower line a word" \
    "$(awk -F'\t' '$3 == "lower"' "$2" | cut -f1 | sort | uniq -d | wc -l)" = 0
}

S=(rank --list small --threads 2)
"$OPTLE" "${S[@]}" -o "$tmp/small.txt"
"$OPTLE" "${S[@]}" --checkpoint "$tmp/small.ck" -o "$tmp/small-ck.txt"
expect "small: a checkpoint of 50 lines and the header" "$(wc -l <"$tmp/small.ck")" = 51

# ------------------------------------------------------------------
# Edited or damaged lines: refused with file:line, never believed.
edit() { sed "$1" "$tmp/small.ck" >"$tmp/e.ck"; }
n=$(grep -n "^scion	" "$tmp/small.ck" | cut -d: -f1)
edit "s/^scion\t121\t/scion\t1\t/"
check_usage "edited value 121 -> 1: refused" "e.ck:$n: checksum mismatch" \
  "$OPTLE" "${S[@]}" --checkpoint "$tmp/e.ck"
edit "s/^scion\t121\t/scion\t99999\t/"
check_usage "edited value 121 -> 99999: refused" "e.ck:$n: checksum mismatch" \
  "$OPTLE" "${S[@]}" --checkpoint "$tmp/e.ck"
edit "s/^scion\t121\texact/scion\t121\tbound/"
check_usage "edited exact -> bound: refused" "e.ck:$n: checksum mismatch" \
  "$OPTLE" "${S[@]}" --checkpoint "$tmp/e.ck"
edit "1s/rules normal/rules hard/"
check_usage "edited header: refused" "e.ck:1: checksum mismatch" \
  "$OPTLE" "${S[@]}" --checkpoint "$tmp/e.ck"
{ cat "$tmp/small.ck"; sed -n "${n}p" "$tmp/small.ck"; } >"$tmp/e.ck"
check_usage "a line twice: refused" "e.ck:52: 'scion' is settled twice (also on line $n)" \
  "$OPTLE" "${S[@]}" --checkpoint "$tmp/e.ck"
tr 'q' '\0' <"$tmp/small.ck" >"$tmp/e.ck" # quell's q: a NUL byte
check_usage "a NUL byte: refused as one" "a NUL byte" "$OPTLE" "${S[@]}" --checkpoint "$tmp/e.ck"
printf '# optle rank checkpoint 1: lists_hash a769d96ef27b0abc, rules normal, max_guesses 6, cutoff -1, top 0\nagent\t120\texact\t0.000\t4\n' >"$tmp/v1.ck"
check_usage "format 1: refused, saying why" "v1.ck:1: a checkpoint of format 1" \
  "$OPTLE" "${S[@]}" --checkpoint "$tmp/v1.ck"
expect "format 1: left as it was" "$(wc -l <"$tmp/v1.ck")" = 2
run "$OPTLE" rank --list small --hard --checkpoint "$tmp/small.ck"
expect "another ranking: status 2" "$rc" = 2
err_has "another ranking: both headers" "rules normal"
err_has "another ranking: both headers (this one's)" "rules hard"

# ------------------------------------------------------------------
# Lower lines: a first guess the refuting stage 3 leaves to the exact
# search gets one, with its bound, before its settled line; a resume
# takes the bound and goes on to the exact search, proving no lower
# bound again (issue 47: an hour or more of a bighidden root proof's
# survivors, each session).
T=(rank --list small --top 3 --threads 1)
"$OPTLE" "${T[@]}" --checkpoint "$tmp/top.ck" -o "$tmp/top.txt"
lw=$(awk -F'\t' '$3 == "lower" {print $1}' "$tmp/top.ck")
expect "top 3: one lower line (unfit)" "$lw" = unfit
expect "top 3: the lower line before the settled one, its bound at most the value" \
  "$(awk -F'\t' '$1 == "unfit" {printf "%s %s,", $3, $2}' "$tmp/top.ck")" = "lower 121,exact 121,"
cp "$tmp/top.ck" "$tmp/whole.ck"
run "$OPTLE" "${T[@]}" --checkpoint "$tmp/whole.ck" -o "$tmp/whole.txt"
err_has "a whole checkpoint resumed: every word settled" "resumed 50 settled first guesses"
expect "a whole checkpoint resumed: no word left to the exact search (UNFIT's lower line is \
settled)" "$(grep -c 'lower bound' "$tmp/err")" = 0
same_ranking "a whole checkpoint resumed: the ranking" "$tmp/whole.txt" "$tmp/top.txt"
awk -F'\t' '!($1 == "unfit" && $3 != "lower")' "$tmp/top.ck" >"$tmp/lower.ck"
run "$OPTLE" "${T[@]}" --checkpoint "$tmp/lower.ck" -o "$tmp/lower.txt"
expect "stopped after stage 3, resumed: exits 0" "$rc" = 0
err_has "stopped after stage 3, resumed: the lower bound read" \
  "resumed 1 lower bound (first guesses left to the exact search)"
same_ranking "stopped after stage 3, resumed: the ranking" "$tmp/lower.txt" "$tmp/top.txt"

# Pieces of one ranking run elsewhere, merged (tools/ckpt_merge.py):
# two overlapping parts of the checkpoint give the whole, which resumes
# to the same ranking; a line settled alike in both is kept once.
MERGE=(python3 "$root/tools/ckpt_merge.py")
# The overlap's lines in the second part carry other seconds (so other
# checksums, which a resume would refuse): the first part's are kept.
head -n 30 "$tmp/top.ck" >"$tmp/pa.ck"
{ head -n 1 "$tmp/top.ck"
  tail -n +20 "$tmp/top.ck" | awk -F'\t' -v OFS='\t' 'NR <= 11 { $4 = $4 + 1 } 1'; } >"$tmp/pb.ck"
run "${MERGE[@]}" "$tmp/merged.ck" "$tmp/pa.ck" "$tmp/pb.ck"
expect "ckpt_merge: exits 0" "$rc" = 0
err_has "ckpt_merge: says what it kept" "50 first guesses settled, 1 lower lines (11 settled in more than one file, alike)"
expect "ckpt_merge: every line of the whole, once, the first part's where both have it" \
  "$(sort "$tmp/merged.ck" | md5sum)" = "$(sort "$tmp/top.ck" | md5sum)"
run "$OPTLE" "${T[@]}" --checkpoint "$tmp/merged.ck" -o "$tmp/merged.txt"
err_has "ckpt_merge: the merged checkpoint resumes whole" "resumed 50 settled first guesses"
same_ranking "ckpt_merge: the merged checkpoint's ranking" "$tmp/merged.txt" "$tmp/top.txt"
# Refused, status 2, no file written: another ranking's header, a word
# settled otherwise in the second file, the output one of the inputs.
"$OPTLE" rank --list small --top 1 --threads 1 --checkpoint "$tmp/other.ck" -o /dev/null 2>/dev/null
run "${MERGE[@]}" "$tmp/m2.ck" "$tmp/pa.ck" "$tmp/other.ck"
expect "ckpt_merge, another ranking: status 2" "$rc" = 2
err_has "ckpt_merge, another ranking: says so" "other.ck:1: another ranking's header than"
w=$(sed -n 25p "$tmp/top.ck" | cut -f 1)
awk -F'\t' -v OFS='\t' -v w="$w" '$1 == w && $3 != "lower" { $2 = $2 + 1 } 1' "$tmp/pb.ck" >"$tmp/pc.ck"
run "${MERGE[@]}" "$tmp/m2.ck" "$tmp/pa.ck" "$tmp/pc.ck"
expect "ckpt_merge, $w settled otherwise: status 2" "$rc" = 2
err_has "ckpt_merge, $w settled otherwise: names both lines" "pa.ck:25: '$w "
expect "ckpt_merge, refused: no file written" ! -e "$tmp/m2.ck"
cp "$tmp/pa.ck" "$tmp/pa.keep"
ln -s pa.ck "$tmp/pa.link"
run "${MERGE[@]}" "$tmp/pa.link" "$tmp/pa.ck" "$tmp/pb.ck"
expect "ckpt_merge onto an input (a link to it): status 2" "$rc" = 2
err_has "ckpt_merge onto an input: says so" "is one of the inputs"
same_file "ckpt_merge onto an input: the input unchanged" "$tmp/pa.ck" "$tmp/pa.keep"
expect "ckpt_merge, refused: no temporary file left" \
  "$(find "$tmp" -name '*.tmp.*' | wc -l)" = 0
# A word settled in the first file and left to the exact search (a
# lower line) in the second, as where the first's cutoff fell sooner:
# the lower line, which would come after the settled one, is left out.
grep -v "^unfit	[0-9]*	lower" "$tmp/top.ck" >"$tmp/pl.ck"
{ head -n 1 "$tmp/top.ck"; grep "^unfit	[0-9]*	lower" "$tmp/top.ck"; } >"$tmp/pm.ck"
run "${MERGE[@]}" "$tmp/m4.ck" "$tmp/pl.ck" "$tmp/pm.ck"
expect "ckpt_merge, a lower line after its settled one: left out" \
  "$(grep -c "	lower	" "$tmp/m4.ck")" = 0
run "$OPTLE" "${T[@]}" --checkpoint "$tmp/m4.ck" -o "$tmp/m4.txt"
expect "ckpt_merge, a lower line after its settled one: the merge resumes" "$rc" = 0
same_ranking "ckpt_merge, a lower line after its settled one: the ranking" "$tmp/m4.txt" "$tmp/top.txt"
# The other way round, the lower line first: kept, before its settled line.
run "${MERGE[@]}" "$tmp/m5.ck" "$tmp/pm.ck" "$tmp/pl.ck"
expect "ckpt_merge, a lower line in the first file: kept, before its settled line" \
  "$(awk -F'\t' '$1 == "unfit" { printf "%s,", $3 }' "$tmp/m5.ck")" = "lower,exact,"
run "$OPTLE" "${T[@]}" --checkpoint "$tmp/m5.ck" -o "$tmp/m5.txt"
same_ranking "ckpt_merge, a lower line in the first file: the ranking" "$tmp/m5.txt" "$tmp/top.txt"
# A file with CRLF line ends: refused, with the line.
sed 's/$/\r/' "$tmp/pb.ck" >"$tmp/crlf.ck"
run "${MERGE[@]}" "$tmp/m6.ck" "$tmp/pa.ck" "$tmp/crlf.ck"
expect "ckpt_merge, CRLF: status 2" "$rc" = 2
err_has "ckpt_merge, CRLF: says so" "crlf.ck:1: a carriage return"
# A last line cut short is left out, as a resume cuts it off.
{ cat "$tmp/pa.ck"; printf 'zzzzz\t12'; } >"$tmp/pt.ck"
run "${MERGE[@]}" "$tmp/m3.ck" "$tmp/pt.ck" "$tmp/pb.ck"
err_has "ckpt_merge, a torn last line: left out" "pt.ck:31: cut short, left out"
expect "ckpt_merge, a torn last line: the whole" \
  "$(sort "$tmp/m3.ck" | md5sum)" = "$(sort "$tmp/top.ck" | md5sum)"
# The lines but their seconds and checksums: the exact line is written
# again, and its seconds may be 0.001 on a busy machine.
cut -f1-3,5 "$tmp/lower.ck" >"$tmp/lower.cols"
cut -f1-3,5 "$tmp/top.ck" >"$tmp/top.cols"
same_file "stopped after stage 3, resumed: the same lines (no second lower line)" \
  "$tmp/lower.cols" "$tmp/top.cols"
once "lower lines" "$tmp/lower.ck"
sed 's/^unfit\t121\tlower\t/unfit\t120\tlower\t/' "$tmp/top.ck" >"$tmp/e.ck"
check_usage "an edited lower line: refused" "e.ck:$(grep -n "^unfit	121	lower" "$tmp/top.ck" | cut -d: -f1): checksum mismatch" \
  "$OPTLE" "${T[@]}" --checkpoint "$tmp/e.ck"

# ------------------------------------------------------------------
# Only a regular file of its own.
check_usage "standard output redirected to a file: refused" "that is standard output" \
  "$OPTLE" "${S[@]}" --checkpoint /dev/stdout
expect "standard output: nothing mixed into it" "$(wc -c <"$tmp/out")" = 0
mkfifo "$tmp/fifo"
check_usage "a FIFO: refused" "fifo: not a regular file" "$OPTLE" "${S[@]}" --checkpoint "$tmp/fifo"
check_usage "/dev/full: refused" "/dev/full: not a regular file" \
  "$OPTLE" "${S[@]}" --checkpoint /dev/full
check_usage "/dev/null: refused" "/dev/null: not a regular file" \
  "$OPTLE" "${S[@]}" --checkpoint /dev/null
check_usage "a directory: refused" "not a regular file" "$OPTLE" "${S[@]}" --checkpoint "$tmp"
check_usage "a missing directory: refused" "No such file or directory" \
  "$OPTLE" "${S[@]}" --checkpoint "$tmp/none/ck"
check_usage "lists that cannot be read: refused" "none.txt: cannot open" \
  "$OPTLE" rank --answers "$tmp/none.txt" --checkpoint "$tmp/new.ck"
expect "lists that cannot be read: no checkpoint file made" ! -e "$tmp/new.ck"

# ------------------------------------------------------------------
# Torn ends: cut off before anything is appended, the work redone.
whole=$(wc -c <"$tmp/small.ck")
head -c $((whole - 30)) "$tmp/small.ck" >"$tmp/torn.ck" # the last line cut mid-way
run "$OPTLE" "${S[@]}" --checkpoint "$tmp/torn.ck" -o "$tmp/torn.txt"
expect "torn last line: the resume exits 0" "$rc" = 0
err_has "torn last line: says it cut it off" "torn.ck:51: the last line was cut short"
err_has "torn last line: resumed the rest" "resumed 49 settled first guesses"
same_ranking "torn last line: the ranking" "$tmp/torn.txt" "$tmp/small.txt"
once "torn last line" "$tmp/torn.ck"
run "$OPTLE" "${S[@]}" --checkpoint "$tmp/torn.ck" -o "$tmp/torn2.txt"
expect "torn last line, resumed again: exits 0" "$rc" = 0
err_has "torn last line, resumed again: every word settled" "resumed 50 settled first guesses"
same_ranking "torn last line, resumed again: the ranking" "$tmp/torn2.txt" "$tmp/small.txt"
esc=$tmp/$'e\x1b[31m.ck' # a name with a control byte: escaped in every note, never raw
head -c $((whole - 30)) "$tmp/small.ck" >"$esc"
run "$OPTLE" "${S[@]}" --checkpoint "$esc" -o "$tmp/esc.txt"
err_has "a name with an escape byte: the cut line's note escapes it" 'e\x1b[31m.ck:51: the last line was cut short'
err_has "a name with an escape byte: the resume's note escapes it" 'settled first guesses from '"$tmp"'/e\x1b[31m.ck'
expect "a name with an escape byte: no raw escape byte on stderr" "$(tr -dc '\033' <"$tmp/err" | wc -c)" = 0
head -c $((whole - 1)) "$tmp/small.ck" >"$tmp/nonl.ck" # whole but for its newline
run "$OPTLE" "${S[@]}" --checkpoint "$tmp/nonl.ck" -o "$tmp/nonl.txt"
err_has "last line without its newline: kept" "resumed 50 settled first guesses"
same_file "last line without its newline: the newline added" "$tmp/nonl.ck" "$tmp/small.ck"
head -c 30 "$tmp/small.ck" >"$tmp/hdr.ck"
run "$OPTLE" "${S[@]}" --checkpoint "$tmp/hdr.ck" -o "$tmp/hdr.txt"
expect "header cut after 30 bytes: exits 0" "$rc" = 0
err_has "header cut after 30 bytes: says so" "its header was cut short"
same_ranking "header cut after 30 bytes: the ranking" "$tmp/hdr.txt" "$tmp/small.txt"
run "$OPTLE" "${S[@]}" --checkpoint "$tmp/hdr.ck" -o "$tmp/hdr.txt"
expect "header cut, resumed again: exits 0" "$rc" = 0
printf 'agent' >"$tmp/words.ck" # not a checkpoint, no newline: kept, not cut
check_usage "not a checkpoint: refused" "words.ck:1: not an optle rank checkpoint" \
  "$OPTLE" "${S[@]}" --checkpoint "$tmp/words.ck"
expect "not a checkpoint: left as it was" "$(cat "$tmp/words.ck")" = agent
# A whole checkpoint with its line ends made CR has no LF at all: not a
# header cut short, so refused and kept, never emptied and ranked anew.
tr '\n' '\r' <"$tmp/small.ck" >"$tmp/cr.ck"
cp "$tmp/cr.ck" "$tmp/cr-before.ck"
check_usage "line ends made CR: refused" "cr.ck:1: no line end in" \
  "$OPTLE" "${S[@]}" --checkpoint "$tmp/cr.ck"
same_file "line ends made CR: left as it was" "$tmp/cr.ck" "$tmp/cr-before.ck"
head -c 30 "$tmp/small.ck" | sed 's/rank/RANK/' >"$tmp/hdr2.ck" # not this header's start
check_usage "a header cut short, not this ranking's: refused" "hdr2.ck:1: not an optle rank" \
  "$OPTLE" "${S[@]}" --checkpoint "$tmp/hdr2.ck"
# A dangling link as the checkpoint of a run that fails at once: the
# link is the user's, and stays.
ln -s "$tmp/target.ck" "$tmp/link.ck"
check_usage "a dangling link, a run that fails: refused" "/nonexistent" \
  "$OPTLE" "${S[@]}" --words /nonexistent --checkpoint "$tmp/link.ck"
expect "a dangling link, a run that fails: the link stays" -L "$tmp/link.ck"
# The process faults (a full disk, two runs on one file, kills), on the
# large list: what they leave is read by the code the sections above
# check; under a sanitizer (minutes each) the plain run checks them.
if [ "$sanitized" = 1 ]; then
  skip "full disk, races, kills on the large list (sanitizer build: the plain build's run checks them)"
else
  # A full disk, as a file size limit (SIGXFSZ ignored: the write fails
  # part-way): status 2, whole lines only; then resumed twice.
  L=(rank --list large --threads 2)
  "$OPTLE" "${L[@]}" -o "$tmp/large.txt"
  (trap '' XFSZ; ulimit -f 4; exec "$OPTLE" "${L[@]}" --checkpoint "$tmp/full.ck" -o "$tmp/full.txt") \
    >"$tmp/out" 2>"$tmp/err"
  expect "full disk: status 2" "$?" = 2
  err_has "full disk: says the checkpoint could not be written" "full.ck: cannot write"
  expect "full disk: no ranking written" ! -e "$tmp/full.txt"
  expect "full disk: the checkpoint ends with a whole line" "$(tail -c 1 "$tmp/full.ck" | od -An -c | tr -d ' ')" = '\n'
  for k in 1 2; do
    run "$OPTLE" "${L[@]}" --checkpoint "$tmp/full.ck" -o "$tmp/full.txt"
    expect "full disk, resume $k: exits 0" "$rc" = 0
    same_ranking "full disk, resume $k: the ranking" "$tmp/full.txt" "$tmp/large.txt"
  done
  once "full disk" "$tmp/full.ck"

  # ------------------------------------------------------------------
  # Two runs on one file.  Normal and --hard at once on a new file: one
  # ranks, the other is refused (in use, or, when it came second, of
  # another ranking); the file has one header, each word once, and the
  # winner's ranking resumes from it.
  "$OPTLE" "${L[@]}" --hard -o "$tmp/large-hard.txt"
  "$OPTLE" "${L[@]}" --checkpoint "$tmp/race.ck" -o "$tmp/race-n.txt" >/dev/null 2>"$tmp/race-n.err" &
  p1=$!
  "$OPTLE" "${L[@]}" --hard --checkpoint "$tmp/race.ck" -o "$tmp/race-h.txt" >/dev/null 2>"$tmp/race-h.err" &
  p2=$!
  wait "$p1"; r1=$?
  wait "$p2"; r2=$?
  expect "race normal/--hard: one ranks, one is refused" "$(printf '%s\n' "$r1" "$r2" | sort | tr '\n' ' ')" = "0 2 "
  if grep -qE "race.ck: in use by another run|race.ck is of another ranking" "$tmp/race-n.err" "$tmp/race-h.err"; then
    pass; else fail "race normal/--hard: the refused run names the file" "$(cat "$tmp/race-n.err" "$tmp/race-h.err")"; fi
  once "race normal/--hard" "$tmp/race.ck"
  if [ "$r1" = 0 ]; then win=(); want="$tmp/large.txt"; else win=(--hard); want="$tmp/large-hard.txt"; fi
  run "$OPTLE" "${L[@]}" "${win[@]}" --checkpoint "$tmp/race.ck" -o "$tmp/race.txt"
  expect "race: the winner's ranking resumes" "$rc" = 0
  same_ranking "race: the winner's ranking, as an uninterrupted run's" "$tmp/race.txt" "$want"
  # Two copies of one ranking at once: one ranks, the file has each word once.
  "$OPTLE" "${L[@]}" --checkpoint "$tmp/twin.ck" -o "$tmp/twin1.txt" 2>/dev/null &
  p1=$!
  "$OPTLE" "${L[@]}" --checkpoint "$tmp/twin.ck" -o "$tmp/twin2.txt" 2>/dev/null &
  p2=$!
  wait "$p1"; r1=$?
  wait "$p2"; r2=$?
  expect "two copies at once: at most one ranks" "$((r1 == 0 && r2 == 0))" = 0
  expect "two copies at once: 500 words once" "$(tail -n +2 "$tmp/twin.ck" | cut -f1 | sort -u | wc -l)/$(wc -l <"$tmp/twin.ck")" = 500/501
  # A second run while the first holds the file: refused at once.
  "$OPTLE" rank --list original --top 6 --threads 1 --time-limit 30 --checkpoint "$tmp/held.ck" \
    -o "$tmp/held.txt" 2>/dev/null &
  p1=$!
  for _ in $(seq 1 600); do [ -s "$tmp/held.ck" ] && break; sleep 0.05; done
  t0=$(date +%s%N)
  check_usage "a second run on a held file: refused" "held.ck: in use by another run" \
    "$OPTLE" rank --list original --top 6 --threads 1 --checkpoint "$tmp/held.ck"
  expect "a second run on a held file: refused at once (under 5 s)" $(( ($(date +%s%N) - t0) / 1000000 )) -lt 5000
  kill -TERM "$p1"
  wait "$p1"
  expect "the holder, stopped: status 4" "$?" = 4
  run "$OPTLE" rank --list original --top 6 --threads 1 --time-limit 1 --checkpoint "$tmp/held.ck"
  expect "the lock ends with its run: the next one runs" "$rc" = 4
  # The file moved while its run appends: the run stops (status 2) rather
  # than write lines no name leads to; what it wrote is in the moved file.
  "$OPTLE" "${L[@]}" --checkpoint "$tmp/moving.ck" -o "$tmp/moving.txt" >/dev/null 2>"$tmp/moving.err" &
  p1=$!
  for _ in $(seq 1 1200); do
    [ -e "$tmp/moving.ck" ] && [ "$(wc -l <"$tmp/moving.ck")" -gt 3 ] && break
    sleep 0.01
  done
  mv "$tmp/moving.ck" "$tmp/moved.ck"
  wait "$p1"
  expect "moved while it ran: status 2" "$?" = 2
  if grep -q "moving.ck: moved, replaced or removed while this run wrote it" "$tmp/moving.err"; then
    pass; else fail "moved while it ran: says so" "$(tail -n 2 "$tmp/moving.err")"; fi
  expect "moved while it ran: no ranking written" ! -e "$tmp/moving.txt"
  run "$OPTLE" "${L[@]}" --checkpoint "$tmp/moved.ck" -o "$tmp/moved.txt"
  same_ranking "moved while it ran: resumed from the moved file" "$tmp/moved.txt" "$tmp/large.txt"

  # ------------------------------------------------------------------
  # Killed again and again (SIGKILL), then resumed: the uninterrupted
  # ranking, byte for byte.  (tests/cli_rank.sh kills a --top ranking.)
  # A run that ends before its kill lands (its last rows come fast; a
  # loaded host polls slowly) writes its ranking, as it should: so the
  # -o file is either absent or whole (the uninterrupted ranking).
  for at in 100 250 400; do
    "$OPTLE" "${L[@]}" --checkpoint "$tmp/kill.ck" -o "$tmp/killed.txt" 2>/dev/null &
    pid=$!
    for _ in $(seq 1 1200); do
      [ -e "$tmp/kill.ck" ] && [ "$(wc -l <"$tmp/kill.ck")" -gt "$at" ] && break
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.01
    done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  if [ -e "$tmp/killed.txt" ]; then
    note "killed 3 times: a run finished before its kill landed (a loaded host)"
    same_ranking "killed 3 times: the -o file, written, is whole" "$tmp/killed.txt" "$tmp/large.txt"
  fi
  run "$OPTLE" "${L[@]}" --checkpoint "$tmp/kill.ck" -o "$tmp/resumed.txt"
  expect "killed 3 times, resumed: exits 0" "$rc" = 0
  same_ranking "killed 3 times, resumed: the uninterrupted ranking" "$tmp/resumed.txt" "$tmp/large.txt"
  err_has "killed 3 times, resumed: from what the kills left" "resumed "
  once "killed 3 times" "$tmp/kill.ck"
fi

# ------------------------------------------------------------------
# OMP_NUM_THREADS: capped as --threads is (1024), said once, no crash.
for n in 100000 20000; do
  run env OMP_NUM_THREADS=$n "$OPTLE" solve --list small
  expect "OMP_NUM_THREADS=$n solve: exits 0" "$rc" = 0
  expect "OMP_NUM_THREADS=$n solve: the summary's threads are the team's" "$(summary_value threads)" = 1024
  err_has "OMP_NUM_THREADS=$n solve: says it is capped" "OMP_NUM_THREADS asks for $n threads"
done
run env OMP_NUM_THREADS=100000 "$OPTLE" "${S[@]}"
expect "OMP_NUM_THREADS=100000 rank: exits 0" "$rc" = 0
same_ranking "OMP_NUM_THREADS=100000 rank: the ranking" "$tmp/out" "$tmp/small.txt"
run env OMP_NUM_THREADS=3 "$OPTLE" solve --list small
expect "OMP_NUM_THREADS=3: the default thread count" "$(summary_value threads)" = 3
# Issue 49: OMP_THREAD_LIMIT caps the team, and the summary says what
# ran (it said 8 and ran 1); OMP_NUM_THREADS=0 is refused in words (libgomp
# only warned, twice, and ignored it).
run env OMP_THREAD_LIMIT=1 "$OPTLE" solve --list small --threads 8
expect "OMP_THREAD_LIMIT=1 --threads 8: exits 0" "$rc" = 0
expect "OMP_THREAD_LIMIT=1 --threads 8: the summary says 1 thread" "$(summary_value threads)" = 1
run env OMP_THREAD_LIMIT=2 "$OPTLE" simulate --list small --threads 8
expect "OMP_THREAD_LIMIT=2 simulate --threads 8: 2 threads" "$(summary_value threads)" = 2
for v in 0 -1 x 2,0 ''; do
  run env OMP_NUM_THREADS="$v" "$OPTLE" solve --list small
  expect "OMP_NUM_THREADS='$v': refused" "$rc" = 2
  err_has "OMP_NUM_THREADS='$v': says why" "optle: OMP_NUM_THREADS='$v' is not a thread count"
  expect "OMP_NUM_THREADS='$v': nothing solved" ! -s "$tmp/out"
done
run env OMP_NUM_THREADS='2, 1' "$OPTLE" solve --list small
expect "OMP_NUM_THREADS='2, 1' (a list): its first" "$(summary_value threads)" = 2
# The red-team pass of 2026-12-01: past INT_MAX libgomp cut the count to
# 32 bits (2147483648 and 4294967296 ran 1 thread, 99999999999 said
# 1215752191), and OMP_THREAD_LIMIT=0 was ignored after libgomp's warning.
for v in 2147483648 4294967296 99999999999 18446744073709551616 '2,2147483648'; do
  run env OMP_NUM_THREADS="$v" "$OPTLE" solve --list small
  expect "OMP_NUM_THREADS='$v': refused" "$rc" = 2
  err_has "OMP_NUM_THREADS='$v': says why" "optle: OMP_NUM_THREADS='$v' is not a thread count"
done
run env OMP_NUM_THREADS=2147483647 "$OPTLE" solve --list small --quiet
expect "OMP_NUM_THREADS=2147483647 (INT_MAX): taken, capped" "$rc" = 0
for v in 0 -1 x '1,2' 00; do
  run env OMP_THREAD_LIMIT="$v" "$OPTLE" solve --list small
  expect "OMP_THREAD_LIMIT='$v': refused" "$rc" = 2
  err_has "OMP_THREAD_LIMIT='$v': says why" "optle: OMP_THREAD_LIMIT='$v' is not a thread count (a whole number"
done
# A limit past INT_MAX is no limit to libgomp: taken.
run env OMP_THREAD_LIMIT=99999999999 "$OPTLE" solve --list small --threads 3
expect "OMP_THREAD_LIMIT=99999999999: no limit (status 0)" "$rc" = 0
expect "OMP_THREAD_LIMIT=99999999999: no limit (3 threads)" "$(summary_value threads)" = 3

# ------------------------------------------------------------------
# solve --checkpoint: the root proof as rank --top 1 runs it, resumable,
# the same file as rank's (issue 47, item 2), then the winner's tree.
"$OPTLE" solve --list large --threads 2 -o "$tmp/root.json" >"$tmp/root.out"
run "$OPTLE" solve --list large --threads 2 --checkpoint "$tmp/root.ck" -o "$tmp/rootck.json"
expect "solve --checkpoint: exits 0" "$rc" = 0
has "solve --checkpoint: the same total" "total         1466"
has "solve --checkpoint: the same tree" "$(grep '^tree hash' "$tmp/root.out")"
has "solve --checkpoint: says it" "checkpoint    $tmp/root.ck (0 first guesses resumed, 500 settled now)"
has "solve --checkpoint: what it proved of the others, canonical" \
  "first guess   slate (proven best of 500 first guesses; every other first guess 1467 or more, +1)"
same_file "solve --checkpoint: the same tree file" "$tmp/rootck.json" "$tmp/root.json"
expect "solve --checkpoint: a line for every first guess" "$(wc -l <"$tmp/root.ck")" = 501
once "solve --checkpoint" "$tmp/root.ck"
"$OPTLE" rank --list large --threads 2 --top 1 -o "$tmp/top1.txt"
run "$OPTLE" rank --list large --threads 2 --top 1 --checkpoint "$tmp/root.ck" -o "$tmp/top1ck.txt"
err_has "rank --top 1 resumes solve's checkpoint" "resumed 500 settled first guesses"
same_ranking "rank --top 1 from solve's checkpoint: the ranking" "$tmp/top1ck.txt" "$tmp/top1.txt"
# rank's checkpoint cut to its first 200 lines, then solve resumes it.
"$OPTLE" rank --list large --threads 2 --top 1 --checkpoint "$tmp/top1.ck" -o /dev/null
head -n 201 "$tmp/top1.ck" >"$tmp/part.ck"
run "$OPTLE" solve --list large --threads 2 --checkpoint "$tmp/part.ck" -o "$tmp/part.json"
err_has "solve resumes rank --top 1's checkpoint" "resumed 200 settled first guesses"
has "solve from a part of rank's checkpoint: says it" "(200 first guesses resumed, 300 settled now)"
run "$OPTLE" solve --list large --threads 2 --checkpoint "$tmp/part.ck" --stats -o "$tmp/part2.json"
has "solve --checkpoint --stats: the ranking's stages" \
  "ranking by stage: 500 first guesses, 500 resumed, 0 settled now"
expect "solve --checkpoint --stats: four stage rows" \
  "$(grep -cE '^  [1-4] (exact|L0|L2)' "$tmp/out")" = 4
same_file "solve from a part of rank's checkpoint: the same tree file" "$tmp/part.json" "$tmp/root.json"
once "solve from a part of rank's checkpoint" "$tmp/part.ck"
# A stopped solve names its checkpoint escaped, as every note does.
run "$OPTLE" solve --list nyt-2022-02 --threads 2 --checkpoint "$tmp/"$'s\x1b[1m.ck' --time-limit 1 \
  -o "$tmp/s.json"
expect "solve --checkpoint, stopped: status 4" "$rc" = 4
if grep -q "while building the feedback table" "$tmp/err"; then
  # A slow build (the sanitizers') stops before the root proof begins,
  # with no checkpoint to name.
  skip "solve --checkpoint, stopped: the note (stopped while building the table)"
else
  err_has "solve --checkpoint, stopped: the note escapes the name" 's\x1b[1m.ck keeps the '
fi
expect "solve --checkpoint, stopped: no raw escape byte on stderr" "$(tr -dc '\033' <"$tmp/err" | wc -c)" = 0
# --probe-budget: seconds, 1 or more; a budget never reached changes nothing.
run "$OPTLE" rank --list large --threads 2 --top 1 --probe-budget 1 -o "$tmp/pb.txt"
expect "--probe-budget 1: exits 0" "$rc" = 0
same_ranking "--probe-budget 1: the ranking" "$tmp/pb.txt" "$tmp/top1.txt"
run "$OPTLE" solve --list large --threads 2 --probe-budget 100000000
has "solve --probe-budget: the same tree" "$(grep '^tree hash' "$tmp/root.out")"
# --probe WORD: its total is the first solved (the checkpoint's first
# exact line, the value --first proves), and nothing else changes.
run "$OPTLE" rank --list large --threads 2 --top 1 --probe poppy --checkpoint "$tmp/probe.ck" \
  -o "$tmp/probe.txt"
expect "rank --probe: exits 0" "$rc" = 0
same_ranking "rank --probe: the ranking" "$tmp/probe.txt" "$tmp/top1.txt"
poppy=$("$OPTLE" solve --list large --threads 2 --first poppy | awk '/^total/ { print $2 }')
expect "rank --probe: POPPY's total (--first)" -n "$poppy"
expect "rank --probe: its first line is POPPY's exact total" \
  "$(grep -v '^#' "$tmp/probe.ck" | head -n 1 | cut -f 1-3)" = "poppy	$poppy	exact"
run "$OPTLE" solve --list large --threads 2 --probe poppy
has "solve --probe: the same tree" "$(grep '^tree hash' "$tmp/root.out")"
run "$OPTLE" solve --list large --threads 2 --probe poppy --checkpoint "$tmp/probe2.ck" \
  -o "$tmp/probe2.json"
same_file "solve --probe --checkpoint: the same tree file" "$tmp/probe2.json" "$tmp/root.json"
expect "solve --probe --checkpoint: POPPY's exact total first" \
  "$(grep -v '^#' "$tmp/probe2.ck" | head -n 1 | cut -f 1-3)" = "poppy	$poppy	exact"
# A resume that knows its cutoff (POPPY's exact line) asked for another
# word: that word's exact search first (stage 4's), the cutoff its
# value, so the rest are refuted at SLATE's 1467, not at POPPY's 1727;
# the ranking is the uninterrupted one's.
head -n 2 "$tmp/probe.ck" >"$tmp/resprobe.ck"
run "$OPTLE" rank --list large --threads 2 --top 1 --probe slate --checkpoint "$tmp/resprobe.ck" \
  -o "$tmp/resprobe.txt"
expect "resumed --probe: exits 0" "$rc" = 0
err_has "resumed --probe: one line resumed, said so" "resumed 1 settled first guess from"
best=$(grep -v '^#' "$tmp/resprobe.txt" | head -n 1 | cut -f 1-2)
expect "resumed --probe: the best is SLATE" "$best" = "slate	1466"
expect "resumed --probe: SLATE's exact search next, in stage 4" \
  "$(sed -n 3p "$tmp/resprobe.ck" | cut -f 1-3,5)" = "slate	1466	exact	4"
below=$(awk -F'\t' -v p="$poppy" '$3 == "bound" && $2 < p' "$tmp/resprobe.ck" | wc -l)
expect "resumed --probe: the rest refuted below POPPY's $poppy ($below lines)" "$below" -gt 400
same_ranking "resumed --probe: the ranking" "$tmp/resprobe.txt" "$tmp/top1.txt"
# A resume's progress lines (stderr a file: none in a run's first 2 s)
# count its resumed exact values and name the best of them, and in stage
# 4 the first guess searched: 24 openers of nyt-2022-02 within 7990,
# resumed from SALET's exact line alone (the best, 7897), the other 23 on
# one thread (about 10 s here; stage 4 most of it).
# Under a sanitizer (two rankings of minutes each: 438 of the suite's
# 471 s under ASan in CI) the plain run checks it: the checkpoint's
# reading is the sections' above, the progress line's text
# tests/check_checkpoint.c's.
if [ "$sanitized" = 1 ]; then
  skip "a resume's progress lines, 24 openers of nyt-2022-02 (sanitizer build: the plain build's run checks them)"
else
  printf '%s\n' salet trace crate crane slate carte roate soare raise arise stare least react \
    plate slant trice caret reast lance parse tares later alter alert >"$tmp/w24"
  W24=(rank --list nyt-2022-02 --cutoff 7990 --words "$tmp/w24" --threads 1)
  run "$OPTLE" "${W24[@]}" --checkpoint "$tmp/w24.ck" -o "$tmp/w24.txt"
  expect "24 openers: exits 0" "$rc" = 0
  expect "24 openers: SALET's exact line" "$(grep -c "^salet	7897	exact	" "$tmp/w24.ck")" = 1
  { head -n 1 "$tmp/w24.ck"; grep "^salet	7897	exact	" "$tmp/w24.ck"; } >"$tmp/w24r.ck"
  run "$OPTLE" "${W24[@]}" --checkpoint "$tmp/w24r.ck" -o "$tmp/w24r.txt"
  expect "resumed from SALET's line: exits 0" "$rc" = 0
  same_ranking "resumed from SALET's line: the ranking" "$tmp/w24r.txt" "$tmp/w24.txt"
  lines=$(grep -c '^optle: .*first guesses settled (1 resumed)' "$tmp/err")
  expect "resumed from SALET's line: progress lines ($lines)" "$lines" -ge 1
  expect "resumed from SALET's line: each names the resumed best" \
    "$(grep '^optle: .*first guesses settled (1 resumed)' "$tmp/err" | grep -vc ', best salet 7897, ')" = 0
  expect "resumed from SALET's line: the last counts it among 20 exact" \
    "$(grep -c '^optle: 24/24 first guesses settled (1 resumed), 20 exact, best salet 7897, ' "$tmp/err")" = 1
  expect "resumed from SALET's line: stage 4's lines name the first guess searched" \
    "$(grep -Ec '^optle: stage 4 of 4 \(exact search at 7991\) [0-9]+/20( ETA [0-9]+ s)?, searching [a-z]{5}; ' "$tmp/err")" -ge 1
fi
for bad in 0 -5 x 1.5 100000001; do
  check_usage "--probe-budget $bad: refused" "--probe-budget" \
    "$OPTLE" solve --list small --probe-budget "$bad"
done
check_usage "solve --checkpoint --first: refused" "with --first there is one solve" \
  "$OPTLE" solve --list small --first slate --checkpoint "$tmp/f.ck"
check_usage "solve --checkpoint --objective worst: refused" "--checkpoint goes with --objective total" \
  "$OPTLE" solve --list small --objective worst --checkpoint "$tmp/f.ck"
expect "refused: no checkpoint file made" ! -e "$tmp/f.ck"
check_usage "solve --checkpoint of another ranking: refused" "rules hard" \
  "$OPTLE" solve --list large --hard --checkpoint "$tmp/root.ck"

# ------------------------------------------------------------------
# Temporary files: a killed run leaves none; one named for a process
# that is gone is removed (only that one).
mkdir "$tmp/o"
"$OPTLE" solve --list nyt-2022-02 --first salet --threads 1 -o "$tmp/o/t.json" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 600); do
  ls -l "/proc/$pid/fd" 2>/dev/null | grep -q "$tmp/o/" && break
  sleep 0.02
done
kill -KILL "$pid"
wait "$pid" 2>/dev/null
expect "SIGKILL with -o open: nothing left in its directory" "$(ls -A "$tmp/o" | wc -l)" = 0
host=$(uname -n)
host=${host//[^A-Za-z0-9-]/-}
host=${host:0:32}
sleep 0 &
dead=$!
wait "$dead"
touch "$tmp/o/optle.tmp.$host.$dead.abc123" "$tmp/o/optle.tmp.$host.$$.abc123" \
  "$tmp/o/optle.tmp.other-host.$dead.abc123" "$tmp/o/optle.tmp.Xy12Zq"
"$OPTLE" solve --list small -o "$tmp/o/s.json" >/dev/null
expect "stale temporary file of a dead process: removed" ! -e "$tmp/o/optle.tmp.$host.$dead.abc123"
expect "temporary file of a live process: kept" -e "$tmp/o/optle.tmp.$host.$$.abc123"
expect "another host's: kept" -e "$tmp/o/optle.tmp.other-host.$dead.abc123"
expect "an unnamed one's (older optle): kept" -e "$tmp/o/optle.tmp.Xy12Zq"

printf '%d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
