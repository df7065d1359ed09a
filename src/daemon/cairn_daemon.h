/*
 * cairn_daemon - cairnd's event loop: the spool daemon of cairnd(8).
 *
 * One libuv loop owns every handle: the watcher of incoming/, the signal
 * handlers, the timers (backoff, shutdown, status, watchdog, metrics) and
 * one timeout timer per job.  Jobs run on the worker threads of
 * cairn_workpool.h, one per solve slot (`workers` at start) and, with
 * fsync, STORING_MAX more; the loop never solves, reads an input or
 * waits for fsync itself.
 */
#ifndef CAIRN_DAEMON_H
#define CAIRN_DAEMON_H

#include "cairn_generation.h"

/*
 * Serve the spool of g (taking over the reference) until SIGTERM/SIGINT,
 * or, with `once`, until incoming/ is empty.  Returns the exit code.
 */
int cairn_daemon_run(const struct cairn_generation_source *src, struct cairn_generation *g,
		     int once);

#endif
