#!/usr/bin/env bash
# tests/cli_install.sh: make install and make uninstall, into a temporary
# DESTDIR.
#
# Installs with PREFIX=/usr (and once with the default /usr/local, and
# once into a DESTDIR with a space), checks that exactly the binary, the
# man page, the bash completion and the library (optle.h, liboptle.so
# with its soname links, liboptle.a, optle.pc: docs/api.md) are installed
# where packagers expect them, runs the installed binary once (--version, and a solve from
# another directory: the named lists are embedded), reads the installed
# man page with man and completes with the installed completion; then
# uninstalls and checks that no file is left.  optle-mpi is installed
# when the build has one (MPI_BIN): a stand-in checks the rule.
#
# make runs as a child of this script (itself run by make cli-test), so
# it gets no MAKEFLAGS of the parent (no jobserver to share) and -o optle:
# it installs ./optle as it is, the binary the other tests test, whatever
# its configuration (SANITIZE=...), and builds nothing.
# shellcheck disable=SC2034 # read by lib.sh
harness=install
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }
if [ "$OPTLE" != "$root/optle" ]; then
  echo "OPTLE is $OPTLE: make install installs $root/optle; testing that"
  OPTLE=$root/optle
fi

# mk TARGET VAR=VALUE...: make, quietly, without the parent's MAKEFLAGS.
mk() {
  env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -s -o optle "$@"
}

# installed DEST PREFIX: the files under DEST, sorted, one a line, with
# DEST taken off; expect_files NAME DEST PREFIX FILE...: exactly FILEs.
installed() { (cd "$1" && find . ! -type d | sed 's|^\.||' | sort); }
expect_files() {
  local name=$1 dest=$2
  shift 2
  printf '%s\n' "$@" | sed '/^$/d' | sort >"$tmp/want"
  installed "$dest" >"$tmp/got"
  if cmp -s "$tmp/got" "$tmp/want"; then pass; else
    fail "$name" "installed: $(tr '\n' ' ' <"$tmp/got")" "expected:  $(tr '\n' ' ' <"$tmp/want")"
  fi
}

# lib_files PREFIX: the library's files under PREFIX.
version=$(cat VERSION)
lib_files() {
  echo "$1/include/optle.h" "$1/lib/liboptle.so.$version" "$1/lib/liboptle.so.${version%%.*}" \
    "$1/lib/liboptle.so" "$1/lib/liboptle.a" "$1/lib/pkgconfig/optle.pc"
}

# ------------------------------------------------------------------
# PREFIX=/usr, as a distribution package builds it.

dest=$tmp/dest
check "make install DESTDIR PREFIX=/usr" 0 out "" mk install DESTDIR="$dest" PREFIX=/usr
mpi_bin="" mpi_comp=""
[ -f optle-mpi ] && mpi_bin=/usr/bin/optle-mpi mpi_comp=/usr/share/bash-completion/completions/optle-mpi # make test builds it
expect_files "installs the binary (and optle-mpi, when built), the man page and the completion" \
  "$dest" /usr/bin/optle $mpi_bin /usr/share/man/man1/optle.1 \
  /usr/share/bash-completion/completions/optle $mpi_comp $(lib_files /usr)
expect "liboptle.so.${version%%.*} links to liboptle.so.$version" \
  "$(readlink "$dest/usr/lib/liboptle.so.${version%%.*}")" = "liboptle.so.$version"
expect "optle.pc names the prefix" "$(grep '^prefix=' "$dest/usr/lib/pkgconfig/optle.pc")" = prefix=/usr
same_file "bin/optle is ./optle" "$dest/usr/bin/optle" "$OPTLE"
same_file "man1/optle.1 is optle.1" "$dest/usr/share/man/man1/optle.1" optle.1
same_file "completions/optle is completions/optle.bash" \
  "$dest/usr/share/bash-completion/completions/optle" completions/optle.bash
expect "bin/optle is executable" -x "$dest/usr/bin/optle"
expect "the man page is 644" "$(stat -c %a "$dest/usr/share/man/man1/optle.1")" = 644

# The installed binary, once, away from the checkout.
bin=$dest/usr/bin/optle
check "installed: --version" 0 out "optle $(cat VERSION) (commit" "$bin" --version
expect "installed: the same version as ./optle" "$(cat "$tmp/out")" = "$("$OPTLE" --version)"
solve_elsewhere() { (cd "$tmp" && "$bin" solve --list small -o small.json); }
check "installed: solve --list small from another directory" 0 out "total         120" solve_elsewhere
check "installed: the tree records which optle wrote it" 0 out \
  "written by    $("$OPTLE" --version)" "$bin" verify "$tmp/small.json"

