#!/bin/sh
# Issue 9, case 3: incoming/, or the whole spool, deleted or replaced
# while the daemon runs is re-created (or taken as it was re-created),
# watched again, logged as a warning, and files dropped afterwards are
# processed within rescan_s; the daemon holds no deleted directory.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

write_conf "$T/c.yaml" "rescan_s: 2"
mkdir -p "$SPOOL/incoming"
start_daemon d "$T/c.yaml"
D=$LAST_PID
wait_for 20 log_has d "msg=started" || fail "daemon did not start"

no_deleted_dirs() {
	! ls -l "/proc/$D/fd" | grep -q '(deleted)'
}

hw1_input | drop first.yaml
wait_for 20 test -f "$DONE/first.yaml" || fail "first file not processed"

# rm -rf incoming; mkdir incoming; drop a file, exactly as the issue does.
rm -rf "$SPOOL/incoming"
mkdir "$SPOOL/incoming"
hw1_input | drop second.yaml
wait_for 6 test -f "$DONE/second.yaml" || fail "file in the new incoming/ not processed"
log_has d 'level=warning msg="incoming replaced" dir=.*/spool/incoming action=recreate' ||
	fail "no warning for the replaced incoming/"
wait_for 6 no_deleted_dirs || fail "still holds: $(ls -l "/proc/$D/fd" | grep deleted)"

# incoming/ removed and left missing: re-created by the daemon, with the
# mode it had (1733 as the package makes it, not 0755 less the umask).
chmod 1733 "$SPOOL/incoming"
rm -rf "$SPOOL/incoming"
wait_for 6 test -d "$SPOOL/incoming" || fail "incoming/ not re-created"
mode=$(stat -c %a "$SPOOL/incoming")
[ "$mode" = 1733 ] || fail "incoming/ re-created with mode $mode, not 1733"
hw1_input | drop third.yaml
wait_for 6 test -f "$DONE/third.yaml" || fail "file in the re-created incoming/ not processed"

# The whole spool, results/ and done/ included.
rm -rf "$SPOOL"
wait_for 6 test -d "$SPOOL/incoming" || fail "spool not re-created"
for d in processing/test results done failed problems; do
	[ -d "$SPOOL/$d" ] || fail "$d/ not re-created"
done
log_has d 'level=warning msg="spool replaced" dir=.*/spool dirs=spool,results,done,failed,processing action=recreated' ||
	fail "no warning for the replaced spool"
hw1_input | drop fourth.yaml
wait_for 6 test -f "$DONE/fourth.yaml" || fail "file in the re-created spool not processed"
expect_hw1 | sed 's/^source: hw1.yaml$/source: fourth.yaml/' >"$T/want"
same_result "$T/want" "$RES/fourth.result.yaml" || fail "result in the re-created spool"
wait_for 6 no_deleted_dirs || fail "still holds: $(ls -l "/proc/$D/fd" | grep deleted)"

# Moved away and a new one moved in.
mv "$SPOOL/incoming" "$T/old-incoming"
mkdir "$T/new-incoming"
mv "$T/new-incoming" "$SPOOL/incoming"
hw1_input | drop fifth.yaml
wait_for 6 test -f "$DONE/fifth.yaml" || fail "file in the moved-in incoming/ not processed"

! log_has d 'level=error' || fail "an error was logged: $(grep level=error "$T/d.log")"
kill -TERM "$D"
wait_exit "$D" 20
[ "$STATUS" -eq 0 ] || fail "exit $STATUS"
echo "PASS: the spool comes back"
