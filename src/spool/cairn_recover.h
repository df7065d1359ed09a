/*
 * cairn_recover - what a crash left in this instance's processing/.
 *
 * Run once at start, before anything is claimed: a file found in
 * processing/<instance>/ stays claimed, under the held name that keeps
 * its arrival (cairn_held.h), and is handed to the caller to be carried
 * on.  One that the attempts journal says was being read or solved at
 * this crash and at the one before is handed to the caller to be failed
 * with an error result instead, so a file that crashes the daemon cannot
 * make it crash forever; one that only waited for its turn is never
 * blamed.
 */
#ifndef CAIRN_RECOVER_H
#define CAIRN_RECOVER_H

#include <sys/stat.h>

#include "cairn_attempts.h"
#include "cairn_spool.h"

struct cairn_recover_ops {
	/*
	 * processing/<instance>/HELD was interrupted twice: the caller fails
	 * it (an error result, the input to failed/), with the reason
	 * CAIRN_INTERRUPTED_TWICE.  Failing a file is a job of the program,
	 * which renders results; the protocol only decides that it must.
	 */
	void (*twice)(void *arg, const char *held);
	/* HELD stays claimed: the caller carries it on where it is */
	void (*kept)(void *arg, const char *held);
	/* a move cut short by the crash was finished: NAME is in DIR now */
	void (*moved)(void *arg, const char *name, const char *dir);
	/*
	 * the journal could not be written (err, an errno value): recovery
	 * stands, and the old journal errs on the side of one more strike
	 */
	void (*unsaved)(void *arg, int err);
	void *arg;
};

/*
 * Recover processing/<instance>/ of sp, with the journal `attempts` (of
 * that directory).  Returns the number of files kept claimed, to be
 * carried on, or a negative errno value when the directory cannot be
 * read (then the caller tries again: a file may have been handed to it
 * already).  A journal that cannot be saved goes to ops->unsaved.
 */
int cairn_recover(const struct cairn_spool *sp, struct cairn_attempts *attempts,
		  const struct cairn_recover_ops *ops);

#define CAIRN_INTERRUPTED_TWICE "interrupted twice while processing"

#endif
