/*
 * cairn_process_puzzle - one puzzle of a file solved, checked and graded.
 *
 * The order of work per puzzle is fixed: the value bound (doc/formats.md,
 * Limits) is checked here, once, before any solver runs, so no solver can
 * overflow; the solver is picked (a named one must fit memory_budget,
 * `auto` takes the cheapest that does); grading asks an oracle for the
 * values of sub-rows; a cross-check solves again with a different solver.
 * What goes wrong with the puzzle is its own error; only running out of
 * memory (-ENOMEM, the file is retried) or shutting down (-ECANCELED)
 * reaches the caller.  Nothing here keeps state between calls.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_grade.h"
#include "cairn_mem.h"
#include "cairn_process_puzzle.h"
#include "cairn_solve.h"

/* sum_fits - the sum of |a[i]| must not exceed 2^63-1 (formats.md, Limits) */
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

/* fill - a result's numbers (doc/formats.md) from a solver's answer */
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
 * cross_check - solve again with another solver (cross_check in
 * cairnd.yaml(5)).  A failed allocation there is the process's trouble,
 * as in the first solve: -ENOMEM, and the file is retried.
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

int cairn_process_puzzle(struct cairn_puzzle *p, const struct cairn_settings *s,
			 const struct cairn_solve_env *env)
{
	int rc;

	apply_overrides(p, s);
	if (p->error == NULL && (rc = solve_puzzle(p, s, env)) < 0)
		return rc;
	if (p->piles == NULL && p->error == NULL && p->expect.present)
		grade(p, s, env);
	if (p->error != NULL)
		p->out.verdict = CAIRN_VERDICT_NONE;
	return 0;
}
