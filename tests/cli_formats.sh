#!/usr/bin/env bash
# tests/cli_formats.sh: the tree formats other solvers publish (path
# lines, compressed path lines, map JSON, the ES module), through
# `optle verify`, `export`, `solve -o`, `next --tree` and `play --tree`,
# run as a subprocess; and solve's -o and --format in every format export
# writes, the page and DOT included.
#
# The fixtures are tests/fixtures/formats (the 12-answer instance of
# tests/fixtures/trees in each format, one file per reader error u-* and
# per verification failure i-*).  Reader errors are status 2 and invalid
# trees status 1, each with exactly one line on stderr, "optle: FILE:..."
# naming the file, and nothing on stdout.  Each quirk of the published
# files has a hand-written valid fixture: CRLF line ends (valid-crlf.*),
# and the web pages' compact ES module with extra keys ("depth",
# "ranking") and a closing semicolon (valid-compact.mjs); the map files
# have the 22222 key and bare-string leaves, the compressed files their
# shared prefixes.  The published files themselves carry no licence and
# stay outside the repository: make test-public (tests/public.sh)
# verifies them.  The last line is "N passed, M failed" (", K skipped").
#
# Run from anywhere: `bash tests/cli_formats.sh`.  OPTLE names the binary.
# shellcheck disable=SC2034 # read by lib.sh
harness=formats
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }

fx=tests/fixtures/formats
tiny=tests/fixtures/trees
L=(--answers "$tiny/answers.txt" --guesses "$tiny/guesses.txt")

# check_invalid NAME FRAGMENT CMD...: status 1, one 'optle: ' line on
# stderr containing FRAGMENT, nothing on stdout.
check_invalid() {
  local name=$1 frag=$2
  shift 2
  check "$name" 1 err "$frag" "$@" || return 1
  if [ "$(wc -l <"$tmp/err")" -ne 1 ] || ! grep -q '^optle: ' "$tmp/err" || [ -s "$tmp/out" ]; then
    fail "$name: one 'optle: ' line on stderr, nothing on stdout" "$(head -c 300 "$tmp/err")"
    return 1
  fi
  pass
}

same_file() { # NAME A B
  if cmp -s "$2" "$3"; then pass; else fail "$1" "$(cmp "$2" "$3" 2>&1 | head -n 1)"; fi
}

# ------------------------------------------------------------------
# The valid fixtures: detected by content, the tree of valid.txt.

