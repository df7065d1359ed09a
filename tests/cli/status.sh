#!/bin/sh
# cairn status on a spool cairnd made (cairn(1)), without a daemon running:
# files waiting in incoming/ from three owners (root, and two uids
# without accounts, named by the number), one claimed in processing/test/
# that nobody holds the lock of, failures of two owners (the oldest one's
# result replaced since by a newer arrival of its name, so its error is
# found in history/), and the directories' sizes, compared exactly as
# text and as JSON.  Only the ages depend on the clock: each is checked
# to be a number of seconds, then replaced by AGE (keeping the column's
# width); the times the JSON gives are compared with what stat says.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

[ "$(id -u)" -eq 0 ] || { echo "SKIP: not root, cannot give files to other owners"; exit 77; }
write_conf "$T/c.yaml" "workers: 1"
IN="$SPOOL/incoming"
mkdir -p "$IN"

# Three --once runs, so that the failures have an order.
printf 'piles: [1, \n' >"$IN/bad.yaml"
hw1_input >"$IN/good.yaml"
"$CAIRND" -c "$T/c.yaml" --once >"$T/once1.log" 2>&1 && fail "once 1: exit 0"
ln -s /etc/passwd "$IN/link.yaml"
chown -h 60002 "$IN/link.yaml"
"$CAIRND" -c "$T/c.yaml" --once >"$T/once2.log" 2>&1 && fail "once 2: exit 0"
printf 'piles: [1]\n\001\n' >"$IN/bad.yaml"
"$CAIRND" -c "$T/c.yaml" --once >"$T/once3.log" 2>&1 && fail "once 3: exit 0"
[ -f "$SPOOL/results/root/history/bad.result.1.yaml" ] || fail "no history of bad.yaml"

for f in a1 a2 b1; do
	printf 'piles: [%s]\n' "$f" | tr -d ab >"$IN/$f.yaml"
done
chown 60001 "$IN/a1.yaml" "$IN/a2.yaml"
chown 60002 "$IN/b1.yaml"
printf 'id: mine\npiles: [5, 3, 4, 5]\n' >"$IN/mine.yaml"
printf 'half\n' >"$IN/.upload.part"
printf 'half\n' >"$IN/late.yaml.tmp"
printf 'piles: [7, 7]\n' >"$SPOOL/processing/test/held.yaml"
chown 60001 "$SPOOL/processing/test/held.yaml"

# usage DIR: "FILES BYTES" below DIR, but for the names cairnd ignores
usage() {
	find "$SPOOL/$1" -mindepth 1 \( -name '.*' -o -name '*.tmp' -o -name '*.part' -o -name '*~' \) \
		-prune -o ! -type d -printf '%s\n' |
		awk '{ n++; b += $1 } END { printf "%d %d\n", n, b }'
}
# utc TIME: seconds since the epoch as cairn writes a time
utc() {
	date -u -d "@$1" +%Y-%m-%dT%H:%M:%S.%3NZ
}
# ages FILE: FILE with each age ("12s") checked and replaced by AGE
ages() {
	perl -pe 's/(?<![\w.])(\d+s)( *)(?= |$)/"AGE" . " " x (length($1 . $2) - 3)/ge' "$1"
}

"$CAIRN" status -c "$T/c.yaml" >"$T/out" 2>"$T/err" || fail "exit $?: $(cat "$T/err")"
[ ! -s "$T/err" ] || fail "stderr: $(cat "$T/err")"
# What find counts in each directory is what status says below; the
# results' bytes are find's, as the result format may grow.
[ "$(usage incoming)/$(usage processing/test)/$(usage done)/$(usage failed)" = \
  "4 62/1 14/1 54/3 25" ] || fail "find counts $(usage incoming)/$(usage processing/test)/$(usage done)/$(usage failed)"
set -- $(usage results)
[ "$1" -eq 4 ] && [ "$2" -lt 100000 ] || fail "find counts $1 $2 in results/"
rbytes=$2
syntax='line 2, column 1: did not find expected node content (while parsing a flow node at line 2, column 1)'
control='line 2, column 1: control characters are not allowed'
link='symbolic link, not followed'
cat >"$T/want" <<END
Spool $SPOOL
Instances:
  INSTANCE  STATE    PID  HOST  CLAIMED
  test      stopped    -  -     1
Processing:
  INSTANCE  OWNER    UID  AGE  BYTES  FILE
  test      60001  60001  AGE     14  held.yaml
Waiting:
  OWNER    UID  FILES  BYTES  OLDEST
  60001  60001      2     22  AGE
  60002  60002      1     11  AGE
  root       0      1     29  AGE
