#!/bin/sh
# Issue 22, case 3(c), as files are now held (doc/spool.md): an
# attempts-journal entry of a file does not outlive it.  Instance alpha
# is killed while reading x.yaml (one strike); its next run keeps x.yaml
# claimed, with its arrival, and processes it.  A new x.yaml (most often
# on the freed inode) is then killed once on alpha while being read: one
# strike only, its own (it is held under its own arrival), so the next
# run processes it, never failing it as "interrupted twice".
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIM="$top_builddir/tests/daemon/.libs/stop_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export ASAN_OPTIONS
write_conf "$T/a.yaml" "instance: alpha" "workers: 1" "rescan_s: 1" "keep_inputs: true"
mkdir -p "$SPOOL/incoming"

# crash_reading LOG: alpha killed as its worker reads x.yaml
crash_reading() {
	STATUS=0
	CAIRN_STOP_CALL=read CAIRN_STOP_NAME=x.yaml LD_PRELOAD="$SHIM" \
		"$CAIRND" -c "$T/a.yaml" --once >"$T/$1.log" 2>&1 || STATUS=$?
	[ "$STATUS" -eq 137 ] || fail "$1: alpha not killed reading x.yaml: exit $STATUS"
	is_held "$SPOOL/processing/alpha" x.yaml || fail "$1: x.yaml not claimed by alpha"
}

hw1_input >"$SPOOL/incoming/x.yaml"
ino1=$(stat -c %i "$SPOOL/incoming/x.yaml")
crash_reading crash1

# the next run carries x.yaml on where it is held, and processes it
STATUS=0
"$CAIRND" -c "$T/a.yaml" --once >"$T/a.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 0 ] || fail "alpha's second run: exit $STATUS: $(cat "$T/a.log")"
grep -q "msg=processed file=x.yaml " "$T/a.log" || fail "alpha did not process x.yaml"
hw1_input | cmp -s - "$DONE/x.yaml" || fail "done/x.yaml is not the first x.yaml"

# a new x.yaml, on the first one's inode where the file system reuses it
# (ext4 most often does: it was freed once the daemon's copy was stored)
rm "$DONE/x.yaml"
hw1_input >"$SPOOL/incoming/x.yaml"
ino2=$(stat -c %i "$SPOOL/incoming/x.yaml")
rm "$RES/x.result.yaml"
[ "$ino1" = "$ino2" ] && same="the same inode $ino1" || same="inode $ino2, not $ino1 (not reused)"
crash_reading crash2
STATUS=0
"$CAIRND" -c "$T/a.yaml" --once >"$T/last.log" 2>&1 || STATUS=$?
[ ! -f "$FAILED/x.yaml" ] ||
	fail "the new x.yaml ($same), crashed once, failed: $(cat "$RES/x.result.yaml")"
[ "$STATUS" -eq 0 ] || fail "last run exit $STATUS: $(cat "$T/last.log")"
[ -f "$DONE/x.yaml" ] || fail "the new x.yaml not in done/"
expect_hw1 | sed "s/^source: hw1.yaml/source: x.yaml/" >"$T/want"
same_result "$T/want" "$RES/x.result.yaml" || fail "x.yaml result: $(cat "$RES/x.result.yaml")"
echo "ok: a stale journal entry does not blame a new x.yaml on $same"
