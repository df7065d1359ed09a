/*
 * cairn_grade - checking stated answers against optimal play (doc/grading.md).
 *
 * Grading never solves on its own: the optimal value of any sub-row comes
 * from an oracle backed by a solver plugin, so that the grade and the
 * result come from the same code.
 */
#ifndef CAIRN_GRADE_H
#define CAIRN_GRADE_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_puzzle.h"

/* d(i,j) of the puzzle's row, i <= j: 0, or a negative errno value. */
struct cairn_oracle {
	int (*diff)(void *ctx, size_t i, size_t j, int64_t *out);
	void *ctx;
};

/*
 * Grade one puzzle.  Precondition: p->expect.present, and either
 * p->expect.invalid is set or p->out is solved with first_move and moves.
 * Fills p->out.verdict, checks and feedback.  Returns 0, or a negative
 * errno value from the oracle (the caller turns it into a puzzle error).
 */
int cairn_grade_puzzle(struct cairn_puzzle *p, const struct cairn_oracle *o);

#endif
