/*
 * check_policy - a problem set's course policy (doc/grading.md): reading the
 * policy mapping (every key good and bad, each message word for word),
 * the rules at their boundaries, and what processing makes of an arrival
 * (late, refused, points after the penalty) in the exact bytes of each
 * result format.
 *
 * Sets come from a problem source in memory, so nothing here touches the
 * file system but cairn_problems_policy()'s one temporary directory; the
 * solvers are the build's plugins.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_buf.h"
#include "cairn_input.h"
#include "cairn_mem.h"
#include "cairn_policy_rules.h"
#include "cairn_problems.h"
#include "cairn_process.h"
#include "cairn_time.h"
#include "check_run.h"

/* ms - the moment an RFC 3339 text names, in ms since the epoch */
static int64_t ms(const char *text)
{
	struct timespec t;

	ck_assert_msg(cairn_time_parse_offset(text, strlen(text), &t) == 0,
		      "%s", text);
	return cairn_time_ms(&t);
}

/* --- times with an offset --- */

START_TEST(time_offset)
{
	static const struct { const char *text; long long want_ms; } good[] = {
		{ "1970-01-01T00:00:00Z", 0 },
		{ "2026-12-10T23:59:00+01:00", 1796943540000LL },
		{ "2026-12-10T22:59:00z", 1796943540000LL },
		{ "2026-12-10t17:29:00-05:30", 1796943540000LL },
		{ "2026-12-10T22:59:00.5Z", 1796943540500LL },
		{ "2026-12-10T22:59:00.123456789Z", 1796943540123LL },
		{ "2024-02-29T00:00:00Z", 1709164800000LL },
		{ "1969-12-31T23:59:59.999Z", -1 },
		{ "9999-12-31T23:59:59+00:00", 253402300799000LL },
	};
	static const char *const bad[] = {
		"", "2026-12-10", "2026-12-10T23:59:00", "2026-12-10 23:59:00Z",
		"2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-04-31T00:00:00Z",
		"2026-12-10T24:00:00Z", "2026-12-10T23:60:00Z", "2026-12-31T23:59:60Z",
		"2026-12-10T23:59:00+0100", "2026-12-10T23:59:00+24:00",
		"2026-12-10T23:59:00+01:60", "2026-12-10T23:59:00.Z",
		"2026-12-10T23:59:00.1234567890Z", "2026-12-10T23:59:00Zx",
		"+2026-12-10T23:59:00Z", "2026-1-10T23:59:00Z",
	};
	struct timespec t;
	size_t i;

	for (i = 0; i < sizeof good / sizeof good[0]; i++)
		ck_assert_msg(ms(good[i].text) == good[i].want_ms, "%s: %lld",
			      good[i].text, (long long)ms(good[i].text));
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(cairn_time_parse_offset(bad[i], strlen(bad[i]), &t) < 0,
			      "%s was read", bad[i]);
}
END_TEST

/* --- the policy mapping --- */

/* set_text - a set whose policy mapping holds `lines` (each "  key: v\n") */
static char *set_text(const char *lines)
{
	return cairn_xasprintf("policy:\n%spuzzles:\n  - {id: a, piles: [1, 2]}\n",
			       lines);
}

/* read_set - parse text as a YAML set; the file error, or NULL */
static char *read_set(const char *text, struct cairn_policy *p)
{
	const struct cairn_limits lim = { 1000, 1u << 20 };
	struct cairn_input in;
	char *err;

	cairn_puzzle_input_init(&in, "hw.yaml", CAIRN_FORMAT_YAML);
	cairn_yaml_in_read(&in, text, strlen(text), &lim);
	err = in.error ? cairn_xstrdup(in.error) : NULL;
	if (p != NULL)
		cairn_policy_copy(p, &in.policy);
	cairn_puzzle_input_free(&in);
	return err;
}

START_TEST(policy_good)
{
	struct cairn_policy p;
	char *text, *err;

	text = set_text("  due: 2026-12-10T23:59:00+01:00\n"
			"  grace: 1h30m\n"
			"  late_penalty: 12.5%\n"
			"  close: \"2026-12-17T23:59:00.250+01:00\"\n"
			"  max_submissions: 5\n"
			"  feedback: after_close\n");
	err = read_set(text, &p);
	ck_assert_msg(err == NULL, "%s", err);
	ck_assert_int_eq(p.present, 1);
	ck_assert_int_eq(p.has_due, 1);
	ck_assert_int_eq(p.due_ms, 1796943540000LL);
	ck_assert_str_eq(p.due_text, "2026-12-10T23:59:00+01:00");
	ck_assert_int_eq(p.grace_ms, 5400000);
	ck_assert_uint_eq(p.late_penalty_bp, 1250);
	ck_assert_int_eq(p.has_close, 1);
	ck_assert_int_eq(p.close_ms, 1796943540000LL + 7 * 86400000LL + 250);
	ck_assert_str_eq(p.close_text, "2026-12-17T23:59:00.250+01:00");
	ck_assert_uint_eq(p.max_submissions, 5);
	ck_assert_int_eq(p.feedback, CAIRN_FEEDBACK_AFTER_CLOSE);
	free(text);

	/* Every key is optional; an empty mapping is a policy of defaults. */
	err = read_set("policy: {}\npuzzles:\n  - {id: a, piles: [1]}\n", &p);
	ck_assert_ptr_null(err);
	ck_assert_int_eq(p.present, 1);
	ck_assert_int_eq(p.has_due, 0);
	ck_assert_int_eq(p.has_close, 0);
	ck_assert_uint_eq(p.max_submissions, 0);
	ck_assert_int_eq(p.feedback, CAIRN_FEEDBACK_IMMEDIATE);
	err = read_set("puzzles:\n  - {id: a, piles: [1]}\n", &p);
	ck_assert_ptr_null(err);
	ck_assert_int_eq(p.present, 0);
}
END_TEST

