/*
 * cairn_generate - draw puzzles with required properties, write the set.
 *
 * A draw is: the number of piles uniform in piles_min..piles_max, then each
 * value uniform in lo..hi, both by rejection so no value is favoured; a
 * draw is kept when it has every required property and is not already in
 * the set.  Contradictions known up front are refused before any draw;
 * anything else that cannot be met fails after CAIRN_GENERATE_DRAWS draws
 * for one puzzle, with the reason when it is a known one.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_generate.h"
#include "cairn_mem.h"

uint64_t cairn_generate_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* uniform - a value in lo..hi, unbiased (span never wraps: |v| <= 10^15) */
static int64_t uniform(uint64_t *state, int64_t lo, int64_t hi)
{
	uint64_t span = (uint64_t)(hi - lo) + 1, limit, x;

	limit = UINT64_MAX - UINT64_MAX % span;
	do
		x = cairn_generate_next(state);
	while (x >= limit);
	return lo + (int64_t)(x % span);
}

static size_t draw(const struct cairn_generate_opts *o, uint64_t *state,
		   int64_t *a)
{
	size_t n = (size_t)uniform(state, (int64_t)o->piles_min,
				   (int64_t)o->piles_max), i;

	for (i = 0; i < n; i++)
		a[i] = uniform(state, o->lo, o->hi);
	return n;
}

static int in_set(const struct cairn_generate_set *set, const int64_t *a,
		  size_t n)
{
	size_t k;

	for (k = 0; k < set->n; k++)
		if (set->v[k].n == n &&
		    memcmp(set->v[k].piles, a, n * sizeof *a) == 0)
			return 1;
	return 0;
}

/* props_list - "greedy-fails,unique-line" */
static void props_list(unsigned mask, char *buf, size_t size)
{
	size_t used = 0;
	unsigned k;

	buf[0] = '\0';
	for (k = 0; k < CAIRN_PROP_N && used < size; k++)
		if (mask & (1u << k))
			used += (size_t)snprintf(buf + used, size - used, "%s%s",
						 used ? "," : "",
						 cairn_props_name(1u << k));
}

/* known_reason - why no row of these sizes can have the properties, or "" */
static const char *known_reason(const struct cairn_generate_opts *o)
{
	unsigned r = o->require;

	if ((r & CAIRN_PROP_BOB_WINS) && o->piles_min == o->piles_max &&
	    o->piles_min % 2 == 0)
		return ": with an even number of piles Alice can take every odd- "
		       "or every even-numbered pile, so Bob never wins";
	if (o->piles_max != 1)
		return "";
	if ((r & CAIRN_PROP_BOB_WINS) && o->lo >= 0)
		return ": a single pile always goes to Alice";
	if ((r & CAIRN_PROP_TIE) && (o->lo > 0 || o->hi < 0))
		return ": a single pile goes to Alice, and none is 0";
	if (r & CAIRN_PROP_GREEDY_FAILS)
		return ": a single pile leaves greedy play no choice";
	if (r & (CAIRN_PROP_BOTH_OPTIMAL | CAIRN_PROP_FIRST_RIGHT))
		return ": a single pile is one move, taken as left";
	return "";
}

static void not_found(const struct cairn_generate_opts *o, size_t found,
		      unsigned long dups, char *err, size_t size)
{
	char props[256] = "", piles[64], extra[128] = "";

	if (o->require != 0) {
		strcpy(props, " with ");
		props_list(o->require, props + 6, sizeof props - 6);
	}
	if (o->piles_min == o->piles_max)
		snprintf(piles, sizeof piles, "%zu pile%s", o->piles_min,
			 o->piles_min == 1 ? "" : "s");
	else
		snprintf(piles, sizeof piles, "%zu-%zu piles", o->piles_min,
			 o->piles_max);
	if (dups > 0)
		snprintf(extra, sizeof extra, " (%lu that would do were already "
			 "in the set)", dups);
	snprintf(err, size, "%s%s among %d draws of %s in %lld..%lld%s%s",
		 found ? "no further puzzle" : "no puzzle", props,
		 CAIRN_GENERATE_DRAWS, piles,
		 (long long)o->lo, (long long)o->hi, extra, known_reason(o));
	if (found) {
		size_t len = strlen(err);

		snprintf(err + len, size - len, "; found %zu of %zu", found,
			 o->count);
	}
}

