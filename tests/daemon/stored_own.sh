#!/bin/sh
# Issue 38: an input of the daemon's own account and group, graded whole,
# is stored as it is, moved into done/OWNER/ instead of copied: the same
# inode, made mode 0640, its arrival record its attribute (or, on a file
# system without user attributes, the file .arrival/NAME), nothing left
# in processing/ (doc/spool.md, "done/ and failed/"); one whose result
# takes its short name (its own is a directory's) is stored so in
# failed/OWNER/, its record naming that name.  An input of another group
# (as root) is copied, as every other account's is.  Where there are no
# leases (FUSE, NFS) the input is opened once, to be read, and stored
# through that descriptor (strace; not tried without it).
. "${top_srcdir:-.}/tests/daemon/lib.sh"

write_conf "$T/c.yaml" "keep_inputs: true" "settle_ms: 0"
mkdir -p "$SPOOL/incoming"

# stored_self NAME INODE [DIR]: DIR/NAME (DIR: done/ME/) is that inode,
# 0640, ours, and its record names NAME, our uid and its bytes' digest.
stored_self() {
	d=${3:-$DONE}
	[ -f "$d/$1" ] || fail "$1 not stored: $(ls -laR "$SPOOL")"
	[ "$(stat -c '%i %a %u %g' "$d/$1")" = "$2 640 $(id -u) $(id -g)" ] ||
		fail "$1 stored as $(stat -c '%i %a %u %g' "$d/$1"), want $2 640 $(id -u) $(id -g)"
	record "$d/$1" >"$T/rec" || fail "$1 has no arrival record"
	printf '%s:%s\nuid %s\nsha256 %s\n' "${#1}" "$1" "$(id -u)" \
		"$(sha256sum <"$d/$1" | cut -d' ' -f1)" >"$T/want"
	head -n 3 "$T/rec" | cmp -s - "$T/want" || fail "$1: record $(cat "$T/rec")"
}

start_daemon d "$T/c.yaml"
hw1_input >"$T/own.yaml"
chmod 644 "$T/own.yaml"
ino=$(stat -c %i "$T/own.yaml")
mv "$T/own.yaml" "$SPOOL/incoming/own.yaml"
wait_for 20 test -f "$DONE/own.yaml" || fail "own.yaml not stored: $(cat "$T/d.log")"
stored_self own.yaml "$ino"
[ -z "$(left_in_processing "$SPOOL/processing/test")" ] ||
	fail "left in processing: $(left_in_processing "$SPOOL/processing/test")"

# Made ready before its result is published, under its own name; that
# name's result is taken by a directory, so it fails under its short
# name: stored as it is in failed/ME/, its record naming the short name.
mkdir -p "$RES/plant.result.yaml"
hw1_input >"$T/plant.yaml"
ino=$(stat -c %i "$T/plant.yaml")
mv "$T/plant.yaml" "$SPOOL/incoming/plant.yaml"
s=$(short_name plant.yaml)
wait_for 20 test -f "$FAILED/$s" || fail "plant.yaml not failed as $s: $(cat "$T/d.log")"
stored_self "$s" "$ino" "$FAILED"
[ -z "$(ls "$DONE" | grep plant)" ] || fail "plant.yaml also in done/: $(ls "$DONE")"

if [ "$(id -u)" = 0 ]; then
	# Another group: a copy of the daemon's, not the inode.
	hw1_input >"$T/grp.yaml"
	chgrp 65534 "$T/grp.yaml"
	ino=$(stat -c %i "$T/grp.yaml")
	mv "$T/grp.yaml" "$SPOOL/incoming/grp.yaml"
	wait_for 20 test -f "$DONE/grp.yaml" || fail "grp.yaml not stored: $(cat "$T/d.log")"
	[ "$(stat -c '%a %u %g' "$DONE/grp.yaml")" = "640 0 $(id -g)" ] ||
		fail "grp.yaml stored as $(stat -c '%a %u %g' "$DONE/grp.yaml")"
	[ "$(stat -c %i "$DONE/grp.yaml")" != "$ino" ] || fail "grp.yaml stored as it is"
else
	echo "not root: the other group's input not tried"
fi
kill "$LAST_PID"
wait_exit "$LAST_PID" 20

# Without user attributes the record is a file, written before the move.
start_daemon_noxattr x "$T/c.yaml"
hw1_input >"$T/nox.yaml"
ino=$(stat -c %i "$T/nox.yaml")
mv "$T/nox.yaml" "$SPOOL/incoming/nox.yaml"
wait_for 20 test -f "$DONE/nox.yaml" || fail "nox.yaml not stored: $(cat "$T/x.log")"
[ -f "$DONE/.arrival/nox.yaml" ] || fail "no .arrival/nox.yaml: $(ls -la "$DONE")"
stored_self nox.yaml "$ino"
kill "$LAST_PID"
wait_exit "$LAST_PID" 20

# Without leases or RENAME_NOREPLACE (FUSE, NFS; tests/daemon/stop_shim.c
# takes both away) the input is opened once, to be read, and stored
# through that descriptor, by link() and unlink().
SHIM="$top_builddir/tests/daemon/.libs/stop_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
if command -v strace >/dev/null 2>&1; then
	hw1_input >"$T/fuse.yaml"
	ino=$(stat -c %i "$T/fuse.yaml")
	mv "$T/fuse.yaml" "$SPOOL/incoming/fuse.yaml"
	# LeakSanitizer cannot run under ptrace: this one run goes without it.
	strace -f -e trace=openat -o "$T/fuse.strace" env CAIRN_NO_LEASE=1 CAIRN_NO_NOREPLACE=1 \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c.yaml" --once >"$T/f.log" 2>&1 ||
		fail "cairnd --once without leases: $(cat "$T/f.log")"
	log_has f 'msg="no leases on this file system"' || fail "leases not taken away: $(cat "$T/f.log")"
	stored_self fuse.yaml "$ino"
	n=$(grep -c 'openat([0-9]*, "[0-9.+]*~fuse.yaml"' "$T/fuse.strace")
	[ "$n" -eq 1 ] || fail "the claimed fuse.yaml opened $n times: $(grep 'fuse.yaml' "$T/fuse.strace")"
else
	echo "no strace: the input without leases not tried"
fi
echo "ok: the daemon's own inputs stored as they are"
