/*
 * cairn_report_canvas - write the gradebook Canvas's "Import" reads back.
 *
 * The rules followed are those of Canvas's gradebook importer (Canvas LMS
 * as documented and released in 2026): the header must start with
 * Student and ID and end its student columns with Section (SIS User ID
 * and SIS Login ID between them when present); a row whose first cell
 * holds "Points Possible" gives the points of the assignments it creates;
 * a student is found by ID, then SIS User ID, then SIS Login ID; an
 * assignment column is found by the id in a header "Title (id)", else by
 * its title, else creates an assignment of that title.  So the file
 * carries the roster's own student columns (copied byte for byte, never
 * formula-protected: they are Canvas's values and must come back
 * unchanged), one column per problem set named as the roster names that
 * set's assignment, and the roster's Points Possible row when it has one.
 * A cell Canvas compares with the grade it holds: an empty one where it
 * has a grade removes that grade.  So a student with no result for a set
 * keeps the roster's own cell for it (what Canvas held at the export, an
 * unchanged value), and is empty only where the roster has no column for
 * the set.  Rows Canvas itself skips (all blank, or "Muted", "Manual
 * Posting") are left out.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cairn_mem.h"
#include "cairn_report.h"
#include "cairn_report_canvas.h"

/* Canvas's student columns, in the order its importer reads them. */
static const char *const identity[] = {
	"Student", "ID", "SIS User ID", "SIS Login ID", "Section",
};
#define NIDENTITY (sizeof identity / sizeof identity[0])

/* skipped - a cell of a row Canvas's importer skips: blank, Muted, Manual Posting */
static int skipped(const char *s)
{
	size_t n;

	s += strspn(s, " \t");
	if (strncasecmp(s, "Manual Posting", 14) == 0)
		return 1;
	if (strncasecmp(s, "Muted", 5) == 0)
		s += 5;
	n = strspn(s, " \t");
	return s[n] == '\0';
}

enum cairn_lms_row cairn_report_canvas_row(const struct cairn_roster_row *row)
{
	if (row->n > 0 && strstr(row->cell[0], "Points Possible") != NULL)
		return CAIRN_LMS_POINTS;
	for (size_t i = 0; i < row->n; i++)
		if (!skipped(row->cell[i]))
			return CAIRN_LMS_STUDENT;
	return CAIRN_LMS_OTHER;
}

int cairn_report_canvas_check(const struct cairn_roster *roster, const char *name,
			      char *err, size_t errlen)
{
	static const char *const needed[] = { "Student", "ID", "Section" };

	for (size_t i = 0; i < sizeof needed / sizeof needed[0]; i++) {
		if (cairn_roster_column(roster, needed[i]) >= 0)
			continue;
		snprintf(err, errlen, "%s: no column \"%s\": Canvas's import "
			 "needs Student, ID and Section", name, needed[i]);
		return -1;
	}
	return 0;
}

static int is_identity(const char *h)
{
	for (size_t i = 0; i < NIDENTITY; i++)
		if (strcmp(h, identity[i]) == 0)
			return 1;
	return 0;
}

/* titled - h is `set`, or `set (ID)` with ID digits, as Canvas names an assignment */
static int titled(const char *h, const char *set)
{
	size_t hl = strlen(h), sl = strlen(set), d;

	if (strcmp(h, set) == 0)
		return 1;
	if (hl < sl + 4 || memcmp(h, set, sl) != 0 || h[sl] != ' ' ||
	    h[sl + 1] != '(' || h[hl - 1] != ')')
		return 0;
	d = strspn(h + sl + 2, "0123456789");
	return d > 0 && sl + 2 + d == hl - 1;
}

/* set_column - the roster's column for the set's assignment, or -1 */
static long set_column(const struct cairn_roster *ro, const char *set)
{
	for (size_t i = 0; i < ro->ncols; i++)
		if (!is_identity(ro->head[i]) && titled(ro->head[i], set))
			return (long)i;
	return -1;
}

struct layout {
	long id[NIDENTITY];		/* the roster's identity columns */
	size_t nid;
	long *set;			/* per set: its roster column, or -1 */
};

static void layout_of(const struct cairn_lms *g, struct layout *l)
{
	long c;

	l->nid = 0;
	for (size_t i = 0; i < NIDENTITY; i++)
		if ((c = cairn_roster_column(g->roster, identity[i])) >= 0)
			l->id[l->nid++] = c;
	l->set = cairn_xcalloc(g->nsets + 1, sizeof *l->set);
	for (size_t s = 0; s < g->nsets; s++)
		l->set[s] = set_column(g->roster, g->sets[s]);
}

/* identity_cells - the row's student columns, each followed by a comma */
static void identity_cells(struct cairn_buf *out, const struct layout *l,
			   const struct cairn_roster_row *row)
{
	for (size_t i = 0; i < l->nid; i++) {
		cairn_report_lms_roster_cell(out, cairn_roster_cell(row, l->id[i]));
		cairn_buf_addc(out, ',');
	}
}

static void header(struct cairn_buf *out, const struct cairn_lms *g,
		   const struct layout *l)
{
	for (size_t i = 0; i < l->nid; i++) {
		cairn_report_lms_roster_cell(out, g->roster->head[l->id[i]]);
		cairn_buf_addc(out, ',');
	}
	for (size_t s = 0; s < g->nsets; s++) {
		if (l->set[s] >= 0)
			cairn_report_lms_roster_cell(out, g->roster->head[l->set[s]]);
		else
			cairn_report_lms_text_cell(out, g->sets[s]);
		cairn_buf_addc(out, ',');
	}
}

static void student(struct cairn_buf *out, const struct cairn_lms *g,
		    const struct layout *l, size_t i)
{
	const struct cairn_roster_row *row = &g->roster->rows[i];
	const struct cairn_result_file *r;
	size_t start = out->len;

	identity_cells(out, l, row);
	for (size_t s = 0; s < g->nsets; s++) {
		if ((r = cairn_report_lms_got(g, i, s)) != NULL)
			cairn_report_lms_points(out, r);
		else
			cairn_report_lms_roster_cell(out, cairn_roster_cell(row, l->set[s]));
		cairn_buf_addc(out, ',');
	}
	cairn_report_lms_end_row(out, start);
}

void cairn_report_canvas(const struct cairn_lms *g, struct cairn_buf *out)
{
	struct layout l;
	size_t start = out->len;

	layout_of(g, &l);
	header(out, g, &l);
	cairn_report_lms_end_row(out, start);
	if (g->points_row >= 0) {
		start = out->len;
		identity_cells(out, &l, &g->roster->rows[g->points_row]);
		for (size_t s = 0; s < g->nsets; s++) {
			cairn_report_decimal(out, g->max_e4[s]);
			cairn_buf_addc(out, ',');
		}
		cairn_report_lms_end_row(out, start);
	}
	for (size_t i = 0; i < g->roster->nrows; i++)
		if (g->kind[i] == CAIRN_LMS_STUDENT)
			student(out, g, &l, i);
	free(l.set);
}
