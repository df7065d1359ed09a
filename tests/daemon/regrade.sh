#!/bin/sh
# cairn regrade (issue 24, cairn(1)): the real daemon takes two on-time
# arrivals of hw.yaml (the second keeps the first's result in history/)
# before a due time a few seconds ahead and a late one after it; then a
# puzzle of the set is fixed and `cairn regrade`, an hour later (a shim
# moves its clock), grades the stored inputs again with their own arrivals: the on-time ones stay on time,
# the late one stays late by the same time, each score change is printed
# exactly, the earlier arrival's result is replaced in history/ (which
# does not grow), a second regrade changes nothing (the same bytes), an
# input without an arrival record is skipped and named, and --owner and
# --set choose.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

write_conf "$T/c.yaml" "keep_inputs: true" "rescan_s: 1"
mkdir -p "$SPOOL/incoming" "$SPOOL/problems"
now=$(date +%s)
due=$((now + 8))
set_text() {
	printf 'policy:\n  due: %s\n  late_penalty: 10%%\n' \
		"$(date -u -d "@$due" +%Y-%m-%dT%H:%M:%SZ)"
	printf 'puzzles:\n  - {id: a, piles: [5, 3, 4, 5], points: 2}\n'
	printf '  - {id: b, piles: [%s]}\n' "$1"
}
# b's piles are a typo: the answer -1 is right for 1 5 3 (optimal: 2 for 1 2 3).
set_text "1, 2, 3" >"$SPOOL/problems/hw.yaml"
answer() {
	printf 'problem_set: hw\nsubmitter: Ann\nanswers:\n  a: {diff: 1}\n  b: {diff: -1}\n'
}
# hand_in NAME: Ann's answers as NAME (CSV or YAML, by its extension)
hand_in() {
	case $1 in
	*.csv) printf 'problem_set,id,expect_diff\nhw,a,1\nhw,b,-1\n' ;;
	*) answer ;;
	esac | drop "$1"
}
start_daemon d "$T/c.yaml"
wait_for 20 log_has d "msg=started" || fail "daemon did not start"
hand_in hw.yaml
wait_for 20 test -f "$DONE/hw.yaml" || fail "first hw.yaml not done"
hand_in hw.yaml
wait_for 20 test -f "$DONE/hw.1.yaml" || fail "second hw.yaml not done"
[ "$(date +%s)" -lt "$due" ] || fail "the on-time files were taken after the due time (slow machine?)"
wait_for 30 sh -c "[ \$(date +%s) -gt $due ]" || fail "the due time did not pass"
hand_in late.yaml
wait_for 20 test -f "$DONE/late.yaml" || fail "late.yaml not done"
hand_in late.csv
wait_for 20 test -f "$DONE/late.csv" || fail "late.csv not done"
kill -TERM "$LAST_PID"
wait_exit "$LAST_PID" 20
[ "$STATUS" -eq 0 ] || fail "daemon exit status $STATUS"

H="$RES/history/hw.result.1.yaml"
grep -q '^late:' "$RES/hw.result.yaml" "$H" && fail "an on-time result is late"
late_line=$(grep '^late: {by: "[0-9]*s", penalty: 0.1}$' "$RES/late.result.yaml") ||
	fail "late.yaml is not late: $(cat "$RES/late.result.yaml")"
received() { sed -n 's/^received: //p' "$1"; }
r1=$(received "$H")
r2=$(received "$RES/hw.result.yaml")
r3=$(received "$RES/late.result.yaml")
r4=$(sed -n '2s/.*,\([^,]*\),[^,]*,[^,]*$/\1/p' "$RES/late.result.csv")
# A CSV result: each record's points before the penalty, then by and penalty.
tail -n 1 "$RES/late.result.csv" | grep -q ',,hw,0,1,'"$ME,$r4"',[0-9]*s,0.1$' ||
	fail "late.csv before: $(cat "$RES/late.result.csv")"
grep -q 'points: 2, max_points: 3, score: 0.6667}$' "$H" || fail "before: $(grep summary "$H")"
grep -q 'points: 1.8, max_points: 3, score: 0.6}$' "$RES/late.result.yaml" ||
	fail "late before: $(grep summary "$RES/late.result.yaml")"

