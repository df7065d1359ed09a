/*
 * check_log - log lines as written to stderr, byte for byte.
 *
 * Each test points stderr at a temporary file, logs, puts stderr back and
 * reads the file.  With JOURNAL_STREAM set the lines carry no timestamp,
 * so they are compared exactly; without it the "ts=" prefix is checked
 * character by character for its shape.  A threaded test checks that
 * concurrent lines are never interleaved.
 */
#include "config.h"

#include <check.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cairn_buf.h"
#include "cairn_log.h"
#include "check_run.h"

static char capfile[] = "/tmp/check_log.XXXXXX";
static int saved_stderr = -1;

static void capture_start(void)
{
	int fd;

	strcpy(capfile, "/tmp/check_log.XXXXXX");
	fd = mkstemp(capfile);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(fcntl(fd, F_SETFL, O_APPEND), 0);
	saved_stderr = dup(STDERR_FILENO);
	ck_assert_int_ge(saved_stderr, 0);
	ck_assert_int_eq(dup2(fd, STDERR_FILENO), STDERR_FILENO);
	close(fd);
}

/* capture_end - stderr restored; returns what was written (caller frees). */
static char *capture_end(void)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	char chunk[4096];
	size_t n;
	FILE *f;

	ck_assert_int_eq(dup2(saved_stderr, STDERR_FILENO), STDERR_FILENO);
	close(saved_stderr);
	f = fopen(capfile, "r");
	ck_assert_ptr_nonnull(f);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		cairn_buf_add(&b, chunk, n);
	fclose(f);
	unlink(capfile);
	return cairn_buf_steal(&b);
}

static void journal(void)
{
	setenv("JOURNAL_STREAM", "8:12345", 1);
	cairn_log_open(CAIRN_LOG_INFO);
}

START_TEST(test_journal_lines)
{
	char v[256], *out;

	journal();
	capture_start();
	cairn_log(CAIRN_LOG_INFO, "processed", "file=%s puzzles=%d errors=%d ms=%.2f",
		  cairn_log_value(v, sizeof(v), "hw1.yaml"), 3, 0, 0.41);
	cairn_log(CAIRN_LOG_ERROR, "claim failed", "file=%s",
		  cairn_log_value(v, sizeof(v), "my file.yaml"));
	cairn_log(CAIRN_LOG_WARNING, "rescan", NULL);
	cairn_log(CAIRN_LOG_INFO, "ready", "%s", "");
	cairn_log(CAIRN_LOG_DEBUG, "hidden", "x=1");
	cairn_log_set_level(CAIRN_LOG_DEBUG);
	cairn_log(CAIRN_LOG_DEBUG, "shown", "x=%d", 2);
	cairn_log_set_level(CAIRN_LOG_ERROR);
	cairn_log(CAIRN_LOG_WARNING, "hidden", NULL);
	cairn_log(CAIRN_LOG_ERROR, "", NULL);
	out = capture_end();
	ck_assert_str_eq(out,
		"<6>level=info msg=processed file=hw1.yaml puzzles=3 errors=0 ms=0.41\n"
		"<3>level=error msg=\"claim failed\" file=\"my file.yaml\"\n"
		"<4>level=warning msg=rescan\n"
		"<6>level=info msg=ready\n"
		"<7>level=debug msg=shown x=2\n"
		"<3>level=error msg=\"\"\n");
	free(out);
}
END_TEST

START_TEST(test_enabled)
{
	cairn_log_open(CAIRN_LOG_WARNING);
	ck_assert(cairn_log_enabled(CAIRN_LOG_ERROR));
	ck_assert(cairn_log_enabled(CAIRN_LOG_WARNING));
	ck_assert(!cairn_log_enabled(CAIRN_LOG_INFO));
	ck_assert(!cairn_log_enabled(CAIRN_LOG_DEBUG));
	cairn_log_set_level(CAIRN_LOG_DEBUG);
	ck_assert(cairn_log_enabled(CAIRN_LOG_DEBUG));
	ck_assert_str_eq(cairn_log_level_name(CAIRN_LOG_ERROR), "error");
	ck_assert_str_eq(cairn_log_level_name(CAIRN_LOG_WARNING), "warning");
	ck_assert_str_eq(cairn_log_level_name(CAIRN_LOG_INFO), "info");
	ck_assert_str_eq(cairn_log_level_name(CAIRN_LOG_DEBUG), "debug");
}
END_TEST

