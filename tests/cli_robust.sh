#!/usr/bin/env bash
# tests/cli_robust.sh: robustness of the optle command line (issue 7):
# bad input that tests/cli.sh and tests/cli_simulate.sh do not already
# cover, lists at and past the size limits, the memo cap, running out of
# memory, and stopping (SIGINT, SIGTERM, --time-limit).
#
# Same conventions as tests/cli.sh: each check runs one command and
# compares its exit status and a fixed string on stdout or stderr; usage
# and input errors must print exactly one line on stderr, starting
# "optle: ", and nothing on stdout.  The last line is "N passed, M
# failed" (", K skipped" added when something was skipped); the exit
# status is nonzero when any check failed.
#
# Measurements (stop latency, peak RSS) are printed as "note:" lines.
# Under a sanitizer build (make SANITIZE=... test) the peak-RSS and
# address-space checks are skipped (ASan and TSan reserve terabytes of
# shadow memory and keep freed blocks in quarantine) and the stop latency
# may be up to 3 s instead of 1 s.
#
# Run from anywhere: `bash tests/cli_robust.sh` (make cli-test).  OPTLE
# names the binary (default ./optle in the repository root).  Takes about
# 20 s on two cores.
# shellcheck disable=SC2034 # read by lib.sh
harness=robust
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# stat_value NAME: a --stats counter of the last run.
stat_value() { awk -v k="$1" '$1 == k { print $2; exit }' "$tmp/out"; }

ms_now() { date +%s%N | cut -c1-13; }

# stop_report NAME: a stopped solve said what it proved: the lower bound,
# or, stopped while it built the feedback table, that nothing was
# computed (under a sanitizer the NYT table alone takes seconds: ASan
# and a scalar fill).
stop_report() {
  if grep -q 'while building the feedback table: nothing was computed' "$tmp/err"; then
    note "$1: stopped while building the table"
    pass
  elif grep -q '^total .*(proven optimal; the tree was not finished)' "$tmp/out"; then
    note "$1: stopped after the proof, in the tree"
    expect "$1: says the tree was not finished" \
      "$(grep -c '^tree  *none: stopped before any tree was built' "$tmp/out")" = 1
  else
    expect "$1: prints the lower bound" "$(grep -c '^lower bound ' "$tmp/out")" = 1
    # Its average cut to four places, never rounded above the bound (a
    # review saw "6809 (proven: average at least 2.9413)": 2.94125).
    expect "$1: the bound's average is the most four places allow" "$(awk '
      /^lists? / { sub(/^[^(]*\(/, ""); n = $1 }
      /^lower bound/ { l = $3; x = $NF; sub(/\)$/, "", x); q = int(x * 10000 + 0.5) }
      END { print (q * n <= l * 10000 && (q + 1) * n > l * 10000) ? "yes" : "no: " l " over " n " as " x }
      ' "$tmp/out")" = yes
  fi
}

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }

stop_ms=1000
[ "$sanitized" = 1 ] && stop_ms=3000

w="$tmp/lists"
mkdir -p "$w"
printf 'apple\nberry\n' >"$w/ok.txt"

# ------------------------------------------------------------------
# Word lists: each bad file gives "file:line: reason" (or "file: reason"),
# status 2.  (tests/cli.sh covers: 3 and 6 letters, a digit, UTF-8 é, a
# duplicate, a 5000-byte line, an empty file, comments only, a directory,
# a missing file, a bad guess file, an answer missing from the guesses.)

printf 'apple\nap\tle\n' >"$w/tab.txt"
printf 'apple\nap le\n' >"$w/space.txt"
printf 'apple berry\n' >"$w/two.txt"
printf 'apple\nap\0le\n' >"$w/nul.txt"
printf 'apple\nap\rle\n' >"$w/cr-inside.txt"
printf 'apple\rberry\rcrane\r' >"$w/cr-only.txt"
printf '\xef\xbb\xbfapple\nberry\n' >"$w/bom.txt"
printf 'apple\ncaf\xe9s\n' >"$w/latin1.txt"
printf 'apple\n\xef\xbd\x81\xef\xbd\x90\xef\xbd\x90\xef\xbd\x8c\xef\xbd\x85\n' >"$w/fullwidth.txt"
printf 'apple\n\xff\xfe\n' >"$w/invalid-utf8.txt"
printf 'apple,\n' >"$w/comma.txt"
printf 'apple\nap-le\n' >"$w/hyphen.txt"
printf 'abcd\n' >"$w/four.txt"
printf 'apple\n%s\n' "$(printf 'a%.0s' $(seq 64))" >"$w/64.txt"
printf 'apple\n%s\n' "$(printf 'a%.0s' $(seq 65))" >"$w/65.txt"
printf 'apple\n%65s\n' '' >"$w/65-blanks.txt"
printf '# %s\napple\n' "$(printf 'x%.0s' $(seq 200))" >"$w/long-comment.txt"
printf 'apple\nberry\ncrane\nBERRY\n' >"$w/dup-upper.txt"
printf 'apple\nberry\n  apple  \r\n' >"$w/dup-blanks.txt"
printf 'apple\nberry\ncrane\n' >"$w/answers.txt"
printf 'crane\napple\nberry\nslate\ncrane\n' >"$w/guesses-dup.txt"
: >"$w/empty.txt"
mkdir -p "$w/dir"

check_usage "list: a tab inside a word (escaped)" "$w/tab.txt:2: 'ap\\tle' has a blank at position 3" \
  "$OPTLE" solve --answers "$w/tab.txt"
check_usage "list: a space inside a word" "$w/space.txt:2: 'ap le' has a blank at position 3" \
  "$OPTLE" solve --answers "$w/space.txt"
check_usage "list: two words on a line" "$w/two.txt:1: 'apple berry' has a blank at position 6" \
  "$OPTLE" solve --answers "$w/two.txt"
