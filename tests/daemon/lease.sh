#!/bin/sh
# A file that a process on this host holds open for writing is never
# taken (doc/spool.md): one with an hour-old mtime, renamed into incoming/
# while a background process keeps it open for appending, stays in
# incoming/ through rescans well past settle_ms; once that process ends
# (the close) it is taken, whole.  Without CAP_LEASE (its bounding set
# dropped) the daemon says so in one warning line at start; with it, it
# says nothing.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

command -v setpriv >/dev/null || { echo "SKIP: no setpriv"; exit 77; }
I="$SPOOL/incoming"
write_conf "$T/c.yaml" "settle_ms: 300" "rescan_s: 1" "log_level: debug"
mkdir -p "$I"
start_daemon d "$T/c.yaml"
D=$LAST_PID
wait_for 20 log_has d "msg=started" || fail "daemon did not start"
! log_has d 'CAP_LEASE\|no leases' || fail "a lease warning with CAP_LEASE: $(grep -i lease "$T/d.log")"

# held.yaml: complete, old, and open for writing while it is renamed in
hw1_input >"$T/held.yaml"
touch -d '1 hour ago' "$T/held.yaml"
sleep 600 3>>"$T/held.yaml" &
H=$!
PIDS="$PIDS $H"
# The writer's open comes in its own process: wait for it before the rename.
wait_for 10 sh -c "ls -l /proc/$H/fd 2>/dev/null | grep -q 'held.yaml\$'" ||
	fail "the writer did not open held.yaml"
mv "$T/held.yaml" "$I/held.yaml"
# the rename, then three rescans: each finds it open for writing
wait_for 30 sh -c "[ \$(grep -c 'msg=\"open for writing\" file=held.yaml action=wait' '$T/d.log') -ge 4 ]" ||
	fail "held.yaml not looked at 4 times: $(grep -c 'open for writing' "$T/d.log")"
[ -f "$I/held.yaml" ] || fail "held.yaml was taken while open for writing"
[ ! -e "$RES/held.result.yaml" ] || fail "held.yaml has a result while open for writing"
kill "$H"
wait "$H" 2>/dev/null || true
wait_for 20 test -f "$RES/held.result.yaml" || fail "held.yaml not taken once closed"
expect_hw1 | sed 's/^source: hw1.yaml$/source: held.yaml/' >"$T/want"
same_result "$T/want" "$RES/held.result.yaml" || fail "held.yaml result differs"
[ "$(log_count d "msg=processed file=held.yaml ")" -eq 1 ] || fail "held.yaml not processed once"
kill -TERM "$D"
wait_exit "$D" 20
[ "$STATUS" -eq 0 ] || fail "exit status $STATUS"

# Without CAP_LEASE: one warning line, naming what protects in-place writers.
setpriv --inh-caps=-lease --bounding-set=-lease -- "$CAIRND" -c "$T/c.yaml" >"$T/n.log" 2>&1 &
N=$!
PIDS="$PIDS $N"
wait_for 20 log_has n "msg=started" || fail "daemon without CAP_LEASE did not start"
[ "$(log_count n 'CAP_LEASE')" -eq 1 ] || fail "not one CAP_LEASE line: $(grep -i lease "$T/n.log")"
grep -q '^ts=[^ ]* level=warning msg="no CAP_LEASE" detail="a file of another account written in place is taken once unchanged for settle_ms, even while still open for writing, and read again if it changes while read" settle_ms=300$' "$T/n.log" ||
	fail "warning line: $(grep CAP_LEASE "$T/n.log")"
kill -TERM "$N"
wait_exit "$N" 20
[ "$STATUS" -eq 0 ] || fail "exit status $STATUS without CAP_LEASE"
echo "ok: a file open for writing is not taken; no CAP_LEASE is said once"
