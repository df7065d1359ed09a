/*
 * cairn_problems_merge - a submission's answers matched to its set.
 *
 * The resolved submission holds copies: every puzzle of the set in the
 * set's order, with the piles, id, solver, moves and explain of the set
 * and the expectation of the matching answer.  Its line is the answer's
 * line in the submission, or, for an unanswered puzzle (verdict missing),
 * the puzzle's line in the set.  An answer that states no key at all
 * counts as no answer.  Of several answers to one id the first (in the
 * submission's order) that states anything is the one graded
 * (doc/grading.md); piles a CSV answer repeats must be the set's, or the
 * answer is invalid.  The answers graded against no puzzle follow, in
 * submission order, with no piles and an invalid expectation that says
 * why: an id the set lacks, or an id answered before; an empty answer
 * beside a stating one is dropped, as it says nothing.  Having no piles,
 * they are not solved, and so count neither in graded nor in max_points
 * (cairn_stats.c).  The set is only read: a cached one may serve several
 * threads at once.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cairn_mem.h"
#include "cairn_problems_merge.h"

/* by_id - by id, then in input order (the answers are one array) */
static int by_id(const void *a, const void *b)
{
	const struct cairn_puzzle *const *x = a, *const *y = b;
	int c = strcmp((*x)->id, (*y)->id);

	return c != 0 ? c : (*x > *y) - (*x < *y);
}

/* blank - a puzzle as cairn_puzzle_input_add() makes it */
static void blank(struct cairn_puzzle *q)
{
	memset(q, 0, sizeof *q);
	q->moves = -1;
	q->explain = -1;
	q->out.first_move = -1;
	q->points = -1;
}

/* states - whether an answer says anything: one that does not is none */
static int states(const struct cairn_puzzle *a)
{
	return a->expect.given != 0 || a->expect.invalid != NULL ||
	       a->error != NULL;
}

/* same_piles - piles a CSV answer repeats must be the set's (formats.md) */
static void same_piles(struct cairn_puzzle *a, const struct cairn_puzzle *sp)
{
	if (a->piles == NULL || a->expect.invalid != NULL)
		return;
	if (a->n != sp->n ||
	    memcmp(a->piles, sp->piles, sp->n * sizeof *sp->piles) != 0)
		a->expect.invalid = cairn_xasprintf("line %lu: piles: a "
						    "submission cannot change "
						    "the piles", a->line);
}

/* from_set - copy one puzzle of the set, with its answer (or none) */
static void from_set(struct cairn_puzzle *q, const struct cairn_puzzle *sp,
		     struct cairn_puzzle *a)
{
	blank(q);
	q->id = cairn_xstrdup(sp->id);
	q->n = sp->n;
	q->piles = cairn_xmalloc(sp->n * sizeof *q->piles);
	memcpy(q->piles, sp->piles, sp->n * sizeof *q->piles);
	q->solver = sp->solver ? cairn_xstrdup(sp->solver) : NULL;
	q->moves = sp->moves;
	q->explain = sp->explain;
	q->points = sp->points;
	q->line = a != NULL ? a->line : sp->line;
	if (a != NULL && states(a)) {
		q->expect = a->expect;
		memset(&a->expect, 0, sizeof a->expect);
		q->error = a->error;
		a->error = NULL;
	} else {
		q->out.verdict = CAIRN_VERDICT_MISSING;
	}
}

/* aside - an answer graded against no puzzle, moved into q: why, no piles */
static void aside(struct cairn_puzzle *q, struct cairn_puzzle *a, char *why)
{
	*q = *a;
	blank(a);
	free(q->piles);
	q->piles = NULL;
	q->n = 0;
	q->expect.present = 1;
	free(q->expect.invalid);
	q->expect.invalid = why;
}

/* What becomes of each answer. */
enum fate {
	UNKNOWN,		/* its id is not the set's: aside */
	GRADED,			/* the set's puzzle takes it */
	TWICE,			/* a later answer to a graded id: aside */
	NOTHING			/* states nothing, and another answer counts */
};

/*
 * pick - the answer to set puzzle sp among run[0..n), the answers to its
 * id in input order: the first that states anything (or, when none does,
 * the first, for its line); the other stating ones were given twice.
 * Every answer of the run gets its fate, and twice[] its first's line.
 */
static struct cairn_puzzle *pick(struct cairn_puzzle **run, size_t n,
				 const struct cairn_puzzle *sp,
				 struct cairn_puzzle *base, enum fate *fate,
				 unsigned long *first_line)
{
	struct cairn_puzzle *first = NULL;
	size_t i, k;

	for (i = 0; i < n; i++) {
		same_piles(run[i], sp);
		if (first == NULL && states(run[i]))
			first = run[i];
	}
	if (first == NULL)
		first = run[0];
	for (i = 0; i < n; i++) {
		k = (size_t)(run[i] - base);
		fate[k] = run[i] == first ? GRADED :
			  states(run[i]) ? TWICE : NOTHING;
		first_line[k] = first->line;
	}
	return first;
}

/* run_of - where in the sorted index the answers to id start, and *n */
static size_t run_of(struct cairn_puzzle *const *index, size_t na,
		     const char *id, size_t *n)
{
	size_t lo = 0, hi = na, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(index[mid]->id, id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (hi = lo; hi < na && strcmp(index[hi]->id, id) == 0; hi++)
		;
	*n = hi - lo;
	return lo;
}

void cairn_problems_merge(struct cairn_input *in,
			  const struct cairn_input *set)
{
	size_t na = in->npuzzles, ns = set->npuzzles, i, k = 0, lo, n;
	struct cairn_puzzle **index = cairn_xcalloc(na + 1, sizeof *index);
	struct cairn_puzzle *np = cairn_xcalloc(ns + na + 1, sizeof *np);
	struct cairn_puzzle *a = in->puzzles, *hit;
	enum fate *fate = cairn_xcalloc(na + 1, sizeof *fate);
	unsigned long *first_line = cairn_xcalloc(na + 1, sizeof *first_line);

	for (i = 0; i < na; i++)
		index[i] = &a[i];
	qsort(index, na, sizeof *index, by_id);
	for (i = 0; i < ns; i++) {
		lo = run_of(index, na, set->puzzles[i].id, &n);
		hit = n > 0 ? pick(index + lo, n, &set->puzzles[i], a, fate,
				   first_line) : NULL;
		from_set(&np[k++], &set->puzzles[i], hit);
	}
	for (i = 0; i < na; i++)
		if (fate[i] == UNKNOWN)
			aside(&np[k++], &a[i], cairn_xasprintf(
				"unknown puzzle id \"%s\" in problem set "
				"\"%s\"", a[i].id, in->problem_set));
		else if (fate[i] == TWICE)
			aside(&np[k++], &a[i], cairn_xasprintf(
				"answered twice: the first answer (line %lu) "
				"is the one graded", first_line[i]));
	for (i = 0; i < na; i++)
		cairn_puzzle_free(&a[i]);
	free(a);
	in->puzzles = np;
	in->npuzzles = k;
	in->cap = ns + na + 1;
	free(index);
	free(fate);
	free(first_line);
}
