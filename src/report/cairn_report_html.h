/*
 * cairn_report_html - the instructor's page of a gradebook (cairn(1)).
 *
 * A pure function of the result files given, in the order given: the same
 * results always make the same bytes.
 */
#ifndef CAIRN_REPORT_HTML_H
#define CAIRN_REPORT_HTML_H

#include <stddef.h>

#include "cairn_buf.h"
#include "cairn_result_read.h"

/*
 * HTML: one self-contained page (inline style and SVG, no script): the
 * class at a glance, each puzzle of each problem set, each submission.
 */
void cairn_report_html(const struct cairn_result_file *files, size_t n,
		       struct cairn_buf *out);

#endif
