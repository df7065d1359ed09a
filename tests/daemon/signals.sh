#!/bin/sh
# Signals.  SIGTERM while files are being processed: the daemon stops
# taking files, lets running jobs finish and exits 0; nothing is left in
# processing/ and every file is either untouched in incoming/ or done.
# SIGTERM with a job that outlives shutdown_timeout_s: the job is
# cancelled and its file stays claimed, with its arrival, for the next
# start (doc/spool.md).  job_timeout_s turns a
# long solve into a puzzle error.  SIGHUP reloads a good configuration and
# keeps the old one (still serving) when the new one is bad.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

I="$SPOOL/incoming"
P="$SPOOL/processing/test"
mkdir -p "$I"

# --- drain on SIGTERM
write_conf "$T/c.yaml"
start_daemon drain "$T/c.yaml"
wait_for 20 log_has drain "msg=started" || fail "daemon did not start"
N=60
# each file a few milliseconds of work, so that SIGTERM finds jobs running
awk 'BEGIN { printf "solver: tuple2d\npiles: ["; for (i = 0; i < 1500; i++) printf "%d, ", i % 89; print "1]" }' >"$T/mid.yaml"
i=0
while [ $i -lt $N ]; do
	cp "$T/mid.yaml" "$I/.d$i.yaml"
	i=$((i + 1))
done
for f in "$I"/.d*.yaml; do
	b=${f##*/}
	mv "$f" "$I/${b#.}"
done
wait_for 30 has_at_least "$RES" 1 || fail "nothing processed"
kill -TERM "$LAST_PID"
wait_exit "$LAST_PID" 30
[ "$STATUS" -eq 0 ] || fail "drain exit $STATUS"
log_has drain "msg=stopping" || fail "no stopping line"
[ "$(count_files "$P" '[!.]*')" -eq 0 ] || fail "files left in processing/"
done_n=$(count_files "$DONE")
left_n=$(count_files "$I")
[ $((done_n + left_n)) -eq $N ] || fail "done $done_n + incoming $left_n != $N"
[ "$(count_files "$RES")" -eq "$done_n" ] || fail "results != done"
[ "$(log_count drain "msg=processed file=")" -eq "$done_n" ] || fail "log lines != done"
rm -f "$I"/* "$DONE"/* "$RES"/*

# --- a job longer than shutdown_timeout_s is cancelled and returned
awk 'BEGIN { printf "solver: diff1d\npiles: ["; for (i = 0; i < 200000; i++) printf "%d, ", i % 97; print "1]" }' >"$T/long.yaml"
write_conf "$T/c.yaml" "shutdown_timeout_s: 1"
start_daemon cancel "$T/c.yaml"
wait_for 20 log_has cancel "msg=started" || fail "daemon did not start"
cp "$T/long.yaml" "$I/long.yaml"
wait_for 20 is_held "$P" long.yaml || fail "long.yaml not claimed"
kill -TERM "$LAST_PID"
wait_exit "$LAST_PID" 30
[ "$STATUS" -eq 0 ] || fail "cancel exit $STATUS"
log_has cancel "msg=cancelling running=1" || fail "no cancel line"
log_has cancel "msg=returned file=long.yaml reason=shutdown" || fail "no returned line"
# kept claimed, with its arrival, for the next start (doc/spool.md)
is_held "$P" long.yaml && cmp "$T/long.yaml" "$P/$(held_in "$P" long.yaml)" ||
	fail "long.yaml not kept claimed"
[ ! -e "$RES/long.result.yaml" ] || fail "a cancelled job left a result"

# --- job_timeout_s: the puzzle gets an error, the file a result
write_conf "$T/c.yaml" "job_timeout_s: 1"
STATUS=0
"$CAIRND" -c "$T/c.yaml" --once >"$T/timeout.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 0 ] || fail "timeout run exit $STATUS"
grep -qx '    error: "line 1: solver diff1d: cancelled (job_timeout_s reached)"' \
	"$RES/long.result.yaml" || fail "timeout result"
log_has timeout 'msg="job timeout" file=long.yaml timeout_s=1' || fail "no timeout line"

# --- SIGHUP: a good configuration is taken, a bad one refused
write_conf "$T/c.yaml"
start_daemon hup "$T/c.yaml"
HUP=$LAST_PID
wait_for 20 log_has hup "msg=started" || fail "daemon did not start"
write_conf "$T/c.yaml" "workers: 1" "solver: linear"
kill -HUP "$HUP"
wait_for 20 log_has hup "msg=reloaded plugins=diff1d,diff2d,linear,tuple2d workers=1 solver=linear" ||
	fail "no reload line"
write_conf "$T/c.yaml" "workers: many"
kill -HUP "$HUP"
wait_for 20 log_has hup "level=error msg=\"reload failed\" error=\"$T/c.yaml: line 6, column 10: workers: \\\\\"many\\\\\" is not a whole number from 1 to 1024\" action=kept\$" ||
	fail "no reload failure line"
printf 'piles: [1, 100, 3]\n' >"$I/after.yaml"
wait_for 20 test -f "$RES/after.result.yaml" || fail "not serving after a bad reload"
grep -qx '    solver: linear' "$RES/after.result.yaml" || fail "old configuration not kept"
grep -qx '    diff: -96' "$RES/after.result.yaml" || fail "after.yaml result"
kill -TERM "$HUP"
wait_exit "$HUP" 20
[ "$STATUS" -eq 0 ] || fail "hup exit $STATUS"
echo "ok: drain, cancel on shutdown timeout, job timeout, reloads"
