/*
 * cairn_problems - problem sets and submissions against them (doc/grading.md).
 *
 * A problem set is problems/NAME.yaml: a YAML set whose every puzzle has
 * an id.  A cache keeps each parsed set until its file changes (by device,
 * inode, size and modification time), so a night of submissions reads a
 * set once.  The cache is safe to use from several threads.
 */
#ifndef CAIRN_PROBLEMS_H
#define CAIRN_PROBLEMS_H

#include "cairn_policy.h"
#include "cairn_puzzle.h"

struct cairn_problem_cache;

struct cairn_problem_cache *cairn_problems_cache_new(void);
void cairn_problems_cache_free(struct cairn_problem_cache *c);

/*
 * Turn a submission (in->shape == CAIRN_SHAPE_SUBMISSION) into the
 * puzzles to solve: every puzzle of the set in the set's order with the
 * first answer to its id as its expectation (verdict MISSING when
 * unanswered), then, in the submission's order, each answer to an unknown
 * id and each later answer to an answered one (no piles, expect.invalid
 * set: reported, never counted).  An unknown
 * or broken problem set becomes a file error of `in`.  `cache` may be NULL.
 */
void cairn_problems_resolve(struct cairn_input *in, const char *problems_dir,
			    struct cairn_problem_cache *cache,
			    const struct cairn_limits *limits);

/* Problem sets that are not files of a directory (tests, fuzzers). */
struct cairn_problem_source {
	/*
	 * The YAML text of set `name` in data[0..len), which the source
	 * keeps until the call returns; 0, -ENOENT for an unknown set, or
	 * another negative errno value (its message then names the set).
	 */
	int (*get)(void *ctx, const char *name, const char **data,
		   size_t *len);
	void *ctx;
	const char *label;	/* stands for the directory in messages */
};

/* cairn_problems_resolve() with the sets of `src` (NULL: none), uncached. */
void cairn_problems_resolve_from(struct cairn_input *in,
				 const struct cairn_problem_source *src,
				 const struct cairn_limits *limits);

/*
 * The loader itself, for `cairn check`: cairn_problems_read() initialises
 * `in` and reads the text of set `name` into it as a submission's set is
 * read (rc: how reading the file went, 0 or a negative errno value), and
 * returns why the set as a whole cannot serve (malloc'd), or NULL; then
 * cairn_problems_unfit() says why its puzzle i cannot, or NULL.  The
 * daemon's message for a broken set is "problem set \"NAME\": WHERE: "
 * and the first of these reasons.
 */
char *cairn_problems_read(struct cairn_input *in, const char *name,
			  const char *data, size_t len, int rc,
			  const struct cairn_limits *limits);
char *cairn_problems_unfit(const struct cairn_input *in, size_t i);
/*
 * The policy of problem set `name` in problems_dir (through `cache`, which
 * may be NULL): 0 with *out filled (out->present 0 when the set has none;
 * its extensions a copy, freed with cairn_policy_free()), -ENOENT for no
 * such set, -EINVAL for a set that cannot be used, or another negative
 * errno value.
 */
int cairn_problems_policy(struct cairn_problem_cache *cache, const char *problems_dir,
			  const char *name, struct cairn_policy *out);

/* Whether NAME may name a set: [A-Za-z0-9._-]+, not starting with '.'. */
int cairn_problems_valid_name(const char *name);

#endif
