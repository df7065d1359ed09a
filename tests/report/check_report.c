/*
 * check_report - reading result files back and rendering gradebooks.
 *
 * The result files in tests/data/report/results are written by hand in
 * the writers' format; the gradebook and JUnit outputs must equal the
 * expected files next to them byte for byte.  The JUnit output is also
 * checked structurally by a small XML reader here: tags balance, every
 * attribute is quoted, every entity is known, no forbidden character
 * appears, and the counts on testsuites and testsuite elements match the
 * test cases, failures and errors inside them.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_mem.h"
#include "cairn_report.h"
#include "cairn_report_html.h"
#include "cairn_report_lms.h"
#include "cairn_result_read.h"
#include "cairn_stats.h"
#include "check_run.h"

static const char *const result_files[] = {
	"ann.result.yaml", "bob.result.csv", "broken.result.yaml",
	"carol.result.yml", "dave.result.csv", "plain.result.yaml",
};
#define NFILES (sizeof result_files / sizeof result_files[0])

static char *data_path(const char *rel)
{
	const char *top = getenv("top_srcdir");

	return cairn_xasprintf("%s/tests/data/report/%s", top ? top : ".", rel);
}

static void slurp(const char *rel, struct cairn_buf *b)
{
	char *path = data_path(rel), chunk[4096];
	FILE *f = fopen(path, "rb");
	size_t n;

	ck_assert_msg(f != NULL, "cannot open %s", path);
	cairn_buf_adds(b, "");
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		cairn_buf_add(b, chunk, n);
	fclose(f);
	free(path);
}

/* read_all - parse the result files in name order */
static void read_all(struct cairn_result_file *rf)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	char err[256], *rel;
	size_t i;

	for (i = 0; i < NFILES; i++) {
		rel = cairn_xasprintf("results/%s", result_files[i]);
		cairn_buf_reset(&b);
		slurp(rel, &b);
		ck_assert_msg(cairn_result_read(&rf[i], result_files[i], b.data,
						b.len, err, sizeof err) == 0,
			      "%s: %s", rel, err);
		free(rel);
	}
	cairn_buf_free(&b);
}

static void free_all(struct cairn_result_file *rf)
{
	size_t i;

	for (i = 0; i < NFILES; i++)
		cairn_result_file_free(&rf[i]);
}

