/*
 * cairn_ownerdir - the owners' directories of a spool (results/OWNER/,
 * done/OWNER/, failed/OWNER/ and the .arrival/ of the last two) kept
 * open, made and granted once, for every input of that owner after.
 */
#ifndef CAIRN_OWNERDIR_H
#define CAIRN_OWNERDIR_H

#include <sys/types.h>

struct cairn_ownerdir;

/* One use of an owner's directory, given back with cairn_ownerdir_release(). */
struct cairn_ownerdir_ref {
	int fd;			/* the directory (O_DIRECTORY), or -1 */
	int arrival_fd;		/* its .arrival/ once asked for, or -1 */
	int slot;		/* its place in the cache, or -1: closed on release */
	int cached;		/* found there: a stale entry is possible */
	int own_arrival;	/* arrival_fd is this use's own: closed on release */
};

/* A cache of owners' directories: thread-safe, a bounded number of descriptors. */
struct cairn_ownerdir *cairn_ownerdir_new(void);
/* Closes every descriptor; no use may be under way. */
void cairn_ownerdir_free(struct cairn_ownerdir *c);

/*
 * parent_fd/name, opened or made as cairn_spool_owner_dir() does, from
 * the cache c when it holds it (c NULL: no cache), with `reader`
 * granted read and search once when grant.  parent_fd must stay open as
 * long as c lives (the spool's directories).  The descriptor in ref->fd,
 * or a negative errno value.
 */
int cairn_ownerdir_open(struct cairn_ownerdir *c, int parent_fd, const char *name,
			int grant, uid_t reader, struct cairn_ownerdir_ref *ref);

/* ref's .arrival/, made when missing: its descriptor, or a negative errno value. */
int cairn_ownerdir_arrival(struct cairn_ownerdir *c, struct cairn_ownerdir_ref *ref);

/*
 * An *at call into ref's directory said ENOENT: the directory may have
 * been removed behind the daemon's back.  The entry is dropped, so that
 * the next cairn_ownerdir_open() makes it again.  Returns whether ref
 * came from the cache (whether trying again can help).
 */
int cairn_ownerdir_stale(struct cairn_ownerdir *c, struct cairn_ownerdir_ref *ref);

/* The end of a use: the descriptors closed, or kept for the next. */
void cairn_ownerdir_release(struct cairn_ownerdir *c, struct cairn_ownerdir_ref *ref);

#endif
