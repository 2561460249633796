#!/usr/bin/env bash
# tools/deps.sh: what a make target needs, checked, and installed with
# apt-get where it can be (the Makefile's dependency step).
#
#   tools/deps.sh build|test|mpi|tsan|arm64
#
# Each need is probed for itself (a header compiled, a tool run), not by
# asking a package manager, so the check is the same on any system.  What
# is missing is then installed with apt-get when the system has apt and
# NO_APT is not 1, saying which Debian packages it installs.  Whatever is
# still missing is listed, all of it at once, each with how to get it on
# Debian/Ubuntu, Fedora, Arch and macOS (Homebrew); the exit status is
# then 1.  The build needs only a C compiler, OpenMP, xxHash, uthash and
# jansson: everything else is for the tests and tools.
#
# CC, OMPFLAGS, OMPLIBS, SYSFLAGS and SYSLIBS come from the Makefile
# (default gcc, -fopenmp; Homebrew's paths on macOS), and so does
# PYTEST_PYTHON: the interpreter the Python package's tests build for and
# run under (default Debian's /usr/bin/python3, which Debian's packages
# serve).  The tests need its headers (python3-dev), setuptools
# (python3-setuptools: the extension's build) and pytest (python3-pytest).
set -u
what=${1:?usage: tools/deps.sh build|test|mpi|tsan|arm64}
CC=${CC:-gcc}
PY=${PYTEST_PYTHON:-python3}
OMPFLAGS=${OMPFLAGS:--fopenmp}
OMPLIBS=${OMPLIBS:-$OMPFLAGS}
SYSFLAGS=${SYSFLAGS:-}
SYSLIBS=${SYSLIBS:-}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/optle-deps.XXXXXX") || exit 2
trap 'rm -rf "$scratch"' EXIT

# compiles SOURCE [LINK-FLAGS...]: does a C program build with $CC?
compiles() {
  local src=$1
  shift
  printf '%b\n' "$src" >"$scratch/p.c"
  # shellcheck disable=SC2086 # flags are words
  "$CC" -std=c11 $SYSFLAGS $OMPFLAGS "$scratch/p.c" -o "$scratch/p" $SYSLIBS "$@" $OMPLIBS \
    >/dev/null 2>&1
}
has() { command -v "$1" >/dev/null 2>&1; }

# need NAME DEBIAN FEDORA ARCH BREW: probe_NAME must succeed.
probe_cc() { has "$CC"; }
probe_openmp() { compiles '#include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }'; }
probe_xxhash() { compiles '#define XXH_INLINE_ALL\n#include <xxhash.h>\nint main(void) { return (int)XXH3_64bits("", 0) & 0; }'; }
probe_uthash() { compiles '#include <stddef.h>\n#include <uthash.h>\nint main(void) { return 0; }'; }
probe_jansson() { compiles '#include <jansson.h>\nint main(void) { json_decref(json_object()); return 0; }' -ljansson; }
probe_check() { has pkg-config && pkg-config --exists check; }
probe_jq() { has jq; }
probe_graphviz() { has dot; }
probe_groff() { has groff; }
probe_man() { has man; }
probe_tmux() { has tmux; }
probe_gnu_time() { /usr/bin/time -v true >/dev/null 2>&1; }
probe_python3() { has python3; }
probe_python3_dev() { "$PY" -c 'import os, sys, sysconfig
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' 2>/dev/null; }
probe_setuptools() { "$PY" -c 'import setuptools' 2>/dev/null; }
probe_pytest() { "$PY" -c 'import pytest' 2>/dev/null; }
probe_chromium() { has chromium || has chromium-browser || has google-chrome; }
probe_mpi() { has mpicc && has mpirun; }
probe_clang() { has clang; }
probe_archer() { ls /usr/lib/llvm-*/lib/libarcher.so >/dev/null 2>&1 ||
  [ -f "$(clang -print-resource-dir 2>/dev/null)/../../../lib/libarcher.so" ]; }
probe_cross_cc() { has aarch64-linux-gnu-gcc; }
probe_qemu() { has qemu-aarch64; }
probe_arm64_libs() { CC=aarch64-linux-gnu-gcc compiles '#define XXH_INLINE_ALL\n#include <xxhash.h>\n#include <check.h>\n#include <jansson.h>\nint main(void) { json_decref(json_object()); return (int)XXH3_64bits("", 0) & 0; }' -static -ljansson; }
probe_tsan_rt() { printf 'int main(void){return 0;}\n' >"$scratch/t.c" &&
  clang -fsanitize=thread "$scratch/t.c" -o "$scratch/t" >/dev/null 2>&1; }

# name | Debian packages | Fedora | Arch | Homebrew | what it is for
table() {
  case $what in
    build) cat <<'EOF'
cc|gcc libc6-dev|gcc|gcc|llvm (or Xcode's clang)|the compiler
openmp|gcc|libgomp|gcc|libomp|the threads
xxhash|libxxhash-dev|xxhash-devel|xxhash|xxhash|the hashes
uthash|uthash-dev|uthash-devel|uthash|uthash|the word lists' index
jansson|libjansson-dev|jansson-devel|jansson|jansson|JSON trees
EOF
      ;;
    test) cat <<'EOF'
check|check pkg-config|check-devel pkgconf|check pkgconf|check pkg-config|the unit tests
jq|jq|jq|jq|jq|reading JSON in the CLI tests
graphviz|graphviz|graphviz|graphviz|graphviz|the pictures, -o x.svg
groff|groff-base|groff-base|groff|groff|the man page's check
man|man-db|man-db|man-db|(built in)|the man page's check
tmux|tmux|tmux|tmux|tmux|play at a real terminal
gnu_time|time|time|time|gnu-time|peak memory
python3|python3|python3|python|python|the test tools
python3_dev|python3-dev|python3-devel|python|python|the Python package's build
setuptools|python3-setuptools|python3-setuptools|python-setuptools|python-setuptools|the Python package's build
pytest|python3-pytest|python3-pytest|python-pytest|pytest|the Python package's tests
chromium|chromium|chromium|chromium|--cask chromium|the explorer's browser test
mpi|libopenmpi-dev openmpi-bin|openmpi-devel|openmpi|open-mpi|the cluster tests, optle-mpi
EOF
      ;;
    mpi) cat <<'EOF'
