/*
 * cairn_process - one input file in, one result file out.
 *
 * The order of work per puzzle is fixed: the value bound of SPEC section 1
 * is checked here, once, before any solver runs, so no solver can
 * overflow; the solver is picked (a named one must fit memory_budget,
 * `auto` takes the cheapest that does); grading asks an oracle for the
 * values of sub-rows; a cross-check solves again with a different solver.
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
#include "cairn_grade.h"
#include "cairn_input.h"
#include "cairn_mem.h"
#include "cairn_policy_rules.h"
#include "cairn_process.h"
#include "cairn_result_csv.h"
#include "cairn_result_json.h"
#include "cairn_result_yaml.h"
#include "cairn_solve.h"
#include "cairn_time.h"

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

/* sum_fits - SPEC section 1: the sum of |a[i]| must not exceed 2^63-1 */
static int sum_fits(const int64_t *a, size_t n, int64_t *total)
{
	uint64_t abs_sum = 0, mag;
	int64_t t = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		mag = a[i] < 0 ? -(uint64_t)a[i] : (uint64_t)a[i];
		if (mag > (uint64_t)INT64_MAX - abs_sum)
			return 0;
		abs_sum += mag;
		t += a[i];
	}
	*total = t;
	return 1;
}

/* explain_table - the d(i,j) table for the result's `explain` (n <= 20) */
static int64_t *explain_table(const int64_t *a, size_t n)
{
	int64_t *d = cairn_xcalloc(n * n, sizeof *d), l, r;
	size_t i, j;

	for (i = n; i-- > 0;) {
		d[i * n + i] = a[i];
		for (j = i + 1; j < n; j++) {
			l = a[i] - d[(i + 1) * n + j];
			r = a[j] - d[i * n + j - 1];
			d[i * n + j] = l >= r ? l : r;
		}
	}
	return d;
}

/* apply_overrides - `cairn solve` options win over what the file says */
static void apply_overrides(struct cairn_puzzle *p,
			    const struct cairn_settings *s)
{
	if (s->force_moves)
		p->moves = 1;
	if (s->force_explain)
		p->explain = 1;
	if (s->force_solver != NULL) {
		free(p->solver);
		p->solver = cairn_xstrdup(s->force_solver);
	}
}

/* fill - the numbers of SPEC section 1 from a solver's answer */
static void fill(struct cairn_outcome *o, const struct cairn_solved *sv,
		 int64_t total)
{
	o->solved = 1;
	o->solver = sv->solver->name;
	o->total = total;
	o->diff = sv->ans.diff;
	/* total and diff share their parity; the sum may exceed int64. */
	o->alice = (int64_t)(((__int128)total + sv->ans.diff) / 2);
	o->bob = total - o->alice;
	o->first_move = sv->ans.first_move;
	o->moves = sv->ans.moves;
}

struct oracle_ctx {
	const struct cairn_puzzle *p;
	struct cairn_solve_env env;
	const struct cairn_plugin *solver;
};

static int oracle_diff(void *ctx, size_t i, size_t j, int64_t *out)
{
	struct oracle_ctx *oc = ctx;
	struct cairn_solved sv;
	char err[256];
	int rc;

	if (oc->solver == NULL)		/* nothing fits memory_budget */
		return -ENOMEM;
	rc = cairn_solve_row(oc->solver, oc->p->piles + i, j - i + 1, 0,
			     &oc->env, &sv, err, sizeof err);
	if (rc == 0)
		*out = sv.ans.diff;
	return rc;
}

/* grade - the verdict of p's answer; -ENOMEM for a failed allocation */
static int grade(struct cairn_puzzle *p, const struct cairn_settings *s,
		 const struct cairn_solve_env *env)
{
	struct oracle_ctx oc = { p, *env, NULL };
	struct cairn_oracle o = { oracle_diff, &oc };
	int rc;

	/* Sub-rows need only diff, so the cheapest solver for that serves. */
	if (p->piles != NULL)
		oc.solver = cairn_solve_pick(s->registry, p->n, 0,
					     cairn_solve_room(env), NULL);
	rc = cairn_grade_puzzle(p, &o);
	if (rc == CAIRN_SOLVE_NOMEM)
		return -ENOMEM;		/* retried, never published */
	if (rc < 0)
		cairn_puzzle_fail(p, cairn_xasprintf(
			"line %lu: grading failed: %s", p->line,
			rc == -ECANCELED ? "cancelled" : strerror(-rc)));
	return 0;
}

