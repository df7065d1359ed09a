/*
 * check_result - exact bytes of YAML and CSV result files.
 *
 * Inputs are built by hand here, so these tests pin the writers alone:
 * key order, quoting, formula protection, file errors and the summary.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_mem.h"
#include "cairn_process.h"
#include "cairn_result_csv.h"
#include "cairn_result_json.h"
#include "cairn_result_yaml.h"
#include "cairn_time.h"
#include "check_run.h"

static struct cairn_puzzle *solved(struct cairn_input *in, const char *id,
				   unsigned long line, int64_t diff,
				   int64_t total, const char *moves)
{
	struct cairn_puzzle *p = cairn_puzzle_input_add(in);
	size_t n = strlen(moves);

	p->id = cairn_xstrdup(id);
	p->line = line;
	p->n = n;
	p->piles = cairn_xcalloc(n, sizeof *p->piles);
	p->out.solved = 1;
	p->out.solver = "linear";
	p->out.total = total;
	p->out.diff = diff;
	p->out.alice = (total + diff) / 2;
	p->out.bob = total - p->out.alice;
	p->out.first_move = moves[0] == 'R';
	p->out.moves = cairn_xstrdup(moves);
	return p;
}

static void add_check(struct cairn_puzzle *p, enum cairn_expect_key k,
		      const char *exp, const char *act, int ok, size_t bad)
{
	struct cairn_outcome *o = &p->out;

	o->checks = cairn_xrealloc(o->checks, (o->nchecks + 1) * sizeof *o->checks);
	o->checks[o->nchecks++] = (struct cairn_check){
		k, cairn_xstrdup(exp), cairn_xstrdup(act), ok, bad,
	};
}

/* build - the input both writers render in the tests below */
static void build(struct cairn_input *in, enum cairn_format fmt)
{
	struct cairn_puzzle *p;

	cairn_puzzle_input_init(in, fmt == CAIRN_FORMAT_CSV ? "hw1.csv" : "hw1.yaml", fmt);
	in->shape = CAIRN_SHAPE_PUZZLES;
	p = solved(in, "p1", 3, 1, 17, "LRRL");
	p->moves = 1;
	p = cairn_puzzle_input_add(in);
	p->id = cairn_xstrdup("=HYPERLINK(\"x\")");
	p->line = 9;
	p->error = cairn_xstrdup("line 10, column 14: puzzles[1].piles[2]: \"x\" is not an integer");
	p = solved(in, "1", 12, 7, 15, "RLLL");
	p->expect.present = 1;
	p->expect.given = CAIRN_EXPECT_BIT(CAIRN_EXPECT_DIFF) |
			  CAIRN_EXPECT_BIT(CAIRN_EXPECT_MOVES);
	p->out.verdict = CAIRN_VERDICT_WRONG;
	add_check(p, CAIRN_EXPECT_DIFF, "5", "7", 0, 0);
	add_check(p, CAIRN_EXPECT_MOVES, "RLRL", "RLLL", 0, 3);
	p->out.feedback = cairn_xstrdup("diff: expected 5, optimal play gives 7 (Alice 11, Bob 4); optimal line R L L L");
	p = solved(in, "-3", 20, -96, 104, "LLL");
	p->expect.present = 1;
	p->expect.given = CAIRN_EXPECT_BIT(CAIRN_EXPECT_WINNER);
	p->out.verdict = CAIRN_VERDICT_CORRECT;
	add_check(p, CAIRN_EXPECT_WINNER, "bob", "bob", 1, 0);
	/* An unsolved verdict, as only an answer matched to no puzzle of a
	   submission has: reported and counted invalid, but not graded. */
	p = cairn_puzzle_input_add(in);
	p->id = cairn_xstrdup("-lost");
	p->line = 25;
	p->expect.present = 1;
	p->out.verdict = CAIRN_VERDICT_INVALID;
	p->out.feedback = cairn_xstrdup("+unknown, id");
}

