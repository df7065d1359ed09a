# exactly_once.sh - exactly once on a real distributed file system (doc/spool.md),
# sourced by tests/gluster/gluster.sh and tests/ceph/ceph.sh after the
# file system's lib.sh, which defines DFS_TITLE (its name in messages),
# fs_setup (makes the file system and its two mounts, $DFS_A and $DFS_B:
# see tests/dfs/lib.sh), fs_teardown, and fs_warnings (the file system's
# own last warnings and errors, for a failure's record).
#
# Instance a serves the spool through one mount and b through the other
# (rescan_s 2, settle_ms 200).  DFS_FILES files (default 2000) of three
# owners (throwaway accounts: tests/accounts.sh) are written under a .tmp
# name, given to their owner and renamed into incoming/, half through
# each mount, while one instance at a time is killed with kill -9
# mid-stream and restarted (DFS_KILLS rounds, default 6).  Then: 0
# duplicates (no numbered copy in done/, no file processed in two logs),
# 0 lost (every input in done/OWNER/), every result byte-identical to
# `cairn solve`'s with its owner, uid and arrival, each readable by its
# owner through the daemon's ACL (results/OWNER/ is 0750 in root's
# group) and by nobody else, nothing left in incoming/ or processing/.
# Prints the figures: files, kills, duplicates, lost, claims lost to the
# other instance (skipped reason=gone), names found taken by a lookup
# before a claim (files that were another instance's), and files per
# second (bounded here by the kill rounds).
#
# Needs root, /dev/fuse, network namespaces and useradd; exits 77 with
# the reason where they are missing.
set -eu
top_builddir=$(cd "${top_builddir:-.}" && pwd)
top_srcdir=$(cd "${top_srcdir:-$(dirname "$0")/../..}" && pwd)
. "$top_srcdir/tests/accounts.sh"

N=${DFS_FILES:-2000}
KILLS=${DFS_KILLS:-6}
CAIRND="$top_builddir/src/daemon/cairnd"
CAIRN="$top_builddir/src/cli/cairn"
PLUGINS="$top_builddir/plugins/.libs"
[ -x "$CAIRND" ] && [ -x "$CAIRN" ] || { echo "FAIL: build cairn first" >&2; exit 1; }
DPIDS=""
WATCHDOG=""
cleanup() {
	for p in $DPIDS $WATCHDOG; do
		kill -9 "$p" 2>/dev/null || true
	done
	fs_teardown
}
trap cleanup EXIT
trap 'exit 1' INT TERM
fs_setup

# The owners: accounts of their own, so that reading a result as its
# owner tries the ACL the daemon granted (root would read anything).
OWNERS=""
for k in 0 1 2; do
	OWNERS="$OWNERS cd${DFS_NAME}${k}x$$"
done
# shellcheck disable=SC2086
make_accounts $OWNERS
trap 'cleanup; remove_accounts' EXIT
trap 'exit 1' INT TERM
# Input I's owner is OWNER_(I % 3), of uid UID_(I % 3).
UIDS="" k=0
for o in $OWNERS; do
	eval "OWNER_$k=$o UID_$k=$(id -u "$o")"
	UIDS="$UIDS $(id -u "$o")"
	k=$((k + 1))
done
# Their way to the mounts (mktemp made $DFS 0700).
chmod 711 "$DFS"

# The watchdog.  A wait on a mount whose client has stopped answering
# never returns (a process in D state, which no timeout(1) can end).
# After DFS_LIMIT_S the watchdog notes the mounts that do not answer a
# new stat and kills their clients, which fails every such wait at once;
# the test then ends on what it finds.
DFS_LIMIT_S=${DFS_LIMIT_S:-600}
(
	n=0
	while [ $n -lt "$DFS_LIMIT_S" ] && [ -d "$DFS" ]; do
		sleep 1
		n=$((n + 1))
	done
	[ -d "$DFS" ] || exit 0
	for m in "$DFS_A" "$DFS_B"; do
		dfs_answers "$m" || echo "$m" >>"$DFS/silent"
	done
	echo "$DFS_NAME: still running after $DFS_LIMIT_S s; stopping the $DFS_TITLE clients" >&2
	dfs_kill_clients "$DFS_A" "$DFS_B"
) &
WATCHDOG=$!

# silent_skip: where a mount stopped answering, the file system failed,
# and the spool protocol cannot be judged on it: skip, saying so.
silent_skip() {
	fs_warnings >&2
	dfs_skip "the $DFS_TITLE client of $*stopped answering (a new stat waits too);" \
		"the spool protocol cannot be judged on a file system that does not answer"
}

