/*
 * scalar_base.c - the textbook implementations the solvers must beat.
 *
 * These are what a competent first version looks like, so that a ratio
 * against them says what the optimised solvers gain: the 1D recurrence
 * rolled by interval length in one array (a scalar loop: bench.mk builds
 * this file with plain -O2 and no -m flags, whatever CFLAGS say), and the
 * seeds' full n x n tables, zero-initialised and filled by interval
 * length, of differences and of (first, second) score pairs.  They
 * allocate with malloc and exit on failure, which a benchmark may do.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scalar_base.h"

struct pair {
	int64_t first, second;
};

static void *zalloc(size_t count, size_t size)
{
	void *p;

	if (count != 0 && size > SIZE_MAX / count) {
		fputs("cairn-bench: table too large\n", stderr);
		exit(1);
	}
	if ((p = malloc(count * size)) == NULL) {
		fputs("cairn-bench: out of memory\n", stderr);
		exit(1);
	}
	/*
	 * A naive table is initialised as a whole, as a C++ vector(n * n)
	 * would be; the empty asm keeps gcc from turning malloc + memset
	 * into a calloc whose untouched pages would never become resident.
	 */
	__asm__ volatile("" : : "r"(p) : "memory");
	memset(p, 0, count * size);
	return p;
}

int64_t base_roll1d(const int64_t *a, size_t n, int64_t *cells)
{
	size_t len, i;

	memcpy(cells, a, n * sizeof *a);
	for (len = 1; len < n; len++)
		for (i = 0; i + len < n; i++) {
			int64_t lt = a[i] - cells[i + 1];
			int64_t rt = a[i + len] - cells[i];

			cells[i] = lt >= rt ? lt : rt;
		}
	return cells[0];
}

int64_t base_full2d(const int64_t *a, size_t n)
{
	int64_t *t = zalloc(n * n, sizeof *t), d;
	size_t len, i, j;

	for (i = 0; i < n; i++)
		t[i * n + i] = a[i];
	for (len = 2; len <= n; len++)
		for (i = 0; i + len <= n; i++) {
			int64_t lt, rt;

			j = i + len - 1;
			lt = a[i] - t[(i + 1) * n + j];
			rt = a[j] - t[i * n + j - 1];
			t[i * n + j] = lt >= rt ? lt : rt;
		}
	d = t[n - 1];
	free(t);
	return d;
}

int64_t base_full2d_pairs(const int64_t *a, size_t n)
{
	struct pair *t = zalloc(n * n, sizeof *t);
	size_t len, i, j;
	int64_t d;

	for (i = 0; i < n; i++)
		t[i * n + i].first = a[i];
	for (len = 2; len <= n; len++)
		for (i = 0; i + len <= n; i++) {
			const struct pair *down, *left;
			struct pair *c;

			j = i + len - 1;
			down = &t[(i + 1) * n + j];
			left = &t[i * n + j - 1];
			c = &t[i * n + j];
			if (a[i] + down->second >= a[j] + left->second) {
				c->first = a[i] + down->second;
				c->second = down->first;
			} else {
				c->first = a[j] + left->second;
				c->second = left->first;
			}
		}
	d = t[n - 1].first - t[n - 1].second;
	free(t);
	return d;
}
