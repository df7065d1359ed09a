/*
 * cairn_autograder - what the autograders' writers share.
 *
 * A puzzle's points follow the summary's rule (cairn_stats_graded() and
 * cairn_stats_points()), so that the tests of a results file add up to
 * the points of the result, before any late penalty; the texts are plain
 * text, which both systems are told to show as it is.
 */
#include "config.h"

#include <string.h>

#include "cairn_autograder.h"
#include "cairn_policy_rules.h"
#include "cairn_time.h"

static const struct cairn_autograder *const writers[] = {
	&cairn_gradescope,
	&cairn_prairielearn,
	NULL,
};

#define NOT_SUBMISSION "not a submission: hand in answers to a problem set " \
	"(a file with problem_set and answers)"

const struct cairn_autograder *cairn_autograder_find(const char *name)
{
	size_t i;

	for (i = 0; writers[i] != NULL; i++)
		if (strcmp(writers[i]->name, name) == 0)
			return writers[i];
	return NULL;
}

const char *cairn_autograder_error(const struct cairn_input *in)
{
	if (in->error != NULL)
		return in->error;
	return in->shape == CAIRN_SHAPE_SUBMISSION ? NULL : NOT_SUBMISSION;
}

void cairn_autograder_points(const struct cairn_puzzle *p, uint64_t *points,
			     uint64_t *max_points)
{
	struct cairn_stats one = { .weighted = 1 };

	if (cairn_stats_graded(p->error != NULL, p->out.solved, p->out.verdict))
		cairn_stats_points(&one, p->out.verdict, CAIRN_POINTS_OF(p));
	*points = one.points;
	*max_points = one.max_points;
}

void cairn_autograder_message(struct cairn_buf *out, const struct cairn_puzzle *p)
{
	const char *feedback = p->out.feedback;

	if (p->error != NULL) {
		cairn_buf_addf(out, "error: %s", p->error);
		return;
	}
	if (p->out.verdict == CAIRN_VERDICT_NONE) {
		cairn_buf_adds(out, "not graded");
		return;
	}
	cairn_buf_adds(out, cairn_puzzle_verdict_names[p->out.verdict]);
	if (p->out.verdict == CAIRN_VERDICT_MISSING && feedback == NULL)
		feedback = "no answer to this puzzle";
	if (feedback != NULL)
		cairn_buf_addf(out, ": %s", feedback);
}

void cairn_autograder_summary(struct cairn_buf *out, const struct cairn_input *in,
			      const struct cairn_stats *st)
{
	char by[CAIRN_POLICY_BY_LEN], pen[CAIRN_POLICY_PENALTY_LEN];

	cairn_buf_addf(out, "%s: %zu of %zu puzzles correct (wrong %zu, "
		       "missing %zu, invalid %zu", in->problem_set, st->correct,
		       st->graded, st->wrong, st->missing, st->invalid);
	if (st->errors > 0)
		cairn_buf_addf(out, ", errors %zu", st->errors);
	cairn_buf_addf(out, "); %llu of %llu points",
		       (unsigned long long)st->points,
		       (unsigned long long)st->max_points);
	if (!st->late)
		return;
	cairn_buf_addf(out, "; late by %s, penalty %s: ",
		       cairn_policy_rules_by_text(st->late_by_ms, by),
		       cairn_policy_rules_penalty_text(st->penalty_bp, pen));
	cairn_stats_points_kept(out, st);
	cairn_buf_adds(out, " points kept");
}

int cairn_autograder_released(const struct cairn_stats *st,
			      const struct timespec *at)
{
	struct timespec now;

	if (st->release_ms == CAIRN_RELEASE_NOW)
		return 1;
	if (st->release_ms == CAIRN_RELEASE_NEVER)
		return 0;
	if (at == NULL) {
		clock_gettime(CLOCK_REALTIME, &now);
		at = &now;
	}
	return cairn_time_ms(at) >= st->release_ms;
}

void cairn_autograder_receipt(struct cairn_buf *out, const struct cairn_input *in,
			      const struct cairn_stats *st,
			      const struct timespec *at)
{
	char text[CAIRN_TIME_LEN], by[CAIRN_POLICY_BY_LEN];

	cairn_buf_addf(out, "received %s for problem set %s", in->source,
		       in->problem_set);
	if (at == NULL)
		return;
	cairn_buf_addf(out, " at %s, ", cairn_time_format(at, text));
	if (st->late)
		cairn_buf_addf(out, "late by %s",
			       cairn_policy_rules_by_text(st->late_by_ms, by));
	else
		cairn_buf_adds(out, "on time");
}

void cairn_autograder_release_time(struct cairn_buf *out,
				   const struct cairn_stats *st)
{
	struct timespec ts = { (time_t)(st->release_ms / 1000),
			       (long)(st->release_ms % 1000) * 1000000 };
	char text[CAIRN_TIME_LEN];

	cairn_buf_adds(out, cairn_time_format(&ts, text));
}
