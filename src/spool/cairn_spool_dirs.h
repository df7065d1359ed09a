/*
 * cairn_spool_dirs - the names of the spool's directories, each written
 * once (doc/spool.md, "Directories"; cairnd(8), THE SPOOL).
 *
 * Macros only, so that anything on the spool layer or above may include
 * it for nothing more.  A path inside the spool is written with them by
 * string pasting: CAIRN_DIR_INCOMING "/%s".  Layers below the spool
 * (ops, report) may not include it and keep their own copy of the few
 * names they use: the default problems/ of cairn_conf.c and history/ of
 * cairn_submissions.c.
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

/* In done/<owner>/ and failed/<owner>/: one arrival record per input. */
#define CAIRN_ARRIVAL_DIR ".arrival"

/* In results/: one marker per problem set released (the daemon's group only). */
#define CAIRN_RELEASED_DIR ".released"

#endif
