#!/bin/sh
# Issue 22, case 1: more claimed files whose data keeps failing (EIO, from
# tests/daemon/eio_shim.so) than there are workers.  A retry that is due
# while every worker is busy waits for a worker; it must not re-arm a 0 ms
# timer, which kept libuv in its timer phase: no job ended, SIGTERM was
# never seen, --once never ended, and the daemon used all of a CPU.
# Here, with workers: 4 and 5 such files: the daemon stays nearly idle
# between tries, SIGTERM ends it within shutdown_timeout_s with exit 0
# and each file in incoming/ or failed/ or kept claimed, and --once ends (exit 65)
# with the 5 files in failed/ after their bounded tries, both when read()
# fails and when openat() does.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIM="$top_builddir/tests/daemon/.libs/eio_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
I="$SPOOL/incoming"
P="$SPOOL/processing/test"
mkdir -p "$I" "$P"
# The claimed files, and incoming/, where each is opened for its lease.
CAIRN_EIO_DIR=$(cd "$P" && pwd -P):$(cd "$I" && pwd -P)
export CAIRN_EIO_DIR
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export ASAN_OPTIONS
STOP_S=5
write_conf "$T/c.yaml" "workers: 4" "shutdown_timeout_s: $STOP_S"

drop5() {
	for k in 1 2 3 4 5; do
		hw1_input >"$I/.f$k.yaml"
		mv "$I/.f$k.yaml" "$I/f$k.yaml"
	done
}

tries_at_least() {
	[ "$(log_count "$1" 'msg="retrying file"')" -ge "$2" ]
}

# cpu_low PID: over 3 s, PID uses less than half of one CPU (a loop that
# spins uses all of it).  The sleep is the measuring window, not a wait.
cpu_low() {
	hz=$(getconf CLK_TCK)
	c0=$(sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }')
	w0=$(cut -d' ' -f1 /proc/uptime)
	sleep 3
	c1=$(sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }')
	w1=$(cut -d' ' -f1 /proc/uptime)
	awk -v c="$((c1 - c0))" -v hz="$hz" -v w0="$w0" -v w1="$w1" \
		'BEGIN { exit !(c / hz < (w1 - w0) / 2) }' ||
		fail "cairnd spins: $((c1 - c0)) ticks of CPU in $(awk -v a="$w0" -v b="$w1" 'BEGIN { print b - a }') s"
}

# ended_out: each of f1..f5 is in incoming/ or failed/, or held claimed
# (with its arrival) in processing/ for the next start.
ended_out() {
	for k in 1 2 3 4 5; do
		[ -f "$I/f$k.yaml" ] || [ -f "$FAILED/f$k.yaml" ] || [ -n "$(held test "f$k.yaml")" ] ||
			fail "$1: f$k.yaml neither in incoming/, failed/ nor held in processing/"
	done
}

# --- the daemon: SIGTERM is handled while the files keep failing
drop5
CAIRN_EIO_READ_FROM=1 LD_PRELOAD="$SHIM" start_daemon d "$T/c.yaml"
D=$LAST_PID
wait_for 30 tries_at_least d 5 || fail "the 5 files did not all fail once"
sleep 2		# let the first retries come due, all workers busy
cpu_low "$D"
kill -TERM "$D"
wait_for $((STOP_S + 5)) sh -c "! kill -0 $D" ||
	fail "SIGTERM not handled within shutdown_timeout_s ($STOP_S s) + 5 s"
STATUS=0
wait "$D" || STATUS=$?
[ "$STATUS" -eq 0 ] || fail "daemon exit $STATUS after SIGTERM"
tries_at_least d 6 || fail "no file was tried a second time"
log_has d 'msg=stopped .* exit=0$' || fail "no stopped line"
ended_out daemon
rm -rf "$I"/* "$P"/[0-9]* "$FAILED" "$RES"

# --- --once: ends, the 5 files in failed/ after their tries
# once_case NAME SHIM-SETTINGS...: run --once on 5 failing files.
once_case() {
	name=$1
	shift
	drop5
	env "$@" LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c.yaml" --once >"$T/$name.log" 2>&1 &
	O=$!
	PIDS="$PIDS $O"
	wait_for 30 tries_at_least "$name" 5 || fail "$name: the 5 files did not all fail once"
	sleep 2
	cpu_low "$O"
	# 1 + 2 + 4 + 8 s of backoff, then the last try: 60 s is ample.
	wait_for 60 sh -c "! kill -0 $O" || fail "$name: --once did not end"
	STATUS=0
	wait "$O" || STATUS=$?
	[ "$STATUS" -eq 65 ] || fail "$name: --once exit $STATUS, expected 65"
	ended_out "$name"
	for k in 1 2 3 4 5; do
		[ -f "$FAILED/f$k.yaml" ] || fail "$name: f$k.yaml not in failed/"
		grep -q "^error: \".*Input/output error (gave up after 5 tries)\"\$" \
			"$RES/f$k.result.yaml" ||
			fail "$name: f$k error result: $(cat "$RES/f$k.result.yaml")"
	done
	grep -q 'msg=stopped processed=5 failed=5 .* exit=65$' "$T/$name.log" ||
		fail "$name: stop line: $(tail -n 1 "$T/$name.log")"
	rm -rf "$I"/* "$FAILED" "$RES"
	echo "ok: $name"
}
once_case once-read CAIRN_EIO_READ_FROM=1
once_case once-openat CAIRN_EIO_OPENAT=1
echo "PASS: failing files never starve the loop"
