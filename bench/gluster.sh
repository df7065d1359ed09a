#!/bin/sh
# gluster.sh - the GlusterFS part of `make bench` (bench/run.sh calls it):
# sets up a private single-brick GlusterFS with two FUSE mounts
# (tests/gluster/lib.sh), runs bench/gluster_bench.py on it, tears it
# down.  Where GlusterFS cannot run here it says why and adds a "skipped"
# row; it fails only when the benchmark itself fails.
set -u
: "${top_builddir:?run by bench/run.sh}"
: "${top_srcdir:?run by bench/run.sh}"
out=$top_builddir/bench/results
quick=
[ "${BENCH_QUICK:-0}" = 1 ] && quick=--quick
(
	set -eu
	. "$top_srcdir/tests/gluster/lib.sh"
	trap gl_teardown EXIT
	trap 'exit 1' INT TERM
	gl_setup
	GL=$GL GL_NS=$GL_NS "${BENCH_PYTHON:-python3}" "$top_srcdir/bench/gluster_bench.py" "$GL_A" "$GL_B" \
		"$top_builddir/src/daemon/cairnd" "$top_builddir/plugins/.libs" "$out" $quick
)
rc=$?
if [ $rc = 77 ]; then
	echo "\"gluster\",\"two instances on GlusterFS\",,,,,,\"GlusterFS cannot run here (see above)\",skipped" \
		>>"$out/summary.csv"
	echo "bench: GlusterFS skipped"
	exit 0
fi
exit $rc
