#!/usr/bin/env bash
# tests/cli_simulate.sh: `optle simulate` and `optle simulate --compare`,
# run as a subprocess.
#
# Each check runs one command and compares its exit status and a fixed
# string expected on stdout or stderr.  Usage and input errors must print
# exactly one line on stderr, starting "optle: ", and nothing on stdout.
# Golden totals: the NYT and the original lists (both embedded).  The
# last line is "N passed, M failed" (", K skipped" added when something
# was skipped); the exit status is nonzero when any check failed.
#
# Run from anywhere: `bash tests/cli_simulate.sh`.  OPTLE names the binary
# (default ./optle in the repository root).
# shellcheck disable=SC2034 # read by lib.sh
harness=sim
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

have_jq=0
if command -v jq >/dev/null 2>&1; then have_jq=1; fi

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }

nyt=(--list nyt-2022-02)

# ------------------------------------------------------------------
# Help.

check "simulate --help" 0 out "usage: optle simulate" "$OPTLE" simulate --help
check "simulate --help lists the strategies" 0 out "rollout:BASE:N" "$OPTLE" simulate --help
check "simulate --help names exact" 0 out "exact" "$OPTLE" simulate --help
check "help simulate" 0 out "usage: optle simulate" "$OPTLE" help simulate
check "--help lists simulate" 0 out "simulate" "$OPTLE" --help

# ------------------------------------------------------------------
# Bad input: exit 2, one line.

check_usage "unknown strategy" "--strategy: 'frobnicate': unknown strategy" \
  "$OPTLE" simulate "${nyt[@]}" --strategy frobnicate
# The red-team pass of 2026-12-01: a row or column given twice gave the
# same numbers twice.
check_usage "--compare: a first guess twice" "--first: 'AGENT' given twice" \
  "$OPTLE" simulate --list small --compare --first agent,chill,AGENT --strategies entropy
check_usage "--compare: a strategy twice" "--strategies: 'entropy' given twice" \
  "$OPTLE" simulate --list small --compare --first agent --strategies entropy,minimax,entropy
check_usage "rollout count 0" "rollout count '0' must be a whole number from 1" \
  "$OPTLE" simulate "${nyt[@]}" --strategy rollout:entropy:0
check_usage "rollout count not a number" "rollout count 'ten'" \
  "$OPTLE" simulate "${nyt[@]}" --strategy rollout:entropy:ten
check_usage "rollout count missing" "a rollout is rollout:BASE:N" \
  "$OPTLE" simulate "${nyt[@]}" --strategy rollout:entropy
check_usage "rollout count too big" "from 1 to 100000" \
  "$OPTLE" simulate "${nyt[@]}" --strategy rollout:entropy:100001
check_usage "rollout base unknown" "rollout base 'foo' is not a greedy rule" \
  "$OPTLE" simulate "${nyt[@]}" --strategy rollout:foo:3
check_usage "rollout base exact" "rollout base 'exact' is not a greedy rule" \
  "$OPTLE" simulate "${nyt[@]}" --strategy rollout:exact:3
check_usage "unknown opener" "--first 'zzzzz': not in the guess list" \
  "$OPTLE" simulate "${nyt[@]}" --first zzzzz
check_usage "opener not a word" "--first 'sal3t': not a five-letter word" \
  "$OPTLE" simulate "${nyt[@]}" --first sal3t
check_usage "compare: unknown opener" "--first 'qqqqq': not in the guess list" \
  "$OPTLE" simulate --compare "${nyt[@]}" --first salet,qqqqq --strategies entropy
check_usage "compare: empty opener" "--first: an empty word in the list" \
  "$OPTLE" simulate --compare "${nyt[@]}" --first salet,,crane --strategies entropy
check_usage "compare: unknown strategy" "--strategies: 'nope': unknown strategy" \
  "$OPTLE" simulate --compare "${nyt[@]}" --first salet --strategies entropy,nope
check_usage "compare: bad rollout" "--strategies: strategy 'rollout:entropy:0'" \
  "$OPTLE" simulate --compare "${nyt[@]}" --first salet --strategies rollout:entropy:0
