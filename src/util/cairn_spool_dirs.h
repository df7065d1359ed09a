/*
 * cairn_spool_dirs - the names of the spool's directories, each written
 * once (doc/spool.md, "Directories"; cairnd(8), THE SPOOL).
 *
 * Macros only, in the lowest layer, so that every reader of the spool
 * (the configuration's defaults and its retain: keys, the gradebook's
 * walk through history/, the spool itself and the programs) names them
 * from here.  A path inside the spool is written with them by string
 * pasting: CAIRN_DIR_INCOMING "/%s".
 */
#ifndef CAIRN_SPOOL_DIRS_H
#define CAIRN_SPOOL_DIRS_H

/* The spool's top level (CAIRN_DIR_*), then directories inside them. */
#define CAIRN_DIR_INCOMING "incoming"
#define CAIRN_DIR_PROCESSING "processing"
#define CAIRN_DIR_RESULTS "results"
#define CAIRN_DIR_DONE "done"
#define CAIRN_DIR_FAILED "failed"
#define CAIRN_DIR_PROBLEMS "problems"

/* In processing/<instance>/: the result files' temporary files. */
#define CAIRN_TEMP_DIR ".tmp"

/* In results/<owner>/: the earlier results of each name. */
#define CAIRN_HISTORY_DIR "history"

/*
 * In results/<owner>/: graded results whose feedback is not due yet,
 * laid out as the owner's directory is (history/ too), searchable by the
 * daemon's group only (doc/spool.md, Feedback held back).
 */
#define CAIRN_HELD_DIR ".held"

/* In done/<owner>/ and failed/<owner>/: one arrival record per input. */
#define CAIRN_ARRIVAL_DIR ".arrival"

/* In results/: one marker per problem set released (the daemon's group only). */
#define CAIRN_RELEASED_DIR ".released"

#endif
