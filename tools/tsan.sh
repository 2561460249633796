#!/usr/bin/env bash
# tools/tsan.sh: optle's threaded code under ThreadSanitizer.
#
#   tools/tsan.sh          build build/tsan/optle, then run the threaded solves
#   tools/tsan.sh build    build only
#   tools/tsan.sh run      run only (after a build)
#   tools/tsan.sh unit     also build tests/check_optle under TSan and run its
#                          threaded suites: memo (4 threads hammering a 1 MiB
#                          memo: locks, evictions; threads appending to one
#                          shard at once) and search (the oracle with 2
#                          threads and a 1 MiB memo, the root split at the
#                          window's edges); ~2 min.  CI runs this
#                          (`make tsan-unit`, .ci/run): it exits 1 on any
#                          ThreadSanitizer report or failed check.
#
# gcc's TSan cannot see libgomp's synchronisation (libgomp is not built
# with TSan), so every OpenMP barrier, task and critical section looks
# like a race.  This builds with clang and LLVM's OpenMP runtime (libomp)
# instead, and loads LLVM's Archer tool (libarcher.so, shipped with
# libomp-14-dev), which tells TSan about libomp's barriers, tasks,
# taskwaits, locks and reductions through the OMPT interface.  With it a
# report is a real race in optle's code (or in an uninstrumented library;
# see tests/tsan.supp for the suppressions and why each is there).
#
# One false report is left even so: libomp hands a finished task's storage
# back to the thread that allocated it, for its next task, through a
# lock-free list TSan cannot see, and Archer does not say so.  Every run
# therefore preloads tools/tsan_taskmem.c (build/tsan/libtsan_taskmem.so),
# which tells TSan of that hand-over and loads Archer itself; its design
# note says how.  taskmem_check, before the runs, shows on
# tools/tsan_taskmem_test.c that plain Archer gives that report, that the
# library removes it, and that a real race between such tasks is still
# reported.
#
# Each run prints its ThreadSanitizer report, if any, and the script
# ends with one line per run: "ok", or "RACE (N reports)"; it exits 1 when
# any run reported a race or failed.  Runs take 1-3 minutes in all on two
# cores (TSan is 5-15x slower).  Debian packages: clang, libclang-rt-dev,
# libomp-dev (libomp-14-dev), libjansson-dev, libxxhash-dev, uthash-dev,
# check (`make tsan` and `make tsan-unit` install those missing).
set -u

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 2
out=build/tsan
CC=${CC:-clang}
what=${1:-all}

archer=""
for d in "$($CC -print-resource-dir 2>/dev/null)/../../../lib" /usr/lib/llvm-14/lib /usr/lib/llvm-*/lib; do
  [ -f "$d/libarcher.so" ] && { archer=$(cd "$d" && pwd)/libarcher.so; break; }
done

# Compile in the background, as many at once as there are cores; bg_wait
# waits for the rest and fails the build if any failed.
jobs=$(nproc 2>/dev/null || echo 2)
pids=()
bg_compile() {
  "$@" &
  pids+=($!)
  if [ "${#pids[@]}" -ge "$jobs" ]; then
    wait "${pids[0]}" || exit 2
    pids=("${pids[@]:1}")
  fi
}
bg_wait() {
  local p
  for p in "${pids[@]}"; do wait "$p" || exit 2; done
  pids=()
}

