/*
 * cairn_attempts - the journal of files interrupted once by a crash.
 *
 * Names are stored hex-encoded so that any byte a file name may hold
 * (newlines included) survives a round trip, and each entry carries the
 * inode so that a different file that later arrives under the same name
 * is not mistaken for the interrupted one.  A malformed line is skipped:
 * at worst a poison file gets one more attempt, never a false failure.
 * The journal and its temporary file are opened with O_NOFOLLOW and
 * O_NONBLOCK, the temporary one created afresh (O_EXCL), and the journal
 * read only when fstat says it is a regular file of the daemon's user:
 * nothing planted in processing/<instance>/ can block start-up or be
 * taken for the journal.  Entries go when their file leaves processing/
 * (cairn_attempts_done) and when it is found in neither incoming/ nor
 * processing/ any more (cairn_attempts_prune): another instance took it.
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

#define JOURNAL ".attempts"
#define JOURNAL_TMP ".attempts.tmp"

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* parse_line - "INODE HEX" into an entry; 0 or -EINVAL. */
static int parse_line(const char *s, size_t len, struct cairn_attempt *e)
{
	const char *sp = memchr(s, ' ', len);
	char *end;

	if (sp == NULL || sp == s)
		return -EINVAL;
	errno = 0;
	e->ino = strtoull(s, &end, 10);
	if (errno != 0 || end != sp)
		return -EINVAL;
	size_t hexlen = len - (size_t)(sp + 1 - s);
	if (hexlen == 0 || hexlen % 2 != 0)
		return -EINVAL;
	e->name = cairn_xmalloc(hexlen / 2 + 1);
	for (size_t i = 0; i < hexlen / 2; i++) {
		int hi = hexval(sp[1 + 2 * i]), lo = hexval(sp[2 + 2 * i]);

		if (hi < 0 || lo < 0 || (hi == 0 && lo == 0)) {
			free(e->name);
			return -EINVAL;
		}
		e->name[i] = (char)(hi << 4 | lo);
	}
	e->name[hexlen / 2] = '\0';
	return 0;
}

static void push(struct cairn_attempts *a, const char *name, uint64_t ino,
		 char *owned)
{
	if (a->n == CAIRN_ATTEMPTS_MAX) {
		free(a->v[0].name);
		memmove(a->v, a->v + 1, --a->n * sizeof(a->v[0]));
	}
	a->v = cairn_xgrow(a->v, &a->cap, a->n + 1, sizeof(a->v[0]));
	a->v[a->n].ino = ino;
	a->v[a->n].name = owned ? owned : cairn_xstrdup(name);
	a->n++;
}

int cairn_attempts_load(struct cairn_attempts *a, int dir_fd, int do_fsync)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	char chunk[4096];
	struct stat st;
	ssize_t got;
	int fd, r = 0;

	memset(a, 0, sizeof(*a));
	pthread_mutex_init(&a->mu, NULL);
	a->dir_fd = dir_fd;
	a->fsync = do_fsync;
	fd = openat(dir_fd, JOURNAL, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
		/* Not ours: ignored, and replaced at the next save. */
		r = S_ISREG(st.st_mode) ? -EPERM : -EINVAL;
		close(fd);
		return r;
	}
	while ((got = read(fd, chunk, sizeof(chunk))) != 0) {
		if (got < 0) {
			if (errno == EINTR)
				continue;
			r = -errno;
			break;
		}
		cairn_buf_add(&b, chunk, (size_t)got);
	}
	close(fd);
	for (size_t i = 0; r == 0 && i < b.len; ) {
		char *nl = memchr(b.data + i, '\n', b.len - i);
		size_t len = (nl ? (size_t)(nl - b.data) : b.len) - i;
		struct cairn_attempt e;

		if (parse_line(b.data + i, len, &e) == 0)
			push(a, NULL, e.ino, e.name);
		i += len + 1;
	}
	cairn_buf_free(&b);
	return r;
}

void cairn_attempts_free(struct cairn_attempts *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->v[i].name);
	free(a->v);
	a->v = NULL;
	a->n = a->cap = 0;
	pthread_mutex_destroy(&a->mu);
}

static ssize_t find(const struct cairn_attempts *a, const char *name, uint64_t ino)
{
	for (size_t i = 0; i < a->n; i++)
		if (a->v[i].ino == ino && strcmp(a->v[i].name, name) == 0)
			return (ssize_t)i;
	return -1;
}

int cairn_attempts_has(struct cairn_attempts *a, const char *name, uint64_t ino)
{
	pthread_mutex_lock(&a->mu);
	int r = find(a, name, ino) >= 0;
	pthread_mutex_unlock(&a->mu);
	return r;
}

void cairn_attempts_add(struct cairn_attempts *a, const char *name, uint64_t ino)
{
	pthread_mutex_lock(&a->mu);
	if (find(a, name, ino) < 0)
		push(a, name, ino, NULL);
	pthread_mutex_unlock(&a->mu);
}

/* save_locked - write JOURNAL_TMP, flush it, rename it over JOURNAL. */
static int save_locked(struct cairn_attempts *a)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	int fd, r = 0;

	for (size_t i = 0; i < a->n; i++) {
		cairn_buf_addf(&b, "%" PRIu64 " ", a->v[i].ino);
		for (const unsigned char *p = (const unsigned char *)a->v[i].name; *p; p++)
			cairn_buf_addf(&b, "%02x", *p);
		cairn_buf_addc(&b, '\n');
	}
	/* Whatever is at the temporary name (a leftover, a FIFO) goes first. */
	unlinkat(a->dir_fd, JOURNAL_TMP, 0);
	fd = openat(a->dir_fd, JOURNAL_TMP, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_NONBLOCK | O_CLOEXEC, 0644);
	if (fd < 0) {
		cairn_buf_free(&b);
		return -errno;
	}
	for (size_t off = 0; r == 0 && off < b.len; ) {
		ssize_t w = write(fd, b.data + off, b.len - off);

		if (w < 0 && errno != EINTR)
			r = -errno;
		else if (w > 0)
			off += (size_t)w;
	}
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
	return r;
}

int cairn_attempts_save(struct cairn_attempts *a)
{
	pthread_mutex_lock(&a->mu);
	int r = save_locked(a);
	pthread_mutex_unlock(&a->mu);
	return r;
}

int cairn_attempts_done(struct cairn_attempts *a, const char *name, uint64_t ino)
{
	int r = 0;

	pthread_mutex_lock(&a->mu);
	ssize_t i = find(a, name, ino);
	if (i >= 0) {
		free(a->v[i].name);
		memmove(a->v + i, a->v + i + 1, (a->n - (size_t)i - 1) * sizeof(a->v[0]));
		a->n--;
		r = save_locked(a);
	}
	pthread_mutex_unlock(&a->mu);
	return r;
}

int cairn_attempts_prune(struct cairn_attempts *a, int incoming_fd)
{
	size_t kept = 0, n;
	int r = 0;

	pthread_mutex_lock(&a->mu);
	n = a->n;
	for (size_t i = 0; i < n; i++) {
		struct cairn_attempt *e = &a->v[i];
		struct stat st;
		int here = (fstatat(a->dir_fd, e->name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
			    (uint64_t)st.st_ino == e->ino) ||
			   (fstatat(incoming_fd, e->name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
			    (uint64_t)st.st_ino == e->ino);

		if (here)
			a->v[kept++] = *e;
		else
			free(e->name);
	}
	a->n = kept;
	if (kept < n)
		r = save_locked(a);
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
