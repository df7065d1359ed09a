/*
 * check_yaml - cairn_yaml: the refusals and their places, libyaml's
 * errors and their places, plain scalars and the message quoter, each
 * as a table of cases.
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_yaml.h"
#include "check_run.h"

/* The first event cairn_yaml_next() refuses in text, read to the end. */
struct refusal_case {
	const char *text;
	unsigned opts;
	unsigned what;			/* 0: read to the end */
	size_t line, column;		/* 1-based */
};

static const struct refusal_case refusal_cases[] = {
	{ "a: 1\nb: [x, y]\n", 0, 0, 0, 0 },
	{ "a: &x 1\nb: *x\n", 0, CAIRN_YAML_ANCHOR, 1, 4 },
	{ "a: &x 1\nb: *x\n", CAIRN_YAML_ANCHORS_OK, CAIRN_YAML_ALIAS, 2, 4 },
	{ "a: &x [1]\n", 0, CAIRN_YAML_ANCHOR, 1, 4 },
	{ "a: &x {b: 1}\n", CAIRN_YAML_ANCHORS_OK, 0, 0, 0 },
	{ "a: \"x\\0y\"\n", 0, CAIRN_YAML_NUL, 1, 4 },
	{ "a: &x \"\\0\"\n", 0, CAIRN_YAML_NUL | CAIRN_YAML_ANCHOR, 1, 4 },
	{ "a: 1\nb: {c: [d, : x]}\n", 0, CAIRN_YAML_SYNTAX, 2, 12 },
	{ "a: 1\n\tb: 2\n", 0, CAIRN_YAML_SYNTAX, 2, 1 },
	/* A reader error knows only its offset: the place is counted. */
	{ "a: 1\nb: \xc3\xa9\x01\n", 0, CAIRN_YAML_SYNTAX, 2, 5 },
	{ "a: \xff\n", CAIRN_YAML_UTF8, CAIRN_YAML_SYNTAX, 1, 4 },
};

START_TEST(test_refusal)
{
	const struct refusal_case *c = &refusal_cases[_i];
	struct cairn_yaml y;
	yaml_event_t e;
	int rc;

	ck_assert_int_eq(cairn_yaml_open(&y, c->text, strlen(c->text),
					 c->opts), 0);
	while ((rc = cairn_yaml_next(&y, &e)) == 0) {
		int end = e.type == YAML_STREAM_END_EVENT;

		yaml_event_delete(&e);
		if (end)
			break;
	}
	ck_assert_uint_eq(rc < 0 ? y.error.what : 0, c->what);
	if (rc < 0) {
		ck_assert_uint_eq(y.error.mark.line + 1, c->line);
		ck_assert_uint_eq(y.error.mark.column + 1, c->column);
	}
	cairn_yaml_close(&y);
}
END_TEST

/* depth: how many collections open; leaf: then a scalar inside them. */
struct depth_case {
	int depth, leaf;
	unsigned opts;
	int refused;
};

static const struct depth_case depth_cases[] = {
	{ 64, 1, 0, 0 },
	{ 65, 0, 0, 1 },
	{ 64, 0, CAIRN_YAML_LEAF_LEVEL, 0 },
	{ 64, 1, CAIRN_YAML_LEAF_LEVEL, 1 },
	{ 63, 1, CAIRN_YAML_LEAF_LEVEL, 0 },
};

START_TEST(test_depth)
{
	const struct depth_case *c = &depth_cases[_i];
	struct cairn_buf b = CAIRN_BUF_INIT;
	struct cairn_yaml y;
	yaml_event_t e;
	unsigned what = 0;
	int i, rc;

	for (i = 0; i < c->depth; i++)
		cairn_buf_addc(&b, '[');
	if (c->leaf)
		cairn_buf_addc(&b, '1');
	for (i = 0; i < c->depth; i++)
		cairn_buf_addc(&b, ']');
	cairn_buf_addc(&b, '\n');
	ck_assert_int_eq(cairn_yaml_open(&y, b.data, b.len, c->opts), 0);
	while ((rc = cairn_yaml_next(&y, &e)) == 0 &&
	       e.type != YAML_STREAM_END_EVENT)
		yaml_event_delete(&e);
	if (rc == 0)
		yaml_event_delete(&e);
	else
		what = y.error.what;
	ck_assert_uint_eq(what, c->refused ? CAIRN_YAML_DEEP : 0);
	ck_assert_str_eq(cairn_yaml_refusal(CAIRN_YAML_DEEP),
			 "nesting deeper than 64 levels");
	cairn_yaml_close(&y);
	cairn_buf_free(&b);
}
END_TEST

