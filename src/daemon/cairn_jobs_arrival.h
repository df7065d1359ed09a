/*
 * cairn_jobs_arrival - what a job knows of its file's arrival: read
 * before the claim, fixed by the held name, read back by every later
 * step (doc/spool.md, "Owner and arrival").
 */
#ifndef CAIRN_JOBS_ARRIVAL_H
#define CAIRN_JOBS_ARRIVAL_H

#include <stdint.h>
#include <sys/stat.h>

#include "cairn_pipeline.h"
#include "cairn_spool.h"

/*
 * The arrival of incoming/NAME, read before its claim into *pre: the
 * state seen when its lease was taken (leased), or with NULL looked up, and its held name from it into *held (freed
 * first); first_seen_ms: when the daemon first saw the name (0: unknown).
 * 0, or a negative errno value (-ENOENT: gone).
 */
int cairn_jobs_arrival_hold(const struct cairn_spool *sp, const char *name,
			    const struct stat *leased,
			    uint64_t first_seen_ms, struct stat *pre, char **held);

/*
 * The claimed file (st) is not the one whose arrival was read (pre):
 * replaced or written between the two.  Its held name *held gets its
 * change time now.  0 (also when nothing was to be done), or a negative
 * errno value.
 */
int cairn_jobs_arrival_rehold(const struct cairn_spool *sp, const char *name,
			      const struct stat *pre, const struct stat *st, char **held);

/*
 * The owner and arrival of the file held as `held` whose status is st,
 * into in: the one place where what an arrival is is decided (the one
 * its held name carries; a file an older version claimed: the change
 * time its claim set).  0, or a negative errno value when the user
 * database failed (the file is to wait).
 */
int cairn_jobs_arrival_origin(const char *held, const struct stat *st,
			      struct cairn_pipeline_input *in);

#endif
