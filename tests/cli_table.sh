#!/usr/bin/env bash
# tests/cli_table.sh: `optle rank` as a table of exact first-guess values
# (issue 34) and `rank --top N` (issue 32): the values against the
# published tables' rows (tests/fixtures/tables, alex1770/wordle, MIT),
# normal and hard, on a sample; the file byte for byte the same with 1
# and 2 threads and resumed from a checkpoint; --compare against good and
# bad tables, --compare-upper against tables of upper bounds; --top N printing the N best and a count of the rest, --all
# every line.  About 10 s of CPU (the samples are among the cheaper first
# guesses: a whole table is a benchmark, tools/bench.sh).
#
# Run from anywhere: `bash tests/cli_table.sh` (make cli-test).
# shellcheck disable=SC2034 # read by lib.sh
harness=cli-table
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }
fx=tests/fixtures/tables

# ------------------------------------------------------------------
# The published values, normal and hard, on a sample of nyt-2022-08.
printf 'coure\ncrine\ntrine\ntride\n' >"$tmp/easy.words"
# aargh: no strategy within 6 guesses in hard mode ("Infinity 1000000000"
# in the table, "none" in optle's).
printf 'parte\nprost\npalet\naargh\n' >"$tmp/hard.words"
for mode in easy hard; do
  h=()
  [ "$mode" = hard ] && h=(--hard)
  # The ranking to -o, and --compare with the published rows.
  run "$OPTLE" rank --list nyt-2022-08 "${h[@]}" --words "$tmp/$mode.words" --threads 2 \
    -o "$tmp/$mode.tsv" --compare "$fx/${mode}_nyt20220830.rows"
  expect "rank $mode sample --compare published rows: exits 0" "$rc" = 0
  # The published rows of these words, as rank prints them.
  want=$(grep -wFf "$tmp/$mode.words" "$fx/${mode}_nyt20220830.rows" |
    awk '$2 == "Infinity" { $2 = $3 = "none" } { printf "%s\t%s\texact\t%s\n", $1, $3, $2 }')
  expect "rank $mode sample: the published values and averages" \
    "$(grep -v '^#' "$tmp/$mode.tsv")" = "$want"
  n=$(wc -l <"$tmp/$mode.words")
  has "rank $mode --compare: every one equal" "$n first guesses, $n equal, 0 bounds at or below the table's total, 0 differences"
done

# ------------------------------------------------------------------
# Byte for byte: 1 and 2 threads, and a resumed checkpoint.
run "$OPTLE" rank --list nyt-2022-08 --words "$tmp/easy.words" --threads 1 -o "$tmp/easy1.tsv"
same_file "rank: the same file with 1 and 2 threads" "$tmp/easy1.tsv" "$tmp/easy.tsv"
lacks_file() { ! grep -q "$2" "$3" && pass || fail "$1" "'$2' in $3"; }
lacks_file "rank: no time in the file" ' s$' "$tmp/easy.tsv"
printf 'crine\ntrine\n' >"$tmp/two.words"
"$OPTLE" rank --list medium --threads 2 --checkpoint "$tmp/m.ck" -o "$tmp/m1.tsv" 2>/dev/null
head -n 40 "$tmp/m.ck" >"$tmp/m2.ck"
run "$OPTLE" rank --list medium --threads 1 --checkpoint "$tmp/m2.ck" -o "$tmp/m2.tsv"
err_has "rank medium resumed: says so" "resumed 39 settled first guesses"
same_file "rank medium resumed, 1 thread: the same file" "$tmp/m2.tsv" "$tmp/m1.tsv"

# ------------------------------------------------------------------
# --compare: differences, then bad tables (file:line: reason, status 2,
# before any ranking).
sed -e 's/^trine 3.4353 7932$/trine 3.4357 7933/' -e '/^crine /d' "$fx/easy_nyt20220830.rows" \
  >"$tmp/diff.rows"
