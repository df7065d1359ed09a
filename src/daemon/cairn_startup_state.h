/*
 * cairn_startup_state - cairn_startup.c's part of the daemon: the retry
 * of the start-up recovery.  Embedded in struct cairn_daemon
 * (cairn_daemon_int.h); its timer is closed by cairn_daemon.c with the
 * others.  Used on the loop thread only.
 */
#ifndef CAIRN_STARTUP_STATE_H
#define CAIRN_STARTUP_STATE_H

#include <stddef.h>
#include <stdint.h>
#include <uv.h>

struct cairn_daemon;

struct cairn_startup_state {
	int recovering;			/* until recovery has succeeded */
	uv_timer_t timer;		/* the next try */
	uint64_t backoff_ms;		/* its delay; 0 before any failure */
	unsigned long tries;		/* failed so far */
	char **kept;			/* held names of this try, handed on at its success */
	size_t nkept, capkept;
	void (*recovered)(struct cairn_daemon *d);	/* what comes after */
};

#endif
