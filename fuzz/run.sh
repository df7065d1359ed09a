#!/bin/sh
# run.sh - build the libFuzzer harnesses in a directory of their own and
# run each for a while, one at a time (doc/fuzzing.md).
#
#   fuzz/run.sh [-t SECONDS] [-b BUILDDIR] [-j JOBS] [HARNESS...]
#
# SECONDS per harness (default 60), BUILDDIR (default _fuzz under the
# source tree; configured with CC=clang --enable-fuzzing when it has no
# Makefile yet), HARNESS among yaml csv json conf result submission (default
# all).  Each harness starts from its seeds (fuzz/corpus/NAME) and its
# saved failures (fuzz/regress/NAME), with its dictionary; new corpus
# entries go to BUILDDIR/corpus/NAME, never into the source tree.  A crash
# or an oracle failure leaves BUILDDIR/crash/NAME/crash-* (copy it to
# fuzz/regress/NAME/ so that make check replays it forever) and makes the
# script exit 1 after the other harnesses ran; the last stats line of each
# run (executions, cov:, exec/s) is printed as a summary.
set -eu
seconds=60
jobs=2
src=$(cd "$(dirname "$0")/.." && pwd)
build=$src/_fuzz
while getopts t:b:j: opt; do
	case $opt in
	t) seconds=$OPTARG ;;
	b) build=$OPTARG ;;
	j) jobs=$OPTARG ;;
	*) echo "usage: $0 [-t SECONDS] [-b BUILDDIR] [-j JOBS] [HARNESS...]" >&2; exit 64 ;;
	esac
done
shift $((OPTIND - 1))
harnesses=${*:-yaml csv json conf result submission}

if ! command -v clang >/dev/null 2>&1; then
	echo "run.sh: clang is needed (apt-get install clang libclang-rt-14-dev)" >&2
	exit 77
fi
mkdir -p "$build"
build=$(cd "$build" && pwd)
if [ ! -f "$build/Makefile" ]; then
	if [ -f "$src/config.status" ]; then
		echo "run.sh: $src is configured in place; a separate build needs a clean tree (make distclean there, or a fresh clone)" >&2
		exit 1
	fi
	[ -x "$src/configure" ] || (cd "$src" && autoreconf -fi >/dev/null 2>&1)
	(cd "$build" && "$src/configure" CC=clang --enable-fuzzing >/dev/null)
fi
make -C "$build" -j"$jobs" fuzz >/dev/null

status=0
summary=
for h in $harnesses; do
	corpus=$build/corpus/$h
	crash=$build/crash/$h
	mkdir -p "$corpus" "$crash"
	log=$build/fuzz_$h.log
	echo "run.sh: fuzz_$h for ${seconds}s"
	# A harness may have no saved failures yet (git keeps no empty folder).
	regress=$src/fuzz/regress/$h
	[ -d "$regress" ] || regress=
	set +e
	# -max_len: a few kB are enough to reach every state of these readers;
	# the corpus dirs come after the writable one, which gets new entries.
	"$build/fuzz/fuzz_$h" -max_total_time="$seconds" -max_len=4096 \
		-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
		-dict="$src/fuzz/dict/$h.dict" -artifact_prefix="$crash/" \
		"$corpus" "$src/fuzz/corpus/$h" ${regress:+"$regress"} \
		> "$log" 2>&1
	rc=$?
	set -e
	last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
	summary="$summary
fuzz_$h: ${execs:-?} executions, ${rate:-?} exec/s; last: $last"
	if [ "$rc" != 0 ]; then
		echo "run.sh: fuzz_$h FAILED (exit $rc); see $log and $crash" >&2
		tail -n 30 "$log" >&2
		status=1
	fi
done
echo "run.sh: summary ($seconds s each):$summary"
exit $status
