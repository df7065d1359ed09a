#!/bin/sh
# Issue 23: every submission has an owner.  The issue's reproduction as
# written (one account hands in Ada's hw1.yaml, then Chen's, each graded
# by a --once run): the gradebook has both rows, the later arrival's
# result is the current one and the earlier is kept in history/.  Then
# two owners (uids with no account) each hand in hw1.yaml: both results
# exist, each under its owner, with owner, uid and received.  A file
# whose modification time is set to 2100 changes nothing: a later
# arrival's result replaces its result.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

EX="$top_srcdir/examples/class"
write_conf "$T/c.yaml" "problems_dir: $EX/problems"
I="$SPOOL/incoming"
mkdir -p "$I"
once() {
	STATUS=0
	"$CAIRND" -c "$T/c.yaml" --once >>"$T/once.log" 2>&1 || STATUS=$?
	[ "$STATUS" -eq 0 ] || fail "--once exit $STATUS"
}

# --- the reproduction, exactly ---
cp "$EX/submissions/ada.yaml" "$I/hw1.yaml"; once
cp "$EX/submissions/chen.yaml" "$I/hw1.yaml"; once
"$CAIRN" report -c "$T/c.yaml" "$SPOOL/results" >"$T/report" || fail "report exit $?"
sed -E 's/,[0-9T:.-]+Z,,,$/,RECEIVED,,,/' "$T/report" >"$T/got"
cat >"$T/want" <<EOT
source,owner,submitter,problem_set,graded,correct,wrong,missing,invalid,points,max_points,score,received,late,penalty,refused
hw1.yaml,$ME,Chen,hw1,6,4,2,0,0,6,9,0.6667,RECEIVED,,,
hw1.yaml,$ME,Ada Lovelace,hw1,6,6,0,0,0,9,9,1.0,RECEIVED,,,
EOT
cmp "$T/want" "$T/got" || fail "gradebook: $(diff "$T/want" "$T/got")"
grep -qx 'submitter: Chen' "$RES/hw1.result.yaml" || fail "the current result is not Chen's"
grep -qx 'submitter: "Ada Lovelace"' "$RES/history/hw1.result.1.yaml" || fail "Ada's result is not in history/"
[ -f "$DONE/hw1.yaml" ] && [ -f "$DONE/hw1.1.yaml" ] || fail "done/$ME/: $(ls "$DONE")"
echo "ok: the issue's reproduction keeps both results and both gradebook rows"

# --- two owners, one name ---
drop_as() {	# UID SRC NAME
	cp "$2" "$T/.drop"
	chown "$1" "$T/.drop"
	mv "$T/.drop" "$I/$3"
}
drop_as 60011 "$EX/submissions/ada.yaml" hw1.yaml
once
drop_as 60012 "$EX/submissions/chen.yaml" hw1.yaml
once
for o in 60011 60012; do
	r="$SPOOL/results/$o/hw1.result.yaml"
	[ -f "$r" ] || fail "no result for $o"
	grep -qx "owner: \"$o\"" "$r" && grep -qx "uid: $o" "$r" || fail "$o: $(head -6 "$r")"
	grep -Eqx 'received: 20[0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z' "$r" ||
		fail "$o: no received"
	[ -f "$SPOOL/done/$o/hw1.yaml" ] || fail "$o's input not in done/$o/"
	[ ! -e "$SPOOL/results/$o/history" ] || fail "$o has a history"
done
grep -qx 'submitter: "Ada Lovelace"' "$SPOOL/results/60011/hw1.result.yaml" || fail "60011's is not Ada's"
grep -qx 'submitter: Chen' "$SPOOL/results/60012/hw1.result.yaml" || fail "60012's is not Chen's"
log_has once 'msg=processed file=hw1.yaml .* input=done/60012/hw1.yaml owner=60012$' ||
	fail "no processed line naming the owner"
echo "ok: two owners' hw1.yaml each have their result"

# --- a modification time in 2100 is not an arrival ---
cp "$EX/submissions/ada.yaml" "$T/.f"
touch -d 2100-01-01 "$T/.f"
chown 60013 "$T/.f"
mv "$T/.f" "$I/hw2.yaml"
once
drop_as 60013 "$EX/submissions/chen.yaml" hw2.yaml
once
R13="$SPOOL/results/60013"
grep -qx 'submitter: Chen' "$R13/hw2.result.yaml" || fail "the later arrival's result did not replace the 2100 file's"
grep -qx 'submitter: "Ada Lovelace"' "$R13/history/hw2.result.1.yaml" || fail "the 2100 file's result is not in history/"
"$CAIRN" report --per-submitter latest -c "$T/c.yaml" "$R13" | cut -d, -f1-4 >"$T/got"
printf 'source,owner,submitter,problem_set\nhw2.yaml,60013,Chen,hw1\n' >"$T/want"
cmp "$T/want" "$T/got" || fail "latest: $(cat "$T/got")"
echo "ok: touch -d 2100-01-01 changes nothing: the later arrival wins"
