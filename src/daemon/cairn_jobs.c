/*
 * cairn_jobs - claim, read, process, publish, store: one file, one thread.
 *
 * The order is what keeps files from being lost or read half-way: the
 * claim is a no-replace rename (so exactly one instance wins); only the
 * claimed object is examined, with fstatat(AT_SYMLINK_NOFOLLOW) before any
 * open, so a symbolic link is never followed and a FIFO never opened; the
 * input leaves processing/ only after its result is durable.  When the
 * result cannot be written (disk full, I/O error) the temporary file is
 * already gone and the input goes back to incoming/ to be retried.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cairn_jobs.h"
#include "cairn_mem.h"
#include "cairn_puzzle.h"
#include "cairn_result.h"

void cairn_job_init(struct cairn_job *j, const char *name)
{
	memset(j, 0, sizeof(*j));
	j->name = cairn_xstrdup(name);
	atomic_init(&j->cancel, 0);
	atomic_init(&j->started_ns, 0);
}

void cairn_job_clear(struct cairn_job *j)
{
	free(j->name);
	free(j->stored);
	free(j->result);
	j->name = j->stored = j->result = NULL;
}

const char *cairn_job_end_name(enum cairn_job_end e)
{
	static const char *const names[] = {
		"skipped", "done", "failed", "returned", "retry", "stuck"
	};

	return names[e];
}

void cairn_job_error_result(const char *name, const char *msg,
			    struct cairn_buf *out, struct cairn_stats *st)
{
	struct cairn_input in;
	enum cairn_format f = cairn_format_of(name);

	cairn_input_init(&in, name, f);
	cairn_input_fail(&in, 0, cairn_xstrdup(msg));
	cairn_result_count(&in, st);
	st->file_error = 1;
	if (f == CAIRN_FORMAT_CSV)
		cairn_result_csv(&in, out);
	else
		cairn_result_yaml(&in, st, out);
	cairn_input_free(&in);
}

/* read_input - the bytes of a regular file, or why it is refused (*why). */
static int read_input(int dir_fd, const char *name, uint64_t max,
		      struct cairn_buf *data, char *why, size_t whylen)
{
	struct stat st;
	int fd = openat(dir_fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0) {
		if (errno == ELOOP) {
			snprintf(why, whylen, "symbolic link, not followed");
			return 1;
		}
		return -errno;
	}
	if (fstat(fd, &st) < 0) {
		int e = errno;
		close(fd);
		return -e;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		snprintf(why, whylen, "not a regular file (%s)", cairn_spool_kind(st.st_mode));
		return 1;
	}
	for (;;) {
		char chunk[65536];
		ssize_t got = read(fd, chunk, sizeof(chunk));

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			int e = errno;
			close(fd);
			return -e;
		}
		if (got == 0)
			break;
		cairn_buf_add(data, chunk, (size_t)got);
		if (data->len > max) {
			/* It grew after fstat: count what fstat saw or more. */
			close(fd);
			snprintf(why, whylen, "file is %zu bytes, more than max_file_bytes (%" PRIu64 ")",
				 data->len, max);
			return 1;
		}
	}
	close(fd);
	return 0;
}

/* examine - refuse what is not a regular file within limits; else read it. */
static int examine(struct cairn_job *j, int dir_fd, const struct stat *st,
		   struct cairn_buf *data, char *why, size_t whylen)
{
	uint64_t max = j->settings.limits.max_file_bytes;

	if (j->fail_reason != NULL) {
		snprintf(why, whylen, "%s", j->fail_reason);
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
	return read_input(dir_fd, j->name, max, data, why, whylen);
}

/* give_back - after a storage error or shutdown: input back to incoming/. */
static void give_back(struct cairn_job *j, const struct cairn_jobctx *ctx,
		      enum cairn_job_end end)
{
	int r = cairn_spool_unclaim(ctx->sp, j->name);

	if (r == 0) {
		j->end = end;
		return;
	}
	if (r == -ENOTSUP && end == CAIRN_JOB_RETURNED) {
		/* No RENAME_NOREPLACE: it stays claimed, recovered at start. */
		j->end = end;
		return;
	}
	j->end = CAIRN_JOB_STUCK;
	size_t len = strlen(j->err);
	snprintf(j->err + len, sizeof(j->err) - len, "%s%s%s",
		 len ? "; " : "", r == -ENOTSUP ? "kept in processing (no RENAME_NOREPLACE here)" :
		 "returning it to incoming: ", r == -ENOTSUP ? "" : strerror(-r));
}

/* store - move the processed input out of processing/. */
static int store(struct cairn_job *j, const struct cairn_jobctx *ctx, int failed)
{
	const struct cairn_spool *sp = ctx->sp;
	char *as = NULL;
	int r;

	if (failed || j->keep_inputs) {
		r = cairn_spool_store(sp->processing_fd, j->name,
				      failed ? sp->failed_fd : sp->done_fd,
				      failed ? "failed" : "done", sp->noreplace, &as);
		if (r == 0) {
			j->stored = cairn_xasprintf("%s/%s", failed ? "failed" : "done", as);
			free(as);
		}
	} else {
		r = unlinkat(sp->processing_fd, j->name, 0) < 0 ? -errno : 0;
	}
	if (r < 0)
		snprintf(j->err, sizeof(j->err), "moving %s out of processing: %s",
			 j->name, strerror(-r));
	return r;
}

static double elapsed_ms(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) * 1e3 +
	       (double)(t1.tv_nsec - t0->tv_nsec) / 1e6;
}