/* Extensions: one owner's due and/or close, and the policy each owner meets. */
START_TEST(policy_extensions)
{
	struct cairn_policy p, of, copy;
	char *text, *err;

	text = set_text("  due: 2026-12-10T23:59:00+01:00\n"
			"  grace: 10m\n"
			"  close: 2026-12-17T23:59:00+01:00\n"
			"  extensions:\n"
			"    ada: {due: 2026-12-12T23:59:00+01:00}\n"
			"    \"1002\": {due: 2026-12-13T12:00:00+01:00, "
			"close: 2026-12-20T23:59:00+01:00}\n");
	err = read_set(text, &p);
	free(text);
	ck_assert_msg(err == NULL, "%s", err);
	ck_assert_uint_eq(p.next, 2);
	ck_assert_str_eq(p.ext[0].owner, "ada");
	ck_assert_int_eq(p.ext[0].has_due, 1);
	ck_assert_int_eq(p.ext[0].has_close, 0);
	ck_assert_int_eq(p.ext[0].due_ms, ms("2026-12-12T23:59:00+01:00"));
	ck_assert_str_eq(p.ext[1].owner, "1002");
	ck_assert_str_eq(p.ext[1].close_text, "2026-12-20T23:59:00+01:00");
	/* ada: her due, the set's close and grace. */
	cairn_policy_of_owner(&p, "ada", &of);
	ck_assert_int_eq(of.due_ms, ms("2026-12-12T23:59:00+01:00"));
	ck_assert_str_eq(of.due_text, "2026-12-12T23:59:00+01:00");
	ck_assert_int_eq(of.close_ms, ms("2026-12-17T23:59:00+01:00"));
	ck_assert_int_eq(of.grace_ms, 600000);
	ck_assert_ptr_null(of.ext);
	ck_assert_uint_eq(of.next, 0);
	/* 1002: both; bob and no owner: the set's own. */
	cairn_policy_of_owner(&p, "1002", &of);
	ck_assert_int_eq(of.due_ms, ms("2026-12-13T12:00:00+01:00"));
	ck_assert_int_eq(of.close_ms, ms("2026-12-20T23:59:00+01:00"));
	cairn_policy_of_owner(&p, "bob", &of);
	ck_assert_int_eq(of.due_ms, p.due_ms);
	ck_assert_int_eq(of.close_ms, p.close_ms);
	cairn_policy_of_owner(&p, NULL, &of);
	ck_assert_int_eq(of.due_ms, p.due_ms);
	ck_assert_ptr_null(cairn_policy_ext_find(&p, "Ada"));
	/* A copy owns its own extensions. */
	cairn_policy_copy(&copy, &p);
	cairn_policy_free(&p);
	ck_assert_ptr_null(p.ext);
	ck_assert_str_eq(copy.ext[1].owner, "1002");
	cairn_policy_free(&copy);
}
END_TEST

/* Each value's spellings: what is read, in its unit. */
START_TEST(policy_values)
{
	static const struct { const char *line; long long want; } cases[] = {
		{ "  due: 2026-01-01T00:00:00Z\n  grace: 30s\n", 30000 },
		{ "  due: 2026-01-01T00:00:00Z\n  grace: 10m\n", 600000 },
		{ "  due: 2026-01-01T00:00:00Z\n  grace: 2h\n", 7200000 },
		{ "  due: 2026-01-01T00:00:00Z\n  grace: 1d\n", 86400000 },
		{ "  due: 2026-01-01T00:00:00Z\n  grace: 1d2h3m4s\n", 93784000 },
		{ "  due: 2026-01-01T00:00:00Z\n  grace: 0s\n", 0 },
		{ "  due: 2026-01-01T00:00:00Z\n  late_penalty: 0%\n", 0 },
		{ "  due: 2026-01-01T00:00:00Z\n  late_penalty: 10%\n", 1000 },
		{ "  due: 2026-01-01T00:00:00Z\n  late_penalty: 2.5%\n", 250 },
		{ "  due: 2026-01-01T00:00:00Z\n  late_penalty: 0.05%\n", 5 },
		{ "  due: 2026-01-01T00:00:00Z\n  late_penalty: 100.00%\n", 10000 },
		{ "  max_submissions: 1\n", 1 },
		{ "  max_submissions: 1000000\n", 1000000 },
		{ "  feedback: immediate\n", CAIRN_FEEDBACK_IMMEDIATE },
		{ "  due: 2026-01-01T00:00:00Z\n  feedback: after_due\n",
		  CAIRN_FEEDBACK_AFTER_DUE },
		{ "  close: 2026-01-01T00:00:00Z\n  feedback: after_close\n",
		  CAIRN_FEEDBACK_AFTER_CLOSE },
		{ "  feedback: never\n", CAIRN_FEEDBACK_NEVER },
	};
	struct cairn_policy p;
	long long got;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *text = set_text(cases[i].line), *err = read_set(text, &p);

		ck_assert_msg(err == NULL, "%s: %s", cases[i].line, err);
		got = strstr(cases[i].line, "grace") ? p.grace_ms :
		      strstr(cases[i].line, "late_penalty") ? p.late_penalty_bp :
		      strstr(cases[i].line, "max_") ? p.max_submissions :
		      (long long)p.feedback;
		ck_assert_msg(got == cases[i].want, "%s: %lld", cases[i].line, got);
		free(text);
	}
}
END_TEST

