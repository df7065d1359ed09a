/*
 * cairn_result_csv_read - a CSV result file read back.
 *
 * Called by cairn_result_read() for NAME.result.csv (and the CSV results
 * kept in history/, NAME.result.K.csv).
 */
#ifndef CAIRN_RESULT_CSV_READ_H
#define CAIRN_RESULT_CSV_READ_H

#include <stddef.h>

#include "cairn_result_file.h"

/*
 * Fill the empty r from the CSV text data[0..len) of the result file
 * `name` (a path or base name: the source is named after it).  Returns 0,
 * or -EINVAL with the reason in err; on error r may hold part of the
 * file, for the caller to free.
 */
int cairn_result_csv_read(struct cairn_result_file *r, const char *name,
			  const char *data, size_t len, char *err,
			  size_t errlen);

#endif
