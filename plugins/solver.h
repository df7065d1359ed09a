/*
 * solver.h - code shared by the solver plugins (plugins/libsolver.la).
 *
 * Every plugin links this convenience library privately; nothing here is
 * exported from a plugin (only `cairn_plugin` is).  It holds what all
 * solvers do the same way: size arithmetic that saturates instead of
 * wrapping, the memory-limit and allocation errors, cancellation polling,
 * the triangle layout of the 2D tables, and the reconstruction of the
 * optimal line from any way of computing d(i,j).
 */
#ifndef CAIRN_SOLVER_H
#define CAIRN_SOLVER_H

#include <stdint.h>
#include <stddef.h>

#include <cairn/plugin.h>

/* Cells (or piles) a solver may work through between two cancel polls. */
#define SOLVER_POLL_CELLS ((size_t)1 << 20)

uint64_t solver_add(uint64_t a, uint64_t b);
uint64_t solver_mul(uint64_t a, uint64_t b);
/* solver_triangle - n(n+1)/2, the cells of the table i <= j, saturated */
uint64_t solver_triangle(uint64_t n);

/*
 * solver_table_cost - estimated ns to fill a table of cells, at ns_cell a
 * cell, when each cell takes bytes_cell bytes: tables above glibc's
 * largest mmap threshold (32 MiB) are fresh pages on every solve, and the
 * page faults cost about 0.375 ns a byte on the development machine.
 */
double solver_table_cost(double cells, double ns_cell, double bytes_cell);

/*
 * solver_fail - write a message into req->err and return err (a negative
 * errno value), so that a failure is reported in one statement.
 */
int solver_fail(const struct cairn_solve_request *req, int err,
		const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/*
 * solver_start - refuse a request whose memory(n, want) is over the limit
 * ("needs 3.9 MiB, memory limit is 1.0 MiB") or whose cancel flag is
 * already set; 0 when the solve may go on.
 */
int solver_start(const struct cairn_solve_request *req, uint64_t need);

/* solver_alloc - malloc(bytes) or NULL with "out of memory" in req->err */
void *solver_alloc(const struct cairn_solve_request *req, uint64_t bytes);

/*
 * solver_alloc_table - solver_alloc() for a table that is filled once:
 * from TABLE_POPULATE bytes on (where glibc maps blocks fresh), the pages
 * are faulted in by one madvise() call rather than one trap per page,
 * which saves about a tenth of a large table's time.  (Transparent huge
 * pages would save more, but their cost varied by 4x between runs here.)
 */
#define TABLE_POPULATE ((uint64_t)32 << 20)
void *solver_alloc_table(const struct cairn_solve_request *req,
			 uint64_t bytes);

/* solver_poll - -ECANCELED with "cancelled" once *req->cancel is set */
int solver_poll(const struct cairn_solve_request *req);

/*
 * solver_row - where row i of an n-pile triangle table starts: rows are
 * stored one after another, row i holding the n - i cells (i, i..n-1).
 */
static inline size_t solver_row(size_t n, size_t i)
{
	return i * n - i * (i - 1) / 2;
}

/*
 * How a solver that can compute any d(i,j) lets solver_walk() trace the
 * game: set *d to d(i,j) (i <= j) and return 0, or return a negative errno
 * value with req->err filled.
 */
struct solver_oracle {
	int (*d)(void *ctx, size_t i, size_t j, int64_t *d);
	void *ctx;
};

/*
 * solver_walk - fill ans->first_move and ans->moves as req->want asks,
 * given diff = d(0,n-1).  Knowing d(i,j), one child d(i+1,j) decides the move,
 * so the oracle is asked once per move.
 */
int solver_walk(const struct cairn_solve_request *req,
		const struct solver_oracle *oracle, int64_t diff,
		struct cairn_solve_answer *ans);

/* solver_walk_replay - Alice's minus Bob's score when the game follows moves */
int64_t solver_walk_replay(const int64_t *a, size_t n, const char *moves);

#endif /* CAIRN_SOLVER_H */
