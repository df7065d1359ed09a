/*
 * check_failure - the failure taxonomy's errno table and its short names.
 *
 * Every errno value the job path meets on purpose is listed with the kind
 * it must be at each step (doc/spool.md): a file's own trouble fails
 * that file, a transient one retries it alone, only the spool's pauses.
 * The short names of over-long file names fit, keep their extension, are
 * distinct, and never cut a UTF-8 sequence.  A claim refused on a
 * directory the daemon may not write is that entry's trouble, not the
 * spool's (issue 37, case 2).
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

#include "cairn_failure.h"
#include "check_run.h"

#define F CAIRN_FAIL_FILE
#define R CAIRN_FAIL_RETRY
#define S CAIRN_FAIL_SPOOL
#define G CAIRN_FAIL_GONE

static const struct {
	int err;
	const char *name;
	enum cairn_fail_kind claim, read, process, publish, store;
} rows[] = {
	{ EACCES, "EACCES", S, F, F, S, S },
	{ EPERM, "EPERM", S, F, F, S, S },
	{ ENAMETOOLONG, "ENAMETOOLONG", R, F, F, F, F },
	{ EISDIR, "EISDIR", S, F, F, F, S },
	{ ELOOP, "ELOOP", S, F, F, S, S },
	{ ENOENT, "ENOENT", G, G, F, S, S },
	{ ENOMEM, "ENOMEM", R, R, R, R, R },
	{ ENOSPC, "ENOSPC", S, S, S, S, S },
	{ EDQUOT, "EDQUOT", S, S, S, S, S },
	{ EIO, "EIO", S, R, R, S, S },
	{ EROFS, "EROFS", S, S, S, S, S },
	{ EMFILE, "EMFILE", S, S, S, S, S },
	{ ENFILE, "ENFILE", S, S, S, S, S },
	{ ESTALE, "ESTALE", S, R, R, S, S },
	{ EEXIST, "EEXIST", R, S, S, S, S },
	/* Not in the table: the spool's where the daemon writes, else a retry. */
	{ EXDEV, "EXDEV", S, R, R, S, S },
};

/* kind_name - for the failure messages of the table's test. */
static const char *kind_name(enum cairn_fail_kind k)
{
	static const char *const names[] = { "file", "retry", "spool", "gone" };

	return (unsigned)k < sizeof(names) / sizeof(names[0]) ? names[k] : "unknown";
}

START_TEST(test_table)
{
	const enum cairn_fail_kind *want = &rows[_i].claim;

	for (int step = 0; step < CAIRN_STEP_COUNT; step++) {
		enum cairn_fail_kind got = cairn_failure_kind((enum cairn_fail_step)step,
							       rows[_i].err);

		ck_assert_msg(got == want[step], "%s at step %d: %s, expected %s",
			      rows[_i].name, step, kind_name(got),
			      kind_name(want[step]));
	}
}
END_TEST

/* A step outside the table is the spool's failure. */
START_TEST(test_bad_step)
{
	ck_assert_int_eq(cairn_failure_kind(CAIRN_STEP_COUNT, ENOMEM), CAIRN_FAIL_SPOOL);
}
END_TEST

START_TEST(test_retry_ms)
{
	ck_assert_uint_eq(cairn_failure_retry_ms(0), 1000);
	ck_assert_uint_eq(cairn_failure_retry_ms(1), 1000);
	ck_assert_uint_eq(cairn_failure_retry_ms(2), 2000);
	ck_assert_uint_eq(cairn_failure_retry_ms(3), 4000);
	ck_assert_uint_eq(cairn_failure_retry_ms(4), 8000);
	ck_assert_uint_eq(cairn_failure_retry_ms(5), 16000);
	ck_assert_uint_eq(cairn_failure_retry_ms(1000), 16000);
}
END_TEST

static char *repeat(const char *unit, size_t times, const char *tail)
{
	size_t u = strlen(unit), t = strlen(tail);
	char *s = malloc(u * times + t + 1);

	for (size_t i = 0; i < times; i++)
		memcpy(s + i * u, unit, u);
	memcpy(s + u * times, tail, t + 1);
	return s;
}

