/*
 * cairn_publish - durable result files.
 *
 * The order of operations is the whole point: temporary file (O_EXCL, so
 * two writers never share one), write everything, fsync, rename over the
 * final name, fsync the directory.  Only after this returns 0 may the
 * caller move the input out of processing/.  On any failure the temporary
 * file is unlinked and the error returned; the old result, if any, stays
 * untouched.  Temporary names are ".WORD.<16 hex>.<tag>.tmp" (WORD is
 * "result" or "spare", the tag the instance name), so each instance can
 * remove its own leftovers at start: the tag is the exact rest of the
 * name, so instance "a" never takes the files of instance "x.a"; and a
 * temporary name is short whatever the result's name.  Where moves go by
 * link, the daemon makes them in a directory of its own
 * (cairn_publish_state.tmp_fd), not in the results' directory: creating and
 * removing a name holds the directory's lock, on FUSE for a round trip or
 * two, and every result's link into place queued behind its neighbours'
 * temporary files.
 *
 * A result made from an input carries the input's arrival time (when the
 * daemon took it, which its submitter cannot set) as its modification
 * time, and replaces an existing result only when that one is not newer
 * (doc/spool.md: the latest arrival wins, whichever instance finishes
 * first).  A name's first result is placed by a move that never replaces;
 * replacing one is done, compare and rename, under a record lock on one
 * byte (by the name's hash) of a lock file that the caller names (the
 * daemon's is processing/.results.lock, out of readers' way), taken with
 * F_OFD_SETLKW on a descriptor of the publish's own, so that instances on
 * other hosts and threads of this one exclude each other.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cairn_acl.h"
#include "cairn_buf.h"
#include "cairn_fnv.h"
#include "cairn_mem.h"
#include "cairn_ownerdir.h"
#include "cairn_publish.h"
#include "cairn_spool.h"
#include "cairn_spoolname.h"
#include "cairn_umask.h"

#define RANDOM_HEX 16

/* Spare temporary files kept per directory: one per concurrent publish. */
#define SPARES_MAX 4

struct cairn_spare {
	int fd;
	char *name;
};

void cairn_publish_init(struct cairn_publish_state *ps, int tmp_fd)
{
	mode_t mask;

	cairn_dirsync_init(&ps->sync);
	pthread_mutex_init(&ps->mu, NULL);
	ps->spares = cairn_xcalloc(SPARES_MAX, sizeof(ps->spares[0]));
	ps->nspares = 0;
	ps->tmp_fd = tmp_fd;
	ps->made_mode = 0;
	if (tmp_fd >= 0 && cairn_acl_inherits(tmp_fd) == 0 && cairn_umask_read(&mask) == 0)
		ps->made_mode = 0640 & ~mask;
	ps->dirs = cairn_ownerdir_new();
}

/* temp_dir - where a publish into dir_fd through ps makes its temporary file. */
static int temp_dir(const struct cairn_publish_state *ps, int dir_fd)
{
	return ps != NULL && ps->tmp_fd >= 0 ? ps->tmp_fd : dir_fd;
}

void cairn_publish_destroy(struct cairn_publish_state *ps, int dir_fd)
{
	for (unsigned i = 0; i < ps->nspares; i++) {
		close(ps->spares[i].fd);
		unlinkat(temp_dir(ps, dir_fd), ps->spares[i].name, 0);
		free(ps->spares[i].name);
	}
	free(ps->spares);
	ps->spares = NULL;
	ps->nspares = 0;
	cairn_ownerdir_free(ps->dirs);
	ps->dirs = NULL;
	pthread_mutex_destroy(&ps->mu);
	cairn_dirsync_destroy(&ps->sync);
}

static uint64_t seed;
static pthread_once_t seed_once = PTHREAD_ONCE_INIT;

static void make_seed(void)
{
	if (getrandom(&seed, sizeof(seed), GRND_NONBLOCK) != (ssize_t)sizeof(seed))
		seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
}

/* random_hex - RANDOM_HEX hex digits, unique: a random seed, then a count times an odd number */
static void random_hex(char *out)
{
	static _Atomic uint64_t n;

	pthread_once(&seed_once, make_seed);
	snprintf(out, RANDOM_HEX + 1, "%016llx", (unsigned long long)(seed + n++ * 0x9e3779b97f4aa7ull));
}