START_TEST(test_read)
{
	struct cairn_result_file rf[NFILES];
	struct cairn_stats st;

	read_all(rf);
	ck_assert_str_eq(rf[0].source, "ann.yaml");
	ck_assert_str_eq(rf[0].submitter, "Ann Lee");
	ck_assert_str_eq(rf[0].problem_set, "hw1");
	ck_assert_str_eq(rf[0].owner, "ann");
	ck_assert_int_eq(rf[0].has_uid, 1);
	ck_assert_uint_eq(rf[0].uid, 1001);
	ck_assert_str_eq(rf[0].received, "2026-12-11T08:30:00.250Z");
	ck_assert_int_eq(rf[0].received_at.tv_sec, 1796977800);
	ck_assert_int_eq(rf[0].received_at.tv_nsec, 250000000);
	ck_assert_str_eq(rf[0].late_by, "8h 31m");
	ck_assert_str_eq(rf[0].late_penalty, "0.1");
	ck_assert_ptr_null(rf[0].error);
	ck_assert_uint_eq(rf[0].npuzzles, 5);
	ck_assert_str_eq(rf[0].puzzles[1].id, "p2");
	ck_assert_int_eq(rf[0].puzzles[1].verdict, CAIRN_VERDICT_WRONG);
	ck_assert_str_eq(rf[0].puzzles[1].feedback, "diff: expected 5, optimal "
			 "play gives 7 (Alice 11, Bob 4); optimal line R L L L");
	ck_assert_str_eq(rf[0].puzzles[3].error, "line 12: piles: values too "
			 "large (the sum of absolute values exceeds 2^63-1)");
	ck_assert_uint_eq(rf[0].penalty_bp, 1000);
	ck_assert_int_eq(rf[0].refused, CAIRN_REFUSED_NONE);
	cairn_report_tally(&rf[0], &st);
	ck_assert_uint_eq(st.puzzles, 5);
	ck_assert_uint_eq(st.errors, 1);
	ck_assert_uint_eq(st.graded, 3);
	ck_assert_uint_eq(st.correct, 1);
	ck_assert_uint_eq(st.wrong, 1);
	ck_assert_uint_eq(st.missing, 1);
	ck_assert_uint_eq(st.invalid, 1);
	ck_assert_int_eq(st.file_error, 0);
	ck_assert_int_eq(st.weighted, 1);
	/* points after the late penalty, exactly, in 1/10000 */
	ck_assert_uint_eq(st.points, 27000);
	ck_assert_uint_eq(st.max_points, 70000);
	ck_assert_int_eq(st.late, 0);	/* taken already */

	/* CSV: the source from the name, the formula guard undone */
	ck_assert_str_eq(rf[1].source, "bob.csv");
	ck_assert_str_eq(rf[1].submitter, "Bob Ray");
	ck_assert_str_eq(rf[1].problem_set, "hw1");
	ck_assert_str_eq(rf[1].owner, "bob");
	ck_assert_int_eq(rf[1].has_uid, 0);
	ck_assert_str_eq(rf[1].received, "2026-12-09T21:14:03.512Z");
	ck_assert_ptr_null(rf[1].late_by);
	ck_assert_uint_eq(rf[1].npuzzles, 3);
	ck_assert_str_eq(rf[1].puzzles[1].id, "-p2");
	ck_assert_str_eq(rf[1].puzzles[2].error,
			 "line 4, field 2: \"x\" is not an integer");
	ck_assert_int_eq(rf[1].puzzles[2].verdict, CAIRN_VERDICT_NONE);
	ck_assert_int_eq(rf[1].weighted, 1);
	ck_assert_uint_eq(rf[1].points_e4, 20000);
	ck_assert_uint_eq(rf[1].max_points, 3);
	/* a result from before points weighs each puzzle 1 */
	ck_assert_int_eq(rf[3].weighted, 0);

	ck_assert_str_eq(rf[2].error, "line 3, column 1: did not find "
			 "expected key");
	ck_assert_uint_eq(rf[2].npuzzles, 0);
	cairn_result_read_tally(&rf[2], &st);
	ck_assert_int_eq(st.file_error, 1);
	/* a CSV result from before the submitter column names no one */
	ck_assert_str_eq(rf[4].source, "dave.csv");
	ck_assert_ptr_null(rf[4].submitter);
	ck_assert_ptr_null(rf[4].problem_set);
	ck_assert_ptr_null(rf[4].owner);
	ck_assert_ptr_null(rf[4].received);
	ck_assert_str_eq(rf[4].error,
			 "line 1, field 4: unknown column \"expect_dif\"");
	ck_assert_uint_eq(rf[4].npuzzles, 0);
	free_all(rf);
}
END_TEST

static void render_eq(int junit, const char *expected_file)
{
	struct cairn_result_file rf[NFILES];
	struct cairn_buf got = CAIRN_BUF_INIT, want = CAIRN_BUF_INIT;

	read_all(rf);
	if (junit)
		cairn_report_junit(rf, NFILES, &got);
	else
		cairn_report_csv(rf, NFILES, &got);
	slurp(expected_file, &want);
	ck_assert_str_eq(got.data, want.data);
	ck_assert_uint_eq(got.len, want.len);
	free_all(rf);
	cairn_buf_free(&got);
	cairn_buf_free(&want);
}

START_TEST(test_gradebook)
{
	render_eq(0, "gradebook.csv");
}
END_TEST

START_TEST(test_junit)
{
	render_eq(1, "junit.xml");
}
END_TEST

