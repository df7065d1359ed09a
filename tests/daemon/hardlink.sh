#!/bin/sh
# Issue 22, case 6: an input with more than one hard link is refused
# before a byte of it is read (doc/spool.md): a hard link can carry a file its
# submitter may not read.  The rule is about the link count, so the test
# links a file of its own twice into incoming/ (no fs.protected_hardlinks
# needed): both names go to failed/ with an error result that says why,
# and the result quotes nothing of the file.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

write_conf "$T/c.yaml"
mkdir -p "$SPOOL/incoming"
printf 'TOPSECRET line one\n' >"$T/secret.yaml"
ln "$T/secret.yaml" "$SPOOL/incoming/a.yaml"
ln "$T/secret.yaml" "$SPOOL/incoming/b.yaml"
hw1_input >"$SPOOL/incoming/plain.yaml"
STATUS=0
"$CAIRND" -c "$T/c.yaml" --once >"$T/once.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 65 ] || fail "exit $STATUS, expected 65"
for f in a b; do
	[ -f "$FAILED/$f.yaml" ] || fail "$f.yaml not in failed/: $(ls -R "$SPOOL")"
	R="$RES/$f.result.yaml"
	grep -q 'TOPSECRET' "$R" && fail "$f: the result quotes the file: $(cat "$R")"
	grep -qx 'error: "has [0-9]* hard links: refused, a hard link can carry a file its submitter may not read"' "$R" ||
		fail "$f: result: $(cat "$R")"
done
grep -qx 'error: "has 3 hard links: refused, a hard link can carry a file its submitter may not read"' \
	"$RES/a.result.yaml" || fail "a: link count: $(cat "$RES/a.result.yaml")"
[ -f "$DONE/plain.yaml" ] || fail "plain.yaml not processed"
echo "ok: hard-linked inputs refused"