/*
 * cross_check - solve again with another solver; SPEC section 4.  A
 * failed allocation there is the process's trouble, as in the first
 * solve: -ENOMEM, and the file is retried.
 */
static int cross_check(struct cairn_puzzle *p, const struct cairn_settings *s,
		       unsigned want, const struct cairn_solve_env *env)
{
	const struct cairn_plugin *other;
	struct cairn_solved sv;
	char err[256], *msg;
	int rc;

	other = cairn_solve_pick(s->registry, p->n, want,
				 cairn_solve_room(env), p->out.solver);
	if (other == NULL) {
		cairn_puzzle_fail(p, cairn_xasprintf(
			"line %lu: cross_check: no second solver fits "
			"memory_budget", p->line));
		return 0;
	}
	rc = cairn_solve_row(other, p->piles, p->n, want, env, &sv, err, sizeof err);
	if (rc == CAIRN_SOLVE_NOMEM)
		return -ENOMEM;
	if (rc < 0) {
		cairn_puzzle_fail(p, cairn_xasprintf("line %lu: cross_check: %s",
						     p->line, err));
		return 0;
	}
	if (sv.ans.diff != p->out.diff ||
	    sv.ans.first_move != p->out.first_move ||
	    (sv.ans.moves && p->out.moves &&
	     strcmp(sv.ans.moves, p->out.moves) != 0)) {
		msg = cairn_xasprintf(
			"solvers disagree: %s gives diff %lld, first_move %s; "
			"%s gives diff %lld, first_move %s%s",
			p->out.solver, (long long)p->out.diff,
			p->out.first_move ? "right" : "left", other->name,
			(long long)sv.ans.diff,
			sv.ans.first_move ? "right" : "left",
			sv.ans.diff == p->out.diff &&
			sv.ans.first_move == p->out.first_move ?
			", and different moves" : "");
		if (s->log_error != NULL)
			s->log_error(s->log_ctx, msg);
		cairn_puzzle_fail(p, msg);
	}
	free(sv.ans.moves);
	return 0;
}

/* solve_puzzle - fill one valid puzzle's outcome, or give it an error */
static int solve_puzzle(struct cairn_puzzle *p, const struct cairn_settings *s,
			const struct cairn_solve_env *env)
{
	unsigned want = CAIRN_WANT_FIRST_MOVE;
	const char *name;
	struct cairn_solved sv;
	char err[512];
	int64_t total;
	int rc;

	if (p->piles == NULL)		/* an answer to an unknown id */
		return 0;
	if (p->explain == 1 && p->n > CAIRN_EXPLAIN_MAX_N) {
		cairn_puzzle_fail(p, cairn_xasprintf(
			"line %lu: explain: the DP table is shown for at most "
			"%d piles, this puzzle has %zu", p->line,
			CAIRN_EXPLAIN_MAX_N, p->n));
		return 0;
	}
	if (!sum_fits(p->piles, p->n, &total)) {
		cairn_puzzle_fail(p, cairn_xasprintf(
			"line %lu: piles: values too large (the sum of absolute "
			"values exceeds 2^63-1)", p->line));
		return 0;
	}
	if (p->moves == 1 || p->expect.present)
		want |= CAIRN_WANT_MOVES;
	name = p->solver ? p->solver : s->solver ? s->solver : "auto";
	rc = cairn_solve_named(s->registry, name, p->piles, p->n, want, env,
			       &sv, err, sizeof err);
	if (rc == -ECANCELED && atomic_load(env->cancel) == CAIRN_CANCEL_SHUTDOWN)
		return rc;
	if (rc == CAIRN_SOLVE_NOMEM)
		return -ENOMEM;		/* retried, never published */
	if (rc < 0) {
		cairn_puzzle_fail(p, cairn_xasprintf("line %lu: %s", p->line,
						     err));
		return 0;
	}
	fill(&p->out, &sv, total);
	if (p->explain == 1)
		p->out.table = explain_table(p->piles, p->n);
	if (p->expect.present && s->cross_check && cross_check(p, s, want, env) < 0)
		return -ENOMEM;
	if (p->error == NULL && p->expect.present && grade(p, s, env) < 0)
		return -ENOMEM;
	if (atomic_load(env->cancel) == CAIRN_CANCEL_SHUTDOWN)
		return -ECANCELED;
	return 0;
}