build() {
  command -v "$CC" >/dev/null || { echo "tsan: $CC not found (apt-get install clang)"; exit 2; }
  [ -n "$archer" ] || { echo "tsan: libarcher.so not found (apt-get install libomp-dev)"; exit 2; }
  mkdir -p "$out/obj"
  local flags=(-std=c11 -D_GNU_SOURCE -O1 -g -march=native -fno-omit-frame-pointer
    -fsanitize=thread -fopenmp=libomp -Iinclude -Wall -Wextra -Werror)
  local objs=() f o
  for f in src/*.c; do
    o=$out/obj/$(basename "${f%.c}").o
    objs+=("$o")
    # Rebuild when the source, any header or a list file is newer.
    if [ ! -e "$o" ] || [ -n "$(find "$f" include wordlists -newer "$o" -print -quit)" ]; then
      echo "tsan: $CC $f"
      bg_compile "$CC" "${flags[@]}" -c "$f" -o "$o"
    fi
  done
  bg_wait
  "$CC" -fsanitize=thread -fopenmp=libomp "${objs[@]}" -ljansson -lm -o "$out/optle" || exit 2
  echo "tsan: built $out/optle"
  build_taskmem
}

# tools/tsan_taskmem.c (not itself under TSan: it is part of the runtime's
# side) and its test program.
build_taskmem() {
  local w=(-std=c11 -O1 -g -Wall -Wextra -Werror)
  if [ -n "$(find tools/tsan_taskmem.c -newer "$out/libtsan_taskmem.so" -print 2>/dev/null)" ] ||
    [ ! -e "$out/libtsan_taskmem.so" ]; then
    "$CC" "${w[@]}" -fPIC -shared tools/tsan_taskmem.c -ldl -o "$out/libtsan_taskmem.so" || exit 2
  fi
  if [ -n "$(find tools/tsan_taskmem_test.c -newer "$out/tsan_taskmem_test" -print 2>/dev/null)" ] ||
    [ ! -e "$out/tsan_taskmem_test" ]; then
    "$CC" "${w[@]}" -fsanitize=thread -fopenmp=libomp tools/tsan_taskmem_test.c \
      -o "$out/tsan_taskmem_test" || exit 2
  fi
}

# The number of ThreadSanitizer reports of one tsan_taskmem_test run;
# $1: plain (Archer alone) or preload (with the library), $2: its argument.
taskmem_reports() {
  local how=$1 arg=${2:-}
  if [ "$how" = plain ]; then
    # shellcheck disable=SC2086
    OMP_TOOL_LIBRARIES=$archer "$out/tsan_taskmem_test" $arg 2>&1 | grep -c '^WARNING: ThreadSanitizer'
  else
    # shellcheck disable=SC2086
    LD_PRELOAD=$preload "$out/tsan_taskmem_test" $arg 2>&1 | grep -c '^WARNING: ThreadSanitizer'
  fi
}

# The library's three claims, or exit 1.  Plain Archer's false report
# comes in most runs, not all: up to eight runs.
taskmem_check() {
  local n
  for _ in 1 2 3 4 5 6 7 8; do
    n=$(taskmem_reports plain)
    [ "$n" -gt 0 ] && break
  done
  [ "$n" -gt 0 ] || { echo "tsan: taskmem_check: plain Archer gave no report on tools/tsan_taskmem_test.c in 8 runs (is the library still needed?)"; exit 1; }
  for _ in 1 2 3; do
    n=$(taskmem_reports preload)
    [ "$n" -eq 0 ] || { echo "tsan: taskmem_check: $n reports on tools/tsan_taskmem_test.c with the library"; exit 1; }
  done
  n=$(taskmem_reports preload race)
  [ "$n" -gt 0 ] || { echo "tsan: taskmem_check: the real race in tools/tsan_taskmem_test.c was not reported with the library"; exit 1; }
  echo "tsan: taskmem_check: plain Archer's false report on reused task storage is gone with the library; a real race is still reported"
}

# The Check suites, built the same way.
build_unit() {
  build
  local flags=(-std=c11 -D_GNU_SOURCE -O1 -g -march=native -fno-omit-frame-pointer
    -fsanitize=thread -fopenmp=libomp -Iinclude -Wall -Wextra -Werror)
  local objs=() f o
  for f in tests/check_*.c; do
    o=$out/obj/test-$(basename "${f%.c}").o
    objs+=("$o")
    if [ ! -e "$o" ] || [ -n "$(find "$f" tests/suites.h include -newer "$o" -print -quit)" ]; then
      echo "tsan: $CC $f"
      # shellcheck disable=SC2046
      bg_compile "$CC" "${flags[@]}" $(pkg-config --cflags check) -c "$f" -o "$o"
    fi
  done
  bg_wait
  for o in "$out"/obj/*.o; do
    case $o in */main.o | */test-*) ;; *) objs+=("$o") ;; esac
  done
  # shellcheck disable=SC2046
  # --wrap: the library's pthread_create() through check_api.c's wrapper, as
  # the Makefile links the plain runner (TEST_WRAP).
  "$CC" -fsanitize=thread -fopenmp=libomp -Wl,--wrap=pthread_create "${objs[@]}" \
    $(pkg-config --libs check) -ljansson -lm -o "$out/check_optle" || exit 2
  echo "tsan: built $out/check_optle"
}

