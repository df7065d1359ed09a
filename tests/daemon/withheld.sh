#!/bin/sh
# Issue 37, item 4: what a withheld result still told its owner, and the
# receipt she gets instead.  The daemon runs as an account D with its own
# group, the student S is a throwaway account outside it, as in
# policy_feedback.sh.  Under `feedback: never` S handed in a right and a
# wrong answer and saw the sizes of the results she could not read (543
# and 640 bytes): now the results are held in results/S/.held/, which S
# may not search, and S reads a receipt for each, of one size whatever
# the verdict.  Then the owner's view (ls -lA and stat, as S, times left
# out: they are the arrivals) of results/S/ after a right answer alone and
# after a wrong answer alone, under one name, is the same to the byte.
# A regrade moves a result published before .held/ was into it.  Held
# results count for max_submissions, are in cairn report, and their
# release shows them in the order of arrival.  Last, `cairn submit --wait` on an after_due set due an hour ahead
# prints the receipt and exits 0 at once, with no --timeout (it waited
# until its timeout and exited 75 before).  Skips (77) without root,
# useradd or setpriv, and where the file system keeps no ACLs.
AS_OTHER=1
. "${top_srcdir:-.}/tests/daemon/lib.sh"

D="cwd$$" S="cws$$"
make_accounts "$D" "$S"
G="$D"

share_programs
write_conf "$T/c.yaml" "rescan_s: 1"
chmod 644 "$T/c.yaml"
package_spool "$D" "$G"
mkdir "$T/$S"
chown "$S:$S" "$T/$S"
chmod 700 "$T/$S"
RS="$SPOOL/results/$S"
SUID=$(id -u "$S")

as() {
	setpriv --reuid="$S" --regid="$S" --clear-groups -- sh -c 'umask 077; exec "$@"' sh "$@"
}
# hand_in NAME SET DIFF: S hands in NAME answering SET's puzzle with DIFF
# (7 is right)
hand_in() {
	as sh -c "printf 'problem_set: $2\nanswers: {a: {diff: $3}}\n' >$T/$S/$1"
	as "$CAIRN" submit --spool "$SPOOL" "$T/$S/$1" >/dev/null 2>"$T/err" ||
		fail "submit $1: $(cat "$T/err")"
}
once() {	# LOG: a --once run as D
	STATUS=0
	setpriv --reuid="$D" --regid="$G" --clear-groups -- "$CAIRND" -c "$T/c.yaml" --once \
		>"$T/$1.log" 2>&1 || STATUS=$?
	[ "$STATUS" -eq 0 ] || fail "--once ($1) exit $STATUS"
	if grep -q 'msg="no ACLs"' "$T/$1.log"; then
		echo "SKIP: the file system of $SPOOL keeps no POSIX ACLs"
		exit 77
	fi
}
# view: what S sees of results/S/ (its entries and itself), times left out
view() {
	as sh -c 'cd "$1" && ls -lA --time-style=+ && stat -c "%n %F %s %b %h %a %U %G" . * .[!.]*' sh "$RS"
}
printf 'policy:\n  feedback: never\npuzzles:\n  - {id: a, piles: [3, 9, 1, 2]}\n' \
	>"$SPOOL/problems/nv.yaml"
chmod 644 "$SPOOL/problems/nv.yaml"

# --- the reproduction: a right and a wrong answer, feedback never
hand_in r.yaml nv 7
hand_in w.yaml nv 5
once once1
grep -qx '    verdict: correct' "$RS/.held/r.result.yaml" &&
	grep -qx '    verdict: wrong' "$RS/.held/w.result.yaml" ||
	fail "results: $(ls -la "$RS" "$RS/.held" 2>&1)"
[ "$(as ls "$RS")" = "$(printf 'r.yaml.receipt\nw.yaml.receipt')" ] ||
	fail "S sees: $(as ls "$RS" 2>&1)"
! as stat "$RS/.held/r.result.yaml" >"$T/stat.out" 2>&1 &&
	grep -q 'Permission denied' "$T/stat.out" || fail "S can stat a held result: $(cat "$T/stat.out")"
