/*
 * diff2d.c - the interval DP of seeds 000-002: a table of differences.
 *
 * d(i,j), the mover's score minus the other player's on a[i..j], obeys
 * d(i,i) = a[i] and d(i,j) = max(a[i] - d(i+1,j), a[j] - d(i,j-1)):
 * whoever moves takes one end and then faces the other player's optimal
 * advantage on what is left, with the sign flipped.  Only the triangle
 * i <= j exists, so it is stored row after row (half of an n x n array),
 * and filled with i descending and j ascending: each cell needs the cell
 * below it (row i+1, already complete) and the one to its left (this row),
 * so the fill reads two contiguous rows.  O(n^2) time and memory; the
 * complete table also answers every d(i,j) of the optimal line in O(1).
 */
#include <stdint.h>
#include <stdlib.h>

#include "solver.h"

static uint64_t diff2d_memory(size_t n, unsigned want)
{
	return solver_mul(solver_triangle(n), sizeof(int64_t));
}

/* Measured on the development machine (x86-64, gcc -O2): 0.85 ns a cell. */
static double diff2d_cost(size_t n, unsigned want)
{
	double cells = (double)n * ((double)n + 1) / 2;

	return solver_table_cost(cells, 0.85, 8.0) + 3.0 * (double)n + 20.0;
}

/*
 * fill - compute the whole table t, polling for cancellation once a row
 * (a row has at most n cells: far fewer than SOLVER_POLL_CELLS for any
 * table that fits in memory)
 */
static int fill(const struct cairn_solve_request *req, int64_t *t)
{
	const int64_t *a = req->piles;
	size_t n = req->n, i = n, k;
	int rc;

	while (i-- > 0) {
		int64_t *cur = t + solver_row(n, i);
		const int64_t *below = cur + (n - i);

		if ((rc = solver_poll(req)) < 0)
			return rc;
		cur[0] = a[i];
		for (k = 1; k < n - i; k++) {
			int64_t l = a[i] - below[k - 1];
			int64_t r = a[i + k] - cur[k - 1];

			cur[k] = l >= r ? l : r;
		}
	}
	return 0;
}

struct table {
	const int64_t *t;
	size_t n;
};

static int lookup(void *ctx, size_t i, size_t j, int64_t *d)
{
	const struct table *tab = ctx;

	*d = tab->t[solver_row(tab->n, i) + (j - i)];
	return 0;
}

static int diff2d_solve(const struct cairn_solve_request *req,
			struct cairn_solve_answer *ans)
{
	uint64_t need = diff2d_memory(req->n, req->want);
	struct table tab = { NULL, req->n };
	struct solver_oracle oracle = { lookup, &tab };
	int64_t *t;
	int rc;

	if ((rc = solver_start(req, need)) < 0)
		return rc;
	if ((t = solver_alloc_table(req, need)) == NULL)
		return -ENOMEM;
	tab.t = t;
	rc = fill(req, t);
	if (rc == 0) {
		ans->diff = t[req->n - 1];
		rc = solver_walk(req, &oracle, ans->diff, ans);
	}
	free(t);
	return rc;
}

CAIRN_PLUGIN_EXPORT = {
	.abi = CAIRN_PLUGIN_ABI,
	.size = sizeof(struct cairn_plugin),
	.name = "diff2d",
	.description = "table of score differences d(i,j), O(n^2) time and memory",
	.memory = diff2d_memory,
	.cost = diff2d_cost,
	.solve = diff2d_solve,
};
