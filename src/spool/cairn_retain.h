/*
 * cairn_retain - retention of the spool's stored files (cairnd.yaml(5), `retain`).
 *
 * One walk removes the inputs stored in done/OWNER/ and failed/OWNER/
 * that are older than their kind's limit, each with its arrival record
 * (cairn_arrival.h), and the earlier results kept in
 * results/OWNER/history/ that are older than the history limit.  A
 * stored input's age counts from its arrival, by its record; one without
 * a record (stored by an older version, or its record lost to a crash)
 * counts from its change time, which its move there set and its
 * submitter cannot; a history file's from its modification time, which
 * its publish set to its input's arrival.  A result's current file
 * (results/OWNER/NAME.result.EXT) is never looked at, so the latest
 * result of a name always stays; nor is anything whose name starts with
 * '.', a directory, or a symbolic link in place of a directory.  Owner
 * directories emptied are left.  Several daemons may walk one spool at
 * once: a file another removed first is passed over.  The walk blocks on
 * the disk and allocates (listings), so the daemon runs it on its thread
 * pool; it needs no event loop.
 */
#ifndef CAIRN_RETAIN_H
#define CAIRN_RETAIN_H

#include <stdint.h>

struct cairn_retain {
	/* set by the caller */
	int done_fd, failed_fd, results_fd;	/* the spool's directories */
	int64_t now_ms;			/* the wall clock, ms since the epoch */
	uint64_t done_s, failed_s, history_s;	/* the limits; 0: kept forever */
	/* filled by cairn_retain_walk() */
	unsigned long done, failed, history;	/* files removed */
	int err;			/* the first errno that kept a file, or 0 */
	char where[512];		/* where it was: "done/ada/hw1.yaml" */
};

/* Remove what is older than its limit; counts and the first error in rw. */
void cairn_retain_walk(struct cairn_retain *rw);

#endif
