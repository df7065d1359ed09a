/*
 * cairn_sigmask - SIGTERM, SIGINT and SIGHUP held while no handler takes them.
 *
 * By default these signals kill the process, so between the first
 * instruction of main() and the moment the loop's signal handles exist,
 * and again once they are closed, cairnd holds (blocks) them: one that
 * arrives then waits, and is acted on when the handles take it, or goes
 * with the process at its exit.  A thread inherits the mask of the thread
 * that makes it: the worker threads (cairn_workpool.h) are made with the
 * signals held, so that only the loop thread ever takes one.
 */
#ifndef CAIRN_SIGMASK_H
#define CAIRN_SIGMASK_H

#include <signal.h>

/* Hold the three signals in the calling thread. */
void cairn_sigmask_hold(void);

/* Let the calling thread take them again (pending ones arrive now). */
void cairn_sigmask_release(void);

/* Hold them, the mask before into *old; then put *old back. */
void cairn_sigmask_hold_saving(sigset_t *old);
void cairn_sigmask_restore(const sigset_t *old);

#endif