check_usage "list: a NUL byte" "$w/nul.txt:2: " "$OPTLE" solve --answers "$w/nul.txt"
expect "list: a NUL byte is named" "$(grep -c 'a NUL byte at position 3' "$tmp/err")" = 1
check_usage "list: a CR inside a word" "$w/cr-inside.txt:2: " "$OPTLE" solve --answers "$w/cr-inside.txt"
expect "list: a CR inside a word is a non-letter" "$(grep -c 'non-letter at position 3' "$tmp/err")" = 1
check_usage "list: CR-only line ends (one long line)" "$w/cr-only.txt:1: " "$OPTLE" solve --answers "$w/cr-only.txt"
check "list: a UTF-8 byte order mark is skipped" 0 out "(2 answers)" "$OPTLE" solve --answers "$w/bom.txt"
check_usage "list: Latin-1 byte" "$w/latin1.txt:2: non-ASCII byte 0xe9" "$OPTLE" solve --answers "$w/latin1.txt"
check_usage "list: full-width letters" "$w/fullwidth.txt:2: non-ASCII byte 0xef" "$OPTLE" solve --answers "$w/fullwidth.txt"
check_usage "list: invalid UTF-8" "$w/invalid-utf8.txt:2: non-ASCII byte 0xff" "$OPTLE" solve --answers "$w/invalid-utf8.txt"
check_usage "list: punctuation after a word" "$w/comma.txt:1: 'apple,' has a non-letter at position 6" \
  "$OPTLE" solve --answers "$w/comma.txt"
check_usage "list: hyphen" "$w/hyphen.txt:2: 'ap-le' has a non-letter at position 3" \
  "$OPTLE" solve --answers "$w/hyphen.txt"
check_usage "list: four letters on line 1" "$w/four.txt:1: 'abcd' has 4 letters, expected 5" \
  "$OPTLE" solve --answers "$w/four.txt"
check_usage "list: a 64-byte line (fits the buffer)" "$w/64.txt:2: " "$OPTLE" solve --answers "$w/64.txt"
expect "list: a 64-byte line has 64 letters" "$(grep -c 'has 64 letters, expected 5' "$tmp/err")" = 1
check_usage "list: a 65-byte line" "$w/65.txt:2: line too long" "$OPTLE" solve --answers "$w/65.txt"
# A line of blanks alone is a blank line, however long (blanks past the
# buffer were once "line too long", and so was a comment indented so).
check "list: 65 blanks are a blank line" 0 out "total         1" "$OPTLE" solve --answers "$w/65-blanks.txt"
check "list: a comment longer than a line is fine" 0 out "total         1" \
  "$OPTLE" solve --answers "$w/long-comment.txt"
check_usage "list: duplicate in another case" "$w/dup-upper.txt:4: duplicate word 'berry' (first on line 2)" \
  "$OPTLE" solve --answers "$w/dup-upper.txt"
check_usage "list: duplicate with blanks and CR" "$w/dup-blanks.txt:3: duplicate word 'apple' (first on line 1)" \
  "$OPTLE" solve --answers "$w/dup-blanks.txt"
check_usage "list: duplicate in the guess list" "$w/guesses-dup.txt:5: duplicate word 'crane' (first on line 1)" \
  "$OPTLE" solve --answers "$w/answers.txt" --guesses "$w/guesses-dup.txt"
check_usage "list: empty guess list" "$w/empty.txt: no words in the list" \
  "$OPTLE" solve --answers "$w/ok.txt" --guesses "$w/empty.txt"
check_usage "list: /dev/null" "/dev/null: no words in the list" "$OPTLE" solve --answers /dev/null
check_usage "list: guesses a directory" "$w/dir: is a directory" "$OPTLE" solve --answers "$w/ok.txt" --guesses "$w/dir"
check_usage "list: guesses missing" "$w/nope.txt: cannot open" "$OPTLE" solve --answers "$w/ok.txt" --guesses "$w/nope.txt"
check_usage "list: --list with a directory of guesses" "$w/dir: is a directory" "$OPTLE" solve --list small --guesses "$w/dir"
# An unreadable file: chmod 000 means nothing to root, so read a file
# that opens but fails on read: /proc/self/mem at offset 0 gives EIO.
if [ -r /proc/self/mem ]; then
  check_usage "list: a read error" "/proc/self/mem:1: read error" "$OPTLE" solve --answers /proc/self/mem
else
  skip "list: a read error (/proc/self/mem not readable here)"
fi
# chmod 000 means nothing to root, so root runs that check as nobody
# (setpriv, util-linux), on a copy in a folder nobody may enter.
cp "$w/ok.txt" "$w/noperm.txt" && chmod 000 "$w/noperm.txt"
if [ "$(id -u)" != 0 ]; then
  check_usage "list: no permission" "$w/noperm.txt: cannot open: Permission denied" \
    "$OPTLE" solve --answers "$w/noperm.txt"
elif command -v setpriv >/dev/null 2>&1 && id nobody >/dev/null 2>&1; then
  np=$(mktemp -d /tmp/optle-noperm.XXXXXX) && chmod 755 "$np" && cp "$w/noperm.txt" "$np/" &&
    chmod 000 "$np/noperm.txt" && cp "$OPTLE" "$np/optle" && chmod 755 "$np/optle"
  check_usage "list: no permission (as nobody)" "$np/noperm.txt: cannot open: Permission denied" \
    setpriv --reuid=nobody --regid=nogroup --clear-groups "$np/optle" solve --answers "$np/noperm.txt"
  rm -rf "$np"
else
  skip "list: chmod 000 (running as root, without setpriv or a user nobody to drop to)"
fi
check_usage "simulate: bad list" "$w/tab.txt:2: 'ap\\tle' has a blank" "$OPTLE" simulate --answers "$w/tab.txt"
check_usage "simulate: answer not in guesses" "$w/answers.txt:3: answer 'crane' is not in the guess list" \
  "$OPTLE" simulate --answers "$w/answers.txt" --guesses "$w/ok.txt"

