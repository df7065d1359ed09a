/*
 * check_yaml_in - the YAML puzzle reader and cairn_int_parse_i64.
 *
 * Each case is a file and the exact account cairn_value_dump() gives of
 * what the reader made of it, so every message is checked word for word
 * with its line, column and path.  Columns in the comments are 1-based.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_input.h"
#include "cairn_int.h"
#include "cairn_value.h"
#include "check_input.h"
#include "check_run.h"

struct yaml_case {
	const char *name;
	const char *text;
	const char *want;
};

static const struct yaml_case cases[] = {
	{ "one puzzle with every key",
	  "id: p1\n"
	  "solver: linear\n"
	  "moves: true\n"
	  "explain: False\n"
	  "expect:\n"
	  "  alice_wins: TRUE\n"
	  "  winner: alice\n"
	  "  alice: 9\n"
	  "  bob: \"8\"\n"
	  "  diff: +1\n"
	  "  first_move: left\n"
	  "  moves: LRRL\n"
	  "piles: [5, 3, 4, 5]\n",
	  "shape: puzzles\n"
	  "p1 @1 piles=5,3,4,5 solver=linear moves=true explain=false\n"
	  "  expect alice_wins=true winner=alice alice=9 bob=8 diff=1"
	  " first_move=left moves=LRRL\n" },

	{ "good and bad puzzles, in order",
	  "puzzles:\n"
	  "  - id: good1\n"
	  "    piles: [1, 2, 3]\n"
	  "  - id: bad1\n"
	  "    piles: [1, 2, 4.5]\n"		/* 4.5 at column 19 */
	  "  - piles: [7]\n"
	  "  - id: bad2\n"
	  "    piles: [1, x]\n"
	  "    expcet: {diff: 1}\n"
	  "  - id: bad3\n"
	  "    expcet: {diff: 1}\n"
	  "    piles: [2]\n"
	  "  - piles:\n"
	  "      - 8\n"
	  "      - 9\n",
	  "shape: puzzles\n"
	  "good1 @2 piles=1,2,3\n"
	  "bad1 @4 piles=-\n"
	  "  error: line 5, column 19: puzzles[1].piles[2]: \"4.5\" is not an integer\n"
	  "#3 @6 piles=7\n"
	  "bad2 @7 piles=-\n"
	  "  error: line 8, column 16: puzzles[3].piles[1]: \"x\" is not an integer\n"
	  "bad3 @10 piles=-\n"
	  "  error: line 11, column 5: puzzles[4]: unknown key \"expcet\"\n"
	  "#6 @13 piles=8,9\n" },

	{ "set defaults apply to puzzles that do not set their own",
	  "solver: diff2d\n"
	  "puzzles:\n"
	  "  - piles: [1]\n"
	  "  - piles: [2]\n"
	  "    solver: linear\n"
	  "    moves: false\n"
	  "    explain: true\n"
	  "moves: true\n",
	  "shape: puzzles\n"
	  "#1 @3 piles=1 solver=diff2d moves=true\n"
	  "#2 @4 piles=2 solver=linear moves=false explain=true\n" },

	{ "defaults of one set do not reach another document",
	  "explain: true\n"
	  "puzzles: [{piles: [1]}]\n"
	  "---\n"
	  "piles: [2]\n",
	  "shape: puzzles\n"
	  "#1 @2 piles=1 explain=true\n"
	  "#2 @4 piles=2\n" },

	{ "a stream of documents, ids counted across the file",
	  "piles: [1, 2]\n"
	  "---\n"
	  "id: second\n"
	  "piles: [3]\n"
	  "---\n"
	  "puzzles:\n"
	  "  - piles: [4]\n"
	  "  - piles: [5]\n"
	  "...\n"
	  "---\n"
	  "{piles: [6]}\n",
	  "shape: puzzles\n"
	  "#1 @1 piles=1,2\n"
	  "second @3 piles=3\n"
	  "#3 @7 piles=4\n"
	  "#4 @8 piles=5\n"
	  "#5 @11 piles=6\n" },

	{ "the shape key may come last",
	  "id: late\n"
	  "expect: {diff: -3}\n"
	  "solver: tuple2d\n"
	  "piles: [3]\n",
	  "shape: puzzles\n"
	  "late @1 piles=3 solver=tuple2d\n"
	  "  expect diff=-3\n" },

	{ "duplicate ids, given and default",
	  "id: p1\n"
	  "piles: [1]\n"
	  "---\n"
	  "puzzles:\n"
	  "  - id: p1\n"
	  "    piles: [2]\n"
	  "  - id: \"#4\"\n"
	  "    piles: [3]\n"
	  "  - piles: [4]\n"
	  "  - id: 5\n"
	  "    piles: [5]\n",
	  "shape: puzzles\n"
	  "p1 @1 piles=1\n"
	  "p1 @5 piles=-\n"
	  "  error: line 5, column 9: puzzles[0].id: duplicate id \"p1\" (first at line 1)\n"
	  "#4 @7 piles=3\n"
	  "#4 @9 piles=-\n"
	  "  error: line 9, column 5: puzzles[2]: duplicate id \"#4\" (first at line 7)\n"
	  "5 @10 piles=5\n" },

	{ "a duplicate id at the top of a document",
	  "id: a\npiles: [1]\n---\nid: a\npiles: [2]\n",
	  "shape: puzzles\n"
	  "a @1 piles=1\n"
	  "a @4 piles=-\n"
	  "  error: line 4, column 5: id: duplicate id \"a\" (first at line 1)\n" },

	{ "ids: numbers kept as text, non-scalars and empty refused",
	  "puzzles:\n"
	  "  - {id: 007, piles: [1]}\n"
	  "  - {id: [x], piles: [1]}\n"
	  "  - {id: '', piles: [1]}\n"
	  "  - {id: 'a \"b\"', piles: [1]}\n",
	  "shape: puzzles\n"
	  "007 @2 piles=1\n"
	  "#2 @3 piles=-\n"
	  "  error: line 3, column 10: puzzles[1].id: expected a non-empty string\n"
	  "#3 @4 piles=-\n"
	  "  error: line 4, column 10: puzzles[2].id: expected a non-empty string\n"
	  "a \"b\" @5 piles=1\n" },

	{ "solver must be a non-empty string",
	  "puzzles:\n"
	  "  - {piles: [1], solver: {a: 1}}\n"
	  "  - {piles: [1], solver: }\n",
	  "shape: puzzles\n"
	  "#1 @2 piles=-\n"
	  "  error: line 2, column 26: puzzles[0].solver: expected a non-empty string\n"
	  "#2 @3 piles=-\n"
	  "  error: line 3, column 26: puzzles[1].solver: expected a non-empty string\n" },

	{ "integers: accepted spellings",
	  "piles: [\"5\", +7, -0, 007, '-12', -9223372036854775808, 9223372036854775807]\n",
	  "shape: puzzles\n"
	  "#1 @1 piles=5,7,0,7,-12,-9223372036854775808,9223372036854775807\n" },

	{ "integers: refused spellings",
	  "puzzles:\n"
	  "  - piles: [0x10]\n"
	  "  - piles: [~]\n"
	  "  - piles: [abc]\n"
	  "  - piles: [9223372036854775808]\n"
	  "  - piles: [-9223372036854775809]\n"
	  "  - piles: [1e3]\n"
	  "  - piles: [ 1 , \" 2\"]\n"
	  "  - piles: ['a\"b\\']\n"
	  "  - piles: [[1]]\n"
	  "  - piles: [1, {a: 1}]\n"
	  "  - piles: [99999999999999999999999999999999999999999999999999999999999999999999]\n",
	  "shape: puzzles\n"
	  "#1 @2 piles=-\n"
	  "  error: line 2, column 13: puzzles[0].piles[0]: \"0x10\" is not an integer\n"
	  "#2 @3 piles=-\n"
	  "  error: line 3, column 13: puzzles[1].piles[0]: \"~\" is not an integer\n"
	  "#3 @4 piles=-\n"
	  "  error: line 4, column 13: puzzles[2].piles[0]: \"abc\" is not an integer\n"
	  "#4 @5 piles=-\n"
	  "  error: line 5, column 13: puzzles[3].piles[0]: \"9223372036854775808\" is out of the 64-bit integer range\n"
	  "#5 @6 piles=-\n"
	  "  error: line 6, column 13: puzzles[4].piles[0]: \"-9223372036854775809\" is out of the 64-bit integer range\n"
	  "#6 @7 piles=-\n"
	  "  error: line 7, column 13: puzzles[5].piles[0]: \"1e3\" is not an integer\n"
	  "#7 @8 piles=-\n"
	  "  error: line 8, column 18: puzzles[6].piles[1]: \" 2\" is not an integer\n"
	  "#8 @9 piles=-\n"
	  "  error: line 9, column 13: puzzles[7].piles[0]: \"a\\\"b\\\\\" is not an integer\n"
	  "#9 @10 piles=-\n"
	  "  error: line 10, column 13: puzzles[8].piles[0]: expected an integer\n"
	  "#10 @11 piles=-\n"
	  "  error: line 11, column 16: puzzles[9].piles[1]: expected an integer\n"
	  "#11 @12 piles=-\n"
	  "  error: line 12, column 13: puzzles[10].piles[0]: \"9999999999999999999999999999999999999999999999999999999999999999...\" is out of the 64-bit integer range\n" },

	{ "piles: not a sequence, empty",
	  "puzzles:\n"
	  "  - piles: 5\n"
	  "  - piles: {a: 1}\n"
	  "  - piles: []\n"
	  "  - piles:\n"		/* an empty value, where it would be */
	  "  - id: x\n",
	  "shape: puzzles\n"
	  "#1 @2 piles=-\n"
	  "  error: line 2, column 12: puzzles[0].piles: expected a sequence of integers\n"
	  "#2 @3 piles=-\n"
	  "  error: line 3, column 12: puzzles[1].piles: expected a sequence of integers\n"
	  "#3 @4 piles=-\n"
	  "  error: line 4, column 12: puzzles[2].piles: expected at least one pile\n"
	  "#4 @5 piles=-\n"
	  "  error: line 5, column 11: puzzles[3].piles: expected a sequence of integers\n"
	  "x @6 piles=-\n"
	  "  error: line 6, column 5: puzzles[4]: missing key \"piles\"\n" },

	{ "booleans",
	  "puzzles:\n"
	  "  - {piles: [1], moves: True, explain: FALSE}\n"
	  "  - {piles: [1], moves: maybe}\n"
	  "  - {piles: [1], explain: yes}\n"
	  "  - {piles: [1], moves: \"true\", explain: false}\n"
	  "  - {piles: [1], moves: [true]}\n",
	  "shape: puzzles\n"
	  "#1 @2 piles=1 moves=true explain=false\n"
	  "#2 @3 piles=-\n"
	  "  error: line 3, column 25: puzzles[1].moves: \"maybe\" is not a boolean (true or false)\n"
	  "#3 @4 piles=-\n"
	  "  error: line 4, column 27: puzzles[2].explain: \"yes\" is not a boolean (true or false)\n"
	  "#4 @5 piles=1 moves=true explain=false\n"
	  "#5 @6 piles=-\n"
	  "  error: line 6, column 25: puzzles[4].moves: expected a boolean (true or false)\n" },

	{ "unknown and duplicate keys in a top-level puzzle",
	  "piles: [1]\n"
	  "expcet: {diff: 1}\n"
	  "---\n"
	  "piles: [2]\n"
	  "piles: [3]\n"
	  "---\n"
	  "piles: [4]\n"
	  "? [a]\n"
	  ": 1\n"
	  "---\n"
	  "piles: [5]\n"
	  "answers: {p1: {diff: 1}}\n",
	  "shape: puzzles\n"
	  "#1 @1 piles=-\n"
	  "  error: line 2, column 1: unknown key \"expcet\"\n"
	  "#2 @4 piles=-\n"
	  "  error: line 5, column 1: duplicate key \"piles\"\n"
	  "#3 @7 piles=-\n"
	  "  error: line 8, column 3: a key must be a scalar\n"
	  "#4 @11 piles=-\n"
	  "  error: line 12, column 1: unknown key \"answers\"\n" },

	{ "points: puzzles of a set only, integers from 0 to 10^9",
	  "puzzles:\n"
	  "  - {id: a, piles: [1], points: 3}\n"
	  "  - {id: b, piles: [1], points: 0}\n"
	  "  - {id: c, piles: [1], points: \"1000000000\"}\n"
	  "  - {id: d, piles: [1], points: -1}\n"
	  "  - {id: e, piles: [1], points: 1000000001}\n"
	  "  - {id: f, piles: [1], points: 2.5}\n"
	  "  - {id: g, piles: [1]}\n"
	  "---\n"
	  "{piles: [2], points: 1}\n",
	  "shape: puzzles\n"
	  "a @2 piles=1 points=3\n"
	  "b @3 piles=1 points=0\n"
	  "c @4 piles=1 points=1000000000\n"
	  "d @5 piles=-\n"
	  "  error: line 5, column 33: puzzles[3].points: expected points from "
	  "0 to 1000000000, not -1\n"
	  "e @6 piles=-\n"
	  "  error: line 6, column 33: puzzles[4].points: expected points from "
	  "0 to 1000000000, not 1000000001\n"
	  "f @7 piles=-\n"
	  "  error: line 7, column 33: puzzles[5].points: \"2.5\" is not an "
	  "integer\n"
	  "g @8 piles=1\n"
	  "#8 @10 piles=-\n"
	  "  error: line 10, column 14: unknown key \"points\"\n" },

	{ "a puzzle that is not a mapping",
	  "puzzles:\n"
	  "  - [1, 2]\n"
	  "  - 5\n"
	  "  - piles: [3]\n",
	  "shape: puzzles\n"
	  "#1 @2 piles=-\n"
	  "  error: line 2, column 5: puzzles[0]: expected a mapping\n"
	  "#2 @3 piles=-\n"
	  "  error: line 3, column 5: puzzles[1]: expected a mapping\n"
	  "#3 @4 piles=3\n" },

	{ "expect: every malformed form",
	  "puzzles:\n"
	  "  - {piles: [1], expect: 3}\n"
	  "  - {piles: [1], expect: {diff: 1, winner: carol}}\n"
	  "  - {piles: [1], expect: {dif: 1, first_move: up, bob: 2}}\n"
	  "  - {piles: [1], expect: {moves: '', first_move: right}}\n"
	  "  - {piles: [1], expect: {moves: LRx}}\n"
	  "  - {piles: [1], expect: {alice: 4.5, bob: 99999999999999999999}}\n"
	  "  - {piles: [1], expect: {diff: [1], alice_wins: true}}\n"
	  "  - {piles: [1], expect: {diff: 1, diff: 2}}\n"
	  "  - {piles: [1], expect: {alice_wins: maybe, winner: tie}}\n"
	  "  - {piles: [1], expect: {first_move: {a: b}}}\n"
	  "  - {piles: [1], expect: {}}\n",
	  "shape: puzzles\n"
	  "#1 @2 piles=1\n"
	  "  expect\n"
	  "  invalid: line 2, column 26: puzzles[0].expect: expected a mapping\n"
	  "#2 @3 piles=1\n"
	  "  expect diff=1\n"
	  "  invalid: line 3, column 44: puzzles[1].expect.winner: \"carol\" is not one of alice, bob, tie\n"
	  "#3 @4 piles=1\n"
	  "  expect bob=2\n"
	  "  invalid: line 4, column 27: puzzles[2].expect: unknown key \"dif\"\n"
	  "#4 @5 piles=1\n"
	  "  expect first_move=right\n"
	  "  invalid: line 5, column 34: puzzles[3].expect.moves: \"\" is not a string of L and R\n"
	  "#5 @6 piles=1\n"
	  "  expect\n"
	  "  invalid: line 6, column 34: puzzles[4].expect.moves: \"LRx\" is not a string of L and R\n"
	  "#6 @7 piles=1\n"
	  "  expect\n"
	  "  invalid: line 7, column 34: puzzles[5].expect.alice: \"4.5\" is not an integer\n"
	  "#7 @8 piles=1\n"
	  "  expect alice_wins=true\n"
	  "  invalid: line 8, column 33: puzzles[6].expect.diff: expected an integer\n"
	  "#8 @9 piles=1\n"
	  "  expect diff=1\n"
	  "  invalid: line 9, column 36: puzzles[7].expect: duplicate key \"diff\"\n"
	  "#9 @10 piles=1\n"
	  "  expect winner=tie\n"
	  "  invalid: line 10, column 39: puzzles[8].expect.alice_wins: \"maybe\" is not a boolean (true or false)\n"
	  "#10 @11 piles=1\n"
	  "  expect\n"
	  "  invalid: line 11, column 39: puzzles[9].expect.first_move: expected one of left, right\n"
	  "#11 @12 piles=1\n"
	  "  expect\n" },

	{ "a submission",
	  "answers:\n"
	  "  p1: {diff: 1, winner: alice}\n"
	  "  p2:\n"
	  "    moves: LRX\n"
	  "    first_move: right\n"
	  "  p3: 5\n"
	  "  p1: {diff: 2}\n"
	  "  p4: {}\n"
	  "  p5: {moves: LR, bob: -1, color: red}\n"
	  "problem_set: hw1\n"
	  "submitter: \"Bob B\"\n",
	  "shape: submission\n"
	  "problem_set: hw1\n"
	  "submitter: Bob B\n"
	  "p1 @2 piles=-\n"
	  "  expect winner=alice diff=1\n"
	  "p2 @3 piles=-\n"
	  "  expect first_move=right\n"
	  "  invalid: line 4, column 12: answers.p2.moves: \"LRX\" is not a string of L and R\n"
	  "p3 @6 piles=-\n"
	  "  expect\n"
	  "  invalid: line 6, column 7: answers.p3: expected a mapping\n"
	  "p1 @7 piles=-\n"
	  "  expect diff=2\n"
	  "p4 @8 piles=-\n"
	  "  expect\n"
	  "p5 @9 piles=-\n"
	  "  expect bob=-1 moves=LR\n"
	  "  invalid: line 9, column 28: answers.p5: unknown key \"color\"\n" },

	{ "a submission without answers",
	  "problem_set: hw2\n",
	  "shape: submission\n"
	  "problem_set: hw2\n" },

	{ "submission: errors at its level are file errors",
	  "problem_set: hw1\n"
	  "answers: {p1: {diff: 1}}\n"
	  "answer: {}\n",
	  "file error (line 3): line 3, column 1: unknown key \"answer\"\n"
	  "shape: none\n"
	  "problem_set: hw1\n" },

	{ "submission: answers must be a mapping",
	  "problem_set: hw1\n"
	  "answers: [p1]\n",
	  "file error (line 2): line 2, column 10: answers: expected a mapping\n"
	  "shape: none\n"
	  "problem_set: hw1\n" },

	{ "submission: an answer key must be a scalar",
	  "problem_set: hw1\n"
	  "answers:\n"
	  "  ? [p1]\n"
	  "  : {diff: 1}\n",
	  "file error (line 3): line 3, column 5: answers: a key must be a scalar\n"
	  "shape: none\n"
	  "problem_set: hw1\n" },

	/* Issue 11: "warmup\0junk" was graded as the answer for warmup. */
	{ "a \\0 escape in an answer's id is an error at its place",
	  "problem_set: hw1\n"
	  "answers:\n"
	  "  p1: {diff: 1}\n"
	  "  \"warmup\\0junk\": {diff: 1}\n",
	  "file error (line 4): line 4, column 3: a NUL character is not allowed\n"
	  "shape: none\n"
	  "problem_set: hw1\n" },

	{ "a \\0 escape in an id, a submitter or a problem set",
	  "piles: [1]\n"
	  "id: \"a\\0\"\n",
	  "file error (line 2): line 2, column 5: a NUL character is not allowed\n"
	  "shape: none\n" },

	{ "C1 controls, NEL, LS, PS and noncharacters through escapes are text",
	  "piles: [1]\n"
	  "id: \"\\x80\\N\\L\\P\\uFEFF\\uFFFE\\uFFFF\\U0010FFFF\"\n",
	  "shape: puzzles\n"
	  "\xc2\x80\xc2\x85\xe2\x80\xa8\xe2\x80\xa9\xef\xbb\xbf\xef\xbf\xbe"
	  "\xef\xbf\xbf\xf4\x8f\xbf\xbf @1 piles=1\n" },

	{ "submission: problem_set must be a string",
	  "problem_set: [hw1]\n",
	  "file error (line 1): line 1, column 14: problem_set: expected a non-empty string\n"
	  "shape: none\n" },

	{ "a submission mixed with puzzles",
	  "piles: [1]\n"
	  "---\n"
	  "problem_set: hw1\n",
	  "file error (line 3): line 3, column 1: a submission must be the only document in its file\n"
	  "shape: none\n" },

	{ "two submissions",
	  "problem_set: hw1\n"
	  "---\n"
	  "problem_set: hw1\n",
	  "file error (line 3): line 3, column 1: a submission must be the only document in its file\n"
	  "shape: none\n"
	  "problem_set: hw1\n" },

	{ "puzzles after a submission",
	  "problem_set: hw1\n"
	  "---\n"
	  "puzzles: [{piles: [1]}]\n",
	  "file error (line 3): line 3, column 1: a submission must be the only document in its file\n"
	  "shape: none\n"
	  "problem_set: hw1\n" },

	{ "set: unknown key is a file error",
	  "puzzles:\n"
	  "  - piles: [1]\n"
	  "solvr: x\n",
	  "file error (line 3): line 3, column 1: unknown key \"solvr\"\n"
	  "shape: none\n" },

	{ "set: a bad default is a file error",
	  "moves: maybe\n"
	  "puzzles: [{piles: [1]}]\n",
	  "file error (line 1): line 1, column 8: moves: \"maybe\" is not a boolean (true or false)\n"
	  "shape: none\n" },

	{ "set: puzzles must be a sequence",
	  "puzzles: {piles: [1]}\n",
	  "file error (line 1): line 1, column 10: puzzles: expected a sequence of puzzles\n"
	  "shape: none\n" },

	{ "set: piles beside puzzles",
	  "puzzles: [{piles: [1]}]\n"
	  "piles: [2]\n",
	  "file error (line 2): line 2, column 1: unknown key \"piles\"\n"
	  "shape: none\n" },

	{ "a document that is not a mapping",
	  "- piles: [1]\n",
	  "file error (line 1): line 1, column 1: a document must be a mapping: a puzzle, a set or a submission\n"
	  "shape: none\n" },

	{ "an empty document after a puzzle",
	  "piles: [1]\n"
	  "---\n"
	  "---\n"
	  "piles: [2]\n",
	  "file error (line 3): line 3, column 1: a document must be a mapping: a puzzle, a set or a submission\n"
	  "shape: none\n" },

	{ "a mapping of no known shape",
	  "id: p1\n"
	  "pils: [1, 2]\n",
	  "file error (line 1): line 1, column 1: a document must have \"piles\" (a puzzle), \"puzzles\" (a set) or \"problem_set\" (a submission)\n"
	  "shape: none\n" },

	{ "an anchor",
	  "piles: &a [1]\n",
	  "file error (line 1): line 1, column 8: anchors and aliases are not allowed\n"
	  "shape: none\n" },

	{ "an alias",
	  "piles: [1, *x]\n",
	  "file error (line 1): line 1, column 12: anchors and aliases are not allowed\n"
	  "shape: none\n" },

	{ "an anchor in a skipped subtree",
	  "piles: [1]\n"
	  "junk: {a: &b 1}\n",
	  "file error (line 2): line 2, column 11: anchors and aliases are not allowed\n"
	  "shape: none\n" },

	{ "a file error after good puzzles drops them",
	  "piles: [1]\n"
	  "---\n"
	  "piles: [2\n",
	  "file error (line 4): line 4, column 1: did not find expected ',' or ']' (while parsing a flow sequence at line 3, column 8)\n"
	  "shape: none\n" },

	{ "invalid YAML without a context",
	  "piles: a: b\n",
	  "file error (line 1): line 1, column 9: mapping values are not allowed in this context\n"
	  "shape: none\n" },

	{ "invalid YAML: a tab",
	  "\tpiles: [1]\n",
	  "file error (line 1): line 1, column 1: found character that cannot start any token (while scanning for the next token at line 1, column 1)\n"
	  "shape: none\n" },

	{ "invalid UTF-8",
	  "piles: [1]\n"
	  "id: \xff\n",
	  "file error (line 2): line 2, column 5: invalid leading UTF-8 octet\n"
	  "shape: none\n" },

	{ "a BOM is skipped and does not shift columns",
	  "\xef\xbb\xbfpiles: [1, x]\n",
	  "shape: puzzles\n"
	  "#1 @1 piles=-\n"
	  "  error: line 1, column 12: piles[1]: \"x\" is not an integer\n" },

	{ "CRLF line ends",
	  "id: p1\r\npiles:\r\n  - 1\r\n  - y\r\n",
	  "shape: puzzles\n"
	  "p1 @1 piles=-\n"
	  "  error: line 4, column 5: piles[1]: \"y\" is not an integer\n" },

	{ "an empty file",
	  "",
	  "file error (line 0): no puzzles in file\n"
	  "shape: none\n" },

	{ "only a comment",
	  "# nothing here\n",
	  "file error (line 0): no puzzles in file\n"
	  "shape: none\n" },

	{ "an empty set",
	  "puzzles: []\n",
	  "file error (line 0): no puzzles in file\n"
	  "shape: none\n" },
};

