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
 * transient trouble of one file is tried again alone (cairn_retry.c),
 * and a file already claimed waits while its owner has one running
 * (cairn_one_owner.c); only a storage error of the spool pauses
 * dispatching, with a backoff of 1 s doubling to 60 s; the first is
 * logged at level error, repeats at debug, and the first success after
 * them at info.  An entry no claim can move is left in incoming/, logged
 * once and passed over until its inode or change time changes.
 */
#include "config.h"

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_daemon_int.h"
#include "cairn_dispatch.h"
#include "cairn_lock.h"
#include "cairn_log.h"
#include "cairn_mem.h"
#include "cairn_memavail.h"
#include "cairn_one_owner.h"
#include "cairn_retry.h"
#include "cairn_sigmask.h"
#include "cairn_status.h"

/* A claim that lost looks at the peers again, at most this often. */
#define PEERS_AGAIN_MS 100

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

	d->dispatch.paused = 0;
	cairn_log(CAIRN_LOG_DEBUG, "retrying", "backoff_ms=%" PRIu64, d->dispatch.backoff_ms);
	cairn_dispatch(d);
}

/*
 * storage_failure - pause taking files; log the first failure only (the
 * status counts it as a retry).
 */
static void storage_failure(struct cairn_daemon *d, const struct cairn_job *j)
{
	char f[512], e[1024];

	cairn_log_value(f, sizeof(f), j->name);
	cairn_log_value(e, sizeof(e), j->err);
	if (d->once) {
		cairn_log(CAIRN_LOG_ERROR, "storage error", "file=%s error=%s action=%s",
			  f, e, j->end == CAIRN_JOB_STUCK ? "kept" : "returned");
		d->on_stop(d, CAIRN_EX_TEMPFAIL);
		return;
	}
	if (d->dispatch.paused)
		return;		/* a job started before the pause: same trouble */
	if (d->dispatch.backoff_ms == 0) {
		d->dispatch.backoff_ms = 1000;
		cairn_log(CAIRN_LOG_ERROR, "storage error",
			  "file=%s error=%s action=retry retry_in_ms=%" PRIu64,
			  f, e, d->dispatch.backoff_ms);
	} else {
		d->dispatch.backoff_ms = cairn_publish_backoff_ms(d->dispatch.backoff_ms);
		cairn_log(CAIRN_LOG_DEBUG, "storage error",
			  "file=%s error=%s action=retry retry_in_ms=%" PRIu64,
			  f, e, d->dispatch.backoff_ms);
	}
	d->dispatch.paused = 1;
	uv_timer_start(&d->dispatch.backoff, backoff_cb, d->dispatch.backoff_ms, 0);
}

static void storage_ok(struct cairn_daemon *d)
{
	if (d->dispatch.backoff_ms == 0)
		return;
	cairn_log(CAIRN_LOG_INFO, "storage recovered", "retries=%" PRIu64, d->status.retries);
	d->dispatch.backoff_ms = 0;
}

void cairn_dispatch_free(struct cairn_daemon *d)
{
	for (size_t i = 0; i < d->dispatch.nstuck; i++)
		free(d->dispatch.stuck[i]);
	free(d->dispatch.stuck);
	d->dispatch.stuck = NULL;
	d->dispatch.nstuck = d->dispatch.capstuck = 0;
	cairn_retry_free(&d->retry);
}

/* cairn_dispatch_keep - a file stays claimed; retry it before new ones. */
void cairn_dispatch_keep(struct cairn_daemon *d, const char *name)
{
	struct cairn_dispatch_state *ds = &d->dispatch;

	ds->stuck = cairn_xgrow(ds->stuck, &ds->capstuck, ds->nstuck + 1, sizeof(ds->stuck[0]));
	ds->stuck[ds->nstuck++] = cairn_xstrdup(name);
}

/* remember_left - j's entry stays in incoming/: pass it over from now on. */
static void remember_left(struct cairn_dispatch_state *ds, const struct cairn_job *j)
{
	struct cairn_dispatch_left *l = &ds->left[ds->nleft++ % CAIRN_DISPATCH_LEFT_MAX];

	l->ino = (uint64_t)j->pre.st_ino;
	l->ctime = j->pre.st_ctim;
}

