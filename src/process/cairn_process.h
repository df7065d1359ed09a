/*
 * cairn_process - one input file in, one result file out.
 *
 * This is the whole job of the daemon's workers and of `cairn solve`:
 * read the puzzles, resolve a problem set, check the value bound, pick and
 * run a solver per puzzle, grade, cross-check, and render the result in the
 * format of the input (doc/formats.md and doc/grading.md).  It is a pure function of the
 * bytes and the settings, and safe to call from several threads at once.
 */
#ifndef CAIRN_PROCESS_H
#define CAIRN_PROCESS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "cairn_buf.h"
#include "cairn_plugins.h"
#include "cairn_problems.h"
#include "cairn_puzzle.h"
#include "cairn_settings.h"
#include "cairn_stats.h"

struct cairn_conf;

/*
 * Settings from a configuration: the plugins of `r`, problem sets from
 * `problems_dir` through `cache`; the rest zero (no overrides, no log).
 */
void cairn_process_settings_init(struct cairn_settings *s, const struct cairn_conf *c,
				 const struct cairn_registry *r,
				 const char *problems_dir,
				 struct cairn_problem_cache *cache);

/*
 * Process one input named `source` (a base name; its extension picks the
 * format) whose bytes are data[0..len).  Appends the result file's bytes
 * to `result` and fills `st`.  Returns 0, or -ECANCELED when `cancel`
 * became CAIRN_CANCEL_SHUTDOWN (nothing usable was produced).
 *
 * The bytes of the input, the puzzles, what solving and grading add and
 * the result are counted against memory_budget together (the caller's
 * data[] included); a file that would need more is refused, as soon as
 * that is known, with a file error that says about how much it needs.
 */
int cairn_process(const char *source, const char *data, size_t len,
		  const struct cairn_settings *s, const atomic_int *cancel,
		  struct cairn_buf *result, struct cairn_stats *st);

/* The same, with the format given rather than taken from the name. */
int cairn_process_as(const char *source, enum cairn_format format,
		     const char *data, size_t len,
		     const struct cairn_settings *s, const atomic_int *cancel,
		     struct cairn_buf *result, struct cairn_stats *st);

/*
 * Append the result of a file error `msg` for the file named `source`
 * (its extension picks the format), as cairn_process() writes the result
 * of a file it refuses, and fill `st` (zeroed first).  The daemon uses it
 * for what it cannot read at all; origin (or NULL) as in cairn_settings.
 */
void cairn_process_error_result(const char *source, const struct cairn_origin *origin,
				const char *msg, struct cairn_buf *out, struct cairn_stats *st);

/*
 * Fill an already parsed input's outcomes (used by cairn_process).  With
 * in->budget set, solves get what the budget leaves, and outcomes are
 * charged as they are made: passing the budget is a file error.
 */
int cairn_process_input(struct cairn_input *in, const struct cairn_settings *s,
			const atomic_int *cancel);

#endif
