/*
 * cairn_spool - the spool directories and the moves between them.
 *
 * Opening a spool creates the directories doc/spool.md names and keeps a
 * descriptor on each.  No move here ever replaces a file that matters:
 *
 * - A claim is a plain rename() from incoming/ into processing/<instance>/,
 *   under the file's held name, which carries its arrival (cairn_held.h),
 *   into a directory that only this instance writes (its lock, cairn_lock.c,
 *   makes that so) and in which the name is free: the caller says when it
 *   may not be (it holds a file of that name there), and then it is looked
 *   up first, a round trip that a FUSE client cannot answer from its
 *   cache (it does not keep the absence of a name).  Of
 *   several instances renaming one name, the file system lets exactly one
 *   succeed, on every file system with an atomic rename() (local, NFS,
 *   GlusterFS, CephFS).  No link() is involved, so a client whose unlink()
 *   misreports cannot make two winners.  An NFS client can report ENOENT
 *   for a rename that the server did perform (a retransmission): the claim
 *   then looks in its own directory.
 * - Moves into done/ and failed/ (shared by all instances) use
 *   RENAME_NOREPLACE where the file system has it.  Elsewhere (GlusterFS,
 *   NFS) the file is linked under its first free numbered name (link()
 *   never replaces), then its name in processing/<instance>/ unlinked.  A
 *   crash between the two leaves a claimed file with two links, which
 *   cairn_spool_resolve() (cairn_spool_resolve.c) finds in done/ or
 *   failed/ by its inode, when the attempts journal recorded that the
 *   move began: it moved, and only the unlink is left.  No name records where the file was going, so a
 *   move costs the file system two operations, not three (a marker's
 *   rename, on GlusterFS a round trip and a lookup).
 * - Returning a file to incoming/ needs RENAME_NOREPLACE (a new file of the
 *   same name may have arrived meanwhile); without it the file stays
 *   claimed and is processed where it is (-ENOTSUP).
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

#include "cairn_acl.h"
#include "cairn_lock.h"
#include "cairn_mem.h"
#include "cairn_spool.h"
#include "cairn_spoolname.h"


/* Made here; processing/, results/, done/ and failed/ are made as opened. */
static const char *const subdirs[] = { CAIRN_DIR_INCOMING, CAIRN_DIR_PROBLEMS };

/* mkdir_at - create dir (mode 0755 less umask) unless it exists. */
static int mkdir_at(int dirfd, const char *name)
{
	if (mkdirat(dirfd, name, 0755) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}

/* is_link - whether dirfd/name is a symbolic link. */
static int is_link(int dirfd, const char *name)
{
	struct stat st;

	return fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode);
}

/*
 * make_dir_like - create dirfd/name unless it exists (with the mode
 * `like` when not 0, else 0755 less the umask), and open it, never
 * through a symbolic link (doc/spool.md): a link in its place is treated as
 * missing, removed (its target is not touched) and *links counted up.
 * Only the spool itself, the administrator's choice, is reached through
 * a link (links NULL).  On
 * GlusterFS two clients making one directory at the same moment (two
 * daemons starting on a fresh spool) can see mkdir() fail, with EEXIST
 * or ENOENT, and the directory still missing for a while: make and look
 * again, every 20 ms for up to 5 s, before giving up with ENOENT.
 */
static int make_dir_like(int dirfd, const char *name, mode_t like, unsigned *links)
{
	for (int tries = 0; ; tries++) {
		int fd = -1, made = mkdirat(dirfd, name, 0755) == 0;

		if (made || errno == EEXIST)
			fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC |
				    (links != NULL ? O_NOFOLLOW : 0));
		if (fd < 0 && links != NULL && (errno == ELOOP || errno == ENOTDIR) && tries < 250 &&
		    is_link(dirfd, name) && unlinkat(dirfd, name, 0) == 0) {
			(*links)++;
			continue;
		}
		if (fd >= 0 && made && like != 0 && fchmod(fd, like & 07777) < 0) {
			int e = -errno;

			close(fd);
			return e;
		}
		if (fd >= 0 || errno != ENOENT || tries >= 250)
			return fd < 0 ? -errno : fd;
		struct timespec ts = { 0, 20 * 1000000 };
		nanosleep(&ts, NULL);
	}
}

