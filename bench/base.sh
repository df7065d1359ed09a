#!/bin/sh
# base.sh - build commit BASE (8051bc8, the daemon before owners, arrival
# records and ACLs) once into OUT/base-BASE, for the `make bench` row that
# compares the daemon's files/s with it (bench/README.md).
#
# Usage: base.sh TOP_SRCDIR OUT [BASE]
# Prints the build directory on standard output.  Exit 77, with a
# message, when the source tree is not a git checkout holding BASE, or
# when the build fails (its log is OUT/base-BASE.log).
set -u
src=$1 out=$2 base=${3:-8051bc8}
mkdir -p "$out" || exit 77
dir=$(cd "$out" && pwd)/base-$base	# absolute: cairn-bench runs it from anywhere
if [ -x "$dir/src/daemon/cairnd" ]; then
	echo "$dir"
	exit 0
fi
if ! command -v git >/dev/null 2>&1 ||
   ! git -C "$src" rev-parse --verify -q "$base^{commit}" >/dev/null 2>&1; then
	echo "bench: $src is not a git checkout holding $base; no comparison with it" >&2
	exit 77
fi
rm -rf "$dir"
mkdir -p "$dir" || exit 77
log=$out/base-$base.log
if ! { git -C "$src" archive "$base" | tar -x -C "$dir" &&
       (cd "$dir" && autoreconf -fi && ./configure && make -j2); } >"$log" 2>&1; then
	echo "bench: building $base failed (see $log); no comparison with it" >&2
	rm -rf "$dir"
	exit 77
fi
echo "$dir"