# ------------------------------------------------------------------
# Lists at and past the size limits.  Words are generated, distinct by
# construction: word i is the base-26 digits of (i * K + 12345) mod 26^5,
# K coprime to 26^5, skipping words already in the file.

# gen_words N FILE [SEED_FILE]: SEED_FILE's words, then generated ones, N in all.
gen_words() {
  { [ -n "${3:-}" ] && grep '^[a-z]' "$3"; } | awk -v N="$1" '
    BEGIN { L = "abcdefghijklmnopqrstuvwxyz"; M = 11881376; K = 7919191 }
    { seen[$1] = 1; print; n++ }
    END { for (i = 0; n < N; i++) { x = (i * K + 12345) % M; w = ""
            for (j = 0; j < 5; j++) { w = w substr(L, 1 + x % 26, 1); x = int(x / 26) }
            if (!(w in seen)) { seen[w] = 1; print w; n++ } } }' >"$2"
}
gen_words 100000 "$w/g100k.txt" wordlists/nyt-guesses.txt
expect "generated 100,000 distinct words" "$(sort -u "$w/g100k.txt" | grep -c '^[a-z]\{5\}$')" = 100000

check "100,000 guesses, 50 answers: solved" 0 out "(100000 guesses)" \
  "$OPTLE" solve --list small --guesses "$w/g100k.txt" --threads 2
expect "100,000 guesses, 50 answers: optimal total" "$(summary_value total)" = 115
# 2309 answers x 100,000 guesses: a 231 MB table, then a search that
# cannot finish; it must stop at the limit like any other.
check "100,000 guesses, 2309 answers: --time-limit 1" 4 err "optle: time limit reached after" \
  "$OPTLE" solve --answers wordlists/nyt-answers.txt --guesses "$w/g100k.txt" --threads 2 --time-limit 1
stop_report "100,000 guesses, 2309 answers: --time-limit 1"
after=$(sed -n 's/^optle: time limit reached after \([0-9.]*\) s.*/\1/p' "$tmp/err")
note "100,000 guesses, 2309 answers, --time-limit 1: stopped after ${after:-?} s"
# Every phase checks the stop, the greedy seed included (issue 17: it
# once ran seconds past the limit), so the limit holds within a second
# (3 s under a sanitizer).
overrun=$((stop_ms / 1000))
expect "100,000 guesses: stopped within $overrun s of the limit (${after:-?} s)" \
  "$(awk -v a="${after:-999}" -v o="$overrun" 'BEGIN { print (a <= o + 1) ? "yes" : "no" }')" = yes
check_usage "100,000 answers: over the 65,535 limit" \
  "$w/g100k.txt: 100000 answers and 100000 guesses is more than optle handles (65535 answers" \
  "$OPTLE" solve --answers "$w/g100k.txt"
head -n 65535 "$w/g100k.txt" >"$w/a65535.txt"
head -n 65602 "$w/g100k.txt" >"$w/g65602.txt"
check_usage "65,535 answers x 65,602 guesses: table over 4 GiB" \
  "$w/a65535.txt: 65535 answers x 65602 guesses needs a 4.0 GiB feedback table (at most 4 GiB)" \
  "$OPTLE" solve --answers "$w/a65535.txt" --guesses "$w/g65602.txt"
gen_words 1000001 "$w/g1m.txt"
check_usage "1,000,001 words: over the per-file limit" "$w/g1m.txt:1000001: too many words (at most 1000000)" \
  "$OPTLE" solve --list small --guesses "$w/g1m.txt"
rm -f "$w/g1m.txt" "$w/a65535.txt" "$w/g65602.txt"

# ------------------------------------------------------------------
# Options of solve and simulate not covered elsewhere: status 2, one line
# naming the option.

check_usage "solve: --first needs a value" "--first needs a value (WORD)" "$OPTLE" solve --list small --first
check_usage "solve: -o needs a value" "-o needs a value (FILE)" "$OPTLE" solve --list small -o
check_usage "solve: --time-limit needs a value" "--time-limit needs a value" "$OPTLE" solve --list small --time-limit
check_usage "solve: --memo-mb needs a value" "--memo-mb needs a value" "$OPTLE" solve --list small --memo-mb
check_usage "solve: --answers needs a value" "--answers needs a value (FILE)" "$OPTLE" solve --answers
check_usage "solve: --time-limit 0" "--time-limit: 0 is out of range (1 to 100000000)" \
  "$OPTLE" solve --list small --time-limit 0
check_usage "solve: --time-limit -5" "--time-limit: -5 is out of range" "$OPTLE" solve --list small --time-limit -5
check_usage "solve: --time-limit 1.5" "--time-limit: '1.5' is not a whole number" \
  "$OPTLE" solve --list small --time-limit 1.5
check_usage "solve: --time-limit 100000001" "out of range" "$OPTLE" solve --list small --time-limit 100000001
check_usage "solve: --threads -1" "--threads: -1 is out of range (1 to 1024)" "$OPTLE" solve --list small --threads -1
check_usage "solve: --threads past long" "--threads: 99999999999999999999 is out of range (1 to 1024)" \
  "$OPTLE" solve --list small --threads 99999999999999999999
check_usage "solve: --threads with a leading blank" "--threads: ' 2' is not a whole number" \
  "$OPTLE" solve --list small --threads ' 2'
check_usage "solve: --threads 2.0" "--threads: '2.0' is not a whole number" "$OPTLE" solve --list small --threads 2.0
check_usage "solve: --threads 0x2" "--threads: '0x2' is not a whole number" "$OPTLE" solve --list small --threads 0x2
check_usage "solve: --max-guesses 1e3" "--max-guesses: '1e3' is not a whole number" \
  "$OPTLE" solve --list small --max-guesses 1e3
check_usage "solve: --memo-mb 1048577" "--memo-mb: 1048577 is out of range (1 to 1048576)" \
  "$OPTLE" solve --list small --memo-mb 1048577
