#!/bin/sh
# Issue 36: the arrival is when a file was handed in (its change time in
# incoming/ before the claim), not when the daemon got to it.  A set is
# due 3 s ahead, 10% off when late; with no daemon running on.yaml is
# handed in before due and late.yaml after it; the daemon starts only
# after due.  on.yaml is on time (10 points, no `late:`) and late.yaml
# late (9 points), each `received` its change time in incoming/ to the
# millisecond:
# (a) with the daemon started normally;
# (b) with `cairnd --once`;
# (c) with 5,000 files of another owner handed in before on.yaml, all
#     5,002 processed.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

[ "$(id -u)" -eq 0 ] || { echo "SKIP: not root, cannot hand files to other uids"; exit 77; }

P="$T/problems"
mkdir -p "$P"
write_conf "$T/c.yaml" "problems_dir: $P" "keep_inputs: true" "fsync: false"
OWNER=60055
OTHER=60056

# hand_in NAME: a right answer to set `due`, OWNER's, renamed into incoming/
hand_in() {
	printf 'problem_set: due\nanswers: %s\n' "$SET_GOOD" | drop "$1" $OWNER
}

# crowd N: N small files of OTHER, written aside and renamed in by one perl
crowd() {
	mkdir "$T/stage"
	perl -e '($d, $i, $n, $u) = @ARGV;
		for $k (1 .. $n) {
			open(F, ">", "$d/c$k.yaml") or die "$d/c$k.yaml: $!";
			print F "piles: [$k, 2]\n";
			close(F) or die;
			chown($u, -1, "$d/c$k.yaml") == 1 or die "chown: $!";
			rename("$d/c$k.yaml", "$i/c$k.yaml") or die "rename: $!";
		}' "$T/stage" "$SPOOL/incoming" "$1" $OTHER || fail "the crowd was not handed in"
	rmdir "$T/stage"
}

# check NAME CTIME LATE CASE: NAME's result, late or not, received at CTIME
check() {
	_r="$SPOOL/results/$OWNER/${1%.yaml}.result.yaml"
	[ -f "$_r" ] || fail "$4: no result for $1"
	grep -qx 'status: ok' "$_r" || fail "$4: $1: $(cat "$_r")"
	if [ "$3" = late ]; then
		grep -Eqx 'late: \{by: "[0-9]+s", penalty: 0.1\}' "$_r" || fail "$4: $1 not late: $(cat "$_r")"
		[ "$(points "$_r")" = 9 ] || fail "$4: $1's points: $(points "$_r")"
	else
		! grep -q '^late:' "$_r" || fail "$4: $1 handed in before due is late: $(grep '^late:' "$_r")"
		[ "$(points "$_r")" = 10 ] || fail "$4: $1's points: $(points "$_r")"
	fi
	_want=$(as_received "$2")
	_got=$(sed -n 's/^received: //p' "$_r")
	[ "$_got" = "$_want" ] ||
		fail "$4: $1 received $_got, handed in at $_want (before the claim)"
}

processed_at_least() {
	[ "$(log_count "$1" 'msg=processed file=')" -ge "$2" ]
}

# round CASE [N]: a fresh spool and set; N files of OTHER first; the run
round() {
	rm -rf "$SPOOL"
	mkdir -p "$SPOOL/incoming"
	# The crowd first: the due time counts from when it is in place.
	[ "${2:-0}" -eq 0 ] || crowd "$2"
	DUE_S=$(($(date +%s) + 3))
	due_set "$P" due "$DUE_S"
	hand_in on.yaml
	ON=$(change_time "$SPOOL/incoming/on.yaml")
	[ "${ON%.*}" -lt "$DUE_S" ] || fail "$1: on.yaml was handed in after due: the machine took 3 s"
	wait_past "$DUE_S"
	hand_in late.yaml
	LATE=$(change_time "$SPOOL/incoming/late.yaml")
	if [ "$1" = once ]; then
		run_t once -c "$T/c.yaml" --once
		[ "$STATUS" -eq 0 ] || fail "once: cairnd --once: exit $STATUS: $(cat "$T/once.err")"
	else
		start_daemon "$1" "$T/c.yaml"
		_want=$((${2:-0} + 2))
		wait_for 60 processed_at_least "$1" "$_want" ||
			fail "$1: $(log_count "$1" 'msg=processed file=') of $_want files processed"
		kill -TERM "$LAST_PID"
		wait_exit "$LAST_PID" 20
		[ "$STATUS" -eq 0 ] || fail "$1: the daemon's exit status $STATUS"
	fi
	check on.yaml "$ON" on "$1"
	check late.yaml "$LATE" late "$1"
}

round started
echo "ok: handed in while no daemon ran, before and after due: on time and late"
round once
echo "ok: the same with cairnd --once"
round crowd 5000
[ "$(count_files "$SPOOL/done/$OTHER")" -eq 5000 ] ||
	fail "crowd: $(count_files "$SPOOL/done/$OTHER") of the 5000 other files in done/"
[ "$(log_count crowd 'msg=processed file=')" -eq 5002 ] ||
	fail "crowd: $(log_count crowd 'msg=processed file=') processed lines"
[ "$(count_files "$SPOOL/incoming")" -eq 0 ] || fail "crowd: incoming/ not empty"
echo "ok: the same behind 5000 files of another owner, all 5002 processed"
