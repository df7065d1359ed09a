/*
 * check_utf8 - cairn_utf8 against tables of byte sequences and their
 * exact answers: which sequences are well-formed (RFC 3629: shortest form,
 * no surrogates, nothing above U+10FFFF) and with what code point, where
 * the first bad byte or NUL of a text is and on which line and column,
 * which characters a result must escape, and the exact escaped text of
 * the YAML and the JSON writers, ill-formed bytes included.
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_utf8.h"
#include "check_run.h"

/* Sequences are given with their length: some hold NUL or are cut short. */
#define SEQ(s) s, sizeof(s) - 1

static const struct {
	const char *s;
	size_t n;
	size_t len;		/* cairn_utf8_next(): 0 when ill-formed */
	uint32_t cp;
} next_cases[] = {
	{ SEQ("A"), 1, 0x41 },
	{ SEQ("\x7f"), 1, 0x7f },
	{ SEQ("\xc2\x80"), 2, 0x80 },
	{ SEQ("\xc3\xa9"), 2, 0xe9 },
	{ SEQ("\xdf\xbf"), 2, 0x7ff },
	{ SEQ("\xe0\xa0\x80"), 3, 0x800 },
	{ SEQ("\xe2\x80\xa8"), 3, 0x2028 },
	{ SEQ("\xed\x9f\xbf"), 3, 0xd7ff },	/* just below the surrogates */
	{ SEQ("\xee\x80\x80"), 3, 0xe000 },	/* just above them */
	{ SEQ("\xef\xbf\xbf"), 3, 0xffff },
	{ SEQ("\xf0\x90\x80\x80"), 4, 0x10000 },
	{ SEQ("\xf4\x8f\xbf\xbf"), 4, 0x10ffff },
	{ SEQ("\xc3\xa9tail"), 2, 0xe9 },	/* only the first sequence */
	{ "", 0, 0, 0 },
	{ SEQ("\x80"), 0, 0 },			/* stray continuation bytes */
	{ SEQ("\xbf"), 0, 0 },
	{ SEQ("\xc0\x80"), 0, 0 },		/* overlong forms */
	{ SEQ("\xc1\xbf"), 0, 0 },
	{ SEQ("\xe0\x80\x80"), 0, 0 },
	{ SEQ("\xe0\x9f\xbf"), 0, 0 },
	{ SEQ("\xf0\x80\x80\x80"), 0, 0 },
	{ SEQ("\xf0\x8f\xbf\xbf"), 0, 0 },
	{ SEQ("\xed\xa0\x80"), 0, 0 },		/* surrogates */
	{ SEQ("\xed\xbf\xbf"), 0, 0 },
	{ SEQ("\xf4\x90\x80\x80"), 0, 0 },	/* above U+10FFFF */
	{ SEQ("\xf5\x80\x80\x80"), 0, 0 },
	{ SEQ("\xfe"), 0, 0 },
	{ SEQ("\xff"), 0, 0 },
	{ SEQ("\xc3"), 0, 0 },			/* cut short */
	{ SEQ("\xe2\x82"), 0, 0 },
	{ SEQ("\xf0\x9f\x98"), 0, 0 },
	{ SEQ("\xc3\x28"), 0, 0 },		/* not a continuation */
	{ SEQ("\xe2\x28\xa1"), 0, 0 },
};

START_TEST(test_next)
{
	uint32_t cp = 0xdeadbeef;
	size_t len = cairn_utf8_next(next_cases[_i].s, next_cases[_i].n, &cp);

	ck_assert_uint_eq(len, next_cases[_i].len);
	if (len > 0)
		ck_assert_uint_eq(cp, next_cases[_i].cp);
	else
		ck_assert_uint_eq(cp, 0xdeadbeef);	/* left alone */
}
END_TEST

