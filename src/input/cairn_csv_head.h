/*
 * cairn_csv_head - CSV files whose first record names columns, for the
 * CSV reader (cairn_csv_in.c).
 */
#ifndef CAIRN_CSV_HEAD_H
#define CAIRN_CSV_HEAD_H

#include "cairn_csv_in_int.h"

/*
 * Whether record r, the first, names columns: not when every field is an
 * integer, or some are and none names a column.
 */
int cairn_csv_head_is(const struct cairn_csv_rec *r);
/*
 * The current record as the header, then every record after it: 0, or -1
 * after a file error.
 */
int cairn_csv_head_records(struct cairn_csv_in *c);
/* At the end of a file without a file error: a submission names its set. */
void cairn_csv_head_end(struct cairn_csv_in *c);

#endif
