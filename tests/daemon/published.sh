#!/bin/sh
# A crash after the result was published does not grade the file again
# (doc/spool.md, Crashes): cairnd is killed (stop_shim, SIGKILL) right
# after the result of hw.yaml is renamed into place, before its input
# left processing/.  The next run stores the input instead of grading
# it again: the same result bytes (the same received), no history/
# entry, the input in done/ with its arrival record, one "processed"
# line.  Without RENAME_NOREPLACE the result is placed by a link, and
# the same holds.  Killed right after the input's move into done/, the
# input has its arrival record (written before the move).
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIM="$top_builddir/tests/daemon/.libs/stop_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
write_conf "$T/c.yaml" "keep_inputs: true" "fsync: true"
mkdir -p "$SPOOL/incoming"

# round CALL [NOREPLACE]: kill after CALL places hw.result.yaml, then a clean run
round() {
	rm -rf "$SPOOL"
	mkdir -p "$SPOOL/incoming"
	printf 'id: p\npiles: [3, 9, 1, 2]\n' | drop hw.yaml
	STATUS=0
	# sh reports the kill on stderr: a subshell keeps that out of the log.
	(CAIRN_STOP_CALL=$1 CAIRN_STOP_NAME=hw.result.yaml CAIRN_NO_NOREPLACE=${2:-} \
		LD_PRELOAD="$SHIM" \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
		exec "$CAIRND" -c "$T/c.yaml" --once) >"$T/killed.log" 2>&1 || STATUS=$?
	[ "$STATUS" -eq 137 ] || fail "$1: the daemon was not killed at the result (exit $STATUS)"
	[ -f "$RES/hw.result.yaml" ] || fail "$1: no result published before the kill"
	[ -n "$(held test hw.yaml)" ] || fail "$1: the input is not left claimed"
	cp "$RES/hw.result.yaml" "$T/first.yaml"
	# The clean run on the same file system: without RENAME_NOREPLACE too.
	if [ -n "${2:-}" ]; then
		CAIRN_NO_NOREPLACE=1 LD_PRELOAD="$SHIM" \
			ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
			run_t again -c "$T/c.yaml" --once
	else
		run_t again -c "$T/c.yaml" --once
	fi
	[ "$STATUS" -eq 0 ] || fail "$1: the clean run: exit $STATUS: $(cat "$T/again.err")"
	cmp -s "$T/first.yaml" "$RES/hw.result.yaml" ||
		fail "$1: the result changed: $(diff "$T/first.yaml" "$RES/hw.result.yaml")"
	[ ! -e "$RES/history" ] || fail "$1: graded again: $(ls "$RES/history")"
	[ -f "$DONE/hw.yaml" ] && _at=$(record_arrival "$DONE/hw.yaml") && [ -n "$_at" ] ||
		fail "$1: the input is not stored with its record: $(ls -aR "$SPOOL/done")"
	[ "${_at%.*}" = "$(stat -c %Y "$RES/hw.result.yaml")" ] ||
		fail "$1: the arrival record is not the result's arrival"
	[ -z "$(left_in_processing "$SPOOL/processing/test")" ] ||
		fail "$1: left in processing/: $(left_in_processing "$SPOOL/processing/test")"
	[ "$(grep -c 'msg=processed file=hw.yaml' "$T/again.err")" -eq 1 ] ||
		fail "$1: $(grep -c processed "$T/again.err") processed lines: $(cat "$T/again.err")"
	grep -q 'level=warning msg=recovered kept=1' "$T/again.err" || fail "$1: not kept claimed: $(cat "$T/again.err")"
}
round renameat2
echo "ok: killed after the result was renamed into place: stored, not graded again"
round linkat 1
echo "ok: the same without RENAME_NOREPLACE (the result linked into place)"

# Killed right after the input was moved into done/ (before its journal
# said so): the arrival record went into place with the stored copy
# (its attribute, or a file written before the move), so the stored
# input has it, with the arrival to the nanosecond.
rm -rf "$SPOOL"
mkdir -p "$SPOOL/incoming"
printf 'id: p\npiles: [3, 9, 1, 2]\n' | drop hw.yaml
handed=$(change_time "$SPOOL/incoming/hw.yaml")
STATUS=0
(CAIRN_STOP_CALL=renameat2 CAIRN_STOP_NAME=hw.yaml LD_PRELOAD="$SHIM" \
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	exec "$CAIRND" -c "$T/c.yaml" --once) >"$T/stored.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 137 ] || fail "store: the daemon was not killed at the move into done/ (exit $STATUS)"
[ -f "$DONE/hw.yaml" ] || fail "store: not moved into done/ before the kill: $(ls -aR "$SPOOL/done")"
record "$DONE/hw.yaml" >/dev/null || fail "store: no arrival record at the kill"
[ "$(record_arrival "$DONE/hw.yaml")" = "$handed" ] ||
	fail "store: the record's time $(record_arrival "$DONE/hw.yaml") is not the arrival $handed"
run_t stored2 -c "$T/c.yaml" --once
[ "$STATUS" -eq 0 ] || fail "store: the clean run: exit $STATUS"
[ ! -e "$RES/history" ] && [ -z "$(left_in_processing "$SPOOL/processing/test")" ] ||
	fail "store: graded again or left claimed"
echo "ok: killed right after the move into done/: the arrival record is there"