static const struct {
	const char *s;
	size_t n;
	size_t off;		/* of the first NUL or ill-formed byte, or n */
	int nul;
} bad_cases[] = {
	{ "", 0, 0, 0 },
	{ SEQ("abc"), 3, 0 },
	{ SEQ("h\xc3\xa9llo \xe2\x82\xac \xf0\x9f\x98\x80"), 15, 0 },
	{ SEQ("ab\0c"), 2, 1 },
	{ SEQ("\xc3\xa9\0"), 2, 1 },
	{ SEQ("\0\xff"), 0, 1 },		/* whichever comes first */
	{ SEQ("\xff\0"), 0, 0 },
	{ SEQ("h\xc3\xa9\xffx"), 3, 0 },
	{ SEQ("ok\xe2\x82"), 2, 0 },		/* cut short at the end */
	{ SEQ("a\xed\xa0\x80"), 1, 0 },		/* a surrogate */
	{ SEQ("ab\xc0\xaf"), 2, 0 },		/* an overlong '/' */
	{ SEQ("\xe2\x80\xa8\xc2\x85"), 5, 0 },	/* unsafe is still valid */
};

START_TEST(test_bad)
{
	int nul = -1;

	ck_assert_uint_eq(cairn_utf8_bad(bad_cases[_i].s, bad_cases[_i].n, &nul),
			  bad_cases[_i].off);
	ck_assert_int_eq(nul, bad_cases[_i].nul);
}
END_TEST

START_TEST(test_why)
{
	ck_assert_str_eq(cairn_utf8_why(1), "a NUL character is not allowed");
	ck_assert_str_eq(cairn_utf8_why(0), "invalid UTF-8");
}
END_TEST

static const struct {
	const char *data;
	size_t off;
	unsigned long line, column;
} place_cases[] = {
	{ "abc", 0, 1, 1 },
	{ "abc", 2, 1, 3 },
	{ "abc", 3, 1, 4 },
	{ "a\nb", 1, 1, 2 },		/* the LF itself ends line 1 */
	{ "a\nb", 2, 2, 1 },
	{ "a\nbc", 4, 2, 3 },
	{ "\n\n\nx", 3, 4, 1 },
	{ "\xc3\xa9x", 2, 1, 2 },	/* one column per character */
	{ "\xc3\xa9x", 3, 1, 3 },
	{ "\xe2\x82\xac\n\xf0\x9f\x98\x80z", 8, 2, 2 },
	{ "\xe2\x82\xac\n\xf0\x9f\x98\x80z", 9, 2, 3 },
	{ "\r\nx", 2, 2, 1 },		/* CR is a column like any other */
};

START_TEST(test_place)
{
	unsigned long line = 0, column = 0;

	cairn_utf8_place(place_cases[_i].data, place_cases[_i].off, &line, &column);
	ck_assert_uint_eq(line, place_cases[_i].line);
	ck_assert_uint_eq(column, place_cases[_i].column);
}
END_TEST

static const struct {
	uint32_t cp;
	int unsafe;
} unsafe_cases[] = {
	{ 0x00, 1 }, { 0x09, 1 }, { 0x0a, 1 }, { 0x0d, 1 }, { 0x1f, 1 },
	{ 0x20, 0 }, { 0x41, 0 }, { 0x7e, 0 },
	{ 0x7f, 1 },					/* DEL */
	{ 0x80, 1 }, { 0x85, 1 }, { 0x9f, 1 },		/* C1, NEL among them */
	{ 0xa0, 0 }, { 0xe9, 0 },
	{ 0x2027, 0 }, { 0x2028, 1 }, { 0x2029, 1 },
	/* the bidi controls: marks, embeddings, overrides, isolates */
	{ 0x061b, 0 }, { 0x061c, 1 }, { 0x061d, 0 }, { 0x200d, 0 }, { 0x200e, 1 },
	{ 0x200f, 1 }, { 0x2010, 0 }, { 0x202a, 1 }, { 0x202e, 1 },
	{ 0x202f, 0 }, { 0x2065, 0 }, { 0x2066, 1 }, { 0x2069, 1 }, { 0x206a, 0 },
	{ 0xfefe, 0 }, { 0xfeff, 1 }, { 0xfffd, 0 }, { 0xfffe, 1 }, { 0xffff, 1 },
	{ 0x10000, 0 }, { 0x1f600, 0 }, { 0x10ffff, 0 },
};