/* left_alone - c is an entry left in incoming/ (remember_left), unchanged. */
static int left_alone(const struct cairn_dispatch_state *ds, const struct cairn_cand *c)
{
	size_t n = ds->nleft < CAIRN_DISPATCH_LEFT_MAX ? ds->nleft : CAIRN_DISPATCH_LEFT_MAX;

	for (size_t i = 0; i < n; i++)
		if (ds->left[i].ino == c->ino && ds->left[i].ctime.tv_sec == c->ctime.tv_sec &&
		    ds->left[i].ctime.tv_nsec == c->ctime.tv_nsec)
			return 1;
	return 0;
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
		d->dispatch.claims_unsure = 1;
	if (j->in.superseded) {
		char f[512];

		cairn_log(CAIRN_LOG_INFO, "result kept", "file=%s reason=newer_input",
			  cairn_log_value(f, sizeof(f), j->name));
	}
	switch (j->end) {
	case CAIRN_JOB_FAILED:
	case CAIRN_JOB_DONE:
		storage_ok(d);
		break;
	case CAIRN_JOB_STUCK:
		cairn_dispatch_keep(d, cairn_jobs_key(j));
		storage_failure(d, j);
		break;
	case CAIRN_JOB_RETRY:
		storage_failure(d, j);
		break;
	case CAIRN_JOB_SKIPPED:
		/* Taken by another: perhaps one that has just started. */
		if (!j->err[0] && uv_now(&d->loop) - d->dispatch.peers_ms >= PEERS_AGAIN_MS &&
		    uv_is_active((uv_handle_t *)&d->peers))
			cairn_dispatch_peers(d);
		break;
	case CAIRN_JOB_LEFT:
		/* Its own trouble: the spool goes on at full speed. */
		remember_left(&d->dispatch, j);
		break;
	case CAIRN_JOB_RETURNED:
	case CAIRN_JOB_LATER:
	case CAIRN_JOB_BUSY:
	case CAIRN_JOB_CHANGED:
		break;
	}
	cairn_retry_settle(d, j);
	int how = renote_how(j, renote);
	if (how >= 0 && !d->stopping && d->watch_open)
		cairn_watch_note(&d->watch, j->name, how);
}

static void job_closed(uv_handle_t *h)
{
	struct cairn_dispatch_job *dj = h->data;

	cairn_generation_unref(dj->gen);
	cairn_jobs_clear(&dj->job);
	free(dj->reason);
	free(dj);
}

/*
 * job_timeout_cb - job_timeout_s counts from when the job began to run;
 * a job still queued behind another, or started late, gets the rest.
 */
