#!/bin/sh
# Issue 37, case 7: start-up under storage hiccups.  cairnd with
# `rescan_s: 0` and 7 files in incoming/, tests/daemon/eio_shim.so failing
# 7 openat() calls at start-up with EIO, whatever their paths (the 7 up to
# the opening of incoming/: the recovery of processing/test/ falls in
# them).  Before, one `recovery failed` (or `incoming missing`, `scan
# failed`) and the 7 files were never taken.  Now: the recovery is tried
# again (1 s, doubling) until it succeeds, logged once at level error when
# the failures begin, at debug after, and at info when they end; nothing
# is claimed before it succeeded; the 7 files are taken.  The same for a
# burst on the opening of incoming/ and on its scan.  A metrics file that
# cannot be written is said once (warning) and when it is written again.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIM="$top_builddir/tests/daemon/.libs/eio_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
write_conf "$T/c.yaml" "rescan_s: 0" "metrics_file: $T/m/cairnd.prom"
mkdir -p "$SPOOL/incoming"
# The spool as a first start leaves it, so that the next starts open the same.
STATUS=0
"$CAIRND" -c "$T/c.yaml" --once >"$T/first.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 0 ] || fail "first start: exit $STATUS"

# trace: N, where openat() opens incoming/ to watch it (the last open of
# it: the spool's own comes first) at a start without faults (the spool
# as the last start left it, as the next will find it).
trace() {
	rm -f "$T/trace"
	CAIRN_EIO_OPENAT_LOG="$T/trace" LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c.yaml" >"$T/trace.log" 2>&1 &
	D=$!
	PIDS="$PIDS $D"
	wait_for 30 log_has trace "msg=started" || fail "trace run did not start"
	kill -TERM "$D"
	wait_exit "$D" 30
	N=$(awk -v p="$SPOOL/incoming" '$2 == p { n = $1 } END { print n }' "$T/trace")
	[ -n "$N" ] && [ "$N" -gt 6 ] || fail "no openat of incoming/ in the trace: $(cat "$T/trace")"
}

# burst NAME FROM COUNT: a daemon (-v: the debug lines too) whose openat()
# calls N+FROM to N+FROM+COUNT-1 fail with EIO, with 7 files waiting.
burst() {
	trace
	for k in 1 2 3 4 5 6 7; do
		hw1_input | drop "$1-$k.yaml"
	done
	CAIRN_EIO_OPENAT_FROM=$((N + $2)) CAIRN_EIO_OPENAT_COUNT=$3 LD_PRELOAD="$SHIM" \
		"$CAIRND" -v -c "$T/c.yaml" >"$T/$1.log" 2>&1 &
	D=$!
	PIDS="$PIDS $D"
	wait_for 60 has_at_least "$DONE" 7 "$1-*.yaml" ||
		fail "$1: $(count_files "$DONE" "$1-*.yaml") of 7 files taken"
	log_has "$1" "msg=started" || fail "$1: not started"
}

# --- 7 failures from the recovery on: retried until it succeeds ---
burst r -5 7
[ "$(log_count r 'level=error msg="recovery failed" error="Input/output error" action=retry retry_in_ms=1000$')" -eq 1 ] ||
	fail "recovery: not one error line: $(grep 'recovery' "$T/r.log")"
log_has r 'level=debug msg="recovery failed" error="Input/output error" action=retry retry_in_ms=2000$' ||
	fail "recovery: no second try: $(grep 'recovery' "$T/r.log")"
[ "$(log_count r 'level=error')" -eq 1 ] || fail "recovery: other errors: $(grep level=error "$T/r.log")"
log_has r 'level=info msg="recovery succeeded" retries=[0-9]*$' || fail "recovery: no end line"
# Nothing claimed before the recovery succeeded, nor READY=1 (started).
ok=$(grep -n 'msg="recovery succeeded"' "$T/r.log" | cut -d: -f1)
first=$(grep -n 'msg=taking\|msg=processed\|msg=started' "$T/r.log" | head -1 | cut -d: -f1)
[ "$first" -gt "$ok" ] || fail "recovery: a file or the start before its success: $(head -"$first" "$T/r.log")"
[ "$(log_count r 'msg=processed file=r-')" -eq 7 ] || fail "recovery: not 7 processed"
kill -TERM "$D"
wait_exit "$D" 30
[ "$STATUS" -eq 0 ] || fail "recovery: exit $STATUS"

# --- the opening of incoming/, then its scan: tried again whatever rescan_s ---
burst i 0 1
log_has i "level=error msg=\"incoming missing\" dir=$SPOOL/incoming error=\"Input/output error\" action=retry retry_in_ms=1000$" ||
	fail "incoming: no error line: $(grep incoming "$T/i.log")"
log_has i "level=info msg=\"incoming recovered\" dir=$SPOOL/incoming retries=1$" || fail "incoming: no end line"
kill -TERM "$D"
wait_exit "$D" 30
burst s 1 1
log_has s "level=error msg=\"scan failed\" dir=$SPOOL/incoming error=\"Input/output error\" action=retry retry_in_ms=1000$" ||
	fail "scan: no error line: $(grep scan "$T/s.log")"
log_has s "level=info msg=\"incoming recovered\" dir=$SPOOL/incoming retries=1$" || fail "scan: no end line"

# --- the metrics file: its directory is missing, then made ---
[ "$(log_count s 'level=warning msg="metrics not written"')" -eq 1 ] || fail "metrics: not one warning"
wait_for 30 log_has s 'level=debug msg="metrics not written"' || fail "metrics: not tried again"
[ "$(log_count s 'level=warning msg="metrics not written"')" -eq 1 ] || fail "metrics: the warning repeats"
mkdir "$T/m"
wait_for 30 log_has s "level=info msg=\"metrics written\" file=$T/m/cairnd.prom failures=" ||
	fail "metrics: no end line"
[ -f "$T/m/cairnd.prom" ] || fail "metrics: no file"
kill -TERM "$D"
wait_exit "$D" 30
[ "$STATUS" -eq 0 ] || fail "exit $STATUS"
echo "PASS: start-up recovery and incoming/ are tried again until they succeed, said once"
