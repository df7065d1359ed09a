/*
 * cairn_release_run - the release walk, and retention, from the loop.
 *
 * A walk holds a reference to the generation it began with (its
 * problems_dir and cache), so that a reload meanwhile frees nothing
 * from under it.  Its end says whether any set has max_submissions: a
 * job that counted submissions while it ran (a set made since the walk
 * listed problems_dir) keeps files of one owner one at a time too.  The
 * next walk is due one rescan period later, or at the earliest release
 * time it found ahead when that comes sooner (the wall clock's time,
 * waited for on the loop's monotonic clock: a walk a little early finds
 * it still ahead and waits for the rest).  Where a walk could not grant
 * a set's results, the error is logged and the next walk tries again.
 * Retention (cairn_retain.h) rides on the same walks rather than on a
 * machinery of its own: a walk retains too when `retain` has a limit
 * and a rescan period has passed since the last walk that did (a walk
 * brought forward by a release time does not), so that nothing stays
 * more than about a period past its time, and it sees the generation
 * the walk holds.  A --once run retains in one last walk at its end,
 * after its files.  An error that kept a file is logged once, again
 * only when it changes, and retried by the next walk.
 */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cairn_daemon_int.h"
#include "cairn_dispatch.h"
#include "cairn_log.h"
#include "cairn_one_owner.h"
#include "cairn_release_run.h"
#include "cairn_time.h"

/* The period of walks when the rescan is off (rescan_s: 0). */
#define RELEASE_PERIOD_MS 60000

static void release_timer_cb(uv_timer_t *t)
{
	cairn_release_run_kick(t->data);
}

static void handle_closed(uv_handle_t *h)
{
	struct cairn_daemon *d = h->data;

	d->nhandles--;
}

void cairn_release_run_init(struct cairn_daemon *d)
{
	uv_timer_init(&d->loop, &d->release.timer);
	d->release.timer.data = d;
	d->nhandles++;
}

void cairn_release_run_close(struct cairn_daemon *d)
{
	uv_handle_t *h = (uv_handle_t *)&d->release.timer;

	if (h->loop != NULL && !uv_is_closing(h))
		uv_close(h, handle_closed);
}

static void walk_cb(struct cairn_work *w)
{
	struct cairn_daemon *d = cairn_container_of(w, struct cairn_daemon, release.work);

	cairn_release_walk(&d->release.walk);
	if (d->release.retaining)
		cairn_retain_walk(&d->release.retain);
}

/* period_ms - the time between walks that are not brought forward. */
static uint64_t period_ms(const struct cairn_daemon *d)
{
	return d->gen->conf.rescan_s ? (uint64_t)d->gen->conf.rescan_s * 1000 : RELEASE_PERIOD_MS;
}

/* retain_start - whether the walk that starts retains; if so, set it up. */
static int retain_start(struct cairn_daemon *d)
{
	const struct cairn_conf_retain *c = &d->release.gen->conf.retain;
	uint64_t now = uv_now(&d->loop);

	if (!cairn_conf_retains(c) ||
	    (d->once ? !d->release.retain_end : now < d->release.retain_due))
		return 0;
	memset(&d->release.retain, 0, sizeof(d->release.retain));
	d->release.retain.done_fd = d->sp.done_fd;
	d->release.retain.failed_fd = d->sp.failed_fd;
	d->release.retain.results_fd = d->sp.results_fd;
	d->release.retain.now_ms = d->release.walk.now_ms;
	d->release.retain.done_s = c->done_s;
	d->release.retain.failed_s = c->failed_s;
	d->release.retain.history_s = c->history_s;
	d->release.retain_due = now + period_ms(d);
	return 1;
}

