#!/usr/bin/env bash
# tests/cli_ckpt_memo.sh: the memo saved beside a ranking's checkpoint
# (FILE.memo: include/memo_file.h, src/rank_run.c; its format's own checks
# are in the memo suite).  A ranking stopped in stage 4 saves it and
# says so; the rerun reads it back, says so, and ranks as an unstopped
# run does; a finished ranking removes it; a damaged one, or one saved by
# another ranking, is refused (status 2) before any search.  About 20 s.
#
# Run from anywhere: `bash tests/cli_ckpt_memo.sh` (make cli-test).
# shellcheck disable=SC2034 # read by lib.sh
harness=cli-ckpt-memo
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }

# 24 openers within 7990 on nyt-2022-02: 21 of them reach stage 4, a few
# seconds of exact searches on one thread.
printf '%s\n' salet trace crate crane slate carte roate soare raise arise stare least react \
  plate slant trice caret reast lance parse tares later alter alert >"$tmp/w"
R=(rank --list nyt-2022-02 --cutoff 7990 --words "$tmp/w" --threads 1)

"$OPTLE" "${R[@]}" --checkpoint "$tmp/whole.ck" >"$tmp/whole.txt" 2>"$tmp/whole.err"
expect "a finished ranking leaves no memo file" ! -e "$tmp/whole.ck.memo"
expect "a finished ranking says nothing of a memo" "$(grep -c memo "$tmp/whole.err")" = 0

# Stopped (SIGINT) once stage 4 has begun: the memo saved, and said.
"$OPTLE" "${R[@]}" --checkpoint "$tmp/a.ck" >"$tmp/a1.txt" 2>"$tmp/a1.err" &
pid=$!
for _ in $(seq 600); do
  grep -q "stage 4 of 4" "$tmp/a1.err" && break
  sleep 0.05
done
kill -INT "$pid"
wait "$pid"
expect "stopped in stage 4: status 4" $? = 4
expect "stopped in stage 4: the memo saved, and said" \
  "$(grep -c "saved [0-9]* memo records to $tmp/a.ck.memo" "$tmp/a1.err")" = 1
expect "stopped in stage 4: the memo file is there" -s "$tmp/a.ck.memo"
cp "$tmp/a.ck" "$tmp/b.ck"
cp "$tmp/a.ck" "$tmp/s.ck"
cp "$tmp/a.ck.memo" "$tmp/a.memo.saved"
cp "$tmp/a.ck.memo" "$tmp/s.ck.memo"

# The rerun reads it back and ranks as the unstopped run did.
"$OPTLE" "${R[@]}" --checkpoint "$tmp/a.ck" >"$tmp/a2.txt" 2>"$tmp/a2.err"
expect "resumed: status 0" $? = 0
expect "resumed: the memo read back, and said" \
  "$(grep -c "resumed [0-9]* memo records from $tmp/a.ck.memo" "$tmp/a2.err")" = 1
if cmp -s "$tmp/whole.txt" "$tmp/a2.txt"; then pass; else
  fail "resumed with the memo: the unstopped run's ranking" "$(diff "$tmp/whole.txt" "$tmp/a2.txt" | head -n 4)"
fi
expect "resumed and finished: the memo file removed" ! -e "$tmp/a.ck.memo"
expect "resumed with room: nothing said of the memo's size" \
  "$(grep -c "room to spare" "$tmp/a2.err")" = 0
# A memo too small for the file (a MiB, 0.9 MB for records, against a
# file of 0.54 MB or more: stages 1 to 3's records alone): said, with a
# size that holds it (twice the file), and the same ranking.
"$OPTLE" "${R[@]}" --checkpoint "$tmp/s.ck" --memo-mb 1 >"$tmp/s2.txt" 2>"$tmp/s2.err"
expect "a memo too small for the file: status 0" $? = 0
expect "a memo too small for the file: said, with a size that holds it" \
  "$(grep -cE "s.ck.memo: 0.[5-9] MB, [0-9]+ records, is more than the memo holds with room to spare .*--memo-mb 2 or more holds it" "$tmp/s2.err")" = 1
if cmp -s "$tmp/whole.txt" "$tmp/s2.txt"; then pass; else
  fail "a memo too small for the file: the unstopped run's ranking" "$(diff "$tmp/whole.txt" "$tmp/s2.txt" | head -n 4)"
fi

# Refused before any search: damaged, cut short, another ranking's.
cp "$tmp/a.memo.saved" "$tmp/b.ck.memo"
printf '\x55' | dd of="$tmp/b.ck.memo" bs=1 seek=100 conv=notrunc status=none
check "a damaged memo file: refused" 2 err "b.ck.memo: damaged" \
  "$OPTLE" "${R[@]}" --checkpoint "$tmp/b.ck"
expect "a damaged memo file: no ranking" ! -s "$tmp/out"
head -c 200 "$tmp/a.memo.saved" >"$tmp/b.ck.memo"
check "a memo file cut short: refused" 2 err "b.ck.memo: damaged" \
  "$OPTLE" "${R[@]}" --checkpoint "$tmp/b.ck"
cp "$tmp/a.memo.saved" "$tmp/c.ck.memo"
check "another ranking's memo file (another cutoff): refused" 2 err \
  "c.ck.memo: saved by another ranking" \
  "$OPTLE" "${R[@]/7990/7980}" --checkpoint "$tmp/c.ck"
check "the refusal says how to go on" 2 err "remove it to resume without it" \
  "$OPTLE" "${R[@]/7990/7980}" --checkpoint "$tmp/c.ck"
rm -f "$tmp/b.ck.memo"
check "the memo file removed: the checkpoint resumes without it" 0 out "salet" \
  "$OPTLE" "${R[@]}" --checkpoint "$tmp/b.ck"

printf '%d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
