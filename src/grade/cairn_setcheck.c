/*
 * cairn_setcheck - the findings of `cairn check` on one problem set.
 *
 * The set is read by the daemon's loader (cairn_problems_read() and
 * cairn_problems_unfit()), so every error is the daemon's, word for word
 * and at the same place; unlike the daemon, which stops at the first, all
 * of them are listed.  The warnings concern only the puzzles the loader
 * accepts: every line optimal, the piles of an earlier puzzle, an id that
 * differs from an earlier one only by case, `explain` beyond
 * CAIRN_EXPLAIN_MAX_N piles (the daemon makes that a puzzle error of each
 * submission), and a policy whose close is before its due time (every
 * late arrival refused: a slip of a date, most likely, but a set may mean
 * it, so the loader takes it).  Findings come in file order, each
 * puzzle's after the set's own, and the cost is O(N log N) comparisons
 * for N puzzles plus O(piles).
 *
 * "Every line optimal" means both ends equally good at every position
 * reachable under optimal play; that is the same as at every position at
 * all, since each move from such a position is then optimal, so each
 * position is reached by optimal play.  With d(i,i) = a[i] and
 * d(i,j) = max(a[i] - d(i+1,j), a[j] - d(i,j-1)), the two piles [i, i+1]
 * need a[i] - a[i+1] = a[i+1] - a[i], so all piles are equal; and equal
 * piles read the same from both ends, so both moves leave positions of
 * the same length and value.  The check is therefore "all piles equal",
 * which tests/grade/check_setcheck compares with the DP over all small
 * inputs.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cairn_mem.h"
#include "cairn_problems.h"
#include "cairn_setcheck.h"

/* A puzzle the loader accepts, as the sorts below see it. */
struct item {
	const struct cairn_puzzle *p;
	size_t k;			/* its position among the accepted */
};

int cairn_setcheck_no_choice(const int64_t *a, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (a[i] != a[0])
			return 0;
	return n > 0;
}

static void add(struct cairn_setcheck *r, enum cairn_setcheck_level level,
		unsigned long line, char *message)
{
	struct cairn_setcheck_finding *f;

	r->findings = cairn_xrealloc(r->findings,
				     (r->nfindings + 1) * sizeof *f);
	f = &r->findings[r->nfindings++];
	f->level = level;
	f->line = line;
	f->message = message;
	if (level == CAIRN_SETCHECK_ERROR)
		r->errors++;
	else
		r->warnings++;
}

/* set_name - "hw1" of "hw1.yaml"; an error when the daemon cannot load it */
static char *set_name(struct cairn_setcheck *r, const char *base)
{
	size_t len = strlen(base);
	char *name;

	if (len > 5 && strcmp(base + len - 5, ".yaml") == 0)
		len -= 5;
	name = cairn_xasprintf("%.*s", (int)len, base);
	if (len == strlen(base) || !cairn_problems_valid_name(name))
		add(r, CAIRN_SETCHECK_ERROR, 0, cairn_xstrdup(
			"not a problem set's file name: a set is "
			"problems/NAME.yaml, NAME of letters, digits, '.', "
			"'_' and '-', not starting with '.'"));
	return name;
}

static int by_piles(const void *x, const void *y)
{
	const struct item *a = x, *b = y;
	size_t i;

	if (a->p->n != b->p->n)
		return a->p->n < b->p->n ? -1 : 1;
	for (i = 0; i < a->p->n; i++)
		if (a->p->piles[i] != b->p->piles[i])
			return a->p->piles[i] < b->p->piles[i] ? -1 : 1;
	return a->k < b->k ? -1 : a->k > b->k;
}

static int by_folded_id(const void *x, const void *y)
{
	const struct item *a = x, *b = y;
	int c = strcasecmp(a->p->id, b->p->id);

	return c != 0 ? c : (a->k < b->k ? -1 : a->k > b->k);
}

/*
 * earliest - for each accepted puzzle, the first one equal to it under
 * `cmp` (ties broken by position), or NULL when that is itself
 */
static const struct cairn_puzzle **earliest(struct item *v, size_t n,
					    int (*cmp)(const void *,
						       const void *))
{
	const struct cairn_puzzle **first = cairn_xcalloc(n + 1,
							  sizeof *first);
	size_t i, g = 0;

	qsort(v, n, sizeof *v, cmp);
	for (i = 1; i < n; i++) {
		struct item a = v[g], b = v[i];

		a.k = b.k = 0;	/* equal apart from position? */
		if (cmp(&a, &b) != 0)
			g = i;
		else
			first[v[i].k] = v[g].p;
	}
	return first;
}

