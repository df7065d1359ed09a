/*
 * cairn_release_run - the feedback release walk (cairn_release.h) run
 * from the loop: at start, every rescan_s (60 s with the rescan off)
 * and at the next release time a walk found ahead, on the thread pool
 * and one at a time; what it released is logged on the loop thread.
 * A --once run ends only after its walk.
 */
#ifndef CAIRN_RELEASE_RUN_H
#define CAIRN_RELEASE_RUN_H

struct cairn_daemon;

/* Make the timer (at start, before any walk). */
void cairn_release_init(struct cairn_daemon *d);
/* Close the timer (shutdown). */
void cairn_release_close(struct cairn_daemon *d);
/* Start a walk now, unless one runs or the daemon stops. */
void cairn_release_kick(struct cairn_daemon *d);

#endif