/* work - everything after the claim; sets j->end. */
static void work(struct cairn_job *j, const struct cairn_jobctx *ctx)
{
	const struct cairn_spool *sp = ctx->sp;
	struct cairn_buf data = CAIRN_BUF_INIT, out = CAIRN_BUF_INIT;
	char why[512] = "";
	struct stat st;
	int r;

	if (fstatat(sp->processing_fd, j->name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		j->end = CAIRN_JOB_SKIPPED;
		return;
	}
	r = examine(j, sp->processing_fd, &st, &data, why, sizeof(why));
	if (r < 0) {
		snprintf(j->err, sizeof(j->err), "reading %s: %s", j->name, strerror(-r));
		give_back(j, ctx, CAIRN_JOB_RETRY);
		goto out;
	}
	if (r > 0) {
		snprintf(j->err, sizeof(j->err), "%s", why);
		cairn_job_error_result(j->name, why, &out, &j->st);
	} else {
		r = cairn_process(j->name, data.data ? data.data : "", data.len,
				  &j->settings, &j->cancel, &out, &j->st);
		if (r < 0) {
			if (r != -ECANCELED)
				snprintf(j->err, sizeof(j->err), "processing %s: %s",
					 j->name, strerror(-r));
			give_back(j, ctx, r == -ECANCELED ? CAIRN_JOB_RETURNED :
				  CAIRN_JOB_RETRY);
			goto out;
		}
	}
	if (ctx->rendered != NULL && j->fsync) {
		j->released = 1;
		ctx->rendered(ctx->rendered_arg);
	}
	j->result = cairn_result_name(j->name);
	struct cairn_newest nw = { st.st_mtim, sp->root_fd, "processing/.results.lock" };
	r = cairn_publish_input(sp->results_fd, j->result, sp->instance,
				out.data ? out.data : "", out.len, j->fsync, ctx->dirsync,
				&nw, &j->superseded, j->err, sizeof(j->err));
	if (r == 0)
		r = store(j, ctx, j->st.file_error);
	if (r < 0) {
		give_back(j, ctx, CAIRN_JOB_RETRY);
		goto out;
	}
	j->end = j->st.file_error ? CAIRN_JOB_FAILED : CAIRN_JOB_DONE;
	cairn_attempts_done(ctx->attempts, j->name, (uint64_t)st.st_ino);
	/*
	 * The result is visible, and whoever waits for it was just woken,
	 * often onto this CPU: on an idle daemon let it run before the next
	 * spare is made (an inode allocation, hundreds of microseconds on a
	 * busy file system).
	 */
	if (j->idle)
		sched_yield();
	if (ctx->dirsync != NULL)
		cairn_publish_spare(ctx->dirsync, sp->results_fd, sp->instance);
out:
	cairn_buf_free(&data);
	cairn_buf_free(&out);
}

void cairn_job_run(struct cairn_job *j, const struct cairn_jobctx *ctx)
{
	struct timespec t0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	atomic_store(&j->started_ns, (uint64_t)t0.tv_sec * 1000000000u + (uint64_t)t0.tv_nsec);
	j->err[0] = '\0';
	if (!j->claimed && atomic_load(&j->cancel) == CAIRN_CANCEL_SHUTDOWN) {
		/* Queued, not yet started, when shutdown came: never claimed. */
		j->end = CAIRN_JOB_RETURNED;
		return;
	}
	if (!j->claimed && j->stolen && !cairn_spool_waiting(ctx->sp, j->name)) {
		/* Its owner took it since we last looked: no claim to lose. */
		snprintf(j->err, sizeof(j->err), "taken by its owner");
		j->end = CAIRN_JOB_SKIPPED;
		j->ms = elapsed_ms(&t0);
		return;
	}
	if (!j->claimed) {
		int r = cairn_spool_claim(ctx->sp, j->name);

		if (r < 0) {
			/*
			 * ENOENT: another instance took it.  EEXIST: a file of
			 * that name is stuck in our processing/; this one
			 * waits in incoming/ for a retry.
			 */
			j->end = r == -ENOENT ? CAIRN_JOB_SKIPPED : CAIRN_JOB_RETRY;
			if (r != -ENOENT)
				snprintf(j->err, sizeof(j->err), "claiming %s: %s",
					 j->name, strerror(-r));
			j->ms = elapsed_ms(&t0);
			return;
		}
		j->claimed = 1;
	}
	work(j, ctx);
	j->ms = elapsed_ms(&t0);
}
