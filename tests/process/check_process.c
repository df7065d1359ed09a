/*
 * check_process - the processing core with the real solver plugins:
 * the value bound, solver choice and memory budget, explain, cancellation
 * and the cross-check against a deliberately wrong plugin.
 *
 * Puzzles are built by hand so that these tests do not depend on the
 * readers; the plugins come from the build tree.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_mem.h"
#include "cairn_process.h"
#include "cairn_solve.h"
#include "check_run.h"

static struct cairn_registry reg;
static struct cairn_settings set;
static char logged[1024];
static int nlogged;

static void log_error(void *ctx, const char *msg)
{
	(void)ctx;
	snprintf(logged, sizeof logged, "%s", msg);
	nlogged++;
}

static void load(const char *dir)
{
	char err[1024];

	ck_assert_msg(dir != NULL, "CAIRN_PLUGIN_DIR_BUILD is not set");
	ck_assert_int_ge(cairn_plugins_load_dir(&reg, dir, NULL, NULL, err,
						sizeof err), 1);
}

static void setup(void)
{
	memset(&reg, 0, sizeof reg);
	load(getenv("CAIRN_PLUGIN_DIR_BUILD"));
	memset(&set, 0, sizeof set);
	set.registry = &reg;
	set.solver = "auto";
	set.memory_budget = 1u << 30;
	set.limits.max_piles = 1000000;
	set.limits.max_file_bytes = 1u << 26;
	set.log_error = log_error;
	nlogged = 0;
	logged[0] = '\0';
}

static void teardown(void)
{
	cairn_plugins_free(&reg);
}

static struct cairn_puzzle *add(struct cairn_input *in, const int64_t *a,
				size_t n)
{
	struct cairn_puzzle *p = cairn_puzzle_input_add(in);

	p->id = cairn_xasprintf("#%zu", in->npuzzles);
	p->line = in->npuzzles;
	p->n = n;
	p->piles = cairn_xmalloc(n * sizeof *a);
	memcpy(p->piles, a, n * sizeof *a);
	return p;
}

static struct cairn_input in;

static void run(int cancel_value, int want_rc)
{
	atomic_int cancel = cancel_value;

	ck_assert_int_eq(cairn_process_input(&in, &set, &cancel), want_rc);
}

START_TEST(value_bound)
{
	static const int64_t max[] = { INT64_MAX };
	static const int64_t halves[] = { INT64_C(1) << 62, (INT64_C(1) << 62) - 1 };
	static const int64_t neg[] = { -(INT64_C(1) << 62), -((INT64_C(1) << 62) - 1) };
	static const int64_t over[] = { INT64_MAX, 1 };
	static const int64_t min[] = { INT64_MIN };
	static const int64_t mixed[] = { (INT64_C(1) << 62), -(INT64_C(1) << 62) };
	static const char too_large[] = ": piles: values too large (the sum of "
					"absolute values exceeds 2^63-1)";
	char want[128];

	cairn_puzzle_input_init(&in, "bound.yaml", CAIRN_FORMAT_YAML);
	add(&in, max, 1);
	add(&in, halves, 2);
	add(&in, neg, 2);
	add(&in, over, 2);
	add(&in, min, 1);
	add(&in, mixed, 2);
	run(0, 0);
	ck_assert_ptr_null(in.puzzles[0].error);
	ck_assert_int_eq(in.puzzles[0].out.diff, INT64_MAX);
	ck_assert_int_eq(in.puzzles[0].out.alice, INT64_MAX);
	ck_assert_int_eq(in.puzzles[0].out.bob, 0);
	ck_assert_ptr_null(in.puzzles[1].error);
	ck_assert_int_eq(in.puzzles[1].out.diff, 1);
	ck_assert_int_eq(in.puzzles[1].out.alice, INT64_C(1) << 62);
	ck_assert_ptr_null(in.puzzles[2].error);
	ck_assert_int_eq(in.puzzles[2].out.diff, 1);
	ck_assert_int_eq(in.puzzles[2].out.alice, -((INT64_C(1) << 62) - 1));
	ck_assert_int_eq(in.puzzles[2].out.bob, -(INT64_C(1) << 62));
	snprintf(want, sizeof want, "line 4%s", too_large);
	ck_assert_str_eq(in.puzzles[3].error, want);
	snprintf(want, sizeof want, "line 5%s", too_large);
	ck_assert_str_eq(in.puzzles[4].error, want);
	snprintf(want, sizeof want, "line 6%s", too_large);
	ck_assert_str_eq(in.puzzles[5].error, want);
	cairn_puzzle_input_free(&in);
}
END_TEST

/* reference_diff - d(0,n-1) by the plain recurrence, independent of the plugins */
static int64_t reference_diff(const int64_t *a, size_t n)
{
	int64_t *d = cairn_xmalloc(n * sizeof *d), v;
	size_t len, i;

	memcpy(d, a, n * sizeof *d);
	for (len = 2; len <= n; len++)
		for (i = 0; i + len <= n; i++) {
			int64_t l = a[i] - d[i + 1], r = a[i + len - 1] - d[i];

			d[i] = l >= r ? l : r;
		}
	v = d[0];
	free(d);
	return v;
}