START_TEST(yaml_cases)
{
	const struct yaml_case *c = &cases[_i];

	expect_dump(c->name, c->text, strlen(c->text), 1000, 1u << 20, c->want);
}
END_TEST

START_TEST(max_piles)
{
	static const char text[] =
		"puzzles:\n"
		"  - piles: [1, 2, 3]\n"
		"  - piles: [1, 2, 3, 4, 5]\n"
		"  - piles: [4]\n";

	expect_dump("max_piles 3", text, strlen(text), 3, 1000,
		    "shape: puzzles\n"
		    "#1 @2 piles=1,2,3\n"
		    "#2 @3 piles=-\n"
		    "  error: line 3, column 22: puzzles[1].piles: more than 3 piles (max_piles)\n"
		    "#3 @4 piles=4\n");
}
END_TEST

START_TEST(max_file_bytes)
{
	static const char text[] = "piles: [1]\n";	/* 11 bytes */

	expect_dump("at the limit", text, 11, 10, 11,
		    "shape: puzzles\n"
		    "#1 @1 piles=1\n");
	expect_dump("over the limit", text, 11, 10, 10,
		    "file error (line 0): file is 11 bytes, more than max_file_bytes (10)\n"
		    "shape: none\n");
}
END_TEST

START_TEST(embedded_nul)
{
	static const char text[] = "piles: [1]\nid: a\0b\n";

	expect_dump("NUL byte", text, sizeof text - 1, 10, 100,
		    "file error (line 2): line 2, column 6: control characters are not allowed\n"
		    "shape: none\n");
}
END_TEST

