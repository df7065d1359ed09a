/*
 * cairn_report - render result files as a CSV gradebook or JUnit XML.
 *
 * The gradebook has one row per result file, keyed on its owner (the
 * submitter is the name the submission gives itself), with the arrival
 * time and, for a late one, by how much and its penalty, and for one the
 * course policy refused (doc/grading.md), which rule (closed, limit); its text fields go through
 * cairn_report_csv_text(), so a submitter named "=cmd()" is shown, never
 * run, and a name holding ESC or U+202E shows "\x1b" or "\u202e" instead
 * of recolouring a terminal or reordering a line (doc/formats.md).
 * Points are a submission's earned and possible points, or for a result
 * without them (plain puzzles with expectations) correct and graded, as
 * if each puzzle weighed 1, the earned ones after a late penalty (exact:
 * 2.7, written as the result writes them).  The score is points/max_points rounded to at
 * most four decimals with at least one ("1.0", "0.75", "0.6667"), as in
 * a result's summary, and empty when there is nothing to score.  The JUnit XML has a test suite per
 * result file (named OWNER/SOURCE when the result has an owner, so that
 * two owners' hw1.yaml are two suites; its owner, submitter, problem set,
 * received, late, penalty and refused as properties) and a
 * test case per verdict (answers graded against no puzzle included), per
 * puzzle error and per file error: a
 * wrong, missing or invalid verdict is a failure whose message is
 * "VERDICT: FEEDBACK", an error is an error, and a refused file, which
 * is not a submission, is one skipped test case "refused" (the suite
 * and the document then count skipped="N").  All text is escaped so that
 * the document stays well-formed XML 1.0 whatever the result files hold:
 * markup characters become entities, tab, newline and carriage return
 * character references, and bytes that are not valid UTF-8, characters
 * XML 1.0 forbids and the other controls and bidi controls
 * (cairn_utf8_unsafe()) become U+FFFD.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_mem.h"
#include "cairn_report.h"
#include "cairn_result_csv.h"
#include "cairn_stats.h"
#include "cairn_utf8.h"

#define REPLACEMENT "\xef\xbf\xbd"

static void csv_count(struct cairn_buf *out, size_t v)
{
	cairn_buf_addf(out, "%zu,", v);
}

void cairn_report_tally(const struct cairn_result_file *r, struct cairn_stats *st)
{
	cairn_result_read_tally(r, st);
	st->weighted = 1;
	if (r->weighted) {
		st->points = r->points_e4;
		st->max_points = r->max_points * 10000u;
	} else {
		st->points = (uint64_t)st->correct * (10000u - r->penalty_bp);
		st->max_points = (uint64_t)st->graded * 10000u;
	}
}

void cairn_report_decimal(struct cairn_buf *out, uint64_t e4)
{
	char frac[8];
	size_t len;

	cairn_buf_addf(out, "%llu", (unsigned long long)(e4 / 10000));
	if (e4 % 10000 == 0)
		return;
	len = (size_t)snprintf(frac, sizeof frac, ".%04u", (unsigned)(e4 % 10000));
	while (frac[len - 1] == '0')
		len--;
	cairn_buf_add(out, frac, len);
}

void cairn_report_csv_text(struct cairn_buf *out, const char *s)
{
	struct cairn_buf v = CAIRN_BUF_INIT;

	/* Escaped first: the guard then sees what a spreadsheet will. */
	cairn_utf8_visible(&v, s, strlen(s));
	cairn_buf_reserve(&v, 0);
	cairn_result_csv_field(out, v.data, 1);
	cairn_buf_free(&v);
}

/* text_field - a CSV text field and its comma; NULL is empty */
static void text_field(struct cairn_buf *out, const char *s, char after)
{
	cairn_report_csv_text(out, s ? s : "");
	cairn_buf_addc(out, after);
}

void cairn_report_csv(const struct cairn_result_file *files, size_t n,
		      struct cairn_buf *out)
{
	const struct cairn_result_file *r;
	struct cairn_stats st;
	size_t i;

