#!/bin/sh
# Issue 24: a problem set's policy through the running daemon, with real
# arrival times (owners are throwaway uids, as in kill9.sh):
# - `due` a few seconds ahead: a file dropped before it is on time, one
#   dropped after (once the clock has passed due) is late with
#   `late: {by, penalty}` and its points after the 10% penalty;
# - `close` as far ahead: a file dropped after it gets exactly the
#   refused result, is stored in done/, and its line says refused=closed;
# - `max_submissions: 2`: an owner's file error does not count, the third
#   graded submission is refused (`submission limit reached (2 of 2)`,
#   refused=limit) and another owner's first is not; and four files of
#   one owner dropped at once give two graded results and two refused,
#   the two latest by arrival then name (files of one owner are taken
#   one at a time, in that order, so each count sees the results of the
#   earlier ones, whatever milliseconds they share);
# - `max_submissions: 1`: two files of one owner renamed in within one
#   millisecond, b.yaml first: a.yaml is graded and b.yaml refused, every
#   time (files of one owner with the same arrival go by name).
. "${top_srcdir:-.}/tests/daemon/lib.sh"

[ "$(id -u)" -eq 0 ] || { echo "SKIP: not root, cannot hand files to other uids"; exit 77; }

I="$SPOOL/incoming"
P="$T/problems"
mkdir -p "$I" "$P"
DUE_S=$(($(date +%s) + 6))
DUE=$(date -u -d "@$DUE_S" +%Y-%m-%dT%H:%M:%SZ)
# set NAME POLICY-LINE...: problems/NAME.yaml, one puzzle of 10 points
set_file() {
	_n=$1
	shift
	{
		echo "policy:"
		for l in "$@"; do echo "  $l"; done
		echo "puzzles:"
		echo "  - {id: a, piles: [3, 9, 1, 2], points: 10}"
	} >"$P/$_n.yaml"
}
set_file due "due: $DUE" "late_penalty: 10%"
set_file closing "close: $DUE"
set_file limited "max_submissions: 2"
set_file one "max_submissions: 1"
write_conf "$T/c.yaml" "problems_dir: $P" "keep_inputs: true" "workers: 4"

GOOD='{a: {diff: 7}}'
# hand_in UID NAME SET [ANSWERS]: a submission to SET, dropped as NAME for UID
hand_in() {
	printf 'problem_set: %s\nsubmitter: S%s\nanswers: %s\n' "$3" "$1" "${4:-$GOOD}" |
		drop "$2" "$1"
}
# result UID NAME: the path of NAME's result, once it is there
result() {
	_r="$SPOOL/results/$1/${2%.yaml}.result.yaml"
	wait_for 30 test -f "$_r" || fail "no result for $1's $2"
	R=$_r
}
# refused UID NAME SET ERROR: the exact result of a refused submission
refused() {
	_rcv=$(sed -n 's/^received: //p' "$R")
	printf 'format: cairn-result/1\nsource: %s\nowner: "%s"\nuid: %s\nreceived: %s\n' \
		"$2" "$1" "$1" "$_rcv"
	printf 'status: error\nerror: "%s"\nproblem_set: %s\nsubmitter: S%s\npuzzles: []\n' \
		"$4" "$3" "$1"
	printf 'summary: {puzzles: 0, solved: 0, errors: 0, graded: 0, correct: 0, wrong: 0, missing: 0, invalid: 0, score: null}\n'
}
summary_points() {
	sed -n 's/^summary: .* points: \([0-9.]*\), max_points: .*/\1/p' "$1"
}

start_daemon d "$T/c.yaml"
wait_for 20 log_has d msg=started || fail "the daemon did not start"

