/*
 * cairn_csv_in_int - the CSV reader's state, shared by its three files:
 * cairn_csv_in.c reads a file and its records without a header,
 * cairn_csv_head.c a header and the records after it, cairn_csv_row.c
 * holds the steps of a record both take.  This header holds only what
 * they all read and write, no functions: each file's functions are
 * declared in the header of its own name.
 */
#ifndef CAIRN_CSV_IN_INT_H
#define CAIRN_CSV_IN_INT_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_csv_rec.h"
#include "cairn_puzzle.h"
#include "cairn_value.h"

/* The columns a header may name: six, and one per expect_* key. */
#define CAIRN_CSV_IN_NCOLS (6 + CAIRN_EXPECT_NKEYS)

/* The state of reading one file. */
struct cairn_csv_in {
	struct cairn_input *in;
	const struct cairn_limits *limits;
	struct cairn_csv_rec rec;
	struct cairn_value_ids ids;
	unsigned long header_line;
	size_t ncols;			/* fields in the header */
	int *col;			/* each header field's column */
	int where[CAIRN_CSV_IN_NCOLS];	/* header field of each column, or -1 */
	int submission;
	int have_first;			/* a well-formed answer row was read */
	unsigned long first_line;	/* ... on this line */
	int64_t *ints;			/* the fast path's piles */
	size_t icap;
	size_t len;			/* bytes in the file */
};

#endif
