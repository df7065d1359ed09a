#!/bin/sh
# kill -9 in the middle of a stream of files, then a restart: every input
# has exactly one result and is in done/ exactly once (no numbered copy),
# nothing is lost, and no temporary file is left in results/.
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
		printf 'piles: [%d, 7, 1, 5]\n' $i >"$SPOOL/incoming/.k$i.yaml"
		mv "$SPOOL/incoming/.k$i.yaml" "$SPOOL/incoming/k$i.yaml"
		i=$((i + 1))
	done
}
stream 0 200
wait_for 60 has_at_least "$SPOOL/results" 50 || fail "no progress before the kill"
kill -9 "$FIRST"
wait "$FIRST" 2>/dev/null || true
stream 200 $N

start_daemon d2 "$T/c.yaml"
wait_for 120 has_at_least "$SPOOL/done" $N || fail "only $(count_files "$SPOOL/done") of $N in done/"
kill -TERM "$LAST_PID"
wait_exit "$LAST_PID" 20
[ "$STATUS" -eq 0 ] || fail "exit status $STATUS"

i=0
while [ $i -lt $N ]; do
	[ -f "$SPOOL/done/k$i.yaml" ] || fail "k$i.yaml not in done/"
	grep -qx "    total: $((i + 13))" "$SPOOL/results/k$i.result.yaml" || fail "k$i result"
	i=$((i + 1))
done
[ "$(count_files "$SPOOL/done")" -eq $N ] || fail "done/ has extra files: $(ls "$SPOOL/done" | grep '\..*\.' | head)"
[ "$(count_files "$SPOOL/results")" -eq $N ] || fail "results/ has extra files"
[ "$(count_files "$SPOOL/incoming")" -eq 0 ] || fail "incoming/ not empty"
[ "$(find "$SPOOL/processing/test" -mindepth 1 ! -name .attempts | wc -l)" -eq 0 ] ||
	fail "processing/ not empty"
# files returned after the kill were processed: the journal forgot them
[ ! -s "$SPOOL/processing/test/.attempts" ] || fail "attempts journal not emptied"
[ "$(count_files "$SPOOL/failed")" -eq 0 ] || fail "failed/ not empty"
echo "ok: $N files across a kill -9; $(log_count d2 'msg=recovered') recovery line(s)"