check_usage "solve: --memo-mb -1" "--memo-mb: -1 is out of range" "$OPTLE" solve --list small --memo-mb -1
check_usage "solve: --stats with a value" "--stats takes no value" "$OPTLE" solve --list small --stats=1
check_usage "solve: --no-seed with a value" "--no-seed takes no value" "$OPTLE" solve --list small --no-seed=
check_usage "solve: empty --answers" "--answers: empty value" "$OPTLE" solve --answers ""
check_usage "solve: empty --guesses" "--guesses: empty value" "$OPTLE" solve --list small --guesses=
check_usage "solve: empty --first" "--first: empty value" "$OPTLE" solve --list small --first ""
check_usage "solve: empty -o" "-o: empty file name" "$OPTLE" solve --list small -o ""
check_usage "solve: -o - (its report has standard output)" "-o -: standard output has the report: give the tree a file name" \
  "$OPTLE" solve --list small -o -
check_usage "solve: -o - with --format" "-o -: standard output has the report" \
  "$OPTLE" solve --list small --format json -o -
check_usage "solve: nine -o files" "-o: at most 8 files" "$OPTLE" solve --list small \
  -o "$tmp/1.json" -o "$tmp/2.json" -o "$tmp/3.json" -o "$tmp/4.json" -o "$tmp/5.json" \
  -o "$tmp/6.json" -o "$tmp/7.json" -o "$tmp/8.json" -o "$tmp/9.json"
check_usage "solve: --guesses alone (the default list's answers must be guesses)" \
  "wordlists/nyt-2023-07-answers.txt:7: answer 'aback' is not in the guess list $w/ok.txt" \
  "$OPTLE" solve --guesses "$w/ok.txt"
check "solve: --first alone (the default list)" 1 err \
  "optle: list nyt-2023-07 (3158 answers, 14855 guesses): no strategy starting with 'salet' solves every answer within 2 guesses" \
  "$OPTLE" solve --first salet --max-guesses 2
check_usage "solve: --first non-ASCII" "--first 'sälet': not a five-letter word" "$OPTLE" solve --list nyt-2022-02 --first sälet
check_usage "solve: --first with a blank" "not a five-letter word" "$OPTLE" solve --list nyt-2022-02 --first 'sal t'
check "solve: --list in capitals" 1 err "optle: list nyt-2022-02 (2309 answers, 12947 guesses): no strategy" \
  "$OPTLE" solve --list NYT-2022-02 --first salet --max-guesses 2
check_usage "solve: an unknown --list in capitals" "--list 'NYTX': unknown list (did you mean 'nyt'?)" \
  "$OPTLE" solve --list NYTX
check_usage "solve: a lone dash" "'-': unexpected argument for 'solve'" "$OPTLE" solve --list small -
check_usage "solve: after a double dash, a word is an argument" "'--quiet': unexpected argument for 'solve'" \
  "$OPTLE" solve --list small -- --quiet
check_usage "solve: an unknown short option" "-x: unknown option for 'solve'" "$OPTLE" solve --list small -x
check_usage "solve: an abbreviated option" "--thread: unknown option for 'solve'" "$OPTLE" solve --list small --thread 2
check_usage "solve: an option in capitals" "--THREADS: unknown option" "$OPTLE" solve --list small --THREADS 2
check_usage "solve: a value where a flag goes" "'1': unexpected argument" "$OPTLE" solve --list small --quiet 1
check_usage "empty command" "'': unknown command" "$OPTLE" ""
check_usage "an option for a command" "'--list': unknown command" "$OPTLE" --list small
expect "no error wrote a file" "$(find "$tmp" -maxdepth 1 -name '*.json*' | wc -l)" = 0

check_usage "simulate: --threads 0" "--threads: 0 is out of range (1 to 1024)" "$OPTLE" simulate --list small --threads 0
check_usage "simulate: --threads x" "--threads: 'x' is not a whole number" "$OPTLE" simulate --list small --threads x
check_usage "simulate: --memo-mb 0" "--memo-mb: 0 is out of range" "$OPTLE" simulate --list small --memo-mb 0
check_usage "simulate: --max-guesses -1" "--max-guesses: -1 is out of range (0 to 254)" \
  "$OPTLE" simulate --list small --max-guesses -1
check_usage "simulate: --strategy needs a value" "--strategy needs a value" "$OPTLE" simulate --list small --strategy
check_usage "simulate: empty --strategy" "--strategy: empty value" "$OPTLE" simulate --list small --strategy ""
check_usage "simulate: empty --first" "--first: empty value" "$OPTLE" simulate --list small --first ""
check_usage "simulate: --first non-ASCII" "not a five-letter word" "$OPTLE" simulate --list nyt-2022-02 --first sälet
check_usage "simulate: --compare with a value" "--compare takes no value" "$OPTLE" simulate --list small --compare=yes
check_usage "simulate: empty --strategies" "--strategies: empty value" \
  "$OPTLE" simulate --compare --list nyt-2022-02 --first salet --strategies ""
check_usage "simulate: --tree a directory" "$w/dir" "$OPTLE" simulate --list small --tree "$w/dir"
check_usage "simulate: --list and --answers" "--list and --answers cannot be used together" \
  "$OPTLE" simulate --list small --answers "$w/ok.txt"
check_usage "simulate: unexpected argument" "'extra': unexpected argument for 'simulate'" \
  "$OPTLE" simulate --list small extra

# Feedback patterns on the command line (optle next, when built): bad
# strings the pattern parser must refuse.  (tests/cli_play.sh covers a
# short pattern, a bad letter and a missing colon.)
if "$OPTLE" next --help >/dev/null 2>&1; then
  check_usage "pattern: empty" "'salet:': its pattern is missing" "$OPTLE" next salet:
  check_usage "pattern: six symbols" "'BBYBBB' is not a pattern" "$OPTLE" next salet:BBYBBB
  check_usage "pattern: digit 3" "'22223' is not a pattern" "$OPTLE" next salet:22223
  check_usage "pattern: UTF-8 letter" "is not a pattern" "$OPTLE" next salet:BBYBé
  check_usage "pattern: full-width G" "is not a pattern" "$OPTLE" next salet:ＧＧＧＧＧ
  check_usage "pattern: a blank inside" "is not a pattern" "$OPTLE" next 'salet:BB YB'
  check_usage "pattern: a very long argument" "is not a pattern" "$OPTLE" next "salet:$(printf 'G%.0s' $(seq 300))"
