/*
 * cairn_report_lms - a gradebook for a learning management system: the
 * roster's students against the problem sets, one result per cell
 * (doc/lms.md, `cairn report --format canvas|moodle --roster FILE`).
 *
 * What Canvas and Moodle share: which results count, how an owner is
 * matched to a roster row, what a cell holds and the warnings an
 * instructor should read before importing.  Their files are written by
 * cairn_report_canvas and cairn_report_moodle.
 */
#ifndef CAIRN_REPORT_LMS_H
#define CAIRN_REPORT_LMS_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_buf.h"
#include "cairn_result_read.h"
#include "cairn_roster.h"

/* What a roster row is, as the system that exported it reads it. */
enum cairn_lms_row {
	CAIRN_LMS_STUDENT,		/* matched against owners */
	CAIRN_LMS_POINTS,		/* Canvas's "Points Possible" row */
	CAIRN_LMS_OTHER,		/* neither: left out */
};
typedef enum cairn_lms_row cairn_lms_row_fn(const struct cairn_roster_row *row);

/* Which points possible win when a set and the roster's column differ. */
enum cairn_lms_points {
	CAIRN_LMS_POINTS_ASK,		/* neither: refused, and said so */
	CAIRN_LMS_POINTS_SET,		/* the set's, the column rescaled */
	CAIRN_LMS_POINTS_ROSTER,	/* the roster's, the points scaled to them */
};

struct cairn_lms {
	/* Borrowed: the roster, its name for messages, and the results. */
	const struct cairn_roster *roster;
	const char *roster_name;
	long match;			/* the column owners are matched to */
	long root;			/* Canvas's "Root Account" column, or -1 */
	const char *root_host;		/* with it: the owners' root account, or NULL */
	enum cairn_lms_points points_from;
	enum cairn_lms_row *kind;	/* per roster row */
	long points_row;		/* the CAIRN_LMS_POINTS row, or -1 */
	const char **sets;		/* the problem sets, in byte order */
	size_t nsets, cap;
	uint64_t *max_e4;		/* per set: its points, in 1/10000 */
	/* [row * nsets + set]: the result of that student and set, or NULL */
	const struct cairn_result_file **got;
	struct cairn_buf warnings;	/* one line each, for stderr */
	struct cairn_buf refusals;	/* the same: the file must not be written */
};

/*
 * Move the results that were graded (status ok: neither a file error nor
 * refused by the course policy) to files[0..k), in the order given, the
 * others after them (still to be freed); returns k.  Only graded results
 * count in an LMS gradebook; cairn_report_pick() then keeps one per owner
 * and set.
 */
size_t cairn_report_lms_graded_first(struct cairn_result_file *files, size_t n);

/*
 * Start a gradebook of the roster's rows, classified by kind_of (NULL:
 * all are students), owners to be matched to column `match`.  Returns
 * 0, or -1 with why in err when the roster has no such column (g is
 * then empty but still to be freed).
 */
int cairn_report_lms_init(struct cairn_lms *g, const struct cairn_roster *roster,
			  const char *roster_name, const char *match,
			  cairn_lms_row_fn *kind_of, char *err, size_t errlen);
/*
 * Place each result of files[0..n) (one per owner and set, as
 * cairn_report_pick() leaves them) in the student row whose match cell
 * is its owner, exactly (and, with g->root_host, whose Root Account is
 * that host).  Owners not in the roster, students with no result and the
 * like go to g->warnings; an owner that two student rows match is placed
 * in neither and goes to g->refusals, both rows named.
 */
void cairn_report_lms_fill(struct cairn_lms *g, const struct cairn_result_file *files,
			   size_t n);
void cairn_report_lms_free(struct cairn_lms *g);

/* The result of student row `row` for set `set`, or NULL. */
const struct cairn_result_file *cairn_report_lms_got(const struct cairn_lms *g,
						     size_t row, size_t set);
/* Append a result's points after the late penalty: "2.7", "9". */
void cairn_report_lms_points(struct cairn_buf *out, const struct cairn_result_file *r);
/*
 * Append the feedback of a result, at most CAIRN_FEEDBACK_MAX bytes:
 * "0.9 of 2 points, score 0.45; late by 10h 1m, penalty 0.1; wrong: b".
 */
void cairn_report_lms_feedback(struct cairn_buf *out, const struct cairn_result_file *r);
/*
 * A roster cell as a number of points, read as Canvas's importer reads
 * one ("10", "9.5", "9,5"): 0 and *e4 in 1/10000, or -1 when it is not
 * one (empty, negative, a percentage, text).
 */
int cairn_report_lms_number(const char *s, uint64_t *e4);
/* Append one line to g->warnings or, with refuse set, to g->refusals. */
void cairn_report_lms_say(struct cairn_lms *g, int refuse, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Append a CSV cell copied from the roster: quoted when needed, else as is. */
void cairn_report_lms_roster_cell(struct cairn_buf *out, const char *s);
/*
 * Append a CSV text cell cairn wrote: controls visible, quoted and
 * formula-protected (cairn_report_csv_text()).
 */
void cairn_report_lms_text_cell(struct cairn_buf *out, const char *s);
/*
 * The same for a cell the LMS shows as HTML (Moodle's feedback): its
 * controls visible, then <, >, &, " and ' as entities, so that an id
 * "<svg onload=alert(2)>" is shown as text, never run.
 */
void cairn_report_lms_html_cell(struct cairn_buf *out, const char *s);
/*
 * End a record whose cells, from out->len == start on, are each followed
 * by a comma: the last comma becomes its line end.
 */
void cairn_report_lms_end_row(struct cairn_buf *out, size_t start);

#endif
