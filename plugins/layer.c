/*
 * layer.c - the layer step of diff1d in portable C, AVX2 and AVX-512.
 *
 * The step d[k] = max(a[k] - s[k+1], a[k+L] - s[k]) is vectorised by
 * loading s[k..k+V) and s[k+1..k+V] before storing d[k..k+V).  When d is
 * s (in place), entries past k+V-1 are still the old layer, so doing V
 * starts at once is the same as doing them one by one.  The vector
 * versions are compiled with target attributes, so the build needs no
 * special flags, and the one to run is chosen once, by a constructor, from
 * what the CPU supports (valgrind, which lacks AVX-512, hides it too).  The
 * environment variable CAIRN_SIMD (scalar, avx2 or avx512) caps the
 * choice, for tests and for tools such as valgrind that lack AVX-512: a
 * kernel the CPU lacks falls back to the best supported one below it, and
 * an unknown value is ignored.  All kernels compute the same integers.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "layer.h"

#if defined(__x86_64__) && defined(__GNUC__)
#define LAYER_X86 1
#include <immintrin.h>
#else
#define LAYER_X86 0
#endif

/* The step in plain C, also the tail of the vector versions. */
#define STEP_SCALAR(T, d, s, a, L, k, cnt) \
	for (; (k) < (cnt); (k)++) { \
		T lt_ = (a)[k] - (s)[(k) + 1]; \
		T rt_ = (a)[(k) + (L)] - (s)[k]; \
		(d)[k] = lt_ >= rt_ ? lt_ : rt_; \
	}

/*
 * The first starts one by one, until d + k is aligned to `align` bytes:
 * the vector stores are then aligned, and split loads are fewer.
 */
#define PEEL(T, d, s, a, L, k, cnt, align) \
	do { \
		size_t peel_ = -(uintptr_t)(d) % (align) / sizeof(T); \
		peel_ = peel_ < (cnt) ? peel_ : (cnt); \
		STEP_SCALAR(T, d, s, a, L, k, peel_) \
	} while (0)

static void scalar64(void *dv, const void *sv, const void *av, size_t L,
		     size_t cnt)
{
	int64_t *d = dv;
	const int64_t *s = sv, *a = av;
	size_t k = 0;

	STEP_SCALAR(int64_t, d, s, a, L, k, cnt)
}

static void scalar32(void *dv, const void *sv, const void *av, size_t L,
		     size_t cnt)
{
	int32_t *d = dv;
	const int32_t *s = sv, *a = av;
	size_t k = 0;

	STEP_SCALAR(int32_t, d, s, a, L, k, cnt)
}

#if LAYER_X86
/* AVX2 has no 64-bit max: compare and blend. */
__attribute__((target("avx2")))
static void avx2_64(void *dv, const void *sv, const void *av, size_t L,
		     size_t cnt)
{
	int64_t *d = dv;
	const int64_t *s = sv, *a = av;
	size_t k = 0;

	PEEL(int64_t, d, s, a, L, k, cnt, 32);
	for (; k + 4 <= cnt; k += 4) {
		__m256i cur = _mm256_loadu_si256((const __m256i *)(s + k));
		__m256i nxt = _mm256_loadu_si256((const __m256i *)(s + k + 1));
		__m256i lo = _mm256_loadu_si256((const __m256i *)(a + k));
		__m256i hi = _mm256_loadu_si256((const __m256i *)(a + k + L));
		__m256i lt = _mm256_sub_epi64(lo, nxt);
		__m256i rt = _mm256_sub_epi64(hi, cur);
		__m256i gt = _mm256_cmpgt_epi64(rt, lt);

		_mm256_storeu_si256((__m256i *)(d + k),
				    _mm256_blendv_epi8(lt, rt, gt));
	}
	STEP_SCALAR(int64_t, d, s, a, L, k, cnt)
}

__attribute__((target("avx2")))
static void avx2_32(void *dv, const void *sv, const void *av, size_t L,
		     size_t cnt)
{
	int32_t *d = dv;
	const int32_t *s = sv, *a = av;
	size_t k = 0;

	PEEL(int32_t, d, s, a, L, k, cnt, 32);
	for (; k + 8 <= cnt; k += 8) {
		__m256i cur = _mm256_loadu_si256((const __m256i *)(s + k));
		__m256i nxt = _mm256_loadu_si256((const __m256i *)(s + k + 1));
		__m256i lo = _mm256_loadu_si256((const __m256i *)(a + k));
		__m256i hi = _mm256_loadu_si256((const __m256i *)(a + k + L));

		_mm256_storeu_si256((__m256i *)(d + k),
				    _mm256_max_epi32(_mm256_sub_epi32(lo, nxt),
						     _mm256_sub_epi32(hi, cur)));
	}
	STEP_SCALAR(int32_t, d, s, a, L, k, cnt)
}