run "$OPTLE" verify "$tiny/valid.txt" "${L[@]}"
hash_txt=$(summary_value "tree hash")
expect "the report has a tree hash" -n "$hash_txt"
for f in valid.paths:"path lines, 12 lines" valid.cpaths:"compressed path lines, 12 lines" \
  valid.map.json:"map JSON, 22 lines" valid.mjs:"map JSON (ES module), 22 lines" \
  valid-crlf.paths:"path lines, 12 lines" valid-crlf.cpaths:"compressed path lines, 12 lines" \
  valid-crlf.map.json:"map JSON, 22 lines" valid-compact.mjs:"map JSON (ES module), 1 line"; do
  file=${f%%:*} format=${f#*:}
  if check "verify $file" 0 out "format        $format" "$OPTLE" verify "$fx/$file" "${L[@]}"; then
    expect "$file: total" "$(summary_value total)" = 30
    expect "$file: the tree of valid.txt" "$(summary_value "tree hash")" = "$hash_txt"
  fi
done
cp "$fx/valid.map.json" "$tmp/looks-like.txt"
check "format from content, not the name" 0 out "format        map JSON" \
  "$OPTLE" verify "$tmp/looks-like.txt" "${L[@]}"
paths_on_stdin() { "$OPTLE" verify - "${L[@]}" <"$fx/valid.paths"; }
check "verify - reads path lines from stdin" 0 out "format        path lines" paths_on_stdin
check_invalid "path lines: --max-guesses names the line" \
  "$fx/valid.paths:1: answer 'sight' needs 4 guesses, more than --max-guesses 3" \
  "$OPTLE" verify "$fx/valid.paths" "${L[@]}" --max-guesses 3

# ------------------------------------------------------------------
# Every reader error: status 2, file:line: reason.  Every verification
# failure: status 1.

for f in "$fx"/u-*; do
  check_usage "unusable: $(basename "$f")" "optle: $f:" "$OPTLE" verify "$f" "${L[@]}"
done
for f in "$fx"/i-*; do
  check_invalid "invalid: $(basename "$f")" "optle: $f" "$OPTLE" verify "$f" "${L[@]}"
done
check_usage "a non-word" "$fx/u-paths-non-word.paths:5: 'l1ght' is not a five-letter word" \
  "$OPTLE" verify "$fx/u-paths-non-word.paths" "${L[@]}"
check_usage "after ggggg" "$fx/u-paths-after-win.paths:3: the path goes on after ggggg" \
  "$OPTLE" verify "$fx/u-paths-after-win.paths" "${L[@]}"
check_usage "sharing too much" "$fx/u-cpaths-shares-too-much.cpaths:4: the line shares 5 guesses" \
  "$OPTLE" verify "$fx/u-cpaths-shares-too-much.cpaths" "${L[@]}"
check_usage "mixed formats" "mixed formats" "$OPTLE" verify "$fx/u-paths-mixed-selby.paths" "${L[@]}"
check_usage "map JSON: the line of the key" \
  "$fx/u-map-bad-pattern.map.json:9: \"00030\" under 'clamp' is not a pattern" \
  "$OPTLE" verify "$fx/u-map-bad-pattern.map.json" "${L[@]}"
check_invalid "map JSON: a wrong pattern, the line of its key" \
  "$fx/i-map-label.map.json:9: answer 'might': pattern 00011 after 'clamp' but clamp gives 00010" \
  "$OPTLE" verify "$fx/i-map-label.map.json" "${L[@]}"
check_invalid "path lines: an answer twice" "answer 'light' appears twice (lines 5 and 6)" \
  "$OPTLE" verify "$fx/i-paths-twice.paths" "${L[@]}"
check_invalid "path lines: a missing answer" "answer 'patch' is missing" \
  "$OPTLE" verify "$fx/i-paths-missing.paths" "${L[@]}"

# ------------------------------------------------------------------
# Export: the extension or --format picks the format; the writers give
# the fixtures back byte for byte.

out="$tmp/x"
mkdir -p "$out"
for e in paths cpaths map.json mjs; do
  check "export -o t.$e" 0 out "" "$OPTLE" export "$tiny/valid.json" "${L[@]}" -o "$out/t.$e"
  same_file "export -o t.$e equals valid.$e" "$out/t.$e" "$fx/valid.$e"
done
check "export -o t.js: the ES module" 0 out "" "$OPTLE" export "$fx/valid.paths" "${L[@]}" -o "$out/t.js"
same_file "t.js equals valid.mjs" "$out/t.js" "$fx/valid.mjs"
for f in paths:valid.paths cpaths:valid.cpaths map:valid.map.json mjs:valid.mjs js:valid.mjs; do
  check "export --format ${f%%:*}" 0 out "" "$OPTLE" export "$fx/valid.cpaths" "${L[@]}" --format "${f%%:*}"
  same_file "--format ${f%%:*} to stdout" "$tmp/out" "$fx/${f#*:}"
done
check "export from map JSON to text" 0 out "" "$OPTLE" export "$fx/valid.mjs" "${L[@]}" -o "$out/t.txt"
same_file "map JSON -> text equals valid.txt" "$out/t.txt" "$tiny/valid.txt"
check "one grep finds an answer's whole path" 0 out "" \
  grep -qx 'clamp _____ fight _gggg night _gggg sight ggggg' "$out/t.paths"
check_invalid "export refuses an invalid tree" "$fx/i-paths-label.paths:1:" \
  "$OPTLE" export "$fx/i-paths-label.paths" "${L[@]}" -o "$out/bad.paths"
expect "nothing written for an invalid tree" ! -e "$out/bad.paths"

# ------------------------------------------------------------------
# solve -o writes every format export writes, through export's writer:
# the explorer page and DOT of solve's tree are export's of the same
# tree byte for byte (export's page names its input file; read from
# standard input it names none, as solve's names none); --format gives
# every -o file's format, whatever its name; an unknown extension is
# refused with the known ones listed, before any search, and nothing is
# written.

if check "solve -o .html -o .dot" 0 out "" "$OPTLE" solve --list small --quiet -o "$out/all.json" \
  -o "$out/all.html" -o "$out/all.htm" -o "$out/all.dot" -o "$out/all.gv" -o "$out/all.txt"; then
  check "export of solve's tree, from standard input" 0 out "" \
    sh -c '"$0" export - -o "$1" -o "$2" <"$3"' "$OPTLE" "$out/exp.html" "$out/exp.dot" "$out/all.json"
  same_file "solve -o .html is export's page" "$out/all.html" "$out/exp.html"
  same_file "solve -o .htm is the page too" "$out/all.htm" "$out/exp.html"
  same_file "solve -o .dot is export's DOT" "$out/all.dot" "$out/exp.dot"
  same_file "solve -o .gv is DOT too" "$out/all.gv" "$out/exp.dot"
  expect "the page is HTML" "$(head -c 15 "$out/all.html")" = "<!DOCTYPE html>"
  expect "the DOT is a graph" "$(head -n 1 "$out/all.dot")" = "digraph optle {"
  check "export of solve's text tree as a page" 0 out "" \
    sh -c '"$0" export - --list small --format html <"$1"' "$OPTLE" "$out/all.txt"
  same_file "... the same page" "$tmp/out" "$out/all.html"
fi
check "solve --format html, a name without an extension" 0 out "" \
  "$OPTLE" solve --list small --quiet --format html -o "$out/page" -o "$out/page.json"
same_file "solve --format html: the page" "$out/page" "$out/all.html"
same_file "solve --format html: every file, .json too" "$out/page.json" "$out/all.html"
check "solve --format dot --depth 1" 0 out "" \
  "$OPTLE" solve --list small --quiet --format dot --depth 1 -o "$out/d1"
check "export --format dot --depth 1" 0 out "" \
  "$OPTLE" export "$out/all.json" --format dot --depth 1 -o "$out/d1-export.dot"
same_file "solve --depth 1: export's picture" "$out/d1" "$out/d1-export.dot"
expect "--depth 1: the title names the summaries" "$(grep -c 'dashed: the guesses after these' "$out/d1")" = 1
# A depth that cuts nothing summarises nothing, and the title says none
# (it named the dashed summaries whenever --depth was given).
check "export --format dot --depth 9" 0 out "" \
  "$OPTLE" export "$out/all.json" --format dot --depth 9 -o "$out/d9.dot"
expect "--depth 9 on a tree of 3 levels: no summary" "$(grep -c 'dashed' "$out/d9.dot")" = 0
check "solve --format text" 0 out "" "$OPTLE" solve --list small --quiet --format text -o "$out/t.out"
same_file "solve --format text: the text tree" "$out/t.out" "$out/all.txt"
check "solve --format json, the summary too" 0 out "tree hash" \
  "$OPTLE" solve --list small --format json -o "$out/j.out"
expect "solve --format json: a JSON tree" "$(jq -r .list "$out/j.out")" = small
known=".json, .txt, .dot, .gv, .svg, .png, .html, .htm, .paths, .cpaths, .map.json, .mjs or .js"
check_usage "solve: an unknown extension lists the known ones" \
  "-o $out/x.bmp: unknown tree format (use $known, or give --format json|text|dot|svg|png|html|paths|cpaths|map|mjs)" \
  "$OPTLE" solve --list small -o "$out/ok.json" -o "$out/x.bmp"
expect "solve: nothing written for an unknown extension" ! -e "$out/ok.json"
check_usage "solve: no extension" "-o $out/noext: unknown tree format (use $known" \
  "$OPTLE" solve --list small -o "$out/noext"
check_usage "solve: --format xml" "--format 'xml': unknown format (json, text, dot, svg, png, html, paths, cpaths, map or mjs)" \
  "$OPTLE" solve --list small --format xml -o "$out/x.json"
check_usage "solve: --depth without DOT" "--depth applies to --format dot only" \
  "$OPTLE" solve --list small --depth 2 -o "$out/x.json" -o "$out/x.html"
check_usage "simulate: an unknown extension lists the known ones" "-o $out/x.bmp: unknown tree format (use $known)" \
  "$OPTLE" simulate --list small -o "$out/x.bmp"
# Issue 49: -o x.svg and -o x.png draw the DOT picture with Graphviz's
# dot (installed by make test), and are refused, naming the package, where
# it is not; a dot that fails leaves the file as it was.
if command -v dot >/dev/null 2>&1; then
  check "solve -o .svg -o .png" 0 out "wrote         $out/pic.svg" \
    "$OPTLE" solve --list small -o "$out/pic.svg" -o "$out/pic.png" -o "$out/pic.dot"
  dot -Tsvg "$out/pic.dot" >"$out/pic-dot.svg"
  same_file "-o .svg: dot's own drawing of the .dot" "$out/pic.svg" "$out/pic-dot.svg"
  expect "-o .png: a PNG" "$(head -c 4 "$out/pic.png" | tail -c 3)" = PNG
  check "export --format svg --depth 1" 0 out "<svg" "$OPTLE" export "$out/all.json" --format svg --depth 1
  check "simulate -o .svg" 0 out "" "$OPTLE" simulate --list small --quiet -o "$out/sim.svg"
  expect "simulate -o .svg: a picture" "$(grep -c '<svg' "$out/sim.svg")" -ge 1
  # A parent that ignores SIGCHLD (the disposition survives exec): dot's
  # status must still be read, not lost to the kernel's reaping (ECHILD).
  check "-o .svg with SIGCHLD ignored" 0 out "" python3 -c 'import os, signal, sys
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
os.execvp(sys.argv[1], sys.argv[1:])' "$OPTLE" export "$out/all.json" -o "$out/ign.svg"
  same_file "-o .svg with SIGCHLD ignored: the same picture" "$out/ign.svg" "$out/pic.svg"
else
  skip "-o .svg and .png (Graphviz's dot not installed)"
fi
fake="$tmp/fakebin"
mkdir -p "$fake"
printf '#!/bin/sh\nhead -c 10 /dev/zero\nexit 3\n' >"$fake/dot" && chmod +x "$fake/dot"
echo old >"$out/keep.svg"
check_usage "-o .svg: a dot that fails" "dot -Tsvg failed (status 3): nothing written" \
  env PATH="$fake:$PATH" "$OPTLE" solve --list small --quiet -o "$out/keep.svg"
expect "-o .svg: a dot that fails leaves the file as it was" "$(cat "$out/keep.svg")" = old
# A dot that says it drew the picture but wrote nothing: no empty file.
mkdir -p "$fake/empty"
printf '#!/bin/sh
cat >/dev/null
exit 0
' >"$fake/empty/dot" && chmod +x "$fake/empty/dot"
check_usage "-o .svg: a dot that writes nothing" "dot -Tsvg wrote nothing: nothing written" \
  env PATH="$fake/empty:$PATH" "$OPTLE" solve --list small --quiet -o "$out/keep.svg"
expect "-o .svg: a dot that writes nothing leaves the file as it was" "$(cat "$out/keep.svg")" = old
check_usage "-o .png without Graphviz: refused, naming the package" \
  "-o $out/none.png: a picture is drawn by Graphviz's dot, which is not on PATH: install the package graphviz" \
  env PATH=/nonexistent "$OPTLE" solve --list small -o "$out/none.png"
expect "-o .png without Graphviz: nothing written" ! -e "$out/none.png"
check_usage "simulate -o .svg without Graphviz" "install the package graphviz" \
  env PATH=/nonexistent "$OPTLE" simulate --list small -o "$out/none.svg"
# export to standard output names no -o the user did not give.
"$OPTLE" solve --list small --quiet -o "$out/pic.json"
check_usage "export --format svg to stdout without Graphviz" \
  "standard output: a picture is drawn by Graphviz's dot, which is not on PATH" \
  env PATH=/nonexistent "$OPTLE" export "$out/pic.json" --format svg
check "simulate -o .html" 0 out "" "$OPTLE" simulate --list small --quiet -o "$out/sim.html" -o "$out/sim.json"
check "simulate's page is export's of its tree" 0 out "" \
  sh -c '"$0" export - -o "$1" <"$2"' "$OPTLE" "$out/sim-exp.html" "$out/sim.json"
same_file "simulate -o .html: export's page" "$out/sim.html" "$out/sim-exp.html"

# ------------------------------------------------------------------
# Round trips of optle's own trees: solve, then every format and back to
# JSON, byte for byte and with the same tree hash.

round_trip() { # NAME LIST-ARGS...
  local name=$1
  shift
  if ! check "$name: solve" 0 out "" "$OPTLE" solve "$@" --quiet -o "$out/$name.json" \
    -o "$out/$name.paths" -o "$out/$name.cpaths" -o "$out/$name.map.json" -o "$out/$name.mjs"; then
    return
  fi
  local l=("$@")
  [ "${l[0]}" = --list ] && l=(--list "${l[1]}")
  run "$OPTLE" verify "$out/$name.json" "${l[@]}"
  local h
  h=$(summary_value "tree hash")
  local e
  for e in paths cpaths map.json mjs; do
    if check "$name: verify .$e" 0 out "" "$OPTLE" verify "$out/$name.$e" "${l[@]}"; then
      expect "$name.$e: the same tree hash" "$(summary_value "tree hash")" = "$h"
    fi
    check "$name: .$e back to JSON" 0 out "" "$OPTLE" export "$out/$name.$e" "${l[@]}" -o "$out/$name-$e.json"
    same_file "$name: .$e -> JSON is solve's JSON" "$out/$name-$e.json" "$out/$name.json"
  done
}
round_trip small --list small
round_trip medium --list medium
round_trip nyt-salet --list nyt-2022-02 --first salet

# next and play read the new formats too.
if [ -s "$out/nyt-salet.paths" ]; then
  check "next --tree path lines" 0 out "next guess from the tree $out/nyt-salet.cpaths: courd" \
    "$OPTLE" next --list nyt-2022-02 --tree "$out/nyt-salet.cpaths" salet:BBBBB
  check "play --tree map JSON" 0 out "the tree's next guess salet" \
    sh -c 'printf "salet\ncourd\ncigar\n" | "$0" play --list nyt-2022-02 --answer cigar --hints --tree "$1"' \
    "$OPTLE" "$out/nyt-salet.mjs"
fi

# Averages on a decimal tie (ratio.h): 32 answers with the optimal total
# 73, so 73 / 32 = 2.28125 prints 2.2813 in every writer (printf's "%.4f"
# gave 2.2812: the double is exact, and printf takes the even digit).
tie=(--answers tests/fixtures/tie32.txt --guesses "$wl/medium.txt")
if check "a tie: solve" 0 out "total         73" "$OPTLE" solve "${tie[@]}" -o "$out/tie.json" \
  -o "$out/tie.dot" -o "$out/tie.txt"; then
  expect "a tie: solve's average" "$(summary_value average)" = 2.2813
  expect "a tie: the JSON's average" "$(jq -r .average "$out/tie.json")" = 2.2813
  expect "a tie: the DOT title" "$(grep -o 'average [0-9.]*' "$out/tie.dot")" = "average 2.2813"
  check "a tie: verify" 0 out "" "$OPTLE" verify "$out/tie.txt" "${tie[@]}"
  expect "a tie: verify's average" "$(summary_value average)" = 2.2813
fi
check "a tie: rank" 0 out "" "$OPTLE" rank "${tie[@]}"
expect "a tie: rank's average column" "$(awk -F '\t' '$1 == "alter" { print $4 }' "$tmp/out")" = 2.2813
check "a tie: next" 0 out "expected guesses from here, this one included: 2.2813 (73 in total" \
  "$OPTLE" next "${tie[@]}"
has "a tie: next's game length" "expected game length: 2.2813 (0 made + 2.2813)"
has "a tie: next's ranking" "2.2813  (73)"
check "a tie: next --json" 0 out '"expected": 2.2813' "$OPTLE" next "${tie[@]}" --json
# The game as a sum: AUDIT (74) costs 1/32 = 0.03125, which play printed
# 0.0312 (its sums were doubles, by printf); the sums are exact now.
run_with 'audit\nwrote\n' "$OPTLE" play "${tie[@]}" --answer wrote
has "a tie: play's sum" "2 guesses = 2.2813 (optimal play from the start) + 0.0313 (your choices) - 0.3125 (luck)"
check "a tie: analyse" 0 out "" "$OPTLE" analyse "${tie[@]}" audit:00001 wrote:22222
has "a tie: analyse's sum" "solved in 2 guesses = 2.2813 (optimal play from the start) + 0.0313 (cost of your guesses) - 0.3125 (luck)"
check "a tie: analyse --json" 0 out "" "$OPTLE" analyse "${tie[@]}" audit:00001 wrote:22222 --json
expect "a tie: analyse --json's cost" "$(jq -c '.sum | [.cost, .luck]' "$tmp/out")" = "[0.0313,0.3125]"
# CHOSE's patterns leave 104 / 32 = 3.25 answers on average: (3.3), which
# printf's "%.1f" of the double gave as (3.2).
check "a tie: analyse's (avg)" 0 out "32 -> 1      (3.3)" "$OPTLE" analyse "${tie[@]}" chose:BBGBG
check "a tie: analyse --json's expected_answers_left" 0 out "" "$OPTLE" analyse "${tie[@]}" chose:BBGBG --json
expect "a tie: analyse --json's expected_answers_left" "$(jq '.steps[0].expected_answers_left' "$tmp/out")" = 3.25

printf '%d passed, %d failed' "$passed" "$failed"
[ "$skipped" -gt 0 ] && printf ', %d skipped' "$skipped"
printf '\n'
[ "$failed" -eq 0 ]
