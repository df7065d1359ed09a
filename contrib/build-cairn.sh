#!/bin/sh
# build-cairn.sh [SOURCE] - install the distribution's build packages and
# build cairn from the source tree SOURCE (default: the tree this script
# is in), installing it under /usr/local (PREFIX to change it), with the
# autograders' script as PREFIX/share/cairn/cairn-autograde and
# PrairieLearn's entry point as PREFIX/bin/cairn-prairielearn.  For the
# autograder images (contrib/gradescope/setup.sh, contrib/prairielearn's
# Dockerfile): Debian and Ubuntu, as root.  The tree needs no generated
# files: configure is made here when it is missing.  What the build
# leaves is removed; the packages stay (libuv1, libyaml-0-2 and libacl1
# are needed at run time; check is not installed: the tests do not run).
set -eu
src=${1:-$(cd "$(dirname "$0")/.." && pwd)}
prefix=${PREFIX:-/usr/local}
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends build-essential autoconf \
	automake libtool pkg-config libuv1-dev libyaml-dev libacl1-dev python3 >/dev/null
[ -x "$src/configure" ] || (cd "$src" && autoreconf -fi)
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
cd "$build"
"$src/configure" -q --prefix="$prefix"
make -s -j"$(nproc)"
make -s install
ldconfig
install -D -m 755 "$src/contrib/cairn-autograde" "$prefix/share/cairn/cairn-autograde"
install -D -m 755 "$src/contrib/prairielearn/run.sh" "$prefix/bin/cairn-prairielearn"
# The installed program finds its plugins with no options.
"$prefix/bin/cairn" plugins
