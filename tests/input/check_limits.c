/*
 * check_limits - the limits of a whole file in both readers: max_puzzles,
 * a CSV record far past max_piles, and memory_budget while reading.
 *
 * A file with more than max_puzzles puzzles is a file error at the first
 * puzzle too many (doc/formats.md), in every shape that adds puzzles; a
 * record past max_piles is that puzzle's error and is refused without
 * its fields being kept; a reader whose puzzles pass the budget stops
 * there with a file error that says about how much the file needs.
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_budget.h"
#include "cairn_buf.h"
#include "cairn_csv_rec.h"
#include "cairn_input.h"
#include "cairn_value.h"
#include "check_run.h"

/* read_with - read `text` as `source` under the limits; the reader's dump */
static char *read_with(const char *source, const char *text, size_t len,
		       size_t max_piles, size_t max_puzzles,
		       struct cairn_budget *budget)
{
	struct cairn_limits lim = { max_piles, SIZE_MAX };
	struct cairn_buf b = CAIRN_BUF_INIT;
	struct cairn_input in;

	cairn_puzzle_input_init(&in, source, cairn_puzzle_format_of(source));
	in.max_puzzles = max_puzzles;
	in.budget = budget;
	if (in.format == CAIRN_FORMAT_CSV)
		cairn_csv_in_read(&in, text, len, &lim);
	else if (in.format == CAIRN_FORMAT_JSON)
		cairn_json_in_read(&in, text, len, &lim);
	else
		cairn_yaml_in_read(&in, text, len, &lim);
	cairn_value_dump(&b, &in);
	cairn_puzzle_input_free(&in);
	return cairn_buf_steal(&b);
}

static void expect(const char *source, const char *text, size_t max_piles,
		   size_t max_puzzles, const char *want)
{
	char *got = read_with(source, text, strlen(text), max_piles,
			      max_puzzles, NULL);

	ck_assert_msg(strcmp(got, want) == 0, "%s:\n--- got\n%s--- want\n%s",
		      text, got, want);
	free(got);
}

START_TEST(max_puzzles_csv)
{
	expect("t.csv", "1\n2\n3\n", 10, 3,
	       "shape: puzzles\n"
	       "#1 @1 piles=1\n"
	       "#2 @2 piles=2\n"
	       "#3 @3 piles=3\n");
	expect("t.csv", "1\n2\n\n# four\n\"3\",4\n5\n", 10, 2,
	       "file error (line 5): line 5: more than 2 puzzles "
	       "(max_puzzles)\n"
	       "shape: none\n");
	expect("t.csv", "id,piles\np,1\nq,2 3\nr,4\n", 10, 2,
	       "file error (line 4): line 4: more than 2 puzzles "
	       "(max_puzzles)\n"
	       "shape: none\n");
	/* Invalid puzzles count too: each is a record of the result. */
	expect("t.csv", "1\nx\n2\n", 10, 2,
	       "file error (line 3): line 3: more than 2 puzzles "
	       "(max_puzzles)\n"
	       "shape: none\n");
}
END_TEST

START_TEST(max_puzzles_yaml)
{
	expect("t.yaml", "piles: [1]\n---\npiles: [2]\n", 10, 2,
	       "shape: puzzles\n"
	       "#1 @1 piles=1\n"
	       "#2 @3 piles=2\n");
	expect("t.yaml", "piles: [1]\n---\npiles: [2]\n---\npiles: [3]\n",
	       10, 2,
	       "file error (line 5): line 5: more than 2 puzzles "
	       "(max_puzzles)\n"
	       "shape: none\n");
	expect("t.yaml", "puzzles:\n  - piles: [1]\n  - piles: [2]\n"
	       "  - {piles: [3]}\n  - piles: [4]\n", 10, 2,
	       "file error (line 4): line 4: more than 2 puzzles "
	       "(max_puzzles)\n"
	       "shape: none\n");
	expect("t.json", "{\"puzzles\": [{\"piles\": [1]},\n"
	       "  {\"piles\": [2]}, {\"piles\": [3]}]}\n", 10, 2,
	       "file error (line 2): line 2: more than 2 puzzles "
	       "(max_puzzles)\n"
	       "shape: none\n");
	expect("t.yaml", "problem_set: hw\nanswers:\n  a: {diff: 1}\n"
	       "  b: {diff: 2}\n", 10, 1,
	       "file error (line 4): line 4: more than 1 puzzles "
	       "(max_puzzles)\n"
	       "shape: none\n"
	       "problem_set: hw\n");
}
END_TEST

