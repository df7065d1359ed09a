/*
 * cairn_daemon - start-up, signals, reload and shutdown of cairnd's loop.
 *
 * The loop thread decides and the worker threads do: the loop keeps the
 * pending set and starts jobs (cairn_dispatch.c), reports (cairn_status.c)
 * and handles signals; the workers claim, read, solve, publish and move
 * files (cairn_jobs.c).  Start-up makes libuv's own parts first
 * (cairn_uvinit.c), removes stale temporary files and recovers what a
 * crash left in processing/ before anything is claimed, trying again
 * until that succeeds (cairn_startup.c), then watches incoming/ and tells
 * systemd READY=1.  Shutdown stops taking
 * files, waits shutdown_timeout_s for running jobs, cancels the rest
 * (their files go back to incoming/), then closes every handle and runs
 * the loop dry, so that uv_loop_close() succeeds.  SIGHUP swaps in a new generation of
 * configuration and plugins; jobs keep the generation they started with.
 * Each SIGHUP is answered, to systemd (RELOADING=1, then READY=1) and to
 * `cairnd --reload` (cairn_reload.h), also when it was refused.
 */
#include "config.h"

#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uv.h>

#include "cairn_acl.h"
#include "cairn_owner.h"
#include "cairn_daemon.h"
#include "cairn_daemon_int.h"
#include "cairn_dispatch.h"
#include "cairn_lease.h"
#include "cairn_lock.h"
#include "cairn_log.h"
#include "cairn_mem.h"
#include "cairn_one_owner.h"
#include "cairn_reload.h"
#include "cairn_release_run.h"
#include "cairn_sigmask.h"
#include "cairn_startup.h"
#include "cairn_status.h"
#include "cairn_uvinit.h"

/* Waiting files kept in memory; more are found again by a later scan. */
#define PENDING_LIMIT 4096
/* The most worker threads (cairn_workpool.h). */
#define POOL_MAX 1024
/*
 * With fsync, jobs that have rendered their result and only wait for the
 * disk (the flushes of a durable publish) do not count against `workers`:
 * up to this many more run, on threads of their own, so that their file
 * and directory flushes share journal commits and grouped directory
 * fsyncs instead of queueing one by one.
 */
#define STORING_MAX 16
/*
 * How often the other instances' locks are looked at while files wait or
 * run; an idle daemon looks once a rescan period, since they only decide
 * who takes which file: on a shared file system each look is a round trip
 * per instance, from every instance.
 */
#define PEERS_MS 250

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

/* close_handle - h, if it was initialized (a failed start leaves some not). */
static void close_handle(uv_handle_t *h)
{
	if (h->loop != NULL && !uv_is_closing(h))
		uv_close(h, handle_closed);
}

/* --- reload --- */

static void keep_running_spool(struct cairn_daemon *d, struct cairn_generation *g)
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
		g->problems_dir = cairn_xasprintf("%s/" CAIRN_DIR_PROBLEMS, c->spool);
	}
}

/*
 * answer - tell systemd and a waiting `cairnd --reload` how reload n,
 * begun at usec, ended.  READY=1 ends the reload for systemd whether or
 * not the configuration was taken: the daemon serves on either way.
 */
static void answer(struct cairn_daemon *d, uint64_t usec, enum cairn_reload_result r,
		   const char *error)
{
	char text[512], err[1024], v[1024];

	if (r == CAIRN_RELOAD_OK)
		cairn_notify_send(&d->notify, "READY=1\nSTATUS=reloaded");
	else if (r == CAIRN_RELOAD_REFUSED)
		cairn_notify_sendf(&d->notify, "READY=1\nSTATUS=reload refused, running "
				   "configuration kept: %s", cairn_notify_text(text, sizeof(text), error));
	if (cairn_reload_answer(d->reloads, usec, r, error, err, sizeof(err)) < 0)
		cairn_log(CAIRN_LOG_WARNING, "reload not answered", "error=%s",
			  cairn_log_value(v, sizeof(v), err));
}

