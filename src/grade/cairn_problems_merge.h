/*
 * cairn_problems_merge - a submission's answers matched to its set, for
 * cairn_problems.c.
 */
#ifndef CAIRN_PROBLEMS_MERGE_H
#define CAIRN_PROBLEMS_MERGE_H

#include "cairn_puzzle.h"

/*
 * Replace the answers of `in` by copies of the puzzles of `set` (a set
 * of puzzles that cairn_problems_read() accepted), each with its answer,
 * then the answers graded against none, in input order.
 */
void cairn_problems_merge(struct cairn_input *in,
			  const struct cairn_input *set);

#endif