static char *render(struct cairn_input *in)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	struct cairn_stats st;

	cairn_stats_input(in, &st);
	if (in->format == CAIRN_FORMAT_CSV)
		cairn_result_csv(in, &b);
	else
		cairn_result_yaml(in, &st, &b);
	cairn_puzzle_input_free(in);
	return cairn_buf_steal(&b);
}

START_TEST(yaml_bytes)
{
	struct cairn_input in;
	char *got;

	build(&in, CAIRN_FORMAT_YAML);
	got = render(&in);
	ck_assert_str_eq(got,
		"format: cairn-result/1\n"
		"source: hw1.yaml\n"
		"status: ok\n"
		"puzzles:\n"
		"  - id: p1\n"
		"    line: 3\n"
		"    n: 4\n"
		"    solver: linear\n"
		"    total: 17\n"
		"    alice: 9\n"
		"    bob: 8\n"
		"    diff: 1\n"
		"    winner: alice\n"
		"    alice_wins: true\n"
		"    first_move: left\n"
		"    moves: LRRL\n"
		"  - id: \"=HYPERLINK(\\\"x\\\")\"\n"
		"    line: 9\n"
		"    error: \"line 10, column 14: puzzles[1].piles[2]: \\\"x\\\" is not an integer\"\n"
		"  - id: \"1\"\n"
		"    line: 12\n"
		"    n: 4\n"
		"    solver: linear\n"
		"    total: 15\n"
		"    alice: 11\n"
		"    bob: 4\n"
		"    diff: 7\n"
		"    winner: alice\n"
		"    alice_wins: true\n"
		"    first_move: right\n"
		"    moves: RLLL\n"
		"    verdict: wrong\n"
		"    checks:\n"
		"      diff: {expected: 5, actual: 7, ok: false}\n"
		"      moves: {expected: RLRL, actual: RLLL, ok: false, first_bad: 3}\n"
		"    feedback: \"diff: expected 5, optimal play gives 7 (Alice 11, Bob 4); optimal line R L L L\"\n"
		"  - id: \"-3\"\n"
		"    line: 20\n"
		"    n: 3\n"
		"    solver: linear\n"
		"    total: 104\n"
		"    alice: 4\n"
		"    bob: 100\n"
		"    diff: -96\n"
		"    winner: bob\n"
		"    alice_wins: false\n"
		"    first_move: left\n"
		"    verdict: correct\n"
		"    checks:\n"
		"      winner: {expected: bob, actual: bob, ok: true}\n"
		"  - id: \"-lost\"\n"
		"    line: 25\n"
		"    verdict: invalid\n"
		"    feedback: \"+unknown, id\"\n"
		"summary: {puzzles: 5, solved: 3, errors: 1, graded: 2, correct: 1, "
		"wrong: 1, missing: 0, invalid: 1, score: 0.5}\n");
	free(got);
}
END_TEST

START_TEST(csv_bytes)
{
	struct cairn_input in;
	char *got;

	build(&in, CAIRN_FORMAT_CSV);
	got = render(&in);
	ck_assert_str_eq(got,
		"id,line,n,solver,total,alice,bob,diff,winner,alice_wins,"
		"first_move,moves,verdict,feedback,error,submitter,problem_set,"
		"points,max_points,owner,received,late_by,late_penalty\n"
		"p1,3,4,linear,17,9,8,1,alice,true,left,LRRL,,,,,,,,,,,\n"
		"\"'=HYPERLINK(\"\"x\"\")\",9,,,,,,,,,,,,,"
		"\"line 10, column 14: puzzles[1].piles[2]: \"\"x\"\" is not an integer\",,,,,,,,\n"
		"1,12,4,linear,15,11,4,7,alice,true,right,RLLL,wrong,"
		"\"diff: expected 5, optimal play gives 7 (Alice 11, Bob 4); optimal line R L L L\",,,,,,,,,\n"
		"-3,20,3,linear,104,4,100,-96,bob,false,left,,correct,,,,,,,,,,\n"
		"'-lost,25,,,,,,,,,,,invalid,\"'+unknown, id\",,,,,,,,,\n");
	free(got);
}
END_TEST

