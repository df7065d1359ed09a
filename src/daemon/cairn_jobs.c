/*
 * cairn_jobs - claim, read, and hand to the pipeline: one file, one thread.
 *
 * The order is what keeps files from being lost or read half-way: before
 * the claim a read lease is set on the file in incoming/ (cairn_lease.h),
 * and a file that a process on this host has open for writing is not
 * claimed (BUSY); the claim is a no-replace rename (so exactly one
 * instance wins); only the claimed object is examined, with
 * fstatat(AT_SYMLINK_NOFOLLOW) before any open, so a symbolic link is never
 * followed and a FIFO never opened; a file whose size, modification or
 * change time moved while it was read, or whose lease broke, is put back
 * in incoming/ with nothing published (CHANGED), to be taken again once
 * complete.  The arrival is read before the claim (the file's change
 * time in incoming/: the claim's rename would set it to now) and the
 * claim holds the file under a name that carries it (cairn_held.h).
 * From there the pipeline (cairn_pipeline.h) carries it with its owner
 * and arrival: graded, published, and only once its result is durable
 * moved out of processing/.  When the result cannot be written (disk
 * full, I/O error) the temporary file is already gone and the input
 * stays claimed, with its arrival, to be carried on once the spool
 * recovers; so does one whose result is written and that cannot be
 * moved: it is then stored, not graded again.  What an error means is
 * cairn_failure.c's to say: a file's own trouble becomes its error
 * result (under a short name when its own name cannot carry a result, or
 * is longer than CAIRN_NAME_MAX), a transient one ends the job as LATER
 * with the file still claimed, and the spool's as STUCK, claimed too;
 * a directory no claim can move is left in incoming/ (LEFT).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sched.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "cairn_held.h"
#include "cairn_jobs.h"
#include "cairn_jobs_arrival.h"
#include "cairn_mem.h"
#include "cairn_owner.h"
#include "cairn_pipeline.h"
#include "cairn_pipeline_store.h"
#include "cairn_solve.h"
#include "cairn_spool_dirs.h"
#include "cairn_stat.h"
#include "cairn_time.h"
/*
 * The largest result a job may hold while it waits for the disk alone,
 * and the largest input it keeps to write its stored copy from (a larger
 * one is copied from the descriptor it was read through).
 */
#define STORING_HOLD_MAX (256u * 1024)

/* read_input(): the file changed while it was read. */
#define READ_CHANGED 2

void cairn_jobs_init(struct cairn_job *j, const char *name)
{
	memset(j, 0, sizeof(*j));
	j->name = cairn_xstrdup(name);
	cairn_pipeline_input_init(&j->in, j->name);
	j->lease.fd = -1;
	atomic_init(&j->cancel, 0);
	atomic_init(&j->started_ns, 0);
}

void cairn_jobs_init_held(struct cairn_job *j, const char *held)
{
	struct cairn_held h;

	cairn_held_parse(held, &h);
	cairn_jobs_init(j, h.name);
	j->held = cairn_xstrdup(held);
	j->in.held = j->held;
	j->long_len = h.long_len;
	j->claimed = 1;
	cairn_held_free(&h);
}

const char *cairn_jobs_key(const struct cairn_job *j)
{
	return j->claimed && j->held != NULL ? j->held : j->name;
}

void cairn_jobs_clear(struct cairn_job *j)
{
	cairn_pipeline_input_clear(&j->in);
	free(j->name);
	free(j->held);
	j->name = j->held = NULL;
	j->in.name = j->in.held = NULL;
	cairn_lease_drop(&j->lease);
	cairn_buf_free(&j->graded);
}

/* read_all - fd's bytes (by a lease: expect of them) into data, or 1 with why: over max */
static int read_all(int fd, uint64_t max, size_t expect, struct cairn_buf *data, char *why,
		    size_t whylen)
{
	int r = expect != SIZE_MAX ? cairn_buf_read_size(data, fd, expect) : 1;

	if (r > 0)
		r = cairn_buf_read_fd(data, fd, max);
	if (r == 1)
		/* It grew after fstat: count what fstat saw or more. */
		snprintf(why, whylen, "file is %zu bytes, more than max_file_bytes (%" PRIu64 ")",
			 data->len, max);
	return r;
}