	cairn_buf_adds(out, "source,owner,submitter,problem_set,graded,correct,"
		       "wrong,missing,invalid,points,max_points,score,"
		       "received,late,penalty,refused\n");
	for (i = 0; i < n; i++) {
		r = &files[i];
		cairn_report_tally(r, &st);
		text_field(out, r->source, ',');
		text_field(out, r->owner, ',');
		text_field(out, r->submitter, ',');
		text_field(out, r->problem_set, ',');
		csv_count(out, st.graded);
		csv_count(out, st.correct);
		csv_count(out, st.wrong);
		csv_count(out, st.missing);
		csv_count(out, st.invalid);
		cairn_report_decimal(out, st.points);
		cairn_buf_addf(out, ",%llu,", (unsigned long long)(st.max_points / 10000));
		cairn_stats_score(out, &st);
		cairn_buf_addc(out, ',');
		text_field(out, r->received, ',');
		text_field(out, r->late_by, ',');
		text_field(out, r->late_penalty, ',');
		text_field(out, cairn_result_read_refusal_name(r->refused), '\n');
	}
}

void cairn_report_xml_text(struct cairn_buf *out, const char *s)
{
	size_t n = strlen(s), len;
	uint32_t cp = 0;

	for (; n > 0; s += len, n -= len) {
		len = cairn_utf8_next(s, n, &cp);
		switch (len ? cp : 0xfffd) {
		case '&': cairn_buf_adds(out, "&amp;"); break;
		case '<': cairn_buf_adds(out, "&lt;"); break;
		case '>': cairn_buf_adds(out, "&gt;"); break;
		case '"': cairn_buf_adds(out, "&quot;"); break;
		case '\'': cairn_buf_adds(out, "&apos;"); break;
		case '\t': case '\n': case '\r':
			cairn_buf_addf(out, "&#%d;", (int)cp);
			break;
		default:
			/*
			 * One U+FFFD per bad byte, per character XML forbids
			 * and per control a browser or a terminal acts on.
			 */
			if (len == 0 || cairn_utf8_unsafe(cp))
				cairn_buf_adds(out, REPLACEMENT);
			else
				cairn_buf_add(out, s, len);
			len = len ? len : 1;
		}
	}
}

/* attr - ` NAME="VALUE"` */
static void attr(struct cairn_buf *out, const char *name, const char *value)
{
	cairn_buf_addf(out, " %s=\"", name);
	cairn_report_xml_text(out, value);
	cairn_buf_addc(out, '"');
}

static void counts(struct cairn_buf *out, size_t tests, size_t failures,
		   size_t errors, size_t skipped)
{
	cairn_buf_addf(out, " tests=\"%zu\" failures=\"%zu\" errors=\"%zu\"",
		       tests, failures, errors);
	if (skipped > 0)
		cairn_buf_addf(out, " skipped=\"%zu\"", skipped);
}

/*
 * cases - the test cases of a result: one per verdict, which includes an
 * answer graded against no puzzle (invalid, but not counted in graded),
 * per puzzle error and per file error (a refused file's is skipped)
 */
static size_t cases(const struct cairn_stats *st)
{
	return st->correct + st->wrong + st->missing + st->invalid +
	       st->errors + st->file_error;
}

/* suite_counts - a result's tests, failures, errors and skipped */
static void suite_counts(const struct cairn_stats *st, size_t n[4])
{
	int refused = st->refused != CAIRN_REFUSED_NONE;

	n[0] = cases(st);
	n[1] = st->wrong + st->missing + st->invalid;
	n[2] = st->errors + (size_t)(st->file_error && !refused);
	n[3] = (size_t)refused;
}

/* problem - <failure> or <error> in a test case of its own */
static void problem(struct cairn_buf *out, const char *source, const char *id,
		    const char *element, const char *type, const char *prefix,
		    const char *text)
{
	struct cairn_buf msg = CAIRN_BUF_INIT;

	cairn_buf_adds(&msg, prefix);
	if (prefix[0] != '\0' && text[0] != '\0')
		cairn_buf_adds(&msg, ": ");
	cairn_buf_adds(&msg, text);
	cairn_buf_adds(out, "    <testcase");
	attr(out, "classname", source);
	attr(out, "name", id);
	cairn_buf_addf(out, ">\n      <%s", element);
	attr(out, "message", msg.data);
	attr(out, "type", type);
	if (text[0] == '\0') {
		cairn_buf_adds(out, "/>\n");
	} else {
		cairn_buf_addc(out, '>');
		cairn_report_xml_text(out, text);
		cairn_buf_addf(out, "</%s>\n", element);
	}
	cairn_buf_adds(out, "    </testcase>\n");
	cairn_buf_free(&msg);
}

