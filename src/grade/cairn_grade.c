/*
 * cairn_grade - check a puzzle's stated answers against optimal play.
 *
 * Numbers (alice_wins, winner, alice, bob, diff) are compared with the
 * solved outcome.  A stated first_move or line of moves is replayed: a
 * move in the interval (i,j) is optimal iff its value, a[i] - d(i+1,j) for
 * L or a[j] - d(i,j-1) for R, equals d(i,j), so any optimal line passes,
 * not only the tie-break one.  While the stated line follows the solver's
 * tie-break line no sub-row is needed; from the first step off it, the
 * oracle is asked for d of the row the stated move leaves (plus one more
 * call at that first step), and replay stops at the first bad move.  At
 * i == j both letters take the same pile, so both are optimal.  The
 * verdict is invalid when the expectation is malformed (including a line
 * whose length is not n, and an expectation that states nothing), else
 * correct when every check holds, else wrong.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <cairn/plugin.h>

#include "cairn_buf.h"
#include "cairn_feedback.h"
#include "cairn_grade.h"
#include "cairn_mem.h"

#define GIVEN(e, k) (((e)->given & CAIRN_EXPECT_BIT(CAIRN_EXPECT_##k)) != 0)

static int64_t max64(int64_t a, int64_t b)
{
	return a >= b ? a : b;
}

/* take - the value of move c in (i,j) given d of the row it leaves */
static int take(const struct cairn_puzzle *p, const struct cairn_oracle *o,
		 size_t i, size_t j, char c, int64_t *value)
{
	int64_t rest;
	int rc;

	if (c == 'L')
		rc = o->diff(o->ctx, i + 1, j, &rest);
	else
		rc = o->diff(o->ctx, i, j - 1, &rest);
	if (rc < 0)
		return rc;
	*value = (c == 'L' ? p->piles[i] : p->piles[j]) - rest;
	return 0;
}

/*
 * replay - find the first non-optimal move of s[0..len), len <= n.
 * -EPROTO means the oracle contradicts itself (a move better than d).
 */
static int replay(const struct cairn_puzzle *p, const struct cairn_oracle *o,
		  const char *s, size_t len, struct cairn_bad_move *bad)
{
	const char *line = p->out.moves;
	size_t i = 0, j = p->n - 1, k;
	int on_line = 1, have_d = 1, rc;
	int64_t d = p->out.diff, got, other;

	memset(bad, 0, sizeof *bad);
	for (k = 0; k < len && i < j; k++) {
		if (on_line && s[k] == line[k]) {
			have_d = 0;
		} else {
			on_line = 0;
			if ((rc = take(p, o, i, j, s[k], &got)) < 0)
				return rc;
			if (!have_d) {
				rc = take(p, o, i, j, s[k] == 'L' ? 'R' : 'L',
					  &other);
				if (rc < 0)
					return rc;
				d = max64(got, other);
			}
			if (got > d)
				return -EPROTO;
			if (got < d) {
				bad->index = k + 1;
				bad->letter = s[k];
				bad->got = got;
				bad->best = d;
				return 0;
			}
			/* d of the row left behind is d of the next state */
			d = (s[k] == 'L' ? p->piles[i] : p->piles[j]) - got;
			have_d = 1;
		}
		if (s[k] == 'L')
			i++;
		else
			j--;
	}
	return 0;
}

/* shape - why a stated line cannot be replayed, or NULL */
static char *shape(const struct cairn_puzzle *p)
{
	const char *m = p->expect.moves;
	size_t len, k;

	if (!GIVEN(&p->expect, MOVES) || m == NULL)
		return NULL;
	len = strlen(m);
	if (len != p->n)
		return cairn_xasprintf("moves: the game has %zu move%s, the "
				       "answer has %zu letter%s", p->n,
				       p->n == 1 ? "" : "s", len,
				       len == 1 ? "" : "s");
	for (k = 0; k < len; k++)
		if (m[k] != 'L' && m[k] != 'R')
			return cairn_xasprintf("moves: letter %zu is not L or R",
					       k + 1);
	return NULL;
}

/* replays - check first_move and moves; the first step is shared */
static int replays(const struct cairn_puzzle *p, const struct cairn_oracle *o,
		   int moves_ok, struct cairn_bad_move bad[2])
{
	const struct cairn_expect *e = &p->expect;
	char first = e->first_move == CAIRN_MOVE_LEFT ? 'L' : 'R';
	int rc;

	memset(bad, 0, 2 * sizeof *bad);
	if (moves_ok && GIVEN(e, MOVES) &&
	    (rc = replay(p, o, e->moves, p->n, &bad[1])) < 0)
		return rc;
	if (!GIVEN(e, FIRST_MOVE))
		return 0;
	if (moves_ok && GIVEN(e, MOVES) && e->moves[0] == first) {
		if (bad[1].index == 1)
			bad[0] = bad[1];
		return 0;
	}
	return replay(p, o, &first, 1, &bad[0]);
}