# The fix, and a stored input with no arrival record.
set_text "1, 5, 3" >"$SPOOL/problems/hw.yaml"
answer >"$DONE/stray.yaml"
# An hour later (the wall clock moved ahead by a shim): lateness comes
# from the arrival records, never from the time of the regrade.
SHIM="$top_builddir/tests/daemon/.libs/clock_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
[ "$(CAIRN_CLOCK_SHIFT_S=3600 LD_PRELOAD="$SHIM" date +%s)" -ge $(( $(date +%s) + 3590 )) ] ||
	fail "the clock shim does not move the clock"
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
CAIRN_CLOCK_SHIFT_S=3600 LD_PRELOAD="$SHIM" "$CAIRN" regrade -c "$T/c.yaml" >"$T/out" 2>"$T/err" ||
	fail "regrade exit $?: $(cat "$T/err")"
cat >"$T/want" <<EOT
$ME hw.yaml $r1: 0.6667 -> 1.0
$ME hw.yaml $r2: 0.6667 -> 1.0
$ME late.yaml $r3: 0.6 -> 0.9
$ME late.csv $r4: 0.6 -> 0.9
inputs=4 changed=4 replaced=4 unchanged=0 skipped=1 failed=0
EOT
cmp "$T/want" "$T/out" || fail "regrade output: $(diff "$T/want" "$T/out")"
echo "cairn regrade: done/$ME/stray.yaml: no arrival record, skipped" >"$T/want"
cmp "$T/want" "$T/err" || fail "regrade stderr: $(cat "$T/err")"

grep -q '^late:' "$RES/hw.result.yaml" "$H" && fail "an on-time result became late"
[ "$(grep '^late:' "$RES/late.result.yaml")" = "$late_line" ] ||
	fail "late.yaml's lateness changed: $(grep '^late:' "$RES/late.result.yaml")"
[ "$(received "$H")" = "$r1" ] && [ "$(received "$RES/hw.result.yaml")" = "$r2" ] ||
	fail "arrivals moved"
grep -q 'points: 3, max_points: 3, score: 1.0}$' "$H" || fail "history: $(grep summary "$H")"
grep -q 'points: 2.7, max_points: 3, score: 0.9}$' "$RES/late.result.yaml" ||
	fail "late after: $(grep summary "$RES/late.result.yaml")"
[ "$(ls "$RES/history")" = "hw.result.1.yaml" ] || fail "history/: $(ls "$RES/history")"
[ "$(count_files "$RES")" -eq 3 ] || fail "results: $(ls -a "$RES")"

# Again: nothing changes, not a byte.
cp -p "$H" "$RES/hw.result.yaml" "$RES/late.result.yaml" "$T/"
"$CAIRN" regrade -c "$T/c.yaml" >"$T/out" 2>/dev/null || fail "second regrade exit $?"
echo "inputs=4 changed=0 replaced=0 unchanged=4 skipped=1 failed=0" >"$T/want"
cmp "$T/want" "$T/out" || fail "second regrade: $(cat "$T/out")"
cmp "$T/hw.result.1.yaml" "$H" && cmp "$T/hw.result.yaml" "$RES/hw.result.yaml" &&
	cmp "$T/late.result.yaml" "$RES/late.result.yaml" || fail "a second regrade changed bytes"
[ "$(ls "$RES/history")" = "hw.result.1.yaml" ] || fail "history/ grew: $(ls "$RES/history")"

# Choosing: another owner, another set: nothing is taken.
rm "$DONE/stray.yaml"
"$CAIRN" regrade -c "$T/c.yaml" --owner nobody-here >"$T/out" || fail "--owner exit $?"
echo "inputs=0 changed=0 replaced=0 unchanged=0 skipped=0 failed=0" >"$T/want"
cmp "$T/want" "$T/out" || fail "--owner: $(cat "$T/out")"
set_text "1, 2, 3" >"$SPOOL/problems/hw.yaml"
"$CAIRN" regrade -c "$T/c.yaml" --set other >"$T/out" || fail "--set exit $?"
cmp "$T/want" "$T/out" || fail "--set other: $(cat "$T/out")"
cmp "$T/late.result.yaml" "$RES/late.result.yaml" || fail "--set other wrote a result"
"$CAIRN" regrade -c "$T/c.yaml" --set hw --owner "$ME" >"$T/out" || fail "--set hw exit $?"
grep -qx "$ME late.yaml $r3: 0.9 -> 0.6" "$T/out" || fail "--set hw: $(cat "$T/out")"
[ "$(wc -l <"$T/out")" -eq 5 ] || fail "--set hw: $(cat "$T/out")"
STATUS=0
"$CAIRN" regrade -c "$T/c.yaml" extra >/dev/null 2>&1 || STATUS=$?
[ "$STATUS" -eq 2 ] || fail "usage error exit $STATUS"
echo "ok: regrade keeps owner and arrival, replaces in place, prints the changes"