Failures (newest first, 3 of 3):
  AGE  OWNER  FILE        ERROR
  AGE  root   bad.1.yaml  $control
  AGE  60002  link.yaml   $link
  AGE  root   bad.yaml    $syntax
Directories:
  DIRECTORY        FILES  BYTES
  incoming             4     62
  processing/test      1     14
  done                 1     54
  failed               3     25
  results              4  $(printf %5s "$rbytes")
END
ages "$T/out" >"$T/got"
diff -u "$T/want" "$T/got" >&2 || fail "text differs"

"$CAIRN" status -c "$T/c.yaml" --failures 1 >"$T/out" 2>"$T/err" || fail "--failures 1: exit $?"
sed -n '/^Failures/,/^Directories/p' "$T/out" >"$T/part"
ages "$T/part" >"$T/got"
cat >"$T/want" <<END
Failures (newest first, 1 of 3):
  AGE  OWNER  FILE        ERROR
  AGE  root   bad.1.yaml  $control
Directories:
END
diff -u "$T/want" "$T/got" >&2 || fail "--failures 1 differs"

"$CAIRN" status --spool "$SPOOL" --json >"$T/out" 2>"$T/err" || fail "--json: exit $?"
ct() { utc "$(stat -c %.9Z "$SPOOL/$1")"; }
# rt STORED: the arrival its record says
rt() { utc "$(record_arrival "$SPOOL/$1")"; }
F=failed
cat >"$T/want" <<END
{
  "spool": "$SPOOL",
  "now": "TIME",
  "instances": [
    {"name": "test", "state": "stopped", "pid": null, "host": null, "files": 1, "bytes": 14, "claimed": [
      {"file": "held.yaml", "owner": "60001", "uid": 60001, "bytes": 14, "claimed": "$(ct processing/test/held.yaml)", "age_s": AGE}
    ]}
  ],
  "waiting": [
    {"owner": "60001", "uid": 60001, "files": 2, "bytes": 22, "oldest": "$(ct incoming/a1.yaml)", "oldest_age_s": AGE},
    {"owner": "60002", "uid": 60002, "files": 1, "bytes": 11, "oldest": "$(ct incoming/b1.yaml)", "oldest_age_s": AGE},
    {"owner": "root", "uid": 0, "files": 1, "bytes": 29, "oldest": "$(ct incoming/mine.yaml)", "oldest_age_s": AGE}
  ],
  "failed_total": 3,
  "failures": [
    {"owner": "root", "file": "bad.1.yaml", "bytes": 13, "failed": "$(ct $F/root/bad.1.yaml)", "age_s": AGE, "received": "$(rt $F/root/bad.1.yaml)", "error": "$control"},
    {"owner": "60002", "file": "link.yaml", "bytes": 0, "failed": "$(ct $F/60002/link.yaml)", "age_s": AGE, "received": "$(rt $F/60002/link.yaml)", "error": "$link"},
    {"owner": "root", "file": "bad.yaml", "bytes": 12, "failed": "$(ct $F/root/bad.yaml)", "age_s": AGE, "received": "$(rt $F/root/bad.yaml)", "error": "$syntax"}
  ],
  "directories": {
    "incoming": {"files": 4, "bytes": 62},
    "processing/test": {"files": 1, "bytes": 14},
    "done": {"files": 1, "bytes": 54},
    "failed": {"files": 3, "bytes": 25},
    "results": {"files": 4, "bytes": $rbytes}
  }
}
END
sed -E 's/"now": "[0-9T:.-]{23}Z"/"now": "TIME"/; s/"(age_s|oldest_age_s)": [0-9]+/"\1": AGE/g' \
	"$T/out" >"$T/got"
diff -u "$T/want" "$T/got" >&2 || fail "JSON differs"
if command -v python3 >/dev/null; then
	python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$T/out" || fail "not JSON"
fi

# A spool that is not there, a bad count.
rc=0
"$CAIRN" status --spool "$T/none" >"$T/out" 2>"$T/err" || rc=$?
[ "$rc" -eq 66 ] || fail "missing spool: exit $rc"
[ "$(cat "$T/err")" = "cairn status: $T/none: No such file or directory" ] ||
	fail "missing spool: $(cat "$T/err")"
rc=0
"$CAIRN" status --spool "$SPOOL" --failures -1 >"$T/out" 2>"$T/err" || rc=$?
[ "$rc" -eq 64 ] || fail "--failures -1: exit $rc"
exit 0
