#!/bin/sh
# The command line: -t prints the effective configuration (plugins
# loaded) and exits 0, or names the problem and exits 78 (bad or missing
# configuration) or 69 (no usable solver plugin); usage errors exit 64.
. "${top_srcdir:-.}/tests/daemon/lib.sh"


write_conf "$T/c.yaml" "memory_budget: 64MiB" "memory_total: 1GiB" "rescan_s: 5"
run_t good -t -c "$T/c.yaml"
[ "$STATUS" -eq 0 ] || fail "-t exit $STATUS: $(cat "$T/good.err")"
cat >"$T/want" <<EOT
spool: $SPOOL
instance: test
plugin_dir: $CAIRN_PLUGIN_DIR_BUILD
problems_dir: $SPOOL/problems
solver: auto
workers: 2
memory_budget: 64MiB
memory_total: 1GiB
max_queued_per_owner: 1000
max_incoming_bytes_per_owner: ~
max_file_bytes: 64MiB
max_piles: 1000000
max_puzzles: 1000000
settle_ms: 300
rescan_s: 5
retain: {done: ~, failed: ~, history: ~}
job_timeout_s: 300
shutdown_timeout_s: 30
fsync: true
keep_inputs: true
cross_check: false
log_level: info
metrics_file: ~
EOT
cmp "$T/want" "$T/good.out" || fail "-t output: $(cat "$T/good.out")"
[ ! -s "$T/good.err" ] || fail "-t wrote to stderr: $(cat "$T/good.err")"
[ ! -e "$SPOOL" ] || fail "-t created the spool"

# the printed configuration reads back to itself; --spool and -v apply
cp "$T/good.out" "$T/printed.yaml"
run_t again -t -c "$T/printed.yaml" --spool "$T/other" -v
[ "$STATUS" -eq 0 ] || fail "-t of the printed configuration: $STATUS"
# (problems_dir is explicit in the printed file, so it stays)
sed -e "s|^spool: .*|spool: $T/other|" -e 's/^log_level: info/log_level: debug/' \
	"$T/want" >"$T/want2"
cmp "$T/want2" "$T/again.out" || fail "--spool/-v not applied: $(cat "$T/again.out")"

# more workers than memory_total has room for: printed, and a warning
write_conf "$T/big.yaml" "workers: 64" "memory_budget: 1GiB" "memory_total: 2GiB"
run_t big -t -c "$T/big.yaml"
[ "$STATUS" -eq 0 ] || fail "-t of workers x memory_budget > memory_total: exit $STATUS"
grep -E '^(workers|memory_budget|memory_total):' "$T/big.out" >"$T/got"
printf 'workers: 64\nmemory_budget: 1GiB\nmemory_total: 2GiB\n' >"$T/want"
cmp "$T/want" "$T/got" || fail "-t memory keys: $(cat "$T/got")"
echo 'level=warning msg="workers x memory_budget exceeds memory_total" workers=64 memory_budget=1GiB memory_total=2GiB running_max=2' >"$T/want"
cmp "$T/want" "$T/big.err" || fail "-t warning: $(cat "$T/big.err")"
# the default is printed too, as a size that reads back
write_conf "$T/dflt.yaml"
run_t dflt -t -c "$T/dflt.yaml"
grep -Eq '^memory_total: [0-9]+([KMGT]iB|[kMGT]B)?$' "$T/dflt.out" ||
	fail "default memory_total: $(grep memory_total "$T/dflt.out")"

write_conf "$T/bad.yaml" "expcet: 1"
run_t bad -t -c "$T/bad.yaml"
[ "$STATUS" -eq 78 ] || fail "bad configuration exit $STATUS"
echo "level=error msg=\"bad configuration\" error=\"$T/bad.yaml: line 7, column 1: unknown key \\\"expcet\\\"\"" >"$T/want"
cmp "$T/want" "$T/bad.err" || fail "message: $(cat "$T/bad.err")"
[ ! -s "$T/bad.out" ] || fail "bad configuration printed"

# a bad max_queued_per_owner is a configuration error naming the key
write_conf "$T/queued.yaml" "max_queued_per_owner: 0"
run_t queued -t -c "$T/queued.yaml"
[ "$STATUS" -eq 78 ] || fail "max_queued_per_owner: 0 exit $STATUS"
echo "level=error msg=\"bad configuration\" error=\"$T/queued.yaml: line 7, column 23: max_queued_per_owner: \\\"0\\\" is not a whole number from 1 to 1000000\"" >"$T/want"
cmp "$T/want" "$T/queued.err" || fail "message: $(cat "$T/queued.err")"

run_t missing -t -c "$T/none.yaml"
[ "$STATUS" -eq 78 ] || fail "missing -c file exit $STATUS"
echo "level=error msg=\"bad configuration\" error=\"$T/none.yaml: No such file or directory\"" >"$T/want"
cmp "$T/want" "$T/missing.err" || fail "message: $(cat "$T/missing.err")"

write_conf "$T/nosolver.yaml" "solver: nosuch"
run_t nosolver -t -c "$T/nosolver.yaml"
[ "$STATUS" -eq 69 ] || fail "missing default solver exit $STATUS"
echo "level=error msg=\"no usable solver plugin\" error=\"solver nosuch: no such plugin in $CAIRN_PLUGIN_DIR_BUILD\"" >"$T/want"
cmp "$T/want" "$T/nosolver.err" || fail "message: $(cat "$T/nosolver.err")"

mkdir "$T/empty"
write_conf "$T/noplugins.yaml" "plugin_dir: $T/empty"
run_t noplugins -c "$T/noplugins.yaml" --once
[ "$STATUS" -eq 69 ] || fail "no plugins exit $STATUS"
echo "level=error msg=\"no usable solver plugin\" error=\"$T/empty: no usable solver plugin\"" >"$T/want"
cmp "$T/want" "$T/noplugins.err" || fail "message: $(cat "$T/noplugins.err")"

run_t usage --bogus
[ "$STATUS" -eq 64 ] || fail "unknown option exit $STATUS"
run_t extra -c "$T/c.yaml" extra-argument
[ "$STATUS" -eq 64 ] || fail "extra argument exit $STATUS"
run_t version --version
[ "$STATUS" -eq 0 ] && grep -qx 'cairnd [0-9][0-9.]*' "$T/version.out" || fail "--version"
run_t help --help
[ "$STATUS" -eq 0 ] && grep -q '^usage: cairnd ' "$T/help.out" || fail "--help"
echo "ok: -t, exit codes 0, 64, 69, 78"
