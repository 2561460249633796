#!/usr/bin/env bash
# tools/bench.sh: optle's benchmark table (`make bench`).
#
# Each row proves one fixed first guess exactly (default guess limit 6),
# or with WORD "root" finds and proves the best first guess (the root
# proof, no --first), and is run with 1 and 2 threads (root rows: 2, or
# BENCH_ROOT_THREADS, for thread scaling).  Wall time is measured around the
# whole process (start-up included); peak RSS, nodes, the total and the
# tree hash come from optle's own summary.  A change that should not
# alter results keeps every total and hash.
#
#   tools/bench.sh                 all rows, 1 and 2 threads
#   BENCH_ROWS="nyt:salet orig:salet" BENCH_THREADS="1 2 4" tools/bench.sh
#   BENCH_ROWS="nyt-2023-07:root" BENCH_ROOT_THREADS="1 2 4 8 16" BENCH_RANK=0 BENCH_VERIFY=0 BENCH_MPI=0 tools/bench.sh
#                                  a root proof's thread scaling (docs/benchmarks.md)
#   BENCH_ROWS="orig:root" BENCH_KERNELS="avx512-vbmi avx512 avx2 portable" BENCH_RANK=0 BENCH_VERIFY=0 tools/bench.sh
#                                  a root proof under each kernel, in turn
#                                  (the same binary: OPTLE_KERNEL)
#   BENCH_ROWS=" " BENCH_VERIFY=0 tools/bench.sh    the ranking rows alone
#   BENCH_ROWS=" " BENCH_RANK=0 BENCH_TABLE=1 BENCH_VERIFY=0 TABLES=DIR tools/bench.sh
#                                  the whole-table sample rows alone (docs/rank.md)
#
# A row is LISTS:WORD: "orig" is --list original, "nyt" --list nyt-2022-02 (the
# lists of February 2022), and any other named list is itself
# ("nyt-2023-07:tarse"); all are embedded in optle (optle lists).  The
# root rows, normal and hard, are 12-16 s each on the 2-core Intel Xeon of
# docs/benchmarks.md; BENCH_ROOT=0 leaves them out.  The 3158-answer
# list's root proofs (nyt-2023-07:root, about 75 s, and nyt-2023-07:root:hard,
# about 3 minutes) come with BENCH_ROOT=2.
set -euo pipefail
cd "$(dirname "$0")/.."
OPTLE=${OPTLE:-./optle}
ROOT_ROWS=""
[[ ${BENCH_ROOT:-1} != 0 ]] && ROOT_ROWS="orig:root nyt:root orig:root:hard nyt:root:hard"
[[ ${BENCH_ROOT:-1} == 2 ]] && ROOT_ROWS="$ROOT_ROWS nyt-2023-07:root nyt-2023-07:root:hard"
# Rules and objective rows (a third field): hard, ultrahard, worst (the
# worst-case objective), hardworst (both).
MODE_ROWS="orig:salet:hard nyt:salet:hard nyt:crate:hard nyt:prank:hard nyt:butyl:hard nyt:fitna:hard orig:salet:ultrahard orig:salet:worst orig:palet:hardworst"
# Hard mode on today's list (issue 48): a fast opener, one whose tree was
# slow to build, and one with no strategy within six guesses.
HARD23_ROWS="nyt-2023-07:bumph:hard nyt-2023-07:byway:hard nyt-2023-07:zymic:hard"
MODE_ROWS="$MODE_ROWS $HARD23_ROWS"
ROWS=${BENCH_ROWS:-"orig:salet orig:crate orig:raise nyt:salet nyt:sayon nyt:align nyt:prank nyt:butyl nyt:fitna nyt:gothy nyt-2022-08:tarse nyt-2023-07:tarse $MODE_ROWS $ROOT_ROWS"}
THREADS=${BENCH_THREADS:-"1 2"}
# ANCHOR=BINARY: alex1770/wordle's binary (built from its wordle.cpp),
# run on the rows of ANCHOR_ROWS (the hard nyt-2023-07 ones) after
# optle's, one thread, its whole process, stopped after ANCHOR_TIMEOUT
# seconds (300).  It reads the list files without their '#' headers.
ANCHOR=${ANCHOR:-}
ANCHOR_ROWS=${ANCHOR_ROWS:-$HARD23_ROWS}
ANCHOR_TIMEOUT=${ANCHOR_TIMEOUT:-300}

field() { sed -n "s/^$1 *//p" <<<"$2" | head -n 1; }
# The proven total, or "none" when no strategy fits the guess limit.
total_of() {
  if grep -q 'no strategy' <<<"$1"; then echo none; else field total "$1"; fi
}

