/*
 * check_grade - grading against an independent oracle.
 *
 * Each case is a row, the stated answers in a compact "key=value" form,
 * and the exact verdict, checks, feedback and number of oracle calls
 * expected.  The oracle and the solved outcome come from a small DP in
 * this file, not from any solver of the project.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <cairn/plugin.h>

#include "cairn_buf.h"
#include "cairn_feedback.h"
#include "cairn_grade.h"
#include "cairn_mem.h"
#include "check_run.h"

struct table {
	int64_t *d;
	size_t n;
	int calls;
	int fail;		/* return this error from every call */
};

static int table_diff(void *ctx, size_t i, size_t j, int64_t *out)
{
	struct table *t = ctx;

	ck_assert_uint_le(i, j);
	ck_assert_uint_lt(j, t->n);
	t->calls++;
	if (t->fail)
		return t->fail;
	*out = t->d[i * t->n + j];
	return 0;
}

/* solve - fill the DP table and the puzzle's outcome, ties towards L */
static void solve(struct cairn_puzzle *p, struct table *t)
{
	int64_t *d = cairn_xcalloc(p->n * p->n, sizeof *d), *a = p->piles;
	size_t n = p->n, i, j, k;

	for (i = n; i-- > 0;) {
		d[i * n + i] = a[i];
		for (j = i + 1; j < n; j++) {
			int64_t l = a[i] - d[(i + 1) * n + j];
			int64_t r = a[j] - d[i * n + j - 1];
			d[i * n + j] = l >= r ? l : r;
		}
	}
	t->d = d;
	t->n = n;
	p->out.solved = 1;
	p->out.solver = "test";
	for (k = 0; k < n; k++)
		p->out.total += a[k];
	p->out.diff = d[n - 1];
	p->out.alice = (p->out.total + p->out.diff) / 2;
	p->out.bob = p->out.total - p->out.alice;
	p->out.moves = cairn_xcalloc(n + 1, 1);
	for (i = 0, j = n - 1, k = 0; k < n; k++) {
		if (i == j || a[i] - d[(i + 1) * n + j] >= a[j] - d[i * n + j - 1])
			p->out.moves[k] = 'L', i++;
		else
			p->out.moves[k] = 'R', j--;
	}
	p->out.first_move = p->out.moves[0] == 'L' ? CAIRN_MOVE_LEFT :
			    CAIRN_MOVE_RIGHT;
}

static void set_expect(struct cairn_expect *e, const char *spec)
{
	char *copy = cairn_xstrdup(spec), *save = NULL, *tok, *v;
	int k;

	e->present = 1;
	for (tok = strtok_r(copy, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		v = strchr(tok, '=');
		ck_assert_ptr_nonnull(v);
		*v++ = '\0';
		for (k = 0; k < CAIRN_EXPECT_NKEYS; k++)
			if (strcmp(tok, cairn_puzzle_expect_key_names[k]) == 0)
				break;
		ck_assert_int_lt(k, CAIRN_EXPECT_NKEYS);
		e->given |= CAIRN_EXPECT_BIT(k);
		switch (k) {
		case CAIRN_EXPECT_ALICE_WINS:
			e->alice_wins = strcmp(v, "true") == 0;
			break;
		case CAIRN_EXPECT_WINNER:
			e->winner = strcmp(v, "alice") == 0 ? CAIRN_WINNER_ALICE :
				    strcmp(v, "bob") == 0 ? CAIRN_WINNER_BOB :
				    CAIRN_WINNER_TIE;
			break;
		case CAIRN_EXPECT_ALICE:
			e->alice = strtoll(v, NULL, 10);
			break;
		case CAIRN_EXPECT_BOB:
			e->bob = strtoll(v, NULL, 10);
			break;
		case CAIRN_EXPECT_DIFF:
			e->diff = strtoll(v, NULL, 10);
			break;
		case CAIRN_EXPECT_FIRST_MOVE:
			e->first_move = strcmp(v, "left") == 0 ?
					CAIRN_MOVE_LEFT : CAIRN_MOVE_RIGHT;
			break;
		default:
			e->moves = cairn_xstrdup(v);
		}
	}
	free(copy);
}

static void set_piles(struct cairn_puzzle *p, const char *piles)
{
	char *end;

	p->id = cairn_xstrdup("p1");
	p->out.first_move = -1;
	while (*piles) {
		p->piles = cairn_xrealloc(p->piles, (p->n + 1) * sizeof *p->piles);
		p->piles[p->n++] = strtoll(piles, &end, 10);
		piles = end;
		while (*piles == ' ')
			piles++;
	}
}

/* render - checks as "key:expected:actual:ok:first_bad" joined by " " */
static char *render(const struct cairn_outcome *o)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	size_t i;

	cairn_buf_adds(&b, "");		/* steal() needs a started buffer */
	for (i = 0; i < o->nchecks; i++)
		cairn_buf_addf(&b, "%s%s:%s:%s:%d:%zu", i ? " " : "",
			       cairn_puzzle_expect_key_names[o->checks[i].key],
			       o->checks[i].expected, o->checks[i].actual,
			       o->checks[i].ok, o->checks[i].first_bad);
	return cairn_buf_steal(&b);
}

