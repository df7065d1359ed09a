/*
 * cairn_attempts - the journal of what each claimed file was doing.
 *
 * Names are stored hex-encoded so that any byte a file name may hold
 * (newlines included) survives a round trip.  Reading replays the records
 * in order, the last one of a name winning; a malformed line is skipped:
 * at worst a poison file gets one more attempt, never a false failure.
 * While serving, records are appended to the open journal (a write under
 * the lock, no flush); once they add up to COMPACT_BYTES, or when the
 * daemon is idle, the journal is replaced by one line per live entry
 * (temporary file, flushed when fsync is on, renamed over it), so a kill
 * -9 at any moment leaves the old or the new journal.  The journal and
 * its temporary file are opened with O_NOFOLLOW and O_NONBLOCK, the
 * temporary one created afresh (O_EXCL), and the journal read only when
 * fstat says it is a regular file of the daemon's user: nothing planted
 * in processing/<instance>/ can block start-up or be taken for it.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_attempts.h"
#include "cairn_buf.h"
#include "cairn_mem.h"
#include "cairn_spool_dirs.h"

#define JOURNAL ".attempts"
#define JOURNAL_TMP ".attempts.tmp"
/* Appended records are compacted away once they reach this size. */
#define COMPACT_BYTES (64u * 1024)

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* unhex - the NUL-free name that hex (len digits) spells, or NULL. */
static char *unhex(const char *hex, size_t len)
{
	char *name;

	if (len == 0 || len % 2 != 0)
		return NULL;
	name = cairn_xmalloc(len / 2 + 1);
	for (size_t i = 0; i < len / 2; i++) {
		int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);

		if (hi < 0 || lo < 0 || (hi == 0 && lo == 0)) {
			free(name);
			return NULL;
		}
		name[i] = (char)(hi << 4 | lo);
	}
	name[len / 2] = '\0';
	return name;
}

static int known_state(int c)
{
	return c == CAIRN_ATTEMPT_READING || c == CAIRN_ATTEMPT_IDLE ||
	       c == CAIRN_ATTEMPT_MOVING || c == CAIRN_ATTEMPT_GONE;
}

/* parse_line - "STATE STRIKES INODE SEC.NSEC HEX" into e; 0 or -EINVAL. */
static int parse_line(const char *s, size_t len, struct cairn_attempt *e)
{
	char line[64];
	unsigned strikes;
	unsigned long long ino;
	long long sec;
	long nsec;
	int used = 0;

	memset(e, 0, sizeof(*e));
	if (len < 2 || !known_state((unsigned char)s[0]) || s[1] != ' ')
		return -EINVAL;
	snprintf(line, sizeof(line), "%.*s", (int)(len < 63 ? len : 63), s + 2);
	if (sscanf(line, "%u %llu %lld.%ld %n", &strikes, &ino, &sec, &nsec, &used) != 4 ||
	    used == 0 || nsec < 0 || nsec >= 1000000000 || strikes > 1000)
		return -EINVAL;
	e->name = unhex(s + 2 + used, len - 2 - (size_t)used);
	if (e->name == NULL)
		return -EINVAL;
	e->state = s[0];
	e->strikes = strikes;
	e->ino = ino;
	e->ctime.tv_sec = (time_t)sec;
	e->ctime.tv_nsec = nsec;
	return 0;
}

static ssize_t find(const struct cairn_attempts *a, const char *name)
{
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->v[i].name, name) == 0)
			return (ssize_t)i;
	return -1;
}

static void drop(struct cairn_attempts *a, size_t i)
{
	free(a->v[i].name);
	memmove(a->v + i, a->v + i + 1, (a->n - i - 1) * sizeof(a->v[0]));
	a->n--;
}

/* entry - the entry of name, made (empty, state GONE) when there is none. */
static struct cairn_attempt *entry(struct cairn_attempts *a, const char *name)
{
	ssize_t i = find(a, name);

