/*
 * cairn_report_lms_file - one gradebook file for Canvas or Moodle.
 *
 * Only graded results count (a file error earned nothing and a refused
 * file is no submission, doc/grading.md), one per owner and set; the
 * gradebook is then written in the format asked for.  The guarantee
 * that matters to a class is all or nothing: when anything in the file
 * would make the LMS give a grade to the wrong student, or change one
 * cairn has no result for, the caller gets no file at all, only the
 * reasons, so that a half-right gradebook is never imported.
 */
#include "config.h"

#include "cairn_report_canvas.h"
#include "cairn_report_lms_file.h"
#include "cairn_report_moodle.h"

int cairn_report_lms_file(struct cairn_lms *g, int canvas, struct cairn_result_file *rf,
			  size_t n, enum cairn_pick pick, struct cairn_buf *out)
{
	size_t k = cairn_report_lms_graded_first(rf, n), start = out->len;

	k = cairn_report_pick(rf, k, pick == CAIRN_PICK_ALL ? CAIRN_PICK_LATEST : pick);
	cairn_report_lms_fill(g, rf, k);
	if (canvas)
		cairn_report_canvas(g, out);
	else if (g->refusals.len == 0)
		cairn_report_moodle(g, out);
	if (g->refusals.len == 0)
		return 0;
	out->len = start;
	return -1;
}
