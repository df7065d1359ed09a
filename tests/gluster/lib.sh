# Helpers for the GlusterFS tests and benchmarks (sourced, not run).
#
# gl_setup makes a private GlusterFS: a network namespace of its own, in
# it a dummy (or, where the kernel has no dummy driver, a veth) interface
# with the address 10.250.0.1/32, glusterd with its working, run and log
# directories under $GL, a single-brick volume, and two FUSE mounts of it
# ($GL_A and $GL_B, standing for two hosts).  Only glusterd and the client
# processes enter the namespace (nsenter --net); nothing touches the host's
# interfaces or any outside address.  gl_teardown stops everything it
# started, by PID, and deletes the namespace.  Where GlusterFS cannot run
# here (not root, no FUSE, no namespaces, no package), gl_setup exits 77
# with the reason.

GL_ADDR=10.250.0.1
GL_NS=""
GL_PIDS=""
GL_MOUNTS=""
GL_SOCKS=""

gl_skip() {
	echo "SKIP: $*" >&2
	exit 77
}

gl_log() {
	echo "gluster: $*" >&2
}

# gl_in_ns CMD...: run CMD in the test's network namespace only.  (For a
# background process whose PID is wanted, call nsenter itself: $! of a
# function run in the background is a subshell's.)
gl_in_ns() {
	nsenter --net="/run/netns/$GL_NS" "$@"
}

gl_cli() {
	gl_in_ns gluster --glusterd-sock="$GL/run/glusterd.socket" --mode=script \
		--log-file="$GL/logs/cli.log" "$@"
}

gl_install() {
	command -v glusterd >/dev/null 2>&1 && command -v glusterfs >/dev/null 2>&1 &&
		return 0
	command -v apt-get >/dev/null 2>&1 || gl_skip "GlusterFS is not installed and there is no apt-get"
	gl_log "installing glusterfs-server glusterfs-client"
	sh "${top_srcdir:-.}/tests/deps.sh" --only glusterfs-server glusterfs-client \
		>"$GL/apt.log" 2>&1 || gl_skip "cannot install GlusterFS: $(tail -1 "$GL/apt.log")"
}

# gl_wait SECONDS CMD...: poll CMD every 0.2 s until it succeeds.
gl_wait() {
	n=$(( $1 * 5 ))
	shift
	while ! "$@" >/dev/null 2>&1; do
		n=$((n - 1))
		[ "$n" -gt 0 ] || return 1
		sleep 0.2
	done
}

gl_net() {
	GL_NS="cairn-gl-$$"
	ip netns add "$GL_NS" 2>"$GL/netns.err" || gl_skip "no network namespaces: $(cat "$GL/netns.err")"
	ip -n "$GL_NS" link set lo up
	if ip -n "$GL_NS" link add gl0 type dummy 2>/dev/null; then
		dev=gl0
	elif ip -n "$GL_NS" link add gl0 type veth peer name gl1 2>/dev/null; then
		ip -n "$GL_NS" link set gl1 up
		dev=gl0
	else
		gl_skip "neither a dummy nor a veth interface can be made in a namespace"
	fi
	ip -n "$GL_NS" addr add "$GL_ADDR/32" dev $dev
	ip -n "$GL_NS" link set $dev up
}

gl_glusterd() {
	mkdir -p "$GL/wd" "$GL/run" "$GL/logs" "$GL/brick"
	cat >"$GL/glusterd.vol" <<VOL
volume management
    type mgmt/glusterd
    option working-directory $GL/wd
    option run-directory $GL/run
    option glusterd-sockfile $GL/run/glusterd.socket
    option logging-directory $GL/logs
    option transport-type socket
    option transport.socket.bind-address $GL_ADDR
    option transport.socket.listen-port 24007
    option ping-timeout 0
    option event-threads 1
    option base-port 49152
    option max-port 49400
end-volume
VOL
	nsenter --net="/run/netns/$GL_NS" glusterd -N -f "$GL/glusterd.vol" -l "$GL/logs/glusterd.log" \
		>"$GL/logs/glusterd.out" 2>&1 &
	GL_PIDS="$GL_PIDS $!"
	gl_wait 20 test -S "$GL/run/glusterd.socket" || gl_skip "glusterd did not start: $(tail -3 "$GL/logs/glusterd.log")"
	gl_wait 20 gl_cli volume list || gl_skip "glusterd does not answer: $(tail -3 "$GL/logs/cli.log")"
}

gl_volume() {
	gl_cli volume create cv "$GL_ADDR:$GL/brick" force >"$GL/logs/create.out" 2>&1 ||
		gl_skip "volume create: $(cat "$GL/logs/create.out")"
	gl_cli volume start cv >"$GL/logs/start.out" 2>&1 ||
		gl_skip "volume start: $(cat "$GL/logs/start.out")"
	pidfile=$(find "$GL/run/vols" -name '*.pid' | head -1)
	gl_wait 20 test -s "$pidfile" || gl_skip "no brick process"
	bpid=$(cat "$pidfile")
	GL_PIDS="$GL_PIDS $bpid"
	# its socket lives in /var/run/gluster: remove it at the end
	GL_SOCKS=$(tr '\0' '\n' <"/proc/$bpid/cmdline" | sed -n '/^-S$/{n;p}')
}