static void reload(struct cairn_daemon *d)
{
	char err[1024], v[1024];
	int code;
	uint64_t usec = cairn_notify_monotonic_usec();
	struct cairn_generation *g;

	d->reloads++;
	if (d->stopping) {
		answer(d, usec, CAIRN_RELOAD_STOPPING, NULL);
		return;
	}
	cairn_notify_sendf(&d->notify, "RELOADING=1\nMONOTONIC_USEC=%" PRIu64, usec);
	g = cairn_generation_load(&d->src, &code, err, sizeof(err));
	if (g == NULL) {
		cairn_log(CAIRN_LOG_ERROR, "reload failed", "error=%s action=kept",
			  cairn_log_value(v, sizeof(v), err));
		answer(d, usec, CAIRN_RELOAD_REFUSED, err);
		return;
	}
	keep_running_spool(d, g);
	if (g->conf.workers > d->dispatch.pool_size)
		cairn_log(CAIRN_LOG_WARNING, "reload",
			  "error=\"more workers need a restart\" workers=%u running_max=%u",
			  g->conf.workers, d->dispatch.pool_size);
	cairn_generation_unref(d->gen);
	d->gen = g;
	cairn_log_set_level(g->conf.log_level);
	cairn_generation_check_memory(&g->conf);
	d->pending.settle_ms = g->conf.settle_ms;
	cairn_owner_forget();	/* renamed accounts are looked up again */
	cairn_pending_set_per_owner(&d->pending, g->conf.max_queued_per_owner);
	cairn_pending_set_max_bytes(&d->pending, g->conf.max_incoming_bytes_per_owner);
	if (!d->once)
		cairn_watch_set_rescan(&d->watch, g->conf.rescan_s);
	cairn_status_start_metrics(d);
	cairn_release_run_kick(d);		/* problems_dir may have changed */
	cairn_log(CAIRN_LOG_INFO, "reloaded", "plugins=%s workers=%u solver=%s",
		  cairn_log_value(err, sizeof(err), g->plugin_names), cairn_dispatch_max(d),
		  cairn_log_value(v, sizeof(v), g->conf.solver));
	answer(d, usec, CAIRN_RELOAD_OK, NULL);
	cairn_dispatch(d);
}

/* --- signals and shutdown --- */

static void daemon_stop(struct cairn_daemon *d, int code);
static void daemon_finish(struct cairn_daemon *d);

static void shutdown_cb(uv_timer_t *t)
{
	cairn_dispatch_cancel_all(t->data);
}

static void signal_cb(uv_signal_t *s, int signum)
{
	struct cairn_daemon *d = s->data;

	if (signum == SIGHUP) {
		reload(d);
		return;
	}
	cairn_log(CAIRN_LOG_INFO, "signal", "signal=%s", signum == SIGTERM ? "TERM" : "INT");
	if (d->stopping)
		cairn_dispatch_cancel_all(d);		/* a second signal: do not wait */
	else
		daemon_stop(d, 0);
}

/* daemon_stop - stop taking files; finish once no job runs. */
static void daemon_stop(struct cairn_daemon *d, int code)
{
	unsigned timeout = d->gen->conf.shutdown_timeout_s;

	if (d->stopping)
		return;
	d->stopping = 1;
	d->exit_code = code;
	cairn_notify_send(&d->notify, "STOPPING=1");
	cairn_log(CAIRN_LOG_INFO, "stopping", "running=%u queued=%u",
		  d->dispatch.running, cairn_status_queued(d));
	if (d->watch_open) {
		d->watch_open = 0;
		cairn_watch_close(&d->watch, NULL);
	}
	uv_timer_stop(&d->dispatch.backoff);
	uv_timer_stop(&d->retry.timer);
	uv_timer_stop(&d->release.timer);
	uv_timer_stop(&d->startup.timer);
	cairn_dispatch_unqueue(d);
	if (d->dispatch.running == 0)
		daemon_finish(d);
	else if (timeout == 0)
		cairn_dispatch_cancel_all(d);
	else
		uv_timer_start(&d->shutdown, shutdown_cb, (uint64_t)timeout * 1000, 0);
}

