/*
 * cairn_pipeline - the steps that carry one input to its result, its
 * stored copy and its arrival record, for every caller alike.
 *
 * The result's time is the input's arrival, never a clock read here, so
 * that carrying the same input again for the same owner and arrival
 * gives the same bytes and replaces its own result, current or in
 * history/, rather than adding one.  The owner's directories are
 * readable by the owner at once, whatever the feedback says; a result
 * whose release has not come is published in .held/, out of the owner's
 * sight, after its receipt (cairn_withheld.h), and shown at once if its
 * release came meanwhile, checked again once it is in place, since the
 * release walk that ran meanwhile may have listed .held/ before the
 * result was in it.  An input refused before it was read never
 * displaces a result of another arrival: its error result takes another
 * name, or none.  The owner's directory stays open from one result to
 * the next (cairn_ownerdir.h), made and granted once; one removed behind
 * the daemon's back is made again, once, when the publish into it says
 * ENOENT.  The digest of the bytes graded is kept for the
 * receipt and for the stored copy's arrival record; storing is
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
#include "cairn_ownerdir.h"
#include "cairn_pipeline.h"
#include "cairn_puzzle.h"
#include "cairn_receipt.h"
#include "cairn_result_read.h"
#include "cairn_sha256.h"
#include "cairn_spool.h"
#include "cairn_spool_dirs.h"
#include "cairn_spoolname.h"
#include "cairn_submissions.h"
#include "cairn_time.h"
#include "cairn_withheld.h"

void cairn_pipeline_input_init(struct cairn_pipeline_input *in, const char *name)
{
	memset(in, 0, sizeof(*in));
	in->name = name;
	in->held_fd = in->ready_fd = -1;
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
	/* What was graded, for the receipt and the stored copy's record. */
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
 * receipt - the owner's receipt of a held-back result, readable at once,
 * written before the result so that a result never waits unannounced.
 */
static int receipt(const struct cairn_pipeline *pl, struct cairn_pipeline_input *in,
		   int dir_fd, const struct cairn_newest *nw, char *err, size_t errlen)
{
	struct cairn_newest rn = *nw;
	struct cairn_buf text = CAIRN_BUF_INIT;
	char *name = cairn_withheld_receipt_name(cairn_pipeline_input_as(in));
	int dropped, r;

	rn.history = 0;
	rn.grant = 1;
	cairn_receipt_text(&text, in->name, in->result, &in->origin, in->sha256, &in->st);
	r = cairn_publish_input(dir_fd, name, pl->tag, text.data, text.len, pl->fsync,
				pl->publish, &rn, &dropped, err, errlen);
	cairn_buf_free(&text);
	free(name);
	return r;
}

/*
 * show_late - the held result of this arrival shown now when its release
 * came meanwhile: the release walk that ran then may have listed .held/
 * before the result was in it.
 */
static void show_late(const struct cairn_pipeline *pl, int dir_fd, int held_fd,
		      struct cairn_pipeline_input *in, const struct cairn_newest *nw)
{
	char *where;

	if (in->st.release_ms > now_ms() ||
	    (where = cairn_publish_find(held_fd, in->result, &in->origin.received)) == NULL)
		return;
	if (cairn_withheld_show(dir_fd, held_fd, where, 1, nw, pl->fsync) == 0)
		in->held_back = 0;
	free(where);
}

/*
 * drop_other - this arrival's result where it no longer belongs, shown
 * while it is now held back or held while it is now shown (a regrade
 * after the feedback changed, or of a result published before .held/
 * was): each arrival's result is in one place, the one its release
 * time says now.
 */
static void drop_other(int dir_fd, const struct cairn_pipeline_input *in)
{
	int fd = in->held_back ? dir_fd : cairn_withheld_dir(dir_fd, 0);
	char *where = fd < 0 ? NULL : cairn_publish_find(fd, in->result, &in->origin.received);

	if (where != NULL)
		unlinkat(fd, where, 0);
	free(where);
	if (fd >= 0 && fd != dir_fd)
		close(fd);
}

/*
 * publish_in - out as the result of in under its `as` name in results/
 * OWNER/ (dir_fd): in .held/ with a receipt while its feedback is not
 * due.
 */
static int publish_in(const struct cairn_pipeline *pl, struct cairn_pipeline_input *in,
		      int dir_fd, struct cairn_newest *nw, const struct cairn_buf *out,
		      char *err, size_t errlen)
{
	int reader = in->origin.uid != (uint32_t)pl->euid;
	int pub_fd = dir_fd, r = 0;

	if (in->held_back && (r = receipt(pl, in, dir_fd, nw, err, errlen)) == 0 &&
	    (pub_fd = r = cairn_withheld_dir(dir_fd, 1)) < 0)
		snprintf(err, errlen, CAIRN_DIR_RESULTS "/%s/" CAIRN_HELD_DIR ": %s",
			 in->origin.owner, strerror(-r));
	if (r >= 0)
		r = cairn_publish_input(pub_fd, in->result, pl->tag, out->data ? out->data : "",
					out->len, pl->fsync, pl->publish, nw, &in->superseded,
					err, errlen);
	/* A new arrival (claimed by this job) has no result anywhere else. */
	if (r == 0 && reader && !in->fresh)
		drop_other(dir_fd, in);
	if (r == 0 && in->held_back)
		show_late(pl, dir_fd, pub_fd, in, nw);
	if (pub_fd >= 0 && pub_fd != dir_fd)
		close(pub_fd);
	return r;
}