/* retain_report - the summary of what went, and what could not. */
static void retain_report(struct cairn_daemon *d)
{
	const struct cairn_retain *rt = &d->release.retain;
	char where[1024], e[256];

	if (rt->err != 0)
		cairn_log(rt->err == d->release.retain_err ? CAIRN_LOG_DEBUG : CAIRN_LOG_WARNING,
			  "not retained", "path=%s error=%s action=retry",
			  cairn_log_value(where, sizeof(where), rt->where),
			  cairn_log_value(e, sizeof(e), strerror(rt->err)));
	d->release.retain_err = rt->err;
	if (rt->done > 0 || rt->failed > 0 || rt->history > 0)
		cairn_log(CAIRN_LOG_INFO, "retained", "done=%lu failed=%lu history=%lu",
			  rt->done, rt->failed, rt->history);
	if (d->once)
		d->release.retained_end = 1;
}

/* report - one line per set released, or that could not be. */
static void report(const struct cairn_release *rw)
{
	char set[512], e[256];

	if (rw->list_err != 0)
		cairn_log(CAIRN_LOG_WARNING, "problem sets not listed", "error=%s",
			  cairn_log_value(e, sizeof(e), strerror(rw->list_err)));
	for (size_t i = 0; i < rw->ndone; i++) {
		cairn_log_value(set, sizeof(set), rw->done[i].set);
		if (rw->done[i].err == 0)
			cairn_log(CAIRN_LOG_INFO, "feedback released", "problem_set=%s results=%u",
				  set, rw->done[i].results);
		else
			cairn_log(CAIRN_LOG_WARNING, "feedback not released",
				  "problem_set=%s error=%s action=retry", set,
				  cairn_log_value(e, sizeof(e), strerror(rw->done[i].err)));
	}
}

/* arm - the next walk: a rescan period from now, or the next release. */
static void arm(struct cairn_daemon *d, int64_t next_ms)
{
	uint64_t period = period_ms(d), wait = period;
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	int64_t ahead = next_ms == INT64_MAX ? INT64_MAX : next_ms - cairn_time_ms(&now);
	if (ahead >= 0 && (uint64_t)ahead < period)
		wait = (uint64_t)ahead + 1;
	uv_timer_start(&d->release.timer, release_timer_cb, wait, 0);
}

static void walked_cb(struct cairn_work *w)
{
	struct cairn_daemon *d = cairn_container_of(w, struct cairn_daemon, release.work);

	cairn_one_owner_walk_end(d, d->release.walk.limits);
	d->release.running = 0;
	cairn_generation_unref(d->release.gen);
	d->release.gen = NULL;
	report(&d->release.walk);
	if (d->release.retaining)
		retain_report(d);
	d->release.retaining = 0;
	int64_t next = d->release.walk.next_ms;
	cairn_release_clear(&d->release.walk);
	if (d->stopping || d->finished)
		return;
	if (!d->once)
		arm(d, next);
	cairn_dispatch(d);	/* a file that waited for its owner; --once's end */
}

void cairn_release_run_kick(struct cairn_daemon *d)
{
	struct timespec now;

	if (d->release.running || d->stopping)
		return;
	uv_timer_stop(&d->release.timer);
	clock_gettime(CLOCK_REALTIME, &now);
	memset(&d->release.walk, 0, sizeof(d->release.walk));
	d->release.gen = cairn_generation_ref(d->gen);
	d->release.walk.results_fd = d->sp.results_fd;
	d->release.walk.problems_dir = d->release.gen->problems_dir;
	d->release.walk.cache = d->release.gen->problems;
	d->release.walk.self = geteuid();
	d->release.walk.root_fd = d->sp.root_fd;
	d->release.walk.noreplace = d->sp.noreplace;
	d->release.walk.fsync = d->release.gen->conf.fsync;
	d->release.walk.now_ms = cairn_time_ms(&now);
	cairn_one_owner_walk_begin(d);
	d->release.retaining = retain_start(d);
	d->release.running = 1;
	cairn_workpool_post(&d->pool, &d->release.work, walk_cb, walked_cb);
}

int cairn_release_run_once_end(struct cairn_daemon *d)
{
	if (d->release.running)
		return 1;
	if (d->release.retained_end || !cairn_conf_retains(&d->gen->conf.retain))
		return 0;
	d->release.retain_end = 1;
	cairn_release_run_kick(d);
	return d->release.running;
}
