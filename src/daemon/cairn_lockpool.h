/*
 * cairn_lockpool - open descriptors of one record-lock file, reused.
 *
 * A result is placed under a record lock on a byte of one lock file
 * (cairn_publish.c).  Opening and closing that file for every result
 * costs a lookup, an open, a flush and a release, which on a network file
 * system are round trips.  The pool keeps the descriptors instead: a
 * publisher takes one, locks its byte, unlocks, and gives it back.  Each
 * descriptor is its own open file description, so the OFD locks of two
 * threads exclude each other as those of two hosts do.  When the spool's
 * directories are re-created (cairn_spool_revive bumps the spool's
 * generation), descriptors of the old lock file are closed, not reused.
 */
#ifndef CAIRN_LOCKPOOL_H
#define CAIRN_LOCKPOOL_H

#include <pthread.h>
#include <stddef.h>

struct cairn_lockpool {
	pthread_mutex_t mu;
	int dir_fd;			/* path is relative to this */
	const char *path;
	int *fds;			/* idle descriptors, all of generation gen */
	size_t n, cap;
	unsigned gen;
};

void cairn_lockpool_init(struct cairn_lockpool *p, int dir_fd, const char *path);
void cairn_lockpool_destroy(struct cairn_lockpool *p);
/* An open descriptor of the lock file for generation gen, or -errno. */
int cairn_lockpool_take(struct cairn_lockpool *p, unsigned gen);
/* Give back fd (unlocked) taken for gen; one of an older generation is closed. */
void cairn_lockpool_give(struct cairn_lockpool *p, int fd, unsigned gen);

#endif
