/*
 * cairn_spool_resolve - the moves into done/ and failed/ a crash cut short.
 *
 * cairnd's recovery at start (cairn_recover.c) calls it before anything
 * is claimed: what the attempts journal says was being moved and is in
 * done/ or failed/ already leaves processing/<instance>/.
 */
#ifndef CAIRN_SPOOL_RESOLVE_H
#define CAIRN_SPOOL_RESOLVE_H

#include <stdint.h>

#include "cairn_spool.h"

/* What cairn_spool_resolve() asks and tells its caller. */
struct cairn_resolve_ops {
	/* whether a move of NAME (inode ino) out of processing/ was begun */
	int (*moving)(void *arg, const char *name, uint64_t ino);
	/* that move was finished: NAME is in DIR (CAIRN_DIR_DONE or CAIRN_DIR_FAILED) only */
	void (*moved)(void *arg, const char *name, uint64_t ino, const char *dir);
	void *arg;
};

/*
 * At start, before anything is claimed: finish the stores into done/ and
 * failed/ that a crash interrupted.  A claimed file whose copy and
 * arrival record are in place (the record names its held name's
 * arrival, its name and its owner's uid) is removed from processing/ and
 * reported to ops->moved().  An older version's moves interrupted after
 * their link(): a claimed file
 * with more than one link whose move ops->moving() says was begun and
 * whose inode is in done/ or failed/ is unlinked from processing/ and
 * reported to ops->moved(); so is one that an older version's marker
 * (".to-DIR.K.NAME") says was moved, and every other marker goes back to
 * its NAME.  A file linked there by anyone else (a re-grade by hard link)
 * is left claimed.  Returns how many were finished, or -errno.
 */
int cairn_spool_resolve(const struct cairn_spool *sp, const struct cairn_resolve_ops *ops);

#endif
