#!/bin/sh
# A full disk, simulated by tests/daemon/enospc_shim.so (LD_PRELOAD): while
# it is "full" no result appears (not even a partial one), every input
# stays in incoming/ or processing/, the error is logged once at level
# error (retries at debug), and once space returns every file is
# processed exactly once and no temporary file is left.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIM="$top_builddir/tests/daemon/.libs/enospc_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
write_conf "$T/c.yaml"
mkdir -p "$SPOOL/incoming"
touch "$T/full"
CAIRN_ENOSPC_FLAG="$T/full" LD_PRELOAD="$SHIM" \
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	start_daemon d "$T/c.yaml" -v
D=$LAST_PID
wait_for 20 log_has d "msg=started" || fail "daemon did not start"
for f in e1 e2 e3; do
	hw1_input | drop "$f.yaml"
done

# at least one retry after the first failure
storage_lines() {
	[ "$(log_count d 'msg="storage error"')" -ge 2 ]
}
wait_for 30 storage_lines || fail "no storage error and retry"
# freeze the daemon: every rename is atomic, so each input is somewhere
kill -STOP "$D"
for f in e1 e2 e3; do
	[ -f "$SPOOL/incoming/$f.yaml" ] || [ -n "$(held test "$f.yaml")" ] ||
		{ kill -CONT "$D"; fail "$f.yaml lost while the disk is full"; }
	[ ! -e "$RES/$f.result.yaml" ] || { kill -CONT "$D"; fail "$f result while full"; }
done
kill -CONT "$D"
[ "$(log_count d 'level=error msg="storage error"')" -eq 1 ] || fail "error not logged once"
grep -q 'level=error msg="storage error" file=e[123].yaml error="write e[123]\.result\.yaml: No space left on device" action=retry retry_in_ms=1000' "$T/d.log" ||
	fail "error line: $(grep 'level=error' "$T/d.log")"

rm "$T/full"
wait_for 90 test -f "$DONE/e1.yaml" -a -f "$DONE/e2.yaml" -a -f "$DONE/e3.yaml" ||
	fail "not processed after space returned"
kill -TERM "$D"
wait_exit "$D" 20
[ "$STATUS" -eq 0 ] || fail "exit $STATUS"
for f in e1 e2 e3; do
	expect_hw1 | sed "s/^source: hw1.yaml$/source: $f.yaml/" >"$T/want"
	same_result "$T/want" "$RES/$f.result.yaml" || fail "$f result"
	[ "$(log_count d "msg=processed file=$f.yaml ")" -eq 1 ] || fail "$f not processed once"
done
[ "$(count_files "$RES")" -eq 3 ] || fail "temporary files left: $(ls -A "$RES")"
[ "$(count_files "$SPOOL/processing/test" '[!.]*')" -eq 0 ] || fail "processing/ not empty"
log_has d 'msg="storage recovered"' || fail "no recovery line"

# --once on a full disk does not wait for space: it stops, keeps the
# input claimed with its arrival and exits 75 (EX_TEMPFAIL: try again
# later); the next run carries it on.
touch "$T/full"
hw1_input >"$SPOOL/incoming/e4.yaml"
touch -d '1 hour ago' "$SPOOL/incoming/e4.yaml"
STATUS=0
CAIRN_ENOSPC_FLAG="$T/full" LD_PRELOAD="$SHIM" \
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	"$CAIRND" -c "$T/c.yaml" --once >"$T/once.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 75 ] || fail "--once on a full disk: exit $STATUS"
[ -n "$(held test e4.yaml)" ] || fail "e4.yaml not kept claimed: $(ls "$SPOOL/processing/test")"
[ ! -e "$RES/e4.result.yaml" ] || fail "e4 result on a full disk"
[ "$(count_files "$RES")" -eq 3 ] || fail "temporary files left: $(ls -A "$RES")"
grep -q 'level=error msg="storage error" file=e4.yaml error="write e4.result.yaml: No space left on device" action=kept' "$T/once.log" ||
	fail "--once error line: $(grep level=error "$T/once.log")"
run_t again -c "$T/c.yaml" --once
[ "$STATUS" -eq 0 ] || fail "--once after space returned: exit $STATUS"
[ -f "$DONE/e4.yaml" ] && [ -f "$RES/e4.result.yaml" ] || fail "e4.yaml not carried on"
echo "ok: full disk: no partial result, inputs kept, processed once afterwards; --once exits 75, the next run carries on"