/* Every fault names its place and key; the line is 2 + the key's line. */
START_TEST(policy_bad)
{
	static const struct { const char *lines, *want; } cases[] = {
		{ "  due: 2026-13-01\n",
		  "line 2, column 8: policy.due: \"2026-13-01\" is not an RFC 3339 "
		  "time with an offset (2026-12-10T23:59:00+01:00)" },
		{ "  due: 2026-12-10T23:59:00\n",
		  "line 2, column 8: policy.due: \"2026-12-10T23:59:00\" is not an "
		  "RFC 3339 time with an offset (2026-12-10T23:59:00+01:00)" },
		{ "  due: [2026]\n",
		  "line 2, column 8: policy.due: expected an RFC 3339 time with an "
		  "offset" },
		{ "  close: 2026-12-17\n",
		  "line 2, column 10: policy.close: \"2026-12-17\" is not an RFC 3339 "
		  "time with an offset (2026-12-17T23:59:00+01:00)" },
		{ "  due: 2026-12-10T23:59:00Z\n  grace: 10\n",
		  "line 3, column 10: policy.grace: \"10\" is not a duration (30s, "
		  "10m, 2h, 1d, 1h30m)" },
		{ "  due: 2026-12-10T23:59:00Z\n  grace: -1h\n",
		  "line 3, column 10: policy.grace: \"-1h\" is not a duration (30s, "
		  "10m, 2h, 1d, 1h30m)" },
		{ "  due: 2026-12-10T23:59:00Z\n  grace: 30m1h\n",
		  "line 3, column 10: policy.grace: \"30m1h\" is not a duration (30s, "
		  "10m, 2h, 1d, 1h30m)" },
		{ "  due: 2026-12-10T23:59:00Z\n  grace: 1h 30m\n",
		  "line 3, column 10: policy.grace: \"1h 30m\" is not a duration (30s, "
		  "10m, 2h, 1d, 1h30m)" },
		{ "  due: 2026-12-10T23:59:00Z\n  late_penalty: 10\n",
		  "line 3, column 17: policy.late_penalty: \"10\" is not a percentage "
		  "from 0% to 100% (10%, 2.5%)" },
		{ "  due: 2026-12-10T23:59:00Z\n  late_penalty: 100.01%\n",
		  "line 3, column 17: policy.late_penalty: \"100.01%\" is not a "
		  "percentage from 0% to 100% (10%, 2.5%)" },
		{ "  due: 2026-12-10T23:59:00Z\n  late_penalty: 1.125%\n",
		  "line 3, column 17: policy.late_penalty: \"1.125%\" is not a "
		  "percentage from 0% to 100% (10%, 2.5%)" },
		{ "  due: 2026-12-10T23:59:00Z\n  late_penalty: -5%\n",
		  "line 3, column 17: policy.late_penalty: \"-5%\" is not a "
		  "percentage from 0% to 100% (10%, 2.5%)" },
		{ "  max_submissions: 0\n",
		  "line 2, column 20: policy.max_submissions: \"0\" is not an integer "
		  "from 1 to 1000000" },
		{ "  max_submissions: 2.5\n",
		  "line 2, column 20: policy.max_submissions: \"2.5\" is not an integer "
		  "from 1 to 1000000" },
		{ "  max_submissions: 1000001\n",
		  "line 2, column 20: policy.max_submissions: \"1000001\" is not an "
		  "integer from 1 to 1000000" },
		{ "  feedback: soon\n",
		  "line 2, column 13: policy.feedback: \"soon\" is not one of "
		  "immediate, after_due, after_close, never" },
		{ "  feedback: after_due\n",
		  "line 2, column 13: policy.feedback: after_due needs policy.due" },
		{ "  due: 2026-12-10T23:59:00Z\n  feedback: after_close\n",
		  "line 3, column 13: policy.feedback: after_close needs policy.close" },
		{ "  grace: 10m\n",
		  "line 2, column 10: policy.grace: a grace period needs policy.due" },
		{ "  late_penalty: 10%\n  close: 2026-12-10T23:59:00Z\n",
		  "line 2, column 17: policy.late_penalty: a late penalty needs "
		  "policy.due" },
		{ "  due_date: 2026-12-10T23:59:00Z\n",
		  "line 2, column 3: policy: unknown key \"due_date\"" },
		{ "  due: 2026-12-10T23:59:00Z\n  due: 2026-12-11T23:59:00Z\n",
		  "line 3, column 3: policy: duplicate key \"due\"" },
		{ "  extensions: [ada]\n",
		  "line 2, column 15: policy.extensions: expected a mapping from owner "
		  "names to extensions" },
		{ "  extensions:\n    bad name: {due: 2026-12-12T23:59:00Z}\n",
		  "line 3, column 5: policy.extensions: \"bad name\" is not an owner "
		  "name (a login name, or a uid in decimal)" },
		{ "  extensions:\n    .ada: {due: 2026-12-12T23:59:00Z}\n",
		  "line 3, column 5: policy.extensions: \".ada\" is not an owner "
		  "name (a login name, or a uid in decimal)" },
		{ "  extensions:\n    ada: {due: tomorrow}\n",
		  "line 3, column 16: policy.extensions.ada.due: \"tomorrow\" is not "
		  "an RFC 3339 time with an offset (2026-12-10T23:59:00+01:00)" },
		{ "  extensions:\n    ada: {}\n",
		  "line 3, column 5: policy.extensions.ada: an extension needs due or "
		  "close" },
		{ "  extensions:\n    ada: {grace: 1h}\n",
		  "line 3, column 11: policy.extensions.ada: unknown key \"grace\"" },
		{ "  extensions:\n    ada: 2026-12-12T23:59:00Z\n",
		  "line 3, column 10: policy.extensions.ada: expected a mapping with "
		  "due and/or close" },
		{ "  extensions:\n    ada: {due: 2026-12-12T23:59:00Z}\n"
		  "    ada: {close: 2026-12-12T23:59:00Z}\n",
		  "line 4, column 5: policy.extensions: \"ada\" has an extension "
		  "already" },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *text = set_text(cases[i].lines), *err = read_set(text, NULL);

		ck_assert_msg(err != NULL, "%s: no error", cases[i].lines);
		ck_assert_str_eq(err, cases[i].want);
		free(err);
		free(text);
	}
}
END_TEST

/* Only a set has a policy; and only one per file. */
START_TEST(policy_where)
{
	static const struct { const char *text, *want; } cases[] = {
		{ "policy: [due]\npuzzles: []\n",
		  "line 1, column 9: policy: expected a mapping" },
		{ "policy: {}\npuzzles: []\n---\npolicy: {}\npuzzles: []\n",
		  "line 4, column 9: policy: only one document of a file may have "
		  "a policy" },
		{ "problem_set: hw\npolicy: {}\nanswers: {}\n",
		  "line 2, column 1: unknown key \"policy\"" },
	};
	const struct cairn_limits lim = { 1000, 1u << 20 };
	struct cairn_input in;
	size_t i;
	char *err;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		err = read_set(cases[i].text, NULL);
		ck_assert_msg(err != NULL, "%s: no error", cases[i].text);
		ck_assert_str_eq(err, cases[i].want);
		free(err);
	}
	/* In a single puzzle it is a key the puzzle does not have. */
	cairn_puzzle_input_init(&in, "one.yaml", CAIRN_FORMAT_YAML);
	cairn_yaml_in_read(&in, "piles: [1]\npolicy: {}\n", 22, &lim);
	ck_assert_ptr_null(in.error);
	ck_assert_str_eq(in.puzzles[0].error, "line 2, column 1: unknown key \"policy\"");
	cairn_puzzle_input_free(&in);
}
END_TEST

/* JSON shares the grammar, so a JSON set has a policy the same way. */
START_TEST(policy_json)
{
	static const char good[] =
		"{\"policy\": {\"due\": \"2026-12-10T23:59:00+01:00\", "
		"\"max_submissions\": 3}, \"puzzles\": [{\"id\": \"a\", \"piles\": [1]}]}";
	static const char bad[] =
		"{\"policy\": {\"late_penalty\": \"5%\"}, \"puzzles\": []}";
	const struct cairn_limits lim = { 1000, 1u << 20 };
	struct cairn_input in;

	cairn_puzzle_input_init(&in, "hw.json", CAIRN_FORMAT_JSON);
	cairn_json_in_read(&in, good, strlen(good), &lim);
	ck_assert_ptr_null(in.error);
	ck_assert_int_eq(in.policy.due_ms, 1796943540000LL);
	ck_assert_uint_eq(in.policy.max_submissions, 3);
	cairn_puzzle_input_free(&in);
	cairn_puzzle_input_init(&in, "hw.json", CAIRN_FORMAT_JSON);
	cairn_json_in_read(&in, bad, strlen(bad), &lim);
	ck_assert_str_eq(in.error, "line 1, column 29: policy.late_penalty: a "
			 "late penalty needs policy.due");
	cairn_puzzle_input_free(&in);
}
END_TEST

