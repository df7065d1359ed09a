/*
 * cairn_input - the puzzle file readers (SPEC section 2).
 *
 * Both readers take the whole file in memory and fill `in` (initialised
 * by the caller with cairn_input_init()).  A problem with one puzzle is
 * recorded in that puzzle's `error` and the others are still read; a
 * problem with the file as a whole is recorded with cairn_input_fail().
 * Every message starts with its place: "line L, column C: PATH: ..." for
 * YAML, "line L, field F: ..." for CSV.  A leading UTF-8 BOM is skipped.
 */
#ifndef CAIRN_INPUT_H
#define CAIRN_INPUT_H

#include <stddef.h>

#include "cairn_puzzle.h"

void cairn_yaml_read(struct cairn_input *in, const char *data, size_t len,
		     const struct cairn_limits *limits);
void cairn_csv_read(struct cairn_input *in, const char *data, size_t len,
		    const struct cairn_limits *limits);
/* JSON (RFC 8259): the YAML shapes and rules, through the YAML grammar. */
void cairn_json_read(struct cairn_input *in, const char *data, size_t len,
		     const struct cairn_limits *limits);

#endif
