/*
 * cairn_csv_row - what the CSV reader does with a record of either shape.
 *
 * A file without a header (cairn_csv_in.c) and one with a header
 * (cairn_csv_head.c) share these steps: a message at a record's line or
 * at one of its fields, "line L, field F: " or "line L: " before it and
 * recorded where its sink says, so that a puzzle's problem never stops
 * the other records; a pile parsed from a field's text; a puzzle
 * finished once its record is read, with its default id and, but for a
 * submission's answers, the check that no two puzzles share one; and,
 * between records, the limits of the whole file.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>

#include "cairn_buf.h"
#include "cairn_csv_row.h"
#include "cairn_int.h"

#define PUZZLE_ERR CAIRN_VALUE_PUZZLE

int cairn_csv_row_report(struct cairn_csv_in *c, enum cairn_value_sink sink,
			 struct cairn_puzzle *p, unsigned long line,
			 size_t field, const char *fmt, ...)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	va_list ap;

	cairn_buf_addf(&b, "line %lu", line);
	if (field > 0)
		cairn_buf_addf(&b, ", field %zu", field);
	cairn_buf_adds(&b, ": ");
	va_start(ap, fmt);
	cairn_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	return cairn_value_report(c->in, sink, p, line,
				  cairn_buf_steal(&b));
}

int cairn_csv_row_report_at(struct cairn_csv_in *c, enum cairn_value_sink sink,
			    struct cairn_puzzle *p, size_t i, const char *name,
			    const char *fmt, ...)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	va_list ap;
	int rc;

	if (name != NULL)
		cairn_buf_addf(&b, "%s: ", name);
	va_start(ap, fmt);
	cairn_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	rc = cairn_csv_row_report(c, sink, p, c->rec.f[i].line, i + 1, "%s",
				  b.data);
	cairn_buf_free(&b);
	return rc;
}

int cairn_csv_row_report_why(struct cairn_csv_in *c, enum cairn_value_sink sink,
			     struct cairn_puzzle *p, size_t i, const char *name,
			     char *why)
{
	int rc = cairn_csv_row_report_at(c, sink, p, i, name, "%s", why);

	free(why);
	return rc;
}

/*
 * A submission's answers to one id are no error here: grading says which
 * one counts (cairn_problems_merge.c).
 */
void cairn_csv_row_finish(struct cairn_csv_in *c, size_t idx, int idf)
{
	struct cairn_puzzle *p = &c->in->puzzles[idx];
	int given = p->id != NULL;
	char *why = NULL;

	if (c->submission)
		cairn_value_default_id(c->in, idx);
	else
		why = cairn_value_id(&c->ids, c->in, idx);

	if (why != NULL && given) {
		cairn_csv_row_report_why(c, PUZZLE_ERR, p, (size_t)idf, "id",
					 why);
	} else if (why != NULL) {
		/* A default id has no cell of its own: blame the record. */
		cairn_csv_row_report(c, PUZZLE_ERR, p, p->line, 0, "%s", why);
		free(why);
	}
	if (p->error != NULL) {
		free(p->piles);
		p->piles = NULL;
		p->n = 0;
	}
}

int cairn_csv_row_pile(struct cairn_csv_in *c, enum cairn_value_sink sink,
		       struct cairn_puzzle *p, size_t i, const char *name,
		       const char *s, size_t len, int64_t *v)
{
	union cairn_value u;

	if (cairn_int_parse_i64(s, len, v) == 0)
		return 0;
	cairn_csv_row_report_why(c, sink, p, i, name,
				 cairn_value_parse(CAIRN_VALUE_INT, s, len,
						   &u));
	return -1;
}

int cairn_csv_row_stopped(struct cairn_csv_in *c)
{
	size_t left = (size_t)(c->rec.end - c->rec.p);

	return cairn_puzzle_input_stopped(c->in, c->len - left, c->len);
}
