/*
 * cairn_result_csv - the CSV result file of doc/formats.md.
 *
 * The same input always gives the same bytes, and no text field a
 * submitter wrote can run as a spreadsheet formula: the report's CSV and
 * the result reader use the same field writer and guard test, so that
 * what one writes the other reads back unchanged.
 */
#ifndef CAIRN_RESULT_CSV_H
#define CAIRN_RESULT_CSV_H

#include "cairn_buf.h"
#include "cairn_puzzle.h"

void cairn_result_csv(const struct cairn_input *in, struct cairn_buf *out);

/*
 * Whether a CSV text field s gets a leading apostrophe: it starts with
 * =, +, -, @, tab or CR and is not a number, or it starts with '.  A
 * reader removes one apostrophe from "'" + s exactly when this holds of s.
 */
int cairn_result_csv_guarded(const char *s);
/* Append s as a CSV field: quoted when needed, formula-protected when `text`. */
void cairn_result_csv_field(struct cairn_buf *out, const char *s, int text);

#endif
