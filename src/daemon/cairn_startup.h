/*
 * cairn_startup - the recovery of processing/<instance>/ at start, tried
 * until it succeeds.
 *
 * Recovery (cairn_recover.h) must end before anything new is claimed
 * (doc/spool.md): when it fails (an I/O error, no memory, no descriptor),
 * it is tried again, with a backoff of 1 s doubling to 60 s, and only then
 * does the start go on.  Its state is d->startup (cairn_startup_state.h).
 */
#ifndef CAIRN_STARTUP_H
#define CAIRN_STARTUP_H

struct cairn_daemon;

/*
 * Recover, now or after retries, then call `recovered` (on the loop
 * thread); never, if the daemon stops first.
 */
void cairn_startup_recover(struct cairn_daemon *d, void (*recovered)(struct cairn_daemon *d));

#endif
