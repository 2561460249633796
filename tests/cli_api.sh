#!/usr/bin/env bash
# tests/cli_api.sh: the library as another program gets it (docs/api.md):
# make install into a staged DESTDIR, then examples/solve_small.c built
# through `pkg-config --cflags --libs optle` against the staged tree
# (PKG_CONFIG_PATH and PKG_CONFIG_SYSROOT_DIR), run, and its figures
# compared with `optle solve`'s; the same program linked statically from
# liboptle.a; the shared library's soname and its exported names (optle.h's
# and nothing else).  The C API itself is tested by the Check suite
# (tests/check_api.c), the Python package by tests/cli_python.sh.
#
# make runs as a child with -o optle, as in cli_install.sh: it installs
# what the build has, and builds nothing but the library when it is
# missing.
# shellcheck disable=SC2034 # read by lib.sh
harness=api
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

mk() {
  env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -s -o optle "$@"
}
libdir=$(mk lib-dir)
case $libdir in
  */san-*)
    skip "the example against a sanitizer build's library (its runtime must come first)"
    printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
    exit 0
    ;;
esac
command -v pkg-config >/dev/null || { echo "pkg-config not found (make test-deps)"; exit 2; }
CC=${CC:-gcc}
version=$(cat VERSION)

stage=$tmp/stage
check "make install into a staged DESTDIR" 0 out "" mk install DESTDIR="$stage" PREFIX=/usr/local
lib=$stage/usr/local/lib
pc() { PKG_CONFIG_PATH=$lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$stage pkg-config "$@"; }
check "pkg-config knows optle, its version" 0 out "$version" pc --modversion optle
check "pkg-config --cflags --libs optle: the staged paths" 0 out "-I$stage/usr/local/include" \
  pc --cflags --libs optle
has "... and -loptle" "-L$lib -loptle"

# The example, built as a user builds it.
# shellcheck disable=SC2046 # pkg-config's flags are words
build_example() {
  "$CC" -std=c11 -Wall -Wextra -Werror examples/solve_small.c $(pc --cflags --libs optle) \
    -o "$tmp/solve_small"
}
check "the example builds through pkg-config, with no warning" 0 err "" build_example
check "it runs against the staged liboptle.so" 0 out "total         120 (proven optimal)" \
  env LD_LIBRARY_PATH="$lib" "$tmp/solve_small"
cp "$tmp/out" "$tmp/example"
run "$OPTLE" solve --list small
for key in "first guess" "tree hash"; do
  want=$(summary_word "$key")
  expect "example's $key is solve's ($want)" "$(grep "^$key" "$tmp/example" | awk '{ print $3 }')" = "$want"
done
want=$(summary_value distribution)
expect "example's distribution is solve's ($want)" \
  "$(grep '^distribution' "$tmp/example" | sed 's/^distribution *//')" = "$want"
expect "the example walks one answer's path to the end" \
  "$(tail -n 1 "$tmp/example")" = "wrote: agent BBYBY lefty BYBGB wrote GGGGG"
check "another list, another answer" 0 out "agate: " \
  env LD_LIBRARY_PATH="$lib" "$tmp/solve_small" medium agate
has "... ending all green" "agate GGGGG"

# The shared library: its soname, the example's NEEDED, optle.h's names only.
so=$lib/liboptle.so.$version
if command -v readelf >/dev/null; then
  check "liboptle.so's soname is liboptle.so.${version%%.*}" 0 out \
    "Library soname: [liboptle.so.${version%%.*}]" readelf -d "$so"
  check "the example needs liboptle.so.${version%%.*}" 0 out \
    "Shared library: [liboptle.so.${version%%.*}]" readelf -d "$tmp/solve_small"
  # The budget watcher is a thread kept for the process's life (clock.c):
  # a dlclose() must never unmap its code.
  check "liboptle.so is never unloaded (-z nodelete)" 0 out "Flags: NODELETE" readelf -d "$so"
else
  skip "soname (no readelf)"
fi
nm -D --defined-only "$so" | awk '$2 ~ /^[TDBR]$/ { print $3 }' | sed 's/@.*//' | sort -u >"$tmp/exported"
grep -v '^optle_' "$tmp/exported" >"$tmp/other" || true
expect "liboptle.so exports only optle_ names" ! -s "$tmp/other"
missing=""
while read -r name; do
  grep -q "\\b$name(" include/optle.h || missing="$missing $name"
done <"$tmp/exported"
expect "every exported name is declared in optle.h:$missing" -z "$missing"
sed -n 's/^[a-z].* \**\(optle_[a-z_]*\)(.*/\1/p' include/optle.h | sort -u >"$tmp/declared"
expect "every function optle.h declares is exported" \
  "$(comm -23 "$tmp/declared" "$tmp/exported" | tr '\n' ' ')" = ""

# The static library: the example linked whole, no liboptle.so needed.
# shellcheck disable=SC2046
build_static() {
  "$CC" -std=c11 examples/solve_small.c $(pc --cflags optle) "$lib/liboptle.a" \
    $(pc --static --libs-only-l --libs-only-other optle | sed 's/-loptle//') -o "$tmp/static"
}
check "the example links statically (liboptle.a, pkg-config --static)" 0 err "" build_static
check "... and runs without liboptle.so" 0 out "total         120" "$tmp/static"
# Only optle.h's names are global in liboptle.a, as in liboptle.so: a
# program with its own xmalloc, err_set and game_free links statically
# (it failed: "multiple definition of `xmalloc'").
expect "liboptle.a: no global name but optle.h's" \
  "$(nm -g --defined-only "$lib/liboptle.a" | awk 'NF == 3 && $3 !~ /^(optle_|\.gomp_critical_)/' |
    grep -v ' optle_stop_flag$' | wc -l)" = 0
cat >"$tmp/own.c" <<'EOF'
#include <stdlib.h>
#include "optle.h"
void *xmalloc(size_t n);
void *xmalloc(size_t n) { return malloc(n); }
int err_set(const char *fmt, ...);
int err_set(const char *fmt, ...) { (void)fmt; return 7; }
void game_free(void *g);
void game_free(void *g) { (void)g; }
int main(void) {
  optle_game *g = NULL;
  int rc = optle_game_named("small", &g);
  if (rc == OPTLE_OK && optle_game_answers(g) == 50) rc = err_set("") == 7 ? 0 : 1;
  optle_game_free(g);
  return rc;
}
EOF
# shellcheck disable=SC2046
build_own() {
  "$CC" -std=c11 -Wall -Wextra "$tmp/own.c" $(pc --cflags optle) "$lib/liboptle.a" \
    $(pc --static --libs-only-l --libs-only-other optle | sed 's/-loptle//') -o "$tmp/own"
}
check "a program's own xmalloc, err_set and game_free link with liboptle.a" 0 err "" build_own
check "... and it runs, with the library's and its own" 0 out "" "$tmp/own"

check "make uninstall leaves nothing of the library" 0 out "" mk uninstall DESTDIR="$stage" PREFIX=/usr/local
expect "no file left" -z "$(find "$stage" ! -type d)"

if [ "$skipped" -gt 0 ]; then
  printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
else
  printf '%d passed, %d failed\n' "$passed" "$failed"
fi
[ "$failed" -eq 0 ]
