# Helpers for the cairnd integration tests (sourced, not run).
#
# Each test gets a fresh directory from mktemp -d holding a spool, a
# generated configuration that points plugin_dir at the build tree, and
# the daemon's log.  Waits poll with a deadline; nothing asserts on time.
# A test that runs a program as another account sets AS_OTHER=1 before
# sourcing this: its directory is then made under /tmp whatever TMPDIR
# says, and share_programs puts there what that account runs and loads,
# since the build tree may be where it cannot go (/root is mode 0700).

set -eu

: "${top_builddir:?run through make check}"
: "${CAIRN_PLUGIN_DIR_BUILD:?run through make check}"
CAIRND="$top_builddir/src/daemon/cairnd"
CAIRN="$top_builddir/src/cli/cairn"
if [ -n "${AS_OTHER:-}" ]; then
	T=$(mktemp -d /tmp/cairnd-test.XXXXXX)
else
	T=$(mktemp -d "${TMPDIR:-/tmp}/cairnd-test.XXXXXX")
fi
SPOOL="$T/spool"
# What this test's own account drops is stored under its name (doc/spool.md).
ME=$(id -un)
RES="$SPOOL/results/$ME"
DONE="$SPOOL/done/$ME"
FAILED="$SPOOL/failed/$ME"
PIDS=""

cleanup() {
	for p in $PIDS; do
		kill -9 "$p" 2>/dev/null || true
	done
	[ -n "${KEEP:-}" ] || rm -rf "$T"
}
trap cleanup EXIT INT TERM