START_TEST(file_error_yaml)
{
	struct cairn_input in;
	char *got;

	cairn_puzzle_input_init(&in, "bad.yaml", CAIRN_FORMAT_YAML);
	cairn_puzzle_input_fail(&in, 2, cairn_xstrdup("line 2, column 1: "
						      "anchors and aliases are not allowed"));
	cairn_puzzle_input_fail(&in, 5, cairn_xstrdup("second error is dropped"));
	got = render(&in);
	ck_assert_str_eq(got,
		"format: cairn-result/1\n"
		"source: bad.yaml\n"
		"status: error\n"
		"error: \"line 2, column 1: anchors and aliases are not allowed\"\n"
		"puzzles: []\n"
		"summary: {puzzles: 0, solved: 0, errors: 0, graded: 0, correct: 0, "
		"wrong: 0, missing: 0, invalid: 0, score: null}\n");
	free(got);
}
END_TEST

START_TEST(file_error_csv)
{
	struct cairn_input in;
	char *got;

	cairn_puzzle_input_init(&in, "bad.csv", CAIRN_FORMAT_CSV);
	cairn_puzzle_input_fail(&in, 1, cairn_xstrdup("line 1, field 4: unknown column \"foo\""));
	got = render(&in);
	ck_assert_str_eq(got,
		"id,line,n,solver,total,alice,bob,diff,winner,alice_wins,"
		"first_move,moves,verdict,feedback,error,submitter,problem_set,"
		"points,max_points,owner,received,late_by,late_penalty\n"
		",1,,,,,,,,,,,,,\"line 1, field 4: unknown column \"\"foo\"\"\",,,,,,,,\n");
	free(got);
}
END_TEST

START_TEST(submission_header_and_score)
{
	struct cairn_input in;
	struct cairn_puzzle *p;
	char *got;
	int i;

	cairn_puzzle_input_init(&in, "ana.yaml", CAIRN_FORMAT_YAML);
	in.shape = CAIRN_SHAPE_SUBMISSION;
	in.problem_set = cairn_xstrdup("hw1");
	in.submitter = cairn_xstrdup("Ana Lima");
	for (i = 0; i < 3; i++) {
		p = solved(&in, i == 0 ? "a" : i == 1 ? "b" : "c", 2 + (unsigned long)i, 2, 6, "RRL");
		p->out.verdict = i < 2 ? CAIRN_VERDICT_CORRECT : CAIRN_VERDICT_MISSING;
	}
	got = render(&in);
	ck_assert_ptr_nonnull(strstr(got, "status: ok\nproblem_set: hw1\nsubmitter: \"Ana Lima\"\npuzzles:\n"));
	ck_assert_ptr_nonnull(strstr(got, "    first_move: right\n    verdict: missing\n"));
	ck_assert_ptr_nonnull(strstr(got, "graded: 3, correct: 2, wrong: 0, missing: 1, invalid: 0, points: 2, max_points: 3, score: 0.6667}\n"));
	free(got);
}
END_TEST

/* A CSV submission's records each name its submitter and problem set. */
START_TEST(csv_submission_owner)
{
	struct cairn_input in;
	struct cairn_puzzle *p;
	char *got;

	cairn_puzzle_input_init(&in, "zed.csv", CAIRN_FORMAT_CSV);
	in.shape = CAIRN_SHAPE_SUBMISSION;
	in.problem_set = cairn_xstrdup("hw1");
	in.submitter = cairn_xstrdup("=Zed, Z");
	p = solved(&in, "a", 2, 2, 6, "RRL");
	p->out.verdict = CAIRN_VERDICT_CORRECT;
	p->points = 3;
	p = solved(&in, "b", 3, 2, 6, "RRL");
	p->out.verdict = CAIRN_VERDICT_MISSING;
	got = render(&in);
	ck_assert_str_eq(got,
		"id,line,n,solver,total,alice,bob,diff,winner,alice_wins,"
		"first_move,moves,verdict,feedback,error,submitter,problem_set,"
		"points,max_points,owner,received,late_by,late_penalty\n"
		"a,2,3,linear,6,4,2,2,alice,true,right,,correct,,,"
		"\"'=Zed, Z\",hw1,3,3,,,,\n"
		"b,3,3,linear,6,4,2,2,alice,true,right,,missing,,,"
		"\"'=Zed, Z\",hw1,0,1,,,,\n");
	free(got);
	cairn_puzzle_input_init(&in, "gus.csv", CAIRN_FORMAT_CSV);
	in.problem_set = cairn_xstrdup("hw9");
	cairn_puzzle_input_fail(&in, 0, cairn_xstrdup("unknown problem set \"hw9\""));
	got = render(&in);
	ck_assert_str_eq(strchr(got, '\n') + 1,
		",,,,,,,,,,,,,,\"unknown problem set \"\"hw9\"\"\",,hw9,,,,,,\n");
	free(got);
}
END_TEST

