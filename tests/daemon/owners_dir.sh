#!/bin/sh
# Issue 37, case 2: one student's directory in incoming/ stalls nobody.
# The daemon runs as an account D with its own group G, the spool as the
# package lays it out (incoming/ 3733); students S1 and S2 are outside G.
# S1 runs `mkdir -m 750 incoming/dir.yaml`: the daemon may not move that
# directory (moving a directory to another one rewrites its "..", which
# needs write permission on it), and that is the entry's trouble, not
# the spool's: it is left in incoming/ with one log line, and no storage
# backoff starts.  S2's files, dropped 1.5 s apart while the directory
# sits there, each get their result within 1 s of the drop (the first
# backoff alone is 1 s), and the log has no storage error.  Skips (77)
# without root, useradd or setpriv.
AS_OTHER=1
. "${top_srcdir:-.}/tests/daemon/lib.sh"

D="cdd$$" S1="cds1$$" S2="cds2$$"
make_accounts "$D" "$S1" "$S2"
G="$D"

share_programs
write_conf "$T/c.yaml" "log_level: debug" "rescan_s: 1"
chmod 644 "$T/c.yaml"
package_spool "$D" "$G"
mkdir "$T/$S2"
chown "$S2:$S2" "$T/$S2"
hw1_input >"$T/$S2/hw.yaml"
chown "$S2:$S2" "$T/$S2/hw.yaml"

start_daemon_as "$D" "$G" d "$T/c.yaml"
DPID=$LAST_PID

# --- the reproduction: S1's directory, as in the issue
as_account "$S1" mkdir -m 750 "$SPOOL/incoming/dir.yaml"
wait_for 20 log_has d 'file=dir.yaml' || fail "dir.yaml never looked at"

# --- S2's files, 1.5 s apart, each within 1 s of its drop
ms() { echo $(( $(date +%s%N) / 1000000 )); }
for k in 1 2 3 4; do
	t0=$(ms)
	as_account "$S2" cp "$T/$S2/hw.yaml" "$SPOOL/incoming/.s$k.yaml"
	as_account "$S2" mv "$SPOOL/incoming/.s$k.yaml" "$SPOOL/incoming/s$k.yaml"
	wait_for 5 test -f "$SPOOL/results/$S2/s$k.result.yaml" || fail "s$k.yaml not processed"
	t1=$(ms)
	[ $((t1 - t0)) -le 1000 ] || fail "s$k.yaml took $((t1 - t0)) ms"
	sleep 1.5
done

# --- a rescan (rescan_s: 1) has passed over it several times: one line
[ -d "$SPOOL/incoming/dir.yaml" ] || fail "dir.yaml moved: $(ls -R "$SPOOL")"
! log_has d 'msg="storage error"' || fail "storage error: $(grep 'storage error' "$T/d.log")"
! log_has d 'msg=retrying' || fail "backoff: $(grep 'msg=retrying' "$T/d.log")"
[ "$(grep -v 'level=debug' "$T/d.log" | grep -c 'file=dir.yaml')" -eq 1 ] ||
	fail "dir.yaml lines: $(grep 'file=dir.yaml' "$T/d.log")"
grep 'file=dir.yaml' "$T/d.log" | grep -v 'level=debug' | sed 's/^ts=[^ ]* //' >"$T/line"
[ "$(cat "$T/line")" = 'level=warning msg="left in incoming" file=dir.yaml reason="not a regular file (directory), and the daemon may not move it: Permission denied"' ] ||
	fail "dir.yaml line: $(cat "$T/line")"

kill -TERM "$DPID"
wait_exit "$DPID" 30
[ "$STATUS" -eq 0 ] || fail "daemon exit $STATUS"
echo "PASS: a student's directory in incoming/ is left alone with one line; the others run at full speed"