check_usage "compare: bad rollout base" "rollout base 'foo'" \
  "$OPTLE" simulate --compare "${nyt[@]}" --first salet --strategies rollout:foo:3
check_usage "--strategies without --compare" "--strategies needs --compare" \
  "$OPTLE" simulate "${nyt[@]}" --strategies entropy
check_usage "--strategy with --compare" "with --compare use --strategies" \
  "$OPTLE" simulate --compare "${nyt[@]}" --strategy entropy
check_usage "--tree with --compare" "--tree cannot be used with --compare" \
  "$OPTLE" simulate --compare "${nyt[@]}" --tree "$tmp/x.json"
check_usage "--tree with a heuristic" "--tree plays the tree in the file" \
  "$OPTLE" simulate "${nyt[@]}" --tree "$tmp/x.json" --strategy entropy
check_usage "--tree missing file" "cannot open" "$OPTLE" simulate "${nyt[@]}" --tree "$tmp/none.json"
check_usage "-o table format without --compare" "-o $tmp/t.md: unknown tree format" \
  "$OPTLE" simulate "${nyt[@]}" -o "$tmp/t.md"
check_usage "-o tree format with --compare" "-o $tmp/t.json: unknown table format" \
  "$OPTLE" simulate --compare "${nyt[@]}" --first salet --strategies entropy -o "$tmp/t.json"
check_usage "-o into a missing directory" "cannot write" \
  "$OPTLE" simulate "${nyt[@]}" -o "$tmp/missing/t.json"
check_usage "--max-guesses out of range" "--max-guesses: 255 is out of range" \
  "$OPTLE" simulate "${nyt[@]}" --max-guesses 255
check_usage "unknown option" "--bogus: unknown option for 'simulate'" \
  "$OPTLE" simulate "${nyt[@]}" --bogus
check "no lists: the newest NYT list" 0 out "list          nyt-2023-07 (3158 answers, 14855 guesses)" \
  "$OPTLE" simulate --first salet
expect "errors wrote no files" "$(find "$tmp" -mindepth 1 -name 't.*' | wc -l)" = 0

# ------------------------------------------------------------------
# Golden totals, NYT lists, SALET first (exact = the proven 7897).

declare -A nyt_total=(
  [entropy]=7923 [entropy-plain]=8338 [expected-size]=7955 [minimax]=8132
  [most-parts]=7917 [rollout:entropy:10]=7898 [exact]=7897)
# The exact strategy is a whole solve: the sanitizer tier leaves its
# goldens to the plain run (the unit suite's oracle checks the search
# under the sanitizers on small instances).
exact=exact
[ "$sanitized" = 1 ] && exact="" && skip "simulate --strategy exact goldens (sanitizer build: the plain build's run checks them)"
for s in entropy entropy-plain expected-size minimax most-parts rollout:entropy:10 $exact; do
  check "nyt salet $s" 0 out "total         ${nyt_total[$s]}" \
    "$OPTLE" simulate "${nyt[@]}" --first salet --strategy "$s" && {
    expect "nyt salet $s: strategy line" "$(summary_value strategy)" = "$s"
    expect "nyt salet $s: first guess fixed" "$(summary_value 'first guess')" = "salet (fixed)"
  }
done

# The report: distribution adds up; failures, worst answers.
check "entropy report" 0 out "distribution  1:0 2:79 3:1205 4:977 5:46 6:2" \
  "$OPTLE" simulate "${nyt[@]}" --first salet
expect "average" "$(summary_value average)" = "3.4314"
expect "no failures within 6" "$(summary_value failures)" = "0 (answers needing more than 6 guesses)"
expect "worst answer listed with its guesses" "$(grep -c '^worst         6 hover: salet ' "$tmp/out")" = 1
expect "ten worst answers" "$(grep -cE '^(worst)? +[0-9]+ [a-z]{5}: ' "$tmp/out")" = 10
expect "a time line" "$(grep -c '^time ' "$tmp/out")" = 1
check "failures beyond --max-guesses 4 (played to the end)" 0 out \
  "failures      48 (answers needing more than 4 guesses)" \
  "$OPTLE" simulate "${nyt[@]}" --first salet --max-guesses 4
