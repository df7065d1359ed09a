/*
 * eio_shim - an LD_PRELOAD module that makes the claimed files' data fail
 * with EIO, as on a dying disk or a network file system whose brick went
 * away, while the spool's directories keep working.
 *
 * $CAIRN_EIO_DIR names directories, separated by ':' (as the kernel spells
 * them: no symbolic link in them): the daemon's processing/<instance>/,
 * and incoming/, where a file is opened for its lease before the claim.  With
 * CAIRN_EIO_READ_FROM=N, read(2) on a regular file in it whose name does
 * not start with "." fails with EIO from the Nth such call on (1: every
 * call); with CAIRN_EIO_OPENAT=1, openat(2) of such a file for reading
 * fails with EIO.  The journal and the lock (dot names) are left alone.
 * A burst at start-up, whatever the path: with CAIRN_EIO_OPENAT_FROM=N
 * (and CAIRN_EIO_OPENAT_COUNT=K, default 1), the Nth to the (N+K-1)th
 * openat() calls of the main thread fail with EIO (the pool's threads,
 * which race it, are neither counted nor failed); CAIRN_EIO_OPENAT_LOG=FILE
 * appends "N PATH" for each of those calls, to find where the burst is to
 * fall.
 *
 * The storing of a published result's input fails too, on request: with
 * CAIRN_EIO_RENAME_FROM=TEXT (and CAIRN_EIO_RENAME_TO=TEXT), renameat,
 * renameat2 and linkat whose source path (and destination path) contains
 * TEXT fail with EIO, say "/processing/" and "/done/"; with
 * CAIRN_EIO_FSYNC_DIR=TEXT, fsync(2) of a directory whose path contains
 * TEXT does, say "/results/".  Each fails CAIRN_EIO_TIMES times (default
 * 1), then works again, as a spool that recovers.
 *
 * With CAIRN_EIO_NOXATTR=1, fsetxattr(2) and fgetxattr(2) fail with
 * EOPNOTSUPP, as on a file system without user extended attributes
 * (tmpfs before Linux 6.6, some NFS mounts): the arrival records are
 * then files (cairn_arrival.h).
 */
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

ssize_t read(int fd, void *buf, size_t n);
int openat(int dirfd, const char *path, int flags, ...);
int renameat(int a, const char *p, int b, const char *q);
int renameat2(int a, const char *p, int b, const char *q, unsigned flags);
int linkat(int a, const char *p, int b, const char *q, int flags);
int fsync(int fd);

static atomic_uint reads, renames, fsyncs, openats;

/* in_one - whether PATH is DIR/NAME (DIR the first len bytes of dir). */
static int in_one(const char *path, const char *dir, size_t len)
{
	if (len == 0 || strncmp(path, dir, len) != 0 || path[len] != '/')
		return 0;
	return path[len + 1] != '.' && path[len + 1] != '\0' &&
	       strchr(path + len + 1, '/') == NULL;
}

/* in_dir - whether PATH is DIR/NAME, NAME not a dot name, for a DIR of the list. */
static int in_dir(const char *path)
{
	const char *dir = getenv("CAIRN_EIO_DIR");

	while (dir != NULL && *dir != '\0') {
		size_t len = strcspn(dir, ":");

		if (in_one(path, dir, len))
			return 1;
		dir += len + (dir[len] == ':');
	}
	return 0;
}

/* fd_path - what /proc says descriptor fd (or AT_FDCWD) is, or "". */
static void fd_path(int fd, char *out, size_t size)
{
	char proc[64];
	ssize_t n;

	if (fd == AT_FDCWD)
		snprintf(proc, sizeof(proc), "/proc/self/cwd");
	else
		snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	n = readlink(proc, out, size - 1);
	out[n > 0 ? n : 0] = '\0';
}

/* full_path - dirfd/name, or name when absolute, at out (size >= PATH_MAX). */
static void full_path(int dirfd, const char *name, char *out, size_t size)
{
	size_t len;

	if (name[0] == '/') {
		snprintf(out, size, "%s", name);
		return;
	}
	fd_path(dirfd, out, PATH_MAX);
	len = strlen(out);
	snprintf(out + len, size - len, "/%s", name);
}

