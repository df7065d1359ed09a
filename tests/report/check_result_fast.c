/*
 * check_result_fast - the fast YAML result reader agrees with the full
 * one.
 *
 * Result texts of the writer's shape (late, checks, explain rows, quoted
 * scalars with escapes, a file error) must be taken by
 * cairn_result_yaml_fast_read(); then each is mutated many times (bytes
 * replaced, inserted, deleted, drawn from the characters YAML gives a
 * meaning to), and whenever the fast reader takes a text, the full
 * reader (libyaml) must take it too and fill in the very same struct.
 * Texts the fast reader gives up are the full reader's alone.  So must
 * values that YAML reads in more than one way, in each place a scalar
 * goes.
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_result_yaml_fast.h"
#include "cairn_result_yaml_read.h"
#include "check_run.h"

static const char *const seeds[] = {
	"format: cairn-result/1\n"
	"source: ann.yaml\n"
	"owner: ann\n"
	"uid: 1001\n"
	"received: 2026-12-11T08:30:00.250Z\n"
	"status: ok\n"
	"late: {by: \"8h 31m\", penalty: 0.1}\n"
	"problem_set: hw1\n"
	"submitter: Ann Lee\n"
	"puzzles:\n"
	"  - id: p1\n"
	"    line: 4\n"
	"    n: 4\n"
	"    solver: linear\n"
	"    alice: 9\n"
	"    bob: 8\n"
	"    diff: 1\n"
	"    first_move: left\n"
	"    moves: LRRL\n"
	"    verdict: correct\n"
	"    checks:\n"
	"      diff: {expected: 1, actual: 1, ok: true}\n"
	"      moves: {expected: LRRL, actual: LRRL, ok: true}\n"
	"  - id: \"#2\"\n"
	"    line: 5\n"
	"    alice: 11\n"
	"    bob: 4\n"
	"    diff: -7\n"
	"    first_move: right\n"
	"    verdict: wrong\n"
	"    checks:\n"
	"      diff: {expected: \"5 \\\"x\\\"\", actual: -7, ok: false, first_bad: 2}\n"
	"    feedback: \"diff: expected 5,\\n\\u00e9\\x41\\t\\\\ \\/ \\U0001F600\"\n"
	"    explain:\n"
	"      - [3, -1, 0]\n"
	"      - [4, 1]\n"
	"      - [2]\n"
	"  - id: p4\n"
	"    line: 12\n"
	"    error: \"line 12: piles: values too large\"\n"
	"summary: {puzzles: 3, solved: 2, errors: 1, points: 2.7, max_points: 7, score: 0.3857}\n",

	"format: cairn-result/1\n"
	"source: s00001.yaml\n"
	"status: error\n"
	"error: \"line 1: not a puzzle\"\n"
	"problem_set: hw\n"
	"puzzles: []\n"
	"summary: {puzzles: 0, solved: 0, errors: 0, score: null}\n",

	"format: cairn-result/1\n"
	"source: q.yaml\n"
	"status: ok\n"
	"puzzles:\n"
	"  - id: \"#1\"\n"
	"    line: 1\n"
	"    verdict: missing\n"
	"    later_key: 5\n"
	"later: x\n"
	"summary: {puzzles: 1, graded: 1, correct: 0}\n",
};

static int same_text(const char *a, const char *b)
{
	return (a == NULL && b == NULL) || (a && b && strcmp(a, b) == 0);
}

static void same(const struct cairn_result_file *a,
		 const struct cairn_result_file *b)
{
	size_t i;

	ck_assert(same_text(a->source, b->source));
	ck_assert(same_text(a->problem_set, b->problem_set));
	ck_assert(same_text(a->submitter, b->submitter));
	ck_assert(same_text(a->error, b->error));
	ck_assert(same_text(a->owner, b->owner));
	ck_assert(same_text(a->received, b->received));
	ck_assert(same_text(a->late_by, b->late_by));
	ck_assert(same_text(a->late_penalty, b->late_penalty));
	ck_assert(a->has_uid == b->has_uid && a->uid == b->uid);
	ck_assert(a->received_at.tv_sec == b->received_at.tv_sec &&
		  a->received_at.tv_nsec == b->received_at.tv_nsec);
	ck_assert(a->penalty_bp == b->penalty_bp);
	ck_assert(a->weighted == b->weighted && a->points_e4 == b->points_e4 &&
		  a->max_points == b->max_points);
	ck_assert_uint_eq(a->npuzzles, b->npuzzles);
	for (i = 0; i < a->npuzzles; i++) {
		const struct cairn_result_puzzle *p = &a->puzzles[i], *q = &b->puzzles[i];

		ck_assert(same_text(p->id, q->id));
		ck_assert(p->verdict == q->verdict);
		ck_assert(same_text(p->feedback, q->feedback));
		ck_assert(same_text(p->error, q->error));
		ck_assert(p->solved == q->solved);
		ck_assert(!p->solved || (p->alice == q->alice && p->bob == q->bob &&
					 p->diff == q->diff));
		ck_assert(p->first_move == q->first_move);
		ck_assert(same_text(p->moves, q->moves));
		ck_assert(same_text(p->answer, q->answer));
	}
}

/* agree - if the fast reader takes text, the full one gives the same; 1 if taken */
static int agree(const char *text, size_t len)
{
	struct cairn_result_file fast, full;
	char err[256];
	int taken;

	memset(&fast, 0, sizeof fast);
	memset(&full, 0, sizeof full);
	taken = cairn_result_yaml_fast_read(&fast, text, len) == 0;
	if (taken) {
		if (cairn_result_yaml_read_full(&full, text, len, err, sizeof err) != 0)
			ck_abort_msg("the full reader refuses what the fast one "
				     "took (%s):\n%.*s", err, (int)len, text);
		same(&fast, &full);
	}
	cairn_result_file_free(&fast);
	cairn_result_file_free(&full);
	return taken;
}

