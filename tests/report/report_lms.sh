#!/bin/sh
# report_lms - `cairn report --format canvas|moodle --roster FILE` (issue
# 25, doc/lms.md): the gradebook as Canvas and Moodle import it.  The results
# in tests/data/report/lms are a class: ada handed hw1 in twice (on time
# 1 of 2, then late 0.9 of 2) and hw2 past the submission limit; chen's
# hw1 came after the close and hw2 was late (2.25 of 4, a puzzle
# missing); eze has hw1 right and a hw2 that is a file error; frank is not
# in the roster; dana handed nothing in.  A student with no result for a
# set keeps the roster's cell for it (Moodle holds ada's hw2 3.00 and
# eze's 1.00).  Both files are compared whole, then read back with
# Python's csv module; then the bad rosters.  report_lms_import.sh runs
# them through a model of each importer.

set -eu
. "${top_srcdir:-.}/tests/lib.sh"
cairn=$cairn_bin
d=$top_srcdir/tests/data/report/lms
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 is needed to read the CSV back"; exit 77; }

# The roster rows with no result, and the owners the roster lacks.
warnings='cairn report: owner "frank" is not in the roster
cairn report: no submission from "ada" to "hw2"
cairn report: no submission from "chen" to "hw1"
cairn report: no submission from "dana"
cairn report: no submission from "eze" to "hw2"'

cp "$d/canvas_roster.csv" "$d/moodle_roster.csv" "$tmp/"
cd "$tmp"
run 0 "$cairn" report --format canvas --roster canvas_roster.csv "$d/results"
same_file "$d/canvas.csv" "$tmp/out"
same_text "$warnings
cairn report: canvas_roster.csv: line 7: empty \"SIS Login ID\": no owner matches it" "$tmp/err"
cp "$tmp/out" canvas.csv

run 0 "$cairn" report --format moodle --roster moodle_roster.csv "$d/results"
same_file "$d/moodle.csv" "$tmp/out"
same_text "$warnings" "$tmp/err"
cp "$tmp/out" moodle.csv

# What a CSV reader makes of them: the columns, the cells, the feedback.
checks=$((checks + 1))
python3 - canvas.csv moodle.csv <<'EOT' || fail "the CSV read back differs"
import csv, sys

def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.reader(f, strict=True))

c = rows(sys.argv[1])
assert c[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section",
                "hw1 (1001)", "hw2"], c[0]
assert c[1][0].strip() == "Points Possible" and c[1][5:] == ["2", "4"], c[1]
by = {r[3]: r for r in c[2:]}
assert by["ada"][0] == "Lovelace, Ada" and by["ada"][5:] == ["0.9", ""], by["ada"]
assert by["chen"][5:] == ["", "2.25"], by["chen"]           # refused hw1: the roster's cell
assert by["dana"][0] == 'Kim "Dee", Dana' and by["dana"][5:] == ["2", ""], by["dana"]
assert by["eze"][5:] == ["2", ""], by["eze"]                # hw2 a file error
assert by[""][0] == "Student, Test" and "frank" not in by
assert all(len(r) == 7 for r in c)

m = rows(sys.argv[2])
assert m[0] == ["Username", "Assignment: hw1 (Real)", "Assignment: hw1 (Feedback)",
                "Assignment: hw2 (Real)", "Assignment: hw2 (Feedback)",
                "Last downloaded from this course"], m[0]
mb = {r[0]: r for r in m[1:]}
assert sorted(mb) == ["ada", "chen", "eze"], sorted(mb)     # dana: no row
assert mb["ada"][1:] == ["0.9", "0.9 of 2 points, score 0.45; late by 10h 1m, penalty 0.1; wrong: b", "3.00", "", "1765900000"], mb["ada"]
assert mb["chen"][1:] == ["-", "", "2.25", "2.25 of 4 points, score 0.5625; late by 1d 14h, penalty 0.25; missing: c", "1765900000"], mb["chen"]
assert mb["eze"][1:3] == ["2", "2 of 2 points, score 1.0"] and mb["eze"][3:] == ["1.00", "", "1765900000"], mb["eze"]
EOT

# --per-submitter best: ada's on-time hw1 (1 of 2) beats the late one.
run 0 "$cairn" report --format canvas --per-submitter best --roster canvas_roster.csv "$d/results"
sed 's/^"Lovelace, Ada",11,S1,ada,Sec A,0.9,$/"Lovelace, Ada",11,S1,ada,Sec A,1,/' canvas.csv > want
same_file want "$tmp/out"
run 0 "$cairn" report --format moodle --per-submitter best --roster moodle_roster.csv "$d/results"
sed 's/^ada,0.9,.*/ada,1,"1 of 2 points, score 0.5; wrong: b",3.00,,1765900000/' moodle.csv > want
same_file want "$tmp/out"

