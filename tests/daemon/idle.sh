#!/bin/sh
# An idle daemon leaves a shared spool alone: it looks at the other
# instances' locks (a round trip each on a network file system) only once
# a rescan period, not every 250 ms as while files wait or run.  strace
# counts its opens of a peer's lock file over 3 idle seconds, then over a
# burst of files.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

skip() {
	echo "SKIP: $*"
	exit 77
}
command -v strace >/dev/null 2>&1 || skip "strace is not installed"
write_conf "$T/c.yaml" "rescan_s: 30"
mkdir -p "$SPOOL/incoming" "$SPOOL/processing/peer"
printf 'pid=1 host=otherhost dev=0\n' >"$SPOOL/processing/peer/.lock"
start_daemon d "$T/c.yaml"
D=$LAST_PID
wait_for 20 log_has d "msg=started" || fail "daemon did not start"
sleep 0.5
timeout 3 strace -f -qq -e trace=openat -o "$T/idle.trace" -p "$D" 2>"$T/strace.err" || true
! grep -q "Operation not permitted" "$T/strace.err" || skip "strace cannot attach here: $(head -1 "$T/strace.err")"
[ -f "$T/idle.trace" ] || skip "strace wrote nothing: $(head -1 "$T/strace.err")"
n=$(grep -c 'peer/.lock' "$T/idle.trace") || true
[ "$n" -eq 0 ] || fail "idle for 3 s, it opened the peer's lock $n times: $(grep 'peer/.lock' "$T/idle.trace" | head -3)"

kill -TERM "$D"
wait_exit "$D" 20

# While files wait, every 250 ms: here five that a scan found, which wait
# for a rescan period, since a live instance on another host ("peer", its
# lock held by a helper) may take them.
command -v python3 >/dev/null 2>&1 || skip "python3 is not installed"
python3 -c 'import fcntl, sys, time
f = open(sys.argv[1], "r+")
fcntl.lockf(f, fcntl.LOCK_EX)
print("locked", flush=True)
time.sleep(60)' "$SPOOL/processing/peer/.lock" >"$T/holder.out" &
H=$!
PIDS="$PIDS $H"
wait_for 10 grep -q locked "$T/holder.out" || fail "the helper did not take the peer's lock"
for i in 1 2 3 4 5; do
	hw1_input >"$SPOOL/incoming/b$i.yaml"
done
touch -d '1 hour ago' "$SPOOL/incoming/"b*.yaml
start_daemon d2 "$T/c.yaml"
D=$LAST_PID
wait_for 20 log_has d2 "msg=started" || fail "daemon did not start again"
timeout 2 strace -f -qq -e trace=openat -o "$T/busy.trace" -p "$D" 2>/dev/null || true
n=$(grep -c 'peer/.lock' "$T/busy.trace") || true
[ "$n" -ge 2 ] || fail "with files waiting it looked at its peers $n times in 2 s"
[ "$(count_files "$SPOOL/incoming")" -eq 5 ] || fail "the waiting files were taken early"
echo "ok: idle, no look at the peers in 3 s; with files waiting, $n in 2 s"
