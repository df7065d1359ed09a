/*
 * check_solvers.c - the four solver plugins against a brute-force minimax.
 *
 * The plugins are loaded with dlopen() straight from the build tree
 * ($CAIRN_PLUGIN_DIR_BUILD), not through the core loader, and a missing
 * directory or plugin fails the run.  The reference answers come from a
 * game-tree search written here independently of the plugins, in 128-bit
 * arithmetic so that it cannot overflow: plain recursion for short rows,
 * a memoised search for longer ones.  Every solver must give exactly the
 * reference diff, first_move and moves (optimal for both players, ties
 * towards 'L'), and all must agree with each other on long random rows.
 * Random rows come from a fixed-seed generator, so runs are reproducible.
 */
#include <check.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairn/plugin.h>

#define NSOLVERS 4

/*
 * A check for the hot loops: Check's ck_assert() reports every passing
 * assertion to the parent process, which costs a system call each.
 */
#define EXPECT(cond, ...) \
	do { \
		if (!(cond)) \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

/*
 * Allocation tracking: this program replaces malloc and friends (glibc
 * allows it when all four are replaced) with thin wrappers around glibc's
 * own, which record the bytes a plugin holds while `track.on` is set, so
 * a test can compare the peak with what memory() promised.  ASan brings
 * its own allocator, so sanitizer builds leave malloc alone; under
 * valgrind, which replaces even these, the test is left out with a note.
 */
#ifndef __SANITIZE_ADDRESS__
#define TRACKING 1
void *__libc_malloc(size_t size);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *p, size_t size);
void __libc_free(void *p);

static struct {
	int on;
	int lost;		/* more live blocks than the table holds */
	void *p[8];
	size_t size[8];
	uint64_t live, peak;
} track;

static void note(void *p, size_t size)
{
	size_t k;

	if (!track.on || p == NULL)
		return;
	for (k = 0; k < 8 && track.p[k] != NULL; k++)
		;
	if (k == 8) {
		track.lost = 1;
		return;
	}
	track.p[k] = p;
	track.size[k] = size;
	track.live += size;
	if (track.live > track.peak)
		track.peak = track.live;
}

static void forget(void *p)
{
	size_t k;

	for (k = 0; track.on && p != NULL && k < 8; k++) {
		if (track.p[k] == p) {
			track.p[k] = NULL;
			track.live -= track.size[k];
		}
	}
}

void *malloc(size_t size)
{
	void *p = __libc_malloc(size);

	note(p, size);
	return p;
}

void *calloc(size_t count, size_t size)
{
	void *p = __libc_calloc(count, size);

	note(p, count * size);
	return p;
}

void *realloc(void *p, size_t size)
{
	void *q;

	forget(p);
	q = __libc_realloc(p, size);
	note(q, size);
	return q;
}

void free(void *p)
{
	forget(p);
	__libc_free(p);
}
#else
#define TRACKING 0
#endif

static const char *const names[NSOLVERS] = {
	"tuple2d", "diff2d", "diff1d", "linear"
};
static const struct cairn_plugin *solvers[NSOLVERS];
static void *handles[NSOLVERS];

/* What one solve returned. */
struct run {
	int rc;
	int64_t diff;
	int first_move;
	char *moves;
	char err[256];
};

/* solve - run plugin p on a[0..n) for want under limit, cancelled or not */
static void solve(const struct cairn_plugin *p, const int64_t *a, size_t n,
		  unsigned want, uint64_t limit, int cancel, struct run *r)
{
	atomic_int flag = cancel;
	struct cairn_solve_request req = {
		a, n, want, limit, &flag, r->err, sizeof r->err, 1
	};
	struct cairn_solve_answer ans = { INT64_MIN, -1, NULL };

	memset(r->err, 0, sizeof r->err);
	r->moves = NULL;
	if (want & CAIRN_WANT_MOVES) {
		/* One guard byte past the NUL catches a write beyond n + 1. */
		r->moves = calloc(n + 2, 1);
		EXPECT(r->moves != NULL, "out of memory");
		r->moves[n + 1] = '#';
		ans.moves = r->moves;
	}
	r->rc = p->solve(&req, &ans);
	r->diff = ans.diff;
	r->first_move = ans.first_move;
	EXPECT(r->moves == NULL || r->moves[n + 1] == '#',
	       "%s wrote past the moves buffer", p->name);
}

