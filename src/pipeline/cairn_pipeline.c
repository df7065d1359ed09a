/*
 * cairn_pipeline - the steps that carry one input to its result, its
 * stored copy and its arrival record, for every caller alike.
 *
 * The result's time is the input's arrival, never a clock read here, so
 * that carrying the same input again for the same owner and arrival
 * gives the same bytes and replaces its own result, current or in
 * history/, rather than adding one.  The owner's directories are
 * readable by the owner at once, whatever the feedback says; the result
 * is granted when its release has come, checked again once it is in
 * place, since the release walk that ran meanwhile may have listed the
 * directory before the result was in it.  The digest of the bytes
 * graded is kept for the stored copy's arrival record; storing is
 * cairn_pipeline_store.c's.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cairn_arrival.h"
#include "cairn_failure.h"
#include "cairn_mem.h"
#include "cairn_pipeline.h"
#include "cairn_puzzle.h"
#include "cairn_result_read.h"
#include "cairn_sha256.h"
#include "cairn_spool.h"
#include "cairn_spool_dirs.h"
#include "cairn_spoolname.h"
#include "cairn_submissions.h"
#include "cairn_time.h"

void cairn_pipeline_input_init(struct cairn_pipeline_input *in, const char *name)
{
	memset(in, 0, sizeof(*in));
	in->name = name;
}

void cairn_pipeline_input_clear(struct cairn_pipeline_input *in)
{
	free(in->as);
	free(in->result);
	free(in->stored);
	in->as = in->result = in->stored = NULL;
}

const char *cairn_pipeline_input_as(const struct cairn_pipeline_input *in)
{
	return in->as != NULL ? in->as : in->name;
}

/*
 * count - the settings' count_submissions: the owner's graded
 * submissions to `set` already in results/ that arrived before the file
 * `source` (cairn_submissions.h).
 */
static int count(void *arg, const char *set, const struct cairn_origin *o,
		 const char *source, unsigned *n)
{
	const struct cairn_pipeline *pl = arg;

	if (pl->limits_seen != NULL)
		atomic_fetch_add(pl->limits_seen, 1);
	return cairn_submissions_count(pl->results_fd, o->owner, set,
				       cairn_time_ms(&o->received), source, n);
}

int cairn_pipeline_grade(const struct cairn_pipeline *pl, struct cairn_pipeline_input *in,
			 const struct cairn_settings *s, const char *data, size_t len,
			 const atomic_int *cancel, struct cairn_buf *out)
{
	struct cairn_settings set = *s;

	if (in->has_origin)
		set.origin = &in->origin;
	/* What was graded, for the stored copy's record (cairn_arrival.h). */
	cairn_sha256_hex(data != NULL ? data : "", len, in->sha256);
	in->digested = 1;
	in->graded_len = len;
	if (pl != NULL && pl->results_fd >= 0) {
		set.count_submissions = count;
		set.count_ctx = (void *)pl;
	}
	return cairn_process(in->name, data != NULL ? data : "", len, &set, cancel, out, &in->st);
}

void cairn_pipeline_refuse(struct cairn_pipeline_input *in, const char *why,
			   struct cairn_buf *out)
{
	out->len = 0;
	in->unread = !in->digested;
	cairn_process_error_result(cairn_pipeline_input_as(in),
				   in->has_origin ? &in->origin : NULL, why, out, &in->st);
}

/* now_ms - the wall clock, to compare with a policy's times. */
static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return cairn_time_ms(&ts);
}

/*
 * grant_late - what the publish held back: history/ searchable by the
 * owner as always (the publish may have made it), and the result of
 * this arrival, wherever it is now, readable when its release came
 * meanwhile; else the release walk grants it when it comes.
 */
static void grant_late(int dir_fd, struct cairn_pipeline_input *in)
{
	char *where = in->st.release_ms > now_ms() ? NULL :
		      cairn_publish_find(dir_fd, in->result, &in->origin.received);
	int r = cairn_publish_grant_held(dir_fd, where, (uid_t)in->origin.uid);

	if (where != NULL)
		in->held_back = r < 0;
	free(where);
}

