#!/bin/sh
# A claim replaces what it renames over: a file is held in processing/test/
# under its arrival and name (doc/spool.md), so two files of one name are
# held apart, and a claim looks first whenever a file of its held name
# may be there.  Here e1.yaml is stuck there (a full disk, simulated by
# enospc_shim; no RENAME_NOREPLACE, from stop_shim) when a second e1.yaml
# arrives.  The first is never replaced; once space returns both are
# processed, once each, and the second's result (the newer input) is the
# one left in results/.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIMS="$top_builddir/tests/daemon/.libs/stop_shim.so $top_builddir/tests/daemon/.libs/enospc_shim.so"
for s in $SHIMS; do
	[ -f "$s" ] || fail "$s not built"
done
write_conf "$T/c.yaml"
mkdir -p "$SPOOL/incoming"
touch "$T/full"
CAIRN_NO_NOREPLACE=1 CAIRN_ENOSPC_FLAG="$T/full" LD_PRELOAD="$SHIMS" \
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	start_daemon d "$T/c.yaml" -v
D=$LAST_PID
wait_for 20 log_has d "msg=started" || fail "daemon did not start"

printf 'id: first\npiles: [1, 9]\n' >"$SPOOL/incoming/.e1.yaml"
touch -d '2 minutes ago' "$SPOOL/incoming/.e1.yaml"
mv "$SPOOL/incoming/.e1.yaml" "$SPOOL/incoming/e1.yaml"
stuck() {
	log_has d 'msg="storage error" file=e1.yaml .*action=retry' &&
		[ -n "$(held test e1.yaml)" ]
}
wait_for 20 stuck || fail "e1.yaml not kept in processing/ after a storage error"
printf 'id: second\npiles: [2, 9]\n' | drop e1.yaml

# the stuck file is tried again (1 s, 2 s), and the new one beside it
tries() {
	[ "$(log_count d 'msg="storage error" file=e1.yaml')" -ge 3 ]
}
wait_for 30 tries || fail "the stuck file was not tried again"
kill -STOP "$D"
# held names sort by arrival: the first e1.yaml, then the second
set -- "$SPOOL/processing/test"/[0-9]*~e1.yaml
first=$(cat "$1" 2>/dev/null) || true
if [ $# -eq 2 ]; then
	second=$(cat "$2" 2>/dev/null) || true
else
	second=$(cat "$SPOOL/incoming/e1.yaml" 2>/dev/null) || true
fi
kill -CONT "$D"
[ "$first" = "id: first
piles: [1, 9]" ] || fail "the held e1.yaml holds \"$first\""
[ "$second" = "id: second
piles: [2, 9]" ] || fail "the second e1.yaml holds \"$second\""

rm "$T/full"
wait_for 60 test -f "$DONE/e1.yaml" -a -f "$DONE/e1.1.yaml" ||
	fail "not both processed after space returned: $(ls "$DONE" "$SPOOL/incoming")"
kill -TERM "$D"
wait_exit "$D" 20
[ "$STATUS" -eq 0 ] || fail "exit $STATUS"
[ "$(cat "$DONE/e1.yaml" "$DONE/e1.1.yaml" | grep -c '^id: ')" -eq 2 ] ||
	fail "done/ holds: $(cat "$DONE/"*)"
grep -q '^id: first' "$DONE/e1.yaml" "$DONE/e1.1.yaml" || fail "the first e1.yaml is lost"
grep -q '^id: second' "$DONE/e1.yaml" "$DONE/e1.1.yaml" || fail "the second e1.yaml is lost"
[ "$(log_count d 'msg=processed file=e1.yaml ')" -eq 2 ] || fail "not processed twice in all"
grep -q '^  - id: second' "$RES/e1.result.yaml" ||
	fail "the older input's result was left: $(cat "$RES/e1.result.yaml")"
echo "ok: a claim never replaces a file of its name held in processing/"