/* daemon_finish - no job runs any more: close every handle. */
static void daemon_finish(struct cairn_daemon *d)
{
	if (d->finished)
		return;
	d->finished = 1;
	/* Closing the handles gives the signals their default action back. */
	cairn_sigmask_hold();
	/*
	 * A stop that came while jobs ran skipped the idle compaction: the
	 * records of the files that left go now, so that the next start reads
	 * only the files still claimed.
	 */
	if (d->dispatch.running == 0)
		cairn_attempts_prune(&d->attempts);
	cairn_status_write_metrics(d);
	if (d->once && d->exit_code == 0 && d->status.failed > 0)
		d->exit_code = CAIRN_EX_DATAERR;
	cairn_log(CAIRN_LOG_INFO, "stopped",
		  "processed=%" PRIu64 " failed=%" PRIu64 " retries=%" PRIu64
		  " returned=%" PRIu64 " queued=%u dir_fsyncs=%lu exit=%d",
		  d->status.processed, d->status.failed, d->status.retries, d->status.returned,
		  cairn_status_queued(d), d->publish.sync.nsyncs, d->exit_code);
	uv_handle_t *hs[] = {
		(uv_handle_t *)&d->sigterm, (uv_handle_t *)&d->sigint,
		(uv_handle_t *)&d->sighup, (uv_handle_t *)&d->dispatch.backoff,
		(uv_handle_t *)&d->shutdown, (uv_handle_t *)&d->status.timer,
		(uv_handle_t *)&d->status.watchdog, (uv_handle_t *)&d->status.metrics_timer,
		(uv_handle_t *)&d->retry.timer,
		(uv_handle_t *)&d->peers, (uv_handle_t *)&d->startup.timer,
	};
	for (size_t i = 0; i < sizeof(hs) / sizeof(hs[0]); i++)
		close_handle(hs[i]);
	cairn_release_run_close(d);
	/* After a walk still under way, if one is: its end runs first. */
	if (d->pool_open)
		cairn_workpool_close(&d->pool);
	d->pool_open = 0;
}

/* --- start --- */

static void peers_cb(uv_timer_t *t)
{
	struct cairn_daemon *d = t->data;

	if (d->pending.n == 0 && d->dispatch.running == 0 &&
	    uv_now(&d->loop) - d->dispatch.peers_ms < (uint64_t)d->gen->conf.rescan_s * 1000)
		return;
	cairn_dispatch_peers(d);
	cairn_dispatch(d);
}

static int start_signal(struct cairn_daemon *d, uv_signal_t *s, int signum)
{
	int r = uv_signal_init(&d->loop, s);

	if (r < 0)
		return cairn_uvinit_failed("uv_signal_init", r);
	s->data = d;
	d->nhandles++;
	if ((r = uv_signal_start(s, signal_cb, signum)) < 0)
		return cairn_uvinit_failed("uv_signal_start", r);
	return 0;
}

/*
 * start_pool_size - the threads of the pool: a thread per solve slot,
 * and the storing threads when fsync is on.
 */
static unsigned start_pool_size(struct cairn_daemon *d, unsigned workers, int fsync)
{
	unsigned n = workers == 0 ? 1 : workers > POOL_MAX - STORING_MAX ?
		     POOL_MAX - STORING_MAX : workers;

	d->dispatch.storing_max = fsync ? STORING_MAX : 0;
	return n;
}

static void pool_woken(void *arg)
{
	cairn_dispatch(arg);
}

/*
 * job_rendered - on a worker: a solve slot is free for the next file.
 * The wake also carries the ends of jobs that only stored meanwhile,
 * which did not wake the loop themselves (cairn_workpool.h).
 */
static void job_rendered(void *arg, const struct cairn_job *j)
{
	struct cairn_daemon *d = arg;

	atomic_fetch_sub(&d->dispatch.computing, 1);
	atomic_fetch_sub(&d->dispatch.reserved, j->reserved);
	cairn_workpool_wake(&d->pool);
}

/* start_handles - what can fail to be made: signals, the worker threads. */
static int start_handles(struct cairn_daemon *d)
{
	int r;

	if ((r = start_signal(d, &d->sigterm, SIGTERM)) < 0 ||
	    (r = start_signal(d, &d->sigint, SIGINT)) < 0 ||
	    (r = start_signal(d, &d->sighup, SIGHUP)) < 0)
		return r;
	r = cairn_workpool_init(&d->pool, &d->loop,
				d->dispatch.pool_size + d->dispatch.storing_max,
				&d->dispatch.computing, pool_woken, d);
	if (r < 0)
		return cairn_uvinit_failed("worker threads", r);
	d->pool_open = 1;
	return 0;
}

/*
 * start_leases - whether jobs set a lease before each claim, and one
 * warning at start when in-place writers then have less than a lease:
 * files of other accounts without CAP_LEASE, every file where the spool's
 * file system has none (doc/spool.md: the settle rule and the check after
 * reading remain).
 */