/* publish - out as the result of in under its `as` name */
static int publish(const struct cairn_pipeline *pl, struct cairn_pipeline_input *in,
		   const struct cairn_buf *out, char *err, size_t errlen)
{
	int reader = in->origin.uid != (uint32_t)pl->euid;
	struct cairn_newest nw = {
		.arrival = in->origin.received, .lock_dir = pl->root_fd,
		.lock_path = CAIRN_RESULTS_LOCK, .noreplace = pl->noreplace, .history = 1,
		.reader = (uid_t)in->origin.uid,
	};
	int dir_fd = cairn_spool_owner_dir(pl->results_fd, in->origin.owner, reader, nw.reader);
	int r;

	free(in->result);
	in->result = cairn_puzzle_result_name(cairn_pipeline_input_as(in));
	in->held_back = reader && in->st.release_ms > now_ms();
	nw.grant = reader && !in->held_back;
	if (dir_fd < 0) {
		snprintf(err, errlen, CAIRN_DIR_RESULTS "/%s: %s", in->origin.owner, strerror(-dir_fd));
		return dir_fd;
	}
	r = cairn_publish_input(dir_fd, in->result, pl->tag, out->data ? out->data : "",
				out->len, pl->fsync, pl->publish, &nw, &in->superseded,
				err, errlen);
	if (r == 0 && in->held_back)
		grant_late(dir_fd, in);
	close(dir_fd);
	return r;
}

int cairn_pipeline_publish(const struct cairn_pipeline *pl, struct cairn_pipeline_input *in,
			   struct cairn_buf *out, char *err, size_t errlen)
{
	int r = publish(pl, in, out, err, errlen);

	if (r < 0 && pl->short_names && in->as == NULL &&
	    cairn_failure_kind(CAIRN_STEP_PUBLISH, -r) == CAIRN_FAIL_FILE) {
		/* The result name is the file's trouble: fail it under another. */
		char why[512];

		snprintf(why, sizeof(why), "%s", err);
		in->as = cairn_failure_short_name(in->name);
		snprintf(err, errlen, "no result under this name (%.200s): stored as %s",
			 why, in->as);
		cairn_pipeline_refuse(in, err, out);
		r = publish(pl, in, out, err, errlen);
	}
	return r;
}

int cairn_pipeline_published(const struct cairn_pipeline *pl,
			     const struct cairn_pipeline_input *in, struct cairn_buf *old)
{
	char *result = cairn_puzzle_result_name(cairn_pipeline_input_as(in)), *where = NULL;
	int dir_fd = openat(pl->results_fd, in->origin.owner, O_RDONLY | O_DIRECTORY |
			    O_NOFOLLOW | O_CLOEXEC);
	int fd = -1, r = -1;

	if (dir_fd >= 0 && (where = cairn_publish_find(dir_fd, result, &in->origin.received)) &&
	    old != NULL)
		fd = openat(dir_fd, where, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0) {
		r = cairn_buf_read_fd(old, fd, UINT64_MAX);
		close(fd);
	}
	if (dir_fd >= 0)
		close(dir_fd);
	if (old == NULL)
		r = where != NULL ? 0 : -1;
	free(where);
	free(result);
	return r == 0;
}

int cairn_pipeline_was_published(const struct cairn_pipeline *pl,
				 struct cairn_pipeline_input *in, int *failed)
{
	struct cairn_buf old = CAIRN_BUF_INIT;
	struct cairn_result_file r;
	char err[256];
	int yes = 0;

	if (!cairn_pipeline_published(pl, in, &old))
		goto out;
	free(in->result);
	in->result = cairn_puzzle_result_name(cairn_pipeline_input_as(in));
	if (cairn_result_read(&r, in->result, old.data ? old.data : "", old.len, err,
			      sizeof err) == 0) {
		yes = 1;
		*failed = r.error != NULL && r.refused == CAIRN_REFUSED_NONE;
		cairn_result_read_tally(&r, &in->st);
		in->st.file_error = r.error != NULL;
		in->st.refused = (enum cairn_refusal)r.refused;
	}
	cairn_result_file_free(&r);
out:
	cairn_buf_free(&old);
	return yes;
}
