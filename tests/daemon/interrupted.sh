#!/bin/sh
# Issue 22, case 3(a): files a crash left claimed but that no worker had
# started are not "interrupted" (doc/spool.md): with the link()+unlink()
# fallback (recovery keeps them claimed) and with native moves, two
# crashes in a row (the second right after recovery saved its journal,
# before any of them was started) send none of 40 such files to failed/.
# A file that was being read at both crashes (killed as its worker reads
# it) still fails as "interrupted twice while processing", in both modes,
# while the never-started files around it do not.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIM="$top_builddir/tests/daemon/.libs/stop_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export ASAN_OPTIONS
write_conf "$T/c.yaml"
P="$SPOOL/processing/test"
N=40

# leftovers MODE COUNT: a fresh spool whose processing/test/ holds COUNT
# claimed files, none of them started; $noreplace set for MODE
leftovers() {
	rm -rf "$SPOOL"
	mkdir -p "$SPOOL/incoming" "$P"
	noreplace=
	[ "$1" = native ] || noreplace=1
	k=0
	while [ $k -lt "$2" ]; do
		printf 'piles: [%d, 3, 4]\n' $((k + 1)) >"$P/f$k.yaml"
		k=$((k + 1))
	done
}

for mode in fallback native; do
	# what a first crash leaves
	leftovers $mode $N
	# the second crash: right after recovery saved the journal
	STATUS=0
	CAIRN_NO_NOREPLACE=$noreplace CAIRN_STOP_CALL=renameat CAIRN_STOP_NAME=.attempts \
		LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c.yaml" --once >"$T/$mode-1.log" 2>&1 || STATUS=$?
	[ "$STATUS" -eq 137 ] || fail "$mode: not killed at the journal's save: exit $STATUS"
	STATUS=0
	CAIRN_NO_NOREPLACE=$noreplace LD_PRELOAD="$SHIM" \
		"$CAIRND" -c "$T/c.yaml" --once >"$T/$mode-2.log" 2>&1 || STATUS=$?
	twice=$(grep -l 'interrupted twice' "$RES"/*.result.yaml 2>/dev/null | wc -l)
	[ "$twice" -eq 0 ] || fail "$mode: $twice of $N never started files failed as interrupted twice"
	[ "$STATUS" -eq 0 ] || fail "$mode: exit $STATUS"
	[ "$(count_files "$FAILED")" -eq 0 ] || fail "$mode: failed/ not empty"
	[ "$(count_files "$RES")" -eq $N ] || fail "$mode: $(count_files "$RES") results"
	echo "ok: $mode"
done

# a file being read at both crashes fails; the others, never started, do not
write_conf "$T/c1.yaml" "workers: 1"
for mode in fallback native; do
	leftovers $mode 10
	hw1_input >"$P/poison.yaml"
	for run in 1 2; do
		STATUS=0
		CAIRN_NO_NOREPLACE=$noreplace CAIRN_STOP_CALL=read CAIRN_STOP_NAME=poison.yaml \
			LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c1.yaml" --once >"$T/$mode-p$run.log" 2>&1 ||
			STATUS=$?
		[ "$STATUS" -eq 137 ] || fail "$mode: run $run not killed reading poison.yaml: exit $STATUS"
		being_read "$P" poison.yaml || fail "$mode: run $run: the journal does not say poison.yaml was read"
	done
	STATUS=0
	CAIRN_NO_NOREPLACE=$noreplace LD_PRELOAD="$SHIM" \
		"$CAIRND" -c "$T/c1.yaml" --once >"$T/$mode-p3.log" 2>&1 || STATUS=$?
	[ "$STATUS" -eq 65 ] || fail "$mode: exit $STATUS after two crashes reading poison.yaml, expected 65"
	[ -f "$FAILED/poison.yaml" ] || fail "$mode: poison.yaml not in failed/"
	grep -qx 'error: "interrupted twice while processing"' "$RES/poison.result.yaml" ||
		fail "$mode: poison result: $(head -5 "$RES/poison.result.yaml")"
	[ "$(count_files "$FAILED")" -eq 1 ] || fail "$mode: failed/ holds $(ls "$FAILED")"
	[ "$(count_files "$RES")" -eq 11 ] || fail "$mode: $(count_files "$RES") results"
	echo "ok: $mode: poison.yaml, read at both crashes, failed; 10 others did not"
done
