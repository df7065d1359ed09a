#!/bin/sh
# layout.sh - src/ keeps the shape the table of doc/layout.md describes:
# no include cycle between modules or folders, each function declared in
# the header of its own file, libyaml's parser driven from one file, a
# row of the table for every folder (tests/layout/layout.py says how).
set -eu
top_srcdir=${top_srcdir:-.}
if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: python3 is needed to read the include graph"
	exit 77
fi
exec python3 "$top_srcdir/tests/layout/layout.py" "$top_srcdir"