struct plain_case {
	const char *s;
	int null_ok, typed_ok;		/* for each kind of reader */
};

static const struct plain_case plain_cases[] = {
	{ "hw1.yaml", 1, 1 },
	{ "/var/spool/cairn", 1, 0 },
	{ "_x", 1, 1 },
	{ "a+b", 1, 0 },
	{ "yes", 1, 0 },
	{ "True", 1, 0 },
	{ "Null", 0, 0 },
	{ "NULL", 0, 0 },
	{ "~", 0, 0 },
	{ "", 0, 0 },
	{ "-x", 0, 0 },
	{ "12", 1, 0 },
	{ "a b", 0, 0 },
	{ "a:b", 0, 0 },
	{ "caf\xc3\xa9", 0, 0 },
};

START_TEST(test_plain)
{
	const struct plain_case *c = &plain_cases[_i];

	ck_assert_int_eq(cairn_yaml_plain_ok(c->s, CAIRN_YAML_PLAIN_NULL),
			 c->null_ok);
	ck_assert_int_eq(cairn_yaml_plain_ok(c->s, CAIRN_YAML_PLAIN_TYPED),
			 c->typed_ok);
}
END_TEST

struct quote_case {
	const char *s;
	size_t max;
	enum cairn_yaml_escape how;
	const char *want;
};

static const struct quote_case quote_cases[] = {
	{ "4.5", 64, CAIRN_YAML_ESCAPE_MESSAGE, "\"4.5\"" },
	{ "a\"b\\c", 64, CAIRN_YAML_ESCAPE_MESSAGE, "\"a\\\"b\\\\c\"" },
	{ "10\r20\n\t\x01\x7f", 64, CAIRN_YAML_ESCAPE_MESSAGE,
	  "\"10\\r20\\n\\t\\x01\\x7f\"" },
	{ "ls\xe2\x80\xa8", 64, CAIRN_YAML_ESCAPE_MESSAGE, "\"ls\xe2\x80\xa8\"" },
	{ "10\r20", 64, CAIRN_YAML_ESCAPE_SCALAR, "\"10\\x0d20\"" },
	{ "ls\xe2\x80\xa8", 64, CAIRN_YAML_ESCAPE_SCALAR, "\"ls\\u2028\"" },
	{ "abcdef", 3, CAIRN_YAML_ESCAPE_MESSAGE, "\"abc...\"" },
	{ "abc", 3, CAIRN_YAML_ESCAPE_MESSAGE, "\"abc\"" },
	/* Never cut inside a UTF-8 sequence. */
	{ "ab\xc3\xa9", 3, CAIRN_YAML_ESCAPE_MESSAGE, "\"ab...\"" },
	{ "x", SIZE_MAX, CAIRN_YAML_ESCAPE_SCALAR, "\"x\"" },
};

START_TEST(test_quote)
{
	const struct quote_case *c = &quote_cases[_i];
	struct cairn_buf b = CAIRN_BUF_INIT;

	cairn_yaml_quote(&b, c->s, strlen(c->s), c->max, c->how);
	ck_assert_str_eq(b.data, c->want);
	cairn_buf_free(&b);
}
END_TEST

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

static Suite *yaml_suite(void)
{
	Suite *s = suite_create("yaml");
	TCase *tc = tcase_create("yaml");

	tcase_add_loop_test(tc, test_refusal, 0, N(refusal_cases));
	tcase_add_loop_test(tc, test_depth, 0, N(depth_cases));
	tcase_add_loop_test(tc, test_plain, 0, N(plain_cases));
	tcase_add_loop_test(tc, test_quote, 0, N(quote_cases));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(yaml_suite());
}
