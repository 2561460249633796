#!/usr/bin/env bash
# tests/cli_play.sh: `optle next` and `optle play`, run as a subprocess.
#
# Same conventions as tests/cli.sh: each check runs one command and
# compares its exit status and a fixed string on stdout or stderr; usage
# and input errors (status 2) print exactly one line on stderr, "optle:
# ...", and nothing on stdout.  Games are driven through stdin (plain
# line-by-line mode), and one through a real terminal with tmux (one
# of make test's dependencies; skipped, saying so, where the Makefile
# could not install it).  The last line is "N passed, M
# failed" (", K skipped" when something was skipped).
#
# Run from anywhere: `bash tests/cli_play.sh`.  OPTLE names the binary
# (default ./optle in the repository root).
# shellcheck disable=SC2034 # read by lib.sh
harness=cli-play
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
check_excerpt=600
# One tmux server (socket) per terminal session, each killed when done.
sock=$tmp/tmux0.sock
at_exit() {
  local s
  for s in "$tmp"/tmux*.sock; do [ -S "$s" ] && tmux -S "$s" kill-server 2>/dev/null; done
}

have_jq=0
command -v jq >/dev/null 2>&1 && have_jq=1

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }
esc=$'\033'

# ------------------------------------------------------------------
# next: values

check "next --help" 0 out "usage: optle next" "$OPTLE" next --help
check "play --help" 0 out "usage: optle play" "$OPTLE" play --help

check "next salet:BBBBB" 0 out "optimal next guess: courd" "$OPTLE" next --list nyt-2022-02 salet:BBBBB
has "next: answers left" "answers left: 221: biddy bingo birch"
has "next: guess limit accounting" "guesses left: 5 of 6 (1 made)"
has "next: exact expectation, worded" "expected guesses from here, this one included: 2.7557 (609 in total over 221 answers)"
has "next: game length" "expected game length: 3.7557 (1 made + 2.7557)"
has "next: top 5" "    5. crony  2.7738  (613)  could be the answer"
lacks "next: no sixth alternative" "    6. "
check "next: the lists default to nyt, the newest" 0 out "answers left: 309: biddy" "$OPTLE" next salet:BBBBB
expect "next: the first line names the list" "$(head -1 "$tmp/out")" = "list: nyt-2023-07 (3158 answers, 14855 guesses)"
check "next: lists from files" 0 out "optimal next guess: agent" "$OPTLE" next --answers wordlists/small.txt --guesses wordlists/small.txt
expect "next: two files are named as lists, as solve names them" "$(head -1 "$tmp/out")" = \
  "lists: wordlists/small.txt (50 answers), wordlists/small.txt (50 guesses)"
check "next on nyt-2022-02" 0 out "2.7557 (609" "$OPTLE" next --list nyt-2022-02 salet:BBBBB
check "next: patterns in digits and X . -" 0 out "2.7557 (609" "$OPTLE" next --list nyt-2022-02 SALET:x.-00
# '_' for gray, as the .paths files optle writes have it (a red-team
# pass, 2026-12-01: a pattern copied from one was refused).
# Commands in any case, as guesses are (:Q was taken for a guess).
run_with ':H\nagent\n:Q\n' "$OPTLE" play --list small --seed 1
expect "play: :H and :Q in capitals (status 0)" "$rc" = 0
has "play: :H in capitals turns the hints on" "hint: 7 answers left"
run_with ':Q\nagent\n' "$OPTLE" play --list small --seed 1
lacks "play: :Q in capitals ends the game (no guess after it played)" "AGENT"
check "next: '_' for gray, as in .paths files" 0 out "2.7557 (609" "$OPTLE" next --list nyt-2022-02 SALET:x._0_
check "next: few answers are all listed" 0 out \
  "answers left: 20: burly droll drool dryly ghoul godly growl lobby loopy lorry lowly lumpy lymph mogul oddly prowl wooly world would wryly" \
  "$OPTLE" next --list nyt-2022-02 salet:BBYBB clint:BYBBB --top 3
has "next: ties in tie-rule order" "    3. wooly  2.1500  (43)  could be the answer"
check "next: small list from the start is ranked" 0 out "optimal next guess: agent (could be the answer)" \
  "$OPTLE" next --list small
has "next: small list's value" "2.4000 (120 in total over 50 answers)"
has "next: small list's ties" "    2. graft  2.4200  (121)"
check "next --top 1" 0 out "    1. courd" "$OPTLE" next --list nyt-2022-02 salet:BBBBB --top 1
lacks "next --top 1: one line" "    2. "
check "next --top 0: no ranking" 0 out "optimal next guess: courd" "$OPTLE" next --list nyt-2022-02 salet:BBBBB --top 0
lacks "next --top 0: no list" "    1. "
check "next: empty history on nyt gives the opener" 0 out "suggested first guess: salet" "$OPTLE" next --list nyt-2022-02
has "next: the opener's proven value" "3.4201 (7897 in total over 2309 answers)"
has "next: the first guesses are not ranked" "top guesses: not ranked"
# The fixed opener is the list's own (optle lists), for the rules: SALET
# has no strategy within 6 under the hard rules on nyt-2023-07, where
# `next --hard` once fell back to the root proof (minutes).
check "next: nyt's opener" 0 out "suggested first guess: tarse" "$OPTLE" next
has "next: nyt's opener's proven value" "3.5526 (11219 in total over 3158 answers)"
check "next --hard: nyt's hard opener, not SALET (none within 6)" 0 out "suggested first guess: tarse" \
  "$OPTLE" next --hard
has "next --hard: its proven value" "3.6818 (11627 in total over 3158 answers)"
check "next --hard: nyt-2022-08's hard opener differs from its normal one" 0 out \
  "suggested first guess: salet" "$OPTLE" next --list nyt-2022-08 --hard
has "next --hard: nyt-2022-08's hard opener's value" "(8097 in total over 2309 answers)"
check "next --hard-gray: the hard opener too" 0 out "suggested first guess: tarse" \
  "$OPTLE" next --hard-gray
has "next --hard-gray: its proven value" "(11635 in total over 3158 answers)"
# Under ultrahard neither TARSE nor SALET has a strategy within 6 on
# nyt-2023-07, and `next --ultrahard` ran the root proof (7 minutes of
# one thread); the list's ultrahard opener is that proof's PLAST.
check "next --ultrahard: nyt's ultrahard opener, not the root proof" 0 out \
  "suggested first guess: plast" "$OPTLE" next --ultrahard
