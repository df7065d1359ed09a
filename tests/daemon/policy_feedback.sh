#!/bin/sh
# Issue 24: `feedback: after_due` with throwaway accounts, as in
# owners_perm.sh (the daemon runs as an account D with its own group; the
# student S is outside it).  S hands in a submission to a set whose due
# lies a few seconds ahead: before due S can list results/S/, which holds
# her receipt, but not the result, held in results/S/.held/ (Permission
# denied); once the clock has passed due, the
# running daemon grants it within rescan_s (1 s here), logs `feedback
# released` once and leaves its marker.  Then the same with --once runs:
# the run before due holds the grant back, the first run after due
# grants it, and a third run grants nothing again.  Last, an extension
# for S moves S's release alone: in a running daemon another student U's
# result is granted at the set's due, S's only at S's own due, each
# release once with a marker of its own.  Skips (77) without
# root, useradd or setpriv, and where the file system keeps no ACLs.
AS_OTHER=1
. "${top_srcdir:-.}/tests/daemon/lib.sh"

D="cfd$$" S="cfs$$" U="cfu$$"
make_accounts "$D" "$S" "$U"
G="$D"

share_programs
write_conf "$T/c.yaml" "rescan_s: 1"
chmod 644 "$T/c.yaml"
package_spool "$D" "$G"

as() {
	_u=$1
	shift
	setpriv --reuid="$_u" --regid="$_u" --clear-groups -- sh -c 'umask 077; exec "$@"' sh "$@"
}
denied() {
	_u=$1
	shift
	! as "$_u" "$@" >"$T/denied.out" 2>&1 && grep -q 'Permission denied' "$T/denied.out"
}
# feedback_set NAME: problems/NAME.yaml due 6 s from now, feedback after
# due; its due time in $DUE_S
feedback_set() {
	DUE_S=$(($(date +%s) + 6))
	printf 'policy:\n  due: %s\n  feedback: after_due\npuzzles:\n  - {id: a, piles: [3, 9, 1, 2]}\n' \
		"$(date -u -d "@$DUE_S" +%Y-%m-%dT%H:%M:%SZ)" >"$SPOOL/problems/$1.yaml"
	chmod 644 "$SPOOL/problems/$1.yaml"
}
# hand_in NAME SET [USER]: USER (default S) hands in NAME, answering SET's
# puzzle rightly
hand_in() {
	_who=${3:-$S}
	as "$_who" sh -c "printf 'problem_set: $2\nanswers: {a: {diff: 7}}\n' >$T/$_who/$1"
	as "$_who" "$CAIRN" submit --spool "$SPOOL" "$T/$_who/$1" >/dev/null 2>"$T/err" ||
		fail "submit $1: $(cat "$T/err")"
}
# before_due: the clock has not passed DUE_S yet (else the machine was too slow)
before_due() {
	[ "$(date +%s)" -lt "$DUE_S" ] || fail "due passed before the check: the machine took 6 s"
}
past_due() {
	wait_past "$DUE_S"
}
once() {	# LOG: a --once run as D
	STATUS=0
	setpriv --reuid="$D" --regid="$G" --clear-groups -- "$CAIRND" -c "$T/c.yaml" --once \
		>"$T/$1.log" 2>&1 || STATUS=$?
	[ "$STATUS" -eq 0 ] || fail "--once ($1) exit $STATUS"
}
for _u in "$S" "$U"; do
	mkdir "$T/$_u"
	chown "$_u:$_u" "$T/$_u"
	chmod 700 "$T/$_u"
done
RS="$SPOOL/results/$S"

# --- a running daemon
feedback_set fb
start_daemon_as "$D" "$G" d "$T/c.yaml"
DPID=$LAST_PID
if log_has d 'msg="no ACLs"'; then
	echo "SKIP: the file system of $SPOOL keeps no POSIX ACLs: $(grep 'msg="no ACLs"' "$T/d.log")"
	exit 77
fi
hand_in hw1.yaml fb
wait_for 20 test -f "$RS/.held/hw1.result.yaml" || fail "hw1.yaml not processed"
[ "$(as "$S" ls "$RS")" = hw1.yaml.receipt ] || fail "S cannot list results/$S: $(as "$S" ls "$RS" 2>&1)"
denied "$S" cat "$RS/.held/hw1.result.yaml" || fail "S read the result before due: $(cat "$T/denied.out")"
before_due
past_due
# rescan_s is 1: granted within a second or so of due.
wait_for 10 as "$S" cat "$RS/hw1.result.yaml" || fail "S still cannot read the result after due"
grep -qx '    verdict: correct' "$RS/hw1.result.yaml" || fail "result: $(cat "$RS/hw1.result.yaml")"
log_has d "msg=\"feedback released\" problem_set=fb results=1\$" ||
	fail "no feedback released line: $(grep feedback "$T/d.log")"
