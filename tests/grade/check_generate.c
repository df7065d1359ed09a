/*
 * check_generate - `cairn generate`'s puzzles have what was asked for.
 *
 * Every puzzle drawn, for each property (and a few combinations), several
 * seeds, sizes and value ranges, is checked against a brute-force search
 * of the game tree written here (every move sequence tried, no table, no
 * code shared with cairn_props), for n <= 12.  Also: the answer key agrees
 * with the search, a seed gives the same set again and another seed another
 * set, and impossible requests fail with their message within the bound.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_generate.h"
#include "check_run.h"

/* best - the mover's best diff over a[i..j], every sequence of moves tried */
static int64_t best(const int64_t *a, int i, int j)
{
	int64_t l, r;

	if (i > j)
		return 0;
	l = a[i] - best(a, i + 1, j);
	r = a[j] - best(a, i, j - 1);
	return l > r ? l : r;
}

/* greedy - greedy player's diff over a[i..j]; the opponent tries both ends */
static int64_t greedy(const int64_t *a, int i, int j, int greedy_on_turn)
{
	int64_t l, r;

	if (i > j)
		return 0;
	if (greedy_on_turn)
		return a[i] >= a[j] ? a[i] + greedy(a, i + 1, j, 0)
				    : a[j] + greedy(a, i, j - 1, 0);
	l = -a[i] + greedy(a, i + 1, j, 1);
	r = -a[j] + greedy(a, i, j - 1, 1);
	return l < r ? l : r;
}

/* has - whether a[0..n) has property `bit`, by brute force */
static int has(const int64_t *a, int n, unsigned bit)
{
	int64_t d = best(a, 0, n - 1), l, r;
	int i = 0, j = n - 1;

	l = n > 1 ? a[0] - best(a, 1, n - 1) : a[0];
	r = n > 1 ? a[n - 1] - best(a, 0, n - 2) : a[0] - 1;
	switch (bit) {
	case CAIRN_PROP_ALICE_WINS: return d > 0;
	case CAIRN_PROP_BOB_WINS: return d < 0;
	case CAIRN_PROP_TIE: return d == 0;
	case CAIRN_PROP_GREEDY_FAILS: return greedy(a, 0, n - 1, 1) < d;
	case CAIRN_PROP_BOTH_OPTIMAL: return n > 1 && l == r;
	case CAIRN_PROP_FIRST_LEFT: return l > r;
	case CAIRN_PROP_FIRST_RIGHT: return r > l;
	}
	for (; i < j; l >= r ? i++ : j--) {	/* unique-line */
		l = a[i] - best(a, i + 1, j);
		r = a[j] - best(a, i, j - 1);
		if (l == r)
			return 0;
	}
	return 1;
}

/* line - the tie-break line (towards L), by brute force */
static void line(const int64_t *a, int n, char *out)
{
	int i = 0, j = n - 1, k = 0;

	for (; i < j; k++) {
		int64_t l = a[i] - best(a, i + 1, j);
		int64_t r = a[j] - best(a, i, j - 1);

		out[k] = l >= r ? 'L' : 'R';
		l >= r ? i++ : j--;
	}
	out[k++] = 'L';
	out[k] = '\0';
}

static const unsigned requests[] = {
	CAIRN_PROP_ALICE_WINS, CAIRN_PROP_BOB_WINS, CAIRN_PROP_TIE,
	CAIRN_PROP_GREEDY_FAILS, CAIRN_PROP_UNIQUE_LINE,
	CAIRN_PROP_BOTH_OPTIMAL, CAIRN_PROP_FIRST_LEFT, CAIRN_PROP_FIRST_RIGHT,
	CAIRN_PROP_GREEDY_FAILS | CAIRN_PROP_UNIQUE_LINE,
	CAIRN_PROP_BOB_WINS | CAIRN_PROP_FIRST_RIGHT,
	CAIRN_PROP_TIE | CAIRN_PROP_BOTH_OPTIMAL,
	CAIRN_PROP_ALICE_WINS | CAIRN_PROP_GREEDY_FAILS | CAIRN_PROP_FIRST_LEFT,
};
static const uint64_t seeds[] = { 1, 2, 42, 18446744073709551615ULL };
static const struct { size_t lo, hi; } sizes[] = { { 2, 4 }, { 5, 8 }, { 9, 12 } };
static const struct { int64_t lo, hi; } ranges[] = { { 1, 20 }, { -10, 10 } };

#define N_SEEDS (sizeof seeds / sizeof seeds[0])
#define N_SIZES (sizeof sizes / sizeof sizes[0])
#define N_RANGES (sizeof ranges / sizeof ranges[0])

