/*
 * cairn_release_run - the spool's walks run from the loop: the feedback
 * release walk (cairn_release.h) at start, every rescan_s (60 s with
 * the rescan off) and at the next release time a walk found ahead, and
 * in those of them a period apart retention (cairn_retain.h); on the
 * thread pool and one at a time; what a walk did is logged on the loop
 * thread.  A --once run ends only after its walk, and after one more
 * that retains, when `retain` has a limit.  Its state is d->release
 * (cairn_release_run_state.h).
 */
#ifndef CAIRN_RELEASE_RUN_H
#define CAIRN_RELEASE_RUN_H

struct cairn_daemon;

/* Make the timer (at start, before any walk). */
void cairn_release_run_init(struct cairn_daemon *d);
/* Close the timer (shutdown). */
void cairn_release_run_close(struct cairn_daemon *d);
/* Start a walk now, unless one runs or the daemon stops. */
void cairn_release_run_kick(struct cairn_daemon *d);
/*
 * --once has nothing else left: 1 while a walk runs, or when its last
 * walk (the one that retains) has just been started; 0 when it may end.
 */
int cairn_release_run_once_end(struct cairn_daemon *d);

#endif