/* The page escapes every text; its parts are all there, in order. */
START_TEST(test_html)
{
	struct cairn_result_file rf[NFILES];
	struct cairn_buf b = CAIRN_BUF_INIT;
	const char *name = "<td>=HYPERLINK(&quot;x&quot;) &amp; &lt;Carol&gt; "
			   "&apos;C&apos; \xef\xbf\xbd \xc3\xa9</td>";

	read_all(rf);
	cairn_report_html(rf, NFILES, &b);
	ck_assert_ptr_nonnull(strstr(b.data, name));
	ck_assert_ptr_null(strstr(b.data, "<Carol>"));
	ck_assert_ptr_nonnull(strstr(b.data, "<dt>Submissions</dt><dd>6</dd>"
				     "<dt>With a score</dt><dd>3</dd>"
				     "<dt>File errors</dt><dd>2</dd>"));
	ck_assert_ptr_nonnull(strstr(b.data, "<a href=\"#s2\">bob.csv</a>"));
	ck_assert_ptr_nonnull(strstr(b.data, "<article id=\"s2\"><h3>bob.csv"
				     "</h3>"));
	ck_assert_ptr_nonnull(strstr(b.data, "<tr><td class=\"vw\">wrong</td>"
				     "<td>-p2 <q>moves: move 1"));
	ck_assert_ptr_nonnull(strstr(strstr(b.data, "id=\"glance\""),
				     "id=\"puzzles\""));
	ck_assert_str_eq(b.data + b.len - 15, "</body></html>\n");
	free_all(rf);
	cairn_buf_reset(&b);
	cairn_report_html(NULL, 0, &b);
	ck_assert_ptr_nonnull(strstr(b.data, "<p>No submission names a "
				     "problem set.</p>"));
	cairn_buf_free(&b);
}
END_TEST

START_TEST(test_empty)
{
	struct cairn_buf b = CAIRN_BUF_INIT;

	cairn_report_csv(NULL, 0, &b);
	ck_assert_str_eq(b.data, "source,owner,submitter,problem_set,graded,"
			 "correct,wrong,missing,invalid,points,max_points,"
			 "score,received,late,penalty,refused\n");
	cairn_buf_reset(&b);
	cairn_report_junit(NULL, 0, &b);
	ck_assert_str_eq(b.data, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
			 "<testsuites name=\"cairn\" tests=\"0\" failures=\"0\" "
			 "errors=\"0\">\n</testsuites>\n");
	cairn_buf_free(&b);
}
END_TEST

START_TEST(test_score)
{
	static const struct { size_t correct, graded; const char *want; } t[] = {
		{ 0, 0, "" }, { 0, 3, "0.0" }, { 3, 3, "1.0" }, { 3, 4, "0.75" },
		{ 2, 3, "0.6667" }, { 1, 3, "0.3333" }, { 1, 8, "0.125" },
		{ 19999, 20000, "1.0" }, { 1, 20000, "0.0001" },
		{ 1, 30000, "0.0" },
	};
	struct cairn_buf b = CAIRN_BUF_INIT;
	struct cairn_stats st;
	size_t i;
	int w;

	/* The same as correct/graded, and as points/max_points. */
	for (w = 0; w < 2; w++) {
		for (i = 0; i < sizeof t / sizeof t[0]; i++) {
			memset(&st, 0, sizeof st);
			st.weighted = w;
			st.correct = w ? 7 : t[i].correct;
			st.graded = w ? 7 : t[i].graded;
			st.points = w ? t[i].correct : 0;
			st.max_points = w ? t[i].graded : 0;
			cairn_buf_reset(&b);
			cairn_buf_adds(&b, "");
			cairn_stats_score(&b, &st);
			ck_assert_str_eq(b.data, t[i].want);
		}
	}
	/* Sums of large weights neither overflow nor lose the rounding. */
	memset(&st, 0, sizeof st);
	st.weighted = 1;
	st.points = UINT64_C(999999999999999999);
	st.max_points = UINT64_C(1000000000000000000);
	cairn_buf_reset(&b);
	cairn_buf_adds(&b, "");
	cairn_stats_score(&b, &st);
	ck_assert_str_eq(b.data, "1.0");
	st.points = UINT64_C(333333333333333333);
	cairn_buf_reset(&b);
	cairn_buf_adds(&b, "");
	cairn_stats_score(&b, &st);
	ck_assert_str_eq(b.data, "0.3333");
	cairn_buf_free(&b);
}
END_TEST

