#!/bin/sh
# --once on a spool holding every kind of thing doc/spool.md names:
# a good file, a symbolic link, a FIFO, a directory, a file over
# max_file_bytes, an unsupported extension, a dot file and a .part file.
# Exit 65 (files failed); the dot file and the .part file are untouched;
# directories, like the other non-regular files, go to failed/ with an
# error result.  Then crash leftovers: a file in processing/ goes back and
# is processed, a file the journal says was interrupted before fails as
# "interrupted twice", a stale temporary file of this instance is removed
# (another instance's is not); a clean run exits 0.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

write_conf "$T/c.yaml" "max_file_bytes: 100"
I="$SPOOL/incoming"
mkdir -p "$I"
hw1_input >"$I/hw1.yaml"
ln -s /etc/passwd "$I/link.yaml"
mkfifo "$I/pipe.yaml"
mkdir "$I/dir.yaml"
awk 'BEGIN { printf "piles: ["; for (i = 0; i < 40; i++) printf "%d, ", i; print "1]" }' >"$I/big.yaml"
BIG=$(wc -c <"$I/big.yaml")
echo "hello" >"$I/notes.txt"
echo "piles: [1]" >"$I/.dot.yaml"
echo "piles: [1]" >"$I/half.yaml.part"
touch -d '1 hour ago' "$I/hw1.yaml" "$I/big.yaml" "$I/notes.txt"

STATUS=0
"$CAIRND" -c "$T/c.yaml" --once >"$T/once.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 65 ] || fail "exit $STATUS, expected 65"

expect_hw1 >"$T/want"
same_result "$T/want" "$RES/hw1.result.yaml" || fail "hw1 result"
[ -f "$DONE/hw1.yaml" ] || fail "hw1.yaml not in done/"
# error_result NAME MESSAGE: the exact result of a file error
error_result() {
	printf 'format: cairn-result/1\nsource: %s\nstatus: error\nerror: "%s"\npuzzles: []\n' "$1" "$2"
	printf 'summary: {puzzles: 0, solved: 0, errors: 0, graded: 0, correct: 0, wrong: 0, missing: 0, invalid: 0, score: null}\n'
}
check_failed() {
	error_result "$1" "$2" >"$T/want"
	same_result "$T/want" "$RES/$3" || fail "result of $1: $(cat "$RES/$3")"
	[ -e "$FAILED/$1" ] || [ -L "$FAILED/$1" ] || fail "$1 not in failed/"
	grep -q "level=warning msg=processed file=$1 .* status=error input=failed/$ME/$1" "$T/once.log" ||
		fail "no log line for $1"
}
check_failed link.yaml "symbolic link, not followed" link.result.yaml
check_failed pipe.yaml "not a regular file (fifo)" pipe.result.yaml
check_failed dir.yaml "not a regular file (directory)" dir.result.yaml
check_failed big.yaml "file is $BIG bytes, more than max_file_bytes (100)" big.result.yaml
[ -L "$FAILED/link.yaml" ] || fail "the link itself was not moved"
[ -p "$FAILED/pipe.yaml" ] || fail "the fifo itself was not moved"
grep -qx 'status: error' "$RES/notes.result.txt" || fail "notes.txt result"
[ -f "$FAILED/notes.txt" ] || fail "notes.txt not in failed/"
[ -f "$I/.dot.yaml" ] && [ -f "$I/half.yaml.part" ] || fail "ignored names were touched"
[ "$(count_files "$I")" -eq 2 ] || fail "incoming/: $(ls -A "$I")"
grep -q 'msg=stopped processed=6 failed=5 ' "$T/once.log" || fail "summary line"

# crash leftovers
P="$SPOOL/processing/test"
rm -f "$I/.dot.yaml" "$I/half.yaml.part"
hw1_input >"$P/again.yaml"
hw1_input >"$P/poison.yaml"
# the journal: poison.yaml, interrupted once already, was being solved
# again (S, one strike) at this crash; again.yaml only waited
printf 'S 1 %s %s\n' "$(stat -c '%i %.9Z' "$P/poison.yaml")" \
	"$(printf poison.yaml | od -An -tx1 | tr -d ' \n')" >"$P/.attempts"
R="$RES"
echo half >"$SPOOL/results/.result.0123456789abcdef.test.tmp"
echo other >"$SPOOL/results/.result.0123456789abcdef.other.tmp"
echo other >"$SPOOL/results/.spare.0123456789abcdef.x.test.tmp"
STATUS=0
"$CAIRND" -c "$T/c.yaml" --once >"$T/crash.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 65 ] || fail "exit $STATUS after a crash, expected 65"
error_result poison.yaml "interrupted twice while processing" >"$T/want"
same_result "$T/want" "$R/poison.result.yaml" || fail "poison result"
[ -f "$FAILED/poison.yaml" ] || fail "poison.yaml not in failed/"
expect_hw1 | sed 's/^source: hw1.yaml$/source: again.yaml/' >"$T/want"
same_result "$T/want" "$R/again.result.yaml" || fail "again result"
[ -f "$DONE/again.yaml" ] || fail "again.yaml not in done/"
[ ! -e "$SPOOL/results/.result.0123456789abcdef.test.tmp" ] || fail "stale temp kept"
[ -e "$SPOOL/results/.result.0123456789abcdef.other.tmp" ] || fail "other instance's temp removed"
[ -e "$SPOOL/results/.spare.0123456789abcdef.x.test.tmp" ] || fail "instance x.test's temp removed"
[ ! -s "$P/.attempts" ] || fail "journal not emptied: $(cat "$P/.attempts")"
grep -q 'msg="removed stale temporary files" count=1' "$T/crash.log" || fail "stale log line"

# a clean run: nothing failed, exit 0; a second hw1.yaml is numbered;
# the metrics file is written at the end
write_conf "$T/c.yaml" "metrics_file: $T/metrics.prom"
hw1_input >"$I/hw1.yaml"
STATUS=0
"$CAIRND" -c "$T/c.yaml" --once >"$T/clean.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 0 ] || fail "clean run exit $STATUS"
[ -f "$DONE/hw1.1.yaml" ] || fail "second hw1.yaml not stored as hw1.1.yaml"
grep -q 'msg=processed file=hw1.yaml .* input=done/'"$ME"'/hw1.1.yaml' "$T/clean.log" || fail "log of hw1.1"
printf 'cairnd_files_total{instance="test",outcome="processed"} 1\ncairnd_files_total{instance="test",outcome="failed"} 0\n' >"$T/want"
grep '^cairnd_files_total.*"\(processed\|failed\)"' "$T/metrics.prom" | cmp "$T/want" - || fail "metrics: $(cat "$T/metrics.prom")"
[ "$(find "$T" -maxdepth 1 -name '.metrics*' | wc -l)" -eq 0 ] || fail "metrics temporary file left"
echo "ok: special files, --once exit codes, crash leftovers"