static void run_free(struct run *r)
{
	free(r->moves);
	r->moves = NULL;
}

/* ---- the reference: an independent game-tree search ---- */

/* bf - the mover's best difference on a[i..j], by plain recursion */
static __int128 bf(const int64_t *a, size_t i, size_t j)
{
	__int128 l, r;

	if (i == j)
		return a[i];
	l = (__int128)a[i] - bf(a, i + 1, j);
	r = (__int128)a[j] - bf(a, i, j - 1);
	return l > r ? l : r;
}

/* A memoised search over intervals, for rows too long for bf(). */
struct memo {
	const int64_t *a;
	size_t n;
	__int128 *v;
	unsigned char *known;
};

static __int128 memo_d(struct memo *m, size_t i, size_t j)
{
	size_t at = i * m->n + j;
	__int128 l, r;

	if (i > j)
		return 0;
	if (i == j)
		return m->a[i];
	if (!m->known[at]) {
		l = (__int128)m->a[i] - memo_d(m, i + 1, j);
		r = (__int128)m->a[j] - memo_d(m, i, j - 1);
		m->v[at] = l > r ? l : r;
		m->known[at] = 1;
	}
	return m->v[at];
}

/* The answers a solver must give. */
struct expect {
	__int128 diff;
	int first_move;
	char *moves;
};

/* expect_row - the reference answers for a[0..n) (n small: n*n memo) */
static void expect_row(const int64_t *a, size_t n, struct expect *e)
{
	struct memo m = { a, n, NULL, NULL };
	size_t i = 0, j = n - 1, k = 0;

	m.v = calloc(n * n, sizeof *m.v);
	m.known = calloc(n * n, 1);
	e->moves = malloc(n + 1);
	EXPECT(m.v != NULL && m.known != NULL && e->moves != NULL,
	       "out of memory");
	e->diff = memo_d(&m, 0, n - 1);
	while (k < n) {
		__int128 l = (__int128)a[i] - memo_d(&m, i + 1, j);
		__int128 r = (__int128)a[j] - (j > i ? memo_d(&m, i, j - 1) : 0);

		if (l >= r) {
			e->moves[k++] = 'L';
			i++;
		} else {
			e->moves[k++] = 'R';
			j--;
		}
	}
	e->moves[n] = '\0';
	e->first_move = e->moves[0] == 'L' ? CAIRN_MOVE_LEFT
					   : CAIRN_MOVE_RIGHT;
	free(m.v);
	free(m.known);
}

/* replay - Alice's minus Bob's score along moves, in 128 bits */
static __int128 replay(const int64_t *a, size_t n, const char *moves)
{
	size_t i = 0, j = n - 1, k;
	__int128 diff = 0;

	for (k = 0; k < n; k++) {
		int64_t v = moves[k] == 'L' ? a[i++] : a[j--];

		diff += k % 2 == 0 ? v : -(__int128)v;
	}
	return diff;
}

static void print_row(char *buf, size_t len, const int64_t *a, size_t n)
{
	size_t k, used = 0;

	buf[0] = '\0';
	for (k = 0; k < n && used + 24 < len; k++)
		used += snprintf(buf + used, len - used, "%s%lld",
				 k ? " " : "", (long long)a[k]);
	if (k < n)
		snprintf(buf + used, len - used, " ...");
}

/*
 * check_row - every solver, asked for diff only, for first_move and for
 * moves, against the reference; the moves must also replay to diff.
 */
static void check_row(const int64_t *a, size_t n, const struct expect *e)
{
	static const unsigned wants[] = {
		0, CAIRN_WANT_FIRST_MOVE, CAIRN_WANT_MOVES,
		CAIRN_WANT_FIRST_MOVE | CAIRN_WANT_MOVES
	};
	char row[200];
	size_t s, w;
	struct run r;

	for (s = 0; s < NSOLVERS; s++) {
		for (w = 0; w < sizeof wants / sizeof wants[0]; w++) {
			solve(solvers[s], a, n, wants[w], UINT64_MAX, 0, &r);
			print_row(row, sizeof row, a, n);
			EXPECT(r.rc == 0 && (__int128)r.diff == e->diff,
			       "%s want %u on [%s]: rc %d diff %lld, "
			       "expected %lld", names[s], wants[w], row, r.rc,
			       (long long)r.diff, (long long)e->diff);
			EXPECT(wants[w] == 0 || r.first_move == e->first_move,
			       "%s on [%s]: first_move %d, expected %d",
			       names[s], row, r.first_move, e->first_move);
			if (wants[w] & CAIRN_WANT_MOVES) {
				EXPECT(strcmp(r.moves, e->moves) == 0,
				       "%s on [%s]: moves %s, expected %s",
				       names[s], row, r.moves, e->moves);
				EXPECT(replay(a, n, r.moves) == e->diff,
				       "%s on [%s]: moves do not replay to diff",
				       names[s], row);
			}
			run_free(&r);
		}
	}
}

