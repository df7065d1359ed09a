#!/bin/sh
# contrib - the autograder folders' scripts (contrib/gradescope,
# contrib/prairielearn, contrib/cairn-autograde) on a temporary copy of
# each system's layout, with the build's cairn: the results land where
# each system reads them, equal to `cairn grade --format`'s expected
# files (Gradescope's created_at applied as the arrival, its dates, a
# student's extension included, or with `dates` set the set's;
# PrairieLearn's arrival the clock, or CAIRN_RECEIVED here), a file named
# in capitals (ANSWERS.YAML) is found, a held set shows only the receipt,
# and the errors of the scripts' own (no file, several, a set not
# shipped, no cairn) are results the schemas accept.  make-zip.sh builds
# an uploadable zip.  The example question of contrib/prairielearn is
# accepted by PrairieLearn's schema of info.json and has every setting
# its README names, the same as the README shows.  e2e.sh runs the same
# in a fresh Debian 12 root, from setup.sh.
set -eu
. "${top_srcdir:-.}/tests/lib.sh"
here="$top_srcdir/tests/autograder"
data="$here/data"
export CAIRN="$cairn_bin -c $tmp/empty.yaml --plugin-dir $plugins"
export CAIRN_AUTOGRADE="$top_srcdir/contrib/cairn-autograde"
unset CAIRN_SET CAIRN_PROBLEMS CAIRN_DATES
# PrairieLearn's arrival is the clock: fixed here, before hw's due time.
export CAIRN_RECEIVED=2027-03-01T11:00:00Z

if ! python3 -c 'import jsonschema' 2>/dev/null; then
	echo "SKIP: python3 with the jsonschema module (Debian python3-jsonschema) is needed"
	exit 77
fi
valid() {
	checks=$((checks + 1))
	python3 "$here/validate.py" "$here/$1.schema.json" "$2" > "$tmp/v" 2>&1 ||
		fail "$1 schema: $(cat "$tmp/v")"
}

# gradescope SUBMISSION... - a fresh /autograder with hw and open shipped
# (hw from $sets, default problems), problem_set hw, SUBMISSION files
# (FILE:NAME: under NAME) copied into submission/, $meta (when set) as
# submission_metadata.json; runs it
gradescope() {
	ag=$tmp/autograder
	rm -rf "$ag"
	mkdir -p "$ag/source/problems" "$ag/submission"
	cp "$data/problems/"*.yaml "$ag/source/problems/"
	cp "$data/${sets:-problems}/hw.yaml" "$ag/source/problems/"
	echo hw > "$ag/source/problem_set"
	for f in "$@"; do cp "$data/submissions/${f%%:*}" "$ag/submission/${f#*:}"; done
	[ -z "${meta:-}" ] || cp "$meta" "$ag/submission_metadata.json"
	run 0 env CAIRN_AUTOGRADER_ROOT="$ag" sh "$top_srcdir/contrib/gradescope/run_autograder"
	valid gradescope "$ag/results/results.json"
}
# prairielearn WHERE SUBMISSION... - a fresh /grade with the sets in
# WHERE (tests or serverFilesCourse/cairn/problems; hw from $sets),
# SUBMISSION in student/ (FILE:NAME as for gradescope)
prairielearn() {
	gr=$tmp/grade
	rm -rf "$gr"
	mkdir -p "$gr/$1" "$gr/student"
	cp "$data/problems/"*.yaml "$gr/$1/"
	cp "$data/${sets:-problems}/hw.yaml" "$gr/$1/"
	shift
	for f in "$@"; do cp "$data/submissions/${f%%:*}" "$gr/student/${f#*:}"; done
	run 0 env CAIRN_GRADE_ROOT="$gr" sh "$top_srcdir/contrib/prairielearn/run.sh"
	valid prairielearn "$gr/results/results.json"
}

# Gradescope: the arrival from the metadata (13:00 UTC, a day and an hour late).
gradescope correct.yaml
same_file "$data/expected/correct.gradescope.json" "$ag/results/results.json"
printf '{"id": 1, "created_at": "2027-03-02T06:00:00.365935-07:00",\n "assignment": {"due_date": "2027-03-01T04:00:00.000000-08:00"},\n "users": [], "previous_submissions": []}\n' > "$tmp/meta.json"
meta=$tmp/meta.json gradescope correct.yaml
same_file "$data/expected/late.gradescope.json" "$ag/results/results.json"
grep -q "^cairn-autograde: grading $ag/submission/correct.yaml against .* with the arrival and dates of $ag/submission_metadata.json$" "$tmp/out" ||
	fail "run_autograder's log: $(cat "$tmp/out")"
