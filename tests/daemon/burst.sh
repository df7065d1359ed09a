#!/bin/sh
# 20,000 small files created in one burst while the daemon runs: more
# than the default inotify queue (16384 events), so events overflow and
# the daemon must rescan; every file still gets exactly one result.
# fsync is off here: the test is about finding files, not about disks.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

N=20000
write_conf "$T/c.yaml" "fsync: false" "keep_inputs: false" "settle_ms: 200"
mkdir -p "$SPOOL/incoming"
start_daemon d "$T/c.yaml"
wait_for 20 log_has d "msg=started" || fail "daemon did not start"
# Stop the daemon while the files are written, so that the kernel's event
# queue surely overflows; it continues with an overflow to recover from.
kill -STOP "$LAST_PID"
i=0
while [ $i -lt $N ]; do
	printf 'piles: [%d, 1, 2]\n' $i >"$SPOOL/incoming/f$i.yaml"
	i=$((i + 1))
done
kill -CONT "$LAST_PID"

wait_for 170 has_at_least "$RES" $N ||
	fail "only $(count_files "$RES") results of $N"
kill -TERM "$LAST_PID"
wait_exit "$LAST_PID" 30
[ "$STATUS" -eq 0 ] || fail "exit status $STATUS"
[ "$(count_files "$RES")" -eq $N ] || fail "result count"
[ "$(count_files "$RES" '.*')" -eq 0 ] || fail "temporary files left"
[ "$(count_files "$SPOOL/incoming")" -eq 0 ] || fail "incoming/ not empty"
[ "$(log_count d "msg=processed file=")" -eq $N ] || fail "log lines: $(log_count d "msg=processed file=")"
grep -q '^  - id: "#1"$' "$RES/f12345.result.yaml" || fail "result content"
grep -qx '    total: 12348' "$RES/f12345.result.yaml" || fail "result total"
log_has d 'msg="inotify overflow"' || fail "no overflow seen"
echo "ok: $N files, $(log_count d 'msg="inotify overflow"') overflow(s)"
