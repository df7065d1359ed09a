/*
 * cairn_spool - the spool directories and the moves between them.
 *
 * Opening a spool creates the directories SPEC section 5 names and keeps a
 * descriptor on each, so that claims and moves are single renameat2()
 * calls that are atomic on every local file system.  No move here ever
 * replaces an existing name: cairn_spool_move() (cairn_spoolname.c) uses
 * RENAME_NOREPLACE, and where the file system does not support it (some
 * network file systems) link() plus unlink().  That is what makes a claim by one
 * instance exclusive and what keeps done/ and failed/ from losing files.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_mem.h"
#include "cairn_spool.h"

static const char *const subdirs[] = {
	"incoming", "processing", "results", "done", "failed", "problems"
};

/* mkdir_at - create dir (mode 0755 less umask) unless it exists. */
static int mkdir_at(int dirfd, const char *name)
{
	if (mkdirat(dirfd, name, 0755) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}

static int open_dir_at(int dirfd, const char *name)
{
	int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	return fd < 0 ? -errno : fd;
}

/* mkdir_p - create every missing component of path. */
static int mkdir_p(const char *path)
{
	char *p = cairn_xstrdup(path);
	int r = 0;

	for (char *s = p + 1; ; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		char c = *s;
		*s = '\0';
		if (mkdir(p, 0755) < 0 && errno != EEXIST) {
			r = -errno;
			break;
		}
		*s = c;
		if (c == '\0')
			break;
	}
	free(p);
	return r;
}

/*
 * open_own_dir - open dirfd/name, which must be a real directory (not a
 * symbolic link to one) owned by the daemon's user: what is in it is
 * taken for the daemon's own crash leftovers.  -ENOTDIR or -EPERM, with
 * why in *why, when it is not.
 */
static int open_own_dir(int dirfd, const char *name, const char **why)
{
	struct stat st;
	int fd;

	*why = NULL;
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISDIR(st.st_mode)) {
		*why = S_ISLNK(st.st_mode) ? "is a symbolic link, not a directory" :
					      "is not a directory";
		return -ENOTDIR;
	}
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0 || st.st_uid != geteuid()) {
		*why = "is not owned by the daemon's user";
		close(fd);
		return -EPERM;
	}
	return fd;
}

int cairn_spool_instance_ok(const char *instance)
{
	return instance != NULL && instance[0] != '\0' && instance[0] != '.' &&
	       strchr(instance, '/') == NULL && strlen(instance) <= CAIRN_INSTANCE_MAX;
}

int cairn_spool_instance_check(const char *instance, char *err, size_t errlen)
{
	if (cairn_spool_instance_ok(instance))
		return 0;
	snprintf(err, errlen, "instance \"%s\" is not a usable directory name (one "
		 "component of at most %d bytes, not starting with '.')",
		 instance ? instance : "", CAIRN_INSTANCE_MAX);
	return -EINVAL;
}

int cairn_spool_open(struct cairn_spool *sp, const char *root,
		     const char *instance, char *err, size_t errlen)
{
	int r;
	const char *what = root, *why = NULL;

	memset(sp, 0, sizeof(*sp));
	sp->root_fd = sp->processing_fd = sp->results_fd = -1;
	sp->done_fd = sp->failed_fd = -1;
	if (cairn_spool_instance_check(instance, err, errlen) < 0)
		return -EINVAL;
	sp->root = cairn_xstrdup(root);
	sp->instance = cairn_xstrdup(instance);
	sp->incoming_path = cairn_xasprintf("%s/incoming", root);
	r = mkdir_p(root);
	if (r == 0)
		r = sp->root_fd = open_dir_at(AT_FDCWD, root);
	for (size_t i = 0; r >= 0 && i < sizeof(subdirs) / sizeof(subdirs[0]); i++) {
		what = subdirs[i];
		r = mkdir_at(sp->root_fd, subdirs[i]);
	}
	if (r >= 0) {
		int pfd = open_dir_at(sp->root_fd, "processing");

		what = "processing";
		r = pfd;
		if (pfd >= 0) {
			what = instance;
			r = mkdir_at(pfd, instance);
			if (r == 0)
				r = sp->processing_fd = open_own_dir(pfd, instance, &why);
			close(pfd);
		}
	}
	if (why != NULL) {
		snprintf(err, errlen, "%s/processing/%s %s (uid %ld)", root, instance, why,
			 (long)geteuid());
		cairn_spool_close(sp);
		return r;
	}
	if (r >= 0)
		r = sp->results_fd = open_dir_at(sp->root_fd, what = "results");
	if (r >= 0)
		r = sp->done_fd = open_dir_at(sp->root_fd, what = "done");
	if (r >= 0)
		r = sp->failed_fd = open_dir_at(sp->root_fd, what = "failed");
	if (r < 0) {
		snprintf(err, errlen, "%s: %s: %s", root, what, strerror(-r));
		cairn_spool_close(sp);
		return r;
	}
	return 0;
}

