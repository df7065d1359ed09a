/*
 * cairn_feedback - word the facts grading found as one sentence.
 *
 * The sentence reads, in this order: why the answer is invalid (if it is),
 * any contradiction among the stated answers themselves ("your answers
 * contradict each other: alice + bob = 20 but the piles add up to 15"),
 * named before what optimal play gives because it is the answer's own
 * mistake (doc/grading.md), one part per failed check ("diff: expected 5, optimal
 * play gives 7"), both optimal scores ("(Alice 11, Bob 4)" after the last
 * failed number, or "optimal play gives Alice 11, Bob 4" when no number
 * failed), and the optimal line ("optimal line R L L L", only its first
 * CAIRN_FEEDBACK_LINE_MAX moves for a longer game).  An answer graded
 * against no puzzle (not solved) gets only why it is invalid.  Parts are
 * joined with "; ".  The result never exceeds CAIRN_FEEDBACK_MAX bytes and
 * is cut only on a UTF-8 character boundary.
 */
#include "config.h"

#include <string.h>

#include "cairn_buf.h"
#include "cairn_feedback.h"

static const char *player(size_t index)
{
	return index % 2 == 1 ? "Alice" : "Bob";
}

static const char *bool_name(int b)
{
	return b ? "true" : "false";
}

/* sep - start a new part of the sentence */
static void sep(struct cairn_buf *b)
{
	if (b->len > 0)
		cairn_buf_adds(b, "; ");
}

static void scores(struct cairn_buf *b, const struct cairn_outcome *o,
		   int parenthesised)
{
	cairn_buf_addf(b, parenthesised ? " (Alice %lld, Bob %lld)" :
		       "optimal play gives Alice %lld, Bob %lld",
		       (long long)o->alice, (long long)o->bob);
}

/* number_parts - the failed checks of alice_wins, winner, alice, bob, diff */
static int number_parts(struct cairn_buf *b, const struct cairn_outcome *o)
{
	const struct cairn_check *c;
	int any = 0;
	size_t i;

	for (i = 0; i < o->nchecks; i++) {
		c = &o->checks[i];
		if (c->ok || c->key >= CAIRN_EXPECT_FIRST_MOVE)
			continue;
		sep(b);
		cairn_buf_addf(b, "%s: expected %s, optimal play gives %s",
			       cairn_puzzle_expect_key_names[c->key], c->expected,
			       c->actual);
		any = 1;
	}
	if (any)
		scores(b, o, 1);
	return any;
}

static void move_parts(struct cairn_buf *b, const struct cairn_bad_move bad[2])
{
	if (bad[0].index > 0) {
		sep(b);
		cairn_buf_addf(b, "first_move: expected %s, which gives Alice a "
			       "margin of %lld, the best move (%s) gives %lld",
			       bad[0].letter == 'L' ? "left" : "right",
			       (long long)bad[0].got,
			       bad[0].letter == 'L' ? "right" : "left",
			       (long long)bad[0].best);
	}
	if (bad[1].index > 0) {
		sep(b);
		cairn_buf_addf(b, "moves: move %zu (%c) gives %s a margin of "
			       "%lld from there on, the best move (%c) gives %lld",
			       bad[1].index, bad[1].letter, player(bad[1].index),
			       (long long)bad[1].got,
			       bad[1].letter == 'L' ? 'R' : 'L',
			       (long long)bad[1].best);
	}
}

/* optimal_line - "R L L L", or the start of it and the length */
static void optimal_line(struct cairn_buf *b, const char *moves, size_t n)
{
	size_t i, shown = n;

	if (shown > CAIRN_FEEDBACK_LINE_MAX)
		shown = CAIRN_FEEDBACK_LINE_MAX;
	sep(b);
	cairn_buf_adds(b, "optimal line");
	for (i = 0; i < shown; i++) {
		cairn_buf_addc(b, ' ');
		cairn_buf_addc(b, moves[i]);
	}
	if (shown < n)
		cairn_buf_addf(b, " ... (%zu moves)", n);
}

static int cmp_winner(int64_t a, int64_t b)
{
	return a > b ? CAIRN_WINNER_ALICE : a < b ? CAIRN_WINNER_BOB :
	       CAIRN_WINNER_TIE;
}

