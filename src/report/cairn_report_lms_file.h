/*
 * cairn_report_lms_file - the file Canvas or Moodle imports, from result
 * files and a roster (doc/lms.md, `cairn report --format canvas|moodle`).
 */
#ifndef CAIRN_REPORT_LMS_FILE_H
#define CAIRN_REPORT_LMS_FILE_H

#include <stddef.h>

#include "cairn_buf.h"
#include "cairn_report_lms.h"
#include "cairn_report_pick.h"
#include "cairn_result_file.h"

/*
 * Fill g (started by cairn_report_lms_init()) with the graded results of
 * rf[0..n), one per owner and set as `pick` keeps them (CAIRN_PICK_ALL:
 * the latest), and append the file of the format (canvas set: Canvas,
 * else Moodle) to out.  rf is reordered.  Returns 0, or -1 with out as
 * it was when the LMS would import the file wrongly: g->refusals says
 * why, g->warnings what else an instructor should know, in both cases.
 */
int cairn_report_lms_file(struct cairn_lms *g, int canvas, struct cairn_result_file *rf,
			  size_t n, enum cairn_pick pick, struct cairn_buf *out);

#endif