has "next --ultrahard: its proven value" "3.6932 (11663 in total over 3158 answers)"
check "next --ultrahard elsewhere: the hard opener" 0 out "suggested first guess: salet" \
  "$OPTLE" next --list nyt-2022-08 --ultrahard
check "next --max-guesses 0" 0 out "guesses left: no limit (1 made)" "$OPTLE" next --list nyt-2022-02 salet:BBBBB --max-guesses 0
check "next --guess: worse" 0 out "clint would be 0.3801 guesses worse on average than courd: 3.1357 expected from here (693 in total)" \
  "$OPTLE" next --list nyt-2022-02 salet:BBBBB --guess clint
check "next --guess: the best" 0 out "courd is optimal" "$OPTLE" next --list nyt-2022-02 salet:BBBBB --guess COURD
check "next --guess: a tie" 0 out "growl is optimal too (it ties with droll, which the tie rule lists first)" \
  "$OPTLE" next --list nyt-2022-02 salet:BBYBB clint:BYBBB --guess growl
check "next --guess: no information" 0 out "clint gives no information on these answers" \
  "$OPTLE" next --list nyt-2022-02 salet:BBYBB clint:BYBBB --guess clint
check "next: a won game" 0 out "solved: cigar was the answer, found in 2 guesses" \
  "$OPTLE" next --list nyt-2022-02 salet:BYBBB cigar:GGGGG
check "next: one answer left" 0 out "expected guesses from here, this one included: 1.0000 (1 in total over 1 answer)" \
  "$OPTLE" next --list nyt-2022-02 salet:BYBBB courd:GBBYB crack:GYYBB
check "next: no strategy within the limit (1)" 1 err "no strategy finds every one of the 221 answers left within 1 guess" \
  "$OPTLE" next --list nyt-2022-02 salet:BBBBB --max-guesses 2
check "next: no guesses left (1)" 1 err "no guesses left: the one guess is used and" "$OPTLE" next --list nyt-2022-02 salet:BBBBB --max-guesses 1
# 1349 answers take minutes: SIGINT stops the search, status 4.
check "next: Ctrl-C stops (4)" 4 err "optle: stopped before the advice was proven" \
  timeout --preserve-status -s INT 2 "$OPTLE" next --list nyt-2022-02 fuzzy:BBBBB

if [ "$have_jq" = 1 ]; then
  if check "next --json" 0 out "" "$OPTLE" next --list nyt-2022-02 --json salet:BBBBB --guess clint --top 3; then
    expect "json: parses" "$(jq -r .remaining "$tmp/out")" = 221
    expect "json: all answers" "$(jq '.answers | length' "$tmp/out")" = 221
    expect "json: next" "$(jq -r '.next.guess + " " + (.next.total|tostring) + " " + .next.source' "$tmp/out")" = "courd 609 search"
    expect "json: proven" "$(jq -r .next.proven_optimal "$tmp/out")" = true
    expect "json: game length" "$(jq -r .expected_game_length "$tmp/out")" = 3.7557
    expect "json: top" "$(jq -r '[.top[].guess] | join(" ")' "$tmp/out")" = "courd drony round"
    expect "json: compare" "$(jq -r '.compare.total' "$tmp/out")" = 693
    expect "json: history" "$(jq -r '.history[0]' "$tmp/out")" = "salet:BBBBB"
  fi
  check "next --json, the opener" 0 out "" "$OPTLE" next --list nyt-2022-02 --json
  expect "json: opener not proven" "$(jq -r '.next.source + " " + (.next.proven_optimal|tostring)' "$tmp/out")" = "opener false"
  expect "json: no ranking" "$(jq -r .top "$tmp/out")" = null
  # --prove: the first guess of a big list proven by the root proof's
  # ranking (695 NYT answers with the NYT guesses: CRATE 2080, then BRACE
  # and CRANE 2087, as optle rank finds; every other guess proven worse).
  # Under a sanitizer (a ranking of 695 answers takes minutes there) 100
  # answers, against rank's own best.
  if [ "$sanitized" = 1 ]; then
    grep -v '^#' wordlists/nyt-answers.txt | head -n 100 >"$tmp/a100.txt"
    P=(--answers "$tmp/a100.txt" --guesses wordlists/nyt-guesses.txt --threads 2)
    run "$OPTLE" rank "${P[@]}" --top 1 -o "$tmp/rank100.txt"
    best=$(sed -n 5p "$tmp/rank100.txt" | cut -f2)
    check "next --prove --json (100 answers)" 0 out "" "$OPTLE" next "${P[@]}" --prove --top 1 --json
    expect "next --prove: rank's best total, proven" \
      "$(jq -r '"\(.next.total) \(.next.source) \(.next.proven_optimal)"' "$tmp/out")" = "$best search true"
    expect "next --prove: one of rank's best" \
      "$(grep -c "^$(jq -r .next.guess "$tmp/out")"$'\t'"$best"$'\texact\t' "$tmp/rank100.txt")" = 1
    skip "next --prove on 695 answers, --guess, --hard (sanitizer build: the plain build's run checks them)"
  else
    grep -v '^#' wordlists/nyt-answers.txt | head -n 695 >"$tmp/a695.txt"
    P=(--answers "$tmp/a695.txt" --guesses wordlists/nyt-guesses.txt --threads 2)
    check "next --prove --json" 0 out "" "$OPTLE" next "${P[@]}" --prove --top 2 --json
    expect "next --prove: a search's advice, proven" \
      "$(jq -r '"\(.next.guess) \(.next.total) \(.next.source) \(.next.proven_optimal)"' "$tmp/out")" = \
      "crate 2080 search true"
    expect "next --prove --top 2: the two best" "$(jq -r '[.top[].guess] | join(" ")' "$tmp/out")" = "crate brace"
    run "$OPTLE" rank "${P[@]}" --top 3
    expect "next --prove: rank's three best" "$(sed -n '5,7p' "$tmp/out" | cut -f1,2 | tr '\t\n' ' /')" = \
      "crate 2080/brace 2087/crane 2087/"
    check "next --prove --guess: the ranking and a guess's value" 0 out \
      "salet would be 0.1324 guesses worse on average than crate: 3.1252 expected from here (2172 in total)" \
      "$OPTLE" next "${P[@]}" --prove --guess salet
    has "next --prove: optimal, not an opener" "optimal next guess: crate (could be the answer)"
    check "next --prove --hard: solve --hard's first guess" 0 out "optimal next guess: crane" \
      "$OPTLE" next "${P[@]}" --prove --hard --top 1
    has "next --prove --hard: its total" "(2115 in total over 695 answers)"
    check "next --prove after a guess: the search as without it" 0 out "optimal next guess: courd" \
      "$OPTLE" next --list nyt-2022-02 --prove salet:BBBBB
  fi
  check "next --json, solved" 0 out "" "$OPTLE" next --list nyt-2022-02 --json salet:BYBBB cigar:GGGGG
  expect "json: solved" "$(jq -r '"\(.solved) \(.answer)"' "$tmp/out")" = "true cigar"
