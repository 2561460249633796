# tests/lib.sh: the harness the CLI test scripts share (sourced, not run).
#
# Sets root (the repository, also the working directory), OPTLE (the
# binary, default $root/optle), OPTLE_FIXTURE (the binary that makes big
# input trees, default $OPTLE), wl (the project's wordlists/), selby
# (tests/fixtures/alex1770: Alex Selby's published trees, MIT) and tmp (a scratch directory named after
# $harness, removed on exit after the script's at_exit function, if it
# defines one); provides pass/fail/skip counters, run and run_with (stdin
# from $tmp/in), check, check_one_line, check_usage, check_invalid,
# expect, has, lacks, err_has, same_file, same_but_version, summary_value,
# summary_word and note; sanitized is 1 for a sanitizer build of $OPTLE (several
# times slower: scripts give its stops longer and leave the heaviest
# goldens to the plain build's run, saying so with skip).  Each script prints its own closing "N passed, M failed"
# (", K skipped") line.
set -u

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 2
OPTLE=${OPTLE:-$root/optle}
wl=wordlists
selby=tests/fixtures/alex1770
sanitized=0
if grep -qaE '__(asan|tsan|msan)_init' "$OPTLE" 2>/dev/null; then sanitized=1; fi
# OPTLE_FIXTURE makes the big trees that scripts then feed to $OPTLE as
# input: $OPTLE itself, except in the sanitizer tier, where the plain
# build makes them in a second instead of minutes (their solves are
# make test's to check; the sanitizers check the reading).
OPTLE_FIXTURE=${OPTLE_FIXTURE:-$OPTLE}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/optle-${harness:-cli}.XXXXXX") || exit 2
harness_exit() {
  if declare -F at_exit >/dev/null; then at_exit; fi
  rm -rf "$tmp"
}
trap harness_exit EXIT

passed=0
failed=0
skipped=0

pass() { passed=$((passed + 1)); }
fail() {
  failed=$((failed + 1))
  printf 'FAIL: %s\n' "$1"
  shift
  local line
  for line in "$@"; do printf '      %s\n' "$line"; done
}
skip() {
  skipped=$((skipped + 1))
  printf 'SKIP: %s\n' "$1"
}

# run CMD...: runs it with stdout and stderr captured in $tmp/out and
# $tmp/err; the status lands in $rc.  Its stdin is $tmp/in, empty unless
# run_with wrote it.
rc=0
: >"$tmp/in"
run() {
  "$@" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
  rc=$?
}

# run_with INPUT CMD...: run, with INPUT (a printf format) on stdin.
run_with() {
  local input=$1
  shift
  # shellcheck disable=SC2059
  printf "$input" >"$tmp/in"
  run "$@"
  : >"$tmp/in"
}

# check NAME STATUS STREAM FRAGMENT CMD...
#   STREAM is out or err: FRAGMENT (a fixed string, may be empty) must
#   occur in that stream.  A failure shows the stream's first
#   $check_excerpt bytes.
check_excerpt=400
check() {
  local name=$1 want=$2 stream=$3 frag=$4
  shift 4
  run "$@"
  if [ "$rc" -ne "$want" ]; then
    fail "$name" "exit status $rc, expected $want: $*" "stderr: $(head -c 400 "$tmp/err")"
    return 1
  fi
  if [ -n "$frag" ] && ! grep -qF -- "$frag" "$tmp/$stream"; then
    fail "$name" "std$stream lacks '$frag': $*" "std$stream: $(head -c "$check_excerpt" "$tmp/$stream")"
    return 1
  fi
  pass
}

# check_one_line NAME STATUS FRAGMENT CMD...: status STATUS, one line
# on stderr that starts "optle: " and contains FRAGMENT, nothing on
# stdout.
check_one_line() {
  local name=$1 want=$2 frag=$3
  shift 3
  check "$name" "$want" err "$frag" "$@" || return 1
  local lines
  lines=$(wc -l <"$tmp/err")
  if [ "$lines" -ne 1 ] || ! head -n 1 "$tmp/err" | grep -q '^optle: '; then
    fail "$name: one 'optle: ' line on stderr" "got $lines lines: $(head -c 400 "$tmp/err")"
    return 1
  fi
  if [ -s "$tmp/out" ]; then
    fail "$name: nothing on stdout" "stdout: $(head -c 200 "$tmp/out")"
    return 1
  fi
  pass
}
# check_usage NAME FRAGMENT CMD...: a usage or input error (status 2);
# check_invalid NAME FRAGMENT CMD...: an invalid tree (status 1).
check_usage() { check_one_line "$1" 2 "${@:2}"; }
check_invalid() { check_one_line "$1" 1 "${@:2}"; }

# expect NAME TEST...: a plain assertion (the arguments of `test`).
expect() {
  local name=$1
  shift
  if test "$@"; then pass; else fail "$name" "test $*"; fi
}

# summary_value KEY: the value on the summary line "KEY   value" of the
# last run's stdout.
summary_value() {
  awk -v k="$1" 'index($0, k " ") == 1 { v = substr($0, length(k) + 1); sub(/^ +/, "", v); print v; exit }' "$tmp/out"
}
# summary_word KEY: the first word of that value ("salet" of "first
# guess   salet (proven best of ...)").
summary_word() { summary_value "$1" | awk '{ print $1 }'; }

# has NAME FRAGMENT: the last run's stdout contains FRAGMENT; lacks
# NAME FRAGMENT: it does not; err_has NAME FRAGMENT: its stderr does.
has() {
  if grep -qF -- "$2" "$tmp/out"; then pass; else
    fail "$1" "stdout lacks '$2'" "stdout: $(head -c 600 "$tmp/out")"
  fi
}
lacks() {
  if grep -qF -- "$2" "$tmp/out"; then
    fail "$1" "stdout has '$2'" "stdout: $(grep -F -- "$2" "$tmp/out" | head -n 3)"
  else pass; fi
}
err_has() {
  if grep -qF -- "$2" "$tmp/err"; then pass; else
    fail "$1" "stderr lacks '$2'" "stderr: $(head -c 600 "$tmp/err")"
  fi
}

# same_file NAME A B: files A and B are byte for byte the same.
same_file() {
  if cmp -s "$2" "$3"; then pass; else fail "$1" "$(cmp "$2" "$3" 2>&1 | head -n 1)"; fi
}

# same_but_version NAME GOT WANT: GOT, a JSON tree this optle wrote,
# records this optle's version ("optle_version", as optle --version
# says it), and with that pair taken out is byte for byte WANT (a
# committed file written before trees recorded it).
same_but_version() {
  local v
  v=$("$OPTLE" --version | sed 's/^optle //')
  if [ "$(head -n 1 "$2" | grep -oF "\"optle_version\": \"$v\"")" != "\"optle_version\": \"$v\"" ]; then
    fail "$1: records optle_version \"$v\"" "$(head -n 1 "$2" | cut -c1-200)"
    return 1
  fi
  if sed "1s/, \"optle_version\": \"[^\"]*\"//" "$2" | cmp -s - "$3"; then pass; else
    fail "$1" "$(sed "1s/, \"optle_version\": \"[^\"]*\"//" "$2" | cmp - "$3" 2>&1 | head -n 1)"
  fi
}

note() { printf 'note: %s\n' "$*"; }
