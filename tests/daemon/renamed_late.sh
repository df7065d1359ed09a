#!/bin/sh
# Issue 36: handing in is the rename into incoming/, not the writing.  A
# file written and given to its owner in another directory of the same
# file system before due (its change time and modification time there
# both before due), renamed into incoming/ after due while the daemon
# runs, is late, received after due.  A file handed in before due
# beside it is on time.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

[ "$(id -u)" -eq 0 ] || { echo "SKIP: not root, cannot hand files to other uids"; exit 77; }

P="$T/problems"
S="$T/stage"
I="$SPOOL/incoming"
mkdir -p "$P" "$S" "$I"
[ "$(stat -c %d "$S")" = "$(stat -c %d "$I")" ] || fail "stage/ and incoming/ are on two file systems"
DUE_S=$(($(date +%s) + 3))
due_set "$P" due "$DUE_S"
write_conf "$T/c.yaml" "problems_dir: $P" "keep_inputs: true"
OWNER=60057
start_daemon d "$T/c.yaml"
wait_for 20 log_has d msg=started || fail "the daemon did not start"

printf 'problem_set: due\nanswers: %s\n' "$SET_GOOD" >"$S/moved.yaml"
chown $OWNER "$S/moved.yaml"
STAGED=$(change_time "$S/moved.yaml")
WRITTEN=$(stat -c %.9Y "$S/moved.yaml")
printf 'problem_set: due\nanswers: %s\n' "$SET_GOOD" | drop on.yaml $OWNER
[ "${STAGED%.*}" -lt "$DUE_S" ] && [ "${WRITTEN%.*}" -lt "$DUE_S" ] &&
	[ "$(date +%s)" -lt "$DUE_S" ] || fail "moved.yaml was written after due: the machine took 3 s"

wait_past "$DUE_S"
# The change time in stage/ is still the one from before due.
[ "$(change_time "$S/moved.yaml")" = "$STAGED" ] || fail "moved.yaml changed in stage/"
mv "$S/moved.yaml" "$I/moved.yaml"

# result NAME: the path of NAME's result, once it is there
result() {
	R="$SPOOL/results/$OWNER/${1%.yaml}.result.yaml"
	wait_for 30 test -f "$R" || fail "no result for $1"
}
result on.yaml
grep -qx 'status: ok' "$R" && ! grep -q '^late:' "$R" && [ "$(points "$R")" = 10 ] ||
	fail "on.yaml, handed in before due: $(cat "$R")"
result moved.yaml
grep -qx 'status: ok' "$R" || fail "moved.yaml: $(cat "$R")"
grep -Eqx 'late: \{by: "[0-9]+s", penalty: 0.1\}' "$R" ||
	fail "moved.yaml, renamed in after due, is not late: $(cat "$R")"
[ "$(points "$R")" = 9 ] || fail "moved.yaml's points: $(points "$R")"
rcv=$(sed -n 's/^received: //p' "$R")
[ "$(date -u -d "$rcv" +%s)" -ge "$DUE_S" ] ||
	fail "moved.yaml received $rcv, before due $(date -u -d "@$DUE_S" +%H:%M:%S)"
echo "ok: written before due elsewhere, renamed into incoming/ after due: late"

kill -TERM "$LAST_PID"
wait_exit "$LAST_PID" 20
[ "$STATUS" -eq 0 ] || fail "the daemon's exit status $STATUS"
