/*
 * check_yaml - cairn_yaml: the refusals and their places, libyaml's
 * errors and their places, the messages of both, plain scalars and the
 * message quoter, and cairn_yaml_tree, each as a table of cases.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_yaml.h"
#include "cairn_yaml_tree.h"
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

/* read_all - open text and read it to its end or its first error */
static int read_all(struct cairn_yaml *y, const char *text, unsigned opts)
{
	yaml_event_t e;
	int rc;

	ck_assert_int_eq(cairn_yaml_open(y, text, strlen(text), opts), 0);
	while ((rc = cairn_yaml_next(y, &e)) == 0) {
		int end = e.type == YAML_STREAM_END_EVENT;

		yaml_event_delete(&e);
		if (end)
			break;
	}
	return rc;
}

START_TEST(test_refusal)
{
	const struct refusal_case *c = &refusal_cases[_i];
	struct cairn_yaml y;
	int rc = read_all(&y, c->text, c->opts);

	ck_assert_uint_eq(rc < 0 ? y.error.what : 0, c->what);
	if (rc < 0) {
		ck_assert_uint_eq(y.error.mark.line + 1, c->line);
		ck_assert_uint_eq(y.error.mark.column + 1, c->column);
	}
	cairn_yaml_close(&y);
}
END_TEST

/* What cairn_yaml_error_message() says of the first error in text. */
struct message_case {
	const char *text;
	unsigned opts;
	const char *want;
};

static const struct message_case message_cases[] = {
	{ "a: &x 1\nb: *x\n", 0,
	  "line 1, column 4: anchors and aliases are not allowed" },
	{ "a: &x 1\nb: *x\n", CAIRN_YAML_ANCHORS_OK,
	  "line 2, column 4: anchors and aliases are not allowed" },
	/* A NUL is told before the anchor on the same scalar. */
	{ "a: &x \"\\0\"\n", 0,
	  "line 1, column 4: a NUL character is not allowed" },
	{ "a: 1\nb: \xc3\xa9\x01\n", 0,
	  "line 2, column 5: control characters are not allowed" },
	{ "a: [1, 2\nb: 3\n", 0,
	  "line 2, column 2: did not find expected ',' or ']' (while parsing "
	  "a flow sequence at line 1, column 4)" },
	{ "a: 1\nb: c: d\n", 0,
	  "line 2, column 5: mapping values are not allowed in this context" },
};

START_TEST(test_message)
{
	const struct message_case *c = &message_cases[_i];
	struct cairn_buf b = CAIRN_BUF_INIT;
	struct cairn_yaml y;

	ck_assert_int_lt(read_all(&y, c->text, c->opts), 0);
	cairn_buf_adds(&b, "");
	ck_assert_int_eq(cairn_yaml_error_message(&y.error, &b), -EINVAL);
	ck_assert_str_eq(b.data, c->want);
	cairn_yaml_close(&y);
	cairn_buf_free(&b);
}
END_TEST

