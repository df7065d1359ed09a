/*
 * check_solvers_simd.c - diff1d's fast paths against a plain scalar roll.
 *
 * diff1d rolls its layers with a vector kernel chosen at load time, over
 * tiles, on one or two threads, in int64 or int32.  This program checks
 * every kernel the machine runs, bit for bit, against the textbook loop
 * written here: first the kernels' single steps (every alignment, every
 * tail length, in place or not), then layer_roll() at sizes around the
 * tile width, the band height and the size where two threads share the
 * bands, and last the plugin itself, dlopen()ed once per value of
 * CAIRN_SIMD from $CAIRN_PLUGIN_DIR_BUILD and unloaded in between (the
 * test checks that it really was, so each load chose afresh), on rows on
 * both sides of the int32 bound.  layer.c and layer_roll.c are compiled
 * into this program for the first two parts, and layer_use() switches
 * their kernel.  Random rows come from a fixed-seed generator.
 */
#include <check.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairn/plugin.h>

#include "layer.h"
#include "check_run.h"

/* ck_assert() costs a system call even when it passes: not in loops. */
#define EXPECT(cond, ...) \
	do { \
		if (!(cond)) \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

#define NKERNELS 3
static const char *const kernels[NKERNELS] = { "scalar", "avx2", "avx512" };

/* The tile widths of layer_roll(), in int64 and int32 entries. */
#define W64 (LAYER_TILE_BYTES / 8)
#define W32 (LAYER_TILE_BYTES / 4)
#define BAND LAYER_BAND

/* ---- a fixed-seed generator (xorshift64*) ---- */

static uint64_t rng_state = 0x2545f4914f6cdd1dull;

static uint64_t rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dull;
}

static void random_row(int64_t *a, size_t n, int64_t m)
{
	size_t k;

	for (k = 0; k < n; k++)
		a[k] = (int64_t)(rng() % ((uint64_t)m * 2 + 1)) - m;
}

static void *xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size);

	EXPECT(p != NULL, "out of memory");
	return p;
}

/* ---- the reference ---- */

/*
 * ref_roll - layer `layer` of a (at starts 0..w-1, in d) rolled steps
 * layers further, by the plain in-place loop
 */
static void ref_roll(int64_t *d, const int64_t *a, size_t layer, size_t w,
		     size_t steps)
{
	size_t t, k;

	for (t = 0; t < steps; t++)
		for (k = 0; k + 1 < w - t; k++) {
			int64_t lt = a[k] - d[k + 1];
			int64_t rt = a[k + layer + t] - d[k];

			d[k] = lt >= rt ? lt : rt;
		}
}

/* ref_solve - d(0,n-1) and the first move, from the plain loop */
static void ref_solve(const int64_t *a, size_t n, int64_t *diff, int *first)
{
	int64_t *d = xcalloc(n, sizeof *d), lt, rt;

	memcpy(d, a, n * sizeof *d);
	if (n == 1) {
		*diff = a[0];
		*first = CAIRN_MOVE_LEFT;
		free(d);
		return;
	}
	ref_roll(d, a, 1, n, n - 2);
	lt = a[0] - d[1];
	rt = a[n - 1] - d[0];
	*diff = lt >= rt ? lt : rt;
	*first = lt >= rt ? CAIRN_MOVE_LEFT : CAIRN_MOVE_RIGHT;
	free(d);
}

/* ---- entries of either width ---- */

static int64_t get(const void *p, size_t width, size_t k)
{
	return width == 8 ? ((const int64_t *)p)[k]
			  : ((const int32_t *)p)[k];
}

static void put(void *p, size_t width, size_t k, int64_t v)
{
	if (width == 8)
		((int64_t *)p)[k] = v;
	else
		((int32_t *)p)[k] = (int32_t)v;
}

/* narrowed - a copy of a[0..n) in width-byte entries */
static void *narrowed(const int64_t *a, size_t n, size_t width)
{
	void *p = xcalloc(n, width);
	size_t k;

	for (k = 0; k < n; k++)
		put(p, width, k, a[k]);
	return p;
}

