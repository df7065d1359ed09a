#!/bin/sh
# retain (issue 27): stored inputs in done/ and failed/ older than their
# limit go with their arrival records, earlier results in history/ older
# than `history` go, by their own ages and owner by owner; the latest
# result of a name (results/OWNER/NAME.result.EXT) never goes, nor does
# anything newer.  With --once at its end, in a running daemon within
# rescan_s; one summary line per walk that removed something.  A bad
# value is a configuration error naming the key.
. "${top_srcdir:-.}/tests/daemon/lib.sh"


# --- configuration errors name the key
for bad in "retain: {done: 3w}|line 7, column 16: retain.done: \\\"3w\\\" is not a duration from 1s to 36500d (a whole number and d, h, m or s, such as 180d)" \
	"retain: {dnoe: 1d}|line 7, column 10: retain: unknown key \\\"dnoe\\\" (done, failed or history)" \
	"retain: 180d|line 7, column 9: retain: expected a mapping of done, failed and history, not \\\"180d\\\""; do
	write_conf "$T/bad.yaml" "${bad%%|*}"
	run_t bad -t -c "$T/bad.yaml"
	[ "$STATUS" -eq 78 ] || fail "${bad%%|*}: exit $STATUS"
	echo "level=error msg=\"bad configuration\" error=\"$T/bad.yaml: ${bad#*|}\"" >"$T/want"
	cmp -s "$T/want" "$T/bad.err" || fail "${bad%%|*}: $(cat "$T/bad.err")"
done
write_conf "$T/r.yaml" "retain: {done: 10d, history: 720h}"
run_t printed -t -c "$T/r.yaml"
[ "$STATUS" -eq 0 ] || fail "-t exit $STATUS: $(cat "$T/printed.err")"
grep -qx 'retain: {done: 10d, failed: ~, history: 30d}' "$T/printed.out" ||
	fail "-t: $(grep retain "$T/printed.out")"

# --- a spool the daemon made: hw1.yaml of this account, three times, so
# that results/ME/history/ keeps the first two results
mkdir -p "$SPOOL/incoming"
write_conf "$T/keep.yaml"
write_conf "$T/c.yaml" "retain: {done: 10d, failed: 2d, history: 30d}"
for k in 1 2 3; do
	hw1_input >"$SPOOL/incoming/hw1.yaml"
	run_t make$k -c "$T/keep.yaml" --once
	[ "$STATUS" -eq 0 ] || fail "making the spool: exit $STATUS"
done
[ -f "$RES/history/hw1.result.2.yaml" ] && [ -f "$DONE/hw1.2.yaml" ] ||
	fail "no history: $(find "$SPOOL" -type f)"

# stored OWNER KIND NAME [AGE]: an input stored in KIND/OWNER/ with its
# arrival record AGE ago (no record without AGE), a file in .arrival/ as
# older versions wrote it.
stored() {
	mkdir -p "$SPOOL/$2/$1/.arrival"
	hw1_input >"$SPOOL/$2/$1/$3"
	[ -z "${4:-}" ] && return
	echo "$3" >"$SPOOL/$2/$1/.arrival/$3"
	touch -d "$4 ago" "$SPOOL/$2/$1/.arrival/$3"
}
# stored_attr OWNER KIND NAME AGE: the same, its record the input's
# attribute, as cairnd sets it (cairn_arrival.h); a file where the file
# system has no user attributes, as cairnd writes it there.
stored_attr() {
	mkdir -p "$SPOOL/$2/$1"
	hw1_input >"$SPOOL/$2/$1/$3"
	python3 -c 'import os, sys
n = sys.argv[2]
os.setxattr(sys.argv[1], "user.cairn.arrival",
            ("%d:%s\nuid %s\nsha256 -\narrival %s\n" % (len(n), n, sys.argv[3], sys.argv[4])).encode())' \
		"$SPOOL/$2/$1/$3" "$3" "$1" "$(date -d "$4 ago" +%s.%N)" 2>/dev/null || stored "$@"
}
# kept OWNER NAME AGE: an earlier result in results/OWNER/history/, AGE old.
kept() {
	mkdir -p "$SPOOL/results/$1/history"
	expect_hw1 >"$SPOOL/results/$1/history/$2"
	touch -d "$3 ago" "$SPOOL/results/$1/history/$2"
}
stored 60201 done old.yaml "11 days"
stored 60201 done young.yaml "9 days"
stored 60201 done norecord.yaml
stored 60202 done old.yaml "241 hours"
stored 60202 done new.yaml "1 hour"
touch -d "400 days ago" "$SPOOL/done/60202/new.yaml"	# its own time plays no part
stored 60201 failed f.yaml "3 days"
stored 60202 failed f.yaml "1 day"
stored 60202 failed g.yaml "49 hours"
stored_attr 60201 done a_old.yaml "11 days"
stored_attr 60201 done a_young.yaml "9 days"
stored_attr 60202 failed a_f.yaml "47 hours"
# a record whose input is gone (a crash between the two removals)
echo gone.yaml >"$SPOOL/done/60201/.arrival/gone.yaml"
touch -d "11 days ago" "$SPOOL/done/60201/.arrival/gone.yaml"
echo lost.yaml >"$SPOOL/done/60201/.arrival/lost.yaml"
touch -d "1 day ago" "$SPOOL/done/60201/.arrival/lost.yaml"
# this account's history: the daemon's own file, made old
touch -d "31 days ago" "$RES/history/hw1.result.1.yaml"
kept 60201 hw.result.1.yaml "31 days"
kept 60201 hw.result.2.yaml "29 days"
kept 60202 x.result.1.csv "400 days"
# the latest results, however old, and what is not a stored file
expect_hw1 >"$SPOOL/results/60201/hw.result.yaml"
touch -d "400 days ago" "$SPOOL/results/60201/hw.result.yaml" "$RES/hw1.result.yaml"
mkdir -p "$SPOOL/results/.released" "$SPOOL/done/60201/olddir"
touch -d "400 days ago" "$SPOOL/results/.released" "$SPOOL/done/60201/olddir"
find "$SPOOL/done" "$SPOOL/failed" "$SPOOL/results" | sort >"$T/before"