/* --- the rules --- */

static struct cairn_policy policy_of(const char *lines)
{
	struct cairn_policy p;
	char *text = set_text(lines), *err = read_set(text, &p);

	ck_assert_msg(err == NULL, "%s", err);
	free(text);
	return p;
}

START_TEST(rules_lateness)
{
	static const struct {
		const char *at;
		int late;
		const char *by, *penalty;
	} cases[] = {
		{ "2026-12-10T23:59:00+01:00", 0, NULL, NULL },
		/* exactly at due + grace is on time, 1 ms after is late */
		{ "2026-12-10T23:09:00.000Z", 0, NULL, NULL },
		{ "2026-12-10T23:09:00.001Z", 1, "10m", "0.1" },
		/* a day begun counts whole: by is from due, days from due + grace */
		{ "2026-12-11T23:09:00.000Z", 1, "1d 10m", "0.1" },
		{ "2026-12-11T23:09:00.001Z", 1, "1d 10m", "0.2" },
		{ "2026-12-11T01:13:59.999Z", 1, "2h 14m", "0.1" },
		{ "2026-12-20T23:09:00.001Z", 1, "10d 10m", "1.0" },
		{ "2030-01-01T00:00:00Z", 1, "1117d 1h 1m", "1.0" },
	};
	struct cairn_policy p = policy_of("  due: 2026-12-10T23:59:00+01:00\n"
					  "  grace: 10m\n  late_penalty: 10%\n");
	char by[CAIRN_POLICY_BY_LEN], pen[CAIRN_POLICY_PENALTY_LEN];
	struct cairn_lateness l;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cairn_policy_rules_lateness(&p, ms(cases[i].at), &l);
		ck_assert_msg(l.late == cases[i].late, "%s", cases[i].at);
		if (!l.late) {
			ck_assert_int_eq(l.by_ms, 0);
			ck_assert_uint_eq(l.penalty_bp, 0);
			continue;
		}
		ck_assert_str_eq(cairn_policy_rules_by_text(l.by_ms, by), cases[i].by);
		ck_assert_str_eq(cairn_policy_rules_penalty_text(l.penalty_bp, pen),
				 cases[i].penalty);
	}
	/* No due, or no policy: never late; no penalty rate: late for 0. */
	p = policy_of("  max_submissions: 2\n");
	cairn_policy_rules_lateness(&p, ms("2099-01-01T00:00:00Z"), &l);
	ck_assert_int_eq(l.late, 0);
	memset(&p, 0, sizeof p);
	cairn_policy_rules_lateness(&p, ms("2099-01-01T00:00:00Z"), &l);
	ck_assert_int_eq(l.late, 0);
	p = policy_of("  due: 2026-12-10T23:59:00Z\n");
	cairn_policy_rules_lateness(&p, ms("2026-12-13T23:59:00.001Z"), &l);
	ck_assert_int_eq(l.late, 1);
	ck_assert_uint_eq(l.penalty_bp, 0);
	ck_assert_int_eq(l.by_ms, 3 * 86400000LL + 1);
	/* 40% a day: 3 days late is 1.2, capped at 1.0 */
	p = policy_of("  due: 2026-12-10T23:59:00Z\n  late_penalty: 40%\n");
	cairn_policy_rules_lateness(&p, ms("2026-12-12T23:59:00Z"), &l);
	ck_assert_uint_eq(l.penalty_bp, 8000);
	cairn_policy_rules_lateness(&p, ms("2026-12-13T23:59:00Z"), &l);
	ck_assert_uint_eq(l.penalty_bp, 10000);
}
END_TEST

START_TEST(rules_texts)
{
	static const struct { long long ms; const char *want; } by[] = {
		{ 1, "0s" }, { 999, "0s" }, { 1000, "1s" }, { 59999, "59s" },
		{ 60000, "1m" }, { 119999, "1m" }, { 3600000, "1h" },
		{ 8040000, "2h 14m" }, { 8059999, "2h 14m" },
		{ 86400000 + 300000, "1d 5m" }, { 3 * 86400000LL, "3d" },
		{ 3 * 86400000LL + 59999, "3d" }, { 90061000, "1d 1h 1m" },
	};
	static const struct { unsigned bp; const char *want; } pen[] = {
		{ 0, "0.0" }, { 1000, "0.1" }, { 2500, "0.25" }, { 1250, "0.125" },
		{ 5, "0.0005" }, { 10000, "1.0" }, { 20000, "1.0" },
	};
	char b[CAIRN_POLICY_BY_LEN], p[CAIRN_POLICY_PENALTY_LEN];
	size_t i;

	for (i = 0; i < sizeof by / sizeof by[0]; i++)
		ck_assert_str_eq(cairn_policy_rules_by_text(by[i].ms, b), by[i].want);
	for (i = 0; i < sizeof pen / sizeof pen[0]; i++)
		ck_assert_str_eq(cairn_policy_rules_penalty_text(pen[i].bp, p), pen[i].want);
}
END_TEST

START_TEST(rules_closed_release)
{
	struct cairn_policy p = policy_of("  due: 2026-12-10T23:59:00Z\n"
					  "  grace: 1h\n"
					  "  close: 2026-12-17T23:59:00Z\n");
	int64_t close = ms("2026-12-17T23:59:00Z");

	ck_assert_int_eq(cairn_policy_rules_closed(&p, close), 0);
	ck_assert_int_eq(cairn_policy_rules_closed(&p, close + 1), 1);
	ck_assert_int_eq(cairn_policy_rules_release_ms(&p), CAIRN_RELEASE_NOW);
	p.feedback = CAIRN_FEEDBACK_AFTER_DUE;
	ck_assert_int_eq(cairn_policy_rules_release_ms(&p),
			 ms("2026-12-11T00:59:00Z"));
	p.feedback = CAIRN_FEEDBACK_AFTER_CLOSE;
	ck_assert_int_eq(cairn_policy_rules_release_ms(&p), close);
	p.feedback = CAIRN_FEEDBACK_NEVER;
	ck_assert_int_eq(cairn_policy_rules_release_ms(&p), CAIRN_RELEASE_NEVER);
	p = policy_of("  due: 2026-12-10T23:59:00Z\n");
	ck_assert_int_eq(cairn_policy_rules_closed(&p, INT64_MAX / 2), 0);
	memset(&p, 0, sizeof p);
	ck_assert_int_eq(cairn_policy_rules_closed(&p, 0), 0);
	ck_assert_int_eq(cairn_policy_rules_release_ms(&p), CAIRN_RELEASE_NOW);
}
END_TEST

