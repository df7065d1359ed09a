/*
 * check_setcheck - the findings of `cairn check` on sets in memory.
 *
 * cairn_setcheck_no_choice() is compared with the interval DP over every
 * pile sequence of up to 7 piles with values in -1..2: both ends equally
 * good at every interval [i, j], i < j.  The findings are table-driven:
 * a set's text, then the level, line and message of each finding.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_setcheck.h"
#include "check_run.h"

static const struct cairn_limits limits = { 1000, 1 << 20 };

/* dp_no_choice - both moves equally good at every position, by the DP */
static int dp_no_choice(const int64_t *a, size_t n)
{
	int64_t d[8][8], l, r;
	size_t i, j;
	int all = 1;

	for (i = n; i-- > 0;) {
		d[i][i] = a[i];
		for (j = i + 1; j < n; j++) {
			l = a[i] - d[i + 1][j];
			r = a[j] - d[i][j - 1];
			d[i][j] = l >= r ? l : r;
			all &= l == r;
		}
	}
	return all && n > 0;
}

START_TEST(test_no_choice_is_the_dp)
{
	int64_t a[7];
	size_t n, i;
	unsigned code, codes, c, hits = 0;

	for (n = 0; n <= 7; n++) {
		for (codes = 1, i = 0; i < n; i++)
			codes *= 4;
		for (code = 0; code < codes; code++) {
			for (c = code, i = 0; i < n; i++, c /= 4)
				a[i] = (int64_t)(c % 4) - 1;
			ck_assert_int_eq(cairn_setcheck_no_choice(a, n),
					 dp_no_choice(a, n));
			hits += (unsigned)dp_no_choice(a, n);
		}
	}
	ck_assert_uint_eq(hits, 4 * 7);	/* the constant sequences */
}
END_TEST

struct want {
	enum cairn_setcheck_level level;
	unsigned long line;
	const char *message;
};

static const struct {
	const char *base, *text;
	int loaded;
	size_t npuzzles;
	uint64_t points;
	struct want w[4];
} cases[] = {
	{ "ok.yaml", "puzzles:\n  - {id: a, piles: [1, 2, 3], points: 4}\n"
	  "  - {id: b, piles: [3, 1, 2]}\n", 1, 2, 5, { { 0, 0, NULL } } },
	{ "dup.yaml", "puzzles:\n  - {id: a, piles: [1, 2, 3]}\n"
	  "  - {id: b, piles: [3, 1]}\n  - {id: c, piles: [1, 2, 3]}\n"
	  "  - {id: d, piles: [1, 2, 3]}\n", 1, 4, 4, {
		{ CAIRN_SETCHECK_WARNING, 4, "puzzle \"c\": the same piles as "
		  "puzzle \"a\" (line 2)" },
		{ CAIRN_SETCHECK_WARNING, 5, "puzzle \"d\": the same piles as "
		  "puzzle \"a\" (line 2)" } } },
	{ "case.yaml", "puzzles:\n  - {id: Ab, piles: [1, 2, 3]}\n"
	  "  - {id: aB, piles: [3, 1]}\n  - {id: ab, piles: [0]}\n", 1, 3, 3, {
		{ CAIRN_SETCHECK_WARNING, 3, "puzzle \"aB\": the id differs "
		  "only by case from \"Ab\" (line 2)" },
		{ CAIRN_SETCHECK_WARNING, 4, "puzzle \"ab\": every line is "
		  "optimal (all piles are equal): no move can be wrong" },
		{ CAIRN_SETCHECK_WARNING, 4, "puzzle \"ab\": the id differs "
		  "only by case from \"Ab\" (line 2)" } } },
	{ "bad.yaml", "puzzles:\n  - {id: a, piles: [1, x]}\n"
	  "  - {id: b, piles: [1, 2]}\n  - {id: c, piles: [1, 2]}\n", 1, 3, 3, {
		{ CAIRN_SETCHECK_ERROR, 0, "line 2, column 24: "
		  "puzzles[0].piles[1]: \"x\" is not an integer" },
		{ CAIRN_SETCHECK_WARNING, 4, "puzzle \"c\": the same piles as "
		  "puzzle \"b\" (line 3)" } } },
	{ "sub.yaml", "problem_set: hw1\nanswers: {}\n", 0, 0, 0, {
		{ CAIRN_SETCHECK_ERROR, 0, "not a set of puzzles" } } },
	{ ".hidden.yaml", "puzzles:\n  - {id: a, piles: [1, 2]}\n", 1, 1, 1, {
		{ CAIRN_SETCHECK_ERROR, 0, "not a problem set's file name: a "
		  "set is problems/NAME.yaml, NAME of letters, digits, '.', "
		  "'_' and '-', not starting with '.'" } } },
};

START_TEST(test_findings)
{
	struct cairn_setcheck r;
	size_t k, n;

	cairn_setcheck_run(&r, cases[_i].base, cases[_i].text,
			   strlen(cases[_i].text), 0, &limits);
	ck_assert_int_eq(r.loaded, cases[_i].loaded);
	ck_assert_uint_eq(r.npuzzles, cases[_i].npuzzles);
	ck_assert_uint_eq(r.points, cases[_i].points);
	for (n = 0; n < 4 && cases[_i].w[n].message != NULL; n++)
		;
	ck_assert_uint_eq(r.nfindings, n);
	for (k = 0; k < n; k++) {
		ck_assert_int_eq(r.findings[k].level, cases[_i].w[k].level);
		ck_assert_uint_eq(r.findings[k].line, cases[_i].w[k].line);
		ck_assert_str_eq(r.findings[k].message, cases[_i].w[k].message);
	}
	cairn_setcheck_free(&r);
}
END_TEST

START_TEST(test_read_error)
{
	struct cairn_setcheck r;

	cairn_setcheck_run(&r, "hw1.yaml", NULL, 0, -EACCES, &limits);
	ck_assert_int_eq(r.loaded, 0);
	ck_assert_uint_eq(r.nfindings, 1);
	ck_assert_uint_eq(r.errors, 1);
	ck_assert_str_eq(r.findings[0].message, strerror(EACCES));
	cairn_setcheck_free(&r);
}
END_TEST

static Suite *setcheck_suite(void)
{
	Suite *s = suite_create("setcheck");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_no_choice_is_the_dp);
	tcase_add_loop_test(tc, test_findings, 0,
			    sizeof cases / sizeof cases[0]);
	tcase_add_test(tc, test_read_error);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(setcheck_suite());
}
