#!/usr/bin/env bash
# tests/cli_completion.sh: the bash completion, completions/optle.bash.
#
# Sources it and calls its function _optle as bash would: COMP_LINE and
# COMP_POINT (the line up to the cursor), COMP_WORDS split at blanks and
# at COMP_WORDBREAKS characters (so "--list=ny" is --list, =, ny, and
# "rollout:mi" rollout, :, mi), COMP_CWORD; then compares COMPREPLY,
# sorted, with what bash should offer.  Also without COMP_LINE (COMP_WORDS
# and COMP_CWORD only).  Every value it offers must be one optle takes.
# The completion asks the optle being completed (COMP_WORDS[0], here
# $OPTLE) through `optle --complete` (cli.h), whose errors are checked too.
# shellcheck disable=SC2034 # read by lib.sh
harness=completion
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }
# shellcheck source=completions/optle.bash
. completions/optle.bash
expect "it registers _optle for optle" "$(complete -p optle 2>/dev/null)" = "complete -F _optle optle"
# Issue 49: optle-mpi had no completion.
expect "it registers _optle for optle-mpi" "$(complete -p optle-mpi 2>/dev/null)" = "complete -F _optle optle-mpi"

COMP_WORDBREAKS=$' \t\n"\'@><=;|&(:'

# complete_line LINE: COMPREPLY for the cursor at the end of LINE ("optle"
# stands for $OPTLE), sorted, one per line, into $tmp/got.
complete_line() {
  local line="$OPTLE${1#optle}"
  COMP_LINE=$line
  COMP_POINT=${#line}
  # COMP_WORDS as readline splits: at blanks, and break characters as words.
  COMP_WORDS=()
  local w="" c i
  for ((i = 0; i < ${#line}; i++)); do
    c=${line:i:1}
    if [[ $c == [[:space:]] ]]; then
      [ -n "$w" ] && COMP_WORDS+=("$w")
      w=""
    elif [[ $COMP_WORDBREAKS == *"$c"* ]]; then
      [ -n "$w" ] && COMP_WORDS+=("$w")
      COMP_WORDS+=("$c")
      w=""
    else
      w+=$c
    fi
  done
  if [ -n "$w" ] || [[ $line == *[[:space:]] ]]; then COMP_WORDS+=("$w"); fi
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _optle
  printf '%s\n' "${COMPREPLY[@]}" | sed '/^$/d' | sort >"$tmp/got"
}

# completes NAME LINE WORD...: LINE completes to exactly WORDs (none: nothing).
completes() {
  local name=$1 line=$2
  shift 2
  complete_line "$line"
  printf '%s\n' "$@" | sed '/^$/d' | sort >"$tmp/want"
  if cmp -s "$tmp/got" "$tmp/want"; then pass; else
    fail "complete '$line': $name" "got:  $(tr '\n' ' ' <"$tmp/got")" "want: $(tr '\n' ' ' <"$tmp/want")"
  fi
}

# ------------------------------------------------------------------
# Commands.

commands=(solve verify export next analyse play rank simulate lists help)
completes "every command" "optle " "${commands[@]}"
completes "a prefix" "optle s" simulate solve
completes "analyse" "optle an" analyse
completes "analyse --share FILE: files" "optle analyse --sh" --share
completes "one command" "optle ver" verify
completes "top-level options" "optle --" --help --version
completes "help COMMAND" "optle help ex" export
completes "help takes one command" "optle help export "
completes "an unknown command completes nothing" "optle frobnicate --"
# optle-mpi: the same words, from the optle-mpi binary (make test builds
# it; its --complete needs no MPI job).
if [ -x "$root/optle-mpi" ]; then
  OPTLE_SAVED=$OPTLE OPTLE=$root/optle-mpi
  completes "optle-mpi: a command" "optle ra" rank
  completes "optle-mpi: an option" "optle rank --chec" --checkpoint
  completes "optle-mpi: --list values" "optle solve --list nyt-2022" nyt-2022-02 nyt-2022-02-all nyt-2022-08 nyt-2022-08-all
  OPTLE=$OPTLE_SAVED
else
  skip "optle-mpi completion (no ./optle-mpi: make mpi)"
fi

# ------------------------------------------------------------------
# Options: each command's own, from the option table.

completes "solve --li" "optle solve --li" --list
completes "solve --m" "optle solve --m" --max-guesses --memo-mb
completes "verify has no --time-limit" "optle verify --ti"
completes "after other options" "optle solve --list small --threads 2 --no" --no-seed
for c in solve verify export next analyse play simulate lists; do
  run "$OPTLE" "$c" --help
  grep -oE '^  -[-a-z]+' "$tmp/out" | tr -d ' ' | sort -u >"$tmp/flags"
  echo --help >>"$tmp/flags"
  mapfile -t flags <"$tmp/flags"
  completes "$c: the options of its --help" "optle $c -" "${flags[@]}"
done

# ------------------------------------------------------------------
# Values.

lists=(small medium large original nyt-2022-02 nyt nyt-2022-08 nyt-2023-07 original-all nyt-2022-02-all nyt-2022-08-all)
completes "--list: every named list" "optle solve --list " "${lists[@]}"
completes "--list ny: the NYT lists" "optle solve --list ny" nyt nyt-2022-02 nyt-2022-02-all nyt-2022-08 nyt-2022-08-all nyt-2023-07
completes "--list=VALUE" "optle verify t.json --list=nyt-2023" nyt-2023-07
completes "--list= (nothing typed)" "optle next --list=" "${lists[@]}"
run "$OPTLE" lists
for l in "${lists[@]}"; do
  if grep -qE "^$l |\(nyt is another name" "$tmp/out"; then pass; else fail "--list $l is in optle lists"; fi
done
completes "--strategy m" "optle simulate --strategy m" minimax most-parts
completes "--strategy e" "optle simulate --strategy e" entropy entropy-plain exact expected-size
completes "--strategy rollout:" "optle simulate --list small --strategy rollout:" \
  entropy: entropy-plain: expected-size: minimax: most-parts:
completes "--strategy rollout:mi (after the ':')" "optle simulate --strategy rollout:mi" minimax:
completes "--strategies: the item after the comma" "optle simulate --compare --strategies entropy,mi" \
  entropy,minimax
completes "--strategies=...,rollout:e" "optle simulate --strategies=exact,rollout:ex" expected-size:
completes "--format" "optle export t.json --format " json text dot svg png html paths cpaths map mjs
completes "--format c" "optle export t.json --format c" cpaths
completes "solve --format" "optle solve -o best --format " json text dot svg png html paths cpaths map mjs
completes "--answers-from" "optle next --answers-from " answers guesses
completes "a number: nothing" "optle solve --threads "
completes "a word: nothing" "optle solve --first sa"
completes "a history: nothing" "optle next sa"
# Every value offered is one optle takes.
complete_line "optle simulate --strategy "
mapfile -t strategies <"$tmp/got"
expect "strategies offered" "${#strategies[@]}" -ge 10
for s in "${strategies[@]}"; do
  [[ $s == *: ]] && s+=1
  check "--strategy $s is a strategy" 0 out "" "$OPTLE" simulate --list small --strategy "$s" --quiet
done
fx=tests/fixtures/trees
for f in json text dot svg png html paths cpaths map mjs; do
  check "--format $f is a format" 0 out "" \
    "$OPTLE" export "$fx/valid.json" --answers "$fx/answers.txt" --guesses "$fx/guesses.txt" --format "$f"
  check "--format $f is a format for solve" 0 out "" \
    "$OPTLE" solve --answers "$fx/answers.txt" --guesses "$fx/guesses.txt" --quiet --format "$f" -o "$tmp/f-$f"
done
check "--answers-from guesses is taken" 0 out "" "$OPTLE" play --assist --answers-from guesses --list small

# ------------------------------------------------------------------
# Files: FILE arguments and the tree of verify and export.

completes "--answers FILE" "optle solve --answers wordlists/sma" wordlists/small.txt
completes "-o FILE" "optle solve --list small -o wordlists/nyt-2023" wordlists/nyt-2023-07-answers.txt
completes "verify TREE" "optle verify $fx/valid-ver" "$fx/valid-versioned.json"
completes "export TREE" "optle export $fx/valid-rec" "$fx/valid-recorded.json"
completes "--tree FILE" "optle next --tree $fx/wrong-h" "$fx/wrong-hash.json"

# ------------------------------------------------------------------
# COMP_WORDS and COMP_CWORD alone (no COMP_LINE), and the binary as typed.

unset COMP_LINE COMP_POINT
COMP_WORDS=("$OPTLE" solve --li)
COMP_CWORD=2
_optle
expect "without COMP_LINE: solve --li" "${COMPREPLY[*]}" = --list
COMP_WORDS=("$OPTLE" solve --list ny)
COMP_CWORD=3
_optle
expect "without COMP_LINE: --list ny" "$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')" = \
  "nyt nyt-2022-02 nyt-2022-02-all nyt-2022-08 nyt-2022-08-all nyt-2023-07 "
COMP_WORDS=(./no-such-optle solve --li)
COMP_CWORD=2
PATH=/nonexistent _optle
expect "no optle to ask: nothing, no error" "${#COMPREPLY[@]}" = 0

# ------------------------------------------------------------------
# optle --complete's own errors.

check_usage "--complete: nothing" "--complete: give commands, options COMMAND or values FLAG" \
  "$OPTLE" --complete
check_usage "--complete bogus" "--complete: give" "$OPTLE" --complete bogus
check_usage "--complete options of an unknown command" "--complete options 'frob': unknown command" \
  "$OPTLE" --complete options frob
check "--complete values of a free flag: nothing" 0 out "" "$OPTLE" --complete values --threads
expect "--complete values --threads prints nothing" ! -s "$tmp/out"
check "--complete options: FLAG ARG" 0 out "--list NAME" "$OPTLE" --complete options solve

if [ "$skipped" -gt 0 ]; then
  printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
else
  printf '%d passed, %d failed\n' "$passed" "$failed"
fi
[ "$failed" -eq 0 ]
