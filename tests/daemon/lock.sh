#!/bin/sh
# One daemon per instance name (doc/spool.md): while a daemon runs, a second one
# with the same instance name, and a --once run, exit 75 at once with the
# holder (pid and host) in their message, and touch nothing; the first
# goes on serving, and once it has stopped the name is free again.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

write_conf "$T/c.yaml"
mkdir -p "$SPOOL/incoming"
start_daemon d1 "$T/c.yaml"
D1=$LAST_PID
wait_for 20 log_has d1 "msg=started" || fail "first daemon did not start"
HOST=$(hostname)

# No waiting: each second run is given 3 s (sanitizer builds start slowly),
# and what it does is exit at once.
for run in second once; do
	extra=""
	[ $run = once ] && extra=--once
	start_daemon $run "$T/c.yaml" $extra
	wait_exit "$LAST_PID" 3
	[ "$STATUS" -eq 75 ] || fail "$run: exit $STATUS, expected 75"
	log_has $run "level=error msg=\"instance in use\" instance=test error=\"held by pid $D1 on host $HOST\"" ||
		fail "$run: message: $(cat "$T/$run.log")"
	! log_has $run "msg=started" || fail "$run started"
done

# The first daemon still serves.
hw1_input | drop a.yaml
wait_for 20 test -f "$DONE/a.yaml" || fail "first daemon stopped serving"
expect_hw1 | sed 's/^source: hw1.yaml/source: a.yaml/' >"$T/want"
same_result "$T/want" "$RES/a.result.yaml" || fail "a.result.yaml differs"
kill -TERM "$D1"
wait_exit "$D1" 20
[ "$STATUS" -eq 0 ] || fail "first daemon exit $STATUS"

# A kill -9 frees the name too (the kernel drops the lock).
start_daemon d2 "$T/c.yaml"
wait_for 20 log_has d2 "msg=started" || fail "daemon after a clean stop did not start"
kill -9 "$LAST_PID"
wait "$LAST_PID" 2>/dev/null || true
STATUS=0
"$CAIRND" -c "$T/c.yaml" --once >"$T/d3.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 0 ] || fail "--once after a kill -9: exit $STATUS"
echo "ok: a second daemon and a --once run exit 75 naming pid $D1 on $HOST"