/* What read_all() is given, through cairn_mem_try(). */
struct reading {
	int fd;
	uint64_t max;
	size_t expect;
	struct cairn_buf *data;
	char *why;
	size_t whylen;
};

/*
 * read_try - read_all() for cairn_mem_try(): out of memory is -ENOMEM (a
 * retry), and returns here, where the descriptor is closed.
 */
static int read_try(void *arg)
{
	struct reading *rd = arg;

	return read_all(rd->fd, rd->max, rd->expect, rd->data, rd->why, rd->whylen);
}

/*
 * changed - whether the file read through fd is not the claimed one (st),
 * or changed while it was read (its size, modification or change time
 * since `before`), or a writer opened it (the lease broke).
 */
static int changed(int fd, const struct stat *st, const struct stat *before,
		   const struct cairn_lease *l)
{
	struct stat after;

	if (cairn_lease_holds(l, fd, st))	/* no writer came (cairn_lease_state()) */
		return cairn_lease_broken(l);
	if (cairn_stat_change(fd, "", &after) < 0)
		return 1;
	return before->st_ino != st->st_ino || before->st_dev != st->st_dev ||
	       !cairn_lease_same(before, &after) || cairn_lease_broken(l);
}

/*
 * read_input - the bytes of a regular file, or why it is refused (*why); READ_CHANGED when it
 * changed while read.  Read through its lease's descriptor when it has one (opened in incoming/
 * before the claim), else opened here; the lease is given up once it is read, with its
 * descriptor when the job keeps the bytes (STORING_HOLD_MAX), else the descriptor is kept to
 * copy the file from; it is kept too for a file of the daemon's own account and group (own),
 * which is stored as it is, through that descriptor (cairn_pipeline_store.h).  One opened
 * here is kept alike, in l (cairn_lease_adopt()).  Once it is
 * open and accepted, and before a byte is read, the journal records that it is being read:
 * from there a crash counts against it (doc/spool.md).
 */
static int read_input(int dir_fd, const char *name, const struct stat *st, uint64_t max,
		      int own, struct cairn_lease *l, struct cairn_attempts *attempts,
		      struct cairn_buf *data, char *why, size_t whylen)
{
	struct stat before;
	int fd = l->fd >= 0 ? l->fd : openat(dir_fd, name, O_RDONLY | O_NOFOLLOW |
					     O_NONBLOCK | O_CLOEXEC);
	int r;

	if (fd < 0) {
		if (errno == ELOOP) {
			snprintf(why, whylen, "symbolic link, not followed");
			return 1;
		}
		return -errno;
	}
	if (cairn_lease_state(l, fd, st, &before) < 0) {
		r = -errno;
	} else if (!S_ISREG(before.st_mode)) {
		snprintf(why, whylen, "not a regular file (%s)", cairn_spool_kind(before.st_mode));
		r = 1;
	} else if (before.st_nlink > 1) {
		/* Checked on the open file, before a byte is read (doc/spool.md). */
		snprintf(why, whylen, "has %ju hard links: refused, a hard link can carry "
			 "a file its submitter may not read", (uintmax_t)before.st_nlink);
		r = 1;
	} else {
		cairn_attempts_start(attempts, name, &before);
		struct reading rd = { fd, max, cairn_lease_holds(l, fd, st) ?
				      (size_t)before.st_size : SIZE_MAX, data, why, whylen };

		r = cairn_mem_try(read_try, &rd);
		if (r == 0 && changed(fd, st, &before, l))
			r = READ_CHANGED;
	}
	int keep_fd = r == 0 && (data->len > STORING_HOLD_MAX || own);

	if (fd != l->fd && keep_fd)
		cairn_lease_adopt(l, fd);	/* no lease: not opened again to be stored */
	else if (fd != l->fd)
		close(fd);
	else
		keep_fd && cairn_lease_holds(l, fd, st) ? cairn_lease_keep(l) : cairn_lease_drop(l);
	return r;
}

/* examine - refuse what is not a regular file within limits; else read it. */
static int examine(struct cairn_job *j, const struct cairn_jobctx *ctx, const struct stat *st,
		   struct cairn_buf *data, char *why, size_t whylen)
{
	uint64_t max = j->settings.limits.max_file_bytes;

