#!/bin/sh
# Issue 37, case 10a: without RENAME_NOREPLACE (stop_shim's
# CAIRN_NO_NOREPLACE=1, as on GlusterFS) an input is stored by a link
# under its (numbered) name in done/OWNER/ and the unlink of its held
# name; its arrival record .arrival/AS is written before the link
# (doc/spool.md, "done/ and failed/").  A kill -9 before or after each
# of those calls, and a restart: the input is in done/ once, and its
# record is there, names it, and carries its arrival (the `received` of
# its result), whichever name it got; so for an input that failed, in
# failed/.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIM="$top_builddir/tests/daemon/.libs/stop_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
write_conf "$T/c.yaml"
mkdir -p "$SPOOL/incoming" "$DONE" "$FAILED"
P="$SPOOL/processing/test"
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export ASAN_OPTIONS

# run_case CASE FILE WHERE STORED CALL NAME WHEN: drop FILE (a symbolic
# link when WHERE is $FAILED), kill at CALL on NAME (WHEN: before or
# after), restart; FILE must end as WHERE/STORED with its record.
run_case() {
	case=$1 file=$2 where=$3 stored=$4
	if [ "$where" = "$FAILED" ]; then
		ln -s /nowhere "$SPOOL/incoming/.$file"
	else
		hw1_input >"$SPOOL/incoming/.$file"
	fi
	mv "$SPOOL/incoming/.$file" "$SPOOL/incoming/$file"
	STATUS=0
	CAIRN_NO_NOREPLACE=1 CAIRN_STOP_CALL=$5 CAIRN_STOP_NAME=$6 CAIRN_STOP_WHEN=$7 \
		LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c.yaml" --once >"$T/$case-1.log" 2>&1 ||
		STATUS=$?
	[ "$STATUS" -eq 137 ] || fail "$case: not killed at $5 $6 ($7): exit $STATUS"
	STATUS=0
	CAIRN_NO_NOREPLACE=1 LD_PRELOAD="$SHIM" \
		"$CAIRND" -c "$T/c.yaml" --once >"$T/$case-2.log" 2>&1 || STATUS=$?
	[ "$STATUS" -eq 0 ] || [ "$STATUS" -eq 65 ] || fail "$case: restart exit $STATUS"
	[ -e "$where/$stored" ] || [ -L "$where/$stored" ] ||
		fail "$case: $file not stored as $stored: $(ls -A "$where")"
	R="$where/.arrival/$stored"
	[ -f "$R" ] || fail "$case: no arrival record $R: $(ls -A "$where/.arrival")"
	[ "$(cat "$R")" = "$file" ] || fail "$case: record says $(cat "$R")"
	got=$(as_received "$(stat -c %.9Y "$R")")
	want=$(sed -n 's/^received: //p' "$RES/${file%.yaml}.result.yaml")
	[ "$got" = "$want" ] || fail "$case: record's arrival $got, result's $want"
	[ -z "$(left_in_processing "$P")" ] || fail "$case: left in processing/: $(left_in_processing "$P")"
	[ "$(grep -lx "$file" "$where/.arrival"/* | wc -l)" -eq 1 ] ||
		fail "$case: records: $(grep -lx "$file" "$where/.arrival"/*)"
	echo "ok: $case"
}

for when in before after; do
	run_case "link-$when" "l$when.yaml" "$DONE" "l$when.yaml" linkat "l$when.yaml" "$when"
	run_case "unlink-$when" "u$when.yaml" "$DONE" "u$when.yaml" unlinkat "u$when.yaml" "$when"
	# done/ holds the name already: the input takes its first numbered name
	printf 'another\n' >"$DONE/n$when.yaml"
	run_case "numbered-link-$when" "n$when.yaml" "$DONE" "n$when.1.yaml" linkat "n$when.1.yaml" "$when"
	[ "$(cat "$DONE/n$when.yaml")" = another ] || fail "done/n$when.yaml replaced"
	printf 'another\n' >"$DONE/m$when.yaml"
	run_case "numbered-unlink-$when" "m$when.yaml" "$DONE" "m$when.1.yaml" unlinkat "m$when.yaml" "$when"
	# failed/: the same moves
	run_case "failed-link-$when" "f$when.yaml" "$FAILED" "f$when.yaml" linkat "f$when.yaml" "$when"
	run_case "failed-unlink-$when" "g$when.yaml" "$FAILED" "g$when.yaml" unlinkat "g$when.yaml" "$when"
done
