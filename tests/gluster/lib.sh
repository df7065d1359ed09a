# Helpers for the GlusterFS tests and benchmarks (sourced, not run).
#
# fs_setup makes a private GlusterFS in a network namespace of its own
# (tests/dfs/lib.sh) whose only address is 10.250.0.1: glusterd with its
# working, run and log directories under $DFS, a single-brick volume, and
# two FUSE mounts of it ($DFS_A and $DFS_B, standing for two hosts) with
# POSIX ACLs (--acl).
# Only glusterd and the client processes enter the namespace.
# fs_teardown stops everything it started, by PID, and deletes the
# namespace.  Where GlusterFS cannot run here (not root, no FUSE, no
# namespaces, no package), fs_setup exits 77 with the reason.
. "${top_srcdir:-.}/tests/dfs/lib.sh"
DFS_TITLE=GlusterFS
# GlusterFS has no RENAME_NOREPLACE (tests/dfs/exactly_once.sh checks
# that cairnd finds so).
DFS_NOREPLACE=no

GL_ADDR=10.250.0.1
GL_SOCKS=""

gl_cli() {
	dfs_in_ns gluster --glusterd-sock="$DFS/run/glusterd.socket" --mode=script \
		--log-file="$DFS/logs/cli.log" "$@"
}

gl_glusterd() {
	mkdir -p "$DFS/wd" "$DFS/run" "$DFS/logs" "$DFS/brick"
	cat >"$DFS/glusterd.vol" <<VOL
volume management
    type mgmt/glusterd
    option working-directory $DFS/wd
    option run-directory $DFS/run
    option glusterd-sockfile $DFS/run/glusterd.socket
    option logging-directory $DFS/logs
    option transport-type socket
    option transport.socket.bind-address $GL_ADDR
    option transport.socket.listen-port 24007
    option ping-timeout 0
    option event-threads 1
    option base-port 49152
    option max-port 49400
end-volume
VOL
	nsenter --net="/run/netns/$DFS_NS" glusterd -N -f "$DFS/glusterd.vol" -l "$DFS/logs/glusterd.log" \
		>"$DFS/logs/glusterd.out" 2>&1 &
	DFS_PIDS="$DFS_PIDS $!"
	dfs_wait 20 test -S "$DFS/run/glusterd.socket" || dfs_skip "glusterd did not start: $(tail -3 "$DFS/logs/glusterd.log")"
	dfs_wait 20 gl_cli volume list || dfs_skip "glusterd does not answer: $(tail -3 "$DFS/logs/cli.log")"
}

gl_volume() {
	gl_cli volume create cv "$GL_ADDR:$DFS/brick" force >"$DFS/logs/create.out" 2>&1 ||
		dfs_skip "volume create: $(cat "$DFS/logs/create.out")"
	gl_cli volume start cv >"$DFS/logs/start.out" 2>&1 ||
		dfs_skip "volume start: $(cat "$DFS/logs/start.out")"
	pidfile=$(find "$DFS/run/vols" -name '*.pid' | head -1)
	dfs_wait 20 test -s "$pidfile" || dfs_skip "no brick process"
	bpid=$(cat "$pidfile")
	DFS_PIDS="$DFS_PIDS $bpid"
	# its socket lives in /var/run/gluster: remove it at the end
	GL_SOCKS=$(tr '\0' '\n' <"/proc/$bpid/cmdline" | sed -n '/^-S$/{n;p}')
}

gl_mount() {
	mkdir -p "$1"
	nsenter --net="/run/netns/$DFS_NS" glusterfs -N --acl --volfile-server="$GL_ADDR" --volfile-id=cv \
		-l "$DFS/logs/mount-$(basename "$1").log" "$1" >/dev/null 2>&1 &
	DFS_PIDS="$DFS_PIDS $!"
	DFS_MOUNTS="$DFS_MOUNTS $1"
	dfs_wait 20 mountpoint -q "$1" || dfs_skip "FUSE mount failed: $(tail -3 "$DFS/logs/mount-$(basename "$1").log")"
}

fs_setup() {
	dfs_begin gluster
	dfs_install "glusterd glusterfs" glusterfs-server glusterfs-client
	dfs_net "$GL_ADDR"
	gl_glusterd
	gl_volume
	DFS_A="$DFS/host-a"
	DFS_B="$DFS/host-b"
	gl_mount "$DFS_A"
	gl_mount "$DFS_B"
}

# fs_warnings: what GlusterFS itself said, its last warnings and errors.
fs_warnings() {
	for _l in "$DFS"/logs/mount-*.log "$DFS"/logs/bricks/*.log; do
		[ -f "$_l" ] || continue
		echo "--- $_l (last warnings and errors)"
		grep -E '\] (W|E|C) \[' "$_l" | tail -n 10
	done
}

fs_teardown() {
	dfs_end
	for s in $GL_SOCKS; do
		rm -f "$s"
	done
}
