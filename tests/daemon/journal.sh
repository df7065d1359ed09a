#!/bin/sh
# Issue 9, case 8: the attempts journal does not leak with two instances.
# Two instances drain a stream while one of them is killed (kill -9) and
# restarted twice, so that files it had claimed are recovered and then
# taken by either; once the stream is drained, neither .attempts journal
# holds an entry.  A journal entry for a file that another instance took
# meanwhile goes at start, and the journal is never trusted for a file
# of another inode.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

N=300
write_conf "$T/a.yaml" "instance: alpha" "rescan_s: 1"
write_conf "$T/b.yaml" "instance: beta" "rescan_s: 1"
mkdir -p "$SPOOL/incoming"
start_daemon a "$T/a.yaml"
A=$LAST_PID
start_daemon b "$T/b.yaml"
B=$LAST_PID
wait_for 20 log_has a "msg=started" || fail "alpha did not start"
wait_for 20 log_has b "msg=started" || fail "beta did not start"

k=0			# not i: wait_for counts with i
while [ $k -lt $N ]; do
	printf 'piles: [%d, 2, 7, 1, 8]\n' $k | drop "m$k.yaml"
	k=$((k + 1))
	if [ $k -eq 100 ] || [ $k -eq 200 ]; then
		kill -9 "$A"
		wait "$A" 2>/dev/null || true
		start_daemon a$k "$T/a.yaml"
		A=$LAST_PID
		wait_for 20 log_has a$k "msg=started" || fail "alpha did not restart"
	fi
done
wait_for 120 has_at_least "$DONE" $N || fail "only $(count_files "$DONE") of $N done"

# entries - the journal entries of an instance (none when there is none).
entries() {
	if [ -f "$SPOOL/processing/$1/.attempts" ]; then
		wc -l <"$SPOOL/processing/$1/.attempts"
	else
		echo 0
	fi
}
empty() {
	[ "$(entries alpha)" -eq 0 ] && [ "$(entries beta)" -eq 0 ]
}
wait_for 15 empty || fail "stale journal entries: alpha $(entries alpha), beta $(entries beta)"
kill -TERM "$A" "$B"
wait_exit "$A" 20
wait_exit "$B" 20
[ "$(count_files "$RES")" -eq $N ] || fail "results/ count"
[ "$(count_files "$DONE")" -eq $N ] || fail "done/ count"

# A journal entry whose file another instance took is dropped at start:
# the file of the same name that arrives later is not "interrupted twice".
P="$SPOOL/processing/alpha"
hw1_input >"$SPOOL/incoming/taken.yaml"
ino=$(stat -c %i "$SPOOL/incoming/taken.yaml")
printf '%s %s\n' "$ino" "$(printf taken.yaml | od -An -tx1 | tr -d ' \n')" >"$P/.attempts"
mv "$SPOOL/incoming/taken.yaml" "$T/taken.yaml"	# someone else took it
STATUS=0
"$CAIRND" -c "$T/a.yaml" --once >"$T/once.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 0 ] || fail "--once exit $STATUS"
[ "$(entries alpha)" -eq 0 ] || fail "the entry of a file taken elsewhere stayed: $(cat "$P/.attempts")"
echo "ok: no stale journal entries"
