/*
 * cairn_watch - inotify on incoming/, incremental scans, settle timer.
 *
 * The watch is installed before the first scan, so no file can slip
 * between the two: a file written after the scan read its directory
 * entry raises an event, and one written before is found by the scan.
 * Events lost to a queue overflow are made up by a full rescan.  When
 * incoming/ is deleted, moved away or unmounted, it is re-created, watched
 * again and rescanned.  The descriptor the watcher holds on incoming/
 * keeps the kernel from reporting its deletion, so every periodic rescan
 * first checks by path: the spool's directories (cairn_spool_revive) and
 * incoming/ itself must still be the inodes held, with links; and a watch
 * on the spool root sees a new incoming/ made in place of the old one at
 * once.  The watcher never races a person re-creating incoming/: it
 * creates a missing one only at the periodic check.  An error opening,
 * watching or reading incoming/ is no reason to stop looking: it is
 * tried again with its own backoff, rescan_s or not, and said when it
 * begins and when it ends.  Scans never load a whole directory: each loop
 * iteration reads CAIRN_SCAN_BATCH entries, so a million files never stall
 * the loop, and the bounded pending set keeps memory fixed.  Every read
 * of the inotify queue to its end first reads the coarse clock the
 * kernel stamps ctime with (cairn_pending_drained): a file renamed in
 * with a ctime before it has had its event read, which is what lets an
 * owner's files go in the order of arrival and name; when a file waits
 * for that clock to pass its arrival, the tick timer reads the queue
 * again a millisecond later, and is armed again only while one waits.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cairn_log.h"
#include "cairn_spool_dirs.h"
#include "cairn_stat.h"
#include "cairn_watch.h"

#define WATCH_MASK (IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_Q_OVERFLOW | \
		    IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT | \
		    IN_ONLYDIR)
/* The longest wait between two tries at incoming/ after an error. */
#define RETRY_MAX_MS 60000

static uint64_t wall_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static int restat(void *ctx, const char *name, struct stat *st)
{
	struct cairn_watch *w = ctx;

	/* The ctime too: it is the file's arrival, the order of the set. */
	return w->dir_fd < 0 || cairn_stat_change(w->dir_fd, name, st) < 0;
}

static void settle_cb(uv_timer_t *t)
{
	struct cairn_watch *w = t->data;
	long next = cairn_pending_settle(w->pending, uv_now(w->loop), wall_ms(),
					 restat, w);

	if (next >= 0)
		uv_timer_start(&w->settle, settle_cb, (uint64_t)next, 0);
	w->ready(w);
}

/* arm_settle - make sure settling candidates are looked at again. */
static void arm_settle(struct cairn_watch *w, uint64_t delay)
{
	if (!uv_is_active((uv_handle_t *)&w->settle) ||
	    uv_timer_get_due_in(&w->settle) > delay)
		uv_timer_start(&w->settle, settle_cb, delay, 0);
}

void cairn_watch_note(struct cairn_watch *w, const char *name, int how)
{
	struct stat st;
	struct cairn_cand *c;

	if (cairn_spoolname_ignored(name) || restat(w, name, &st) != 0)
		return;
	c = cairn_pending_note(w->pending, name, &st, how,
			       uv_now(w->loop), wall_ms());
	/* Only what this host does raises inotify events: ours at once. */
	if (c != NULL && how != CAIRN_NOTE_SCAN)
		cairn_pending_local(w->pending, c);
	if (c != NULL && !c->ready && !c->running)
		arm_settle(w, w->pending->settle_ms);
}

static void scan_step(uv_idle_t *h);
static void retry_cb(uv_timer_t *t);

/*
 * trouble - incoming/ could not be opened, watched or read: try again
 * after a backoff whatever rescan_s says.  A run of such errors is logged
 * once, when it begins; the tries after it at level debug.
 */