expect "still the whole total" "$(summary_value total)" = 7923
check "no guess limit" 0 out "failures      - (no guess limit)" \
  "$OPTLE" simulate "${nyt[@]}" --first salet --max-guesses 0
check "default strategy, no first guess" 0 out "strategy      entropy" \
  "$OPTLE" simulate --list medium
check "first guess chosen by the strategy" 0 out "first guess   " "$OPTLE" simulate --list small \
  --strategy minimax
check "exact with no strategy in the limit" 1 err "no strategy solves every answer within 2 guesses" \
  "$OPTLE" simulate --list small --strategy exact --max-guesses 2
check "a heuristic beyond a tight limit still plays" 0 out "failures      " \
  "$OPTLE" simulate --list small --strategy entropy-plain --max-guesses 2
check "--quiet" 0 out "" "$OPTLE" simulate --list small --quiet
expect "--quiet prints nothing" ! -s "$tmp/out"

# ------------------------------------------------------------------
# Trees: -o, --tree, thread count.

o="$tmp/trees"
mkdir -p "$o"
check "rollout tree" 0 out "wrote         $o/r.json" \
  "$OPTLE" simulate "${nyt[@]}" --first salet --strategy rollout:entropy:10 -o "$o/r.json" -o "$o/r.txt"
expect "text tree has a line per answer" "$(wc -l <"$o/r.txt")" = 2309
expect "text tree total" \
  "$(awk '{ k = $NF; sub(/GGGGG/, "", k); s += k } END { print s }' "$o/r.txt")" = 7898
if [ "$have_jq" = 1 ]; then
  expect "JSON total" "$(jq .total "$o/r.json")" = 7898
  expect "JSON root guess" "$(jq -r .tree.guess "$o/r.json")" = salet
  expect "JSON max_guesses (within the limit)" "$(jq .max_guesses "$o/r.json")" = 6
else
  skip "JSON checks (jq not installed)"
fi
check "the tree replayed with --tree (JSON)" 0 out "total         7898" \
  "$OPTLE" simulate "${nyt[@]}" --tree "$o/r.json"
check "the tree replayed with --tree (text)" 0 out "total         7898" \
  "$OPTLE" simulate "${nyt[@]}" --tree "$o/r.txt" --first salet
check_usage "--tree with another --first" "--first crane: the tree in $o/r.json starts with 'salet'" \
  "$OPTLE" simulate "${nyt[@]}" --tree "$o/r.json" --first crane
# Issue 49: --tree uses the lists a JSON tree records, as verify, export,
# next and play do (it once played the default list and called a valid
# small tree wrong, status 1), and refuses other lists the same way.
"$OPTLE" solve --list small --quiet -o "$o/s.json"
check "--tree: the lists the tree records" 0 out "total         120" \
  "$OPTLE" simulate --tree "$o/s.json"
has "--tree: names the recorded list" "list          small (50 answers, 50 guesses)"
check_usage "--tree made for other lists" "--tree $o/s.json was made for other lists" \
  "$OPTLE" simulate --tree "$o/s.json" --list medium
check "--tree --force with other lists: the tree is checked against them" 1 err "answer 'abyss' is missing" \
  "$OPTLE" simulate --tree "$o/s.json" --list medium --force
grep -v '^#' wordlists/small.txt >"$o/A.txt"
"$OPTLE" solve --answers "$o/A.txt" --quiet -o "$o/sa.json"
check "--tree: the list files the tree records" 0 out "total         120" \
  "$OPTLE" simulate --tree "$o/sa.json"
check_usage "--tree: -o the list file the tree records" "that is the answer list $o/A.txt" \
  "$OPTLE" simulate --tree "$o/sa.json" -o "$o/A.txt"