static void start_leases(struct cairn_daemon *d)
{
	enum cairn_lease_support s = cairn_lease_probe(d->sp.processing_fd);

	cairn_lease_init();
	d->ctx.leases = s != CAIRN_LEASE_NONE;
	if (s == CAIRN_LEASE_OK)
		return;
	cairn_log(CAIRN_LOG_WARNING, s == CAIRN_LEASE_NONE ? "no leases on this file system" :
		  "no CAP_LEASE", "detail=\"%s written in place is taken once unchanged for "
		  "settle_ms, even while still open for writing, and read again if it changes "
		  "while read\" settle_ms=%u",
		  s == CAIRN_LEASE_NONE ? "a file" : "a file of another account",
		  d->gen->conf.settle_ms);
}

static void serve(struct cairn_daemon *d);

/* start - make the handles, then recover (cairn_startup.c) and serve. */
static void start(struct cairn_daemon *d)
{
	const struct cairn_conf *c = &d->gen->conf;
	char err[1024], v1[512];
	int r;

	r = cairn_attempts_load(&d->attempts, d->sp.processing_fd, c->fsync);
	if (r < 0)
		cairn_log(CAIRN_LOG_WARNING, "attempts journal unreadable", "error=%s",
			  cairn_log_value(v1, sizeof(v1), strerror(-r)));
	r = cairn_spool_probe_ctime(&d->sp);
	if (r < 0)
		cairn_log(CAIRN_LOG_WARNING, "rename probe failed", "error=%s",
			  cairn_log_value(v1, sizeof(v1), strerror(-r)));
	else if (!d->sp.rename_ctime)
		cairn_log(CAIRN_LOG_WARNING, "rename keeps the change time", "detail=\"a file "
			  "renamed into incoming/ arrives no earlier than when this instance "
			  "first sees it\"");
	/* Results go to results/<owner>/: temporary files are made apart. */
	if (cairn_acl_supported(d->sp.results_fd) == 0)
		cairn_log(CAIRN_LOG_WARNING, "no ACLs", "dir=results reason=\"the file system "
			  "keeps no POSIX ACLs: owners outside the daemon's group cannot read "
			  "their results\"");
	cairn_publish_init(&d->publish, d->sp.temp_fd >= 0 ? d->sp.temp_fd : d->sp.results_fd);
	d->ctx.sp = &d->sp;
	d->ctx.attempts = &d->attempts;
	d->ctx.publish = &d->publish;
	d->ctx.limits_seen = &d->owner.limits_seen;
	d->ctx.euid = geteuid();
	d->ctx.egid = getegid();
	start_leases(d);
	cairn_pending_init(&d->pending, PENDING_LIMIT, c->settle_ms);
	cairn_pending_set_per_owner(&d->pending, c->max_queued_per_owner);
	cairn_pending_set_max_bytes(&d->pending, c->max_incoming_bytes_per_owner);
	cairn_one_owner_start(d);
	if (cairn_notify_open(&d->notify, err, sizeof(err)) < 0)
		cairn_log(CAIRN_LOG_WARNING, "notify disabled", "error=%s",
			  cairn_log_value(v1, sizeof(v1), err));
	if (start_handles(d) < 0) {
		d->stopping = 1;
		d->exit_code = CAIRN_EX_TEMPFAIL;
		daemon_finish(d);
		return;
	}
	/* Held since main(): one that came meanwhile is taken now. */
	cairn_sigmask_release();
	init_timer(d, &d->dispatch.backoff);
	init_timer(d, &d->shutdown);
	init_timer(d, &d->status.timer);
	init_timer(d, &d->status.watchdog);
	init_timer(d, &d->status.metrics_timer);
	init_timer(d, &d->retry.timer);
	init_timer(d, &d->peers);
	cairn_release_run_init(d);
	/* A --once run, or no rescan: take every file (nothing would steal). */
	if (!d->once && c->rescan_s > 0) {
		cairn_dispatch_peers(d);
		uv_timer_start(&d->peers, peers_cb, PEERS_MS, PEERS_MS);
	}
	cairn_startup_recover(d, serve);
}

