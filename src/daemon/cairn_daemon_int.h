/*
 * cairn_daemon_int - the daemon's state, shared by its three files.
 *
 * cairn_daemon.c owns the loop, start-up, signals, reload and shutdown;
 * cairn_dispatch.c (cairn_dispatch.h) starts jobs and follows up their
 * outcomes, and tells the daemon to stop or that it has drained through
 * on_stop/on_drained; cairn_status.c (cairn_status.h) reports: log lines,
 * STATUS=, WATCHDOG=1 and metrics.  This header holds only the struct
 * they all read and write, no functions: each file's functions are
 * declared in the header of its own name.  Everything here is used on
 * the loop thread only.
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
#include "cairn_release.h"
#include "cairn_retain.h"
#include "cairn_spool.h"
#include "cairn_watch.h"

/* Only cairn_dispatch.c looks inside these. */
struct djob;
struct cairn_retry;
struct cairn_arrived;

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
	unsigned reloads;		/* SIGHUPs taken, numbering the answers */
	uv_signal_t sigterm, sigint, sighup;
	uv_timer_t backoff, shutdown, status, watchdog, metrics;
	uv_timer_t peers;		/* which other instances are alive */
	uint64_t peers_ms;		/* uv_now() when they were last looked at */
	unsigned nhandles;		/* daemon-owned handles not yet closed */
	struct djob *jobs;		/* running */
	unsigned running, pool_size;	/* pool_size: most solving at once */
	unsigned storing_max;		/* more jobs that only write results */
	atomic_uint computing;		/* running jobs not yet rendered */
	_Atomic uint64_t reserved;	/* what they reserved of memory_total */
	uv_async_t rendered;		/* a worker rendered: dispatch more */
	char **stuck;			/* claimed files waiting for a retry */
	size_t nstuck, capstuck;
	int claims_unsure;		/* processing/ may hold a file not known here */
	struct cairn_retry *retry;	/* files tried again alone */
	size_t nretry, capretry;
	uv_timer_t retry_timer;
	/* The feedback release walk (cairn_release_run.h), one at a time. */
	struct cairn_release release;
	uv_work_t release_work;
	struct cairn_gen *release_gen;	/* the generation it runs with */
	int releasing;			/* a walk runs */
	uv_timer_t release_timer;	/* the next walk */
	/* Retention (cairn_retain.h), in the same walk when it is due. */
	struct cairn_retain retain;
	int retaining;			/* the running walk retains too */
	uint64_t retain_due;		/* uv_now() from which a walk retains again */
	int retain_end;			/* --once: its last walk is to retain */
	int retained_end;		/* --once: that walk has run */
	int retain_err;			/* the error the last walk logged, or 0 */
	/* Files of one owner one at a time (cairn_dispatch.c, one_owner()). */
	int limits;			/* some set has max_submissions (1 until known) */
	atomic_uint limits_seen;	/* counts made by jobs (cairn_jobctx) */
	unsigned limits_mark;		/* limits_seen when the last walk ended */
	unsigned limits_begin;		/* limits_seen when the running walk began */
	struct cairn_arrived *arrived;	/* the last arrivals of owners (cairn_dispatch.c) */
	size_t narrived, caparrived;
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
	/* --once has nothing left: 1 while its last walks run (cairn_release_once_end) */
	int (*once_walks)(struct cairn_daemon *d);
};

#endif