check "a tree over the limit" 0 out "" \
  "$OPTLE" simulate "${nyt[@]}" --first salet --strategy entropy-plain --max-guesses 4 -o "$o/p.json"
if [ "$have_jq" = 1 ]; then
  expect "a tree over the limit says max_guesses 0" "$(jq .max_guesses "$o/p.json")" = 0
fi
check "1 thread" 0 out "" "$OPTLE" simulate "${nyt[@]}" --first crane --strategy rollout:minimax:4 \
  --threads 1 --quiet -o "$o/t1.json"
check "2 threads" 0 out "" "$OPTLE" simulate "${nyt[@]}" --first crane --strategy rollout:minimax:4 \
  --threads 2 --quiet -o "$o/t2.json"
expect "1 and 2 threads write the same tree" "$(cmp -s "$o/t1.json" "$o/t2.json" && echo same)" = same

# ------------------------------------------------------------------
# Compare.

c="$tmp/cmp"
mkdir -p "$c"
if [ "$sanitized" = 0 ]; then
  check "compare" 0 out "| first guess | entropy | minimax | exact |" \
    "$OPTLE" simulate --compare "${nyt[@]}" --first salet,crane --strategies entropy,minimax,exact \
    -o "$c/t.md" -o "$c/t.csv"
  expect "compare: gap to exact" "$(grep -cF '| salet | **3.4314** (+0.33%) | **3.5219** (+2.98%) | **3.4201** |' "$tmp/out")" = 1
  expect "compare: CSV salet" "$(grep '^salet,' "$c/t.csv" | cut -d, -f2-4,12-13)" = "7923,3.4314,0.33,7897,3.4201"
else
  skip "compare with exact (sanitizer build: the plain build's run checks it)"
  check "compare" 0 out "| first guess | entropy | minimax |" \
    "$OPTLE" simulate --compare "${nyt[@]}" --first salet,crane --strategies entropy,minimax \
    -o "$c/t.md" -o "$c/t.csv"
fi
expect "compare: markdown file" "$(grep -c '^| crane |' "$c/t.md")" = 1
expect "compare: mean and time rows" "$(grep -cE '^\| (mean|time \(s\)) \|' "$c/t.md")" = 2
expect "compare: CSV rows" "$(wc -l <"$c/t.csv")" = 3
expect "compare: CSV header" "$(head -n 1 "$c/t.csv" | cut -d, -f1-4)" = "first_guess,entropy_total,entropy_avg,entropy_gap_pct"
check "compare without exact has no gaps" 0 out "| salet | **3.4314** |" \
  "$OPTLE" simulate --compare "${nyt[@]}" --first salet,crane --strategies entropy
check "compare --quiet" 0 out "" "$OPTLE" simulate --compare "${nyt[@]}" --first salet \
  --strategies entropy --quiet
expect "compare --quiet prints nothing" ! -s "$tmp/out"

# ------------------------------------------------------------------
# The original lists: the published figures.

orig=(--answers "$wl/original-answers.txt" --guesses "$wl/original-guesses.txt")
check "original salet entropy (exact ties)" 0 out "total         7947" \
  "$OPTLE" simulate "${orig[@]}" --first salet
check "original salet rollout:entropy:10" 0 out "total         7921" \
  "$OPTLE" simulate "${orig[@]}" --first salet --strategy rollout:entropy:10
[ "$sanitized" = 0 ] && check "original salet exact" 0 out "total         7920" \
  "$OPTLE" simulate "${orig[@]}" --first salet --strategy exact
# entropy-plain in alphabetical word order is the thesis's MIG_A: 3.6112.
sort "$wl/original-guesses.txt" >"$tmp/sorted-guesses.txt"
check "original salet entropy-plain, alphabetical guesses: 3.6112" 0 out "average       3.6112" \
  "$OPTLE" simulate --answers "$wl/original-answers.txt" --guesses "$tmp/sorted-guesses.txt" \
  --first salet --strategy entropy-plain