gl_mount() {
	mkdir -p "$1"
	nsenter --net="/run/netns/$GL_NS" glusterfs -N --volfile-server="$GL_ADDR" --volfile-id=cv \
		-l "$GL/logs/mount-$(basename "$1").log" "$1" >/dev/null 2>&1 &
	GL_PIDS="$GL_PIDS $!"
	GL_MOUNTS="$GL_MOUNTS $1"
	gl_wait 20 mountpoint -q "$1" || gl_skip "FUSE mount failed: $(tail -3 "$GL/logs/mount-$(basename "$1").log")"
}

gl_setup() {
	[ "$(id -u)" -eq 0 ] || gl_skip "needs root (network namespace, glusterd, FUSE)"
	[ -c /dev/fuse ] || gl_skip "no /dev/fuse"
	command -v nsenter >/dev/null 2>&1 && command -v ip >/dev/null 2>&1 ||
		gl_skip "needs ip and nsenter"
	GL=$(mktemp -d "${TMPDIR:-/tmp}/cairn-gluster.XXXXXX")
	gl_install
	gl_net
	gl_glusterd
	gl_volume
	GL_A="$GL/host-a"
	GL_B="$GL/host-b"
	gl_mount "$GL_A"
	gl_mount "$GL_B"
}

# gl_ended PID: PID has ended, every thread of it (it may wait to be
# reaped).  A killed process with a thread in a FUSE request that the
# client never answers is a zombie with that thread still listed.
gl_ended() {
	[ -d "/proc/$1" ] || return 0
	[ "$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)" = Z ] &&
		[ "$(ls "/proc/$1/task" 2>/dev/null | wc -l)" -le 1 ]
}

# gl_answers MOUNT: a stat of MOUNT by a new process returns within 10 s,
# with success or an error.  (One that does not is left waiting; killing
# the client at teardown frees it.)
gl_answers() {
	f=$(mktemp "$GL/answers.XXXXXX")
	{ stat -c %i "$1" >/dev/null 2>&1; echo "returned $?" >"$f"; } &
	n=50
	while [ ! -s "$f" ] && [ $n -gt 0 ]; do
		sleep 0.2
		n=$((n - 1))
	done
	[ -s "$f" ]
}

# gl_stuck PID: where each thread of PID waits (kernel stack, system
# call), for the record of a process that does not end.
gl_stuck() {
	for t in /proc/"$1"/task/*; do
		[ -d "$t" ] || continue
		echo "  thread ${t##*/}: state $(sed 's/^.*) //' "$t/stat" | cut -c1)," \
			"system call $(cut -d' ' -f1 "$t/syscall" 2>/dev/null)"
		sed 's/^/    /' "$t/stack" 2>/dev/null
	done
}

# gl_unmount MOUNT: unmount it; a client that has stopped answering would
# hold umount forever, so after 5 s the client is killed (which fails
# whatever waits on it) and the mount detached.
gl_unmount() {
	umount "$1" 2>/dev/null &
	u=$!
	n=25
	while ! gl_ended $u && [ $n -gt 0 ]; do
		sleep 0.2
		n=$((n - 1))
	done
	if ! gl_ended $u; then
		for p in $GL_PIDS; do
			grep -q -- "$1" "/proc/$p/cmdline" 2>/dev/null && kill -9 "$p"
		done
	fi
	wait $u 2>/dev/null || umount -l "$1" 2>/dev/null || true
}

gl_teardown() {
	for m in $GL_MOUNTS; do
		gl_unmount "$m"
	done
	for p in $GL_PIDS; do
		kill "$p" 2>/dev/null || true
	done
	for p in $GL_PIDS; do
		n=50
		while ! gl_ended "$p" && [ $n -gt 0 ]; do
			sleep 0.1
			n=$((n - 1))
		done
		kill -9 "$p" 2>/dev/null || true
	done
	# Whatever glusterd spawned on its own is known by our directory.
	if [ -n "${GL:-}" ]; then
		for p in $(grep -l -- "$GL/" /proc/[0-9]*/cmdline 2>/dev/null | cut -d/ -f3); do
			[ "$p" != $$ ] && kill -9 "$p" 2>/dev/null || true
		done
	fi
	for s in $GL_SOCKS; do
		rm -f "$s"
	done
	[ -z "$GL_NS" ] || ip netns del "$GL_NS" 2>/dev/null || true
	[ -n "${KEEP:-}" ] || [ -z "${GL:-}" ] || rm -rf "$GL"
}
