/*
 * cairn_umask - the process's umask, read once from /proc/self/status
 * (its "Umask:" line), which reads it without setting it: umask(2) is
 * the only other way to learn it, and sets it meanwhile for every
 * thread that creates a file.  The daemon never changes its umask after
 * start, so one read serves for its life.
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>

#include "cairn_umask.h"

static int known;
static mode_t value;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void read_status(void)
{
	char line[128];
	unsigned mask;
	FILE *f = fopen("/proc/self/status", "re");

	while (f != NULL && fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "Umask: %o", &mask) == 1) {
			value = (mode_t)mask;
			known = 1;
			break;
		}
	if (f != NULL)
		fclose(f);
}

int cairn_umask_read(mode_t *mask)
{
	pthread_once(&once, read_status);
	if (!known)
		return -1;
	*mask = value;
	return 0;
}
