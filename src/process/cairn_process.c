/*
 * cairn_process - one input file in, one result file out.
 *
 * A file is read, a submission resolved against its problem set and
 * judged by the set's policy, each puzzle solved and graded in turn
 * (cairn_process_puzzle.c), and the result written in the input's format.
 * Nothing here keeps state between calls, so workers share it freely.
 * Memory is counted per file in a struct cairn_budget that lives on the
 * stack of cairn_process_as(): the reader charges the puzzles, the loop
 * below their outcomes, the result buffer its growth; whichever passes
 * memory_budget first turns the file into a file error saying how much
 * it would have needed, and stops that step from growing any further.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_budget.h"
#include "cairn_conf.h"
#include "cairn_input.h"
#include "cairn_mem.h"
#include "cairn_policy_rules.h"
#include "cairn_process.h"
#include "cairn_process_puzzle.h"
#include "cairn_result_csv.h"
#include "cairn_result_json.h"
#include "cairn_result_yaml.h"
#include "cairn_solve.h"
#include "cairn_time.h"

static void render_result(const struct cairn_input *in, const struct cairn_stats *st,
			  struct cairn_buf *out);

/*
 * What a job holds besides what is counted piece by piece: libyaml's
 * input buffers and queues (about 64 KiB), a CSV record's fields, the
 * messages being built.  A record's piles while it is read (8 bytes each,
 * up to max_piles) are not counted: they are the reader's, bounded by
 * max_piles, and a puzzle too long is refused for that, not for memory.
 */
#define JOB_OVERHEAD (64u * 1024)
/* A job that held this much trims the heap after it (a few ms at most). */
#define TRIM_FROM (8u * 1024 * 1024)

/* too_big - the file error for a file that needs `need` bytes to `what` */
static void too_big(struct cairn_input *in, uint64_t need, const char *what,
		    uint64_t part, const char *part_name)
{
	char a[32], b[32], c[32];

	cairn_solve_format_bytes(a, sizeof a, need);
	cairn_solve_format_bytes(b, sizeof b, in->budget->limit);
	cairn_solve_format_bytes(c, sizeof c, part);
	cairn_puzzle_input_fail(in, 0, cairn_xasprintf(
		"the file needs about %s of memory to %s (%s for %s), more "
		"than memory_budget (%s)", a, what, c, part_name, b));
}

/*
 * charge_outcome - count what solving and grading puzzle i added (it
 * held `before`); when that passes the budget, the file error says what
 * all the outcomes would take at the rate of those made so far
 */
static int charge_outcome(struct cairn_input *in, size_t i, uint64_t before,
			  uint64_t start)
{
	struct cairn_budget *b = in->budget;
	uint64_t after = cairn_puzzle_bytes(&in->puzzles[i]), grown;

	if (after >= before) {
		in->held += after - before;
		in->held_items += after - before;
		cairn_budget_add(b, after - before);
	} else {
		in->held -= before - after;
		in->held_items -= before - after;
		cairn_budget_release(b, before - after);
	}
	if (!b->over)
		return 0;
	grown = b->used > start ? b->used - start : 0;
	grown = (uint64_t)((double)grown * (double)in->npuzzles /
			   (double)(i + 1));
	too_big(in, start + grown, "solve", grown, "the answers");
	return -1;
}

/* refuse - the file error of a submission the policy does not grade */
static void refuse(struct cairn_input *in, enum cairn_refusal why, char *msg)
{
	cairn_puzzle_input_fail(in, 0, msg);
	in->refusal = why;
}

/* redate - the dates given in place of the set's (cairn_settings' dates) */
static void redate(struct cairn_input *in, const struct cairn_policy_ext *d)
{
	struct cairn_policy *p = &in->policy;

	if (in->shape != CAIRN_SHAPE_SUBMISSION)
		return;
	p->present = 1;
	p->has_due = d->has_due;
	p->due_ms = d->due_ms;
	memcpy(p->due_text, d->due_text, sizeof p->due_text);
	p->has_close = d->has_close;
	p->close_ms = d->close_ms;
	memcpy(p->close_text, d->close_text, sizeof p->close_text);
}

/*
 * judge - what the problem set's policy makes of the arrival (doc/grading.md):
 * after close, or past max_submissions, the submission is refused (close
 * first: a closed set counts nothing); else it is late or on time.  A
 * file with no arrival (`cairn solve` without --received) is judged by no
 * policy.  Returns 0, or the counter's negative errno value.
 */