# A roster saved with a BOM and CRLF line ends reads the same.
printf '\357\273\277' > crlf.csv
sed 's/$/\r/' canvas_roster.csv >> crlf.csv
run 0 "$cairn" report --format canvas --roster crlf.csv "$d/results"
same_file canvas.csv "$tmp/out"

# --match: another column.  SIS User ID holds the logins here, SIS
# Login ID the addresses.
sed -e 's/,S1,ada,/,ada,ada@example.edu,/' -e 's/,S2,chen,/,chen,chen@example.edu,/' \
    -e 's/,S3,dana,/,dana,dana@example.edu,/' -e 's/,S4,eze,/,eze,eze@example.edu,/' \
    canvas_roster.csv > by_user_id.csv
run 0 "$cairn" report --format canvas --match "SIS User ID" --roster by_user_id.csv "$d/results"
same_text 'Student,ID,SIS User ID,SIS Login ID,Section,hw1 (1001),hw2
    Points Possible,,,,,2,4
"Lovelace, Ada",11,ada,ada@example.edu,Sec A,0.9,
"Chen, Wei",12,chen,chen@example.edu,Sec A,,2.25
"Kim ""Dee"", Dana",13,dana,dana@example.edu,Sec B,2,
"Okafor, Eze",14,eze,eze@example.edu,Sec B,2,
"Student, Test",15,,,Sec A,,' "$tmp/out"
same_text "$warnings
cairn report: by_user_id.csv: line 7: empty \"SIS User ID\": no owner matches it" "$tmp/err"
# Matching is exact: the owner "ada" is not the ID number 1001.
run 0 "$cairn" report --format moodle --match "ID number" --roster moodle_roster.csv "$d/results"
same_text 'ID number,Assignment: hw1 (Real),Assignment: hw1 (Feedback),Assignment: hw2 (Real),Assignment: hw2 (Feedback),Last downloaded from this course' "$tmp/out"
same_text 'cairn report: owner "ada" is not in the roster
cairn report: owner "chen" is not in the roster
cairn report: owner "eze" is not in the roster
cairn report: owner "frank" is not in the roster
cairn report: no submission from "1001"
cairn report: no submission from "1002"
cairn report: no submission from "1003"
cairn report: no submission from "1004"' "$tmp/err"

# What cairn writes is formula-protected (a set named "@sum"); what it
# copies from the roster is not (the LMS must get its own values back),
# and feedback longer than 500 bytes is cut.
mkdir -p more/ada
python3 - more/ada/x.result.yaml <<'EOT'
import sys
n = 150
p = "".join("  - {id: p%03d, line: %d, n: 1, total: 1, alice: 1, bob: 0, diff: 1, verdict: wrong}\n" % (i, i + 4) for i in range(n))
open(sys.argv[1], "w").write(
    "format: cairn-result/1\nsource: x.yaml\nowner: ada\nreceived: 2026-12-09T10:00:00.000Z\n"
    "status: ok\nproblem_set: \"@sum\"\npuzzles:\n" + p +
    "summary: {puzzles: %d, solved: %d, errors: 0, graded: %d, correct: 0, wrong: %d, missing: 0, invalid: 0, points: 0, max_points: %d, score: 0.0}\n" % (n, n, n, n, n))
EOT
printf 'Username,Email address\n=ada(),x\nada,y\n' > formula.csv
run 0 "$cairn" report --format moodle --roster formula.csv more
fb="0 of 150 points, score 0.0; wrong: $(python3 -c 'print(", ".join("p%03d" % i for i in range(150)))')"
fb="$(printf '%s' "$fb" | cut -c1-497)..."
same_text "Username,'@sum,'@sum feedback
ada,0,\"$fb\"" "$tmp/out"
same_text 'cairn report: no submission from "=ada()"
cairn report: problem set "@sum" is worth 150 points: Moodle stops an import at a grade over 100 unless the site allows unlimited grades (unlimitedgrades)' "$tmp/err"
printf 'Student,ID,SIS Login ID,Section\n"=HYPERLINK(""x"")",1,ada,A\n' > formula.csv
run 0 "$cairn" report --format canvas --roster formula.csv more
same_text "Student,ID,SIS Login ID,Section,'@sum
\"=HYPERLINK(\"\"x\"\")\",1,ada,A,0" "$tmp/out"

