#!/bin/sh
# Issue 37, case 1: what the daemon stores is what it graded, beyond the
# submitter's reach (doc/spool.md, "done/ and failed/").  The daemon runs
# as an account D, the spool laid out as the package does; the student S
# is outside D's group.  Exactly as reported: before the due time S keeps
# a descriptor of her file, `exec 3< incoming/.m.yaml.tmp; setsid sleep
# 3000 <&3 &`, then renames it in (graded: score 0); after the due time
# she writes another student's right answer through /proc/PID/fd/0.
# done/S/m.yaml is D's copy (0640) of the bytes graded, which her write
# does not reach, and `cairn regrade --set hw3` changes nothing.  The
# same descriptor on a directory: failed/S/ gets an empty file of D's
# and the directory leaves processing/ (removed when empty, else put
# aside as processing/INSTANCE/.refused~HELD); a regrade skips both,
# named.  A stored input changed since (here by root) is refused by a
# regrade, named, its result left as it is.
AS_OTHER=1
. "${top_srcdir:-.}/tests/daemon/lib.sh"

D="ccd$$" S="ccs$$"
make_accounts "$D" "$S"

share_programs
write_conf "$T/c.yaml" "keep_inputs: true" "settle_ms: 0"
chmod 644 "$T/c.yaml"
mkdir -p "$SPOOL/incoming" "$SPOOL/processing" "$SPOOL/results" "$SPOOL/done" \
	"$SPOOL/failed" "$SPOOL/problems"
due=$(($(date +%s) + 6))
printf 'policy:\n  due: %s\n  late_penalty: 10%%\npuzzles:\n  - {id: a, piles: [1, 2, 3]}\n' \
	"$(date -u -d "@$due" +%Y-%m-%dT%H:%M:%SZ)" >"$SPOOL/problems/hw3.yaml"
chown -R "$D:$D" "$SPOOL"
chmod 755 "$SPOOL" "$SPOOL/problems"
chmod 644 "$SPOOL/problems/hw3.yaml"
chmod 3733 "$SPOOL/incoming"
chmod 0751 "$SPOOL/results"
chmod 0750 "$SPOOL/processing" "$SPOOL/done" "$SPOOL/failed"
H="$T/$S"
mkdir "$H"
chown "$S:$S" "$H"
as_s() { setpriv --reuid="$S" --regid="$S" --clear-groups -- "$@"; }
# S's wrong answer (score 0), and Ada's right one that she got hold of.
as_s sh -c "printf 'problem_set: hw3\nsubmitter: Mallory\nanswers:\n  a: {diff: -1}\n' >$H/m.yaml &&
	printf 'problem_set: hw3\nsubmitter: Ada\nanswers:\n  a: {diff: 2}\n' >$H/ada.yaml" ||
	fail "S cannot write at home"

start_daemon_as "$D" "$D" d "$T/c.yaml"
DPID=$LAST_PID
log_has d 'msg="no ACLs"' && { echo "SKIP: no ACLs on this file system"; exit 77; }

# --- before the due time: a descriptor kept, then renamed in
as_s sh -c "cd $SPOOL && cp $H/m.yaml incoming/.m.yaml.tmp &&
	exec 3< incoming/.m.yaml.tmp; setsid sleep 3000 <&3 & echo \$! >$H/pid
	mv incoming/.m.yaml.tmp incoming/m.yaml" || fail "S cannot hand in"
KEPT=$(cat "$H/pid")
PIDS="$PIDS $KEPT"
R="$SPOOL/results/$S/m.result.yaml"
M="$SPOOL/done/$S/m.yaml"
wait_for 20 test -f "$M" || fail "m.yaml not stored: $(cat "$T/d.log")"
grep -q 'score: 0.0}$' "$R" || fail "graded: $(cat "$R")"
[ "$(date +%s)" -lt "$due" ] || fail "m.yaml was taken after the due time (slow machine?)"
[ "$(stat -c '%a %U' "$M")" = "640 $D" ] || fail "stored as $(stat -c '%a %U' "$M"), want 640 $D"
cmp -s "$H/m.yaml" "$M" || fail "the stored copy is not what was handed in: $(cat "$M")"
cp "$R" "$T/graded.yaml"

# --- after the due time: her write through the descriptor she kept
wait_for 30 sh -c "[ \$(date +%s) -gt $due ]" || fail "the due time did not pass"
as_s sh -c "cd $H && sed 's/Ada/Mallory/' ada.yaml >/proc/$KEPT/fd/0" ||
	fail "S could not write through her descriptor"
cmp -s "$H/m.yaml" "$M" || fail "her write reached the stored copy: $(cat "$M")"
[ "$(stat -c '%a %U' "$M")" = "640 $D" ] || fail "the stored copy became $(stat -c '%a %U' "$M")"
"$CAIRN" regrade -c "$T/c.yaml" --set hw3 >"$T/out" 2>"$T/err" ||
	fail "regrade exit $?: $(cat "$T/err")"