run "$OPTLE" rank --list nyt-2022-08 --words "$tmp/two.words" --compare "$tmp/diff.rows" -o "$tmp/d.tsv"
expect "--compare, a value changed and a row missing: exit status 1" "$rc" = 1
has "--compare: the difference" $'trine\toptle exact 7932\ttable 7933'
has "--compare: the missing row" $'crine\toptle exact 7949\ttable: missing'
has "--compare: the count" "2 first guesses, 0 equal, 0 bounds at or below the table's total, 2 differences (1 missing from the table)"
expect "--compare: the ranking still goes to -o" "$(grep -c $'\texact\t' "$tmp/d.tsv")" = 2
bad() { # bad NAME FRAGMENT TABLE-LINES...: a bad table refused, status 2
  local name=$1 frag=$2
  shift 2
  printf '%s\n' "$@" >"$tmp/bad.rows"
  check_usage "--compare $name" "$frag" "$OPTLE" rank --list nyt-2022-08 --words "$tmp/two.words" \
    --compare "$tmp/bad.rows"
}
bad "an unknown word" "bad.rows:2: 'zzzzz' is not an allowed guess" "tarse 3.4140 7883" "zzzzz 3.4140 7883"
bad "a word twice" "bad.rows:3: 'salet' again" "tarse 3.4140 7883" "salet 3.4188 7894" "salet 3.4188 7894"
bad "two fields" "bad.rows:1: not a row 'word average total' (2 fields)" "tarse 7883"
bad "four fields" "bad.rows:1: not a row 'word average total' (4 fields)" $'tarse\t7883\texact\t3.4140'
bad "a total not a number" "bad.rows:1: not a row 'word average total'" "tarse 3.4140 78x3"
bad "a total no first guess has" "bad.rows:1: total 883: no first guess" "tarse 0.3824 883"
bad "an average not total / answers" "bad.rows:1: average 3.4150 is not 7883 / 2309" "tarse 3.4150 7883"
check_usage "--compare: a table of another list (3158 answers)" \
  "easy_nyt20230701.rows:1: average 3.5526 is not 11219 / 2309 answers = 4.8588: a table of another list (3158 answers?)" \
  "$OPTLE" rank --list nyt-2022-08 --words "$tmp/two.words" --compare "$fx/easy_nyt20230701.rows"
check_usage "--compare: a table with words the list lacks" "is not an allowed guess" \
  "$OPTLE" rank --list small --compare "$fx/easy_nyt20220830.rows"
check_usage "--compare: no file" "--compare $tmp/none.rows: No such file" \
  "$OPTLE" rank --list small --compare "$tmp/none.rows"
: >"$tmp/empty.rows"
check_usage "--compare: no rows" "empty.rows: no rows" "$OPTLE" rank --list small --compare "$tmp/empty.rows"
# Refused as soon as seen, not at the line's end: a device of NUL bytes
# is one endless line (a review: getline() grew it until memory ran out).
check_usage "--compare /dev/zero: a NUL byte, at once" "/dev/zero:1: a NUL byte" \
  timeout 20 "$OPTLE" rank --list small --compare /dev/zero
bad "a line too long" "bad.rows:1: line too long" "tarse 3.4140 7883$(printf '%0600d' 0)"
{ printf '# %0600d\n' 0; grep -m1 '^tarse ' "$fx/easy_nyt20220830.rows"; } >"$tmp/long-comment.rows"
check "--compare: a long comment is skipped" 0 out "1 equal" "$OPTLE" rank --list nyt-2022-08 \
  --words <(echo tarse) --compare "$tmp/long-comment.rows"
{ printf '\xef\xbb\xbf'; cat "$tmp/long-comment.rows"; } >"$tmp/bom-comment.rows"
check "--compare: a byte order mark, then a long comment" 0 out "1 equal" "$OPTLE" rank \
  --list nyt-2022-08 --words <(echo tarse) --compare "$tmp/bom-comment.rows"