static void check_against_reference(const int64_t *a, size_t n)
{
	struct expect e;

	expect_row(a, n, &e);
	check_row(a, n, &e);
	free(e.moves);
}

/* ---- a fixed-seed generator (xorshift64*) ---- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dull;
}

/* rng_range - uniform enough in [-m, m] for these tests */
static int64_t rng_range(int64_t m)
{
	return (int64_t)(rng() % ((uint64_t)m * 2 + 1)) - m;
}

static void random_row(int64_t *a, size_t n, int64_t m)
{
	size_t k;

	for (k = 0; k < n; k++)
		a[k] = rng_range(m);
}

/* ---- the cases ---- */

/* Every row of length 1..8 over -2..2, against plain recursion. */
START_TEST(exhaustive_small)
{
	int64_t a[8];
	size_t n, k;

	for (n = 1; n <= 8; n++) {
		for (k = 0; k < n; k++)
			a[k] = -2;
		for (;;) {
			struct expect e;

			expect_row(a, n, &e);
			EXPECT(e.diff == bf(a, 0, n - 1),
			       "the memoised reference disagrees with bf");
			check_row(a, n, &e);
			free(e.moves);
			/* The next row in odometer order. */
			for (k = 0; k < n && a[k] == 2; k++)
				a[k] = -2;
			if (k == n)
				break;
			a[k]++;
		}
	}
}
END_TEST

/* Random rows up to n = 60 with values up to +-10^12. */
START_TEST(random_big_values)
{
	int64_t a[60];
	int round;

	for (round = 0; round < 3000; round++) {
		size_t n = 1 + rng() % 60;

		random_row(a, n, 1000000000000ll);
		check_against_reference(a, n);
	}
}
END_TEST

/* agree - all four solvers give solver 0's diff, first_move and moves */
static void agree(const int64_t *a, size_t n)
{
	struct run ref, r;
	char row[200];
	size_t s;

	solve(solvers[1], a, n, CAIRN_WANT_MOVES, UINT64_MAX, 0, &ref);
	EXPECT(ref.rc == 0, "diff2d failed at n=%zu: %s", n, ref.err);
	EXPECT(replay(a, n, ref.moves) == ref.diff,
	       "diff2d moves do not replay at n=%zu", n);
	for (s = 0; s < NSOLVERS; s++) {
		solve(solvers[s], a, n, CAIRN_WANT_MOVES, UINT64_MAX, 0, &r);
		print_row(row, sizeof row, a, n);
		EXPECT(r.rc == 0 && r.diff == ref.diff &&
		       r.first_move == ref.first_move &&
		       strcmp(r.moves, ref.moves) == 0,
		       "%s disagrees with diff2d at n=%zu on [%s]: "
		       "%lld %d vs %lld %d", names[s], n, row,
		       (long long)r.diff, r.first_move, (long long)ref.diff,
		       ref.first_move);
		run_free(&r);
		solve(solvers[s], a, n, CAIRN_WANT_FIRST_MOVE, UINT64_MAX, 0,
		      &r);
		EXPECT(r.rc == 0 && r.diff == ref.diff &&
		       r.first_move == ref.first_move,
		       "%s first_move differs at n=%zu", names[s], n);
		run_free(&r);
	}
	run_free(&ref);
}

/* 10,000 random rows of various lengths and value ranges. */
START_TEST(random_agree)
{
	static const int64_t ranges[] = {
		0, 1, 2, 3, 10, 1000, 1000000000ll, 1000000000000000ll
	};
	int64_t a[200];
	int round;

	for (round = 0; round < 10000; round++) {
		size_t n = 1 + rng() % 200;
		int64_t m = ranges[rng() % (sizeof ranges / sizeof ranges[0])];

		random_row(a, n, m);
		agree(a, n);
	}
}
END_TEST

