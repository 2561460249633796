#!/usr/bin/env bash
# tests/cli_analyse.sh: `optle analyse`, and the history forms it shares
# with `optle next` (word:PATTERN, word PATTERN, the share grid's squares,
# --share FILE), run as a subprocess.
#
# The analysis must agree with `optle next` at every step: on random games
# (tests/random_games.py computes their feedback on its own, from the
# game's rule) on the small and medium lists, in normal and hard mode,
# each step's answers, best guess and total are next's with that history,
# the player's total is next's --guess total, and what a step's feedback
# left is next's optimum after it; a won game's length is the sum of the
# analysis.  Then one real game on nyt-2022-02, as text and as a pasted
# share grid; then bad input (status 2, one line on stderr, nothing on
# stdout).  Lists are always named and dated (never the bare alias).
# shellcheck disable=SC2034 # read by lib.sh
harness=cli-analyse
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
check_excerpt=600

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }
command -v jq >/dev/null 2>&1 || { echo "jq not found (make test-deps installs it)"; exit 2; }

# ------------------------------------------------------------------
# analyse against next, step by step.

# agree NAME LIST MODE STEP...: analyse --json of the game, then next
# --json at each step; every figure must match.  MODE is "" or --hard.
steps_checked=0
agree() {
  local name=$1 list=$2 mode=$3
  shift 3
  local -a st=("$@") opt=(--list "$list" --json)
  [ -n "$mode" ] && opt+=("$mode")
  local a=$tmp/analyse.json k=$# i w bad=""
  "$OPTLE" analyse "${opt[@]}" "${st[@]}" >"$a" 2>"$tmp/err" || {
    fail "$name: analyse failed" "$(head -c 300 "$tmp/err")" "game: ${st[*]}"
    return
  }
  for ((i = 0; i < k; i++)); do
    w=${st[i]%%:*}
    "$OPTLE" next "${opt[@]}" --top 1 --guess "$w" "${st[@]:0:i}" >"$tmp/next.json" 2>/dev/null
    # answers, the reference guess and its total, the player's total
    if ! jq -e --slurpfile a "$a" --argjson i "$i" '
        $a[0].steps[$i] as $s |
        .remaining == $s.answers_before and .next.guess == $s.best.guess and
        .next.total == $s.best.total and ((.compare.total // null) == $s.total) and
        (.next.source == "search") == $s.best.proven_optimal and
        ($i == 0 or $a[0].steps[$i - 1].after_total == .next.total)' \
      "$tmp/next.json" >/dev/null; then
      bad="step $((i + 1)): next says $(jq -c '[.remaining, .next.guess, .next.total, .compare.total]' "$tmp/next.json"), analyse $(jq -c --argjson i "$i" '.steps[$i] | [.answers_before, .best.guess, .best.total, .total]' "$a")"
      break
    fi
    steps_checked=$((steps_checked + 1))
  done
  # a running game: the last step's after is next's optimum from there
  if [ -z "$bad" ] && ! jq -e .solved "$a" >/dev/null; then
    "$OPTLE" next "${opt[@]}" --top 1 "${st[@]}" >"$tmp/next.json" 2>/dev/null
    jq -e --slurpfile a "$a" '(.next.total // null) == $a[0].steps[-1].after_total' \
      "$tmp/next.json" >/dev/null || bad="after the last step: next $(jq -c .next.total "$tmp/next.json")"
  fi
  # a won game: guesses = base + cost - luck (four decimals each)
  if [ -z "$bad" ] && jq -e '.solved and .sum != null' "$a" >/dev/null; then
    jq -e '((.sum.base + .sum.cost - .sum.luck) - .guesses_made) | fabs < 0.0003' "$a" >/dev/null ||
      bad="the sum: $(jq -c .sum "$a") for $k guesses"
  fi
  if [ -n "$bad" ]; then fail "$name" "$bad" "game: ${st[*]}"; else pass; fi
}

games=0
for spec in "small 11 12" "small 12 6 hard" "medium 21 10" "medium 22 6 hard"; do
  read -r list seed count hard <<<"$spec"
  mode=""
  [ "${hard:-}" = hard ] && mode=--hard
  while read -r line; do
    read -ra game <<<"$line"
    agree "analyse agrees with next: $list $mode game $((games + 1))" "$list" "$mode" "${game[@]}"
    games=$((games + 1))
  done < <(python3 tests/random_games.py "$wl/$list.txt" "$seed" "$count" ${hard:+hard})
done
note "analyse against next: $games random games, $steps_checked steps"

# ------------------------------------------------------------------
# A real game on a dated NYT list, the README's.

real=(salet:BYBBB courd:GBBYB crack:GYYBB cigar:GGGGG)
check "analyse: a real game" 0 out "solved in 4 guesses = 3.4201 (your first guess, then optimal play) + 0.0990 (cost of your guesses) + 0.4809 (bad luck)" \
  "$OPTLE" analyse --list nyt-2022-02 "${real[@]}"
expect "analyse: the first line names the list" "$(head -1 "$tmp/out")" = "list     nyt-2022-02 (2309 answers, 12947 guesses)"
has "analyse: the opener, not proven" "1  salet BYBBB   2309 -> 101   (70.9)  3.4201  salet 3.4201 *   0.0000  -0.1344"
has "analyse: the second guess's cost" "2  courd GBBYB    101 -> 7      (4.7)  2.6535  brond 2.5545     0.0990  -0.3465"
has "analyse: a won step" "1 -> won"
has "analyse: the note" "the fixed opener salet, not proven best"
agree "analyse agrees with next: the real game on nyt-2022-02" nyt-2022-02 "" "${real[@]}"
check "analyse --json: the real game" 0 out '"expected": 2.6535' "$OPTLE" analyse --list nyt-2022-02 --json "${real[@]}"
expect "analyse --json: the sum" "$(jq -c '.sum' "$tmp/out")" = \
  '{"from_step":2,"base_is":"first_guess","base":3.4201,"cost":0.099,"luck":-0.4809}'
expect "analyse --json: the first step's reference" "$(jq -c '.steps[0].best' "$tmp/out")" = \
  '{"guess":"salet","source":"opener","proven_optimal":false,"total":7897,"expected":3.4201}'
check "analyse: a running game" 0 out "2 made, 7 answers left: expected game length 4.0000 = 3.4201" \
  "$OPTLE" analyse --list nyt-2022-02 salet:BYBBB courd:GBBYB
# Issue 49: a guess that beats the unproven opener (TARSE, better than
# SALET on nyt-2023-07) once showed cost -0.0051, as if a cost could be
# negative; now no cost is shown and the note says why.  A one-guess game
# has its sum, and JSON's sum is not null beside a finite length.
# On nyt-2023-07 by name the opener is TARSE, its best (optle lists); the
# same lists as files have no opener of their own, so SALET's is used.
F23=(--answers "$wl/nyt-2023-07-answers.txt" --guesses "$wl/nyt-2022-08-guesses.txt")
check "analyse: nyt-2023-07 by name: its own opener, tarse" 0 out "1  tarse BBBBB   3158 -> 319  (100.1)  3.5526  tarse 3.5526 *   0.0000  -0.3879" \
  "$OPTLE" analyse --list nyt-2023-07 tarse:BBBBB
check "analyse: a guess better than the opener" 0 out "" "$OPTLE" analyse "${F23[@]}" tarse:BBBBB
has "analyse: no cost shown against an opener it beats" "1  tarse BBBBB   3158 -> 319  (100.1)  3.5526  salet 3.5576 *        -  -0.3879"
has "analyse: the note names it" "tarse does better than salet (by 0.0051), so its cost against the best is not known"
has "analyse: a one-guess game's sum" "1 made, 319 answers left: expected game length 3.9404 = 3.5526 (your first guess, then optimal play) + 0.0000 (cost of your guesses) + 0.3879 (bad luck)"
check "analyse --json: a guess better than the opener" 0 out "" "$OPTLE" analyse "${F23[@]}" --json tarse:BBBBB
expect "analyse --json: no negative cost" "$(jq -c '.steps[0].cost' "$tmp/out")" = null
expect "analyse --json: a one-guess game's sum" "$(jq -c '[.expected_length, .sum]' "$tmp/out")" = \
  '[3.9404,{"from_step":2,"base_is":"first_guess","base":3.5526,"cost":0,"luck":-0.3879}]'
check "analyse: a one-guess win" 0 out "solved in 1 guess = 2.4000 (optimal play from the start) + 0.0000 (cost of your guesses) - 1.4000 (luck)" \
  "$OPTLE" analyse --list small agent:GGGGG
# A luck of exactly 0 (2.6667 - 1 - 5/3 in floating point): never -0.0.
check "analyse: a luck of 0" 0 out "2  humid BBBYB     15 -> 3      (5.1)  2.6667  graft 2.0000     0.6667  +0.0000" \
  "$OPTLE" analyse --list small quell:BBYBB humid:BBBYB given:GGGGG
check "analyse --json: a luck of 0" 0 out "" "$OPTLE" analyse --list small --json quell:BBYBB humid:BBBYB given:GGGGG
expect "analyse --json: a luck of 0 is 0, not -0.0" "$(grep -cE -- '-0\.0([^0-9]|$)' "$tmp/out")" = 0
# Hard mode from the share text's '*', the game pasted whole.
printf 'Wordle 1,234 3/6*\n\n⬛🟨⬛⬛🟩\n⬛🟩🟩🟩🟩\n🟩🟩🟩🟩🟩\n' >"$tmp/hard.txt"
check "analyse --share: '*' is hard mode" 0 out "rules    hard, guess limit 6" \
  "$OPTLE" analyse --list nyt-2022-02 --share "$tmp/hard.txt" crane gorge forge
has "analyse --share: the header" "share    Wordle 1,234 3/6* (hard mode)"
has "analyse --share: hard mode's values" "2  gorge BGGGG     39 -> 1      (6.1)  2.8718  terse 2.5128     0.3590  +0.8718"
cp "$tmp/out" "$tmp/hard.out"
check "analyse: the same game typed, --hard" 0 out "" \
  "$OPTLE" analyse --list nyt-2022-02 --hard crane:BYBBG gorge BGGGG 'forge:🟩🟩🟩🟩🟩'
expect "analyse: typed and pasted agree" "$(tail -n +4 "$tmp/out" | md5sum)" = "$(tail -n +5 "$tmp/hard.out" | md5sum)"
check "analyse --share -: standard input" 0 out "solved in 3 guesses" \
  sh -c "\"$OPTLE\" analyse --list nyt-2022-02 --share - crane gorge forge <\"$tmp/hard.txt\""

# ------------------------------------------------------------------
# The share grid and the step forms, in next.

next_colon=$("$OPTLE" next --list nyt-2022-02 crane:BYBBG gorge:BGGGG 2>&1)
printf 'Wordle 1,234 X/6\n⬛🟨⬛⬛🟩\n⬛🟩🟩🟩🟩\n' >"$tmp/x.txt"
for form in "crane BYBBG gorge BGGGG" "crane:⬛🟨⬛⬛🟩 gorge:⬛🟩🟩🟩🟩" "crane ⬜🟨⬜⬜🟩 gorge:⬜🟩🟩🟩🟩" \
  "crane ⬛️🟨⬛️⬛️🟩 gorge ⬛️🟩🟩🟩🟩" "crane ⬛🟦⬛⬛🟧 gorge ⬛🟧🟧🟧🟧" "crane: BYBBG gorge: 02222"; do
  read -ra args <<<"$form"
  expect "next: '$form' is crane:BYBBG gorge:BGGGG" "$("$OPTLE" next --list nyt-2022-02 "${args[@]}" 2>&1)" = "$next_colon"
done
expect "next: one argument 'crane BYBBG' as two" \
  "$("$OPTLE" next --list nyt-2022-02 'crane BYBBG' gorge:BGGGG 2>&1)" = "$next_colon"
printf '⬛🟨⬛⬛🟩\r\n⬛🟩🟩🟩🟩\r\n' >"$tmp/grid.txt"
expect "next --share: a grid without its header" \
  "$("$OPTLE" next --list nyt-2022-02 --share "$tmp/grid.txt" crane gorge 2>&1)" = "$next_colon"
run_with 'crane ⬛🟨⬛⬛🟩\ngorge:⬛🟩🟩🟩🟩\n' "$OPTLE" play --list nyt-2022-02 --assist
has "play --assist: squares" "history: crane BYBBG, gorge BGGGG"

# ------------------------------------------------------------------
# Bad input: status 2, one line, the place named.

check_usage "analyse: no game" "give the game" "$OPTLE" analyse --list small
check_usage "analyse: a bad square, its column" "'crane:⬛🟨⬛⬛🟥': '⬛🟨⬛⬛🟥' is not a pattern: column 5: '🟥' is not a colour" \
  "$OPTLE" analyse --list nyt-2022-02 'crane:⬛🟨⬛⬛🟥'
check_usage "next: the message of issue 32 (no character cut)" "'⬛🟨⬛⬛🟥' is not a pattern: column 5" \
  "$OPTLE" next --list nyt-2022-02 crane:⬛🟨⬛⬛🟥
check_usage "next: two schemes" "column 5: the squares mix the two colour schemes" \
  "$OPTLE" next --list nyt-2022-02 crane ⬛🟦⬛⬛🟩
check_usage "next: a pattern missing" "'gorge': its pattern is missing" \
  "$OPTLE" next --list nyt-2022-02 crane BYBBG gorge
printf 'Wordle 1,234 3/6\n\n⬛🟨⬛⬛🟩\n⬛🟩🟩🟥🟩\n🟩🟩🟩🟩🟩\n' >"$tmp/bad.txt"
check_usage "--share: a bad square, line and column" "$tmp/bad.txt:4:4: '🟥' is not a colour" \
  "$OPTLE" analyse --list nyt-2022-02 --share "$tmp/bad.txt" crane gorge forge
printf 'Wordle 1,234 4/6\n\n⬛🟨⬛⬛🟩\n⬛🟩🟩🟩🟩\n🟩🟩🟩🟩🟩\n' >"$tmp/count.txt"
check_usage "--share: the header's count" "the header says 4/6 but the grid has 3 rows" \
  "$OPTLE" next --list nyt-2022-02 --share "$tmp/count.txt" crane gorge forge
check_usage "--share: a word short" "the grid has 3 rows, and 2 words were given" \
  "$OPTLE" analyse --list nyt-2022-02 --share "$tmp/hard.txt" crane gorge
check_usage "--share: words with patterns" "with a share grid give the words alone" \
  "$OPTLE" analyse --list nyt-2022-02 --share "$tmp/hard.txt" crane:BYBBG gorge forge
check_usage "--share: hard mode's rule" "guess must contain R (hard mode)" \
  "$OPTLE" analyse --list nyt-2022-02 --share "$tmp/hard.txt" crane bogie forge
check_usage "--share: no file" "/nonexistent/share.txt: cannot open" \
  "$OPTLE" next --list nyt-2022-02 --share /nonexistent/share.txt crane
check_usage "--share: the header's limit" "its header's limit is 6 guesses, the game's 5" \
  "$OPTLE" analyse --list nyt-2022-02 --max-guesses 5 --share "$tmp/hard.txt" crane gorge forge
# Issue 49: a misspelt header is named as one (it was "'W' is not a
# colour"), a link under the grid is ignored (it was "no row can follow
# it"), and a row the answer cannot give says so (it blamed the list).
printf 'Wordel 1,234 2/6\n\n⬛⬛⬛⬛🟩\n🟩🟩🟩🟩🟩\n' >"$tmp/misspelt.txt"
check_usage "--share: a misspelt header" "misspelt.txt:1: 'Wordel 1,234 2/6' is not a share header" \
  "$OPTLE" next --list nyt-2023-07 --share "$tmp/misspelt.txt" shade wrote
printf 'Wordle 1,234 2/6\n\n⬛⬛⬛⬛🟩\n🟩🟩🟩🟩🟩\n\nhttps://www.nytimes.com/games/wordle\n' >"$tmp/link.txt"
check "--share: a link under the grid is ignored" 0 out "solved: wrote was the answer, found in 2 guesses" \
  "$OPTLE" next --list nyt-2023-07 --share "$tmp/link.txt" shade wrote
printf 'Wordle 1,234 2/6\n\n⬛⬛⬛⬛🟩\nhttps://www.nytimes.com/games/wordle\n🟩🟩🟩🟩🟩\n' >"$tmp/link2.txt"
check_usage "--share: a row after the link" "link2.txt:5: a line after the link on line 4" \
  "$OPTLE" next --list nyt-2023-07 --share "$tmp/link2.txt" shade wrote
# The link's bytes are checked as every other line's: a web address is
# printable ASCII (a NUL, an escape or a byte past ASCII was let through).
# Each case: the link line (a printf format) and the message.
link_cases=(
  'https://x\0\033[31m\377|link.txt:5:10: a NUL byte 0x00 in the link'
  'https://x/\033[31mred|link.txt:5:11: a control byte or blank 0x1b in the link'
  'https://x/é|link.txt:5:11: a byte 0xc3 in the link'
)
for c in "${link_cases[@]}"; do
  printf "Wordle 1,234 2/6\n\n⬛⬛⬛⬛🟩\n🟩🟩🟩🟩🟩\n${c%%|*}\n" >"$tmp/link.txt"
  check_usage "--share: ${c#*|}" "${c#*|}" "$OPTLE" analyse --list nyt-2023-07 --share "$tmp/link.txt" shade wrote
done
printf 'Wordle 1,234 2/6\n\n⬛⬛⬛🟨⬛\n🟩🟩🟩🟩🟩\n' >"$tmp/wrongrow.txt"
check_usage "--share: a row the answer cannot give" \
  "wrongrow.txt: row 1 (line 3): shade gives BBBBG against wrote, the answer, not BBBYB" \
  "$OPTLE" analyse --list nyt-2023-07 --share "$tmp/wrongrow.txt" shade wrote
check_usage "next: a step the answer cannot give" "step 1, shade:BBBYB: shade gives BBBBG against wrote, the answer" \
  "$OPTLE" next --list nyt-2023-07 shade:BBBYB wrote:GGGGG
check_usage "analyse: an answer off the list" "no answer of the list fits this game" \
  "$OPTLE" analyse --list nyt-2022-02 salet:YYBGB ashen:GGBGG aspen:GGGGG
check_usage "analyse: a win before the end" "already won the game" \
  "$OPTLE" analyse --list nyt-2022-02 cigar:GGGGG salet:BBBBB
check_usage "analyse: an unknown option" "--tree: unknown option for 'analyse'" \
  "$OPTLE" analyse --list small --tree x.json agent:GGGGG
check "analyse --help" 0 out "usage: optle analyse" "$OPTLE" analyse --help

echo "$passed passed, $failed failed$([ "$skipped" -gt 0 ] && echo ", $skipped skipped")"
[ "$failed" -eq 0 ]