/* --- processing: what a policy makes of an arrival --- */

static struct cairn_registry reg;
static struct cairn_settings set;

static const char hw_set[] =
	"policy:\n"
	"  due: 2026-12-10T23:59:00+01:00\n"
	"  grace: 10m\n"
	"  late_penalty: 10%\n"
	"  close: 2026-12-17T23:59:00+01:00\n"
	"  max_submissions: 2\n"
	"  feedback: after_due\n"
	"puzzles:\n"
	"  - {id: a, piles: [5, 3, 4, 5], points: 2}\n"
	"  - {id: b, piles: [3, 9, 1, 2]}\n"
	"  - {id: c, piles: [1, 2, 3], points: 2}\n";

static const char *const sets[] = {
	"hw", hw_set,
	"steep", "policy: {due: 2026-12-10T23:59:00Z, grace: 10m, late_penalty: 40%}\n"
		 "puzzles:\n  - {id: a, piles: [5, 3, 4, 5]}\n",
	"plain", "puzzles:\n  - {id: a, piles: [5, 3, 4, 5]}\n",
	"broken", "policy: {due: tomorrow}\npuzzles:\n  - {id: a, piles: [1]}\n",
	"ext", "policy:\n  due: 2026-12-11T00:00:00Z\n  late_penalty: 10%\n"
	       "  close: 2026-12-12T00:00:00Z\n  feedback: after_due\n"
	       "  extensions:\n    ada: {due: 2026-12-12T00:00:00Z, "
	       "close: 2026-12-13T00:00:00Z}\n"
	       "puzzles:\n  - {id: a, piles: [5, 3, 4, 5]}\n",
	NULL,
};

static int mem_get(void *ctx, const char *name, const char **data, size_t *len)
{
	const char *const *s = ctx;

	for (; s[0] != NULL; s += 2)
		if (strcmp(s[0], name) == 0) {
			*data = s[1];
			*len = strlen(s[1]);
			return 0;
		}
	return -ENOENT;
}

static const struct cairn_problem_source source = { mem_get, (void *)sets, "problems" };

/* The counter: how many graded submissions it says there were, or -errno. */
static int counted, count_calls;
static char counted_set[64];

static char counted_source[64];

static int count(void *ctx, const char *name, const struct cairn_origin *o,
		 const char *file, unsigned *n)
{
	(void)ctx;
	(void)o;
	count_calls++;
	snprintf(counted_set, sizeof counted_set, "%s", name);
	snprintf(counted_source, sizeof counted_source, "%s", file);
	if (counted < 0)
		return counted;
	*n = (unsigned)counted;
	return 0;
}

static void setup(void)
{
	char err[1024];
	const char *dir = getenv("CAIRN_PLUGIN_DIR_BUILD");

	ck_assert_msg(dir != NULL, "CAIRN_PLUGIN_DIR_BUILD is not set");
	memset(&reg, 0, sizeof reg);
	ck_assert_int_ge(cairn_plugins_load_dir(&reg, dir, NULL, NULL, err,
						sizeof err), 1);
	memset(&set, 0, sizeof set);
	set.registry = &reg;
	set.solver = "linear";
	set.memory_budget = 1u << 30;
	set.limits.max_piles = 1000;
	set.limits.max_file_bytes = 1u << 20;
	set.problem_source = &source;
	set.count_submissions = count;
	counted = 0;
	count_calls = 0;
	counted_set[0] = '\0';
}

static void teardown(void)
{
	cairn_plugins_free(&reg);
}

static const char ana_yaml[] =
	"problem_set: hw\nsubmitter: Ana\nanswers:\n  a: {diff: 1}\n  b: {diff: 7}\n";
static const char ana_yaml_ext[] =
	"problem_set: ext\nsubmitter: Ana\nanswers:\n  a: {diff: 1}\n";
static const char ana_json[] =
	"{\"problem_set\": \"hw\", \"submitter\": \"Ana\", \"answers\": "
	"{\"a\": {\"diff\": 1}, \"b\": {\"diff\": 7}}}\n";
static const char ana_csv[] =
	"problem_set,submitter,id,expect_diff\nhw,Ana,a,1\nhw,Ana,b,7\n";

/*
 * process - the result of `text` named `name` arriving at `at` (NULL:
 * no arrival), as `cairn solve --received` (origin NULL) or the daemon
 * (origin set) gives it; the return code of cairn_process() in *rc
 */
static char *process(const char *name, const char *text, const char *at,
		     const struct cairn_origin *origin, struct cairn_stats *st,
		     int *rc)
{
	struct cairn_buf out = CAIRN_BUF_INIT;
	struct cairn_origin o;
	struct timespec t;
	atomic_int cancel = 0;

	set.received = NULL;
	set.origin = NULL;
	if (at != NULL)
		ck_assert_int_eq(cairn_time_parse_offset(at, strlen(at), &t), 0);
	if (origin != NULL) {
		o = *origin;
		o.received = t;
		set.origin = &o;
	} else if (at != NULL) {
		set.received = &t;
	}
	*rc = cairn_process(name, text, strlen(text), &set, &cancel, &out, st);
	cairn_buf_reserve(&out, 0);
	return cairn_buf_steal(&out);
}

static char *solve(const char *name, const char *text, const char *at,
		   struct cairn_stats *st)
{
	int rc;
	char *got = process(name, text, at, NULL, st, &rc);

	ck_assert_int_eq(rc, 0);
	return got;
}

#define YAML_PUZZLES \
	"puzzles:\n" \
	"  - id: a\n    line: 4\n    n: 4\n    solver: linear\n    total: 17\n" \
	"    alice: 9\n    bob: 8\n    diff: 1\n    winner: alice\n" \
	"    alice_wins: true\n    first_move: left\n    verdict: correct\n" \
	"    checks:\n      diff: {expected: 1, actual: 1, ok: true}\n" \
	"  - id: b\n    line: 5\n    n: 4\n    solver: linear\n    total: 15\n" \
	"    alice: 11\n    bob: 4\n    diff: 7\n    winner: alice\n" \
	"    alice_wins: true\n    first_move: right\n    verdict: correct\n" \
	"    checks:\n      diff: {expected: 7, actual: 7, ok: true}\n" \
	"  - id: c\n    line: 11\n    n: 3\n    solver: linear\n    total: 6\n" \
	"    alice: 4\n    bob: 2\n    diff: 2\n    winner: alice\n" \
	"    alice_wins: true\n    first_move: right\n    verdict: missing\n"