else
  skip "patterns on the command line (this optle has no 'next' command)"
fi

# ------------------------------------------------------------------
# The memo cap.  A list of word families (12 families of 12 words that
# differ in one position) is hard for its size: the search stores ~25,000
# memo records in under a second.  With --memo-mb 1 the memo must evict,
# prove the same total, and peak RSS must stay within the feedback table
# + the cap + a fixed allowance.  The allowance, 16 MiB, covers what is
# not the memo or the table: the binary and its libraries (optle, libc,
# libgomp, libjansson: ~3 MB resident), the embedded lists (~100 KB), two
# threads' stacks and glibc arenas, the search's per-thread scratch
# (levels of n_guesses candidates, the signature table) and the tree; the
# whole of that measures ~5 MB here (the summary's "peak RSS" of
# `optle solve --list small`), so 16 MiB is three times it.

awk 'BEGIN { L = "abcdefghijklmnopqrstuvwxyz"; s = 2022
  for (f = 0; f < 12; f++) { for (i = 0; i < 5; i++) { s = (s * 69069 + 1) % 4294967296; b[i] = int(s / 65536) % 26 }
    pos = f % 5
    for (k = 0; k < 12; k++) { w = ""
      for (i = 0; i < 5; i++) w = w substr(L, 1 + (i == pos ? (b[i] + 7 * k) % 26 : b[i]), 1)
      if (!(w in seen)) { seen[w] = 1; print w } } } }' >"$w/families.txt"
fam_n=$(wc -l <"$w/families.txt")

# timed CMD...: runs CMD under GNU time: status in $rc, peak RSS (KB) in $rss_kb.
# GNU time comes with make test's dependencies (tools/deps.sh test).
have_gnu_time=0
/usr/bin/time -v true >/dev/null 2>&1 && have_gnu_time=1
rss_kb=0
timed() {
  /usr/bin/time -v -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  rss_kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$tmp/time")
}

fam=(solve --answers "$w/families.txt" --max-guesses 0 --threads 2 --stats)
if [ "$have_gnu_time" = 1 ]; then
  timed "$OPTLE" "${fam[@]}"
else
  run "$OPTLE" "${fam[@]}"
fi
expect "memo cap: the family list solves (default memo)" "$rc" = 0
t_default=$(summary_value total)
rss_default=$rss_kb
if [ "$have_gnu_time" = 1 ]; then
  timed "$OPTLE" "${fam[@]}" --memo-mb 1
else
  run "$OPTLE" "${fam[@]}" --memo-mb 1
fi
expect "memo cap: the family list solves with --memo-mb 1" "$rc" = 0
evictions=$(stat_value memo_evictions)
stores=$(stat_value memo_stores)
note "memo cap: $fam_n answers, default memo total $t_default, peak RSS ${rss_default} KB;" \
  "--memo-mb 1: total $(summary_value total), $stores stores, $evictions evictions, peak RSS ${rss_kb} KB"
expect "memo cap: the family list's total" "$t_default" = 552
expect "memo cap: the same total with --memo-mb 1" "$(summary_value total)" = "$t_default"
expect "memo cap: --memo-mb 1 evicts (memo_evictions $evictions)" "${evictions:-0}" -gt 0
expect "memo cap: memo bytes in use within 1 MiB" "$(stat_value memo_bytes)" -le $((1 << 20))
if [ "$have_gnu_time" = 0 ]; then
  skip "memo cap: peak RSS (GNU time not installed: tools/deps.sh test says how)"
elif [ "$sanitized" = 1 ]; then
  skip "memo cap: peak RSS (sanitizer build: shadow memory and quarantine)"
else
  table_kb=$(((fam_n * fam_n + 1023) / 1024))
  limit_kb=$((table_kb + 1 * 1024 + 16 * 1024))
  expect "memo cap: peak RSS ${rss_kb} KB <= table ${table_kb} KB + 1 MiB + 16 MiB" "$rss_kb" -le "$limit_kb"
  expect "memo cap: the cap binds (RSS ${rss_kb} KB with it, ${rss_default} KB without)" \
    "$rss_kb" -lt "$rss_default"
  # The same bound where the table is most of the memory: NYT, 30 MB.
  timed "$OPTLE" solve --list nyt-2022-02 --first salet --threads 2 --memo-mb 2 --quiet
  table_kb=$(((2309 * 12947 + 1023) / 1024))
  limit_kb=$((table_kb + 2 * 1024 + 16 * 1024))
  note "memo cap: nyt --first salet --memo-mb 2: peak RSS ${rss_kb} KB (table ${table_kb} KB)"
  expect "memo cap: nyt salet solved with --memo-mb 2" "$rc" = 0
  expect "memo cap: nyt peak RSS ${rss_kb} KB <= table ${table_kb} KB + 2 MiB + 16 MiB" "$rss_kb" -le "$limit_kb"
fi

# ------------------------------------------------------------------
# Out of memory: under an address-space limit (ulimit -v) optle must
# fail cleanly wherever the limit bites (the lists, the table, the memo,
# thread stacks, the search): status 3 with "optle: out of memory" (for
# the memo: "optle: out of memory: --memo-mb N: ..."), or succeed; never
# a signal or a core dump, never another status.  The limits step through the range
# where each allocation in turn fails.

