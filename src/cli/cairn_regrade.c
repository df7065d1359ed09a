/*
 * cairn_regrade - grade the stored inputs of a spool again.
 *
 * An input keeps what the daemon knew of it when it took it: its owner
 * is the name of the owner's directory it is stored in (and its uid the
 * stored file's owner, which a move into done/ or failed/ keeps), its
 * arrival the time of its arrival record, so that a set fixed after its
 * due time does not make on-time work late.  The stored file is opened
 * without following a symbolic link and must be a regular file with one
 * link within max_file_bytes, as the daemon requires (what is not got
 * its error result then, and keeps it).  The result is published exactly
 * as the daemon publishes it (cairn_publish_input(): the arrival as its
 * time, under the spool's results lock, history kept), so a newer
 * arrival's result stays in place and this arrival's result is replaced
 * where it is, current or in history/; a result that comes out the same
 * bytes is not written again.  The owner may read it once the problem
 * set's feedback is released (stats.release_ms), as from the daemon.
 * Temporary files are the publish's, tagged "regrade".
 */
#include "config.h"

#include <dirent.h>
#include <stdatomic.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cairn_arrival.h"
#include "cairn_dir.h"
#include "cairn_mem.h"
#include "cairn_owner.h"
#include "cairn_policy.h"
#include "cairn_publish.h"
#include "cairn_regrade.h"
#include "cairn_result_read.h"
#include "cairn_spool.h"
#include "cairn_submissions.h"
#include "cairn_time.h"

/* The publish's tag for this program's temporary files. */
#define REGRADE_TAG "regrade"

static const char *const stored_dirs[2] = { "done", "failed" };

struct listing {
	const struct cairn_regrade *rg;
	struct cairn_stored *v;
	size_t n, cap;
};

/* chosen - whether owner is one of rg->owners (all, without them) */
static int chosen(const struct cairn_regrade *rg, const char *owner)
{
	const char *const *o;

	if (rg->owners == NULL)
		return 1;
	for (o = rg->owners; *o != NULL; o++)
		if (strcmp(*o, owner) == 0)
			return 1;
	return 0;
}

static int keep_owner(int dir_fd, const char *name, void *arg)
{
	struct stat st;

	return cairn_owner_safe(name) && chosen(arg, name) &&
	       fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
}

static int keep_input(int dir_fd, const char *name, void *arg)
{
	(void)dir_fd;
	(void)arg;
	return name[0] != '.';
}

/* owner_inputs - the stored inputs of DIR/OWNER/ into l */
static int owner_inputs(struct listing *l, int dir_fd, const char *dir, const char *owner,
			char *err, size_t errlen)
{
	char **names;
	int fd = openat(dir_fd, owner, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int r = fd < 0 ? -errno : cairn_dir_list(fd, ".", keep_input, NULL, &names);

	if (r < 0) {
		if (fd >= 0)
			close(fd);
		snprintf(err, errlen, "%s/%s: %s", dir, owner, strerror(-r));
		return r;
	}
	for (char **p = names; *p != NULL; p++) {
		struct cairn_stored s = { .dir = dir, .stored = *p };

		snprintf(s.owner, sizeof s.owner, "%s", owner);
		if (cairn_arrival_read(fd, *p, &s.name, &s.arrival) < 0) {
			l->rg->skipped(l->rg->arg, &s, "no arrival record (" CAIRN_ARRIVAL_DIR "/NAME)");
			continue;
		}
		s.stored = cairn_xstrdup(*p);
		l->v = cairn_xgrow(l->v, &l->cap, l->n + 1, sizeof *l->v);
		l->v[l->n++] = s;
	}
	cairn_dir_free(names);
	close(fd);
	return 0;
}

static int ts_cmp(const struct timespec *a, const struct timespec *b)
{
	if (a->tv_sec != b->tv_sec)
		return a->tv_sec < b->tv_sec ? -1 : 1;
	return (a->tv_nsec > b->tv_nsec) - (a->tv_nsec < b->tv_nsec);
}

/* by_arrival - per owner, oldest arrival first (then done/ first, by name) */
static int by_arrival(const void *pa, const void *pb)
{
	const struct cairn_stored *a = pa, *b = pb;
	int c;

	if ((c = strcmp(a->owner, b->owner)) != 0 || (c = ts_cmp(&a->arrival, &b->arrival)) != 0 ||
	    (c = strcmp(a->dir, b->dir)) != 0)
		return c;
	return strcmp(a->stored, b->stored);
}

int cairn_regrade_list(const struct cairn_regrade *rg, struct cairn_stored **out,
		       size_t *n, char *err, size_t errlen)
{
	struct listing l = { rg, NULL, 0, 0 };
	int r = 0;

	for (int d = 0; d < 2 && r == 0; d++) {
		char **owners;

		if (rg->dir_fd[d] < 0)
			continue;
		r = cairn_dir_list(rg->dir_fd[d], ".", keep_owner, (void *)rg, &owners);
		if (r < 0) {
			snprintf(err, errlen, "%s: %s", stored_dirs[d], strerror(-r));
			break;
		}
		r = 0;
		for (char **o = owners; *o != NULL && r == 0; o++)
			r = owner_inputs(&l, rg->dir_fd[d], stored_dirs[d], *o, err, errlen);
		cairn_dir_free(owners);
	}
	if (r < 0) {
		cairn_regrade_free(l.v, l.n);
		return r;
	}
	if (l.n > 1)
		qsort(l.v, l.n, sizeof *l.v, by_arrival);
	*out = l.v;
	*n = l.n;
	return 0;
}

void cairn_regrade_free(struct cairn_stored *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].stored);
		free(v[i].name);
	}
	free(v);
}

