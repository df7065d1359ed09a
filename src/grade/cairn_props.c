/*
 * cairn_props - the properties `cairn generate` can require of a puzzle.
 *
 * The DP here is deliberately its own and not a solver plugin's: it needs
 * both candidates at every step of the line (to know whether a move was
 * forced), which no solver returns, and it must run 200000 times a second
 * without the plugin machinery.  The line follows the tie-break of doc/formats.md
 * (towards L), so the key it writes is the one `cairn solve --moves` prints.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_mem.h"
#include "cairn_props.h"

static const char *const names[CAIRN_PROP_N] = {
	"alice-wins", "bob-wins", "tie", "greedy-fails", "unique-line",
	"both-optimal", "first-left", "first-right",
};

/* Pairs that exclude each other whatever the piles, and why. */
static const struct {
	unsigned a, b;
	const char *why;
} conflicts[] = {
	{ CAIRN_PROP_ALICE_WINS, CAIRN_PROP_BOB_WINS, "" },
	{ CAIRN_PROP_ALICE_WINS, CAIRN_PROP_TIE, "" },
	{ CAIRN_PROP_BOB_WINS, CAIRN_PROP_TIE, "" },
	{ CAIRN_PROP_FIRST_LEFT, CAIRN_PROP_FIRST_RIGHT, "" },
	{ CAIRN_PROP_UNIQUE_LINE, CAIRN_PROP_BOTH_OPTIMAL,
	  ": a line with a choice of first move is not unique" },
	{ CAIRN_PROP_BOTH_OPTIMAL, CAIRN_PROP_FIRST_LEFT,
	  ": first-left means only left is optimal" },
	{ CAIRN_PROP_BOTH_OPTIMAL, CAIRN_PROP_FIRST_RIGHT,
	  ": first-right means only right is optimal" },
};

const char *cairn_props_name(unsigned bit)
{
	unsigned k;

	for (k = 0; k < CAIRN_PROP_N; k++)
		if (bit == 1u << k)
			return names[k];
	return NULL;
}

unsigned cairn_props_bit(const char *name, size_t len)
{
	unsigned k;

	for (k = 0; k < CAIRN_PROP_N; k++)
		if (strlen(names[k]) == len && memcmp(names[k], name, len) == 0)
			return 1u << k;
	return 0;
}

const char *cairn_props_conflict(unsigned mask, char *buf, size_t size)
{
	size_t k;

	for (k = 0; k < sizeof conflicts / sizeof conflicts[0]; k++)
		if ((mask & conflicts[k].a) && (mask & conflicts[k].b)) {
			snprintf(buf, size, "%s and %s contradict each other%s",
				 cairn_props_name(conflicts[k].a),
				 cairn_props_name(conflicts[k].b),
				 conflicts[k].why);
			return buf;
		}
	return NULL;
}

/* diff_table - d(i,j) of doc/formats.md for every i <= j, row-major n x n */
static int64_t *diff_table(const int64_t *a, size_t n)
{
	int64_t *d = cairn_xmalloc(n * n * sizeof *d);
	size_t i, j, len;

	for (i = 0; i < n; i++)
		d[i * n + i] = a[i];
	for (len = 2; len <= n; len++)
		for (i = 0; i + len <= n; i++) {
			int64_t l, r;

			j = i + len - 1;
			l = a[i] - d[(i + 1) * n + j];
			r = a[j] - d[i * n + j - 1];
			d[i * n + j] = l >= r ? l : r;
		}
	return d;
}

/*
 * greedy_diff - the first player's diff when it always takes the larger
 * end (left on equal ends) and the opponent answers to maximise its own
 * diff.  g[i] and o[i] hold the row [i, i+len-1] with the greedy player,
 * resp. the opponent, on turn; both rows roll over len.
 */
static int64_t greedy_diff(const int64_t *a, size_t n)
{
	int64_t *g = cairn_xcalloc(n + 1, sizeof *g);
	int64_t *o = cairn_xcalloc(n + 1, sizeof *o), res;
	size_t i, j, len;

	for (len = 1; len <= n; len++)
		for (i = 0; i + len <= n; i++) {
			int64_t gl, ol, or_;

			j = i + len - 1;
			/* Both rows read the len-1 values at i and i+1 before i is
			 * overwritten: i+1 is still len-1's, i is read first. */
			gl = a[i] >= a[j] ? a[i] + o[i + 1] : a[j] + o[i];
			ol = -a[i] + g[i + 1];
			or_ = -a[j] + g[i];
			g[i] = gl;
			o[i] = ol <= or_ ? ol : or_;
		}
	res = g[0];
	free(g);
	free(o);
	return res;
}

/* trace - the tie-break line, and whether every move in it was forced */
static void trace(const int64_t *a, const int64_t *d, size_t n,
		  struct cairn_props_facts *f)
{
	size_t i = 0, j = n - 1, k = 0;
	int unique = 1;

	f->line = cairn_xmalloc(n + 1);
	while (i < j) {
		int64_t l = a[i] - d[(i + 1) * n + j];
		int64_t r = a[j] - d[i * n + j - 1];

		if (l == r)
			unique = 0;
		f->line[k++] = l >= r ? 'L' : 'R';
		if (l >= r)
			i++;
		else
			j--;
	}
	f->line[k++] = 'L';
	f->line[k] = '\0';
	if (unique)
		f->props |= CAIRN_PROP_UNIQUE_LINE;
}

/* first_move - which first moves are optimal */
static unsigned first_move(const int64_t *a, const int64_t *d, size_t n)
{
	int64_t l, r;

	if (n == 1)
		return CAIRN_PROP_FIRST_LEFT;
	l = a[0] - d[1 * n + n - 1];
	r = a[n - 1] - d[n - 2];
	if (l == r)
		return CAIRN_PROP_BOTH_OPTIMAL;
	return l > r ? CAIRN_PROP_FIRST_LEFT : CAIRN_PROP_FIRST_RIGHT;
}

void cairn_props_eval(const int64_t *a, size_t n, unsigned want,
		      struct cairn_props_facts *f)
{
	int64_t *d = diff_table(a, n);
	size_t i;

	memset(f, 0, sizeof *f);
	for (i = 0; i < n; i++)
		f->total += a[i];
	f->diff = d[n - 1];
	f->alice = (f->total + f->diff) / 2;
	f->bob = f->total - f->alice;
	f->props = f->diff > 0 ? CAIRN_PROP_ALICE_WINS :
		   f->diff < 0 ? CAIRN_PROP_BOB_WINS : CAIRN_PROP_TIE;
	f->props |= first_move(a, d, n);
	trace(a, d, n, f);
	f->greedy_diff = f->diff;
	if (want & CAIRN_PROP_GREEDY_FAILS) {
		f->greedy_diff = greedy_diff(a, n);
		if (f->greedy_diff < f->diff)
			f->props |= CAIRN_PROP_GREEDY_FAILS;
	}
	free(d);
}

void cairn_props_facts_free(struct cairn_props_facts *f)
{
	free(f->line);
	f->line = NULL;
}
