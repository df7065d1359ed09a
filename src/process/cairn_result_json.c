/*
 * cairn_result_json - the JSON result file of doc/formats.md.
 *
 * The same fields as the YAML result (cairn_result_yaml.c), in the same
 * order and under the same conditions, as one RFC 8259 object: integers
 * as JSON numbers, booleans as true/false, an absent score as null.  A
 * check's expected and actual values are numbers when they are integers,
 * booleans when true or false, strings otherwise.  Strings are escaped so
 * that they read back as the same characters, and so that the text may
 * be embedded in JavaScript and read by a YAML parser as it is: '"', '\',
 * the C0 controls, DEL, the C1 controls, U+2028, U+2029, U+FEFF, U+FFFE
 * and U+FFFF are \-escaped; bytes that are not
 * UTF-8 (only a file name can hold them) become U+FFFD.  The layout is
 * fixed, so the same input and configuration give the same bytes; the
 * text is also valid YAML, which is how the result reader reads it.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cairn_input.h"
#include "cairn_int.h"
#include "cairn_policy_rules.h"
#include "cairn_result_json.h"
#include "cairn_time.h"
#include "cairn_utf8.h"

void cairn_result_json_string(struct cairn_buf *out, const char *s)
{
	cairn_buf_addc(out, '"');
	cairn_utf8_escape_json(out, s, strlen(s));
	cairn_buf_addc(out, '"');
}

/* key - ,\n then INDENT"key": (the first member of an object gets no comma) */
static void key(struct cairn_buf *out, int *first, const char *indent,
		const char *name)
{
	cairn_buf_adds(out, *first ? "\n" : ",\n");
	*first = 0;
	cairn_buf_addf(out, "%s\"%s\": ", indent, name);
}

static void key_string(struct cairn_buf *out, int *first, const char *indent,
		       const char *name, const char *v)
{
	key(out, first, indent, name);
	cairn_result_json_string(out, v);
}

static void key_i64(struct cairn_buf *out, int *first, const char *name,
		    int64_t v)
{
	key(out, first, "      ", name);
	cairn_buf_add_i64(out, v);
}

/* check_value - an integer as a number, true/false as booleans, else a string */
static void check_value(struct cairn_buf *out, const char *v)
{
	int64_t n;

	if (strcmp(v, "true") == 0 || strcmp(v, "false") == 0)
		cairn_buf_adds(out, v);
	else if (*v != '\0' && cairn_int_parse_i64(v, strlen(v), &n) == 0)
		cairn_buf_add_i64(out, n);
	else
		cairn_result_json_string(out, v);
}

static void checks(struct cairn_buf *out, int *first,
		   const struct cairn_outcome *o)
{
	const struct cairn_check *c;
	size_t i;

	key(out, first, "      ", "checks");
	cairn_buf_adds(out, "{");
	for (i = 0; i < o->nchecks; i++) {
		c = &o->checks[i];
		cairn_buf_addf(out, "%s\n        \"%s\": {\"expected\": ",
			       i ? "," : "", cairn_puzzle_expect_key_names[c->key]);
		check_value(out, c->expected);
		cairn_buf_adds(out, ", \"actual\": ");
		check_value(out, c->actual);
		cairn_buf_addf(out, ", \"ok\": %s", c->ok ? "true" : "false");
		if (c->first_bad)
			cairn_buf_addf(out, ", \"first_bad\": %zu", c->first_bad);
		cairn_buf_adds(out, "}");
	}
	cairn_buf_adds(out, "\n      }");
}

static void table(struct cairn_buf *out, int *first, const int64_t *d, size_t n)
{
	size_t i, j;

	key(out, first, "      ", "explain");
	cairn_buf_adds(out, "[");
	for (i = 0; i < n; i++) {
		cairn_buf_adds(out, i ? ",\n        [" : "\n        [");
		for (j = i; j < n; j++) {
			if (j > i)
				cairn_buf_adds(out, ", ");
			cairn_buf_add_i64(out, d[i * n + j]);
		}
		cairn_buf_adds(out, "]");
	}
	cairn_buf_adds(out, "\n      ]");
}

