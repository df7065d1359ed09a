/*
 * linear.c - d(0,n-1) in O(n) time: fold the peaks, play the valley.
 *
 * The piles are pushed on a stack one by one; whenever the top three x, y,
 * z have x <= y >= z, they are replaced by the single value x - y + z.
 * Why that is exact (the classical exchange argument, checked here rather
 * than proved): y is interior, so nobody can take it before x or z is
 * gone.  Whoever opens the triple, say by taking x, uncovers y; the other
 * player loses nothing by taking y at once, since y is at least as large
 * as the piles around it, and the opener then takes z back.  Opening is
 * thus worth x - y + z to the opener and passes the turn, as taking one
 * pile of that value would.  tests/check_solvers.c confirms the whole
 * algorithm against a brute-force minimax on every row of length 1..8 over
 * -2..2 and on random rows.  A fold removes two piles, so the parity of
 * the number of turns and who makes the last one are unchanged.  After the
 * scan no interior element is >= both neighbours, so the rest never rises
 * and then falls: it is a valley, non-increasing then non-decreasing.  On
 * a valley the largest remaining pile is always at an end, so each player
 * can always take the current maximum; taking it secures the 1st, 3rd,
 * 5th... largest values for the mover (after 2k-2 removals the maximum is
 * at least the (2k-1)-th largest), and the same argument for the other
 * player bounds the mover from above, so greedy play (larger end, either
 * on a tie) is optimal and d is its alternating sum.  Folded values are
 * bounded by the sum of |a[i]| they cover, so nothing overflows.
 * first_move asks for d of one sub-row, and `moves` for one sub-row per
 * move, which makes the optimal line O(n^2) time with the same O(n) stack.
 */
#include <stdint.h>
#include <stdlib.h>

#include "solver.h"

/* Rows up to this long use a stack array instead of malloc. */
#define SMALL 32

static uint64_t linear_memory(size_t n, unsigned want)
{
	return solver_mul(n, sizeof(int64_t));
}

/*
 * Measured on the development machine (x86-64, gcc -O2): a scan costs
 * about 1.75 ns a pile on short rows, rising to about 4.5 ns a pile on
 * rows of 10^4 and more random values (more folds and mispredicted
 * branches); first_move scans twice.  The optimal line costs about 2.2 ns
 * a pile over the n(n-1)/2 piles its scans push.  Short rows skip malloc.
 */
static double linear_cost(size_t n, unsigned want)
{
	double piles = (double)n, setup = n <= SMALL ? 6.0 : 20.0;
	double scan = (1.75 + 2.75 * piles / (piles + 2000.0)) * piles;

	if (want & CAIRN_WANT_MOVES)
		return 2.2 * piles * (piles - 1) / 2 + 10.0 * piles + setup;
	if (want & CAIRN_WANT_FIRST_MOVE)
		return 2 * scan + setup + 4.0;
	return scan + setup;
}

/* push - push the piles a[0..len) on st (top piles deep), folding peaks */
static size_t push(int64_t *st, size_t top, const int64_t *a, size_t len)
{
	size_t k;

	for (k = 0; k < len; k++) {
		st[top++] = a[k];
		while (top >= 3 && st[top - 2] >= st[top - 3] &&
		       st[top - 2] >= st[top - 1]) {
			st[top - 3] = st[top - 3] - st[top - 2] + st[top - 1];
			top -= 2;
		}
	}
	return top;
}

/* valley - the alternating sum of greedy play on a valley-shaped row */
static int64_t valley(const int64_t *st, size_t top)
{
	size_t lo = 0, hi = top;
	int64_t diff = 0;
	int mover = 1;

	while (lo < hi) {
		int64_t v = st[lo] >= st[hi - 1] ? st[lo++] : st[--hi];

		diff += mover ? v : -v;
		mover = !mover;
	}
	return diff;
}

/* scan - d of the row a[0..len), using st (len entries) as the stack */
static int scan(const struct cairn_solve_request *req, const int64_t *a,
		size_t len, int64_t *st, int64_t *d)
{
	size_t top = 0, done = 0, chunk;
	int rc;

	do {
		chunk = len - done < SOLVER_POLL_CELLS ? len - done
						       : SOLVER_POLL_CELLS;
		top = push(st, top, a + done, chunk);
		done += chunk;
		if ((rc = solver_poll(req)) < 0)
			return rc;
	} while (done < len);
	*d = valley(st, top);
	return 0;
}

struct rows {
	const struct cairn_solve_request *req;
	int64_t *st;
};

static int subrow(void *ctx, size_t i, size_t j, int64_t *d)
{
	const struct rows *rows = ctx;

	return scan(rows->req, rows->req->piles + i, j - i + 1, rows->st, d);
}

static int linear_solve(const struct cairn_solve_request *req,
			struct cairn_solve_answer *ans)
{
	uint64_t need = linear_memory(req->n, req->want);
	struct rows rows = { req, NULL };
	struct solver_oracle oracle = { subrow, &rows };
	int64_t small[SMALL];
	int rc;

	if ((rc = solver_start(req, need)) < 0)
		return rc;
	if (req->n <= SMALL)
		rows.st = small;
	else if ((rows.st = solver_alloc(req, need)) == NULL)
		return -ENOMEM;
	rc = scan(req, req->piles, req->n, rows.st, &ans->diff);
	if (rc == 0)
		rc = solver_walk(req, &oracle, ans->diff, ans);
	if (rows.st != small)
		free(rows.st);
	return rc;
}

CAIRN_PLUGIN_EXPORT = {
	.abi = CAIRN_PLUGIN_ABI,
	.size = sizeof(struct cairn_plugin),
	.name = "linear",
	.description = "stack that folds peaks, then greedy on the valley, O(n)",
	.memory = linear_memory,
	.cost = linear_cost,
	.solve = linear_solve,
};
