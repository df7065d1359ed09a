/*
 * cairn_retain - the retention walk (cairn_retain.h).
 *
 * Each kind is walked owner by owner in name order (cairn_dir_list), so
 * that two walks of one spool meet the same files in the same order.
 * A stored input's record goes with it, being its attribute
 * (cairn_arrival.h); a record file of .arrival/ is removed after its
 * input: a crash between the two leaves a record without an input,
 * which a later walk removes once it is as old as the input would have
 * been.  An error keeps that one file (and
 * is reported once per walk, the first); the walk goes on with the rest.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_arrival.h"
#include "cairn_dir.h"
#include "cairn_publish.h"
#include "cairn_retain.h"
#include "cairn_spool_dirs.h"
#include "cairn_time.h"

/* One owner's directory of one kind, as a walk of it sees it. */
struct owner {
	struct cairn_retain *rw;
	const char *kind;		/* CAIRN_DIR_DONE, _FAILED or _RESULTS */
	const char *name;		/* the owner */
	int fd;				/* the owner's directory (or its history/) */
	int arrival_fd;			/* its .arrival/, or -1 */
	int64_t before_ms;		/* what arrived before this goes */
	unsigned long *count;
};

/* note - the first error of the walk, with where it was. */
static void note(struct cairn_retain *rw, int err, const char *kind, const char *owner,
		 const char *name)
{
	if (rw->err != 0 || err == ENOENT)
		return;
	rw->err = err;
	snprintf(rw->where, sizeof(rw->where), "%s%s%s%s%s", kind, owner ? "/" : "",
		 owner ? owner : "", name ? "/" : "", name ? name : "");
}

/* a_dir - a directory not starting with '.', not a symbolic link. */
static int a_dir(int dir_fd, const char *name, void *arg)
{
	struct stat st;

	(void)arg;
	return name[0] != '.' && fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	       S_ISDIR(st.st_mode);
}

/* not_dot - a name that may be a stored file: not one starting with '.'. */
static int not_dot(int dir_fd, const char *name, void *arg)
{
	(void)dir_fd;
	(void)arg;
	return name[0] != '.';
}