static void check_puzzle(const struct cairn_generate_puzzle *p, unsigned req)
{
	const int64_t *a = p->piles;
	int n = (int)p->n;
	int64_t total = 0, d = best(a, 0, n - 1);
	char want[16];
	unsigned k;

	for (k = 0; k < CAIRN_PROP_N; k++)
		if (req & (1u << k))
			ck_assert_msg(has(a, n, 1u << k), "%s missing",
				      cairn_props_name(1u << k));
	for (k = 0; k < (unsigned)n; k++)
		total += a[k];
	line(a, n, want);
	ck_assert_int_eq(p->facts.diff, d);
	ck_assert_int_eq(p->facts.alice, (total + d) / 2);
	ck_assert_int_eq(p->facts.bob, total - (total + d) / 2);
	ck_assert_str_eq(p->facts.line, want);
}

/* all_of - whether a[0..n) has every property of req, by brute force */
static int all_of(const int64_t *a, int n, unsigned req)
{
	unsigned k;

	for (k = 0; k < CAIRN_PROP_N; k++)
		if ((req & (1u << k)) && !has(a, n, 1u << k))
			return 0;
	return 1;
}

/*
 * none_exists - whether no row of lo..hi piles (hi <= 4) with values in
 * vlo..vhi has every property of req: every such row is tried.
 */
static int none_exists(size_t lo, size_t hi, int64_t vlo, int64_t vhi,
		       unsigned req)
{
	int64_t a[4];
	size_t n, i;

	ck_assert_uint_le(hi, 4);
	for (n = lo; n <= hi; n++) {
		for (i = 0; i < n; i++)
			a[i] = vlo;
		for (;;) {
			if (all_of(a, (int)n, req))
				return 0;
			for (i = 0; i < n && a[i] == vhi; i++)
				a[i] = vlo;
			if (i == n)
				break;
			a[i]++;
		}
	}
	return 1;
}

/*
 * One request, one seed, every size and range: 6 sets of 6 puzzles.  A
 * request that fails must fail for good reason: only small rows are
 * allowed to, and only when no row at all of those sizes and values has it.
 */
START_TEST(test_properties)
{
	unsigned req = requests[_i / N_SEEDS];
	struct cairn_generate_opts o = { .count = 6, .require = req,
					 .seed = seeds[_i % N_SEEDS] };
	struct cairn_generate_set set;
	char err[512];
	size_t s, r, k;

	for (s = 0; s < N_SIZES; s++)
		for (r = 0; r < N_RANGES; r++) {
			o.piles_min = sizes[s].lo;
			o.piles_max = sizes[s].hi;
			o.lo = ranges[r].lo;
			o.hi = ranges[r].hi;
			if (cairn_generate_run(&o, &set, err, sizeof err) != 0) {
				ck_assert_msg(none_exists(o.piles_min, o.piles_max,
							  o.lo, o.hi, req), "%s", err);
				cairn_generate_set_free(&set);
				continue;
			}
			ck_assert_uint_eq(set.n, 6);
			for (k = 0; k < set.n; k++) {
				ck_assert(set.v[k].n >= o.piles_min);
				ck_assert(set.v[k].n <= o.piles_max);
				check_puzzle(&set.v[k], req);
			}
			cairn_generate_set_free(&set);
		}
}
END_TEST

/* Every property cairn_props reports, not only the required ones, holds. */
START_TEST(test_eval_agrees)
{
	struct cairn_generate_opts o = { .count = 200, .piles_min = 1,
					 .piles_max = 10, .lo = -3, .hi = 3,
					 .seed = 7 };
	struct cairn_generate_set set;
	struct cairn_props_facts f;
	char err[512];
	size_t k;
	unsigned b;

	ck_assert_int_eq(cairn_generate_run(&o, &set, err, sizeof err), 0);
	for (k = 0; k < set.n; k++) {
		cairn_props_eval(set.v[k].piles, set.v[k].n, ~0u, &f);
		for (b = 0; b < CAIRN_PROP_N; b++)
			ck_assert_int_eq(!!(f.props & (1u << b)),
					 has(set.v[k].piles, (int)set.v[k].n, 1u << b));
		cairn_props_facts_free(&f);
	}
	cairn_generate_set_free(&set);
}
END_TEST

static int same_sets(const struct cairn_generate_set *x,
		     const struct cairn_generate_set *y)
{
	size_t k;

	if (x->n != y->n)
		return 0;
	for (k = 0; k < x->n; k++)
		if (x->v[k].n != y->v[k].n ||
		    memcmp(x->v[k].piles, y->v[k].piles,
			   x->v[k].n * sizeof *x->v[k].piles) != 0)
			return 0;
	return 1;
}

