#!/bin/sh
# autograder - `cairn grade --format gradescope|prairielearn` (doc/lms.md):
# for correct, wrong, invalid, missing and file-error submissions (a
# syntax error, a file that is not a submission, one that cannot be read,
# a set closed by the policy), late with the penalty applied, and names
# and feedback JSON must escape, the results are compared byte for byte
# with tests/autograder/data/expected/ and validated, as strict UTF-8
# JSON, against the schemas written from each system's published
# specification (python3-jsonschema).  A set whose feedback comes after
# the due time (data/held/) or never (data/never/) shows a student only
# what was received before its release, by each system's rules of what
# a student sees (student_view.py), and everything after; Gradescope's
# metadata gives the arrival and the dates, a student's extension and a
# late due date (as close) included.  -o writes the file and prints the
# summary line; the exit status is cairn grade's.
set -eu
. "${top_srcdir:-.}/tests/lib.sh"
here="$top_srcdir/tests/autograder"
data="$here/data"
grade() { "$cairn_bin" grade -c "$tmp/empty.yaml" --plugin-dir "$plugins" --problems "$data/problems" "$@"; }

if ! python3 -c 'import jsonschema' 2>/dev/null; then
	sh "$top_srcdir/tests/deps.sh" --only python3 python3-jsonschema >/dev/null 2>&1 || true
fi
if ! python3 -c 'import jsonschema' 2>/dev/null; then
	echo "SKIP: python3 with the jsonschema module (Debian python3-jsonschema) is needed"
	exit 77
fi

# valid SYSTEM FILE... - the schema of SYSTEM accepts every FILE
valid() {
	sys=$1; shift
	checks=$((checks + 1))
	python3 "$here/validate.py" "$here/$sys.schema.json" "$@" > "$tmp/v" 2>&1 ||
		fail "$sys schema: $(cat "$tmp/v")"
}

# case STATUS NAME FILE [OPTIONS...] - FILE's results for both systems
case_() {
	want=$1 name=$2 file=$3; shift 3
	for sys in gradescope prairielearn; do
		run "$want" grade --format "$sys" "$@" "$file"
		same_file "$data/expected/$name.$sys.json" "$tmp/out"
		same_text "" "$tmp/err.nl"
		valid "$sys" "$tmp/out"
	done
}
# stderr stays empty: compared through a file that always ends in a newline
run() {
	want=$1; shift
	checks=$((checks + 1))
	set +e
	"$@" > "$tmp/out" 2> "$tmp/err"
	got=$?
	set -e
	[ "$got" = "$want" ] || fail "exit status $got, expected $want: $*"
	{ cat "$tmp/err"; echo; } > "$tmp/err.nl"
}

s="$data/submissions"
case_ 0 correct "$s/correct.yaml"
case_ 1 wrong "$s/wrong.yaml"
case_ 1 invalid "$s/invalid.yaml"
case_ 1 missing "$s/missing.yaml"
case_ 1 unicode "$s/unicode.json"
case_ 2 broken "$s/broken.yaml"
case_ 2 puzzles "$s/puzzles.yaml"
case_ 2 unreadable "$s/none.yaml"
# A day and an hour late: 20% off the 6 points; after the close: refused.
case_ 0 late "$s/correct.yaml" --received 2027-03-02T13:00:00Z
case_ 2 closed "$s/correct.yaml" --received 2027-03-09T12:00:00+01:00
# Held back: before the due time only the receipt; after it (a late
# arrival), everything; never: only the receipt.
case_ 1 held-before "$s/wrong.yaml" --problems "$data/held" --received 2027-03-01T11:00:00Z
case_ 1 held-after "$s/wrong.yaml" --problems "$data/held" --received 2027-03-02T13:00:00Z
case_ 1 never "$s/wrong.yaml" --problems "$data/never" --received 2027-03-01T11:00:00Z
# view SYSTEM FILE [FLAGS] EXPECTED - what a student sees of FILE
view() {
	checks=$((checks + 1))
	python3 "$here/student_view.py" "$1" "$2" $3 > "$tmp/view" 2>&1 || fail "student_view: $(cat "$tmp/view")"
	same_text "$4" "$tmp/view"
}
e="$data/expected"
receipt="received wrong.yaml for problem set hw at 2027-03-01T11:00:00.000Z, on time"
view gradescope "$e/held-before.gradescope.json" "" "output: $receipt; results after the due date"
view gradescope "$e/never.gradescope.json" "--after-due" "output: $receipt; results when the instructor publishes them"
view prairielearn "$e/held-before.prairielearn.json" "" "not gradable
message: $receipt; no results before 2027-03-01T12:00:00.000Z
format error: $receipt; no results before 2027-03-01T12:00:00.000Z"
view prairielearn "$e/never.prairielearn.json" "" "not gradable
message: $receipt; this problem set's results are not shown
format error: $receipt; this problem set's results are not shown"
# Once the due date has passed (or the results are published), all of it.
python3 "$here/student_view.py" gradescope "$e/held-before.gradescope.json" --after-due > "$tmp/view"
grep -q '^test greedy-fails 0/2 failed: wrong: diff: expected 5, optimal play gives 7' "$tmp/view" ||
	fail "after the due date: $(cat "$tmp/view")"
