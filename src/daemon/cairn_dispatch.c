/*
 * cairn_dispatch - starting jobs and following up what became of them.
 *
 * At most `workers` jobs solve at once; with fsync, up to storing_max
 * more that have rendered their result wait for the disk, and without,
 * one more job per worker waits in the pool's queue; and the jobs that
 * solve never reserve more than memory_total, memory_budget each (one
 * runs whatever they are).  The next file is
 * always the oldest ready one (files stuck in processing/ after a storage
 * error go first).  Each job holds a reference to the configuration
 * generation it started with and has its own timeout timer, which only
 * raises the job's cancel flag: the worker finishes and reports.  A
 * queued job that has not started when shutdown comes never claims its
 * file.  What a failure means is decided in cairn_failure.c: a file's own
 * trouble has already become its error result when the job ends; a
 * transient trouble of one file puts that file alone on the retry list,
 * with its own backoff (1 s doubling), until it is failed with the reason
 * after CAIRN_RETRY_MAX tries (a try that is due while every worker is
 * busy waits for the next job to end, never spins the loop); only a storage error of the spool pauses
 * dispatching, with a backoff of 1 s doubling to 60 s; the first is
 * logged at level error, repeats at debug, and the first success after
 * them at info.
 */
#include "config.h"

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cairn_daemon_int.h"
#include "cairn_dispatch.h"
#include "cairn_failure.h"
#include "cairn_lock.h"
#include "cairn_log.h"
#include "cairn_mem.h"
#include "cairn_memavail.h"
#include "cairn_sigmask.h"
#include "cairn_status.h"
#include "cairn_time.h"

/* A claim that lost looks at the peers again, at most this often. */
#define PEERS_AGAIN_MS 100

/* From a libuv request or handle back to the struct it is embedded in. */
#define cairn_container_of(p, type, member) \
	((type *)(void *)((char *)(p) - offsetof(type, member)))

/* A job of the daemon: the worker's job, and what the loop keeps of it. */
struct djob {
	struct cairn_job job;
	char *reason;			/* owned fail_reason of a final try, or NULL */
	uv_work_t work;
	uv_timer_t timer;		/* job_timeout_s */
	struct cairn_daemon *d;
	struct cairn_gen *gen;		/* the generation it runs with */
	struct cairn_cand *cand;	/* NULL for a file already claimed */
	int held;			/* started with its file in processing/ */
	int uid_known;			/* uid is its file's owner */
	uid_t uid;
	struct djob *prev, *next;	/* running jobs */
};

/*
 * A file with a transient failure of its own (SPEC section 5), tried
 * again alone: claimed ones wait in processing/, unclaimed ones (their
 * name is held in processing/) in incoming/.
 */
struct cairn_retry {
	char *name;
	char *why;			/* the last failure */
	uint64_t ino;
	uint64_t due;			/* uv_now() of the next try */
	unsigned tries;
	int claimed;
	int running;			/* a job for it runs now */
};

/*
 * one_owner - whether files of one owner are graded one at a time: some
 * problem set has max_submissions (the release walk says so, and until
 * its first end it is assumed), or a job counted submissions since the
 * walk last looked.  Then two files of one owner never run at once, so
 * that each one's count sees the other's result (SPEC 4): the claim that
 * gives a file its arrival, its count and its publish all come after the
 * previous file's publish.
 */
static int one_owner(const struct cairn_daemon *d)
{
	return d->limits || atomic_load(&d->limits_seen) != d->limits_mark;
}

/* owner_running - whether a job of a file of uid runs (one_owner()'s rule). */
static int owner_running(void *arg, uid_t uid)
{
	const struct cairn_daemon *d = arg;

	if (!one_owner(d))
		return 0;
	for (const struct djob *dj = d->jobs; dj != NULL; dj = dj->next)
		if (dj->uid_known && dj->uid == uid)
			return 1;
	return 0;
}

/*
 * claimed_uid - the owner of a claimed file, by a look in processing/
 * (only while one_owner() holds: files claimed before, rare); 0 when it
 * is gone, and then it waits for nobody.
 */
