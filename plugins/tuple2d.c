/*
 * tuple2d.c - the DP of seed 003: a table of (first, second) score pairs.
 *
 * fir(i,j) is the best total the player to move can collect on a[i..j] and
 * sec(i,j) what the other player then collects.  Taking a[i] leaves the
 * mover second on a[i+1..j], so it is worth left = a[i] + sec(i+1,j);
 * likewise right = a[j] + sec(i,j-1).  Since fir + sec is the sum of the
 * interval, maximising one's own total is the same as maximising
 * fir - sec, so the larger of left and right (left on a tie) is optimal,
 * the other player gets the first score of the remaining interval, and
 * d(i,j) = fir(i,j) - sec(i,j).  Every score is a sum of distinct piles,
 * so none can overflow.  The triangle i <= j is stored row after row and
 * filled with i descending, j ascending (two contiguous rows per cell),
 * 16 bytes a cell: O(n^2) time and memory.
 */
#include <stdint.h>
#include <stdlib.h>

#include "solver.h"

struct pair {
	int64_t fir;
	int64_t sec;
};

static uint64_t tuple2d_memory(size_t n, unsigned want)
{
	return solver_mul(solver_triangle(n), sizeof(struct pair));
}

/* Measured like diff2d's: about 1.2 ns a cell, 16 bytes a cell to fault in. */
static double tuple2d_cost(size_t n, unsigned want)
{
	double cells = (double)n * ((double)n + 1) / 2;

	return solver_table_cost(cells, 1.2, 16.0) + 3.0 * (double)n + 20.0;
}

/* fill - compute the whole table t, polling for cancellation once a row */
static int fill(const struct cairn_solve_request *req, struct pair *t)
{
	const int64_t *a = req->piles;
	size_t n = req->n, i = n, k;
	int rc;

	while (i-- > 0) {
		struct pair *cur = t + solver_row(n, i);
		const struct pair *below = cur + (n - i);

		if ((rc = solver_poll(req)) < 0)
			return rc;
		cur[0].fir = a[i];
		cur[0].sec = 0;
		for (k = 1; k < n - i; k++) {
			int64_t l = a[i] + below[k - 1].sec;
			int64_t r = a[i + k] + cur[k - 1].sec;

			if (l >= r) {
				cur[k].fir = l;
				cur[k].sec = below[k - 1].fir;
			} else {
				cur[k].fir = r;
				cur[k].sec = cur[k - 1].fir;
			}
		}
	}
	return 0;
}

struct table {
	const struct pair *t;
	size_t n;
};

static int lookup(void *ctx, size_t i, size_t j, int64_t *d)
{
	const struct table *tab = ctx;
	const struct pair *p = &tab->t[solver_row(tab->n, i) + (j - i)];

	*d = p->fir - p->sec;
	return 0;
}

static int tuple2d_solve(const struct cairn_solve_request *req,
			 struct cairn_solve_answer *ans)
{
	uint64_t need = tuple2d_memory(req->n, req->want);
	struct table tab = { NULL, req->n };
	struct solver_oracle oracle = { lookup, &tab };
	struct pair *t;
	int rc;

	if ((rc = solver_start(req, need)) < 0)
		return rc;
	if ((t = solver_alloc_table(req, need)) == NULL)
		return -ENOMEM;
	tab.t = t;
	rc = fill(req, t);
	if (rc == 0) {
		ans->diff = t[req->n - 1].fir - t[req->n - 1].sec;
		rc = solver_walk(req, &oracle, ans->diff, ans);
	}
	free(t);
	return rc;
}

CAIRN_PLUGIN_EXPORT = {
	.abi = CAIRN_PLUGIN_ABI,
	.size = sizeof(struct cairn_plugin),
	.name = "tuple2d",
	.description = "table of (first, second) score pairs, O(n^2) time and memory",
	.memory = tuple2d_memory,
	.cost = tuple2d_cost,
	.solve = tuple2d_solve,
};