/* a record of `n` fields "1,2,...", the first one quoted when asked */
static void long_record(struct cairn_buf *b, size_t n, int quoted)
{
	size_t i;

	cairn_buf_adds(b, quoted ? "\"1\"" : "1");
	for (i = 2; i <= n; i++)
		cairn_buf_addf(b, ",%zu", i);
	cairn_buf_addc(b, '\n');
}

START_TEST(long_record_refused)
{
	static const char *const want[] = {
		"shape: puzzles\n"
		"#1 @1 piles=-\n"
		"  error: line 1, field 11: more than 10 piles (max_piles)\n"
		"#2 @2 piles=7,8\n",
		"shape: puzzles\n"
		"#1 @1 piles=7,8\n"
		"#2 @2 piles=-\n"
		"  error: line 2, field 11: more than 10 piles (max_piles)\n"
		"#3 @3 piles=9\n",
	};
	struct cairn_buf b = CAIRN_BUF_INIT;
	char *got;
	int quoted, first;

	for (quoted = 0; quoted < 2; quoted++) {
		for (first = 0; first < 2; first++) {
			cairn_buf_reset(&b);
			if (!first)
				cairn_buf_adds(&b, "7,8\n");
			long_record(&b, 200000, quoted);
			cairn_buf_adds(&b, first ? "7,8\n" : "9\n");
			got = read_with("t.csv", b.data, b.len, 10, 0, NULL);
			ck_assert_msg(strcmp(got, want[!first]) == 0,
				      "quoted %d first %d:\n%s", quoted, first,
				      got);
			free(got);
		}
	}
	cairn_buf_free(&b);
}
END_TEST

/* The record reader counts the fields past `keep` without keeping them. */
START_TEST(record_keep)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	struct cairn_csv_rec r;

	long_record(&b, 100000, 0);
	cairn_buf_adds(&b, "\"a\"\"b\",\"c\"\"d\"\n");
	cairn_csv_rec_init(&r, b.data, b.len, 0);
	r.keep = 2;
	ck_assert_int_eq(cairn_csv_rec_next(&r), 1);
	ck_assert_uint_eq(r.nf, 100000);
	ck_assert_uint_le(r.cap, 8);
	ck_assert_uint_eq(r.start, 1);
	ck_assert_uint_eq(r.f[1].len, 1);
	ck_assert_int_eq(r.f[1].s[0], '2');
	r.keep = 1;
	ck_assert_int_eq(cairn_csv_rec_next(&r), 1);
	ck_assert_uint_eq(r.nf, 2);
	ck_assert_uint_eq(r.f[0].len, 3);
	ck_assert_int_eq(memcmp(r.f[0].s, "a\"b", 3), 0);
	/* The field not kept left nothing in the scratch buffer. */
	ck_assert_uint_eq(r.scratch.len, 3);
	ck_assert_int_eq(cairn_csv_rec_next(&r), 0);
	cairn_csv_rec_free(&r);
	cairn_buf_free(&b);
}
END_TEST

/* reading `text` under a budget of `limit`: the file error it gives */
static void expect_budget(const char *source, const char *text, size_t len,
			  uint64_t limit, const char *want_prefix,
			  const char *want_end)
{
	struct cairn_budget budget;
	char *got, *end;

	cairn_budget_init(&budget, limit);
	got = read_with(source, text, len, 10, 0, &budget);
	ck_assert_msg(strncmp(got, want_prefix, strlen(want_prefix)) == 0,
		      "%s", got);
	end = strstr(got, "\nshape: none\n");
	ck_assert_msg(end != NULL && end[13] == '\0', "%s", got);
	*end = '\0';
	ck_assert_msg(strlen(got) > strlen(want_end) &&
		      strcmp(got + strlen(got) - strlen(want_end),
			     want_end) == 0, "%s", got);
	/* It stopped at the first puzzle past the budget. */
	ck_assert_uint_gt(budget.peak, limit);
	ck_assert_uint_lt(budget.peak, limit + 512);
	ck_assert_uint_eq(budget.used, 0);
	free(got);
}