static int judge(struct cairn_input *in, const struct cairn_settings *s)
{
	const struct cairn_policy *p = &in->policy;
	const struct timespec *at = in->origin ? &in->origin->received : s->received;
	struct cairn_lateness l;
	char text[CAIRN_TIME_LEN];
	unsigned n = 0;
	int64_t ms;
	int rc;

	if (in->shape != CAIRN_SHAPE_SUBMISSION || !p->present || at == NULL)
		return 0;
	ms = cairn_time_ms(at);
	if (cairn_policy_rules_closed(p, ms)) {
		refuse(in, CAIRN_REFUSED_CLOSED, cairn_xasprintf(
			"closed at %s (arrived %s)", p->close_text,
			cairn_time_format(at, text)));
		return 0;
	}
	if (p->max_submissions > 0 && s->count_submissions != NULL &&
	    in->origin != NULL) {
		rc = s->count_submissions(s->count_ctx, in->problem_set,
					  in->origin, in->source, &n);
		if (rc < 0)
			return rc;
		if (n >= p->max_submissions) {
			refuse(in, CAIRN_REFUSED_LIMIT, cairn_xasprintf(
				"submission limit reached (%lu of %lu)",
				(unsigned long)p->max_submissions,
				(unsigned long)p->max_submissions));
			return 0;
		}
	}
	cairn_policy_rules_lateness(p, ms, &l);
	in->late = l.late;
	in->late_by_ms = l.by_ms;
	in->penalty_bp = l.penalty_bp;
	return 0;
}

int cairn_process_input(struct cairn_input *in, const struct cairn_settings *s,
			const atomic_int *cancel)
{
	struct cairn_solve_env env = {
		s->memory_budget, s->solver_threads, cancel, 0,
	};
	struct cairn_puzzle *p;
	uint64_t before = 0, start = 0;
	size_t i;
	int rc;

	if (s->problem_source != NULL)
		cairn_problems_resolve_from(in, s->problem_source, &s->limits);
	else if (in->error == NULL && in->shape == CAIRN_SHAPE_SUBMISSION) {
		if (s->problems_dir == NULL)
			cairn_puzzle_input_fail(in, 0, cairn_xstrdup(
				"a submission needs a problems directory"));
		else
			cairn_problems_resolve(in, s->problems_dir,
					       s->problems, &s->limits);
	}
	if (in->error == NULL && s->dates != NULL)
		redate(in, s->dates);
	if (in->error == NULL && (rc = judge(in, s)) < 0)
		return rc;
	if (in->error != NULL)
		return 0;
	if (in->budget != NULL) {
		/* A problem set replaced the list: count it as it is now. */
		cairn_puzzle_input_recharge(in);
		start = in->budget->used;
		if (in->budget->over) {
			in->stop = CAIRN_STOP_MEMORY;
			cairn_puzzle_input_stopped(in, 1, 1);
			return 0;
		}
	}
	for (i = 0; i < in->npuzzles; i++) {
		p = &in->puzzles[i];
		if (in->budget != NULL) {
			before = cairn_puzzle_bytes(p);
			env.held = in->budget->used;
		}
		if ((rc = cairn_process_puzzle(p, s, &env)) < 0)
			return rc;
		if (in->budget != NULL && charge_outcome(in, i, before,
							 start) < 0)
			return 0;
	}
	return 0;
}

static void read_input(struct cairn_input *in, const char *data, size_t len,
		       const struct cairn_settings *s)
{
	switch (in->format) {
	case CAIRN_FORMAT_YAML:
		cairn_yaml_in_read(in, data, len, &s->limits);
		break;
	case CAIRN_FORMAT_CSV:
		cairn_csv_in_read(in, data, len, &s->limits);
		break;
	case CAIRN_FORMAT_JSON:
		cairn_json_in_read(in, data, len, &s->limits);
		break;
	default:
		cairn_puzzle_input_fail(in, 0, cairn_xstrdup(
			"unsupported file type: the name must end in .yaml, "
			".yml, .csv or .json"));
	}
}

/*
 * render - every result, of a file error or not, is counted and written
 * here: by the settings' writer when s (or NULL) has one
 */
static void render(const struct cairn_input *in, const struct cairn_settings *s,
		   struct cairn_stats *st, struct cairn_buf *out)
{
	cairn_stats_input(in, st);
	if (s != NULL && s->render != NULL)
		s->render(s->render_ctx, in, st, out);
	else
		render_result(in, st, out);
}

void cairn_process_error_result(const char *source, const struct cairn_origin *origin,
				const char *msg, struct cairn_buf *out, struct cairn_stats *st)
{
	struct cairn_input in;

	cairn_puzzle_input_init(&in, source, cairn_puzzle_format_of(source));
	in.origin = origin;
	cairn_puzzle_input_fail(&in, 0, cairn_xstrdup(msg));
	render(&in, NULL, st, out);
	cairn_puzzle_input_free(&in);
}

/*
 * render_within - the result, in what the budget leaves; a result that
 * does not fit is counted to its end without being kept, and replaced by
 * the file error that says what the whole would need
 */
static void render_within(struct cairn_input *in, const struct cairn_settings *s,
			  struct cairn_stats *st, struct cairn_buf *out)
{
	size_t start = out->len;
	uint64_t result;

