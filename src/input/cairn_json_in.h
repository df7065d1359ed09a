/*
 * cairn_json_in - the JSON puzzle file reader (doc/formats.md).
 *
 * cairn_json_in_read() reads a whole file into `in` (see cairn_input.h).
 */
#ifndef CAIRN_JSON_IN_H
#define CAIRN_JSON_IN_H

#include <stddef.h>

#include "cairn_puzzle.h"

/* JSON (RFC 8259): the YAML shapes and rules, through the YAML grammar. */
void cairn_json_in_read(struct cairn_input *in, const char *data, size_t len,
			const struct cairn_limits *limits);

#endif
