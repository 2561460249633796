#!/usr/bin/env bash
# tests/slow.sh (make test-slow): the goldens that take a whole root
# proof each, minutes on 2 cores, so not in make test (docs/testing.md):
#   - the published ranking of the original lists: the six best first
#     guesses exactly, every other one proven above 7930, all 12972
#     ranked (rank --top 6 --all);
#   - the root proof of the original lists: SALET proven best, the tree
#     hash make bench records.
harness=slow
. "$(dirname "$0")/lib.sh"

run "$OPTLE" rank --list original --top 6 --all --threads 2 -o "$tmp/orig.txt"
expect "rank --top 6: exits 0" "$rc" = 0
expect "rank --top 6: the six best" "$(sed -n '5,10p' "$tmp/orig.txt" | tr '\t\n' ' /')" = \
  "salet 7920 exact 3.4212/reast 7923 exact 3.4225/crate 7926 exact 3.4238/trace 7926 exact 3.4238/slate 7928 exact 3.4246/crane 7930 exact 3.4255/"
expect "rank --top 6: every other first guess proven above 7930" \
  "$(awk -F'\t' 'NR > 10 && !($3 == "bound" && $2 > 7930)' "$tmp/orig.txt" | wc -l)" = 0
expect "rank --top 6: every guess ranked" "$(tail -n +5 "$tmp/orig.txt" | wc -l)" = 12972

check "solve --list original: SALET proven best" 0 out \
  "first guess   salet (proven best of 12972 first guesses" "$OPTLE" solve --list original --threads 2
expect "solve --list original: the total" "$(summary_value total)" = 7920
expect "solve --list original: the tree hash" "$(summary_value 'tree hash')" = bad8172211dadca0

printf '%d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
