/*
 * cairn_autograder - the results files of autograders that `cairn grade
 * --format` writes (doc/lms.md): what Gradescope and PrairieLearn
 * read back from their grader's container.
 *
 * One writer per system (cairn_gradescope.c, cairn_prairielearn.c), in
 * a NULL-terminated table; what they share is here, so that both say
 * the same about a submission: which puzzles count, what each is worth,
 * and the texts a student reads.
 */
#ifndef CAIRN_AUTOGRADER_H
#define CAIRN_AUTOGRADER_H

#include <stdint.h>
#include <time.h>

#include "cairn_buf.h"
#include "cairn_puzzle.h"
#include "cairn_stats.h"

struct cairn_autograder {
	const char *name;		/* the --format value */
	/*
	 * Append the results file of a processed input, as of its arrival
	 * `at` (--received; NULL: none, and the clock says what is
	 * released); with `error` set, the file's error (in and st may
	 * then be NULL) instead.
	 */
	void (*write)(const struct cairn_input *in, const struct cairn_stats *st,
		      const struct timespec *at, const char *error,
		      struct cairn_buf *out);
};

extern const struct cairn_autograder cairn_gradescope;
extern const struct cairn_autograder cairn_prairielearn;

/* The writer named `name`, or NULL. */
const struct cairn_autograder *cairn_autograder_find(const char *name);

/*
 * Why a processed input gets no grade: its file error, or, for a file
 * that is not a submission (puzzles with their own expectations, which
 * a student could write to suit), a sentence that says so; NULL: none.
 */
const char *cairn_autograder_error(const struct cairn_input *in);

/*
 * What puzzle p earned and weighs: its problem set's points when it is
 * graded (the summary's rule), 0 and 0 for an answer set aside.
 */
void cairn_autograder_points(const struct cairn_puzzle *p, uint64_t *points,
			     uint64_t *max_points);

/* Append what a student reads of puzzle p: "correct", "wrong: FEEDBACK"... */
void cairn_autograder_message(struct cairn_buf *out, const struct cairn_puzzle *p);

/*
 * Append the submission's summary: "hw1: 5 of 6 puzzles correct (wrong
 * 1, missing 0, invalid 0); 7 of 9 points", and when late "; late by 2h
 * 14m, penalty 0.1: 6.3 points kept".
 */
void cairn_autograder_summary(struct cairn_buf *out, const struct cairn_input *in,
			      const struct cairn_stats *st);

/*
 * Whether the owner may read st's verdicts as of `at` (NULL: now): the
 * set's feedback is immediate, or its release time has passed.
 */
int cairn_autograder_released(const struct cairn_stats *st,
			      const struct timespec *at);

/*
 * Append what a student reads before the release, as the daemon's
 * receipt says it: "received FILE for problem set SET at TIME, on time"
 * (or "late by 1d 1h"; without `at`, no time), nothing that depends on
 * the answers.
 */
void cairn_autograder_receipt(struct cairn_buf *out, const struct cairn_input *in,
			      const struct cairn_stats *st,
			      const struct timespec *at);

/* Append st's release time ("2027-03-01T12:00:00.000Z"), a real one. */
void cairn_autograder_release_time(struct cairn_buf *out,
				   const struct cairn_stats *st);

#endif
