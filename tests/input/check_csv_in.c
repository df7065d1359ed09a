/*
 * check_csv_in - the CSV puzzle reader.
 *
 * Each case is a file and the exact account cairn_value_dump() gives of
 * what the reader made of it, so every message is checked word for word
 * with its line and field.  The wording chosen for malformed quoting:
 *   line L, field F: unterminated quoted field       (L: the opening quote)
 *   line L, field F: stray '"' in an unquoted field
 *   line L, field F: text after a closing '"'
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_input.h"
#include "cairn_value.h"
#include "check_input.h"
#include "check_run.h"

struct csv_case {
	const char *name;
	size_t max_piles;		/* 0: 1000 */
	const char *text;
	const char *want;
};

static const struct csv_case cases[] = {
	{ "headerless: BOM, blank lines, comments, CRLF, no final newline", 0,
	  "\xef\xbb\xbf" "5,3,4,5\n"
	  "\n"
	  "# a comment, with \"quotes\n"
	  "1,2,3\r\n"
	  "\r\n"
	  "-9223372036854775808,+7,007,-0\n"
	  "  \n"
	  "9",
	  "shape: puzzles\n"
	  "#1 @1 piles=5,3,4,5\n"
	  "#2 @4 piles=1,2,3\n"
	  "#3 @6 piles=-9223372036854775808,7,7,0\n"
	  "#4 @7 piles=-\n"
	  "  error: line 7, field 1: \"  \" is not an integer\n"
	  "#5 @8 piles=9\n" },

	{ "headerless: bad records among good ones", 0,
	  "1,2\n"
	  "1,x,3\n"
	  "1,,3\n"
	  "1,2,\n"
	  "4.5,1\n"
	  "99999999999999999999,1\n"
	  "\"7\",\"8\"\n"
	  "\"1\n2\",3\n"
	  "10\r20\n"
	  "1e3\n"
	  " 1,2\n"
	  "6,5\n",
	  "shape: puzzles\n"
	  "#1 @1 piles=1,2\n"
	  "#2 @2 piles=-\n"
	  "  error: line 2, field 2: \"x\" is not an integer\n"
	  "#3 @3 piles=-\n"
	  "  error: line 3, field 2: \"\" is not an integer\n"
	  "#4 @4 piles=-\n"
	  "  error: line 4, field 3: \"\" is not an integer\n"
	  "#5 @5 piles=-\n"
	  "  error: line 5, field 1: \"4.5\" is not an integer\n"
	  "#6 @6 piles=-\n"
	  "  error: line 6, field 1: \"99999999999999999999\" is out of the 64-bit integer range\n"
	  "#7 @7 piles=7,8\n"
	  "#8 @8 piles=-\n"
	  "  error: line 8, field 1: \"1\\n2\" is not an integer\n"
	  "#9 @10 piles=-\n"
	  "  error: line 10, field 1: \"10\\r20\" is not an integer\n"
	  "#10 @11 piles=-\n"
	  "  error: line 11, field 1: \"1e3\" is not an integer\n"
	  "#11 @12 piles=-\n"
	  "  error: line 12, field 1: \" 1\" is not an integer\n"
	  "#12 @13 piles=6,5\n" },

	{ "headerless: max_piles", 4,
	  "1,2,3,4\n"
	  "1,2,3,4,5\n"
	  "\"1\",2,3,4,x\n",
	  "shape: puzzles\n"
	  "#1 @1 piles=1,2,3,4\n"
	  "#2 @2 piles=-\n"
	  "  error: line 2, field 5: more than 4 piles (max_piles)\n"
	  "#3 @3 piles=-\n"
	  "  error: line 3, field 5: more than 4 piles (max_piles)\n" },

	{ "headerless when the first record is mostly integers", 0,
	  "1,2,x\n"
	  "3,4\n",
	  "shape: puzzles\n"
	  "#1 @1 piles=-\n"
	  "  error: line 1, field 3: \"x\" is not an integer\n"
	  "#2 @2 piles=3,4\n" },

	{ "a first record without integers is a header", 0,
	  "x\n1\n",
	  "file error (line 1): line 1, field 1: unknown column \"x\"\n"
	  "shape: none\n" },

	{ "a header with one known name and an integer", 0,
	  "piles,3\n",
	  "file error (line 1): line 1, field 2: unknown column \"3\"\n"
	  "shape: none\n" },

	{ "headered: every column of a puzzle file", 0,
	  "id,piles,solver,moves,expect_alice_wins,expect_winner,expect_alice,"
	  "expect_bob,expect_diff,expect_first_move,expect_moves\n"
	  "p1,5 3 4 5,linear,true,true,alice,9,8,1,left,LRRL\n"
	  "p2,\"1;2; 3\",,false,,,,,,,\n"
	  ",7,,,,,,,,,\n"
	  "\"p\"\"4\",\"1\n2\r\n3\",,,,,,,,,\n"
	  "p5,8,,,,,,,,,\n",
	  "shape: puzzles\n"
	  "p1 @2 piles=5,3,4,5 solver=linear moves=true\n"
	  "  expect alice_wins=true winner=alice alice=9 bob=8 diff=1"
	  " first_move=left moves=LRRL\n"
	  "p2 @3 piles=1,2,3 moves=false\n"
	  "#3 @4 piles=7\n"
	  "p\"4 @5 piles=1,2,3\n"
	  "p5 @8 piles=8\n" },

	{ "headered: columns in any order, a header after comments", 0,
	  "# made by hand\n"
	  "\n"
	  "expect_diff,piles\n"
	  "-3,\"  2 ;;1 \"\n",
	  "shape: puzzles\n"
	  "#1 @4 piles=2,1\n"
	  "  expect diff=-3\n" },

	{ "headered: bad rows among good ones", 0,
	  "id,piles,moves,expect_winner,expect_diff\n"
	  "a,1 x,,,\n"
	  "b,,,,\n"
	  "c,; ;,,,\n"
	  "d,1,maybe,,\n"
	  "e,1,,carol,2\n"
	  "f,1,,,99999999999999999999\n"
	  "g,1,2\n"
	  "a,2,,,\n"
	  "h,1 99999999999999999999,,,\n"
	  "\"i\",1,,,,\n"
	  ",1,2\n"
	  "j,4,,,\n",
	  "shape: puzzles\n"
	  "a @2 piles=-\n"
	  "  error: line 2, field 2: piles: \"x\" is not an integer\n"
	  "b @3 piles=-\n"
	  "  error: line 3, field 2: piles: expected at least one pile\n"
	  "c @4 piles=-\n"
	  "  error: line 4, field 2: piles: expected at least one pile\n"
	  "d @5 piles=-\n"
	  "  error: line 5, field 3: moves: \"maybe\" is not a boolean (true or false)\n"
	  "e @6 piles=1\n"
	  "  expect diff=2\n"
	  "  invalid: line 6, field 4: expect_winner: \"carol\" is not one of alice, bob, tie\n"
	  "f @7 piles=1\n"
	  "  expect\n"
	  "  invalid: line 7, field 5: expect_diff: \"99999999999999999999\" is out of the 64-bit integer range\n"
	  "g @8 piles=-\n"
	  "  error: line 8: 3 fields, the header has 5\n"
	  "a @9 piles=-\n"
	  "  error: line 9, field 1: id: duplicate id \"a\" (first at line 2)\n"
	  "h @10 piles=-\n"
	  "  error: line 10, field 2: piles: \"99999999999999999999\" is out of the 64-bit integer range\n"
	  "i @11 piles=-\n"
	  "  error: line 11: 6 fields, the header has 5\n"
	  "#11 @12 piles=-\n"
	  "  error: line 12: 3 fields, the header has 5\n"
	  "j @13 piles=4\n" },

	{ "headered: every malformed expectation", 0,
	  "expect_alice_wins,expect_winner,expect_first_move,expect_moves,expect_alice,piles\n"
	  "maybe,,,,,1\n"
	  ",carol,,,,1\n"
	  ",,up,,,1\n"
	  ",,,LRx,,1\n"
	  ",,,,4.5,1\n"
	  "TRUE,bob,right,LR,-3,1\n"
	  "False,tie,left,R,,1\n",
	  "shape: puzzles\n"
	  "#1 @2 piles=1\n"
	  "  expect\n"
	  "  invalid: line 2, field 1: expect_alice_wins: \"maybe\" is not a boolean (true or false)\n"
	  "#2 @3 piles=1\n"
	  "  expect\n"
	  "  invalid: line 3, field 2: expect_winner: \"carol\" is not one of alice, bob, tie\n"
	  "#3 @4 piles=1\n"
	  "  expect\n"
	  "  invalid: line 4, field 3: expect_first_move: \"up\" is not one of left, right\n"
	  "#4 @5 piles=1\n"
	  "  expect\n"
	  "  invalid: line 5, field 4: expect_moves: \"LRx\" is not a string of L and R\n"
	  "#5 @6 piles=1\n"
	  "  expect\n"
	  "  invalid: line 6, field 5: expect_alice: \"4.5\" is not an integer\n"
	  "#6 @7 piles=1\n"
	  "  expect alice_wins=true winner=bob alice=-3 first_move=right moves=LR\n"
	  "#7 @8 piles=1\n"
	  "  expect alice_wins=false winner=tie first_move=left moves=R\n" },

	{ "headered: max_piles", 4,
	  "piles\n"
	  "1 2 3 4\n"
	  "1 2 3 4 5\n",
	  "shape: puzzles\n"
	  "#1 @2 piles=1,2,3,4\n"
	  "#2 @3 piles=-\n"
	  "  error: line 3, field 1: piles: more than 4 piles (max_piles)\n" },

	{ "duplicate ids, given and default (quoted: # starts a comment)", 0,
	  "id,piles\n"
	  "\"#3\",1\n"
	  ",2\n"
	  ",3\n"
	  "\"#2\",4\n"
	  "\"#02\",5\n"
	  "#4,6\n",
	  "shape: puzzles\n"
	  "#3 @2 piles=1\n"
	  "#2 @3 piles=2\n"
	  "#3 @4 piles=-\n"
	  "  error: line 4: duplicate id \"#3\" (first at line 2)\n"
	  "#2 @5 piles=-\n"
	  "  error: line 5, field 1: id: duplicate id \"#2\" (first at line 3)\n"
	  "#02 @6 piles=5\n" },

	{ "quoted fields: line counts and a '#' that is data", 0,
	  "id,piles,expect_winner\n"
	  "a,\"1\n2\",carol\n"
	  "\"# not a comment\",2,\n"
	  "# a comment\n"
	  "\"c,\"\"d\"\"\",3,x\n",
	  "shape: puzzles\n"
	  "a @2 piles=1,2\n"
	  "  expect\n"
	  "  invalid: line 3, field 3: expect_winner: \"carol\" is not one of alice, bob, tie\n"
	  "# not a comment @4 piles=2\n"
	  "c,\"d\" @6 piles=3\n"
	  "  expect\n"
	  "  invalid: line 6, field 3: expect_winner: \"x\" is not one of alice, bob, tie\n" },

	{ "unknown column", 0,
	  "id,piles,foo\n1,2,3\n",
	  "file error (line 1): line 1, field 3: unknown column \"foo\"\n"
	  "shape: none\n" },

	{ "column names are case-sensitive", 0,
	  "Id,piles\n",
	  "file error (line 1): line 1, field 1: unknown column \"Id\"\n"
	  "shape: none\n" },

	{ "duplicate column", 0,
	  "id,piles,id\n",
	  "file error (line 1): line 1, field 3: duplicate column \"id\"\n"
	  "shape: none\n" },

	{ "no piles column", 0,
	  "# header follows\n"
	  "id,solver\n"
	  "a,b\n",
	  "file error (line 2): line 2: no \"piles\" column\n"
	  "shape: none\n" },

	{ "submitter without problem_set", 0,
	  "piles,submitter\n1,bob\n",
	  "file error (line 1): line 1, field 2: column \"submitter\" needs a \"problem_set\" column\n"
	  "shape: none\n" },

	{ "solver in a submission", 0,
	  "problem_set,id,solver\n",
	  "file error (line 1): line 1, field 3: column \"solver\" is not allowed in a submission\n"
	  "shape: none\n" },

	{ "moves in a submission", 0,
	  "moves,problem_set,id\n",
	  "file error (line 1): line 1, field 1: column \"moves\" is not allowed in a submission\n"
	  "shape: none\n" },

	{ "a submission without ids", 0,
	  "problem_set,expect_diff\nhw,1\n",
	  "file error (line 1): line 1: no \"id\" column\n"
	  "shape: none\n" },

	{ "a submission", 0,
	  "problem_set,submitter,id,expect_diff,expect_winner,piles\n"
	  "hw1,Ann,p1,1,alice,\n"
	  ",,p2,x,,\n"
	  "hw1,Ann,p3,,,5 6\n"
	  ",,,3,,\n"
	  ",,p1,2,,\n"
	  ",,p6,,,\n",
	  "shape: submission\n"
	  "problem_set: hw1\n"
	  "submitter: Ann\n"
	  "p1 @2 piles=-\n"
	  "  expect winner=alice diff=1\n"
	  "p2 @3 piles=-\n"
	  "  expect\n"
	  "  invalid: line 3, field 4: expect_diff: \"x\" is not an integer\n"
	  "p3 @4 piles=5,6\n"
	  "  expect\n"
	  "#4 @5 piles=-\n"
	  "  expect diff=3\n"
	  "  error: line 5, field 3: id: expected a non-empty string\n"
	  "p1 @6 piles=-\n"
	  "  expect diff=2\n"
	  "p6 @7 piles=-\n"
	  "  expect\n" },

	{ "a submission's piles: read for grading to compare, or invalid", 0,
	  "problem_set,id,expect_diff,piles\n"
	  "hw1,p1,1,3;9;1;2\n"
	  "hw1,p2,1,5 x\n",
	  "shape: submission\n"
	  "problem_set: hw1\n"
	  "p1 @2 piles=3,9,1,2\n"
	  "  expect diff=1\n"
	  "p2 @3 piles=-\n"
	  "  expect diff=1\n"
	  "  invalid: line 3, field 4: piles: \"x\" is not an integer\n" },

	{ "a submission: the set from the first well-formed row", 0,
	  "id,problem_set\n"
	  "p0\n"
	  "p1,hw3\n",
	  "shape: submission\n"
	  "problem_set: hw3\n"
	  "p0 @2 piles=-\n"
	  "  expect\n"
	  "  error: line 2: 1 field, the header has 2\n"
	  "p1 @3 piles=-\n"
	  "  expect\n" },

	{ "a submission naming two sets", 0,
	  "problem_set,id\nhw1,p1\nhw2,p2\n",
	  "file error (line 3): line 3, field 1: problem_set: \"hw2\" differs from \"hw1\" on line 2\n"
	  "shape: none\n"
	  "problem_set: hw1\n" },

	{ "a submission whose first row names no set", 0,
	  "problem_set,id\n,p1\n",
	  "file error (line 2): line 2, field 1: problem_set: expected a non-empty string\n"
	  "shape: none\n" },

	{ "a submission with two submitters", 0,
	  "problem_set,submitter,id\nhw1,,p1\nhw1,Bob,p2\n",
	  "file error (line 3): line 3, field 2: submitter: \"Bob\" differs from \"\" on line 2\n"
	  "shape: none\n"
	  "problem_set: hw1\n" },

	{ "a submission with only a header", 0,
	  "problem_set,id,expect_diff\n",
	  "file error (line 0): no puzzles in file\n"
	  "shape: none\n" },

	{ "a submission without a well-formed row", 0,
	  "problem_set,id\nhw1\n",
	  "file error (line 1): line 1: no row names the problem set\n"
	  "shape: none\n" },

	{ "unterminated quoted field, after good puzzles", 0,
	  "id,piles\n"
	  "a,1\n"
	  "\"p1,1\n"
	  "2,3\n",
	  "file error (line 3): line 3, field 1: unterminated quoted field\n"
	  "shape: none\n" },

	{ "stray quote in an unquoted field", 0,
	  "id,piles\np1,1\"2\n",
	  "file error (line 2): line 2, field 2: stray '\"' in an unquoted field\n"
	  "shape: none\n" },

	{ "text after a closing quote", 0,
	  "id,piles\n\"p1\"x,1\n",
	  "file error (line 2): line 2, field 1: text after a closing '\"'\n"
	  "shape: none\n" },

	{ "text after a closing quote, on the line it is on", 0,
	  "1,2\n3,\"4\n5\"6\n",
	  "file error (line 3): line 3, field 2: text after a closing '\"'\n"
	  "shape: none\n" },

	{ "an empty file", 0,
	  "",
	  "file error (line 0): no puzzles in file\n"
	  "shape: none\n" },

	{ "only comments and blank lines", 0,
	  "# nothing\n\r\n\n# more\n",
	  "file error (line 0): no puzzles in file\n"
	  "shape: none\n" },

	{ "a header and no rows", 0,
	  "id,piles\n",
	  "file error (line 0): no puzzles in file\n"
	  "shape: none\n" },
};

