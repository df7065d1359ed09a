#!/bin/sh
# cli_options - the options common to all commands stand before the command
# (`cairn -c FILE solve ...`) as well as after it, in every spelling
# getopt_long() takes after it, and bad ones there are usage errors.
set -eu
. "${top_srcdir:-.}/tests/lib.sh"

# The reference: the options after the command.
run 0 "$cairn_bin" solve -c "$tmp/empty.yaml" --plugin-dir "$plugins" --solver linear --piles "5 3 4 5"
cp "$tmp/out" "$tmp/after"

# Before the command, separate and attached values, long and short.
run 0 "$cairn_bin" -c "$tmp/empty.yaml" --plugin-dir "$plugins" solve --solver linear --piles "5 3 4 5"
same_file "$tmp/after" "$tmp/out"
run 0 "$cairn_bin" -c"$tmp/empty.yaml" --plugin-dir="$plugins" solve --solver linear --piles "5 3 4 5"
same_file "$tmp/after" "$tmp/out"
run 0 "$cairn_bin" --config="$tmp/empty.yaml" --plugin-d "$plugins" solve --solver linear --piles "5 3 4 5"
same_file "$tmp/after" "$tmp/out"
# Split around the command.
run 0 "$cairn_bin" --config "$tmp/empty.yaml" solve --plugin-dir "$plugins" --solver linear --piles "5 3 4 5"
same_file "$tmp/after" "$tmp/out"

# The option before the command really is used: a missing -c file is 78,
# a plugin directory without plugins is 69, --problems finds the set.
run 78 "$cairn_bin" -c "$tmp/none.yaml" solve --piles 1
same_text "cairn: $tmp/none.yaml: No such file or directory" "$tmp/err"
run 69 "$cairn_bin" -c "$tmp/empty.yaml" --plugin-dir "$tmp" plugins
same_text "cairn: no usable solver plugin in $tmp" "$tmp/err"
mkdir "$tmp/sets"
printf 'puzzles:\n  - {id: a, piles: [1, 2, 3]}\n' > "$tmp/sets/hw.yaml"
printf 'problem_set: hw\nanswers:\n  a: {diff: 2}\n' > "$tmp/sub.yaml"
run 0 "$cairn_bin" --problems "$tmp/sets" -c "$tmp/empty.yaml" --plugin-dir "$plugins" grade "$tmp/sub.yaml"
same_text "$tmp/sub.yaml: graded=1 correct=1 wrong=0 missing=0 invalid=0 score=1.0 points=1/1" "$tmp/out"

# --help and --version before the command answer for cairn itself.
run 0 "$cairn_bin" -c "$tmp/empty.yaml" --help
head -1 "$tmp/out" > "$tmp/line"
same_text 'Usage: cairn [OPTIONS] COMMAND [OPTIONS] [ARGS]' "$tmp/line"
run 0 "$cairn_bin" --version solve
grep -c '^cairn [0-9]' "$tmp/out" > "$tmp/line"
same_text 1 "$tmp/line"

# Usage errors before the command.
run 64 "$cairn_bin" -x solve --piles 1
same_text 'cairn: unknown option "-x" before the command
Try '\''cairn --help'\''.' "$tmp/err"
run 64 "$cairn_bin" --p "$plugins" solve --piles 1
same_text 'cairn: ambiguous option "--p" before the command
Try '\''cairn --help'\''.' "$tmp/err"
run 64 "$cairn_bin" -c
same_text 'cairn: option "-c" requires a value
Try '\''cairn --help'\''.' "$tmp/err"
run 64 "$cairn_bin" -c "$tmp/empty.yaml"
same_text 'cairn: expected a command after the options
Try '\''cairn --help'\''.' "$tmp/err"
run 64 "$cairn_bin" -c "$tmp/empty.yaml" bogus
same_text 'cairn: unknown command "bogus"
Try '\''cairn --help'\''.' "$tmp/err"
# A command's own option before the command is not common: refused.
run 64 "$cairn_bin" --moves solve --piles 1
same_text 'cairn: unknown option "--moves" before the command
Try '\''cairn --help'\''.' "$tmp/err"

finish