START_TEST(test_xml_text)
{
	struct cairn_buf b = CAIRN_BUF_INIT;

	cairn_report_xml_text(&b, "a&b<c>\"d\"'e'\t\n\r\x01\x7f"
		       "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"	/* é € 😀 */
		       "\xc3(\xed\xa0\x80\xef\xbf\xbe\xf5\x80\x80\x80\xe0\x80\x80");
	/* A bad byte is one U+FFFD, and so is a whole U+FFFE (issue 11). */
	ck_assert_str_eq(b.data, "a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;"
			 "&#9;&#10;&#13;\xef\xbf\xbd\xef\xbf\xbd"
			 "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"
			 "\xef\xbf\xbd(\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
			 "\xef\xbf\xbd"
			 "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
			 "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
	cairn_buf_free(&b);
}
END_TEST

/*
 * A gradebook cell: controls visible, then the formula guard on what a
 * spreadsheet will see, then RFC 4180 quoting; an LMS's HTML cell has its
 * markup as entities as well (issue 37).
 */
START_TEST(test_cells)
{
	static const struct { const char *in, *csv, *html; } c[] = {
		{ "f\033[31mred.yaml", "f\\x1b[31mred.yaml", "f\\x1b[31mred.yaml" },
		{ "=\033]0;x\a", "'=\\x1b]0;x\\x07", "'=\\x1b]0;x\\x07" },
		{ "\tTAB", "\\tTAB", "\\tTAB" },		/* no longer a formula */
		{ "a,\xe2\x80\xae" "b", "\"a,\\u202eb\"", "\"a,\\u202eb\"" },
		{ "<svg onload=alert(2)>", "<svg onload=alert(2)>",
		  "&lt;svg onload=alert(2)&gt;" },
		{ "\"x\" & 'y'", "\"\"\"x\"\" & 'y'\"", "&quot;x&quot; &amp; &apos;y&apos;" },
		{ "back\\slash \xff", "back\\slash \\xff", "back\\slash \\xff" },
	};

	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		struct cairn_buf a = CAIRN_BUF_INIT, h = CAIRN_BUF_INIT;

		cairn_report_csv_text(&a, c[i].in);
		cairn_report_lms_html_cell(&h, c[i].in);
		ck_assert_str_eq(a.data, c[i].csv);
		ck_assert_str_eq(h.data, c[i].html);
		cairn_buf_free(&a);
		cairn_buf_free(&h);
	}
}
END_TEST

static const struct { const char *file, *err; } bad[] = {
	{ "puzzle.yaml", "not a cairn result file (no \"format: cairn-result/1\")" },
	{ "status.result.yaml", "status must be ok or error" },
	{ "other.result.csv", "not a cairn result file (the header needs the "
	  "columns id, line, verdict, feedback and error)" },
	/* libyaml's errors and cairn_yaml's refusals in the words of every
	 * reader (cairn_yaml_error_message()). */
	{ "alias.result.yaml", "line 4, column 24: anchors and aliases are not "
	  "allowed" },
	{ "deep.result.yaml", "line 4, column 73: nesting deeper than 64 "
	  "levels" },
	{ "syntax.result.yaml", "line 5, column 1: did not find expected ',' "
	  "or ']' (while parsing a flow sequence at line 4, column 10)" },
	{ "quote.result.csv", "line 2: a quoted field is not closed" },
	{ "verdict.result.yaml", "line 5: puzzles[0]: unknown verdict" },
	{ "points.result.csv", "line 2: points and max_points must both be "
	  "non-negative integers or both empty" },
	{ "points.result.yaml", "line 5: summary: points must be a non-negative "
	  "number (at most 4 decimals) and max_points a non-negative integer" },
	{ "decimals.result.yaml", "line 5: summary: points must be a non-negative "
	  "number (at most 4 decimals) and max_points a non-negative integer" },
	/* Issue 11: the real place of libyaml's reader errors; NUL and
	 * invalid UTF-8 refused at their place. */
	{ "control.result.yaml", "line 2, column 10: control characters are "
	  "not allowed" },
	{ "nul.result.yaml", "line 5, column 9: a NUL character is not allowed" },
	{ "utf8.result.csv", "line 2, column 2: invalid UTF-8" },
	{ "nul.result.csv", "line 3, column 2: a NUL character is not allowed" },
	/* Issue 23: owner, uid, received and late as the writers give them. */
	{ "received.result.yaml", "received: \"2026-12-09 21:14:03\" is not a "
	  "UTC time as results write it (2026-12-09T21:14:03.512Z)" },
	{ "received.result.csv", "line 2: received: \"2026-02-30T00:00:00.000Z\" "
	  "is not a UTC time as results write it (2026-12-09T21:14:03.512Z)" },
	{ "uid.result.yaml", "line 4: uid must be a non-negative integer below "
	  "2^32" },
	{ "late.result.yaml", "line 4: late must be a mapping with a scalar by "
	  "(and a penalty from 0 to 1)" },
	/* Issue 24: a penalty is a fraction of the points. */
	{ "penalty.result.yaml", "line 4: late must be a mapping with a scalar by "
	  "(and a penalty from 0 to 1)" },
	{ "penalty.result.csv", "line 2: late_penalty must be a number from 0 "
	  "to 1 where late_by is set" },
};

