# Helpers for the tests and benchmarks on a private distributed file
# system (tests/gluster/lib.sh, tests/ceph/lib.sh source this; sourced,
# not run).
#
# dfs_begin NAME makes $DFS (a fresh directory) after checking what every
# such file system needs here (root, /dev/fuse, ip, nsenter).  dfs_net
# ADDR makes a network namespace of its own ($DFS_NS), with lo and a dummy
# (or, where the kernel has no dummy driver, a veth) interface whose only
# address is ADDR/32: the servers and the FUSE clients enter it (nsenter
# --net only: `ip netns exec` would also give them a private mount
# namespace, and their mounts would be invisible outside), nothing touches
# the host's interfaces or any outside address.  Every process started
# goes to $DFS_PIDS and every mount to $DFS_MOUNTS; dfs_end unmounts,
# stops those processes by PID and deletes the namespace.  Where the file
# system cannot run here, the setup exits 77 with the reason (dfs_skip).

DFS_NS=""
DFS_PIDS=""
DFS_MOUNTS=""
DFS_NAME=dfs

dfs_skip() {
	echo "SKIP: $*" >&2
	exit 77
}

dfs_log() {
	echo "$DFS_NAME: $*" >&2
}

# dfs_in_ns CMD...: run CMD in the namespace's network only.  (For a
# background process whose PID is wanted, call nsenter itself: $! of a
# function run in the background is a subshell's.)
dfs_in_ns() {
	nsenter --net="/run/netns/$DFS_NS" "$@"
}

# dfs_wait SECONDS CMD...: poll CMD every 0.2 s until it succeeds.
dfs_wait() {
	_n=$(( $1 * 5 ))
	shift
	while ! "$@" >/dev/null 2>&1; do
		_n=$((_n - 1))
		[ "$_n" -gt 0 ] || return 1
		sleep 0.2
	done
}

# dfs_begin NAME: the checks every file system here needs, and $DFS.
dfs_begin() {
	DFS_NAME=$1
	[ "$(id -u)" -eq 0 ] || dfs_skip "needs root (network namespace, servers, FUSE)"
	[ -c /dev/fuse ] || dfs_skip "no /dev/fuse"
	command -v nsenter >/dev/null 2>&1 && command -v ip >/dev/null 2>&1 ||
		dfs_skip "needs ip and nsenter"
	DFS=$(mktemp -d "${TMPDIR:-/tmp}/cairn-$1.XXXXXX")
}

# dfs_install "COMMAND..." PACKAGE...: install the packages (tests/deps.sh:
# no Recommends, no service started or left enabled) unless every COMMAND
# is there already; skip where one is still missing.
dfs_install() {
	_cmds=$1
	shift
	dfs_have $_cmds && return 0
	command -v apt-get >/dev/null 2>&1 || dfs_skip "$* not installed and there is no apt-get"
	dfs_log "installing $*"
	sh "${top_srcdir:-.}/tests/deps.sh" --only "$@" >"$DFS/apt.log" 2>&1 ||
		dfs_skip "cannot install $*: $(tail -1 "$DFS/apt.log")"
	dfs_have $_cmds || dfs_skip "no $_cmds after installing $*"
}

dfs_have() {
	for _c in "$@"; do
		command -v "$_c" >/dev/null 2>&1 || return 1
	done
}

dfs_net() {
	DFS_NS="cairn-$DFS_NAME-$$"
	ip netns add "$DFS_NS" 2>"$DFS/netns.err" || dfs_skip "no network namespaces: $(cat "$DFS/netns.err")"
	ip -n "$DFS_NS" link set lo up
	if ip -n "$DFS_NS" link add dfs0 type dummy 2>/dev/null; then
		:
	elif ip -n "$DFS_NS" link add dfs0 type veth peer name dfs1 2>/dev/null; then
		ip -n "$DFS_NS" link set dfs1 up
	else
		dfs_skip "neither a dummy nor a veth interface can be made in a namespace"
	fi
	ip -n "$DFS_NS" addr add "$1/32" dev dfs0
	ip -n "$DFS_NS" link set dfs0 up
}

