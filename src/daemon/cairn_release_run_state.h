/*
 * cairn_release_run_state - cairn_release_run.c's part of the daemon: the
 * release walk that runs, one at a time, the retention riding on it, and
 * the timer of the next.  Embedded in struct cairn_daemon
 * (cairn_daemon_int.h) rather than declared in cairn_release_run.h, which
 * that header would then include round a loop.  Used on the loop thread,
 * but for what a running walk's worker fills in (release, retain).
 */
#ifndef CAIRN_RELEASE_RUN_STATE_H
#define CAIRN_RELEASE_RUN_STATE_H

#include <stdint.h>
#include <uv.h>

#include "cairn_release.h"
#include "cairn_retain.h"
#include "cairn_workpool.h"

struct cairn_generation;

struct cairn_release_run_state {
	struct cairn_release walk;
	struct cairn_work work;
	struct cairn_generation *gen;		/* the generation the walk runs with */
	int running;			/* a walk runs */
	uv_timer_t timer;		/* the next walk */
	/* Retention (cairn_retain.h), in the same walk when it is due. */
	struct cairn_retain retain;
	int retaining;			/* the running walk retains too */
	uint64_t retain_due;		/* uv_now() from which a walk retains again */
	int retain_end;			/* --once: its last walk is to retain */
	int retained_end;		/* --once: that walk has run */
	int retain_err;			/* the error the last walk logged, or 0 */
};

#endif
