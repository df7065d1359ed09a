#!/bin/sh
# Issue 36: an arrival survives kill -9.  300 files of three owners are
# handed in while no daemon runs, each one's change time in incoming/
# recorded; then two instances (a and b, fsync: true) serve the spool
# while, round after round, one of them is killed with SIGKILL 10 to 90 ms
# after the other one's start and started again, until every file is in done/ (at most
# 40 rounds, then they finish in peace), and a clean `cairnd --once`
# follows.  Every result is graded (status ok: max_submissions 1000 makes
# each one count the owner's earlier results; but for a file failed as
# interrupted twice, which doc/spool.md allows) and received at the
# recorded change time, to the millisecond; every stored input's
# arrival record says that change time, to the nanosecond; no result has
# a history/ entry (each name was handed in once); done/OWNER/ and
# failed/OWNER/ hold exactly the inputs (no numbered copy), and
# incoming/ and processing/*/ nothing but dot files.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

[ "$(id -u)" -eq 0 ] || { echo "SKIP: not root, cannot hand files to other uids"; exit 77; }

N=900
P="$T/problems"
I="$SPOOL/incoming"
mkdir -p "$P" "$I" "$T/stage"
printf 'policy:\n  max_submissions: 1000\npuzzles:\n  - {id: a, piles: [3, 9, 1, 2], points: 10}\n' >"$P/lim.yaml"
for x in a b; do
	write_conf "$T/$x.yaml" "instance: $x" "problems_dir: $P" "fsync: true" \
		"keep_inputs: true" "settle_ms: 0"
done

# Written aside and renamed in, one perl for all: k<i>.yaml of 60061 + i % 3.
perl -e '($d, $in, $n) = @ARGV;
	for $k (0 .. $n - 1) {
		open(F, ">", "$d/k$k.yaml") or die "$d/k$k.yaml: $!";
		print F "problem_set: lim\nsubmitter: S$k\nanswers: {a: {diff: 7}}\n";
		close(F) or die;
		chown(60061 + $k % 3, -1, "$d/k$k.yaml") == 1 or die "chown: $!";
		rename("$d/k$k.yaml", "$in/k$k.yaml") or die "rename: $!";
	}' "$T/stage" "$I" $N || fail "the files were not handed in"
# Nothing takes them yet: their change times now are those of the rename in.
(cd "$I" && stat -c '%n %.9Z %u' -- *) >"$T/handed"
[ "$(wc -l <"$T/handed")" -eq $N ] || fail "$(wc -l <"$T/handed") files handed in"

rnd() {
	echo $(($(od -An -N2 -tu2 /dev/urandom) % $1))
}
# all_done: every file stored, in done/ or (which fails the test) failed/
all_done() {
	[ "$(find "$SPOOL/done" "$SPOOL/failed" -mindepth 2 -maxdepth 2 -type f 2>/dev/null | wc -l)" -ge $N ]
}
RUNS=0
# start X: instance X (a or b) again, its log X<k>.log; its pid in PID_X
start() {
	RUNS=$((RUNS + 1))
	start_daemon "$1$RUNS" "$T/$1.yaml"
	eval "PID_$1=$LAST_PID"
}
start a
start b
deadline=$(($(date +%s) + 90))
round=0
x=b
while [ $round -lt 40 ] && [ "$(date +%s)" -lt $deadline ] && ! all_done; do
	# Each in turn: an instance lives two rounds, and mostly gets through
	# the files its recovery returned before its next crash (a file being
	# read during two in a row is failed, which the checks allow).
	if [ $x = a ]; then x=b; else x=a; fi
	sleep "0.0$((10 + $(rnd 81)))"
	eval "pid=\$PID_$x"
	kill -9 "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	start $x
	round=$((round + 1))
done
# Then they finish in peace: waited for while they make progress (60 s
# without a file stored is a stall), at most 15 minutes in all, so that a
# slow build (sanitizers) is waited for and a stuck daemon is not.
stored() {
	find "$SPOOL/done" "$SPOOL/failed" -mindepth 2 -maxdepth 2 -type f | wc -l
}
last=-1 still=0 n=0
while ! all_done; do
	now=$(stored)
	if [ "$now" -eq "$last" ]; then
		still=$((still + 1))
	else
		last=$now still=0
	fi
	[ $still -lt 120 ] && [ $n -lt 1800 ] ||
		fail "after $round rounds, $(find "$SPOOL/done" -mindepth 2 -maxdepth 2 -type f | wc -l) of $N in done/; failed/: $(find "$SPOOL/failed" -mindepth 2 -maxdepth 2 -type f | head -3)"
	sleep 0.5
	n=$((n + 1))
