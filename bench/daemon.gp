# daemon.gp - plots of the daemon benchmark (gnuplot -e "out='DIR'").
set datafile separator ","
set terminal pngcairo size 900,600 noenhanced
set grid

set output out . "/latency.png"
set title "drop-to-result latency, idle cairnd, fsync: false (CDF)"
set xlabel "microseconds"
set ylabel "fraction of files"
set logscale x
set key right bottom
stats out . "/latency.csv" using 2 nooutput
plot out . "/latency.csv" using 2:(1.0 / STATS_records) smooth cumulative \
	with lines lw 2 title "cairnd", \
     "" using 3:(1.0 / STATS_records) smooth cumulative \
	with lines dt 2 title "bare rename -> inotify"

set output out . "/throughput.png"
set title "files per second, medians (single-puzzle files)"
unset logscale
set logscale y
set xlabel ""
set ylabel "files/s"
set style fill solid 0.6
set boxwidth 0.6
set xtics rotate by -15
set yrange [1:*]
unset key
plot out . "/throughput.csv" using 0:2:xtic(1) with boxes, \
     "" using 0:2:(sprintf("%.0f", $2)) with labels offset 0,1

set output out . "/rss.png"
set title "cairnd resident size while processing files (fsync: false)"
unset logscale
set xtics norotate
set xlabel "files processed"
set ylabel "VmRSS (kB)"
set yrange [0:*]
unset key
plot out . "/rss.csv" using 1:2 with linespoints lw 2 title "VmRSS"
