#!/bin/sh
# Issue 37, case 3: a refused hard link never pushes a graded result
# aside.  The daemon runs as an account D with its own group G, the spool
# as the package lays it out (incoming/ 3733); Alice and Mallory are
# throwaway accounts outside G.  Alice's hw.yaml is graded; Alice leaves
# a 0666 file elsewhere; Mallory hard-links it as incoming/hw.yaml.  The
# refusal ("has 2 hard links") is Alice's (the inode is hers), and
# results/ALICE/hw.result.yaml holds a result of another arrival: it
# stays as it was, with nothing in history/, and the refusal is published
# under the short name hw-HASH.result.yaml, the link stored as
# failed/ALICE/hw-HASH.yaml (doc/spool.md, "Bad files").  Mallory's
# second link finds both names taken: stored, with no result at all.
# A link makes no inotify event the daemon takes: a rescan finds it
# (rescan_s: 1).  Skips (77) without root, useradd or setpriv.
AS_OTHER=1
. "${top_srcdir:-.}/tests/daemon/lib.sh"

D="chd$$" A="cha$$" M="chm$$"
make_accounts "$D" "$A" "$M"
G="$D"

share_programs
write_conf "$T/c.yaml" "rescan_s: 1"
chmod 644 "$T/c.yaml"
package_spool "$D" "$G"
mkdir "$T/$A"
chown "$A:$A" "$T/$A"
chmod 755 "$T/$A"

start_daemon_as "$D" "$G" d "$T/c.yaml"
DPID=$LAST_PID
R="$SPOOL/results/$A"

# --- Alice's hw.yaml, graded
hw1_input >"$T/hw.yaml"
chmod 644 "$T/hw.yaml"
as_account "$A" cp "$T/hw.yaml" "$SPOOL/incoming/.hw.yaml"
as_account "$A" mv "$SPOOL/incoming/.hw.yaml" "$SPOOL/incoming/hw.yaml"
wait_for 20 test -f "$SPOOL/done/$A/hw.yaml" || fail "Alice's hw.yaml not graded"
grep -qx 'status: ok' "$R/hw.result.yaml" || fail "Alice's result: $(cat "$R/hw.result.yaml")"
cp "$R/hw.result.yaml" "$T/graded"

# --- the reproduction: Alice's 0666 file, hard-linked by Mallory
as_account "$A" sh -c "umask 0; echo 'id: secret' >$T/$A/open.yaml"
[ "$(stat -c %a "$T/$A/open.yaml")" = 666 ] || fail "open.yaml is $(stat -c %a "$T/$A/open.yaml")"
as_account "$M" ln "$T/$A/open.yaml" "$SPOOL/incoming/hw.yaml" || fail "Mallory could not link"
wait_for 20 log_has d 'msg=processed file=hw.yaml .*status=error' || fail "the link not refused"
cmp "$T/graded" "$R/hw.result.yaml" || fail "the graded result was replaced: $(cat "$R/hw.result.yaml")"
[ -z "$(ls -A "$R/history" 2>/dev/null)" ] || fail "history/: $(ls -A "$R/history")"
# Alice's graded input is stored (the daemon's copy of what was graded).
[ -f "$SPOOL/done/$A/hw.yaml" ] && ! grep -q secret "$SPOOL/done/$A/hw.yaml" ||
	fail "done/: $(ls -l "$SPOOL/done/$A")"
# The refusal, under the short name, and the link stored under it.
S=$(cd "$SPOOL/failed/$A" && ls hw-*.yaml)
case $S in
hw-[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f].yaml) ;;
*) fail "failed/$A: $(ls -A "$SPOOL/failed/$A")" ;;
esac
[ "$(LC_ALL=C ls "$R" | tr '\n' ' ')" = "${S%.yaml}.result.yaml hw.result.yaml " ] ||
	fail "results/$A: $(ls "$R")"
WHY='has 2 hard links: refused, a hard link can carry a file its submitter may not read'
grep -qx "error: \"$WHY (hw.result.yaml kept: stored as $S)\"" "$R/${S%.yaml}.result.yaml" ||
	fail "the refusal: $(cat "$R/${S%.yaml}.result.yaml")"
grep -q 'secret' "$R/${S%.yaml}.result.yaml" && fail "the refusal quotes the file"
sed -n 's/^ts=[^ ]* //; s/ ms=[0-9.]*//; /msg=processed file=hw.yaml .*status=error/p' "$T/d.log" >"$T/line"
[ "$(cat "$T/line")" = "level=warning msg=processed file=hw.yaml puzzles=0 errors=0 correct=0 wrong=0 status=error input=failed/$A/$S owner=$A error=\"$WHY (hw.result.yaml kept: stored as $S)\"" ] ||
	fail "log: $(cat "$T/line")"

# --- Mallory again: both names hold results of other arrivals, none is made
cp "$R/${S%.yaml}.result.yaml" "$T/refusal"
as_account "$M" ln "$T/$A/open.yaml" "$SPOOL/incoming/hw.yaml" || fail "Mallory could not link again"
wait_for 20 test -e "$SPOOL/failed/$A/${S%.yaml}.1.yaml" || fail "second link not stored"
cmp "$T/graded" "$R/hw.result.yaml" || fail "the graded result was replaced the second time"
cmp "$T/refusal" "$R/${S%.yaml}.result.yaml" || fail "the first refusal was replaced"
[ "$(ls -A "$R" | wc -l)" -eq 2 ] || fail "results/$A: $(ls -A "$R")"
wait_for 20 log_has d 'no result (' || fail "no log line for the second link"
# (2 links again: the daemon stored its own empty copy of the first
# link and removed the link itself, doc/spool.md)
grep -q "error=\"has 2 hard links: refused, a hard link can carry a file its submitter may not read (hw.result.yaml kept: stored as $S), no result (${S%.yaml}.result.yaml kept)\"" "$T/d.log" ||
	fail "log: $(grep 'file=hw.yaml' "$T/d.log")"

kill -TERM "$DPID"
wait_exit "$DPID" 30
[ "$STATUS" -eq 0 ] || fail "daemon exit $STATUS"
echo "PASS: a refused hard link leaves the graded result where it is"
