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
 * student.  The layout is fixed: the same input gives the same bytes.
 */
#include "config.h"

#include "cairn_autograder.h"
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

static void results(const struct cairn_input *in, const struct cairn_stats *st,
		    const char *error, struct cairn_buf *out)
{
	struct cairn_buf text = CAIRN_BUF_INIT;
	size_t len, i;

	if (error != NULL) {
		cairn_buf_adds(out, "{\n  \"gradable\": false,\n  \"message\": ");
		cairn_result_json_string(out, error);
		cairn_buf_adds(out, ",\n  \"format_errors\": [");
		cairn_result_json_string(out, error);
		cairn_buf_adds(out, "]\n}\n");
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
