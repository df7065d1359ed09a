/*
 * cairn_pending_cand - the pending set's data (cairn_pending.h says what
 * it keeps and why): the candidates, the uids' queues and the set, and
 * the order of candidates.  Apart from cairn_pending.h so that the uids'
 * queues (cairn_pending_uid.c) use them without including the header of
 * the set that uses the queues.
 */
#ifndef CAIRN_PENDING_CAND_H
#define CAIRN_PENDING_CAND_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cairn_pending_dropped.h"

struct cairn_uidq;

struct cairn_cand {
	char *name;
	struct timespec mtime;
	struct timespec ctime;		/* its arrival: the change time a rename in sets */
	uint64_t ino;
	int64_t size;
	uint64_t seen_ms;		/* when size/mtime/ino were last seen changing */
	int ready;			/* may be taken now */
	int running;			/* a job has it; not in the sorted set */
	int again;			/* CAIRN_AGAIN_*: what was noted while it ran */
	int changed;			/* changed on this host: quiet counts from seen_ms */
	size_t pos;			/* index in `order` while waiting (from 0, not head) */
	uint64_t first_ms;		/* when it was first noted (monotonic) */
	uint64_t first_wall_ms;		/* the same by CLOCK_REALTIME */
	unsigned seen_scan;		/* the last scan (or event) that saw it */
	unsigned owner_gen;		/* peers_gen that `mine` was computed for */
	int mine;			/* this instance owns it */
	int was_other;			/* another instance owned it once */
	int local;			/* learnt of through inotify: this host's */
	uid_t uid;			/* its owner, for turns (st_uid as last seen) */
	int over;			/* its uid was past max_bytes when it joined: refuse it */
	struct cairn_uidq *uq;		/* its uid's queue while waiting, else NULL */
	struct cairn_cand *uprev, *unext;	/* in uq, by (ctime ms, name) */
	struct cairn_cand *hnext;
};

/* One uid's waiting candidates, oldest first; in the ring of turns. */
struct cairn_uidq {
	uid_t uid;
	struct cairn_cand *first, *last;
	size_t n;
	uint64_t bytes;			/* the sizes of its waiting files not over */
	int overflowed;			/* a file of it was dropped: list incoming/ again */
	struct cairn_uidq *prev, *next;	/* the ring */
	struct cairn_uidq *hnext;
};

#define CAIRN_UIDQ_BUCKETS 64

/* What a note says of a name (cairn_pending_note's `how`). */
enum cairn_note {
	CAIRN_NOTE_SCAN,		/* found by a scan: ready once quiet for settle_ms */
	CAIRN_NOTE_READY,		/* renamed in: complete, take it now */
	CAIRN_NOTE_CHANGED		/* written or closed on this host: settle_ms from now */
};

/* cairn_cand.again: what was noted of a running name (bits). */
#define CAIRN_AGAIN_READY 1		/* look again at once */
#define CAIRN_AGAIN_CHANGED 2		/* written meanwhile: let it settle */

struct cairn_pending {
	struct cairn_cand **order;	/* waiting, by (ctime ms, name): order[head..head+n) */
	size_t head, n, cap;
	size_t limit;			/* waiting files in all */
	size_t limit_min;		/* limit whatever per_owner is */
	size_t per_owner;		/* waiting files of one uid (max_queued_per_owner) */
	uint64_t max_bytes;		/* their bytes (max_incoming_bytes_per_owner), 0: any */
	struct cairn_uidq *uidtab[CAIRN_UIDQ_BUCKETS];
	struct cairn_uidq *turn;	/* the uid whose turn is next, NULL: none waits */
	size_t nuids;			/* uids in the ring */
	int refill;			/* an overflowed uid has room: list incoming/ again */
	int evicting;			/* dropping a file for room: it does not make room */
	unsigned settle_ms;		/* quiet time a scanned file needs */
	struct cairn_cand **tab;	/* every candidate, by name */
	size_t tabsize, count;
	int missed;			/* a name was dropped: rescan later */
	struct cairn_pending_dropped dropped;	/* those dropped complete */
	unsigned scan;			/* scans begun */
	const char *self;		/* this instance (borrowed) */
	char **peers;			/* the other live instances (owned) */
	size_t npeers;
	char **near;			/* those of them on this mount (owned) */
	size_t nnear;
	unsigned peers_gen;		/* changes when peers change */
	uint64_t prefer_ms;		/* an owned scanned file is taken after this */
	uint64_t steal_ms;		/* another's file is taken after this */
	/* When set, the files of a uid for which it says yes wait (not picked). */
	int (*held)(void *arg, uid_t uid);
	void *held_arg;
	/*
	 * Files of one owner go in order (the caller keeps it equal to
	 * cairn_one_owner()): a uid's first file only, and only once its
	 * arrival is before drained_ms.
	 */
	int in_order;
	uint64_t drained_ms;		/* coarse CLOCK_REALTIME before the last full read of events */
	uint64_t drained_at;		/* that read's monotonic time */
	int tick_wait;			/* the last pick passed a uid over for drained_ms */
};

/* cairn_pending_cand_ms - c's arrival in ms since the epoch (its ctime). */
static inline uint64_t cairn_pending_cand_ms(const struct cairn_cand *c)
{
	return (uint64_t)c->ctime.tv_sec * 1000 + (uint64_t)c->ctime.tv_nsec / 1000000;
}

/*
 * cairn_pending_cand_cmp - order by arrival, the millisecond of the
 * file's ctime (set by the rename that handed it in, which its writer
 * cannot set, unlike its mtime), then by name: files of one owner with
 * the same arrival go by name (doc/spool.md, doc/grading.md).
 */
static inline int cairn_pending_cand_cmp(const struct cairn_cand *a, const struct cairn_cand *b)
{
	uint64_t am = cairn_pending_cand_ms(a), bm = cairn_pending_cand_ms(b);

	if (am != bm)
		return am < bm ? -1 : 1;
	return strcmp(a->name, b->name);
}

#endif
