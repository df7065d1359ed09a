/*
 * cairn_report_moodle - write the CSV Moodle's grade import maps.
 *
 * The rules followed are those of Moodle 4.x "Import grades from CSV
 * file" (grade/import/csv/classes/load_data.php, grade/import/lib.php and
 * the mapping form): a column chosen as "Map from" identifies the user by
 * username, ID number or email address, compared exactly, and a user it
 * does not find stops the whole import; a column "ITEM (Real)" is mapped
 * to the grade item ITEM and "ITEM (Feedback)" to its feedback without
 * the instructor's help, any other by hand; in a grade item's column an
 * empty cell, or "-", is "no grade" and clears the grade held; a grade
 * over 100 stops the import unless the site allows unlimited grades; a
 * column "Last downloaded from this course" makes the import stop at a
 * grade changed in Moodle since the export.  So the file has the
 * roster's match column, then per problem set its grade and feedback
 * columns, named as the roster names that set's item when it has one,
 * then the roster's "Last downloaded" column; and a row only for a
 * student with a result, whose cells for a set without one are the
 * roster's own (an unchanged grade).  A student missing a set the roster
 * has no column for is left out, and the warning says so, since no cell
 * there is safe.  Everything copied from the roster is copied byte for
 * byte.  Moodle shows a feedback cell as HTML, so its text (the ids of
 * puzzles a student named) has its markup as entities: an id
 * "<svg onload=alert(2)>" reaches the page as text, never as markup.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_mem.h"
#include "cairn_report_moodle.h"

/* Moodle's English names: its export writes them, its import looks for them. */
#define REAL " (Real)"
#define FEEDBACK " (Feedback)"
#define EXPORTED "Last downloaded from this course"
/* Moodle's grade_import_values limit when unlimitedgrades is off: 100. */
#define MAX_E4 (100 * (uint64_t)10000)

struct columns {
	long *grade, *feedback;		/* per set: the roster's, or -1 */
	long exported;			/* EXPORTED, or -1 */
};

/*
 * item_of - the length of the grade item name in header h, "NAME (Real)",
 * where NAME is the set or "Module: set", as Moodle's export names an
 * item's points; 0 when h is not the set's
 */
static size_t item_of(const char *h, const char *set)
{
	size_t hl = strlen(h), sl = strlen(set), rl = strlen(REAL), n;

	if (hl < rl + sl || strcmp(h + hl - rl, REAL) != 0)
		return 0;
	n = hl - rl;
	if (memcmp(h + n - sl, set, sl) != 0)
		return 0;
	if (n == sl || (n >= sl + 2 && h[n - sl - 1] == ' ' && h[n - sl - 2] == ':'))
		return n;
	return 0;
}

/* column_of - the roster column named "ITEM" + suffix, or -1 */
static long column_of(const struct cairn_roster *ro, const char *item, size_t n,
		      const char *suffix)
{
	char *name = cairn_xasprintf("%.*s%s", (int)n, item, suffix);
	long c = cairn_roster_column(ro, name);

	free(name);
	return c;
}

static void columns_of(const struct cairn_lms *g, struct columns *c)
{
	const struct cairn_roster *ro = g->roster;
	size_t n;

	c->grade = cairn_xcalloc(g->nsets + 1, sizeof *c->grade);
	c->feedback = cairn_xcalloc(g->nsets + 1, sizeof *c->feedback);
	c->exported = cairn_roster_column(ro, EXPORTED);
	for (size_t s = 0; s < g->nsets; s++) {
		c->grade[s] = c->feedback[s] = -1;
		for (size_t i = 0; i < ro->ncols && c->grade[s] < 0; i++)
			if ((n = item_of(ro->head[i], g->sets[s])) > 0) {
				c->grade[s] = (long)i;
				c->feedback[s] = column_of(ro, ro->head[i], n, FEEDBACK);
			}
	}
}

/* has_any - whether student row i has a result for some set */
static int has_any(const struct cairn_lms *g, size_t i)
{
	for (size_t s = 0; s < g->nsets; s++)
		if (cairn_report_lms_got(g, i, s) != NULL)
			return 1;
	return 0;
}

/*
 * kept - whether student row i can be written: a set it has no result
 * for must have its grade in the roster, to be written back unchanged
 * (an empty cell, or "-", is "no grade" to Moodle and clears the grade);
 * else the row is left out and the warning says why
 */
