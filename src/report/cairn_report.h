/*
 * cairn_report - gradebooks from result files (SPEC section 7).
 *
 * Both renderings are pure functions of the files given, in the order
 * given, so a report of the same results is always the same bytes.
 */
#ifndef CAIRN_REPORT_H
#define CAIRN_REPORT_H

#include <stddef.h>

#include "cairn_buf.h"
#include "cairn_process.h"
#include "cairn_result_read.h"
/* The HTML rendering and the picking of results have their own files. */

/*
 * CSV: the header source,owner,submitter,problem_set,graded,correct,
 * wrong,missing,invalid,points,max_points,score,received,late and one
 * row per file.
 */
void cairn_report_csv(const struct cairn_result_file *files, size_t n,
		      struct cairn_buf *out);
/* JUnit XML: a test suite per file, a test case per graded puzzle or error. */
void cairn_report_junit(const struct cairn_result_file *files, size_t n,
			struct cairn_buf *out);

/*
 * Give a tally without points (not a submission) those of unit weights:
 * points = correct, max_points = graded; then st->weighted is always set.
 */
void cairn_report_points(struct cairn_stats *st);

/* Append s as XML character data or attribute text, always well-formed. */
void cairn_report_xml_text(struct cairn_buf *out, const char *s);

#endif
