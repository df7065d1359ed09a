/*
 * check_ownerdir - unit tests of owners' directories kept open
 * (src/spool/cairn_ownerdir.c).
 *
 * Covers a directory made at its first use and found open at the next
 * (the same descriptor, nothing made again), its .arrival/ made once,
 * a removed directory noticed as stale and made again at the next use,
 * and the uncached way (no cache: a descriptor of this use's own).
 * Each test works in its own mkdtemp() directory.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_arrival.h"
#include "cairn_ownerdir.h"
#include "check_run.h"
#include "check_tmpdir.h"

static void setup(void)
{
	check_tmpdir_make("check_ownerdir");
}

/* is_dir - dir_fd/path is a directory */
static int is_dir(int dir_fd, const char *path)
{
	struct stat st;

	return fstatat(dir_fd, path, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
}

START_TEST(test_kept)
{
	struct cairn_ownerdir *c = cairn_ownerdir_new();
	struct cairn_ownerdir_ref a, b;
	int top = check_tmpdir_open(), fd, arr;

	fd = cairn_ownerdir_open(c, top, "ada", 0, 0, &a);
	ck_assert_int_ge(fd, 0);
	ck_assert(is_dir(top, "ada"));
	ck_assert_int_eq(a.cached, 0);
	arr = cairn_ownerdir_arrival(c, &a);
	ck_assert_int_ge(arr, 0);
	ck_assert(is_dir(top, "ada/" CAIRN_ARRIVAL_DIR));
	cairn_ownerdir_release(c, &a);
	/* The next use finds both open: the same descriptors. */
	ck_assert_int_eq(cairn_ownerdir_open(c, top, "ada", 0, 0, &b), fd);
	ck_assert_int_eq(b.cached, 1);
	ck_assert_int_eq(cairn_ownerdir_arrival(c, &b), arr);
	ck_assert_int_ge(fcntl(fd, F_GETFD), 0);
	cairn_ownerdir_release(c, &b);
	ck_assert_int_ge(fcntl(fd, F_GETFD), 0);	/* kept for the next */
	cairn_ownerdir_free(c);
	ck_assert_int_eq(fcntl(fd, F_GETFD), -1);	/* closed with the cache */
	close(top);
}
END_TEST

START_TEST(test_stale)
{
	struct cairn_ownerdir *c = cairn_ownerdir_new();
	struct cairn_ownerdir_ref a;
	int top = check_tmpdir_open(), fd;

	ck_assert_int_ge(cairn_ownerdir_open(c, top, "ada", 0, 0, &a), 0);
	ck_assert_int_ge(cairn_ownerdir_arrival(c, &a), 0);
	cairn_ownerdir_release(c, &a);
	/* An operator removes it: an *at call into the kept one says ENOENT. */
	ck_assert_int_eq(unlinkat(top, "ada/" CAIRN_ARRIVAL_DIR, AT_REMOVEDIR), 0);
	ck_assert_int_eq(unlinkat(top, "ada", AT_REMOVEDIR), 0);
	fd = cairn_ownerdir_open(c, top, "ada", 0, 0, &a);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(openat(fd, "x", O_WRONLY | O_CREAT, 0600), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_int_eq(cairn_ownerdir_stale(c, &a), 1);
	cairn_ownerdir_release(c, &a);
	/* Made again, and usable. */
	fd = cairn_ownerdir_open(c, top, "ada", 0, 0, &a);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(a.cached, 0);
	ck_assert(is_dir(top, "ada"));
	ck_assert_int_ge(cairn_ownerdir_arrival(c, &a), 0);
	ck_assert(is_dir(top, "ada/" CAIRN_ARRIVAL_DIR));
	int x = openat(fd, "x", O_WRONLY | O_CREAT, 0600);

	ck_assert_int_ge(x, 0);
	close(x);
	cairn_ownerdir_release(c, &a);
	cairn_ownerdir_free(c);
	close(top);
}
END_TEST

START_TEST(test_uncached)
{
	struct cairn_ownerdir_ref a;
	int top = check_tmpdir_open(), fd;

	fd = cairn_ownerdir_open(NULL, top, "bo", 0, 0, &a);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_ge(cairn_ownerdir_arrival(NULL, &a), 0);
	ck_assert_int_eq(cairn_ownerdir_stale(NULL, &a), 0);
	cairn_ownerdir_release(NULL, &a);
	ck_assert_int_eq(fcntl(fd, F_GETFD), -1);	/* this use's own: closed */
	ck_assert(is_dir(top, "bo/" CAIRN_ARRIVAL_DIR));
	close(top);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("ownerdir");
	TCase *tc = tcase_create("ownerdir");

	tcase_add_checked_fixture(tc, setup, check_tmpdir_remove);
	tcase_add_test(tc, test_kept);
	tcase_add_test(tc, test_stale);
	tcase_add_test(tc, test_uncached);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(suite());
}