/* one - search for the next puzzle of the set; 0 or -ESRCH */
static int one(const struct cairn_generate_opts *o, uint64_t *state,
	       struct cairn_generate_set *set, int64_t *a, char *err,
	       size_t size)
{
	struct cairn_generate_puzzle *p = &set->v[set->n];
	unsigned long dups = 0;
	size_t d, n;

	for (d = 0; d < CAIRN_GENERATE_DRAWS; d++) {
		n = draw(o, state, a);
		cairn_props_eval(a, n, o->require, &p->facts);
		if ((p->facts.props & o->require) == o->require) {
			if (!in_set(set, a, n)) {
				p->n = n;
				p->piles = cairn_xmalloc(n * sizeof *a);
				memcpy(p->piles, a, n * sizeof *a);
				set->n++;
				return 0;
			}
			dups++;
		}
		cairn_props_facts_free(&p->facts);
	}
	not_found(o, set->n, dups, err, size);
	return -ESRCH;
}

int cairn_generate_run(const struct cairn_generate_opts *o,
		       struct cairn_generate_set *set, char *err, size_t size)
{
	uint64_t state = o->seed;
	int64_t *a;
	int rc = 0;

	memset(set, 0, sizeof *set);
	if (cairn_props_conflict(o->require, err, size) != NULL)
		return -EINVAL;
	set->v = cairn_xcalloc(o->count, sizeof *set->v);
	a = cairn_xmalloc(o->piles_max * sizeof *a);
	while (set->n < o->count && rc == 0)
		rc = one(o, &state, set, a, err, size);
	free(a);
	return rc;
}

void cairn_generate_set_free(struct cairn_generate_set *set)
{
	size_t k;

	for (k = 0; k < set->n; k++) {
		free(set->v[k].piles);
		cairn_props_facts_free(&set->v[k].facts);
	}
	free(set->v);
	memset(set, 0, sizeof *set);
}

/* key - the answer-key comment of one puzzle */
static void key(struct cairn_buf *out, const char *id,
		const struct cairn_props_facts *f)
{
	const char *c;

	cairn_buf_addf(out, "  # %s: alice %lld, bob %lld, diff %lld, line",
		       id, (long long)f->alice, (long long)f->bob,
		       (long long)f->diff);
	for (c = f->line; *c; c++)
		cairn_buf_addf(out, " %c", *c);
	if (f->greedy_diff != f->diff)
		cairn_buf_addf(out, "; greedy gets diff %lld",
			       (long long)f->greedy_diff);
	cairn_buf_addc(out, '\n');
}

void cairn_generate_write(const struct cairn_generate_set *set,
			  const char *header, const char *prefix,
			  int64_t points, struct cairn_buf *out)
{
	size_t k, i;
	char id[96];

	cairn_buf_addf(out, "# %s\n# Answer key (optimal play, ties towards L) "
		       "above each puzzle.\npuzzles:\n", header);
	for (k = 0; k < set->n; k++) {
		const struct cairn_generate_puzzle *p = &set->v[k];

		snprintf(id, sizeof id, "%s%zu", prefix, k + 1);
		key(out, id, &p->facts);
		cairn_buf_addf(out, "  - id: %s\n    piles: [", id);
		for (i = 0; i < p->n; i++) {
			if (i > 0)
				cairn_buf_adds(out, ", ");
			cairn_buf_add_i64(out, p->piles[i]);
		}
		cairn_buf_adds(out, "]\n");
		if (points >= 0)
			cairn_buf_addf(out, "    points: %lld\n", (long long)points);
	}
}
