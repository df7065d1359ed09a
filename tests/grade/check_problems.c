/*
 * check_problems - resolving submissions against problem sets.
 *
 * Sets are written to a fresh temporary directory TMP/problems; the
 * submissions are built by hand, as the readers would hand them over.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_buf.h"
#include "cairn_mem.h"
#include "cairn_conf.h"
#include "cairn_problems.h"
#include "cairn_process.h"
#include "check_run.h"

static char tmp[64], dir[96];

static const char hw1[] =
	"moves: true\n"
	"puzzles:\n"
	"  - id: p1\n"
	"    piles: [5, 3, 4, 5]\n"
	"  - id: p2\n"
	"    piles: [1, 2, 3]\n"
	"    solver: linear\n"
	"    moves: false\n"
	"  - id: p3\n"
	"    piles: [3, 9, 1, 2]\n";

static void put(const char *name, const char *text)
{
	char *path = cairn_xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fputs(text, f) >= 0, 1);
	ck_assert_int_eq(fclose(f), 0);
	free(path);
}

/* stamp - give a set file a fixed modification time */
static void stamp(const char *name, time_t sec)
{
	struct timespec ts[2] = { { sec, 0 }, { sec, 0 } };
	char *path = cairn_xasprintf("%s/%s", dir, name);

	ck_assert_int_eq(utimensat(AT_FDCWD, path, ts, 0), 0);
	free(path);
}

static void setup(void)
{
	strcpy(tmp, "/tmp/check_problems.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmp));
	snprintf(dir, sizeof dir, "%s/problems", tmp);
	ck_assert_int_eq(mkdir(dir, 0755), 0);
	put("hw1.yaml", hw1);
}

static void teardown(void)
{
	char *cmd = cairn_xasprintf("rm -rf '%s'", tmp);

	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
}

/* answer - add an answer to `id` stating diff (and moves when given) */
static struct cairn_puzzle *answer(struct cairn_input *in, const char *id,
				   unsigned long line, int64_t diff)
{
	struct cairn_puzzle *p = cairn_puzzle_input_add(in);

	p->id = cairn_xstrdup(id);
	p->line = line;
	p->expect.present = 1;
	p->expect.given = CAIRN_EXPECT_BIT(CAIRN_EXPECT_DIFF);
	p->expect.diff = diff;
	return p;
}

static void submission(struct cairn_input *in, const char *set)
{
	cairn_puzzle_input_init(in, "ann.yaml", CAIRN_FORMAT_YAML);
	in->shape = CAIRN_SHAPE_SUBMISSION;
	in->problem_set = cairn_xstrdup(set);
	in->submitter = cairn_xstrdup("Ann");
}

/* piles - "5 3 4 5" */
static char *piles(const struct cairn_puzzle *p)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	size_t i;

	cairn_buf_adds(&b, "");
	for (i = 0; i < p->n; i++)
		cairn_buf_addf(&b, "%s%lld", i ? " " : "", (long long)p->piles[i]);
	return cairn_buf_steal(&b);
}

static void assert_puzzle(const struct cairn_puzzle *p, const char *id,
			  unsigned long line, const char *want_piles,
			  enum cairn_verdict verdict)
{
	char *s = piles(p);

	ck_assert_str_eq(p->id, id);
	ck_assert_uint_eq(p->line, line);
	ck_assert_str_eq(s, want_piles);
	ck_assert_int_eq(p->out.verdict, verdict);
	ck_assert_ptr_null(p->error);
	free(s);
}

