/*
 * cairn_jobs - what a worker does with one file of the spool.
 *
 * cairn_jobs_run() claims the file (unless it is claimed already), reads
 * it if it is a regular file within max_file_bytes, and hands it to the
 * pipeline (cairn_pipeline.h): graded, or an error result rendered,
 * published durably (readable by its owner once its problem set's
 * feedback allows) and only then moved to done/ (a refused one too) or
 * failed/ with its arrival record, or unlinked.  It never blocks the
 * event loop because it runs on a worker thread; it does not log: the
 * outcome is left in the job for the loop thread to report.
 */
#ifndef CAIRN_JOBS_H
#define CAIRN_JOBS_H

#include <stdatomic.h>
#include <stdint.h>
#include <sys/stat.h>

#include "cairn_attempts.h"
#include "cairn_buf.h"
#include "cairn_failure.h"
#include "cairn_lease.h"
#include "cairn_pipeline.h"
#include "cairn_process.h"
#include "cairn_publish.h"
#include "cairn_spool.h"

/* What became of a job's file. */
enum cairn_job_end {
	CAIRN_JOB_SKIPPED,		/* gone, or claimed by another instance */
	CAIRN_JOB_DONE,			/* result published; input in done/ or removed */
	CAIRN_JOB_FAILED,		/* result published; input in failed/ */
	CAIRN_JOB_RETURNED,		/* cancelled by shutdown: never claimed, or kept claimed */
	CAIRN_JOB_RETRY,		/* storage error before the claim: input in incoming/ */
	CAIRN_JOB_STUCK,		/* storage error: input still in processing/ */
	CAIRN_JOB_LATER,		/* this file's transient error: try it alone later */
	CAIRN_JOB_BUSY,			/* open for writing on this host: not claimed */
	CAIRN_JOB_CHANGED,		/* changed while read: back in incoming/, nothing published */
	CAIRN_JOB_LEFT			/* cannot be claimed for its own trouble: left in incoming/ */
};

struct cairn_job;

/* What every job shares; constant while jobs run. */
struct cairn_jobctx {
	const struct cairn_spool *sp;
	int leases;			/* incoming/'s file system has leases: set one before a claim */
	struct cairn_attempts *attempts;
	struct cairn_publish_state *publish;
	/*
	 * Called (when not NULL) by the worker once the result is rendered
	 * and only storage work is left, so that the caller may start the
	 * next solve while this job waits for the disk.
	 */
	void (*rendered)(void *arg, const struct cairn_job *j);
	void *rendered_arg;
	/*
	 * Counted up (when not NULL) each time a job counts an owner's
	 * submissions to a set with max_submissions: the loop learns that
	 * files of one owner are to be taken one at a time.
	 */
	atomic_uint *limits_seen;
	uid_t euid;			/* the daemon's: its own files' results need no grant */
	gid_t egid;			/* the daemon's: its own files are stored as they are */
};

struct cairn_job {
	/* set by the caller */
	char *name;			/* its name in incoming/ (a long one's short name once held) */
	/*
	 * Its held name in processing/<instance>/ (cairn_held.h), which
	 * carries its arrival: set by the claim, or by
	 * cairn_jobs_init_held() for a file claimed before (NULL: not yet).
	 */
	char *held;
	size_t long_len;		/* held under its short name: its own name's length */
	int claimed;			/* the file is in processing/ already */
	const char *fail_reason;	/* publish this error instead of processing */
	/*
	 * Not 0: its owner had more than this waiting in incoming/
	 * (max_incoming_bytes_per_owner): an error result naming the rule
	 * instead of processing.
	 */
	uint64_t over_bytes;
	atomic_int cancel;		/* CAIRN_CANCEL_* */
	_Atomic uint64_t started_ns;	/* CLOCK_MONOTONIC when run began, 0: not yet */
	struct cairn_settings settings;
	int fsync;
	int keep_inputs;
	int idle;			/* no other file waits: the reader goes first */
	int stolen;			/* another instance's file: look before claiming */
	int check_claim;		/* a file of its held name may be in processing/ */
	uint64_t reserved;		/* of memory_total, until rendered (memory_budget) */
	/*
	 * When the daemon first saw the file (wall clock, ms since the
	 * epoch; 0: unknown): where a rename does not set the change time
	 * (the spool's rename_ctime), the arrival is no earlier.
	 */
	uint64_t first_seen_ms;
	struct stat pre;		/* the file in incoming/ when its arrival was read */
	/* filled by cairn_jobs_run() */
	int released;			/* ctx->rendered() was called */
	enum cairn_job_end end;
	double ms;			/* wall time of the job */
	/* The claimed file's owner and arrival, and what the pipeline did. */
	struct cairn_pipeline_input in;
	int unsure;			/* claimed, then not found for an error: may be there */
	struct cairn_lease lease;	/* held from before the claim until the file is read */
	struct cairn_buf graded;	/* the bytes graded, when small: its stored copy's */
	char err[512];			/* why FAILED, RETRY, STUCK, LATER or LEFT */
};

/* A job for incoming/NAME, to be claimed. */
void cairn_jobs_init(struct cairn_job *j, const char *name);
/* A job for a file claimed before, processing/<instance>/HELD. */
void cairn_jobs_init_held(struct cairn_job *j, const char *held);
/* The name the job's file is known by in the lists of files kept claimed. */
const char *cairn_jobs_key(const struct cairn_job *j);
void cairn_jobs_clear(struct cairn_job *j);
void cairn_jobs_run(struct cairn_job *j, const struct cairn_jobctx *ctx);
/* The pipeline's shared part for ctx's spool, flushing when fsync. */
void cairn_jobs_pipeline(const struct cairn_jobctx *ctx, int fsync, struct cairn_pipeline *pl);

#endif
