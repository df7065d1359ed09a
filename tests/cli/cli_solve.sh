#!/bin/sh
# cli_solve - `cairn solve` and `cairn plugins` as a user runs them: the
# worked examples of doc/formats.md with every solver, files of both formats with
# good and bad puzzles, standard input, and every exit status.
set -eu
. "${top_srcdir:-.}/tests/lib.sh"
data="$top_srcdir/tests/data/solve"

# The worked examples of doc/formats.md, with every solver.
for solver in tuple2d diff2d diff1d linear; do
	while read -r piles diff alice bob wins first moves; do
		run 0 cairn solve --solver "$solver" --moves --piles "$piles"
		sed -n 's/^    \(solver\|diff\|alice\|bob\|alice_wins\|first_move\|moves\): //p' \
			"$tmp/out" | tr '\n' ' ' > "$tmp/got"
		echo >> "$tmp/got"
		same_text "$solver $alice $bob $diff $wins $first $moves " "$tmp/got"
	done <<-EOT
	5,3,4,5 1 9 8 true left LRRL
	1,2,3 2 4 2 true right RRL
	3,9,1,2 7 11 4 true right RLLL
	1,100,3 -96 4 100 false left LLL
	EOT
done

# The whole result for --piles, byte for byte.
run 0 cairn solve --solver linear --piles "5 3 4 5"
cat > "$tmp/want" <<'EOT'
format: cairn-result/1
source: "--piles"
status: ok
puzzles:
  - id: "#1"
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
summary: {puzzles: 1, solved: 1, errors: 0, graded: 0, correct: 0, wrong: 0, missing: 0, invalid: 0, score: null}
EOT
same_file "$tmp/want" "$tmp/out"

# Files: good and bad puzzles mixed, both CSV shapes, a file error.
for f in mixed.yaml headered.csv plain.csv; do
	run 0 cairn solve "$data/$f"
	same_file "$data/$f.expected" "$tmp/out"
done
run 65 cairn solve "$data/alias.yaml"
same_file "$data/alias.yaml.expected" "$tmp/out"
run 65 cairn solve "$data/notes.txt"
grep '^error: ' "$tmp/out" > "$tmp/line"
same_text 'error: "unsupported file type: the name must end in .yaml, .yml, .csv or .json"' "$tmp/line"

# Standard input: YAML by default, CSV with --csv; options override the file.
run 65 cairn solve -m -s linear - < "$data/plain.csv"
sed -n 's/^status: //p' "$tmp/out" > "$tmp/line"
same_text error "$tmp/line"
run 0 cairn solve --csv --moves -s linear - < "$data/plain.csv"
sed -n 2p "$tmp/out" > "$tmp/line"
same_text '#1,1,4,linear,17,9,8,1,alice,true,left,LRRL,,,,,,,,,,,' "$tmp/line"

# Usage errors (64), an unreadable file (66), configuration (78), plugins (69).
run 64 cairn solve
same_text "cairn solve: expected one FILE (or - for standard input)
Try 'cairn solve --help'." "$tmp/err"
run 64 cairn solve --piles "1 x"
same_text "cairn solve: --piles: \"x\" (pile 2) is not a 64-bit integer
Try 'cairn solve --help'." "$tmp/err"
run 64 cairn solve --piles "1 2" "$data/mixed.yaml"
run 64 cairn solve --bogus
same_text "cairn solve: unrecognized option '--bogus'
Try 'cairn solve --help'." "$tmp/err"
run 66 cairn solve "$tmp/none.yaml"
same_text "cairn solve: $tmp/none.yaml: No such file or directory" "$tmp/err"
run 78 "$cairn_bin" solve -c "$tmp/none.yaml" --piles 1
same_text "cairn: $tmp/none.yaml: No such file or directory" "$tmp/err"
run 69 "$cairn_bin" solve -c "$tmp/empty.yaml" --plugin-dir "$tmp" --piles 1
same_text "cairn: no usable solver plugin in $tmp" "$tmp/err"
run 0 cairn solve --help
head -1 "$tmp/out" > "$tmp/line"
same_text 'Usage: cairn solve [OPTIONS] FILE|-' "$tmp/line"

# cairn plugins lists what loaded.
run 0 cairn plugins
cut -c1-15 "$tmp/out" | sed 's/ *$//' > "$tmp/got"
same_text 'NAME       ABI
diff1d     1
diff2d     1
linear     1
tuple2d    1' "$tmp/got"

finish
