#!/bin/sh
# grade_batch - a class of 1,000 generated submissions through
# `cairnd --once`, then `cairn report`: every score must match what this
# script computes on its own.
#
# The optimal diff of each problem is computed here by an awk DP that
# shares nothing with cairn.  Each submission answers each problem with
# the right diff, a wrong one, or not at all, chosen by a fixed
# pseudo-random sequence, so the expected gradebook is known exactly.
set -eu
. "${top_srcdir:-.}/tests/lib.sh"

count=${GRADE_BATCH_COUNT:-1000}
spool="$tmp/spool"
mkdir -p "$spool/incoming" "$spool/problems"
rows="5 3 4 5|1 2 3|3 9 1 2|1 100 3|7 -2 8 0 -5 6 3|4 4 4 4 4 4"

# diff_of "a b c" - d(0,n-1) by the interval recurrence, in awk
diff_of() {
	echo "$1" | awk '{
		n = NF
		for (i = 1; i <= n; i++) d[i, i] = $i
		for (len = 2; len <= n; len++)
			for (i = 1; i + len - 1 <= n; i++) {
				j = i + len - 1
				l = $i - d[i + 1, j]; r = $j - d[i, j - 1]
				d[i, j] = l >= r ? l : r
			}
		print d[1, n]
	}'
}

{
	echo "puzzles:"
	k=0
	echo "$rows" | tr '|' '\n' | while read -r row; do
		k=$((k + 1))
		echo "  - id: p$k"
		echo "    piles: [$(echo "$row" | sed 's/ /, /g')]"
	done
} > "$spool/problems/batch.yaml"
diffs=$(echo "$rows" | tr '|' '\n' | while read -r row; do diff_of "$row"; done | tr '\n' ' ')
nprob=$(echo "$rows" | tr '|' '\n' | wc -l)

# Submissions, and the gradebook row each must produce.
awk -v count="$count" -v diffs="$diffs" -v nprob="$nprob" -v dir="$spool/incoming" '
BEGIN {
	split(diffs, d, " ")
	seed = 12345
	for (s = 1; s <= count; s++) {
		name = sprintf("s%04d", s)
		csv = (s % 4 == 0)
		file = dir "/" name (csv ? ".csv" : ".yaml")
		correct = wrong = missing = 0
		if (csv)
			print "problem_set,submitter,id,expect_diff" > file
		else
			printf "problem_set: batch\nsubmitter: %s\n", name > file
		body = ""
		for (p = 1; p <= nprob; p++) {
			seed = (seed * 1103515245 + 12345) % 2147483648
			pick = int(seed / 65536) % 3
			if (pick == 2) { missing++; continue }
			v = d[p] + (pick == 1 ? 1 : 0)
			if (pick == 0) correct++; else wrong++
			if (csv)
				printf "batch,%s,p%d,%d\n", name, p, v > file
			else
				body = body sprintf("  p%d: {diff: %d}\n", p, v)
		}
		if (!csv)
			printf "%s", body == "" ? "answers: {}\n" : "answers:\n" body > file
		if (csv && correct + wrong == 0)
			printf "batch,%s,p1,\n", name > file
		close(file)
		score = correct / nprob
		printf "%s%s,,%s,%s,%d,%d,%d,%d,0,%d,%d,%s,,,,\n", name,
			csv ? ".csv" : ".yaml", name, "batch", nprob, correct,
			wrong, missing, correct, nprob,
			fmt(correct, nprob) > "/dev/stderr"
	}
}
function fmt(c, g,   x, s) {
	x = int(c * 20000 / g + 1) ; x = int(x / 2)
	s = sprintf("%d.%04d", int(x / 10000), x % 10000)
	sub(/0+$/, "", s); if (s ~ /\.$/) s = s "0"
	return s
}' 2> "$tmp/expected.rows"

cat > "$tmp/conf.yaml" <<EOT
spool: $spool
plugin_dir: $plugins
instance: batch
fsync: false
settle_ms: 0
EOT
run 0 "$top_builddir/src/daemon/cairnd" --once -c "$tmp/conf.yaml"
ls "$spool/results/$(id -un)" | wc -l | tr -d ' ' > "$tmp/n"
same_text "$count" "$tmp/n"

run 0 "$cairn_bin" report -c "$tmp/conf.yaml" "$spool/results"
# Every row is the test's own account's, received when the daemon took
# it: the owner is checked, and the (varying) time blanked for the compare.
python3 - "$tmp/out" "$(id -un)" <<'PY' || fail "owner or received column"
import csv, re, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
for r in rows[1:]:
    assert r[1] == sys.argv[2], r
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", r[12]), r
    r[1] = r[12] = ""
csv.writer(open(sys.argv[1], "w", newline=""), lineterminator="\n").writerows(rows)
PY
{
	echo "source,owner,submitter,problem_set,graded,correct,wrong,missing,invalid,points,max_points,score,received,late,penalty,refused"
	sort "$tmp/expected.rows"
} > "$tmp/expected.csv"
same_file "$tmp/expected.csv" "$tmp/out"

finish