/* The worked examples of doc/formats.md. */
START_TEST(spec_examples)
{
	static const struct {
		int64_t a[4];
		size_t n;
		int64_t diff;
		int first_move;
		const char *moves;
	} ex[] = {
		{ { 5, 3, 4, 5 }, 4, 1, CAIRN_MOVE_LEFT, "LRRL" },
		{ { 1, 2, 3 }, 3, 2, CAIRN_MOVE_RIGHT, "RRL" },
		{ { 3, 9, 1, 2 }, 4, 7, CAIRN_MOVE_RIGHT, "RLLL" },
		{ { 1, 100, 3 }, 3, -96, CAIRN_MOVE_LEFT, "LLL" },
	};
	size_t k, s;
	struct run r;

	for (k = 0; k < sizeof ex / sizeof ex[0]; k++) {
		for (s = 0; s < NSOLVERS; s++) {
			solve(solvers[s], ex[k].a, ex[k].n,
			      CAIRN_WANT_FIRST_MOVE | CAIRN_WANT_MOVES,
			      UINT64_MAX, 0, &r);
			ck_assert_int_eq(r.rc, 0);
			ck_assert_int_eq(r.diff, ex[k].diff);
			ck_assert_int_eq(r.first_move, ex[k].first_move);
			ck_assert_str_eq(r.moves, ex[k].moves);
			run_free(&r);
		}
	}
}
END_TEST

/* Rows whose absolute values sum to exactly INT64_MAX. */
START_TEST(extremes)
{
	static const int64_t h = INT64_MAX / 2;
	static const struct {
		int64_t a[3];
		size_t n;
	} fixed[] = {
		{ { INT64_MAX }, 1 },
		{ { -INT64_MAX }, 1 },
		{ { h, -h - 1 }, 2 },
		{ { -h - 1, h }, 2 },
		{ { h + 1, -h }, 2 },
		{ { 0, INT64_MAX, 0 }, 3 },
		{ { -h, 1, -h }, 3 },
		{ { h, -1, h }, 3 },
	};
	int64_t a[40];
	size_t k, n;
	int round;

	for (k = 0; k < sizeof fixed / sizeof fixed[0]; k++)
		check_against_reference(fixed[k].a, fixed[k].n);
	ck_assert(bf(fixed[2].a, 0, 1) == INT64_MAX);
	/* Random splits of INT64_MAX into n parts with random signs. */
	for (round = 0; round < 300; round++) {
		uint64_t left = INT64_MAX;

		n = 1 + rng() % 40;
		for (k = 0; k + 1 < n; k++) {
			uint64_t part = rng() % (left / (n - k) * 2 + 1);

			part = part > left ? left : part;
			a[k] = (int64_t)part;
			left -= part;
		}
		a[n - 1] = (int64_t)left;
		for (k = 0; k < n; k++)
			if (rng() & 1)
				a[k] = -a[k];
		check_against_reference(a, n);
	}
}
END_TEST

/* agree_at - diff1d and linear give diff2d's moves on a random row of n */
static void agree_at(size_t n, int64_t m)
{
	int64_t *a = malloc(n * sizeof *a);

	ck_assert_ptr_nonnull(a);
	random_row(a, n, m);
	agree(a, n);
	free(a);
}

/* Long rows: every length up to 300, and lengths around the thresholds. */
START_TEST(long_rows)
{
	static const size_t sizes[] = {
		383, 384, 385, 511, 512, 513, 514, 1025, 2000
	};
	size_t n, k;

	for (n = 1; n <= 300; n++)
		agree_at(n, n % 2 ? 3 : 1000000);
	for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		agree_at(sizes[k], 2);
		agree_at(sizes[k], 1000000000);
	}
}
END_TEST