/* nested - "piles: [1]\njunk: " and `levels` nested flow sequences */
static char *nested(int levels)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	int i;

	cairn_buf_adds(&b, "piles: [1]\njunk: ");
	for (i = 0; i < levels; i++)
		cairn_buf_addc(&b, '[');
	for (i = 0; i < levels; i++)
		cairn_buf_addc(&b, ']');
	cairn_buf_addc(&b, '\n');
	return cairn_buf_steal(&b);
}

START_TEST(depth)
{
	/* The document's mapping is level 1, so 63 sequences reach 64. */
	char *ok = nested(63), *deep = nested(64);

	expect_dump("depth 64", ok, strlen(ok), 10, 1000,
		    "shape: puzzles\n"
		    "#1 @1 piles=-\n"
		    "  error: line 2, column 1: unknown key \"junk\"\n");
	/* The 64th '[' (level 65) is at column 6 + 64. */
	expect_dump("depth 65", deep, strlen(deep), 10, 1000,
		    "file error (line 2): line 2, column 70: nesting deeper than 64 levels\n"
		    "shape: none\n");
	free(ok);
	free(deep);
}
END_TEST

START_TEST(many_puzzles)
{
	struct cairn_limits lim = { 10, 1u << 20 };
	struct cairn_buf b = CAIRN_BUF_INIT;
	struct cairn_input in;
	size_t i;

	/* Enough ids to grow the duplicate table several times. */
	cairn_buf_adds(&b, "puzzles:\n");
	for (i = 0; i < 1000; i++)
		cairn_buf_addf(&b, "  - {id: q%zu, piles: [%zu]}\n", i % 700, i);
	cairn_puzzle_input_init(&in, "t.yaml", CAIRN_FORMAT_YAML);
	cairn_yaml_in_read(&in, b.data, b.len, &lim);
	ck_assert_ptr_null(in.error);
	ck_assert_uint_eq(in.npuzzles, 1000);
	for (i = 0; i < 1000; i++) {
		ck_assert_uint_eq(in.puzzles[i].line, i + 2);
		if (i < 700) {
			ck_assert_ptr_null(in.puzzles[i].error);
			ck_assert_int_eq(in.puzzles[i].piles[0], (int64_t)i);
		} else {
			ck_assert_ptr_nonnull(in.puzzles[i].error);
		}
	}
	ck_assert_str_eq(in.puzzles[999].error,
			 "line 1001, column 10: puzzles[999].id: duplicate id \"q299\" (first at line 301)");
	cairn_puzzle_input_free(&in);
	cairn_buf_free(&b);
}
END_TEST

