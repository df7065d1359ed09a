/*
 * cairn_ownerdir - owners' directories opened once, for every input of
 * the owner after (cairn_ownerdir.h).
 *
 * Making a directory that exists, opening it, granting its owner read
 * access that she has, and closing it again cost four system calls per
 * directory and input, each a round trip on a shared file system; an
 * owner's results/, done/ or failed/ directory and its .arrival/ are
 * made once.  The cache is bounded (as many entries as an eighth of the
 * descriptors the process may open, from 64 to 4096, of two descriptors
 * at most each), so that a class of thousands of owners never runs the
 * daemon out of descriptors: a name looks in PROBE entries from its hash,
 * the least recently used of them gives way, an entry in use never does,
 * and a directory that finds them all busy is opened for this use
 * alone.  A directory removed behind the daemon's back is noticed by the
 * caller (ENOENT from an *at call into it, since nothing can be created
 * in a removed directory) and dropped with cairn_ownerdir_stale(), once,
 * so that the next use makes it again.  A directory not in the
 * cache is opened first and made only when it is missing: a directory
 * that exists, the usual case, costs no mkdir.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cairn_acl.h"
#include "cairn_arrival.h"
#include "cairn_mem.h"
#include "cairn_ownerdir.h"
#include "cairn_spool.h"

/* Entries a name may take, from its hash on. */
#define PROBE 8

struct slot {
	int used, stale;
	int parent_fd;
	char name[NAME_MAX + 1];
	int fd, arrival_fd;
	int granted;			/* reader may read and search it */
	uid_t reader;
	unsigned users;
	uint64_t used_at;		/* the use count when last used */
};

struct cairn_ownerdir {
	pthread_mutex_t mu;
	uint64_t uses;
	int n;
	struct slot *slots;
};

struct cairn_ownerdir *cairn_ownerdir_new(void)
{
	struct cairn_ownerdir *c = cairn_xcalloc(1, sizeof(*c));
	struct rlimit rl;
	rlim_t n = getrlimit(RLIMIT_NOFILE, &rl) == 0 ? rl.rlim_cur / 8 : 64;

	c->n = n < 64 ? 64 : n > 4096 ? 4096 : (int)n;
	c->slots = cairn_xcalloc((size_t)c->n, sizeof(c->slots[0]));
	pthread_mutex_init(&c->mu, NULL);
	return c;
}

/* drop - a slot's descriptors closed, the slot free (under mu, no users) */
static void drop(struct slot *s)
{
	if (s->used && s->fd >= 0)
		close(s->fd);
	if (s->used && s->arrival_fd >= 0)
		close(s->arrival_fd);
	s->used = s->stale = 0;
}

void cairn_ownerdir_free(struct cairn_ownerdir *c)
{
	if (c == NULL)
		return;
	for (int i = 0; i < c->n; i++)
		drop(&c->slots[i]);
	pthread_mutex_destroy(&c->mu);
	free(c->slots);
	free(c);
}

