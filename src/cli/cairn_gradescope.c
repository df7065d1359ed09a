/*
 * cairn_gradescope - Gradescope's results.json (its "Autograder
 * Specifications", gradescope-autograders.readthedocs.io/en/latest/specs).
 *
 * A test per puzzle of the submission, in its order: name the puzzle's
 * id, score and max_score its points, status passed or failed, output
 * the verdict and feedback; the top-level score is the points after a
 * late penalty (it overrides the sum of the tests), output the summary.
 * When the owner may see a result follows the problem set's `feedback`
 * policy: at once "visible", after the due time or the close
 * "after_due_date" (Gradescope's own due date, or its late one, is then
 * the one that counts), never "after_published"; the run's stdout is for
 * instructors ("hidden").  Every text is declared plain text, so nothing
 * a student wrote is read as HTML or Markdown.  A file error is a score
 * of 0 with the error as output.  The layout is fixed: the same input
 * gives the same bytes.
 */
#include "config.h"

#include "cairn_autograder.h"
#include "cairn_policy.h"
#include "cairn_result_json.h"

/* visibility - when the owner may read it (cairn_stats' release_ms) */
static const char *visibility(int64_t release_ms)
{
	if (release_ms == CAIRN_RELEASE_NOW)
		return "visible";
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

static void results(const struct cairn_input *in, const struct cairn_stats *st,
		  const char *error, struct cairn_buf *out)
{
	struct cairn_buf text = CAIRN_BUF_INIT;
	const char *shown;
	size_t i;

	if (error != NULL) {
		cairn_buf_adds(&text, "error: ");
		cairn_buf_adds(&text, error);
		cairn_buf_adds(out, "{\n  \"score\": 0");
		head(out, text.data, visibility(CAIRN_RELEASE_NOW));
		cairn_buf_adds(out, ",\n  \"tests\": []\n}\n");
		cairn_buf_free(&text);
		return;
	}
	shown = visibility(st->release_ms);
	cairn_buf_adds(out, "{\n  \"score\": ");
	cairn_stats_points_kept(out, st);
	cairn_autograder_summary(&text, in, st);
	head(out, text.data, shown);
	cairn_buf_adds(out, ",\n  \"tests\": [");
	for (i = 0; i < in->npuzzles; i++) {
		cairn_buf_adds(out, i ? ",\n" : "\n");
		test(out, &in->puzzles[i], shown);
	}
	cairn_buf_adds(out, in->npuzzles ? "\n  ]\n}\n" : "]\n}\n");
	cairn_buf_free(&text);
}

const struct cairn_autograder cairn_gradescope = {
	.name = "gradescope",
	.write = results,
};