# The anchor's row for a hard row of nyt-2023-07: its total ("none": no
# strategy), its whole process's wall time and peak RSS, its search's own
# time, or "> ANCHOR_TIMEOUT" unfinished.
anchor_row() {
  local name=$1 word=$2 mode=$3 dir out wall rss total search
  [[ $mode == hard ]] || return 0
  dir=$(mktemp -d)
  grep -v '^#' wordlists/nyt-2023-07-answers.txt >"$dir/answers"
  grep -v '^#' wordlists/nyt-2022-08-guesses.txt >"$dir/guesses"
  out=$(cd "$dir" && /usr/bin/time -f 'wall %e rss %M' timeout "$ANCHOR_TIMEOUT" "$ANCHOR" \
    -h answers -a guesses -H -w "$word" 2>&1) || true
  wall=$(sed -n 's/^wall \([0-9.]*\) .*/\1/p' <<<"$out")
  rss=$(sed -n 's/^wall .* rss //p' <<<"$out" | awk '{ printf "%.1f", $1 / 1024 }')
  search=$(sed -n 's/^Time taken = \(.*\)$/\1/p' <<<"$out")
  total=$(sed -n 's/^Best first guess score = //p' <<<"$out")
  [[ $total == 1000000000 ]] && total=none
  [[ -n $total ]] || wall="> $ANCHOR_TIMEOUT" total="not finished"
  printf '| %s, alex1770/wordle%s | 1 | %s | %s | - | %s | - |\n' \
    "$name" "${search:+ (its search ${search})}" "$wall" "${rss:--}" "$total"
  rm -rf "$dir"
}

# The kernel the bounds run (kernel.h), as --stats names it.
kernel_of() { OPTLE_KERNEL=${1:-} "$OPTLE" solve --list small --stats | sed -n 's/^search counters (\(.*\) kernel):/\1/p'; }
avx512=$(grep -m1 '^flags' /proc/cpuinfo | grep -o 'avx512[a-z_0-9]*' | tr '\n' ' ' | sed 's/ $//')
echo "optle bench: $(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//') (${avx512:-no AVX-512}), kernel $(kernel_of)"
echo
echo "| workload | threads | wall s | peak RSS MB | nodes | total | tree hash |"
echo "|---|---|---|---|---|---|---|"
for row in $ROWS; do
  lists=${row%%:*} word=${row#*:} mode=""
  [[ $word == *:* ]] && mode=${word#*:} word=${word%%:*}
  what=${word^^} first=(--first "$word") threads=$THREADS
  case $mode in
    "") rules=() ;;
    hard) rules=(--hard) what="$what hard" ;;
    ultrahard) rules=(--ultrahard) what="$what ultrahard" ;;
    worst) rules=(--objective worst) what="$what worst case" ;;
    hardworst) rules=(--hard --objective worst) what="$what hard, worst case" ;;
    *) echo "bench: unknown mode in $row" >&2; exit 2 ;;
  esac
  if [[ $word == root ]]; then
    what="root proof (no --first)${mode:+, $mode}" first=() threads=${BENCH_ROOT_THREADS:-2}
  fi
  case $lists in
    nyt) args=(--list nyt-2022-02) name="NYT lists, $what" ;;
    orig) args=(--list original) name="original lists, $what" ;;
    nyt-*) args=(--list "$lists") name="NYT ${lists#nyt-} lists, $what" ;;
    *) echo "bench: unknown row $row" >&2; exit 2 ;;
  esac
  kernels=("")
  [[ $word == root && -n ${BENCH_KERNELS:-} ]] && read -ra kernels <<<"$BENCH_KERNELS"
  for k in "${kernels[@]}"; do
    for t in $threads; do
      t0=$(date +%s.%N)
      # Status 1: no strategy within the limit (the total says "none").
      out=$(OPTLE_KERNEL=$k "$OPTLE" solve "${args[@]}" "${first[@]}" "${rules[@]}" --threads "$t" 2>&1) ||
        [[ $? == 1 ]]
      t1=$(date +%s.%N)
      wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
      rss=$(field "peak RSS" "$out" | awk '{ print $1 }')
      printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$name${k:+, $k kernel}" "$t" "$wall" "${rss:--}" \
        "$(field nodes "$out" | grep . || echo -)" "$(total_of "$out")" \
        "$(field "tree hash" "$out" | grep . || echo -)"
    done
  done
  if [[ -n $ANCHOR && " $ANCHOR_ROWS " == *" $row "* ]]; then anchor_row "$name" "$word" "$mode"; fi
done