START_TEST(test_unsafe)
{
	ck_assert_int_eq(cairn_utf8_unsafe(unsafe_cases[_i].cp),
			 unsafe_cases[_i].unsafe);
}
END_TEST

static const struct {
	const char *s;
	size_t n;
	const char *yaml, *json;
} escape_cases[] = {
	{ SEQ("plain text"), "plain text", "plain text" },
	{ SEQ("a\"b\\c"), "a\\\"b\\\\c", "a\\\"b\\\\c" },
	{ SEQ("x\ny\tz"), "x\\ny\\tz", "x\\ny\\tz" },
	{ SEQ("\r"), "\\x0d", "\\r" },
	{ SEQ("a\0b"), "a\\x00b", "a\\u0000b" },
	{ SEQ("\x01\x1f"), "\\x01\\x1f", "\\u0001\\u001f" },
	{ SEQ("\x7f"), "\\x7f", "\\u007f" },
	{ SEQ("\xc2\x85"), "\\x85", "\\u0085" },		/* NEL */
	{ SEQ("\xc2\x9f"), "\\x9f", "\\u009f" },
	{ SEQ("\xe2\x80\xa8\xe2\x80\xa9"), "\\u2028\\u2029", "\\u2028\\u2029" },
	{ SEQ("\xef\xbb\xbf"), "\\ufeff", "\\ufeff" },
	{ SEQ("\xef\xbf\xbe\xef\xbf\xbf"), "\\ufffe\\uffff", "\\ufffe\\uffff" },
	{ SEQ("a\xe2\x80\xae" "b\xd8\x9c"), "a\\u202eb\\u061c", "a\\u202eb\\u061c" },
	{ SEQ("\xc2\xa0\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"),
	  "\xc2\xa0\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80",
	  "\xc2\xa0\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80" },
	{ SEQ("a\xff" "b"), "a\\xffb", "a\\ufffdb" },	/* ill-formed bytes */
	{ SEQ("\xed\xa0\x80"), "\\xed\\xa0\\x80", "\\ufffd\\ufffd\\ufffd" },
	{ SEQ("\xc0\xaf"), "\\xc0\\xaf", "\\ufffd\\ufffd" },
	{ SEQ("\xe2\x82"), "\\xe2\\x82", "\\ufffd\\ufffd" },
	{ "", 0, "", "" },
};

START_TEST(test_escape)
{
	struct cairn_buf y = CAIRN_BUF_INIT, j = CAIRN_BUF_INIT;

	cairn_utf8_escape(&y, escape_cases[_i].s, escape_cases[_i].n);
	cairn_utf8_escape_json(&j, escape_cases[_i].s, escape_cases[_i].n);
	ck_assert_str_eq(y.data ? y.data : "", escape_cases[_i].yaml);
	ck_assert_str_eq(j.data ? j.data : "", escape_cases[_i].json);
	cairn_buf_free(&y);
	cairn_buf_free(&j);
}
END_TEST

