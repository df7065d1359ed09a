/*
 * cairn_report_html - one self-contained HTML page for an instructor.
 *
 * The page has three parts: the class at a glance (how many submissions,
 * from how many owners, the mean and median score, a histogram of scores
 * drawn as inline SVG, and a table of every submission with its owner
 * linking to its details), each puzzle
 * of each problem set (how many answers were correct, wrong, missing and
 * invalid, how many puzzle errors, what optimal play gives, and the three
 * most common wrong answers with their counts), and each submission with
 * its owner, arrival, verdicts and feedback: one row per verdict listing
 * its puzzles, each with its feedback (or error) text, or, for a text
 * given to more than one answer, its number F1, F2, ... in a list at the
 * end of the page where each such text is written once
 * (cairn_report_fold), so that the page costs well under 1 KiB per
 * submission of 20 puzzles.  A late submission carries
 * a visible mark "late" (and its penalty in its details), and a file the
 * course policy refused a mark "refused: closed|limit"; a refused file is
 * not counted as a submission.  It needs nothing but itself: the style is
 * inline, there is no script and no external resource, so it reads the
 * same offline, with scripts off and on paper.
 *
 * Every text from a result file goes through cairn_report_xml_text(), so markup
 * in a submitter's name or an id is shown, never run; the page's own
 * anchors are numbers, never user text.  What it shows is gathered by
 * cairn_report_class (a CSV result holds no stated answer, so there the
 * feedback stands for the wrong answer).  The page is a pure function of
 * the results in the order given, and its size is linear in them.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_mem.h"
#include "cairn_report.h"
#include "cairn_report_class.h"
#include "cairn_report_fold.h"
#include "cairn_report_html.h"
#include "cairn_stats.h"

#define NBINS 10			/* histogram bins of width 0.1 */
#define TOP_WRONG 3			/* wrong answers shown per puzzle */
#define SHOW_MAX 80			/* bytes of an answer or line shown */

/* ---- rendering ---- */

static const char style[] =
	"body{font:15px/1.45 system-ui,-apple-system,\"Segoe UI\",Roboto,"
	"\"DejaVu Sans\",sans-serif;color:#1b1f24;background:#fff;margin:0 "
	"auto;max-width:72rem;padding:1.2rem 1.5rem}"
	"h1{font-size:1.6rem;margin:.2rem 0 .6rem}"
	"h2{font-size:1.25rem;border-bottom:2px solid #d0d7de;"
	"padding-bottom:.2rem;margin-top:2rem}"
	"h3{font-size:1.05rem;margin:1.2rem 0 .4rem}"
	"table{border-collapse:collapse;width:100%;margin:.4rem 0 1rem}"
	"th,td{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;"
	"vertical-align:top}"
	"th{background:#f3f5f7}td.n,th.n,.ro td:nth-child(n+5){text-align:right;"
	"font-variant-numeric:tabular-nums}"
	"tbody tr:nth-child(even){background:#fafbfc}"
	".glance{display:flex;flex-wrap:wrap;gap:1.5rem;align-items:flex-start}"
	".stats{display:grid;grid-template-columns:auto auto;gap:.2rem 1rem;"
	"margin:0;font-size:1.05rem}.stats dt{color:#57606a}"
	".stats dd{margin:0;font-weight:600;text-align:right}"
	"figure{margin:0}figcaption{color:#57606a;font-size:.9rem}"
	".vt td:first-child{font-weight:600;white-space:nowrap}"
	".vc{color:#1a7f37}.vw{color:#cf222e}.vm{color:#7d4e00}"
	".vi{color:#8250df}.ve,.vu{color:#6e7781}"
	".err{color:#cf222e}q{quotes:none;font-family:ui-monospace,"
	"\"DejaVu Sans Mono\",monospace;background:#f3f5f7;padding:0 .2rem}"
	"ol.wrong{margin:0;padding-left:1.2rem}article{margin-bottom:1.4rem}"
	".meta{color:#57606a;margin:.1rem 0 .4rem}a{color:#0550ae}"
	".vt th:first-child{width:6rem}.fb{list-style:none;padding-left:0}"
	".fb b{margin-right:.5rem}"
	".mark{font-size:.8rem;font-weight:600;border-radius:.2rem;"
	"padding:0 .3rem;margin-left:.3rem;white-space:nowrap}"
	".late{background:#fff8c5;color:#7d4e00}"
	".refused{background:#ffebe9;color:#cf222e}"
	"svg text{font:12px system-ui,\"DejaVu Sans\",sans-serif;fill:#1b1f24}"
	"@media print{body{max-width:none;padding:0;font-size:11pt}"
	"a{color:inherit;text-decoration:none}.top{display:none}"
	"article,tr,figure{break-inside:avoid}h2,h3{break-after:avoid}}";

