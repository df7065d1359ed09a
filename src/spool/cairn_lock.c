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

#include "cairn_dir.h"
#include "cairn_lock.h"
#include "cairn_lock_probe.h"
#include "cairn_mem.h"
#include "cairn_spool_dirs.h"

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

/*
 * lock_says - what the lock file on fd says: the number of the fields pid,
 * host (into host[256]) and dev that it gives, in that order (older
 * versions wrote no dev).
 */
static int lock_says(int fd, long *pid, char *host, unsigned long *dev)
{
	char buf[512];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	if (n <= 0)
		return 0;
	buf[n] = '\0';
	return sscanf(buf, "pid=%ld host=%255s dev=%lu", pid, host, dev);
}

/* holder - "pid N on host H" from the lock file; waits up to 0.5 s for it. */
static void holder(int fd, char *out, size_t len)
{
	for (int tries = 0; tries < 25; tries++) {
		long pid;
		char host[256];
		unsigned long dev;

		if (lock_says(fd, &pid, host, &dev) >= 2) {
			snprintf(out, len, "pid %ld on host %s", pid, host);
			return;
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

/* held - whether someone holds the lock file on fd (unsure counts as held). */
static int held(int fd)
{
	return cairn_lock_probe_conflicts(fd) != 0;
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
	char host[256], *path;
	unsigned long dev;
	long pid;
	int fd, live;

	if (name[0] == '.' || strcmp(name, pc->self) == 0)
		return 0;
	path = cairn_xasprintf("%s/" LOCK_NAME, name);
	fd = openat(dir_fd, path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	free(path);
	if (fd < 0)
		return 0;	/* never run, or from before locks */
	live = held(fd);
	if (live && pc->dev != 0 && lock_says(fd, &pid, host, &dev) == 3 &&
	    dev == pc->dev && strcmp(host, pc->host) == 0) {
		pc->near = cairn_xgrow(pc->near, &pc->capnear, pc->nnear + 2, sizeof(pc->near[0]));
		pc->near[pc->nnear++] = cairn_xstrdup(name);
		pc->near[pc->nnear] = NULL;
	}
	close(fd);
	return live;
}

int cairn_lock_peers(int root_fd, const char *self, char ***names, char ***near)
{
	struct peers_ctx pc = { .self = self, .host = "unknown" };
	struct stat st;
	int r;

	if (near != NULL && fstat(root_fd, &st) == 0) {
		pc.dev = (unsigned long)st.st_dev;
		gethostname(pc.host, sizeof(pc.host) - 1);
	}
	r = cairn_dir_list(root_fd, CAIRN_DIR_PROCESSING, live_peer, &pc, names);
	if (near == NULL || r < 0) {
		cairn_dir_free(pc.near);
		return r;
	}
	*near = pc.near != NULL ? pc.near : cairn_xcalloc(1, sizeof(pc.near[0]));
	return r;
}