/* The visible form: what a terminal line, a log and a gradebook show. */
static const struct {
	const char *s;
	size_t n;
	const char *shown;
} visible_cases[] = {
	{ SEQ("plain text, \"quoted\" and back\\slash"),
	  "plain text, \"quoted\" and back\\slash" },
	{ SEQ("f\033[31mred.yaml"), "f\\x1b[31mred.yaml" },
	{ SEQ("x\ny\tz\r"), "x\\ny\\tz\\r" },
	{ SEQ("a\0b\x01\x1f\x7f"), "a\\x00b\\x01\\x1f\\x7f" },
	{ SEQ("\xc2\x85\xc2\x9b"), "\\u0085\\u009b" },		/* NEL, CSI */
	{ SEQ("exe.\xe2\x80\xaetxt"), "exe.\\u202etxt" },	/* RLO */
	{ SEQ("\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad"),
	  "\\u202a\\u202b\\u202c\\u202d" },
	{ SEQ("\xe2\x81\xa6\xe2\x81\xa7\xe2\x81\xa8\xe2\x81\xa9"),
	  "\\u2066\\u2067\\u2068\\u2069" },
	{ SEQ("\xe2\x80\x8e\xe2\x80\x8f\xd8\x9c"), "\\u200e\\u200f\\u061c" },
	{ SEQ("\xe2\x80\xa8\xef\xbb\xbf\xef\xbf\xbf"), "\\u2028\\ufeff\\uffff" },
	{ SEQ("\xc2\xa0\xc3\xa9\xd7\x90\xe2\x80\x8d\xf0\x9f\x98\x80"),
	  "\xc2\xa0\xc3\xa9\xd7\x90\xe2\x80\x8d\xf0\x9f\x98\x80" },	/* Hebrew alef, ZWJ */
	{ SEQ("a\xff" "b\xe2\x80"), "a\\xffb\\xe2\\x80" },	/* ill-formed bytes */
	{ SEQ("\xed\xa0\x80"), "\\xed\\xa0\\x80" },
	{ "", 0, "" },
};

START_TEST(test_visible)
{
	struct cairn_buf b = CAIRN_BUF_INIT;

	cairn_utf8_visible(&b, visible_cases[_i].s, visible_cases[_i].n);
	ck_assert_str_eq(b.data ? b.data : "", visible_cases[_i].shown);
	cairn_buf_free(&b);
}
END_TEST

/* One character at a time: its form, and how many bytes it stands for. */
START_TEST(test_visible_one)
{
	char v[CAIRN_UTF8_VISIBLE_MAX];
	size_t used = 0;

	ck_assert_uint_eq(cairn_utf8_visible_one("\xe2\x80\xae!", 4, v, &used), 6);
	ck_assert_str_eq(v, "\\u202e");
	ck_assert_uint_eq(used, 3);
	ck_assert_uint_eq(cairn_utf8_visible_one("\033[", 2, v, &used), 4);
	ck_assert_str_eq(v, "\\x1b");
	ck_assert_uint_eq(used, 1);
	ck_assert_uint_eq(cairn_utf8_visible_one("\n", 1, v, &used), 2);
	ck_assert_str_eq(v, "\\n");
	ck_assert_uint_eq(cairn_utf8_visible_one("\xc3\xa9", 2, v, &used), 0);
	ck_assert_uint_eq(used, 2);
	ck_assert_uint_eq(cairn_utf8_visible_one("\xe2\x80", 2, v, &used), 4);
	ck_assert_str_eq(v, "\\xe2");
	ck_assert_uint_eq(used, 1);
	ck_assert_uint_eq(cairn_utf8_visible_one("\xf4\x8f\xbf\xbf", 4, v, &used), 0);
	ck_assert_uint_eq(used, 4);
}
END_TEST

#define COUNT(a) (int)(sizeof(a) / sizeof((a)[0]))

static Suite *utf8_suite(void)
{
	Suite *s = suite_create("utf8");
	TCase *tc = tcase_create("utf8");

	tcase_add_loop_test(tc, test_next, 0, COUNT(next_cases));
	tcase_add_loop_test(tc, test_bad, 0, COUNT(bad_cases));
	tcase_add_test(tc, test_why);
	tcase_add_loop_test(tc, test_place, 0, COUNT(place_cases));
	tcase_add_loop_test(tc, test_unsafe, 0, COUNT(unsafe_cases));
	tcase_add_loop_test(tc, test_escape, 0, COUNT(escape_cases));
	tcase_add_loop_test(tc, test_visible, 0, COUNT(visible_cases));
	tcase_add_test(tc, test_visible_one);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(utf8_suite());
}
