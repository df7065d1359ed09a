#!/bin/sh
# suite.sh - the README's test command: install dependencies, build with
# warnings as errors, run the whole test suite, then make distcheck.
# When a test fails, what it printed is shown here, not left in a file.
set -eu
cd "$(dirname "$0")/.."

sh tests/deps.sh
autoreconf -fi
./configure --enable-werror
make -j2
make -j2 check || { sh tests/failed_logs.sh; exit 1; }
make -j2 distcheck DISTCHECK_CONFIGURE_FLAGS=--enable-werror
