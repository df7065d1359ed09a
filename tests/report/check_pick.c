/*
 * check_pick - one result per submitter and problem set.
 *
 * Results are built by hand: a source, a submitter, a problem set, a
 * modification time and points; each case lists them in argument order
 * and the sources the report must keep, in the order it keeps them.  Every
 * case is also run with its results in reverse order, where the same ones
 * must be kept (ties never depend on the order of the arguments, except
 * for results that are identical in everything but their position).
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_mem.h"
#include "cairn_report.h"
#include "cairn_report_pick.h"
#include "check_run.h"

struct res {
	const char *source, *submitter, *problem_set;
	int64_t sec;
	long nsec;
	int points, max_points;		/* max_points -1: a file error */
};

struct pick_case {
	const char *name;
	enum cairn_pick how;
	struct res in[6];
	const char *want;		/* kept sources, space-separated */
};

static const struct pick_case cases[] = {
	{ "latest: by seconds, then nanoseconds", CAIRN_PICK_LATEST, {
		{ "a1.yaml", "Ann", "hw1", 100, 5, 1, 2 },
		{ "b1.yaml", "Bo", "hw1", 100, 0, 2, 2 },
		{ "a2.yaml", "Ann", "hw1", 101, 0, 0, 2 },
		{ "b2.yaml", "Bo", "hw1", 100, 7, 0, 2 },
		{ "a3.yaml", "Ann", "hw1", 100, 999999999, 2, 2 },
	  }, "a2.yaml b2.yaml" },
	{ "best: by score, exactly", CAIRN_PICK_BEST, {
		{ "a1.yaml", "Ann", "hw1", 100, 0, 1, 3 },
		{ "a2.yaml", "Ann", "hw1", 200, 0, 333333, 1000000 },
		{ "a3.yaml", "Ann", "hw1", 300, 0, 0, 5 },
	  }, "a1.yaml" },
	{ "best: equal scores go to the latest", CAIRN_PICK_BEST, {
		{ "a1.yaml", "Ann", "hw1", 300, 0, 2, 4 },
		{ "a2.yaml", "Ann", "hw1", 400, 0, 1, 2 },
		{ "a3.yaml", "Ann", "hw1", 500, 0, 1, 4 },
	  }, "a2.yaml" },
	{ "best: no score ranks below 0", CAIRN_PICK_BEST, {
		{ "a1.yaml", "Ann", "hw1", 900, 0, 0, -1 },
		{ "a2.yaml", "Ann", "hw1", 100, 0, 0, 3 },
		{ "a3.yaml", "Ann", "hw1", 800, 0, 0, 0 },
	  }, "a2.yaml" },
	{ "latest: equal times go to the greater source name",
	  CAIRN_PICK_LATEST, {
		{ "hw1-b.yaml", "Ann", "hw1", 100, 0, 0, 1 },
		{ "hw1-c.csv", "Ann", "hw1", 100, 0, 1, 1 },
		{ "hw1-a.yaml", "Ann", "hw1", 100, 0, 0, 1 },
	  }, "hw1-c.csv" },
	{ "problem sets apart; no submitter: always kept", CAIRN_PICK_LATEST, {
		{ "x.yaml", NULL, NULL, 100, 0, 0, 1 },
		{ "a1.yaml", "Ann", "hw1", 100, 0, 0, 1 },
		{ "a2.yaml", "Ann", "hw2", 50, 0, 0, 1 },
		{ "y.yaml", NULL, NULL, 200, 0, 0, 1 },
		{ "a3.yaml", "Ann", "hw1", 200, 0, 0, 1 },
		{ "a4.yaml", "Ann", NULL, 10, 0, 0, 1 },
	  }, "x.yaml a2.yaml y.yaml a3.yaml a4.yaml" },
	{ "all: nothing dropped", CAIRN_PICK_ALL, {
		{ "a1.yaml", "Ann", "hw1", 100, 0, 0, 1 },
		{ "a2.yaml", "Ann", "hw1", 200, 0, 0, 1 },
	  }, "a1.yaml a2.yaml" },
};

static size_t build(const struct pick_case *c, int reverse,
		    struct cairn_result_file *rf)
{
	const struct res *r;
	size_t n = 0, i;