# fail MESSAGE: say what failed, show the end of each log, and end the
# test with status 1 (as fail does in tests/lib.sh and tests/system/lib.sh).
fail() {
	echo "FAIL: $*" >&2
	for l in "$T"/*.log; do
		[ -f "$l" ] || continue
		echo "--- $l (last lines)" >&2
		tail -n 20 "$l" >&2
	done
	exit 1
}

# write_conf FILE [KEY: VALUE...]: a configuration for this spool; the
# lines given replace the defaults below with the same key.
write_conf() {
	conf=$1
	shift
	{
		for line in "spool: $SPOOL" "plugin_dir: $CAIRN_PLUGIN_DIR_BUILD" \
			"instance: test" "workers: 2" "settle_ms: 300" "rescan_s: 30"; do
			key=${line%%:*}
			for extra in "$@"; do
				[ "${extra%%:*}" != "$key" ] || continue 2
			done
			echo "$line"
		done
		for extra in "$@"; do
			echo "$extra"
		done
	} >"$conf"
}

# start_daemon NAME CONF [args...]: run cairnd in the background, log to
# $T/NAME.log; its pid goes to $PID_NAME... and to $LAST_PID.
start_daemon() {
	name=$1
	conf=$2
	shift 2
	"$CAIRND" -c "$conf" "$@" >"$T/$name.log" 2>&1 &
	LAST_PID=$!
	PIDS="$PIDS $LAST_PID"
}

# wait_for SECONDS COMMAND...: poll COMMAND every 0.1 s until it succeeds.
wait_for() {
	limit=$(( $1 * 10 ))
	shift
	i=0
	while ! "$@" >/dev/null 2>&1; do
		i=$((i + 1))
		[ "$i" -lt "$limit" ] || return 1
		sleep 0.1
	done
}

# run_t NAME ARGS...: cairnd ARGS in the foreground, stdout to NAME.out,
# stderr (without timestamps) to NAME.err, exit status in $STATUS.
run_t() {
	name=$1
	shift
	STATUS=0
	"$CAIRND" "$@" >"$T/$name.out" 2>"$T/$name.raw" || STATUS=$?
	sed 's/^ts=[^ ]* //' "$T/$name.raw" >"$T/$name.err"
}

# wait_exit PID SECONDS: wait for the process to end; its status in $STATUS.
wait_exit() {
	wait_for "$2" sh -c "! kill -0 $1" || fail "pid $1 did not exit"
	STATUS=0
	wait "$1" || STATUS=$?
}

# left_in_processing DIR: what a processing/<instance>/ holds besides its
# lock, its journal and its (empty) .tmp/, one path per line.
left_in_processing() {
	find "$1" -mindepth 1 ! -name .attempts ! -name .lock ! -path "$1/.tmp"
}

# held_in DIR NAME - the name NAME is held under in the processing/
# directory DIR (its arrival, then NAME: doc/spool.md), or NAME itself
# when it was put there by hand; nothing when it is not there.
held_in() {
	for _h in "$1"/[0-9]*"~$2" "$1/$2"; do
		[ -e "$_h" ] && { basename "$_h"; return 0; }
	done
	return 0
}

# is_held DIR NAME - NAME is held in the processing/ directory DIR.
is_held() {
	[ -n "$(held_in "$1" "$2")" ]
}

# held INSTANCE NAME - held_in for processing/INSTANCE/ of $SPOOL.
held() {
	held_in "$SPOOL/processing/$1" "$2"
}

# being_read DIR NAME - the attempts journal of processing/DIR says that a
# worker reads or solves NAME now (its last record of NAME's held name is S).
being_read() {
	[ -f "$1/.attempts" ] || return 1
	_h=$(held_in "$1" "$2")
	[ -n "$_h" ] || return 1
	awk -v h="$(printf %s "$_h" | od -An -tx1 | tr -d ' \n')" \
		'$5 == h { s = $1 } END { exit s == "S" ? 0 : 1 }' "$1/.attempts"
}

# same_result WANT GOT [OWNER]: the result GOT is WANT (a `cairn solve`
# output, which has no owner and arrival) but for the owner, uid and
# received that the daemon adds; the owner it gives must be OWNER
# (default: $ME).
# strip_origin FILE AS: FILE without owner, uid and received, read as a
# result named AS (its extension gives the format; a CSV result's owner
# and received come before its last two columns, late_by and late_penalty).
strip_origin() {
	case $2 in
	*.csv) sed -E 's/,[^,]*,[^,]*(,[^,]*,[^,]*)$/\1/' "$1" ;;
	*) sed -E '/^(owner|uid|received): /d; /^  "(owner|uid|received)": /d' "$1" ;;
	esac
}
same_result() {
	strip_origin "$1" "$2" >"$T/.want.$$"
	strip_origin "$2" "$2" >"$T/.got.$$"
	cmp -s "$T/.want.$$" "$T/.got.$$" || return 1
	case $2 in
	*.csv) ! tail -n +2 "$2" | grep -qv ",${3:-$ME},[0-9TZ:.-]*,[^,]*,[^,]*\$" ;;
	*.json) grep -q "^  \"owner\": \"${3:-$ME}\",\$" "$2" ;;
	*) grep -qx "owner: \"*${3:-$ME}\"*" "$2" ;;
	esac
}

# count_files DIR [GLOB]: entries of DIR, but for an owner's history/
# and the arrival records' .arrival/.
count_files() {
	find "$1" -mindepth 1 -maxdepth 1 ! \( -type d \( -name history -o -name .arrival \) \) \
		${2:+-name "$2"} | wc -l
}

# short_name NAME: the name cairnd stores NAME under when its own cannot
# carry a result (178 bytes of it, its FNV-1a hash, .yaml; needs python3).
short_name() {
	python3 - "$1" <<'PY'
import sys
name = sys.argv[1].encode()
h = 14695981039346656037
for b in name:
    h = ((h ^ b) * 1099511628211) % (1 << 64)
print(name[:-5][:200 - 1 - 16 - 5].decode() + "-%016x" % h + ".yaml")
PY
}

# record STORED: the arrival record of the stored input STORED (a path
# in done/OWNER/ or failed/OWNER/), wherever it is (cairn_arrival.h): its
# attribute user.cairn.arrival (the compact form of 56 bytes decoded
# here as doc/spool.md says, into the text form), else the file
# .arrival/NAME beside it (where the file system has no user attributes,
# or an older version stored it), followed by "arrival S.N", its
# modification time, as the attribute says it.  Status 1, and nothing,
# when it has none.
RECORD_PY='import os, stat, struct, sys
def fnv32(b):
    h = 1469598103934665603
    for c in b:
        h = ((h ^ c) * 1099511628211) & 0xffffffffffffffff
    return h & 0xffffffff
def numbered_k(k):
    return 0 < len(k) <= 7 and k.isdigit() and k[:1] != b"0" and int(k) <= 1000000
def unnumbered(s, n, h):
    # s itself, NAME.K of NAME (no dot past its first byte), BASE.K.EXT of BASE.EXT
    c = [(s, None)]
    i = s.rfind(b".")
    if i > 0:
        if numbered_k(s[i + 1:]):
            c.append((s[:i], False))
        j = s.rfind(b".", 0, i)
        if j > 0 and numbered_k(s[j + 1:i]):
            c.append((s[:j] + s[i:], True))
    for name, dot in c:
        if len(name) == n and fnv32(name) == h and (dot is None or (name.rfind(b".") > 0) == dot):
            return name
    return None
def compact(path, v):
    h, uid, sec, nsec = struct.unpack("<IIqI", v[4:24])
    name = unnumbered(os.path.basename(path), v[2], h)
    if v[1] > 1 or v[3] != 0 or name is None or nsec >= 10**9:
        return None
    digest = v[24:56].hex().encode() if v[1] else b"-"
    return b"%d:%s\nuid %d\nsha256 %s\narrival %d.%09d\n" % (len(name), name, uid, digest, sec, nsec)
def record(path):
    try:
        v = os.getxattr(path, "user.cairn.arrival", follow_symlinks=False)
        return compact(path, v) if len(v) == 56 and v[0] == 0 else v
    except OSError:
        pass
    d, n = os.path.split(path)
    f = os.path.join(d, b".arrival", n)
    try:
        st = os.lstat(f)
        if not stat.S_ISREG(st.st_mode):
            return None
        with open(f, "rb") as h:
            text = h.read()
    except OSError:
        return None
    return text + b"arrival %d.%09d\n" % divmod(st.st_mtime_ns, 10**9)
'
record() {
	python3 -c "$RECORD_PY
r = record(os.fsencode(sys.argv[1]))
sys.stdout.buffer.write(r or b\"\")
sys.exit(0 if r else 1)" "$1"
}

# record_arrival STORED: the arrival STORED's record says (S.N, as
# stat -c %.9Y prints a time), or nothing.
record_arrival() {
	record "$1" | sed -n 's/^arrival //p'
}

# record_arrivals: for each path of a stored input read from standard
# input, one per line, "S.N PATH": the arrival its record says, or "-".
record_arrivals() {
	python3 -c "$RECORD_PY
import re
for line in sys.stdin.buffer:
    p = line.rstrip(b\"\\n\")
    m = re.search(rb\"^arrival (.*)\\n\", record(p) or b\"\", re.M)
    sys.stdout.buffer.write((m.group(1) if m else b\"-\") + b\" \" + p + b\"\\n\")"
}

# start_daemon_noxattr NAME CONF: start_daemon as on a file system
# without user attributes (tests/daemon/eio_shim.c): the daemon's
# arrival records are files in .arrival/.
start_daemon_noxattr() {
	_shim="$top_builddir/tests/daemon/.libs/eio_shim.so"
	[ -f "$_shim" ] || fail "$_shim not built"
	(export CAIRN_EIO_NOXATTR=1 LD_PRELOAD="$_shim" \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
	 exec "$CAIRND" -c "$2") >"$T/$1.log" 2>&1 &
	LAST_PID=$!
	PIDS="$PIDS $LAST_PID"
}

has_at_least() {
	[ "$(count_files "$1" "${3:-}")" -ge "$2" ]
}

log_has() {
	grep -q -- "$2" "$T/$1.log"
}

log_count() {
	grep -c -- "$2" "$T/$1.log" || true
}

# The result of the doc/formats.md example 5 3 4 5 as a one-puzzle file.
expect_hw1() {
	cat <<'EOF'
format: cairn-result/1
source: hw1.yaml
status: ok
puzzles:
  - id: p1
    line: 1
    n: 4
    solver: linear
    total: 17
    alice: 9
    bob: 8
    diff: 1
    winner: alice
    alice_wins: true
    first_move: left
    moves: LRRL
summary: {puzzles: 1, solved: 1, errors: 0, graded: 0, correct: 0, wrong: 0, missing: 0, invalid: 0, score: null}
EOF
}

# puzzle_doc ID PILES: one YAML document of a stream.
puzzle_doc() {
	printf -- '---\nid: %s\npiles: [%s]\n' "$1" "$2"
}

# The input whose result expect_hw1 gives.
hw1_input() {
	printf 'id: p1\npiles: [5, 3, 4, 5]\nsolver: linear\nmoves: true\n'
}

# error_result SOURCE MESSAGE: the result of a file that failed as a whole.
error_result() {
	printf 'format: cairn-result/1\nsource: %s\nstatus: error\nerror: "%s"\npuzzles: []\n' "$1" "$2"
	printf 'summary: {puzzles: 0, solved: 0, errors: 0, graded: 0, correct: 0, wrong: 0, missing: 0, invalid: 0, score: null}\n'
}

# make_accounts NAME... and remove_accounts: tests/accounts.sh.
. "${top_srcdir:-.}/tests/accounts.sh"

# make_user: a throwaway account for a daemon that must not be root (root
# reads every file); its name in $TUSER, removed at exit.  Skips (77)
# where accounts cannot be made.
make_user() {
	TUSER="cairnt$$"
	make_accounts "$TUSER"
	share_programs
}

# share_programs: copies of cairnd, cairn and the solver plugins in
# $T/shared, readable and runnable by every account, and $T itself
# searchable; CAIRND, CAIRN and CAIRN_PLUGIN_DIR_BUILD (so write_conf's
# plugin_dir) point at them.  Call it before write_conf.
share_programs() {
	[ -n "${AS_OTHER:-}" ] || fail "share_programs without AS_OTHER=1: \$T may be unreachable"
	mkdir -p "$T/shared/bin" "$T/shared/plugins"
	cp "$CAIRND" "$CAIRN" "$T/shared/bin/"
	cp "$CAIRN_PLUGIN_DIR_BUILD"/*.so "$T/shared/plugins/"
	chmod 755 "$T" "$T/shared" "$T/shared/bin" "$T/shared/plugins" "$T/shared/bin"/*
	chmod 644 "$T/shared/plugins"/*.so
	CAIRND="$T/shared/bin/cairnd"
	CAIRN="$T/shared/bin/cairn"
	CAIRN_PLUGIN_DIR_BUILD="$T/shared/plugins"
}

# as_user COMMAND...: run COMMAND as $TUSER, without root's groups (in the
# foreground: run in the background, $! would be a subshell, not COMMAND).
as_user() {
	setpriv --reuid="$TUSER" --regid="$TUSER" --clear-groups -- "$@"
}

# start_daemon_as USER GROUP NAME CONF [args...]: start_daemon as USER,
# in GROUP only, and wait until it has started; its pid in $LAST_PID
# (setpriv execs cairnd).
start_daemon_as() {
	_user=$1 _group=$2 _name=$3 _conf=$4
	shift 4
	setpriv --reuid="$_user" --regid="$_group" --clear-groups -- \
		"$CAIRND" -c "$_conf" "$@" >"$T/$_name.log" 2>&1 &
	LAST_PID=$!
	PIDS="$PIDS $LAST_PID"
	wait_for 20 log_has "$_name" "msg=started" || fail "daemon $_name did not start"
	[ "$(ps -o user= -p "$LAST_PID")" = "$_user" ] ||
		fail "daemon $_name runs as $(ps -o user= -p "$LAST_PID")"
}

# package_spool USER GROUP: $SPOOL as the package lays it out, USER:GROUP
# (doc/operating.md, "Who may read what"): incoming/ 3733, results/ 0751,
# processing/, done/ and failed/ 0750, problems/ and the spool 0755.
package_spool() {
	mkdir -p "$SPOOL/incoming" "$SPOOL/processing" "$SPOOL/results" "$SPOOL/done" \
		"$SPOOL/failed" "$SPOOL/problems"
	chown -R "$1:$2" "$SPOOL"
	chmod 755 "$SPOOL" "$SPOOL/problems"
	chmod 3733 "$SPOOL/incoming"
	chmod 0751 "$SPOOL/results"
	chmod 0750 "$SPOOL/processing" "$SPOOL/done" "$SPOOL/failed"
}

# as_account USER COMMAND...: COMMAND as USER, in USER's group only, with
# this shell's umask.
as_account() {
	_u=$1
	shift
	setpriv --reuid="$_u" --regid="$_u" --clear-groups -- "$@"
}

# drop NAME [OWNER]: standard input into incoming/ as NAME, given to
# OWNER if named: written under a dot name, which the daemon leaves
# alone, and renamed in whole.  The dot name is fixed, not .NAME, since
# NAME may be NAME_MAX bytes long already.
drop() {
	cat >"$SPOOL/incoming/.drop"
	[ -z "${2:-}" ] || chown "$2" "$SPOOL/incoming/.drop"
	mv "$SPOOL/incoming/.drop" "$SPOOL/incoming/$1"
}

# drop_good TAG: 100 good files gTAG-0.yaml ... gTAG-99.yaml, each renamed in.
drop_good() {
	_k=0			# not i: wait_for counts with i
	while [ "$_k" -lt 100 ]; do
		hw1_input | drop "g$1-$_k.yaml"
		_k=$((_k + 1))
	done
}

# check_good TAG: the 100 good files of drop_good are done, with results.
check_good() {
	[ "$(count_files "$DONE" "g$1-*.yaml")" -eq 100 ] ||
		fail "$1: $(count_files "$DONE" "g$1-*.yaml") of 100 good files done"
	[ "$(count_files "$RES" "g$1-*.result.yaml")" -eq 100 ] || fail "$1: results missing"
	expect_hw1 | sed "s/^source: hw1.yaml\$/source: g$1-7.yaml/" >"$T/want"
	same_result "$T/want" "$RES/g$1-7.result.yaml" || fail "$1: a good result"
}

# change_time PATH: PATH's change time, SECONDS.NANOSECONDS (nine digits).
change_time() {
	stat -c %.9Z "$1"
}

# as_received SECONDS.NANOSECONDS: that moment written as a result's
# `received` is (UTC, the milliseconds truncated).
as_received() {
	printf '%s.%sZ\n' "$(date -u -d "@${1%.*}" +%Y-%m-%dT%H:%M:%S)" "$(echo "${1#*.}" | cut -c1-3)"
}

# wait_past SECONDS: until the wall clock has passed that epoch second
# (a 30 s bound, so a stuck clock fails rather than hangs).
wait_past() {
	_limit=$(($(date +%s) + 30))
	while [ "$(date +%s)" -le "$1" ]; do
		[ "$(date +%s)" -lt "$_limit" ] || fail "the clock did not pass $1"
		sleep 0.1
	done
}

# due_set DIR NAME DUE_S: DIR/NAME.yaml, a set of one 10-point puzzle due
# at the epoch second DUE_S, 10% off for each day begun after it; the
# answer $SET_GOOD gets its points.
SET_GOOD='{a: {diff: 7}}'
due_set() {
	printf 'policy:\n  due: %s\n  late_penalty: 10%%\npuzzles:\n  - {id: a, piles: [3, 9, 1, 2], points: 10}\n' \
		"$(date -u -d "@$3" +%Y-%m-%dT%H:%M:%SZ)" >"$1/$2.yaml"
}

# points RESULT: the points of a graded result, after any penalty.
points() {
	sed -n 's/^summary: .* points: \([0-9.]*\), max_points: .*/\1/p' "$1"
}

# use_nomem_shim: $SHIM, tests/daemon/nomem_shim.so; the test is skipped
# where a sanitizer owns malloc.
use_nomem_shim() {
	SHIM="$top_builddir/tests/daemon/.libs/nomem_shim.so"
	[ -f "$SHIM" ] || fail "$SHIM not built"
	if ldd "$CAIRND" 2>/dev/null | grep -q 'libasan\|libtsan'; then
		echo "SKIP: a sanitizer owns malloc in this build"
		exit 77
	fi
}
