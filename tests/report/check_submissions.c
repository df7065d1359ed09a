/*
 * check_submissions - counting an owner's graded submissions to a set
 * (doc/grading.md, max_submissions) from result files on disk.
 *
 * A results/ directory is built in a temporary directory with the kinds
 * of files an owner's directory holds: current results and history/ in
 * YAML, JSON and CSV, other problem sets, file errors, refused results,
 * results that arrived at the same millisecond or later, another
 * owner's results, a temporary file of a publish in progress, a link
 * and a file that is no result.  Each case counts for one arrival time.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_mem.h"
#include "cairn_submissions.h"
#include "check_run.h"

/* 2026-12-09T21:14:03.512Z, in ms since the epoch */
#define T0 1796850843512LL

static char root[64];

static void put(const char *rel, const char *text)
{
	char *path = cairn_xasprintf("%s/%s", root, rel);
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
	free(path);
}

static void dir(const char *rel)
{
	char *path = cairn_xasprintf("%s/%s", root, rel);

	ck_assert_int_eq(mkdir(path, 0750), 0);
	free(path);
}

/* yaml - a result of set `set` received at `received`, ok or an error */
static char *yaml(const char *source, const char *set, const char *received,
		  const char *error)
{
	return cairn_xasprintf("format: cairn-result/1\nsource: %s\nowner: ada\nuid: 1001\n"
			       "received: %s\nstatus: %s\n%s%s%s"
			       "problem_set: %s\nsubmitter: Ada\npuzzles: []\n"
			       "summary: {puzzles: 0, solved: 0, errors: 0, graded: 0, "
			       "correct: 0, wrong: 0, missing: 0, invalid: 0, score: null}\n",
			       source, received, error ? "error" : "ok",
			       error ? "error: \"" : "", error ? error : "", error ? "\"\n" : "",
			       set);
}

static void put_yaml(const char *rel, const char *source, const char *set,
		     const char *received, const char *error)
{
	char *text = yaml(source, set, received, error);

	put(rel, text);
	free(text);
}

#define CSV_HEAD "id,line,n,solver,total,alice,bob,diff,winner,alice_wins,first_move," \
		 "moves,verdict,feedback,error,submitter,problem_set,points,max_points," \
		 "owner,received\n"

