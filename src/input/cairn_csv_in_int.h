/*
 * cairn_csv_in_int - the CSV reader's state, and the steps of it that
 * cairn_csv_in.c shares with cairn_csv_head.c (a file with a header).
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

/*
 * "line L, field F: MESSAGE" (field 0: "line L: MESSAGE") recorded where
 * `sink` says; -1 for a file error, else 0.
 */
int cairn_csv_in_report(struct cairn_csv_in *c, enum cairn_value_sink sink,
			struct cairn_puzzle *p, unsigned long line,
			size_t field, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* A message about field i of the record, "NAME: " before it (or NULL). */
int cairn_csv_in_report_at(struct cairn_csv_in *c, enum cairn_value_sink sink,
			   struct cairn_puzzle *p, size_t i, const char *name,
			   const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* cairn_csv_in_report_at() with a reason from cairn_value, freed here. */
int cairn_csv_in_report_why(struct cairn_csv_in *c, enum cairn_value_sink sink,
			    struct cairn_puzzle *p, size_t i, const char *name,
			    char *why);

/*
 * Once puzzle idx is read: its default id and the duplicate check (field
 * idf holds the id, or -1); an invalid puzzle keeps no piles.
 */
void cairn_csv_in_finish(struct cairn_csv_in *c, size_t idx, int idf);
/* Pile text s[0..len) of field i into *v: 0, or -1 after reporting why. */
int cairn_csv_in_pile(struct cairn_csv_in *c, enum cairn_value_sink sink,
		      struct cairn_puzzle *p, size_t i, const char *name,
		      const char *s, size_t len, int64_t *v);
/* Whether a limit of the whole file stops the reading here. */
int cairn_csv_in_stopped(struct cairn_csv_in *c);

#endif
