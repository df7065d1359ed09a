/*
 * cairn_daemon - the loop that ties the watcher, the jobs and systemd.
 *
 * The loop thread decides and the worker threads do: the loop keeps the
 * pending set, starts at most `workers` jobs (oldest file first), arms
 * a timeout per job, counts outcomes, logs one line per file and speaks
 * the systemd protocol; the workers claim, read, solve, publish and move
 * files.  A storage error pauses taking files with a backoff of 1 s
 * doubling to 60 s, logged once.  Shutdown stops taking files, waits
 * shutdown_timeout_s for running jobs, cancels the rest (their files go
 * back to incoming/), then closes every handle and runs the loop dry, so
 * that uv_loop_close() succeeds.  SIGHUP swaps in a new generation of
 * configuration and plugins; jobs keep the generation they started with.
 */
#include "config.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uv.h>

#include "cairn_daemon.h"
#include "cairn_jobs.h"
#include "cairn_log.h"
#include "cairn_mem.h"
#include "cairn_notify.h"
#include "cairn_pending.h"
#include "cairn_publish.h"
#include "cairn_recover.h"
#include "cairn_watch.h"

#define container_of(p, type, member) \
	((type *)(void *)((char *)(p) - offsetof(type, member)))

/* Waiting files kept in memory; more are found again by a later scan. */
#define PENDING_LIMIT 4096
/* libuv's thread pool cannot grow beyond this. */
#define POOL_MAX 1024
#define METRICS_MS 10000
#define STATUS_MS 1000

struct cairn_daemon;

struct djob {
	struct cairn_job job;
	uv_work_t work;
	uv_timer_t timer;		/* job_timeout_s */
	struct cairn_daemon *d;
	struct cairn_gen *gen;		/* the generation it runs with */
	struct cairn_cand *cand;	/* NULL for a file already claimed */
	struct djob *prev, *next;	/* running jobs */
};

struct cairn_daemon {
	uv_loop_t loop;
	struct cairn_gen_source src;
	int once;
	struct cairn_gen *gen;
	struct cairn_spool sp;
	struct cairn_attempts attempts;
	struct cairn_dirsync dirsync;
	struct cairn_jobctx ctx;
	struct cairn_pending pending;
	struct cairn_watch watch;
	int watch_open;
	struct cairn_notify notify;
	uv_signal_t sigterm, sigint, sighup;
	uv_timer_t backoff, shutdown, status, watchdog, metrics;
	unsigned nhandles;		/* daemon-owned handles not yet closed */
	struct djob *jobs;		/* running */
	unsigned running, pool_size;
	char **stuck;			/* claimed files waiting for a retry */
	size_t nstuck, capstuck;
	uint64_t backoff_ms;		/* 0: no storage trouble */
	int paused;			/* backing off: take nothing */
	int stopping, finished, exit_code;
	uint64_t processed, failed, retries, returned;
	uint64_t last_status;		/* uv_now() of the last STATUS=, 0: none */
};

static void dispatch(struct cairn_daemon *d);
static void begin_stop(struct cairn_daemon *d, int code);

static const char *val(char *buf, size_t len, const char *s)
{
	return cairn_log_value(buf, len, s);
}

static void handle_closed(uv_handle_t *h)
{
	struct cairn_daemon *d = h->data;

	d->nhandles--;
}

static void init_timer(struct cairn_daemon *d, uv_timer_t *t)
{
	uv_timer_init(&d->loop, t);
	t->data = d;
	d->nhandles++;
}

static void close_handle(uv_handle_t *h)
{
	if (!uv_is_closing(h))
		uv_close(h, handle_closed);
}

static unsigned queued(const struct cairn_daemon *d)
{
	return (unsigned)(d->pending.n + d->nstuck);
}

/* --- status, watchdog, metrics --- */

static void status_now(struct cairn_daemon *d)
{
	d->last_status = uv_now(&d->loop);
	cairn_notify_sendf(&d->notify, "STATUS=processed %" PRIu64 ", failed %" PRIu64
			   ", queued %u, running %u", d->processed, d->failed,
			   queued(d), d->running);
}