static void text(struct cairn_buf *out, const char *s)
{
	cairn_report_xml_text(out, s);
}

/* shown - s, cut to SHOW_MAX bytes on a character boundary, with "…" */
static void shown(struct cairn_buf *out, const char *s)
{
	size_t len = strlen(s), cut;
	char *head;

	if (len <= SHOW_MAX) {
		text(out, s);
		return;
	}
	for (cut = SHOW_MAX; cut > 0 && ((unsigned char)s[cut] & 0xc0) == 0x80;
	     cut--)
		;
	head = cairn_xstrndup(s, cut);
	text(out, head);
	cairn_buf_adds(out, "\xe2\x80\xa6");
	free(head);
}

/* decimal - v in [0, 1] with at most four decimals, at least one */
static void decimal(struct cairn_buf *out, double v)
{
	char tmp[32];
	size_t len = (size_t)snprintf(tmp, sizeof tmp, "%.4f", v);

	while (len > 2 && tmp[len - 1] == '0' && tmp[len - 2] != '.')
		tmp[--len] = '\0';
	cairn_buf_adds(out, tmp);
}

static int scored(const struct cairn_stats *st)
{
	return st->max_points > 0;
}

static double score_of(const struct cairn_stats *st)
{
	return (double)st->points / (double)st->max_points;
}

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* histogram - the scores in NBINS bins, as an inline SVG bar chart */
static void histogram(struct cairn_buf *out, const size_t *bins,
		      size_t nscored)
{
	static const char *const edge[NBINS + 1] = {
		"0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8",
		"0.9", "1",
	};
	size_t i, most = 1, h;
	unsigned x;

	for (i = 0; i < NBINS; i++)
		most = bins[i] > most ? bins[i] : most;
	cairn_buf_addf(out, "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" "
		       "width=\"620\" height=\"232\" viewBox=\"0 0 620 232\" "
		       "role=\"img\" aria-labelledby=\"histo-t\">"
		       "<title id=\"histo-t\">Histogram of the scores of %zu "
		       "submission%s</title>\n", nscored, nscored == 1 ? "" : "s");
	for (i = 0; i < NBINS; i++) {
		h = bins[i] * 160 / most;
		x = 25 + (unsigned)i * 58;
		cairn_buf_addf(out, "<rect x=\"%u\" y=\"%zu\" width=\"50\" "
			       "height=\"%zu\" fill=\"#4c8bd6\"><title>%zu with "
			       "a score from %s to %s</title></rect>"
			       "<text x=\"%u\" y=\"%zu\" text-anchor=\"middle\">"
			       "%zu</text>\n", x, 190 - h, h, bins[i], edge[i],
			       edge[i + 1], x + 25, 190 - h - 5, bins[i]);
		cairn_buf_addf(out, "<text x=\"%u\" y=\"206\" "
			       "text-anchor=\"middle\">%s</text>\n", x - 4,
			       edge[i]);
	}
	cairn_buf_adds(out, "<text x=\"601\" y=\"206\" text-anchor=\"middle\">1"
		       "</text><line x1=\"20\" y1=\"190\" x2=\"605\" y2=\"190\" "
		       "stroke=\"#57606a\"/><text x=\"310\" y=\"226\" "
		       "text-anchor=\"middle\">score (a score of 1 counts in the "
		       "last bar)</text></svg>\n<figcaption>Scores of the "
		       "submissions that have one</figcaption></figure>\n");
}

