#!/bin/sh
# grade_crosscheck - cross_check: true with a deliberately wrong plugin.
#
# The wrong fixture plugin is the cheapest, so `auto` picks it; the
# cross-check solves again with a real solver, and the disagreement must
# become an error for that puzzle (never a verdict against the submitter)
# and a log line at level error.  Runs the real cairnd --once.
set -eu
. "${top_srcdir:-.}/tests/lib.sh"

mkdir -p "$tmp/plugins" "$tmp/spool/incoming"
cp "$plugins"/*.so "$top_builddir/tests/plugins/.libs/wrong.so" "$tmp/plugins/"
chmod 0755 "$tmp/plugins"/*.so
cat > "$tmp/conf.yaml" <<EOT
spool: $tmp/spool
plugin_dir: $tmp/plugins
instance: test
cross_check: true
fsync: false
EOT
cat > "$tmp/spool/incoming/hw.yaml" <<'EOT'
puzzles:
  - id: graded
    piles: [3, 9, 1, 2]
    expect: {diff: 7}
  - id: plain
    piles: [3, 9, 1, 2]
EOT

run 0 "$top_builddir/src/daemon/cairnd" --once -c "$tmp/conf.yaml"
sed -n '/^  - id: graded/,/^  - id: plain/p' "$tmp/spool/results/$(id -un)/hw.result.yaml" > "$tmp/got"
other=$(sed -n 's/.*; \([a-z0-9_]*\) gives diff 7.*/\1/p' "$tmp/got")
[ -n "$other" ] || fail "no second solver named in: $(cat "$tmp/got")"
same_text "  - id: graded
    line: 2
    error: \"solvers disagree: wrong gives diff 8, first_move right; $other gives diff 7, first_move right\"
  - id: plain" "$tmp/got"
grep 'msg=cross-check' "$tmp/err" | sed 's/^ts=[^ ]* //' > "$tmp/log"
same_text "level=error msg=cross-check file=hw.yaml error=\"solvers disagree: wrong gives diff 8, first_move right; $other gives diff 7, first_move right\"" "$tmp/log"
sed -n 's/^summary: //p' "$tmp/spool/results/$(id -un)/hw.result.yaml" > "$tmp/got"
same_text "{puzzles: 2, solved: 1, errors: 1, graded: 0, correct: 0, wrong: 0, missing: 0, invalid: 0, score: null}" "$tmp/got"

finish