R=$(as stat -c '%s %b %h %a %U %G' "$RS/r.yaml.receipt")
W=$(as stat -c '%s %b %h %a %U %G' "$RS/w.yaml.receipt")
[ "$R" = "$W" ] || fail "receipts differ: right $R, wrong $W"
echo "ok: feedback never: S sees receipts of one size (size blocks links mode owner group: $R) and no result"
for f in r w; do
	as cat "$RS/$f.yaml.receipt" | sed 's/^received: 20[0-9-]*T[0-9:.]*Z$/received: TIME/' >"$T/got.$f" ||
		fail "S cannot read her receipt $f.yaml.receipt"
	printf 'format: cairn-receipt/1\nsource: %s.yaml\nowner: %s\nuid: %s\nreceived: TIME\nsha256: %s\nlate: false\nfeedback: never\nresult: %s.result.yaml\n' \
		"$f" "$S" "$SUID" "$(sha256sum <"$T/$S/$f.yaml" | cut -c1-64)" "$f" >"$T/want.$f"
	diff "$T/want.$f" "$T/got.$f" >&2 || fail "receipt of $f.yaml"
done
echo "ok: each receipt names the input, its digest, its arrival, on time, feedback never"

# --- a result published in results/S/ before .held/ was, and regraded
# after the set changed, moves into .held/
mv "$RS/.held/w.result.yaml" "$RS/w.result.yaml"
sed 's/piles: \[3, 9, 1, 2\]}/piles: [3, 9, 1, 2], points: 2}/' "$SPOOL/problems/nv.yaml" >"$T/nv.yaml"
cat "$T/nv.yaml" >"$SPOOL/problems/nv.yaml"
"$CAIRN" regrade -c "$T/c.yaml" --set nv >"$T/rg.out" 2>"$T/rg.err" ||
	fail "regrade: $(cat "$T/rg.out" "$T/rg.err")"
[ "$(tail -n 1 "$T/rg.out")" = "inputs=2 changed=0 replaced=2 unchanged=0 skipped=0 failed=0" ] ||
	fail "regrade: $(cat "$T/rg.out" "$T/rg.err")"
[ ! -e "$RS/w.result.yaml" ] && grep -q 'points: 0, max_points: 2' "$RS/.held/w.result.yaml" ||
	fail "after the regrade: $(ls -la "$RS" "$RS/.held")"
echo "ok: a regrade moves a result published before .held/ was into it"

# --- the owner's whole view after a right answer alone, then after a wrong one alone
rm -rf "$RS"
hand_in hw.yaml nv 7
once once2
view >"$T/view.right" || fail "view: $(cat "$T/view.right")"
rm -rf "$RS"
hand_in hw.yaml nv 5
once once3
view >"$T/view.wrong" || fail "view: $(cat "$T/view.wrong")"
grep -qx '    verdict: wrong' "$RS/.held/hw.result.yaml" || fail "hw.yaml not graded wrong"
diff "$T/view.right" "$T/view.wrong" >&2 || fail "S's view of results/$S differs between right and wrong"
sed 's/^/  /' "$T/view.right"
echo "ok: S's view of results/$S is the same after a right and after a wrong answer"

# --- what else reads results finds the held ones: max_submissions counts
# them (a second submission is refused, readable at once), cairn report
# lists them; and the release shows them in arrival order, the latest
# current, the earlier in history/
printf 'policy:\n  max_submissions: 1\n  feedback: never\npuzzles:\n  - {id: a, piles: [3, 9, 1, 2]}\n' \
	>"$SPOOL/problems/lim.yaml"
DUE_S=$(($(date +%s) + 5))
printf 'policy:\n  due: %s\n  feedback: after_due\npuzzles:\n  - {id: a, piles: [3, 9, 1, 2]}\n' \
	"$(date -u -d "@$DUE_S" +%Y-%m-%dT%H:%M:%SZ)" >"$SPOOL/problems/soon.yaml"
chmod 644 "$SPOOL/problems/lim.yaml" "$SPOOL/problems/soon.yaml"
hand_in l1.yaml lim 7
once once4
hand_in l2.yaml lim 7
hand_in s.yaml soon 7
once once5
as cat "$RS/l2.result.yaml" >"$T/l2" 2>&1 && grep -qx 'error: "submission limit reached (1 of 1)"' "$T/l2" ||
	fail "the second submission to lim: $(cat "$T/l2")"
