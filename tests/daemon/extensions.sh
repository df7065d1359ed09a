#!/bin/sh
# A set's extensions through the real daemon and cairn regrade (owners
# are throwaway uids, named by their number, as in policy.sh):
# - a set due an hour ago with a 10% late penalty and an extension for
#   uid 5601 until tomorrow: a submission of 5602 is late (late: {by,
#   penalty}, 9 of 10 points), one of 5601 on time (10 points), both
#   from one `cairnd --once` run after the set's due time;
# - an extension for 5602 added afterwards: `cairn regrade --owner 5602
#   --set ext` makes 5602's result on time and says so, and leaves 5601's
#   alone; a second regrade changes nothing;
# - a due extension for 5603 (late) added afterwards: the regrade makes
#   its result on time, 0.9 -> 1.0, with the same received;
# - an extension's close: 5603 may still hand in after the set closed.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

[ "$(id -u)" -eq 0 ] || { echo "SKIP: not root, cannot hand files to other uids"; exit 77; }

P="$T/problems"
mkdir -p "$P"
HOUR_AGO=$(date -u -d "@$(($(date +%s) - 3600))" +%Y-%m-%dT%H:%M:%SZ)
TOMORROW=$(date -u -d "@$(($(date +%s) + 86400))" +%Y-%m-%dT%H:%M:%SZ)
# set_file EXTENSION-LINE...: problems/ext.yaml with those extensions
set_file() {
	{
		echo "policy:"
		echo "  due: $HOUR_AGO"
		echo "  late_penalty: 10%"
		echo "  close: $HOUR_AGO"
		echo "  extensions:"
		for l in "$@"; do echo "    $l"; done
		echo "puzzles:"
		echo "  - {id: a, piles: [3, 9, 1, 2], points: 10}"
	} >"$P/ext.yaml"
}
set_file "\"5601\": {due: $TOMORROW, close: $TOMORROW}" \
	"\"5603\": {close: $TOMORROW}"
write_conf "$T/c.yaml" "problems_dir: $P" "keep_inputs: true"
"$CAIRN" check "$P/ext.yaml" >"$T/check.out" 2>&1 ||
	fail "cairn check refused the set: $(cat "$T/check.out")"
[ "$(cat "$T/check.out")" = "$P/ext.yaml: 1 puzzle, 10 points" ] ||
	fail "cairn check: $(cat "$T/check.out")"

mkdir -p "$SPOOL/incoming"
for u in 5601 5602 5603; do
	printf 'problem_set: ext\nanswers: {a: {diff: 7}}\n' | drop "h$u.yaml" "$u"
done
run_t once -c "$T/c.yaml" --once
[ "$STATUS" -eq 0 ] || fail "cairnd --once: exit $STATUS: $(cat "$T/once.err")"

# line UID KEY: the line of KEY in UID's result
line() { sed -n "s/^$2: //p" "$SPOOL/results/$1/h$1.result.yaml"; }
[ "$(line 5601 late)" = "" ] && [ "$(line 5601 status)" = ok ] ||
	fail "5601 (extended due) is late: $(cat "$SPOOL/results/5601/h5601.result.yaml")"
case "$(line 5601 summary)" in *"points: 10, max_points: 10"*) ;;
*) fail "5601's points: $(line 5601 summary)" ;; esac
echo "ok: the owner with an extension is on time"

# 5602: the set's own due and close: closed an hour ago, refused.
[ "$(line 5602 error)" = "\"closed at $HOUR_AGO (arrived $(line 5602 received))\"" ] ||
	fail "5602 (no extension) not refused as closed: $(cat "$SPOOL/results/5602/h5602.result.yaml")"
# 5603: the close extended, the due not: graded, and late.
case "$(line 5603 late)" in "{by: \"1h\", penalty: 0.1}" | "{by: \"1h 1m\", penalty: 0.1}") ;;
*) fail "5603 (close extended) not late: $(cat "$SPOOL/results/5603/h5603.result.yaml")" ;; esac
case "$(line 5603 summary)" in *"points: 9, max_points: 10"*) ;;
*) fail "5603's points: $(line 5603 summary)" ;; esac
echo "ok: without one the set's close refuses; an extended close alone grades, late"

# An extension for 5602 given afterwards, applied by cairn regrade.
set_file "\"5601\": {due: $TOMORROW, close: $TOMORROW}" \
	"\"5603\": {close: $TOMORROW}" \
	"\"5602\": {due: $TOMORROW, close: $TOMORROW}"
before=$(cat "$SPOOL/results/5601/h5601.result.yaml")
"$CAIRN" regrade -c "$T/c.yaml" --owner 5602 --set ext >"$T/regrade.out" 2>"$T/regrade.err" ||
	fail "cairn regrade: $(cat "$T/regrade.out" "$T/regrade.err")"
rcv=$(line 5602 received)
printf '5602 h5602.yaml %s: refused -> 1.0\ninputs=1 changed=1 replaced=1 unchanged=0 skipped=0 failed=0\n' \
	"$rcv" >"$T/regrade.want"
same_text() { [ "$(cat "$1")" = "$(cat "$2")" ] || fail "$3: got
$(cat "$1")
want
$(cat "$2")"; }
same_text "$T/regrade.out" "$T/regrade.want" "cairn regrade --owner 5602 --set ext"
[ "$(line 5602 status)" = ok ] && [ "$(line 5602 late)" = "" ] ||
	fail "5602 after the regrade: $(cat "$SPOOL/results/5602/h5602.result.yaml")"
[ "$(cat "$SPOOL/results/5601/h5601.result.yaml")" = "$before" ] || fail "5601's result changed"
[ ! -e "$SPOOL/results/5602/history" ] || fail "the regrade made a history/ entry"
"$CAIRN" regrade -c "$T/c.yaml" --owner 5602 --set ext >"$T/again.out" 2>&1 ||
	fail "second regrade: $(cat "$T/again.out")"
[ "$(cat "$T/again.out")" = "inputs=1 changed=0 replaced=0 unchanged=1 skipped=0 failed=0" ] ||
	fail "second regrade: $(cat "$T/again.out")"
echo "ok: cairn regrade --owner --set applies an extension given afterwards, once"

# 5603 was late (its close extended, not its due): a due given afterwards.
set_file "\"5601\": {due: $TOMORROW, close: $TOMORROW}" \
	"\"5603\": {due: $TOMORROW, close: $TOMORROW}" \
	"\"5602\": {due: $TOMORROW, close: $TOMORROW}"
rcv=$(line 5603 received)
"$CAIRN" regrade -c "$T/c.yaml" --owner 5603 --set ext >"$T/late.out" 2>"$T/late.err" ||
	fail "cairn regrade --owner 5603: $(cat "$T/late.out" "$T/late.err")"
printf '5603 h5603.yaml %s: 0.9 -> 1.0\ninputs=1 changed=1 replaced=1 unchanged=0 skipped=0 failed=0\n' \
	"$rcv" >"$T/late.want"
same_text "$T/late.out" "$T/late.want" "cairn regrade --owner 5603 --set ext"
[ "$(line 5603 late)" = "" ] && [ "$(line 5603 received)" = "$rcv" ] ||
	fail "5603 after the regrade: $(cat "$SPOOL/results/5603/h5603.result.yaml")"
case "$(line 5603 summary)" in *"points: 10, max_points: 10"*) ;;
*) fail "5603's points after the regrade: $(line 5603 summary)" ;; esac
echo "ok: a late result made on time by an extension given afterwards, with the same received"
