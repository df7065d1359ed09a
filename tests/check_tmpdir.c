/*
 * check_tmpdir - the temporary directory of the Check programs that work
 * on a real spool (tests/spool/check_spool, check_spool_status,
 * tests/daemon/check_watch).  Each test gets a new directory from
 * mkdtemp(), so that no test sees another's files even when Check forks
 * them one after the other, and the teardown removes it depth first
 * without following symbolic links, so that a test's links never take
 * the removal outside it.
 */
#include "config.h"

#include <check.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "cairn_arrival.h"
#include "check_tmpdir.h"

char check_tmpdir[64];

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st; (void)flag; (void)f;
	return remove(path);
}

void check_tmpdir_make(const char *prefix)
{
	ck_assert_int_lt(snprintf(check_tmpdir, sizeof(check_tmpdir), "/tmp/%s.XXXXXX",
				  prefix), (int)sizeof(check_tmpdir));
	ck_assert_ptr_nonnull(mkdtemp(check_tmpdir));
}

int check_tmpdir_open(void)
{
	int fd = open(check_tmpdir, O_RDONLY | O_DIRECTORY);

	ck_assert_int_ge(fd, 0);
	return fd;
}

char *check_tmpdir_slurp(int dir_fd, const char *path)
{
	static char buf[8192];
	int fd = openat(dir_fd, path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return NULL;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	ck_assert_int_ge(n, 0);
	buf[n] = '\0';
	return buf;
}

/*
 * compact - the compact attribute of dir_fd/PATH (slash: its last '/'),
 * read back by cairn_arrival_load(), in the text form with its arrival
 * line, in a buffer the next call reuses
 */
static char *compact(int dir_fd, const char *path, const char *slash)
{
	static char buf[NAME_MAX + 256];
	char dir[PATH_MAX];
	struct cairn_arrival a;
	int fd, r;

	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
	fd = openat(dir_fd, dir, O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(fd, 0);
	r = cairn_arrival_load(fd, -1, slash ? slash + 1 : path, &a);
	close(fd);
	if (r < 0)
		return NULL;
	snprintf(buf, sizeof(buf), "%zu:%s\nuid %lu\nsha256 %s\narrival %lld.%09ld\n",
		 strlen(a.name), a.name, (unsigned long)a.uid,
		 a.digest == CAIRN_ARRIVAL_SHA256 ? a.sha256 : "-", (long long)a.time.tv_sec,
		 a.time.tv_nsec);
	return buf;
}

char *check_tmpdir_record(int dir_fd, const char *path)
{
	static char buf[8192];
	char file[PATH_MAX];
	const char *slash = strrchr(path, '/');
	int fd = openat(dir_fd, path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
	ssize_t n = fd < 0 ? -1 : fgetxattr(fd, "user.cairn.arrival", buf, sizeof(buf) - 1);
	const char *text;
	struct stat st;

	if (fd >= 0)
		close(fd);
	if (n == CAIRN_ARRIVAL_ATTR_LEN && buf[0] == '\0')
		return compact(dir_fd, path, slash);
	if (n >= 0) {
		buf[n] = '\0';
		return buf;
	}
	snprintf(file, sizeof(file), "%.*s.arrival/%s", slash ? (int)(slash - path) + 1 : 0, path,
		 slash ? slash + 1 : path);
	if (fstatat(dir_fd, file, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode) ||
	    (text = check_tmpdir_slurp(dir_fd, file)) == NULL)
		return NULL;
	snprintf(buf, sizeof(buf), "%sarrival %lld.%09ld\n", text, (long long)st.st_mtim.tv_sec,
		 st.st_mtim.tv_nsec);
	return buf;
}

void check_tmpdir_mtime_is(int dir_fd, const char *path, const struct timespec *t)
{
	struct stat st;

	ck_assert_int_eq(fstatat(dir_fd, path, &st, AT_SYMLINK_NOFOLLOW), 0);
	ck_assert_int_eq(st.st_mtim.tv_sec, t->tv_sec);
	ck_assert_int_eq(st.st_mtim.tv_nsec, t->tv_nsec);
}

void check_tmpdir_remove(void)
{
	nftw(check_tmpdir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}
