#!/bin/sh
# The metrics file (cairnd(8)).  A running daemon writes it when it
# starts serving, every few seconds and at exit; `promtool check metrics`
# (Debian package prometheus) accepts every version the test reads; its
# counters match what was dropped: files by outcome, puzzles by verdict
# (correct, wrong, missing, invalid, ungraded, error), the histogram's
# count; the gauges show the running and queued files and the age of the
# oldest queued one while a long solve holds the only worker; the file
# returned at shutdown is counted.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

if ! command -v promtool >/dev/null 2>&1; then
	sh "$top_srcdir/tests/deps.sh" --only prometheus >/dev/null 2>&1 || true
fi
if ! command -v promtool >/dev/null 2>&1; then
	echo "SKIP: promtool (Debian package prometheus) is not installed and cannot be"
	exit 77
fi

I="$SPOOL/incoming"
M="$T/metrics.prom"
mkdir -p "$I" "$SPOOL/problems"

# check_prom: promtool accepts the file as it is now
check_prom() {
	cp "$M" "$T/checked.prom"
	promtool check metrics <"$T/checked.prom" >"$T/promtool.out" 2>&1 ||
		fail "promtool check metrics: $(cat "$T/promtool.out")"
	[ ! -s "$T/promtool.out" ] || fail "promtool: $(cat "$T/promtool.out")"
}
# value NAME{LABELS}: the sample's value in the file
value() {
	awk -v k="$1" '$1 == k { print $2 }' "$M"
}
has_value() {
	[ "$(value "$1")" = "$2" ]
}
L='instance="test"'

write_conf "$T/c.yaml" "metrics_file: $M" "workers: 1" "max_piles: 2000000" \
	"shutdown_timeout_s: 1" "fsync: true"
start_daemon m "$T/c.yaml"
wait_for 20 log_has m "msg=started" || fail "daemon did not start"
# written as soon as it serves, before any file
wait_for 10 test -f "$M" || fail "no metrics file at start"
check_prom
has_value "cairnd_files_total{$L,outcome=\"processed\"}" 0 || fail "start: $(cat "$M")"
has_value "cairnd_file_duration_seconds_count{$L}" 0 || fail "start count"

# Four files: graded puzzles (correct, wrong, an error), a submission
# (correct, invalid, missing), ungraded CSV puzzles, a file error.
printf 'puzzles:\n  - {id: a, piles: [5, 3, 4, 5]}\n  - {id: b, piles: [1, 2, 3]}\n  - {id: c, piles: [3, 9, 1, 2]}\n' >"$SPOOL/problems/hw.yaml"
printf -- '---\npiles: [5, 3, 4, 5]\nexpect: {diff: 1}\n---\npiles: [1, 2]\nexpect: {diff: 5}\n---\npiles: [x]\n' >"$T/graded.yaml"
printf 'problem_set: hw\nanswers:\n  a: {diff: 1}\n  b: {winner: nobody}\n' >"$T/sub.yaml"
printf '1,2,3\n4,5\n7\n' >"$T/plain.csv"
printf 'piles: [' >"$T/broken.yaml"
for f in graded.yaml sub.yaml plain.csv broken.yaml; do
	cp "$T/$f" "$I/.$f"
	mv "$I/.$f" "$I/$f"
done
wait_for 20 has_at_least "$RES" 4 "*.result.*" || fail "results: $(ls "$RES")"
wait_for 20 has_value "cairnd_file_duration_seconds_count{$L}" 4 ||
	fail "metrics not rewritten: $(cat "$M")"