/* diff1d and linear on the same 20,000 piles (diff2d would need 1.5 GiB). */
START_TEST(moves_20000)
{
	static const size_t n = 20000;
	int64_t *a = malloc(n * sizeof *a);
	struct run r1, r2;

	ck_assert_ptr_nonnull(a);
	random_row(a, n, 1000000);
	solve(solvers[2], a, n, CAIRN_WANT_MOVES, UINT64_MAX, 0, &r1);
	solve(solvers[3], a, n, CAIRN_WANT_MOVES, UINT64_MAX, 0, &r2);
	ck_assert_int_eq(r1.rc, 0);
	ck_assert_int_eq(r2.rc, 0);
	ck_assert_int_eq(r1.diff, r2.diff);
	ck_assert_int_eq(r1.first_move, r2.first_move);
	ck_assert(strcmp(r1.moves, r2.moves) == 0);
	ck_assert(replay(a, n, r1.moves) == r1.diff);
	run_free(&r1);
	run_free(&r2);
	free(a);
}
END_TEST

/* refuse - solver s on n piles with limit must fail with exactly msg */
static void refuse(size_t s, size_t n, unsigned want, uint64_t limit,
		   int cancel, int rc, const char *msg)
{
	int64_t *a = calloc(n, sizeof *a);
	struct run r;

	ck_assert_ptr_nonnull(a);
	solve(solvers[s], a, n, want, limit, cancel, &r);
	ck_assert_msg(r.rc == rc, "%s: rc %d, expected %d", names[s], r.rc,
		      rc);
	ck_assert_str_eq(r.err, msg);
	run_free(&r);
	free(a);
}

START_TEST(memory_limit)
{
	size_t s;
	struct run r;
	int64_t a[1000] = { 0 };

	refuse(0, 1000, 0, 1u << 20, 0, -ENOMEM,
	       "needs 7.7 MiB, memory limit is 1.0 MiB");
	refuse(1, 1000, 0, 1u << 20, 0, -ENOMEM,
	       "needs 3.9 MiB, memory limit is 1.0 MiB");
	refuse(2, 1000, 0, 7991, 0, -ENOMEM,
	       "needs 7.9 KiB, memory limit is 7.8 KiB");
	refuse(3, 1000, 0, 100, 0, -ENOMEM,
	       "needs 7.9 KiB, memory limit is 100 bytes");
	refuse(3, 10, CAIRN_WANT_MOVES, 0, 0, -ENOMEM,
	       "needs 80 bytes, memory limit is 0 bytes");
	refuse(0, 20000, CAIRN_WANT_MOVES, 1u << 30, 0, -ENOMEM,
	       "needs 3.0 GiB, memory limit is 1.0 GiB");
	/* 1048544 bytes are 1023.97 KiB: rounded up, that is 1.0 MiB. */
	refuse(3, 131068, 0, 1048543, 0, -ENOMEM,
	       "needs 1.0 MiB, memory limit is 1023.9 KiB");
	/* Exactly the bound is enough. */
	for (s = 0; s < NSOLVERS; s++) {
		unsigned want = CAIRN_WANT_MOVES;

		solve(solvers[s], a, 1000, want,
		      solvers[s]->memory(1000, want), 0, &r);
		ck_assert_int_eq(r.rc, 0);
		run_free(&r);
	}
}
END_TEST

/*
 * A bound past PTRDIFF_MAX cannot be allocated: the solvers report "out
 * of memory" without reading the piles (a one-element array stands in).
 */
START_TEST(out_of_memory)
{
	const size_t huge = (size_t)1 << 61;
	int64_t one = 1;
	char err[64];
	atomic_int flag = 0;
	struct cairn_solve_request req = {
		&one, huge, 0, UINT64_MAX, &flag, err, sizeof err, 1
	};
	struct cairn_solve_answer ans = { 0, 0, NULL };
	size_t s;

	for (s = 0; s < NSOLVERS; s++) {
		ck_assert_int_eq(solvers[s]->solve(&req, &ans), -ENOMEM);
		ck_assert_str_eq(err, "out of memory");
	}
	/* A saturated bound is refused before anything else happens too. */
	req.n = SIZE_MAX;
	req.memory_limit = UINT64_MAX - 1;
	ck_assert_int_eq(solvers[0]->solve(&req, &ans), -ENOMEM);
	ck_assert_str_eq(err, "needs 16.0 EiB, memory limit is 15.9 EiB");
}
END_TEST