static void add_check(struct cairn_outcome *out, enum cairn_expect_key k,
		      char *expected, char *actual, int ok, size_t first_bad)
{
	struct cairn_check *c = &out->checks[out->nchecks++];

	c->key = k;
	c->expected = expected;
	c->actual = actual;
	c->ok = ok;
	c->first_bad = first_bad;
}

static void add_number(struct cairn_outcome *out, enum cairn_expect_key k,
		       int64_t expected, int64_t actual)
{
	add_check(out, k, cairn_xasprintf("%lld", (long long)expected),
		  cairn_xasprintf("%lld", (long long)actual),
		  expected == actual, 0);
}

static char *move_name(int m)
{
	return cairn_xstrdup(m == CAIRN_MOVE_LEFT ? "left" : "right");
}

/* make_checks - one check per validly stated key, in key order */
static void make_checks(struct cairn_puzzle *p, int moves_ok,
			const struct cairn_bad_move bad[2])
{
	const struct cairn_expect *e = &p->expect;
	struct cairn_outcome *out = &p->out;
	int aw = out->diff > 0;
	int w = cairn_puzzle_winner_of(out->diff);

	out->checks = cairn_xcalloc(CAIRN_EXPECT_NKEYS, sizeof *out->checks);
	if (GIVEN(e, ALICE_WINS))
		add_check(out, CAIRN_EXPECT_ALICE_WINS,
			  cairn_xstrdup(e->alice_wins ? "true" : "false"),
			  cairn_xstrdup(aw ? "true" : "false"),
			  !e->alice_wins == !aw, 0);
	if (GIVEN(e, WINNER))
		add_check(out, CAIRN_EXPECT_WINNER,
			  cairn_xstrdup(cairn_puzzle_winner_names[e->winner]),
			  cairn_xstrdup(cairn_puzzle_winner_names[w]), e->winner == w, 0);
	if (GIVEN(e, ALICE))
		add_number(out, CAIRN_EXPECT_ALICE, e->alice, out->alice);
	if (GIVEN(e, BOB))
		add_number(out, CAIRN_EXPECT_BOB, e->bob, out->bob);
	if (GIVEN(e, DIFF))
		add_number(out, CAIRN_EXPECT_DIFF, e->diff, out->diff);
	if (GIVEN(e, FIRST_MOVE))
		add_check(out, CAIRN_EXPECT_FIRST_MOVE, move_name(e->first_move),
			  move_name(out->first_move), bad[0].index == 0,
			  bad[0].index);
	if (GIVEN(e, MOVES) && moves_ok)
		add_check(out, CAIRN_EXPECT_MOVES, cairn_xstrdup(e->moves),
			  cairn_xstrdup(out->moves), bad[1].index == 0,
			  bad[1].index);
}

static int all_ok(const struct cairn_outcome *out)
{
	size_t i;

	for (i = 0; i < out->nchecks; i++)
		if (!out->checks[i].ok)
			return 0;
	return 1;
}

/* clear - forget an earlier grade of the same puzzle */
static void clear(struct cairn_outcome *out)
{
	size_t i;

	for (i = 0; i < out->nchecks; i++) {
		free(out->checks[i].expected);
		free(out->checks[i].actual);
	}
	free(out->checks);
	free(out->feedback);
	out->checks = NULL;
	out->nchecks = 0;
	out->feedback = NULL;
	out->verdict = CAIRN_VERDICT_NONE;
}

/* lead - why the expectation is malformed, "; "-joined; takes bad_line */
static char *lead(const char *invalid, char *bad_line)
{
	char *s;

	if (invalid == NULL)
		return bad_line;
	if (bad_line == NULL)
		return cairn_xstrdup(invalid);
	s = cairn_xasprintf("%s; %s", invalid, bad_line);
	free(bad_line);
	return s;
}

int cairn_grade_puzzle(struct cairn_puzzle *p, const struct cairn_oracle *o)
{
	struct cairn_outcome *out = &p->out;
	struct cairn_bad_move bad[2];
	char *bad_line, *why;
	int rc;

	clear(out);
	if (!p->expect.present ||
	    (out->solved && (out->moves == NULL || p->piles == NULL)) ||
	    (!out->solved && p->expect.invalid == NULL))
		return -EINVAL;
	memset(bad, 0, sizeof bad);
	bad_line = out->solved ? shape(p) : NULL;
	if (out->solved) {
		if ((rc = replays(p, o, bad_line == NULL, bad)) < 0) {
			free(bad_line);
			return rc;
		}
		make_checks(p, bad_line == NULL, bad);
	}
	if (p->expect.given == 0 && p->expect.invalid == NULL)
		bad_line = cairn_xstrdup("no answer to check: state at least "
					 "one of alice_wins, winner, alice, "
					 "bob, diff, first_move, moves");
	why = lead(p->expect.invalid, bad_line);
	out->verdict = why != NULL ? CAIRN_VERDICT_INVALID :
		       all_ok(out) ? CAIRN_VERDICT_CORRECT : CAIRN_VERDICT_WRONG;
	if (out->verdict != CAIRN_VERDICT_CORRECT)
		out->feedback = cairn_feedback_build(p, why, bad);
	free(why);
	return 0;
}
