#!/bin/sh
# report_lms_import - what Canvas's and Moodle's imports make of the files
# `cairn report --format canvas|moodle` writes (issue 39, doc/lms.md): each
# file goes through tests/report/lms_import.py, a model of the importer's
# own rules (Canvas's gradebook_importer.rb, Moodle's load_data.php and
# grade/import/lib.php), which checks that the import is accepted, gives
# each owner with a result its points, and changes no grade, points
# possible or feedback of anyone else.  The class: ada handed hw1 in
# (9 of 9), bilal twice (7, then 9), chen hw1 (6) and hw2 (4 of 6).
# Then each case of the issue, as reported, and the model's own checks
# against the files that were wrong.

set -eu
. "${top_srcdir:-.}/tests/lib.sh"
cairn=$cairn_bin
model=$top_srcdir/tests/report/lms_import.py
d=$top_srcdir/tests/data/report/lms
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 runs the importers' model"; exit 77; }
cd "$tmp"

# result OWNER NAME SET CORRECT OF [DAY] - a result with CORRECT of OF
# one-point puzzles right, received on that day of December 2026
result() {
	python3 - "$@" <<'EOT'
import os, sys
owner, name, pset, right, of = sys.argv[1:6]
day = sys.argv[6] if len(sys.argv) > 6 else "09"
os.makedirs("class/" + owner, exist_ok=True)
p = "".join("  - {id: p%d, line: %d, n: 1, total: 1, alice: 1, bob: 0, diff: 1, verdict: %s}\n"
            % (i, i + 4, "correct" if i < int(right) else "wrong") for i in range(int(of)))
open("class/%s/%s.result.yaml" % (owner, name), "w").write(
    "format: cairn-result/1\nsource: %s.yaml\nowner: %s\nreceived: 2026-12-%sT10:00:00.000Z\n"
    "status: ok\nproblem_set: \"%s\"\npuzzles:\n%s" % (name, owner, day, pset, p) +
    "summary: {puzzles: %s, solved: %s, errors: 0, graded: %s, correct: %s, wrong: %d, "
    "missing: 0, invalid: 0, points: %s, max_points: %s, score: 0.0}\n"
    % (of, of, of, right, int(of) - int(right), right, of))
EOT
}
result ada hw1 hw1 9 9
result bilal hw1 hw1 7 9 08
result bilal hw1b hw1 9 9 09
result chen hw1 hw1 6 9
result chen hw2 hw2 4 6

# nothing_written - a refusal writes no gradebook
nothing_written() {
	checks=$((checks + 1))
	[ ! -s "$tmp/out" ] || fail "a gradebook was written: $(cat "$tmp/out")"
}
# import FORMAT ROSTER FILE EXPECTED [ARG...] - the model finds the import right
import() {
	checks=$((checks + 1))
	python3 "$model" "$@" || fail "the $1 import of $3 is wrong (above)"
}
# refused FORMAT ROSTER FILE EXPECTED [ARG...] - the model finds the
# import wrong, and says why in $tmp/model
refused() {
	checks=$((checks + 1))
	if python3 "$model" "$@" 2>"$tmp/model"; then
		fail "the model accepts $3"
	fi
}

