/*
 * check_metrics - the metrics file's text, as cairn_metrics renders it.
 *
 * Bucket edges (an observation equal to a bound is in that bound's
 * bucket, one above the last bound only in +Inf), cumulative buckets,
 * puzzles by verdict from result counts, the file counters derived from
 * the daemon's own, and the instance label's escaping.
 */
#include "config.h"

#include <check.h>
#include <string.h>

#include "cairn_metrics.h"
#include "check_run.h"

static int has_line(const char *text, const char *line)
{
	size_t n = strlen(line);
	const char *p = text;

	while ((p = strstr(p, line)) != NULL) {
		if ((p == text || p[-1] == '\n') && p[n] == '\n')
			return 1;
		p += n;
	}
	return 0;
}

#define HAS(text, line) ck_assert_msg(has_line(text, line), "no line %s in:\n%s", line, text)

START_TEST(buckets)
{
	struct cairn_metrics m = { .start_time = 1700000000.5 };
	struct cairn_metrics_now now = { 0 };
	struct cairn_stats st = { 0 };
	struct cairn_buf b = CAIRN_BUF_INIT;

	cairn_metrics_observe(&m, &st, 0.1);		/* 0.0001 s: on the bound */
	cairn_metrics_observe(&m, &st, 0.11);
	cairn_metrics_observe(&m, &st, 1500);
	cairn_metrics_observe(&m, &st, 700000);		/* past 600 s */
	cairn_metrics_render(&m, &now, "h1", &b);
	HAS(b.data, "cairnd_file_duration_seconds_bucket{instance=\"h1\",le=\"0.0001\"} 1");
	HAS(b.data, "cairnd_file_duration_seconds_bucket{instance=\"h1\",le=\"0.00025\"} 2");
	HAS(b.data, "cairnd_file_duration_seconds_bucket{instance=\"h1\",le=\"1\"} 2");
	HAS(b.data, "cairnd_file_duration_seconds_bucket{instance=\"h1\",le=\"2.5\"} 3");
	HAS(b.data, "cairnd_file_duration_seconds_bucket{instance=\"h1\",le=\"600\"} 3");
	HAS(b.data, "cairnd_file_duration_seconds_bucket{instance=\"h1\",le=\"+Inf\"} 4");
	HAS(b.data, "cairnd_file_duration_seconds_count{instance=\"h1\"} 4");
	HAS(b.data, "cairnd_file_duration_seconds_sum{instance=\"h1\"} 701.500210");
	HAS(b.data, "cairnd_start_time_seconds{instance=\"h1\"} 1700000000.500000");
	HAS(b.data, "# TYPE cairnd_file_duration_seconds histogram");
	cairn_buf_free(&b);
}
END_TEST

START_TEST(counts)
{
	struct cairn_metrics m = { 0 };
	struct cairn_metrics_now now = { .processed = 7, .failed = 2, .retried = 3,
		.returned = 1, .queued = 5, .running = 2, .oldest_age = 12.25 };
	struct cairn_stats a = { .puzzles = 6, .solved = 5, .errors = 1,
		.graded = 4, .correct = 1, .wrong = 1, .missing = 1, .invalid = 1 };
	struct cairn_stats c = { .puzzles = 2, .solved = 2 };
	struct cairn_buf b = CAIRN_BUF_INIT;

	cairn_metrics_observe(&m, &a, 1);
	cairn_metrics_observe(&m, &c, 1);
	cairn_metrics_render(&m, &now, "h", &b);
	HAS(b.data, "cairnd_files_total{instance=\"h\",outcome=\"processed\"} 5");
	HAS(b.data, "cairnd_files_total{instance=\"h\",outcome=\"failed\"} 2");
	HAS(b.data, "cairnd_files_total{instance=\"h\",outcome=\"retried\"} 3");
	HAS(b.data, "cairnd_files_total{instance=\"h\",outcome=\"returned\"} 1");
	HAS(b.data, "cairnd_puzzles_total{instance=\"h\",verdict=\"correct\"} 1");
	HAS(b.data, "cairnd_puzzles_total{instance=\"h\",verdict=\"invalid\"} 1");
	HAS(b.data, "cairnd_puzzles_total{instance=\"h\",verdict=\"ungraded\"} 3");
	HAS(b.data, "cairnd_puzzles_total{instance=\"h\",verdict=\"error\"} 1");
	HAS(b.data, "cairnd_queued_files{instance=\"h\"} 5");
	HAS(b.data, "cairnd_running_files{instance=\"h\"} 2");
	HAS(b.data, "cairnd_oldest_queued_age_seconds{instance=\"h\"} 12.250000");
	HAS(b.data, "# TYPE cairnd_files_total counter");
	HAS(b.data, "# TYPE cairnd_queued_files gauge");
	cairn_buf_free(&b);
}
END_TEST

/* An answer set aside (doc/grading.md) is invalid, not graded, and not ungraded. */
START_TEST(set_aside)
{
	struct cairn_metrics m = { 0 };
	struct cairn_metrics_now now = { 0 };
	/* a puzzle right, one missing, one answer to an unknown id */
	struct cairn_stats a = { .puzzles = 3, .solved = 2, .graded = 2,
		.correct = 1, .missing = 1, .invalid = 1 };
	struct cairn_buf b = CAIRN_BUF_INIT;

	cairn_metrics_observe(&m, &a, 1);
	cairn_metrics_render(&m, &now, "h", &b);
	HAS(b.data, "cairnd_puzzles_total{instance=\"h\",verdict=\"correct\"} 1");
	HAS(b.data, "cairnd_puzzles_total{instance=\"h\",verdict=\"invalid\"} 1");
	HAS(b.data, "cairnd_puzzles_total{instance=\"h\",verdict=\"ungraded\"} 0");
	cairn_buf_free(&b);
}
END_TEST

START_TEST(escaping)
{
	struct cairn_metrics m = { 0 };
	struct cairn_metrics_now now = { 0 };
	struct cairn_buf b = CAIRN_BUF_INIT;

	cairn_metrics_render(&m, &now, "a\"b\\c\nd", &b);
	HAS(b.data, "cairnd_running_files{instance=\"a\\\"b\\\\c\\nd\"} 0");
	cairn_buf_free(&b);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("metrics");
	TCase *tc = tcase_create("render");

	tcase_add_test(tc, buckets);
	tcase_add_test(tc, counts);
	tcase_add_test(tc, set_aside);
	tcase_add_test(tc, escaping);
	suite_add_tcase(s, tc);
	return cairn_check_run(s);
}
