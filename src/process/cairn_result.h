/*
 * cairn_result - rendering a processed input as a result file (SPEC 3).
 *
 * Output is byte-for-byte deterministic: no timestamps, no timings, no
 * addresses, numbers in plain decimal, strings quoted only when needed.
 */
#ifndef CAIRN_RESULT_H
#define CAIRN_RESULT_H

#include "cairn_buf.h"
#include "cairn_puzzle.h"
/* The writers end with the summary of their counts. */
#include "cairn_stats.h"

void cairn_result_yaml(const struct cairn_input *in, const struct cairn_stats *st,
		       struct cairn_buf *out);
void cairn_result_csv(const struct cairn_input *in, struct cairn_buf *out);
void cairn_result_json(const struct cairn_input *in, const struct cairn_stats *st,
		       struct cairn_buf *out);
/* The result in the input's format: CSV, JSON, or YAML for the others. */
void cairn_result_render(const struct cairn_input *in, const struct cairn_stats *st,
			 struct cairn_buf *out);

/* Append s as a YAML scalar: plain when that reads back as the same string. */
void cairn_yaml_scalar(struct cairn_buf *out, const char *s);
/* Append s as a JSON string (RFC 8259), escaped to read back the same. */
void cairn_json_string(struct cairn_buf *out, const char *s);
/*
 * Whether a CSV text field s gets a leading apostrophe: it starts with
 * =, +, -, @, tab or CR and is not a number, or it starts with '.  A
 * reader removes one apostrophe from "'" + s exactly when this holds of s.
 */
int cairn_csv_guarded(const char *s);
/* Append s as a CSV field: quoted when needed, formula-protected when `text`. */
void cairn_csv_field(struct cairn_buf *out, const char *s, int text);

#endif