static void setup(void)
{
	snprintf(root, sizeof(root), "/tmp/check_submissions.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(root));
	dir("ada");
	dir("ada/history");
	dir("chen");
	/* Counted for hw1 before T0: three. */
	put_yaml("ada/hw1.result.yaml", "hw1.yaml", "hw1", "2026-12-09T21:14:03.511Z", NULL);
	put_yaml("ada/history/hw1.result.1.yaml", "hw1.yaml", "hw1",
		 "2026-12-09T20:00:00.000Z", NULL);
	put("ada/c1.result.csv", CSV_HEAD
	    "warmup,5,4,diff1d,17,9,8,1,alice,true,left,,correct,,,Ada,hw1,1,1,ada,"
	    "2026-12-08T10:00:00.000Z\n");
	/* Not counted for hw1 before T0. */
	put_yaml("ada/hw2.result.yaml", "hw2.yaml", "hw2", "2026-12-09T20:00:00.000Z", NULL);
	put_yaml("ada/bad.result.yaml", "bad.yaml", "hw1", "2026-12-09T20:00:00.000Z",
		 "answers: not a mapping");
	put_yaml("ada/history/hw1.result.2.yaml", "hw1.yaml", "hw1",
		 "2026-12-09T20:30:00.000Z", "submission limit reached (2 of 2)");
	put_yaml("ada/late.result.yaml", "late.yaml", "hw1", "2026-12-17T23:00:00.000Z",
		 "closed at 2026-12-17T23:59:00+01:00 (arrived 2026-12-17T23:00:00.000Z)");
	put_yaml("ada/same.result.yaml", "same.yaml", "hw1", "2026-12-09T21:14:03.512Z", NULL);
	put_yaml("ada/after.result.yaml", "after.yaml", "hw1", "2026-12-09T21:14:04.000Z", NULL);
	put("ada/c2.result.csv", CSV_HEAD
	    ",2,,,,,,,,,,,,,submission limit reached (2 of 2),Ada,hw1,,,ada,"
	    "2026-12-08T11:00:00.000Z\n");
	put("ada/c3.result.json", "{\"format\": \"cairn-result/1\", \"source\": \"c3.json\", "
	    "\"owner\": \"ada\", \"uid\": 1001, \"received\": \"2026-12-08T12:00:00.000Z\", "
	    "\"status\": \"ok\", \"problem_set\": \"hw1\", \"puzzles\": []}\n");
	put_yaml("ada/.result.0123456789abcdef.test.tmp", "tmp.yaml", "hw1",
		 "2026-12-08T12:00:00.000Z", NULL);
	put("ada/junk.result.yaml", "not: [a result\n");
	put("ada/notes.txt", "format: cairn-result/1\n");
	put_yaml("chen/hw1.result.yaml", "hw1.yaml", "hw1", "2026-12-08T12:00:00.000Z", NULL);
	char *to = cairn_xasprintf("%s/chen/hw1.result.yaml", root);
	char *link = cairn_xasprintf("%s/ada/link.result.yaml", root);
	ck_assert_int_eq(symlink(to, link), 0);
	free(to);
	free(link);
}

static void teardown(void)
{
	char *cmd = cairn_xasprintf("rm -rf '%s'", root);

	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
}

static unsigned count_as(const char *owner, const char *set, int64_t before,
			 const char *source)
{
	int fd = open(root, O_RDONLY | O_DIRECTORY);
	unsigned n = 99;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(cairn_submissions_count(fd, owner, set, before, source, &n), 0);
	close(fd);
	return n;
}

static unsigned count(const char *owner, const char *set, int64_t before)
{
	return count_as(owner, set, before, NULL);
}

START_TEST(test_count)
{
	/* hw1.result.yaml, history's first, c1.csv and c3.json. */
	ck_assert_uint_eq(count("ada", "hw1", T0), 4);
	/* same.yaml arrived in T0's millisecond: strictly before T0 + 1. */
	ck_assert_uint_eq(count("ada", "hw1", T0 + 1), 5);
	ck_assert_uint_eq(count("ada", "hw1", T0 + 489), 6);
	/* hw1.result.yaml is T0 - 1: not before itself. */
	ck_assert_uint_eq(count("ada", "hw1", T0 - 1), 3);
	ck_assert_uint_eq(count("ada", "hw2", T0), 1);
	ck_assert_uint_eq(count("ada", "hw3", T0), 0);
	ck_assert_uint_eq(count("chen", "hw1", T0), 1);
	ck_assert_uint_eq(count("nobody", "hw1", T0), 0);
}
END_TEST

/*
 * Files of one owner with the same arrival go by name: same.yaml, which
 * arrived in T0's millisecond, counts for a file of that millisecond
 * whose name comes after its own, not for one before it or itself.
 */
START_TEST(test_count_same_ms)
{
	ck_assert_uint_eq(count_as("ada", "hw1", T0, "same.yaml"), 4);
	ck_assert_uint_eq(count_as("ada", "hw1", T0, "sam.yaml"), 4);
	ck_assert_uint_eq(count_as("ada", "hw1", T0, "same.yamm"), 5);
	ck_assert_uint_eq(count_as("ada", "hw1", T0, "z.yaml"), 5);
	/* hw1.yaml at T0 - 1 counts for a.yaml at T0 - 1, not for itself. */
	ck_assert_uint_eq(count_as("ada", "hw1", T0 - 1, "a.yaml"), 3);
	ck_assert_uint_eq(count_as("ada", "hw1", T0 - 1, "hw1.yaml"), 3);
	ck_assert_uint_eq(count_as("ada", "hw1", T0 - 1, "i.yaml"), 4);
}
END_TEST

START_TEST(test_no_history)
{
	char *cmd = cairn_xasprintf("rm -rf '%s/ada/history'", root);

	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	ck_assert_uint_eq(count("ada", "hw1", T0), 3);
}
END_TEST

/* What a walk saw: the sources in order. */
static int note(void *arg, int fd, const struct cairn_result_file *r)
{
	struct stat st;

	ck_assert_int_eq(fstat(fd, &st), 0);
	ck_assert(S_ISREG(st.st_mode));
	strcat(arg, r->source);
	strcat(arg, " ");
	return strcmp(r->source, "late.yaml") == 0 ? 7 : 0;
}

START_TEST(test_each)
{
	char *path = cairn_xasprintf("%s/ada", root);
	char seen[1024] = "";
	int fd = open(path, O_RDONLY | O_DIRECTORY);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(cairn_submissions_each(fd, note, seen), 7);
	ck_assert_str_eq(seen, "after.yaml bad.yaml c1.csv c2.csv c3.json hw1.yaml hw2.yaml "
			 "late.yaml ");
	close(fd);
	free(path);
}
END_TEST

START_TEST(test_history_not_dir)
{
	char *cmd = cairn_xasprintf("rm -rf '%s/ada/history' && echo x > '%s/ada/history'",
				    root, root);

	/* Not a directory: nothing kept there, as with none. */
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	ck_assert_uint_eq(count("ada", "hw1", T0), 3);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("submissions");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_count);
	tcase_add_test(tc, test_count_same_ms);
	tcase_add_test(tc, test_no_history);
	tcase_add_test(tc, test_each);
	tcase_add_test(tc, test_history_not_dir);
	suite_add_tcase(s, tc);
	return cairn_check_run(s);
}