	if (j->fail_reason != NULL) {
		snprintf(why, whylen, "%s", j->fail_reason);
		return 1;
	}
	if (j->over_bytes > 0) {
		char cap[32];

		cairn_solve_format_bytes(cap, sizeof(cap), j->over_bytes);
		snprintf(why, whylen, "%s has more than %s waiting in incoming/ "
			 "(max_incoming_bytes_per_owner): not processed", j->in.origin.owner, cap);
		return 1;
	}
	if (S_ISLNK(st->st_mode)) {
		snprintf(why, whylen, "symbolic link, not followed");
		return 1;
	}
	if (!S_ISREG(st->st_mode)) {
		snprintf(why, whylen, "not a regular file (%s)", cairn_spool_kind(st->st_mode));
		return 1;
	}
	if ((uint64_t)st->st_size > max) {
		snprintf(why, whylen, "file is %jd bytes, more than max_file_bytes (%" PRIu64 ")",
			 (intmax_t)st->st_size, max);
		return 1;
	}
	return read_input(ctx->sp->processing_fd, j->held, st, max,
			  st->st_uid == ctx->euid && st->st_gid == ctx->egid, &j->lease,
			  ctx->attempts, data, why, whylen);
}

/*
 * keep - after a storage error or shutdown: the input stays claimed with its arrival (its held
 * name), carried on after the spool's backoff or at the next start; given back, it would arrive
 * again, later.
 */
static void keep(struct cairn_job *j, enum cairn_job_end end)
{
	j->end = end;
}

static double elapsed_ms(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) * 1e3 +
	       (double)(t1.tv_nsec - t0->tv_nsec) / 1e6;
}

/*
 * failure - follow up error r at step: 1 when the file is to fail with an
 * error result (j->err says why), else 0 with j->end set.
 */
static int failure(struct cairn_job *j, enum cairn_fail_step step, int r)
{
	switch (cairn_failure_kind(step, -r)) {
	case CAIRN_FAIL_FILE:
		return 1;
	case CAIRN_FAIL_RETRY:
		j->end = CAIRN_JOB_LATER;
		return 0;
	case CAIRN_FAIL_GONE:
		j->end = CAIRN_JOB_SKIPPED;
		return 0;
	case CAIRN_FAIL_SPOOL:
		break;
	}
	keep(j, CAIRN_JOB_STUCK);
	return 0;
}

/*
 * retake - the file changed while it was read: nothing is published, and
 * it goes back to incoming/ as it is, to be taken again once complete;
 * not a failed try.  Where it cannot go back (no RENAME_NOREPLACE, or a
 * new file of its name waits there), it is read again later, claimed.
 */
static void retake(struct cairn_job *j, const struct cairn_jobctx *ctx)
{
	int r = cairn_spool_unclaim(ctx->sp, j->held, j->name);

	if (r == 0) {
		j->end = CAIRN_JOB_CHANGED;	/* settle() closes its journal entry */
		return;
	}
	snprintf(j->err, sizeof(j->err), "changed while read, kept in processing: %s",
		 strerror(-r));
	j->end = CAIRN_JOB_LATER;
}

/* error_result - replace out with the error result of j->err. */
static void error_result(struct cairn_job *j, struct cairn_buf *out)
{
	cairn_pipeline_refuse(&j->in, j->err, out);
}