# Without retain nothing goes.
run_t none -c "$T/keep.yaml" --once
[ "$STATUS" -eq 0 ] || fail "--once without retain: exit $STATUS"
find "$SPOOL/done" "$SPOOL/failed" "$SPOOL/results" | sort >"$T/after"
cmp -s "$T/before" "$T/after" || fail "removed without retain: $(diff "$T/before" "$T/after")"
! grep -q 'msg=retained' "$T/none.err" || fail "a retained line without retain"

# With it, --once removes at its end what is past its kind's limit.
run_t once -c "$T/c.yaml" --once
[ "$STATUS" -eq 0 ] || fail "--once with retain: exit $STATUS: $(cat "$T/once.err")"
[ "$(grep -c 'msg=retained' "$T/once.err")" -eq 1 ] || fail "retained lines: $(cat "$T/once.err")"
grep -qx 'level=info msg=retained done=3 failed=2 history=3' "$T/once.err" ||
	fail "summary: $(grep retained "$T/once.err")"
[ "$(grep -n 'msg=retained' "$T/once.err" | cut -d: -f1)" -lt \
  "$(grep -n 'msg=stopping' "$T/once.err" | cut -d: -f1)" ] || fail "retained after stopping"
grep -v -e '/done/60201/old.yaml$' -e '/done/60201/.arrival/old.yaml$' \
	-e '/done/60202/old.yaml$' -e '/done/60202/.arrival/old.yaml$' \
	-e '/done/60201/.arrival/gone.yaml$' \
	-e '/done/60201/a_old.yaml$' -e '/done/60201/.arrival/a_old.yaml$' \
	-e '/failed/60201/f.yaml$' -e '/failed/60201/.arrival/f.yaml$' \
	-e '/failed/60202/g.yaml$' -e '/failed/60202/.arrival/g.yaml$' \
	-e "/results/$ME/history/hw1.result.1.yaml\$" \
	-e '/results/60201/history/hw.result.1.yaml$' \
	-e '/results/60202/history/x.result.1.csv$' "$T/before" >"$T/want"
find "$SPOOL/done" "$SPOOL/failed" "$SPOOL/results" | sort >"$T/after"
cmp -s "$T/want" "$T/after" || fail "what is left: $(diff "$T/want" "$T/after")"
# (empty owner directories stay: failed/60201/ and its .arrival/)
[ -d "$SPOOL/failed/60201/.arrival" ] || fail "an owner directory went"

# Again: nothing left to remove, no line.
run_t again -c "$T/c.yaml" --once
[ "$STATUS" -eq 0 ] || fail "second --once: exit $STATUS"
! grep -q 'msg=retained' "$T/again.err" || fail "a second summary: $(cat "$T/again.err")"

# A result replaced once retention took the oldest of its history goes
# after those left, as K counts up in arrival order: hw1.result.3.yaml.
hw1_input >"$SPOOL/incoming/hw1.yaml"
run_t replace -c "$T/keep.yaml" --once
[ "$STATUS" -eq 0 ] || fail "replacing hw1.yaml: exit $STATUS"
[ "$(ls "$RES/history" | tr '\n' ' ')" = "hw1.result.2.yaml hw1.result.3.yaml " ] ||
	fail "history/ after a replacement: $(ls "$RES/history")"