	if (in->error == NULL) {
		cairn_buf_meter(out, in->budget);
		render(in, s, st, out);
		cairn_buf_meter(out, NULL);
		if (!out->over)
			return;
		result = cairn_budget_cost(out->len - start);
		out->len = start;
		out->over = 0;
		if (out->data != NULL)
			out->data[start] = '\0';
		too_big(in, in->budget->used + result, "process", result,
			"its result");
	}
	render(in, s, st, out);
}

void cairn_process_settings_init(struct cairn_settings *s, const struct cairn_conf *c,
				 const struct cairn_registry *r,
				 const char *problems_dir,
				 struct cairn_problem_cache *cache)
{
	memset(s, 0, sizeof *s);
	s->registry = r;
	s->solver = c->solver;
	s->memory_budget = c->memory_budget;
	s->limits.max_piles = (size_t)c->max_piles;
	s->limits.max_file_bytes = (size_t)c->max_file_bytes;
	s->max_puzzles = (size_t)c->max_puzzles;
	s->cross_check = c->cross_check;
	s->problems_dir = problems_dir;
	s->problems = cache;
}

/*
 * Append the result of an input whose outcomes are filled, in the input's
 * format: CSV, JSON, or YAML for the others (cairn_result_*.c write them).
 */
static void render_result(const struct cairn_input *in, const struct cairn_stats *st,
			  struct cairn_buf *out)
{
	if (in->format == CAIRN_FORMAT_CSV)
		cairn_result_csv(in, out);
	else if (in->format == CAIRN_FORMAT_JSON)
		cairn_result_json(in, st, out);
	else
		cairn_result_yaml(in, st, out);
}

/* read_and_solve - everything of cairn_process_as() that allocates. */
static int read_and_solve(struct cairn_input *in, const char *data, size_t len,
			  const struct cairn_settings *s, const atomic_int *cancel,
			  struct cairn_buf *result, struct cairn_stats *st)
{
	struct cairn_budget *budget = in->budget;
	int rc;

	if (budget->over) {
		too_big(in, budget->used, "read", len, "its bytes alone");
	} else {
		/*
		 * libyaml holds a scalar whole while it reads it (the JSON
		 * reader a string), and one may be as long as the file: that
		 * is reserved while reading, so a file of one huge string is
		 * refused here rather than taking twice its size.
		 */
		uint64_t scalar = in->format == CAIRN_FORMAT_YAML ||
				  in->format == CAIRN_FORMAT_JSON ? cairn_budget_cost(len) : 0;

		cairn_budget_add(budget, scalar);
		if (budget->over)
			too_big(in, budget->used, "read", scalar,
				"a string as long as the file");
		else
			read_input(in, data, len, s);
		cairn_budget_release(budget, scalar);
	}
	/* Out of memory while reading is no answer about the file. */
	rc = in->oom ? -ENOMEM : cairn_process_input(in, s, cancel);
	if (rc == 0)
		render_within(in, s, st, result);
	return rc;
}

/* What read_and_solve() is given, through cairn_mem_try(). */
struct solving {
	struct cairn_input *in;
	const char *data;
	size_t len;
	const struct cairn_settings *s;
	const atomic_int *cancel;
	struct cairn_buf *result;
	struct cairn_stats *st;
};

/*
 * solve_try - read_and_solve() for cairn_mem_try(): running out of memory
 * anywhere in it is the file's -ENOMEM (doc/spool.md: retried, never
 * published), not the end of the process.  Nothing in it holds more than
 * memory; `in` is freed as it stands.
 */
static int solve_try(void *arg)
{
	struct solving *w = arg;

	return read_and_solve(w->in, w->data, w->len, w->s, w->cancel, w->result, w->st);
}

int cairn_process_as(const char *source, enum cairn_format format,
		     const char *data, size_t len,
		     const struct cairn_settings *s, const atomic_int *cancel,
		     struct cairn_buf *result, struct cairn_stats *st)
{
	struct cairn_budget budget;
	struct cairn_input in;
	int rc;

	cairn_budget_init(&budget, s->memory_budget);
	/* The caller holds the input's bytes for the whole job. */
	cairn_budget_add(&budget, cairn_budget_cost(len) + JOB_OVERHEAD);
	cairn_puzzle_input_init(&in, source, format);
	in.budget = &budget;
	in.origin = s->origin;
	in.max_puzzles = s->max_puzzles;
	struct solving w = { &in, data, len, s, cancel, result, st };

	rc = cairn_mem_try(solve_try, &w);
	cairn_puzzle_input_free(&in);
	/* Small blocks freed stay in this thread's arena: give them back. */
	if (budget.peak >= TRIM_FROM || rc == -ENOMEM)
		cairn_mem_trim();
	return rc;
}

int cairn_process(const char *source, const char *data, size_t len,
		  const struct cairn_settings *s, const atomic_int *cancel,
		  struct cairn_buf *result, struct cairn_stats *st)
{
	return cairn_process_as(source, cairn_puzzle_format_of(source), data, len, s,
				cancel, result, st);
}
