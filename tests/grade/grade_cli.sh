#!/bin/sh
# grade_cli - `cairn grade` and `cairn report` on examples/class.
#
# Runs the real programs on the example class with the build tree's
# plugins and an empty configuration, and compares stdout, stderr and
# exit status with the expected files in tests/data/grade, byte for byte.

set -eu
. "${top_srcdir:-.}/tests/lib.sh"
cairn=$cairn_bin
class="$top_srcdir/examples/class"
expected="$top_srcdir/tests/data/grade"

cd "$class"

# Every submission: one line each, status 2 for the file naming hw9.
run 2 "$cairn" grade -c "$tmp/empty.yaml" --plugin-dir "$plugins" \
	--problems problems submissions/*
same_file "$expected/grade.out" "$tmp/out"
same_file /dev/null "$tmp/err"

# Without it: 1, since some answers are wrong; all right: 0.
run 1 "$cairn" grade -c "$tmp/empty.yaml" --plugin-dir "$plugins" \
	--problems problems submissions/ada.yaml submissions/bilal.yaml
run 0 "$cairn" grade -c "$tmp/empty.yaml" --plugin-dir "$plugins" \
	--problems problems submissions/ada.yaml
same_text "submissions/ada.yaml: graded=6 correct=6 wrong=0 missing=0 invalid=0 score=1.0 points=9/9" "$tmp/out"

# --verbose prints the very result `cairn solve` prints, then the line.
run 0 "$cairn" solve -c "$tmp/empty.yaml" --plugin-dir "$plugins" \
	--problems problems submissions/ada.yaml
cp "$tmp/out" "$tmp/verbose.want"
echo "submissions/ada.yaml: graded=6 correct=6 wrong=0 missing=0 invalid=0 score=1.0 points=9/9" >> "$tmp/verbose.want"
run 0 "$cairn" grade -v -c "$tmp/empty.yaml" --plugin-dir "$plugins" \
	--problems problems submissions/ada.yaml
same_file "$tmp/verbose.want" "$tmp/out"

# Unreadable files and usage errors: 2.
run 2 "$cairn" grade -c "$tmp/empty.yaml" --plugin-dir "$plugins" \
	--problems problems submissions/ada.yaml nonexistent.yaml
same_text "submissions/ada.yaml: graded=6 correct=6 wrong=0 missing=0 invalid=0 score=1.0 points=9/9
nonexistent.yaml: error: No such file or directory" "$tmp/out"
run 2 "$cairn" grade
same_text "cairn grade: expected FILE...
Try 'cairn grade --help'." "$tmp/err"
run 2 "$cairn" grade --no-such-option x.yaml
run 0 "$cairn" grade --help
head -n 1 "$tmp/out" > "$tmp/first"
same_text "Usage: cairn grade [OPTIONS] FILE..." "$tmp/first"

# Results as the daemon would write them, then the reports.
mkdir "$tmp/results"
for f in submissions/*; do
	base=${f##*/}
	case $base in
	*.*) name="${base%.*}.result.${base##*.}" ;;
	*) name="$base.result" ;;
	esac
	set +e
	"$cairn" solve -c "$tmp/empty.yaml" --plugin-dir "$plugins" \
		--problems problems "$f" > "$tmp/results/$name"
	set -e
done
run 0 "$cairn" report "$tmp/results"
same_file "$expected/gradebook.csv" "$tmp/out"
same_file /dev/null "$tmp/err"
run 0 "$cairn" report --format junit -o "$tmp/junit.xml" "$tmp/results"
same_file "$expected/junit.xml" "$tmp/junit.xml"
same_file /dev/null "$tmp/out"
if command -v xmllint > /dev/null 2>&1; then
	xmllint --noout "$tmp/junit.xml" || fail "xmllint refuses the JUnit XML"
else
	echo "xmllint not found: JUnit well-formedness left to check_report"
fi

# The hand-written results of check_report, through the command line:
# a directory gives its .result.yaml, .result.yml and .result.csv files
# in name order, and nothing else.
report_data=$(cd "$top_srcdir/tests/data/report" && pwd)
mkdir "$tmp/mixed"
cp "$report_data"/results/* "$tmp/mixed/"
cp "$report_data/bad/puzzle.yaml" "$tmp/mixed/notes.txt"
cp "$report_data/bad/puzzle.yaml" "$tmp/mixed/.hidden.result.yaml"
mkdir "$tmp/mixed/dir.result.yaml"
run 0 "$cairn" report "$tmp/mixed"
same_file "$report_data/gradebook.csv" "$tmp/out"
run 0 "$cairn" report --format=junit "$tmp/mixed"
same_file "$report_data/junit.xml" "$tmp/out"

# Files named one by one come in the order given.
run 0 "$cairn" report "$tmp/results/lee.result.yaml" "$tmp/results/ada.result.yaml"
head -n 1 "$expected/gradebook.csv" > "$tmp/lee"
grep '^lee\.' "$expected/gradebook.csv" >> "$tmp/lee"
grep '^ada\.' "$expected/gradebook.csv" >> "$tmp/lee"
same_file "$tmp/lee" "$tmp/out"

# A stray file is named on stderr and left out; the rest is still reported.
cp problems/hw1.yaml "$tmp/results/stray.result.yaml"
run 65 "$cairn" report "$tmp/results" "$tmp/none"
same_file "$expected/gradebook.csv" "$tmp/out"
same_text "cairn report: $tmp/none: No such file or directory
cairn report: $tmp/results/stray.result.yaml: not a cairn result file (no \"format: cairn-result/1\")" "$tmp/err"

# An empty directory is an empty gradebook; usage errors are 64.
mkdir "$tmp/emptydir"
run 0 "$cairn" report "$tmp/emptydir"
same_text "source,owner,submitter,problem_set,graded,correct,wrong,missing,invalid,points,max_points,score,received,late,penalty,refused" "$tmp/out"
run 64 "$cairn" report --format xml "$tmp/results"
same_text "cairn report: unknown format \"xml\" (csv, junit, html, canvas or moodle)
Try 'cairn report --help'." "$tmp/err"
run 64 "$cairn" report

# examples/class/README.md's policy walk-through, command for command:
# hw2's policy as of three arrival times (on time within the grace, late
# by 2h 14m, after the close).
cd "$class"
for case in 2026-12-11T00:05:00+01:00:0:ontime 2026-12-11T01:13:00Z:0:late \
	2026-12-18T09:00:00+01:00:65:closed; do
	when=${case%:*:*}
	rest=${case#"$when":}
	run "${rest%%:*}" "$cairn" solve -c "$tmp/empty.yaml" --plugin-dir "$plugins" \
		--problems problems --received "$when" policy/nora.yaml
	same_file "$expected/nora-${rest#*:}.yaml" "$tmp/out"
	same_file /dev/null "$tmp/err"
done

# cairn grade's line for the late arrival: the points after the penalty,
# and by how much it was late.
run 0 "$cairn" grade -c "$tmp/empty.yaml" --plugin-dir "$plugins" \
	--problems problems --received 2026-12-11T01:13:00Z policy/nora.yaml
same_text 'policy/nora.yaml: graded=3 correct=3 wrong=0 missing=0 invalid=0 score=0.9 points=5.4/6 late="2h 14m" penalty=0.1' "$tmp/out"

finish
