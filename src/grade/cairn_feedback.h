/*
 * cairn_feedback - the one sentence a wrong or invalid answer gets (doc/grading.md).
 *
 * Grading (cairn_grade.c) finds the facts; this module words them.
 */
#ifndef CAIRN_FEEDBACK_H
#define CAIRN_FEEDBACK_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_puzzle.h"

/* At most this many bytes of feedback; a longer one ends in "...". */
#define CAIRN_FEEDBACK_MAX 500
/* Games longer than this show only the start of the optimal line. */
#define CAIRN_FEEDBACK_LINE_MAX 40

/*
 * The first non-optimal move of a stated line: `index` is 1-based (0: the
 * line is optimal), `letter` the stated 'L' or 'R', `got` the margin the
 * stated move gives the player on turn over the rest of the game and
 * `best` the margin of the best move.
 */
struct cairn_bad_move {
	size_t index;
	char letter;
	int64_t got, best;
};

/*
 * Word the feedback for a graded puzzle whose checks are filled: `lead`
 * (why the answer is invalid, or NULL), then, when the puzzle was solved,
 * any contradiction among the stated answers, one part per failed check
 * and what optimal play gives.  `bad` is indexed by 0 (first_move) and 1
 * (moves).  Returns an allocated string of at most CAIRN_FEEDBACK_MAX bytes.
 */
char *cairn_feedback_build(const struct cairn_puzzle *p, const char *lead,
			   const struct cairn_bad_move bad[2]);

/* Cut s to CAIRN_FEEDBACK_MAX bytes on a UTF-8 boundary, ending in "...". */
void cairn_feedback_cut(char *s);

#endif
