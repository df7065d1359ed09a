#!/bin/sh
# cairn submit (cairn(1)).  Four processes submit 100 files each
# with --wait at the same time to a running daemon: each prints every one
# of its results exactly once, byte for byte the result file, and exits
# as cairn grade does (0 all correct, 1 one wrong).  A file already
# waiting under a name is not overwritten: the new one is numbered.  A
# file error exits 2, the timeout 75 (the file stays submitted).  The
# same holds where RENAME_NOREPLACE is not supported (link()+unlink()).  The
# copy waiting in incoming/ is 0640 whatever the umask and the source's
# mode.  Results are awaited in results/OWNER/ (here results/root/, and
# results/nobody/ for the guest), which a first submission waits for: by
# inotify on results/ (root reads it).  A user who may write incoming/
# (mode 1733) but not list it, and reads results/ through its group, can
# submit and wait; where results/ may not even be entered (0750, not the
# package's 0751) one outside the group cannot wait (exit 2, nothing
# submitted).  An owner outside the group under the package's modes:
# owners_perm.sh.
# The guest runs cairn as nobody: its copy and the spool are under /tmp
# (AS_OTHER), not in a build tree nobody may enter.
AS_OTHER=1
. "${top_srcdir:-.}/tests/daemon/lib.sh"

share_programs
I="$SPOOL/incoming"
mkdir -p "$I" "$SPOOL/results"
R="$RES"			# our results; made by the daemon
write_conf "$T/c.yaml"
submit() {
	"$CAIRN" submit -c "$T/c.yaml" "$@"
}

# --- no daemon yet: a waiting name is kept, the new file is numbered
printf 'piles: [1, 2, 3]\n' >"$I/hw.yaml"
mkdir "$T/u"
printf 'piles: [3, 9, 1, 2]\n' >"$T/u/hw.yaml"
submit "$T/u/hw.yaml" >"$T/out" || fail "submit exit $?"
[ "$(cat "$T/out")" = "$T/u/hw.yaml: handed in as $SPOOL/incoming/hw.1.yaml (mode 0640)" ] || fail "where: $(cat "$T/out")"
submit "$T/u/hw.yaml" >"$T/out" || fail "submit exit $?"
[ "$(cat "$T/out")" = "$T/u/hw.yaml: handed in as $SPOOL/incoming/hw.2.yaml (mode 0640)" ] || fail "where: $(cat "$T/out")"
[ "$(cat "$I/hw.yaml")" = "piles: [1, 2, 3]" ] || fail "waiting file overwritten"
cmp "$T/u/hw.yaml" "$I/hw.1.yaml" || fail "hw.1.yaml differs"
[ "$(count_files "$I")" -eq 3 ] || fail "incoming: $(ls -a "$I")"

# the copy waiting in incoming/ is 0640 whatever the umask and the source's
# mode: the daemon reads it through the group, nobody else may
printf 'piles: [4, 1]\n' >"$T/u/mode.yaml"
# (a world-readable source under umask 022 too: issue 37, case 10c), and
# the line says so
for um in 077:600 000:666 022:644; do
	chmod "${um#*:}" "$T/u/mode.yaml"
	(umask "${um%:*}" && submit "$T/u/mode.yaml") >"$T/out" || fail "submit (umask ${um%:*}) exit $?"
	[ "$(cat "$T/out")" = "$T/u/mode.yaml: handed in as $SPOOL/incoming/mode.yaml (mode 0640)" ] ||
		fail "umask ${um%:*}: $(cat "$T/out")"
	w="$SPOOL/incoming/mode.yaml"
	[ "$(stat -c %a "$w")" = 640 ] ||
		fail "umask ${um%:*}, source ${um#*:}: $w is mode $(stat -c %a "$w"), want 640"
	rm "$w"
done

# where RENAME_NOREPLACE is not supported, link()+unlink() keeps the rule
SHIM="$top_builddir/tests/daemon/.libs/norename_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
printf 'piles: [7]\n' >"$T/u/hw.yaml"
LD_PRELOAD="$SHIM" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	"$CAIRN" submit -c "$T/c.yaml" "$T/u/hw.yaml" >"$T/out" || fail "submit (link) exit $?"
[ "$(cat "$T/out")" = "$T/u/hw.yaml: handed in as $SPOOL/incoming/hw.3.yaml (mode 0640)" ] || fail "where (link): $(cat "$T/out")"
[ "$(cat "$I/hw.3.yaml")" = "piles: [7]" ] || fail "hw.3.yaml (link)"
[ "$(cat "$I/hw.yaml")" = "piles: [1, 2, 3]" ] || fail "waiting file overwritten (link)"
[ "$(count_files "$I")" -eq 4 ] || fail "incoming (link): $(ls -a "$I")"
printf 'piles: [3, 9, 1, 2]\n' >"$T/u/hw.yaml"