static void trouble(struct cairn_watch *w, const char *msg, int err)
{
	char v[256], e[256];
	int first = w->retry_ms == 0;

	if (uv_is_active((uv_handle_t *)&w->retry) || uv_is_closing((uv_handle_t *)&w->retry))
		return;		/* another step of the same try */
	w->retry_ms = first ? 1000 : w->retry_ms * 2 > RETRY_MAX_MS ? RETRY_MAX_MS : w->retry_ms * 2;
	w->retries++;
	cairn_log(first ? CAIRN_LOG_ERROR : CAIRN_LOG_DEBUG, msg,
		  "dir=%s error=%s action=retry retry_in_ms=%" PRIu64,
		  cairn_log_value(v, sizeof(v), w->sp->incoming_path),
		  cairn_log_value(e, sizeof(e), strerror(err)), w->retry_ms);
	uv_timer_start(&w->retry, retry_cb, w->retry_ms, 0);
}

/* fine - incoming/ is open, watched and read again: say that the errors ended. */
static void fine(struct cairn_watch *w)
{
	char v[256];

	if (w->retry_ms == 0 || w->dir_fd < 0 || (w->inotify_fd >= 0 && w->wd < 0))
		return;
	uv_timer_stop(&w->retry);
	cairn_log(CAIRN_LOG_INFO, "incoming recovered", "dir=%s retries=%lu",
		  cairn_log_value(v, sizeof(v), w->sp->incoming_path), w->retries);
	w->retry_ms = 0;
	w->retries = 0;
}

static void scan_begin(struct cairn_watch *w)
{
	int fd;

	if (w->dir_fd < 0)
		return;		/* incoming/ is gone: the periodic check makes it */
	fd = openat(w->dir_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0 || (w->scan = fdopendir(fd)) == NULL) {
		int e = errno;

		if (fd >= 0)
			close(fd);
		trouble(w, "scan failed", e);
		return;
	}
	fine(w);
	w->scans++;
	cairn_pending_scan_begin(w->pending);
	uv_idle_start(&w->idle, scan_step);
}

static void scan_step(uv_idle_t *h)
{
	struct cairn_watch *w = h->data;
	struct dirent *de = NULL;

	for (int i = 0; i < CAIRN_SCAN_BATCH; i++) {
		errno = 0;
		de = readdir(w->scan);
		if (de == NULL)
			break;
		if (!cairn_pending_seen(w->pending, de->d_name))
			cairn_watch_note(w, de->d_name, CAIRN_NOTE_SCAN);
	}
	if (de == NULL) {
		if (errno == 0)
			cairn_pending_scan_end(w->pending);
		closedir(w->scan);
		w->scan = NULL;
		uv_idle_stop(&w->idle);
		if (w->scan_again) {
			w->scan_again = 0;
			scan_begin(w);
		}
	}
	w->ready(w);
}

int cairn_watch_scanning(const struct cairn_watch *w)
{
	return w->scan != NULL || w->retry_ms != 0;
}

void cairn_watch_rescan(struct cairn_watch *w)
{
	if (w->scan != NULL)
		w->scan_again = 1;
	else
		scan_begin(w);
}

/* watch_root - see a new incoming/ appear in the spool root. */
static void watch_root(struct cairn_watch *w)
{
	if (w->inotify_fd < 0)
		return;
	if (w->root_wd >= 0)
		inotify_rm_watch(w->inotify_fd, w->root_wd);
	w->root_wd = inotify_add_watch(w->inotify_fd, w->sp->root,
				       IN_CREATE | IN_MOVED_TO | IN_ONLYDIR);
}

/* incoming_replaced - the held incoming/ is not the one at its path. */
static int incoming_replaced(const struct cairn_watch *w)
{
	struct stat a, b;

	if (w->dir_fd < 0 || fstat(w->dir_fd, &a) < 0 || a.st_nlink == 0)
		return 1;
	if (fstatat(w->sp->root_fd, CAIRN_DIR_INCOMING, &b, AT_SYMLINK_NOFOLLOW) < 0)
		return 1;	/* a symbolic link in its place is not it (doc/spool.md) */
	return a.st_dev != b.st_dev || a.st_ino != b.st_ino;
}

