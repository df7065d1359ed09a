/*
 * cairn_roster - the class list an instructor exported from a learning
 * management system (cairn(1), `cairn report --roster FILE`): a CSV file
 * whose first record names the columns and whose other records are rows.
 */
#ifndef CAIRN_ROSTER_H
#define CAIRN_ROSTER_H

#include <stddef.h>

struct cairn_roster_row {
	char **cell;			/* cell[0..n), n <= the header's */
	size_t n;
	unsigned long line;		/* where the record starts */
};

struct cairn_roster {
	char **head;			/* the column names */
	size_t ncols;
	struct cairn_roster_row *rows;
	size_t nrows, cap;
};

/*
 * Read a roster from data[0..len): RFC 4180 through cairn_csv_rec, a
 * leading UTF-8 BOM skipped, LF or CRLF, blank lines skipped, a line
 * starting with '#' a row like any other.  A row may have fewer cells
 * than the header (the others are empty), never more.  Returns 0, or
 * -EINVAL with "line L, field F: why" (or "no header") in err; r is
 * then empty but still to be freed.
 */
int cairn_roster_read(struct cairn_roster *r, const char *data, size_t len,
		      char *err, size_t errlen);
void cairn_roster_free(struct cairn_roster *r);

/* The first column named exactly `name`, or -1. */
long cairn_roster_column(const struct cairn_roster *r, const char *name);
/* A row's cell in column `col` ("" where the row is short, or col < 0). */
const char *cairn_roster_cell(const struct cairn_roster_row *row, long col);

#endif
