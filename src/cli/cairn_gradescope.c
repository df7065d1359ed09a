/*
 * cairn_gradescope - Gradescope's results.json (its "Autograder
 * Specifications", gradescope-autograders.readthedocs.io/en/latest/specs).
 *
 * A test per puzzle of the submission, in its order: name the puzzle's
 * id, score and max_score its points, status passed or failed, output
 * the verdict and feedback; the top-level score is the points after a
 * late penalty (it overrides the sum of the tests).  What the student
 * sees follows the problem set's `feedback` policy, as of the arrival:
 * once released (at once, or the release time has passed) everything
 * is "visible" and the top-level output is the summary.  Before, the
 * tests are "after_due_date" (Gradescope's due date, or its late one:
 * never earlier than the set's) or, for `never`, "after_published",
 * a last test "summary" with them carries what the top-level output
 * would have said, and the top-level output, which Gradescope shows at
 * once, is only the receipt (what was received, when); Gradescope shows
 * no total score while tests are hidden, and the top-level visibility
 * says the same.  The run's stdout is for instructors ("hidden").  Every
 * text is declared plain text, so nothing a student wrote is read as
 * HTML or Markdown.  A file error is a score of 0 with the error as
 * output, visible: it reveals no answer.  The layout is fixed: the same
 * input gives the same bytes.
 */
#include "config.h"

#include "cairn_autograder.h"
#include "cairn_policy.h"
#include "cairn_result_json.h"

/* visibility - when the owner may read held results (cairn_stats' release_ms) */
static const char *visibility(int64_t release_ms)
{
	return release_ms == CAIRN_RELEASE_NEVER ? "after_published" :
	       "after_due_date";
}

static void head(struct cairn_buf *out, const char *output, const char *shown)
{
	cairn_buf_adds(out, ",\n  \"output\": ");
	cairn_result_json_string(out, output);
	cairn_buf_addf(out, ",\n  \"output_format\": \"text\",\n"
		       "  \"test_output_format\": \"text\",\n"
		       "  \"test_name_format\": \"text\",\n"
		       "  \"visibility\": \"%s\",\n"
		       "  \"stdout_visibility\": \"hidden\"", shown);
}

static void test(struct cairn_buf *out, const struct cairn_puzzle *p,
		 const char *shown)
{
	struct cairn_buf msg = CAIRN_BUF_INIT;
	uint64_t points, max;

	cairn_autograder_points(p, &points, &max);
	cairn_autograder_message(&msg, p);
	cairn_buf_adds(out, "    {\"name\": ");
	cairn_result_json_string(out, p->id);
	cairn_buf_addf(out, ", \"score\": %llu, \"max_score\": %llu, "
		       "\"status\": \"%s\", \"output\": ",
		       (unsigned long long)points, (unsigned long long)max,
		       p->out.verdict == CAIRN_VERDICT_CORRECT && p->error == NULL ?
		       "passed" : "failed");
	cairn_result_json_string(out, msg.data);
	cairn_buf_addf(out, ", \"visibility\": \"%s\"}", shown);
	cairn_buf_free(&msg);
}

/* summary - the last test of held results: the summary, without points */
static void summary(struct cairn_buf *out, const char *text, const char *shown)
{
	cairn_buf_adds(out, "    {\"name\": \"summary\", \"output\": ");
	cairn_result_json_string(out, text);
	cairn_buf_addf(out, ", \"visibility\": \"%s\"}", shown);
}

static void results(const struct cairn_input *in, const struct cairn_stats *st,
		    const struct timespec *at, const char *error,
		    struct cairn_buf *out)
{
	struct cairn_buf text = CAIRN_BUF_INIT, receipt = CAIRN_BUF_INIT;
	const char *shown = "visible";
	size_t i;

	if (error != NULL) {
		cairn_buf_adds(&text, "error: ");
		cairn_buf_adds(&text, error);
		cairn_buf_adds(out, "{\n  \"score\": 0");
		head(out, text.data, shown);
		cairn_buf_adds(out, ",\n  \"tests\": []\n}\n");
		cairn_buf_free(&text);
		return;
	}
	cairn_autograder_summary(&text, in, st);
	if (!cairn_autograder_released(st, at)) {
		shown = visibility(st->release_ms);
		cairn_autograder_receipt(&receipt, in, st, at);
		cairn_buf_adds(&receipt, st->release_ms == CAIRN_RELEASE_NEVER ?
			       "; results when the instructor publishes them" :
			       "; results after the due date");
	}
	cairn_buf_adds(out, "{\n  \"score\": ");
	cairn_stats_points_kept(out, st);
	head(out, receipt.len ? receipt.data : text.data, shown);
	cairn_buf_adds(out, ",\n  \"tests\": [");
	for (i = 0; i < in->npuzzles; i++) {
		cairn_buf_adds(out, i ? ",\n" : "\n");
		test(out, &in->puzzles[i], shown);
	}
	if (receipt.len) {
		cairn_buf_adds(out, i ? ",\n" : "\n");
		summary(out, text.data, shown);
		i++;
	}
	cairn_buf_adds(out, i ? "\n  ]\n}\n" : "]\n}\n");
	cairn_buf_free(&text);
	cairn_buf_free(&receipt);
}

const struct cairn_autograder cairn_gradescope = {
	.name = "gradescope",
	.write = results,
};