/*
 * check_spool - the periodic check by path: re-create the spool's
 * directories if they were deleted or replaced; 1 when incoming/ must be
 * watched again.
 */
static int check_spool(struct cairn_watch *w)
{
	char what[256], v[256], e[256];
	int r = cairn_spool_revive(w->sp, what, sizeof(what));

	/* A spool that stays missing is said when it goes and when it is back. */
	if (r != 0)
		cairn_log(r > 0 ? CAIRN_LOG_WARNING : w->spool_failing++ ? CAIRN_LOG_DEBUG :
			  CAIRN_LOG_ERROR,
			  r > 0 ? "spool replaced" : "spool missing", "dir=%s %s=%s action=%s",
			  cairn_log_value(v, sizeof(v), w->sp->root), r > 0 ? "dirs" : "error",
			  cairn_log_value(e, sizeof(e), what), r > 0 ? "recreated" : "retry");
	if (r >= 0 && w->spool_failing > 0) {
		cairn_log(CAIRN_LOG_INFO, "spool recovered", "dir=%s retries=%lu",
			  cairn_log_value(v, sizeof(v), w->sp->root), w->spool_failing);
		w->spool_failing = 0;
	}
	if (r > 0)
		watch_root(w);
	if (!incoming_replaced(w))
		return 0;
	cairn_log(CAIRN_LOG_WARNING, "incoming replaced", "dir=%s action=recreate",
		  cairn_log_value(v, sizeof(v), w->sp->incoming_path));
	return 1;
}

/*
 * open_incoming - open incoming/, never through a symbolic link; only
 * with `create` is a missing one made, and a link in its place removed.
 * The descriptor, -1 when the periodic check is to make it, or a
 * negative errno value.
 */
static int open_incoming(struct cairn_watch *w, int create)
{
	char v[256];
	unsigned links = 0;
	int fd;

	if (create) {
		fd = cairn_spool_open_incoming(w->sp, w->incoming_mode, &links);
		if (links > 0)
			cairn_log(CAIRN_LOG_WARNING, "symbolic link in the spool", "dir=%s count=%u "
				  "action=removed_and_recreated",
				  cairn_log_value(v, sizeof(v), w->sp->incoming_path), links);
		return fd;
	}
	fd = openat(w->sp->root_fd, CAIRN_DIR_INCOMING,
		    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && (errno == ENOENT || errno == ELOOP || errno == ENOTDIR))
		return -1;	/* gone, or a link: the periodic check makes it */
	return fd < 0 ? -errno : fd;
}

/*
 * add_watch - watch the directory held, not whatever its path leads to
 * now: through /proc/self/fd, else by path without following a link.
 */
static int add_watch(struct cairn_watch *w)
{
	char proc[64];
	int wd;

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", w->dir_fd);
	wd = inotify_add_watch(w->inotify_fd, proc, WATCH_MASK);
	if (wd < 0 && errno == ENOENT)
		wd = inotify_add_watch(w->inotify_fd, w->sp->incoming_path,
				       WATCH_MASK | IN_DONT_FOLLOW);
	return wd;
}

/*
 * rewatch - watch incoming/ again, then rescan.  Only with `create` is a
 * missing one made: right after incoming/ went away a person is likely
 * to be putting a new one in its place, and a directory made meanwhile
 * would take theirs inside it.
 */
static void rewatch(struct cairn_watch *w, int create)
{
	struct stat old;

	if (w->inotify_fd >= 0 && w->wd >= 0)
		inotify_rm_watch(w->inotify_fd, w->wd);
	w->wd = -1;
	if (w->dir_fd >= 0) {
		if (fstat(w->dir_fd, &old) == 0)
			w->incoming_mode = old.st_mode;
		close(w->dir_fd);
	}
	w->dir_fd = open_incoming(w, create);
	if (w->dir_fd >= 0 && fstat(w->dir_fd, &old) == 0)
		w->incoming_mode = old.st_mode;
	/* The workers' lookups and claims follow it to the new directory. */
	int r = w->dir_fd >= 0 ? cairn_spool_follow_incoming(w->sp, w->dir_fd) : 0;

	if (r < 0)
		trouble(w, "incoming not followed", -r);
	if (w->dir_fd >= 0 && w->inotify_fd >= 0) {
		w->wd = add_watch(w);
		if (w->wd < 0)
			trouble(w, "watch failed", errno);
	} else if (w->dir_fd < -1) {
		trouble(w, "incoming missing", -w->dir_fd);
		w->dir_fd = -1;
	}
	if (w->scan != NULL) {
		/* The old scan reads a directory that is gone: restart. */
		closedir(w->scan);
		w->scan = NULL;
		uv_idle_stop(&w->idle);
	}
	cairn_watch_rescan(w);
}

