/*
 * cairn_settings - what a job of cairn_process() is given besides its
 * bytes: the settings, shared by cairn_process.c and the per-puzzle
 * steps of cairn_process_puzzle.c, and the values of its cancellation
 * flag.  The functions that take them are declared in cairn_process.h.
 */
#ifndef CAIRN_SETTINGS_H
#define CAIRN_SETTINGS_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_buf.h"
#include "cairn_plugins.h"
#include "cairn_problems.h"
#include "cairn_puzzle.h"
#include "cairn_stats.h"

/* Values of the cancellation flag handed to cairn_process(). */
#define CAIRN_CANCEL_TIMEOUT  1	/* job_timeout_s passed: puzzles get errors */
#define CAIRN_CANCEL_SHUTDOWN 2	/* shutting down: abandon the file */

struct cairn_settings {
	const struct cairn_registry *registry;
	const char *solver;		/* default solver name, or "auto" */
	/* Bytes one file may take (doc/spool.md, "Fairness and memory"). */
	uint64_t memory_budget;
	struct cairn_limits limits;
	size_t max_puzzles;		/* per file; 0: no limit */
	int cross_check;
	const char *problems_dir;	/* NULL: submissions are a file error */
	struct cairn_problem_cache *problems;	/* may be NULL */
	/* When set, problem sets come from here, not from problems_dir. */
	const struct cairn_problem_source *problem_source;
	/* Whose the file is and when it arrived (the daemon's); NULL: none. */
	const struct cairn_origin *origin;
	/*
	 * When there is no origin: the arrival a problem set's policy is
	 * applied as of (`cairn solve --received`), written nowhere in the
	 * result; NULL: none, and no policy applies.
	 */
	const struct timespec *received;
	/*
	 * When set, a submission's due and close are these, in place of
	 * its set's and of any extension (`cairn grade
	 * --gradescope-metadata`: the dates Gradescope gives the
	 * submitter); has_due or has_close 0 there: none.  Grace, penalty
	 * and feedback stay the set's.  NULL: the set's.
	 */
	const struct cairn_policy_ext *dates;
	unsigned solver_threads;	/* most threads one solve may use (0 = 1) */
	/* `cairn solve` options: override what the file says, when set. */
	const char *force_solver;
	int force_moves;
	int force_explain;
	/* Called for events logged at level error (solver disagreements). */
	void (*log_error)(void *ctx, const char *msg);
	void *log_ctx;
	/*
	 * For a problem set's max_submissions (doc/grading.md): store in *n
	 * how many graded submissions of o's owner to set `set` arrived
	 * before the file `source` received at o->received (in that same
	 * millisecond: those whose source comes before it by name); 0, or a
	 * negative errno value (the file is then not processed:
	 * cairn_process() returns it).  NULL: none are counted (`cairn
	 * solve`).
	 */
	int (*count_submissions)(void *ctx, const char *set,
				 const struct cairn_origin *o, const char *source,
				 unsigned *n);
	void *count_ctx;
	/*
	 * Writes the result in another format than the input's (`cairn
	 * grade --format gradescope`): called, with render_ctx, where
	 * render_result() would be, within the same memory budget.
	 * NULL: render_result().
	 */
	void (*render)(void *ctx, const struct cairn_input *in,
		       const struct cairn_stats *st, struct cairn_buf *out);
	void *render_ctx;
};

#endif
