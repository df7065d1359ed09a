#!/bin/sh
# Issue 9, case 7: a transient failure is never published as permanent.
# One failed malloc() while libyaml parses a valid file (LD_PRELOAD
# tests/daemon/nomem_shim.so) makes that file be retried alone, and its
# result is the right one; one failed malloc() inside dlopen() makes no
# plugin be silently replaced: a start exits 75 and a reload keeps the
# plugins it had, and the next reload loads them all.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

use_nomem_shim
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
hw1_input | drop hw1.yaml
wait_for 20 test -f "$DONE/hw1.yaml" || fail "not processed after the retry"
[ ! -e "$T/fail" ] || fail "no allocation failed"
expect_hw1 >"$T/want"
same_result "$T/want" "$RES/hw1.result.yaml" || fail "result: $(cat "$RES/hw1.result.yaml")"
[ "$(count_files "$FAILED")" -eq 0 ] || fail "a file in failed/"
grep -q 'level=warning msg="retrying file" file=hw1.yaml error="processing hw1.yaml: Cannot allocate memory" tries=1 retry_in_ms=1000$' "$T/d.log" ||
	fail "no retry line"
[ "$(log_count d 'msg=processed file=hw1.yaml ')" -eq 1 ] || fail "not processed once"
log_has d 'msg=processed file=hw1.yaml .* status=ok input=done/'"$ME"'/hw1.yaml owner='"$ME"'$' || fail "processed line"
! log_has d 'storage error' || fail "a storage error"

# --- a failed malloc inside dlopen at reload: the old plugins stay ---
log_has d 'msg=started .* plugins=linear once=no' || fail "plugins at start"
cp "$CAIRN_PLUGIN_DIR_BUILD/diff1d.so" "$T/plugins/"
echo dlopen >"$T/fail"
kill -HUP "$D"
wait_for 20 log_has d 'msg="reload failed"' || fail "reload did not fail"
[ ! -e "$T/fail" ] || fail "no allocation failed in dlopen"
log_has d 'level=error msg="reload failed" error=".*plugin(s) not loaded for lack of memory (.*); not replaced, tried again at the next start or reload" action=kept' ||
	fail "reload line: $(grep reload "$T/d.log")"
hw1_input | drop hw2.yaml
wait_for 20 test -f "$DONE/hw2.yaml" || fail "hw2 not processed with the old plugins"
expect_hw1 | sed 's/^source: hw1.yaml$/source: hw2.yaml/' >"$T/want"
same_result "$T/want" "$RES/hw2.result.yaml" || fail "hw2 result"
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
grep -q 'level=error msg="out of memory" error=".*plugin(s) not loaded for lack of memory' "$T/start.log" ||
	fail "start message: $(cat "$T/start.log")"
! grep -q 'plugin refused' "$T/start.log" || fail "out of memory taken for a refusal"

# Issue 22, case 4.  start_at WHERE WANT: a start whose allocation at
# WHERE ("dlopen 2": the second inside dlopen(), and so on) fails exits
# 75 (EX_TEMPFAIL, which the unit restarts) with the line WANT.
start_at() {
	echo "$1" >"$T/fail"
	STATUS=0
	with_shim "$CAIRND" -c "$T/c.yaml" --once >"$T/start.log" 2>&1 || STATUS=$?
	[ ! -e "$T/fail" ] || fail "$1: no allocation failed"
	[ "$STATUS" -eq 75 ] || fail "$1: exit $STATUS, expected 75: $(cat "$T/start.log")"
	grep -q -- "$2" "$T/start.log" || fail "$1: no line $2: $(cat "$T/start.log")"
}
# glibc says "cannot create shared object descriptor", "cannot allocate
# symbol search list", ...: none of them is the plugin's fault.
for n in 2 4 5 6; do
	start_at "dlopen $n" 'level=error msg="out of memory" error=".*plugin(s) not loaded for lack of memory'
done
start_at "uv_loop_init 1" 'level=error msg="out of memory" what=uv_loop_init error="not enough memory" exit=75$'
start_at "fdopendir 1" "level=error msg=\"out of memory\" error=\"plugin directory $T/plugins: Cannot allocate memory\"$"
start_at "yaml 1" "level=error msg=\"out of memory\" error=\"$T/c.yaml: Cannot allocate memory\"$"
grep -q '^RestartPreventExitStatus=64 69 78$' "$top_srcdir/systemd/cairnd.service.in" &&
	grep -q '^Restart=on-failure$' "$top_srcdir/systemd/cairnd.service.in" ||
	fail "the unit does not restart exit 75"

