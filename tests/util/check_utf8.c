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
	{ 0x2027, 0 }, { 0x2028, 1 }, { 0x2029, 1 }, { 0x202a, 0 },
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
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(utf8_suite());
}
