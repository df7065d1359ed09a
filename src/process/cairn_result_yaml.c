/*
 * cairn_result_yaml - the YAML result file of doc/formats.md.
 *
 * The layout is fixed: keys always in the same order, numbers in plain
 * decimal, strings plain only when they read back as the same string
 * (so an id "1" or "yes" is quoted), everything else double-quoted with
 * escapes for every character a YAML reader would refuse, fold into a
 * line break or drop (cairn_utf8_escape()), so that each text reads back
 * as the very same characters.  The same input and configuration always
 * give the same bytes.
 */
#include "config.h"

#include <string.h>

#include "cairn_policy_rules.h"
#include "cairn_result_yaml.h"
#include "cairn_time.h"
#include "cairn_utf8.h"
#include "cairn_yaml.h"

void cairn_result_yaml_scalar(struct cairn_buf *out, const char *s)
{
	if (cairn_yaml_plain_ok(s, CAIRN_YAML_PLAIN_TYPED)) {
		cairn_buf_adds(out, s);
		return;
	}
	cairn_buf_addc(out, '"');
	cairn_utf8_escape(out, s, strlen(s));
	cairn_buf_addc(out, '"');
}

static void key_scalar(struct cairn_buf *out, const char *indent,
		       const char *key, const char *value)
{
	cairn_buf_addf(out, "%s%s: ", indent, key);
	cairn_result_yaml_scalar(out, value);
	cairn_buf_addc(out, '\n');
}

static void key_i64(struct cairn_buf *out, const char *key, int64_t v)
{
	cairn_buf_addf(out, "    %s: ", key);
	cairn_buf_add_i64(out, v);
	cairn_buf_addc(out, '\n');
}

/* check_value - checks hold typed tokens (5, true, left, LRRL): print them bare */
static void check_value(struct cairn_buf *out, const char *v)
{
	const char *c = v;

	while (*c && ((*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') ||
		      (*c >= '0' && *c <= '9') || *c == '-' || *c == '_'))
		c++;
	if (*v != '\0' && *c == '\0')
		cairn_buf_adds(out, v);
	else
		cairn_result_yaml_scalar(out, v);
}

static void checks(struct cairn_buf *out, const struct cairn_outcome *o)
{
	const struct cairn_check *c;
	size_t i;

	cairn_buf_adds(out, "    checks:\n");
	for (i = 0; i < o->nchecks; i++) {
		c = &o->checks[i];
		cairn_buf_addf(out, "      %s: {expected: ",
			       cairn_puzzle_expect_key_names[c->key]);
		check_value(out, c->expected);
		cairn_buf_adds(out, ", actual: ");
		check_value(out, c->actual);
		cairn_buf_addf(out, ", ok: %s", c->ok ? "true" : "false");
		if (c->first_bad)
			cairn_buf_addf(out, ", first_bad: %zu", c->first_bad);
		cairn_buf_adds(out, "}\n");
	}
}

static void table(struct cairn_buf *out, const int64_t *d, size_t n)
{
	size_t i, j;

	cairn_buf_adds(out, "    explain:\n");
	for (i = 0; i < n; i++) {
		cairn_buf_adds(out, "      - [");
		for (j = i; j < n; j++) {
			if (j > i)
				cairn_buf_adds(out, ", ");
			cairn_buf_add_i64(out, d[i * n + j]);
		}
		cairn_buf_adds(out, "]\n");
	}
}

static void numbers(struct cairn_buf *out, const struct cairn_puzzle *p)
{
	const struct cairn_outcome *o = &p->out;

	key_i64(out, "n", (int64_t)p->n);
	key_scalar(out, "    ", "solver", o->solver);
	key_i64(out, "total", o->total);
	key_i64(out, "alice", o->alice);
	key_i64(out, "bob", o->bob);
	key_i64(out, "diff", o->diff);
	cairn_buf_addf(out, "    winner: %s\n    alice_wins: %s\n",
		       cairn_puzzle_winner_names[cairn_puzzle_winner_of(o->diff)],
		       o->diff > 0 ? "true" : "false");
	cairn_buf_addf(out, "    first_move: %s\n",
		       o->first_move == CAIRN_MOVE_RIGHT ? "right" : "left");
	if (o->moves != NULL &&
	    (p->moves == 1 || (p->expect.given & CAIRN_EXPECT_BIT(CAIRN_EXPECT_MOVES))))
		cairn_buf_addf(out, "    moves: %s\n", o->moves);
}

static void puzzle(struct cairn_buf *out, const struct cairn_puzzle *p)
{
	const struct cairn_outcome *o = &p->out;

	cairn_buf_adds(out, "  - id: ");
	cairn_result_yaml_scalar(out, p->id);
	cairn_buf_addf(out, "\n    line: %lu\n", p->line);
	if (p->error != NULL) {
		key_scalar(out, "    ", "error", p->error);
		return;
	}
	if (o->solved)
		numbers(out, p);
	if (o->verdict != CAIRN_VERDICT_NONE) {
		cairn_buf_addf(out, "    verdict: %s\n", cairn_puzzle_verdict_names[o->verdict]);
		if (o->nchecks > 0)
			checks(out, o);
	}
	if (o->feedback != NULL)
		key_scalar(out, "    ", "feedback", o->feedback);
	if (o->table != NULL)
		table(out, o->table, p->n);
}

void cairn_result_yaml(const struct cairn_input *in, const struct cairn_stats *st,
		       struct cairn_buf *out)
{
	size_t i;

	cairn_buf_adds(out, "format: cairn-result/1\n");
	key_scalar(out, "", "source", in->source);
	if (in->origin != NULL) {
		char at[CAIRN_TIME_LEN];

		key_scalar(out, "", "owner", in->origin->owner);
		cairn_buf_addf(out, "uid: %lu\n", (unsigned long)in->origin->uid);
		cairn_buf_addf(out, "received: %s\n",
			       cairn_time_format(&in->origin->received, at));
	}
	cairn_buf_addf(out, "status: %s\n", in->error ? "error" : "ok");
	if (in->error == NULL && in->late) {
		char by[CAIRN_POLICY_BY_LEN], pen[CAIRN_POLICY_PENALTY_LEN];

		/* by always quoted, so that every reader gets a string. */
		cairn_buf_addf(out, "late: {by: \"%s\", penalty: %s}\n",
			       cairn_policy_rules_by_text(in->late_by_ms, by),
			       cairn_policy_rules_penalty_text(in->penalty_bp, pen));
	}
	if (in->error != NULL)
		key_scalar(out, "", "error", in->error);
	if (in->problem_set != NULL)
		key_scalar(out, "", "problem_set", in->problem_set);
	if (in->submitter != NULL)
		key_scalar(out, "", "submitter", in->submitter);
	if (in->error != NULL || in->npuzzles == 0)
		cairn_buf_adds(out, "puzzles: []\n");
	else
		cairn_buf_adds(out, "puzzles:\n");
	for (i = 0; in->error == NULL && i < in->npuzzles; i++)
		puzzle(out, &in->puzzles[i]);
	cairn_buf_adds(out, "summary: ");
	cairn_stats_summary(out, st, "");
	cairn_buf_adds(out, "\n");
}
