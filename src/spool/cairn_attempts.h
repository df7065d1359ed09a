/*
 * cairn_attempts - what each claimed file was doing when a crash came.
 *
 * The journal is processing/<instance>/.attempts: one record per line,
 * "STATE STRIKES INODE CTIME HEXNAME", the last record of a name saying
 * where that file is; the name is the file's held name (cairn_held.h).
 * A worker appends S when it begins to read a claimed file, I when it
 * stops with the file still claimed, M before a move out of processing/
 * by link() and unlink(), and D once the file left; recovery rewrites
 * the journal with I records (claimed here, not being read).  The held
 * name, inode and change time of the claimed file (its claim's rename
 * set it) tie every record to one claim of one file: a later file of the
 * same name, even on a reused inode, never matches.  So a crash counts against a file only when it
 * was being read or solved (doc/spool.md, "Crashes"), and only the moves that
 * were recorded are finished at start.  Appends are not flushed: a record
 * lost with the machine costs a poison file one more try, never a strike
 * it did not earn.  Safe to use from several threads.
 */
#ifndef CAIRN_ATTEMPTS_H
#define CAIRN_ATTEMPTS_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <time.h>

/* At most this many entries are kept; the oldest are dropped first. */
#define CAIRN_ATTEMPTS_MAX 1024

/* Where a file of the journal is, and what is done with it. */
enum cairn_attempt_state {
	CAIRN_ATTEMPT_READING = 'S',	/* claimed, a worker reads or solves it */
	CAIRN_ATTEMPT_IDLE = 'I',	/* claimed, waiting */
	CAIRN_ATTEMPT_MOVING = 'M',	/* being moved to done/ or failed/ */
	CAIRN_ATTEMPT_GONE = 'D'	/* left processing/ (a record only) */
};

struct cairn_attempt {
	char *name;
	uint64_t ino;
	struct timespec ctime;		/* of the claimed file */
	unsigned strikes;		/* crashes it was being read or solved at */
	char state;			/* enum cairn_attempt_state */
};

struct cairn_attempts {
	pthread_mutex_t mu;
	int dir_fd;			/* borrowed: processing/<instance>/ */
	int log_fd;			/* the journal, open to append, or -1 */
	int fsync;
	size_t logged;			/* bytes appended since the last rewrite */
	struct cairn_attempt *v;
	size_t n, cap;
};

/* Read the journal (a missing one is empty).  Returns 0 or -errno. */
int cairn_attempts_load(struct cairn_attempts *a, int dir_fd, int do_fsync);
void cairn_attempts_free(struct cairn_attempts *a);
/*
 * Unlock the journal if this thread holds it: after out of memory (a
 * cairn_mem_catch) jumped out of one of the functions below.  Its entries
 * stay consistent (a new one is counted only once made); the record being
 * written is dropped, which errs on the side of one more try.
 */
void cairn_attempts_release(struct cairn_attempts *a);

/* --- while serving, from the workers --- */

/* The worker begins to read claimed NAME, whose inode is st. */
void cairn_attempts_start(struct cairn_attempts *a, const char *name, const struct stat *st);
/* It stopped, and NAME stays claimed (a retry later, a storage error),
 * or it is solved and only its result is being stored. */
void cairn_attempts_stop(struct cairn_attempts *a, const char *name);
/* NAME (inode ino) is to be linked into done/ or failed/, then unlinked. */
void cairn_attempts_moving(struct cairn_attempts *a, const char *name, uint64_t ino);
/*
 * NAME (inode ino, 0: any) left processing/.  Recorded only when it was
 * being read or moved: an idle entry replayed after a crash names a file
 * that is gone, and recovery's prune drops it.  Returns 0 or -errno.
 */
int cairn_attempts_done(struct cairn_attempts *a, const char *name, uint64_t ino);

/* --- at start, from recovery --- */

/* Whether a move of NAME (inode ino) out of processing/ was recorded. */
int cairn_attempts_was_moving(struct cairn_attempts *a, const char *name, uint64_t ino);
/*
 * NAME (inode st) was found in processing/ at start: the crashes it was
 * being read or solved at, this one included (0: none).
 */
unsigned cairn_attempts_crashed(struct cairn_attempts *a, const char *name,
				const struct stat *st);
/*
 * Drop the entries whose file is not where they say (processing/ with the
 * same inode) and rewrite the journal, one line per entry left, when
 * one went or records were appended, or empty it when no entry is left;
 * the journal is closed until the next record (nothing held open while
 * idle), and a prune with no record since does nothing.  Returns how
 * many went, or -errno.
 */
int cairn_attempts_prune(struct cairn_attempts *a);
size_t cairn_attempts_count(struct cairn_attempts *a);
/* Replace the journal on disk with the entries in memory. */
int cairn_attempts_save(struct cairn_attempts *a);

#endif
