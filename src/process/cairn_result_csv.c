/*
 * cairn_result_csv - the CSV result file of doc/formats.md.
 *
 * One record per input puzzle in input order under a fixed header; each
 * record ends with the submission's submitter and problem set (empty for
 * plain puzzles), its owner and arrival (empty for `cairn solve`), so a result says whose it is without its input, and for
 * a graded puzzle of a submission with the points it earned and the
 * points it weighs (their sums are the summary a YAML result has, before
 * a late submission's penalty), then how late it was.
 * Fields are quoted per RFC 4180 only when they must be, and a text field
 * that a spreadsheet would run as a formula gets a leading apostrophe, so
 * that opening a result never executes what a submitter wrote; so does a
 * text that starts with an apostrophe itself, so that a reader removing
 * one guard always gets back the text as it was.
 */
#include "config.h"

#include <string.h>

#include "cairn_input.h"
#include "cairn_int.h"
#include "cairn_policy_rules.h"
#include "cairn_result_csv.h"
#include "cairn_stats.h"
#include "cairn_time.h"

#define HEADER "id,line,n,solver,total,alice,bob,diff,winner,alice_wins," \
	       "first_move,moves,verdict,feedback,error,submitter," \
	       "problem_set,points,max_points,owner,received,late_by," \
	       "late_penalty\n"

int cairn_result_csv_guarded(const char *s)
{
	int64_t v;

	if (s[0] == '\'')
		return 1;	/* so that removing the guard restores it */
	if (strchr("=+-@\t\r", s[0]) == NULL || s[0] == '\0')
		return 0;
	return cairn_int_parse_i64(s, strlen(s), &v) != 0;
}

void cairn_result_csv_field(struct cairn_buf *out, const char *s, int text)
{
	int quote = strpbrk(s, ",\"\r\n") != NULL;
	const char *c;

	if (quote)
		cairn_buf_addc(out, '"');
	if (text && cairn_result_csv_guarded(s))
		cairn_buf_addc(out, '\'');
	for (c = s; *c; c++) {
		if (*c == '"')
			cairn_buf_addc(out, '"');
		cairn_buf_addc(out, *c);
	}
	if (quote)
		cairn_buf_addc(out, '"');
}

static void add_i64(struct cairn_buf *out, int64_t v)
{
	cairn_buf_add_i64(out, v);
	cairn_buf_addc(out, ',');
}

static void numbers(struct cairn_buf *out, const struct cairn_puzzle *p)
{
	const struct cairn_outcome *o = &p->out;

	add_i64(out, (int64_t)p->n);
	cairn_buf_addf(out, "%s,", o->solver);
	add_i64(out, o->total);
	add_i64(out, o->alice);
	add_i64(out, o->bob);
	add_i64(out, o->diff);
	cairn_buf_addf(out, "%s,%s,%s,",
		       cairn_puzzle_winner_names[cairn_puzzle_winner_of(o->diff)],
		       o->diff > 0 ? "true" : "false",
		       o->first_move == CAIRN_MOVE_RIGHT ? "right" : "left");
	if (o->moves != NULL && (p->moves == 1 ||
	    (p->expect.given & CAIRN_EXPECT_BIT(CAIRN_EXPECT_MOVES))))
		cairn_buf_adds(out, o->moves);
	cairn_buf_addc(out, ',');
}

/*
 * owner - ",SUBMITTER,PROBLEM_SET,POINTS,MAX_POINTS,OWNER,RECEIVED,LATE_BY,
 * LATE_PENALTY\n": whose submission the record is of, what puzzle p (NULL:
 * none) earned of its points before any penalty, whose file it was and
 * when it arrived (empty without an origin), and how late (empty when on
 * time: the penalty applies to the sum of the points)
 */
static void owner(struct cairn_buf *out, const struct cairn_input *in,
		  const struct cairn_puzzle *p)
{
	struct cairn_stats one = { .weighted = 1 };

	cairn_buf_addc(out, ',');
	cairn_result_csv_field(out, in->submitter ? in->submitter : "", 1);
	cairn_buf_addc(out, ',');
	cairn_result_csv_field(out, in->problem_set ? in->problem_set : "", 1);
	if (p != NULL && in->shape == CAIRN_SHAPE_SUBMISSION &&
	    cairn_stats_graded(p->error != NULL, p->out.solved,
			       p->out.verdict)) {
		/* The summary's rule, so that the records sum to it. */
		cairn_stats_points(&one, p->out.verdict, CAIRN_POINTS_OF(p));
		cairn_buf_addf(out, ",%llu,%llu,",
			       (unsigned long long)one.points,
			       (unsigned long long)one.max_points);
	} else {
		cairn_buf_adds(out, ",,,");
	}
	if (in->origin != NULL) {
		char at[CAIRN_TIME_LEN];

		cairn_result_csv_field(out, in->origin->owner, 1);
		cairn_buf_addf(out, ",%s", cairn_time_format(&in->origin->received, at));
	} else {
		cairn_buf_addc(out, ',');
	}
	if (in->error == NULL && in->late) {
		char by[CAIRN_POLICY_BY_LEN], pen[CAIRN_POLICY_PENALTY_LEN];

		cairn_buf_addf(out, ",%s,%s", cairn_policy_rules_by_text(in->late_by_ms, by),
			       cairn_policy_rules_penalty_text(in->penalty_bp, pen));
	} else {
		cairn_buf_adds(out, ",,");
	}
	cairn_buf_addc(out, '\n');
}

static void record(struct cairn_buf *out, const struct cairn_input *in,
		   const struct cairn_puzzle *p)
{
	const struct cairn_outcome *o = &p->out;

	cairn_result_csv_field(out, p->id, 1);
	cairn_buf_addf(out, ",%lu,", p->line);
	if (p->error == NULL && o->solved)
		numbers(out, p);
	else
		cairn_buf_adds(out, ",,,,,,,,,,");
	if (p->error == NULL)
		cairn_buf_adds(out, cairn_puzzle_verdict_names[o->verdict]);
	cairn_buf_addc(out, ',');
	if (p->error == NULL && o->feedback != NULL)
		cairn_result_csv_field(out, o->feedback, 1);
	cairn_buf_addc(out, ',');
	if (p->error != NULL)
		cairn_result_csv_field(out, p->error, 1);
	owner(out, in, p);
}

void cairn_result_csv(const struct cairn_input *in, struct cairn_buf *out)
{
	size_t i;

	cairn_buf_adds(out, HEADER);
	if (in->error != NULL) {
		cairn_buf_adds(out, ",");
		if (in->error_line)
			cairn_buf_addf(out, "%lu", in->error_line);
		cairn_buf_adds(out, ",,,,,,,,,,,,,");
		cairn_result_csv_field(out, in->error, 1);
		owner(out, in, NULL);
		return;
	}
	for (i = 0; i < in->npuzzles; i++)
		record(out, in, &in->puzzles[i]);
}
