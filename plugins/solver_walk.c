/*
 * solver_walk.c - the optimal line of play, from any way of computing d.
 *
 * Taking the left pile is optimal exactly when a[i] - d(i+1,j) equals
 * d(i,j); otherwise the right pile is, and then d(i,j-1) = a[j] - d(i,j).
 * Walking from (0, n-1) with d(0,n-1) known therefore needs one oracle
 * call per move, and testing the left move first breaks every tie towards
 * 'L' as doc/formats.md requires.  The last pile is taken as 'L' (both ends are
 * the same pile).
 */
#include "solver.h"

/* step - decide the move on a[i..j] (i < j) given cur = d(i,j) */
static int step(const struct solver_oracle *oracle, const int64_t *a,
		size_t i, size_t j, int64_t *cur, int *move)
{
	int64_t inner;
	int rc;

	rc = oracle->d(oracle->ctx, i + 1, j, &inner);
	if (rc < 0)
		return rc;
	if (a[i] - inner == *cur) {
		*move = CAIRN_MOVE_LEFT;
		*cur = inner;
	} else {
		*move = CAIRN_MOVE_RIGHT;
		*cur = a[j] - *cur;
	}
	return 0;
}

int solver_walk(const struct cairn_solve_request *req,
		const struct solver_oracle *oracle, int64_t diff,
		struct cairn_solve_answer *ans)
{
	const int64_t *a = req->piles;
	size_t i = 0, j = req->n - 1, k = 0;
	int64_t cur = diff;
	int move = CAIRN_MOVE_LEFT, rc;

	if (!(req->want & (CAIRN_WANT_FIRST_MOVE | CAIRN_WANT_MOVES)))
		return 0;
	if (!(req->want & CAIRN_WANT_MOVES)) {
		if (j > 0 && (rc = step(oracle, a, 0, j, &cur, &move)) < 0)
			return rc;
		ans->first_move = move;
		return 0;
	}
	while (i < j) {
		if ((rc = step(oracle, a, i, j, &cur, &move)) < 0)
			return rc;
		if (move == CAIRN_MOVE_LEFT)
			i++;
		else
			j--;
		ans->moves[k++] = move == CAIRN_MOVE_LEFT ? 'L' : 'R';
	}
	ans->moves[k++] = 'L';
	ans->moves[k] = '\0';
	ans->first_move = ans->moves[0] == 'L' ? CAIRN_MOVE_LEFT
					       : CAIRN_MOVE_RIGHT;
	return 0;
}

int64_t solver_walk_replay(const int64_t *a, size_t n, const char *moves)
{
	size_t i = 0, j = n - 1, k;
	int64_t diff = 0;

	for (k = 0; k < n; k++) {
		int64_t v = moves[k] == 'L' ? a[i++] : a[j--];

		diff += k % 2 == 0 ? v : -v;
	}
	return diff;
}