done
kill -TERM "$PID_a" "$PID_b"
wait_exit "$PID_a" 20
[ "$STATUS" -eq 0 ] || fail "a's exit status $STATUS"
wait_exit "$PID_b" 20
[ "$STATUS" -eq 0 ] || fail "b's exit status $STATUS"
run_t once -c "$T/a.yaml" --once
[ "$STATUS" -eq 0 ] || fail "the clean --once: exit $STATUS: $(cat "$T/once.err")"
echo "ok: $N files through $round rounds of kill -9 and restart"

# Stored once each, nothing left behind.  A file being read during two
# crashes of its instance in a row is failed, "interrupted twice while
# processing" (doc/spool.md): with kills this close together that
# happens, and is right; such a file is in failed/ and still received
# when it was handed in.
find "$SPOOL/done" "$SPOOL/failed" -mindepth 2 -maxdepth 2 -type f -printf '%f %P\n' |
	sort >"$T/stored"
[ -z "$(find "$SPOOL/failed" -type f 2>/dev/null)" ] ||
	TWICE=$(cd "$SPOOL/failed" && find . -mindepth 2 -maxdepth 2 -type f -printf '%P\n')
awk '{ print $1, $3 "/" $1 }' "$T/handed" | sort >"$T/want_stored"
cmp -s "$T/want_stored" "$T/stored" ||
	fail "done/ and failed/ are not the inputs: $(diff "$T/want_stored" "$T/stored" | head -10)"
[ -z "$(find "$I" -mindepth 1 ! -name '.*')" ] || fail "left in incoming/: $(ls "$I" | head)"
left=$(find "$SPOOL/processing" -mindepth 2 -maxdepth 2 ! -name '.*')
[ -z "$left" ] || fail "left in processing/: $left"
[ -z "$(find "$SPOOL/results" -name history)" ] ||
	fail "graded again: $(find "$SPOOL/results" -path '*/history/*' | head -5)"
echo "ok: each input stored once, $(echo ${TWICE:-} | wc -w) of them failed as interrupted twice; no history/, nothing left in incoming/ or processing/"

# Graded, at the arrival recorded before any claim.
perl -MPOSIX=strftime -e '
	$bad = 0;
	open(H, "<", $ARGV[1]) or die;
	while (<H>) {
		($name, $ct, $uid) = split;
		($s, $ns) = split(/\./, $ct);
		$want = strftime("%Y-%m-%dT%H:%M:%S", gmtime($s)) . "." . substr($ns, 0, 3) . "Z";
		($r = "$ARGV[0]/$uid/$name") =~ s/\.yaml$/.result.yaml/;
		open(R, "<", $r) or do { print "$r: missing\n"; $bad++; next };
		local $/;
		$text = <R>;
		close(R);
		($st) = $text =~ /^status: (.*)$/m;
		($got) = $text =~ /^received: (.*)$/m;
		($err) = $text =~ /^error: (.*)$/m;
		$twice = $err eq "\"interrupted twice while processing\"";
		if (-e "$ARGV[2]/$uid/$name" ? !$twice : $st ne "ok") {
			print "$uid/$name: status $st $err\n";
			$bad++;
		}
		if ($got ne $want) { print "$uid/$name: received $got, handed in at $want\n"; $bad++; }
	}
	exit($bad ? 1 : 0);' "$SPOOL/results" "$T/handed" "$SPOOL/failed" >"$T/mismatch" ||
	fail "$(wc -l <"$T/mismatch") mismatches, such as: $(head -5 "$T/mismatch")"
echo "ok: every result graded (but those interrupted twice) and received when its file was handed in"

# Each stored input's record keeps its arrival, to the nanosecond.
while read -r name ct uid; do
	d=done
	[ ! -e "$SPOOL/failed/$uid/$name" ] || d=failed
	echo "$ct $SPOOL/$d/$uid/$name" >&3
	echo "$SPOOL/$d/$uid/$name"
done <"$T/handed" 3>"$T/want_records" | record_arrivals >"$T/records"
cmp -s "$T/want_records" "$T/records" ||
	fail "arrival records: $(diff "$T/want_records" "$T/records" | head -6)"
echo "ok: every stored input's arrival record says when it was handed in"
