#!/bin/sh
# report_per_submitter - `cairn report --per-submitter latest|best`.
#
# Three submissions of one student against a set with points, processed
# by the real `cairn solve`; their result files get fixed modification
# times (as the daemon gives them their input's arrival), so that the latest is
# not the best.  Another student and a plain puzzle file without a
# submitter are always kept.  Checked in CSV and JUnit, with the files
# given in both orders.

set -eu
. "${top_srcdir:-.}/tests/lib.sh"
cairn=$cairn_bin

mkdir "$tmp/problems" "$tmp/in"
cat > "$tmp/problems/hw.yaml" <<'EOT'
puzzles:
  - {id: a, piles: [5, 3, 4, 5], points: 3}
  - {id: b, piles: [1, 2, 3]}
EOT
# s1: a right (3 of 4); s2: both wrong (0); s3: b right (1 of 4).
printf 'problem_set: hw\nsubmitter: Sam\nanswers:\n  a: {diff: 1}\n  b: {diff: 9}\n' \
	> "$tmp/in/sam-1.yaml"
printf 'problem_set,submitter,id,expect_diff\nhw,Sam,a,7\nhw,Sam,b,9\n' \
	> "$tmp/in/sam-2.csv"
printf 'problem_set: hw\nsubmitter: Sam\nanswers:\n  b: {diff: 2}\n' \
	> "$tmp/in/sam-3.yaml"
printf 'problem_set: hw\nsubmitter: Tia\nanswers:\n  b: {diff: 2}\n' \
	> "$tmp/in/tia.yaml"
printf 'piles: [1, 2]\nexpect: {diff: 1}\n' > "$tmp/in/plain.yaml"
results "$tmp/results" "$tmp/problems" "$tmp"/in/*
touch -d @1000 "$tmp/results/sam-1.result.yaml"
touch -d @3000 "$tmp/results/sam-2.result.csv"
touch -d @2000 "$tmp/results/sam-3.result.yaml"
touch -d @1000 "$tmp/results/tia.result.yaml" "$tmp/results/plain.result.yaml"

header=source,owner,submitter,problem_set,graded,correct,wrong,missing,invalid,points,max_points,score,received,late,penalty,refused
run 0 "$cairn" report "$tmp/results"
same_text "$header
plain.yaml,,,,1,1,0,0,0,1,1,1.0,,,,
sam-1.yaml,,Sam,hw,2,1,1,0,0,3,4,0.75,,,,
sam-2.csv,,Sam,hw,2,0,2,0,0,0,4,0.0,,,,
sam-3.yaml,,Sam,hw,2,1,0,1,0,1,4,0.25,,,,
tia.yaml,,Tia,hw,2,1,0,1,0,1,4,0.25,,,," "$tmp/out"

run 0 "$cairn" report --per-submitter latest "$tmp/results"
same_text "$header
plain.yaml,,,,1,1,0,0,0,1,1,1.0,,,,
sam-2.csv,,Sam,hw,2,0,2,0,0,0,4,0.0,,,,
tia.yaml,,Tia,hw,2,1,0,1,0,1,4,0.25,,,," "$tmp/out"

run 0 "$cairn" report --per-submitter=best "$tmp/results"
same_text "$header
plain.yaml,,,,1,1,0,0,0,1,1,1.0,,,,
sam-1.yaml,,Sam,hw,2,1,1,0,0,3,4,0.75,,,,
tia.yaml,,Tia,hw,2,1,0,1,0,1,4,0.25,,,," "$tmp/out"

# The order of the arguments changes the order of the rows, not the pick.
r=$tmp/results
run 0 "$cairn" report --per-submitter best "$r/tia.result.yaml" \
	"$r/sam-3.result.yaml" "$r/sam-2.result.csv" "$r/sam-1.result.yaml"
same_text "$header
tia.yaml,,Tia,hw,2,1,0,1,0,1,4,0.25,,,,
sam-1.yaml,,Sam,hw,2,1,1,0,0,3,4,0.75,,,," "$tmp/out"

# A later modification time moves the pick: s3 once it is the latest.
touch -d @4000 "$r/sam-3.result.yaml"
run 0 "$cairn" report --per-submitter latest "$r/sam-1.result.yaml" \
	"$r/sam-2.result.csv" "$r/sam-3.result.yaml"
same_text "$header
sam-3.yaml,,Sam,hw,2,1,0,1,0,1,4,0.25,,,," "$tmp/out"

# JUnit gets the same selection.
run 0 "$cairn" report --format junit --per-submitter best "$r"
grep -c '<testsuite ' "$tmp/out" > "$tmp/n" || true
same_text 3 "$tmp/n"
grep -q 'name="sam-1.yaml"' "$tmp/out" || fail "JUnit lacks sam-1.yaml"

run 64 "$cairn" report --per-submitter first "$r"
same_text "cairn report: --per-submitter \"first\": expected latest or best
Try 'cairn report --help'." "$tmp/err"

finish