START_TEST(auto_and_named)
{
	static const int64_t a[] = { 3, 9, 1, 2 };
	const struct cairn_plugin *t2;
	char need[32], want[256];
	struct cairn_puzzle *p;
	int64_t big[2000];
	size_t i;

	for (i = 0; i < 2000; i++)
		big[i] = (int64_t)((i * 7919) % 23) - 11;
	cairn_puzzle_input_init(&in, "x.yaml", CAIRN_FORMAT_YAML);
	add(&in, big, 2000);
	p = add(&in, big, 2000);
	p->solver = cairn_xstrdup("tuple2d");
	p = add(&in, a, 4);
	p->solver = cairn_xstrdup("nope");
	set.memory_budget = 100000;
	run(0, 0);
	/* For a long row and no moves, the O(n) solver is the cheapest. */
	ck_assert_ptr_null(in.puzzles[0].error);
	ck_assert_str_eq(in.puzzles[0].out.solver, "linear");
	ck_assert_int_eq(in.puzzles[0].out.diff, reference_diff(big, 2000));
	ck_assert_int_ne(in.puzzles[0].out.first_move, -1);
	ck_assert_ptr_null(in.puzzles[0].out.moves);
	t2 = cairn_plugins_find(&reg, "tuple2d");
	ck_assert_ptr_nonnull(t2);
	cairn_solve_format_bytes(need, sizeof need, t2->memory(2000, CAIRN_WANT_FIRST_MOVE));
	snprintf(want, sizeof want, "line 2: solver tuple2d needs %s for 2000 "
		 "piles, more than memory_budget (97.7 KiB)", need);
	ck_assert_str_eq(in.puzzles[1].error, want);
	ck_assert_str_eq(in.puzzles[2].error, "line 3: solver: unknown solver "
			 "\"nope\" (loaded: diff1d, diff2d, linear, tuple2d)");
	cairn_puzzle_input_free(&in);
}
END_TEST

START_TEST(every_solver_and_moves)
{
	static const int64_t rows[][4] = {
		{ 5, 3, 4, 5 }, { 1, 2, 3, 0 }, { 3, 9, 1, 2 }, { 1, 100, 3, 0 },
	};
	static const size_t lens[] = { 4, 3, 4, 3 };
	static const int64_t diffs[] = { 1, 2, 7, -96 };
	static const char *const moves[] = { "LRRL", "RRL", "RLLL", "LLL" };
	static const char *const names[] = { "tuple2d", "diff2d", "diff1d", "linear" };
	struct cairn_puzzle *p;
	size_t i, k;

	for (k = 0; k < 4; k++) {
		cairn_puzzle_input_init(&in, "x.yaml", CAIRN_FORMAT_YAML);
		set.force_solver = names[k];
		set.force_moves = 1;
		for (i = 0; i < 4; i++)
			add(&in, rows[i], lens[i]);
		run(0, 0);
		for (i = 0; i < 4; i++) {
			p = &in.puzzles[i];
			ck_assert_ptr_null(p->error);
			ck_assert_str_eq(p->out.solver, names[k]);
			ck_assert_int_eq(p->out.diff, diffs[i]);
			ck_assert_str_eq(p->out.moves, moves[i]);
			ck_assert_int_eq(p->out.first_move, moves[i][0] == 'R');
		}
		cairn_puzzle_input_free(&in);
	}
}
END_TEST

