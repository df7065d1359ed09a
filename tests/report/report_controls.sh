#!/bin/sh
# report_controls - issue 37, item 5: control characters and bidi
# controls never reach an instructor's terminal, and a student's markup
# never reaches an LMS page.  cairnd --once takes four submissions of one
# owner: a file named f<ESC>[31mred.yaml, one named rlo<U+202E>.yaml whose
# submitter and an answered puzzle id hold U+202E, one answering a puzzle
# id "<svg onload=alert(2)>", and a JSON one with ESC and U+202E in its
# submitter.  Its log, `cairn report` as CSV, Canvas and Moodle (with a
# roster), JUnit and HTML are compared byte for byte: the CSVs and the log
# show "\x1b" and "\u202e" (cairn_utf8_visible(), doc/formats.md), the
# Moodle feedback cell "&lt;svg onload=alert(2)&gt;" (doc/lms.md), the
# XML U+FFFD.  The YAML and JSON results read back (Python's readers) as
# the very names and texts that were sent.  Then a failure named with
# U+202E in `cairn status`, and `cairn regrade`'s lines.

set -eu
. "${top_srcdir:-.}/tests/lib.sh"
cairn=$cairn_bin
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 is needed to read the results back"; exit 77; }

esc=$(printf '\033')
rlo=$(printf '\342\200\256')
fffd=$(printf '\357\277\275')
owner=$(id -un)
s=$tmp/spool
mkdir -p "$s/incoming" "$s/problems"
for set in hw1 hw2 hw3 hw4; do
	printf 'puzzles:\n  - {id: a, piles: [5, 3, 4, 5]}\n  - {id: b, piles: [1, 2, 3]}\n' \
		> "$s/problems/$set.yaml"
done
printf 'problem_set: hw1\nsubmitter: Ada\nanswers:\n  a: {diff: 1}\n' \
	> "$s/incoming/f${esc}[31mred.yaml"
printf 'problem_set: hw2\nsubmitter: "Ada \\u202Eevil"\nanswers:\n  a: {diff: 1}\n  "b\\u202Eq": {diff: 2}\n' \
	> "$s/incoming/rlo$rlo.yaml"
printf 'problem_set: hw3\nsubmitter: Ada\nanswers:\n  "<svg onload=alert(2)>": {diff: 1}\n' \
	> "$s/incoming/svg.yaml"
printf '{"problem_set": "hw4", "submitter": "\\u001b[1m\\u202e", "answers": {"a": {"diff": 1}}}\n' \
	> "$s/incoming/j.json"
printf 'spool: %s\nplugin_dir: %s\ninstance: t\nworkers: 1\n' "$s" "$plugins" > "$tmp/d.yaml"
run 0 "$top_builddir/src/daemon/cairnd" -c "$tmp/d.yaml" --once

# The log: each name quoted with its controls visible.
checks=$((checks + 1))
grep -o 'msg=processed file=[^ ]*\|input=[^ ]*' "$tmp/err" | LC_ALL=C sort > "$tmp/log"
same_text "input=\"done/$owner/f\\x1b[31mred.yaml\"
input=\"done/$owner/rlo\\u202e.yaml\"
input=done/$owner/j.json
input=done/$owner/svg.yaml
msg=processed file=\"f\\x1b[31mred.yaml\"
msg=processed file=\"rlo\\u202e.yaml\"
msg=processed file=j.json
msg=processed file=svg.yaml" "$tmp/log"

# The YAML and JSON results hold the names and texts as they were.
r=$s/results/$owner
checks=$((checks + 1))
python3 - "$r" <<'EOT' || fail "a result does not read back as what was sent"
import json, os, sys
d = sys.argv[1]
want = {"f\x1b[31mred.result.yaml", "rlo\u202e.result.yaml",
        "svg.result.yaml", "j.result.json"}
assert set(os.listdir(d)) == want, os.listdir(d)
j = json.load(open(os.path.join(d, "j.result.json"), encoding="utf-8"))
assert j["source"] == "j.json" and j["submitter"] == "\x1b[1m\u202e", j
try:
    import yaml
except ImportError:
    sys.exit(0)
y = yaml.safe_load(open(os.path.join(d, "f\x1b[31mred.result.yaml"), encoding="utf-8"))
assert y["source"] == "f\x1b[31mred.yaml", y
y = yaml.safe_load(open(os.path.join(d, "rlo\u202e.result.yaml"), encoding="utf-8"))
assert y["source"] == "rlo\u202e.yaml" and y["submitter"] == "Ada \u202eevil", y
assert [p["id"] for p in y["puzzles"]] == ["a", "b", "b\u202eq"], y
EOT
# ... and the report's reader reads them back so (ESC is U+FFFD in XML,
# where a name that merely spelled "\x1b" would keep its backslash).
run 0 "$cairn" report --format junit "$r"
checks=$((checks + 1))
grep -o '<testsuite name="[^"]*"\|<property name="submitter" value="[^"]*"' "$tmp/out" > "$tmp/names"
same_text "<testsuite name=\"$owner/f$fffd[31mred.yaml\"
<property name=\"submitter\" value=\"Ada\"
<testsuite name=\"$owner/j.json\"
<property name=\"submitter\" value=\"$fffd[1m$fffd\"
<testsuite name=\"$owner/rlo$fffd.yaml\"
<property name=\"submitter\" value=\"Ada ${fffd}evil\"
<testsuite name=\"$owner/svg.yaml\"
<property name=\"submitter\" value=\"Ada\"" "$tmp/names"

