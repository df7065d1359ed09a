/*
 * cairn_status_state - cairn_status.c's part of the daemon: the counts of
 * finished files, what only the metrics file shows, and the timers of
 * STATUS=, WATCHDOG=1 and the metrics file.  Embedded in struct
 * cairn_daemon (cairn_daemon_int.h) rather than declared in
 * cairn_status.h, which that header would then include round a loop.
 * The timers are opened and closed by cairn_daemon.c, which also logs
 * the counts when it stops.  Used on the loop thread only.
 */
#ifndef CAIRN_STATUS_STATE_H
#define CAIRN_STATUS_STATE_H

#include <stdint.h>
#include <uv.h>

#include "cairn_metrics.h"

struct cairn_status_state {
	uint64_t processed, failed, retries, returned;
	struct cairn_metrics metrics;	/* what only the metrics file shows */
	uint64_t last_status;		/* uv_now() of the last STATUS=, 0: none */
	uv_timer_t timer;		/* the next STATUS= */
	uv_timer_t watchdog;		/* WATCHDOG=1 */
	uv_timer_t metrics_timer;	/* the next metrics file */
	unsigned long metrics_failed;	/* writes failed in a row: only the first is told */
};

#endif
