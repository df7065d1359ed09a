/*
 * check_stat - cairn_stat_basic() on every kind of thing a spool may
 * hold, in a mkdtemp() directory: a regular file, a directory, a FIFO
 * (never opened), a symbolic link and a dangling one (never followed),
 * a missing name and a path through a file; and with name "" on an open
 * descriptor.  Each answer is compared field by field with fstatat()'s
 * for the fields it promises (type and mode, inode, device, size,
 * modification time to the nanosecond), and failures with their errno.
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

#include "cairn_stat.h"
#include "check_run.h"

static char tmpdir[] = "/tmp/check_stat.XXXXXX";
static int dir_fd = -1;
/* The regular file's contents and modification time, set by setup(). */
static const char reg_data[] = "hello";
static const struct timespec reg_mtime = { 1234567890, 123456789 };

static void setup(void)
{
	struct timespec times[2] = { reg_mtime, reg_mtime };
	int fd;

	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	dir_fd = open(tmpdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ck_assert_int_ge(dir_fd, 0);
	fd = openat(dir_fd, "reg", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, reg_data, sizeof reg_data - 1),
			 (ssize_t)(sizeof reg_data - 1));
	/* Mode bits other than the umask's defaults, to see them come back. */
	ck_assert_int_eq(fchmod(fd, 0641), 0);
	ck_assert_int_eq(futimens(fd, times), 0);
	close(fd);
	ck_assert_int_eq(mkdirat(dir_fd, "dir", 0750), 0);
	ck_assert_int_eq(mkfifoat(dir_fd, "fifo", 0600), 0);
	ck_assert_int_eq(symlinkat("reg", dir_fd, "link"), 0);
	ck_assert_int_eq(symlinkat("nowhere", dir_fd, "dangling"), 0);
}

static void teardown(void)
{
	static const char *const names[] = { "reg", "fifo", "link", "dangling" };

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		unlinkat(dir_fd, names[i], 0);
	unlinkat(dir_fd, "dir", AT_REMOVEDIR);
	close(dir_fd);
	rmdir(tmpdir);
}

/* same_basic - the fields cairn_stat_basic() promises agree with want's */
static void same_basic(const struct stat *got, const struct stat *want)
{
	ck_assert_uint_eq(got->st_mode, want->st_mode);
	ck_assert_uint_eq(got->st_ino, want->st_ino);
	ck_assert_uint_eq(got->st_dev, want->st_dev);
	ck_assert_int_eq(got->st_size, want->st_size);
	ck_assert_int_eq(got->st_mtim.tv_sec, want->st_mtim.tv_sec);
	ck_assert_int_eq(got->st_mtim.tv_nsec, want->st_mtim.tv_nsec);
}

static const struct {
	const char *name;
	int err;		/* 0: found, with the type below */
	mode_t type;
} cases[] = {
	{ "reg", 0, S_IFREG },
	{ "dir", 0, S_IFDIR },
	{ "fifo", 0, S_IFIFO },		/* a FIFO open would block */
	{ "link", 0, S_IFLNK },		/* the link, not the file */
	{ "dangling", 0, S_IFLNK },
	{ "missing", ENOENT, 0 },
	{ "reg/x", ENOTDIR, 0 },
	{ "dangling/x", ENOENT, 0 },
};

START_TEST(test_kinds)
{
	struct stat got, want;

	memset(&got, 0xa5, sizeof got);
	errno = 0;
	if (cases[_i].err != 0) {
		ck_assert_int_eq(cairn_stat_basic(dir_fd, cases[_i].name, &got), -1);
		ck_assert_int_eq(errno, cases[_i].err);
		return;
	}
	ck_assert_int_eq(cairn_stat_basic(dir_fd, cases[_i].name, &got), 0);
	ck_assert_int_eq(fstatat(dir_fd, cases[_i].name, &want,
				 AT_SYMLINK_NOFOLLOW), 0);
	ck_assert_uint_eq(got.st_mode & S_IFMT, cases[_i].type);
	same_basic(&got, &want);
}
END_TEST

START_TEST(test_regular)
{
	struct stat st, target;

	ck_assert_int_eq(cairn_stat_basic(dir_fd, "reg", &st), 0);
	ck_assert_uint_eq(st.st_mode, S_IFREG | 0641);
	ck_assert_int_eq(st.st_size, (off_t)(sizeof reg_data - 1));
	ck_assert_int_eq(st.st_mtim.tv_sec, reg_mtime.tv_sec);
	ck_assert_int_eq(st.st_mtim.tv_nsec, reg_mtime.tv_nsec);
	target = st;
	/* The link's own inode and size (its target's length). */
	ck_assert_int_eq(cairn_stat_basic(dir_fd, "link", &st), 0);
	ck_assert_uint_ne(st.st_ino, target.st_ino);
	ck_assert_int_eq(st.st_size, (off_t)strlen("reg"));
	ck_assert_int_eq(cairn_stat_basic(dir_fd, "dir", &st), 0);
	ck_assert_uint_eq(st.st_mode, S_IFDIR | 0750);
}
END_TEST

/* With name "", the descriptor itself, as fstat() would say. */
START_TEST(test_empty_name)
{
	struct stat got, want;
	int fd = openat(dir_fd, "reg", O_RDONLY | O_CLOEXEC);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(cairn_stat_basic(fd, "", &got), 0);
	ck_assert_int_eq(fstat(fd, &want), 0);
	same_basic(&got, &want);
	ck_assert_uint_eq(got.st_mode & S_IFMT, S_IFREG);
	close(fd);
	ck_assert_int_eq(cairn_stat_basic(dir_fd, "", &got), 0);
	ck_assert_int_eq(fstat(dir_fd, &want), 0);
	same_basic(&got, &want);
	ck_assert_uint_eq(got.st_mode & S_IFMT, S_IFDIR);
	ck_assert_int_eq(cairn_stat_basic(-1, "", &got), -1);
	ck_assert_int_eq(errno, EBADF);
}
END_TEST

static Suite *stat_suite(void)
{
	Suite *s = suite_create("stat");
	TCase *tc = tcase_create("stat");

	/* Unchecked: built once, before the tests fork, and removed after. */
	tcase_add_unchecked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, test_kinds, 0, (int)(sizeof cases / sizeof cases[0]));
	tcase_add_test(tc, test_regular);
	tcase_add_test(tc, test_empty_name);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(stat_suite());
}