START_TEST(yaml_scalars)
{
	static const char *const cases[][2] = {
		{ "p1", "p1" }, { "hw1.yaml", "hw1.yaml" }, { "yes", "\"yes\"" },
		{ "No", "\"No\"" }, { "12", "\"12\"" }, { "", "\"\"" },
		{ "a b", "\"a b\"" }, { "#1", "\"#1\"" }, { "tab\there", "\"tab\\there\"" },
		{ "bell\a", "\"bell\\x07\"" }, { "back\\slash", "\"back\\\\slash\"" },
		{ "caf\xc3\xa9", "\"caf\xc3\xa9\"" }, { "x:y", "\"x:y\"" },
		/* Issue 11: what a YAML reader refuses raw, reads as a line
		 * break or drops is escaped; other characters stay raw. */
		{ "\xc2\x80", "\"\\x80\"" }, { "a\xc2\x85" "b", "\"a\\x85b\"" },
		{ "\xc2\x9f", "\"\\x9f\"" }, { "\xe2\x80\xa8", "\"\\u2028\"" },
		{ "\xe2\x80\xa9", "\"\\u2029\"" }, { "\xef\xbb\xbf", "\"\\ufeff\"" },
		{ "\xef\xbf\xbe", "\"\\ufffe\"" }, { "\xef\xbf\xbf", "\"\\uffff\"" },
		{ "\xc2\xa0\xf4\x8f\xbf\xbf\xef\xb7\x90",
		  "\"\xc2\xa0\xf4\x8f\xbf\xbf\xef\xb7\x90\"" },
		{ "\r\x1b", "\"\\x0d\\x1b\"" }, { "bad\xff", "\"bad\\xff\"" },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct cairn_buf b = CAIRN_BUF_INIT;

		cairn_result_yaml_scalar(&b, cases[i][0]);
		ck_assert_str_eq(b.data, cases[i][1]);
		cairn_buf_free(&b);
	}
}
END_TEST

