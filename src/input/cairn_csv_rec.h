/*
 * cairn_csv_rec - RFC 4180 records, one at a time (doc/formats.md).
 *
 * Fields are separated by commas, records by LF or CRLF; a field in
 * double quotes may hold commas, line breaks and "" for a quote.  Blank
 * lines and lines starting with '#' (outside quoted fields) are skipped,
 * unless the options given at init say otherwise (result files, whose
 * rows may start with a default id such as #1).
 * Field values point into the caller's data, except quoted values with ""
 * in them, which are unescaped into a buffer that lives until the next
 * record; no other copy is made.
 */
#ifndef CAIRN_CSV_REC_H
#define CAIRN_CSV_REC_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_buf.h"

struct cairn_csv_field {
	const char *s;
	size_t len;
	unsigned long line;		/* where the field starts, 1-based */
	size_t off;			/* internal: s in scratch */
};

struct cairn_csv_rec {
	const char *p, *end;		/* what is left to read */
	unsigned long line;		/* the line at p */
	unsigned long start;		/* the line where the record starts */
	struct cairn_csv_field *f;	/* the record's fields */
	size_t nf, cap;
	struct cairn_buf scratch;
	char *error;			/* why the data is malformed */
	unsigned long error_line;
	size_t keep;			/* 0, or most fields kept in f: the
					   rest are read and counted in nf */
	unsigned flags;			/* CAIRN_CSV_REC_*, from init */
	int unclosed;			/* the error is a quote never closed */
};

/* Options for cairn_csv_rec_init(); 0 is what puzzle files need. */
enum {
	/* A line starting with '#' is a record, not a comment. */
	CAIRN_CSV_REC_NO_COMMENTS = 1,
	/* A blank line is a record of one empty field, not skipped. */
	CAIRN_CSV_REC_KEEP_BLANK = 2,
};

void cairn_csv_rec_init(struct cairn_csv_rec *r, const char *data, size_t len,
			unsigned flags);
/*
 * Read the next record into r->f[0..nf).  Returns 1, 0 at the end of the
 * data, or -1 when the data is malformed (r->error says where and why,
 * r->unclosed whether it is a quoted field never closed; r->start is
 * then the line where the record starts).
 */
int cairn_csv_rec_next(struct cairn_csv_rec *r);
/*
 * The fast path for headerless files: when the next record is nothing but
 * at most `max` plain integers (no quotes, no empty or malformed field),
 * read it into (*v)[0..*n), growing *v, and return 1.  Return 2 when
 * the record starts with `max` plain integers and has more fields, so
 * that it can be refused without keeping its fields.  Otherwise, and
 * for 2, consume nothing; cairn_csv_rec_next() then reads the record.
 */
int cairn_csv_rec_ints(struct cairn_csv_rec *r, int64_t **v, size_t *n,
		       size_t *cap, size_t max);
void cairn_csv_rec_free(struct cairn_csv_rec *r);

#endif
