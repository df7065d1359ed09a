/*
 * cairn_pipeline_store - an input out of processing/ once its result is
 * published: stored in done/OWNER/ or failed/OWNER/ as a file the daemon
 * owns, with its arrival record, or removed.
 *
 * What is stored is never another account's inode: she may keep a
 * descriptor of the file she handed in and write through it long after
 * it was graded.  An input of the daemon's own account and group, read
 * whole, with one link, is stored as it is: made mode 0640, its record
 * set, flushed, and moved from processing/ under the name a copy would
 * take (no second file made, filled and removed for each input that a
 * program of the daemon's account drops).  Any other is copied.
 * The copy, mode 0640, is written under a temporary name
 * in the owner's directory (".cairn-copy~HELD", after its held name, so
 * that a retry reuses it and no crash leaves more than one), flushed
 * with fsync, and placed under the first free numbered name of its `as`
 * name with a move that never replaces; its arrival record, with the
 * owner's uid and the sha256 of the bytes graded, is the copy's extended
 * attribute, set before the fsync, so that it is placed with the copy at
 * no cost of its own; where the file system has none, it is the file
 * .arrival/AS, written just before the placing (cairn_arrival.h).  Only
 * then is the submitter's inode removed from processing/.  The copy is
 * written from the bytes graded when the job kept them (a small input:
 * nothing read twice), else made from the held file (through the
 * descriptor it was read through, when the daemon kept it: no open, no
 * look), at most its size, hashed on the way: when its bytes are no
 * longer those graded, the record keeps the digest of the bytes graded,
 * so `cairn regrade` refuses it.  One carried on
 * after a crash between its publish and its store has no digest of what
 * was graded: it is copied as it is then, with that copy's digest.  An
 * input refused before it was read (not a regular file, hard links, too
 * big, unreadable) is stored as an empty file, its record saying so
 * ("sha256 -"), and the object is removed: a directory that is not empty
 * is put aside in processing/INSTANCE/ as ".refused~HELD", which no one
 * but the daemon's account reaches.
 *
 * A crash at any point leaves the input held in processing/ or stored
 * once.  Held, it is carried on and stored again, and a stored input is
 * recognised by its record, not its inode: a name taken in the owner's
 * directory whose record names the same result name, arrival and owner
 * (and, when both are known, digest) is this input, stored before the
 * crash, and only the removal from processing/ is left.  Two inputs of
 * one owner, name and arrival are one input everywhere in the spool (they
 * have one result), so nothing is lost by that; an input claimed by this
 * very job (in->fresh) has a new arrival, and is not looked for.  The
 * owner's directory (and its .arrival/, once a record was written there)
 * stay open from one input to the next (cairn_ownerdir.h), and are made
 * again, once, when an *at call
 * into one says ENOENT (removed behind the daemon's back).  Storing allocates
 * before the placing and nothing after it: once the copy is in place,
 * running out of memory must not be able to undo that.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "cairn_arrival.h"
#include "cairn_buf.h"
#include "cairn_mem.h"
#include "cairn_ownerdir.h"
#include "cairn_pipeline.h"
#include "cairn_pipeline_store.h"
#include "cairn_sha256.h"
#include "cairn_spool.h"
#include "cairn_spool_dirs.h"
#include "cairn_spoolname.h"
#include "cairn_umask.h"

/* What cairn_spoolname_numbered() adds to a name at most (".N", N up to CAIRN_NUMBERED_MAX). */
#define STORED_SUFFIX_MAX 16

/* Where a directory the daemon cannot remove is put aside: PREFIX + held name. */
#define REFUSED_PREFIX ".refused~"

/* One store: the input, its copy, where it goes. */
struct storing {
	const struct cairn_pipeline *pl;
	struct cairn_pipeline_input *in;
	const char *as;
	int owner_fd;
	int arrival_fd;			/* its .arrival/ once asked for, or -1 */
	struct cairn_ownerdir *dirs;	/* where they are kept open (may be NULL) */
	struct cairn_ownerdir_ref *ref;
	const char *free_name;		/* a name just seen free, or NULL */
	char tmp[NAME_MAX + 1];
	/* what is placed: tmp in the owner's directory, or the held file itself */
	int src_fd;
	const char *src;
	/* the record's digest (hex), or "" when refused unread */
	char sha256[CAIRN_SHA256_HEX_LEN];
	int err;			/* the last record's errno, 0: written */
	int in_file;			/* no attribute here: the record is a file */
	int moved;			/* the held file itself was placed */
};

