#!/bin/sh
# cli_policy - a problem set's course policy (doc/grading.md) through
# `cairn solve --received`: on time, within grace, late (YAML, CSV and
# JSON, byte for byte), late past the whole of the points, closed, each
# bad policy key, and a bad --received.
set -eu
. "${top_srcdir:-.}/tests/lib.sh"
sets="$tmp/problems"
mkdir "$sets"
cat > "$sets/hw.yaml" <<'EOT'
policy:
  due: 2026-12-10T23:59:00+01:00
  grace: 10m
  late_penalty: 10%
  close: 2026-12-17T23:59:00+01:00
  max_submissions: 2
puzzles:
  - {id: a, piles: [5, 3, 4, 5], points: 2}
  - {id: b, piles: [3, 9, 1, 2]}
  - {id: c, piles: [1, 2, 3], points: 2}
EOT
cat > "$sets/steep.yaml" <<'EOT'
policy: {due: 2026-12-10T23:59:00Z, late_penalty: 40%}
puzzles:
  - {id: a, piles: [5, 3, 4, 5]}
EOT
printf 'problem_set: hw\nsubmitter: Ana\nanswers:\n  a: {diff: 1}\n  b: {diff: 7}\n' > "$tmp/ana.yaml"
printf 'problem_set,submitter,id,expect_diff\nhw,Ana,a,1\nhw,Ana,b,7\n' > "$tmp/ana.csv"
printf '{"problem_set": "hw", "submitter": "Ana", "answers": {"a": {"diff": 1}, "b": {"diff": 7}}}\n' > "$tmp/ana.json"
solve() { cairn solve --problems "$sets" -s linear "$@"; }

# expect_yaml LATE_LINE POINTS SCORE - ana.yaml's result
expect_yaml() {
	printf 'format: cairn-result/1\nsource: ana.yaml\nstatus: ok\n%bproblem_set: hw\nsubmitter: Ana\n' "$1"
	cat <<'EOT'
puzzles:
  - id: a
    line: 4
    n: 4
    solver: linear
    total: 17
    alice: 9
    bob: 8
    diff: 1
    winner: alice
    alice_wins: true
    first_move: left
    verdict: correct
    checks:
      diff: {expected: 1, actual: 1, ok: true}
  - id: b
    line: 5
    n: 4
    solver: linear
    total: 15
    alice: 11
    bob: 4
    diff: 7
    winner: alice
    alice_wins: true
    first_move: right
    verdict: correct
    checks:
      diff: {expected: 7, actual: 7, ok: true}
  - id: c
    line: 10
    n: 3
    solver: linear
    total: 6
    alice: 4
    bob: 2
    diff: 2
    winner: alice
    alice_wins: true
    first_move: right
    verdict: missing
EOT
	printf 'summary: {puzzles: 3, solved: 3, errors: 0, graded: 3, correct: 2, wrong: 0, missing: 1, invalid: 0, points: %s, max_points: 5, score: %s}\n' "$2" "$3"
}

# On time, within the grace period, and at its very last millisecond.
expect_yaml "" 3 0.6 > "$tmp/want"
for at in 2026-12-10T23:59:00+01:00 2026-12-10T23:05:00Z 2026-12-10T23:09:00.000Z 2026-12-11T00:09:00+01:00; do
	run 0 solve --received "$at" "$tmp/ana.yaml"
	same_file "$tmp/want" "$tmp/out"
done

# Late by 2h 14m (and 30 s): one day begun after the grace period, 10%.
at=2026-12-11T01:13:30.250Z
expect_yaml 'late: {by: "2h 14m", penalty: 0.1}\n' 2.7 0.54 > "$tmp/want"
run 0 solve --received "$at" "$tmp/ana.yaml"
same_file "$tmp/want" "$tmp/out"
run 0 solve --received "$at" "$tmp/ana.csv"
cat > "$tmp/want" <<'EOT'
id,line,n,solver,total,alice,bob,diff,winner,alice_wins,first_move,moves,verdict,feedback,error,submitter,problem_set,points,max_points,owner,received,late_by,late_penalty
a,2,4,linear,17,9,8,1,alice,true,left,,correct,,,Ana,hw,2,2,,,2h 14m,0.1
b,3,4,linear,15,11,4,7,alice,true,right,,correct,,,Ana,hw,1,1,,,2h 14m,0.1
c,10,3,linear,6,4,2,2,alice,true,right,,missing,,,Ana,hw,0,2,,,2h 14m,0.1
EOT
same_file "$tmp/want" "$tmp/out"
run 0 solve --received "$at" "$tmp/ana.json"
cat > "$tmp/want" <<'EOT'
{
  "format": "cairn-result/1",
  "source": "ana.json",
  "status": "ok",
  "late": {"by": "2h 14m", "penalty": 0.1},
  "problem_set": "hw",
  "submitter": "Ana",
  "puzzles": [
    {
      "id": "a",
      "line": 1,
      "n": 4,
      "solver": "linear",
      "total": 17,
      "alice": 9,
      "bob": 8,
      "diff": 1,
      "winner": "alice",
      "alice_wins": true,
      "first_move": "left",
      "verdict": "correct",
      "checks": {
        "diff": {"expected": 1, "actual": 1, "ok": true}
      }
    },
    {
      "id": "b",
      "line": 1,
      "n": 4,
      "solver": "linear",
      "total": 15,
      "alice": 11,
      "bob": 4,
      "diff": 7,
      "winner": "alice",
      "alice_wins": true,
      "first_move": "right",
      "verdict": "correct",
      "checks": {
        "diff": {"expected": 7, "actual": 7, "ok": true}
      }
    },
    {
      "id": "c",
      "line": 10,
      "n": 3,
      "solver": "linear",
      "total": 6,
      "alice": 4,
      "bob": 2,
      "diff": 2,
      "winner": "alice",
      "alice_wins": true,
      "first_move": "right",
      "verdict": "missing"
    }
  ],
  "summary": {"puzzles": 3, "solved": 3, "errors": 0, "graded": 3, "correct": 2, "wrong": 0, "missing": 1, "invalid": 0, "points": 2.7, "max_points": 5, "score": 0.54}
}
EOT
same_file "$tmp/want" "$tmp/out"

