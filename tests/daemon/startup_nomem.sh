#!/bin/sh
# Issue 37, case 9: low memory at start-up.  The 159th to 175th
# allocation failing at start ended in abort() inside libuv (from
# uv_signal_init in uv_loop_init, from uv_once in uv_queue_work for the
# release walk, from uv_poll_start watching incoming/): exit 134 and no
# log line.  Now, with tests/daemon/nomem_shim.so failing the Nth
# allocation of the process ("any N"), for every N from 1 until one past
# the start (the shim's mark of the failure after "msg=started"), each run
# either starts and serves (a file dropped is processed, SIGTERM exits 0)
# or exits 75 with a line at level error: never 134 nor another signal,
# never a hang (each wait bounded).
. "${top_srcdir:-.}/tests/daemon/lib.sh"

use_nomem_shim
write_conf "$T/c.yaml" "rescan_s: 0"
mkdir -p "$SPOOL/incoming"

started() {
	log_has d "msg=started"
}

gone() {
	! kill -0 "$D" 2>/dev/null
}

# The most allocations a start may take; the loop ends well before.
LIMIT=2000
n=0
exits=0
serves=0
while :; do
	n=$((n + 1))
	[ "$n" -le "$LIMIT" ] || fail "still no start past allocation $LIMIT"
	echo "any $n" >"$T/fail"
	rm -f "$T/d.log"
	CAIRN_NOMEM_FLAG="$T/fail" LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c.yaml" >"$T/d.log" 2>&1 &
	D=$!
	PIDS="$PIDS $D"
	wait_for 60 sh -c "grep -q msg=started '$T/d.log' || ! kill -0 $D" ||
		fail "allocation $n: neither started nor exited (a hang)"
	if ! started; then
		STATUS=0
		wait "$D" || STATUS=$?
		[ "$STATUS" -eq 75 ] || fail "allocation $n: exit $STATUS, expected 75: $(cat "$T/d.log")"
		log_has d 'level=error msg=' || fail "allocation $n: exit 75 without an error line"
		exits=$((exits + 1))
		continue
	fi
	# Started: the allocation failed before (and was dealt with) or later.
	f=n$n.yaml
	hw1_input | drop "$f"
	wait_for 60 sh -c "grep -q 'msg=processed file=$f ' '$T/d.log' || ! kill -0 $D" ||
		fail "allocation $n: $f not processed (a hang): $(tail -3 "$T/d.log")"
	if gone; then
		# Out of memory in the loop's own bookkeeping after the start.
		STATUS=0
		wait "$D" || STATUS=$?
		[ "$STATUS" -eq 75 ] || fail "allocation $n: exit $STATUS after the start: $(tail -3 "$T/d.log")"
		log_has d 'level=error msg="out of memory"' || fail "allocation $n: exit 75 without its line"
	else
		[ -f "$DONE/$f" ] || fail "allocation $n: $f not in done/"
		kill -TERM "$D"
		wait_exit "$D" 60
		[ "$STATUS" -eq 0 ] || fail "allocation $n: exit $STATUS after SIGTERM: $(tail -3 "$T/d.log")"
	fi
	serves=$((serves + 1))
	# The shim marks the failure in the log: past the start when it comes
	# after msg=started, or not at all.
	at=$(grep -n "^nomem_shim: allocation $n at any failed" "$T/d.log" | cut -d: -f1)
	up=$(grep -n 'msg=started' "$T/d.log" | cut -d: -f1)
	[ -n "$at" ] && [ "$at" -lt "$up" ] || break
done
rm -f "$T/fail"
[ "$exits" -gt 0 ] && [ "$serves" -gt 1 ] || fail "exits=$exits serves=$serves"
echo "PASS: each of the $n first allocations failing: $exits starts exited 75 with a line, $serves served"
