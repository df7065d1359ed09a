#!/bin/sh
# `cairnd --reload PID` when no answer comes: the process exits on SIGHUP
# (69, "exited before it answered"), ignores it (75 once --timeout
# passes), is not there (69), or is a cairnd that is stopping (69, "the
# daemon is stopping", and the daemon still finishes its job); and its
# usage errors (64).
. "${top_srcdir:-.}/tests/daemon/lib.sh"

I="$SPOOL/incoming"
P="$SPOOL/processing/test"
mkdir -p "$I" "$T/run"
RUNTIME_DIRECTORY=$T/run
export RUNTIME_DIRECTORY
unset JOURNAL_STREAM || true

# expect CODE LINE CMD... - CMD exits CODE, its last line (without the
# timestamp) is LINE.
expect() {
	code=$1 want=$2
	shift 2
	rc=0
	"$@" >"$T/out" 2>&1 || rc=$?
	got=$(tail -n 1 "$T/out" | sed 's/^ts=[^ ]* //')
	[ "$rc" -eq "$code" ] && [ "$got" = "$want" ] ||
		fail "$*: exit $rc, want $code; said: $got; want: $want"
}

# A process that SIGHUP ends (its default action), unless this test was
# started with SIGHUP ignored (nohup), which a shell cannot undo.
if [ $((0x$(awk '/^SigIgn:/ { print $2 }' /proc/$$/status) & 1)) -eq 0 ]; then
	sleep 60 &
	S=$!
	PIDS="$PIDS $S"
	expect 69 "level=error msg=\"reload not done\" pid=$S error=\"the daemon exited before it answered\"" \
		"$CAIRND" --reload "$S"
	wait_exit "$S" 10
else
	echo "note: SIGHUP is ignored here: the check of a process that SIGHUP ends is skipped"
fi

# A process that ignores SIGHUP: the timeout.
(trap '' HUP; exec sleep 60) &
S=$!
PIDS="$PIDS $S"
expect 75 "level=error msg=\"reload not done\" pid=$S error=\"no answer within 1 s\"" \
	"$CAIRND" --reload "$S" --timeout 1
kill -0 "$S" || fail "the process that ignores SIGHUP is gone"
kill -9 "$S"
wait_exit "$S" 10

# No process at all (the one just reaped).
expect 69 "level=error msg=\"reload not done\" pid=$S error=\"no such process\"" "$CAIRND" --reload "$S"

# A cairnd that is stopping, a job still running: refused, and it goes on.
awk 'BEGIN { printf "solver: diff1d\npiles: ["; for (i = 0; i < 200000; i++) printf "%d, ", i % 97; print "1]" }' >"$T/long.yaml"
write_conf "$T/c.yaml" "shutdown_timeout_s: 60"
start_daemon d "$T/c.yaml"
D=$LAST_PID
wait_for 20 log_has d "msg=started" || fail "daemon did not start"
cp "$T/long.yaml" "$I/long.yaml"
wait_for 20 is_held "$P" long.yaml || fail "long.yaml not claimed"
kill -TERM "$D"
wait_for 20 log_has d "msg=stopping running=1" || fail "no stopping line"
expect 69 "level=error msg=\"reload not done\" pid=$D error=\"the daemon is stopping\"" "$CAIRND" --reload "$D"
kill -0 "$D" || fail "the daemon did not wait for its job"
kill -TERM "$D"			# the second: cancel the job
wait_exit "$D" 30
[ "$STATUS" -eq 0 ] || fail "daemon exit $STATUS"

# Usage.
expect 64 "level=error msg=\"reload not done\" pid=$D error=\"RUNTIME_DIRECTORY is not set: the daemon answers reloads there (RuntimeDirectory= of its unit)\"" \
	env -u RUNTIME_DIRECTORY "$CAIRND" --reload "$D"
for bad in "--reload 0" "--reload x" "--reload 1 --timeout 0" "--timeout 5"; do
	rc=0
	# shellcheck disable=SC2086
	"$CAIRND" $bad >"$T/out" 2>&1 || rc=$?
	[ "$rc" -eq 64 ] || fail "cairnd $bad: exit $rc, want 64"
done
grep -qx 'cairnd: --timeout goes with --reload' "$T/out" || fail "--timeout alone: $(head -1 "$T/out")"
echo "ok: cairnd --reload: exited (69), timeout (75), no process (69), stopping (69), usage (64)"
