#!/bin/sh
# contrib - the autograder folders' scripts (contrib/gradescope,
# contrib/prairielearn, contrib/cairn-autograde) on a temporary copy of
# each system's layout, with the build's cairn: the results land where
# each system reads them, equal to `cairn grade --format`'s expected
# files (Gradescope's created_at applied as the arrival), and the errors
# of the scripts' own (no file, several, a set not shipped, no cairn) are
# results the schemas accept.  make-zip.sh builds an uploadable zip.
# e2e.sh runs the same in a fresh Debian 12 root, from setup.sh.
set -eu
. "${top_srcdir:-.}/tests/lib.sh"
here="$top_srcdir/tests/autograder"
data="$here/data"
export CAIRN="$cairn_bin -c $tmp/empty.yaml --plugin-dir $plugins"
export CAIRN_AUTOGRADE="$top_srcdir/contrib/cairn-autograde"
unset CAIRN_SET CAIRN_PROBLEMS

if ! python3 -c 'import jsonschema' 2>/dev/null; then
	echo "SKIP: python3 with the jsonschema module (Debian python3-jsonschema) is needed"
	exit 77
fi
valid() {
	checks=$((checks + 1))
	python3 "$here/validate.py" "$here/$1.schema.json" "$2" > "$tmp/v" 2>&1 ||
		fail "$1 schema: $(cat "$tmp/v")"
}

# gradescope SUBMISSION... - a fresh /autograder with hw and open shipped,
# problem_set hw, SUBMISSION files copied into submission/; runs it
gradescope() {
	ag=$tmp/autograder
	rm -rf "$ag"
	mkdir -p "$ag/source/problems" "$ag/submission"
	cp "$data/problems/"*.yaml "$ag/source/problems/"
	echo hw > "$ag/source/problem_set"
	for f in "$@"; do cp "$data/submissions/$f" "$ag/submission/"; done
	run 0 env CAIRN_AUTOGRADER_ROOT="$ag" sh "$top_srcdir/contrib/gradescope/run_autograder"
	valid gradescope "$ag/results/results.json"
}
# prairielearn WHERE SUBMISSION... - a fresh /grade with the sets in
# WHERE (tests or serverFilesCourse/cairn/problems), SUBMISSION in student/
prairielearn() {
	gr=$tmp/grade
	rm -rf "$gr"
	mkdir -p "$gr/$1" "$gr/student"
	cp "$data/problems/"*.yaml "$gr/$1/"
	shift
	for f in "$@"; do cp "$data/submissions/$f" "$gr/student/"; done
	run 0 env CAIRN_GRADE_ROOT="$gr" sh "$top_srcdir/contrib/prairielearn/run.sh"
	valid prairielearn "$gr/results/results.json"
}

# Gradescope: the arrival from the metadata (13:00 UTC, a day and an hour late).
gradescope correct.yaml
same_file "$data/expected/correct.gradescope.json" "$ag/results/results.json"
printf '{"id": 1, "created_at": "2027-03-02T06:00:00.365935-07:00",\n "assignment": {"due_date": "2027-03-01T04:00:00.000000-08:00"},\n "users": [], "previous_submissions": []}\n' > "$tmp/meta.json"
gradescope correct.yaml
cp "$tmp/meta.json" "$ag/submission_metadata.json"
run 0 env CAIRN_AUTOGRADER_ROOT="$ag" sh "$top_srcdir/contrib/gradescope/run_autograder"
same_file "$data/expected/late.gradescope.json" "$ag/results/results.json"
grep -q "^cairn-autograde: grading $ag/submission/correct.yaml against .* as of 2027-03-02T06:00:00.365935-07:00$" "$tmp/out" ||
	fail "run_autograder's log: $(cat "$tmp/out")"
gradescope
same_text '{
  "score": 0,
  "output": "error: no submission file: hand in one .yaml, .yml, .json or .csv file",
  "output_format": "text",
  "visibility": "visible",
  "stdout_visibility": "hidden",
  "tests": []
}' "$ag/results/results.json"
gradescope correct.yaml wrong.yaml
grep -q '"output": "error: several submission files: hand in only one .yaml, .yml, .json or .csv file",' "$ag/results/results.json" ||
	fail "two files: $(cat "$ag/results/results.json")"
# open.yaml is shipped, but problem_set says the assignment is hw.
gradescope unicode.json
grep -q '"output": "error: unknown problem set \\"open\\"' "$ag/results/results.json" ||
	fail "another set: $(cat "$ag/results/results.json")"
CAIRN_SET=open gradescope unicode.json
same_file "$data/expected/unicode.gradescope.json" "$ag/results/results.json"
CAIRN=false gradescope correct.yaml
grep -q '"output": "error: the autograder could not grade this submission (cairn exit 1): tell your instructor",' "$ag/results/results.json" ||
	fail "no cairn: $(cat "$ag/results/results.json")"

# PrairieLearn: the question's tests/, or the course's serverFilesCourse.
prairielearn tests wrong.yaml
same_file "$data/expected/wrong.prairielearn.json" "$gr/results/results.json"
prairielearn serverFilesCourse/cairn/problems puzzles.yaml
same_file "$data/expected/puzzles.prairielearn.json" "$gr/results/results.json"
CAIRN_SET=hw prairielearn tests unicode.json
grep -q '"format_errors": \["unknown problem set \\"open\\"' "$gr/results/results.json" ||
	fail "CAIRN_SET: $(cat "$gr/results/results.json")"
prairielearn tests
same_text '{
  "gradable": false,
  "message": "no submission file: hand in one .yaml, .yml, .json or .csv file",
  "format_errors": ["no submission file: hand in one .yaml, .yml, .json or .csv file"]
}' "$gr/results/results.json"
run 1 sh "$top_srcdir/contrib/cairn-autograde" moodle

# The zip: both scripts at its root, executable; the sets; cairn's source.
if git -C "$top_srcdir" rev-parse --git-dir > /dev/null 2>&1; then
	run 0 sh "$top_srcdir/contrib/gradescope/make-zip.sh" -o "$tmp/ag.zip" --set hw \
		"$data/problems/hw.yaml" "$data/problems/open.yaml"
	checks=$((checks + 1))
	python3 - "$tmp/ag.zip" > "$tmp/zip" 2>&1 <<'PY' || fail "the zip: $(cat "$tmp/zip")"
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
names = set(z.namelist())
for n in ("setup.sh", "run_autograder", "problem_set", "problems/hw.yaml",
          "problems/open.yaml", "cairn/configure.ac", "cairn/contrib/build-cairn.sh"):
    assert n in names, n + " missing"
for n in ("setup.sh", "run_autograder"):
    assert z.getinfo(n).external_attr >> 16 & 0o111, n + " not executable"
assert z.read("problem_set") == b"hw\n"
PY
fi
finish
