#!/bin/sh
# Issue 22, case 3(b): memory_total bounds what runs at once
# (doc/spool.md, "Fairness and memory").  With workers: 8, memory_budget: 64MiB and
# memory_total: 128MiB, eight slow files (one 150,000-pile puzzle each,
# solved by the quadratic diff1d) are dropped at once: no more than two
# are ever in processing/ (without fsync a job holds its claim, and its
# reservation, until it ends), and all eight are solved.  The daemon says
# at start how many fit.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

N=8
write_conf "$T/c.yaml" "workers: 8" "memory_budget: 64MiB" "memory_total: 128MiB" \
	"fsync: false"
mkdir -p "$SPOOL/incoming" "$T/gen"
awk 'BEGIN { srand(7); printf "solver: diff1d\npiles: [";
	for (i = 0; i < 150000; i++) printf "%s%d", i ? "," : "", 1 + int(rand() * 1000);
	print "]" }' >"$T/gen/big.yaml"
i=0
while [ "$i" -lt "$N" ]; do
	cp "$T/gen/big.yaml" "$T/gen/f$i.yaml"
	i=$((i + 1))
done

start_daemon d "$T/c.yaml"
PID=$LAST_PID
wait_for 20 log_has d "msg=started" || fail "daemon did not start"
log_has d 'level=warning msg="workers x memory_budget exceeds memory_total" workers=8 memory_budget=64MiB memory_total=128MiB running_max=2$' ||
	fail "no memory_total warning at start"
# One mv of all eight: coreutils' mv looks at each destination again after
# moving it (to refuse overwriting a file it just made), and fails when the
# daemon has claimed it in between; what counts is that every file moved.
mv "$T/gen"/f*.yaml "$SPOOL/incoming/" 2>"$T/mv.err" || true
[ -z "$(ls "$T/gen" | grep '^f')" ] || fail "not every file moved: $(cat "$T/mv.err")"

# Sample processing/ until every input is stored, for at most 300 s.
P="$SPOOL/processing/test"
max=0
deadline=$(( $(date +%s) + 300 ))
while [ "$(count_files "$DONE")" -lt "$N" ]; do
	[ "$(date +%s)" -lt "$deadline" ] || fail "only $(count_files "$DONE") of $N done"
	n=$(left_in_processing "$P" | wc -l)
	[ "$n" -le "$max" ] || max=$n
	sleep 0.05
done
[ "$max" -le 2 ] || fail "$max files in processing/ at once, memory_total leaves room for 2"
[ "$max" -ge 1 ] || fail "never saw a file in processing/"
[ "$(count_files "$RES" "*.result.yaml")" -eq "$N" ] || fail "results: $(ls "$RES")"
for r in "$RES"/*.result.yaml; do
	grep -q '^status: ok$' "$r" || fail "$r: $(head -5 "$r")"
done
[ "$(count_files "$FAILED")" -eq 0 ] || fail "a file failed"
kill -TERM "$PID"
wait_exit "$PID" 30
[ "$STATUS" -eq 0 ] || fail "exit $STATUS"
echo "PASS: at most $max of $N files ran at once within memory_total, all solved"
