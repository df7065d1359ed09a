/*
 * cairn_owner - owner names.  getpwuid_r() rather than getpwuid(): the
 * daemon's workers name owners concurrently.  An account with no entry,
 * or with a login unsafe as a file name, goes by its uid; a lookup that
 * fails is an error, never a fallback, so that an account's files never
 * split between its login and its uid.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>

#include "cairn_owner.h"

/* Remembered names: a class is a few hundred accounts. */
#define CACHE_SIZE 1024

static struct {
	uid_t uid;
	int used;
	char name[CAIRN_OWNER_MAX + 1];
} cache[CACHE_SIZE];
static pthread_mutex_t cache_mu = PTHREAD_MUTEX_INITIALIZER;

static int cached(uid_t uid, char out[CAIRN_OWNER_MAX + 1])
{
	size_t i = (size_t)uid % CACHE_SIZE;
	int hit;

	pthread_mutex_lock(&cache_mu);
	hit = cache[i].used && cache[i].uid == uid;
	if (hit)
		memcpy(out, cache[i].name, sizeof(cache[i].name));
	pthread_mutex_unlock(&cache_mu);
	return hit;
}

static void remember(uid_t uid, const char *name)
{
	size_t i = (size_t)uid % CACHE_SIZE;

	pthread_mutex_lock(&cache_mu);
	cache[i].uid = uid;
	cache[i].used = 1;
	snprintf(cache[i].name, sizeof(cache[i].name), "%s", name);
	pthread_mutex_unlock(&cache_mu);
}

void cairn_owner_forget(void)
{
	pthread_mutex_lock(&cache_mu);
	for (size_t i = 0; i < CACHE_SIZE; i++)
		cache[i].used = 0;
	pthread_mutex_unlock(&cache_mu);
}

int cairn_owner_name(uid_t uid, char out[CAIRN_OWNER_MAX + 1])
{
	struct passwd pw, *found = NULL;
	char buf[4096];
	int r;

	if (cached(uid, out))
		return 0;
	r = getpwuid_r(uid, &pw, buf, sizeof(buf), &found);
	/* Not found is 0 or one of these (getpwuid_r(3)); the rest are failures. */
	if (r != 0 && r != ENOENT && r != ESRCH && r != EBADF && r != EPERM)
		return -r;
	if (r == 0 && found != NULL && cairn_origin_owner_safe(pw.pw_name))
		snprintf(out, CAIRN_OWNER_MAX + 1, "%s", pw.pw_name);
	else
		snprintf(out, CAIRN_OWNER_MAX + 1, "%lu", (unsigned long)uid);
	remember(uid, out);
	return 0;
}
