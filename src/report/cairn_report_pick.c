/*
 * cairn_report_pick - one result per submitter and problem set (cairn(1)).
 *
 * `cairn report --per-submitter latest|best` keeps, of the results of
 * the same owner (or, for results without one, that name the same
 * submitter) and the same problem set, exactly one: the latest (the
 * greatest arrival time, `received`; a result without one is taken as
 * arriving at its file's modification time), or the best (the highest score, points/max_points
 * compared exactly; a result with nothing to score, a file error
 * included, ranks below a score of 0).  A result the course policy
 * refused (doc/grading.md: after the close, past the submission limit) is not a
 * submission: it is kept only where its owner has no other result of the
 * set, and shows there as refused.  Ties are broken the same way on
 * every run, whatever the order of the arguments: best falls back to
 * latest, latest to the greater source name (byte order), and equal names
 * to the result given last.  A result with neither owner nor submitter
 * is nobody's other submission, so it is always kept.  The kept results stay in the
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

int cairn_report_pick_score_cmp(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
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

/* arrival - when r arrived: its received, else its file's mtime */
static void arrival(const struct cairn_result_file *r, int64_t *sec, long *nsec)
{
	if (r->received != NULL) {
		*sec = (int64_t)r->received_at.tv_sec;
		*nsec = r->received_at.tv_nsec;
	} else {
		*sec = r->mtime_sec;
		*nsec = r->mtime_nsec;
	}
}

/* later - >0 when x is the later of two results of one owner */
static int later(const struct cand *x, const struct cand *y)
{
	const struct cairn_result_file *a = x->r, *b = y->r;
	int64_t as, bs;
	long an, bn;
	int c;

	arrival(a, &as, &an);
	arrival(b, &bs, &bn);
	if (as != bs)
		return as > bs ? 1 : -1;
	if (an != bn)
		return an > bn ? 1 : -1;
	if ((c = str_cmp(a->source, b->source)) != 0)
		return c;
	return x->pos > y->pos ? 1 : x->pos < y->pos ? -1 : 0;
}

/*
 * key_cmp - whose: the owner when the result has one, else the name it
 * gives itself (results with an owner never group with those without),
 * then the problem set
 */
static int key_cmp(const struct cairn_result_file *a,
		   const struct cairn_result_file *b)
{
	int c;

	if ((c = (a->owner != NULL) - (b->owner != NULL)) != 0)
		return c;
	if (a->owner != NULL)
		c = strcmp(a->owner, b->owner);
	else
		c = str_cmp(a->submitter, b->submitter);
	return c != 0 ? c : str_cmp(a->problem_set, b->problem_set);
}

/* by_owner - group by owner and problem set, the one to keep first */
static int by_owner(const void *pa, const void *pb)
{
	const struct cand *x = pa, *y = pb;
	int c;

	if ((c = key_cmp(x->r, y->r)) != 0)
		return c;
	if ((c = (x->r->refused != CAIRN_REFUSED_NONE) -
		 (y->r->refused != CAIRN_REFUSED_NONE)) != 0)
		return c;
	if (x->best &&
	    (c = cairn_report_pick_score_cmp(x->num, x->den, y->num, y->den)) != 0)
		return -c;
	return -later(x, y);
}

/* nobodys - a result with neither owner nor submitter: always kept */
static int nobodys(const struct cairn_result_file *r)
{
	return r->owner == NULL && r->submitter == NULL;
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
		cairn_report_tally(&files[i], &st);
		c[i] = (struct cand){ &files[i], i, st.points, st.max_points,
				      how == CAIRN_PICK_BEST };
	}
	qsort(c, n, sizeof *c, by_owner);
	keep = cairn_xcalloc(n, 1);
	for (i = 0; i < n; i++) {
		if (nobodys(c[i].r) || i == 0 ||
		    key_cmp(c[i - 1].r, c[i].r) != 0) {
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