# A review's findings.  A heuristic that needs more guesses than the
# limit is no rival of the optimum within it: no gap, no "(optimal)",
# no bold, and the mean is over the rows every column solves within it.
check "simulate --compare --max-guesses 4: over the limit" 0 out "| idyll | 3.0850 max 5 | 3.0900 |" \
  "$OPTLE" simulate --list medium --compare --first idyll,abyss --strategies rollout:entropy:10,exact --max-guesses 4
lacks "simulate --compare: never a gap of +-" "+-"
has "simulate --compare: the mean names its rows" "| mean of the 0 rows every column solves within 4 | – | – |"
check "simulate --compare --max-guesses 5: gaps as before" 0 out "| idyll | 3.0950 (+0.32%) | 3.0850 |" \
  "$OPTLE" simulate --list medium --compare --first idyll,abyss,alter --strategies entropy,exact --max-guesses 5
has "simulate --compare: the mean of every row" "| mean | 2.9567 (+0.11%) | 2.9533 |"
check_usage "simulate --compare on small: the default first guesses" \
  "--compare: the default first guesses (the thesis's sixteen) are for the big lists: 'salet' is not in the guess list wordlists/small.txt; give --first W1,W2,..." \
  "$OPTLE" simulate --list small --compare
printf 'crane\nslate\ntrace\ncrate\ngrace\n' >"$tmp/ca.txt"
check_usage "simulate --compare on five words: the defaults are more than the list has" \
  "--compare: the default first guesses (the thesis's sixteen) are for the big lists: more words than the guess list" \
  "$OPTLE" simulate --answers "$tmp/ca.txt" --compare
# --tree is checked as verify checks it: a JSON header's total too.
check "simulate -o: a tree" 0 out "" "$OPTLE" simulate --list medium -o "$tmp/m.json"
sed 's/"total": 543/"total": 500/' "$tmp/m.json" >"$tmp/m500.json"
check_invalid "simulate --tree: a header total that is not the tree's" '"total" is 500' \
  "$OPTLE" simulate --tree "$tmp/m500.json"
# A long list path is never cut from the caption.
long=$tmp/$(printf 'p%.0s' $(seq 130))/$(printf 'q%.0s' $(seq 130))/$(printf 'r%.0s' $(seq 130))
mkdir -p "$long" && cp "$root/wordlists/medium.txt" "$long/m.txt"
check "simulate --compare: a 400-byte list path" 0 out "" \
  "$OPTLE" simulate --answers "$long/m.txt" --compare --first alter --strategies entropy,exact
expect "simulate --compare: the caption ends whole" \
  "$(head -n 1 "$tmp/out" | grep -c 'm.txt (200 guesses), first guess .* s in all\.$')" = 1

# The gaps are exact fractions rounded as the averages (ratio.h): on
# the large list (1600 optimal for both), MASSE's minimax 1626 is
# +1.625% and WEIGH's expected-size 1602 +0.125%, which printf's "%.2f"
# of the double gave as +1.62% and +0.12%; their mean over the two rows,
# (1.625 + 3.5625) / 2 = 2.59375, +2.59%.
check "compare: gaps on a tie" 0 out "| masse | **3.2520** (+1.63%) | **3.2020** (+0.06%) | **3.2000** |" \
  "$OPTLE" simulate --compare --list large --first masse,weigh --strategies minimax,expected-size,exact \
  -o "$tmp/gaps.csv"
has "compare: a gap on a tie, the second row" "| weigh | 3.3140 (+3.56%) | 3.2040 (+0.13%) | **3.2000** |"
has "compare: the gaps' mean" "| mean | 3.2830 (+2.59%) | 3.2030 (+0.09%) | 3.2000 |"
expect "compare: the CSV's gaps" "$(cut -d, -f4,9 "$tmp/gaps.csv" | tr '\n' ' ')" = \
  "minimax_gap_pct,expected-size_gap_pct 1.63,0.06 3.56,0.13 "

printf '%d passed, %d failed' "$passed" "$failed"
[ "$skipped" -gt 0 ] && printf ', %d skipped' "$skipped"
printf '\n'
[ "$failed" -eq 0 ]
