#!/bin/sh
# A reload as systemd sees it and as `cairnd --reload PID` (the unit's
# ExecReload=) waits for it.  A good configuration: RELOADING=1 with
# MONOTONIC_USEC= (the time the answer file gives too), then READY=1 with
# STATUS=reloaded, and the waiter exits 0.  A bad one: the same two
# messages, the second with STATUS= saying it was refused and why, the
# waiter exits 78 with the daemon's error, and the configuration taken
# before stays in use: a file dropped afterwards is solved with it.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

LISTEN="$top_builddir/tests/daemon/notify_listen"
I="$SPOOL/incoming"
mkdir -p "$I" "$T/run"
RUNTIME_DIRECTORY=$T/run
export RUNTIME_DIRECTORY
unset JOURNAL_STREAM || true

# reload PID - cairnd --reload PID; its exit status in $RC, its last log
# line without the timestamp in $LINE, the answer file in $T/answer.
reload() {
	RC=0
	"$CAIRND" --reload "$1" >"$T/wait.out" 2>&1 || RC=$?
	LINE=$(tail -n 1 "$T/wait.out" | sed 's/^ts=[^ ]* //')
	cp "$T/run/cairnd.$1.reload" "$T/answer" || fail "no answer file after a reload"
}
# usec N - the MONOTONIC_USEC= of the Nth RELOADING=1
usec() {
	grep '^RELOADING=1' "$T/notify.out" | sed -n "$1s/^RELOADING=1|MONOTONIC_USEC=//p"
}

"$LISTEN" "$T/notify.sock" 60 >"$T/notify.out" &
L=$!
PIDS="$PIDS $L"
wait_for 10 grep -q LISTENING "$T/notify.out" || fail "listener did not start"
write_conf "$T/c.yaml"
NOTIFY_SOCKET=$T/notify.sock start_daemon d "$T/c.yaml"
D=$LAST_PID
wait_for 20 grep -qx 'READY=1' "$T/notify.out" || fail "no READY=1 at start"

write_conf "$T/c.yaml" "workers: 1" "solver: linear"
reload "$D"
[ "$RC" -eq 0 ] || fail "good reload: cairnd --reload exit $RC: $(cat "$T/wait.out")"
[ "$LINE" = "level=info msg=\"reload done\" pid=$D reload=1" ] || fail "good reload: waiter said: $LINE"
u1=$(usec 1)
[ "$(cat "$T/answer")" = "reload=1
monotonic_usec=$u1
result=ok" ] || fail "good reload: answer file: $(cat "$T/answer") (MONOTONIC_USEC=$u1)"
log_has d "msg=reloaded plugins=diff1d,diff2d,linear,tuple2d workers=1 solver=linear" ||
	fail "no reloaded line"

write_conf "$T/c.yaml" "workers: many"
reload "$D"
err="$T/c.yaml: line 6, column 10: workers: \"many\" is not a whole number from 1 to 1024"
[ "$RC" -eq 78 ] || fail "bad reload: cairnd --reload exit $RC: $(cat "$T/wait.out")"
[ "$LINE" = "level=error msg=\"reload refused\" pid=$D reload=2 error=\"$(echo "$err" | sed 's/"/\\"/g')\" action=\"kept the running configuration\"" ] ||
	fail "bad reload: waiter said: $LINE"
u2=$(usec 2)
[ "$(cat "$T/answer")" = "reload=2
monotonic_usec=$u2
result=refused
error=$err" ] || fail "bad reload: answer file: $(cat "$T/answer") (MONOTONIC_USEC=$u2)"
[ "$u2" -gt "$u1" ] || fail "MONOTONIC_USEC did not grow: $u1, then $u2"

printf 'piles: [1, 100, 3]\n' >"$I/after.yaml"
wait_for 20 test -f "$RES/after.result.yaml" || fail "not serving after a bad reload"
grep -qx '    solver: linear' "$RES/after.result.yaml" || fail "the configuration before the bad one is not in use"
wait_for 20 grep -qx 'STATUS=processed 1, failed 0, queued 0, running 0' "$T/notify.out" ||
	fail "no STATUS= with the counts after the reloads"
kill -TERM "$D"
wait_exit "$D" 20
[ "$STATUS" -eq 0 ] || fail "daemon exit $STATUS"
wait_exit "$L" 20
[ ! -e "$T/run/cairnd.$D.reload" ] || fail "the answer file outlived the daemon"

# Every message in order; the counts (sent when they change) aside.
grep -v '^STATUS=processed ' "$T/notify.out" >"$T/got"
cat >"$T/want" <<END
LISTENING
READY=1
RELOADING=1|MONOTONIC_USEC=$u1
READY=1|STATUS=reloaded
RELOADING=1|MONOTONIC_USEC=$u2
READY=1|STATUS=reload refused, running configuration kept: $err
STOPPING=1
END
diff "$T/want" "$T/got" >&2 || fail "notification messages differ (want, got)"
echo "ok: a good reload and a bad one: RELOADING=1 with MONOTONIC_USEC, READY=1, and cairnd --reload exits 0 and 78"
