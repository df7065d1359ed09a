/*
 * fixture.h - a trivial, correct solver body for the test-only plugins.
 *
 * The loader tests need plugins that differ only in their descriptors;
 * this gives each one a real solve() (a d(i,j) table, first move and
 * moves with ties towards the left) so that a plugin that loads can also
 * be called.  `BIAS` lets the cross-check fixture give wrong answers.
 */
#ifndef CAIRN_TEST_FIXTURE_H
#define CAIRN_TEST_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include <cairn/plugin.h>

#ifndef BIAS
#define BIAS 0
#endif

static uint64_t fixture_memory(size_t n, unsigned want)
{
	(void)want;
	return (uint64_t)n * n * sizeof(int64_t);
}

static double fixture_cost(size_t n, unsigned want)
{
	(void)want;
	/* Cheaper than every shipped solver, so `auto` picks a fixture. */
	return (double)n * 0.001;
}

static int fixture_solve(const struct cairn_solve_request *req,
			 struct cairn_solve_answer *ans)
{
	size_t n = req->n, i, j, k;
	const int64_t *a = req->piles;
	int64_t *d = calloc(n * n, sizeof *d), l, r;

	if (d == NULL)
		return -ENOMEM;
	for (i = n; i-- > 0;) {
		d[i * n + i] = a[i];
		for (j = i + 1; j < n; j++) {
			l = a[i] - d[(i + 1) * n + j];
			r = a[j] - d[i * n + j - 1];
			d[i * n + j] = l >= r ? l : r;
		}
	}
	ans->diff = d[n - 1] + BIAS;
	ans->first_move = CAIRN_MOVE_LEFT;
	if (n > 1 && a[0] - d[2 * n - 1] < a[n - 1] - d[n - 2])
		ans->first_move = CAIRN_MOVE_RIGHT;
	if (ans->moves != NULL) {
		for (i = 0, j = n - 1, k = 0; k < n; k++) {
			if (i == j || a[i] - d[(i + 1) * n + j] >= a[j] - d[i * n + j - 1]) {
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

#define FIXTURE_PLUGIN(abi_, name_, desc_) \
	CAIRN_PLUGIN_EXPORT = { \
		.abi = (abi_), .size = sizeof(struct cairn_plugin), \
		.name = (name_), .description = (desc_), \
		.memory = fixture_memory, .cost = fixture_cost, \
		.solve = fixture_solve, \
	}

#endif
