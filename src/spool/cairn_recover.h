/*
 * cairn_recover - what a crash left in this instance's processing/.
 *
 * Run once at start, before anything is claimed: a file found in
 * processing/<instance>/ was interrupted; it goes back to incoming/ and is
 * recorded in the attempts journal.  A file that is already in the journal
 * was interrupted twice and is handed to the caller to be failed with an
 * error result instead, so a file that crashes the daemon cannot make it
 * crash forever.
 */
#ifndef CAIRN_RECOVER_H
#define CAIRN_RECOVER_H

#include "cairn_attempts.h"
#include "cairn_spool.h"

struct cairn_recover_ops {
	/*
	 * processing/<instance>/NAME was interrupted twice: the caller fails
	 * it (an error result, the input to failed/), with the reason
	 * CAIRN_INTERRUPTED_TWICE.  Failing a file is a job of the program,
	 * which renders results; the protocol only decides that it must.
	 */
	void (*twice)(void *arg, const char *name);
	/* a file that could not go back to incoming/ and stays claimed */
	void (*kept)(void *arg, const char *name);
	/* a move of NAME into done/ or failed/ that a crash cut short was
	 * finished (its claimed name removed); may be NULL */
	void (*moved)(void *arg, const char *name);
	void *arg;
};

/*
 * Recover processing/<instance>/ of sp, with the journal `attempts` (of
 * that directory).  Returns the number of files returned to incoming/, or
 * a negative errno value when the directory cannot be read.
 */
int cairn_recover(const struct cairn_spool *sp, struct cairn_attempts *attempts,
		  const struct cairn_recover_ops *ops);

#define CAIRN_INTERRUPTED_TWICE "interrupted twice while processing"

#endif