# 1. Moodle cleared grades: bilal has no hw2 result, and Moodle holds 5.00
# for it.  `cairn report --format moodle --roster moodle-export.csv
# --per-submitter best RESULTS` wrote `bilal,9,"...",,`.
cat > moodle-export.csv <<'EOT'
First name,Last name,ID number,Institution,Department,Email address,Username,Assignment: hw1 (Real),Assignment: hw2 (Real),Last downloaded from this course
Ada,Lovelace,s001,,,ada@example.edu,ada,-,-,1796000000
Bilal,Khan,s002,,,bilal@example.edu,bilal,-,5.00,1796000000
Chen,Wu,s003,,,chen@example.edu,chen,-,-,1796000000
Zoe,Park,s013,,,zoe@example.edu,zoe,8.00,6.00,1796000000
EOT
run 0 "$cairn" report --format moodle --roster moodle-export.csv --per-submitter best class
same_text 'Username,Assignment: hw1 (Real),Assignment: hw1 (Feedback),Assignment: hw2 (Real),Assignment: hw2 (Feedback),Last downloaded from this course
ada,9,"9 of 9 points, score 1.0",-,,1796000000
bilal,9,"9 of 9 points, score 1.0",5.00,,1796000000
chen,6,"6 of 9 points, score 0.6667; wrong: p6, p7, p8",4,"4 of 6 points, score 0.6667; wrong: p4, p5",1796000000' "$tmp/out"
same_text 'cairn report: no submission from "ada" to "hw2"
cairn report: no submission from "bilal" to "hw2"
cairn report: no submission from "zoe"' "$tmp/err"
checks=$((checks + 1))
! grep -q '^bilal,9,"[^"]*",,' "$tmp/out" || fail "bilal's hw2 is cleared"
cp "$tmp/out" moodle-import.csv
import moodle moodle-export.csv moodle-import.csv '{"ada": {"hw1": "9"}, "bilal": {"hw1": "9"}, "chen": {"hw1": "6", "hw2": "4"}}'
# The file cairn wrote before: the model sees bilal's 5.00 cleared.
sed 's/^bilal,9,\("[^"]*"\),5.00,,1796000000$/bilal,9,\1,,,1796000000/' moodle-import.csv > before.csv
refused moodle moodle-export.csv before.csv '{"ada": {"hw1": "9"}, "bilal": {"hw1": "9"}, "chen": {"hw1": "6", "hw2": "4"}}'
grep -q 'bilal: Assignment: hw2 changed from 5.0 to None, with no result' "$tmp/model" || fail "the model missed the cleared grade"
# A set the export has no column for: a row without a result for it is
# left out (an empty or "-" cell could clear a grade Moodle holds there).
cut -d, -f1-8,10 moodle-export.csv > hw1-only.csv
run 0 "$cairn" report --format moodle --roster hw1-only.csv --per-submitter best class
same_text 'Username,Assignment: hw1 (Real),Assignment: hw1 (Feedback),hw2,hw2 feedback,Last downloaded from this course
chen,6,"6 of 9 points, score 0.6667; wrong: p6, p7, p8",4,"4 of 6 points, score 0.6667; wrong: p4, p5",1796000000' "$tmp/out"
same_text 'cairn report: no submission from "ada" to "hw2"
cairn report: no submission from "bilal" to "hw2"
cairn report: no submission from "zoe"
cairn report: no row for "ada": no result for "hw2", and the roster has no "hw2 (Real)" to keep that grade (import it again from a newer export)
cairn report: no row for "bilal": no result for "hw2", and the roster has no "hw2 (Real)" to keep that grade (import it again from a newer export)' "$tmp/err"
cp "$tmp/out" hw1-only-import.csv
import moodle hw1-only.csv hw1-only-import.csv '{"chen": {"hw1": "6", "hw2": "4"}}'
# The project's own expected file, through the model.
run 0 "$cairn" report --format moodle --roster "$d/moodle_roster.csv" "$d/results"
cp "$tmp/out" lms-moodle.csv
import moodle "$d/moodle_roster.csv" lms-moodle.csv '{"ada": {"hw1": "0.9"}, "chen": {"hw2": "2.25"}, "eze": {"hw1": "2"}}'

# 6. A set worth more than 100 points: a warning, since Moodle stops the
# import at a grade over 100 unless the site allows unlimited grades.
result ada big big 101 150
run 0 "$cairn" report --format moodle --roster moodle-export.csv class/ada
same_text 'cairn report: no submission from "bilal"
cairn report: no submission from "chen"
cairn report: no submission from "zoe"
cairn report: problem set "big" is worth 150 points: Moodle stops an import at a grade over 100 unless the site allows unlimited grades (unlimitedgrades)' "$tmp/err"
cp "$tmp/out" big.csv
refused moodle moodle-export.csv big.csv '{"ada": {"hw1": "9", "big": "101"}}'
grep -q 'gradevaluetoobig' "$tmp/model" || fail "the model let a grade over 100 through"
rm -r class/ada/big.result.yaml

# 2. Canvas: two rows share a login (a course spanning root accounts).
cat > canvas-export.csv <<'EOT'
Student,ID,SIS User ID,SIS Login ID,Root Account,Section,hw1 (101),hw2 (102)
    Points Possible,,,,,,9,6
