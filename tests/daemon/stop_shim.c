/*
 * stop_shim - an LD_PRELOAD module that stops or kills its process at one
 * chosen point of the spool's system calls, and can take RENAME_NOREPLACE
 * away, as GlusterFS and NFS do.
 *
 * CAIRN_NO_NOREPLACE=1: renameat2() with flags fails with EINVAL.
 * CAIRN_NO_LEASE=1: fcntl(F_SETLEASE) of a read or write lease fails with
 * EINVAL, as on FUSE and NFS.
 * CAIRN_STOP_CALL=renameat|renameat2|linkat|unlinkat|mknodat|openat|read and
 * CAIRN_STOP_NAME=NAME: the first such call (CAIRN_STOP_NTH-th, default 1)
 * with a path whose last component is NAME (or a held name of NAME, or
 * matches NAME as a pattern of fnmatch(3) when it has a '*') raises CAIRN_STOP_SIG (KILL,
 * the default, or STOP) after the call was made (CAIRN_STOP_WHEN=after,
 * the default) or before it (before).  So a test can crash the daemon
 * deterministically between two chosen system calls.  For read, NAME is
 * the last component of the path the descriptor was opened by (a worker
 * reading its file, after the journal recorded that it reads it).
 */
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int renameat(int a, const char *p, int b, const char *q);
int renameat2(int a, const char *p, int b, const char *q, unsigned flags);
int linkat(int a, const char *p, int b, const char *q, int flags);
int unlinkat(int a, const char *p, int flags);
int mknodat(int a, const char *p, mode_t mode, dev_t dev);
int openat(int a, const char *p, int flags, ...);
ssize_t read(int fd, void *buf, size_t n);
int fcntl(int fd, int cmd, ...);
int fcntl64(int fd, int cmd, ...);

static atomic_int seen;

/*
 * same_name - whether path's last component is name, or the name a
 * claimed file of that name is held under in processing/ (its arrival,
 * "SEC.NSEC~" or "SEC.NSEC+LEN~", then the name: doc/spool.md).
 */
static int same_name(const char *path, const char *name)
{
	const char *slash, *base, *tilde;

	if (path == NULL)
		return 0;
	slash = strrchr(path, '/');
	base = slash ? slash + 1 : path;
	if (strcmp(base, name) == 0 || (strchr(name, '*') != NULL && fnmatch(name, base, 0) == 0))
		return 1;
	tilde = strchr(base, '~');
	if (tilde == NULL || tilde == base || strcmp(tilde + 1, name) != 0)
		return 0;
	return strspn(base, "0123456789.+") == (size_t)(tilde - base);
}

/* hit - whether this call (call, paths p and q) is the chosen point. */
static int hit(const char *call, const char *p, const char *q)
{
	const char *c = getenv("CAIRN_STOP_CALL"), *name = getenv("CAIRN_STOP_NAME");
	const char *nth = getenv("CAIRN_STOP_NTH");

	if (c == NULL || name == NULL || strcmp(c, call) != 0 ||
	    !(same_name(p, name) || same_name(q, name)))
		return 0;
	return atomic_fetch_add(&seen, 1) + 1 == (nth ? atoi(nth) : 1);
}

static void stop(void)
{
	const char *sig = getenv("CAIRN_STOP_SIG");

	raise(sig != NULL && strcmp(sig, "STOP") == 0 ? SIGSTOP : SIGKILL);
}

static int before(void)
{
	const char *w = getenv("CAIRN_STOP_WHEN");

	return w != NULL && strcmp(w, "before") == 0;
}

/* around - run the real call, stopping before or after it when chosen. */
#define AROUND(call, p, q, real_call)				\
	do {							\
		int chosen = hit(call, p, q), r, e;		\
		if (chosen && before())				\
			stop();					\
		r = real_call;					\
		e = errno;					\
		if (chosen && !before())			\
			stop();					\
		errno = e;					\
		return r;					\
	} while (0)

#define REAL(type, name) ((type)dlsym(RTLD_NEXT, name))

int renameat(int a, const char *p, int b, const char *q)
{
	AROUND("renameat", p, q,
	       REAL(int (*)(int, const char *, int, const char *), "renameat")(a, p, b, q));
}

int renameat2(int a, const char *p, int b, const char *q, unsigned flags)
{
	const char *no = getenv("CAIRN_NO_NOREPLACE");

	if (flags != 0 && no != NULL && strcmp(no, "1") == 0) {
		errno = EINVAL;
		return -1;
	}
	AROUND("renameat2", p, q,
	       REAL(int (*)(int, const char *, int, const char *, unsigned), "renameat2")(a, p, b, q, flags));
}

/*
 * fcntl - without leases under CAIRN_NO_LEASE=1; fcntl64, the name
 * glibc's headers may call instead, is the same function (64-bit).
 */
int fcntl(int fd, int cmd, ...)
{
	const char *no = getenv("CAIRN_NO_LEASE");
	va_list ap;
	long arg;

	va_start(ap, cmd);
	arg = va_arg(ap, long);
	va_end(ap);
	if (cmd == F_SETLEASE && arg != F_UNLCK && no != NULL && strcmp(no, "1") == 0) {
		errno = EINVAL;
		return -1;
	}
	return REAL(int (*)(int, int, ...), "fcntl")(fd, cmd, arg);
}

int fcntl64(int fd, int cmd, ...) __attribute__((alias("fcntl")));

int linkat(int a, const char *p, int b, const char *q, int flags)
{
	AROUND("linkat", p, q,
	       REAL(int (*)(int, const char *, int, const char *, int), "linkat")(a, p, b, q, flags));
}

int unlinkat(int a, const char *p, int flags)
{
	AROUND("unlinkat", p, NULL, REAL(int (*)(int, const char *, int), "unlinkat")(a, p, flags));
}

int mknodat(int a, const char *p, mode_t mode, dev_t dev)
{
	AROUND("mknodat", p, NULL,
	       REAL(int (*)(int, const char *, mode_t, dev_t), "mknodat")(a, p, mode, dev));
}

/* openat - a worker opening a claimed file to read it, say. */
int openat(int a, const char *p, int flags, ...)
{
	mode_t mode = 0;

	if (flags & (O_CREAT | O_TMPFILE)) {
		va_list ap;

		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	AROUND("openat", p, NULL,
	       REAL(int (*)(int, const char *, int, ...), "openat")(a, p, flags, mode));
}

/* fd_path - the path descriptor fd was opened by. */
static int fd_path(int fd, char *path, size_t len)
{
	char proc[64];
	ssize_t n;

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	n = readlink(proc, path, len - 1);
	if (n < 0)
		return -1;
	path[n] = '\0';
	return 0;
}

/* read - matched by its descriptor's path, looked up only when chosen. */
ssize_t read(int fd, void *buf, size_t n)
{
	const char *c = getenv("CAIRN_STOP_CALL");
	char path[4096];
	ssize_t (*real)(int, void *, size_t) = REAL(ssize_t (*)(int, void *, size_t), "read");
	int chosen = 0, e;
	ssize_t r;

	if (c != NULL && strcmp(c, "read") == 0 && fd_path(fd, path, sizeof(path)) == 0)
		chosen = hit("read", path, NULL);
	if (chosen && before())
		stop();
	r = real(fd, buf, n);
	e = errno;
	if (chosen && !before())
		stop();
	errno = e;
	return r;
}
