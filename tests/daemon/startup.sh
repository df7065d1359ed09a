#!/bin/sh
# Issue 9, case 6: start-up does not trust its own directories.  A FIFO
# at processing/<instance>/.attempts.tmp (or .attempts) plus a leftover
# file does not block start-up, and SIGTERM works; processing/<instance>
# as a symbolic link, or owned by another user, is refused with exit 73
# and a message, and the other directory's files are left alone; an
# instance named "a" leaves the temporary files of a running "x.a" alone;
# cairnd -t refuses the instance names a start refuses (exit 78).
. "${top_srcdir:-.}/tests/daemon/lib.sh"

write_conf "$T/c.yaml"
P="$SPOOL/processing/test"
mkdir -p "$SPOOL/incoming" "$P"

# A FIFO at the journal's temporary name, one leftover from a crash.
mkfifo "$P/.attempts.tmp"
hw1_input >"$P/left.yaml"
start_daemon d "$T/c.yaml"
D=$LAST_PID
wait_for 20 log_has d "msg=started" || { kill -9 "$D"; fail "start-up blocked by a FIFO"; }
wait_for 20 test -f "$DONE/left.yaml" || fail "leftover not processed"
[ ! -p "$P/.attempts.tmp" ] || fail "the FIFO is still there"
[ -f "$P/.attempts" ] || fail "no journal"
kill -TERM "$D"
wait_exit "$D" 20
[ "$STATUS" -eq 0 ] || fail "exit $STATUS"

# A FIFO at the journal's own name: ignored (and replaced), not opened.
rm -f "$P/.attempts"
mkfifo "$P/.attempts"
hw1_input >"$P/left2.yaml"
STATUS=0
timeout 20 "$CAIRND" -c "$T/c.yaml" --once >"$T/fifo.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 0 ] || fail "--once with a FIFO journal: exit $STATUS"
[ -f "$DONE/left2.yaml" ] || fail "left2.yaml not processed"
grep -q 'level=warning msg="attempts journal unreadable" error="Invalid argument"' "$T/fifo.log" ||
	fail "no warning for the FIFO journal: $(cat "$T/fifo.log")"
[ -f "$P/.attempts" ] && [ ! -p "$P/.attempts" ] || fail "the FIFO journal was not replaced"

# processing/<instance> as a symbolic link to another directory: never
# followed, treated as missing (doc/spool.md): the link goes, a real directory
# is made, with a warning, and the other directory is not touched.
mkdir -p "$T/elsewhere"
echo "keep me" >"$T/elsewhere/precious.yaml"
rm -rf "$P"
ln -s "$T/elsewhere" "$P"
STATUS=0
"$CAIRND" -c "$T/c.yaml" --once >"$T/link.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 0 ] || fail "symlinked processing/test: exit $STATUS, expected 0"
grep -q "level=warning msg=\"symbolic link in the spool\" dir=$SPOOL count=1 action=removed_and_recreated" "$T/link.log" ||
	fail "message: $(cat "$T/link.log")"
[ -d "$P" ] && [ ! -L "$P" ] || fail "processing/test is not a real directory"
[ "$(cat "$T/elsewhere/precious.yaml")" = "keep me" ] || fail "the other directory's file was touched"
[ "$(ls -A "$T/elsewhere")" = precious.yaml ] || fail "written through the link: $(ls -A "$T/elsewhere")"
[ ! -e "$DONE/precious.yaml" ] || fail "the other directory's file went to done/"
rm -rf "$P"

# processing/<instance> owned by another user.
mkdir "$P"
chown 65534 "$P"
STATUS=0
"$CAIRND" -c "$T/c.yaml" --once >"$T/owner.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 73 ] || fail "foreign processing/test: exit $STATUS, expected 73"
grep -q "error=\"$SPOOL/processing/test is not owned by the daemon's user (uid 0)\"" "$T/owner.log" ||
	fail "message: $(cat "$T/owner.log")"
rm -rf "$P"

# Instance "a" next to a running instance "x.a".
write_conf "$T/xa.yaml" "instance: x.a"
write_conf "$T/a.yaml" "instance: a"
start_daemon xa "$T/xa.yaml"
XA=$LAST_PID
wait_for 20 log_has xa "msg=started" || fail "x.a did not start"
hw1_input >"$SPOOL/incoming/one.yaml"
wait_for 20 test -f "$DONE/one.yaml" || fail "x.a did not process"
has_spare() {
	[ -n "$(ls -A "$SPOOL/results" | grep '^\.spare\.[0-9a-f]*\.x\.a\.tmp$')" ]
}
wait_for 20 has_spare || fail "x.a made no spare temporary file"
ls -A "$SPOOL/results" | grep '\.x\.a\.tmp$' >"$T/xa-temps"
echo half >"$SPOOL/results/.result.0123456789abcdef.a.tmp"
STATUS=0
"$CAIRND" -c "$T/a.yaml" --once >"$T/a.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 0 ] || fail "instance a: exit $STATUS"
grep -q 'msg="removed stale temporary files" count=1' "$T/a.log" || fail "a's own stale file: $(cat "$T/a.log")"
[ ! -e "$SPOOL/results/.result.0123456789abcdef.a.tmp" ] || fail "a's stale file kept"
while read -r f; do
	[ -e "$SPOOL/results/$f" ] || fail "instance a removed x.a's $f"
done <"$T/xa-temps"
kill -TERM "$XA"
wait_exit "$XA" 20

# -t refuses exactly what a start refuses.
for inst in .hidden ..x; do
	write_conf "$T/bad.yaml" "instance: $inst"
	STATUS=0
	"$CAIRND" -c "$T/bad.yaml" -t >"$T/t.out" 2>"$T/t.log" || STATUS=$?
	[ "$STATUS" -eq 78 ] || fail "-t with instance $inst: exit $STATUS, expected 78"
	grep -q "level=error msg=\"bad configuration\" error=\"instance \\\\\"$inst\\\\\" is not a usable directory name" "$T/t.log" ||
		fail "-t message: $(cat "$T/t.log")"
	STATUS=0
	"$CAIRND" -c "$T/bad.yaml" --once >"$T/start.log" 2>&1 || STATUS=$?
	[ "$STATUS" -eq 78 ] || fail "start with instance $inst: exit $STATUS, expected 78"
done
echo "PASS: start-up checks its own directories"