fail() {
	echo "FAIL: $*" >&2
	[ -s "$DFS/silent" ] && silent_skip "$(cat "$DFS/silent" | tr '\n' ' ')"
	for m in "$DFS_A" "$DFS_B"; do
		dfs_answers "$m" || silent_skip "$m "
	done
	for l in "$DFS"/cairnd-*.log; do
		echo "--- $l (last lines)" >&2
		tail -n 15 "$l" >&2
	done
	fs_warnings >&2
	df -h "$DFS" >&2 || true
	ls -la "$DFS_A/spool" "$DFS_B/spool" >&2 || true
	exit 1
}

# stuck WHO PID WHEN: PID has not ended.  Where its mount no longer
# answers even a new process's stat, the file system's client has
# stopped serving the mount (GlusterFS 10's FUSE client can do so after
# a process is killed during a lock request, the fault of its issue
# #4371, seen here with a loop of fcntl(F_OFD_SETLK) and kill -9, no
# cairnd at all: tests/gluster/lock_kill.sh).  That is the file system
# failing, not the spool protocol: fail() skips the test, saying so,
# whenever a mount does not answer; the threads' kernel stacks say where
# the process waits.
stuck() {
	echo "$DFS_NAME: $1 (pid $2) has not ended $3; its threads:" >&2
	dfs_stuck "$2" >&2
	fail "$1 (pid $2) has not ended $3"
}

W="$DFS/work"
mkdir -p "$W/src" "$W/want"
# The spool's directories are made once, from one host, as an operator
# does (cairnd(8), SEVERAL HOSTS): GlusterFS can leave a directory that
# two clients make at the same moment missing on both (seen in CI).
for d in incoming processing results done failed problems; do
	mkdir -p "$DFS_A/spool/$d"
done
dfs_wait 10 test -d "$DFS_B/spool/problems" || fail "the spool made through one mount is not seen through the other"
for x in a b; do
	m=$DFS_A
	[ $x = b ] && m=$DFS_B
	cat >"$W/$x.yaml" <<CONF
spool: $m/spool
instance: $x
plugin_dir: $PLUGINS
workers: 2
rescan_s: 2
settle_ms: 200
log_level: debug
CONF
done

# The inputs, and what `cairn solve` says of each.
i=0
while [ $i -lt $N ]; do
	f=$(printf 'f%05d.yaml' $i)
	printf 'id: p%d\npiles: [%d, %d, %d, %d, %d]\n' $i $((i % 97 + 1)) $((i % 13)) \
		$((i / 7 % 50)) $((i % 5 + 2)) $((i % 31)) >"$W/src/$f"
	i=$((i + 1))
done
(cd "$W/src" && ls) | while read -r f; do
	(cd "$W/src" && "$CAIRN" solve --plugin-dir "$PLUGINS" "$f") >"$W/want/${f%.yaml}.result.yaml" ||
		echo "cairn solve $f failed" >&2
done

start() {
	"$CAIRND" -c "$W/$1.yaml" >>"$DFS/cairnd-$1.log" 2>&1 &
	eval "PID_$1=$!"
	DPIDS="$DPIDS $!"
}
started() {
	[ "$(grep -c 'msg=started' "$DFS/cairnd-$1.log")" -ge "$2" ]
}
start a
start b
dfs_wait 30 started a 1 || fail "a did not start"
dfs_wait 30 started b 1 || fail "b did not start"
! grep -q 'no ACLs' "$DFS/cairnd-a.log" || fail "cairnd finds no ACLs on $DFS_TITLE"
# Where the file system has no RENAME_NOREPLACE (DFS_NOREPLACE=no), the
# daemon's moves are link() + unlink(), with its .tmp/ for results.
[ "${DFS_NOREPLACE:-}" != no ] || [ -d "$DFS_A/spool/processing/a/.tmp" ] ||
	fail "cairnd found RENAME_NOREPLACE on $DFS_TITLE"

