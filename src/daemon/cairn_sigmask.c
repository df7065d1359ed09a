/*
 * cairn_sigmask - hold and release the signals cairnd acts on.
 *
 * pthread_sigmask() cannot fail with a valid `how` and set, so neither
 * function reports anything.
 */
#include "config.h"

#include <pthread.h>
#include <signal.h>

#include "cairn_sigmask.h"

static void mask(int how, sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(how, &set, old);
}

void cairn_sigmask_hold(void)
{
	mask(SIG_BLOCK, NULL);
}

void cairn_sigmask_release(void)
{
	mask(SIG_UNBLOCK, NULL);
}

void cairn_sigmask_hold_saving(sigset_t *old)
{
	mask(SIG_BLOCK, old);
}

void cairn_sigmask_restore(const sigset_t *old)
{
	pthread_sigmask(SIG_SETMASK, old, NULL);
}
