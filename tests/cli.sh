#!/usr/bin/env bash
# tests/cli.sh: the optle command line, run as a subprocess.
#
# Each check runs one command and compares its exit status and a fixed
# string expected on stdout or stderr.  Usage and input errors must also
# print exactly one line on stderr and nothing on stdout.  The last line
# is "N passed, M failed" (", K skipped" added when something was
# skipped); the exit status is nonzero when any check failed.
#
# Run from anywhere: `bash tests/cli.sh` (make cli-test).  OPTLE names
# the binary (default ./optle in the repository root).
# shellcheck disable=SC2034 # read by lib.sh
harness=cli
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# no_leftovers NAME DIR: no partial or temporary tree file left in DIR.
no_leftovers() {
  local found
  found=$(find "$2" -maxdepth 1 -name '*.tmp.*' \
    -newer "$tmp/stamp" 2>/dev/null | head -n 3)
  if [ -n "$found" ]; then fail "$1" "files left behind: $found"; else pass; fi
}

have_jq=0
if command -v jq >/dev/null 2>&1; then have_jq=1; fi

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }

# ------------------------------------------------------------------
# Help, version, commands and options.

check "--help" 0 out "usage: optle COMMAND" "$OPTLE" --help
check "--help lists solve" 0 out "solve" "$OPTLE" --help
check "help solve" 0 out "--max-guesses" "$OPTLE" help solve
check "solve --help" 0 out "usage: optle solve" "$OPTLE" solve --help
check "solve --help options" 0 out "--memo-mb" "$OPTLE" solve --help
check "solve --help after options" 0 out "usage: optle solve" "$OPTLE" solve --list small --help
# --help anywhere: a bad option before it was refused instead (a red-team
# pass, 2026-12-01); after "--" it is a word, not the option.
check "solve --help after a bad option" 0 out "usage: optle solve" "$OPTLE" solve --threads 0 --help
check "rank -h after a bad value" 0 out "usage: optle rank" "$OPTLE" rank --top x -h
check_usage "next -- --help: a word, not the option" "'--help': its pattern is missing" \
  "$OPTLE" next --list small -- --help
check "--version" 0 out "optle " "$OPTLE" --version
expect "--version is one line 'optle X.Y.Z (commit C)'" \
  "$(grep -cE '^optle [0-9]+\.[0-9]+\.[0-9]+ \(commit [0-9A-Za-z.+-]+\)$' "$tmp/out")" = 1
expect "--version: the number is the file VERSION's" "$(cut -d' ' -f2 "$tmp/out")" = "$(cat VERSION)"
# The commit is git's when built from this checkout (unknown otherwise:
# a copy without .git, such as tools/mutants.sh makes).
commit=$(sed -n 's/.*(commit \(.*\))$/\1/p' "$tmp/out")
if [ "$commit" = unknown ]; then
  expect "--version: commit unknown only outside git" -z "$(git rev-parse --show-toplevel 2>/dev/null | grep -Fx "$root")"
else
  expect "--version: the commit is git's ($commit)" "${commit%-dirty}" = "$(git describe --always 2>/dev/null)"
