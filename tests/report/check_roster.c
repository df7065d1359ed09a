/*
 * check_roster - reading the class list exported from an LMS, and how
 * Canvas's rows are told apart.
 *
 * Each case is a roster's bytes and what reading makes of it: its rows,
 * one per line, cells joined by '|', each prefixed with its line, or the
 * error.  The shapes are those the exports have (a BOM, CRLF, quoted
 * names with commas, short rows) and the malformed ones a roster must be
 * refused for.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_report_canvas.h"
#include "cairn_roster.h"
#include "check_run.h"

struct roster_case {
	const char *name, *data;
	const char *want;		/* head, then "LINE: a|b" per row; or the error */
};

static const struct roster_case cases[] = {
	{ "plain", "Username,x\nada,1\nbob,2\n", "Username|x\n2: ada|1\n3: bob|2\n" },
	{ "BOM and CRLF", "\xef\xbb\xbfStudent,ID\r\n\"Lovelace, Ada\",11\r\n",
	  "Student|ID\n2: Lovelace, Ada|11\n" },
	{ "blank lines skipped, # is a row", "a,b\n\n#x,1\n\nq,\"r\n s\"\n",
	  "a|b\n3: #x|1\n5: q|r\n s\n" },
	{ "a short row", "a,b,c\n1\n", "a|b|c\n2: 1||\n" },
	{ "header only", "Username\n", "Username\n" },
	{ "no header", "", "error: no header (the first record names the columns)" },
	{ "too wide", "a,b\n1,2,3\n", "error: line 2, field 3: more fields than the header's 2" },
	{ "unclosed quote", "a\n\"x\n", "error: line 2, field 1: unterminated quoted field" },
	{ "not UTF-8", "a\n\xff\n", "error: line 2, field 1: invalid UTF-8" },
};

static void describe(const struct cairn_roster *r, struct cairn_buf *out)
{
	size_t i, k;

	for (k = 0; k < r->ncols; k++)
		cairn_buf_addf(out, "%s%s", k ? "|" : "", r->head[k]);
	cairn_buf_addc(out, '\n');
	for (i = 0; i < r->nrows; i++) {
		cairn_buf_addf(out, "%lu: ", r->rows[i].line);
		for (k = 0; k < r->ncols; k++)
			cairn_buf_addf(out, "%s%s", k ? "|" : "",
				       cairn_roster_cell(&r->rows[i], (long)k));
		cairn_buf_addc(out, '\n');
	}
}

START_TEST(test_read)
{
	const struct roster_case *c = &cases[_i];
	struct cairn_buf got = CAIRN_BUF_INIT;
	struct cairn_roster r;
	char err[256];

	if (cairn_roster_read(&r, c->data, strlen(c->data), err, sizeof err) == 0)
		describe(&r, &got);
	else
		cairn_buf_addf(&got, "error: %s", err);
	ck_assert_msg(strcmp(got.data, c->want) == 0, "%s: got \"%s\"", c->name,
		      got.data);
	cairn_roster_free(&r);
	cairn_buf_free(&got);
}
END_TEST

START_TEST(test_columns)
{
	static const char data[] = "Student,ID,ID,SIS Login ID\nAda,11\n";
	struct cairn_roster r;
	char err[256];

	ck_assert_int_eq(cairn_roster_read(&r, data, sizeof data - 1, err, sizeof err), 0);
	ck_assert_int_eq(cairn_roster_column(&r, "ID"), 1);	/* the first */
	ck_assert_int_eq(cairn_roster_column(&r, "id"), -1);	/* exactly */
	ck_assert_str_eq(cairn_roster_cell(&r.rows[0], 3), "");	/* short row */
	ck_assert_str_eq(cairn_roster_cell(&r.rows[0], -1), "");
	cairn_roster_free(&r);
}
END_TEST

/* Canvas's rows: the Points Possible row, the rows its importer skips. */
START_TEST(test_canvas_rows)
{
	static const struct { const char *cells[3]; enum cairn_lms_row want; } t[] = {
		{ { "    Points Possible", "", "10" }, CAIRN_LMS_POINTS },
		{ { "", "Muted", " " }, CAIRN_LMS_OTHER },
		{ { "Manual Posting (scores hidden)", "", "" }, CAIRN_LMS_OTHER },
		{ { "", " ", "" }, CAIRN_LMS_OTHER },
		{ { "", "", "12" }, CAIRN_LMS_STUDENT },
		{ { "Muted Lee", "1", "" }, CAIRN_LMS_STUDENT },
	};
	struct cairn_roster_row row;

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		row.cell = (char **)t[i].cells;
		row.n = 3;
		row.line = 2;
		ck_assert_int_eq(cairn_report_canvas_row(&row), t[i].want);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("roster");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_read, 0, sizeof cases / sizeof cases[0]);
	tcase_add_test(tc, test_columns);
	tcase_add_test(tc, test_canvas_rows);
	suite_add_tcase(s, tc);
	return cairn_check_run(s);
}
