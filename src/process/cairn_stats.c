/*
 * cairn_stats - counting a result's outcomes and writing its summary.
 *
 * The counts come from the outcomes alone (an error puzzle is counted as
 * an error and nothing else; a verdict of none is not graded; a verdict
 * on a puzzle not solved, which only an answer matched to no puzzle of
 * its set has, counts as invalid but not as graded, SPEC 4), and the
 * score is computed by long division in integers, so the same outcomes
 * give the same summary bytes in every writer, on every machine.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cairn_stats.h"

void cairn_stats_input(const struct cairn_input *in, struct cairn_stats *st)
{
	const struct cairn_puzzle *p;
	size_t i;

	memset(st, 0, sizeof *st);
	st->file_error = in->error != NULL;
	if (st->file_error)
		return;
	st->weighted = in->shape == CAIRN_SHAPE_SUBMISSION;
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

void cairn_stats_score(struct cairn_buf *out, const struct cairn_stats *st)
{
	uint64_t num = st->weighted ? st->points : st->correct;
	uint64_t den = st->weighted ? st->max_points : st->graded;
	uint64_t whole, frac = 0, rem;
	size_t len;
	char tmp[48];
	int k;

	if (den == 0)
		return;
	/* Long division, so that no product can overflow: 4 decimals, and
	   round half up on the remainder. */
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
	if (st->weighted)
		cairn_buf_addf(out, "%spoints%s: %llu, %smax_points%s: %llu, ",
			       q, q, (unsigned long long)st->points,
			       q, q, (unsigned long long)st->max_points);
	cairn_buf_addf(out, "%sscore%s: ", q, q);
	if ((st->weighted ? st->max_points : st->graded) == 0)
		cairn_buf_adds(out, "null");
	cairn_stats_score(out, st);
	cairn_buf_addc(out, '}');
}
