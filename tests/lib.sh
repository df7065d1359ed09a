# lib.sh - helpers for the shell tests of the cairn command line.
# Sourced by tests/*/*.sh; sets $cairn_bin (the build's program), $plugins
# (the build's plugins) and a temporary $tmp holding an empty
# configuration.  fail ends the test at once with status 1, as in
# tests/daemon/lib.sh and tests/system/lib.sh; finish, the test's last
# line, says how many checks passed.

: "${top_builddir:=.}"
: "${top_srcdir:=.}"
top_builddir=$(cd "$top_builddir" && pwd)
top_srcdir=$(cd "$top_srcdir" && pwd)
plugins=${CAIRN_PLUGIN_DIR_BUILD:-$top_builddir/plugins/.libs}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cairn-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
: > "$tmp/empty.yaml"
cairn_bin="$top_builddir/src/cli/cairn"
checks=0

# fail MESSAGE - say what failed and end the test with status 1
fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# cairn SUBCOMMAND ARG... - the build's cairn with the empty configuration
# and the build's plugins, and --problems $cairn_problems when the test
# sets it
cairn() {
	sub=$1
	shift
	"$cairn_bin" "$sub" -c "$tmp/empty.yaml" --plugin-dir "$plugins" \
		${cairn_problems:+--problems "$cairn_problems"} "$@"
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

# results DIR PROBLEMS FILE... - the result file `cairn solve` gives each
# input FILE against the problem sets in PROBLEMS, in DIR under the name
# the daemon would give it (hw1.yaml: hw1.result.yaml)
results() {
	dir=$1
	problems=$2
	shift 2
	mkdir -p "$dir"
	for f in "$@"; do
		base=${f##*/}
		set +e
		cairn solve --problems "$problems" "$f" \
			> "$dir/${base%.*}.result.${base##*.}"
		set -e
	done
}

# finish - the test's last line: every check passed (a failed one exited)
finish() {
	echo "$(basename "$0" .sh): $checks passed"
}