fi
check "-V is --version" 0 out "optle $(cat VERSION) (commit" "$OPTLE" -V
check "no command" 2 err "usage:" "$OPTLE"
check_usage "unknown command" "'frobnicate': unknown command" "$OPTLE" frobnicate
check_usage "help for an unknown command" "unknown command" "$OPTLE" help frobnicate
check_usage "unknown option" "--bogus: unknown option for 'solve'" "$OPTLE" solve --list small --bogus
check_usage "unexpected argument" "'extra': unexpected argument" "$OPTLE" solve --list small extra
check_usage "missing value" "--threads needs a value" "$OPTLE" solve --list small --threads
check_usage "missing --list value" "--list needs a value" "$OPTLE" solve --list
check_usage "--threads 0" "--threads: 0 is out of range (1 to 1024)" "$OPTLE" solve --list small --threads 0
check_usage "--threads 1025" "out of range" "$OPTLE" solve --list small --threads 1025
check_usage "--threads 2x" "'2x' is not a whole number" "$OPTLE" solve --list small --threads 2x
check_usage "--threads empty" "is not a whole number" "$OPTLE" solve --list small --threads=
check_usage "--max-guesses -1" "--max-guesses: -1 is out of range (0 to 254)" "$OPTLE" solve --list small --max-guesses -1
check_usage "--max-guesses 300" "--max-guesses: 300 is out of range (0 to 254)" "$OPTLE" solve --list small --max-guesses 300
check_usage "--max-guesses 255" "out of range" "$OPTLE" solve --list small --max-guesses 255
check_usage "--max-guesses huge" "--max-guesses" "$OPTLE" solve --list small --max-guesses 99999999999999999999
check_usage "--memo-mb abc" "--memo-mb: 'abc' is not a whole number" "$OPTLE" solve --list small --memo-mb abc
check_usage "--memo-mb 0" "--memo-mb: 0 is out of range" "$OPTLE" solve --list small --memo-mb 0
check_usage "flag with a value" "--quiet takes no value" "$OPTLE" solve --list small --quiet=1
check_usage "--list and --answers" "--list and --answers cannot be used together" \
  "$OPTLE" solve --list small --answers wordlists/small.txt
# Neither --list nor --answers: the newest NYT list (issue 32), named
# on the summary's first line and in a message.
if [ "$sanitized" = 0 ]; then
  check "no list: the newest NYT list" 0 out "total         11235" "$OPTLE" solve --first salet --threads 1
  expect "no list: the first line names it" "$(head -1 "$tmp/out")" = \
    "list          nyt-2023-07 (3158 answers, 14855 guesses)"
  check "--list in capitals" 0 out "total         11235" "$OPTLE" solve --list NYT --first SALET --threads 1
else
  skip "solve on the default list (sanitizer build: the plain build's run checks it)"
fi
check "no list, no strategy: the message names it" 1 err \
  "optle: list nyt-2023-07 (3158 answers, 14855 guesses): no strategy starting with 'salet' solves every answer within 2 guesses" \
  "$OPTLE" solve --first salet --max-guesses 2
check_usage "unknown --list" "--list 'tiny': unknown list (known: small, medium, large, original, nyt-2022-02, nyt-2022-08, nyt-2023-07 (or nyt), original-all, nyt-2022-02-all, nyt-2022-08-all)" \
  "$OPTLE" solve --list tiny
check_usage "a near --list" "--list 'nytt': unknown list (did you mean 'nyt'?)" "$OPTLE" solve --list nytt
check "--list in capitals: the message names the list" 1 err \
  "optle: list nyt-2023-07 (3158 answers, 14855 guesses): no strategy starting with 'salet'" \
  "$OPTLE" solve --list NYT --first SALET --max-guesses 2
check_usage "empty --list" "--list: empty value" "$OPTLE" solve --list ""
check "--opt=value form" 0 out "total         120" "$OPTLE" solve --list=small --threads=1 --max-guesses=6

# ------------------------------------------------------------------
# Bad list files: each error names the file and line.

w="$tmp/lists"
mkdir -p "$w"
printf 'apple\nberry\n' >"$w/ok.txt"
printf 'apple\nabc\n' >"$w/short.txt"
printf 'apple\nberry\napples\n' >"$w/long.txt"
printf '# list\napple\nab1de\n' >"$w/digit.txt"
printf 'apple\ncaf\xc3\xa9\n' >"$w/cafe.txt"
printf 'apple\nberry\n\nApple\n' >"$w/dup.txt"
printf 'apple\n%s\n' "$(head -c 5000 /dev/zero | tr '\0' 'a')" >"$w/huge.txt"
: >"$w/empty.txt"
printf '# only\n\n  # comments\n' >"$w/comments.txt"
mkdir -p "$w/dir.txt"
printf 'apple\nberry\ncrane\n' >"$w/answers.txt"
printf 'crane\napple\nslate\n' >"$w/guesses.txt"