START_TEST(explain)
{
	static const int64_t a[] = { 5, 3, 4, 5 };
	static const int64_t d[16] = {
		5, 2, 4, 1,
		0, 3, 1, 4,
		0, 0, 4, 1,
		0, 0, 0, 5,
	};
	int64_t big[21] = { 0 };
	size_t i, j;

	cairn_puzzle_input_init(&in, "x.yaml", CAIRN_FORMAT_YAML);
	add(&in, a, 4)->explain = 1;
	add(&in, big, 21)->explain = 1;
	add(&in, big, 20)->explain = 1;
	run(0, 0);
	for (i = 0; i < 4; i++)
		for (j = i; j < 4; j++)
			ck_assert_int_eq(in.puzzles[0].out.table[i * 4 + j], d[i * 4 + j]);
	ck_assert_str_eq(in.puzzles[1].error, "line 2: explain: the DP table is "
			 "shown for at most 20 piles, this puzzle has 21");
	ck_assert_ptr_null(in.puzzles[2].error);
	ck_assert_ptr_nonnull(in.puzzles[2].out.table);
	cairn_puzzle_input_free(&in);
}
END_TEST

START_TEST(cancellation)
{
	static const int64_t a[] = { 5, 3, 4, 5 };

	set.force_solver = "linear";
	cairn_puzzle_input_init(&in, "x.yaml", CAIRN_FORMAT_YAML);
	add(&in, a, 4);
	run(CAIRN_CANCEL_TIMEOUT, 0);
	ck_assert_str_eq(in.puzzles[0].error, "line 1: solver linear: cancelled "
			 "(job_timeout_s reached)");
	cairn_puzzle_input_free(&in);
	cairn_puzzle_input_init(&in, "x.yaml", CAIRN_FORMAT_YAML);
	add(&in, a, 4);
	run(CAIRN_CANCEL_SHUTDOWN, -ECANCELED);
	cairn_puzzle_input_free(&in);
}
END_TEST

START_TEST(cross_check_disagreement)
{
	static const int64_t a[] = { 3, 9, 1, 2 };
	const char *top = getenv("top_builddir");
	char path[1024], err[1024], want[256];
	const struct cairn_plugin *other;
	struct cairn_puzzle *p;

	snprintf(path, sizeof path, "%s/tests/plugins/.libs/wrong.so",
		 top ? top : ".");
	ck_assert_int_eq(cairn_plugins_load_file(&reg, path, err, sizeof err), 0);
	set.cross_check = 1;
	cairn_puzzle_input_init(&in, "x.yaml", CAIRN_FORMAT_YAML);
	p = add(&in, a, 4);
	p->expect.present = 1;
	p->expect.given = CAIRN_EXPECT_BIT(CAIRN_EXPECT_DIFF);
	p->expect.diff = 7;
	add(&in, a, 4);		/* ungraded: not cross-checked */
	other = cairn_solve_pick(&reg, 4, CAIRN_WANT_FIRST_MOVE | CAIRN_WANT_MOVES,
				 set.memory_budget, "wrong");
	ck_assert_ptr_nonnull(other);
	snprintf(want, sizeof want, "solvers disagree: wrong gives diff 8, "
		 "first_move right; %s gives diff 7, first_move right",
		 other->name);
	run(0, 0);
	ck_assert_str_eq(in.puzzles[0].error, want);
	ck_assert_int_eq(in.puzzles[0].out.verdict, CAIRN_VERDICT_NONE);
	ck_assert_int_eq(nlogged, 1);
	ck_assert_str_eq(logged, in.puzzles[0].error);
	ck_assert_ptr_null(in.puzzles[1].error);
	ck_assert_str_eq(in.puzzles[1].out.solver, "wrong");
	cairn_puzzle_input_free(&in);
}
END_TEST