/* "ts=2026-11-29T21:05:03.123Z level=info msg=started\n", shape only. */
START_TEST(test_timestamp_shape)
{
	static const char shape[] = "ts=dddd-dd-ddTdd:dd:dd.dddZ ";
	const char *rest = "level=info msg=started\n";
	size_t i;
	char *out;

	unsetenv("JOURNAL_STREAM");
	cairn_log_open(CAIRN_LOG_INFO);
	capture_start();
	cairn_log(CAIRN_LOG_INFO, "started", NULL);
	out = capture_end();
	ck_assert_uint_eq(strlen(out), strlen(shape) + strlen(rest));
	for (i = 0; shape[i]; i++) {
		if (shape[i] == 'd')
			ck_assert_msg(out[i] >= '0' && out[i] <= '9', "%s", out);
		else
			ck_assert_msg(out[i] == shape[i], "%s", out);
	}
	ck_assert_str_eq(out + strlen(shape), rest);
	free(out);
}
END_TEST

/* An over-long line is cut, ends in "...", and is still one line. */
START_TEST(test_long_line)
{
	char *big = malloc(10000), *out;
	size_t len;

	memset(big, 'x', 9999);
	big[9999] = '\0';
	journal();
	capture_start();
	cairn_log(CAIRN_LOG_INFO, "big", "data=%s", big);
	cairn_log(CAIRN_LOG_INFO, "after", NULL);
	out = capture_end();
	len = strlen(out);
	ck_assert_uint_eq(len, 4095 + strlen("<6>level=info msg=after\n"));
	ck_assert(strncmp(out, "<6>level=info msg=big data=xxx", 30) == 0);
	ck_assert(strncmp(out + 4088, "xxx...\n<6>level=info msg=after\n", 31) == 0);
	free(out);
	free(big);
}
END_TEST

struct value_case {
	const char *in;
	size_t len;
	const char *out;
};

static const struct value_case value_cases[] = {
	{ "hw1.yaml", 64, "hw1.yaml" },
	{ "", 64, "\"\"" },
	{ NULL, 64, "\"\"" },
	{ "a b", 64, "\"a b\"" },
	{ "a=b", 64, "\"a=b\"" },
	{ "say \"hi\"", 64, "\"say \\\"hi\\\"\"" },
	{ "a\nb", 64, "\"a\\nb\"" },
	{ "fake\nts=1 level=error", 64, "\"fake\\nts=1 level=error\"" },
	{ "back\\slash", 64, "\"back\\\\slash\"" },
	{ "tab\there", 64, "\"tab\\there\"" },
	{ "\x7f\x1b[31m", 64, "\"\\x7f\\x1b[31m\"" },
	{ "\x1b]0;TITLE\a\x1b[2J", 64, "\"\\x1b]0;TITLE\\x07\\x1b[2J\"" },
	{ "caf\xc3\xa9", 64, "caf\xc3\xa9" },
	{ "\xc3\x9c" "bung", 64, "\xc3\x9c" "bung" },		/* U+00DC: printable */
	{ "csi\x9b" "2J", 64, "\"csi\\x9b2J\"" },		/* a raw C1 byte */
	{ "nel\xc2\x85x", 64, "\"nel\\u0085x\"" },	/* the C1 code point NEL */
	{ "bad\xff\xfe", 64, "\"bad\\xff\\xfe\"" },
	{ "over\xc0\xaf", 64, "\"over\\xc0\\xaf\"" },	/* overlong '/' */
	{ "sur\xed\xa0\x80", 64, "\"sur\\xed\\xa0\\x80\"" },
	{ "cut\xc3", 64, "\"cut\\xc3\"" },
	{ "rlo\xe2\x80\xae", 64, "\"rlo\\u202e\"" },
	{ "ls\xe2\x80\xa8", 64, "\"ls\\u2028\"" },
	/* issue 37: every bidi control, as cairn_utf8_visible() shows it */
	{ "f\033[31mred.yaml", 64, "\"f\\x1b[31mred.yaml\"" },
	{ "lrm\xe2\x80\x8e" "rlm\xe2\x80\x8f" "alm\xd8\x9c", 64,
	  "\"lrm\\u200erlm\\u200falm\\u061c\"" },
	{ "lri\xe2\x81\xa6" "pdi\xe2\x81\xa9" "bom\xef\xbb\xbf", 64,
	  "\"lri\\u2066pdi\\u2069bom\\ufeff\"" },
	{ "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d", 64, "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d" },	/* Hebrew: plain */
	{ "abcdefghijklmnop", 10, "abcdef..." },
	{ "abcdefghi", 10, "abcdefghi" },
	{ "abcdefghij", 10, "abcdef..." },
	{ "a b c d e f g", 10, "\"a b ...\"" },
	{ "ab\ncdefghijk", 8, "\"ab...\"" },
	{ "abc", 3, "" },
	{ "abc", 4, "abc" },
	{ "abcd", 4, "..." },
	{ "a b", 5, "" },
	{ "a bc", 6, "\"...\"" },
	{ "a b", 6, "\"a b\"" },
	{ "abc", 0, NULL },
};

