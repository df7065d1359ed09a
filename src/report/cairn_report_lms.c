/*
 * cairn_report_lms - the students of a roster against the problem sets.
 *
 * Only graded results count (a file error earned nothing and a refused
 * file is no submission, doc/grading.md), one per owner and set as
 * cairn_report_pick() keeps it.  An owner matches a roster row when the
 * row's cell in the match column is the owner, byte for byte: no case
 * folding and no trimming, because the system importing the file
 * compares those cells exactly too.  The problem sets are those of the
 * results, in byte order, whether their owners are in the roster or not,
 * so that the columns do not depend on who was matched; a set's points
 * possible are the greatest max_points its results give (they differ
 * only when the set changed between submissions, which is warned about).
 * Warnings name what an instructor must know before importing: an owner
 * the roster does not have (once per owner), a student row with no
 * result (or none for some set), a row whose match cell is empty, a
 * result that names no owner or no set.  An owner two student rows
 * match is a refusal, not a warning: either row could be someone else's,
 * so the file must not be written.  Nothing here prints: the caller
 * writes g->warnings and g->refusals where it reports.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_feedback.h"
#include "cairn_mem.h"
#include "cairn_report.h"
#include "cairn_report_lms.h"
#include "cairn_result_csv.h"
#include "cairn_stats.h"
#include "cairn_utf8.h"

size_t cairn_report_lms_graded_first(struct cairn_result_file *files, size_t n)
{
	struct cairn_result_file *out = cairn_xcalloc(n + 1, sizeof *out);
	size_t i, k = 0, j;

	for (i = 0; i < n; i++)
		if (files[i].error == NULL)
			out[k++] = files[i];
	for (i = 0, j = k; i < n; i++)
		if (files[i].error != NULL)
			out[j++] = files[i];
	if (n > 0)
		memcpy(files, out, n * sizeof *files);
	free(out);
	return k;
}

static int str_order(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* set_index - where set is in g->sets, or -1 */
static long set_index(const struct cairn_lms *g, const char *set)
{
	const char **at = g->nsets == 0 ? NULL :
			  bsearch(&set, g->sets, g->nsets, sizeof *g->sets, str_order);

	return at == NULL ? -1 : (long)(at - g->sets);
}

/* say - one line of g->warnings or g->refusals, its names' controls made visible */
static void vsay(struct cairn_lms *g, int refuse, const char *fmt, va_list ap)
{
	struct cairn_buf line = CAIRN_BUF_INIT;
	struct cairn_buf *to = refuse ? &g->refusals : &g->warnings;

	cairn_buf_vaddf(&line, fmt, ap);
	cairn_utf8_visible(to, line.data, line.len);
	cairn_buf_addc(to, '\n');
	cairn_buf_free(&line);
}

void cairn_report_lms_say(struct cairn_lms *g, int refuse, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(g, refuse, fmt, ap);
	va_end(ap);
}

static void warn(struct cairn_lms *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void warn(struct cairn_lms *g, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(g, 0, fmt, ap);
	va_end(ap);
}

/* counted - a result that has a place in the gradebook; else warned about */
static int counted(struct cairn_lms *g, const struct cairn_result_file *r)
{
	if (r->owner == NULL)
		warn(g, "result \"%s\" has no owner (not from a spool): left out",
		     r->source);
	else if (r->problem_set == NULL)
		warn(g, "result \"%s/%s\" names no problem set: left out",
		     r->owner, r->source);
	return r->owner != NULL && r->problem_set != NULL;
}

/* collect_sets - the results' problem sets, sorted, once each */
static void collect_sets(struct cairn_lms *g, const struct cairn_result_file *files,
			 size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (!counted(g, &files[i]))
			continue;
		g->sets = cairn_xgrow(g->sets, &g->cap, g->nsets + 1, sizeof *g->sets);
		g->sets[g->nsets++] = files[i].problem_set;
	}
	if (g->nsets > 0)
		qsort(g->sets, g->nsets, sizeof *g->sets, str_order);
	for (i = 0; i < g->nsets; i++)
		if (k == 0 || strcmp(g->sets[k - 1], g->sets[i]) != 0)
			g->sets[k++] = g->sets[i];
	g->nsets = k;
	g->max_e4 = cairn_xcalloc(k + 1, sizeof *g->max_e4);
}

