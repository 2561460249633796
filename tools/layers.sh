#!/usr/bin/env bash
# tools/layers.sh: optle's layers, checked (run by `make test`).
#
# Each module (a .c/.h pair; search_*, kernel_*, treeread_*, treeio_* and
# cmd_* files belong to search, kernel, treeread, treeio and cmd) sits in a layer, and
# includes only modules of its own layer or below.  Within a layer the
# includes must not form a cycle either.  A new module must be added
# here, in the layer its includes put it in (docs/architecture.md).
set -euo pipefail
cd "$(dirname "$0")/.."

layer_of() {
  case $1 in
  err | mem | clock | util | utf8 | ratio | tuning | version | dist | embed | suggest) echo 0 ;; # errors, memory, clock and stopping, files; averages as text; version; ranks; embedded files; did-you-mean
  words | feedback | kernel) echo 1 ;;        # word lists, patterns; the bounds' kernels
  game | lists | rules) echo 2 ;;             # one instance; the game's rules
  score | memo | memo_file | tree | treeio | treeread | verify | dot | treehtml | history | share | checkpoint) echo 3 ;;
  greedy) echo 4 ;;                           # greedy strategies (the seed)
  search) echo 5 ;;                           # the exact search
  strategy) echo 6 ;;                         # the strategy facade
  simulate | advice | rank_run) echo 7 ;;     # what commands compute; a ranking's checkpoint and progress
  opts | help | cli | cmd | main) echo 8 ;;   # the command line
  api) echo 8 ;;                              # the library's public API (optle.h), beside it
  *) echo "" ;;
  esac
}
module_of() {
  local b
  b=$(basename "$1")
  b=${b%.[ch]}
  case $b in
  util_*) echo util ;;
  search_*) echo search ;;
  kernel_*) echo kernel ;;
  treeread_*) echo treeread ;;
  treeio_*) echo treeio ;;
  cmd_*) echo cmd ;;
  api_* | optle) echo api ;;
  *) echo "$b" ;;
  esac
}

bad=0
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
for f in src/*.c src/*.h include/*.h; do
  m=$(module_of "$f")
  lm=$(layer_of "$m")
  if [ -z "$lm" ]; then
    echo "layers: $f: module '$m' has no layer (add it to tools/layers.sh)"
    bad=1
    continue
  fi
  for d in $(sed -n 's/^#include "\([a-z_]*\)\.h".*/\1/p' "$f"); do
    dm=$(module_of "$d.h")
    [ "$dm" = "$m" ] && continue
    ld=$(layer_of "$dm")
    if [ -z "$ld" ]; then
      echo "layers: $f includes '$d.h': module '$dm' has no layer"
      bad=1
    elif [ "$ld" -gt "$lm" ]; then
      echo "layers: $f ($m, layer $lm) includes $d.h ($dm, layer $ld): a higher layer"
      bad=1
    fi
    echo "$m $dm" >>"$edges"
  done
done
if ! tsort "$edges" >/dev/null 2>&1; then
  echo "layers: the includes form a cycle:"
  tsort "$edges" 2>&1 >/dev/null | sed 's/^/  /'
  bad=1
fi
[ "$bad" = 0 ] && echo "layers: $(sort -u "$edges" | wc -l) module includes, no upward include, no cycle"
exit "$bad"
