#!/usr/bin/env bash
# tests/cli_html.sh: the tree explorer, `optle export TREE -o FILE.html`
# (and `optle solve -o FILE.html`), as a command and in a real browser.
#
# The command: the page for the 12-answer fixture tree, the small list's
# and the NYT SALET tree; the page is one self-contained file (no URL, no
# src or href attribute, no stylesheet link: nothing to load), its data
# is the tree (read back with jq), a hostile list path cannot close its
# script element, and bad trees are refused as for the other formats
# (status 2 unusable, 1 invalid, and no file written).  The committed
# outputs/nyt-salet.html must be what export writes now.
#
# The browser: tests/html_browser.py drives Debian's Chromium, headless,
# over the DevTools protocol, on the NYT SALET page, and checks that the
# path the page shows for a typed answer (letter by letter, then Enter)
# and for #answer= links is the one the tree's path lines give, and that
# the page makes no network request (with a page that does as the
# control).  Its screenshot goes to $HTML_SCREENSHOT when that is set
# (`make screenshot`: outputs/nyt-salet.png).  No browser is a failure,
# never a skip: `make test` installs it (the Makefile's test-deps).
#
# Run from anywhere: `bash tests/cli_html.sh`.  OPTLE names the binary.
# shellcheck disable=SC2034 # read by lib.sh
harness=cli-html
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
fx=tests/fixtures/trees
L=(--answers "$fx/answers.txt" --guesses "$fx/guesses.txt")

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }

# page_data FILE: the page's data object (the line after id="optle-data"
# up to the closing tag) on stdout.
page_data() {
  sed -n '/id="optle-data">/,/<\/script>/p' "$1" |
    sed -e '1s/.*id="optle-data">//' -e '$s/<\/script>.*//'
}
# self_contained NAME FILE: nothing in FILE names anything to load.
self_contained() {
  local bad
  bad=$(grep -nEi 'https?://|[^a-z](src|href|action|srcset|poster|data)=|<link|@import|url\(|<iframe|<object|<embed' "$2" |
        grep -v 'id="optle-data"' | head -n 3)
  if [ -z "$bad" ]; then pass; else fail "$1: self-contained" "$bad"; fi
}

# ------------------------------------------------------------------
# The fixture tree.

check "export -o .html" 0 out "" "$OPTLE" export "$fx/valid.txt" "${L[@]}" -o "$tmp/valid.html"
expect "export -o .html prints nothing" ! -s "$tmp/out"
expect "the page is written" -s "$tmp/valid.html"
expect "the page is HTML" "$(head -c 15 "$tmp/valid.html")" = "<!DOCTYPE html>"
self_contained "fixture" "$tmp/valid.html"
expect "one data script, one program" "$(grep -c '<script' "$tmp/valid.html")" = 2
expect "the #path element" "$(grep -c 'id="path"[^>]*data-path=' "$tmp/valid.html")" = 1
page_data "$tmp/valid.html" >"$tmp/valid.data"
if jq -e '.format == "optle-explorer 1" and .answers == 12 and .total == 30 and .rules == "normal"
          and .objective == "total" and .max_guesses == 6 and (.words | length) % 5 == 0' \
     "$tmp/valid.data" >/dev/null; then pass; else
  fail "fixture: the page's data" "$(head -c 400 "$tmp/valid.data")"
fi
# The words and the tree: every answer ends once (a leaf, or win = 1).
ends=$(jq '[.tree | .. | numbers] | length' "$tmp/valid.data")
expect "fixture: the tree's data names its nodes" "$ends" -gt 12
check "--format html to stdout" 0 out "<!DOCTYPE html>" "$OPTLE" export "$fx/valid.txt" "${L[@]}" --format html
same_file "stdout and -o give the same page" "$tmp/out" "$tmp/valid.html"
check "-o .htm" 0 out "" "$OPTLE" export "$fx/valid.json" "${L[@]}" -o "$tmp/valid.htm"
check "the JSON tree gives a page too" 0 out "" grep -q "valid.json" "$tmp/valid.htm"
# A stopped solve's best tree ("proven": false): the page says so, as
# JSON does; a proven tree's data has neither key.
jq -c '. + {proven: false, lower_bound: 28}' "$fx/valid.json" >"$tmp/unproven.json"
check "export of an unproven tree" 0 out "" "$OPTLE" export "$tmp/unproven.json" "${L[@]}" -o "$tmp/unproven.html"
expect "the unproven page's data: proven false, lower bound 28" \
  "$(page_data "$tmp/unproven.html" | jq -c '[.proven, .lower_bound, .total]')" = '[false,28,30]'