# --- before due and close
hand_in 60051 on.yaml due
hand_in 60052 open.yaml closing
result 60051 on.yaml
arrived=$(date -u -d "$(sed -n 's/^received: //p' "$R")" +%s)
[ "$arrived" -lt "$DUE_S" ] || fail "on.yaml arrived after due: the machine took 6 s"
grep -qx 'status: ok' "$R" && ! grep -q '^late:' "$R" || fail "on.yaml: $(cat "$R")"
[ "$(summary_points "$R")" = 10 ] || fail "on.yaml points: $(cat "$R")"
result 60052 open.yaml
grep -qx '    verdict: correct' "$R" || fail "open.yaml before close: $(cat "$R")"
echo "ok: before due and close: on time, graded"

# --- max_submissions: 2
hand_in 60053 l1.yaml limited
result 60053 l1.yaml
hand_in 60053 bad.yaml limited 5
result 60053 bad.yaml
grep -qx 'status: error' "$R" || fail "bad.yaml is no file error: $(cat "$R")"
hand_in 60053 l2.yaml limited
result 60053 l2.yaml
grep -qx '    verdict: correct' "$R" || fail "l2.yaml (the file error counted?): $(cat "$R")"
hand_in 60053 l3.yaml limited
result 60053 l3.yaml
refused 60053 l3.yaml limited "submission limit reached (2 of 2)" >"$T/want"
cmp -s "$T/want" "$R" || fail "l3.yaml: $(diff "$T/want" "$R")"
[ -f "$SPOOL/done/60053/l3.yaml" ] || fail "l3.yaml not in done/60053/: $(ls -a "$SPOOL/done/60053")"
wait_for 10 log_has d 'msg=processed file=l3.yaml .* status=error input=done/60053/l3.yaml owner=60053 refused=limit$' ||
	fail "no refused=limit line: $(grep l3.yaml "$T/d.log")"
hand_in 60054 m1.yaml limited
result 60054 m1.yaml
grep -qx '    verdict: correct' "$R" || fail "another owner's first: $(cat "$R")"
echo "ok: max_submissions 2: a file error does not count, the third is refused, another owner's first is not"

# Four at once (one mv: four renames in a few microseconds): the two
# earliest by arrival, then by name, are graded and the other two
# refused, whatever milliseconds they share and whatever the workers.
mkdir "$T/stage"
for k in 1 2 3 4; do
	printf 'problem_set: limited\nsubmitter: S60055\nanswers: %s\n' "$GOOD" >"$T/stage/q$k.yaml"
done
chown 60055 "$T/stage"/*
# mv may look at a name it moved, which the daemon has taken meanwhile.
mv "$T/stage"/* "$I/" 2>"$T/mv.err" || true
[ -z "$(ls "$T/stage")" ] || fail "not moved: $(ls "$T/stage"): $(cat "$T/mv.err")"
for k in 1 2 3 4; do
	result 60055 "q$k.yaml"
	printf '%s q%s.yaml %s\n' "$(sed -n 's/^received: //p' "$R")" "$k" \
		"$(sed -n 's/^status: //p' "$R")"
done | LC_ALL=C sort -k1,1 -k2,2 >"$T/q"
[ "$(cut -d' ' -f3 "$T/q" | tr '\n' ' ')" = "ok ok error error " ] ||
	fail "four at once: $(cat "$T/q"; grep -h '^error:' "$SPOOL/results/60055"/*)"
for f in $(sed -n '3,4s/^[^ ]* \([^ ]*\) .*/\1/p' "$T/q"); do
	grep -qx 'error: "submission limit reached (2 of 2)"' "$SPOOL/results/60055/${f%.yaml}.result.yaml" ||
		fail "four at once: $f not refused for the limit: $(cat "$T/q")"
done
echo "ok: four files of one owner at once: the two first by arrival and name graded, the others refused"