# The installed man page, found by man through MANPATH.
if command -v man >/dev/null 2>&1 && man -l optle.1 >/dev/null 2>&1; then
  MANPATH=$dest/usr/share/man MANWIDTH=80 check "installed: man optle" 0 out "optle - provably optimal Wordle strategies" \
    man optle
else
  skip "installed: man optle (man-db not installed)"
fi

# The installed completion, completing for the installed binary.
complete_installed() {
  # shellcheck source=completions/optle.bash
  . "$dest/usr/share/bash-completion/completions/optle"
  COMP_WORDS=("$bin" solve --li)
  COMP_CWORD=2
  COMP_LINE="$bin solve --li"
  COMP_POINT=${#COMP_LINE}
  _optle
  printf '%s\n' "${COMPREPLY[@]}"
}
check "installed: the completion completes solve --li" 0 out "--list" complete_installed

# Uninstall: nothing left.
check "make uninstall" 0 out "" mk uninstall DESTDIR="$dest" PREFIX=/usr
expect_files "make uninstall leaves no file" "$dest"
check "make uninstall again: nothing to do, no error" 0 out "" mk uninstall DESTDIR="$dest" PREFIX=/usr

# ------------------------------------------------------------------
# The default PREFIX, a DESTDIR with a space, and optle-mpi.

dest2="$tmp/dest two"
printf '#!/bin/sh\necho optle-mpi stand-in\n' >"$tmp/optle-mpi"
check "make install: default PREFIX, with optle-mpi" 0 out "" \
  mk install DESTDIR="$dest2" MPI_BIN="$tmp/optle-mpi"
expect_files "PREFIX defaults to /usr/local; optle-mpi installed, with its completion" "$dest2" \
  /usr/local/bin/optle /usr/local/bin/optle-mpi /usr/local/share/man/man1/optle.1 \
  /usr/local/share/bash-completion/completions/optle /usr/local/share/bash-completion/completions/optle-mpi \
  $(lib_files /usr/local)
same_file "completions/optle-mpi is completions/optle.bash" \
  "$dest2/usr/local/share/bash-completion/completions/optle-mpi" completions/optle.bash
check "installed optle-mpi runs" 0 out "optle-mpi stand-in" "$dest2/usr/local/bin/optle-mpi"
check "make uninstall: default PREFIX" 0 out "" mk uninstall DESTDIR="$dest2"
expect_files "make uninstall removes optle-mpi too" "$dest2"
check "make install without optle-mpi" 0 out "" mk install DESTDIR="$dest2" MPI_BIN="$tmp/none"
expect "no optle-mpi when none was built" ! -e "$dest2/usr/local/bin/optle-mpi"
mk uninstall DESTDIR="$dest2"
expect_files "and uninstalled" "$dest2"

# ------------------------------------------------------------------
# tools/deps.sh (issue 49): before it installs anything, one line says
# which packages make test will install and what each is for.  On a PATH
# with none of the test tools and a stand-in apt-get that only logs.
fakebin=$tmp/deps-bin
mkdir -p "$fakebin"
for t in mktemp rm cut tr sort sed awk id tail cat ls true; do
  p=$(type -P "$t") && ln -sf "$p" "$fakebin/$t"
done
printf '#!/bin/sh\necho "apt-get $*" >>"%s/apt.log"\n' "$tmp" >"$fakebin/apt-get"
printf '#!/bin/sh\nexit 0\n' >"$fakebin/dpkg-query"
printf '#!/bin/sh\nexec "$@"\n' >"$fakebin/sudo"
chmod +x "$fakebin/apt-get" "$fakebin/dpkg-query" "$fakebin/sudo"
bash_bin=$(command -v bash)
run env PATH="$fakebin" NO_APT=0 "$bash_bin" tools/deps.sh test
expect "deps.sh test: still missing after the stand-in apt-get: status 1" "$rc" = 1
expect "deps.sh test: the first line says what and why, before installing" "$(head -n 1 "$tmp/out")" = \
  "optle: make test needs check (the unit tests), jq (reading JSON in the CLI tests), graphviz (the pictures, -o x.svg), groff (the man page's check), man (the man page's check), tmux (play at a real terminal), python3 (the test tools), chromium (the explorer's browser test), mpi (the cluster tests, optle-mpi): installing with apt-get: apt-get install check chromium graphviz groff-base jq libopenmpi-dev man-db openmpi-bin pkg-config python3 tmux"
expect "deps.sh test: apt-get got those packages" "$(grep -c 'install -y -qq -o DPkg::Lock::Timeout=600 --no-install-recommends check chromium graphviz' "$tmp/apt.log")" = 1

if [ "$skipped" -gt 0 ]; then
  printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
else
  printf '%d passed, %d failed\n' "$passed" "$failed"
fi
[ "$failed" -eq 0 ]
