#!/usr/bin/env bash
# tools/compare.sh: the compare tables and their plots.
#
#   tools/compare.sh                  both list sets (embedded): outputs/compare-nyt.*
#                                     and outputs/compare-original.*
#   tools/compare.sh NAME [OPTIONS]   one table: `optle simulate --compare OPTIONS`
#                                     (default --list nyt-2022-02) into outputs/NAME.md,
#                                     outputs/NAME.csv and outputs/NAME.png
#
# The Markdown file gets a last line naming the machine.  The plot needs
# gnuplot (Debian: apt-get install gnuplot-nox); without it the tables are
# still written and the script says so.  OPTLE names the binary (default
# ./optle in the repository root).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
OPTLE=${OPTLE:-$root/optle}
mkdir -p outputs

machine() {
  local model cores
  model=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
  cores=$(nproc 2>/dev/null || echo '?')
  printf '%s, %s cores' "${model:-unknown CPU}" "$cores"
}

one() {
  local name=$1
  shift
  [ $# -gt 0 ] || set -- --list nyt-2022-02
  "$OPTLE" simulate --compare "$@" -o "outputs/$name.md" -o "outputs/$name.csv" --quiet
  printf '\nMachine: %s.\n' "$(machine)" >>"outputs/$name.md"
  if command -v gnuplot >/dev/null 2>&1; then
    gnuplot -e "datafile='outputs/$name.csv'; outfile='outputs/$name.png'; plottitle='Average guesses per answer by first guess and strategy ($name)'" \
      tools/compare-plot.gp
    echo "wrote outputs/$name.md, outputs/$name.csv, outputs/$name.png"
  else
    echo "wrote outputs/$name.md, outputs/$name.csv (no gnuplot: no plot)"
  fi
}

if [ $# -gt 0 ]; then
  one "$@"
  exit
fi
one compare-nyt --list nyt-2022-02
one compare-original --list original