/*
 * use - switch to kernel k; 0 when the CPU runs it.  The answer must
 * match what the CPU reports, so a kernel is never skipped by mistake.
 */
static int use(size_t k)
{
	int rc = layer_use(kernels[k]);
	int want = 1;

#if defined(__x86_64__)
	__builtin_cpu_init();
	if (k == 1)
		want = __builtin_cpu_supports("avx2");
	if (k == 2)
		want = __builtin_cpu_supports("avx512f");
#else
	want = k == 0;
#endif
	EXPECT(rc == (want ? 0 : -ENOTSUP), "layer_use(%s) = %d",
	       kernels[k], rc);
	if (rc == 0)
		ck_assert_str_eq(layer_kernel()->name, kernels[k]);
	else
		fprintf(stderr, "check_solvers_simd: no %s here, not tested\n",
			kernels[k]);
	return rc;
}

/* ---- the kernels' single steps ---- */

/*
 * step_case - one step of kernel k over cnt starts at entry offset off,
 * in place or into a separate array, against the reference
 */
static void step_case(size_t k, size_t width, size_t off, size_t cnt,
		      size_t L, int in_place)
{
	const struct layer_kernel *kern = layer_kernel();
	size_t len = off + cnt + L + 2, i;
	int64_t *a = xcalloc(len, sizeof *a), *ref = xcalloc(len, sizeof *ref);
	void *an, *s, *d;

	random_row(a, len, 1000);
	random_row(ref, len, 1000);
	an = narrowed(a, len, width);
	s = narrowed(ref, len, width);
	d = in_place ? s : narrowed(ref, len, width);
	(width == 8 ? kern->step64 : kern->step32)(
		(char *)d + off * width, (char *)s + off * width,
		(char *)an + off * width, L, cnt);
	ref_roll(ref + off, a + off, L, cnt + 1, 1);
	for (i = 0; i < len; i++)
		EXPECT(get(d, width, i) == ref[i], "%s width %zu off %zu cnt "
		       "%zu L %zu %s: entry %zu is %lld, not %lld",
		       kernels[k], width, off, cnt, L,
		       in_place ? "in place" : "apart", i,
		       (long long)get(d, width, i), (long long)ref[i]);
	if (!in_place)
		free(d);
	free(s);
	free(an);
	free(ref);
	free(a);
}

/* Every alignment and every tail length of both widths, in place or not. */
START_TEST(kernel_steps)
{
	static const size_t lengths[] = { 1, 2, 7, 64 };
	size_t k, width, off, cnt, l;
	int in_place;

	for (k = 0; k < NKERNELS; k++) {
		if (use(k) < 0)
			continue;
		for (width = 4; width <= 8; width += 4)
			for (off = 0; off < 17; off++)
				for (cnt = 0; cnt < 70; cnt++)
					for (l = 0; l < 4; l++)
						for (in_place = 0;
						     in_place < 2; in_place++)
							step_case(k, width,
								  off, cnt,
								  lengths[l],
								  in_place);
	}
	layer_use("scalar");
}
END_TEST

/* ---- layer_roll ---- */

/*
 * roll_case - layer_roll() of the piles of a random row of n (values up
 * to m) by steps layers, against the reference
 */
