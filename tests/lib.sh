# tests/lib.sh: the harness the CLI test scripts share (sourced, not run).
#
# Sets root (the repository, also the working directory), OPTLE (the
# binary, default $root/optle), shared (../shared/wordlists) and tmp (a
# scratch directory removed on exit, named after $harness); provides
# pass/fail/skip counters, run, check, check_usage, expect, summary_value
# and note.  Each script prints its own closing "N passed, M failed"
# (", K skipped") line.
set -u

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 2
OPTLE=${OPTLE:-$root/optle}
shared=../shared/wordlists

tmp=$(mktemp -d "${TMPDIR:-/tmp}/optle-${harness:-cli}.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

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
# $tmp/err; the status lands in $rc.
rc=0
run() {
  "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
}

# check NAME STATUS STREAM FRAGMENT CMD...
#   STREAM is out or err: FRAGMENT (a fixed string, may be empty) must
#   occur in that stream.
check() {
  local name=$1 want=$2 stream=$3 frag=$4
  shift 4
  run "$@"
  if [ "$rc" -ne "$want" ]; then
    fail "$name" "exit status $rc, expected $want: $*" "stderr: $(head -c 400 "$tmp/err")"
    return 1
  fi
  if [ -n "$frag" ] && ! grep -qF -- "$frag" "$tmp/$stream"; then
    fail "$name" "std$stream lacks '$frag': $*" "std$stream: $(head -c 400 "$tmp/$stream")"
    return 1
  fi
  pass
}

# check_usage NAME FRAGMENT CMD...: exit status 2, one line on stderr
# that starts "optle: " and contains FRAGMENT, nothing on stdout.
check_usage() {
  local name=$1 frag=$2
  shift 2
  check "$name" 2 err "$frag" "$@" || return 1
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

note() { printf 'note: %s\n' "$*"; }