grep -q '^test summary: hw: 1 of 3 puzzles correct' "$tmp/view" && grep -q '^score: 1$' "$tmp/view" ||
	fail "after the due date: $(cat "$tmp/view")"
python3 "$here/student_view.py" gradescope "$e/held-after.gradescope.json" > "$tmp/view"
grep -q '^score: 0.8$' "$tmp/view" || fail "a late arrival after the release: $(cat "$tmp/view")"

# Every submission of examples/class, before hw2's due time: valid for
# both systems, and where held back (hw2: feedback after_due) a student
# sees no verdict, points, score or answer, on either system.
class="$top_srcdir/examples/class"
for f in "$class"/submissions/* "$class/policy/nora.yaml"; do
	for sys in gradescope prairielearn; do
		set +e
		grade --format "$sys" --problems "$class/problems" --received 2026-12-10T20:00:00Z "$f" > "$tmp/c.json"
		set -e
		valid "$sys" "$tmp/c.json"
		python3 "$here/student_view.py" "$sys" "$tmp/c.json" > "$tmp/view"
		grep -q '"problem_set": *"hw2"\|^problem_set: hw2' "$f" || continue
		checks=$((checks + 1))
		! grep -E -i 'correct|wrong|missing|invalid|optimal|point|score|expected' "$tmp/view" > /dev/null ||
			fail "$sys shows a held result of $f: $(cat "$tmp/view")"
	done
done

# Gradescope's metadata: the arrival, and its dates instead of the set's.
# meta FILE CREATED_AT DUE LATE_DUE [USER_DUE USER_LATE_DUE]... - a metadata
# file (null: JSON null), one user per pair of dates
meta() {
	f=$1 c=$2 d=$3 l=$4; shift 4
	q() { [ "$1" = null ] && echo null || echo "\"$1\""; }
	users=
	while [ $# -ge 2 ]; do
		users="$users${users:+, }{\"id\": 1, \"email\": \"s@example.com\", \"name\": \"S\", \"assignment\": {\"release_date\": \"2027-02-01T00:00:00.000000-08:00\", \"due_date\": $(q "$1"), \"late_due_date\": $(q "$2")}}"
		shift 2
	done
	printf '{"id": 123456, "created_at": "%s", "assignment": {"due_date": %s, "group_size": null, "group_submission": false, "id": 25828, "course_id": 1234, "late_due_date": %s, "release_date": "2027-02-01T00:00:00.000000-08:00", "title": "hw", "total_points": "6.0"}, "submission_method": "upload", "users": [%s], "previous_submissions": []}\n' \
		"$c" "$(q "$d")" "$(q "$l")" "$users" > "$f"
}
gsg() { grade --format gradescope --problems "$data/held" --gradescope-metadata "$@"; }
# Due at noon, arrived at 13:00 the next day: late, released, as --received.
meta "$tmp/m.json" 2027-03-02T06:00:00.365935-07:00 2027-03-01T04:00:00.000000-08:00 null
run 1 gsg "$tmp/m.json" "$s/wrong.yaml"
same_file "$e/held-after.gradescope.json" "$tmp/out"
# The student's extension (due 3 March) counts: on time, held until then.
meta "$tmp/m.json" 2027-03-02T13:00:00Z 2027-03-01T12:00:00Z 2027-03-08T12:00:00Z 2027-03-03T12:00:00Z 2027-03-10T12:00:00Z
run 1 gsg "$tmp/m.json" "$s/wrong.yaml"
python3 "$here/student_view.py" gradescope "$tmp/out" > "$tmp/view"
same_text "output: received wrong.yaml for problem set hw at 2027-03-02T13:00:00.000Z, on time; results after the due date" "$tmp/view"
run 1 grade --gradescope-metadata "$tmp/m.json" --problems "$data/held" "$s/wrong.yaml"
same_text "$s/wrong.yaml: graded=3 correct=1 wrong=2 missing=0 invalid=0 score=0.1667 points=1/6" "$tmp/out"
# A group: the latest of its members' dates.
meta "$tmp/m.json" 2027-03-02T13:00:00Z 2027-03-01T12:00:00Z null 2027-03-01T12:00:00Z null 2027-03-03T12:00:00Z null
run 1 grade --gradescope-metadata "$tmp/m.json" --problems "$data/held" "$s/wrong.yaml"
same_text "$s/wrong.yaml: graded=3 correct=1 wrong=2 missing=0 invalid=0 score=0.1667 points=1/6" "$tmp/out"
# The late due date is the close: after it, refused, though the set's close is later.
meta "$tmp/m.json" 2027-03-06T12:00:00Z 2027-03-01T12:00:00Z 2027-03-05T12:00:00Z
run 2 grade --gradescope-metadata "$tmp/m.json" --problems "$data/held" "$s/wrong.yaml"
same_text "$s/wrong.yaml: error: closed at 2027-03-05T12:00:00Z (arrived 2027-03-06T12:00:00.000Z)" "$tmp/out"
# No late due date: Gradescope takes nothing after the due date, so cairn
# closes nothing (the set's close, 8 March, is not applied).
meta "$tmp/m.json" 2027-03-09T12:00:00Z 2027-03-01T12:00:00Z null
run 1 grade --gradescope-metadata "$tmp/m.json" --problems "$data/held" "$s/wrong.yaml"
same_text "$s/wrong.yaml: graded=3 correct=1 wrong=2 missing=0 invalid=0 score=0.0333 points=0.2/6 late=\"8d\" penalty=0.8" "$tmp/out"
# Metadata that cannot be read is an error of cairn grade, said on stderr.
printf '{"created_at": "yesterday"}\n' > "$tmp/bad.json"
run 2 grade --gradescope-metadata "$tmp/bad.json" "$s/wrong.yaml"
same_text "cairn grade: $tmp/bad.json: created_at is not an RFC 3339 time with an offset" "$tmp/err"
meta "$tmp/m.json" 2027-03-02T13:00:00Z "next week" null
run 2 grade --gradescope-metadata "$tmp/m.json" "$s/wrong.yaml"
same_text "cairn grade: $tmp/m.json: assignment.due_date is not an RFC 3339 time with an offset" "$tmp/err"
run 2 grade --gradescope-metadata "$tmp/none.json" "$s/wrong.yaml"
same_text "cairn grade: $tmp/none.json: No such file or directory" "$tmp/err"
run 2 grade --gradescope-metadata "$tmp/m.json" --received 2027-03-02T13:00:00Z "$s/wrong.yaml"
grep -q '^cairn grade: --received and --gradescope-metadata both give the arrival$' "$tmp/err" ||
	fail "--received with metadata: $(cat "$tmp/err")"

# On time by the policy: the same as without an arrival.
run 0 grade --format gradescope --received 2027-03-01T12:00:00Z "$s/correct.yaml"
same_file "$data/expected/correct.gradescope.json" "$tmp/out"

# -o: the results in the file, the summary (or error) line on stdout.
run 1 grade --format prairielearn -o "$tmp/results.json" "$s/wrong.yaml"
same_file "$data/expected/wrong.prairielearn.json" "$tmp/results.json"
same_text "$s/wrong.yaml: graded=3 correct=1 wrong=2 missing=0 invalid=0 score=0.1667 points=1/6" "$tmp/out"
run 2 grade --format gradescope --output "$tmp/results.json" "$s/puzzles.yaml"
same_file "$data/expected/puzzles.gradescope.json" "$tmp/results.json"
same_text "$s/puzzles.yaml: error: not a submission: hand in answers to a problem set (a file with problem_set and answers)" "$tmp/out"
run 2 grade --format gradescope -o "$tmp/no/such/dir.json" "$s/correct.yaml"
same_text "cairn grade: $tmp/no/such/dir.json: No such file or directory" "$tmp/err"

# Usage errors: exit 2, as cairn grade's.
run 2 grade --format canvas "$s/correct.yaml"
grep -q '^cairn grade: --format: "canvas" is not gradescope or prairielearn$' "$tmp/err" ||
	fail "--format canvas: $(cat "$tmp/err")"
run 2 grade --format gradescope "$s/correct.yaml" "$s/wrong.yaml"
grep -q '^cairn grade: --format gradescope grades one FILE$' "$tmp/err" || fail "two FILEs: $(cat "$tmp/err")"
run 2 grade -o "$tmp/x.json" "$s/correct.yaml"
grep -q '^cairn grade: --output goes with --format$' "$tmp/err" || fail "-o alone: $(cat "$tmp/err")"
run 2 grade --format prairielearn -v "$s/correct.yaml"
run 2 grade --received yesterday "$s/correct.yaml"
# Without --format, nothing changed.
run 1 grade "$s/wrong.yaml"
same_text "$s/wrong.yaml: graded=3 correct=1 wrong=2 missing=0 invalid=0 score=0.1667 points=1/6" "$tmp/out"

# The schemas are not empty promises: they refuse what the systems would.
printf '{"score": 1, "tests": [{"name": "a", "score": 1, "visibilty": "visible"}]}\n' > "$tmp/bad-gs.json"
printf '{"gradable": true, "tests": []}\n' > "$tmp/bad-pl.json"
printf '{"gradable": true, "score": 1.5}\n' > "$tmp/bad-pl2.json"
for f in bad-gs:gradescope bad-pl:prairielearn bad-pl2:prairielearn; do
	checks=$((checks + 1))
	if python3 "$here/validate.py" "$here/${f#*:}.schema.json" "$tmp/${f%%:*}.json" > /dev/null 2>&1; then
		fail "the ${f#*:} schema accepts $f"
	fi
done
finish
