# solvers.gp - plots of bench/results/solvers.csv (gnuplot -e "out='DIR'").
set datafile separator ","
set terminal pngcairo size 1000,600 noenhanced
set logscale xy
set grid
set key outside right top
set xlabel "n (piles)"
f = out . "/solvers.csv"
# One thread on wide values: the rows each solver has at every size.
sel(s, col) = (strcol(1) eq s && strcol(3) eq "wide" && strcol(4) eq "1") ? column(col) : 1/0

set output out . "/solvers.png"
set title "solver speed: cells/ns (piles/ns for linear); dashed: its baseline"
set ylabel "cells/ns"
plot for [s in "diff1d diff2d linear tuple2d"] f using (sel(s, 2)):7 \
	with linespoints lw 2 title s, \
     for [s in "diff1d diff2d linear tuple2d"] f using (sel(s, 2)):11 \
	with linespoints dt 2 title s . " baseline"

set output out . "/solvers_memory.png"
set title "peak memory (growth of VmHWM); dashed: the baseline's"
set ylabel "bytes"
plot for [s in "diff1d diff2d linear tuple2d"] f using (sel(s, 2)):8 \
	with linespoints lw 2 title s, \
     for [s in "diff1d diff2d linear tuple2d"] f using (sel(s, 2)):12 \
	with linespoints dt 2 title s . " baseline"
