/*
 * cairn_pending_dropped - what the pending set knew of the complete files
 * it dropped for room (cairn_pending_dropped.c).
 */
#ifndef CAIRN_PENDING_DROPPED_H
#define CAIRN_PENDING_DROPPED_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <time.h>

/* At most this many are kept; a file dropped beyond waits as any scanned file. */
#define CAIRN_PENDING_DROPPED_MAX 65536

struct cairn_dropped;

struct cairn_pending_dropped {
	struct cairn_dropped **tab;	/* the buckets, or NULL while none is kept */
	size_t n;
};

/*
 * NAME, complete when it was dropped (renamed in, or quiet), was inode
 * ino with change time ctime, during (or after) scan `scan`.
 */
void cairn_pending_dropped_put(struct cairn_pending_dropped *d, const char *name, uint64_t ino,
			       const struct timespec *ctime, unsigned scan);
/*
 * Whether NAME, found again as st, is such a file unchanged (the same
 * inode and change time); its entry is forgotten either way.
 */
int cairn_pending_dropped_take(struct cairn_pending_dropped *d, const char *name,
			       const struct stat *st);
/* Forget what scan `scan`, which saw every file, did not find again. */
void cairn_pending_dropped_prune(struct cairn_pending_dropped *d, unsigned scan);
void cairn_pending_dropped_free(struct cairn_pending_dropped *d);

#endif