START_TEST(test_reproducible)
{
	struct cairn_generate_opts o = { .count = 10, .piles_min = 12,
					 .piles_max = 16, .lo = 1, .hi = 20,
					 .require = CAIRN_PROP_GREEDY_FAILS, .seed = 99 };
	struct cairn_generate_set a, b, c;
	char err[512];

	ck_assert_int_eq(cairn_generate_run(&o, &a, err, sizeof err), 0);
	ck_assert_int_eq(cairn_generate_run(&o, &b, err, sizeof err), 0);
	o.seed = 100;
	ck_assert_int_eq(cairn_generate_run(&o, &c, err, sizeof err), 0);
	ck_assert(same_sets(&a, &b));
	ck_assert(!same_sets(&a, &c));
	/* The first puzzle of seed 99, on every machine. */
	ck_assert_uint_eq(a.v[0].n, 14);
	ck_assert_mem_eq(a.v[0].piles, ((int64_t[]){ 20, 13, 5, 13, 15, 17, 13,
		13, 10, 4, 19, 16, 11, 20 }), 14 * sizeof(int64_t));
	cairn_generate_set_free(&a);
	cairn_generate_set_free(&b);
	cairn_generate_set_free(&c);
}
END_TEST

static const struct {
	size_t lo, hi;
	int64_t vlo, vhi;
	unsigned req;
	int rc;
	const char *err;
} impossible[] = {
	{ 8, 8, 1, 20, CAIRN_PROP_ALICE_WINS | CAIRN_PROP_BOB_WINS, -EINVAL,
	  "alice-wins and bob-wins contradict each other" },
	{ 8, 8, 1, 20, CAIRN_PROP_TIE | CAIRN_PROP_BOB_WINS, -EINVAL,
	  "bob-wins and tie contradict each other" },
	{ 8, 8, 1, 20, CAIRN_PROP_FIRST_LEFT | CAIRN_PROP_FIRST_RIGHT, -EINVAL,
	  "first-left and first-right contradict each other" },
	{ 8, 8, 1, 20, CAIRN_PROP_UNIQUE_LINE | CAIRN_PROP_BOTH_OPTIMAL, -EINVAL,
	  "unique-line and both-optimal contradict each other: a line with a "
	  "choice of first move is not unique" },
	{ 8, 8, 1, 20, CAIRN_PROP_BOTH_OPTIMAL | CAIRN_PROP_FIRST_RIGHT, -EINVAL,
	  "both-optimal and first-right contradict each other: first-right "
	  "means only right is optimal" },
	{ 1, 1, 1, 9, CAIRN_PROP_BOB_WINS, -ESRCH,
	  "no puzzle with bob-wins among 200000 draws of 1 pile in 1..9: a "
	  "single pile always goes to Alice" },
	{ 1, 1, 1, 9, CAIRN_PROP_TIE, -ESRCH,
	  "no puzzle with tie among 200000 draws of 1 pile in 1..9: a single "
	  "pile goes to Alice, and none is 0" },
	{ 6, 6, -9, 9, CAIRN_PROP_BOB_WINS, -ESRCH,
	  "no puzzle with bob-wins among 200000 draws of 6 piles in -9..9: "
	  "with an even number of piles Alice can take every odd- or every "
	  "even-numbered pile, so Bob never wins" },
	{ 1, 1, -9, 9, CAIRN_PROP_GREEDY_FAILS, -ESRCH,
	  "no puzzle with greedy-fails among 200000 draws of 1 pile in -9..9: "
	  "a single pile leaves greedy play no choice" },
	{ 2, 6, 5, 5, CAIRN_PROP_UNIQUE_LINE, -ESRCH,
	  "no puzzle with unique-line among 200000 draws of 2-6 piles in 5..5" },
	{ 2, 2, 1, 2, CAIRN_PROP_ALICE_WINS, -ESRCH,
	  "no further puzzle with alice-wins among 200000 draws of 2 piles in "
	  "1..2 (99793 that would do were already in the set); found 2 of 5" },
};

START_TEST(test_impossible)
{
	struct cairn_generate_opts o = {
		.count = 5, .piles_min = impossible[_i].lo,
		.piles_max = impossible[_i].hi, .lo = impossible[_i].vlo,
		.hi = impossible[_i].vhi, .require = impossible[_i].req, .seed = 5,
	};
	struct cairn_generate_set set;
	char err[512];

	ck_assert_int_eq(cairn_generate_run(&o, &set, err, sizeof err),
			 impossible[_i].rc);
	ck_assert_str_eq(err, impossible[_i].err);
	cairn_generate_set_free(&set);
}
END_TEST

static Suite *generate_suite(void)
{
	Suite *s = suite_create("generate");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_properties, 0,
			    sizeof requests / sizeof requests[0] * N_SEEDS);
	tcase_add_test(tc, test_eval_agrees);
	tcase_add_test(tc, test_reproducible);
	tcase_add_loop_test(tc, test_impossible, 0,
			    sizeof impossible / sizeof impossible[0]);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(generate_suite());
}