# Verifying a full tree (issue: "well under a second"): read and check time
# from verify's own report, on the NYT SALET tree solve writes.
# The ranking of first guesses (optle rank): the six best of the original
# lists, every other first guess proven worse; then the same ranking by
# optle-mpi with 2 ranks of 1 thread (docs/cluster.md: its
# overhead), when optle-mpi and mpirun are there (BENCH_MPI=0: not).
rank_row() {
  local name=$1 threads=$2 t0 t1 rout
  shift 2
  t0=$(date +%s.%N)
  rout=$("$@" rank --list original --top 6 --threads "$threads")
  t1=$(date +%s.%N)
  printf '| %s | %s | %s | - | - | %s | - |\n' "$name" "$threads" \
    "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')" \
    "$(awk -F'\t' 'NR > 4 && NR <= 10 { printf "%s%s %s", sep, $1, $2; sep = ", " }' <<<"$rout")"
}
MPI_OPTLE=${MPI_OPTLE:-./optle-mpi}
if [[ ${BENCH_RANK:-1} == 1 ]]; then
  rank_row "original lists, rank --top 6" 2 "$OPTLE"
  if [[ ${BENCH_MPI:-1} == 1 && -x $MPI_OPTLE ]] && command -v mpirun >/dev/null; then
    rank_row "original lists, rank --top 6, optle-mpi 2 ranks x 1 thread" 1 \
      mpirun --allow-run-as-root --oversubscribe -np 2 "$MPI_OPTLE"
  fi
fi

# A whole table (issue 34), by a fixed random sample: `optle rank` with no
# cutoff (every value exact) of the 100 first guesses of
# tools/rank-sample.txt on nyt-2022-08, normal and hard, 2 threads, and
# the extrapolation to the 14855 of a whole table (wall / 100 x 14855).
# Minutes per row: BENCH_TABLE=1 adds them.  With TABLES=DIR (the
# published results_* files, docs/rank.md) each row also says how many
# values equal the published ones (rank --compare).
table_row() {
  local mode=$1 h=() t0 t1 wall cmp="-" tsv
  [[ $mode == hard ]] && h=(--hard)
  tsv=$(mktemp)
  local pub=${TABLES:-}/results_${mode/normal/easy}_nyt20220830 c=()
  [[ -n ${TABLES:-} && -r $pub ]] && c=(--compare "$pub")
  t0=$(date +%s.%N)
  cmp=$("$OPTLE" rank --list nyt-2022-08 "${h[@]}" --words tools/rank-sample.txt --threads 2 \
    -o "$tsv" "${c[@]}" | sed -n 's/.* first guesses, \([0-9]*\) equal.*/\1 of 100 equal to the published/p')
  t1=$(date +%s.%N)
  wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
  printf '| NYT 2022-08 lists, rank (no cutoff), 100 first guesses at random, %s | 2 | %s | - | - | %s | whole table (14855): %s h |\n' \
    "$mode" "$wall" "${cmp:--}" "$(awk -v w="$wall" 'BEGIN { printf "%.1f", w / 100 * 14855 / 3600 }')"
  rm -f "$tsv"
}
if [[ ${BENCH_TABLE:-0} == 1 ]]; then
  table_row normal
  table_row hard
fi

[[ ${BENCH_VERIFY:-1} == 1 ]] || exit 0
treefile=$(mktemp --suffix=.json)
"$OPTLE" solve --list nyt-2022-02 --first salet --quiet -o "$treefile"
t0=$(date +%s.%N)
vout=$("$OPTLE" verify "$treefile" --list nyt-2022-02)
t1=$(date +%s.%N)
echo
echo "verify, NYT SALET tree: $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s wall, $(sed -n 's/^time *//p' <<<"$vout")"
rm -f "$treefile"

# Reading published trees ("well under 0.1 s once the lists are
# loaded"): verify's own "read and check" time for Selby's tree
# (tests/fixtures/alex1770) and, with PUBLIC_TREES=DIR (make
# test-public's folder), each of the other solvers' files.
vout=$("$OPTLE" verify tests/fixtures/alex1770/salet.original.selby.tree --list original)
echo "verify, salet.original.selby.tree (Selby's text, total $(field total "$vout")): $(sed -n 's/^time *//p' <<<"$vout")"
PUBLIC=${PUBLIC_TREES:-}
if [[ -n $PUBLIC && -d $PUBLIC ]]; then
  orig=(--list original)
  tarse=(--list nyt-2022-08)
  while read -r file lists; do
    case $lists in
      orig) args=("${orig[@]}") ;;
      tarse) args=("${tarse[@]}") ;;
      nyt) args=(--list nyt-2022-02) ;;
      answers) args=(--answers wordlists/nyt-answers.txt) ;;
    esac
    t0=$(date +%s.%N)
    vout=$("$OPTLE" verify "$PUBLIC/$file" "${args[@]}")
    t1=$(date +%s.%N)
    echo "verify, $file ($(field format "$vout" | cut -d, -f1), total $(field total "$vout")): $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s wall, $(sed -n 's/^time *//p' <<<"$vout")"
  done <<'ROWS'
salet.original.olson.js orig
salet.hard.original.olson.js orig
salet.nyt-2022-02.koppel.txt nyt
tarse.nyt-2022-08.koppel.txt tarse
tarse.nyt-2022-08.koppel-compressed.txt tarse
slate.nyt-answers-only.koppel.txt answers
ROWS
else
  echo "verify, the other solvers' published trees: PUBLIC_TREES=DIR adds them"
fi
