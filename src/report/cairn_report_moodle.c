/*
 * cairn_report_moodle - write the CSV Moodle's grade import maps.
 *
 * The rules followed are those of Moodle 4.x "Import grades from CSV
 * file" (Grade import in the Moodle 4.5 documentation, and the importer,
 * grade/import/csv): a column chosen as "Map from" identifies the user
 * by username, ID number or email address, compared exactly; a user it
 * does not find stops the whole import; every other column is mapped by
 * hand to a grade item (or a new one) or to an item's feedback; an empty
 * grade cell, or "-", is "no grade" and replaces a grade there; importing
 * feedback without its grade loses the grade.  So the file has the
 * roster's match column (copied byte for byte: it must equal Moodle's
 * value), then per problem set a grade column NAME and a feedback column
 * "NAME feedback", always both; and a row only for a roster student with
 * at least one result, so that the import never names a user Moodle does
 * not know and never touches a student who handed nothing in (the
 * warnings list them).  A student with results for some sets only has
 * both cells of the others empty: map those columns only for an import
 * that may clear them.  Moodle shows a feedback cell as HTML, so its
 * text (the ids of puzzles a student named) has its markup as entities:
 * an id "<svg onload=alert(2)>" reaches the page as text, never as markup.
 */
#include "config.h"

#include "cairn_report_moodle.h"

/* has_any - whether student row i has a result for some set */
static int has_any(const struct cairn_lms *g, size_t i)
{
	for (size_t s = 0; s < g->nsets; s++)
		if (cairn_report_lms_got(g, i, s) != NULL)
			return 1;
	return 0;
}

static void header(const struct cairn_lms *g, struct cairn_buf *out)
{
	struct cairn_buf name = CAIRN_BUF_INIT;
	size_t start = out->len;

	cairn_report_lms_roster_cell(out, g->roster->head[g->match]);
	cairn_buf_addc(out, ',');
	for (size_t s = 0; s < g->nsets; s++) {
		cairn_report_lms_text_cell(out, g->sets[s]);
		cairn_buf_addc(out, ',');
		cairn_buf_reset(&name);
		cairn_buf_addf(&name, "%s feedback", g->sets[s]);
		cairn_report_lms_text_cell(out, name.data);
		cairn_buf_addc(out, ',');
	}
	cairn_report_lms_end_row(out, start);
	cairn_buf_free(&name);
}

static void student(const struct cairn_lms *g, size_t i, struct cairn_buf *out)
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
			cairn_buf_addc(out, ',');
		}
		cairn_buf_addc(out, ',');
	}
	cairn_report_lms_end_row(out, start);
	cairn_buf_free(&fb);
}

void cairn_report_moodle(const struct cairn_lms *g, struct cairn_buf *out)
{
	header(g, out);
	for (size_t i = 0; i < g->roster->nrows; i++)
		if (g->kind[i] == CAIRN_LMS_STUDENT && has_any(g, i))
			student(g, i, out);
}