START_TEST(cancelled)
{
	static const unsigned wants[] = {
		0, CAIRN_WANT_FIRST_MOVE, CAIRN_WANT_MOVES
	};
	static const size_t sizes[] = { 1, 2, 5, 1000 };
	size_t s, w, k;

	for (s = 0; s < NSOLVERS; s++)
		for (w = 0; w < 3; w++)
			for (k = 0; k < 4; k++)
				refuse(s, sizes[k], wants[w], UINT64_MAX, 1,
				       -ECANCELED, "cancelled");
}
END_TEST

START_TEST(memory_bounds)
{
	static const unsigned wants[] = {
		0, CAIRN_WANT_FIRST_MOVE, CAIRN_WANT_MOVES
	};
	size_t s, w, n;

	for (s = 0; s < NSOLVERS; s++) {
		for (w = 0; w < 3; w++) {
			uint64_t last = 0;

			for (n = 1; n <= 5000; n++) {
				uint64_t m = solvers[s]->memory(n, wants[w]);

				EXPECT(m >= last, "%s memory(%zu) decreases",
				       names[s], n);
				last = m;
			}
			ck_assert_uint_eq(solvers[s]->memory(SIZE_MAX,
							     wants[w]),
					  UINT64_MAX);
		}
	}
	/* The exact sizes of the tables and stacks. */
	ck_assert_uint_eq(solvers[0]->memory(1000, 0), 500500ull * 16);
	ck_assert_uint_eq(solvers[1]->memory(1000, 0), 500500ull * 8);
	ck_assert_uint_eq(solvers[2]->memory(1000, 0), (1008ull + 1000) * 4);
	ck_assert_uint_eq(solvers[3]->memory(1000, 0), 1000ull * 8);
	ck_assert_uint_lt(solvers[2]->memory(20000, CAIRN_WANT_MOVES),
			  2000000);
	ck_assert_uint_lt(solvers[3]->memory(20000, CAIRN_WANT_MOVES),
			  2000000);
}
END_TEST

#if TRACKING
/* peak - run solver s with allocation tracking; the bytes it held at most */
static uint64_t peak(size_t s, const int64_t *a, size_t n, unsigned want)
{
	char *moves = want ? malloc(n + 1) : NULL;
	char err[64];
	atomic_int flag = 0;
	struct cairn_solve_request req = {
		a, n, want, UINT64_MAX, &flag, err, sizeof err, 1
	};
	struct cairn_solve_answer ans = { 0, 0, moves };
	int rc;

	memset(&track, 0, sizeof track);
	track.on = 1;
	rc = solvers[s]->solve(&req, &ans);
	track.on = 0;
	free(moves);
	EXPECT(rc == 0 && !track.lost && track.live == 0,
	       "%s n=%zu want %u: rc %d, %llu bytes left", names[s], n, want,
	       rc, (unsigned long long)track.live);
	return track.peak;
}

/*
 * tracking - whether the replacement malloc is the one in use: valgrind
 * substitutes its own even for this program's, and then nothing is seen.
 */
static int tracking(void)
{
	/* Through a pointer, so the compiler cannot treat it as the builtin. */
	void *(*volatile alloc)(size_t) = malloc;
	void *p;
	uint64_t seen;

	memset(&track, 0, sizeof track);
	track.on = 1;
	p = alloc(100);
	track.on = 0;
	seen = track.peak;
	free(p);
	return seen == 100;
}

/* What the solvers really allocate never exceeds memory(n, want). */
START_TEST(memory_used)
{
	static const unsigned wants[] = {
		0, CAIRN_WANT_FIRST_MOVE, CAIRN_WANT_MOVES
	};
	static const size_t sizes[] = {
		1, 2, 3, 32, 33, 100, 129, 130, 131, 300, 1000, 1500
	};
	int64_t a[1500];
	size_t s, w, k;

	random_row(a, 1500, 1000);
	for (s = 0; s < NSOLVERS; s++) {
		for (w = 0; w < 3; w++) {
			for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
				size_t n = sizes[k];
				uint64_t got = peak(s, a, n, wants[w]);
				uint64_t bound = solvers[s]->memory(n, wants[w]);

				EXPECT(got <= bound, "%s n=%zu want %u: peak "
				       "%llu, bound %llu", names[s], n,
				       wants[w], (unsigned long long)got,
				       (unsigned long long)bound);
			}
		}
	}
	/* The tracker does see the tables, so the check is not vacuous. */
	ck_assert_uint_eq(peak(0, a, 1000, 0), 500500ull * 16);
	ck_assert_uint_eq(peak(2, a, 1000, CAIRN_WANT_MOVES),
			  solvers[2]->memory(1000, CAIRN_WANT_MOVES));
}
END_TEST
#endif

