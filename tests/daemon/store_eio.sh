#!/bin/sh
# Issue 36: an I/O error after the result is in place grades nothing
# again (doc/spool.md, Crashes).  hw.yaml is handed in while no daemon
# runs, its change time recorded; then cairnd (fsync: true, keep_inputs:
# true) runs with tests/daemon/eio_shim.so failing, once, with EIO:
# - the placing of the input's copy into done/OWNER/ (its rename from
#   the temporary name .cairn-copy~HELD);
# - the fsync of results/OWNER/ after the result was renamed into place.
# The daemon retries after its backoff.  Then: one `processed` line for
# hw.yaml, no history/ entry, the result's bytes those of the first
# publish (copied as soon as it appeared), received at the change time of
# the handing in, the input in done/OWNER/ with its arrival record (which
# says that change time, to the nanosecond), and nothing left in
# incoming/ or processing/.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

[ "$(id -u)" -eq 0 ] || { echo "SKIP: not root, cannot hand files to other uids"; exit 77; }

SHIM="$top_builddir/tests/daemon/.libs/eio_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
OWNER=60058
R="$SPOOL/results/$OWNER/hw.result.yaml"
D="$SPOOL/done/$OWNER"
write_conf "$T/c.yaml" "keep_inputs: true" "fsync: true"

stored() {
	[ -f "$D/hw.yaml" ] && record "$D/hw.yaml" >/dev/null
}

# round CASE VAR=VALUE...: hw.yaml through a daemon whose storing fails as the
# shim's variables say
round() {
	_case=$1
	shift
	rm -rf "$SPOOL"
	mkdir -p "$SPOOL/incoming"
	printf 'id: p\npiles: [3, 9, 1, 2]\n' | drop hw.yaml $OWNER
	ON=$(change_time "$SPOOL/incoming/hw.yaml")
	(export "$@" LD_PRELOAD="$SHIM" \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
	 exec "$CAIRND" -c "$T/c.yaml") >"$T/$_case.log" 2>&1 &
	LAST_PID=$!
	PIDS="$PIDS $LAST_PID"
	wait_for 30 test -f "$R" || fail "$_case: no result"
	cp "$R" "$T/first.yaml"
	wait_for 30 log_has "$_case" 'msg="storage error" .*Input/output error' ||
		fail "$_case: the shim failed nothing"
	wait_for 30 stored || fail "$_case: hw.yaml not stored: $(ls -aR "$SPOOL/done" "$SPOOL/processing")"
	wait_for 10 log_has "$_case" 'msg=processed file=hw.yaml ' || fail "$_case: no processed line"
	kill -TERM "$LAST_PID"
	wait_exit "$LAST_PID" 20
	[ "$STATUS" -eq 0 ] || fail "$_case: the daemon's exit status $STATUS"

	[ "$(log_count "$_case" 'msg=processed file=hw.yaml ')" -eq 1 ] ||
		fail "$_case: $(log_count "$_case" 'msg=processed file=hw.yaml ') processed lines"
	[ ! -e "$SPOOL/results/$OWNER/history" ] ||
		fail "$_case: graded again: $(ls "$SPOOL/results/$OWNER/history")"
	cmp -s "$T/first.yaml" "$R" || fail "$_case: the result changed: $(diff "$T/first.yaml" "$R")"
	[ "$(sed -n 's/^received: //p' "$R")" = "$(as_received "$ON")" ] ||
		fail "$_case: received $(sed -n 's/^received: //p' "$R"), handed in at $(as_received "$ON")"
	[ "$(record_arrival "$D/hw.yaml")" = "$ON" ] ||
		fail "$_case: the arrival record says $(record_arrival "$D/hw.yaml"), handed in at $ON"
	[ "$(count_files "$D")" -eq 1 ] || fail "$_case: done/$OWNER/ holds $(ls "$D")"
	_left=$(find "$SPOOL/incoming" -mindepth 1 -maxdepth 1 ! -name '.*'
		find "$SPOOL/processing" -mindepth 2 -maxdepth 2 ! -name '.*')
	[ -z "$_left" ] || fail "$_case: left behind: $_left"
}

round move CAIRN_EIO_RENAME_FROM=/.cairn-copy~ CAIRN_EIO_RENAME_TO=/done/
echo "ok: the placing in done/ failed once: stored later, not graded again"
round dirsync CAIRN_EIO_FSYNC_DIR=/results/
echo "ok: the fsync of results/OWNER/ failed once: stored, not graded again"
