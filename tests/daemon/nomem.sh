#!/bin/sh
# Issue 9, case 7: a transient failure is never published as permanent.
# One failed malloc() while libyaml parses a valid file (LD_PRELOAD
# tests/daemon/nomem_shim.so) makes that file be retried alone, and its
# result is the right one; one failed malloc() inside dlopen() makes no
# plugin be silently replaced: a start exits 75 and a reload keeps the
# plugins it had, and the next reload loads them all.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIM="$top_builddir/tests/daemon/.libs/nomem_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
if ldd "$CAIRND" 2>/dev/null | grep -q 'libasan\|libtsan'; then
	echo "SKIP: a sanitizer owns malloc in this build"
	exit 77
fi
# A plugin directory of our own, so that a reload has a new plugin to open.
mkdir "$T/plugins"
cp "$CAIRN_PLUGIN_DIR_BUILD/linear.so" "$T/plugins/"
chmod 755 "$T/plugins"
write_conf "$T/c.yaml" "plugin_dir: $T/plugins"
mkdir -p "$SPOOL/incoming"

# with_shim COMMAND...: run COMMAND with the shim; `echo WHERE >$T/fail`
# makes the next allocation at WHERE (yaml, dlopen) fail.
with_shim() {
	CAIRN_NOMEM_FLAG="$T/fail" LD_PRELOAD="$SHIM" "$@"
}

# --- a failed malloc while parsing: retried, not published ---
CAIRN_NOMEM_FLAG="$T/fail" LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c.yaml" >"$T/d.log" 2>&1 &
D=$!
PIDS="$PIDS $D"
wait_for 20 log_has d "msg=started" || fail "daemon did not start"
echo yaml >"$T/fail"
hw1_input >"$SPOOL/incoming/.hw1.yaml"
mv "$SPOOL/incoming/.hw1.yaml" "$SPOOL/incoming/hw1.yaml"
wait_for 20 test -f "$SPOOL/done/hw1.yaml" || fail "not processed after the retry"
[ ! -e "$T/fail" ] || fail "no allocation failed"
expect_hw1 >"$T/want"
cmp "$T/want" "$SPOOL/results/hw1.result.yaml" || fail "result: $(cat "$SPOOL/results/hw1.result.yaml")"
[ "$(count_files "$SPOOL/failed")" -eq 0 ] || fail "a file in failed/"
grep -q 'level=warning msg="retrying file" file=hw1.yaml error="processing hw1.yaml: Cannot allocate memory" tries=1 retry_in_ms=1000$' "$T/d.log" ||
	fail "no retry line"
[ "$(log_count d 'msg=processed file=hw1.yaml ')" -eq 1 ] || fail "not processed once"
log_has d 'msg=processed file=hw1.yaml .* status=ok input=done/hw1.yaml$' || fail "processed line"
! log_has d 'storage error' || fail "a storage error"

# --- a failed malloc inside dlopen at reload: the old plugins stay ---
log_has d 'msg=started .* plugins=linear once=no' || fail "plugins at start"
cp "$CAIRN_PLUGIN_DIR_BUILD/diff1d.so" "$T/plugins/"
echo dlopen >"$T/fail"
kill -HUP "$D"
wait_for 20 log_has d 'msg="reload failed"' || fail "reload did not fail"
[ ! -e "$T/fail" ] || fail "no allocation failed in dlopen"
log_has d 'level=error msg="reload failed" error=".*plugin(s) refused for lack of memory; not replaced, tried again at the next start or reload" action=kept' ||
	fail "reload line: $(grep reload "$T/d.log")"
hw1_input >"$SPOOL/incoming/.hw2.yaml"
mv "$SPOOL/incoming/.hw2.yaml" "$SPOOL/incoming/hw2.yaml"
wait_for 20 test -f "$SPOOL/done/hw2.yaml" || fail "hw2 not processed with the old plugins"
expect_hw1 | sed 's/^source: hw1.yaml$/source: hw2.yaml/' >"$T/want"
cmp "$T/want" "$SPOOL/results/hw2.result.yaml" || fail "hw2 result"
kill -HUP "$D"
wait_for 20 log_has d "msg=reloaded plugins=diff1d,linear " || fail "next reload: $(grep reload "$T/d.log")"
! log_has d 'msg=reloaded plugins=linear ' || fail "a reload went on without the refused plugin"
kill -TERM "$D"
wait_exit "$D" 20
[ "$STATUS" -eq 0 ] || fail "exit $STATUS"

# --- and at start: exit 75 rather than serve with another solver ---
echo dlopen >"$T/fail"
STATUS=0
with_shim "$CAIRND" -c "$T/c.yaml" --once >"$T/start.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 75 ] || fail "start with a plugin refused for memory: exit $STATUS, expected 75"
grep -q 'level=error msg="plugins not loaded" error=".*plugin(s) refused for lack of memory' "$T/start.log" ||
	fail "start message: $(cat "$T/start.log")"
echo "PASS: out of memory is retried, never published or replaced"