echo "inputs=1 changed=0 replaced=0 unchanged=1 skipped=0 failed=0" >"$T/want"
cmp -s "$T/want" "$T/out" || fail "regrade: $(cat "$T/out" "$T/err")"
[ ! -s "$T/err" ] || fail "regrade said: $(cat "$T/err")"
cmp -s "$T/graded.yaml" "$R" || fail "the result changed: $(diff "$T/graded.yaml" "$R")"
kill "$KEPT"
echo "ok: her write through a kept descriptor reaches neither the stored copy nor a regrade"

# --- a directory, its descriptor kept: empty, then with a file in it
# (mode 0777: the daemon's claim moves it, which needs write access to it)
for x in d e; do
	as_s sh -c "cd $SPOOL && mkdir -m 777 incoming/.$x.tmp &&
		if [ $x = e ]; then echo x >incoming/.$x.tmp/inside; fi &&
		exec 3< incoming/.$x.tmp; setsid sleep 3000 <&3 & echo \$! >$H/pid
		mv incoming/.$x.tmp incoming/$x.yaml" || fail "S cannot hand in $x.yaml"
	KEPT=$(cat "$H/pid")
	PIDS="$PIDS $KEPT"
	F="$SPOOL/failed/$S/$x.yaml"
	wait_for 20 test -e "$F" || fail "$x.yaml not stored: $(cat "$T/d.log")"
	wait_for 10 log_has d "msg=processed file=$x.yaml .*status=error" || fail "$x.yaml: no log line"
	[ "$(stat -c '%F %s %a %U' "$F")" = "regular empty file 0 640 $D" ] ||
		fail "failed/$x.yaml is $(stat -c '%F %s %a %U' "$F")"
	grep -qx 'error: "not a regular file (directory)"' "$SPOOL/results/$S/$x.result.yaml" ||
		fail "$x.yaml: $(cat "$SPOOL/results/$S/$x.result.yaml")"
	[ -z "$(find "$SPOOL/processing/test" -mindepth 1 -maxdepth 1 ! -name '.*')" ] ||
		fail "$x.yaml: left in processing/: $(ls -A "$SPOOL/processing/test")"
	# the empty one is gone: nothing can be made in it through her descriptor
	[ $x = e ] || ! as_s touch "/proc/$KEPT/fd/0/more" 2>/dev/null ||
		fail "S can still write into her directory"
	kill "$KEPT"
done
[ -z "$(ls -A "$SPOOL/processing/test" | grep -x '\.refused~[0-9]*\.[0-9]*~d\.yaml')" ] ||
	fail "the empty directory was put aside, not removed"
aside=$(ls -A "$SPOOL/processing/test" | grep -x '\.refused~[0-9]*\.[0-9]*~e\.yaml') ||
	fail "the directory with a file in it is not put aside: $(ls -A "$SPOOL/processing/test")"
[ -f "$SPOOL/processing/test/$aside/inside" ] || fail "put aside without its file"
echo "ok: a directory leaves an empty file of the daemon's in failed/, not itself"

kill -TERM "$DPID"
wait_exit "$DPID" 20
[ "$STATUS" -eq 0 ] || fail "daemon exit status $STATUS"
"$CAIRN" regrade -c "$T/c.yaml" >"$T/out" 2>"$T/err" || fail "regrade exit $?: $(cat "$T/err")"
echo "inputs=1 changed=0 replaced=0 unchanged=1 skipped=2 failed=0" >"$T/want"
cmp -s "$T/want" "$T/out" || fail "regrade: $(cat "$T/out")"
cat >"$T/want" <<EOT
cairn regrade: failed/$S/d.yaml: refused unread when it arrived, its bytes not kept: not re-graded, skipped
cairn regrade: failed/$S/e.yaml: refused unread when it arrived, its bytes not kept: not re-graded, skipped
EOT
cmp -s "$T/want" "$T/err" || fail "regrade stderr: $(diff "$T/want" "$T/err")"

# --- a stored input changed since it was graded (by root, who can)
sed 's/Ada/Mallory/' "$H/ada.yaml" >"$M"
now=$(sha256sum <"$M" | cut -c1-12)
was=$(sha256sum <"$H/m.yaml" | cut -c1-12)
STATUS=0
"$CAIRN" regrade -c "$T/c.yaml" --set hw3 >"$T/out" 2>"$T/err" || STATUS=$?
[ "$STATUS" -eq 2 ] || fail "regrade of a changed input: exit $STATUS"
echo "inputs=0 changed=0 replaced=0 unchanged=0 skipped=2 failed=1" >"$T/want"
cmp -s "$T/want" "$T/out" || fail "regrade: $(cat "$T/out")"
grep -qx "cairn regrade: done/$S/m.yaml: its bytes are not those graded when it arrived (sha256 $now..., its record says $was...): refused, its result left as it is" "$T/err" ||
	fail "regrade stderr: $(cat "$T/err")"
cmp -s "$T/graded.yaml" "$R" || fail "the result changed: $(diff "$T/graded.yaml" "$R")"
echo "ok: a regrade refuses a stored input changed since it was graded"