# oom_kind: how the last run ended: "ok", "oom" (status 3, "optle: out
# of memory"), "memo" (the same, for the memo: it names --memo-mb), or
# "bad: why".
oom_kind() {
  local line
  line=$(grep -m 1 . "$tmp/err")
  case $rc in
  0) echo ok ;;
  3) if grep -q '^optle: out of memory: cannot reserve [0-9]* MiB for the memo' "$tmp/err"; then echo memo
     elif grep -q '^optle: out of memory' "$tmp/err"; then echo oom
     # OpenMP's runtime, short of memory for a team or a task, says so
     # itself; main.c turns its exit(1) into status 3.
     elif grep -q '^libgomp: Out of memory' "$tmp/err"; then echo oom
     else echo "bad: status 3: $line"; fi ;;
  *) echo "bad: status $rc: $line" ;;
  esac
}

# ulimit_sweep NAME CMD...: runs CMD under limits from 10 MB up in steps
# of 5 MB, until it succeeds (more memory then changes nothing) or 150 MB.
ulimit_sweep() {
  local name=$1 kb bad="" oom=0 memo=0 ok=0 kind
  shift
  for kb in $(seq 10000 5000 150000); do
    # OMP_NUM_THREADS: the table fill's team is every core otherwise, and
    # on a many-core machine their stacks alone would pass 150 MB.
    (ulimit -c 0 -v "$kb" && OMP_NUM_THREADS=2 exec "$@") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    # Too little to start the binary at all (the dynamic loader fails).
    [ "$rc" = 127 ] && [ "$kb" -le 10000 ] && continue
    kind=$(oom_kind)
    case $kind in
    ok) ok=1; break ;;
    oom) oom=$((oom + 1)) ;;
    memo) memo=$((memo + 1)) ;;
    *) bad="$bad; $kb KB: ${kind#bad: }" ;;
    esac
  done
  note "ulimit -v sweep, $name: $oom out of memory, $memo more for the memo (all status 3), solved from ${kb} KB"
  if [ -z "$bad" ]; then pass; else fail "ulimit -v: $name: clean failures only" "${bad#; }"; fi
  expect "ulimit -v: $name: some limit gives 'out of memory'" "$oom" -gt 0
  expect "ulimit -v: $name: solved under ${kb} KB" "$ok" = 1
}
# oom_check NAME CMD...: CMD must fail cleanly for lack of memory.
oom_check() {
  local name=$1 kind
  shift
  run "$@"
  kind=$(oom_kind)
  case $kind in
  oom | memo) pass ;;
  *) fail "$name" "expected status 3 'optle: out of memory': $kind" ;;
  esac
}
if [ "$sanitized" = 1 ]; then
  skip "ulimit -v (sanitizer build: ASan and TSan need terabytes of address space)"
else
  ulimit_sweep "solve nyt --first salet" "$OPTLE" solve --list nyt-2022-02 --first salet --threads 2 --memo-mb 8
  ulimit_sweep "solve nyt --first salet, 1 thread" "$OPTLE" solve --list nyt-2022-02 --first salet --threads 1 --memo-mb 8
  ulimit_sweep "simulate exact" "$OPTLE" simulate --list nyt-2022-02 --first salet --strategy exact --threads 2 --memo-mb 8
  check "ulimit -v: --memo-mb larger than the address space" 3 err "out of memory: cannot reserve 512 MiB for the memo: give a smaller --memo-mb" \
    bash -c 'ulimit -v 300000 && exec "$0" solve --list small --memo-mb 512' "$OPTLE"
  oom_check "ulimit -v: simulate exact, --memo-mb larger than the address space" \
    bash -c 'ulimit -c 0 -v 300000 && exec "$0" simulate --list small --strategy exact --memo-mb 512' "$OPTLE"
  oom_check "ulimit -v: simulate --compare exact, --memo-mb larger than the address space" \
    bash -c 'ulimit -c 0 -v 300000 && exec "$0" simulate --compare --list small --first abate \
      --strategies entropy,exact --memo-mb 512' "$OPTLE"
fi

# ------------------------------------------------------------------
# Stopping: SIGINT and SIGTERM during a long solve, and --time-limit.
# optle must exit with status 4 within a second of the signal, print the
# proven lower bound, and, stopped before any tree was built (these stop
# well before the root proof's probe has its tree, and a fixed first
# guess has none), write nothing to its -o paths: no tree, no temporary
# file; and say so.  (A stop after the probe writes its tree:
# tests/cli_root.sh.)

