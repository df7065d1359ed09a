/*
 * cairn_retry - files tried again alone.
 *
 * A transient trouble of one file (cairn_failure.c decides which) puts
 * that file alone on this list, with its own backoff (1 s doubling),
 * until it is failed with the reason after CAIRN_RETRY_MAX tries; the
 * other files go on meanwhile.  A claimed file waits in processing/ and
 * is started by dispatch before new ones once due (it is known by its
 * held name, cairn_held.h); an unclaimed one waits in incoming/ (its name
 * held in processing/) and, once due, is noted to the pending set again.
 * A try that is due while every worker is busy waits for the next job
 * to end, never spins the loop.  At shutdown, a claimed file waiting for
 * its try stays claimed, with its arrival: the next start carries it on.
 */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_daemon_int.h"
#include "cairn_failure.h"
#include "cairn_log.h"
#include "cairn_mem.h"
#include "cairn_one_owner.h"
#include "cairn_retry.h"

static struct cairn_retry_entry *find(const struct cairn_retry_list *r, const char *name,
				      int claimed)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->v[i].claimed == claimed && strcmp(r->v[i].name, name) == 0)
			return &r->v[i];
	return NULL;
}

static void drop(struct cairn_retry_list *r, struct cairn_retry_entry *e)
{
	free(e->name);
	free(e->why);
	*e = r->v[--r->n];
}

static void retry_cb(uv_timer_t *t);

/*
 * arm - wake up when the next waiting file is due.  A claimed file that
 * is due already waits for a worker, not for the timer: the
 * cairn_dispatch() that follows starts it, or the one that runs whenever
 * a worker frees up (a job ends or has rendered) or the storage backoff
 * ends.  A 0 ms timer armed for it instead would fire again and again
 * in libuv's timer phase, where no job ever ends and no signal is seen.
 */
static void arm(struct cairn_daemon *d)
{
	struct cairn_retry_list *r = &d->retry;
	uint64_t now = uv_now(&d->loop), next = UINT64_MAX;

	for (size_t i = 0; i < r->n; i++) {
		const struct cairn_retry_entry *e = &r->v[i];

		if (!e->running && !(e->claimed && e->due <= now) && e->due < next)
			next = e->due;
	}
	uv_timer_stop(&r->timer);
	if (next != UINT64_MAX && !d->stopping)
		uv_timer_start(&r->timer, retry_cb, next > now ? next - now : 0, 0);
}

static void retry_cb(uv_timer_t *t)
{
	struct cairn_daemon *d = t->data;
	struct cairn_retry_list *r = &d->retry;
	uint64_t now = uv_now(&d->loop);

	for (size_t i = r->n; i-- > 0; ) {
		struct cairn_retry_entry *e = &r->v[i];

		/* An unclaimed one waits in incoming/: let pending take it. */
		if (!e->claimed && !e->running && e->due <= now && d->watch_open) {
			e->running = 1;
			cairn_watch_note(&d->watch, e->name, CAIRN_NOTE_READY);
			if (cairn_pending_find(&d->pending, e->name) == NULL)
				drop(r, e);	/* gone from incoming/ */
		}
	}
	arm(d);
	r->due(d);
}

/* later - the file's own transient trouble: try it again alone. */
static void later(struct cairn_daemon *d, const struct cairn_job *j)
{
	struct cairn_retry_list *r = &d->retry;
	struct cairn_retry_entry *e = find(r, cairn_jobs_key(j), j->claimed);
	uint64_t wait;
	char f[512], err[1024];

	if (e == NULL) {
		r->v = cairn_xgrow(r->v, &r->cap, r->n + 1, sizeof(r->v[0]));
		e = &r->v[r->n++];
		memset(e, 0, sizeof(*e));
		e->name = cairn_xstrdup(cairn_jobs_key(j));
		e->claimed = j->claimed;
	}
	e->running = 0;
	e->tries++;
	free(e->why);
	e->why = cairn_xstrdup(j->err);
	if (d->stopping) {
		drop(r, e);
		return;
	}
	/* The last try publishes the reason; unclaimed ones wait at most 16 s. */
	wait = e->claimed && e->tries >= CAIRN_RETRY_MAX ? 0 : cairn_failure_retry_ms(e->tries);
	e->due = uv_now(&d->loop) + wait;
	cairn_log(CAIRN_LOG_WARNING, "retrying file",
		  "file=%s error=%s tries=%u retry_in_ms=%" PRIu64,
		  cairn_log_value(f, sizeof(f), j->name), cairn_log_value(err, sizeof(err), j->err),
		  e->tries, wait);
	arm(d);
}

void cairn_retry_settle(struct cairn_daemon *d, const struct cairn_job *j)
{
	struct cairn_retry_entry *e = find(&d->retry, j->name, 0);

	/* A file that waited in incoming/ was claimed by this job. */
	if (e != NULL && e->running && j->claimed)
		drop(&d->retry, e);
	if (j->end == CAIRN_JOB_LATER) {
		later(d, j);
		return;
	}
	e = find(&d->retry, cairn_jobs_key(j), j->claimed);
	if (e != NULL && e->running)
		drop(&d->retry, e);
}

const char *cairn_retry_take(struct cairn_daemon *d, char **why)
{
	uint64_t now = uv_now(&d->loop);

	*why = NULL;
	for (size_t i = 0; i < d->retry.n; i++) {
		struct cairn_retry_entry *e = &d->retry.v[i];

		if (!e->claimed || e->running || e->due > now ||
		    cairn_one_owner_waits(d, e->name))
			continue;
		e->running = 1;
		if (e->tries >= CAIRN_RETRY_MAX)
			*why = cairn_xasprintf("%s (gave up after %u tries)", e->why, e->tries);
		return e->name;
	}
	return NULL;
}

int cairn_retry_waits(const struct cairn_retry_list *r, const char *name)
{
	const struct cairn_retry_entry *e = find(r, name, 0);

	return e != NULL && !e->running;
}

int cairn_retry_claimed(const struct cairn_retry_list *r)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->v[i].claimed)
			return 1;
	return 0;
}

void cairn_retry_unqueue(struct cairn_daemon *d)
{
	for (size_t i = d->retry.n; i-- > 0; ) {
		if (!d->retry.v[i].running)
			drop(&d->retry, &d->retry.v[i]);
	}
}

void cairn_retry_free(struct cairn_retry_list *r)
{
	while (r->n > 0)
		drop(r, &r->v[r->n - 1]);
	free(r->v);
	r->v = NULL;
	r->cap = 0;
}