static void roll_case(size_t width, size_t n, size_t steps, unsigned threads,
		      int in_place, int64_t m)
{
	int64_t *a = xcalloc(n, sizeof *a), *ref = xcalloc(n, sizeof *ref);
	char err[64] = "";
	atomic_int cancel = 0;
	struct cairn_solve_request req = {
		a, n, 0, UINT64_MAX, &cancel, err, sizeof err, threads
	};
	struct layer_job job;
	void *an, *d;
	size_t i;
	int rc;

	random_row(a, n, m);
	memcpy(ref, a, n * sizeof *a);
	an = narrowed(a, n, width);
	/* Apart, d has exactly the w - 1 entries layer_roll() may write. */
	d = in_place ? narrowed(a, n, width) : xcalloc(n - 1, width);
	job = (struct layer_job){
		d, in_place ? d : an, an, width, 1, n
	};
	rc = layer_roll(&req, &job, steps, threads);
	EXPECT(rc == 0, "layer_roll failed: %s", err);
	ref_roll(ref, a, 1, n, steps);
	for (i = 0; i < n - steps; i++)
		EXPECT(get(d, width, i) == ref[i], "%s width %zu n %zu steps "
		       "%zu threads %u %s: entry %zu is %lld, not %lld",
		       layer_kernel()->name, width, n, steps, threads,
		       in_place ? "in place" : "apart", i,
		       (long long)get(d, width, i), (long long)ref[i]);
	free(d);
	free(an);
	free(ref);
	free(a);
}

/* roll_sizes - rows around one tile, two tiles and the band height */
static void roll_sizes(size_t width, size_t W, unsigned threads)
{
	const size_t sizes[] = { 3, 4, 100, W - 1, W, W + 1, 2 * W, 2 * W + 1 };
	const size_t steps[] = {
		1, 2, BAND - 1, BAND, BAND + 1, 2 * BAND + 3
	};
	size_t s, t;

	for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		size_t n = sizes[s];

		roll_case(width, n, n - 2, threads, 1, 1000);
		roll_case(width, n, n - 1, threads, 0, 1000);
		for (t = 0; t < sizeof steps / sizeof steps[0]; t++)
			if (steps[t] < n)
				roll_case(width, n, steps[t], threads,
					  t % 2, 1000);
	}
}

/* Every kernel on rows up to two tiles wide, one thread and two. */
START_TEST(tiled_rolls)
{
	size_t k;
	unsigned threads;

	for (k = 0; k < NKERNELS; k++) {
		if (use(k) < 0)
			continue;
		for (threads = 1; threads <= 2; threads++) {
			roll_sizes(8, W64, threads);
			roll_sizes(4, W32, threads);
		}
	}
	layer_use("scalar");
}
END_TEST

/*
 * Two threads share the bands whose first layer spans at least
 * LAYER_SHARE_TILES * 2 tiles, i.e. more than share = that less one
 * tiles' worth of starts; the rest of the roll runs on one thread.  The
 * rows below share 1 (which is too few: nothing is shared), 2, 3, 4 or 5
 * bands, end the shared part on full and partial bands, and go on alone.
 */
START_TEST(shared_bands)
{
	const size_t s64 = (LAYER_SHARE_TILES * 2 - 1) * W64;
	const size_t s32 = (LAYER_SHARE_TILES * 2 - 1) * W32;
	const int64_t big = 1000000000000ll;
	size_t k;

	for (k = 0; k < NKERNELS; k++) {
		if (use(k) < 0)
			continue;
		roll_case(8, s64 + 1, 2 * BAND, 2, 1, big);
		roll_case(8, s64 + BAND + 1, 3 * BAND, 2, 1, big);
		roll_case(8, s64 + 2 * BAND, 3 * BAND - 1, 2, 0, big);
		roll_case(4, s32 + 3 * BAND + 1, 4 * BAND + 7, 2, 1, 1000);
		roll_case(4, s32 + 2 * BAND + 1, 2 * BAND + 1, 2, 0, 1000);
		roll_case(8, s64 + W64 + 5, 5 * BAND + 11, 2, 0, 1000);
	}
	/* A whole row, with the best kernel. */
	for (k = NKERNELS; k-- > 0;)
		if (layer_use(kernels[k]) == 0)
			break;
	roll_case(8, s64 + 3 * BAND - 1, s64 + 3 * BAND - 3, 2, 1, big);
	layer_use("scalar");
}
END_TEST

