#!/bin/sh
# kill -9 in the middle of a stream of files, then a restart: every input
# has exactly one result and is in done/ exactly once (no numbered copy),
# nothing is lost, and no temporary file is left in results/; the files
# are three owners' (uids without accounts, named by the number), each
# one's results and inputs kept under its owner.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

N=400
write_conf "$T/c.yaml"
mkdir -p "$SPOOL/incoming"
start_daemon d1 "$T/c.yaml"
FIRST=$LAST_PID
wait_for 20 log_has d1 "msg=started" || fail "daemon did not start"

stream() {
	i=$1
	while [ $i -lt $2 ]; do
		printf 'piles: [%d, 7, 1, 5]\n' $i | drop "k$i.yaml" $((60001 + i % 3))
		i=$((i + 1))
	done
}
# all_in KIND: the files in KIND/<owner>/ of the three owners
all_in() {
	find "$SPOOL/$1" -mindepth 2 -maxdepth 2 ! -name history ! -name .arrival | wc -l
}
at_least_in() {
	[ "$(all_in "$1")" -ge "$2" ]
}
stream 0 200
wait_for 60 at_least_in results 50 || fail "no progress before the kill"
kill -9 "$FIRST"
wait "$FIRST" 2>/dev/null || true
stream 200 $N

start_daemon d2 "$T/c.yaml"
wait_for 120 at_least_in done $N || fail "only $(all_in done) of $N in done/"
kill -TERM "$LAST_PID"
wait_exit "$LAST_PID" 20
[ "$STATUS" -eq 0 ] || fail "exit status $STATUS"

i=0
while [ $i -lt $N ]; do
	o=$((60001 + i % 3))
	[ -f "$SPOOL/done/$o/k$i.yaml" ] || fail "k$i.yaml not in done/$o/"
	grep -qx "    total: $((i + 13))" "$SPOOL/results/$o/k$i.result.yaml" || fail "k$i result"
	grep -qx "owner: \"$o\"" "$SPOOL/results/$o/k$i.result.yaml" || fail "k$i owner"
	i=$((i + 1))
done
[ "$(all_in done)" -eq $N ] || fail "done/ has extra files: $(find "$SPOOL/done" -name '*.*.*' | head)"
[ "$(all_in results)" -eq $N ] || fail "results/ has extra files"
[ -z "$(find "$SPOOL/results" -name '.*')" ] || fail "a temporary file left in results/"
[ "$(count_files "$SPOOL/incoming")" -eq 0 ] || fail "incoming/ not empty"
[ -z "$(left_in_processing "$SPOOL/processing/test")" ] ||
	fail "processing/ not empty"
# files returned after the kill were processed: the journal forgot them
[ ! -s "$SPOOL/processing/test/.attempts" ] || fail "attempts journal not emptied"
[ -z "$(find "$SPOOL/failed" -type f)" ] || fail "failed/ not empty"

# A file that is being processed during two crashes in a row fails as
# "interrupted twice while processing" instead of crashing us forever.
awk 'BEGIN { printf "solver: diff1d\npiles: ["; for (i = 0; i < 200000; i++) printf "%d, ", i % 97; print "1]" }' \
	>"$SPOOL/incoming/poison.yaml"
for run in p1 p2; do
	start_daemon $run "$T/c.yaml"
	# recovery (which keeps it claimed, to carry it on) happens before "started"
	wait_for 30 log_has $run "msg=started" || fail "$run did not start"
	# only a file that is being read or solved at a crash counts (doc/spool.md)
	wait_for 30 being_read "$SPOOL/processing/test" poison.yaml || fail "$run: poison.yaml not being solved"
	kill -9 "$LAST_PID"
	wait "$LAST_PID" 2>/dev/null || true
done
log_has p2 'level=warning msg=recovered kept=1' || fail "first crash not recovered"
STATUS=0
"$CAIRND" -c "$T/c.yaml" --once >"$T/p3.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 65 ] || fail "exit $STATUS after two crashes, expected 65"
[ -f "$FAILED/poison.yaml" ] || fail "poison.yaml not in failed/"
grep -qx 'error: "interrupted twice while processing"' "$RES/poison.result.yaml" ||
	fail "poison result: $(head -5 "$RES/poison.result.yaml")"
echo "ok: $N files across a kill -9; a file interrupted twice failed"