check_usage "wrong length" "$w/short.txt:2: 'abc' has 3 letters, expected 5" "$OPTLE" solve --answers "$w/short.txt"
check_usage "six letters" "$w/long.txt:3: 'apples' has 6 letters" "$OPTLE" solve --answers "$w/long.txt"
check_usage "digit" "$w/digit.txt:3: 'ab1de' has a non-letter at position 3" "$OPTLE" solve --answers "$w/digit.txt"
check_usage "non-ASCII" "$w/cafe.txt:2: non-ASCII byte 0xc3" "$OPTLE" solve --answers "$w/cafe.txt"
check_usage "duplicate" "$w/dup.txt:4: duplicate word 'apple' (first on line 1)" "$OPTLE" solve --answers "$w/dup.txt"
check_usage "long line" "$w/huge.txt:2: line too long" "$OPTLE" solve --answers "$w/huge.txt"
check_usage "empty file" "$w/empty.txt: no words in the list" "$OPTLE" solve --answers "$w/empty.txt"
check_usage "comments only" "$w/comments.txt: no words in the list" "$OPTLE" solve --answers "$w/comments.txt"
check_usage "directory" "$w/dir.txt: is a directory" "$OPTLE" solve --answers "$w/dir.txt"
check_usage "missing file" "$w/nope.txt: cannot open" "$OPTLE" solve --answers "$w/nope.txt"
check_usage "bad guess file" "$w/digit.txt:3: " "$OPTLE" solve --answers "$w/ok.txt" --guesses "$w/digit.txt"
check_usage "bad guess file with --list" "$w/short.txt:2: " "$OPTLE" solve --list small --guesses "$w/short.txt"
check_usage "answer not in guesses" \
  "$w/answers.txt:2: answer 'berry' is not in the guess list $w/guesses.txt" \
  "$OPTLE" solve --answers "$w/answers.txt" --guesses "$w/guesses.txt"
check_usage "named answer not in guesses" "wordlists/small.txt:4: answer 'abate' is not in the guess list" \
  "$OPTLE" solve --list small --guesses "$w/guesses.txt"

# A messy but valid file: CRLF, blanks, uppercase, comments, no final newline.
printf '# answers\r\n  CIGAR \r\n\r\nhatch\r\n\tLatch\t\r\nmatch' >"$w/messy.txt"
check "messy valid file" 0 out "total         8" "$OPTLE" solve --answers "$w/messy.txt"

# ------------------------------------------------------------------
# --first

check_usage "--first unknown word" "--first 'zzzzz': not in the guess list wordlists/small.txt" \
  "$OPTLE" solve --list small --first zzzzz
check_usage "--first 4 letters" "--first 'abat': not a five-letter word" "$OPTLE" solve --list small --first abat
check_usage "--first 6 letters" "not a five-letter word" "$OPTLE" solve --list small --first abates
check_usage "--first digits" "not a five-letter word" "$OPTLE" solve --list small --first ab4te
check "--first uppercase" 0 out "first guess   abate (fixed)" "$OPTLE" solve --list small --first ABATE
check "--first mixed case" 0 out "first guess   agent (fixed)" "$OPTLE" solve --list small --first AgEnT
check "--first the optimum's guess" 0 out "total         120" "$OPTLE" solve --list small --first agent

# ------------------------------------------------------------------
# Outputs: bad -o, no partial files.