stopdir="$tmp/stop"
mkdir -p "$stopdir"
# no_tree_said NAME: the stop's line says no tree was written (or it
# came while the table was built, which says nothing was computed).
no_tree_said() {
  if grep -q 'no tree written\|nothing was computed' "$tmp/err"; then pass; else
    fail "$1: says no tree was written" "stderr: $(head -c 300 "$tmp/err")"
  fi
}
no_output() {
  local left
  left=$(find "$stopdir" -mindepth 1 | head -n 3)
  if [ -z "$left" ]; then pass; else fail "$1: nothing written" "found: $left"; rm -f "$stopdir"/*; fi
}
# stop_outputs NAME: what a stop left in $stopdir matches what it said.
# Either no tree had been built (nothing written, and it says so), or the
# root proof's probe had built its tree (the proofs are fast enough that
# a stop can come after it): then the JSON tree is written whole, marked
# not proven optimal with its lower bound, the text tree's first line
# says so too, and a note says the paths file has no place for it.
stop_outputs() {
  if grep -q 'wrote the best tree found, marked not proven optimal' "$tmp/err"; then
    note "$1: stopped after the probe's tree: written, marked not proven"
    expect "$1: the JSON tree is marked not proven" \
      "$(grep -c '"proven": *false' "$stopdir/tree.json" 2>/dev/null)" -ge 1
    expect "$1: ... with its lower bound" \
      "$(grep -c '"lower_bound"' "$stopdir/tree.json" 2>/dev/null)" -ge 1
    if [ -e "$stopdir/tree.txt" ]; then
      expect "$1: the text tree's first line says so" "$(head -c 1 "$stopdir/tree.txt")" = "#"
    fi
    # The paths file has no place for the mark: a note instead, unless the
    # tree's total is its lower bound (then it is optimal).
    if [ "$(jq '.lower_bound < .total' "$stopdir/tree.json" 2>/dev/null)" = true ]; then
      expect "$1: the paths file is written too" -e "$stopdir/tree.paths"
      err_has "$1: the paths file's note" \
        "optle: note: $stopdir/tree.paths: the paths format cannot carry this tree's mark"
    fi
    rm -f "$stopdir"/*
  else
    no_output "$1"
    no_tree_said "$1"
  fi
}

# handler_ready PID: waits (up to 20 s) until PID catches SIGINT and
# SIGTERM (bits 1 and 14 of SigCgt in /proc/PID/status), i.e. until the
# solve has started: a signal during list loading, before that, would
# meet the default action.  Without /proc it just waits a second.
handler_ready() {
  local mask
  [ -r "/proc/$1/status" ] || { sleep 1; return 0; }
  for _ in $(seq 400); do
    mask=$(awk '/^SigCgt:/ { print $2 }' "/proc/$1/status" 2>/dev/null)
    [ -n "$mask" ] && (((16#$mask >> 1 & 1) && (16#$mask >> 14 & 1))) && return 0
    kill -0 "$1" 2>/dev/null || return 1
    sleep 0.05
  done
  return 1
}

# stop_check NAME SIGNAL CMD...: starts CMD, signals it half a second into
# the solve, and checks the status, the latency, the report and the -o
# paths.
stop_check() {
  local name=$1 sig=$2 pid t0 t1 ms
  shift 2
  "$@" -o "$stopdir/tree.json" -o "$stopdir/tree.txt" -o "$stopdir/tree.paths" >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  handler_ready "$pid" || fail "$name: the solve never started" "$(head -c 300 "$tmp/err")"
  sleep 0.5
  t0=$(ms_now)
  kill -s "$sig" "$pid"
  wait "$pid"
  rc=$?
  t1=$(ms_now)
  ms=$((t1 - t0))
  note "$name: SIG$sig to exit: $ms ms"
  expect "$name: exit status 4 (got $rc)" "$rc" = 4
  expect "$name: exits within ${stop_ms} ms of SIG$sig (took $ms ms)" "$ms" -le "$stop_ms"
  expect "$name: says it stopped" "$(grep -c '^optle: stopped after' "$tmp/err")" = 1
  stop_report "$name"
  stop_outputs "$name"
}
# (BYWAY hard on nyt-2023-07: about 50 s, its proof 10 s.  QUINT, which
# has no strategy within six guesses, took over a minute until the quick
# feasibility test refuted it in a blink; ZYMIC hard on nyt-2022-08, once
# a 3.8 s proof, takes under a second since the search takes a guess's
# classes smallest first, as BUTYL hard does.)
stop_check "SIGINT, nyt-2023-07 --hard --first byway" INT "$OPTLE" solve --list nyt-2023-07 --hard --first byway --threads 2
stop_check "SIGTERM, nyt-2023-07 --hard --first byway" TERM "$OPTLE" solve --list nyt-2023-07 --hard --first byway --threads 2
stop_check "SIGINT, nyt root search" INT "$OPTLE" solve --list nyt-2022-02 --threads 2
stop_check "SIGTERM, nyt root search, 1 thread" TERM "$OPTLE" solve --list nyt-2022-02 --threads 1

for args in "--list nyt-2023-07 --hard --first byway" "--list nyt-2022-02"; do
  t0=$(ms_now)
  # shellcheck disable=SC2086
  check "--time-limit 1, nyt $args" 4 err "optle: time limit reached after" \
    "$OPTLE" solve $args --threads 2 --time-limit 1 -o "$stopdir/tree.json" -o "$stopdir/tree.paths"
  stop_report "--time-limit 1, nyt $args"
  t1=$(ms_now)
  after=$(sed -n 's/^optle: time limit reached after \([0-9.]*\) s.*/\1/p' "$tmp/err")
  note "--time-limit 1, nyt $args: stopped after ${after:-?} s, $((t1 - t0)) ms in all"
  expect "--time-limit 1, nyt $args: says so" -n "$after"
  expect "--time-limit 1, nyt $args: stops within a second of the limit (${after:-?} s)" \
    "$(awk -v a="${after:-99}" -v m="$stop_ms" 'BEGIN { print (a <= 1 + m / 1000) ? "yes" : "no" }')" = yes
  stop_outputs "--time-limit 1, nyt $args"
done
# --objective worst stopped while it finds the least depth (the original
# lists' depth 4 takes many minutes: every first guess must be ruled
# out): the depths ruled out and the first guesses ruled out at the one
# being tested, where it said "lower bound 0 (proven: average at least
# 0.0000)" and "0 of 0 first guesses tried", and printed no progress.
# (A sanitizer build on a loaded host can take 4 s to build the table:
# 20 s there, which still ends within the depth of 4.)
wl=4
[ "$sanitized" = 1 ] && wl=20
check "--time-limit $wl, original --objective worst" 4 err "optle: time limit reached after" \
  "$OPTLE" solve --list original --objective worst --threads 2 --time-limit "$wl" -o "$stopdir/tree.json"
expect "worst case stopped: no lower bound of 0" "$(grep -c '^lower bound' "$tmp/out")" = 0
expect "worst case stopped: the depths ruled out" "$(grep -cE \
  '^worst case    more than ([23]) guesses \(proven: no strategy finds every answer within \1\)$' \
  "$tmp/out")" = 1
expect "worst case stopped: the depth being tested and its first guesses ruled out" "$(grep -cE \
  '^progress      testing [34] guesses: [0-9]+ of 12972 first guesses ruled out$' "$tmp/out")" = 1
expect "worst case stopped: the next depth is the one being tested" "$(awk '
  /^worst case/ { a = $5 } /^progress/ { t = $3 } END { print (t == a + 1) ? "yes" : "no" }' \
  "$tmp/out")" = yes
expect "worst case stopped: no tree written" ! -e "$stopdir/tree.json"
if [ "$sanitized" != 1 ]; then
  err_has "worst case: progress lines name the depth being tested" \
    "first guesses settled; worst case: every answer within 4 guesses?"
fi
# ... and with a fixed first guess, what is ruled out is the strategies
# that start with it (the line said "no strategy finds every answer",
# which a stop with --first had not proven): every word an answer, COPRA,
# whose test within 5 takes about a minute (not under the sanitizers,
# whose build takes longer than the limit to make the list's table).
if [ "$sanitized" != 1 ]; then
  check "--time-limit 6, --first copra --objective worst" 4 err "optle: time limit reached after" \
    "$OPTLE" solve --list nyt-2022-02-all --objective worst --first copra --threads 2 \
    --time-limit 6 -o "$stopdir/tree.json"
  expect "worst case stopped with --first: the depths ruled out start with it" "$(grep -cE \
    '^worst case    more than ([2-5]) guesses \(proven: no strategy starting with copra finds every answer within \1\)$' \
    "$tmp/out")" = 1
  expect "worst case stopped with --first: no count of first guesses" "$(grep -cE \
    '^progress      testing [3-6] guesses$' "$tmp/out")" = 1
fi

# A huge list (issue 49: a 20 GB sparse file was read for minutes, deaf
# to SIGTERM, and the stop then named the feedback table).  A line that
# is not a comment is refused as soon as it outgrows a word; a comment
# line may be long, and a stop ends its reading at once, naming it.
truncate -s 20G "$w/huge-nul.txt"
t0=$(ms_now)
check_usage "list: a 20 GB line of NUL bytes" "$w/huge-nul.txt:1: line too long" \
  "$OPTLE" solve --answers "$w/huge-nul.txt"
ms=$(($(ms_now) - t0))
expect "list: a 20 GB line is refused within 2 s (took $ms ms)" "$ms" -le 2000
printf '#' >"$w/huge-comment.txt" && truncate -s 20G "$w/huge-comment.txt"
"$OPTLE" solve --answers "$w/huge-comment.txt" -o "$stopdir/tree.json" >"$tmp/out" 2>"$tmp/err" &
pid=$!
handler_ready "$pid" || fail "list: a 20 GB comment: never caught SIGTERM"
sleep 0.5
t0=$(ms_now)
kill -s TERM "$pid"
wait "$pid"
rc=$?
ms=$(($(ms_now) - t0))
note "list: a 20 GB comment, SIGTERM to exit: $ms ms"
expect "list: a 20 GB comment, SIGTERM: status 4 (got $rc)" "$rc" = 4
expect "list: a 20 GB comment, SIGTERM: exits within ${stop_ms} ms (took $ms ms)" "$ms" -le "$stop_ms"
err_has "list: a 20 GB comment, SIGTERM: names the phase" "while reading the word lists: nothing was computed"
expect "list: a 20 GB comment, SIGTERM: no tree" ! -e "$stopdir/tree.json"
rm -f "$w/huge-nul.txt" "$w/huge-comment.txt"
# A FIFO with no writer as another input: open() waits, and a SIGTERM
# there is a stop (status 4, the phase named), not bad input (a red-team
# pass found status 2 and "Interrupted system call" for these three).
mkfifo "$w/in.fifo"
for input in "rank --list small --words" "rank --list small --compare" "next --list small --tree" \
  "next --list small --share" "analyse --list small --share"; do
  # shellcheck disable=SC2086
  "$OPTLE" $input "$w/in.fifo" --threads 1 >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  handler_ready "$pid" || fail "$input a FIFO: never caught SIGTERM"
  sleep 0.3
  kill -s TERM "$pid"
  wait "$pid"
  rc=$?
  expect "$input a FIFO, SIGTERM while it waits: status 4 (got $rc)" "$rc" = 4
  err_has "$input a FIFO, SIGTERM: says it stopped while reading" "optle: stopped after"
  expect "$input a FIFO, SIGTERM: no system call's error" "$(grep -c 'Interrupted system call' "$tmp/err")" = 0
done
rm -f "$w/in.fifo"

# A standard stream the caller closed (2>&-, >&-) is never one of
# optle's files (main.c): before, with stderr closed, a checkpoint
# opened as fd 2 was refused as standard error (status 2, said to no
# one), and a stopped root proof's progress lines went into its -o tree.
"$OPTLE" rank --list small --threads 1 --checkpoint "$w/std.ck" >/dev/null 2>&1
"$OPTLE" rank --list small --threads 1 --checkpoint "$w/std.ck" -o "$w/std.tsv" >/dev/null 2>&-
rc=$?
expect "stderr closed: a resumed rank succeeds (got $rc)" "$rc" = 0
expect "stderr closed: its -o table is a table" "$(head -c 14 "$w/std.tsv" 2>/dev/null)" = "# optle rank: "
expect "stderr closed: no message in the -o table" "$(grep -c 'optle: ' "$w/std.tsv" 2>/dev/null)" = 0
"$OPTLE" solve --list small --threads 1 -o "$w/std.json" >&- 2>"$tmp/err"
rc=$?
expect "stdout closed: the report cannot be written, status 2 (got $rc)" "$rc" = 2
err_has "stdout closed: says so" "optle: standard output: Bad file descriptor"
expect "stdout closed: the -o tree is whole" "$(jq -r .list "$w/std.json" 2>/dev/null)" = small
rm -f "$w/std.ck" "$w/std.tsv" "$w/std.json"

no_leftover=$(find "$root" -maxdepth 2 -name '*.tmp.*' -newer "$w/ok.txt" 2>/dev/null | head -n 3)
expect "no temporary files left in the repository ($no_leftover)" -z "$no_leftover"

# ------------------------------------------------------------------

if [ "$skipped" -gt 0 ]; then
  printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
else
  printf '%d passed, %d failed\n' "$passed" "$failed"
fi
[ "$failed" -eq 0 ]