/* render - the result of the claimed file in out; 0, or -1 with j->end set. */
static int render(struct cairn_job *j, const struct cairn_jobctx *ctx,
		  const struct cairn_pipeline *pl, const struct stat *st, struct cairn_buf *out)
{
	struct cairn_buf data = CAIRN_BUF_INIT;
	char why[512] = "";
	size_t len = j->long_len ? j->long_len : strlen(j->name);
	int r = 0;

	if (len > CAIRN_NAME_MAX && j->fail_reason == NULL) {
		/* Held under its short name already, or named so now. */
		j->in.as = j->long_len ? cairn_xstrdup(j->name) : cairn_failure_short_name(j->name);
		snprintf(j->err, sizeof(j->err), "the file name is %zu bytes, more than %d: "
			 "not processed, stored as %s", len, CAIRN_NAME_MAX, j->in.as);
		error_result(j, out);
		return 0;
	}
	r = examine(j, ctx, st, &data, why, sizeof(why));
	j->in.unread = r != 0 && r != READ_CHANGED;	/* its refusal displaces no result */
	if (r == READ_CHANGED) {
		retake(j, ctx);
		r = -1;
	} else if (r < 0) {
		snprintf(j->err, sizeof(j->err), "cannot read %s: %s", j->name, strerror(-r));
		if (!failure(j, CAIRN_STEP_READ, r))
			goto out;
		error_result(j, out);
		r = 0;
	} else if (r > 0) {
		snprintf(j->err, sizeof(j->err), "%s", why);
		error_result(j, out);
		r = 0;
	} else {
		r = cairn_pipeline_grade(pl, &j->in, &j->settings, data.data, data.len,
					 &j->cancel, out);
		if (j->in.digested && j->in.graded_len == data.len && data.len <= STORING_HOLD_MAX) {
			/* Kept for its stored copy: no second read of the file. */
			j->graded = data;
			j->in.graded = data.data != NULL ? data.data : "";
			data = (struct cairn_buf)CAIRN_BUF_INIT;
		}
		if (r == -ECANCELED) {
			keep(j, CAIRN_JOB_RETURNED);
		} else if (r < 0) {
			snprintf(j->err, sizeof(j->err), "processing %s: %s",
				 j->name, strerror(-r));
			if (failure(j, CAIRN_STEP_PROCESS, r)) {
				error_result(j, out);
				r = 0;
			}
		}
	}
out:
	cairn_buf_free(&data);
	return r < 0 ? -1 : 0;
}

/*
 * settle - the journal follows the file: it stays claimed here (a retry
 * later, a storage error, a shutdown without RENAME_NOREPLACE), no longer
 * read or solved, or it left processing/.
 */
static void settle(struct cairn_job *j, const struct cairn_jobctx *ctx)
{
	if (j->end == CAIRN_JOB_LATER || j->end == CAIRN_JOB_STUCK ||
	    j->end == CAIRN_JOB_RETURNED)
		cairn_attempts_stop(ctx->attempts, j->held);
	else
		cairn_attempts_done(ctx->attempts, j->held, j->in.ino);
}

void cairn_jobs_pipeline(const struct cairn_jobctx *ctx, int fsync, struct cairn_pipeline *pl)
{
	const struct cairn_spool *sp = ctx->sp;

	*pl = (struct cairn_pipeline){
		.root_fd = sp->root_fd, .results_fd = sp->results_fd,
		.done_fd = sp->done_fd, .failed_fd = sp->failed_fd,
		.noreplace = sp->noreplace, .tag = sp->instance, .publish = ctx->publish,
		.limits_seen = ctx->limits_seen,
		.short_names = 1, .euid = ctx->euid, .egid = ctx->egid, .fsync = fsync,
	};
}

/*
 * stored - the input of a published result out of processing/; sets
 * j->end.  When that fails the input stays claimed (STUCK, and the spool
 * pauses): its result is published, so it is to be stored once the
 * spool recovers, not given back to be graded again with a later arrival.
 */
static void stored(struct cairn_job *j, const struct cairn_jobctx *ctx,
		   const struct cairn_pipeline *pl, int failed)
{
	int r = cairn_pipeline_store(pl, ctx->sp->processing_fd, &j->in, failed, j->keep_inputs,
				     j->err, sizeof(j->err));

	if (r < 0) {
		enum cairn_fail_kind k = cairn_failure_kind(CAIRN_STEP_STORE, -r);
		size_t len = strlen(j->err);

		j->end = k == CAIRN_FAIL_GONE ? CAIRN_JOB_SKIPPED :
			 k == CAIRN_FAIL_RETRY ? CAIRN_JOB_LATER : CAIRN_JOB_STUCK;
		if (j->end == CAIRN_JOB_STUCK)
			snprintf(j->err + len, sizeof(j->err) - len,
				 "; kept in processing, its result published");
		return;
	}
	j->end = failed ? CAIRN_JOB_FAILED : CAIRN_JOB_DONE;
	/*
	 * The result is visible, and whoever waits for it was just woken,
	 * often onto this CPU: on an idle daemon let it run before the next
	 * spare is made (an inode allocation, hundreds of microseconds on a
	 * busy file system).
	 */
	if (j->idle)
		sched_yield();
	if (ctx->publish != NULL)
		cairn_publish_spare(ctx->publish, ctx->sp->results_fd, ctx->sp->instance);
}