/* create_temp - open a fresh temporary file; its name goes to *tmp. */
static int create_temp(int dir_fd, const char *word, const char *tag, char **tmp)
{
	for (int tries = 0; ; tries++) {
		char hex[RANDOM_HEX + 1];

		random_hex(hex);
		*tmp = cairn_xasprintf(".%s.%s.%s.tmp", word, hex, tag);
		int fd = openat(dir_fd, *tmp, O_WRONLY | O_CREAT | O_EXCL |
				O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0640);
		if (fd >= 0)
			return fd;
		int e = errno;
		free(*tmp);
		*tmp = NULL;
		if (e != EEXIST || tries == 10)
			return -e;
	}
}

/* take_spare - a spare temporary file of ps, or -1. */
static int take_spare(struct cairn_publish_state *ps, char **tmp)
{
	int fd = -1;

	pthread_mutex_lock(&ps->mu);
	/* One removed meanwhile (a deleted results/) fails its move: see cairn_publish_input. */
	if (ps->nspares > 0) {
		struct cairn_spare *sp = &ps->spares[--ps->nspares];

		fd = sp->fd;
		*tmp = sp->name;
	}
	pthread_mutex_unlock(&ps->mu);
	return fd;
}

/*
 * A failure (a full disk) only means that the next publish creates its
 * own temporary file and reports the error then.
 */
void cairn_publish_spare(struct cairn_publish_state *ps, int dir_fd, const char *tag)
{
	char *tmp;
	int fd;

	pthread_mutex_lock(&ps->mu);
	unsigned n = ps->nspares;
	pthread_mutex_unlock(&ps->mu);
	if (n >= SPARES_MAX || (fd = create_temp(temp_dir(ps, dir_fd), "spare", tag, &tmp)) < 0)
		return;
	pthread_mutex_lock(&ps->mu);
	if (ps->nspares < SPARES_MAX) {
		ps->spares[ps->nspares].fd = fd;
		ps->spares[ps->nspares++].name = tmp;
		tmp = NULL;
	}
	pthread_mutex_unlock(&ps->mu);
	if (tmp != NULL) {
		close(fd);
		unlinkat(temp_dir(ps, dir_fd), tmp, 0);
		free(tmp);
	}
}

/* byte_lock - lock (F_WRLCK) or unlock (F_UNLCK) NAME's byte; 0 or -1. */
static int byte_lock(int fd, const char *name, short type)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl));
	fl.l_type = type;
	fl.l_whence = SEEK_SET;
	fl.l_start = (off_t)(cairn_fnv_name(name) % (1u << 30));
	fl.l_len = 1;
	while (fcntl(fd, type == F_UNLCK ? F_OFD_SETLK : F_OFD_SETLKW, &fl) < 0)
		if (errno != EINTR)
			return -1;
	return 0;
}

/* later - whether time a is after time b. */
static int later(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec > b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec > b->tv_nsec);
}

/* same_time - whether dir_fd/name is a regular file of this arrival */
static int same_time(int dir_fd, const char *name, const struct timespec *arrival)
{
	struct stat st;

	return fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) &&
	       !later(&st.st_mtim, arrival) && !later(arrival, &st.st_mtim);
}

/* numbered_as - K when entry is NAME numbered (NAME.K.EXT, K from 1), else 0 */
static unsigned long numbered_as(const char *entry, const char *name)
{
	const char *dot = strrchr(name, '.');
	size_t base = dot == NULL || dot == name ? strlen(name) : (size_t)(dot - name);
	const char *ext = name + base, *k = entry + base + 1;
	unsigned long n = 0;

	if (strncmp(entry, name, base) != 0 || entry[base] != '.' || *k < '1' || *k > '9')
		return 0;
	for (; *k >= '0' && *k <= '9'; k++)
		n = n > 100000000 ? n : n * 10 + (unsigned long)(*k - '0');
	return strcmp(k, ext) == 0 ? n : 0;
}

/*
 * after_last - the K after the highest of NAME's entries in history/
 * (hfd), 1 when it has none: retention removes the oldest, and the first
 * free K would then put a newer result below older ones (doc/spool.md: K
 * counts up in arrival order).
 */
