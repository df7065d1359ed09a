/*
 * cairn_submissions - an owner's results, and the graded submissions
 * among them.
 *
 * Only the daemon writes results/OWNER/, so what is there is read as
 * it is: the current results (NAME.result.EXT) and the earlier
 * arrivals' in history/, each read whole and parsed by
 * cairn_result_read(); a count adds those held back in .held/, laid out
 * the same way.  A name that starts with '.' is a temporary
 * file of a publish in progress, never a result; a file that is not a
 * cairn result (a stray file an administrator left) counts as no
 * submission rather than stopping the count; but a file or directory
 * that cannot be read is an error, so that a limit is never passed
 * because a count came out short.  Files are opened without following
 * a symbolic link and without blocking on a FIFO.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_buf.h"
#include "cairn_dir.h"
#include "cairn_mem.h"
#include "cairn_spool_dirs.h"
#include "cairn_submissions.h"
#include "cairn_time.h"


/* result_name - NAME.result.EXT: a current result's name */
static int result_name(int dir_fd, const char *name, void *arg)
{
	struct stat st;

	(void)arg;
	return name[0] != '.' && strstr(name, ".result.") != NULL &&
	       fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode);
}

/* kept_name - any regular file of history/ not being written */
static int kept_name(int dir_fd, const char *name, void *arg)
{
	struct stat st;

	(void)arg;
	return name[0] != '.' &&
	       fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode);
}

/* Who is called for each file: fn, or at with the file's path. */
struct visit {
	cairn_submissions_fn *fn;
	cairn_submissions_at_fn *at;
	void *arg;
	const char *dir;		/* the path's directory: "" or "history/" */
};

/*
 * one - dir_fd/name read and handed to the visitor; a name gone meanwhile
 * (a result moved into history/ after the listing) or replaced by a link
 * is passed over.
 */
static int one(int dir_fd, const char *name, const struct visit *v)
{
	struct cairn_buf data = CAIRN_BUF_INIT;
	struct cairn_result_file r;
	char err[256];
	int fd = openat(dir_fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), rc;

	if (fd < 0)
		return errno == ENOENT || errno == ELOOP ? 0 : -errno;
	rc = cairn_buf_read_fd(&data, fd, UINT64_MAX);
	memset(&r, 0, sizeof(r));
	if (rc == 0 && cairn_result_read(&r, name, data.data ? data.data : "", data.len,
					 err, sizeof(err)) == 0) {
		if (v->fn != NULL) {
			rc = v->fn(v->arg, fd, &r);
		} else {
			char *where = cairn_xasprintf("%s%s", v->dir, name);

			rc = v->at(v->arg, where, fd, &r);
			free(where);
		}
	}
	cairn_result_file_free(&r);
	cairn_buf_free(&data);
	close(fd);
	return rc;
}

/* each_in - the visitor for each file of dir_fd/path that keep() lists */
static int each_in(int dir_fd, const char *path, cairn_dir_keep_fn *keep, const struct visit *v)
{
	char **names;
	int n = cairn_dir_list(dir_fd, path, keep, NULL, &names), rc = 0, fd;

	if (n < 0)
		return n;
	fd = openat(dir_fd, path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		rc = -errno;
	for (int i = 0; rc == 0 && i < n; i++)
		rc = one(fd, names[i], v);
	if (fd >= 0)
		close(fd);
	cairn_dir_free(names);
	return rc;
}

/* each - the visitor for the results of owner_fd and its history/ */
static int each(int owner_fd, struct visit *v)
{
	struct stat st;
	int rc = each_in(owner_fd, ".", result_name, v);

	if (rc != 0)
		return rc;
	if (fstatat(owner_fd, CAIRN_HISTORY_DIR, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return errno == ENOENT ? 0 : -errno;
	v->dir = CAIRN_HISTORY_DIR "/";
	/* A link in its place is never followed: nothing kept there. */
	return S_ISDIR(st.st_mode) ? each_in(owner_fd, CAIRN_HISTORY_DIR, kept_name, v) : 0;
}

int cairn_submissions_each(int owner_fd, cairn_submissions_fn *fn, void *arg)
{
	struct visit v = { fn, NULL, arg, "" };

	return each(owner_fd, &v);
}

int cairn_submissions_each_at(int owner_fd, cairn_submissions_at_fn *fn, void *arg)
{
	struct visit v = { NULL, fn, arg, "" };

	return each(owner_fd, &v);
}

/* What counting looks for. */
struct count {
	const char *set;
	int64_t before_ms;
	const char *source;
	unsigned n;
};

/*
 * before - whether a result received at ms from `source` arrived before
 * the file counting: files of one owner with the same arrival are in
 * the order of their names (doc/grading.md).
 */
static int before(const struct count *c, int64_t ms, const char *source)
{
	return ms < c->before_ms ||
	       (ms == c->before_ms && c->source != NULL && source != NULL &&
		strcmp(source, c->source) < 0);
}

static int count_one(void *arg, int fd, const struct cairn_result_file *r)
{
	struct count *c = arg;

	(void)fd;
	if (r->error == NULL && r->problem_set != NULL && strcmp(r->problem_set, c->set) == 0 &&
	    r->received != NULL && before(c, cairn_time_ms(&r->received_at), r->source))
		c->n++;
	return 0;
}

int cairn_submissions_count(int results_fd, const char *owner, const char *set,
			    int64_t before_ms, const char *source, unsigned *n)
{
	struct count c = { set, before_ms, source, 0 };
	int fd = openat(results_fd, owner, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC), rc, held;

	*n = 0;
	if (fd < 0)
		return errno == ENOENT || errno == ELOOP || errno == ENOTDIR ? 0 : -errno;
	rc = cairn_submissions_each(fd, count_one, &c);
	/* Results held back until their feedback is due count as well. */
	held = rc == 0 ? openat(fd, CAIRN_HELD_DIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
				O_CLOEXEC) : -1;
	if (rc == 0 && held < 0 && errno != ENOENT)
		rc = -errno;
	if (held >= 0) {
		rc = cairn_submissions_each(held, count_one, &c);
		close(held);
	}
	close(fd);
	if (rc == 0)
		*n = c.n;
	return rc;
}