struct grade_case {
	const char *piles;
	const char *expect;
	const char *invalid;
	enum cairn_verdict verdict;
	const char *checks;
	const char *feedback;		/* NULL: none */
	int calls;
};

static const struct grade_case cases[] = {
	/* the example of doc/grading.md, word for word */
	{ "3 9 1 2", "diff=5", NULL, CAIRN_VERDICT_WRONG, "diff:5:7:0:0",
	  "diff: expected 5, optimal play gives 7 (Alice 11, Bob 4); "
	  "optimal line R L L L", 0 },
	/* every key right; the tie-break line needs no oracle */
	{ "5 3 4 5", "alice_wins=true winner=alice alice=9 bob=8 diff=1 "
	  "first_move=left moves=LRRL", NULL, CAIRN_VERDICT_CORRECT,
	  "alice_wins:true:true:1:0 winner:alice:alice:1:0 alice:9:9:1:0 "
	  "bob:8:8:1:0 diff:1:1:1:0 first_move:left:left:1:0 "
	  "moves:LRRL:LRRL:1:0", NULL, 0 },
	{ "1 100 3", "alice_wins=false winner=bob alice=4 bob=100 diff=-96 "
	  "first_move=left moves=LLL", NULL, CAIRN_VERDICT_CORRECT,
	  "alice_wins:false:false:1:0 winner:bob:bob:1:0 alice:4:4:1:0 "
	  "bob:100:100:1:0 diff:-96:-96:1:0 first_move:left:left:1:0 "
	  "moves:LLL:LLL:1:0", NULL, 0 },
	/* another optimal line: one call per move off the tie-break line */
	{ "2 2 2 2", "moves=RLRL winner=tie alice_wins=false", NULL,
	  CAIRN_VERDICT_CORRECT, "alice_wins:false:false:1:0 "
	  "winner:tie:tie:1:0 moves:RLRL:LLLL:1:0", NULL, 3 },
	{ "2 2 2 2", "first_move=right", NULL, CAIRN_VERDICT_CORRECT,
	  "first_move:right:left:1:0", NULL, 1 },
	/* leaving the line late costs two calls at the first step off it */
	{ "5 3 4 5", "moves=LRLL", NULL, CAIRN_VERDICT_WRONG,
	  "moves:LRLL:LRRL:0:3",
	  "moves: move 3 (L) gives Alice a margin of -1 from there on, the "
	  "best move (R) gives 1; optimal play gives Alice 9, Bob 8; optimal "
	  "line L R R L", 2 },
	{ "3 9 1 2", "moves=LLLL", NULL, CAIRN_VERDICT_WRONG,
	  "moves:LLLL:RLLL:0:1",
	  "moves: move 1 (L) gives Alice a margin of -5 from there on, the "
	  "best move (R) gives 7; optimal play gives Alice 11, Bob 4; optimal "
	  "line R L L L", 1 },
	/* Bob's mistake: after L he must take 5 (R), not 3 (L) */
	{ "5 3 4 5", "moves=LLRL", NULL, CAIRN_VERDICT_WRONG,
	  "moves:LLRL:LRRL:0:2",
	  "moves: move 2 (L) gives Bob a margin of 2 from there on, the "
	  "best move (R) gives 4; optimal play gives Alice 9, Bob 8; optimal "
	  "line L R R L", 2 },
	/* move 2 is a tie (both give Bob -5); move 3 is the mistake */
	{ "3 9 1 2", "moves=RRLL", NULL, CAIRN_VERDICT_WRONG,
	  "moves:RRLL:RLLL:0:3",
	  "moves: move 3 (L) gives Alice a margin of -6 from there on, the "
	  "best move (R) gives 6; optimal play gives Alice 11, Bob 4; optimal "
	  "line R L L L", 3 },
	/* the last move is forced: either letter takes the last pile */
	{ "3 9 1 2", "moves=RLLR", NULL, CAIRN_VERDICT_CORRECT,
	  "moves:RLLR:RLLL:1:0", NULL, 0 },
	{ "7", "moves=R first_move=right", NULL, CAIRN_VERDICT_CORRECT,
	  "first_move:right:left:1:0 moves:R:L:1:0", NULL, 0 },
	/* first_move shares the first step with a line that starts alike */
	{ "3 9 1 2", "first_move=left moves=LRLL", NULL, CAIRN_VERDICT_WRONG,
	  "first_move:left:right:0:1 moves:LRLL:RLLL:0:1",
	  "first_move: expected left, which gives Alice a margin of -5, the "
	  "best move (right) gives 7; moves: move 1 (L) gives Alice a margin "
	  "of -5 from there on, the best move (R) gives 7; optimal play gives "
	  "Alice 11, Bob 4; optimal line R L L L", 1 },
	{ "1 2 3", "winner=bob alice=4 bob=2", NULL, CAIRN_VERDICT_WRONG,
	  "winner:bob:alice:0:0 alice:4:4:1:0 bob:2:2:1:0",
	  "your answers contradict each other: winner is bob but alice is 4 "
	  "and bob is 2; winner: expected bob, optimal play gives alice "
	  "(Alice 4, Bob 2); optimal line R R L", 0 },
	{ "3 9 1 2", "alice=3 bob=13 diff=5", NULL, CAIRN_VERDICT_WRONG,
	  "alice:3:11:0:0 bob:13:4:0:0 diff:5:7:0:0",
	  "your answers contradict each other: alice + bob = 16 but the piles "
	  "add up to 15, and alice - bob = -10 but diff is 5; alice: expected "
	  "3, optimal play gives 11; bob: expected 13, optimal play gives 4; "
	  "diff: expected 5, optimal play gives 7 (Alice 11, Bob 4); optimal "
	  "line R L L L", 0 },
	/* the stated scores do not add up to the total */
	{ "3 9 1 2", "alice=10 bob=10", NULL, CAIRN_VERDICT_WRONG,
	  "alice:10:11:0:0 bob:10:4:0:0",
	  "your answers contradict each other: alice + bob = 20 but the piles "
	  "add up to 15; alice: expected 10, optimal play gives 11; bob: "
	  "expected 10, optimal play gives 4 (Alice 11, Bob 4); optimal line "
	  "R L L L", 0 },
	/* one score right does not make the pair add up */
	{ "3 9 1 2", "alice=11 bob=5", NULL, CAIRN_VERDICT_WRONG,
	  "alice:11:11:1:0 bob:5:4:0:0",
	  "your answers contradict each other: alice + bob = 16 but the piles "
	  "add up to 15; bob: expected 5, optimal play gives 4 (Alice 11, Bob "
	  "4); optimal line R L L L", 0 },
	/* scores that add up, both wrong: no contradiction */
	{ "3 9 1 2", "alice=10 bob=5", NULL, CAIRN_VERDICT_WRONG,
	  "alice:10:11:0:0 bob:5:4:0:0",
	  "alice: expected 10, optimal play gives 11; bob: expected 5, optimal "
	  "play gives 4 (Alice 11, Bob 4); optimal line R L L L", 0 },
	/* winner against the stated diff, and against the stated scores */
	{ "3 9 1 2", "winner=tie diff=7", NULL, CAIRN_VERDICT_WRONG,
	  "winner:tie:alice:0:0 diff:7:7:1:0",
	  "your answers contradict each other: winner is tie but diff is 7; "
	  "winner: expected tie, optimal play gives alice (Alice 11, Bob 4); "
	  "optimal line R L L L", 0 },
	{ "3 9 1 2", "winner=bob alice=11 bob=4", NULL, CAIRN_VERDICT_WRONG,
	  "winner:bob:alice:0:0 alice:11:11:1:0 bob:4:4:1:0",
	  "your answers contradict each other: winner is bob but alice is 11 "
	  "and bob is 4; winner: expected bob, optimal play gives alice "
	  "(Alice 11, Bob 4); optimal line R L L L", 0 },
	/* the sum overflows */
	{ "1 2", "alice=9223372036854775807 bob=1", NULL, CAIRN_VERDICT_WRONG,
	  "alice:9223372036854775807:2:0:0 bob:1:1:1:0",
	  "your answers contradict each other: alice + bob does not fit in 64 "
	  "bits but the piles add up to 3; alice: expected "
	  "9223372036854775807, optimal play gives 2 (Alice 2, Bob 1); "
	  "optimal line R L", 0 },
	{ "3 9 1 2", "alice_wins=true winner=bob diff=7", NULL,
	  CAIRN_VERDICT_WRONG,
	  "alice_wins:true:true:1:0 winner:bob:alice:0:0 diff:7:7:1:0",
	  "your answers contradict each other: alice_wins is true but winner "
	  "is bob, and winner is bob but diff is 7; winner: expected bob, "
	  "optimal play gives alice (Alice 11, Bob 4); optimal line R L L L",
	  0 },
	{ "2 2", "alice_wins=true diff=0 alice=2 bob=2", NULL,
	  CAIRN_VERDICT_WRONG,
	  "alice_wins:true:false:0:0 alice:2:2:1:0 bob:2:2:1:0 diff:0:0:1:0",
	  "your answers contradict each other: alice_wins is true but diff is "
	  "0, and alice_wins is true but alice is 2 and bob is 2; alice_wins: "
	  "expected true, optimal play gives false (Alice 2, Bob 2); optimal "
	  "line L L", 0 },
	{ "1 2", "alice=9223372036854775807 bob=-2 diff=1", NULL,
	  CAIRN_VERDICT_WRONG,
	  "alice:9223372036854775807:2:0:0 bob:-2:1:0:0 diff:1:1:1:0",
	  "your answers contradict each other: alice + bob = "
	  "9223372036854775805 but the piles add up to 3, and alice - bob does "
	  "not fit in 64 bits but diff is 1; alice: expected "
	  "9223372036854775807, optimal play gives 2; bob: expected -2, "
	  "optimal play gives 1 (Alice 2, Bob 1); optimal line R L", 0 },
	/* malformed: a line of the wrong length, other keys still checked */
	{ "5 3 4 5", "diff=1 moves=LRR", NULL, CAIRN_VERDICT_INVALID,
	  "diff:1:1:1:0",
	  "moves: the game has 4 moves, the answer has 3 letters; optimal "
	  "play gives Alice 9, Bob 8; optimal line L R R L", 0 },
	{ "5", "moves=LR", NULL, CAIRN_VERDICT_INVALID, "",
	  "moves: the game has 1 move, the answer has 2 letters; optimal "
	  "play gives Alice 5, Bob 0; optimal line L", 0 },
	{ "5 3", "moves=LX", NULL, CAIRN_VERDICT_INVALID, "",
	  "moves: letter 2 is not L or R; optimal play gives Alice 5, Bob 3; "
	  "optimal line L L", 0 },
	{ "3 9 1 2", "diff=6", "line 4, column 9: answers.p1.winner: \"al\" "
	  "is not alice, bob or tie", CAIRN_VERDICT_INVALID, "diff:6:7:0:0",
	  "line 4, column 9: answers.p1.winner: \"al\" is not alice, bob or "
	  "tie; diff: expected 6, optimal play gives 7 (Alice 11, Bob 4); "
	  "optimal line R L L L", 0 },
	{ "1 1", "moves=L", "line 2, column 3: answers.p1: unknown key "
	  "\"expcet\"", CAIRN_VERDICT_INVALID, "",
	  "line 2, column 3: answers.p1: unknown key \"expcet\"; moves: the "
	  "game has 2 moves, the answer has 1 letter; optimal play gives "
	  "Alice 1, Bob 1; optimal line L L", 0 },
	/* an expectation that states nothing cannot pass */
	{ "1 2", "", NULL, CAIRN_VERDICT_INVALID, "",
	  "no answer to check: state at least one of alice_wins, winner, "
	  "alice, bob, diff, first_move, moves; optimal play gives Alice 2, "
	  "Bob 1; optimal line R L", 0 },
};