hand_in s.yaml soon 5
once once6
[ "$(date +%s)" -lt "$DUE_S" ] || fail "due passed before the check: the machine took 5 s"
[ -f "$RS/.held/s.result.yaml" ] && [ -f "$RS/.held/history/s.result.1.yaml" ] &&
	[ ! -e "$RS/s.result.yaml" ] || fail "held: $(ls -R "$RS" 2>&1)"
"$CAIRN" report "$SPOOL/results" | cut -d, -f1,2,4,6,7 | sort >"$T/report"
printf '%s\n' "hw.yaml,$S,nv,0,1" "l1.yaml,$S,lim,1,0" "l2.yaml,$S,lim,0,0" "s.yaml,$S,soon,0,1" \
	"s.yaml,$S,soon,1,0" "source,owner,problem_set,correct,wrong" >"$T/want.report"
diff "$T/want.report" "$T/report" >&2 || fail "cairn report"
wait_past "$DUE_S"
once once7
log_has once7 'msg="feedback released" problem_set=soon results=2$' ||
	fail "release: $(grep feedback "$T/once7.log")"
as grep -qx '    verdict: wrong' "$RS/s.result.yaml" &&
	as grep -qx '    verdict: correct' "$RS/history/s.result.1.yaml" ||
	fail "shown: $(ls -lR "$RS" 2>&1)"
[ -z "$(ls -A "$RS/.held/history")" ] && [ ! -e "$RS/.held/s.result.yaml" ] ||
	fail "left held: $(ls -lR "$RS/.held")"
echo "ok: held results counted for max_submissions, in cairn report, shown at their release in arrival order"

# --- cairn submit --wait on an after_due set due an hour ahead
DUE_S=$(($(date +%s) + 3600))
printf 'policy:\n  due: %s\n  feedback: after_due\npuzzles:\n  - {id: a, piles: [3, 9, 1, 2]}\n' \
	"$(date -u -d "@$DUE_S" +%Y-%m-%dT%H:%M:%SZ)" >"$SPOOL/problems/ad.yaml"
chmod 644 "$SPOOL/problems/ad.yaml"
start_daemon_as "$D" "$G" d "$T/c.yaml"
DPID=$LAST_PID
as sh -c "printf 'problem_set: ad\nanswers: {a: {diff: 7}}\n' >$T/$S/hw4.yaml"
STATUS=0
timeout 60 setpriv --reuid="$S" --regid="$S" --clear-groups -- sh -c 'umask 077; exec "$@"' sh \
	"$CAIRN" submit --spool "$SPOOL" --wait "$T/$S/hw4.yaml" >"$T/wait.out" 2>"$T/wait.err" ||
	STATUS=$?
[ "$STATUS" -eq 0 ] || fail "submit --wait exit $STATUS: $(cat "$T/wait.out" "$T/wait.err")"
{
	printf '%s: handed in as %s (mode 0640)\n' "$T/$S/hw4.yaml" "$SPOOL/incoming/hw4.yaml"
	printf '==> %s <==\n' "$RS/hw4.yaml.receipt"
	printf 'format: cairn-receipt/1\nsource: hw4.yaml\nowner: %s\nuid: %s\nreceived: TIME\nsha256: %s\nlate: false\nfeedback: %s.000Z\nresult: hw4.result.yaml\n' \
		"$S" "$SUID" "$(sha256sum <"$T/$S/hw4.yaml" | cut -c1-64)" \
		"$(date -u -d "@$DUE_S" +%Y-%m-%dT%H:%M:%S)"
} >"$T/want.wait"
sed 's/^received: 20[0-9-]*T[0-9:.]*Z$/received: TIME/' "$T/wait.out" >"$T/got.wait"
diff "$T/want.wait" "$T/got.wait" >&2 || fail "submit --wait printed: $(cat "$T/wait.out" "$T/wait.err")"
[ ! -s "$T/wait.err" ] || fail "submit --wait said: $(cat "$T/wait.err")"
kill -TERM "$DPID"
wait_exit "$DPID" 30
[ "$STATUS" -eq 0 ] || fail "daemon exit $STATUS"
echo "ok: cairn submit --wait on an after_due set prints the receipt and exits 0 at once"