/* glance - the counts, mean and median, and the histogram */
static void glance(struct cairn_buf *out, const struct cairn_class *pg)
{
	double *v = cairn_xcalloc(pg->n + 1, sizeof *v), sum = 0;
	size_t bins[NBINS] = { 0 }, k = 0, i, b, errors = 0, refused = 0;

	for (i = 0; i < pg->n; i++) {
		refused += pg->files[i].refused != CAIRN_REFUSED_NONE;
		errors += pg->files[i].error != NULL &&
			  pg->files[i].refused == CAIRN_REFUSED_NONE;
		if (!scored(&pg->st[i]))
			continue;
		v[k] = score_of(&pg->st[i]);
		sum += v[k];
		b = (size_t)(v[k] * NBINS);
		bins[b < NBINS ? b : NBINS - 1]++;
		k++;
	}
	if (k > 0)
		qsort(v, k, sizeof *v, by_double);
	cairn_buf_addf(out, "<section id=\"glance\"><h2>The class at a glance"
		       "</h2>\n<div class=\"glance\"><dl class=\"stats\">"
		       "<dt>Submissions</dt><dd>%zu</dd><dt>With a score</dt>"
		       "<dd>%zu</dd><dt>File errors</dt><dd>%zu</dd>",
		       pg->n - refused, k, errors);
	if (refused > 0)
		cairn_buf_addf(out, "<dt>Refused</dt><dd>%zu</dd>", refused);
	cairn_buf_adds(out, "<dt>Mean score</dt><dd>");
	if (k > 0)
		decimal(out, sum / (double)k);
	else
		cairn_buf_adds(out, "\xe2\x80\x93");
	cairn_buf_adds(out, "</dd><dt>Median score</dt><dd>");
	if (k > 0)
		decimal(out, k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2);
	else
		cairn_buf_adds(out, "\xe2\x80\x93");
	cairn_buf_adds(out, "</dd></dl>\n");
	histogram(out, bins, k);
	cairn_buf_adds(out, "</div>\n");
	free(v);
}

static void counts_cells(struct cairn_buf *out, const struct cairn_stats *st)
{
	cairn_buf_addf(out, "<td>%zu</td><td>%zu</td><td>%zu</td><td>%zu</td>",
		       st->correct, st->wrong, st->missing, st->invalid);
}

static void score_cell(struct cairn_buf *out, const struct cairn_stats *st)
{
	cairn_buf_adds(out, "<td>");
	if (scored(st))
		cairn_stats_score(out, st);
	else
		cairn_buf_adds(out, "\xe2\x80\x93");
	cairn_buf_adds(out, "</td><td>");
	cairn_report_decimal(out, st->points);
	cairn_buf_addf(out, "/%llu</td>", (unsigned long long)(st->max_points / 10000));
}

/*
 * marks - a visible mark for a late submission and for one the course
 * policy refused (doc/grading.md), which is not a submission
 */
static void marks(struct cairn_buf *out, const struct cairn_result_file *r)
{
	if (r->late_by != NULL)
		cairn_buf_adds(out, "<span class=\"mark late\">late</span>");
	if (r->refused != CAIRN_REFUSED_NONE)
		cairn_buf_addf(out, "<span class=\"mark refused\">refused: %s</span>",
			       cairn_result_read_refusal_name(r->refused));
}

/* roster - one row per submission, linking to its section */
static void roster(struct cairn_buf *out, const struct cairn_class *pg)
{
	const struct cairn_result_file *r;
	size_t i;

	cairn_buf_adds(out, "<h3 id=\"summary\">Submissions</h3>\n<table class=\"ro\">"
		       "<thead><tr><th>Submission</th><th>Owner</th>"
		       "<th>Submitter</th>"
		       "<th>Problem set</th><th class=\"n\">Score</th>"
		       "<th class=\"n\">Points</th><th class=\"n\">Correct</th>"
		       "<th class=\"n\">Wrong</th><th class=\"n\">Missing</th>"
		       "<th class=\"n\">Invalid</th></tr></thead><tbody>\n");
	for (i = 0; i < pg->n; i++) {
		r = &pg->files[i];
		cairn_buf_addf(out, "<tr><td><a href=\"#s%zu\">", i + 1);
		text(out, r->source);
		cairn_buf_adds(out, "</a>");
		marks(out, r);
		cairn_buf_adds(out, "</td><td>");
		text(out, r->owner ? r->owner : "");
		cairn_buf_adds(out, "</td><td>");
		text(out, r->submitter ? r->submitter : "");
		cairn_buf_adds(out, "</td><td>");
		text(out, r->problem_set ? r->problem_set : "");
		cairn_buf_adds(out, "</td>");
		score_cell(out, &pg->st[i]);
		counts_cells(out, &pg->st[i]);
		cairn_buf_adds(out, "</tr>\n");
	}
	cairn_buf_adds(out, "</tbody></table></section>\n");
}

