#!/bin/sh
# Files arriving by rename, by cp written in place, and by a slow writer
# that keeps its descriptor open while writing five documents over two
# seconds: each is processed once, and never read half-written (the
# result lists every puzzle).  Periodic rescans run every second so that
# the slow file is also seen by scans while it is being written.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

write_conf "$T/c.yaml" "settle_ms: 1500" "rescan_s: 1"
mkdir -p "$SPOOL/incoming"
start_daemon d "$T/c.yaml"
wait_for 20 log_has d "msg=started" || fail "daemon did not start"

# by rename: written under an ignored name, then moved in
hw1_input | drop hw1.yaml
# by cp, written in place
hw1_input >"$T/src.yaml"
cp "$T/src.yaml" "$SPOOL/incoming/copied.yaml"
# slowly, one document every 0.4 s on one open descriptor
{
	for i in 1 2 3 4 5; do
		puzzle_doc "s$i" "$i, 2, 3"
		sleep 0.4
	done
} >"$SPOOL/incoming/slow.yaml"

R="$RES"
wait_for 30 test -f "$R/slow.result.yaml" -a -f "$R/hw1.result.yaml" \
	-a -f "$R/copied.result.yaml" || fail "results missing"
expect_hw1 >"$T/want"
same_result "$T/want" "$R/hw1.result.yaml" || fail "hw1 result differs"
sed 's/^source: hw1.yaml$/source: copied.yaml/' "$T/want" >"$T/want2"
same_result "$T/want2" "$R/copied.result.yaml" || fail "copied result differs"
grep -q '^summary: {puzzles: 5, solved: 5, errors: 0,' "$R/slow.result.yaml" ||
	fail "slow file read half-written: $(grep summary "$R/slow.result.yaml")"
for i in 1 2 3 4 5; do
	grep -qx "  - id: s$i" "$R/slow.result.yaml" || fail "puzzle s$i missing"
done

kill -TERM "$LAST_PID"
wait_exit "$LAST_PID" 20
[ "$STATUS" -eq 0 ] || fail "exit status $STATUS"
for f in hw1.yaml copied.yaml slow.yaml; do
	[ "$(log_count d "msg=processed file=$f ")" -eq 1 ] || fail "$f not processed exactly once"
	[ -f "$DONE/$f" ] || fail "$f not in done/"
done
[ "$(count_files "$DONE")" -eq 3 ] || fail "done/ holds $(ls "$DONE")"
[ "$(count_files "$SPOOL/incoming")" -eq 0 ] || fail "incoming/ not empty"
log_has d "msg=stopped" || fail "no stop line"
echo "ok: rename, cp and slow writer each processed once"
