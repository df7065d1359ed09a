/*
 * cairn_solve - choosing a solver plugin and running it on one row.
 *
 * `auto` compares the plugins' own estimates, so a new plugin takes part
 * without the host knowing it.  A solver named explicitly is never
 * replaced by another: if it does not fit the budget the puzzle gets an
 * error that says how much it would need.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_mem.h"
#include "cairn_solve.h"

void cairn_solve_format_bytes(char *buf, size_t len, uint64_t bytes)
{
	static const char *const unit[] = { "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	double v = (double)bytes;
	int u = -1;

	if (bytes < 1024) {
		snprintf(buf, len, "%llu B", (unsigned long long)bytes);
		return;
	}
	while (v >= 1024 && u < 5) {
		v /= 1024;
		u++;
	}
	snprintf(buf, len, "%.1f %s", v, unit[u]);
}

const struct cairn_plugin *cairn_solve_pick(const struct cairn_registry *r,
					    size_t n, unsigned want,
					    uint64_t budget, const char *exclude)
{
	const struct cairn_plugin *best = NULL, *p;
	double best_cost = 0, c;
	size_t i;

	for (i = 0; i < r->n; i++) {
		p = r->v[i].desc;
		if (exclude != NULL && strcmp(p->name, exclude) == 0)
			continue;
		if (p->memory(n, want) > budget)
			continue;
		c = p->cost(n, want);
		if (best == NULL || c < best_cost) {
			best = p;
			best_cost = c;
		}
	}
	return best;
}

/*
 * budget_words - "memory_budget (64 MiB)", and when the job holds memory
 * already, what that leaves: "memory_budget (64 MiB) leaves beside the
 * 12 MiB this file holds"
 */
static void budget_words(char *buf, size_t len,
			 const struct cairn_solve_env *env)
{
	char b[32], h[32];

	cairn_solve_format_bytes(b, sizeof b, env->budget);
	if (env->held == 0) {
		snprintf(buf, len, "memory_budget (%s)", b);
		return;
	}
	cairn_solve_format_bytes(h, sizeof h, env->held);
	snprintf(buf, len, "memory_budget (%s) leaves beside the %s this "
		 "file holds", b, h);
}

int cairn_solve_row(const struct cairn_plugin *p, const int64_t *a, size_t n,
		    unsigned want, const struct cairn_solve_env *env,
		    struct cairn_solved *out, char *err, size_t errlen)
{
	struct cairn_solve_request req = {
		.piles = a, .n = n, .want = want,
		.memory_limit = cairn_solve_room(env),
		.cancel = env->cancel, .err = err, .errlen = errlen,
		.threads = env->threads ? env->threads : 1,
	};
	uint64_t mem = p->memory(n, want);
	char need[32], have[128];
	int rc;

	memset(out, 0, sizeof *out);
	out->solver = p;
	if (mem > cairn_solve_room(env)) {
		cairn_solve_format_bytes(need, sizeof need, mem);
		budget_words(have, sizeof have, env);
		snprintf(err, errlen, "solver %s needs %s for %zu piles, more "
			 "than %s", p->name, need, n, have);
		return -ENOMEM;
	}
	if (want & CAIRN_WANT_MOVES)
		out->ans.moves = cairn_xmalloc(n + 1);
	err[0] = '\0';
	rc = p->solve(&req, &out->ans);
	if (rc == 0)
		return 0;
	free(out->ans.moves);
	out->ans.moves = NULL;
	/*
	 * Out of memory within the room the plugin said it needs is a failed
	 * allocation, not the budget: no answer about the puzzle.
	 */
	if (rc == -ENOMEM && mem <= cairn_solve_room(env)) {
		snprintf(err, errlen, "solver %s: out of memory", p->name);
		return CAIRN_SOLVE_NOMEM;
	}
	if (rc == -ECANCELED)
		snprintf(err, errlen, "solver %s: cancelled (job_timeout_s "
			 "reached)", p->name);
	else if (err[0] == '\0')
		snprintf(err, errlen, "solver %s: %s", p->name, strerror(-rc));
	else {
		char *msg = cairn_xasprintf("solver %s: %s", p->name, err);

		snprintf(err, errlen, "%s", msg);
		free(msg);
	}
	return rc;
}

static void list_names(const struct cairn_registry *r, char *buf, size_t len)
{
	size_t i, off = 0;

	buf[0] = '\0';
	for (i = 0; i < r->n && off < len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%s%s",
					i ? ", " : "", r->v[i].desc->name);
}

int cairn_solve_named(const struct cairn_registry *r, const char *name,
		      const int64_t *a, size_t n, unsigned want,
		      const struct cairn_solve_env *env,
		      struct cairn_solved *out, char *err, size_t errlen)
{
	const struct cairn_plugin *p;
	char names[256], have[128];

	if (strcmp(name, "auto") == 0) {
		p = cairn_solve_pick(r, n, want, cairn_solve_room(env), NULL);
		if (p == NULL) {
			budget_words(have, sizeof have, env);
			snprintf(err, errlen, "solver: no loaded solver can "
				 "answer %zu piles within %s", n, have);
			return -ENOMEM;
		}
	} else if ((p = cairn_plugins_find(r, name)) == NULL) {
		list_names(r, names, sizeof names);
		snprintf(err, errlen, "solver: unknown solver \"%s\" "
			 "(loaded: %s)", name, names[0] ? names : "none");
		return -ENOENT;
	}
	return cairn_solve_row(p, a, n, want, env, out, err, errlen);
}