static void run_case(const struct grade_case *c, int unsolved)
{
	struct cairn_puzzle p;
	struct table t = { NULL, 0, 0, 0 };
	struct cairn_oracle o = { table_diff, &t };
	char *checks;

	memset(&p, 0, sizeof p);
	set_piles(&p, c->piles);
	set_expect(&p.expect, c->expect);
	if (c->invalid != NULL)
		p.expect.invalid = cairn_xstrdup(c->invalid);
	if (!unsolved)
		solve(&p, &t);
	ck_assert_int_eq(cairn_grade_puzzle(&p, &o), 0);
	ck_assert_int_eq(p.out.verdict, c->verdict);
	checks = render(&p.out);
	ck_assert_str_eq(checks, c->checks);
	if (c->feedback == NULL)
		ck_assert_ptr_null(p.out.feedback);
	else
		ck_assert_str_eq(p.out.feedback, c->feedback);
	ck_assert_int_eq(t.calls, c->calls);
	/* grading again gives the same, with nothing left over */
	ck_assert_int_eq(cairn_grade_puzzle(&p, &o), 0);
	free(checks);
	checks = render(&p.out);
	ck_assert_str_eq(checks, c->checks);
	free(checks);
	free(t.d);
	cairn_puzzle_free(&p);
}

START_TEST(test_cases)
{
	run_case(&cases[_i], 0);
}
END_TEST

