/*
 * cairn_sha256 - SHA-256 (FIPS 180-4), for the digests that tie a stored
 * input and a receipt to the bytes that were graded.  The product links
 * no cryptographic library, and a digest of a few kilobytes per input
 * needs no more than this.
 */
#ifndef CAIRN_SHA256_H
#define CAIRN_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define CAIRN_SHA256_LEN 32
/* The digest in lower-case hexadecimal, and its NUL. */
#define CAIRN_SHA256_HEX_LEN (2 * CAIRN_SHA256_LEN + 1)

struct cairn_sha256 {
	uint32_t h[8];
	uint64_t bytes;			/* hashed so far */
	unsigned char block[64];	/* the part of a block not hashed yet */
	size_t used;
};

void cairn_sha256_init(struct cairn_sha256 *s);
void cairn_sha256_add(struct cairn_sha256 *s, const void *data, size_t len);
void cairn_sha256_end(struct cairn_sha256 *s, unsigned char out[CAIRN_SHA256_LEN]);

/* The digest of data[0..len) in hexadecimal into hex. */
void cairn_sha256_hex(const void *data, size_t len, char hex[CAIRN_SHA256_HEX_LEN]);

/* A digest d written in hexadecimal into hex. */
void cairn_sha256_to_hex(const unsigned char d[CAIRN_SHA256_LEN], char hex[CAIRN_SHA256_HEX_LEN]);

/*
 * The digest that hex (CAIRN_SHA256_HEX_LEN - 1 lower-case hexadecimal
 * digits) says into d: 0, or -1 when hex is not that.
 */
int cairn_sha256_from_hex(const char *hex, unsigned char d[CAIRN_SHA256_LEN]);

#endif
