/*
 * cairn_submit_wait - `cairn submit --wait` (cairn(1)): the wait for the
 * results of the files handed in, in results/OWNER/, printed as each one
 * arrives.
 */
#ifndef CAIRN_SUBMIT_WAIT_H
#define CAIRN_SUBMIT_WAIT_H

#include <sys/types.h>

#include "cairn_owner.h"

/* The exit codes of cairn(1), EXIT STATUS (those of cairn grade, and a timeout). */
#define CAIRN_SUBMIT_WAIT_NOT_CORRECT 1
#define CAIRN_SUBMIT_WAIT_ERROR       2
#define CAIRN_SUBMIT_WAIT_TIMEOUT     75

/* One file being submitted. */
struct cairn_submit_wait_file {
	const char *file;		/* as given */
	char *name;			/* its name in incoming/, once moved */
	char *result;			/* the result's name in results/OWNER/ */
	dev_t old_dev;			/* the result there before the move */
	ino_t old_ino;
	int had_old, waiting;
	int unreadable;			/* seen there, not ours to read yet */
	/*
	 * Its receipt's name, NAME.receipt, and the receipt there before the
	 * move: a result held back until its feedback is due gives a receipt.
	 */
	char *receipt;
	dev_t old_receipt_dev;
	ino_t old_receipt_ino;
	int had_old_receipt;
};

/* The results of one spool, from our owner's side. */
struct cairn_submit_wait {
	char *root;
	char owner[CAIRN_OWNER_MAX + 1];
	char *results;			/* ROOT/results/OWNER, for messages */
	int top_fd;			/* results/, with --wait: read-only where
					   we may read it (then watched), else O_PATH */
	int top_watched;
	int results_fd;			/* results/OWNER/, read-only, once watched */
	int signal_fd;			/* the watches' signals; -1 without --wait */
};

/* "cairn submit: FILE: MESSAGE[: strerror(e)]" on stderr. */
void cairn_submit_wait_file_error(const char *file, int e, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Names the results of root's spool for our owner; nothing is opened. */
void cairn_submit_wait_init(struct cairn_submit_wait *w, const char *root);

/*
 * Before the first move: results/ opened and watched, and results/OWNER/
 * too when it can be already; 0, or -1 on an error (reported).
 */
int cairn_submit_wait_open(struct cairn_submit_wait *w);
void cairn_submit_wait_close(struct cairn_submit_wait *w);

/* Before f is moved to `to`: its result's and receipt's names, and what is there now. */
void cairn_submit_wait_note(const struct cairn_submit_wait *w,
			    struct cairn_submit_wait_file *f, const char *to);

/*
 * Wait for the result of each of the n files still waiting (`left` of
 * them), or its receipt when the result is held back, printing each as
 * it comes; within timeout seconds when that is
 * >= 0.  Returns the worst exit status, worst included.
 */
int cairn_submit_wait_all(struct cairn_submit_wait *w,
			  struct cairn_submit_wait_file *files, size_t n,
			  size_t left, double timeout, int worst);

#endif