touch "$tmp/stamp"
out="$tmp/o"
mkdir -p "$out"
check_usage "-o unknown extension" "-o $out/tree.csv: unknown tree format" "$OPTLE" solve --list small -o "$out/tree.csv"
check_usage "-o no extension" "unknown tree format" "$OPTLE" solve --list small -o "$out/tree"
expect "-o unknown extension writes nothing" "$(find "$out" -mindepth 1 | wc -l)" = 0
check_usage "-o into a missing directory" "cannot write" "$OPTLE" solve --list small -o "$out/missing/tree.json"
check_usage "-o second path bad" "cannot write" \
  "$OPTLE" solve --list small -o "$out/first.json" -o "$out/missing/tree.txt"
expect "-o into a missing directory leaves no directory" ! -e "$out/missing"
expect "-o failure leaves no file at all" "$(find "$out" -mindepth 1 | wc -l)" = 0
no_leftovers "-o failure leaves nothing in the working directory" "$root"

# A tree file named by a directory: refused before the solve (it was
# refused when committed, after it, until 2026-12-01): status 2, one
# line naming the file once, and no summary claims it.
mkdir -p "$out/isdir.json"
check "-o onto a directory" 2 err "isdir.json: is a directory: give a file name" "$OPTLE" solve --list small -o "$out/isdir.json"
expect "-o onto a directory: the path named once" "$(grep -oF "$out/isdir.json" "$tmp/err" | wc -l)" = 1
expect "-o onto a directory: not reported as written" "$(grep -c "^wrote .*isdir.json" "$tmp/out")" = 0
expect "-o onto a directory: no temporary file left" "$(find "$out" -name '*.tmp.*' | wc -l)" = 0
rmdir "$out/isdir.json"

# The same file twice: either written once (status 0, valid), or refused
# before solving (status 2, nothing on stdout); never a solve that
# reports the file written and then fails.
run "$OPTLE" solve --list small -o "$out/twice.json" -o "$out/twice.json"
if [ "$rc" -eq 0 ] && [ -s "$out/twice.json" ]; then pass
elif [ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ]; then pass
else
  fail "-o the same file twice" "exit status $rc; stdout $(wc -l <"$tmp/out") lines; stderr: $(cat "$tmp/err")"
fi
rm -f "$out/twice.json"

check "no strategy" 1 err "no strategy solves every answer within 2 guesses" \
  "$OPTLE" solve --list small --max-guesses 2 -o "$out/ns.json" -o "$out/ns.txt"
expect "no strategy writes no file" "$(find "$out" -mindepth 1 | wc -l)" = 0
check "no strategy with --first" 1 err "no strategy starting with 'abate'" \
  "$OPTLE" solve --list small --first abate --max-guesses 2 -o "$out/ns.json"
expect "no strategy with --first writes no file" "$(find "$out" -mindepth 1 | wc -l)" = 0
check "no strategy, medium within 3" 1 err "no strategy" "$OPTLE" solve --list medium --max-guesses 3

# One guess: only one answer can be found.  cigar splits the other three
# apart, but finding them takes a second guess.
printf 'cigar\nrebut\nsissy\nhumph\n' >"$w/four.txt"
check "--max-guesses 1, four answers" 1 err "no strategy solves every answer within 1 guess" \
  "$OPTLE" solve --answers "$w/four.txt" --max-guesses 1
check "--max-guesses 2, four answers" 0 out "total         7" "$OPTLE" solve --answers "$w/four.txt" --max-guesses 2
printf 'crane\n' >"$w/one.txt"
check "--max-guesses 1, one answer" 0 out "total         1" "$OPTLE" solve --answers "$w/one.txt" --max-guesses 1
check "--max-guesses 0 is no limit" 0 out "guess limit   none" "$OPTLE" solve --list small --max-guesses 0

check "--quiet" 0 out "" "$OPTLE" solve --list small --quiet -o "$out/q.json"
expect "--quiet prints nothing on stdout" ! -s "$tmp/out"
expect "--quiet prints nothing on stderr" ! -s "$tmp/err"
expect "--quiet still writes -o" -s "$out/q.json"
rm -f "$out/q.json"

