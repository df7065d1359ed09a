/*
 * cairn_one_owner - files of one owner one at a time, within one daemon.
 *
 * The rule holds while some problem set has max_submissions (the release
 * walk says so, and until its first end it is assumed), or a job counted
 * submissions since the walk last looked.  Then two files of one owner
 * never run at once, so that each one's count sees the other's result
 * (doc/grading.md): a file's count and its publish come after the
 * previous file's publish.  The pending set passes over an owner with a
 * file running, and takes an owner's files in the order of their
 * arrival and name (cairn_pending.h, in_order), so that of two files
 * handed in within one millisecond the first by name is counted first
 * and its result counts in the other's count, with no wait for the
 * clock; a file already claimed (stuck or waiting for its retry) looks
 * up its owner in processing/, which is rare.
 */
#include "config.h"

#include <fcntl.h>
#include <sys/stat.h>

#include "cairn_daemon_int.h"
#include "cairn_one_owner.h"

int cairn_one_owner(const struct cairn_daemon *d)
{
	return d->owner.limits || atomic_load(&d->owner.limits_seen) != d->owner.limits_mark;
}

int cairn_one_owner_running(const struct cairn_daemon *d, uid_t uid)
{
	if (!cairn_one_owner(d))
		return 0;
	for (const struct cairn_dispatch_job *dj = d->dispatch.jobs; dj != NULL; dj = dj->next)
		if (dj->uid_known && dj->uid == uid)
			return 1;
	return 0;
}

int cairn_one_owner_claimed_uid(const struct cairn_daemon *d, const char *name, uid_t *uid)
{
	struct stat st;

	if (!cairn_one_owner(d) ||
	    fstatat(d->sp.processing_fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return 0;
	*uid = st.st_uid;
	return 1;
}

int cairn_one_owner_waits(const struct cairn_daemon *d, const char *name)
{
	uid_t uid;

	return cairn_one_owner_claimed_uid(d, name, &uid) && cairn_one_owner_running(d, uid);
}

/* held - the pending set's question: does uid wait for its running file? */
static int held(void *arg, uid_t uid)
{
	return cairn_one_owner_running(arg, uid);
}

void cairn_one_owner_start(struct cairn_daemon *d)
{
	d->owner.limits = 1;	/* until a walk has looked at the sets */
	d->pending.held = held;
	d->pending.held_arg = d;
}

void cairn_one_owner_walk_begin(struct cairn_daemon *d)
{
	d->owner.limits_begin = atomic_load(&d->owner.limits_seen);
}

/*
 * cairn_one_owner_walk_end - a job that counted submissions while the
 * walk ran (a set made since it listed problems_dir) keeps the rule on.
 */
void cairn_one_owner_walk_end(struct cairn_daemon *d, int limits)
{
	unsigned seen = atomic_load(&d->owner.limits_seen);

	d->owner.limits = limits || seen != d->owner.limits_begin;
	d->owner.limits_mark = seen;
}