# --- the timeout: exit 75, the file stays submitted; results/root/ is not
# there yet, which the message says
STATUS=0
submit --wait --timeout 0.5 "$T/u/hw.yaml" >"$T/out" 2>"$T/err" || STATUS=$?
[ "$STATUS" -eq 75 ] || fail "timeout exit $STATUS"
[ "$(cat "$T/err")" = "cairn submit: $T/u/hw.yaml: no result hw.4.result.yaml within 0.5 s ($R is not there, or not readable by you, yet)" ] ||
	fail "timeout message: $(cat "$T/err")"
[ -f "$I/hw.4.yaml" ] || fail "timed-out file not in incoming/"

# usage and name errors: exit 2, nothing written
STATUS=0
submit --timeout 1 "$T/u/hw.yaml" 2>"$T/err" || STATUS=$?
[ "$STATUS" -eq 2 ] || fail "--timeout without --wait exit $STATUS"
printf 'piles: [1]\n' >"$T/u/x.part"
STATUS=0
submit "$T/u/x.part" 2>"$T/err" || STATUS=$?
[ "$STATUS" -eq 2 ] || fail "ignored name exit $STATUS"
grep -q "is a name the daemon ignores" "$T/err" || fail "ignored name: $(cat "$T/err")"
[ "$(count_files "$I")" -eq 5 ] || fail "incoming after errors: $(ls -a "$I")"

# --- a first submission waits for results/root/, which the daemon makes
printf 'piles: [5, 3, 4, 5]\n' >"$T/u/first.yaml"
( STATUS=0
  submit --wait --timeout 60 "$T/u/first.yaml" >"$T/first.out" 2>"$T/first.err" || STATUS=$?
  echo "$STATUS" >"$T/first.status" ) &
FIRST=$!
wait_for 20 test -f "$I/first.yaml" || fail "first.yaml not submitted: $(cat "$T/first.err")"
[ ! -e "$R" ] || fail "$R there before the daemon ran"

# --- a running daemon: what waits now is processed, each its own result
start_daemon d "$T/c.yaml"
wait_for 20 log_has d "msg=started" || fail "daemon did not start"
wait_for 20 has_at_least "$R" 5 "*.result.yaml" || fail "waiting files not processed"
grep -q '^    diff: 2$' "$R/hw.result.yaml" || fail "hw.result.yaml"
grep -q '^    diff: 7$' "$R/hw.1.result.yaml" || fail "hw.1.result.yaml"
wait "$FIRST"
[ "$(cat "$T/first.status")" -eq 0 ] || fail "first submission exit $(cat "$T/first.status"): $(cat "$T/first.err")"
[ "$(sed -n 2p "$T/first.out")" = "==> $R/first.result.yaml <==" ] || fail "first: $(cat "$T/first.out")"
sed 1,2d "$T/first.out" | cmp - "$R/first.result.yaml" || fail "first: not the result file"

# a file error exits 2, and its result is printed
printf 'piles: [' >"$T/u/broken.yaml"
STATUS=0
submit --wait "$T/u/broken.yaml" >"$T/out" || STATUS=$?
[ "$STATUS" -eq 2 ] || fail "file error exit $STATUS"
grep -qx "==> $R/broken.result.yaml <==" "$T/out" || fail "broken: $(cat "$T/out")"
grep -qx 'status: error' "$T/out" || fail "broken result not printed"

# --- four processes, 100 files each, at the same time
for p in 1 2 3 4; do
	mkdir "$T/p$p"
	i=1
	while [ $i -le 100 ]; do
		# piles i, 1, i+2: Alice takes i+2, Bob i, Alice 1: diff 3
		d=3
		[ "$p$i" != 450 ] || d=4
		printf 'id: q%s\npiles: [%s, 1, %s]\nexpect: {diff: %s}\n' \
			"$i" "$i" $((i + 2)) "$d" >"$T/p$p/f$p-$i.yaml"
		i=$((i + 1))
	done