/* lowest - the solver auto would pick on cost alone */
static size_t lowest(size_t n, unsigned want)
{
	size_t s, best = 0;

	for (s = 1; s < NSOLVERS; s++)
		if (solvers[s]->cost(n, want) < solvers[best]->cost(n, want))
			best = s;
	return best;
}

/*
 * The cost models rank the solvers as measured: linear for a plain diff
 * or the first move (below a handful of piles diff1d, whose short rows
 * need no allocation, is faster still), diff2d then diff1d for the
 * optimal line.
 */
START_TEST(costs)
{
	static const size_t sizes[] = { 10, 1000, 100000, 10000000 };
	size_t k;

	for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		ck_assert_str_eq(names[lowest(sizes[k], 0)], "linear");
		ck_assert_str_eq(names[lowest(sizes[k],
					      CAIRN_WANT_FIRST_MOVE)],
				 "linear");
	}
	ck_assert_str_eq(names[lowest(1, 0)], "diff1d");
	ck_assert_str_eq(names[lowest(2, 0)], "diff1d");
	ck_assert_str_eq(names[lowest(4, CAIRN_WANT_FIRST_MOVE)], "diff1d");
	ck_assert_str_eq(names[lowest(1000, CAIRN_WANT_MOVES)], "diff1d");
	ck_assert_str_eq(names[lowest(20000, CAIRN_WANT_MOVES)], "diff1d");
	ck_assert_str_eq(names[lowest(1000000, CAIRN_WANT_MOVES)], "diff1d");
	ck_assert_str_eq(names[lowest(10, CAIRN_WANT_MOVES)], "diff2d");
}
END_TEST

/* load - dlopen every plugin from the build tree, or explain and fail */
static int load(void)
{
	const char *dir = getenv("CAIRN_PLUGIN_DIR_BUILD");
	char path[4096];
	size_t s;

	if (dir == NULL || *dir == '\0') {
		fprintf(stderr, "check_solvers: CAIRN_PLUGIN_DIR_BUILD is not set\n");
		return -1;
	}
	for (s = 0; s < NSOLVERS; s++) {
		snprintf(path, sizeof path, "%s/%s.so", dir, names[s]);
		handles[s] = dlopen(path, RTLD_NOW | RTLD_LOCAL);
		if (handles[s] == NULL) {
			fprintf(stderr, "check_solvers: %s\n", dlerror());
			return -1;
		}
		solvers[s] = dlsym(handles[s], CAIRN_PLUGIN_SYMBOL);
		if (solvers[s] == NULL ||
		    solvers[s]->abi != CAIRN_PLUGIN_ABI ||
		    strcmp(solvers[s]->name, names[s]) != 0) {
			fprintf(stderr, "check_solvers: %s: bad descriptor\n",
				path);
			return -1;
		}
	}
	return 0;
}

static Suite *solvers_suite(void)
{
	Suite *s = suite_create("solvers");
	TCase *tc = tcase_create("solvers");

	/* The exhaustive and long-row cases take seconds, more under ASan. */
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, spec_examples);
	tcase_add_test(tc, exhaustive_small);
	tcase_add_test(tc, random_big_values);
	tcase_add_test(tc, random_agree);
	tcase_add_test(tc, extremes);
	tcase_add_test(tc, long_rows);
	tcase_add_test(tc, moves_20000);
	tcase_add_test(tc, memory_limit);
	tcase_add_test(tc, out_of_memory);
	tcase_add_test(tc, cancelled);
	tcase_add_test(tc, memory_bounds);
#if TRACKING
	if (tracking())
		tcase_add_test(tc, memory_used);
	else
		fprintf(stderr, "check_solvers: malloc is not ours (valgrind?), "
			"memory_used not run\n");
#endif
	tcase_add_test(tc, costs);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr;
	int failed;
	size_t s;

	if (load() < 0)
		return EXIT_FAILURE;
	sr = srunner_create(solvers_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	for (s = 0; s < NSOLVERS; s++)
		dlclose(handles[s]);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