/* JSON strings: the YAML result's unsafe set, in JSON's escapes. */
START_TEST(json_strings)
{
	static const char *const cases[][2] = {
		{ "p1", "\"p1\"" }, { "", "\"\"" }, { "q\"b\\s", "\"q\\\"b\\\\s\"" },
		{ "a\nb\tc\rd", "\"a\\nb\\tc\\rd\"" }, { "bell\a", "\"bell\\u0007\"" },
		{ "\x7f", "\"\\u007f\"" }, { "\xc2\x85", "\"\\u0085\"" },
		{ "\xe2\x80\xa8\xe2\x80\xa9", "\"\\u2028\\u2029\"" },
		{ "\xef\xbb\xbf\xef\xbf\xbe\xef\xbf\xbf", "\"\\ufeff\\ufffe\\uffff\"" },
		{ "caf\xc3\xa9 \xf0\x9f\x98\x80", "\"caf\xc3\xa9 \xf0\x9f\x98\x80\"" },
		{ "bad\xff!", "\"bad\\ufffd!\"" }, { "\xe2\x80", "\"\\ufffd\\ufffd\"" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct cairn_buf b = CAIRN_BUF_INIT;

		cairn_result_json_string(&b, cases[i][0]);
		ck_assert_str_eq(b.data, cases[i][1]);
		cairn_buf_free(&b);
	}
}
END_TEST

START_TEST(csv_fields)
{
	static const char *const cases[][2] = {
		{ "plain", "plain" }, { "-5", "-5" }, { "+7", "+7" },
		{ "-", "'-" }, { "=1+2", "'=1+2" }, { "@SUM(A1)", "'@SUM(A1)" },
		{ "\tx", "'\tx" }, { "\rx", "\"'\rx\"" }, { "a,b", "\"a,b\"" },
		{ "say \"hi\"", "\"say \"\"hi\"\"\"" }, { "", "" },
		/* Issue 11: a leading ' is guarded too, so that removing one
		 * guard restores the text. */
		{ "'=1+1", "''=1+1" }, { "'", "''" }, { "'a", "''a" },
		{ "''", "'''" }, { "a'", "a'" },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct cairn_buf b = CAIRN_BUF_INIT;

		cairn_result_csv_field(&b, cases[i][0], 1);
		cairn_buf_reserve(&b, 0);
		ck_assert_str_eq(b.data, cases[i][1]);
		cairn_buf_free(&b);
	}
}
END_TEST

/* 2026-12-09T21:14:03.512Z, with nanoseconds that must not round up. */
static const struct cairn_origin ada = {
	.owner = "ada", .uid = 1001,
	.received = { .tv_sec = 1796850843, .tv_nsec = 512999999 },
};
/* An owner with no login is its uid: a YAML integer unless quoted. */
static const struct cairn_origin bare = {
	.owner = "1002", .uid = 1002,
	.received = { .tv_sec = 1796850843, .tv_nsec = 7000000 },
};

static void submission(struct cairn_input *in, const char *source,
		       enum cairn_format fmt, const struct cairn_origin *o)
{
	struct cairn_puzzle *p;

	cairn_puzzle_input_init(in, source, fmt);
	in->origin = o;
	in->shape = CAIRN_SHAPE_SUBMISSION;
	in->problem_set = cairn_xstrdup("hw1");
	in->submitter = cairn_xstrdup("Ada");
	p = solved(in, "a", 2, 2, 6, "RRL");
	p->out.verdict = CAIRN_VERDICT_CORRECT;
}

START_TEST(origin_yaml)
{
	struct cairn_input in;
	char *got;

	submission(&in, "hw1.yaml", CAIRN_FORMAT_YAML, &ada);
	got = render(&in);
	ck_assert_str_eq(got,
		"format: cairn-result/1\n"
		"source: hw1.yaml\n"
		"owner: ada\n"
		"uid: 1001\n"
		"received: 2026-12-09T21:14:03.512Z\n"
		"status: ok\n"
		"problem_set: hw1\n"
		"submitter: Ada\n"
		"puzzles:\n"
		"  - id: a\n"
		"    line: 2\n"
		"    n: 3\n"
		"    solver: linear\n"
		"    total: 6\n"
		"    alice: 4\n"
		"    bob: 2\n"
		"    diff: 2\n"
		"    winner: alice\n"
		"    alice_wins: true\n"
		"    first_move: right\n"
		"    verdict: correct\n"
		"summary: {puzzles: 1, solved: 1, errors: 0, graded: 1, correct: 1, "
		"wrong: 0, missing: 0, invalid: 0, points: 1, max_points: 1, score: 1.0}\n");
	free(got);
	submission(&in, "hw1.yaml", CAIRN_FORMAT_YAML, &bare);
	got = render(&in);
	ck_assert_ptr_nonnull(strstr(got, "source: hw1.yaml\nowner: \"1002\"\nuid: 1002\n"
				     "received: 2026-12-09T21:14:03.007Z\nstatus: ok\n"));
	free(got);
}
END_TEST

START_TEST(origin_json)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	struct cairn_input in;
	struct cairn_stats st;

	submission(&in, "hw1.json", CAIRN_FORMAT_JSON, &bare);
	cairn_stats_input(&in, &st);
	cairn_result_json(&in, &st, &b);
	cairn_puzzle_input_free(&in);
	cairn_buf_reserve(&b, 0);
	ck_assert_ptr_nonnull(strstr(b.data,
		"{\n  \"format\": \"cairn-result/1\",\n  \"source\": \"hw1.json\",\n"
		"  \"owner\": \"1002\",\n  \"uid\": 1002,\n"
		"  \"received\": \"2026-12-09T21:14:03.007Z\",\n  \"status\": \"ok\",\n"));
	cairn_buf_free(&b);
}
END_TEST

