# lib.sh - helpers for the shell tests of the cairn command line.
# Sourced by tests/*.sh; sets $cairn (the build's program with the build's
# plugins and an empty configuration), $data and a temporary $tmp.

: "${top_builddir:=.}"
: "${top_srcdir:=.}"
top_builddir=$(cd "$top_builddir" && pwd)
top_srcdir=$(cd "$top_srcdir" && pwd)
plugins=${CAIRN_PLUGIN_DIR_BUILD:-$top_builddir/plugins/.libs}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cairn-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
: > "$tmp/empty.yaml"
cairn_bin="$top_builddir/src/cli/cairn"
failures=0
checks=0

fail() {
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

# run STATUS CMD... - run CMD with stdout in $tmp/out and stderr in $tmp/err
run() {
	want=$1
	shift
	checks=$((checks + 1))
	set +e
	"$@" > "$tmp/out" 2> "$tmp/err"
	got=$?
	set -e
	[ "$got" = "$want" ] || fail "exit status $got, expected $want: $*"
}

# same_file EXPECTED ACTUAL - byte for byte
same_file() {
	checks=$((checks + 1))
	if ! cmp -s "$1" "$2"; then
		diff -u "$1" "$2" >&2 || true
		fail "$2 differs from $1"
	fi
}

# same_text "EXPECTED" ACTUAL - the file holds exactly the text (plus newline)
same_text() {
	printf '%s\n' "$1" > "$tmp/expected"
	same_file "$tmp/expected" "$2"
}

finish() {
	echo "$(basename "$0" .sh): $((checks - failures)) passed, $failures failed"
	[ "$failures" = 0 ]
}