/* find - parent_fd/name's entry, or -1 (under mu) */
static int find(struct cairn_ownerdir *c, int parent_fd, const char *name, int *victim)
{
	uint64_t h = 1469598103934665603ull ^ (uint64_t)(unsigned)parent_fd;
	int best = -1;

	for (const char *p = name; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ull;
	for (int k = 0; k < PROBE; k++) {
		int i = (int)((h + (uint64_t)k) % (uint64_t)c->n);
		struct slot *s = &c->slots[i];

		if (s->used && !s->stale && s->parent_fd == parent_fd && strcmp(s->name, name) == 0)
			return i;
		/* The one to give way: free, else idle and least recently used. */
		if (s->users == 0 && (best < 0 || !s->used ||
				      (c->slots[best].used && s->used_at < c->slots[best].used_at)))
			best = i;
	}
	*victim = best;
	return -1;
}

/*
 * open_dir - parent_fd/name: opened when it is a directory, else made
 * (and a link in its place removed) by cairn_spool_owner_dir().
 */
static int open_dir(int parent_fd, const char *name)
{
	int fd = openat(parent_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	return fd >= 0 ? fd : cairn_spool_owner_dir(parent_fd, name, 0, 0);
}

int cairn_ownerdir_open(struct cairn_ownerdir *c, int parent_fd, const char *name,
			int grant, uid_t reader, struct cairn_ownerdir_ref *ref)
{
	int i, victim = -1, fd, r;
	struct slot *s;

	*ref = (struct cairn_ownerdir_ref){ .fd = -1, .arrival_fd = -1, .slot = -1 };
	if (c == NULL) {
		fd = cairn_spool_owner_dir(parent_fd, name, grant, reader);
		ref->fd = fd >= 0 ? fd : -1;
		return fd;
	}
	pthread_mutex_lock(&c->mu);
	if ((i = find(c, parent_fd, name, &victim)) >= 0) {
		s = &c->slots[i];
		s->used_at = ++c->uses;
		int need = grant && !(s->granted && s->reader == reader);

		s->users++;
		*ref = (struct cairn_ownerdir_ref){ .fd = s->fd, .arrival_fd = -1, .slot = i,
						    .cached = 1 };
		pthread_mutex_unlock(&c->mu);
		if (need && (r = cairn_acl_grant(ref->fd, reader, 1)) < 0) {
			cairn_ownerdir_release(c, ref);
			return r;
		}
		if (need) {
			pthread_mutex_lock(&c->mu);
			s->granted = 1;
			s->reader = reader;
			pthread_mutex_unlock(&c->mu);
		}
		return ref->fd;
	}
	pthread_mutex_unlock(&c->mu);
	if ((fd = open_dir(parent_fd, name)) < 0)
		return fd;
	if (grant && (r = cairn_acl_grant(fd, reader, 1)) < 0) {
		close(fd);
		return r;
	}
	ref->fd = fd;
	pthread_mutex_lock(&c->mu);
	/* Found free again: another thread may have taken it meanwhile. */
	if (find(c, parent_fd, name, &victim) < 0 && victim >= 0 &&
	    strlen(name) < sizeof(s->name)) {
		s = &c->slots[victim];
		drop(s);
		*s = (struct slot){ .used = 1, .parent_fd = parent_fd, .fd = fd, .arrival_fd = -1,
				    .granted = grant, .reader = reader, .users = 1,
				    .used_at = ++c->uses };
		strcpy(s->name, name);
		ref->slot = victim;
	}
	pthread_mutex_unlock(&c->mu);
	return fd;
}

int cairn_ownerdir_arrival(struct cairn_ownerdir *c, struct cairn_ownerdir_ref *ref)
{
	struct slot *s = ref->slot >= 0 ? &c->slots[ref->slot] : NULL;
	int fd;

	if (ref->arrival_fd >= 0)
		return ref->arrival_fd;
	if (s != NULL) {
		pthread_mutex_lock(&c->mu);
		ref->arrival_fd = s->stale ? -1 : s->arrival_fd;
		pthread_mutex_unlock(&c->mu);
		if (ref->arrival_fd >= 0)
			return ref->arrival_fd;
	}
	if ((fd = open_dir(ref->fd, CAIRN_ARRIVAL_DIR)) < 0)
		return fd;
	ref->arrival_fd = fd;
	ref->own_arrival = 1;
	if (s != NULL) {
		pthread_mutex_lock(&c->mu);
		if (!s->stale && s->arrival_fd < 0) {
			s->arrival_fd = fd;
			ref->own_arrival = 0;
		}
		pthread_mutex_unlock(&c->mu);
	}
	return fd;
}

int cairn_ownerdir_stale(struct cairn_ownerdir *c, struct cairn_ownerdir_ref *ref)
{
	if (ref->slot < 0)
		return 0;
	pthread_mutex_lock(&c->mu);
	c->slots[ref->slot].stale = 1;
	pthread_mutex_unlock(&c->mu);
	return ref->cached;
}

void cairn_ownerdir_release(struct cairn_ownerdir *c, struct cairn_ownerdir_ref *ref)
{
	if (ref->own_arrival && ref->arrival_fd >= 0)
		close(ref->arrival_fd);
	if (ref->slot < 0 && ref->fd >= 0)
		close(ref->fd);
	if (ref->slot >= 0) {
		struct slot *s = &c->slots[ref->slot];

		pthread_mutex_lock(&c->mu);
		if (--s->users == 0 && s->stale)
			drop(s);
		pthread_mutex_unlock(&c->mu);
	}
	*ref = (struct cairn_ownerdir_ref){ .fd = -1, .arrival_fd = -1, .slot = -1 };
}
