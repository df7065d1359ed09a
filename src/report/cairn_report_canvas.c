/*
 * cairn_report_canvas - write the gradebook Canvas's "Import" reads back.
 *
 * The rules followed are those of Canvas's gradebook importer
 * (app/models/gradebook_importer.rb, 2025-2026): the header starts with
 * Student and ID, then SIS Login ID alone or SIS User ID, SIS Login ID
 * and Root Account, and ends its student columns with Section, else it is
 * refused; a row whose first cell holds "Points Possible" sets the points
 * possible of every assignment in the file; a student is found by ID,
 * then by (root account, SIS User ID or login); an assignment column is
 * found by the id of a header "Title (id)", else by its title, else
 * creates an assignment; a cell that differs from the grade held
 * replaces it, an empty one removing it.  So the file carries the
 * roster's own student columns (copied byte for byte, never
 * formula-protected: they are Canvas's values and must come back
 * unchanged), one column per problem set named as the roster names that
 * set's assignment, and the roster's Points Possible row; a student with
 * no result for a set keeps the roster's cell.  What Canvas would import
 * wrongly is refused instead: a set named "Title (id)" that is not the
 * roster's column, and points possible that differ from the roster's
 * unless g->points_from says which win (the roster's: the points are
 * scaled to them).  Rows Canvas itself skips (all blank, or "Muted",
 * "Manual Posting") are left out.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cairn_mem.h"
#include "cairn_report.h"
#include "cairn_report_canvas.h"
#include "cairn_stats.h"

/* Canvas's student columns, in the order its importer reads them. */
static const char *const identity[] = {
	"Student", "ID", "SIS User ID", "SIS Login ID", "Root Account", "Section",
};
#define NIDENTITY (sizeof identity / sizeof identity[0])
enum { STUDENT, ID, SIS_USER, SIS_LOGIN, ROOT, SECTION };

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

/* points_text - e4 as a decimal, in a static buffer (one use per call) */
static const char *points_text(uint64_t e4)
{
	static char text[32];
	struct cairn_buf b = CAIRN_BUF_INIT;

	cairn_report_decimal(&b, e4);
	snprintf(text, sizeof text, "%.*s", (int)b.len, b.data);
	cairn_buf_free(&b);
	return text;
}

/* scaled - a result's points out of the roster's points possible, rounded */
static void scaled(struct cairn_buf *out, const struct cairn_result_file *r,
		   uint64_t set_e4, uint64_t roster_e4)
{
	struct cairn_stats st;
	long double v;

	cairn_report_tally(r, &st);
	v = (long double)st.points * roster_e4 / set_e4;
	cairn_report_decimal(out, (uint64_t)(v + 0.5L));
}

struct layout {
	long id[NIDENTITY];		/* the roster's identity columns written */
	size_t nid;
	long *set;			/* per set: its roster column, or -1 */
	uint64_t *scale_e4;		/* per set: points scaled to the roster's, or 0 */
};

/*
 * kept - whether identity column i goes in the file.  Canvas's importer
 * (update_column_count) reads SIS User ID only right before SIS Login ID,
 * and Root Account only after both; any other order makes the column
 * before Section not Section, and the header is refused (InvalidHeaderRow).
 */
static int kept(const struct cairn_roster *ro, size_t i)
{
	int user = cairn_roster_column(ro, identity[SIS_USER]) >= 0;
	int login = cairn_roster_column(ro, identity[SIS_LOGIN]) >= 0;

	if (i == SIS_USER || i == ROOT)
		return user && login;
	return 1;
}

static void layout_of(const struct cairn_lms *g, struct layout *l)
{
	long c;

	l->nid = 0;
	for (size_t i = 0; i < NIDENTITY; i++)
		if ((c = cairn_roster_column(g->roster, identity[i])) >= 0 &&
		    kept(g->roster, i))
			l->id[l->nid++] = c;
	l->set = cairn_xcalloc(g->nsets + 1, sizeof *l->set);
	l->scale_e4 = cairn_xcalloc(g->nsets + 1, sizeof *l->scale_e4);
	for (size_t s = 0; s < g->nsets; s++)
		l->set[s] = set_column(g->roster, g->sets[s]);
}

/*
 * title_and_id - whether h reads as Canvas's "Title (id)": the importer's
 * Assignment.title_and_id, /\A(.*)\s\((\d+)\)\z/, takes the id from it
 */
static int title_and_id(const char *h)
{
	size_t n = strlen(h), d = 0;

	if (n < 4 || h[n - 1] != ')')
		return 0;
	while (d + 2 < n && h[n - 2 - d] >= '0' && h[n - 2 - d] <= '9')
		d++;
	return d > 0 && n >= d + 3 && h[n - 2 - d] == '(' &&
	       strchr(" \t\n\v\f\r", h[n - 3 - d]) != NULL;
}

