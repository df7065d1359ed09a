#!/bin/sh
# cairn regrade run as root on a spool of a daemon account D (issue 24):
# it works as D, in D's group, so the result it rewrites stays D's, mode
# 0640 in the group that reads the gradebook (never root's), and the
# student S who handed the file in can still read it (the ACL, doc/operating.md).
# Skips (77) without root, useradd or setpriv, and where the file system
# keeps no ACLs.
AS_OTHER=1
. "${top_srcdir:-.}/tests/daemon/lib.sh"

D="crd$$" S="crs$$"
make_accounts "$D" "$S"

share_programs
write_conf "$T/c.yaml" "keep_inputs: true"
chmod 644 "$T/c.yaml"
mkdir -p "$SPOOL/incoming" "$SPOOL/processing" "$SPOOL/results" "$SPOOL/done" \
	"$SPOOL/failed" "$SPOOL/problems"
printf 'puzzles:\n  - {id: a, piles: [1, 2, 3]}\n' >"$SPOOL/problems/hw.yaml"
chown -R "$D:$D" "$SPOOL"
chmod 755 "$SPOOL" "$SPOOL/problems"
chmod 644 "$SPOOL/problems/hw.yaml"
chmod 3733 "$SPOOL/incoming"
chmod 0751 "$SPOOL/results"
chmod 0750 "$SPOOL/processing" "$SPOOL/done" "$SPOOL/failed"

as_s() { setpriv --reuid="$S" --regid="$S" --clear-groups -- "$@"; }
as_s sh -c "printf 'problem_set: hw\nanswers:\n  a: {diff: -1}\n' >$SPOOL/incoming/.hw.yaml &&
	chmod 644 $SPOOL/incoming/.hw.yaml && mv $SPOOL/incoming/.hw.yaml $SPOOL/incoming/hw.yaml" ||
	fail "S cannot hand in"
setpriv --reuid="$D" --regid="$D" --clear-groups -- "$CAIRND" -c "$T/c.yaml" --once \
	>"$T/d.log" 2>&1 || fail "daemon exit $?"
log_has d 'msg="no ACLs"' && { echo "SKIP: no ACLs on this file system"; exit 77; }
R="$SPOOL/results/$S/hw.result.yaml"
grep -q 'score: 0.0}$' "$R" || fail "before: $(cat "$R")"

printf 'puzzles:\n  - {id: a, piles: [1, 5, 3]}\n' >"$SPOOL/problems/hw.yaml"
"$CAIRN" regrade -c "$T/c.yaml" >"$T/out" 2>"$T/err" || fail "regrade exit $?: $(cat "$T/err")"
grep -qx "$S hw.yaml [0-9T:.-]*Z: 0.0 -> 1.0" "$T/out" || fail "regrade: $(cat "$T/out")"
grep -q 'score: 1.0}$' "$R" || fail "after: $(cat "$R")"
[ "$(stat -c '%a %U:%G' "$R")" = "640 $D:$D" ] ||
	fail "the result is $(stat -c '%a %U:%G' "$R"), want 640 $D:$D"
[ "$(stat -c '%U' "$SPOOL/processing/.regrade.lock")" = "$D" ] || fail "the lock is root's"
as_s cat "$R" >/dev/null || fail "S cannot read the regraded result"
echo "ok: a regrade as root writes as the spool's account"
