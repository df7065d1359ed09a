#!/bin/sh
# deps.sh - install what building and testing cairn needs (Debian 12, as root).
# Installs only what is missing, so it is quick on a machine that has it all.
# With --build, only what building and running it needs (the quick start);
# with --only PKG..., just those (a test that finds a tool missing).
#
# The test tools include servers (prometheus, glusterd, ceph-mon, ...) that are only
# ever started by the tests themselves, on loopback.  So nothing is installed
# from Recommends, no service is started while installing (a policy-rc.d that
# refuses every start, for the length of the install only), and any unit the
# install enabled is disabled again: the machine boots as it did before.
set -eu
if [ "${1:-}" = --only ]; then
shift
pkgs="$*"
else
pkgs="build-essential autoconf automake libtool pkg-config libuv1-dev libyaml-dev libacl1-dev"
fi
if [ -z "${1:-}" ]; then
pkgs="$pkgs check valgrind"
# ops (issue 12): promtool (tests/daemon/metrics.sh), PyYAML (tests/cli/cli_json.sh),
# bash-completion (configure asks it where completions go).
pkgs="$pkgs prometheus python3-yaml bash-completion"
# the HTML report's test renders the page (tests/report/report_html.sh)
pkgs="$pkgs chromium"
# issue 9 tests: python3 (logfmt parser, short names), useradd (passwd) and setpriv (util-linux)
pkgs="$pkgs python3 passwd util-linux"
# fuzz/run.sh: clang and its libFuzzer runtime.
pkgs="$pkgs clang libclang-rt-14-dev"
# tests/gluster, bench/gluster.sh (issue 10)
pkgs="$pkgs glusterfs-server glusterfs-client"
# tests/ceph, bench/ceph.sh (issue 29): a one-node cluster and its FUSE client
pkgs="$pkgs ceph-mon ceph-osd ceph-mds ceph-fuse ceph-common"
# tests/daemon/idle.sh counts system calls
pkgs="$pkgs strace"
# tests/autograder: the results.json schemas (python3-jsonschema)
pkgs="$pkgs python3-jsonschema"
fi
missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -n "$missing" ] || exit 0
echo "deps.sh: installing:$missing"

# enabled - the unit files enabled now, one per line (none without systemctl).
enabled() {
	command -v systemctl >/dev/null 2>&1 || return 0
	systemctl list-unit-files --state=enabled --no-legend 2>/dev/null | awk '{print $1}' | sort
}
before=$(mktemp)
enabled >"$before"
policy=/usr/sbin/policy-rc.d
ours=""
if [ ! -e "$policy" ]; then
	printf '#!/bin/sh\n# tests/deps.sh: no service starts while test tools install\nexit 101\n' >"$policy"
	chmod 755 "$policy"
	ours=1
fi
cleanup() {
	[ -z "$ours" ] || rm -f "$policy"
	rm -f "$before"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null

enabled | comm -13 "$before" - | while read -r unit; do
	echo "deps.sh: disabling $unit (enabled by the install; the tests start what they need)"
	systemctl disable --quiet "$unit" 2>/dev/null || systemctl --root=/ disable --quiet "$unit"
done