START_TEST(test_bad)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	struct cairn_result_file r;
	char err[256], *rel = cairn_xasprintf("bad/%s", bad[_i].file);

	slurp(rel, &b);
	ck_assert_int_eq(cairn_result_read(&r, bad[_i].file, b.data, b.len,
					   err, sizeof err), -EINVAL);
	ck_assert_str_eq(err, bad[_i].err);
	ck_assert_uint_eq(r.npuzzles, 0);
	ck_assert_ptr_null(r.source);
	cairn_result_file_free(&r);
	cairn_buf_free(&b);
	free(rel);
}
END_TEST

/*
 * The CSV splitter is the puzzle reader's, told that every line is a
 * record: a row with a default id such as #1 is no comment, a blank line
 * before the header is still no header, and a stray quote, which the old
 * splitter of this reader took for a quote, is refused at its field.
 */
static const struct { const char *csv, *id, *err; } csv_lines[] = {
	{ "id,line,verdict,feedback,error\n#1,2,correct,,\n", "#1", NULL },
	{ "id,line,verdict,feedback,error\r\n\r\n\"a\nb\",3,,,\n", "a\nb",
	  NULL },
	{ "\nid,line,verdict,feedback,error\n#1,3,,,\n", NULL,
	  "not a cairn result file (the header needs the columns id, line, "
	  "verdict, feedback and error)" },
	{ "id,line,verdict,feedback,error\n\"p\n1\",2,,,\np2,4,,\"x\n", NULL,
	  "line 4: a quoted field is not closed" },
	{ "id,line,verdict,feedback,error\np1,2,correct,a\"b\",\n", NULL,
	  "line 2, field 4: stray '\"' in an unquoted field" },
	{ "id,line,verdict,feedback,error\np1,2,correct,\"a\"b,\n", NULL,
	  "line 2, field 4: text after a closing '\"'" },
};

START_TEST(test_csv_lines)
{
	struct cairn_result_file r;
	char err[256];
	int rc = cairn_result_read(&r, "t.result.csv", csv_lines[_i].csv,
				   strlen(csv_lines[_i].csv), err, sizeof err);

	if (csv_lines[_i].err != NULL) {
		ck_assert_int_eq(rc, -EINVAL);
		ck_assert_str_eq(err, csv_lines[_i].err);
	} else {
		ck_assert_int_eq(rc, 0);
		ck_assert_uint_eq(r.npuzzles, 1);
		ck_assert_str_eq(r.puzzles[0].id, csv_lines[_i].id);
	}
	cairn_result_file_free(&r);
}
END_TEST

/* ---- a small structural XML check ---- */

struct xml {
	const char *p;
	size_t tests, failures, errors;	/* elements seen */
};

/* attr_value - the value of attribute name in the tag text [s, e) */
static long attr_num(const char *s, const char *e, const char *name)
{
	char *pat = cairn_xasprintf(" %s=\"", name);
	const char *a = strstr(s, pat);
	long v;

	ck_assert_msg(a != NULL && a < e, "attribute %s missing", name);
	v = strtol(a + strlen(pat), NULL, 10);
	free(pat);
	return v;
}