expect "a proven page's data has neither" "$(jq -c '[.proven, .lower_bound]' "$tmp/valid.data")" = '[null,null]'
check "solve -o .html" 0 out "" "$OPTLE" solve "${L[@]}" --quiet -o "$tmp/solved.html"
self_contained "solve's page" "$tmp/solved.html"
expect "solve's page: the tree" "$(page_data "$tmp/solved.html" | jq -c '[.answers, .total, .source]')" = '[12,30,null]'

# ------------------------------------------------------------------
# Bad trees and bad usage: as the other formats.

check_usage "html: unusable tree" "t-bad-word.txt" \
  "$OPTLE" export "$fx/t-bad-word.txt" "${L[@]}" -o "$tmp/bad1.html"
expect "html: nothing written for an unusable tree" ! -e "$tmp/bad1.html"
check_usage "html: unusable JSON" "j-truncated.json" \
  "$OPTLE" export "$fx/j-truncated.json" "${L[@]}" -o "$tmp/bad2.html"
check_invalid "html: invalid tree" "v-label.txt" \
  "$OPTLE" export "$fx/v-label.txt" "${L[@]}" -o "$tmp/bad3.html"
expect "html: nothing written for an invalid tree" ! -e "$tmp/bad3.html"
check_invalid "html: a guess limit the tree breaks" "guesses" \
  "$OPTLE" export "$fx/valid.txt" "${L[@]}" --max-guesses 2 -o "$tmp/bad4.html"
check_usage "html: --depth" "--depth applies to --format dot only" \
  "$OPTLE" export "$fx/valid.txt" "${L[@]}" --depth 2 -o "$tmp/bad5.html"
check_usage "html: unwritable -o" "$tmp/no/such/dir/x.html" \
  "$OPTLE" export "$fx/valid.txt" "${L[@]}" -o "$tmp/no/such/dir/x.html"
ls "$tmp"/bad*.html* >/dev/null 2>&1 && fail "html: a bad export left a file" "$(ls "$tmp"/bad*)" || pass

# A list path no page may paste into its script: the directories
# "x<", "script><script>alert(1)<" and "script>&'\"".
hostile="$tmp/x</script><script>alert(1)</script>&'\""
mkdir -p "$hostile" && cp "$fx/answers.txt" "$fx/guesses.txt" "$hostile/"
check "html: a hostile list path" 0 out "" "$OPTLE" export "$fx/valid.txt" \
  --answers "$hostile/answers.txt" --guesses "$hostile/guesses.txt" -o "$tmp/hostile.html"
expect "html: the path cannot close the script" "$(grep -c '<script' "$tmp/hostile.html")" = 2
expect "html: the path cannot open a script" "$(grep -c 'alert(1)</script>' "$tmp/hostile.html")" = 0
got=$(page_data "$tmp/hostile.html" | jq -r .answers_file)
expect "html: the path reads back whole" "$got" = "$hostile/answers.txt"

# ------------------------------------------------------------------
# The small list and the NYT SALET tree (outputs/, from make run: the
# committed text trees; make run writes the pages from them).

check "html: small" 0 out "" "$OPTLE" export outputs/small.txt --list small -o "$tmp/small.html"
self_contained "small" "$tmp/small.html"
expect "html: small's data" "$(page_data "$tmp/small.html" | jq -c '[.list, .answers, .total]')" \
  = '["small",50,120]'
