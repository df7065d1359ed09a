/*
 * check_budget - memory_budget (cairnd.yaml(5); src/util/cairn_budget.c)
 * over one whole file.
 *
 * The budget's arithmetic and the metered buffer first; then whole files
 * through cairn_process() with the real plugins under budgets from ample
 * down to less than the input: every run gives either the same result as
 * an ample budget or a file error saying how much the file needs, in the
 * step (reading, solving, the result) that passed the budget, and the
 * same bytes every time for the same budget.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_budget.h"
#include "cairn_buf.h"
#include "cairn_mem.h"
#include "cairn_process.h"
#include "cairn_solve.h"
#include "check_run.h"

START_TEST(budget_counts)
{
	struct cairn_budget b;

	cairn_budget_init(&b, 100);
	ck_assert_int_eq(cairn_budget_charge(&b, 60), 0);
	ck_assert_int_eq(cairn_budget_charge(&b, 41), -ENOMEM);
	ck_assert_int_eq(b.over, 1);
	ck_assert_uint_eq(b.used, 60);
	ck_assert_uint_eq(cairn_budget_left(&b), 40);
	cairn_budget_add(&b, 50);
	ck_assert_uint_eq(b.used, 110);
	ck_assert_uint_eq(cairn_budget_left(&b), 0);
	ck_assert_int_eq(cairn_budget_charge(&b, 1), -ENOMEM);
	cairn_budget_release(&b, 100);
	ck_assert_uint_eq(b.used, 10);
	ck_assert_uint_eq(b.peak, 110);
	cairn_budget_release(&b, 20);
	ck_assert_uint_eq(b.used, 0);
	/* No limit, and no budget at all. */
	cairn_budget_init(&b, 0);
	ck_assert_int_eq(cairn_budget_charge(&b, UINT64_MAX / 2), 0);
	ck_assert_int_eq(b.over, 0);
	ck_assert_uint_eq(cairn_budget_left(&b), UINT64_MAX);
	ck_assert_int_eq(cairn_budget_charge(NULL, 5), 0);
	ck_assert_uint_eq(cairn_budget_left(NULL), UINT64_MAX);
	/* glibc's chunks: 16-byte steps of 32 or more; mapped blocks: pages. */
	ck_assert_uint_eq(cairn_budget_cost(0), 0);
	ck_assert_uint_eq(cairn_budget_cost(1), 32);
	ck_assert_uint_eq(cairn_budget_cost(24), 32);
	ck_assert_uint_eq(cairn_budget_cost(25), 48);
	ck_assert_uint_eq(cairn_budget_cost(1000), 1008);
	ck_assert_uint_eq(cairn_budget_cost(128 * 1024), 132 * 1024);
	ck_assert_uint_eq(cairn_budget_cost(1 << 20), (1 << 20) + 4096);
}
END_TEST

START_TEST(metered_buffer)
{
	struct cairn_budget b;
	struct cairn_buf buf = CAIRN_BUF_INIT;
	size_t i;

	cairn_budget_init(&b, 4096);
	cairn_buf_meter(&buf, &b);
	for (i = 0; i < 1000; i++)
		cairn_buf_addf(&buf, "%04zu,", i);
	/* It kept what fitted and counted the rest. */
	ck_assert_int_eq(buf.over, 1);
	ck_assert_uint_eq(buf.len, 5000);
	ck_assert_uint_le(b.used, 4096);
	ck_assert_uint_eq(b.used, cairn_budget_cost(buf.cap));
	ck_assert_uint_lt(buf.cap, 4096);
	ck_assert_int_eq(strncmp(buf.data, "0000,0001,", 10), 0);
	cairn_buf_add(&buf, "x", 1);
	cairn_buf_adds(&buf, "yz");
	cairn_buf_add_i64(&buf, -12);
	ck_assert_uint_eq(buf.len, 5006);
	/* Empty again, it stores while the budget lasts. */
	cairn_buf_reset(&buf);
	cairn_buf_adds(&buf, "abc");
	ck_assert_int_eq(buf.over, 0);
	ck_assert_str_eq(buf.data, "abc");
	cairn_buf_meter(&buf, NULL);
	ck_assert_uint_eq(b.used, 0);
	/* Unmetered, it grows as before. */
	for (i = 0; i < 1000; i++)
		cairn_buf_addf(&buf, "%04zu,", i);
	ck_assert_uint_eq(buf.len, 5003);
	ck_assert_int_eq(buf.over, 0);
	cairn_buf_meter(&buf, &b);
	ck_assert_uint_eq(b.used, cairn_budget_cost(buf.cap));
	cairn_buf_free(&buf);
	ck_assert_uint_eq(b.used, 0);
}
END_TEST

static struct cairn_registry reg;
static struct cairn_settings set;