/* A cancelled roll stops after its first tile, on both threads. */
START_TEST(cancelled_roll)
{
	const size_t n = LAYER_SHARE_TILES * 2 * W64 + 4 * BAND;
	int64_t *a = xcalloc(n, sizeof *a), *d = xcalloc(n, sizeof *d);
	char err[64] = "";
	atomic_int cancel = 1;
	struct cairn_solve_request req = {
		a, n, 0, UINT64_MAX, &cancel, err, sizeof err, 2
	};
	struct layer_job job = { d, a, a, 8, 1, n };
	unsigned threads;

	for (threads = 1; threads <= 2; threads++) {
		memset(err, 0, sizeof err);
		ck_assert_int_eq(layer_roll(&req, &job, n - 2, threads),
				 -ECANCELED);
		ck_assert_str_eq(err, "cancelled");
	}
	free(d);
	free(a);
}
END_TEST

/* ---- the plugin, loaded once per kernel ---- */

struct plugin {
	void *handle;
	const struct cairn_plugin *p;
	char path[4096];
};

/* load - dlopen the build tree's name.so with CAIRN_SIMD=simd */
static void load(struct plugin *pl, const char *name, const char *simd)
{
	const char *dir = getenv("CAIRN_PLUGIN_DIR_BUILD");

	ck_assert_msg(dir != NULL && *dir != '\0',
		      "CAIRN_PLUGIN_DIR_BUILD is not set");
	snprintf(pl->path, sizeof pl->path, "%s/%s.so", dir, name);
	if (simd != NULL)
		setenv("CAIRN_SIMD", simd, 1);
	pl->handle = dlopen(pl->path, RTLD_NOW | RTLD_LOCAL);
	unsetenv("CAIRN_SIMD");
	ck_assert_msg(pl->handle != NULL, "%s", dlerror());
	pl->p = dlsym(pl->handle, CAIRN_PLUGIN_SYMBOL);
	ck_assert_ptr_nonnull(pl->p);
	ck_assert_str_eq(pl->p->name, name);
}

/* unload - dlclose, and make sure the object is gone (next load is new) */
static void unload(struct plugin *pl)
{
	void *again;

	ck_assert_int_eq(dlclose(pl->handle), 0);
	again = dlopen(pl->path, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
	ck_assert_msg(again == NULL, "%s stayed loaded", pl->path);
}

/* solve - run p on a[0..n) with threads; the answer, or fail */
static void solve(const struct cairn_plugin *p, const int64_t *a, size_t n,
		  unsigned want, unsigned threads,
		  struct cairn_solve_answer *ans)
{
	char err[128] = "";
	atomic_int cancel = 0;
	struct cairn_solve_request req = {
		a, n, want, UINT64_MAX, &cancel, err, sizeof err, threads
	};
	int rc;

	ans->diff = INT64_MIN;
	ans->first_move = -1;
	rc = p->solve(&req, ans);
	EXPECT(rc == 0, "%s failed at n=%zu: %s", p->name, n, err);
}

/* check_row - diff1d's diff and first move are the reference's */
static void check_row(const struct cairn_plugin *p, const int64_t *a,
		      size_t n, const char *simd)
{
	struct cairn_solve_answer ans = { 0, 0, NULL };
	int64_t diff;
	int first;
	unsigned threads;

	ref_solve(a, n, &diff, &first);
	for (threads = 1; threads <= 2; threads++) {
		solve(p, a, n, CAIRN_WANT_FIRST_MOVE, threads, &ans);
		EXPECT(ans.diff == diff && ans.first_move == first,
		       "CAIRN_SIMD=%s threads %u n=%zu: %lld %d, not %lld %d",
		       simd, threads, n, (long long)ans.diff,
		       ans.first_move, (long long)diff, first);
		solve(p, a, n, 0, threads, &ans);
		EXPECT(ans.diff == diff, "CAIRN_SIMD=%s threads %u n=%zu, no "
		       "first move: %lld, not %lld", simd, threads, n,
		       (long long)ans.diff, (long long)diff);
	}
}

/*
 * split - a row of n whose |a[i]| sum to exactly total, in random parts
 * with random signs
 */
static void split(int64_t *a, size_t n, uint64_t total)
{
	uint64_t left = total, part;
	size_t k;

	for (k = 0; k + 1 < n; k++) {
		part = rng() % (left / (n - k) * 2 + 1);
		part = part > left ? left : part;
		a[k] = (int64_t)part;
		left -= part;
	}
	a[n - 1] = (int64_t)left;
	for (k = 0; k < n; k++)
		if (rng() & 1)
			a[k] = -a[k];
}

/* simd_rows - rows for the int32 and the int64 path, around the tiles */
static void simd_rows(const struct cairn_plugin *p, const char *simd)
{
	const size_t sizes[] = {
		1, 2, 3, 4, 17, W64 - 1, W64 + 1, W32 + 1, 2 * W32 + 2
	};
	const size_t big = LAYER_SHARE_TILES * 2 * W32 + BAND + 3;
	int64_t *a = xcalloc(big, sizeof *a);
	size_t s;

	for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		random_row(a, sizes[s], 1000);
		check_row(p, a, sizes[s], simd);
		random_row(a, sizes[s], 1000000000000ll);
		check_row(p, a, sizes[s], simd);
		/* Exactly at the int32 bound, and one past it. */
		split(a, sizes[s], INT32_MAX);
		check_row(p, a, sizes[s], simd);
		split(a, sizes[s], (uint64_t)INT32_MAX + 1);
		check_row(p, a, sizes[s], simd);
		split(a, sizes[s], INT64_MAX);
		check_row(p, a, sizes[s], simd);
	}
	/* Long enough for two threads on int32 cells. */
	random_row(a, big, 100000);
	check_row(p, a, big, simd);
	free(a);
}

