#!/bin/sh
# Issue 9, case 2: a name too long for its result (249-255 bytes) or for
# the result's temporary name (225-248 bytes), and a directory planted at
# results/NAME.result.yaml, are each that file's trouble alone.  Names
# over 200 bytes go to failed/ under a shortened, distinct name that the
# log line gives, with an error result under that name; 100 good files
# dropped with them all get their results, no storage error and no
# backoff is logged, and --once processes every good file and exits 65.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
write_conf "$T/c.yaml"
mkdir -p "$SPOOL/incoming" "$RES"

# name N TAG: a valid name of N bytes ending in TAG.yaml.
name() {
	python3 -c 'import sys; n, t = int(sys.argv[1]), sys.argv[2]; print("L" * (n - len(t) - 5) + t + ".yaml")' "$1" "$2"
}
# drop_batch TAG: the bad names, then 100 good files.
drop_batch() {
	for n in 255 250 249 248 230 225; do
		hw1_input | drop "$(name $n "$1")"
	done
	hw1_input | drop "$(name 200 "$1")"	# 200 bytes: processed as usual
	mkdir "$RES/planted$1.result.yaml"
	hw1_input | drop "planted$1.yaml"
	drop_good "$1"
}

check_batch() {
	check_good "$1"
	for n in 255 250 249 248 230 225; do
		long=$(name $n "$1")
		s=$(short_name "$long")
		[ -f "$FAILED/$s" ] || fail "$1: $n-byte name not in failed/ as $s"
		why="the file name is $n bytes, more than 200: not processed, stored as $s"
		error_result "$s" "$why" >"$T/want"
		same_result "$T/want" "$RES/${s%.yaml}.result.yaml" || fail "$1: result of the $n-byte name"
		grep -qF "level=warning msg=processed file=$long puzzles=0 " "$T/$2.log" ||
			fail "$1: no log line for the $n-byte name"
		grep -qF "status=error input=failed/$ME/$s owner=$ME error=\"$why\"" "$T/$2.log" ||
			fail "$1: the log line does not give the short name of the $n-byte name"
	done
	ok=$(name 200 "$1")
	[ -f "$DONE/$ok" ] || fail "$1: the 200-byte name was not processed"
	expect_hw1 | sed "s/^source: hw1.yaml\$/source: $ok/" >"$T/want"
	same_result "$T/want" "$RES/${ok%.yaml}.result.yaml" || fail "$1: result of the 200-byte name"
	s=$(short_name "planted$1.yaml")
	[ -f "$FAILED/$s" ] || fail "$1: planted$1.yaml not in failed/ as $s"
	[ -d "$RES/planted$1.result.yaml" ] || fail "$1: the planted directory was touched"
	error_result "$s" "no result under this name (rename planted$1.result.yaml: Is a directory): stored as $s" >"$T/want"
	same_result "$T/want" "$RES/${s%.yaml}.result.yaml" ||
		fail "$1: result of planted$1.yaml: $(cat "$RES/${s%.yaml}.result.yaml")"
	! grep -q 'storage error\|retry_in_ms\|msg=retrying' "$T/$2.log" || fail "$1: a retry or backoff was logged"
	[ "$(count_files "$SPOOL/incoming")" -eq 0 ] || fail "$1: incoming/ not empty"
}

start_daemon d "$T/c.yaml"
D=$LAST_PID
wait_for 20 log_has d "msg=started" || fail "daemon did not start"
drop_batch a
wait_for 60 has_at_least "$DONE" 100 "ga-*.yaml" || fail "good files not all processed"
wait_for 20 has_at_least "$FAILED" 7 || fail "bad names not all failed: $(ls "$FAILED")"
kill -TERM "$D"
wait_exit "$D" 20
[ "$STATUS" -eq 0 ] || fail "exit $STATUS"
check_batch a d

# --once, whose first file has no spare temporary file to write into.
drop_batch b
STATUS=0
"$CAIRND" -c "$T/c.yaml" --once >"$T/once.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 65 ] || fail "--once exit $STATUS, expected 65"
check_batch b once
grep -q 'msg=stopped processed=108 failed=7 .* exit=65$' "$T/once.log" || fail "stop line: $(tail -n 1 "$T/once.log")"
echo "PASS: long names and a planted directory fail alone"