static unsigned after_last(int hfd, const char *name)
{
	int fd = openat(hfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *de;
	unsigned long last = 0;

	if (d == NULL) {
		if (fd >= 0)
			close(fd);
		return 1;
	}
	while ((de = readdir(d)) != NULL) {
		unsigned long k = numbered_as(de->d_name, name);

		if (k > last)
			last = k;
	}
	closedir(d);
	return last < CAIRN_NUMBERED_MAX ? (unsigned)last + 1 : 1;
}

/*
 * kept_of - the entry of history/ (hfd) that keeps the result of this
 * very arrival of NAME (numbered as NAME, its time the arrival's): a
 * re-grade of an earlier arrival replaces it rather than keeping a
 * second one.  A malloc'd name, or NULL.
 */
static char *kept_of(int hfd, const char *name, const struct timespec *arrival)
{
	int fd = openat(hfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *de;
	char *found = NULL;

	if (d == NULL) {
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	while (found == NULL && (de = readdir(d)) != NULL)
		if (numbered_as(de->d_name, name) && same_time(hfd, de->d_name, arrival))
			found = cairn_xstrdup(de->d_name);
	closedir(d);
	return found;
}

char *cairn_publish_find(int dir_fd, const char *name, const struct timespec *arrival)
{
	char *kept = NULL, *path = NULL;
	int hfd;

	if (same_time(dir_fd, name, arrival))
		return cairn_xstrdup(name);
	hfd = openat(dir_fd, CAIRN_HISTORY_DIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (hfd >= 0 && (kept = kept_of(hfd, name, arrival)) != NULL)
		path = cairn_xasprintf("%s/%s", CAIRN_HISTORY_DIR, kept);
	if (hfd >= 0)
		close(hfd);
	free(kept);
	return path;
}

/*
 * keep - from_fd/from becomes history/NAME.K.EXT, under the first free
 * K after the highest there (after_last): by a link when `link_only` (the current result stays in place until
 * the newer one is renamed over it; where hard links are missing, it is
 * moved), else by a move, which replaces the entry of the same arrival
 * when there is one (kept_of).  0 or -errno.
 */
static int keep(int from_fd, const char *from, int dir_fd, const char *name,
		const struct cairn_newest *nw, int link_only, int do_fsync)
{
	int hfd = cairn_spool_owner_dir(dir_fd, CAIRN_HISTORY_DIR, nw->grant, nw->reader);
	int r = -EEXIST;
	char *same;

	if (hfd < 0)
		return hfd;
	if (!link_only && (same = kept_of(hfd, name, &nw->arrival)) != NULL) {
		r = renameat(from_fd, from, hfd, same) < 0 ? -errno : 0;
		free(same);
	}
	for (unsigned k = r == -EEXIST ? after_last(hfd, name) : 1;
	     r == -EEXIST && k <= CAIRN_NUMBERED_MAX; k++) {
		char *to = cairn_spoolname_numbered(name, k);

		r = 0;
		if (!link_only || linkat(from_fd, from, hfd, to, 0) < 0)
			r = link_only && errno != EPERM ? -errno :
			    cairn_spoolname_move(from_fd, from, hfd, to);
		free(to);
	}
	if (r == 0 && do_fsync && fsync(hfd) < 0)
		r = -errno;
	close(hfd);
	return r;
}

/*
 * place_new - tmp_fd/tmp becomes dir_fd/NAME only if no NAME exists (RENAME_NOREPLACE,
 * or link() and unlink(): neither ever replaces).  1 when placed, 0 when
 * a NAME is there (or the file system can do neither), or -errno.  The
 * rule of cairn_spoolname_move(), but where hard links are missing (EPERM) the
 * caller's locked compare decides, not an unlocked check and rename.
 */
static int place_new(int tmp_fd, const char *tmp, int dir_fd, const char *name,
		     int noreplace)
{
	if (noreplace && renameat2(tmp_fd, tmp, dir_fd, name, RENAME_NOREPLACE) == 0)
		return 1;
	if (noreplace && errno != EINVAL)
		return errno == EEXIST ? 0 : -errno;
	if (linkat(tmp_fd, tmp, dir_fd, name, 0) < 0) {
		int e = errno;

		/* NFS may report EEXIST for a link it made (a retransmission). */
		if (e != EEXIST || !cairn_spoolname_same(tmp_fd, tmp, dir_fd, name))
			return e == EEXIST || e == EPERM ? 0 : -e;	/* EPERM: no links */
	}
	/* Placed; a temporary name left by a failure here is removed at start. */
	unlinkat(tmp_fd, tmp, 0);
	return 1;
}

/*
 * place - tmp_fd/tmp becomes dir_fd/NAME, unless (with nw) NAME is a newer input's
 * result: then tmp is removed, or kept in history/, and *superseded set.
 * A first result of a
 * name (the usual case) is placed without a lock, by a move that never
 * replaces; only a NAME already there is compared and replaced under
 * NAME's lock, which every writer of results takes (where record locks
 * are missing, the compare is done unlocked: best effort).  The lock is
 * kept off the common path because each lock request is a round trip,
 * and because a GlusterFS 10 FUSE client can stop answering for good
 * when a process is killed during one (cairnd(8), SEVERAL HOSTS).  A
 * result replaced is linked into history/ first, so that NAME always
 * holds a result; one with other links is there already (a crash came
 * between the link and the rename), and is not kept twice.  Only a
 * temporary file (temp) is removed when it can be kept nowhere.  With
 * nw->only_new, only this arrival's result is replaced (-EEXIST).
 * 0 or -errno.
 */
static int place(int tmp_fd, const char *tmp, int dir_fd, const char *name,
		 const struct cairn_newest *nw, int do_fsync, int *superseded, int temp)
{
	struct stat st;
	int fd = -1, r = 0;

	if (nw != NULL && (r = place_new(tmp_fd, tmp, dir_fd, name, nw->noreplace)) != 0)
		return r < 0 ? r : 0;
	/* A descriptor of this publish's own: threads exclude each other too. */
	if (nw != NULL)
		fd = openat(nw->lock_dir, nw->lock_path, O_RDWR | O_CREAT | O_NOFOLLOW |
			    O_CLOEXEC, 0644);
	if (fd >= 0 && byte_lock(fd, name, F_WRLCK) < 0) {
		close(fd);
		fd = -1;
	}
	int there = nw != NULL && fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
	int current = there && S_ISREG(st.st_mode);

	if (there && nw->only_new && (!current || later(&st.st_mtim, &nw->arrival) ||
				      later(&nw->arrival, &st.st_mtim))) {
		r = -EEXIST;		/* the caller removes tmp */
	} else if (current && later(&st.st_mtim, &nw->arrival)) {
		*superseded = 1;
		r = nw->history ? keep(tmp_fd, tmp, dir_fd, name, nw, 0, do_fsync) : -EEXIST;
		/* A held result is never lost: only a temporary file goes. */
		if (r < 0 && temp)
			unlinkat(tmp_fd, tmp, 0);
		r = temp ? 0 : r;
	} else {
		if (current && nw->history && st.st_nlink == 1 &&
		    later(&nw->arrival, &st.st_mtim))
			r = keep(dir_fd, name, dir_fd, name, nw, 1, do_fsync);
		if (r == 0 && renameat(tmp_fd, tmp, dir_fd, name) < 0)
			r = -errno;
	}
	if (fd >= 0)
		close(fd);	/* drops the lock */
	return r;
}

int cairn_publish_place(int from_fd, const char *from, int dir_fd, const char *name,
			const struct cairn_newest *nw, int do_fsync, int *superseded)
{
	int r = place(from_fd, from, dir_fd, name, nw, do_fsync, superseded, 0);

	if (r == 0 && do_fsync && !*superseded && fsync(dir_fd) < 0)
		r = -errno;
	return r;
}

int cairn_publish(int dir_fd, const char *name, const char *tag,
		  const void *data, size_t len, int do_fsync,
		  struct cairn_publish_state *ps, char *err, size_t errlen)
{
	return cairn_publish_input(dir_fd, name, tag, data, len, do_fsync, ps,
				   NULL, NULL, err, errlen);
}

/*
 * write_place - data through a temporary file (a spare, when *spare and
 * ps has one: *spare tells whether it was one) placed as dir_fd/NAME.
 * 0 or -errno, with what failed in *what.
 */
static int write_place(int dir_fd, const char *name, const char *tag, const void *data,
		       size_t len, int do_fsync, struct cairn_publish_state *ps,
		       const struct cairn_newest *nw, int *dropped, int *spare,
		       const char **what)
{
	int grouped = do_fsync && ps != NULL;
	int tmp_fd = temp_dir(ps, dir_fd);
	char *tmp = NULL;
	int fd, r;

	fd = r = ps != NULL && *spare ? take_spare(ps, &tmp) : -1;
	*spare = fd >= 0;
	*what = "create";
	if (fd < 0)
		fd = r = create_temp(tmp_fd, "result", tag, &tmp);
	if (fd >= 0) {
		*what = "write";
		r = cairn_buf_write_all(fd, data, len);
		if (r == 0 && nw != NULL) {
			struct timespec ts[2] = { { 0, UTIME_OMIT }, nw->arrival };

			*what = "set the time of";
			r = futimens(fd, ts) < 0 ? -errno : 0;
		}
		if (r == 0 && nw != NULL && nw->grant) {
			*what = "grant the owner read access to";
			/* Made in ps->tmp_fd (made_mode is set only then): its ACL is its mode. */
			r = ps != NULL && ps->made_mode != 0 ?
			    cairn_acl_grant_made(fd, nw->reader, ps->made_mode) :
			    cairn_acl_grant(fd, nw->reader, 0);
		}
		if (r == 0 && do_fsync && fsync(fd) < 0) {
			*what = "fsync";
			r = -errno;
		}
		if (close(fd) < 0 && r == 0) {
			*what = "close";
			r = -errno;
		}
		if (r == 0 && grouped)
			cairn_dirsync_enter(&ps->sync);
		if (r == 0 && (r = place(tmp_fd, tmp, dir_fd, name, nw, do_fsync, dropped, 1)) < 0)
			*what = "rename";
		if (grouped && (r < 0 || *dropped))
			cairn_dirsync_leave(&ps->sync);
		if (r < 0)
			unlinkat(tmp_fd, tmp, 0);
	}
	free(tmp);
	return r;
}

int cairn_publish_input(int dir_fd, const char *name, const char *tag,
			const void *data, size_t len, int do_fsync,
			struct cairn_publish_state *ps, const struct cairn_newest *nw,
			int *superseded, char *err, size_t errlen)
{
	int dropped = 0, spare = 1;
	const char *what;
	int r = write_place(dir_fd, name, tag, data, len, do_fsync, ps, nw, &dropped, &spare, &what);

	/* A spare removed meanwhile (results/ deleted and made again): once more without. */
	if (r == -ENOENT && spare) {
		spare = dropped = 0;
		r = write_place(dir_fd, name, tag, data, len, do_fsync, ps, nw, &dropped, &spare,
				&what);
	}
	if (superseded != NULL)
		*superseded = dropped;
	if (r == 0 && do_fsync && !dropped) {
		what = "fsync of the directory";
		r = ps != NULL ? cairn_dirsync_sync_entered(&ps->sync, dir_fd) :
				 (fsync(dir_fd) < 0 ? -errno : 0);
	}
	if (r < 0)
		snprintf(err, errlen, "%s %s: %s", what, name, strerror(-r));
	return r < 0 ? r : 0;
}

int cairn_publish_is_temp(const char *name, const char *tag)
{
	size_t len = strlen(name), tlen = strlen(tag), w = 1;

	/* "." WORD "." HEX "." TAG ".tmp", WORD of letters, TAG exactly. */
	if (name[0] != '.')
		return 0;
	while (name[w] >= 'a' && name[w] <= 'z')
		w++;
	if (w == 1 || name[w] != '.' || len != w + 1 + RANDOM_HEX + 1 + tlen + 4)
		return 0;
	for (size_t i = w + 1; i < w + 1 + RANDOM_HEX; i++)
		if (!((name[i] >= '0' && name[i] <= '9') || (name[i] >= 'a' && name[i] <= 'f')))
			return 0;
	name += w + 1 + RANDOM_HEX;
	return name[0] == '.' && memcmp(name + 1, tag, tlen) == 0 &&
	       strcmp(name + 1 + tlen, ".tmp") == 0;
}

int cairn_publish_remove_stale(int dir_fd, const char *tag)
{
	int fd = openat(dir_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int n = 0;
	DIR *d;
	struct dirent *de;

	if (fd < 0)
		return -errno;
	d = fdopendir(fd);
	if (d == NULL) {
		close(fd);
		return -errno;
	}
	while ((de = readdir(d)) != NULL)
		if (cairn_publish_is_temp(de->d_name, tag) &&
		    unlinkat(dir_fd, de->d_name, 0) == 0)
			n++;
	closedir(d);
	return n;
}

uint64_t cairn_publish_backoff_ms(uint64_t prev_ms)
{
	if (prev_ms < 1000)
		return 1000;
	return prev_ms >= 30000 ? 60000 : prev_ms * 2;
}

int cairn_publish_grant_fd(int dir_fd, int fd, uid_t reader)
{
	int hfd = openat(dir_fd, CAIRN_HISTORY_DIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			 O_CLOEXEC);
	int r = fd >= 0 ? cairn_acl_grant(fd, reader, 0) : 0;

	if (hfd >= 0) {
		int h = cairn_acl_grant(hfd, reader, 1);

		close(hfd);
		if (r == 0)
			r = h;
	}
	return r < 0 ? r : 0;
}