else
  skip "next --json (jq not found)"
fi

# ------------------------------------------------------------------
# next --tree

if check "solve a SALET tree for --tree" 0 out "" "$OPTLE" solve --list nyt-2022-02 --first salet --quiet \
  -o "$tmp/salet.json" -o "$tmp/salet.txt"; then
  check "next --tree: the start" 0 out "next guess from the tree $tmp/salet.json: salet" \
    "$OPTLE" next --list nyt-2022-02 --tree "$tmp/salet.json"
  has "next --tree: its total" "3.4201 (7897 in total over 2309 answers)"
  check "next --tree (text): after one guess" 0 out "next guess from the tree $tmp/salet.txt: courd" \
    "$OPTLE" next --list nyt-2022-02 --tree "$tmp/salet.txt" salet:BBBBB
  has "next --tree: ranked and matching" "    1. courd  2.7557  (609)"
  lacks "next --tree: the tree is optimal here" "not optimal here"
  check "next --tree: off the tree, solved on the spot" 0 out "optimal next guess: " \
    "$OPTLE" next --list nyt-2022-02 --tree "$tmp/salet.json" salet:BBBBB clint:BBBBB
  lacks "next --tree: off the tree, not from it" "from the tree"
  check_usage "next --tree: a tree for other lists" "--tree " \
    "$OPTLE" next --list small --tree "$tmp/salet.json"
fi
check_usage "next --tree: missing file" "--tree " "$OPTLE" next --list nyt-2022-02 --tree "$tmp/nonexistent.json"

# ------------------------------------------------------------------
# next: errors

# Issue 49: an empty argument was dropped, and `next ""` gave the start's
# advice as if no step had been given.
check_usage "next: an empty argument is refused" "'' (argument 1 of the game): an empty word" \
  "$OPTLE" next --list small ""
check_usage "next: a blank argument after a step" "' ' (argument 2 of the game): an empty word" \
  "$OPTLE" next --list small agent:BBBBB " "
check_usage "analyse: an empty argument" "an empty word" "$OPTLE" analyse --list small "" agent:GGGGG
check_usage "next: empty set names the step" \
  "no answer fits: the set became empty at step 2, clint:BBYYB (98 answers fitted before it); and no allowed guess fits either: none is left after step 2, clint:BBYYB (262 allowed guesses fitted before it)" \
  "$OPTLE" next --list nyt-2022-02 salet:BBYBB clint:BBYYB
# A win whose own answer cannot give an earlier step's colours: that step
# is named, with what the answer gives (it once said that no answer of
# the list fits, as if the list were to blame: issue 49).
check_usage "next: a win that an earlier step does not fit" \
  "step 1, salet:BBBBB: salet gives BYBBB against cigar, the answer (the last guess): check the colours" \
  "$OPTLE" next --list nyt-2022-02 salet:BBBBB cigar:GGGGG
check_usage "next: win not last" "step 1, cigar:GGGGG, already won the game" \
  "$OPTLE" next --list nyt-2022-02 cigar:GGGGG salet:BBBBB
# A win before the last step is refused even when the list's answers ran
# out before it: the allowed guesses were once asked what follows the win
# (advice after "alias:GGGGG", or "found in 4 guesses" for a win at 3).
check_usage "next: win not last, the list's answers gone before it" \
  "optle: step 3, alias:GGGGG, already won the game: nothing can follow it" \
  "$OPTLE" next --list nyt-2022-02 salet:YYYBB chals:BBYYG alias:GGGGG agent:GBBBB
check_usage "next: a win twice, the list's answers gone before it" \
  "optle: step 3, alias:GGGGG, already won the game" \
  "$OPTLE" next --list nyt-2022-02 salet:YYYBB chals:BBYYG alias:GGGGG alias:GGGGG
check_usage "next --answers-from guesses: win not last" "step 1, cigar:GGGGG, already won the game" \
  "$OPTLE" next --list nyt-2022-02 --answers-from guesses cigar:GGGGG salet:BBBBB
# Messages quote 24 characters, else 21 and "...": never a character cut.
check_usage "next: a word of 25 characters is quoted cut" "'abcdefghijklmnopqrstu...'" \
  "$OPTLE" next --list small abcdefghijklmnopqrstuvwxy
check_usage "next: a word of 24 characters is quoted whole" "'abcdefghijklmnopqrstuvwx'" \
  "$OPTLE" next --list small abcdefghijklmnopqrstuvwx
y13=🟨🟨🟨🟨🟨🟨🟨🟨🟨🟨🟨🟨🟨
check_usage "next: two long arguments quoted, no character cut" \
  "'🟨🟨🟨🟨🟨🟨🟨🟨🟨🟨🟨🟨 🟨🟨🟨🟨🟨🟨🟨🟨...': '🟨🟨🟨🟨🟨🟨🟨🟨...' is not" "$OPTLE" next --list small "$y13" "$y13"
# A variation selector shows with its square, and as <U+FE0F> alone.
check_usage "next: a stray variation selector is named" \
  "'B<U+FE0F>BBBB' is not a pattern: column 2: '<U+FE0F>' is not a colour" \
  "$OPTLE" next --list small $'agent:B\ufe0fBBBB'
check_usage "next: a second selector after a square is named" \
  "'⬛️<U+FE0F>⬛⬛⬛⬛' is not a pattern: column 2" \
  "$OPTLE" next --list small $'agent:\u2b1b\ufe0f\ufe0f\u2b1b\u2b1b\u2b1b\u2b1b'
# A share grid's word is named with its file and line.
printf '⬛⬛⬛⬛⬛\n🟩🟩🟩🟩🟨\n' >"$tmp/grid.txt"
check_usage "next --share: a word's error names the grid's line" \
  "$tmp/grid.txt:2: 'bound': no answer can give bound the pattern GGGGY" \
  "$OPTLE" next --list small --share "$tmp/grid.txt" agent bound