/* held_name - where in is stored from: its held name, or its own */
static const char *held_name(const struct cairn_pipeline_input *in)
{
	return in->held ? in->held : in->name;
}

/* open_held - from_fd/FROM opened to read, never through a link nor waiting on a FIFO */
static int open_held(int from_fd, const char *from)
{
	return openat(from_fd, from, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
}

/* copy_bytes - src from its start into dst, at most max bytes, hashed into hex; 0 or -errno */
static int copy_bytes(int src, int dst, uint64_t max, char hex[CAIRN_SHA256_HEX_LEN])
{
	unsigned char buf[16384], md[CAIRN_SHA256_LEN];
	struct cairn_sha256 h;
	uint64_t done = 0;
	int r;

	cairn_sha256_init(&h);
	while (done < max) {
		size_t want = max - done < sizeof buf ? (size_t)(max - done) : sizeof buf;
		ssize_t n = pread(src, buf, want, (off_t)done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			break;
		if ((r = cairn_buf_write_all(dst, buf, (size_t)n)) < 0)
			return r;
		cairn_sha256_add(&h, buf, (size_t)n);
		done += (uint64_t)n;
	}
	cairn_sha256_end(&h, md);
	cairn_sha256_to_hex(md, hex);
	return 0;
}

/*
 * fill - the copy's bytes: those graded, when kept; else from from_fd/FROM
 * (st), the held file's, when it was read (or, carried on after a crash,
 * is a regular file with one link), at most one byte more than was
 * graded; none when refused unread.
 * Sets s->sha256.  0 or -errno.
 */
static int fill(struct storing *s, int from_fd, const char *from, const struct stat *st, int fd)
{
	struct cairn_pipeline_input *in = s->in;
	char got[CAIRN_SHA256_HEX_LEN];
	struct stat now;
	uint64_t max;
	int src, r;

	/* Read and graded: the record keeps what was graded, whatever is copied. */
	memcpy(s->sha256, in->digested ? in->sha256 : "", in->digested ? sizeof s->sha256 : 1);
	if (in->unread || !S_ISREG(st->st_mode) || (!in->digested && st->st_nlink != 1))
		return 0;
	if (in->graded != NULL && in->digested)
		return cairn_buf_write_all(fd, in->graded, in->graded_len);
	if (in->held_st != NULL && in->held_fd >= 0) {
		src = in->held_fd;	/* the descriptor it was read through */
		now = *in->held_st;
	} else if ((src = open_held(from_fd, from)) < 0) {
		return errno == EACCES || errno == EPERM || errno == ELOOP ? 0 : -errno;
	} else if (fstat(src, &now) < 0 || now.st_ino != st->st_ino ||
		   now.st_dev != st->st_dev) {
		close(src);
		return -EAGAIN;		/* replaced meanwhile: not ours to copy */
	}
	/* Its size bounds the copy: a read does not look for the end after it. */
	max = in->digested && (uint64_t)in->graded_len + 1 < (uint64_t)now.st_size ?
	      (uint64_t)in->graded_len + 1 : (uint64_t)now.st_size;
	r = copy_bytes(src, fd, max, got);
	if (src != in->held_fd)
		close(src);
	if (r == 0 && !in->digested)
		memcpy(s->sha256, got, sizeof s->sha256);
	return r;
}


/*
 * record_on - the record set on the copy fd.  Where that fails it will
 * be a file (record_before), and an attribute that a copy left by an
 * earlier try still holds goes, so that it cannot say otherwise.
 */
static void record_on(struct storing *s, int fd)
{
	int e = cairn_arrival_set(fd, s->as, &s->in->origin.received, s->in->origin.uid,
				  s->sha256[0] ? s->sha256 : NULL);

	s->in_file = e != 0;
	if (e != 0 && e != ENOTSUP && e != EOPNOTSUPP)
		fremovexattr(fd, CAIRN_ARRIVAL_XATTR);
}

/* flushed - unless r says an earlier step failed, fd flushed (with fsync); r, or -errno */
static int flushed(const struct storing *s, int fd, int r)
{
	return r == 0 && s->pl->fsync && fsync(fd) < 0 ? -errno : r;
}

/*
 * make_copy - the copy under s->tmp in the owner's directory, its record
 * its attribute (else s->in_file set); 0 or -errno
 */
static int make_copy(struct storing *s, int from_fd, const char *from, const struct stat *st)
{
	int fd, r, made;
	mode_t mask;
	/* Whether the umask keeps a new file's mode 0640 (so that no fchmod is needed). */
	int keeps_0640 = cairn_umask_read(&mask) == 0 && (mask & 0640) == 0;

	fd = openat(s->owner_fd, s->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		    0640);
	made = fd >= 0;
	/* One left by a store a crash cut short is the daemon's: written over. */
	if (fd < 0 && errno == EEXIST)
		fd = openat(s->owner_fd, s->tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW |
			    O_CLOEXEC, 0640);
	if (fd < 0)
		return -errno;
	r = !(made && keeps_0640) && fchmod(fd, 0640) < 0 ? -errno : fill(s, from_fd, from, st, fd);
	if (r == 0)
		record_on(s, fd);
	r = flushed(s, fd, r);
	if (close(fd) < 0 && r == 0)
		r = -errno;
	if (r < 0)
		unlinkat(s->owner_fd, s->tmp, 0);
	return r;
}

/*
 * storable_itself - whether the held file (st) may be stored as it is,
 * moved instead of copied: read whole and graded, one link, a regular
 * file of the daemon's own account and group.  Only the daemon's account
 * can write to it or give it another link, and that account writes the
 * stored inputs anyway: a copy keeps nothing from it.  Where a move can
 * replace (no RENAME_NOREPLACE), it is a link() then an unlink(), as for
 * a copy: a crash between the two leaves the held name, which the
 * record on the stored inode names, and recovery removes it
 * (cairn_spool_resolve.h).
 */
static int storable_itself(const struct cairn_pipeline *pl, const struct cairn_pipeline_input *in,
			   const struct stat *st)
{
	return pl->egid != (gid_t)-1 && !in->unread && in->digested &&
	       S_ISREG(st->st_mode) && st->st_nlink == 1 && st->st_uid == pl->euid &&
	       st->st_gid == pl->egid && (uint64_t)st->st_size == in->graded_len;
}

/*
 * prepare - the held file fd (st) made what a copy would be but for the
 * flush: mode 0640, its record its attribute (else s->in_file set); 0 or
 * -errno
 */
static int prepare(struct storing *s, int fd, const struct stat *st)
{
	memcpy(s->sha256, s->in->sha256, sizeof s->sha256);
	if ((st->st_mode & 07777) != 0640 && fchmod(fd, 0640) < 0)
		return -errno;
	record_on(s, fd);
	return 0;
}

/*
 * ready_itself - the held file made what a copy would be: prepared (unless
 * cairn_pipeline_store_ready() did it), flushed; 0 or -errno
 */
static int ready_itself(struct storing *s, int from_fd, const char *from, const struct stat *st)
{
	const struct cairn_pipeline_input *in = s->in;
	int fd = in->ready_fd >= 0 ? in->ready_fd : in->held_fd, r;

	if (fd < 0 && (fd = open_held(from_fd, from)) < 0)
		return -errno;
	if (in->ready) {
		memcpy(s->sha256, in->sha256, sizeof s->sha256);
		s->in_file = in->ready_in_file;
		r = 0;
	} else {
		r = prepare(s, fd, st);
	}
	r = flushed(s, fd, r);
	if (fd != in->ready_fd && fd != in->held_fd && close(fd) < 0 && r == 0)
		r = -errno;
	return r;
}

void cairn_pipeline_store_ready(const struct cairn_pipeline *pl, int from_fd,
				struct cairn_pipeline_input *in, int failed, int keep)
{
	struct storing s = { .pl = pl, .in = in, .as = cairn_pipeline_input_as(in) };
	int fd = in->held_fd;

	if (!(failed || keep) || in->ready || in->held_st == NULL ||
	    !storable_itself(pl, in, in->held_st))
		return;
	if (fd < 0 && (fd = in->ready_fd = open_held(from_fd, held_name(in))) < 0)
		return;
	if (prepare(&s, fd, in->held_st) < 0)
		return;
	/*
	 * Its bytes on their way now, their blocks allocated: the flush of the
	 * result commits them with its own (one journal commit where a file
	 * system has one), and the flush before the move has nothing to wait for.
	 */
	if (pl->fsync)
		sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
	in->ready = 1;
	in->ready_in_file = s.in_file;
}

void cairn_pipeline_store_unready(struct cairn_pipeline_input *in)
{
	if (in->ready_fd >= 0)
		close(in->ready_fd);
	in->ready_fd = -1;
	in->ready = 0;
}

/*
 * record_before - where the record is a file, the arrival record of `to`
 * is written before the copy is placed there, so that no crash can leave
 * a stored input without its record.  A name that holds another stored
 * input keeps that one's record: placing there fails.  Our own copy
 * there is a link a crash cut short.  A record on the copy needs nothing:
 * it says nothing of `to`, and goes where the copy goes.
 */
static void record_before(void *arg, const char *to)
{
	struct storing *s = arg;
	struct stat st;
	int seen, fd;

	if (!s->in_file)
		return;
	seen = s->free_name != NULL && strcmp(s->free_name, to) == 0;
	if (s->arrival_fd < 0)
		s->arrival_fd = cairn_ownerdir_arrival(s->dirs, s->ref);
	fd = s->arrival_fd;
	s->free_name = NULL;	/* once: a second try of a name looks again */
	if (!seen && fstatat(s->owner_fd, to, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    !cairn_spoolname_same(s->src_fd, s->src, s->owner_fd, to))
		return;
	for (int again = 1; ; again = 0) {
		s->err = fd < 0 ? -fd : cairn_arrival_write(fd, to, s->as,
				&s->in->origin.received, s->in->origin.uid,
				s->sha256[0] ? s->sha256 : NULL);
		if (fd >= 0 && fd != s->arrival_fd)
			close(fd);
		if (s->err != ENOENT || !again || !cairn_ownerdir_stale(s->dirs, s->ref))
			break;
		/* .arrival/ kept open was removed meanwhile: made again, once. */
		fd = cairn_spool_owner_dir(s->owner_fd, CAIRN_ARRIVAL_DIR, 0, 0);
	}
}

/*
 * remove_held - the submitter's object out of processing/: unlinked, an
 * empty directory removed, one with something in it put aside.
 */
static int remove_held(int dir_fd, const char *name)
{
	char aside[NAME_MAX + 1];
	int e;

	if (unlinkat(dir_fd, name, 0) == 0)
		return 0;
	if (errno != EISDIR && errno != EPERM)
		return -errno;
	if (unlinkat(dir_fd, name, AT_REMOVEDIR) == 0)
		return 0;
	if (errno != ENOTEMPTY && errno != EEXIST)
		return -errno;
	e = errno;
	if ((size_t)snprintf(aside, sizeof aside, REFUSED_PREFIX "%s", name) >= sizeof aside)
		return -e;
	return renameat(dir_fd, name, dir_fd, aside) < 0 ? -errno : 0;
}

/*
 * stored_before - where the input of s is stored already (a crash after
 * its placing), or NULL; *seen_free the first of its names found free.
 * The records looked at may be files of an older version: .arrival/ is
 * opened, when there is one, for this alone.
 */
static char *stored_before(struct storing *s, char **seen_free)
{
	const struct cairn_pipeline_input *in = s->in;
	int dir = openat(s->owner_fd, CAIRN_ARRIVAL_DIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			 O_CLOEXEC);
	char *found = cairn_arrival_find_free(s->owner_fd, dir, s->as, &in->origin.received,
					      in->origin.uid, in->digested ? in->sha256 : NULL,
					      !in->digested, seen_free);

	if (dir >= 0)
		close(dir);
	return found;
}

/*
 * move_itself - the held file, made ready, moved into s->owner_fd under
 * the first free numbered name of its `as` (*put); 0 or -errno (-EXDEV:
 * done/ is on another file system)
 */
static int move_itself(struct storing *s, int from_fd, const char *from, const struct stat *st,
		       char **put)
{
	int r = ready_itself(s, from_fd, from, st);

	s->src_fd = from_fd, s->src = from;
	if (r == 0)
		r = cairn_spoolname_store_tried(from_fd, from, s->owner_fd, s->as, s->pl->noreplace,
						record_before, s, put);
	s->moved = r == 0;
	return r;
}

/*
 * place_copy - from_fd/HELD copied into s->owner_fd under the first free
 * numbered name of its `as` (*put), with its arrival record, unless a
 * crash came after it was stored.  0 or -errno.
 */
static int place_copy(struct storing *s, int from_fd, const char *from, const struct stat *st,
		      char **put)
{
	const struct cairn_pipeline_input *in = s->in;
	char *seen_free;
	int r;

	seen_free = NULL;
	if (!in->fresh && (*put = stored_before(s, &seen_free)) != NULL) {
		/* Stored before a crash: only what a link left behind is left. */
		unlinkat(s->owner_fd, s->tmp, 0);
		return 0;
	}
	/* A name just seen free: record_before need not look at it again. */
	s->free_name = seen_free;
	r = storable_itself(s->pl, s->in, st) ? move_itself(s, from_fd, from, st, put) : -EXDEV;
	/* Another account's input, or done/ on a file system of its own: a copy. */
	if (r == -EXDEV) {
		s->src_fd = s->owner_fd, s->src = s->tmp;
		r = make_copy(s, from_fd, from, st);
		if (r == 0)
			r = cairn_spoolname_store_tried(s->owner_fd, s->tmp, s->owner_fd, s->as,
							s->pl->noreplace, record_before, s, put);
		if (r < 0)
			unlinkat(s->owner_fd, s->tmp, 0);
	}
	free(seen_free);
	s->free_name = NULL;
	return r;
}

/*
 * store_in - copy from_fd/HELD into to_fd's OWNER/ (place_copy()), then
 * remove it.  The owner's directory (and its .arrival/) are kept open
 * from one input to the next, and made again, once, when one of them
 * was removed meanwhile (ENOENT: nothing can be created in it).
 */
static int store_in(const struct cairn_pipeline *pl, int from_fd, int to_fd, const char *dir,
		    struct cairn_pipeline_input *in)
{
	struct cairn_ownerdir *dirs = pl->publish != NULL ? pl->publish->dirs : NULL;
	const char *from = held_name(in);
	struct cairn_ownerdir_ref ref;
	struct storing s = { .pl = pl, .in = in, .as = cairn_pipeline_input_as(in), .dirs = dirs,
			     .ref = &ref };
	size_t len = strlen(s.as) + strlen(dir) + strlen(in->origin.owner) + 3 + STORED_SUFFIX_MAX;
	char *stored = cairn_xmalloc(len), *put = NULL;
	struct stat st;
	int r;

	/* Read and graded, its state is known: gone meanwhile, its copy or removal fails. */
	if (in->held_st != NULL && in->digested) {
		st = *in->held_st;
	} else if (fstatat(from_fd, from, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		free(stored);
		return -errno;
	}
	if ((size_t)snprintf(s.tmp, sizeof s.tmp, CAIRN_ARRIVAL_COPY "%s", from) >= sizeof s.tmp) {
		free(stored);
		return -ENAMETOOLONG;
	}
	for (int again = 1; ; again = 0) {
		s.owner_fd = r = cairn_ownerdir_open(dirs, to_fd, in->origin.owner, 0, 0, &ref);
		s.arrival_fd = -1;
		s.err = 0;
		if (r >= 0)
			r = place_copy(&s, from_fd, from, &st, &put);
		if (r != -ENOENT || !again || !cairn_ownerdir_stale(dirs, &ref))
			break;
		cairn_ownerdir_release(dirs, &ref);
		free(put);
		put = NULL;
	}
	if (r >= 0 && !s.moved)
		r = remove_held(from_fd, from);
	if (r == 0) {
		snprintf(stored, len, "%s/%s/%s", dir, in->origin.owner, put);
		free(in->stored);
		in->stored = stored;
		stored = NULL;
		in->arrival_err = s.err;
	}
	free(put);
	free(stored);
	cairn_ownerdir_release(dirs, &ref);
	return r < 0 ? r : 0;
}

int cairn_pipeline_store(const struct cairn_pipeline *pl, int from_fd,
			 struct cairn_pipeline_input *in, int failed, int keep,
			 char *err, size_t errlen)
{
	const char *from = held_name(in);
	int r;

	if (failed)
		r = store_in(pl, from_fd, pl->failed_fd, CAIRN_DIR_FAILED, in);
	else if (keep)
		r = store_in(pl, from_fd, pl->done_fd, CAIRN_DIR_DONE, in);
	else
		r = remove_held(from_fd, from);
	if (r < 0)
		snprintf(err, errlen, "moving %s out of processing: %s", in->name, strerror(-r));
	return r;
}
