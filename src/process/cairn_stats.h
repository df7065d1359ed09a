/*
 * cairn_stats - the counts of a result and its summary (doc/formats.md and doc/grading.md).
 *
 * What every result writer, the daemon's metrics and the reports share:
 * how many puzzles were solved, failed and graded how, a submission's
 * points, and the summary line and score computed from them, so that a
 * YAML result, a JSON result and a report say the same numbers.
 */
#ifndef CAIRN_STATS_H
#define CAIRN_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_buf.h"
#include "cairn_puzzle.h"

struct cairn_stats {
	size_t puzzles, solved, errors;
	size_t graded, correct, wrong, missing, invalid;
	int file_error;			/* the result has status: error */
	/* A submission's points (doc/grading.md): the score is their ratio. */
	int weighted;			/* points and max_points are set */
	uint64_t points, max_points;	/* earned, and of all graded puzzles */
	/* Course policy (doc/grading.md, cairn_policy.h). */
	int refused;			/* enum cairn_refusal: not graded, why */
	int late;			/* arrived after due + grace */
	int64_t late_by_ms;		/* then: arrival - due */
	uint32_t penalty_bp;		/* then: taken off, 1/10000 of the points */
	/* When the owner may read the result: CAIRN_RELEASE_NOW, _NEVER, or
	   ms since the epoch (error and refused results: NOW). */
	int64_t release_ms;
};

/* Count an input's outcomes into st (st is zeroed first). */
void cairn_stats_input(const struct cairn_input *in, struct cairn_stats *st);
/*
 * Whether a puzzle counts in graded and max_points: it has a verdict, no
 * error, and was solved.  An answer to an id its problem set lacks, or to
 * an id answered before, is not solved (it has no piles): it is reported
 * with verdict invalid and counted as invalid, but not graded (doc/grading.md).
 */
int cairn_stats_graded(int error, int solved, enum cairn_verdict v);
/* Count one puzzle: an error, or solved or not with verdict v. */
void cairn_stats_count(struct cairn_stats *st, int error, int solved,
		       enum cairn_verdict v);
/* Count the points of one graded puzzle weighing w (st->weighted set). */
void cairn_stats_points(struct cairn_stats *st, enum cairn_verdict v,
			uint64_t w);
/*
 * Append summary.score, points/max_points when st->weighted and else
 * correct/graded, both times (1 - penalty) when st->late, rounded to four decimals with trailing zeros dropped
 * (at least one decimal); nothing when the denominator is 0.
 */
void cairn_stats_score(struct cairn_buf *out, const struct cairn_stats *st);
/*
 * Append summary.points: the points earned less a late submission's
 * penalty, exact (to 1/10000 of a point) with trailing zeros dropped and
 * no decimal point when whole: "9", "2.7".
 */
void cairn_stats_points_kept(struct cairn_buf *out, const struct cairn_stats *st);
/*
 * Append the summary mapping in flow style, {puzzles: N, ..., score: S},
 * every key between the quotes q: "" for YAML, "\"" for JSON.
 */
void cairn_stats_summary(struct cairn_buf *out, const struct cairn_stats *st,
			 const char *q);

#endif
