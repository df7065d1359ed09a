#!/bin/sh
# Issue 22, case 3(b), in a real memory cgroup: run under systemd-run
# --scope -p MemoryMax=512M, `cairnd -t` takes memory_total's default
# from the cgroup's limit (three quarters: 384MiB) and warns that
# workers: 64 x memory_budget: 1GiB exceeds it.  Skipped, with the
# reason, where the machine gives no such cgroup (no systemd, not root,
# or a container without a delegated memory controller).
. "${top_srcdir:-.}/tests/daemon/lib.sh"

command -v systemd-run >/dev/null 2>&1 || { echo "SKIP: no systemd-run"; exit 77; }
write_conf "$T/c.yaml" "workers: 64" "memory_budget: 1GiB"
if ! systemd-run --quiet --scope -p MemoryMax=512M true >/dev/null 2>&1; then
	echo "SKIP: systemd-run --scope -p MemoryMax=512M is refused here"
	exit 77
fi
STATUS=0
systemd-run --quiet --scope -p MemoryMax=512M "$CAIRND" -t -c "$T/c.yaml" \
	>"$T/t.out" 2>"$T/t.raw" || STATUS=$?
[ "$STATUS" -eq 0 ] || fail "-t in the scope: exit $STATUS: $(cat "$T/t.raw")"
got=$(sed -n 's/^memory_total: //p' "$T/t.out")
if [ "$got" != 384MiB ]; then
	# The scope was made, but its limit is not where the process looks
	# (a cgroup v1 host without memory accounting for scopes).
	echo "SKIP: the scope's MemoryMax is not visible to the process (memory_total: $got)"
	exit 77
fi
grep -q 'level=warning msg="workers x memory_budget exceeds memory_total" workers=64 memory_budget=1GiB memory_total=384MiB running_max=1$' "$T/t.raw" ||
	fail "no warning: $(cat "$T/t.raw")"
echo "PASS: memory_total defaults to three quarters of the cgroup's MemoryMax"