struct i64_case {
	const char *text;
	int rc;
	int64_t value;
};

static const struct i64_case i64_cases[] = {
	{ "0", 0, 0 },
	{ "-0", 0, 0 },
	{ "+0", 0, 0 },
	{ "42", 0, 42 },
	{ "-42", 0, -42 },
	{ "+42", 0, 42 },
	{ "01", 0, 1 },
	{ "0000000000000000000000000000007", 0, 7 },
	{ "-000000000000000000009223372036854775808", 0, INT64_MIN },
	{ "123456789012345678", 0, 123456789012345678 },
	{ "1234567890123456789", 0, 1234567890123456789 },
	{ "9223372036854775807", 0, INT64_MAX },
	{ "+9223372036854775807", 0, INT64_MAX },
	{ "-9223372036854775807", 0, -INT64_MAX },
	{ "-9223372036854775808", 0, INT64_MIN },
	{ "9223372036854775808", -ERANGE, 0 },
	{ "-9223372036854775809", -ERANGE, 0 },
	{ "9223372036854775810", -ERANGE, 0 },
	{ "18446744073709551616", -ERANGE, 0 },
	{ "99999999999999999999999999", -ERANGE, 0 },
	{ "99999999999999999999999999x", -EINVAL, 0 },
	{ "", -EINVAL, 0 },
	{ "+", -EINVAL, 0 },
	{ "-", -EINVAL, 0 },
	{ "+-1", -EINVAL, 0 },
	{ "--1", -EINVAL, 0 },
	{ " 1", -EINVAL, 0 },
	{ "1 ", -EINVAL, 0 },
	{ "1e3", -EINVAL, 0 },
	{ "4.5", -EINVAL, 0 },
	{ "0x10", -EINVAL, 0 },
	{ "1_000", -EINVAL, 0 },
	{ "/", -EINVAL, 0 },		/* '0' - 1 */
	{ ":", -EINVAL, 0 },		/* '9' + 1 */
	{ "\xd9\xa3", -EINVAL, 0 },	/* ARABIC-INDIC DIGIT THREE */
};

