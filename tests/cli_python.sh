#!/usr/bin/env bash
# tests/cli_python.sh: the Python package (python/, python/README.md).
#
# Builds the extension from this checkout's library (make lib's
# position-independent archive) with PYTEST_PYTHON (the Makefile's:
# Debian's python3, whose python3-dev, python3-setuptools and
# python3-pytest tools/deps.sh installs) into the build directory, not
# into any site-packages, then runs python/tests with pytest against
# ./optle: values against the CLI's, the CLI's messages, stops, Ctrl-C,
# no growth under repeated solves.  A sanitizer build's library cannot
# load into a plain interpreter: skipped there (make test-sanitize runs
# the C API's suite, tests/check_api.c, under the sanitizers instead).
# shellcheck disable=SC2034 # read by lib.sh
harness=python
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -s -o optle "$@"; }
libdir=$(mk lib-dir)
py=${PYTEST_PYTHON:-python3}
[ -n "${PYTEST_PYTHON:-}" ] || [ ! -x /usr/bin/python3 ] || py=/usr/bin/python3 # the Makefile's default
finish() {
  if [ "$skipped" -gt 0 ]; then
    printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
  else
    printf '%d passed, %d failed\n' "$passed" "$failed"
  fi
  [ "$failed" -eq 0 ]
  exit
}
case $libdir in */san-*) skip "the Python package against a sanitizer build"; finish ;; esac
if ! "$py" -c 'import pytest, setuptools' 2>/dev/null; then
  fail "$py has no pytest or setuptools (make test-deps: python3-pytest, python3-setuptools)"
  finish
fi
[ -f "$libdir/liboptle.a" ] || mk lib

out=$root/$libdir/python
# Built afresh: a file the package no longer has (the old __init__.pyi)
# must not linger in the build directory.
build_ext() {
  rm -rf "$out/optle"
  (cd python && OPTLE_LIB_DIR="$root/$libdir" "$py" setup.py -q build_py --build-lib "$out" \
    build_ext --force --build-lib "$out" --build-temp "$out.tmp")
}
check "the extension builds with $py's setuptools" 0 out "" build_ext || finish
# A failure names its tests and their errors on stderr (-rfE), which
# check prints.
run_pytest() {
  local rc=0
  OPTLE=$OPTLE PYTHONPATH=$out PYTHONDONTWRITEBYTECODE=1 "$py" -m pytest -q -rfE \
    -p no:cacheprovider python/tests >"$tmp/pytest.log" 2>&1 || rc=$?
  cat "$tmp/pytest.log"
  [ "$rc" -eq 0 ] || grep -E '^(FAILED|ERROR|E  )' "$tmp/pytest.log" | head -n 20 >&2
  return "$rc"
}
check "pytest python/tests" 0 out " passed" run_pytest
sed -n '/passed\|failed\|error/p' "$tmp/out" | tail -n 3

# The type hints (optle/__init__.py, and optle/_optle.pyi for the
# extension), where mypy is installed (Debian's mypy; not a dependency of
# make test): the package clean under --strict, a caller's use of it
# clean, and each line of tests/typing/use_wrong.py marked "wrong" an
# error, and no other line.
mypy_run() { (cd python && "$py" -m mypy --strict --cache-dir "$tmp/mypy" "$@"); }
if ! "$py" -c 'import mypy' 2>/dev/null; then
  skip "the type hints (no mypy for $py: apt-get install mypy)"
else
  check "mypy --strict: the package" 0 out "Success" mypy_run optle
  check "mypy --strict: a caller's use" 0 out "Success" mypy_run tests/typing/use_ok.py
  mypy_run tests/typing/use_wrong.py >"$tmp/mypy.out" 2>&1
  got=$(sed -n 's|^tests/typing/use_wrong.py:\([0-9]*\): error:.*|\1|p' "$tmp/mypy.out" | sort -un | tr '\n' ' ')
  want=$(grep -n '# wrong' python/tests/typing/use_wrong.py | cut -d: -f1 | sort -un | tr '\n' ' ')
  expect "mypy: the wrong uses are errors, lines $want" "$got" = "$want"
fi
finish
