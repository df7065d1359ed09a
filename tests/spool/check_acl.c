/*
 * check_acl - unit tests of owners' read grants (src/spool/cairn_acl.c).
 *
 * A grant made from a new file's mode is the very ACL that a grant which
 * reads the file back makes; a directory tells whether it passes down a
 * default ACL; a publish state grants from the mode only where its
 * temporary directory passes none down.  Skipped (with a message) where
 * the test's file system keeps no ACLs.
 */
#include "config.h"

#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "cairn_acl.h"
#include "cairn_publish.h"
#include "cairn_umask.h"
#include "check_run.h"
#include "check_tmpdir.h"

static int dir_fd = -1;

static void setup(void)
{
	check_tmpdir_make("check_acl");
	dir_fd = check_tmpdir_open();
}

static void teardown(void)
{
	close(dir_fd);
	check_tmpdir_remove();
}

/* made - a new file NAME of mode 0640 (whatever the umask), open for writing */
static int made(const char *name)
{
	int fd = openat(dir_fd, name, O_WRONLY | O_CREAT | O_EXCL, 0640);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(fchmod(fd, 0640), 0);
	return fd;
}

/* acls - whether the test's file system keeps ACLs (else a message) */
static int acls(void)
{
	int fd = made("probe"), r = cairn_acl_supported(fd);

	close(fd);
	if (r != 1)
		fprintf(stderr, "check_acl: no ACLs on this file system, not tested\n");
	return r == 1;
}

START_TEST(test_grant_made)
{
	char a[256], b[256];
	ssize_t na, nb;
	int fa, fb;

	if (!acls())
		return;
	fa = made("read-back");
	fb = made("from-mode");
	ck_assert_int_eq(cairn_acl_grant(fa, 70001, 0), 0);
	ck_assert_int_eq(cairn_acl_grant_made(fb, 70001, 0640), 0);
	na = fgetxattr(fa, "system.posix_acl_access", a, sizeof a);
	nb = fgetxattr(fb, "system.posix_acl_access", b, sizeof b);
	ck_assert_int_gt(na, 0);
	ck_assert_int_eq(na, nb);
	ck_assert(memcmp(a, b, (size_t)na) == 0);
	close(fa);
	close(fb);
}
END_TEST

START_TEST(test_inherits)
{
	/* user::rwx group::r-x other::--- */
	static const char dflt[] = "\x02\x00\x00\x00" "\x01\x00\x07\x00\xff\xff\xff\xff"
				   "\x04\x00\x05\x00\xff\xff\xff\xff" "\x20\x00\x00\x00\xff\xff\xff\xff";
	struct cairn_publish_state ps;
	mode_t mask;
	int sub;

	if (!acls())
		return;
	ck_assert_int_eq(mkdirat(dir_fd, "tmp", 0750), 0);
	sub = openat(dir_fd, "tmp", O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(sub, 0);
	ck_assert_int_eq(cairn_acl_inherits(sub), 0);
	cairn_publish_init(&ps, sub);
	if (cairn_umask_read(&mask) == 0)
		ck_assert_uint_eq(ps.made_mode, 0640 & ~mask);
	cairn_publish_destroy(&ps, sub);
	ck_assert_int_eq(fsetxattr(sub, "system.posix_acl_default", dflt, sizeof dflt - 1, 0), 0);
	ck_assert_int_eq(cairn_acl_inherits(sub), 1);
	cairn_publish_init(&ps, sub);
	ck_assert_uint_eq(ps.made_mode, 0);
	cairn_publish_destroy(&ps, sub);
	close(sub);
}
END_TEST

static Suite *acl_suite(void)
{
	Suite *s = suite_create("acl");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_grant_made);
	tcase_add_test(tc, test_inherits);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(acl_suite());
}
