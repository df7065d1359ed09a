/*
 * cairn_lock - one daemon per instance name (doc/spool.md).
 *
 * A daemon holds a write lock on processing/<instance>/.lock for as long as
 * it runs, taken with fcntl(F_OFD_SETLK) (or F_SETLK where open file
 * description locks are missing): record locks go through NFS's lock
 * protocol and GlusterFS's locks translator, where flock() may be local to
 * one client.  The file says who holds it ("pid=N host=H dev=D", D the
 * device number of the spool's mount there), so that a second daemon of
 * that name can say whom it found, and the others can tell which of them
 * watch the same mount (and so get the same inotify events).  The kernel (or the lock
 * server) drops the lock when its holder dies, however it dies; the same
 * test tells the other instances which of them are alive.
 */
#ifndef CAIRN_LOCK_H
#define CAIRN_LOCK_H

#include <stddef.h>

/*
 * Take the lock in dir_fd (processing/<instance>/) without waiting.
 * Returns the descriptor that holds it (keep it open), -EAGAIN with
 * "held by pid N on host H" in err when another process holds it, or
 * another negative errno value with the reason in err.
 */
int cairn_lock_take(int dir_fd, char *err, size_t errlen);

/*
 * The other live instances of the spool whose descriptor is root_fd: the
 * names under processing/ (other than self) whose lock is held, as a
 * NULL-terminated array in *names (caller frees each and the array).
 * With near not NULL, those of them whose lock file says they run on this
 * host through the same mount go into *near the same way.  Returns their
 * number, or -errno when processing/ cannot be read.
 */
int cairn_lock_peers(int root_fd, const char *self, char ***names, char ***near);

#endif
