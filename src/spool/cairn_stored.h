/*
 * cairn_stored - the inputs a spool keeps, read back with what the
 * daemon knew of them when it took them (doc/spool.md, "Owner and
 * arrival").
 *
 * cairn_stored_list() finds the inputs kept in done/OWNER/ and
 * failed/OWNER/ with their arrival records (cairn_arrival.h: the arrival
 * and the name the result is named after), per owner
 * oldest arrival first (then done/ before failed/, then by name), so
 * that a submission limit counts the results already graded again.
 * cairn_stored_read() reads one back as the daemon reads a claimed file:
 * without following a symbolic link, a regular file with one link
 * within the size limit.
 */
#ifndef CAIRN_STORED_H
#define CAIRN_STORED_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "cairn_arrival.h"
#include "cairn_buf.h"
#include "cairn_origin.h"

/* One stored input. */
struct cairn_stored {
	char owner[CAIRN_OWNER_MAX + 1];
	int where;			/* CAIRN_STORED_DONE or CAIRN_STORED_FAILED */
	const char *dir;		/* its directory's name: CAIRN_DIR_DONE or _FAILED */
	char *stored;			/* its name in DIR/OWNER/ */
	char *name;			/* its original name, which names its result */
	struct timespec arrival;
	int has_uid;			/* its record has its owner's uid: */
	uint32_t uid;
	enum cairn_arrival_digest digest;	/* what its record says of its bytes */
	char sha256[CAIRN_SHA256_HEX_LEN];
};

enum { CAIRN_STORED_DONE, CAIRN_STORED_FAILED };

/* Where stored inputs are looked for, and which of them. */
struct cairn_stored_dirs {
	int dir_fd[2];			/* done/, failed/ (-1: missing) */
	const char *const *owners;	/* only these (NULL-terminated), or NULL: all */
	/* An input passed over (no arrival record). */
	void (*skipped)(void *arg, const struct cairn_stored *s, const char *why);
	void *arg;
};

/*
 * The stored inputs of the owners chosen, in grading order, into *out
 * (*n of them; free with cairn_stored_free()); each one without an
 * arrival record is reported to sd->skipped and left out.  0, or a
 * negative errno value with "PATH: reason" in err (a directory of the
 * spool could not be read).
 */
int cairn_stored_list(const struct cairn_stored_dirs *sd, struct cairn_stored **out,
		      size_t *n, char *err, size_t errlen);
void cairn_stored_free(struct cairn_stored *v, size_t n);

/*
 * The bytes of stored input s and its owner's uid (its record's, or for
 * an older version's record the stored file's owner, which that
 * version's move kept): 0; 1 when it is not to be graded again (a
 * symbolic link, not a regular file with one link, more than max bytes,
 * or refused unread when it arrived: why in err); -EBADMSG when its
 * bytes are not those its record's digest says were graded; or another
 * negative errno value; the reason in err.
 */
int cairn_stored_read(const struct cairn_stored_dirs *sd, const struct cairn_stored *s,
		      uint64_t max, struct cairn_buf *data, uint32_t *uid,
		      char *err, size_t errlen);

#endif
