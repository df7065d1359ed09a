/*
 * cairn_submissions - an owner's result files read back, and how many
 * graded submissions to a problem set they hold (doc/grading.md,
 * max_submissions).
 *
 * The daemon counts before it grades a file against a set with a
 * limit, `cairn regrade` counts as the daemon did, and the daemon's
 * feedback release walks the same files to grant them: all go through
 * cairn_submissions_each(), so that they agree on which files are an
 * owner's results.
 */
#ifndef CAIRN_SUBMISSIONS_H
#define CAIRN_SUBMISSIONS_H

#include <stdint.h>

#include "cairn_result_read.h"

/*
 * Called for each result file: fd is the file, open for reading (the
 * caller may grant on it), r what it says.  Non-zero stops the walk,
 * and is what cairn_submissions_each() returns.
 */
typedef int cairn_submissions_fn(void *arg, int fd, const struct cairn_result_file *r);

/*
 * Each result file of the owner's directory owner_fd: its regular
 * files named NAME.result.EXT and every regular file of its history/
 * (an absent history/ has none), by name; names starting with '.'
 * (temporary files) and files that are not cairn results are passed
 * over, symbolic links are never followed.  0, what fn returned, or a
 * negative errno value when a directory or a file cannot be read.
 */
int cairn_submissions_each(int owner_fd, cairn_submissions_fn *fn, void *arg);

/* The same, with the file's path relative to owner_fd ("NAME", "history/NAME"). */
typedef int cairn_submissions_at_fn(void *arg, const char *where, int fd,
				    const struct cairn_result_file *r);
int cairn_submissions_each_at(int owner_fd, cairn_submissions_at_fn *fn, void *arg);

/*
 * How many graded submissions of `owner` to problem set `set` arrived
 * before the file `source` that arrived at before_ms (ms since the
 * epoch): the results in results_fd/OWNER/ and its history/, and in
 * its .held/ and .held/history/ (cairn_withheld.h), whose
 * problem_set is `set`, whose status is ok (not a file error, not
 * refused) and whose received is strictly before before_ms, or in that
 * same millisecond with a source that comes before `source` by strcmp
 * (files of one owner with the same arrival are ordered by their
 * names); source NULL: none of that millisecond.  0 with *n set (a
 * missing owner directory has none), or a negative errno value.
 */
int cairn_submissions_count(int results_fd, const char *owner, const char *set,
			    int64_t before_ms, const char *source, unsigned *n);

#endif
