/*
 * cairn_yaml_in - the YAML puzzle file reader (doc/formats.md).
 *
 * cairn_yaml_in_read() reads a whole file into `in` (see cairn_input.h);
 * the grammar behind it, cairn_yaml_in_stream(), is also what the JSON
 * reader feeds its own events to.
 */
#ifndef CAIRN_YAML_IN_H
#define CAIRN_YAML_IN_H

#include <stddef.h>

#include "cairn_puzzle.h"

struct cairn_yaml_ev;

void cairn_yaml_in_read(struct cairn_input *in, const char *data, size_t len,
			const struct cairn_limits *limits);

/* The YAML reader's grammar: read every document of r's events. */
int cairn_yaml_in_stream(struct cairn_yaml_ev *r);

#endif
