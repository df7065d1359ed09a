/*
 * cairn_recover - return or fail the files a crash left in processing/.
 *
 * The order of steps makes a kill -9 during recovery itself safe: a file
 * is first moved back to incoming/, and only then recorded in the journal
 * (saved once, atomically, at the end).  A crash between the two leaves
 * the file in incoming/ without an entry: at worst it gets one more
 * attempt, never a false "interrupted twice".  Names are collected before
 * anything is moved, so the directory is not modified while it is read.
 * First the moves into done/ and failed/ that a crash interrupted are
 * finished (cairn_spool_resolve): a file already linked there is never
 * processed again.  Where the file system lacks RENAME_NOREPLACE a file
 * cannot go back to incoming/ without risking a new file of the same name,
 * so it is processed where it is instead.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_dir.h"
#include "cairn_recover.h"

/* not_dot - the names a crash may have left claimed. */
static int not_dot(int dir_fd, const char *name, void *arg)
{
	(void)dir_fd;
	(void)arg;
	return name[0] != '.';
}

/* What moved() needs: the journal, and whom to tell. */
struct moved_ctx {
	struct cairn_attempts *attempts;
	const struct cairn_recover_ops *ops;
};

/* moved - an interrupted move into done/ or failed/ was finished. */
static void moved(void *arg, const char *name, uint64_t ino)
{
	const struct moved_ctx *m = arg;

	cairn_attempts_done(m->attempts, name, ino);
	if (m->ops->moved != NULL)
		m->ops->moved(m->ops->arg, name);
}

int cairn_recover(const struct cairn_spool *sp, struct cairn_attempts *attempts,
		  const struct cairn_recover_ops *ops)
{
	struct moved_ctx m = { attempts, ops };
	char **names = NULL;
	int r, returned = 0, added = 0;

	r = cairn_spool_resolve(sp, moved, &m);
	if (r < 0)
		return r;
	r = cairn_dir_list(sp->processing_fd, ".", not_dot, NULL, &names);
	if (r < 0)
		return r;
	for (char **p = names; *p != NULL; p++) {
		struct stat st;

		if (fstatat(sp->processing_fd, *p, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			/* Gone, or there and not examined: then the job says so. */
			if (errno != ENOENT)
				ops->kept(ops->arg, *p);
			free(*p);
			continue;
		}
		if (cairn_attempts_has(attempts, *p, (uint64_t)st.st_ino)) {
			ops->twice(ops->arg, *p);
		} else if (cairn_spool_unclaim(sp, *p) == 0) {
			cairn_attempts_add(attempts, *p, (uint64_t)st.st_ino);
			returned++;
			added++;
		} else {
			/* A new file of that name in incoming/, or no
			 * RENAME_NOREPLACE here: process ours where it is. */
			cairn_attempts_add(attempts, *p, (uint64_t)st.st_ino);
			ops->kept(ops->arg, *p);
			added++;
		}
		free(*p);
	}
	free(names);
	if (added > 0 && (r = cairn_attempts_save(attempts)) < 0)
		return r;
	return returned;
}