# dfs_ended PID: PID has ended, every thread of it (it may wait to be
# reaped).  A killed process with a thread in a FUSE request that the
# client never answers is a zombie with that thread still listed.
dfs_ended() {
	[ -d "/proc/$1" ] || return 0
	[ "$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)" = Z ] &&
		[ "$(ls "/proc/$1/task" 2>/dev/null | wc -l)" -le 1 ]
}

# dfs_answers MOUNT: a listing of MOUNT, and of each spool directory
# under it that exists (incoming/, processing/ and every instance's
# directory in it), by a new process, returns within 10 s, with success
# or an error.  A client can stop answering for one directory only: a
# request it never answers holds that directory's lock in the kernel, and
# every later lookup there waits too (seen with ceph-fuse: a rename and
# unlinks in processing/b/ in D state while the mount's root answered).
# (A process left waiting is freed when teardown kills the client.)
dfs_answers() {
	_f=$(mktemp "$DFS/answers.XXXXXX")
	{ ls -f "$1" "$1"/spool/incoming "$1"/spool/processing "$1"/spool/processing/* \
		>/dev/null 2>&1; echo "returned $?" >"$_f"; } &
	_n=50
	while [ ! -s "$_f" ] && [ $_n -gt 0 ]; do
		sleep 0.2
		_n=$((_n - 1))
	done
	[ -s "$_f" ]
}

# dfs_stuck PID: where each thread of PID waits (kernel stack, system
# call), for the record of a process that does not end.
dfs_stuck() {
	for _t in /proc/"$1"/task/*; do
		[ -d "$_t" ] || continue
		echo "  thread ${_t##*/}: state $(sed 's/^.*) //' "$_t/stat" | cut -c1)," \
			"system call $(cut -d' ' -f1 "$_t/syscall" 2>/dev/null)"
		sed 's/^/    /' "$_t/stack" 2>/dev/null
	done
}

# dfs_kill_clients MOUNT...: kill -9 the FUSE clients serving the
# mounts (which fails every request waiting on them).
dfs_kill_clients() {
	for _m in "$@"; do
		for _p in $DFS_PIDS; do
			grep -q -- "$_m" "/proc/$_p/cmdline" 2>/dev/null && kill -9 "$_p"
		done
	done
	return 0
}

# dfs_unmount MOUNT: unmount it; a client that has stopped answering would
# hold umount forever, so after 5 s the client is killed and the mount
# detached.
dfs_unmount() {
	umount "$1" 2>/dev/null &
	_u=$!
	_n=25
	while ! dfs_ended $_u && [ $_n -gt 0 ]; do
		sleep 0.2
		_n=$((_n - 1))
	done
	dfs_ended $_u || dfs_kill_clients "$1"
	wait $_u 2>/dev/null || umount -l "$1" 2>/dev/null || true
}

# dfs_end: unmount, stop every process started (TERM, then KILL after
# 5 s), and whatever they spawned on their own (known by $DFS/ on their
# command line), delete the namespace and $DFS (unless KEEP is set).
dfs_end() {
	for _m in $DFS_MOUNTS; do
		dfs_unmount "$_m"
	done
	for _p in $DFS_PIDS; do
		kill "$_p" 2>/dev/null || true
	done
	for _p in $DFS_PIDS; do
		_n=50
		while ! dfs_ended "$_p" && [ $_n -gt 0 ]; do
			sleep 0.1
			_n=$((_n - 1))
		done
		kill -9 "$_p" 2>/dev/null || true
	done
	if [ -n "${DFS:-}" ]; then
		for _p in $(grep -l -- "$DFS/" /proc/[0-9]*/cmdline 2>/dev/null | cut -d/ -f3); do
			[ "$_p" != $$ ] && kill -9 "$_p" 2>/dev/null || true
		done
	fi
	[ -z "$DFS_NS" ] || ip netns del "$DFS_NS" 2>/dev/null || true
	[ -n "${KEEP:-}" ] || [ -z "${DFS:-}" ] || rm -rf "$DFS"
}
