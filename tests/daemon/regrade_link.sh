#!/bin/sh
# Issue 22, case 2: a re-grade by hard link (ln done/hw.yaml
# incoming/hw.yaml) killed once the file is claimed is not taken at the
# restart for a move into done/ cut short (a link count and an inode
# prove nothing; only a move the journal recorded is finished), so it is
# never dropped silently: it is refused for its two links (doc/spool.md), with
# an error result and a log line; the error result takes the short name
# hw-HASH, since hw.yaml's graded result stays (issue 37, case 3).  With
# native moves and with the link()+unlink() fallback
# (CAIRN_NO_NOREPLACE=1, as on GlusterFS).
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIM="$top_builddir/tests/daemon/.libs/stop_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export ASAN_OPTIONS
write_conf "$T/c.yaml" "keep_inputs: true"
for mode in native fallback; do
	rm -rf "$SPOOL"
	noreplace=
	[ $mode = native ] || noreplace=1
	mkdir -p "$SPOOL/incoming"
	hw1_input >"$SPOOL/incoming/hw.yaml"
	CAIRN_NO_NOREPLACE=$noreplace LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c.yaml" --once \
		>"$T/first.log" 2>&1 || fail "$mode: first run exit $?"
	[ -f "$DONE/hw.yaml" ] || fail "$mode: hw.yaml not in done/"
	ln "$DONE/hw.yaml" "$SPOOL/incoming/hw.yaml"
	STATUS=0
	CAIRN_STOP_CALL=renameat CAIRN_STOP_NAME=hw.yaml CAIRN_STOP_WHEN=after \
		CAIRN_NO_NOREPLACE=$noreplace LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c.yaml" --once \
		>"$T/kill.log" 2>&1 || STATUS=$?
	[ "$STATUS" -eq 137 ] || fail "$mode: not killed after the claim: exit $STATUS"
	[ -n "$(held test hw.yaml)" ] || fail "$mode: hw.yaml not claimed at the kill"
	STATUS=0
	CAIRN_NO_NOREPLACE=$noreplace LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c.yaml" --once \
		>"$T/restart.log" 2>&1 || STATUS=$?
	[ "$STATUS" -eq 65 ] || fail "$mode: restart exit $STATUS, expected 65: $(cat "$T/restart.log")"
	# hw.yaml's graded result stays: the refusal takes the short name
	S=hw-5aa7be2d12485f79
	[ -f "$FAILED/$S.yaml" ] || fail "$mode: the re-grade was dropped: $(ls -R "$SPOOL")"
	grep -qx "error: \"has 2 hard links: refused, a hard link can carry a file its submitter may not read (hw.result.yaml kept: stored as $S.yaml)\"" \
		"$RES/$S.result.yaml" || fail "$mode: result: $(cat "$RES/$S.result.yaml")"
	grep -qx 'status: ok' "$RES/hw.result.yaml" || fail "$mode: graded result: $(cat "$RES/hw.result.yaml")"
	[ ! -e "$RES/history" ] || fail "$mode: history/: $(ls "$RES/history")"
	grep -q 'msg=failed file=hw.yaml\|msg=processed file=hw.yaml' "$T/restart.log" ||
		fail "$mode: no log line: $(cat "$T/restart.log")"
	[ -f "$DONE/hw.yaml" ] || fail "$mode: done/hw.yaml went"
	[ -z "$(left_in_processing "$SPOOL/processing/test")" ] || fail "$mode: left in processing/"
	echo "ok: $mode: a re-grade by hard link is refused, not dropped, after a crash"
done
