/*
 * cairn_csv_in - the CSV puzzle file reader (doc/formats.md).
 *
 * cairn_csv_in_read() reads a whole file into `in` (see cairn_input.h).
 */
#ifndef CAIRN_CSV_IN_H
#define CAIRN_CSV_IN_H

#include <stddef.h>

#include "cairn_puzzle.h"

void cairn_csv_in_read(struct cairn_input *in, const char *data, size_t len,
		       const struct cairn_limits *limits);

#endif
