#!/bin/sh
# generate - `cairn generate` as an instructor runs it: the set loads as
# a problem set as it is (`cairn grade` of a submission written from its
# answer key is all correct, `cairn solve` agrees with the key), the same
# seed gives the same bytes and another seed another set, and bad options
# and impossible requests give their exact errors and exit statuses.
set -eu
. "${top_srcdir:-.}/tests/lib.sh"
mkdir "$tmp/problems"

# key_submission SET - a submission answering every puzzle from the key
key_submission() {
	echo "problem_set: gen"
	echo "answers:"
	sed -n 's/^  # \([^:]*\): alice \(-*[0-9]*\), bob \(-*[0-9]*\), diff \(-*[0-9]*\), line \([LR ]*\).*/\1 \2 \3 \4 \5/p' "$1" |
	while read -r id alice bob diff line; do
		echo "  $id: {alice: $alice, bob: $bob, diff: $diff, moves: $(echo "$line" | tr -d ' ')}"
	done
}

# Several requests: each set loads, and the key is right for every puzzle.
for req in greedy-fails,unique-line bob-wins tie,both-optimal first-right; do
	run 0 cairn generate --count 7 --piles 5-9 --values -5..12 --require "$req" --seed 11 --points 2
	cp "$tmp/out" "$tmp/problems/gen.yaml"
	key_submission "$tmp/problems/gen.yaml" > "$tmp/sub.yaml"
	run 0 cairn grade --problems "$tmp/problems" "$tmp/sub.yaml"
	same_text "$tmp/sub.yaml: graded=7 correct=7 wrong=0 missing=0 invalid=0 score=1.0 points=14/14" "$tmp/out"
	# `cairn solve --moves` plays the key's lines (the same tie-break).
	run 0 cairn solve --moves "$tmp/problems/gen.yaml"
	sed -n 's/^    moves: //p' "$tmp/out" > "$tmp/solved"
	sed -n 's/^  # .*, line \([LR ]*\).*/\1/p' "$tmp/problems/gen.yaml" | tr -d ' ' > "$tmp/keyed"
	same_file "$tmp/keyed" "$tmp/solved"
	grep -c '^    moves: ' "$tmp/out" > "$tmp/n" || true
	same_text 7 "$tmp/n"
done

# The header is the command that writes the same bytes again.
run 0 cairn generate --seed 5 --require unique-line --count 3 --id-prefix hw1-
head -n 2 "$tmp/out" > "$tmp/head"
same_text "# cairn generate --count 3 --piles 8 --values 1..20 --require unique-line --seed 5 --id-prefix hw1-
# Answer key (optimal play, ties towards L) above each puzzle." "$tmp/head"
cp "$tmp/out" "$tmp/a.yaml"
run 0 cairn generate --count 3 --piles 8 --values 1..20 --require unique-line --seed 5 --id-prefix hw1-
same_file "$tmp/a.yaml" "$tmp/out"
grep -c '^  - id: hw1-[123]$' "$tmp/out" > "$tmp/n" || true
same_text 3 "$tmp/n"
run 0 cairn generate --seed 6 --require unique-line --count 3 --id-prefix hw1-
checks=$((checks + 1))
cmp -s "$tmp/a.yaml" "$tmp/out" && fail "seeds 5 and 6 gave the same set"
# Without --seed, the header says which seed was taken.
run 0 cairn generate --count 2
seed=$(sed -n '1s/.* --seed \([0-9]*\).*/\1/p' "$tmp/out")
cp "$tmp/out" "$tmp/b.yaml"
run 0 cairn generate --count 2 --seed "$seed"
same_file "$tmp/b.yaml" "$tmp/out"

# The same bytes on every machine: seed 1's first puzzle and key.
run 0 cairn generate --seed 1 --count 1 --require greedy-fails
same_text "# cairn generate --count 1 --piles 8 --values 1..20 --require greedy-fails --seed 1
# Answer key (optimal play, ties towards L) above each puzzle.
puzzles:
  # p1: alice 59, bob 20, diff 39, line L L L L L L L L; greedy gets diff 29
  - id: p1
    piles: [20, 11, 16, 2, 9, 6, 14, 1]" "$tmp/out"

# Impossible requests: contradictions at once (64), the rest after the draws (65).
expect_error() {
	status=$1 msg=$2
	shift 2
	run "$status" cairn generate "$@"
	same_text "$msg" "$tmp/err"
	same_file /dev/null "$tmp/out"
}
hint="Try 'cairn generate --help'."
expect_error 64 "cairn generate: --require: alice-wins and bob-wins contradict each other
$hint" --require alice-wins,bob-wins
expect_error 64 "cairn generate: --require: alice-wins and tie contradict each other
$hint" --require tie,alice-wins
expect_error 64 "cairn generate: --require: unique-line and both-optimal contradict each other: a line with a choice of first move is not unique
$hint" --require unique-line,both-optimal
expect_error 64 "cairn generate: --require: first-left and first-right contradict each other
$hint" --require first-left,first-right
expect_error 65 "cairn generate: no puzzle with bob-wins among 200000 draws of 1 pile in 1..9: a single pile always goes to Alice" \
	--piles 1 --values 1..9 --require bob-wins
expect_error 65 "cairn generate: no puzzle with tie among 200000 draws of 1 pile in 1..9: a single pile goes to Alice, and none is 0" \
	--piles 1 --values 1..9 --require tie
expect_error 65 "cairn generate: no puzzle with greedy-fails,unique-line among 200000 draws of 2-4 piles in 1..20" \
	--piles 2-4 --require greedy-fails,unique-line

# Bad options name the option and what was expected.
expect_error 64 "cairn generate: --piles: \"0\": expected N or N-M with 1 <= N <= M <= 100
$hint" --piles 0
expect_error 64 "cairn generate: --piles: \"9-3\": expected N or N-M with 1 <= N <= M <= 100
$hint" --piles 9-3
expect_error 64 "cairn generate: --values: \"1-20\": expected A..B with A <= B, both within -10^15..10^15
$hint" --values 1-20
expect_error 64 "cairn generate: --count: \"0\": expected a number of puzzles in 1..10000
$hint" --count 0
expect_error 64 "cairn generate: --require: unknown property \"greedy\": expected alice-wins, bob-wins, tie, greedy-fails, unique-line, both-optimal, first-left or first-right
$hint" --require tie,greedy
expect_error 64 "cairn generate: --seed: \"-1\": expected a number in 0..18446744073709551615
$hint" --seed -1
expect_error 64 "cairn generate: --points: \"x\": expected a non-negative integer
$hint" --points x
expect_error 64 "cairn generate: --id-prefix: \"a b\": expected up to 64 letters, digits, '_', '-' or '.', starting with a letter, a digit or '_'
$hint" --id-prefix "a b"
expect_error 64 "cairn generate: unexpected argument \"extra\"
$hint" extra
run 0 cairn generate --help
head -n 1 "$tmp/out" > "$tmp/first"
same_text "Usage: cairn generate [OPTIONS]" "$tmp/first"
run 0 "$cairn_bin" --help
grep -c '^  generate ' "$tmp/out" > "$tmp/n" || true
same_text 1 "$tmp/n"

finish
