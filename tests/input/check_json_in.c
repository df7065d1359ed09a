/*
 * check_json_in - the JSON puzzle reader.
 *
 * Each case is a file and the exact account cairn_value_dump() gives
 * of what the reader made of it: the three shapes, values that read as
 * the same text would in YAML (quoted integers, booleans, null), the YAML
 * grammar's own rules and places (unknown and duplicate keys, exact
 * int64, max_piles, nesting), and JSON's: syntax, escapes, surrogate
 * pairs, raw controls, NUL and invalid UTF-8, one value per file, a BOM.
 * Columns in the messages are 1-based and count characters.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_input.h"
#include "cairn_value.h"
#include "check_input.h"
#include "check_run.h"

struct json_case {
	const char *name;
	const char *text;
	size_t len;			/* 0: strlen(text) */
	const char *want;
};

static const struct json_case cases[] = {
	{ "a puzzle with every key",
	  "{\"id\": \"p1\", \"solver\": \"linear\", \"moves\": true, \"explain\": false,\n"
	  " \"expect\": {\"alice_wins\": true, \"winner\": \"alice\", \"alice\": 9,\n"
	  "  \"bob\": \"8\", \"diff\": 1, \"first_move\": \"left\", \"moves\": \"LRRL\"},\n"
	  " \"piles\": [5, 3, 4, 5]}", 0,
	  "shape: puzzles\n"
	  "p1 @1 piles=5,3,4,5 solver=linear moves=true explain=false\n"
	  "  expect alice_wins=true winner=alice alice=9 bob=8 diff=1"
	  " first_move=left moves=LRRL\n" },

	{ "a set, with defaults and errors in place",
	  "{\"solver\": \"diff1d\", \"puzzles\": [\n"
	  "  {\"id\": \"a\", \"piles\": [1, -2, \"3\"]},\n"
	  "  {\"id\": \"b\", \"piles\": [1, 2.5]},\n"
	  "  {\"id\": \"c\", \"piles\": [9223372036854775807, -9223372036854775808]},\n"
	  "  {\"id\": \"d\", \"piles\": [9223372036854775808]},\n"
	  "  {\"id\": \"e\", \"piles\": [1], \"expcet\": {}},\n"
	  "  {\"id\": \"a\", \"piles\": [2]},\n"
	  "  {\"piles\": [1, 2, 3, 4, 5]},\n"
	  "  {\"piles\": null}\n"
	  "]}\n", 0,
	  "shape: puzzles\n"
	  "a @2 piles=1,-2,3 solver=diff1d\n"
	  "b @3 piles=- solver=diff1d\n"
	  "  error: line 3, column 28: puzzles[1].piles[1]: \"2.5\" is not an integer\n"
	  "c @4 piles=9223372036854775807,-9223372036854775808 solver=diff1d\n"
	  "d @5 piles=- solver=diff1d\n"
	  "  error: line 5, column 25: puzzles[3].piles[0]: \"9223372036854775808\" is out of the 64-bit integer range\n"
	  "e @6 piles=- solver=diff1d\n"
	  "  error: line 6, column 29: puzzles[4]: unknown key \"expcet\"\n"
	  "a @7 piles=- solver=diff1d\n"
	  "  error: line 7, column 10: puzzles[5].id: duplicate id \"a\" (first at line 2)\n"
	  "#7 @8 piles=- solver=diff1d\n"
	  "  error: line 8, column 26: puzzles[6].piles: more than 4 piles (max_piles)\n"
	  "#8 @9 piles=- solver=diff1d\n"
	  "  error: line 9, column 13: puzzles[7].piles: expected a sequence of integers\n" },

	{ "a submission",
	  "{\"problem_set\": \"hw\", \"submitter\": \"Zo\\u00eb\",\n"
	  " \"answers\": {\"a\": {\"diff\": 1}, \"b\": {\"winner\": \"bob\"}}}", 0,
	  "shape: submission\n"
	  "problem_set: hw\n"
	  "submitter: Zo\xc3\xab\n"
	  "a @2 piles=-\n"
	  "  expect diff=1\n"
	  "b @2 piles=-\n"
	  "  expect winner=bob\n" },

	{ "escapes and a surrogate pair",
	  "{\"piles\": [1], \"id\": \"\\\"\\\\\\/\\b\\f\\n\\r\\t \\ud83d\\ude00\"}", 0,
	  "shape: puzzles\n"
	  "\"\\/\b\f\n\r\t \xf0\x9f\x98\x80 @1 piles=1\n" },

	{ "a BOM and surrounding space",
	  "\xef\xbb\xbf \r\n\t{\"piles\": [2]} \n", 0,
	  "shape: puzzles\n"
	  "#1 @2 piles=2\n" },

	{ "a duplicate key",
	  "{\"piles\": [1], \"piles\": [2]}", 0,
	  "shape: puzzles\n"
	  "#1 @1 piles=-\n"
	  "  error: line 1, column 16: duplicate key \"piles\"\n" },

	{ "a trailing comma",
	  "{\"piles\": [1, 2,]}", 0,
	  "file error (line 1): line 1, column 17: expected a value (an object, array, string, number, true, false or null), found ']'\n"
	  "shape: none\n" },

	{ "a missing colon",
	  "{\"piles\" [1]}", 0,
	  "file error (line 1): line 1, column 10: expected ':' after the member name, found '['\n"
	  "shape: none\n" },

	{ "two values",
	  "{\"piles\": [1]}\n{\"piles\": [2]}\n", 0,
	  "file error (line 2): line 2, column 1: expected the end of the file after the document (one JSON value per file), found '{'\n"
	  "shape: none\n" },

	{ "not an object",
	  "[[1, 2]]", 0,
	  "file error (line 1): line 1, column 1: a document must be a mapping: a puzzle, a set or a submission\n"
	  "shape: none\n" },

	{ "empty",
	  "  \n", 0,
	  "file error (line 2): line 2, column 1: expected a value (an object, array, string, number, true, false or null), found the end of the file\n"
	  "shape: none\n" },

	{ "a leading zero, a plus, a bare dot",
	  "{\"piles\": [+1]}", 0,
	  "file error (line 1): line 1, column 12: expected a value (an object, array, string, number, true, false or null), found '+'\n"
	  "shape: none\n" },

	{ "an escaped NUL",
	  "{\"piles\": [1], \"id\": \"x\\u0000\"}", 0,
	  "file error (line 1): line 1, column 24: a NUL character (\\u0000) is not allowed\n"
	  "shape: none\n" },

	{ "a raw NUL",
	  "{\"piles\": [1], \"id\": \"x\0\"}", 26,
	  "file error (line 1): line 1, column 24: a NUL character is not allowed\n"
	  "shape: none\n" },

	{ "a raw NUL between values",
	  "{\"piles\": [1]\0}", 15,
	  "file error (line 1): line 1, column 14: a NUL character is not allowed\n"
	  "shape: none\n" },

	{ "invalid UTF-8 (an overlong slash)",
	  "{\"piles\": [1], \"id\": \"\xc3\xa9\xc0\xaf\"}", 0,
	  "file error (line 1): line 1, column 24: invalid UTF-8\n"
	  "shape: none\n" },

	{ "a lone low surrogate",
	  "{\"piles\": [1], \"id\": \"\\udc00\"}", 0,
	  "file error (line 1): line 1, column 23: a low surrogate without a high one before it\n"
	  "shape: none\n" },

	{ "a raw tab in a string",
	  "{\"piles\": [1], \"id\": \"a\tb\"}", 0,
	  "file error (line 1): line 1, column 24: a control character in a string must be escaped\n"
	  "shape: none\n" },

	{ "an unterminated string",
	  "{\"piles\": [1], \"id\": \"ab", 0,
	  "file error (line 1): line 1, column 25: expected '\"' to end the string, found the end of the file\n"
	  "shape: none\n" },
};