static void setup(void)
{
	const char *dir = getenv("CAIRN_PLUGIN_DIR_BUILD");
	char err[1024];

	ck_assert_msg(dir != NULL, "CAIRN_PLUGIN_DIR_BUILD is not set");
	memset(&reg, 0, sizeof reg);
	ck_assert_int_ge(cairn_plugins_load_dir(&reg, dir, NULL, NULL, err,
						sizeof err), 1);
	memset(&set, 0, sizeof set);
	set.registry = &reg;
	set.solver = "auto";
	set.limits.max_piles = 1000000;
	set.limits.max_file_bytes = 1u << 26;
}

static void teardown(void)
{
	cairn_plugins_free(&reg);
}

/* process - `text` as `source` under `budget`: the result, and its stats */
static char *process(const char *source, const struct cairn_buf *text,
		     uint64_t budget, struct cairn_stats *st)
{
	struct cairn_buf out = CAIRN_BUF_INIT;
	atomic_int cancel = 0;

	set.memory_budget = budget;
	ck_assert_int_eq(cairn_process(source, text->data, text->len, &set,
				       &cancel, &out, st), 0);
	ck_assert_ptr_null(out.budget);
	return cairn_buf_steal(&out);
}

/* The kinds of outcome, as the step that passed the budget. */
enum outcome { OK, READ, SOLVE, RESULT, BYTES, NOUTCOMES };

static enum outcome outcome_of(const char *result, const char *ok,
			       uint64_t budget)
{
	static const char *const step[] = {
		[READ] = "reading the file needs about ",
		[SOLVE] = " of memory to solve (",
		[RESULT] = " of memory to process (",
		[BYTES] = " of memory to read (",
	};
	char tail[96], b[32];
	int k;

	if (strcmp(result, ok) == 0)
		return OK;
	cairn_solve_format_bytes(b, sizeof b, budget);
	snprintf(tail, sizeof tail, ", more than memory_budget (%s)", b);
	ck_assert_msg(strstr(result, tail) != NULL, "%s", result);
	for (k = READ; k < NOUTCOMES; k++)
		if (strstr(result, step[k]) != NULL)
			return (enum outcome)k;
	ck_abort_msg("no step named: %s", result);
	return OK;
}

/*
 * sweep - process text under budgets from `from` down in steps of
 * `step`, and under 1 byte: each gives the ample result or a file error,
 * and the outcomes met are returned as bits
 */
static unsigned sweep(const char *source, const struct cairn_buf *text,
		      uint64_t from, uint64_t step)
{
	struct cairn_stats st, st2;
	unsigned seen = 0;
	char *ok, *got, *again;
	uint64_t b;
	enum outcome o;

	ok = process(source, text, 1u << 30, &st);
	ck_assert_int_eq(st.file_error, 0);
	for (b = from; b > 0; b = b > step ? b - step : b > 1 ? 1 : 0) {
		got = process(source, text, b, &st);
		o = outcome_of(got, ok, b);
		ck_assert_int_eq(st.file_error, o != OK);
		/* The same budget, the same bytes (at each first refusal). */
		if (!(seen & 1u << o)) {
			again = process(source, text, b, &st2);
			ck_assert_str_eq(got, again);
			free(again);
		}
		seen |= 1u << o;
		free(got);
	}
	free(ok);
	return seen;
}

/*
 * Many one-pile puzzles: the puzzles take more than the text, and the
 * result is built last, so every step passes the budget at some budget.
 */
START_TEST(every_step_refuses)
{
	struct cairn_buf text = CAIRN_BUF_INIT;
	unsigned seen;
	size_t i;

	for (i = 0; i < 1000; i++)
		cairn_buf_addf(&text, "%zu\n", i % 97);
	seen = sweep("many.csv", &text, 600 * 1024, 8192);
	ck_assert_uint_eq(seen, 1u << OK | 1u << READ | 1u << RESULT |
			  1u << BYTES);
	cairn_buf_reset(&text);
	/*
	 * Moves asked for: solving adds a string per puzzle.  In CSV: a YAML
	 * file reserves a string as long as itself while it is read, which
	 * covers what these strings add.
	 */
	cairn_buf_adds(&text, "piles,moves\n");
	for (i = 0; i < 200; i++)
		cairn_buf_addf(&text, "%zu 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 "
			       "17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 "
			       "33 34 35 36 37 38 39 40,true\n", i);
	seen = sweep("moves.csv", &text, 384 * 1024, 2048);
	ck_assert_msg(seen & 1u << SOLVE, "seen %#x", seen);
	ck_assert_uint_eq(seen & (1u << OK | 1u << READ | 1u << BYTES),
			  1u << OK | 1u << READ | 1u << BYTES);
	cairn_buf_free(&text);
}
END_TEST

