/*
 * cairn_dirsync - group commit of directory flushes.
 *
 * Callers queue themselves on a batch under one mutex; whoever finds no
 * fsync() running takes the whole batch, flushes once with the mutex
 * released, and hands the one result to every caller in that batch, so
 * that a caller is only told 0 by an fsync() that started after it asked
 * (and so after its rename).  A leader first waits until every renamer
 * counted by cairn_dirsync_enter() when it arrived has either queued or
 * left: each does so right after one rename, so the wait is short and
 * bounded, and it saves the fsync() those renamers would otherwise need.
 * Waiters of one batch that hold the same descriptor share one flush:
 * the owners' directories are kept open and shared (cairn_ownerdir.h),
 * and a descriptor every waiter holds while it waits is one directory,
 * so no fstat() per publish is needed to tell; the same directory under
 * two descriptors is flushed twice, which is only slower.
 */
#include "config.h"

#include <errno.h>
#include <unistd.h>

#include "cairn_dirsync.h"

struct cairn_dirsync_waiter {
	struct cairn_dirsync_waiter *next;
	int fd;				/* the directory it renamed into: one flush per descriptor */
	int flushed;			/* by the flusher only, mu not held */
	int done;
	int err;
};

void cairn_dirsync_init(struct cairn_dirsync *d)
{
	pthread_mutex_init(&d->mu, NULL);
	pthread_cond_init(&d->cv, NULL);
	pthread_cond_init(&d->lead_cv, NULL);
	d->busy = 0;
	d->leader_waiting = 0;
	d->batch = NULL;
	d->nwaiting = 0;
	d->entered = d->arrived = 0;
	d->nsyncs = 0;
	d->sync = fsync;
}

void cairn_dirsync_destroy(struct cairn_dirsync *d)
{
	pthread_cond_destroy(&d->cv);
	pthread_cond_destroy(&d->lead_cv);
	pthread_mutex_destroy(&d->mu);
}

void cairn_dirsync_enter(struct cairn_dirsync *d)
{
	pthread_mutex_lock(&d->mu);
	d->entered++;
	pthread_mutex_unlock(&d->mu);
}

void cairn_dirsync_leave(struct cairn_dirsync *d)
{
	pthread_mutex_lock(&d->mu);
	d->arrived++;
	if (d->leader_waiting)
		pthread_cond_signal(&d->lead_cv);
	pthread_mutex_unlock(&d->mu);
}

/* wait_renamers - (mu held) until the renames under way at target arrive. */
static void wait_renamers(struct cairn_dirsync *d, unsigned long target)
{
	if (d->arrived >= target)
		return;
	d->leader_waiting = 1;
	while (d->arrived < target)
		pthread_cond_wait(&d->lead_cv, &d->mu);
	d->leader_waiting = 0;
}

/*
 * flush - (mu held, released meanwhile) one fsync() for each directory of
 * the batch: the publishes of several owners rename into several
 * directories, and a waiter is done only when its own was flushed.
 */
static void flush(struct cairn_dirsync *d)
{
	/* Everyone queued so far renamed before these fsyncs start. */
	struct cairn_dirsync_waiter *batch = d->batch, *w, *v;
	unsigned long n = 0;

	d->batch = NULL;
	d->nwaiting = 0;
	d->busy = 1;
	pthread_mutex_unlock(&d->mu);
	for (w = batch; w != NULL; w = w->next) {
		if (w->flushed)
			continue;	/* its directory was flushed for an earlier one */
		int r = d->sync(w->fd) < 0 ? -errno : 0;

		n++;
		for (v = w; v != NULL; v = v->next)
			if (v == w || (!v->flushed && v->fd >= 0 && v->fd == w->fd)) {
				v->err = r;
				v->flushed = 1;
			}
	}
	pthread_mutex_lock(&d->mu);
	d->nsyncs += n;
	for (w = batch; w != NULL; w = v) {
		v = w->next;
		w->done = 1;
	}
	d->busy = 0;
	pthread_cond_broadcast(&d->cv);
}

/*
 * A caller that finds no flush running leads the next one, once the
 * renames already under way have joined it; a caller that finds one
 * running (or a leader waiting) waits for the next.
 */
int cairn_dirsync_sync_entered(struct cairn_dirsync *d, int dir_fd)
{
	struct cairn_dirsync_waiter me = { NULL, dir_fd, 0, 0, 0 };
	unsigned long target;

	pthread_mutex_lock(&d->mu);
	me.next = d->batch;
	d->batch = &me;
	d->nwaiting++;
	d->arrived++;
	target = d->entered;
	if (d->leader_waiting)
		pthread_cond_signal(&d->lead_cv);
	while (!me.done) {
		if (d->busy || d->leader_waiting) {
			pthread_cond_wait(&d->cv, &d->mu);
			continue;
		}
		wait_renamers(d, target);
		flush(d);
	}
	pthread_mutex_unlock(&d->mu);
	return me.err;
}
