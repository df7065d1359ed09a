/*
 * scalar_base.h - the plain scalar baselines the solvers are measured
 * against (compiled with plain -O2 and nothing else, see bench.mk).
 */
#ifndef CAIRN_SCALAR_BASE_H
#define CAIRN_SCALAR_BASE_H

#include <stddef.h>
#include <stdint.h>

/* base_roll1d - d(0,n-1) by the 1D interval-length loop; cells: n entries */
int64_t base_roll1d(const int64_t *a, size_t n, int64_t *cells);

/* base_full2d - d(0,n-1) from a zeroed n x n table of d filled by length */
int64_t base_full2d(const int64_t *a, size_t n);

/* base_full2d_pairs - the same with (first, second) score pairs per cell */
int64_t base_full2d_pairs(const int64_t *a, size_t n);

#endif
