/*
 * cairn_lock - the instance lock on processing/<instance>/.lock.
 *
 * Taking it never waits: a second daemon with the same instance name is
 * told at once who holds it and exits (75).  The holder writes its pid and
 * host name into the file after it has the lock; a reader that finds the
 * file still empty (the holder is between the two steps) looks again for
 * a moment.  Peers are found by listing processing/ and testing each
 * instance's lock (F_OFD_GETLK reports a lock held by any other open file
 * description, on this host or, through the lock protocol, on another).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cairn_lock.h"
#include "cairn_mem.h"
#include "cairn_spool.h"

#define LOCK_NAME ".lock"

/* setlk - a record lock over the whole file: OFD where there is one. */
static int setlk(int fd, int cmd_ofd, int cmd, struct flock *fl)
{
	memset(fl, 0, sizeof(*fl));
	fl->l_type = F_WRLCK;
	fl->l_whence = SEEK_SET;
	if (fcntl(fd, cmd_ofd, fl) == 0)
		return 0;
	if (errno != EINVAL)
		return -errno;
	/* No OFD locks: a process lock does here, this fd is never closed early. */
	memset(fl, 0, sizeof(*fl));
	fl->l_type = F_WRLCK;
	fl->l_whence = SEEK_SET;
	return fcntl(fd, cmd, fl) == 0 ? 0 : -errno;
}

/* holder - "pid N on host H" from the lock file; waits up to 0.5 s for it. */
static void holder(int fd, char *out, size_t len)
{
	char buf[512];

	for (int tries = 0; tries < 25; tries++) {
		ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
		long pid;
		char host[256];

		if (n > 0) {
			buf[n] = '\0';
			if (sscanf(buf, "pid=%ld host=%255s", &pid, host) == 2) {
				snprintf(out, len, "pid %ld on host %s", pid, host);
				return;
			}
		}
		struct timespec ts = { 0, 20 * 1000000 };
		nanosleep(&ts, NULL);
	}
	snprintf(out, len, "a process that did not say who it is");
}

int cairn_lock_take(int dir_fd, char *err, size_t errlen)
{
	struct flock fl;
	char host[256] = "unknown", text[360], who[300];
	int fd = openat(dir_fd, LOCK_NAME, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
	int r;

	if (fd < 0) {
		r = -errno;
		snprintf(err, errlen, "%s: %s", LOCK_NAME, strerror(-r));
		return r;
	}
	r = setlk(fd, F_OFD_SETLK, F_SETLK, &fl);
	if (r == -EAGAIN || r == -EACCES) {
		holder(fd, who, sizeof(who));
		close(fd);
		snprintf(err, errlen, "held by %s", who);
		return -EAGAIN;
	}
	if (r < 0) {
		close(fd);
		snprintf(err, errlen, "locking %s: %s", LOCK_NAME, strerror(-r));
		return r;
	}
	gethostname(host, sizeof(host) - 1);
	host[sizeof(host) - 1] = '\0';
	struct stat st;
	unsigned long dev = fstat(dir_fd, &st) == 0 ? (unsigned long)st.st_dev : 0;
	int n = snprintf(text, sizeof(text), "pid=%ld host=%s dev=%lu\n", (long)getpid(),
			 host, dev);
	if (ftruncate(fd, 0) < 0 || pwrite(fd, text, (size_t)n, 0) != n) {
		r = -errno;
		close(fd);
		snprintf(err, errlen, "writing %s: %s", LOCK_NAME, strerror(-r));
		return r;
	}
	return fd;
}

/* held - whether someone holds dir_fd/NAME/.lock (unsure counts as held). */
static int held(int dir_fd, const char *name)
{
	char *path = cairn_xasprintf("%s/" LOCK_NAME, name);
	int fd = openat(dir_fd, path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	struct flock fl;
	int r;

	free(path);
	if (fd < 0)
		return 0;	/* never run, or from before locks */
	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	r = fcntl(fd, F_OFD_GETLK, &fl);
	if (r < 0 && errno == EINVAL) {
		memset(&fl, 0, sizeof(fl));
		fl.l_type = F_WRLCK;
		fl.l_whence = SEEK_SET;
		r = fcntl(fd, F_GETLK, &fl);
	}
	close(fd);
	return r < 0 || fl.l_type != F_UNLCK;
}

/* where - host and mount device from the lock file of dir_fd/NAME: 0, or -1. */
static int where(int dir_fd, const char *name, char *host, size_t hostlen,
		 unsigned long *dev)
{
	char *path = cairn_xasprintf("%s/" LOCK_NAME, name), buf[512], h[256];
	int fd = openat(dir_fd, path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : pread(fd, buf, sizeof(buf) - 1, 0);
	long pid;

	free(path);
	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	if (sscanf(buf, "pid=%ld host=%255s dev=%lu", &pid, h, dev) != 3)
		return -1;
	snprintf(host, hostlen, "%s", h);
	return 0;
}

struct peers_ctx {
	const char *self;
	char host[256];		/* this host's name */
	unsigned long dev;	/* the spool's device here */
	char **near;
	size_t nnear, capnear;
};

/*
 * live_peer - a directory under processing/ other than ours, locked; one
 * on this host through the same mount is noted as near.
 */
static int live_peer(int dir_fd, const char *name, void *arg)
{
	struct peers_ctx *pc = arg;
	char host[256];
	unsigned long dev;

	if (name[0] == '.' || strcmp(name, pc->self) == 0 || !held(dir_fd, name))
		return 0;
	if (pc->dev != 0 && where(dir_fd, name, host, sizeof(host), &dev) == 0 &&
	    dev == pc->dev && strcmp(host, pc->host) == 0) {
		pc->near = cairn_xgrow(pc->near, &pc->capnear, pc->nnear + 2, sizeof(pc->near[0]));
		pc->near[pc->nnear++] = cairn_xstrdup(name);
		pc->near[pc->nnear] = NULL;
	}
	return 1;
}

int cairn_lock_peers(int root_fd, const char *self, char ***names, char ***near)
{
	int fd = openat(root_fd, "processing", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct peers_ctx pc = { .self = self, .host = "unknown" };
	struct stat st;
	int r;

	if (fd < 0)
		return -errno;
	if (near != NULL && fstat(root_fd, &st) == 0) {
		pc.dev = (unsigned long)st.st_dev;
		gethostname(pc.host, sizeof(pc.host) - 1);
	}
	r = cairn_spool_list(fd, live_peer, &pc, names);
	close(fd);
	if (near != NULL && r >= 0 && pc.near == NULL)
		pc.near = cairn_xcalloc(1, sizeof(pc.near[0]));
	if (near != NULL && r >= 0) {
		*near = pc.near;
		return r;
	}
	for (size_t i = 0; i < pc.nnear; i++)
		free(pc.near[i]);
	free(pc.near);
	return r;
}
