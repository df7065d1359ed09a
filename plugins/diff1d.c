/*
 * diff1d.c - the interval DP rolled into one array, filled by length.
 *
 * Layer L holds d(i, i+L-1) for every start i; layer 1 is the piles, and
 * d(i,i+L) = max(a[i] - d(i+1,i+L), a[i+L] - d(i,i+L-1)) reads only layer
 * L at starts i and i+1.  Updating the array in place with i ascending
 * therefore turns layer L into layer L+1 (entry i+1 is still old when
 * entry i is written), one entry shorter each time: O(n^2) time, O(n)
 * memory.  d(0,n-1) is the last layer; first_move compares the two
 * entries of layer n-1.  The layers are rolled by layer_roll() (vector
 * kernels chosen at load, cache-sized tiles, a second thread when the
 * request allows one; see layer.c and layer_roll.c, and CAIRN_SIMD there),
 * in int32 when the sum of |a[i]| fits, as it then bounds every value,
 * and in int64 otherwise; rows up to SMALL piles use a stack array.
 * The optimal line needs, at every layer L, layer L-1 near the path, and
 * keeping all layers would cost O(n^2) memory.  Instead a Hirschberg-like
 * divide and conquer works on (lo, hi, the known path start s at layer hi,
 * layer lo restricted to starts [s, s + hi-lo]): the path moves its start
 * by at most one per layer, so at layer L it lies in [s, s + hi-L], and
 * rolling the checkpoint forward computes exactly those starts.  Layer mid
 * is rolled into a new, half as wide checkpoint; the upper half is solved
 * first (its path ends at s_mid inside the old checkpoint's range) and then
 * the lower half, from the old checkpoint shifted to s_mid.  Heights up to
 * BASE are traced from a small table of all their layers.  Checkpoint
 * widths halve down the recursion, so memory stays O(n), and the work is
 * about 3/4 n^2 cells, since each level recomputes half of its parent's
 * layers.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "layer.h"
#include "solver.h"

/* Heights traced directly from a table of all their layers. */
#define BASE 128
/* Rows up to this long roll their difference in a stack array. */
#define SMALL 32

/* arena - checkpoint entries the recursion keeps for height h */
static uint64_t arena(uint64_t h)
{
	uint64_t total = 0;

	/* Each level holds h entries and recurses at most on ceil(h/2). */
	while (h > BASE) {
		total = solver_add(total, h);
		h = h - h / 2;
	}
	return total;
}

/*
 * pad - cells rounded up to a multiple of 16, so that the piles after
 * them have the same alignment as the cells (one split load fewer)
 */
static uint64_t pad(uint64_t cells)
{
	return solver_add(cells, 15) & ~(uint64_t)15;
}

static uint64_t base_cells(size_t n)
{
	uint64_t h = n - 1 < BASE ? n - 1 : BASE;

	return solver_triangle(h);
}

static uint64_t diff1d_memory(size_t n, unsigned want)
{
	uint64_t cells;

	if (n < 2)
		return 0;
	if (!(want & CAIRN_WANT_MOVES))
		/* The int32 path: n - 1 cells, padded, then the piles. */
		return solver_mul(solver_add(pad(n - 1), n), sizeof(int32_t));
	cells = solver_add(arena(n - 1), base_cells(n));
	return solver_mul(cells, sizeof(int64_t));
}

/*
 * Measured on the development machine (x86-64 with AVX-512, one thread,
 * values beyond int32): 0.15 ns a cell for the tiled roll, plus about
 * 5 ns a layer for its short rows, and a malloc() past SMALL piles; the
 * optimal line recomputes about half again as many cells and traces the
 * base cases, 0.24 ns a cell of n(n-1)/2 plus 22 ns a pile.  Values that
 * fit int32, or a second thread, make it faster still, which only widens
 * diff1d's lead where it leads.
 */
static double diff1d_cost(size_t n, unsigned want)
{
	double cells = (double)n * ((double)n - 1) / 2;

	if (n < 2)
		return 5.0;
	if (want & CAIRN_WANT_MOVES)
		return 0.24 * cells + 22.0 * (double)n + 20.0;
	return 0.15 * cells + 5.0 * ((double)n - 2) + 5.0 +
	       (n > SMALL ? 20.0 : 0.0);
}

struct roller {
	const struct cairn_solve_request *req;
	const int64_t *a;
	char *moves;
	int64_t *arena;
	int64_t *base;
};

/*
 * roll - turn layer `layer` at starts s..s+w-1 (src) into layer
 * layer+steps at starts s..s+w-1-steps (dst; dst may be src)
 */
static int roll(const struct roller *r, const int64_t *src, int64_t *dst,
		size_t s, size_t layer, size_t w, size_t steps)
{
	struct layer_job job = {
		dst, src, r->a + s, sizeof(int64_t), layer, w
	};

	if (steps == 0)
		return 0;
	return layer_roll(r->req, &job, steps, r->req->threads);
}

/*
 * trace - the moves at layers hi..lo+1 for a height up to BASE, from the
 * checkpoint c (layer lo at starts s..s+hi-lo); sets *s_lo to the start
 * of the path at layer lo.
 */
static int trace(const struct roller *r, size_t lo, size_t hi, size_t s,
		 const int64_t *c, size_t n, size_t *s_lo)
{
	const int64_t *layer[BASE + 1];
	int64_t *next = r->base;
	size_t h = hi - lo, t, L, p = s;
	int rc;

	layer[0] = c;
	for (t = 1; t < h; t++) {
		/* Layer lo+t has h+1-t entries, one fewer than the last. */
		rc = roll(r, layer[t - 1], next, s, lo + t - 1, h + 2 - t, 1);
		if (rc < 0)
			return rc;
		layer[t] = next;
		next += h + 1 - t;
	}
	for (L = hi; L > lo; L--) {
		const int64_t *below = layer[L - 1 - lo] + (p - s);
		int64_t lt = r->a[p] - below[1];
		int64_t rt = r->a[p + L - 1] - below[0];

		r->moves[n - L] = lt >= rt ? 'L' : 'R';
		if (lt >= rt)
			p++;
	}
	*s_lo = p;
	return 0;
}