/* points_possible - per set, the greatest max_points of its results */
static void points_possible(struct cairn_lms *g, const struct cairn_result_file *files,
			    size_t n)
{
	char *mixed = cairn_xcalloc(g->nsets + 1, 1);
	struct cairn_stats st;
	long s;

	for (size_t i = 0; i < n; i++) {
		if (files[i].owner == NULL || files[i].problem_set == NULL)
			continue;
		s = set_index(g, files[i].problem_set);
		cairn_report_tally(&files[i], &st);
		if (g->max_e4[s] != 0 && st.max_points != g->max_e4[s])
			mixed[s] = 1;
		if (st.max_points > g->max_e4[s])
			g->max_e4[s] = st.max_points;
	}
	for (size_t k = 0; k < g->nsets; k++)
		if (mixed[k])
			warn(g, "problem set \"%s\": its results differ in max_points "
			     "(the set changed? cairn regrade grades them again): "
			     "points possible %llu", g->sets[k],
			     (unsigned long long)(g->max_e4[k] / 10000));
	free(mixed);
}

/* owners_row - a student row of the owner's (and of g->root_host, when given) */
static int owners_row(const struct cairn_lms *g, size_t row, const char *owner)
{
	const struct cairn_roster_row *r = &g->roster->rows[row];

	return g->kind[row] == CAIRN_LMS_STUDENT &&
	       strcmp(cairn_roster_cell(r, g->match), owner) == 0 &&
	       (g->root_host == NULL ||
		strcmp(cairn_roster_cell(r, g->root), g->root_host) == 0);
}

/*
 * place - the result in its owner's student row; 0: none.  An owner two
 * rows match (Canvas courses spanning root accounts share logins) is
 * placed in neither: either could be someone else.
 */
static int place(struct cairn_lms *g, const struct cairn_result_file *r, long set,
		 int said)
{
	const struct cairn_roster *ro = g->roster;
	long first = -1;
	size_t row;

	for (row = 0; row < ro->nrows; row++) {
		if (!owners_row(g, row, r->owner))
			continue;
		if (first < 0) {
			first = (long)row;
			continue;
		}
		if (!said)
			cairn_report_lms_say(g, 1, "%s: owner \"%s\" matches two rows, "
			"line %lu and line %lu: %s", g->roster_name, r->owner,
			ro->rows[first].line, ro->rows[row].line, g->root < 0 ?
			"the roster has no \"Root Account\" to tell them apart" :
			"--root-account HOST says which root account owners are in");
		for (size_t s = 0; s < g->nsets; s++)
			g->got[(size_t)first * g->nsets + s] =
				g->got[row * g->nsets + s] = NULL;
		return 2;
	}
	if (first >= 0 && g->got[(size_t)first * g->nsets + (size_t)set] == NULL)
		g->got[(size_t)first * g->nsets + (size_t)set] = r;
	return first >= 0;
}

/* warned_before - whether an earlier result of this owner was not placed, alike */
static int warned_before(const struct cairn_result_file *files, size_t i,
			 const char *missing, char how)
{
	for (size_t j = 0; j < i; j++)
		if (missing[j] == how && strcmp(files[j].owner, files[i].owner) == 0)
			return 1;
	return 0;
}