START_TEST(test_seeds)
{
	ck_assert(agree(seeds[_i], strlen(seeds[_i])));
}
END_TEST

START_TEST(test_mutations)
{
	static const char alphabet[] = " :-#{}[],\"'\\\n\tab0A.!&*|>%@`~/_";
	const char *seed = seeds[_i];
	size_t len = strlen(seed), n, at, k;
	uint64_t rng = 0x9e3779b97f4a7c15u + (uint64_t)_i;
	char *text = malloc(len + 8);
	/* Under valgrind (check-valgrind) a twentieth: memory, not coverage. */
	int rounds = getenv("CAIRN_VALGRIND") != NULL ? 1000 : 20000;
	int taken = 0, round, e;

	ck_assert_ptr_nonnull(text);
	for (round = 0; round < rounds; round++) {
		memcpy(text, seed, len);
		n = len;
		for (e = 0; e < 1 + round % 3; e++) {
			rng ^= rng << 13;
			rng ^= rng >> 7;
			rng ^= rng << 17;
			at = (size_t)(rng >> 8) % n;
			k = (size_t)(rng >> 40) % (sizeof alphabet - 1);
			switch (rng % 3) {
			case 0:
				text[at] = alphabet[k];
				break;
			case 1:
				memmove(text + at + 1, text + at, n - at);
				text[at] = alphabet[k];
				n++;
				break;
			default:
				memmove(text + at, text + at + 1, n - at - 1);
				n--;
			}
		}
		taken += agree(text, n);
	}
	/* Most mutations land in a scalar: many texts are still taken. */
	ck_assert_int_gt(taken, rounds / 20);
	free(text);
}
END_TEST

/* Values YAML reads in more than one way, in each place a scalar goes. */
static const char *const values[] = {
	"Ann #ee", "Ann#ee", "a: b", "a:", "a:b", "- 1", "-1", "-", "-a", ".5",
	"-.5", "'q'", "\"a\" b", "a  b", "a ", " a", "~", "null", "[a]",
	"{a: 1}", "a, b", "a,b", "@x", "`x", "!x", "&x", "*x", "|", ">", "%x",
	"?x", "? x", "\"\\0\"", "\"\\ud800\"", "\"\\x00\"", "\"\\q\"",
	"\"\\x4\"", "\"a\\\"", "\"a", "a\"", "\"\"", "\"a\" ", "1.5",
	"a\tb", "\xc3\xa9", "\"\\u00e9\"", "\"\\L\\N\\_\\P\\e\\ \"",
	"#a", "a}", "a]", "{", "}", "0x1F", "0o7", "1e3", "+1", "yes", "No",
	"2026-12-11T08:30:00.250Z", "2026-12-11 08:30:00", "a/b", "/a", "_a",
};

static const char *const places[] = {
	"format: cairn-result/1\nsource: a.yaml\nstatus: ok\nsubmitter: %s\n"
	"puzzles: []\n",
	"format: cairn-result/1\nsource: %s\nstatus: ok\npuzzles: []\n",
	"format: cairn-result/1\nsource: a.yaml\nstatus: ok\nreceived: %s\n",
	"format: cairn-result/1\nsource: a.yaml\nstatus: ok\n"
	"late: {by: %s, penalty: 0.5}\n",
	"format: cairn-result/1\nsource: a.yaml\nstatus: ok\n"
	"late: {by: \"1h\", penalty: %s}\n",
	"format: cairn-result/1\nsource: a.yaml\nstatus: ok\npuzzles:\n"
	"  - id: %s\n    verdict: wrong\n",
	"format: cairn-result/1\nsource: a.yaml\nstatus: ok\npuzzles:\n"
	"  - id: p1\n    feedback: %s\n    verdict: wrong\n",
	"format: cairn-result/1\nsource: a.yaml\nstatus: ok\npuzzles:\n"
	"  - id: p1\n    alice: %s\n    bob: 1\n    diff: 2\n",
	"format: cairn-result/1\nsource: a.yaml\nstatus: ok\npuzzles:\n"
	"  - id: p1\n    checks:\n      diff: {expected: %s, actual: 1}\n",
	"format: cairn-result/1\nsource: a.yaml\nstatus: ok\npuzzles:\n"
	"  - id: p1\n    explain:\n      - [1, %s]\n",
	"format: cairn-result/1\nsource: a.yaml\nstatus: ok\n"
	"summary: {points: %s, max_points: 3}\n",
	"format: cairn-result/1\nsource: a.yaml\nstatus: %s\n",
	"format: cairn-result/1\nsource: a.yaml\nstatus: ok\nuid: %s\n",
};

START_TEST(test_values)
{
	const char *at = strstr(places[_i], "%s");
	char text[512];
	size_t i;
	int n;

	for (i = 0; i < sizeof values / sizeof values[0]; i++) {
		n = snprintf(text, sizeof text, "%.*s%s%s", (int)(at - places[_i]),
			     places[_i], values[i], at + 2);
		ck_assert(n > 0 && (size_t)n < sizeof text);
		agree(text, (size_t)n);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("result_fast");
	TCase *tc = tcase_create("core");
	int n = (int)(sizeof seeds / sizeof seeds[0]);

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_seeds, 0, n);
	tcase_add_loop_test(tc, test_mutations, 0, n);
	tcase_add_loop_test(tc, test_values, 0,
			    (int)(sizeof places / sizeof places[0]));
	suite_add_tcase(s, tc);
	return cairn_check_run(s);
}