/*
 * publish - publish_in() in the owner's directory, kept open from one
 * input to the next; made again, once, when it was removed meanwhile.
 */
static int publish(const struct cairn_pipeline *pl, struct cairn_pipeline_input *in,
		   const struct cairn_buf *out, char *err, size_t errlen)
{
	struct cairn_ownerdir *dirs = pl->publish != NULL ? pl->publish->dirs : NULL;
	int reader = in->origin.uid != (uint32_t)pl->euid;
	struct cairn_newest nw = {
		.arrival = in->origin.received, .lock_dir = pl->root_fd,
		.lock_path = CAIRN_RESULTS_LOCK, .noreplace = pl->noreplace, .history = 1,
		.reader = (uid_t)in->origin.uid, .only_new = in->unread,
	};
	struct cairn_ownerdir_ref ref;
	int r;

	free(in->result);
	in->result = cairn_puzzle_result_name(cairn_pipeline_input_as(in));
	in->held_back = reader && in->st.release_ms > now_ms();
	nw.grant = reader && !in->held_back;
	for (int again = 1; ; again = 0) {
		r = cairn_ownerdir_open(dirs, pl->results_fd, in->origin.owner, reader,
					nw.reader, &ref);
		if (r < 0) {
			snprintf(err, errlen, CAIRN_DIR_RESULTS "/%s: %s", in->origin.owner,
				 strerror(-r));
			return r;
		}
		r = publish_in(pl, in, ref.fd, &nw, out, err, errlen);
		if (r != -ENOENT || !again || !cairn_ownerdir_stale(dirs, &ref))
			break;
		cairn_ownerdir_release(dirs, &ref);
		err[0] = '\0';		/* the first try's error was the directory's */
	}
	cairn_ownerdir_release(dirs, &ref);
	return r;
}

int cairn_pipeline_publish(const struct cairn_pipeline *pl, struct cairn_pipeline_input *in,
			   struct cairn_buf *out, char *err, size_t errlen)
{
	char why[512], base[512];
	int r;

	why[0] = '\0';
	if (in->unread)		/* err holds why it was refused; else nothing yet */
		snprintf(why, sizeof(why), "%s", err);
	r = publish(pl, in, out, err, errlen);
	if (r == 0 || !pl->short_names || in->as != NULL)
		return r;
	if (r == -EEXIST && in->unread) {
		/*
		 * A result of another arrival is there: a refusal never
		 * pushes it aside (a hard link makes a file another's).
		 */
		in->as = cairn_failure_short_name(in->name);
		snprintf(err, errlen, "%.300s (%s kept: stored as %s)", why, in->result, in->as);
	} else if (cairn_failure_kind(CAIRN_STEP_PUBLISH, -r) == CAIRN_FAIL_FILE) {
		/* The result name is the file's trouble: fail it under another. */
		snprintf(why, sizeof(why), "%s", err);
		in->as = cairn_failure_short_name(in->name);
		snprintf(err, errlen, "no result under this name (%.200s): stored as %s",
			 why, in->as);
	} else {
		return r;
	}
	in->ready = 0;		/* its record, if made ready, names the other name */
	cairn_pipeline_refuse(in, err, out);
	snprintf(base, sizeof(base), "%s", err);
	r = publish(pl, in, out, err, errlen);
	if (r == -EEXIST && in->unread) {
		/* That name holds another arrival's too: stored, no result. */
		snprintf(err, errlen, "%.400s, no result (%s kept)", base, in->result);
		free(in->result);
		in->result = NULL;
		r = 0;
	}
	return r;
}

int cairn_pipeline_published(const struct cairn_pipeline *pl,
			     const struct cairn_pipeline_input *in, struct cairn_buf *old)
{
	char *result = cairn_puzzle_result_name(cairn_pipeline_input_as(in)), *where = NULL;
	int dir_fd = openat(pl->results_fd, in->origin.owner, O_RDONLY | O_DIRECTORY |
			    O_NOFOLLOW | O_CLOEXEC);
	int fd = -1, held_fd, r = -1;

	if (dir_fd >= 0 && (where = cairn_publish_find(dir_fd, result, &in->origin.received)) == NULL &&
	    (held_fd = cairn_withheld_dir(dir_fd, 0)) >= 0) {
		close(dir_fd);
		dir_fd = held_fd;
		where = cairn_publish_find(dir_fd, result, &in->origin.received);
	}
	if (where != NULL && old != NULL)
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