	while (n < 6 && c->in[n].source != NULL)
		n++;
	memset(rf, 0, 6 * sizeof *rf);
	for (i = 0; i < n; i++) {
		r = &c->in[reverse ? n - 1 - i : i];
		rf[i].source = cairn_xstrdup(r->source);
		rf[i].submitter = r->submitter ? cairn_xstrdup(r->submitter)
					       : NULL;
		rf[i].problem_set = r->problem_set ?
				    cairn_xstrdup(r->problem_set) : NULL;
		rf[i].mtime_sec = r->sec;
		rf[i].mtime_nsec = r->nsec;
		if (r->max_points < 0) {
			rf[i].error = cairn_xstrdup("unknown problem set");
		} else {
			rf[i].weighted = 1;
			rf[i].points_e4 = (uint64_t)r->points * 10000;
			rf[i].max_points = (uint64_t)r->max_points;
		}
	}
	return n;
}

/* kept - the sources of rf[0..k), space-separated */
static char *kept(const struct cairn_result_file *rf, size_t k)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	size_t i;

	cairn_buf_adds(&b, "");
	for (i = 0; i < k; i++)
		cairn_buf_addf(&b, "%s%s", i ? " " : "", rf[i].source);
	return cairn_buf_steal(&b);
}

/* in_order - want's sources, in the order of the (reversed) arguments */
static char *in_order(const struct cairn_result_file *rf, size_t n,
		      const char *want)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	char *w = cairn_xasprintf(" %s ", want), *pat;
	size_t i;

	cairn_buf_adds(&b, "");
	for (i = 0; i < n; i++) {
		pat = cairn_xasprintf(" %s ", rf[i].source);
		if (strstr(w, pat) != NULL)
			cairn_buf_addf(&b, "%s%s", b.len ? " " : "",
				       rf[i].source);
		free(pat);
	}
	free(w);
	return cairn_buf_steal(&b);
}

START_TEST(test_pick)
{
	const struct pick_case *c = &cases[_i];
	struct cairn_result_file rf[6];
	char *got, *want;
	size_t n, k, i;
	int rev;

	for (rev = 0; rev < 2; rev++) {
		n = build(c, rev, rf);
		want = in_order(rf, n, c->want);
		k = cairn_report_pick(rf, n, c->how);
		got = kept(rf, k);
		ck_assert_msg(strcmp(got, want) == 0, "%s%s: kept \"%s\", "
			      "wanted \"%s\"", c->name, rev ? " (reversed)" :
			      "", got, want);
		for (i = 0; i < n; i++) {	/* the dropped ones are all there */
			ck_assert_ptr_nonnull(rf[i].source);
			cairn_result_file_free(&rf[i]);
		}
		free(got);
		free(want);
	}
}
END_TEST

/* Results equal in all but their position: the one given last. */
START_TEST(test_pick_position)
{
	struct cairn_result_file rf[3];
	size_t i;

	memset(rf, 0, sizeof rf);
	for (i = 0; i < 3; i++) {
		rf[i].source = cairn_xstrdup("hw1.yaml");
		rf[i].submitter = cairn_xstrdup("Ann");
		rf[i].error = cairn_xasprintf("copy %zu", i);
	}
	ck_assert_uint_eq(cairn_report_pick(rf, 3, CAIRN_PICK_BEST), 1);
	ck_assert_str_eq(rf[0].error, "copy 2");
	for (i = 0; i < 3; i++)
		cairn_result_file_free(&rf[i]);
	ck_assert_uint_eq(cairn_report_pick(NULL, 0, CAIRN_PICK_LATEST), 0);
}
END_TEST

START_TEST(test_score_cmp)
{
	static const struct { uint64_t a, b, c, d; int want; } t[] = {
		{ 1, 2, 2, 4, 0 }, { 1, 3, 333333, 1000000, 1 },
		{ 2, 3, 3, 5, 1 }, { 0, 5, 0, 1, 0 }, { 0, 1, 0, 0, 1 },
		{ 0, 0, 0, 0, 0 }, { 5, 5, 7, 7, 0 }, { 3, 2, 1, 1, 1 },
		{ UINT64_MAX - 1, UINT64_MAX, UINT64_MAX - 2, UINT64_MAX - 1, 1 },
		{ 13, 21, 21, 34, 1 }, { 21, 34, 34, 55, -1 },
	};
	size_t i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		ck_assert_int_eq(cairn_report_pick_score_cmp(t[i].a, t[i].b, t[i].c,
							     t[i].d), t[i].want);
		ck_assert_int_eq(cairn_report_pick_score_cmp(t[i].c, t[i].d, t[i].a,
							     t[i].b), -t[i].want);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("pick");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_pick, 0, sizeof cases / sizeof cases[0]);
	tcase_add_test(tc, test_pick_position);
	tcase_add_test(tc, test_score_cmp);
	suite_add_tcase(s, tc);
	return cairn_check_run(s);
}