START_TEST(test_resolve)
{
	struct cairn_problem_cache *c = cairn_problems_cache_new();
	struct cairn_input in;
	struct cairn_puzzle *p;

	submission(&in, "hw1");
	answer(&in, "p3", 7, 7);
	p = answer(&in, "p1", 3, 1);
	p->expect.given |= CAIRN_EXPECT_BIT(CAIRN_EXPECT_MOVES);
	p->expect.moves = cairn_xstrdup("LRRL");
	p = answer(&in, "p9", 9, 2);
	p->expect.invalid = cairn_xstrdup("line 10, column 3: answers.p9: x");
	answer(&in, "p0", 11, 2);
	cairn_problems_resolve(&in, dir, c, NULL);
	ck_assert_ptr_null(in.error);
	ck_assert_int_eq(in.shape, CAIRN_SHAPE_SUBMISSION);
	ck_assert_str_eq(in.problem_set, "hw1");
	ck_assert_str_eq(in.submitter, "Ann");
	ck_assert_uint_eq(in.npuzzles, 5);

	p = &in.puzzles[0];
	assert_puzzle(p, "p1", 3, "5 3 4 5", CAIRN_VERDICT_NONE);
	ck_assert_int_eq(p->moves, 1);
	ck_assert_ptr_null(p->solver);
	ck_assert_int_eq(p->expect.present, 1);
	ck_assert_str_eq(p->expect.moves, "LRRL");
	ck_assert_int_eq(p->expect.diff, 1);

	p = &in.puzzles[1];		/* unanswered: the set's line */
	assert_puzzle(p, "p2", 5, "1 2 3", CAIRN_VERDICT_MISSING);
	ck_assert_int_eq(p->expect.present, 0);
	ck_assert_str_eq(p->solver, "linear");
	ck_assert_int_eq(p->moves, 0);
	ck_assert_int_eq(p->out.first_move, -1);

	p = &in.puzzles[2];
	assert_puzzle(p, "p3", 7, "3 9 1 2", CAIRN_VERDICT_NONE);
	ck_assert_int_eq(p->expect.diff, 7);

	p = &in.puzzles[3];		/* unknown ids follow, in order */
	assert_puzzle(p, "p9", 9, "", CAIRN_VERDICT_NONE);
	ck_assert_ptr_null(p->piles);
	ck_assert_str_eq(p->expect.invalid,
			 "unknown puzzle id \"p9\" in problem set \"hw1\"");
	p = &in.puzzles[4];
	assert_puzzle(p, "p0", 11, "", CAIRN_VERDICT_NONE);
	ck_assert_int_eq(p->expect.present, 1);
	ck_assert_str_eq(p->expect.invalid,
			 "unknown puzzle id \"p0\" in problem set \"hw1\"");
	cairn_puzzle_input_free(&in);
	cairn_problems_cache_free(c);
}
END_TEST

/* Each puzzle keeps the set's points; an unknown id weighs the default. */
START_TEST(test_points)
{
	struct cairn_input in;

	put("pts.yaml", "puzzles:\n  - {id: p1, piles: [1], points: 5}\n"
	    "  - {id: p2, piles: [2]}\n  - {id: p3, piles: [3], points: 0}\n");
	submission(&in, "pts");
	answer(&in, "p1", 3, 1);
	answer(&in, "p7", 4, 1);
	cairn_problems_resolve(&in, dir, NULL, NULL);
	ck_assert_ptr_null(in.error);
	ck_assert_uint_eq(in.npuzzles, 4);
	ck_assert_int_eq(in.puzzles[0].points, 5);
	ck_assert_int_eq(in.puzzles[1].points, -1);
	ck_assert_uint_eq(CAIRN_POINTS_OF(&in.puzzles[1]), 1);
	ck_assert_int_eq(in.puzzles[2].points, 0);
	ck_assert_uint_eq(CAIRN_POINTS_OF(&in.puzzles[2]), 0);
	ck_assert_str_eq(in.puzzles[3].id, "p7");
	ck_assert_uint_eq(CAIRN_POINTS_OF(&in.puzzles[3]), 1);
	cairn_puzzle_input_free(&in);
}
END_TEST

