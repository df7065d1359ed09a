/*
 * layer.h - the interval-length layers of diff1d, rolled fast.
 *
 * Layer L holds d(i, i+L-1) for every start i.  One step turns layer L
 * into layer L+1 in place: d[k] = max(a[k] - d[k+1], a[k+L] - d[k]) for k
 * ascending, which reads d[k+1] before it is overwritten.  layer.c holds
 * that step for int64 and int32 values in a portable, an AVX2 and an
 * AVX-512 version, one of which is chosen once, when the plugin is
 * loaded; layer_roll.c runs many steps over cache-sized tiles, on one or
 * two threads.  Every version computes the same integers, so the answers
 * do not depend on the kernel, the tiling or the threads.
 */
#ifndef CAIRN_LAYER_H
#define CAIRN_LAYER_H

#include <stddef.h>
#include <stdint.h>

#include <cairn/plugin.h>

/*
 * The tiles of layer_roll(): LAYER_TILE_BYTES of starts wide, LAYER_BAND
 * layers high (fewer than the starts), so that a tile stays in L1/L2.
 * Bands whose first layer spans at least LAYER_SHARE_TILES tiles a thread
 * are shared among up to LAYER_THREADS_MAX threads; the rest run on one.
 */
#define LAYER_BAND 512
#define LAYER_TILE_BYTES (16 * 1024)
#define LAYER_SHARE_TILES 3
#define LAYER_THREADS_MAX 2
/* Rows up to this long are rolled layer by layer, without tiles. */
#define LAYER_SHORT 256

/*
 * One step over cnt starts: s holds layer L from the first start on
 * (cnt + 1 entries), a the piles from there; d[k] = max(a[k] - s[k+1],
 * a[k+L] - s[k]) for k < cnt.  d may be s (in place) but may not
 * otherwise overlap it.
 */
struct layer_kernel {
	const char *name;	/* "scalar", "avx2" or "avx512" */
	void (*step64)(void *d, const void *s, const void *a, size_t L,
		       size_t cnt);
	void (*step32)(void *d, const void *s, const void *a, size_t L,
		       size_t cnt);
};

/* layer_kernel - the kernel chosen at load time (see layer.c) */
const struct layer_kernel *layer_kernel(void);

/*
 * layer_use - switch to the kernel called name: 0, -ENOTSUP when the CPU
 * lacks it, -EINVAL when there is none of that name.  For tests that link
 * layer.c: it is not thread-safe, and the plugin never calls it.
 */
int layer_use(const char *name);

/*
 * layer_fits32 - whether the sum of |a[i]| is at most INT32_MAX, which
 * bounds every d and every a[k] - d on the row, so int32 cannot overflow
 */
int layer_fits32(const int64_t *a, size_t n);

/*
 * What layer_roll() works on: src holds layer `layer` at starts 0..w-1
 * (entries of `width` bytes, 8 or 4), a the piles from the first start
 * on, in the same width; the layers rolled go to d (w - 1 entries), which
 * may be src.
 */
struct layer_job {
	void *d;
	const void *src;
	const void *a;
	size_t width;
	size_t layer;
	size_t w;
};

/*
 * layer_roll - roll job->src forward by steps >= 1 layers into job->d
 * (which then holds layer + steps at starts 0..w-1-steps), on up to
 * `threads` threads; 0, or -ECANCELED with "cancelled" in req->err
 */
int layer_roll(const struct cairn_solve_request *req,
	       const struct layer_job *job, size_t steps, unsigned threads);

#endif /* CAIRN_LAYER_H */
