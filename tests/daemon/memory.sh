#!/bin/sh
# memory_budget bounds the whole job (doc/spool.md), issue 9 case 4:
# small inputs that used to take gigabytes are dropped together into a
# daemon with two workers and memory_budget 64MiB.  Each ends solved, or
# as a file error that says how much memory it would need, and the
# daemon's peak RSS (VmHWM) stays within workers x memory_budget + 32 MiB.
#   one10.csv    10 MB of "1\n": 5,000,000 one-pile puzzles (was 1.76 GB)
#   one40.csv    40 MB of the same, under max_file_bytes (was 6.9 GB)
#   docs30.yaml  30 MB stream of 2,000,000 small documents (was 954 MB)
#   rec60.csv    one 60 MB record of 30,000,000 piles, refused for
#                max_piles at field 1000001 (was 1.03 GB)
. "${top_srcdir:-.}/tests/daemon/lib.sh"

WORKERS=2
BUDGET_MIB=64
LIMIT_KB=$(( (WORKERS * BUDGET_MIB + 32) * 1024 ))

# fsync on (the default): jobs that wait for the disk free their solve
# slot, and must not hold their input meanwhile.
write_conf "$T/c.yaml" "workers: $WORKERS" "memory_budget: ${BUDGET_MIB}MiB"
mkdir -p "$SPOOL/incoming" "$T/gen"
yes 1 | head -c 10000000 >"$T/gen/one10.csv"
yes 1 | head -c 40000000 >"$T/gen/one40.csv"
yes 'piles: [1]
---' | head -n 3999999 >"$T/gen/docs30.yaml"
{ yes 1 | head -c 59999998 | tr '\n' ','; echo 1; } >"$T/gen/rec60.csv"
[ "$(wc -c <"$T/gen/rec60.csv")" -eq 60000000 ] || fail "rec60.csv size"
[ "$(wc -c <"$T/gen/docs30.yaml")" -eq 29999996 ] || fail "docs30.yaml size"

start_daemon d "$T/c.yaml"
PID=$LAST_PID
wait_for 20 log_has d "msg=started" || fail "daemon did not start"
idle_kb=$(sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB$/\1/p' "/proc/$PID/status")
# Renamed in, as writers should: each is complete when it appears.
for f in one10.csv one40.csv docs30.yaml rec60.csv; do
	mv "$T/gen/$f" "$SPOOL/incoming/$f"
done
wait_for 120 has_at_least "$RES" 4 ||
	fail "only $(count_files "$RES") results of 4"
wait_for 20 sh -c "[ \$(find '$SPOOL/done' '$SPOOL/failed' -path '*/.arrival' -prune -o -type f -print | wc -l) -eq 4 ]" ||
	fail "inputs not stored"
peak_kb=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB$/\1/p' "/proc/$PID/status")
[ -n "$peak_kb" ] || fail "no VmHWM in /proc/$PID/status"
kill -TERM "$PID"
wait_exit "$PID" 30
[ "$STATUS" -eq 0 ] || fail "exit status $STATUS"

# need FILE: the "needs about N UNIT" of a result, in MiB (integer)
need_mib() {
	sed -n 's/.*reading the file needs about \([0-9.]*\) \([KMG]\)iB of memory, more than memory_budget (64.0 MiB).*/\1 \2/p' "$1" |
		awk '{ m = $2 == "G" ? 1024 : $2 == "M" ? 1 : 1 / 1024; printf "%d\n", $1 * m }'
}

# The three files of many puzzles are refused while they are read, with
# what the whole file would need; the estimates are those of the puzzles
# they hold (about 290 bytes each, and the text), well past the budget.
check_refused() {
	name=$1 lo=$2 hi=$3
	r="$RES/$name"
	[ -f "$r" ] || fail "no result $name"
	n=$(need_mib "$r")
	[ -n "$n" ] || fail "$name: no memory error: $(head -c 600 "$r")"
	[ "$n" -ge "$lo" ] && [ "$n" -le "$hi" ] ||
		fail "$name: needs $n MiB, expected $lo to $hi: $(cat "$r")"
}
check_refused one10.result.csv 1024 3072
check_refused one40.result.csv 4096 12288
check_refused docs30.result.yaml 400 1600
grep -qx 'status: error' "$RES/docs30.result.yaml" ||
	fail "docs30: not a file error"
grep -qx 'puzzles: \[\]' "$RES/docs30.result.yaml" ||
	fail "docs30: puzzles listed"
# A file error's CSV result is one record.
[ "$(wc -l <"$RES/one10.result.csv")" -eq 2 ] || fail "one10: records"
[ "$(wc -l <"$RES/one40.result.csv")" -eq 2 ] || fail "one40: records"
for f in one10.csv one40.csv docs30.yaml; do
	[ -f "$FAILED/$f" ] || fail "$f not in failed/"
done

# The long record is that puzzle's error, found at field 1000001.
r="$RES/rec60.result.csv"
[ "$(wc -l <"$r")" -eq 2 ] || fail "rec60: records: $(cat "$r")"
grep -q '^#1,1,,.*,"line 1, field 1000001: more than 1000000 piles (max_piles)"' "$r" ||
	fail "rec60: $(cat "$r")"
[ -f "$DONE/rec60.csv" ] || fail "rec60.csv not in done/"

echo "peak RSS ${peak_kb} kB (idle ${idle_kb} kB), limit ${LIMIT_KB} kB"
if ldd "$CAIRND" 2>/dev/null | grep -q libasan; then
	# The sanitizer's shadow memory and quarantine are not the job's.
	echo "VmHWM not checked: cairnd is built with AddressSanitizer"
	exit 0
fi
[ "$peak_kb" -le "$LIMIT_KB" ] ||
	fail "peak RSS ${peak_kb} kB, more than $WORKERS x ${BUDGET_MIB}MiB + 32 MiB"