/* simd_moves - diff1d's optimal line is linear's, on one thread or two */
static void simd_moves(const struct cairn_plugin *p,
		       const struct cairn_plugin *lin, const char *simd)
{
	const size_t n = LAYER_SHARE_TILES * 2 * W64 + 3;
	int64_t *a = xcalloc(n, sizeof *a);
	char *m1 = xcalloc(n + 1, 1), *m2 = xcalloc(n + 1, 1);
	struct cairn_solve_answer ref = { 0, 0, m1 }, ans = { 0, 0, m2 };

	random_row(a, n, 1000000);
	solve(lin, a, n, CAIRN_WANT_MOVES, 1, &ref);
	solve(p, a, n, CAIRN_WANT_MOVES, 2, &ans);
	EXPECT(ans.diff == ref.diff && ans.first_move == ref.first_move &&
	       strcmp(m1, m2) == 0, "CAIRN_SIMD=%s: diff1d's moves differ "
	       "from linear's at n=%zu", simd, n);
	free(m2);
	free(m1);
	free(a);
}

/* Every CAIRN_SIMD value, through dlopen; and a bogus one. */
START_TEST(plugin_loads)
{
	static const char *const simd[] = {
		"scalar", "avx2", "avx512", "bogus"
	};
	struct plugin d1, lin;
	size_t k;

	load(&lin, "linear", NULL);
	for (k = 0; k < sizeof simd / sizeof simd[0]; k++) {
		if (k < NKERNELS && layer_use(kernels[k]) < 0)
			continue;
		load(&d1, "diff1d", simd[k]);
		simd_rows(d1.p, simd[k]);
		if (k < NKERNELS)
			simd_moves(d1.p, lin.p, simd[k]);
		unload(&d1);
	}
	unload(&lin);
	layer_use("scalar");
}
END_TEST

static Suite *simd_suite(void)
{
	Suite *s = suite_create("solvers_simd");
	TCase *tc = tcase_create("simd");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, kernel_steps);
	tcase_add_test(tc, tiled_rolls);
	tcase_add_test(tc, shared_bands);
	tcase_add_test(tc, cancelled_roll);
	tcase_add_test(tc, plugin_loads);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(simd_suite());
}
