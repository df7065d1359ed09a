/*
 * cairn/plugin.h - the cairn solver plugin SDK.
 *
 * A solver plugin is a shared object that exports exactly one object, a
 * `const struct cairn_plugin` named `cairn_plugin` (CAIRN_PLUGIN_SYMBOL).
 * The host dlopen()s the file, checks `abi` against CAIRN_PLUGIN_ABI and
 * `size` against the fields it reads, and never calls a plugin built for
 * another ABI.  Everything a solver needs arrives through its arguments, so
 * a plugin links against nothing of the host and builds with -no-undefined.
 *
 * Compatibility rules: the fields of struct cairn_plugin up to and
 * including `solve` never move.  New fields are only appended; the host
 * reads a field only when `size` says the plugin has it.  Any other change
 * bumps CAIRN_PLUGIN_ABI.
 *
 * The game: a row of n >= 1 piles a[0..n-1]; two players alternately take
 * the leftmost or rightmost pile.  d(i,i) = a[i] and
 * d(i,j) = max(a[i] - d(i+1,j), a[j] - d(i,j-1)) is the mover's score minus
 * the other player's under optimal play.  The host guarantees that the sum
 * of |a[i]| is at most INT64_MAX, so no intermediate value can overflow.
 */
#ifndef CAIRN_PLUGIN_H
#define CAIRN_PLUGIN_H

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bump on any incompatible change to the structures below. */
#define CAIRN_PLUGIN_ABI 1

/* The name of the one symbol a plugin exports. */
#define CAIRN_PLUGIN_SYMBOL "cairn_plugin"

/* What a caller asks for beyond `diff` (a bit set). */
#define CAIRN_WANT_FIRST_MOVE 0x1u
#define CAIRN_WANT_MOVES      0x2u

/* Values of cairn_solve_answer.first_move and letters of `moves`. */
#define CAIRN_MOVE_LEFT  0
#define CAIRN_MOVE_RIGHT 1

/*
 * One solve.  The host owns every pointer and keeps it valid for the call.
 * A solver polls `*cancel` (relaxed loads are enough) at least every few
 * million cells and returns -ECANCELED once it reads non-zero.
 */
struct cairn_solve_request {
	const int64_t *piles;		/* a[0..n-1] */
	size_t n;			/* >= 1 */
	unsigned want;			/* CAIRN_WANT_* bits */
	uint64_t memory_limit;		/* bytes the solver may allocate */
	const atomic_int *cancel;	/* never NULL */
	char *err;			/* message buffer for a failure ... */
	size_t errlen;			/* ... and its size (> 0) */
	unsigned threads;		/* most threads the solver may use (>= 1) */
};

/*
 * What a solver fills in.  `moves` is a host buffer of n + 1 bytes when
 * CAIRN_WANT_MOVES is asked for (NULL otherwise): the solver writes n
 * letters 'L'/'R' and a NUL, the whole game under optimal play with ties
 * broken towards 'L'.  `first_move` is an optimal first move, CAIRN_MOVE_LEFT
 * when both are optimal; it is filled when CAIRN_WANT_FIRST_MOVE or
 * CAIRN_WANT_MOVES is asked for.
 */
struct cairn_solve_answer {
	int64_t diff;
	int first_move;
	char *moves;
};

struct cairn_plugin {
	uint32_t abi;			/* CAIRN_PLUGIN_ABI */
	uint32_t size;			/* sizeof (struct cairn_plugin) */
	const char *name;		/* [a-z0-9_]+, unique among plugins */
	const char *description;	/* one line */

	/* Upper bound of the bytes solve() allocates for n piles and `want`. */
	uint64_t (*memory)(size_t n, unsigned want);

	/*
	 * Estimated work for n piles and `want`, in nanoseconds on a
	 * typical machine; `auto` picks the lowest among the solvers whose
	 * memory() fits the budget.
	 */
	double (*cost)(size_t n, unsigned want);

	/*
	 * Solve one row.  Returns 0, or a negative errno value with a message
	 * in req->err: -ENOMEM (allocation failed or memory_limit too small),
	 * -ECANCELED (cancelled), -EINVAL (a request it cannot serve).
	 * Must be reentrant: the host calls it from several threads at once.
	 */
	int (*solve)(const struct cairn_solve_request *req,
		     struct cairn_solve_answer *ans);
};

/*
 * Declares the descriptor with the visibility and name the host expects.
 * A program that links several solvers in (a test, a fuzzer; they are
 * then registered with cairn_plugins_add) compiles each with
 * CAIRN_PLUGIN_NAME defined to a name of its own.
 */
#ifndef CAIRN_PLUGIN_NAME
#define CAIRN_PLUGIN_NAME cairn_plugin
#endif
#define CAIRN_PLUGIN_EXPORT \
	__attribute__((visibility("default"))) const struct cairn_plugin \
	CAIRN_PLUGIN_NAME

#ifdef __cplusplus
}
#endif

#endif /* CAIRN_PLUGIN_H */
