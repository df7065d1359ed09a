/*
 * cairn_csv_row - what the CSV reader does with a record of either shape,
 * for cairn_csv_in.c and cairn_csv_head.c.
 */
#ifndef CAIRN_CSV_ROW_H
#define CAIRN_CSV_ROW_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_csv_in_int.h"

/*
 * "line L, field F: MESSAGE" (field 0: "line L: MESSAGE") recorded where
 * `sink` says; -1 for a file error, else 0.
 */
int cairn_csv_row_report(struct cairn_csv_in *c, enum cairn_value_sink sink,
			 struct cairn_puzzle *p, unsigned long line,
			 size_t field, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* A message about field i of the record, "NAME: " before it (or NULL). */
int cairn_csv_row_report_at(struct cairn_csv_in *c, enum cairn_value_sink sink,
			    struct cairn_puzzle *p, size_t i, const char *name,
			    const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* cairn_csv_row_report_at() with a reason from cairn_value, freed here. */
int cairn_csv_row_report_why(struct cairn_csv_in *c, enum cairn_value_sink sink,
			     struct cairn_puzzle *p, size_t i, const char *name,
			     char *why);

/*
 * Once puzzle idx is read: its default id and the duplicate check (field
 * idf holds the id, or -1); an invalid puzzle keeps no piles.
 */
void cairn_csv_row_finish(struct cairn_csv_in *c, size_t idx, int idf);
/* Pile text s[0..len) of field i into *v: 0, or -1 after reporting why. */
int cairn_csv_row_pile(struct cairn_csv_in *c, enum cairn_value_sink sink,
		       struct cairn_puzzle *p, size_t i, const char *name,
		       const char *s, size_t len, int64_t *v);
/* Whether a limit of the whole file stops the reading here. */
int cairn_csv_row_stopped(struct cairn_csv_in *c);

#endif
