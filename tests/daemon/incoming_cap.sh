#!/bin/sh
# max_incoming_bytes_per_owner (issue 27): the files of one owner that
# bring what it has waiting in the daemon's queue past the cap (in the
# queue's order: first noted, then by name) get an error result naming
# the rule and go to failed/OWNER/; that owner's files within the cap,
# and every other owner's, are processed.  The owners are uids without
# accounts (named by the number), as in kill9.sh, so this needs root.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

[ "$(id -u)" -eq 0 ] || { echo "SKIP: not root, cannot chown to other uids"; exit 77; }


# configuration errors name the key; -t prints the cap
write_conf "$T/bad.yaml" "max_incoming_bytes_per_owner: 0"
run_t bad -t -c "$T/bad.yaml"
[ "$STATUS" -eq 78 ] || fail "max_incoming_bytes_per_owner: 0 exit $STATUS"
echo "level=error msg=\"bad configuration\" error=\"$T/bad.yaml: line 7, column 31: max_incoming_bytes_per_owner: \\\"0\\\" is not a size (a whole number of bytes, at least 1, optionally followed by kB, KiB, MB, MiB, GB, GiB, TB or TiB)\"" >"$T/want"
cmp -s "$T/want" "$T/bad.err" || fail "message: $(cat "$T/bad.err")"
write_conf "$T/c.yaml" "max_incoming_bytes_per_owner: 64KiB" "workers: 1"
run_t printed -t -c "$T/c.yaml"
grep -qx 'max_incoming_bytes_per_owner: 64KiB' "$T/printed.out" ||
	fail "-t: $(grep max_incoming "$T/printed.out")"

# drop_padded NAME OWNER BYTES: the hw1 input padded with a comment to
# BYTES, dropped as NAME for OWNER.
mkdir -p "$SPOOL/incoming"
drop_padded() {
	{
		hw1_input
		printf '#'
		head -c $(($3 - $(hw1_input | wc -c) - 2)) /dev/zero | tr '\0' x
		echo
	} >"$T/padded"
	[ "$(wc -c <"$T/padded")" -eq "$3" ] || fail "$1 is not $3 bytes"
	drop "$1" "$2" <"$T/padded"
}
# 60301: one file larger than the cap by itself, one small.
drop_padded big.yaml 60301 100000
drop_padded small.yaml 60301 200
# 60302: up to the cap and not past it (65536 bytes in all).
drop_padded o1.yaml 60302 60000
drop_padded o2.yaml 60302 5536
# 60303: two files of 40,000 bytes: the second of them goes past it.
drop_padded a.yaml 60303 40000
drop_padded b.yaml 60303 40000
# this account, which has nothing near the cap
hw1_input >"$SPOOL/incoming/mine.yaml"

run_t once -c "$T/c.yaml" --once
[ "$STATUS" -eq 65 ] || fail "--once exit $STATUS (65: files in failed/): $(cat "$T/once.err")"

# refused OWNER NAME: NAME's error result and where its input went.
refused() {
	error_result "$2" "$1 has more than 64.0 KiB waiting in incoming/ (max_incoming_bytes_per_owner): not processed" >"$T/want"
	same_result "$T/want" "$SPOOL/results/$1/${2%.yaml}.result.yaml" "$1" ||
		fail "$1's $2: $(cat "$SPOOL/results/$1/${2%.yaml}.result.yaml")"
	[ -f "$SPOOL/failed/$1/$2" ] && record "$SPOOL/failed/$1/$2" >/dev/null ||
		fail "$1's $2 not in failed/"
	grep -q "^level=warning msg=processed file=$2 .* status=error input=failed/$1/$2 owner=$1 error=\"$1 has more than 64.0 KiB waiting in incoming/ (max_incoming_bytes_per_owner): not processed\"\$" "$T/once.err" ||
		fail "$1's $2: no log line: $(grep "file=$2 " "$T/once.err")"
}
# processed OWNER NAME: NAME graded, its input in done/.
processed() {
	expect_hw1 | sed "s/^source: hw1.yaml\$/source: $2/" >"$T/want"
	same_result "$T/want" "$SPOOL/results/$1/${2%.yaml}.result.yaml" "$1" ||
		fail "$1's $2: $(cat "$SPOOL/results/$1/${2%.yaml}.result.yaml")"
	[ -f "$SPOOL/done/$1/$2" ] || fail "$1's $2 not in done/"
}
refused 60301 big.yaml
processed 60301 small.yaml
processed 60302 o1.yaml
processed 60302 o2.yaml
refused 60303 b.yaml
processed 60303 a.yaml
processed "$ME" mine.yaml
grep -q 'msg=stopped processed=7 failed=2 ' "$T/once.err" || fail "summary: $(grep stopped "$T/once.err")"
[ "$(count_files "$SPOOL/incoming")" -eq 0 ] || fail "incoming/ not empty"

# Without the cap the same files are all processed.
for f in big.yaml a.yaml b.yaml; do
	rm -f "$SPOOL/results/6030"*/"${f%.yaml}.result.yaml"
done
drop_padded big.yaml 60301 100000
drop_padded a.yaml 60303 40000
drop_padded b.yaml 60303 40000
write_conf "$T/nocap.yaml" "workers: 1"
run_t nocap -c "$T/nocap.yaml" --once
[ "$STATUS" -eq 0 ] || fail "--once without the cap: exit $STATUS: $(cat "$T/nocap.err")"
processed 60301 big.yaml
processed 60303 b.yaml
echo "ok: max_incoming_bytes_per_owner refuses what is past the cap, the rest is processed"
