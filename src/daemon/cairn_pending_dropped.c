/*
 * cairn_pending_dropped - the complete files the pending set dropped for
 * room, by name, inode and change time.
 *
 * A file of an owner past max_queued_per_owner stays in incoming/ and is
 * found again by the scan that refills its owner's queue; a scan alone
 * cannot tell a file renamed in (complete, to be taken at once) from one
 * written in place (to be waited for: settle_ms), so without this each
 * refill of one owner's backlog renamed in at once would wait settle_ms
 * for its younger files.  What was known of them when they were dropped
 * is kept instead, a few dozen bytes each: the same inode with the same
 * change time is the same file, unchanged since (every write, rename,
 * chmod or link sets the change time).  At most
 * CAIRN_PENDING_DROPPED_MAX are kept (beyond, a file waits as any
 * scanned file does), none while none was dropped, and a full scan
 * forgets those it did not find again.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cairn_fnv.h"
#include "cairn_mem.h"
#include "cairn_pending_dropped.h"

#define BUCKETS 1024

struct cairn_dropped {
	struct cairn_dropped *next;
	uint64_t ino;
	struct timespec ctime;
	unsigned scan;
	char name[];
};

static struct cairn_dropped **bucket(struct cairn_pending_dropped *d, const char *name)
{
	return &d->tab[cairn_fnv_name(name) & (BUCKETS - 1)];
}

/* unhook - the entry at *pp out of its bucket, freed; the table too once empty */
static void unhook(struct cairn_pending_dropped *d, struct cairn_dropped **pp)
{
	struct cairn_dropped *e = *pp;

	*pp = e->next;
	free(e);
	if (--d->n == 0) {
		free(d->tab);
		d->tab = NULL;
	}
}

/* find - where NAME's entry is linked, or NULL */
static struct cairn_dropped **find(struct cairn_pending_dropped *d, const char *name)
{
	if (d->tab == NULL)
		return NULL;
	for (struct cairn_dropped **pp = bucket(d, name); *pp != NULL; pp = &(*pp)->next)
		if (strcmp((*pp)->name, name) == 0)
			return pp;
	return NULL;
}

void cairn_pending_dropped_put(struct cairn_pending_dropped *d, const char *name, uint64_t ino,
			       const struct timespec *ctime, unsigned scan)
{
	struct cairn_dropped **pp = find(d, name), *e;
	size_t len = strlen(name) + 1;

	if (pp != NULL)
		unhook(d, pp);
	if (d->n >= CAIRN_PENDING_DROPPED_MAX)
		return;
	if (d->tab == NULL)
		d->tab = cairn_xcalloc(BUCKETS, sizeof(d->tab[0]));
	e = cairn_xmalloc(sizeof(*e) + len);
	e->ino = ino;
	e->ctime = *ctime;
	e->scan = scan;
	memcpy(e->name, name, len);
	pp = bucket(d, name);
	e->next = *pp;
	*pp = e;
	d->n++;
}

int cairn_pending_dropped_take(struct cairn_pending_dropped *d, const char *name,
			       const struct stat *st)
{
	struct cairn_dropped **pp = find(d, name);
	int same;

	if (pp == NULL)
		return 0;
	same = (*pp)->ino == (uint64_t)st->st_ino && (*pp)->ctime.tv_sec == st->st_ctim.tv_sec &&
	       (*pp)->ctime.tv_nsec == st->st_ctim.tv_nsec;
	unhook(d, pp);
	return same;
}

void cairn_pending_dropped_prune(struct cairn_pending_dropped *d, unsigned scan)
{
	for (size_t i = 0; d->tab != NULL && i < BUCKETS; i++) {
		struct cairn_dropped **pp = &d->tab[i];

		while (d->tab != NULL && *pp != NULL) {
			if ((*pp)->scan != scan)
				unhook(d, pp);
			else
				pp = &(*pp)->next;
		}
	}
}

void cairn_pending_dropped_free(struct cairn_pending_dropped *d)
{
	for (size_t i = 0; d->tab != NULL && i < BUCKETS; i++)
		while (d->tab != NULL && d->tab[i] != NULL)
			unhook(d, &d->tab[i]);
}