/* failed_result - whether j's result is an error: a refused file is well-formed, for done/ */
static int failed_result(const struct cairn_job *j)
{
	return j->in.st.file_error && j->in.st.refused == CAIRN_REFUSED_NONE;
}

/*
 * work - everything after the claim; sets j->end.  A file that was
 * claimed before this job (found after a crash, or kept after a storage
 * error) and whose result for this very arrival is published already is
 * stored, not graded again.
 */
static void work(struct cairn_job *j, const struct cairn_jobctx *ctx, int fresh)
{
	const struct cairn_spool *sp = ctx->sp;
	struct cairn_buf out = CAIRN_BUF_INIT;
	struct cairn_pipeline pl;
	struct stat st;
	int r;

	cairn_jobs_pipeline(ctx, j->fsync, &pl);
	j->in.fresh = fresh;	/* a retry may find what an earlier try stored */

	if (cairn_stat_change(sp->processing_fd, j->held, &st) < 0) {
		j->unsure = errno != ENOENT;
		j->end = CAIRN_JOB_SKIPPED;
		goto out;
	}
	r = fresh ? cairn_jobs_arrival_rehold(ctx->sp, j->name, &j->pre, &st, &j->held) : 0;
	j->in.held = j->held;
	if (r < 0) {
		snprintf(j->err, sizeof(j->err), "claiming %s: %s", j->name, strerror(-r));
		keep(j, CAIRN_JOB_STUCK);
		goto out;
	}
	r = cairn_jobs_arrival_origin(j->held, &st, &j->in);
	if (r < 0) {
		/* The user database failed us: the file waits, claimed, for a retry. */
		snprintf(j->err, sizeof(j->err), "looking up the owner of %s (uid %lu): %s",
			 j->name, (unsigned long)st.st_uid, strerror(-r));
		j->end = CAIRN_JOB_LATER;
		goto out;
	}
	int failed;

	if (!fresh && j->fail_reason == NULL && j->long_len == 0 &&
	    cairn_pipeline_was_published(&pl, &j->in, &failed)) {
		stored(j, ctx, &pl, failed);
		goto out;
	}
	int rendered = render(j, ctx, &pl, &st, &out);

	/* Read or not (an error result), a waiting writer may go on now. */
	if (!j->lease.kept)
		cairn_lease_drop(&j->lease);
	if (rendered < 0)
		goto out;
	/* Solved: a crash while its result is stored is not its fault (doc/spool.md). */
	cairn_attempts_stop(ctx->attempts, j->held);
	/*
	 * render() freed the input, or kept it when small.  A job that waits
	 * for the disk without a solve slot holds only a small result and
	 * input, so that those waiting add a few MiB at most to workers x
	 * memory_budget.
	 */
	if (ctx->rendered != NULL && j->fsync && out.len <= STORING_HOLD_MAX) {
		j->released = 1;
		ctx->rendered(ctx->rendered_arg, j);
	}
	j->in.held_st = &st;	/* and, read through its lease, its descriptor */
	j->in.held_fd = j->lease.kept ? j->lease.fd : -1;
	cairn_pipeline_store_ready(&pl, sp->processing_fd, &j->in, failed_result(j), j->keep_inputs);
	r = cairn_pipeline_publish(&pl, &j->in, &out, j->err, sizeof(j->err));
	if (r < 0) {
		/* Even a short name cannot be written: results/ is in trouble. */
		if (cairn_failure_kind(CAIRN_STEP_PUBLISH, -r) == CAIRN_FAIL_RETRY)
			j->end = CAIRN_JOB_LATER;
		else
			keep(j, CAIRN_JOB_STUCK);
		goto out;
	}
	/* Its result may have become an error result (a short name) as it was published. */
	stored(j, ctx, &pl, failed_result(j));
out:
	cairn_pipeline_store_unready(&j->in);
	j->in.held_st = NULL, j->in.held_fd = -1;
	cairn_lease_drop(&j->lease);
	j->in.graded = NULL;
	cairn_buf_free(&j->graded);
	settle(j, ctx);
	cairn_buf_free(&out);
}