	if (i >= 0)
		return &a->v[i];
	if (a->n == CAIRN_ATTEMPTS_MAX)
		drop(a, 0);
	a->v = cairn_xgrow(a->v, &a->cap, a->n + 1, sizeof(a->v[0]));
	memset(&a->v[a->n], 0, sizeof(a->v[0]));
	a->v[a->n].name = cairn_xstrdup(name);
	a->v[a->n].state = CAIRN_ATTEMPT_GONE;
	return &a->v[a->n++];
}

/* replay - apply one record read from the journal (it owns r->name). */
static void replay(struct cairn_attempts *a, struct cairn_attempt *r)
{
	ssize_t i = find(a, r->name);

	if (r->state == CAIRN_ATTEMPT_GONE) {
		if (i >= 0)
			drop(a, (size_t)i);
		free(r->name);
		return;
	}
	struct cairn_attempt *e = entry(a, r->name);

	free(r->name);
	r->name = e->name;
	*e = *r;
}

static void format_entry(struct cairn_buf *b, const struct cairn_attempt *e)
{
	cairn_buf_addf(b, "%c %u %" PRIu64 " %lld.%09ld ", e->state, e->strikes, e->ino,
		       (long long)e->ctime.tv_sec, (long)e->ctime.tv_nsec);
	for (const unsigned char *p = (const unsigned char *)e->name; *p; p++)
		cairn_buf_addf(b, "%02x", *p);
	cairn_buf_addc(b, '\n');
}

/* open_log - the journal, to append to; -1 when it cannot be opened. */
static int open_log(int dir_fd)
{
	return openat(dir_fd, JOURNAL, O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK |
		      O_CLOEXEC);
}

/* slurp - the journal's bytes, when it is a regular file of ours. */
static int slurp(int dir_fd, struct cairn_buf *b)
{
	char chunk[4096];
	struct stat st;
	ssize_t got;
	int fd, r = 0;

	fd = openat(dir_fd, JOURNAL, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
		/* Not ours: ignored, and replaced at the next save. */
		r = S_ISREG(st.st_mode) ? -EPERM : -EINVAL;
		close(fd);
		return r;
	}
	while (r == 0 && (got = read(fd, chunk, sizeof(chunk))) != 0) {
		if (got < 0 && errno != EINTR)
			r = -errno;
		else if (got > 0)
			cairn_buf_add(b, chunk, (size_t)got);
	}
	close(fd);
	return r;
}

int cairn_attempts_load(struct cairn_attempts *a, int dir_fd, int do_fsync)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	pthread_mutexattr_t attr;
	int r;

	memset(a, 0, sizeof(*a));
	/* Error-checking: cairn_attempts_release() may unlock what it holds. */
	pthread_mutexattr_init(&attr);
	pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&a->mu, &attr);
	pthread_mutexattr_destroy(&attr);
	a->dir_fd = dir_fd;
	a->log_fd = -1;
	a->fsync = do_fsync;
	r = slurp(dir_fd, &b);
	for (size_t i = 0; r == 0 && i < b.len; ) {
		char *nl = memchr(b.data + i, '\n', b.len - i);
		size_t len = (nl ? (size_t)(nl - b.data) : b.len) - i;
		struct cairn_attempt e;

		if (parse_line(b.data + i, len, &e) == 0)
			replay(a, &e);
		i += len + 1;
	}
	a->logged = b.len;	/* all of it is records to compact away */
	cairn_buf_free(&b);
	if (r == 0)
		a->log_fd = open_log(dir_fd);
	return r;
}

void cairn_attempts_release(struct cairn_attempts *a)
{
	/* An error-checking mutex: EPERM, and nothing done, unless ours. */
	(void)pthread_mutex_unlock(&a->mu);
}

void cairn_attempts_free(struct cairn_attempts *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->v[i].name);
	free(a->v);
	a->v = NULL;
	a->n = a->cap = 0;
	if (a->log_fd >= 0)
		close(a->log_fd);
	a->log_fd = -1;
	pthread_mutex_destroy(&a->mu);
}

