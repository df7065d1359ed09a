/*
 * cairn_report_moodle - the gradebook as Moodle's "Import grades from
 * CSV file" reads it (doc/lms.md, `cairn report --format moodle --roster FILE`).
 */
#ifndef CAIRN_REPORT_MOODLE_H
#define CAIRN_REPORT_MOODLE_H

#include "cairn_buf.h"
#include "cairn_report_lms.h"

/* The owners' column by default ("ID number" and "Email address" the others). */
#define CAIRN_MOODLE_MATCH "Username"

/*
 * Append the Moodle grade import CSV of g; what an instructor must know
 * (rows left out, sets worth more than 100 points) goes to g->warnings.
 */
void cairn_report_moodle(struct cairn_lms *g, struct cairn_buf *out);

#endif