static void match_results(struct cairn_lms *g, const struct cairn_result_file *files,
			  size_t n)
{
	char *missing = cairn_xcalloc(n + 1, 1);
	long set;
	int got;

	for (size_t i = 0; i < n; i++) {
		if (files[i].owner == NULL || files[i].problem_set == NULL)
			continue;
		set = set_index(g, files[i].problem_set);
		got = place(g, &files[i], set, warned_before(files, i, missing, 2));
		if (got == 1)
			continue;
		missing[i] = got == 2 ? 2 : 1;
		if (got == 0 && !warned_before(files, i, missing, 1))
			warn(g, "owner \"%s\" is not in the roster", files[i].owner);
	}
	free(missing);
}

/* check_rows - the students with no result, or none for some set */
static void check_rows(struct cairn_lms *g)
{
	const struct cairn_roster *ro = g->roster;
	const struct cairn_roster_row *row;
	size_t i, s, have;

	for (i = 0; i < ro->nrows; i++) {
		row = &ro->rows[i];
		if (g->kind[i] != CAIRN_LMS_STUDENT)
			continue;
		if (cairn_roster_cell(row, g->match)[0] == '\0') {
			warn(g, "%s: line %lu: empty \"%s\": no owner matches it",
			     g->roster_name, row->line, ro->head[g->match]);
			continue;
		}
		for (s = 0, have = 0; s < g->nsets; s++)
			have += cairn_report_lms_got(g, i, s) != NULL;
		if (have == 0) {
			warn(g, "no submission from \"%s\"",
			     cairn_roster_cell(row, g->match));
			continue;
		}
		for (s = 0; s < g->nsets && have < g->nsets; s++)
			if (cairn_report_lms_got(g, i, s) == NULL)
				warn(g, "no submission from \"%s\" to \"%s\"",
				     cairn_roster_cell(row, g->match), g->sets[s]);
	}
}

static void classify(struct cairn_lms *g, cairn_lms_row_fn *kind_of)
{
	const struct cairn_roster *ro = g->roster;

	g->kind = cairn_xcalloc(ro->nrows + 1, sizeof *g->kind);
	g->points_row = -1;
	for (size_t i = 0; i < ro->nrows; i++) {
		g->kind[i] = kind_of ? kind_of(&ro->rows[i]) : CAIRN_LMS_STUDENT;
		if (g->kind[i] == CAIRN_LMS_POINTS && g->points_row < 0)
			g->points_row = (long)i;
		else if (g->kind[i] == CAIRN_LMS_POINTS)
			g->kind[i] = CAIRN_LMS_OTHER;
	}
}

int cairn_report_lms_init(struct cairn_lms *g, const struct cairn_roster *roster,
			  const char *roster_name, const char *match,
			  cairn_lms_row_fn *kind_of, char *err, size_t errlen)
{
	memset(g, 0, sizeof *g);
	g->roster = roster;
	g->roster_name = roster_name;
	g->root = cairn_roster_column(roster, "Root Account");
	if ((g->match = cairn_roster_column(roster, match)) < 0) {
		snprintf(err, errlen, "%s: no column \"%s\" to match owners with "
			 "(--match COLUMN chooses another)", roster_name, match);
		return -1;
	}
	classify(g, kind_of);
	return 0;
}

void cairn_report_lms_fill(struct cairn_lms *g, const struct cairn_result_file *files,
			   size_t n)
{
	collect_sets(g, files, n);
	points_possible(g, files, n);
	g->got = cairn_xcalloc(g->roster->nrows * g->nsets + 1, sizeof *g->got);
	match_results(g, files, n);
	check_rows(g);
}

void cairn_report_lms_free(struct cairn_lms *g)
{
	free(g->kind);
	free(g->sets);
	free(g->max_e4);
	free(g->got);
	cairn_buf_free(&g->warnings);
	cairn_buf_free(&g->refusals);
	memset(g, 0, sizeof *g);
}

const struct cairn_result_file *cairn_report_lms_got(const struct cairn_lms *g,
						     size_t row, size_t set)
{
	return g->got[row * g->nsets + set];
}

