/*
 * cairn_retry_state - cairn_retry.c's part of the daemon: the files with
 * a transient failure of their own, each tried again alone with its own
 * backoff.  Embedded in struct cairn_daemon (cairn_daemon_int.h) rather
 * than declared in cairn_retry.h, which that header would then include
 * round a loop.  Used on the loop thread only.
 */
#ifndef CAIRN_RETRY_STATE_H
#define CAIRN_RETRY_STATE_H

#include <stddef.h>
#include <stdint.h>
#include <uv.h>

/*
 * A file tried again alone (doc/spool.md): claimed ones wait in
 * processing/, unclaimed ones (their name is held in processing/) in
 * incoming/.
 */
struct cairn_retry_entry {
	char *name;
	char *why;			/* the last failure */
	uint64_t due;			/* uv_now() of the next try */
	unsigned tries;
	int claimed;
	int running;			/* a job for it runs now */
};

struct cairn_daemon;

struct cairn_retry_list {
	struct cairn_retry_entry *v;
	size_t n, cap;
	uv_timer_t timer;		/* the next one due (opened by cairn_daemon.c) */
	/* Files are due: dispatch (cairn_dispatch(), set by cairn_daemon.c). */
	void (*due)(struct cairn_daemon *d);
};

#endif