static int open_dir(int parent_fd, const char *name)
{
	return openat(parent_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

/* remove_one - unlink o's name (and its record); counted when it was there. */
static void remove_one(struct owner *o, const char *name)
{
	if (unlinkat(o->fd, name, 0) < 0) {
		note(o->rw, errno, o->kind, o->name, name);
		return;
	}
	(*o->count)++;
	if (o->arrival_fd >= 0 && unlinkat(o->arrival_fd, name, 0) < 0)
		note(o->rw, errno, o->kind, o->name, name);
}

/*
 * stored_input - a stored input goes when it arrived before o's limit:
 * by its record, or its change time without one.  Directories stay.
 */
static void stored_input(struct owner *o, const char *name)
{
	struct timespec t;
	struct stat st;

	if (fstatat(o->fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		note(o->rw, errno, o->kind, o->name, name);
		return;
	}
	if (S_ISDIR(st.st_mode))
		return;
	if (cairn_arrival_time(o->fd, o->arrival_fd, name, &t) < 0)
		t = st.st_ctim;
	if (cairn_time_ms(&t) < o->before_ms)
		remove_one(o, name);
}

/* orphan_record - a record whose input is gone goes when it would have. */
static void orphan_record(struct owner *o, const char *name)
{
	struct timespec t;
	struct stat st;

	if (fstatat(o->fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 || errno != ENOENT)
		return;
	if (cairn_arrival_time(-1, o->arrival_fd, name, &t) == 0 &&
	    cairn_time_ms(&t) < o->before_ms && unlinkat(o->arrival_fd, name, 0) < 0)
		note(o->rw, errno, o->kind, o->name, name);
}

/* history_file - an earlier result goes when it arrived before the limit. */
static void history_file(struct owner *o, const char *name)
{
	struct stat st;

	if (fstatat(o->fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		note(o->rw, errno, o->kind, o->name, name);
	else if (S_ISREG(st.st_mode) && cairn_time_ms(&st.st_mtim) < o->before_ms)
		remove_one(o, name);
}

/* each - fn for every name of dir_fd that keep() lists. */
static void each(struct owner *o, int dir_fd, void (*fn)(struct owner *, const char *))
{
	char **names;
	int n = cairn_dir_list(dir_fd, ".", not_dot, NULL, &names);

	if (n < 0) {
		note(o->rw, -n, o->kind, o->name, NULL);
		return;
	}
	for (int i = 0; i < n; i++)
		fn(o, names[i]);
	cairn_dir_free(names);
}

/* stored - the inputs of one owner's done/ or failed/ directory. */
static void stored(struct owner *o, int top_fd)
{
	if ((o->fd = open_dir(top_fd, o->name)) < 0) {
		note(o->rw, errno, o->kind, o->name, NULL);
		return;
	}
	o->arrival_fd = open_dir(o->fd, CAIRN_ARRIVAL_DIR);
	if (o->arrival_fd < 0 && errno != ENOENT)
		note(o->rw, errno, o->kind, o->name, CAIRN_ARRIVAL_DIR);
	each(o, o->fd, stored_input);
	if (o->arrival_fd >= 0) {
		each(o, o->arrival_fd, orphan_record);
		close(o->arrival_fd);
	}
	close(o->fd);
}

/* history_in - the history/ of dir_fd, named `what` in the error noted. */
static void history_in(struct owner *o, int dir_fd, const char *what)
{
	o->fd = open_dir(dir_fd, CAIRN_HISTORY_DIR);
	if (o->fd < 0) {
		note(o->rw, errno, o->kind, o->name, what);
		return;
	}
	each(o, o->fd, history_file);
	close(o->fd);
}

/*
 * history - one owner's results/OWNER/history/, and that of the results
 * held back until their feedback is due, .held/history/.
 */
static void history(struct owner *o, int top_fd)
{
	int ofd = open_dir(top_fd, o->name), hfd;

	o->arrival_fd = -1;
	if (ofd < 0) {
		note(o->rw, errno, o->kind, o->name, NULL);
		return;
	}
	history_in(o, ofd, CAIRN_HISTORY_DIR);
	if ((hfd = open_dir(ofd, CAIRN_HELD_DIR)) >= 0) {
		history_in(o, hfd, CAIRN_HELD_DIR "/" CAIRN_HISTORY_DIR);
		close(hfd);
	} else {
		note(o->rw, errno, o->kind, o->name, CAIRN_HELD_DIR);
	}
	close(ofd);
}

/* kind - every owner's directory of one kind, when it has a limit. */
static void kind(struct cairn_retain *rw, const char *what, int top_fd, uint64_t limit_s,
		 unsigned long *count, void (*walk)(struct owner *, int))
{
	struct owner o = { rw, what, NULL, -1, -1, rw->now_ms - (int64_t)limit_s * 1000, count };
	char **owners;
	int n;

	if (limit_s == 0)
		return;
	if ((n = cairn_dir_list(top_fd, ".", a_dir, NULL, &owners)) < 0) {
		note(rw, -n, what, NULL, NULL);
		return;
	}
	for (int i = 0; i < n; i++) {
		o.name = owners[i];
		walk(&o, top_fd);
	}
	cairn_dir_free(owners);
}

void cairn_retain_walk(struct cairn_retain *rw)
{
	kind(rw, CAIRN_DIR_DONE, rw->done_fd, rw->done_s, &rw->done, stored);
	kind(rw, CAIRN_DIR_FAILED, rw->failed_fd, rw->failed_s, &rw->failed, stored);
	kind(rw, CAIRN_DIR_RESULTS, rw->results_fd, rw->history_s, &rw->history, history);
}