START_TEST(json_cases)
{
	const struct json_case *c = &cases[_i];

	expect_dump(c->name, c->text, c->len ? c->len : strlen(c->text), 4,
		    1u << 20, c->want);
}
END_TEST

/* depth - 64 levels of nesting are allowed (the unknown key is reported), 65 are not */
START_TEST(depth)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	int i;

	cairn_buf_adds(&b, "{\"piles\": [1], \"x\": ");
	for (i = 0; i < 63; i++)
		cairn_buf_addc(&b, '[');
	for (i = 0; i < 63; i++)
		cairn_buf_addc(&b, ']');
	cairn_buf_adds(&b, "}");
	/* 64 levels with the object: allowed, and x is an unknown key */
	expect_dump("64 levels", b.data, b.len, 4, 1u << 20,
		    "shape: puzzles\n"
		    "#1 @1 piles=-\n"
		    "  error: line 1, column 16: unknown key \"x\"\n");
	cairn_buf_reset(&b);
	cairn_buf_adds(&b, "{\"piles\": [1], \"x\": ");
	for (i = 0; i < 64; i++)
		cairn_buf_addc(&b, '[');
	expect_dump("65 levels", b.data, b.len, 4, 1u << 20,
		    "file error (line 1): line 1, column 84: nesting deeper than 64 levels\n"
		    "shape: none\n");
	cairn_buf_free(&b);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("json_in");
	TCase *tc = tcase_create("json");

	check_reader = cairn_json_in_read;
	check_source = "t.json";
	tcase_add_loop_test(tc, json_cases, 0, sizeof cases / sizeof cases[0]);
	tcase_add_test(tc, depth);
	suite_add_tcase(s, tc);
	return cairn_check_run(s);
}
