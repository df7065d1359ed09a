/*
 * cairn_result_read - read back what `cairn report` needs from results.
 *
 * A result file is read by its format: NAME.result.csv by the CSV
 * reader (cairn_result_csv_read.c), anything else, JSON results
 * included, by the YAML reader (cairn_result_yaml_read.c).  Either way
 * the file is read whole or not at all: on an error the struct is
 * emptied, so that a caller never grades half a file.  What both
 * readers take the same way is in cairn_result_file.c.  Whether an
 * error is a refusal of the course policy is told by its first words,
 * as doc/grading.md gives them, whichever format held it.
 */
#include "config.h"

#include <string.h>

#include "cairn_result_csv_read.h"
#include "cairn_result_read.h"
#include "cairn_result_yaml_read.h"

static int refusal_of(const char *error);

const char *cairn_result_read_verdict_name(enum cairn_verdict v)
{
	return cairn_puzzle_verdict_names[v];
}

static int is_csv(const char *name)
{
	size_t len = strlen(name);

	return len >= 4 && strcmp(name + len - 4, ".csv") == 0;
}

int cairn_result_read(struct cairn_result_file *r, const char *name,
		      const char *data, size_t len, char *err, size_t errlen)
{
	int rc;

	memset(r, 0, sizeof *r);
	err[0] = '\0';
	if (is_csv(name))
		rc = cairn_result_csv_read(r, name, data, len, err, errlen);
	else
		rc = cairn_result_yaml_read(r, data, len, err, errlen);
	if (rc < 0) {
		cairn_result_file_free(r);
		memset(r, 0, sizeof *r);
	}
	r->refused = refusal_of(r->error);
	return rc;
}

/* Which refusal an error is (CAIRN_REFUSED_NONE for any other error). */
static int refusal_of(const char *error)
{
	if (error == NULL)
		return CAIRN_REFUSED_NONE;
	if (strncmp(error, CAIRN_REFUSED_CLOSED_TEXT, strlen(CAIRN_REFUSED_CLOSED_TEXT)) == 0)
		return CAIRN_REFUSED_CLOSED;
	if (strncmp(error, CAIRN_REFUSED_LIMIT_TEXT, strlen(CAIRN_REFUSED_LIMIT_TEXT)) == 0)
		return CAIRN_REFUSED_LIMIT;
	return CAIRN_REFUSED_NONE;
}

const char *cairn_result_read_refusal_name(int refused)
{
	return refused == CAIRN_REFUSED_CLOSED ? "closed" :
	       refused == CAIRN_REFUSED_LIMIT ? "limit" : NULL;
}

void cairn_result_read_tally(const struct cairn_result_file *r,
			     struct cairn_stats *st)
{
	const struct cairn_result_puzzle *p;
	size_t i;

	memset(st, 0, sizeof *st);
	st->file_error = r->error != NULL;
	st->refused = r->refused;
	for (i = 0; i < r->npuzzles; i++) {
		p = &r->puzzles[i];
		cairn_stats_count(st, p->error != NULL, p->solved, p->verdict);
	}
}