# The writers: half through each mount, each file written as NAME.tmp,
# given to its owner and renamed (perl, which Debian always has: a fork
# per file would make the writers slower than the daemons, and the test
# would see no backlog).
write_half() {
	# shellcheck disable=SC2086
	perl -e '
		my ($src, $dir, $i, $n, $progress, @uids) = @ARGV;
		for (; $i < $n; $i += 2) {
			my $f = sprintf("f%05d.yaml", $i);
			open(my $in, "<", "$src/$f") or die "$src/$f: $!";
			local $/;
			my $text = <$in>;
			close($in);
			open(my $out, ">", "$dir/$f.tmp") or die "$dir/$f.tmp: $!";
			print $out $text;
			close($out) or die "$dir/$f.tmp: $!";
			# Three owners (doc/spool.md).
			chown($uids[$i % 3], -1, "$dir/$f.tmp") or die "chown $dir/$f.tmp: $!";
			rename("$dir/$f.tmp", "$dir/$f") or die "$dir/$f: $!";
			# How far it got, on local disk: the wait below goes by it.
			my $p;
			open($p, ">", $progress) and print $p "$i\n";
		}' "$W/src" "$1/spool/incoming" "$2" "$N" "$DFS/progress-$2" $UIDS
}
# writer_ended PID: the writer PID has ended; while it has not, its
# progress file must move at least every 120 s (a file system that is
# slow is waited for, one that stopped is not).  Bounded by the
# watchdog's DFS_LIMIT_S.
writer_ended() {
	_last="" _still=0
	while ! dfs_ended "$1"; do
		_now=$(cat "$2" 2>/dev/null || true)
		if [ "$_now" = "$_last" ]; then
			_still=$((_still + 1))
			[ $_still -lt 600 ] || return 1
		else
			_last=$_now _still=0
		fi
		sleep 0.2
	done
}
t0=$(date +%s.%N)
write_half "$DFS_A" 0 &
WA=$!
write_half "$DFS_B" 1 &
WB=$!

# The kills: every 1.5 s one instance (a, b, a, ...) gets kill -9 and is
# restarted half a second later, while files arrive and are processed.
runs_a=1 runs_b=1 k=0
while [ $k -lt "$KILLS" ]; do
	sleep 1.5
	x=a
	[ $((k % 2)) -eq 1 ] && x=b
	eval "p=\$PID_$x"
	kill -9 "$p"
	dfs_wait 30 dfs_ended "$p" || stuck "$x" "$p" "30 s after kill -9"
	wait "$p" 2>/dev/null || true
	sleep 0.5
	start $x
	eval "runs_$x=\$((runs_$x + 1))"
	eval "dfs_wait 30 started $x \$runs_$x" || fail "$x did not restart"
	k=$((k + 1))
done
writer_ended $WA "$DFS/progress-0" || stuck writer $WA "after 120 s without writing a file"
writer_ended $WB "$DFS/progress-1" || stuck writer $WB "after 120 s without writing a file"
wait $WA $WB || fail "a writer failed"
done_count() {
	find "$DFS_A/spool/done" -mindepth 2 -maxdepth 2 -type f | wc -l
}
dfs_wait 300 sh -c "[ \$(find '$DFS_A/spool/done' -mindepth 2 -maxdepth 2 -type f | wc -l) -ge $N ]" ||
	fail "only $(done_count) of $N in done/"
t1=$(date +%s.%N)
# Let a late duplicate show itself, then stop both.
sleep 3
kill -TERM $PID_a $PID_b
for x in a b; do
	eval "p=\$PID_$x"
	dfs_wait 60 dfs_ended "$p" || stuck "$x" "$p" "60 s after SIGTERM"
	wait "$p" || fail "an instance exited with status $?"
done
DPIDS=""

S="$DFS_A/spool"
cat "$DFS"/cairnd-a.log "$DFS"/cairnd-b.log >"$W/all.log"
dups=$(find "$S/done" -name 'f*.*.yaml' | wc -l)
twice=$(grep -o 'msg=processed file=f[0-9]*\.yaml ' "$W/all.log" | sort | uniq -d | wc -l)
lost=0 bad=0 unread=0
i=0
while [ $i -lt $N ]; do
	b=$(printf 'f%05d' $i)
	eval "o=\$OWNER_$((i % 3)) u=\$UID_$((i % 3))"
	r="$S/results/$o/$b.result.yaml"
	[ -f "$S/done/$o/$b.yaml" ] || lost=$((lost + 1))
	# cairn solve's result, and the daemon's owner, uid and arrival
	{ sed -n '1,2p' "$W/want/$b.result.yaml"; echo "owner: $o"; echo "uid: $u"
	  grep '^received: ' "$r"; sed '1,2d' "$W/want/$b.result.yaml"; } >"$W/expect"
	cmp -s "$W/expect" "$r" || bad=$((bad + 1))
	i=$((i + 1))
done
# Every result read by its owner, through the mount the other instance
# served too, in one process per owner.
for o in $OWNERS; do
	n=$(setpriv --reuid="$o" --regid="$o" --clear-groups -- \
		sh -c 'cat "$1"/f*.result.yaml | grep -c "^owner: "' sh "$DFS_B/spool/results/$o" 2>"$W/read.err") || true
	want=$(find "$S/results/$o" -maxdepth 1 -name 'f*.result.yaml' | wc -l)
	[ "${n:-0}" -eq "$want" ] || unread=$((unread + want - ${n:-0}))