START_TEST(csv_cases)
{
	const struct csv_case *c = &cases[_i];

	expect_dump(c->name, c->text, strlen(c->text),
		    c->max_piles ? c->max_piles : 1000, 1u << 20, c->want);
}
END_TEST

START_TEST(max_file_bytes)
{
	static const char text[] = "1,2\n";

	expect_dump("at the limit", text, 4, 10, 4,
		    "shape: puzzles\n"
		    "#1 @1 piles=1,2\n");
	expect_dump("over the limit", text, 4, 10, 3,
		    "file error (line 0): file is 4 bytes, more than max_file_bytes (3)\n"
		    "shape: none\n");
}
END_TEST

/*
 * NUL and invalid UTF-8 are errors at their place (doc/formats.md), in
 * any field and in comments; issue 11: a NUL id became an empty id, and
 * invalid UTF-8 was copied into the result.
 */
static const struct { const char *name, *text; size_t len; const char *want; }
bad_text[] = {
#define T(s) s, sizeof s - 1
	{ "NUL in a pile", T("1,2\n3,\0\n"),
	  "file error (line 2): line 2, field 2: a NUL character is not "
	  "allowed\nshape: none\n" },
	{ "an id that starts with NUL", T("id,piles\n\0,1\n"),
	  "file error (line 2): line 2, field 1: a NUL character is not "
	  "allowed\nshape: none\n" },
	{ "NUL in a quoted id, on the field's second line",
	  T("id,piles\n1,1\n\"a\nb\0\",1\n"),
	  "file error (line 4): line 4, field 1: a NUL character is not "
	  "allowed\nshape: none\n" },
	{ "an id of invalid UTF-8", T("id,piles\n\xff\xfe,1\n"),
	  "file error (line 2): line 2, field 1: invalid UTF-8\nshape: none\n" },
	{ "a surrogate in a submitter",
	  T("id,piles,problem_set,submitter\np,,s,\xed\xa0\x80\n"),
	  "file error (line 2): line 2, field 4: invalid UTF-8\nshape: none\n" },
	{ "an overlong form in a header", T("id,pil\xc1\xa5s\n"),
	  "file error (line 1): line 1, field 2: invalid UTF-8\nshape: none\n" },
	{ "a cut sequence at the end", T("1,2\n3,4\xe2\x82"),
	  "file error (line 2): line 2, field 2: invalid UTF-8\nshape: none\n" },
	{ "invalid UTF-8 in a comment", T("1,2\n# caf\xe9\n3\n"),
	  "file error (line 2): line 2: invalid UTF-8 in a comment\nshape: none\n" },
#undef T
};

