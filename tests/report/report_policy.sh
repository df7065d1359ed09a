#!/bin/sh
# report_policy - `cairn report` on late and refused results (issue 24,
# doc/grading.md, "A course policy"): a late result's points are after its penalty
# (a decimal in YAML and JSON summaries; for CSV results the penalty
# applies to the sum of the records' points), and the gradebook says by
# how much and what penalty; a result the policy refused (its error
# starts "closed at " or "submission limit reached (") is shown as
# refused in CSV, JUnit and HTML, and --per-submitter latest and best
# never take it over a graded one.  The results are written here as the
# daemon writes them.

set -eu
. "${top_srcdir:-.}/tests/lib.sh"
cairn=$cairn_bin
r=$tmp/results
mkdir -p "$r/ada" "$r/chen" "$r/dana"

cat > "$r/ada/hw1.result.yaml" <<'EOT'
format: cairn-result/1
source: hw1.yaml
owner: ada
uid: 1001
received: 2026-12-10T10:00:00.000Z
status: ok
late: {by: "10h 1m", penalty: 0.1}
problem_set: hw
submitter: Ada
puzzles:
  - id: a
    line: 4
    n: 4
    total: 17
    alice: 9
    bob: 8
    diff: 1
    verdict: correct
  - id: b
    line: 5
    n: 3
    total: 6
    alice: 4
    bob: 2
    diff: 2
    verdict: wrong
    feedback: "diff: expected 5, optimal play gives 2 (Alice 4, Bob 2); optimal line R L L"
summary: {puzzles: 2, solved: 2, errors: 0, graded: 2, correct: 1, wrong: 1, missing: 0, invalid: 0, points: 0.9, max_points: 2, score: 0.45}
EOT
cat > "$r/ada/hw2.result.yaml" <<'EOT'
format: cairn-result/1
source: hw2.yaml
owner: ada
uid: 1001
received: 2026-12-11T09:00:00.000Z
status: error
error: "submission limit reached (2 of 2)"
problem_set: hw
submitter: Ada
puzzles: []
summary: {puzzles: 0, solved: 0, errors: 0, graded: 0, correct: 0, wrong: 0, missing: 0, invalid: 0, score: null}
EOT
# Per-record points before the penalty: 1 + 2 of 3, less a quarter.
cat > "$r/chen/hw1.result.csv" <<'EOT'
id,line,n,solver,total,alice,bob,diff,winner,alice_wins,first_move,moves,verdict,feedback,error,submitter,problem_set,points,max_points,owner,received,late_by,late_penalty
a,2,4,linear,17,9,8,1,alice,true,left,,correct,,,Chen,hw,1,1,chen,2026-12-12T00:00:00.000Z,1d 14h,0.25
b,3,3,linear,6,4,2,2,alice,true,right,,correct,,,Chen,hw,2,2,chen,2026-12-12T00:00:00.000Z,1d 14h,0.25
EOT
cat > "$r/chen/hw9.result.json" <<'EOT'
{
  "format": "cairn-result/1",
  "source": "hw9.json",
  "owner": "chen",
  "uid": 1002,
  "received": "2026-12-18T08:00:00.000Z",
  "status": "error",
  "error": "closed at 2026-12-17T23:59:00+01:00 (arrived 2026-12-18T08:00:00.000Z)",
  "problem_set": "hw",
  "submitter": "Chen",
  "puzzles": [],
  "summary": {"puzzles": 0, "solved": 0, "errors": 0, "graded": 0, "correct": 0, "wrong": 0, "missing": 0, "invalid": 0, "score": null}
}
EOT
# Refused, and Dana's only result of the set.
sed -e 's/ada/dana/; s/1001/1004/; s/hw2.yaml/late.yaml/' \
    -e 's/"submission limit reached (2 of 2)"/"closed at 2026-12-17T23:59:00+01:00 (arrived 2026-12-11T09:00:00.000Z)"/' \
    -e 's/submitter: Ada/submitter: Dana/' "$r/ada/hw2.result.yaml" > "$r/dana/late.result.yaml"