check_usage "next: impossible pattern" "'salet:GGGGY': no answer can give salet the pattern GGGGY" \
  "$OPTLE" next --list nyt-2022-02 salet:GGGGY
check_usage "next: gray before yellow of one letter" "no answer can give eerie the pattern BYBBB" \
  "$OPTLE" next --list nyt-2022-02 eerie:BYBBB
check_usage "next: unknown word" "'xyzzy:BBBBB': 'xyzzy' is not in the guess list" "$OPTLE" next --list nyt-2022-02 xyzzy:BBBBB
check_usage "next: short word" "'salt:BBBBB': 'salt' is not a five-letter word" "$OPTLE" next --list nyt-2022-02 salt:BBBBB
check_usage "next: short pattern" "'salet:BBYB': 'BBYB' is not a pattern" "$OPTLE" next --list nyt-2022-02 salet:BBYB
check_usage "next: bad symbol" "'BBYBQ' is not a pattern" "$OPTLE" next --list nyt-2022-02 salet:BBYBQ
check_usage "next: no pattern" "'salet': its pattern is missing" "$OPTLE" next --list nyt-2022-02 salet
check_usage "next: second argument named" "'clint:BBBB': 'BBBB' is not a pattern" \
  "$OPTLE" next --list nyt-2022-02 salet:BBBBB clint:BBBB
check_usage "next: too many guesses" "7 guesses given, more than --max-guesses 6" \
  "$OPTLE" next --list nyt-2022-02 salet:BBBBB salet:BBBBB salet:BBBBB salet:BBBBB salet:BBBBB salet:BBBBB salet:BBBBB
check_usage "next: bad flag" "--bogus: unknown option for 'next'" "$OPTLE" next --list nyt-2022-02 --bogus
check_usage "next --hard: a history that breaks the rule" \
  "step 2, crony:BBBBB: guess must contain A (hard mode)" "$OPTLE" next --list nyt-2022-02 --hard salet:BYBYY crony:BBBBB
check_usage "next --hard: --guess that breaks the rule" "--guess crony: guess must contain A" \
  "$OPTLE" next --list nyt-2022-02 --hard salet:BYBYY --guess crony
check "next --hard: advice among allowed guesses" 0 out "optimal next guess: crate" \
  "$OPTLE" next --hard --list original salet:BYBYY --top 3
check_usage "next: --hard and --ultrahard" "--hard and --ultrahard: choose one" \
  "$OPTLE" next --list nyt-2022-02 --hard --ultrahard
check_usage "next: --top out of range" "--top: 101 is out of range (0 to 100)" "$OPTLE" next --list nyt-2022-02 --top 101
check_usage "next: --guess unknown" "--guess 'qqqqq': not in the guess list" "$OPTLE" next --list nyt-2022-02 --guess qqqqq salet:BBBBB
check_usage "next: --max-guesses x" "--max-guesses: 'x' is not a whole number" "$OPTLE" next --list nyt-2022-02 --max-guesses x
check_usage "next: unknown list" "" "$OPTLE" next --list nosuch salet:BBBBB
# Out of memory is status 3 (a sanitizer build must be let to fail the
# allocation, as a release build does).
nomem_ok=ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1
check "next: a memo too big" 3 err "out of memory" \
  env "$nomem_ok" "$OPTLE" next --list nyt-2022-02 --memo-mb 1048576 salet:BBBBB
err_has "next: a memo too big: the message names the size" "cannot reserve 1048576 MiB for the memo: give a smaller --memo-mb"

# ------------------------------------------------------------------
# next and play: answers off the list.  The NYT picks answers by hand:
# ASPEN and ALIAS are answers of its July 2023 list, allowed guesses but
# no answers in February 2022's.  Following the optimal advice on nyt
# (2022-02), ASPEN gives salet:YYBGB, then ashen:GGBGG, and ALIAS gives
# salet:YYYBB, then chals:BBYYG: each empties the answer list.

check "off the list: next goes on with the guesses that fit" 0 out \
  "note: no answer of the list fits this history (the set became empty at step 2, ashen:GGBGG (2 answers fitted before it)); the possible answers are the 1 allowed guess that fits it" \
  "$OPTLE" next --list nyt-2022-02 salet:YYBGB ashen:GGBGG
has "off the list: aspen is left" "answers left: 1: aspen"
has "off the list: and advised" "optimal next guess: aspen (could be the answer)"
check "off the list: the game won" 0 out "solved: aspen was the answer, found in 3 guesses (it is not on the answer list)" \
  "$OPTLE" next --list nyt-2022-02 salet:YYBGB ashen:GGBGG aspen:GGGGG
check "off the list: the game won (JSON)" 0 out '"answer": "aspen", "answer_in_list": false}' \
  "$OPTLE" next --list nyt-2022-02 salet:YYBGB ashen:GGBGG aspen:GGGGG --json
check "off the list: a win at step 1" 0 out "solved: salet was the answer, found in 1 guess (it is not on the answer list)" \
  "$OPTLE" next --list nyt-2022-02 salet:GGGGG
if check "off the list: alias, 19 guesses fit" 0 out "the possible answers are the 19 allowed guesses that fit it" \
  "$OPTLE" next --list nyt-2022-02 salet:YYYBB chals:BBYYG --top 3; then
  has "off the list: alias among them" " alias "
  has "off the list: exact for them" "expected guesses from here, this one included: 2.3684 (45 in total over 19 answers)"
  cp "$tmp/out" "$tmp/wide.out"
fi
# Exact for that wider set: the same as with those words as the answer
# list (the words from the JSON, a list file of their own).
if [ "$have_jq" = 1 ] && check "off the list: JSON" 0 out '"answers_from": "guesses"' \
  "$OPTLE" next --list nyt-2022-02 salet:YYYBB chals:BBYYG --json --top 3; then
  expect "off the list: JSON remaining" "$(jq .remaining "$tmp/out")" = 19
  expect "off the list: JSON note" "$(jq -r .note "$tmp/out" | cut -c1-46)" = "no answer of the list fits this history (the s"
  jq -r '.answers[]' "$tmp/out" >"$tmp/wide-answers.txt"
  check "off the list: the same words as a list" 0 out "" \
    "$OPTLE" next --answers "$tmp/wide-answers.txt" --guesses wordlists/nyt-guesses.txt salet:YYYBB chals:BBYYG --top 3
  expect "off the list: the same advice as for that list" \
    "$(grep -v '^note' "$tmp/wide.out" | sed -n '/^optimal/,$p')" = "$(sed -n '/^optimal/,$p' "$tmp/out")"
  lacks "off the list: that list fits (no note)" "note:"