/* On time, within grace, and at its very end: graded as without a policy. */
START_TEST(process_on_time)
{
	static const char *const at[] = {
		"2026-12-10T23:59:00+01:00", "2026-12-10T23:05:00Z",
		"2026-12-10T23:09:00.000Z",
	};
	static const char want[] =
		"format: cairn-result/1\nsource: ana.yaml\nstatus: ok\n"
		"problem_set: hw\nsubmitter: Ana\n" YAML_PUZZLES
		"summary: {puzzles: 3, solved: 3, errors: 0, graded: 3, correct: 2, "
		"wrong: 0, missing: 1, invalid: 0, points: 3, max_points: 5, "
		"score: 0.6}\n";
	struct cairn_stats st;
	size_t i;
	char *got;

	for (i = 0; i < sizeof at / sizeof at[0]; i++) {
		got = solve("ana.yaml", ana_yaml, at[i], &st);
		ck_assert_str_eq(got, want);
		ck_assert_int_eq(st.late, 0);
		ck_assert_int_eq(st.refused, CAIRN_REFUSED_NONE);
		ck_assert_int_eq(st.release_ms, ms("2026-12-10T23:09:00Z"));
		free(got);
	}
	/* No arrival at all: no policy applies; not counted either. */
	got = solve("ana.yaml", ana_yaml, NULL, &st);
	ck_assert_str_eq(got, want);
	free(got);
	ck_assert_int_eq(count_calls, 0);
}
END_TEST

/* Late by 2h 14m at 10% a day: 3 of 5 points become 2.7, in every format. */
START_TEST(process_late)
{
	static const char at[] = "2026-12-11T01:13:30.250Z";
	static const char want_yaml[] =
		"format: cairn-result/1\nsource: ana.yaml\nstatus: ok\n"
		"late: {by: \"2h 14m\", penalty: 0.1}\n"
		"problem_set: hw\nsubmitter: Ana\n" YAML_PUZZLES
		"summary: {puzzles: 3, solved: 3, errors: 0, graded: 3, correct: 2, "
		"wrong: 0, missing: 1, invalid: 0, points: 2.7, max_points: 5, "
		"score: 0.54}\n";
	static const char want_csv[] =
		"id,line,n,solver,total,alice,bob,diff,winner,alice_wins,first_move,"
		"moves,verdict,feedback,error,submitter,problem_set,points,max_points,"
		"owner,received,late_by,late_penalty\n"
		"a,2,4,linear,17,9,8,1,alice,true,left,,correct,,,Ana,hw,2,2,,,2h 14m,0.1\n"
		"b,3,4,linear,15,11,4,7,alice,true,right,,correct,,,Ana,hw,1,1,,,2h 14m,0.1\n"
		"c,11,3,linear,6,4,2,2,alice,true,right,,missing,,,Ana,hw,0,2,,,2h 14m,0.1\n";
	static const char want_json_head[] =
		"{\n  \"format\": \"cairn-result/1\",\n  \"source\": \"ana.json\",\n"
		"  \"status\": \"ok\",\n  \"late\": {\"by\": \"2h 14m\", \"penalty\": 0.1},\n"
		"  \"problem_set\": \"hw\",\n  \"submitter\": \"Ana\",\n";
	static const char want_json_tail[] =
		"  \"summary\": {\"puzzles\": 3, \"solved\": 3, \"errors\": 0, "
		"\"graded\": 3, \"correct\": 2, \"wrong\": 0, \"missing\": 1, "
		"\"invalid\": 0, \"points\": 2.7, \"max_points\": 5, \"score\": 0.54}\n}\n";
	struct cairn_stats st;
	char *got;

	got = solve("ana.yaml", ana_yaml, at, &st);
	ck_assert_str_eq(got, want_yaml);
	ck_assert_int_eq(st.late, 1);
	ck_assert_int_eq(st.late_by_ms, 2 * 3600000 + 14 * 60000 + 30250);
	ck_assert_uint_eq(st.penalty_bp, 1000);
	ck_assert_uint_eq(st.points, 3);
	free(got);
	got = solve("ana.csv", ana_csv, at, &st);
	ck_assert_str_eq(got, want_csv);
	free(got);
	got = solve("ana.json", ana_json, at, &st);
	ck_assert_msg(strncmp(got, want_json_head, strlen(want_json_head)) == 0, "%s", got);
	ck_assert_msg(strlen(got) > strlen(want_json_tail) &&
		      strcmp(got + strlen(got) - strlen(want_json_tail), want_json_tail) == 0,
		      "%s", got);
	free(got);
}
END_TEST

/* 3 days late at 40% a day: capped, nothing is left. */
START_TEST(process_late_capped)
{
	static const char text[] = "problem_set: steep\nanswers:\n  a: {diff: 1}\n";
	struct cairn_stats st;
	char *got;

	got = solve("bo.yaml", text, "2026-12-13T23:59:00Z", &st);
	ck_assert_ptr_nonnull(strstr(got, "status: ok\nlate: {by: \"3d\", penalty: 1.0}\n"
				     "problem_set: steep\n"));
	ck_assert_ptr_nonnull(strstr(got, "points: 0, max_points: 1, score: 0.0}\n"));
	ck_assert_uint_eq(st.penalty_bp, 10000);
	ck_assert_int_eq(st.release_ms, CAIRN_RELEASE_NOW);
	free(got);
	/* A day late (less than a day after the grace period): 40%. */
	got = solve("bo.yaml", text, "2026-12-11T23:59:00Z", &st);
	ck_assert_ptr_nonnull(strstr(got, "late: {by: \"1d\", penalty: 0.4}\n"));
	ck_assert_ptr_nonnull(strstr(got, "points: 0.6, max_points: 1, score: 0.6}\n"));
	free(got);
}
END_TEST

