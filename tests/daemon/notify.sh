#!/bin/sh
# The systemd notification protocol against a test socket, once at a
# path and once at an abstract address: READY=1 arrives, STATUS= shows the
# counts, WATCHDOG=1 arrives repeatedly (WATCHDOG_USEC=200000, so every
# 0.1 s; only a lower bound on the count is checked), STOPPING=1 on exit.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

LISTEN="$top_builddir/tests/daemon/notify_listen"
write_conf "$T/c.yaml"
mkdir -p "$SPOOL/incoming"

count_lines() {
	[ "$(grep -c -- "$2" "$1" || true)" -ge "$3" ]
}

for addr in "$T/notify.sock" "@cairn-test-$$"; do
	rm -f "$T/notify.out"
	"$LISTEN" "$addr" 60 >"$T/notify.out" &
	L=$!
	PIDS="$PIDS $L"
	wait_for 10 grep -q LISTENING "$T/notify.out" || fail "listener did not start"
	NOTIFY_SOCKET=$addr WATCHDOG_USEC=200000 start_daemon n "$T/c.yaml"
	D=$LAST_PID
	wait_for 20 grep -qx 'READY=1' "$T/notify.out" || fail "$addr: no READY=1"
	wait_for 30 count_lines "$T/notify.out" '^WATCHDOG=1$' 2 || fail "$addr: no WATCHDOG=1"
	hw1_input >"$SPOOL/incoming/hw1.yaml"
	wait_for 20 grep -qx 'STATUS=processed 1, failed 0, queued 0, running 0' "$T/notify.out" ||
		fail "$addr: no STATUS=: $(grep STATUS "$T/notify.out")"
	kill -TERM "$D"
	wait_exit "$D" 20
	[ "$STATUS" -eq 0 ] || fail "$addr: exit $STATUS"
	wait_exit "$L" 20
	[ "$STATUS" -eq 0 ] || fail "$addr: no STOPPING=1: $(cat "$T/notify.out")"
	[ "$(tail -n 1 "$T/notify.out")" = "STOPPING=1" ] || fail "$addr: STOPPING=1 not last"
	rm -f "$DONE"/* "$RES"/*
done
echo "ok: READY, STATUS, WATCHDOG and STOPPING on a path and an abstract socket"