static void numbers(struct cairn_buf *out, int *first, const struct cairn_puzzle *p)
{
	const struct cairn_outcome *o = &p->out;

	key_i64(out, first, "n", (int64_t)p->n);
	key_string(out, first, "      ", "solver", o->solver);
	key_i64(out, first, "total", o->total);
	key_i64(out, first, "alice", o->alice);
	key_i64(out, first, "bob", o->bob);
	key_i64(out, first, "diff", o->diff);
	key_string(out, first, "      ", "winner",
		   cairn_puzzle_winner_names[cairn_puzzle_winner_of(o->diff)]);
	key(out, first, "      ", "alice_wins");
	cairn_buf_adds(out, o->diff > 0 ? "true" : "false");
	key_string(out, first, "      ", "first_move",
		   o->first_move == CAIRN_MOVE_RIGHT ? "right" : "left");
	if (o->moves != NULL &&
	    (p->moves == 1 || (p->expect.given & CAIRN_EXPECT_BIT(CAIRN_EXPECT_MOVES))))
		key_string(out, first, "      ", "moves", o->moves);
}

static void puzzle(struct cairn_buf *out, const struct cairn_puzzle *p)
{
	const struct cairn_outcome *o = &p->out;
	int first = 1;

	cairn_buf_adds(out, "    {");
	key_string(out, &first, "      ", "id", p->id);
	key(out, &first, "      ", "line");
	cairn_buf_addf(out, "%lu", p->line);
	if (p->error != NULL) {
		key_string(out, &first, "      ", "error", p->error);
	} else {
		if (o->solved)
			numbers(out, &first, p);
		if (o->verdict != CAIRN_VERDICT_NONE) {
			key_string(out, &first, "      ", "verdict",
				   cairn_puzzle_verdict_names[o->verdict]);
			if (o->nchecks > 0)
				checks(out, &first, o);
		}
		if (o->feedback != NULL)
			key_string(out, &first, "      ", "feedback", o->feedback);
		if (o->table != NULL)
			table(out, &first, o->table, p->n);
	}
	cairn_buf_adds(out, "\n    }");
}

static void summary(struct cairn_buf *out, int *first, const struct cairn_stats *st)
{
	key(out, first, "  ", "summary");
	cairn_stats_summary(out, st, "\"");
}

void cairn_result_json(const struct cairn_input *in, const struct cairn_stats *st,
		       struct cairn_buf *out)
{
	int first = 1, listed = in->error == NULL && in->npuzzles > 0;
	size_t i;

	cairn_buf_adds(out, "{");
	key_string(out, &first, "  ", "format", "cairn-result/1");
	key_string(out, &first, "  ", "source", in->source);
	if (in->origin != NULL) {
		char at[CAIRN_TIME_LEN];

		key_string(out, &first, "  ", "owner", in->origin->owner);
		key(out, &first, "  ", "uid");
		cairn_buf_addf(out, "%lu", (unsigned long)in->origin->uid);
		key_string(out, &first, "  ", "received",
			   cairn_time_format(&in->origin->received, at));
	}
	key_string(out, &first, "  ", "status", in->error ? "error" : "ok");
	if (in->error == NULL && in->late) {
		char by[CAIRN_POLICY_BY_LEN], pen[CAIRN_POLICY_PENALTY_LEN];

		key(out, &first, "  ", "late");
		cairn_buf_addf(out, "{\"by\": \"%s\", \"penalty\": %s}",
			       cairn_policy_rules_by_text(in->late_by_ms, by),
			       cairn_policy_rules_penalty_text(in->penalty_bp, pen));
	}
	if (in->error != NULL)
		key_string(out, &first, "  ", "error", in->error);
	if (in->problem_set != NULL)
		key_string(out, &first, "  ", "problem_set", in->problem_set);
	if (in->submitter != NULL)
		key_string(out, &first, "  ", "submitter", in->submitter);
	key(out, &first, "  ", "puzzles");
	cairn_buf_adds(out, listed ? "[\n" : "[]");
	for (i = 0; listed && i < in->npuzzles; i++) {
		if (i > 0)
			cairn_buf_adds(out, ",\n");
		puzzle(out, &in->puzzles[i]);
	}
	if (listed)
		cairn_buf_adds(out, "\n  ]");
	summary(out, &first, st);
	cairn_buf_adds(out, "\n}\n");
}
