#!/bin/sh
# Issue 22, case 5: results/, done/ and failed/ replaced by a symbolic
# link to a directory outside the spool are never written through
# (doc/spool.md): at start, and while running (after msg="spool replaced"), the link
# is removed, a real directory made with a warning, and the outside
# directory stays empty.  incoming/ replaced by a link is never read
# through: a file put in the link's target is not taken, one put in the
# incoming/ made anew is.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

write_conf "$T/c.yaml" "rescan_s: 1" "keep_inputs: true"
mkdir -p "$SPOOL/incoming" "$T/out"
outside_empty() { [ -z "$(ls -A "$T/out")" ] || fail "$1: written outside: $(ls -A "$T/out")"; }
real_dirs() {
	for d in results done failed; do
		[ -d "$SPOOL/$d" ] && [ ! -L "$SPOOL/$d" ] || fail "$1: $d/ is not a real directory"
	done
}

# at start
for d in results done failed; do ln -s "$T/out" "$SPOOL/$d"; done
hw1_input >"$SPOOL/incoming/ok.yaml"
printf 'not a puzzle: [\n' >"$SPOOL/incoming/bad.yaml"
STATUS=0
"$CAIRND" -c "$T/c.yaml" --once >"$T/once.log" 2>&1 || STATUS=$?
outside_empty start
real_dirs start
grep -q "level=warning msg=\"symbolic link in the spool\" dir=$SPOOL count=3 action=removed_and_recreated" "$T/once.log" ||
	fail "no warning at start: $(cat "$T/once.log")"
[ -f "$RES/ok.result.yaml" ] && [ -f "$DONE/ok.yaml" ] || fail "ok.yaml not in the spool"

# while running
start_daemon d "$T/c.yaml"
wait_for 20 log_has d "msg=started" || fail "daemon did not start"
for d in results done failed; do
	mv "$SPOOL/$d" "$T/old-$d"
	ln -s "$T/out" "$SPOOL/$d"
done
wait_for 20 log_has d 'msg="spool replaced"' || fail "replacement not seen"
hw1_input >"$SPOOL/incoming/run.yaml"
printf 'not a puzzle: [\n' >"$SPOOL/incoming/runbad.yaml"
wait_for 20 test -f "$FAILED/runbad.yaml" || fail "runbad.yaml not failed: $(ls -la "$SPOOL" "$T/out")"
wait_for 20 test -f "$DONE/run.yaml" || fail "run.yaml not done"
kill -TERM "$LAST_PID"
wait_exit "$LAST_PID" 20
outside_empty running
real_dirs running
log_has d 'dirs="results(symlink removed),done(symlink removed),failed(symlink removed)"' ||
	fail "the log does not say a link was removed: $(grep replaced "$T/d.log")"
[ -f "$RES/run.result.yaml" ] || fail "run.yaml result not in the spool"

# incoming/ replaced by a link, at start: nothing is taken through it
mkdir "$T/in-out"
hw1_input >"$T/in-out/sneak.yaml"
rm -rf "$SPOOL/incoming"
ln -s "$T/in-out" "$SPOOL/incoming"
"$CAIRND" -c "$T/c.yaml" --once >"$T/once-in.log" 2>&1 || fail "--once failed: $(cat "$T/once-in.log")"
[ -d "$SPOOL/incoming" ] && [ ! -L "$SPOOL/incoming" ] || fail "start: incoming/ is not a real directory"
grep -q "level=warning msg=\"symbolic link in the spool\" dir=$SPOOL count=1 action=removed_and_recreated" \
	"$T/once-in.log" || fail "no warning for incoming/ at start: $(cat "$T/once-in.log")"
in_untouched() {
	[ "$(ls -A "$T/in-out")" = sneak.yaml ] || fail "$1: the link's target changed: $(ls -A "$T/in-out")"
	[ ! -e "$RES/sneak.result.yaml" ] && [ ! -e "$DONE/sneak.yaml" ] ||
		fail "$1: sneak.yaml, put in the link's target, was processed"
}
in_untouched start

# ... and while running
start_daemon e "$T/c.yaml"
wait_for 20 log_has e "msg=started" || fail "daemon did not start"
mv "$SPOOL/incoming" "$T/old-incoming"
ln -s "$T/in-out" "$SPOOL/incoming"
wait_for 20 log_has e "msg=\"symbolic link in the spool\" dir=$SPOOL/incoming count=1" ||
	fail "the link in place of incoming/ was not removed"
[ -d "$SPOOL/incoming" ] && [ ! -L "$SPOOL/incoming" ] || fail "running: incoming/ is not a real directory"
hw1_input >"$SPOOL/incoming/real.yaml"
wait_for 20 test -f "$DONE/real.yaml" || fail "real.yaml, put in the new incoming/, not done"
hw1_input >"$T/in-out/late.yaml"
hw1_input >"$SPOOL/incoming/real2.yaml"
wait_for 20 test -f "$DONE/real2.yaml" || fail "real2.yaml not done"
kill -TERM "$LAST_PID"
wait_exit "$LAST_PID" 20
[ -f "$T/in-out/late.yaml" ] && [ ! -e "$DONE/late.yaml" ] ||
	fail "late.yaml, put in the link's target while running, was processed"
rm "$T/in-out/late.yaml"
in_untouched running
[ -f "$RES/real.result.yaml" ] || fail "real.yaml has no result"
echo "ok: symbolic links in the spool are not followed"