static int make_dir_at(int dirfd, const char *name, unsigned *links)
{
	return make_dir_like(dirfd, name, 0, links);
}

int cairn_spool_owner_dir(int parent_fd, const char *name, int grant, uid_t reader)
{
	unsigned links = 0;
	int fd = make_dir_like(parent_fd, name, CAIRN_OWNER_DIR_MODE, &links);

	if (fd >= 0 && grant) {
		int r = cairn_acl_grant(fd, reader, 1);

		if (r < 0) {
			close(fd);
			return r;
		}
	}
	return fd;
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
 * probe_noreplace - whether renameat2(RENAME_NOREPLACE) works on this
 * file system, tried on a file of our own (the kernel looks at the flag
 * only once it has found the source).  Sets sp->noreplace.
 */
static int probe_noreplace(struct cairn_spool *sp)
{
	char a[64], b[64];
	int fd, e;

	snprintf(a, sizeof(a), ".probe.%ld", (long)getpid());
	snprintf(b, sizeof(b), ".probe.%ld.b", (long)getpid());
	fd = openat(sp->processing_fd, a, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW |
		    O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	close(fd);
	if (renameat2(sp->processing_fd, a, sp->processing_fd, b, RENAME_NOREPLACE) == 0) {
		sp->noreplace = 1;
		unlinkat(sp->processing_fd, b, 0);
		return 0;
	}
	e = errno;
	unlinkat(sp->processing_fd, a, 0);
	if (e != EINVAL && e != ENOSYS && e != ENOTSUP)
		return -e;
	sp->noreplace = 0;
	return 0;
}

/*
 * open_own_dir - make and open dirfd/name, which must be a real directory
 * owned by the daemon's user: what is in it is taken for the daemon's
 * own crash leftovers.  A symbolic link in its place is removed as
 * make_dir_at() does; -ENOTDIR or -EPERM, with why in *why, when it is
 * something else.
 */
static int open_own_dir(int dirfd, const char *name, unsigned *links, const char **why)
{
	struct stat st;
	int fd;

	*why = NULL;
	fd = make_dir_at(dirfd, name, links);
	if (fd == -ENOTDIR)
		*why = "is not a directory";
	if (fd < 0)
		return fd;
	if (fstat(fd, &st) < 0 || st.st_uid != geteuid()) {
		*why = "is not owned by the daemon's user";
		close(fd);
		return -EPERM;
	}
	return fd;
}

/* same_fs - whether descriptors a and b are on one file system. */
static int same_fs(int a, int b)
{
	struct stat sa, sb;

	return fstat(a, &sa) == 0 && fstat(b, &sb) == 0 && sa.st_dev == sb.st_dev;
}

/*
 * open_temp_dir - processing/<instance>/.tmp/, made if missing, for the
 * result files' temporary files: the daemon's own real directory, like
 * its parent, on results/' file system (a result is linked across), or
 * -EXDEV where results/ is elsewhere, or a negative errno value.
 */
static int open_temp_dir(const struct cairn_spool *sp, unsigned *links, const char **why)
{
	int fd = open_own_dir(sp->processing_fd, CAIRN_TEMP_DIR, links, why);

	if (fd >= 0 && !same_fs(fd, sp->results_fd)) {
		close(fd);
		return -EXDEV;
	}
	return fd;
}

int cairn_spool_open_temp(struct cairn_spool *sp, char *err, size_t errlen)
{
	const char *why = NULL;
	int r = open_temp_dir(sp, &sp->links, &why);

	if (r == -EXDEV)
		return 0;	/* results/ is mounted apart: temporary files go there */
	if (r >= 0) {
		sp->temp_fd = r;
		return 0;
	}
	if (why != NULL)
		snprintf(err, errlen, "%s/" CAIRN_DIR_PROCESSING "/%s/%s %s (uid %ld)", sp->root, sp->instance,
			 CAIRN_TEMP_DIR, why, (long)geteuid());
	else
		snprintf(err, errlen, "%s/" CAIRN_DIR_PROCESSING "/%s/%s: %s", sp->root, sp->instance,
			 CAIRN_TEMP_DIR, strerror(-r));
	return r;
}

static int instance_ok(const char *instance)
{
	return instance != NULL && instance[0] != '\0' && instance[0] != '.' &&
	       strchr(instance, '/') == NULL && strlen(instance) <= CAIRN_INSTANCE_MAX;
}

int cairn_spool_instance_check(const char *instance, char *err, size_t errlen)
{
	if (instance_ok(instance))
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
	sp->root_fd = sp->incoming_fd = sp->processing_fd = sp->results_fd = sp->temp_fd = -1;
	sp->done_fd = sp->failed_fd = sp->lock_fd = -1;
	sp->rename_ctime = 1;	/* until cairn_spool_probe_ctime() says otherwise */
	if (cairn_spool_instance_check(instance, err, errlen) < 0)
		return -EINVAL;
	sp->root = cairn_xstrdup(root);
	sp->instance = cairn_xstrdup(instance);
	sp->incoming_path = cairn_xasprintf("%s/" CAIRN_DIR_INCOMING, root);
	r = mkdir_p(root);
	if (r == 0)
		r = sp->root_fd = make_dir_at(AT_FDCWD, root, NULL);
	for (size_t i = 0; r >= 0 && i < sizeof(subdirs) / sizeof(subdirs[0]); i++) {
		what = subdirs[i];
		if (is_link(sp->root_fd, what) && unlinkat(sp->root_fd, what, 0) == 0)
			sp->links++;	/* never followed (doc/spool.md): made anew */
		r = mkdir_at(sp->root_fd, subdirs[i]);
	}
	if (r >= 0) {
		what = CAIRN_DIR_INCOMING;
		/* Only to look names up and move them: no need to be let read it. */
		r = sp->incoming_fd = openat(sp->root_fd, CAIRN_DIR_INCOMING,
					     O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (r < 0)
			r = -errno;
	}
	if (r >= 0) {
		int pfd = make_dir_at(sp->root_fd, CAIRN_DIR_PROCESSING, &sp->links);

		what = CAIRN_DIR_PROCESSING;
		r = pfd;
		if (pfd >= 0) {
			what = instance;
			r = sp->processing_fd = open_own_dir(pfd, instance, &sp->links, &why);
			close(pfd);
		}
	}
	if (why != NULL) {
		snprintf(err, errlen, "%s/" CAIRN_DIR_PROCESSING "/%s %s (uid %ld)", root, instance, why,
			 (long)geteuid());
		cairn_spool_close(sp);
		return r;
	}
	if (r >= 0)
		r = probe_noreplace(sp);
	if (r >= 0)
		r = sp->results_fd = make_dir_like(sp->root_fd, what = CAIRN_DIR_RESULTS,
						   CAIRN_RESULTS_DIR_MODE, &sp->links);
	if (r >= 0 && !sp->noreplace &&
	    (r = cairn_spool_open_temp(sp, err, errlen)) < 0) {
		cairn_spool_close(sp);
		return r;
	}
	if (r >= 0)
		r = sp->done_fd = make_dir_at(sp->root_fd, what = CAIRN_DIR_DONE, &sp->links);
	if (r >= 0)
		r = sp->failed_fd = make_dir_at(sp->root_fd, what = CAIRN_DIR_FAILED, &sp->links);
	if (r < 0) {
		snprintf(err, errlen, "%s: %s: %s", root, what, strerror(-r));
		cairn_spool_close(sp);
		return r;
	}
	return 0;
}

void cairn_spool_close(struct cairn_spool *sp)
{
	int *fds[] = { &sp->root_fd, &sp->incoming_fd, &sp->processing_fd, &sp->results_fd,
		       &sp->temp_fd, &sp->done_fd, &sp->failed_fd };

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

int cairn_spool_open_incoming(const struct cairn_spool *sp, mode_t like, unsigned *links)
{
	/*
	 * A re-created incoming/ gets the old one's mode back (1733 in the
	 * package): under UMask=0027 a plain mkdir would lock submitters out.
	 */
	return make_dir_like(sp->root_fd, CAIRN_DIR_INCOMING, like, links);
}

int cairn_spool_follow_incoming(const struct cairn_spool *sp, int fd)
{
	return dup3(fd, sp->incoming_fd, O_CLOEXEC) < 0 ? -errno : 0;
}

int cairn_spool_claim(const struct cairn_spool *sp, const char *name, const char *held,
		      int check)
{
	struct stat st;
	int r = 0;

	/* Only we write here, so a name free now stays free for the rename. */
	if (check) {
		if (fstatat(sp->processing_fd, held, &st, AT_SYMLINK_NOFOLLOW) == 0)
			return -EEXIST;
		if (errno != ENOENT)
			return -errno;
	}
	if (renameat(sp->incoming_fd, name, sp->processing_fd, held) < 0) {
		r = -errno;
		/* NFS: the server may have renamed it and lost our reply. */
		if (r == -ENOENT &&
		    fstatat(sp->processing_fd, held, &st, AT_SYMLINK_NOFOLLOW) == 0)
			r = 0;
	}
	return r;
}

int cairn_spool_waiting(const struct cairn_spool *sp, const char *name)
{
	struct stat st;

	return fstatat(sp->incoming_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 || errno != ENOENT;
}

int cairn_spool_unclaim(const struct cairn_spool *sp, const char *held, const char *name)
{
	if (!sp->noreplace)
		return -ENOTSUP;
	return renameat2(sp->processing_fd, held, sp->incoming_fd, name, RENAME_NOREPLACE) < 0 ?
	       -errno : 0;
}

int cairn_spool_probe_ctime(struct cairn_spool *sp)
{
	char a[64], b[64];
	struct stat sa, sb;
	struct timespec wait = { 0, 20 * 1000000 };
	int fd, r = 0;

	snprintf(a, sizeof(a), ".ctime.%ld", (long)getpid());
	snprintf(b, sizeof(b), ".ctime.%ld.b", (long)getpid());
	fd = openat(sp->processing_fd, a, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW |
		    O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &sa) < 0)
		r = -errno;
	close(fd);
	/* Longer than any clock tick the file system stamps with. */
	nanosleep(&wait, NULL);
	if (r == 0 && renameat(sp->processing_fd, a, sp->processing_fd, b) < 0)
		r = -errno;
	if (r == 0 && fstatat(sp->processing_fd, b, &sb, AT_SYMLINK_NOFOLLOW) < 0)
		r = -errno;
	if (r == 0)
		sp->rename_ctime = sb.st_ctim.tv_sec != sa.st_ctim.tv_sec ||
				   sb.st_ctim.tv_nsec != sa.st_ctim.tv_nsec;
	unlinkat(sp->processing_fd, r == 0 ? b : a, 0);
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
 * removed): a symbolic link put in its place is not (it is never
 * followed); the spool itself (dirfd AT_FDCWD) may be reached through one.
 */
static int held(int fd, int dirfd, const char *name)
{
	struct stat a, b;

	if (fstat(fd, &a) < 0 || a.st_nlink == 0)
		return 0;
	if (fstatat(dirfd, name, &b, dirfd == AT_FDCWD ? 0 : AT_SYMLINK_NOFOLLOW) < 0)
		return 0;
	return a.st_ino == b.st_ino && a.st_dev == b.st_dev;
}

/*
 * replace_fd - open dirfd/name (creating it) and put it in place of *fd,
 * under the same descriptor number, so that workers using the number go
 * on with the new directory without any lock.
 */
static int replace_fd(int fd, int dirfd, const char *name, unsigned *links)
{
	int r, nfd = make_dir_at(dirfd, name, dirfd == AT_FDCWD ? NULL : links);

	if (nfd < 0)
		return nfd;
	r = dup3(nfd, fd, O_CLOEXEC) < 0 ? -errno : 0;
	close(nfd);
	return r;
}

/*
 * relock - the instance lock again, on the new processing/<instance>/'s
 * lock file, under the same descriptor (its open file description holds
 * the lock).  -EAGAIN when another daemon took the name meanwhile.
 */
static int relock(const struct cairn_spool *sp)
{
	char err[256];
	int fd = cairn_lock_take(sp->processing_fd, err, sizeof(err));

	if (fd < 0)
		return fd;
	int r = dup3(fd, sp->lock_fd, O_CLOEXEC) < 0 ? -errno : 0;

	close(fd);
	return r;
}

/*
 * revive_temp - make .tmp/ again if it went (alone, or with its parent);
 * where results/ came back on another file system, the temporary files
 * go to results/ itself (temp_fd becomes a copy of results_fd).
 */
static int revive_temp(const struct cairn_spool *sp)
{
	const char *why;
	unsigned links = 0;
	int fd, r;

	if (sp->temp_fd < 0 || (held(sp->temp_fd, sp->processing_fd, CAIRN_TEMP_DIR) &&
				same_fs(sp->temp_fd, sp->results_fd)))
		return 0;
	fd = open_temp_dir(sp, &links, &why);
	if (fd == -EXDEV && (fd = dup(sp->results_fd)) < 0)
		fd = -errno;
	if (fd < 0)
		return fd;
	r = dup3(fd, sp->temp_fd, O_CLOEXEC) < 0 ? -errno : 0;
	close(fd);
	return r;
}

int cairn_spool_revive(const struct cairn_spool *sp, char *what, size_t len)
{
	const struct { int fd; const char *name; } dirs[] = {
		{ sp->results_fd, CAIRN_DIR_RESULTS }, { sp->done_fd, CAIRN_DIR_DONE },
		{ sp->failed_fd, CAIRN_DIR_FAILED },
	};
	size_t n = 0;
	unsigned links = 0;
	int r = 0, pfd;

	what[0] = '\0';
	if (!held(sp->root_fd, AT_FDCWD, sp->root)) {
		if ((r = mkdir_p(sp->root)) < 0 ||
		    (r = replace_fd(sp->root_fd, AT_FDCWD, sp->root, &links)) < 0)
			goto fail;
		n += (size_t)snprintf(what + n, len > n ? len - n : 0, "%sspool", n ? "," : "");
	}
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		if (held(dirs[i].fd, sp->root_fd, dirs[i].name))
			continue;
		unsigned was = links;

		if ((r = replace_fd(dirs[i].fd, sp->root_fd, dirs[i].name, &links)) < 0)
			goto fail;
		n += (size_t)snprintf(what + n, len > n ? len - n : 0, "%s%s%s", n ? "," : "",
				      dirs[i].name, links > was ? "(symlink removed)" : "");
	}
	if ((r = mkdir_at(sp->root_fd, CAIRN_DIR_PROBLEMS)) < 0 ||
	    (r = pfd = make_dir_at(sp->root_fd, CAIRN_DIR_PROCESSING, &links)) < 0)
		goto fail;
	if (!held(sp->processing_fd, pfd, sp->instance)) {
		const char *why;
		int nfd = open_own_dir(pfd, sp->instance, &links, &why);

		r = nfd < 0 ? nfd : dup3(nfd, sp->processing_fd, O_CLOEXEC) < 0 ? -errno : 0;
		if (nfd >= 0)
			close(nfd);
		if (r == 0 && sp->lock_fd >= 0)
			r = relock(sp);
		n += (size_t)snprintf(what + n, len > n ? len - n : 0, "%s" CAIRN_DIR_PROCESSING, n ? "," : "");
	}
	close(pfd);
	if (r < 0 || (r = revive_temp(sp)) < 0)
		goto fail;
	return n > 0;
fail:
	snprintf(what, len, "%s", strerror(-r));
	return r;
}