/* event - one inotify event; returns 1 when incoming/ must be re-watched. */
static int event(struct cairn_watch *w, const struct inotify_event *ev)
{
	if (ev->mask & IN_Q_OVERFLOW) {
		w->overflows++;
		cairn_log(CAIRN_LOG_INFO, "inotify overflow", "action=rescan");
		cairn_watch_rescan(w);
		return 0;
	}
	if (ev->wd == w->root_wd && ev->wd >= 0) {
		/* A new incoming/ in the spool root: serve it now. */
		return ev->len > 0 && strcmp(ev->name, CAIRN_DIR_INCOMING) == 0 &&
		       (ev->mask & (IN_CREATE | IN_MOVED_TO)) && incoming_replaced(w);
	}
	if (ev->wd != w->wd)
		return 0;		/* the IN_IGNORED of a watch we dropped */
	if (ev->mask & (IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT | IN_IGNORED))
		return 1;
	/*
	 * A file renamed in is complete; one written in place is taken once
	 * quiet for settle_ms after its last write or close (a writer that
	 * closes and reopens is waited for), and never while open for
	 * writing (the job's lease, cairn_lease.h).
	 */
	if (ev->len > 0 && (ev->mask & IN_MOVED_TO))
		cairn_watch_note(w, ev->name, CAIRN_NOTE_READY);
	else if (ev->len > 0 && (ev->mask & (IN_CLOSE_WRITE | IN_MODIFY)))
		cairn_watch_note(w, ev->name, CAIRN_NOTE_CHANGED);
	return 0;
}

/*
 * read_events - read every inotify event queued, the coarse clock having
 * been read just before (cairn_pending_drained): a file whose ctime is
 * before that time was renamed in before the read, so its event is read.
 */
static void read_events(struct cairn_watch *w)
{
	char buf[65536] __attribute__((aligned(__alignof__(struct inotify_event))));
	struct timespec ts;
	int lost = 0;

	clock_gettime(CLOCK_REALTIME_COARSE, &ts);
	cairn_pending_drained(w->pending, (uint64_t)ts.tv_sec * 1000 +
			      (uint64_t)ts.tv_nsec / 1000000, uv_now(w->loop));
	while (w->inotify_fd >= 0) {
		ssize_t n = read(w->inotify_fd, buf, sizeof(buf));

		if (n <= 0) {
			if (n < 0 && errno == EINTR)
				continue;
			break;
		}
		for (char *q = buf; q < buf + n; ) {
			const struct inotify_event *ev = (const struct inotify_event *)q;

			lost |= event(w, ev);
			q += sizeof(*ev) + ev->len;
		}
	}
	if (lost) {
		char v[256];

		cairn_log(CAIRN_LOG_WARNING, "incoming replaced", "dir=%s action=recreate",
			  cairn_log_value(v, sizeof(v), w->sp->incoming_path));
		rewatch(w, 0);
	}
}

static void poll_cb(uv_poll_t *p, int status, int events)
{
	struct cairn_watch *w = p->data;

	read_events(w);
	w->ready(w);
}

/*
 * tick_cb - a file waited for the clock to pass its arrival: read the
 * events again (without inotify, files come from scans only, and the
 * clock alone says that time has passed).
 */
static void tick_cb(uv_timer_t *t)
{
	struct cairn_watch *w = t->data;

	read_events(w);
	w->ready(w);
}

