# compare-plot.gp: the plot of an `optle simulate --compare` table.
#
#   gnuplot -e "datafile='outputs/compare-nyt.csv'; outfile='outputs/compare-nyt.png'" \
#           tools/compare-plot.gp
#
# One series per strategy: average guesses per answer (y) for each first
# guess (x, in the table's row order); the lines only help the eye follow
# a strategy across first guesses.  The CSV has a header row, then
# per row the first guess and five columns per strategy: total, avg,
# gap_pct, most, seconds (src/simulate.c); the strategies are counted
# from the header.  Variables (all optional): datafile, outfile, plottitle.
# tools/compare.sh runs this after the table.

if (!exists("datafile")) datafile = 'outputs/compare.csv'
if (!exists("outfile")) outfile = 'outputs/compare.png'
if (!exists("plottitle")) plottitle = 'Average guesses per answer, by first guess and strategy'

# Strategy names from the header's "NAME_avg" columns (names have no blanks).
names = system(sprintf("head -n 1 '%s' | tr ',' '\\n' | sed -n 's/_avg$//p' | tr '\\n' ' '", datafile))
nstrat = words(names)
if (nstrat < 1) { print sprintf("compare-plot.gp: no strategies in %s", datafile); exit status 1 }

set terminal pngcairo size 1100,600 font ",10" noenhanced
set output outfile
set datafile separator ','
set datafile columnheaders
set offsets 0.5, 0.5, 0, 0
set title plottitle
set ylabel 'average guesses per answer'
set xlabel 'first guess'
set xtics rotate by -45 nomirror
set grid xtics ytics
set key outside right top
set style data linespoints

# Colour-blind-safe colours; the optimum (exact) is black.
colors = "#e69f00 #56b4e9 #009e73 #cc79a7 #0072b2 #d55e00 #9400d3"
color(i) = word(names, i + 1) eq "exact" ? "#000000" : word(colors, (i % 7) + 1)

plot for [i=0:nstrat-1] datafile using 0:(column(3 + 5 * i)):xtic(1) \
     title word(names, i + 1) pointtype (i % 7) + 1 linewidth 1.5 linecolor rgb color(i)
