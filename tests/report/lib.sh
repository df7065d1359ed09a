# lib.sh - what the shell tests of `cairn report` share (after tests/lib.sh).

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
		"$cairn_bin" solve -c "$tmp/empty.yaml" --plugin-dir "$plugins" \
			--problems "$problems" "$f" \
			> "$dir/${base%.*}.result.${base##*.}"
		set -e
	done
}
