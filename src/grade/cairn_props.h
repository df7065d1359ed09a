/*
 * cairn_props - what kind of exercise a puzzle is (cairn(1), `cairn generate`).
 *
 * The properties an instructor asks `cairn generate --require` for, decided
 * by an interval DP over d(i,j) of its own (doc/formats.md) and, for greedy-fails,
 * a second DP over (i, j, whose turn) for a greedy first player against an
 * optimal opponent.  Both are O(n^2) in time and memory.
 */
#ifndef CAIRN_PROPS_H
#define CAIRN_PROPS_H

#include <stddef.h>
#include <stdint.h>

enum {
	CAIRN_PROP_ALICE_WINS = 1u << 0,	/* diff > 0 */
	CAIRN_PROP_BOB_WINS = 1u << 1,		/* diff < 0 */
	CAIRN_PROP_TIE = 1u << 2,		/* diff == 0 */
	CAIRN_PROP_GREEDY_FAILS = 1u << 3,	/* greedy Alice ends below diff */
	CAIRN_PROP_UNIQUE_LINE = 1u << 4,	/* every move of the line forced */
	CAIRN_PROP_BOTH_OPTIMAL = 1u << 5,	/* both first moves optimal */
	CAIRN_PROP_FIRST_LEFT = 1u << 6,	/* left is the only optimal first move */
	CAIRN_PROP_FIRST_RIGHT = 1u << 7,	/* right is the only one */
	CAIRN_PROP_N = 8
};

/* What the answer key says about a puzzle, and which properties it has. */
struct cairn_props_facts {
	int64_t total, diff, alice, bob;
	int64_t greedy_diff;	/* greedy Alice's diff; diff when not computed */
	char *line;		/* n letters L/R, ties towards L (doc/formats.md) */
	unsigned props;		/* CAIRN_PROP_* that hold */
};

/*
 * Decide the properties of a[0..n) (n >= 1, sum of |a| below 2^62).
 * greedy-fails is decided only when `want` has it (the second DP costs as
 * much again).  A single pile is one move, written L: it is first-left and
 * unique-line, never both-optimal.  f->line is allocated: free it with
 * cairn_props_facts_free().
 */
void cairn_props_eval(const int64_t *a, size_t n, unsigned want,
		      struct cairn_props_facts *f);
void cairn_props_facts_free(struct cairn_props_facts *f);

/* The name of one property bit ("alice-wins"), or NULL. */
const char *cairn_props_name(unsigned bit);
/* The bit of a name of `len` bytes, or 0 when there is no such property. */
unsigned cairn_props_bit(const char *name, size_t len);
/*
 * Why the properties of `mask` can never hold together
 * ("alice-wins and bob-wins contradict each other"), or NULL.
 */
const char *cairn_props_conflict(unsigned mask, char *buf, size_t size);

#endif