"Lovelace, Ada",1,s001,ada,school.example.edu,A,,
"Khan, Bilal",2,s002,bilal,school.example.edu,A,,3
"Khan, Bilal",7,x900,bilal,partner.example.edu,B,4,5
"Wu, Chen",3,s003,chen,school.example.edu,A,,
EOT
run 65 "$cairn" report --format canvas --roster canvas-export.csv class
nothing_written
checks=$((checks + 1))
grep -q '^cairn report: canvas-export.csv: owner "bilal" matches two rows, line 4 and line 5: --root-account HOST says which root account owners are in$' "$tmp/err" ||
	fail "the two rows are not named: $(cat "$tmp/err")"
sed 's/,[a-z]*\.example\.edu,/,/; s/,Root Account,/,/; s/^\(    Points Possible\),,,,,,/\1,,,,,/' canvas-export.csv > noroot.csv
run 65 "$cairn" report --format canvas --roster noroot.csv class
checks=$((checks + 1))
grep -q '^cairn report: noroot.csv: owner "bilal" matches two rows, line 4 and line 5: the roster has no "Root Account" to tell them apart$' "$tmp/err" ||
	fail "the two rows are not named: $(cat "$tmp/err")"
run 0 "$cairn" report --format canvas --roster canvas-export.csv --root-account school.example.edu class
same_text 'Student,ID,SIS User ID,SIS Login ID,Root Account,Section,hw1 (101),hw2 (102)
    Points Possible,,,,,,9,6
"Lovelace, Ada",1,s001,ada,school.example.edu,A,9,
"Khan, Bilal",2,s002,bilal,school.example.edu,A,9,3
"Khan, Bilal",7,x900,bilal,partner.example.edu,B,4,5
"Wu, Chen",3,s003,chen,school.example.edu,A,6,4' "$tmp/out"
cp "$tmp/out" canvas-import.csv
import canvas canvas-export.csv canvas-import.csv '{"ada": {"hw1": "9"}, "bilal": {"hw1": "9"}, "chen": {"hw1": "6", "hw2": "4"}}' --root-account school.example.edu
# Without the fix both rows got bilal's 9: Canvas gives it to student 7.
sed 's/^\("Khan, Bilal",7,.*,B\),4,5$/\1,9,5/' canvas-import.csv > before.csv
refused canvas canvas-export.csv before.csv '{"ada": {"hw1": "9"}, "bilal": {"hw1": "9"}, "chen": {"hw1": "6", "hw2": "4"}}' --root-account school.example.edu
grep -q 'student 7 (None): hw1 changed from .4. to .9., with no result' "$tmp/model" || fail "the model missed student 7"
run 64 "$cairn" report --format canvas --roster noroot.csv --root-account school.example.edu class
same_text "cairn report: noroot.csv: no column \"Root Account\" for --root-account
Try 'cairn report --help'." "$tmp/err"

# 3. Canvas points possible: the column is worth 10, the set 9.
printf 'Student,ID,SIS User ID,SIS Login ID,Section,hw1 (101)\n    Points Possible,,,,,10\n"Lovelace, Ada",1,s001,ada,A,\n"Wu, Chen",3,s003,chen,A,7\n' > ten.csv
run 65 "$cairn" report --format canvas --roster ten.csv class/ada class/chen/hw1.result.yaml
nothing_written
same_text 'cairn report: problem set "hw1" is worth 9 points, the roster'"'"'s "hw1 (101)" 10: --points-from set or roster says which win' "$tmp/err"
# wins set|roster POINTS ADA CHEN - the file with --points-from, and its import
wins() {
	run 0 "$cairn" report --format canvas --points-from "$1" --roster ten.csv class/ada class/chen/hw1.result.yaml
	same_text "Student,ID,SIS User ID,SIS Login ID,Section,hw1 (101)
    Points Possible,,,,,$2
\"Lovelace, Ada\",1,s001,ada,A,$3
\"Wu, Chen\",3,s003,chen,A,$4" "$tmp/out"
	cp "$tmp/out" "$1-wins.csv"
	import canvas ten.csv "$1-wins.csv" "{\"ada\": {\"hw1\": \"$3\"}, \"chen\": {\"hw1\": \"$4\"}}" --points-from "$1"
}
wins roster 10 10 6.6667
wins set 9 9 6
# What cairn wrote before, through the model: the assignment rescaled.
refused canvas ten.csv set-wins.csv '{"ada": {"hw1": "9"}, "chen": {"hw1": "6"}}'
grep -q 'points possible of assignment 101 changed to 9' "$tmp/model" || fail "the model missed the rescaling"

