#!/bin/sh
# run.sh - `make bench`: run every benchmark, print the table, write
# bench/results/*.csv and, when gnuplot is there, bench/results/*.png.
#
# Environment: top_builddir and top_srcdir (set by make), BENCH_QUICK=1
# for a one-minute smoke run, BENCH_NO_INSTALL=1 to never call apt-get.
# Optional tools (gnuplot, inotifywait) are installed with apt-get when
# missing and running as root; otherwise the parts that need them are
# skipped with a message.  A missed target is reported, not an error: the
# exit status is non-zero only when a benchmark could not run.
set -u

: "${top_builddir:?run.sh is run by make bench}"
: "${top_srcdir:?run.sh is run by make bench}"
out=$top_builddir/bench/results
work=$out/work
quick=
[ "${BENCH_QUICK:-0}" = 1 ] && quick=--quick

# want TOOL PACKAGE - make TOOL available if we may, else say why not.
want() {
	command -v "$1" >/dev/null 2>&1 && return 0
	if [ "$(id -u)" != 0 ] || [ "${BENCH_NO_INSTALL:-0}" = 1 ] ||
	   ! command -v apt-get >/dev/null 2>&1; then
		echo "bench: $1 not found (Debian package $2); skipping what needs it"
		return 1
	fi
	echo "bench: $1 not found; installing $2 (tests/deps.sh: no Recommends, no service)"
	sh "$top_srcdir/tests/deps.sh" --only "$2" >"$out/apt.log" 2>&1 ||
	echo "bench: could not install $2 (see $out/apt.log); skipping what needs it"
	command -v "$1" >/dev/null 2>&1
}

rm -rf "$work"
mkdir -p "$out" "$work" || exit 1
rm -f "$out"/*.csv "$out"/*.png
want inotifywait inotify-tools
want gnuplot gnuplot-nox
have_gnuplot=$?

# The user's loop runs the system Python when there is one.
if [ -z "${BENCH_PYTHON:-}" ]; then
	BENCH_PYTHON=python3
	[ -x /usr/bin/python3 ] && BENCH_PYTHON=/usr/bin/python3
fi
export BENCH_PYTHON

# The daemon before owners, arrival records and ACLs, built once from git
# (bench/base.sh), for the versus and syscalls rows; skipped, with a
# message, where the source tree is not a git checkout.
BENCH_BASE_DIR=$(sh "$top_srcdir/bench/base.sh" "$top_srcdir" "$out") || BENCH_BASE_DIR=
export BENCH_BASE_DIR
want strace strace

echo "section,name,value,unit,baseline,baseline_value,ratio,target,status" \
	>"$out/summary.csv"
echo
echo "cairn make bench ${quick:+(BENCH_QUICK=1) }- $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs"
printf '%-8s %-36s %10s %-8s %-26s %10s %7s %-13s %s\n' section case measured \
	unit baseline baseline ratio target status
rc=0
for section in solvers parse e2e daemon versus syscalls fairness report memory generate \
	status submit; do
	"$top_builddir/bench/cairn-bench" $quick --top-builddir "$top_builddir" \
		--top-srcdir "$top_srcdir" --out "$out" --work "$work" \
		"$section" || { echo "bench: section $section failed"; rc=1; }
done
# Two instances on a private GlusterFS volume, then on a private CephFS
# (each skipped where it cannot run).
for fs in gluster ceph; do
	top_builddir=$top_builddir top_srcdir=$top_srcdir \
		sh "$top_srcdir/bench/dfs.sh" $fs || { echo "bench: section $fs failed"; rc=1; }
done

if [ "$have_gnuplot" = 0 ]; then
	for gp in solvers daemon; do
		gnuplot -e "out='$out'" "$top_srcdir/bench/$gp.gp" ||
			echo "bench: gnuplot $gp.gp failed"
	done
else
	echo "bench: gnuplot not available; no plots (the CSV files are written)"
fi
# Keep the daemon logs when something went wrong.
[ $rc = 0 ] && rm -rf "$work"

# The same table in Markdown, for the README.  Fields in double quotes may
# hold commas (mawk has no FPAT, so csv() splits them).
csv_awk='function csv(line, a,    n, i, c, q, v) {
		n = 0; v = ""; q = 0
		for (i = 1; i <= length(line); i++) {
			c = substr(line, i, 1)
			if (c == "\"") q = !q
			else if (c == "," && !q) { a[++n] = v; v = "" }
			else v = v c
		}
		a[++n] = v
		return n
	}'
awk "$csv_awk"'
	function f(v) { v += 0; return v >= 1000 ? sprintf("%.0f", v) : sprintf("%.4g", v) }
	NR == 1 { print "| section | case | measured | baseline | ratio | target | status |"
		  print "|---|---|---|---|---|---|---|"; next }
	{ csv($0, a) }
	a[9] == "skipped" { printf "| %s | %s | skipped: %s | | | | |\n", a[1], a[2], a[8]; next }
	{ printf "| %s | %s | %s %s | %s: %s | %.3f | %s | %s |\n", a[1], a[2], f(a[3]), a[4],
		 a[5], f(a[6]), a[7], a[8] == "" ? "-" : a[8], a[9] }' \
	"$out/summary.csv" >"$out/summary.md"

awk "$csv_awk"'
	NR > 1 { csv($0, a); n[a[9]]++ }
	END { printf "\n%d PASS, %d MISS, %d info, %d skipped\n",
	      n["PASS"], n["MISS"], n["info"], n["skipped"] }' "$out/summary.csv"
echo "results: $out/*.csv, summary.md$( [ "$have_gnuplot" = 0 ] && echo " and *.png")"
exit $rc
