#!/bin/sh
# deps.sh - install what building and testing cairn needs (Debian 12, as root).
# Installs only what is missing, so it is quick on a machine that has it all.
# With --build, only what building and running it needs (the quick start).
set -eu
pkgs="build-essential autoconf automake libtool pkg-config libuv1-dev libyaml-dev"
if [ "${1:-}" != --build ]; then
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
# tests/daemon/idle.sh counts system calls
pkgs="$pkgs strace"
fi
missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "deps.sh: installing:$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	# shellcheck disable=SC2086
	apt-get install -y -qq $missing >/dev/null
fi
