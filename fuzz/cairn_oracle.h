/*
 * cairn_oracle - what must hold of every input, for fuzzers and tests.
 *
 * One processing of an input is checked beyond "no crash": processed
 * twice it gives the same bytes; its result file reads back to the very
 * fields that were written (ids, verdicts, feedback, errors, submitter,
 * problem set); with cross_check on, no two solvers disagree; and both
 * gradebooks of the result are the same bytes twice, with the texts a
 * JUnit report holds equal to the result's as far as XML 1.0 can carry
 * them.  The fuzz harnesses abort on a failure, the Check programs assert
 * that there is none.
 */
#ifndef CAIRN_ORACLE_H
#define CAIRN_ORACLE_H

#include <stddef.h>

#include "cairn_conf.h"
#include "cairn_plugins.h"
#include "cairn_process.h"
#include "cairn_result_read.h"

struct cairn_oracle {
	struct cairn_conf conf;
	struct cairn_registry registry;
	struct cairn_settings settings;
	struct cairn_problem_source source;
	const char *set_name;		/* the one problem set it serves */
	const char *set_text;		/* ... and its text, or NULL: none */
	size_t set_len;
	int disagreements;		/* log_error calls seen */
};

/*
 * Settings from the default configuration (cross_check as given, at most
 * max_piles piles), the four solvers linked in, and one problem set
 * whose text cairn_oracle_set() gives.
 */
void cairn_oracle_init(struct cairn_oracle *o, int cross_check,
		       size_t max_piles);
void cairn_oracle_free(struct cairn_oracle *o);
/* Serve `name` with text[0..len) (kept by the caller; NULL: unknown). */
void cairn_oracle_set(struct cairn_oracle *o, const char *name,
		      const char *text, size_t len);

/*
 * Process data[0..len) as the input `source` and check everything above.
 * Returns NULL, or what failed (the caller frees it).  When `in` is not
 * NULL it receives the processed input (the caller frees it).
 */
char *cairn_oracle_process(struct cairn_oracle *o, const char *source,
			   const char *data, size_t len,
			   struct cairn_input *in);

/* Check that result file r, written again, reads back the same; as above. */
char *cairn_oracle_result(const struct cairn_result_file *r, enum cairn_format fmt);

/*
 * Check both gradebooks of r: the same bytes twice, and the JUnit texts
 * (suite name, properties, test case names, failure and error texts)
 * those of r with what XML cannot hold as U+FFFD.  As above.
 */
char *cairn_oracle_report(const struct cairn_result_file *r);

#endif
