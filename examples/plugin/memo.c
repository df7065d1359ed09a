/*
 * memo - an out-of-tree cairn solver plugin, built with nothing but the
 * installed SDK (`pkg-config cairn-plugin`).
 *
 * It keeps the plain memo table of the recurrence in <cairn/plugin.h>,
 * d(i,j) for every interval, filled row by row from the right end, and
 * reads an optimal first move and the whole optimal line (ties towards
 * 'L') off the finished table.  O(n^2) time and memory: a teaching
 * solver, not a fast one, so its cost() keeps `auto` from choosing it
 * over the shipped solvers.  It is reentrant (all state is on the stack
 * or in the table it allocates), never prints, polls the cancellation
 * flag once per row, and refuses rows whose table would not fit
 * memory_limit, saying how much it needs.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cairn/plugin.h>

/* table_bytes - n*n cells of int64_t, saturating instead of wrapping */
static uint64_t table_bytes(size_t n)
{
	if (n != 0 && (uint64_t)n > UINT64_MAX / 8 / n)
		return UINT64_MAX;
	return (uint64_t)n * n * 8;
}

static uint64_t memo_memory(size_t n, unsigned want)
{
	(void)want;
	return table_bytes(n);
}

static double memo_cost(size_t n, unsigned want)
{
	(void)want;
	return 10.0 * (double)n * (double)n + 1000;
}

/* better_left - at interval [i, j], whether taking the left pile is optimal */
static int better_left(const int64_t *a, const int64_t *d, size_t n,
		       size_t i, size_t j)
{
	return a[i] - d[(i + 1) * n + j] >= a[j] - d[i * n + j - 1];
}

static int memo_solve(const struct cairn_solve_request *req,
		      struct cairn_solve_answer *ans)
{
	const int64_t *a = req->piles;
	size_t n = req->n, i, j, k;
	uint64_t need = table_bytes(n);
	int64_t *d, l, r;

	if (n == 0) {
		snprintf(req->err, req->errlen, "memo: no piles");
		return -EINVAL;
	}
	if (need > req->memory_limit || need > SIZE_MAX) {
		snprintf(req->err, req->errlen, "memo needs %llu bytes for %zu "
			 "piles, more than the limit of %llu",
			 (unsigned long long)need, n,
			 (unsigned long long)req->memory_limit);
		return -ENOMEM;
	}
	if ((d = malloc((size_t)need)) == NULL) {
		snprintf(req->err, req->errlen, "memo: out of memory");
		return -ENOMEM;
	}
	for (i = n; i-- > 0;) {
		if (atomic_load_explicit(req->cancel, memory_order_relaxed)) {
			free(d);
			snprintf(req->err, req->errlen, "memo: cancelled");
			return -ECANCELED;
		}
		d[i * n + i] = a[i];
		for (j = i + 1; j < n; j++) {
			l = a[i] - d[(i + 1) * n + j];
			r = a[j] - d[i * n + j - 1];
			d[i * n + j] = l >= r ? l : r;
		}
	}
	ans->diff = d[n - 1];
	ans->first_move = n == 1 || better_left(a, d, n, 0, n - 1) ?
			  CAIRN_MOVE_LEFT : CAIRN_MOVE_RIGHT;
	if (req->want & CAIRN_WANT_MOVES) {
		for (i = 0, j = n - 1, k = 0; k < n; k++) {
			if (i == j || better_left(a, d, n, i, j)) {
				ans->moves[k] = 'L';
				i++;
			} else {
				ans->moves[k] = 'R';
				j--;
			}
		}
		ans->moves[n] = '\0';
	}
	free(d);
	return 0;
}

CAIRN_PLUGIN_EXPORT = {
	.abi = CAIRN_PLUGIN_ABI,
	.size = sizeof(struct cairn_plugin),
	.name = "memo",
	.description = "example plugin: the memo table d(i,j), O(n^2) time and memory",
	.memory = memo_memory,
	.cost = memo_cost,
	.solve = memo_solve,
};
