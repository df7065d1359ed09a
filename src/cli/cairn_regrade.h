/*
 * cairn_regrade - the stored inputs of a spool graded again (SPEC 7,
 * `cairn regrade`), keeping each one's owner and arrival (SPEC 5).
 *
 * cairn_regrade_list() finds the inputs kept in done/OWNER/ and
 * failed/OWNER/ with their arrival records (.arrival/NAME: its time the
 * arrival, its text the name the result is named after), in the order
 * they are to be graded again: per owner, oldest arrival first, so that
 * a submission limit counts the results already re-graded.
 * cairn_regrade_one() processes one as the daemon did and publishes its
 * result as the daemon does.
 */
#ifndef CAIRN_REGRADE_H
#define CAIRN_REGRADE_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "cairn_origin.h"
#include "cairn_process.h"

/* One stored input. */
struct cairn_stored {
	char owner[CAIRN_OWNER_MAX + 1];
	const char *dir;		/* CAIRN_DIR_DONE or CAIRN_DIR_FAILED */
	char *stored;			/* its name in DIR/OWNER/ */
	char *name;			/* its original name, which names its result */
	struct timespec arrival;
};

/* What the inputs are chosen by and re-graded with. */
struct cairn_regrade {
	int root_fd, results_fd;	/* the spool, its results/ */
	int dir_fd[2];			/* done/, failed/ (-1: missing) */
	const char *const *owners;	/* --owner NAMEs (NULL-terminated), or NULL: all */
	const char *const *sets;	/* --set NAMEs (NULL-terminated), or NULL: all */
	const struct cairn_settings *settings;
	int fsync;			/* flush results (the configuration's fsync) */
	uint32_t euid;			/* whose results need no grant */
	int64_t now_ms;			/* the start, for the feedback's release */
	/* A stored input that is passed over (no arrival record, ...). */
	void (*skipped)(void *arg, const struct cairn_stored *s, const char *why);
	void *arg;
};

/*
 * The stored inputs of the owners chosen, in re-grading order, into
 * *out (*n of them; free with cairn_regrade_free()); each one without
 * an arrival record is reported to rg->skipped and left out.  0, or a
 * negative errno value with "PATH: reason" in err (a directory of the
 * spool could not be read).
 */
int cairn_regrade_list(const struct cairn_regrade *rg, struct cairn_stored **out,
		       size_t *n, char *err, size_t errlen);
void cairn_regrade_free(struct cairn_stored *v, size_t n);

/* What re-grading one input did. */
struct cairn_regraded {
	struct cairn_buf old;		/* the result it had (empty: none found) */
	struct cairn_buf result;	/* the result it has now */
	int had_old;
	int replaced;			/* the result was written (it differed) */
};

/*
 * Process s again with its owner (the directory's name; uid: the stored
 * file's owner) and arrival, and publish its result in
 * results/OWNER/ unless it is the very result there: 0 with *out
 * filled (free with cairn_regraded_free()), 1 when s is passed over
 * (not a regular file with one link, or larger than max_file_bytes:
 * why in err), 2 when neither its old nor its new result names one of
 * rg->sets (nothing is written), or a negative errno value with the
 * reason in err.
 */
int cairn_regrade_one(const struct cairn_regrade *rg, const struct cairn_stored *s,
		      struct cairn_regraded *out, char *err, size_t errlen);
void cairn_regraded_free(struct cairn_regraded *r);

/* The wall clock in ms since the epoch, as policies' times are kept. */
int64_t cairn_regrade_now_ms(void);

/*
 * Remove the temporary files an interrupted `cairn regrade` left in
 * results/OWNER/ (the caller holds the regrade lock, so none is in use):
 * their number, or a negative errno value.
 */
int cairn_regrade_tidy(const struct cairn_regrade *rg, const char *owner);

#endif
