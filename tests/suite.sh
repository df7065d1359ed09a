#!/bin/sh
# suite.sh - the README's test command: install dependencies, build with
# warnings as errors, run the whole test suite, then make distcheck.
set -eu
cd "$(dirname "$0")/.."
sh tests/deps.sh
autoreconf -fi
./configure --enable-werror
make -j2
make -j2 check || { cat tests/test-suite.log 2>/dev/null | tail -200; exit 1; }
make -j2 distcheck DISTCHECK_CONFIGURE_FLAGS=--enable-werror
