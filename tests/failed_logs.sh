#!/bin/sh
# failed_logs.sh [BUILDDIR] - after a failed `make check` in BUILDDIR (the
# current directory by default): automake's summary and the log of every
# test whose .trs says it failed (tests/AREA/NAME.log, next to its test):
# its first lines, where a test states why it failed, then its last 200.
cd "${1:-.}" || exit 1
sed -n '/^# TOTAL/,/^# ERROR/p' test-suite.log 2>/dev/null || true
find tests fuzz -name '*.trs' -exec grep -l -E \
	'^:global-test-result: (FAIL|ERROR|XPASS)' {} + 2>/dev/null |
	sort | while read -r trs; do
		echo "=== ${trs%.trs}.log"
		head -n 5 "${trs%.trs}.log"
		echo "[...]"
		tail -n 200 "${trs%.trs}.log"
	done
