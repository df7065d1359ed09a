/*
 * cairn_recover - return or fail the files a crash left in processing/.
 *
 * The order of steps makes a kill -9 during recovery itself safe: a file
 * is first moved back to incoming/, and only then its strike recorded in
 * the journal (saved once, atomically, at the end).  A crash between the
 * two leaves the file in incoming/ without an entry: at worst it gets one
 * more attempt, never a false "interrupted twice".  Names are collected
 * before anything is moved, so the directory is not modified while it is
 * read.  First the moves into done/ and failed/ that the journal says a
 * crash interrupted are finished (cairn_spool_resolve): a file already
 * linked there is never processed again, and one linked there by anyone
 * else is never taken for moved.  A crash counts against a file only when
 * the journal says it was being read or solved (cairn_attempts_crashed):
 * a file that waited for its turn gets no strike.  Where the file system
 * lacks RENAME_NOREPLACE a file cannot go back to incoming/ without
 * risking a new file of the same name, so it is processed where it is
 * instead.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_dir.h"
#include "cairn_mem.h"
#include "cairn_recover.h"
#include "cairn_spool_dirs.h"
#include "cairn_spool_resolve.h"

struct resolving {
	struct cairn_attempts *attempts;
	const struct cairn_recover_ops *ops;
};

/* not_dot - the names a crash may have left claimed. */
static int not_dot(int dir_fd, const char *name, void *arg)
{
	(void)dir_fd;
	(void)arg;
	return name[0] != '.';
}

static int was_moving(void *arg, const char *name, uint64_t ino)
{
	const struct resolving *rs = arg;

	return cairn_attempts_was_moving(rs->attempts, name, ino);
}

/* moved - an interrupted move into done/ or failed/ was finished. */
static void moved(void *arg, const char *name, uint64_t ino, const char *dir)
{
	const struct resolving *rs = arg;

	cairn_attempts_done(rs->attempts, name, ino);
	rs->ops->moved(rs->ops->arg, name, dir);
}

/* note_returned - incoming/NAME, just returned, keeps its strike. */
static void note_returned(const struct cairn_spool *sp, struct cairn_attempts *attempts,
			  const char *name)
{
	char *path = cairn_xasprintf(CAIRN_DIR_INCOMING "/%s", name);
	struct stat st;
	int there = fstatat(sp->root_fd, path, &st, AT_SYMLINK_NOFOLLOW) == 0;

	cairn_attempts_returned(attempts, name, there ? &st : NULL);
	free(path);
}

/* recover_one - fail, return or keep processing/NAME; 1 when returned. */
static int recover_one(const struct cairn_spool *sp, struct cairn_attempts *attempts,
		       const struct cairn_recover_ops *ops, const char *name)
{
	struct stat st;

	if (fstatat(sp->processing_fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		/* Gone, or there and not examined: then the job says so. */
		if (errno != ENOENT)
			ops->kept(ops->arg, name);
		return 0;
	}
	unsigned strikes = cairn_attempts_crashed(attempts, name, &st);

	if (strikes >= 2) {
		ops->twice(ops->arg, name);
		return 0;
	}
	if (ops->published != NULL && ops->published(ops->arg, name, &st)) {
		ops->kept(ops->arg, name);
		return 0;
	}
	if (cairn_spool_unclaim(sp, name) == 0) {
		if (strikes > 0)
			note_returned(sp, attempts, name);
		return 1;
	}
	/* A new file of that name in incoming/, or no RENAME_NOREPLACE
	 * here: process ours where it is (its entry, if any, stays IDLE). */
	ops->kept(ops->arg, name);
	return 0;
}

int cairn_recover(const struct cairn_spool *sp, struct cairn_attempts *attempts,
		  const struct cairn_recover_ops *ops)
{
	struct resolving rs = { attempts, ops };
	struct cairn_resolve_ops rops = { was_moving, moved, &rs };
	char **names = NULL;
	int r, returned = 0;

	r = cairn_spool_resolve(sp, &rops);
	if (r < 0)
		return r;
	r = cairn_dir_list(sp->processing_fd, ".", not_dot, NULL, &names);
	if (r < 0)
		return r;
	for (char **p = names; *p != NULL; p++) {
		returned += recover_one(sp, attempts, ops, *p);
		free(*p);
	}
	free(names);
	/* What the old journal says of files that are not here goes. */
	if ((r = cairn_attempts_prune(attempts)) < 0 ||
	    (r = cairn_attempts_save(attempts)) < 0)
		return r;
	return returned;
}