/* serve - recovered: watch, then tell systemd that we serve. */
static void serve(struct cairn_daemon *d)
{
	const struct cairn_conf *c = &d->gen->conf;
	char err[1024], v1[512], v2[512], v3[512];
	uint64_t usec;
	int r;

	cairn_release_run_kick(d);
	/* Recovery ran its jobs here; from now on workers run them. */
	d->ctx.rendered = job_rendered;
	d->ctx.rendered_arg = d;
	r = cairn_watch_start(&d->watch, &d->loop, &d->sp, &d->pending, !d->once,
			      d->once ? 0 : c->rescan_s, cairn_dispatch_ready, err, sizeof(err));
	if (r < 0) {
		cairn_log(CAIRN_LOG_ERROR, "cannot watch incoming", "error=%s",
			  cairn_log_value(v1, sizeof(v1), err));
		daemon_stop(d, CAIRN_EX_SOFTWARE);
		return;
	}
	d->watch_open = 1;
	if (cairn_notify_enabled(&d->notify) && cairn_notify_watchdog_usec(&usec) == 1)
		cairn_status_start_watchdog(d, usec);
	cairn_status_start_metrics(d);
	cairn_log(CAIRN_LOG_INFO, "started",
		  "instance=%s spool=%s workers=%u plugins=%s once=%s",
		  cairn_log_value(v1, sizeof(v1), d->sp.instance), cairn_log_value(v2, sizeof(v2), d->sp.root),
		  cairn_dispatch_max(d), cairn_log_value(v3, sizeof(v3), d->gen->plugin_names),
		  d->once ? "yes" : "no");
	cairn_generation_check_memory(c);
	cairn_notify_send(&d->notify, "READY=1");
	cairn_dispatch(d);
}

int cairn_daemon_run(const struct cairn_generation_source *src, struct cairn_generation *g,
		     int once)
{
	struct cairn_daemon *d = cairn_xcalloc(1, sizeof(*d));
	char err[1024], v[1024];
	int r, code;

	d->src = *src;
	d->once = once;
	d->on_stop = daemon_stop;
	d->on_drained = daemon_finish;
	d->once_walks = cairn_release_run_once_end;
	d->retry.due = cairn_dispatch;
	d->gen = g;
	d->notify.fd = -1;
	/* libuv's own first: what it cannot make aborts, so before the spool. */
	d->dispatch.pool_size = start_pool_size(d, g->conf.workers, g->conf.fsync);
	if ((code = cairn_uvinit_loop(&d->loop)) != 0) {
		cairn_generation_unref(g);
		free(d);
		return code;
	}
	r = cairn_spool_open(&d->sp, g->conf.spool, g->conf.instance, err, sizeof(err));
	if (r < 0) {
		cairn_log(CAIRN_LOG_ERROR, "cannot open spool", "error=%s",
			  cairn_log_value(v, sizeof(v), err));
		uv_loop_close(&d->loop);
		cairn_generation_unref(g);
		free(d);
		return r == -EINVAL ? CAIRN_EX_CONFIG : CAIRN_EX_CANTCREAT;
	}
	if (d->sp.links > 0)
		cairn_log(CAIRN_LOG_WARNING, "symbolic link in the spool", "dir=%s count=%u "
			  "action=removed_and_recreated", cairn_log_value(v, sizeof(v), g->conf.spool),
			  d->sp.links);
	d->sp.lock_fd = cairn_lock_take(d->sp.processing_fd, err, sizeof(err));
	if (d->sp.lock_fd < 0) {
		char inst[512];

		cairn_log(CAIRN_LOG_ERROR, "instance in use", "instance=%s error=%s",
			  cairn_log_value(inst, sizeof(inst), d->sp.instance),
			  cairn_log_value(v, sizeof(v), err));
		cairn_spool_close(&d->sp);
		uv_loop_close(&d->loop);
		cairn_generation_unref(g);
		code = d->sp.lock_fd == -EAGAIN ? CAIRN_EX_TEMPFAIL : CAIRN_EX_CANTCREAT;
		d->sp.lock_fd = -1;
		free(d);
		return code;
	}
	start(d);
	uv_run(&d->loop, UV_RUN_DEFAULT);
	r = uv_loop_close(&d->loop);
	assert(r == 0 && d->nhandles == 0);
	if (r != 0)
		cairn_log(CAIRN_LOG_ERROR, "event loop not closed", "error=%s",
			  cairn_log_value(v, sizeof(v), uv_strerror(r)));
	code = d->exit_code;
	cairn_reload_remove();
	cairn_notify_close(&d->notify);
	cairn_dispatch_free(d);
	cairn_pending_free(&d->pending);
	cairn_attempts_free(&d->attempts);
	cairn_publish_destroy(&d->publish, d->sp.results_fd);
	close(d->sp.lock_fd);
	cairn_spool_close(&d->sp);
	cairn_generation_unref(d->gen);
	free(d);
	return code;
}

