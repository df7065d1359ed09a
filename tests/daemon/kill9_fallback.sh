#!/bin/sh
# Without RENAME_NOREPLACE (stop_shim makes renameat2 fail with EINVAL, as
# on GlusterFS): a kill -9 at each step of a claim, of a publish and of a
# move into done/ (the shim kills the daemon right before or after the
# chosen system call), then a restart: every input ends in done/ exactly
# once under its own (numbered) name, with its right result, never in failed/,
# processed at most once more, with its arrival record, and nothing is
# left in incoming/ or processing/ (no marker, no journal entry).
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIM="$top_builddir/tests/daemon/.libs/stop_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
write_conf "$T/c.yaml"
mkdir -p "$SPOOL/incoming" "$DONE"
P="$SPOOL/processing/test"
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export ASAN_OPTIONS

# has_record CASE DIR STORED FILE: DIR/STORED has the arrival record of
# FILE, made before the link (issue 37, case 10a): it names FILE
# (LEN:NAME, doc/spool.md), its arrival is the result's `received`, and
# no other input stored in DIR has a record of FILE.
has_record() {
	record "$2/$3" >"$T/record" || fail "$1: no arrival record of $2/$3: $(ls -A "$2")"
	_first="$(printf %s "$4" | wc -c | tr -d ' '):$4"
	[ "$(head -n 1 "$T/record")" = "$_first" ] || fail "$1: the record says $(cat "$T/record")"
	_at=$(sed -n 's/^arrival //p' "$T/record")
	[ "$(as_received "$_at")" = "$(sed -n 's/^received: //p' "$RES/${4%.yaml}.result.yaml")" ] ||
		fail "$1: the record's time $_at, received $(grep received: "$RES/${4%.yaml}.result.yaml")"
	_n=0
	for _s in "$2"/*; do
		if [ "$(record "$_s" | head -n 1)" = "$_first" ]; then _n=$((_n + 1)); fi
	done
	[ "$_n" -eq 1 ] || fail "$1: $_n stored inputs have a record of $4: $(ls -A "$2")"
}

# run_case CASE FILE STORED CALL NAME WHEN: drop FILE, crash at CALL on
# NAME (WHEN: before or after), run $between (if set), restart; FILE must
# end as done/STORED; with a 7th argument "moved", without the restart
# processing it again.  With $also set, FILE has that second name too.
between= also=
run_case() {
	case=$1 file=$2 stored=$3
	hw1_input >"$SPOOL/incoming/.$file"
	[ -z "$also" ] || ln "$SPOOL/incoming/.$file" "$also"
	mv "$SPOOL/incoming/.$file" "$SPOOL/incoming/$file"
	STATUS=0
	CAIRN_NO_NOREPLACE=1 CAIRN_STOP_CALL=$4 CAIRN_STOP_NAME=$5 CAIRN_STOP_WHEN=$6 \
		LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c.yaml" --once >"$T/$case-1.log" 2>&1 ||
		STATUS=$?
	[ "$STATUS" -eq 137 ] || fail "$case: not killed at $4 $5 ($6): exit $STATUS"
	[ -z "$between" ] || eval "$between"
	STATUS=0
	CAIRN_NO_NOREPLACE=1 LD_PRELOAD="$SHIM" \
		"$CAIRND" -c "$T/c.yaml" --once >"$T/$case-2.log" 2>&1 || STATUS=$?
	[ "$STATUS" -eq 0 ] || fail "$case: restart exit $STATUS"
	[ -f "$DONE/$stored" ] || fail "$case: $file not in done/ as $stored: $(ls "$DONE")"
	expect_hw1 | sed "s/^source: hw1.yaml/source: $file/" >"$T/want"
	same_result "$T/want" "$RES/${file%.yaml}.result.yaml" || fail "$case: result differs"
	has_record "$case" "$DONE" "$stored" "$file"
	n=$(cat "$T/$case-1.log" "$T/$case-2.log" | grep -c "msg=processed file=$file ") || true
	[ "$n" -le 1 ] || fail "$case: processed $n times"
	if [ "${7:-}" = moved ] && grep -q "msg=processed file=$file " "$T/$case-2.log"; then
		fail "$case: processed again after its move into done/"
	fi
	[ "$(count_files "$SPOOL/incoming")" -eq 0 ] || fail "$case: incoming/ not empty"
	left=$(left_in_processing "$P")
	[ -z "$left" ] || fail "$case: left in processing/: $left"
	[ ! -s "$P/.attempts" ] || fail "$case: attempts journal: $(cat "$P/.attempts")"
	[ "$(count_files "$FAILED")" -eq 0 ] || fail "$case: failed/ not empty"
	[ -z "$(find "$RES" "$P/.tmp" -type f -name '*.tmp')" ] || fail "$case: temporary files left"
	echo "ok: $case"
}

# the claim: incoming/ -> processing/test/ by rename
run_case claim-before c0.yaml c0.yaml renameat c0.yaml before
run_case claim-after c1.yaml c1.yaml renameat c1.yaml after
# the publish: a first result is linked into place (link() never
# replaces) and its temporary name unlinked, the input still claimed
run_case publish-before p0.yaml p0.yaml linkat p0.result.yaml before
# (its temporary file is in processing/test/.tmp/, removed at the restart)
between='[ -n "$(ls -A "$P/.tmp" | grep "^\.result\.[0-9a-f]*\.test\.tmp$")" ] ||
	fail "publish: no temporary file in processing/test/.tmp/ at the kill: $(ls -A "$P/.tmp")"'
run_case publish p1.yaml p1.yaml linkat p1.result.yaml after
between=
grep -q 'msg="removed stale temporary files" count=1' "$T/publish-2.log" ||
	fail "publish: its temporary file not removed at the restart: $(cat "$T/publish-2.log")"
# a result of that name already there: compared and renamed over it
printf 'older\n' >"$RES/p2.result.yaml"
touch -d @1000 "$RES/p2.result.yaml"
run_case publish-replace p2.yaml p2.yaml renameat p2.result.yaml after
# the store into done/: the copy linked under its numbered name, then
# unlinked from processing/test/ (a file left there is found in done/ by
# its arrival record at the restart)
run_case link-before s1.yaml s1.yaml linkat s1.yaml before
run_case link s2.yaml s2.yaml linkat s2.yaml after moved
run_case unlink-before s3.yaml s3.yaml unlinkat s3.yaml before moved
run_case unlink s4.yaml s4.yaml unlinkat s4.yaml after moved
# a numbered name: done/ already has w.yaml, so ours is w.1.yaml
printf 'another\n' >"$DONE/w.yaml"
run_case link-numbered w.yaml w.1.yaml linkat w.1.yaml after moved
[ "$(cat "$DONE/w.yaml")" = another ] || fail "done/w.yaml was replaced"
# ... and done/x.yaml, there at the link, is removed before the restart
printf 'another\n' >"$DONE/x.yaml"
between='rm "$DONE/x.yaml"'
run_case link-gap x.yaml x.1.yaml linkat x.1.yaml after moved
between=
# (an input hard-linked elsewhere is refused before it is read: hardlink.sh)
[ "$(count_files "$DONE")" -eq 12 ] || fail "done/ has extra files: $(ls "$DONE")"

# a name too long to process goes to failed/ under a short name: killed
# between the link of its copy there and its unlink from processing/, it
# is found there by its arrival record and not processed again
long=$(printf 'l%.0s' $(seq 1 201)).yaml
printf 'x\n' >"$SPOOL/incoming/.t"
mv "$SPOOL/incoming/.t" "$SPOOL/incoming/$long"
STATUS=0
# (held under its short name and its length: doc/spool.md; the copy's
# temporary name in failed/, .cairn-copy~HELD, does not start with a digit)
CAIRN_NO_NOREPLACE=1 CAIRN_STOP_CALL=unlinkat CAIRN_STOP_NAME="[0-9]*+${#long}~*" CAIRN_STOP_WHEN=before \
	LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c.yaml" --once >"$T/long-1.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 137 ] || fail "long: not killed at its unlink: exit $STATUS"
[ "$(count_files "$FAILED")" -eq 1 ] || fail "long: not linked into failed/ before the kill"
CAIRN_NO_NOREPLACE=1 LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c.yaml" --once >"$T/long-2.log" 2>&1 ||
	fail "long: restart exit $?"
[ "$(count_files "$FAILED")" -eq 1 ] || fail "long: failed/ holds $(ls "$FAILED")"
# (stored, recorded and published under its short name)
has_record long "$FAILED" "$(ls "$FAILED")" "$(ls "$FAILED")"
[ -z "$(left_in_processing "$P")" ] || fail "long: left in processing/"
! grep -q "msg=processed" "$T/long-2.log" || fail "long: processed again: $(cat "$T/long-2.log")"
echo "ok: long"
