/*
 * cairn_spool_status - what a spool holds, read without a daemon
 * (cairn(1), `cairn status`): its instances, with whether each runs and
 * what it has claimed; per owner, what waits in incoming/; the newest
 * failures; and the size of each directory.
 *
 * Each directory is read in one pass (readdir() and one statx() per
 * name, through cairn_dir_list()) and no file is opened but the
 * instances' lock files and the arrival records of the failures kept,
 * so a spool of 100,000 files is read in about the time `find -printf`
 * takes over it (bench/README.md, section status).  Names the daemon
 * ignores (cairn_spoolname_ignored(): temporary files, and the daemon's own
 * records such as .lock, .attempts and .arrival/) are not counted
 * anywhere.  Times are change times: a rename into a directory sets
 * it, and a file's owner cannot set it back (touch sets the
 * modification time only), so in incoming/ it is the nearest thing to
 * an arrival, in processing/ the time of the claim and in failed/ the
 * time the input was stored there.
 */
#ifndef CAIRN_SPOOL_STATUS_H
#define CAIRN_SPOOL_STATUS_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "cairn_lock_probe.h"
#include "cairn_origin.h"

/* Files and their bytes (st_size) in a directory and below it. */
struct cairn_spool_status_usage {
	uint64_t files, bytes;
};

/* One file: claimed, or stored in failed/. */
struct cairn_spool_status_file {
	char *name;
	char owner[CAIRN_OWNER_MAX + 1];
	uint32_t uid;
	uint64_t bytes;
	struct timespec ctime;
};

/* Whether an instance runs: its lock (cairn_lock_probe()). */
enum cairn_spool_status_run {
	CAIRN_SPOOL_STATUS_STOPPED,
	CAIRN_SPOOL_STATUS_RUNNING,
	CAIRN_SPOOL_STATUS_UNKNOWN		/* the lock could not be asked */
};

struct cairn_spool_status_instance {
	char *name;			/* processing/NAME/ */
	enum cairn_spool_status_run run;
	struct cairn_lock_holder holder;	/* when running */
	struct cairn_spool_status_file *claimed;	/* by name */
	size_t nclaimed, cap;
	struct cairn_spool_status_usage usage;
};

/* What one owner has waiting in incoming/. */
struct cairn_spool_status_owner {
	char owner[CAIRN_OWNER_MAX + 1];	/* cairn_owner_name() of uid */
	uint32_t uid;
	struct cairn_spool_status_usage usage;
	struct timespec oldest;		/* the oldest change time */
};

/* A stored failure, with its arrival record (cairn_arrival.h). */
struct cairn_spool_status_failure {
	struct cairn_spool_status_file f;	/* owner: the directory's name */
	char *result_name;		/* the name its result is named after, or NULL */
	struct timespec arrival;	/* when result_name is set */
};

struct cairn_spool_status {
	struct cairn_spool_status_instance *inst;	/* by name */
	size_t ninst, capinst;
	struct cairn_spool_status_owner *owners;	/* by owner name, then uid */
	size_t nowners;
	struct cairn_spool_status_failure *failures;	/* newest first */
	size_t nfailures;
	struct cairn_spool_status_usage incoming, done, failed, results;
};

/* A directory of the spool (relative to it) that could not be read. */
typedef void cairn_spool_status_warn_fn(void *arg, const char *path, int err);

/*
 * Read the spool whose directory is root_fd into *st, keeping the
 * max_failures newest failures (ties: by owner, then name).  A missing
 * directory is empty; one that cannot be read is passed to warn() (its
 * path relative to the spool, a positive errno value) and counted as
 * far as it was read.  Returns how many could not be read.  Free *st
 * with cairn_spool_status_free() in any case.
 */
int cairn_spool_status_read(struct cairn_spool_status *st, int root_fd, size_t max_failures,
			    cairn_spool_status_warn_fn *warn, void *arg);
void cairn_spool_status_free(struct cairn_spool_status *st);

/*
 * openat() of path (components separated by '/') under dir_fd, following
 * no symbolic link on the way or at the end: the descriptor, or -1 with
 * errno set.
 */
int cairn_spool_status_open(int dir_fd, const char *path, int flags);

/* Order of two times: <0, 0, >0. */
int cairn_spool_status_ts_cmp(const struct timespec *a, const struct timespec *b);

#endif
