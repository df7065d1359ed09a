/*
 * cairn_dispatch_state - cairn_dispatch.c's part of the daemon: the jobs
 * that run and what bounds them, the files stuck claimed, the storage
 * backoff, the entries left in incoming/.  Embedded in struct cairn_daemon (cairn_daemon_int.h) rather
 * than declared in cairn_dispatch.h, which that header would then include
 * round a loop.  cairn_daemon.c sizes the pool at start and gives a
 * job's solve slot back when it has rendered; the status reads the
 * counts; the one-owner rule (cairn_one_owner.c) reads the owners of the
 * running jobs.  Used on the loop thread, but for the two atomics.
 */
#ifndef CAIRN_DISPATCH_STATE_H
#define CAIRN_DISPATCH_STATE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>
#include <uv.h>

#include "cairn_jobs.h"
#include "cairn_workpool.h"

struct cairn_daemon;
struct cairn_generation;
struct cairn_cand;

/* A job of the daemon: the worker's job, and what the loop keeps of it. */
struct cairn_dispatch_job {
	struct cairn_job job;
	char *reason;			/* owned fail_reason of a final try, or NULL */
	struct cairn_work work;		/* on the pool (cairn_workpool.h) */
	uv_timer_t timer;		/* job_timeout_s */
	struct cairn_daemon *d;
	struct cairn_generation *gen;		/* the generation it runs with */
	struct cairn_cand *cand;	/* NULL for a file already claimed */
	int held;			/* started with its file in processing/ */
	int uid_known;			/* uid is its file's owner */
	uid_t uid;
	struct cairn_dispatch_job *prev, *next;	/* running jobs */
};

/*
 * The entries of incoming/ left there (CAIRN_JOB_LEFT), by inode and
 * change time: passed over without a job or a log line until either
 * changes (a chmod may make one movable).  The last LEFT_MAX only.
 */
#define CAIRN_DISPATCH_LEFT_MAX 256
struct cairn_dispatch_left {
	uint64_t ino;
	struct timespec ctime;
};

struct cairn_dispatch_state {
	struct cairn_dispatch_job *jobs;	/* running */
	unsigned running, pool_size;	/* pool_size: most solving at once */
	unsigned storing_max;		/* more jobs that only write results */
	atomic_uint computing;		/* running jobs not yet rendered */
	_Atomic uint64_t reserved;	/* what they reserved of memory_total */
	char **stuck;			/* claimed files waiting for a retry */
	size_t nstuck, capstuck;
	int claims_unsure;		/* processing/ may hold a file not known here */
	uint64_t backoff_ms;		/* 0: no storage trouble */
	int paused;			/* backing off: take nothing */
	uv_timer_t backoff;		/* its end (opened by cairn_daemon.c) */
	uint64_t peers_ms;		/* uv_now() when the peers were last looked at */
	struct cairn_dispatch_left left[CAIRN_DISPATCH_LEFT_MAX];	/* a ring */
	size_t nleft;			/* entries ever left: the next goes at nleft % MAX */
};

#endif