/* An answer that states nothing counts as no answer. */
START_TEST(test_empty_answer)
{
	struct cairn_input in;
	struct cairn_puzzle *p;

	submission(&in, "hw1");
	p = answer(&in, "p2", 4, 0);
	p->expect.given = 0;
	cairn_problems_resolve(&in, dir, NULL, NULL);
	ck_assert_ptr_null(in.error);
	ck_assert_uint_eq(in.npuzzles, 3);
	assert_puzzle(&in.puzzles[1], "p2", 4, "1 2 3", CAIRN_VERDICT_MISSING);
	ck_assert_int_eq(in.puzzles[1].expect.present, 0);
	cairn_puzzle_input_free(&in);
}
END_TEST

static void expect_file_error(const char *set, const char *text,
			      const char *message)
{
	struct cairn_input in;

	if (text != NULL) {
		char *name = cairn_xasprintf("%s.yaml", set);

		put(name, text);
		free(name);
	}
	submission(&in, set);
	answer(&in, "p1", 3, 1);
	cairn_problems_resolve(&in, dir, NULL, NULL);
	ck_assert_ptr_nonnull(in.error);
	ck_assert_str_eq(in.error, message);
	ck_assert_uint_eq(in.npuzzles, 1);	/* left as it was */
	cairn_puzzle_input_free(&in);
}

START_TEST(test_errors)
{
	expect_file_error("hw9", NULL, "unknown problem set \"hw9\"");
	expect_file_error("../problems/hw1", NULL, "invalid problem set name "
			  "\"../problems/hw1\": letters, digits, '.', '_' and "
			  "'-' only, not starting with '.'");
	expect_file_error(".hw1", NULL, "invalid problem set name \".hw1\": "
			  "letters, digits, '.', '_' and '-' only, not starting "
			  "with '.'");
	expect_file_error("", NULL, "invalid problem set name \"\": letters, "
			  "digits, '.', '_' and '-' only, not starting with '.'");
	expect_file_error("bad", "puzzles:\n  - id: p1\n    piles: [1, x]\n",
			  "problem set \"bad\": problems/bad.yaml: line 3, "
			  "column 16: puzzles[0].piles[1]: \"x\" is not an "
			  "integer");
	expect_file_error("noid", "puzzles:\n  - id: p1\n    piles: [1]\n"
			  "  - piles: [2]\n",
			  "problem set \"noid\": problems/noid.yaml: line 4: "
			  "puzzles[1]: a puzzle of a problem set needs an id");
	expect_file_error("keyed", "puzzles:\n  - id: p1\n    piles: [1]\n"
			  "    expect: {diff: 1}\n",
			  "problem set \"keyed\": problems/keyed.yaml: line 2: "
			  "puzzle \"p1\": a problem set states no answers "
			  "(expect)");
	expect_file_error("pts", "puzzles:\n  - id: p1\n    piles: [1]\n"
			  "    points: -2\n",
			  "problem set \"pts\": problems/pts.yaml: line 4, "
			  "column 13: puzzles[0].points: expected points from "
			  "0 to 1000000000, not -2");
	expect_file_error("sub", "problem_set: hw1\nanswers: {p1: {diff: 1}}\n",
			  "problem set \"sub\": problems/sub.yaml: not a set of "
			  "puzzles");
}
END_TEST

START_TEST(test_not_regular)
{
	struct cairn_input in;
	char *path = cairn_xasprintf("%s/d.yaml", dir);

	ck_assert_int_eq(mkdir(path, 0755), 0);
	submission(&in, "d");
	cairn_problems_resolve(&in, dir, NULL, NULL);
	ck_assert_str_eq(in.error, "problem set \"d\": problems/d.yaml: not a "
			 "regular file");
	cairn_puzzle_input_free(&in);
	free(path);
}
END_TEST

START_TEST(test_too_large)
{
	struct cairn_limits small = { 1000, 20 };
	struct cairn_input in;

	submission(&in, "hw1");
	cairn_problems_resolve(&in, dir, NULL, &small);
	ck_assert_str_eq(in.error, "problem set \"hw1\": problems/hw1.yaml: "
			 "larger than max_file_bytes (20)");
	cairn_puzzle_input_free(&in);
}
END_TEST