mpi|libopenmpi-dev openmpi-bin|openmpi-devel|openmpi|open-mpi|optle-mpi, the cluster build
EOF
      ;;
    tsan) cat <<'EOF'
clang|clang|clang|clang|llvm|ThreadSanitizer's compiler
tsan_rt|libclang-rt-dev|compiler-rt|compiler-rt|llvm|ThreadSanitizer's runtime
archer|libomp-dev|libomp-devel|openmp|libomp|OpenMP under ThreadSanitizer
EOF
      ;;
    arm64) cat <<'EOF'
cross_cc|gcc-aarch64-linux-gnu|gcc-aarch64-linux-gnu|aarch64-linux-gnu-gcc|(use a Linux machine)|the cross compiler
qemu|qemu-user|qemu-user|qemu-user|(use a Linux machine)|running AArch64 binaries
arm64_libs|libjansson-dev:arm64 libxxhash-dev:arm64 check:arm64 libsubunit-dev:arm64|(none)|(none)|(use a Linux machine)|the AArch64 libraries
EOF
      ;;
    *) echo "tools/deps.sh: unknown target '$what'" >&2; exit 2 ;;
  esac
}

missing() { # prints the lines of the table whose probe fails
  local line
  while IFS= read -r line; do
    "probe_${line%%|*}" && continue
    printf '%s\n' "$line"
    [ "${line%%|*}" = cc ] && return # without a compiler, nothing else can be probed
  done < <(table)
}

miss=$(missing)
[ -z "$miss" ] && exit 0

if [ "${NO_APT:-0}" != 1 ] && has apt-get && has dpkg-query; then
  pkgs=$(cut -d'|' -f2 <<<"$miss" | tr ' ' '\n' | sort -u | tr '\n' ' ' | sed 's/ $//')
  # One line, before anything is installed: what, and what for.
  needs=$(awk -F'|' '{ printf "%s%s (%s)", (NR > 1 ? ", " : ""), $1, $6 }' <<<"$miss")
  label="make $what"
  [ "$what" = build ] && label=make
  echo "optle: $label needs $needs: installing with apt-get: apt-get install $pkgs"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  # Wait up to 10 minutes for apt's lock (another apt-get, or the
  # system's own updates at boot) rather than fail at once.
  opts=(-y -qq -o DPkg::Lock::Timeout=600)
  [ "$what" = test ] && opts+=(--no-install-recommends) # Chromium without a desktop's services
  # The arm64 libraries are Debian's multiarch packages.
  [ "$what" = arm64 ] && $sudo dpkg --add-architecture arm64
  # shellcheck disable=SC2086 # package names are words
  { $sudo apt-get update -qq -o DPkg::Lock::Timeout=600 && DEBIAN_FRONTEND=noninteractive $sudo apt-get install "${opts[@]}" $pkgs; } \
    >"$scratch/apt.log" 2>&1 || { tail -n 20 "$scratch/apt.log"; echo "optle: apt-get failed"; }
  miss=$(missing)
  [ -z "$miss" ] && exit 0
fi

label="make $what"
[ "$what" = build ] && label=make
echo "optle: missing for '$label': $(cut -d'|' -f1 <<<"$miss" | tr '\n' ' ' | sed 's/ $//')"
while IFS='|' read -r name deb fed arch brew _; do
  printf '  %-9s Debian/Ubuntu: apt-get install %s; Fedora: dnf install %s; Arch: pacman -S %s; macOS: brew install %s\n' \
    "$name" "$deb" "$fed" "$arch" "$brew"
done <<<"$miss"
[ "${NO_APT:-0}" = 1 ] && echo "  (NO_APT=1: apt-get was not called)"
[ "$what" = build ] && echo "  README \"Install\" has the routes for macOS and other Linux systems."
exit 1