# --- out of memory on a worker while it processes a file: that file's retry ---
rm -f "$T/fail"
CAIRN_NOMEM_FLAG="$T/fail" LD_PRELOAD="$SHIM" "$CAIRND" -c "$T/c.yaml" >"$T/w.log" 2>&1 &
D=$!
PIDS="$PIDS $D"
wait_for 20 grep -q "msg=started" "$T/w.log" || fail "daemon did not start"
# CSV: its reader allocates with cairn_xmalloc() only (libyaml's own
# failures were already retried); the 8th and 10th allocations of a
# worker fall in the reading ("cannot read", or "processing" when the
# journal's record of the read allocates nothing) and the solving of the file (diff1d, copied
# in for the reload above, is the cheapest solver now).
printf '5,3,4,5\n' >"$T/w.csv"
{
	echo 'id,line,n,solver,total,alice,bob,diff,winner,alice_wins,first_move,moves,verdict,feedback,error,submitter,problem_set,points,max_points,owner,received,late_by,late_penalty'
	echo '#1,1,4,diff1d,17,9,8,1,alice,true,left,,,,,,,,,,,,'
} >"$T/want"
# One file first: the owner's name is looked up (and remembered) then,
# so that what the user database allocates does not shift the count.
cp "$T/w.csv" "$SPOOL/incoming/w0.csv"
wait_for 20 test -f "$DONE/w0.csv" || fail "w0.csv not processed: $(tail -5 "$T/w.log")"
# The release walk runs on a pool thread too, after a file's result: an
# allocation of a walk that overlaps is one of a worker's, and the walk
# tries again on its own.  So a round whose failed allocation was not the
# file's (processed without a retry) is run again with a new file, up to
# 5 times; each n must once fail a file's allocation and retry that file.
for n in 8 10; do
	k=0 ok=
	while [ $k -lt 5 ] && [ -z "$ok" ]; do
		f=w$n-$k.csv
		echo "worker $n $k" >"$T/fail"
		drop "$f" <"$T/w.csv"
		wait_for 20 test -f "$DONE/$f" || fail "worker $n: $f not processed: $(tail -5 "$T/w.log")"
		wait_for 10 test ! -e "$T/fail" || fail "worker $n: no allocation failed"
		grep -Eq "level=warning msg=\"retrying file\" file=$f error=\"(cannot read|processing) $f: Cannot allocate memory\" tries=1 " "$T/w.log" && ok=1
		same_result "$T/want" "$RES/${f%.csv}.result.csv" || fail "worker $n: result: $(cat "$RES/${f%.csv}.result.csv")"
		k=$((k + 1))
	done
	[ -n "$ok" ] || fail "worker $n: no retry in 5 rounds: $(grep "w$n-" "$T/w.log")"
done
kill -0 "$D" || fail "the daemon died of a worker's out of memory"

# Issue 22, case 4: the allocation that fails may be any of a worker's,
# the claim's bookkeeping, publishing and storing included: for each N
# from 1 to 30, the Nth fails for one CSV and for one YAML file; each is
# retried (or, past its end, simply done), with its right result, and
# the daemon lives on.
expect_hw1 >"$T/want.yaml"
for n in $(seq 1 30); do
	for ext in csv yaml; do
		f=a$n.$ext
		echo "worker $n $f" >"$T/fail"
		if [ $ext = csv ]; then drop "$f" <"$T/w.csv"; else hw1_input | drop "$f"; fi
		# The processed line comes after the move into done/: wait for it.
		wait_for 20 log_has w "msg=processed file=$f " ||
			fail "worker $n: $f not processed: $(grep "$f" "$T/w.log")"
		[ -f "$DONE/$f" ] || fail "worker $n: $f not in done/"
		kill -0 "$D" || fail "worker $n: the daemon died: $(tail -3 "$T/w.log")"
		if [ -e "$T/fail" ]; then
			rm -f "$T/fail"	# $f took fewer than $n allocations
		elif ! grep -q "msg=\"retrying file\" file=$f .*Cannot allocate memory\" tries=1 " "$T/w.log"; then
			log_has w "msg=processed file=$f .* status=ok" ||
				fail "worker $n: $f neither retried nor processed: $(grep "$f" "$T/w.log")"
		fi
		if [ $ext = csv ]; then
			same_result "$T/want" "$RES/a$n.result.csv" || fail "worker $n: $f result"
		else
			sed "s/^source: hw1.yaml$/source: $f/" "$T/want.yaml" >"$T/want.$f"
			same_result "$T/want.$f" "$RES/a$n.result.yaml" ||
				fail "worker $n: $f result: $(cat "$RES/a$n.result.yaml")"
		fi
	done
done
[ "$(count_files "$FAILED")" -eq 0 ] || fail "failed/ holds $(ls "$FAILED")"
kill -TERM "$D"
wait_exit "$D" 20
[ "$STATUS" -eq 0 ] || fail "exit $STATUS after workers' out of memory"
echo "PASS: out of memory is retried, never published or replaced, and a clean 75 at start"
