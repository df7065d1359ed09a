#!/bin/sh
# roundtrip_cli - issue 11's seven cases through the real `cairn`: what
# `cairn solve` writes, `cairn report` reads back as the same text, or
# the input is refused with its place (doc/formats.md).
set -eu
. "${top_srcdir:-.}/tests/lib.sh"
cairn_problems=$tmp/problems
mkdir "$tmp/problems"
printf 'puzzles:\n  - id: warmup\n    piles: [1, 2]\n' > "$tmp/problems/hw1.yaml"

# solve NAME STATUS - solve $tmp/NAME into $tmp/STEM.result.EXT
solve() {
	stem=${1%.*}
	run "$2" cairn solve "$tmp/$1"
	cp "$tmp/out" "$tmp/$stem.result.${1##*.}"
}

# junit_has NAME TEXT - the JUnit report of NAME's result holds TEXT
junit_has() {
	run 0 cairn report --format junit "$tmp/${1%.*}.result.${1##*.}"
	checks=$((checks + 1))
	grep -qF -- "$2" "$tmp/out" || { cat "$tmp/out" "$tmp/err" >&2; fail "$1: no $2 in the report"; }
}

# 1. A C1 control or U+FFFE through an escape is escaped in the result;
# the JUnit report shows U+FFFD for it (a control a reader's screen acts
# on), the CSV report its visible form (issue 37).
printf 'id: "\\x80"\npiles: [1]\nexpect: {diff: 5}\n' > "$tmp/c1.yaml"
solve c1.yaml 0
grep -q '^  - id: "\\x80"$' "$tmp/c1.result.yaml" || fail "c1: id not escaped"
junit_has c1.yaml "name=\"$(printf '\357\277\275')\""
printf 'id: "\\uFFFE"\npiles: [1]\nexpect: {diff: 5}\n' > "$tmp/fffe.yaml"
solve fffe.yaml 0
grep -q '^  - id: "\\ufffe"$' "$tmp/fffe.result.yaml" || fail "fffe: id not escaped"
junit_has fffe.yaml "name=\"$(printf '\357\277\275')\""
printf 'problem_set: hw1\nsubmitter: "\\x9f"\nanswers: {warmup: {diff: 1}}\nbogus: 1\n' > "$tmp/sub.yaml"
solve sub.yaml 65
junit_has sub.yaml "<property name=\"submitter\" value=\"$(printf '\357\277\275')\"/>"
run 0 cairn report "$tmp/sub.result.yaml"
checks=$((checks + 1))
grep -qF 'sub.yaml,,\u009f,hw1,' "$tmp/out" || fail "sub.yaml: $(cat "$tmp/out")"

# 2. NEL, U+2028 and U+2029 are not read back as line breaks (nor shown
# raw in the JUnit report).
printf 'id: "a\\Nb\\Lc\\Pd"\npiles: [1]\nexpect: {diff: 5}\n' > "$tmp/nel.yaml"
solve nel.yaml 0
junit_has nel.yaml "name=\"a$(printf '\357\277\275')b$(printf '\357\277\275')c$(printf '\357\277\275')d\""

# 3. A CSV id that starts with NUL is refused at its place.
printf 'id,piles\n\000,1\nb,2\n' > "$tmp/nul.csv"
solve nul.csv 65
# (Columns added after error do not change this prefix of the record.)
checks=$((checks + 1))
tail -n 1 "$tmp/nul.result.csv" | grep -q '^,2,,,,,,,,,,,,,"line 2, field 1: a NUL character is not allowed"' ||
	fail "nul.csv: $(cat "$tmp/nul.result.csv")"
junit_has nul.csv '<error message="line 2, field 1: a NUL character is not allowed" type="file">'

# 4. A CSV id that starts with ' keeps it.
printf "id,piles,expect_diff\n'=1+1,1,5\n" > "$tmp/apos.csv"
solve apos.csv 0
junit_has apos.csv "name=\"&apos;=1+1\""

# 5. A YAML \0 escape is refused, not cut short.
printf 'problem_set: hw1\nanswers:\n  "warmup\\0junk": {diff: 1}\n' > "$tmp/nul.yaml"
solve nul.yaml 65
grep -qx 'error: "line 3, column 3: a NUL character is not allowed"' "$tmp/nul.result.yaml" || fail "nul.yaml: $(cat "$tmp/nul.result.yaml")"

# 6. The result reader says where libyaml's reader stopped.
printf 'format: cairn-result/1\nsource: x\001\n' > "$tmp/bad.result.yaml"
run 65 cairn report "$tmp/bad.result.yaml"
same_text "cairn report: $tmp/bad.result.yaml: line 2, column 10: control characters are not allowed" "$tmp/err"

# 7. Invalid UTF-8 in CSV is refused at its place, as in YAML.
printf 'id,piles\n\377\376,1\n' > "$tmp/utf8.csv"
solve utf8.csv 65
junit_has utf8.csv '<error message="line 2, field 1: invalid UTF-8" type="file">'

finish