check "html: NYT SALET" 0 out "" "$OPTLE" export outputs/nyt-salet.txt --list nyt-2022-02 -o "$tmp/nyt-salet.html"
self_contained "NYT SALET" "$tmp/nyt-salet.html"
size=$(wc -c <"$tmp/nyt-salet.html")
expect "html: the NYT page is small (now $size bytes; under 1 MB)" "$size" -lt 1000000
note "the NYT SALET page: $size bytes"
expect "html: the NYT page's data" \
  "$(page_data "$tmp/nyt-salet.html" | jq -c '[.list, .answers, .guesses, .total, .rules, .objective, .max_guesses]')" \
  = '["nyt-2022-02",2309,12947,7897,"normal","total",6]'
same_file "outputs/nyt-salet.html is what export writes now (make run)" \
  "$tmp/nyt-salet.html" outputs/nyt-salet.html

# ------------------------------------------------------------------
# In the browser.

check "the NYT tree's path lines" 0 out "" "$OPTLE" export outputs/nyt-salet.txt --list nyt-2022-02 -o "$tmp/nyt.paths"
# Answers to open by link: the first that takes 5 guesses, the first that
# takes 2, and the last line's.
deep=$(awk 'NF == 10 { print $(NF - 1); exit }' "$tmp/nyt.paths")
short=$(awk 'NF == 4 { print $(NF - 1); exit }' "$tmp/nyt.paths")
last=$(tail -n 1 "$tmp/nyt.paths" | awk '{ print $(NF - 1) }')
cat >"$tmp/loads.html" <<'EOF'
<!DOCTYPE html><title>a page that loads something</title>
<img src="http://optle-no-such-host.invalid/tile.png">
<script>document.body.dataset.ready = "1";</script>
EOF
if ! command -v python3 >/dev/null 2>&1; then
  fail "browser: no python3 to drive Chromium (make test-deps installs it: Debian package python3)"
else
  shot=$tmp/nyt-salet.png
  t0=$(date +%s.%N)
  python3 tests/html_browser.py "$tmp/nyt-salet.html" "$tmp/nyt.paths" --type cigar \
    --link "$deep" --link "$short" --link "$last" --bad "$tmp/loads.html" \
    --screenshot "$shot" >"$tmp/browser" 2>&1
  brc=$?
  t1=$(date +%s.%N)
  while IFS= read -r line; do
    case $line in
    "ok: "*) pass ;;
    "FAIL: "*) fail "browser: ${line#FAIL: }" ;;
    "note: "*) note "${line#note: }" ;;
    *) printf '      %s\n' "$line" ;;
    esac
  done <"$tmp/browser"
  expect "browser: the driver's status (0)" "$brc" = 0
  expect "browser: a PNG screenshot" "$(head -c 8 "$shot" 2>/dev/null | od -An -tx1 | tr -d ' \n')" \
    = 89504e470d0a1a0a
  note "the browser test took $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s"
  if [ -n "${HTML_SCREENSHOT:-}" ] && [ -s "$shot" ]; then
    cp "$shot" "$HTML_SCREENSHOT" && note "screenshot written to $HTML_SCREENSHOT"
  fi
  # A tree whose average is a decimal tie (73 / 32 = 2.28125): the page
  # shows 2.2813, as the C writers do (ratio.h).
  if check "the tie tree's page and path lines" 0 out "" "$OPTLE" solve --quiet \
    --answers tests/fixtures/tie32.txt --guesses "$wl/medium.txt" -o "$tmp/tie.html" -o "$tmp/tie.paths"; then
    python3 tests/html_browser.py "$tmp/tie.html" "$tmp/tie.paths" >"$tmp/browser" 2>&1
    brc=$?
    while IFS= read -r line; do
      case $line in
      "ok: "*) pass ;;
      "FAIL: "*) fail "browser, the tie page: ${line#FAIL: }" ;;
      "note: "*) ;;
      *) printf '      %s\n' "$line" ;;
      esac
    done <"$tmp/browser"
    expect "browser, the tie page: the driver's status (0)" "$brc" = 0
  fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