/* optimal - "Alice 9, Bob 8 (diff 1); first move left; line LRRL" */
static void optimal(struct cairn_buf *out, const struct cairn_result_puzzle *p)
{
	if (p == NULL) {
		cairn_buf_adds(out, "\xe2\x80\x93");
		return;
	}
	cairn_buf_addf(out, "Alice %lld, Bob %lld (diff %lld, %s)",
		       (long long)p->alice, (long long)p->bob,
		       (long long)p->diff,
		       p->diff > 0 ? "Alice wins" : p->diff < 0 ? "Bob wins" :
		       "a tie");
	if (p->first_move >= 0)
		cairn_buf_addf(out, "; first move %s",
			       p->first_move == CAIRN_MOVE_RIGHT ? "right" :
			       "left");
	if (p->moves != NULL) {
		cairn_buf_adds(out, "; line <q>");
		shown(out, p->moves);
		cairn_buf_adds(out, "</q>");
	}
}

static void wrong_list(struct cairn_buf *out, const struct cairn_class *pg,
		       const struct cairn_class_puzzle *ps)
{
	const struct cairn_class_wrong *w;
	size_t i;

	if (ps->nwrong == 0) {
		cairn_buf_adds(out, "\xe2\x80\x93");
		return;
	}
	cairn_buf_adds(out, "<ol class=\"wrong\">");
	for (i = 0; i < ps->nwrong && i < TOP_WRONG; i++) {
		w = &pg->wr[ps->first_wrong + i];
		cairn_buf_adds(out, "<li><q>");
		shown(out, w->answer);
		cairn_buf_addf(out, "</q> \xc3\x97%zu</li>", w->count);
	}
	cairn_buf_adds(out, "</ol>");
}

/* puzzles - per problem set, one row per puzzle */
static void puzzles(struct cairn_buf *out, const struct cairn_class *pg)
{
	const struct cairn_class_set *s;
	const struct cairn_class_puzzle *ps;
	size_t i, j, k;

	cairn_buf_adds(out, "<section id=\"puzzles\"><h2>Puzzles</h2>\n");
	if (pg->nsets == 0)
		cairn_buf_adds(out, "<p>No submission names a problem set."
			       "</p>\n");
	for (i = 0; i < pg->nsets; i++) {
		s = &pg->sets[i];
		cairn_buf_adds(out, "<h3>Problem set <q>");
		text(out, s->name);
		cairn_buf_addf(out, "</q>, %zu submission%s</h3>\n", s->subs,
			       s->subs == 1 ? "" : "s");
		if (s->np == 0) {
			cairn_buf_adds(out, "<p>No puzzles: every result of "
				       "this set is a file error.</p>\n");
			continue;
		}
		cairn_buf_adds(out, "<table><thead>"
			       "<tr><th>Puzzle</th><th class=\"n\">Correct</th>"
			       "<th class=\"n\">Wrong</th><th class=\"n\">"
			       "Missing</th><th class=\"n\">Invalid</th>"
			       "<th class=\"n\">Errors</th><th>Optimal play"
			       "</th><th>Most common wrong answers</th></tr>"
			       "</thead><tbody>\n");
		for (j = 0; j < s->np; j++) {
			ps = &pg->ps[s->puzzles[j]];
			cairn_buf_adds(out, "<tr><td>");
			text(out, ps->id);
			cairn_buf_adds(out, "</td>");
			for (k = 0; k < CAIRN_N_KINDS; k++)
				cairn_buf_addf(out, "<td class=\"n\">%zu</td>",
					       ps->n[k]);
			cairn_buf_adds(out, "<td>");
			optimal(out, ps->opt);
			cairn_buf_adds(out, "</td><td>");
			wrong_list(out, pg, ps);
			cairn_buf_adds(out, "</td></tr>\n");
		}
		cairn_buf_adds(out, "</tbody></table>\n");
	}
	cairn_buf_adds(out, "</section>\n");
}