# Two at once against max_submissions: 1, renamed in by one perl, b.yaml
# first: when both arrived in one millisecond, a.yaml (first by name) is
# graded and b.yaml refused, every time, whatever the order of the
# renames and of the daemon's events.  A round whose renames straddled a
# tick of the clock (received differs) must have graded the earlier, and
# is tried again: at most 20 rounds, at least 5 in one millisecond.  Each round is a fresh owner, whose count starts at 0.
mkdir "$T/stage2"
r=0
same=0
while [ "$r" -lt 20 ] && [ "$same" -lt 5 ]; do
	u=$((60100 + r))
	r=$((r + 1))
	for n in a b; do
		printf 'problem_set: one\nsubmitter: S%s\nanswers: %s\n' "$u" "$GOOD" >"$T/stage2/$n.yaml"
	done
	chown "$u" "$T/stage2/a.yaml" "$T/stage2/b.yaml"
	perl -e 'for my $n ("b.yaml", "a.yaml") {
		rename("$ARGV[0]/$n", "$ARGV[1]/$n") or die "rename $n: $!\n" }' "$T/stage2" "$I" ||
		fail "round $r: the renames failed"
	result "$u" a.yaml
	A=$R
	result "$u" b.yaml
	B=$R
	ra=$(sed -n 's/^received: //p' "$A")
	rb=$(sed -n 's/^received: //p' "$B")
	[ "$ra" != "$rb" ] || same=$((same + 1))
	first=$(printf '%s a.yaml\n%s b.yaml\n' "$ra" "$rb" | LC_ALL=C sort | sed -n '1s/.* //p')
	other=$( [ "$first" = a.yaml ] && echo b.yaml || echo a.yaml)
	R=$SPOOL/results/$u/${first%.yaml}.result.yaml
	grep -qx 'status: ok' "$R" && grep -qx '    verdict: correct' "$R" ||
		fail "round $r ($ra, $rb): $first not graded: $(cat "$R")"
	R=$SPOOL/results/$u/${other%.yaml}.result.yaml
	refused "$u" "$other" one "submission limit reached (1 of 1)" >"$T/want"
	cmp -s "$T/want" "$R" || fail "round $r ($ra, $rb): $other: $(diff "$T/want" "$R")"
done
[ "$same" -ge 5 ] || fail "only $same of $r rounds had both files in one millisecond"
echo "ok: max_submissions 1, two files of one owner in one millisecond: the first by name graded, the other refused, $same times of $r"

# --- after due and close
deadline=$(($(date +%s) + 30))
while [ "$(date +%s)" -le "$DUE_S" ]; do
	[ "$(date +%s)" -lt "$deadline" ] || fail "the clock did not pass due"
	sleep 0.2
done
hand_in 60051 late.yaml due
hand_in 60052 shut.yaml closing
result 60051 late.yaml
grep -qx 'status: ok' "$R" || fail "late.yaml: $(cat "$R")"
grep -Eqx 'late: \{by: "[0-9]+s", penalty: 0.1\}' "$R" || fail "late.yaml: $(sed -n 1,8p "$R")"
[ "$(sed -n '/^status: ok$/{n;p;}' "$R" | cut -c1-5)" = "late:" ] || fail "late: is not right after status:"
[ "$(summary_points "$R")" = 9 ] || fail "late.yaml points after the penalty: $(tail -1 "$R")"
grep -q ' max_points: 10, score: 0.9}$' "$R" || fail "late.yaml score: $(tail -1 "$R")"
result 60052 shut.yaml
refused 60052 shut.yaml closing \
	"closed at $DUE (arrived $(sed -n 's/^received: //p' "$R"))" >"$T/want"
cmp -s "$T/want" "$R" || fail "shut.yaml: $(diff "$T/want" "$R")"
[ -f "$SPOOL/done/60052/shut.yaml" ] && [ ! -e "$SPOOL/failed/60052" ] ||
	fail "shut.yaml is not in done/60052/ alone: $(find "$SPOOL/done" "$SPOOL/failed" | tr '\n' ' ')"
wait_for 10 log_has d 'msg=processed file=shut.yaml .* input=done/60052/shut.yaml owner=60052 refused=closed$' ||
	fail "no refused=closed line: $(grep shut.yaml "$T/d.log")"
echo "ok: after due: late by seconds, 9 of 10 points; after close: refused, stored in done/"

kill -TERM "$LAST_PID"
wait_exit "$LAST_PID" 30
[ "$STATUS" -eq 0 ] || fail "daemon exit $STATUS"
