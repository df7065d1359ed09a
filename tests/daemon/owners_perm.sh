#!/bin/sh
# Issue 23: who may read what, with the package's modes (doc/operating.md, "Who may
# read what") and throwaway accounts.  The daemon runs as an account D with
# its own group G (as cairn:cairn): the spool is D:G, incoming/ 3733,
# results/ 0751, done/ and failed/ 0750.  Three students outside G:
# - S3 cannot read (or list) a file that S2 handed in with cairn submit
#   while it waits in incoming/ (the daemon stopped): the copy is 0640 in
#   the group G, whatever S2's umask (077) and source mode (0600);
# - S1 hands in hw1.yaml with `cairn submit --wait`, a first submission
#   (results/S1/ is not there yet), and gets the result printed, byte for
#   byte the result file, and the exit status of its verdicts (0);
# - S2 handed in a hw1.yaml of its own: both results exist, each in its
#   owner's directory; S2's second file (--wait, its directory there
#   already) gets its result and exit 1 (a wrong answer);
# - S1 reads and lists results/S1/ but cannot list results/ nor read or
#   list results/S2/, nor list done/ or failed/.
# Skips (77) without root, useradd or setpriv, and where the file system
# keeps no ACLs (the daemon says so at start).
AS_OTHER=1
. "${top_srcdir:-.}/tests/daemon/lib.sh"

# Accounts named after this test and its pid, each with a group of its own,
# removed at exit with their groups.
D="cpd$$" S1="cps1$$" S2="cps2$$" S3="cps3$$"
make_accounts "$D" "$S1" "$S2" "$S3"
G="$D"

share_programs
write_conf "$T/c.yaml"
chmod 644 "$T/c.yaml"
mkdir -p "$SPOOL/incoming" "$SPOOL/processing" "$SPOOL/results" "$SPOOL/done" \
	"$SPOOL/failed" "$SPOOL/problems"
chown -R "$D:$G" "$SPOOL"
chmod 755 "$SPOOL" "$SPOOL/problems"
chmod 3733 "$SPOOL/incoming"
chmod 0751 "$SPOOL/results"
chmod 0750 "$SPOOL/processing" "$SPOOL/done" "$SPOOL/failed"

# as USER COMMAND...: run COMMAND as USER, in USER's group only, umask 077.
as() {
	_u=$1
	shift
	setpriv --reuid="$_u" --regid="$_u" --clear-groups -- sh -c 'umask 077; exec "$@"' sh "$@"
}
# denied USER COMMAND...: COMMAND fails as USER with Permission denied.
denied() {
	_u=$1
	shift
	! as "$_u" "$@" >"$T/denied.out" 2>&1 && grep -q 'Permission denied' "$T/denied.out"
}

# Each student's home: their sources, 0600 under umask 077.
for s in "$S1" "$S2" "$S3"; do
	mkdir "$T/$s"
	chown "$s:$s" "$T/$s"
	chmod 700 "$T/$s"
done
# S1: 5 3 4 5, diff 1 expected (correct); S2: 1 2 3 (diff 2), expecting 5.
as "$S1" sh -c "printf 'id: p1\npiles: [5, 3, 4, 5]\nexpect: {diff: 1}\n' >$T/$S1/hw1.yaml"
as "$S2" sh -c "printf 'id: q1\npiles: [1, 2, 3]\n' >$T/$S2/hw1.yaml"
as "$S2" sh -c "printf 'id: q2\npiles: [1, 2, 3]\nexpect: {diff: 5}\n' >$T/$S2/hw2.yaml"
[ "$(stat -c %a "$T/$S2/hw1.yaml")" = 600 ] || fail "S2's source is not 0600"

# --- no daemon: S2's file waits in incoming/, S3 cannot read it
as "$S2" "$CAIRN" submit --spool "$SPOOL" "$T/$S2/hw1.yaml" >"$T/out" 2>"$T/err" ||
	fail "S2 submit: $(cat "$T/err")"
[ "$(cat "$T/out")" = "$T/$S2/hw1.yaml: $SPOOL/incoming/hw1.yaml" ] || fail "S2 submit: $(cat "$T/out")"
W="$SPOOL/incoming/hw1.yaml"
[ "$(stat -c '%a %U:%G' "$W")" = "640 $S2:$G" ] ||
	fail "waiting file is $(stat -c '%a %U:%G' "$W"), want 640 $S2:$G"
denied "$S3" cat "$W" || fail "S3 could read S2's waiting file: $(cat "$T/denied.out")"
denied "$S3" ls "$SPOOL/incoming" || fail "S3 could list incoming/: $(cat "$T/denied.out")"
# ... which the daemon's account reads through the group
setpriv --reuid="$D" --regid="$G" --clear-groups -- cat "$W" >/dev/null || fail "D cannot read the waiting file"

