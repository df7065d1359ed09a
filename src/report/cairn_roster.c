/*
 * cairn_roster - read the class list exported from Canvas or Moodle.
 *
 * The records come from the puzzle reader's cairn_csv_rec, so a roster
 * is read by the same RFC 4180 rules (and refused for the same malformed
 * data: an unclosed quote, bytes that are not UTF-8) as every CSV file
 * cairn reads, with the same "line L, field F" places.  A record starting
 * with '#' is a row, not a comment: a login may start with one.  Every
 * cell is copied, so the roster outlives the file's bytes.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_csv_rec.h"
#include "cairn_mem.h"
#include "cairn_roster.h"

/* cells - a copy of the record's fields */
static char **cells(const struct cairn_csv_rec *rec)
{
	char **v = cairn_xcalloc(rec->nf + 1, sizeof *v);

	for (size_t i = 0; i < rec->nf; i++)
		v[i] = cairn_xstrndup(rec->f[i].s, rec->f[i].len);
	return v;
}

static void cells_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* add_row - the record as a row, or -1 when it has more cells than the header */
static int add_row(struct cairn_roster *r, const struct cairn_csv_rec *rec,
		   char *err, size_t errlen)
{
	struct cairn_roster_row *row;

	if (rec->nf > r->ncols) {
		snprintf(err, errlen, "line %lu, field %zu: more fields than "
			 "the header's %zu", rec->f[r->ncols].line, r->ncols + 1,
			 r->ncols);
		return -1;
	}
	r->rows = cairn_xgrow(r->rows, &r->cap, r->nrows + 1, sizeof *r->rows);
	row = &r->rows[r->nrows++];
	row->cell = cells(rec);
	row->n = rec->nf;
	row->line = rec->start;
	return 0;
}

int cairn_roster_read(struct cairn_roster *r, const char *data, size_t len,
		      char *err, size_t errlen)
{
	struct cairn_csv_rec rec;
	int got, rc = 0;

	memset(r, 0, sizeof *r);
	if (len >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0) {
		data += 3;
		len -= 3;
	}
	cairn_csv_rec_init(&rec, data, len, CAIRN_CSV_REC_NO_COMMENTS);
	while (rc == 0 && (got = cairn_csv_rec_next(&rec)) != 0) {
		if (got < 0) {
			snprintf(err, errlen, "%s", rec.error);
			rc = -1;
		} else if (r->head == NULL) {
			r->head = cells(&rec);
			r->ncols = rec.nf;
		} else {
			rc = add_row(r, &rec, err, errlen);
		}
	}
	if (rc == 0 && r->head == NULL) {
		snprintf(err, errlen, "no header (the first record names the columns)");
		rc = -1;
	}
	cairn_csv_rec_free(&rec);
	if (rc != 0) {
		cairn_roster_free(r);
		return -EINVAL;
	}
	return 0;
}

void cairn_roster_free(struct cairn_roster *r)
{
	for (size_t i = 0; i < r->nrows; i++)
		cells_free(r->rows[i].cell, r->rows[i].n);
	free(r->rows);
	if (r->head != NULL)
		cells_free(r->head, r->ncols);
	memset(r, 0, sizeof *r);
}

long cairn_roster_column(const struct cairn_roster *r, const char *name)
{
	for (size_t i = 0; i < r->ncols; i++)
		if (strcmp(r->head[i], name) == 0)
			return (long)i;
	return -1;
}

const char *cairn_roster_cell(const struct cairn_roster_row *row, long col)
{
	return col >= 0 && (size_t)col < row->n ? row->cell[col] : "";
}