/* The exact words, where they do not depend on the cost model. */
START_TEST(messages)
{
	struct cairn_buf text = CAIRN_BUF_INIT;
	struct cairn_stats st;
	char *got, want[512], need[32];
	size_t i;

	cairn_buf_adds(&text, "piles: [5, 3, 4, 5]\n");
	got = process("t.yaml", &text, 20, &st);
	/* The job's own buffers (64 KiB) and the 20 bytes. */
	cairn_solve_format_bytes(need, sizeof need, 64 * 1024 + cairn_budget_cost(20));
	snprintf(want, sizeof want, "format: cairn-result/1\n"
		 "source: t.yaml\n"
		 "status: error\n"
		 "error: \"the file needs about %s of memory to read (20 B for "
		 "its bytes alone), more than memory_budget (20 B)\"\n"
		 "puzzles: []\n"
		 "summary: {puzzles: 0, solved: 0, errors: 0, graded: 0, "
		 "correct: 0, wrong: 0, missing: 0, invalid: 0, "
		 "score: null}\n", need);
	ck_assert_str_eq(got, want);
	ck_assert_int_eq(st.file_error, 1);
	free(got);
	/*
	 * Room for the bytes but not for one string as long as them: libyaml
	 * would hold such a scalar whole beside the bytes.
	 */
	cairn_buf_reset(&text);
	cairn_buf_adds(&text, "id: \"");
	for (i = 0; i < 200000; i++)
		cairn_buf_addc(&text, 'x');
	cairn_buf_adds(&text, "\"\npiles: [1]\n");
	got = process("long.yaml", &text, 64 * 1024 + cairn_budget_cost(text.len) +
		      4096, &st);
	cairn_solve_format_bytes(need, sizeof need, cairn_budget_cost(text.len));
	snprintf(want, sizeof want, " of memory to read (%s for a string as "
		 "long as the file), more than memory_budget (", need);
	ck_assert_msg(strstr(got, want) != NULL, "%s", got);
	ck_assert_int_eq(st.file_error, 1);
	free(got);
	/* max_puzzles comes from the settings. */
	cairn_buf_reset(&text);
	cairn_buf_adds(&text, "5,3,4,5\n1,2,3\n3,9,1,2\n");
	set.max_puzzles = 2;
	got = process("t.csv", &text, 1u << 30, &st);
	set.max_puzzles = 0;
	/* (whatever columns the CSV result has after `error`) */
	ck_assert_msg(strstr(got, "\n,3,,,,,,,,,,,,,line 3: more than 2 "
			     "puzzles (max_puzzles)") != NULL, "%s", got);
	ck_assert_int_eq(st.file_error, 1);
	free(got);
	cairn_buf_free(&text);
}
END_TEST

/* A solve gets what the budget leaves beside what the file holds. */
START_TEST(solve_gets_the_rest)
{
	struct cairn_buf text = CAIRN_BUF_INIT;
	const struct cairn_plugin *t2 = cairn_plugins_find(&reg, "tuple2d");
	struct cairn_stats st;
	char *got, need[32], want[160];
	uint64_t mem;
	size_t i;

	ck_assert_ptr_nonnull(t2);
	cairn_buf_adds(&text, "solver: tuple2d\npiles: [");
	for (i = 0; i < 300; i++)
		cairn_buf_addf(&text, "%s%zu", i ? ", " : "", i * 7 % 31);
	cairn_buf_adds(&text, "]\n");
	mem = t2->memory(300, CAIRN_WANT_FIRST_MOVE);
	/* Room for the solve alone, not for the solve and the file. */
	got = process("t.yaml", &text, mem, &st);
	cairn_solve_format_bytes(need, sizeof need, mem);
	snprintf(want, sizeof want, "line 1: solver tuple2d needs %s for 300 "
		 "piles, more than memory_budget (%s) leaves beside the ",
		 need, need);
	ck_assert_msg(strstr(got, want) != NULL, "%s", got);
	ck_assert_msg(strstr(got, " this file holds\"\n") != NULL, "%s", got);
	ck_assert_int_eq(st.file_error, 0);
	ck_assert_int_eq(st.errors, 1);
	free(got);
	got = process("t.yaml", &text, mem + 256 * 1024, &st);
	ck_assert_int_eq(st.errors, 0);
	ck_assert_msg(strstr(got, "solver: tuple2d\n") != NULL, "%s", got);
	free(got);
	cairn_buf_free(&text);
}
END_TEST

static Suite *budget_suite(void)
{
	Suite *s = suite_create("budget");
	TCase *tc = tcase_create("budget");
	TCase *files = tcase_create("files");

	tcase_add_test(tc, budget_counts);
	tcase_add_test(tc, metered_buffer);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(files, setup, teardown);
	tcase_set_timeout(files, 120);
	tcase_add_test(files, every_step_refuses);
	tcase_add_test(files, messages);
	tcase_add_test(files, solve_gets_the_rest);
	suite_add_tcase(s, files);
	return s;
}

int main(void)
{
	return cairn_check_run(budget_suite());
}