static void job_timeout_cb(uv_timer_t *t)
{
	struct cairn_dispatch_job *dj = t->data;
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

static void work_cb(struct cairn_work *w)
{
	struct cairn_dispatch_job *dj = cairn_container_of(w, struct cairn_dispatch_job, work);

	cairn_jobs_run(&dj->job, &dj->d->ctx);
	/*
	 * Rendered, the loop was woken then: the end of what only stored
	 * since may wait for its next wake.
	 */
	w->quiet = dj->job.released;
}

static void after_work_cb(struct cairn_work *w)
{
	struct cairn_dispatch_job *dj = cairn_container_of(w, struct cairn_dispatch_job, work);
	struct cairn_daemon *d = dj->d;
	int renote = 0;

	d->dispatch.running--;
	if (!dj->job.released) {
		atomic_fetch_sub(&d->dispatch.computing, 1);
		atomic_fetch_sub(&d->dispatch.reserved, dj->job.reserved);
	}
	if (dj->prev)
		dj->prev->next = dj->next;
	else
		d->dispatch.jobs = dj->next;
	if (dj->next)
		dj->next->prev = dj->prev;
	if (dj->cand != NULL) {
		renote = dj->cand->again;
		cairn_pending_forget(&d->pending, dj->cand);
	}
	cairn_dispatch_account(d, &dj->job, renote);
	uv_close((uv_handle_t *)&dj->timer, job_closed);
	if (d->stopping && d->dispatch.running == 0)
		d->on_drained(d);
	else
		cairn_dispatch(d);
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
	if (d->dispatch.claims_unsure || d->dispatch.nstuck > 0)
		return 1;
	for (const struct cairn_dispatch_job *dj = d->dispatch.jobs; dj != NULL; dj = dj->next)
		if (dj->held)
			return 1;
	return cairn_retry_claimed(&d->retry);
}

static void start_job(struct cairn_daemon *d, const char *name,
		      struct cairn_cand *c, int claimed, int idle, const char *reason)
{
	struct cairn_dispatch_job *dj = cairn_xcalloc(1, sizeof(*dj));
	unsigned timeout;

	if (claimed)
		cairn_jobs_init_held(&dj->job, name);
	else
		cairn_jobs_init(&dj->job, name);
	if (reason != NULL)
		dj->job.fail_reason = dj->reason = cairn_xstrdup(reason);
	dj->d = d;
	dj->cand = c;
	dj->gen = cairn_generation_ref(d->gen);
	dj->job.claimed = claimed;
	dj->job.check_claim = !claimed && claims_checked(d);
	dj->held = claimed;
	if (c != NULL) {
		dj->uid_known = 1;
		dj->uid = c->uid;
		dj->job.first_seen_ms = c->first_wall_ms;
		if (c->over)
			dj->job.over_bytes = dj->gen->conf.max_incoming_bytes_per_owner;
	} else {
		dj->uid_known = cairn_one_owner_claimed_uid(d, name, &dj->uid);
	}
	cairn_generation_settings(dj->gen, &dj->job.settings);
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
	dj->next = d->dispatch.jobs;
	if (d->dispatch.jobs)
		d->dispatch.jobs->prev = dj;
	d->dispatch.jobs = dj;
	d->dispatch.running++;
	atomic_fetch_add(&d->dispatch.computing, 1);
	/* Each job may take up to memory_budget: that is what it holds of memory_total. */
	dj->job.reserved = dj->gen->conf.memory_budget;
	atomic_fetch_add(&d->dispatch.reserved, dj->job.reserved);
	cairn_workpool_post(&d->pool, &dj->work, work_cb, after_work_cb);
}

/* cairn_dispatch_max - jobs allowed at once: workers, within the pool. */
unsigned cairn_dispatch_max(const struct cairn_daemon *d)
{
	unsigned w = d->gen->conf.workers ? d->gen->conf.workers : 1;

	return w < d->dispatch.pool_size ? w : d->dispatch.pool_size;
}

/* check_idle - rescan after dropped names; end a --once run. */
static void check_idle(struct cairn_daemon *d)
{
	int scanning = cairn_watch_scanning(&d->watch);

	if (d->stopping)
		return;
	/*
	 * No job of ours runs: the journal's records of files that left are
	 * compacted, though files may wait (another instance's, which this
	 * one may take only after steal_ms: until then it is idle).
	 */
	if (d->dispatch.running == 0)
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
	if (d->once && !scanning && d->pending.n == 0 && d->dispatch.running == 0 &&
	    d->dispatch.nstuck == 0 && d->retry.n == 0 && !d->once_walks(d))
		d->on_stop(d, 0);
}

/*
 * may_start - whether another job may be queued.  With fsync, a job that
 * has rendered its result frees its solve slot and waits for the disk on
 * one of the storing_max extra threads.  Without, when the pool has just
 * one thread per solve slot, one more job per slot waits in the pool's queue,
 * so that a worker that finishes takes the next file at once instead of
 * sleeping until the loop has heard of it.
 */
static int may_start(const struct cairn_daemon *d)
{
	unsigned max = cairn_dispatch_max(d);

	if (d->stopping || d->dispatch.paused)
		return 0;
	/* A file waits for room rather than run (doc/spool.md, "Fairness and memory"). */
	if (!cairn_memavail_admit(atomic_load(&d->dispatch.reserved), d->gen->conf.memory_budget,
				  d->gen->conf.memory_total))
		return 0;
	if (d->gen->conf.fsync)
		return atomic_load(&d->dispatch.computing) < max &&
		       d->dispatch.running < max + d->dispatch.storing_max;
	if (d->dispatch.storing_max == 0 && max == d->dispatch.pool_size)
		return d->dispatch.running < 2 * max;
	return d->dispatch.running < max;
}

/*
 * log_taking - at debug level, each file taken from the queue with its
 * owner's uid and what waited then, its own included: the bounds of
 * doc/spool.md, "Fairness and memory" seen from outside (tests/daemon/fairness.sh).
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

/* take_stuck - the last stuck file whose owner has none running, or NULL. */
static char *take_stuck(struct cairn_daemon *d)
{
	for (size_t i = d->dispatch.nstuck; i-- > 0; ) {
		char *name = d->dispatch.stuck[i];

		if (cairn_one_owner_waits(d, name))
			continue;
		memmove(&d->dispatch.stuck[i], &d->dispatch.stuck[i + 1],
			(d->dispatch.nstuck - i - 1) * sizeof(d->dispatch.stuck[0]));
		d->dispatch.nstuck--;
		return name;
	}
	return NULL;
}

void cairn_dispatch(struct cairn_daemon *d)
{
	if (d->startup.recovering)
		return;		/* nothing is claimed, nor a --once run ended, before (cairn_startup.h) */
	/* A job may have counted submissions since: the rule is looked at anew. */
	d->pending.in_order = cairn_one_owner(d);
	while (may_start(d)) {
		char *name = take_stuck(d);
		if (name != NULL) {
			start_job(d, name, NULL, 1, 0, NULL);
			free(name);
			continue;
		}
		char *why;
		const char *again = cairn_retry_take(d, &why);
		if (again != NULL) {
			start_job(d, again, NULL, 1, 0, why);
			free(why);
			continue;
		}
		struct cairn_cand *c = cairn_pending_pick(&d->pending, uv_now(&d->loop));
		if (c == NULL)
			break;
		if (left_alone(&d->dispatch, c)) {
			/* Left in incoming/ as it is: a scan finds it again. */
			cairn_pending_forget(&d->pending, c);
			continue;
		}
		log_taking(d, c);
		cairn_pending_start(&d->pending, c);
		if (cairn_retry_waits(&d->retry, c->name)) {
			/* Its own backoff brings it back (cairn_retry.c). */
			cairn_pending_forget(&d->pending, c);
			continue;
		}
		start_job(d, c->name, c, 0, d->dispatch.running == 0 &&
			  cairn_pending_pick(&d->pending, uv_now(&d->loop)) == NULL, NULL);
	}
	if (d->watch_open)
		cairn_watch_tick(&d->watch);
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
	cairn_retry_unqueue(d);
	for (struct cairn_dispatch_job *dj = d->dispatch.jobs; dj != NULL; dj = dj->next) {
		int zero = 0;

		if (atomic_load(&dj->job.started_ns) == 0)
			atomic_compare_exchange_strong(&dj->job.cancel, &zero,
						       CAIRN_CANCEL_SHUTDOWN);
	}
}

/* cairn_dispatch_cancel_all - shutdown: make every running job give up. */
void cairn_dispatch_cancel_all(struct cairn_daemon *d)
{
	for (struct cairn_dispatch_job *dj = d->dispatch.jobs; dj != NULL; dj = dj->next)
		atomic_store(&dj->job.cancel, CAIRN_CANCEL_SHUTDOWN);
	if (d->dispatch.running > 0)
		cairn_log(CAIRN_LOG_WARNING, "cancelling", "running=%u", d->dispatch.running);
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

	d->dispatch.peers_ms = uv_now(&d->loop);
	if (cairn_lock_peers(d->sp.root_fd, d->sp.instance, &names, &near) >= 0)
		cairn_pending_set_peers(&d->pending, d->sp.instance, names, near,
					(uint64_t)c->rescan_s * 1000 + c->settle_ms,
					(uint64_t)c->rescan_s * 2000 + c->settle_ms);
}
