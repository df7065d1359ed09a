#!/bin/sh
# Issue 9, case 1: a file the daemon cannot read (a submitter with umask
# 077 dropping into the mode-1733 incoming/, the daemon running as its own
# user) is that file's trouble alone: it goes to failed/ with an error
# result that says why, 100 good files dropped with it all get their
# results, no storage error and no backoff is logged; and a --once run
# processes every good file and exits 65, not 75.
# The daemon runs as a throwaway account: its programs, plugins and spool
# are under /tmp (AS_OTHER), not in a build tree it may not enter.
AS_OTHER=1
. "${top_srcdir:-.}/tests/daemon/lib.sh"

make_user
write_conf "$T/c.yaml"
mkdir -p "$SPOOL/incoming"
chown -R "$TUSER:" "$SPOOL"
chmod 1733 "$SPOOL/incoming"

# drop_batch TAG: the unreadable file first, then 100 good ones.
drop_batch() {
	(umask 077 && hw1_input >"$SPOOL/incoming/.secret-$1.yaml" &&
		mv "$SPOOL/incoming/.secret-$1.yaml" "$SPOOL/incoming/secret-$1.yaml")
	drop_good "$1"
}

# check_batch TAG LOG: every file ended where it should, with its result.
check_batch() {
	check_good "$1"
	[ -f "$FAILED/secret-$1.yaml" ] || fail "$1: the unreadable file is not in failed/"
	error_result "secret-$1.yaml" "cannot read secret-$1.yaml: Permission denied" >"$T/want"
	same_result "$T/want" "$RES/secret-$1.result.yaml" ||
		fail "$1: error result: $(cat "$RES/secret-$1.result.yaml")"
	grep -q "level=warning msg=processed file=secret-$1.yaml puzzles=0 .* status=error input=failed/$ME/secret-$1.yaml owner=$ME error=\"cannot read secret-$1.yaml: Permission denied\"\$" "$T/$2.log" ||
		fail "$1: no log line for the unreadable file"
	! grep -q 'storage error\|retry_in_ms\|msg=retrying' "$T/$2.log" || fail "$1: a retry or backoff was logged"
	[ "$(count_files "$SPOOL/incoming")" -eq 0 ] || fail "$1: incoming/ not empty: $(ls -A "$SPOOL/incoming")"
}

start_daemon_as "$TUSER" "$TUSER" d "$T/c.yaml"
D=$LAST_PID
drop_batch a
wait_for 60 has_at_least "$DONE" 100 "ga-*.yaml" || fail "good files not all processed"
wait_for 20 test -f "$FAILED/secret-a.yaml" || fail "unreadable file not failed"
kill -TERM "$D"
wait_exit "$D" 20
[ "$STATUS" -eq 0 ] || fail "exit $STATUS"
check_batch a d

# --once: the same batch, waiting in incoming/ before the run.
drop_batch b
STATUS=0
as_user "$CAIRND" -c "$T/c.yaml" --once >"$T/once.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 65 ] || fail "--once exit $STATUS, expected 65"
check_batch b once
grep -q 'msg=stopped processed=101 failed=1 .* exit=65$' "$T/once.log" || fail "stop line: $(tail -n 1 "$T/once.log")"
echo "PASS: unreadable files fail alone"