# ------------------------------------------------------------------
# Solves: summary, JSON and text trees.

declare -A size=([small]=50 [medium]=200 [large]=500)
for list in small medium large; do
  n=${size[$list]}
  if ! check "solve $list" 0 out "list          $list ($n answers, $n guesses)" \
    "$OPTLE" solve --list "$list" -o "$out/$list.json" -o "$out/$list.txt"; then
    continue
  fi
  total=$(summary_value total)
  average=$(summary_value average)
  expect "$list: summary has a total" -n "$total"
  expect "$list: wrote both files" -s "$out/$list.json" -a -s "$out/$list.txt"
  expect "$list: summary names the json file" "$(grep -c "^wrote         $out/$list.json\$" "$tmp/out")" = 1
  expect "$list: text has one line per answer" "$(wc -l <"$out/$list.txt")" = "$n"
  expect "$list: every text line ends in GGGGGk" \
    "$(grep -cE ' GGGGG[0-9]+$' "$out/$list.txt")" = "$n"
  # Sum of the guess numbers on the winning lines is the total.
  expect "$list: text total equals summary total" \
    "$(awk '{ k = $NF; sub(/GGGGG/, "", k); s += k } END { print s }' "$out/$list.txt")" = "$total"
  if [ "$have_jq" = 1 ]; then
    if jq -e . "$out/$list.json" >/dev/null 2>&1; then
      pass
      expect "$list: JSON total equals summary total" "$(jq '.total' "$out/$list.json")" = "$total"
      expect "$list: JSON tree total equals total" "$(jq '.tree.total' "$out/$list.json")" = "$total"
      expect "$list: JSON answers is the list size" "$(jq '.answers' "$out/$list.json")" = "$n"
      expect "$list: JSON guesses is the list size" "$(jq '.guesses' "$out/$list.json")" = "$n"
      expect "$list: JSON max_guesses" "$(jq '.max_guesses' "$out/$list.json")" = 6
      expect "$list: JSON average equals summary" \
        "$(jq -r '.average | . * 10000 | round' "$out/$list.json")" = "$(echo "$average" | tr -d .)"
      expect "$list: JSON first guess equals summary" \
        "$(jq -r '.tree.guess' "$out/$list.json")" = "$(summary_word 'first guess')"
      # Leaves (nodes without "next") are single answers: count them
      # plus inner nodes whose guess wins, via the text file's lines.
      expect "$list: JSON leaves total 1" \
        "$(jq '[.. | objects | select(has("guess") and (has("next") | not)) | .total] | unique' -c "$out/$list.json")" = "[1]"
      expect "$list: JSON patterns are five of B/Y/G" \
        "$(jq '[.. | objects | select(has("next")) | .next | keys[] | test("^[BYG]{5}$")] | all' "$out/$list.json")" = true
    else
      fail "$list: valid JSON" "jq could not parse $out/$list.json"
    fi
  else
    skip "$list: JSON checks (jq not installed)"
  fi
done

# Determinism: 1 and 2 threads write the same bytes.
for list in medium large; do
  check "$list, 1 thread" 0 out "" "$OPTLE" solve --list "$list" --threads 1 --quiet \
    -o "$out/$list-t1.json" -o "$out/$list-t1.txt"
  check "$list, 2 threads" 0 out "" "$OPTLE" solve --list "$list" --threads 2 --quiet \
    -o "$out/$list-t2.json" -o "$out/$list-t2.txt"
  for ext in json txt; do
    if cmp -s "$out/$list-t1.$ext" "$out/$list-t2.$ext"; then pass; else
      fail "$list: .$ext identical with 1 and 2 threads" "$(cmp "$out/$list-t1.$ext" "$out/$list-t2.$ext" 2>&1)"
    fi
    if cmp -s "$out/$list-t1.$ext" "$out/$list.$ext"; then pass; else
      fail "$list: .$ext identical with the default thread count"
    fi
  done
