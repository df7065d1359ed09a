/*
 * cairn_gradescope_meta - what `cairn grade --gradescope-metadata` takes
 * from Gradescope's /autograder/submission_metadata.json (doc/lms.md):
 * the submission's arrival and the dates Gradescope holds the submitter
 * to, so that an extension given on Gradescope counts.
 */
#ifndef CAIRN_GRADESCOPE_META_H
#define CAIRN_GRADESCOPE_META_H

#include <stddef.h>
#include <time.h>

#include "cairn_policy.h"

struct cairn_gradescope_meta {
	struct timespec created_at;	/* the arrival */
	/* due: due_date, close: late_due_date; has_*: 0 for none (null) */
	struct cairn_policy_ext dates;
};

/*
 * Read the metadata's JSON text data[0..len) into *m: created_at, and the
 * assignment's due_date and late_due_date, or, where the users' entries
 * carry an `assignment` of their own (Gradescope's per-student dates),
 * the latest of theirs.  0, or -1 with why in err.
 */
int cairn_gradescope_meta_read(const char *data, size_t len,
			       struct cairn_gradescope_meta *m, char *err,
			       size_t errlen);

#endif
