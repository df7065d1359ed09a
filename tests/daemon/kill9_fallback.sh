#!/bin/sh
# Without RENAME_NOREPLACE (stop_shim makes renameat2 fail with EINVAL, as
# on GlusterFS): a kill -9 at each step of a claim, of a publish and of a
# move into done/ (the shim kills the daemon right before or after the
# chosen system call), then a restart: every input ends in done/ exactly
# once under its own name, with its right result, never in failed/,
# processed at most once more, and nothing is left in incoming/ or
# processing/ (no marker, no journal entry).
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIM="$top_builddir/tests/daemon/.libs/stop_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
write_conf "$T/c.yaml"
mkdir -p "$SPOOL/incoming" "$SPOOL/done"
P="$SPOOL/processing/test"
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export ASAN_OPTIONS

# run_case CASE FILE STORED CALL NAME WHEN: drop FILE, crash at CALL on
# NAME (WHEN: before or after), restart; FILE must end as done/STORED.
run_case() {
	case=$1 file=$2 stored=$3
	hw1_input >"$SPOOL/incoming/.$file"
	mv "$SPOOL/incoming/.$file" "$SPOOL/incoming/$file"
	STATUS=0
	CAIRN_NO_NOREPLACE=1 CAIRN_STOP_CALL=$4 CAIRN_STOP_NAME=$5 CAIRN_STOP_WHEN=$6 \
		LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c.yaml" --once >"$T/$case-1.log" 2>&1 ||
		STATUS=$?
	[ "$STATUS" -eq 137 ] || fail "$case: not killed at $4 $5 ($6): exit $STATUS"
	STATUS=0
	CAIRN_NO_NOREPLACE=1 LD_PRELOAD="$SHIM" \
		"$CAIRND" -c "$T/c.yaml" --once >"$T/$case-2.log" 2>&1 || STATUS=$?
	[ "$STATUS" -eq 0 ] || fail "$case: restart exit $STATUS"
	[ -f "$SPOOL/done/$stored" ] || fail "$case: $file not in done/ as $stored: $(ls "$SPOOL/done")"
	expect_hw1 | sed "s/^source: hw1.yaml/source: $file/" >"$T/want"
	cmp -s "$T/want" "$SPOOL/results/${file%.yaml}.result.yaml" || fail "$case: result differs"
	n=$(cat "$T/$case-1.log" "$T/$case-2.log" | grep -c "msg=processed file=$file ") || true
	[ "$n" -le 1 ] || fail "$case: processed $n times"
	[ "$(count_files "$SPOOL/incoming")" -eq 0 ] || fail "$case: incoming/ not empty"
	left=$(find "$P" -mindepth 1 ! -name .attempts ! -name .lock)
	[ -z "$left" ] || fail "$case: left in processing/: $left"
	[ ! -s "$P/.attempts" ] || fail "$case: attempts journal: $(cat "$P/.attempts")"
	[ "$(count_files "$SPOOL/failed")" -eq 0 ] || fail "$case: failed/ not empty"
	[ -z "$(find "$SPOOL/results" -name '*.tmp')" ] || fail "$case: temporary files left in results/"
	echo "ok: $case"
}

# the claim: incoming/ -> processing/test/ by rename
run_case claim-before c0.yaml c0.yaml renameat c0.yaml before
run_case claim-after c1.yaml c1.yaml renameat c1.yaml after
# the publish: a first result is linked into place (link() never
# replaces) and its temporary name unlinked, the input still claimed
run_case publish-before p0.yaml p0.yaml linkat p0.result.yaml before
run_case publish p1.yaml p1.yaml linkat p1.result.yaml after
# a result of that name already there: compared and renamed over it
printf 'older\n' >"$SPOOL/results/p2.result.yaml"
touch -d @1000 "$SPOOL/results/p2.result.yaml"
run_case publish-replace p2.yaml p2.yaml renameat p2.result.yaml after
# the move into done/: renamed (in processing/test/) to a name that says
# where it goes, linked there, that name unlinked
run_case marker s1.yaml s1.yaml renameat .to-done.0.s1.yaml after
run_case link s2.yaml s2.yaml linkat s2.yaml after
run_case unlink-before s3.yaml s3.yaml unlinkat .to-done.0.s3.yaml before
run_case unlink s4.yaml s4.yaml unlinkat .to-done.0.s4.yaml after
# a numbered name: done/ already has w.yaml and x.yaml, so ours are
# w.1.yaml and x.1.yaml (the first link fails, the file is renamed on)
printf 'another\n' >"$SPOOL/done/w.yaml"
printf 'another\n' >"$SPOOL/done/x.yaml"
run_case link-numbered w.yaml w.1.yaml linkat w.1.yaml after
run_case renumbered x.yaml x.1.yaml renameat .to-done.1.x.yaml after
[ "$(cat "$SPOOL/done/w.yaml")" = another ] || fail "done/w.yaml was replaced"
[ "$(cat "$SPOOL/done/x.yaml")" = another ] || fail "done/x.yaml was replaced"
[ "$(count_files "$SPOOL/done")" -eq 13 ] || fail "done/ has extra files: $(ls "$SPOOL/done")"