unit() {
  [ -x "$out/check_optle" ] || { echo "tsan: $out/check_optle not built"; exit 2; }
  tsan_env
  taskmem_check
  local status=0 suite n log
  for suite in memo search; do
    log=$out/check-$suite.log
    echo "== check_optle, suite $suite"
    LD_PRELOAD=$preload CK_RUN_SUITE=$suite CK_EXCLUDE_TAGS=heavy CK_TIMEOUT_MULTIPLIER=20 \
      "$out/check_optle" >"$log" 2>&1 || status=1
    n=$(grep -c '^WARNING: ThreadSanitizer' "$log")
    grep -v '^Archer detected' "$log" | tail -n 40
    [ "$n" -gt 0 ] && { echo "RACE ($n reports) in suite $suite"; status=1; }
  done
  return $status
}

# The runs: every threaded path of the solver.
#  - large: the root split over candidate first guesses (parallel for,
#    the shared atomic best, the shared memo), then choose() in parallel
#    and the tree built as OpenMP tasks;
#  - medium and large with a 1-2 MiB memo, so shards fill and are cleared
#    while other threads probe them (4 threads on 2 cores: more
#    preemption inside critical sections);
#  - nyt --first salet: the first guess's classes solved in parallel
#    (reduction, atomic capture, seeds computed inside the loop), tasks;
#  - nyt --time-limit: the stop flag set by one thread and read by all;
#  - simulate: the heuristic strategies' tasks and the compare loop.
runs=(
  "solve --list large --threads 2"
  "solve --list medium --threads 2 --memo-mb 1 --stats"
  "solve --list large --threads 4 --memo-mb 2 --max-guesses 0"
  "solve --list nyt-2022-02 --first salet --threads 2"
  "solve --list nyt-2022-02 --threads 2 --time-limit 3"
  "simulate --list nyt-2022-02 --first salet --strategy rollout:entropy:3 --threads 2"
  "simulate --compare --list nyt-2022-02 --first salet,crane,trace --strategies entropy,minimax,rollout:entropy:2,exact --threads 2"
)

# The environment of every run; LD_PRELOAD only on the runs' own command
# lines ($preload), so that grep and the rest start without it.
tsan_env() {
  preload=$root/$out/libtsan_taskmem.so
  export TSAN_TASKMEM_CLIENT=$archer
  export TSAN_OPTIONS="suppressions=$root/tests/tsan.supp ignore_noninstrumented_modules=1 history_size=4 halt_on_error=0 exitcode=66 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
  export ARCHER_OPTIONS="verbose=1 ${ARCHER_OPTIONS:-}"
}

run() {
  [ -x "$out/optle" ] || { echo "tsan: $out/optle not built"; exit 2; }
  tsan_env
  taskmem_check
  local status=0 summary=() r rc n log
  for r in "${runs[@]}"; do
    log=$out/$(echo "$r" | tr -c 'a-z0-9\n' '_').log
    echo "== optle $r"
    # shellcheck disable=SC2086
    LD_PRELOAD=$preload "$out/optle" $r >"$log.out" 2>"$log"
    rc=$?
    n=$(grep -c '^WARNING: ThreadSanitizer' "$log")
    cat "$log.out" "$log" | grep -q 'Archer detected OpenMP application with TSan' ||
      echo "tsan: Archer was not loaded ($archer): reports may be false positives"
    grep -v '^Archer detected\|^optle: time limit' "$log" | head -n 200
    grep -v '^Archer detected' "$log.out" | tail -n 3
    if [ "$n" -gt 0 ]; then
      summary+=("RACE ($n reports)  optle $r"); status=1
    elif [ "$rc" -ne 0 ] && [ "$rc" -ne 4 ]; then
      summary+=("FAILED (exit $rc)  optle $r"); status=1
    else
      summary+=("ok (exit $rc)  optle $r")
    fi
  done
  echo "== summary"
  printf '%s\n' "${summary[@]}"
  return $status
}

case $what in
build) build ;;
run) run ;;
all) build && run ;;
unit) build_unit && unit ;;
*) echo "usage: tools/tsan.sh [build|run|unit]"; exit 2 ;;
esac