/* too_big - the file error for a file that needs `need` bytes to `what` */
static void too_big(struct cairn_input *in, uint64_t need, const char *what,
		    uint64_t part, const char *part_name)
{
	char a[32], b[32], c[32];

	cairn_format_bytes(a, sizeof a, need);
	cairn_format_bytes(b, sizeof b, in->budget->limit);
	cairn_format_bytes(c, sizeof c, part);
	cairn_input_fail(in, 0, cairn_xasprintf(
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
	cairn_input_fail(in, 0, msg);
	in->refusal = why;
}

/*
 * judge - what the problem set's policy makes of the arrival (SPEC 4):
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
	if (cairn_policy_closed(p, ms)) {
		refuse(in, CAIRN_REFUSED_CLOSED, cairn_xasprintf(
			"closed at %s (arrived %s)", p->close_text,
			cairn_time_format(at, text)));
		return 0;
	}
	if (p->max_submissions > 0 && s->count_submissions != NULL &&
	    in->origin != NULL) {
		rc = s->count_submissions(s->count_ctx, in->problem_set,
					  in->origin, &n);
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
	cairn_policy_lateness(p, ms, &l);
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
			cairn_input_fail(in, 0, cairn_xstrdup(
				"a submission needs a problems directory"));
		else
			cairn_problems_resolve(in, s->problems_dir,
					       s->problems, &s->limits);
	}
	if (in->error == NULL && (rc = judge(in, s)) < 0)
		return rc;
	if (in->error != NULL)
		return 0;
	if (in->budget != NULL) {
		/* A problem set replaced the list: count it as it is now. */
		cairn_input_recharge(in);
		start = in->budget->used;
		if (in->budget->over) {
			in->stop = CAIRN_STOP_MEMORY;
			cairn_input_stopped(in, 1, 1);
			return 0;
		}
	}
	for (i = 0; i < in->npuzzles; i++) {
		p = &in->puzzles[i];
		if (in->budget != NULL) {
			before = cairn_puzzle_bytes(p);
			env.held = in->budget->used;
		}
		apply_overrides(p, s);
		if (p->error == NULL && (rc = solve_puzzle(p, s, &env)) < 0)
			return rc;
		if (p->piles == NULL && p->error == NULL && p->expect.present)
			grade(p, s, &env);
		if (p->error != NULL)
			p->out.verdict = CAIRN_VERDICT_NONE;
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
		cairn_yaml_read(in, data, len, &s->limits);
		break;
	case CAIRN_FORMAT_CSV:
		cairn_csv_read(in, data, len, &s->limits);
		break;
	case CAIRN_FORMAT_JSON:
		cairn_json_read(in, data, len, &s->limits);
		break;
	default:
		cairn_input_fail(in, 0, cairn_xstrdup(
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
		cairn_process_render(in, st, out);
}

void cairn_process_error_result(const char *source, const struct cairn_origin *origin,
				const char *msg, struct cairn_buf *out, struct cairn_stats *st)
{
	struct cairn_input in;

	cairn_input_init(&in, source, cairn_format_of(source));
	in.origin = origin;
	cairn_input_fail(&in, 0, cairn_xstrdup(msg));
	render(&in, NULL, st, out);
	cairn_input_free(&in);
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

void cairn_settings_init(struct cairn_settings *s, const struct cairn_conf *c,
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

void cairn_process_render(const struct cairn_input *in, const struct cairn_stats *st,
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
 * anywhere in it is the file's -ENOMEM (SPEC section 5: retried, never
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
	cairn_input_init(&in, source, format);
	in.budget = &budget;
	in.origin = s->origin;
	in.max_puzzles = s->max_puzzles;
	struct solving w = { &in, data, len, s, cancel, result, st };

	rc = cairn_mem_try(solve_try, &w);
	cairn_input_free(&in);
	/* Small blocks freed stay in this thread's arena: give them back. */
	if (budget.peak >= TRIM_FROM || rc == -ENOMEM)
		cairn_mem_trim();
	return rc;
}

int cairn_process(const char *source, const char *data, size_t len,
		  const struct cairn_settings *s, const atomic_int *cancel,
		  struct cairn_buf *result, struct cairn_stats *st)
{
	return cairn_process_as(source, cairn_format_of(source), data, len, s,
				cancel, result, st);
}