fi
check "off the list: the list that has it" 0 out "answers left: " \
  "$OPTLE" next --list nyt-2023-07 salet:YYYBB chals:BBYYG
lacks "off the list: nyt-2023-07 has alias (no note)" "note:"
has "off the list: nyt-2023-07 has alias" "alias"
# On request: --answers-from guesses, even where answers of the list fit.
check "--answers-from guesses" 0 out "note: the possible answers are the 99 allowed guesses that fit the history (--answers-from guesses)" \
  "$OPTLE" next --list nyt-2022-02 --answers-from guesses salet:YYYBB --top 1
has "--answers-from guesses: the set" "answers left: 99: acyls alans"
check "--answers-from answers: the default" 0 out "answers left: 8: clash clasp class flash flask glass psalm usual" \
  "$OPTLE" next --list nyt-2022-02 --answers-from answers salet:YYYBB
check_usage "--answers-from: a bad value" "--answers-from 'all': give answers or guesses" \
  "$OPTLE" next --list nyt-2022-02 --answers-from all salet:BBBBB
check_usage "--answers-from guesses: no history on a big list" \
  "--answers-from guesses: with no guess made, all 12947 allowed guesses could be the answer" \
  "$OPTLE" next --list nyt-2022-02 --answers-from guesses
check "--answers-from guesses: no history on a small list" 0 out "optimal next guess: agent" \
  "$OPTLE" next --list small --answers-from guesses --top 0
# play --assist: the same, line by line, and undo goes back to the list.
run_with 'salet YYBGB\nashen GGBGG\naspen GGGGG\n' "$OPTLE" play --list nyt-2022-02 --assist --top 1
expect "assist, off the list: status" "$rc" = 0
has "assist, off the list: the note" "note: no answer of the list fits this history (the set became empty at step 2, ashen:GGBGG"
has "assist, off the list: aspen left" "answers left: 1: aspen"
has "assist, off the list: won" "solved in 3 guesses: aspen"
has "assist, off the list: no line or analysis" "the optimal line and the analysis, which start from the answer list, are left out"
run_with 'salet YYYBB\nchals BBYYG\nundo\nchals BBYYG\nagami BGBBY\n' "$OPTLE" play --list nyt-2022-02 --assist --top 1
has "assist, off the list: back on the list after undo" "answers left: 8: clash clasp"
expect "assist, off the list: the note each time" "$(grep -c '^note: no answer of the list fits' "$tmp/out")" = 2
has "assist, off the list: nothing fits at all" "no allowed guess fits either: the set became empty at step 3, agami:BGBBY (19 answers fitted before it); not added"
run_with 'salet YYYBB\n' "$OPTLE" play --list nyt-2022-02 --assist --answers-from guesses --top 1
has "assist --answers-from guesses: no advice before a guess" "no advice before the first guess with --answers-from guesses: every one of the 12947 allowed guesses could be the answer"
has "assist --answers-from guesses: then the guesses" "answers left: 99: acyls alans"
check_usage "play --answers-from guesses: assist only" "--answers-from guesses is for --assist" \
  "$OPTLE" play --list nyt-2022-02 --answers-from guesses --answer cigar
check_usage "play --answers-from: a bad value" "--answers-from 'x': give answers or guesses" \
  "$OPTLE" play --list nyt-2022-02 --assist --answers-from x

# ------------------------------------------------------------------
# play: games through stdin (plain mode)

run_with 'salet\nxyzzy\nabc\ncourd\ncigar\n' "$OPTLE" play --list nyt-2022-02 --answer cigar
expect "play: exit 0 on a win" "$rc" = 0
has "play: the banner" "find the hidden word in 6 guesses (nyt-2022-02: 2309 answers, 12947 allowed guesses)"
has "play: guess 1 as letters and pattern" "1/6  SALET BYBBB"
has "play: a word not allowed is refused" "xyzzy is not in the word list: no guess used"
has "play: a non-word is refused" "'abc': a guess is one word of five letters"
has "play: the refused words cost nothing" "2/6  COURD GBBYB"
has "play: the keyboard (plain)" "    (A) .  .  F  G  H  J  K  . "
has "play: win" "solved in 3 guesses: cigar"
has "play: lines side by side" "   1  SALET BYBBB  SALET BYBBB"
has "play: the optimal line" "   4               CIGAR GGGGG"
has "play: the optimal line's source" "the optimal line after the fixed opener salet"
has "play: skill" "guess 2 courd: 0.0990 worse than best (brond): 2.6535 against 2.5545; luck -0.3465"
has "play: skill of an optimal guess" "guess 1 salet: 3.4201"
lacks "play: no colour when piped" "$esc"
lacks "play: no prompt when stdin is not a terminal" "guess 1/6>"
# The sum: guesses = base + choices - luck, to four decimals.
line=$(grep -E '^[0-9]+ guess(es)? = ' "$tmp/out")
if [ -n "$line" ]; then
  ok=$(printf '%s\n' "$line" | awk '{
    n = $1; base = $4; choice = 0; luck = 0;
    for (i = 1; i <= NF; i++) {
      if ($i == "(your") choice = $(i - 1);
      if ($i == "(luck)") luck = $(i - 1) * ($(i - 2) == "-" ? -1 : 1);
      if ($i == "(bad") luck = $(i - 1) * ($(i - 2) == "-" ? -1 : 1);
    }
    d = base + choice + luck - n; if (d < 0) d = -d;
    print (d < 0.0005) ? "yes" : "no: " d }')
  expect "play: guesses = expectation + choices - luck ($line)" "$ok" = yes
else
  fail "play: the summary sum" "no 'N guesses = ...' line"
fi

run_with 'agent\nbacon\nchill\ngraft\nscion\nunfit\n' "$OPTLE" play --list small --answer frill
expect "play: exit 0 when out of guesses" "$rc" = 0
has "play: out of guesses" "out of guesses: the answer was frill"
has "play: the guess limit counts" "6/6  UNFIT"
has "play: a lost game has no sum" "guess 6 unfit: "
lacks "play: a lost game has no sum" " guesses = "

