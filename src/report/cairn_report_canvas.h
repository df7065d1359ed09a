/*
 * cairn_report_canvas - the gradebook as Canvas LMS imports it (doc/lms.md,
 * `cairn report --format canvas --roster FILE`).
 */
#ifndef CAIRN_REPORT_CANVAS_H
#define CAIRN_REPORT_CANVAS_H

#include <stddef.h>

#include "cairn_buf.h"
#include "cairn_report_lms.h"
#include "cairn_roster.h"

/* The owners' column by default: the login Canvas knows a student by. */
#define CAIRN_CANVAS_MATCH "SIS Login ID"

/* How Canvas reads a row of its export (kind_of for cairn_report_lms_init()). */
enum cairn_lms_row cairn_report_canvas_row(const struct cairn_roster_row *row);

/*
 * 0 when the roster has the columns Canvas's import needs (Student, ID
 * and Section), else -1 with the one missing in err.
 */
int cairn_report_canvas_check(const struct cairn_roster *roster, const char *name,
			      char *err, size_t errlen);

/*
 * Append the Canvas gradebook CSV of g: 0, or -1 with nothing appended
 * when Canvas would import it wrongly (g->refusals says why: a set named
 * "Title (id)" that is not the roster's column, points possible that
 * differ from the roster's with g->points_from CAIRN_LMS_POINTS_ASK).
 */
int cairn_report_canvas(struct cairn_lms *g, struct cairn_buf *out);

#endif
