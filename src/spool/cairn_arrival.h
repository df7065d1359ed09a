/*
 * cairn_arrival - the arrival record of a stored input (doc/spool.md): beside
 * done/OWNER/AS (or failed/OWNER/AS), the file .arrival/AS whose
 * modification time is the input's arrival, to the nanosecond, and whose
 * text is the name its result is named after and a newline (AS may be a
 * numbered name, hw1.1.yaml, when an earlier hw1.yaml is stored).  The
 * daemon writes it just before it moves the input there, so that no
 * crash leaves a stored input without one; `cairn regrade` and
 * `cairn status` read it back, and retention ages the input by it.  The daemon runs as an account that may
 * not set the times of a submitter's file, so the record is a file of
 * its own.
 */
#ifndef CAIRN_ARRIVAL_H
#define CAIRN_ARRIVAL_H

#include <time.h>

#include "cairn_spool_dirs.h"	/* CAIRN_ARRIVAL_DIR, where the records are */

/*
 * Write the record of stored input `as` into arrival_fd (an owner's
 * .arrival/): 0 or an errno value.  Allocates nothing, so that it can
 * follow a move that must not be undone by running out of memory.
 */
int cairn_arrival_write(int arrival_fd, const char *as, const char *name,
			const struct timespec *arrival);

/*
 * Read the record of stored input `as` in owner_fd (done/OWNER/ or
 * failed/OWNER/): 0 with *name (malloc'd) and *arrival, or -1 when there
 * is none that is sound (a regular file whose text is one file name and a
 * newline).  Follows no symbolic link.
 */
int cairn_arrival_read(int owner_fd, const char *as, char **name, struct timespec *arrival);

/*
 * The arrival of stored input `as` by its record in arrival_fd (an
 * owner's .arrival/) alone, without reading its text (retention asks it
 * of every stored input): 0 with *arrival, or -1 when there is no record
 * that is a regular file.
 */
int cairn_arrival_time(int arrival_fd, const char *as, struct timespec *arrival);

#endif