/* Out of memory says nothing of the text: -ENOMEM, and its place. */
START_TEST(test_message_nomem)
{
	struct cairn_yaml_error e = { 0 };
	struct cairn_buf b = CAIRN_BUF_INIT;

	e.what = CAIRN_YAML_NOMEM;
	e.mark.line = 2;
	e.mark.column = 6;
	cairn_buf_adds(&b, "x: ");
	ck_assert_int_eq(cairn_yaml_error_message(&e, &b), -ENOMEM);
	ck_assert_str_eq(b.data, "x: line 3, column 7: out of memory");
	cairn_buf_free(&b);
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

/* dump - t in flow style, each collection followed by @ and its line */
static void dump(struct cairn_buf *b, const struct cairn_yaml_tree *t)
{
	size_t i;

	if (t->kind == CAIRN_YAML_TREE_SCALAR) {
		cairn_buf_adds(b, t->text);
		return;
	}
	cairn_buf_addc(b, t->kind == CAIRN_YAML_TREE_MAP ? '{' : '[');
	for (i = 0; i < t->n; i++) {
		if (i > 0)
			cairn_buf_adds(b, t->kind == CAIRN_YAML_TREE_MAP &&
				       i % 2 ? ": " : ", ");
		dump(b, t->kids[i]);
	}
	cairn_buf_addf(b, "%c@%lu", t->kind == CAIRN_YAML_TREE_MAP ? '}' : ']',
		       t->line);
}

/* The tree of a document's node, or the error that ends it. */
struct tree_case {
	const char *text;
	const char *want;
};

static const struct tree_case tree_cases[] = {
	{ "a: [x, {b: c}]\nd:\n  - e\n", "{a: [x, {b: c}@1]@1, d: [e]@3}@1" },
	{ "- 1\n- \"\"\n- {}\n", "[1, , {}@3]@1" },
	{ "plain\n", "plain" },
	{ "a: [x, *y]\n",
	  "line 1, column 8: anchors and aliases are not allowed" },
	{ "a: [x, y\n",
	  "line 2, column 1: did not find expected ',' or ']' (while parsing "
	  "a flow sequence at line 1, column 4)" },
};

START_TEST(test_tree)
{
	const struct tree_case *c = &tree_cases[_i];
	struct cairn_buf b = CAIRN_BUF_INIT;
	struct cairn_yaml_tree *t;
	struct cairn_yaml y;
	yaml_event_t e;
	int i;

	ck_assert_int_eq(cairn_yaml_open(&y, c->text, strlen(c->text),
					 CAIRN_YAML_ANCHORS_OK), 0);
	for (i = 0; i < 2; i++) {	/* the stream's start, the document's */
		ck_assert_int_eq(cairn_yaml_next(&y, &e), 0);
		yaml_event_delete(&e);
	}
	ck_assert_int_eq(cairn_yaml_next(&y, &e), 0);
	cairn_buf_adds(&b, "");
	if (cairn_yaml_tree_build(&y, &e, &t) == 0)
		dump(&b, t);
	else
		cairn_yaml_error_message(&y.error, &b);
	ck_assert_str_eq(b.data, c->want);
	cairn_yaml_tree_free(t);
	cairn_yaml_close(&y);
	cairn_buf_free(&b);
}
END_TEST

START_TEST(test_tree_get)
{
	static const char text[] = "a: [x]\nb: y\n? [k]\n: z\n";
	const struct cairn_yaml_tree *v;
	struct cairn_yaml_tree *t;
	struct cairn_yaml y;
	yaml_event_t e;
	char *s;
	int i;

	ck_assert_int_eq(cairn_yaml_open(&y, text, strlen(text), 0), 0);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(cairn_yaml_next(&y, &e), 0);
		if (i < 2)
			yaml_event_delete(&e);
	}
	ck_assert_int_eq(cairn_yaml_tree_build(&y, &e, &t), 0);
	ck_assert_ptr_nonnull(v = cairn_yaml_tree_get(t, "a"));
	ck_assert_int_eq(v->kind, CAIRN_YAML_TREE_SEQ);
	ck_assert_ptr_null(cairn_yaml_tree_get(v, "x"));	/* no mapping */
	ck_assert_ptr_null(cairn_yaml_tree_get(t, "z"));	/* a value only */
	ck_assert_ptr_null(cairn_yaml_tree_scalar(t, "a"));
	ck_assert_str_eq(cairn_yaml_tree_scalar(t, "b"), "y");
	ck_assert_uint_eq(cairn_yaml_tree_get(t, "b")->line, 2);
	ck_assert_int_eq(cairn_yaml_tree_text(t, "a", &s), -1);
	ck_assert_ptr_null(s);
	ck_assert_int_eq(cairn_yaml_tree_text(t, "c", &s), 0);
	ck_assert_ptr_null(s);
	ck_assert_int_eq(cairn_yaml_tree_text(t, "b", &s), 0);
	ck_assert_str_eq(s, "y");
	free(s);
	cairn_yaml_tree_free(t);
	cairn_yaml_close(&y);
}
END_TEST

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

static Suite *yaml_suite(void)
{
	Suite *s = suite_create("yaml");
	TCase *tc = tcase_create("yaml");

	tcase_add_loop_test(tc, test_refusal, 0, N(refusal_cases));
	tcase_add_loop_test(tc, test_message, 0, N(message_cases));
	tcase_add_test(tc, test_message_nomem);
	tcase_add_loop_test(tc, test_depth, 0, N(depth_cases));
	tcase_add_loop_test(tc, test_plain, 0, N(plain_cases));
	tcase_add_loop_test(tc, test_quote, 0, N(quote_cases));
	tcase_add_loop_test(tc, test_tree, 0, N(tree_cases));
	tcase_add_test(tc, test_tree_get);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(yaml_suite());
}
