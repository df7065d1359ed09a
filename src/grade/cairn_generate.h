/*
 * cairn_generate - problem sets drawn reproducibly (cairn(1), `cairn generate`).
 *
 * Puzzles are drawn from a seeded splitmix64 of this module's own (never
 * rand()), with integer arithmetic only, so the same options and seed give
 * the same puzzles, and cairn_generate_write() the same bytes, on every
 * machine.  Each puzzle is searched for by at most CAIRN_GENERATE_DRAWS
 * draws; a puzzle already in the set does not count as found.
 */
#ifndef CAIRN_GENERATE_H
#define CAIRN_GENERATE_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_buf.h"
#include "cairn_props.h"

#define CAIRN_GENERATE_DRAWS 200000
#define CAIRN_GENERATE_MAX_PILES 100
#define CAIRN_GENERATE_MAX_COUNT 10000
#define CAIRN_GENERATE_MAX_VALUE 1000000000000000LL	/* |value| bound: 10^15 */

struct cairn_generate_opts {
	size_t count, piles_min, piles_max;	/* 1 <= min <= max <= MAX_PILES */
	int64_t lo, hi;				/* values in lo..hi, |v| <= MAX_VALUE */
	unsigned require;			/* CAIRN_PROP_* */
	uint64_t seed;
};

struct cairn_generate_puzzle {
	int64_t *piles;
	size_t n;
	struct cairn_props_facts facts;
};

struct cairn_generate_set {
	struct cairn_generate_puzzle *v;
	size_t n;
};

/* splitmix64: the next 64 bits of the stream *state */
uint64_t cairn_generate_next(uint64_t *state);

/*
 * Draw o->count puzzles into *set (which is then the caller's to free,
 * also on failure).  0, -EINVAL when the required properties contradict
 * each other, -ESRCH when a puzzle was not found within the draws; the
 * message in err says which.
 */
int cairn_generate_run(const struct cairn_generate_opts *o,
		       struct cairn_generate_set *set, char *err, size_t size);
void cairn_generate_set_free(struct cairn_generate_set *set);

/*
 * The set as a problem-set YAML document: `header` (one comment line,
 * e.g. the command line), the answer key as comments, ids PREFIX1,
 * PREFIX2..., and `points: P` on each when points >= 0.
 */
void cairn_generate_write(const struct cairn_generate_set *set,
			  const char *header, const char *prefix,
			  int64_t points, struct cairn_buf *out);

#endif