START_TEST(origin_csv)
{
	struct cairn_input in;
	char *got;

	submission(&in, "hw1.csv", CAIRN_FORMAT_CSV, &ada);
	got = render(&in);
	ck_assert_str_eq(got,
		"id,line,n,solver,total,alice,bob,diff,winner,alice_wins,"
		"first_move,moves,verdict,feedback,error,submitter,problem_set,"
		"points,max_points,owner,received,late_by,late_penalty\n"
		"a,2,3,linear,6,4,2,2,alice,true,right,,correct,,,Ada,hw1,1,1,"
		"ada,2026-12-09T21:14:03.512Z,,\n");
	free(got);
}
END_TEST

/* What the daemon writes for a file it could not read still says whose. */
START_TEST(origin_error_result)
{
	static const char *const names[] = { "x.yaml", "x.json", "x.csv" };
	static const char *const want[] = {
		"format: cairn-result/1\nsource: x.yaml\nowner: ada\nuid: 1001\n"
		"received: 2026-12-09T21:14:03.512Z\nstatus: error\nerror: gone\n",
		"{\n  \"format\": \"cairn-result/1\",\n  \"source\": \"x.json\",\n"
		"  \"owner\": \"ada\",\n  \"uid\": 1001,\n"
		"  \"received\": \"2026-12-09T21:14:03.512Z\",\n  \"status\": \"error\",\n",
		"id,line,n,solver,total,alice,bob,diff,winner,alice_wins,"
		"first_move,moves,verdict,feedback,error,submitter,problem_set,"
		"points,max_points,owner,received,late_by,late_penalty\n"
		",,,,,,,,,,,,,,gone,,,,,ada,2026-12-09T21:14:03.512Z,,\n",
	};
	struct cairn_stats st;
	size_t i;

	for (i = 0; i < 3; i++) {
		struct cairn_buf b = CAIRN_BUF_INIT;

		cairn_process_error_result(names[i], &ada, "gone", &b, &st);
		cairn_buf_reserve(&b, 0);
		ck_assert_msg(strncmp(b.data, want[i], strlen(want[i])) == 0,
			      "%s:\n%s", names[i], b.data);
		cairn_buf_free(&b);
	}
}
END_TEST

START_TEST(time_text)
{
	static const struct { long long s; long ns; const char *want; } cases[] = {
		{ 1796850843, 512999999, "2026-12-09T21:14:03.512Z" },
		{ 0, 0, "1970-01-01T00:00:00.000Z" },
		{ 951782400, 1000000, "2000-02-29T00:00:00.001Z" },
		{ -5, 0, "1970-01-01T00:00:00.000Z" },
		{ 253402300799LL, 999999999, "9999-12-31T23:59:59.999Z" },
	};
	char at[CAIRN_TIME_LEN];
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct timespec t = { .tv_sec = (time_t)cases[i].s, .tv_nsec = cases[i].ns };

		ck_assert_str_eq(cairn_time_format(&t, at), cases[i].want);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("result");
	TCase *tc = tcase_create("writers");

	tcase_add_test(tc, yaml_bytes);
	tcase_add_test(tc, csv_bytes);
	tcase_add_test(tc, file_error_yaml);
	tcase_add_test(tc, file_error_csv);
	tcase_add_test(tc, submission_header_and_score);
	tcase_add_test(tc, csv_submission_owner);
	tcase_add_test(tc, yaml_scalars);
	tcase_add_test(tc, json_strings);
	tcase_add_test(tc, csv_fields);
	tcase_add_test(tc, origin_yaml);
	tcase_add_test(tc, origin_json);
	tcase_add_test(tc, origin_csv);
	tcase_add_test(tc, origin_error_result);
	tcase_add_test(tc, time_text);
	suite_add_tcase(s, tc);
	return cairn_check_run(s);
}
