/*
 * cairn_solve - choosing a solver plugin and running it on one row.
 *
 * The only place that calls a plugin's solve(): it checks the memory the
 * plugin says it needs against the budget first, hands it a moves buffer
 * when asked, and turns its failures into messages for the puzzle.
 */
#ifndef CAIRN_SOLVE_H
#define CAIRN_SOLVE_H

#include <errno.h>

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "cairn_plugins.h"

/* What every solve of one job shares. */
struct cairn_solve_env {
	uint64_t budget;		/* memory_budget, bytes */
	unsigned threads;		/* most threads one solve may use */
	const atomic_int *cancel;
	uint64_t held;			/* bytes the job holds besides the solve */
};

/* What the budget leaves a solve: memory_budget less what the job holds. */
static inline uint64_t cairn_solve_room(const struct cairn_solve_env *env)
{
	return env->budget > env->held ? env->budget - env->held : 0;
}


struct cairn_solved {
	const struct cairn_plugin *solver;
	struct cairn_solve_answer ans;	/* ans.moves is the caller's to free */
};

/*
 * The cheapest solver (by its cost()) whose memory() for n and `want`
 * fits `budget`, other than the one named `exclude` (may be NULL); NULL
 * when none fits.
 */
const struct cairn_plugin *cairn_solve_pick(const struct cairn_registry *r,
					    size_t n, unsigned want,
					    uint64_t budget, const char *exclude);

/*
 * cairn_solve_row() when the plugin ran out of memory although it fit the
 * room it was given: a transient failure of the process, not of the puzzle.
 */
#define CAIRN_SOLVE_NOMEM (-EAGAIN)

/* Run `p` on a[0..n); 0, or a negative errno value with a message in err. */
int cairn_solve_row(const struct cairn_plugin *p, const int64_t *a, size_t n,
		    unsigned want, const struct cairn_solve_env *env,
		    struct cairn_solved *out, char *err, size_t errlen);

/* Resolve `name` ("auto" or a solver's name) and run it. */
int cairn_solve_named(const struct cairn_registry *r, const char *name,
		      const int64_t *a, size_t n, unsigned want,
		      const struct cairn_solve_env *env,
		      struct cairn_solved *out, char *err, size_t errlen);

/* Render a byte count for people: "512 B", "1.5 KiB", "3.0 GiB". */
void cairn_solve_format_bytes(char *buf, size_t len, uint64_t bytes);

#endif
