#!/bin/sh
# Issue 37, case 6: a name with a newline in it keeps its arrival record
# (cairn_arrival.h: the name goes after its length).  "nl<newline>name.yaml"
# is graded and stored; its record reads back, and `cairn regrade` grades
# it again after the set is fixed, printing the change under the name
# escaped, rather than skipping it for "no arrival record".
. "${top_srcdir:-.}/tests/daemon/lib.sh"

write_conf "$T/c.yaml" "keep_inputs: true"
mkdir -p "$SPOOL/incoming" "$SPOOL/problems"
printf 'puzzles:\n  - {id: a, piles: [1, 2, 3]}\n' >"$SPOOL/problems/hw.yaml"
NAME="nl
name.yaml"
printf 'problem_set: hw\nanswers:\n  a: {diff: -1}\n' | drop "$NAME"
"$CAIRND" -c "$T/c.yaml" --once >"$T/d.log" 2>&1 || fail "daemon exit $?: $(cat "$T/d.log")"
[ -f "$DONE/$NAME" ] || fail "not stored: $(ls "$DONE")"
printf '12:nl\nname.yaml\nuid %s\n' "$(id -u)" >"$T/want"
record "$DONE/$NAME" | head -n 3 | cmp -s "$T/want" - ||
	fail "the record: $(record "$DONE/$NAME")"
received=$(sed -n 's/^received: //p' "$RES/nl
name.result.yaml")
[ -n "$received" ] || fail "no result: $(ls "$RES")"

printf 'puzzles:\n  - {id: a, piles: [1, 5, 3]}\n' >"$SPOOL/problems/hw.yaml"
"$CAIRN" regrade -c "$T/c.yaml" >"$T/out" 2>"$T/err" || fail "regrade exit $?: $(cat "$T/err")"
[ ! -s "$T/err" ] || fail "regrade said: $(cat "$T/err")"
cat >"$T/want" <<EOT
$ME "nl\\nname.yaml" $received: 0.0 -> 1.0
inputs=1 changed=1 replaced=1 unchanged=0 skipped=0 failed=0
EOT
cmp -s "$T/want" "$T/out" || fail "regrade: $(diff "$T/want" "$T/out")"
echo "ok: a name with a newline is graded again with its arrival"