# The class CSV, the arrival times aside.
run 0 "$cairn" report "$r"
sed -E 's/,[0-9T:.-]+Z,,,$/,RECEIVED,,,/' "$tmp/out" > "$tmp/csv"
same_text "source,owner,submitter,problem_set,graded,correct,wrong,missing,invalid,points,max_points,score,received,late,penalty,refused
f\\x1b[31mred.yaml,$owner,Ada,hw1,2,1,0,1,0,1,2,0.5,RECEIVED,,,
j.json,$owner,\\x1b[1m\\u202e,hw4,2,1,0,1,0,1,2,0.5,RECEIVED,,,
rlo\\u202e.yaml,$owner,Ada \\u202eevil,hw2,2,1,0,1,1,1,2,0.5,RECEIVED,,,
svg.yaml,$owner,Ada,hw3,2,0,0,2,1,0,2,0.0,RECEIVED,,," "$tmp/csv"

# Moodle: the ids in the feedback cells visible, and the markup entities.
printf 'Username,First name\n%s,Ada\n' "$owner" > "$tmp/moodle_roster.csv"
run 0 "$cairn" report --format moodle --roster "$tmp/moodle_roster.csv" "$r"
same_text "Username,hw1,hw1 feedback,hw2,hw2 feedback,hw3,hw3 feedback,hw4,hw4 feedback
$owner,1,\"1 of 2 points, score 0.5; missing: b\",1,\"1 of 2 points, score 0.5; missing: b; invalid: b\\u202eq\",0,\"0 of 2 points, score 0.0; missing: a, b; invalid: &lt;svg onload=alert(2)&gt;\",1,\"1 of 2 points, score 0.5; missing: b\"" "$tmp/out"
same_file /dev/null "$tmp/err"

# Canvas: the same results; its cells are the roster's and the points.
printf 'Student,ID,SIS User ID,SIS Login ID,Section,hw1,hw2,hw3,hw4\n"Lovelace, Ada",11,S1,%s,Sec A,,,,\n' \
	"$owner" > "$tmp/canvas_roster.csv"
run 0 "$cairn" report --format canvas --roster "$tmp/canvas_roster.csv" "$r"
same_text "Student,ID,SIS User ID,SIS Login ID,Section,hw1,hw2,hw3,hw4
\"Lovelace, Ada\",11,S1,$owner,Sec A,1,1,0,1" "$tmp/out"

# A warning names an owner the roster lacks: visible there too.
mkdir -p "$tmp/r2/o${esc}[2J"
cp "$r/svg.result.yaml" "$tmp/r2/o${esc}[2J/"
sed -i "s/^owner: .*/owner: \"o\\\\e[2J\"/" "$tmp/r2/o${esc}[2J/svg.result.yaml"
run 0 "$cairn" report --format moodle --roster "$tmp/moodle_roster.csv" "$tmp/r2"
same_text 'cairn report: owner "o\x1b[2J" is not in the roster
cairn report: no submission from "'"$owner"'"' "$tmp/err"

# The HTML page: the id as text, the controls U+FFFD.
run 0 "$cairn" report --format html "$r"
checks=$((checks + 1))
grep -qF '&lt;svg onload=alert(2)&gt;' "$tmp/out" || fail "html: no escaped id"
checks=$((checks + 1))
! grep -qF -e '<svg onload' -e "$esc" -e "$rlo" "$tmp/out" || fail "html: a raw id or control"

# cairn status: a failure named with U+202E, one line with it visible.
printf 'piles: [1,\n' > "$s/incoming/bad${rlo}lmth.yaml"
run 65 "$top_builddir/src/daemon/cairnd" -c "$tmp/d.yaml" --once
checks=$((checks + 1))
grep -q "msg=processed file=\"bad\\\\u202elmth.yaml\" .* input=\"failed/$owner/bad\\\\u202elmth.yaml\"" "$tmp/err" ||
	fail "log: $(cat "$tmp/err")"
run 0 "$cairn" status -c "$tmp/d.yaml" --failures 1
checks=$((checks + 1))
# (The columns' widths follow the owner's name: blanks squeezed.)
grep -A 2 '^Failures' "$tmp/out" | tr -s ' ' | sed -E 's/^ [0-9]+[smhd]( [0-9]+[mh])? / AGE /' > "$tmp/failures"
same_text "Failures (newest first, 1 of 1):
 AGE OWNER FILE ERROR
 AGE $owner bad\\u202elmth.yaml line 2, column 1: did not find expected node content (while parsing a flow node at line 2, column 1)" "$tmp/failures"

# cairn regrade: the changed grades' lines name the inputs visibly.
for set in hw1 hw2; do
	printf 'puzzles:\n  - {id: a, piles: [5, 3, 4, 5]}\n' > "$s/problems/$set.yaml"
done
run 0 "$cairn" regrade -c "$tmp/d.yaml"
sed -E 's/ [0-9T:.-]+Z: / TIME: /' "$tmp/out" > "$tmp/regrade"
same_text "$owner \"f\\x1b[31mred.yaml\" TIME: 0.5 -> 1.0
$owner \"rlo\\u202e.yaml\" TIME: 0.5 -> 1.0
inputs=5 changed=2 replaced=2 unchanged=3 skipped=0 failed=0" "$tmp/regrade"

finish