/* The rows of a submission's verdict table, in this order. */
enum { ROW_CORRECT, ROW_WRONG, ROW_MISSING, ROW_INVALID, ROW_UNGRADED,
       ROW_ERROR, NROWS };

static const char *const row_name[NROWS] = {
	"correct", "wrong", "missing", "invalid", "ungraded", "error",
};
static const char *const row_class[NROWS] = { "vc", "vw", "vm", "vi", "vu", "ve" };

static int row_of(const struct cairn_result_puzzle *p)
{
	if (p->error != NULL)
		return ROW_ERROR;
	switch (p->verdict) {
	case CAIRN_VERDICT_CORRECT: return ROW_CORRECT;
	case CAIRN_VERDICT_WRONG: return ROW_WRONG;
	case CAIRN_VERDICT_MISSING: return ROW_MISSING;
	case CAIRN_VERDICT_INVALID: return ROW_INVALID;
	default: return ROW_UNGRADED;
	}
}

/* note_of - the text a puzzle's answer got: its error, or its feedback, or NULL */
static const char *note_of(const struct cairn_result_puzzle *p)
{
	return p->error != NULL ? p->error : p->feedback;
}

/*
 * verdicts - a submission's puzzles, one row per verdict, each id
 * followed by its text: the number of a text given more than once
 * (listed at the end of the page), or the text itself
 */
static void verdicts(struct cairn_buf *out, struct cairn_report_fold *fold,
		     const struct cairn_result_file *r)
{
	const struct cairn_result_puzzle *p;
	const char *note;
	size_t j, num;
	int k, first;

	cairn_buf_adds(out, "<table class=\"vt\"><tr><th>Verdict</th>"
		       "<th>Puzzles</th></tr>\n");
	for (k = 0; k < NROWS; k++) {
		first = 1;
		for (j = 0; j < r->npuzzles; j++) {
			p = &r->puzzles[j];
			if (row_of(p) != k)
				continue;
			if (first)
				cairn_buf_addf(out, "<tr><td class=\"%s\">%s</td><td>",
					       row_class[k], row_name[k]);
			else
				cairn_buf_adds(out, ", ");
			first = 0;
			text(out, p->id);
			if ((note = note_of(p)) == NULL)
				continue;
			if ((num = cairn_report_fold_number(fold, note)) > 0) {
				cairn_buf_addf(out, " <a href=\"#f%zu\">F%zu</a>",
					       num, num);
			} else {
				cairn_buf_adds(out, " <q>");
				text(out, note);
				cairn_buf_adds(out, "</q>");
			}
		}
		if (!first)
			cairn_buf_adds(out, "</td></tr>\n");
	}
	cairn_buf_adds(out, "</table>\n");
}

/* folded - the texts given more than once, each with its number */
static void folded(struct cairn_buf *out, const struct cairn_report_fold *fold)
{
	size_t i;

	if (fold->numbered == 0)
		return;
	cairn_buf_adds(out, "<section id=\"feedback\"><h2>Feedback given more "
		       "than once</h2>\n<p class=\"meta\">The submissions above "
		       "refer to each of these texts by its number.</p>\n"
		       "<ol class=\"fb\">\n");
	for (i = 0; i < fold->numbered; i++) {
		cairn_buf_addf(out, "<li id=\"f%zu\"><b>F%zu</b>", i + 1, i + 1);
		text(out, fold->order[i]);
		cairn_buf_adds(out, "</li>\n");
	}
	cairn_buf_adds(out, "</ol></section>\n");
}

/* meta - one item of a submission's meta line, when it has a value */
static void meta(struct cairn_buf *out, const char *before, const char *value,
		 const char *after)
{
	if (value == NULL)
		return;
	cairn_buf_adds(out, before);
	text(out, value);
	cairn_buf_adds(out, after);
	cairn_buf_adds(out, " \xc2\xb7 ");
}

/* submission - one submission's verdicts and feedback */
static void submission(struct cairn_buf *out, const struct cairn_class *pg,
		       struct cairn_report_fold *fold, size_t i)
{
	const struct cairn_result_file *r = &pg->files[i];
	const struct cairn_stats *st = &pg->st[i];

