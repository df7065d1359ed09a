#!/bin/sh
# Two instances (different `instance` names) serve one spool while a
# stream of files arrives: each file is processed by exactly one of them.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

N=600
write_conf "$T/a.yaml" "instance: alpha"
write_conf "$T/b.yaml" "instance: beta"
mkdir -p "$SPOOL/incoming"
start_daemon a "$T/a.yaml"
A=$LAST_PID
start_daemon b "$T/b.yaml"
B=$LAST_PID
wait_for 20 log_has a "msg=started" || fail "alpha did not start"
wait_for 20 log_has b "msg=started" || fail "beta did not start"

i=0
while [ $i -lt $N ]; do
	printf 'piles: [%d, 2]\n' $i >"$SPOOL/incoming/m$i.yaml"
	i=$((i + 1))
done
wait_for 120 has_at_least "$DONE" $N || fail "only $(count_files "$DONE") of $N done"
kill -TERM "$A" "$B"
wait_exit "$A" 20
[ "$STATUS" -eq 0 ] || fail "alpha exit $STATUS"
wait_exit "$B" 20
[ "$STATUS" -eq 0 ] || fail "beta exit $STATUS"

[ "$(count_files "$DONE")" -eq $N ] || fail "done/ has numbered copies"
[ "$(count_files "$RES")" -eq $N ] || fail "results/ count"
na=$(log_count a "msg=processed file=")
nb=$(log_count b "msg=processed file=")
[ $((na + nb)) -eq $N ] || fail "processed lines: alpha $na + beta $nb != $N"
i=0
while [ $i -lt $N ]; do
	c=$(cat "$T/a.log" "$T/b.log" | grep -c "msg=processed file=m$i.yaml ") || true
	[ "$c" -eq 1 ] || fail "m$i.yaml processed $c times"
	i=$((i + 1))
done
echo "ok: $N files, alpha $na, beta $nb"