/* explain_warning - what the daemon will say of each submission */
static void explain_warning(struct cairn_setcheck *r,
			    const struct cairn_puzzle *p)
{
	add(r, CAIRN_SETCHECK_WARNING, p->line, cairn_xasprintf(
		"puzzle \"%s\": explain: the DP table is shown for at most %d "
		"piles, this puzzle has %zu (an error in every result)", p->id,
		CAIRN_EXPLAIN_MAX_N, p->n));
}

/* policy_warning - a close before the due time leaves no late arrivals */
static void policy_warning(struct cairn_setcheck *r, const struct cairn_policy *p)
{
	if (p->has_due && p->has_close && p->close_ms < p->due_ms)
		add(r, CAIRN_SETCHECK_WARNING, p->close_line, cairn_xasprintf(
			"policy: close (%s) is before due (%s): every late "
			"submission will be refused", p->close_text, p->due_text));
}

/* warnings - the findings on accepted puzzle p, given the earlier ones like it */
static void warnings(struct cairn_setcheck *r, const struct cairn_puzzle *p,
		     const struct cairn_puzzle *same_piles,
		     const struct cairn_puzzle *same_folded)
{
	if (cairn_setcheck_no_choice(p->piles, p->n))
		add(r, CAIRN_SETCHECK_WARNING, p->line, cairn_xasprintf(
			"puzzle \"%s\": every line is optimal (all piles are "
			"equal): no move can be wrong", p->id));
	if (same_piles != NULL)
		add(r, CAIRN_SETCHECK_WARNING, p->line, cairn_xasprintf(
			"puzzle \"%s\": the same piles as puzzle \"%s\" "
			"(line %lu)", p->id, same_piles->id,
			same_piles->line));
	if (same_folded != NULL)
		add(r, CAIRN_SETCHECK_WARNING, p->line, cairn_xasprintf(
			"puzzle \"%s\": the id differs only by case from "
			"\"%s\" (line %lu)", p->id, same_folded->id,
			same_folded->line));
	if (p->explain == 1 && p->n > CAIRN_EXPLAIN_MAX_N)
		explain_warning(r, p);
}

/* puzzles - the errors and warnings of each puzzle, in file order */
static void puzzles(struct cairn_setcheck *r, const struct cairn_input *in)
{
	struct item *v = cairn_xcalloc(in->npuzzles + 1, sizeof *v);
	const struct cairn_puzzle **piles, **ids;
	char **unfit = cairn_xcalloc(in->npuzzles + 1, sizeof *unfit);
	size_t i, n = 0, k = 0;

	for (i = 0; i < in->npuzzles; i++) {
		r->points += CAIRN_POINTS_OF(&in->puzzles[i]);
		unfit[i] = cairn_problems_unfit(in, i);
		if (unfit[i] == NULL) {
			v[n].p = &in->puzzles[i];
			v[n].k = n;
			n++;
		}
	}
	piles = earliest(v, n, by_piles);
	ids = earliest(v, n, by_folded_id);
	for (i = 0; i < in->npuzzles; i++) {
		if (unfit[i] != NULL) {
			add(r, CAIRN_SETCHECK_ERROR, 0, unfit[i]);
		} else {
			warnings(r, &in->puzzles[i], piles[k], ids[k]);
			k++;
		}
	}
	free(piles);
	free(ids);
	free(unfit);
	free(v);
}

void cairn_setcheck_run(struct cairn_setcheck *r, const char *base,
			const char *data, size_t len, int rc,
			const struct cairn_limits *limits)
{
	struct cairn_input in;
	char *name, *why;

	memset(r, 0, sizeof *r);
	name = set_name(r, base);
	why = cairn_problems_read(&in, name, data, len, rc, limits);
	if (why != NULL) {
		add(r, CAIRN_SETCHECK_ERROR, 0, why);
	} else {
		r->loaded = 1;
		r->npuzzles = in.npuzzles;
		policy_warning(r, &in.policy);
		puzzles(r, &in);
	}
	cairn_puzzle_input_free(&in);
	free(name);
}

void cairn_setcheck_free(struct cairn_setcheck *r)
{
	size_t i;

	for (i = 0; i < r->nfindings; i++)
		free(r->findings[i].message);
	free(r->findings);
	memset(r, 0, sizeof *r);
}