	cairn_buf_addf(out, "<article id=\"s%zu\"><h3>", i + 1);
	text(out, r->source);
	marks(out, r);
	cairn_buf_adds(out, "</h3>\n<p class=\"meta\">");
	meta(out, "owner <b>", r->owner, "</b>");
	if (r->received != NULL) {
		cairn_buf_adds(out, "received ");
		text(out, r->received);
		if (r->late_by != NULL) {
			cairn_buf_adds(out, ", late by ");
			text(out, r->late_by);
		}
		if (r->late_penalty != NULL) {
			cairn_buf_adds(out, ", penalty ");
			text(out, r->late_penalty);
		}
		cairn_buf_adds(out, " \xc2\xb7 ");
	}
	meta(out, "by ", r->submitter, "");
	meta(out, "problem set <q>", r->problem_set, "</q>");
	cairn_buf_adds(out, "score ");
	if (scored(st))
		cairn_stats_score(out, st);
	else
		cairn_buf_adds(out, "\xe2\x80\x93");
	cairn_buf_adds(out, " (");
	cairn_report_decimal(out, st->points);
	cairn_buf_addf(out, " of %llu points) \xc2\xb7 <a class=\"top\" "
		       "href=\"#summary\">back to the summary</a></p>\n",
		       (unsigned long long)(st->max_points / 10000));
	if (r->refused != CAIRN_REFUSED_NONE) {
		cairn_buf_adds(out, "<p class=\"err\">Refused, not a submission: ");
		text(out, r->error);
		cairn_buf_adds(out, "</p>\n");
	} else if (r->error != NULL) {
		cairn_buf_adds(out, "<p class=\"err\">File error: ");
		text(out, r->error);
		cairn_buf_adds(out, "</p>\n");
	}
	if (r->npuzzles > 0)
		verdicts(out, fold, r);
	cairn_buf_adds(out, "</article>\n");
}

static int owner_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* owners - how many different owners the results name */
static size_t owners(const struct cairn_result_file *files, size_t n)
{
	const char **v = cairn_xcalloc(n + 1, sizeof *v);
	size_t i, k = 0, distinct = 0;

	for (i = 0; i < n; i++)
		if (files[i].owner != NULL)
			v[k++] = files[i].owner;
	qsort(v, k, sizeof *v, owner_cmp);
	for (i = 0; i < k; i++)
		distinct += i == 0 || strcmp(v[i - 1], v[i]) != 0;
	free(v);
	return distinct;
}

void cairn_report_html(const struct cairn_result_file *files, size_t n,
		       struct cairn_buf *out)
{
	struct cairn_report_fold fold;
	struct cairn_class pg;
	size_t i, j;

	cairn_report_class_gather(&pg, files, n);
	cairn_report_fold_init(&fold);
	for (i = 0; i < n; i++)
		for (j = 0; j < files[i].npuzzles; j++)
			if (note_of(&files[i].puzzles[j]) != NULL)
				cairn_report_fold_add(&fold, note_of(&files[i].puzzles[j]));
	cairn_buf_addf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head>"
		       "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
		       "content=\"width=device-width, initial-scale=1\">\n"
		       "<title>cairn report: %zu submission%s</title>\n"
		       "<style>%s</style></head>\n<body>\n<header><h1>Class "
		       "report</h1><p class=\"meta\">%zu submission%s",
		       n, n == 1 ? "" : "s", style, n, n == 1 ? "" : "s");
	for (i = 0; i < pg.nsets; i++) {
		cairn_buf_adds(out, i ? ", " : " to ");
		cairn_buf_adds(out, "<q>");
		text(out, pg.sets[i].name);
		cairn_buf_adds(out, "</q>");
	}
	if ((i = owners(files, n)) > 0)
		cairn_buf_addf(out, " from %zu owner%s", i, i == 1 ? "" : "s");
	cairn_buf_adds(out, "</p></header>\n");
	glance(out, &pg);
	roster(out, &pg);
	puzzles(out, &pg);
	cairn_buf_adds(out, "<section id=\"submissions\"><h2>Each submission"
		       "</h2>\n");
	for (i = 0; i < n; i++)
		submission(out, &pg, &fold, i);
	cairn_buf_adds(out, "</section>\n");
	folded(out, &fold);
	cairn_buf_adds(out, "</body></html>\n");
	cairn_report_fold_free(&fold);
	cairn_report_class_free(&pg);
}
