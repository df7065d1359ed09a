/*
 * cairn_report - gradebooks from result files (cairn(1)).
 *
 * Both renderings are pure functions of the files given, in the order
 * given, so a report of the same results is always the same bytes.
 */
#ifndef CAIRN_REPORT_H
#define CAIRN_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_buf.h"
#include "cairn_process.h"
#include "cairn_result_read.h"
/* The HTML rendering and the picking of results have their own files. */

/*
 * CSV: the header source,owner,submitter,problem_set,graded,correct,
 * wrong,missing,invalid,points,max_points,score,received,late,penalty,
 * refused and one row per file.
 */
void cairn_report_csv(const struct cairn_result_file *files, size_t n,
		      struct cairn_buf *out);
/* JUnit XML: a test suite per file, a test case per graded puzzle or error. */
void cairn_report_junit(const struct cairn_result_file *files, size_t n,
			struct cairn_buf *out);

/*
 * cairn_result_read_tally() with the points, always set (st->weighted): a
 * submission's, or for a result without them (not a submission) those of
 * unit weights (correct of graded); points and max_points in 1/10000 of
 * a point, the earned ones after the late penalty, so that their ratio
 * is the score exactly (st->late stays 0: cairn_stats_score() would
 * take the penalty again).
 */
void cairn_report_tally(const struct cairn_result_file *r, struct cairn_stats *st);

/* Append points in 1/10000 as results write them: 2.7, 9, 0.0625. */
void cairn_report_decimal(struct cairn_buf *out, uint64_t e4);

/*
 * Append s as XML character data or attribute text, always well-formed:
 * markup as entities, tab, LF and CR as character references, and a
 * byte that is not UTF-8 or another character cairn_utf8_unsafe() names
 * (a control, a bidi control) as U+FFFD.
 */
void cairn_report_xml_text(struct cairn_buf *out, const char *s);

/*
 * Append s as a text cell of a CSV gradebook: its controls, bidi controls
 * and bytes that are not UTF-8 in the visible form of cairn_utf8_visible()
 * ("\x1b", "\u202e"), then quoted when it must be and formula-protected
 * as cairn_result_csv_field() does.
 */
void cairn_report_csv_text(struct cairn_buf *out, const char *s);

#endif
