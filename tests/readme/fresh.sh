#!/bin/sh
# tests/readme/fresh.sh - the README as a newcomer meets it: a new Debian
# 12 root file system (debootstrap --variant=minbase, nothing else), a
# clone of this repository in /root/cairn, the README's first Quick start
# command, then every command of its tour (tests/readme/tour.sh), all as
# root in a chroot with its own mount namespace.
#
# With --suite, the second Quick start command (sh tests/suite.sh) runs
# too, between the two; it takes a while, so .ci/run leaves it out (it
# runs that command on its own clone first).
#
# The root is made once and cached in CAIRN_SYSTEM_CACHE (default
# /var/cache/cairn-test, beside the system test's) from
# CAIRN_SYSTEM_MIRROR (default http://deb.debian.org/debian); the Quick
# start installs its packages from there with apt-get, as on a real
# machine.  What is tested is HEAD: the clone is of the commits, not of
# uncommitted changes.  Exit 0 when all passed, 1 when something failed,
# 77 (with the reason) when the machine cannot run it: not root, no
# debootstrap, no mirror, no mount namespace.  Not part of `make check`.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/system/lib.sh"
suite=
[ "${1:-}" = --suite ] && suite=1
[ "$(id -u)" = 0 ] || skip "a fresh root needs root (debootstrap, chroot, mounts)"
if ! command -v debootstrap >/dev/null 2>&1; then
	sh "$top/tests/deps.sh" --only debootstrap >/dev/null 2>&1 ||
		skip "debootstrap is not installed and cannot be"
fi
command -v unshare >/dev/null 2>&1 || skip "no unshare(1)"
unshare -m true 2>/dev/null || skip "no mount namespace here (unshare -m failed)"

# The mounts below live in a namespace of their own and go with it, so
# lib.sh's sys_teardown has only the work directory to remove.
work=$(mktemp -d /var/tmp/cairn-fresh.XXXXXX) || exit 99
trap 'sys_teardown' EXIT
trap 'exit 1' INT TERM
sys_rootfs bookworm-minbase "" || skip "cannot make the Debian 12 root in $sys_cache"
root=$work/root
cp -a "$sys_cache/bookworm-minbase" "$root" || exit 99
git clone -q "$top" "$root/root/cairn" || fail "git clone of $top"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true

# Inside: the two (or one) Quick start commands, then the tour.
cat >"$root/root/fresh.sh" <<'EOT'
cd /root/cairn || exit 1
echo "fresh: sh examples/quickstart.sh"
sh examples/quickstart.sh >/root/quickstart.out 2>&1
rc=$?
sed 's/^/  | /' /root/quickstart.out
[ "$rc" = 0 ] || { echo "FAIL: sh examples/quickstart.sh exited $rc"; exit 1; }
if [ -n "$1" ]; then
	echo "fresh: sh tests/suite.sh"
	sh tests/suite.sh >/root/suite.out 2>&1
	rc=$?
	tail -n 40 /root/suite.out | sed 's/^/  | /'
	[ "$rc" = 0 ] || { echo "FAIL: sh tests/suite.sh exited $rc"; exit 1; }
fi
echo "fresh: sh tests/readme/tour.sh"
sh tests/readme/tour.sh
EOT
unshare -m --propagation private sh -c '
	root=$1
	mount -t proc proc "$root/proc" &&
	mount --rbind /dev "$root/dev" &&
	mount -t sysfs sysfs "$root/sys" &&
	mount -t tmpfs tmpfs "$root/tmp" || exit 99
	exec chroot "$root" env -i HOME=/root LANG=C.UTF-8 \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		sh /root/fresh.sh "$2"' sh "$root" "$suite"
rc=$?
case $rc in
0) echo "ok: a fresh Debian 12 root: the Quick start${suite:+ (both commands)} and the README's tour as shown" ;;
99) echo "FAIL: could not mount /proc, /dev, /sys and /tmp in the root"; rc=1 ;;
esac
exit "$rc"