# 6. A set named like Canvas's "Title (id)" is refused, unless it is the
# roster's column; the model shows what Canvas would do with it.
result ada quiz "Quiz (1003)" 1 1
run 65 "$cairn" report --format canvas --roster ten.csv --points-from set class/ada
same_text 'cairn report: no submission from "chen"
cairn report: problem set "Quiz (1003)": Canvas reads the name as "Title (id)" and would grade assignment id 1003: rename the set, or export the roster with that assignment' "$tmp/err"
printf 'Student,ID,SIS User ID,SIS Login ID,Section,hw1 (101),Quiz (1003)\n    Points Possible,,,,,9,1\n"Lovelace, Ada",1,s001,ada,A,,0\n' > quiz.csv
run 0 "$cairn" report --format canvas --roster quiz.csv class/ada
same_text 'Student,ID,SIS User ID,SIS Login ID,Section,Quiz (1003),hw1 (101)
    Points Possible,,,,,1,9
"Lovelace, Ada",1,s001,ada,A,1,9' "$tmp/out"
cp "$tmp/out" quiz-import.csv
import canvas quiz.csv quiz-import.csv '{"ada": {"hw1": "9", "Quiz": "1"}}'
printf 'Student,ID,SIS User ID,SIS Login ID,Section,hw1 (101),Quiz (1003)\n    Points Possible,,,,,9,1\n"Lovelace, Ada",1,s001,ada,A,,7\n' > other.csv
printf 'Student,ID,SIS User ID,SIS Login ID,Section,hw1 (101),Quiz (1003)\n    Points Possible,,,,,9,1\n"Lovelace, Ada",1,s001,ada,A,9,1\n' > quiz-before.csv
refused canvas other.csv quiz-before.csv '{"ada": {"hw1": "9"}}'
grep -q 'Quiz changed from .7. to .1., with no result' "$tmp/model" || fail "the model missed assignment 1003"
rm class/ada/quiz.result.yaml
# Canvas drops a column whose header holds the name of one of its totals.
result ada final "Final Score 2" 1 1
run 0 "$cairn" report --format canvas --roster quiz.csv class/ada
same_text 'cairn report: problem set "Final Score 2": Canvas ignores a column named like its totals: rename the set' "$tmp/err"
rm class/ada/final.result.yaml

# 6. --match "SIS User ID" on a roster without SIS Login ID: a header
# Canvas accepts (SIS User ID alone is InvalidHeaderRow: the column
# before the assignments would not be Section).
printf 'Student,ID,SIS User ID,Section,hw1 (101)\n    Points Possible,,,,9\n"Lovelace, Ada",1,ada,A,\n"Wu, Chen",3,chen,A,\n' > userid.csv
run 0 "$cairn" report --format canvas --match "SIS User ID" --roster userid.csv class/ada class/chen
same_text 'Student,ID,Section,hw1 (101),hw2
    Points Possible,,,9,6
"Lovelace, Ada",1,A,9,
"Wu, Chen",3,A,6,4' "$tmp/out"
cp "$tmp/out" userid-import.csv
import canvas userid.csv userid-import.csv '{"ada": {"hw1": "9"}, "chen": {"hw1": "6", "hw2": "4"}}' --match "SIS User ID"
printf 'Student,ID,SIS User ID,Section,hw1 (101)\n"Lovelace, Ada",1,ada,A,9\n' > userid-before.csv
refused canvas userid.csv userid-before.csv '{"ada": {"hw1": "9"}}'
grep -q 'InvalidHeaderRow' "$tmp/model" || fail "the model accepts SIS User ID alone"

# The project's own Canvas file, through the model.
run 0 "$cairn" report --format canvas --roster "$d/canvas_roster.csv" "$d/results"
cp "$tmp/out" lms-canvas.csv
import canvas "$d/canvas_roster.csv" lms-canvas.csv '{"ada": {"hw1": "0.9"}, "chen": {"hw2": "2.25"}, "dana": {"hw1": "2"}, "eze": {"hw1": "2"}}'

# Usage: --points-from and --root-account are Canvas's.
run 64 "$cairn" report --format moodle --points-from set --roster moodle-export.csv class
same_text "cairn report: --points-from and --root-account are for --format canvas
Try 'cairn report --help'." "$tmp/err"
run 64 "$cairn" report --format canvas --points-from both --roster ten.csv class
same_text "cairn report: --points-from \"both\": expected set or roster
Try 'cairn report --help'." "$tmp/err"

finish