/*
 * The AVX-512 steps load each cell of s once: s[k+1..k+V] is the vector
 * at k shifted by one lane, completed by the first lane of the next one,
 * as long as that next vector lies within the cnt + 1 cells of s.
 */
#define AVX512_STEP(T, V, sub, max, alignr) \
	do { \
		T *d = dv; \
		const T *s = sv, *a = av; \
		size_t k = 0; \
		__m512i cur, next, lo, hi; \
		PEEL(T, d, s, a, L, k, cnt, 64); \
		if (cnt + 1 >= k + 2 * (V)) { \
			cur = _mm512_loadu_si512(s + k); \
			for (; k + 2 * (V) <= cnt + 1; k += (V)) { \
				next = _mm512_loadu_si512(s + k + (V)); \
				lo = _mm512_loadu_si512(a + k); \
				hi = _mm512_loadu_si512(a + k + L); \
				_mm512_storeu_si512(d + k, max( \
					sub(lo, alignr(next, cur, 1)), \
					sub(hi, cur))); \
				cur = next; \
			} \
		} \
		for (; k + (V) <= cnt; k += (V)) { \
			cur = _mm512_loadu_si512(s + k); \
			next = _mm512_loadu_si512(s + k + 1); \
			lo = _mm512_loadu_si512(a + k); \
			hi = _mm512_loadu_si512(a + k + L); \
			_mm512_storeu_si512(d + k, max(sub(lo, next), \
						       sub(hi, cur))); \
		} \
		STEP_SCALAR(T, d, s, a, L, k, cnt) \
	} while (0)

__attribute__((target("avx512f")))
static void avx512_64(void *dv, const void *sv, const void *av, size_t L,
		      size_t cnt)
{
	AVX512_STEP(int64_t, 8, _mm512_sub_epi64, _mm512_max_epi64,
		    _mm512_alignr_epi64);
}

__attribute__((target("avx512f")))
static void avx512_32(void *dv, const void *sv, const void *av, size_t L,
		      size_t cnt)
{
	AVX512_STEP(int32_t, 16, _mm512_sub_epi32, _mm512_max_epi32,
		    _mm512_alignr_epi32);
}
#endif

/* From the most portable to the fastest. */
static const struct layer_kernel kernels[] = {
	{ "scalar", scalar64, scalar32 },
#if LAYER_X86
	{ "avx2", avx2_64, avx2_32 },
	{ "avx512", avx512_64, avx512_32 },
#endif
};

static const struct layer_kernel *chosen = &kernels[0];

/* supported - whether the CPU runs kernels[k] */
static int supported(size_t k)
{
#if LAYER_X86
	if (strcmp(kernels[k].name, "avx2") == 0)
		return __builtin_cpu_supports("avx2");
	if (strcmp(kernels[k].name, "avx512") == 0)
		return __builtin_cpu_supports("avx512f");
#endif
	return 1;
}

int layer_use(const char *name)
{
	size_t k;

	for (k = 0; k < sizeof kernels / sizeof kernels[0]; k++) {
		if (strcmp(name, kernels[k].name) != 0)
			continue;
		if (!supported(k))
			return -ENOTSUP;
		chosen = &kernels[k];
		return 0;
	}
	return -EINVAL;
}

/* choose - the best supported kernel, capped by $CAIRN_SIMD */
__attribute__((constructor))
static void choose(void)
{
	const char *cap = getenv("CAIRN_SIMD");
	size_t k, top = sizeof kernels / sizeof kernels[0] - 1;

#if LAYER_X86
	__builtin_cpu_init();
#endif
	for (k = 0; cap != NULL && k <= top; k++)
		if (strcmp(cap, kernels[k].name) == 0)
			top = k;
	while (top > 0 && !supported(top))
		top--;
	chosen = &kernels[top];
}

const struct layer_kernel *layer_kernel(void)
{
	return chosen;
}

int layer_fits32(const int64_t *a, size_t n)
{
	uint64_t sum = 0;
	size_t k;

	/* The host bounds the whole sum by INT64_MAX, so it cannot wrap. */
	for (k = 0; k < n; k++) {
		sum += a[k] < 0 ? -(uint64_t)a[k] : (uint64_t)a[k];
		if (sum > INT32_MAX)
			return 0;
	}
	return 1;
}
