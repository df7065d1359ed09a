#!/bin/sh
# An owner's directories, which a running daemon keeps open from one file
# to the next, removed behind its back by an operator: results/OWNER/,
# then done/OWNER/ (and with it its .arrival/), then done/OWNER/.arrival/
# alone.  The next file of that owner makes each again, once: its
# result in results/OWNER/, its stored copy in done/OWNER/ with its
# arrival record, no storage error, nothing left in processing/.  Twice:
# the record the stored copy's attribute, then as on a file system
# without user attributes (eio_shim), where it is a file in .arrival/.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

write_conf "$T/c.yaml"

# one NAME: drop NAME, wait for its result and stored copy with its record.
one() {
	hw1_input | drop "$1.yaml"
	wait_for 20 test -f "$RES/$1.result.yaml" || fail "$1: no result"
	wait_for 20 test -f "$DONE/$1.yaml" || fail "$1: not stored"
	record "$DONE/$1.yaml" >"$T/record" || fail "$1: no arrival record"
	grep -q '^uid ' "$T/record" || fail "$1: record $(cat "$T/record")"
	[ -z "$files" ] || [ -f "$DONE/.arrival/$1.yaml" ] || fail "$1: no record file"
	expect_hw1 | sed "s/^source: hw1.yaml\$/source: $1.yaml/" >"$T/want"
	same_result "$T/want" "$RES/$1.result.yaml" || fail "$1: result"
}

# removals LOG: a daemon's run through the removals, its log LOG
removals() {
	DPID=$LAST_PID
	wait_for 10 log_has "$1" "msg=started" || fail "cairnd did not start"
	one a
	rm -rf "$RES"
	one b
	rm -rf "$DONE"
	one c
	rm -rf "$DONE/.arrival"
	one d
	rm -rf "$RES" "$DONE"
	one e
	! log_has "$1" 'storage error' || fail "storage error: $(grep 'storage error' "$T/$1.log")"
	! log_has "$1" 'level=error' || fail "error: $(grep 'level=error' "$T/$1.log")"
	! log_has "$1" 'arrival record not written' ||
		fail "$(grep 'arrival record not written' "$T/$1.log")"
	[ -z "$(left_in_processing "$SPOOL/processing/test")" ] ||
		fail "left in processing: $(left_in_processing "$SPOOL/processing/test")"
	kill -TERM "$DPID"
	wait_exit "$DPID" 30
	[ "$STATUS" -eq 0 ] || fail "daemon exit $STATUS"
}

files=
start_daemon d "$T/c.yaml"
removals d
rm -rf "$SPOOL"
files=1
start_daemon_noxattr n "$T/c.yaml"
removals n