done

# The same list from a file and by name, and from another directory.
check "--answers file equals --list" 0 out "total         543" "$OPTLE" solve --answers wordlists/medium.txt
run_elsewhere() { (cd "$tmp" && "$OPTLE" solve --list small); }
check "named lists work from any directory" 0 out "total         120" run_elsewhere

# ------------------------------------------------------------------
# Golden values: the published optima with SALET first.

if check "golden: nyt, salet" 0 out "total         7897" "$OPTLE" solve --list nyt-2022-02 --first salet; then
  expect "golden: nyt, salet average" "$(summary_value average)" = 3.4201
  expect "golden: nyt, salet fixed" "$(summary_value 'first guess')" = "salet (fixed)"
fi
if check "golden: original lists, salet" 0 out "total         7920" \
  "$OPTLE" solve --answers "$wl/original-answers.txt" --guesses "$wl/original-guesses.txt" \
  --first SALET; then
  expect "golden: original lists, salet average" "$(summary_value average)" = 3.4212
  expect "golden: original lists, 2315 answers" \
    "$(grep -c '(2315 answers), .* (12972 guesses)' "$tmp/out")" = 1
fi

# ------------------------------------------------------------------
# The option table (opts.h): every command's --help lists each of its
# options once, options of other commands are refused, and an option
# that takes one file refuses two.
for c in solve verify export next analyse play simulate; do
  run "$OPTLE" "$c" --help
  dups=$(grep -E '^  -[-a-z]+( [A-Z]+)?  ' "$tmp/out" | awk '{ print $1 }' | sort | uniq -d | tr '\n' ' ')
  expect "$c --help: each option once (repeated: ${dups:-none})" -z "$dups"
  expect "$c --help: lists options" "$(grep -cE '^  -[-a-z]+' "$tmp/out")" -ge 3
done
check_usage "verify: solve's option refused" "--time-limit: unknown option for 'verify'" \
  "$OPTLE" verify x.json --list small --time-limit 3
check_usage "export: the same -o twice" "-o a.json: given twice" \
  "$OPTLE" export x.json --list small -o a.json -o a.json
# "--": every word after it an argument (a file named "-t.txt").
if check "solve -o ./-t.txt" 0 out "" "$OPTLE" solve --list small --quiet -o "$tmp/-t.txt"; then
  cd "$tmp" || exit 2 # not a subshell: the counters are this shell's
  check "verify -- -t.txt" 0 out "tree hash" "$OPTLE" verify --list small -- -t.txt
  check_usage "verify -t.txt: says to put it after --" \
    "-t.txt: unknown option for 'verify' (a file or word that starts with '-' goes after '--')" \
    "$OPTLE" verify --list small -t.txt
  check_usage "after --, --quiet is an argument" "'--quiet': unexpected argument" \
    "$OPTLE" verify --list small -- -t.txt --quiet
  cd "$root" || exit 2
fi
check_usage "-q: no '--' hint for what is no file's name" "-q: unknown option for 'verify' (see" \
  "$OPTLE" verify x.json --list small -q
# A command with no file arguments: '--' would not help (solve -- -t.txt
# is "unexpected argument"); the hint names ./ instead.
check_usage "solve -t.txt: says ./NAME, not '--'" \
  "-t.txt: unknown option for 'solve' (a file whose name starts with '-' is given as ./NAME" \
  "$OPTLE" solve --list small -t.txt
# A short option takes no '=': its hint names ./ too (-o=--x.json is
# refused as an unknown option).
check_usage "-o --x.json: says ./NAME, not -o=VALUE" \
  "-o needs a value (FILE), not the option '--x.json' (a file whose name starts with '--' is given as ./NAME)" \
  "$OPTLE" solve --list small -o --x.json
check "... and ./--x.json works" 0 out "" sh -c 'cd "$1" && "$0" solve --list small --quiet -o ./--y.json' \
  "$OPTLE" "$tmp"
