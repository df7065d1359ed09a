# tests/system/lib.sh - the machinery of the system test (sourced by
# run.sh): the host's tools, the packages built from a clean copy of the
# source tree, a Debian 12 root made once by debootstrap and cached, and a
# systemd-nspawn container booted on a fresh copy of it with no network but
# its own loopback.  Everything it starts it stops again by PID.
#
# Environment: CAIRN_SYSTEM_CACHE (default /var/cache/cairn-test) holds the
# debootstrap root; CAIRN_SYSTEM_MIRROR (default http://deb.debian.org/debian)
# is where debootstrap gets it; CAIRN_SYSTEM_KEEP=1 keeps the work directory.

sys_cache=${CAIRN_SYSTEM_CACHE:-/var/cache/cairn-test}
sys_mirror=${CAIRN_SYSTEM_MIRROR:-http://deb.debian.org/debian}
# What the container needs besides minbase: systemd as PID 1, and what the
# cairn package depends on, so that installing it needs no network.
sys_include=systemd,systemd-sysv,dbus,libuv1,libyaml-0-2,procps
sys_host_pkgs="debhelper dh-autoreconf dpkg-dev fakeroot lintian pkg-config
libuv1-dev libyaml-dev systemd-container debootstrap git"

# ok says a check passed; fail says one failed and ends the test with
# status 1 (the EXIT trap tears down), as in tests/lib.sh and
# tests/daemon/lib.sh.
nok=0
ok() { nok=$((nok + 1)); echo "ok: $*"; }
fail() { echo "FAIL: $*"; exit 1; }
note() { echo "note: $*"; }
skip() { echo "SKIP: $*"; sys_teardown; exit 77; }
# check DESCRIPTION CMD... - one line for CMD's success or failure.
check() {
	d=$1; shift
	if "$@"; then ok "$d"; else fail "$d"; fi
}

# now_ms - milliseconds since the epoch (for reports only, never a verdict).
now_ms() { echo $(($(date +%s%N) / 1000000)); }

# wait_until SECONDS CMD... - poll CMD every 0.2 s until it succeeds or
# SECONDS pass; the status is CMD's last.
wait_until() {
	wu_end=$(($(date +%s) + $1)); shift
	while :; do
		"$@" && return 0
		[ "$(date +%s)" -ge "$wu_end" ] && return 1
		sleep 0.2
	done
}

sys_preflight() {
	[ "$(id -u)" = 0 ] || { echo "SKIP: the system test needs root"; exit 77; }
	[ "$(uname -s)" = Linux ] || { echo "SKIP: not Linux"; exit 77; }
	[ -w /sys/fs/cgroup ] || [ -w /sys/fs/cgroup/unified ] ||
		{ echo "SKIP: /sys/fs/cgroup is not writable: nspawn cannot boot here"; exit 77; }
	command -v apt-get >/dev/null 2>&1 || { echo "SKIP: no apt-get (not Debian)"; exit 77; }
	missing=""
	for p in $sys_host_pkgs; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
			missing="$missing $p"
	done
	if [ -n "$missing" ]; then
		note "installing:$missing"
		# shellcheck disable=SC2086
		{ DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
		  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing; } \
			>"$work/apt-host.log" 2>&1 ||
			{ tail -5 "$work/apt-host.log"; echo "SKIP: cannot install$missing"; exit 77; }
	fi
}

# sys_build - dpkg-buildpackage on a copy of the tracked files (the tree as
# it is, uncommitted edits included, without build products), then lintian.
# The suite itself is .ci/run's business, so the build skips make check.
sys_build() {
	git -C "$top" rev-parse --git-dir >/dev/null 2>&1 ||
		skip "$top is not a git checkout: the packages are built from its tracked files"
	mkdir -p "$work/build/cairn"
	(cd "$top" && git ls-files -z | tar --null -cf - -T -) | tar -xf - -C "$work/build/cairn" ||
		{ fail "copy of the source tree"; return 1; }
	t0=$(now_ms)
	if (cd "$work/build/cairn" &&
	    DEB_BUILD_OPTIONS="nocheck parallel=2" dpkg-buildpackage -us -uc -b) \
		>"$work/build.log" 2>&1; then
		debs=$(cd "$work/build" && ls cairn_*.deb cairn-dev_*.deb 2>/dev/null | tr '\n' ' ')
		ok "dpkg-buildpackage -us -uc -b built ${debs}in $(($(now_ms) - t0)) ms"
	else
		tail -30 "$work/build.log"
		fail "dpkg-buildpackage -us -uc -b (log above)"
		return 1
	fi
	# As root (the build's files are root's); lintian only warns about that.
	(cd "$work/build" && lintian --pedantic -I cairn_*.changes) >"$work/lintian.out" 2>&1
	rc=$?
	grep -v '^running with root privileges is not recommended!$' "$work/lintian.out" >"$work/lintian.tags"
	if [ $rc -ne 0 ] || grep -q -v '^[IPNX]: ' "$work/lintian.tags"; then
		fail "lintian --pedantic -I exit $rc, errors, warnings or trouble:"
		cat "$work/lintian.tags"
	else
		ok "lintian --pedantic -I on cairn_*.changes: exit 0, no errors, no warnings, $(grep -c . "$work/lintian.tags") info or pedantic tags (overrides: debian/cairn.lintian-overrides)"
		cat "$work/lintian.tags"
	fi
}

# sys_rootfs [NAME INCLUDE] - the cached debootstrap root $sys_cache/NAME
# (default bookworm, with $sys_include; an empty INCLUDE is minbase
# alone), made once (about a minute with Debian's archive); a stamp
# records how, so that a change remakes it.
sys_rootfs() {
	cache=$sys_cache/${1:-bookworm}
	include=${2-$sys_include}
	stamp="debootstrap --variant=minbase${include:+ --include=$include} bookworm $sys_mirror"
	if [ -f "$cache/.cairn-test-stamp" ] && [ "$(cat "$cache/.cairn-test-stamp")" = "$stamp" ]; then
		note "using the cached root $cache"
		return 0
	fi
	note "making $cache: $stamp"
	mkdir -p "$sys_cache" && rm -rf "$cache" "$cache.new" || return 1
	if ! debootstrap --variant=minbase ${include:+"--include=$include"} bookworm "$cache.new" \
		"$sys_mirror" >"$work/debootstrap.log" 2>&1; then
		tail -5 "$work/debootstrap.log"
		rm -rf "$cache.new"
		skip "debootstrap failed (no access to $sys_mirror?)"
	fi
	echo "$stamp" >"$cache.new/.cairn-test-stamp" && mv "$cache.new" "$cache"
}

# sys_boot - copy the root, give the container cgroups of its own, boot
# it in the background and wait until its systemd is up.
sys_boot() {
	root=$work/root
	cp -a "$sys_cache/bookworm" "$root" || return 1
	mkdir -p "$root/root/debs" && cp "$work/build/"cairn_*.deb "$work/build/"cairn-dev_*.deb "$root/root/debs/"
	machine=cairn-sys-$$
	cgdirs=""
	if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
		cgdirs=/sys/fs/cgroup/$machine
	else
		[ -d /sys/fs/cgroup/unified ] && cgdirs=/sys/fs/cgroup/unified/$machine
		[ -d /sys/fs/cgroup/systemd ] && cgdirs="$cgdirs /sys/fs/cgroup/systemd/$machine"
	fi
	# shellcheck disable=SC2086
	mkdir -p $cgdirs || skip "cannot make a cgroup for the container"
	# nspawn asks the host's systemd over D-Bus unless it may stay where
	# it is (--register=no --keep-unit); the host's PID 1 need not be systemd.
	# shellcheck disable=SC2016
	setsid sh -c 'for d in $1; do echo $$ >"$d/cgroup.procs" || exit 1; done
		SYSTEMD_NSPAWN_UNIFIED_HIERARCHY=1 exec systemd-nspawn -q -D "$2" -M "$3" -b \
			--register=no --keep-unit --console=read-only --private-network' \
		sh "$cgdirs" "$root" "$machine" >"$work/nspawn.log" 2>&1 </dev/null &
	nspawn_pid=$!
	leader=""
	i=0
	while [ $i -lt 150 ] && [ -z "$leader" ]; do
		kill -0 "$nspawn_pid" 2>/dev/null || break
		leader=$(ps -o pid= --ppid "$nspawn_pid" 2>/dev/null | tr -d ' ' | head -1)
		[ -n "$leader" ] || sleep 0.2
		i=$((i + 1))
	done
	if [ -z "$leader" ]; then
		tail -20 "$work/nspawn.log"
		skip "systemd-nspawn could not boot a container here"
	fi
	if ! wait_until 90 booted; then
		tail -20 "$work/nspawn.log"
		skip "the container's systemd did not reach running within 90 s"
	fi
	ok "container booted: systemd $(ct systemctl --version | sed -n '1s/systemd \([0-9]*\).*/\1/p') as PID 1 (host PID $leader), network: $(ct sh -c "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' | tr '\n' ' '")"
}

booted() {
	s=$(ct systemctl is-system-running 2>/dev/null)
	[ "$s" = running ] || [ "$s" = degraded ]
}

# ct CMD... - run CMD in the container (all its namespaces), clean env.
ct() {
	nsenter -t "$leader" -a env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		LANG=C.UTF-8 HOME=/root "$@"
}
# as USER CMD... - run CMD in the container as USER with the usual umask.
as() {
	u=$1; shift
	ct runuser -u "$u" -- sh -c 'umask 022; cd; exec "$@"' sh "$@"
}

# sys_teardown - stop the container by its PIDs, remove the cgroups and
# the work directory.
sys_teardown() {
	if [ -n "${nspawn_pid:-}" ] && kill -0 "$nspawn_pid" 2>/dev/null; then
		# SIGTERM asks nspawn to power the container off cleanly.
		kill -TERM "$nspawn_pid" 2>/dev/null
		i=0
		while kill -0 "$nspawn_pid" 2>/dev/null && [ $i -lt 100 ]; do
			sleep 0.2; i=$((i + 1))
		done
		if kill -0 "$nspawn_pid" 2>/dev/null; then
			note "nspawn $nspawn_pid did not stop in 20 s: killing it and PID $leader"
			kill -KILL "$leader" "$nspawn_pid" 2>/dev/null
			wait "$nspawn_pid" 2>/dev/null
		fi
	fi
	nspawn_pid=""
	# The container's systemd made cgroups below ours: innermost first.
	for d in ${cgdirs:-}; do
		[ -d "$d" ] && find "$d" -depth -type d -exec rmdir {} + 2>/dev/null
	done
	if [ -n "${work:-}" ] && [ -d "$work" ]; then
		if [ "${CAIRN_SYSTEM_KEEP:-0}" = 1 ]; then
			note "kept $work"
		else
			rm -rf "$work"
		fi
	fi
}