/* first_piles - the piles of the first puzzle after resolving, or the error */
static char *first_piles(struct cairn_problem_cache *c, const char *set)
{
	struct cairn_input in;
	char *s;

	submission(&in, set);
	cairn_problems_resolve(&in, dir, c, NULL);
	s = in.error ? cairn_xstrdup(in.error) : piles(&in.puzzles[0]);
	cairn_puzzle_input_free(&in);
	return s;
}

static void assert_first(struct cairn_problem_cache *c, const char *set,
			 const char *want)
{
	char *s = first_piles(c, set);

	ck_assert_str_eq(s, want);
	free(s);
}

START_TEST(test_cache_reload)
{
	struct cairn_problem_cache *c = cairn_problems_cache_new();
	char *gone;

	put("r.yaml", "puzzles: [{id: a, piles: [1, 2]}]\n");
	stamp("r.yaml", 1000000000);
	assert_first(c, "r", "1 2");
	/* same size and time: the cached copy is served */
	put("r.yaml", "puzzles: [{id: a, piles: [7, 8]}]\n");
	stamp("r.yaml", 1000000000);
	assert_first(c, "r", "1 2");
	/* a new modification time is a new set */
	stamp("r.yaml", 1000000001);
	assert_first(c, "r", "7 8");
	/* a broken set is reported, then a fixed one is used */
	put("r.yaml", "puzzles: [{id: a, piles: [7, x]}]\n");
	stamp("r.yaml", 1000000002);
	assert_first(c, "r", "problem set \"r\": problems/r.yaml: line 1, "
		     "column 30: puzzles[0].piles[1]: \"x\" is not an integer");
	put("r.yaml", "puzzles: [{id: a, piles: [5]}]\n");
	assert_first(c, "r", "5");
	/* a set that disappears is unknown */
	put("gone.yaml", "puzzles: [{id: a, piles: [4]}]\n");
	assert_first(c, "gone", "4");
	gone = cairn_xasprintf("%s/gone.yaml", dir);
	ck_assert_int_eq(unlink(gone), 0);
	assert_first(c, "gone", "unknown problem set \"gone\"");
	free(gone);
	cairn_problems_cache_free(c);
}
END_TEST

struct worker {
	struct cairn_problem_cache *c;
	int bad;
};

static void *work(void *arg)
{
	struct worker *w = arg;
	char *s;
	int i;

	for (i = 0; i < 200; i++) {
		s = first_piles(w->c, "r");
		if (strcmp(s, "1 2") != 0 && strcmp(s, "3 4") != 0)
			w->bad++;
		free(s);
	}
	return NULL;
}

/* Readers and a writer at once: every reader sees one whole set. */
START_TEST(test_threads)
{
	struct cairn_problem_cache *c = cairn_problems_cache_new();
	struct worker w[4];
	pthread_t t[4];
	char *path = cairn_xasprintf("%s/r.yaml", dir), *next;
	int i;

	put("r.yaml", "puzzles: [{id: a, piles: [1, 2]}]\n");
	for (i = 0; i < 4; i++) {
		w[i].c = c;
		w[i].bad = 0;
		ck_assert_int_eq(pthread_create(&t[i], NULL, work, &w[i]), 0);
	}
	next = cairn_xasprintf("%s/r.yaml.new", dir);
	for (i = 0; i < 100; i++) {
		FILE *f = fopen(next, "w");

		ck_assert_ptr_nonnull(f);
		fprintf(f, "puzzles: [{id: a, piles: [%s]}]\n",
			i % 2 ? "1, 2" : "3, 4");
		ck_assert_int_eq(fclose(f), 0);
		ck_assert_int_eq(rename(next, path), 0);
	}
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(pthread_join(t[i], NULL), 0);
		ck_assert_int_eq(w[i].bad, 0);
	}
	free(next);
	free(path);
	cairn_problems_cache_free(c);
}
END_TEST