/* note - one contradiction, after the heading or a ", and " */
static void note(struct cairn_buf *b, int *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void note(struct cairn_buf *b, int *n, const char *fmt, ...)
{
	va_list ap;

	if ((*n)++ == 0) {
		sep(b);
		cairn_buf_adds(b, "your answers contradict each other: ");
	} else {
		cairn_buf_adds(b, ", and ");
	}
	va_start(ap, fmt);
	cairn_buf_vaddf(b, fmt, ap);
	va_end(ap);
}

/* contradictions - stated answers that cannot all hold for this row */
static void contradictions(struct cairn_buf *b, const struct cairn_expect *e,
			   int64_t total)
{
	unsigned g = e->given;
	int have_ab, n = 0;
	int64_t ab;

#define HAS(k) ((g & CAIRN_EXPECT_BIT(CAIRN_EXPECT_##k)) != 0)
	have_ab = HAS(ALICE) && HAS(BOB);
	if (have_ab) {
		if (__builtin_add_overflow(e->alice, e->bob, &ab))
			note(b, &n, "alice + bob does not fit in 64 bits but "
			     "the piles add up to %lld", (long long)total);
		else if (ab != total)
			note(b, &n, "alice + bob = %lld but the piles add up "
			     "to %lld", (long long)ab, (long long)total);
	}
	if (have_ab && HAS(DIFF)) {
		if (__builtin_sub_overflow(e->alice, e->bob, &ab))
			note(b, &n, "alice - bob does not fit in 64 bits but "
			     "diff is %lld", (long long)e->diff);
		else if (ab != e->diff)
			note(b, &n, "alice - bob = %lld but diff is %lld",
			     (long long)ab, (long long)e->diff);
	}
	if (HAS(ALICE_WINS) && HAS(WINNER) &&
	    e->alice_wins != (e->winner == CAIRN_WINNER_ALICE))
		note(b, &n, "alice_wins is %s but winner is %s",
		     bool_name(e->alice_wins), cairn_puzzle_winner_names[e->winner]);
	if (HAS(ALICE_WINS) && HAS(DIFF) && e->alice_wins != (e->diff > 0))
		note(b, &n, "alice_wins is %s but diff is %lld",
		     bool_name(e->alice_wins), (long long)e->diff);
	if (HAS(WINNER) && HAS(DIFF) && e->winner != cmp_winner(e->diff, 0))
		note(b, &n, "winner is %s but diff is %lld",
		     cairn_puzzle_winner_names[e->winner], (long long)e->diff);
	if (HAS(ALICE_WINS) && have_ab && e->alice_wins != (e->alice > e->bob))
		note(b, &n, "alice_wins is %s but alice is %lld and bob is %lld",
		     bool_name(e->alice_wins), (long long)e->alice,
		     (long long)e->bob);
	if (HAS(WINNER) && have_ab && e->winner != cmp_winner(e->alice, e->bob))
		note(b, &n, "winner is %s but alice is %lld and bob is %lld",
		     cairn_puzzle_winner_names[e->winner], (long long)e->alice,
		     (long long)e->bob);
#undef HAS
}

void cairn_feedback_cut(char *s)
{
	size_t cut = CAIRN_FEEDBACK_MAX - 3;

	if (strlen(s) <= CAIRN_FEEDBACK_MAX)
		return;
	while (cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80)
		cut--;
	memcpy(s + cut, "...", 4);
}

char *cairn_feedback_build(const struct cairn_puzzle *p, const char *lead,
			   const struct cairn_bad_move bad[2])
{
	const struct cairn_outcome *o = &p->out;
	struct cairn_buf b = CAIRN_BUF_INIT;
	char *s;

	cairn_buf_adds(&b, lead != NULL ? lead : "");
	if (o->solved) {
		int numbers;

		contradictions(&b, &p->expect, o->total);
		numbers = number_parts(&b, o);

		move_parts(&b, bad);
		if (!numbers) {
			sep(&b);
			scores(&b, o, 0);
		}
		if (o->moves != NULL)
			optimal_line(&b, o->moves, p->n);
	}
	s = cairn_buf_steal(&b);
	cairn_feedback_cut(s);
	return s;
}
