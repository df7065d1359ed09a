/*
 * cairn_release - the feedback release walk (doc/grading.md, `feedback`, doc/spool.md).
 *
 * A result of a problem set whose feedback is after_due or after_close
 * is published in its owner's .held/, out of the owner's sight; once the
 * set's release time has passed, one walk grants every graded result of
 * the set (the current ones and history/) to its owner, moves the held
 * ones into the owner's directory, then leaves the marker
 * results/.released/SET@RELEASE_MS, so that no later walk (of this
 * daemon or another instance) does it again, while a release time moved
 * by the instructor is a new marker and a new walk.  The same walk
 * tells the daemon whether any set has max_submissions (files of one
 * owner are then graded one at a time) and when the next release is
 * due.  It blocks on the disk: the daemon runs it on its thread pool,
 * one at a time, and logs what it found on the loop thread.
 */
#ifndef CAIRN_RELEASE_H
#define CAIRN_RELEASE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "cairn_problems.h"

/* One set released, or one that could not be: for the log. */
struct cairn_released {
	char *set;
	unsigned results;		/* results granted */
	int err;			/* 0, or the errno that stopped it (retried later) */
};

struct cairn_release {
	/* set by the caller */
	int results_fd;
	const char *problems_dir;
	struct cairn_problem_cache *cache;	/* may be NULL */
	uid_t self;			/* the daemon's own user: never granted */
	/* How held results are moved into place (as the daemon publishes). */
	int root_fd;			/* the spool: where the results lock is */
	int noreplace, fsync;
	int64_t now_ms;			/* the wall clock, ms since the epoch */
	/* filled by cairn_release_walk() */
	int limits;			/* some set has max_submissions */
	int64_t next_ms;		/* the earliest release still ahead, or INT64_MAX */
	struct cairn_released *done;
	size_t ndone, cap;
	int list_err;			/* problems_dir could not be listed: errno */
};

/* Walk problems_dir and release what is due; fills the outputs. */
void cairn_release_walk(struct cairn_release *rw);
/* Free the outputs. */
void cairn_release_clear(struct cairn_release *rw);

#endif
