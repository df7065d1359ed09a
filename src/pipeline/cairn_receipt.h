/*
 * cairn_receipt - what the owner of a held-back result reads at once
 * instead (doc/formats.md, Receipts; cairn(1), submit).
 *
 * A receipt says what was received (the name), the SHA-256 digest of
 * the bytes graded, the arrival, whether it was late and by how much,
 * and when feedback comes.  Every one of these is known before the
 * answers are graded, so nothing in a receipt, its size included,
 * depends on them.
 */
#ifndef CAIRN_RECEIPT_H
#define CAIRN_RECEIPT_H

#include "cairn_buf.h"
#include "cairn_origin.h"
#include "cairn_stats.h"

/*
 * Append the receipt (YAML, format cairn-receipt/1) of the input
 * `source` of origin o, whose bytes have the digest sha256 (hex) and
 * whose result, named `result`, st describes (its lateness and release
 * time only are read).
 */
void cairn_receipt_text(struct cairn_buf *out, const char *source, const char *result,
			const struct cairn_origin *o, const char *sha256,
			const struct cairn_stats *st);

#endif
