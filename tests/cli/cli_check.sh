#!/bin/sh
# cli_check - `cairn check` on one problem set per warning and one with
# errors (tests/data/check), its output compared byte for byte with
# tests/data/check/check.out, and its exit status: 0 with warnings only,
# 1 with any error, 64 on a usage error.  The errors must be the ones the
# daemon's loader gives: the first is compared with `cairn grade`'s.

set -eu
. "${top_srcdir:-.}/tests/lib.sh"
cairn="$cairn_bin"
data="$top_srcdir/tests/data/check"
cd "$data"

# Every case at once, in a fixed order: 1, for bad.yaml.
run 1 "$cairn" check -c "$tmp/empty.yaml" nochoice.yaml duplicate.yaml \
	case.yaml explain.yaml points.yaml bad.yaml policy.yaml
same_file "$data/check.out" "$tmp/out"
same_file /dev/null "$tmp/err"

# Warnings alone do not fail; each set's lines are the same on its own.
for set in nochoice duplicate case explain points policy; do
	run 0 "$cairn" check -c "$tmp/empty.yaml" "$set.yaml"
	grep "^$set.yaml: " "$data/check.out" > "$tmp/want"
	same_file "$tmp/want" "$tmp/out"
done
run 1 "$cairn" check -c "$tmp/empty.yaml" bad.yaml
run 1 "$cairn" check -c "$tmp/empty.yaml" points.yaml missing.yaml
same_text "points.yaml: 3 puzzles, 6 points
missing.yaml: error: No such file or directory" "$tmp/out"

# The daemon refuses bad.yaml with the first of check's errors.
printf 'problem_set: bad\nanswers:\n  p1: {diff: 1}\n' > "$tmp/sub.yaml"
run 2 "$cairn" grade -c "$tmp/empty.yaml" --plugin-dir "$plugins" \
	--problems "$data" "$tmp/sub.yaml"
first=$(grep -m 1 '^bad.yaml: error: ' "$data/check.out" |
	sed 's/^bad.yaml: error: //')
same_text "$tmp/sub.yaml: error: problem set \"bad\": check/bad.yaml: $first" \
	"$tmp/out"

# A name the daemon would never look up is an error too.
cp points.yaml "$tmp/points.yml"
run 1 "$cairn" check -c "$tmp/empty.yaml" "$tmp/points.yml"
same_text "$tmp/points.yml: error: not a problem set's file name: a set is problems/NAME.yaml, NAME of letters, digits, '.', '_' and '-', not starting with '.'
$tmp/points.yml: 3 puzzles, 6 points, 1 error" "$tmp/out"

# A set's name and ids holding ESC and U+202E reach the terminal visible
# (issue 37).
printf 'puzzles:\n  - {id: "a\\e[2J", piles: [1]}\n  - {id: "b\\u202E", piles: [2]}\n' \
	> "$tmp/set$(printf '\033')[1m.yaml"
run 1 "$cairn" check -c "$tmp/empty.yaml" "$tmp/set$(printf '\033')[1m.yaml"
same_text "$tmp/set\\x1b[1m.yaml: error: not a problem set's file name: a set is problems/NAME.yaml, NAME of letters, digits, '.', '_' and '-', not starting with '.'
$tmp/set\\x1b[1m.yaml: line 2: warning: puzzle \"a\\x1b[2J\": every line is optimal (all piles are equal): no move can be wrong
$tmp/set\\x1b[1m.yaml: line 3: warning: puzzle \"b\\u202e\": every line is optimal (all piles are equal): no move can be wrong
$tmp/set\\x1b[1m.yaml: 2 puzzles, 2 points, 1 error, 2 warnings" "$tmp/out"

# Usage: 64; --help: 0, on stdout.
run 64 "$cairn" check
same_text "cairn check: expected SET...
Try 'cairn check --help'." "$tmp/err"
run 64 "$cairn" check --no-such-option points.yaml
run 0 "$cairn" check --help
head -n 1 "$tmp/out" > "$tmp/first"
same_text "Usage: cairn check [OPTIONS] SET..." "$tmp/first"

finish
