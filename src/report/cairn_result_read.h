/*
 * cairn_result_read - reading result files back (doc/formats.md).
 *
 * `cairn report` needs, per result file, who submitted what, each
 * puzzle's verdict, feedback and error, and (for the HTML page) what
 * optimal play gives and the stated answer; this reads exactly that from
 * a YAML, JSON or CSV result file (whose, when it arrived, whether late)
 * and skips every other key.
 */
#ifndef CAIRN_RESULT_READ_H
#define CAIRN_RESULT_READ_H

#include <stddef.h>

#include "cairn_policy.h"
#include "cairn_process.h"
#include "cairn_puzzle.h"
#include "cairn_result_file.h"	/* struct cairn_result_file, its free */

/*
 * Read the result file `name` (a path or base name: NAME.result.csv is
 * CSV, anything else YAML, which includes the JSON results) from
 * data[0..len).  Returns 0, or -EINVAL with the reason in err when it is
 * not a cairn result file, or -ENOMEM when libyaml ran out of memory
 * (the file may read well the next time); r is then empty but still to
 * be freed.
 */
int cairn_result_read(struct cairn_result_file *r, const char *name,
		      const char *data, size_t len, char *err, size_t errlen);

/*
 * Count the file's puzzles, errors and verdicts into st (zeroed first),
 * and its refusal; not its points, nor its lateness: a result's points
 * are after its penalty already (cairn_report_tally()).
 */
void cairn_result_read_tally(const struct cairn_result_file *r,
			     struct cairn_stats *st);

/* The first words of a refused result's error (doc/grading.md). */
#define CAIRN_REFUSED_CLOSED_TEXT "closed at "
#define CAIRN_REFUSED_LIMIT_TEXT "submission limit reached ("
/* "closed", "limit", or NULL for CAIRN_REFUSED_NONE. */
const char *cairn_result_read_refusal_name(int refused);

/* A verdict's name in result files ("correct", ...; "" for NONE). */
const char *cairn_result_read_verdict_name(enum cairn_verdict v);

#endif
