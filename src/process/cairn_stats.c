/*
 * cairn_stats - counting a result's outcomes and writing its summary.
 *
 * The counts come from the outcomes alone (an error puzzle is counted as
 * an error and nothing else; a verdict of none is not graded; a verdict
 * on a puzzle not solved, which only an answer matched to no puzzle of
 * its set has, counts as invalid but not as graded, doc/grading.md), and the
 * score is computed by long division in integers, so the same outcomes
 * give the same summary bytes in every writer, on every machine.  A late
 * submission's penalty is applied here, to the summary only: points keep
 * their count before it, and what is printed is that count times
 * (1 - penalty), exact in 1/10000 of a point.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cairn_policy_rules.h"
#include "cairn_stats.h"

/* The whole of the points, in 1/10000, that a penalty takes from. */
#define ALL_BP 10000u

void cairn_stats_input(const struct cairn_input *in, struct cairn_stats *st)
{
	const struct cairn_puzzle *p;
	size_t i;

	memset(st, 0, sizeof *st);
	st->file_error = in->error != NULL;
	st->refused = in->refusal;
	/* Error and refused results reveal no answer: readable at once. */
	st->release_ms = CAIRN_RELEASE_NOW;
	if (st->file_error)
		return;
	st->weighted = in->shape == CAIRN_SHAPE_SUBMISSION;
	if (st->weighted)
		st->release_ms = cairn_policy_rules_release_ms(&in->policy);
	st->late = in->late;
	st->late_by_ms = in->late_by_ms;
	st->penalty_bp = in->late ? in->penalty_bp : 0;
	for (i = 0; i < in->npuzzles; i++) {
		p = &in->puzzles[i];
		cairn_stats_count(st, p->error != NULL, p->out.solved,
				  p->out.verdict);
		if (st->weighted && cairn_stats_graded(p->error != NULL,
						       p->out.solved,
						       p->out.verdict))
			cairn_stats_points(st, p->out.verdict,
					   CAIRN_POINTS_OF(p));
	}
}

int cairn_stats_graded(int error, int solved, enum cairn_verdict v)
{
	return !error && solved && v != CAIRN_VERDICT_NONE;
}

void cairn_stats_count(struct cairn_stats *st, int error, int solved,
		       enum cairn_verdict v)
{
	st->puzzles++;
	if (error) {
		st->errors++;
		return;
	}
	st->solved += solved != 0;
	switch (v) {
	case CAIRN_VERDICT_CORRECT: st->correct++; break;
	case CAIRN_VERDICT_WRONG: st->wrong++; break;
	case CAIRN_VERDICT_INVALID: st->invalid++; break;
	case CAIRN_VERDICT_MISSING: st->missing++; break;
	case CAIRN_VERDICT_NONE: return;
	}
	st->graded += cairn_stats_graded(0, solved, v);
}

void cairn_stats_points(struct cairn_stats *st, enum cairn_verdict v,
			uint64_t w)
{
	if (v == CAIRN_VERDICT_NONE)
		return;
	st->max_points += w;
	if (v == CAIRN_VERDICT_CORRECT)
		st->points += w;
}

/* kept - what the penalty leaves of v, in 1/10000 (128 bits: no overflow) */
static unsigned __int128 kept(uint64_t v, const struct cairn_stats *st)
{
	return (unsigned __int128)v * (ALL_BP - (st->late ? st->penalty_bp : 0));
}

void cairn_stats_score(struct cairn_buf *out, const struct cairn_stats *st)
{
	uint64_t den64 = st->weighted ? st->max_points : st->graded;
	unsigned __int128 num = kept(st->weighted ? st->points : st->correct, st);
	unsigned __int128 den = (unsigned __int128)den64 * ALL_BP;
	unsigned __int128 whole, frac = 0, rem;
	size_t len;
	char tmp[48];
	int k;

	if (den == 0)
		return;
	/* Long division, so that no product can overflow: 4 decimals, and
	   round half up on the remainder.  The score is at most 1, so its
	   whole part fits any integer type. */
	whole = num / den;
	rem = num % den;
	for (k = 0; k < 4; k++) {
		frac = frac * 10 + rem * 10 / den;
		rem = rem * 10 % den;
	}
	if (rem >= den - rem && ++frac == 10000) {
		whole++;
		frac = 0;
	}
	len = (size_t)snprintf(tmp, sizeof tmp, "%llu.%04llu",
			       (unsigned long long)whole,
			       (unsigned long long)frac);
	while (tmp[len - 1] == '0' && tmp[len - 2] != '.')
		tmp[--len] = '\0';
	cairn_buf_adds(out, tmp);
}

void cairn_stats_points_kept(struct cairn_buf *out, const struct cairn_stats *st)
{
	unsigned __int128 v = kept(st->points, st);
	unsigned frac = (unsigned)(v % ALL_BP);
	char tmp[8];
	size_t len;

	/* What is kept is at most the points: the whole part fits 64 bits. */
	cairn_buf_addf(out, "%llu", (unsigned long long)(v / ALL_BP));
	if (frac == 0)
		return;
	len = (size_t)snprintf(tmp, sizeof tmp, ".%04u", frac);
	while (tmp[len - 1] == '0')
		tmp[--len] = '\0';
	cairn_buf_adds(out, tmp);
}

void cairn_stats_summary(struct cairn_buf *out, const struct cairn_stats *st,
			 const char *q)
{
	const struct { const char *key; size_t n; } counts[] = {
		{ "puzzles", st->puzzles }, { "solved", st->solved },
		{ "errors", st->errors }, { "graded", st->graded },
		{ "correct", st->correct }, { "wrong", st->wrong },
		{ "missing", st->missing }, { "invalid", st->invalid },
	};

	cairn_buf_addc(out, '{');
	for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
		cairn_buf_addf(out, "%s%s%s: %zu, ", q, counts[i].key, q, counts[i].n);
	if (st->weighted) {
		cairn_buf_addf(out, "%spoints%s: ", q, q);
		cairn_stats_points_kept(out, st);
		cairn_buf_addf(out, ", %smax_points%s: %llu, ", q, q,
			       (unsigned long long)st->max_points);
	}
	cairn_buf_addf(out, "%sscore%s: ", q, q);
	if ((st->weighted ? st->max_points : st->graded) == 0)
		cairn_buf_adds(out, "null");
	cairn_stats_score(out, st);
	cairn_buf_addc(out, '}');
}
