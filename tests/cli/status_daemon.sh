#!/bin/sh
# cairn status beside a running cairnd (cairn(1)): stop_shim stops the
# daemon (SIGSTOP) while a worker reads slow.yaml, so the file is held
# claimed in processing/test/ for as long as the test needs; status shows
# the instance running with the daemon's pid and host and the file it
# processes, as text and as JSON, and asking the lock does not take it
# (a second daemon of that instance is still refused, exit 75).  Once
# the daemon is killed, the same instance shows stopped, its file still
# claimed.  Only ages are normalised, as in status.sh.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIM="$top_builddir/tests/daemon/.libs/stop_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
write_conf "$T/c.yaml"
mkdir -p "$SPOOL/incoming"
CAIRN_STOP_CALL=read CAIRN_STOP_NAME=slow.yaml CAIRN_STOP_SIG=STOP LD_PRELOAD="$SHIM" \
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	start_daemon d "$T/c.yaml"
D=$LAST_PID
wait_for 20 log_has d "msg=started" || fail "daemon did not start"
printf 'id: slow\npiles: [4, 1, 9]\n' | drop slow.yaml
stopped() {
	[ "$(ps -o stat= -p "$D" | cut -c1)" = T ] && being_read "$SPOOL/processing/test" slow.yaml
}
wait_for 20 stopped || fail "the daemon did not stop reading slow.yaml"

ages() {
	perl -pe 's/(?<![\w.])(\d+s)( *)(?= |$)/"AGE" . " " x (length($1 . $2) - 3)/ge' "$1"
}
HOST=$(uname -n)
# instance_row STATE PID HOST: the row of instance test, in columns as
# wide as the header and the cells
instance_row() {
	awk -v s="$1" -v p="$2" -v h="$3" 'BEGIN {
		pw = length(p) > 3 ? length(p) : 3; hw = length(h) > 4 ? length(h) : 4
		f = "  %-8s  %-7s  %" pw "s  %-" hw "s  %s\n"
		printf f, "INSTANCE", "STATE", "PID", "HOST", "CLAIMED"
		printf f, "test", s, p, h, 1 }'
}
# processing_row: the header and the row of slow.yaml, ours
processing_row() {
	awk -v o="$ME" -v u="$(id -u)" 'BEGIN {
		ow = length(o) > 5 ? length(o) : 5; uw = length(u) > 3 ? length(u) : 3
		f = "  %-8s  %-" ow "s  %" uw "s  %-3s  %5s  %s\n"
		printf f, "INSTANCE", "OWNER", "UID", "AGE", "BYTES", "FILE"
		printf f, "test", o, u, "AGE", 26, "slow.yaml" }'
}

"$CAIRN" status -c "$T/c.yaml" >"$T/out" 2>"$T/err" || fail "exit $?: $(cat "$T/err")"
{
	echo "Spool $SPOOL"
	echo "Instances:"
	instance_row running "$D" "$HOST"
	echo "Processing:"
	processing_row
	cat <<END
Waiting:
  OWNER  UID  FILES  BYTES  OLDEST
  (none)
Failures (newest first, 0 of 0):
  AGE  OWNER  FILE  ERROR
  (none)
Directories:
  DIRECTORY        FILES  BYTES
  incoming             0      0
  processing/test      1     26
  done                 0      0
  failed               0      0
  results              0      0
END
} >"$T/want"
ages "$T/out" >"$T/got"
diff -u "$T/want" "$T/got" >&2 || fail "text differs"

"$CAIRN" status -c "$T/c.yaml" --json >"$T/out" 2>"$T/err" || fail "--json: exit $?"
grep -qx "    {\"name\": \"test\", \"state\": \"running\", \"pid\": $D, \"host\": \"$HOST\", \"files\": 1, \"bytes\": 26, \"claimed\": \[" "$T/out" ||
	fail "JSON instance: $(grep -A1 '"name": "test"' "$T/out")"
grep -Eqx "      \{\"file\": \"slow.yaml\", \"owner\": \"$ME\", \"uid\": $(id -u), \"bytes\": 26, \"claimed\": \"[0-9T:.-]{23}Z\", \"age_s\": [0-9]+\}" "$T/out" ||
	fail "JSON claimed file: $(grep slow.yaml "$T/out")"

# The lock is still the daemon's: asking did not take it.
rc=0
"$CAIRND" -c "$T/c.yaml" --once >"$T/second.log" 2>&1 || rc=$?
[ "$rc" -eq 75 ] || fail "a second daemon of instance test: exit $rc"

kill -9 "$D"
wait_exit "$D" 20
"$CAIRN" status -c "$T/c.yaml" >"$T/out" 2>"$T/err" || fail "after the kill: exit $?"
sed -n '/^Instances:/,/^Processing:/p' "$T/out" >"$T/got"
{ echo "Instances:"; instance_row stopped - -; echo "Processing:"; } >"$T/want"
diff -u "$T/want" "$T/got" >&2 || fail "after the kill, the instance is not shown stopped"
grep -q '^  test .* slow.yaml$' "$T/out" || fail "after the kill, slow.yaml is not shown claimed"
exit 0