done
# and nobody else's: the first owner cannot list the second's.
o1=$OWNER_0 o2=$OWNER_1
! setpriv --reuid="$o1" --regid="$o1" --clear-groups -- ls "$DFS_B/spool/results/$o2" >/dev/null 2>&1 ||
	fail "$o1 can list results/$o2/"
gone=$(grep -c 'msg=skipped .*reason=gone' "$W/all.log" || true)
stale=$(grep -c 'msg=skipped .*reason="taken by its owner"' "$W/all.log" || true)
left_in=$(find "$S/incoming" -mindepth 1 | wc -l)
# what is left in processing/*/ but each one's lock, journal and (empty) .tmp/
leftover() {
	find "$S/processing" -mindepth 2 ! -name .lock ! -name .attempts ! -path "$S/processing/*/.tmp"
}
left_proc=$(leftover | wc -l)
rate=$(echo "$N $t0 $t1" | awk '{ printf "%.0f", $1 / ($3 - $2) }')
echo "$DFS_NAME: files=$N kills=$KILLS duplicates=$((dups + twice)) lost=$lost wrong_results=$bad" \
	"unreadable_by_owner=$unread gone=$gone stale_looked_up=$stale left_incoming=$left_in" \
	"left_processing=$left_proc files_per_s=$rate"
[ "$dups" -eq 0 ] || fail "$dups numbered copies in done/: $(find "$S/done" -name 'f*.*.yaml' | head -3)"
[ "$twice" -eq 0 ] || fail "$twice files processed twice"
[ "$lost" -eq 0 ] || fail "$lost inputs lost"
[ "$bad" -eq 0 ] || fail "$bad results differ from cairn solve's"
[ "$unread" -eq 0 ] || fail "$unread results not readable by their owner: $(head -3 "$W/read.err")"
[ "$left_in" -eq 0 ] || fail "incoming/ not empty"
[ "$left_proc" -eq 0 ] || fail "processing/ not empty: $(leftover | head -3)"
[ "$(find "$S/done" -mindepth 2 -name .arrival -prune -o -print | wc -l)" -eq "$N" ] || fail "done/ holds more than the inputs"
[ "$(find "$S/results" -path '*/history' -prune -o -type f -name 'f*.result.yaml' -print | wc -l)" -eq "$N" ] ||
	fail "results/ holds more than one result per input"
echo "ok: $N files of 3 owners through two $DFS_TITLE mounts, $KILLS kills, exactly once, each readable by its owner"

# Arrival on this file system (doc/spool.md, "Owner and arrival"): with
# no daemon running, on.yaml is handed in before a set's due time and a
# file written in another directory of the file system before it is
# renamed into incoming/ after it; a --once run after the due time finds
# the first on time and the second late, whether the rename sets the
# change time here or the daemon's first sight of the name counts.
due_s=$(( $(date +%s) + 3 ))
printf 'policy:\n  due: %s\n  late_penalty: 10%%\npuzzles:\n  - {id: a, piles: [3, 9, 1, 2], points: 1}\n' \
	"$(date -u -d "@$due_s" +%Y-%m-%dT%H:%M:%SZ)" >"$DFS_A/spool/problems/due.yaml"
mkdir -p "$DFS_A/stage"
for f in on renamed; do
	printf 'problem_set: due\nsubmitter: S1\nanswers: {a: {diff: 7}}\n' >"$DFS_A/stage/$f.yaml"
done
mv "$DFS_A/stage/on.yaml" "$DFS_A/spool/incoming/on.yaml"
n=0
while [ "$(date +%s)" -le "$due_s" ] && [ $n -lt 50 ]; do
	sleep 0.2
	n=$((n + 1))
done
mv "$DFS_A/stage/renamed.yaml" "$DFS_A/spool/incoming/renamed.yaml"
"$CAIRND" -c "$W/a.yaml" --once >"$DFS/arrival.log" 2>&1 || fail "the --once run: $(tail -3 "$DFS/arrival.log")"
R="$DFS_A/spool/results/root"
[ -f "$R/on.result.yaml" ] && [ -f "$R/renamed.result.yaml" ] || fail "no results of on.yaml, renamed.yaml"
! grep -q '^late:' "$R/on.result.yaml" || fail "on.yaml, handed in before the due time, is late: $(grep '^received' "$R/on.result.yaml")"
grep -q '^late: ' "$R/renamed.result.yaml" || fail "renamed.yaml, renamed in after the due time, is on time"
if grep -q 'msg="rename keeps the change time"' "$DFS/arrival.log"; then
	how="a rename keeps the change time here: first seen counts"
else
	how="a rename sets the change time here"
fi
echo "ok: $DFS_TITLE: handed in before the due time and graded after it: on time; renamed in after it: late ($how)"