/* After close: an error result that keeps problem_set and submitter. */
START_TEST(process_closed)
{
	static const char at[] = "2026-12-17T23:00:00.001Z";
	static const char want_yaml[] =
		"format: cairn-result/1\nsource: ana.yaml\nstatus: error\n"
		"error: \"closed at 2026-12-17T23:59:00+01:00 (arrived "
		"2026-12-17T23:00:00.001Z)\"\n"
		"problem_set: hw\nsubmitter: Ana\npuzzles: []\n"
		"summary: {puzzles: 0, solved: 0, errors: 0, graded: 0, correct: 0, "
		"wrong: 0, missing: 0, invalid: 0, score: null}\n";
	static const char want_csv[] =
		"id,line,n,solver,total,alice,bob,diff,winner,alice_wins,first_move,"
		"moves,verdict,feedback,error,submitter,problem_set,points,max_points,"
		"owner,received,late_by,late_penalty\n"
		",,,,,,,,,,,,,,closed at 2026-12-17T23:59:00+01:00 (arrived "
		"2026-12-17T23:00:00.001Z),Ana,hw,,,,,,\n";
	static const char want_json[] =
		"{\n  \"format\": \"cairn-result/1\",\n  \"source\": \"ana.json\",\n"
		"  \"status\": \"error\",\n  \"error\": \"closed at 2026-12-17T23:59:00+01:00 "
		"(arrived 2026-12-17T23:00:00.001Z)\",\n"
		"  \"problem_set\": \"hw\",\n  \"submitter\": \"Ana\",\n  \"puzzles\": [],\n"
		"  \"summary\": {\"puzzles\": 0, \"solved\": 0, \"errors\": 0, "
		"\"graded\": 0, \"correct\": 0, \"wrong\": 0, \"missing\": 0, "
		"\"invalid\": 0, \"score\": null}\n}\n";
	struct cairn_stats st;
	char *got;

	got = solve("ana.yaml", ana_yaml, at, &st);
	ck_assert_str_eq(got, want_yaml);
	ck_assert_int_eq(st.refused, CAIRN_REFUSED_CLOSED);
	ck_assert_int_eq(st.file_error, 1);
	ck_assert_int_eq(st.release_ms, CAIRN_RELEASE_NOW);
	free(got);
	got = solve("ana.csv", ana_csv, at, &st);
	ck_assert_str_eq(got, want_csv);
	free(got);
	got = solve("ana.json", ana_json, at, &st);
	ck_assert_str_eq(got, want_json);
	free(got);
	/* Exactly at close it is still graded (late). */
	got = solve("ana.yaml", ana_yaml, "2026-12-17T22:59:00Z", &st);
	ck_assert_ptr_nonnull(strstr(got, "late: {by: \"7d\", penalty: 0.7}\n"));
	free(got);
	ck_assert_int_eq(count_calls, 0);
}
END_TEST

