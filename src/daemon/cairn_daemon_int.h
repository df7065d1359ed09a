/*
 * cairn_daemon_int - the daemon's state, shared by its files.
 *
 * cairn_daemon.c owns the loop, start-up, signals, reload and shutdown;
 * cairn_dispatch.c (cairn_dispatch.h) starts jobs and follows up their
 * outcomes, and tells the daemon to stop or that it has drained through
 * on_stop/on_drained; cairn_retry.c tries a file's transient trouble
 * again alone; cairn_one_owner.c keeps files of one owner one at a time;
 * cairn_startup.c recovers processing/ at start, trying until it succeeds;
 * cairn_release_run.c runs the release walks; cairn_status.c
 * (cairn_status.h) reports: log lines, STATUS=, WATCHDOG=1 and metrics.
 * The struct holds what they share, then one part for each of the others,
 * declared in its *_state.h next to it and changed by that file only
 * (others may read a count).  No functions here: each file's are declared
 * in the header of its own name.  Everything here is used on the loop
 * thread only, but for the atomics that the parts say.
 */
#ifndef CAIRN_DAEMON_INT_H
#define CAIRN_DAEMON_INT_H

#include <stddef.h>
#include <stdint.h>
#include <uv.h>

#include "cairn_attempts.h"
#include "cairn_container.h"
#include "cairn_dispatch_state.h"
#include "cairn_generation.h"
#include "cairn_jobs.h"
#include "cairn_notify.h"
#include "cairn_one_owner_state.h"
#include "cairn_pending.h"
#include "cairn_publish.h"
#include "cairn_release_run_state.h"
#include "cairn_retry_state.h"
#include "cairn_spool.h"
#include "cairn_workpool.h"
#include "cairn_startup_state.h"
#include "cairn_status_state.h"
#include "cairn_watch.h"

struct cairn_daemon {
	/* What every file reads. */
	uv_loop_t loop;
	int once;
	struct cairn_generation *gen;
	struct cairn_spool sp;
	struct cairn_attempts attempts;
	struct cairn_jobctx ctx;
	struct cairn_pending pending;
	struct cairn_watch watch;
	int watch_open;
	struct cairn_notify notify;
	unsigned nhandles;		/* daemon-owned handles not yet closed */
	int stopping, finished, exit_code;
	/*
	 * Set by cairn_daemon.c, which calls down into dispatch: dispatch
	 * reports up through these instead of calling back into its caller.
	 */
	void (*on_stop)(struct cairn_daemon *d, int code);	/* take no more files */
	void (*on_drained)(struct cairn_daemon *d);	/* stopping and no job runs */
	/* --once has nothing left: 1 while its last walks run (cairn_release_run_once_end) */
	int (*once_walks)(struct cairn_daemon *d);
	/* cairn_daemon.c's own. */
	struct cairn_generation_source src;
	struct cairn_publish_state publish;
	unsigned reloads;		/* SIGHUPs taken, numbering the answers */
	uv_signal_t sigterm, sigint, sighup;
	uv_timer_t shutdown;
	uv_timer_t peers;		/* which other instances are alive */
	struct cairn_workpool pool;	/* the worker threads: jobs, walks */
	int pool_open;
	/* The parts of the other files. */
	struct cairn_dispatch_state dispatch;
	struct cairn_retry_list retry;
	struct cairn_one_owner_state owner;
	struct cairn_release_run_state release;
	struct cairn_status_state status;
	struct cairn_startup_state startup;
};

#endif
