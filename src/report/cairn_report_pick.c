/*
 * cairn_report_pick - one result per submitter and problem set (SPEC 7).
 *
 * `cairn report --per-submitter latest|best` keeps, of the results that
 * name the same submitter and the same problem set, exactly one: the
 * latest (the greatest modification time of the result file, which keeps
 * the input's), or the best (the highest score, points/max_points
 * compared exactly; a result with nothing to score, a file error
 * included, ranks below a score of 0).  Ties are broken the same way on
 * every run, whatever the order of the arguments: best falls back to
 * latest, latest to the greater source name (byte order), and equal names
 * to the result given last.  A result that names no submitter is nobody's
 * other submission, so it is always kept.  The kept results stay in the
 * order they were given; the work is a sort, O(n log n).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cairn_mem.h"
#include "cairn_report.h"
#include "cairn_report_pick.h"
#include "cairn_stats.h"

struct cand {
	struct cairn_result_file *r;
	size_t pos;			/* in the arguments */
	uint64_t num, den;		/* the score; den 0: none */
	int best;			/* rank by score first */
};

/* frac_cmp - a/b against c/d (b, d > 0), exactly, by continued fractions */
static int frac_cmp(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
	uint64_t qa, qc, t;
	int sign = 1;

	for (;;) {
		qa = a / b;
		qc = c / d;
		if (qa != qc)
			return qa < qc ? -sign : sign;
		a %= b;
		c %= d;
		if (a == 0 || c == 0)
			return a == c ? 0 : a == 0 ? -sign : sign;
		/* a/b < c/d iff b/a > d/c */
		t = a, a = b, b = t;
		t = c, c = d, d = t;
		sign = -sign;
	}
}

int cairn_report_score_cmp(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
	if (b == 0 || d == 0)
		return (b != 0) - (d != 0);
	return frac_cmp(a, b, c, d);
}

static int str_cmp(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

/* later - >0 when x is the later of two results of one submitter */
static int later(const struct cand *x, const struct cand *y)
{
	const struct cairn_result_file *a = x->r, *b = y->r;
	int c;

	if (a->mtime_sec != b->mtime_sec)
		return a->mtime_sec > b->mtime_sec ? 1 : -1;
	if (a->mtime_nsec != b->mtime_nsec)
		return a->mtime_nsec > b->mtime_nsec ? 1 : -1;
	if ((c = str_cmp(a->source, b->source)) != 0)
		return c;
	return x->pos > y->pos ? 1 : x->pos < y->pos ? -1 : 0;
}

/* by_owner - group by submitter and problem set, the one to keep first */
static int by_owner(const void *pa, const void *pb)
{
	const struct cand *x = pa, *y = pb;
	int c;

	if ((c = str_cmp(x->r->submitter, y->r->submitter)) != 0 ||
	    (c = str_cmp(x->r->problem_set, y->r->problem_set)) != 0)
		return c;
	if (x->best &&
	    (c = cairn_report_score_cmp(x->num, x->den, y->num, y->den)) != 0)
		return -c;
	return -later(x, y);
}

static int same_owner(const struct cand *x, const struct cand *y)
{
	return str_cmp(x->r->submitter, y->r->submitter) == 0 &&
	       str_cmp(x->r->problem_set, y->r->problem_set) == 0;
}

size_t cairn_report_pick(struct cairn_result_file *files, size_t n,
			 enum cairn_pick how)
{
	struct cand *c;
	struct cairn_result_file *out;
	struct cairn_stats st;
	char *keep;
	size_t i, k = 0, j;

	if (how == CAIRN_PICK_ALL || n == 0)
		return n;
	c = cairn_xcalloc(n, sizeof *c);
	for (i = 0; i < n; i++) {
		cairn_result_tally(&files[i], &st);
		cairn_report_points(&st);
		c[i] = (struct cand){ &files[i], i, st.points, st.max_points,
				      how == CAIRN_PICK_BEST };
	}
	qsort(c, n, sizeof *c, by_owner);
	keep = cairn_xcalloc(n, 1);
	for (i = 0; i < n; i++) {
		if (c[i].r->submitter == NULL || i == 0 ||
		    !same_owner(&c[i - 1], &c[i])) {
			keep[c[i].pos] = 1;
			k++;
		}
	}
	/* The kept results move to the front in order; the rest follow. */
	out = cairn_xcalloc(n, sizeof *out);
	for (i = 0, j = 0; i < n; i++)
		if (keep[i])
			out[j++] = files[i];
	for (i = 0; i < n; i++)
		if (!keep[i])
			out[j++] = files[i];
	memcpy(files, out, n * sizeof *files);
	free(out);
	free(keep);
	free(c);
	return k;
}
