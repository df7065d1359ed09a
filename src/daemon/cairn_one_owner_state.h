/*
 * cairn_one_owner_state - cairn_one_owner.c's part of the daemon: whether
 * files of one owner run one at a time.
 * Embedded in struct cairn_daemon (cairn_daemon_int.h) rather than
 * declared in cairn_one_owner.h, which that header would then include
 * round a loop.  Used on the loop thread, but for limits_seen, which
 * jobs count on their workers (cairn_jobctx).
 */
#ifndef CAIRN_ONE_OWNER_STATE_H
#define CAIRN_ONE_OWNER_STATE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct cairn_one_owner_state {
	int limits;			/* some set has max_submissions (1 until known) */
	atomic_uint limits_seen;	/* counts made by jobs (cairn_jobctx) */
	unsigned limits_mark;		/* limits_seen when the last walk ended */
	unsigned limits_begin;		/* limits_seen when the running walk began */
};

#endif