/*
 * An answer to an unknown id: never solved, the message is the whole
 * feedback (what it states is about no puzzle, so not looked into).
 */
START_TEST(test_unsolved_invalid)
{
	static const struct grade_case c = {
		"", "diff=1 alice_wins=false",
		"unknown puzzle id \"p9\" in problem set \"hw1\"",
		CAIRN_VERDICT_INVALID, "",
		"unknown puzzle id \"p9\" in problem set \"hw1\"", 0,
	};

	run_case(&c, 1);
}
END_TEST

START_TEST(test_preconditions)
{
	struct cairn_puzzle p;
	struct table t = { NULL, 0, 0, 0 };
	struct cairn_oracle o = { table_diff, &t };

	memset(&p, 0, sizeof p);
	set_piles(&p, "1 2");
	ck_assert_int_eq(cairn_grade_puzzle(&p, &o), -EINVAL);	/* no expect */
	set_expect(&p.expect, "diff=1");
	ck_assert_int_eq(cairn_grade_puzzle(&p, &o), -EINVAL);	/* unsolved */
	ck_assert_int_eq(p.out.verdict, CAIRN_VERDICT_NONE);
	cairn_puzzle_free(&p);
}
END_TEST

START_TEST(test_oracle_error)
{
	struct cairn_puzzle p;
	struct table t = { NULL, 0, 0, -ECANCELED };
	struct cairn_oracle o = { table_diff, &t };

	memset(&p, 0, sizeof p);
	set_piles(&p, "5 3 4 5");
	set_expect(&p.expect, "diff=1 moves=RRRR");
	solve(&p, &t);
	ck_assert_int_eq(cairn_grade_puzzle(&p, &o), -ECANCELED);
	ck_assert_int_eq(p.out.verdict, CAIRN_VERDICT_NONE);
	ck_assert_uint_eq(p.out.nchecks, 0);
	ck_assert_ptr_null(p.out.feedback);
	ck_assert_int_eq(t.calls, 1);
	free(t.d);
	cairn_puzzle_free(&p);
}
END_TEST