/* Nothing to do for files that are not submissions or already failed. */
START_TEST(test_untouched)
{
	struct cairn_input in;

	submission(&in, "hw1");
	in.shape = CAIRN_SHAPE_PUZZLES;
	answer(&in, "p1", 3, 1);
	cairn_problems_resolve(&in, dir, NULL, NULL);
	ck_assert_ptr_null(in.error);
	ck_assert_uint_eq(in.npuzzles, 1);
	ck_assert_ptr_null(in.puzzles[0].piles);
	in.shape = CAIRN_SHAPE_SUBMISSION;
	cairn_puzzle_input_fail(&in, 1, cairn_xstrdup("earlier"));
	cairn_problems_resolve(&in, dir, NULL, NULL);
	ck_assert_str_eq(in.error, "earlier");
	ck_assert_uint_eq(in.npuzzles, 1);
	cairn_puzzle_input_free(&in);
}
END_TEST

/* mem_get - the sets of a problem source in memory: NAME=TEXT pairs */
static int mem_get(void *ctx, const char *name, const char **data,
		   size_t *len)
{
	const char *const *sets = ctx;

	for (; sets[0] != NULL; sets += 2)
		if (strcmp(sets[0], name) == 0) {
			*data = sets[1];
			*len = strlen(sets[1]);
			return sets[1][0] == '!' ? -EIO : 0;
		}
	return -ENOENT;
}

/* A problem-set source that is not a directory gives what a directory does. */
START_TEST(test_from_memory)
{
	static const char *const sets[] = {
		"hw1", hw1,
		"bad", "puzzles:\n  - id: p1\n    piles: [1, x]\n",
		"io", "!",
		NULL,
	};
	static const struct { const char *set, *error; } cases[] = {
		{ "hw1", NULL },
		{ "hw9", "unknown problem set \"hw9\"" },
		{ "../x", "invalid problem set name \"../x\": letters, digits, "
			  "'.', '_' and '-' only, not starting with '.'" },
		{ "bad", "problem set \"bad\": problems/bad.yaml: line 3, "
			 "column 16: puzzles[0].piles[1]: \"x\" is not an "
			 "integer" },
		{ "io", "problem set \"io\": problems/io.yaml: Input/output "
			"error" },
	};
	const struct cairn_problem_source src = {
		mem_get, (void *)sets, "problems",
	};
	struct cairn_settings st;
	struct cairn_limits lim;
	struct cairn_conf conf;
	struct cairn_input in;
	size_t i;

	/* The configuration's limits, whatever limits there are. */
	cairn_conf_defaults(&conf);
	cairn_process_settings_init(&st, &conf, NULL, NULL, NULL);
	lim = st.limits;
	cairn_conf_free(&conf);

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		submission(&in, cases[i].set);
		answer(&in, "p3", 7, 7);
		cairn_problems_resolve_from(&in, &src, &lim);
		if (cases[i].error == NULL) {
			ck_assert_ptr_null(in.error);
			ck_assert_uint_eq(in.npuzzles, 3);
			assert_puzzle(&in.puzzles[2], "p3", 7, "3 9 1 2",
				      CAIRN_VERDICT_NONE);
		} else {
			ck_assert_str_eq(in.error, cases[i].error);
		}
		cairn_puzzle_input_free(&in);
	}
	/* max_file_bytes holds for a set from memory too. */
	lim.max_file_bytes = 10;
	submission(&in, "hw1");
	cairn_problems_resolve_from(&in, &src, &lim);
	ck_assert_str_eq(in.error, "problem set \"hw1\": problems/hw1.yaml: "
			 "larger than max_file_bytes (10)");
	cairn_puzzle_input_free(&in);
}
END_TEST

static Suite *problems_suite(void)
{
	Suite *s = suite_create("problems");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_resolve);
	tcase_add_test(tc, test_empty_answer);
	tcase_add_test(tc, test_points);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_not_regular);
	tcase_add_test(tc, test_too_large);
	tcase_add_test(tc, test_cache_reload);
	tcase_add_test(tc, test_threads);
	tcase_add_test(tc, test_untouched);
	tcase_add_test(tc, test_from_memory);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(problems_suite());
}