START_TEST(parse_i64)
{
	const struct i64_case *c = &i64_cases[_i];
	int64_t v = 12345;
	int rc = cairn_int_parse_i64(c->text, strlen(c->text), &v);

	ck_assert_msg(rc == c->rc, "\"%s\": rc %d, want %d", c->text, rc, c->rc);
	if (rc == 0)
		ck_assert_msg(v == c->value, "\"%s\": %lld", c->text, (long long)v);
	else
		ck_assert_msg(v == 12345, "\"%s\": *out written on error", c->text);
}
END_TEST

START_TEST(parse_i64_length)
{
	int64_t v = 0;

	/* Only s[0..len) counts: what follows is not read. */
	ck_assert_int_eq(cairn_int_parse_i64("123x", 3, &v), 0);
	ck_assert_int_eq(v, 123);
	ck_assert_int_eq(cairn_int_parse_i64("-5", 1, &v), -EINVAL);
}
END_TEST

static Suite *yaml_suite(void)
{
	Suite *s = suite_create("yaml_in");
	TCase *tc = tcase_create("reader");

	tcase_add_loop_test(tc, yaml_cases, 0, sizeof cases / sizeof cases[0]);
	tcase_add_test(tc, max_piles);
	tcase_add_test(tc, max_file_bytes);
	tcase_add_test(tc, embedded_nul);
	tcase_add_test(tc, depth);
	tcase_add_test(tc, many_puzzles);
	suite_add_tcase(s, tc);
	tc = tcase_create("parse_i64");
	tcase_add_loop_test(tc, parse_i64, 0,
			    sizeof i64_cases / sizeof i64_cases[0]);
	tcase_add_test(tc, parse_i64_length);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	check_reader = cairn_yaml_in_read;
	check_source = "t.yaml";
	return cairn_check_run(yaml_suite());
}