static void status_cb(uv_timer_t *t)
{
	status_now(t->data);
}

/* status_changed - send STATUS= now, or within a second (at most 1/s). */
static void status_changed(struct cairn_daemon *d)
{
	uint64_t since = uv_now(&d->loop) - d->last_status;

	if (!cairn_notify_enabled(&d->notify) || d->finished ||
	    uv_is_active((uv_handle_t *)&d->status))
		return;
	if (d->last_status == 0 || since >= STATUS_MS)
		status_now(d);
	else
		uv_timer_start(&d->status, status_cb, STATUS_MS - since, 0);
}

static void watchdog_cb(uv_timer_t *t)
{
	struct cairn_daemon *d = t->data;

	cairn_notify_send(&d->notify, "WATCHDOG=1");
}

static void write_metrics(struct cairn_daemon *d)
{
	const char *path = d->gen->conf.metrics_file;
	char err[512], v[512];

	if (path == NULL)
		return;
	char *dir = cairn_xstrdup(path), *base = cairn_xstrdup(path);
	int fd = open(dirname(dir), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	char *text = cairn_xasprintf(
		"cairnd_processed_total %" PRIu64 "\n"
		"cairnd_failed_total %" PRIu64 "\n"
		"cairnd_retries_total %" PRIu64 "\n"
		"cairnd_queued %u\n"
		"cairnd_running %u\n",
		d->processed, d->failed, d->retries, queued(d), d->running);
	int r = fd < 0 ? -errno : cairn_publish(fd, basename(base), d->sp.instance, text,
						strlen(text), 0, NULL, err, sizeof(err));

	if (fd < 0)
		snprintf(err, sizeof(err), "%s", strerror(-r));
	if (r < 0)
		cairn_log(CAIRN_LOG_WARNING, "metrics not written", "file=%s error=%s",
			  val(v, sizeof(v), path), err);
	if (fd >= 0)
		close(fd);
	free(text);
	free(dir);
	free(base);
}

static void metrics_cb(uv_timer_t *t)
{
	write_metrics(t->data);
}

static void start_metrics(struct cairn_daemon *d)
{
	uv_timer_stop(&d->metrics);
	if (d->gen->conf.metrics_file != NULL && !d->once)
		uv_timer_start(&d->metrics, metrics_cb, METRICS_MS, METRICS_MS);
}

/* --- reporting jobs --- */

static void report(struct cairn_daemon *d, const struct cairn_job *j)
{
	char f[512], e[1024];
	const struct cairn_stats *st = &j->st;

	val(f, sizeof(f), j->name);
	val(e, sizeof(e), j->err);
	switch (j->end) {
	case CAIRN_JOB_DONE:
	case CAIRN_JOB_FAILED:
		cairn_log(j->end == CAIRN_JOB_DONE ? CAIRN_LOG_INFO : CAIRN_LOG_WARNING,
			  "processed",
			  "file=%s puzzles=%zu errors=%zu correct=%zu wrong=%zu ms=%.2f"
			  " status=%s input=%s%s%s",
			  f, st->puzzles, st->errors, st->correct, st->wrong, j->ms,
			  st->file_error ? "error" : "ok",
			  j->stored ? j->stored : "removed",
			  j->err[0] ? " error=" : "", j->err[0] ? e : "");
		break;
	case CAIRN_JOB_RETURNED:
		cairn_log(CAIRN_LOG_INFO, "returned", "file=%s reason=shutdown", f);
		break;
	case CAIRN_JOB_SKIPPED:
		cairn_log(CAIRN_LOG_DEBUG, "skipped", "file=%s reason=%s", f,
			  j->err[0] ? e : "gone");
		break;
	case CAIRN_JOB_RETRY:
	case CAIRN_JOB_STUCK:
		break;		/* storage_failure() logs these */
	}
}

static void log_error_cb(void *ctx, const char *msg)
{
	const struct cairn_job *j = ctx;
	char f[512], e[1024];

	cairn_log(CAIRN_LOG_ERROR, "cross-check", "file=%s error=%s",
		  val(f, sizeof(f), j->name), val(e, sizeof(e), msg));
}

/* --- storage errors and backoff --- */

static void backoff_cb(uv_timer_t *t)
{
	struct cairn_daemon *d = t->data;

	d->paused = 0;
	cairn_log(CAIRN_LOG_DEBUG, "retrying", "backoff_ms=%" PRIu64, d->backoff_ms);
	dispatch(d);
}

static void storage_failure(struct cairn_daemon *d, const struct cairn_job *j)
{
	char f[512], e[1024];

	d->retries++;
	val(f, sizeof(f), j->name);
	val(e, sizeof(e), j->err);
	if (d->once) {
		cairn_log(CAIRN_LOG_ERROR, "storage error", "file=%s error=%s action=%s",
			  f, e, j->end == CAIRN_JOB_STUCK ? "kept" : "returned");
		begin_stop(d, CAIRN_EX_TEMPFAIL);
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

static void keep_stuck(struct cairn_daemon *d, const char *name)
{
	d->stuck = cairn_xgrow(d->stuck, &d->capstuck, d->nstuck + 1, sizeof(d->stuck[0]));
	d->stuck[d->nstuck++] = cairn_xstrdup(name);
}

/* account - count, log and follow up one finished job (loop thread). */
static void account(struct cairn_daemon *d, struct cairn_job *j, int renote)
{
	report(d, j);
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
		keep_stuck(d, j->name);
		storage_failure(d, j);
		break;
	case CAIRN_JOB_RETRY:
		storage_failure(d, j);
		break;
	case CAIRN_JOB_SKIPPED:
		break;
	}
	if ((renote || j->end == CAIRN_JOB_RETRY || j->end == CAIRN_JOB_RETURNED) &&
	    !d->stopping && d->watch_open)
		cairn_watch_note(&d->watch, j->name, 1);
}

/* --- jobs --- */

static void job_closed(uv_handle_t *h)
{
	struct djob *dj = h->data;

	cairn_gen_unref(dj->gen);
	cairn_job_clear(&dj->job);
	free(dj);
}

static void job_timeout_cb(uv_timer_t *t)
{
	struct djob *dj = t->data;
	int zero = 0;
	char f[512];

	if (atomic_compare_exchange_strong(&dj->job.cancel, &zero, CAIRN_CANCEL_TIMEOUT))
		cairn_log(CAIRN_LOG_WARNING, "job timeout", "file=%s timeout_s=%u",
			  val(f, sizeof(f), dj->job.name), dj->gen->conf.job_timeout_s);
}

static void work_cb(uv_work_t *w)
{
	struct djob *dj = container_of(w, struct djob, work);

	cairn_job_run(&dj->job, &dj->d->ctx);
}

static void finish(struct cairn_daemon *d);

static void after_work_cb(uv_work_t *w, int status)
{
	struct djob *dj = container_of(w, struct djob, work);
	struct cairn_daemon *d = dj->d;
	int renote = 0;

	(void)status;		/* jobs are never uv_cancel()ed */
	d->running--;
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
	account(d, &dj->job, renote);
	uv_close((uv_handle_t *)&dj->timer, job_closed);
	if (d->stopping && d->running == 0)
		finish(d);
	else
		dispatch(d);
}

static void start_job(struct cairn_daemon *d, const char *name,
		      struct cairn_cand *c, int claimed)
{
	struct djob *dj = cairn_xcalloc(1, sizeof(*dj));
	unsigned timeout;

	cairn_job_init(&dj->job, name);
	dj->d = d;
	dj->cand = c;
	dj->gen = cairn_gen_ref(d->gen);
	dj->job.claimed = claimed;
	cairn_gen_settings(dj->gen, &dj->job.settings);
	dj->job.settings.log_error = log_error_cb;
	dj->job.settings.log_ctx = &dj->job;
	dj->job.fsync = dj->gen->conf.fsync;
	dj->job.keep_inputs = dj->gen->conf.keep_inputs;
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
	int r = uv_queue_work(&d->loop, &dj->work, work_cb, after_work_cb);
	assert(r == 0);		/* fails only for a NULL work_cb */
	(void)r;
}

static unsigned max_running(const struct cairn_daemon *d)
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
	if (d->pending.n == 0 && d->pending.missed && !scanning) {
		d->pending.missed = 0;
		cairn_watch_rescan(&d->watch);
		return;
	}
	if (d->once && !scanning && d->pending.n == 0 && d->running == 0 &&
	    d->nstuck == 0)
		begin_stop(d, 0);
}

static void dispatch(struct cairn_daemon *d)
{
	while (!d->stopping && !d->paused && d->running < max_running(d)) {
		if (d->nstuck > 0) {
			char *name = d->stuck[--d->nstuck];

			start_job(d, name, NULL, 1);
			free(name);
			continue;
		}
		struct cairn_cand *c = cairn_pending_next(&d->pending);
		if (c == NULL)
			break;
		cairn_pending_start(&d->pending, c);
		start_job(d, c->name, c, 0);
	}
	check_idle(d);
	status_changed(d);
}

static void watch_ready(struct cairn_watch *w)
{
	dispatch(container_of(w, struct cairn_daemon, watch));
}

/* --- reload --- */

static void keep_running_spool(struct cairn_daemon *d, struct cairn_gen *g)
{
	struct cairn_conf *c = &g->conf;

	if (strcmp(c->spool, d->gen->conf.spool) == 0 &&
	    strcmp(c->instance, d->gen->conf.instance) == 0)
		return;
	cairn_log(CAIRN_LOG_WARNING, "reload", "error=\"spool and instance change only on restart\"");
	free(c->spool);
	free(c->instance);
	c->spool = cairn_xstrdup(d->gen->conf.spool);
	c->instance = cairn_xstrdup(d->gen->conf.instance);
	if (c->problems_dir == NULL) {
		free(g->problems_dir);
		g->problems_dir = cairn_xasprintf("%s/problems", c->spool);
	}
}

static void reload(struct cairn_daemon *d)
{
	char err[1024], v[1024];
	int code;
	struct cairn_gen *g = cairn_gen_load(&d->src, &code, err, sizeof(err));

	if (g == NULL) {
		cairn_log(CAIRN_LOG_ERROR, "reload failed", "error=%s action=kept",
			  val(v, sizeof(v), err));
		return;
	}
	keep_running_spool(d, g);
	if (g->conf.workers > d->pool_size)
		cairn_log(CAIRN_LOG_WARNING, "reload",
			  "error=\"more workers need a restart\" workers=%u running_max=%u",
			  g->conf.workers, d->pool_size);
	cairn_gen_unref(d->gen);
	d->gen = g;
	cairn_log_set_level(g->conf.log_level);
	d->pending.settle_ms = g->conf.settle_ms;
	if (!d->once)
		cairn_watch_set_rescan(&d->watch, g->conf.rescan_s);
	start_metrics(d);
	cairn_log(CAIRN_LOG_INFO, "reloaded", "plugins=%s workers=%u solver=%s",
		  g->plugin_names, max_running(d), val(v, sizeof(v), g->conf.solver));
	dispatch(d);
}

/* --- signals and shutdown --- */

static void cancel_all(struct cairn_daemon *d)
{
	for (struct djob *dj = d->jobs; dj != NULL; dj = dj->next)
		atomic_store(&dj->job.cancel, CAIRN_CANCEL_SHUTDOWN);
	if (d->running > 0)
		cairn_log(CAIRN_LOG_WARNING, "cancelling", "running=%u", d->running);
}

static void shutdown_cb(uv_timer_t *t)
{
	cancel_all(t->data);
}

static void signal_cb(uv_signal_t *s, int signum)
{
	struct cairn_daemon *d = s->data;

	if (signum == SIGHUP) {
		if (!d->stopping)
			reload(d);
		return;
	}
	cairn_log(CAIRN_LOG_INFO, "signal", "signal=%s", signum == SIGTERM ? "TERM" : "INT");
	if (d->stopping)
		cancel_all(d);		/* a second signal: do not wait */
	else
		begin_stop(d, 0);
}

static void watch_closed(struct cairn_watch *w)
{
	(void)w;
}

static void begin_stop(struct cairn_daemon *d, int code)
{
	unsigned timeout = d->gen->conf.shutdown_timeout_s;

	if (d->stopping)
		return;
	d->stopping = 1;
	d->exit_code = code;
	cairn_notify_send(&d->notify, "STOPPING=1");
	cairn_log(CAIRN_LOG_INFO, "stopping", "running=%u queued=%u",
		  d->running, queued(d));
	if (d->watch_open) {
		d->watch_open = 0;
		cairn_watch_close(&d->watch, watch_closed);
	}
	uv_timer_stop(&d->backoff);
	if (d->running == 0)
		finish(d);
	else if (timeout == 0)
		cancel_all(d);
	else
		uv_timer_start(&d->shutdown, shutdown_cb, (uint64_t)timeout * 1000, 0);
}

/* finish - no job runs any more: close every handle so the loop ends. */
static void finish(struct cairn_daemon *d)
{
	if (d->finished)
		return;
	d->finished = 1;
	write_metrics(d);
	if (d->once && d->exit_code == 0 && d->failed > 0)
		d->exit_code = CAIRN_EX_DATAERR;
	cairn_log(CAIRN_LOG_INFO, "stopped",
		  "processed=%" PRIu64 " failed=%" PRIu64 " retries=%" PRIu64
		  " returned=%" PRIu64 " queued=%u exit=%d",
		  d->processed, d->failed, d->retries, d->returned,
		  queued(d), d->exit_code);
	uv_handle_t *hs[] = {
		(uv_handle_t *)&d->sigterm, (uv_handle_t *)&d->sigint,
		(uv_handle_t *)&d->sighup, (uv_handle_t *)&d->backoff,
		(uv_handle_t *)&d->shutdown, (uv_handle_t *)&d->status,
		(uv_handle_t *)&d->watchdog, (uv_handle_t *)&d->metrics,
	};
	for (size_t i = 0; i < sizeof(hs) / sizeof(hs[0]); i++)
		close_handle(hs[i]);
}

/* --- start --- */

static void recovered_job(void *arg, struct cairn_job *j)
{
	struct cairn_daemon *d = arg;

	account(d, j, 0);
}

static void recovered_kept(void *arg, const char *name)
{
	keep_stuck(arg, name);
}

static void recover(struct cairn_daemon *d)
{
	struct cairn_job tmpl;
	struct cairn_recover_ops ops = { recovered_job, recovered_kept, d };
	char v[256];
	int r;

	memset(&tmpl, 0, sizeof(tmpl));
	cairn_gen_settings(d->gen, &tmpl.settings);
	tmpl.fsync = d->gen->conf.fsync;
	tmpl.keep_inputs = d->gen->conf.keep_inputs;
	r = cairn_publish_remove_stale(d->sp.results_fd, d->sp.instance);
	if (r > 0)
		cairn_log(CAIRN_LOG_INFO, "removed stale temporary files", "count=%d", r);
	r = cairn_recover(&d->ctx, &tmpl, &ops);
	if (r > 0)
		cairn_log(CAIRN_LOG_WARNING, "recovered", "returned=%d dir=%s", r,
			  val(v, sizeof(v), "processing"));
	else if (r < 0)
		cairn_log(CAIRN_LOG_ERROR, "recovery failed", "error=%s", strerror(-r));
}

static void start_signal(struct cairn_daemon *d, uv_signal_t *s, int signum)
{
	uv_signal_init(&d->loop, s);
	s->data = d;
	d->nhandles++;
	uv_signal_start(s, signal_cb, signum);
}

/* start_pool_size - size libuv's pool before its first use. */
static unsigned start_pool_size(unsigned workers)
{
	unsigned n = workers == 0 ? 1 : workers > POOL_MAX ? POOL_MAX : workers;
	char buf[16];

	snprintf(buf, sizeof(buf), "%u", n);
	setenv("UV_THREADPOOL_SIZE", buf, 1);
	return n;
}

static int start(struct cairn_daemon *d)
{
	const struct cairn_conf *c = &d->gen->conf;
	char err[1024], v1[512], v2[512];
	uint64_t usec;
	int r;

	r = cairn_attempts_load(&d->attempts, d->sp.processing_fd, c->fsync);
	if (r < 0)
		cairn_log(CAIRN_LOG_WARNING, "attempts journal unreadable", "error=%s",
			  strerror(-r));
	cairn_dirsync_init(&d->dirsync);
	d->ctx.sp = &d->sp;
	d->ctx.attempts = &d->attempts;
	d->ctx.dirsync = &d->dirsync;
	cairn_pending_init(&d->pending, PENDING_LIMIT, c->settle_ms);
	d->pool_size = start_pool_size(c->workers);
	if (cairn_notify_open(&d->notify, err, sizeof(err)) < 0)
		cairn_log(CAIRN_LOG_WARNING, "notify disabled", "error=%s",
			  val(v1, sizeof(v1), err));
	start_signal(d, &d->sigterm, SIGTERM);
	start_signal(d, &d->sigint, SIGINT);
	start_signal(d, &d->sighup, SIGHUP);
	init_timer(d, &d->backoff);
	init_timer(d, &d->shutdown);
	init_timer(d, &d->status);
	init_timer(d, &d->watchdog);
	init_timer(d, &d->metrics);
	recover(d);
	if (d->stopping)
		return 0;
	r = cairn_watch_start(&d->watch, &d->loop, &d->sp, &d->pending, !d->once,
			      d->once ? 0 : c->rescan_s, watch_ready, err, sizeof(err));
	if (r < 0) {
		cairn_log(CAIRN_LOG_ERROR, "cannot watch incoming", "error=%s",
			  val(v1, sizeof(v1), err));
		begin_stop(d, CAIRN_EX_SOFTWARE);
		return 0;
	}
	d->watch_open = 1;
	if (cairn_notify_enabled(&d->notify) && cairn_notify_watchdog_usec(&usec) == 1) {
		uint64_t ms = usec / 2000 ? usec / 2000 : 1;

		uv_timer_start(&d->watchdog, watchdog_cb, ms, ms);
	}
	start_metrics(d);
	cairn_log(CAIRN_LOG_INFO, "started",
		  "instance=%s spool=%s workers=%u plugins=%s once=%s",
		  val(v1, sizeof(v1), d->sp.instance), val(v2, sizeof(v2), d->sp.root),
		  max_running(d), d->gen->plugin_names, d->once ? "yes" : "no");
	cairn_notify_send(&d->notify, "READY=1");
	dispatch(d);
	return 0;
}

int cairn_daemon_run(const struct cairn_gen_source *src, struct cairn_gen *g,
		     int once)
{
	struct cairn_daemon *d = cairn_xcalloc(1, sizeof(*d));
	char err[1024], v[1024];
	int r, code;

	d->src = *src;
	d->once = once;
	d->gen = g;
	d->notify.fd = -1;
	r = cairn_spool_open(&d->sp, g->conf.spool, g->conf.instance, err, sizeof(err));
	if (r < 0) {
		cairn_log(CAIRN_LOG_ERROR, "cannot open spool", "error=%s",
			  val(v, sizeof(v), err));
		cairn_gen_unref(g);
		free(d);
		return r == -EINVAL ? CAIRN_EX_CONFIG : CAIRN_EX_CANTCREAT;
	}
	uv_loop_init(&d->loop);
	start(d);
	uv_run(&d->loop, UV_RUN_DEFAULT);
	r = uv_loop_close(&d->loop);
	assert(r == 0 && d->nhandles == 0);
	if (r != 0)
		cairn_log(CAIRN_LOG_ERROR, "event loop not closed", "error=%s", uv_strerror(r));
	code = d->exit_code;
	cairn_notify_close(&d->notify);
	for (size_t i = 0; i < d->nstuck; i++)
		free(d->stuck[i]);
	free(d->stuck);
	cairn_pending_free(&d->pending);
	cairn_attempts_free(&d->attempts);
	cairn_dirsync_destroy(&d->dirsync);
	cairn_spool_close(&d->sp);
	cairn_gen_unref(d->gen);
	free(d);
	return code;
}
