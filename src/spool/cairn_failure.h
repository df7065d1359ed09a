/*
 * cairn_failure - what a failed step of a job means (doc/spool.md).
 *
 * Every error a job meets is one of four kinds, decided here and nowhere
 * else, from the step that failed and its errno value:
 *
 *  - FILE: the file's own trouble (it cannot be read, its result name is
 *    too long or taken by a directory).  It goes to failed/ with an error
 *    result that says why; the daemon goes on at full speed.
 *  - RETRY: a transient trouble of this file (out of memory).  The file
 *    alone is tried again after its own backoff, and goes to failed/ with
 *    the reason after CAIRN_RETRY_MAX tries.  Never published as a result.
 *  - SPOOL: the spool itself fails (full disk, I/O error, read-only
 *    results/, no descriptors left).  The only kind that pauses taking
 *    files; the file goes back to incoming/.
 *  - GONE: the file vanished (another instance or a person took it).
 */
#ifndef CAIRN_FAILURE_H
#define CAIRN_FAILURE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "cairn_spoolname.h"

enum cairn_fail_kind {
	CAIRN_FAIL_FILE,
	CAIRN_FAIL_RETRY,
	CAIRN_FAIL_SPOOL,
	CAIRN_FAIL_GONE
};

/* The step of a job that failed. */
enum cairn_fail_step {
	CAIRN_STEP_CLAIM,		/* incoming/NAME -> processing/<instance>/ */
	CAIRN_STEP_READ,		/* opening and reading the claimed input */
	CAIRN_STEP_PROCESS,		/* parsing, solving, grading, rendering */
	CAIRN_STEP_PUBLISH,		/* writing the result into results/ */
	CAIRN_STEP_STORE,		/* moving the input out of processing/ */
	CAIRN_STEP_COUNT
};

/*
 * The kind of a failed claim (err, a positive errno value) of the entry
 * NAME of incoming_fd (incoming/), whose status before the claim was st (st_mode 0:
 * unknown), with why it failed in why (nothing for GONE).  Moving a
 * directory into another one rewrites its "..", which needs write
 * permission on the directory itself: EACCES or EPERM on a directory the
 * daemon may not write is that entry's own trouble (FILE: it cannot be
 * moved, so it is left where it is), never the spool's.  Any other error
 * is as cairn_failure_kind(CAIRN_STEP_CLAIM, err) says.
 */
enum cairn_fail_kind cairn_failure_claim(int incoming_fd, const char *name,
					 const struct stat *st, int err, char *why, size_t whylen);

/* Tries of a file with a transient failure before it goes to failed/. */
#define CAIRN_RETRY_MAX 5

/* The kind of failure `err` (a positive errno value) is at `step`. */
enum cairn_fail_kind cairn_failure_kind(enum cairn_fail_step step, int err);

/* The wait after a file's try number `tries` (from 1): 1 s doubling to 16 s. */
uint64_t cairn_failure_retry_ms(unsigned tries);

/*
 * A name of at most CAIRN_NAME_MAX bytes that stands for `name` in
 * failed/ and results/: the first bytes of its stem (cut on a UTF-8
 * boundary), a hyphen, 16 hex digits of a hash of the whole name, and its
 * extension (.yaml, .yml or .csv) when it has one.  Distinct names give distinct
 * short names (up to the hash); the caller frees it.
 */
char *cairn_failure_short_name(const char *name);

#endif