static int claimed_uid(const struct cairn_daemon *d, const char *name, uid_t *uid)
{
	struct stat st;

	if (!one_owner(d) || fstatat(d->sp.processing_fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return 0;
	*uid = st.st_uid;
	return 1;
}

/*
 * An owner's last arrival, while one_owner() holds: the next file of
 * that owner is claimed only once the clock is past it (cairn_job's
 * not_before_ms).  Kept for ARRIVED_KEEP_MS, far longer than a tick of
 * the clock that stamps claims.
 */
struct cairn_arrived {
	uid_t uid;
	int64_t ms;
};

#define ARRIVED_KEEP_MS 1000

/* arrived_note - a finished job's arrival, when it claimed a file. */
static void arrived_note(struct cairn_daemon *d, const struct cairn_job *j)
{
	size_t k = 0;

	if (!one_owner(d) || !j->claimed || j->in.origin.owner[0] == '\0')
		return;
	int64_t ms = cairn_time_ms(&j->in.origin.received);
	for (size_t i = 0; i < d->narrived; i++)
		if (d->arrived[i].uid != (uid_t)j->in.origin.uid &&
		    d->arrived[i].ms + ARRIVED_KEEP_MS >= ms)
			d->arrived[k++] = d->arrived[i];
	d->arrived = cairn_xgrow(d->arrived, &d->caparrived, k + 1, sizeof(d->arrived[0]));
	d->arrived[k].uid = (uid_t)j->in.origin.uid;
	d->arrived[k].ms = ms;
	d->narrived = k + 1;
}

/* arrived_last - uid's last arrival noted, or 0. */
static int64_t arrived_last(const struct cairn_daemon *d, uid_t uid)
{
	for (size_t i = 0; i < d->narrived; i++)
		if (d->arrived[i].uid == uid)
			return d->arrived[i].ms;
	return 0;
}

/* claimed_waits - a claimed file whose owner has a file running waits. */
static int claimed_waits(struct cairn_daemon *d, const char *name)
{
	uid_t uid;

	return claimed_uid(d, name, &uid) && owner_running(d, uid);
}

static void log_error_cb(void *ctx, const char *msg)
{
	const struct cairn_job *j = ctx;
	char f[512], e[1024];

	cairn_log(CAIRN_LOG_ERROR, "cross-check", "file=%s error=%s",
		  cairn_log_value(f, sizeof(f), j->name), cairn_log_value(e, sizeof(e), msg));
}

static void backoff_cb(uv_timer_t *t)
{
	struct cairn_daemon *d = t->data;

	d->paused = 0;
	cairn_log(CAIRN_LOG_DEBUG, "retrying", "backoff_ms=%" PRIu64, d->backoff_ms);
	cairn_dispatch(d);
}

/* storage_failure - pause taking files; log the first failure only. */
static void storage_failure(struct cairn_daemon *d, const struct cairn_job *j)
{
	char f[512], e[1024];

	d->retries++;
	cairn_log_value(f, sizeof(f), j->name);
	cairn_log_value(e, sizeof(e), j->err);
	if (d->once) {
		cairn_log(CAIRN_LOG_ERROR, "storage error", "file=%s error=%s action=%s",
			  f, e, j->end == CAIRN_JOB_STUCK ? "kept" : "returned");
		d->on_stop(d, CAIRN_EX_TEMPFAIL);
		return;
	}
	if (d->paused)
		return;		/* a job started before the pause: same trouble */
	if (d->backoff_ms == 0) {
		d->backoff_ms = 1000;
		cairn_log(CAIRN_LOG_ERROR, "storage error",
			  "file=%s error=%s action=retry retry_in_ms=%" PRIu64,
			  f, e, d->backoff_ms);
	} else {
		d->backoff_ms = cairn_publish_backoff_ms(d->backoff_ms);
		cairn_log(CAIRN_LOG_DEBUG, "storage error",
			  "file=%s error=%s action=retry retry_in_ms=%" PRIu64,
			  f, e, d->backoff_ms);
	}
	d->paused = 1;
	uv_timer_start(&d->backoff, backoff_cb, d->backoff_ms, 0);
}

static void storage_ok(struct cairn_daemon *d)
{
	if (d->backoff_ms == 0)
		return;
	cairn_log(CAIRN_LOG_INFO, "storage recovered", "retries=%" PRIu64, d->retries);
	d->backoff_ms = 0;
}

/* --- files tried again alone --- */

static struct cairn_retry *retry_find(struct cairn_daemon *d, const char *name, int claimed)
{
	for (size_t i = 0; i < d->nretry; i++)
		if (d->retry[i].claimed == claimed && strcmp(d->retry[i].name, name) == 0)
			return &d->retry[i];
	return NULL;
}

static void retry_remove(struct cairn_daemon *d, struct cairn_retry *e)
{
	free(e->name);
	free(e->why);
	*e = d->retry[--d->nretry];
}

/* return_file - a claimed file that waits for a retry goes back (shutdown). */
static void return_file(struct cairn_daemon *d, const struct cairn_retry *e)
{
	if (cairn_spool_unclaim(&d->sp, e->name) == 0)
		cairn_attempts_done(&d->attempts, e->name, e->ino);
}

static void retry_cb(uv_timer_t *t);

/*
 * retry_arm - wake up when the next waiting file is due.  A claimed file
 * that is due already waits for a worker, not for the timer: the
 * cairn_dispatch() that follows starts it, or the one that runs whenever
 * a worker frees up (a job ends or has rendered) or the storage backoff
 * ends.  A 0 ms timer armed for it instead would fire again and again
 * in libuv's timer phase, where no job ever ends and no signal is seen.
 */
static void retry_arm(struct cairn_daemon *d)
{
	uint64_t now = uv_now(&d->loop), next = UINT64_MAX;

	for (size_t i = 0; i < d->nretry; i++) {
		const struct cairn_retry *e = &d->retry[i];

		if (!e->running && !(e->claimed && e->due <= now) && e->due < next)
			next = e->due;
	}
	uv_timer_stop(&d->retry_timer);
	if (next != UINT64_MAX && !d->stopping)
		uv_timer_start(&d->retry_timer, retry_cb, next > now ? next - now : 0, 0);
}

static void retry_cb(uv_timer_t *t)
{
	struct cairn_daemon *d = t->data;
	uint64_t now = uv_now(&d->loop);

	for (size_t i = d->nretry; i-- > 0; ) {
		struct cairn_retry *e = &d->retry[i];

		/* An unclaimed one waits in incoming/: let pending take it. */
		if (!e->claimed && !e->running && e->due <= now && d->watch_open) {
			e->running = 1;
			cairn_watch_note(&d->watch, e->name, CAIRN_NOTE_READY);
			if (cairn_pending_find(&d->pending, e->name) == NULL)
				retry_remove(d, e);	/* gone from incoming/ */
		}
	}
	retry_arm(d);
	cairn_dispatch(d);
}

/* later - the file's own transient trouble: try it again alone. */
static void later(struct cairn_daemon *d, const struct cairn_job *j)
{
	struct cairn_retry *e = retry_find(d, j->name, j->claimed);
	uint64_t wait;
	char f[512], err[1024];

	if (e == NULL) {
		d->retry = cairn_xgrow(d->retry, &d->capretry, d->nretry + 1, sizeof(d->retry[0]));
		e = &d->retry[d->nretry++];
		memset(e, 0, sizeof(*e));
		e->name = cairn_xstrdup(j->name);
		e->claimed = j->claimed;
	}
	e->running = 0;
	e->ino = j->in.ino;
	e->tries++;
	free(e->why);
	e->why = cairn_xstrdup(j->err);
	d->retries++;
	if (d->stopping) {
		if (e->claimed)
			return_file(d, e);
		retry_remove(d, e);
		return;
	}
	/* The last try publishes the reason; unclaimed ones wait at most 16 s. */
	wait = e->claimed && e->tries >= CAIRN_RETRY_MAX ? 0 : cairn_failure_retry_ms(e->tries);
	e->due = uv_now(&d->loop) + wait;
	cairn_log(CAIRN_LOG_WARNING, "retrying file",
		  "file=%s error=%s tries=%u retry_in_ms=%" PRIu64,
		  cairn_log_value(f, sizeof(f), j->name), cairn_log_value(err, sizeof(err), j->err),
		  e->tries, wait);
	retry_arm(d);
}

/* retry_settle - a job ended: follow up the file's retry entry, if any. */
static void retry_settle(struct cairn_daemon *d, const struct cairn_job *j)
{
	struct cairn_retry *e = retry_find(d, j->name, 0);

	/* A file that waited in incoming/ was claimed by this job. */
	if (e != NULL && e->running && j->claimed)
		retry_remove(d, e);
	if (j->end == CAIRN_JOB_LATER) {
		later(d, j);
		return;
	}
	e = retry_find(d, j->name, j->claimed);
	if (e != NULL && e->running)
		retry_remove(d, e);
}

/* retry_next - a claimed file whose next try is due, or NULL. */
static struct cairn_retry *retry_next(struct cairn_daemon *d)
{
	uint64_t now = uv_now(&d->loop);

	for (size_t i = 0; i < d->nretry; i++)
		if (d->retry[i].claimed && !d->retry[i].running && d->retry[i].due <= now &&
		    !claimed_waits(d, d->retry[i].name))
			return &d->retry[i];
	return NULL;
}

/* retry_waits - incoming/NAME is to wait for its own backoff. */
static int retry_waits(struct cairn_daemon *d, const char *name)
{
	const struct cairn_retry *e = retry_find(d, name, 0);

	return e != NULL && !e->running;
}

void cairn_dispatch_free(struct cairn_daemon *d)
{
	while (d->nretry > 0)
		retry_remove(d, &d->retry[d->nretry - 1]);
	free(d->retry);
	d->retry = NULL;
	d->capretry = 0;
	free(d->arrived);
	d->arrived = NULL;
	d->narrived = d->caparrived = 0;
}

/* cairn_dispatch_keep - a file stays claimed; retry it before new ones. */
void cairn_dispatch_keep(struct cairn_daemon *d, const char *name)
{
	d->stuck = cairn_xgrow(d->stuck, &d->capstuck, d->nstuck + 1, sizeof(d->stuck[0]));
	d->stuck[d->nstuck++] = cairn_xstrdup(name);
}

/*
 * renote_how - how a finished job's name is looked at again (a
 * CAIRN_NOTE_*), or -1: not until an event or a scan finds it.  A file
 * that changed while read, or was written while its job ran, settles
 * first; a file still open for writing (BUSY) waits for its close.
 */
static int renote_how(const struct cairn_job *j, int again)
{
	if (j->end == CAIRN_JOB_CHANGED || (again & CAIRN_AGAIN_CHANGED))
		return CAIRN_NOTE_CHANGED;
	if (again || j->end == CAIRN_JOB_RETRY || j->end == CAIRN_JOB_RETURNED)
		return CAIRN_NOTE_READY;
	return -1;
}

/* cairn_dispatch_account - count, log and follow up one finished job. */
void cairn_dispatch_account(struct cairn_daemon *d, struct cairn_job *j, int renote)
{
	cairn_status_report(d, j);
	if (j->unsure)
		d->claims_unsure = 1;
	if (j->in.superseded) {
		char f[512];

		cairn_log(CAIRN_LOG_INFO, "result kept", "file=%s reason=newer_input",
			  cairn_log_value(f, sizeof(f), j->name));
	}
	switch (j->end) {
	case CAIRN_JOB_FAILED:
		d->failed++;
		/* fall through */
	case CAIRN_JOB_DONE:
		d->processed++;
		storage_ok(d);
		break;
	case CAIRN_JOB_RETURNED:
		d->returned++;
		break;
	case CAIRN_JOB_STUCK:
		cairn_dispatch_keep(d, j->name);
		storage_failure(d, j);
		break;
	case CAIRN_JOB_RETRY:
		storage_failure(d, j);
		break;
	case CAIRN_JOB_SKIPPED:
		/* Taken by another: perhaps one that has just started. */
		if (!j->err[0] && uv_now(&d->loop) - d->peers_ms >= PEERS_AGAIN_MS &&
		    uv_is_active((uv_handle_t *)&d->peers))
			cairn_dispatch_peers(d);
		break;
	case CAIRN_JOB_LATER:
	case CAIRN_JOB_BUSY:
	case CAIRN_JOB_CHANGED:
		break;
	}
	retry_settle(d, j);
	int how = renote_how(j, renote);
	if (how >= 0 && !d->stopping && d->watch_open)
		cairn_watch_note(&d->watch, j->name, how);
}

static void job_closed(uv_handle_t *h)
{
	struct djob *dj = h->data;

	cairn_gen_unref(dj->gen);
	cairn_job_clear(&dj->job);
	free(dj->reason);
	free(dj);
}

/*
 * job_timeout_cb - job_timeout_s counts from when the job began to run;
 * a job still queued behind another, or started late, gets the rest.
 */
static void job_timeout_cb(uv_timer_t *t)
{
	struct djob *dj = t->data;
	uint64_t limit = (uint64_t)dj->gen->conf.job_timeout_s * 1000000000u;
	uint64_t started = atomic_load(&dj->job.started_ns), now = uv_hrtime();
	int zero = 0;
	char f[512];

	if (started == 0 || now - started < limit) {
		uint64_t left = started == 0 ? limit : limit - (now - started);

		uv_timer_start(&dj->timer, job_timeout_cb, (left + 999999) / 1000000, 0);
		return;
	}
	if (atomic_compare_exchange_strong(&dj->job.cancel, &zero, CAIRN_CANCEL_TIMEOUT))
		cairn_log(CAIRN_LOG_WARNING, "job timeout", "file=%s timeout_s=%u",
			  cairn_log_value(f, sizeof(f), dj->job.name), dj->gen->conf.job_timeout_s);
}

static void work_cb(uv_work_t *w)
{
	struct djob *dj = cairn_container_of(w, struct djob, work);

	cairn_job_run(&dj->job, &dj->d->ctx);
}

static void after_work_cb(uv_work_t *w, int status)
{
	struct djob *dj = cairn_container_of(w, struct djob, work);
	struct cairn_daemon *d = dj->d;
	int renote = 0;

	(void)status;		/* jobs are never uv_cancel()ed */
	d->running--;
	if (!dj->job.released) {
		atomic_fetch_sub(&d->computing, 1);
		atomic_fetch_sub(&d->reserved, dj->job.reserved);
	}
	if (dj->prev)
		dj->prev->next = dj->next;
	else
		d->jobs = dj->next;
	if (dj->next)
		dj->next->prev = dj->prev;
	if (dj->cand != NULL) {
		renote = dj->cand->again;
		cairn_pending_forget(&d->pending, dj->cand);
	}
	arrived_note(d, &dj->job);
	cairn_dispatch_account(d, &dj->job, renote);
	uv_close((uv_handle_t *)&dj->timer, job_closed);
	if (d->stopping && d->running == 0)
		d->on_drained(d);
	else
		cairn_dispatch(d);
}

/*
 * cairn_dispatch_queue_work - hand w to libuv's pool.  The first use of
 * the pool in the process makes it (one per process, as libuv keeps it),
 * whose threads are to inherit the signals held (cairn_sigmask.h); later
 * ones need not pay the two system calls.
 */
void cairn_dispatch_queue_work(struct cairn_daemon *d, uv_work_t *w, uv_work_cb work,
			       uv_after_work_cb after)
{
	static atomic_int pool_made;
	int first = !atomic_exchange(&pool_made, 1);

	if (first)
		cairn_sigmask_hold();
	int r = uv_queue_work(&d->loop, w, work, after);
	if (first)
		cairn_sigmask_release();
	assert(r == 0);		/* fails only for a NULL work_cb */
	(void)r;
}

/*
 * claims_checked - whether a claim must first look for a file of its name
 * in processing/<instance>/.  A file is held there only by a running job
 * (a claim waits while another of its name runs), one that waits for its
 * retry or is stuck, or one the start or an error left unexplained; as
 * long as there is none, a claim skips that lookup.
 */
static int claims_checked(const struct cairn_daemon *d)
{
	if (d->claims_unsure || d->nstuck > 0)
		return 1;
	for (const struct djob *dj = d->jobs; dj != NULL; dj = dj->next)
		if (dj->held)
			return 1;
	for (size_t i = 0; i < d->nretry; i++)
		if (d->retry[i].claimed)
			return 1;
	return 0;
}

static void start_job(struct cairn_daemon *d, const char *name,
		      struct cairn_cand *c, int claimed, int idle, const char *reason)
{
	struct djob *dj = cairn_xcalloc(1, sizeof(*dj));
	unsigned timeout;

	cairn_job_init(&dj->job, name);
	if (reason != NULL)
		dj->job.fail_reason = dj->reason = cairn_xstrdup(reason);
	dj->d = d;
	dj->cand = c;
	dj->gen = cairn_gen_ref(d->gen);
	dj->job.claimed = claimed;
	dj->job.check_claim = !claimed && claims_checked(d);
	dj->held = claimed;
	if (c != NULL) {
		dj->uid_known = 1;
		dj->uid = c->uid;
		if (c->over)
			dj->job.over_bytes = dj->gen->conf.max_incoming_bytes_per_owner;
	} else {
		dj->uid_known = claimed_uid(d, name, &dj->uid);
	}
	if (!claimed && dj->uid_known && one_owner(d))
		dj->job.not_before_ms = arrived_last(d, dj->uid);
	cairn_gen_settings(dj->gen, &dj->job.settings);
	dj->job.settings.log_error = log_error_cb;
	dj->job.settings.log_ctx = &dj->job;
	dj->job.fsync = dj->gen->conf.fsync;
	dj->job.keep_inputs = dj->gen->conf.keep_inputs;
	dj->job.idle = idle;
	dj->job.stolen = c != NULL && !cairn_pending_mine(&d->pending, c);
	uv_timer_init(&d->loop, &dj->timer);
	dj->timer.data = dj;
	timeout = dj->gen->conf.job_timeout_s;
	if (timeout > 0)
		uv_timer_start(&dj->timer, job_timeout_cb, (uint64_t)timeout * 1000, 0);
	dj->next = d->jobs;
	if (d->jobs)
		d->jobs->prev = dj;
	d->jobs = dj;
	d->running++;
	atomic_fetch_add(&d->computing, 1);
	/* Each job may take up to memory_budget: that is what it holds of memory_total. */
	dj->job.reserved = dj->gen->conf.memory_budget;
	atomic_fetch_add(&d->reserved, dj->job.reserved);
	cairn_dispatch_queue_work(d, &dj->work, work_cb, after_work_cb);
}

/* cairn_dispatch_max - jobs allowed at once: workers, within the pool. */
unsigned cairn_dispatch_max(const struct cairn_daemon *d)
{
	unsigned w = d->gen->conf.workers ? d->gen->conf.workers : 1;

	return w < d->pool_size ? w : d->pool_size;
}

/* check_idle - rescan after dropped names; end a --once run. */
static void check_idle(struct cairn_daemon *d)
{
	int scanning = cairn_watch_scanning(&d->watch);

	if (d->stopping)
		return;
	/* Idle: the journal's records of files that left are compacted. */
	if (d->pending.n == 0 && d->running == 0)
		cairn_attempts_prune(&d->attempts);
	/* An owner's files left in incoming/ come back once it has room. */
	if (d->pending.refill && d->watch_open) {
		d->pending.refill = 0;
		cairn_watch_rescan(&d->watch);
		return;
	}
	if (d->pending.n == 0 && d->pending.missed && !scanning) {
		d->pending.missed = 0;
		cairn_watch_rescan(&d->watch);
		return;
	}
	if (d->once && !scanning && d->pending.n == 0 && d->running == 0 &&
	    d->nstuck == 0 && d->nretry == 0 && !d->once_walks(d))
		d->on_stop(d, 0);
}

/*
 * may_start - whether another job may be queued.  With fsync, a job that
 * has rendered its result frees its solve slot and waits for the disk on
 * one of the storing_max extra threads.  Without, when the pool has just
 * one thread per solve slot, one more job per slot waits in libuv's queue,
 * so that a worker that finishes takes the next file at once instead of
 * sleeping until the loop has heard of it.
 */
static int may_start(const struct cairn_daemon *d)
{
	unsigned max = cairn_dispatch_max(d);

	if (d->stopping || d->paused)
		return 0;
	/* A file waits for room rather than run (SPEC section 5, "Memory"). */
	if (!cairn_memavail_admit(atomic_load(&d->reserved), d->gen->conf.memory_budget,
				  d->gen->conf.memory_total))
		return 0;
	if (d->gen->conf.fsync)
		return atomic_load(&d->computing) < max &&
		       d->running < max + d->storing_max;
	if (d->storing_max == 0 && max == d->pool_size)
		return d->running < 2 * max;
	return d->running < max;
}

/*
 * log_taking - at debug level, each file taken from the queue with its
 * owner's uid and what waited then, its own included: the bounds of SPEC
 * 5 "Fairness" seen from outside (tests/daemon/fairness.sh).
 */
static void log_taking(const struct cairn_daemon *d, const struct cairn_cand *c)
{
	char f[512];

	if (!cairn_log_enabled(CAIRN_LOG_DEBUG))
		return;
	cairn_log(CAIRN_LOG_DEBUG, "taking", "file=%s uid=%u uid_queued=%zu queued=%u",
		  cairn_log_value(f, sizeof(f), c->name), (unsigned)c->uid,
		  c->uq != NULL ? c->uq->n : 0, cairn_status_queued(d));
}

void cairn_dispatch_hold_owners(struct cairn_daemon *d)
{
	d->pending.held = owner_running;
	d->pending.held_arg = d;
}

/* take_stuck - the last stuck file whose owner has none running, or NULL. */
static char *take_stuck(struct cairn_daemon *d)
{
	for (size_t i = d->nstuck; i-- > 0; ) {
		char *name = d->stuck[i];

		if (claimed_waits(d, name))
			continue;
		memmove(&d->stuck[i], &d->stuck[i + 1], (d->nstuck - i - 1) * sizeof(d->stuck[0]));
		d->nstuck--;
		return name;
	}
	return NULL;
}

void cairn_dispatch(struct cairn_daemon *d)
{
	while (may_start(d)) {
		char *name = take_stuck(d);
		if (name != NULL) {
			start_job(d, name, NULL, 1, 0, NULL);
			free(name);
			continue;
		}
		struct cairn_retry *e = retry_next(d);
		if (e != NULL) {
			char *why = NULL;

			e->running = 1;
			if (e->tries >= CAIRN_RETRY_MAX)
				why = cairn_xasprintf("%s (gave up after %u tries)", e->why, e->tries);
			start_job(d, e->name, NULL, 1, 0, why);
			free(why);
			continue;
		}
		struct cairn_cand *c = cairn_pending_pick(&d->pending, uv_now(&d->loop));
		if (c == NULL)
			break;
		log_taking(d, c);
		cairn_pending_start(&d->pending, c);
		if (retry_waits(d, c->name)) {
			/* Its own backoff brings it back (retry_cb). */
			cairn_pending_forget(&d->pending, c);
			continue;
		}
		start_job(d, c->name, c, 0, d->running == 0 &&
			  cairn_pending_pick(&d->pending, uv_now(&d->loop)) == NULL, NULL);
	}
	check_idle(d);
	cairn_status_changed(d);
}

void cairn_dispatch_ready(struct cairn_watch *w)
{
	cairn_dispatch(cairn_container_of(w, struct cairn_daemon, watch));
}

/*
 * cairn_dispatch_unqueue - shutdown: jobs still waiting in the pool's
 * queue give up before they claim their file (one that starts meanwhile
 * either sees the flag before its claim, or is cancelled like any other).
 */
void cairn_dispatch_unqueue(struct cairn_daemon *d)
{
	for (size_t i = d->nretry; i-- > 0; ) {
		if (d->retry[i].running)
			continue;
		if (d->retry[i].claimed)
			return_file(d, &d->retry[i]);
		retry_remove(d, &d->retry[i]);
	}
	for (struct djob *dj = d->jobs; dj != NULL; dj = dj->next) {
		int zero = 0;

		if (atomic_load(&dj->job.started_ns) == 0)
			atomic_compare_exchange_strong(&dj->job.cancel, &zero,
						       CAIRN_CANCEL_SHUTDOWN);
	}
}

/* cairn_dispatch_cancel_all - shutdown: make every running job give up. */
void cairn_dispatch_cancel_all(struct cairn_daemon *d)
{
	for (struct djob *dj = d->jobs; dj != NULL; dj = dj->next)
		atomic_store(&dj->job.cancel, CAIRN_CANCEL_SHUTDOWN);
	if (d->running > 0)
		cairn_log(CAIRN_LOG_WARNING, "cancelling", "running=%u", d->running);
}


/*
 * cairn_dispatch_peers - learn which other instances are alive (their
 * locks), so that files are shared out among them: a scanned file that is
 * ours is taken after one rescan period plus settle_ms (the instance on the
 * host that wrote it has had it at once, through inotify), another's after
 * two (its owner has seen it by then).
 * Called every PEERS_MS, and at once when a claim finds its file taken
 * (an instance that has just started), at most every PEERS_AGAIN_MS.
 */
void cairn_dispatch_peers(struct cairn_daemon *d)
{
	const struct cairn_conf *c = &d->gen->conf;
	char **names, **near;

	d->peers_ms = uv_now(&d->loop);
	if (cairn_lock_peers(d->sp.root_fd, d->sp.instance, &names, &near) >= 0)
		cairn_pending_set_peers(&d->pending, d->sp.instance, names, near,
					(uint64_t)c->rescan_s * 1000 + c->settle_ms,
					(uint64_t)c->rescan_s * 2000 + c->settle_ms);
}