check "--compare: an endless comment stops at --time-limit (status 4)" 4 err \
  "while reading the table to compare with: nothing was computed" \
  timeout 20 "$OPTLE" rank --list small --time-limit 1 --compare <(yes '#')
mkdir -p "$tmp/a-dir"
check_usage "--compare: a directory" "--compare $tmp/a-dir: a directory, not a table" \
  "$OPTLE" rank --list small --compare "$tmp/a-dir"

# ------------------------------------------------------------------
# --compare-upper: a table of upper bounds (alex1770/wordle's
# results_upperbound*, each row a strategy's total): a row at or above
# optle's value agrees, exact or bound; one below is a difference; a word
# the table lacks is only counted.
printf 'trine 3.4353 7932\ncrine 3.4430 7950\n' >"$tmp/upper.rows"
run "$OPTLE" rank --list nyt-2022-08 --words "$tmp/two.words" --compare-upper "$tmp/upper.rows" -o "$tmp/u.tsv"
expect "--compare-upper, rows at and above the values: exit status 0" "$rc" = 0
has "--compare-upper: the count" "2 first guesses, 1 exact and equal to the table's, 1 exact and below it, 0 bounds at or below it, 0 differences (0 not in the table)"
printf 'crine 3.4426 7949\n' >"$tmp/upper.rows"
run "$OPTLE" rank --list nyt-2022-08 --words "$tmp/two.words" --top 1 --all --compare-upper "$tmp/upper.rows"
expect "--compare-upper --top 1: crine's bound at or below its row: exit status 0" "$rc" = 0
has "--compare-upper: a bound, and a word not in the table" "2 first guesses, 0 exact and equal to the table's, 0 exact and below it, 1 bounds at or below it, 0 differences (1 not in the table)"
printf 'trine 3.4348 7931\n' >"$tmp/upper.rows"
run "$OPTLE" rank --list nyt-2022-08 --words "$tmp/two.words" --compare-upper "$tmp/upper.rows" -o "$tmp/u.tsv"
expect "--compare-upper, a row below the value: exit status 1" "$rc" = 1
has "--compare-upper: the difference" $'trine\toptle exact 7932\tabove the table\'s upper bound 7931'
has "--compare-upper: the count with it" "0 exact and below it, 0 bounds at or below it, 1 differences (1 not in the table)"
printf 'tarse 3.4140 7883\nzzzzz 3.4140 7883\n' >"$tmp/bad.rows"
check_usage "--compare-upper: a bad table, file:line" "bad.rows:2: 'zzzzz' is not an allowed guess" \
  "$OPTLE" rank --list nyt-2022-08 --words "$tmp/two.words" --compare-upper "$tmp/bad.rows"
check_usage "--compare-upper: no file" "--compare-upper $tmp/none.rows: No such file" \
  "$OPTLE" rank --list small --compare-upper "$tmp/none.rows"
check_usage "--compare and --compare-upper together" "give --compare or --compare-upper, not both" \
  "$OPTLE" rank --list small --compare "$tmp/upper.rows" --compare-upper "$tmp/upper.rows"

# ------------------------------------------------------------------
# --top N: the N best, ties included, and a line for the rest; --all.
run "$OPTLE" rank --list small --top 3
expect "rank --top 3: the best, ties included" "$(grep -v '^#' "$tmp/out" | cut -f1,2 | tr '\t\n' ' /')" = \
  "agent 120/graft 121/scion 121/unfit 121/"
has "rank --top 3: how many proven worse" "# 46 more first guesses proven worse than 121"
run "$OPTLE" rank --list small --top 3 --all
expect "rank --top 3 --all: every line" "$(grep -vc '^#' "$tmp/out")" = 50
check_usage "rank --all without --top" "--all goes with --top N" "$OPTLE" rank --list small --all

printf '%d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