/*
 * first_over - the puzzle whose slot passes `limit` when each puzzle
 * before it is counted with its id and one pile (as cairn_puzzle_input_add()
 * counts them)
 */
static size_t first_over(uint64_t limit, size_t id_len)
{
	uint64_t used = 0;
	size_t k;

	for (k = 1;; k++) {
		if (k > 1)
			used += cairn_budget_cost(id_len + 1) +
				cairn_budget_cost(sizeof(int64_t));
		used += sizeof(struct cairn_puzzle);
		if (used > limit)
			return k;
	}
}

START_TEST(budget_while_reading)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	char want[128];
	size_t i, k = first_over(65536, 4);

	for (i = 0; i < 100000; i++)
		cairn_buf_adds(&b, "1\n");
	/* Ids "#1" to "#999" are shorter than "#1000" but cost the same. */
	ck_assert_uint_gt(k, 100);
	ck_assert_uint_lt(k, 1000);
	snprintf(want, sizeof want, "file error (line %zu): line %zu: reading "
		 "the file needs about ", k, k);
	expect_budget("t.csv", b.data, b.len, 65536, want,
		      " of memory, more than memory_budget (64.0 KiB)");
	cairn_buf_reset(&b);
	for (i = 0; i < 100000; i++)
		cairn_buf_adds(&b, "piles: [1]\n---\n");
	expect_budget("t.yaml", b.data, b.len - 4, 65536, "file error (line ",
		      " of memory, more than memory_budget (64.0 KiB)");
	cairn_buf_reset(&b);
	cairn_buf_adds(&b, "{\"puzzles\": [");
	for (i = 0; i < 100000; i++)
		cairn_buf_adds(&b, i ? ",\n{\"piles\": [1]}" : "{\"piles\": [1]}");
	cairn_buf_adds(&b, "]}\n");
	expect_budget("t.json", b.data, b.len, 65536, "file error (line ",
		      " of memory, more than memory_budget (64.0 KiB)");
	cairn_buf_free(&b);
}
END_TEST

/* A cell bigger than what the budget leaves is refused before the copy. */
START_TEST(budget_huge_cell)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	struct cairn_budget budget;
	char *got, *want;
	size_t i;

	cairn_buf_adds(&b, "id,piles\np,1\n");
	for (i = 0; i < 100000; i++)
		cairn_buf_addc(&b, 'x');
	cairn_buf_adds(&b, ",2\nq,3\n");
	cairn_budget_init(&budget, 4096);
	got = read_with("t.csv", b.data, b.len, 10, 0, &budget);
	/* 100,000 bytes refused (97.7 KiB), the puzzles and their ids */
	want = "file error (line 3): line 3: reading the file needs about ";
	ck_assert_msg(strncmp(got, want, strlen(want)) == 0, "%s", got);
	ck_assert_msg(strtod(got + strlen(want), NULL) >= 97.7 &&
		      strtod(got + strlen(want), NULL) < 100, "%s", got);
	ck_assert_msg(strstr(got, " KiB of memory, more than memory_budget "
			     "(4.0 KiB)\nshape: none\n") != NULL, "%s", got);
	ck_assert_uint_le(budget.peak, 4096);
	free(got);
	cairn_buf_free(&b);
}
END_TEST

static Suite *limits_suite(void)
{
	Suite *s = suite_create("limits");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, max_puzzles_csv);
	tcase_add_test(tc, max_puzzles_yaml);
	tcase_add_test(tc, long_record_refused);
	tcase_add_test(tc, record_keep);
	tcase_add_test(tc, budget_while_reading);
	tcase_add_test(tc, budget_huge_cell);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(limits_suite());
}