header=source,owner,submitter,problem_set,graded,correct,wrong,missing,invalid,points,max_points,score,received,late,penalty,refused
ada1='hw1.yaml,ada,Ada,hw,2,1,1,0,0,0.9,2,0.45,2026-12-10T10:00:00.000Z,10h 1m,0.1,'
ada2='hw2.yaml,ada,Ada,hw,0,0,0,0,0,0,0,,2026-12-11T09:00:00.000Z,,,limit'
chen1='hw1.csv,chen,Chen,hw,2,2,0,0,0,2.25,3,0.75,2026-12-12T00:00:00.000Z,1d 14h,0.25,'
chen9='hw9.json,chen,Chen,hw,0,0,0,0,0,0,0,,2026-12-18T08:00:00.000Z,,,closed'
dana='late.yaml,dana,Dana,hw,0,0,0,0,0,0,0,,2026-12-11T09:00:00.000Z,,,closed'
run 0 "$cairn" report "$r"
same_text "$header
$ada1
$ada2
$chen1
$chen9
$dana" "$tmp/out"

# A refused result is no submission: the graded one stays, though
# earlier (latest) or not better (best); one alone is kept, as refused.
for how in latest best; do
	run 0 "$cairn" report --per-submitter $how "$r"
	same_text "$header
$ada1
$chen1
$dana" "$tmp/out"
done

run 0 "$cairn" report --format junit "$r/ada" "$r/chen/hw9.result.json"
cat > "$tmp/want" <<'EOT'
<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="cairn" tests="4" failures="1" errors="0" skipped="2">
  <testsuite name="ada/hw1.yaml" tests="2" failures="1" errors="0">
    <properties>
      <property name="owner" value="ada"/>
      <property name="submitter" value="Ada"/>
      <property name="problem_set" value="hw"/>
      <property name="received" value="2026-12-10T10:00:00.000Z"/>
      <property name="late" value="10h 1m"/>
      <property name="penalty" value="0.1"/>
    </properties>
    <testcase classname="ada/hw1.yaml" name="a"/>
    <testcase classname="ada/hw1.yaml" name="b">
      <failure message="wrong: diff: expected 5, optimal play gives 2 (Alice 4, Bob 2); optimal line R L L" type="wrong">diff: expected 5, optimal play gives 2 (Alice 4, Bob 2); optimal line R L L</failure>
    </testcase>
  </testsuite>
  <testsuite name="ada/hw2.yaml" tests="1" failures="0" errors="0" skipped="1">
    <properties>
      <property name="owner" value="ada"/>
      <property name="submitter" value="Ada"/>
      <property name="problem_set" value="hw"/>
      <property name="received" value="2026-12-11T09:00:00.000Z"/>
      <property name="refused" value="limit"/>
    </properties>
    <testcase classname="ada/hw2.yaml" name="refused">
      <skipped message="submission limit reached (2 of 2)" type="limit">submission limit reached (2 of 2)</skipped>
    </testcase>
  </testsuite>
  <testsuite name="chen/hw9.json" tests="1" failures="0" errors="0" skipped="1">
    <properties>
      <property name="owner" value="chen"/>
      <property name="submitter" value="Chen"/>
      <property name="problem_set" value="hw"/>
      <property name="received" value="2026-12-18T08:00:00.000Z"/>
      <property name="refused" value="closed"/>
    </properties>
    <testcase classname="chen/hw9.json" name="refused">
      <skipped message="closed at 2026-12-17T23:59:00+01:00 (arrived 2026-12-18T08:00:00.000Z)" type="closed">closed at 2026-12-17T23:59:00+01:00 (arrived 2026-12-18T08:00:00.000Z)</skipped>
    </testcase>
  </testsuite>
</testsuites>
EOT
same_file "$tmp/want" "$tmp/out"

# HTML: visible marks, the penalty and exact points, refused not counted.
run 0 "$cairn" report --format html "$r"
for want in \
	'<td><a href="#s1">hw1.yaml</a><span class="mark late">late</span></td><td>ada</td>' \
	'<td><a href="#s2">hw2.yaml</a><span class="mark refused">refused: limit</span></td>' \
	'<h3>hw9.json<span class="mark refused">refused: closed</span></h3>' \
	'received 2026-12-10T10:00:00.000Z, late by 10h 1m, penalty 0.1' \
	'score 0.45 (0.9 of 2 points)' \
	'<td>2.25/3</td>' \
	'<p class="err">Refused, not a submission: submission limit reached (2 of 2)</p>' \
	'<dt>Submissions</dt><dd>2</dd>' \
	'<dt>Refused</dt><dd>3</dd>' \
	'<q>hw</q>, 2 submissions</h3>'; do
	checks=$((checks + 1))
	grep -qF "$want" "$tmp/out" || fail "HTML: no $want"
done

finish