run_with 'agent\n:h\nchill\nfrill\n' "$OPTLE" play --list small --answer frill
has "play: hint toggles on" "hints on"
has "play: the hint" "hint: 3 answers left; optimal next guess chill: 1.6667 expected guesses from here, this one included"
has "play: first guess optimal" "guess 1 agent: optimal (2.4000); luck -0.2667"
has "play: small list: the sum from the start" "3 guesses = 2.4000 (optimal play from the start) + 0.0000 (your choices) + 0.6000 (bad luck)"

run_with 'agent\n' "$OPTLE" play --list small --answer frill --hints
has "play --hints: before the first guess" "hint: 50 answers left; optimal next guess agent: 2.4000"
has "play --hints: after it" "hint: 3 answers left"
has "play: EOF reveals the answer" "the answer was frill"
expect "play: EOF exits 0" "$rc" = 0

run_with ':h\n:h\nquit\nsalet\n' "$OPTLE" play --list nyt-2022-02 --answer cigar
expect "play: quit exits 0" "$rc" = 0
has "play: hint on the big list's start" "hint: 2309 answers left; suggested guess salet (a fixed opener, not proven best): 3.4201"
has "play: hints off" "hints off"
lacks "play: quit stops reading" "1/6  SALET"

long=$(head -c 5000 /dev/zero | tr '\0' 'a')
run_with "${long}\nsalet\n\n   \nhelp\n" "$OPTLE" play --list nyt-2022-02 --answer cigar
expect "play: a long line is survived" "$rc" = 0
has "play: a long line is refused" "line too long (over 200 bytes): ignored"
has "play: and the game goes on" "1/6  SALET BYBBB"
has "play: help" "hint or :h toggles hints"
# The limit is 200 bytes, not counting the line end (LF or CRLF): 201 was
# let through (a red-team pass), 201 with a CR refused.
pad=$(printf '%*s' 189 '')
run_with "${pad}salet BYBBB\n" "$OPTLE" play --list nyt-2022-02 --assist
has "play: 200 bytes are a line" "history: salet BYBBB"
run_with "${pad}salet BYBBB\r\n" "$OPTLE" play --list nyt-2022-02 --assist
has "play: 200 bytes and CRLF are a line" "history: salet BYBBB"
run_with " ${pad}salet BYBBB\n" "$OPTLE" play --list nyt-2022-02 --assist
has "play: 201 bytes are refused" "line too long (over 200 bytes): ignored"
lacks "play: 201 bytes are not read" "history: salet BYBBB"

# A NUL byte: fgets() and strlen() once took it for the line's end and
# the next line for the rest of a long one, so the agent line was lost
# and basal advised on as guess 1 (issue 49).  Now the game stops there.
run_with 'x\0y\nagent 🟨⬛🟨⬛⬛\nbasal BYYBB\n' "$OPTLE" play --list small --assist
expect "play --assist: a NUL byte exits 2" "$rc" = 2
err_has "play --assist: a NUL byte names its line" "play: input line 1 holds a NUL byte"
lacks "play --assist: nothing after the NUL line is read" "history: basal"
expect "play --assist: one line on stderr" "$(wc -l <"$tmp/err")" = 1
run_with 'graft\nx\0y\nagent\n' "$OPTLE" play --list small --answer agent
expect "play: a NUL byte exits 2 in game mode too" "$rc" = 2
err_has "play: the NUL byte's line is the second" "input line 2 holds a NUL byte"
has "play: the line before it was played" "1/6  GRAFT"
lacks "play: the line after it is not" "2/6  AGENT"

run_with '' "$OPTLE" play --seed 7 --list small
has "play: the seed is printed" "optle play: seed 7 (replay this game with --seed 7)"
a1=$(grep 'the answer was' "$tmp/out")
run_with '' "$OPTLE" play --seed 7 --list small
a2=$(grep 'the answer was' "$tmp/out")
expect "play: --seed replays the same answer" "$a1" = "$a2"
run_with '' "$OPTLE" play --list small
has "play: a clock seed is printed too" "optle play: seed "

# A poor opener leaves 1349 answers: no minutes-long solve unasked.
run_with 'fuzzy\n:h\ncrane\ncigar\n' timeout 60 "$OPTLE" play --list nyt-2022-02 --answer cigar
expect "play: a big set does not hang the game" "$rc" = 0
has "play: the hint declines a big set" "hint: 1349 answers left: too many to solve on the spot (more than 500); 'optle next --list nyt-2022-02 fuzzy:BBBBB' can, in minutes"
has "play: a poor opener is not valued" "guess 1 fuzzy: not valued (an exact first-guess value on 2309 answers is a whole proof: 'optle solve --list nyt-2022-02 --first fuzzy')"
has "play: nor the big set after it" "guess 2 crane: not valued (1349 answers: too many to solve unasked; 'optle next --list nyt-2022-02 fuzzy:BBBBB --guess crane' can)"
has "play: the sum starts where values are known" "3 guesses = 2 + 1.8571 (optimal play after guess 2) + 0.2857 (your choices) - 1.1429 (luck)"

if [ -s "$tmp/salet.json" ]; then
  run_with 'salet\ncourd\ncigar\n' "$OPTLE" play --list nyt-2022-02 --answer cigar --hints --tree "$tmp/salet.json"
  has "play --tree: the hint at the start" "hint: 2309 answers left; the tree's next guess salet: 3.4201"
  has "play --tree: the hint after it" "the tree's next guess brond: 2.5545"
  has "play --tree: the line is the tree's" "(the optimal line is the tree $tmp/salet.json's)"
  has "play --tree: the first guess is valued" "guess 1 salet: 3.4201"
  has "play --tree: the sum" "3 guesses = 3.4201 (your first guess, then optimal play)"
fi

run_with 'salet\n' env NO_COLOR=1 "$OPTLE" play --list nyt-2022-02 --answer cigar
lacks "play: NO_COLOR (piped)" "$esc"

# ------------------------------------------------------------------
# play: usage errors

run_with 'salet\ncrony\ntrace\n' "$OPTLE" play --hard --answer trace --list original
expect "play --hard: exits 0" "$rc" = 0
has "play --hard: says the mode" "in 6 guesses, hard mode"
has "play --hard: refuses a guess that breaks the rule" \
  "guess must contain A (hard mode): no guess used"