# An input without a record is aged by its change time (its move there),
# one with a record by the record: ten days and a half later (a shim
# moves the daemon's wall clock), norecord.yaml has gone and young.yaml
# and a_young.yaml (their records 9 days old, so 19.5 now) too; a record
# dated tomorrow keeps its input whatever the input's change time says.
echo young2.yaml >"$SPOOL/done/60201/.arrival/young2.yaml"
hw1_input >"$SPOOL/done/60201/young2.yaml"
touch -d "tomorrow" "$SPOOL/done/60201/.arrival/young2.yaml"
SHIM="$top_builddir/tests/daemon/.libs/clock_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
STATUS=0
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
CAIRN_CLOCK_SHIFT_S=$((10 * 86400 + 43200)) LD_PRELOAD="$SHIM" \
	"$CAIRND" -c "$T/c.yaml" --once >"$T/later.raw" 2>&1 || STATUS=$?
[ "$STATUS" -eq 0 ] || fail "--once ten days later: exit $STATUS: $(cat "$T/later.raw")"
sed 's/^ts=[^ ]* //' "$T/later.raw" >"$T/later.log"
[ -e "$SPOOL/done/60201/young2.yaml" ] && [ -e "$SPOOL/done/60201/.arrival/young2.yaml" ] ||
	fail "an input with a newer record went"
[ ! -e "$SPOOL/done/60201/norecord.yaml" ] || fail "an old input without a record stayed"
[ ! -e "$SPOOL/done/60201/young.yaml" ] || fail "young.yaml stayed"
[ ! -e "$SPOOL/done/60201/a_young.yaml" ] || fail "a_young.yaml stayed"
[ -f "$SPOOL/results/60201/hw.result.yaml" ] && [ -f "$RES/hw1.result.yaml" ] ||
	fail "a latest result went"

# --- a running daemon removes within rescan_s, one line per walk.
write_conf "$T/run.yaml" "retain: {done: 10d, failed: 2d, history: 30d}" "rescan_s: 1"
start_daemon run "$T/run.yaml"
D=$LAST_PID
wait_for 20 log_has run "msg=started" || fail "daemon did not start"
# An owner's directory made elsewhere and moved in whole, so that one
# walk sees all of it.
P="$SPOOL/done/.prep"
mkdir -p "$P/.arrival"
for f in a b c; do
	hw1_input >"$P/$f.yaml"
	echo "$f.yaml" >"$P/.arrival/$f.yaml"
done
touch -d "11 days ago" "$P/.arrival/a.yaml" "$P/.arrival/b.yaml"
mv "$P" "$SPOOL/done/60203"
gone_ab() {
	[ ! -e "$SPOOL/done/60203/a.yaml" ] && [ ! -e "$SPOOL/done/60203/b.yaml" ]
}
wait_for 20 gone_ab || fail "a running daemon did not remove old inputs"
wait_for 10 log_has run "msg=retained" || fail "no retained line"
[ -e "$SPOOL/done/60203/c.yaml" ] && [ -e "$SPOOL/done/60203/.arrival/c.yaml" ] ||
	fail "a new input went"
P="$SPOOL/results/.prep"
mkdir -p "$P/history"
expect_hw1 >"$P/hw.result.yaml"
expect_hw1 >"$P/history/hw.result.1.yaml"
touch -d "31 days ago" "$P/history/hw.result.1.yaml" "$P/hw.result.yaml"
mv "$P" "$SPOOL/results/60203"
wait_for 20 sh -c "[ ! -e '$SPOOL/results/60203/history/hw.result.1.yaml' ]" ||
	fail "a running daemon did not remove old history"
wait_for 10 sh -c "[ \$(grep -c msg=retained '$T/run.log') -ge 2 ]" || fail "no second line"
[ -f "$SPOOL/results/60203/hw.result.yaml" ] || fail "the latest result went"
kill -TERM "$D"
wait_exit "$D" 20
[ "$STATUS" -eq 0 ] || fail "daemon exit $STATUS"
sed -n 's/^ts=[^ ]* //; /msg=retained/p' "$T/run.log" >"$T/got"
printf 'level=info msg=retained done=2 failed=0 history=0\nlevel=info msg=retained done=0 failed=0 history=1\n' >"$T/want"
cmp -s "$T/want" "$T/got" || fail "running daemon's lines: $(cat "$T/got")"
echo "ok: retain removes what is past its limit, keeps the rest and every latest result"
