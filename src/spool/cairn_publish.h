/*
 * cairn_publish - durable result files (doc/spool.md).
 *
 * A result is written to a temporary name in results/, flushed, renamed
 * into place and the directory flushed; a failure at any step removes the
 * temporary file, so results/ never holds a partial result under its real
 * name.  Publishes that share a struct cairn_publish_state share its
 * directory flushes (grouped, see cairn_dirsync.h) and a few spare
 * temporary files, created (O_EXCL) ahead of time, so that a publish does
 * not wait for an inode to be allocated before it writes.
 */
#ifndef CAIRN_PUBLISH_H
#define CAIRN_PUBLISH_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "cairn_dirsync.h"
#include "cairn_spool_dirs.h"	/* CAIRN_HISTORY_DIR, beside each result */

struct cairn_spare;

/* What concurrent publishes into one directory share. */
struct cairn_publish_state {
	struct cairn_dirsync sync;	/* their directory flushes */
	pthread_mutex_t mu;		/* guards spares and nspares */
	struct cairn_spare *spares;	/* empty temporary files, ready */
	unsigned nspares;
	int tmp_fd;			/* where temporary files are made; -1: dir_fd */
	/*
	 * Set when tmp_fd passes down no default ACL and the umask is
	 * known: the mode its new files get, so that an owner's grant on
	 * one is made from it (cairn_acl_grant_made()); else 0.
	 */
	mode_t made_mode;
	struct cairn_ownerdir *dirs;	/* owners' directories kept open (cairn_ownerdir.h) */
};

/*
 * tmp_fd (borrowed, or -1) is a directory on dir_fd's file system where
 * the publishes through ps make their temporary files: one that only they
 * write, so that creating and removing temporary names does not queue
 * behind the directory lock of dir_fd, which every result's link takes
 * (on FUSE each of those holds the lock for a round trip or two).  Whether
 * tmp_fd has a default ACL is looked at here, once: one given to it
 * later is inherited by the temporary files made from the next start.
 */
void cairn_publish_init(struct cairn_publish_state *ps, int tmp_fd);
/* Closes the spare temporary files and removes them (from tmp_fd, or dir_fd). */
void cairn_publish_destroy(struct cairn_publish_state *ps, int dir_fd);

/*
 * Write data as dir_fd/NAME through a temporary ".result.<random>.<tag>.tmp"
 * created with O_EXCL (or a spare ".spare.<random>.<tag>.tmp" that
 * cairn_publish_spare() made for ps with the same dir_fd and tag), in
 * ps's temporary directory when it has one, else in dir_fd.  With do_fsync, the
 * file and (through ps, when not NULL) the directory are flushed.  Returns
 * 0, or a negative errno value with "what: reason" in err; then nothing is
 * left behind.
 */
int cairn_publish(int dir_fd, const char *name, const char *tag,
		  const void *data, size_t len, int do_fsync,
		  struct cairn_publish_state *ps, char *err, size_t errlen);

/* What "latest arrival wins" needs: the input's arrival, where to lock. */
struct cairn_newest {
	struct timespec arrival;	/* when the input was taken (doc/spool.md) */
	int lock_dir;			/* lock_path is relative to this */
	const char *lock_path;		/* one lock file for all writers */
	int noreplace;			/* renameat2(RENAME_NOREPLACE) works */
	int history;			/* keep earlier arrivals' results in history/ */
	int grant;			/* give `reader` read access (cairn_acl.h) */
	uid_t reader;
	/*
	 * Place the result only where NAME holds none but this arrival's,
	 * else -EEXIST: a refusal never pushes a result aside.
	 */
	int only_new;
};

/*
 * The same for a result made from an input: the result gets nw->arrival
 * as its modification time, and an existing result newer than that (a
 * later arrival's) is left in place (*superseded set, 0 returned); a
 * first result is placed by a move that never replaces, and replacing
 * one (compare and rename) holds the name's lock in nw->lock_path,
 * shared by every instance.  With nw->history, the result a newer one
 * replaces, or a superseded one, is kept as dir_fd/history/NAME.K.EXT
 * (NAME.EXT is the result's name; K from 1, the first free number),
 * history/ made when missing; a result of the very same arrival (the
 * input processed again after a crash, or by `cairn regrade`) is
 * replaced, not kept, whether it is the current one or kept in history/
 * (the history/ entry whose time is that arrival's).  With
 * nw->grant, the result (and history/, when made use of) is readable by
 * nw->reader: where the file system has no ACLs, nothing is granted and
 * the publish goes on.  With nw->only_new, a NAME of another arrival
 * (or anything else at NAME) is left as it is, and -EEXIST returned.
 */
int cairn_publish_input(int dir_fd, const char *name, const char *tag,
			const void *data, size_t len, int do_fsync,
			struct cairn_publish_state *ps, const struct cairn_newest *nw,
			int *superseded, char *err, size_t errlen);

/*
 * The same rule for a finished file from_fd/FROM (a result held back
 * until its feedback was due, its time its arrival's): it becomes
 * dir_fd/NAME, or goes to history/, or (superseded, no history) stays
 * where it is.  0 or a negative errno value.
 */
int cairn_publish_place(int from_fd, const char *from, int dir_fd, const char *name,
			const struct cairn_newest *nw, int do_fsync, int *superseded);

/*
 * What a publish with nw->grant unset held back, given later (the feedback
 * of doc/grading.md), as the release walk gives it once a problem set's
 * feedback is due: dir_fd's history/ searchable by reader, as a granted
 * publish leaves it, and the result open at fd (unless fd is -1)
 * readable by reader.  0, or a negative errno value when the result or
 * history/ could not be granted.
 */
int cairn_publish_grant_fd(int dir_fd, int fd, uid_t reader);

/*
 * Where dir_fd holds the result NAME of the input that arrived at
 * `arrival` (the time cairn_publish_input() gave it): "NAME" when it is
 * the current result, "history/NAME.K.EXT" when an earlier one, or NULL
 * when there is none.  A malloc'd path relative to dir_fd.
 */
char *cairn_publish_find(int dir_fd, const char *name, const struct timespec *arrival);

/*
 * Create a spare temporary file in dir_fd for the next cairn_publish()
 * through ps, unless ps keeps enough.  Best done when the caller has
 * nothing more urgent to do.
 */
void cairn_publish_spare(struct cairn_publish_state *ps, int dir_fd, const char *tag);

/* The next retry delay after a failed publish: 1 s doubling up to 60 s. */
uint64_t cairn_publish_backoff_ms(uint64_t prev_ms);

/* Is name a temporary file that cairn_publish() made with this tag? */
int cairn_publish_is_temp(const char *name, const char *tag);

/* Remove this tag's temporary files left in dir_fd by a crash; the count. */
int cairn_publish_remove_stale(int dir_fd, const char *tag);

#endif