/* check_chars - entities known, no raw '<' '&' or control characters */
static void check_chars(const char *s, const char *e, int in_tag)
{
	static const char *const ents[] = {
		"&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#9;", "&#10;",
		"&#13;",
	};
	size_t k;
	int quoted = 0;

	for (; s < e; s++) {
		ck_assert_msg((unsigned char)*s >= 0x20 || *s == '\n',
			      "control character in XML");
		if (in_tag && *s == '"')
			quoted = !quoted;
		ck_assert_msg(*s != '<', "raw < in XML text");
		if (*s != '&')
			continue;
		for (k = 0; k < sizeof ents / sizeof ents[0]; k++)
			if (strncmp(s, ents[k], strlen(ents[k])) == 0)
				break;
		ck_assert_msg(k < sizeof ents / sizeof ents[0], "unknown entity");
	}
	ck_assert_msg(!quoted, "unbalanced quotes in a tag");
}

/*
 * element - check one element at x->p (its name given back in name);
 * returns its counts so that the parent can compare.
 */
static void element(struct xml *x)
{
	const char *s = x->p + 1, *e = strchr(s, '>'), *close;
	size_t nlen = strcspn(s, " />");
	char name[32], *end_tag;
	size_t t0 = x->tests, f0 = x->failures, e0 = x->errors;

	ck_assert_ptr_nonnull(e);
	ck_assert_uint_lt(nlen, sizeof name);
	memcpy(name, s, nlen);
	name[nlen] = '\0';
	check_chars(s, e, 1);
	x->tests += strcmp(name, "testcase") == 0;
	x->failures += strcmp(name, "failure") == 0;
	x->errors += strcmp(name, "error") == 0;
	x->p = e + 1;
	if (e[-1] != '/') {
		end_tag = cairn_xasprintf("</%s>", name);
		for (;;) {
			close = strchr(x->p, '<');
			ck_assert_ptr_nonnull(close);
			check_chars(x->p, close, 0);
			x->p = close;
			if (strncmp(x->p, end_tag, strlen(end_tag)) == 0)
				break;
			element(x);
		}
		x->p += strlen(end_tag);
		free(end_tag);
	}
	if (strcmp(name, "testsuites") == 0 || strcmp(name, "testsuite") == 0) {
		ck_assert_int_eq(attr_num(s, e, "tests"), (long)(x->tests - t0));
		ck_assert_int_eq(attr_num(s, e, "failures"),
				 (long)(x->failures - f0));
		ck_assert_int_eq(attr_num(s, e, "errors"), (long)(x->errors - e0));
	}
	if (strcmp(name, "failure") == 0 || strcmp(name, "error") == 0) {
		ck_assert_ptr_nonnull(strstr(s, " message=\""));
		ck_assert_ptr_nonnull(strstr(s, " type=\""));
	}
}

START_TEST(test_junit_structure)
{
	struct cairn_result_file rf[NFILES];
	struct cairn_buf b = CAIRN_BUF_INIT;
	const char *decl = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
	struct xml x = { NULL, 0, 0, 0 };

	read_all(rf);
	cairn_report_junit(rf, NFILES, &b);
	ck_assert_int_eq(strncmp(b.data, decl, strlen(decl)), 0);
	x.p = b.data + strlen(decl);
	ck_assert_int_eq(strncmp(x.p, "<testsuites ", 12), 0);
	element(&x);
	ck_assert_str_eq(x.p, "\n");
	ck_assert_uint_eq(x.tests, 11);
	ck_assert_uint_eq(x.failures, 5);
	ck_assert_uint_eq(x.errors, 4);
	free_all(rf);
	cairn_buf_free(&b);
}
END_TEST

static Suite *report_suite(void)
{
	Suite *s = suite_create("report");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_read);
	tcase_add_test(tc, test_gradebook);
	tcase_add_test(tc, test_junit);
	tcase_add_test(tc, test_empty);
	tcase_add_test(tc, test_html);
	tcase_add_test(tc, test_score);
	tcase_add_test(tc, test_xml_text);
	tcase_add_test(tc, test_cells);
	tcase_add_loop_test(tc, test_bad, 0, sizeof bad / sizeof bad[0]);
	tcase_add_loop_test(tc, test_csv_lines, 0,
			    sizeof csv_lines / sizeof csv_lines[0]);
	tcase_add_test(tc, test_junit_structure);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(report_suite());
}