/*
 * descend - the moves at layers hi..lo+1, given the path start s at layer
 * hi and c = layer lo at starts s..s+hi-lo; sets *s_lo to the start at lo.
 */
static int descend(const struct roller *r, size_t lo, size_t hi, size_t s,
		   const int64_t *c, int64_t *free_cells, size_t n,
		   size_t *s_lo)
{
	size_t h = hi - lo, mid = lo + h / 2, s_mid;
	int rc;

	if (h <= BASE)
		return trace(r, lo, hi, s, c, n, s_lo);
	/* free_cells holds layer mid at starts s..s+hi-mid after the roll. */
	if ((rc = roll(r, c, free_cells, s, lo, h + 1, mid - lo)) < 0)
		return rc;
	rc = descend(r, mid, hi, s, free_cells, free_cells + h, n, &s_mid);
	if (rc < 0)
		return rc;
	return descend(r, lo, mid, s_mid, c + (s_mid - s), free_cells, n,
		       s_lo);
}

static int moves(const struct cairn_solve_request *req, int64_t *cells,
		 struct cairn_solve_answer *ans)
{
	size_t n = req->n, s_lo;
	struct roller r = {
		req, req->piles, ans->moves, cells,
		cells + arena(n - 1)
	};
	int rc;

	rc = descend(&r, 1, n, 0, req->piles, r.arena, n, &s_lo);
	if (rc < 0)
		return rc;
	ans->moves[n - 1] = 'L';
	ans->moves[n] = '\0';
	ans->first_move = ans->moves[0] == 'L' ? CAIRN_MOVE_LEFT
					       : CAIRN_MOVE_RIGHT;
	ans->diff = solver_walk_replay(req->piles, n, ans->moves);
	return 0;
}

/*
 * narrow - the int32 path: the piles as int32 after the n - 1 cells of the
 * rolled layers, then d(0,n-1) as int64
 */
static int narrow(const struct cairn_solve_request *req, int32_t *cells,
		  int64_t *lt, int64_t *rt)
{
	const int64_t *a = req->piles;
	size_t n = req->n, k;
	int32_t *a32 = cells + pad(n - 1);
	struct layer_job job = { cells, a32, a32, sizeof(int32_t), 1, n };
	int rc;

	for (k = 0; k < n; k++)
		a32[k] = (int32_t)a[k];
	if ((rc = layer_roll(req, &job, n - 2, req->threads)) < 0)
		return rc;
	*lt = a[0] - (int64_t)cells[1];
	*rt = a[n - 1] - (int64_t)cells[0];
	return 0;
}

/* wide - the int64 path: the layers rolled into the n - 1 cells */
static int wide(const struct cairn_solve_request *req, int64_t *cells,
		int64_t *lt, int64_t *rt)
{
	const int64_t *a = req->piles;
	size_t n = req->n;
	struct layer_job job = { cells, a, a, sizeof(int64_t), 1, n };
	int rc;

	if ((rc = layer_roll(req, &job, n - 2, req->threads)) < 0)
		return rc;
	*lt = a[0] - cells[1];
	*rt = a[n - 1] - cells[0];
	return 0;
}

/*
 * plain - d(0,n-1) and the first move: layer n is the better of the two
 * ways of finishing from layer n-1 (2 entries), rolled from the piles
 */
static int plain(const struct cairn_solve_request *req, void *cells,
		 struct cairn_solve_answer *ans)
{
	const int64_t *a = req->piles;
	size_t n = req->n;
	int64_t lt = a[0] - a[1], rt = a[1] - a[0];
	int rc = 0;

	/* Short rows gain nothing from int32 and would pay the copy. */
	if (n > LAYER_SHORT && layer_fits32(a, n))
		rc = narrow(req, cells, &lt, &rt);
	else if (n > 2)
		rc = wide(req, cells, &lt, &rt);
	if (rc < 0)
		return rc;
	ans->diff = lt >= rt ? lt : rt;
	ans->first_move = lt >= rt ? CAIRN_MOVE_LEFT : CAIRN_MOVE_RIGHT;
	return 0;
}

static int diff1d_solve(const struct cairn_solve_request *req,
			struct cairn_solve_answer *ans)
{
	uint64_t need = diff1d_memory(req->n, req->want);
	int64_t small[SMALL], *cells = small;
	int rc;

	if ((rc = solver_start(req, need)) < 0)
		return rc;
	if (req->n == 1) {
		ans->diff = req->piles[0];
		ans->first_move = CAIRN_MOVE_LEFT;
		if (req->want & CAIRN_WANT_MOVES)
			memcpy(ans->moves, "L", 2);
		return 0;
	}
	if (req->want & CAIRN_WANT_MOVES || req->n > SMALL) {
		if ((cells = solver_alloc(req, need)) == NULL)
			return -ENOMEM;
	}
	if (req->want & CAIRN_WANT_MOVES)
		rc = moves(req, cells, ans);
	else
		rc = plain(req, cells, ans);
	if (cells != small)
		free(cells);
	return rc;
}

CAIRN_PLUGIN_EXPORT = {
	.abi = CAIRN_PLUGIN_ABI,
	.size = sizeof(struct cairn_plugin),
	.name = "diff1d",
	.description = "one array of differences rolled by interval length, O(n) memory",
	.memory = diff1d_memory,
	.cost = diff1d_cost,
	.solve = diff1d_solve,
};
