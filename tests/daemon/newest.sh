#!/bin/sh
# The latest arrival wins (doc/spool.md): alpha claims hw.yaml and is stopped
# (stop_shim, SIGSTOP right after its claim); a later hw.yaml is then
# processed by beta; when alpha goes on, its result of the earlier
# arrival does not replace the later one's.  The inputs' modification
# times say the opposite (the first is in the future, the later ones in
# the past) and change nothing: each result's time is its input's
# arrival, its change time when a daemon took it.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIM="$top_builddir/tests/daemon/.libs/stop_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
write_conf "$T/a.yaml" "instance: alpha" "rescan_s: 1" "settle_ms: 100"
write_conf "$T/b.yaml" "instance: beta" "rescan_s: 1" "settle_ms: 100"
mkdir -p "$SPOOL/incoming"
now=$(date +%s)

printf 'id: old\npiles: [1, 2]\n' >"$SPOOL/incoming/.hw.yaml"
touch -d "@$((now + 1000))" "$SPOOL/incoming/.hw.yaml"
mv "$SPOOL/incoming/.hw.yaml" "$SPOOL/incoming/hw.yaml"
CAIRN_STOP_CALL=renameat CAIRN_STOP_NAME=hw.yaml CAIRN_STOP_SIG=STOP \
	LD_PRELOAD="$SHIM" \
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	start_daemon a "$T/a.yaml"
A=$LAST_PID
claimed_hw() { [ -n "$(held alpha hw.yaml)" ]; }
wait_for 20 claimed_hw || fail "alpha did not claim hw.yaml"
wait_for 20 sh -c "grep -q '^State:.*T' /proc/$A/status" || fail "alpha did not stop"

printf 'id: new\npiles: [3, 4]\n' >"$SPOOL/incoming/.hw.yaml"
touch -d "@$((now - 1000))" "$SPOOL/incoming/.hw.yaml"
mv "$SPOOL/incoming/.hw.yaml" "$SPOOL/incoming/hw.yaml"
start_daemon b "$T/b.yaml"
B=$LAST_PID
wait_for 30 grep -q 'id: new' "$RES/hw.result.yaml" || fail "beta did not process the newer hw.yaml"

kill -CONT "$A"
wait_for 30 log_has a "msg=processed file=hw.yaml" || fail "alpha did not finish the older hw.yaml"
log_has a "msg=\"result kept\" file=hw.yaml reason=newer_input" || fail "alpha did not say it kept the newer result"
grep -q 'id: new' "$RES/hw.result.yaml" || fail "the older input's result replaced the newer one"
m=$(stat -c %Y "$RES/hw.result.yaml")
[ "$m" -ge "$now" ] && [ "$m" -le "$(date +%s)" ] || fail "result mtime $m is not the arrival"
[ "$(count_files "$DONE")" -eq 2 ] || fail "done/ should hold both inputs"
[ "$(count_files "$RES" "*.result.yaml")" -eq 1 ] || fail "results/ has extra files: $(ls -a "$RES")"

# And the other way round: a later arrival finished last replaces the result.
printf 'id: newest\npiles: [5, 6]\n' >"$SPOOL/incoming/.hw.yaml"
touch -d "@$((now - 2000))" "$SPOOL/incoming/.hw.yaml"
mv "$SPOOL/incoming/.hw.yaml" "$SPOOL/incoming/hw.yaml"
wait_for 30 grep -q 'id: newest' "$RES/hw.result.yaml" || fail "the newest input did not replace the result"
kill -TERM "$A" "$B"
wait_exit "$A" 20
wait_exit "$B" 20
echo "ok: the later arrival's result is left in results/"