void cairn_watch_tick(struct cairn_watch *w)
{
	if (!w->pending->tick_wait || uv_is_closing((uv_handle_t *)&w->tick))
		return;
	w->pending->tick_wait = 0;
	if (!uv_is_active((uv_handle_t *)&w->tick))
		uv_timer_start(&w->tick, tick_cb, 1, 0);
}

/* retry_cb - after an error: open and watch incoming/ again, or scan it. */
static void retry_cb(uv_timer_t *t)
{
	struct cairn_watch *w = t->data;

	if (w->dir_fd < 0 || (w->inotify_fd >= 0 && w->wd < 0))
		rewatch(w, 1);
	else
		cairn_watch_rescan(w);
}

static void rescan_cb(uv_timer_t *t)
{
	struct cairn_watch *w = t->data;

	if (check_spool(w) || w->dir_fd < 0 || (w->inotify_fd >= 0 && w->wd < 0))
		rewatch(w, 1);
	else
		cairn_watch_rescan(w);
}

void cairn_watch_set_rescan(struct cairn_watch *w, unsigned rescan_s)
{
	uv_timer_stop(&w->rescan);
	if (rescan_s > 0)
		uv_timer_start(&w->rescan, rescan_cb, (uint64_t)rescan_s * 1000,
			       (uint64_t)rescan_s * 1000);
}

int cairn_watch_start(struct cairn_watch *w, uv_loop_t *loop,
		      const struct cairn_spool *sp, struct cairn_pending *p,
		      int use_inotify, unsigned rescan_s,
		      void (*ready)(struct cairn_watch *w),
		      char *err, size_t errlen)
{
	memset(w, 0, sizeof(*w));
	w->loop = loop;
	w->sp = sp;
	w->pending = p;
	w->ready = ready;
	w->inotify_fd = w->wd = w->root_wd = w->dir_fd = -1;
	if (use_inotify) {
		w->inotify_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
		if (w->inotify_fd < 0) {
			snprintf(err, errlen, "inotify_init1: %s", strerror(errno));
			return -errno;
		}
		int r = uv_poll_init(loop, &w->poll, w->inotify_fd);
		if (r < 0) {
			snprintf(err, errlen, "uv_poll_init: %s", uv_strerror(r));
			close(w->inotify_fd);
			return r;
		}
		w->poll.data = w;
		w->nopen++;
		uv_poll_start(&w->poll, UV_READABLE, poll_cb);
	}
	uv_idle_init(loop, &w->idle);
	uv_timer_init(loop, &w->settle);
	uv_timer_init(loop, &w->rescan);
	uv_timer_init(loop, &w->tick);
	uv_timer_init(loop, &w->retry);
	w->idle.data = w->settle.data = w->rescan.data = w->tick.data = w->retry.data = w;
	w->nopen += 5;
	cairn_watch_set_rescan(w, rescan_s);
	watch_root(w);
	rewatch(w, 1);		/* watch first, then scan */
	return 0;
}

static void handle_closed(uv_handle_t *h)
{
	struct cairn_watch *w = h->data;

	if (h == (uv_handle_t *)&w->poll) {
		close(w->inotify_fd);
		w->inotify_fd = -1;
	}
	if (--w->nopen == 0 && w->closed != NULL)
		w->closed(w);
}

void cairn_watch_close(struct cairn_watch *w, void (*closed)(struct cairn_watch *w))
{
	w->closed = closed;
	if (w->scan != NULL) {
		closedir(w->scan);
		w->scan = NULL;
	}
	if (w->dir_fd >= 0) {
		close(w->dir_fd);
		w->dir_fd = -1;
	}
	if (w->inotify_fd >= 0)
		uv_close((uv_handle_t *)&w->poll, handle_closed);
	uv_close((uv_handle_t *)&w->idle, handle_closed);
	uv_close((uv_handle_t *)&w->settle, handle_closed);
	uv_close((uv_handle_t *)&w->rescan, handle_closed);
	uv_close((uv_handle_t *)&w->tick, handle_closed);
	uv_close((uv_handle_t *)&w->retry, handle_closed);
}
