#!/bin/sh
# lock_kill.sh - the GlusterFS fault that cairnd keeps its lock requests
# away from (cairnd(8), SEVERAL HOSTS), shown without cairnd.
#
# On a private GlusterFS (tests/gluster/lib.sh), rounds of: a process with
# two threads that take and drop fcntl(F_OFD_SETLK) locks on a file of
# mount A without a pause, killed with kill -9 at a random moment.  After
# each round: has the process ended (all its threads), and does mount A
# still answer a new stat?  Prints the round at which the mount stopped
# answering, with where the killed process's threads wait, or that it did
# not in LK_ROUNDS rounds (default 40).  With LK_CMD=getlk the threads ask
# with F_OFD_GETLK instead (which did not stop the mount here).
#
# Not part of `make check`: it means to break a mount.  GlusterFS 10.3
# (Debian 12) stopped answering within 2 to 11 rounds of setlk here.
#   sh tests/gluster/lock_kill.sh
set -eu
top_srcdir=$(cd "${top_srcdir:-$(dirname "$0")/../..}" && pwd)
. "$top_srcdir/tests/gluster/lib.sh"
ROUNDS=${LK_ROUNDS:-40}
CMD=${LK_CMD:-setlk}
trap fs_teardown EXIT
trap 'exit 1' INT TERM
fs_setup
command -v python3 >/dev/null 2>&1 || dfs_skip "needs python3"

cat >"$DFS/locker.py" <<'PY'
import fcntl, os, struct, sys, threading
F_OFD_GETLK, F_OFD_SETLK = 36, 37
path, cmd = sys.argv[1], sys.argv[2]

def flock(kind, byte):
    # struct flock on x86_64 and arm64: l_type, l_whence, l_start, l_len, l_pid
    return struct.pack("hhqqi4x", kind, 0, byte, 1, 0)

def run(k):
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    i = 0
    while True:
        i += 1
        byte = (i * 7 + k) % 1000
        if cmd == "getlk":
            fcntl.fcntl(fd, F_OFD_GETLK, flock(fcntl.F_WRLCK, byte))
            continue
        try:
            fcntl.fcntl(fd, F_OFD_SETLK, flock(fcntl.F_WRLCK, byte))
            fcntl.fcntl(fd, F_OFD_SETLK, flock(fcntl.F_UNLCK, byte))
        except BlockingIOError:
            pass

for k in range(2):
    threading.Thread(target=run, args=(k,), daemon=True).start()
threading.Event().wait()
PY

r=0
while [ $r -lt "$ROUNDS" ]; do
	r=$((r + 1))
	python3 "$DFS/locker.py" "$DFS_A/lockfile" "$CMD" &
	p=$!
	sleep "0.$(( $(od -An -N1 -tu1 /dev/urandom) % 9 + 1 ))"
	kill -9 $p
	if ! dfs_wait 5 dfs_ended $p; then
		echo "round $r: the killed process has not ended after 5 s; its threads:"
		dfs_stuck $p
		if dfs_answers "$DFS_A"; then
			echo "round $r: mount A still answers"
		else
			echo "round $r: mount A no longer answers a new stat ($CMD)"
		fi
		exit 0
	fi
	wait $p 2>/dev/null || true
	dfs_answers "$DFS_A" || { echo "round $r: mount A no longer answers a new stat ($CMD)"; exit 0; }
done
echo "$ROUNDS rounds of $CMD and kill -9: mount A still answers"
