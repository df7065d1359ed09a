/*
 * solver.c - budgets, errors and cancellation shared by the solver plugins.
 *
 * Size arithmetic saturates at UINT64_MAX, so a memory() bound for an
 * absurd n is "everything" rather than a wrapped small number, and a
 * request over the limit is refused before any allocation.  Messages are
 * fixed: "needs X, memory limit is Y" with X rounded up and Y rounded down
 * (so the two never print equal), "out of memory", "cancelled".  Nothing
 * here keeps state between calls, so every function is reentrant.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "solver.h"

uint64_t solver_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

uint64_t solver_mul(uint64_t a, uint64_t b)
{
	if (a != 0 && b > UINT64_MAX / a)
		return UINT64_MAX;
	return a * b;
}

uint64_t solver_triangle(uint64_t n)
{
	/* Halve the even factor first so that no product needlessly saturates. */
	if (n % 2 == 0)
		return solver_mul(n / 2, solver_add(n, 1));
	return solver_mul(n, n / 2 + 1);
}

double solver_table_cost(double cells, double ns_cell, double bytes_cell)
{
	double bytes = cells * bytes_cell;

	return cells * ns_cell + (bytes > 32.0 * 1024 * 1024 ? 0.375 * bytes : 0);
}

int solver_fail(const struct cairn_solve_request *req, int err,
		const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(req->err, req->errlen, fmt, ap);
	va_end(ap);
	return err;
}

/*
 * size - print bytes with one decimal in binary units, rounding up or
 * down; below 1 KiB it prints the exact count.
 */
static void size(char *buf, size_t len, uint64_t bytes, int up)
{
	static const char *const units[] = {
		"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"
	};
	uint64_t unit = 1024, whole, tenths, rem;
	unsigned k = 0;

	if (bytes < 1024) {
		snprintf(buf, len, "%llu bytes", (unsigned long long)bytes);
		return;
	}
	while (k + 1 < sizeof units / sizeof units[0] && bytes / unit >= 1024) {
		unit *= 1024;
		k++;
	}
	whole = bytes / unit;
	rem = bytes % unit;
	/* rem < unit <= 2^60, so rem * 10 cannot overflow. */
	tenths = rem * 10 / unit;
	if (up && tenths * unit < rem * 10)
		tenths++;
	if (tenths == 10) {
		whole++;
		tenths = 0;
	}
	/* 1023.96 KiB rounded up is 1.0 MiB, not 1024.0 KiB. */
	if (whole == 1024 && k + 1 < sizeof units / sizeof units[0]) {
		whole = 1;
		k++;
	}
	snprintf(buf, len, "%llu.%llu %s", (unsigned long long)whole,
		 (unsigned long long)tenths, units[k]);
}

int solver_start(const struct cairn_solve_request *req, uint64_t need)
{
	char have[32], limit[32];

	if (need > req->memory_limit) {
		size(have, sizeof have, need, 1);
		size(limit, sizeof limit, req->memory_limit, 0);
		return solver_fail(req, -ENOMEM, "needs %s, memory limit is %s",
				   have, limit);
	}
	return solver_poll(req);
}

void *solver_alloc(const struct cairn_solve_request *req, uint64_t bytes)
{
	void *p = NULL;

	/* No object can be larger than PTRDIFF_MAX; do not even ask. */
	if (bytes <= PTRDIFF_MAX)
		p = malloc(bytes ? bytes : 1);
	if (p == NULL)
		solver_fail(req, -ENOMEM, "out of memory");
	return p;
}

void *solver_alloc_table(const struct cairn_solve_request *req,
			 uint64_t bytes)
{
	void *p = solver_alloc(req, bytes);

#ifdef MADV_POPULATE_WRITE
	const uintptr_t page = 4096;
	uintptr_t lo, hi;

	if (p == NULL || bytes < TABLE_POPULATE)
		return p;
	lo = ((uintptr_t)p + page - 1) & ~(page - 1);
	hi = ((uintptr_t)p + bytes) & ~(page - 1);
	/* Only advice: an older kernel refuses it, and nothing changes. */
	if (lo < hi)
		madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);
#endif
	return p;
}

int solver_poll(const struct cairn_solve_request *req)
{
	if (atomic_load_explicit(req->cancel, memory_order_relaxed))
		return solver_fail(req, -ECANCELED, "cancelled");
	return 0;
}