void cairn_report_lms_points(struct cairn_buf *out, const struct cairn_result_file *r)
{
	struct cairn_stats st;

	cairn_report_tally(r, &st);
	cairn_report_decimal(out, st.points);
}

/* ids - "; VERDICT: a, b" for the puzzles with that verdict (or an error) */
static void ids(struct cairn_buf *out, const struct cairn_result_file *r,
		const char *what, enum cairn_verdict v, int errors)
{
	const struct cairn_result_puzzle *p;
	int first = 1;

	for (size_t i = 0; i < r->npuzzles; i++) {
		p = &r->puzzles[i];
		if (errors ? p->error == NULL : (p->error != NULL || p->verdict != v))
			continue;
		if (first)
			cairn_buf_addf(out, "; %s: ", what);
		else
			cairn_buf_adds(out, ", ");
		cairn_buf_adds(out, p->id ? p->id : "");
		first = 0;
	}
}

void cairn_report_lms_feedback(struct cairn_buf *out, const struct cairn_result_file *r)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	struct cairn_stats st;
	char *s;

	cairn_report_tally(r, &st);
	cairn_report_decimal(&b, st.points);
	cairn_buf_addf(&b, " of %llu points", (unsigned long long)(st.max_points / 10000));
	if (st.max_points > 0) {
		cairn_buf_adds(&b, ", score ");
		cairn_stats_score(&b, &st);
	}
	if (r->late_by != NULL)
		cairn_buf_addf(&b, "; late by %s, penalty %s", r->late_by,
			       r->late_penalty ? r->late_penalty : "0");
	ids(&b, r, "wrong", CAIRN_VERDICT_WRONG, 0);
	ids(&b, r, "missing", CAIRN_VERDICT_MISSING, 0);
	ids(&b, r, "invalid", CAIRN_VERDICT_INVALID, 0);
	ids(&b, r, "error", CAIRN_VERDICT_NONE, 1);
	s = cairn_buf_steal(&b);
	cairn_feedback_cut(s);
	cairn_buf_adds(out, s);
	free(s);
}

int cairn_report_lms_number(const char *s, uint64_t *e4)
{
	/* Canvas's decimal_comma_to_period: the last '.' or ',' is the point. */
	const char *point = NULL, *p;
	uint64_t v = 0, scale = 10000;

	if (*s == '\0' || s[strspn(s, "0123456789.,")] != '\0')
		return -1;
	for (p = s; *p != '\0'; p++)
		if (*p == '.' || *p == ',')
			point = p;
	for (p = s; *p != '\0' && p != point; p++)
		if (*p >= '0' && *p <= '9') {
			if (v > UINT64_MAX / 100 / 10000)
				return -1;
			v = v * 10 + (uint64_t)(*p - '0');
		}
	v *= 10000;
	for (p = point ? point + 1 : p; *p != '\0' && scale > 1; p++) {
		scale /= 10;
		v += (uint64_t)(*p - '0') * scale;
	}
	*e4 = v;
	return 0;
}

void cairn_report_lms_roster_cell(struct cairn_buf *out, const char *s)
{
	cairn_result_csv_field(out, s, 0);
}

void cairn_report_lms_text_cell(struct cairn_buf *out, const char *s)
{
	cairn_report_csv_text(out, s);
}

void cairn_report_lms_html_cell(struct cairn_buf *out, const char *s)
{
	struct cairn_buf v = CAIRN_BUF_INIT, h = CAIRN_BUF_INIT;

	cairn_utf8_visible(&v, s, strlen(s));
	cairn_buf_reserve(&v, 0);
	cairn_report_xml_text(&h, v.data);
	cairn_buf_reserve(&h, 0);
	cairn_result_csv_field(out, h.data, 1);
	cairn_buf_free(&v);
	cairn_buf_free(&h);
}

void cairn_report_lms_end_row(struct cairn_buf *out, size_t start)
{
	if (out->len > start)
		out->data[out->len - 1] = '\n';
	else
		cairn_buf_addc(out, '\n');
}
