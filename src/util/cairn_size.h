/*
 * cairn_size - byte counts with units ("64MiB", "1GiB", "500kB").
 *
 * Decimal units (k, kB, MB, GB, TB) are powers of 1000, binary units
 * (KiB, MiB, GiB, TiB) powers of 1024; a bare number or a "B" suffix
 * is bytes.  Used by the configuration and by messages that say how much
 * memory a solver needs.
 */
#ifndef CAIRN_SIZE_H
#define CAIRN_SIZE_H

#include <stddef.h>
#include <stdint.h>

/*
 * Parse s (digits, optional blanks, optional unit) into *out.  Returns 0,
 * -EINVAL when s is not a size, or -ERANGE when it exceeds 2^64-1 bytes.
 */
int cairn_size_parse(const char *s, uint64_t *out);

/* Longest output of cairn_size_format(), with the NUL. */
#define CAIRN_SIZE_BUFLEN 32

/*
 * Write v with the largest unit that divides it exactly ("1GiB",
 * "1500kB", "1023"), so that cairn_size_parse() reads back the same value.
 */
const char *cairn_size_format(uint64_t v, char buf[CAIRN_SIZE_BUFLEN]);

#endif