START_TEST(nul_and_utf8)
{
	expect_dump(bad_text[_i].name, bad_text[_i].text, bad_text[_i].len,
		    10, 100, bad_text[_i].want);
}
END_TEST

START_TEST(valid_utf8)
{
	static const char text[] = "id,piles\n\xc2\x85\xef\xbf\xbe"
				   "\xf4\x8f\xbf\xbf,1\n";

	expect_dump("NEL, U+FFFE and U+10FFFF are text", text,
		    sizeof text - 1, 10, 100,
		    "shape: puzzles\n"
		    "\xc2\x85\xef\xbf\xbe\xf4\x8f\xbf\xbf @2 piles=1\n");
}
END_TEST

START_TEST(many_records)
{
	struct cairn_limits lim = { 100, 1u << 22 };
	struct cairn_buf b = CAIRN_BUF_INIT;
	struct cairn_input in;
	size_t i, j;

	/* Fast and slow records interleaved (every 7th is quoted). */
	for (i = 0; i < 3000; i++) {
		for (j = 0; j <= i % 50; j++)
			cairn_buf_addf(&b, i % 7 ? "%s%zu" : "%s\"%zu\"",
				       j ? "," : "", i * 100 + j);
		cairn_buf_adds(&b, i % 2 ? "\n" : "\r\n");
	}
	cairn_puzzle_input_init(&in, "t.csv", CAIRN_FORMAT_CSV);
	cairn_csv_in_read(&in, b.data, b.len, &lim);
	ck_assert_ptr_null(in.error);
	ck_assert_uint_eq(in.npuzzles, 3000);
	for (i = 0; i < 3000; i++) {
		const struct cairn_puzzle *p = &in.puzzles[i];
		char id[16];

		snprintf(id, sizeof id, "#%zu", i + 1);
		ck_assert_str_eq(p->id, id);
		ck_assert_ptr_null(p->error);
		ck_assert_uint_eq(p->line, i + 1);
		ck_assert_uint_eq(p->n, i % 50 + 1);
		for (j = 0; j < p->n; j++)
			ck_assert_int_eq(p->piles[j], (int64_t)(i * 100 + j));
	}
	cairn_puzzle_input_free(&in);
	cairn_buf_free(&b);
}
END_TEST

static Suite *csv_suite(void)
{
	Suite *s = suite_create("csv_in");
	TCase *tc = tcase_create("reader");

	tcase_add_loop_test(tc, csv_cases, 0, sizeof cases / sizeof cases[0]);
	tcase_add_test(tc, max_file_bytes);
	tcase_add_loop_test(tc, nul_and_utf8, 0,
			    sizeof bad_text / sizeof bad_text[0]);
	tcase_add_test(tc, valid_utf8);
	tcase_add_test(tc, many_records);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	check_reader = cairn_csv_in_read;
	check_source = "t.csv";
	return cairn_check_run(csv_suite());
}
