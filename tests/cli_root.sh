#!/usr/bin/env bash
# tests/cli_root.sh: the root proof without a fixed first guess
# (search_proof.c, search_bounds.c): the stages settle every first guess,
# every kernel gives the same bounds, the proof's tree is the tree of its
# first guess fixed, and a published optimum no --first run can give:
# with the NYT answers as the only guesses, SLATE is best, 7951 in all.
#
# Run from anywhere: `bash tests/cli_root.sh` (make cli-test).
# shellcheck disable=SC2034 # read by lib.sh
harness=cli-root
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }

# stat_value NAME: a --stats counter of the last run.
stat_value() { awk -v k="$1" '$1 == k { print $2; exit }' "$tmp/out"; }
# stage NAME: the count of the root-proof line starting with NAME.
stage() { awk -v k="$1" 'index($0, "  " k) == 1 { for (i = NF; i > 0; i--) if ($i ~ /^[0-9]+$/) { print $i; exit } }' "$tmp/out"; }

# ------------------------------------------------------------------
# The kernels.  695 NYT answers, guesses the same: classes of 161 or more
# answers (the 256-bit-set kernel) and under (the compare kernels).  The
# portable path and each vector kernel the CPU has give the same total,
# tree and counters of the bounds' work (one thread: two may both
# bound a class before either stores it).
grep -v '^#' wordlists/nyt-answers.txt | head -n 695 >"$tmp/a695.txt"
ref_hash="" ref_bound=""
for k in scalar avx2 avx512; do
  OPTLE_KERNEL=$k run "$OPTLE" solve --answers "$tmp/a695.txt" --threads 1 --stats
  expect "kernel $k: solves" "$rc" = 0
  expect "kernel $k: total 2103" "$(summary_value total)" = 2103
  if [ -z "$ref_hash" ]; then
    ref_hash=$(summary_value "tree hash")
    ref_bound=$(stat_value bound1)
    expect "kernel $k: sets of 161+ answers are bounded" "$(stat_value bound_big)" -gt 0
    expect "kernel $k: every first guess settled" \
      "$(($(stage "refuted by L1") + $(stage "refuted by L2") + $(stage "settled by exact")))" \
      -ge "$(($(awk '/^root proof:/ { print $3 }' "$tmp/out") - 1))"
  else
    expect "kernel $k: the same tree as scalar" "$(summary_value "tree hash")" = "$ref_hash"
    expect "kernel $k: the same L1 work as scalar" "$(stat_value bound1)" = "$ref_bound"
  fi
done

# ------------------------------------------------------------------
# The root proof's tree is the tree of its first guess, fixed: the tie
# rule picks the same guess at every node however the root was proven.
run "$OPTLE" solve --list large --stats
expect "large: solves" "$rc" = 0
expect "large: total 1466" "$(summary_value total)" = 1466
has "large: the stages are reported" "refuted by L1 (and L0)"
has "large: ... and their times" "upper bound (one exact search)"
root_hash=$(summary_value "tree hash")
first=$(summary_value "first guess")
run "$OPTLE" solve --list large --first "$first"
expect "large: --first $first gives the same tree" "$(summary_value "tree hash")" = "$root_hash"
for t in 1 2; do
  run "$OPTLE" solve --list large --threads $t
  expect "large: $t thread(s), the same tree" "$(summary_value "tree hash")" = "$root_hash"
done

# ------------------------------------------------------------------
# Golden: the NYT answers as the only guesses (published: SLATE 7951).
# (6 s here; many minutes under a sanitizer: the plain run checks it.)
if [ "$sanitized" = 1 ]; then
  skip "answers only: SLATE 7951 (sanitizer build: the plain build's run checks it)"
else
  run "$OPTLE" solve --answers wordlists/nyt-answers.txt --threads 2 --stats
  expect "answers only: solves" "$rc" = 0
  expect "answers only: SLATE first" "$(summary_value "first guess")" = slate
  expect "answers only: 7951 in all" "$(summary_value total)" = 7951
  root_hash=$(summary_value "tree hash")
  run "$OPTLE" solve --answers wordlists/nyt-answers.txt --threads 2 --first slate
  expect "answers only: --first slate gives the same tree" "$(summary_value "tree hash")" = "$root_hash"
fi

# A stop during the root proof reports proven bounds only.  --time-limit
# counts from the start, the feedback table included, and under a
# sanitizer the NYT table alone takes seconds (scalar fill, ASan).
limit=1
[ "$sanitized" = 1 ] && limit=15
run "$OPTLE" solve --list nyt --threads 2 --time-limit "$limit"
expect "stopped root proof: status 4" "$rc" = 4
lb=$(awk '/^lower bound/ { print $3 }' "$tmp/out")
expect "stopped root proof: a lower bound at most the optimum 7897" "${lb:-99999}" -le 7897

# ------------------------------------------------------------------

if [ "$skipped" -gt 0 ]; then
  printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
else
  printf '%d passed, %d failed\n' "$passed" "$failed"
fi
[ "$failed" -eq 0 ]
