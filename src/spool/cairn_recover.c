/*
 * cairn_recover - finish or fail the files a crash left in processing/.
 *
 * A file left claimed stays where it is, under its held name, which
 * carries its arrival (cairn_held.h): the daemon carries it on from
 * there (a job for a file claimed before, which stores rather than
 * grades again one whose result is published).  Given back to
 * incoming/, it would arrive again, later than it was handed in.
 * First the moves into done/ and failed/ that the journal says a crash
 * interrupted are finished (cairn_spool_resolve): a file already linked
 * there is never processed again, and one linked there by anyone else
 * is never taken for moved.  A crash counts against a file only when the
 * journal says it was being read or solved (cairn_attempts_crashed): a
 * file that waited for its turn gets no strike; one with two strikes is
 * failed with an error result.  The journal is saved once, atomically,
 * at the end: a kill -9 during recovery leaves the old journal, and the
 * next start recovers the same files again, and so does a journal that
 * cannot be written (a full disk): that is told, and recovery stands,
 * since what it found was read whole.  Names are collected before
 * anything is done with them, so the directory is not modified while it
 * is read.
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

/* recover_one - fail or keep processing/HELD; 1 when kept. */
static int recover_one(const struct cairn_spool *sp, struct cairn_attempts *attempts,
		       const struct cairn_recover_ops *ops, const char *held)
{
	struct stat st;

	if (fstatat(sp->processing_fd, held, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		/* Gone, or there and not examined: then the job says so. */
		if (errno != ENOENT)
			ops->kept(ops->arg, held);
		return 0;
	}
	if (cairn_attempts_crashed(attempts, held, &st) >= 2) {
		ops->twice(ops->arg, held);
		return 0;
	}
	ops->kept(ops->arg, held);
	return 1;
}

int cairn_recover(const struct cairn_spool *sp, struct cairn_attempts *attempts,
		  const struct cairn_recover_ops *ops)
{
	struct resolving rs = { attempts, ops };
	struct cairn_resolve_ops rops = { was_moving, moved, &rs };
	char **names = NULL;
	int r, kept = 0;

	r = cairn_spool_resolve(sp, &rops);
	if (r < 0)
		return r;
	r = cairn_dir_list(sp->processing_fd, ".", not_dot, NULL, &names);
	if (r < 0)
		return r;
	for (char **p = names; *p != NULL; p++) {
		kept += recover_one(sp, attempts, ops, *p);
		free(*p);
	}
	free(names);
	/* What the old journal says of files that are not here goes. */
	if (((r = cairn_attempts_prune(attempts)) < 0 ||
	     (r = cairn_attempts_save(attempts)) < 0) && ops->unsaved != NULL)
		ops->unsaved(ops->arg, -r);
	return kept;
}
