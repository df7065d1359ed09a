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

static void mask(int how)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(how, &set, NULL);
}

void cairn_sigmask_hold(void)
{
	mask(SIG_BLOCK);
}

void cairn_sigmask_release(void)
{
	mask(SIG_UNBLOCK);
}