START_TEST(test_short_name)
{
	char *a = repeat("a", 240, ".yaml"), *b = repeat("a", 241, ".yaml");
	char *sa = cairn_failure_short_name(a), *sb = cairn_failure_short_name(b);
	char *sa2 = cairn_failure_short_name(a);

	ck_assert_uint_le(strlen(sa), CAIRN_NAME_MAX);
	ck_assert_uint_eq(strlen(sa), CAIRN_NAME_MAX);
	ck_assert_str_eq(sa + strlen(sa) - 5, ".yaml");
	ck_assert_str_ne(sa, sb);		/* same first bytes, distinct names */
	ck_assert_str_eq(sa, sa2);		/* and the same name each time */
	ck_assert_int_eq(strncmp(sa, a, 100), 0);
	free(a);
	free(b);
	free(sa);
	free(sb);
	free(sa2);

	/* Two-byte characters: the cut falls between them. */
	char *u = repeat("\xc3\xa9", 150, ".csv"), *su = cairn_failure_short_name(u);
	size_t keep = strlen(su) - 1 - 16 - 4;

	ck_assert_uint_le(strlen(su), CAIRN_NAME_MAX);
	ck_assert_uint_eq(keep % 2, 0);
	ck_assert_int_eq(su[keep], '-');
	ck_assert_str_eq(su + strlen(su) - 4, ".csv");
	free(u);
	free(su);

	/* No known extension: none is added. */
	char *n = repeat("x", 250, ""), *sn = cairn_failure_short_name(n);

	ck_assert_uint_eq(strlen(sn), CAIRN_NAME_MAX);
	ck_assert_ptr_null(strchr(sn, '.'));
	free(n);
	free(sn);

	/* A short name (its result name is taken): the stem, hash, extension. */
	char *h = cairn_failure_short_name("hw1.yaml");

	ck_assert_uint_eq(strlen(h), strlen("hw1-0123456789abcdef.yaml"));
	ck_assert_int_eq(strncmp(h, "hw1-", 4), 0);
	ck_assert_str_eq(h + strlen(h) - 5, ".yaml");
	free(h);
}
END_TEST

/*
 * cairn_failure_claim: EACCES on a directory the daemon may not write is
 * FILE, with why; on one it may write, or on a regular file, the spool's;
 * GONE says nothing.  As root the directory is looked at as nobody
 * (effective ids: what faccessat(AT_EACCESS) asks about).
 */
START_TEST(test_claim)
{
	char root[] = "/tmp/check_failure.XXXXXX", why[256];
	struct stat st;
	int fd, in;

	ck_assert_ptr_nonnull(mkdtemp(root));
	ck_assert_int_eq(chmod(root, 0755), 0);
	fd = open(root, O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(mkdirat(fd, "incoming", 0755), 0);
	ck_assert_int_eq(mkdirat(fd, "incoming/dir.yaml", 0555), 0);
	ck_assert_int_eq(mkdirat(fd, "incoming/open.yaml", 0777), 0);
	ck_assert_int_eq(fchmodat(fd, "incoming/open.yaml", 0777, 0), 0);
	close(openat(fd, "incoming/f.yaml", O_WRONLY | O_CREAT, 0444));
	in = openat(fd, "incoming", O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(in, 0);
	if (geteuid() == 0)
		ck_assert_int_eq(seteuid(65534), 0);

	ck_assert_int_eq(fstatat(fd, "incoming/dir.yaml", &st, 0), 0);
	ck_assert_int_eq(cairn_failure_claim(in, "dir.yaml", &st, EACCES, why, sizeof(why)),
			 CAIRN_FAIL_FILE);
	ck_assert_str_eq(why, "not a regular file (directory), and the daemon may not move it: "
			 "Permission denied");
	ck_assert_int_eq(cairn_failure_claim(in, "dir.yaml", &st, EPERM, why, sizeof(why)),
			 CAIRN_FAIL_FILE);
	ck_assert_int_eq(cairn_failure_claim(in, "dir.yaml", &st, EIO, why, sizeof(why)),
			 CAIRN_FAIL_SPOOL);
	ck_assert_str_eq(why, "claiming dir.yaml: Input/output error");

	ck_assert_int_eq(fstatat(fd, "incoming/open.yaml", &st, 0), 0);
	ck_assert_int_eq(cairn_failure_claim(in, "open.yaml", &st, EACCES, why, sizeof(why)),
			 CAIRN_FAIL_SPOOL);
	ck_assert_str_eq(why, "claiming open.yaml: Permission denied");

	ck_assert_int_eq(fstatat(fd, "incoming/f.yaml", &st, 0), 0);
	ck_assert_int_eq(cairn_failure_claim(in, "f.yaml", &st, EACCES, why, sizeof(why)),
			 CAIRN_FAIL_SPOOL);
	ck_assert_int_eq(cairn_failure_claim(in, "f.yaml", &st, EEXIST, why, sizeof(why)),
			 CAIRN_FAIL_RETRY);
	why[0] = '\0';
	ck_assert_int_eq(cairn_failure_claim(in, "f.yaml", &st, ENOENT, why, sizeof(why)),
			 CAIRN_FAIL_GONE);
	ck_assert_str_eq(why, "");

	if (getuid() == 0)
		ck_assert_int_eq(seteuid(0), 0);
	unlinkat(fd, "incoming/f.yaml", 0);
	unlinkat(fd, "incoming/open.yaml", AT_REMOVEDIR);
	unlinkat(fd, "incoming/dir.yaml", AT_REMOVEDIR);
	unlinkat(fd, "incoming", AT_REMOVEDIR);
	close(in);
	close(fd);
	ck_assert_int_eq(rmdir(root), 0);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("failure");
	TCase *tc = tcase_create("failure");

	tcase_add_loop_test(tc, test_table, 0, sizeof(rows) / sizeof(rows[0]));
	tcase_add_test(tc, test_bad_step);
	tcase_add_test(tc, test_retry_ms);
	tcase_add_test(tc, test_short_name);
	tcase_add_test(tc, test_claim);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(suite());
}
