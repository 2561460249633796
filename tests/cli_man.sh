#!/usr/bin/env bash
# tests/cli_man.sh: the man page, optle.1.
#
# It is generated (make man: tools/man.sh puts `optle --help-roff`'s
# sections into the template optle.1.in) and committed, so:
#  - the committed optle.1 must be what make man writes now: it cannot
#    drift from the option and command tables --help shows;
#  - it must render without a warning: groff -man -ww -z (every warning
#    on), and man itself at 80 columns when man-db is installed;
#  - it covers every command and every option of each (the sections the
#    generator writes), and the hand-written sections the issue asks for.
# The hidden --help-roff refuses an unknown section.
# shellcheck disable=SC2034 # read by lib.sh
harness="man"
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }
page=optle.1

# ------------------------------------------------------------------
# No drift: optle.1 is what make man writes from this binary.

if bash tools/man.sh "$OPTLE" >"$tmp/fresh.1" 2>"$tmp/err"; then
  if cmp -s "$tmp/fresh.1" "$page"; then pass; else
    fail "optle.1 is what make man writes now (run make man and commit optle.1)" \
      "$(diff "$page" "$tmp/fresh.1" | head -n 8)"
  fi
else
  fail "tools/man.sh runs" "$(head -c 300 "$tmp/err")"
fi

# ------------------------------------------------------------------
# It renders cleanly.

if command -v groff >/dev/null 2>&1; then
  for dev in utf8 ascii ps; do
    groff -man -ww -z -T"$dev" "$page" >"$tmp/out" 2>"$tmp/err"
    expect "groff -man -ww -z -T$dev: no warning ($(head -c 200 "$tmp/err"))" ! -s "$tmp/err"
  done
else
  skip "groff -ww -z (groff not installed: make deps installs groff-base)"
fi
if command -v man >/dev/null 2>&1 && man -l "$page" >/dev/null 2>&1; then
  MANWIDTH=80 man --warnings -l "$page" >"$tmp/out" 2>"$tmp/err"
  expect "man ./optle.1 at 80 columns: no warning ($(head -c 200 "$tmp/err"))" ! -s "$tmp/err"
  expect "man ./optle.1 renders the page" "$(grep -c '^EXIT STATUS' "$tmp/out")" = 1
else
  skip "man -l (man-db not installed)"
fi

# ------------------------------------------------------------------
# What it covers.

for s in NAME SYNOPSIS DESCRIPTION COMMANDS "WORD LISTS" FEEDBACK "TREE FILES" "EXIT STATUS" \
  ENVIRONMENT EXAMPLES "SEE ALSO"; do
  expect "section $s" "$(grep -cx "\\.SH $s" "$page")" = 1
done
expect ".TH names this version" "$(grep -c "^\\.TH OPTLE 1 .* \"optle $(cat VERSION)\"" "$page")" = 1
# Every command has its section, and its section every option --help lists.
"$OPTLE" --complete commands >"$tmp/commands"
expect "commands to document" "$(grep -cv '^help$' "$tmp/commands")" -ge 7
while read -r c; do
  [ "$c" = help ] && continue
  awk -v c="$c" '$0 == ".SS optle " c { on = 1; next } /^\.S[SH] / { on = 0 } on' "$page" >"$tmp/section"
  expect "section optle $c" -s "$tmp/section"
  "$OPTLE" --complete options "$c" | grep -v '^--help$' >"$tmp/options"
  while read -r flag arg; do
    esc=${flag//-/\\-}
    want="\\fB$esc\\fR${arg:+ \\fI$arg\\fR}"
    if grep -qxF -- "$want" "$tmp/section"; then pass; else
      fail "optle $c: the page documents $flag${arg:+ $arg}" "no line '$want'"
    fi
  done <"$tmp/options"
  run "$OPTLE" "$c" --help
  # --help fits an 80-column terminal.
  expect "optle $c --help: lines of 79 columns at most" \
    "$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$tmp/out")" -le 79
  expect "optle $c: the page and --help list as many options" \
    "$(grep -c '^\.TP' <(sed -n '/^Options:$/,/^\.PP$/p' "$tmp/section"))" = "$(wc -l <"$tmp/options")"
done <"$tmp/commands"
run "$OPTLE" --help
expect "optle --help: lines of 79 columns at most" \
  "$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$tmp/out")" -le 79
run "$OPTLE" solve --help
expect "optle solve --help: --list's help whole, refilled" \
  "$(tr -s ' \n' ' ' <"$tmp/out" | grep -c 'the newest); every word an answer: original-all, nyt-2022-02-all, nyt-2022-08-all --answers FILE')" = 1
run "$OPTLE" simulate --help
expect "optle simulate --help: a long default broken after a comma" \
  "$(grep -cxE '  --first salet,reast,.*,train,|    trape,soare,clout,salut,lants' "$tmp/out")" = 2
run "$OPTLE" --help
expect "optle --help: every named list" "$(tr -s ' \n' ' ' <"$tmp/out" | grep -c 'original-all, nyt-2022-02-all, nyt-2022-08-all')" = 1
# Every named list, every exit status, the JSON header's keys.
for l in $("$OPTLE" --complete values --list); do
  [ "$l" = nyt ] && continue # the alias: "nyt-2023-07 (or nyt)"
  expect "named list $l" "$(grep -cxE "\\.B ${l//-/\\\\-}( .*)?" "$page")" = 1
done
awk '/^\.SH EXIT STATUS/ { on = 1; next } /^\.SH / { on = 0 } on' "$page" >"$tmp/exit"
for st in 0 1 2 3 4; do expect "exit status $st" "$(grep -cx "\\.B $st" "$tmp/exit")" = 1; done
for k in list lists_hash answers guesses max_guesses total average optle_version tree; do
  expect "JSON header key $k" "$(grep -c "\"$k\": " "$page")" -ge 1
done

# ------------------------------------------------------------------
# The generator's own errors.

check_usage "--help-roff: unknown section" "--help-roff 'bogus': give commands, summary or lists" \
  "$OPTLE" --help-roff bogus
check_usage "--help-roff: no section" "--help-roff: give commands, summary or lists" "$OPTLE" --help-roff
check "--help-roff summary" 0 out ".B simulate" "$OPTLE" --help-roff summary

if [ "$skipped" -gt 0 ]; then
  printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
else
  printf '%d passed, %d failed\n' "$passed" "$failed"
fi
[ "$failed" -eq 0 ]
