/*
 * cairn_lock_probe - whether an instance's lock (cairn_lock.h) is held,
 * and by whom, asked without taking it.
 *
 * `cairn status` runs beside the daemons it looks at, so it must never
 * hold their lock, not even for a moment: a daemon of that instance
 * starting in that moment would find it held and exit 75.  F_OFD_GETLK
 * (F_GETLK where there are no open file description locks) only asks
 * whether a write lock could be taken, and answers through the same lock
 * manager the daemons use (NFS's lock protocol, GlusterFS's locks
 * translator); flock() would not do, since it does not see fcntl()
 * locks.  The lock file is opened read-only and never created.
 */
#ifndef CAIRN_LOCK_PROBE_H
#define CAIRN_LOCK_PROBE_H

#include <stddef.h>

/* What the probe found. */
struct cairn_lock_holder {
	long pid;			/* 0 when the file does not say (yet) */
	char host[256];			/* "" when the file does not say */
};

/*
 * Whether a write lock over the whole of fd's file would conflict with
 * one that another open file holds: 1, 0, or a negative errno value.
 */
int cairn_lock_probe_conflicts(int fd);

/*
 * Probe processing/<instance>/.lock in dir_fd (that directory): 1 when
 * held, with *who what the lock file says, 0 when not held or missing
 * (never run, or from before locks), or a negative errno value when it
 * cannot be told (the file cannot be opened, the lock manager fails).
 */
int cairn_lock_probe(int dir_fd, struct cairn_lock_holder *who);

#endif
