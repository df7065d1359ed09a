#!/bin/sh
# Issue 22, case 3(a): files a crash left claimed but that no worker had
# started are not "interrupted" (SPEC 5): with the link()+unlink()
# fallback (recovery keeps them claimed) and with native moves, two
# crashes in a row (the second right after recovery saved its journal,
# before any of them was started) send none of 40 such files to failed/.
# A file that was being solved at both crashes still fails (kill9.sh).
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIM="$top_builddir/tests/daemon/.libs/stop_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export ASAN_OPTIONS
write_conf "$T/c.yaml"
P="$SPOOL/processing/test"
N=40

for mode in fallback native; do
	rm -rf "$SPOOL"
	mkdir -p "$SPOOL/incoming" "$P"
	noreplace=
	[ $mode = native ] || noreplace=1
	# what a first crash leaves: N claimed files, none of them started
	k=0
	while [ $k -lt $N ]; do
		printf 'piles: [%d, 3, 4]\n' $((k + 1)) >"$P/f$k.yaml"
		k=$((k + 1))
	done
	# the second crash: right after recovery saved the journal
	STATUS=0
	CAIRN_NO_NOREPLACE=$noreplace CAIRN_STOP_CALL=renameat CAIRN_STOP_NAME=.attempts \
		LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c.yaml" --once >"$T/$mode-1.log" 2>&1 || STATUS=$?
	[ "$STATUS" -eq 137 ] || fail "$mode: not killed at the journal's save: exit $STATUS"
	STATUS=0
	CAIRN_NO_NOREPLACE=$noreplace LD_PRELOAD="$SHIM" \
		"$CAIRND" -c "$T/c.yaml" --once >"$T/$mode-2.log" 2>&1 || STATUS=$?
	twice=$(grep -l 'interrupted twice' "$SPOOL"/results/*.result.yaml 2>/dev/null | wc -l)
	[ "$twice" -eq 0 ] || fail "$mode: $twice of $N never started files failed as interrupted twice"
	[ "$STATUS" -eq 0 ] || fail "$mode: exit $STATUS"
	[ "$(count_files "$SPOOL/failed")" -eq 0 ] || fail "$mode: failed/ not empty"
	[ "$(count_files "$SPOOL/results")" -eq $N ] || fail "$mode: $(count_files "$SPOOL/results") results"
	echo "ok: $mode"
done