# Three days late at 40% a day: 120%, capped: nothing is left.
printf 'problem_set: steep\nanswers:\n  a: {diff: 1}\n' > "$tmp/bo.yaml"
run 0 solve --received 2026-12-13T23:59:00Z "$tmp/bo.yaml"
sed -n '/^late: /p; s/.*, \(points: .*\)}$/\1/p' "$tmp/out" > "$tmp/got"
same_text 'late: {by: "3d", penalty: 1.0}
points: 0, max_points: 1, score: 0.0' "$tmp/got"
# ... and at exactly two days, 80% of the one point is gone.
run 0 solve --received 2026-12-13T00:00:00+00:01 "$tmp/bo.yaml"
sed -n '/^late: /p; s/.*, \(points: .*\)}$/\1/p' "$tmp/out" > "$tmp/got"
same_text 'late: {by: "2d", penalty: 0.8}
points: 0.2, max_points: 1, score: 0.2' "$tmp/got"

# After close: an error result naming the rule, nothing graded.
run 65 solve --received 2026-12-18T00:00:00+01:00 "$tmp/ana.yaml"
cat > "$tmp/want" <<'EOT'
format: cairn-result/1
source: ana.yaml
status: error
error: "closed at 2026-12-17T23:59:00+01:00 (arrived 2026-12-17T23:00:00.000Z)"
problem_set: hw
submitter: Ana
puzzles: []
summary: {puzzles: 0, solved: 0, errors: 0, graded: 0, correct: 0, wrong: 0, missing: 0, invalid: 0, score: null}
EOT
same_file "$tmp/want" "$tmp/out"
# Without --received no policy applies (and no submission is counted).
expect_yaml "" 3 0.6 > "$tmp/want"
run 0 solve "$tmp/ana.yaml"
same_file "$tmp/want" "$tmp/out"

# Each bad key makes the set unusable, with the place and the key.
printf 'problem_set: bad\nanswers:\n  a: {diff: 1}\n' > "$tmp/bad.yaml"
while IFS='|' read -r policy msg; do
	printf 'policy:\n%b\npuzzles:\n  - {id: a, piles: [1, 2]}\n' "$policy" > "$sets/bad.yaml"
	run 65 solve --received 2026-12-01T00:00:00Z "$tmp/bad.yaml"
	sed -n 's/^error: //p' "$tmp/out" > "$tmp/got"
	same_text "\"problem set \\\"bad\\\": problems/bad.yaml: $msg\"" "$tmp/got"
done <<'EOT'
  due: 2026-13-01|line 2, column 8: policy.due: \"2026-13-01\" is not an RFC 3339 time with an offset (2026-12-10T23:59:00+01:00)
  due: 2026-12-10T23:59:00|line 2, column 8: policy.due: \"2026-12-10T23:59:00\" is not an RFC 3339 time with an offset (2026-12-10T23:59:00+01:00)
  due: 2026-12-10T23:59:00Z\n  grace: 10 minutes|line 3, column 10: policy.grace: \"10 minutes\" is not a duration (30s, 10m, 2h, 1d, 1h30m)
  due: 2026-12-10T23:59:00Z\n  late_penalty: 0.1|line 3, column 17: policy.late_penalty: \"0.1\" is not a percentage from 0% to 100% (10%, 2.5%)
  due: 2026-12-10T23:59:00Z\n  late_penalty: 150%|line 3, column 17: policy.late_penalty: \"150%\" is not a percentage from 0% to 100% (10%, 2.5%)
  close: next week|line 2, column 10: policy.close: \"next week\" is not an RFC 3339 time with an offset (2026-12-17T23:59:00+01:00)
  max_submissions: 0|line 2, column 20: policy.max_submissions: \"0\" is not an integer from 1 to 1000000
  feedback: later|line 2, column 13: policy.feedback: \"later\" is not one of immediate, after_due, after_close, never
  feedback: after_due|line 2, column 13: policy.feedback: after_due needs policy.due
  feedback: after_close|line 2, column 13: policy.feedback: after_close needs policy.close
  grace: 10m|line 2, column 10: policy.grace: a grace period needs policy.due
  late_penalty: 10%|line 2, column 17: policy.late_penalty: a late penalty needs policy.due
  deadline: 2026-12-10T23:59:00Z|line 2, column 3: policy: unknown key \"deadline\"
EOT

# A bad --received is a usage error naming the option.
run 64 solve --received 2026-12-10T23:59:00 "$tmp/ana.yaml"
same_text "cairn solve: --received: \"2026-12-10T23:59:00\" is not an RFC 3339 time with an offset (2026-12-10T23:59:00+01:00)
Try 'cairn solve --help'." "$tmp/err"

finish
