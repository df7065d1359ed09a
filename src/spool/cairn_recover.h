/*
 * cairn_recover - what a crash left in this instance's processing/.
 *
 * Run once at start, before anything is claimed: a file found in
 * processing/<instance>/ was interrupted; it goes back to incoming/ and is
 * recorded in the attempts journal.  A file that is already in the journal
 * was interrupted twice and is failed with an error result instead, so a
 * file that crashes the daemon cannot make it crash forever.
 */
#ifndef CAIRN_RECOVER_H
#define CAIRN_RECOVER_H

#include "cairn_jobs.h"

struct cairn_recover_ops {
	/* a file was failed as "interrupted twice" (see j->end: it may be stuck) */
	void (*finished)(void *arg, struct cairn_job *j);
	/* a file that could not go back to incoming/ and stays claimed */
	void (*kept)(void *arg, const char *name);
	void *arg;
};

/*
 * Recover processing/<instance>/.  `tmpl` gives the settings, fsync and
 * keep_inputs for the failed files.  Returns the number of files returned
 * to incoming/, or a negative errno value when the directory cannot be read.
 */
int cairn_recover(const struct cairn_jobctx *ctx, const struct cairn_job *tmpl,
		  const struct cairn_recover_ops *ops);

#define CAIRN_INTERRUPTED_TWICE "interrupted twice while processing"

#endif
