/*
 * cairn_pending - the files the daemon knows about and has not finished.
 *
 * Each candidate is a name in incoming/ with the size, mtime, ctime and
 * inode last seen.  Waiting candidates (settling or ready) are kept sorted
 * by arrival, the millisecond of the ctime the rename that handed them in
 * set, then by name, so a backlog is taken oldest first whatever mtime
 * its writers gave it, and a change of ctime (a chmod) moves a file as a
 * change of size or mtime does; the sorted set is bounded
 * (`limit`), and when it is full the youngest candidate is dropped and
 * `missed` set, so that the caller rescans once the set has drained.  A
 * running candidate leaves the sorted set but keeps its name, so that an
 * event for a name being processed is remembered (`again`) instead of
 * starting a second job.  Used by the loop thread only.
 *
 * Several instances on one spool prefer different files.  Each file has one
 * owner (rendezvous hashing of the file name and the instance names) among
 * those that can know it soonest.  A file this instance learnt of through
 * inotify (written or moved in through its own mount) is known as soon to
 * the "near" instances only, those on this host through the same mount:
 * its owner among them (often this one alone) takes it at once.  A file
 * found only by a scan (written elsewhere) has its owner among all live
 * instances, which takes it once it has known it for prefer_ms (time for
 * an instance on the writer's mount to have taken it), or at once when
 * every live instance is near.  The others take a file only once they
 * have known it for steal_ms (newest first, while owners work oldest
 * first), so that a dead or stuck instance strands nothing.
 * A full scan forgets the waiting names it did not see (taken elsewhere).
 *
 * Fairness between the people who drop files (doc/spool.md): each waiting
 * candidate is also in its uid's queue (the st_uid of the stat the note
 * makes anyway, so it costs no system call), and the uids with waiting
 * files take turns: the oldest ready file of the next uid in the ring is
 * taken, then that uid goes to the back.  One uid holds at most
 * `per_owner` waiting files; a younger one is dropped (it waits in
 * incoming/ untouched) and the uid marked overflowed; once files taken
 * have brought it down to half, `refill` asks the caller to list
 * incoming/ again, so that its backlog comes back long before the
 * periodic rescan.  When the whole set is full, the youngest file of the
 * uid with the most is dropped, so that a new uid's file always gets in.
 *
 * While files of one owner go one at a time (`in_order`, the caller
 * keeps it equal to cairn_one_owner()), they also go in the order of
 * their arrival and name (doc/grading.md, max_submissions): only the
 * first of a uid's queue is taken, and only once its arrival is before
 * `drained_ms`, the coarse CLOCK_REALTIME (the clock the kernel stamps
 * ctime with) read just before the caller last read every inotify event
 * queued: a file of the same owner renamed in within the same
 * millisecond, whose event was not read yet, may come before it by
 * name.  A pick that passes a uid over only for that sets `tick_wait`,
 * and the caller reads the events again a millisecond later.
 *
 * A shared machine's bound on what one owner leaves waiting
 * (max_incoming_bytes_per_owner): each uid's queue sums the sizes of its
 * waiting files in the queue's order (oldest first), and a file that
 * would bring that sum past `max_bytes` is marked `over` and not counted
 * (a smaller file after it may still fit); the caller gives such a file
 * an error result instead of processing it.  A file once over stays so;
 * the others count until they leave the queue (taken, gone, or dropped
 * for room), so the cap holds for what the queue holds of an owner's
 * backlog, and an owner whose files are taken as they come is never
 * near it.
 */
#ifndef CAIRN_PENDING_H
#define CAIRN_PENDING_H

#include "cairn_pending_cand.h"

void cairn_pending_init(struct cairn_pending *p, size_t limit, unsigned settle_ms);
/*
 * At most n waiting files of one uid (n >= 1; the init leaves it at the
 * limit); the limit in all is raised to n when it is smaller, so that
 * one uid can always have its n.
 */
void cairn_pending_set_per_owner(struct cairn_pending *p, size_t n);
/*
 * The most bytes of one uid's waiting files (0: no bound); files that
 * join its queue from now on are marked over past it.
 */