static void testcase(struct cairn_buf *out, const char *source,
		     const struct cairn_result_puzzle *p)
{
	const char *verdict = cairn_result_read_verdict_name(p->verdict);

	if (p->error != NULL) {
		problem(out, source, p->id, "error", "error", "", p->error);
	} else if (p->verdict == CAIRN_VERDICT_CORRECT) {
		cairn_buf_adds(out, "    <testcase");
		attr(out, "classname", source);
		attr(out, "name", p->id);
		cairn_buf_adds(out, "/>\n");
	} else if (p->verdict == CAIRN_VERDICT_MISSING && p->feedback == NULL) {
		problem(out, source, p->id, "failure", verdict, verdict,
			"no answer was given");
	} else if (p->verdict != CAIRN_VERDICT_NONE) {
		problem(out, source, p->id, "failure", verdict, verdict,
			p->feedback ? p->feedback : "");
	}
}

static void property(struct cairn_buf *out, const char *name,
		     const char *value)
{
	if (value == NULL)
		return;
	cairn_buf_adds(out, "      <property");
	attr(out, "name", name);
	attr(out, "value", value);
	cairn_buf_adds(out, "/>\n");
}

static void suite(struct cairn_buf *out, const struct cairn_result_file *r,
		  const struct cairn_stats *st)
{
	char *name = r->owner ? cairn_xasprintf("%s/%s", r->owner, r->source) :
		     cairn_xstrdup(r->source);
	size_t i;

	const char *refused = cairn_result_read_refusal_name(r->refused);
	size_t c[4];

	suite_counts(st, c);
	cairn_buf_adds(out, "  <testsuite");
	attr(out, "name", name);
	counts(out, c[0], c[1], c[2], c[3]);
	cairn_buf_adds(out, ">\n");
	if (r->owner != NULL || r->submitter != NULL || r->problem_set != NULL ||
	    r->received != NULL || r->late_by != NULL || refused != NULL) {
		cairn_buf_adds(out, "    <properties>\n");
		property(out, "owner", r->owner);
		property(out, "submitter", r->submitter);
		property(out, "problem_set", r->problem_set);
		property(out, "received", r->received);
		property(out, "late", r->late_by);
		property(out, "penalty", r->late_penalty);
		property(out, "refused", refused);
		cairn_buf_adds(out, "    </properties>\n");
	}
	if (refused != NULL)
		problem(out, name, "refused", "skipped", refused, "", r->error);
	else if (r->error != NULL)
		problem(out, name, "file", "error", "file", "", r->error);
	for (i = 0; i < r->npuzzles; i++)
		testcase(out, name, &r->puzzles[i]);
	cairn_buf_adds(out, "  </testsuite>\n");
	free(name);
}

void cairn_report_junit(const struct cairn_result_file *files, size_t n,
			struct cairn_buf *out)
{
	struct cairn_buf body = CAIRN_BUF_INIT;
	size_t total[4] = { 0 }, c[4], i, k;
	struct cairn_stats st;

	cairn_buf_adds(&body, "");
	for (i = 0; i < n; i++) {
		cairn_result_read_tally(&files[i], &st);
		suite_counts(&st, c);
		for (k = 0; k < 4; k++)
			total[k] += c[k];
		suite(&body, &files[i], &st);
	}
	cairn_buf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		       "<testsuites name=\"cairn\"");
	counts(out, total[0], total[1], total[2], total[3]);
	cairn_buf_adds(out, ">\n");
	cairn_buf_add(out, body.data, body.len);
	cairn_buf_adds(out, "</testsuites>\n");
	cairn_buf_free(&body);
}
