/*
 * cairn_setcheck - review a problem set as an instructor would (cairn(1),
 * `cairn check`): the loader's own errors, then warnings about puzzles
 * that are poor exercises or mistakes, and the set's total of points.
 */
#ifndef CAIRN_SETCHECK_H
#define CAIRN_SETCHECK_H

#include <stdint.h>

#include "cairn_puzzle.h"

enum cairn_setcheck_level { CAIRN_SETCHECK_ERROR, CAIRN_SETCHECK_WARNING };

struct cairn_setcheck_finding {
	enum cairn_setcheck_level level;
	unsigned long line;		/* a warning's puzzle; 0 for errors */
	char *message;			/* an error's carries its own place */
};

struct cairn_setcheck {
	int loaded;			/* a set of puzzles: the counts hold */
	size_t npuzzles;
	uint64_t points;		/* doc/grading.md: 1 per puzzle by default */
	size_t errors, warnings;
	struct cairn_setcheck_finding *findings;	/* in file order */
	size_t nfindings;
};

/*
 * Check the problem set file `base` (its name without directories, e.g.
 * "hw1.yaml") whose text is data[0..len), rc being how reading it went
 * (0 or a negative errno value), read with `limits` as the daemon reads
 * problems/NAME.yaml.  Fills *r, to be freed with cairn_setcheck_free().
 */
void cairn_setcheck_run(struct cairn_setcheck *r, const char *base,
			const char *data, size_t len, int rc,
			const struct cairn_limits *limits);
void cairn_setcheck_free(struct cairn_setcheck *r);

/*
 * Whether every line of play is optimal: at every position, both ends
 * are equally good.  That holds exactly when all piles are equal (see
 * cairn_setcheck.c), so it costs O(n).
 */
int cairn_setcheck_no_choice(const int64_t *a, size_t n);

#endif
