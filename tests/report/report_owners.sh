#!/bin/sh
# report_owners - `cairn report` on a spool's results/ laid out by owner
# (issue 23): results/OWNER/NAME.result.EXT and the earlier results kept
# in results/OWNER/history/NAME.result.K.EXT are all rows; two owners'
# hw1.yaml are two rows; --per-submitter latest goes by `received`, not
# by a modification time anyone can set.  The results are `cairn solve`'s
# with the owner, uid and received lines the daemon writes after source.

set -eu
. "${top_srcdir:-.}/tests/lib.sh"
cairn=$cairn_bin

# own FILE OWNER UID RECEIVED - give a YAML result its origin
own() {
	sed "s/^source: .*/&\\nowner: $2\\nuid: $3\\nreceived: $4/" "$1" > "$1.tmp"
	mv "$1.tmp" "$1"
}

mkdir "$tmp/problems" "$tmp/ada" "$tmp/chen"
cat > "$tmp/problems/hw.yaml" <<'EOT'
puzzles:
  - {id: a, piles: [5, 3, 4, 5]}
  - {id: b, piles: [1, 2, 3]}
EOT
# Both name their file hw1.yaml and their submitter Ada.
printf 'problem_set: hw\nsubmitter: Ada\nanswers:\n  a: {diff: 1}\n  b: {diff: 2}\n' \
	> "$tmp/ada/hw1.yaml"
printf 'problem_set: hw\nsubmitter: Ada\nanswers:\n  a: {diff: 1}\n' \
	> "$tmp/chen/hw1.yaml"
printf 'problem_set: hw\nsubmitter: Ada\nanswers:\n  a: {diff: 7}\n' \
	> "$tmp/ada/old.yaml"
r=$tmp/spool/results
results "$r/ada" "$tmp/problems" "$tmp/ada/hw1.yaml"
results "$r/chen" "$tmp/problems" "$tmp/chen/hw1.yaml"
results "$r/ada/history" "$tmp/problems" "$tmp/ada/old.yaml"
mv "$r/ada/history/old.result.yaml" "$r/ada/history/hw1.result.1.yaml"
sed -i 's/^source: old.yaml/source: hw1.yaml/' "$r/ada/history/hw1.result.1.yaml"
own "$r/ada/hw1.result.yaml" ada 1001 2026-12-09T21:14:03.512Z
own "$r/ada/history/hw1.result.1.yaml" ada 1001 2026-12-09T20:00:00.000Z
own "$r/chen/hw1.result.yaml" chen 1002 2026-12-09T21:15:00.000Z
# The earlier arrival's file is the newer one by mtime.
touch -d 2100-01-01 "$r/ada/history/hw1.result.1.yaml"
# Not results: a hidden directory, and a history name outside history/.
mkdir "$r/.tmp"
cp "$r/chen/hw1.result.yaml" "$r/.tmp/x.result.yaml"
cp "$r/chen/hw1.result.yaml" "$r/chen/hw1.result.2.yaml"

header=source,owner,submitter,problem_set,graded,correct,wrong,missing,invalid,points,max_points,score,received,late,penalty,refused
run 0 "$cairn" report "$r"
same_text "$header
hw1.yaml,ada,Ada,hw,2,2,0,0,0,2,2,1.0,2026-12-09T21:14:03.512Z,,,
hw1.yaml,ada,Ada,hw,2,0,1,1,0,0,2,0.0,2026-12-09T20:00:00.000Z,,,
hw1.yaml,chen,Ada,hw,2,1,0,1,0,1,2,0.5,2026-12-09T21:15:00.000Z,,," "$tmp/out"

# One owner's directory, given alone, has its history too.
run 0 "$cairn" report "$r/ada"
same_text "$header
hw1.yaml,ada,Ada,hw,2,2,0,0,0,2,2,1.0,2026-12-09T21:14:03.512Z,,,
hw1.yaml,ada,Ada,hw,2,0,1,1,0,0,2,0.0,2026-12-09T20:00:00.000Z,,," "$tmp/out"

# Keyed on the owner, not on the submitter both give: one row each, the
# latest arrival's, whatever the mtimes say.
run 0 "$cairn" report --per-submitter latest "$r"
same_text "$header
hw1.yaml,ada,Ada,hw,2,2,0,0,0,2,2,1.0,2026-12-09T21:14:03.512Z,,,
hw1.yaml,chen,Ada,hw,2,1,0,1,0,1,2,0.5,2026-12-09T21:15:00.000Z,,," "$tmp/out"

# A late result says by how much.
sed -i 's/^status: ok/&\nlate: {by: "1h 15m", penalty: 0.1}/' "$r/chen/hw1.result.yaml"
run 0 "$cairn" report "$r/chen/hw1.result.yaml"
same_text "$header
hw1.yaml,chen,Ada,hw,2,1,0,1,0,1,2,0.5,2026-12-09T21:15:00.000Z,1h 15m,0.1," "$tmp/out"

# JUnit and HTML name the owner.
run 0 "$cairn" report --format junit --per-submitter latest "$r"
grep -c '<testsuite name="ada/hw1.yaml"' "$tmp/out" > "$tmp/n" || true
same_text 1 "$tmp/n"
grep -q '<property name="owner" value="chen"/>' "$tmp/out" || fail "JUnit: no owner chen"
run 0 "$cairn" report --format html "$r"
grep -q '<td><a href="#s3">hw1.yaml</a><span class="mark late">late</span></td><td>chen</td><td>Ada</td>' "$tmp/out" ||
	fail "HTML: no owner in the roster"
grep -q '3 submissions to <q>hw</q> from 2 owners' "$tmp/out" || fail "HTML: no owner count"

# An owner's directory that cannot be listed is named; the rest is reported.
if [ "$(id -u)" != 0 ]; then
	mkdir "$r/dana"
	chmod 000 "$r/dana"
	run 65 "$cairn" report --per-submitter latest "$r"
	chmod 755 "$r/dana"
	same_text "cairn report: $r/dana: Permission denied" "$tmp/err"
	[ "$(wc -l < "$tmp/out")" -eq 3 ] || fail "unreadable owner: $(cat "$tmp/out")"
fi

finish
