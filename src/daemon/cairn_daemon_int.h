/*
 * cairn_daemon_int - the daemon's state, shared by its three files.
 *
 * cairn_daemon.c owns the loop, start-up, signals, reload and shutdown;
 * cairn_dispatch.c starts jobs and follows up their outcomes, and tells
 * the daemon to stop or that it has drained through on_stop/on_drained;
 * cairn_status.c reports: log lines, STATUS=, WATCHDOG=1 and metrics.
 * Everything here is used on the loop thread only.
 */
#ifndef CAIRN_DAEMON_INT_H
#define CAIRN_DAEMON_INT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <uv.h>

#include "cairn_attempts.h"
#include "cairn_gen.h"
#include "cairn_jobs.h"
#include "cairn_metrics.h"
#include "cairn_notify.h"
#include "cairn_pending.h"
#include "cairn_publish.h"
#include "cairn_spool.h"
#include "cairn_watch.h"

#define cairn_container_of(p, type, member) \
	((type *)(void *)((char *)(p) - offsetof(type, member)))

struct djob {
	struct cairn_job job;
	char *reason;			/* owned fail_reason of a final try, or NULL */
	uv_work_t work;
	uv_timer_t timer;		/* job_timeout_s */
	struct cairn_daemon *d;
	struct cairn_gen *gen;		/* the generation it runs with */
	struct cairn_cand *cand;	/* NULL for a file already claimed */
	int held;			/* started with its file in processing/ */
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

struct cairn_daemon {
	uv_loop_t loop;
	struct cairn_gen_source src;
	int once;
	struct cairn_gen *gen;
	struct cairn_spool sp;
	struct cairn_attempts attempts;
	struct cairn_publish_state publish;
	struct cairn_jobctx ctx;
	struct cairn_pending pending;
	struct cairn_watch watch;
	int watch_open;
	struct cairn_notify notify;
	uv_signal_t sigterm, sigint, sighup;
	uv_timer_t backoff, shutdown, status, watchdog, metrics;
	uv_timer_t peers;		/* which other instances are alive */
	uint64_t peers_ms;		/* uv_now() when they were last looked at */
	unsigned nhandles;		/* daemon-owned handles not yet closed */
	struct djob *jobs;		/* running */
	unsigned running, pool_size;	/* pool_size: most solving at once */
	unsigned storing_max;		/* more jobs that only write results */
	atomic_uint computing;		/* running jobs not yet rendered */
	uv_async_t rendered;		/* a worker rendered: dispatch more */
	char **stuck;			/* claimed files waiting for a retry */
	size_t nstuck, capstuck;
	int claims_unsure;		/* processing/ may hold a file not known here */
	struct cairn_retry *retry;	/* files tried again alone */
	size_t nretry, capretry;
	uv_timer_t retry_timer;
	uint64_t backoff_ms;		/* 0: no storage trouble */
	int paused;			/* backing off: take nothing */
	int stopping, finished, exit_code;
	uint64_t processed, failed, retries, returned;
	struct cairn_metrics metrics_data;	/* what only the metrics file shows */
	uint64_t last_status;		/* uv_now() of the last STATUS=, 0: none */
	/*
	 * Set by cairn_daemon.c, which calls down into dispatch: dispatch
	 * reports up through these instead of calling back into its caller.
	 */
	void (*on_stop)(struct cairn_daemon *d, int code);	/* take no more files */
	void (*on_drained)(struct cairn_daemon *d);	/* stopping and no job runs */
};


/* cairn_dispatch.c */
void cairn_dispatch(struct cairn_daemon *d);
void cairn_dispatch_ready(struct cairn_watch *w);
void cairn_dispatch_account(struct cairn_daemon *d, struct cairn_job *j, int renote);
void cairn_dispatch_keep(struct cairn_daemon *d, const char *name);
void cairn_dispatch_unqueue(struct cairn_daemon *d);
void cairn_dispatch_cancel_all(struct cairn_daemon *d);
void cairn_dispatch_free(struct cairn_daemon *d);
unsigned cairn_dispatch_max(const struct cairn_daemon *d);
void cairn_dispatch_peers(struct cairn_daemon *d);

/* cairn_status.c */
unsigned cairn_status_queued(const struct cairn_daemon *d);
void cairn_status_changed(struct cairn_daemon *d);
void cairn_status_start_watchdog(struct cairn_daemon *d, uint64_t usec);
void cairn_status_start_metrics(struct cairn_daemon *d);
void cairn_status_write_metrics(struct cairn_daemon *d);
void cairn_status_report(struct cairn_daemon *d, const struct cairn_job *j);

#endif
