#!/bin/sh
# dfs.sh FS - the part of `make bench` on a distributed file system
# (bench/run.sh calls it for gluster and for ceph): sets up the private
# file system of tests/FS/lib.sh (GlusterFS: one brick; CephFS: a
# one-node cluster) with two FUSE mounts, runs bench/dfs_bench.py on it,
# tears it down.  Where the file system cannot run here it says why and
# adds a "skipped" row; it fails only when the benchmark itself fails.
set -u
: "${top_builddir:?run by bench/run.sh}"
: "${top_srcdir:?run by bench/run.sh}"
fs=${1:?usage: dfs.sh gluster|ceph}
out=$top_builddir/bench/results
quick=
[ "${BENCH_QUICK:-0}" = 1 ] && quick=--quick
(
	set -eu
	. "$top_srcdir/tests/$fs/lib.sh"
	trap fs_teardown EXIT
	trap 'exit 1' INT TERM
	fs_setup
	DFS=$DFS DFS_NS=$DFS_NS DFS_NOREPLACE=${DFS_NOREPLACE:-} "${BENCH_PYTHON:-python3}" "$top_srcdir/bench/dfs_bench.py" "$fs" \
		"$DFS_A" "$DFS_B" "$top_builddir/src/daemon/cairnd" "$top_builddir/plugins/.libs" "$out" $quick
)
rc=$?
if [ $rc = 77 ]; then
	title=$(. "$top_srcdir/tests/$fs/lib.sh" && echo "$DFS_TITLE")
	echo "\"$fs\",\"two instances on $title\",,,,,,\"$title cannot run here (see above)\",skipped" \
		>>"$out/summary.csv"
	echo "bench: $title skipped"
	exit 0
fi
exit $rc