# An extension given on Gradescope (the student's own due_date) counts...
printf '{"id": 1, "created_at": "2027-03-02T06:00:00.365935-07:00",\n "assignment": {"due_date": "2027-03-01T04:00:00.000000-08:00", "late_due_date": null},\n "users": [{"email": "s@example.com", "id": 1, "name": "S", "assignment": {"release_date": "2027-02-01T00:00:00.000000-08:00", "due_date": "2027-03-04T04:00:00.000000-08:00", "late_due_date": null}}], "previous_submissions": []}\n' > "$tmp/ext.json"
meta=$tmp/ext.json gradescope correct.yaml
same_file "$data/expected/correct.gradescope.json" "$ag/results/results.json"
# ... unless the zip says the set's dates count (make-zip.sh --dates set).
meta=$tmp/ext.json gradescope correct.yaml
echo set > "$ag/source/dates"
run 0 env CAIRN_AUTOGRADER_ROOT="$ag" sh "$top_srcdir/contrib/gradescope/run_autograder"
same_file "$data/expected/late.gradescope.json" "$ag/results/results.json"
grep -q "^cairn-autograde: grading $ag/submission/correct.yaml against .* as of 2027-03-02T06:00:00.365935-07:00$" "$tmp/out" ||
	fail "run_autograder's log with dates set: $(cat "$tmp/out")"
CAIRN_DATES=set meta=$tmp/ext.json gradescope correct.yaml
same_file "$data/expected/late.gradescope.json" "$ag/results/results.json"
# Held back until the (extended) due date: the student reads the receipt only.
sets=held meta=$tmp/ext.json gradescope wrong.yaml
checks=$((checks + 1))
python3 "$here/student_view.py" gradescope "$ag/results/results.json" > "$tmp/view"
same_text "output: received wrong.yaml for problem set hw at 2027-03-02T13:00:00.365Z, on time; results after the due date" "$tmp/view"
# Any case of the expected names.
gradescope correct.yaml:ANSWERS.YAML
same_file "$data/expected/correct.gradescope.json" "$ag/results/results.json"
gradescope unicode.json:Answers.Json
grep -q '"output": "error: unknown problem set \\"open\\"' "$ag/results/results.json" ||
	fail "Answers.Json: $(cat "$ag/results/results.json")"
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
# feedback: never: a wrong attempt shows nothing of the answers.
sets=never prairielearn tests wrong.yaml
checks=$((checks + 1))
python3 "$here/student_view.py" prairielearn "$gr/results/results.json" > "$tmp/view"
same_text "not gradable
message: received wrong.yaml for problem set hw at 2027-03-01T11:00:00.000Z, on time; this problem set's results are not shown
format error: received wrong.yaml for problem set hw at 2027-03-01T11:00:00.000Z, on time; this problem set's results are not shown" "$tmp/view"
# The arrival is the clock when nothing says otherwise (open has no policy).
(unset CAIRN_RECEIVED; prairielearn tests unicode.json)
same_file "$data/expected/unicode.prairielearn.json" "$gr/results/results.json"
prairielearn tests correct.yaml:ANSWERS.YAML
same_file "$data/expected/correct.prairielearn.json" "$gr/results/results.json"
prairielearn tests
same_text '{
  "gradable": false,
  "message": "no submission file: hand in one .yaml, .yml, .json or .csv file",
  "format_errors": ["no submission file: hand in one .yaml, .yml, .json or .csv file"]
}' "$gr/results/results.json"
run 1 sh "$top_srcdir/contrib/cairn-autograde" moodle

# The example question: PrairieLearn's schema of info.json accepts it, it
# is graded externally (without gradingMethod External PrairieLearn
# grades it itself and never runs the grader), with the image's entry
# point, and the README shows exactly it and names every setting.
q=$top_srcdir/contrib/prairielearn/question
valid prairielearn-question "$q/info.json"
checks=$((checks + 1))
python3 - "$q/info.json" "$top_srcdir/contrib/prairielearn/README.md" \
	"$top_srcdir/contrib/prairielearn/Dockerfile" > "$tmp/q" 2>&1 <<'PY' || fail "the question: $(cat "$tmp/q")"
import json, re, sys
info = json.load(open(sys.argv[1]))
readme = open(sys.argv[2]).read()
docker = open(sys.argv[3]).read()
assert info["gradingMethod"] == "External", "gradingMethod"
ego = info["externalGradingOptions"]
entry = re.search(r'^ENTRYPOINT \["([^"]+)"\]', docker, re.M).group(1)
assert ego["entrypoint"] == entry, "entrypoint %s, the image's %s" % (ego["entrypoint"], entry)
assert isinstance(ego["timeout"], int) and 0 < ego["timeout"] <= 600, "timeout"
assert ego.get("enabled", True) and not ego.get("enableNetworking", False)
blocks = re.findall(r"```json\n(.*?)```", readme, re.S)
assert any(json.loads(b) == info for b in blocks), "README shows another info.json"
for key in ("gradingMethod", "externalGradingOptions", "image", "entrypoint",
            "timeout", "serverFilesCourse", "environment", "CAIRN_SET",
            "pl-file-upload", "pl-external-grader-results", "tests/"):
    assert key in readme, key + " not in the README"
html = open(sys.argv[1].replace("info.json", "question.html")).read()
for el in ("<pl-file-upload", "<pl-external-grader-results>"):
    assert el in html, el
PY

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