START_TEST(cross_check_agreement_grades)
{
	static const int64_t a[] = { 3, 9, 1, 2 };
	struct cairn_puzzle *p;

	set.cross_check = 1;
	cairn_puzzle_input_init(&in, "x.yaml", CAIRN_FORMAT_YAML);
	p = add(&in, a, 4);
	p->expect.present = 1;
	p->expect.given = CAIRN_EXPECT_BIT(CAIRN_EXPECT_DIFF);
	p->expect.diff = 7;
	run(0, 0);
	ck_assert_ptr_null(in.puzzles[0].error);
	ck_assert_int_eq(in.puzzles[0].out.verdict, CAIRN_VERDICT_CORRECT);
	ck_assert_int_eq(nlogged, 0);
	cairn_puzzle_input_free(&in);
}
END_TEST

/* A solver whose every allocation fails; memory() says what it needs. */
static uint64_t starved_need;
static uint64_t starved_memory(size_t n, unsigned want)
{
	(void)n;
	(void)want;
	return starved_need;
}
static double starved_cost(size_t n, unsigned want)
{
	(void)n;
	(void)want;
	return 1;
}
static int starved_solve(const struct cairn_solve_request *req,
			 struct cairn_solve_answer *ans)
{
	(void)ans;
	snprintf(req->err, req->errlen, "no memory");
	return -ENOMEM;
}

static const struct cairn_plugin starved = {
	CAIRN_PLUGIN_ABI, sizeof(struct cairn_plugin), "starved",
	"fails every allocation", starved_memory, starved_cost, starved_solve,
};

/* starve - register starved, saying it needs `need` bytes */
static void starve(uint64_t need)
{
	char err[256];

	ck_assert_int_eq(cairn_plugins_add(&reg, &starved, "test", err, sizeof err), 0);
	starved_need = need;
}

/* process_text - cairn_process of text as `name` into out (emptied first) */
static int process_text(const char *name, const char *text, struct cairn_buf *out,
			struct cairn_stats *st)
{
	atomic_int cancel = 0;

	cairn_buf_reset(out);
	return cairn_process(name, text, strlen(text), &set, &cancel, out, st);
}

/*
 * Issue 9: out of memory within the room a solver said it needs is a
 * failed allocation, retried (cairn_process returns -ENOMEM and writes
 * nothing); past the budget it is the puzzle's error, as before.
 */
START_TEST(solver_out_of_memory_is_transient)
{
	struct cairn_buf out = CAIRN_BUF_INIT;
	struct cairn_stats st;
	const char *text = "solver: starved\npiles: [5, 3, 4, 5]\n";

	starve(1024);
	ck_assert_int_eq(process_text("t.yaml", text, &out, &st), -ENOMEM);
	starved_need = (uint64_t)1 << 40;
	ck_assert_int_eq(process_text("t.yaml", text, &out, &st), 0);
	ck_assert_msg(strstr(out.data, "error: \"line 1: solver starved needs ") != NULL,
		      "%s", out.data);
	ck_assert_int_eq(st.errors, 1);
	cairn_buf_free(&out);
}
END_TEST

/*
 * The same in the second solve of cross_check and in grading's solves of
 * sub-rows: a failed allocation there is retried too, never published
 * as the puzzle's error.  starved, the cheapest solver, is the one both
 * pick; the puzzle itself names linear.
 */
START_TEST(cross_check_out_of_memory_is_transient)
{
	struct cairn_buf out = CAIRN_BUF_INIT;
	struct cairn_stats st;

	starve(1024);
	set.cross_check = 1;
	ck_assert_int_eq(process_text("c.yaml", "solver: linear\npiles: [3, 9, 1, 2]\n"
				      "expect: {diff: 7}\n", &out, &st), -ENOMEM);
	set.cross_check = 0;
	ck_assert_int_eq(process_text("g.yaml", "solver: linear\npiles: [3, 9, 1, 2]\n"
				      "expect: {moves: LLLL}\n", &out, &st), -ENOMEM);
	cairn_buf_free(&out);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("process");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, value_bound);
	tcase_add_test(tc, auto_and_named);
	tcase_add_test(tc, every_solver_and_moves);
	tcase_add_test(tc, explain);
	tcase_add_test(tc, cancellation);
	tcase_add_test(tc, cross_check_disagreement);
	tcase_add_test(tc, cross_check_agreement_grades);
	tcase_add_test(tc, solver_out_of_memory_is_transient);
	tcase_add_test(tc, cross_check_out_of_memory_is_transient);
	suite_add_tcase(s, tc);
	return cairn_check_run(s);
}