/* save_locked - write JOURNAL_TMP, flush it, rename it over JOURNAL. */
static int save_locked(struct cairn_attempts *a)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	int fd, r;

	for (size_t i = 0; i < a->n; i++)
		format_entry(&b, &a->v[i]);
	/* Whatever is at the temporary name (a leftover, a FIFO) goes first. */
	unlinkat(a->dir_fd, JOURNAL_TMP, 0);
	fd = openat(a->dir_fd, JOURNAL_TMP, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_NONBLOCK | O_CLOEXEC, 0644);
	if (fd < 0) {
		cairn_buf_free(&b);
		return -errno;
	}
	r = cairn_buf_write_all(fd, b.data, b.len);
	if (r == 0 && a->fsync && fsync(fd) < 0)
		r = -errno;
	if (close(fd) < 0 && r == 0)
		r = -errno;
	if (r == 0 && renameat(a->dir_fd, JOURNAL_TMP, a->dir_fd, JOURNAL) < 0)
		r = -errno;
	if (r == 0 && a->fsync && fsync(a->dir_fd) < 0)
		r = -errno;
	if (r < 0)
		unlinkat(a->dir_fd, JOURNAL_TMP, 0);
	cairn_buf_free(&b);
	if (r == 0) {
		if (a->log_fd >= 0)
			close(a->log_fd);
		a->log_fd = open_log(a->dir_fd);
		a->logged = 0;
	}
	return r;
}

/*
 * append_locked - record e's state.  A record that cannot be written is
 * dropped: the journal errs on the side of one more try.
 */
static void append_locked(struct cairn_attempts *a, const struct cairn_attempt *e)
{
	struct cairn_buf b = CAIRN_BUF_INIT;

	if (a->log_fd < 0 && (a->log_fd = open_log(a->dir_fd)) < 0 && errno == ENOENT)
		save_locked(a);		/* the first record: make the journal */
	format_entry(&b, e);
	if (a->log_fd >= 0 && cairn_buf_write_all(a->log_fd, b.data, b.len) == 0)
		a->logged += b.len;
	cairn_buf_free(&b);
	if (a->logged >= COMPACT_BYTES)
		save_locked(a);
}

int cairn_attempts_save(struct cairn_attempts *a)
{
	pthread_mutex_lock(&a->mu);
	int r = save_locked(a);
	pthread_mutex_unlock(&a->mu);
	return r;
}

