#!/bin/sh
# deps.sh - install what building and testing cairn needs (Debian 12, as root).
# Installs only what is missing, so it is quick on a machine that has it all.
set -eu
pkgs="build-essential autoconf automake libtool pkg-config libuv1-dev libyaml-dev check valgrind"
pkgs="$pkgs glusterfs-server glusterfs-client"	# tests/gluster, bench/gluster.sh (issue 10)
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
