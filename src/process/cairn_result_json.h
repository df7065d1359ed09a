/*
 * cairn_result_json - the JSON result file of doc/formats.md.
 *
 * The fields of the YAML result as one RFC 8259 object; the same input
 * and statistics always give the same bytes, and the text also reads as
 * YAML, so the result reader needs no JSON reader of its own.
 */
#ifndef CAIRN_RESULT_JSON_H
#define CAIRN_RESULT_JSON_H

#include "cairn_buf.h"
#include "cairn_puzzle.h"
/* The result ends with the summary of these counts. */
#include "cairn_stats.h"

void cairn_result_json(const struct cairn_input *in, const struct cairn_stats *st,
		       struct cairn_buf *out);

/* Append s as a JSON string (RFC 8259), escaped to read back the same. */
void cairn_result_json_string(struct cairn_buf *out, const char *s);

#endif
