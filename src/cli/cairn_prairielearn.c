/*
 * cairn_prairielearn - PrairieLearn's external grading results.json (its
 * "External Grading" page, "Grading results": docs/externalGrading.md).
 *
 * A gradable submission has `score` in 0..1, the result's own score (its
 * points over those possible, after a late penalty, four decimals), the
 * summary as `message`, and a test per puzzle in its order: name its id,
 * points and max_points its points, message its verdict and feedback.  A
 * file that cannot be graded is `gradable: false` with the error in
 * `format_errors`, so that PrairieLearn counts no attempt against the
 * student.
 *
 * PrairieLearn shows the student whatever the file holds as soon as it
 * is written, and cannot grade a submission again later, so the set's
 * `feedback` is applied here, as the daemon applies it, as of the
 * arrival (or the clock): before the release the result is held back
 * whole and the student reads the receipt only, as a submission that is
 * not gradable (no score, no verdict, no attempt counted) whose message
 * says when results come.  A score of 0 would show a verdict
 * ("incorrect") and the real one the points.  The layout is fixed: the
 * same input gives the same bytes.
 */
#include "config.h"

#include "cairn_autograder.h"
#include "cairn_policy.h"
#include "cairn_result_json.h"

static void test(struct cairn_buf *out, const struct cairn_puzzle *p)
{
	struct cairn_buf msg = CAIRN_BUF_INIT;
	uint64_t points, max;

	cairn_autograder_points(p, &points, &max);
	cairn_autograder_message(&msg, p);
	cairn_buf_adds(out, "    {\"name\": ");
	cairn_result_json_string(out, p->id);
	cairn_buf_addf(out, ", \"points\": %llu, \"max_points\": %llu, "
		       "\"message\": ", (unsigned long long)points,
		       (unsigned long long)max);
	cairn_result_json_string(out, msg.data);
	cairn_buf_adds(out, "}");
	cairn_buf_free(&msg);
}

/* not_gradable - gradable false, with why as message and format error */
static void not_gradable(struct cairn_buf *out, const char *why)
{
	cairn_buf_adds(out, "{\n  \"gradable\": false,\n  \"message\": ");
	cairn_result_json_string(out, why);
	cairn_buf_adds(out, ",\n  \"format_errors\": [");
	cairn_result_json_string(out, why);
	cairn_buf_adds(out, "]\n}\n");
}

static void results(const struct cairn_input *in, const struct cairn_stats *st,
		    const struct timespec *at, const char *error,
		    struct cairn_buf *out)
{
	struct cairn_buf text = CAIRN_BUF_INIT;
	size_t len, i;

	if (error != NULL) {
		not_gradable(out, error);
		return;
	}
	if (!cairn_autograder_released(st, at)) {
		cairn_autograder_receipt(&text, in, st, at);
		if (st->release_ms == CAIRN_RELEASE_NEVER)
			cairn_buf_adds(&text, "; this problem set's results are "
				       "not shown");
		else {
			cairn_buf_adds(&text, "; no results before ");
			cairn_autograder_release_time(&text, st);
		}
		not_gradable(out, text.data);
		cairn_buf_free(&text);
		return;
	}
	cairn_buf_adds(out, "{\n  \"gradable\": true,\n  \"score\": ");
	len = out->len;
	cairn_stats_score(out, st);
	if (out->len == len)
		cairn_buf_adds(out, "0");	/* nothing to earn */
	cairn_autograder_summary(&text, in, st);
	cairn_buf_adds(out, ",\n  \"message\": ");
	cairn_result_json_string(out, text.data);
	cairn_buf_adds(out, ",\n  \"tests\": [");
	for (i = 0; i < in->npuzzles; i++) {
		cairn_buf_adds(out, i ? ",\n" : "\n");
		test(out, &in->puzzles[i]);
	}
	cairn_buf_adds(out, in->npuzzles ? "\n  ]\n}\n" : "]\n}\n");
	cairn_buf_free(&text);
}

const struct cairn_autograder cairn_prairielearn = {
	.name = "prairielearn",
	.write = results,
};