void cairn_pending_set_max_bytes(struct cairn_pending *p, uint64_t max_bytes);
void cairn_pending_free(struct cairn_pending *p);
struct cairn_cand *cairn_pending_find(const struct cairn_pending *p, const char *name);

/*
 * Record that NAME was seen with st (its ctime too) at now_ms (monotonic)
 * / wall_ms (CLOCK_REALTIME, to compare with mtime, and kept as
 * first_wall_ms), as `how` (a CAIRN_NOTE_*) says.
 * A name renamed in may be taken now.  A name written or closed on this
 * host is taken settle_ms after the last such note, whatever its mtime (cp
 * -p sets an old one), and so is a name that comes back by rename as the
 * same inode after one (a file the daemon put back, having seen it change
 * while reading it).  A scanned name is ready once quiet for settle_ms, by
 * its mtime or since it was first seen so.  Returns the candidate, or
 * NULL when it was dropped because the set is full.
 */
struct cairn_cand *cairn_pending_note(struct cairn_pending *p, const char *name,
				      const struct stat *st, int how,
				      uint64_t now_ms, uint64_t wall_ms);

/*
 * The candidate to take now: the oldest ready one this instance owns (a
 * scanned one once known for prefer_ms) of the first uid in turn that has
 * one, or else the newest ready one that has been known for steal_ms; or
 * NULL; a uid that `held` holds is passed over, and with in_order one
 * whose first file is not such a one or has not arrived before
 * drained_ms.  Picking changes nothing but tick_wait: starting the file
 * ends its uid's turn.
 */
struct cairn_cand *cairn_pending_pick(struct cairn_pending *p, uint64_t now_ms);
/*
 * Every inotify event queued is about to be read: coarse_ms is the
 * coarse CLOCK_REALTIME in ms read before, now_ms the monotonic time.
 */
void cairn_pending_drained(struct cairn_pending *p, uint64_t coarse_ms, uint64_t now_ms);
/*
 * Whether c is sure to be this instance's own: its preferred instance,
 * and never another's (a file that was a live peer's until that peer
 * died may have been taken since the last scan: look before claiming it).
 */
int cairn_pending_mine(struct cairn_pending *p, struct cairn_cand *c);
/*
 * The other live instances, and those of them near (on this host through
 * the same mount): NULL-terminated, the set takes the arrays and their
 * strings; near may be NULL.  With no peers, every file is this instance's.
 */
void cairn_pending_set_peers(struct cairn_pending *p, const char *self,
			     char **peers, char **near, uint64_t prefer_ms,
			     uint64_t steal_ms);
/* c was learnt of on this host (inotify): this instance's, taken at once. */
void cairn_pending_local(struct cairn_pending *p, struct cairn_cand *c);
/*
 * A scan found NAME: when it is a ready candidate already, mark it seen
 * and return 1 (no need to look at it again: on a network file system a
 * stat per waiting file per rescan adds up); else 0.
 */
int cairn_pending_seen(struct cairn_pending *p, const char *name);
/* A full scan of incoming/ begins / ended: forget what it did not see. */
void cairn_pending_scan_begin(struct cairn_pending *p);
void cairn_pending_scan_end(struct cairn_pending *p);
/* Take c out of the sorted set and mark it running; its uid's turn ends. */
void cairn_pending_start(struct cairn_pending *p, struct cairn_cand *c);
/* Forget c entirely (frees it). */
void cairn_pending_forget(struct cairn_pending *p, struct cairn_cand *c);

/*
 * Re-examine the settling candidates: `restat` fills st (returns 0) or
 * says the name is gone (non-zero).  A candidate whose size, mtime, ctime
 * and inode have not changed for settle_ms (by its mtime, or by when it was
 * first seen so, for clocks that disagree) becomes ready.  Returns the ms
 * until the next settling candidate may become ready, or -1 if none.
 */
long cairn_pending_settle(struct cairn_pending *p, uint64_t now_ms,
			  uint64_t wall_ms,
			  int (*restat)(void *ctx, const char *name, struct stat *st),
			  void *ctx);

#endif
