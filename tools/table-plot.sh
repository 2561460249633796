#!/usr/bin/env bash
# tools/table-plot.sh: the distribution of first-guess values, plotted.
#
#   tools/table-plot.sh OUT.png TITLE TABLE[=LABEL]...
#
# Each TABLE is an `optle rank` table (tab-separated: word, total,
# exact|bound, average; '#' lines and "none" skipped) or a published one
# (alex1770/wordle's results_* files: word average total); first guesses
# with no strategy within the limit are left out.  One series
# per table: the share of its first guesses (y, percent) whose average
# guesses per answer falls in each bin of 0.02 (x), as steps, so a sample
# and a whole table can share one plot.  Needs gnuplot (Debian: apt-get
# install gnuplot-nox), as tools/compare.sh does.  docs/rank.md shows the
# plot of the bench's sample (outputs/rank-sample-nyt-2022-08.png).
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: tools/table-plot.sh OUT.png TITLE TABLE[=LABEL]..." >&2; exit 2; }
command -v gnuplot >/dev/null || { echo "table-plot: no gnuplot (apt-get install gnuplot-nox)" >&2; exit 2; }
# gnuplot's single-quoted strings double a quote.
q() { printf '%s' "${1//\'/\'\'}"; }
out=$1 title=$(q "$2")
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plots=() k=0
for arg in "$@"; do
  file=${arg%%=*} label=${arg#*=}
  [ "$label" = "$arg" ] && label=$(basename "$file")
  label=$(q "$label")
  [ -r "$file" ] || { echo "table-plot: $file: cannot read" >&2; exit 2; }
  k=$((k + 1))
  # The averages: column 4 of optle's rows, column 2 of published ones
  # (not "none" nor "Infinity": no strategy within the limit).
  awk '!/^#/ && NF == 4 && $4 ~ /^[0-9.]+$/ { print $4 } !/^#/ && NF == 3 && $2 ~ /^[0-9.]+$/ { print $2 }' \
    "$file" >"$tmp/$k"
  n=$(wc -l <"$tmp/$k")
  [ "$n" -gt 0 ] || { echo "table-plot: $file: no rows" >&2; exit 2; }
  plots+=("'$tmp/$k' using (bin(\$1)):(100.0 / $n) smooth frequency with steps lw 2 title '$label ($n first guesses)'")
done
{
  echo "set terminal pngcairo size 1000,560 font ',10' noenhanced"
  echo "set output '$out'"
  echo "set title '$title'"
  echo "set xlabel 'average guesses per answer (total / answers), bins of 0.02'"
  echo "set ylabel 'first guesses (percent)'"
  echo "set grid"
  echo "bin(x) = 0.02 * floor(x / 0.02) + 0.01"
  printf 'plot %s' "${plots[0]}"
  for p in "${plots[@]:1}"; do printf ', \\\n  %s' "$p"; done
  echo
} >"$tmp/plot.gp"
gnuplot "$tmp/plot.gp"
echo "wrote $out"
