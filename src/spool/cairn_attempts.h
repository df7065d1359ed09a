/*
 * cairn_attempts - which claimed files were already interrupted once.
 *
 * The journal is processing/<instance>/.attempts: one line per file that a
 * crash interrupted and that went back to incoming/, as "INODE HEXNAME".
 * A file found in processing/ at start that is already in the journal was
 * interrupted twice and goes to failed/.  The journal is replaced
 * atomically (temporary file, fsync, rename), so a kill -9 at any moment
 * leaves either the old or the new journal.  Safe to use from several
 * threads.
 */
#ifndef CAIRN_ATTEMPTS_H
#define CAIRN_ATTEMPTS_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

/* At most this many entries are kept; the oldest are dropped first. */
#define CAIRN_ATTEMPTS_MAX 1024

struct cairn_attempt {
	uint64_t ino;
	char *name;
};

struct cairn_attempts {
	pthread_mutex_t mu;
	int dir_fd;			/* borrowed: processing/<instance>/ */
	int fsync;
	struct cairn_attempt *v;
	size_t n, cap;
};

/* Read the journal (a missing one is empty).  Returns 0 or -errno. */
int cairn_attempts_load(struct cairn_attempts *a, int dir_fd, int do_fsync);
void cairn_attempts_free(struct cairn_attempts *a);
int cairn_attempts_has(struct cairn_attempts *a, const char *name, uint64_t ino);
void cairn_attempts_add(struct cairn_attempts *a, const char *name, uint64_t ino);
/* Drop an entry and save when there was one.  Returns 0 or -errno. */
int cairn_attempts_done(struct cairn_attempts *a, const char *name, uint64_t ino);
/*
 * Drop the entries whose file (name and inode) is neither in the
 * journal's processing/ directory nor in incoming_fd: another instance
 * processed it, or it was removed.  Returns how many went, or -errno.
 */
int cairn_attempts_prune(struct cairn_attempts *a, int incoming_fd);
size_t cairn_attempts_count(struct cairn_attempts *a);
/* Replace the journal on disk with the entries in memory. */
int cairn_attempts_save(struct cairn_attempts *a);

#endif
