#!/usr/bin/env bash
# tests/cli_docs.sh: the documentation's examples are run, so they
# cannot drift (issue 49; docs/testing.md, "The docs' examples").
#
# tools/docs_test.py runs every fenced example of README.md and
# docs/*.md that starts with "$ " (the commands, with optle on PATH, on
# a terminal, in a scratch directory per page) and compares what it
# prints with what the page shows: "..." lines stand for lines left out,
# and times, rates, peak memory, node counts, commits and dates are
# masked on both sides.  Examples marked <!-- docs-test: slow --> run
# only in make test-slow (OPTLE_TEST_SLOW=1); <!-- docs-test: skip
# (REASON) --> never, and are counted.
#
# First the runner itself, on the pages in tests/fixtures/docs/: a page
# that matches passes, counting its slow and skipped examples; one with a
# wrong line fails, naming the page and the fence's line and showing the
# diff; and a change to any shown line of the matching page, one at a
# time, makes it fail.  Then the real pages.
# shellcheck disable=SC2034 # read by lib.sh
harness="docs"
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "python3 not found (make test-deps installs it)"; exit 2; }
runner=(python3 tools/docs_test.py --optle "$OPTLE")
fx=tests/fixtures/docs

# ------------------------------------------------------------------
# The masks: narrow, so that a value the program proves is never masked.

masks=$(python3 - <<'EOF'
import sys
sys.path.insert(0, "tools")
from docs_test import mask
cases = [
    ("time          0.94 s (lists and table 0.08 s, proof 0.78 s, tree 0.08 s)",
     "time          <time> (lists and table <time>, proof <time>, tree <time>)"),
    ("optle: time limit reached after 30.0 s, before", "optle: time limit reached after <time>, before"),
    ("ruling out by lower bounds, 48%, ETA 3 min; 58 s", "ruling out by lower bounds, 48%, ETA <time>; <time>"),
    ("best salet 7920, 215.7/s, 60 s", "best salet 7920, <rate>/s, <time>"),
    ("peak RSS      124.2 MB", "peak RSS      <mem>"),
    ("nodes         3018", "nodes         <count>"),
    ("optle 0.10.0 (commit c96c7fe-dirty)", "optle 0.10.0 (commit <commit>)"),
    ('"optle_version": "0.10.0", "commit": "c96c7fe"', '"optle_version": "0.10.0", "commit": "<commit>"'),
    ("a run on 2026-11-23 14:03:59", "a run on <date>"),
    # left as they are
    ("list          nyt-2023-07 (3158 answers, 14855 guesses)", None),
    ("tree hash     bad8172211dadca0", None),
    ("expected guesses from here, this one included: 1.5000 (3 in total over 2 answers)", None),
    ("distribution  1:0 2:96 3:1224 4:919 5:76", None),
    ("lower bound   6812 (proven: average at least 2.9502)", None),
    ("progress      764 of 12947 first guesses settled", None),
    ("first guess   salet (proven best of 12972 first guesses; every other first guess 7921 or more, +1)", None),
    ("memo          512 MiB", None),
    ("nodes in the tree 3018", None),
]
for text, want in cases:
    got = mask(text)
    if got != (text if want is None else want):
        print(f"mask({text!r}) = {got!r}")
EOF
)
expect "the masks hide times, rates, memory, node counts, commits and dates, and nothing else ($masks)" -z "$masks"

# ------------------------------------------------------------------
# The runner on pages made for it.

run "${runner[@]}" "$fx/good.md"
expect "a matching page passes (status $rc)" "$rc" = 0
has "a matching page: the count" "docs: 3 examples run, 0 failed; 1 slow (not run: make test-slow runs them), 1 skipped"
has "a skipped example is named with its reason" "SKIP: $fx/good.md:51: needs a cluster"
lacks "a skipped example is never run" "this is never run"

run "${runner[@]}" --slow "$fx/good.md"
expect "--slow runs the slow example too, which fails there (status $rc)" "$rc" = 1
has "--slow: the slow example's failure names its fence" "FAIL: $fx/good.md:57: \$ optle --version"
has "--slow: the count" "docs: 4 examples run, 1 failed; 1 slow, 1 skipped"

run "${runner[@]}" "$fx/bad.md"
expect "a wrong line fails (status $rc)" "$rc" = 1
has "the failure names the page and the fence's line" "FAIL: $fx/bad.md:3: \$ optle solve --list small"
has "the diff shows the line shown" "-total         121"
has "the diff shows the line printed" "+total         120"
has "the diff marks ... as any lines" "-...   (any lines)"

# A marker misspelt, or a fence left open: status 2, never a pass.
printf '<!-- docs-test: sloww -->\n```\n$ optle --version\n```\n' >"$tmp/marker.md"
run "${runner[@]}" "$tmp/marker.md"
expect "an unknown marker is refused (status $rc)" "$rc" = 2
err_has "an unknown marker: its line" "marker.md:1: unknown marker 'sloww'"
printf '```\n$ optle --version\n' >"$tmp/open.md"
run "${runner[@]}" "$tmp/open.md"
expect "a fence left open is refused (status $rc)" "$rc" = 2

# Any change to a shown line fails: each line of the matching page's
# examples that run (not "$ " lines, not "..."), one at a time, with an
# x added at its end (so a line with a masked time changes too).
lines=$(awk '/^ *```/ { f = !f; if (f) first = 1; next }
             f && first && !/^ *\$ / { first = 0; inex = 0 }
             f && /^ *\$ / { inex = 1; first = 0; next }
             f && inex && $0 !~ /^ *\.\.\. *$/ { print NR }
             /docs-test: (slow|skip)/ { exit }' "$fx/good.md")
n=0
mutants=()
for l in $lines; do
  n=$((n + 1))
  sed "${l}s/\$/x/" "$fx/good.md" >"$tmp/mutant-$l.md"
  mutants+=("$tmp/mutant-$l.md")
done
expect "the matching page has shown lines to change (${n})" "$n" -ge 15
run "${runner[@]}" "${mutants[@]}"
expect "the changed pages fail (status $rc)" "$rc" = 1
caught=0
for l in $lines; do
  if grep -q "^FAIL: $tmp/mutant-$l.md:" "$tmp/out"; then caught=$((caught + 1)); else
    fail "a change to line $l of $fx/good.md is caught" "$(sed -n "${l}p" "$tmp/mutant-$l.md")"
  fi
done
[ "$caught" = "$n" ] && pass
note "$caught of $n one-line changes to $fx/good.md caught"

# ------------------------------------------------------------------
# The real pages.

pages=(README.md docs/*.md)
if [ "${OPTLE_TEST_SLOW:-0}" = 1 ]; then
  run "${runner[@]}" --slow "${pages[@]}"
  what="the slow examples (and their pages' others)"
else
  run "${runner[@]}" "${pages[@]}"
  what="every example but the slow ones"
fi
cat "$tmp/out" "$tmp/err"
expect "docs: $what match the program (status $rc)" "$rc" = 0
ran=$(sed -n 's/^docs: \([0-9]*\) examples run.*/\1/p' "$tmp/out")
if [ "${OPTLE_TEST_SLOW:-0}" = 1 ]; then
  expect "docs: the slow examples ran (${ran:-none})" "${ran:-0}" -ge 3
else
  expect "docs: at least 20 examples ran (${ran:-none})" "${ran:-0}" -ge 20
fi

if [ "$skipped" -gt 0 ]; then
  printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
else
  printf '%d passed, %d failed\n' "$passed" "$failed"
fi
[ "$failed" -eq 0 ]
