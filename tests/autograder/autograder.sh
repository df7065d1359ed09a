#!/bin/sh
# autograder - `cairn grade --format gradescope|prairielearn` (doc/lms.md):
# for correct, wrong, invalid, missing and file-error submissions (a
# syntax error, a file that is not a submission, one that cannot be read,
# a set closed by the policy), late with the penalty applied, and names
# and feedback JSON must escape, the results are compared byte for byte
# with tests/autograder/data/expected/ and validated, as strict UTF-8
# JSON, against the schemas written from each system's published
# specification (python3-jsonschema).  -o writes the file and prints the
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
