#!/bin/sh
# Check after reading (doc/spool.md): a writer that opens a file the daemon has
# just claimed, and writes it in two parts a second apart, is noticed (the
# read lease breaks): the read is abandoned, nothing is published, the
# file goes back to incoming/ as it is, and once the writer is done it is
# taken again, whole.  That is not a failed try: no retry, no strike.
# The daemon is stopped right after its claim (stop_shim) so that the
# writer's open comes while the lease is held; the writer's open waits
# for the daemon to let go of the lease.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIM="$top_builddir/tests/daemon/.libs/stop_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
I="$SPOOL/incoming"
P="$SPOOL/processing/test"
write_conf "$T/c.yaml" "settle_ms: 300" "rescan_s: 1"
mkdir -p "$I"
CAIRN_STOP_CALL=renameat CAIRN_STOP_NAME=x.yaml CAIRN_STOP_SIG=STOP \
	LD_PRELOAD="$SHIM" \
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	start_daemon d "$T/c.yaml"
D=$LAST_PID
wait_for 20 log_has d "msg=started" || fail "daemon did not start"

puzzle_doc a1 "1, 2, 3" >"$I/.x.yaml"
mv "$I/.x.yaml" "$I/x.yaml"
wait_for 20 is_held "$P" x.yaml || fail "x.yaml not claimed"
wait_for 20 sh -c "grep -q '^State:.*T' /proc/$D/status" || fail "the daemon did not stop"
# The writer: two more documents, a second apart, on one descriptor.
python3 -c 'import sys, time
f = open(sys.argv[1], "a")
f.write("---\nid: b1\npiles: [4, 5]\n"); f.flush(); time.sleep(1)
f.write("---\nid: b2\npiles: [6, 7]\n"); f.close()' "$P/$(held_in "$P" x.yaml)" &
W=$!
PIDS="$PIDS $W"
# Its open waits on the daemon's lease: the lease is breaking.
if wait_for 10 grep -q 'LEASE.*BREAK' /proc/locks; then
	:
else
	echo "note: no lease break seen in /proc/locks"
fi
kill -CONT "$D"
wait "$W" || fail "the writer failed"
wait_for 20 test -f "$RES/x.result.yaml" || fail "x.yaml has no result"
log_has d 'level=info msg="changed while read" file=x.yaml action=retaken' ||
	fail "the change was not seen: $(grep x.yaml "$T/d.log")"
grep -q '^summary: {puzzles: 3, solved: 3,' "$RES/x.result.yaml" ||
	fail "x.yaml read half-written: $(grep summary "$RES/x.result.yaml")"
for id in a1 b1 b2; do
	grep -qx "  - id: $id" "$RES/x.result.yaml" || fail "puzzle $id missing"
done
[ "$(log_count d 'msg=processed file=x.yaml ')" -eq 1 ] || fail "x.yaml not processed once"
! log_has d 'retrying\|storage error\|tries=' || fail "counted as a failed try: $(grep -i 'retr' "$T/d.log")"
[ "$(count_files "$DONE")" -eq 1 ] || fail "done/: $(ls "$DONE")"
[ -z "$(left_in_processing "$P")" ] || fail "left in processing: $(left_in_processing "$P")"
[ ! -s "$P/.attempts" ] || fail "a strike in the attempts journal: $(cat "$P/.attempts")"
kill -TERM "$D"
wait_exit "$D" 20
[ "$STATUS" -eq 0 ] || fail "exit status $STATUS"
echo "ok: a file written while read is put back and taken again, whole"