/* count - the settings' count_submissions: the results already there */
static int count(void *ctx, const char *set, const struct cairn_origin *o, unsigned *n)
{
	const struct cairn_regrade *rg = ctx;

	return cairn_submissions_count(rg->results_fd, o->owner, set,
				       cairn_time_ms(&o->received), n);
}

/*
 * input - the bytes and owner's uid of the stored input: 0, 1 when it is
 * not to be re-graded (why in err), or -errno
 */
static int input(const struct cairn_regrade *rg, const struct cairn_stored *s,
		 struct cairn_buf *data, uint32_t *uid, char *err, size_t errlen)
{
	int d = s->dir == stored_dirs[0] ? 0 : 1;
	char *path = cairn_xasprintf("%s/%s", s->owner, s->stored);
	int fd = openat(rg->dir_fd[d], path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	uint64_t max = rg->settings->limits.max_file_bytes;
	struct stat st;
	int r;

	free(path);
	if (fd < 0 && errno == ELOOP) {
		snprintf(err, errlen, "a symbolic link: not re-graded");
		return 1;
	}
	if (fd < 0 || fstat(fd, &st) < 0) {
		r = -errno;
		snprintf(err, errlen, "%s", strerror(-r));
		if (fd >= 0)
			close(fd);
		return r;
	}
	*uid = (uint32_t)st.st_uid;
	if (!S_ISREG(st.st_mode) || st.st_nlink != 1)
		r = 1;
	else
		r = cairn_buf_read_fd(data, fd, max);
	close(fd);
	if (r > 0)
		snprintf(err, errlen, "not a regular file with one link within "
			 "max_file_bytes: not re-graded");
	else if (r < 0)
		snprintf(err, errlen, "%s", strerror(-r));
	return r;
}

/* old_result - the bytes of the result published for this arrival, if any */
static int old_result(int owner_fd, const char *result, const struct timespec *arrival,
		      struct cairn_buf *old)
{
	char *where = cairn_publish_find(owner_fd, result, arrival);
	int fd = where ? openat(owner_fd, where, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) : -1;
	int r = fd >= 0 ? cairn_buf_read_fd(old, fd, UINT64_MAX) : -1;

	free(where);
	if (fd >= 0)
		close(fd);
	return r == 0;
}

/* of_set - whether the result in b names one of sets as its problem set */
static int of_set(const char *result, const struct cairn_buf *b, const char *const *sets)
{
	struct cairn_result_file r;
	char err[256];
	int yes = 0;

	if (cairn_result_read(&r, result, b->data ? b->data : "", b->len, err, sizeof err) == 0 &&
	    r.problem_set != NULL)
		for (const char *const *p = sets; *p != NULL && !yes; p++)
			yes = strcmp(*p, r.problem_set) == 0;
	cairn_result_file_free(&r);
	return yes;
}

int64_t cairn_regrade_now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	return cairn_time_ms(&t);
}