static int same_time(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

/* same_file - whether st is the file of entry e (inode and change time). */
static int same_file(const struct cairn_attempt *e, const struct stat *st)
{
	return e->ino == (uint64_t)st->st_ino && same_time(&e->ctime, &st->st_ctim);
}

void cairn_attempts_start(struct cairn_attempts *a, const char *name, const struct stat *st)
{
	pthread_mutex_lock(&a->mu);
	struct cairn_attempt *e = entry(a, name);
	/* The strikes stay with the same claim (its held name and inode). */
	if (e->state == CAIRN_ATTEMPT_GONE || !same_file(e, st))
		e->strikes = 0;
	e->state = CAIRN_ATTEMPT_READING;
	e->ino = (uint64_t)st->st_ino;
	e->ctime = st->st_ctim;
	append_locked(a, e);
	pthread_mutex_unlock(&a->mu);
}

void cairn_attempts_stop(struct cairn_attempts *a, const char *name)
{
	pthread_mutex_lock(&a->mu);
	ssize_t i = find(a, name);

	if (i >= 0 && a->v[i].state != CAIRN_ATTEMPT_IDLE) {
		a->v[i].state = CAIRN_ATTEMPT_IDLE;
		append_locked(a, &a->v[i]);
	}
	pthread_mutex_unlock(&a->mu);
}

void cairn_attempts_moving(struct cairn_attempts *a, const char *name, uint64_t ino)
{
	pthread_mutex_lock(&a->mu);
	struct cairn_attempt *e = entry(a, name);

	/* Also for a file never read (failed by name or as interrupted twice). */
	if (e->state == CAIRN_ATTEMPT_GONE || e->ino != ino)
		e->strikes = 0;
	e->state = CAIRN_ATTEMPT_MOVING;
	e->ino = ino;
	append_locked(a, e);
	pthread_mutex_unlock(&a->mu);
}

int cairn_attempts_done(struct cairn_attempts *a, const char *name, uint64_t ino)
{
	pthread_mutex_lock(&a->mu);
	ssize_t i = find(a, name);

	if (i >= 0 && (ino == 0 || a->v[i].ino == ino)) {
		/*
		 * An idle entry (solved, its result stored) needs no record
		 * of its end: replayed after a crash it names a file that is
		 * no longer there, which the prune at start drops.
		 */
		if (a->v[i].state != CAIRN_ATTEMPT_IDLE) {
			a->v[i].state = CAIRN_ATTEMPT_GONE;
			append_locked(a, &a->v[i]);
			/* a compaction in append_locked wrote it out still: find again */
			i = find(a, name);
		}
		if (i >= 0)
			drop(a, (size_t)i);
	}
	pthread_mutex_unlock(&a->mu);
	return 0;
}

int cairn_attempts_was_moving(struct cairn_attempts *a, const char *name, uint64_t ino)
{
	pthread_mutex_lock(&a->mu);
	ssize_t i = find(a, name);
	int r = i >= 0 && a->v[i].state == CAIRN_ATTEMPT_MOVING && a->v[i].ino == ino;

	pthread_mutex_unlock(&a->mu);
	return r;
}

unsigned cairn_attempts_crashed(struct cairn_attempts *a, const char *name,
				const struct stat *st)
{
	pthread_mutex_lock(&a->mu);
	struct cairn_attempt *e = entry(a, name);

	/* Another claim's entry, or none: this claim was not read yet. */
	if (e->state == CAIRN_ATTEMPT_GONE || e->ino != (uint64_t)st->st_ino ||
	    (e->state != CAIRN_ATTEMPT_MOVING && !same_time(&e->ctime, &st->st_ctim)))
		e->strikes = 0;
	else if (e->state == CAIRN_ATTEMPT_READING)
		e->strikes++;
	e->state = CAIRN_ATTEMPT_IDLE;
	e->ino = (uint64_t)st->st_ino;
	e->ctime = st->st_ctim;
	unsigned strikes = e->strikes;

	if (strikes == 0)
		drop(a, (size_t)(e - a->v));
	pthread_mutex_unlock(&a->mu);
	return strikes;
}

/* in_place - whether entry e's file is where the entry says. */
static int in_place(const struct cairn_attempts *a, const struct cairn_attempt *e)
{
	struct stat st;

	return fstatat(a->dir_fd, e->name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	       e->ino == (uint64_t)st.st_ino;
}

int cairn_attempts_prune(struct cairn_attempts *a)
{
	size_t kept = 0, n;
	int r = 0;

	pthread_mutex_lock(&a->mu);
	n = a->n;
	if (a->log_fd < 0 && a->logged == 0) {
		/* Nothing recorded since the last prune: nothing left since. */
		pthread_mutex_unlock(&a->mu);
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		if (in_place(a, &a->v[i]))
			a->v[kept++] = a->v[i];
		else
			free(a->v[i].name);
	}
	a->n = kept;
	if (kept < n || (kept > 0 && a->logged > 0)) {
		/* One line per live entry: the records of those that left go. */
		r = save_locked(a);
	} else if (kept == 0 && a->logged > 0 && a->log_fd >= 0) {
		/* No entry is live: nothing to keep, one cheap call. */
		r = ftruncate(a->log_fd, 0) < 0 ? -errno : 0;
		a->logged = 0;
	}
	/* Idle: hold nothing open (the spool may be replaced meanwhile). */
	if (a->log_fd >= 0)
		close(a->log_fd);
	a->log_fd = -1;
	pthread_mutex_unlock(&a->mu);
	return r < 0 ? r : (int)(n - kept);
}

size_t cairn_attempts_count(struct cairn_attempts *a)
{
	pthread_mutex_lock(&a->mu);
	size_t n = a->n;
	pthread_mutex_unlock(&a->mu);
	return n;
}
