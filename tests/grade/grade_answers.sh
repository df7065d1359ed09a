#!/bin/sh
# grade_answers - how a submission's answers meet its problem set's puzzles
# (doc/formats.md and doc/grading.md; the grading mistakes of issue 24), in YAML, CSV and JSON.
#
# The sets and submissions are in tests/data/answers; `cairn solve` must
# print exactly expected/NAME.result.EXT and exit 0, and `cairn grade`
# print its line and exit as the man page says: 0 only when every graded
# puzzle is correct and no answer was set aside.
#   dup*      two answers to one id: the first that states anything is
#             graded, a later one is invalid ("answered twice: ..."), an
#             empty one beside it says nothing and is left out; neither
#             lowers the score.
#   edge*     a CSV answer may repeat its set's piles (spaces, ';' or both);
#             other piles, or piles that are not integers, make it invalid;
#             YAML and JSON answers state no piles at all.
#   unknown*  an answer to an id the set lacks is reported, invalid, and
#             counts neither in graded nor in max_points: score 1.0.
#   contra*   stated numbers that contradict each other are called so,
#             before what optimal play gives.
# Last, cairn report over such results: the gradebook's graded, points and
# max_points are the summary's, and JUnit has a test case per verdict.

set -eu
. "${top_srcdir:-.}/tests/lib.sh"
cd "$top_srcdir/tests/data/answers"
cairn_problems=problems

# graded STATUS FILE LINE - cairn solve prints the expected result, and
# cairn grade LINE with exit STATUS
graded() {
	run 0 cairn solve "$2"
	same_file "expected/${2%.*}.result.${2##*.}" "$tmp/out"
	same_file /dev/null "$tmp/err"
	run "$1" cairn grade "$2"
	same_text "$2: $3" "$tmp/out"
	same_file /dev/null "$tmp/err"
}

perfect_twice="graded=1 correct=1 wrong=0 missing=0 invalid=1 score=1.0 points=1/1"
perfect="graded=1 correct=1 wrong=0 missing=0 invalid=0 score=1.0 points=1/1"
invalid="graded=1 correct=0 wrong=0 missing=0 invalid=1 score=0.0 points=0/1"

# 1. Two answers to one id.
for f in dup.yaml dup.csv dup.json; do
	graded 1 "$f" "$perfect_twice"
done
graded 1 dup-lines.yaml "graded=1 correct=0 wrong=1 missing=0 invalid=3 score=0.0 points=0/1"
graded 0 dup-empty.csv "$perfect"
graded 0 dup-empty.json "$perfect"

# 2. Piles repeated in a CSV answer.
for f in edge-spaces.csv edge-semicolons.csv edge-mixed.csv; do
	graded 0 "$f" "$perfect"
done
for f in edge-other.csv edge-bad.csv edge.yaml edge.json; do
	graded 1 "$f" "$invalid"
done

# 3. An answer to an unknown id.
for f in unknown.yaml unknown.csv unknown.json; do
	graded 1 "$f" "$perfect_twice"
done

# 4. Contradictions.
for f in contra.yaml contra.csv contra.json; do
	graded 1 "$f" "graded=4 correct=0 wrong=4 missing=0 invalid=0 score=0.0 points=0/4"
done

# The gradebook of such results, and JUnit's counts.
mkdir "$tmp/results"
for f in dup.yaml dup.csv unknown.json contra.csv; do
	cp "expected/${f%.*}.result.${f##*.}" "$tmp/results/"
done
run 0 "$cairn_bin" report "$tmp/results"
same_text "source,owner,submitter,problem_set,graded,correct,wrong,missing,invalid,points,max_points,score,received,late,penalty,refused
contra.csv,,,contra,4,0,4,0,0,0,4,0.0,,,,
dup.csv,,,dup,1,1,0,0,1,1,1,1.0,,,,
dup.yaml,,,dup,1,1,0,0,1,1,1,1.0,,,,
unknown.json,,,edge,1,1,0,0,1,1,1,1.0,,,," "$tmp/out"
run 0 "$cairn_bin" report --format junit "$tmp/results"
grep -E '<testsuites? ' "$tmp/out" | sed 's/^ *//' > "$tmp/suites"
same_text '<testsuites name="cairn" tests="10" failures="7" errors="0">
<testsuite name="contra.csv" tests="4" failures="4" errors="0">
<testsuite name="dup.csv" tests="2" failures="1" errors="0">
<testsuite name="dup.yaml" tests="2" failures="1" errors="0">
<testsuite name="unknown.json" tests="2" failures="1" errors="0">' "$tmp/suites"

finish