static int kept(struct cairn_lms *g, const struct columns *c, size_t i)
{
	const char *who = cairn_roster_cell(&g->roster->rows[i], g->match);

	if (!has_any(g, i))
		return 0;
	for (size_t s = 0; s < g->nsets; s++) {
		if (cairn_report_lms_got(g, i, s) != NULL || c->grade[s] >= 0)
			continue;
		cairn_report_lms_say(g, 0, "no row for \"%s\": no result for \"%s\", "
			"and the roster has no \"%s" REAL "\" to keep that grade "
			"(import it again from a newer export)", who, g->sets[s], g->sets[s]);
		return 0;
	}
	return 1;
}

static void header(const struct cairn_lms *g, const struct columns *c,
		   struct cairn_buf *out)
{
	const struct cairn_roster *ro = g->roster;
	struct cairn_buf name = CAIRN_BUF_INIT;
	size_t start = out->len;

	cairn_report_lms_roster_cell(out, ro->head[g->match]);
	cairn_buf_addc(out, ',');
	for (size_t s = 0; s < g->nsets; s++) {
		cairn_buf_reset(&name);
		if (c->grade[s] >= 0) {
			/* Moodle maps "ITEM (Real)" and "ITEM (Feedback)" itself. */
			cairn_report_lms_roster_cell(out, ro->head[c->grade[s]]);
			cairn_buf_addc(out, ',');
			cairn_buf_addf(&name, "%.*s" FEEDBACK, (int)(strlen(ro->head[c->grade[s]]) -
				       strlen(REAL)), ro->head[c->grade[s]]);
			cairn_report_lms_roster_cell(out, name.data);
		} else {
			cairn_report_lms_text_cell(out, g->sets[s]);
			cairn_buf_addc(out, ',');
			cairn_buf_addf(&name, "%s feedback", g->sets[s]);
			cairn_report_lms_text_cell(out, name.data);
		}
		cairn_buf_addc(out, ',');
	}
	if (c->exported >= 0) {
		cairn_report_lms_roster_cell(out, ro->head[c->exported]);
		cairn_buf_addc(out, ',');
	}
	cairn_report_lms_end_row(out, start);
	cairn_buf_free(&name);
}

static void student(const struct cairn_lms *g, const struct columns *c, size_t i,
		    struct cairn_buf *out)
{
	const struct cairn_roster_row *row = &g->roster->rows[i];
	const struct cairn_result_file *r;
	struct cairn_buf fb = CAIRN_BUF_INIT;
	size_t start = out->len;

	cairn_report_lms_roster_cell(out, cairn_roster_cell(row, g->match));
	cairn_buf_addc(out, ',');
	for (size_t s = 0; s < g->nsets; s++) {
		if ((r = cairn_report_lms_got(g, i, s)) != NULL) {
			cairn_report_lms_points(out, r);
			cairn_buf_reset(&fb);
			cairn_report_lms_feedback(&fb, r);
			cairn_buf_addc(out, ',');
			cairn_report_lms_html_cell(out, fb.data);
		} else {
			cairn_report_lms_roster_cell(out, cairn_roster_cell(row, c->grade[s]));
			cairn_buf_addc(out, ',');
			cairn_report_lms_roster_cell(out, cairn_roster_cell(row, c->feedback[s]));
		}
		cairn_buf_addc(out, ',');
	}
	if (c->exported >= 0) {
		cairn_report_lms_roster_cell(out, cairn_roster_cell(row, c->exported));
		cairn_buf_addc(out, ',');
	}
	cairn_report_lms_end_row(out, start);
	cairn_buf_free(&fb);
}

void cairn_report_moodle(struct cairn_lms *g, struct cairn_buf *out)
{
	struct columns c;
	char *keep;

	columns_of(g, &c);
	for (size_t s = 0; s < g->nsets; s++)
		if (g->max_e4[s] > MAX_E4)
			cairn_report_lms_say(g, 0, "problem set \"%s\" is worth %llu "
				"points: Moodle stops an import at a grade over 100 unless "
				"the site allows unlimited grades (unlimitedgrades)",
				g->sets[s], (unsigned long long)(g->max_e4[s] / 10000));
	keep = cairn_xcalloc(g->roster->nrows + 1, 1);
	for (size_t i = 0; i < g->roster->nrows; i++)
		keep[i] = g->kind[i] == CAIRN_LMS_STUDENT && kept(g, &c, i);
	header(g, &c, out);
	for (size_t i = 0; i < g->roster->nrows; i++)
		if (keep[i])
			student(g, &c, i, out);
	free(keep);
	free(c.grade);
	free(c.feedback);
}