check_prom
cat >"$T/want" <<EOT
cairnd_files_total{$L,outcome="processed"} 3
cairnd_files_total{$L,outcome="failed"} 1
cairnd_files_total{$L,outcome="retried"} 0
cairnd_files_total{$L,outcome="returned"} 0
cairnd_puzzles_total{$L,verdict="correct"} 2
cairnd_puzzles_total{$L,verdict="wrong"} 1
cairnd_puzzles_total{$L,verdict="missing"} 1
cairnd_puzzles_total{$L,verdict="invalid"} 1
cairnd_puzzles_total{$L,verdict="ungraded"} 3
cairnd_puzzles_total{$L,verdict="error"} 1
cairnd_queued_files{$L} 0
cairnd_running_files{$L} 0
cairnd_oldest_queued_age_seconds{$L} 0.000000
cairnd_file_duration_seconds_bucket{$L,le="+Inf"} 4
cairnd_file_duration_seconds_count{$L} 4
EOT
grep -E '^cairnd_((files|puzzles)_total|(queued|running)_files|oldest_queued_age_seconds|file_duration_seconds_count)\{|le="\+Inf"' "$M" >"$T/got"
cmp "$T/want" "$T/got" || fail "metrics after 4 files: $(diff "$T/want" "$T/got")"
# every family has its HELP and TYPE, the buckets are cumulative
for fam in cairnd_files_total cairnd_puzzles_total cairnd_queued_files \
	cairnd_running_files cairnd_oldest_queued_age_seconds \
	cairnd_start_time_seconds cairnd_file_duration_seconds; do
	grep -q "^# HELP $fam " "$M" || fail "no HELP for $fam"
	grep -q "^# TYPE $fam " "$M" || fail "no TYPE for $fam"
done
awk '/_bucket/ { if ($2 < prev) bad = 1; prev = $2 } END { exit bad }' "$M" ||
	fail "buckets not cumulative: $(grep _bucket "$M")"
[ "$(grep -c '_bucket{' "$M")" -ge 20 ] || fail "too few buckets"
grep -q '_bucket{instance="test",le="0.0001"}' "$M" || fail "no 0.1 ms bucket"

# A solve that outlasts the test holds the only worker (with fsync, no
# other file is started while it computes); two files wait behind it, one
# two hours old and one new: the age is the older one's.
awk 'BEGIN { printf "solver: diff1d\npiles: ["; for (i = 0; i < 1500000; i++) printf "%d, ", i % 97; print "1]" }' >"$T/long.yaml"
cp "$T/long.yaml" "$I/.long.yaml"
mv "$I/.long.yaml" "$I/long.yaml"
claimed_long() { [ -n "$(held test long.yaml)" ]; }
wait_for 20 claimed_long || fail "long.yaml not claimed"
now=$(date +%s)
hw1_input >"$T/old.yaml"
hw1_input >"$T/new.yaml"
touch -d "@$((now - 7200))" "$T/old.yaml"
mv "$T/old.yaml" "$T/new.yaml" "$I/"
wait_for 20 has_value "cairnd_queued_files{$L}" 2 || fail "queued: $(cat "$M")"
has_value "cairnd_running_files{$L}" 1 || fail "running: $(cat "$M")"
# The age is how long old.yaml has waited, not how old its mtime says it is.
age=$(value "cairnd_oldest_queued_age_seconds{$L}")
awk -v a="$age" -v n="$(( $(date +%s) - now ))" 'BEGIN { exit !(a >= 0 && a <= n + 1) }' ||
	fail "oldest queued age $age, expected at most $(( $(date +%s) - now + 1 )) s (its mtime is 2 hours old)"
check_prom

# Shutdown cancels the long solve: its file is returned (kept claimed for
# the next start), and the final
# metrics (written at exit) say so.
kill -TERM "$LAST_PID"
wait_exit "$LAST_PID" 30
[ "$STATUS" -eq 0 ] || fail "exit $STATUS"
log_has m "msg=returned file=long.yaml" || fail "long.yaml not returned"
check_prom
has_value "cairnd_files_total{$L,outcome=\"returned\"}" 1 || fail "returned: $(cat "$M")"
has_value "cairnd_files_total{$L,outcome=\"processed\"}" 3 || fail "processed at exit"
[ "$(find "$T" -maxdepth 1 -name '.metrics*' | wc -l)" -eq 0 ] || fail "temporary file left"
echo "ok: metrics file"