/* max_submissions: counted for the daemon's files only, close first. */
START_TEST(process_limit)
{
	static const struct cairn_origin ada = { "ada", 1001, { 0, 0 } };
	static const char at[] = "2026-12-10T12:00:00Z";
	static const char want[] =
		"format: cairn-result/1\nsource: ana.yaml\nowner: ada\nuid: 1001\n"
		"received: 2026-12-10T12:00:00.000Z\nstatus: error\n"
		"error: \"submission limit reached (2 of 2)\"\n"
		"problem_set: hw\nsubmitter: Ana\npuzzles: []\n"
		"summary: {puzzles: 0, solved: 0, errors: 0, graded: 0, correct: 0, "
		"wrong: 0, missing: 0, invalid: 0, score: null}\n";
	struct cairn_stats st;
	char *got;
	int rc;

	counted = 1;
	got = process("ana.yaml", ana_yaml, at, &ada, &st, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_ptr_nonnull(strstr(got, "status: ok\nproblem_set: hw\n"));
	ck_assert_int_eq(count_calls, 1);
	ck_assert_str_eq(counted_set, "hw");
	ck_assert_str_eq(counted_source, "ana.yaml");
	free(got);
	counted = 2;
	got = process("ana.yaml", ana_yaml, at, &ada, &st, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_str_eq(got, want);
	ck_assert_int_eq(st.refused, CAIRN_REFUSED_LIMIT);
	ck_assert_int_eq(st.file_error, 1);
	ck_assert_int_eq(st.release_ms, CAIRN_RELEASE_NOW);
	free(got);
	/* A counter that fails: the file is not processed at all. */
	counted = -EIO;
	got = process("ana.yaml", ana_yaml, at, &ada, &st, &rc);
	ck_assert_int_eq(rc, -EIO);
	free(got);
	/* Closed before counted. */
	count_calls = 0;
	got = process("ana.yaml", ana_yaml, "2026-12-18T00:00:00Z", &ada, &st, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_int_eq(st.refused, CAIRN_REFUSED_CLOSED);
	ck_assert_int_eq(count_calls, 0);
	free(got);
	/* `cairn solve --received` counts nothing. */
	counted = 5;
	got = solve("ana.yaml", ana_yaml, at, &st);
	ck_assert_int_eq(st.refused, CAIRN_REFUSED_NONE);
	ck_assert_int_eq(count_calls, 0);
	free(got);
}
END_TEST

/* One owner late by the set's due, the other on time by an extension. */
START_TEST(process_extension)
{
	static const struct cairn_origin ada = { "ada", 1001, { 0, 0 } };
	static const struct cairn_origin bob = { "bob", 1002, { 0, 0 } };
	static const char at[] = "2026-12-11T12:00:00Z";
	struct cairn_stats st;
	char *got;
	int rc;

	got = process("ana.yaml", ana_yaml_ext, at, &bob, &st, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_int_eq(st.late, 1);
	ck_assert_ptr_nonnull(strstr(got, "\nlate: {by: \"12h\", penalty: 0.1}\n"));
	ck_assert_int_eq(st.release_ms, ms("2026-12-11T00:00:00Z"));
	free(got);
	got = process("ana.yaml", ana_yaml_ext, at, &ada, &st, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_int_eq(st.late, 0);
	ck_assert_ptr_null(strstr(got, "\nlate: "));
	/* Her feedback comes at her own due. */
	ck_assert_int_eq(st.release_ms, ms("2026-12-12T00:00:00Z"));
	free(got);
	/* After the set's close, only the extended close lets ada in. */
	got = process("ana.yaml", ana_yaml_ext, "2026-12-12T18:00:00Z", &bob, &st, &rc);
	ck_assert_int_eq(st.refused, CAIRN_REFUSED_CLOSED);
	free(got);
	got = process("ana.yaml", ana_yaml_ext, "2026-12-12T18:00:00Z", &ada, &st, &rc);
	ck_assert_int_eq(st.refused, CAIRN_REFUSED_NONE);
	ck_assert_int_eq(st.late, 1);
	free(got);
	/* `cairn solve --received` has no owner: the set's own times. */
	got = solve("ana.yaml", ana_yaml_ext, at, &st);
	ck_assert_int_eq(st.late, 1);
	free(got);
}
END_TEST

/* No policy, a set file itself, a broken policy. */
START_TEST(process_other)
{
	static const char plain[] = "problem_set: plain\nanswers:\n  a: {diff: 1}\n";
	static const char broken[] = "problem_set: broken\nanswers:\n  a: {diff: 1}\n";
	struct cairn_stats st;
	char *got;

	got = solve("p.yaml", plain, "2099-01-01T00:00:00Z", &st);
	ck_assert_ptr_nonnull(strstr(got, "status: ok\nproblem_set: plain\n"));
	ck_assert_int_eq(st.release_ms, CAIRN_RELEASE_NOW);
	free(got);
	/* A set processed as puzzles has a policy that applies to nothing. */
	got = solve("hw.yaml", hw_set, "2099-01-01T00:00:00Z", &st);
	ck_assert_ptr_nonnull(strstr(got, "status: ok\npuzzles:\n"));
	ck_assert_int_eq(st.late, 0);
	ck_assert_int_eq(st.release_ms, CAIRN_RELEASE_NOW);
	free(got);
	got = solve("b.yaml", broken, "2026-01-01T00:00:00Z", &st);
	ck_assert_ptr_nonnull(strstr(got, "error: \"problem set \\\"broken\\\": "
				     "problems/broken.yaml: line 1, column 15: "
				     "policy.due: \\\"tomorrow\\\" is not an RFC 3339 "
				     "time with an offset (2026-12-10T23:59:00+01:00)\"\n"));
	free(got);
}
END_TEST

/* Points after a penalty: exact, no decimal point when whole. */
START_TEST(points_text)
{
	static const struct {
		uint64_t points, max;
		unsigned bp;
		const char *points_text, *score;
	} cases[] = {
		{ 3, 5, 1000, "2.7", "0.54" },
		{ 10, 10, 1000, "9", "0.9" },
		{ 10, 10, 0, "10", "1.0" },
		{ 7, 9, 10000, "0", "0.0" },
		{ 1, 3, 1, "0.9999", "0.3333" },
		{ 1, 1, 5, "0.9995", "0.9995" },
		{ UINT64_MAX, UINT64_MAX, 2500, "13835058055282163711.25", "0.75" },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct cairn_stats st = { .weighted = 1, .late = 1 };
		struct cairn_buf b = CAIRN_BUF_INIT;

		st.points = cases[i].points;
		st.max_points = cases[i].max;
		st.penalty_bp = cases[i].bp;
		cairn_stats_points_kept(&b, &st);
		cairn_buf_addc(&b, ' ');
		cairn_stats_score(&b, &st);
		cairn_buf_reserve(&b, 0);
		ck_assert_msg(strncmp(b.data, cases[i].points_text,
				      strlen(cases[i].points_text)) == 0 &&
			      strcmp(b.data + strlen(cases[i].points_text) + 1,
				     cases[i].score) == 0, "%zu: %s", i, b.data);
		cairn_buf_free(&b);
	}
}
END_TEST

/* cairn_problems_policy(): a set's policy from a directory, through the cache. */
START_TEST(problems_policy)
{
	char dir[] = "/tmp/check_policy.XXXXXX", *path;
	struct cairn_problem_cache *c = cairn_problems_cache_new();
	struct cairn_policy p;
	FILE *f;
	int pass;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	path = cairn_xasprintf("%s/hw.yaml", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(hw_set, f);
	fclose(f);
	free(path);
	path = cairn_xasprintf("%s/bad.yaml", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(sets[7], f);
	fclose(f);
	free(path);
	path = cairn_xasprintf("%s/plain.yaml", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(sets[5], f);
	fclose(f);
	for (pass = 0; pass < 2; pass++) {
		struct cairn_problem_cache *cache = pass ? c : NULL;

		ck_assert_int_eq(cairn_problems_policy(cache, dir, "hw", &p), 0);
		ck_assert_int_eq(p.present, 1);
		ck_assert_uint_eq(p.max_submissions, 2);
		ck_assert_int_eq(p.feedback, CAIRN_FEEDBACK_AFTER_DUE);
		ck_assert_str_eq(p.close_text, "2026-12-17T23:59:00+01:00");
		ck_assert_int_eq(cairn_problems_policy(cache, dir, "plain", &p), 0);
		ck_assert_int_eq(p.present, 0);
		ck_assert_int_eq(cairn_problems_policy(cache, dir, "bad", &p), -EINVAL);
		ck_assert_int_eq(cairn_problems_policy(cache, dir, "none", &p), -ENOENT);
		ck_assert_int_eq(cairn_problems_policy(cache, dir, "../x", &p), -EINVAL);
	}
	/* The cached copy serves the same. */
	ck_assert_int_eq(cairn_problems_policy(c, dir, "hw", &p), 0);
	ck_assert_uint_eq(p.max_submissions, 2);
	unlink(path);
	free(path);
	path = cairn_xasprintf("%s/hw.yaml", dir);
	unlink(path);
	free(path);
	path = cairn_xasprintf("%s/bad.yaml", dir);
	unlink(path);
	free(path);
	rmdir(dir);
	cairn_problems_cache_free(c);
}
END_TEST

static Suite *policy_suite(void)
{
	Suite *s = suite_create("policy");
	TCase *tc = tcase_create("read");
	TCase *tp = tcase_create("process");

	tcase_add_test(tc, time_offset);
	tcase_add_test(tc, policy_good);
	tcase_add_test(tc, policy_values);
	tcase_add_test(tc, policy_extensions);
	tcase_add_test(tc, policy_bad);
	tcase_add_test(tc, policy_where);
	tcase_add_test(tc, policy_json);
	tcase_add_test(tc, rules_lateness);
	tcase_add_test(tc, rules_texts);
	tcase_add_test(tc, rules_closed_release);
	tcase_add_test(tc, points_text);
	tcase_add_test(tc, problems_policy);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(tp, setup, teardown);
	tcase_add_test(tp, process_on_time);
	tcase_add_test(tp, process_late);
	tcase_add_test(tp, process_late_capped);
	tcase_add_test(tp, process_closed);
	tcase_add_test(tp, process_limit);
	tcase_add_test(tp, process_extension);
	tcase_add_test(tp, process_other);
	suite_add_tcase(s, tp);
	return s;
}

int main(void)
{
	return cairn_check_run(policy_suite());
}
