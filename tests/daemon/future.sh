#!/bin/sh
# Arrival order, not mtime (doc/spool.md, "Owner and arrival"): an hw.yaml
# dropped with its mtime in 2100 does not pin the result name.  A plain
# hw.yaml sent after it with `cairn submit --wait` is a later arrival:
# its result replaces the first one's, and submit prints it.  Each
# result's mtime is its input's arrival (now), not the input's mtime.
# Both arrive by rename and are taken at once: settle_ms is a minute, far
# more than the waits below allow.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

I="$SPOOL/incoming"
R="$RES"
write_conf "$T/c.yaml" "settle_ms: 60000"
mkdir -p "$I"
start_daemon d "$T/c.yaml"
D=$LAST_PID
wait_for 20 log_has d "msg=started" || fail "daemon did not start"

t0=$(date +%s)
printf 'id: future\npiles: [1, 2]\n' >"$I/.hw.yaml"
touch -d 2100-01-01 "$I/.hw.yaml"
mv "$I/.hw.yaml" "$I/hw.yaml"
wait_for 20 grep -q 'id: future' "$R/hw.result.yaml" || fail "the future hw.yaml not processed"

mkdir "$T/u"
printf 'id: plain\npiles: [3, 9, 1, 2]\n' >"$T/u/hw.yaml"
STATUS=0
"$CAIRN" submit -c "$T/c.yaml" --wait --timeout 20 "$T/u/hw.yaml" >"$T/out" 2>"$T/err" || STATUS=$?
[ "$STATUS" -eq 0 ] || fail "submit --wait exit $STATUS: $(cat "$T/err")"
grep -qx "==> $R/hw.result.yaml <==" "$T/out" || fail "submit output: $(cat "$T/out")"
grep -qx '  - id: plain' "$T/out" || fail "submit printed another result: $(cat "$T/out")"
grep -q 'id: plain' "$R/hw.result.yaml" || fail "the plain hw.yaml's result is not published"
m=$(stat -c %Y "$R/hw.result.yaml")
[ "$m" -ge "$t0" ] && [ "$m" -le "$(date +%s)" ] || fail "result mtime $m is not the arrival"
! log_has d 'reason=newer_input' || fail "a result was kept for the future mtime"
[ "$(count_files "$DONE")" -eq 2 ] || fail "done/: $(ls "$DONE")"
kill -TERM "$D"
wait_exit "$D" 20
[ "$STATUS" -eq 0 ] || fail "exit status $STATUS"
echo "ok: a future mtime pins nothing; the later arrival's result is published"
