/*
 * cairn_jobs_arrival - a file's arrival, read in incoming/ before its
 * claim and fixed by it (doc/spool.md, "Owner and arrival").
 *
 * The claim's rename would set the file's change time to the daemon's
 * time, not the submitter's, so the change time is read first: through
 * the lease's descriptor when there is one (the very file the claim
 * will move), else by a lookup.  The held name (cairn_held.h) carries it
 * from there; a file that was replaced or written between the two gets
 * its change time after the claim, never an earlier one.  Where a
 * rename leaves the change time alone, the arrival is no earlier than
 * when the daemon first saw the name, so a file written elsewhere before
 * a deadline and renamed in after it is late.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cairn_held.h"
#include "cairn_jobs_arrival.h"
#include "cairn_owner.h"
#include "cairn_time.h"

int cairn_jobs_arrival_hold(const struct cairn_spool *sp, const char *name,
			    const struct stat *leased, uint64_t first_seen_ms, struct stat *pre,
			    char **held)
{
	struct timespec arrival;
	int r;

	if (leased != NULL) {
		*pre = *leased;
		r = 0;
	} else {
		r = fstatat(sp->incoming_fd, name, pre, AT_SYMLINK_NOFOLLOW) < 0 ? -errno : 0;
	}
	if (r < 0)
		return r;
	arrival = pre->st_ctim;
	if (!sp->rename_ctime && first_seen_ms > 0 &&
	    (int64_t)first_seen_ms > cairn_time_ms(&arrival)) {
		arrival.tv_sec = (time_t)(first_seen_ms / 1000);
		arrival.tv_nsec = (long)(first_seen_ms % 1000) * 1000000;
	}
	free(*held);
	*held = cairn_held_name(&arrival, name);
	return 0;
}

int cairn_jobs_arrival_rehold(const struct cairn_spool *sp, const char *name,
			      const struct stat *pre, const struct stat *st, char **held)
{
	char *now;

	if (st->st_ino == pre->st_ino && st->st_size == pre->st_size &&
	    st->st_mtim.tv_sec == pre->st_mtim.tv_sec &&
	    st->st_mtim.tv_nsec == pre->st_mtim.tv_nsec)
		return 0;
	now = cairn_held_name(&st->st_ctim, name);
	if (renameat(sp->processing_fd, *held, sp->processing_fd, now) < 0) {
		int e = errno;

		free(now);
		return -e;
	}
	free(*held);
	*held = now;
	return 0;
}

int cairn_jobs_arrival_origin(const char *held, const struct stat *st,
			      struct cairn_pipeline_input *in)
{
	struct cairn_held h;

	cairn_held_parse(held, &h);
	in->has_origin = 1;
	in->ino = (uint64_t)st->st_ino;
	in->origin.uid = (uint32_t)st->st_uid;
	/*
	 * The arrival its claim read before it moved the file, kept in the
	 * held name; a file an older version claimed: the change time that
	 * claim's rename set, which it keeps while claimed.
	 */
	in->origin.received = h.known ? h.arrival : st->st_ctim;
	cairn_held_free(&h);
	return cairn_owner_name(st->st_uid, in->origin.owner);
}