has "play --hard: the refused guess is not counted" "2/6  TRACE GGGGG"
run_with 'salet\nstage\n' "$OPTLE" play --ultrahard --answer trace --list original
has "play --ultrahard: a gray letter may not come back" \
  "guess cannot contain S, shown gray (ultrahard mode): no guess used"
check_usage "play --assist --answer" "--assist takes no --answer or --seed" "$OPTLE" play --list nyt-2022-02 --assist --answer cigar
check_usage "play --answer --seed" "give --answer or --seed, not both" "$OPTLE" play --list nyt-2022-02 --answer cigar --seed 3
check_usage "play --answer not an answer" "--answer 'salet': not in the answer list" "$OPTLE" play --list nyt-2022-02 --answer salet
check_usage "play --answer not a word" "--answer 'xy': not in the answer list" "$OPTLE" play --list nyt-2022-02 --answer xy
check_usage "play --seed negative" "--seed: -1 is out of range" "$OPTLE" play --list nyt-2022-02 --seed -1
check_usage "play: bad flag" "--bogus: unknown option for 'play'" "$OPTLE" play --list nyt-2022-02 --bogus
check_usage "play: no positionals" "'cigar': unexpected argument for 'play'" "$OPTLE" play --list nyt-2022-02 cigar
check "play: a memo too big" 3 err "out of memory" \
  env "$nomem_ok" "$OPTLE" play --list nyt-2022-02 --memo-mb 1048576
err_has "play: a memo too big: the message names the size" "cannot reserve 1048576 MiB for the memo: give a smaller --memo-mb"

# ------------------------------------------------------------------
# play --assist

run_with 'salet BYBBB\ncourd:GBBYX\nfoo\ncrack GGGGY\nqqqqq BBBBB\nbrond BBBBB\ncrack GYYBB\ncigar GGGGG\n' \
  "$OPTLE" play --list nyt-2022-02 --assist --top 3
expect "assist: exit 0" "$rc" = 0
has "assist: advice at the start" "suggested first guess: salet"
has "assist: after a line" "history: salet BYBBB"
has "assist: like next" "optimal next guess: brond"
has "assist: colon form and X" "history: salet BYBBB, courd GBBYB"
has "assist: a malformed line" "'foo': expected a word and its pattern, e.g. salet BBYBB"
has "assist: an impossible pattern" "'crack GGGGY': no answer can give crack the pattern GGGGY"
has "assist: an unknown word" "'qqqqq' is not in the guess list"
has "assist: an emptying line is not added" "no answer fits: the set became empty at step 3, brond:BBBBB (7 answers fitted before it); and no allowed guess fits either: none is left after step 3, brond:BBBBB (12 allowed guesses fitted before it); not added"
has "assist: the win" "solved in 4 guesses: cigar"
has "assist: the analysis" "guess 3 crack: optimal (2.0000); luck +0.0000"

run_with 'salet BYBBB\nundo\n:u\nhint\n' "$OPTLE" play --list nyt-2022-02 --assist
has "assist: undo" "took back guess 1"
has "assist: nothing to undo" "nothing to undo"
has "assist: hints are always on" "assist mode always shows the advice"
expect "assist: EOF exits 0" "$rc" = 0

run_with 'agent BBBBB\nchill BBGGG\nhumid BBBYB\n' "$OPTLE" play --assist --list small --max-guesses 3
has "assist: out of guesses" "out of guesses: the answer was frill"
has "assist: the guess limit" "guesses left: 1 of 3 (2 made)"

# ------------------------------------------------------------------
# play in a terminal (tmux): tiles in colour, prompts, NO_COLOR

# tmux comes with make test's dependencies (tools/deps.sh test).
have_tmux=0
command -v tmux >/dev/null 2>&1 && have_tmux=1

# wait_for FRAGMENT: wait (up to 15 s) until the pane shows FRAGMENT;
# the pane, escapes included, goes to $tmp/screen.
wait_for() {
  local frag=$1 _
  for _ in $(seq 1 150); do
    tmux -S "$sock" capture-pane -p -e -t play >"$tmp/screen" 2>/dev/null
    grep -qF -- "$frag" "$tmp/screen" && return 0
    sleep 0.1
  done
  return 1
}
# waits NAME FRAGMENT: a check that the pane comes to show FRAGMENT.
waits() {
  if wait_for "$2"; then pass; else
    fail "$1" "the screen never showed '$2'" "screen: $(head -c 800 "$tmp/screen" | cat -v)"
  fi
}
screen_has() {
  if grep -qF -- "$2" "$tmp/screen"; then pass; else
    fail "$1" "the screen lacks '$2'" "screen: $(head -c 800 "$tmp/screen" | cat -v)"
  fi
}
screen_lacks() {
  if grep -qF -- "$2" "$tmp/screen"; then
    fail "$1" "the screen has '$2'" "screen: $(head -c 800 "$tmp/screen" | cat -v)"
  else pass; fi
}
# tmux_play N ENV CMD: start session N, 120x40, on a server of its own,
# running CMD and then printing its exit status.
tmux_play() {
  [ -S "$sock" ] && tmux -S "$sock" kill-server 2>/dev/null
  sock=$tmp/tmux$1.sock
  tmux -S "$sock" new-session -d -s play -x 120 -y 40 \
    "env TERM=xterm-256color $2 $OPTLE $3; echo '[exit' \$?']'; sleep 30"
}