static int read_fails(int fd)
{
	const char *from = getenv("CAIRN_EIO_READ_FROM");
	char path[PATH_MAX];
	struct stat st;

	if (from == NULL || atoi(from) < 1 || fd <= 2 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	fd_path(fd, path, sizeof(path));
	return in_dir(path) && atomic_fetch_add(&reads, 1) + 1 >= (unsigned)atoi(from);
}

ssize_t read(int fd, void *buf, size_t n)
{
	ssize_t (*real)(int, void *, size_t) =
		(ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");

	if (read_fails(fd)) {
		errno = EIO;
		return -1;
	}
	return real(fd, buf, n);
}

static int openat_fails(int dirfd, const char *name, int flags)
{
	char path[PATH_MAX + NAME_MAX + 2];
	size_t len;

	const char *on = getenv("CAIRN_EIO_OPENAT");

	if (on == NULL || strcmp(on, "1") != 0 || name[0] == '/' ||
	    (flags & (O_DIRECTORY | O_CREAT | O_WRONLY | O_RDWR)) != 0)
		return 0;
	fd_path(dirfd, path, PATH_MAX);
	len = strlen(path);
	snprintf(path + len, sizeof(path) - len, "/%s", name);
	return in_dir(path);
}

/* in_burst - count this openat() call; whether it falls in the burst. */
static int in_burst(int dirfd, const char *name)
{
	const char *from = getenv("CAIRN_EIO_OPENAT_FROM"), *count = getenv("CAIRN_EIO_OPENAT_COUNT");
	const char *log = getenv("CAIRN_EIO_OPENAT_LOG");
	unsigned n, first, k;
	int yes;

	if (gettid() != getpid())
		return 0;
	n = atomic_fetch_add(&openats, 1) + 1;
	first = from != NULL && atoi(from) > 0 ? (unsigned)atoi(from) : 0;
	k = count != NULL && atoi(count) > 0 ? (unsigned)atoi(count) : 1;
	yes = first > 0 && n >= first && n - first < k;
	if (log != NULL) {
		char path[PATH_MAX + NAME_MAX + 2], line[PATH_MAX + NAME_MAX + 40];
		int (*real)(int, const char *, int, ...) =
			(int (*)(int, const char *, int, ...))dlsym(RTLD_NEXT, "openat");
		int fd = real(AT_FDCWD, log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
		size_t len;

		full_path(dirfd, name, path, sizeof(path));
		len = (size_t)snprintf(line, sizeof(line), "%u %s%s\n", n, path, yes ? " EIO" : "");
		if (fd >= 0) {
			ssize_t w = write(fd, line, len);	/* a trace is best effort */

			(void)w;
			close(fd);
		}
	}
	return yes;
}

int openat(int dirfd, const char *path, int flags, ...)
{
	int (*real)(int, const char *, int, ...) =
		(int (*)(int, const char *, int, ...))dlsym(RTLD_NEXT, "openat");
	mode_t mode = 0;

	if (flags & (O_CREAT | __O_TMPFILE)) {
		va_list ap;

		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	if (in_burst(dirfd, path) || openat_fails(dirfd, path, flags)) {
		errno = EIO;
		return -1;
	}
	return real(dirfd, path, flags, mode);
}

/* times_left - whether a chosen failure of kind *count may happen again. */
static int times_left(atomic_uint *count)
{
	const char *t = getenv("CAIRN_EIO_TIMES");
	unsigned times = t != NULL && atoi(t) > 0 ? (unsigned)atoi(t) : 1;

	return atomic_fetch_add(count, 1) < times;
}

/* at_path - whether dirfd/name (name when absolute) contains text. */
static int at_path(int dirfd, const char *name, const char *text)
{
	char path[PATH_MAX + NAME_MAX + 2];

	full_path(dirfd, name, path, sizeof(path));
	return strstr(path, text) != NULL;
}

static int move_fails(int a, const char *p, int b, const char *q)
{
	const char *from = getenv("CAIRN_EIO_RENAME_FROM"), *to = getenv("CAIRN_EIO_RENAME_TO");

	if (from == NULL || !at_path(a, p, from) || (to != NULL && !at_path(b, q, to)))
		return 0;
	return times_left(&renames);
}

/* MOVE - fail the chosen move, else make the real call name with args. */
#define MOVE(name, type, ...)						\
	do {								\
		if (move_fails(a, p, b, q)) {				\
			errno = EIO;					\
			return -1;					\
		}							\
		return ((type)dlsym(RTLD_NEXT, name))(__VA_ARGS__);	\
	} while (0)

int renameat(int a, const char *p, int b, const char *q)
{
	MOVE("renameat", int (*)(int, const char *, int, const char *), a, p, b, q);
}

int renameat2(int a, const char *p, int b, const char *q, unsigned flags)
{
	MOVE("renameat2", int (*)(int, const char *, int, const char *, unsigned),
	     a, p, b, q, flags);
}

int linkat(int a, const char *p, int b, const char *q, int flags)
{
	MOVE("linkat", int (*)(int, const char *, int, const char *, int), a, p, b, q, flags);
}

int fsync(int fd)
{
	int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
	const char *dir = getenv("CAIRN_EIO_FSYNC_DIR");
	char path[PATH_MAX];
	struct stat st;

	if (dir != NULL && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		fd_path(fd, path, sizeof(path));
		if (strstr(path, dir) != NULL && times_left(&fsyncs)) {
			errno = EIO;
			return -1;
		}
	}
	return real(fd);
}

/* no_xattr - whether user attributes are to look unsupported */
static int no_xattr(void)
{
	const char *on = getenv("CAIRN_EIO_NOXATTR");

	if (on == NULL || strcmp(on, "1") != 0)
		return 0;
	errno = EOPNOTSUPP;
	return 1;
}

int fsetxattr(int fd, const char *name, const void *value, size_t size, int flags)
{
	if (no_xattr())
		return -1;
	return ((int (*)(int, const char *, const void *, size_t, int))
		dlsym(RTLD_NEXT, "fsetxattr"))(fd, name, value, size, flags);
}

ssize_t fgetxattr(int fd, const char *name, void *value, size_t size)
{
	if (no_xattr())
		return -1;
	return ((ssize_t (*)(int, const char *, void *, size_t))
		dlsym(RTLD_NEXT, "fgetxattr"))(fd, name, value, size);
}
