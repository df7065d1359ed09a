/*
 * cairn_int - decimal 64-bit integers as puzzle files spell them.
 *
 * Every reader and writer that turns text into an int64 goes through
 * these, so that "+5", "007" and the int64 range mean the same everywhere.
 */
#ifndef CAIRN_INT_H
#define CAIRN_INT_H

#include <stddef.h>
#include <stdint.h>

/*
 * Parse a decimal int64 with an optional sign, the whole of s[0..len).
 * Returns 0, or -EINVAL (not an integer) or -ERANGE (out of int64 range).
 */
int cairn_int_parse_i64(const char *s, size_t len, int64_t *out);

/*
 * Read a decimal int64 (optional sign, then digits) at *sp, up to `end`
 * or the first other byte, and move *sp there.  Returns 0, -EINVAL (no
 * digit) or -ERANGE (out of int64 range).
 */
int cairn_int_scan(const char **sp, const char *end, int64_t *out);

#endif