void cairn_spool_close(struct cairn_spool *sp)
{
	int *fds[] = { &sp->root_fd, &sp->processing_fd, &sp->results_fd,
		       &sp->done_fd, &sp->failed_fd };

	for (size_t i = 0; i < sizeof(fds) / sizeof(fds[0]); i++) {
		if (*fds[i] >= 0)
			close(*fds[i]);
		*fds[i] = -1;
	}
	free(sp->root);
	free(sp->instance);
	free(sp->incoming_path);
	sp->root = sp->instance = sp->incoming_path = NULL;
}

int cairn_spool_open_incoming(const struct cairn_spool *sp, mode_t like)
{
	/*
	 * A re-created incoming/ gets the old one's mode back (1733 in the
	 * package): under UMask=0027 a plain mkdir would lock submitters out.
	 */
	if (mkdirat(sp->root_fd, "incoming", 0755) == 0) {
		if (like != 0 && fchmodat(sp->root_fd, "incoming", like & 07777, 0) < 0)
			return -errno;
	} else if (errno != EEXIST) {
		return -errno;
	}
	return open_dir_at(sp->root_fd, "incoming");
}

int cairn_spool_claim(const struct cairn_spool *sp, const char *name)
{
	char *from = cairn_xasprintf("incoming/%s", name);
	int r = cairn_spool_move(sp->root_fd, from, sp->processing_fd, name);

	free(from);
	return r;
}

int cairn_spool_unclaim(const struct cairn_spool *sp, const char *name)
{
	char *to = cairn_xasprintf("incoming/%s", name);
	int r = cairn_spool_move(sp->processing_fd, name, sp->root_fd, to);

	free(to);
	return r;
}

const char *cairn_spool_kind(mode_t mode)
{
	switch (mode & S_IFMT) {
	case S_IFREG: return "regular file";
	case S_IFDIR: return "directory";
	case S_IFIFO: return "fifo";
	case S_IFSOCK: return "socket";
	case S_IFCHR: return "character device";
	case S_IFBLK: return "block device";
	case S_IFLNK: return "symbolic link";
	default: return "unknown type";
	}
}

/*
 * held - whether fd is still the directory at dirfd/name (and not
 * removed); symbolic links are followed, as they were when it was opened.
 */
static int held(int fd, int dirfd, const char *name)
{
	struct stat a, b;

	if (fstat(fd, &a) < 0 || a.st_nlink == 0)
		return 0;
	if (fstatat(dirfd, name, &b, 0) < 0)
		return 0;
	return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/*
 * replace_fd - open dirfd/name (creating it) and put it in place of *fd,
 * under the same descriptor number, so that workers using the number go
 * on with the new directory without any lock.
 */
static int replace_fd(int fd, int dirfd, const char *name)
{
	int r = mkdir_at(dirfd, name), nfd;

	if (r < 0)
		return r;
	nfd = open_dir_at(dirfd, name);
	if (nfd < 0)
		return nfd;
	r = dup3(nfd, fd, O_CLOEXEC) < 0 ? -errno : 0;
	close(nfd);
	return r;
}

int cairn_spool_revive(const struct cairn_spool *sp, char *what, size_t len)
{
	const struct { int fd; const char *name; } dirs[] = {
		{ sp->results_fd, "results" }, { sp->done_fd, "done" },
		{ sp->failed_fd, "failed" },
	};
	size_t n = 0;
	int r = 0, pfd;

	what[0] = '\0';
	if (!held(sp->root_fd, AT_FDCWD, sp->root)) {
		if ((r = mkdir_p(sp->root)) < 0 ||
		    (r = replace_fd(sp->root_fd, AT_FDCWD, sp->root)) < 0)
			goto fail;
		n += (size_t)snprintf(what + n, len > n ? len - n : 0, "%sspool", n ? "," : "");
	}
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		if (held(dirs[i].fd, sp->root_fd, dirs[i].name))
			continue;
		if ((r = replace_fd(dirs[i].fd, sp->root_fd, dirs[i].name)) < 0)
			goto fail;
		n += (size_t)snprintf(what + n, len > n ? len - n : 0, "%s%s", n ? "," : "",
				      dirs[i].name);
	}
	if ((r = mkdir_at(sp->root_fd, "problems")) < 0 ||
	    (r = mkdir_at(sp->root_fd, "processing")) < 0 ||
	    (r = pfd = open_dir_at(sp->root_fd, "processing")) < 0)
		goto fail;
	if (!held(sp->processing_fd, pfd, sp->instance)) {
		const char *why;
		int nfd = (r = mkdir_at(pfd, sp->instance)) < 0 ? r :
			  open_own_dir(pfd, sp->instance, &why);

		r = nfd < 0 ? nfd : dup3(nfd, sp->processing_fd, O_CLOEXEC) < 0 ? -errno : 0;
		if (nfd >= 0)
			close(nfd);
		n += (size_t)snprintf(what + n, len > n ? len - n : 0, "%sprocessing", n ? "," : "");
	}
	close(pfd);
	if (r < 0)
		goto fail;
	return n > 0;
fail:
	snprintf(what, len, "%s", strerror(-r));
	return r;
}