if [ "$have_tmux" = 1 ]; then
  tmux_play 1 "" "play --answer cigar --list nyt-2022-02"
  if wait_for "guess 1/6>"; then
    pass
    tmux -S "$sock" send-keys -t play 'salet' Enter
    waits "tmux: the second prompt" "guess 2/6>"
    screen_has "tmux: the first prompt and the typed guess" "guess 1/6> salet"
    # S gray, A yellow, then the rest gray: tmux writes each attribute.
    screen_has "tmux: a gray tile" "${esc}[100m S "
    screen_has "tmux: a yellow tile" "${esc}[43m A "
    screen_has "tmux: letters uppercase" " L "
    screen_has "tmux: the keyboard's yellow key" "${esc}[43m A "
    screen_lacks "tmux: no plain pattern" "SALET BYBBB"
    tmux -S "$sock" send-keys -t play 'zzzzz' Enter
    waits "tmux: refused word" "zzzzz is not in the word list"
    tmux -S "$sock" send-keys -t play ':h' Enter
    waits "tmux: hint" "hint: "
    screen_has "tmux: the hint" "optimal next guess brond"
    tmux -S "$sock" send-keys -t play 'cigar' Enter
    waits "tmux: the game ends with status 0" "[exit 0]"
    screen_has "tmux: green tiles" "${esc}[42m C "
    screen_has "tmux: the win" "solved in 2 guesses: cigar"
    screen_has "tmux: the analysis" "worse than best"
  else
    fail "tmux: the first prompt" "$(cat -v "$tmp/screen" 2>/dev/null)"
  fi

  tmux_play 2 "NO_COLOR=1" "play --answer cigar --list nyt-2022-02"
  if wait_for "guess 1/6>"; then
    tmux -S "$sock" send-keys -t play 'salet' Enter
    waits "tmux NO_COLOR: the second prompt" "guess 2/6>"
    screen_has "tmux NO_COLOR: plain tiles" "1/6  SALET BYBBB"
    screen_lacks "tmux NO_COLOR: no colour" "${esc}["
    tmux -S "$sock" send-keys -t play C-d
    waits "tmux NO_COLOR: Ctrl-D ends with status 0" "[exit 0]"
    screen_has "tmux: Ctrl-D reveals the answer" "the answer was cigar"
  else
    fail "tmux NO_COLOR: the first prompt" "$(cat -v "$tmp/screen" 2>/dev/null)"
  fi

  tmux_play 3 "" "play --assist --list small"
  if wait_for "guess 1/6>"; then
    tmux -S "$sock" send-keys -t play 'agent BBBBB' Enter
    waits "tmux assist: the second prompt" "guess 2/6>"
    screen_has "tmux assist: advice" "optimal next guess: chill"
    screen_has "tmux assist: tiles" "${esc}[100m A "
    tmux -S "$sock" send-keys -t play 'quit' Enter
    waits "tmux assist: quit ends with status 0" "[exit 0]"
  else
    fail "tmux assist: the first prompt" "$(cat -v "$tmp/screen" 2>/dev/null)"
  fi
  tmux -S "$sock" kill-server 2>/dev/null
else
  skip "the terminal tests (tmux not installed: tools/deps.sh test says how)"
fi

# ------------------------------------------------------------------
# next and analyse on a custom big list (100 answers x 12,947 guesses: a
# fixed opener at the start), a review's findings.
grep -v '^#' wordlists/nyt-answers.txt | grep -v '[fuzy]' | head -n 100 >"$tmp/a100.txt"
A100=(--answers "$tmp/a100.txt" --guesses wordlists/nyt-guesses.txt)
check "next: a guess that eliminated nothing is not the start (no fixed opener after it)" 0 out \
  "optimal next guess: elint" "$OPTLE" next "${A100[@]}" fuzzy:BBBBB
has "next: ... its exact total" "2.6000 (260 in total over 100 answers)"
check "analyse: a first guess that tells nothing on a big list has no value" 0 out \
  "guess 1: fuzzy gave no information" "$OPTLE" analyse "${A100[@]}" fuzzy:BBBBB
check "next: the opener cannot finish within 3, another can (a proof says which)" 0 out \
  "optimal next guess: olent" "$OPTLE" next "${A100[@]}" --max-guesses 3
check "next --guess the opener itself: not '0.0000 worse' than itself" 0 out \
  "salet is the fixed opener, not proven optimal: 2.9000 expected from here (290 in total)" \
  "$OPTLE" next "${A100[@]}" --guess salet
check "next --guess with no strategy: the guess is named" 1 out "chill gives no information on these answers" \
  "$OPTLE" next --list small --max-guesses 3 bacon:BBBYB racer:YBBBB --guess chill

# ------------------------------------------------------------------
# Input that fails, options that would do nothing, suggested commands.

check "play: a read error is not the end of input" 2 err \
  "optle: play: cannot read the input: Is a directory" \
  bash -c '"$0" play --list small --seed 1 </' "$OPTLE"
lacks "play: no answer shown after a read error" "the answer was"
run_with '\xef\xbb\xbfagent BBBBB\n' "$OPTLE" play --list small --assist
has "play: a byte order mark before the first line is dropped (a file saved on Windows)" \
  "history: agent BBBBB"
check_usage "play: --top in a game" "--top is for --assist" "$OPTLE" play --list small --top 3
check_usage "play: --hints with --assist" "--hints is for a game" \
  "$OPTLE" play --list small --assist --hints
run_with 'aaaaaaaaaaaaaaaaaaa\xc3\xa9xyz\n' "$OPTLE" play --list small --seed 1
has "play: a long line is quoted whole characters" \
  "'aaaaaaaaaaaaaaaaaaaé...': a guess is one word of five letters"
# The suggested command is whole (a cut once dropped --hard) and its
# paths are shell words.
long=$tmp/$(printf 'x%.0s' $(seq 150))
mkdir -p "$long" "$tmp/a b"
cp "$root/wordlists/nyt-answers.txt" "$long/answers.txt"
cp "$root/wordlists/nyt-answers.txt" "$tmp/a b/it's.txt"
run_with 'fuzzy\n:h\n' "$OPTLE" play --answers "$long/answers.txt" --answer cigar --hard
has "play: a long path's command keeps --hard" "'optle next --answers $long/answers.txt --hard fuzzy:BBBBB' can"
run_with 'fuzzy\n:h\n' "$OPTLE" play --answers "$tmp/a b/it's.txt" --answer cigar
has "play: a path with a blank and a quote is one shell word" \
  "'optle next --answers '$tmp/a b/it'\\''s.txt' fuzzy:BBBBB' can"
# With the lists a --tree records (no list option), the command names
# them (it once read a NULL there: "(null)", then a crash).
cp "$root/wordlists/nyt-guesses.txt" "$tmp/g.txt"
check "play: a tree that records its files" 0 out "" \
  "$OPTLE" solve --answers "$tmp/a b/it's.txt" --guesses "$tmp/g.txt" --first salet -o "$tmp/rec.json"
run_with 'fuzzy\n:h\n' "$OPTLE" play --tree "$tmp/rec.json" --answer cigar
has "play --tree: the command names the recorded files" \
  "'optle next --answers '$tmp/a b/it'\\''s.txt' --guesses $tmp/g.txt fuzzy:BBBBB' can"

# ------------------------------------------------------------------

if [ "$skipped" -gt 0 ]; then
  printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
else
  printf '%d passed, %d failed\n' "$passed" "$failed"
fi
[ "$failed" -eq 0 ]
