/*
 * cairn_result_yaml - the YAML result file of doc/formats.md, the format
 * of YAML inputs and of those that are neither CSV nor JSON.
 *
 * The same input and statistics always give the same bytes: keys in a
 * fixed order, numbers in plain decimal, strings quoted only when a plain
 * scalar would not read back as the same string.
 */
#ifndef CAIRN_RESULT_YAML_H
#define CAIRN_RESULT_YAML_H

#include "cairn_buf.h"
#include "cairn_puzzle.h"
/* The result ends with the summary of these counts. */
#include "cairn_stats.h"

void cairn_result_yaml(const struct cairn_input *in, const struct cairn_stats *st,
		       struct cairn_buf *out);

/* Append s as a YAML scalar: plain when that reads back as the same string. */
void cairn_result_yaml_scalar(struct cairn_buf *out, const char *s);

#endif
