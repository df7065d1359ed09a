#!/bin/sh
# suite.sh - the README's test command: install dependencies, build with
# warnings as errors, run the whole test suite, then make distcheck.
# When a test fails, what it printed is shown here, not left in a file.
set -eu
cd "$(dirname "$0")/.."

# failed_logs - automake's summary (./test-suite.log, in the top build
# directory) and the log of every test whose .trs says it failed, each
# next to its test (tests/AREA/NAME.log), up to its last 200 lines.
failed_logs() {
	sed -n '/^# TOTAL/,/^# ERROR/p' test-suite.log 2>/dev/null || true
	find tests fuzz -name '*.trs' -exec grep -l -E \
		'^:global-test-result: (FAIL|ERROR|XPASS)' {} + 2>/dev/null |
		sort | while read -r trs; do
			echo "=== ${trs%.trs}.log"
			tail -n 200 "${trs%.trs}.log"
		done
}

sh tests/deps.sh
autoreconf -fi
./configure --enable-werror
make -j2
make -j2 check || { failed_logs; exit 1; }
make -j2 distcheck DISTCHECK_CONFIGURE_FLAGS=--enable-werror