/*
 * grant_late - what the publish held back, as the daemon does it: the
 * owner's history/ is searchable as always, and a result whose release
 * came while it was published is granted here (the daemon's release
 * walk may have passed it by); else the walk grants it when it comes.
 */
static void grant_late(int owner_fd, const char *result, const struct cairn_origin *o,
		       int64_t release_ms)
{
	char *where = release_ms > cairn_regrade_now_ms() ? NULL :
		      cairn_publish_find(owner_fd, result, &o->received);

	cairn_publish_grant_held(owner_fd, where, (uid_t)o->uid);
	free(where);
}

/* publish - the result in the owner's directory, as the daemon publishes it */
static int publish(const struct cairn_regrade *rg, int owner_fd, const char *result,
		   const struct cairn_origin *o, int grant, const struct cairn_buf *out,
		   char *err, size_t errlen)
{
	struct cairn_newest nw = { o->received, rg->root_fd, CAIRN_RESULTS_LOCK,
				   0, 1, grant, (uid_t)o->uid };
	int superseded;

	return cairn_publish_input(owner_fd, result, REGRADE_TAG, out->data ? out->data : "",
				   out->len, rg->fsync, NULL, &nw,
				   &superseded, err, errlen);
}

int cairn_regrade_one(const struct cairn_regrade *rg, const struct cairn_stored *s,
		      struct cairn_regraded *out, char *err, size_t errlen)
{
	struct cairn_settings set = *rg->settings;
	struct cairn_origin o = { .received = s->arrival };
	struct cairn_buf data = CAIRN_BUF_INIT;
	struct cairn_stats st;
	atomic_int cancel = 0;
	char *result = NULL;
	int owner_fd = -1, held_back, r;

	memset(out, 0, sizeof *out);
	snprintf(o.owner, sizeof o.owner, "%s", s->owner);
	if ((r = input(rg, s, &data, &o.uid, err, errlen)) != 0)
		goto done;
	set.origin = &o;
	set.count_submissions = count;
	set.count_ctx = (void *)rg;
	r = cairn_process(s->name, data.data ? data.data : "", data.len, &set, &cancel,
			  &out->result, &st);
	if (r < 0) {
		snprintf(err, errlen, "processing: %s", strerror(-r));
		goto done;
	}
	/* As the daemon: the owner's directory is always theirs to enter. */
	owner_fd = cairn_spool_owner_dir(rg->results_fd, s->owner, o.uid != rg->euid,
					 (uid_t)o.uid);
	if (owner_fd < 0) {
		r = owner_fd;
		snprintf(err, errlen, "results/%s: %s", s->owner, strerror(-r));
		goto done;
	}
	result = cairn_result_name(s->name);
	out->had_old = old_result(owner_fd, result, &s->arrival, &out->old);
	if (rg->sets != NULL && !of_set(result, &out->result, rg->sets) &&
	    !(out->had_old && of_set(result, &out->old, rg->sets))) {
		r = 2;
		goto done;
	}
	if (out->had_old && out->old.len == out->result.len &&
	    memcmp(out->old.data, out->result.data, out->old.len) == 0)
		goto done;
	held_back = o.uid != rg->euid && st.release_ms > rg->now_ms;
	r = publish(rg, owner_fd, result, &o, o.uid != rg->euid && !held_back,
		    &out->result, err, errlen);
	out->replaced = r == 0;
	if (r == 0 && held_back)
		grant_late(owner_fd, result, &o, st.release_ms);
done:
	if (owner_fd >= 0)
		close(owner_fd);
	free(result);
	cairn_buf_free(&data);
	return r;
}

void cairn_regraded_free(struct cairn_regraded *r)
{
	cairn_buf_free(&r->old);
	cairn_buf_free(&r->result);
}

int cairn_regrade_tidy(const struct cairn_regrade *rg, const char *owner)
{
	int fd = openat(rg->results_fd, owner, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int n;

	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	n = cairn_publish_remove_stale(fd, REGRADE_TAG);
	close(fd);
	return n;
}