# Results that disagree on a set's points: the greater, and a warning.
mkdir -p two/ada two/eze
cp "$d/results/ada/hw1.result.yaml" two/ada/
sed 's/points: 2, max_points: 2, score: 1.0/points: 2, max_points: 3, score: 0.6667/' \
    "$d/results/eze/hw1.result.yaml" > two/eze/hw1.result.yaml
printf 'Username\nada\neze\n' > two.csv
run 0 "$cairn" report --format moodle --roster two.csv two
same_text 'Username,hw1,hw1 feedback
ada,1,"1 of 2 points, score 0.5; wrong: b"
eze,2,"2 of 3 points, score 0.6667"' "$tmp/out"
same_text 'cairn report: problem set "hw1": its results differ in max_points (the set changed? cairn regrade grades them again): points possible 3' "$tmp/err"

# A result with no owner (as `cairn solve` writes) or no problem set has
# no place in the gradebook, and says so.
mkdir -p odd/ada
sed -e '/^owner:/d' -e '/^uid:/d' -e '/^received:/d' "$d/results/ada/hw1.result.yaml" > odd/solo.result.yaml
sed -e 's/source: hw1.yaml/source: np.yaml/' -e '/^problem_set:/d' "$d/results/ada/hw1.result.yaml" > odd/ada/np.result.yaml
run 0 "$cairn" report --format moodle --roster two.csv odd
same_text 'Username' "$tmp/out"
same_text 'cairn report: result "hw1.yaml" has no owner (not from a spool): left out
cairn report: result "ada/np.yaml" names no problem set: left out
cairn report: no submission from "ada"
cairn report: no submission from "eze"' "$tmp/err"

# Bad rosters: nothing is written, the error names file, line and field.
bad() {
	status=$1 roster=$2 message=$3
	shift 3
	run "$status" "$cairn" report --roster "$roster" "$@" "$d/results"
	same_text "$message" "$tmp/err"
	checks=$((checks + 1))
	[ ! -s "$tmp/out" ] || fail "output for the bad roster $roster"
}
hint="Try 'cairn report --help'."
cut -d, -f1-3,5- canvas_roster.csv > nologin.csv
bad 64 nologin.csv "cairn report: nologin.csv: no column \"SIS Login ID\" to match owners with (--match COLUMN chooses another)
$hint" --format canvas
bad 64 moodle_roster.csv "cairn report: moodle_roster.csv: no column \"Login\" to match owners with (--match COLUMN chooses another)
$hint" --format moodle --match Login
printf 'Student,ID,SIS Login ID\nAda,11,ada\n' > nosection.csv
bad 64 nosection.csv "cairn report: nosection.csv: no column \"Section\": Canvas's import needs Student, ID and Section
$hint" --format canvas
printf 'Username,x\nada,1\n"chen,2\n' > unclosed.csv
bad 65 unclosed.csv 'cairn report: unclosed.csv: line 3, field 1: unterminated quoted field' --format moodle
printf 'Username,x\nada,1\nchen,2,3\n' > wide.csv
bad 65 wide.csv "cairn report: wide.csv: line 3, field 3: more fields than the header's 2" --format moodle
printf 'Username,x\nada,1"\n' > stray.csv
bad 65 stray.csv "cairn report: stray.csv: line 2, field 2: stray '\"' in an unquoted field" --format moodle
printf 'Username\n\342\202\n' > utf8.csv
bad 65 utf8.csv 'cairn report: utf8.csv: line 2, field 1: invalid UTF-8' --format moodle
: > empty.csv
bad 65 empty.csv 'cairn report: empty.csv: no header (the first record names the columns)' --format canvas
bad 65 none.csv 'cairn report: none.csv: No such file or directory' --format canvas

# Usage: a roster is needed by canvas and moodle, and only by them.
run 64 "$cairn" report --format moodle "$d/results"
same_text "cairn report: --format moodle needs --roster FILE
$hint" "$tmp/err"
run 64 "$cairn" report --roster canvas_roster.csv "$d/results"
same_text "cairn report: --roster and --match are for --format canvas or moodle
$hint" "$tmp/err"
run 64 "$cairn" report --format blackboard "$d/results"
same_text "cairn report: unknown format \"blackboard\" (csv, junit, html, canvas or moodle)
$hint" "$tmp/err"

finish
