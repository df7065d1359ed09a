#!/bin/sh
# Issue 37, case 8: a transient EIO is not a bad configuration.  With
# tests/daemon/eio_shim.so, one EIO reading cairnd.yaml exited 78 (`bad
# configuration`) and EIO on the plugin directory 69 (`no usable solver
# plugin`), which cairnd.service does not restart
# (RestartPreventExitStatus=64 69 78).  Now both exit 75 (EX_TEMPFAIL),
# which it restarts, logged as `temporary failure`, for a start and for
# -t alike; 78 and 69 stay for what a person must fix (config.sh).
. "${top_srcdir:-.}/tests/daemon/lib.sh"

SHIM="$top_builddir/tests/daemon/.libs/eio_shim.so"
[ -f "$SHIM" ] || fail "$SHIM not built"
write_conf "$T/c.yaml"
mkdir -p "$SPOOL/incoming"

# with_eio NAME VAR=VALUE... -- ARGS...: cairnd ARGS with the shim set as
# the variables say; stderr without timestamps in NAME.err, status in $STATUS.
with_eio() {
	_name=$1
	shift
	_vars=""
	while [ "$1" != "--" ]; do
		_vars="$_vars $1"
		shift
	done
	shift
	STATUS=0
	env $_vars LD_PRELOAD="$SHIM" "$CAIRND" "$@" >"$T/$_name.out" 2>"$T/$_name.raw" || STATUS=$?
	sed 's/^ts=[^ ]* //' "$T/$_name.raw" >"$T/$_name.err"
}

# --- one EIO reading cairnd.yaml (its first read(2)) ---
for args in "--once" "-t"; do
	with_eio read CAIRN_EIO_DIR="$T" CAIRN_EIO_READ_FROM=1 -- -c "$T/c.yaml" $args
	[ "$STATUS" -eq 75 ] || fail "EIO reading the configuration ($args): exit $STATUS, expected 75: $(cat "$T/read.err")"
	[ "$(cat "$T/read.err")" = "level=error msg=\"temporary failure\" error=\"$T/c.yaml: Input/output error\"" ] ||
		fail "EIO reading the configuration ($args): $(cat "$T/read.err")"
done

# --- EIO on the plugin directory (the first openat() of a start) ---
for args in "--once" "-t"; do
	rm -f "$T/trace"
	with_eio dir CAIRN_EIO_OPENAT_FROM=1 CAIRN_EIO_OPENAT_LOG="$T/trace" -- -c "$T/c.yaml" $args
	[ "$(head -1 "$T/trace")" = "1 $CAIRN_PLUGIN_DIR_BUILD EIO" ] ||
		fail "the first openat() is not the plugin directory's: $(head -3 "$T/trace")"
	[ "$STATUS" -eq 75 ] || fail "EIO on the plugin directory ($args): exit $STATUS, expected 75: $(cat "$T/dir.err")"
	[ "$(cat "$T/dir.err")" = "level=error msg=\"temporary failure\" error=\"plugin directory $CAIRN_PLUGIN_DIR_BUILD: Input/output error\"" ] ||
		fail "EIO on the plugin directory ($args): $(cat "$T/dir.err")"
done
[ ! -e "$SPOOL/processing" ] || fail "a start that failed opened the spool"

# --- what a person must fix stays 78 and 69 ---
printf 'spool: %s\nworkers: [\n' "$SPOOL" >"$T/bad.yaml"
run_t bad -c "$T/bad.yaml" --once
[ "$STATUS" -eq 78 ] || fail "syntax error: exit $STATUS"
write_conf "$T/noplug.yaml" "plugin_dir: $T/nowhere"
run_t noplug -c "$T/noplug.yaml" --once
[ "$STATUS" -eq 69 ] || fail "missing plugin directory: exit $STATUS"
grep -q "^level=error msg=\"no usable solver plugin\" error=\"plugin directory $T/nowhere: No such file or directory\"$" "$T/noplug.err" ||
	fail "missing plugin directory: $(cat "$T/noplug.err")"

# --- and the unit restarts 75, not 64, 69 or 78 ---
grep -q '^Restart=on-failure$' "$top_srcdir/systemd/cairnd.service.in" || fail "Restart="
grep -q '^RestartPreventExitStatus=64 69 78$' "$top_srcdir/systemd/cairnd.service.in" ||
	fail "RestartPreventExitStatus=: $(grep RestartPrevent "$top_srcdir/systemd/cairnd.service.in")"
echo "PASS: a passing error reading the configuration or the plugins exits 75"
