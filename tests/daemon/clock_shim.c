/*
 * clock_shim - an LD_PRELOAD module that moves its process's wall clock
 * CAIRN_CLOCK_SHIFT_S seconds ahead (clock_gettime's realtime clocks,
 * gettimeofday, time), so that a test can run a program "an hour later"
 * without waiting an hour.  The monotonic clocks are left alone.
 */
#include "config.h"

#include <dlfcn.h>
#include <stdlib.h>
/*
 * struct timeval from <sys/select.h>, not <sys/time.h>: the latter
 * declares gettimeofday's tv nonnull, which would make the test of tv
 * below dead code (and a -Wnonnull-compare warning), whereas the kernel
 * and the vDSO take a null tv.
 */
#include <sys/select.h>
#include <time.h>

static long shift(void)
{
	const char *s = getenv("CAIRN_CLOCK_SHIFT_S");

	return s != NULL ? strtol(s, NULL, 10) : 0;
}

int clock_gettime(clockid_t id, struct timespec *ts)
{
	static int (*real)(clockid_t, struct timespec *);
	int r;

	if (real == NULL)
		*(void **)&real = dlsym(RTLD_NEXT, "clock_gettime");
	r = real(id, ts);
	if (r == 0 && (id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE))
		ts->tv_sec += shift();
	return r;
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz)
{
	static int (*real)(struct timeval *restrict, void *restrict);
	int r;

	if (real == NULL)
		*(void **)&real = dlsym(RTLD_NEXT, "gettimeofday");
	r = real(tv, tz);
	if (r == 0 && tv != NULL)
		tv->tv_sec += shift();
	return r;
}

time_t time(time_t *t)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	if (t != NULL)
		*t = ts.tv_sec;
	return ts.tv_sec;
}