done
subs=""
for p in 1 2 3 4; do
	( STATUS=0
	  submit --wait --timeout 120 "$T/p$p"/*.yaml >"$T/p$p.out" 2>"$T/p$p.err" || STATUS=$?
	  echo "$STATUS" >"$T/p$p.status" ) &
	subs="$subs $!"
done
for pid in $subs; do
	wait "$pid"
done
for p in 1 2 3 4; do
	want=0
	[ $p -ne 4 ] || want=1
	[ "$(cat "$T/p$p.status")" -eq "$want" ] ||
		fail "process $p exit $(cat "$T/p$p.status"): $(cat "$T/p$p.err")"
	[ ! -s "$T/p$p.err" ] || fail "process $p stderr: $(cat "$T/p$p.err")"
	[ "$(grep -c "^$T/p$p/f$p-[0-9]*\.yaml: handed in as $SPOOL/incoming/f$p-[0-9]*\.yaml (mode 0640)\$" "$T/p$p.out")" -eq 100 ] ||
		fail "process $p: not 100 submitted lines"
	# split the output into one file per printed result
	rm -rf "$T/split"
	mkdir "$T/split"
	awk -v dir="$T/split" '
		/^==> .* <==$/ { n = $2; sub(".*/", "", n); f = dir "/" n; if (seen[f]++) dup = 1; next }
		f != "" { print > f }
		END { exit dup }' "$T/p$p.out" || fail "process $p printed a result twice"
	[ "$(count_files "$T/split")" -eq 100 ] || fail "process $p printed $(count_files "$T/split") results"
	for f in "$T/split"/*; do
		n=${f##*/}
		cmp "$f" "$R/$n" || fail "process $p: $n differs from the result file"
	done
	grep -c '^    verdict: correct$' "$T/p$p.out" >"$T/n"
	[ "$(cat "$T/n")" -eq $((want == 0 ? 100 : 99)) ] || fail "process $p: $(cat "$T/n") correct"
done
grep -q '^    verdict: wrong$' "$R/f4-50.result.yaml" || fail "f4-50 not wrong"

# --- a user who may write incoming/ but not list it, in the results group
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
	chmod 755 "$T" "$SPOOL"
	chmod 1733 "$I"
	chgrp 4242 "$SPOOL/results"
	chmod 2750 "$SPOOL/results"
	chmod 755 "$T/u"
	printf 'piles: [5, 3, 4, 5]\n' >"$T/u/guest.yaml"
	chmod 644 "$T/u/guest.yaml"
	STATUS=0
	setpriv --reuid 65534 --regid 65534 --groups 4242 -- \
		"$CAIRN" submit --spool "$SPOOL" --wait --timeout 60 "$T/u/guest.yaml" >"$T/out" 2>"$T/err" || STATUS=$?
	[ "$STATUS" -eq 0 ] || fail "guest in the group: exit $STATUS: $(cat "$T/err")"
	grep -qx '    diff: 1' "$T/out" || fail "guest result: $(cat "$T/out")"
	# The input is stored after its result is published: wait for it.
	wait_for 30 test -f "$SPOOL/done/nobody/guest.yaml" || fail "guest.yaml never stored in done/"
	# (stored as the daemon's copy, its owner's uid in its arrival record)
	[ "$(stat -c %u "$SPOOL/done/nobody/guest.yaml")" -eq "$(id -u)" ] &&
		record "$SPOOL/done/nobody/guest.yaml" | sed -n 2p | grep -qx 'uid 65534' ||
		fail "guest's file not processed"
	STATUS=0
	setpriv --reuid 65534 --regid 65534 --groups 65534 -- \
		"$CAIRN" submit --spool "$SPOOL" --wait "$T/u/guest.yaml" >"$T/out" 2>"$T/err" || STATUS=$?
	[ "$STATUS" -eq 2 ] || fail "guest outside the group: exit $STATUS"
	[ "$(cat "$T/err")" = "cairn submit: $SPOOL/results: Permission denied" ] ||
		fail "outside the group: $(cat "$T/err")"
	[ ! -s "$T/out" ] || fail "outside the group, something was submitted"
	# without --wait it needs no group
	setpriv --reuid 65534 --regid 65534 --groups 65534 -- \
		"$CAIRN" submit --spool "$SPOOL" "$T/u/guest.yaml" >"$T/out" 2>"$T/err" ||
		fail "guest without --wait: $(cat "$T/err")"
else
	echo "skipped: the mode 1733 user (needs root and setpriv)"
fi

kill -TERM "$LAST_PID"
wait_exit "$LAST_PID" 30
[ "$STATUS" -eq 0 ] || fail "daemon exit $STATUS"
echo "ok: cairn submit"