[ -f "$SPOOL/results/.released/fb@${DUE_S}000" ] ||
	fail "no marker: $(ls -a "$SPOOL/results/.released" 2>&1)"
[ "$(stat -c %a "$SPOOL/results/.released" "$SPOOL/results/.released/fb@${DUE_S}000" | tr '\n' ' ')" = "750 640 " ] ||
	fail "marker modes: $(stat -c '%n %a' "$SPOOL/results/.released"/*)"
kill -TERM "$DPID"
wait_exit "$DPID" 30
[ "$STATUS" -eq 0 ] || fail "daemon exit $STATUS"
[ "$(log_count d 'msg="feedback released"')" -eq 1 ] ||
	fail "feedback released more than once: $(grep feedback "$T/d.log")"
echo "ok: after_due in a running daemon: unreadable before due, readable within rescan_s after it, released once"

# --- --once runs
feedback_set fb2
hand_in hw2.yaml fb2
once once1
[ -f "$RS/.held/hw2.result.yaml" ] || fail "hw2.yaml not processed: $(cat "$T/once1.log")"
denied "$S" cat "$RS/.held/hw2.result.yaml" || fail "S read hw2's result before due: $(cat "$T/denied.out")"
before_due
! log_has once1 'feedback released' || fail "once1 released: $(grep feedback "$T/once1.log")"
past_due
once once2
as "$S" cat "$RS/hw2.result.yaml" >/dev/null 2>"$T/err" || fail "S cannot read hw2's result after due: $(cat "$T/err")"
[ "$(log_count once2 'msg="feedback released"')" -eq 1 ] &&
	log_has once2 'msg="feedback released" problem_set=fb2 results=1$' ||
	fail "once2: $(grep feedback "$T/once2.log")"
once once3
! log_has once3 'feedback released' || fail "once3 released again: $(grep feedback "$T/once3.log")"
echo "ok: after_due with --once: held back before due, granted by the first run after it, once"

# --- an extension for S, in a running daemon: the set due 6 s ahead, S's
# own due 12 s ahead; U's result is granted at the set's due, S's not
# until S's own
BASE_S=$(($(date +%s) + 6))
EXT_S=$((BASE_S + 6))
printf 'policy:\n  due: %s\n  feedback: after_due\n  extensions:\n    %s: {due: %s}\npuzzles:\n  - {id: a, piles: [3, 9, 1, 2]}\n' \
	"$(date -u -d "@$BASE_S" +%Y-%m-%dT%H:%M:%SZ)" "$S" \
	"$(date -u -d "@$EXT_S" +%Y-%m-%dT%H:%M:%SZ)" >"$SPOOL/problems/fb3.yaml"
chmod 644 "$SPOOL/problems/fb3.yaml"
start_daemon_as "$D" "$G" ext "$T/c.yaml"
DPID=$LAST_PID
hand_in hw3.yaml fb3
hand_in hw3u.yaml fb3 "$U"
RU="$SPOOL/results/$U"
wait_for 20 test -f "$RS/.held/hw3.result.yaml" -a -f "$RU/.held/hw3u.result.yaml" ||
	fail "hw3.yaml, hw3u.yaml not processed"
denied "$U" cat "$RU/.held/hw3u.result.yaml" || fail "U read the result before due: $(cat "$T/denied.out")"
DUE_S=$BASE_S
before_due
past_due
wait_for 10 as "$U" cat "$RU/hw3u.result.yaml" || fail "U still cannot read the result after due"
denied "$S" cat "$RS/.held/hw3.result.yaml" || fail "S read the result before S's own due: $(cat "$T/denied.out")"
DUE_S=$EXT_S
before_due
past_due
wait_for 10 as "$S" cat "$RS/hw3.result.yaml" || fail "S still cannot read the result after S's due"
kill -TERM "$DPID"
wait_exit "$DPID" 30
[ "$STATUS" -eq 0 ] || fail "daemon exit $STATUS"
[ "$(log_count ext 'msg="feedback released" problem_set=fb3 results=1')" -eq 2 ] ||
	fail "feedback of fb3 not released twice, one result each: $(grep feedback "$T/ext.log")"
[ -f "$SPOOL/results/.released/fb3@${BASE_S}000" ] &&
	[ -f "$SPOOL/results/.released/fb3@${EXT_S}000@$S" ] ||
	fail "markers: $(ls -a "$SPOOL/results/.released" 2>&1)"
echo "ok: an extension moves its owner's release alone: U's result at the set's due, S's at S's own"