/* run - claim (unless claimed) and work; sets j->end. */
static void run(struct cairn_job *j, const struct cairn_jobctx *ctx)
{
	int fresh = !j->claimed;

	if (!j->claimed && atomic_load(&j->cancel) == CAIRN_CANCEL_SHUTDOWN) {
		/* Queued, not yet started, when shutdown came: never claimed. */
		j->end = CAIRN_JOB_RETURNED;
		return;
	}
	if (!j->claimed && j->stolen && !cairn_spool_waiting(ctx->sp, j->name)) {
		/* Its owner took it since we last looked: no claim to lose. */
		snprintf(j->err, sizeof(j->err), "taken by its owner");
		j->end = CAIRN_JOB_SKIPPED;
		return;
	}
	if (!j->claimed && ctx->leases &&
	    cairn_lease_take(ctx->sp->incoming_fd, j->name, &j->lease) == -EAGAIN) {
		/* Still open for writing: its close brings it back. */
		j->end = CAIRN_JOB_BUSY;
		return;
	}
	if (!j->claimed) {
		int r = cairn_jobs_arrival_hold(ctx->sp, j->name, j->lease.fd >= 0 ?
						 &j->lease.st : NULL, j->first_seen_ms, &j->pre, &j->held);

		j->in.held = j->held;
		if (r == 0)
			r = cairn_spool_claim(ctx->sp, j->name, j->held, j->check_claim);
		if (r < 0) {
			cairn_lease_drop(&j->lease);
			/*
			 * ENOENT: another instance took it.  EEXIST: a file of
			 * that name is held in our processing/; this one
			 * waits in incoming/ and is tried again alone.  LEFT:
			 * a directory it may not move.
			 */
			enum cairn_fail_kind k = cairn_failure_claim(ctx->sp->incoming_fd, j->name,
				&j->pre, -r, j->err, sizeof(j->err));

			j->end = k == CAIRN_FAIL_GONE ? CAIRN_JOB_SKIPPED :
				 k == CAIRN_FAIL_RETRY ? CAIRN_JOB_LATER :
				 k == CAIRN_FAIL_FILE ? CAIRN_JOB_LEFT : CAIRN_JOB_RETRY;
			return;
		}
		j->claimed = 1;
	}
	work(j, ctx, fresh);
	cairn_lease_drop(&j->lease);	/* when work() did not read the file */
}

/*
 * out_of_memory - the job ran out of memory (doc/spool.md: that file's retry):
 * a claimed file still in processing/ is tried again alone later, as is
 * an unclaimed one (it waits in incoming/); one that left processing/
 * keeps the end this run gave it, set before anything more was allocated.
 * The journal's lock is the one thing a job holds across an allocation.
 */
static void out_of_memory(struct cairn_job *j, const struct cairn_jobctx *ctx)
{
	struct stat st;
	jmp_buf again, *outer;

	cairn_attempts_release(ctx->attempts);
	/* What work() lent the input lives on its stack, which is gone. */
	cairn_pipeline_store_unready(&j->in);
	j->in.held_st = NULL, j->in.held_fd = -1, j->in.graded = NULL;
	cairn_lease_drop(&j->lease);
	if (j->claimed && fstatat(ctx->sp->processing_fd, j->held, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return;
	snprintf(j->err, sizeof(j->err), "processing %s: %s", j->name, strerror(ENOMEM));
	j->end = CAIRN_JOB_LATER;
	outer = cairn_mem_catch(NULL);
	if (setjmp(again) == 0) {
		cairn_mem_catch(&again);
		if (j->claimed)
			cairn_attempts_stop(ctx->attempts, j->held);
	} else {
		cairn_attempts_release(ctx->attempts);	/* the record is dropped */
	}
	cairn_mem_catch(outer);
}

/*
 * cairn_jobs_run - the whole job under one catch: out of memory anywhere
 * in it (the claim's bookkeeping, reading, solving, publishing, storing)
 * is the file's retry, never the end of the daemon.
 */
void cairn_jobs_run(struct cairn_job *j, const struct cairn_jobctx *ctx)
{
	struct timespec t0;
	jmp_buf oom, *outer = cairn_mem_catch(NULL);

	clock_gettime(CLOCK_MONOTONIC, &t0);
	atomic_store(&j->started_ns, (uint64_t)t0.tv_sec * 1000000000u + (uint64_t)t0.tv_nsec);
	j->err[0] = '\0';
	if (setjmp(oom) == 0) {
		cairn_mem_catch(&oom);
		run(j, ctx);
	} else {
		out_of_memory(j, ctx);
	}
	cairn_mem_catch(outer);
	j->ms = elapsed_ms(&t0);
}