START_TEST(test_value)
{
	const struct value_case *vc = &value_cases[_i];
	char buf[64];

	memset(buf, '#', sizeof(buf));
	buf[sizeof(buf) - 1] = '\0';
	ck_assert_ptr_eq(cairn_log_value(buf, vc->len, vc->in), buf);
	if (vc->len == 0) {
		/* Nothing may be written into a zero-length buffer. */
		ck_assert_int_eq(buf[0], '#');
		return;
	}
	ck_assert_str_eq(buf, vc->out);
	ck_assert_uint_lt(strlen(buf), vc->len);
}
END_TEST

#define NTHREADS 8
#define NLINES 500

static void *writer(void *arg)
{
	long id = (long)arg;
	int i;

	for (i = 0; i < NLINES; i++)
		cairn_log(CAIRN_LOG_INFO, "tick", "thread=%ld i=%d pad=%0200d",
			  id, i, 0);
	return NULL;
}

START_TEST(test_threads)
{
	pthread_t t[NTHREADS];
	int counts[NTHREADS] = { 0 };
	char *out, *line, *save = NULL, want[512];
	long id;
	int i, n = 0;

	journal();
	capture_start();
	for (id = 0; id < NTHREADS; id++)
		ck_assert_int_eq(pthread_create(&t[id], NULL, writer, (void *)id), 0);
	for (id = 0; id < NTHREADS; id++)
		ck_assert_int_eq(pthread_join(t[id], NULL), 0);
	out = capture_end();
	for (line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), n++) {
		ck_assert_int_eq(sscanf(line, "<6>level=info msg=tick thread=%ld i=%d",
					&id, &i), 2);
		ck_assert(id >= 0 && id < NTHREADS);
		/* Lines of one thread arrive in order. */
		ck_assert_int_eq(i, counts[id]++);
		snprintf(want, sizeof(want), "<6>level=info msg=tick thread=%ld i=%d pad=%0200d",
			 id, i, 0);
		ck_assert_str_eq(line, want);
	}
	ck_assert_int_eq(n, NTHREADS * NLINES);
	free(out);
}
END_TEST

static Suite *log_suite(void)
{
	Suite *s = suite_create("log");
	TCase *tc = tcase_create("log");

	tcase_add_test(tc, test_journal_lines);
	tcase_add_test(tc, test_enabled);
	tcase_add_test(tc, test_timestamp_shape);
	tcase_add_test(tc, test_long_line);
	tcase_add_loop_test(tc, test_value, 0, sizeof(value_cases) / sizeof(value_cases[0]));
	tcase_add_test(tc, test_threads);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(log_suite());
}
