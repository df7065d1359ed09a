/*
 * cairn_pending - the files the daemon knows about and has not finished.
 *
 * Each candidate is a name in incoming/ with the size, mtime and inode last
 * seen.  Waiting candidates (settling or ready) are kept sorted by mtime,
 * then name, so a backlog is taken oldest first; the sorted set is bounded
 * (`limit`), and when it is full the youngest candidate is dropped and
 * `missed` set, so that the caller rescans once the set has drained.  A
 * running candidate leaves the sorted set but keeps its name, so that an
 * event for a name being processed is remembered (`again`) instead of
 * starting a second job.  Used by the loop thread only.
 */
#ifndef CAIRN_PENDING_H
#define CAIRN_PENDING_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <time.h>

struct cairn_cand {
	char *name;
	struct timespec mtime;
	uint64_t ino;
	int64_t size;
	uint64_t seen_ms;		/* when size/mtime/ino were last seen changing */
	int ready;			/* may be taken now */
	int running;			/* a job has it; not in the sorted set */
	int again;			/* an event came while it was running */
	size_t pos;			/* index in `order` while waiting (from 0, not head) */
	struct cairn_cand *hnext;
};

struct cairn_pending {
	struct cairn_cand **order;	/* waiting, by (mtime, name): order[head..head+n) */
	size_t head, n, cap;
	size_t limit;
	unsigned settle_ms;		/* quiet time a scanned file needs */
	struct cairn_cand **tab;	/* every candidate, by name */
	size_t tabsize, count;
	int missed;			/* a name was dropped: rescan later */
};

void cairn_pending_init(struct cairn_pending *p, size_t limit, unsigned settle_ms);
void cairn_pending_free(struct cairn_pending *p);
struct cairn_cand *cairn_pending_find(const struct cairn_pending *p, const char *name);

/*
 * Record that NAME was seen with st at now_ms (monotonic) / wall_ms
 * (CLOCK_REALTIME, to compare with mtime); `ready` says that it may be
 * taken now (closed after writing, or moved in); otherwise it is ready once
 * quiet for settle_ms.  Returns the candidate, or NULL when it was dropped
 * because the set is full.
 */
struct cairn_cand *cairn_pending_note(struct cairn_pending *p, const char *name,
				      const struct stat *st, int ready,
				      uint64_t now_ms, uint64_t wall_ms);

/* The oldest ready candidate, or NULL. */
struct cairn_cand *cairn_pending_next(const struct cairn_pending *p);
/* Take c out of the sorted set and mark it running. */
void cairn_pending_start(struct cairn_pending *p, struct cairn_cand *c);
/* Forget c entirely (frees it). */
void cairn_pending_forget(struct cairn_pending *p, struct cairn_cand *c);

/*
 * Re-examine the settling candidates: `restat` fills st (returns 0) or
 * says the name is gone (non-zero).  A candidate whose size, mtime and
 * inode have not changed for settle_ms (by its mtime, or by when it was
 * first seen so, for clocks that disagree) becomes ready.  Returns the ms
 * until the next settling candidate may become ready, or -1 if none.
 */
long cairn_pending_settle(struct cairn_pending *p, uint64_t now_ms,
			  uint64_t wall_ms,
			  int (*restat)(void *ctx, const char *name, struct stat *st),
			  void *ctx);

#endif