/* A solver that disagrees with itself is an error, not a wrong answer. */
START_TEST(test_oracle_inconsistent)
{
	struct cairn_puzzle p;
	struct table t = { NULL, 0, 0, 0 };
	struct cairn_oracle o = { table_diff, &t };

	memset(&p, 0, sizeof p);
	set_piles(&p, "3 9 1 2");
	set_expect(&p.expect, "moves=LLLL");
	solve(&p, &t);
	t.d[1 * 4 + 3] = -100;		/* makes L look better than d */
	ck_assert_int_eq(cairn_grade_puzzle(&p, &o), -EPROTO);
	ck_assert_uint_eq(p.out.nchecks, 0);
	free(t.d);
	cairn_puzzle_free(&p);
}
END_TEST

/* Long games show the start of the line; long text is cut on a boundary. */
START_TEST(test_long_feedback)
{
	struct cairn_puzzle p;
	struct table t = { NULL, 0, 0, 0 };
	struct cairn_oracle o = { table_diff, &t };
	struct cairn_buf b = CAIRN_BUF_INIT;
	const char *fb;
	size_t k;

	memset(&p, 0, sizeof p);
	for (k = 0; k < 100; k++)
		cairn_buf_adds(&b, "1 ");
	set_piles(&p, b.data);
	set_expect(&p.expect, "diff=1");
	solve(&p, &t);
	ck_assert_int_eq(cairn_grade_puzzle(&p, &o), 0);
	ck_assert_str_eq(p.out.feedback, "diff: expected 1, optimal play "
			 "gives 0 (Alice 50, Bob 50); optimal line L L L L L L "
			 "L L L L L L L L L L L L L L L L L L L L L L L L L L L "
			 "L L L L L L L ... (100 moves)");

	/* 480 ASCII bytes, then "é" (2 bytes) straddling byte 497 */
	cairn_buf_reset(&b);
	for (k = 0; k < 496; k++)
		cairn_buf_addc(&b, 'x');
	cairn_buf_adds(&b, "\xc3\xa9 and more words to push it over");
	free(p.expect.invalid);
	p.expect.invalid = cairn_buf_steal(&b);
	ck_assert_int_eq(cairn_grade_puzzle(&p, &o), 0);
	ck_assert_int_eq(p.out.verdict, CAIRN_VERDICT_INVALID);
	fb = p.out.feedback;
	ck_assert_uint_eq(strlen(fb), 499);
	for (k = 0; k < 496; k++)
		ck_assert_int_eq(fb[k], 'x');
	ck_assert_str_eq(fb + 496, "...");
	free(t.d);
	cairn_puzzle_free(&p);
}
END_TEST

START_TEST(test_cut)
{
	char s[600];

	memset(s, 'a', 501);
	s[501] = '\0';
	cairn_feedback_cut(s);
	ck_assert_uint_eq(strlen(s), 500);
	ck_assert_str_eq(s + 497, "...");
	memset(s, 'a', 500);
	s[500] = '\0';
	cairn_feedback_cut(s);
	ck_assert_uint_eq(strlen(s), 500);
	ck_assert_int_eq(s[499], 'a');
}
END_TEST

static Suite *grade_suite(void)
{
	Suite *s = suite_create("grade");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_cases, 0, sizeof cases / sizeof cases[0]);
	tcase_add_test(tc, test_unsolved_invalid);
	tcase_add_test(tc, test_preconditions);
	tcase_add_test(tc, test_oracle_error);
	tcase_add_test(tc, test_oracle_inconsistent);
	tcase_add_test(tc, test_long_feedback);
	tcase_add_test(tc, test_cut);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(grade_suite());
}
