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

int cairn_spool_instance_ok(const char *instance)
{
	return instance != NULL && instance[0] != '\0' && instance[0] != '.' &&
	       strchr(instance, '/') == NULL;
}

int cairn_spool_open(struct cairn_spool *sp, const char *root,
		     const char *instance, char *err, size_t errlen)
{
	int r;
	const char *what = root;

	memset(sp, 0, sizeof(*sp));
	sp->root_fd = sp->processing_fd = sp->results_fd = -1;
	sp->done_fd = sp->failed_fd = -1;
	if (!cairn_spool_instance_ok(instance)) {
		snprintf(err, errlen, "instance \"%s\" is not a usable directory name",
			 instance ? instance : "");
		return -EINVAL;
	}
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
				r = sp->processing_fd = open_dir_at(pfd, instance);
			close(pfd);
		}
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

int cairn_spool_open_incoming(const struct cairn_spool *sp)
{
	int r = mkdir_at(sp->root_fd, "incoming");

	return r < 0 ? r : open_dir_at(sp->root_fd, "incoming");
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
