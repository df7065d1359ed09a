/*
 * cairn_stat - statx() with the spool's mask; fstatat() where the kernel
 * or a seccomp filter has no statx().
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "cairn_stat.h"

/*
 * STATX_UID: the owner (doc/spool.md), and the watcher's turns
 * (cairn_pending.h); STATX_GID: whether an input is the daemon's own, to
 * be stored as it is (cairn_pipeline_store.c).
 */
#define BASIC_MASK (STATX_TYPE | STATX_MODE | STATX_UID | STATX_GID | STATX_INO | \
		    STATX_SIZE | STATX_MTIME)

/* stat_mask - statx() for mask into st (what mask leaves out is zero). */
static int stat_mask(int dir_fd, const char *name, unsigned mask, struct stat *st)
{
	struct statx sx;
	int flags = AT_SYMLINK_NOFOLLOW | (name[0] == '\0' ? AT_EMPTY_PATH : 0);

	if (statx(dir_fd, name, flags, mask, &sx) < 0) {
		if (errno != ENOSYS && errno != EPERM)
			return -1;
		return fstatat(dir_fd, name, st, flags);
	}
	memset(st, 0, sizeof(*st));
	st->st_mode = sx.stx_mode;
	st->st_uid = sx.stx_uid;
	st->st_gid = sx.stx_gid;
	st->st_ino = (ino_t)sx.stx_ino;
	st->st_dev = makedev(sx.stx_dev_major, sx.stx_dev_minor);
	st->st_size = (off_t)sx.stx_size;
	st->st_mtim.tv_sec = sx.stx_mtime.tv_sec;
	st->st_mtim.tv_nsec = sx.stx_mtime.tv_nsec;
	if (mask & STATX_CTIME) {
		st->st_ctim.tv_sec = sx.stx_ctime.tv_sec;
		st->st_ctim.tv_nsec = sx.stx_ctime.tv_nsec;
	}
	if (mask & STATX_NLINK)
		st->st_nlink = (nlink_t)sx.stx_nlink;
	return 0;
}

int cairn_stat_basic(int dir_fd, const char *name, struct stat *st)
{
	return stat_mask(dir_fd, name, BASIC_MASK, st);
}

int cairn_stat_change(int dir_fd, const char *name, struct stat *st)
{
	return stat_mask(dir_fd, name, BASIC_MASK | STATX_CTIME | STATX_NLINK, st);
}
