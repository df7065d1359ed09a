#!/bin/sh
# Issue 22, case 7: signals at the edges of the daemon's life, sent by
# tests/daemon/sigedge_shim.so.  A SIGTERM before the loop's handlers
# exist (at uv_loop_init) is acted on once they do: a clean stop, exit 0.
# A SIGTERM and a SIGHUP after the "stopped" line (at uv_loop_close, every
# handler closed) change nothing: exit 0, "stopped" the last line, never
# death by the signal (143, 129).  A move into done/ that a crash cut
# short (stop_shim kills the daemon right after its link(), as on a file
# system without RENAME_NOREPLACE) is finished at the restart with an
# info line that names the file.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

EDGE="$top_builddir/tests/daemon/.libs/sigedge_shim.so"
STOP="$top_builddir/tests/daemon/.libs/stop_shim.so"
[ -f "$EDGE" ] || fail "$EDGE not built"
[ -f "$STOP" ] || fail "$STOP not built"
I="$SPOOL/incoming"
P="$SPOOL/processing/test"
mkdir -p "$I"
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export ASAN_OPTIONS
write_conf "$T/c.yaml"

# clean_stop LOG: the run stopped cleanly, and "stopped" is its last line.
clean_stop() {
	[ "$STATUS" -eq 0 ] || fail "$1: exit $STATUS (143: TERM, 129: HUP)"
	tail -n 1 "$T/$1.log" | grep -q 'level=info msg=stopped .* exit=0$' ||
		fail "$1: last line: $(tail -n 1 "$T/$1.log")"
}

# --- TERM before the handlers exist: a served daemon stops at once
hw1_input >"$I/early.yaml"
CAIRN_SIG_WHERE=uv_loop_init CAIRN_SIG_SEND=TERM LD_PRELOAD="$EDGE" \
	start_daemon early "$T/c.yaml"
wait_exit "$LAST_PID" 20
clean_stop early
log_has early 'msg=signal signal=TERM' || fail "early: the TERM was not acted on"
log_has early 'msg=stopping ' || fail "early: no stopping line"
[ -f "$I/early.yaml" ] || [ -f "$RES/early.result.yaml" ] ||
	fail "early: early.yaml neither in incoming/ nor processed"
[ -z "$(left_in_processing "$P")" ] || fail "early: left in processing/: $(left_in_processing "$P")"
echo "ok: TERM before the handlers"

# --- TERM and HUP after "stopped": --once, having run a job (the pool's
# threads exist and may take a signal sent to the process)
hw1_input >"$I/late.yaml"
STATUS=0
CAIRN_SIG_WHERE=uv_loop_close CAIRN_SIG_SEND=TERM,HUP LD_PRELOAD="$EDGE" \
	"$CAIRND" -c "$T/c.yaml" --once >"$T/late.log" 2>&1 || STATUS=$?
clean_stop late
[ -f "$RES/late.result.yaml" ] || fail "late: late.yaml not processed"
for s in HUP INT; do
	STATUS=0
	CAIRN_SIG_WHERE=uv_loop_close CAIRN_SIG_SEND=$s LD_PRELOAD="$EDGE" \
		"$CAIRND" -c "$T/c.yaml" --once >"$T/late-$s.log" 2>&1 || STATUS=$?
	clean_stop "late-$s"
done
# ... and a served daemon stopped by a first TERM
CAIRN_SIG_WHERE=uv_loop_close CAIRN_SIG_SEND=TERM,HUP LD_PRELOAD="$EDGE" \
	start_daemon served "$T/c.yaml"
wait_for 20 log_has served "msg=started" || fail "served: did not start"
kill -TERM "$LAST_PID"
wait_exit "$LAST_PID" 20
clean_stop served
echo "ok: TERM and HUP after stopped"

# --- a move into done/ cut short by a crash is finished, and logged
rm -f "$RES"/*
hw1_input >"$I/.s2.yaml"
mv "$I/.s2.yaml" "$I/s2.yaml"
STATUS=0
CAIRN_NO_NOREPLACE=1 CAIRN_STOP_CALL=linkat CAIRN_STOP_NAME=s2.yaml CAIRN_STOP_WHEN=after \
	LD_PRELOAD="$STOP" "$CAIRND" -c "$T/c.yaml" --once >"$T/crash.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 137 ] || fail "crash: not killed after the link into done/: exit $STATUS"
is_held "$P" s2.yaml && [ -f "$DONE/s2.yaml" ] || fail "crash: no half-done move"
STATUS=0
CAIRN_NO_NOREPLACE=1 LD_PRELOAD="$STOP" \
	"$CAIRND" -c "$T/c.yaml" --once >"$T/restart.log" 2>&1 || STATUS=$?
clean_stop restart
grep -q '^ts=[^ ]* level=info msg="move finished" file=s2.yaml to=done$' \
	"$T/restart.log" || fail "restart: no line for the finished move: $(cat "$T/restart.log")"
! grep -q 'msg=processed file=s2.yaml' "$T/restart.log" || fail "restart: s2.yaml processed again"
! is_held "$P" s2.yaml || fail "restart: s2.yaml still claimed"
[ -f "$DONE/s2.yaml" ] || fail "restart: s2.yaml not in done/"
echo "PASS: signals at the edges, and the move finished at start"