/*
 * totals - whether h holds a name of Canvas's computed columns: its
 * importer (strip_non_assignment_columns) drops any header that does
 */
static int totals(const char *h)
{
	static const char *const names[] = {
		"Current Score", "Current Points", "Current Grade", "Final Score",
		"Final Points", "Final Grade", "Override Score", "Override Grade",
		"Override Status",
	};

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strstr(h, names[i]) != NULL)
			return 1;
	return 0;
}

/* roster_points - the roster's Points Possible of set s, in *e4; 0, or -1: none */
static int roster_points(const struct cairn_lms *g, const struct layout *l, size_t s,
			 uint64_t *e4)
{
	if (g->points_row < 0 || l->set[s] < 0)
		return -1;
	return cairn_report_lms_number(cairn_roster_cell(&g->roster->rows[g->points_row],
							 l->set[s]), e4);
}

/*
 * check - what Canvas would import wrongly: a set named "Title (id)" that
 * is not the roster's column (Canvas would update assignment id), and
 * points possible that differ from the roster's (Canvas would set the
 * assignment's to the file's) unless --points-from says which win
 */
static void check(struct cairn_lms *g, struct layout *l)
{
	uint64_t have;

	for (size_t s = 0; s < g->nsets; s++) {
		if (totals(l->set[s] < 0 ? g->sets[s] : g->roster->head[l->set[s]]))
			cairn_report_lms_say(g, 0, "problem set \"%s\": Canvas ignores "
				"a column named like its totals: rename the set", g->sets[s]);
		if (l->set[s] < 0 && title_and_id(g->sets[s]))
			cairn_report_lms_say(g, 1, "problem set \"%s\": Canvas reads "
				"the name as \"Title (id)\" and would grade assignment "
				"id %.*s: rename the set, or export the roster with that "
				"assignment", g->sets[s], (int)strcspn(strrchr(g->sets[s], '(') + 1,
				")"), strrchr(g->sets[s], '(') + 1);
		if (roster_points(g, l, s, &have) != 0 || have == g->max_e4[s])
			continue;
		if (g->points_from == CAIRN_LMS_POINTS_ROSTER && g->max_e4[s] > 0)
			l->scale_e4[s] = have;
		else if (g->points_from == CAIRN_LMS_POINTS_ASK)
			cairn_report_lms_say(g, 1, "problem set \"%s\" is worth %s "
				"points, the roster's \"%s\" %s: --points-from set or "
				"roster says which win", g->sets[s],
				points_text(g->max_e4[s]), g->roster->head[l->set[s]],
				cairn_roster_cell(&g->roster->rows[g->points_row],
						  l->set[s]));
	}
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
		if ((r = cairn_report_lms_got(g, i, s)) != NULL && l->scale_e4[s] != 0)
			scaled(out, r, g->max_e4[s], l->scale_e4[s]);
		else if (r != NULL)
			cairn_report_lms_points(out, r);
		else
			cairn_report_lms_roster_cell(out, cairn_roster_cell(row, l->set[s]));
		cairn_buf_addc(out, ',');
	}
	cairn_report_lms_end_row(out, start);
}

/* points_row - the roster's Points Possible row, the sets' points in it */
static void points_row(struct cairn_buf *out, const struct cairn_lms *g,
		       const struct layout *l)
{
	size_t start = out->len;
	uint64_t have;

	identity_cells(out, l, &g->roster->rows[g->points_row]);
	for (size_t s = 0; s < g->nsets; s++) {
		/* The roster's own cell where it stands: Canvas changes nothing. */
		if (roster_points(g, l, s, &have) == 0 &&
		    (have == g->max_e4[s] || g->points_from == CAIRN_LMS_POINTS_ROSTER))
			cairn_report_lms_roster_cell(out, cairn_roster_cell(
				&g->roster->rows[g->points_row], l->set[s]));
		else
			cairn_report_decimal(out, g->max_e4[s]);
		cairn_buf_addc(out, ',');
	}
	cairn_report_lms_end_row(out, start);
}

int cairn_report_canvas(struct cairn_lms *g, struct cairn_buf *out)
{
	struct layout l;
	size_t start = out->len;

	layout_of(g, &l);
	check(g, &l);
	if (g->refusals.len == 0) {
		header(out, g, &l);
		cairn_report_lms_end_row(out, start);
		if (g->points_row >= 0)
			points_row(out, g, &l);
		for (size_t i = 0; i < g->roster->nrows; i++)
			if (g->kind[i] == CAIRN_LMS_STUDENT)
				student(out, g, &l, i);
	}
	free(l.set);
	free(l.scale_e4);
	return g->refusals.len == 0 ? 0 : -1;
}