# --- the daemon, as D: S2's file is processed
start_daemon_as "$D" "$G" d "$T/c.yaml"
DPID=$LAST_PID
if log_has d 'msg="no ACLs"'; then
	echo "SKIP: the file system of $SPOOL keeps no POSIX ACLs: $(grep 'msg="no ACLs"' "$T/d.log")"
	exit 77
fi
wait_for 20 test -f "$SPOOL/results/$S2/hw1.result.yaml" || fail "S2's hw1.yaml not processed"

# --- S1's first submission, with --wait: results/S1/ is not there yet
[ ! -e "$SPOOL/results/$S1" ] || fail "results/$S1 there before S1 submitted"
STATUS=0
as "$S1" "$CAIRN" submit --spool "$SPOOL" --wait --timeout 60 "$T/$S1/hw1.yaml" \
	>"$T/s1.out" 2>"$T/s1.err" || STATUS=$?
[ "$STATUS" -eq 0 ] || fail "S1 submit --wait: exit $STATUS: $(cat "$T/s1.err")"
[ ! -s "$T/s1.err" ] || fail "S1 stderr: $(cat "$T/s1.err")"
R1="$SPOOL/results/$S1/hw1.result.yaml"
R2="$SPOOL/results/$S2/hw1.result.yaml"
[ "$(sed -n 1,2p "$T/s1.out")" = "$T/$S1/hw1.yaml: $SPOOL/incoming/hw1.yaml
==> $R1 <==" ] || fail "S1 output: $(cat "$T/s1.out")"
sed 1,2d "$T/s1.out" | cmp - "$R1" || fail "S1's printed result is not the result file"
grep -qx '    verdict: correct' "$R1" || fail "S1's result: $(cat "$R1")"

# --- the collision: both hw1.yaml have their results, each its owner's
grep -qx 'source: hw1.yaml' "$R1" && grep -qx 'source: hw1.yaml' "$R2" || fail "sources"
grep -qx '    diff: 1' "$R1" || fail "results/$S1: $(cat "$R1")"
grep -qx '    diff: 2' "$R2" || fail "results/$S2: $(cat "$R2")"
[ -f "$SPOOL/done/$S1/hw1.yaml" ] && [ -f "$SPOOL/done/$S2/hw1.yaml" ] ||
	fail "done/: $(find "$SPOOL/done" | tr '\n' ' ')"
[ "$(stat -c '%a %U' "$SPOOL/results/$S1" "$R1" | tr '\n' ' ')" = "750 $D 640 $D " ] ||
	fail "results/$S1 and its result: $(stat -c '%a %U' "$SPOOL/results/$S1" "$R1" | tr '\n' ' ')"

# --- S2's second file: its directory is there and readable, exit 1
STATUS=0
as "$S2" "$CAIRN" submit --spool "$SPOOL" --wait --timeout 60 "$T/$S2/hw2.yaml" \
	>"$T/s2.out" 2>"$T/s2.err" || STATUS=$?
[ "$STATUS" -eq 1 ] || fail "S2 submit --wait: exit $STATUS: $(cat "$T/s2.err")"
[ "$(sed -n 2p "$T/s2.out")" = "==> $SPOOL/results/$S2/hw2.result.yaml <==" ] || fail "S2 output: $(cat "$T/s2.out")"
grep -qx '    verdict: wrong' "$T/s2.out" || fail "S2 result: $(cat "$T/s2.out")"

# --- who reads what
as "$S1" cat "$R1" >"$T/got" || fail "S1 cannot read $R1"
cmp "$T/got" "$R1" || fail "S1 read another $R1"
[ "$(as "$S1" ls "$SPOOL/results/$S1")" = hw1.result.yaml ] ||
	fail "S1 lists results/$S1: $(as "$S1" ls "$SPOOL/results/$S1" 2>&1)"
for what in "ls $SPOOL/results" "cat $R2" "ls $SPOOL/results/$S2" "cat $SPOOL/results/$S2/hw2.result.yaml" \
	"ls $SPOOL/done" "ls $SPOOL/failed"; do
	# shellcheck disable=SC2086
	denied "$S1" $what || fail "S1 could: $what: $(cat "$T/denied.out")"
done
for what in "cat $R1" "ls $SPOOL/results/$S1" "cat $R2" "ls $SPOOL/results"; do
	# shellcheck disable=SC2086
	denied "$S3" $what || fail "S3 could: $what: $(cat "$T/denied.out")"
done

kill -TERM "$DPID"
wait_exit "$DPID" 30
[ "$STATUS" -eq 0 ] || fail "daemon exit $STATUS"
echo "PASS: owners read their own results and nobody else's; waiting files are private"