expect "... and is written" -s "$tmp/--y.json"
check "next -- salet:bbbbb" 0 out "optimal next guess" "$OPTLE" next --list small -- agent:bbbbb
check "next --help: its own --max-guesses help" 0 out "guess limit of the game" "$OPTLE" next --help
check "verify --help: its own --max-guesses default" 0 out "default: a JSON file's own max_guesses" "$OPTLE" verify --help

# ------------------------------------------------------------------

# ------------------------------------------------------------------
# A review of the command line (2026-11-29): options that would do
# nothing, or swallow the next option, are refused; extra arguments too.
check_usage "an option's value is never the next option" \
  "--checkpoint needs a value (FILE), not the option '--quiet'" \
  "$OPTLE" solve --checkpoint --quiet --list small
expect "no file named --quiet was made" ! -e ./--quiet
check "a value that starts with -- can still be given with =" 0 out "" \
  "$OPTLE" solve --list small --quiet -o "$tmp/--x.json"
expect "... and is written" -s "$tmp/--x.json"
check_usage "a number past long's range is out of range" \
  "--max-guesses: 99999999999999999999 is out of range (0 to 254)" \
  "$OPTLE" solve --list small --max-guesses 99999999999999999999
check_usage "a leading + is not a whole number" "--threads: '+2' is not a whole number" \
  "$OPTLE" solve --list small --threads +2
check_usage "solve --format without -o" "--format json: give -o FILE for the tree" \
  "$OPTLE" solve --list small --format json
check_usage "solve --first with --probe-budget" "--probe-budget is the root proof's" \
  "$OPTLE" solve --list small --first agent --probe-budget 5
check_usage "solve --quiet --stats" "--stats prints after the summary, which --quiet leaves out" \
  "$OPTLE" solve --list small --quiet --stats
check_usage "rank --probe-budget without --top" "--probe-budget goes with --top N" \
  "$OPTLE" rank --list small --cutoff 121 --probe-budget 5
check_usage "solve --first with --probe" "--probe is the root proof's" \
  "$OPTLE" solve --list small --first agent --probe agent
check_usage "rank --probe without --top" "--probe goes with --top N" \
  "$OPTLE" rank --list small --cutoff 121 --probe agent
check_usage "solve --probe: not a word" "--probe 'ag': not a five-letter word" \
  "$OPTLE" solve --list small --probe ag
check_usage "rank --probe: not a guess" "--probe 'zzzzz': not in the guess list" \
  "$OPTLE" rank --list small --top 1 --probe zzzzz
printf 'agent\n' >"$tmp/probe-words.txt"
check_usage "rank --probe: not among --words" "--probe 'crane': not among the words ranked (--words" \
  "$OPTLE" rank --list nyt-2022-02 --top 1 --probe crane --words "$tmp/probe-words.txt"
check "help help: the main help" 0 out "provably optimal Wordle strategies" "$OPTLE" help help
check "help --help: the main help" 0 out "provably optimal Wordle strategies" "$OPTLE" help --help
check_usage "help CMD with an extra argument" "'extra': unexpected argument after 'help COMMAND'" \
  "$OPTLE" help solve extra
check_usage "--version with an extra argument" "'extra': unexpected argument after '--version'" \
  "$OPTLE" --version extra
check "a command's --help under a bad OMP_NUM_THREADS" 0 out "usage: optle solve" \
  env OMP_NUM_THREADS=0 "$OPTLE" solve --help
expect "--complete values --objective" "$("$OPTLE" --complete values --objective | tr '\n' ' ')" = "total worst "
expect "lists --help: no blank after the usage" "$("$OPTLE" lists --help | head -n 1)" = "usage: optle lists"

if [ "$skipped" -gt 0 ]; then
  printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
else
  printf '%d passed, %d failed\n' "$passed" "$failed"
fi
[ "$failed" -eq 0 ]
