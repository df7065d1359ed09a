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

/*
 * CSV: the header source,submitter,problem_set,graded,correct,wrong,
 * missing,invalid,points,max_points,score and one row per file.
 */
void cairn_report_csv(const struct cairn_result_file *files, size_t n,
		      struct cairn_buf *out);
/* JUnit XML: a test suite per file, a test case per graded puzzle or error. */
void cairn_report_junit(const struct cairn_result_file *files, size_t n,
			struct cairn_buf *out);

/*
 * HTML: one self-contained page (inline style and SVG, no script): the
 * class at a glance, each puzzle of each problem set, each submission.
 */
void cairn_report_html(const struct cairn_result_file *files, size_t n,
		       struct cairn_buf *out);

/* Which results a report keeps (--per-submitter). */
enum cairn_pick { CAIRN_PICK_ALL, CAIRN_PICK_LATEST, CAIRN_PICK_BEST };

/*
 * Keep one result per submitter and problem set: the latest by mtime or
 * the best by score (ties: see cairn_report_pick.c).  The kept ones are
 * moved to files[0..k), in the order given, the others after them (still
 * to be freed); returns k.  CAIRN_PICK_ALL keeps everything.
 */
size_t cairn_report_pick(struct cairn_result_file *files, size_t n,
			 enum cairn_pick how);

/*
 * Compare the scores a/b and c/d exactly (-1, 0, 1); a denominator of 0
 * is no score, below every score.
 */
int cairn_report_score_cmp(uint64_t a, uint64_t b, uint64_t c, uint64_t d);

/*
 * Give a tally without points (not a submission) those of unit weights:
 * points = correct, max_points = graded; then st->weighted is always set.
 */
void cairn_report_points(struct cairn_stats *st);

/* Append s as XML character data or attribute text, always well-formed. */
void cairn_xml_text(struct cairn_buf *out, const char *s);

#endif
